// SPDX-License-Identifier: GPL-2.0-only
/*
 * The R6xx/R7xx draw oracle: what a draw (DRAW_INDEX, DRAW_INDEX_AUTO,
 * DRAW_INDEX_IMMD; the CP fetched the indices already) reaches in
 * memory, from R6xx's own register layout, through the page table as the
 * GPU would:
 *
 * - the VS, FS (fetch shader) and PS programs, and with VGT_GS_MODE's
 *   geometry scenario the ES and GS programs and the ES->GS and GS->VS
 *   rings (config registers, base and size in 256-byte units, the
 *   stream's own): every byte of each, as the SQ addresses a ring modulo
 *   its size;
 * - the scratch rings of the stages that spill (SQ_{ES,GS,VS,PS}TMP_RING_
 *   ITEMSIZE not 0; the ES and GS only in the geometry scenario): every
 *   byte of each, read and written, the same way;
 * - every valid seven-dword resource: vertex buffers whole, textures at
 *   every level and slice the sampler can reach (a multisampled one: its
 *   one level, every sample, LAST_LEVEL holding log2 of the samples; the
 *   texture unit reads no FMASK on R6xx/R7xx);
 * - every constant buffer (SQ_ALU_CONST_CACHE_*) as far as its size says;
 * - every colour buffer CB_TARGET_MASK enables with a format, every slice
 *   and sample, its CMASK (CB_COLORn_TILE) and FMASK (CB_COLORn_FRAG)
 *   when its TILE_MODE uses them;
 * - the depth/stencil buffer (one interleaved surface) and its HTILE;
 * - the stream-out buffers VGT_STRMOUT_BUFFER_EN enables (R6xx and R7xx:
 *   the same registers; R6xx has no STRMOUT_BASE_UPDATE).
 *
 * Surfaces are padded as their array mode lays them out on the chip's
 * pipes, banks and group size (GB_TILING_CONFIG). What the model does not
 * know (thick tiles, more than 8 samples, 4x4 HTILEs, other geometry
 * scenarios, unknown formats) fails the draw: the CP hangs with a reason.
 */
#include <string.h>

#include "draw.h"
#include "gpu.h"
#include "regs/r600_3d.h"

#define CTX(reg)		(sim->ctx_regs[((reg) - 0x28000) / 4])
#define CFG(reg)		(sim->cfg_state[((reg) - 0x8000) / 4])
#define GB_TILING_CONFIG	0x98f0
#define SQ_ESGS_RING_BASE	0x8c40
#define SQ_GSVS_RING_BASE	0x8c48
#define SQ_ESTMP_RING_BASE	0x8c50	/* then GS, VS, PS: 8 bytes apart */
#define SQ_ESTMP_RING_ITEMSIZE	0x288b0	/* then GS, VS, PS: 4 bytes apart */
#define VGT_GS_MODE		0x28a40
#define GS_SCENARIO_A		1	/* the VS passes primitive ids: no GS */
#define GS_SCENARIO_G		3	/* ES and GS with their rings */
#define RESOURCE_WINDOW_DW	((R600_SET_RESOURCE_END - R600_SET_RESOURCE_START) / 4)
#define TEX_DIM_3D		2
#define TEX_DIM_2D_MSAA		6
#define ARRAY_1D_THIN1		2
#define ARRAY_2D_THIN1		4
#define CB_SPECIAL_RESOLVE_BOX	7
#define DB_TILE_SURFACE_ENABLE	(1u << 25)
#define STREAMOUT_STRIDE	16

/* How an array mode pads: rows of *pw elements, heights of *ph rows */
static int r6_pad(const struct sim *sim, uint32_t mode, uint32_t bpe, uint32_t *pw,
		  uint32_t *ph)
{
	uint32_t cfg = sim_reg_get(sim, GB_TILING_CONFIG);
	uint32_t pipes = 1u << ((cfg >> 1) & 7), banks = 4u << ((cfg >> 4) & 3);
	uint32_t group = 256u << ((cfg >> 6) & 3);

	switch (mode) {
	case 0:				/* linear general */
		*pw = 1;
		*ph = 1;
		return 0;
	case 1:				/* linear aligned */
		*pw = umax(64, group / bpe);
		*ph = 1;
		return 0;
	case ARRAY_1D_THIN1:		/* 8x8 tiles */
		*pw = umax(8, group / (8 * bpe));
		*ph = 8;
		return 0;
	case ARRAY_2D_THIN1:		/* macro tiles: banks x pipes tiles */
		*pw = umax(8 * banks, group * banks / (8 * bpe));
		*ph = 8 * pipes;
		return 0;
	default:
		return -1;
	}
}

