// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of where the video BIOS comes from: the ACPI VFCT parser
 * on tables built here byte by byte from the table's published layout,
 * and the order the source chain tries its sources in, with fake sources
 * and a fake image check.
 */

#include <kunit/test.h>
#include <kunit/test-bug.h>

#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../ruby_device.h"
#include "../ruby_vbios.h"

/* VFCT: ACPI's header, the table's own fields, then the images */
#define T_LENGTH	0x04
#define T_FIRST_IMAGE	0x34
#define T_HEADER	0x4c
#define T_IMG_HEADER	0x1c

struct vfct {
	u8 b[512];
	size_t len;
};

static void vfct_init(struct vfct *t)
{
	memset(t, 0, sizeof(*t));
	memcpy(t->b, "VFCT", 4);
	put_unaligned_le32(T_HEADER, t->b + T_FIRST_IMAGE);
	t->len = T_HEADER;
	put_unaligned_le32(t->len, t->b + T_LENGTH);
}

/* Append an image for bus:slot.function vendor:device; returns its bytes */
static const u8 *vfct_add(struct vfct *t, u32 bus, u32 slot, u32 function,
			  u16 vendor, u16 device, const char *bytes, u32 len)
{
	u8 *h = t->b + t->len;

	put_unaligned_le32(bus, h + 0x00);
	put_unaligned_le32(slot, h + 0x04);
	put_unaligned_le32(function, h + 0x08);
	put_unaligned_le16(vendor, h + 0x0c);
	put_unaligned_le16(device, h + 0x0e);
	put_unaligned_le16(0x1da2, h + 0x10);	/* subsystem: not compared */
	put_unaligned_le16(0xe164, h + 0x12);
	put_unaligned_le32(1, h + 0x14);
	put_unaligned_le32(len, h + 0x18);
	memcpy(h + T_IMG_HEADER, bytes, len);
	t->len += T_IMG_HEADER + len;
	put_unaligned_le32(t->len, t->b + T_LENGTH);
	return h + T_IMG_HEADER;
}

static const struct ruby_vfct_key cedar_key = {
	.segment = 0, .bus = 1, .slot = 0, .function = 0,
	.vendor = 0x1002, .device = 0x68f9,
};

static void ruby_vfct_finds_the_device(struct kunit *test)
{
	struct ruby_vfct_image img = {};
	const char *why = NULL;
	struct vfct t;
	const u8 *want;

	vfct_init(&t);
	vfct_add(&t, 2, 0, 0, 0x1002, 0x68f9, "other", 5);
	want = vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "cedar image", 11);
	KUNIT_ASSERT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), 0);
	KUNIT_EXPECT_PTR_EQ(test, img.data, want);
	KUNIT_EXPECT_EQ(test, img.len, 11);
	KUNIT_EXPECT_MEMEQ(test, img.data, "cedar image", 11);
}

/* An image for any other address or ids is skipped, the right one found */
static void ruby_vfct_skips_other_devices(struct kunit *test)
{
	static const struct {
		u32 bus, slot, function;
		u16 vendor, device;
		const char *what;
	} others[] = {
		{ 2, 0, 0, 0x1002, 0x68f9, "bus" },
		{ 1, 1, 0, 0x1002, 0x68f9, "slot" },
		{ 1, 0, 1, 0x1002, 0x68f9, "function" },
		{ 1, 0, 0, 0x10de, 0x68f9, "vendor" },
		{ 1, 0, 0, 0x1002, 0x68e1, "device" },
		/* 32-bit fields: a high bit is a different bus, not bus 1 */
		{ 0x101, 0, 0, 0x1002, 0x68f9, "bus 0x101" },
	};
	struct ruby_vfct_image img = {};
	const char *why = NULL;
	unsigned int i;
	struct vfct t;
	const u8 *want;

	for (i = 0; i < ARRAY_SIZE(others); i++) {
		vfct_init(&t);
		vfct_add(&t, others[i].bus, others[i].slot, others[i].function,
			 others[i].vendor, others[i].device, "other", 5);
		KUNIT_EXPECT_EQ_MSG(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why),
				    -ENOENT, "wrong %s", others[i].what);
		KUNIT_EXPECT_STREQ(test, why, "no image for this device");
		want = vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "mine", 4);
		KUNIT_EXPECT_EQ_MSG(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why),
				    0, "after a wrong %s", others[i].what);
		KUNIT_EXPECT_PTR_EQ(test, img.data, want);
	}
}

/* A table cut short: by the bytes given, or inside an image header */
static void ruby_vfct_truncated_table(struct kunit *test)
{
	struct ruby_vfct_image img = {};
	const char *why = NULL;
	struct vfct t;

	vfct_init(&t);
	vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "cedar", 5);
	/* fewer bytes than the table says it has */
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len - 1, &cedar_key, &img, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "table length out of bounds");
	/* fewer bytes than the table's own header */
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, T_HEADER - 1, &cedar_key, &img, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "table shorter than its header");
	/* a length that does not even cover the header */
	put_unaligned_le32(T_HEADER - 4, t.b + T_LENGTH);
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "table length out of bounds");
	/* the table ends inside the image's header */
	put_unaligned_le32(T_HEADER + T_IMG_HEADER - 1, t.b + T_LENGTH);
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "image header past the table");
	/* the first image's offset points into the table's header */
	vfct_init(&t);
	vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "cedar", 5);
	put_unaligned_le32(0x24, t.b + T_FIRST_IMAGE);
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "first image inside the table's header");
}

