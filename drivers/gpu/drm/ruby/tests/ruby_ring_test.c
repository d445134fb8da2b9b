// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of ring arithmetic, fence sequence comparison and (Evergreen's)
 * IH vector decoding: the pure parts of command submission and interrupt
 * handling.
 */

#include <kunit/test.h>

#include "../r600/r600.h"
#include "../ruby_fence.h"
#include "../ruby_ih.h"
#include "../ruby_ring.h"

static void ruby_ring_free_space(struct kunit *test)
{
	/* empty: everything but the one dword that tells full from empty */
	KUNIT_EXPECT_EQ(test, ruby_ring_free_dw(0, 0, 1024), 1023);
	KUNIT_EXPECT_EQ(test, ruby_ring_free_dw(100, 100, 1024), 1023);
	/* the CPU is ahead by 10 dwords */
	KUNIT_EXPECT_EQ(test, ruby_ring_free_dw(0, 10, 1024), 1013);
	/* wrapped: the CPU wrote past the end, the engine is behind */
	KUNIT_EXPECT_EQ(test, ruby_ring_free_dw(1000, 4, 1024), 995);
	/* full */
	KUNIT_EXPECT_EQ(test, ruby_ring_free_dw(5, 4, 1024), 0);
	KUNIT_EXPECT_EQ(test, ruby_ring_free_dw(0, 1023, 1024), 0);
}

static void ruby_fence_seq_wraps(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, ruby_seq_passed(5, 5));
	KUNIT_EXPECT_TRUE(test, ruby_seq_passed(4, 5));
	KUNIT_EXPECT_FALSE(test, ruby_seq_passed(6, 5));
	/* across the 32-bit wrap */
	KUNIT_EXPECT_TRUE(test, ruby_seq_passed(0xfffffffe, 2));
	KUNIT_EXPECT_FALSE(test, ruby_seq_passed(2, 0xfffffffe));
	KUNIT_EXPECT_TRUE(test, ruby_seq_passed(0xffffffff, 0));
}

static void r600_ih_decodes_vectors(struct kunit *test)
{
	const __le32 eop[4] = {
		cpu_to_le32(181), cpu_to_le32(0), cpu_to_le32(0), cpu_to_le32(0),
	};
	/* high bits of every field are not part of it */
	const __le32 hpd[4] = {
		cpu_to_le32(0xffffff2a), cpu_to_le32(0xf0000005),
		cpu_to_le32(0x00000102), cpu_to_le32(0xffffffff),
	};
	struct ruby_iv iv;

	r600_ih_decode(eop, &iv);
	KUNIT_EXPECT_EQ(test, iv.src_id, 181);
	KUNIT_EXPECT_EQ(test, iv.src_data, 0);
	r600_ih_decode(hpd, &iv);
	KUNIT_EXPECT_EQ(test, iv.src_id, 42);
	KUNIT_EXPECT_EQ(test, iv.src_data, 5);
	KUNIT_EXPECT_EQ(test, iv.ring_id, 2);
}

static struct kunit_case ruby_ring_cases[] = {
	KUNIT_CASE(ruby_ring_free_space),
	KUNIT_CASE(ruby_fence_seq_wraps),
	KUNIT_CASE(r600_ih_decodes_vectors),
	{}
};

static struct kunit_suite ruby_ring_suite = {
	.name = "ruby_ring",
	.test_cases = ruby_ring_cases,
};

kunit_test_suite(ruby_ring_suite);
