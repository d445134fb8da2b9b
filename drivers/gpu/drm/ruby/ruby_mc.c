// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: memory controller
 *
 * ruby expects a card the system firmware has POSTed: the memory
 * controller is running and reports the VRAM size. Only part of VRAM is
 * visible to the CPU, through BAR0; the size of that window is the BAR's
 * size, which may be smaller than VRAM.
 */

#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "regs/evergreen_regs.h"
#include "ruby_device.h"
#include "ruby_mmio.h"

/* A register that reads all ones has no live hardware behind it. */
#define MMIO_DEAD	0xffffffff

static u64 mc_evergreen_vram_size(struct ruby_device *rdev)
{
	u32 mib = ruby_read32(rdev, CONFIG_MEMSIZE);

	return mib == MMIO_DEAD ? 0 : (u64)mib * SZ_1M;
}

/* Palm/Sumo: the carve-out size, already in bytes */
static u64 mc_sumo_vram_size(struct ruby_device *rdev)
{
	u32 bytes = ruby_read32(rdev, CONFIG_MEMSIZE);

	return bytes == MMIO_DEAD ? 0 : bytes;
}

const struct ruby_mc_funcs ruby_mc_evergreen_funcs = {
	.vram_size = mc_evergreen_vram_size,
};

const struct ruby_mc_funcs ruby_mc_sumo_funcs = {
	.vram_size = mc_sumo_vram_size,
};

static int ruby_mc_init(struct ruby_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	u64 vram;

	vram = rdev->chip.desc->mc->vram_size(rdev);
	if (!vram) {
		drm_err(&rdev->drm, "mc: CONFIG_MEMSIZE reports no VRAM: card not POSTed?\n");
		return -ENODEV;
	}
	rdev->mc.vram_size = vram;
	rdev->mc.aper_base = pci_resource_start(pdev, 0);
	rdev->mc.aper_size = min_t(u64, pci_resource_len(pdev, 0), vram);
	return 0;
}

const struct ruby_ip_block ruby_mc_block = {
	.name = "mc",
	.init = ruby_mc_init,
};
