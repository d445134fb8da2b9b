/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * R5xx (RV515 to R580, the r300-class 3D engine) registers and packets a
 * command stream uses: byte offsets and fields, plain numbers with no
 * kernel types, so that the command-stream checker builds on the host too.
 * Names as upstream radeon's r300_reg.h, r500_reg.h and radeon_reg.h.
 */
#ifndef __RUBY_R500_3D_H__
#define __RUBY_R500_3D_H__

/* Type-0 header: a run of registers, or one register written again and again */
#define R500_PKT0_COUNT(h)		((((h) >> 16) & 0x3fff) + 1)
#define R500_PKT0_ONE_REG_WR		BIT(15)
#define R500_PKT0_RESERVED		(BIT(14) | BIT(13))
#define R500_PKT0_REG(h)		(((h) & 0x1fff) << 2)

/* Type-3 opcodes of the r300-class CP */
#define R500_PKT3_NOP			0x10
#define R500_PKT3_3D_DRAW_VBUF		0x28
#define R500_PKT3_3D_DRAW_IMMD		0x29
#define R500_PKT3_3D_DRAW_INDX		0x2a
#define R500_PKT3_3D_LOAD_VBPNTR	0x2f
#define R500_PKT3_3D_CLEAR_ZMASK	0x32
#define R500_PKT3_INDX_BUFFER		0x33
#define R500_PKT3_3D_DRAW_VBUF_2	0x34
#define R500_PKT3_3D_DRAW_IMMD_2	0x35
#define R500_PKT3_3D_DRAW_INDX_2	0x36
#define R500_PKT3_3D_CLEAR_HIZ		0x37
#define R500_PKT3_3D_CLEAR_CMASK	0x38

/* Display and wait registers a vline wait writes */
#define RADEON_CRTC_GUI_TRIG_VLINE	0x0218
#define RADEON_CRTC2_GUI_TRIG_VLINE	0x0318
#define RADEON_WAIT_UNTIL		0x1720
#define   RADEON_WAIT_CRTC_PFLIP	BIT(0)
#define   RADEON_WAIT_RE_CRTC_VLINE	BIT(1)
#define   RADEON_WAIT_FE_CRTC_VLINE	BIT(2)
#define   RADEON_WAIT_CRTC_VLINE	BIT(3)
#define   RADEON_WAIT_DISPLAY		(RADEON_WAIT_CRTC_PFLIP | RADEON_WAIT_RE_CRTC_VLINE | \
					 RADEON_WAIT_FE_CRTC_VLINE | RADEON_WAIT_CRTC_VLINE)
#define AVIVO_D1MODE_VLINE_START_END	0x6538
#define AVIVO_D2MODE_VLINE_START_END	0x6d38

/* Vertex assembly */
#define R300_VAP_VF_CNTL		0x2084
#define   R300_VAP_VF_PRIM_WALK(v)	(((v) >> 4) & 0x3)
#define   R300_PRIM_WALK_INDICES	1
#define   R300_PRIM_WALK_VERTEX_LIST	2
#define   R300_PRIM_WALK_VERTEX_EMBEDDED 3
#define   R500_VAP_VF_USE_ALT_NUM_VERTS	BIT(14)
#define   R300_VAP_VF_NUM_VERTICES(v)	(((v) >> 16) & 0xffff)
#define R500_VAP_ALT_NUM_VERTICES	0x2088
#define R500_VAP_INDEX_OFFSET		0x208c
#define   R500_VAP_INDEX_OFFSET_VAL(v)	((v) & 0x1ffffff)	/* signed, 25 bits */
#define   R500_VAP_INDEX_OFFSET_SIGN	BIT(24)
#define R300_VAP_VTX_SIZE		0x20b4
#define   R300_VAP_VTX_SIZE_DW(v)	((v) & 0x7f)
#define R300_VAP_VF_MAX_VTX_INDX	0x2134
#define   R300_VAP_MAX_INDX(v)		((v) & 0xffffff)
#define R300_VAP_PORT_IDX0		0x2040

/* 3D_LOAD_VBPNTR: arrays in pairs, a dword of sizes and strides per pair */
#define R300_VBPNTR_COUNT(v)		((v) & 0x1f)
#define R300_VBPNTR_SIZE(v, odd)	(((v) >> ((odd) ? 16 : 0)) & 0x7f)
#define R300_VBPNTR_STRIDE(v, odd)	(((v) >> ((odd) ? 24 : 8)) & 0x7f)

/* INDX_BUFFER: the register the indices go to, then address and dwords */
#define R300_INDX_BUFFER_ONE_REG_WR	BIT(31)
#define R300_INDX_BUFFER_REG(v)		(((v) & 0x1fff) << 2)

/* GB and scissors */
#define R300_GB_AA_CONFIG		0x4020
#define   R300_AA_ENABLE		BIT(0)
#define   R300_AA_SUBSAMPLES(v)		(((v) >> 1) & 0x3)	/* 2, 3, 4, 6 */
#define R300_GB_Z_PEQ_CONFIG		0x4028
#define R300_SC_HYPERZ_EN		0x43a4
#define   R300_SC_HYPERZ_HZ_EN		BIT(0)	/* the rest: HiZ's adjust and min/max */
#define R300_SC_SCISSOR1		0x43e4
#define   R300_SC_X(v)			((v) & 0x1fff)
#define   R300_SC_Y(v)			(((v) >> 13) & 0x1fff)

