// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the PM4 header helpers, against headers written out by
 * hand from the packet format (so an encoder/decoder pair that agrees on
 * a wrong layout still fails).
 */

#include <kunit/test.h>

#include "../regs/ruby_pm4.h"

static void ruby_pm4_type3_known_headers(struct kunit *test)
{
	/* NOP with one body dword: type 3, count 0, opcode 0x10 */
	KUNIT_EXPECT_EQ(test, pm4_type3(PKT3_NOP, 1), 0xc0001000);
	/* SET_CONFIG_REG, register + value: count 1, opcode 0x68 */
	KUNIT_EXPECT_EQ(test, pm4_type3(PKT3_SET_CONFIG_REG, 2), 0xc0016800);
	/* EVENT_WRITE_EOP has four body dwords */
	KUNIT_EXPECT_EQ(test, pm4_type3(PKT3_EVENT_WRITE_EOP, 4), 0xc0034700);
}

static void ruby_pm4_type0_known_headers(struct kunit *test)
{
	/* one write to 0x8500 (SCRATCH_REG0): dword index 0x2140 */
	KUNIT_EXPECT_EQ(test, pm4_type0(0x8500, 1), 0x00002140);
	KUNIT_EXPECT_EQ(test, pm4_type0(0x5480, 3), 0x00021520);
}

static void ruby_pm4_decode_round_trip(struct kunit *test)
{
	static const u32 body[] = { 1, 2, 255, 0x3fff, PM4_MAX_BODY_DW };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(body); i++) {
		u32 h3 = pm4_type3(PKT3_SET_CONTEXT_REG, body[i]);
		u32 h0 = pm4_type0(0x28000, body[i]);

		KUNIT_EXPECT_EQ(test, pm4_hdr_type(h3), PM4_TYPE3);
		KUNIT_EXPECT_EQ(test, pm4_hdr_opcode(h3), PKT3_SET_CONTEXT_REG);
		KUNIT_EXPECT_EQ(test, pm4_hdr_body_dw(h3), body[i]);
		KUNIT_EXPECT_EQ(test, pm4_hdr_type(h0), PM4_TYPE0);
		KUNIT_EXPECT_EQ(test, pm4_hdr_reg(h0), 0x28000);
		KUNIT_EXPECT_EQ(test, pm4_hdr_body_dw(h0), body[i]);
	}
}

static void ruby_pm4_limits(struct kunit *test)
{
	/* the count field is 14 bits: at most 16384 body dwords */
	KUNIT_EXPECT_EQ(test, PM4_MAX_BODY_DW, 16384);
	/* type 2 is one dword whatever its other bits say */
	KUNIT_EXPECT_EQ(test, pm4_hdr_body_dw(0xbfffffff), 0);
	KUNIT_EXPECT_EQ(test, pm4_hdr_body_dw(PM4_TYPE2_FILLER), 0);
	KUNIT_EXPECT_EQ(test, pm4_hdr_type(PM4_TYPE2_FILLER), PM4_TYPE2);
	KUNIT_EXPECT_EQ(test, pm4_hdr_body_dw(0x3fff0000), 16384);
}

static struct kunit_case ruby_pm4_cases[] = {
	KUNIT_CASE(ruby_pm4_type3_known_headers),
	KUNIT_CASE(ruby_pm4_type0_known_headers),
	KUNIT_CASE(ruby_pm4_decode_round_trip),
	KUNIT_CASE(ruby_pm4_limits),
	{}
};

static struct kunit_suite ruby_pm4_suite = {
	.name = "ruby_pm4",
	.test_cases = ruby_pm4_cases,
};

kunit_test_suite(ruby_pm4_suite);
