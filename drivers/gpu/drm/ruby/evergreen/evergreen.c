// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen and Northern Islands
 *
 * The generation of the HD 5000 and HD 6000 (BTC) chips, the Palm/Sumo
 * IGPs included. This folder holds everything ruby programs on them:
 * memory controller (evergreen_mc.c), interrupt ring (evergreen_ih.c),
 * tiling and render-backend layout (evergreen_gfx.c), command processor
 * and its kernel IBs (evergreen_cp.c), async DMA engine
 * (evergreen_dma.c) and the switch of a ROM the chip keeps disabled
 * (evergreen_rom.c). What Evergreen programs as R6xx/R7xx do (the MC
 * sequence, VM context 0, the RLC, the IH ring, the CP's bring-up and
 * tests, the GPU clock) it takes from r600/. This file gives the chip
 * table the bring-up order and &evergreen_asic_funcs, through which
 * shared code reaches the rest.
 */

#include <linux/kernel.h>

#include "../regs/evergreen_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "../ruby_vbios.h"
#include "evergreen.h"

/* Evergreen's and NI's blocks, in bring-up order. */
const struct ruby_ip_block *const evergreen_ip_blocks[] = {
	&ruby_vbios_block,
	&ruby_post_block,
	&evergreen_dce_block,
	&evergreen_mc_block,
	&ruby_mem_block,
	&ruby_gart_block,
	&ruby_ucode_block,
	&ruby_wb_block,
	&ruby_irq_block,
	&r600_rlc_block,
	&evergreen_ih_block,
	&evergreen_gfx_config_block,
	&ruby_cs_block,
	&evergreen_cp_block,
	&r600_ib_test_block,
	&evergreen_dma_block,
	&ruby_sched_block,
	NULL
};

const u32 evergreen_crtc_offsets[EVERGREEN_MAX_CRTC] = {
	0x0000, 0x0c00, 0x9800, 0xa400, 0xb000, 0xbc00,
};

/**
 * evergreen_num_crtc - display controllers whose registers exist
 * @rdev: the device
 *
 * Returns: the family's CRTC count, at most EVERGREEN_MAX_CRTC.
 */
unsigned int evergreen_num_crtc(const struct ruby_device *rdev)
{
	return min_t(unsigned int, rdev->chip.desc->num_crtc, EVERGREEN_MAX_CRTC);
}

#define NAMED_REG(r)	{ #r, r }

static const struct ruby_named_reg evergreen_status_regs[] = {
	NAMED_REG(GRBM_STATUS),
	NAMED_REG(SRBM_STATUS),
	NAMED_REG(CP_ME_CNTL),
	NAMED_REG(RLC_CNTL),
	NAMED_REG(VM_CONTEXT0_CNTL),
	NAMED_REG(MC_VM_FB_LOCATION),
	NAMED_REG(GB_ADDR_CONFIG),
	NAMED_REG(GB_BACKEND_MAP),
};

/* Status registers userspace may read (radeontop polls GRBM_STATUS). */
static const struct ruby_reg evergreen_user_regs[] = {
	GRBM_STATUS, GRBM_STATUS_SE0, GRBM_STATUS_SE1, SRBM_STATUS,
	SRBM_STATUS2, DMA_STATUS_REG, UVD_STATUS,
};

const struct ruby_asic_funcs evergreen_asic_funcs = {
	.gart = &rv770_gart_funcs,
	.ih = &r600_ih_funcs,
	.build_reset_ib = evergreen_build_reset_ib,
	.ib_write_dword = r600_ib_write_dword,
	.ib_wait_dword = r600_ib_wait_dword,
	.gpu_clock = r600_gpu_clock,
	.xclk = rv770_xclk,
	.status_regs = evergreen_status_regs,
	.num_status_regs = ARRAY_SIZE(evergreen_status_regs),
	.user_regs = evergreen_user_regs,
	.num_user_regs = ARRAY_SIZE(evergreen_user_regs),
	.read_disabled_rom = evergreen_read_disabled_rom,
};
