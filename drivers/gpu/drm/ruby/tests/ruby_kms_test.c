// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit: modesetting's pure parts: pixel PLL dividers, the scanout layout
 * checks, a mode as SetCRTC_UsingDTDTiming's parameters, DCE4's DIG
 * encoders and GRPH formats, the cursor's layout checks and DCE4's
 * cursor placement.
 */

#include <kunit/test.h>

#include <drm/drm_fourcc.h>
#include <drm/drm_framebuffer.h>
#include <drm/drm_modes.h>
#include <drm/drm_plane.h>

#include "../atom/atom_defs.h"
#include "../evergreen/evergreen.h"
#include "../regs/dce4_regs.h"
#include "../ruby_display.h"

/* the simulated Cedar's FirmwareInfo, as DCE4's pll_limits gives it */
static const struct ruby_pll_limits t_lim = {
	.ref = 100000, .in_min = 1000, .in_max = 13500,
	.vco_min = 600000, .vco_max = 1200000,
	.fb_max = 0xfff, .ref_max = 0xff, .post_max = 0x7f,
};

/* the setting for @clock kHz with reference divider @ref, post divider @post (0: any) */
static int t_pll(u32 clock, u32 ref, u32 post, struct ruby_pll_dividers *d)
{
	const struct ruby_pll_req req = { .clock = clock, .ref_div = ref, .post_div = post };

	return ruby_kms_pll_dividers(&t_lim, &req, d);
}

static void ruby_kms_pll_reaches_common_clocks(struct kunit *test)
{
	static const u32 clocks[] = { 25175, 65000, 108000, 148500, 340000 };
	struct ruby_pll_dividers d;
	unsigned int i;
	u64 vco, fb10;

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		KUNIT_ASSERT_EQ(test, t_pll(clocks[i], 0, 0, &d), 0);
		vco = (u64)d.clock * d.post_div;
		/* within 0.1% of the clock, every part in its range */
		KUNIT_EXPECT_LE(test, abs((int)d.clock - (int)clocks[i]) * 1000, clocks[i]);
		KUNIT_EXPECT_GE(test, vco + d.post_div, t_lim.vco_min);
		KUNIT_EXPECT_LE(test, vco, t_lim.vco_max + d.post_div);
		KUNIT_EXPECT_GE(test, t_lim.ref / d.ref_div, t_lim.in_min);
		KUNIT_EXPECT_LE(test, t_lim.ref / d.ref_div, t_lim.in_max);
		KUNIT_EXPECT_LT(test, d.fb_frac, 10);
		/* the clock reported is what the dividers give */
		fb10 = d.fb_div * 10 + d.fb_frac;
		KUNIT_EXPECT_EQ(test, d.clock,
				(u32)DIV_ROUND_CLOSEST_ULL(t_lim.ref * fb10,
							   10ull * d.ref_div * d.post_div));
	}
	/* 148.5 MHz is exact with a tenth of a feedback step */
	KUNIT_ASSERT_EQ(test, t_pll(148500, 0, 0, &d), 0);
	KUNIT_EXPECT_EQ(test, d.clock, 148500);
}

static void ruby_kms_pll_refuses_the_unreachable(struct kunit *test)
{
	struct ruby_pll_limits lim = t_lim;
	struct ruby_pll_dividers d;

	struct ruby_pll_req req = { .clock = 148500 };

	KUNIT_EXPECT_EQ(test, t_pll(0, 0, 0, &d), -ERANGE);
	/* above the VCO's top with post divider 1 */
	KUNIT_EXPECT_EQ(test, t_pll(1300000, 0, 0, &d), -ERANGE);
	/* below the VCO's bottom with the largest post divider */
	KUNIT_EXPECT_EQ(test, t_pll(4000, 0, 0, &d), -ERANGE);
	lim.ref = 0;
	KUNIT_EXPECT_EQ(test, ruby_kms_pll_dividers(&lim, &req, &d), -ERANGE);
}

static const struct ruby_display_funcs t_funcs = {
	.pitch_align = 256, .max_pitch = 0x3fff,
};