/* Textures: each register of unit n at its 0's + 4 n */
#define R300_TX_ENABLE			0x4104
#define R300_TX_FILTER0_0		0x4400
#define   R300_TX_CLAMP_S(v)		((v) & 0x7)
#define   R300_TX_CLAMP_T(v)		(((v) >> 3) & 0x7)
#define R300_TX_FORMAT0_0		0x4480
#define   R300_TX_WIDTH(v)		(((v) & 0x7ff) + 1)
#define   R300_TX_HEIGHT(v)		((((v) >> 11) & 0x7ff) + 1)
#define   R300_TX_DEPTH_LOG2(v)		(((v) >> 22) & 0xf)
#define   R300_TX_NUM_LEVELS(v)		(((v) >> 26) & 0xf)
#define   R300_TX_SIZE_TXPITCH_EN	BIT(31)
#define R300_TX_FORMAT1_0		0x44c0
#define   R300_TX_FORMAT(v)		((v) & 0x1f)
#define   R300_TX_COORD_TYPE(v)		(((v) >> 25) & 0x3)
#define   R300_TX_COORD_2D		0
#define   R300_TX_COORD_3D		1
#define   R300_TX_COORD_CUBE		2
#define   R300_TX_FORMAT_DXT1		0x0f
#define   R300_TX_FORMAT_DXT3		0x10
#define   R300_TX_FORMAT_DXT5		0x11
#define   R300_TX_FORMAT_ATI2N		0x1f
#define R300_TX_FORMAT2_0		0x4500
#define   R300_TX_PITCH(v)		(((v) & 0x3fff) + 1)
#define   R500_TXFORMAT_MSB		BIT(14)
#define   R500_TXWIDTH_11		BIT(15)
#define   R500_TXHEIGHT_11		BIT(16)
#define R300_TX_OFFSET_0		0x4540
#define   R300_TXO_FLAGS		0x1f
#define   R300_TXO_MACRO_TILE		BIT(2)
#define   R300_TXO_MICRO_TILE(v)	(((v) >> 3) & 0x3)
#define   R300_TXO_TILE_FIELDS		(0x7 << 2)

/* Fragment output formats: a colour buffer is written unless UNUSED */
#define R300_US_OUT_FMT_0		0x46a4
#define   R300_US_OUT_FMT(v)		((v) & 0x1f)
#define   R300_US_OUT_FMT_UNUSED	15

/* Colour buffers: each register of buffer n at its 0's + 4 n */
#define R300_RB3D_CCTL			0x4e00
#define   R300_RB3D_CCTL_NUM_MULTIWRITES(v) ((((v) >> 5) & 0x3) + 1)
#define   R300_RB3D_CCTL_CMASK_ENABLE	BIT(10)
#define R300_RB3D_BLENDCNTL		0x4e04
#define   R300_RB3D_BLEND_ENABLE	BIT(0)
#define   R300_RB3D_READ_ENABLE		BIT(2)
#define R300_RB3D_COLOR_CHANNEL_MASK	0x4e0c
#define R300_RB3D_COLOROFFSET0		0x4e28
#define R300_RB3D_COLORPITCH0		0x4e38
#define   R300_COLORPITCH_PX(v)		((v) & 0x3ffe)
#define   R300_COLOR_TILE_ENABLE	BIT(16)
#define   R300_COLOR_MICROTILE(v)	(((v) >> 17) & 0x3)
#define   R300_COLOR_TILE_FIELDS	(0x7 << 16)
#define   R300_COLOR_FORMAT(v)		(((v) >> 21) & 0xf)
#define R300_RB3D_AARESOLVE_OFFSET	0x4e80
#define R300_RB3D_AARESOLVE_PITCH	0x4e84
#define R300_RB3D_AARESOLVE_CTL		0x4e88
#define   R300_RB3D_AARESOLVE_ENABLE	BIT(0)

/* Depth buffer and HyperZ */
#define R300_ZB_CNTL			0x4f00
#define   R300_STENCIL_ENABLE		BIT(0)
#define   R300_Z_ENABLE			BIT(1)
#define R300_ZB_FORMAT			0x4f10
#define   R300_ZB_DEPTHFORMAT(v)	((v) & 0xf)
#define R300_ZB_BW_CNTL			0x4f1c
#define   R300_HIZ_ENABLE		BIT(0)
#define   R300_FAST_FILL_ENABLE		BIT(2)
#define   R300_RD_COMP_ENABLE		BIT(3)
#define   R300_WR_COMP_ENABLE		BIT(4)
#define   R300_ZB_CB_CLEAR		BIT(5)
#define   R300_ZB_HYPERZ_BITS		(R300_HIZ_ENABLE | R300_FAST_FILL_ENABLE | \
					 R300_RD_COMP_ENABLE | R300_WR_COMP_ENABLE)
#define R300_ZB_DEPTHOFFSET		0x4f20
#define R300_ZB_DEPTHPITCH		0x4f24
#define   R300_DEPTHPITCH_PX(v)		((v) & 0x3ffc)
#define   R300_DEPTHMACROTILE		BIT(16)
#define   R300_DEPTHMICROTILE(v)	(((v) >> 17) & 0x3)
#define   R300_DEPTH_TILE_FIELDS	(0x7 << 16)
#define R300_ZB_ZMASK_OFFSET		0x4f30
#define R300_ZB_HIZ_PITCH		0x4f54	/* ZMASK_OFFSET to HIZ_PITCH: HyperZ */
#define RV530_FG_ZBREG_DEST		0x4be8	/* RV530's: the Z pipes ZB writes reach */
#define R300_ZB_ZPASS_DATA		0x4f58
#define R300_ZB_ZPASS_ADDR		0x4f5c

/* The tiling bits TX_OFFSET, COLORPITCH and DEPTHPITCH share the meaning of */
#define R300_MICROTILE_TILED		1
#define R300_MICROTILE_SQUARE		2	/* 16-bit: 4x4 instead of 8x2 */

#endif /* __RUBY_R500_3D_H__ */
