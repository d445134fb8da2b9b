/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Registers (MMIO aperture, BAR2) R6xx and R7xx have, and Evergreen/NI
 * kept at the same offsets: the generations' shared code programs them.
 * Unprefixed names are at the same offset on R7xx and later; where R6xx
 * has the register elsewhere its offset is R600_<name>.
 */
#ifndef __RUBY_R600_REGS_H__
#define __RUBY_R600_REGS_H__

#include "ruby_reg_defs.h"

/* VGA and display blocks, as far as the memory controller needs them */
#define VGA_RENDER_CONTROL		RUBY_REG(0x0300)
#define   VGA_VSTATUS_CNTL		  GENMASK(17, 16)

#define VGA_HDP_CONTROL			RUBY_REG(0x0328)
#define   VGA_MEMORY_DISABLE		  BIT(4)

/* The display controllers' VGA modes; D2VGA_CONTROL has D1's fields */
#define D1VGA_CONTROL			RUBY_REG(0x0330)
#define   D1VGA_TIMING_SELECT		  BIT(8)
#define   D1VGA_MODE_ENABLE		  BIT(0)

#define D2VGA_CONTROL			RUBY_REG(0x0338)

/* The serial ROM behind the expansion ROM BAR */
#define ROM_CNTL			RUBY_REG(0x1600)
#define   ROM_CNTL_SCK_OVERWRITE	  BIT(1)

#define BUS_CNTL			RUBY_REG(0x5420)
#define   BUS_CNTL_BIOS_ROM_DIS		  BIT(1)

/* AVIVO display controllers (R6xx/R7xx): CRTC0, CRTC1 0x800 further */
#define AVIVO_D1CRTC_CONTROL		0x6080
#define   AVIVO_CRTC_EN			  BIT(0)
#define AVIVO_D1CRTC_UPDATE_LOCK	0x60e8

/* System/register bus */
#define SRBM_STATUS			RUBY_REG(0x0e50)
#define   SRBM_STATUS_MC_BUSY		  GENMASK(12, 8)

#define SRBM_SOFT_RESET			RUBY_REG(0x0e60)
#define   SOFT_RESET_RLC		  BIT(13)
#define   R600_SOFT_RESET_DMA		  BIT(12)	/* Evergreen: bit 20 */

/* Memory controller */
#define R600_CITF_CNTL			RUBY_REG(0x200c)
#define   R600_BLACKOUT_MASK		  GENMASK(1, 0)	/* also in R7xx's */
#define R700_MC_CITF_CNTL		RUBY_REG(0x25c0)

#define MC_SHARED_CHMAP			RUBY_REG(0x2004)
#define   MC_SHARED_CHMAP_NOOFCHAN	  GENMASK(15, 12)

#define MC_VM_FB_LOCATION		RUBY_REG(0x2024)
#define   MC_VM_FB_TOP			  GENMASK(31, 16)	/* 16 MiB units */
#define   MC_VM_FB_BASE			  GENMASK(15, 0)

#define MC_VM_AGP_TOP			RUBY_REG(0x2028)
#define MC_VM_AGP_BOT			RUBY_REG(0x202c)
#define MC_VM_AGP_BASE			RUBY_REG(0x2030)
#define MC_VM_SYSTEM_APERTURE_LOW_ADDR	RUBY_REG(0x2034)
#define MC_VM_SYSTEM_APERTURE_HIGH_ADDR	RUBY_REG(0x2038)
#define MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR RUBY_REG(0x203c)

/* R6xx's MC_VM block: the same registers, 0x15c further */
#define R600_MC_VM_FB_LOCATION		RUBY_REG(0x2180)
#define R600_MC_VM_AGP_TOP		RUBY_REG(0x2184)
#define R600_MC_VM_AGP_BOT		RUBY_REG(0x2188)
#define R600_MC_VM_AGP_BASE		RUBY_REG(0x218c)
#define R600_MC_VM_SYSTEM_APERTURE_LOW_ADDR	RUBY_REG(0x2190)
#define R600_MC_VM_SYSTEM_APERTURE_HIGH_ADDR	RUBY_REG(0x2194)
#define R600_MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR	RUBY_REG(0x2198)

/*
 * R6xx's sixteen L1 TLB controls, one per memory client group: MCD (read
 * and write, A and B), MCB (GFX, SYS, HDP, PDMA, SEM and UVD, each read
 * and write)
 */
