// SPDX-License-Identifier: GPL-2.0-only
/*
 * GPU memory as a GPU client sees it: MC addresses in the FB range are
 * VRAM; addresses in VM context 0's range go through its flat page table
 * (64-bit entries in VRAM) to system pages. Where the FB location and the
 * page-table registers are is the chip's (struct sim_vm_map). Any access the page table does
 * not allow is a protection fault: logged, counted, and the run fails
 * unless the test provoked it.
 */
#include <string.h>

#include "gpu.h"
#include "models.h"

#define PTE_VALID		(1ull << 0)
#define PTE_SYSTEM		(1ull << 1)
#define PTE_READABLE		(1ull << 5)
#define PTE_WRITEABLE		(1ull << 6)
#define PTE_ADDR		0x000000fffffff000ull
#define PAGE			4096ull

#define REQUEST_TYPE_MASK	0xf
#define RESPONSE_DONE		(1u << 4)

void sim_gart_fault(struct sim *sim, bool write, uint64_t addr, const char *why)
{
	sim->stats.gart_faults++;
	sim_log(sim, "GART-FAULT op=%s addr=%#llx reason=%s",
		write ? "write" : "read", (unsigned long long)addr, why);
}

/* Evergreen/NI and R7xx */
const struct sim_vm_map sim_evergreen_vm_map = {
	.fb_location = MC_VM_FB_LOCATION,
	.pt_base = VM_CONTEXT0_PAGE_TABLE_BASE_ADDR,
	.pt_start = VM_CONTEXT0_PAGE_TABLE_START_ADDR,
	.pt_end = VM_CONTEXT0_PAGE_TABLE_END_ADDR,
};

/* R6xx: its own MC_VM block and context 0 page-table registers */
const struct sim_vm_map sim_r600_vm_map = {
	.fb_location = R600_MC_VM_FB_LOCATION,
	.pt_base = R600_VM_CONTEXT0_PAGE_TABLE_BASE_ADDR,
	.pt_start = R600_VM_CONTEXT0_PAGE_TABLE_START_ADDR,
	.pt_end = R600_VM_CONTEXT0_PAGE_TABLE_END_ADDR,
};

static bool fb_range(const struct sim *sim, uint64_t *start, uint64_t *end)
{
	uint32_t loc = sim_reg_get(sim, sim->asic->vm->fb_location);

	*start = (uint64_t)(loc & 0xffff) << 24;
	*end = ((uint64_t)(loc >> 16) << 24) | 0xffffff;
	return *start <= *end;
}

/* One page at most: @len never crosses a 4 KiB boundary. */
static void *translate(struct sim *sim, uint64_t addr, size_t len, bool write)
{
	uint64_t fb_start, fb_end, start, end, pte, idx, phys;
	uint32_t cntl = sim_reg_get(sim, VM_CONTEXT0_CNTL);
	const struct sim_vm_map *vm = sim->asic->vm;
	void *p;

	if (fb_range(sim, &fb_start, &fb_end) && addr >= fb_start && addr <= fb_end) {
		if (addr - fb_start + len > sim->vram_size) {
			sim_gart_fault(sim, write, addr, "beyond-vram");
			return NULL;
		}
		return sim->vram + (addr - fb_start);
	}
	start = (uint64_t)sim_reg_get(sim, vm->pt_start) << 12;
	end = ((uint64_t)sim_reg_get(sim, vm->pt_end) << 12) | 0xfff;
	if (!(cntl & VM_ENABLE_CONTEXT) || addr < start || addr > end) {
		sim_gart_fault(sim, write, addr, (cntl & VM_ENABLE_CONTEXT) ? "unmapped" :
			       "gart-disabled");
		return NULL;
	}
	idx = (addr - start) / PAGE;
	if (sim_gpu_read(sim, ((uint64_t)sim_reg_get(sim, vm->pt_base) << 12) + idx * 8,
			 &pte, sizeof(pte)))
		return NULL;
	if (!(pte & PTE_VALID) || !(pte & PTE_SYSTEM)) {
		sim_gart_fault(sim, write, addr, "invalid-pte");
		return NULL;
	}
	if (!(pte & (write ? PTE_WRITEABLE : PTE_READABLE))) {
		sim_gart_fault(sim, write, addr, write ? "read-only" : "no-read");
		return NULL;
	}
	phys = (pte & PTE_ADDR) | (addr & (PAGE - 1));
	if (sim->trace)
		sim_log(sim, "gart %s addr=%#llx pte=%#llx", write ? "write" : "read",
			(unsigned long long)addr, (unsigned long long)pte);
	p = sim->transport.dma ? sim->transport.dma(sim->transport.ctx, phys, len) : NULL;
	if (!p)
		sim_gart_fault(sim, write, addr, "not-guest-memory");
	return p;
}

