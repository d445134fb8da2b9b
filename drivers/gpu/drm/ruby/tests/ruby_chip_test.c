// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the chip tables: every PCI id resolves to a family whose
 * descriptor is complete and consistent with its microcode set.
 */

#include <kunit/test.h>
#include <linux/pci.h>
#include <linux/string.h>

#include "../ruby_chip.h"
#include "../ruby_ucode.h"

static size_t pci_id_count(void)
{
	size_t n = 0;

	while (ruby_pci_ids[n].vendor)
		n++;
	return n;
}

static void ruby_chip_pci_ids_resolve(struct kunit *test)
{
	size_t i, n = pci_id_count();

	KUNIT_EXPECT_GT(test, n, 100);
	for (i = 0; i < n; i++) {
		const struct pci_device_id *id = &ruby_pci_ids[i];
		struct ruby_chip_info info = {};

		KUNIT_EXPECT_EQ_MSG(test, id->vendor, PCI_VENDOR_ID_ATI,
				    "entry %zu", i);
		KUNIT_ASSERT_EQ_MSG(test, ruby_chip_lookup(id, &info), 0,
				    "device %#06x", id->device);
		KUNIT_EXPECT_EQ_MSG(test, info.desc->family,
				    (enum ruby_family)(id->driver_data & 0xff),
				    "device %#06x", id->device);
		KUNIT_EXPECT_EQ_MSG(test, info.flags & ~RUBY_CHIP_MOBILITY, 0,
				    "device %#06x has unknown flags", id->device);
	}
}

static void ruby_chip_pci_ids_unique(struct kunit *test)
{
	size_t i, j, n = pci_id_count();

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			KUNIT_EXPECT_NE_MSG(test, ruby_pci_ids[i].device,
					    ruby_pci_ids[j].device,
					    "entries %zu and %zu", i, j);
}

static void ruby_chip_lookup_rejects_bad_family(struct kunit *test)
{
	struct pci_device_id id = {
		PCI_VDEVICE(ATI, 0x68f9), .driver_data = RUBY_FAMILY_COUNT,
	};
	struct ruby_chip_info info = {};

	KUNIT_EXPECT_EQ(test, ruby_chip_lookup(&id, &info), -ENODEV);
	KUNIT_EXPECT_NULL(test, info.desc);
	KUNIT_EXPECT_NULL(test, ruby_family_get(RUBY_FAMILY_COUNT));
	KUNIT_EXPECT_NULL(test, ruby_family_get((enum ruby_family)-1));
}

static void ruby_chip_gen_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, ruby_gen_name(RUBY_GEN_EVERGREEN), "Evergreen");
	KUNIT_EXPECT_STREQ(test, ruby_gen_name(RUBY_GEN_SI), "Southern Islands");
	KUNIT_EXPECT_STREQ(test, ruby_gen_name(RUBY_GEN_COUNT), "unknown");
	KUNIT_EXPECT_STREQ(test, ruby_gen_name((enum ruby_gen)-1), "unknown");
}

/* One case per family: the descriptor is complete and self-consistent. */
static const void *family_gen_params(const void *prev, char *desc)
{
	const struct ruby_family_desc *f = prev;
	enum ruby_family next = f ? f->family + 1 : 0;

	f = ruby_family_get(next);
	if (f)
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", f->name);
	return f;
}

static void check_ucode(struct kunit *test, const char *fam, const char *kind,
			unsigned int idx, bool required)
{
	if (!required) {
		KUNIT_EXPECT_EQ_MSG(test, idx, RUBY_UCODE_NONE,
				    "%s must not have %s microcode", fam, kind);
		return;
	}
	KUNIT_EXPECT_NE_MSG(test, idx, RUBY_UCODE_NONE,
			    "%s has no %s microcode", fam, kind);
	KUNIT_EXPECT_LT(test, idx, RUBY_UCODE_COUNT);
	if (idx && idx < RUBY_UCODE_COUNT)
		KUNIT_EXPECT_NOT_NULL(test, strstr(ruby_ucode_files[idx].path, kind));
}

