// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit: modesetting's pure parts: pixel PLL dividers (free, and with the
 * dividers the video BIOS fixes), AdjustDisplayPll's parameters, the
 * pixel PLL set again for a DP link's new rate, the scanout layout
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
#include "../ruby_device.h"
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

#define T_DIV(r, f, fr, p, c) \
	((struct ruby_pll_dividers){ .ref_div = r, .fb_div = f, .fb_frac = fr, .post_div = p, \
				     .clock = c })

static void t_expect_div(struct kunit *test, const struct ruby_pll_dividers *got,
			 const struct ruby_pll_dividers want)
{
	KUNIT_EXPECT_EQ(test, got->ref_div, want.ref_div);
	KUNIT_EXPECT_EQ(test, got->fb_div, want.fb_div);
	KUNIT_EXPECT_EQ(test, got->fb_frac, want.fb_frac);
	KUNIT_EXPECT_EQ(test, got->post_div, want.post_div);
	KUNIT_EXPECT_EQ(test, got->clock, want.clock);
}

/*
 * The video BIOS fixes a divider: the search keeps it. Worked out with the
 * 100 MHz reference, the comparison frequency within 1-13.5 MHz (so a
 * free reference divider starts at 8) and the VCO within 0.6-1.2 GHz.
 */
static void ruby_kms_pll_keeps_fixed_dividers(struct kunit *test)
{
	struct ruby_pll_dividers d;

	/* free: 148.5 MHz = 100 MHz / 8 x 59.4 / 5, the first exact one */
	KUNIT_ASSERT_EQ(test, t_pll(148500, 0, 0, &d), 0);
	t_expect_div(test, &d, T_DIV(8, 59, 4, 5, 148500));
	/* reference 10: post 5 is 0.1 MHz off (74.3), post 6 exact (89.1) */
	KUNIT_ASSERT_EQ(test, t_pll(148500, 10, 0, &d), 0);
	t_expect_div(test, &d, T_DIV(10, 89, 1, 6, 148500));
	/* both fixed: the 0.07% off setting is the only one */
	KUNIT_ASSERT_EQ(test, t_pll(148500, 10, 5, &d), 0);
	t_expect_div(test, &d, T_DIV(10, 74, 3, 5, 148600));
	/* a DP link's 2.7 GHz free takes post 3 (64.8); fixed post 4: 86.4 */
	KUNIT_ASSERT_EQ(test, t_pll(270000, 0, 0, &d), 0);
	t_expect_div(test, &d, T_DIV(8, 64, 8, 3, 270000));
	KUNIT_ASSERT_EQ(test, t_pll(270000, 0, 4, &d), 0);
	t_expect_div(test, &d, T_DIV(8, 86, 4, 4, 270000));
	/* 1.62 GHz, post 4: references 8 and 9 miss by 125 and 56 kHz, 10 is exact */
	KUNIT_ASSERT_EQ(test, t_pll(162000, 0, 4, &d), 0);
	t_expect_div(test, &d, T_DIV(10, 64, 8, 4, 162000));
}

static void ruby_kms_pll_refuses_unreachable_fixed_dividers(struct kunit *test)
{
	struct ruby_pll_dividers d;

	/* 100 MHz / 5 = 20 MHz: above the comparison frequency's 13.5 */
	KUNIT_EXPECT_EQ(test, t_pll(148500, 5, 0, &d), -ERANGE);
	/* past the largest reference divider (255) */
	KUNIT_EXPECT_EQ(test, t_pll(148500, 300, 0, &d), -ERANGE);
	/* the VCO at 297 MHz, below its 600, and at 1336.5 MHz, above its 1200 */
	KUNIT_EXPECT_EQ(test, t_pll(148500, 0, 2, &d), -ERANGE);
	KUNIT_EXPECT_EQ(test, t_pll(148500, 0, 9, &d), -ERANGE);
	/* past the largest post divider (127) */
	KUNIT_EXPECT_EQ(test, t_pll(5000, 0, 128, &d), -ERANGE);
	/* reference 100 (1 MHz) and post 5: 25.175 MHz x 5 is below the VCO's range */
	KUNIT_EXPECT_EQ(test, t_pll(25175, 100, 5, &d), -ERANGE);
	/* reference 255 at 392 kHz: below the comparison frequency's 1 MHz */
	KUNIT_EXPECT_EQ(test, t_pll(148500, 255, 0, &d), -ERANGE);
}