/* Bytes of @nbx x @nby elements of @bpe bytes laid out in @mode; 0: not modelled */
static uint64_t r6_padded(const struct sim *sim, uint32_t mode, uint32_t bpe, uint64_t nbx,
			  uint64_t nby)
{
	uint32_t pw, ph;

	if (!bpe || r6_pad(sim, mode, bpe, &pw, &ph))
		return 0;
	return (nbx + pw - 1) / pw * pw * ((nby + ph - 1) / ph * ph) * bpe;
}

/*
 * A render target's bytes: slices of @pixels (SLICE_TILE_MAX) in rows of
 * @w, the last one padded to its layout's tiles, at least a whole slice
 */
static uint64_t r6_target_bytes(const struct sim *sim, uint32_t mode, uint32_t bpe,
				uint64_t w, uint64_t pixels, uint64_t slices)
{
	uint64_t last = r6_padded(sim, mode, bpe, w, (pixels + w - 1) / w);

	if (!last)
		return 0;
	return (slices - 1) * pixels * bpe + (last > pixels * bpe ? last : pixels * bpe);
}

/*
 * A texture: level 0 at BASE_ADDRESS in rows of the descriptor's pitch,
 * the others one after the other from MIP_ADDRESS, each padded as its
 * array mode lays it out; 2D-tiled levels smaller than a macro tile are
 * stored 1D-tiled. Every level up to the larger of BASE_LEVEL and
 * LAST_LEVEL, every slice; a multisampled texture's level 0 holds every
 * sample of a texel after the other.
 */
static int r6_texture(struct sim *sim, const uint32_t *d)
{
	uint32_t bw, bh, bpe = tex_block(R600_TEX_FORMAT(d[1]), &bw, &bh);
	uint32_t dim = R600_TEX_DIM(d[0]), mode = R600_TEX_TILE_MODE(d[0]), level, pw, ph;
	uint32_t w = R600_TEX_WIDTH(d[0]), h = R600_TEX_HEIGHT(d[1]), depth = R600_TEX_DEPTH(d[1]);
	uint32_t top = umax(R600_TEX_BASE_LEVEL(d[4]), R600_TEX_LAST_LEVEL(d[5]));
	uint64_t mip = (uint64_t)d[3] << 8, bytes;

	if (dim >= TEX_DIM_2D_MSAA) {
		/* the sampler reads level 0 of a multisampled texture whatever BASE_LEVEL says */
		if (R600_TEX_LAST_LEVEL(d[5]) > 3)
			return -1;
		bpe <<= R600_TEX_LAST_LEVEL(d[5]);
		top = 0;
	}
	if (!bpe || r6_pad(sim, mode, bpe, &pw, &ph))
		return -1;
	for (level = 0; level <= top; level++) {
		uint64_t nbx = (umax(w >> level, 1) + bw - 1) / bw;
		uint64_t nby = (umax(h >> level, 1) + bh - 1) / bh;
		uint32_t m = mode;

		if (!level)
			nbx = (8ull * R600_TEX_PITCH(d[0]) + bw - 1) / bw;
		else if (m == ARRAY_2D_THIN1 && (nbx < pw || nby < ph))
			m = ARRAY_1D_THIN1;
		bytes = r6_padded(sim, m, bpe, nbx, nby) *
			tex_slices(dim, level, depth, R600_TEX_LAST_ARRAY(d[5]));
		if (fetch_range(sim, level ? mip : (uint64_t)d[2] << 8, bytes))
			return -1;
		if (level)
			mip += bytes;
	}
	sim->stats.textures++;
	return 0;
}

/* Every valid resource of the window: textures, vertex buffers whole */
static int r6_resources(struct sim *sim, const char **why)
{
	uint32_t i;

	for (i = 0; i + 7 <= RESOURCE_WINDOW_DW; i += 7) {
		const uint32_t *d = &sim->resources[i];

		if (R600_RES_TYPE(d[6]) == R600_RES_TEXTURE && r6_texture(sim, d)) {
			*why = "draw-texture-fetch";
			return -1;
		}
		if (R600_RES_TYPE(d[6]) == R600_RES_BUFFER &&
		    fetch_range(sim, d[0] | (uint64_t)(d[2] & 0xff) << 32, (uint64_t)d[1] + 1)) {
			*why = "draw-vertex-fetch";
			return -1;
		}
	}
	return 0;
}

