/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * The command-stream checker: plain C over (dwords, relocations,
 * generation tables), with no kernel state, so the same source builds into
 * the module and into host programs (fuzzer, benchmark).
 */
#ifndef __RUBY_CS_CHECK_H__
#define __RUBY_CS_CHECK_H__

#ifdef __KERNEL__
#include <linux/array_size.h>
#include <linux/bitops.h>
#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/minmax.h>
#include <linux/stddef.h>
#include <linux/types.h>
#else
/* host builds (tools/testing/ruby/cs) provide u8..u64 and bool */
#include "ruby_cs_host.h"
#endif

/**
 * struct rcs_bo - a buffer a stream may reach, one per relocation
 * @gpu_addr: MC address the buffer is validated at for this submission
 * @size: its size in bytes
 * @tiling_flags: RADEON_TILING_* of the buffer
 * @write: the submission declared it may write the buffer
 */
struct rcs_bo {
	u64 gpu_addr;
	u64 size;
	u32 tiling_flags;
	bool write;
};

/**
 * struct rcs_reg_range - registers a stream may write, inclusive
 * @first: byte offset of the first register
 * @last: byte offset of the last register
 */
struct rcs_reg_range {
	u32 first, last;
};

struct rcs_parser;

/**
 * struct rcs_eg_cb - an Evergreen colour buffer as a stream set it up
 * @bo: its buffer, once CB_COLORn_BASE was relocated in this stream
 * @offset: byte offset of the surface in @bo
 * @pitch: CB_COLORn_PITCH
 * @slice: CB_COLORn_SLICE
 * @view: CB_COLORn_VIEW
 * @info: CB_COLORn_INFO
 * @attrib: CB_COLORn_ATTRIB (the 2D tiling parameters)
 * @cmask_slice: CB_COLORn_CMASK_SLICE
 * @fmask_slice: CB_COLORn_FMASK_SLICE
 * @mask: the CMASK (0) and FMASK (1) surfaces, relocated, not yet bounded
 * @mask.bo: the buffer (NULL: not set in this stream)
 * @mask.offset: byte offset of the surface in @mask.bo
 */
struct rcs_eg_cb {
	const struct rcs_bo *bo;
	u64 offset;
	/* in the registers' order: Mesa's colour-buffer set takes them as one */
	struct_group(plain, u32 pitch, slice, view, info;);
	u32 attrib;
	u32 cmask_slice, fmask_slice;
	struct {
		const struct rcs_bo *bo;
		u64 offset;
	} mask[2];
};

/**
 * struct rcs_eg_stages - the shader rings a stream set (config registers:
 *	they outlive CLEAR_STATE and the stream)
 * @ring: by EG_RING_* (ES->GS, GS->VS, the ES, GS, VS, PS, LS and HS
 *	scratch rings)
 * @ring.bo: buffer of its base (NULL: not set in this stream)
 * @ring.offset: byte offset of the base in @ring.bo
 * @ring.size: bytes, as the stream set them
 * @set: the rings whose base or size the stream wrote; the others are the
 *	kernel's own
 * @sized: the rings whose size the stream wrote
 */
struct rcs_eg_stages {
	struct {
		const struct rcs_bo *bo;
		u64 offset;
		u64 size;
	} ring[8];
	u8 set, sized;
};

/**
 * struct rcs_eg_compute - Evergreen RATs, immediate buffers and append
 *	counters as a stream set them up
 * @rat: colour buffers 8-11, which only RATs use (0-7: struct
 *	rcs_eg_track's cb)
 * @dim: CB_COLORn_DIM of colour buffers 0-11 (the RAT's extent)
 * @dim_idx: the IB dword that set each @dim (0: not set in this stream),
 *	which a draw or dispatch clamps to the buffer
 * @immed: the RATs' immediate buffers (CB_IMMEDn_BASE), where returning
 *	RAT operations write
 * @immed.bo: the buffer (NULL: not set in this stream)
 * @immed.offset: byte offset of the base in @immed.bo
 * @append_set: append counters (GDS_APPEND_COUNT_n) this stream loaded
 *	with SET_APPEND_CNT
 */
struct rcs_eg_compute {
	struct rcs_eg_cb rat[4];
	u32 dim[12];
	u32 dim_idx[12];
	struct {
		const struct rcs_bo *bo;
		u64 offset;
	} immed[12];
	u16 append_set;
};

/* Colour-buffer states a stream's draws have seen pass: see eg_check_cb_memo() */
#define RCS_EG_CB_MEMO		4

/**
 * struct rcs_eg_cb_memo - colour-buffer states that passed in this stream
 * @cb: the colour buffer's registers and buffers, as they were checked
 * @samples: the samples per pixel it was checked with
 * @n: entries filled
 * @next: the entry the next state that passes replaces, once all are
 */
struct rcs_eg_cb_memo {
	struct rcs_eg_cb cb[RCS_EG_CB_MEMO];
	u32 samples[RCS_EG_CB_MEMO];
	u8 n, next;
};

/* Texture descriptors a stream's SET_RESOURCEs have seen pass: see eg_texture_memo() */
#define RCS_EG_TEX_MEMO		8

/**
 * struct rcs_eg_tex_memo - texture descriptors that passed in this stream
 * @e: the descriptors
 * @e.in: its eight dwords as the stream wrote them
 * @e.out: as the check left them (relocated; tiled as its buffer says)
 * @e.tex: the buffer of its texture relocation
 * @e.mip: the buffer of its mip-chain relocation
 * @n: entries filled
 * @next: the entry the next descriptor that passes replaces, once all are
 */
struct rcs_eg_tex_memo {
	struct {
		u32 in[8];
		u32 out[8];
		const struct rcs_bo *tex, *mip;
	} e[RCS_EG_TEX_MEMO];
	u8 n, next;
};

