// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R5xx
 *
 * The generation of the Radeon X1000 chips (RV515, R520, RV530, RV560,
 * RV570, R580). This folder holds what ruby programs on them: memory
 * controller through its index/data window (r500_mc.c), the PCIE GART
 * (r500_gart.c), the status-register interrupt (r500_irq.c), the quad and
 * Z pipes (r500_gfx.c) and the command processor with its scratch-register
 * fences (r500_cp.c). R5xx has no interrupt ring, no RLC, no PFP, no DMA
 * engine and no GPU clock counter; shared code asks the operations below
 * instead (irq_process, the GART's entry format, ring functions that
 * cannot copy or fill: TTM moves and clears with the CPU there).
 *
 * The IGPs (RS600, RS690, RS740) are in the chip table, but their memory
 * controllers and GARTs differ and are not simulated: probe declines them.
 * Until the R5xx command checker lands, the descriptors have no checker
 * tables and the CS ioctl refuses every stream.
 */

#include <linux/kernel.h>

#include "../ruby_device.h"
#include "r500.h"

/*
 * R5xx's blocks, in bring-up order, after its memory controller's block
 * @mc: the only difference between the families
 */
#define R500_IP_BLOCKS(mc) {						\
	&(mc), &ruby_mem_block, &ruby_gart_block, &ruby_ucode_block,	\
	&ruby_wb_block, &ruby_irq_block, &r500_irq_block,		\
	&r500_gfx_block, &ruby_cs_block, &r500_cp_block,		\
	&r500_ib_test_block, &ruby_sched_block, NULL			\
}

/* RV515's: its MC windows at indices 1-4 */
const struct ruby_ip_block *const rv515_ip_blocks[] = R500_IP_BLOCKS(rv515_mc_block);

/* R520's and its successors': the MC windows at 4-7 */
const struct ruby_ip_block *const r520_ip_blocks[] = R500_IP_BLOCKS(r520_mc_block);

/* The board's crystal: R5xx has no clock pins to divide it */
static u32 r500_xclk(struct ruby_device *rdev)
{
	return rdev->chip.desc->xclk_10khz;
}

#define NAMED_REG(r)	{ #r, r }

static const struct ruby_named_reg r500_status_regs[] = {
	NAMED_REG(RBBM_STATUS),
	NAMED_REG(GEN_INT_CNTL),
	NAMED_REG(GEN_INT_STATUS),
	NAMED_REG(CP_CSQ_CNTL),
	NAMED_REG(CP_RB_RPTR),
	NAMED_REG(CP_RB_WPTR),
	NAMED_REG(SCRATCH_UMSK),
	NAMED_REG(GB_TILE_CONFIG),
};

/*
 * No user_regs: radeon's ABI answers INFO READ_REG only from R600 on.
 * No ib_write_dword/ib_wait_dword (no such packets), no gpu_clock.
 */
const struct ruby_asic_funcs r500_asic_funcs = {
	.gart = &r500_gart_funcs,
	.irq_process = r500_irq_process,
	.build_reset_ib = r500_build_reset_ib,
	.xclk = r500_xclk,
	.status_regs = r500_status_regs,
	.num_status_regs = ARRAY_SIZE(r500_status_regs),
};
