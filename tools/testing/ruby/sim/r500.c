// SPDX-License-Identifier: GPL-2.0-only
/*
 * R5xx (RV515, RV530) as on a card POSTed by its VBIOS with no display
 * attached: what the chip reports about itself (VRAM size, pipes), its
 * indirect register spaces (the memory controller's behind MC_IND_INDEX,
 * the clocks' behind CLOCK_CNTL_INDEX, the PCIE block's behind
 * PCIE_INDEX; each index a model does not know is logged like an
 * unmodelled register), the host data path, the interrupt controller
 * (GEN_INT_CNTL/STATUS, no IH ring) with MSI re-arming, and the AVIVO
 * display registers a driver touches to keep the display off.
 */
#include "models.h"
#include "r500.h"

/* RV515: MC registers at RV515's indices, one pipe */
const struct sim_r500_chip sim_rv515_chip = {
	.mc_fb_location = 0x01, .mc_agp_location = 0x02,
	.mc_agp_base = 0x03, .mc_agp_base_2 = 0x04,
	.mc_status = 0x08, .mc_status_idle = 1u << 4,
	.mc_cntl = 0x05, .mc_cntl_val = 0x1,		/* two channels: 128 bits */
	.gb_pipe_select = 0x0100,			/* one pipe, mask 0x1 */
};

/* RV530: R520's MC layout, two quad pipes and two Z pipes */
const struct sim_r500_chip sim_rv530_chip = {
	.mc_fb_location = 0x04, .mc_agp_location = 0x05,
	.mc_agp_base = 0x06, .mc_agp_base_2 = 0x07,
	.mc_status = 0x00, .mc_status_idle = 1u << 1,
	.mc_cntl = 0x08, .mc_cntl_val = 2u << 24,	/* MC_CNTL0: 128 bits */
	.gb_pipe_select = 0x1300,			/* two pipes, mask 0x3 */
	.gb_pipe_select2 = 0x3,
};

static void unmodelled_ind(struct sim *sim, const char *space, const char *op,
			   uint32_t index, uint32_t val)
{
	sim->stats.unmodelled++;
	sim_log(sim, "UNMODELLED %s %s index=%#x val=%#x", space, op, index, val);
}

/* The VRAM range MC_FB_LOCATION gives (64 KiB units); returns its start. */
uint64_t sim_r500_fb_start(const struct sim *sim, uint64_t *end)
{
	uint32_t loc = sim->r500.mc[sim->asic->r500->mc_fb_location];

	*end = ((uint64_t)(loc >> 16) << 16) | 0xffff;
	return (uint64_t)(loc & 0xffff) << 16;
}

/* What POST left: VRAM at MC address 0, its size, the memory channels. */
void sim_r500_init(struct sim *sim)
{
	const struct sim_r500_chip *c = sim->asic->r500;

	sim->r500.mc[c->mc_fb_location] = (uint32_t)((sim->vram_size - 1) >> 16) << 16;
	sim->r500.mc[c->mc_cntl] = c->mc_cntl_val;
	sim_reg_set(sim, R500_CONFIG_MEMSIZE, (uint32_t)sim->vram_size);
}

/* The MC registers the models know: placement, status, channels. */
static bool mc_known(const struct sim_r500_chip *c, uint32_t idx, bool write)
{
	if (idx == c->mc_status || idx == c->mc_cntl)
		return !write;
	return idx == c->mc_fb_location || idx == c->mc_agp_location ||
	       idx == c->mc_agp_base || idx == c->mc_agp_base_2;
}

static uint32_t mc_data_read(struct sim *sim, const struct sim_reg *reg)
{
	const struct sim_r500_chip *c = sim->asic->r500;
	uint32_t idx = sim_reg_get(sim, R500_MC_IND_INDEX) & R500_MC_IND_ADDR;

	(void)reg;
	if (!mc_known(c, idx, false)) {
		unmodelled_ind(sim, "mc", "read", idx, 0);
		return 0;
	}
	/* the memory controller is idle: nothing runs but what the CP does at once */
	return idx == c->mc_status ? c->mc_status_idle : sim->r500.mc[idx];
}

