// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit: DCE4's vblank arithmetic: the frame counter and line as DRM's
 * vblank count, and a line as DRM's scanout position, on the lines the
 * VBIOS's SetCRTC_UsingDTDTiming gives CEA's 1920x1080@60 (counting from
 * the vertical sync: active lines 41 to 1120 of 1125).
 */

#include <kunit/test.h>

#include <drm/drm_modes.h>

#include "../evergreen/evergreen.h"

#define T_VTOTAL	1125
#define T_VBL_END	41	/* sync 5 + back porch 36 */
#define T_VBL_START	(T_VBL_END + 1080)

/* the blank lines as the DTD's fields place them (the VBIOS's arithmetic) */
static void evergreen_vblank_lines_of_a_mode(struct kunit *test)
{
	struct drm_display_mode mode = {
		.crtc_hdisplay = 1920, .crtc_hsync_start = 2008, .crtc_hsync_end = 2052,
		.crtc_htotal = 2200, .crtc_vdisplay = 1080, .crtc_vsync_start = 1084,
		.crtc_vsync_end = 1089, .crtc_vtotal = T_VTOTAL,
	};
	struct dce4_dtd_timing dtd;
	u32 end;

	evergreen_dce_dtd(&mode, 0, &dtd);
	end = le16_to_cpu(dtd.v_blank) - le16_to_cpu(dtd.v_sync_offset);
	KUNIT_EXPECT_EQ(test, end, T_VBL_END);
	KUNIT_EXPECT_EQ(test, end + le16_to_cpu(dtd.v_size), T_VBL_START);
}

/* the count steps where vblank begins, not at the sync (line 0) */
static void evergreen_vblank_count_steps_at_vblank_start(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(10, 0, T_VBL_START), 10);
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(10, T_VBL_END, T_VBL_START), 10);
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(10, T_VBL_START - 1, T_VBL_START), 10);
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(10, T_VBL_START, T_VBL_START), 11);
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(10, T_VTOTAL - 1, T_VBL_START), 11);
	/* and the frame counter stepping at the next line 0 keeps it there */
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(11, 0, T_VBL_START), 11);
	/* 24 bits, wrapping to 0 */
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(0xffffff, T_VBL_START, T_VBL_START), 0);
	KUNIT_EXPECT_EQ(test, evergreen_vblank_count(0x1000005, 0, T_VBL_START), 5);
}

/* lines from the first active one: negative through the whole vblank */
static void evergreen_vblank_vpos_of_lines(struct kunit *test)
{
	static const struct { u32 line; int vpos; bool vbl; } want[] = {
		{ T_VBL_END, 0, false }, { T_VBL_START - 1, 1079, false },
		{ T_VBL_START, -45, true }, { T_VTOTAL - 1, -42, true },
		{ 0, -41, true }, { T_VBL_END - 1, -1, true },
	};
	unsigned int i;
	int vpos;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		bool vbl = evergreen_vblank_vpos(want[i].line, T_VBL_START, T_VBL_END,
						 T_VTOTAL, &vpos);

		KUNIT_EXPECT_EQ_MSG(test, vpos, want[i].vpos, "line %u", want[i].line);
		KUNIT_EXPECT_EQ_MSG(test, vbl, want[i].vbl, "line %u", want[i].line);
	}
}

static struct kunit_case evergreen_vblank_cases[] = {
	KUNIT_CASE(evergreen_vblank_lines_of_a_mode),
	KUNIT_CASE(evergreen_vblank_count_steps_at_vblank_start),
	KUNIT_CASE(evergreen_vblank_vpos_of_lines),
	{}
};

static struct kunit_suite evergreen_vblank_suite = {
	.name = "evergreen_vblank",
	.test_cases = evergreen_vblank_cases,
};

kunit_test_suite(evergreen_vblank_suite);
