/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Registers of R5xx (RV515, R520, RV530, RV560, RV570, R580) that the
 * bring-up programs: the MMIO aperture (BAR2), and the two index/data
 * windows in it, the memory controller's (struct r500_mc_reg) and the
 * PCIE block's (struct r500_pcie_reg).
 */
#ifndef __RUBY_R500_REGS_H__
#define __RUBY_R500_REGS_H__

#include "ruby_reg_defs.h"

/**
 * struct r500_mc_reg - a register behind MC_IND_INDEX/MC_IND_DATA
 * @index: its index in the memory controller's space
 */
struct r500_mc_reg {
	u32 index;
};

#define R500_MC_REG(i)		((const struct r500_mc_reg){ .index = (i) })

/**
 * struct r500_pcie_reg - a register behind PCIE_INDEX/PCIE_DATA
 * @index: its index in the PCIE block's space
 */
struct r500_pcie_reg {
	u32 index;
};

#define R500_PCIE_REG(i)	((const struct r500_pcie_reg){ .index = (i) })

/* Interrupts */
#define GEN_INT_CNTL			RUBY_REG(0x0040)
#define   GEN_INT_SW_INT_EN		  BIT(25)

#define GEN_INT_STATUS			RUBY_REG(0x0044)
#define   GEN_INT_SW_INT_FIRE		  BIT(26)	/* written by the CP */
#define   GEN_INT_SW_INT		  BIT(25)	/* status, write 1 to ack */

/* The indirect register windows */
#define PCIE_INDEX			RUBY_REG(0x0030)
#define   PCIE_INDEX_MASK		  GENMASK(10, 0)

#define PCIE_DATA			RUBY_REG(0x0034)

#define MC_IND_INDEX			RUBY_REG(0x0070)
#define   MC_IND_WR_EN			  BIT(23)
#define   MC_IND_SEQ_RBS		  GENMASK(22, 16)	/* all blocks: 0x7f */
#define   MC_IND_ADDR			  GENMASK(15, 0)

#define MC_IND_DATA			RUBY_REG(0x0074)

#define RBBM_SOFT_RESET			RUBY_REG(0x00f0)
#define   SOFT_RESET_GA			  BIT(13)
#define   SOFT_RESET_VAP		  BIT(2)
#define   SOFT_RESET_CP			  BIT(0)

/* VRAM size in bytes, as the VBIOS found it */
#define CONFIG_MEMSIZE			RUBY_REG(0x00f8)

#define HOST_PATH_CNTL			RUBY_REG(0x0130)
#define   HDP_READ_BUFFER_INVALIDATE	  BIT(27)

#define HDP_FB_LOCATION			RUBY_REG(0x0134)
#define   HDP_FB_START			  GENMASK(15, 0)	/* 64 KiB units */

#define MSI_REARM_EN			RUBY_REG(0x0160)
#define   MSI_REARM			  BIT(0)

/* VGA and the AVIVO display controllers, as far as the MC needs them */
#define VGA_RENDER_CONTROL		RUBY_REG(0x0300)
#define VGA_HDP_CONTROL			RUBY_REG(0x0328)
#define   VGA_MEMORY_DISABLE		  BIT(4)

#define D1CRTC_CONTROL			0x6080	/* D2's is 0x800 further */
#define   CRTC_EN			  BIT(0)
#define D1CRTC_UPDATE_LOCK		0x60e8

/* Command processor */
#define CP_RB_BASE			RUBY_REG(0x0700)

#define CP_RB_CNTL			RUBY_REG(0x0704)
#define   RB_RPTR_WR_ENA		  BIT(31)
#define   RB_NO_UPDATE			  BIT(27)
#define   RB_MAX_FETCH			  GENMASK(19, 18)
#define   RB_BLKSZ			  GENMASK(13, 8)
#define   RB_BUFSZ			  GENMASK(5, 0)

#define CP_RB_RPTR_ADDR			RUBY_REG(0x070c)
#define CP_RB_RPTR			RUBY_REG(0x0710)
#define CP_RB_WPTR			RUBY_REG(0x0714)
#define CP_RB_WPTR_DELAY		RUBY_REG(0x0718)
#define CP_RB_RPTR_WR			RUBY_REG(0x071c)

/* written by the CP from the ring (type-0): they start an IB */
#define CP_IB_BASE			RUBY_REG(0x0738)
#define CP_IB_BUFSZ			RUBY_REG(0x073c)

#define CP_CSQ_CNTL			RUBY_REG(0x0740)
#define   CSQ_MODE			  GENMASK(31, 28)
#define   CSQ_PRIDIS_INDDIS		  0
#define   CSQ_PRIBM_INDBM		  4

#define CP_CSQ_MODE			RUBY_REG(0x0744)
#define   CSQ_INDIRECT1_START		  GENMASK(15, 8)
#define   CSQ_INDIRECT2_START		  GENMASK(7, 0)

/* scratch registers written back to SCRATCH_ADDR + 4 * n when unmasked */
#define SCRATCH_UMSK			RUBY_REG(0x0770)
#define SCRATCH_ADDR			RUBY_REG(0x0774)

#define CP_ME_RAM_ADDR			RUBY_REG(0x07d4)
#define CP_ME_RAM_DATAH			RUBY_REG(0x07dc)
#define CP_ME_RAM_DATAL			RUBY_REG(0x07e0)

#define RBBM_STATUS			RUBY_REG(0x0e40)
#define   RBBM_GUI_ACTIVE		  BIT(31)

