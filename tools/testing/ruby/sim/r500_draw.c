// SPDX-License-Identifier: GPL-2.0-only
/*
 * The R5xx draw model: the r300-class engine's type-3 packets the CP runs
 * (3D_LOAD_VBPNTR, INDX_BUFFER, 3D_DRAW_VBUF/INDX/IMMD and their _2 forms,
 * 3D_CLEAR_ZMASK/HIZ) and, for each draw, every byte of memory the engine
 * reaches, from the 3D state the CP latched (r500_cp.c), through the
 * GART or the VRAM aperture as the chip would:
 *
 * - the vertex arrays, one element of each at every index the draw walks
 *   (0 to n-1 for a vertex list, each index for an indexed one), clamped
 *   to VAP_VF_MIN/MAX_VTX_INDX, VAP_INDEX_OFFSET added, at stride x index;
 * - the index buffer INDX_BUFFER names, every dword of it; its indices
 *   (16 or 32-bit as VAP_VF_CNTL says) are the pending indexed draw's;
 * - every texture TX_ENABLE enables: each level up to TX_FORMAT0's
 *   NUM_LEVELS, each slice (3D) or face (cube), from TX_OFFSET, rows
 *   padded to 32 bytes or whole tiles (TX_OFFSET's tiling bits; levels
 *   smaller than a macro tile micro-tiled only), axes that repeat rounded
 *   to a power of two unless TX_FORMAT2's pitch is used;
 * - every colour buffer the shader writes (US_OUT_FMT_n not UNUSED, or
 *   one of RB3D_CCTL's multiwrites) while RB3D_COLOR_CHANNEL_MASK or
 *   blending lets it, over the draw's extent (SC_SCISSOR1's bottom-right
 *   corner) in its pitch and tiling, read and written back;
 * - the depth buffer while ZB_CNTL enables Z or stencil, the same way;
 * - the AA resolve target while RB3D_AARESOLVE_CTL enables it;
 * - with GB_AA_CONFIG's AA on, every subsample of colour and depth.
 *
 * A fault on any of these (a GART page not mapped or not writable, an
 * address past VRAM) hangs the CP with the reason, which the rig reports
 * red. 3D_CLEAR_ZMASK/HIZ clear on-chip RAMs: no memory. A write of
 * ZB_ZPASS_ADDR (an occlusion query's end) stores the Z unit's count
 * there, a dword, through the same translation. Pixels are not
 * rendered. What the model does not know (a colour or texture format, an
 * index buffer feeding another register, 3D_CLEAR_CMASK) hangs too.
 */
#include <string.h>

#include "draw.h"

#ifndef BIT
#define BIT(n)			(1u << (n))
#endif
#include "regs/r500_3d.h"

#define S(reg)			(sim->r500.state3d[(reg) >= 0x4000][((reg) & 0xfff) / 4])
#define VAP_VF_MIN_VTX_INDX	0x2138
#define VF_INDEX_32BIT		BIT(11)
#define GB_AA_ENABLE		BIT(0)
#define GB_AA_SAMPLES(v)	(((v) >> 1) & 3)
#define TX_PITCH_EN		BIT(31)
#define TX_ADDR_MASK		0xffffffe0u
#define SURF_ADDR_MASK		0xffffffe0u

/* Bytes per pixel of RB3D_COLORPITCHn's formats (bits 24:21); 0: not modelled */
static const uint8_t r5_cpp[16] = {
	[3] = 2, [4] = 2, [5] = 4, [6] = 4, [7] = 16, [9] = 1, [10] = 8,
	[11] = 1, [12] = 1, [13] = 2, [15] = 2,
};

/* TX_FORMAT1's formats (bits 4:0): bytes of a texel block, and its side */
static const struct {
	uint8_t bytes, side;
} r5_texel[32] = {
	[0x00] = { 1, 1 }, [0x01] = { 2, 1 }, [0x02] = { 1, 1 }, [0x03] = { 2, 1 },
	[0x04] = { 4, 1 }, [0x05] = { 1, 1 }, [0x06] = { 2, 1 }, [0x07] = { 2, 1 },
	[0x08] = { 4, 1 }, [0x09] = { 4, 1 }, [0x0a] = { 2, 1 }, [0x0b] = { 2, 1 },
	[0x0c] = { 4, 1 }, [0x0d] = { 4, 1 }, [0x0e] = { 8, 1 }, [0x0f] = { 8, 4 },
	[0x10] = { 16, 4 }, [0x11] = { 16, 4 }, [0x12] = { 2, 1 }, [0x14] = { 2, 1 },
	[0x15] = { 2, 1 }, [0x17] = { 4, 1 }, [0x18] = { 2, 1 }, [0x19] = { 4, 1 },
	[0x1a] = { 8, 1 }, [0x1b] = { 4, 1 }, [0x1c] = { 8, 1 }, [0x1d] = { 16, 1 },
	[0x1e] = { 4, 1 }, [0x1f] = { 16, 4 },
};