/**
 * struct rcs_eg_track - Evergreen state a draw depends on, per stream
 *
 * The kernel starts every user stream with CLEAR_STATE, so what a stream
 * does not set has its default value, never another client's.
 *
 * @cb: colour buffers 0-7
 * @target_mask: CB_TARGET_MASK
 * @cb_color_control: CB_COLOR_CONTROL (its MODE: normal, resolve...)
 * @aa_config: PA_SC_AA_CONFIG (the draw's sample count)
 * @db_z_info: DB_Z_INFO
 * @db_stencil_info: DB_STENCIL_INFO
 * @db_size: DB_DEPTH_SIZE
 * @db_slice: DB_DEPTH_SLICE
 * @db_view: DB_DEPTH_VIEW
 * @htile_surface: DB_HTILE_SURFACE
 * @db: the depth buffer's surfaces, by DB_SURF_*: buffer (NULL: not set
 *	in this stream) and byte offset in it
 * @db.bo: the buffer
 * @db.offset: the byte offset
 * @shader_stages: VGT_SHADER_STAGES_EN
 * @pgm_bo: buffers of the programs of each stage, by PGM_* (VS, PS, FS,
 *	GS, ES, HS, LS; NULL: not set)
 * @pgm_off: byte offsets of those programs
 * @index_size: bytes per index as INDEX_TYPE set it; 4 until a stream
 *	sets it (the VGT keeps it across streams)
 * @cbuf_size: the SQ_ALU_CONST_BUFFER_SIZE of the sixteen constant buffers
 *	of each stage that has its own, PS (0), VS (1), GS (2), HS (3), LS
 *	(4): 256-byte units (apart from @cbuf: Mesa writes a stage's sixteen
 *	at once, mostly unchanged, and they compare as one block)
 * @cbuf_sized: per stage, the constant buffers whose size is not 0
 * @cbuf_set: per stage, the constant buffers whose base this stream set:
 *	the entries of @cbuf that are this stream's
 * @so: the four stream-out buffers
 * @so.bo: buffer of its base (NULL: not set in this stream)
 * @so.offset: byte offset of the base in @so.bo
 * @so.size: VGT_STRMOUT_BUFFER_SIZE, dwords
 * @so_buffer_config: VGT_STRMOUT_BUFFER_CONFIG
 * @indirect: the buffer SET_BASE named for indirect draws' arguments
 * @indirect.bo: the buffer (NULL: not set in this stream)
 * @indirect.offset: byte offset of the base in @indirect.bo
 * @ib_base: the index buffer of INDEX_BASE, for indirect indexed draws
 * @ib_base.bo: the buffer (NULL: not set in this stream)
 * @ib_base.offset: byte offset of the first index in @ib_base.bo
 * @ib_size: INDEX_BUFFER_SIZE, in indices
 * @compute: RATs, immediate buffers and append counters
 * @dirty: the draw checks whose state changed since they last passed
 *	(EG_DIRTY_*: colour buffers, depth buffer, constant buffers,
 *	stream-out), all of them at the start of a stream; and the colour
 *	buffers 0-7 whose own state changed since it last passed
 * @stages: the shader rings of the geometry and tessellation stages (and
 *	the scratch rings), kept across CLEAR_STATE
 * @cb_memo: colour-buffer states that passed a draw's check in this
 *	stream (struct rcs_eg_cb_memo), left out of the state's reset
 * @tex_memo: the same for texture descriptors (struct rcs_eg_tex_memo)
 * @cbuf: the constant buffers' bases, by stage and buffer as @cbuf_size;
 *	not cleared for each stream, as they are most of the state: only
 *	the entries @cbuf_set names are this stream's
 * @cbuf.bo: buffer of its base
 * @cbuf.offset: byte offset of the base in @cbuf.bo
 */
struct rcs_eg_track {
	struct rcs_eg_cb cb[8];
	u32 target_mask, cb_color_control, aa_config;
	u32 db_z_info, db_stencil_info;
	u32 db_size, db_slice, db_view, htile_surface;
	struct {
		const struct rcs_bo *bo;
		u64 offset;
	} db[5];
	u32 shader_stages;
	const struct rcs_bo *pgm_bo[7];
	u64 pgm_off[7];
	u32 index_size;
	u32 cbuf_size[5][16];
	u16 cbuf_sized[5];
	u16 cbuf_set[5];
	struct {
		const struct rcs_bo *bo;
		u64 offset;
		u32 size;
	} so[4];
	u32 so_buffer_config;
	struct {
		const struct rcs_bo *bo;
		u64 offset;
	} indirect, ib_base;
	u32 ib_size;
	struct rcs_eg_compute compute;
	u32 dirty;
	struct rcs_eg_stages stages;
	struct rcs_eg_cb_memo cb_memo;
	struct rcs_eg_tex_memo tex_memo;
	struct {
		const struct rcs_bo *bo;
		u64 offset;
	} cbuf[5][16];
};

/**
 * struct rcs_surf - a surface a register points at
 * @bo: its buffer, once the register was relocated in this stream (NULL:
 *	not set)
 * @offset: byte offset of the surface in @bo
 */
struct rcs_surf {
	const struct rcs_bo *bo;
	u64 offset;
};

/**
 * struct rcs_r600_cb - an R6xx/R7xx colour buffer as a stream set it up
 * @base: CB_COLORn_BASE
 * @cmask: CB_COLORn_TILE, its CMASK
 * @fmask: CB_COLORn_FRAG, its FMASK
 * @size: CB_COLORn_SIZE (pitch and slice, in tiles)
 * @view: CB_COLORn_VIEW
 * @info: CB_COLORn_INFO
 * @mask: CB_COLORn_MASK (the CMASK and FMASK extents)
 */
struct rcs_r600_cb {
	struct rcs_surf base, cmask, fmask;
	u32 size, view, info, mask;
};

/**
 * struct rcs_r600_track - R6xx/R7xx state a draw depends on, per stream
 *
 * As on Evergreen, the kernel starts every user stream with CLEAR_STATE:
 * what a stream does not set has its default value.
 *
 * @cb: colour buffers 0-7
 * @target_mask: CB_TARGET_MASK
 * @cb_color_control: CB_COLOR_CONTROL (a resolve's destination has one
 *	sample)
 * @aa_config: PA_SC_AA_CONFIG (the draw's sample count)
 * @db: DB_DEPTH_BASE
 * @htile: DB_HTILE_DATA_BASE
 * @db_size: DB_DEPTH_SIZE
 * @db_view: DB_DEPTH_VIEW
 * @db_info: DB_DEPTH_INFO
 * @htile_surface: DB_HTILE_SURFACE
 * @pgm: the programs, by R600_PGM_* (VS, PS, FS, GS, ES)
 * @cbuf: the sixteen constant buffers of the PS (0), VS (1) and GS (2)
 * @cbuf.base: SQ_ALU_CONST_CACHE_*
 * @cbuf.size: SQ_ALU_CONST_BUFFER_SIZE_*, 256-byte units
 * @cbuf_sized: per stage, the constant buffers whose size is not 0
 * @so: the four stream-out buffers
 * @so.base: VGT_STRMOUT_BUFFER_BASE_n (or STRMOUT_BASE_UPDATE)
 * @so.size: VGT_STRMOUT_BUFFER_SIZE_n, dwords
 * @so_en: VGT_STRMOUT_EN
 * @so_buffer_en: VGT_STRMOUT_BUFFER_EN
 * @gs_mode: VGT_GS_MODE
 * @ring: the ES->GS (0) and GS->VS (1) rings' bases, then the ES, GS, VS
 *	and PS scratch rings' (config registers: CLEAR_STATE leaves them)
 * @ring_size: their sizes, 256-byte units
 * @scratch_item: SQ_{ES,GS,VS,PS}TMP_RING_ITEMSIZE: not 0 where the
 *	stage spills to its scratch ring
 * @index_size: bytes per index as INDEX_TYPE set it; 4 until then
 * @dirty: state changed since the last draw's checks passed
 */
struct rcs_r600_track {
	struct rcs_r600_cb cb[8];
	u32 target_mask, cb_color_control, aa_config;
	struct rcs_surf db, htile;
	u32 db_size, db_view, db_info, htile_surface;
	struct rcs_surf pgm[5];
	struct {
		struct rcs_surf base;
		u32 size;
	} cbuf[3][16];
	u16 cbuf_sized[3];
	struct {
		struct rcs_surf base;
		u32 size;
	} so[4];
	u32 so_en, so_buffer_en;
	u32 gs_mode;
	struct rcs_surf ring[6];
	u32 ring_size[6];
	u32 scratch_item[4];
	u32 index_size;
	bool dirty;
};

