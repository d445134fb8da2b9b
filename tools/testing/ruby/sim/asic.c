// SPDX-License-Identifier: GPL-2.0-only
/* The ASIC table: one row per simulated chip, with its register blocks. */
#include <string.h>

#include "draw.h"
#include "models.h"
#include "r500.h"
#include "sim.h"

#define EG_COMMON							\
	&sim_evergreen_config_block, &sim_evergreen_mc_block,		\
	&sim_evergreen_crtc0_3_block, &sim_evergreen_vm_block,		\
	&sim_evergreen_ucode_block, &sim_evergreen_cp_block,		\
	&sim_evergreen_ih_block, &sim_evergreen_dma_block,		\
	&sim_evergreen_rom_ctl_block

/* four display controllers, three MD TLBs: Cedar, Caicos */
static const struct sim_block *const eg_small_blocks[] = {
	EG_COMMON, NULL
};

/* six display controllers, three MD TLBs: Redwood, Turks */
static const struct sim_block *const eg_mid_blocks[] = {
	EG_COMMON, &sim_evergreen_crtc4_5_block, NULL
};

/* six display controllers, four MD TLBs: Juniper, Cypress, Barts, Cayman */
static const struct sim_block *const eg_big_blocks[] = {
	EG_COMMON, &sim_evergreen_crtc4_5_block, &sim_evergreen_md_tlb3_block,
	NULL
};

/* R7xx: Evergreen's VM, CP, IH, DMA and ucode ports; its own MC and displays */
static const struct sim_block *const rv770_blocks[] = {
	&sim_rv770_config_block, &sim_rv770_mc_block, &sim_avivo_crtc_block,
	&sim_evergreen_vm_block, &sim_evergreen_ucode_block,
	&sim_evergreen_cp_block, &sim_evergreen_ih_block,
	&sim_evergreen_dma_block, NULL
};

/*
 * R6xx: R7xx's CP, IH and ucode ports and displays; its own MC_VM block,
 * VM context 0 registers and TLBs; no DMA engine model
 */
static const struct sim_block *const r600_blocks[] = {
	&sim_r600_config_block, &sim_r600_mc_block, &sim_avivo_crtc_block,
	&sim_r600_vm_block, &sim_evergreen_ucode_block,
	&sim_evergreen_cp_block, &sim_evergreen_ih_block, NULL
};

/*
 * R5xx: no VM contexts, IH ring, RLC, PFP or DMA engine; the indirect MC,
 * clock and PCIE spaces, the CP and the AVIVO display registers
 */
static const struct sim_block *const rv515_blocks[] = {
	&sim_r500_config_block, &sim_r500_cp_block, &sim_r500_avivo_block, NULL
};

/* RV530: RV515's blocks and its second pipe straps */
static const struct sim_block *const rv530_blocks[] = {
	&sim_r500_config_block, &sim_r500_cp_block, &sim_r500_avivo_block,
	&sim_rv530_config_block, NULL
};

#define ROW_FIELDS(nm, id, fam, gen, mib, rlc, rb, se, blk) \
	.name = nm, .device_id = id, .family = fam, .generation = gen, \
	.vram_mib = mib, .rbs = rb, .ses = se, .fw_name = fam, .rlc_name = rlc, \
	.blocks = blk, .dma_reset_bit = 1u << 20, .vm = &sim_evergreen_vm_map, \
	.cp_dma_data = true, .post = sim_evergreen_post
#define ROW(...) { ROW_FIELDS(__VA_ARGS__) }
/*
 * The board vbios.c describes, with its ROM: the image is an HD 5450's
 * (its PCI data structure names 1002:68F9, its connectors are that
 * card's), so only Cedar has it; the other rows are bare chips until
 * they get boards of their own.
 */
#define BOARD_ROW(...) { ROW_FIELDS(__VA_ARGS__), .has_vbios = true }
/*
 * R6xx/R7xx: R6xx's draw oracle; CP_STRMOUT_CNTL is state the CP latches
 * (SET_CONFIG_REG), the bit the stream-out flush sets included
 */
