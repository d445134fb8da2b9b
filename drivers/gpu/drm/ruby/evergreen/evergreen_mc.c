// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen memory controller
 *
 * The VRAM size comes from CONFIG_MEMSIZE (in MiB on discrete chips; in
 * bytes on the Palm/Sumo IGPs, read as R6xx reads it), VRAM's place from MC_VM_FB_LOCATION as
 * the VBIOS left it. Programming the layout (system aperture, FB location,
 * HDP non-surface window, no AGP aperture) stops every memory client
 * first: the VGA engine and any display controller the firmware left
 * scanning out are disabled, the memory controller is blacked out, then
 * everything is restored.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

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
	int i;

	for (i = 0; i < RUBY_USEC_TIMEOUT; i++) {
		if (!(ruby_read32(rdev, SRBM_STATUS) & SRBM_STATUS_MC_BUSY))
			return 0;
		udelay(1);
	}
	drm_err(&rdev->drm, "mc: memory controller stays busy (SRBM_STATUS %#x)\n",
		ruby_read32(rdev, SRBM_STATUS));
	return -ETIMEDOUT;
}

static void mc_crtc_set_enabled(struct ruby_device *rdev, unsigned int crtc,
				bool enable)
{
	struct ruby_reg ctl = RUBY_REG(EG_CRTC_CONTROL + evergreen_crtc_offsets[crtc]);
	struct ruby_reg lock = RUBY_REG(EG_CRTC_UPDATE_LOCK + evergreen_crtc_offsets[crtc]);
	u32 val = ruby_read32(rdev, ctl);

	ruby_write32(rdev, lock, 1);
	ruby_write32(rdev, ctl, enable ? val | EG_CRTC_MASTER_EN :
				       val & ~EG_CRTC_MASTER_EN);
	ruby_write32(rdev, lock, 0);
}

static int mc_stop(struct ruby_device *rdev, struct mc_save *save)
{
	unsigned int i, n = evergreen_num_crtc(rdev);
	u32 blackout;
	int ret;

	save->vga_render = ruby_read32(rdev, VGA_RENDER_CONTROL);
	save->vga_hdp = ruby_read32(rdev, VGA_HDP_CONTROL);
	ruby_write32(rdev, VGA_RENDER_CONTROL, 0);

	save->crtcs = 0;
	for (i = 0; i < n; i++) {
		struct ruby_reg ctl = RUBY_REG(EG_CRTC_CONTROL + evergreen_crtc_offsets[i]);

		if (!(ruby_read32(rdev, ctl) & EG_CRTC_MASTER_EN))
			continue;
		mc_crtc_set_enabled(rdev, i, false);
		save->crtcs |= BIT(i);
	}

	ret = mc_wait_for_idle(rdev);
	if (ret)
		return ret;

	blackout = ruby_read32(rdev, MC_SHARED_BLACKOUT_CNTL);
	if (FIELD_GET(BLACKOUT_MODE, blackout) != 1) {
		ruby_write32(rdev, BIF_FB_EN, 0);	/* no CPU access */
		ruby_write32(rdev, MC_SHARED_BLACKOUT_CNTL,
			     (blackout & ~BLACKOUT_MODE) |
			     FIELD_PREP(BLACKOUT_MODE, 1));
	}
	usleep_range(100, 200);	/* let the memory controller settle */
	return 0;
}

static void mc_resume(struct ruby_device *rdev, const struct mc_save *save)
{
	u32 blackout = ruby_read32(rdev, MC_SHARED_BLACKOUT_CNTL);
	unsigned int i;

	ruby_write32(rdev, MC_SHARED_BLACKOUT_CNTL, blackout & ~BLACKOUT_MODE);
	ruby_write32(rdev, BIF_FB_EN, FB_READ_EN | FB_WRITE_EN);
	for (i = 0; i < EVERGREEN_MAX_CRTC; i++)
		if (save->crtcs & BIT(i))
			mc_crtc_set_enabled(rdev, i, true);
	ruby_write32(rdev, VGA_HDP_CONTROL, save->vga_hdp);
	ruby_write32(rdev, VGA_RENDER_CONTROL, save->vga_render);
}

static void mc_program_layout(struct ruby_device *rdev)
{
	u64 vram_end = rdev->mc.vram_start + rdev->mc.vram_size - 1;
	unsigned int i, r;

	/* no tiled HDP surfaces: the CPU sees VRAM linearly */
	for (i = 0; i < HDP_NR_SURFACES; i++)
		for (r = 0; r < 5; r++)
			ruby_write32(rdev, HDP_SURFACE_REG(i, r), 0);
	ruby_write32(rdev, HDP_REG_COHERENCY_FLUSH_CNTL, 0);

	ruby_write32(rdev, VGA_HDP_CONTROL, VGA_MEMORY_DISABLE);
	ruby_write32(rdev, MC_VM_SYSTEM_APERTURE_LOW_ADDR,
		     rdev->mc.vram_start >> 12);
	ruby_write32(rdev, MC_VM_SYSTEM_APERTURE_HIGH_ADDR, vram_end >> 12);
	/* the scratch page at the head of VRAM, kept from TTM */
	ruby_write32(rdev, MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR,
		     rdev->mc.vram_start >> 12);
	ruby_write32(rdev, MC_VM_FB_LOCATION,
		     FIELD_PREP(MC_VM_FB_TOP, vram_end >> 24) |
		     FIELD_PREP(MC_VM_FB_BASE, rdev->mc.vram_start >> 24));
	ruby_write32(rdev, HDP_NONSURFACE_BASE, rdev->mc.vram_start >> 8);
	ruby_write32(rdev, HDP_NONSURFACE_INFO, (2 << 7) | BIT(30));
	ruby_write32(rdev, HDP_NONSURFACE_SIZE, 0x3fffffff);
	/* no AGP aperture */
	ruby_write32(rdev, MC_VM_AGP_BASE, 0);
	ruby_write32(rdev, MC_VM_AGP_TOP, 0x0fffffff);
	ruby_write32(rdev, MC_VM_AGP_BOT, 0x0fffffff);
}

static int mc_program(struct ruby_device *rdev)
{
	struct mc_save save;
	int ret;

	ret = mc_stop(rdev, &save);
	if (!ret) {
		mc_program_layout(rdev);
		ret = mc_wait_for_idle(rdev);
	}
	mc_resume(rdev, &save);
	if (ret)
		return ret;
	/* VRAM is ours now: the VGA engine must not draw into it */
	ruby_write32(rdev, VGA_RENDER_CONTROL,
		     save.vga_render & ~VGA_VSTATUS_CNTL);
	return 0;
}

static int evergreen_mc_init(struct ruby_device *rdev)
{
	u64 vram;

	vram = rdev->chip.desc->mc->vram_size(rdev);
	if (!vram) {
		drm_err(&rdev->drm, "mc: CONFIG_MEMSIZE reports no VRAM: card not POSTed?\n");
		return -ENODEV;
	}
	ruby_mc_set_layout(rdev, (u64)FIELD_GET(MC_VM_FB_BASE,
						ruby_read32(rdev, MC_VM_FB_LOCATION)) << 24,
			   vram);
	return mc_program(rdev);
}

const struct ruby_ip_block evergreen_mc_block = {
	.name = "mc",
	.init = evergreen_mc_init,
};