static void ruby_kms_surface_layouts(struct kunit *test)
{
	const char *why = NULL;

	KUNIT_EXPECT_EQ(test, ruby_kms_check_surface(&t_funcs, DRM_FORMAT_XRGB8888, 7680, 0,
						     1920, &why), 0);
	KUNIT_EXPECT_EQ(test, ruby_kms_check_surface(&t_funcs, DRM_FORMAT_RGB565, 1280, 4096,
						     640, &why), 0);
	KUNIT_EXPECT_EQ(test, ruby_kms_check_surface(&t_funcs, DRM_FORMAT_XRGB8888, 7680 + 64,
						     0, 1920, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "pitch or offset not aligned to the display's rows");
	KUNIT_EXPECT_EQ(test, ruby_kms_check_surface(&t_funcs, DRM_FORMAT_XRGB8888, 7680, 128,
						     1920, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "pitch or offset not aligned to the display's rows");
	KUNIT_EXPECT_EQ(test, ruby_kms_check_surface(&t_funcs, DRM_FORMAT_XRGB8888, 0x4000 * 4,
						     0, 1920, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "pitch past the display's widest row");
	KUNIT_EXPECT_EQ(test, ruby_kms_check_surface(&t_funcs, DRM_FORMAT_XRGB8888, 4096, 0,
						     1920, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "pitch shorter than a row");
	KUNIT_EXPECT_EQ(test, ruby_kms_check_surface(&t_funcs, DRM_FORMAT_NV12, 2048, 0, 64,
						     &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "format not scanned out");
}

/* CEA 1080p60 (VIC 16) as SetCRTC_UsingDTDTiming takes it, on CRTC 3 */
static void evergreen_dce_dtd_of_a_mode(struct kunit *test)
{
	struct drm_display_mode m = {
		DRM_MODE("1920x1080", DRM_MODE_TYPE_DRIVER, 148500, 1920, 2008, 2052, 2200, 0,
			 1080, 1084, 1089, 1125, 0, DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_NVSYNC)
	};
	struct dce4_dtd_timing dtd;

	drm_mode_set_crtcinfo(&m, 0);
	evergreen_dce_dtd(&m, 3, &dtd);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.h_size), 1920);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.h_blank), 280);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.h_sync_offset), 88);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.h_sync_width), 44);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.v_size), 1080);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.v_blank), 45);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.v_sync_offset), 4);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.v_sync_width), 5);
	/* V sync negative: mode misc bit 2 */
	KUNIT_EXPECT_EQ(test, le16_to_cpu(dtd.misc), 0x4);
	KUNIT_EXPECT_EQ(test, dtd.crtc, 3);
	KUNIT_EXPECT_EQ(test, sizeof(dtd), 24);
}

static void evergreen_dce_digs_and_formats(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, evergreen_dce_dig(0x2100 | ATOM_ENCODER_UNIPHY), 0);
	KUNIT_EXPECT_EQ(test, evergreen_dce_dig(0x2200 | ATOM_ENCODER_UNIPHY), 1);
	KUNIT_EXPECT_EQ(test, evergreen_dce_dig(0x2100 | ATOM_ENCODER_UNIPHY1), 2);
	KUNIT_EXPECT_EQ(test, evergreen_dce_dig(0x2200 | ATOM_ENCODER_UNIPHY2), 5);
	KUNIT_EXPECT_EQ(test, evergreen_dce_dig(0x2100 | ATOM_ENCODER_DAC1), -1);
	KUNIT_EXPECT_EQ(test, evergreen_dce_grph_control(DRM_FORMAT_XRGB8888), 0x002);
	KUNIT_EXPECT_EQ(test, evergreen_dce_grph_control(DRM_FORMAT_ARGB8888), 0x002);
	KUNIT_EXPECT_EQ(test, evergreen_dce_grph_control(DRM_FORMAT_XRGB2101010), 0x102);
	KUNIT_EXPECT_EQ(test, evergreen_dce_grph_control(DRM_FORMAT_RGB565), 0x101);
	KUNIT_EXPECT_EQ(test, evergreen_dce_grph_control(DRM_FORMAT_NV12), 0);
}

/* a 64x64 cursor at (-5, 7) on DCE4: what ruby_cursor_check_layout() passes */
static void t_cursor(struct drm_framebuffer *fb, struct drm_plane_state *st, u32 size)
{
	*fb = (struct drm_framebuffer){
		.format = drm_format_info(DRM_FORMAT_ARGB8888),
		.width = size, .height = size, .pitches = { size * 4 },
	};
	*st = (struct drm_plane_state){
		.fb = fb, .crtc_x = -5, .crtc_y = 7, .crtc_w = size, .crtc_h = size,
		.src_w = size << 16, .src_h = size << 16,
	};
}

