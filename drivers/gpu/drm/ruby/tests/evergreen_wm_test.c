// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit: DCE4's watermark arithmetic, on the simulated Cedar's clocks
 * (650 MHz engine, 400 MHz memory on two channels). The expected figures
 * are worked out by hand in the comments.
 */

#include <kunit/test.h>

#include "../evergreen/evergreen.h"

/* 1920x1080@60 (CEA 16): 148.5 MHz, 2200 pixels a line */
static struct dce4_wm_in t_1080p(unsigned int heads, u32 lb_entries)
{
	return (struct dce4_wm_in){
		.pixel_khz = 148500, .htotal = 2200, .hdisplay = 1920,
		.lb_entries = lb_entries, .heads = heads,
		.sclk_khz = 650000, .mclk_khz = 400000, .dram_channels = 2,
	};
}

/*
 * One head: bandwidth min(400 * 2 * 4 * 0.7, 650 * 32 * 0.8) = 2240 MB/s;
 * a line 14814 ns, 12929 active; wait 2000 + 2 * 1828 (chunks) + 228
 * (cursor) + 269 (pipeline) = 6153; refilling two lines at the pixel
 * rate (594 MB/s) takes 25858 ns, 12929 more than the active part:
 * 19082 ns, which is 177 marks of 16 pixels at 148.5 MHz.
 */
static void evergreen_wm_one_head(struct kunit *test)
{
	struct dce4_wm_in in = t_1080p(1, 15360);
	struct dce4_wm wm;

	evergreen_dce_watermark(&in, &wm);
	KUNIT_EXPECT_EQ(test, wm.line_ns, 14814);
	KUNIT_EXPECT_EQ(test, wm.latency_ns, 19082);
	KUNIT_EXPECT_EQ(test, wm.mark, 177);
	KUNIT_EXPECT_FALSE(test, wm.force_high);
}

/* A second head waits for one more chunk and cursor: 21138 ns, 196 marks */
static void evergreen_wm_two_heads(struct kunit *test)
{
	struct dce4_wm_in in = t_1080p(2, 7680);
	struct dce4_wm wm;

	evergreen_dce_watermark(&in, &wm);
	KUNIT_EXPECT_EQ(test, wm.line_ns, 14814);
	KUNIT_EXPECT_EQ(test, wm.latency_ns, 21138);
	KUNIT_EXPECT_EQ(test, wm.mark, 196);
	KUNIT_EXPECT_FALSE(test, wm.force_high);
}

/*
 * 100 MHz memory on one channel: the display's 30% share is 120 MB/s,
 * below the 518 MB/s 1080p reads: its reads must always go first
 */
static void evergreen_wm_short_of_bandwidth(struct kunit *test)
{
	struct dce4_wm_in in = t_1080p(1, 15360);
	struct dce4_wm wm;

	in.mclk_khz = 100000;
	in.dram_channels = 1;
	evergreen_dce_watermark(&in, &wm);
	KUNIT_EXPECT_TRUE(test, wm.force_high);
}

/*
 * A line buffer share that holds two lines or fewer hides one line of
 * wait: four 1920-wide heads wait 12321 ns, and refill at their quarter
 * of the bandwidth (560 MB/s) 14499 ns slower than they scan, 26820 ns
 * in all: more than one line and the blank (16699 ns) cover on a
 * 3840-entry share; a 7680-entry one hides two lines (31513 ns)
 */
static void evergreen_wm_latency_not_hidden(struct kunit *test)
{
	struct dce4_wm_in in = t_1080p(4, 3840);
	struct dce4_wm wm;

	evergreen_dce_watermark(&in, &wm);
	KUNIT_EXPECT_EQ(test, wm.latency_ns, 26820);
	KUNIT_EXPECT_TRUE(test, wm.force_high);
	in.lb_entries = 7680;
	evergreen_dce_watermark(&in, &wm);
	KUNIT_EXPECT_FALSE(test, wm.force_high);
}

/* Slow modes' line times saturate the 16-bit field */
static void evergreen_wm_fields_saturate(struct kunit *test)
{
	struct dce4_wm_in in = t_1080p(1, 15360);
	struct dce4_wm wm;

	in.pixel_khz = 10000;
	in.htotal = 1000;
	in.hdisplay = 800;
	evergreen_dce_watermark(&in, &wm);
	KUNIT_EXPECT_EQ(test, wm.line_ns, 65535);
	KUNIT_EXPECT_LE(test, wm.latency_ns, 65535);
}

static struct kunit_case evergreen_wm_cases[] = {
	KUNIT_CASE(evergreen_wm_one_head),
	KUNIT_CASE(evergreen_wm_two_heads),
	KUNIT_CASE(evergreen_wm_short_of_bandwidth),
	KUNIT_CASE(evergreen_wm_latency_not_hidden),
	KUNIT_CASE(evergreen_wm_fields_saturate),
	{}
};

static struct kunit_suite evergreen_wm_suite = {
	.name = "evergreen_wm",
	.test_cases = evergreen_wm_cases,
};

kunit_test_suite(evergreen_wm_suite);