/* AdjustDisplayPll's v3 parameters, byte by byte, for @route at @clock kHz */
static void t_expect_adjust(struct kunit *test, const struct ruby_route *route, u32 clock,
			    const u8 *want)
{
	struct dce4_adjust_pll_v3 args;

	memset(&args, 0xa5, sizeof(args));
	evergreen_dce_adjust_pll_args(route, clock, &args);
	KUNIT_EXPECT_MEMEQ(test, &args, want, sizeof(args));
}

static void evergreen_dce_adjust_pll_parameters(struct kunit *test)
{
	const struct ruby_route dvi = { .encoder = 0x211e };
	const struct ruby_route hdmi = { .encoder = 0x2120, .hdmi = true };
	const struct ruby_route dp = { .encoder = 0x2121, .dp = true, .dp_lanes = 4,
				       .dp_rate = 270000 };
	const struct ruby_route vga = { .encoder = 0x2115, .analog = true };

	KUNIT_ASSERT_EQ(test, sizeof(struct dce4_adjust_pll_v3), 8);
	KUNIT_ASSERT_EQ(test, sizeof(struct dce4_adjust_pll_v3_out), 8);
	/* 148.5 MHz as 14850 (0x3a02), UNIPHY 0x1e, mode DVI, coherent */
	t_expect_adjust(test, &dvi, 148500, (const u8[]){ 0x02, 0x3a, 0x1e, 2, 0x20, 0, 0, 0 });
	/* 268.5 MHz: two links */
	t_expect_adjust(test, &dvi, 268500, (const u8[]){ 0xe2, 0x68, 0x1e, 2, 0x60, 0, 0, 0 });
	/* HDMI: one link at any clock */
	t_expect_adjust(test, &hdmi, 74250, (const u8[]){ 0x01, 0x1d, 0x20, 3, 0x20, 0, 0, 0 });
	t_expect_adjust(test, &hdmi, 297000, (const u8[]){ 0x04, 0x74, 0x20, 3, 0x20, 0, 0, 0 });
	/* DP asks for the link's 270 MHz (27000, 0x6978), not the pixel clock */
	t_expect_adjust(test, &dp, 148500, (const u8[]){ 0x78, 0x69, 0x21, 0, 0x20, 0, 0, 0 });
	/* VGA: DAC1, mode CRT, no link flags */
	t_expect_adjust(test, &vga, 65000, (const u8[]){ 0x64, 0x19, 0x15, 15, 0, 0, 0, 0 });
}

/* ---- a DP link's new rate: the PLL asked for and set again ---- */

/* what the fake engine was asked, and what it answers */
struct t_dp_pll {
	struct ruby_device rdev;
	struct ruby_display disp;
	struct ruby_crtc_state st;
	u32 asked_rate;		/* the link rate adjust_pll was asked about */
	int adjust_err;
	unsigned int set_calls, set_crtc, set_pll;
	struct ruby_pll_dividers set_div;
};

static struct t_dp_pll *t_dp;

/* as the simulated board's AdjustDisplayPll: a DP link's clock, post divider 4 */
static int t_adjust_pll(struct ruby_device *rdev, const struct ruby_route *route, u32 clock,
			struct ruby_pll_req *req)
{
	t_dp->asked_rate = route->dp_rate;
	*req = (struct ruby_pll_req){ .clock = route->dp_rate, .post_div = 4 };
	return t_dp->adjust_err;
}

static void t_pll_limits(const struct ruby_device *rdev, struct ruby_pll_limits *lim)
{
	*lim = t_lim;
}

static int t_set_pll(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
		     const struct ruby_pll_dividers *div, const struct ruby_route *route,
		     u32 clock)
{
	t_dp->set_calls++;
	t_dp->set_crtc = crtc;
	t_dp->set_pll = pll;
	t_dp->set_div = *div;
	return 0;
}

static const struct ruby_display_funcs t_dp_funcs = {
	.num_pll = 2, .pll_limits = t_pll_limits, .adjust_pll = t_adjust_pll,
	.set_pll = t_set_pll,
};

