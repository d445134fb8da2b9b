// SPDX-License-Identifier: GPL-2.0-only
/*
 * Evergreen/NI, R7xx and R6xx memory controller, host data path, VGA and the display
 * controller registers the memory controller's stop/resume touches, as on
 * a card POSTed by its VBIOS with no display attached: every CRTC off, the
 * memory controller idle, VRAM at MC address 0.
 */
#include "gpu.h"
#include "models.h"

/* What the VBIOS programmed: VRAM at MC address 0 (16 MiB units). */
void sim_mc_init(struct sim *sim)
{
	if (!sim->asic->vm)
		return;		/* its own init hook places VRAM (R5xx) */
	sim_reg_set(sim, sim->asic->vm->fb_location,
		    (uint32_t)(((sim->vram_size - 1) >> 24) << 16));
}

static uint32_t idle_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)sim;
	(void)reg;
	return 0;
}

static void ignore_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

static void hdp_flush_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)val;
	if (sim->trace)
		sim_log(sim, "hdp flush (%s)", reg->name);
}

/* 64-bit DDR3, two channels: CHANSIZE set, NOOFCHAN = 1 (two channels) */
#define MC_ARB_RAMCFG_CEDAR	0x00000100
#define MC_SHARED_CHMAP_CEDAR	0x00001000

#define STORE(off, name)	{ off, name, 0, NULL, NULL }
#define RO(off, name, val)	{ off, name, val, NULL, ignore_write }

