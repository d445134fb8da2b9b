// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen command-stream tables
 *
 * What an Evergreen/NI (Cedar to Caicos) stream may contain. Registers:
 * the 3D state, shader, rasteriser and stream-out registers AMD documents
 * as safe for a client, and nothing of the CP, RLC, memory controller, VM,
 * interrupt handler, host data path, bus or display blocks; registers that
 * carry addresses (colour/depth buffers, shader programs, constant
 * buffers, memory export, resources) stay denied until their handlers
 * track and bound them, and so do the sizes that go with such addresses
 * (SQ_ALU_CONST_BUFFER_SIZE_*, SX_MEMORY_EXPORT_SIZE): a size is only
 * safe next to a base the checker has bounded. Opcodes: state,
 * synchronisation, and the packets that write memory (MEM_WRITE,
 * EVENT_WRITE_EOP, WAIT_REG_MEM on memory, COPY_DW (registers from the
 * list only), query events of EVENT_WRITE (ZPASS_DONE: 16 bytes per
 * render backend of the chip; pipeline and stream-out statistics, of any
 * of the four streams),
 * SURFACE_SYNC on a range, CP_DMA between buffers or filling one,
 * STRMOUT_BUFFER_UPDATE's filled size and offset dwords, EVENT_WRITE_EOS's
 * fence dword or an append counter), each relocated and bounded.
 *
 * Draws (DRAW_INDEX_AUTO, DRAW_INDEX and DRAW_INDEX_2 with their whole
 * index range inside its buffer at the index size INDEX_TYPE set - 32 bits
 * if the stream did not set it -, DRAW_INDEX_OFFSET_2 the same inside
 * INDEX_BASE's buffer, and DRAW_INDEX_IMMD holding all the indices it
 * draws) are
 * checked against the state the same stream set up, which the kernel's
 * CLEAR_STATE before every user stream makes the only state there is:
 *
 * - the VS, PS and FS programs must have been relocated in this stream,
 *   and so must those of the geometry (ES, GS) and tessellation (LS, HS)
 *   stages VGT_SHADER_STAGES_EN turns on, in a set the hardware runs; every
 *   shader ring the stream points at its own buffer (SQ_*_RING_BASE and
 *   _SIZE, the ES->GS, GS->VS and scratch rings) must lie whole in it,
 *   writable (the kernel points them back at its own after the stream);
 * - every colour target enabled by CB_TARGET_MASK must have a relocated
 *   buffer, a known format, linear, 1D or 2D tiling, and its whole view
 *   (pitch, slice, layers, the draw's samples per pixel from
 *   PA_SC_AA_CONFIG - one for the destination of a resolve) must fit in
 *   the buffer; with fast clears (FAST_CLEAR) its CMASK, and with
 *   compressed multisampling (COMPRESSION) its FMASK, must fit in theirs,
 *   each the larger of what its SLICE register says and what the colour
 *   surface covers;
 * - a depth or stencil buffer must be 1D- or 2D-tiled, and every slice of its
 *   view, every sample, must fit at each of its read and write bases (the
 *   latter writable), with its HTILE buffer (8x8 HTILEs, laid out for the
 *   chip's pipes) when DB_Z_INFO enables it;
 * - every constant buffer with a size, of any stage (PS, VS, GS, HS, LS;
 *   programs of every stage are relocated) must have a relocated base
 *   with that many bytes after it;
 * - every stream-out buffer an enabled stream writes must have a
 *   relocated, writable base with VGT_STRMOUT_BUFFER_SIZE dwords after it
 *   (the VGT never writes past the size, wherever the offset stands).
 *
 * Resources are bounded when SET_RESOURCE sets them, and the kernel
 * invalidates every resource before each stream: vertex buffers by their
 * size, textures (linear, 1D- or 2D-tiled, every format with a known
 * block size, 1D/2D/3D/cube/arrays, mip chains) by every level and slice
 * the sampler can reach, level 0 at the base address and the others at the
 * mip address.
 *
 * A 2D-tiled surface must be a whole number of macro tiles (8 x bank
 * width x pipes x aspect by 8 x bank height x banks / aspect elements, the
 * chip's tile pipes from the parser) and start on one, so that the render
 * backends and the texture unit address exactly the bytes bounded; its
 * mip levels smaller than a macro tile are 1D-tiled.
 *
 * Predication (SET_PREDICATION) reads an occlusion query's or stream-out
 * statistics' results, bounded like the EVENT_WRITE that wrote them.
 *
 * Multisampled textures (2D and 2D-array) are bounded with every sample
 * of every slice, laid out like a colour buffer of that many samples, and
 * their FMASK (at MIP_ADDRESS, relocated unless 0 with no relocation) laid
 * out as a colour buffer's FMASK is. Thick tiling (1D and 2D, 4-slice
 * tiles) is refused: neither Mesa nor upstream radeon's ABI uses it.
 *
 * Dispatches (DISPATCH_DIRECT, and DISPATCH_INDIRECT with its 12 bytes of
 * arguments in SET_BASE's buffer) run the compute shader as the LS stage:
 * its program must have been relocated, and they are checked against the
 * state as draws are. RATs (image and buffer stores, of compute and
 * fragment shaders): every colour buffer 0-11 with CB_COLORn_INFO.RAT set,
 * at every draw and dispatch, whatever CB_TARGET_MASK says, must have a
 * relocated writable buffer holding what the CB can address: a buffer RAT
 * CB_COLORn_DIM + 1 elements (the checker lowers a DIM past the end of
 * the buffer to it), an image RAT its surface as a colour buffer's (pitch,
 * slice, view; DIM inside them); its immediate buffer (CB_IMMEDn_BASE) a
 * slot of the element size per wavefront slot (256 x 64 threads per
 * shader engine). A RAT takes no pixel exports. Colour buffers 8-11 may
 * only be RATs.
 *
 * GDS is on-chip memory every client shares, never cleared: streams may
 * not give shaders a GDS window (GDS_ADDR_SIZE stays 0, the kernel's clear
 * state's value) nor read GDS back (EVENT_WRITE_EOS's GDS store, CP_DMA's
 * GDS ends). Atomic counters are the append counters, context registers
 * CLEAR_STATE resets: SET_APPEND_CNT loads one from a relocated dword, and
 * EVENT_WRITE_EOS stores one the same stream loaded.
 *
 * Nested IBs are rejected.
 *
 * The async DMA engine: linear WRITE, the linear COPY of dwords and of
 * bytes, the linear broadcast COPY (one source, two destinations), the
 * tiled COPY (L2T/T2L, 1D or 2D tiles: every slice the copy enters
 * bounded whole) and CONSTANT_FILL, every end bounded, and NOP; the other
 * copy modes (partial: Cayman's; tiled broadcast, frame to field), and
 * the IB, fence, trap, semaphore and register-write commands (the
 * kernel's own), are rejected.
 */

#ifdef __KERNEL__
#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/string.h>
#else
#include <assert.h>
#include <string.h>
#endif

#include "../ruby_cs_check.h"
#include "../regs/evergreen_3d.h"
#include "../regs/pm4_opcodes.h"

#define RANGE(a, b)			{ .first = (a), .last = (b) }

/*
 * The config window (SET_CONFIG_REG), one entry per register, as the
 * context window's below: a number its range's registers share (the line
 * it is listed on), 0 where a stream may not write. A run is allowed when
 * its first and last entries match: two loads a packet. Ranges are
 * maximal: no two are adjacent. The shader rings' registers
 * (SQ_*_RING_BASE/SIZE) must stay in none: eg_set_config_reg() takes a
 * run this table allows without looking for them.
 */
#define CFG_IDX(reg)	(((reg) - PKT3_SET_CONFIG_REG_START) / 4)
#define CONFIG_REGS	CFG_IDX(PKT3_SET_CONFIG_REG_END)
#define CFG(a, b) \
	[CFG_IDX(a) ... CFG_IDX(b)] = __LINE__

static const u16 eg_config_regs[CONFIG_REGS] = {
	CFG(0x08040, 0x0804c),	/* WAIT_UNTIL .. WAIT_UNTIL_POLL_REFDATA */
	CFG(0x084fc, 0x084fc),	/* CP_STRMOUT_CNTL */
	CFG(0x088b0, 0x088b0),	/* VGT_VTX_VECT_EJECT_REG */
	CFG(0x088c4, 0x088c4),	/* VGT_CACHE_INVALIDATION */
	CFG(0x088d4, 0x088d4),	/* VGT_GS_VERTEX_REUSE */
	/*
	 * VGT_PRIMITIVE_TYPE; not VGT_INDEX_TYPE (0x895c) after it: draws are
	 * bounded by the INDEX_TYPE packet's index size, which the register
	 * could change behind the checker's back (Mesa never writes it)
	 */
	CFG(0x08958, 0x08958),
	CFG(0x08970, 0x08974),	/* VGT_NUM_INDICES .. VGT_NUM_INSTANCES */
	CFG(0x08990, 0x089a4),	/* VGT_COMPUTE_DIM_X .. VGT_COMPUTE_START_Z */
	CFG(0x089ac, 0x089ac),	/* VGT_COMPUTE_THREAD_GOURP_SIZE */
	CFG(0x08a14, 0x08a14),	/* PA_CL_ENHANCE */
	CFG(0x08a60, 0x08a60),	/* PA_SU_LINE_STIPPLE_VALUE */
	CFG(0x08b10, 0x08b10),	/* PA_SC_LINE_STIPPLE_STATE */
	CFG(0x08bf0, 0x08bf0),	/* PA_SC_ENHANCE */
	CFG(0x08c00, 0x08c28),	/* SQ_CONFIG .. SQ_STACK_RESOURCE_MGMT_3 */
	CFG(0x08d8c, 0x08d9c),	/* SQ_DYN_GPR_CNTL_PS_FLUSH_REQ .. SQ_DYN_GPR_LDS_LIMIT */
	CFG(0x08e20, 0x08e2c),	/* SQ_STATIC_THREAD_MGMT_1 .. SQ_LDS_RESOURCE_MGMT */
	CFG(0x08e48, 0x08e48),	/* SQ_EX_ALLOC_TABLE_SLOTS */
	CFG(0x09100, 0x09100),	/* SPI_CONFIG_CNTL */
	CFG(0x0913c, 0x0913c),	/* SPI_CONFIG_CNTL_1 */
	CFG(0x09508, 0x09508),	/* TA_CNTL_AUX */
	CFG(0x09700, 0x09700),	/* VC_CNTL */
	CFG(0x09714, 0x09714),	/* VC_ENHANCE */
	CFG(0x09830, 0x0983c),	/* DB_DEBUG .. DB_DEBUG4 */
	CFG(0x09854, 0x09854),	/* DB_WATERMARKS */
	CFG(0x0a400, 0x0a474),	/* TD_PS_BORDER_COLOR_INDEX .. TD_CS_BORDER_COLOR_ALPHA */
};

/* Outside the config and context windows: sorted, disjoint, maximal */
static const struct rcs_reg_range eg_regs[] = {
	RANGE(0x3cff0, 0x3cff4),	/* SQ_VTX_BASE_VTX_LOC .. SQ_VTX_START_INST_LOC */
	RANGE(0x3ff00, 0x3ff08),	/* SQ_TEX_SAMPLER_CLEAR .. SQ_LOOP_BOOL_CLEAR */
};

/*
 * The context window, one entry per register: where a stream may write it
 * as plain state (the same rules as eg_regs), a number of its range's own
 * (the line it is listed on), the same for every register of the range;
 * 0 for the others, only taken by eg_context_reg()'s handlers. A run of
 * plain registers is one range's when its first and last entries match:
 * two loads a packet.
 */
#define CTX_IDX(reg)	(((reg) - PKT3_SET_CONTEXT_REG_START) / 4)
#define CONTEXT_REGS	((PKT3_SET_CONTEXT_REG_END - PKT3_SET_CONTEXT_REG_START) / 4)
#define CTX(a, b) \
	[CTX_IDX(a) ... CTX_IDX(b)] = __LINE__

static const u16 eg_context_regs[CONTEXT_REGS] = {
	CTX(0x28000, 0x28004),	/* DB_RENDER_CONTROL .. DB_COUNT_CONTROL */
	CTX(0x2800c, 0x28010),	/* DB_RENDER_OVERRIDE .. DB_RENDER_OVERRIDE2 */
	CTX(0x28028, 0x28034),	/* DB_STENCIL_CLEAR .. PA_SC_SCREEN_SCISSOR_BR */
	CTX(0x28200, 0x28234),	/* PA_SC_WINDOW_OFFSET .. PA_SU_HARDWARE_SCREEN_OFFSET */
	CTX(0x2823c, 0x2823c),	/* CB_SHADER_MASK */
	CTX(0x28240, 0x28244),	/* PA_SC_GENERIC_SCISSOR_TL .. PA_SC_GENERIC_SCISSOR_BR */
	CTX(0x28250, 0x28354),	/* PA_SC_VPORT_SCISSOR_0_TL .. SX_SURFACE_SYNC (SX_MISC) */
	CTX(0x28380, 0x28420),	/* SQ_VTX_SEMANTIC_0 .. CB_BLEND_ALPHA */
	CTX(0x28430, 0x286f4),	/* DB_STENCILREFMASK .. SPI_COMPUTE_NUM_THREAD_Z */
	CTX(0x28780, 0x2879c),	/* CB_BLEND0_CONTROL .. CB_BLEND7_CONTROL */
	CTX(0x287cc, 0x287e0),	/* CS_COPY_STATE .. PA_CL_POINT_CULL_RAD */
	CTX(0x28800, 0x28800),	/* DB_DEPTH_CONTROL */
	CTX(0x2880c, 0x2882c),	/* DB_SHADER_CONTROL .. PA_SU_PRIM_FILTER_CNTL */
	CTX(0x28838, 0x28838),	/* SQ_DYN_GPR_RESOURCE_LIMIT_1 */
	CTX(0x28844, 0x2884c),	/* SQ_PGM_RESOURCES_PS .. SQ_PGM_EXPORTS_PS */
	CTX(0x28860, 0x28864),	/* SQ_PGM_RESOURCES_VS .. SQ_PGM_RESOURCES_2_VS */
	CTX(0x28878, 0x2887c),	/* SQ_PGM_RESOURCES_GS .. SQ_PGM_RESOURCES_2_GS */
	CTX(0x28890, 0x28894),	/* SQ_PGM_RESOURCES_ES .. SQ_PGM_RESOURCES_2_ES */
	CTX(0x288a8, 0x288a8),	/* SQ_PGM_RESOURCES_FS */
	CTX(0x288bc, 0x288c0),	/* SQ_PGM_RESOURCES_HS .. SQ_PGM_RESOURCES_2_HS */
	CTX(0x288d4, 0x288d8),	/* SQ_PGM_RESOURCES_LS .. SQ_PGM_RESOURCES_2_LS */
	CTX(0x288e8, 0x288f0),	/* SQ_LDS_ALLOC .. SQ_VTX_SEMANTIC_CLEAR */
	CTX(0x28900, 0x28914),	/* SQ_ESGS_RING_ITEMSIZE .. SQ_PSTMP_RING_ITEMSIZE */
	CTX(0x2891c, 0x28934),	/* SQ_GS_VERT_ITEMSIZE .. SQ_GSVS_RING_OFFSET_3 */
	CTX(0x28a00, 0x28a40),	/* PA_SU_POINT_SIZE .. VGT_GS_MODE */
	CTX(0x28a48, 0x28a5c),	/* PA_SC_MODE_CNTL_0 .. VGT_GS_PER_VS */
	CTX(0x28a6c, 0x28a6c),	/* VGT_GS_OUT_PRIM_TYPE */
	CTX(0x28a84, 0x28a84),	/* VGT_PRIMITIVEID_EN */
	CTX(0x28a94, 0x28a94),	/* VGT_MULTI_PRIM_IB_RESET_EN */
	CTX(0x28aa0, 0x28aa4),	/* VGT_INSTANCE_STEP_RATE_0 .. VGT_INSTANCE_STEP_RATE_1 */
	CTX(0x28ab4, 0x28ab8),	/* VGT_REUSE_OFF .. VGT_VTX_CNT_EN */
	CTX(0x28ac0, 0x28ac8),	/* DB_SRESULTS_COMPARE_STATE0 .. DB_PRELOAD_CONTROL */
	CTX(0x28ad4, 0x28ad4),	/* VGT_STRMOUT_VTX_STRIDE_0 */
	CTX(0x28ae4, 0x28ae4),	/* VGT_STRMOUT_VTX_STRIDE_1 */
	CTX(0x28af4, 0x28af4),	/* VGT_STRMOUT_VTX_STRIDE_2 */
	CTX(0x28b04, 0x28b04),	/* VGT_STRMOUT_VTX_STRIDE_3 */
	CTX(0x28b28, 0x28b30),	/* VGT_STRMOUT_DRAW_OPAQUE_OFFSET .. */
	CTX(0x28b38, 0x28b38),	/* VGT_GS_MAX_VERT_OUT */
	CTX(0x28b58, 0x28b90),	/* VGT_LS_HS_CONFIG .. VGT_GS_INSTANCE_CNT */
	CTX(0x28b94, 0x28b94),	/* VGT_STRMOUT_CONFIG */
	CTX(0x28c00, 0x28c00),	/* PA_SC_LINE_CNTL */
	CTX(0x28c08, 0x28c3c),	/* PA_SU_VTX_CNTL .. PA_SC_AA_MASK */
	CTX(0x28c8c, 0x28c98),	/* CB_COLOR0_CLEAR_WORD0 .. CB_COLOR0_CLEAR_WORD3 */
	CTX(0x28cc8, 0x28cd4),	/* CB_COLOR1_CLEAR_WORD0 .. CB_COLOR1_CLEAR_WORD3 */
	CTX(0x28d04, 0x28d10),	/* CB_COLOR2_CLEAR_WORD0 .. CB_COLOR2_CLEAR_WORD3 */
	CTX(0x28d40, 0x28d4c),	/* CB_COLOR3_CLEAR_WORD0 .. CB_COLOR3_CLEAR_WORD3 */
	CTX(0x28d7c, 0x28d88),	/* CB_COLOR4_CLEAR_WORD0 .. CB_COLOR4_CLEAR_WORD3 */
	CTX(0x28db8, 0x28dc4),	/* CB_COLOR5_CLEAR_WORD0 .. CB_COLOR5_CLEAR_WORD3 */
	CTX(0x28df4, 0x28e00),	/* CB_COLOR6_CLEAR_WORD0 .. CB_COLOR6_CLEAR_WORD3 */
	CTX(0x28e30, 0x28e3c),	/* CB_COLOR7_CLEAR_WORD0 .. CB_COLOR7_CLEAR_WORD3 */
};

/* Registers a draw depends on, tracked per stream */
#define CB_COLOR_BASE			0x00
#define CB_COLOR_PITCH			0x04
#define CB_COLOR_SLICE			0x08
#define CB_COLOR_VIEW			0x0c
#define CB_COLOR_INFO			0x10
#define CB_COLOR_ATTRIB			0x14
#define CB_COLOR_DIM			0x18
#define CB_COLOR_CMASK			0x1c
#define CB_COLOR_CMASK_SLICE		0x20
#define CB_COLOR_FMASK			0x24
#define CB_COLOR_FMASK_SLICE		0x28

#define CB_INFO_FORMAT(info)		(((info) >> 2) & 0x3f)
#define CB_INFO_ARRAY_MODE(info)	(((info) >> 8) & 0xf)
#define CB_INFO_FAST_CLEAR		BIT(17)
#define CB_INFO_COMPRESSION		BIT(18)
#define CB_INFO_RAT			BIT(26)
#define ARRAY_LINEAR_GENERAL		0
#define ARRAY_LINEAR_ALIGNED		1
#define ARRAY_1D_TILED_THIN1		2
#define ARRAY_1D_TILED_THICK		3
#define ARRAY_2D_TILED_THIN1		4
#define ARRAY_2D_TILED_THICK		7
#define CB_ATTRIB_TILE_SPLIT(v)		(((v) >> 5) & 0xf)
#define CB_ATTRIB_NUM_BANKS(v)		(((v) >> 10) & 0x3)
#define CB_ATTRIB_BANK_WIDTH(v)		(((v) >> 13) & 0x3)
#define CB_ATTRIB_BANK_HEIGHT(v)	(((v) >> 16) & 0x3)
#define CB_ATTRIB_MACRO_TILE_ASPECT(v)	(((v) >> 19) & 0x3)
#define CB_ATTRIB_FMASK_BANK_HEIGHT(v)	(((v) >> 22) & 0x3)
#define CB_CMASK_TILE_MAX(v)		((v) & 0x3fff)	/* 128x128 pixels */
#define CB_FMASK_TILE_MAX(v)		((v) & 0x3fffff)	/* 8x8 pixels */
#define CB_CONTROL_MODE(v)		(((v) >> 4) & 0x7)
#define CB_MODE_RESOLVE			3
#define CB_PITCH_TILE_MAX(v)		((v) & 0x7ff)
#define CB_SLICE_TILE_MAX(v)		((v) & 0x3fffff)
#define CB_VIEW_SLICE_MAX(v)		(((v) >> 13) & 0x7ff)
#define DB_Z_FORMAT(v)			((v) & 0x3)
#define DB_Z_ARRAY_MODE(v)		(((v) >> 4) & 0xf)
#define DB_Z_TILE_SURFACE_ENABLE	BIT(29)
#define DB_TILE_SPLIT(v)		(((v) >> 8) & 0x7)	/* Z and stencil */
#define DB_Z_NUM_BANKS(v)		(((v) >> 12) & 0x3)
#define DB_Z_BANK_WIDTH(v)		(((v) >> 16) & 0x3)
#define DB_Z_BANK_HEIGHT(v)		(((v) >> 20) & 0x3)
#define DB_Z_MACRO_TILE_ASPECT(v)	(((v) >> 24) & 0x3)
#define DB_STENCIL_FORMAT(v)		((v) & 0x1)
#define DB_PITCH_TILE_MAX(v)		((v) & 0x7ff)
#define DB_HEIGHT_TILE_MAX(v)		(((v) >> 11) & 0x7ff)
#define DB_SLICE_TILE_MAX(v)		((v) & 0x3fffff)
#define DB_VIEW_SLICE_START(v)		((v) & 0x7ff)
#define DB_VIEW_SLICE_MAX(v)		(((v) >> 13) & 0x7ff)
#define HTILE_WIDTH_8			BIT(0)
#define HTILE_HEIGHT_8			BIT(1)
#define HTILE_LINEAR			BIT(2)
#define AA_MSAA_NUM_SAMPLES(v)		((v) & 0x3)

/* The depth buffer's surfaces, in struct rcs_eg_track's db[] */
enum { DB_SURF_Z_READ, DB_SURF_Z_WRITE, DB_SURF_S_READ, DB_SURF_S_WRITE, DB_SURF_HTILE };

/* Shader programs, in struct rcs_eg_track's pgm_bo[] */
enum { PGM_VS, PGM_PS, PGM_FS, PGM_GS, PGM_ES, PGM_HS, PGM_LS, PGM_STAGES };

/*
 * Constant buffers, in struct rcs_eg_track's cbuf[]: the stages with
 * registers of their own, each sixteen bases (SQ_ALU_CONST_CACHE_*) and
 * sizes (SQ_ALU_CONST_BUFFER_SIZE_*), 64 bytes of registers a stage
 */
enum { CBUF_PS, CBUF_VS, CBUF_GS, CBUF_HS, CBUF_LS, CBUF_STAGES };

/* Geometry and tessellation stages, in their section below */
static int eg_set_config_rings(struct rcs_parser *p, struct rcs_packet *pkt);
static bool eg_config_takes_ring(const struct rcs_packet *pkt);
static int eg_check_stages_set(struct rcs_parser *p, const struct rcs_packet *pkt);

/* The chip's tile pipes; the most there are if the parser was not told */
static u32 eg_pipes(const struct rcs_parser *p)
{
	return p->num_pipes ? p->num_pipes : 8;
}

/*
 * State a draw's checks depend on, by check: a check runs again only once
 * a register it reads changed value (or its buffer, or where in it). The
 * colour buffers' check also keeps, per colour buffer 0-7, whether its own
 * state changed since it last passed (EG_STALE): CB_TARGET_MASK enabling a
 * buffer that passed since, unchanged, need not check it again. The
 * draw's samples (every colour buffer's) and CB_COLOR_CONTROL's resolve
 * (colour buffer 1's) changing are bits of their own until the colour
 * buffers' check turns them into those buffers' EG_STALE bits: a context
 * register's row has a byte for what it dirties.
 */
#define EG_DIRTY_CB			BIT(0)
#define EG_DIRTY_DB			BIT(1)
#define EG_DIRTY_CBUF			BIT(2)
#define EG_DIRTY_SO			BIT(3)
#define EG_DIRTY_SAMPLES		BIT(4)
#define EG_DIRTY_RESOLVE		BIT(5)
#define EG_DIRTY_CHECKS			(EG_DIRTY_CB | EG_DIRTY_DB | EG_DIRTY_CBUF | EG_DIRTY_SO)
#define EG_STALE(n)			BIT(8 + (n))
#define EG_STALE_ALL			GENMASK(15, 8)
#define EG_DIRTY_ALL			(EG_DIRTY_CHECKS | EG_STALE_ALL)

/* What a change to colour buffer @n's own registers makes check again */
static u32 eg_cb_dirty(u32 n)
{
	return n < 8 ? EG_DIRTY_CB | EG_STALE(n) : EG_DIRTY_CB;
}

static void eg_set(struct rcs_eg_track *t, u32 *field, u32 val, u32 dirty)
{
	if (*field != val) {
		*field = val;
		t->dirty |= dirty;
	}
}

static noinline void eg_begin(struct rcs_parser *p)
{
	struct rcs_eg_track *t = &p->track.eg;

	/* all but the memos, which only need emptying, and the constant buffers' bases */
	memset(t, 0, offsetof(struct rcs_eg_track, cb_memo));
	/* CB_TARGET_MASK's default enables every target */
	t->target_mask = 0xffffffff;
	t->index_size = 4;
	t->dirty = EG_DIRTY_ALL;
	t->cb_memo.n = 0;
	t->cb_memo.next = 0;
	t->tex_memo.n = 0;
	t->tex_memo.next = 0;
	p->rings_set = false;
}

/*
 * A buffer's tiling as GEM_SET_TILING stored it (radeon_drm.h's
 * RADEON_TILING_*): 2D or 1D, bank width/height and macro tile aspect as
 * 1, 2, 4 or 8, tile split as the registers encode it.
 */
#define TILING_BANKW(f)			(((f) >> 8) & 0xf)
#define TILING_BANKH(f)			(((f) >> 12) & 0xf)
#define TILING_ASPECT(f)		(((f) >> 16) & 0xf)
#define TILING_SPLIT(f)			(((f) >> 24) & 0xf)

/* 1, 2, 4, 8 (0: unset, 1) as the registers encode them: 0..3 */
static u32 eg_log2_8(u32 v)
{
	return v >= 8 ? 3 : v >= 4 ? 2 : v >= 2 ? 1 : 0;
}

/* The board's bank count as the registers encode it: 2, 4, 8, 16 -> 0..3 */
static u32 eg_banks_field(const struct rcs_parser *p)
{
	u32 banks = p->num_banks ? p->num_banks : 4;

	return banks >= 16 ? 3 : banks >= 8 ? 2 : banks >= 4 ? 1 : 0;
}

/*
 * Replace the 2D fields of a register with a buffer's: @shift gives each
 * field's position (banks, bank width, bank height, aspect, tile split),
 * @split_mask the tile split field's width.
 */
static u32 eg_apply_macro(const struct rcs_parser *p, u32 val, u32 flags,
			  const u8 shift[5], u32 split_mask)
{
	val &= ~(3u << shift[0] | 3u << shift[1] | 3u << shift[2] | 3u << shift[3] |
		 split_mask << shift[4]);
	return val | eg_banks_field(p) << shift[0] |
	       eg_log2_8(TILING_BANKW(flags)) << shift[1] |
	       eg_log2_8(TILING_BANKH(flags)) << shift[2] |
	       eg_log2_8(TILING_ASPECT(flags)) << shift[3] |
	       (TILING_SPLIT(flags) & split_mask) << shift[4];
}

/* Where CB_COLORn_ATTRIB, DB_Z_INFO and texture word 7/6 keep those fields */
static const u8 eg_cb_attrib_fields[5] = { 10, 13, 16, 19, 5 };
static const u8 eg_db_z_fields[5] = { 12, 16, 20, 24, 8 };
static const u8 eg_tex_w7_fields[5] = { 16, 8, 10, 6, 0 };

/*
 * Without KEEP_TILING_FLAGS, a register that names a surface's layout
 * takes one more relocation: its buffer, whose tiling flags replace the
 * array mode (at @mode_shift) and, for a 2D buffer, the 2D fields (@fields,
 * NULL if the register has none).
 */
static int eg_tiling_from_bo(struct rcs_parser *p, struct rcs_packet *pkt, u32 *val,
			     u32 mode_shift, const u8 *fields, u32 split_mask)
{
	const struct rcs_bo *bo;

	if (rcs_reloc(p, pkt, &bo))
		return -1;
	*val = (*val & ~(0xfu << mode_shift)) | rcs_tiling_mode(bo->tiling_flags) << mode_shift;
	if (fields && bo->tiling_flags & RCS_TILING_MACRO)
		*val = eg_apply_macro(p, *val, bo->tiling_flags, fields, split_mask);
	return 0;
}

/*
 * An address register in 256-byte units: relocate it, note where it
 * points; the checks in @dirty run again at the next draw if that moved.
 */
static __always_inline int eg_reloc_256(struct rcs_parser *p, struct rcs_packet *pkt,
					u32 *val, const struct rcs_bo **bo, u64 *offset,
					u64 min_bytes, u32 dirty)
{
	const struct rcs_bo *old_bo = *bo;
	u64 old_offset = *offset;

	if (rcs_reloc_256(p, pkt, val, bo, offset, min_bytes))
		return -1;
	if (*bo != old_bo || *offset != old_offset)
		p->track.eg.dirty |= dirty;
	return 0;
}

/*
 * The context registers a stream may write that are not plain state: one
 * row each in eg_ctx_rows[] (indexed like eg_context_regs[], and empty
 * where that table has the register), saying how a write is taken. A
 * register with neither is refused. Rows of a colour buffer's registers
 * send it to eg_cb_reg(), by the register's place in its set; the others
 * name their fields in the tracked state by offset, so taking a register
 * is one table load and no search.
 */
enum eg_ctx_kind {
	EG_CTX_DENY,		/* no row: refused */
	EG_CTX_KEEP,		/* kept: the u32 at @a; @dirty if it changed */
	EG_CTX_TILED,		/* kept so with KEEP_TILING_FLAGS; else eg_ctx_fns[@b] */
	EG_CTX_ADDR,		/* relocated, 256-byte units: buffer at @a, offset at @b */
	EG_CTX_PGM,		/* a program: the same, its first 8 bytes in the buffer */
	EG_CTX_ACCEPT,		/* any value */
	EG_CTX_FN,		/* eg_ctx_fns[@a] */
	EG_CTX_CB,		/* colour buffers 0-7 */
	EG_CTX_RAT,		/* colour buffers 8-11 */
	EG_CTX_CBUF,		/* a constant buffer's base: cbuf entry @a + index - @b */
	EG_CTX_CBUF_SIZE,	/* its size, found the same way */
	EG_CTX_IMMED,		/* a RAT's immediate buffer, the same way */
};

/**
 * struct eg_ctx_row - how a context register is taken
 * @kind: EG_CTX_*
 * @dirty: the draw checks (EG_DIRTY_*) a change makes run again
 * @a: by @kind: offset of the field in the tracked state (or in the
 *	colour buffer), handler, or first entry
 * @b: offset of an address's byte offset, the register index of the
 *	first entry, or the handler of a tiled surface's register
 */
struct eg_ctx_row {
	u8 kind;
	u8 dirty;
	u16 a, b;
};

/* The handlers of EG_CTX_FN rows, by eg_ctx_fns[] index */
enum { EG_FN_DB_Z_INFO, EG_FN_GDS_SIZE };

#define TRK(f)			offsetof(struct rcs_eg_track, f)
#define KEEP(f, d)		{ EG_CTX_KEEP, d, TRK(f), 0 }
#define ADDR(bo, off, d)	{ EG_CTX_ADDR, d, TRK(bo), TRK(off) }
#define PGM(bo, off)		{ EG_CTX_PGM, 0, TRK(bo), TRK(off) }
#define FN(fn)			{ EG_CTX_FN, 0, fn, 0 }
#define ACCEPT			{ EG_CTX_ACCEPT, 0, 0, 0 }
#define FAMILY(kind, n, reg)	{ kind, 0, n, CTX_IDX(reg) }

/* Colour buffers: registers per set, and the last each set has rows for */
#define RATS			12		/* colour buffers 0-11 */
#define CB_REGS			(CB_COLOR_STRIDE / 4)
#define RAT_REGS		7		/* BASE .. DIM */
#define CB_FIRST(n)		(CTX_IDX(CB_COLOR0_BASE) + (n) * CB_REGS)
#define CB_LAST(n)		(CB_FIRST(n) + CB_COLOR_FMASK_SLICE / 4)
#define CB_SET_REGS		(CB_COLOR_FMASK_SLICE / 4 + 1)	/* with a row */
#define RAT_FIRST		CTX_IDX(CB_COLOR8_BASE)
#define RAT_LAST		(RAT_FIRST + 4 * RAT_REGS - 1)
#define CB_SET			{ EG_CTX_CB, 0, 0, 0 }
#define RAT_SET			{ EG_CTX_RAT, 0, 0, 0 }

static const struct eg_ctx_row eg_ctx_rows[CONTEXT_REGS] = {
	[CTX_IDX(DB_DEPTH_VIEW)] = KEEP(db_view, EG_DIRTY_DB),
	[CTX_IDX(DB_HTILE_DATA_BASE)] = ADDR(db[DB_SURF_HTILE].bo,
					     db[DB_SURF_HTILE].offset, EG_DIRTY_DB),
	[CTX_IDX(DB_Z_INFO)] = { EG_CTX_TILED, EG_DIRTY_DB, TRK(db_z_info), EG_FN_DB_Z_INFO },
	[CTX_IDX(DB_STENCIL_INFO)] = KEEP(db_stencil_info, EG_DIRTY_DB),
	[CTX_IDX(DB_Z_READ_BASE)] = ADDR(db[DB_SURF_Z_READ].bo,
					     db[DB_SURF_Z_READ].offset, EG_DIRTY_DB),
	[CTX_IDX(DB_STENCIL_READ_BASE)] = ADDR(db[DB_SURF_S_READ].bo,
					     db[DB_SURF_S_READ].offset, EG_DIRTY_DB),
	[CTX_IDX(DB_Z_WRITE_BASE)] = ADDR(db[DB_SURF_Z_WRITE].bo,
					     db[DB_SURF_Z_WRITE].offset, EG_DIRTY_DB),
	[CTX_IDX(DB_STENCIL_WRITE_BASE)] = ADDR(db[DB_SURF_S_WRITE].bo,
					     db[DB_SURF_S_WRITE].offset, EG_DIRTY_DB),
	[CTX_IDX(DB_DEPTH_SIZE)] = KEEP(db_size, EG_DIRTY_DB),
	[CTX_IDX(DB_DEPTH_SLICE)] = KEEP(db_slice, EG_DIRTY_DB),
	[CTX_IDX(SQ_ALU_CONST_BUFFER_SIZE_PS_0) ...
	 CTX_IDX(SQ_ALU_CONST_BUFFER_SIZE_GS_0 + 60)] =
		FAMILY(EG_CTX_CBUF_SIZE, 0, SQ_ALU_CONST_BUFFER_SIZE_PS_0),
	[CTX_IDX(CB_TARGET_MASK)] = KEEP(target_mask, EG_DIRTY_CB),
	[CTX_IDX(GDS_ADDR_BASE)] = ACCEPT,
	[CTX_IDX(GDS_ADDR_SIZE)] = FN(EG_FN_GDS_SIZE),
	[CTX_IDX(GDS_ORDERED_WAVE_PER_SE)] = ACCEPT,
	/* a resolve's destination is colour buffer 1 */
	[CTX_IDX(CB_COLOR_CONTROL)] = KEEP(cb_color_control, EG_DIRTY_CB | EG_DIRTY_RESOLVE),
	[CTX_IDX(SQ_PGM_START_PS)] = PGM(pgm_bo[PGM_PS], pgm_off[PGM_PS]),
	[CTX_IDX(SQ_PGM_START_VS)] = PGM(pgm_bo[PGM_VS], pgm_off[PGM_VS]),
	[CTX_IDX(SQ_PGM_START_GS)] = PGM(pgm_bo[PGM_GS], pgm_off[PGM_GS]),
	[CTX_IDX(SQ_PGM_START_ES)] = PGM(pgm_bo[PGM_ES], pgm_off[PGM_ES]),
	[CTX_IDX(SQ_PGM_START_FS)] = PGM(pgm_bo[PGM_FS], pgm_off[PGM_FS]),
	[CTX_IDX(SQ_PGM_START_HS)] = PGM(pgm_bo[PGM_HS], pgm_off[PGM_HS]),
	[CTX_IDX(SQ_PGM_START_LS)] = PGM(pgm_bo[PGM_LS], pgm_off[PGM_LS]),
	[CTX_IDX(SQ_ALU_CONST_CACHE_PS_0) ... CTX_IDX(SQ_ALU_CONST_CACHE_GS_0 + 60)] =
		FAMILY(EG_CTX_CBUF, 0, SQ_ALU_CONST_CACHE_PS_0),
	[CTX_IDX(DB_HTILE_SURFACE)] = KEEP(htile_surface, EG_DIRTY_DB),
	[CTX_IDX(VGT_STRMOUT_BUFFER_SIZE_0)] = KEEP(so[0].size, EG_DIRTY_SO),
	[CTX_IDX(VGT_STRMOUT_BUFFER_BASE_0)] = ADDR(so[0].bo, so[0].offset, EG_DIRTY_SO),
	/* where writing resumes: the VGT never writes past the size */
	[CTX_IDX(VGT_STRMOUT_BUFFER_OFFSET_0)] = ACCEPT,
	[CTX_IDX(VGT_STRMOUT_BUFFER_SIZE_0 + 0x10)] = KEEP(so[1].size, EG_DIRTY_SO),
	[CTX_IDX(VGT_STRMOUT_BUFFER_BASE_0 + 0x10)] = ADDR(so[1].bo, so[1].offset, EG_DIRTY_SO),
	[CTX_IDX(VGT_STRMOUT_BUFFER_OFFSET_0 + 0x10)] = ACCEPT,
	[CTX_IDX(VGT_STRMOUT_BUFFER_SIZE_0 + 0x20)] = KEEP(so[2].size, EG_DIRTY_SO),
	[CTX_IDX(VGT_STRMOUT_BUFFER_BASE_0 + 0x20)] = ADDR(so[2].bo, so[2].offset, EG_DIRTY_SO),
	[CTX_IDX(VGT_STRMOUT_BUFFER_OFFSET_0 + 0x20)] = ACCEPT,
	[CTX_IDX(VGT_STRMOUT_BUFFER_SIZE_0 + 0x30)] = KEEP(so[3].size, EG_DIRTY_SO),
	[CTX_IDX(VGT_STRMOUT_BUFFER_BASE_0 + 0x30)] = ADDR(so[3].bo, so[3].offset, EG_DIRTY_SO),
	[CTX_IDX(VGT_STRMOUT_BUFFER_OFFSET_0 + 0x30)] = ACCEPT,
	[CTX_IDX(VGT_SHADER_STAGES_EN)] = KEEP(shader_stages, 0),
	[CTX_IDX(VGT_STRMOUT_BUFFER_CONFIG)] = KEEP(so_buffer_config, EG_DIRTY_SO),
	[CTX_IDX(CB_IMMED0_BASE) ... CTX_IDX(CB_IMMED0_BASE + 4 * (RATS - 1))] =
		FAMILY(EG_CTX_IMMED, 0, CB_IMMED0_BASE),
	[CTX_IDX(PA_SC_AA_CONFIG)] = KEEP(aa_config,
					  EG_DIRTY_CB | EG_DIRTY_SAMPLES | EG_DIRTY_DB),
	[CB_FIRST(0) ... CB_LAST(0)] = CB_SET,
	[CB_FIRST(1) ... CB_LAST(1)] = CB_SET,
	[CB_FIRST(2) ... CB_LAST(2)] = CB_SET,
	[CB_FIRST(3) ... CB_LAST(3)] = CB_SET,
	[CB_FIRST(4) ... CB_LAST(4)] = CB_SET,
	[CB_FIRST(5) ... CB_LAST(5)] = CB_SET,
	[CB_FIRST(6) ... CB_LAST(6)] = CB_SET,
	[CB_FIRST(7) ... CB_LAST(7)] = CB_SET,
	[RAT_FIRST ... RAT_LAST] = RAT_SET,
	[CTX_IDX(SQ_ALU_CONST_CACHE_HS_0) ... CTX_IDX(SQ_ALU_CONST_CACHE_HS_0 + 124)] =
		FAMILY(EG_CTX_CBUF, CBUF_HS * 16, SQ_ALU_CONST_CACHE_HS_0),
	[CTX_IDX(SQ_ALU_CONST_BUFFER_SIZE_HS_0) ...
	 CTX_IDX(SQ_ALU_CONST_BUFFER_SIZE_HS_0 + 124)] =
		FAMILY(EG_CTX_CBUF_SIZE, CBUF_HS * 16, SQ_ALU_CONST_BUFFER_SIZE_HS_0),
};

/* A constant buffer's base, from its cbuf[][] entry */
#define CBUF_BASE_OFF(f)	(TRK(cbuf[0][0].f) - TRK(cbuf[0][0]))
static const struct eg_ctx_row eg_cbuf_base_row = {
	EG_CTX_ADDR, EG_DIRTY_CBUF, CBUF_BASE_OFF(bo), CBUF_BASE_OFF(offset)
};

/* A RAT's immediate buffer, from its immed[] entry */
#define IMMED_OFF(f)		(TRK(compute.immed[0].f) - TRK(compute.immed[0]))
static const struct eg_ctx_row eg_immed_row = {
	EG_CTX_ADDR, EG_DIRTY_CB, IMMED_OFF(bo), IMMED_OFF(offset)
};

/* The tracked state of colour buffer @n, 0-11 */
static struct rcs_eg_cb *eg_cb(struct rcs_eg_track *t, u32 n)
{
	return n < 8 ? &t->cb[n] : &t->compute.rat[n - 8];
}

/* CB_COLORn_INFO without KEEP_TILING_FLAGS: the buffer's tiling stands */
static int eg_ctx_cb_info(struct rcs_parser *p, struct rcs_packet *pkt, u32 n, u32 *val)
{
	if (eg_tiling_from_bo(p, pkt, val, 8, NULL, 0))
		return -1;
	eg_set(&p->track.eg, &eg_cb(&p->track.eg, n)->info, *val, eg_cb_dirty(n));
	return 0;
}

/* CB_COLORn_ATTRIB: relocated, for the buffer's 2D tiling */
static int eg_ctx_cb_attrib(struct rcs_parser *p, struct rcs_packet *pkt, u32 n, u32 *val)
{
	const struct rcs_bo *bo;

	if (rcs_reloc(p, pkt, &bo))
		return -1;
	if (!p->keep_tiling && bo->tiling_flags & RCS_TILING_MACRO)
		*val = eg_apply_macro(p, *val, bo->tiling_flags, eg_cb_attrib_fields, 0xf);
	eg_set(&p->track.eg, &eg_cb(&p->track.eg, n)->attrib, *val, eg_cb_dirty(n));
	return 0;
}

static int eg_ctx_db_z_info(struct rcs_parser *p, struct rcs_packet *pkt,
			    u32 n __always_unused, u32 *val)
{
	if (eg_tiling_from_bo(p, pkt, val, 4, eg_db_z_fields, 0x7))
		return -1;
	eg_set(&p->track.eg, &p->track.eg.db_z_info, *val, EG_DIRTY_DB);
	return 0;
}

static int eg_ctx_gds_size(struct rcs_parser *p, struct rcs_packet *pkt,
			   u32 n __always_unused, u32 *val)
{
	if (*val)
		return rcs_fail(p, pkt->idx, "GDS window: GDS is shared between clients", *val);
	return 0;
}

static int eg_rat_dim(struct rcs_parser *p, struct rcs_packet *pkt, u32 n, u32 *val);

/* The handlers of EG_CTX_FN and EG_CTX_TILED rows, by EG_FN_* */
static int (*const eg_ctx_fns[])(struct rcs_parser *p, struct rcs_packet *pkt, u32 n,
				 u32 *val) = {
	[EG_FN_DB_Z_INFO] = eg_ctx_db_z_info,
	[EG_FN_GDS_SIZE] = eg_ctx_gds_size,
};

/*
 * Constant buffers' sizes, from buffer @n (stage * 16 + slot) on: kept,
 * and which are not 0. Mesa writes a stage's sixteen in one packet, so a
 * run is taken here whole, without a branch on the values.
 */
static void eg_cbuf_sizes(struct rcs_eg_track *t, u32 n, const u32 *val, u32 count)
{
	u32 *size = &t->cbuf_size[0][0];
	u32 stage, slot, k, sized, i;

	/*
	 * Mostly what the stage had: then nothing changes. One size (a
	 * one-register write, as often as a stage's sixteen) takes no call.
	 */
	if (count == 1 ? size[n] == *val : !memcmp(&size[n], val, 4 * count))
		return;
	memcpy(&size[n], val, 4 * count);
	t->dirty |= EG_DIRTY_CBUF;
	while (count) {
		stage = n / 16;
		slot = n % 16;
		k = min(count, 16 - slot);
		for (i = 0, sized = 0; i < k; i++)
			sized |= (val[i] != 0) << i;
		t->cbuf_sized[stage] &= ~(GENMASK(k - 1, 0) << slot);
		t->cbuf_sized[stage] |= sized << slot;
		n += k;
		val += k;
		count -= k;
	}
}

/**
 * struct eg_ctx_at - where a write to a context register goes
 * @row: how it is taken
 * @base: the state @row's offsets are in: the tracked state, or one
 *	constant buffer's or immediate buffer's
 * @n: that buffer's number, else the register's offset
 */
struct eg_ctx_at {
	const struct eg_ctx_row *row;
	u8 *base;
	u32 n;
};

/*
 * Constant buffer @n (stage * 16 + slot) gets its base from this stream:
 * its entry, left by an earlier stream until now, starts empty, so the
 * base relocated into it counts as a change
 */
static void eg_cbuf_claim(struct rcs_eg_track *t, u32 n)
{
	u16 bit = BIT(n % 16);

	if (t->cbuf_set[n / 16] & bit)
		return;
	t->cbuf_set[n / 16] |= bit;
	t->cbuf[n / 16][n % 16].bo = NULL;
}

/* Find the row (and state) that takes context register @idx, not a colour buffer's */
static __always_inline struct eg_ctx_at eg_ctx_find(struct rcs_parser *p, u32 idx)
{
	const struct eg_ctx_row *row = &eg_ctx_rows[idx];
	struct rcs_eg_track *t = &p->track.eg;
	u32 n = row->a + idx - row->b;

	switch (row->kind) {
	case EG_CTX_CBUF:
		eg_cbuf_claim(t, n);
		return (struct eg_ctx_at){ &eg_cbuf_base_row,
					   (u8 *)&t->cbuf[n / 16][n % 16], n };
	case EG_CTX_IMMED:
		return (struct eg_ctx_at){ &eg_immed_row, (u8 *)&t->compute.immed[n], n };
	case EG_CTX_CBUF_SIZE:
		return (struct eg_ctx_at){ row, (u8 *)t, n };
	}
	return (struct eg_ctx_at){ row, (u8 *)t, PKT3_SET_CONTEXT_REG_START + 4 * idx };
}

/* Take a write by a row that neither keeps the value nor relocates it */
static int eg_ctx_take(struct rcs_parser *p, struct rcs_packet *pkt,
		       const struct eg_ctx_at *at, u32 *val)
{
	const struct eg_ctx_row *row = at->row;

	switch (row->kind) {
	case EG_CTX_TILED:
		return eg_ctx_fns[row->b](p, pkt, at->n, val);
	case EG_CTX_ACCEPT:
		return 0;
	case EG_CTX_FN:
		return eg_ctx_fns[row->a](p, pkt, at->n, val);
	case EG_CTX_CBUF_SIZE:
		eg_cbuf_sizes(&p->track.eg, at->n, val, 1);
		return 0;
	}
	return rcs_fail(p, pkt->idx, "register not allowed", at->n);
}

/*
 * One context register with no plain entry, taken by its row: most keep
 * the value or relocate an address, inline; the others call their taker
 */
static __always_inline int eg_ctx_take_at(struct rcs_parser *p, struct rcs_packet *pkt,
					  const struct eg_ctx_at *at, u32 *val)
{
	const struct eg_ctx_row *row = at->row;

	switch (row->kind) {
	case EG_CTX_TILED:
		if (!p->keep_tiling)
			break;
		fallthrough;
	case EG_CTX_KEEP:
		eg_set(&p->track.eg, (u32 *)(at->base + row->a), *val, row->dirty);
		return 0;
	case EG_CTX_ADDR:
	case EG_CTX_PGM:
		return eg_reloc_256(p, pkt, val, (const struct rcs_bo **)(at->base + row->a),
				    (u64 *)(at->base + row->b), row->kind == EG_CTX_PGM ? 8 : 0,
				    row->dirty);
	}
	return eg_ctx_take(p, pkt, at, val);
}

/*
 * Register @r of colour buffer @n's set (BASE to FMASK_SLICE; colour
 * buffers 8-11, RATs only, have BASE to DIM), value at @v. Every write
 * to a colour buffer's register is taken here; a run of them (Mesa
 * writes a buffer's whole set in one packet) costs no lookup per register.
 */
static __always_inline int eg_cb_reg(struct rcs_parser *p, struct rcs_packet *pkt, u32 n,
				     u32 r, u32 *v)
{
	struct rcs_eg_track *t = &p->track.eg;
	struct rcs_eg_cb *cb = eg_cb(t, n);
	u32 dirty = eg_cb_dirty(n);

	switch (r) {
	case CB_COLOR_BASE / 4:
		return eg_reloc_256(p, pkt, v, &cb->bo, &cb->offset, 0, dirty);
	case CB_COLOR_PITCH / 4:
		eg_set(t, &cb->pitch, *v, dirty);
		return 0;
	case CB_COLOR_SLICE / 4:
		eg_set(t, &cb->slice, *v, dirty);
		return 0;
	case CB_COLOR_VIEW / 4:
		eg_set(t, &cb->view, *v, dirty);
		return 0;
	case CB_COLOR_INFO / 4:
		if (!p->keep_tiling)
			return eg_ctx_cb_info(p, pkt, n, v);
		eg_set(t, &cb->info, *v, dirty);
		return 0;
	case CB_COLOR_ATTRIB / 4:
		return eg_ctx_cb_attrib(p, pkt, n, v);
	case CB_COLOR_DIM / 4:
		return eg_rat_dim(p, pkt, n, v);
	case CB_COLOR_CMASK / 4:
	case CB_COLOR_FMASK / 4:
		return eg_reloc_256(p, pkt, v, &cb->mask[r == CB_COLOR_FMASK / 4].bo,
				    &cb->mask[r == CB_COLOR_FMASK / 4].offset, 0, dirty);
	case CB_COLOR_CMASK_SLICE / 4:
		eg_set(t, &cb->cmask_slice, *v, dirty);
		return 0;
	default:
		eg_set(t, &cb->fmask_slice, *v, dirty);
		return 0;
	}
}

static __always_inline int eg_context_reg(struct rcs_parser *p, struct rcs_packet *pkt,
					  u32 idx, u32 *val)
{
	struct eg_ctx_at at;
	u32 k;

	switch (eg_ctx_rows[idx].kind) {
	case EG_CTX_CB:
		k = idx - CTX_IDX(CB_COLOR0_BASE);
		return eg_cb_reg(p, pkt, k / CB_REGS, k % CB_REGS, val);
	case EG_CTX_RAT:
		k = idx - CTX_IDX(CB_COLOR8_BASE);
		return eg_cb_reg(p, pkt, 8 + k / RAT_REGS, k % RAT_REGS, val);
	}
	at = eg_ctx_find(p, idx);
	return eg_ctx_take_at(p, pkt, &at, val);
}

/* PITCH, SLICE, VIEW and INFO: a colour buffer's state as in its registers */
static_assert(sizeof(((struct rcs_eg_cb *)0)->plain) == CB_COLOR_ATTRIB - CB_COLOR_PITCH,
	      "struct rcs_eg_cb: PITCH to INFO, as the registers");

/*
 * The registers from @first (a colour buffer's, 0-7) to the last of its
 * set with a row, at most @n, as Mesa writes a colour buffer: its state
 * is found once, not per register. How many it took, or -1.
 */
static int eg_cb_regs(struct rcs_parser *p, struct rcs_packet *pkt, u32 first, u32 n)
{
	u32 k = first - CTX_IDX(CB_COLOR0_BASE), r = k % CB_REGS, i = 0;

	n = min(n, CB_SET_REGS - r);
	/*
	 * Mesa's form, BASE to ATTRIB at least, with the stream's tiling
	 * fields: the four plain registers between the two relocated ones
	 * are taken together, with no dispatch on each one's place
	 */
	if (!r && n > CB_COLOR_ATTRIB / 4 && p->keep_tiling) {
		struct rcs_eg_cb *cb = &p->track.eg.cb[k / CB_REGS];
		u32 *v = &pkt->body[1], dirty = eg_cb_dirty(k / CB_REGS);

		if (eg_reloc_256(p, pkt, &v[0], &cb->bo, &cb->offset, 0, dirty))
			return -1;
		if (memcmp(&cb->plain, &v[1], sizeof(cb->plain))) {
			memcpy(&cb->plain, &v[1], sizeof(cb->plain));
			p->track.eg.dirty |= dirty;
		}
		i = CB_COLOR_ATTRIB / 4;
	}
	for (; i < n; i++)
		if (eg_cb_reg(p, pkt, k / CB_REGS, r + i, &pkt->body[1 + i]))
			return -1;
	return n;
}

/* Take @n registers from @first if all are one family's constant-buffer sizes */
static __always_inline bool eg_cbuf_size_run(struct rcs_parser *p, u32 first, u32 n,
					     const u32 *val)
{
	const struct eg_ctx_row *row = &eg_ctx_rows[first], *last = &eg_ctx_rows[first + n - 1];

	if (row->kind != EG_CTX_CBUF_SIZE || last->kind != EG_CTX_CBUF_SIZE || last->b != row->b)
		return false;
	eg_cbuf_sizes(&p->track.eg, row->a + first - row->b, val, n);
	return true;
}

/*
 * SET_CONTEXT_REG, the packet streams are mostly made of, inlined into
 * the walker: a run inside one range of plain registers costs two table
 * loads; a stage's constant-buffer sizes and a colour buffer's set are
 * taken as runs; the others register by register by their rows.
 */
static __always_inline int eg_set_context_reg(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 first = pkt->body[0], n = pkt->count - 1, i;

	if (first >= CONTEXT_REGS || n > CONTEXT_REGS - first)
		return rcs_fail(p, pkt->idx, "register outside the packet's window",
				PKT3_SET_CONTEXT_REG_START + 4ull * first + 4ull * (n ? n - 1 : 0));
	if (!n || (eg_context_regs[first] &&
		   eg_context_regs[first] == eg_context_regs[first + n - 1]))
		return 0;
	if (eg_cbuf_size_run(p, first, n, &pkt->body[1]))
		return 0;
	i = 0;
	if (n > 1 && eg_ctx_rows[first].kind == EG_CTX_CB) {
		i = eg_cb_regs(p, pkt, first, n);
		if ((int)i < 0)
			return -1;
	}
	for (; i < n; i++)
		if (!eg_context_regs[first + i] &&
		    eg_context_reg(p, pkt, first + i, &pkt->body[1 + i]))
			return -1;
	return 0;
}

/* SET_CONFIG_REG beyond a run of plain registers: the rings', or an error */
static noinline int eg_set_config_slow(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if (eg_config_takes_ring(pkt))
		return eg_set_config_rings(p, pkt);
	return rcs_set_regs(p, pkt, PKT3_SET_CONFIG_REG_START, PKT3_SET_CONFIG_REG_END, true);
}

/*
 * SET_CONFIG_REG: a run is allowed when one range of eg_config_regs[]
 * holds it (two table loads, as SET_CONTEXT_REG's; the shader rings'
 * registers are in none); the rings' registers are taken one by one;
 * else rcs_set_regs() says why not. The run inline, the rest out of line.
 */
static __always_inline int eg_set_config_reg(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 first = pkt->body[0], n = pkt->count - 1;

	if (n && rcs_table_run(eg_config_regs, CONFIG_REGS, first, n))
		return 0;
	return eg_set_config_slow(p, pkt);
}

/* The windows of the other SET_* packets, by opcode - SET_CONFIG_REG */
static const struct rcs_window eg_windows[8] = {
	RCS_WINDOW(PKT3_SET_BOOL_CONST, PKT3_SET_BOOL_CONST_START, PKT3_SET_BOOL_CONST_END,
		   0, false),
	RCS_WINDOW(PKT3_SET_LOOP_CONST, PKT3_SET_LOOP_CONST_START, PKT3_SET_LOOP_CONST_END,
		   0, false),
	/* three dwords per sampler, no addresses */
	RCS_WINDOW(PKT3_SET_SAMPLER, PKT3_SET_SAMPLER_START, PKT3_SET_SAMPLER_END,
		   3, false),
	RCS_WINDOW(PKT3_SET_CTL_CONST, PKT3_SET_CTL_CONST_START, PKT3_SET_CTL_CONST_END,
		   0, true),
};

/* Texture descriptors: SQ_TEX_RESOURCE_WORD0..7 */
#define TEX_DIM(w0)			((w0) & 0x7)
#define TEX_PITCH(w0)			((((w0) >> 6) & 0xfff) + 1)	/* 8 pixels */
#define TEX_WIDTH(w0)			((((w0) >> 18) & 0x3fff) + 1)
#define TEX_HEIGHT(w1)			(((w1) & 0x3fff) + 1)
#define TEX_DEPTH(w1)			((((w1) >> 14) & 0x1fff) + 1)
#define TEX_ARRAY_MODE(w1)		((w1) >> 28)
#define TEX_BASE_LEVEL(w4)		((w4) >> 28)
#define TEX_LAST_LEVEL(w5)		((w5) & 0xf)
#define TEX_LAST_ARRAY(w5)		((((w5) >> 17) & 0x1fff) + 1)
#define TEX_TILE_SPLIT(w6)		((w6) >> 29)
#define TEX_MACRO_TILE_ASPECT(w7)	(((w7) >> 6) & 0x3)
#define TEX_BANK_WIDTH(w7)		(((w7) >> 8) & 0x3)
#define TEX_BANK_HEIGHT(w7)		(((w7) >> 10) & 0x3)
#define TEX_NUM_BANKS(w7)		(((w7) >> 16) & 0x3)
#define TEX_DATA_FORMAT(w7)		((w7) & 0x3f)
#define RES_TYPE(w7)			((w7) >> 30)
#define RES_VALID_TEXTURE		2
#define RES_VALID_BUFFER		3
#define TEX_FMASK_BANK_HEIGHT(w6)	((w6) & 0x3)	/* multisampled textures */
enum {
	DIM_1D, DIM_2D, DIM_3D, DIM_CUBE, DIM_1D_ARRAY, DIM_2D_ARRAY, DIM_2D_MSAA,
	DIM_2D_ARRAY_MSAA
};

/* The 1D-tiled layout of @bpe-byte elements: 8x8 tiles, 256-byte rows */
struct rcs_tile_layout rcs_eg_layout_1d(u32 bpe)
{
	return (struct rcs_tile_layout){ .palign = max_t(u32, 8, 256 / (8 * bpe)), .halign = 8,
					 .base_align = 256 };
}

/* rcs_eg_layout_2d(), inline for the checker (eg_layout_2d(), the DMA tiled copy) */
static __always_inline int eg_layout_2d_of(u32 bpe, u32 pipes, u32 banks, u32 bankw, u32 bankh,
					   u32 aspect, u32 tsplit, struct rcs_tile_layout *l)
{
	u32 tile_bytes = 64 * bpe, height = 8 * (1u << bankh) * (2u << banks);

	if (tsplit > 6)
		return -1;
	if (height >> aspect < 8)
		return -2;
	if (tile_bytes > 64u << tsplit)
		tile_bytes = 64u << tsplit;
	l->palign = 8 * (1u << bankw) * pipes * (1u << aspect);
	l->halign = height >> aspect;
	l->base_align = l->palign / 8 * (l->halign / 8) * tile_bytes;
	return 0;
}

/**
 * rcs_eg_layout_2d - Evergreen's 2D (macro-tiled) layout
 * @bpe: bytes per element
 * @pipes: the chip's tile pipes
 * @banks: the 2D fields as the registers encode them: banks (2..16)
 * @bankw: bank width (1..8)
 * @bankh: bank height (1..8)
 * @aspect: macro tile aspect (1..8)
 * @tsplit: tile split (64..4096 bytes)
 * @l: out: the layout
 *
 * A macro tile is 8 x bank width x pipes x aspect elements wide and
 * 8 x bank height x banks / aspect high; a surface is a whole number of
 * them and starts on one (the bytes of a macro tile's first tile-split
 * slice). Shared by the command checker and the display's scanout.
 *
 * Return: 0, -1 for a tile split past 4096 bytes, -2 for an aspect that
 * leaves a macro tile less than a tile high (the checker's core has no
 * errno).
 */
int rcs_eg_layout_2d(u32 bpe, u32 pipes, u32 banks, u32 bankw, u32 bankh, u32 aspect,
		     u32 tsplit, struct rcs_tile_layout *l)
{
	return eg_layout_2d_of(bpe, pipes, banks, bankw, bankh, aspect, tsplit, l);
}

/* Why eg_layout_2d_of() found no layout (@ret, not 0): -1 */
static int eg_layout_2d_fail(struct rcs_parser *p, const struct rcs_packet *pkt, int ret,
			     u32 aspect, u32 tsplit)
{
	if (ret == -1)
		return rcs_fail(p, pkt->idx, "tile split", tsplit);
	return rcs_fail(p, pkt->idx, "macro tile aspect", aspect);
}

/* The same for a packet, which a combination that is no layout fails */
static int eg_layout_2d(struct rcs_parser *p, const struct rcs_packet *pkt, u32 bpe,
			u32 banks, u32 bankw, u32 bankh, u32 aspect, u32 tsplit,
			struct rcs_tile_layout *l)
{
	int ret = eg_layout_2d_of(bpe, eg_pipes(p), banks, bankw, bankh, aspect, tsplit, l);

	return ret ? eg_layout_2d_fail(p, pkt, ret, aspect, tsplit) : 0;
}

/* Bytes of a level of @nbx x @nby element blocks, padded, @slices slices */
static u64 eg_level_bytes(const struct rcs_tile_layout *l, u32 bpe, u64 nbx, u64 nby, u32 slices)
{
	return rcs_align_up(nbx, l->palign) * rcs_align_up(nby, l->halign) * bpe * slices;
}

/*
 * Multisampled textures and FMASK.
 *
 * A multisampled texture (2D_MSAA, 2D_ARRAY_MSAA) has one level holding
 * every sample of every texel, 2^LAST_LEVEL of them (2, 4 or 8), laid out
 * like a colour buffer of that many samples: its elements are the texel's
 * bytes times the samples. MIP_ADDRESS is its FMASK (a second relocation),
 * or 0 with no relocation for none, as upstream radeon's ABI has it.
 */

/**
 * struct eg_fmask - an FMASK surface as a colour buffer or texture sets it up
 * @mode: the array mode of its surface (1D or 2D tiles)
 * @samples: samples per pixel of its surface, 2 to 8
 * @banks: the 2D fields as the registers encode them: banks
 * @bankw: bank width
 * @bankh: FMASK bank height
 * @aspect: macro tile aspect
 * @tsplit: tile split
 * @w: width of its surface in pixels
 * @h: height of its surface in pixels
 * @min_pixels: pixels of a slice its own register gives (0: none)
 * @slices: slices reached
 */
struct eg_fmask {
	u32 mode, samples;
	u32 banks, bankw, bankh, aspect, tsplit;
	u64 w, h, min_pixels, slices;
};

/*
 * An FMASK: 1 byte per pixel (2 and 4 samples) or 4 (8 samples), tiled
 * like its surface with its own bank height, each slice the larger of
 * what its register says and the surface padded to its tiles; the whole
 * inside @bo from @offset and, 2D-tiled, on a macro tile. *@addr is
 * where it is.
 */
static int eg_check_fmask(struct rcs_parser *p, const struct rcs_packet *pkt,
			  const struct rcs_bo *bo, u64 offset, bool write,
			  const struct eg_fmask *f, u64 *addr)
{
	u32 bpe = f->samples > 4 ? 4 : 1;
	struct rcs_tile_layout l = rcs_eg_layout_1d(bpe);
	u64 bytes;

	if (f->mode == ARRAY_2D_TILED_THIN1 &&
	    eg_layout_2d(p, pkt, bpe, f->banks, f->bankw, f->bankh, f->aspect, f->tsplit, &l))
		return -1;
	bytes = max_t(u64, f->min_pixels,
		      rcs_align_up(f->w, l.palign) * rcs_align_up(f->h, l.halign)) *
		bpe * f->slices;
	if (rcs_check_addr(p, pkt, bo, offset, bytes, write, addr))
		return -1;
	if (rcs_mod_u64(*addr, l.base_align))
		return rcs_fail(p, pkt->idx, "FMASK not on a macro tile", *addr);
	return 0;
}

/*
 * A texture's samples per texel into *@samples: 1, or for a multisampled
 * one 2^LAST_LEVEL (2 to 8, no mip levels)
 */
static int eg_tex_samples(struct rcs_parser *p, const struct rcs_packet *pkt,
			  const u32 *d, u32 *samples)
{
	u32 log2 = TEX_LAST_LEVEL(d[5]);

	*samples = 1;
	if (TEX_DIM(d[0]) < DIM_2D_MSAA)
		return 0;
	if (!log2 || log2 > 3)
		return rcs_fail(p, pkt->idx, "texture sample count", log2);
	if (TEX_BASE_LEVEL(d[4]))
		return rcs_fail(p, pkt->idx, "mipmapped multisampled texture",
				TEX_BASE_LEVEL(d[4]));
	*samples = 1u << log2;
	return 0;
}

/* Whether a relocation NOP is where the packet takes its next one */
static bool eg_reloc_follows(const struct rcs_parser *p)
{
	return p->next < p->ndw && (p->ib[p->next] & PKT3_RELOC_NOP_MASK) == PKT3_RELOC_NOP;
}

/*
 * A multisampled texture's FMASK at MIP_ADDRESS, read by the sampler for
 * every slice of the texture's @w x @h pixels: relocated and bounded; none
 * if MIP_ADDRESS is 0 and no relocation follows.
 */
static int eg_tex_fmask(struct rcs_parser *p, struct rcs_packet *pkt, u32 *d, u32 samples,
			u64 w, u64 h, u64 slices)
{
	struct eg_fmask f = {
		.mode = TEX_ARRAY_MODE(d[1]), .samples = samples,
		.banks = TEX_NUM_BANKS(d[7]), .bankw = TEX_BANK_WIDTH(d[7]),
		.bankh = TEX_FMASK_BANK_HEIGHT(d[6]), .aspect = TEX_MACRO_TILE_ASPECT(d[7]),
		.tsplit = TEX_TILE_SPLIT(d[6]), .w = w, .h = h, .slices = slices,
	};
	const struct rcs_bo *bo;
	u64 addr;

	if (!d[3] && !eg_reloc_follows(p))
		return 0;
	if (f.mode != ARRAY_1D_TILED_THIN1 && f.mode != ARRAY_2D_TILED_THIN1)
		return rcs_fail(p, pkt->idx, "FMASK of a linear texture", f.mode);
	if (rcs_reloc(p, pkt, &bo) ||
	    eg_check_fmask(p, pkt, bo, (u64)d[3] << 8, false, &f, &addr))
		return -1;
	if (addr >> 40)
		return rcs_fail(p, pkt->idx, "address beyond 40 bits", addr);
	d[3] = (u32)(addr >> 8);
	return 0;
}

/* Without KEEP_TILING_FLAGS, the texture's buffer says how it is tiled */
static void eg_tex_tiling_from_bo(const struct rcs_parser *p, u32 *d, const struct rcs_bo *tex)
{
	d[1] = (d[1] & 0x0fffffff) | rcs_tiling_mode(tex->tiling_flags) << 28;
	if (tex->tiling_flags & RCS_TILING_MACRO) {
		d[7] = eg_apply_macro(p, d[7], tex->tiling_flags, eg_tex_w7_fields, 0);
		d[6] = (d[6] & 0x1fffffff) | (TILING_SPLIT(tex->tiling_flags) & 7) << 29;
	}
}

/*
 * How a texture of @bpe-byte elements, @levels mip levels past the first,
 * is laid out by its array mode: linear (general: no mip levels), 1D or
 * 2D thin tiles. Thick tiles (4 slices a tile) are refused: neither Mesa
 * (radeon_surface gives textures thin modes only) nor upstream radeon's
 * ABI use them.
 */
static int eg_tex_layout(struct rcs_parser *p, const struct rcs_packet *pkt, const u32 *d,
			 u32 bpe, u32 levels, struct rcs_tile_layout *l)
{
	switch (TEX_ARRAY_MODE(d[1])) {
	case ARRAY_LINEAR_GENERAL:
		if (levels)
			return rcs_fail(p, pkt->idx, "mipmapped linear-general texture",
					levels);
		*l = (struct rcs_tile_layout){ .palign = 1, .halign = 1, .base_align = 1 };
		return 0;
	case ARRAY_LINEAR_ALIGNED:
		*l = (struct rcs_tile_layout){ .palign = max_t(u32, 64, 256 / bpe), .halign = 1,
					 .base_align = 256 };
		return 0;
	case ARRAY_1D_TILED_THIN1:
		*l = rcs_eg_layout_1d(bpe);
		return 0;
	case ARRAY_2D_TILED_THIN1:
		return eg_layout_2d(p, pkt, bpe, TEX_NUM_BANKS(d[7]), TEX_BANK_WIDTH(d[7]),
				    TEX_BANK_HEIGHT(d[7]), TEX_MACRO_TILE_ASPECT(d[7]),
				    TEX_TILE_SPLIT(d[6]), l);
	case ARRAY_1D_TILED_THICK:
	case ARRAY_2D_TILED_THICK:
		return rcs_fail(p, pkt->idx, "thick tiling not supported", TEX_ARRAY_MODE(d[1]));
	default:
		return rcs_fail(p, pkt->idx, "texture tiling not supported yet",
				TEX_ARRAY_MODE(d[1]));
	}
}

/* The mip chain past level 0 of a texture laid out @l (1D below a macro tile) */
static u64 eg_tex_mip_bytes(const u32 *d, const struct rcs_tile_layout *l,
			    const struct rcs_tile_layout *l1d, u32 bpe, u32 levels, u32 slices)
{
	u32 fmt = TEX_DATA_FORMAT(d[7]), bw = rcs_tex_formats[fmt].w, bh = rcs_tex_formats[fmt].h;
	u32 width = TEX_WIDTH(d[0]), height = TEX_HEIGHT(d[1]), depth = TEX_DEPTH(d[1]), i;
	bool tiled_2d = TEX_ARRAY_MODE(d[1]) == ARRAY_2D_TILED_THIN1;
	u64 bytes = 0;

	for (i = 1; i <= levels; i++) {
		u32 nbx = (max_t(u32, width >> i, 1) + bw - 1) / bw;
		u32 nby = (max_t(u32, height >> i, 1) + bh - 1) / bh;
		bool small = nbx < l->palign || nby < l->halign;

		bytes += eg_level_bytes(tiled_2d && small ? l1d : l, bpe, nbx, nby,
					TEX_DIM(d[0]) == DIM_3D ?
					max_t(u32, depth >> i, 1) : slices);
	}
	return bytes;
}

/*
 * A texture: level 0 at BASE_ADDRESS with the descriptor's pitch, levels
 * 1 and up packed from MIP_ADDRESS with the pitch the hardware derives
 * from each level's width. Every slice the sampler can reach is counted
 * (rcs_tex_slices()), every level up to the larger of BASE_LEVEL and
 * LAST_LEVEL, every sample of a multisampled texture. 2D-tiled levels
 * smaller than a macro tile are stored 1D-tiled, as the hardware does;
 * 2D-tiled bases must sit on a macro tile. Two relocations follow the
 * packet, texture then mip chain (or FMASK), as upstream radeon's ABI has
 * them.
 */
static int eg_texture(struct rcs_parser *p, struct rcs_packet *pkt, u32 *d)
{
	u32 fmt = TEX_DATA_FORMAT(d[7]), bw = rcs_tex_formats[fmt].w, bh = rcs_tex_formats[fmt].h;
	u32 height = TEX_HEIGHT(d[1]), nby, samples, pitch;
	u32 levels = max_t(u32, TEX_BASE_LEVEL(d[4]), TEX_LAST_LEVEL(d[5]));
	u32 slices = rcs_tex_slices(TEX_DIM(d[0]), TEX_DEPTH(d[1]), TEX_LAST_ARRAY(d[5]));
	u32 bpe = rcs_tex_formats[fmt].bytes;
	struct rcs_tile_layout l, l1d;
	const struct rcs_bo *tex, *mip;
	u64 bytes, addr;

	if (!bpe)
		return rcs_fail(p, pkt->idx, "texture format", fmt);
	nby = (height + bh - 1) / bh;
	if (eg_tex_samples(p, pkt, d, &samples))
		return -1;
	if (samples > 1)
		levels = 0;
	/* every sample of a texel is stored with it */
	bpe *= samples;
	if (rcs_reloc(p, pkt, &tex))
		return -1;
	if (!p->keep_tiling)
		eg_tex_tiling_from_bo(p, d, tex);
	l1d = rcs_eg_layout_1d(bpe);
	if (eg_tex_layout(p, pkt, d, bpe, levels, &l))
		return -1;
	/* level 0: the descriptor's pitch, which must hold a row and be aligned */
	pitch = (8 * TEX_PITCH(d[0]) + bw - 1) / bw;
	if (pitch % l.palign)
		return rcs_fail(p, pkt->idx, "unaligned texture pitch", pitch);
	if (pitch < (TEX_WIDTH(d[0]) + bw - 1) / bw)
		return rcs_fail(p, pkt->idx, "texture pitch below its width", pitch);
	/*
	 * A 2D level 0 smaller than a macro tile may be stored 1D-tiled like
	 * the small mip levels, rows padded the 1D way: bound the larger
	 */
	bytes = eg_level_bytes(&l, bpe, pitch, nby, slices);
	if (TEX_ARRAY_MODE(d[1]) == ARRAY_2D_TILED_THIN1)
		bytes = max_t(u64, bytes, eg_level_bytes(&l1d, bpe, pitch, nby, slices));
	if (rcs_check_addr(p, pkt, tex, (u64)d[2] << 8, bytes, false, &addr))
		return -1;
	if (addr >> 40)
		return rcs_fail(p, pkt->idx, "address beyond 40 bits", addr);
	if (rcs_mod_u64(addr, l.base_align))
		return rcs_fail(p, pkt->idx, "texture not on a macro tile", addr);
	d[2] = (u32)(addr >> 8);
	if (samples > 1)
		return eg_tex_fmask(p, pkt, d, samples, 8ull * TEX_PITCH(d[0]), height, slices);
	if (rcs_reloc(p, pkt, &mip) ||
	    rcs_check_addr(p, pkt, mip, (u64)d[3] << 8,
			   eg_tex_mip_bytes(d, &l, &l1d, bpe, levels, slices), false, &addr))
		return -1;
	if (addr >> 40)
		return rcs_fail(p, pkt->idx, "address beyond 40 bits", addr);
	if (levels && rcs_mod_u64(addr, l.base_align))
		return rcs_fail(p, pkt->idx, "texture not on a macro tile", addr);
	d[3] = (u32)(addr >> 8);
	return 0;
}

/*
 * The two relocations a texture takes next (texture, mip chain), without
 * taking them: true with their buffers in @bo and *@after where the next
 * relocation would then be, if rcs_reloc() would accept both; false if
 * it would refuse either (then eg_texture() says why).
 */
static bool eg_peek_tex_relocs(const struct rcs_parser *p, const struct rcs_bo **bo,
			       u32 *after)
{
	u32 val;

	return !rcs_reloc_at(p, p->next, &bo[0], after, &val) &&
	       !rcs_reloc_at(p, *after, &bo[1], after, &val);
}

/*
 * The entry of a memo of @size entries (@n filled) the next check that
 * passes goes in: a free one while there is one, then the oldest
 */
static u32 eg_memo_slot(u8 *n, u8 *next, u32 size)
{
	u32 i;

	if (*n < size)
		return (*n)++;
	i = *next;
	*next = (*next + 1) % size;
	return i;
}

static bool eg_words_same(const u32 *a, const u32 *b)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/*
 * A texture by eg_texture(), unless the same descriptor (all eight
 * dwords) with the same two buffers already passed in this stream: the
 * check is a function of those, the stream's buffers and the chip alone,
 * so it would pass again and leave the descriptor as it did then, which
 * is copied. Mesa writes the same textures again for draw after draw.
 * Multisampled textures, whose FMASK relocation depends on what follows
 * the packet, are always checked.
 */
static int eg_texture_memo(struct rcs_parser *p, struct rcs_packet *pkt, u32 *d)
{
	struct rcs_eg_tex_memo *m = &p->track.eg.tex_memo;
	const struct rcs_bo *bo[2];
	u32 in[8], after, i;

	if (TEX_DIM(d[0]) >= DIM_2D_MSAA || !eg_peek_tex_relocs(p, bo, &after))
		return eg_texture(p, pkt, d);
	for (i = 0; i < m->n; i++) {
		if (m->e[i].tex == bo[0] && m->e[i].mip == bo[1] && eg_words_same(m->e[i].in, d)) {
			memcpy(d, m->e[i].out, sizeof(m->e[i].out));
			p->next = after;
			return 0;
		}
	}
	memcpy(in, d, sizeof(in));
	if (eg_texture(p, pkt, d))
		return -1;
	i = eg_memo_slot(&m->n, &m->next, RCS_EG_TEX_MEMO);
	memcpy(m->e[i].in, in, sizeof(in));
	memcpy(m->e[i].out, d, sizeof(m->e[i].out));
	m->e[i].tex = bo[0];
	m->e[i].mip = bo[1];
	return 0;
}

/*
 * SET_RESOURCE: eight dwords per descriptor, from a descriptor boundary.
 * Vertex buffers (type 3) are relocated and bounded: base in word 0 and
 * bits 39:32 in word 2, size minus one in word 1; textures (type 2) by
 * eg_texture(). Invalid descriptors (types 0 and 1) reach no memory.
 */
static __always_inline int eg_set_resource(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 i, n = pkt->count - 1;

	if (n % 8)
		return rcs_fail(p, pkt->idx, "resource of the wrong size", n);
	/*
	 * The descriptors checked below must be the ones the hardware gets:
	 * at an offset between two, each would straddle a pair
	 */
	if (pkt->body[0] % 8)
		return rcs_fail(p, pkt->idx, "resource not on a descriptor", pkt->body[0]);
	if (rcs_set_regs(p, pkt, PKT3_SET_RESOURCE_START, PKT3_SET_RESOURCE_END, false))
		return -1;
	for (i = 0; i < n / 8; i++) {
		u32 *d = &pkt->body[1 + 8 * i];

		switch (RES_TYPE(d[7])) {
		case RES_VALID_TEXTURE:
			if (eg_texture_memo(p, pkt, d))
				return -1;
			continue;
		case RES_VALID_BUFFER:
			break;
		default:
			continue;
		}
		/* any byte address, SIZE + 1 bytes read */
		if (rcs_reloc_addr40_aligned(p, pkt, &d[0], &d[2], 1, (u64)d[1] + 1, false))
			return -1;
	}
	return 0;
}

/*
 * A 2D-tiled render target at GPU address @addr, rows of @w pixels,
 * slices of @pixels: whole macro tiles, starting on one, or the render
 * backends would address it differently from what was bounded.
 */
static int eg_check_2d_target(struct rcs_parser *p, const struct rcs_packet *pkt,
			      const struct rcs_tile_layout *l, u64 w, u64 pixels, u64 addr)
{
	if (pixels % w || rcs_mod_u64(w, l->palign) || rcs_mod_u64(pixels / w, l->halign))
		return rcs_fail(p, pkt->idx, "2D surface not in whole macro tiles", w);
	if (rcs_mod_u64(addr, l->base_align))
		return rcs_fail(p, pkt->idx, "2D surface not on a macro tile", addr);
	return 0;
}

/* The draw's samples per pixel, from PA_SC_AA_CONFIG: 1, 2, 4 or 8 */
static u32 eg_samples(const struct rcs_eg_track *t)
{
	return 1u << AA_MSAA_NUM_SAMPLES(t->aa_config);
}

/*
 * Bytes per slice of a colour buffer's CMASK: 4 bits per 8x8 tile, so 128
 * bytes per 128x128 pixels, CB_COLORn_CMASK_SLICE's unit. The CB walks
 * CMASK in blocks of 128x128 pixels per pipe (as square as a power-of-two
 * width allows), so it reaches the surface's @w x @h pixels padded to
 * those, whatever TILE_MAX says: the larger of both.
 */
static u64 eg_cmask_slice_bytes(u32 pipes, u32 cmask_slice, u64 w, u64 h)
{
	u32 bw = pipes >= 8 ? 512 : pipes >= 2 ? 256 : 128, bh = 16384 * pipes / bw;
	u64 need = rcs_align_up(w, bw) * rcs_align_up(h, bh) / 128;

	return max_t(u64, ((u64)CB_CMASK_TILE_MAX(cmask_slice) + 1) * 128, need);
}

/*
 * A colour buffer's CMASK (fast clears: CB_COLORn_INFO.FAST_CLEAR) and
 * FMASK (compressed multisampling: COMPRESSION) for @slices slices of @w x
 * @h pixels: FMASK as eg_check_fmask() lays it out, its slices at least
 * CB_COLORn_FMASK_SLICE; it needs more than one sample and tiles. Both are
 * read and written.
 */
static int eg_check_cb_masks(struct rcs_parser *p, const struct rcs_packet *pkt,
			     const struct rcs_eg_cb *cb, u32 samples, u64 w, u64 h,
			     u64 slices)
{
	struct eg_fmask f = {
		.mode = CB_INFO_ARRAY_MODE(cb->info), .samples = samples,
		.banks = CB_ATTRIB_NUM_BANKS(cb->attrib),
		.bankw = CB_ATTRIB_BANK_WIDTH(cb->attrib),
		.bankh = CB_ATTRIB_FMASK_BANK_HEIGHT(cb->attrib),
		.aspect = CB_ATTRIB_MACRO_TILE_ASPECT(cb->attrib),
		.tsplit = CB_ATTRIB_TILE_SPLIT(cb->attrib), .w = w, .h = h,
		.min_pixels = ((u64)CB_FMASK_TILE_MAX(cb->fmask_slice) + 1) * 64,
		.slices = slices,
	};
	u64 bytes, addr;

	if (cb->info & CB_INFO_FAST_CLEAR) {
		if (!cb->mask[0].bo)
			return rcs_fail(p, pkt->idx, "fast clear without a CMASK buffer",
					cb->info);
		bytes = eg_cmask_slice_bytes(eg_pipes(p), cb->cmask_slice, w, h) * slices;
		if (rcs_check_addr(p, pkt, cb->mask[0].bo, cb->mask[0].offset, bytes, true,
				   &addr))
			return -1;
	}
	if (!(cb->info & CB_INFO_COMPRESSION))
		return 0;
	if (samples < 2)
		return rcs_fail(p, pkt->idx, "colour compression of one sample", cb->info);
	if (f.mode != ARRAY_1D_TILED_THIN1 && f.mode != ARRAY_2D_TILED_THIN1)
		return rcs_fail(p, pkt->idx, "colour compression of a linear buffer", f.mode);
	if (!cb->mask[1].bo)
		return rcs_fail(p, pkt->idx, "colour compression without an FMASK buffer",
				cb->info);
	return eg_check_fmask(p, pkt, cb->mask[1].bo, cb->mask[1].offset, true, &f, &addr);
}

/*
 * Colour buffer @n, which the draw writes, lies inside its buffer with
 * @samples per pixel (eg_cb_samples()), and so do its CMASK and FMASK
 * when CB_COLORn_INFO uses them.
 */
static int eg_check_cb(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n,
		       const struct rcs_eg_cb *cb, u32 samples)
{
	u32 format = CB_INFO_FORMAT(cb->info), bpp = rcs_cb_bpp(format);
	u32 mode = CB_INFO_ARRAY_MODE(cb->info);
	u64 pixels, bytes, addr, w, slices;
	struct rcs_tile_layout l;

	if (!cb->bo)
		return rcs_fail(p, pkt->idx, "colour buffer without a buffer", n);
	if (!bpp)
		return rcs_fail(p, pkt->idx, "colour buffer format", format);
	if (mode != ARRAY_LINEAR_GENERAL && mode != ARRAY_LINEAR_ALIGNED &&
	    mode != ARRAY_1D_TILED_THIN1 && mode != ARRAY_2D_TILED_THIN1)
		return rcs_fail(p, pkt->idx, "colour buffer tiling not supported yet", mode);
	/* whole 8x8 tiles, every slice of the view */
	pixels = ((u64)CB_SLICE_TILE_MAX(cb->slice) + 1) * 64;
	w = ((u64)CB_PITCH_TILE_MAX(cb->pitch) + 1) * 8;
	if (pixels < w)
		return rcs_fail(p, pkt->idx, "colour buffer slice below a row", cb->slice);
	slices = (u64)CB_VIEW_SLICE_MAX(cb->view) + 1;
	bytes = pixels * bpp * samples * slices;
	if (rcs_check_addr(p, pkt, cb->bo, cb->offset, bytes, true, &addr))
		return -1;
	if (mode == ARRAY_2D_TILED_THIN1 &&
	    (eg_layout_2d(p, pkt, bpp * samples, CB_ATTRIB_NUM_BANKS(cb->attrib),
			  CB_ATTRIB_BANK_WIDTH(cb->attrib), CB_ATTRIB_BANK_HEIGHT(cb->attrib),
			  CB_ATTRIB_MACRO_TILE_ASPECT(cb->attrib),
			  CB_ATTRIB_TILE_SPLIT(cb->attrib), &l) ||
	     eg_check_2d_target(p, pkt, &l, w, pixels, addr)))
		return -1;
	return eg_check_cb_masks(p, pkt, cb, samples, w, pixels / w, slices);
}

static int eg_check_rat(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n,
			const struct rcs_eg_cb *cb);

/*
 * The samples per pixel colour buffer @n is written with: the draw's (the
 * second target of a resolve, which CB_COLOR_CONTROL's MODE makes the
 * destination, has one)
 */
static u32 eg_cb_samples(const struct rcs_eg_track *t, u32 n)
{
	if (n == 1 && CB_CONTROL_MODE(t->cb_color_control) == CB_MODE_RESOLVE)
		return 1;
	return eg_samples(t);
}

/* Two colour-buffer states alike in every register and buffer */
static bool eg_cb_same(const struct rcs_eg_cb *a, const struct rcs_eg_cb *b)
{
	return a->bo == b->bo && a->offset == b->offset && a->pitch == b->pitch &&
	       a->slice == b->slice && a->view == b->view && a->info == b->info &&
	       a->attrib == b->attrib && a->cmask_slice == b->cmask_slice &&
	       a->fmask_slice == b->fmask_slice && a->mask[0].bo == b->mask[0].bo &&
	       a->mask[0].offset == b->mask[0].offset && a->mask[1].bo == b->mask[1].bo &&
	       a->mask[1].offset == b->mask[1].offset;
}

/*
 * Colour buffer @n (0-7, no RAT) by eg_check_cb(), unless the same state
 * (every register, buffer and offset, the samples) already passed in this
 * stream: the check is a function of those alone, the stream's buffers
 * and the chip, so it would pass again. Mesa switches a few colour
 * buffers back and forth between draws: the memo keeps the last
 * RCS_EG_CB_MEMO states that passed, each compared in full, so no state
 * the check did not pass is taken for one it did.
 */
static int eg_check_cb_memo(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n)
{
	struct rcs_eg_track *t = &p->track.eg;
	struct rcs_eg_cb_memo *m = &t->cb_memo;
	const struct rcs_eg_cb *cb = &t->cb[n];
	u32 samples = eg_cb_samples(t, n), i;

	for (i = 0; i < m->n; i++)
		if (m->samples[i] == samples && eg_cb_same(&m->cb[i], cb))
			return 0;
	if (eg_check_cb(p, pkt, n, cb, samples))
		return -1;
	i = eg_memo_slot(&m->n, &m->next, RCS_EG_CB_MEMO);
	m->cb[i] = *cb;
	m->samples[i] = samples;
	return 0;
}

/*
 * The colour buffers of a draw or dispatch: 0-7 as CB_TARGET_MASK enables
 * them (those whose state changed since they last passed), and every RAT
 * it may write, 0-11 with the RAT bit, whether CB_TARGET_MASK enables
 * them or not (a RAT takes no exports). One pass, each buffer's INFO read
 * once.
 */
static int eg_check_cbs(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	struct rcs_eg_track *t = &p->track.eg;
	u32 n, info;

	if (t->dirty & EG_DIRTY_SAMPLES)
		t->dirty |= EG_STALE_ALL;
	if (t->dirty & EG_DIRTY_RESOLVE)
		t->dirty |= EG_STALE(1);
	for (n = 0; n < 8; n++) {
		info = t->cb[n].info;
		if (info & CB_INFO_RAT) {
			if (eg_check_rat(p, pkt, n, &t->cb[n]))
				return -1;
		} else if (CB_INFO_FORMAT(info) && (t->target_mask >> (4 * n)) & 0xf &&
			   t->dirty & EG_STALE(n)) {
			if (eg_check_cb_memo(p, pkt, n))
				return -1;
			t->dirty &= ~EG_STALE(n);
		}
	}
	/* colour buffers 8-11 are mostly unused: four loads, one branch */
	if (!(t->compute.rat[0].info | t->compute.rat[1].info | t->compute.rat[2].info |
	      t->compute.rat[3].info))
		return 0;
	for (n = 8; n < RATS; n++) {
		info = t->compute.rat[n - 8].info;
		if (CB_INFO_FORMAT(info) && !(info & CB_INFO_RAT))
			return rcs_fail(p, pkt->idx, "colour buffers 8-11 only as RATs", n);
		if (info & CB_INFO_RAT && eg_check_rat(p, pkt, n, &t->compute.rat[n - 8]))
			return -1;
	}
	return 0;
}

/*
 * One surface of the depth buffer: set in this stream, @bytes inside it;
 * 2D-tiled (@l not NULL) in whole macro tiles of @w x @pixels / @w.
 */
static int eg_check_db_surf(struct rcs_parser *p, const struct rcs_packet *pkt,
			    unsigned int surf, u64 bytes, bool write,
			    const struct rcs_tile_layout *l, u64 w, u64 pixels)
{
	const struct rcs_eg_track *t = &p->track.eg;
	u64 addr;

	if (!t->db[surf].bo)
		return rcs_fail(p, pkt->idx, "depth buffer without a buffer", surf);
	if (rcs_check_addr(p, pkt, t->db[surf].bo, t->db[surf].offset, bytes, write,
			   &addr))
		return -1;
	return l ? eg_check_2d_target(p, pkt, l, w, pixels, addr) : 0;
}

/*
 * Bytes of the HTILE buffer of a @w x @h pixel depth buffer: a dword per
 * 8x8 tile, the tiles padded to the pipe-dependent block the DB walks
 * (linear: 16 tiles by one row per pipe), the whole padded to 2 KiB per
 * pipe; one such surface per slice.
 */
static u64 eg_htile_bytes(u32 surface, u32 pipes, u64 w, u64 h, u64 slices)
{
	u32 wa, ha;

	if (surface & HTILE_LINEAR) {
		wa = 16 * 8;
		ha = pipes * 8;
	} else {
		wa = (pipes >= 4 ? 64 : 32) * 8;
		ha = (pipes >= 8 ? 64 : pipes >= 2 ? 32 : 16) * 8;
	}
	return rcs_align_up(rcs_align_up(w, wa) / 8 * (rcs_align_up(h, ha) / 8) * 4, pipes * 2048) *
	       slices;
}

/*
 * The depth and stencil buffers a draw reads and writes: 1D- or 2D-tiled,
 * the draw's samples per pixel (PA_SC_AA_CONFIG); each slice is the larger of what
 * DB_DEPTH_SIZE (pitch x height) and DB_DEPTH_SLICE say, for every slice
 * up to the larger of the view's first and last; Z and stencil read and
 * write bases each bounded, written ones writable; HTILE bounded when
 * DB_Z_INFO enables it (8x8 HTILEs only).
 */
static int eg_check_db(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;
	u32 z = t->db_z_info, zfmt = DB_Z_FORMAT(z), pipes = eg_pipes(p);
	u32 samples = eg_samples(t), zbpe = (zfmt == 1 ? 2 : 4) * samples;
	u32 stencil = DB_STENCIL_FORMAT(t->db_stencil_info);
	u64 w = ((u64)DB_PITCH_TILE_MAX(t->db_size) + 1) * 8;
	u64 h = ((u64)DB_HEIGHT_TILE_MAX(t->db_size) + 1) * 8;
	u64 pixels = ((u64)DB_SLICE_TILE_MAX(t->db_slice) + 1) * 64, slices;
	struct rcs_tile_layout zl, sl;
	bool tiled_2d = DB_Z_ARRAY_MODE(z) == ARRAY_2D_TILED_THIN1;

	if (!zfmt && !stencil)
		return 0;
	if (DB_Z_ARRAY_MODE(z) != ARRAY_1D_TILED_THIN1 && !tiled_2d)
		return rcs_fail(p, pkt->idx, "depth buffer tiling not supported yet",
				DB_Z_ARRAY_MODE(z));
	if (tiled_2d &&
	    (eg_layout_2d(p, pkt, zbpe, DB_Z_NUM_BANKS(z), DB_Z_BANK_WIDTH(z),
			  DB_Z_BANK_HEIGHT(z), DB_Z_MACRO_TILE_ASPECT(z), DB_TILE_SPLIT(z),
			  &zl) ||
	     eg_layout_2d(p, pkt, samples, DB_Z_NUM_BANKS(z), DB_Z_BANK_WIDTH(z),
			  DB_Z_BANK_HEIGHT(z), DB_Z_MACRO_TILE_ASPECT(z),
			  DB_TILE_SPLIT(t->db_stencil_info), &sl)))
		return -1;
	if (pixels < w * h)
		pixels = w * h;
	slices = (u64)max_t(u32, DB_VIEW_SLICE_START(t->db_view),
			      DB_VIEW_SLICE_MAX(t->db_view)) + 1;
	if (zfmt &&
	    (eg_check_db_surf(p, pkt, DB_SURF_Z_READ, pixels * slices * zbpe, false,
			      tiled_2d ? &zl : NULL, w, pixels) ||
	     eg_check_db_surf(p, pkt, DB_SURF_Z_WRITE, pixels * slices * zbpe, true,
			      tiled_2d ? &zl : NULL, w, pixels)))
		return -1;
	if (stencil &&
	    (eg_check_db_surf(p, pkt, DB_SURF_S_READ, pixels * slices * samples, false,
			      tiled_2d ? &sl : NULL, w, pixels) ||
	     eg_check_db_surf(p, pkt, DB_SURF_S_WRITE, pixels * slices * samples, true,
			      tiled_2d ? &sl : NULL, w, pixels)))
		return -1;
	if (!(z & DB_Z_TILE_SURFACE_ENABLE))
		return 0;
	if ((t->htile_surface & (HTILE_WIDTH_8 | HTILE_HEIGHT_8)) !=
	    (HTILE_WIDTH_8 | HTILE_HEIGHT_8))
		return rcs_fail(p, pkt->idx, "HTILE of 4-pixel tiles not supported",
				t->htile_surface);
	/* the DB covers the whole slice, however few rows DB_DEPTH_SIZE says */
	return eg_check_db_surf(p, pkt, DB_SURF_HTILE,
				eg_htile_bytes(t->htile_surface, pipes, w, (pixels + w - 1) / w,
					       slices), true, NULL, 0, 0);
}

/*
 * Every stream-out buffer a stream of VGT_STRMOUT_BUFFER_CONFIG enables
 * (four bits a stream, one a buffer) is written from its base up to
 * VGT_STRMOUT_BUFFER_SIZE dwords, wherever its offset stands: that much
 * must be writable after its base.
 */
static int eg_check_streamout(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;
	u32 cfg = t->so_buffer_config, used = (cfg | cfg >> 4 | cfg >> 8 | cfg >> 12) & 0xf;
	unsigned int n;
	u64 addr;

	for (n = 0; n < 4; n++) {
		if (!(used & BIT(n)) || !t->so[n].size)
			continue;
		if (!t->so[n].bo)
			return rcs_fail(p, pkt->idx, "stream-out buffer without a buffer", n);
		if (rcs_check_addr(p, pkt, t->so[n].bo, t->so[n].offset, 4ull * t->so[n].size,
				   true, &addr))
			return -1;
	}
	return 0;
}

/*
 * Every constant buffer with a size, of every stage, lies inside its
 * buffer: the stages a draw or dispatch does not run keep what CLEAR_STATE
 * left (no size) unless the stream set them.
 */
static int eg_check_cbufs(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;
	unsigned int stage;
	u64 addr;

	for (stage = 0; stage < CBUF_STAGES; stage++) {
		unsigned long sized = t->cbuf_sized[stage];

		for (; sized; sized &= sized - 1) {
			unsigned int n = __ffs(sized);

			if (!(t->cbuf_set[stage] & BIT(n)))
				return rcs_fail(p, pkt->idx, "constant buffer without a buffer",
						stage * 16 + n);
			if (rcs_check_addr(p, pkt, t->cbuf[stage][n].bo,
					   t->cbuf[stage][n].offset,
					   (u64)t->cbuf_size[stage][n] << 8, false, &addr))
				return -1;
		}
	}
	return 0;
}

/* What eg_check_state() finds changed since the last draw or dispatch */
static noinline int eg_check_dirty(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	struct rcs_eg_track *t = &p->track.eg;

	if (((t->dirty & EG_DIRTY_CB) && eg_check_cbs(p, pkt)) ||
	    ((t->dirty & EG_DIRTY_DB) && eg_check_db(p, pkt)) ||
	    ((t->dirty & EG_DIRTY_CBUF) && eg_check_cbufs(p, pkt)) ||
	    ((t->dirty & EG_DIRTY_SO) && eg_check_streamout(p, pkt)))
		return -1;
	/* the colour buffers not checked keep their state's change */
	t->dirty &= EG_STALE_ALL;
	return 0;
}

/*
 * The state a draw or dispatch writes and reads: what passed at an earlier
 * one and has not changed since is not checked again (the test inline:
 * most draws of real streams change nothing it checks)
 */
static __always_inline int eg_check_state(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	return p->track.eg.dirty & EG_DIRTY_CHECKS ? eg_check_dirty(p, pkt) : 0;
}

/* The shader stages and rings at a draw: only VS and PS, no rings, passes inline */
static __always_inline int eg_check_stages(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;

	return t->shader_stages || t->stages.set ? eg_check_stages_set(p, pkt) : 0;
}

/* DRAW_INDEX_AUTO: a draw from state this stream set up, and only that */
static __always_inline int eg_draw_auto(struct rcs_parser *p, struct rcs_packet *pkt)
{
	struct rcs_eg_track *t = &p->track.eg;

	if (eg_check_stages(p, pkt))
		return -1;
	if (!t->pgm_bo[PGM_VS] || !t->pgm_bo[PGM_PS] || !t->pgm_bo[PGM_FS])
		return rcs_fail(p, pkt->idx, "draw without its VS, PS and FS programs", 0);
	return eg_check_state(p, pkt);
}

/* INDEX_TYPE: 16- or 32-bit indices for the draws that follow */
static int eg_index_type(struct rcs_parser *p, struct rcs_packet *pkt)
{
	p->track.eg.index_size = pkt->body[0] & 1 ? 4 : 2;
	return 0;
}

/*
 * A draw of @count indices from the relocated address in @addr (low
 * dword, bits 39:32 in the next): every one of them inside its buffer
 */
static int eg_draw_indices(struct rcs_parser *p, struct rcs_packet *pkt, u32 *addr,
			   u32 count)
{
	u64 offset = RCS_ADDR40(addr[0], addr[1]), gpu;
	const struct rcs_bo *bo;

	if (offset % p->track.eg.index_size)
		return rcs_fail(p, pkt->idx, "unaligned index buffer", offset);
	if (rcs_reloc(p, pkt, &bo) ||
	    rcs_check_addr(p, pkt, bo, offset, (u64)count * p->track.eg.index_size, false,
			   &gpu))
		return -1;
	rcs_put_addr40(&addr[0], &addr[1], gpu);
	return eg_draw_auto(p, pkt);
}

/* DRAW_INDEX: address, count */
static int eg_draw_index(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return eg_draw_indices(p, pkt, &pkt->body[0], pkt->body[2]);
}

/* DRAW_INDEX_2: DRAW_INDEX's operands after MAX_SIZE */
static int eg_draw_index_2(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if (pkt->count != 5)
		return rcs_fail(p, pkt->idx, "DRAW_INDEX_2 of the wrong size", pkt->count);
	return eg_draw_indices(p, pkt, &pkt->body[1], pkt->body[3]);
}

/*
 * DRAW_INDEX_OFFSET_2: INDEX_COUNT indices from INDEX_OFFSET on, in the
 * buffer INDEX_BASE named: all of them inside it
 */
static int eg_draw_index_offset_2(struct rcs_parser *p, struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;
	u64 addr;

	if (pkt->count != 4)
		return rcs_fail(p, pkt->idx, "DRAW_INDEX_OFFSET_2 of the wrong size",
				pkt->count);
	if (!t->ib_base.bo)
		return rcs_fail(p, pkt->idx, "indexed draw without INDEX_BASE", 0);
	if (rcs_check_addr(p, pkt, t->ib_base.bo,
			   t->ib_base.offset + (u64)pkt->body[1] * t->index_size,
			   (u64)pkt->body[2] * t->index_size, false, &addr))
		return -1;
	return eg_draw_auto(p, pkt);
}

/* DRAW_INDEX_IMMD: the indices are in the packet; it must hold them all */
static int eg_draw_immd(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u64 bytes = (u64)pkt->body[0] * p->track.eg.index_size;

	if (bytes > 4ull * (pkt->count - 2))
		return rcs_fail(p, pkt->idx, "fewer immediate indices than drawn",
				pkt->body[0]);
	return eg_draw_auto(p, pkt);
}

#define SET_BASE_DRAW_INDIRECT		1

/* SET_BASE: where the indirect draws' arguments are, a relocated buffer */
static int eg_set_base(struct rcs_parser *p, struct rcs_packet *pkt)
{
	struct rcs_eg_track *t = &p->track.eg;
	u64 offset = RCS_ADDR40(pkt->body[1], pkt->body[2]), addr;

	if ((pkt->body[0] & 0xf) != SET_BASE_DRAW_INDIRECT)
		return rcs_fail(p, pkt->idx, "base not supported", pkt->body[0]);
	if (offset & 7)
		return rcs_fail(p, pkt->idx, "unaligned address", offset);
	if (rcs_reloc(p, pkt, &t->indirect.bo) ||
	    rcs_check_addr(p, pkt, t->indirect.bo, offset, 0, false, &addr))
		return -1;
	t->indirect.offset = offset;
	rcs_put_addr40(&pkt->body[1], &pkt->body[2], addr);
	return 0;
}

/* INDEX_BASE: the index buffer of indirect indexed draws */
static int eg_index_base(struct rcs_parser *p, struct rcs_packet *pkt)
{
	struct rcs_eg_track *t = &p->track.eg;
	u64 offset = RCS_ADDR40(pkt->body[0], pkt->body[1]), addr;

	if (offset % t->index_size)
		return rcs_fail(p, pkt->idx, "unaligned index buffer", offset);
	if (rcs_reloc(p, pkt, &t->ib_base.bo) ||
	    rcs_check_addr(p, pkt, t->ib_base.bo, offset, 0, false, &addr))
		return -1;
	t->ib_base.offset = offset;
	rcs_put_addr40(&pkt->body[0], &pkt->body[1], addr);
	return 0;
}

/* INDEX_BUFFER_SIZE: how many indices the VGT may fetch from INDEX_BASE */
static int eg_index_buffer_size(struct rcs_parser *p, struct rcs_packet *pkt)
{
	p->track.eg.ib_size = pkt->body[0];
	return 0;
}

/*
 * DRAW_INDIRECT and DRAW_INDEX_INDIRECT: the draw's arguments (16 and 20
 * bytes) come from SET_BASE's buffer at DATA_OFFSET, so counts and
 * starts are not known here. What they can reach is: vertex fetches are
 * clamped to each vertex buffer's size, and an indexed draw fetches no
 * index past INDEX_BUFFER_SIZE, so the whole index buffer that size
 * describes must lie inside INDEX_BASE's buffer.
 */
static int eg_draw_indirect(struct rcs_parser *p, struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;
	bool indexed = pkt->opcode == PKT3_DRAW_INDEX_INDIRECT;
	u64 addr;

	if (pkt->body[0] & 3)
		return rcs_fail(p, pkt->idx, "unaligned address", pkt->body[0]);
	if (!t->indirect.bo)
		return rcs_fail(p, pkt->idx, "indirect draw without SET_BASE", 0);
	if (rcs_check_addr(p, pkt, t->indirect.bo, t->indirect.offset + pkt->body[0],
			   indexed ? 20 : 16, false, &addr))
		return -1;
	if (indexed) {
		if (!t->ib_base.bo)
			return rcs_fail(p, pkt->idx, "indexed draw without INDEX_BASE", 0);
		if (rcs_check_addr(p, pkt, t->ib_base.bo, t->ib_base.offset,
				   (u64)t->ib_size * t->index_size, false, &addr))
			return -1;
	}
	return eg_draw_auto(p, pkt);
}

#define EOS_CMD(dw)			((dw) >> 29)
#define EOS_CMD_STORE_APPEND		0	/* an append counter register */
#define EOS_CMD_STORE_GDS		1
#define EOS_CMD_STORE_DATA		2

static int eg_eos_append(struct rcs_parser *p, const struct rcs_packet *pkt, u32 reg);

/*
 * EVENT_WRITE_EOS: at end of shader, a dword of data or of an append
 * counter (eg_eos_append()) stored to memory, inside the relocated
 * buffer. (Upstream radeon relocates the address without bounding it.)
 * GDS stores are refused: GDS is shared by every client.
 */
static int eg_event_write_eos(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 cmd = EOS_CMD(pkt->body[2]);

	if (cmd == EOS_CMD_STORE_GDS)
		return rcs_fail(p, pkt->idx, "GDS read-back: GDS is shared between clients",
				pkt->body[3]);
	if (cmd == EOS_CMD_STORE_APPEND && eg_eos_append(p, pkt, pkt->body[3]))
		return -1;
	if (cmd != EOS_CMD_STORE_DATA && cmd != EOS_CMD_STORE_APPEND)
		return rcs_fail(p, pkt->idx, "end-of-shader command", pkt->body[2]);
	return rcs_reloc_addr40(p, pkt, &pkt->body[1], &pkt->body[2], 4, true);
}

/*
 * ---- Geometry and tessellation stages ----
 *
 * VGT_SHADER_STAGES_EN turns on, besides the VS and PS, the stages
 * Evergreen runs a geometry shader with (ES: the vertex shader, GS, the VS
 * as the GS's copy shader) and tessellation with (LS: the vertex shader,
 * HS, the VS or, with a GS too, the ES as the domain shader). Each stage
 * on must have its program relocated in the stream. The ES writes the
 * ES->GS ring and the GS reads it and writes the GS->VS ring, and every
 * stage may spill to its scratch ring: each ring is a base and a size in
 * config registers, addressed modulo the size, so the hardware reaches
 * exactly [base, base + size). A stream may bring its own rings (the base
 * relocated, upstream's ABI): at every draw each ring it set must have a
 * base in a buffer it may write with the whole size after it; the rings
 * it did not set are the kernel's, which the kernel points back at after
 * any stream that set one (rcs_parser.rings_set). A ring's size may be 0
 * (Mesa's way of turning the GS rings off) as long as no draw uses it.
 */

/* The shader rings, in struct rcs_eg_stages's ring[] */
enum {
	EG_RING_ESGS, EG_RING_GSVS, EG_RING_ESTMP, EG_RING_GSTMP, EG_RING_VSTMP,
	EG_RING_PSTMP, EG_RING_LSTMP, EG_RING_HSTMP
};

#define ES_STAGE_DS			1	/* the ES runs the domain shader */
#define ES_STAGE_REAL			2	/* the ES runs the vertex shader */
#define VS_STAGE_REAL			0
#define VS_STAGE_DS			1
#define VS_STAGE_COPY			2

/* The ring a config register is the base or size of; -1 if none */
static int eg_ring_of(u64 reg)
{
	if (reg >= SQ_ESGS_RING_BASE && reg < SQ_ESGS_RING_BASE + 6 * 8)
		return (reg - SQ_ESGS_RING_BASE) / 8;
	if (reg >= SQ_LSTMP_RING_BASE && reg < SQ_LSTMP_RING_BASE + 2 * 8)
		return EG_RING_LSTMP + (reg - SQ_LSTMP_RING_BASE) / 8;
	return -1;
}

/* A ring's base (relocated, inside its buffer) or size, as a stream sets it */
static int eg_ring_reg(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	struct rcs_eg_stages *s = &p->track.eg.stages;
	int n = eg_ring_of(reg);

	p->rings_set = true;
	s->set |= BIT(n);
	if (reg % 8 == 0)
		return eg_reloc_256(p, pkt, val, &s->ring[n].bo, &s->ring[n].offset, 0, 0);
	s->ring[n].size = (u64)*val << 8;
	s->sized |= BIT(n);
	return 0;
}

/*
 * SET_CONFIG_REG on a run that takes in a ring register: each register
 * of the run either a ring's or in the plain list
 */
static int eg_set_config_rings(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u64 first = PKT3_SET_CONFIG_REG_START + 4ull * pkt->body[0];
	u32 i;

	if (first + 4ull * (pkt->count - 2) >= PKT3_SET_CONFIG_REG_END)
		return rcs_fail(p, pkt->idx, "register outside the packet's window",
				first + 4ull * (pkt->count - 2));
	for (i = 1; i < pkt->count; i++) {
		u32 reg = (u32)first + 4 * (i - 1);

		if (eg_ring_of(reg) >= 0) {
			if (eg_ring_reg(p, pkt, reg, &pkt->body[i]))
				return -1;
		} else if (!rcs_reg_allowed(p->gen, reg)) {
			return rcs_fail(p, pkt->idx, "register not allowed", reg);
		}
	}
	return 0;
}

/* Whether a SET_CONFIG_REG packet writes a ring register */
static bool eg_config_takes_ring(const struct rcs_packet *pkt)
{
	u64 first = PKT3_SET_CONFIG_REG_START + 4ull * pkt->body[0];
	u64 last = first + 4ull * (pkt->count - 2);

	if (pkt->count < 2)
		return false;
	return (first <= SQ_GSTMP_RING_BASE + 0x14 && last >= SQ_ESGS_RING_BASE) ||
	       (first <= SQ_HSTMP_RING_BASE + 4 && last >= SQ_LSTMP_RING_BASE);
}

/*
 * The stages of VGT_SHADER_STAGES_EN the hardware runs a draw with: the
 * VS alone (and the PS), ES+GS+VS copy shader, LS+HS+VS domain shader,
 * LS+HS+ES domain shader+GS+VS copy shader. 0, or -1 with the error set.
 */
static int eg_check_stage_set(struct rcs_parser *p, const struct rcs_packet *pkt, u32 v)
{
	u32 ls = VGT_SHADER_STAGES_LS_EN(v), es = VGT_SHADER_STAGES_ES_EN(v);
	u32 gs = VGT_SHADER_STAGES_GS_EN(v), vs = VGT_SHADER_STAGES_VS_EN(v);
	bool tess = ls;

	if (v >> 8)
		return rcs_fail(p, pkt->idx, "shader stage bits not supported", v);
	if (ls > 1)
		return rcs_fail(p, pkt->idx, "LS stage mode not supported in a draw", v);
	if (ls != VGT_SHADER_STAGES_HS_EN(v))
		return rcs_fail(p, pkt->idx, "LS and HS stages not enabled together", v);
	if (!es != !gs)
		return rcs_fail(p, pkt->idx, "ES and GS stages not enabled together", v);
	if (es && es != (tess ? ES_STAGE_DS : ES_STAGE_REAL))
		return rcs_fail(p, pkt->idx, "ES stage mode does not match the stages", v);
	if (vs != (gs ? VS_STAGE_COPY : tess ? VS_STAGE_DS : VS_STAGE_REAL))
		return rcs_fail(p, pkt->idx, "VS stage mode does not match the stages", v);
	return 0;
}

/*
 * Every ring the stream set: a base in a writable buffer with the whole
 * size after it; a size of 0 only where no stage of the draw uses the
 * ring (@used, EG_RING_* bits). The GS rings of a geometry draw must have
 * a size, the kernel's or the stream's.
 */
static int eg_check_rings(struct rcs_parser *p, const struct rcs_packet *pkt, u32 used)
{
	const struct rcs_eg_stages *s = &p->track.eg.stages;
	unsigned long set = s->set;
	u64 addr;

	for (; set; set &= set - 1) {
		unsigned int n = __ffs(set);

		if (!(s->sized & BIT(n)))
			return rcs_fail(p, pkt->idx, "shader ring base without its size", n);
		if (!s->ring[n].size) {
			if (used & BIT(n))
				return rcs_fail(p, pkt->idx, "draw with a shader ring of size 0",
						n);
			continue;
		}
		if (!s->ring[n].bo)
			return rcs_fail(p, pkt->idx, "shader ring size without its base", n);
		if (rcs_check_addr(p, pkt, s->ring[n].bo, s->ring[n].offset, s->ring[n].size,
				   true, &addr))
			return -1;
	}
	return 0;
}

/*
 * At a draw that runs more stages than VS and PS, or after the stream set
 * a ring: the stages it runs are a set the hardware supports, each with
 * its program, and every ring the stream set is bounded.
 */
static noinline int eg_check_stages_set(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;
	u32 v = t->shader_stages, used = BIT(EG_RING_VSTMP) | BIT(EG_RING_PSTMP);

	if (eg_check_stage_set(p, pkt, v))
		return -1;
	if (VGT_SHADER_STAGES_GS_EN(v)) {
		if (!t->pgm_bo[PGM_ES] || !t->pgm_bo[PGM_GS])
			return rcs_fail(p, pkt->idx, "geometry draw without its ES and GS programs",
					v);
		used |= BIT(EG_RING_ESGS) | BIT(EG_RING_GSVS) | BIT(EG_RING_ESTMP) |
			BIT(EG_RING_GSTMP);
	}
	if (VGT_SHADER_STAGES_LS_EN(v)) {
		if (!t->pgm_bo[PGM_LS] || !t->pgm_bo[PGM_HS])
			return rcs_fail(p, pkt->idx,
					"tessellation draw without its LS and HS programs", v);
		used |= BIT(EG_RING_LSTMP) | BIT(EG_RING_HSTMP);
	}
	return eg_check_rings(p, pkt, used);
}

/*
 * ---- Compute: dispatches, RATs, immediate buffers, GDS, append counters ----
 */

#define CB_INFO_RESOURCE_TYPE(info)	(((info) >> 27) & 0x7)
#define CB_RESOURCE_BUFFER		0
#define CB_DIM_WIDTH_MAX(v)		((v) & 0xffff)
#define CB_DIM_HEIGHT_MAX(v)		((v) >> 16)
#define IMMED_SLOTS			(256 * 64)	/* wavefront slots x threads, per SE */
#define APPEND_SRC_SEL(v)		((v) & 3)
#define APPEND_SRC_MEMORY		3
#define APPEND_REG(v)			((v) >> 16)	/* context register index */

/* CB_COLORn_DIM: where the stream set it, so that a draw can clamp it */
static int eg_rat_dim(struct rcs_parser *p, struct rcs_packet *pkt __always_unused, u32 n,
		      u32 *val)
{
	struct rcs_eg_track *t = &p->track.eg;

	t->compute.dim_idx[n] = (u32)(val - p->ib);
	eg_set(t, &t->compute.dim[n], *val, EG_DIRTY_CB);
	return 0;
}

/*
 * A buffer RAT: linear, DIM + 1 elements (DIM's 32 bits) from its base.
 * A DIM past the end of the buffer is lowered to its last element, in
 * the IB (Mesa sets it in bytes, not elements): the CB drops accesses
 * beyond DIM, so what the shader may legitimately reach is unchanged.
 */
static int eg_check_rat_buffer(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n,
			       const struct rcs_eg_cb *cb, u32 bpp)
{
	struct rcs_eg_compute *c = &p->track.eg.compute;
	u32 mode = CB_INFO_ARRAY_MODE(cb->info);
	u64 addr, elems;

	if (mode != ARRAY_LINEAR_GENERAL && mode != ARRAY_LINEAR_ALIGNED)
		return rcs_fail(p, pkt->idx, "buffer RAT not linear", mode);
	if (rcs_check_addr(p, pkt, cb->bo, cb->offset, bpp, true, &addr))
		return -1;
	elems = (cb->bo->size - cb->offset) / bpp;
	if ((u64)c->dim[n] + 1 <= elems)
		return 0;
	if (!c->dim_idx[n])
		return rcs_fail(p, pkt->idx, "RAT beyond its buffer", c->dim[n]);
	c->dim[n] = (u32)elems - 1;
	p->ib[c->dim_idx[n]] = c->dim[n];
	return 0;
}

/*
 * An image RAT: a colour surface (pitch, slice, layers up to the view's
 * last, linear, 1D or 2D tiles), DIM's width and height inside its rows
 * and slice (whole 8x8 tiles when tiled).
 */
static int eg_check_rat_image(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n,
			      const struct rcs_eg_cb *cb, u32 bpp)
{
	u32 dim = p->track.eg.compute.dim[n], mode = CB_INFO_ARRAY_MODE(cb->info);
	u64 w = ((u64)CB_PITCH_TILE_MAX(cb->pitch) + 1) * 8, addr;
	u64 pixels = ((u64)CB_SLICE_TILE_MAX(cb->slice) + 1) * 64;
	u64 rows = rcs_align_up((u64)CB_DIM_HEIGHT_MAX(dim) + 1,
				mode >= ARRAY_1D_TILED_THIN1 ? 8 : 1);
	struct rcs_tile_layout l;

	if (mode != ARRAY_LINEAR_GENERAL && mode != ARRAY_LINEAR_ALIGNED &&
	    mode != ARRAY_1D_TILED_THIN1 && mode != ARRAY_2D_TILED_THIN1)
		return rcs_fail(p, pkt->idx, "RAT tiling not supported", mode);
	if (CB_DIM_WIDTH_MAX(dim) >= w || rows * w > pixels)
		return rcs_fail(p, pkt->idx, "RAT extent beyond its surface", dim);
	if (rcs_check_addr(p, pkt, cb->bo, cb->offset,
			   pixels * bpp * ((u64)CB_VIEW_SLICE_MAX(cb->view) + 1), true, &addr))
		return -1;
	if (mode != ARRAY_2D_TILED_THIN1)
		return 0;
	return eg_layout_2d(p, pkt, bpp, CB_ATTRIB_NUM_BANKS(cb->attrib),
			    CB_ATTRIB_BANK_WIDTH(cb->attrib), CB_ATTRIB_BANK_HEIGHT(cb->attrib),
			    CB_ATTRIB_MACRO_TILE_ASPECT(cb->attrib),
			    CB_ATTRIB_TILE_SPLIT(cb->attrib), &l) ||
	       eg_check_2d_target(p, pkt, &l, w, pixels, addr) ? -1 : 0;
}

/*
 * Colour buffer @n as a RAT: its surface, and its immediate buffer, where
 * returning operations write an element per thread of each wavefront
 * slot of each shader engine (the most Evergreen has, 2, if the parser
 * was not told).
 */
static int eg_check_rat(struct rcs_parser *p, const struct rcs_packet *pkt, u32 n,
			const struct rcs_eg_cb *cb)
{
	const struct rcs_eg_compute *c = &p->track.eg.compute;
	u32 bpp = rcs_cb_bpp(CB_INFO_FORMAT(cb->info)), ses = p->num_ses ? p->num_ses : 2;
	u64 addr;

	if (!bpp)
		return rcs_fail(p, pkt->idx, "RAT format", CB_INFO_FORMAT(cb->info));
	if (!cb->bo)
		return rcs_fail(p, pkt->idx, "RAT without a buffer", n);
	if (cb->info & (CB_INFO_FAST_CLEAR | CB_INFO_COMPRESSION))
		return rcs_fail(p, pkt->idx, "RAT with CMASK or FMASK", cb->info);
	if (CB_INFO_RESOURCE_TYPE(cb->info) == CB_RESOURCE_BUFFER ?
	    eg_check_rat_buffer(p, pkt, n, cb, bpp) : eg_check_rat_image(p, pkt, n, cb, bpp))
		return -1;
	if (!c->immed[n].bo)
		return rcs_fail(p, pkt->idx, "RAT without an immediate buffer", n);
	return rcs_check_addr(p, pkt, c->immed[n].bo, c->immed[n].offset,
			      (u64)ses * IMMED_SLOTS * bpp, true, &addr);
}

/*
 * DISPATCH_DIRECT, DISPATCH_INDIRECT (its thread-group counts, 12 bytes at
 * DATA_OFFSET in SET_BASE's buffer): the compute shader, the LS program,
 * run over the state the stream set up, checked as for a draw
 */
static int eg_dispatch(struct rcs_parser *p, struct rcs_packet *pkt)
{
	const struct rcs_eg_track *t = &p->track.eg;
	u64 addr;

	if (!t->pgm_bo[PGM_LS])
		return rcs_fail(p, pkt->idx, "dispatch without its LS program", 0);
	/* the compute shader may spill to the LS scratch ring */
	if (t->stages.set && eg_check_rings(p, pkt, BIT(EG_RING_LSTMP)))
		return -1;
	if (pkt->opcode == PKT3_DISPATCH_INDIRECT) {
		if (pkt->body[0] & 3)
			return rcs_fail(p, pkt->idx, "unaligned address", pkt->body[0]);
		if (!t->indirect.bo)
			return rcs_fail(p, pkt->idx, "indirect dispatch without SET_BASE", 0);
		if (rcs_check_addr(p, pkt, t->indirect.bo, t->indirect.offset + pkt->body[0],
				   12, false, &addr))
			return -1;
	}
	return eg_check_state(p, pkt);
}

/*
 * SET_APPEND_CNT: append counter n (GDS_APPEND_COUNT_n) loaded from a
 * dword of a relocated buffer (the swap bits kept). The other sources,
 * a register and GDS, would read what other clients left: refused, as
 * upstream radeon does.
 */
static int eg_set_append_cnt(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 ctl = pkt->body[0], swap = pkt->body[1] & 3;
	u32 n = APPEND_REG(ctl) - CTX_IDX(GDS_APPEND_COUNT_0);

	if (pkt->count != 3)
		return rcs_fail(p, pkt->idx, "SET_APPEND_CNT of the wrong size", pkt->count);
	if (n >= RATS)
		return rcs_fail(p, pkt->idx, "append counter register", APPEND_REG(ctl));
	if (APPEND_SRC_SEL(ctl) != APPEND_SRC_MEMORY)
		return rcs_fail(p, pkt->idx, "append counter source not supported", ctl);
	pkt->body[1] &= ~3u;
	if (rcs_reloc_addr40(p, pkt, &pkt->body[1], &pkt->body[2], 4, false))
		return -1;
	pkt->body[1] |= swap;
	p->track.eg.compute.append_set |= BIT(n);
	return 0;
}

/*
 * EVENT_WRITE_EOS storing append counter register @reg (a dword address):
 * one of the twelve, loaded by this stream, never a value another
 * client's stream left
 */
static int eg_eos_append(struct rcs_parser *p, const struct rcs_packet *pkt, u32 reg)
{
	u32 n = reg - GDS_APPEND_COUNT_0 / 4;

	if (n >= RATS)
		return rcs_fail(p, pkt->idx, "append counter register", reg);
	if (!(p->track.eg.compute.append_set & BIT(n)))
		return rcs_fail(p, pkt->idx, "append counter not loaded in this stream", n);
	return 0;
}

/* ---- end of compute ---- */

/* The async DMA engine: header fields and commands */
#define DMA_COPY_LINEAR_DW		0x00
#define DMA_COPY_LINEAR_BYTE		0x40
#define DMA_COPY_LINEAR_BROADCAST	0x44

/* The tiled copy's description of its tiled surface */
#define DMA_COPY_TILED			0x08
#define DMA_T_DETILE			BIT(31)		/* tiled -> linear */
#define DMA_T_ARRAY_MODE(dw)		(((dw) >> 27) & 0xf)
#define DMA_T_LBPP(dw)			(((dw) >> 24) & 0x7)
#define DMA_T_BANK_H(dw)		(((dw) >> 21) & 0x7)
#define DMA_T_BANK_W(dw)		(((dw) >> 18) & 0x7)
#define DMA_T_ASPECT(dw)		(((dw) >> 16) & 0x3)
#define DMA_T_PITCH(dw)			((((dw) & 0x7ff) + 1) * 8)
#define DMA_T_HEIGHT(dw)		((((dw) >> 16) & 0x3fff) + 1)
#define DMA_T_SLICE(dw)			((((dw) & 0x3fffff) + 1) * 64)
#define DMA_T_X(dw)			((dw) & 0x3fff)
#define DMA_T_Z(dw)			(((dw) >> 18) & 0xfff)
#define DMA_T_Y(dw)			((dw) & 0x3fff)
#define DMA_T_TILE_SPLIT(dw)		(((dw) >> 21) & 0x7)
#define DMA_T_NUM_BANKS(dw)		(((dw) >> 25) & 0x3)

/*
 * COPY, L2T/T2L: nine dwords, the tiled surface's fields in the packet
 * (2D: its banks, bank width and height, macro tile aspect and tile split
 * too), bounded as rcs_dma_copy_tiled() says.
 */
static int eg_dma_copy_tiled(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 *d = pkt->body, info;
	struct rcs_dma_tiled t;
	struct rcs_tile_layout l;
	int ret;

	if (rcs_dma_len(p, pkt, 9))
		return -1;
	info = d[1];
	t = (struct rcs_dma_tiled){
		.base = &d[0], .lin_lo = &d[6], .lin_hi = &d[7],
		.detile = info & DMA_T_DETILE, .lbpp = DMA_T_LBPP(info),
		.pitch = DMA_T_PITCH(d[2]), .height = DMA_T_HEIGHT(d[2]),
		.slice = DMA_T_SLICE(d[3]),
		.x = DMA_T_X(d[4]), .y = DMA_T_Y(d[5]), .z = DMA_T_Z(d[4]),
	};
	if (t.lbpp > 4)
		return rcs_fail(p, pkt->idx, "DMA element size", t.lbpp);
	if (DMA_T_ARRAY_MODE(info) == ARRAY_1D_TILED_THIN1) {
		l = rcs_eg_layout_1d(1u << t.lbpp);
	} else if (DMA_T_ARRAY_MODE(info) == ARRAY_2D_TILED_THIN1) {
		if (DMA_T_BANK_W(info) > 3 || DMA_T_BANK_H(info) > 3)
			return rcs_fail(p, pkt->idx, "bank width or height", info);
		/*
		 * Inline, as a layout a call writes and the caller reads
		 * back at once stalls the loads (a third of the check)
		 */
		ret = eg_layout_2d_of(1u << t.lbpp, eg_pipes(p), DMA_T_NUM_BANKS(d[5]),
				      DMA_T_BANK_W(info), DMA_T_BANK_H(info), DMA_T_ASPECT(info),
				      DMA_T_TILE_SPLIT(d[5]), &l);
		if (ret)
			return eg_layout_2d_fail(p, pkt, ret, DMA_T_ASPECT(info),
						 DMA_T_TILE_SPLIT(d[5]));
	} else {
		return rcs_fail(p, pkt->idx, "DMA tiling not supported", DMA_T_ARRAY_MODE(info));
	}
	t.palign = l.palign;
	t.halign = l.halign;
	t.base_align = l.base_align;
	return rcs_dma_copy_tiled(p, pkt, &t);
}

/*
 * COPY, linear broadcast: count dwords from one buffer to two, every
 * address dword-aligned (the engine ignores bits 1:0: they must be 0 so
 * that what is bounded is what is copied). Body: destination, second
 * destination, source (low dwords), then their bits 39:32 in the same
 * order. Relocations: source, destination, second destination.
 */
static int eg_dma_copy_broadcast(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 *d = pkt->body;
	u64 dst_off = RCS_ADDR40(d[0], d[3]), dst2_off = RCS_ADDR40(d[1], d[4]);
	u64 src_off = RCS_ADDR40(d[2], d[5]), bytes = 4ull * pkt->count, addr[3];
	const struct rcs_bo *src, *dst, *dst2;

	if (rcs_dma_len(p, pkt, 7))
		return -1;
	if ((dst_off | dst2_off | src_off) & 3)
		return rcs_fail(p, pkt->idx, "unaligned address", dst_off | dst2_off | src_off);
	if (rcs_dma_reloc(p, pkt, &src) || rcs_dma_reloc(p, pkt, &dst) ||
	    rcs_dma_reloc(p, pkt, &dst2) ||
	    rcs_check_addr(p, pkt, src, src_off, bytes, false, &addr[2]) ||
	    rcs_check_addr(p, pkt, dst, dst_off, bytes, true, &addr[0]) ||
	    rcs_check_addr(p, pkt, dst2, dst2_off, bytes, true, &addr[1]))
		return -1;
	rcs_put_addr40(&d[0], &d[3], addr[0]);
	rcs_put_addr40(&d[1], &d[4], addr[1]);
	rcs_put_addr40(&d[2], &d[5], addr[2]);
	return 0;
}

/*
 * COPY: count dwords between two buffers, source relocation first. The
 * partial copies (0x41, 0x49, 0x4d) are Cayman's and the tiled broadcast
 * and frame-to-field ones (0x48, 0x4b, 0x4c, 0x4f) are used by no client
 * (Mesa's r600 emits the linear and the tiled L2T/T2L copies only):
 * refused.
 */
static int eg_dma_copy(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 sub = rcs_dma_sub_cmd(p, pkt);

	if (sub == DMA_COPY_TILED)
		return eg_dma_copy_tiled(p, pkt);
	if (sub == DMA_COPY_LINEAR_BROADCAST)
		return eg_dma_copy_broadcast(p, pkt);
	/* linear: COUNT dwords between dword addresses, or bytes between any */
	if (sub != DMA_COPY_LINEAR_DW && sub != DMA_COPY_LINEAR_BYTE)
		return rcs_fail(p, pkt->idx, "DMA copy mode not supported", sub);
	return rcs_dma_copy_linear(p, pkt, sub == DMA_COPY_LINEAR_BYTE);
}

#define DMA_OP(code, nm, fn)	\
	[(code)] = { .name = (nm), .check = (fn) }

static const struct rcs_op eg_dma_ops[16] = {
	DMA_OP(RCS_DMA_WRITE, "WRITE", rcs_dma_write),
	DMA_OP(RCS_DMA_COPY, "COPY", eg_dma_copy),
	DMA_OP(RCS_DMA_CONSTANT_FILL, "CONSTANT_FILL", rcs_dma_fill),
	DMA_OP(RCS_DMA_NOP, "NOP", NULL),
};

static noinline int eg_dma_packet(struct rcs_parser *p, u32 idx, u32 reloc)
{
	return rcs_dma_packet(p, idx, reloc, eg_dma_ops);
}

static int eg_check_dma(struct rcs_parser *p)
{
	return rcs_dma_walk(p, rcs_dma_copy_fast, RCS_DMA_HDR_COPY_LINEAR_DW, 5, 2,
			    eg_dma_packet);
}

#define OP(code, nm, min, fn)	\
	[(code)] = { .name = (nm), .min_len = (min) + 1, .check = (fn) }

/*
 * CLEAR_STATE: the context registers go back to their defaults, colour
 * and depth buffers, programs and constant buffers with them: what the
 * stream set before is gone, as at its start
 */
static int eg_clear_state(struct rcs_parser *p, struct rcs_packet *pkt __always_unused)
{
	/* the shader rings are config registers: CLEAR_STATE leaves them */
	struct rcs_eg_stages rings = p->track.eg.stages;
	bool rings_set = p->rings_set;

	eg_begin(p);
	p->track.eg.stages = rings;
	p->rings_set = rings_set;
	return 0;
}

static const struct rcs_op eg_ops[256] = {
	OP(PKT3_NOP, "NOP", 1, NULL),
	OP(PKT3_SET_BASE, "SET_BASE", 3, eg_set_base),
	OP(PKT3_SET_PREDICATION, "SET_PREDICATION", 2, rcs_set_predication),
	OP(PKT3_INDEX_BUFFER_SIZE, "INDEX_BUFFER_SIZE", 1, eg_index_buffer_size),
	OP(PKT3_DISPATCH_DIRECT, "DISPATCH_DIRECT", 4, eg_dispatch),
	OP(PKT3_DISPATCH_INDIRECT, "DISPATCH_INDIRECT", 2, eg_dispatch),
	OP(PKT3_DRAW_INDIRECT, "DRAW_INDIRECT", 2, eg_draw_indirect),
	OP(PKT3_DRAW_INDEX_INDIRECT, "DRAW_INDEX_INDIRECT", 2, eg_draw_indirect),
	OP(PKT3_INDEX_BASE, "INDEX_BASE", 2, eg_index_base),
	OP(PKT3_DRAW_INDEX_2, "DRAW_INDEX_2", 5, eg_draw_index_2),
	OP(PKT3_DRAW_INDEX_OFFSET_2, "DRAW_INDEX_OFFSET_2", 4, eg_draw_index_offset_2),
	OP(PKT3_DRAW_INDEX_AUTO, "DRAW_INDEX_AUTO", 2, eg_draw_auto),
	OP(PKT3_SET_RESOURCE, "SET_RESOURCE", 9, eg_set_resource),
	OP(PKT3_CLEAR_STATE, "CLEAR_STATE", 1, eg_clear_state),
	OP(PKT3_CONTEXT_CONTROL, "CONTEXT_CONTROL", 2, NULL),
	OP(PKT3_INDEX_TYPE, "INDEX_TYPE", 1, eg_index_type),
	OP(PKT3_DRAW_INDEX, "DRAW_INDEX", 4, eg_draw_index),
	OP(PKT3_DRAW_INDEX_IMMD, "DRAW_INDEX_IMMD", 2, eg_draw_immd),
	OP(PKT3_NUM_INSTANCES, "NUM_INSTANCES", 1, NULL),
	OP(PKT3_COPY_DW, "COPY_DW", 5, rcs_copy_dw),
	OP(PKT3_WAIT_REG_MEM, "WAIT_REG_MEM", 6, rcs_wait_reg_mem),
	OP(PKT3_MEM_WRITE, "MEM_WRITE", 4, rcs_mem_write),
	OP(PKT3_CP_DMA, "CP_DMA", 5, rcs_cp_dma),
	OP(PKT3_PFP_SYNC_ME, "PFP_SYNC_ME", 1, NULL),
	OP(PKT3_SURFACE_SYNC, "SURFACE_SYNC", 4, rcs_surface_sync),
	OP(PKT3_EVENT_WRITE, "EVENT_WRITE", 1, rcs_event_write),
	OP(PKT3_EVENT_WRITE_EOP, "EVENT_WRITE_EOP", 5, rcs_event_write_eop),
	OP(PKT3_EVENT_WRITE_EOS, "EVENT_WRITE_EOS", 4, eg_event_write_eos),
	OP(PKT3_STRMOUT_BUFFER_UPDATE, "STRMOUT_BUFFER_UPDATE", 5, rcs_strmout_update),
	OP(PKT3_SET_CONFIG_REG, "SET_CONFIG_REG", 1, eg_set_config_reg),
	OP(PKT3_SET_CONTEXT_REG, "SET_CONTEXT_REG", 1, eg_set_context_reg),
	OP(PKT3_SET_BOOL_CONST, "SET_BOOL_CONST", 1, rcs_set_window),
	OP(PKT3_SET_LOOP_CONST, "SET_LOOP_CONST", 1, rcs_set_window),
	OP(PKT3_SET_SAMPLER, "SET_SAMPLER", 4, rcs_set_window),
	OP(PKT3_SET_CTL_CONST, "SET_CTL_CONST", 1, rcs_set_window),
	OP(PKT3_SET_APPEND_CNT, "SET_APPEND_CNT", 3, eg_set_append_cnt),
};

/*
 * How the walker calls the handlers of the opcodes other than
 * SET_CONTEXT_REG (which it inlines): through the table. Where the
 * kernel has retpolines an indirect call costs one, and every return a
 * return thunk, so each opcode with a handler has its own test or case.
 * Most read the table at a constant index, which the compiler makes a
 * direct call. The handlers of the packets real streams are made of are
 * called by name and inlined (RCS_OP_DIRECT(): the build fails if the
 * table names another, so the table still says which handler an opcode
 * has). The three real streams take most are tested first (a switch's
 * tree of tests cost their streams a tenth in the kernel's code
 * generation); an opcode left out is still called, through the pointer.
 */
static __always_inline int eg_run_op(const struct rcs_op *op, struct rcs_parser *p,
				     struct rcs_packet *pkt)
{
#ifdef CONFIG_MITIGATION_RETPOLINE
	u32 code = pkt->opcode;

	if (likely(code == PKT3_SET_CONFIG_REG))
		return RCS_OP_DIRECT(eg_ops, code, eg_set_config_reg, p, pkt);
	if (likely(code == PKT3_EVENT_WRITE))
		return RCS_OP_DIRECT(eg_ops, code, rcs_event_write, p, pkt);
	if (likely(code == PKT3_SET_RESOURCE))
		return RCS_OP_DIRECT(eg_ops, code, eg_set_resource, p, pkt);
	switch (code) {
	case PKT3_SET_BASE:
		return eg_ops[code].check(p, pkt);
	case PKT3_SET_PREDICATION:
		return eg_ops[code].check(p, pkt);
	case PKT3_INDEX_BUFFER_SIZE:
		return eg_ops[code].check(p, pkt);
	case PKT3_DISPATCH_DIRECT:
		return eg_ops[code].check(p, pkt);
	case PKT3_DISPATCH_INDIRECT:
		return eg_ops[code].check(p, pkt);
	case PKT3_DRAW_INDIRECT:
		return eg_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX_INDIRECT:
		return eg_ops[code].check(p, pkt);
	case PKT3_INDEX_BASE:
		return eg_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX_2:
		return eg_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX_OFFSET_2:
		return eg_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX_AUTO:
		return RCS_OP_DIRECT(eg_ops, code, eg_draw_auto, p, pkt);
	case PKT3_CLEAR_STATE:
		return eg_ops[code].check(p, pkt);
	case PKT3_INDEX_TYPE:
		return eg_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX:
		return eg_ops[code].check(p, pkt);
	case PKT3_DRAW_INDEX_IMMD:
		return eg_ops[code].check(p, pkt);
	case PKT3_COPY_DW:
		return eg_ops[code].check(p, pkt);
	case PKT3_WAIT_REG_MEM:
		return eg_ops[code].check(p, pkt);
	case PKT3_MEM_WRITE:
		return RCS_OP_DIRECT(eg_ops, code, rcs_mem_write, p, pkt);
	case PKT3_CP_DMA:
		return RCS_OP_DIRECT(eg_ops, code, rcs_cp_dma, p, pkt);
	case PKT3_SURFACE_SYNC:
		return RCS_OP_DIRECT(eg_ops, code, rcs_surface_sync, p, pkt);
	case PKT3_EVENT_WRITE_EOP:
		return RCS_OP_DIRECT(eg_ops, code, rcs_event_write_eop, p, pkt);
	case PKT3_EVENT_WRITE_EOS:
		return eg_ops[code].check(p, pkt);
	case PKT3_STRMOUT_BUFFER_UPDATE:
		return eg_ops[code].check(p, pkt);
	case PKT3_SET_BOOL_CONST:
		return eg_ops[code].check(p, pkt);
	case PKT3_SET_LOOP_CONST:
		return RCS_OP_DIRECT(eg_ops, code, rcs_set_window, p, pkt);
	case PKT3_SET_SAMPLER:
		return eg_ops[code].check(p, pkt);
	case PKT3_SET_CTL_CONST:
		return eg_ops[code].check(p, pkt);
	case PKT3_SET_APPEND_CNT:
		return eg_ops[code].check(p, pkt);
	}
#endif
	return op->check(p, pkt);
}

static int eg_check_gfx(struct rcs_parser *p)
{
	eg_begin(p);
	return rcs_walk(p, eg_set_context_reg, PKT3_SET_CONTEXT_REG, eg_run_op, false);
}

const struct rcs_gen rcs_evergreen = {
	.name = "evergreen",
	.config_base = PKT3_SET_CONFIG_REG_START,
	.config_end = PKT3_SET_CONFIG_REG_END,
	.context_base = PKT3_SET_CONTEXT_REG_START,
	.context_end = PKT3_SET_CONTEXT_REG_END,
	.regs = eg_regs,
	.nregs = ARRAY_SIZE(eg_regs),
	.config_regs = eg_config_regs,
	.context_regs = eg_context_regs,
	.ops = eg_ops,
	.windows = eg_windows,
	.check_gfx = eg_check_gfx,
	.check_dma = eg_check_dma,
};