/* CRTC 2 (on PLL 0) lit at 2.7 Gb/s, with the CRTCs of @users lit on PLL 0 */
static void t_dp_setup(struct kunit *test, u32 users)
{
	t_dp = kunit_kzalloc(test, sizeof(*t_dp), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t_dp);
	t_dp->rdev.display = &t_dp->disp;
	t_dp->disp.funcs = &t_dp_funcs;
	t_dp->disp.num_crtc = 4;
	t_dp->disp.pll_users[0] = users;
	t_dp->disp.crtc[2].base.state = &t_dp->st.base;
	t_dp->st.route = (struct ruby_route){ .encoder = 0x2121, .dp = true, .dp_lanes = 2,
					      .dp_rate = 270000 };
	t_dp->st.req = (struct ruby_pll_req){ .clock = 270000, .post_div = 4 };
	KUNIT_ASSERT_EQ(test, t_pll(270000, 0, 4, &t_dp->st.div), 0);
}

static void ruby_kms_dp_link_pll_follows_the_rate(struct kunit *test)
{
	struct ruby_route r = { .encoder = 0x2121, .dp = true, .dp_lanes = 4,
				.dp_rate = 162000 };

	t_dp_setup(test, BIT(2));
	KUNIT_ASSERT_EQ(test, ruby_kms_dp_link_pll(&t_dp->rdev, 2, &r, 148500), 0);
	KUNIT_EXPECT_EQ(test, t_dp->asked_rate, 162000);
	KUNIT_ASSERT_EQ(test, t_dp->set_calls, 1);
	KUNIT_EXPECT_EQ(test, t_dp->set_crtc, 2);
	KUNIT_EXPECT_EQ(test, t_dp->set_pll, 0);
	KUNIT_EXPECT_EQ(test, t_dp->set_div.clock, 162000);
	KUNIT_EXPECT_EQ(test, t_dp->set_div.post_div, 4);
	/* the CRTC's state says what the PLL runs at now, for a CRTC joining it */
	KUNIT_EXPECT_MEMEQ(test, &t_dp->st.div, &t_dp->set_div, sizeof(t_dp->set_div));
	KUNIT_EXPECT_EQ(test, t_dp->st.req.clock, 162000);
	KUNIT_EXPECT_EQ(test, t_dp->st.route.dp_rate, 162000);
	KUNIT_EXPECT_EQ(test, t_dp->st.route.dp_lanes, 4);
}

/* CRTC 0 runs on the same PLL: it is not changed under it */
static void ruby_kms_dp_link_pll_leaves_a_shared_pll(struct kunit *test)
{
	struct ruby_route r = { .encoder = 0x2121, .dp = true, .dp_lanes = 4,
				.dp_rate = 162000 };

	t_dp_setup(test, BIT(0) | BIT(2));
	KUNIT_EXPECT_EQ(test, ruby_kms_dp_link_pll(&t_dp->rdev, 2, &r, 148500), -EBUSY);
	KUNIT_EXPECT_EQ(test, t_dp->set_calls, 0);
	KUNIT_EXPECT_EQ(test, t_dp->asked_rate, 0);
	KUNIT_EXPECT_EQ(test, t_dp->st.div.clock, 270000);
	KUNIT_EXPECT_EQ(test, t_dp->st.route.dp_rate, 270000);
}

/* the engine's failure is the caller's, the PLL and the state untouched */
static void ruby_kms_dp_link_pll_stops_at_a_failure(struct kunit *test)
{
	struct ruby_route r = { .encoder = 0x2121, .dp = true, .dp_lanes = 4,
				.dp_rate = 162000 };

	t_dp_setup(test, BIT(2));
	t_dp->adjust_err = -EIO;
	KUNIT_EXPECT_EQ(test, ruby_kms_dp_link_pll(&t_dp->rdev, 2, &r, 148500), -EIO);
	KUNIT_EXPECT_EQ(test, t_dp->set_calls, 0);
	KUNIT_EXPECT_EQ(test, t_dp->st.div.clock, 270000);
	KUNIT_EXPECT_EQ(test, t_dp->st.req.clock, 270000);
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
	KUNIT_CASE(ruby_kms_pll_keeps_fixed_dividers),
	KUNIT_CASE(ruby_kms_pll_refuses_unreachable_fixed_dividers),
	KUNIT_CASE(evergreen_dce_adjust_pll_parameters),
	KUNIT_CASE(ruby_kms_dp_link_pll_follows_the_rate),
	KUNIT_CASE(ruby_kms_dp_link_pll_leaves_a_shared_pll),
	KUNIT_CASE(ruby_kms_dp_link_pll_stops_at_a_failure),
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
