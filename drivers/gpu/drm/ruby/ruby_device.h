/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_DEVICE_H__
#define __RUBY_DEVICE_H__

#include <linux/atomic.h>
#include <linux/container_of.h>
#include <linux/pci.h>
#include <linux/types.h>

#include <drm/drm_device.h>

#include "ruby_chip.h"

/**
 * struct ruby_device - one Radeon GPU
 *
 * Allocated by devm_drm_dev_alloc() at probe and freed with the last
 * reference to @drm. Everything set up at probe is immutable until remove
 * unless a member says otherwise.
 */
struct ruby_device {
	/** @drm: the DRM device, embedded */
	struct drm_device drm;
	/** @pdev: the PCI function */
	struct pci_dev *pdev;
	/** @chip: family descriptor and per-device flags */
	struct ruby_chip_info chip;
	/** @mmio: the register aperture (BAR2), mapped for the device's life */
	void __iomem *mmio;

	/** @mc: memory layout, from the memory controller */
	struct {
		/** @mc.vram_size: VRAM in bytes */
		u64 vram_size;
		/** @mc.aper_base: bus address of the CPU-visible VRAM (BAR0) */
		resource_size_t aper_base;
		/** @mc.aper_size: size of the CPU-visible VRAM window */
		resource_size_t aper_size;
	} mc;

	/** @irq: the interrupt */
	struct {
		/** @irq.irq: Linux interrupt number of the MSI vector */
		int irq;
		/** @irq.count: interrupts handled (atomic, for debugfs) */
		atomic_t count;
	} irq;

	/** @ip_up: IP blocks of @chip whose init succeeded, for remove */
	unsigned int ip_up;
};

static inline struct ruby_device *to_ruby_device(struct drm_device *drm)
{
	return container_of(drm, struct ruby_device, drm);
}

/**
 * ruby_has - does the device have a feature
 * @rdev: the device
 * @features: one or more RUBY_FEAT_* bits
 *
 * Returns: true if the family has all of @features.
 */
static inline bool ruby_has(const struct ruby_device *rdev, u32 features)
{
	return (rdev->chip.desc->features & features) == features;
}

int ruby_device_init(struct ruby_device *rdev);
void ruby_device_fini(struct ruby_device *rdev);

/* IP blocks and per-family operations, referenced by the chip tables */
extern const struct ruby_ip_block *const ruby_evergreen_ip_blocks[];
extern const struct ruby_ip_block ruby_mc_block;
extern const struct ruby_ip_block ruby_irq_block;
extern const struct ruby_mc_funcs ruby_mc_evergreen_funcs;
extern const struct ruby_mc_funcs ruby_mc_sumo_funcs;

void ruby_debugfs_init(struct ruby_device *rdev);

#endif /* __RUBY_DEVICE_H__ */
