// SPDX-License-Identifier: GPL-2.0-only
/*
 * Evergreen/NI configuration registers: what a POSTed card reports about
 * itself, and the scratch registers.
 */
#include "models.h"

#define CONFIG_MEMSIZE		0x5428
#define SCRATCH_REG(n)		(0x8500 + 4 * (n))

/* Evergreen dGPUs report VRAM in MiB */
static uint32_t config_memsize_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return (uint32_t)(sim->vram_size >> 20);
}

/* Read-only: the VBIOS sets it at POST. */
static void ignore_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

static const struct sim_reg config_regs[] = {
	{ CONFIG_MEMSIZE, "CONFIG_MEMSIZE", 0, config_memsize_read, ignore_write },
	{ SCRATCH_REG(0), "SCRATCH_REG0", 0, NULL, NULL },
	{ SCRATCH_REG(1), "SCRATCH_REG1", 0, NULL, NULL },
	{ SCRATCH_REG(2), "SCRATCH_REG2", 0, NULL, NULL },
	{ SCRATCH_REG(3), "SCRATCH_REG3", 0, NULL, NULL },
	{ SCRATCH_REG(4), "SCRATCH_REG4", 0, NULL, NULL },
	{ SCRATCH_REG(5), "SCRATCH_REG5", 0, NULL, NULL },
	{ SCRATCH_REG(6), "SCRATCH_REG6", 0, NULL, NULL },
	{ SCRATCH_REG(7), "SCRATCH_REG7", 0, NULL, NULL },
};

const struct sim_block sim_evergreen_config_block = {
	.name = "evergreen-config",
	.regs = config_regs,
	.nregs = sizeof(config_regs) / sizeof(config_regs[0]),
};
