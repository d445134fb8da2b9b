// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: microcode
 *
 * The command processor (prefetch parser PFP and micro engine ME), the
 * run-list controller RLC and, on GDDR5 boards, the memory controller's
 * sequencer run microcode that the driver loads at every start. The files
 * come from linux-firmware; ruby_ucode_files[] (generated from
 * firmware/MANIFEST) names them and gives their exact sizes. A missing
 * file or one of another size fails the bring-up with an error naming the
 * file: a truncated or wrong image would hang the engine instead.
 *
 * The images are arrays of big-endian dwords, written one dword at a time
 * into the engine's ucode data port after resetting its address port.
 */

#include <linux/firmware.h>

#include <kunit/visibility.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "ruby_device.h"
#include "ruby_mmio.h"
#include "ruby_ucode.h"

/**
 * ruby_ucode_check_size - does an image have its file's exact size
 * @file: the file's entry in ruby_ucode_files[]
 * @size: size of the image that was loaded
 *
 * Returns: 0, or -EINVAL if the sizes differ.
 */
int ruby_ucode_check_size(const struct ruby_ucode_file *file, size_t size)
{
	return size == file->size ? 0 : -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_ucode_check_size);

static int ucode_request(struct ruby_device *rdev, unsigned int id,
			 const struct firmware **fw)
{
	const struct ruby_ucode_file *file = &ruby_ucode_files[id];
	int ret;

	*fw = NULL;
	if (id == RUBY_UCODE_NONE)
		return 0;
	ret = request_firmware(fw, file->path, rdev->drm.dev);
	if (ret) {
		drm_err(&rdev->drm, "ucode: cannot load %s: %d\n", file->path, ret);
		return ret;
	}
	ret = ruby_ucode_check_size(file, (*fw)->size);
	if (ret) {
		drm_err(&rdev->drm, "ucode: %s is %zu bytes, expected %u\n",
			file->path, (*fw)->size, file->size);
		release_firmware(*fw);
		*fw = NULL;
	}
	return ret;
}

static void ucode_release(struct drm_device *drm, void *arg)
{
	struct ruby_device *rdev = to_ruby_device(drm);

	release_firmware(rdev->ucode.pfp);
	release_firmware(rdev->ucode.me);
	release_firmware(rdev->ucode.rlc);
	release_firmware(rdev->ucode.mc);
}

static int ruby_ucode_init(struct ruby_device *rdev)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	int ret;

	ret = drmm_add_action(&rdev->drm, ucode_release, NULL);
	if (ret)
		return ret;
	ret = ucode_request(rdev, desc->ucode.pfp, &rdev->ucode.pfp);
	if (!ret)
		ret = ucode_request(rdev, desc->ucode.me, &rdev->ucode.me);
	if (!ret)
		ret = ucode_request(rdev, desc->ucode.rlc, &rdev->ucode.rlc);
	if (!ret)
		ret = ucode_request(rdev, desc->ucode.mc, &rdev->ucode.mc);
	return ret;
}

const struct ruby_ip_block ruby_ucode_block = {
	.name = "ucode",
	.init = ruby_ucode_init,
};

/**
 * ruby_ucode_write - write an image into an engine's ucode port
 * @rdev: the device
 * @fw: the image, validated by the ucode block
 * @addr: the engine's ucode address register
 * @data: its data register, which advances the address on each write
 */
void ruby_ucode_write(struct ruby_device *rdev, const struct firmware *fw,
		      struct ruby_reg addr, struct ruby_reg data)
{
	const __be32 *words = (const __be32 *)fw->data;
	size_t i;

	ruby_write32(rdev, addr, 0);
	for (i = 0; i < fw->size / sizeof(*words); i++)
		ruby_write32(rdev, data, be32_to_cpu(words[i]));
	ruby_write32(rdev, addr, 0);
}
