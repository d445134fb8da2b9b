/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * R5xx (Radeon X1000): register offsets and fields of the blocks the
 * R5xx models implement (facts from AMD's R5xx guide and upstream
 * radeon's register headers), and what differs between the chips.
 */
#ifndef RUBY_SIM_R500_H
#define RUBY_SIM_R500_H

#include "sim.h"

/* bus, clocks, indirect register spaces */
#define R500_CLOCK_CNTL_INDEX		0x0008
#define   R500_PLL_INDEX		0x3f
#define   R500_PLL_WR_EN		(1u << 7)
#define R500_CLOCK_CNTL_DATA		0x000c
#define R500_PCIE_INDEX			0x0030
#define   R500_PCIE_INDEX_MASK		0x7ff
#define R500_PCIE_DATA			0x0034
#define R500_GEN_INT_CNTL		0x0040
#define R500_GEN_INT_STATUS		0x0044
#define   R500_SW_INT			(1u << 25)	/* CNTL: enable; STATUS: latched, ack */
#define   R500_SW_INT_FIRE		(1u << 26)	/* STATUS, write only */
#define R500_BUS_CNTL			0x004c
#define R500_MC_IND_INDEX		0x0070
#define   R500_MC_IND_ADDR		0xffff
#define   R500_MC_IND_WR_EN		(1u << 23)
#define R500_MC_IND_DATA		0x0074
#define R500_RBBM_SOFT_RESET		0x00f0
#define   R500_SOFT_RESET_CP		(1u << 0)
#define R500_CONFIG_MEMSIZE		0x00f8
#define R500_CONFIG_APER_SIZE		0x0108
#define R500_HOST_PATH_CNTL		0x0130
#define R500_HDP_FB_LOCATION		0x0134
#define R500_MSI_REARM_EN		0x0160
#define   R500_MSI_REARM		(1u << 0)
#define R500_SURFACE_CNTL		0x0b00
#define R500_SURFACE0_LOWER_BOUND	0x0b04	/* 8 surfaces, 0x10 apart */
#define R500_RBBM_STATUS		0x0e40
#define   R500_RBBM_FIFO_FREE		0x40	/* CMDFIFO_AVAIL, all free */
#define   R500_RBBM_CP_BUSY		(1u << 16)
#define   R500_RBBM_GUI_ACTIVE		(1u << 31)

/* CP */
#define R500_CP_RB_BASE			0x0700
#define R500_CP_RB_CNTL			0x0704
#define   R500_RB_BUFSZ			0x3f
#define   R500_RB_NO_UPDATE		(1u << 27)
#define   R500_RB_RPTR_WR_ENA		(1u << 31)
#define R500_CP_RB_RPTR_ADDR		0x070c
#define R500_CP_RB_RPTR			0x0710
#define R500_CP_RB_WPTR			0x0714
#define R500_CP_RB_WPTR_DELAY		0x0718
#define R500_CP_RB_RPTR_WR		0x071c
#define R500_CP_IB_BASE			0x0738
#define R500_CP_IB_BUFSZ		0x073c
#define   R500_IB_BUFSZ			0x7fffff
#define R500_CP_CSQ_CNTL		0x0740
#define   R500_CSQ_MODE_SHIFT		28
#define   R500_CSQ_PRIBM_INDDIS		2
#define   R500_CSQ_PRIBM_INDBM		4
#define R500_CP_CSQ_MODE		0x0744
#define R500_SCRATCH_UMSK		0x0770
#define R500_SCRATCH_ADDR		0x0774
#define   R500_SCRATCH_ADDR_MASK	0xffffffe0u
#define R500_CP_STAT			0x07c0
#define R500_CP_ME_RAM_ADDR		0x07d4
#define R500_CP_ME_RAM_RADDR		0x07d8
#define R500_CP_ME_RAM_DATAH		0x07dc
#define R500_CP_ME_RAM_DATAL		0x07e0
#define R500_CP_ME_RAM_WORDS		256	/* 64-bit words */
#define R500_CP_CSQ_STAT		0x07f8
#define R500_SCRATCH_REG0		0x15e0
#define R500_DSTCACHE_CTLSTAT		0x1714
#define R500_VAP_VPORT_XSCALE		0x1d98
#define R500_VAP_VPORT_ZOFFSET		0x1dac
#define R500_RB2D_DSTCACHE_CTLSTAT	0x342c
#define R500_ZB_ZPASS_ADDR		0x4f5c
#define R500_SCRATCH_REGS		8

/* packets */
#define R500_PKT_TYPE(h)		((h) >> 30)
#define R500_PKT_COUNT(h)		((((h) >> 16) & 0x3fff) + 1)
#define R500_PKT0_REG(h)		(((h) & 0x1fff) << 2)
#define R500_PKT0_ONE_REG_WR		(1u << 15)
#define R500_PKT1_REG0(h)		(((h) & 0x7ff) << 2)
#define R500_PKT1_REG1(h)		((((h) >> 11) & 0x7ff) << 2)
#define R500_PKT3_OP(h)			(((h) >> 8) & 0xff)
#define R500_PKT3_NOP			0x10

/* the PCIE block's GART, behind PCIE_INDEX */
#define R500_PCIE_TX_GART_CNTL		0x10
#define   R500_GART_EN			(1u << 0)
#define   R500_GART_INVALIDATE_TLB	(1u << 8)
#define R500_PCIE_TX_DISCARD_RD_ADDR_LO	0x11
#define R500_PCIE_TX_DISCARD_RD_ADDR_HI	0x12
#define R500_PCIE_TX_GART_BASE		0x13
#define R500_PCIE_TX_GART_START_LO	0x14
#define R500_PCIE_TX_GART_START_HI	0x15
#define R500_PCIE_TX_GART_END_LO	0x16
#define R500_PCIE_TX_GART_END_HI	0x17
#define R500_PCIE_TX_GART_ERROR		0x18
#define   R500_PTE_UNSNOOPED		(1u << 0)
#define   R500_PTE_WRITEABLE		(1u << 2)
#define   R500_PTE_READABLE		(1u << 3)

/*
 * What differs between the R5xx chips the simulator has: where the MC's
 * indirect registers are (RV515's layout, or R520's that RV530 shares),
 * the MC_CNTL word POST left, and the pipes the straps report.
 */
struct sim_r500_chip {
	uint8_t mc_fb_location, mc_agp_location, mc_agp_base, mc_agp_base_2;
	uint8_t mc_status, mc_cntl;
	uint32_t mc_status_idle;	/* MC_STATUS's idle bit */
	uint32_t mc_cntl_val;		/* channels, as the VBIOS set them */
	uint32_t gb_pipe_select;	/* GB_PIPE_SELECT: pipes 13:12, mask 11:8 */
	uint32_t gb_pipe_select2;	/* RV530's Z pipes (0: no register) */
};

extern const struct sim_r500_chip sim_rv515_chip;
extern const struct sim_r500_chip sim_rv530_chip;
extern const struct sim_block sim_r500_config_block;
extern const struct sim_block sim_r500_avivo_block;
extern const struct sim_block sim_r500_cp_block;
extern const struct sim_block sim_rv530_config_block;

/* r500.c */
void sim_r500_init(struct sim *sim);
uint64_t sim_r500_fb_start(const struct sim *sim, uint64_t *end);
void sim_r500_irq_update(struct sim *sim);

/* r500_cp.c */
void sim_r500_cp_run(struct sim *sim);

/* r500_gart.c */
void *sim_r500_translate(struct sim *sim, uint64_t addr, size_t len, bool write);
void sim_r500_gart_invalidate(struct sim *sim);

#endif /* RUBY_SIM_R500_H */