#define R600_MC_VM_L1_TLB_MCB_RD_UVD_CNTL RUBY_REG(0x2124)
#define R600_MC_VM_L1_TLB_MCB_WR_UVD_CNTL RUBY_REG(0x212c)
#define R600_MC_VM_L1_TLB_MCD_RD_A_CNTL	RUBY_REG(0x219c)
#define R600_MC_VM_L1_TLB_MCD_RD_B_CNTL	RUBY_REG(0x21a0)
#define R600_MC_VM_L1_TLB_MCD_WR_A_CNTL	RUBY_REG(0x21a4)
#define R600_MC_VM_L1_TLB_MCD_WR_B_CNTL	RUBY_REG(0x21a8)
#define R600_MC_VM_L1_TLB_MCB_RD_GFX_CNTL RUBY_REG(0x21fc)
#define R600_MC_VM_L1_TLB_MCB_RD_SYS_CNTL RUBY_REG(0x2200)
#define R600_MC_VM_L1_TLB_MCB_RD_HDP_CNTL RUBY_REG(0x2204)
#define R600_MC_VM_L1_TLB_MCB_RD_PDMA_CNTL RUBY_REG(0x2208)
#define R600_MC_VM_L1_TLB_MCB_RD_SEM_CNTL RUBY_REG(0x220c)
#define R600_MC_VM_L1_TLB_MCB_WR_GFX_CNTL RUBY_REG(0x2210)
#define R600_MC_VM_L1_TLB_MCB_WR_SYS_CNTL RUBY_REG(0x2214)
#define R600_MC_VM_L1_TLB_MCB_WR_HDP_CNTL RUBY_REG(0x2218)
#define R600_MC_VM_L1_TLB_MCB_WR_PDMA_CNTL RUBY_REG(0x221c)
#define R600_MC_VM_L1_TLB_MCB_WR_SEM_CNTL RUBY_REG(0x2220)
/* their fields where R6xx differs from the MB/MD TLBs of R7xx */
#define   R600_SYSTEM_ACCESS_MODE	  GENMASK(7, 6)
#define   R600_ENABLE_L1_STRICT_ORDERING  BIT(2)
#define   R600_ENABLE_SEMAPHORE_MODE	  BIT(10)
#define   R600_ENABLE_WAIT_L2_QUERY	  BIT(11)
#define   R600_EFFECTIVE_L1_TLB_SIZE	  GENMASK(14, 12)
#define   R600_EFFECTIVE_L1_QUEUE_SIZE	  GENMASK(17, 15)

/* R6xx's memory configuration (R7xx: MC_ARB_RAMCFG) */
#define R600_RAMCFG			RUBY_REG(0x2408)
#define   R600_RAMCFG_BURSTLENGTH	  BIT(8)
#define   R600_RAMCFG_CHANSIZE		  BIT(7)
#define   R600_RAMCFG_NOOFROWS		  GENMASK(4, 2)
#define   R600_RAMCFG_NOOFBANK		  BIT(0)

#define MC_VM_MB_L1_TLB_CNTL(n)		RUBY_REG(0x2234 + 4 * (n))	/* 0-3 */
/* MC_VM_MD_L1_TLB0-2_CNTL: offsets per family, see ruby_family_desc */
#define MC_VM_MD_L1_TLB3_CNTL		RUBY_REG(0x2698)	/* Evergreen+ */
/* the fields of every MB and MD L1 TLB control register */
#define   EFFECTIVE_L1_QUEUE_SIZE	  GENMASK(20, 18)
#define   EFFECTIVE_L1_TLB_SIZE		  GENMASK(17, 15)
#define   SYSTEM_APERTURE_UNMAPPED_ACCESS GENMASK(6, 5)
#define   SYSTEM_ACCESS_MODE		  GENMASK(4, 3)
#define     SYSTEM_ACCESS_MODE_NOT_IN_SYS 3
#define   ENABLE_L1_FRAGMENT_PROCESSING	  BIT(1)
#define   ENABLE_L1_TLB			  BIT(0)

#define MC_ARB_RAMCFG			RUBY_REG(0x2760)
#define   MC_ARB_BURSTLENGTH		  BIT(9)
#define   MC_ARB_RAMCFG_CHANSIZE	  BIT(8)
#define   MC_ARB_NOOFROWS		  GENMASK(5, 3)
#define   MC_ARB_NOOFBANK		  GENMASK(1, 0)

