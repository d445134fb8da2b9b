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
 * TLB flush request, a register handshake that gart.lock serialises
 * (r600_gart.c: R6xx programs the context and flushes alike).
 * Evergreen and NI program it with the same registers (their Fusion IGPs
 * moved the MD TLB controls, and the larger chips have a fourth).
 */

#include <linux/bitfield.h>

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_gart.h"
#include "../ruby_mmio.h"
#include "r600.h"

static const struct r600_vm_regs rv770_vm_regs = {
	.pt_base = VM_CONTEXT0_PAGE_TABLE_BASE_ADDR,
	.pt_start = VM_CONTEXT0_PAGE_TABLE_START_ADDR,
	.pt_end = VM_CONTEXT0_PAGE_TABLE_END_ADDR,
	.fault_default = VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR,
};

static void rv770_gart_enable(struct ruby_device *rdev, u64 table_addr)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 tlb = ENABLE_L1_TLB | ENABLE_L1_FRAGMENT_PROCESSING |
		  FIELD_PREP(SYSTEM_ACCESS_MODE, SYSTEM_ACCESS_MODE_NOT_IN_SYS) |
		  FIELD_PREP(EFFECTIVE_L1_TLB_SIZE, 5) |
		  FIELD_PREP(EFFECTIVE_L1_QUEUE_SIZE, 5);
	unsigned int i;

	r600_vm_l2_enable(rdev, FIELD_PREP(BANK_SELECT, 0) |
			  FIELD_PREP(CACHE_UPDATE_MODE, 2));
	for (i = 0; i < 3; i++)
		ruby_write32(rdev, RUBY_REG(desc->md_l1_tlb + 4 * i), tlb);
	if (desc->md_l1_tlb3)
		ruby_write32(rdev, MC_VM_MD_L1_TLB3_CNTL, tlb);
	for (i = 0; i < 4; i++)
		ruby_write32(rdev, MC_VM_MB_L1_TLB_CNTL(i), tlb);

	r600_vm_context0_enable(rdev, &rv770_vm_regs, table_addr);
	ruby_write32(rdev, VM_CONTEXT1_CNTL, 0);
}

static void rv770_gart_disable(struct ruby_device *rdev)
{
	ruby_write32(rdev, VM_CONTEXT0_CNTL, 0);
	ruby_write32(rdev, VM_CONTEXT1_CNTL, 0);
	r600_vm_l2_disable(rdev);
}

const struct ruby_gart_funcs rv770_gart_funcs = {
	.entry_bytes = 8,
	.encode = ruby_gart_pte64,
	.enable = rv770_gart_enable,
	.disable = rv770_gart_disable,
	.flush = r600_gart_flush,
};
