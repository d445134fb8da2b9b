// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R5xx interrupts
 *
 * R5xx has no interrupt ring: GEN_INT_STATUS says what interrupted, and
 * GEN_INT_CNTL which sources may. ruby enables one, the software
 * interrupt the CP raises at the end of every fence (GEN_INT_STATUS's
 * SW_INT_FIRE, written from the ring); the display's are not used (no
 * display on R5xx yet). The IRQ thread reads the status, acknowledges the
 * bits it saw by writing them back, signals the GFX ring's fences, and
 * loops until the status is clear; then it re-arms the MSI, which the
 * chip does not send again until told (MSI_REARM_EN).
 */

#include <drm/drm_print.h>

#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "r500.h"

/* Bounds the loop: a status bit that never clears is not handled forever */
#define R500_IRQ_MAX_LOOPS	16

/**
 * r500_irq_process - handle the interrupt (the generation's irq_process)
 * @rdev: the device, from the IRQ thread
 */
void r500_irq_process(struct ruby_device *rdev)
{
	unsigned int i;
	u32 status;

	for (i = 0; i < R500_IRQ_MAX_LOOPS; i++) {
		status = ruby_read32(rdev, GEN_INT_STATUS) & GEN_INT_SW_INT;
		if (!status)
			break;
		ruby_write32(rdev, GEN_INT_STATUS, status);
		ruby_fence_process(&rdev->rings[RUBY_RING_GFX]);
	}
	if (i == R500_IRQ_MAX_LOOPS)
		drm_dbg_ratelimited(&rdev->drm, "irq: GEN_INT_STATUS %#x does not clear\n",
				    status);
	ruby_write32(rdev, MSI_REARM_EN, MSI_REARM);
}

static int r500_irq_init(struct ruby_device *rdev)
{
	/* drop what the firmware left pending, then let fences interrupt */
	ruby_write32(rdev, GEN_INT_STATUS, ruby_read32(rdev, GEN_INT_STATUS));
	ruby_write32(rdev, GEN_INT_CNTL, GEN_INT_SW_INT_EN);
	ruby_read32(rdev, GEN_INT_CNTL);	/* post the write */
	return 0;
}

static void r500_irq_fini(struct ruby_device *rdev)
{
	ruby_write32(rdev, GEN_INT_CNTL, 0);
	ruby_read32(rdev, GEN_INT_CNTL);
}

const struct ruby_ip_block r500_irq_block = {
	.name = "irq-sources",
	.init = r500_irq_init,
	.fini = r500_irq_fini,
};
