// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R5xx command-stream tables
 *
 * What an R5xx (RV515, R520, RV530, RV560, RV570, R580) stream may
 * contain, on the walker every generation shares. The r300-class engine's
 * streams are mostly type-0 packets, register writes, checked one register
 * at a time against r5_type0[] (default deny): plain state passes by that
 * lookup, the registers below go to their handler, every other register
 * (MC, CP, RBBM, PCIE, scratch, GART, interrupts, display, the 2D engine,
 * CMASK, VAP_VF_CNTL's register-started draws) refuses the stream.
 * Relocation NOPs follow the packet, one per address register written.
 *
 * Nothing resets the engine between streams, so what a stream does not
 * set is taken at its worst: a draw that reaches a surface, a texture or
 * an array whose address or layout the stream did not set is refused, and
 * enables the stream did not write count as on.
 *
 * Draws (3D_DRAW_VBUF, _INDX, _IMMD and their _2 forms) are checked
 * against the stream's state:
 *
 * - the draw's extent is SC_SCISSOR1's bottom-right corner, which the
 *   stream must set; each target is bounded whole, pitch by the
 *   scissor's rows, in the layout of its tiling (2K macro tiles of 8x8
 *   micro tiles of 32 bytes). A draw wider than the pitch (Mesa's fast
 *   colour clears round theirs up to 64 pixels) is taken as the engine
 *   not clipping at the pitch: its last row of tiles reaches the draw's
 *   width, past the row's end into what follows. With GB_AA_CONFIG's AA
 *   on, the colour and depth buffers hold every subsample (2 to 6) of
 *   each pixel, in 4x4 blocks, and a draw may not be wider than the
 *   pitch;
 * - colour buffers 0-3 are reached unless RB3D_COLOR_CHANNEL_MASK is 0
 *   with neither blending nor a ZB colour clear; then each buffer
 *   RB3D_CCTL writes to (multiwrites) or US_OUT_FMT_n does not mark
 *   unused must have a relocated, writable offset and its pitch set;
 * - with stencil or Z on (ZB_CNTL), the depth buffer likewise, with
 *   ZB_FORMAT set (16 or 24-bit);
 * - with RB3D_AARESOLVE_CTL on, the resolve target, colour buffer 0's
 *   format at its own pitch;
 * - every TX_ENABLE'd texture needs its TX_OFFSET relocated and its three
 *   formats set: every level TX_FORMAT0 asks for (no more than the size
 *   has), all slices of a 3D texture, six faces of a cube, R500's 4096
 *   sizes, DXT/ATI compressed blocks, rows of 32 bytes (linear) or whole
 *   tiles (a level smaller than a macro tile is micro-tiled only),
 *   repeating axes rounded to a power of two, must fit;
 * - vertex arrays (3D_LOAD_VBPNTR, each relocated) are bounded from their
 *   offset by stride x the highest index the draw reaches (the vertex
 *   count, or VAP_VF_MAX_VTX_INDX the VAP clamps indices to, plus
 *   VAP_INDEX_OFFSET) + their element size; immediate draws must hold
 *   VAP_VTX_SIZE x vertices dwords.
 *
 * INDX_BUFFER is bounded (offset + dwords), and its target must be
 * VAP_PORT_IDX0. HyperZ (the ZMASK and HiZ registers, SC_HYPERZ_EN's HZ_EN,
 * GB_Z_PEQ_CONFIG, ZB_BW_CNTL's compression and HiZ bits,
 * 3D_CLEAR_ZMASK/HIZ) needs rcs_parser.hyperz; 3D_CLEAR_CMASK and CMASK
 * are refused. A vline wait (WAIT_UNTIL's display bits, the CRTC vline
 * registers) is refused until R5xx has KMS. The occlusion query address
 * (ZB_ZPASS_ADDR) is a writable dword; RV530's tables (rcs_r500_rv530)
 * also take RV530_FG_ZBREG_DEST, the Z pipe the next ZB writes reach.
 *
 * VAP_INDEX_OFFSET alone is taken as 0 where a stream does not set it:
 * the R5xx submission path must write it to 0 ahead of every stream.
 */

#ifdef __KERNEL__
#include <linux/bitops.h>
#include <linux/stddef.h>
#endif

#include "r500_cs.h"
#include "../regs/r500_3d.h"

/* The tiling flag radeon_drm.h has besides MACRO and MICRO: 16-bit 4x4 micro tiles */
#define R5_TILING_MICRO_SQUARE		BIT(5)

/* Values a stream set (rcs_r500_track.set) */
#define R5_SET_SCISSOR			BIT(0)
#define R5_SET_ZB_PITCH			BIT(1)
#define R5_SET_ZB_FORMAT		BIT(2)
#define R5_SET_AA_PITCH			BIT(3)
#define R5_SET_VTX_SIZE			BIT(4)
#define R5_SET_ALT_NVERTS		BIT(5)
#define R5_SET_CB_PITCH(n)		BIT(8 + (n))

/* Checks to run again at the next draw (rcs_r500_track.dirty) */
#define R5_DIRTY_CB			BIT(0)
#define R5_DIRTY_ZB			BIT(1)
#define R5_DIRTY_AA			BIT(2)
#define R5_DIRTY_TEX			BIT(3)
#define R5_DIRTY_TARGETS		(R5_DIRTY_CB | R5_DIRTY_ZB | R5_DIRTY_AA)
#define R5_DIRTY_ALL			(R5_DIRTY_TARGETS | R5_DIRTY_TEX)

/* The highest MC address R5xx reaches */
#define R5_ADDR_MAX			0xffffffffull

static noinline void r5_begin(struct rcs_parser *p)
{
	p->track.r500 = (struct rcs_r500_track){
		.zb_cntl = R300_STENCIL_ENABLE | R300_Z_ENABLE,
		.aa_ctl = R300_RB3D_AARESOLVE_ENABLE,
		.cctl = 3 << 5,		/* four multiwrites */
		.channel_mask = 0xf,
		.gb_aa_config = R300_AA_ENABLE | 3 << 1,	/* six subsamples */
		.blendcntl = R300_RB3D_BLEND_ENABLE | R300_RB3D_READ_ENABLE,
		.bw_cntl = R300_ZB_CB_CLEAR,
		.tx_enable = 0xffff,
		.max_indx = 0xffffff,
		.dirty = R5_DIRTY_ALL,
	};
}

/* Bytes per pixel of the RB3D colour formats (COLORPITCH bits 24:21); 0: refused */
static const u8 r5_cb_cpp[16] = {
	[3] = 2, [4] = 2, [5] = 4, [6] = 4, [7] = 16, [9] = 1, [10] = 8,
	[11] = 1, [12] = 1, [13] = 2, [15] = 2,
};

/*
 * The texture formats (TX_FORMAT1 bits 4:0): bytes of a block and its
 * width and height in texels (4 for the DXT/ATI compressed ones); no
 * entry: refused
 */
