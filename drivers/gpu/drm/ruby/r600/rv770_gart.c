// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R7xx VM context 0
 *
 * The GART's table (ruby_gart.c) is walked by VM context 0: the L2 cache
 * and the L1 TLBs of every memory client are enabled, the context covers
 * the GTT aperture with a one-level table and sends faults to the dummy
 * page; context 1 stays off. Entries are published by an HDP flush and a
 * TLB flush request, a register handshake that gart.lock serialises.
 * Evergreen and NI program it with the same registers (their Fusion IGPs
 * moved the MD TLB controls, and the larger chips have a fourth).
 */

#include <linux/bitfield.h>
#include <linux/delay.h>

#include <drm/drm_print.h>

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_gart.h"
#include "../ruby_mmio.h"
#include "r600.h"

/* Make the CPU's table writes visible, then drop the GPU's cached entries. */
static int rv770_gart_flush(struct ruby_device *rdev)
{
	u32 resp;
	int i;

	lockdep_assert_held(&rdev->gart.lock);
	ruby_write32(rdev, HDP_MEM_COHERENCY_FLUSH_CNTL, 1);
	ruby_write32(rdev, VM_CONTEXT0_REQUEST_RESPONSE,
		     FIELD_PREP(REQUEST_TYPE, REQUEST_TLB_FLUSH));
	for (i = 0; i < RUBY_USEC_TIMEOUT; i++) {
		resp = FIELD_GET(RESPONSE_TYPE,
				 ruby_read32(rdev, VM_CONTEXT0_REQUEST_RESPONSE));
		if (resp == RESPONSE_FAILED)
			break;
		if (resp)
			return 0;
		udelay(1);
	}
	drm_err(&rdev->drm, "gart: TLB flush %s\n",
		resp == RESPONSE_FAILED ? "failed" : "timed out");
	return -EIO;
}

static void rv770_gart_enable(struct ruby_device *rdev, u64 table_addr)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 tlb = ENABLE_L1_TLB | ENABLE_L1_FRAGMENT_PROCESSING |
		  FIELD_PREP(SYSTEM_ACCESS_MODE, SYSTEM_ACCESS_MODE_NOT_IN_SYS) |
		  FIELD_PREP(EFFECTIVE_L1_TLB_SIZE, 5) |
		  FIELD_PREP(EFFECTIVE_L1_QUEUE_SIZE, 5);
	u64 gtt_end = rdev->mc.gtt_start + rdev->mc.gtt_size - 1;
	unsigned int i;

	ruby_write32(rdev, VM_L2_CNTL, ENABLE_L2_CACHE |
		     ENABLE_L2_FRAGMENT_PROCESSING |
		     ENABLE_L2_PTE_CACHE_LRU_UPDATE_BY_WRITE |
		     FIELD_PREP(EFFECTIVE_L2_QUEUE_SIZE, 7));
	ruby_write32(rdev, VM_L2_CNTL2, 0);
	ruby_write32(rdev, VM_L2_CNTL3, FIELD_PREP(BANK_SELECT, 0) |
		     FIELD_PREP(CACHE_UPDATE_MODE, 2));
	for (i = 0; i < 3; i++)
		ruby_write32(rdev, RUBY_REG(desc->md_l1_tlb + 4 * i), tlb);
	if (desc->md_l1_tlb3)
		ruby_write32(rdev, MC_VM_MD_L1_TLB3_CNTL, tlb);
	for (i = 0; i < 4; i++)
		ruby_write32(rdev, MC_VM_MB_L1_TLB_CNTL(i), tlb);

	ruby_write32(rdev, VM_CONTEXT0_PAGE_TABLE_START_ADDR,
		     rdev->mc.gtt_start >> RUBY_GPU_PAGE_SHIFT);
	ruby_write32(rdev, VM_CONTEXT0_PAGE_TABLE_END_ADDR,
		     gtt_end >> RUBY_GPU_PAGE_SHIFT);
	ruby_write32(rdev, VM_CONTEXT0_PAGE_TABLE_BASE_ADDR,
		     table_addr >> RUBY_GPU_PAGE_SHIFT);
	ruby_write32(rdev, VM_CONTEXT0_CNTL, ENABLE_CONTEXT |
		     FIELD_PREP(PAGE_TABLE_DEPTH, 0) |
		     RANGE_PROTECTION_FAULT_ENABLE_DEFAULT);
	ruby_write32(rdev, VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR,
		     rdev->gart.dummy_addr >> RUBY_GPU_PAGE_SHIFT);
	ruby_write32(rdev, VM_CONTEXT1_CNTL, 0);
}

static void rv770_gart_disable(struct ruby_device *rdev)
{
	ruby_write32(rdev, VM_CONTEXT0_CNTL, 0);
	ruby_write32(rdev, VM_CONTEXT1_CNTL, 0);
	ruby_write32(rdev, VM_L2_CNTL, ENABLE_L2_FRAGMENT_PROCESSING |
		     FIELD_PREP(EFFECTIVE_L2_QUEUE_SIZE, 7));
}

const struct ruby_gart_funcs rv770_gart_funcs = {
	.enable = rv770_gart_enable,
	.disable = rv770_gart_disable,
	.flush = rv770_gart_flush,
};
