// SPDX-License-Identifier: GPL-2.0-only
/*
 * The register file of BAR2: storage for every dword and, for the modelled
 * ones, a descriptor with optional hooks. An access to a dword without a
 * descriptor is an access the simulator does not model: it is logged and
 * counted, and fails the test run.
 */
#include <string.h>

#include "sim.h"

void sim_regs_init(struct sim *sim)
{
	memset(sim->regs, 0, sizeof(sim->regs));
	memset(sim->reg_desc, 0, sizeof(sim->reg_desc));
}

void sim_regs_add_block(struct sim *sim, const struct sim_block *block)
{
	size_t i;

	for (i = 0; i < block->nregs; i++) {
		const struct sim_reg *reg = &block->regs[i];
		uint32_t idx = reg->offset / 4;

		if (reg->offset % 4 || idx >= SIM_NR_REGS) {
			fprintf(stderr, "ruby-sim: %s: bad register offset %#x\n",
				block->name, reg->offset);
			continue;
		}
		sim->reg_desc[idx] = reg;
		sim->regs[idx] = reg->reset;
	}
}

bool sim_regs_unmodel(struct sim *sim, uint32_t offset)
{
	if (offset % 4 || offset / 4 >= SIM_NR_REGS || !sim->reg_desc[offset / 4])
		return false;
	sim->reg_desc[offset / 4] = NULL;
	return true;
}

uint32_t sim_reg_get(const struct sim *sim, uint32_t offset)
{
	return sim->regs[(offset / 4) % SIM_NR_REGS];
}

void sim_reg_set(struct sim *sim, uint32_t offset, uint32_t val)
{
	sim->regs[(offset / 4) % SIM_NR_REGS] = val;
}

static const struct sim_reg *reg_lookup(struct sim *sim, uint32_t offset,
					unsigned int size)
{
	if (size != 4 || offset % 4 || offset / 4 >= SIM_NR_REGS)
		return NULL;
	return sim->reg_desc[offset / 4];
}

static uint32_t reg_read(struct sim *sim, uint32_t offset)
{
	const struct sim_reg *reg = reg_lookup(sim, offset, 4);
	uint32_t val;

	if (sim->rom_ctl.check)
		sim->rom_ctl.check(sim, offset);

	if (!reg) {
		sim->stats.unmodelled++;
		sim_log(sim, "UNMODELLED read bar=2 off=%#08x size=4", offset);
		return 0;
	}
	val = reg->read ? reg->read(sim, reg) : sim->regs[offset / 4];
	if (sim->trace)
		sim_log(sim, "mmio-read bar=2 off=%#08x size=4 val=%#010x reg=%s",
			offset, val, reg->name);
	return val;
}

static void reg_write(struct sim *sim, uint32_t offset, uint32_t val)
{
	const struct sim_reg *reg = reg_lookup(sim, offset, 4);

	if (sim->rom_ctl.check)
		sim->rom_ctl.check(sim, offset);

	if (!reg) {
		sim->stats.unmodelled++;
		sim_log(sim, "UNMODELLED write bar=2 off=%#08x size=4 val=%#010x",
			offset, val);
		return;
	}
	if (sim->trace)
		sim_log(sim, "mmio-write bar=2 off=%#08x size=4 val=%#010x reg=%s",
			offset, val, reg->name);
	if (reg->write)
		reg->write(sim, reg, val);
	else
		sim->regs[offset / 4] = val;
	if (sim->msi_on_write && offset == sim->msi_on_write)
		sim_raise_msi(sim);
}

/* BAR2 access from the host: dwords, or a qword as two dwords. */
uint64_t sim_mmio_read(struct sim *sim, uint32_t offset, unsigned int size)
{
	sim->stats.mmio_reads++;
	if (size == 8)
		return reg_read(sim, offset) |
		       (uint64_t)reg_read(sim, offset + 4) << 32;
	if (size == 4)
		return reg_read(sim, offset);
	sim->stats.unmodelled++;
	sim_log(sim, "UNMODELLED read bar=2 off=%#08x size=%u", offset, size);
	return 0;
}

void sim_mmio_write(struct sim *sim, uint32_t offset, unsigned int size,
		    uint64_t val)
{
	sim->stats.mmio_writes++;
	if (size == 8) {
		reg_write(sim, offset, (uint32_t)val);
		reg_write(sim, offset + 4, (uint32_t)(val >> 32));
	} else if (size == 4) {
		reg_write(sim, offset, (uint32_t)val);
	} else {
		sim->stats.unmodelled++;
		sim_log(sim, "UNMODELLED write bar=2 off=%#08x size=%u val=%#llx",
			offset, size, (unsigned long long)val);
	}
}
