// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx and R7xx
 *
 * The generations of the HD 2000-3000 (R6xx) and HD 4000 (R7xx) chips.
 * This folder holds what ruby programs on them: memory controller
 * (r600_mc.c), VM context 0 under the GART (rv770_gart.c), RLC
 * (r600_rlc.c), interrupt ring (r600_ih.c), tiling and render-backend
 * layout (r600_gfx.c), command processor (r600_cp.c) and, from RV770 on,
 * the async DMA engine (rv770_dma.c); R6xx's own VM context 0 is in
 * r600_gart.c, its memory controller a row of r600_mc.c. Evergreen/NI
 * program most of these blocks with the same registers and sequence and
 * take them from here, adding only what differs. This file gives the chip
 * table R6xx's and R7xx's bring-up orders and operations.
 *
 * Until the R6xx/R7xx command checker lands, the descriptors have no
 * checker tables and the CS ioctl refuses their streams; everything else
 * (GEM, INFO, fences, the scheduler and its recovery) works.
 */

#include <linux/kernel.h>

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "r600.h"

/*
 * R6xx's blocks, in bring-up order: R7xx's, with R6xx's memory controller,
 * VM context 0 and tiling registers, and no DMA engine (the CP moves and
 * clears buffers)
 */
const struct ruby_ip_block *const r600_ip_blocks[] = {
	&r600_mc_block,
	&ruby_mem_block,
	&ruby_gart_block,
	&ruby_ucode_block,
	&ruby_wb_block,
	&ruby_irq_block,
	&r600_rlc_block,
	&rv770_ih_block,
	&r600_gfx_config_block,
	&ruby_cs_block,
	&r600_cp_block,
	&r600_ib_test_block,
	&ruby_sched_block,
	NULL
};

/* R7xx's blocks, in bring-up order. */
const struct ruby_ip_block *const rv770_ip_blocks[] = {
	&rv770_mc_block,
	&ruby_mem_block,
	&ruby_gart_block,
	&ruby_ucode_block,
	&ruby_wb_block,
	&ruby_irq_block,
	&r600_rlc_block,
	&rv770_ih_block,
	&rv770_gfx_config_block,
	&ruby_cs_block,
	&rv770_cp_block,
	&r600_ib_test_block,
	&rv770_dma_block,
	&ruby_sched_block,
	NULL
};

/**
 * r600_gpu_clock - latch and read the GPU clock counter
 * @rdev: the device, rdev->clock_lock held
 *
 * Returns: the RLC's count of reference clock ticks.
 */
u64 r600_gpu_clock(struct ruby_device *rdev)
{
	lockdep_assert_held(&rdev->clock_lock);
	ruby_write32(rdev, RLC_CAPTURE_GPU_CLOCK_COUNT, 1);
	return ruby_read32(rdev, RLC_GPU_CLOCK_COUNT_LSB) |
	       (u64)ruby_read32(rdev, RLC_GPU_CLOCK_COUNT_MSB) << 32;
}

/**
 * r600_xclk - the reference clock of R6xx: the board's crystal
 * @rdev: the device
 *
 * Returns: the clock in 10 kHz units.
 */
static u32 r600_xclk(struct ruby_device *rdev)
{
	return rdev->chip.desc->xclk_10khz;
}

/**
 * rv770_xclk - the reference clock, as the clock pins divide it
 * @rdev: the device
 *
 * Returns: the clock in 10 kHz units.
 */
u32 rv770_xclk(struct ruby_device *rdev)
{
	u32 pins = ruby_read32(rdev, CG_CLKPIN_CNTL);

	if (pins & MUX_TCLK_TO_XCLK)
		return 10000;	/* TCLK: 100 MHz */
	if (pins & XTALIN_DIVIDE)
		return rdev->chip.desc->xclk_10khz / 4;
	return rdev->chip.desc->xclk_10khz;
}

#define NAMED_REG(r)	{ #r, r }

static const struct ruby_named_reg r600_status_regs[] = {
	NAMED_REG(GRBM_STATUS),
	NAMED_REG(GRBM_STATUS2),
	NAMED_REG(SRBM_STATUS),
	NAMED_REG(CP_ME_CNTL),
	NAMED_REG(RLC_CNTL),
	NAMED_REG(VM_CONTEXT0_CNTL),
	{ "MC_VM_FB_LOCATION", R600_MC_VM_FB_LOCATION },
	NAMED_REG(GB_TILING_CONFIG),
};

static const struct ruby_named_reg rv770_status_regs[] = {
	NAMED_REG(GRBM_STATUS),
	NAMED_REG(GRBM_STATUS2),
	NAMED_REG(SRBM_STATUS),
	NAMED_REG(CP_ME_CNTL),
	NAMED_REG(RLC_CNTL),
	NAMED_REG(VM_CONTEXT0_CNTL),
	NAMED_REG(MC_VM_FB_LOCATION),
	NAMED_REG(GB_TILING_CONFIG),
};

/*
 * Status registers userspace may read (radeontop polls GRBM_STATUS); R6xx
 * has the DMA engine's status too, though no one starts the engine there.
 */
static const struct ruby_reg rv770_user_regs[] = {
	GRBM_STATUS, GRBM_STATUS2, SRBM_STATUS, DMA_STATUS_REG,
};

/* What R6xx and R7xx do alike: everything but the GART and the clock */
#define R600_ASIC_COMMON						\
	.ih = &r600_ih_funcs, .build_reset_ib = r600_build_reset_ib,	\
	.ib_write_dword = r600_ib_write_dword,				\
	.ib_wait_dword = r600_ib_wait_dword, .gpu_clock = r600_gpu_clock, \
	.user_regs = rv770_user_regs,					\
	.num_user_regs = ARRAY_SIZE(rv770_user_regs)

const struct ruby_asic_funcs r600_asic_funcs = {
	R600_ASIC_COMMON,
	.gart = &r600_gart_funcs,
	.xclk = r600_xclk,
	.status_regs = r600_status_regs,
	.num_status_regs = ARRAY_SIZE(r600_status_regs),
};

const struct ruby_asic_funcs rv770_asic_funcs = {
	R600_ASIC_COMMON,
	.gart = &rv770_gart_funcs,
	.xclk = rv770_xclk,
	.status_regs = rv770_status_regs,
	.num_status_regs = ARRAY_SIZE(rv770_status_regs),
};
