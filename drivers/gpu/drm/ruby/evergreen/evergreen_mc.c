// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen memory controller
 *
 * The VRAM size comes from CONFIG_MEMSIZE (in MiB on discrete chips; in
 * bytes on the Palm/Sumo IGPs, read as R6xx reads it). The layout is
 * programmed by R6xx's sequence (r600/r600_mc.c) with Evergreen's
 * registers: the MC_SHARED blackout and the DCE4 display controllers.
 */

#include <linux/sizes.h>

#include "../r600/r600.h"
#include "../regs/evergreen_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

/* A register that reads all ones has no live hardware behind it. */
#define MMIO_DEAD	0xffffffff

static u64 mc_evergreen_vram_size(struct ruby_device *rdev)
{
	u32 mib = ruby_read32(rdev, CONFIG_MEMSIZE);

	return mib == MMIO_DEAD ? 0 : (u64)mib * SZ_1M;
}

const struct ruby_mc_funcs evergreen_mc_funcs = {
	.vram_size = mc_evergreen_vram_size,
};

static const struct r600_mc_regs evergreen_mc_regs = {
	.fb_location = MC_VM_FB_LOCATION,
	.agp_top = MC_VM_AGP_TOP, .agp_bot = MC_VM_AGP_BOT,
	.agp_base = MC_VM_AGP_BASE,
	.aperture_low = MC_VM_SYSTEM_APERTURE_LOW_ADDR,
	.aperture_high = MC_VM_SYSTEM_APERTURE_HIGH_ADDR,
	.aperture_default = MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR,
	.blackout = MC_SHARED_BLACKOUT_CNTL, .blackout_mask = BLACKOUT_MODE,
	.blackout_on = FIELD_PREP_CONST(BLACKOUT_MODE, 1),
	.crtc_control = EG_CRTC_CONTROL, .crtc_lock = EG_CRTC_UPDATE_LOCK,
	.crtc_enable = EG_CRTC_MASTER_EN,
	.crtc_offsets = evergreen_crtc_offsets, .max_crtc = EVERGREEN_MAX_CRTC,
};

static int evergreen_mc_init(struct ruby_device *rdev)
{
	return r600_mc_bringup(rdev, &evergreen_mc_regs);
}

const struct ruby_ip_block evergreen_mc_block = {
	.name = "mc",
	.init = evergreen_mc_init,
};
