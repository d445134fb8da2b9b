// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the GART page-table entry encoding, against entries
 * written out by hand from the R6xx-NI PTE layout.
 */

#include <kunit/test.h>

#include "../ruby_gart.h"

static void ruby_gart_pte_system_page(struct kunit *test)
{
	u64 rw = RUBY_PTE_VALID | RUBY_PTE_SYSTEM | RUBY_PTE_SNOOPED |
		 RUBY_PTE_READABLE | RUBY_PTE_WRITEABLE;

	/* valid(0) system(1) snooped(2) readable(5) writeable(6) = 0x67 */
	KUNIT_EXPECT_EQ(test, ruby_gart_pte(0x12345000, rw), 0x12345067ULL);
	KUNIT_EXPECT_EQ(test, ruby_gart_pte(0xab12345000ULL, RUBY_PTE_VALID),
			0xab12345001ULL);
}

static void ruby_gart_pte_drops_what_does_not_fit(struct kunit *test)
{
	/* the page offset and bits above 39 are not part of an entry */
	KUNIT_EXPECT_EQ(test, ruby_gart_pte(0x12345fff, 0), 0x12345000ULL);
	KUNIT_EXPECT_EQ(test, ruby_gart_pte(0xff0000001000ULL, 0), 0x1000ULL);
	KUNIT_EXPECT_EQ(test, ruby_gart_pte(0, 0), 0ULL);
}

static struct kunit_case ruby_gart_cases[] = {
	KUNIT_CASE(ruby_gart_pte_system_page),
	KUNIT_CASE(ruby_gart_pte_drops_what_does_not_fit),
	{}
};

static struct kunit_suite ruby_gart_suite = {
	.name = "ruby_gart",
	.test_cases = ruby_gart_cases,
};

kunit_test_suite(ruby_gart_suite);
