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

#include <drm/drm_print.h>

#include "ruby_device.h"

/* Blocks of Evergreen and Northern Islands, in bring-up order. */
const struct ruby_ip_block *const ruby_evergreen_ip_blocks[] = {
	&ruby_mc_block,
	&ruby_mem_block,
	&ruby_gart_block,
	&ruby_ucode_block,
	&ruby_wb_block,
	&ruby_irq_block,
	&ruby_rlc_block,
	&ruby_ih_block,
	&ruby_gfx_config_block,
	&ruby_cs_block,
	&ruby_cp_block,
	&ruby_ib_test_block,
	&ruby_dma_block,
	&ruby_sched_block,
	NULL
};

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
