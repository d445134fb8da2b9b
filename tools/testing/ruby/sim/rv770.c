// SPDX-License-Identifier: GPL-2.0-only
/*
 * R7xx (RV730) configuration registers and display blocks, as on a card
 * POSTed by its VBIOS with no display attached: what it reports about
 * itself, its tiling registers, the scratch registers, the two AVIVO
 * display controllers (off) and their interrupt controls.
 */
#include "gpu.h"
#include "models.h"

#define CONFIG_MEMSIZE		0x5428
#define CG_CLKPIN_CNTL		0x0660
#define RLC_GPU_CLOCK_COUNT_LSB	0x3f38
#define RLC_GPU_CLOCK_COUNT_MSB	0x3f3c
#define RLC_CAPTURE_GPU_CLOCK_COUNT 0x3f40
#define GRBM_STATUS2		0x8014
#define CC_GC_SHADER_PIPE_CONFIG 0x8950
#define CC_RB_BACKEND_DISABLE	0x98f4
#define GB_TILING_CONFIG	0x98f0
#define DCP_TILING_CONFIG	0x6ca0
#define HDP_TILING_CONFIG	0x2f3c
#define DMA_TILING_CONFIG	0x3ec8

/* R6xx/R7xx report VRAM in bytes */
static uint32_t config_memsize_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return (uint32_t)sim->vram_size;
}

/* Read-only: the VBIOS or the hardware sets it. */
static void ignore_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

#define STORE(off, name)	{ off, name, 0, NULL, NULL }
#define RO(off, name, val)	{ off, name, val, NULL, ignore_write }

static const struct sim_reg config_regs[] = {
	{ CONFIG_MEMSIZE, "CONFIG_MEMSIZE", 0, config_memsize_read, ignore_write },
	/* the crystal drives XCLK undivided */
	STORE(CG_CLKPIN_CNTL, "CG_CLKPIN_CNTL"),
	{ RLC_CAPTURE_GPU_CLOCK_COUNT, "RLC_CAPTURE_GPU_CLOCK_COUNT", 0, NULL,
	  sim_clock_capture_write },
	RO(RLC_GPU_CLOCK_COUNT_LSB, "RLC_GPU_CLOCK_COUNT_LSB", 0),
	RO(RLC_GPU_CLOCK_COUNT_MSB, "RLC_GPU_CLOCK_COUNT_MSB", 0),
	/* an idle GPU */
	RO(GRBM_STATUS2, "GRBM_STATUS2", 0),
	/* every SIMD and render backend of the board works */
	RO(CC_GC_SHADER_PIPE_CONFIG, "CC_GC_SHADER_PIPE_CONFIG", 0),
	RO(CC_RB_BACKEND_DISABLE, "CC_RB_BACKEND_DISABLE", 0),
	STORE(GB_TILING_CONFIG, "GB_TILING_CONFIG"),
	STORE(DCP_TILING_CONFIG, "DCP_TILING_CONFIG"),
	STORE(HDP_TILING_CONFIG, "HDP_TILING_CONFIG"),
	STORE(DMA_TILING_CONFIG, "DMA_TILING_CONFIG"),
	STORE(SCRATCH_REG0, "SCRATCH_REG0"),
	STORE(SCRATCH_REG0 + 4, "SCRATCH_REG1"),
	STORE(SCRATCH_REG0 + 8, "SCRATCH_REG2"),
	STORE(SCRATCH_REG0 + 12, "SCRATCH_REG3"),
	STORE(SCRATCH_REG0 + 16, "SCRATCH_REG4"),
	STORE(SCRATCH_REG0 + 20, "SCRATCH_REG5"),
	STORE(SCRATCH_REG0 + 24, "SCRATCH_REG6"),
	STORE(SCRATCH_REG0 + 28, "SCRATCH_REG7"),
};

const struct sim_block sim_rv770_config_block = {
	.name = "rv770-config",
	.regs = config_regs,
	.nregs = sizeof(config_regs) / sizeof(config_regs[0]),
};

/* AVIVO display controllers: CRTC1 is 0x800 after CRTC0 */
#define D1CRTC_CONTROL		0x6080
#define D1CRTC_UPDATE_LOCK	0x60e8
#define DxMODE_INT_MASK		0x6540
#define D1GRPH_INTERRUPT_CONTROL 0x615c
#define D2GRPH_INTERRUPT_CONTROL 0x695c

static const struct sim_reg avivo_crtc_regs[] = {
	STORE(D1CRTC_CONTROL, "D1CRTC_CONTROL"),
	STORE(D1CRTC_UPDATE_LOCK, "D1CRTC_UPDATE_LOCK"),
	STORE(D1CRTC_CONTROL + 0x800, "D2CRTC_CONTROL"),
	STORE(D1CRTC_UPDATE_LOCK + 0x800, "D2CRTC_UPDATE_LOCK"),
	STORE(DxMODE_INT_MASK, "DxMODE_INT_MASK"),
	STORE(D1GRPH_INTERRUPT_CONTROL, "D1GRPH_INTERRUPT_CONTROL"),
	STORE(D2GRPH_INTERRUPT_CONTROL, "D2GRPH_INTERRUPT_CONTROL"),
};

const struct sim_block sim_avivo_crtc_block = {
	.name = "avivo-crtc",
	.regs = avivo_crtc_regs,
	.nregs = sizeof(avivo_crtc_regs) / sizeof(avivo_crtc_regs[0]),
};
