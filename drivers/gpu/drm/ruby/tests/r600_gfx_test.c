// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the R6xx/R7xx tiling layout: the backend map in two-bit
 * fields and GB_TILING_CONFIG, the dword INFO reports, from each
 * generation's memory configuration register.
 */

#include <kunit/test.h>

#include "../r600/r600.h"

static void r600_backend_map_two_bit_fields(struct kunit *test)
{
	/* RV730: 4 pipes, 2 backends: pipes 3, 2 on RB1, pipes 1, 0 on RB0 */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0, 2), 0x50);
	/* RV770: 8 pipes, 4 backends, two pipes each */
	KUNIT_EXPECT_EQ(test, r600_backend_map(3, 4, 0, 2), 0xfa50);
	/* RV710/RV630: 2 pipes, 1 backend */
	KUNIT_EXPECT_EQ(test, r600_backend_map(1, 1, 0, 2), 0x0);
	/* RB0 fused off: every pipe on RB1 */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0x1, 2), 0x55);
	/* every backend fused off: the fuses are ignored */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0x3, 2), 0x50);
	/* Evergreen's four-bit fields from the same sharing-out */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0, 4), 0x1100);
}

static void rv770_tiling_config_fields(struct kunit *test)
{
	/* the simulated RV730: 4 banks, no rows/burst bits; bank swaps 1 */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(4, 0x50, 0x100), 0x00500804);
	/* 8 banks, 5 rows (row tiling and sample split capped at 3), burst */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(4, 0x50, 0x229), 0x0050cb54);
	/* 8 pipes, RV770's map */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(8, 0xfa50, 0x0), 0xfa500806);
	/* one pipe: pipe field 0 */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(1, 0, 0) & 0xe, 0);
}

static void r600_tiling_config_fields(struct kunit *test)
{
	/* the simulated RV630: 64-bit channel, 4 banks; bank swaps 1 */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x80), 0x00000802);
	/* 8 banks, 5 rows (capped at 3), long bursts: R6xx's bit positions */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x115), 0x0000cb52);
	/* bit 1 is the rank on R6xx, not a bank bit as on R7xx */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x2), 0x00000802);
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(2, 0x0, 0x2), 0x00000812);
	/* R7xx's burst bit (9) is not R6xx's (8) */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x200), 0x00000802);
	/* R600: 8 pipes on 4 backends, two each */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(8, 0xfa50, 0x0), 0xfa500806);
}

static struct kunit_case r600_gfx_cases[] = {
	KUNIT_CASE(r600_backend_map_two_bit_fields),
	KUNIT_CASE(rv770_tiling_config_fields),
	KUNIT_CASE(r600_tiling_config_fields),
	{}
};

static struct kunit_suite r600_gfx_suite = {
	.name = "r600_gfx",
	.test_cases = r600_gfx_cases,
};

kunit_test_suite(r600_gfx_suite);