#define HDP_SURF(i)							\
	STORE(HDP_SURFACE_BASE + 0x18 * (i), "HDP_SURFACE" #i "_0"),	\
	STORE(HDP_SURFACE_BASE + 0x18 * (i) + 4, "HDP_SURFACE" #i "_1"),\
	STORE(HDP_SURFACE_BASE + 0x18 * (i) + 8, "HDP_SURFACE" #i "_2"),\
	STORE(HDP_SURFACE_BASE + 0x18 * (i) + 12, "HDP_SURFACE" #i "_3"),\
	STORE(HDP_SURFACE_BASE + 0x18 * (i) + 16, "HDP_SURFACE" #i "_4")

/*
 * The MC_VM FB block from its FB location on: AGP aperture, system
 * aperture (Evergreen/NI and R7xx at 0x2024, R6xx at 0x2180)
 */
#define MC_VM_FB_REGS(fb)						\
	STORE(fb, "MC_VM_FB_LOCATION"),					\
	STORE((fb) + 0x04, "MC_VM_AGP_TOP"),				\
	STORE((fb) + 0x08, "MC_VM_AGP_BOT"),				\
	STORE((fb) + 0x0c, "MC_VM_AGP_BASE"),				\
	STORE((fb) + 0x10, "MC_VM_SYSTEM_APERTURE_LOW_ADDR"),		\
	STORE((fb) + 0x14, "MC_VM_SYSTEM_APERTURE_HIGH_ADDR"),		\
	STORE((fb) + 0x18, "MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR")

/* What R7xx and Evergreen/NI share: the MC_VM FB block, HDP, VGA */
#define MC_COMMON_REGS							\
	RO(MC_SHARED_CHMAP, "MC_SHARED_CHMAP", MC_SHARED_CHMAP_CEDAR),	\
	MC_VM_FB_REGS(MC_VM_FB_LOCATION),				\
	RO(MC_ARB_RAMCFG, "MC_ARB_RAMCFG", MC_ARB_RAMCFG_CEDAR),		\
	HDP_VGA_REGS

/* HDP, VGA and the idle memory controller: every generation from R6xx */
#define HDP_VGA_REGS							\
	STORE(HDP_NONSURFACE_BASE, "HDP_NONSURFACE_BASE"),		\
	STORE(HDP_NONSURFACE_INFO, "HDP_NONSURFACE_INFO"),		\
	STORE(HDP_NONSURFACE_SIZE, "HDP_NONSURFACE_SIZE"),		\
	HDP_SURF(0), HDP_SURF(1), HDP_SURF(2), HDP_SURF(3), HDP_SURF(4),	\
	HDP_SURF(5), HDP_SURF(6), HDP_SURF(7), HDP_SURF(8), HDP_SURF(9),	\
	HDP_SURF(10), HDP_SURF(11), HDP_SURF(12), HDP_SURF(13), HDP_SURF(14),\
	HDP_SURF(15), HDP_SURF(16), HDP_SURF(17), HDP_SURF(18), HDP_SURF(19),\
	HDP_SURF(20), HDP_SURF(21), HDP_SURF(22), HDP_SURF(23), HDP_SURF(24),\
	HDP_SURF(25), HDP_SURF(26), HDP_SURF(27), HDP_SURF(28), HDP_SURF(29),\
	HDP_SURF(30), HDP_SURF(31),					\
	{ HDP_MEM_COHERENCY_FLUSH_CNTL, "HDP_MEM_COHERENCY_FLUSH_CNTL", 0, NULL,\
	  hdp_flush_write },						\
	{ HDP_REG_COHERENCY_FLUSH_CNTL, "HDP_REG_COHERENCY_FLUSH_CNTL", 0, NULL,\
	  hdp_flush_write },						\
	{ BIF_FB_EN, "BIF_FB_EN", 0x3, NULL, NULL },			\
	{ VGA_RENDER_CONTROL, "VGA_RENDER_CONTROL", 0x00010000, NULL, NULL },\
	STORE(VGA_HDP_CONTROL, "VGA_HDP_CONTROL"),			\
	{ SRBM_STATUS, "SRBM_STATUS", 0, idle_read, ignore_write }

static const struct sim_reg mc_regs[] = {
	MC_COMMON_REGS,
	STORE(MC_SHARED_BLACKOUT_CNTL, "MC_SHARED_BLACKOUT_CNTL"),
	{ SRBM_STATUS2, "SRBM_STATUS2", 0, idle_read, ignore_write },
	STORE(SRBM_INT_CNTL, "SRBM_INT_CNTL"),
};

/*
 * R6xx: its own MC_VM block, RAMCFG (a 64-bit channel, 4 banks) and the
 * CITF blackout
 */
#define R600_RAMCFG_RV630	0x00000080

static const struct sim_reg r600_mc_regs[] = {
	MC_VM_FB_REGS(R600_MC_VM_FB_LOCATION),
	RO(R600_RAMCFG, "RAMCFG", R600_RAMCFG_RV630),
	STORE(R600_CITF_CNTL, "CITF_CNTL"),
	HDP_VGA_REGS,
};

const struct sim_block sim_r600_mc_block = {
	.name = "r600-mc",
	.regs = r600_mc_regs,
	.nregs = sizeof(r600_mc_regs) / sizeof(r600_mc_regs[0]),
};

/* R7xx: the blackout is in MC_CITF_CNTL; no SRBM_STATUS2 nor SRBM_INT_CNTL */
static const struct sim_reg rv770_mc_regs[] = {
	MC_COMMON_REGS,
	STORE(R700_MC_CITF_CNTL, "MC_CITF_CNTL"),
	/*
	 * RV770-RV740 flush the HDP by a write here and a VRAM read (their
	 * flush register does not); the simulated HDP caches nothing
	 */
	{ HDP_DEBUG1, "HDP_DEBUG1", 0, NULL, hdp_flush_write },
};

const struct sim_block sim_rv770_mc_block = {
	.name = "rv770-mc",
	.regs = rv770_mc_regs,
	.nregs = sizeof(rv770_mc_regs) / sizeof(rv770_mc_regs[0]),
};

const struct sim_block sim_evergreen_mc_block = {
	.name = "evergreen-mc",
	.regs = mc_regs,
	.nregs = sizeof(mc_regs) / sizeof(mc_regs[0]),
};

/* Display controllers: all off, as the VBIOS left a headless card. */
#define CRTC_REGS(n, off)						\
	STORE(CRTC_CONTROL + (off), "CRTC" #n "_CONTROL"),		\
	STORE(CRTC_UPDATE_LOCK + (off), "CRTC" #n "_UPDATE_LOCK"),	\
	STORE(CRTC_INT_MASK + (off), "CRTC" #n "_INT_MASK"),		\
	STORE(CRTC_GRPH_INT_CONTROL + (off), "GRPH" #n "_INT_CONTROL")

static const struct sim_reg crtc0_3_regs[] = {
	CRTC_REGS(0, 0x0000), CRTC_REGS(1, 0x0c00),
	CRTC_REGS(2, 0x9800), CRTC_REGS(3, 0xa400),
};

static const struct sim_reg crtc4_5_regs[] = {
	CRTC_REGS(4, 0xb000), CRTC_REGS(5, 0xbc00),
};

const struct sim_block sim_evergreen_crtc0_3_block = {
	.name = "evergreen-crtc0-3",
	.regs = crtc0_3_regs,
	.nregs = sizeof(crtc0_3_regs) / sizeof(crtc0_3_regs[0]),
};

const struct sim_block sim_evergreen_crtc4_5_block = {
	.name = "evergreen-crtc4-5",
	.regs = crtc4_5_regs,
	.nregs = sizeof(crtc4_5_regs) / sizeof(crtc4_5_regs[0]),
};