/**
 * struct rcs_r500_track - R5xx state a draw depends on, per stream
 *
 * Nothing resets the r300-class engine's state between streams, so what
 * a stream does not set is taken at its worst: enables on, values unknown
 * (a draw that needs one the stream did not set is refused).
 *
 * @cb: colour buffers 0-3 (RB3D_COLOROFFSETn)
 * @cb_pitch: RB3D_COLORPITCHn
 * @zb: ZB_DEPTHOFFSET
 * @aa: RB3D_AARESOLVE_OFFSET
 * @zb_pitch: ZB_DEPTHPITCH
 * @zb_format: ZB_FORMAT
 * @zb_cntl: ZB_CNTL (stencil and Z enables)
 * @aa_pitch: RB3D_AARESOLVE_PITCH
 * @aa_ctl: RB3D_AARESOLVE_CTL
 * @cctl: RB3D_CCTL (multiwrites)
 * @channel_mask: RB3D_COLOR_CHANNEL_MASK
 * @blendcntl: RB3D_BLENDCNTL
 * @bw_cntl: ZB_BW_CNTL
 * @us_out_fmt: US_OUT_FMT_0-3: the colour buffers the shader writes
 * @scissor: SC_SCISSOR1, the bottom-right corner of every draw
 * @gb_aa_config: GB_AA_CONFIG: with AA on, the colour and depth buffers
 *	hold every subsample of their pixels
 * @tex: textures 0-15 (TX_OFFSET_n), relocated
 * @tx_tiling: their TX_OFFSET_n flags as relocated (the tiling bits)
 * @tx_format0: TX_FORMAT0_n (size, levels, pitch enable)
 * @tx_format1: TX_FORMAT1_n (format, coordinate type)
 * @tx_format2: TX_FORMAT2_n (pitch, R500's size extension, format MSB)
 * @tx_filter0: TX_FILTER0_n (the clamp modes: a repeating axis rounds up)
 * @tx_enable: TX_ENABLE
 * @tx_set: the units whose TX_FORMAT0 (bits 0-15) and TX_FORMAT1 (bits
 *	16-31) the stream set
 * @tx2_set: the units whose TX_FORMAT2 it set
 * @vtx: the vertex arrays of 3D_LOAD_VBPNTR
 * @vtx.base: buffer and byte offset
 * @vtx.size: dwords of one element
 * @vtx.stride: dwords between elements
 * @num_arrays: arrays the last 3D_LOAD_VBPNTR set (0: none this stream)
 * @max_indx: VAP_VF_MAX_VTX_INDX, what indices are clamped to
 * @index_offset: VAP_INDEX_OFFSET, added to every index
 * @vtx_size: VAP_VTX_SIZE, dwords of an immediate vertex
 * @alt_nverts: VAP_ALT_NUM_VERTICES
 * @set: R5_SET_* of the values above the stream set
 * @dirty: R5_DIRTY_* of the surfaces whose state changed since they passed
 */
struct rcs_r500_track {
	struct rcs_surf cb[4];
	u32 cb_pitch[4];
	struct rcs_surf zb, aa;
	u32 zb_pitch, zb_format, zb_cntl;
	u32 aa_pitch, aa_ctl;
	u32 cctl, channel_mask, blendcntl, bw_cntl;
	u32 us_out_fmt[4];
	u32 scissor, gb_aa_config;
	struct rcs_surf tex[16];
	u8 tx_tiling[16];
	u32 tx_format0[16], tx_format1[16], tx_format2[16], tx_filter0[16];
	u32 tx_enable;
	u32 tx_set;
	u16 tx2_set;
	struct {
		struct rcs_surf base;
		u32 size, stride;
	} vtx[16];
	u32 num_arrays;
	u32 max_indx, index_offset, vtx_size, alt_nverts;
	u32 set;
	u32 dirty;
};

/**
 * struct rcs_packet - a type-3 packet being checked
 * @idx: dword index of its header in the IB
 * @opcode: the opcode
 * @count: body dwords (the header's count field plus one)
 * @body: the body, in the IB (handlers patch it in place)
 */
struct rcs_packet {
	u32 idx;
	u8 opcode;
	u32 count;
	u32 *body;
};

/**
 * struct rcs_window - the registers of a SET_* packet other than the
 *	context and config ones (constants, samplers, resources)
 * @start: byte offset of the first register
 * @end: byte offset past the last
 * @item: dwords an item of the window takes (a sampler: 3); 0 for any
 * @table: the registers must also be in the generation's list
 */
struct rcs_window {
	u32 start, end;
	u8 item;
	bool table;
};

/* An entry of rcs_gen.windows, for the SET_* opcode @op (0x68 is SET_CONFIG_REG) */
#define RCS_WINDOW(op, first, past, items, list) \
	[(op) - 0x68] = { .start = (first), .end = (past), .item = (items), .table = (list) }

/* A packet handler: 0, or -1 with the parser's error set. */
typedef int (*rcs_op_fn)(struct rcs_parser *p, struct rcs_packet *pkt);

/*
 * A type-0 register's handler: the register's byte offset, its value in
 * the IB (relocated in place); relocations follow the packet, as for
 * type-3 packets. 0, or -1 with the parser's error set.
 */
typedef int (*rcs_reg_fn)(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val);

/* rcs_gen.type0_regs entries: refused, plain state, or a row of type0_rows */
#define RCS_T0_DENY		0
#define RCS_T0_PLAIN		1

/**
 * struct rcs_op - an opcode a stream may use
 * @name: for messages
 * @min_len: the fewest dwords it is valid with, header included; 0 (as
 *	in every entry the table leaves out) for an opcode not allowed
 * @check: its handler; NULL if any body is fine
 */
struct rcs_op {
	const char *name;
	u8 min_len;
	rcs_op_fn check;
};

/*
 * @op is allowed and takes a packet of @count body dwords: one comparison
 * for both, as a @min_len of 0 wraps to the largest length
 */
static __always_inline bool rcs_op_takes(const struct rcs_op *op, u32 count)
{
	return (u32)op->min_len - 1 <= count;
}

/**
 * struct rcs_gen - everything the walker needs to know of a generation
 * @name: for messages ("evergreen")
 * @config_base: first register of SET_CONFIG_REG
 * @config_end: first register past it
 * @context_base: first register of SET_CONTEXT_REG
 * @context_end: first register past it
 * @regs: registers outside the tables' windows a stream may write, sorted,
 *	disjoint and maximal (adjacent ranges are merged)
 * @nregs: entries of @regs
 * @config_regs: the config window's registers, as @context_regs; NULL if
 *	@regs lists them
 * @context_regs: the context window's registers, one entry each from
 *	@context_base: where a stream may write it, a number the registers
 *	of its range (contiguous) share and no other has; 0 where it may not
 * @ops: by opcode; an opcode whose entry has no @name is rejected
 * @windows: the register windows of SET_CONFIG_REG (0x68) to SET_CTL_CONST
 *	(0x6f), by opcode - 0x68, for rcs_set_window()
 * @check_gfx: the GFX walker, rcs_walk() with the generation's fast path,
 *	after it has reset the generation's tracked state (its begin(),
 *	called directly: an indirect call costs a retpoline)
 * @check_dma: the DMA walker, rcs_dma_walk() with the generation's fast
 *	path; NULL if the GPU takes no DMA streams
 * @type0_regs: type-0 packets (register writes) are allowed: by register
 *	dword index below @type0_end, RCS_T0_DENY, RCS_T0_PLAIN or the
 *	@type0_rows entry of the register's handler; NULL refuses type 0
 * @type0_end: byte offset of the first register past @type0_regs
 * @type0_rows: the handlers of the registers that are more than state
 */
struct rcs_gen {
	const char *name;
	u32 config_base, config_end;
	u32 context_base, context_end;
	const struct rcs_reg_range *regs;
	unsigned int nregs;
	const u16 *config_regs, *context_regs;
	const struct rcs_op *ops;	/* 256 entries */
	const struct rcs_window *windows;	/* 8 entries */
	int (*check_gfx)(struct rcs_parser *p);
	int (*check_dma)(struct rcs_parser *p);
	const u8 *type0_regs;
	u32 type0_end;
	const rcs_reg_fn *type0_rows;
};