static const struct {
	u8 bytes, block;
} r5_tex_formats[32] = {
	[0x00] = { 1, 1 }, [0x01] = { 2, 1 }, [0x02] = { 1, 1 }, [0x03] = { 2, 1 },
	[0x04] = { 4, 1 }, [0x05] = { 1, 1 }, [0x06] = { 2, 1 }, [0x07] = { 2, 1 },
	[0x08] = { 4, 1 }, [0x09] = { 4, 1 }, [0x0a] = { 2, 1 }, [0x0b] = { 2, 1 },
	[0x0c] = { 4, 1 }, [0x0d] = { 4, 1 }, [0x0e] = { 8, 1 },
	[R300_TX_FORMAT_DXT1] = { 8, 4 }, [R300_TX_FORMAT_DXT3] = { 16, 4 },
	[R300_TX_FORMAT_DXT5] = { 16, 4 },
	[0x12] = { 2, 1 }, [0x14] = { 2, 1 }, [0x15] = { 2, 1 }, [0x17] = { 4, 1 },
	[0x18] = { 2, 1 }, [0x19] = { 4, 1 }, [0x1a] = { 8, 1 }, [0x1b] = { 4, 1 },
	[0x1c] = { 8, 1 }, [0x1d] = { 16, 1 }, [0x1e] = { 4, 1 },
	[R300_TX_FORMAT_ATI2N] = { 16, 4 },
};

/*
 * Bytes of @rows rows of @row_bytes in a tiled or linear layout of
 * @cpp-byte elements: a micro tile is 32 bytes of 1, 2 or 4 rows (8-bit
 * and square 16-bit: 4; none with linear micro tiles), a macro tile 2K
 * of 8x8 micro tiles; rows are padded to whole tiles, linear rows to
 * @lin_align bytes. A micro mode the checker does not know is taken as
 * the tallest.
 */
/* Rows of a micro tile of @cpp-byte elements in @micro mode (1: linear) */
static u32 r5_micro_rows(u32 cpp, u32 micro)
{
	return !micro ? 1 : cpp == 1 || micro != R300_MICROTILE_TILED ? 4 : 2;
}

static u64 r5_surface_bytes(u32 cpp, bool macro, u32 micro, u64 row_bytes, u64 rows,
			    u32 lin_align)
{
	u32 mh = r5_micro_rows(cpp, micro);
	u32 h = macro ? 8 * mh : mh;
	u32 wb = macro ? 2048 / h : micro ? 32 / mh : lin_align;

	return rcs_align_up(row_bytes, wb) * rcs_align_up(rows, h);
}

/* The tiling bits of a buffer's flags, in COLORPITCH/DEPTHPITCH's place (bits 18:16) */
static u32 r5_pitch_tiling(u32 flags)
{
	u32 micro = flags & RCS_TILING_MICRO ? R300_MICROTILE_TILED :
		    flags & R5_TILING_MICRO_SQUARE ? R300_MICROTILE_SQUARE : 0;

	return (flags & RCS_TILING_MACRO ? BIT(16) : 0) | micro << 17;
}

/* The same in TX_OFFSET's (bits 4:2) */
static u32 r5_tex_tiling(u32 flags)
{
	return r5_pitch_tiling(flags) >> 14;
}

/*
 * A register holding an address: relocated (the offset in its buffer
 * below bit @flags' mask, the flags kept), a multiple of @align, noted
 * in *@s; a write target must be writable
 */
static int r5_reloc_reg(struct rcs_parser *p, struct rcs_packet *pkt, u32 *val, u32 flags,
			u32 align, bool write, struct rcs_surf *s)
{
	u32 offset = *val & ~flags;
	const struct rcs_bo *bo;
	u64 addr;

	if (offset & (align - 1))
		return rcs_fail(p, pkt->idx, "unaligned address", offset);
	if (rcs_reloc(p, pkt, &bo) || rcs_check_addr(p, pkt, bo, offset, 0, write, &addr))
		return -1;
	if (addr > R5_ADDR_MAX)
		return rcs_fail(p, pkt->idx, "address beyond 32 bits", addr);
	*val = (u32)addr | (*val & flags);
	s->bo = bo;
	s->offset = offset;
	return 0;
}

/*
 * A pitch register's tiling bits: the stream's with KEEP_TILING_FLAGS,
 * otherwise its buffer's (one more relocation, upstream's ABI)
 */
static int r5_pitch_tiling_from_bo(struct rcs_parser *p, struct rcs_packet *pkt, u32 *val,
				   u32 fields)
{
	const struct rcs_bo *bo;

	if (p->keep_tiling)
		return 0;
	if (rcs_reloc(p, pkt, &bo))
		return -1;
	*val = (*val & ~fields) | r5_pitch_tiling(bo->tiling_flags);
	return 0;
}

/* A register that only matters to draws: kept, their checks due again */
static void r5_keep(struct rcs_parser *p, u32 *field, u32 val, u32 dirty)
{
	*field = val;
	p->track.r500.dirty |= dirty;
}

static int r5_coloroffset(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	p->track.r500.dirty |= R5_DIRTY_CB;
	return r5_reloc_reg(p, pkt, val, 0, 32, true,
			    &p->track.r500.cb[(reg - R300_RB3D_COLOROFFSET0) / 4]);
}

static int r5_colorpitch(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	struct rcs_r500_track *t = &p->track.r500;
	u32 i = (reg - R300_RB3D_COLORPITCH0) / 4;

	if (!r5_cb_cpp[R300_COLOR_FORMAT(*val)])
		return rcs_fail(p, pkt->idx, "colour format not supported",
				R300_COLOR_FORMAT(*val));
	if (r5_pitch_tiling_from_bo(p, pkt, val, R300_COLOR_TILE_FIELDS))
		return -1;
	t->set |= R5_SET_CB_PITCH(i);
	r5_keep(p, &t->cb_pitch[i], *val, R5_DIRTY_CB | R5_DIRTY_AA);
	return 0;
}

static int r5_depthoffset(struct rcs_parser *p, struct rcs_packet *pkt,
			  u32 reg __always_unused, u32 *val)
{
	p->track.r500.dirty |= R5_DIRTY_ZB;
	return r5_reloc_reg(p, pkt, val, 0, 32, true, &p->track.r500.zb);
}

static int r5_depthpitch(struct rcs_parser *p, struct rcs_packet *pkt,
			 u32 reg __always_unused, u32 *val)
{
	if (r5_pitch_tiling_from_bo(p, pkt, val, R300_DEPTH_TILE_FIELDS))
		return -1;
	p->track.r500.set |= R5_SET_ZB_PITCH;
	r5_keep(p, &p->track.r500.zb_pitch, *val, R5_DIRTY_ZB);
	return 0;
}

static int r5_zb_format(struct rcs_parser *p, struct rcs_packet *pkt,
			u32 reg __always_unused, u32 *val)
{
	if (R300_ZB_DEPTHFORMAT(*val) > 2)
		return rcs_fail(p, pkt->idx, "depth format not supported",
				R300_ZB_DEPTHFORMAT(*val));
	p->track.r500.set |= R5_SET_ZB_FORMAT;
	r5_keep(p, &p->track.r500.zb_format, *val, R5_DIRTY_ZB);
	return 0;
}

static int r5_zb_cntl(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
		      u32 reg __always_unused, u32 *val)
{
	r5_keep(p, &p->track.r500.zb_cntl, *val, R5_DIRTY_ZB);
	return 0;
}

/* HyperZ's registers: anything but 0 needs the client to own HyperZ */
static int r5_hyperz(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	if (*val && !p->hyperz)
		return rcs_fail(p, pkt->idx, "HyperZ not owned", reg);
	return 0;
}

