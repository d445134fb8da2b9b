// SPDX-License-Identifier: GPL-2.0-only
/*
 * R7xx (RV730) configuration registers and display blocks, as on a card
 * POSTed by its VBIOS with no display attached: what it reports about
 * itself, its tiling registers, the scratch registers (R6xx's, r600.c,
 * but for the DMA engine's tiling copy), the two AVIVO display
 * controllers (off, R6xx's too) and their interrupt controls.
 */
#include "gpu.h"
#include "models.h"

#define CG_CLKPIN_CNTL		0x0660
#define DMA_TILING_CONFIG	0x3ec8

#define STORE(off, name)	SIM_STORE(off, name)

static const struct sim_reg config_regs[] = {
	SIM_R600_CONFIG_REGS(DMA_TILING_CONFIG),
	/* the crystal drives XCLK undivided */
	STORE(CG_CLKPIN_CNTL, "CG_CLKPIN_CNTL"),
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