/**
 * struct rcs_parser - one check of one IB
 * @ib: the IB, kernel-owned: relocated in place
 * @ndw: its length in dwords
 * @bos: the buffers of the relocation chunk
 * @nbos: how many
 * @gen: the generation's tables
 * @num_rbs: render backends of the chip (each writes its own query result)
 * @num_pipes: tile pipes of the chip (the HTILE layout depends on them)
 * @num_banks: memory banks of the board (2D tiling from a buffer's flags)
 * @num_ses: shader engines of the chip (the RATs' immediate buffers hold
 *	a slot per wavefront slot of each)
 * @keep_tiling: RADEON_CS_KEEP_TILING_FLAGS: the stream's tiling fields
 *	stand; without it the ABI has the buffers' tiling flags replace them
 *	(CB_COLORn_INFO and DB_Z_INFO then take a relocation each)
 * @hyperz: the client owns HyperZ (R5xx: the ZMASK and HiZ RAMs and their
 *	registers and clears; refused without)
 * @err: why the stream was rejected (static string), or NULL
 * @err_idx: dword index of the packet rejected
 * @err_val: a value to report with @err (register, opcode, index...)
 * @next: handler-private: where the relocation NOP the packet being
 *	checked takes next is (the walker sets it after the packet); for
 *	the DMA engine's, the dword after the packet
 * @next_reloc: walker-private: the DMA engine's relocations are implicit,
 *	taken in order; the next one
 * @rings_set: out: the stream wrote shader ring registers, GPU state
 *	that outlives it, so the kernel points them back at its own after it
 * @track: the generation's tracked state, reset by its begin() as each
 *	GFX check starts (rcs_gen.check_gfx): a caller reusing a parser sets
 *	the fields above only (ruby_cs.c's cs_check()); what begin() leaves,
 *	a check reads only after it wrote it
 * @track.eg: Evergreen's
 * @track.r600: R6xx/R7xx's
 * @track.r500: R5xx's
 */
struct rcs_parser {
	u32 *ib;
	u32 ndw;
	const struct rcs_bo *bos;
	u32 nbos;
	const struct rcs_gen *gen;
	u32 num_rbs;
	u32 num_pipes;
	u32 num_banks;
	u32 num_ses;
	bool keep_tiling;
	bool hyperz;
	const char *err;
	u32 err_idx;
	u64 err_val;
	u32 next;
	u32 next_reloc;
	bool rings_set;
	union {
		struct rcs_eg_track eg;
		struct rcs_r600_track r600;
		struct rcs_r500_track r500;
	} track;
};

int rcs_check(struct rcs_parser *p);
int rcs_check_dma(struct rcs_parser *p);
int rcs_fail(struct rcs_parser *p, u32 idx, const char *why, u64 val);
int rcs_bad_packet(struct rcs_parser *p, u32 idx);
int rcs_type0(struct rcs_parser *p, u32 idx);
bool rcs_reg_allowed(const struct rcs_gen *gen, u32 reg);
bool rcs_regs_allowed(const struct rcs_gen *gen, u32 first, u32 last);

/*
 * @n registers (not 0) from entry @first of a window's table of @size
 * entries (&rcs_gen.config_regs, .context_regs): all inside the window
 * and in one of its ranges, as its first and last entries are
 */
static inline bool rcs_table_run(const u16 *table, u32 size, u32 first, u32 n)
{
	return first < size && n <= size - first && table[first] &&
	       table[first] == table[first + n - 1];
}

/*
 * PKT3(NOP, one body dword): the relocation marker as Mesa writes it for
 * graphics. The ABI keys a relocation NOP on the packet type and opcode
 * only: the predicate (bit 0) and shader-type (bit 1, compute) bits and a
 * longer body are allowed; the index is the first body dword.
 */
#define PKT3_RELOC_NOP		0xc0001000u
#define PKT3_RELOC_NOP_MASK	0xc000ff00u

/*
 * The relocation and bounds helpers every address-carrying packet calls:
 * inline, as they run once or twice per packet.
 */

/**
 * rcs_reloc_at - the relocation NOP at a dword, without taking it
 * @p: the parser
 * @at: the dword its header would be at
 * @bo: the buffer it names, out
 * @after: the dword after it, out
 * @val: on a refusal, the value the reason is about
 *
 * Returns: NULL with @bo and @after set, or why rcs_reloc() would refuse
 * the relocation there.
 */
static __always_inline const char *rcs_reloc_at(const struct rcs_parser *p, u32 at,
						const struct rcs_bo **bo, u32 *after, u32 *val)
{
	u32 ndw = p->ndw, hdr, idx, len = 2;

	if (at >= ndw || ndw - at < 2)
		return "relocation NOP missing";
	hdr = p->ib[at];
	/* header plus body: 2 for the usual one-dword body, Mesa's only one */
	if (unlikely(hdr != PKT3_RELOC_NOP)) {
		if ((hdr & PKT3_RELOC_NOP_MASK) != PKT3_RELOC_NOP)
			return "relocation NOP missing";
		len = ((hdr >> 16) & 0x3fff) + 2;
		if (len > ndw - at) {
			*val = len;
			return "relocation NOP runs past the end of the IB";
		}
	}
	idx = p->ib[at + 1];
	if (idx % 4 || idx / 4 >= p->nbos) {
		*val = idx;
		return "relocation index out of range";
	}
	*bo = &p->bos[idx / 4];
	*after = at + len;
	return NULL;
}

/**
 * rcs_reloc - take the relocation that follows a packet
 * @p: the parser
 * @pkt: the packet
 * @bo: the relocated buffer
 *
 * Each call consumes one relocation NOP after the packet (or after the
 * ones consumed before for it).
 *
 * Returns: 0, or -1 with the error set.
 */
static inline int rcs_reloc(struct rcs_parser *p, const struct rcs_packet *pkt,
			    const struct rcs_bo **bo)
{
	u32 val = pkt->opcode;
	const char *why = rcs_reloc_at(p, p->next, bo, &p->next, &val);

	if (!why)
		return 0;
	rcs_fail(p, pkt->idx, why, val);
	return -1;
}

/**
 * rcs_check_addr - check an access to a relocated buffer
 * @p: the parser
 * @pkt: the packet making it
 * @bo: the buffer
 * @offset: where in the buffer the access starts
 * @bytes: how many bytes it touches
 * @write: whether it writes
 * @gpu_addr: the address to patch into the packet
 *
 * Returns: 0, or -1 with the error set.
 */
static inline int rcs_check_addr(struct rcs_parser *p, const struct rcs_packet *pkt,
				 const struct rcs_bo *bo, u64 offset, u64 bytes,
				 bool write, u64 *gpu_addr)
{
	if (bytes > bo->size || offset > bo->size - bytes) {
		rcs_fail(p, pkt->idx, "access past the end of the buffer",
			 offset);
		return -1;
	}
	if (write && !bo->write) {
		rcs_fail(p, pkt->idx, "write to a buffer relocated read-only",
			 offset);
		return -1;
	}
	*gpu_addr = bo->gpu_addr + offset;
	return 0;
}

/* An address in two dwords: bits 31:0, then bits 39:32 in the second's low byte */
#define RCS_ADDR40(lo, hi)		((u64)(lo) | (u64)((hi) & 0xff) << 32)

