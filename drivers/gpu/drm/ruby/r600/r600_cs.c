// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx/R7xx command-stream tables
 *
 * What an R6xx (R600 to RV670, RS780/RS880) or R7xx (RV770 to RV740)
 * stream may contain, on the walker every generation shares. The rules
 * are Evergreen's where the hardware is alike; what differs is listed
 * here.
 *
 * Registers: the config and context registers upstream radeon lists as
 * safe for R6xx (reg_srcs/r600), less those that carry or size an
 * address (CP_COHER_*, SX_MEMORY_EXPORT_*, SQ_ALU_CONST_BUFFER_SIZE_*:
 * tracked below) and VGT_INDEX_TYPE (the index size draws are bounded
 * with comes from the INDEX_TYPE packet only); SQ_CONFIG, SX_MISC,
 * CB_SHADER_MASK and DB_DEPTH_CONTROL besides. The R7xx-only register
 * PA_SC_EDGERULE is refused on R6xx.
 *
 * Geometry shaders: VGT_GS_MODE may turn on scenario G (the ES runs the
 * vertex shader into the ES->GS ring, the GS reads it and writes the
 * GS->VS ring, the VS copies out of it) besides A (the VS passes primitive
 * ids) and off; scenario B is refused. The two geometry rings
 * (SQ_ESGS_RING_BASE/SIZE, SQ_GSVS_RING_BASE/SIZE, config registers) are
 * the stream's: each base relocated (upstream's ABI), and a geometry draw
 * needs its ES and GS programs and both rings set in the same stream, each
 * a base in a writable buffer with its whole size after it (the SQ
 * addresses a ring modulo its size). Outside such a stream every shader
 * ring points at a kernel buffer: the CP's start points them there, and
 * after a stream that set any (rcs_parser.rings_set) the kernel points
 * them back before the stream's buffers are let go, so no ring a stream
 * left behind is reached by the next. The ring item sizes of the geometry
 * rings (SQ_ESGS_RING_ITEMSIZE, SQ_GSVS_RING_ITEMSIZE, SQ_GS_VERT_ITEMSIZE)
 * are values.
 *
 * Scratch rings: a shader that spills (Mesa's big temporary arrays) reads
 * and writes its stage's scratch ring, SQ_{ES,GS,VS,PS}TMP_RING_BASE/SIZE
 * (config registers, after the geometry rings'), each thread an item of
 * SQ_*TMP_RING_ITEMSIZE (context) in it. They are the stream's as the
 * geometry rings are: each base relocated, and a draw whose VS or PS (or,
 * in scenario G, ES or GS) has an item size that is not 0 needs that
 * stage's ring set in the same stream, a base in a writable buffer with
 * its whole size after it (the SQ addresses it modulo its size). The
 * kernel's state reset before every stream sets the item sizes to 0, as
 * the checker takes them at the stream's start. The FBUF and REDUC rings
 * stay unset: their registers are refused and their item sizes may only
 * be 0, as Mesa sets them.
 *
 * Draws (DRAW_INDEX_AUTO, DRAW_INDEX with every index inside its buffer
 * at the size INDEX_TYPE set, DRAW_INDEX_IMMD holding every index it
 * draws) are checked against what the stream set since CLEAR_STATE:
 *
 * - the VS, PS and FS (fetch shader) programs must have been relocated;
 * - every colour buffer CB_TARGET_MASK enables with a valid format must
 *   have a relocated buffer holding every slice of its view, every sample
 *   (one for the destination of a resolve), linear, 1D or 2D tiled, in
 *   whole rows of its layout's pitch alignment and whole tiles (2D:
 *   macro tiles of 8 x banks by 8 x pipes pixels, on a macro tile);
 *   with CLEAR_ENABLE its CMASK, with FRAG_ENABLE also its FMASK, each
 *   the larger of what CB_COLORn_MASK says and what the surface covers;
 * - a depth buffer with a valid format must be 1D or 2D tiled, and fit
 *   whole in its writable buffer, with its HTILE buffer (8x8 tiles, laid
 *   out for the chip's pipes, a slice's after the other for every slice
 *   of the view) when DB_DEPTH_INFO enables it;
 * - every constant buffer with a size (PS, VS, GS) must have a relocated
 *   base with that many bytes after it;
 * - every stream-out buffer VGT_STRMOUT_BUFFER_EN enables, with
 *   VGT_STRMOUT_EN on, must have a relocated writable base with
 *   VGT_STRMOUT_BUFFER_SIZE dwords after it: the VGT writes no further,
 *   wherever its offset (VGT_STRMOUT_BUFFER_OFFSET, STRMOUT_BUFFER_UPDATE)
 *   starts. R6xx and R7xx alike; R7xx's STRMOUT_BASE_UPDATE sets a base
 *   the same way, R6xx has no such packet (its SURFACE_BASE_UPDATE, a
 *   marker, tells the CP the bases changed).
 *
 * Resources are seven dwords: vertex buffers bounded by their size,
 * textures (linear, 1D- or 2D-tiled, every format with a known block
 * size, 1D/2D/3D/cube/arrays, mip chains) by every level and slice the
 * sampler can reach, level 0 at the base address and the others at the
 * mip address; a 2D level 0 bounded as the larger of its 2D and 1D
 * layouts, 2D mip levels smaller than a macro tile as the 1D-tiled
 * levels the hardware stores them as.
 * Multisampled textures (2D_MSAA, 2D_ARRAY_MSAA: LAST_LEVEL holds log2
 * of the samples, 2 to 8) have one level, every sample of every slice at
 * the base address, laid out as a colour buffer of that many samples;
 * the texture unit reads no mip chain and no FMASK for them on R6xx/R7xx
 * (Mesa expands a compressed surface before sampling it): the second
 * relocation is taken, nothing after it is reached.
 *
 * Without KEEP_TILING_FLAGS, CB_COLORn_INFO, DB_DEPTH_INFO and textures
 * take their array mode from their buffer's tiling flags (one more
 * relocation for the registers, as upstream's ABI has it).
 *
 * MEM_WRITE, EVENT_WRITE (queries), EVENT_WRITE_EOP, WAIT_REG_MEM,
 * COPY_DW (a dword of a relocated buffer, bounded, or a plain register,
 * to either: DRAW_AUTO's filled size comes so from a stream-out
 * buffer's), SURFACE_SYNC, SET_PREDICATION, CP_DMA (memory to memory) and
 * STRMOUT_BUFFER_UPDATE are the shared handlers of the walker.
 *
 * The R7xx async DMA engine: linear WRITE, linear dword COPY, the tiled
 * COPY (T bit: L2T/T2L between a linear buffer and a 1D- or 2D-tiled
 * surface laid out as the chip's colour buffers are, every slice it
 * enters bounded whole, by Evergreen's rule) and CONSTANT_FILL, every end
 * bounded, and NOP; the tiled WRITE, byte swapping (S bit), semaphores,
 * fences, traps and IBs are refused. R6xx takes no DMA streams.
 */

#ifdef __KERNEL__
#include <linux/bitops.h>
#include <linux/stddef.h>
#endif

#include "r600_cs.h"
#include "../regs/pm4_opcodes.h"
#include "../regs/r600_3d.h"

#define R6_RANGE(a, b)			{ .first = (a), .last = (b) }

/*
 * The config window (SET_CONFIG_REG), R6xx and R7xx alike, one entry per
 * register: a number its range's registers share (the line it is listed
 * on), 0 where a stream may not write. A run is allowed when its first
 * and last entries match: two loads a packet. Ranges are maximal: no two
 * are adjacent. The shader rings' registers (SQ_*_RING_BASE/SIZE) are in
 * none: r6_set_config_reg() takes them. Mesa writes
 * SQ_DYN_GPR_CNTL_PS_FLUSH_REQ (0) and CP_STRMOUT_CNTL (before its
 * stream-out flush) on R6xx too, as radeon lets it; both are values, no
 * address.
 */
#define CFG_IDX(reg)	(((reg) - PKT3_SET_CONFIG_REG_START) / 4)
#define CONFIG_REGS	CFG_IDX(PKT3_SET_CONFIG_REG_END)
#define CFG(a, b) \
	[CFG_IDX(a) ... CFG_IDX(b)] = __LINE__

static const u16 r600_config_regs[CONFIG_REGS] = {
	CFG(0x08040, 0x08040),	/* WAIT_UNTIL */
	CFG(0x08490, 0x08490),	/* CP_STRMOUT_CNTL */
	CFG(0x088b0, 0x088b0),	/* VGT_VTX_VECT_EJECT_REG */
	CFG(0x088c4, 0x088cc),	/* VGT_CACHE_INVALIDATION .. VGT_ES_PER_GS */
	CFG(0x088d4, 0x088d4),	/* VGT_GS_VERTEX_REUSE */
	CFG(0x088e8, 0x088e8),	/* VGT_GS_PER_VS */
	CFG(0x08958, 0x08958),	/* VGT_PRIMITIVE_TYPE */
	CFG(0x08970, 0x08974),	/* VGT_NUM_INDICES .. VGT_NUM_INSTANCES */
	CFG(0x08a14, 0x08a14),	/* PA_CL_ENHANCE */
	CFG(0x08b10, 0x08b10),	/* PA_SC_LINE_STIPPLE_STATE */
	CFG(0x08b20, 0x08b20),	/* PA_SC_MULTI_CHIP_CNTL */
	CFG(0x08b40, 0x08b4c),	/* PA_SC_AA_SAMPLE_LOCS_2S .. _8S_WD1 */
	CFG(0x08bf0, 0x08bf0),	/* PA_SC_ENHANCE */
	CFG(0x08c00, 0x08c14),	/* SQ_CONFIG .. SQ_STACK_RESOURCE_MGMT_2 */
	CFG(0x08d8c, 0x08d8c),	/* SQ_DYN_GPR_CNTL_PS_FLUSH_REQ */
	CFG(0x09100, 0x09100),	/* SPI_CONFIG_CNTL */
	CFG(0x0913c, 0x0913c),	/* SPI_CONFIG_CNTL_1 */
	CFG(0x09400, 0x0948c),	/* TD_FILTER4 .. TD_FILTER4_35 */
	CFG(0x09508, 0x09508),	/* TA_CNTL_AUX */
	CFG(0x09604, 0x09604),	/* TC_INVALIDATE */
	CFG(0x09700, 0x09700),	/* VC_CNTL */
	CFG(0x09714, 0x09714),	/* VC_ENHANCE */
	CFG(0x09830, 0x09830),	/* DB_DEBUG */
	CFG(0x09838, 0x09838),	/* DB_WATERMARKS */
	CFG(0x0a400, 0x0a51c),	/* TD_PS_SAMPLER0..17_BORDER_* */
	CFG(0x0a600, 0x0a71c),	/* TD_VS_SAMPLER0..17_BORDER_* */
	CFG(0x0a800, 0x0a91c),	/* TD_GS_SAMPLER0..17_BORDER_* */
	CFG(0x0aa00, 0x0aa44),	/* TD_PS_SAMPLER0..17_CLEARTYPE_KERNEL */
};

/* Registers outside the SET_* windows a stream may write: sorted, disjoint, maximal */
static const struct rcs_reg_range r600_regs[] = {
	R6_RANGE(0x3cff0, 0x3cff4),	/* SQ_VTX_BASE_VTX_LOC .. SQ_VTX_START_INST_LOC */
};

/*
 * The context window, one entry per register: where a stream may write it
 * as plain state, a number of its range's own (the line it is listed on);
 * 0 for the others, which r6_ctx_rows[] takes or refuses.
 */
#define CTX_IDX(reg)	(((reg) - PKT3_SET_CONTEXT_REG_START) / 4)
#define CONTEXT_REGS	((PKT3_SET_CONTEXT_REG_END - PKT3_SET_CONTEXT_REG_START) / 4)
#define CTX(a, b) \
	[CTX_IDX(a) ... CTX_IDX(b)] = __LINE__

static const u16 r600_context_regs[CONTEXT_REGS] = {
	CTX(0x28028, 0x28034),	/* DB_STENCIL_CLEAR .. PA_SC_SCREEN_SCISSOR_BR */
	CTX(0x28120, 0x2812c),	/* CB_CLEAR_RED .. CB_CLEAR_ALPHA */
	CTX(0x28200, 0x2822c),	/* PA_SC_WINDOW_OFFSET .. PA_SC_CLIPRECT_3_BR */
	CTX(0x2823c, 0x2823c),	/* CB_SHADER_MASK */
	CTX(0x28240, 0x28244),	/* PA_SC_GENERIC_SCISSOR_TL .. PA_SC_GENERIC_SCISSOR_BR */
	CTX(0x28250, 0x2834c),	/* PA_SC_VPORT_SCISSOR_0_TL .. PA_SC_VPORT_ZMAX_15 */
	CTX(0x28350, 0x28354),	/* SX_MISC .. SX_SURFACE_SYNC */
	CTX(0x28380, 0x285b8),	/* SQ_VTX_SEMANTIC_0 .. PA_CL_VPORT_ZOFFSET_15 */
	CTX(0x28614, 0x28638),	/* SPI_VS_OUT_ID_0 .. SPI_VS_OUT_ID_9 */
	CTX(0x28644, 0x286c4),	/* SPI_PS_INPUT_CNTL_0 .. SPI_VS_OUT_CONFIG */
	CTX(0x286cc, 0x286e4),	/* SPI_PS_IN_CONTROL_0 .. SPI_FOG_FUNC_BIAS */
	CTX(0x28780, 0x2879c),	/* CB_BLEND0_CONTROL .. CB_BLEND7_CONTROL */
	CTX(0x28800, 0x28800),	/* DB_DEPTH_CONTROL */
	CTX(0x28804, 0x28804),	/* CB_BLEND_CONTROL */
	CTX(0x2880c, 0x28820),	/* DB_SHADER_CONTROL .. PA_CL_NANINF_CNTL */
	CTX(0x28850, 0x28854),	/* SQ_PGM_RESOURCES_PS .. SQ_PGM_EXPORTS_PS */
	CTX(0x28868, 0x28868),	/* SQ_PGM_RESOURCES_VS */
	CTX(0x2887c, 0x2887c),	/* SQ_PGM_RESOURCES_GS */
	CTX(0x28890, 0x28890),	/* SQ_PGM_RESOURCES_ES */
	CTX(0x288a4, 0x288a4),	/* SQ_PGM_RESOURCES_FS */
	CTX(0x288a8, 0x288ac),	/* SQ_ESGS_RING_ITEMSIZE .. SQ_GSVS_RING_ITEMSIZE */
	CTX(0x288c8, 0x288e0),	/* SQ_GS_VERT_ITEMSIZE .. SQ_VTX_SEMANTIC_CLEAR */
	CTX(0x28a00, 0x28a3c),	/* PA_SU_POINT_SIZE .. VGT_GROUP_VECT_1_FMT_CNTL */
	CTX(0x28a48, 0x28a50),	/* PA_SC_MPASS_PS_CNTL .. VGT_ENHANCE */
	CTX(0x28a6c, 0x28a6c),	/* VGT_GS_OUT_PRIM_TYPE */
	CTX(0x28a84, 0x28a84),	/* VGT_PRIMITIVEID_EN */
	CTX(0x28a94, 0x28a94),	/* VGT_MULTI_PRIM_IB_RESET_EN */
	CTX(0x28aa0, 0x28aa4),	/* VGT_INSTANCE_STEP_RATE_0 .. VGT_INSTANCE_STEP_RATE_1 */
	CTX(0x28ab4, 0x28ab8),	/* VGT_REUSE_OFF .. VGT_VTX_CNT_EN */
	/*
	 * DRAW_AUTO's vertex count: values, no address (the draw's vertices
	 * are fetched inside their buffers, stream-out writes stop at a
	 * buffer's size); plain, so COPY_DW may load the filled size from a
	 * buffer, as Mesa does. Mesa sets them on R6xx too.
	 */
	CTX(0x28b28, 0x28b30),	/* VGT_STRMOUT_DRAW_OPAQUE_OFFSET .. _VERTEX_STRIDE */
	CTX(0x28b38, 0x28b38),	/* VGT_GS_MAX_VERT_OUT */
	CTX(0x28c00, 0x28c00),	/* PA_SC_LINE_CNTL */
	CTX(0x28c08, 0x28c20),	/* PA_SU_VTX_CNTL .. PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX */
	CTX(0x28c30, 0x28c3c),	/* CB_CLRCMP_CONTROL .. CB_CLRCMP_MSK */
	CTX(0x28c48, 0x28c48),	/* PA_SC_AA_MASK */
	CTX(0x28d0c, 0x28d10),	/* DB_RENDER_CONTROL .. DB_RENDER_OVERRIDE */
	CTX(0x28d28, 0x28d34),	/* DB_SRESULTS_COMPARE_STATE0 .. DB_PREFETCH_LIMIT */
	CTX(0x28d44, 0x28d44),	/* DB_ALPHA_TO_MASK */
	CTX(0x28df8, 0x28e7c),	/* PA_SU_POLY_OFFSET_DB_FMT_CNTL .. PA_CL_UCP_5_W */
};

/* The chip's tile pipes and the board's banks; the most there are if not told */
static u32 r6_pipes(const struct rcs_parser *p)
{
	return p->num_pipes ? p->num_pipes : 8;
}

static u32 r6_banks(const struct rcs_parser *p)
{
	return p->num_banks ? p->num_banks : 8;
}

static bool r6_is_r700(const struct rcs_parser *p)
{
	return p->gen == &rcs_r700;
}

static noinline void r6_begin(struct rcs_parser *p)
{
	/* CB_TARGET_MASK's default enables every target: set it first */
	p->track.r600 = (struct rcs_r600_track){ .target_mask = 0xffffffff,
						 .index_size = 4, .dirty = true };
	p->rings_set = false;
}

/* A tracked register: kept, and the draw checks run again if it changed */
static void r6_keep(struct rcs_r600_track *t, u32 *field, u32 val)
{
	if (*field != val) {
		*field = val;
		t->dirty = true;
	}
}

/*
 * An address register in 256-byte units: relocated, where it points
 * noted (the draw checks bound what is there), @min_bytes bounded now
 */
static __always_inline int r6_reloc_256(struct rcs_parser *p, struct rcs_packet *pkt,
					u32 *val, struct rcs_surf *s, u64 min_bytes)
{
	p->track.r600.dirty = true;
	return rcs_reloc_256(p, pkt, val, &s->bo, &s->offset, min_bytes);
}

/*
 * Without KEEP_TILING_FLAGS, a register naming a surface's array mode
 * (at @shift) takes one more relocation: its buffer, whose tiling flags
 * replace the mode.
 */
static int r6_tiling_from_bo(struct rcs_parser *p, struct rcs_packet *pkt, u32 *val,
			     u32 shift)
{
	const struct rcs_bo *bo;

	if (rcs_reloc(p, pkt, &bo))
		return -1;
	*val = (*val & ~(0xfu << shift)) | rcs_tiling_mode(bo->tiling_flags) << shift;
	return 0;
}

/*
 * The context registers a stream may write that are not plain state: one
 * row each, saying how a write is taken. Colour buffers, constant buffers
 * and stream-out buffers lead to rows of their own set, found by the
 * register's place in the family.
 */
enum r6_kind {
	R6_DENY,	/* no row: refused */
	R6_KEEP,	/* kept: the u32 at @a */
	R6_TILED,	/* kept, its array mode at bit @b from the buffer's tiling */
	R6_ADDR,	/* relocated, 256-byte units: the struct rcs_surf at @a */
	R6_PGM,		/* a program: the same, its first 8 bytes in the buffer */
	R6_ACCEPT,	/* any value */
	R6_CB,		/* colour buffers: r6_cb_rows[] */
	R6_CBUF,	/* constant buffer bases: r6_cbuf_row */
	R6_CBUF_SIZE,	/* their sizes */
	R6_SO,		/* stream-out buffers: r6_so_rows[] */
	R6_GS_MODE,	/* VGT_GS_MODE: kept, scenario B refused */
	R6_ZERO,	/* 0 only */
};

/**
 * struct r6_row - how a context register is taken
 * @kind: enum r6_kind
 * @r7: R7xx only (refused on R6xx)
 * @a: offset of the field in the tracked state (or its set's)
 * @b: a tiled register's array mode shift
 */
struct r6_row {
	u8 kind, r7;
	u16 a, b;
};

#define TRK(f)			offsetof(struct rcs_r600_track, f)
#define KEEP(f)			{ R6_KEEP, 0, TRK(f), 0 }
#define ADDR(f)			{ R6_ADDR, 0, TRK(f), 0 }
#define PGM(n)			{ R6_PGM, 0, TRK(pgm[n]), 0 }
#define CB_FIRST		CTX_IDX(R600_CB_COLOR0_BASE)
#define CB_LAST			(CTX_IDX(R600_CB_COLOR0_MASK) + 7)
#define CBUF_FIRST		CTX_IDX(R600_SQ_ALU_CONST_CACHE_PS_0)
#define CBUF_SIZE_FIRST		CTX_IDX(R600_SQ_ALU_CONST_BUFFER_SIZE_PS_0)
#define SO_FIRST		CTX_IDX(R600_VGT_STRMOUT_BUFFER_SIZE_0)

/* Programs, in struct rcs_r600_track's pgm[] */
enum { R600_PGM_VS, R600_PGM_PS, R600_PGM_FS, R600_PGM_GS, R600_PGM_ES };

/* Shader rings, in struct rcs_r600_track's ring[]: in their registers' order */
enum {
	R6_RING_ESGS, R6_RING_GSVS, R6_RING_ESTMP, R6_RING_GSTMP, R6_RING_VSTMP,
	R6_RING_PSTMP
};

static const struct r6_row r6_ctx_rows[CONTEXT_REGS] = {
	[CTX_IDX(R600_DB_DEPTH_SIZE)] = KEEP(db_size),
	[CTX_IDX(R600_DB_DEPTH_VIEW)] = KEEP(db_view),
	[CTX_IDX(R600_DB_DEPTH_BASE)] = ADDR(db),
	[CTX_IDX(R600_DB_DEPTH_INFO)] = { R6_TILED, 0, TRK(db_info), R600_DB_ARRAY_MODE_SHIFT },
	[CTX_IDX(R600_DB_HTILE_DATA_BASE)] = ADDR(htile),
	[CB_FIRST ... CB_LAST] = { R6_CB, 0, 0, 0 },
	[CBUF_SIZE_FIRST ... CBUF_SIZE_FIRST + 47] = { R6_CBUF_SIZE, 0, 0, 0 },
	[CTX_IDX(R700_PA_SC_EDGERULE)] = { R6_ACCEPT, 1, 0, 0 },
	[CTX_IDX(R600_CB_TARGET_MASK)] = KEEP(target_mask),
	/* named for R7xx, but Mesa writes it on R6xx too (1), as radeon lets it */
	[CTX_IDX(R700_SPI_THREAD_GROUPING)] = { R6_ACCEPT, 0, 0, 0 },
	/* which targets the shader writes: Mesa sets it on R6xx too, as radeon lets it */
	[CTX_IDX(R700_CB_SHADER_CONTROL)] = { R6_ACCEPT, 0, 0, 0 },
	[CTX_IDX(R600_CB_COLOR_CONTROL)] = KEEP(cb_color_control),
	[CTX_IDX(R600_SQ_PGM_START_PS)] = PGM(R600_PGM_PS),
	[CTX_IDX(R600_SQ_PGM_START_VS)] = PGM(R600_PGM_VS),
	[CTX_IDX(R600_SQ_PGM_START_GS)] = PGM(R600_PGM_GS),
	[CTX_IDX(R600_SQ_PGM_START_ES)] = PGM(R600_PGM_ES),
	[CTX_IDX(R600_SQ_PGM_START_FS)] = PGM(R600_PGM_FS),
	[CBUF_FIRST ... CBUF_FIRST + 47] = { R6_CBUF, 0, 0, 0 },
	[CTX_IDX(R600_VGT_STRMOUT_EN)] = KEEP(so_en),
	[SO_FIRST ... SO_FIRST + 15] = { R6_SO, 0, 0, 0 },
	[CTX_IDX(R600_VGT_STRMOUT_BUFFER_EN)] = KEEP(so_buffer_en),
	[CTX_IDX(R600_VGT_GS_MODE)] = { R6_GS_MODE, 0, TRK(gs_mode), 0 },
	/* the scratch rings' item sizes (ESTMP .. PSTMP); FBUF, REDUC: no ring */
	[CTX_IDX(R600_SQ_ESTMP_RING_ITEMSIZE)] = KEEP(scratch_item[0]),
	[CTX_IDX(R600_SQ_ESTMP_RING_ITEMSIZE) + 1] = KEEP(scratch_item[1]),
	[CTX_IDX(R600_SQ_ESTMP_RING_ITEMSIZE) + 2] = KEEP(scratch_item[2]),
	[CTX_IDX(R600_SQ_ESTMP_RING_ITEMSIZE) + 3] = KEEP(scratch_item[3]),
	[CTX_IDX(R600_SQ_ESTMP_RING_ITEMSIZE) + 4 ...
	 CTX_IDX(R600_SQ_GS_VERT_ITEMSIZE) - 1] = { R6_ZERO, 0, 0, 0 },
	[CTX_IDX(R600_PA_SC_AA_CONFIG)] = KEEP(aa_config),
	[CTX_IDX(R600_DB_HTILE_SURFACE)] = KEEP(htile_surface),
};

/* A colour buffer's registers, one set of eight (a register each) apart */
#define CBF(f)			offsetof(struct rcs_r600_cb, f)
static const struct r6_row r6_cb_rows[7] = {
	{ R6_ADDR, 0, CBF(base), 0 },			/* CB_COLORn_BASE */
	{ R6_KEEP, 0, CBF(size), 0 },			/* _SIZE */
	{ R6_KEEP, 0, CBF(view), 0 },			/* _VIEW */
	{ R6_TILED, 0, CBF(info), R600_CB_ARRAY_MODE_SHIFT },	/* _INFO */
	{ R6_ADDR, 0, CBF(cmask), 0 },			/* _TILE */
	{ R6_ADDR, 0, CBF(fmask), 0 },			/* _FRAG */
	{ R6_KEEP, 0, CBF(mask), 0 },			/* _MASK */
};

/* A constant buffer's base, from its cbuf[][] entry */
static const struct r6_row r6_cbuf_row = { R6_ADDR, 0, 0, 0 };

/* A stream-out buffer's registers, from its so[] entry: size, stride, base, offset */
#define SOF(f)			(TRK(so[0].f) - TRK(so[0]))
static const struct r6_row r6_so_rows[4] = {
	{ R6_KEEP, 0, SOF(size), 0 },
	{ R6_ACCEPT, 0, 0, 0 },
	{ R6_ADDR, 0, SOF(base), 0 },
	/* where writing resumes: the VGT never writes past the size */
	{ R6_ACCEPT, 0, 0, 0 },
};

/* Take a write of register @reg by its row, whose fields are in @base */
static __always_inline int r6_take(struct rcs_parser *p, struct rcs_packet *pkt,
				   const struct r6_row *row, u8 *base, u32 reg, u32 *val)
{
	if (row->r7 && !r6_is_r700(p))
		return rcs_fail(p, pkt->idx, "register not allowed", reg);
	switch (row->kind) {
	case R6_TILED:
		if (!p->keep_tiling && r6_tiling_from_bo(p, pkt, val, row->b))
			return -1;
		fallthrough;
	case R6_KEEP:
		r6_keep(&p->track.r600, (u32 *)(base + row->a), *val);
		return 0;
	case R6_ADDR:
	case R6_PGM:
		return r6_reloc_256(p, pkt, val, (struct rcs_surf *)(base + row->a),
				    row->kind == R6_PGM ? 8 : 0);
	case R6_ACCEPT:
		return 0;
	case R6_ZERO:
		if (*val)
			return rcs_fail(p, pkt->idx, "shader ring item size without a ring", reg);
		return 0;
	case R6_GS_MODE:
		/* B runs the ES and GS with no rings the draws could be bounded by */
		if (R600_GS_MODE(*val) == R600_GS_SCENARIO_B)
			return rcs_fail(p, pkt->idx, "geometry scenario not supported", *val);
		r6_keep(&p->track.r600, (u32 *)(base + row->a), *val);
		return 0;
	}
	return rcs_fail(p, pkt->idx, "register not allowed", reg);
}

/* A constant buffer's size: kept, and whether it is 0 */
static void r6_cbuf_size(struct rcs_r600_track *t, u32 n, u32 val)
{
	if (val)
		t->cbuf_sized[n / 16] |= BIT(n % 16);
	else
		t->cbuf_sized[n / 16] &= ~BIT(n % 16);
	r6_keep(t, &t->cbuf[n / 16][n % 16].size, val);
}

/* A context register with no plain entry (@idx: its index in the window) */
static __always_inline int r6_context_reg(struct rcs_parser *p, struct rcs_packet *pkt,
					  u32 idx, u32 *val)
{
	const struct r6_row *row = &r6_ctx_rows[idx];
	struct rcs_r600_track *t = &p->track.r600;
	u32 reg = PKT3_SET_CONTEXT_REG_START + 4 * idx, n;

	if (row->r7 && !r6_is_r700(p))
		return rcs_fail(p, pkt->idx, "register not allowed", reg);
	switch (row->kind) {
	case R6_CB:
		n = idx - CB_FIRST;
		return r6_take(p, pkt, &r6_cb_rows[n / 8], (u8 *)&t->cb[n % 8], reg, val);
	case R6_CBUF:
		n = idx - CBUF_FIRST;
		return r6_take(p, pkt, &r6_cbuf_row, (u8 *)&t->cbuf[n / 16][n % 16].base,
			       reg, val);
	case R6_CBUF_SIZE:
		r6_cbuf_size(t, idx - CBUF_SIZE_FIRST, *val);
		return 0;
	case R6_SO:
		n = idx - SO_FIRST;
		return r6_take(p, pkt, &r6_so_rows[n % 4], (u8 *)&t->so[n / 4], reg, val);
	}
	return r6_take(p, pkt, row, (u8 *)t, reg, val);
}

/*
 * SET_CONTEXT_REG, inlined into the walker: a run inside one range of
 * plain registers costs two table loads; the others are taken register
 * by register by their rows.
 */
static __always_inline int r6_set_context_reg(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 first = pkt->body[0], n = pkt->count - 1, i;

	if (first >= CONTEXT_REGS || n > CONTEXT_REGS - first)
		return rcs_fail(p, pkt->idx, "register outside the packet's window",
				PKT3_SET_CONTEXT_REG_START + 4ull * first);
	if (!n || (r600_context_regs[first] &&
		   r600_context_regs[first] == r600_context_regs[first + n - 1]))
		return 0;
	for (i = 0; i < n; i++)
		if (!r600_context_regs[first + i] &&
		    r6_context_reg(p, pkt, first + i, &pkt->body[1 + i]))
			return -1;
	return 0;
}

/* A shader ring's base (relocated, 256-byte units) or size, as a stream sets it */
static int r6_ring_reg(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	struct rcs_r600_track *t = &p->track.r600;
	u32 n = (reg - R600_SQ_ESGS_RING_BASE) / 8;

	p->rings_set = true;
	if (reg % 8) {
		r6_keep(t, &t->ring_size[n], *val);
		return 0;
	}
	return r6_reloc_256(p, pkt, val, &t->ring[n], 0);
}

/* SET_CONFIG_REG beyond a run of plain registers: the rings', or an error */
static noinline int r6_set_config_slow(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u64 first = PKT3_SET_CONFIG_REG_START + 4ull * pkt->body[0];
	u64 last = first + 4ull * (pkt->count - 2);
	u32 i, reg;

	if (pkt->count < 2 || first > R600_SQ_PSTMP_RING_SIZE || last < R600_SQ_ESGS_RING_BASE)
		return rcs_set_regs(p, pkt, PKT3_SET_CONFIG_REG_START,
				    PKT3_SET_CONFIG_REG_END, true);
	if (last >= PKT3_SET_CONFIG_REG_END)
		return rcs_fail(p, pkt->idx, "register outside the packet's window", last);
	for (i = 1; i < pkt->count; i++) {
		reg = (u32)first + 4 * (i - 1);
		if (reg >= R600_SQ_ESGS_RING_BASE && reg <= R600_SQ_PSTMP_RING_SIZE) {
			if (r6_ring_reg(p, pkt, reg, &pkt->body[i]))
				return -1;
		} else if (!rcs_reg_allowed(p->gen, reg)) {
			return rcs_fail(p, pkt->idx, "register not allowed", reg);
		}
	}
	return 0;
}

/*
 * SET_CONFIG_REG: a run of plain registers (one range of
 * r600_config_regs[] holds it: two table loads, inline), or one that
 * takes in the geometry and scratch rings' registers, each of its
 * registers a ring's or plain
 */
static __always_inline int r6_set_config_reg(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 at = pkt->body[0], n = pkt->count - 1;

	if (n && rcs_table_run(r600_config_regs, CONFIG_REGS, at, n))
		return 0;
	return r6_set_config_slow(p, pkt);
}

/* The windows of the other SET_* packets, by opcode - SET_CONFIG_REG */
static const struct rcs_window r6_windows[8] = {
	RCS_WINDOW(PKT3_SET_ALU_CONST, R600_SET_ALU_CONST_START, R600_SET_ALU_CONST_END,
		   0, false),
	RCS_WINDOW(PKT3_SET_BOOL_CONST, R600_SET_BOOL_CONST_START, R600_SET_BOOL_CONST_END,
		   0, false),
	RCS_WINDOW(PKT3_SET_LOOP_CONST, R600_SET_LOOP_CONST_START, R600_SET_LOOP_CONST_END,
		   0, false),
	/* three dwords per sampler, no addresses */
	RCS_WINDOW(PKT3_SET_SAMPLER, R600_SET_SAMPLER_START, R600_SET_SAMPLER_END,
		   3, false),
	RCS_WINDOW(PKT3_SET_CTL_CONST, R600_SET_CTL_CONST_START, R600_SET_CTL_CONST_END,
		   0, true),
};

/**
 * struct r6_layout - how an array mode pads a surface of some element size
 * @palign: rows are a multiple of this many elements
 * @halign: the height is a multiple of this many rows
 * @base_align: the surface starts on a multiple of this many bytes
 */
struct r6_layout {
	u32 palign, halign, base_align;
};

/*
 * The layout of @mode for @bpe-byte elements (samples included), with
 * the 256-byte pipe interleave of R6xx/R7xx: a 2D macro tile is banks x
 * pipes 8x8 tiles. -1 (and no padding) for the modes no surface here may
 * use (thick). Inline, and with no division where @bpe is a power of two:
 * a layout written through a pointer and read back at once stalls its
 * reader's loads (a tenth of a textured draw's check, with the divisions).
 */
static __always_inline int r6_layout(const struct rcs_parser *p, u32 mode, u32 bpe,
				     struct r6_layout *l)
{
	u32 banks = r6_banks(p), pipes = r6_pipes(p);

	switch (mode) {
	case RCS_ARRAY_LINEAR_GENERAL:
		*l = (struct r6_layout){ 1, 1, 1 };
		return 0;
	case RCS_ARRAY_LINEAR_ALIGNED:
		*l = (struct r6_layout){ max_t(u32, 64, rcs_div_u32(256, bpe)), 1, 256 };
		return 0;
	case RCS_ARRAY_1D_TILED_THIN1:
		*l = (struct r6_layout){ max_t(u32, 8, rcs_div_u32(32, bpe)), 8, 256 };
		return 0;
	case RCS_ARRAY_2D_TILED_THIN1:
		l->palign = max_t(u32, 8 * banks, rcs_div_u32(32 * banks, bpe));
		l->halign = 8 * pipes;
		l->base_align = max_t(u32, banks * pipes * 64 * bpe, l->palign * l->halign * bpe);
		return 0;
	}
	*l = (struct r6_layout){ 1, 1, 1 };
	return -1;
}

/* The draw's samples per pixel, from PA_SC_AA_CONFIG: 1 to 8 */
static u32 r6_samples(const struct rcs_r600_track *t)
{
	return 1u << (R600_MSAA_NUM_SAMPLES(t->aa_config) & 3);
}

/*
 * A render target at @addr, rows of @w pixels, slices of @pixels: on its
 * layout's base alignment, in whole rows of its pitch alignment and whole
 * tiles (a 2D one in whole macro tiles), or the render backends would
 * address it differently from what was bounded.
 */
static int r6_check_target(struct rcs_parser *p, const struct rcs_packet *pkt, u32 mode,
			   const struct r6_layout *l, u64 w, u64 pixels, u64 addr)
{
	bool whole = !(pixels % w || rcs_mod_u64(w, l->palign) ||
		       rcs_mod_u64(pixels / w, l->halign));

	if (!whole && mode == RCS_ARRAY_2D_TILED_THIN1)
		return rcs_fail(p, pkt->idx, "2D surface not in whole macro tiles", w);
	if (!whole)
		return rcs_fail(p, pkt->idx, "surface not in whole rows and tiles", w);
	if (rcs_mod_u64(addr, l->base_align))
		return rcs_fail(p, pkt->idx, "surface base not aligned", addr);
	return 0;
}

/* A mask surface of @bytes: relocated in this stream, inside its writable buffer */
static int r6_check_mask(struct rcs_parser *p, const struct rcs_packet *pkt,
			 const struct rcs_surf *s, u64 bytes, const char *missing)
{
	u64 addr;

	if (!s->bo)
		return rcs_fail(p, pkt->idx, missing, 0);
	return rcs_check_addr(p, pkt, s->bo, s->offset, bytes, true, &addr);
}

/*
 * CMASK (CLEAR_ENABLE: 128 bytes per 128x128 block) and FMASK
 * (FRAG_ENABLE, multisampled: samples x log2(samples) bits a pixel), each
 * the larger of what CB_COLORn_MASK says and what the surface covers
 */
static int r6_check_cb_masks(struct rcs_parser *p, const struct rcs_packet *pkt,
			     const struct rcs_r600_cb *cb, u32 samples, u64 pixels, u64 slices)
{
	u32 mode = R600_CB_TILE_MODE(cb->info), log2 = __ffs(samples);
	u64 bytes;

	if (mode == R600_CB_TILE_NONE)
		return 0;
	if (mode != R600_CB_TILE_CLEAR && mode != R600_CB_TILE_FRAG)
		return rcs_fail(p, pkt->idx, "colour buffer tile mode", mode);
	bytes = max_t(u64, ((u64)R600_CB_CMASK_BLOCK_MAX(cb->mask) + 1) * 128,
		      rcs_align_up(pixels, 128 * 128) / 128 * slices);
	if (r6_check_mask(p, pkt, &cb->cmask, bytes, "CMASK without a buffer"))
		return -1;
	if (mode != R600_CB_TILE_FRAG || samples == 1)
		return 0;
	bytes = max_t(u64, (u64)R600_CB_FMASK_TILE_MAX(cb->mask) + 1, pixels / 64 * slices) *
		8 * samples * log2;
	return r6_check_mask(p, pkt, &cb->fmask, bytes, "FMASK without a buffer");
}

/* Colour buffer @n, which the draw writes */
static int r6_check_cb(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n)
{
	const struct rcs_r600_track *t = &p->track.r600;
	const struct rcs_r600_cb *cb = &t->cb[n];
	u32 format = R600_CB_FORMAT(cb->info), bpp = rcs_cb_bpp(format);
	u32 mode = R600_CB_ARRAY_MODE(cb->info), samples = r6_samples(t);
	u64 w, pixels, slices, addr;
	struct r6_layout l;

	if (!cb->base.bo)
		return rcs_fail(p, pkt->idx, "colour buffer without a buffer", n);
	if (!bpp)
		return rcs_fail(p, pkt->idx, "colour buffer format", format);
	/* a resolve's destination, colour buffer 1, has one sample */
	if (n == 1 && R600_CB_SPECIAL_OP(t->cb_color_control) == R600_CB_SPECIAL_RESOLVE_BOX)
		samples = 1;
	if (r6_layout(p, mode, bpp * samples, &l))
		return rcs_fail(p, pkt->idx, "colour buffer tiling not supported", mode);
	w = ((u64)R600_CB_PITCH_TILE_MAX(cb->size) + 1) * 8;
	pixels = ((u64)R600_CB_SLICE_TILE_MAX(cb->size) + 1) * 64;
	if (pixels < w)
		return rcs_fail(p, pkt->idx, "colour buffer slice below a row", cb->size);
	slices = (u64)max_t(u32, R600_SLICE_START(cb->view), R600_SLICE_MAX(cb->view)) + 1;
	if (rcs_check_addr(p, pkt, cb->base.bo, cb->base.offset, pixels * bpp * samples * slices,
			   true, &addr) ||
	    r6_check_target(p, pkt, mode, &l, w, pixels, addr))
		return -1;
	return r6_check_cb_masks(p, pkt, cb, samples, pixels, slices);
}

/*
 * HTILE: one dword per 8x8 pixels of the depth buffer's @w x @h, padded
 * as the DB lays it out for the chip's pipes, the whole a multiple of
 * 2 KiB per pipe
 */
static u64 r6_htile_bytes(u32 surface, u32 pipes, u64 w, u64 h)
{
	u32 wa = 512, ha = 512;

	if (surface & R600_HTILE_LINEAR) {
		wa = 128;
		ha = 8 * pipes;
	} else if (pipes <= 2) {
		wa = 256;
		ha = pipes == 2 ? 256 : 128;
	} else if (pipes == 4) {
		ha = 256;
	}
	return rcs_align_up(rcs_align_up(w, wa) / 8 * (rcs_align_up(h, ha) / 8) * 4,
			    pipes * 2048);
}

/* The depth buffer, when DB_DEPTH_INFO gives it a format */
static int r6_check_db(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_r600_track *t = &p->track.r600;
	u32 format = R600_DB_FORMAT(t->db_info), mode = R600_DB_ARRAY_MODE(t->db_info);
	u32 bpe = format == 1 ? 2 : format == 7 ? 8 : 4, samples = r6_samples(t);
	u64 w, pixels, slices, addr;
	struct r6_layout l;

	if (!format)
		return 0;
	if (mode != RCS_ARRAY_1D_TILED_THIN1 && mode != RCS_ARRAY_2D_TILED_THIN1)
		return rcs_fail(p, pkt->idx, "depth buffer tiling not supported", mode);
	if (!t->db.bo)
		return rcs_fail(p, pkt->idx, "depth buffer without a buffer", 0);
	w = ((u64)R600_DB_PITCH_TILE_MAX(t->db_size) + 1) * 8;
	pixels = ((u64)R600_DB_SLICE_TILE_MAX(t->db_size) + 1) * 64;
	if (pixels < w)
		return rcs_fail(p, pkt->idx, "depth buffer slice below a row", t->db_size);
	slices = (u64)max_t(u32, R600_SLICE_START(t->db_view), R600_SLICE_MAX(t->db_view)) + 1;
	r6_layout(p, mode, bpe * samples, &l);
	if (rcs_check_addr(p, pkt, t->db.bo, t->db.offset, pixels * bpe * samples * slices,
			   true, &addr) ||
	    r6_check_target(p, pkt, mode, &l, w, pixels, addr))
		return -1;
	if (!(t->db_info & R600_DB_TILE_SURFACE_ENABLE))
		return 0;
	/* a slice's HTILE after the other, for every slice of the view */
	if (r6_check_mask(p, pkt, &t->htile,
			  r6_htile_bytes(t->htile_surface, r6_pipes(p), w, pixels / w) * slices,
			  "HTILE without a buffer"))
		return -1;
	/* 4x4 HTILEs take four times the bytes bounded */
	if ((t->htile_surface & R600_HTILE_8X8) != R600_HTILE_8X8)
		return rcs_fail(p, pkt->idx, "HTILE of 4-pixel tiles not supported",
				t->htile_surface);
	return 0;
}

/* Every constant buffer with a size: its bytes after its base */
static int r6_check_cbufs(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_r600_track *t = &p->track.r600;
	u32 stage, bits, n;
	u64 addr;

	for (stage = 0; stage < 3; stage++) {
		for (bits = t->cbuf_sized[stage]; bits; bits &= bits - 1) {
			n = __ffs(bits);
			if (!t->cbuf[stage][n].base.bo)
				return rcs_fail(p, pkt->idx, "constant buffer without a base",
						stage * 16 + n);
			if (rcs_check_addr(p, pkt, t->cbuf[stage][n].base.bo,
					   t->cbuf[stage][n].base.offset,
					   (u64)t->cbuf[stage][n].size << 8, false, &addr))
				return -1;
		}
	}
	return 0;
}

/* Every stream-out buffer enabled: its size in dwords after its base */
static int r6_check_streamout(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_r600_track *t = &p->track.r600;
	u64 addr;
	u32 i;

	if (!(t->so_en & 1))
		return 0;
	for (i = 0; i < 4; i++) {
		if (!(t->so_buffer_en & BIT(i)))
			continue;
		if (!t->so[i].base.bo)
			return rcs_fail(p, pkt->idx, "stream-out buffer without a base", i);
		if (rcs_check_addr(p, pkt, t->so[i].base.bo, t->so[i].base.offset,
				   4ull * t->so[i].size, true, &addr))
			return -1;
	}
	return 0;
}

/* Shader ring @n, which the draw uses and its stream set: whole in its writable buffer */
static int r6_check_ring(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n)
{
	const struct rcs_r600_track *t = &p->track.r600;
	u64 addr;

	if (!t->ring_size[n])
		return rcs_fail(p, pkt->idx, "draw with a shader ring of size 0", n);
	return rcs_check_addr(p, pkt, t->ring[n].bo, t->ring[n].offset,
			      (u64)t->ring_size[n] << 8, true, &addr);
}

/*
 * Scenario G: the ES and GS programs, and both geometry rings set by this
 * stream, each a base in a writable buffer with its whole size after it
 */
static int r6_check_gs(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_r600_track *t = &p->track.r600;
	u32 n;

	if (R600_GS_MODE(t->gs_mode) != R600_GS_SCENARIO_G)
		return 0;
	if (!t->pgm[R600_PGM_ES].bo || !t->pgm[R600_PGM_GS].bo)
		return rcs_fail(p, pkt->idx, "geometry draw without its ES and GS programs",
				t->gs_mode);
	for (n = R6_RING_ESGS; n <= R6_RING_GSVS; n++) {
		if (!t->ring[n].bo)
			return rcs_fail(p, pkt->idx, "geometry draw without its shader ring", n);
		if (r6_check_ring(p, pkt, n))
			return -1;
	}
	return 0;
}

/*
 * The scratch rings the draw's stages spill to (an item size that is not
 * 0): the VS's and PS's, and in scenario G the ES's and GS's too, each set
 * by this stream, whole in its writable buffer
 */
static int r6_check_scratch(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_r600_track *t = &p->track.r600;
	u32 n = R600_GS_MODE(t->gs_mode) == R600_GS_SCENARIO_G ? R6_RING_ESTMP : R6_RING_VSTMP;

	for (; n <= R6_RING_PSTMP; n++) {
		if (!t->scratch_item[n - R6_RING_ESTMP])
			continue;
		if (!t->ring[n].bo)
			return rcs_fail(p, pkt->idx, "shader ring item size without a ring",
					R600_SQ_ESTMP_RING_ITEMSIZE + 4 * (n - R6_RING_ESTMP));
		if (r6_check_ring(p, pkt, n))
			return -1;
	}
	return 0;
}

/* The state a draw depends on, checked again only if it changed */
static int r6_check_state(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	struct rcs_r600_track *t = &p->track.r600;
	u32 n;

	if (!t->pgm[R600_PGM_VS].bo || !t->pgm[R600_PGM_PS].bo || !t->pgm[R600_PGM_FS].bo)
		return rcs_fail(p, pkt->idx, "draw without its VS, PS and FS programs", 0);
	if (!t->dirty)
		return 0;
	for (n = 0; n < 8; n++)
		if (((t->target_mask >> (4 * n)) & 0xf) && R600_CB_FORMAT(t->cb[n].info) &&
		    r6_check_cb(p, pkt, n))
			return -1;
	if (r6_check_db(p, pkt) || r6_check_cbufs(p, pkt) || r6_check_streamout(p, pkt) ||
	    r6_check_gs(p, pkt) || r6_check_scratch(p, pkt))
		return -1;
	t->dirty = false;
	return 0;
}

/* DRAW_INDEX_AUTO: a draw from state this stream set up, and only that */
static int r6_draw_auto(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r6_check_state(p, pkt);
}

/* INDEX_TYPE: 16- or 32-bit indices for the draws that follow */
static int r6_index_type(struct rcs_parser *p, struct rcs_packet *pkt)
{
	p->track.r600.index_size = pkt->body[0] & 1 ? 4 : 2;
	return 0;
}

/* DRAW_INDEX: address, count; every index inside the buffer */
static int r6_draw_index(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 size = p->track.r600.index_size;

	if (RCS_ADDR40(pkt->body[0], pkt->body[1]) % size)
		return rcs_fail(p, pkt->idx, "unaligned index buffer",
				RCS_ADDR40(pkt->body[0], pkt->body[1]));
	if (rcs_reloc_addr40_aligned(p, pkt, &pkt->body[0], &pkt->body[1], 1,
				     (u64)pkt->body[2] * size, false))
		return -1;
	return r6_check_state(p, pkt);
}

/* DRAW_INDEX_IMMD: the indices are in the packet; it must hold them all */
static int r6_draw_immd(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if ((u64)pkt->body[0] * p->track.r600.index_size > 4ull * (pkt->count - 2))
		return rcs_fail(p, pkt->idx, "fewer immediate indices than drawn",
				pkt->body[0]);
	return r6_check_state(p, pkt);
}

/* Texture dimensions a multisampled one starts at */
#define DIM_3D			2
#define DIM_2D_MSAA		6

/*
 * Bytes of @nbx x @nby element blocks, @slices slices, laid out in @mode;
 * level 0 of a 2D texture is bounded as the larger of its 2D and 1D
 * layouts. The hardware stores a mip level (@mip) smaller than a macro
 * tile 1D-tiled, and the levels after it follow it closely: bounded so.
 */
static u64 r6_level_bytes(const struct rcs_parser *p, u32 mode, u32 bpe, u64 nbx, u64 nby,
			  u32 slices, bool mip)
{
	struct r6_layout l;
	u64 bytes;

	r6_layout(p, mode, bpe, &l);
	if (mode != RCS_ARRAY_2D_TILED_THIN1 || (mip && nbx >= l.palign && nby >= l.halign))
		return rcs_align_up(nbx, l.palign) * rcs_align_up(nby, l.halign) * bpe * slices;
	bytes = mip ? 0 : rcs_align_up(nbx, l.palign) * rcs_align_up(nby, l.halign) * bpe;
	r6_layout(p, RCS_ARRAY_1D_TILED_THIN1, bpe, &l);
	return max_t(u64, bytes, rcs_align_up(nbx, l.palign) * rcs_align_up(nby, l.halign) *
				  bpe) * slices;
}

/* The mip chain past level 0: levels 1 to @levels, halving, packed */
static u64 r6_tex_mip_bytes(const struct rcs_parser *p, const u32 *d, u32 levels, u32 slices)
{
	u32 fmt = R600_TEX_FORMAT(d[1]), bw = rcs_tex_formats[fmt].w, bh = rcs_tex_formats[fmt].h;
	u32 width = R600_TEX_WIDTH(d[0]), height = R600_TEX_HEIGHT(d[1]);
	u32 depth = R600_TEX_DEPTH(d[1]), i;
	u64 bytes = 0;

	for (i = 1; i <= levels; i++) {
		u32 nbx = (max_t(u32, width >> i, 1) + bw - 1) / bw;
		u32 nby = (max_t(u32, height >> i, 1) + bh - 1) / bh;

		bytes += r6_level_bytes(p, R600_TEX_TILE_MODE(d[0]), rcs_tex_formats[fmt].bytes,
					nbx, nby,
					R600_TEX_DIM(d[0]) == DIM_3D ?
					max_t(u32, depth >> i, 1) : slices, true);
	}
	return bytes;
}

/* A texture's format and dimension: what the checker can bound */
static int r6_tex_kind(struct rcs_parser *p, const struct rcs_packet *pkt, const u32 *d)
{
	u32 fmt = R600_TEX_FORMAT(d[1]);

	/* BC6 and BC7 (0x36, 0x37) are Evergreen's */
	if (!rcs_tex_formats[fmt].bytes || fmt == 0x36 || fmt == 0x37)
		return rcs_fail(p, pkt->idx, "texture format", fmt);
	if (R600_TEX_DIM(d[0]) < DIM_2D_MSAA)
		return 0;
	if (R600_TEX_LAST_LEVEL(d[5]) > 3)
		return rcs_fail(p, pkt->idx, "multisampled texture of too many samples",
				R600_TEX_LAST_LEVEL(d[5]));
	if (R600_TEX_BASE_LEVEL(d[4]))
		return rcs_fail(p, pkt->idx, "multisampled texture with a base level",
				R600_TEX_BASE_LEVEL(d[4]));
	return 0;
}

/*
 * The samples of a texture's element and the levels past level 0 it
 * reaches: a multisampled one has one level of samples (LAST_LEVEL's log2)
 */
static u32 r6_tex_samples(const u32 *d, u32 *levels)
{
	if (R600_TEX_DIM(d[0]) < DIM_2D_MSAA) {
		*levels = max_t(u32, R600_TEX_BASE_LEVEL(d[4]), R600_TEX_LAST_LEVEL(d[5]));
		return 1;
	}
	*levels = 0;
	return 1u << R600_TEX_LAST_LEVEL(d[5]);
}

/*
 * A texture: level 0 at BASE_ADDRESS with the descriptor's pitch, levels
 * 1 and up from MIP_ADDRESS. Every slice the sampler can reach, every
 * level up to the larger of BASE_LEVEL and LAST_LEVEL (a multisampled
 * one: level 0 of elements of every sample). Two relocations follow the
 * packet, texture then mip chain, as upstream's ABI has them.
 */
static int r6_texture(struct rcs_parser *p, struct rcs_packet *pkt, u32 *d)
{
	u32 fmt = R600_TEX_FORMAT(d[1]), bw = rcs_tex_formats[fmt].w, bh = rcs_tex_formats[fmt].h;
	u32 bpe = rcs_tex_formats[fmt].bytes, pitch, mode, levels;
	u32 slices = rcs_tex_slices(R600_TEX_DIM(d[0]), R600_TEX_DEPTH(d[1]),
				   R600_TEX_LAST_ARRAY(d[5]));
	const struct rcs_bo *tex, *mip;
	struct r6_layout l;
	u64 addr;

	if (r6_tex_kind(p, pkt, d) || rcs_reloc(p, pkt, &tex))
		return -1;
	bpe *= r6_tex_samples(d, &levels);
	if (!p->keep_tiling)
		d[0] = (d[0] & ~(0xfu << R600_TEX_TILE_MODE_SHIFT)) |
		       rcs_tiling_mode(tex->tiling_flags) << R600_TEX_TILE_MODE_SHIFT;
	mode = R600_TEX_TILE_MODE(d[0]);
	if (r6_layout(p, mode, bpe, &l))
		return rcs_fail(p, pkt->idx, "texture tiling not supported", mode);
	/* level 0: the descriptor's pitch, which must hold a row and be aligned */
	pitch = (8 * R600_TEX_PITCH(d[0]) + bw - 1) / bw;
	if (pitch % l.palign)
		return rcs_fail(p, pkt->idx, "unaligned texture pitch", pitch);
	if (pitch < (R600_TEX_WIDTH(d[0]) + bw - 1) / bw)
		return rcs_fail(p, pkt->idx, "texture pitch below its width", pitch);
	if (rcs_check_addr(p, pkt, tex, (u64)d[2] << 8,
			   r6_level_bytes(p, mode, bpe, pitch,
					  (R600_TEX_HEIGHT(d[1]) + bh - 1) / bh, slices, false),
			   false, &addr))
		return -1;
	if (addr >> 40 || rcs_mod_u64(addr, l.base_align))
		return rcs_fail(p, pkt->idx, "texture base not aligned", addr);
	d[2] = (u32)(addr >> 8);
	if (rcs_reloc(p, pkt, &mip) ||
	    rcs_check_addr(p, pkt, mip, (u64)d[3] << 8, r6_tex_mip_bytes(p, d, levels, slices),
			   false, &addr))
		return -1;
	if (addr >> 40 || (levels && rcs_mod_u64(addr, l.base_align)))
		return rcs_fail(p, pkt->idx, "texture mip chain not aligned", addr);
	d[3] = (u32)(addr >> 8);
	return 0;
}

/*
 * SET_RESOURCE: seven dwords per descriptor, from a descriptor boundary.
 * Vertex buffers (type 3) are relocated and bounded: base in word 0 and
 * bits 39:32 in word 2, size minus one in word 1; textures (type 2) by
 * r6_texture(). Invalid descriptors (types 0 and 1) reach no memory.
 */
static __always_inline int r6_set_resource(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 i, n = pkt->count - 1;

	if (n % 7)
		return rcs_fail(p, pkt->idx, "resource of the wrong size", n);
	if (pkt->body[0] % 7)
		return rcs_fail(p, pkt->idx, "resource not on a descriptor", pkt->body[0]);
	if (rcs_set_regs(p, pkt, R600_SET_RESOURCE_START, R600_SET_RESOURCE_END, false))
		return -1;
	for (i = 0; i < n / 7; i++) {
		u32 *d = &pkt->body[1 + 7 * i];
		const struct rcs_bo *bo;
		u64 addr;

		switch (R600_RES_TYPE(d[6])) {
		case R600_RES_TEXTURE:
			if (r6_texture(p, pkt, d))
				return -1;
			continue;
		case R600_RES_BUFFER:
			break;
		default:
			continue;
		}
		if (rcs_reloc(p, pkt, &bo) ||
		    rcs_check_addr(p, pkt, bo, RCS_ADDR40(d[0], d[2]), (u64)d[1] + 1, false,
				   &addr))
			return -1;
		rcs_put_addr40(&d[0], &d[2], addr);
	}
	return 0;
}

/*
 * CP_DMA: R6xx/R7xx have no source select (no data source): bits 30:29 of
 * the source's high dword must be clear, the rest as on Evergreen
 */
static int r6_cp_dma(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if (pkt->body[1] & (3u << 29))
		return rcs_fail(p, pkt->idx, "CP DMA mode not supported", pkt->body[1]);
	return rcs_cp_dma(p, pkt);
}

/*
 * STRMOUT_BASE_UPDATE (R7xx's: R6xx has no such packet): buffer n's base,
 * as VGT_STRMOUT_BUFFER_BASE_n
 */
static int r7_strmout_base_update(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 n = pkt->body[0];

	if (!r6_is_r700(p))
		return rcs_fail(p, pkt->idx, "opcode not allowed", pkt->opcode);
	if (n > 3)
		return rcs_fail(p, pkt->idx, "stream-out buffer", n);
	return r6_reloc_256(p, pkt, &pkt->body[1], &p->track.r600.so[n].base, 0);
}

/* An R6xx-only marker packet of one dword, touching no memory */
static int r6_marker(struct rcs_parser *p, struct rcs_packet *pkt, const char *wrong_size)
{
	if (r6_is_r700(p))
		return rcs_fail(p, pkt->idx, "opcode not allowed", pkt->opcode);
	if (pkt->count != 1)
		return rcs_fail(p, pkt->idx, wrong_size, pkt->count);
	return 0;
}

/*
 * START_3D_CMDBUF: R6xx's marker at the start of a 3D stream; RV770
 * dropped it (R7xx reads 0x24 as nothing)
 */
static int r6_start_3d(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r6_marker(p, pkt, "START_3D_CMDBUF of the wrong size");
}

/*
 * SURFACE_BASE_UPDATE: RV610-RV670 and the IGPs tell the CP a surface
 * base changed (the dword says which). R600 itself has no such packet, as
 * upstream has it (Mesa does not emit it there): refused on R600's tables,
 * rcs_r600_r600, as on R7xx's.
 */
static int r6_surface_base_update(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if (p->gen == &rcs_r600_r600)
		return rcs_fail(p, pkt->idx, "opcode not allowed", pkt->opcode);
	return r6_marker(p, pkt, "SURFACE_BASE_UPDATE of the wrong size");
}

/*
 * CLEAR_STATE: the context registers go back to their defaults: what the
 * stream set before is gone, as at its start (the scratch rings' item
 * sizes with it); the shader rings are config registers, which it leaves
 */
static int r6_clear_state(struct rcs_parser *p, struct rcs_packet *pkt __always_unused)
{
	struct rcs_r600_track *t = &p->track.r600;
	struct rcs_surf ring[ARRAY_SIZE(t->ring)];
	u32 size[ARRAY_SIZE(t->ring)], n;

	for (n = 0; n < ARRAY_SIZE(t->ring); n++) {
		ring[n] = t->ring[n];
		size[n] = t->ring_size[n];
	}
	r6_begin(p);
	for (n = 0; n < ARRAY_SIZE(t->ring); n++) {
		t->ring[n] = ring[n];
		t->ring_size[n] = size[n];
	}
	return 0;
}

#define OP(code, nm, min, fn)	\
	[(code)] = { .name = (nm), .min_len = (min) + 1, .check = (fn) }

static const struct rcs_op r6_ops[256] = {
	OP(PKT3_NOP, "NOP", 1, NULL),
	OP(R600_PKT3_START_3D_CMDBUF, "START_3D_CMDBUF", 1, r6_start_3d),
	OP(R600_PKT3_SURFACE_BASE_UPDATE, "SURFACE_BASE_UPDATE", 1, r6_surface_base_update),
	OP(PKT3_SET_PREDICATION, "SET_PREDICATION", 2, rcs_set_predication),
	OP(PKT3_CLEAR_STATE, "CLEAR_STATE", 1, r6_clear_state),
	OP(PKT3_CONTEXT_CONTROL, "CONTEXT_CONTROL", 2, NULL),
	OP(PKT3_INDEX_TYPE, "INDEX_TYPE", 1, r6_index_type),
	OP(PKT3_DRAW_INDEX, "DRAW_INDEX", 4, r6_draw_index),
	OP(PKT3_DRAW_INDEX_AUTO, "DRAW_INDEX_AUTO", 2, r6_draw_auto),
	OP(PKT3_DRAW_INDEX_IMMD, "DRAW_INDEX_IMMD", 2, r6_draw_immd),
	OP(PKT3_NUM_INSTANCES, "NUM_INSTANCES", 1, NULL),
	OP(PKT3_STRMOUT_BUFFER_UPDATE, "STRMOUT_BUFFER_UPDATE", 5, rcs_strmout_update),
	OP(PKT3_COPY_DW, "COPY_DW", 5, rcs_copy_dw),
	OP(PKT3_WAIT_REG_MEM, "WAIT_REG_MEM", 6, rcs_wait_reg_mem),
	OP(PKT3_MEM_WRITE, "MEM_WRITE", 4, rcs_mem_write),
	OP(PKT3_CP_DMA, "CP_DMA", 5, r6_cp_dma),
	OP(PKT3_SURFACE_SYNC, "SURFACE_SYNC", 4, rcs_surface_sync),
	OP(PKT3_EVENT_WRITE, "EVENT_WRITE", 1, rcs_event_write),
	OP(PKT3_EVENT_WRITE_EOP, "EVENT_WRITE_EOP", 5, rcs_event_write_eop),
	OP(PKT3_SET_CONFIG_REG, "SET_CONFIG_REG", 1, r6_set_config_reg),
	OP(PKT3_SET_CONTEXT_REG, "SET_CONTEXT_REG", 1, r6_set_context_reg),
	OP(PKT3_SET_ALU_CONST, "SET_ALU_CONST", 1, rcs_set_window),
	OP(PKT3_SET_BOOL_CONST, "SET_BOOL_CONST", 1, rcs_set_window),
	OP(PKT3_SET_LOOP_CONST, "SET_LOOP_CONST", 1, rcs_set_window),
	OP(PKT3_SET_RESOURCE, "SET_RESOURCE", 8, r6_set_resource),
	OP(PKT3_SET_SAMPLER, "SET_SAMPLER", 4, rcs_set_window),
	OP(PKT3_SET_CTL_CONST, "SET_CTL_CONST", 1, rcs_set_window),
	OP(R600_PKT3_STRMOUT_BASE_UPDATE, "STRMOUT_BASE_UPDATE", 2, r7_strmout_base_update),
};

/*
 * The R7xx DMA engine's header: command (31:28), tiled (23), swap (22)
 * and a 16-bit count. The checker takes packets without swap, and a count
 * the engine reads as the walker does: bits 27:16 clear but for T on a
 * COPY.
 */
#define R7_DMA_MODE(hdr)		(((hdr) >> 16) & 0xfff)
#define R7_DMA_MODE_TILED		(BIT(23) >> 16)

static int r7_dma_linear(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	u32 hdr = p->ib[pkt->idx];

	if (R7_DMA_MODE(hdr))
		return rcs_fail(p, pkt->idx, "DMA packet mode not supported", hdr);
	return 0;
}

static int r7_dma_write(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r7_dma_linear(p, pkt) ? -1 : rcs_dma_write(p, pkt);
}

/*
 * The tiled COPY (T): seven dwords, the tiled surface's address >> 8,
 * its description, its slice and first element, then the linear address
 * (bits 39:32 in the last dword). The 2D layout is the chip's (pipes and
 * banks of its tiling configuration, which the kernel gives the engine),
 * as the colour buffers'.
 */
#define R7_DMA_T_DETILE			BIT(31)		/* tiled -> linear */
#define R7_DMA_T_ARRAY_MODE(dw)		(((dw) >> 27) & 0xf)
#define R7_DMA_T_LBPP(dw)		(((dw) >> 24) & 0x7)
#define R7_DMA_T_HEIGHT(dw)		((((dw) >> 10) & 0x3fff) + 1)
#define R7_DMA_T_PITCH(dw)		((((dw) & 0x3ff) + 1) * 8)
#define R7_DMA_T_SLICE(dw)		((((dw) >> 12) + 1) * 64)
#define R7_DMA_T_Z(dw)			((dw) & 0xfff)
#define R7_DMA_T_X(dw)			(((dw) >> 3) & 0x3fff)
#define R7_DMA_T_Y(dw)			(((dw) >> 17) & 0x3fff)
#define R7_DMA_T_XY_UNUSED		(BIT(31) | 0x7)

static int r7_dma_copy_tiled(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 *d = pkt->body, mode;
	struct rcs_dma_tiled t;
	struct r6_layout l;

	if (rcs_dma_len(p, pkt, 7))
		return -1;
	mode = R7_DMA_T_ARRAY_MODE(d[1]);
	t = (struct rcs_dma_tiled){
		.base = &d[0], .lin_lo = &d[4], .lin_hi = &d[5],
		.detile = d[1] & R7_DMA_T_DETILE, .lbpp = R7_DMA_T_LBPP(d[1]),
		.pitch = R7_DMA_T_PITCH(d[1]), .height = R7_DMA_T_HEIGHT(d[1]),
		.slice = R7_DMA_T_SLICE(d[2]),
		.x = R7_DMA_T_X(d[3]), .y = R7_DMA_T_Y(d[3]), .z = R7_DMA_T_Z(d[2]),
	};
	if (t.lbpp > 4)
		return rcs_fail(p, pkt->idx, "DMA element size", t.lbpp);
	if (mode != RCS_ARRAY_1D_TILED_THIN1 && mode != RCS_ARRAY_2D_TILED_THIN1)
		return rcs_fail(p, pkt->idx, "DMA tiling not supported", mode);
	if (d[3] & R7_DMA_T_XY_UNUSED)
		return rcs_fail(p, pkt->idx, "DMA tiled position field not supported", d[3]);
	r6_layout(p, mode, 1u << t.lbpp, &l);
	t.palign = l.palign;
	t.halign = l.halign;
	t.base_align = l.base_align;
	return rcs_dma_copy_tiled(p, pkt, &t);
}

static int r7_dma_copy(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if (R7_DMA_MODE(p->ib[pkt->idx]) == R7_DMA_MODE_TILED)
		return r7_dma_copy_tiled(p, pkt);
	return r7_dma_linear(p, pkt) ? -1 : rcs_dma_copy_linear(p, pkt, false);
}

static int r7_dma_fill(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r7_dma_linear(p, pkt) ? -1 : rcs_dma_fill(p, pkt);
}

#define DMA_OP(code, nm, fn)	\
	[(code)] = { .name = (nm), .check = (fn) }

static const struct rcs_op r700_dma_ops[16] = {
	DMA_OP(RCS_DMA_WRITE, "WRITE", r7_dma_write),
	DMA_OP(RCS_DMA_COPY, "COPY", r7_dma_copy),
	DMA_OP(RCS_DMA_CONSTANT_FILL, "CONSTANT_FILL", r7_dma_fill),
	DMA_OP(RCS_DMA_NOP, "NOP", NULL),
};

static noinline int r7_dma_packet(struct rcs_parser *p, u32 idx, u32 reloc)
{
	return rcs_dma_packet(p, idx, reloc, r700_dma_ops);
}

/*
 * The fast path takes the linear dword copy with bits 19:16 of the count
 * set too: the engine then copies fewer dwords than were bounded, and the
 * packet is five dwords whatever the count.
 */
static int r7_check_dma(struct rcs_parser *p)
{
	return rcs_dma_walk(p, rcs_dma_copy_fast, RCS_DMA_HDR_COPY_LINEAR_DW, 5, 2,
			    r7_dma_packet);
}

/*
 * How the walker calls the handlers of the opcodes other than
 * SET_CONTEXT_REG (which it inlines), as eg_run_op() does: through the
 * table, and where the kernel has retpolines by a direct call the
 * compiler makes of each case's read of the table, or inlined
 */
static __always_inline int r6_run_op(const struct rcs_op *op, struct rcs_parser *p,
				     struct rcs_packet *pkt)
{
#ifdef CONFIG_MITIGATION_RETPOLINE
	u32 code = pkt->opcode;

	if (likely(code == PKT3_SET_CONFIG_REG))
		return RCS_OP_DIRECT(r6_ops, code, r6_set_config_reg, p, pkt);
	if (likely(code == PKT3_EVENT_WRITE))
		return RCS_OP_DIRECT(r6_ops, code, rcs_event_write, p, pkt);
	if (likely(code == PKT3_SET_RESOURCE))
		return RCS_OP_DIRECT(r6_ops, code, r6_set_resource, p, pkt);
	switch (code) {
	case R600_PKT3_START_3D_CMDBUF:
		return r6_ops[code].check(p, pkt);
	case R600_PKT3_SURFACE_BASE_UPDATE:
		return r6_ops[code].check(p, pkt);
	case PKT3_SET_PREDICATION:
		return r6_ops[code].check(p, pkt);
	case PKT3_CLEAR_STATE:
		return r6_ops[code].check(p, pkt);
	case PKT3_INDEX_TYPE:
		return r6_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX:
		return r6_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX_AUTO:
		return r6_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX_IMMD:
		return r6_ops[code].check(p, pkt);
	case PKT3_STRMOUT_BUFFER_UPDATE:
		return r6_ops[code].check(p, pkt);
	case PKT3_COPY_DW:
		return r6_ops[code].check(p, pkt);
	case PKT3_WAIT_REG_MEM:
		return r6_ops[code].check(p, pkt);
	case PKT3_MEM_WRITE:
		return RCS_OP_DIRECT(r6_ops, code, rcs_mem_write, p, pkt);
	case PKT3_CP_DMA:
		return r6_ops[code].check(p, pkt);
	case PKT3_SURFACE_SYNC:
		return RCS_OP_DIRECT(r6_ops, code, rcs_surface_sync, p, pkt);
	case PKT3_EVENT_WRITE_EOP:
		return RCS_OP_DIRECT(r6_ops, code, rcs_event_write_eop, p, pkt);
	case PKT3_SET_ALU_CONST:
		return r6_ops[code].check(p, pkt);
	case PKT3_SET_BOOL_CONST:
		return r6_ops[code].check(p, pkt);
	case PKT3_SET_LOOP_CONST:
		return RCS_OP_DIRECT(r6_ops, code, rcs_set_window, p, pkt);
	case PKT3_SET_SAMPLER:
		return r6_ops[code].check(p, pkt);
	case PKT3_SET_CTL_CONST:
		return r6_ops[code].check(p, pkt);
	case R600_PKT3_STRMOUT_BASE_UPDATE:
		return r6_ops[code].check(p, pkt);
	}
#endif
	return op->check(p, pkt);
}

static int r6_check_gfx(struct rcs_parser *p)
{
	r6_begin(p);
	return rcs_walk(p, r6_set_context_reg, PKT3_SET_CONTEXT_REG, r6_run_op, false);
}

/* What R6xx and R7xx share: everything but the DMA engine, R7xx's alone */
#define R6XX_GEN(nm)							\
	.name = nm,							\
	.config_base = PKT3_SET_CONFIG_REG_START,			\
	.config_end = PKT3_SET_CONFIG_REG_END,				\
	.context_base = PKT3_SET_CONTEXT_REG_START,			\
	.context_end = PKT3_SET_CONTEXT_REG_END,			\
	.regs = r600_regs,						\
	.nregs = ARRAY_SIZE(r600_regs),					\
	.context_regs = r600_context_regs,				\
	.config_regs = r600_config_regs,				\
	.ops = r6_ops,							\
	.windows = r6_windows,						\
	.check_gfx = r6_check_gfx

const struct rcs_gen rcs_r600 = {
	R6XX_GEN("r600"),
};

/* R600 itself: R6xx's tables without SURFACE_BASE_UPDATE */
const struct rcs_gen rcs_r600_r600 = {
	R6XX_GEN("r600-r600"),
};

const struct rcs_gen rcs_r700 = {
	R6XX_GEN("r700"),
	.check_dma = r7_check_dma,
};
