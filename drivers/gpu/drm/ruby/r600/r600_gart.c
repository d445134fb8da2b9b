// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx VM context 0
 *
 * R6xx walks the GART's table (ruby_gart.c) with VM context 0 as R7xx
 * does, but programs it elsewhere: its L1 TLBs are sixteen registers, a
 * read and a write one for each group of memory clients (the display
 * clients A and B, GFX, system, HDP, the DMA engine, semaphores, UVD), with
 * fields of their own; its L2 cache selects two banks; its context 0
 * page-table registers sit 0x38 further than R7xx's, and it has seven
 * contexts to turn off. The flush (an HDP flush, then a TLB flush request
 * answered in the same register) is R7xx's and Evergreen's too, and so
 * are the L2 cache's control (but for its banks) and the context's
 * control word: they live here, for rv770_gart.c to take.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>

#include <drm/drm_print.h>

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_gart.h"
#include "../ruby_mmio.h"
#include "r600.h"

/*
 * Flush the host data path, so the table writes the CPU made through it
 * are in VRAM. RV770-RV740 need a write of HDP_DEBUG1 and a read of VRAM
 * through the HDP instead (a hardware bug: the flush register does not
 * flush there): a dword of the table itself, which the CPU maps.
 */
static void r600_hdp_flush(struct ruby_device *rdev)
{
	if (ruby_has(rdev, RUBY_FEAT_HDP_DEBUG1_FLUSH)) {
		ruby_write32(rdev, HDP_DEBUG1, 0);
		readl(rdev->gart.ptr);
		return;
	}
	ruby_write32(rdev, HDP_MEM_COHERENCY_FLUSH_CNTL, 1);
}

/**
 * r600_gart_flush - publish the CPU's table writes, drop the cached entries
 * @rdev: the device, gart.lock held
 *
 * Returns: 0, or -EIO if the memory controller failed or ignored the
 * request.
 */