/*
 * A buffer's tiling flags as GEM_SET_TILING stored them (radeon_drm.h's
 * RADEON_TILING_MACRO and _MICRO), and the array modes (CB, DB and
 * texture ARRAY_MODE/TILE_MODE fields, R6xx to NI) they stand for
 */
#define RCS_TILING_MACRO		BIT(0)
#define RCS_TILING_MICRO		BIT(1)
#define RCS_ARRAY_LINEAR_GENERAL	0
#define RCS_ARRAY_LINEAR_ALIGNED	1
#define RCS_ARRAY_1D_TILED_THIN1	2
#define RCS_ARRAY_2D_TILED_THIN1	4

/* The array mode a buffer's tiling flags stand for */
static inline u32 rcs_tiling_mode(u32 flags)
{
	if (flags & RCS_TILING_MACRO)
		return RCS_ARRAY_2D_TILED_THIN1;
	return flags & RCS_TILING_MICRO ? RCS_ARRAY_1D_TILED_THIN1 : RCS_ARRAY_LINEAR_GENERAL;
}

/* A relocated 40-bit address back into its two dwords (bits 39:32 in @hi's low byte) */
static inline void rcs_put_addr40(u32 *lo, u32 *hi, u64 addr)
{
	*lo = (u32)addr;
	*hi = (*hi & ~0xffu) | (u32)(addr >> 32 & 0xff);
}

/*
 * @v modulo @a (not 0), and @v rounded up to a multiple of it: the layouts'
 * alignments are mostly powers of two, a mask instead of a division
 */
static inline u64 rcs_mod_u64(u64 v, u32 a)
{
	return a & (a - 1) ? v % a : v & (a - 1);
}

/* @v / @a (not 0): a shift where @a is a power of two, as element sizes mostly are */
static inline u32 rcs_div_u32(u32 v, u32 a)
{
	return a & (a - 1) ? v / a : v >> __ffs(a);
}

static inline u64 rcs_align_up(u64 v, u32 a)
{
	return v + a - 1 - rcs_mod_u64(v + a - 1, a);
}

/*
 * An address in two dwords (bits 39:32 in the second), a multiple of
 * @align (a power of two): relocated by the relocation NOP at p->next,
 * @bytes after it bounded. The common case in one step, inline, as the
 * packets that write fences take it: true when it relocated the address
 * and took the NOP; false, with nothing changed, for
 * rcs_reloc_addr40_slow() to check it again and say what is wrong.
 */
static __always_inline bool rcs_reloc_addr40_fast(struct rcs_parser *p, u32 *lo, u32 *hi,
						  u32 align, u64 bytes, bool write)
{
	u64 offset = RCS_ADDR40(*lo, *hi);
	u32 at = p->next, idx;
	const struct rcs_bo *bo;

	if (offset & (align - 1) || (u64)at + 2 > p->ndw || p->ib[at] != PKT3_RELOC_NOP)
		return false;
	idx = p->ib[at + 1];
	if (idx % 4 || idx / 4 >= p->nbos)
		return false;
	bo = &p->bos[idx / 4];
	if (bytes > bo->size || offset > bo->size - bytes || (write && !bo->write))
		return false;
	p->next = at + 2;
	rcs_put_addr40(lo, hi, bo->gpu_addr + offset);
	return true;
}

int rcs_reloc_addr40_slow(struct rcs_parser *p, struct rcs_packet *pkt, u32 *lo, u32 *hi,
			  u32 align, u64 bytes, bool write);

static __always_inline int rcs_reloc_addr40_aligned(struct rcs_parser *p,
						    struct rcs_packet *pkt, u32 *lo, u32 *hi,
						    u32 align, u64 bytes, bool write)
{
	if (likely(rcs_reloc_addr40_fast(p, lo, hi, align, bytes, write)))
		return 0;
	return rcs_reloc_addr40_slow(p, pkt, lo, hi, align, bytes, write);
}

/* The same for a dword address, which most packets take: inline, hot */
static __always_inline int rcs_reloc_addr40(struct rcs_parser *p, struct rcs_packet *pkt,
					    u32 *lo, u32 *hi, u64 bytes, bool write)
{
	return rcs_reloc_addr40_aligned(p, pkt, lo, hi, 4, bytes, write);
}

/*
 * An address register in 256-byte units: relocated into *@bo at the byte
 * offset *@offset, @min_bytes after it bounded now, the real address
 * patched into *@val; inline, as the context registers that carry
 * addresses are taken inline
 */
static __always_inline int rcs_reloc_256(struct rcs_parser *p, struct rcs_packet *pkt,
					 u32 *val, const struct rcs_bo **bo, u64 *offset,
					 u64 min_bytes)
{
	u64 addr;

	*offset = (u64)*val << 8;
	if (rcs_reloc(p, pkt, bo) ||
	    rcs_check_addr(p, pkt, *bo, *offset, min_bytes, false, &addr))
		return -1;
	if (addr >> 40)
		return rcs_fail(p, pkt->idx, "address beyond 40 bits", addr);
	*val = (u32)(addr >> 8);
	return 0;
}

/* Bytes per element of the texture data formats (R6xx to NI number them alike) */
struct rcs_tex_format {
	u8 w, h, bytes;
};

extern const struct rcs_tex_format rcs_tex_formats[64];
u32 rcs_cb_bpp(u32 format);
int rcs_set_regs_list(struct rcs_parser *p, struct rcs_packet *pkt, u32 start, u32 end,
		      bool table);

/*
 * The registers of a SET_* packet other than SET_CONTEXT_REG, from @start
 * to before @end, and with @table in the generation's list: inline, the
 * packets of a window with no list that write a register inside it
 * (resources, samplers, constants) taken with one comparison
 */
static __always_inline int rcs_set_regs(struct rcs_parser *p, struct rcs_packet *pkt,
					u32 start, u32 end, bool table)
{
	if (!table && pkt->count >= 2 &&
	    start + 4ull * pkt->body[0] + 4ull * (pkt->count - 2) < end)
		return 0;
	return rcs_set_regs_list(p, pkt, start, end, table);
}

u32 rcs_tex_slices(u32 dim, u32 depth, u32 last_array);

/*
 * Packet handlers every generation from R6xx on shares: their packets
 * have the same layout there (ruby_cs_check.c says what each accepts)
 */
int rcs_event_write_query(struct rcs_parser *p, struct rcs_packet *pkt);
int rcs_strmout_update(struct rcs_parser *p, struct rcs_packet *pkt);
int rcs_copy_dw(struct rcs_parser *p, struct rcs_packet *pkt);
int rcs_wait_reg_mem(struct rcs_parser *p, struct rcs_packet *pkt);
int rcs_set_predication(struct rcs_parser *p, struct rcs_packet *pkt);

/*
 * The shared handlers of the packets real streams are made of, always
 * inline: a generation's opcode table holds its own out-of-line copy, and
 * its walker built for a kernel with retpolines calls them directly
 * (RCS_OP_DIRECT()), inlined. There every return goes through a return
 * thunk, which costs more than most packets' checks: a stream of
 * MEM_WRITEs checked at twice the speed once its handler was inline.
 */

/* A SET_* packet of a window of the generation's: whole items, registers inside it */
static __always_inline int rcs_set_window(struct rcs_parser *p, struct rcs_packet *pkt)
{
	const struct rcs_window *w = &p->gen->windows[pkt->opcode - 0x68];

	if (w->item && (pkt->count - 1) % w->item)
		return rcs_fail(p, pkt->idx, "sampler of the wrong size", pkt->count);
	return rcs_set_regs(p, pkt, w->start, w->end, w->table);
}

