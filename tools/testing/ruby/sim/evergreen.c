// SPDX-License-Identifier: GPL-2.0-only
/*
 * Evergreen/NI configuration registers: what a POSTed card reports about
 * itself, and the scratch registers.
 */
#include <time.h>

#include "models.h"

#include "vbios.h"

#define SCRATCH_REG(n)		(0x8500 + 4 * (n))

/*
 * What POST leaves behind: the VRAM size in CONFIG_MEMSIZE (MiB on
 * Evergreen dGPUs), the engine and memory PLLs at the boot clocks, and
 * the VBIOS's "posted" flag. The VBIOS writes the same registers when the
 * driver runs ASIC_Init on a --cold card, which reads 0 in all of them
 * until then.
 */
void sim_evergreen_post(struct sim *sim)
{
	sim_reg_set(sim, VBIOS_CONFIG_MEMSIZE, (uint32_t)(sim->vram_size >> 20));
	sim_reg_set(sim, VBIOS_SPLL_CNTL_3, VBIOS_DEFAULT_SCLK * 4 / 100);
	sim_reg_set(sim, VBIOS_MPLL_FUNC, VBIOS_DEFAULT_MCLK / 100);
	sim_reg_set(sim, VBIOS_SCRATCH0, VBIOS_SCRATCH0_POSTED);
}

#define RCU_IND_INDEX		0x0100
#define RCU_IND_DATA		0x0104
#define RLC_GFX_INDEX		0x3fc4
#define GRBM_GFX_INDEX		0x802c
#define CC_GC_SHADER_PIPE_CONFIG 0x8950
#define CC_RB_BACKEND_DISABLE	0x98f4
#define GB_ADDR_CONFIG		0x98f8
#define GB_BACKEND_MAP		0x98fc
#define DMIF_ADDR_CONFIG	0x0bd4
#define HDP_ADDR_CONFIG		0x2f48

/*
 * The RCU's indirect registers: only the efuse straps that say which
 * render backends are fused off (none, on the simulated boards).
 */
static uint32_t rcu_data_read(struct sim *sim, const struct sim_reg *reg)
{
	uint32_t index = sim_reg_get(sim, RCU_IND_INDEX);

	(void)reg;
	if (index == 0x203 || index == 0x204)
		return 0;
	sim->stats.unmodelled++;
	sim_log(sim, "UNMODELLED rcu read index=%#x", index);
	return 0;
}

#define CG_CLKPIN_CNTL		0x0660
#define RLC_GPU_CLOCK_COUNT_LSB	0x3f38
#define RLC_GPU_CLOCK_COUNT_MSB	0x3f3c
#define RLC_CAPTURE_GPU_CLOCK_COUNT 0x3f40
#define GRBM_STATUS_SE0		0x8014
#define GRBM_STATUS_SE1		0x8018
#define UVD_STATUS		0xf6bc
#define XCLK_HZ			27000000ull	/* the board's crystal */

/* The GPU clock counter: crystal ticks since boot. */
uint64_t sim_gpu_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * XCLK_HZ +
	       (uint64_t)ts.tv_nsec * XCLK_HZ / 1000000000ull;
}

/* Capturing latches the GPU clock counter (R7xx's RLC does it alike). */
void sim_clock_capture_write(struct sim *sim, const struct sim_reg *reg,
			     uint32_t val)
{
	uint64_t ticks;

	(void)reg;
	if (!(val & 1))
		return;
	ticks = sim_gpu_clock();
	sim_reg_set(sim, RLC_GPU_CLOCK_COUNT_LSB, (uint32_t)ticks);
	sim_reg_set(sim, RLC_GPU_CLOCK_COUNT_MSB, (uint32_t)(ticks >> 32));
}

/* Read-only: the VBIOS sets it at POST. */
static void ignore_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

static const struct sim_reg config_regs[] = {
	/* set by POST (sim_evergreen_post(), or the VBIOS's ASIC_Init) */
	{ VBIOS_CONFIG_MEMSIZE, "CONFIG_MEMSIZE", 0, NULL, NULL },
	{ VBIOS_SCRATCH0, "BIOS_SCRATCH_0", 0, NULL, NULL },
	{ VBIOS_SPLL_CNTL, "CG_SPLL_FUNC_CNTL", 0, NULL, NULL },
	{ VBIOS_SPLL_CNTL_3, "CG_SPLL_FUNC_CNTL_3", 0, NULL, NULL },
	{ VBIOS_MPLL_FUNC, "MPLL_AD_FUNC_CNTL", 0, NULL, NULL },
	/* the crystal drives XCLK undivided */
	{ CG_CLKPIN_CNTL, "CG_CLKPIN_CNTL", 0, NULL, NULL },
	{ RLC_CAPTURE_GPU_CLOCK_COUNT, "RLC_CAPTURE_GPU_CLOCK_COUNT", 0, NULL,
	  sim_clock_capture_write },
	{ RLC_GPU_CLOCK_COUNT_LSB, "RLC_GPU_CLOCK_COUNT_LSB", 0, NULL, ignore_write },
	{ RLC_GPU_CLOCK_COUNT_MSB, "RLC_GPU_CLOCK_COUNT_MSB", 0, NULL, ignore_write },
	/* idle shader engines, idle UVD */
	{ GRBM_STATUS_SE0, "GRBM_STATUS_SE0", 0, NULL, ignore_write },
	{ GRBM_STATUS_SE1, "GRBM_STATUS_SE1", 0, NULL, ignore_write },
	{ UVD_STATUS, "UVD_STATUS", 0, NULL, ignore_write },
	{ RCU_IND_INDEX, "RCU_IND_INDEX", 0, NULL, NULL },
	{ RCU_IND_DATA, "RCU_IND_DATA", 0, rcu_data_read, ignore_write },
	{ GRBM_GFX_INDEX, "GRBM_GFX_INDEX", 0, NULL, NULL },
	{ RLC_GFX_INDEX, "RLC_GFX_INDEX", 0, NULL, NULL },
	/* every SIMD and render backend of the board works */
	{ CC_GC_SHADER_PIPE_CONFIG, "CC_GC_SHADER_PIPE_CONFIG", 0, NULL, ignore_write },
	{ CC_RB_BACKEND_DISABLE, "CC_RB_BACKEND_DISABLE", 0, NULL, ignore_write },
	{ GB_ADDR_CONFIG, "GB_ADDR_CONFIG", 0, NULL, NULL },
	{ GB_BACKEND_MAP, "GB_BACKEND_MAP", 0, NULL, NULL },
	{ DMIF_ADDR_CONFIG, "DMIF_ADDR_CONFIG", 0, NULL, NULL },
	{ HDP_ADDR_CONFIG, "HDP_ADDR_CONFIG", 0, NULL, NULL },
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
