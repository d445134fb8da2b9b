// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interrupt handler (IH): interrupt sources become 16-byte vectors
 * written into a ring in GPU memory, the write pointer is copied to
 * memory, and an MSI tells the host to look.
 */
#include "gpu.h"
#include "models.h"

#define IV_BYTES	16

static uint32_t ih_size(struct sim *sim)
{
	/* IH_IB_SIZE: log2 of the ring size in dwords */
	return 4u << ((sim_reg_get(sim, IH_RB_CNTL) >> 1) & 0x1f);
}

void sim_ih_raise(struct sim *sim, uint32_t src_id, uint32_t src_data)
{
	uint32_t cntl = sim_reg_get(sim, IH_RB_CNTL), size, next;
	uint32_t iv[4] = { src_id & 0xff, src_data & 0xfffffff, 0, 0 };
	uint64_t base, wb;

	if (!(cntl & IH_RB_ENABLE) || !(sim_reg_get(sim, IH_CNTL) & IH_ENABLE_INTR)) {
		sim_log(sim, "ih src=%u dropped: IH disabled", src_id);
		return;
	}
	size = ih_size(sim);
	next = (sim->ih_wptr + IV_BYTES) & (size - 1);
	if (next == (sim_reg_get(sim, IH_RB_RPTR) & (size - 1))) {
		sim_log(sim, "ih src=%u dropped: ring full", src_id);
		sim->ih_wptr |= 1;	/* RB_OVERFLOW */
		return;
	}
	base = (uint64_t)sim_reg_get(sim, IH_RB_BASE) << 8;
	if (sim_gpu_write(sim, base + sim->ih_wptr, iv, sizeof(iv)))
		return;
	sim->ih_wptr = next;
	sim->stats.ih_vectors++;
	sim_log(sim, "ih src=%u data=%#x wptr=%u", src_id, src_data, next);
	if (cntl & IH_WPTR_WRITEBACK_ENABLE) {
		wb = sim_reg_get(sim, IH_RB_WPTR_ADDR_LO) |
		     (uint64_t)(sim_reg_get(sim, IH_RB_WPTR_ADDR_HI) & 0xff) << 32;
		sim_gpu_write(sim, wb, &sim->ih_wptr, 4);
	}
	sim_raise_msi(sim);
}

static uint32_t wptr_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return sim->ih_wptr;
}

static void wptr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)reg;
	sim->ih_wptr = val;
}

static void cntl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	if (val & IH_WPTR_OVERFLOW_CLEAR)
		sim->ih_wptr &= ~1u;
	sim_reg_set(sim, reg->offset, val & ~IH_WPTR_OVERFLOW_CLEAR);
}

#define STORE(off, name)	{ off, name, 0, NULL, NULL }

static const struct sim_reg ih_regs[] = {
	{ IH_RB_CNTL, "IH_RB_CNTL", 0, NULL, cntl_write },
	STORE(IH_RB_BASE, "IH_RB_BASE"),
	STORE(IH_RB_RPTR, "IH_RB_RPTR"),
	{ IH_RB_WPTR, "IH_RB_WPTR", 0, wptr_read, wptr_write },
	STORE(IH_RB_WPTR_ADDR_HI, "IH_RB_WPTR_ADDR_HI"),
	STORE(IH_RB_WPTR_ADDR_LO, "IH_RB_WPTR_ADDR_LO"),
	STORE(IH_CNTL, "IH_CNTL"),
	STORE(INTERRUPT_CNTL, "INTERRUPT_CNTL"),
	STORE(INTERRUPT_CNTL2, "INTERRUPT_CNTL2"),
};

const struct sim_block sim_evergreen_ih_block = {
	.name = "evergreen-ih",
	.regs = ih_regs,
	.nregs = sizeof(ih_regs) / sizeof(ih_regs[0]),
};