#define RCS_MEM_WRITE_DATA32		BIT(18)

/* MEM_WRITE: 4 or 8 bytes to a buffer */
static __always_inline int rcs_mem_write(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return rcs_reloc_addr40(p, pkt, &pkt->body[0], &pkt->body[1],
			       pkt->body[1] & RCS_MEM_WRITE_DATA32 ? 4 : 8, true);
}

/* EVENT_WRITE: a cache or pipeline event (no address), or a query's */
static __always_inline int rcs_event_write(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return pkt->count == 1 ? 0 : rcs_event_write_query(p, pkt);
}

#define RCS_EOP_DATA_SEL(dw)		((dw) >> 29)

/* EVENT_WRITE_EOP: data (none, 32 or 64 bits) written at end of pipe */
static __always_inline int rcs_event_write_eop(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 sel = RCS_EOP_DATA_SEL(pkt->body[2]), bytes = sel == 1 ? 4 : 8;

	if (sel == 0)
		return 0;
	if (sel > 3)
		return rcs_fail(p, pkt->idx, "unknown EOP data", sel);
	return rcs_reloc_addr40_aligned(p, pkt, &pkt->body[1], &pkt->body[2], bytes, bytes, true);
}

/* SURFACE_SYNC: everything, or a range (256-byte units) of one buffer */
static __always_inline int rcs_surface_sync(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u64 size = (u64)pkt->body[1] << 8, offset = (u64)pkt->body[2] << 8, addr;
	const struct rcs_bo *bo;

	if (pkt->body[1] == 0xffffffff && pkt->body[2] == 0)
		return 0;
	if (rcs_reloc(p, pkt, &bo) ||
	    rcs_check_addr(p, pkt, bo, offset, size, false, &addr))
		return -1;
	if (addr >> 40)
		return rcs_fail(p, pkt->idx, "address beyond 40 bits", addr);
	pkt->body[2] = (u32)(addr >> 8);
	return 0;
}

/* CP_DMA: the source select (info dword), the command dword's fields */
#define RCS_CP_DMA_SRC_SEL(info)	(((info) >> 29) & 3)
#define RCS_CP_DMA_SRC_MEMORY		0
#define RCS_CP_DMA_SRC_DATA		2
#define RCS_CP_DMA_DST_SEL(dw)		(((dw) >> 20) & 3)
#define RCS_CP_DMA_BYTE_COUNT(cmd)	((cmd) & 0x1fffff)
#define RCS_CP_DMA_ADDR_MODES(cmd)	(((cmd) >> 26) & 0xf)	/* SAS DAS SAIC DAIC */

/*
 * CP_DMA: BYTE_COUNT bytes from a buffer (or a dword of data) to a
 * buffer, both ends relocated and bounded, source first. Register and GDS
 * ends and the non-incrementing modes are refused.
 */
static __always_inline int rcs_cp_dma(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 src_sel = RCS_CP_DMA_SRC_SEL(pkt->body[1]), cmd = pkt->body[4];
	u64 bytes = RCS_CP_DMA_BYTE_COUNT(cmd);

	if ((src_sel != RCS_CP_DMA_SRC_MEMORY && src_sel != RCS_CP_DMA_SRC_DATA) ||
	    RCS_CP_DMA_DST_SEL(pkt->body[3]) || RCS_CP_DMA_ADDR_MODES(cmd))
		return rcs_fail(p, pkt->idx, "CP DMA mode not supported", pkt->body[1]);
	/* byte addresses: an alignment of 1 */
	if (src_sel == RCS_CP_DMA_SRC_MEMORY &&
	    rcs_reloc_addr40_aligned(p, pkt, &pkt->body[0], &pkt->body[1], 1, bytes, false))
		return -1;
	return rcs_reloc_addr40_aligned(p, pkt, &pkt->body[2], &pkt->body[3], 1, bytes, true);
}

/*
 * In a generation's walker: @fn, the handler @ops (the generation's
 * opcode table) has for @code, called directly, so that it can be
 * inlined; the build fails if the table names another
 */
#define RCS_OP_DIRECT(ops, code, fn, p, pkt) ({				\
	rcs_op_fn __fn = (fn);						\
									\
	BUILD_BUG_ON((ops)[code].check != __fn);			\
	__fn(p, pkt);							\
})

/**
 * rcs_dma_reloc - take the next relocation, for a DMA packet
 * @p: the parser
 * @pkt: the packet
 * @bo: the relocated buffer
 *
 * Returns: 0, or -1 with the error set.
 */
static inline int rcs_dma_reloc(struct rcs_parser *p, const struct rcs_packet *pkt,
				const struct rcs_bo **bo)
{
	if (p->next_reloc >= p->nbos) {
		rcs_fail(p, pkt->idx, "no relocation left", p->next_reloc);
		return -1;
	}
	*bo = &p->bos[p->next_reloc++];
	return 0;
}

/**
 * rcs_dma_len - a DMA packet's length, checked against the IB
 * @p: the parser
 * @pkt: the packet
 * @len: its length in dwords, header included
 *
 * Returns: 0 with the walker set to continue after it, or -1.
 */
static inline int rcs_dma_len(struct rcs_parser *p, const struct rcs_packet *pkt, u64 len)
{
	if (len > p->ndw - pkt->idx) {
		rcs_fail(p, pkt->idx, "packet runs past the end of the IB", len);
		return -1;
	}
	p->next = pkt->idx + (u32)len;
	return 0;
}

/* The async DMA engine's commands R6xx to NI share (header bits 31:28) */
#define RCS_DMA_WRITE			0x2
#define RCS_DMA_COPY			0x3
#define RCS_DMA_CONSTANT_FILL		0xd
#define RCS_DMA_NOP			0xf

/*
 * The packet's header, again: the walker passes the count, the handler
 * needs the sub-command as well.
 */
static inline u32 rcs_dma_sub_cmd(const struct rcs_parser *p, const struct rcs_packet *pkt)
{
	return (p->ib[pkt->idx] >> 20) & 0xff;
}

int rcs_dma_write(struct rcs_parser *p, struct rcs_packet *pkt);
int rcs_dma_fill(struct rcs_parser *p, struct rcs_packet *pkt);
int rcs_dma_copy_linear(struct rcs_parser *p, struct rcs_packet *pkt, bool bytes);

/**
 * struct rcs_dma_tiled - a tiled DMA copy (L2T, or T2L), its fields decoded
 * @base: the packet's dword holding the tiled surface's address >> 8
 * @lin_lo: the packet's dword holding the linear address' bits 31:0
 * @lin_hi: the one holding its bits 39:32 (in the low byte)
 * @detile: T2L: the tiled surface is the source, the linear buffer the
 *	destination; L2T the other way
 * @lbpp: log2 of the element size in bytes, 0 to 4
 * @pitch: elements per row of the tiled surface (below 2^15)
 * @height: rows after which the engine moves to the next slice (below 2^15)
 * @slice: elements per slice (below 2^28)
 * @x: the first element's column
 * @y: its row
 * @z: its slice
 * @palign: the tiled layout's rows are a multiple of this many elements
 * @halign: its slices are a multiple of this many rows
 * @base_align: the surface starts on a multiple of this many bytes
 *
 * The packet's layout is the generation's (Evergreen's nine dwords,
 * R7xx's seven), the rule that bounds it the same: see
 * rcs_dma_copy_tiled().
 */