/* Host data path: CPU access to VRAM through BAR0 */
#define HDP_NONSURFACE_BASE		RUBY_REG(0x2c04)
#define HDP_NONSURFACE_INFO		RUBY_REG(0x2c08)
#define HDP_NONSURFACE_SIZE		RUBY_REG(0x2c0c)
/* 32 surface register sets of five registers, 0x18 bytes apart */
#define HDP_SURFACE_REG(i, r)		RUBY_REG(0x2c14 + 0x18 * (i) + 4 * (r))
#define HDP_NR_SURFACES			32

#define HDP_DEBUG1			RUBY_REG(0x2f34)
#define HDP_MEM_COHERENCY_FLUSH_CNTL	RUBY_REG(0x5480)
#define HDP_REG_COHERENCY_FLUSH_CNTL	RUBY_REG(0x54a0)

#define BIF_FB_EN			RUBY_REG(0x5490)
#define   FB_READ_EN			  BIT(0)
#define   FB_WRITE_EN			  BIT(1)

/* GPU virtual memory: context 0 is the GART */
#define VM_L2_CNTL			RUBY_REG(0x1400)
#define   EFFECTIVE_L2_QUEUE_SIZE	  GENMASK(16, 14)
#define   ENABLE_L2_PTE_CACHE_LRU_UPDATE_BY_WRITE BIT(9)
#define   ENABLE_L2_FRAGMENT_PROCESSING	  BIT(1)
#define   ENABLE_L2_CACHE		  BIT(0)

#define VM_L2_CNTL2			RUBY_REG(0x1404)

#define VM_L2_CNTL3			RUBY_REG(0x1408)
#define   CACHE_UPDATE_MODE		  GENMASK(7, 6)
#define   BANK_SELECT			  GENMASK(5, 0)

#define VM_CONTEXT0_CNTL		RUBY_REG(0x1410)
#define   RANGE_PROTECTION_FAULT_ENABLE_DEFAULT BIT(4)
#define   PAGE_TABLE_DEPTH		  GENMASK(2, 1)
#define   ENABLE_CONTEXT		  BIT(0)

#define VM_CONTEXT1_CNTL		RUBY_REG(0x1414)

#define VM_CONTEXT0_REQUEST_RESPONSE	RUBY_REG(0x1470)
#define   RESPONSE_TYPE			  GENMASK(7, 4)
#define     RESPONSE_DONE		  1
#define     RESPONSE_FAILED		  2
#define   REQUEST_TYPE			  GENMASK(3, 0)
#define     REQUEST_TLB_FLUSH		  1

#define VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR RUBY_REG(0x1518)
/* page-table registers count 4 KiB pages */
#define VM_CONTEXT0_PAGE_TABLE_BASE_ADDR RUBY_REG(0x153c)
#define VM_CONTEXT0_PAGE_TABLE_START_ADDR RUBY_REG(0x155c)
#define VM_CONTEXT0_PAGE_TABLE_END_ADDR	RUBY_REG(0x157c)
/* R6xx's context 0 page-table registers; contexts 0-6 on R6xx */
#define R600_VM_CONTEXT0_PAGE_TABLE_BASE_ADDR RUBY_REG(0x1574)
#define R600_VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR RUBY_REG(0x1554)
#define R600_VM_CONTEXT0_PAGE_TABLE_START_ADDR RUBY_REG(0x1594)
#define R600_VM_CONTEXT0_PAGE_TABLE_END_ADDR RUBY_REG(0x15b4)
#define R600_VM_CONTEXTS		7
#define   R600_BANK_SELECT_0		  GENMASK(4, 0)
#define   R600_BANK_SELECT_1		  GENMASK(9, 5)

/* Command processor */
#define GRBM_STATUS			RUBY_REG(0x8010)
#define GRBM_STATUS2			RUBY_REG(0x8014)	/* R6xx/R7xx */
#define GRBM_SOFT_RESET			RUBY_REG(0x8020)
#define   SOFT_RESET_CP			  BIT(0)

#define CP_ME_CNTL			RUBY_REG(0x86d8)
#define   CP_ME_HALT			  BIT(28)
#define   CP_PFP_HALT			  BIT(26)

#define CP_RB_CNTL			RUBY_REG(0xc104)
#define   RB_NO_UPDATE			  BIT(27)
#define   RB_BLKSZ			  GENMASK(15, 8)
#define   RB_BUFSZ			  GENMASK(5, 0)

