// SPDX-License-Identifier: GPL-2.0-only
/*
 * R5xx's GPU address space: MC addresses in MC_FB_LOCATION's range are
 * VRAM; those in the PCIE GART's range (PCIE_TX_GART_START/END) go
 * through its table, 4-byte entries in VRAM at PCIE_TX_GART_BASE (an MC
 * address): bits 23:0 hold address bits 31:8 of a 4 KiB system page,
 * bits 31:24 address bits 39:32, and the page-aligned low bits the flags
 * (bit 0 unsnooped, bit 2 writeable, bit 3 readable).
 *
 * The hardware discards what falls outside both ranges; the model calls
 * it a GART-FAULT, as it does an access the entry does not allow (an
 * entry neither readable nor writeable is invalid). Translations are
 * cached in a TLB until PCIE_TX_GART_CNTL.INVALIDATE_TLB is written: a
 * cached entry the table no longer holds is a GART-FAULT too (stale-tlb),
 * the driver changed a mapping in use without invalidating.
 */
#include "models.h"
#include "r500.h"

#define GPU_PAGE	4096ull

static uint64_t entry_addr(uint32_t entry)
{
	return (uint64_t)(entry & 0x00fffff0) << 8 | (uint64_t)(entry >> 24) << 32;
}

/* The table's entry of a GART page, read from VRAM as the chip does. */
static int table_read(struct sim *sim, uint32_t page, uint32_t *entry, uint64_t addr, bool write)
{
	uint64_t fb_end, fb_start = sim_r500_fb_start(sim, &fb_end);
	uint64_t at = sim->r500.pcie[R500_PCIE_TX_GART_BASE] + 4ull * page;
	const uint8_t *p;

	if (at < fb_start || at + 4 > fb_end + 1 || at - fb_start + 4 > sim->vram_size) {
		sim_gart_fault(sim, write, addr, "table-outside-vram");
		return -1;
	}
	p = sim->vram + (at - fb_start);
	*entry = p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
	return 0;
}

/* The TLB: a cached entry must still be the table's, or it went stale. */
static bool tlb_stale(struct sim *sim, uint32_t page, uint32_t entry)
{
	typeof(sim->r500.tlb[0]) *t = &sim->r500.tlb[page % SIM_R500_TLB];

	if (t->valid && t->page == page)
		return t->entry != entry;
	t->valid = true;
	t->page = page;
	t->entry = entry;
	return false;
}

void sim_r500_gart_invalidate(struct sim *sim)
{
	unsigned int i;

	for (i = 0; i < SIM_R500_TLB; i++)
		sim->r500.tlb[i].valid = false;
	sim->r500.tlb_invalidates++;
	if (sim->trace)
		sim_log(sim, "pcie-gart: tlb invalidated");
}

static const char *entry_refuses(uint32_t entry, bool write)
{
	if (!(entry & (R500_PTE_READABLE | R500_PTE_WRITEABLE)))
		return "invalid-entry";
	if (write && !(entry & R500_PTE_WRITEABLE))
		return "read-only";
	if (!write && !(entry & R500_PTE_READABLE))
		return "no-read";
	return NULL;
}

static int gart_entry(struct sim *sim, uint64_t addr, bool write, uint32_t *entry)
{
	const uint32_t *r = sim->r500.pcie;
	uint64_t start = r[R500_PCIE_TX_GART_START_LO] |
			 (uint64_t)r[R500_PCIE_TX_GART_START_HI] << 32;
	uint64_t end = r[R500_PCIE_TX_GART_END_LO] |
		       (uint64_t)r[R500_PCIE_TX_GART_END_HI] << 32 | (GPU_PAGE - 1);
	const char *why;
	uint32_t page;

	if (!(r[R500_PCIE_TX_GART_CNTL] & R500_GART_EN) || addr < start || addr > end) {
		sim_gart_fault(sim, write, addr, r[R500_PCIE_TX_GART_CNTL] & R500_GART_EN ?
			       "outside-vram-and-gart" : "gart-disabled");
		return -1;
	}
	page = (addr - start) / GPU_PAGE;
	if (table_read(sim, page, entry, addr, write))
		return -1;
	why = tlb_stale(sim, page, *entry) ? "stale-tlb" : entry_refuses(*entry, write);
	if (why) {
		sim_gart_fault(sim, write, addr, why);
		return -1;
	}
	return 0;
}

/* One GPU page at most: @len never crosses a 4 KiB boundary. */
void *sim_r500_translate(struct sim *sim, uint64_t addr, size_t len, bool write)
{
	uint64_t fb_end, fb_start = sim_r500_fb_start(sim, &fb_end), phys;
	uint32_t entry;
	void *p;

	if (addr >= fb_start && addr <= fb_end) {
		if (addr - fb_start + len > sim->vram_size) {
			sim_gart_fault(sim, write, addr, "beyond-vram");
			return NULL;
		}
		return sim->vram + (addr - fb_start);
	}
	if (gart_entry(sim, addr, write, &entry))
		return NULL;
	phys = entry_addr(entry) | (addr & (GPU_PAGE - 1));
	if (sim->trace)
		sim_log(sim, "gart %s addr=%#llx entry=%#x", write ? "write" : "read",
			(unsigned long long)addr, entry);
	p = sim->transport.dma ? sim->transport.dma(sim->transport.ctx, phys, len) : NULL;
	if (!p)
		sim_gart_fault(sim, write, addr, "not-guest-memory");
	return p;
}
