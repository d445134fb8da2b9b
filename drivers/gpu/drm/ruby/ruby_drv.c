// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: overview
 *
 * ruby drives AMD/ATI Radeon GPUs from R5xx to Southern Islands. To
 * userspace it is the radeon driver: the DRM name is "radeon", the version
 * 2.50.0 and the ioctls those of include/uapi/drm/radeon_drm.h, so Mesa,
 * libdrm_radeon and the X driver run on it unmodified.
 *
 * Probe resolves the PCI id to a const family descriptor (ruby_chip.c),
 * maps the register BAR, walks the family's IP-block list
 * (ruby_device.c) and registers the DRM device with a primary and a render
 * node. All resources are managed; remove unplugs the DRM device first, so
 * no ioctl reaches hardware that is being torn down, turns the CRTCs off,
 * takes the buffers that outlive the device out of VRAM (ruby_ttm.c),
 * then quiesces the blocks.
 */

#include <linux/dma-mapping.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_drv.h>
#include <drm/drm_fbdev_ttm.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_module.h>
#include <drm/drm_print.h>

#include <drm/drm_managed.h>
#include <drm/radeon_drm.h>

#include "ruby_chip.h"
#include "ruby_device.h"
#include "ruby_cs.h"
#include "ruby_display.h"
#include "ruby_gem.h"

/* The identity of the ABI ruby implements: upstream radeon's, 2.50.0 */
#define RUBY_ABI_NAME		"radeon"
#define RUBY_ABI_DATE		"20080528"
#define RUBY_ABI_MAJOR		2
#define RUBY_ABI_MINOR		50
#define RUBY_ABI_PATCHLEVEL	0

/* The register aperture: BAR 2 on every generation ruby supports. */
#define RUBY_MMIO_BAR		2

DEFINE_DRM_GEM_FOPS(ruby_fops);

#define RUBY_IOCTL(name, func)						\
	DRM_IOCTL_DEF_DRV(RADEON_##name, func, DRM_AUTH | DRM_RENDER_ALLOW)

/*
 * drm_ioctl() refuses calls once the device is unplugged but does not hold
 * the unplug off while a call runs: INFO reads registers, so it does that
 * inside drm_dev_enter(), which remove waits for before the register BAR
 * goes. (CS does the same itself; the GEM ioctls reach the engines only
 * through the schedulers, which refuse work once the device is unplugged.)
 */
static int ruby_info_ioctl_hw(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	int idx, ret;

	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	ret = ruby_info_ioctl(drm, data, file);
	drm_dev_exit(idx);
	return ret;
}

/*
 * The radeon KMS ioctls ruby implements so far; the rest (the old UMS
 * ones included) are -EINVAL, as for any ioctl a driver does not have.
 */
static const struct drm_ioctl_desc ruby_ioctls[] = {
	RUBY_IOCTL(GEM_INFO, ruby_gem_info_ioctl),
	RUBY_IOCTL(GEM_CREATE, ruby_gem_create_ioctl),
	RUBY_IOCTL(GEM_MMAP, ruby_gem_mmap_ioctl),
	RUBY_IOCTL(GEM_SET_DOMAIN, ruby_gem_set_domain_ioctl),
	RUBY_IOCTL(GEM_WAIT_IDLE, ruby_gem_wait_idle_ioctl),
	RUBY_IOCTL(CS, ruby_cs_ioctl),
	RUBY_IOCTL(INFO, ruby_info_ioctl_hw),
	RUBY_IOCTL(GEM_SET_TILING, ruby_gem_set_tiling_ioctl),
	RUBY_IOCTL(GEM_GET_TILING, ruby_gem_get_tiling_ioctl),
	RUBY_IOCTL(GEM_BUSY, ruby_gem_busy_ioctl),
	RUBY_IOCTL(GEM_VA, ruby_gem_va_ioctl),
	RUBY_IOCTL(GEM_OP, ruby_gem_op_ioctl),
	RUBY_IOCTL(GEM_USERPTR, ruby_gem_userptr_ioctl),
};

static void ruby_postclose(struct drm_device *drm, struct drm_file *file)
{
	ruby_info_postclose(drm, file);
	ruby_cs_postclose(drm, file);
}

static const struct drm_driver ruby_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER | DRIVER_MODESET | DRIVER_ATOMIC,
	.fops = &ruby_fops,
	.ioctls = ruby_ioctls,
	.num_ioctls = ARRAY_SIZE(ruby_ioctls),
	.open = ruby_cs_open,
	.postclose = ruby_postclose,
	.dumb_create = ruby_gem_dumb_create,
	.gem_prime_import_sg_table = ruby_gem_prime_import_sg_table,
	.name = RUBY_ABI_NAME,
	.desc = "AMD/ATI Radeon (ruby)",
	.date = RUBY_ABI_DATE,
	.major = RUBY_ABI_MAJOR,
	.minor = RUBY_ABI_MINOR,
	.patchlevel = RUBY_ABI_PATCHLEVEL,
};