/*
 * SC_HYPERZ_EN: only HZ_EN is HyperZ. Mesa's r300 writes the HiZ adjust
 * bits on every state emit, owner or not (upstream clears HZ_EN for a
 * non-owner; a stream setting it without owning HyperZ is refused here)
 */
static int r5_sc_hyperz(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	if ((*val & R300_SC_HYPERZ_HZ_EN) && !p->hyperz)
		return rcs_fail(p, pkt->idx, "HyperZ not owned", reg);
	return 0;
}

static int r5_zb_bw_cntl(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	if ((*val & R300_ZB_HYPERZ_BITS) && !p->hyperz)
		return rcs_fail(p, pkt->idx, "HyperZ not owned", reg);
	r5_keep(p, &p->track.r500.bw_cntl, *val, R5_DIRTY_CB);
	return 0;
}

static int r5_zpass_addr(struct rcs_parser *p, struct rcs_packet *pkt,
			 u32 reg __always_unused, u32 *val)
{
	struct rcs_surf s;
	u64 addr;

	return r5_reloc_reg(p, pkt, val, 0, 4, true, &s) ||
	       rcs_check_addr(p, pkt, s.bo, s.offset, 4, true, &addr) ? -1 : 0;
}

static int r5_aa_offset(struct rcs_parser *p, struct rcs_packet *pkt,
			u32 reg __always_unused, u32 *val)
{
	p->track.r500.dirty |= R5_DIRTY_AA;
	return r5_reloc_reg(p, pkt, val, 0, 32, true, &p->track.r500.aa);
}

static int r5_aa_pitch(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
		       u32 reg __always_unused, u32 *val)
{
	p->track.r500.set |= R5_SET_AA_PITCH;
	r5_keep(p, &p->track.r500.aa_pitch, *val, R5_DIRTY_AA);
	return 0;
}

static int r5_aa_ctl(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
		     u32 reg __always_unused, u32 *val)
{
	r5_keep(p, &p->track.r500.aa_ctl, *val, R5_DIRTY_AA);
	return 0;
}

static int r5_cctl(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg __always_unused, u32 *val)
{
	if (*val & R300_RB3D_CCTL_CMASK_ENABLE)
		return rcs_fail(p, pkt->idx, "CMASK not supported", *val);
	r5_keep(p, &p->track.r500.cctl, *val, R5_DIRTY_CB);
	return 0;
}

static int r5_blendcntl(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			u32 reg __always_unused, u32 *val)
{
	r5_keep(p, &p->track.r500.blendcntl, *val, R5_DIRTY_CB);
	return 0;
}

static int r5_channel_mask(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			   u32 reg __always_unused, u32 *val)
{
	r5_keep(p, &p->track.r500.channel_mask, *val, R5_DIRTY_CB);
	return 0;
}

static int r5_us_out_fmt(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			 u32 reg, u32 *val)
{
	r5_keep(p, &p->track.r500.us_out_fmt[(reg - R300_US_OUT_FMT_0) / 4], *val, R5_DIRTY_CB);
	return 0;
}

static int r5_scissor(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
		      u32 reg __always_unused, u32 *val)
{
	p->track.r500.set |= R5_SET_SCISSOR;
	r5_keep(p, &p->track.r500.scissor, *val, R5_DIRTY_TARGETS);
	return 0;
}

static int r5_gb_aa_config(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			   u32 reg __always_unused, u32 *val)
{
	r5_keep(p, &p->track.r500.gb_aa_config, *val, R5_DIRTY_CB | R5_DIRTY_ZB);
	return 0;
}

/*
 * RV530_FG_ZBREG_DEST: which of RV530's two Z pipes the ZB registers
 * written next reach (Mesa selects each in turn for its occlusion
 * counts); the other R5xx chips have no such register
 */
static int r5_fg_zbreg_dest(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg,
			    u32 *val __always_unused)
{
	if (p->gen != &rcs_r500_rv530)
		return rcs_fail(p, pkt->idx, "register of RV530 only", reg);
	return 0;
}

static int r5_tx_offset(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	u32 u = (reg - R300_TX_OFFSET_0) / 4;
	struct rcs_r500_track *t = &p->track.r500;

	t->dirty |= R5_DIRTY_TEX;
	if (r5_reloc_reg(p, pkt, val, R300_TXO_FLAGS, 32, false, &t->tex[u]))
		return -1;
	if (!p->keep_tiling)
		*val = (*val & ~R300_TXO_TILE_FIELDS) | r5_tex_tiling(t->tex[u].bo->tiling_flags);
	t->tx_tiling[u] = *val & R300_TXO_FLAGS;
	return 0;
}

static int r5_tx_enable(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			u32 reg __always_unused, u32 *val)
{
	r5_keep(p, &p->track.r500.tx_enable, *val & 0xffff, R5_DIRTY_TEX);
	return 0;
}

static int r5_tx_filter0(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			 u32 reg, u32 *val)
{
	r5_keep(p, &p->track.r500.tx_filter0[(reg - R300_TX_FILTER0_0) / 4], *val, R5_DIRTY_TEX);
	return 0;
}

static int r5_tx_format0(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			 u32 reg, u32 *val)
{
	u32 u = (reg - R300_TX_FORMAT0_0) / 4;

	p->track.r500.tx_set |= BIT(u);
	r5_keep(p, &p->track.r500.tx_format0[u], *val, R5_DIRTY_TEX);
	return 0;
}

static int r5_tx_format1(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val)
{
	u32 u = (reg - R300_TX_FORMAT1_0) / 4;

	if (!r5_tex_formats[R300_TX_FORMAT(*val)].bytes)
		return rcs_fail(p, pkt->idx, "texture format not supported", R300_TX_FORMAT(*val));
	if (R300_TX_COORD_TYPE(*val) > R300_TX_COORD_CUBE)
		return rcs_fail(p, pkt->idx, "texture coordinate type not supported",
				R300_TX_COORD_TYPE(*val));
	p->track.r500.tx_set |= BIT(16 + u);
	r5_keep(p, &p->track.r500.tx_format1[u], *val, R5_DIRTY_TEX);
	return 0;
}

static int r5_tx_format2(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			 u32 reg, u32 *val)
{
	u32 u = (reg - R300_TX_FORMAT2_0) / 4;

	p->track.r500.tx2_set |= BIT(u);
	r5_keep(p, &p->track.r500.tx_format2[u], *val, R5_DIRTY_TEX);
	return 0;
}

static int r5_vtx_size(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
		       u32 reg __always_unused, u32 *val)
{
	p->track.r500.set |= R5_SET_VTX_SIZE;
	p->track.r500.vtx_size = R300_VAP_VTX_SIZE_DW(*val);
	return 0;
}

static int r5_max_indx(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
		       u32 reg __always_unused, u32 *val)
{
	p->track.r500.max_indx = R300_VAP_MAX_INDX(*val);
	return 0;
}

static int r5_alt_nverts(struct rcs_parser *p, struct rcs_packet *pkt __always_unused,
			 u32 reg __always_unused, u32 *val)
{
	p->track.r500.set |= R5_SET_ALT_NVERTS;
	p->track.r500.alt_nverts = *val & 0xffffff;
	return 0;
}

static int r5_index_offset(struct rcs_parser *p, struct rcs_packet *pkt,
			   u32 reg __always_unused, u32 *val)
{
	if (*val & R500_VAP_INDEX_OFFSET_SIGN)
		return rcs_fail(p, pkt->idx, "negative index offset", *val);
	p->track.r500.index_offset = R500_VAP_INDEX_OFFSET_VAL(*val);
	return 0;
}