static int access(struct sim *sim, uint64_t addr, void *buf, size_t len, bool write)
{
	uint8_t *b = buf;

	while (len) {
		size_t n = PAGE - (addr & (PAGE - 1));
		void *p;

		if (n > len)
			n = len;
		p = sim->asic->translate ? sim->asic->translate(sim, addr, n, write) :
		    translate(sim, addr, n, write);
		if (!p) {
			if (!write)
				memset(b, 0, len);
			return -1;
		}
		if (write)
			memcpy(p, b, n);
		else
			memcpy(b, p, n);
		addr += n;
		b += n;
		len -= n;
	}
	return 0;
}

int sim_gpu_read(struct sim *sim, uint64_t mc_addr, void *buf, size_t len)
{
	return access(sim, mc_addr, buf, len, false);
}

int sim_gpu_write(struct sim *sim, uint64_t mc_addr, const void *buf, size_t len)
{
	return access(sim, mc_addr, (void *)buf, len, true);
}

/* A TLB flush request completes at once: there is no TLB to flush. */
static void request_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t resp = (val & REQUEST_TYPE_MASK) == 1 ? RESPONSE_DONE : 0;

	sim_reg_set(sim, reg->offset, resp);
	if (sim->trace)
		sim_log(sim, "gart tlb flush");
}

static uint32_t idle_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)sim;
	(void)reg;
	return 0;
}

#define STORE(off, name)	{ off, name, 0, NULL, NULL }

/* The L2 cache, context 0's control and its TLB flush handshake */
#define VM_COMMON_REGS							\
	STORE(VM_L2_CNTL, "VM_L2_CNTL"),				\
	STORE(VM_L2_CNTL2, "VM_L2_CNTL2"),				\
	STORE(VM_L2_CNTL3, "VM_L2_CNTL3"),				\
	{ VM_L2_STATUS, "VM_L2_STATUS", 0, idle_read, NULL },		\
	STORE(VM_CONTEXT0_CNTL, "VM_CONTEXT0_CNTL"),			\
	STORE(VM_CONTEXT1_CNTL, "VM_CONTEXT1_CNTL"),			\
	{ VM_CONTEXT0_REQUEST_RESPONSE, "VM_CONTEXT0_REQUEST_RESPONSE", 0, NULL,\
	  request_write }

static const struct sim_reg vm_regs[] = {
	VM_COMMON_REGS,
	STORE(VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR,
	      "VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR"),
	STORE(VM_CONTEXT0_PAGE_TABLE_BASE_ADDR, "VM_CONTEXT0_PAGE_TABLE_BASE_ADDR"),
	STORE(VM_CONTEXT0_PAGE_TABLE_START_ADDR, "VM_CONTEXT0_PAGE_TABLE_START_ADDR"),
	STORE(VM_CONTEXT0_PAGE_TABLE_END_ADDR, "VM_CONTEXT0_PAGE_TABLE_END_ADDR"),
	STORE(MC_VM_MB_L1_TLB0_CNTL, "MC_VM_MB_L1_TLB0_CNTL"),
	STORE(MC_VM_MB_L1_TLB0_CNTL + 4, "MC_VM_MB_L1_TLB1_CNTL"),
	STORE(MC_VM_MB_L1_TLB0_CNTL + 8, "MC_VM_MB_L1_TLB2_CNTL"),
	STORE(MC_VM_MB_L1_TLB0_CNTL + 12, "MC_VM_MB_L1_TLB3_CNTL"),
	STORE(MC_VM_MD_L1_TLB0_CNTL, "MC_VM_MD_L1_TLB0_CNTL"),
	STORE(MC_VM_MD_L1_TLB0_CNTL + 4, "MC_VM_MD_L1_TLB1_CNTL"),
	STORE(MC_VM_MD_L1_TLB0_CNTL + 8, "MC_VM_MD_L1_TLB2_CNTL"),
};