#define CP_PFP_UCODE_ADDR		RUBY_REG(0xc150)
#define CP_PFP_UCODE_DATA		RUBY_REG(0xc154)
#define CP_ME_RAM_RADDR			RUBY_REG(0xc158)
#define CP_ME_RAM_WADDR			RUBY_REG(0xc15c)
#define CP_ME_RAM_DATA			RUBY_REG(0xc160)

/* RLC: run-list controller */
#define RLC_CNTL			RUBY_REG(0x3f00)
#define   RLC_ENABLE			  BIT(0)
#define RLC_HB_CNTL			RUBY_REG(0x3f0c)
#define RLC_HB_BASE			RUBY_REG(0x3f10)
#define RLC_HB_WPTR_LSB_ADDR		RUBY_REG(0x3f14)
#define RLC_HB_WPTR_MSB_ADDR		RUBY_REG(0x3f18)
#define RLC_HB_WPTR			RUBY_REG(0x3f1c)
#define RLC_HB_RPTR			RUBY_REG(0x3f20)
#define RLC_UCODE_ADDR			RUBY_REG(0x3f2c)
#define RLC_UCODE_DATA			RUBY_REG(0x3f30)
#define RLC_MC_CNTL			RUBY_REG(0x3f44)
#define RLC_UCODE_CNTL			RUBY_REG(0x3f48)

/* Scratch registers, written by the CP for ring tests */
#define SCRATCH_REG(n)			RUBY_REG(0x8500 + 4 * (n))
/*
 * The shader rings, base and size in 256-byte units a pair: ES->GS, GS->VS,
 * then the ES, GS, VS and PS scratch rings (Evergreen adds the HS and LS
 * ones)
 */
#define SQ_ESGS_RING_BASE		RUBY_REG(0x8c40)
#define SQ_PSTMP_RING_SIZE		RUBY_REG(0x8c6c)
#define SCRATCH_UMSK			RUBY_REG(0x8540)
#define SCRATCH_ADDR			RUBY_REG(0x8544)

/* The CP waits for engines to go idle before the next packet */
#define WAIT_UNTIL			RUBY_REG(0x8040)
#define   WAIT_3D_IDLE			  BIT(15)

/* CP ring buffer */
#define CP_SEM_WAIT_TIMER		RUBY_REG(0x85bc)
#define CP_RB_RPTR			RUBY_REG(0x8700)
#define CP_RB_WPTR_DELAY		RUBY_REG(0x8704)
#define CP_RB_BASE			RUBY_REG(0xc100)	/* address >> 8 */
#define CP_RB_RPTR_WR			RUBY_REG(0xc108)
#define CP_RB_RPTR_ADDR			RUBY_REG(0xc10c)
#define CP_RB_RPTR_ADDR_HI		RUBY_REG(0xc110)
#define CP_RB_WPTR			RUBY_REG(0xc114)
#define CP_DEBUG			RUBY_REG(0xc1fc)
#define   RB_RPTR_WR_ENA		  BIT(31)

#define CP_INT_CNTL			RUBY_REG(0xc124)
#define   TIME_STAMP_INT_ENABLE		  BIT(26)
#define CP_INT_STATUS			RUBY_REG(0xc128)

#define GRBM_INT_CNTL			RUBY_REG(0x8060)

/* Status registers the INFO ioctl may read, the GPU clock counter */
#define RLC_GPU_CLOCK_COUNT_LSB		RUBY_REG(0x3f38)
#define RLC_GPU_CLOCK_COUNT_MSB		RUBY_REG(0x3f3c)
#define RLC_CAPTURE_GPU_CLOCK_COUNT	RUBY_REG(0x3f40)
#define CG_CLKPIN_CNTL			RUBY_REG(0x0660)
#define   MUX_TCLK_TO_XCLK		  BIT(8)
#define   XTALIN_DIVIDE			  BIT(9)

/* Shader-engine layout and tiling configuration */
#define CC_GC_SHADER_PIPE_CONFIG	RUBY_REG(0x8950)
#define   INACTIVE_SIMDS		  GENMASK(31, 16)
#define CC_RB_BACKEND_DISABLE		RUBY_REG(0x98f4)
#define   BACKEND_DISABLE		  GENMASK(23, 16)