/* An image whose length runs past the table, also by wrapping around */
static void ruby_vfct_image_past_the_table(struct kunit *test)
{
	static const u32 lengths[] = { 6, 0x1000, 0xffffffe4, 0xffffffff };
	struct ruby_vfct_image img = {};
	const char *why = NULL;
	unsigned int i;
	struct vfct t;

	for (i = 0; i < ARRAY_SIZE(lengths); i++) {
		vfct_init(&t);
		vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "cedar", 5);
		put_unaligned_le32(lengths[i], t.b + T_HEADER + 0x18);
		KUNIT_EXPECT_EQ_MSG(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why),
				    -EINVAL, "length %#x", lengths[i]);
		KUNIT_EXPECT_STREQ(test, why, "image past the table");
	}
	/* a wrong device's image past the table is as fatal: nothing after it is sure */
	vfct_init(&t);
	vfct_add(&t, 2, 0, 0, 0x1002, 0x68f9, "other", 5);
	vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "cedar", 5);
	put_unaligned_le32(0x100, t.b + T_HEADER + 0x18);
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), -EINVAL);
}

/* An empty image for the device is no image; a later one still counts */
static void ruby_vfct_zero_length_image(struct kunit *test)
{
	struct ruby_vfct_image img = {};
	const char *why = NULL;
	struct vfct t;
	const u8 *want;

	vfct_init(&t);
	vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "", 0);
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), -ENOENT);
	KUNIT_EXPECT_STREQ(test, why, "the device's image is empty");
	want = vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "cedar", 5);
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), 0);
	KUNIT_EXPECT_PTR_EQ(test, img.data, want);
	KUNIT_EXPECT_EQ(test, img.len, 5);
	/* a table with no image at all */
	vfct_init(&t);
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &cedar_key, &img, &why), -ENOENT);
	KUNIT_EXPECT_STREQ(test, why, "no image for this device");
}

/* The headers name no segment: a device outside segment 0 never matches */
static void ruby_vfct_segment_zero_only(struct kunit *test)
{
	struct ruby_vfct_key key = cedar_key;
	struct ruby_vfct_image img = {};
	const char *why = NULL;
	struct vfct t;

	vfct_init(&t);
	vfct_add(&t, 1, 0, 0, 0x1002, 0x68f9, "cedar", 5);
	key.segment = 1;
	KUNIT_EXPECT_EQ(test, ruby_vfct_find(t.b, t.len, &key, &img, &why), -ENOENT);
	KUNIT_EXPECT_STREQ(test, why, "device not in PCI segment 0");
}

/*
 * The chain, with fake sources: each notes its turn in the test's log and
 * gives what its name says; the fake check takes only "GOOD" images
 */
struct chain_log {
	char order[16];
	unsigned int n;
};

static void took_turn(char who)
{
	struct chain_log *log = kunit_get_current_test()->priv;

	if (log->n + 1 < sizeof(log->order))
		log->order[log->n++] = who;
}

static int give(struct ruby_vbios *vb, const char *bytes)
{
	vb->image = kmemdup(bytes, strlen(bytes), GFP_KERNEL);
	vb->size = strlen(bytes);
	return vb->image ? 0 : -ENOMEM;
}

static int fetch_none(struct ruby_device *rdev, struct ruby_vbios *vb, const char **why)
{
	took_turn('n');
	*why = "no table";
	return -ENOENT;
}

static int fetch_bad(struct ruby_device *rdev, struct ruby_vbios *vb, const char **why)
{
	took_turn('b');
	return give(vb, "BAD image");
}

static int fetch_good(struct ruby_device *rdev, struct ruby_vbios *vb, const char **why)
{
	took_turn('g');
	return give(vb, "GOOD image");
}

static int fetch_nomem(struct ruby_device *rdev, struct ruby_vbios *vb, const char **why)
{
	took_turn('m');
	return -ENOMEM;
}

static int check_good(struct ruby_device *rdev, struct ruby_vbios *vb,
		      const char **what, const char **why)
{
	if (vb->size >= 4 && !memcmp(vb->image, "GOOD", 4))
		return 0;
	*what = "ATOM image";
	*why = "image checksum wrong";
	return -EINVAL;
}

struct chain_run {
	struct ruby_vbios *vb;
	char tried[RUBY_VBIOS_TRIED_LEN];
	struct chain_log log;
	int ret;
};

