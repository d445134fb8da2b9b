// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the chip tables: every PCI id resolves to a family whose
 * descriptor is complete and consistent with its microcode set, and every
 * family probe brings up has every operation shared code calls.
 */

#include <kunit/test.h>
#include <linux/log2.h>
#include <linux/pci.h>
#include <linux/string.h>

#include "../ruby_chip.h"
#include "../ruby_cs_check.h"
#include "../ruby_gart.h"
#include "../ruby_ih.h"
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
	/* R5xx's one image is the CP's ("_cp"), its micro engine's */
	check_ucode(test, f->name, f->gen == RUBY_GEN_R500 ? "_cp" : "_me",
		    f->ucode.me, true);
	check_ucode(test, f->name, "_rlc", f->ucode.rlc, f->gen >= RUBY_GEN_R600);
	check_ucode(test, f->name, "_mc", f->ucode.mc, mc_ucode);
	/* only RV770 and later run the async DMA engine */
	if (f->gen == RUBY_GEN_R600)
		KUNIT_EXPECT_FALSE_MSG(test, f->features & RUBY_FEAT_DMA, "%s", f->name);
	/* the HDP_DEBUG1 flush is RV770-RV740's workaround, no one else's */
	KUNIT_EXPECT_EQ_MSG(test, !!(f->features & RUBY_FEAT_HDP_DEBUG1_FLUSH),
			    f->gen == RUBY_GEN_R700, "%s", f->name);
	/* An IGP has no memory controller sequencer of its own */
	if (f->features & RUBY_FEAT_IGP)
		KUNIT_EXPECT_FALSE(test, mc_ucode);
}

static void check_ih_funcs(struct kunit *test, const char *name,
			   const struct ruby_ih_funcs *ih)
{
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL_MSG(test, ih, "%s", name);
	KUNIT_EXPECT_TRUE_MSG(test, is_power_of_2(ih->vector_bytes), "%s", name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, ih->decode, "%s", name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, ih->get_wptr, "%s", name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, ih->set_rptr, "%s", name);
	/* fences signal through interrupts: at least the GFX ring's */
	KUNIT_ASSERT_GE_MSG(test, ih->num_sources, 1, "%s", name);
	KUNIT_ASSERT_NOT_NULL_MSG(test, ih->sources, "%s", name);
	for (i = 0; i < ih->num_sources; i++)
		KUNIT_EXPECT_LT_MSG(test, ih->sources[i].ring, RUBY_RING_COUNT,
				    "%s source %u", name, ih->sources[i].src_id);
}

/* Shared code calls these unconditionally once a family is brought up. */
static void ruby_chip_family_ops_complete(struct kunit *test)
{
	const struct ruby_family_desc *f = test->param_value;
	const struct ruby_asic_funcs *a = f->asic;

	if (!f->ip_blocks)
		kunit_skip(test, "%s: not brought up yet", f->name);
	KUNIT_ASSERT_NOT_NULL_MSG(test, f->cs, "%s: no checker tables", f->name);
	/*
	 * R6xx and R7xx share a walker, each with its generation's tables;
	 * R600 itself (no SURFACE_BASE_UPDATE) has tables of its own
	 */
	if (f->gen == RUBY_GEN_R600 || f->gen == RUBY_GEN_R700)
		KUNIT_EXPECT_STREQ_MSG(test, f->cs->name,
				       f->family == RUBY_FAMILY_R600 ? "r600-r600" :
				       f->gen == RUBY_GEN_R600 ? "r600" : "r700", "%s", f->name);
	KUNIT_ASSERT_NOT_NULL_MSG(test, a, "%s: no generation ops", f->name);
	KUNIT_ASSERT_NOT_NULL_MSG(test, a->gart, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->gart->enable, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->gart->disable, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->gart->flush, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->gart->encode, "%s", f->name);
	/* R5xx's PCIE GART has 32-bit entries, VM context 0 64-bit ones */
	KUNIT_EXPECT_EQ_MSG(test, a->gart->entry_bytes,
			    f->gen == RUBY_GEN_R500 ? 4 : 8, "%s", f->name);
	/* interrupts: the IH ring's vectors, or the generation's own handler */
	if (!a->irq_process)
		check_ih_funcs(test, f->name, a->ih);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->build_reset_ib, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->xclk, "%s", f->name);
	KUNIT_EXPECT_GE_MSG(test, a->num_status_regs, 1, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->status_regs, "%s", f->name);
	if (f->gen == RUBY_GEN_R500) {
		/* no IH ring, memory packets, clock counter or READ_REG */
		KUNIT_EXPECT_NOT_NULL_MSG(test, a->irq_process, "%s", f->name);
		KUNIT_EXPECT_NULL_MSG(test, a->ib_write_dword, "%s", f->name);
		KUNIT_EXPECT_NULL_MSG(test, a->gpu_clock, "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, a->num_user_regs, 0, "%s", f->name);
		return;
	}
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->ib_write_dword, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->ib_wait_dword, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->gpu_clock, "%s", f->name);
	KUNIT_EXPECT_GE_MSG(test, a->num_user_regs, 1, "%s", f->name);
	KUNIT_EXPECT_NOT_NULL_MSG(test, a->user_regs, "%s", f->name);
}

