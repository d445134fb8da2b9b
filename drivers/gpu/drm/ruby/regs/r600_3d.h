/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * R6xx/R7xx 3D state registers a command stream sets, and the windows of
 * the SET_* packets where they differ from Evergreen's: byte offsets and
 * fields, plain numbers with no kernel types, so that the command-stream
 * checker builds on the host too.
 */
#ifndef __RUBY_R600_3D_H__
#define __RUBY_R600_3D_H__

/* Type-3 opcodes R6xx/R7xx number differently from Evergreen */
#define R600_PKT3_START_3D_CMDBUF	0x24	/* R6xx before RV770 */
#define R600_PKT3_SURFACE_BASE_UPDATE	0x73	/* RV610-RV670 */
#define R600_PKT3_STRMOUT_BASE_UPDATE	0x72	/* R7xx */

/* SET_* windows of R6xx/R7xx, end exclusive (context, config: Evergreen's) */
#define R600_SET_ALU_CONST_START	0x00030000
#define R600_SET_ALU_CONST_END		0x00032000
#define R600_SET_RESOURCE_START		0x00038000
#define R600_SET_RESOURCE_END		0x0003c000
#define R600_SET_SAMPLER_START		0x0003c000
#define R600_SET_SAMPLER_END		0x0003cff0
#define R600_SET_CTL_CONST_START	0x0003cff0
#define R600_SET_CTL_CONST_END		0x0003e200
#define R600_SET_LOOP_CONST_START	0x0003e200
#define R600_SET_LOOP_CONST_END		0x0003e380
#define R600_SET_BOOL_CONST_START	0x0003e380
#define R600_SET_BOOL_CONST_END		0x00040000

/* Depth block */
#define R600_DB_DEPTH_SIZE		0x28000
#define   R600_DB_PITCH_TILE_MAX(v)	((v) & 0x3ff)
#define   R600_DB_SLICE_TILE_MAX(v)	(((v) >> 10) & 0xfffff)
#define R600_DB_DEPTH_VIEW		0x28004
#define   R600_SLICE_START(v)		((v) & 0x7ff)	/* DB and CB views */
#define   R600_SLICE_MAX(v)		(((v) >> 13) & 0x7ff)
#define R600_DB_DEPTH_BASE		0x2800c
#define R600_DB_DEPTH_INFO		0x28010
#define   R600_DB_TILE_SURFACE_ENABLE	BIT(25)
#define   R600_DB_ARRAY_MODE_SHIFT	15
#define   R600_DB_ARRAY_MODE(v)		(((v) >> 15) & 0xf)
#define   R600_DB_FORMAT(v)		((v) & 0x7)
#define R600_DB_HTILE_DATA_BASE		0x28014
#define R600_DB_DEPTH_CONTROL		0x28800
#define R600_DB_HTILE_SURFACE		0x28d24
#define   R600_HTILE_8X8		0x3	/* HTILE_WIDTH, HTILE_HEIGHT: 8 pixels */
#define   R600_HTILE_LINEAR		BIT(2)

/* Colour block: each register of colour buffer n at its 0's + 4 n */
#define R600_CB_COLOR0_BASE		0x28040
#define R600_CB_COLOR0_SIZE		0x28060
#define   R600_CB_PITCH_TILE_MAX(v)	((v) & 0x3ff)
#define   R600_CB_SLICE_TILE_MAX(v)	(((v) >> 10) & 0xfffff)
#define R600_CB_COLOR0_VIEW		0x28080
#define R600_CB_COLOR0_INFO		0x280a0
#define   R600_CB_TILE_MODE(v)		(((v) >> 18) & 0x3)
#define   R600_CB_TILE_NONE		0
#define   R600_CB_TILE_CLEAR		1	/* CMASK */
#define   R600_CB_TILE_FRAG		2	/* CMASK and FMASK */
#define   R600_CB_ARRAY_MODE_SHIFT	8
#define   R600_CB_ARRAY_MODE(v)		(((v) >> 8) & 0xf)
#define   R600_CB_FORMAT(v)		(((v) >> 2) & 0x3f)
#define R600_CB_COLOR0_TILE		0x280c0	/* CMASK base */
#define R600_CB_COLOR0_FRAG		0x280e0	/* FMASK base */
#define R600_CB_COLOR0_MASK		0x28100
#define   R600_CB_FMASK_TILE_MAX(v)	(((v) >> 12) & 0xfffff)
#define   R600_CB_CMASK_BLOCK_MAX(v)	((v) & 0xfff)
#define R600_CB_TARGET_MASK		0x28238
#define R600_CB_SHADER_MASK		0x2823c
#define R600_CB_COLOR_CONTROL		0x28808
#define   R600_CB_SPECIAL_OP(v)		(((v) >> 4) & 0x7)
#define   R600_CB_SPECIAL_RESOLVE_BOX	7