/* R6xx/R7xx tiling: one dword for the GFX block, its low half elsewhere */
#define GB_TILING_CONFIG		RUBY_REG(0x98f0)
#define   TILING_BACKEND_MAP		  GENMASK(31, 16)
#define   TILING_SAMPLE_SPLIT		  GENMASK(15, 14)
#define   TILING_BANK_SWAPS		  GENMASK(13, 11)
#define   TILING_ROW			  GENMASK(10, 8)
#define   TILING_GROUP_SIZE		  GENMASK(7, 6)
#define   TILING_BANK			  GENMASK(5, 4)
#define   TILING_PIPE			  GENMASK(3, 1)
#define DCP_TILING_CONFIG		RUBY_REG(0x6ca0)
#define HDP_TILING_CONFIG		RUBY_REG(0x2f3c)
#define RV770_DMA_TILING_CONFIG		RUBY_REG(0x3ec8)
#define R600_DMA_TILING_CONFIG		RUBY_REG(0x3ec4)
#define RV770_DMA_TILING_CONFIG2	RUBY_REG(0xd0b8)

/* Async DMA engine; its ring pointers count bytes */
#define DMA_RB_CNTL			RUBY_REG(0xd000)
#define   DMA_RB_ENABLE			  BIT(0)
#define   DMA_RB_SIZE			  GENMASK(5, 1)	/* log2 dwords */
#define   DMA_RPTR_WRITEBACK_ENABLE	  BIT(12)
#define DMA_RB_BASE			RUBY_REG(0xd004)	/* address >> 8 */
#define DMA_RB_RPTR			RUBY_REG(0xd008)
#define DMA_RB_WPTR			RUBY_REG(0xd00c)
#define DMA_RB_RPTR_ADDR_HI		RUBY_REG(0xd01c)
#define DMA_RB_RPTR_ADDR_LO		RUBY_REG(0xd020)
#define DMA_IB_CNTL			RUBY_REG(0xd024)
#define   DMA_IB_ENABLE			  BIT(0)
#define DMA_CNTL			RUBY_REG(0xd02c)
#define   DMA_TRAP_ENABLE		  BIT(0)
#define   DMA_CTXEMPTY_INT_ENABLE	  BIT(28)
#define DMA_STATUS_REG			RUBY_REG(0xd034)
#define   DMA_IDLE			  BIT(0)
#define DMA_SEM_INCOMPLETE_TIMER_CNTL	RUBY_REG(0xd044)
#define DMA_SEM_WAIT_FAIL_TIMER_CNTL	RUBY_REG(0xd048)
#define DMA_MODE			RUBY_REG(0xd0bc)

/* Interrupt handler ring */
#define IH_RB_CNTL			RUBY_REG(0x3e00)
#define   IH_WPTR_OVERFLOW_CLEAR	  BIT(31)
#define   IH_WPTR_OVERFLOW_ENABLE	  BIT(16)
#define   IH_WPTR_WRITEBACK_ENABLE	  BIT(8)
#define   IH_IB_SIZE			  GENMASK(5, 1)	/* log2 dwords */
#define   IH_RB_ENABLE			  BIT(0)
#define IH_RB_BASE			RUBY_REG(0x3e04)	/* address >> 8 */
#define IH_RB_RPTR			RUBY_REG(0x3e08)
#define IH_RB_WPTR			RUBY_REG(0x3e0c)
#define   IH_RB_OVERFLOW		  BIT(0)
#define IH_RB_WPTR_ADDR_HI		RUBY_REG(0x3e10)
#define IH_RB_WPTR_ADDR_LO		RUBY_REG(0x3e14)
#define IH_CNTL				RUBY_REG(0x3e18)
#define   MC_WR_CLEAN_CNT		  GENMASK(24, 20)
#define   MC_WRREQ_CREDIT		  GENMASK(19, 15)
#define   RPTR_REARM			  BIT(4)
#define   ENABLE_INTR			  BIT(0)

#define INTERRUPT_CNTL			RUBY_REG(0x5468)
#define   IH_REQ_NONSNOOP_EN		  BIT(3)
#define   IH_DUMMY_RD_OVERRIDE		  BIT(0)
#define INTERRUPT_CNTL2			RUBY_REG(0x546c)

/* AVIVO display interrupts (R6xx/R7xx) */
#define DXMODE_INT_MASK			RUBY_REG(0x6540)
#define D1GRPH_INTERRUPT_CONTROL	RUBY_REG(0x615c)
#define D2GRPH_INTERRUPT_CONTROL	RUBY_REG(0x695c)

/* VRAM size as POSTed by the VBIOS, in bytes (Evergreen dGPUs: MiB) */
#define R600_CONFIG_MEMSIZE		RUBY_REG(0x5428)

#endif /* __RUBY_R600_REGS_H__ */