static int r5_wait_until(struct rcs_parser *p, struct rcs_packet *pkt,
			 u32 reg __always_unused, u32 *val)
{
	if (*val & RADEON_WAIT_DISPLAY)
		return rcs_fail(p, pkt->idx, "no KMS on R5xx yet", *val);
	return 0;
}

static int r5_vline(struct rcs_parser *p, struct rcs_packet *pkt, u32 reg, u32 *val __always_unused)
{
	return rcs_fail(p, pkt->idx, "no KMS on R5xx yet", reg);
}

/* A surface the draw reaches, @bytes from its offset: inside its buffer */
static int r5_bound(struct rcs_parser *p, const struct rcs_packet *pkt, const struct rcs_surf *s,
		    u64 bytes, bool write, const char *why)
{
	u64 addr;

	if (!rcs_in_bo(s->bo, s->offset, bytes))
		return rcs_fail(p, pkt->idx, why, bytes);
	return rcs_check_addr(p, pkt, s->bo, s->offset, bytes, write, &addr);
}

/* The draw's extent: the scissor's bottom-right corner, exclusive */
struct r5_extent {
	u32 width, rows;
};

/* Subsamples a pixel of the colour and depth buffers holds (1: AA off) */
static u32 r5_subsamples(const struct rcs_r500_track *t)
{
	static const u8 n[4] = { 2, 3, 4, 6 };

	return t->gb_aa_config & R300_AA_ENABLE ? n[R300_AA_SUBSAMPLES(t->gb_aa_config)] : 1;
}

/*
 * A colour, depth or resolve target of @cpp-byte pixels, whose pitch
 * register is @pitch (pixels in @px, tiling in bits 18:16), whole; with
 * @samples subsamples a pixel, the CB's own layout of 4x4 blocks of every
 * sample, which the pitch's tiling does not change, counted in the same
 * tiles as the single-sample one
 */
static int r5_check_target(struct rcs_parser *p, const struct rcs_packet *pkt,
			   const struct rcs_surf *s, u32 pitch, u32 px, u32 cpp, u32 samples,
			   const struct r5_extent *e, const char *why)
{
	bool macro = pitch & BIT(16);
	u32 micro = (pitch >> 17) & 3;
	u64 rows = samples > 1 ? rcs_align_up(e->rows, 4) : e->rows;
	u64 row = (u64)(samples > 1 ? rcs_align_up(px, 4) : px) * cpp;
	u64 bytes = r5_surface_bytes(cpp, macro, micro, row, rows, 1);

	if (e->width > px) {
		if (samples > 1)
			return rcs_fail(p, pkt->idx, "draw wider than its target", e->width);
		/* all rows of tiles but the last at the pitch, that one as wide as the draw */
		bytes -= r5_surface_bytes(cpp, macro, micro, row, 1, 1);
		bytes += r5_surface_bytes(cpp, macro, micro, (u64)e->width * cpp, 1, 1);
	}
	return r5_bound(p, pkt, s, bytes * samples, true, why);
}

/* Does the draw reach colour buffer @i */
static bool r5_cb_reached(const struct rcs_r500_track *t, u32 i)
{
	if (!t->channel_mask && !(t->bw_cntl & R300_ZB_CB_CLEAR) &&
	    !(t->blendcntl & (R300_RB3D_BLEND_ENABLE | R300_RB3D_READ_ENABLE)))
		return false;
	return i < R300_RB3D_CCTL_NUM_MULTIWRITES(t->cctl) ||
	       R300_US_OUT_FMT(t->us_out_fmt[i]) != R300_US_OUT_FMT_UNUSED;
}

static int r5_check_cbs(struct rcs_parser *p, const struct rcs_packet *pkt,
			const struct r5_extent *e)
{
	const struct rcs_r500_track *t = &p->track.r500;
	u32 i, pitch;

	for (i = 0; i < ARRAY_SIZE(t->cb); i++) {
		if (!r5_cb_reached(t, i))
			continue;
		if (!t->cb[i].bo)
			return rcs_fail(p, pkt->idx, "colour buffer not set", i);
		if (!(t->set & R5_SET_CB_PITCH(i)))
			return rcs_fail(p, pkt->idx, "colour buffer pitch not set", i);
		pitch = t->cb_pitch[i];
		if (r5_check_target(p, pkt, &t->cb[i], pitch, R300_COLORPITCH_PX(pitch),
				    r5_cb_cpp[R300_COLOR_FORMAT(pitch)], r5_subsamples(t), e,
				    "colour buffer past the end of its buffer"))
			return -1;
	}
	return 0;
}

static int r5_check_zb(struct rcs_parser *p, const struct rcs_packet *pkt,
		       const struct r5_extent *e)
{
	const struct rcs_r500_track *t = &p->track.r500;

	if (!(t->zb_cntl & (R300_STENCIL_ENABLE | R300_Z_ENABLE)))
		return 0;
	if (!t->zb.bo)
		return rcs_fail(p, pkt->idx, "depth buffer not set", t->zb_cntl);
	if ((t->set & (R5_SET_ZB_PITCH | R5_SET_ZB_FORMAT)) !=
	    (R5_SET_ZB_PITCH | R5_SET_ZB_FORMAT))
		return rcs_fail(p, pkt->idx, "depth buffer pitch or format not set", t->set);
	return r5_check_target(p, pkt, &t->zb, t->zb_pitch, R300_DEPTHPITCH_PX(t->zb_pitch),
			       R300_ZB_DEPTHFORMAT(t->zb_format) == 2 ? 4 : 2, r5_subsamples(t),
			       e, "depth buffer past the end of its buffer");
}

/* The AA resolve target: linear, colour buffer 0's format at its own pitch */
static int r5_check_aa(struct rcs_parser *p, const struct rcs_packet *pkt,
		       const struct r5_extent *e)
{
	const struct rcs_r500_track *t = &p->track.r500;

	if (!(t->aa_ctl & R300_RB3D_AARESOLVE_ENABLE))
		return 0;
	if (!t->aa.bo || !(t->set & R5_SET_AA_PITCH) || !(t->set & R5_SET_CB_PITCH(0)))
		return rcs_fail(p, pkt->idx, "AA resolve target not set", t->aa_ctl);
	return r5_check_target(p, pkt, &t->aa, t->aa_pitch & ~R300_COLOR_TILE_FIELDS,
			       R300_COLORPITCH_PX(t->aa_pitch),
			       r5_cb_cpp[R300_COLOR_FORMAT(t->cb_pitch[0])], 1, e,
			       "AA resolve target past the end of its buffer");
}

/* The render targets, their checks due since the last draw that passed */
static int r5_check_targets(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	struct rcs_r500_track *t = &p->track.r500;
	struct r5_extent e = {
		.width = R300_SC_X(t->scissor) + 1, .rows = R300_SC_Y(t->scissor) + 1,
	};
	bool reached = t->zb_cntl & (R300_STENCIL_ENABLE | R300_Z_ENABLE) ||
		       t->aa_ctl & R300_RB3D_AARESOLVE_ENABLE || r5_cb_reached(t, 0) ||
		       r5_cb_reached(t, 1) || r5_cb_reached(t, 2) || r5_cb_reached(t, 3);

	if (!reached)
		return 0;
	if (!(t->set & R5_SET_SCISSOR))
		return rcs_fail(p, pkt->idx, "scissor not set", 0);
	if (((t->dirty & R5_DIRTY_CB) && r5_check_cbs(p, pkt, &e)) ||
	    ((t->dirty & R5_DIRTY_ZB) && r5_check_zb(p, pkt, &e)) ||
	    ((t->dirty & R5_DIRTY_AA) && r5_check_aa(p, pkt, &e)))
		return -1;
	return 0;
}

