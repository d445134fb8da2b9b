// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: chip descriptors
 *
 * Everything that differs between Radeon families is data in this file: one
 * const &struct ruby_family_desc per family (generation, feature bits,
 * microcode set, the generation's operations and checker tables, the IP
 * blocks probe brings up) and a
 * PCI id table that maps every supported device to its family. The rest of
 * the driver asks the descriptor (ruby_has(), rdev->chip.desc->mc->...)
 * instead of testing families, so adding a family is adding a row.
 */

#include <linux/errno.h>
#include <linux/pci.h>

#include <kunit/visibility.h>

#include "evergreen/evergreen.h"
#include "r500/r500.h"
#include "r500/r500_cs.h"
#include "r600/r600.h"
#include "r600/r600_cs.h"
#include "ruby_chip.h"
#include "ruby_cs_check.h"
#include "ruby_device.h"
#include "ruby_ucode.h"

static const char *const ruby_gen_names[RUBY_GEN_COUNT] = {
	[RUBY_GEN_R500] = "R500",
	[RUBY_GEN_R600] = "R600",
	[RUBY_GEN_R700] = "R700",
	[RUBY_GEN_EVERGREEN] = "Evergreen",
	[RUBY_GEN_NI] = "Northern Islands",
	[RUBY_GEN_SI] = "Southern Islands",
};

/**
 * ruby_gen_name - human-readable name of a generation
 * @gen: the generation
 *
 * Returns: a static string, "unknown" for values out of range.
 */
const char *ruby_gen_name(enum ruby_gen gen)
{
	if ((unsigned int)gen >= RUBY_GEN_COUNT)
		return "unknown";
	return ruby_gen_names[gen];
}
EXPORT_SYMBOL_IF_KUNIT(ruby_gen_name);

#define R600_UCODE(chip)						\
	{ .pfp = RUBY_UCODE_##chip##_PFP, .me = RUBY_UCODE_##chip##_ME,	\
	  .rlc = RUBY_UCODE_R600_RLC }
#define R700_UCODE(chip)						\
	{ .pfp = RUBY_UCODE_##chip##_PFP, .me = RUBY_UCODE_##chip##_ME,	\
	  .rlc = RUBY_UCODE_R700_RLC }