static void run_chain(struct kunit *test, struct chain_run *run,
		      const struct ruby_vbios_source *src, unsigned int n)
{
	const struct ruby_vbios_chain chain = {
		.sources = src, .num_sources = n, .check = check_good,
	};
	struct seq_buf tried;

	run->vb = kunit_kzalloc(test, sizeof(*run->vb), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, run->vb);
	test->priv = &run->log;
	seq_buf_init(&tried, run->tried, sizeof(run->tried));
	run->ret = ruby_vbios_find(NULL, &chain, run->vb, &tried);
	seq_buf_str(&tried);
	test->priv = NULL;
}

/* first has none, second a refused image, third a good one: third used */
static void ruby_vbios_chain_falls_through(struct kunit *test)
{
	static const struct ruby_vbios_source src[] = {
		{ "first", fetch_none }, { "second", fetch_bad },
		{ "third", fetch_good }, { "fourth", fetch_good },
	};
	struct chain_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, run);
	run_chain(test, run, src, ARRAY_SIZE(src));
	KUNIT_ASSERT_EQ(test, run->ret, 0);
	KUNIT_EXPECT_STREQ(test, run->log.order, "nbg");
	KUNIT_EXPECT_STREQ(test, run->vb->source, "third");
	KUNIT_ASSERT_NOT_NULL(test, run->vb->image);
	KUNIT_EXPECT_EQ(test, run->vb->size, 10);
	KUNIT_EXPECT_MEMEQ(test, run->vb->image, "GOOD image", 10);
	KUNIT_EXPECT_STREQ(test, run->tried,
			   "first: no table; second: ATOM image refused: image checksum wrong");
	kfree(run->vb->image);
}

/* The first good source wins, and nothing is said before it */
static void ruby_vbios_chain_first_good(struct kunit *test)
{
	static const struct ruby_vbios_source src[] = {
		{ "first", fetch_good }, { "second", fetch_bad },
	};
	struct chain_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, run);
	run_chain(test, run, src, ARRAY_SIZE(src));
	KUNIT_ASSERT_EQ(test, run->ret, 0);
	KUNIT_EXPECT_STREQ(test, run->log.order, "g");
	KUNIT_EXPECT_STREQ(test, run->vb->source, "first");
	KUNIT_EXPECT_STREQ(test, run->tried, "");
	kfree(run->vb->image);
}

/* All fail: every source had its turn, and the text names each reason */
static void ruby_vbios_chain_all_fail(struct kunit *test)
{
	static const struct ruby_vbios_source src[] = {
		{ "VFCT", fetch_none }, { "ROM BAR", fetch_bad },
		{ "disabled ROM", fetch_bad }, { "platform ROM", fetch_none },
	};
	struct chain_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, run);
	run_chain(test, run, src, ARRAY_SIZE(src));
	KUNIT_EXPECT_EQ(test, run->ret, -ENOENT);
	KUNIT_EXPECT_STREQ(test, run->log.order, "nbbn");
	KUNIT_EXPECT_NULL(test, run->vb->image);
	KUNIT_EXPECT_NULL(test, run->vb->source);
	KUNIT_EXPECT_STREQ(test, run->tried,
			   "VFCT: no table; ROM BAR: ATOM image refused: image checksum wrong; "
			   "disabled ROM: ATOM image refused: image checksum wrong; "
			   "platform ROM: no table");
}

/* Out of memory ends the search at once: probe fails, nothing is said */
static void ruby_vbios_chain_stops_on_nomem(struct kunit *test)
{
	static const struct ruby_vbios_source src[] = {
		{ "first", fetch_none }, { "second", fetch_nomem },
		{ "third", fetch_good },
	};
	struct chain_run *run = kunit_kzalloc(test, sizeof(*run), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, run);
	run_chain(test, run, src, ARRAY_SIZE(src));
	KUNIT_EXPECT_EQ(test, run->ret, -ENOMEM);
	KUNIT_EXPECT_STREQ(test, run->log.order, "nm");
	KUNIT_EXPECT_NULL(test, run->vb->image);
	KUNIT_EXPECT_STREQ(test, run->tried, "first: no table");
}

static struct kunit_case ruby_vbios_cases[] = {
	KUNIT_CASE(ruby_vfct_finds_the_device),
	KUNIT_CASE(ruby_vfct_skips_other_devices),
	KUNIT_CASE(ruby_vfct_truncated_table),
	KUNIT_CASE(ruby_vfct_image_past_the_table),
	KUNIT_CASE(ruby_vfct_zero_length_image),
	KUNIT_CASE(ruby_vfct_segment_zero_only),
	KUNIT_CASE(ruby_vbios_chain_falls_through),
	KUNIT_CASE(ruby_vbios_chain_first_good),
	KUNIT_CASE(ruby_vbios_chain_all_fail),
	KUNIT_CASE(ruby_vbios_chain_stops_on_nomem),
	{}
};

static struct kunit_suite ruby_vbios_suite = {
	.name = "ruby_vbios",
	.test_cases = ruby_vbios_cases,
};

kunit_test_suite(ruby_vbios_suite);