/* A texture's layout as its registers say */
struct r5_tex {
	u32 w, h, d, levels, pitch;
	u32 bytes, block, micro, type;
	bool use_pitch, roundup_w, roundup_h, macro;
};

/* @v rounded up to a power of two (@v at most 2^16) */
static u32 r5_pow2_up(u32 v)
{
	u32 r = 1;

	while (r < v)
		r <<= 1;
	return r;
}

/* Is a TX_FILTER0 clamp mode one that repeats (the axis is rounded up) */
static bool r5_repeats(u32 clamp)
{
	return clamp != 2 && clamp != 4 && clamp != 6;
}

static void r5_tex_decode(const struct rcs_r500_track *t, u32 u, struct r5_tex *x)
{
	u32 f0 = t->tx_format0[u], f1 = t->tx_format1[u], f2 = t->tx_format2[u];

	*x = (struct r5_tex){
		.w = R300_TX_WIDTH(f0) | (f2 & R500_TXWIDTH_11 ? 2048 : 0),
		.h = R300_TX_HEIGHT(f0) | (f2 & R500_TXHEIGHT_11 ? 2048 : 0),
		.d = R300_TX_COORD_TYPE(f1) == R300_TX_COORD_3D ? 1u << R300_TX_DEPTH_LOG2(f0) : 1,
		.levels = R300_TX_NUM_LEVELS(f0), .pitch = R300_TX_PITCH(f2),
		.bytes = r5_tex_formats[R300_TX_FORMAT(f1)].bytes,
		.block = r5_tex_formats[R300_TX_FORMAT(f1)].block,
		.micro = R300_TXO_MICRO_TILE(t->tx_tiling[u]), .type = R300_TX_COORD_TYPE(f1),
		.use_pitch = f0 & R300_TX_SIZE_TXPITCH_EN,
		.roundup_w = r5_repeats(R300_TX_CLAMP_S(t->tx_filter0[u])),
		.roundup_h = r5_repeats(R300_TX_CLAMP_T(t->tx_filter0[u])),
		.macro = t->tx_tiling[u] & R300_TXO_MACRO_TILE,
	};
	/* R500's format MSB (ATI1N): the larger of 4x4 blocks and the low format */
	if ((f2 & R500_TXFORMAT_MSB) && x->block == 1) {
		x->block = 4;
		x->bytes *= 16;
	}
}

/*
 * Is a level of @w x @h blocks macro-tiled: a level narrower or shorter
 * than a macro tile is stored micro-tiled only (TX_FILTER1's
 * MACRO_SWITCH; Mesa's r300 lays its levels out so)
 */
static bool r5_macro_level(const struct r5_tex *x, u32 w, u32 h)
{
	u32 rows = 8 * r5_micro_rows(x->bytes, x->micro);

	return h >= rows && (u64)w * x->bytes >= 2048 / rows;
}

/* Bytes of one level of @x (all its slices) */
static u64 r5_tex_level(const struct r5_tex *x, u32 l)
{
	u32 w = max_t(u32, (x->use_pitch ? x->pitch : x->w) >> l, 1);
	u32 h = max_t(u32, x->h >> l, 1), d = max_t(u32, x->d >> l, 1);

	if (x->roundup_w && !x->use_pitch)
		w = r5_pow2_up(w);
	if (x->roundup_h)
		h = r5_pow2_up(h);
	w = (w + x->block - 1) / x->block;
	h = (h + x->block - 1) / x->block;
	return d * r5_surface_bytes(x->bytes, x->macro && r5_macro_level(x, w, h), x->micro,
				    (u64)w * x->bytes, h, 32);
}

static int r5_check_texture(struct rcs_parser *p, const struct rcs_packet *pkt, u32 u)
{
	const struct rcs_r500_track *t = &p->track.r500;
	u64 bytes = 0;
	struct r5_tex x;
	u32 l;

	if (!t->tex[u].bo)
		return rcs_fail(p, pkt->idx, "texture not set", u);
	if ((t->tx_set & (BIT(u) | BIT(16 + u))) != (BIT(u) | BIT(16 + u)) ||
	    !(t->tx2_set & BIT(u)))
		return rcs_fail(p, pkt->idx, "texture format not set", u);
	r5_tex_decode(t, u, &x);
	if (x.levels && (max_t(u32, max_t(u32, x.w, x.h), x.d) >> x.levels) == 0)
		return rcs_fail(p, pkt->idx, "more mip levels than the texture's size", x.levels);
	for (l = 0; l <= x.levels; l++)
		bytes += r5_tex_level(&x, l);
	if (x.type == R300_TX_COORD_CUBE)
		bytes *= 6;
	return r5_bound(p, pkt, &t->tex[u], bytes, false, "texture past the end of its buffer");
}

static int r5_check_textures(struct rcs_parser *p, const struct rcs_packet *pkt)
{
	u32 en = p->track.r500.tx_enable, u;

	for (u = 0; u < 16; u++)
		if ((en & BIT(u)) && r5_check_texture(p, pkt, u))
			return -1;
	return 0;
}

/* Every vertex array, from its offset to the element of index @last */
static int r5_check_arrays(struct rcs_parser *p, const struct rcs_packet *pkt, u64 last)
{
	const struct rcs_r500_track *t = &p->track.r500;
	u32 i;

	if (!t->num_arrays)
		return rcs_fail(p, pkt->idx, "vertex arrays not set", 0);
	for (i = 0; i < t->num_arrays; i++)
		if (r5_bound(p, pkt, &t->vtx[i].base,
			     4 * (t->vtx[i].stride * last + t->vtx[i].size), false,
			     "vertex array past the end of its buffer"))
			return -1;
	return 0;
}

/* Primitive walks a draw packet may use */
#define R5_WALK(w)			BIT(R300_PRIM_WALK_##w)

/*
 * A draw: its vertices (by VAP_VF_CNTL @vf's walk, among @walks; @immd
 * dwords of immediate vertices), then whatever state changed since the
 * last draw that passed
 */
static int r5_draw(struct rcs_parser *p, struct rcs_packet *pkt, u32 vf, u32 immd, u32 walks)
{
	struct rcs_r500_track *t = &p->track.r500;
	u32 walk = R300_VAP_VF_PRIM_WALK(vf);
	u64 n = R300_VAP_VF_NUM_VERTICES(vf);

	if (!(walks & BIT(walk)))
		return rcs_fail(p, pkt->idx, "primitive walk not allowed", walk);
	if (vf & R500_VAP_VF_USE_ALT_NUM_VERTS) {
		if (!(t->set & R5_SET_ALT_NVERTS))
			return rcs_fail(p, pkt->idx, "vertex count not set", vf);
		n = t->alt_nverts;
	}
	if (walk == R300_PRIM_WALK_VERTEX_EMBEDDED &&
	    (!(t->set & R5_SET_VTX_SIZE) || n * t->vtx_size != immd))
		return rcs_fail(p, pkt->idx, "immediate draw of the wrong size", immd);
	if (walk == R300_PRIM_WALK_INDICES &&
	    r5_check_arrays(p, pkt, (u64)t->max_indx + t->index_offset))
		return -1;
	if (walk == R300_PRIM_WALK_VERTEX_LIST && n &&
	    r5_check_arrays(p, pkt, n - 1 + t->index_offset))
		return -1;
	if (r5_check_targets(p, pkt) ||
	    ((t->dirty & R5_DIRTY_TEX) && r5_check_textures(p, pkt)))
		return -1;
	t->dirty = 0;
	return 0;
}