#define EG_UCODE(chip)							\
	{ .pfp = RUBY_UCODE_##chip##_PFP, .me = RUBY_UCODE_##chip##_ME,	\
	  .rlc = RUBY_UCODE_##chip##_RLC }
#define SUMO_UCODE(chip)						\
	{ .pfp = RUBY_UCODE_##chip##_PFP, .me = RUBY_UCODE_##chip##_ME,	\
	  .rlc = RUBY_UCODE_SUMO_RLC }
#define BTC_UCODE(chip)							\
	{ .pfp = RUBY_UCODE_##chip##_PFP, .me = RUBY_UCODE_##chip##_ME,	\
	  .rlc = RUBY_UCODE_BTC_RLC, .mc = RUBY_UCODE_##chip##_MC }

/* MC_VM_MD_L1_TLB0_CNTL of discrete chips, and of the Fusion IGPs */
#define EG_MD_L1_TLB		0x2654
#define FUSION_MD_L1_TLB	0x265c

/*
 * shader engines, pipes, tile pipes, SIMDs, render backends; golden
 * GB_ADDR_CONFIG
 */
#define GFX(ses, pipes, tpipes, simds, rbs, addr_config)		\
	{ .num_ses = ses, .max_pipes = pipes, .max_tile_pipes = tpipes,	\
	  .max_simds = simds, .max_backends = rbs,			\
	  .gb_addr_config = addr_config }

/*
 * R6xx, R7xx, Evergreen and NI boards: a 27 MHz crystal; Fusion: the
 * 100 MHz bus clock
 */
#define XCLK_27MHZ		2700
#define XCLK_100MHZ		10000

/*
 * R5xx: two AVIVO display controllers, the board's 27 MHz crystal, one
 * microcode image (the CP's micro engine; no PFP, no RLC), a PCIE GART
 * reaching 40 bits. RV515 has its memory controller's windows at other
 * indices than R520 and the chips after it, hence two block lists. One
 * command checker for all (r500/r500_cs.c); RV530's tables also take its
 * Z pipe select.
 */
#define R5XX_BASE(fam, nm, feat)					\
		.name = nm, .family = RUBY_FAMILY_##fam,		\
		.gen = RUBY_GEN_R500, .features = feat,			\
		.xclk_10khz = XCLK_27MHZ, .dma_bits = 40, .num_crtc = 2,\
		.mc = &r500_mc_funcs
#define R5XX_FAMILY(fam, nm, blocks, gb_pipes, z_pipes, tables)	\
	[RUBY_FAMILY_##fam] = {						\
		R5XX_BASE(fam, nm, 0),					\
		.ucode = { .me = RUBY_UCODE_R520_CP },			\
		.gfx = { .num_ses = 1, .max_pipes = gb_pipes,		\
			 .max_z_pipes = z_pipes },			\
		.asic = &r500_asic_funcs, .ip_blocks = blocks,		\
		.cs = tables,						\
	}
/*
 * The IGPs: their memory controllers (system RAM, sideport, K8 direct
 * mapping) and GARTs (RS600's page tables, RS690's in system RAM) are
 * not simulated, so ruby cannot bring them up yet
 */
#define R5XX_IGP(fam, nm, cp)						\
	[RUBY_FAMILY_##fam] = {						\
		R5XX_BASE(fam, nm, RUBY_FEAT_IGP),			\
		.ucode = { .me = RUBY_UCODE_##cp##_CP },		\
		.gfx = { .num_ses = 1, .max_pipes = 1, .max_z_pipes = 1 }, \
		.declined = "its IGP memory controller and GART are not simulated", \
	}

/* Evergreen's and NI's operations, checker tables and bring-up order */
#define EG_GEN_FUNCS							\
	.asic = &evergreen_asic_funcs, .cs = &rcs_evergreen,		\
	.ip_blocks = evergreen_ip_blocks

/*
 * R6xx and R7xx: two display controllers (DCE2/DCE3), one shader engine,
 * no golden GB_ADDR_CONFIG (their tiling is GB_TILING_CONFIG, built at
 * GPU init). Only RV770 and later run the async DMA engine: R6xx moves
 * and clears buffers with the CP. The discrete R6xx chips differ only in
 * these rows (microcode, layout, contexts): upstream programs their MC,
 * GART, CP, RLC and IH alike, so all are brought up; the IGPs are not.
 */
#define R6XX_BASE(fam, nm, feat, ctx, tables)				\
		.name = nm, .family = RUBY_FAMILY_##fam,		\
		.gen = RUBY_GEN_R600, .features = feat,			\
		.xclk_10khz = XCLK_27MHZ, .dma_bits = 40, .num_crtc = 2,\
		.max_hw_contexts = ctx, .mc = &r600_mc_funcs,		\
		.cs = tables
/* @tables: R600 itself has its own (no SURFACE_BASE_UPDATE) */
#define R6XX_FAMILY(fam, nm, ucode_set, ctx, tables, gfx_cfg)		\
	[RUBY_FAMILY_##fam] = {						\
		R6XX_BASE(fam, nm, 0, ctx, tables),			\
		.ucode = ucode_set, .gfx = gfx_cfg,			\
		.asic = &r600_asic_funcs, .ip_blocks = r600_ip_blocks,	\
	}
#define R6XX_IGP(fam, nm, ucode_set, ctx, gfx_cfg)			\
	[RUBY_FAMILY_##fam] = {						\
		R6XX_BASE(fam, nm, RUBY_FEAT_IGP, ctx, &rcs_r600),	\
		.ucode = ucode_set, .gfx = gfx_cfg,			\
	}
#define R7XX_FAMILY(fam, nm, ucode_set, ctx, gfx_cfg)			\
	[RUBY_FAMILY_##fam] = {						\
		.name = nm, .family = RUBY_FAMILY_##fam,		\
		.gen = RUBY_GEN_R700,					\
		.features = RUBY_FEAT_DMA | RUBY_FEAT_HDP_DEBUG1_FLUSH,	\
		.gfx = gfx_cfg, .xclk_10khz = XCLK_27MHZ,		\
		.dma_bits = 40, .num_crtc = 2, .ucode = ucode_set,	\
		.md_l1_tlb = EG_MD_L1_TLB, .max_hw_contexts = ctx,	\
		.mc = &r600_mc_funcs, .asic = &rv770_asic_funcs,	\
		.ip_blocks = rv770_ip_blocks, .cs = &rcs_r700,		\
	}

#define EG_FAMILY(fam, nm, ucode_set, crtcs, tlb3, ctx, gfx_cfg)	\
	[RUBY_FAMILY_##fam] = {						\
		.name = nm, .family = RUBY_FAMILY_##fam,		\
		.gen = RUBY_GEN_EVERGREEN,				\
		.features = RUBY_FEAT_DMA | RUBY_FEAT_RB_FUSE_RCU |	\
			    RUBY_FEAT_ACCEL_WORKING_FALSE,		\
		.gfx = gfx_cfg, .xclk_10khz = XCLK_27MHZ,		\
		.dma_bits = 40, .num_crtc = crtcs, .ucode = ucode_set,	\
		.md_l1_tlb = EG_MD_L1_TLB, .md_l1_tlb3 = tlb3,		\
		.max_hw_contexts = ctx,					\
		.mc = &evergreen_mc_funcs,				\
		EG_GEN_FUNCS,						\
	}
#define SUMO_FAMILY(fam, nm, ctx, gfx_cfg)				\
	[RUBY_FAMILY_##fam] = {						\
		.name = nm, .family = RUBY_FAMILY_##fam,		\
		.gfx = gfx_cfg, .xclk_10khz = XCLK_100MHZ,		\
		.gen = RUBY_GEN_EVERGREEN,				\
		.features = RUBY_FEAT_DMA | RUBY_FEAT_IGP,		\
		.dma_bits = 40, .num_crtc = 2, .ucode = SUMO_UCODE(fam),\
		.md_l1_tlb = FUSION_MD_L1_TLB, .max_hw_contexts = ctx,	\
		.mc = &r600_mc_funcs,	/* size in bytes, as R6xx */	\
		EG_GEN_FUNCS,						\
	}
#define BTC_FAMILY(fam, nm, crtcs, tlb3, ctx, gfx_cfg)		\
	[RUBY_FAMILY_##fam] = {						\
		.name = nm, .family = RUBY_FAMILY_##fam,		\
		.gfx = gfx_cfg, .xclk_10khz = XCLK_27MHZ,		\
		.gen = RUBY_GEN_NI,					\
		.features = RUBY_FEAT_DMA | RUBY_FEAT_MC_UCODE,		\
		.dma_bits = 40, .num_crtc = crtcs, .ucode = BTC_UCODE(fam),\
		.md_l1_tlb = EG_MD_L1_TLB, .md_l1_tlb3 = tlb3,		\
		.max_hw_contexts = ctx,					\
		.mc = &evergreen_mc_funcs,				\
		EG_GEN_FUNCS,						\
	}

static const struct ruby_family_desc ruby_families[RUBY_FAMILY_COUNT] = {
	/* quad (GB) pipes and Z pipes, as radeon and Mesa's r300 count them */
	R5XX_FAMILY(RV515, "RV515", rv515_ip_blocks, 1, 1, &rcs_r500),
	R5XX_FAMILY(R520, "R520", r520_ip_blocks, 4, 1, &rcs_r500),
	R5XX_FAMILY(RV530, "RV530", r520_ip_blocks, 2, 2, &rcs_r500_rv530),
	R5XX_FAMILY(RV560, "RV560", r520_ip_blocks, 2, 1, &rcs_r500),
	R5XX_FAMILY(RV570, "RV570", r520_ip_blocks, 3, 1, &rcs_r500),
	R5XX_FAMILY(R580, "R580", r520_ip_blocks, 4, 1, &rcs_r500),
	R5XX_IGP(RS600, "RS600", RS600),
	R5XX_IGP(RS690, "RS690", RS690),
	R5XX_IGP(RS740, "RS740", RS690),
	R6XX_FAMILY(R600, "R600", R600_UCODE(R600), 8, &rcs_r600_r600,
		    GFX(1, 4, 8, 4, 4, 0)),
	R6XX_FAMILY(RV610, "RV610", R600_UCODE(RV610), 4, &rcs_r600,
		    GFX(1, 1, 1, 2, 1, 0)),
	R6XX_FAMILY(RV630, "RV630", R600_UCODE(RV630), 8, &rcs_r600,
		    GFX(1, 2, 2, 3, 1, 0)),
	R6XX_FAMILY(RV620, "RV620", R600_UCODE(RV620), 4, &rcs_r600,
		    GFX(1, 1, 1, 2, 1, 0)),
	R6XX_FAMILY(RV635, "RV635", R600_UCODE(RV635), 8, &rcs_r600,
		    GFX(1, 2, 2, 3, 1, 0)),
	R6XX_FAMILY(RV670, "RV670", R600_UCODE(RV670), 8, &rcs_r600,
		    GFX(1, 4, 4, 4, 4, 0)),
	/*
	 * The IGPs share system RAM through a UMA memory controller (and
	 * the K8 "fastfb" path) the simulator does not model: declined.
	 */
	R6XX_IGP(RS780, "RS780", R600_UCODE(RS780), 4,
		 GFX(1, 1, 1, 2, 1, 0)),
	R6XX_IGP(RS880, "RS880", R600_UCODE(RS780), 4,
		 GFX(1, 1, 1, 2, 1, 0)),
	R7XX_FAMILY(RV770, "RV770", R700_UCODE(RV770), 8,
		    GFX(1, 4, 8, 10, 4, 0)),
	R7XX_FAMILY(RV730, "RV730", R700_UCODE(RV730), 8,
		    GFX(1, 2, 4, 8, 2, 0)),
	R7XX_FAMILY(RV710, "RV710", R700_UCODE(RV710), 4,
		    GFX(1, 2, 2, 2, 1, 0)),
	/* RV740 runs RV730's microcode */
	R7XX_FAMILY(RV740, "RV740", R700_UCODE(RV730), 8,
		    GFX(1, 4, 4, 8, 4, 0)),
	EG_FAMILY(CEDAR, "CEDAR", EG_UCODE(CEDAR), 4, false, 4,
		  GFX(1, 2, 2, 2, 1, 0x02010001)),
	EG_FAMILY(REDWOOD, "REDWOOD", EG_UCODE(REDWOOD), 6, false, 8,
		  GFX(1, 4, 4, 5, 2, 0x02010002)),
	EG_FAMILY(JUNIPER, "JUNIPER", EG_UCODE(JUNIPER), 6, true, 8,
		  GFX(1, 4, 4, 10, 4, 0x02010002)),
	EG_FAMILY(CYPRESS, "CYPRESS", EG_UCODE(CYPRESS), 6, true, 8,
		  GFX(2, 4, 8, 10, 8, 0x02011003)),
	/* Hemlock is two Cypress dies on one board and runs their microcode */
	EG_FAMILY(HEMLOCK, "HEMLOCK", EG_UCODE(CYPRESS), 6, true, 8,
		  GFX(2, 4, 8, 10, 8, 0x02011003)),
	SUMO_FAMILY(PALM, "PALM", 4, GFX(1, 2, 2, 2, 1, 0x02010001)),
	/* some Sumo parts have 3 or 4 SIMDs: their fuses say which */
	SUMO_FAMILY(SUMO, "SUMO", 8, GFX(1, 4, 4, 5, 2, 0x02010002)),
	SUMO_FAMILY(SUMO2, "SUMO2", 4, GFX(1, 4, 4, 2, 1, 0x02010002)),
	BTC_FAMILY(BARTS, "BARTS", 6, true, 8, GFX(2, 4, 8, 7, 8, 0x02011003)),
	BTC_FAMILY(TURKS, "TURKS", 6, false, 8, GFX(1, 4, 4, 6, 2, 0x02010002)),
	BTC_FAMILY(CAICOS, "CAICOS", 4, false, 4, GFX(1, 2, 2, 2, 1, 0x02010001)),
	[RUBY_FAMILY_CAYMAN] = {
		.name = "CAYMAN", .family = RUBY_FAMILY_CAYMAN,
		.gen = RUBY_GEN_NI,
		.features = RUBY_FEAT_DMA | RUBY_FEAT_MC_UCODE | RUBY_FEAT_VM,
		.dma_bits = 40, .num_crtc = 6, .md_l1_tlb = EG_MD_L1_TLB,
		.max_hw_contexts = 8, .xclk_10khz = XCLK_27MHZ,
		.gfx = GFX(2, 4, 8, 12, 8, 0x02011003),
		.ucode = { .pfp = RUBY_UCODE_CAYMAN_PFP,
			   .me = RUBY_UCODE_CAYMAN_ME,
			   .rlc = RUBY_UCODE_CAYMAN_RLC,
			   .mc = RUBY_UCODE_CAYMAN_MC },
		.mc = &evergreen_mc_funcs,
		/*
		 * Cayman's three CP rings, two DMA engines and GPU init differ
		 * from Evergreen's: no bring-up until they are written.
		 */
		.ip_blocks = NULL,
	},
};

/**
 * ruby_family_get - descriptor of a family
 * @family: the family
 *
 * Returns: the descriptor, or NULL if @family is out of range.
 */
const struct ruby_family_desc *ruby_family_get(enum ruby_family family)
{
	if ((unsigned int)family >= RUBY_FAMILY_COUNT)
		return NULL;
	return &ruby_families[family];
}
EXPORT_SYMBOL_IF_KUNIT(ruby_family_get);

/* driver_data of a PCI id: the family in bits 7:0, RUBY_CHIP_* above them */
#define RUBY_CHIP_DATA(fam, flags)	(RUBY_FAMILY_##fam | ((flags) << 8))
#define RUBY_PCI(dev, fam)						\
	{ PCI_VDEVICE(ATI, dev), RUBY_CHIP_DATA(fam, 0) }
#define RUBY_PCI_M(dev, fam)						\
	{ PCI_VDEVICE(ATI, dev), RUBY_CHIP_DATA(fam, RUBY_CHIP_MOBILITY) }

const struct pci_device_id ruby_pci_ids[] = {
	RUBY_PCI(0x7140, RV515), RUBY_PCI(0x7141, RV515),
	RUBY_PCI(0x7142, RV515), RUBY_PCI(0x7143, RV515),
	RUBY_PCI_M(0x7144, RV515), RUBY_PCI_M(0x7145, RV515),
	RUBY_PCI(0x7146, RV515), RUBY_PCI(0x7147, RV515),
	RUBY_PCI_M(0x7149, RV515), RUBY_PCI_M(0x714a, RV515),
	RUBY_PCI_M(0x714b, RV515), RUBY_PCI_M(0x714c, RV515),
	RUBY_PCI(0x714d, RV515), RUBY_PCI(0x714e, RV515),
	RUBY_PCI(0x714f, RV515), RUBY_PCI(0x7151, RV515),
	RUBY_PCI(0x7152, RV515), RUBY_PCI(0x7153, RV515),
	RUBY_PCI(0x715e, RV515), RUBY_PCI(0x715f, RV515),
	RUBY_PCI(0x7180, RV515), RUBY_PCI(0x7181, RV515),
	RUBY_PCI(0x7183, RV515), RUBY_PCI_M(0x7186, RV515),
	RUBY_PCI(0x7187, RV515), RUBY_PCI_M(0x7188, RV515),
	RUBY_PCI_M(0x718a, RV515), RUBY_PCI_M(0x718b, RV515),
	RUBY_PCI_M(0x718c, RV515), RUBY_PCI_M(0x718d, RV515),
	RUBY_PCI(0x718f, RV515), RUBY_PCI(0x7193, RV515),
	RUBY_PCI_M(0x7196, RV515), RUBY_PCI(0x719b, RV515),
	RUBY_PCI(0x719f, RV515), RUBY_PCI(0x7200, RV515),
	RUBY_PCI_M(0x7210, RV515), RUBY_PCI_M(0x7211, RV515),

	RUBY_PCI(0x7100, R520), RUBY_PCI_M(0x7101, R520),
	RUBY_PCI_M(0x7102, R520), RUBY_PCI_M(0x7103, R520),
	RUBY_PCI(0x7104, R520), RUBY_PCI(0x7105, R520),
	RUBY_PCI_M(0x7106, R520), RUBY_PCI(0x7108, R520),
	RUBY_PCI(0x7109, R520), RUBY_PCI(0x710a, R520), RUBY_PCI(0x710b, R520),
	RUBY_PCI(0x710c, R520), RUBY_PCI(0x710e, R520), RUBY_PCI(0x710f, R520),

	RUBY_PCI(0x71c0, RV530), RUBY_PCI(0x71c1, RV530),
	RUBY_PCI(0x71c2, RV530), RUBY_PCI(0x71c3, RV530),
	RUBY_PCI_M(0x71c4, RV530), RUBY_PCI_M(0x71c5, RV530),
	RUBY_PCI(0x71c6, RV530), RUBY_PCI(0x71c7, RV530),
	RUBY_PCI(0x71cd, RV530), RUBY_PCI(0x71ce, RV530),
	RUBY_PCI(0x71d2, RV530), RUBY_PCI_M(0x71d4, RV530),
	RUBY_PCI_M(0x71d5, RV530), RUBY_PCI_M(0x71d6, RV530),
	RUBY_PCI(0x71da, RV530), RUBY_PCI_M(0x71de, RV530),

	RUBY_PCI(0x7281, RV560), RUBY_PCI(0x7283, RV560),
	RUBY_PCI(0x7287, RV560), RUBY_PCI(0x7290, RV560),
	RUBY_PCI(0x7291, RV560), RUBY_PCI(0x7293, RV560),
	RUBY_PCI(0x7297, RV560),

	RUBY_PCI(0x7280, RV570), RUBY_PCI(0x7288, RV570),
	RUBY_PCI(0x7289, RV570), RUBY_PCI(0x728b, RV570),
	RUBY_PCI(0x728c, RV570),

	RUBY_PCI(0x7240, R580), RUBY_PCI(0x7243, R580), RUBY_PCI(0x7244, R580),
	RUBY_PCI(0x7245, R580), RUBY_PCI(0x7246, R580), RUBY_PCI(0x7247, R580),
	RUBY_PCI(0x7248, R580), RUBY_PCI(0x7249, R580), RUBY_PCI(0x724a, R580),
	RUBY_PCI(0x724b, R580), RUBY_PCI(0x724c, R580), RUBY_PCI(0x724d, R580),
	RUBY_PCI(0x724e, R580), RUBY_PCI(0x724f, R580),
	RUBY_PCI_M(0x7284, R580),

	RUBY_PCI(0x793f, RS600), RUBY_PCI(0x7941, RS600),
	RUBY_PCI(0x7942, RS600),

	RUBY_PCI(0x791e, RS690), RUBY_PCI(0x791f, RS690),

	RUBY_PCI(0x796c, RS740), RUBY_PCI(0x796d, RS740),
	RUBY_PCI(0x796e, RS740), RUBY_PCI(0x796f, RS740),

	RUBY_PCI(0x9400, R600), RUBY_PCI(0x9401, R600), RUBY_PCI(0x9402, R600),
	RUBY_PCI(0x9403, R600), RUBY_PCI(0x9405, R600), RUBY_PCI(0x940a, R600),
	RUBY_PCI(0x940b, R600), RUBY_PCI(0x940f, R600),

	RUBY_PCI(0x94c0, RV610), RUBY_PCI(0x94c1, RV610),
	RUBY_PCI(0x94c3, RV610), RUBY_PCI(0x94c4, RV610),
	RUBY_PCI(0x94c5, RV610), RUBY_PCI(0x94c6, RV610),
	RUBY_PCI(0x94c7, RV610), RUBY_PCI_M(0x94c8, RV610),
	RUBY_PCI_M(0x94c9, RV610), RUBY_PCI_M(0x94cb, RV610),
	RUBY_PCI(0x94cc, RV610), RUBY_PCI(0x94cd, RV610),

	RUBY_PCI(0x9580, RV630), RUBY_PCI_M(0x9581, RV630),
	RUBY_PCI_M(0x9583, RV630), RUBY_PCI(0x9586, RV630),
	RUBY_PCI(0x9587, RV630), RUBY_PCI(0x9588, RV630),
	RUBY_PCI(0x9589, RV630), RUBY_PCI(0x958a, RV630),
	RUBY_PCI_M(0x958b, RV630), RUBY_PCI(0x958c, RV630),
	RUBY_PCI(0x958d, RV630), RUBY_PCI(0x958e, RV630),
	RUBY_PCI_M(0x958f, RV630),

	RUBY_PCI(0x95c0, RV620), RUBY_PCI_M(0x95c2, RV620),
	RUBY_PCI_M(0x95c4, RV620), RUBY_PCI(0x95c5, RV620),
	RUBY_PCI(0x95c6, RV620), RUBY_PCI(0x95c7, RV620),
	RUBY_PCI(0x95c9, RV620), RUBY_PCI(0x95cc, RV620),
	RUBY_PCI(0x95cd, RV620), RUBY_PCI(0x95ce, RV620),
	RUBY_PCI(0x95cf, RV620),

	RUBY_PCI(0x9590, RV635), RUBY_PCI_M(0x9591, RV635),
	RUBY_PCI_M(0x9593, RV635), RUBY_PCI_M(0x9595, RV635),
	RUBY_PCI(0x9596, RV635), RUBY_PCI(0x9597, RV635),
	RUBY_PCI(0x9598, RV635), RUBY_PCI(0x9599, RV635),
	RUBY_PCI_M(0x959b, RV635),

	RUBY_PCI(0x9500, RV670), RUBY_PCI(0x9501, RV670),
	RUBY_PCI_M(0x9504, RV670), RUBY_PCI(0x9505, RV670),
	RUBY_PCI_M(0x9506, RV670), RUBY_PCI(0x9507, RV670),
	RUBY_PCI_M(0x9508, RV670), RUBY_PCI_M(0x9509, RV670),
	RUBY_PCI(0x950f, RV670), RUBY_PCI(0x9511, RV670),
	RUBY_PCI(0x9515, RV670), RUBY_PCI(0x9517, RV670),
	RUBY_PCI(0x9519, RV670),

	RUBY_PCI(0x9610, RS780), RUBY_PCI(0x9611, RS780),
	RUBY_PCI(0x9612, RS780), RUBY_PCI(0x9613, RS780),
	RUBY_PCI(0x9614, RS780), RUBY_PCI(0x9615, RS780),
	RUBY_PCI(0x9616, RS780),

	RUBY_PCI(0x9710, RS880), RUBY_PCI(0x9711, RS880),
	RUBY_PCI_M(0x9712, RS880), RUBY_PCI_M(0x9713, RS880),
	RUBY_PCI(0x9714, RS880), RUBY_PCI(0x9715, RS880),

	RUBY_PCI(0x9440, RV770), RUBY_PCI(0x9441, RV770),
	RUBY_PCI(0x9442, RV770), RUBY_PCI(0x9443, RV770),
	RUBY_PCI(0x9444, RV770), RUBY_PCI(0x9446, RV770),
	RUBY_PCI_M(0x944a, RV770), RUBY_PCI_M(0x944b, RV770),
	RUBY_PCI(0x944c, RV770), RUBY_PCI(0x944e, RV770),
	RUBY_PCI(0x9450, RV770), RUBY_PCI(0x9452, RV770),
	RUBY_PCI(0x9456, RV770), RUBY_PCI_M(0x945a, RV770),
	RUBY_PCI_M(0x945b, RV770), RUBY_PCI_M(0x945e, RV770),
	RUBY_PCI(0x9460, RV770), RUBY_PCI(0x9462, RV770),
	RUBY_PCI_M(0x946a, RV770), RUBY_PCI_M(0x946b, RV770),
	RUBY_PCI_M(0x947a, RV770), RUBY_PCI_M(0x947b, RV770),

	RUBY_PCI_M(0x9480, RV730), RUBY_PCI(0x9487, RV730),
	RUBY_PCI_M(0x9488, RV730), RUBY_PCI_M(0x9489, RV730),
	RUBY_PCI_M(0x948a, RV730), RUBY_PCI(0x948f, RV730),
	RUBY_PCI(0x9490, RV730), RUBY_PCI_M(0x9491, RV730),
	RUBY_PCI(0x9495, RV730), RUBY_PCI(0x9498, RV730),
	RUBY_PCI(0x949c, RV730), RUBY_PCI(0x949e, RV730),
	RUBY_PCI(0x949f, RV730),

	RUBY_PCI(0x9540, RV710), RUBY_PCI(0x9541, RV710),
	RUBY_PCI(0x9542, RV710), RUBY_PCI(0x954e, RV710),
	RUBY_PCI(0x954f, RV710), RUBY_PCI_M(0x9552, RV710),
	RUBY_PCI_M(0x9553, RV710), RUBY_PCI_M(0x9555, RV710),
	RUBY_PCI_M(0x9557, RV710), RUBY_PCI_M(0x955f, RV710),

	RUBY_PCI_M(0x94a0, RV740), RUBY_PCI_M(0x94a1, RV740),
	RUBY_PCI_M(0x94a3, RV740), RUBY_PCI(0x94b1, RV740),
	RUBY_PCI(0x94b3, RV740), RUBY_PCI(0x94b4, RV740),
	RUBY_PCI(0x94b5, RV740), RUBY_PCI_M(0x94b9, RV740),

	RUBY_PCI_M(0x68e0, CEDAR), RUBY_PCI_M(0x68e1, CEDAR),
	RUBY_PCI_M(0x68e4, CEDAR), RUBY_PCI_M(0x68e5, CEDAR),
	RUBY_PCI(0x68e8, CEDAR), RUBY_PCI(0x68e9, CEDAR),
	RUBY_PCI(0x68f1, CEDAR), RUBY_PCI(0x68f2, CEDAR),
	RUBY_PCI(0x68f8, CEDAR), RUBY_PCI(0x68f9, CEDAR),
	RUBY_PCI(0x68fa, CEDAR), RUBY_PCI(0x68fe, CEDAR),

	RUBY_PCI_M(0x68c0, REDWOOD), RUBY_PCI_M(0x68c1, REDWOOD),
	RUBY_PCI_M(0x68c7, REDWOOD), RUBY_PCI(0x68c8, REDWOOD),
	RUBY_PCI(0x68c9, REDWOOD), RUBY_PCI(0x68d8, REDWOOD),
	RUBY_PCI(0x68d9, REDWOOD), RUBY_PCI(0x68da, REDWOOD),
	RUBY_PCI(0x68de, REDWOOD),

	RUBY_PCI_M(0x68a0, JUNIPER), RUBY_PCI_M(0x68a1, JUNIPER),
	RUBY_PCI_M(0x68b0, JUNIPER), RUBY_PCI(0x68a8, JUNIPER),
	RUBY_PCI(0x68a9, JUNIPER), RUBY_PCI(0x68b8, JUNIPER),
	RUBY_PCI(0x68b9, JUNIPER), RUBY_PCI(0x68ba, JUNIPER),
	RUBY_PCI(0x68be, JUNIPER), RUBY_PCI(0x68bf, JUNIPER),

	RUBY_PCI_M(0x6880, CYPRESS), RUBY_PCI(0x6888, CYPRESS),
	RUBY_PCI(0x6889, CYPRESS), RUBY_PCI(0x688a, CYPRESS),
	RUBY_PCI(0x688c, CYPRESS), RUBY_PCI(0x688d, CYPRESS),
	RUBY_PCI(0x6898, CYPRESS), RUBY_PCI(0x6899, CYPRESS),
	RUBY_PCI(0x689b, CYPRESS), RUBY_PCI(0x689e, CYPRESS),

	RUBY_PCI(0x689c, HEMLOCK), RUBY_PCI(0x689d, HEMLOCK),

	RUBY_PCI(0x9802, PALM), RUBY_PCI(0x9803, PALM),
	RUBY_PCI(0x9804, PALM), RUBY_PCI(0x9805, PALM),
	RUBY_PCI(0x9806, PALM), RUBY_PCI(0x9807, PALM),
	RUBY_PCI(0x9808, PALM), RUBY_PCI(0x9809, PALM),
	RUBY_PCI(0x980a, PALM),

	RUBY_PCI(0x9640, SUMO), RUBY_PCI_M(0x9641, SUMO),
	RUBY_PCI_M(0x9647, SUMO), RUBY_PCI_M(0x9648, SUMO),
	RUBY_PCI(0x964a, SUMO), RUBY_PCI(0x964b, SUMO),
	RUBY_PCI(0x964c, SUMO), RUBY_PCI_M(0x964e, SUMO),
	RUBY_PCI_M(0x964f, SUMO),

	RUBY_PCI(0x9642, SUMO2), RUBY_PCI_M(0x9643, SUMO2),
	RUBY_PCI(0x9644, SUMO2), RUBY_PCI_M(0x9645, SUMO2),
	RUBY_PCI_M(0x9649, SUMO2),

	RUBY_PCI_M(0x6720, BARTS), RUBY_PCI_M(0x6721, BARTS),
	RUBY_PCI(0x6722, BARTS), RUBY_PCI(0x6723, BARTS),
	RUBY_PCI_M(0x6724, BARTS), RUBY_PCI_M(0x6725, BARTS),
	RUBY_PCI(0x6726, BARTS), RUBY_PCI(0x6727, BARTS),
	RUBY_PCI(0x6728, BARTS), RUBY_PCI(0x6729, BARTS),
	RUBY_PCI(0x6738, BARTS), RUBY_PCI(0x6739, BARTS),
	RUBY_PCI(0x673e, BARTS),

	RUBY_PCI_M(0x6740, TURKS), RUBY_PCI_M(0x6741, TURKS),
	RUBY_PCI_M(0x6742, TURKS), RUBY_PCI_M(0x6743, TURKS),
	RUBY_PCI_M(0x6744, TURKS), RUBY_PCI_M(0x6745, TURKS),
	RUBY_PCI(0x6746, TURKS), RUBY_PCI(0x6747, TURKS),
	RUBY_PCI(0x6748, TURKS), RUBY_PCI(0x6749, TURKS),
	RUBY_PCI(0x674a, TURKS), RUBY_PCI(0x6750, TURKS),
	RUBY_PCI(0x6751, TURKS), RUBY_PCI(0x6758, TURKS),
	RUBY_PCI(0x6759, TURKS), RUBY_PCI(0x675b, TURKS),
	RUBY_PCI(0x675d, TURKS), RUBY_PCI(0x675f, TURKS),
	RUBY_PCI_M(0x6840, TURKS), RUBY_PCI_M(0x6841, TURKS),
	RUBY_PCI_M(0x6842, TURKS), RUBY_PCI_M(0x6843, TURKS),
	RUBY_PCI(0x6849, TURKS), RUBY_PCI(0x6850, TURKS),
	RUBY_PCI(0x6858, TURKS), RUBY_PCI(0x6859, TURKS),

	RUBY_PCI_M(0x6760, CAICOS), RUBY_PCI_M(0x6761, CAICOS),
	RUBY_PCI(0x6762, CAICOS), RUBY_PCI(0x6763, CAICOS),
	RUBY_PCI_M(0x6764, CAICOS), RUBY_PCI_M(0x6765, CAICOS),
	RUBY_PCI(0x6766, CAICOS), RUBY_PCI(0x6767, CAICOS),
	RUBY_PCI(0x6768, CAICOS), RUBY_PCI(0x6770, CAICOS),
	RUBY_PCI(0x6771, CAICOS), RUBY_PCI(0x6772, CAICOS),
	RUBY_PCI(0x6778, CAICOS), RUBY_PCI(0x6779, CAICOS),
	RUBY_PCI(0x677b, CAICOS),

	RUBY_PCI(0x6700, CAYMAN), RUBY_PCI(0x6701, CAYMAN),
	RUBY_PCI(0x6702, CAYMAN), RUBY_PCI(0x6703, CAYMAN),
	RUBY_PCI(0x6704, CAYMAN), RUBY_PCI(0x6705, CAYMAN),
	RUBY_PCI(0x6706, CAYMAN), RUBY_PCI(0x6707, CAYMAN),
	RUBY_PCI(0x6708, CAYMAN), RUBY_PCI(0x6709, CAYMAN),
	RUBY_PCI(0x6718, CAYMAN), RUBY_PCI(0x6719, CAYMAN),
	RUBY_PCI(0x671c, CAYMAN), RUBY_PCI(0x671d, CAYMAN),
	RUBY_PCI(0x671f, CAYMAN),
	{ }
};
EXPORT_SYMBOL_IF_KUNIT(ruby_pci_ids);

/**
 * ruby_chip_lookup - resolve a PCI id match to the chip's descriptor
 * @id: the matching entry of ruby_pci_ids
 * @info: filled in on success
 *
 * Returns: 0, or -ENODEV if the entry names no known family (a corrupt
 * table or a dynamic id added through sysfs with bad driver_data).
 */
int ruby_chip_lookup(const struct pci_device_id *id, struct ruby_chip_info *info)
{
	const struct ruby_family_desc *desc = ruby_family_get(id->driver_data & 0xff);

	if (!desc)
		return -ENODEV;
	info->desc = desc;
	info->flags = id->driver_data >> 8;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_chip_lookup);
MODULE_DEVICE_TABLE(pci, ruby_pci_ids);
