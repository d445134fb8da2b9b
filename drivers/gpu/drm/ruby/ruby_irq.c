// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: interrupts
 *
 * ruby uses one MSI vector with a threaded handler. The hard handler does
 * no register access at all: on R6xx and later the interrupt sources are
 * described by vectors the GPU writes to the IH ring in system memory, so
 * everything, including the MMIO acknowledgment, happens in the thread.
 * That also keeps MMIO out of hard-IRQ context, where some virtual PCI
 * transports cannot do it safely. R5xx has no IH ring: its thread reads
 * and acknowledges the status register instead (the generation's
 * irq_process operation); as an MSI is edge-triggered and not shared,
 * nothing is lost by waiting for the thread. Legacy INTx is not used.
 */

#include <linux/interrupt.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "ruby_device.h"

static irqreturn_t ruby_irq_handler(int irq, void *arg)
{
	return IRQ_WAKE_THREAD;
}

static irqreturn_t ruby_irq_thread(int irq, void *arg)
{
	struct ruby_device *rdev = arg;
	const struct ruby_asic_funcs *asic = rdev->chip.desc->asic;

	atomic_inc(&rdev->irq.count);
	if (asic->irq_process)
		asic->irq_process(rdev);
	else
		ruby_ih_process(rdev);
	return IRQ_HANDLED;
}

static int ruby_irq_init(struct ruby_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	int ret;

	/* Managed: pcim_enable_device() makes the vectors free themselves. */
	ret = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSI);
	if (ret < 0) {
		drm_err(&rdev->drm, "irq: no MSI vector: %d\n", ret);
		return ret;
	}
	rdev->irq.irq = pci_irq_vector(pdev, 0);

	ret = devm_request_threaded_irq(&pdev->dev, rdev->irq.irq,
					ruby_irq_handler, ruby_irq_thread,
					IRQF_ONESHOT, "ruby", rdev);
	if (ret)
		drm_err(&rdev->drm, "irq: cannot request irq %d: %d\n",
			rdev->irq.irq, ret);
	return ret;
}

const struct ruby_ip_block ruby_irq_block = {
	.name = "irq",
	.init = ruby_irq_init,
};
