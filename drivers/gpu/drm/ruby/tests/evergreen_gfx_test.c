// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the shader-engine layout: the render-backend map and the
 * tiling dword, for the layouts of the Evergreen/NI families and for
 * boards with fused-off backends.
 */

#include <kunit/test.h>

#include "../evergreen/evergreen.h"
#include "../ruby_chip.h"

static void evergreen_backend_map_full_chips(struct kunit *test)
{
	/* Cedar, Caicos, Palm: 2 pipes, one backend serves both */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(1, 1, 0), 0x00);
	/* Redwood, Turks: 4 pipes, 2 backends, two pipes each */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(2, 2, 0), 0x1100);
	/* Juniper: 4 pipes, 4 backends */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(2, 4, 0), 0x3210);
	/* Cypress, Barts: 8 pipes, 8 backends */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(3, 8, 0), 0x76543210);
}

static void evergreen_backend_map_fused_off(struct kunit *test)
{
	/* Redwood with backend 1 off: backend 0 serves all four pipes */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(2, 2, BIT(1)), 0x0000);
	/* Juniper with backend 2 off: 4 pipes on 3 backends, the first twice */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(2, 4, BIT(2)), 0x3310);
	/* Cypress with backends 0 and 5 off: 8 pipes on 6 */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(3, 8, BIT(0) | BIT(5)), 0x77664321);
	/* fuse bits of backends the chip does not have change nothing */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(1, 1, 0xfe), 0x00);
	/* every backend fused off cannot be: the fuses are ignored */
	KUNIT_EXPECT_EQ(test, evergreen_backend_map(2, 2, 0x3), 0x1100);
}

static void evergreen_backend_map_uses_each_enabled_backend(struct kunit *test)
{
	u32 pipes_log2, rbs, disabled;

	for (pipes_log2 = 0; pipes_log2 <= 3; pipes_log2++)
		for (rbs = 1; rbs <= 8 && rbs <= (1u << pipes_log2); rbs++)
			for (disabled = 0; disabled < BIT(rbs) - 1; disabled++) {
				u32 map = evergreen_backend_map(pipes_log2, rbs, disabled);
				u32 seen = 0, i;

				for (i = 0; i < (1u << pipes_log2); i++)
					seen |= BIT((map >> (4 * i)) & 0xf);
				/* every pipe to a working backend, each one used */
				KUNIT_EXPECT_EQ(test, seen, (BIT(rbs) - 1) & ~disabled);
			}
}

static void evergreen_tile_config_fields(struct kunit *test)
{
	/* Cedar: 2 pipes, MC reports 4 banks, row size 0 */
	KUNIT_EXPECT_EQ(test, evergreen_tile_config(2, 0x100, 0x02010001, false), 0x0001);
	/* Cypress: 8 pipes, 8 banks, golden row size 0 */
	KUNIT_EXPECT_EQ(test, evergreen_tile_config(8, 0x1, 0x02011003, false), 0x0013);
	/* 16 banks; the reserved bank encoding counts as 16 */
	KUNIT_EXPECT_EQ(test, evergreen_tile_config(4, 0x2, 0x12010002, false), 0x1022);
	KUNIT_EXPECT_EQ(test, evergreen_tile_config(4, 0x3, 0x02010002, false), 0x0022);
	/* Fusion: always 8 banks, whatever the register says */
	KUNIT_EXPECT_EQ(test, evergreen_tile_config(4, 0x0, 0x02010002, true), 0x0012);
}

/* Every family's layout is consistent with the backend map it makes. */
static void evergreen_gfx_layouts_are_sane(struct kunit *test)
{
	enum ruby_family fam;

	for (fam = 0; fam < RUBY_FAMILY_COUNT; fam++) {
		const struct ruby_family_desc *d = ruby_family_get(fam);
		u32 pipes_log2 = d->gfx.gb_addr_config & 0x7;

		/* R6xx/R7xx have no GB_ADDR_CONFIG */
		if (d->gen < RUBY_GEN_EVERGREEN)
			continue;
		KUNIT_EXPECT_GE_MSG(test, d->gfx.num_ses, 1, "%s", d->name);
		KUNIT_EXPECT_GE_MSG(test, d->gfx.max_backends, 1, "%s", d->name);
		KUNIT_EXPECT_LE_MSG(test, d->gfx.max_backends, 8, "%s", d->name);
		KUNIT_EXPECT_LE_MSG(test, d->gfx.max_simds, 16, "%s", d->name);
		/* GB_ADDR_CONFIG's pipes are the family's tile pipes */
		KUNIT_EXPECT_EQ_MSG(test, 1u << pipes_log2, d->gfx.max_tile_pipes,
				    "%s", d->name);
		/* each backend serves at least one pipe */
		KUNIT_EXPECT_LE_MSG(test, d->gfx.max_backends, d->gfx.max_tile_pipes,
				    "%s", d->name);
	}
}

static struct kunit_case evergreen_gfx_cases[] = {
	KUNIT_CASE(evergreen_backend_map_full_chips),
	KUNIT_CASE(evergreen_backend_map_fused_off),
	KUNIT_CASE(evergreen_backend_map_uses_each_enabled_backend),
	KUNIT_CASE(evergreen_tile_config_fields),
	KUNIT_CASE(evergreen_gfx_layouts_are_sane),
	{}
};

static struct kunit_suite evergreen_gfx_suite = {
	.name = "evergreen_gfx",
	.test_cases = evergreen_gfx_cases,
};

kunit_test_suite(evergreen_gfx_suite);
