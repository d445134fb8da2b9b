// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of R5xx's pure logic: the PCIE GART's entries, the pipe
 * layout and the scratch-register fence, against values written out by
 * hand from the register reference.
 */

#include <kunit/test.h>

#include "../r500/r500.h"

static void r500_gart_entry_layout(struct kunit *test)
{
	/* address bits 31:8 in 23:0, 39:32 in 31:24; readable bit 3, writeable 2 */
	KUNIT_EXPECT_EQ(test, r500_gart_entry(0x12345000, true), 0x0012345cu);
	KUNIT_EXPECT_EQ(test, r500_gart_entry(0x12345000, false), 0x00123458u);
	KUNIT_EXPECT_EQ(test, r500_gart_entry(0xab12345000ULL, true), 0xab12345cu);
	/* snooped: the unsnooped bit (0) is never set */
	KUNIT_EXPECT_EQ(test, r500_gart_entry(0xfffffff000ULL, true) & 1, 0u);
	KUNIT_EXPECT_EQ(test, r500_gart_entry(0, true), 0x0000000cu);
}

static void r500_gart_entry_drops_what_does_not_fit(struct kunit *test)
{
	/* bits above 39 are not part of an entry */
	KUNIT_EXPECT_EQ(test, r500_gart_entry(0x10000001000ULL, true),
			r500_gart_entry(0x1000, true));
}

static void r500_tile_config_by_pipes(struct kunit *test)
{
	/* tiling on (bit 0), 16-pixel tiles (1 << 4), the pipe code in 3:1 */
	KUNIT_EXPECT_EQ(test, r500_tile_config(1), 0x11u);
	KUNIT_EXPECT_EQ(test, r500_tile_config(2), 0x17u);
	KUNIT_EXPECT_EQ(test, r500_tile_config(3), 0x1du);
	KUNIT_EXPECT_EQ(test, r500_tile_config(4), 0x1fu);
	/* out of range: one pipe */
	KUNIT_EXPECT_EQ(test, r500_tile_config(0), 0x11u);
	KUNIT_EXPECT_EQ(test, r500_tile_config(5), 0x11u);
}

static void r500_gb_pipes_from_straps(struct kunit *test)
{
	/* GB_PIPE_SELECT bits 13:12 = pipes - 1, bounded by the family */
	KUNIT_EXPECT_EQ(test, r500_gb_pipes(0x0000, 1), 1u);
	KUNIT_EXPECT_EQ(test, r500_gb_pipes(0x1000, 2), 2u);
	KUNIT_EXPECT_EQ(test, r500_gb_pipes(0x3000, 4), 4u);
	KUNIT_EXPECT_EQ(test, r500_gb_pipes(0x3000, 2), 2u);
	KUNIT_EXPECT_EQ(test, r500_gb_pipes(0x0f00, 4), 1u);
}

static void r500_fence_lands_in_its_slot(struct kunit *test)
{
	/* the fence uses scratch register 0: SCRATCH_ADDR is the slot itself */
	KUNIT_EXPECT_EQ(test, r500_fence_scratch_addr(0x40000c00), 0x40000c00u);
}

static void r500_fence_packets(struct kunit *test)
{
	u32 out[32];
	unsigned int n;

	memset32(out, 0xdeadbeef, ARRAY_SIZE(out));
	n = r500_emit_fence_packets(out, 0x10, 0x1234);
	KUNIT_ASSERT_EQ(test, n, 14u);
	KUNIT_EXPECT_EQ(test, out[n], 0xdeadbeef);
	/* type-0 writes of one register each: WAIT_UNTIL 0x1720 is index 0x5c8 */
	KUNIT_EXPECT_EQ(test, out[4], 0x000005c8u);
	KUNIT_EXPECT_EQ(test, out[5], BIT(17) | BIT(16) | BIT(9));
	/* the HDP read buffer invalidated, then HOST_PATH_CNTL put back */
	KUNIT_EXPECT_EQ(test, out[6], 0x0000004cu);
	KUNIT_EXPECT_EQ(test, out[7], 0x10u | BIT(27));
	KUNIT_EXPECT_EQ(test, out[9], 0x10u);
	/* SCRATCH_REG0 (0x15e0) gets the sequence number */
	KUNIT_EXPECT_EQ(test, out[10], 0x00000578u);
	KUNIT_EXPECT_EQ(test, out[11], 0x1234u);
	/* and last, GEN_INT_STATUS (0x44) the software interrupt */
	KUNIT_EXPECT_EQ(test, out[12], 0x00000011u);
	KUNIT_EXPECT_EQ(test, out[13], BIT(26));
}

static struct kunit_case r500_cases[] = {
	KUNIT_CASE(r500_gart_entry_layout),
	KUNIT_CASE(r500_gart_entry_drops_what_does_not_fit),
	KUNIT_CASE(r500_tile_config_by_pipes),
	KUNIT_CASE(r500_gb_pipes_from_straps),
	KUNIT_CASE(r500_fence_lands_in_its_slot),
	KUNIT_CASE(r500_fence_packets),
	{}
};

static struct kunit_suite r500_suite = {
	.name = "ruby_r500",
	.test_cases = r500_cases,
};

kunit_test_suite(r500_suite);