/* The subsamples colour and depth buffers hold per pixel */
static uint32_t r5_samples(const struct sim *sim)
{
	static const uint8_t n[4] = { 2, 3, 4, 6 };
	uint32_t aa = S(R300_GB_AA_CONFIG);

	return aa & GB_AA_ENABLE ? n[GB_AA_SAMPLES(aa)] : 1;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

/*
 * A tile's rows for @cpp-byte elements: a micro tile is 32 bytes of 1, 2
 * or 4 rows (8-bit and square 16-bit: 4), a macro tile 8x8 micro tiles
 */
static uint32_t tile_rows(uint32_t cpp, bool macro, uint32_t micro)
{
	uint32_t rows = !micro ? 1 : cpp == 1 || micro == R300_MICROTILE_SQUARE ? 4 : 2;

	return macro ? 8 * rows : rows;
}

/*
 * Bytes from a surface's start to the end of its @rows-th row of
 * @width_bytes in rows of @pitch_bytes: linear, the last row as wide as
 * reached; tiled, whole tile rows, the last one as wide as reached where
 * that is past the pitch
 */
static uint64_t surface_span(uint32_t cpp, bool macro, uint32_t micro, uint64_t pitch_bytes,
			     uint64_t rows, uint64_t width_bytes)
{
	uint32_t th = tile_rows(cpp, macro, micro);

	uint32_t tw = (macro ? 2048 : 32) / th;
	uint64_t pitch_tiled = align_up(pitch_bytes, tw);
	uint64_t last = align_up(width_bytes, tw);

	if (!macro && !micro)
		return (rows - 1) * pitch_bytes + width_bytes;
	/* tiles follow each other: past the pitch, the last row of tiles runs on */
	return (align_up(rows, th) - th) * pitch_tiled + th * (last > pitch_tiled ? last : pitch_tiled);
}

/* A render target over the draw's extent: read, blended, written back */
static int r5_target(struct sim *sim, uint32_t offset, uint32_t pitch, uint32_t cpp,
		     uint32_t samples, const char **why, const char *what)
{
	uint32_t sc = S(R300_SC_SCISSOR1), micro = (pitch >> 17) & 3;
	uint64_t w = R300_SC_X(sc) + 1, rows = R300_SC_Y(sc) + 1;
	uint64_t bytes = surface_span(cpp, pitch & BIT(16), micro,
				      (uint64_t)(pitch & 0x3ffe) * cpp, rows, w * cpp);

	if (store_range(sim, offset & SURF_ADDR_MASK, bytes * samples)) {
		*why = what;
		return -1;
	}
	return 0;
}

/* Is colour buffer @i written: the shader outputs to it and a channel or blending lets it */
static bool r5_cb_written(const struct sim *sim, uint32_t i)
{
	uint32_t fmt = R300_US_OUT_FMT(S(R300_US_OUT_FMT_0 + 4 * i));
	bool out = fmt != R300_US_OUT_FMT_UNUSED ||
		   i < R300_RB3D_CCTL_NUM_MULTIWRITES(S(R300_RB3D_CCTL));

	return out && ((S(R300_RB3D_COLOR_CHANNEL_MASK) & 0xf) ||
		       (S(R300_RB3D_BLENDCNTL) & R300_RB3D_BLEND_ENABLE));
}

static int r5_targets(struct sim *sim, const char **why)
{
	uint32_t samples = r5_samples(sim), i, pitch, cpp;

	for (i = 0; i < 4; i++) {
		if (!r5_cb_written(sim, i))
			continue;
		pitch = S(R300_RB3D_COLORPITCH0 + 4 * i);
		cpp = r5_cpp[R300_COLOR_FORMAT(pitch)];
		if (!cpp) {
			*why = "draw-colour-format-unmodelled";
			return -1;
		}
		if (r5_target(sim, S(R300_RB3D_COLOROFFSET0 + 4 * i), pitch, cpp, samples,
			      why, "draw-colour-buffer"))
			return -1;
	}
	if ((S(R300_ZB_CNTL) & (R300_Z_ENABLE | R300_STENCIL_ENABLE)) &&
	    r5_target(sim, S(R300_ZB_DEPTHOFFSET), S(R300_ZB_DEPTHPITCH) & ~2u,
		      R300_ZB_DEPTHFORMAT(S(R300_ZB_FORMAT)) >= 2 ? 4 : 2, samples, why,
		      "draw-depth-buffer"))
		return -1;
	if (!(S(R300_RB3D_AARESOLVE_CTL) & R300_RB3D_AARESOLVE_ENABLE))
		return 0;
	cpp = r5_cpp[R300_COLOR_FORMAT(S(R300_RB3D_COLORPITCH0))];
	if (!cpp) {
		*why = "draw-colour-format-unmodelled";
		return -1;
	}
	return r5_target(sim, S(R300_RB3D_AARESOLVE_OFFSET),
			 S(R300_RB3D_AARESOLVE_PITCH) & 0x3ffe, cpp, 1, why, "draw-aa-resolve");
}

static uint32_t pow2_up(uint32_t v)
{
	uint32_t r = 1;

	while (r < v)
		r <<= 1;
	return r;
}

/* A texture unit's layout, as its registers say */
struct r5_tex {
	uint32_t w, h, d, pitch, levels, bytes, side, micro;
	bool use_pitch, wrap_s, wrap_t, macro;
};

/* Bytes of level @l, every slice of it */
static uint64_t r5_tex_level(const struct r5_tex *t, uint32_t l)
{
	uint32_t w = umax((t->use_pitch ? t->pitch : t->w) >> l, 1);
	uint32_t h = umax(t->h >> l, 1), d = umax(t->d >> l, 1), th;
	uint64_t bw, bh;
	bool macro = t->macro;

	if (t->wrap_s && !t->use_pitch)
		w = pow2_up(w);
	if (t->wrap_t)
		h = pow2_up(h);
	bw = (w + t->side - 1) / t->side;
	bh = (h + t->side - 1) / t->side;
	/* a level smaller than a macro tile is micro-tiled only */
	th = tile_rows(t->bytes, true, t->micro);
	if (macro && (bh < th || bw * t->bytes < 2048 / th))
		macro = false;
	return d * surface_span(t->bytes, macro, t->micro, align_up(bw * t->bytes, 32), bh,
				align_up(bw * t->bytes, 32));
}

/* Texture unit @u: every level, slice and face it may sample */
static int r5_texture(struct sim *sim, uint32_t u, const char **why)
{
	uint32_t f0 = S(R300_TX_FORMAT0_0 + 4 * u), f1 = S(R300_TX_FORMAT1_0 + 4 * u);
	uint32_t f2 = S(R300_TX_FORMAT2_0 + 4 * u), off = S(R300_TX_OFFSET_0 + 4 * u);
	uint32_t filter = S(R300_TX_FILTER0_0 + 4 * u), clamp_s = R300_TX_CLAMP_S(filter);
	uint32_t clamp_t = R300_TX_CLAMP_T(filter), type = R300_TX_COORD_TYPE(f1), l;
	struct r5_tex t = {
		.w = R300_TX_WIDTH(f0) | (f2 & R500_TXWIDTH_11 ? 2048 : 0),
		.h = R300_TX_HEIGHT(f0) | (f2 & R500_TXHEIGHT_11 ? 2048 : 0),
		.d = type == R300_TX_COORD_3D ? 1u << R300_TX_DEPTH_LOG2(f0) : 1,
		.pitch = R300_TX_PITCH(f2), .levels = R300_TX_NUM_LEVELS(f0),
		.bytes = r5_texel[R300_TX_FORMAT(f1)].bytes,
		.side = r5_texel[R300_TX_FORMAT(f1)].side,
		.micro = R300_TXO_MICRO_TILE(off), .macro = off & R300_TXO_MACRO_TILE,
		.use_pitch = f0 & TX_PITCH_EN,
		/* clamp modes 2, 4 and 6 clamp; the others repeat or mirror */
		.wrap_s = clamp_s != 2 && clamp_s != 4 && clamp_s != 6,
		.wrap_t = clamp_t != 2 && clamp_t != 4 && clamp_t != 6,
	};
	uint64_t bytes = 0;

	if (!t.bytes) {
		*why = "draw-texture-format-unmodelled";
		return -1;
	}
	if ((f2 & R500_TXFORMAT_MSB) && t.side == 1) {
		t.side = 4;
		t.bytes *= 16;
	}
	for (l = 0; l <= t.levels; l++)
		bytes += r5_tex_level(&t, l) * (type == R300_TX_COORD_CUBE ? 6 : 1);
	if (fetch_range(sim, off & TX_ADDR_MASK, bytes)) {
		*why = "draw-texture";
		return -1;
	}
	sim->stats.textures++;
	return 0;
}

/* One element of every vertex array at index @i (clamped, offset) */
static int r5_vertex(struct sim *sim, uint32_t i)
{
	uint32_t lo = S(VAP_VF_MIN_VTX_INDX) & 0xffffff;
	uint32_t hi = R300_VAP_MAX_INDX(S(R300_VAP_VF_MAX_VTX_INDX));
	uint32_t raw = R500_VAP_INDEX_OFFSET_VAL(S(R500_VAP_INDEX_OFFSET)), a;
	int64_t off = raw & R500_VAP_INDEX_OFFSET_SIGN ? (int64_t)raw - (1 << 25) : raw;
	int64_t e = (int64_t)(i < lo ? lo : i > hi ? hi : i) + off;

	for (a = 0; a < sim->r500.num_arrays; a++) {
		uint64_t stride = 4ull * sim->r500.arrays[a].stride;

		if (fetch_range(sim, sim->r500.arrays[a].addr + (uint64_t)e * stride,
				4ull * sim->r500.arrays[a].size))
			return -1;
	}
	return 0;
}

/* Everything but the vertices: targets and textures; @walk counted */
static int r5_draw_state(struct sim *sim, uint32_t walk, const char **why)
{
	uint32_t en = S(R300_TX_ENABLE), u;

	for (u = 0; u < 16; u++)
		if ((en & BIT(u)) && r5_texture(sim, u, why))
			return -1;
	if (r5_targets(sim, why))
		return -1;
	sim->stats.draws++;
	sim->r500.draws[walk - 1]++;
	if (sim->trace)
		sim_log(sim, "r5 draw textures=%#x", en & 0xffff);
	return 0;
}

/* The i-th index of @n dwords of indices, 16 or 32 bits as @vf says */
static uint32_t r5_index(const uint32_t *dw, uint32_t vf, uint32_t i)
{
	if (vf & VF_INDEX_32BIT)
		return dw[i];
	return (dw[i / 2] >> (i & 1 ? 16 : 0)) & 0xffff;
}

/* An indexed draw whose indices are at hand: @n dwords of them */
static int r5_indexed(struct sim *sim, uint32_t vf, const uint32_t *dw, uint32_t n,
		      const char **why)
{
	uint32_t count = R300_VAP_VF_NUM_VERTICES(vf), i;
	uint32_t have = vf & VF_INDEX_32BIT ? n : 2 * n;

	if (vf & R500_VAP_VF_USE_ALT_NUM_VERTS)
		count = S(R500_VAP_ALT_NUM_VERTICES) & 0xffffff;
	for (i = 0; i < count && i < have; i++) {
		if (r5_vertex(sim, r5_index(dw, vf, i))) {
			*why = "draw-vertex-array";
			return -1;
		}
	}
	return r5_draw_state(sim, R300_PRIM_WALK_INDICES, why);
}

/* A draw with VAP_VF_CNTL @vf; @rest: the packet's dwords after it */
static int r5_draw(struct sim *sim, uint32_t vf, const uint32_t *rest, uint32_t n,
		   const char **why)
{
	uint32_t walk = R300_VAP_VF_PRIM_WALK(vf), count = R300_VAP_VF_NUM_VERTICES(vf), i;

	if (sim->r500.pending_vf) {
		*why = "draw-indices-never-came";
		return -1;
	}
	if (vf & R500_VAP_VF_USE_ALT_NUM_VERTS)
		count = S(R500_VAP_ALT_NUM_VERTICES) & 0xffffff;
	if (walk == R300_PRIM_WALK_INDICES) {
		uint32_t need = vf & VF_INDEX_32BIT ? count : (count + 1) / 2;

		if (n >= need && (n || !count))
			return r5_indexed(sim, vf, rest, n, why);
		/* the indices come from the INDX_BUFFER that follows */
		sim->r500.pending_vf = vf;
		return 0;
	}
	for (i = 0; walk == R300_PRIM_WALK_VERTEX_LIST && i < count; i++) {
		if (r5_vertex(sim, i)) {
			*why = "draw-vertex-array";
			return -1;
		}
	}
	if (!walk) {
		*why = "draw-walk-unmodelled";
		return -1;
	}
	return r5_draw_state(sim, walk, why);
}

/* 3D_LOAD_VBPNTR: pairs of a sizes dword and two addresses (the last may be alone) */
static int r5_load_vbpntr(struct sim *sim, const uint32_t *b, uint32_t n, const char **why)
{
	uint32_t count = R300_VBPNTR_COUNT(b[0]), i;

	if (count > 16 || n < 1 + count / 2 * 3 + (count & 1) * 2) {
		*why = "vbpntr-malformed";
		return -1;
	}
	for (i = 0; i < count; i++) {
		const uint32_t *pair = &b[1 + i / 2 * 3];

		sim->r500.arrays[i].addr = pair[1 + (i & 1)];
		sim->r500.arrays[i].size = R300_VBPNTR_SIZE(pair[0], i & 1);
		sim->r500.arrays[i].stride = R300_VBPNTR_STRIDE(pair[0], i & 1);
	}
	sim->r500.num_arrays = count;
	return 0;
}

/* INDX_BUFFER: the CP reads the dwords and feeds them to VAP_PORT_IDX0 */
static int r5_indx_buffer(struct sim *sim, const uint32_t *b, uint32_t n, const char **why)
{
	static uint32_t idx[1u << 16];
	uint32_t vf = sim->r500.pending_vf, ndw;

	if (n < 3 || !(b[0] & R300_INDX_BUFFER_ONE_REG_WR) ||
	    R300_INDX_BUFFER_REG(b[0]) != R300_VAP_PORT_IDX0) {
		*why = "indx-buffer-target-unmodelled";
		return -1;
	}
	ndw = b[2] < sizeof(idx) / 4 ? b[2] : sizeof(idx) / 4;
	if (fetch_range(sim, b[1], 4ull * b[2]) ||
	    sim_gpu_read(sim, b[1], idx, 4ull * ndw)) {
		*why = "draw-index-buffer";
		return -1;
	}
	sim->r500.pending_vf = 0;
	sim->r500.index_buffers++;
	return vf ? r5_indexed(sim, vf, idx, ndw, why) : 0;
}

/**
 * sim_r500_zpass - ZB_ZPASS_ADDR written: the occlusion count goes to memory
 * @sim: the simulator
 * @addr: the address written
 * @why: out: why the CP hangs
 *
 * The Z unit writes its count of samples that passed (no pixel is
 * rendered: what ZB_ZPASS_DATA was last set to) as one dword.
 *
 * Returns: 0, or -1 with @why set.
 */
int sim_r500_zpass(struct sim *sim, uint32_t addr, const char **why)
{
	uint32_t count = S(R300_ZB_ZPASS_DATA);

	if (sim_gpu_write(sim, addr & ~3u, &count, 4)) {
		*why = "zpass-write";
		return -1;
	}
	sim->r500.zpass_writes++;
	return 0;
}

/**
 * sim_r500_exec_type3 - run one of R5xx's type-3 packets (not NOP)
 * @sim: the simulator
 * @op: its opcode
 * @b: its body
 * @n: dwords of @b
 * @why: out: why the CP hangs
 *
 * Returns: 0, or -1 with @why set.
 */
int sim_r500_exec_type3(struct sim *sim, uint32_t op, const uint32_t *b, uint32_t n,
			const char **why)
{
	switch (op) {
	case R500_PKT3_3D_LOAD_VBPNTR:
		return r5_load_vbpntr(sim, b, n, why);
	case R500_PKT3_INDX_BUFFER:
		return r5_indx_buffer(sim, b, n, why);
	case R500_PKT3_3D_DRAW_VBUF:
	case R500_PKT3_3D_DRAW_IMMD:
	case R500_PKT3_3D_DRAW_INDX:
		/* a vertex format dword, then VAP_VF_CNTL */
		if (n < 2)
			break;
		return r5_draw(sim, b[1], b + 2, n - 2, why);
	case R500_PKT3_3D_DRAW_VBUF_2:
	case R500_PKT3_3D_DRAW_IMMD_2:
	case R500_PKT3_3D_DRAW_INDX_2:
		if (n < 1)
			break;
		return r5_draw(sim, b[0], b + 1, n - 1, why);
	case R500_PKT3_3D_CLEAR_ZMASK:
	case R500_PKT3_3D_CLEAR_HIZ:
		/* the ZMASK and HiZ RAMs are on the chip */
		sim->r500.hyperz_clears++;
		return 0;
	default:
		break;
	}
	*why = "unknown-packet3";
	return -1;
}
