// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R5xx memory controller
 *
 * R5xx reports its VRAM size in CONFIG_MEMSIZE, in bytes, and keeps the
 * memory controller's registers behind an index/data window in the MMIO
 * aperture (MC_IND_INDEX/MC_IND_DATA): the index selects the register and
 * whether the access writes. VRAM stays where the VBIOS put it
 * (MC_FB_LOCATION's start, in 64 KiB units); the GART aperture follows it
 * (ruby_mc_set_layout()), and the whole map must stay below 4 GiB, the
 * reach of R5xx's 32-bit MC addresses.
 *
 * Programming the layout stops the memory's clients first: the VGA
 * engine and any display controller the firmware left scanning out; the
 * memory controller must then go idle before the FB window moves, the HDP
 * (the CPU's path through BAR0) is told where VRAM starts, and the AGP
 * window is closed (ruby drives PCIE boards only). RV515 has the FB and
 * AGP windows at MC indices 1-4 and MC_STATUS at 8, idle in bit 4; R520
 * and the chips after it the windows at indices 4-7 and MC_STATUS at 0,
 * idle in bit 1: one &struct r500_mc_layout each.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "r500.h"

/* A register that reads all ones has no live hardware behind it. */
#define MMIO_DEAD	0xffffffff

/* MC_IND_INDEX: every block of the memory controller, read or write */
#define MC_IND_ALL_BLOCKS	0x7f

static const u32 crtc_offsets[] = { 0x0000, 0x0800 };

/**
 * struct r500_mc_layout - where a family has what the MC program touches
 * @status: MC_STATUS
 * @idle: its idle bit
 * @fb_location: MC_FB_LOCATION
 * @agp_location: MC_AGP_LOCATION
 * @agp_base: MC_AGP_BASE
 * @agp_base_2: MC_AGP_BASE_2
 */
struct r500_mc_layout {
	struct r500_mc_reg status;
	u32 idle;
	struct r500_mc_reg fb_location, agp_location, agp_base, agp_base_2;
};

static const struct r500_mc_layout rv515_layout = {
	.status = RV515_MC_STATUS, .idle = RV515_MC_STATUS_IDLE,
	.fb_location = RV515_MC_FB_LOCATION,
	.agp_location = RV515_MC_AGP_LOCATION,
	.agp_base = RV515_MC_AGP_BASE, .agp_base_2 = RV515_MC_AGP_BASE_2,
};

static const struct r500_mc_layout r520_layout = {
	.status = R520_MC_STATUS, .idle = R520_MC_STATUS_IDLE,
	.fb_location = R520_MC_FB_LOCATION,
	.agp_location = R520_MC_AGP_LOCATION,
	.agp_base = R520_MC_AGP_BASE, .agp_base_2 = R520_MC_AGP_BASE_2,
};

/**
 * r500_mc_read - read a memory-controller register
 * @rdev: the device, at probe (nothing else uses the window)
 * @reg: the register
 *
 * Returns: its value.
 */
u32 r500_mc_read(struct ruby_device *rdev, struct r500_mc_reg reg)
{
	u32 val;

	ruby_write32(rdev, MC_IND_INDEX, FIELD_PREP(MC_IND_SEQ_RBS, MC_IND_ALL_BLOCKS) |
		     FIELD_PREP(MC_IND_ADDR, reg.index));
	val = ruby_read32(rdev, MC_IND_DATA);
	ruby_write32(rdev, MC_IND_INDEX, 0);
	return val;
}

/**
 * r500_mc_write - write a memory-controller register
 * @rdev: the device, at probe
 * @reg: the register
 * @val: the value
 */
void r500_mc_write(struct ruby_device *rdev, struct r500_mc_reg reg, u32 val)
{
	ruby_write32(rdev, MC_IND_INDEX, MC_IND_WR_EN |
		     FIELD_PREP(MC_IND_SEQ_RBS, MC_IND_ALL_BLOCKS) |
		     FIELD_PREP(MC_IND_ADDR, reg.index));
	ruby_write32(rdev, MC_IND_DATA, val);
	ruby_write32(rdev, MC_IND_INDEX, 0);
}

/**
 * r500_pcie_read - read a register of the PCIE block
 * @rdev: the device, at probe or under rdev->gart.lock
 * @reg: the register
 *
 * Returns: its value.
 */
u32 r500_pcie_read(struct ruby_device *rdev, struct r500_pcie_reg reg)
{
	ruby_write32(rdev, PCIE_INDEX, FIELD_PREP(PCIE_INDEX_MASK, reg.index));
	ruby_read32(rdev, PCIE_INDEX);		/* post the index */
	return ruby_read32(rdev, PCIE_DATA);
}

/**
 * r500_pcie_write - write a register of the PCIE block
 * @rdev: the device, at probe or under rdev->gart.lock
 * @reg: the register
 * @val: the value
 */
void r500_pcie_write(struct ruby_device *rdev, struct r500_pcie_reg reg, u32 val)
{
	ruby_write32(rdev, PCIE_INDEX, FIELD_PREP(PCIE_INDEX_MASK, reg.index));
	ruby_read32(rdev, PCIE_INDEX);
	ruby_write32(rdev, PCIE_DATA, val);
	ruby_read32(rdev, PCIE_DATA);
}

static u64 r500_vram_size(struct ruby_device *rdev)
{
	u32 bytes = ruby_read32(rdev, CONFIG_MEMSIZE);

	return bytes == MMIO_DEAD ? 0 : bytes;
}

const struct ruby_mc_funcs r500_mc_funcs = {
	.vram_size = r500_vram_size,
};

static int mc_wait_idle(struct ruby_device *rdev, const struct r500_mc_layout *l)
{
	unsigned int i;

	for (i = 0; i < RUBY_USEC_TIMEOUT; i++) {
		if (r500_mc_read(rdev, l->status) & l->idle)
			return 0;
		udelay(1);
	}
	drm_err(&rdev->drm, "mc: memory controller stays busy (MC_STATUS %#x)\n",
		r500_mc_read(rdev, l->status));
	return -ETIMEDOUT;
}

/* Stop the display controllers' and the VGA engine's reads of VRAM. */
static void mc_stop_clients(struct ruby_device *rdev)
{
	unsigned int i;

	ruby_write32(rdev, VGA_RENDER_CONTROL, 0);
	ruby_write32(rdev, VGA_HDP_CONTROL, VGA_MEMORY_DISABLE);
	for (i = 0; i < ARRAY_SIZE(crtc_offsets); i++) {
		struct ruby_reg ctl = RUBY_REG(D1CRTC_CONTROL + crtc_offsets[i]);
		struct ruby_reg lock = RUBY_REG(D1CRTC_UPDATE_LOCK + crtc_offsets[i]);
		u32 val = ruby_read32(rdev, ctl);

		if (!(val & CRTC_EN))
			continue;
		ruby_write32(rdev, lock, 1);
		ruby_write32(rdev, ctl, val & ~CRTC_EN);
		ruby_write32(rdev, lock, 0);
	}
}

static int mc_bringup(struct ruby_device *rdev, const struct r500_mc_layout *l)
{
	u64 size = rdev->chip.desc->mc->vram_size(rdev);
	u32 fb = r500_mc_read(rdev, l->fb_location);
	u64 vram_end;
	int ret;

	if (!size || fb == MMIO_DEAD) {
		drm_err(&rdev->drm, "mc: no VRAM reported (CONFIG_MEMSIZE %#llx): card not POSTed?\n",
			size);
		return -ENODEV;
	}
	ruby_mc_set_layout(rdev, (u64)FIELD_GET(MC_FB_START, fb) << 16, size);
	/* no DMA engine, no copy or fill packet: the CPU moves buffers */
	rdev->mc.visible_only = true;
	if (rdev->mc.gtt_start + rdev->mc.gtt_size > SZ_4G) {
		drm_err(&rdev->drm, "mc: VRAM at %#llx leaves no room below 4 GiB for the GART\n",
			rdev->mc.vram_start);
		return -ENOSPC;
	}
	vram_end = rdev->mc.vram_start + size - 1;

	mc_stop_clients(rdev);
	ret = mc_wait_idle(rdev, l);
	if (ret)
		return ret;
	ruby_write32(rdev, CONFIG_MEMSIZE, size);
	r500_mc_write(rdev, l->fb_location,
		      FIELD_PREP(MC_FB_START, rdev->mc.vram_start >> 16) |
		      FIELD_PREP(MC_FB_TOP, vram_end >> 16));
	ruby_write32(rdev, HDP_FB_LOCATION,
		     FIELD_PREP(HDP_FB_START, rdev->mc.vram_start >> 16));
	/* no AGP: the window is closed */
	r500_mc_write(rdev, l->agp_location, 0xffffffff);
	r500_mc_write(rdev, l->agp_base, 0);
	r500_mc_write(rdev, l->agp_base_2, 0);
	return mc_wait_idle(rdev, l);
}

static int rv515_mc_init(struct ruby_device *rdev)
{
	return mc_bringup(rdev, &rv515_layout);
}

static int r520_mc_init(struct ruby_device *rdev)
{
	return mc_bringup(rdev, &r520_layout);
}

const struct ruby_ip_block rv515_mc_block = {
	.name = "mc",
	.init = rv515_mc_init,
};

const struct ruby_ip_block r520_mc_block = {
	.name = "mc",
	.init = r520_mc_init,
};
