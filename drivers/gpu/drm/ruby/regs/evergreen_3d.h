/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Evergreen/NI 3D state registers a command stream sets: byte offsets,
 * as SET_CONTEXT_REG counts them from 0x28000. Plain numbers, no kernel
 * types: the command-stream checker and the simulator's command processor
 * (tools/testing/ruby/sim) both build from this file.
 */
#ifndef __RUBY_EVERGREEN_3D_H__
#define __RUBY_EVERGREEN_3D_H__

/* Depth block */
#define DB_DEPTH_VIEW			0x28008
#define DB_HTILE_DATA_BASE		0x28014
#define DB_Z_INFO			0x28040
#define DB_STENCIL_INFO			0x28044
#define DB_Z_READ_BASE			0x28048
#define DB_STENCIL_READ_BASE		0x2804c
#define DB_Z_WRITE_BASE			0x28050
#define DB_STENCIL_WRITE_BASE		0x28054
#define DB_DEPTH_SIZE			0x28058
#define DB_DEPTH_SLICE			0x2805c
#define DB_DEPTH_CONTROL		0x28800
#define CB_COLOR_CONTROL		0x28808
#define DB_HTILE_SURFACE		0x28abc

/* Colour block */
#define CB_TARGET_MASK			0x28238
#define CB_SHADER_MASK			0x2823c
#define CB_IMMED0_BASE			0x28b9c	/* then CB_IMMED1..11_BASE */
#define CB_COLOR0_BASE			0x28c60
#define CB_COLOR8_BASE			0x28e40	/* CB 8-11: 0x1c apart */
#define CB_COLOR8_INFO			0x28e50	/* CB 8-11: 0x1c apart */

/* Global data share: shader access window, append counters */
#define GDS_ADDR_BASE			0x28720
#define GDS_ADDR_SIZE			0x28724
#define GDS_ORDERED_WAVE_PER_SE		0x28728
#define GDS_APPEND_COUNT_0		0x2872c	/* then 1..11 */

/* Rasteriser */
#define PA_SC_AA_CONFIG			0x28c04

/* Shader programs and constant buffers */
#define SQ_ALU_CONST_BUFFER_SIZE_PS_0	0x28140
#define SQ_ALU_CONST_BUFFER_SIZE_VS_0	0x28180
#define SQ_ALU_CONST_BUFFER_SIZE_GS_0	0x281c0
#define SQ_PGM_START_PS			0x28840
#define SQ_PGM_START_VS			0x2885c
#define SQ_PGM_START_FS			0x288a4
#define SQ_PGM_START_GS			0x28874
#define SQ_PGM_START_ES			0x2888c
#define SQ_PGM_START_HS			0x288b8
#define SQ_PGM_START_LS			0x288d0
#define SQ_ALU_CONST_CACHE_PS_0		0x28940
#define SQ_ALU_CONST_CACHE_VS_0		0x28980
#define SQ_ALU_CONST_CACHE_GS_0		0x289c0
#define SQ_ALU_CONST_CACHE_HS_0		0x28f00	/* then LS's */
#define SQ_ALU_CONST_BUFFER_SIZE_HS_0	0x28f80	/* then LS's */

/* Vertex grouper: stages and stream-out */
#define VGT_STRMOUT_BUFFER_SIZE_0	0x28ad0
#define VGT_STRMOUT_BUFFER_BASE_0	0x28ad8
#define VGT_STRMOUT_BUFFER_OFFSET_0	0x28adc
#define VGT_SHADER_STAGES_EN		0x28b54
#define VGT_STRMOUT_CONFIG		0x28b94
#define VGT_STRMOUT_BUFFER_CONFIG	0x28b98
#define VGT_SHADER_STAGES_LS_EN(v)	((v) & 0x3)
#define VGT_SHADER_STAGES_HS_EN(v)	(((v) >> 2) & 0x1)
#define VGT_SHADER_STAGES_ES_EN(v)	(((v) >> 3) & 0x3)
#define VGT_SHADER_STAGES_GS_EN(v)	(((v) >> 5) & 0x1)
#define VGT_SHADER_STAGES_VS_EN(v)	(((v) >> 6) & 0x3)

/*
 * Shader rings (config registers): base, then size, both in 256-byte
 * units, 8 bytes apart a ring: ES->GS, GS->VS, then the ES, GS, VS, PS
 * scratch rings; the LS and HS scratch rings elsewhere
 */
#define SQ_ESGS_RING_BASE		0x08c40
#define SQ_GSVS_RING_BASE		0x08c48
#define SQ_ESTMP_RING_BASE		0x08c50
#define SQ_GSTMP_RING_BASE		0x08c58
#define SQ_LSTMP_RING_BASE		0x08e10
#define SQ_HSTMP_RING_BASE		0x08e18

/* Colour buffer n's registers: colour buffer 0's + n * CB_COLOR_STRIDE */
#define CB_COLOR_STRIDE			0x3c

/* Stream-out buffer n's registers: buffer 0's + n * VGT_STRMOUT_STRIDE */
#define VGT_STRMOUT_STRIDE		0x10

#endif /* __RUBY_EVERGREEN_3D_H__ */