struct rcs_dma_tiled {
	u32 *base, *lin_lo, *lin_hi;
	bool detile;
	u32 lbpp, pitch, height, slice, x, y, z;
	u32 palign, halign, base_align;
};

/*
 * A tiled surface's rows are whole tiles wide and its slices whole tiles
 * high: with a slice of pitch x height elements, height a multiple of the
 * tile's (Mesa's surfaces), that takes no division
 */
static __always_inline bool rcs_dma_whole_tiles(const struct rcs_dma_tiled *t)
{
	if (rcs_mod_u64(t->pitch, t->palign))
		return false;
	if ((u64)t->pitch * t->height == t->slice && !rcs_mod_u64(t->height, t->halign))
		return true;
	return !rcs_mod_u64(t->slice, t->pitch * t->halign);
}

/*
 * The slices a tiled copy of @elems elements (not 0) enters from slice z
 * on: each holds min(height, slice / pitch) rows (at least one, as the
 * slice is whole tiles high), and the copy runs from row y, column x, row
 * after row. The last element's row is y + (x + elems - 1) / pitch, its
 * slice that row / rows: one division by pitch x rows, none where the
 * copy stays inside its first slice (as Mesa's do).
 */
static __always_inline u64 rcs_dma_slices(const struct rcs_dma_tiled *t, u32 elems)
{
	u64 rows = t->height, last = (u64)t->y * t->pitch + t->x + elems - 1, per;

	if ((u64)t->pitch * rows > t->slice)
		rows = t->slice / t->pitch;
	per = t->pitch * rows;
	return last < per ? 1 : last / per + 1;
}

/*
 * COPY, tiled (Evergreen's L2T/T2L sub-command, R7xx's T bit): count
 * dwords between a linear buffer and a 1D- or 2D-tiled surface, from
 * element (x, y, z) on, row after row of the surface's pitch, slice after
 * slice every height rows (or sooner, where a slice holds fewer rows).
 * The swizzle only moves elements inside a slice of a surface in whole
 * tiles on a tile boundary, so every slice the copy enters is bounded
 * whole. Relocations: source, destination. The generations decode their
 * packets and layouts; the rule is this one, inline: called, with the
 * decoded fields passed through memory, real DMA streams (a sixth of
 * them tiled copies, a third of their time) checked 4% slower.
 */
static __always_inline int rcs_dma_copy_tiled(struct rcs_parser *p,
					      const struct rcs_packet *pkt,
					      const struct rcs_dma_tiled *t)
{
	u32 bpe = 1u << t->lbpp, elems;
	u64 lin_off = RCS_ADDR40(*t->lin_lo, *t->lin_hi), bytes = 0, tiled_addr, lin_addr;
	const struct rcs_bo *src, *dst;

	if (!rcs_dma_whole_tiles(t))
		return rcs_fail(p, pkt->idx, "tiled surface not in whole tiles", t->pitch);
	if ((4 * pkt->count) & (bpe - 1) || lin_off & 3)
		return rcs_fail(p, pkt->idx, "partial element or unaligned address", lin_off);
	elems = 4 * pkt->count >> t->lbpp;
	if (elems)
		bytes = ((u64)t->z + rcs_dma_slices(t, elems)) * t->slice * bpe;
	if (rcs_dma_reloc(p, pkt, &src) || rcs_dma_reloc(p, pkt, &dst) ||
	    rcs_check_addr(p, pkt, t->detile ? src : dst, (u64)*t->base << 8, bytes,
			   !t->detile, &tiled_addr) ||
	    rcs_check_addr(p, pkt, t->detile ? dst : src, lin_off, 4ull * pkt->count,
			   t->detile, &lin_addr))
		return -1;
	if (tiled_addr >> 40 || rcs_mod_u64(tiled_addr, t->base_align))
		return rcs_fail(p, pkt->idx, "tiled surface not on a tile", tiled_addr);
	*t->base = (u32)(tiled_addr >> 8);
	rcs_put_addr40(t->lin_lo, t->lin_hi, lin_addr);
	return 0;
}

/**
 * struct rcs_tile_layout - how a tiled layout pads a surface
 * @palign: rows are a multiple of this many elements
 * @halign: the height is a multiple of this many rows
 * @base_align: the surface starts on a multiple of this many bytes
 */
struct rcs_tile_layout {
	u32 palign, halign, base_align;
};

/* Evergreen's tiled layouts (evergreen_cs.c), for the display's scanout too */
struct rcs_tile_layout rcs_eg_layout_1d(u32 bpe);
int rcs_eg_layout_2d(u32 bpe, u32 pipes, u32 banks, u32 bankw, u32 bankh, u32 aspect,
		     u32 tsplit, struct rcs_tile_layout *l);

/* The header of a dword-aligned linear COPY, count aside */
#define RCS_DMA_HDR_COPY_LINEAR_DW		(RCS_DMA_COPY << 8 | 0)

/* An access of @bytes (< 2^32) from @offset (< 2^40) inside @bo: no wrap */
static inline bool rcs_in_bo(const struct rcs_bo *bo, u64 offset, u64 bytes)
{
	return offset + bytes <= bo->size;
}

/*
 * The copy that fills DMA streams (linear, dwords, five dwords, two
 * relocations: source, destination), accepted in one step with the
 * checks of rcs_dma_copy_linear(): dword-aligned ends inside the buffers, the
 * destination writable. false if anything is wrong with it: then
 * the COPY handler checks it again and says what.
 */
static inline bool rcs_dma_copy_fast(u32 hdr, u32 *d, const struct rcs_bo *src)
{
	u64 bytes = 4ull * (hdr & 0xfffff);
	u64 dst_off = RCS_ADDR40(d[0], d[2]), src_off = RCS_ADDR40(d[1], d[3]);
	const struct rcs_bo *dst = src + 1;

	if ((dst_off | src_off) & 3 || !rcs_in_bo(src, src_off, bytes) ||
	    !rcs_in_bo(dst, dst_off, bytes) || !dst->write)
		return false;
	rcs_put_addr40(&d[0], &d[2], dst->gpu_addr + dst_off);
	rcs_put_addr40(&d[1], &d[3], src->gpu_addr + src_off);
	return true;
}

/*
 * A generation's fast path for the DMA packet streams are made of: true
 * if it accepted (and relocated) the packet at @body, whose header is
 * @hdr, taking relocations from @bo on; false leaves the packet untouched
 * for the handler of its command to check and say what is wrong. The
 * walker made sure the packet is in the IB and its relocations exist.
 * Plain values, not the parser: the IB's stores could alias its fields.
 */
typedef bool (*rcs_dma_fast_fn)(u32 hdr, u32 *body, const struct rcs_bo *bo);

/*
 * The handler @ops (a constant) has for @pkt's command. Where the kernel
 * has retpolines each command's case reads @ops at a constant index,
 * which the compiler makes a direct call, as the generations' GFX
 * callers do (eg_run_op()).
 */
static __always_inline int rcs_run_dma(const struct rcs_op *ops, struct rcs_parser *p,
				       struct rcs_packet *pkt)
{
	u32 code = pkt->opcode;

#ifdef CONFIG_MITIGATION_RETPOLINE
	switch (code) {
	case RCS_DMA_WRITE:
		return ops[code].check(p, pkt);
	case RCS_DMA_COPY:
		return ops[code].check(p, pkt);
	case RCS_DMA_CONSTANT_FILL:
		return ops[code].check(p, pkt);
	}
#endif
	return ops[code].check(p, pkt);
}

