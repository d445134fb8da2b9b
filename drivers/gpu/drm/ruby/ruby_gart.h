/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_GART_H__
#define __RUBY_GART_H__

#include <linux/bits.h>
#include <linux/types.h>

struct ruby_device;

/* Page-table entry of R6xx-NI VM contexts: 64 bits, 4 KiB pages */
#define RUBY_PTE_VALID		BIT_ULL(0)
#define RUBY_PTE_SYSTEM		BIT_ULL(1)
#define RUBY_PTE_SNOOPED	BIT_ULL(2)
#define RUBY_PTE_READABLE	BIT_ULL(5)
#define RUBY_PTE_WRITEABLE	BIT_ULL(6)
#define RUBY_PTE_ADDR		GENMASK_ULL(39, 12)

#define RUBY_GPU_PAGE_SHIFT	12

/**
 * struct ruby_gart_funcs - a generation's GART programming
 *
 * The table, its bookkeeping and its locking are shared (ruby_gart.c);
 * the entries' size and format (R6xx-NI: 64 bits, ruby_gart_pte64(); the
 * R5xx PCIE GART: 32 bits) and the hardware that walks the table are the
 * generation's.
 */
struct ruby_gart_funcs {
	/** @entry_bytes: size of one entry: 4 or 8 */
	u32 entry_bytes;
	/**
	 * @encode: the entry of the system page at DMA address @addr, which
	 * the GPU may read, and write if @writeable
	 */
	u64 (*encode)(dma_addr_t addr, bool writeable);
	/**
	 * @enable: point VM context 0 at the table at MC address @table_addr,
	 * covering the GTT aperture, faults to the dummy page
	 */
	void (*enable)(struct ruby_device *rdev, u64 table_addr);
	/** @disable: turn the VM contexts off again */
	void (*disable)(struct ruby_device *rdev);
	/**
	 * @flush: make the CPU's table writes visible to the GPU and drop its
	 * cached entries; called with rdev->gart.lock held. 0 or -EIO.
	 */
	int (*flush)(struct ruby_device *rdev);
};

u64 ruby_gart_pte(dma_addr_t addr, u64 flags);
u64 ruby_gart_pte64(dma_addr_t addr, bool writeable);
int ruby_gart_bind(struct ruby_device *rdev, u32 first, u32 count,
		   const dma_addr_t *pages, bool writeable);
void ruby_gart_unbind(struct ruby_device *rdev, u32 first, u32 count);

#endif /* __RUBY_GART_H__ */
