// SPDX-License-Identifier: GPL-2.0-only
/*
 * R6xx (RV630) configuration registers, as on a card POSTed by its VBIOS
 * with no display attached, and what R7xx's (rv770.c) share with them:
 * what the card reports about itself, its tiling registers, the scratch
 * registers. R6xx has the async DMA engine, but nothing starts it there
 * (radeon's ABI refuses DMA streams below RV770): the simulated RV630 has
 * no DMA model, only the status register userspace may read, reporting
 * the engine idle. Any other access to the engine is unmodelled, so the
 * run fails if a driver touches it.
 */
#include "gpu.h"
#include "models.h"

#define R600_DMA_TILING_CONFIG	0x3ec4
#define DMA_STATUS_REG		0xd034
#define   DMA_IDLE		0x1

/* R6xx and R7xx report VRAM in bytes */
uint32_t sim_r600_memsize_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return (uint32_t)sim->vram_size;
}

/* Read-only: the VBIOS or the hardware sets it. */
void sim_r600_ro_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

static const struct sim_reg config_regs[] = {
	SIM_R600_CONFIG_REGS(R600_DMA_TILING_CONFIG),
	/* the engine is there, idle: nothing starts it on R6xx */
	SIM_RO(DMA_STATUS_REG, "DMA_STATUS_REG", DMA_IDLE),
};

const struct sim_block sim_r600_config_block = {
	.name = "r600-config",
	.regs = config_regs,
	.nregs = sizeof(config_regs) / sizeof(config_regs[0]),
};