/* The fourth MD TLB of Juniper, Cypress, Hemlock and Barts */
static const struct sim_reg md_tlb3_regs[] = {
	STORE(MC_VM_MD_L1_TLB3_CNTL, "MC_VM_MD_L1_TLB3_CNTL"),
};

const struct sim_block sim_evergreen_vm_block = {
	.name = "evergreen-vm",
	.regs = vm_regs,
	.nregs = sizeof(vm_regs) / sizeof(vm_regs[0]),
};

const struct sim_block sim_evergreen_md_tlb3_block = {
	.name = "evergreen-md-tlb3",
	.regs = md_tlb3_regs,
	.nregs = 1,
};

/*
 * R6xx: seven contexts, context 0's page table and fault page elsewhere,
 * and an L1 TLB per client group: MCD read/write A/B, MCB GFX, SYS, HDP,
 * PDMA, SEM and UVD read/write.
 */
static const struct sim_reg r600_vm_regs[] = {
	VM_COMMON_REGS,
	STORE(VM_CONTEXT0_CNTL + 8, "VM_CONTEXT2_CNTL"),
	STORE(VM_CONTEXT0_CNTL + 12, "VM_CONTEXT3_CNTL"),
	STORE(VM_CONTEXT0_CNTL + 16, "VM_CONTEXT4_CNTL"),
	STORE(VM_CONTEXT0_CNTL + 20, "VM_CONTEXT5_CNTL"),
	STORE(VM_CONTEXT0_CNTL + 24, "VM_CONTEXT6_CNTL"),
	STORE(R600_VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR,
	      "VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR"),
	STORE(R600_VM_CONTEXT0_PAGE_TABLE_BASE_ADDR, "VM_CONTEXT0_PAGE_TABLE_BASE_ADDR"),
	STORE(R600_VM_CONTEXT0_PAGE_TABLE_START_ADDR, "VM_CONTEXT0_PAGE_TABLE_START_ADDR"),
	STORE(R600_VM_CONTEXT0_PAGE_TABLE_END_ADDR, "VM_CONTEXT0_PAGE_TABLE_END_ADDR"),
	STORE(0x2124, "MC_VM_L1_TLB_MCB_RD_UVD_CNTL"),
	STORE(0x212c, "MC_VM_L1_TLB_MCB_WR_UVD_CNTL"),
	STORE(0x219c, "MC_VM_L1_TLB_MCD_RD_A_CNTL"),
	STORE(0x21a0, "MC_VM_L1_TLB_MCD_RD_B_CNTL"),
	STORE(0x21a4, "MC_VM_L1_TLB_MCD_WR_A_CNTL"),
	STORE(0x21a8, "MC_VM_L1_TLB_MCD_WR_B_CNTL"),
	STORE(0x21fc, "MC_VM_L1_TLB_MCB_RD_GFX_CNTL"),
	STORE(0x2200, "MC_VM_L1_TLB_MCB_RD_SYS_CNTL"),
	STORE(0x2204, "MC_VM_L1_TLB_MCB_RD_HDP_CNTL"),
	STORE(0x2208, "MC_VM_L1_TLB_MCB_RD_PDMA_CNTL"),
	STORE(0x220c, "MC_VM_L1_TLB_MCB_RD_SEM_CNTL"),
	STORE(0x2210, "MC_VM_L1_TLB_MCB_WR_GFX_CNTL"),
	STORE(0x2214, "MC_VM_L1_TLB_MCB_WR_SYS_CNTL"),
	STORE(0x2218, "MC_VM_L1_TLB_MCB_WR_HDP_CNTL"),
	STORE(0x221c, "MC_VM_L1_TLB_MCB_WR_PDMA_CNTL"),
	STORE(0x2220, "MC_VM_L1_TLB_MCB_WR_SEM_CNTL"),
};

const struct sim_block sim_r600_vm_block = {
	.name = "r600-vm",
	.regs = r600_vm_regs,
	.nregs = sizeof(r600_vm_regs) / sizeof(r600_vm_regs[0]),
};