/* The ring whose base register is @reg: every byte, written; it must be set */
static int r6_ring(struct sim *sim, uint32_t reg)
{
	return !CFG(reg + 4) || store_range(sim, (uint64_t)CFG(reg) << 8,
					    (uint64_t)CFG(reg + 4) << 8);
}

/*
 * The scratch rings the draw's stages spill to: the VS's and PS's, the
 * ES's and GS's with @geometry
 */
static int r6_scratch(struct sim *sim, int geometry, const char **why)
{
	uint32_t i;

	for (i = geometry ? 0 : 2; i < 4; i++) {
		if (CTX(SQ_ESTMP_RING_ITEMSIZE + 4 * i) && r6_ring(sim, SQ_ESTMP_RING_BASE + 8 * i)) {
			*why = "draw-scratch-ring";
			return -1;
		}
	}
	return 0;
}

/* The programs the draw runs, and the constant buffers of PS, VS and GS */
static int r6_shaders(struct sim *sim, const char **why)
{
	static const uint32_t pgm[] = { R600_SQ_PGM_START_VS, R600_SQ_PGM_START_FS,
					R600_SQ_PGM_START_PS, R600_SQ_PGM_START_ES,
					R600_SQ_PGM_START_GS };
	uint32_t mode = CTX(VGT_GS_MODE) & 3, i, n = mode == GS_SCENARIO_G ? 5 : 3;
	uint8_t code[8];

	if (mode && mode != GS_SCENARIO_A && mode != GS_SCENARIO_G) {
		*why = "draw-gs-scenario";
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (sim_gpu_read(sim, (uint64_t)CTX(pgm[i]) << 8, code, sizeof(code))) {
			*why = "draw-program-fetch";
			return -1;
		}
	}
	/* the geometry rings, written by the ES and the GS, read by the GS and the VS */
	for (i = 0; n == 5 && i < 2; i++) {
		if (r6_ring(sim, i ? SQ_GSVS_RING_BASE : SQ_ESGS_RING_BASE)) {
			*why = "draw-stage-ring";
			return -1;
		}
	}
	if (r6_scratch(sim, n == 5, why))
		return -1;
	for (i = 0; i < 48; i++) {
		if (fetch_range(sim, (uint64_t)CTX(R600_SQ_ALU_CONST_CACHE_PS_0 + 4 * i) << 8,
				(uint64_t)CTX(R600_SQ_ALU_CONST_BUFFER_SIZE_PS_0 + 4 * i) << 8)) {
			*why = "draw-constant-fetch";
			return -1;
		}
	}
	return 0;
}

/*
 * Colour buffer @n's CMASK (TILE_MODE 1 and 2: 128 bytes per 128x128
 * pixels of every slice, at least CMASK_BLOCK_MAX + 1 blocks) and FMASK
 * (2: samples x log2(samples) bits a pixel, at least FMASK_TILE_MAX + 1
 * tiles of 8x8), read and written
 */
static int r6_colour_masks(struct sim *sim, uint32_t n, uint32_t samples, uint64_t w,
			   uint64_t pixels, uint64_t slices)
{
	uint32_t info = CTX(R600_CB_COLOR0_INFO + 4 * n), mask = CTX(R600_CB_COLOR0_MASK + 4 * n);
	uint32_t tile = R600_CB_TILE_MODE(info), log2 = 0;
	uint64_t h = (pixels + w - 1) / w, blocks, tiles;

	if (tile == R600_CB_TILE_NONE)
		return 0;
	if (tile != R600_CB_TILE_CLEAR && tile != R600_CB_TILE_FRAG)
		return -1;
	blocks = (w + 127) / 128 * ((h + 127) / 128) * slices;
	if (blocks < R600_CB_CMASK_BLOCK_MAX(mask) + 1ull)
		blocks = R600_CB_CMASK_BLOCK_MAX(mask) + 1ull;
	if (store_range(sim, (uint64_t)CTX(R600_CB_COLOR0_TILE + 4 * n) << 8, blocks * 128))
		return -1;
	if (tile != R600_CB_TILE_FRAG || samples == 1)
		return 0;
	while ((1u << log2) < samples)
		log2++;
	tiles = (w + 7) / 8 * ((h + 7) / 8) * slices;
	if (tiles < R600_CB_FMASK_TILE_MAX(mask) + 1ull)
		tiles = R600_CB_FMASK_TILE_MAX(mask) + 1ull;
	return store_range(sim, (uint64_t)CTX(R600_CB_COLOR0_FRAG + 4 * n) << 8,
			   tiles * 8 * samples * log2);
}