static void ruby_chip_family_consistent(struct kunit *test)
{
	const struct ruby_family_desc *f = test->param_value;
	const struct ruby_ip_block *const *b;
	bool mc_ucode = f->features & RUBY_FEAT_MC_UCODE;

	KUNIT_ASSERT_NOT_NULL(test, f->name);
	KUNIT_EXPECT_LT(test, f->gen, RUBY_GEN_COUNT);
	KUNIT_EXPECT_GE(test, f->dma_bits, 32);
	KUNIT_EXPECT_LE(test, f->dma_bits, 44);
	KUNIT_EXPECT_GE(test, f->num_crtc, 1);
	KUNIT_EXPECT_LE(test, f->num_crtc, 6);
	KUNIT_ASSERT_NOT_NULL(test, f->mc);
	KUNIT_EXPECT_NOT_NULL(test, f->mc->vram_size);

	/* no block list: probe declines the family (not brought up yet) */
	if (f->ip_blocks) {
		KUNIT_EXPECT_NOT_NULL(test, f->ip_blocks[0]);
		for (b = f->ip_blocks; *b; b++) {
			KUNIT_EXPECT_NOT_NULL(test, (*b)->name);
			KUNIT_EXPECT_NOT_NULL(test, (*b)->init);
		}
	} else {
		kunit_info(test, "%s: not brought up yet\n", f->name);
	}

	/* R600 and later have a prefetch parser and an RLC beside the ME */
	check_ucode(test, f->name, "_pfp", f->ucode.pfp, f->gen >= RUBY_GEN_R600);
	check_ucode(test, f->name, "_me", f->ucode.me, true);
	check_ucode(test, f->name, "_rlc", f->ucode.rlc, f->gen >= RUBY_GEN_R600);
	check_ucode(test, f->name, "_mc", f->ucode.mc, mc_ucode);
	/* An IGP has no memory controller sequencer of its own */
	if (f->features & RUBY_FEAT_IGP)
		KUNIT_EXPECT_FALSE(test, mc_ucode);
}

static void ruby_chip_ucode_files(struct kunit *test)
{
	unsigned int i, j;

	KUNIT_EXPECT_NULL(test, ruby_ucode_files[RUBY_UCODE_NONE].path);
	for (i = 1; i < RUBY_UCODE_COUNT; i++) {
		const struct ruby_ucode_file *f = &ruby_ucode_files[i];
		size_t len;

		KUNIT_ASSERT_NOT_NULL(test, f->path);
		len = strlen(f->path);
		KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(f->path, "radeon/"),
				      "%s", f->path);
		KUNIT_EXPECT_TRUE_MSG(test, len > 4 &&
				      !strcmp(f->path + len - 4, ".bin"),
				      "%s", f->path);
		KUNIT_EXPECT_GT_MSG(test, f->size, 0, "%s", f->path);
		KUNIT_EXPECT_EQ_MSG(test, f->size % 4, 0, "%s", f->path);
		for (j = 1; j < i; j++)
			KUNIT_EXPECT_STRNEQ(test, f->path, ruby_ucode_files[j].path);
	}
}

static struct kunit_case ruby_chip_cases[] = {
	KUNIT_CASE(ruby_chip_pci_ids_resolve),
	KUNIT_CASE(ruby_chip_pci_ids_unique),
	KUNIT_CASE(ruby_chip_lookup_rejects_bad_family),
	KUNIT_CASE(ruby_chip_gen_names),
	KUNIT_CASE_PARAM(ruby_chip_family_consistent, family_gen_params),
	KUNIT_CASE(ruby_chip_ucode_files),
	{}
};

static struct kunit_suite ruby_chip_suite = {
	.name = "ruby_chip",
	.test_cases = ruby_chip_cases,
};

kunit_test_suite(ruby_chip_suite);

MODULE_DESCRIPTION("KUnit tests for the ruby DRM driver");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