static int ruby_pci_setup(struct ruby_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	int ret;

	ret = dma_set_mask_and_coherent(&pdev->dev,
					DMA_BIT_MASK(rdev->chip.desc->dma_bits));
	if (ret) {
		drm_err(&rdev->drm, "no usable %u-bit DMA mask: %d\n",
			rdev->chip.desc->dma_bits, ret);
		return ret;
	}
	pci_set_master(pdev);

	rdev->mmio = pcim_iomap_region(pdev, RUBY_MMIO_BAR, "ruby");
	if (IS_ERR(rdev->mmio)) {
		ret = PTR_ERR(rdev->mmio);
		drm_err(&rdev->drm, "cannot map the register BAR: %d\n", ret);
		return ret;
	}
	return 0;
}

static int ruby_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	ktime_t start = ktime_get();
	struct ruby_device *rdev;
	struct ruby_chip_info chip;
	int ret;

	ret = ruby_chip_lookup(id, &chip);
	if (ret)
		return ret;
	if (!chip.desc->ip_blocks) {
		dev_info(&pdev->dev, "%s: not supported by ruby yet%s%s, leaving it alone\n",
			 chip.desc->name, chip.desc->declined ? ": " : "",
			 chip.desc->declined ?: "");
		return -ENODEV;
	}

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;

	rdev = devm_drm_dev_alloc(&pdev->dev, &ruby_drm_driver,
				  struct ruby_device, drm);
	if (IS_ERR(rdev))
		return PTR_ERR(rdev);
	rdev->pdev = pdev;
	rdev->chip = chip;
	pci_set_drvdata(pdev, rdev);
	ret = drmm_mutex_init(&rdev->drm, &rdev->hyperz_lock);
	if (!ret)
		ret = drmm_mutex_init(&rdev->drm, &rdev->clock_lock);
	if (ret)
		return ret;

	ret = ruby_pci_setup(rdev);
	if (ret)
		return ret;

	ret = ruby_device_init(rdev);
	if (ret)
		return ret;

	/* modesetting only where the display came up (a video BIOS, DCE4) */
	if (!rdev->display || !rdev->display->modeset)
		rdev->drm.driver_features &= ~(DRIVER_MODESET | DRIVER_ATOMIC);
	ruby_debugfs_init(rdev);
	ret = drm_dev_register(&rdev->drm, 0);
	if (ret) {
		ruby_kms_shutdown(rdev);
		ruby_device_fini(rdev);
		return ret;
	}
	/*
	 * fbdev emulation (/dev/fbN): a DRM client with a dumb buffer of the
	 * outputs' largest mode, XRGB8888, which it lights when set up or
	 * unblanked and when the last DRM master goes; drm_dev_unplug()
	 * removes it. A failure is DRM's to log: the device works on.
	 */
	if (rdev->drm.driver_features & DRIVER_MODESET)
		drm_fbdev_ttm_setup(&rdev->drm, 32);

	drm_info(&rdev->drm, "%s (%s), %llu MiB VRAM, %llu MiB CPU-visible, ready in %lld ms\n",
		 chip.desc->name, ruby_gen_name(chip.desc->gen),
		 rdev->mc.vram_size / SZ_1M, (u64)rdev->mc.aper_size / SZ_1M,
		 ktime_ms_delta(ktime_get(), start));
	return 0;
}

static void ruby_pci_remove(struct pci_dev *pdev)
{
	struct ruby_device *rdev = pci_get_drvdata(pdev);

	drm_dev_unplug(&rdev->drm);
	ruby_kms_shutdown(rdev);
	ruby_ttm_unplug(rdev);
	ruby_device_fini(rdev);
}

static struct pci_driver ruby_pci_driver = {
	.name = "ruby",
	.id_table = ruby_pci_ids,
	.probe = ruby_pci_probe,
	.remove = ruby_pci_remove,
};

drm_module_pci_driver(ruby_pci_driver);

MODULE_AUTHOR("The ruby authors");
MODULE_DESCRIPTION("DRM driver for AMD/ATI Radeon R5xx to Southern Islands GPUs");
MODULE_LICENSE("GPL");
/* dma_buf_mmap() and dma_buf_put() of imported foreign dma-bufs */
MODULE_IMPORT_NS(DMA_BUF);