/* Colour buffer @n, which the draw writes: every slice and sample, and its masks */
static int r6_colour(struct sim *sim, uint32_t n, uint32_t samples, uint64_t *base)
{
	uint32_t info = CTX(R600_CB_COLOR0_INFO + 4 * n), size = CTX(R600_CB_COLOR0_SIZE + 4 * n);
	uint32_t view = CTX(R600_CB_COLOR0_VIEW + 4 * n), bpp = cb_bpp(R600_CB_FORMAT(info));
	uint64_t w = (R600_CB_PITCH_TILE_MAX(size) + 1ull) * 8;
	uint64_t pixels = (R600_CB_SLICE_TILE_MAX(size) + 1ull) * 64, bytes;
	uint64_t slices = umax(R600_SLICE_START(view), R600_SLICE_MAX(view)) + 1ull;

	/* a resolve writes its destination, the second target, once a pixel */
	if (n == 1 && R600_CB_SPECIAL_OP(CTX(R600_CB_COLOR_CONTROL)) == CB_SPECIAL_RESOLVE_BOX)
		samples = 1;
	*base = (uint64_t)CTX(R600_CB_COLOR0_BASE + 4 * n) << 8;
	bytes = r6_target_bytes(sim, R600_CB_ARRAY_MODE(info), bpp * samples, w, pixels, slices);
	if (!bytes || store_range(sim, *base, bytes))
		return -1;
	return r6_colour_masks(sim, n, samples, w, pixels, slices);
}

/* The depth/stencil surface, read and written, and its HTILE */
static int r6_depth(struct sim *sim, uint32_t samples)
{
	uint32_t info = CTX(R600_DB_DEPTH_INFO), fmt = R600_DB_FORMAT(info);
	uint32_t size = CTX(R600_DB_DEPTH_SIZE), view = CTX(R600_DB_DEPTH_VIEW);
	uint32_t cfg = sim_reg_get(sim, GB_TILING_CONFIG), bpe = fmt == 1 ? 2 : fmt == 7 ? 8 : 4;
	uint64_t w = (R600_DB_PITCH_TILE_MAX(size) + 1ull) * 8;
	uint64_t pixels = (R600_DB_SLICE_TILE_MAX(size) + 1ull) * 64, bytes, ht;
	uint64_t slices = umax(R600_SLICE_START(view), R600_SLICE_MAX(view)) + 1ull;
	uint64_t base = (uint64_t)CTX(R600_DB_DEPTH_BASE) << 8;

	if (!fmt)
		return 0;
	if (R600_DB_ARRAY_MODE(info) != ARRAY_1D_THIN1 && R600_DB_ARRAY_MODE(info) != ARRAY_2D_THIN1)
		return -1;		/* linear and thick depth: not modelled */
	bytes = r6_target_bytes(sim, R600_DB_ARRAY_MODE(info), bpe * samples, w, pixels, slices);
	if (!bytes || fetch_range(sim, base, bytes) || store_range(sim, base, bytes))
		return -1;
	if (!(info & DB_TILE_SURFACE_ENABLE))
		return 0;
	ht = htile_slice_bytes(1u << ((cfg >> 1) & 7), CTX(R600_DB_HTILE_SURFACE), w, pixels);
	if (!ht)
		return -1;
	return store_range(sim, (uint64_t)CTX(R600_DB_HTILE_DATA_BASE) << 8, ht * slices);
}

/*
 * Stream-out, with VGT_STRMOUT_EN: every buffer VGT_STRMOUT_BUFFER_EN
 * enables is reached as far as its size (dwords), and the VGT's offset in
 * it (dwords) moves past the vertices' stride each, up to the size
 */
static int r6_stream_out(struct sim *sim, uint32_t vertices)
{
	uint32_t i;

	if (!(CTX(R600_VGT_STRMOUT_EN) & 1))
		return 0;
	for (i = 0; i < 4; i++) {
		uint32_t reg = STREAMOUT_STRIDE * i, size = CTX(R600_VGT_STRMOUT_BUFFER_SIZE_0 + reg);
		uint32_t *offset = &CTX(R600_VGT_STRMOUT_BUFFER_OFFSET_0 + reg);
		uint64_t end = *offset + (uint64_t)vertices * CTX(R600_VGT_STRMOUT_VTX_STRIDE_0 + reg);

		if (!(CTX(R600_VGT_STRMOUT_BUFFER_EN) >> i & 1))
			continue;
		if (store_range(sim, (uint64_t)CTX(R600_VGT_STRMOUT_BUFFER_BASE_0 + reg) << 8,
				4ull * size))
			return -1;
		if (*offset < size)
			*offset = end < size ? end : size;
	}
	return 0;
}

