// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: device bring-up
 *
 * A device is brought up by walking the IP-block list of its family
 * descriptor in order. Each block's init programs its hardware and takes
 * its resources through devm/drmm, so no block frees anything by hand; the
 * optional fini only quiesces hardware and runs, in reverse order, on
 * remove or when a later block fails. Probe order is therefore data: a
 * generation that needs another order or other blocks gets another list.
 */

/**
 * DOC: memory map
 *
 * ruby needs a POSTed card: the memory controller running and reporting
 * the VRAM size. The system firmware POSTs the boot card; on families whose
 * block list has the post block, ruby POSTs any other card through its
 * video BIOS (see DOC: video BIOS). Only part of VRAM is
 * visible to the CPU, through BAR0; the size of that window is the BAR's
 * size, which may be smaller than VRAM.
 *
 * The GPU's address space (MC addresses) keeps VRAM where the VBIOS put it
 * and places the GART aperture right after it, 16 MiB aligned. Each
 * generation's memory-controller block reads the VRAM size and place from
 * its registers, hands them to ruby_mc_set_layout(), and programs the
 * resulting layout.
 */

#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "ruby_device.h"

/* GART aperture: the GTT domain's size */
#define RUBY_GTT_SIZE		SZ_1G

/**
 * ruby_mc_set_layout - place VRAM, the GART aperture and the CPU's window
 * @rdev: the device
 * @vram_start: MC address of VRAM, as the VBIOS placed it
 * @vram_size: VRAM in bytes, not 0
 */
void ruby_mc_set_layout(struct ruby_device *rdev, u64 vram_start, u64 vram_size)
{
	struct pci_dev *pdev = rdev->pdev;

	rdev->mc.vram_size = vram_size;
	rdev->mc.vram_start = vram_start;
	rdev->mc.gtt_start = ALIGN(vram_start + vram_size, SZ_16M);
	rdev->mc.gtt_size = RUBY_GTT_SIZE;
	rdev->mc.aper_base = pci_resource_start(pdev, 0);
	rdev->mc.aper_size = min_t(u64, pci_resource_len(pdev, 0), vram_size);
}

static void ruby_device_fini_blocks(struct ruby_device *rdev, unsigned int n)
{
	const struct ruby_ip_block *const *blocks = rdev->chip.desc->ip_blocks;

	while (n--) {
		if (blocks[n]->fini)
			blocks[n]->fini(rdev);
	}
}

/**
 * ruby_device_init - bring up every IP block of the device
 * @rdev: the device, with @chip and @mmio set
 *
 * Returns: 0, or the first failing block's negative errno; blocks already
 * up are quiesced again before returning an error.
 */
int ruby_device_init(struct ruby_device *rdev)
{
	const struct ruby_ip_block *const *blocks = rdev->chip.desc->ip_blocks;
	unsigned int i;
	int ret;

	for (i = 0; blocks[i]; i++) {
		ret = blocks[i]->init(rdev);
		if (ret) {
			drm_err(&rdev->drm, "%s: init failed: %d\n",
				blocks[i]->name, ret);
			ruby_device_fini_blocks(rdev, i);
			return ret;
		}
	}
	rdev->ip_up = i;
	return 0;
}

/**
 * ruby_device_fini - quiesce every IP block, in reverse bring-up order
 * @rdev: the device
 */
void ruby_device_fini(struct ruby_device *rdev)
{
	ruby_device_fini_blocks(rdev, rdev->ip_up);
	rdev->ip_up = 0;
}
