/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Evergreen and Northern Islands registers (MMIO aperture, BAR2): those
 * R6xx/R7xx do not have, or have elsewhere. The rest are in r600_regs.h.
 */
#ifndef __RUBY_EVERGREEN_REGS_H__
#define __RUBY_EVERGREEN_REGS_H__

#include "r600_regs.h"

/* CRTC n register: the CRTC0 offset plus the block's distance */
#define EG_CRTC_REG(n, off)		RUBY_REG((off) + eg_crtc_offsets[n])
#define EG_CRTC_CONTROL			0x6e70
#define   EG_CRTC_MASTER_EN		  BIT(0)
#define EG_CRTC_UPDATE_LOCK		0x6ed4

/* Memory controller */
#define MC_SHARED_BLACKOUT_CNTL		RUBY_REG(0x20ac)
#define   BLACKOUT_MODE			  GENMASK(2, 0)

/* VRAM size as POSTed by the VBIOS: MiB on dGPUs, bytes on Palm/Sumo */
#define CONFIG_MEMSIZE			RUBY_REG(0x5428)

/* The HS and LS scratch rings, base and size a pair */
#define SQ_LSTMP_RING_BASE		RUBY_REG(0x8e10)
#define SQ_HSTMP_RING_SIZE		RUBY_REG(0x8e1c)

#define CP_SEM_INCOMPLETE_TIMER_CNTL	RUBY_REG(0x85c8)

/* Interrupt enables and status registers the INFO ioctl may read */
#define SRBM_INT_CNTL			RUBY_REG(0x0ea0)
#define GRBM_STATUS_SE0			RUBY_REG(0x8014)
#define GRBM_STATUS_SE1			RUBY_REG(0x8018)
#define SRBM_STATUS2			RUBY_REG(0x0ec4)
#define UVD_STATUS			RUBY_REG(0xf6bc)

/* Shader-engine layout and tiling configuration */
#define RCU_IND_INDEX			RUBY_REG(0x0100)
#define RCU_IND_DATA			RUBY_REG(0x0104)
#define   RCU_EFUSE_STRAPS_3		  0x203
#define   RCU_EFUSE_STRAPS_4		  0x204
#define GRBM_GFX_INDEX			RUBY_REG(0x802c)
#define RLC_GFX_INDEX			RUBY_REG(0x3fc4)
#define   GFX_INDEX_SE			  GENMASK(19, 16)
#define   GFX_INDEX_INSTANCE_BROADCAST	  BIT(30)
#define   GFX_INDEX_SE_BROADCAST	  BIT(31)
#define GB_ADDR_CONFIG			RUBY_REG(0x98f8)
#define   GB_NUM_PIPES			  GENMASK(2, 0)		/* log2 */
#define   GB_ROW_SIZE			  GENMASK(29, 28)
#define GB_BACKEND_MAP			RUBY_REG(0x98fc)
#define DMIF_ADDR_CONFIG		RUBY_REG(0x0bd4)
#define HDP_ADDR_CONFIG			RUBY_REG(0x2f48)
#define DMA_TILING_CONFIG		RUBY_REG(0xd0b8)

/* Display interrupt masks, per CRTC (offsets as for the CRTC blocks) */
#define EG_INT_MASK			0x6b40
#define EG_GRPH_INT_CONTROL		0x685c
#define DC_HPD_INT_CONTROL(n)		RUBY_REG(0x6020 + 0xc * (n))	/* 0-5 */

/* SRBM_SOFT_RESET: Evergreen's DMA bit (R6xx/R7xx: R600_SOFT_RESET_DMA) */
#define SOFT_RESET_DMA			BIT(20)

#endif /* __RUBY_EVERGREEN_REGS_H__ */