static const struct ruby_display_funcs t_cursor_funcs = {
	.max_cursor = 64, .cursor_align = 4096,
};

static void t_cursor_refused(struct kunit *test, const struct drm_plane_state *st,
			     const char *reason)
{
	const char *why = NULL;

	KUNIT_EXPECT_EQ(test, ruby_cursor_check_layout(&t_cursor_funcs, st, &why), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, reason);
}

static void ruby_cursor_layouts(struct kunit *test)
{
	struct drm_framebuffer fb;
	struct drm_plane_state st;
	const char *why = NULL;

	t_cursor(&fb, &st, 64);
	KUNIT_EXPECT_EQ(test, ruby_cursor_check_layout(&t_cursor_funcs, &st, &why), 0);
	KUNIT_EXPECT_NULL(test, why);
	t_cursor(&fb, &st, 1);
	KUNIT_EXPECT_EQ(test, ruby_cursor_check_layout(&t_cursor_funcs, &st, &why), 0);
	t_cursor(&fb, &st, 128);
	t_cursor_refused(test, &st, "larger than the hardware cursor");
	t_cursor(&fb, &st, 64);
	fb.height = 65;
	t_cursor_refused(test, &st, "larger than the hardware cursor");
	t_cursor(&fb, &st, 64);
	st.src_x = 1 << 16;
	t_cursor_refused(test, &st, "cursor must show its whole buffer");
	t_cursor(&fb, &st, 64);
	st.src_h = 32 << 16;
	t_cursor_refused(test, &st, "cursor must show its whole buffer");
	t_cursor(&fb, &st, 32);
	st.crtc_w = 64;
	t_cursor_refused(test, &st, "cursor cannot be scaled");
	t_cursor(&fb, &st, 32);
	fb.pitches[0] = 256;
	t_cursor_refused(test, &st, "cursor pitch must be its width");
	t_cursor(&fb, &st, 64);
	fb.offsets[0] = 256;
	t_cursor_refused(test, &st, "cursor offset not aligned");
	fb.offsets[0] = 8192;
	KUNIT_EXPECT_EQ(test, ruby_cursor_check_layout(&t_cursor_funcs, &st, &why), 0);
}

static void evergreen_dce_cursor_placement(struct kunit *test)
{
	u32 pos, hot;

	evergreen_dce_cursor_place(100, 200, &pos, &hot);
	KUNIT_EXPECT_EQ(test, pos, 100 << 16 | 200);
	KUNIT_EXPECT_EQ(test, hot, 0);
	/* partly off the left and top: at 0, the hot spot on what shows */
	evergreen_dce_cursor_place(-10, -63, &pos, &hot);
	KUNIT_EXPECT_EQ(test, pos, 0);
	KUNIT_EXPECT_EQ(test, hot, 10 << 16 | 63);
	evergreen_dce_cursor_place(-1, 5, &pos, &hot);
	KUNIT_EXPECT_EQ(test, pos, 5);
	KUNIT_EXPECT_EQ(test, hot, 1 << 16);
	/* wholly off (the plane is not visible then): still no negative field */
	evergreen_dce_cursor_place(-1000, -64, &pos, &hot);
	KUNIT_EXPECT_EQ(test, pos, 0);
	KUNIT_EXPECT_EQ(test, hot, 63 << 16 | 63);
	/* the widest surface's last column */
	evergreen_dce_cursor_place(16383, 0, &pos, &hot);
	KUNIT_EXPECT_EQ(test, pos, 16383 << 16);
}

static struct kunit_case ruby_kms_cases[] = {
	KUNIT_CASE(ruby_kms_pll_reaches_common_clocks),
	KUNIT_CASE(ruby_kms_pll_refuses_the_unreachable),
	KUNIT_CASE(ruby_kms_surface_layouts),
	KUNIT_CASE(evergreen_dce_dtd_of_a_mode),
	KUNIT_CASE(evergreen_dce_digs_and_formats),
	KUNIT_CASE(ruby_cursor_layouts),
	KUNIT_CASE(evergreen_dce_cursor_placement),
	{}
};

static struct kunit_suite ruby_kms_suite = {
	.name = "ruby_kms",
	.test_cases = ruby_kms_cases,
};

kunit_test_suite(ruby_kms_suite);
