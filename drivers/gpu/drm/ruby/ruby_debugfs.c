// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: debugfs
 *
 * Files under /sys/kernel/debug/dri/<minor>/:
 *
 * ruby_info
 *	What probe found: chip, family, generation, PCI identity, the VRAM
 *	size, the two BARs and the interrupt. Reading it touches no register.
 */

#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>

#include "ruby_device.h"

static int ruby_info_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	const struct ruby_family_desc *desc = rdev->chip.desc;
	struct pci_dev *pdev = rdev->pdev;

	seq_printf(m, "chip: %s\n", desc->name);
	seq_printf(m, "generation: %s\n", ruby_gen_name(desc->gen));
	seq_printf(m, "pci: %s %04x:%04x rev %02x subsystem %04x:%04x\n",
		   pci_name(pdev), pdev->vendor, pdev->device, pdev->revision,
		   pdev->subsystem_vendor, pdev->subsystem_device);
	seq_printf(m, "mobility: %s\n",
		   str_yes_no(rdev->chip.flags & RUBY_CHIP_MOBILITY));
	seq_printf(m, "igp: %s\n", str_yes_no(ruby_has(rdev, RUBY_FEAT_IGP)));
	seq_printf(m, "crtcs: %u\n", desc->num_crtc);
	seq_printf(m, "vram: %llu MiB\n", rdev->mc.vram_size / SZ_1M);
	seq_printf(m, "bar0 (vram aperture): %pa, %llu MiB visible\n",
		   &rdev->mc.aper_base, (u64)rdev->mc.aper_size / SZ_1M);
	seq_printf(m, "bar2 (registers): %pR\n", &pdev->resource[2]);
	seq_printf(m, "irq: %d (msi), %d handled\n", rdev->irq.irq,
		   atomic_read(&rdev->irq.count));
	return 0;
}

static const struct drm_debugfs_info ruby_debugfs_files[] = {
	{ "ruby_info", ruby_info_show },
};

/**
 * ruby_debugfs_init - register the device's debugfs files
 * @rdev: the device, before drm_dev_register()
 */
void ruby_debugfs_init(struct ruby_device *rdev)
{
	drm_debugfs_add_files(&rdev->drm, ruby_debugfs_files,
			      ARRAY_SIZE(ruby_debugfs_files));
}