/*
 * A DMA packet the fast path did not take, at @idx, its relocations from
 * @reloc on: its command's handler in @ops, the generation's DMA commands
 * (16 entries, by command; those with no name are refused, and their
 * handlers set the packet's length in p->next), by rcs_run_dma()
 */
static __always_inline int rcs_dma_packet(struct rcs_parser *p, u32 idx, u32 reloc,
					  const struct rcs_op *ops)
{
	u32 hdr = p->ib[idx];
	const struct rcs_op *op = &ops[hdr >> 28];
	struct rcs_packet pkt = {
		.idx = idx, .opcode = hdr >> 28, .count = hdr & 0xfffff,
		.body = &p->ib[idx + 1],
	};

	if (!op->name)
		return rcs_fail(p, idx, "DMA command not allowed", hdr >> 28);
	p->next = idx + 1;
	p->next_reloc = reloc;
	return op->check ? rcs_run_dma(ops, p, &pkt) : 0;
}

/**
 * rcs_dma_walk - the DMA walker, built into a generation with its fast path
 * @p: the parser, as for rcs_check_dma()
 * @fast: the generation's fast path, inlined: a packet it accepts costs
 *	no handler call and no bookkeeping in the parser
 * @fast_hdr: header bits 31:20 (command, sub-command) of the packets
 *	@fast is for
 * @fast_len: their length in dwords, header included
 * @fast_relocs: the relocations each takes
 * @packet: the other packets: rcs_dma_packet() with the generation's
 *	table, out of line (in the loop it made the fast path slower),
 *	called directly
 *
 * Returns: 0 if the stream may run, or -1 with the error set.
 */
static __always_inline int rcs_dma_walk(struct rcs_parser *p, rcs_dma_fast_fn fast,
					u32 fast_hdr, u32 fast_len, u32 fast_relocs,
					int (*packet)(struct rcs_parser *p, u32 idx, u32 reloc))
{
	u32 *ib = p->ib, *pos = ib, *end = ib + p->ndw, left = p->nbos;
	const struct rcs_bo *bo = p->bos;

	while (pos < end) {
		if (*pos >> 20 == fast_hdr && end - pos >= fast_len && left >= fast_relocs &&
		    fast(*pos, pos + 1, bo)) {
			pos += fast_len;
			bo += fast_relocs;
			left -= fast_relocs;
			continue;
		}
		/*
		 * A NOP is one dword on every generation, whatever its count.
		 * Mesa pads every packet to eight dwords with them: a run is
		 * stepped in one loop (real DMA streams check 4% faster)
		 */
		if (*pos >> 28 == RCS_DMA_NOP) {
			do
				pos++;
			while (pos < end && *pos >> 28 == RCS_DMA_NOP);
			continue;
		}
		if (packet(p, pos - ib, p->nbos - left))
			return -1;
		pos = ib + p->next;
		bo = p->bos + p->next_reloc;
		left = p->nbos - p->next_reloc;
	}
	return 0;
}

/* A type-3 header of @op with @count body dwords; predicate and shader-type bits clear */
#define RCS_HDR(op, count)	(0xc0000000u | ((count) - 1) << 16 | (op) << 8)
#define RCS_HDR_MASK		0xffffff00u	/* what RCS_HDR() sets */

/* The fast handler on a packet of @count dwords at @idx, @count a constant */
static __always_inline int rcs_walk_fast(struct rcs_parser *p, rcs_op_fn fast, u32 op, u32 idx,
					 u32 count)
{
	struct rcs_packet pkt = { .idx = idx, .opcode = op, .count = count,
				  .body = &p->ib[idx + 1] };

	p->next = idx + 1 + count;
	return fast(p, &pkt);
}

/*
 * How the walker calls an opcode's handler (@op->check, not NULL): the
 * generation's, inlined, can call its handlers directly (eg_run_op()),
 * as an indirect call costs a retpoline in kernels built with the
 * Spectre v2 mitigation; rcs_run_op() calls through the table
 */
typedef int (*rcs_run_fn)(const struct rcs_op *op, struct rcs_parser *p,
			  struct rcs_packet *pkt);

static __always_inline int rcs_run_op(const struct rcs_op *op, struct rcs_parser *p,
				      struct rcs_packet *pkt)
{
	return op->check(p, pkt);
}

/**
 * rcs_walk - the GFX walker, built into a generation with its fast path
 * @p: the parser, as for rcs_check()
 * @fast: the handler of the opcode streams are mostly made of, inlined:
 *	that packet costs no call through the opcode table
 * @fast_op: the opcode @fast is for; its table entry must take any body
 *	length from one dword (@fast checks the rest)
 * @run: calls the other opcodes' handlers (rcs_run_fn), inlined
 * @type0: the generation's streams are made of type-0 register writes
 *	(R5xx), which go to rcs_type0() and its type-0 table. A constant:
 *	for the generations that refuse type 0 the test is compiled out, as
 *	any branch in this loop costs their streams (a tenth of a triangle
 *	stream's time when it was a test of the table)
 *
 * Relocation NOPs and type-2 fillers are stepped over; every other
 * packet has its header checked against the opcode table, and its
 * handler run.
 *
 * Returns: 0 if the stream may run, or -1 with the error set.
 */
static __always_inline int rcs_walk(struct rcs_parser *p, rcs_op_fn fast, u32 fast_op,
				    rcs_run_fn run, bool type0)
{
	const struct rcs_op *ops = p->gen->ops;
	u32 idx = 0, ndw = p->ndw, *ib = p->ib;

	while (idx < ndw) {
		u32 hdr = ib[idx], count = ((hdr >> 16) & 0x3fff) + 1;
		const struct rcs_op *op;
		struct rcs_packet pkt;

		/*
		 * The packet of half of every real stream's headers (one
		 * context register). Its length is a constant here, not
		 * this header's count: the CPU predicts the branch and
		 * loads the next header without waiting for this one (a
		 * fifth off the time of real streams). Hiding
		 * @idx keeps the compiler from folding the constant back
		 * into the count.
		 */
		if ((hdr & RCS_HDR_MASK) == RCS_HDR(fast_op, 2) && ndw - idx >= 3) {
			if (rcs_walk_fast(p, fast, fast_op, idx, 2))
				return -1;
			OPTIMIZER_HIDE_VAR(idx);
			idx += 3;
			continue;
		}
		if (hdr == PKT3_RELOC_NOP && ndw - idx >= 2) {
			idx += 2;
			continue;
		}
		if (hdr >> 30 == 2) {
			idx++;
			continue;
		}
		/* register writes, for generations that take them (R5xx) */
		if (type0 && !(hdr >> 30)) {
			int len = rcs_type0(p, idx);

			if (len < 0)
				return -1;
			idx += len;
			continue;
		}
		if (hdr >> 30 != 3 || count >= ndw - idx)
			return rcs_bad_packet(p, idx);
		pkt.idx = idx;
		pkt.opcode = (hdr >> 8) & 0xff;
		pkt.count = count;
		pkt.body = &ib[idx + 1];
		p->next = idx + 1 + count;
		if (pkt.opcode == fast_op) {
			if (fast(p, &pkt))
				return -1;
		} else {
			op = &ops[pkt.opcode];
			if (!rcs_op_takes(op, count))
				return rcs_bad_packet(p, idx);
			if (op->check && run(op, p, &pkt))
				return -1;
		}
		idx += 1 + count;
	}
	return 0;
}

extern const struct rcs_gen rcs_evergreen;

#endif /* __RUBY_CS_CHECK_H__ */