#define SCRATCH_REG0			0x15e0
#define SCRATCH_REG(n)			RUBY_REG(SCRATCH_REG0 + 4 * (n))
#define R500_NUM_SCRATCH		8

/* 2D/3D engine state the ring's start and the fences touch */
#define DST_PIPE_CONFIG			RUBY_REG(0x170c)
#define   PIPE_AUTO_CONFIG		  BIT(31)
#define   PIPE_SELECT_CURRENT		  GENMASK(3, 2)

#define WAIT_UNTIL			RUBY_REG(0x1720)
#define   WAIT_3D_IDLECLEAN		  BIT(17)
#define   WAIT_2D_IDLECLEAN		  BIT(16)
#define   WAIT_DMA_GUI_IDLE		  BIT(9)

#define ISYNC_CNTL			RUBY_REG(0x1724)
#define   ISYNC_CPSCRATCH_IDLEGUI	  BIT(5)
#define   ISYNC_WAIT_IDLEGUI		  BIT(4)
#define   ISYNC_ANY3D_IDLE2D		  BIT(1)
#define   ISYNC_ANY2D_IDLE3D		  BIT(0)

#define RB2D_DSTCACHE_MODE		RUBY_REG(0x3428)
#define   DC_DISABLE_IGNORE_PE		  BIT(17)
#define   DC_AUTOFLUSH_ENABLE		  BIT(8)

#define GB_TILE_CONFIG			RUBY_REG(0x4018)
#define   GB_TILE_SIZE			  GENMASK(5, 4)
#define   GB_TILE_SIZE_16		  1
#define   GB_PIPE_COUNT			  GENMASK(3, 1)
#define   GB_ENABLE_TILING		  BIT(0)

#define GB_PIPE_SELECT			RUBY_REG(0x402c)
#define   GB_PIPE_MAX			  GENMASK(13, 12)	/* pipes - 1 */
#define   GB_PIPE_MASK			  GENMASK(11, 8)

#define GB_PIPE_SELECT2			RUBY_REG(0x4124)	/* RV530 */
#define   GB_Z_PIPE_SELECT		  GENMASK(1, 0)

#define GB_FIFO_SIZE2			RUBY_REG(0x4128)

#define GA_ENHANCE			RUBY_REG(0x4274)
#define   GA_FASTSYNC_CNTL		  BIT(1)
#define   GA_DEADLOCK_CNTL		  BIT(0)

#define SU_REG_DEST			RUBY_REG(0x42c8)

#define RB3D_DSTCACHE_CTLSTAT		RUBY_REG(0x4e4c)
#define   RB3D_DC_FREE			  GENMASK(3, 2)
#define   RB3D_DC_FLUSH			  GENMASK(1, 0)
#define   RB3D_DC_ALL			  2	/* value of each field: all */

#define ZB_ZCACHE_CTLSTAT		RUBY_REG(0x4f18)
#define   ZC_FREE			  BIT(1)
#define   ZC_FLUSH			  BIT(0)

/* The VAP's index offset: the checker takes it as 0 unless a stream sets it */
#define VAP_INDEX_OFFSET		RUBY_REG(0x208c)

/* The PCIE block: the GART */
#define PCIE_TX_GART_CNTL		R500_PCIE_REG(0x10)
#define   GART_INVALIDATE_TLB		  BIT(8)
#define   GART_UNMAPPED_ACCESS		  GENMASK(2, 1)
#define   GART_UNMAPPED_DISCARD		  3
#define   GART_EN			  BIT(0)

#define PCIE_TX_DISCARD_RD_ADDR_LO	R500_PCIE_REG(0x11)
#define PCIE_TX_DISCARD_RD_ADDR_HI	R500_PCIE_REG(0x12)
#define PCIE_TX_GART_BASE		R500_PCIE_REG(0x13)
#define PCIE_TX_GART_START_LO		R500_PCIE_REG(0x14)
#define PCIE_TX_GART_START_HI		R500_PCIE_REG(0x15)
#define PCIE_TX_GART_END_LO		R500_PCIE_REG(0x16)
#define PCIE_TX_GART_END_HI		R500_PCIE_REG(0x17)
#define PCIE_TX_GART_ERROR		R500_PCIE_REG(0x18)

/*
 * The memory controller: the FB and AGP windows are at indices 1-4 on
 * RV515, 4-7 on R520 and its successors; MC_STATUS at 8 and 0
 */
#define   MC_FB_TOP			  GENMASK(31, 16)	/* 64 KiB units */
#define   MC_FB_START			  GENMASK(15, 0)

#define RV515_MC_STATUS			R500_MC_REG(0x08)
#define   RV515_MC_STATUS_IDLE		  BIT(4)

#define R520_MC_STATUS			R500_MC_REG(0x00)
#define   R520_MC_STATUS_IDLE		  BIT(1)

#define RV515_MC_FB_LOCATION		R500_MC_REG(0x01)
#define RV515_MC_AGP_LOCATION		R500_MC_REG(0x02)
#define RV515_MC_AGP_BASE		R500_MC_REG(0x03)
#define RV515_MC_AGP_BASE_2		R500_MC_REG(0x04)

#define R520_MC_FB_LOCATION		R500_MC_REG(0x04)
#define R520_MC_AGP_LOCATION		R500_MC_REG(0x05)
#define R520_MC_AGP_BASE		R500_MC_REG(0x06)
#define R520_MC_AGP_BASE_2		R500_MC_REG(0x07)

#endif /* __RUBY_R500_REGS_H__ */