#define R6XX_CP_STRMOUT_CNTL	0x8490
#define R6XX_DRAW \
	.strmout_cntl = R6XX_CP_STRMOUT_CNTL, .draw = sim_r600_draw, \
	.exec_type3 = sim_r600_exec_type3
/* R7xx: its DMA packets, its reset bit; CP DMA from memory only */
#define R7XX_ROW(nm, id, fam, mib, rb, blk) \
	{ .name = nm, .device_id = id, .family = fam, .generation = "r700", \
	  .vram_mib = mib, .rbs = rb, .ses = 1, .fw_name = fam, .rlc_name = "R700", \
	  .blocks = blk, .dma_r7xx = true, .dma_reset_bit = 1u << 12, \
	  .vm = &sim_evergreen_vm_map, R6XX_DRAW }
/* R6xx: no DMA engine; R6xx's VM registers; CP DMA from memory only */
#define R6XX_ROW(nm, id, fam, mib, rb, blk) \
	{ .name = nm, .device_id = id, .family = fam, .generation = "r600", \
	  .vram_mib = mib, .rbs = rb, .ses = 1, .fw_name = fam, .rlc_name = "R600", \
	  .blocks = blk, .vm = &sim_r600_vm_map, R6XX_DRAW }

/*
 * R5xx: the ME's microcode alone, radeon/R520_cp.bin for every chip;
 * a 64 KiB register BAR; the chip's MC layout and straps in @chip; the
 * r300-class engine's draw model (its type-3 packets)
 */
#define R5XX_ROW(nm, id, fam, mib, chip, blk) \
	{ .name = nm, .device_id = id, .family = fam, .generation = "r500", \
	  .vram_mib = mib, .rbs = 1, .ses = 1, .fw_name = "R520", .cp_ucode = "cp", \
	  .blocks = blk, .bar2_kib = 64, .r500 = &chip, \
	  .translate = sim_r500_translate, .init = sim_r500_init, \
	  .exec_type3 = sim_r500_exec_type3 }

static const struct sim_asic asics[] = {
	R5XX_ROW("rv515", 0x7146, "RV515", 256, sim_rv515_chip, rv515_blocks),
	R5XX_ROW("rv530", 0x71c2, "RV530", 256, sim_rv530_chip, rv530_blocks),
	R6XX_ROW("rv630", 0x9589, "RV630", 512, 1, r600_blocks),
	R7XX_ROW("rv730", 0x9498, "RV730", 512, 2, rv770_blocks),
	BOARD_ROW("cedar", 0x68f9, "CEDAR", "evergreen", 512, "CEDAR", 1, 1, eg_small_blocks),
	ROW("redwood", 0x68d8, "REDWOOD", "evergreen", 512, "REDWOOD", 2, 1, eg_mid_blocks),
	ROW("juniper", 0x68b8, "JUNIPER", "evergreen", 1024, "JUNIPER", 4, 1, eg_big_blocks),
	ROW("cypress", 0x6898, "CYPRESS", "evergreen", 1024, "CYPRESS", 8, 2, eg_big_blocks),
	ROW("caicos", 0x6779, "CAICOS", "ni", 512, "BTC", 1, 1, eg_small_blocks),
	ROW("turks", 0x6759, "TURKS", "ni", 1024, "BTC", 2, 1, eg_mid_blocks),
	ROW("barts", 0x6739, "BARTS", "ni", 1024, "BTC", 8, 2, eg_big_blocks),
};

const struct sim_asic *sim_asic_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(asics) / sizeof(asics[0]); i++)
		if (!strcmp(asics[i].name, name))
			return &asics[i];
	return NULL;
}

void sim_asic_list(FILE *out)
{
	size_t i;

	for (i = 0; i < sizeof(asics) / sizeof(asics[0]); i++)
		fprintf(out, "%-8s 1002:%04x %-8s %-10s %u MiB\n", asics[i].name,
			asics[i].device_id, asics[i].family, asics[i].generation,
			asics[i].vram_mib);
}