/* The draw packets: VAP_VF_CNTL second (after a format dword), or first in the _2 forms */
static int r5_draw_vbuf(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r5_draw(p, pkt, pkt->body[1], 0, R5_WALK(INDICES) | R5_WALK(VERTEX_LIST));
}

static int r5_draw_vbuf_2(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r5_draw(p, pkt, pkt->body[0], 0, R5_WALK(INDICES) | R5_WALK(VERTEX_LIST));
}

static int r5_draw_indx(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r5_draw(p, pkt, pkt->body[1], 0, R5_WALK(INDICES));
}

static int r5_draw_indx_2(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r5_draw(p, pkt, pkt->body[0], 0, R5_WALK(INDICES));
}

static int r5_draw_immd(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r5_draw(p, pkt, pkt->body[1], pkt->count - 2, R5_WALK(VERTEX_EMBEDDED));
}

static int r5_draw_immd_2(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return r5_draw(p, pkt, pkt->body[0], pkt->count - 1, R5_WALK(VERTEX_EMBEDDED));
}

/* One array of 3D_LOAD_VBPNTR: its size and stride in @sizes, its address at @addr */
static int r5_vtx_array(struct rcs_parser *p, struct rcs_packet *pkt, u32 i, u32 sizes,
			u32 *addr)
{
	struct rcs_r500_track *t = &p->track.r500;

	if (r5_reloc_reg(p, pkt, addr, 0, 4, false, &t->vtx[i].base))
		return -1;
	t->vtx[i].size = R300_VBPNTR_SIZE(sizes, i & 1);
	t->vtx[i].stride = R300_VBPNTR_STRIDE(sizes, i & 1);
	return 0;
}

/*
 * 3D_LOAD_VBPNTR: up to 16 arrays, in pairs of a sizes dword and two
 * addresses (the last alone when odd), a relocation each
 */
static int r5_load_vbpntr(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 n = R300_VBPNTR_COUNT(pkt->body[0]), i;
	u32 *pair;

	if (!n || n > 16)
		return rcs_fail(p, pkt->idx, "vertex array count not supported", n);
	if (pkt->count < 1 + n / 2 * 3 + (n & 1) * 2)
		return rcs_fail(p, pkt->idx, "vertex arrays past the packet", n);
	p->track.r500.num_arrays = 0;
	for (i = 0; i < n; i++) {
		pair = &pkt->body[1 + i / 2 * 3];
		if (r5_vtx_array(p, pkt, i, pair[0], &pair[1 + (i & 1)]))
			return -1;
	}
	p->track.r500.num_arrays = n;
	return 0;
}

/*
 * INDX_BUFFER: dwords of indices from a buffer into VAP_PORT_IDX0 (the
 * only register it may feed), bounded
 */
static int r5_indx_buffer(struct rcs_parser *p, struct rcs_packet *pkt)
{
	struct rcs_surf s;

	if (!(pkt->body[0] & R300_INDX_BUFFER_ONE_REG_WR) ||
	    R300_INDX_BUFFER_REG(pkt->body[0]) != R300_VAP_PORT_IDX0)
		return rcs_fail(p, pkt->idx, "index buffer target not allowed", pkt->body[0]);
	if (r5_reloc_reg(p, pkt, &pkt->body[1], 0, 4, false, &s))
		return -1;
	return r5_bound(p, pkt, &s, 4ull * pkt->body[2], false,
			"index buffer past the end of its buffer");
}

static int r5_clear_hyperz(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if (!p->hyperz)
		return rcs_fail(p, pkt->idx, "HyperZ not owned", pkt->opcode);
	return 0;
}

static int r5_clear_cmask(struct rcs_parser *p, struct rcs_packet *pkt)
{
	return rcs_fail(p, pkt->idx, "CMASK not supported", pkt->opcode);
}

#define OP(code, nm, min, fn)	\
	[(code)] = { .name = (nm), .min_len = (min) + 1, .check = (fn) }

static const struct rcs_op r5_ops[256] = {
	OP(R500_PKT3_NOP, "NOP", 1, NULL),
	OP(R500_PKT3_3D_DRAW_VBUF, "3D_DRAW_VBUF", 2, r5_draw_vbuf),
	OP(R500_PKT3_3D_DRAW_IMMD, "3D_DRAW_IMMD", 2, r5_draw_immd),
	OP(R500_PKT3_3D_DRAW_INDX, "3D_DRAW_INDX", 2, r5_draw_indx),
	OP(R500_PKT3_3D_LOAD_VBPNTR, "3D_LOAD_VBPNTR", 1, r5_load_vbpntr),
	OP(R500_PKT3_3D_CLEAR_ZMASK, "3D_CLEAR_ZMASK", 1, r5_clear_hyperz),
	OP(R500_PKT3_INDX_BUFFER, "INDX_BUFFER", 3, r5_indx_buffer),
	OP(R500_PKT3_3D_DRAW_VBUF_2, "3D_DRAW_VBUF_2", 1, r5_draw_vbuf_2),
	OP(R500_PKT3_3D_DRAW_IMMD_2, "3D_DRAW_IMMD_2", 1, r5_draw_immd_2),
	OP(R500_PKT3_3D_DRAW_INDX_2, "3D_DRAW_INDX_2", 1, r5_draw_indx_2),
	OP(R500_PKT3_3D_CLEAR_HIZ, "3D_CLEAR_HIZ", 1, r5_clear_hyperz),
	OP(R500_PKT3_3D_CLEAR_CMASK, "3D_CLEAR_CMASK", 1, r5_clear_cmask),
};

/* The handler rows of r5_type0[] */
enum {
	R5_ROW_COLOROFFSET = RCS_T0_PLAIN + 1, R5_ROW_COLORPITCH, R5_ROW_DEPTHOFFSET,
	R5_ROW_DEPTHPITCH, R5_ROW_ZB_FORMAT, R5_ROW_ZB_CNTL, R5_ROW_HYPERZ, R5_ROW_ZB_BW_CNTL,
	R5_ROW_ZPASS_ADDR, R5_ROW_AA_OFFSET, R5_ROW_AA_PITCH, R5_ROW_AA_CTL, R5_ROW_CCTL,
	R5_ROW_BLENDCNTL, R5_ROW_CHANNEL_MASK, R5_ROW_US_OUT_FMT, R5_ROW_SCISSOR,
	R5_ROW_TX_OFFSET, R5_ROW_TX_ENABLE, R5_ROW_TX_FILTER0, R5_ROW_TX_FORMAT0,
	R5_ROW_TX_FORMAT1, R5_ROW_TX_FORMAT2, R5_ROW_VTX_SIZE, R5_ROW_MAX_INDX,
	R5_ROW_ALT_NVERTS, R5_ROW_INDEX_OFFSET, R5_ROW_WAIT_UNTIL, R5_ROW_VLINE,
	R5_ROW_GB_AA_CONFIG, R5_ROW_SC_HYPERZ, R5_ROW_FG_ZBREG_DEST, R5_ROWS
};

