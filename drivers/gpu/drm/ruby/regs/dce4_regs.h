/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * DCE4 (Evergreen/NI display engine) registers: hot-plug pins, GPIO pads,
 * and the display controllers' surface, viewport and LUT registers (per
 * CRTC, at evergreen_crtc_offsets[] from CRTC 0's).
 */
#ifndef __RUBY_DCE4_REGS_H__
#define __RUBY_DCE4_REGS_H__

#include "ruby_reg_defs.h"

/* Hot-plug pins DC_HPD1..6: three registers each, 0xc apart */
#define DCE4_HPD_PINS			6
#define DCE4_HPD_STRIDE			0xc

#define DC_HPD1_INT_STATUS		0x601c
#define   DC_HPDX_SENSE			BIT(1)
#define   DC_HPDX_INT_STATUS		BIT(0)

#define DC_HPD1_INT_CONTROL		0x6020
#define   DC_HPDX_INT_EN		BIT(16)
#define   DC_HPDX_INT_POLARITY		BIT(8)
#define   DC_HPDX_INT_ACK		BIT(0)

#define DC_HPD1_CONTROL			0x6024
#define   DC_HPDX_EN			BIT(28)
#define   DC_HPDX_RX_INT_TIMER		GENMASK(25, 16)
#define   DC_HPDX_CONNECTION_TIMER	GENMASK(12, 0)

#define DCE4_HPD_REG(base, pin)		RUBY_REG((base) + (pin) * DCE4_HPD_STRIDE)

/* The hot-plug pins' GPIO pad register, as the VBIOS's GPIO_Pin_LUT names it */
#define DC_GPIO_HPD_A			0x64b4

/*
 * A DDC line's mask register (DC_GPIO_DDCn_MASK, whose offset the VBIOS
 * gives): its pads are an AUX channel while this bit is set, I2C when clear
 */
#define   DC_GPIO_DDC_AUX_PAD_MODE	BIT(16)

/* A CRTC's graphics surface */
#define GRPH_ENABLE			0x6800
#define GRPH_CONTROL			0x6804
#define   GRPH_DEPTH			GENMASK(1, 0)
#define     GRPH_DEPTH_16BPP		1
#define     GRPH_DEPTH_32BPP		2
#define   GRPH_FORMAT			GENMASK(10, 8)
#define     GRPH_FORMAT_RGB565		1	/* at 16 bpp */
#define     GRPH_FORMAT_ARGB8888	0	/* at 32 bpp */
#define     GRPH_FORMAT_ARGB2101010	1	/* at 32 bpp */
#define   GRPH_ARRAY_MODE		GENMASK(22, 20)
#define     GRPH_ARRAY_LINEAR_GENERAL	0
#define GRPH_LUT_10BIT_BYPASS_CONTROL	0x6808
#define GRPH_SWAP_CONTROL		0x680c
#define GRPH_PRIMARY_SURFACE_ADDRESS	0x6810
#define GRPH_SECONDARY_SURFACE_ADDRESS	0x6814
#define   GRPH_SURFACE_ADDRESS_MASK	GENMASK(31, 8)
#define GRPH_PITCH			0x6818
#define   GRPH_PITCH_MAX		0x3fff	/* pixels */
#define GRPH_PRIMARY_SURFACE_ADDRESS_HIGH	0x681c
#define GRPH_SECONDARY_SURFACE_ADDRESS_HIGH	0x6820
#define GRPH_SURFACE_OFFSET_X		0x6824
#define GRPH_SURFACE_OFFSET_Y		0x6828
#define GRPH_X_START			0x682c
#define GRPH_Y_START			0x6830
#define GRPH_X_END			0x6834
#define GRPH_Y_END			0x6838
#define GRPH_UPDATE			0x6844
#define   GRPH_UPDATE_LOCK		BIT(16)

/* Its LUT: 256 entries of 10:10:10, written in order from an index */
#define DC_LUT_RW_MODE			0x69e0
#define DC_LUT_RW_INDEX			0x69e4
#define DC_LUT_30_COLOR			0x69f0
#define   DC_LUT_30_RED			GENMASK(29, 20)
#define   DC_LUT_30_GREEN		GENMASK(19, 10)
#define   DC_LUT_30_BLUE		GENMASK(9, 0)
#define DC_LUT_WRITE_EN_MASK		0x69f8
#define   DC_LUT_WRITE_EN_ALL		0x7
#define DC_LUT_CONTROL			0x6a00
#define DC_LUT_BLACK_OFFSET_BLUE	0x6a04	/* then green, red */
#define DC_LUT_WHITE_OFFSET_BLUE	0x6a10	/* then green, red */
#define   DC_LUT_WHITE_OFFSET_MAX	0xffff

/*
 * Its hardware cursor: double buffered under CUR_UPDATE's lock, read in
 * rows of its width (no pitch register)
 */
#define CUR_CONTROL			0x6998
#define   CUR_EN			BIT(0)
#define   CUR_MODE			GENMASK(9, 8)
#define     CUR_MODE_ARGB_PREMULT	2
#define   CUR_URGENT_CONTROL		GENMASK(26, 24)
#define     CUR_URGENT_1_2		4
#define CUR_SURFACE_ADDRESS		0x699c
#define   CUR_SURFACE_ADDRESS_MASK	GENMASK(31, 12)
#define CUR_SIZE			0x69a0	/* (width - 1) << 16 | (height - 1) */
#define CUR_SURFACE_ADDRESS_HIGH	0x69a4
#define CUR_POSITION			0x69a8	/* never negative */
#define CUR_HOT_SPOT			0x69ac	/* the image's pixel at the position */
#define   CUR_X				GENMASK(29, 16)	/* of both */
#define   CUR_Y				GENMASK(13, 0)
#define CUR_UPDATE			0x69b8
#define   CUR_UPDATE_LOCK		BIT(16)
#define CUR_MAX_SIZE			64

/* Its line buffer's and viewport's size */
#define DESKTOP_HEIGHT			0x6b04
#define VIEWPORT_START			0x6d70	/* x << 16 | y */
#define VIEWPORT_SIZE			0x6d74	/* width << 16 | height */

#define DCE4_CRTC_REG(reg, crtc)	RUBY_REG((reg) + evergreen_crtc_offsets[crtc])

#endif /* __RUBY_DCE4_REGS_H__ */