/* The render backends: colour targets, depth, stream-out */
static int r6_backends(struct sim *sim, uint32_t vertices, uint64_t *cb0, const char **why)
{
	uint32_t samples = 1u << (CTX(R600_PA_SC_AA_CONFIG) & 3), n;
	uint64_t base;

	for (n = 0; n < 8; n++) {
		uint32_t fmt = R600_CB_FORMAT(CTX(R600_CB_COLOR0_INFO + 4 * n));

		if (!((CTX(R600_CB_TARGET_MASK) >> (4 * n)) & 0xf) || !fmt)
			continue;
		if (r6_colour(sim, n, samples, &base)) {
			*why = "draw-colour-write";
			return -1;
		}
		if (!n)
			*cb0 = base;
	}
	if (r6_depth(sim, samples)) {
		*why = "draw-depth-access";
		return -1;
	}
	if (r6_stream_out(sim, vertices)) {
		*why = "draw-stream-out";
		return -1;
	}
	return 0;
}

/**
 * sim_r600_draw() - what an R6xx/R7xx draw of @vertices reaches
 * @sim: the simulator
 * @vertices: vertices drawn (stream-out moves by them)
 * @why: the reason the CP hangs, when the draw fails
 *
 * Returns: 0, or -1 if an operand faulted or the model does not know it.
 */
int sim_r600_draw(struct sim *sim, uint32_t vertices, const char **why)
{
	uint64_t cb0 = 0;
	uint32_t spill = 0, i;

	if (r6_shaders(sim, why) || r6_resources(sim, why) ||
	    r6_backends(sim, vertices, &cb0, why))
		return -1;
	sim->stats.draws++;
	/* the stages with a scratch item size: ES 1, GS 2, VS 4, PS 8 */
	for (i = 0; i < 4; i++)
		spill |= !!CTX(SQ_ESTMP_RING_ITEMSIZE + 4 * i) << i;
	sim_log(sim, "draw vertices=%u vs=%#llx fs=%#llx ps=%#llx cb0=%#llx samples=%u "
		"cb0_info=%#x gs_mode=%u spill=%#x", vertices,
		(unsigned long long)CTX(R600_SQ_PGM_START_VS) << 8,
		(unsigned long long)CTX(R600_SQ_PGM_START_FS) << 8,
		(unsigned long long)CTX(R600_SQ_PGM_START_PS) << 8, (unsigned long long)cb0,
		1u << (CTX(R600_PA_SC_AA_CONFIG) & 3), CTX(R600_CB_COLOR0_INFO),
		CTX(VGT_GS_MODE) & 3, spill);
	return 0;
}

/**
 * sim_r600_exec_type3() - the type-3 packets R6xx/R7xx number their own way
 * @sim: the simulator
 * @op: the opcode
 * @b: the body
 * @n: its dwords
 * @why: the reason the CP hangs, when it does
 *
 * STRMOUT_BASE_UPDATE (R7xx only): buffer n's VGT_STRMOUT_BUFFER_BASE_n.
 * START_3D_CMDBUF (R6xx only; Evergreen's DRAW_INDIRECT) and
 * SURFACE_BASE_UPDATE (R6xx only): markers the CP passes over.
 *
 * Returns: 0, or -1 for a packet that is not one of them or is malformed.
 */
int sim_r600_exec_type3(struct sim *sim, uint32_t op, const uint32_t *b, uint32_t n,
			const char **why)
{
	bool r6xx = !strcmp(sim->asic->generation, "r600");

	if ((op == R600_PKT3_START_3D_CMDBUF || op == R600_PKT3_SURFACE_BASE_UPDATE) && r6xx)
		return 0;
	/* R6xx has no STRMOUT_BASE_UPDATE: its CP knows no such packet */
	if (op != R600_PKT3_STRMOUT_BASE_UPDATE || r6xx)
		return -1;
	if (n < 2 || b[0] > 3) {
		*why = "strmout-base-update";
		return -1;
	}
	CTX(R600_VGT_STRMOUT_BUFFER_BASE_0 + STREAMOUT_STRIDE * b[0]) = b[1];
	return 0;
}