static const rcs_reg_fn r5_rows[R5_ROWS] = {
	[R5_ROW_COLOROFFSET] = r5_coloroffset, [R5_ROW_COLORPITCH] = r5_colorpitch,
	[R5_ROW_DEPTHOFFSET] = r5_depthoffset, [R5_ROW_DEPTHPITCH] = r5_depthpitch,
	[R5_ROW_ZB_FORMAT] = r5_zb_format, [R5_ROW_ZB_CNTL] = r5_zb_cntl,
	[R5_ROW_HYPERZ] = r5_hyperz, [R5_ROW_ZB_BW_CNTL] = r5_zb_bw_cntl,
	[R5_ROW_ZPASS_ADDR] = r5_zpass_addr, [R5_ROW_AA_OFFSET] = r5_aa_offset,
	[R5_ROW_AA_PITCH] = r5_aa_pitch, [R5_ROW_AA_CTL] = r5_aa_ctl, [R5_ROW_CCTL] = r5_cctl,
	[R5_ROW_BLENDCNTL] = r5_blendcntl, [R5_ROW_CHANNEL_MASK] = r5_channel_mask,
	[R5_ROW_US_OUT_FMT] = r5_us_out_fmt, [R5_ROW_SCISSOR] = r5_scissor,
	[R5_ROW_TX_OFFSET] = r5_tx_offset, [R5_ROW_TX_ENABLE] = r5_tx_enable,
	[R5_ROW_TX_FILTER0] = r5_tx_filter0, [R5_ROW_TX_FORMAT0] = r5_tx_format0,
	[R5_ROW_TX_FORMAT1] = r5_tx_format1, [R5_ROW_TX_FORMAT2] = r5_tx_format2,
	[R5_ROW_VTX_SIZE] = r5_vtx_size, [R5_ROW_MAX_INDX] = r5_max_indx,
	[R5_ROW_ALT_NVERTS] = r5_alt_nverts, [R5_ROW_INDEX_OFFSET] = r5_index_offset,
	[R5_ROW_WAIT_UNTIL] = r5_wait_until, [R5_ROW_VLINE] = r5_vline,
	[R5_ROW_GB_AA_CONFIG] = r5_gb_aa_config, [R5_ROW_SC_HYPERZ] = r5_sc_hyperz,
	[R5_ROW_FG_ZBREG_DEST] = r5_fg_zbreg_dest,
};

/* The type-0 table: registers @a to @b (byte offsets, inclusive) take @e */
#define R5_REGS(a, b, e) \
	[(a) / 4 ... (b) / 4] = (e)
#define R5_REG(a, e) \
	[(a) / 4] = (e)
#define R5_PLAIN(a, b)			R5_REGS(a, b, RCS_T0_PLAIN)

/*
 * Upstream radeon's safe list for RV515 (reg_srcs/rv515), less the 2D
 * engine, RBBM_GUICNTL and CMASK; with a row each for the registers it
 * checks
 */
