// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R5xx PCIE GART
 *
 * R5xx's GART belongs to its PCIE block, programmed through the PCIE
 * index/data window: a flat table in VRAM of 32-bit entries, one per
 * 4 KiB page of the aperture [PCIE_TX_GART_START, PCIE_TX_GART_END]. An
 * entry holds bits 31:8 of the page's address in its bits 23:0 and bits
 * 39:32 in its bits 31:24; the page alignment leaves the low bits free for
 * the flags (readable, writeable, unsnooped: ruby's pages are snooped).
 * Accesses outside the aperture are discarded, reads answered from
 * PCIE_TX_DISCARD_RD_ADDR (the head of VRAM, which TTM keeps).
 *
 * The TLB is flushed by pulsing PCIE_TX_GART_CNTL's invalidate bit, twice:
 * one pulse does not always take on this hardware (upstream radeon's
 * workaround, kept here).
 */

#include <linux/bitfield.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../ruby_device.h"
#include "../ruby_gart.h"
#include "../ruby_mmio.h"
#include "r500.h"

#define R500_PTE_READABLE	BIT(3)
#define R500_PTE_WRITEABLE	BIT(2)
#define R500_PTE_UNSNOOPED	BIT(0)
#define R500_PTE_ADDR_LO	GENMASK(23, 0)	/* address bits 31:8 */
#define R500_PTE_ADDR_HI	GENMASK(31, 24)	/* address bits 39:32 */

/**
 * r500_gart_entry - the PCIE GART entry of a snooped system page
 * @addr: DMA address of a 4 KiB page (40 bits)
 * @writeable: the GPU may write it
 *
 * Returns: the 32-bit entry.
 */
u32 r500_gart_entry(dma_addr_t addr, bool writeable)
{
	u64 a = addr;
	u32 entry = FIELD_PREP(R500_PTE_ADDR_LO, lower_32_bits(a) >> 8) |
		    FIELD_PREP(R500_PTE_ADDR_HI, upper_32_bits(a) & 0xff);

	entry |= R500_PTE_READABLE;
	if (writeable)
		entry |= R500_PTE_WRITEABLE;
	return entry;
}
EXPORT_SYMBOL_IF_KUNIT(r500_gart_entry);

static u64 r500_gart_encode(dma_addr_t addr, bool writeable)
{
	return r500_gart_entry(addr, writeable);
}

static int r500_gart_flush(struct ruby_device *rdev)
{
	u32 cntl = r500_pcie_read(rdev, PCIE_TX_GART_CNTL);
	unsigned int i;

	for (i = 0; i < 2; i++) {
		r500_pcie_write(rdev, PCIE_TX_GART_CNTL, cntl | GART_INVALIDATE_TLB);
		r500_pcie_read(rdev, PCIE_TX_GART_CNTL);
		r500_pcie_write(rdev, PCIE_TX_GART_CNTL, cntl);
	}
	/* the table's writes and the flush before anything the GPU is told */
	mb();
	return 0;
}

static void r500_gart_enable(struct ruby_device *rdev, u64 table_addr)
{
	u64 end = rdev->mc.gtt_start + rdev->mc.gtt_size - 1;
	u32 discard = FIELD_PREP(GART_UNMAPPED_ACCESS, GART_UNMAPPED_DISCARD);

	r500_pcie_write(rdev, PCIE_TX_GART_CNTL, discard);
	r500_pcie_write(rdev, PCIE_TX_GART_START_LO, lower_32_bits(rdev->mc.gtt_start));
	r500_pcie_write(rdev, PCIE_TX_GART_END_LO, lower_32_bits(end) & ~0xfffu);
	r500_pcie_write(rdev, PCIE_TX_GART_START_HI, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_END_HI, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_BASE, lower_32_bits(table_addr));
	r500_pcie_write(rdev, PCIE_TX_DISCARD_RD_ADDR_LO, lower_32_bits(rdev->mc.vram_start));
	r500_pcie_write(rdev, PCIE_TX_DISCARD_RD_ADDR_HI, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_ERROR, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_CNTL, discard | GART_EN);
}

static void r500_gart_disable(struct ruby_device *rdev)
{
	u32 discard = FIELD_PREP(GART_UNMAPPED_ACCESS, GART_UNMAPPED_DISCARD);

	r500_pcie_write(rdev, PCIE_TX_GART_START_LO, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_END_LO, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_START_HI, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_END_HI, 0);
	r500_pcie_write(rdev, PCIE_TX_GART_CNTL, discard);
}

const struct ruby_gart_funcs r500_gart_funcs = {
	.entry_bytes = 4,
	.encode = r500_gart_encode,
	.enable = r500_gart_enable,
	.disable = r500_gart_disable,
	.flush = r500_gart_flush,
};
