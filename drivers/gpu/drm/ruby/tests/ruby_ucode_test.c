// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of microcode validation: only an image of its file's exact
 * size is accepted.
 */

#include <kunit/test.h>

#include "../ruby_ucode.h"

static void ruby_ucode_exact_size_only(struct kunit *test)
{
	const struct ruby_ucode_file *pfp = &ruby_ucode_files[RUBY_UCODE_CEDAR_PFP];

	KUNIT_ASSERT_EQ(test, pfp->size, 4480);
	KUNIT_EXPECT_EQ(test, ruby_ucode_check_size(pfp, 4480), 0);
	KUNIT_EXPECT_EQ(test, ruby_ucode_check_size(pfp, 4476), -EINVAL);
	KUNIT_EXPECT_EQ(test, ruby_ucode_check_size(pfp, 4484), -EINVAL);
	KUNIT_EXPECT_EQ(test, ruby_ucode_check_size(pfp, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, ruby_ucode_check_size(pfp, SIZE_MAX), -EINVAL);
}

static void ruby_ucode_sizes_of_the_manifest(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_CEDAR_ME].size, 5504);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_CEDAR_RLC].size, 3072);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_CAYMAN_PFP].size, 8704);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_CAYMAN_RLC].size, 4096);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_BARTS_MC].size, 24096);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_CAYMAN_MC].size, 24148);
	/* R6xx's ME image is three 1792-dword banks */
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_RV630_ME].size, 21504);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_RV630_PFP].size, 2304);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_R600_RLC].size, 3072);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_RV730_PFP].size, 3392);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_RV730_ME].size, 5440);
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_R700_RLC].size, 4096);
}

static struct kunit_case ruby_ucode_cases[] = {
	KUNIT_CASE(ruby_ucode_exact_size_only),
	KUNIT_CASE(ruby_ucode_sizes_of_the_manifest),
	{}
};

static struct kunit_suite ruby_ucode_suite = {
	.name = "ruby_ucode",
	.test_cases = ruby_ucode_cases,
};

kunit_test_suite(ruby_ucode_suite);