static const u8 r5_type0[(AVIVO_D2MODE_VLINE_START_END + 4) / 4] = {
	R5_REG(RADEON_CRTC_GUI_TRIG_VLINE, R5_ROW_VLINE),
	R5_REG(RADEON_CRTC2_GUI_TRIG_VLINE, R5_ROW_VLINE),
	R5_PLAIN(0x1714, 0x1714),		/* DSTCACHE_CTLSTAT */
	R5_REG(RADEON_WAIT_UNTIL, R5_ROW_WAIT_UNTIL),
	R5_PLAIN(0x1d98, 0x1dac),		/* VAP_VPORT_* */
	R5_PLAIN(0x2080, 0x2080),		/* VAP_CNTL */
	R5_REG(R500_VAP_ALT_NUM_VERTICES, R5_ROW_ALT_NVERTS),
	R5_REG(R500_VAP_INDEX_OFFSET, R5_ROW_INDEX_OFFSET),
	R5_PLAIN(0x2090, 0x2094),		/* VAP_OUT_VTX_FMT_0/1 */
	R5_PLAIN(0x20b0, 0x20b0),		/* VAP_VTE_CNTL */
	R5_REG(R300_VAP_VTX_SIZE, R5_ROW_VTX_SIZE),
	R5_REG(R300_VAP_VF_MAX_VTX_INDX, R5_ROW_MAX_INDX),
	R5_PLAIN(0x2138, 0x2138),		/* VAP_VF_MIN_VTX_INDX */
	R5_PLAIN(0x2140, 0x2140),		/* VAP_CNTL_STATUS */
	R5_PLAIN(0x2150, 0x216c),		/* VAP_PROG_STREAM_CNTL_n */
	R5_PLAIN(0x2180, 0x21c4),		/* VAP_VTX_STATE_CNTL ... IND_REG_15 */
	R5_PLAIN(0x21dc, 0x2208),		/* PSC_SGN_NORM, STREAM_CNTL_EXT, PVS ports */
	R5_PLAIN(0x2218, 0x226c),		/* clipping, PVS flow control */
	R5_PLAIN(0x2284, 0x2288),		/* PVS state flush, timeout */
	R5_PLAIN(0x2290, 0x22dc),		/* PVS loop indices, code control */
	R5_PLAIN(0x2500, 0x257c),		/* PVS flow control addresses */
	R5_PLAIN(0x342c, 0x342c),		/* RB2D_DSTCACHE_CTLSTAT */
	R5_PLAIN(0x4000, 0x4008),		/* GB_VAP_RASTER_VTX_FMT_n, GB_ENABLE */
	R5_PLAIN(0x4010, 0x4014),		/* GB_MSPOS0/1 */
	R5_PLAIN(0x401c, 0x401c),		/* GB_SELECT */
	R5_REG(R300_GB_AA_CONFIG, R5_ROW_GB_AA_CONFIG),
	R5_PLAIN(0x4024, 0x4024),		/* GB_FIFO_SIZE */
	R5_REG(R300_GB_Z_PEQ_CONFIG, R5_ROW_HYPERZ),
	R5_PLAIN(0x4074, 0x40b0),		/* RS_IP_n */
	R5_PLAIN(0x4100, 0x4100),		/* TX_INVALTAGS */
	R5_REG(R300_TX_ENABLE, R5_ROW_TX_ENABLE),
	R5_PLAIN(0x4114, 0x4120),		/* SU_TEX_WRAP_PS3, PS3_* */
	R5_PLAIN(0x4200, 0x420c),		/* GA_POINT_S0 ... T1 */
	R5_PLAIN(0x4214, 0x4214),		/* GA_TRIANGLE_STIPPLE */
	R5_PLAIN(0x421c, 0x421c),		/* GA_POINT_SIZE */
	R5_PLAIN(0x4230, 0x4238),		/* GA_POINT_MINMAX, GA_LINE_* */
	R5_PLAIN(0x4250, 0x4258),		/* GA_US_VECTOR_INDEX/DATA, COLOR_CONTROL_PS3 */
	R5_PLAIN(0x4260, 0x4268),		/* GA_LINE_STIPPLE_VALUE, GA_LINE_S0/1 */
	R5_PLAIN(0x4278, 0x4280),		/* GA_COLOR_CONTROL, GA_SOLID_* */
	R5_PLAIN(0x4288, 0x4298),		/* GA_POLY_MODE ... GA_FOG_OFFSET */
	R5_PLAIN(0x42a0, 0x42b8),		/* SU_TEX_WRAP, SU_POLY_OFFSET_*, CULL */
	R5_PLAIN(0x42c0, 0x42c8),		/* SU_DEPTH_*, SU_REG_DEST */
	R5_PLAIN(0x4300, 0x4304),		/* RS_COUNT, RS_INST_COUNT */
	R5_PLAIN(0x4320, 0x435c),		/* RS_INST_n */
	R5_REG(R300_SC_HYPERZ_EN, R5_ROW_SC_HYPERZ),
	R5_PLAIN(0x43a8, 0x43a8),		/* SC_EDGERULE */
	R5_PLAIN(0x43b0, 0x43d0),		/* SC_CLIP_n, SC_CLIP_RULE */
	R5_PLAIN(0x43e0, 0x43e0),		/* SC_SCISSOR0 */
	R5_REG(R300_SC_SCISSOR1, R5_ROW_SCISSOR),
	R5_PLAIN(0x43e8, 0x43e8),		/* SC_SCREENDOOR */
	R5_REGS(R300_TX_FILTER0_0, R300_TX_FILTER0_0 + 0x3c, R5_ROW_TX_FILTER0),
	R5_PLAIN(0x4440, 0x447c),		/* TX_FILTER1_n */
	R5_REGS(R300_TX_FORMAT0_0, R300_TX_FORMAT0_0 + 0x3c, R5_ROW_TX_FORMAT0),
	R5_REGS(R300_TX_FORMAT1_0, R300_TX_FORMAT1_0 + 0x3c, R5_ROW_TX_FORMAT1),
	R5_REGS(R300_TX_FORMAT2_0, R300_TX_FORMAT2_0 + 0x3c, R5_ROW_TX_FORMAT2),
	R5_REGS(R300_TX_OFFSET_0, R300_TX_OFFSET_0 + 0x3c, R5_ROW_TX_OFFSET),
	R5_PLAIN(0x4580, 0x45fc),		/* TX_CHROMA_KEY_n, TX_BORDER_COLOR_n */
	R5_PLAIN(0x4600, 0x4604),		/* US_CONFIG, US_PIXSIZE */
	R5_PLAIN(0x4620, 0x4624),		/* US_FC_BOOL_CONST, US_FC_CTRL */
	R5_PLAIN(0x4630, 0x4638),		/* US_CODE_ADDR/RANGE/OFFSET */
	R5_PLAIN(0x4640, 0x467c),		/* US_FORMAT0_n */
	R5_REGS(R300_US_OUT_FMT_0, R300_US_OUT_FMT_0 + 0xc, R5_ROW_US_OUT_FMT),
	R5_PLAIN(0x46b4, 0x46b4),		/* US_W_FMT */
	R5_PLAIN(0x46c0, 0x46c4),		/* RB3D_COLOR_CLEAR_VALUE_AR/GB */
	R5_PLAIN(0x4bc0, 0x4bd8),		/* FG_* */
	R5_PLAIN(0x4be0, 0x4be0),		/* FG_ALPHA_VALUE */
	R5_REG(RV530_FG_ZBREG_DEST, R5_ROW_FG_ZBREG_DEST),
	R5_PLAIN(0x4c00, 0x4dfc),		/* US_ALU_CONST_n */
	R5_REG(R300_RB3D_CCTL, R5_ROW_CCTL),
	R5_REG(R300_RB3D_BLENDCNTL, R5_ROW_BLENDCNTL),
	R5_PLAIN(0x4e08, 0x4e08),		/* RB3D_ABLENDCNTL */
	R5_REG(R300_RB3D_COLOR_CHANNEL_MASK, R5_ROW_CHANNEL_MASK),
	R5_PLAIN(0x4e10, 0x4e24),		/* constant colour, clear, ROP, CLRCMP */
	R5_REGS(R300_RB3D_COLOROFFSET0, R300_RB3D_COLOROFFSET0 + 0xc, R5_ROW_COLOROFFSET),
	R5_REGS(R300_RB3D_COLORPITCH0, R300_RB3D_COLORPITCH0 + 0xc, R5_ROW_COLORPITCH),
	R5_PLAIN(0x4e48, 0x4e50),		/* RB3D_DEBUG_CTL, DSTCACHE, DITHER */
	R5_REG(R300_RB3D_AARESOLVE_OFFSET, R5_ROW_AA_OFFSET),
	R5_REG(R300_RB3D_AARESOLVE_PITCH, R5_ROW_AA_PITCH),
	R5_REG(R300_RB3D_AARESOLVE_CTL, R5_ROW_AA_CTL),
	R5_PLAIN(0x4ea0, 0x4ea4),		/* RB3D_DISCARD_SRC_PIXEL_* */
	R5_PLAIN(0x4ef8, 0x4efc),		/* RB3D_CONSTANT_COLOR_AR/GB */
	R5_REG(R300_ZB_CNTL, R5_ROW_ZB_CNTL),
	R5_PLAIN(0x4f04, 0x4f08),		/* ZB_ZSTENCILCNTL, ZB_STENCILREFMASK */
	R5_REG(R300_ZB_FORMAT, R5_ROW_ZB_FORMAT),
	R5_PLAIN(0x4f14, 0x4f18),		/* ZB_ZTOP, ZB_ZCACHE_CTLSTAT */
	R5_REG(R300_ZB_BW_CNTL, R5_ROW_ZB_BW_CNTL),
	R5_REG(R300_ZB_DEPTHOFFSET, R5_ROW_DEPTHOFFSET),
	R5_REG(R300_ZB_DEPTHPITCH, R5_ROW_DEPTHPITCH),
	R5_PLAIN(0x4f28, 0x4f28),		/* ZB_DEPTHCLEARVALUE */
	R5_REGS(R300_ZB_ZMASK_OFFSET, R300_ZB_HIZ_PITCH, R5_ROW_HYPERZ),
	R5_PLAIN(0x4f58, 0x4f58),		/* ZB_ZPASS_DATA */
	R5_REG(R300_ZB_ZPASS_ADDR, R5_ROW_ZPASS_ADDR),
	R5_PLAIN(0x4fd4, 0x4fd4),		/* ZB_STENCILREFMASK_BF */
	R5_REG(AVIVO_D1MODE_VLINE_START_END, R5_ROW_VLINE),
	R5_REG(AVIVO_D2MODE_VLINE_START_END, R5_ROW_VLINE),
};

static int r5_check_gfx(struct rcs_parser *p)
{
	r5_begin(p);
	return rcs_walk(p, r5_draw_vbuf_2, R500_PKT3_3D_DRAW_VBUF_2, rcs_run_op, true);
}

#define R5XX_GEN(nm)							\
	.name = nm, .ops = r5_ops, .check_gfx = r5_check_gfx,		\
	.type0_regs = r5_type0,						\
	.type0_end = sizeof(r5_type0) * 4, .type0_rows = r5_rows

const struct rcs_gen rcs_r500 = {
	R5XX_GEN("r500"),
};

/* RV530: R5xx's tables and RV530_FG_ZBREG_DEST, its Z pipe select */
const struct rcs_gen rcs_r500_rv530 = {
	R5XX_GEN("r500-rv530"),
};
