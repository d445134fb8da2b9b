// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: GART
 *
 * The GART maps the GTT aperture (MC addresses after VRAM) onto system
 * pages, 4 KiB per entry, through a flat, one-level table in VRAM. From
 * R6xx on it is VM context 0 of the memory controller, with 64-bit
 * entries; on R5xx it is the PCIE block's GART, with 32-bit ones. Entries
 * of unbound pages point at a dummy page, as does the hardware's default
 * for faults, so a stray GPU access never reaches memory it does not own.
 *
 * The CPU writes entries through the BAR0 mapping of the table, then
 * publishes them with the generation's flush (on Evergreen, an HDP flush,
 * so the writes leave the host data path, and a TLB flush request).
 * gart.lock serialises updates with the flush handshake. The table and its
 * bookkeeping are shared by every generation; the entries' size and
 * format and the registers that point the hardware at the table are the
 * generation's (&struct ruby_gart_funcs). Once the block is torn down
 * (gart.ptr cleared) binds and unbinds only touch TTM's bookkeeping, never
 * the hardware.
 */

#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/sizes.h>
#include <linux/unaligned.h>

#include <kunit/visibility.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_gart.h"

#define RUBY_PTE_SYSTEM_RO	(RUBY_PTE_VALID | RUBY_PTE_SYSTEM | \
				 RUBY_PTE_SNOOPED | RUBY_PTE_READABLE)
#define RUBY_PTE_SYSTEM_RW	(RUBY_PTE_SYSTEM_RO | RUBY_PTE_WRITEABLE)

/* GPU pages per CPU page: the GART always maps 4 KiB pages */
#define GPU_PAGES_PER_PAGE	(PAGE_SIZE >> RUBY_GPU_PAGE_SHIFT)

/**
 * ruby_gart_pte - encode a page-table entry
 * @addr: DMA address of a 4 KiB page
 * @flags: RUBY_PTE_* bits
 *
 * Returns: the entry.
 */
u64 ruby_gart_pte(dma_addr_t addr, u64 flags)
{
	return ((u64)addr & RUBY_PTE_ADDR) | flags;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_gart_pte);

/**
 * ruby_gart_pte64 - the 64-bit entry of a snooped system page (R6xx-NI)
 * @addr: DMA address of a 4 KiB page
 * @writeable: the GPU may write it
 *
 * Returns: the entry.
 */
u64 ruby_gart_pte64(dma_addr_t addr, bool writeable)
{
	return ruby_gart_pte(addr, writeable ? RUBY_PTE_SYSTEM_RW : RUBY_PTE_SYSTEM_RO);
}
EXPORT_SYMBOL_IF_KUNIT(ruby_gart_pte64);

static const struct ruby_gart_funcs *gart_funcs(struct ruby_device *rdev)
{
	return rdev->chip.desc->asic->gart;
}

/* Write entry @i of the table, of the generation's size, through BAR0. */
static void gart_set_entry(struct ruby_device *rdev, u32 i, u64 entry)
{
	if (gart_funcs(rdev)->entry_bytes == 4)
		writel(lower_32_bits(entry), (u32 __iomem *)rdev->gart.ptr + i);
	else
		writeq(entry, (u64 __iomem *)rdev->gart.ptr + i);
}

/* Publish the table writes: the generation's HDP and TLB flush. */
static int gart_flush_locked(struct ruby_device *rdev)
{
	lockdep_assert_held(&rdev->gart.lock);
	return gart_funcs(rdev)->flush(rdev);
}

static void gart_write_locked(struct ruby_device *rdev, u32 first, u32 count,
			      const dma_addr_t *pages, bool writeable)
{
	u64 (*encode)(dma_addr_t addr, bool writeable) = gart_funcs(rdev)->encode;
	u32 i, j;

	for (i = 0; i < count; i++) {
		for (j = 0; j < GPU_PAGES_PER_PAGE; j++) {
			dma_addr_t addr = pages ? pages[i] : rdev->gart.dummy_addr;

			gart_set_entry(rdev, (first + i) * GPU_PAGES_PER_PAGE + j,
				       encode(addr + (j << RUBY_GPU_PAGE_SHIFT),
					      writeable));
		}
	}
}

static bool gart_range_ok(struct ruby_device *rdev, u32 first, u32 count)
{
	return first <= rdev->gart.entries / GPU_PAGES_PER_PAGE &&
	       count <= rdev->gart.entries / GPU_PAGES_PER_PAGE - first;
}

/**
 * ruby_gart_bind - map system pages into the GTT aperture
 * @rdev: the device
 * @first: first CPU page of the aperture
 * @count: number of CPU pages
 * @pages: their DMA addresses
 * @writeable: the GPU may write them (else a write is a protection fault)
 *
 * Returns: 0, -EINVAL for a range outside the aperture, -EIO if the TLB
 * flush failed.
 */
