// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx memory controller
 *
 * R6xx and R7xx report their VRAM size in CONFIG_MEMSIZE in bytes (the
 * MiB count is Evergreen's), VRAM's place in MC_VM_FB_LOCATION as the
 * VBIOS left it. Programming the layout (system aperture, FB location,
 * HDP non-surface window, no AGP aperture) stops every memory client
 * first: the VGA engine and any display controller the firmware left
 * scanning out are disabled, the memory controller is blacked out, then
 * everything is restored.
 *
 * R6xx, R7xx and Evergreen/NI run that sequence alike; what differs is
 * where some registers are (R6xx has its MC_VM block elsewhere), how the
 * blackout is asked for, and the display controllers' registers: a
 * &struct r600_mc_regs per generation says which.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "r600.h"

/* A register that reads all ones has no live hardware behind it. */
#define MMIO_DEAD	0xffffffff

static u64 mc_r600_vram_size(struct ruby_device *rdev)
{
	u32 bytes = ruby_read32(rdev, R600_CONFIG_MEMSIZE);

	return bytes == MMIO_DEAD ? 0 : bytes;
}

const struct ruby_mc_funcs r600_mc_funcs = {
	.vram_size = mc_r600_vram_size,
};

static const u32 avivo_crtc_offsets[] = { 0x0000, 0x0800 };

/* R6xx and R7xx: the two AVIVO display controllers */
#define AVIVO_CRTCS							\
	.crtc_control = AVIVO_D1CRTC_CONTROL,				\
	.crtc_lock = AVIVO_D1CRTC_UPDATE_LOCK, .crtc_enable = AVIVO_CRTC_EN, \
	.crtc_offsets = avivo_crtc_offsets,				\
	.max_crtc = ARRAY_SIZE(avivo_crtc_offsets)

/* R6xx: its own MC_VM block, the CITF blackout, AVIVO CRTCs */
static const struct r600_mc_regs r600_mc_regs = {
	.fb_location = R600_MC_VM_FB_LOCATION,
	.agp_top = R600_MC_VM_AGP_TOP, .agp_bot = R600_MC_VM_AGP_BOT,
	.agp_base = R600_MC_VM_AGP_BASE,
	.aperture_low = R600_MC_VM_SYSTEM_APERTURE_LOW_ADDR,
	.aperture_high = R600_MC_VM_SYSTEM_APERTURE_HIGH_ADDR,
	.aperture_default = R600_MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR,
	.blackout = R600_CITF_CNTL, .blackout_mask = R600_BLACKOUT_MASK,
	.blackout_on = R600_BLACKOUT_MASK,
	AVIVO_CRTCS,
};

/* R7xx: the FB block of Evergreen, the MC_CITF blackout, AVIVO CRTCs */
static const struct r600_mc_regs rv770_mc_regs = {
	.fb_location = MC_VM_FB_LOCATION,
	.agp_top = MC_VM_AGP_TOP, .agp_bot = MC_VM_AGP_BOT,
	.agp_base = MC_VM_AGP_BASE,
	.aperture_low = MC_VM_SYSTEM_APERTURE_LOW_ADDR,
	.aperture_high = MC_VM_SYSTEM_APERTURE_HIGH_ADDR,
	.aperture_default = MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR,
	.blackout = R700_MC_CITF_CNTL, .blackout_mask = R600_BLACKOUT_MASK,
	.blackout_on = R600_BLACKOUT_MASK,
	AVIVO_CRTCS,
};

/**
 * struct mc_save - what stopping the memory clients changed
 * @vga_render: VGA_RENDER_CONTROL before the stop
 * @vga_hdp: VGA_HDP_CONTROL before the stop
 * @crtcs: display controllers that were scanning out (bit per CRTC)
 */
struct mc_save {
	u32 vga_render;
	u32 vga_hdp;
	u32 crtcs;
};

static int mc_wait_for_idle(struct ruby_device *rdev)
{
	u32 status;
	int ret = ruby_poll32(rdev, SRBM_STATUS, SRBM_STATUS_MC_BUSY, 0, &status);

	if (ret)
		drm_err(&rdev->drm, "mc: memory controller stays busy (SRBM_STATUS %#x)\n", status);
	return ret;
}

static unsigned int mc_num_crtc(struct ruby_device *rdev,
				const struct r600_mc_regs *regs)
{
	return min_t(unsigned int, rdev->chip.desc->num_crtc, regs->max_crtc);
}

static void mc_crtc_set_enabled(struct ruby_device *rdev,
				const struct r600_mc_regs *regs,
				unsigned int crtc, bool enable)
{
	struct ruby_reg ctl = RUBY_REG(regs->crtc_control + regs->crtc_offsets[crtc]);
	struct ruby_reg lock = RUBY_REG(regs->crtc_lock + regs->crtc_offsets[crtc]);
	u32 val = ruby_read32(rdev, ctl);

	ruby_write32(rdev, lock, 1);
	ruby_write32(rdev, ctl, enable ? val | regs->crtc_enable :
				       val & ~regs->crtc_enable);
	ruby_write32(rdev, lock, 0);
}

static int mc_stop(struct ruby_device *rdev, const struct r600_mc_regs *regs,
		   struct mc_save *save)
{
	unsigned int i, n = mc_num_crtc(rdev, regs);
	u32 blackout;
	int ret;

	save->vga_render = ruby_read32(rdev, VGA_RENDER_CONTROL);
	save->vga_hdp = ruby_read32(rdev, VGA_HDP_CONTROL);
	ruby_write32(rdev, VGA_RENDER_CONTROL, 0);

	save->crtcs = 0;
	for (i = 0; i < n; i++) {
		struct ruby_reg ctl = RUBY_REG(regs->crtc_control + regs->crtc_offsets[i]);

		if (!(ruby_read32(rdev, ctl) & regs->crtc_enable))
			continue;
		mc_crtc_set_enabled(rdev, regs, i, false);
		save->crtcs |= BIT(i);
	}

	ret = mc_wait_for_idle(rdev);
	if (ret)
		return ret;

	blackout = ruby_read32(rdev, regs->blackout);
	if ((blackout & regs->blackout_mask) != regs->blackout_on) {
		ruby_write32(rdev, BIF_FB_EN, 0);	/* no CPU access */
		ruby_write32(rdev, regs->blackout,
			     (blackout & ~regs->blackout_mask) | regs->blackout_on);
	}
	usleep_range(100, 200);	/* let the memory controller settle */
	return 0;
}

static void mc_resume(struct ruby_device *rdev, const struct r600_mc_regs *regs,
		      const struct mc_save *save)
{
	u32 blackout = ruby_read32(rdev, regs->blackout);
	unsigned int i;

	ruby_write32(rdev, regs->blackout, blackout & ~regs->blackout_mask);
	ruby_write32(rdev, BIF_FB_EN, FB_READ_EN | FB_WRITE_EN);
	for (i = 0; i < regs->max_crtc; i++)
		if (save->crtcs & BIT(i))
			mc_crtc_set_enabled(rdev, regs, i, true);
	ruby_write32(rdev, VGA_HDP_CONTROL, save->vga_hdp);
	ruby_write32(rdev, VGA_RENDER_CONTROL, save->vga_render);
}

static void mc_program_layout(struct ruby_device *rdev,
			      const struct r600_mc_regs *regs)
{
	u64 vram_end = rdev->mc.vram_start + rdev->mc.vram_size - 1;
	unsigned int i, r;

	/* no tiled HDP surfaces: the CPU sees VRAM linearly */
	for (i = 0; i < HDP_NR_SURFACES; i++)
		for (r = 0; r < 5; r++)
			ruby_write32(rdev, HDP_SURFACE_REG(i, r), 0);
	ruby_write32(rdev, HDP_REG_COHERENCY_FLUSH_CNTL, 0);

	ruby_write32(rdev, VGA_HDP_CONTROL, VGA_MEMORY_DISABLE);
	ruby_write32(rdev, regs->aperture_low, rdev->mc.vram_start >> 12);
	ruby_write32(rdev, regs->aperture_high, vram_end >> 12);
	/* the scratch page at the head of VRAM, kept from TTM */
	ruby_write32(rdev, regs->aperture_default, rdev->mc.vram_start >> 12);
	ruby_write32(rdev, regs->fb_location,
		     FIELD_PREP(MC_VM_FB_TOP, vram_end >> 24) |
		     FIELD_PREP(MC_VM_FB_BASE, rdev->mc.vram_start >> 24));
	ruby_write32(rdev, HDP_NONSURFACE_BASE, rdev->mc.vram_start >> 8);
	ruby_write32(rdev, HDP_NONSURFACE_INFO, (2 << 7) | BIT(30));
	ruby_write32(rdev, HDP_NONSURFACE_SIZE, 0x3fffffff);
	/* no AGP aperture */
	ruby_write32(rdev, regs->agp_base, 0);
	ruby_write32(rdev, regs->agp_top, 0x0fffffff);
	ruby_write32(rdev, regs->agp_bot, 0x0fffffff);
}

static int mc_program(struct ruby_device *rdev, const struct r600_mc_regs *regs)
{
	struct mc_save save;
	int ret;

	ret = mc_stop(rdev, regs, &save);
	if (!ret) {
		mc_program_layout(rdev, regs);
		ret = mc_wait_for_idle(rdev);
	}
	mc_resume(rdev, regs, &save);
	if (ret)
		return ret;
	/* VRAM is ours now: the VGA engine must not draw into it */
	ruby_write32(rdev, VGA_RENDER_CONTROL,
		     save.vga_render & ~VGA_VSTATUS_CNTL);
	return 0;
}

/**
 * r600_mc_bringup - size VRAM, keep it where the VBIOS put it, program it
 * @rdev: the device
 * @regs: the generation's memory-controller registers
 *
 * Returns: 0, or a negative errno (no VRAM reported, or the memory
 * controller stays busy).
 */
int r600_mc_bringup(struct ruby_device *rdev, const struct r600_mc_regs *regs)
{
	u64 vram;

	vram = rdev->chip.desc->mc->vram_size(rdev);
	if (!vram) {
		drm_err(&rdev->drm, "mc: CONFIG_MEMSIZE reports no VRAM: card not POSTed?\n");
		return -ENODEV;
	}
	ruby_mc_set_layout(rdev, (u64)FIELD_GET(MC_VM_FB_BASE,
						ruby_read32(rdev, regs->fb_location)) << 24,
			   vram);
	return mc_program(rdev, regs);
}

static int r600_mc_init(struct ruby_device *rdev)
{
	return r600_mc_bringup(rdev, &r600_mc_regs);
}

const struct ruby_ip_block r600_mc_block = {
	.name = "mc",
	.init = r600_mc_init,
};

static int rv770_mc_init(struct ruby_device *rdev)
{
	return r600_mc_bringup(rdev, &rv770_mc_regs);
}

const struct ruby_ip_block rv770_mc_block = {
	.name = "mc",
	.init = rv770_mc_init,
};
