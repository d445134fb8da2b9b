// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: ACPI VFCT
 *
 * On a UEFI PC the GPU's option ROM is run by the firmware (its GOP
 * driver), which then publishes the video BIOS image it used in an ACPI
 * table, VFCT. After ACPI's 36-byte table header the table holds a
 * 16-byte identifier, the offset of its first image (at 0x34) and that
 * of a library image nobody reads, then reserved words, 0x4c bytes in
 * all. Each image is a 28-byte header followed by the image's bytes:
 * the PCI bus, device and function (32 bits each), the vendor and device
 * ids and the subsystem's (16 bits each), a revision and the image's
 * length (32 bits); the next image header follows the image.
 *
 * ruby_vfct_find() walks that list over the table's bytes alone, so it
 * runs (and is tested) without ACPI: every offset and length is checked
 * against the table's length, and that length against the bytes given,
 * before anything is read. The headers name no PCI segment: only a device
 * in segment 0 can match. An empty image for the device is skipped (a
 * later one may still match).
 */

#include <linux/errno.h>
#include <linux/unaligned.h>

#include <kunit/visibility.h>

#include "ruby_vbios.h"

/* The table: ACPI's header, then VFCT's own fields */
#define VFCT_LENGTH		0x04
#define VFCT_FIRST_IMAGE	0x34
#define VFCT_HEADER_BYTES	0x4c

/* An image's header; its bytes follow */
#define VFCT_IMG_BUS		0x00
#define VFCT_IMG_DEVICE		0x04
#define VFCT_IMG_FUNCTION	0x08
#define VFCT_IMG_VENDOR_ID	0x0c
#define VFCT_IMG_DEVICE_ID	0x0e
#define VFCT_IMG_LENGTH		0x18
#define VFCT_IMG_HEADER_BYTES	0x1c

static bool ruby_vfct_is_for(const u8 *hdr, const struct ruby_vfct_key *key)
{
	return get_unaligned_le32(hdr + VFCT_IMG_BUS) == key->bus &&
	       get_unaligned_le32(hdr + VFCT_IMG_DEVICE) == key->slot &&
	       get_unaligned_le32(hdr + VFCT_IMG_FUNCTION) == key->function &&
	       get_unaligned_le16(hdr + VFCT_IMG_VENDOR_ID) == key->vendor &&
	       get_unaligned_le16(hdr + VFCT_IMG_DEVICE_ID) == key->device;
}

/* The table's own length, checked against what was given */
static int ruby_vfct_length(const u8 *table, size_t size, size_t *len, const char **why)
{
	if (size < VFCT_HEADER_BYTES) {
		*why = "table shorter than its header";
		return -EINVAL;
	}
	*len = get_unaligned_le32(table + VFCT_LENGTH);
	if (*len < VFCT_HEADER_BYTES || *len > size) {
		*why = "table length out of bounds";
		return -EINVAL;
	}
	return 0;
}

/**
 * ruby_vfct_find - find a device's video BIOS image in a VFCT table
 * @table: the table's bytes, from its ACPI header on
 * @size: how many bytes @table holds
 * @key: the device
 * @img: where the image is, on success (it points into @table)
 * @why: why there is none, on failure (a constant string)
 *
 * See DOC: ACPI VFCT.
 *
 * Returns: 0, -ENOENT if the table has no non-empty image for @key, or
 * -EINVAL if it is malformed before one is found.
 */
int ruby_vfct_find(const u8 *table, size_t size, const struct ruby_vfct_key *key,
		   struct ruby_vfct_image *img, const char **why)
{
	size_t len, off;
	u32 bytes;
	int ret;

	ret = ruby_vfct_length(table, size, &len, why);
	if (ret)
		return ret;
	*why = key->segment ? "device not in PCI segment 0" : "no image for this device";
	off = get_unaligned_le32(table + VFCT_FIRST_IMAGE);
	if (off < VFCT_HEADER_BYTES) {
		*why = "first image inside the table's header";
		return -EINVAL;
	}
	for (; off < len; off += VFCT_IMG_HEADER_BYTES + bytes) {
		if (len - off < VFCT_IMG_HEADER_BYTES) {
			*why = "image header past the table";
			return -EINVAL;
		}
		bytes = get_unaligned_le32(table + off + VFCT_IMG_LENGTH);
		if (bytes > len - off - VFCT_IMG_HEADER_BYTES) {
			*why = "image past the table";
			return -EINVAL;
		}
		if (key->segment || !ruby_vfct_is_for(table + off, key))
			continue;
		if (bytes) {
			img->data = table + off + VFCT_IMG_HEADER_BYTES;
			img->len = bytes;
			return 0;
		}
		*why = "the device's image is empty";
	}
	return -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_vfct_find);