int ruby_gart_bind(struct ruby_device *rdev, u32 first, u32 count,
		   const dma_addr_t *pages, bool writeable)
{
	int ret = 0;

	if (WARN_ON(!pages || !gart_range_ok(rdev, first, count)))
		return -EINVAL;
	mutex_lock(&rdev->gart.lock);
	if (rdev->gart.ptr) {
		gart_write_locked(rdev, first, count, pages, writeable);
		ret = gart_flush_locked(rdev);
	}
	mutex_unlock(&rdev->gart.lock);
	return ret;
}

/**
 * ruby_gart_unbind - point aperture pages back at the dummy page
 * @rdev: the device
 * @first: first CPU page of the aperture
 * @count: number of CPU pages
 */
void ruby_gart_unbind(struct ruby_device *rdev, u32 first, u32 count)
{
	if (WARN_ON(!gart_range_ok(rdev, first, count)))
		return;
	mutex_lock(&rdev->gart.lock);
	if (rdev->gart.ptr) {
		gart_write_locked(rdev, first, count, NULL, true);
		gart_flush_locked(rdev);
	}
	mutex_unlock(&rdev->gart.lock);
}

static void gart_free_dummy(struct drm_device *drm, void *arg)
{
	struct ruby_device *rdev = to_ruby_device(drm);

	dma_unmap_page(drm->dev, rdev->gart.dummy_addr, PAGE_SIZE,
		       DMA_BIDIRECTIONAL);
	__free_page(rdev->gart.dummy);
}

static int gart_alloc_dummy(struct ruby_device *rdev)
{
	struct device *dev = rdev->drm.dev;

	rdev->gart.dummy = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!rdev->gart.dummy)
		return -ENOMEM;
	rdev->gart.dummy_addr = dma_map_page(dev, rdev->gart.dummy, 0, PAGE_SIZE,
					     DMA_BIDIRECTIONAL);
	if (dma_mapping_error(dev, rdev->gart.dummy_addr)) {
		__free_page(rdev->gart.dummy);
		return -ENOMEM;
	}
	return drmm_add_action_or_reset(&rdev->drm, gart_free_dummy, NULL);
}

/* Point every entry at the dummy page, a staging buffer at a time. */
static int gart_clear_table(struct ruby_device *rdev)
{
	u32 bytes = gart_funcs(rdev)->entry_bytes;
	u64 entry = gart_funcs(rdev)->encode(rdev->gart.dummy_addr, true);
	size_t left = (size_t)rdev->gart.entries * bytes, off = 0;
	size_t chunk = min_t(size_t, left, SZ_64K);
	u8 *staging;
	size_t i;

	staging = kmalloc(chunk, GFP_KERNEL);
	if (!staging)
		return -ENOMEM;
	for (i = 0; i < chunk; i += bytes) {
		if (bytes == 4)
			put_unaligned_le32(entry, staging + i);
		else
			put_unaligned_le64(entry, staging + i);
	}
	while (left) {
		size_t n = min(left, chunk);

		memcpy_toio((u8 __iomem *)rdev->gart.ptr + off, staging, n);
		off += n;
		left -= n;
	}
	kfree(staging);
	return 0;
}

/* Released first of the GART's: destructions still queued unbind their pages */
static void gart_drain(struct drm_device *drm, void *arg)
{
	ruby_ttm_drain(to_ruby_device(drm));
}

static int ruby_gart_init(struct ruby_device *rdev)
{
	struct ruby_bo *table;
	bool is_iomem;
	int ret;

	ret = drmm_mutex_init(&rdev->drm, &rdev->gart.lock);
	if (ret)
		return ret;
	ret = gart_alloc_dummy(rdev);
	if (ret)
		return ret;

	rdev->gart.entries = rdev->mc.gtt_size >> RUBY_GPU_PAGE_SHIFT;
	ret = ruby_bo_create_kernel(rdev, rdev->gart.entries *
				    gart_funcs(rdev)->entry_bytes,
				    RUBY_DOMAIN_VRAM, &table);
	if (ret)
		return ret;
	rdev->gart.table = table;
	ret = drmm_add_action_or_reset(&rdev->drm, gart_drain, NULL);
	if (ret)
		return ret;

	mutex_lock(&rdev->gart.lock);
	rdev->gart.ptr = (void __iomem *)ruby_bo_cpu_addr(table, &is_iomem);
	ret = gart_clear_table(rdev);
	if (!ret) {
		gart_funcs(rdev)->enable(rdev, ruby_bo_gpu_addr(table));
		ret = gart_flush_locked(rdev);
	}
	if (ret)
		rdev->gart.ptr = NULL;
	mutex_unlock(&rdev->gart.lock);
	if (!ret)
		drm_dbg_driver(&rdev->drm, "gart: %llu MiB at %#llx, table at %#llx\n",
			       rdev->mc.gtt_size / SZ_1M, rdev->mc.gtt_start,
			       ruby_bo_gpu_addr(table));
	return ret;
}

static void ruby_gart_fini(struct ruby_device *rdev)
{
	mutex_lock(&rdev->gart.lock);
	rdev->gart.ptr = NULL;
	mutex_unlock(&rdev->gart.lock);

	gart_funcs(rdev)->disable(rdev);
}

const struct ruby_ip_block ruby_gart_block = {
	.name = "gart",
	.init = ruby_gart_init,
	.fini = ruby_gart_fini,
};