static void mc_data_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t index = sim_reg_get(sim, R500_MC_IND_INDEX);
	uint32_t idx = index & R500_MC_IND_ADDR;
	uint64_t start, end;

	(void)reg;
	if (!(index & R500_MC_IND_WR_EN) || !mc_known(sim->asic->r500, idx, true)) {
		unmodelled_ind(sim, index & R500_MC_IND_WR_EN ? "mc" : "mc (no MC_IND_WR_EN)",
			       "write", idx, val);
		return;
	}
	sim->r500.mc[idx] = val;
	if (idx == sim->asic->r500->mc_fb_location) {
		start = sim_r500_fb_start(sim, &end);
		sim_log(sim, "mc: FB at %#llx-%#llx", (unsigned long long)start,
			(unsigned long long)end);
	}
}

/* The clock block: the dynamic clock controls and the pipe setup word. */
static bool pll_known(uint32_t idx)
{
	return idx == 0x0d || idx == 0x0f || idx == 0x11 || idx == 0x13;
}

static uint32_t pll_data_read(struct sim *sim, const struct sim_reg *reg)
{
	uint32_t idx = sim_reg_get(sim, R500_CLOCK_CNTL_INDEX) & R500_PLL_INDEX;

	(void)reg;
	if (!pll_known(idx)) {
		unmodelled_ind(sim, "pll", "read", idx, 0);
		return 0;
	}
	return sim->r500.pll[idx];
}

static void pll_data_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t index = sim_reg_get(sim, R500_CLOCK_CNTL_INDEX);
	uint32_t idx = index & R500_PLL_INDEX;

	(void)reg;
	if (!(index & R500_PLL_WR_EN) || !pll_known(idx)) {
		unmodelled_ind(sim, index & R500_PLL_WR_EN ? "pll" : "pll (no PLL_WR_EN)",
			       "write", idx, val);
		return;
	}
	sim->r500.pll[idx] = val;
}

static bool pcie_known(uint32_t idx)
{
	return idx >= R500_PCIE_TX_GART_CNTL && idx <= R500_PCIE_TX_GART_ERROR;
}

static uint32_t pcie_data_read(struct sim *sim, const struct sim_reg *reg)
{
	uint32_t idx = sim_reg_get(sim, R500_PCIE_INDEX) & R500_PCIE_INDEX_MASK;

	(void)reg;
	if (!pcie_known(idx)) {
		unmodelled_ind(sim, "pcie", "read", idx, 0);
		return 0;
	}
	return sim->r500.pcie[idx];
}

/* GART_CNTL: switching the GART on or off is logged; INVALIDATE_TLB flushes */
static void gart_cntl_write(struct sim *sim, uint32_t val)
{
	uint32_t *p = sim->r500.pcie;
	uint32_t was = p[R500_PCIE_TX_GART_CNTL];

	p[R500_PCIE_TX_GART_CNTL] = val;
	if (val & R500_GART_INVALIDATE_TLB)
		sim_r500_gart_invalidate(sim);
	if (!((was ^ val) & R500_GART_EN))
		return;
	sim_log(sim, "pcie-gart: %s table=%#x range=%#x-%#x tlb_invalidates=%llu",
		val & R500_GART_EN ? "enabled" : "disabled", p[R500_PCIE_TX_GART_BASE],
		p[R500_PCIE_TX_GART_START_LO], p[R500_PCIE_TX_GART_END_LO] | 0xfff,
		(unsigned long long)sim->r500.tlb_invalidates);
	sim->r500.tlb_invalidates = 0;
}

static void pcie_data_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t idx = sim_reg_get(sim, R500_PCIE_INDEX) & R500_PCIE_INDEX_MASK;

	(void)reg;
	if (!pcie_known(idx)) {
		unmodelled_ind(sim, "pcie", "write", idx, val);
		return;
	}
	if (idx == R500_PCIE_TX_GART_CNTL)
		gart_cntl_write(sim, val);
	else
		sim->r500.pcie[idx] = val;
}

/*
 * The interrupt line: GEN_INT_STATUS bits GEN_INT_CNTL enables. The
 * chip sends one MSI and no other until the driver writes MSI_REARM_EN;
 * a source still pending then sends the next at once.
 */
void sim_r500_irq_update(struct sim *sim)
{
	uint32_t pending = sim_reg_get(sim, R500_GEN_INT_STATUS) &
			   sim_reg_get(sim, R500_GEN_INT_CNTL) & R500_SW_INT;

	if (!pending || !sim_msi_enabled(sim))
		return;
	if (sim->r500.msi_held) {
		if (sim->trace)
			sim_log(sim, "irq: SW_INT pending, MSI not re-armed");
		return;
	}
	sim->r500.msi_held = true;
	sim_log(sim, "irq: SW_INT");
	sim_raise_msi(sim);
}