static bool ib_has(const u32 *ib, u32 n, u32 dw)
{
	while (n--)
		if (ib[n] == dw)
			return true;
	return false;
}

/*
 * A test job's packets (ruby_sched_test()) fit its 64-dword slot, the count
 * returned is what was written, and they carry the address and the value.
 */
static void check_test_packets(struct kunit *test, const char *name,
			       u32 (*emit)(u32 *ib, u64 addr, u32 value))
{
	const u64 addr = 0xab12345670ull;
	u32 ib[65], n;

	memset32(ib, 0xdeadbeef, ARRAY_SIZE(ib));
	n = emit(ib, addr, 0x600d0001);
	KUNIT_ASSERT_GE_MSG(test, n, 1, "%s", name);
	KUNIT_ASSERT_LE_MSG(test, n, 64, "%s", name);
	KUNIT_EXPECT_EQ_MSG(test, ib[n], 0xdeadbeef, "%s: wrote past its count", name);
	KUNIT_EXPECT_TRUE_MSG(test, ib_has(ib, n, lower_32_bits(addr)), "%s", name);
	KUNIT_EXPECT_TRUE_MSG(test, ib_has(ib, n, 0x600d0001), "%s", name);
}

static void ruby_chip_test_ib_packets(struct kunit *test)
{
	enum ruby_family fam;

	for (fam = 0; fam < RUBY_FAMILY_COUNT; fam++) {
		const struct ruby_family_desc *f = ruby_family_get(fam);

		/* R5xx has no packets that write or wait on memory */
		if (!f->asic || !f->asic->ib_write_dword)
			continue;
		check_test_packets(test, f->name, f->asic->ib_write_dword);
		check_test_packets(test, f->name, f->asic->ib_wait_dword);
	}
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

/* The R6xx/R7xx microcode sets radeon's firmware names give them. */
static void ruby_chip_r6xx_r7xx_microcode(struct kunit *test)
{
	const struct ruby_family_desc *rv740 = ruby_family_get(RUBY_FAMILY_RV740);
	const struct ruby_family_desc *rs880 = ruby_family_get(RUBY_FAMILY_RS880);
	enum ruby_family fam;

	KUNIT_EXPECT_EQ(test, rv740->ucode.pfp, RUBY_UCODE_RV730_PFP);
	KUNIT_EXPECT_EQ(test, rv740->ucode.me, RUBY_UCODE_RV730_ME);
	KUNIT_EXPECT_EQ(test, rs880->ucode.me, RUBY_UCODE_RS780_ME);
	for (fam = RUBY_FAMILY_R600; fam <= RUBY_FAMILY_RV740; fam++) {
		const struct ruby_family_desc *f = ruby_family_get(fam);
		bool r7xx = f->gen == RUBY_GEN_R700;

		KUNIT_EXPECT_EQ_MSG(test, f->ucode.rlc, r7xx ? RUBY_UCODE_R700_RLC :
				    RUBY_UCODE_R600_RLC, "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, ruby_ucode_files[f->ucode.me].size,
				    r7xx ? 5440 : 21504, "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, ruby_ucode_files[f->ucode.pfp].size,
				    r7xx ? 3392 : 2304, "%s", f->name);
	}
}

/*
 * R5xx: the X1300 (RV515) and X1600 (RV530) boards resolve to their
 * families and are brought up; the IGPs are declined, saying why; all run
 * the one CP image, R520_cp.bin, of 2048 bytes.
 */
static void ruby_chip_r5xx_rows(struct kunit *test)
{
	static const struct { u16 device; enum ruby_family family; } ids[] = {
		{ 0x7146, RUBY_FAMILY_RV515 }, { 0x71c2, RUBY_FAMILY_RV530 },
		{ 0x7100, RUBY_FAMILY_R520 }, { 0x7291, RUBY_FAMILY_RV560 },
		{ 0x7280, RUBY_FAMILY_RV570 }, { 0x7240, RUBY_FAMILY_R580 },
		{ 0x7941, RUBY_FAMILY_RS600 }, { 0x791e, RUBY_FAMILY_RS690 },
		{ 0x796e, RUBY_FAMILY_RS740 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		const struct pci_device_id *id = ruby_pci_ids;
		const struct ruby_family_desc *f;
		struct ruby_chip_info info = {};

		while (id->vendor && id->device != ids[i].device)
			id++;
		KUNIT_ASSERT_NE_MSG(test, id->vendor, 0, "%#06x", ids[i].device);
		KUNIT_ASSERT_EQ(test, ruby_chip_lookup(id, &info), 0);
		f = info.desc;
		KUNIT_EXPECT_EQ_MSG(test, f->family, ids[i].family, "%#06x", ids[i].device);
		KUNIT_EXPECT_EQ_MSG(test, f->gen, RUBY_GEN_R500, "%s", f->name);
		KUNIT_EXPECT_FALSE_MSG(test, f->features & RUBY_FEAT_DMA, "%s", f->name);
		if (f->features & RUBY_FEAT_IGP) {
			KUNIT_EXPECT_NULL_MSG(test, f->ip_blocks, "%s", f->name);
			KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(f->declined ?: "", "IGP"),
						  "%s", f->name);
			continue;
		}
		KUNIT_EXPECT_NOT_NULL_MSG(test, f->ip_blocks, "%s", f->name);
		KUNIT_EXPECT_EQ_MSG(test, f->ucode.me, RUBY_UCODE_R520_CP, "%s", f->name);
		KUNIT_EXPECT_GE_MSG(test, f->gfx.max_pipes, 1, "%s", f->name);
		KUNIT_EXPECT_LE_MSG(test, f->gfx.max_pipes, 4, "%s", f->name);
		KUNIT_EXPECT_GE_MSG(test, f->gfx.max_z_pipes, 1, "%s", f->name);
	}
	KUNIT_EXPECT_EQ(test, ruby_family_get(RUBY_FAMILY_RV515)->gfx.max_pipes, 1);
	KUNIT_EXPECT_EQ(test, ruby_family_get(RUBY_FAMILY_RV530)->gfx.max_z_pipes, 2);
	KUNIT_EXPECT_STREQ(test, ruby_ucode_files[RUBY_UCODE_R520_CP].path,
			   "radeon/R520_cp.bin");
	KUNIT_EXPECT_EQ(test, ruby_ucode_files[RUBY_UCODE_R520_CP].size, 2048);
}

static struct kunit_case ruby_chip_cases[] = {
	KUNIT_CASE(ruby_chip_pci_ids_resolve),
	KUNIT_CASE(ruby_chip_pci_ids_unique),
	KUNIT_CASE(ruby_chip_lookup_rejects_bad_family),
	KUNIT_CASE(ruby_chip_gen_names),
	KUNIT_CASE_PARAM(ruby_chip_family_consistent, family_gen_params),
	KUNIT_CASE_PARAM(ruby_chip_family_ops_complete, family_gen_params),
	KUNIT_CASE(ruby_chip_test_ib_packets),
	KUNIT_CASE(ruby_chip_ucode_files),
	KUNIT_CASE(ruby_chip_r6xx_r7xx_microcode),
	KUNIT_CASE(ruby_chip_r5xx_rows),
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
