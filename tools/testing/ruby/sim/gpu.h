/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Register offsets and fields of the Evergreen/NI blocks the models
 * implement (facts from AMD's documentation), shared by those models,
 * with R6xx's where it has them elsewhere (R600_).
 */
#ifndef RUBY_SIM_GPU_H
#define RUBY_SIM_GPU_H

/* memory controller, HDP, VGA */
#define MC_SHARED_CHMAP			0x2004
#define MC_VM_FB_LOCATION		0x2024
#define MC_VM_AGP_TOP			0x2028
#define MC_VM_AGP_BOT			0x202c
#define MC_VM_AGP_BASE			0x2030
#define MC_VM_SYSTEM_APERTURE_LOW_ADDR	0x2034
#define MC_VM_SYSTEM_APERTURE_HIGH_ADDR	0x2038
#define MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR 0x203c
#define R600_MC_VM_FB_LOCATION		0x2180	/* R6xx's MC_VM block, 0x15c on */
#define MC_SHARED_BLACKOUT_CNTL		0x20ac
#define R600_CITF_CNTL			0x200c	/* R6xx's blackout */
#define R600_RAMCFG			0x2408
#define R700_MC_CITF_CNTL		0x25c0	/* R7xx's blackout */
#define MC_ARB_RAMCFG			0x2760
#define HDP_NONSURFACE_BASE		0x2c04
#define HDP_NONSURFACE_INFO		0x2c08
#define HDP_NONSURFACE_SIZE		0x2c0c
#define HDP_SURFACE_BASE		0x2c14	/* 32 sets of 5, 0x18 apart */
#define HDP_DEBUG1			0x2f34	/* RV770-RV740's HDP flush */
#define HDP_MEM_COHERENCY_FLUSH_CNTL	0x5480
#define HDP_REG_COHERENCY_FLUSH_CNTL	0x54a0
#define BIF_FB_EN			0x5490
#define VGA_RENDER_CONTROL		0x0300
#define   VGA_VSTATUS_CNTL		(3u << 16)
/* the display controllers' VGA modes, and the ROM behind the ROM BAR */
#define D1VGA_CONTROL			0x0330
#define D2VGA_CONTROL			0x0338
#define   DVGA_MODE_ENABLE		0x001
#define   DVGA_TIMING_SELECT		0x100
#define ROM_CNTL			0x1600
#define   ROM_SCK_OVERWRITE		0x2
#define BUS_CNTL			0x5420
#define   BUS_BIOS_ROM_DIS		0x2
#define VGA_HDP_CONTROL			0x0328
#define SRBM_STATUS			0x0e50
#define SRBM_SOFT_RESET			0x0e60
#define SRBM_INT_CNTL			0x0ea0
#define SRBM_STATUS2			0x0ec4

/* display controllers: CRTC0 offsets; others at eg_crtc_offsets[] */
#define CRTC_CONTROL			0x6e70
#define   CRTC_MASTER_EN		0x1
#define CRTC_UPDATE_LOCK		0x6ed4
#define CRTC_INT_MASK			0x6b40
#define CRTC_GRPH_INT_CONTROL		0x685c

/* VM / GART */
#define VM_L2_CNTL			0x1400
#define VM_L2_CNTL2			0x1404
#define VM_L2_CNTL3			0x1408
#define VM_L2_STATUS			0x140c
#define VM_CONTEXT0_CNTL		0x1410
#define   VM_ENABLE_CONTEXT		0x1
#define VM_CONTEXT1_CNTL		0x1414
#define VM_CONTEXT0_REQUEST_RESPONSE	0x1470
#define VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR 0x1518
#define VM_CONTEXT0_PAGE_TABLE_BASE_ADDR 0x153c
#define VM_CONTEXT0_PAGE_TABLE_START_ADDR 0x155c
#define VM_CONTEXT0_PAGE_TABLE_END_ADDR	0x157c
#define R600_VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR 0x1554
#define R600_VM_CONTEXT0_PAGE_TABLE_BASE_ADDR 0x1574
#define R600_VM_CONTEXT0_PAGE_TABLE_START_ADDR 0x1594
#define R600_VM_CONTEXT0_PAGE_TABLE_END_ADDR 0x15b4
#define MC_VM_MB_L1_TLB0_CNTL		0x2234	/* 0-3 */
#define MC_VM_MD_L1_TLB0_CNTL		0x2654	/* 0-2; Fusion: 0x265c */
#define MC_VM_MD_L1_TLB3_CNTL		0x2698

/* GRBM, CP */
#define GRBM_STATUS			0x8010
#define GRBM_SOFT_RESET			0x8020
#define   SOFT_RESET_CP			0x1
#define GRBM_INT_CNTL			0x8060
#define SCRATCH_REG0			0x8500
#define SCRATCH_UMSK			0x8540
#define SCRATCH_ADDR			0x8544
#define CP_SEM_WAIT_TIMER		0x85bc
#define CP_STRMOUT_CNTL			0x84fc
#define   OFFSET_UPDATE_DONE		0x1
#define CP_SEM_INCOMPLETE_TIMER_CNTL	0x85c8
#define CP_ME_CNTL			0x86d8
#define   CP_ME_HALT			(1u << 28)
#define   CP_PFP_HALT			(1u << 26)
#define CP_RB_RPTR			0x8700
#define CP_RB_WPTR_DELAY		0x8704
#define CP_RB_BASE			0xc100
#define CP_RB_CNTL			0xc104
#define   RB_NO_UPDATE			(1u << 27)
#define CP_RB_RPTR_WR			0xc108
#define CP_RB_RPTR_ADDR			0xc10c
#define CP_RB_RPTR_ADDR_HI		0xc110
#define CP_RB_WPTR			0xc114
#define CP_INT_CNTL			0xc124
#define   TIME_STAMP_INT_ENABLE		(1u << 26)
#define CP_INT_STATUS			0xc128
#define CP_PFP_UCODE_ADDR		0xc150
#define CP_PFP_UCODE_DATA		0xc154
#define CP_ME_RAM_RADDR			0xc158
#define CP_ME_RAM_WADDR			0xc15c
#define CP_ME_RAM_DATA			0xc160
#define CP_DEBUG			0xc1fc

/* RLC */
#define RLC_CNTL			0x3f00
#define   RLC_ENABLE			0x1
#define RLC_HB_CNTL			0x3f0c
#define RLC_HB_BASE			0x3f10
#define RLC_HB_WPTR_LSB_ADDR		0x3f14
#define RLC_HB_WPTR_MSB_ADDR		0x3f18
#define RLC_HB_WPTR			0x3f1c
#define RLC_HB_RPTR			0x3f20
#define RLC_UCODE_ADDR			0x3f2c
#define RLC_UCODE_DATA			0x3f30
#define RLC_MC_CNTL			0x3f44
#define RLC_UCODE_CNTL			0x3f48

/* IH */
#define IH_RB_CNTL			0x3e00
#define   IH_RB_ENABLE			0x1
#define   IH_WPTR_WRITEBACK_ENABLE	(1u << 8)
#define   IH_WPTR_OVERFLOW_CLEAR	(1u << 31)
#define IH_RB_BASE			0x3e04
#define IH_RB_RPTR			0x3e08
#define IH_RB_WPTR			0x3e0c
#define IH_RB_WPTR_ADDR_HI		0x3e10
#define IH_RB_WPTR_ADDR_LO		0x3e14
#define IH_CNTL				0x3e18
#define   IH_ENABLE_INTR		0x1
#define INTERRUPT_CNTL			0x5468
#define INTERRUPT_CNTL2			0x546c

#endif /* RUBY_SIM_GPU_H */