int r600_gart_flush(struct ruby_device *rdev)
{
	u32 resp;
	int i;

	lockdep_assert_held(&rdev->gart.lock);
	r600_hdp_flush(rdev);
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

/**
 * r600_vm_context0_enable - point VM context 0 at the GART's table
 * @rdev: the device
 * @regs: where the generation has the context's page-table registers
 * @table_addr: MC address of the table
 *
 * The context covers the GTT aperture with a one-level table; accesses
 * outside it fault to the dummy page.
 */
void r600_vm_context0_enable(struct ruby_device *rdev,
			     const struct r600_vm_regs *regs, u64 table_addr)
{
	u64 gtt_end = rdev->mc.gtt_start + rdev->mc.gtt_size - 1;

	ruby_write32(rdev, regs->pt_start, rdev->mc.gtt_start >> RUBY_GPU_PAGE_SHIFT);
	ruby_write32(rdev, regs->pt_end, gtt_end >> RUBY_GPU_PAGE_SHIFT);
	ruby_write32(rdev, regs->pt_base, table_addr >> RUBY_GPU_PAGE_SHIFT);
	ruby_write32(rdev, VM_CONTEXT0_CNTL, ENABLE_CONTEXT |
		     FIELD_PREP(PAGE_TABLE_DEPTH, 0) |
		     RANGE_PROTECTION_FAULT_ENABLE_DEFAULT);
	ruby_write32(rdev, regs->fault_default,
		     rdev->gart.dummy_addr >> RUBY_GPU_PAGE_SHIFT);
}

/**
 * r600_vm_l2_enable - turn the VM's L2 cache on
 * @rdev: the device
 * @cntl3: the generation's VM_L2_CNTL3 (bank selection)
 */
void r600_vm_l2_enable(struct ruby_device *rdev, u32 cntl3)
{
	ruby_write32(rdev, VM_L2_CNTL, ENABLE_L2_CACHE |
		     ENABLE_L2_FRAGMENT_PROCESSING |
		     ENABLE_L2_PTE_CACHE_LRU_UPDATE_BY_WRITE |
		     FIELD_PREP(EFFECTIVE_L2_QUEUE_SIZE, 7));
	ruby_write32(rdev, VM_L2_CNTL2, 0);
	ruby_write32(rdev, VM_L2_CNTL3, cntl3);
}

/**
 * r600_vm_l2_disable - turn the VM's L2 cache off
 * @rdev: the device
 */
void r600_vm_l2_disable(struct ruby_device *rdev)
{
	ruby_write32(rdev, VM_L2_CNTL, ENABLE_L2_FRAGMENT_PROCESSING |
		     FIELD_PREP(EFFECTIVE_L2_QUEUE_SIZE, 7));
}

/* R6xx's L2: two banks */
#define R600_VM_L2_CNTL3 \
	(FIELD_PREP(R600_BANK_SELECT_0, 0) | FIELD_PREP(R600_BANK_SELECT_1, 1))

static const struct r600_vm_regs r600_vm_regs = {
	.pt_base = R600_VM_CONTEXT0_PAGE_TABLE_BASE_ADDR,
	.pt_start = R600_VM_CONTEXT0_PAGE_TABLE_START_ADDR,
	.pt_end = R600_VM_CONTEXT0_PAGE_TABLE_END_ADDR,
	.fault_default = R600_VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR,
};

/* The L1 TLB of each client group, with the bits only some of them take */
static const struct {
	struct ruby_reg reg;
	u32 extra;
} r600_l1_tlbs[] = {
	{ R600_MC_VM_L1_TLB_MCB_RD_SYS_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_WR_SYS_CNTL, 0 },
	/* the CPU's reads through the HDP see its writes in order */
	{ R600_MC_VM_L1_TLB_MCB_RD_HDP_CNTL, R600_ENABLE_L1_STRICT_ORDERING },
	{ R600_MC_VM_L1_TLB_MCB_WR_HDP_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCD_RD_A_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCD_WR_A_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCD_RD_B_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCD_WR_B_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_RD_GFX_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_WR_GFX_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_RD_PDMA_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_WR_PDMA_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_RD_UVD_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_WR_UVD_CNTL, 0 },
	{ R600_MC_VM_L1_TLB_MCB_RD_SEM_CNTL, R600_ENABLE_SEMAPHORE_MODE },
	{ R600_MC_VM_L1_TLB_MCB_WR_SEM_CNTL, R600_ENABLE_SEMAPHORE_MODE },
};

/* Every L1 TLB control: @on enables translation, off only sizes it. */
static void r600_l1_tlbs_set(struct ruby_device *rdev, bool on)
{
	u32 tlb = FIELD_PREP(R600_EFFECTIVE_L1_TLB_SIZE, 5) |
		  FIELD_PREP(R600_EFFECTIVE_L1_QUEUE_SIZE, 5) |
		  R600_ENABLE_WAIT_L2_QUERY;
	unsigned int i;

	if (on)
		tlb |= ENABLE_L1_TLB | ENABLE_L1_FRAGMENT_PROCESSING |
		       FIELD_PREP(R600_SYSTEM_ACCESS_MODE, SYSTEM_ACCESS_MODE_NOT_IN_SYS);
	for (i = 0; i < ARRAY_SIZE(r600_l1_tlbs); i++)
		ruby_write32(rdev, r600_l1_tlbs[i].reg,
			     tlb | (on ? r600_l1_tlbs[i].extra : 0));
}

static void r600_vm_contexts_off(struct ruby_device *rdev, unsigned int first)
{
	unsigned int i;

	for (i = first; i < R600_VM_CONTEXTS; i++)
		ruby_write32(rdev, RUBY_REG(VM_CONTEXT0_CNTL.addr + 4 * i), 0);
}

static void r600_gart_enable(struct ruby_device *rdev, u64 table_addr)
{
	r600_vm_l2_enable(rdev, R600_VM_L2_CNTL3);
	r600_l1_tlbs_set(rdev, true);
	r600_vm_context0_enable(rdev, &r600_vm_regs, table_addr);
	r600_vm_contexts_off(rdev, 1);
}

static void r600_gart_disable(struct ruby_device *rdev)
{
	r600_vm_contexts_off(rdev, 0);
	r600_vm_l2_disable(rdev);
	ruby_write32(rdev, VM_L2_CNTL3, R600_VM_L2_CNTL3);
	r600_l1_tlbs_set(rdev, false);
}

const struct ruby_gart_funcs r600_gart_funcs = {
	.entry_bytes = 8,
	.encode = ruby_gart_pte64,
	.enable = r600_gart_enable,
	.disable = r600_gart_disable,
	.flush = r600_gart_flush,
};