/* Shader programs and constant buffers (PS, VS, GS: 16 each, 64 bytes apart) */
#define R600_SQ_ALU_CONST_BUFFER_SIZE_PS_0	0x28140
#define R600_SQ_PGM_START_PS		0x28840
#define R600_SQ_PGM_START_VS		0x28858
#define R600_SQ_PGM_START_GS		0x2886c
#define R600_SQ_PGM_START_ES		0x28880
#define R600_SQ_PGM_START_FS		0x28894
#define R600_SQ_ALU_CONST_CACHE_PS_0	0x28940
#define R600_SQ_ESGS_RING_ITEMSIZE	0x288a8	/* .. the other rings' */
#define R600_SQ_ESTMP_RING_ITEMSIZE	0x288b0	/* the scratch rings': ES, GS, VS, PS */
#define R600_SQ_GS_VERT_ITEMSIZE	0x288c8

/* Geometry: the scenario, which stages run and through which rings */
#define R600_VGT_GS_MODE		0x28a40
#define   R600_GS_MODE(v)		((v) & 0x3)
#define   R600_GS_SCENARIO_A		1	/* the VS as GS: no ES, no rings */
#define   R600_GS_SCENARIO_B		2
#define   R600_GS_SCENARIO_G		3	/* ES, GS, VS copy shader, two rings */
/* The geometry rings (config): base, size (256-byte units) a pair, ES->GS first */
#define R600_SQ_ESGS_RING_BASE		0x8c40
#define R600_SQ_GSVS_RING_SIZE		0x8c4c
/* The scratch rings (config) after them: ES, GS, VS, PS, the same pairs */
#define R600_SQ_PSTMP_RING_SIZE		0x8c6c

/* Rasteriser, shader export */
#define R600_SX_MISC			0x28350
#define R600_PA_SC_AA_CONFIG		0x28c04
#define   R600_MSAA_NUM_SAMPLES(v)	((v) & 0x3)	/* log2 */

/* Stream-out (R7xx): buffer n's registers at buffer 0's + 16 n */
#define R600_VGT_STRMOUT_EN		0x28ab0
#define R600_VGT_STRMOUT_BUFFER_SIZE_0	0x28ad0	/* dwords */
#define R600_VGT_STRMOUT_VTX_STRIDE_0	0x28ad4
#define R600_VGT_STRMOUT_BUFFER_BASE_0	0x28ad8	/* 256 bytes */
#define R600_VGT_STRMOUT_BUFFER_OFFSET_0 0x28adc
#define R600_VGT_STRMOUT_BUFFER_EN	0x28b20
#define R600_VGT_STRMOUT_DRAW_OPAQUE_OFFSET	0x28b28	/* .. VERTEX_STRIDE */

/* R7xx additions to the plain state */
#define R700_PA_SC_EDGERULE		0x28230
#define R700_SPI_THREAD_GROUPING	0x286c8
#define R700_CB_SHADER_CONTROL		0x287a0

/* Resource descriptors: seven dwords, SQ_TEX_RESOURCE_WORD0..6 */
#define R600_TEX_DIM(w0)		((w0) & 0x7)
#define R600_TEX_TILE_MODE_SHIFT	3
#define R600_TEX_TILE_MODE(w0)		(((w0) >> 3) & 0xf)
#define R600_TEX_PITCH(w0)		((((w0) >> 8) & 0x7ff) + 1)	/* 8 texels */
#define R600_TEX_WIDTH(w0)		((((w0) >> 19) & 0x1fff) + 1)
#define R600_TEX_HEIGHT(w1)		(((w1) & 0x1fff) + 1)
#define R600_TEX_DEPTH(w1)		((((w1) >> 13) & 0x1fff) + 1)
#define R600_TEX_FORMAT(w1)		((w1) >> 26)
#define R600_TEX_BASE_LEVEL(w4)		((w4) >> 28)
#define R600_TEX_LAST_LEVEL(w5)		((w5) & 0xf)
#define R600_TEX_LAST_ARRAY(w5)		((((w5) >> 17) & 0x1fff) + 1)
#define R600_RES_TYPE(w6)		((w6) >> 30)
#define R600_RES_TEXTURE		2
#define R600_RES_BUFFER			3

#endif /* __RUBY_R600_3D_H__ */