/* Write 1 to acknowledge; SW_INT_FIRE (the CP's fence) latches SW_INT. */
static void gen_int_status_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t st = sim_reg_get(sim, reg->offset) & ~(val & R500_SW_INT);

	if (val & R500_SW_INT_FIRE)
		st |= R500_SW_INT;
	sim_reg_set(sim, reg->offset, st);
	sim_r500_irq_update(sim);
}

static void gen_int_cntl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim_r500_irq_update(sim);
}

static void msi_rearm_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (!(val & R500_MSI_REARM))
		return;
	sim->r500.msi_held = false;
	sim_r500_irq_update(sim);
}

static uint32_t aper_size_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return (uint32_t)sim->bar0_size;
}

static uint32_t pipe_select_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return sim->asic->r500->gb_pipe_select;
}

#define STORE(off, name)	SIM_STORE(off, name)
#define RO(off, name, val)	SIM_RO(off, name, val)
#define HOOKS(off, name, rd, wr) { off, name, 0, rd, wr }
#define SURFACE(i)							\
	STORE(R500_SURFACE0_LOWER_BOUND + 0x10 * (i), "SURFACE" #i "_LOWER_BOUND"), \
	STORE(R500_SURFACE0_LOWER_BOUND + 0x10 * (i) + 4, "SURFACE" #i "_UPPER_BOUND"), \
	STORE(R500_SURFACE0_LOWER_BOUND + 0x10 * (i) + 8, "SURFACE" #i "_INFO")

static const struct sim_reg config_regs[] = {
	STORE(R500_CLOCK_CNTL_INDEX, "CLOCK_CNTL_INDEX"),
	HOOKS(R500_CLOCK_CNTL_DATA, "CLOCK_CNTL_DATA", pll_data_read, pll_data_write),
	STORE(R500_PCIE_INDEX, "PCIE_INDEX"),
	HOOKS(R500_PCIE_DATA, "PCIE_DATA", pcie_data_read, pcie_data_write),
	HOOKS(R500_GEN_INT_CNTL, "GEN_INT_CNTL", NULL, gen_int_cntl_write),
	HOOKS(R500_GEN_INT_STATUS, "GEN_INT_STATUS", NULL, gen_int_status_write),
	STORE(R500_BUS_CNTL, "BUS_CNTL"),
	STORE(R500_MC_IND_INDEX, "MC_IND_INDEX"),
	HOOKS(R500_MC_IND_DATA, "MC_IND_DATA", mc_data_read, mc_data_write),
	/* bytes; a driver may write less to limit what it uses */
	STORE(R500_CONFIG_MEMSIZE, "CONFIG_MEMSIZE"),
	HOOKS(R500_CONFIG_APER_SIZE, "CONFIG_APER_SIZE", aper_size_read, sim_r600_ro_write),
	STORE(R500_HOST_PATH_CNTL, "HOST_PATH_CNTL"),
	STORE(R500_HDP_FB_LOCATION, "HDP_FB_LOCATION"),
	HOOKS(R500_MSI_REARM_EN, "MSI_REARM_EN", NULL, msi_rearm_write),
	STORE(R500_SURFACE_CNTL, "SURFACE_CNTL"),
	SURFACE(0), SURFACE(1), SURFACE(2), SURFACE(3),
	SURFACE(4), SURFACE(5), SURFACE(6), SURFACE(7),
	/* the pipes: what the straps report, what the driver sets up */
	HOOKS(0x402c, "GB_PIPE_SELECT", pipe_select_read, sim_r600_ro_write),
	STORE(0x170c, "DST_PIPE_CONFIG"),
	STORE(0x4018, "GB_TILE_CONFIG"),
	STORE(0x4024, "GB_FIFO_SIZE"),
	STORE(0x42c8, "SU_REG_DEST"),
	STORE(0x4274, "GA_ENHANCE"),
	STORE(0x3428, "RB2D_DSTCACHE_MODE"),
	/* 3D state a ring's preamble and a fence set: latched, no draws run */
	STORE(0x1720, "WAIT_UNTIL"),
	STORE(0x1724, "ISYNC_CNTL"),
	STORE(0x208c, "VAP_INDEX_OFFSET"),
	STORE(0x20c8, "VAP_PVS_VTX_TIMEOUT_REG"),
	STORE(0x2284, "VAP_PVS_STATE_FLUSH_REG"),
	STORE(0x4008, "GB_ENABLE"),
	STORE(0x4010, "GB_MSPOS0"),
	STORE(0x4014, "GB_MSPOS1"),
	STORE(0x401c, "GB_SELECT"),
	STORE(0x4020, "GB_AA_CONFIG"),
	STORE(0x4288, "GA_POLY_MODE"),
	STORE(0x428c, "GA_ROUND_MODE"),
	STORE(0x43e0, "RE_SCISSORS_TL"),
	STORE(0x43e4, "RE_SCISSORS_BR"),
	/* cache flushes complete at once: their busy bits read 0 */
	STORE(0x4e4c, "RB3D_DSTCACHE_CTLSTAT"),
	STORE(0x4f18, "ZB_ZCACHE_CTLSTAT"),
};

const struct sim_block sim_r500_config_block = {
	.name = "r500-config",
	.regs = config_regs,
	.nregs = sizeof(config_regs) / sizeof(config_regs[0]),
};

static uint32_t pipe_select2_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return sim->asic->r500->gb_pipe_select2;
}

/* RV530: the Z pipes' strap and the second FIFO sizes */
static const struct sim_reg rv530_regs[] = {
	HOOKS(0x4124, "GB_PIPE_SELECT2", pipe_select2_read, sim_r600_ro_write),
	STORE(0x4128, "GB_FIFO_SIZE2"),
};

const struct sim_block sim_rv530_config_block = {
	.name = "rv530-config",
	.regs = rv530_regs,
	.nregs = sizeof(rv530_regs) / sizeof(rv530_regs[0]),
};

/* D1/D2 registers of a display controller, 0x800 apart */
#define CRTC_STORE(off, name)						\
	STORE(off, "D1" name), STORE((off) + 0x800, "D2" name)
#define CRTC_RO(off, name)						\
	RO(off, "D1" name, 0), RO((off) + 0x800, "D2" name, 0)

/*
 * AVIVO display: both controllers off, VGA off, no monitor on either
 * hot-plug pin, no display interrupt pending. What the memory controller's
 * stop and resume save, blank and restore is stored.
 */
static const struct sim_reg avivo_regs[] = {
	STORE(0x0300, "VGA_RENDER_CONTROL"),
	STORE(0x0310, "VGA_MEMORY_BASE_ADDRESS"),
	STORE(0x0328, "VGA_HDP_CONTROL"),
	STORE(0x0330, "D1VGA_CONTROL"),
	STORE(0x0338, "D2VGA_CONTROL"),
	CRTC_STORE(0x6080, "CRTC_CONTROL"),
	CRTC_RO(0x60a4, "CRTC_STATUS_FRAME_COUNT"),
	CRTC_STORE(0x60e0, "MODE_MASTER_UPDATE_LOCK"),
	CRTC_STORE(0x60e4, "MODE_MASTER_UPDATE_MODE"),
	CRTC_STORE(0x60e8, "CRTC_UPDATE_LOCK"),
	CRTC_STORE(0x6110, "GRPH_PRIMARY_SURFACE_ADDRESS"),
	CRTC_STORE(0x6118, "GRPH_SECONDARY_SURFACE_ADDRESS"),
	CRTC_STORE(0x6144, "GRPH_UPDATE"),
	CRTC_RO(0x6534, "MODE_VBLANK_STATUS"),
	STORE(0x6540, "DxMODE_INT_MASK"),
	STORE(0x7d00, "DC_HOT_PLUG_DETECT1_CONTROL"),
	RO(0x7d04, "DC_HOT_PLUG_DETECT1_INT_STATUS", 0),
	STORE(0x7d08, "DC_HOT_PLUG_DETECT1_INT_CONTROL"),
	STORE(0x7d10, "DC_HOT_PLUG_DETECT2_CONTROL"),
	RO(0x7d14, "DC_HOT_PLUG_DETECT2_INT_STATUS", 0),
	STORE(0x7d18, "DC_HOT_PLUG_DETECT2_INT_CONTROL"),
	RO(0x7edc, "DISP_INTERRUPT_STATUS", 0),
};

const struct sim_block sim_r500_avivo_block = {
	.name = "r500-avivo",
	.regs = avivo_regs,
	.nregs = sizeof(avivo_regs) / sizeof(avivo_regs[0]),
};
