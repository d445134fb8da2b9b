// SPDX-License-Identifier: GPL-2.0-only
/*
 * The GFX command processor: ring registers and a PM4 interpreter.
 *
 * When the write pointer moves (and the ME/PFP run), the CP executes the
 * packets between its read pointer and the write pointer, fetching and
 * writing memory as a GPU client (sim_gpu_read/write: faults are caught),
 * then writes its read pointer back to memory. A stream the hardware would
 * choke on (unknown opcode, a packet running past the end, a nested IB, a
 * wait that can never end, a fault) hangs the CP: it stops consuming,
 * reports busy, and only a CP soft reset revives it.
 */
#include <string.h>

#include "gpu.h"
#include "draw.h"
#include "models.h"
#include "regs/evergreen_3d.h"
#include "regs/pm4_opcodes.h"

#define IH_SRC_CP_EOP			181
#define GRBM_GUI_ACTIVE			(1u << 31)
#define GRBM_CP_BUSY			(1u << 29)
#define RB_RPTR_WR_ENA			(1u << 31)

/* A run of dwords the CP reads: the ring (wrapping) or an IB. */
struct stream {
	uint64_t base;
	uint32_t mask;			/* ring: size - 1; IB: ~0 */
	uint32_t pos, end;		/* dwords */
	uint32_t count;			/* body dwords of the packet at pos */
};

static uint32_t s_count(const struct stream *s)
{
	return s->count;
}

static uint32_t avail(const struct stream *s)
{
	return (s->end - s->pos) & s->mask;
}

static int fetch(struct sim *sim, const struct stream *s, uint32_t i, uint32_t *dw)
{
	return sim_gpu_read(sim, s->base + 4ull * ((s->pos + i) & s->mask), dw, 4);
}

static void hang(struct sim *sim, const struct stream *s, const char *why)
{
	sim->cp.hung = true;
	sim->stats.cp_hangs++;
	sim_reg_set(sim, GRBM_STATUS, GRBM_GUI_ACTIVE | GRBM_CP_BUSY);
	sim_log(sim, "CP-HANG ring=gfx rptr=%u reason=%s", s->pos, why);
}

/*
 * A WAIT_REG_MEM whose condition is false: a real CP keeps polling, and
 * nothing the model runs can change the word, so it stalls until reset.
 * Unlike a hang this is no fault of the stream: it is how a job that
 * waits forever looks, and the driver's lockup timeout must catch it.
 */
static void stall(struct sim *sim, const struct stream *s, const char *why)
{
	sim->cp.hung = true;
	sim->stats.cp_stalls++;
	sim_reg_set(sim, GRBM_STATUS, GRBM_GUI_ACTIVE | GRBM_CP_BUSY);
	sim_log(sim, "CP-STALL ring=gfx rptr=%u reason=%s", s->pos, why);
}

static uint32_t ring_size_dw(struct sim *sim)
{
	/* RB_BUFSZ: log2 of the size in 8-byte units */
	return 2u << (sim_reg_get(sim, CP_RB_CNTL) & 0x3f);
}

static bool wait_true(uint32_t fn, uint32_t val, uint32_t ref)
{
	switch (fn) {
	case 0: return true;
	case 1: return val < ref;
	case 2: return val <= ref;
	case 3: return val == ref;
	case 4: return val != ref;
	case 5: return val >= ref;
	case 6: return val > ref;
	default: return false;
	}
}

static int run_stream(struct sim *sim, struct stream *s);

#define RESOURCE_DW			(0x8000 / 4)
#define GB_ADDR_CONFIG			0x98f8
#define CTX(reg)			(sim->ctx_regs[((reg) - 0x28000) / 4])
#define CFG(reg)			(sim->cfg_state[((reg) - 0x8000) / 4])
#define SQ_VSTMP_RING_BASE		0x8c60
#define SQ_PSTMP_RING_BASE		0x8c68
#define CTL_CONST_START			0x3cff0	/* SET_CTL_CONST window */
#define CTL_CONST_END			0x3ff0c
#define VGT_STRMOUT_VTX_STRIDE_0	0x28ad4	/* dwords a vertex */
#define VGT_STRMOUT_DRAW_OPAQUE_OFFSET	0x28b28	/* bytes */
#define VGT_STRMOUT_DRAW_OPAQUE_FILLED	0x28b2c	/* _BUFFER_FILLED_SIZE, bytes */
#define VGT_STRMOUT_DRAW_OPAQUE_STRIDE	0x28b30	/* _VERTEX_STRIDE, dwords */
#define DI_USE_OPAQUE			(1u << 6)	/* VGT_DRAW_INITIATOR */
#define CB_INFO_RAT			(1u << 26)	/* CB_COLORn_INFO: a RAT */

/*
 * Where the CP latched a register a stream set that no model implements:
 * the SET_CONFIG_REG, SET_CONTEXT_REG and SET_CTL_CONST windows; NULL for
 * any other register.
 */
static uint32_t *cp_state_reg(struct sim *sim, uint32_t reg)
{
	if (reg % 4)
		return NULL;
	if (reg >= PKT3_SET_CONFIG_REG_START && reg < PKT3_SET_CONFIG_REG_END)
		return &CFG(reg);
	if (reg >= 0x28000 && reg < 0x28000 + sizeof(sim->ctx_regs))
		return &CTX(reg);
	if (reg >= CTL_CONST_START && reg < CTL_CONST_END)
		return &sim->ctl_consts[(reg - CTL_CONST_START) / 4];
	return NULL;
}

static const struct sim_reg *cp_reg_desc(struct sim *sim, uint32_t reg)
{
	return reg % 4 || reg / 4 >= SIM_NR_REGS ? NULL : sim->reg_desc[reg / 4];
}

/*
 * A register as a packet reads it (WAIT_REG_MEM, COPY_DW): a modelled one
 * through its model, as the GPU's own blocks update it; 3D state as the
 * stream last set it. A register neither holds is an access the model
 * does not know, and says so.
 */
static uint32_t cp_reg_read(struct sim *sim, uint32_t reg)
{
	const struct sim_reg *desc = cp_reg_desc(sim, reg);
	uint32_t *state = cp_state_reg(sim, reg);

	if (desc)
		return desc->read ? desc->read(sim, desc) : sim_reg_get(sim, reg);
	if (state)
		return *state;
	sim->stats.unmodelled++;
	sim_log(sim, "UNMODELLED cp read reg=%#x", reg);
	return 0;
}

/* A register as a packet writes it (SET_CONFIG_REG, COPY_DW). */
static void cp_reg_write(struct sim *sim, uint32_t reg, uint32_t val)
{
	uint32_t *state = cp_state_reg(sim, reg);

	if (cp_reg_desc(sim, reg)) {
		sim_mmio_write(sim, reg, 4, val);
	} else if (state) {
		*state = val;
	} else {
		sim->stats.unmodelled++;
		sim_log(sim, "UNMODELLED cp write reg=%#x val=%#x", reg, val);
	}
}

/* Bytes per pixel of a colour-buffer format, 0 if not a colour format */
uint32_t cb_bpp(uint32_t format)
{
	if (format >= 0x01 && format <= 0x03)
		return 1;
	if (format >= 0x05 && format <= 0x0c)
		return 2;
	if (format >= 0x0d && format <= 0x1b)
		return 4;
	if (format >= 0x1c && format <= 0x20)
		return 8;
	return format == 0x22 || format == 0x23 ? 16 : 0;
}

/* Read a range as a GPU client, every byte through the page table. */
int fetch_range(struct sim *sim, uint64_t addr, uint64_t bytes)
{
	uint8_t buf[256];

	while (bytes) {
		uint64_t n = bytes < sizeof(buf) ? bytes : sizeof(buf);

		if (sim_gpu_read(sim, addr, buf, n))
			return -1;
		addr += n;
		bytes -= n;
	}
	return 0;
}

/* Read and write back a range, as a render does to its surfaces. */
int store_range(struct sim *sim, uint64_t addr, uint64_t bytes)
{
	uint8_t buf[256];

	while (bytes) {
		uint64_t n = bytes < sizeof(buf) ? bytes : sizeof(buf);

		if (sim_gpu_read(sim, addr, buf, n) || sim_gpu_write(sim, addr, buf, n))
			return -1;
		addr += n;
		bytes -= n;
	}
	return 0;
}

/*
 * Texel blocks of a texture data format: bytes of a block, its size in
 * pixels in *bw x *bh; 0 for formats the model does not know.
 */
uint32_t tex_block(uint32_t format, uint32_t *bw, uint32_t *bh)
{
	*bw = 1;
	*bh = 1;
	if (format >= 0x31 && format <= 0x37) {		/* BC1-BC7 */
		*bw = 4;
		*bh = 4;
		return format == 0x31 || format == 0x34 ? 8 : 16;
	}
	if (format == 0x27 || format == 0x28) {		/* GB_GR, BG_RG */
		*bw = 2;
		return 4;
	}
	if (format == 0x25 || format == 0x2c)		/* 1 bit (a byte), 8_8_8 */
		return format == 0x25 ? 1 : 3;
	if (format == 0x2d || format == 0x2e)
		return 6;
	if (format == 0x2f || format == 0x30)
		return 12;
	if (format >= 0x29 && format <= 0x2b)
		return 4;
	if (format == 0x38)
		return 4;
	return cb_bpp(format);
}

uint32_t umax(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/*
 * Bytes of a slice of the FMASK of a @samples-sample surface of @w x @h
 * pixels tiled @mode (2: 1D, 4: 2D with the bank width, FMASK bank
 * height, banks and macro tile aspect where CB_COLORn_ATTRIB keeps them in
 * @attrib): a byte a pixel (2 and 4 samples) or 4 (8), the surface padded
 * to the FMASK's tiles, at least @min_pixels pixels.
 */
static uint64_t fmask_slice_bytes(struct sim *sim, uint32_t mode, uint32_t attrib,
				  uint32_t samples, uint64_t w, uint64_t h, uint64_t min_pixels)
{
	uint32_t pipes = 1u << (sim_reg_get(sim, GB_ADDR_CONFIG) & 7);
	uint32_t bpe = samples > 4 ? 4 : 1;
	uint64_t bw, bh, pixels;

	if (mode == 4) {
		bw = 8ull * (1u << ((attrib >> 13) & 3)) * pipes * (1u << ((attrib >> 19) & 3));
		bh = 8ull * (1u << ((attrib >> 22) & 3)) * (2u << ((attrib >> 10) & 3)) >>
		     ((attrib >> 19) & 3);
	} else {
		bw = bpe == 1 ? 32 : 8;
		bh = 8;
	}
	pixels = (w + bw - 1) / bw * bw * ((h + bh - 1) / bh * bh);
	return (pixels < min_pixels ? min_pixels : pixels) * bpe;
}

/* The slices of level @level of a texture of dimension @dim (2D_MSAA: 6) */
uint32_t tex_slices(uint32_t dim, uint32_t level, uint32_t depth, uint32_t last_array)
{
	if (dim == 2)
		return umax(depth >> level, 1);
	if (dim == 3)
		return umax(6 * depth, last_array);
	return umax(dim == 4 || dim == 5 || dim == 7 ? depth : 1, last_array);
}

/*
 * A multisampled texture's FMASK at MIP_ADDRESS (0: none), laid out as a
 * colour buffer's FMASK with the texture's tiling and FMASK_BANK_HEIGHT
 * (word 6), over its pitch and height, every slice.
 */
static int texture_fmask(struct sim *sim, const uint32_t *d, uint32_t samples, uint32_t slices)
{
	uint32_t mode = d[1] >> 28;
	uint32_t attrib = ((d[7] >> 16) & 3) << 10 | ((d[7] >> 8) & 3) << 13 |
			  ((d[7] >> 6) & 3) << 19 | (d[6] & 3) << 22;
	uint64_t pitch = (((d[0] >> 6) & 0xfff) + 1) * 8ull, h = (d[1] & 0x3fff) + 1;

	if (!d[3])
		return 0;
	if (mode != 2 && mode != 4)
		return -1;		/* FMASK of a linear texture: not modelled */
	return fetch_range(sim, (uint64_t)d[3] << 8,
			   fmask_slice_bytes(sim, mode, attrib, samples, pitch, h, 0) * slices);
}

/*
 * The texture unit: a draw may sample any texel of any level and slice a
 * valid texture descriptor names, so the model reads them all. Level 0 at
 * BASE_ADDRESS in rows of the descriptor's pitch, the others one after the
 * other from MIP_ADDRESS in rows the hardware pads (linear: 64 elements or
 * 256 bytes; 1D tiles: 8x8 elements, 256 bytes), 1D-tiled heights padded
 * to whole tiles, 2D-tiled levels to whole macro tiles unless smaller than
 * one (those are stored 1D-tiled). A multisampled texture (2D_MSAA,
 * 2D_ARRAY_MSAA) is one level of 2^LAST_LEVEL samples a texel, stored
 * together, and its FMASK. A layout the model does not know hangs the draw.
 */
static int texture_fetch(struct sim *sim, const uint32_t *d)
{
	uint32_t bw, bh, bpe = tex_block(d[7] & 0x3f, &bw, &bh);
	uint32_t dim = d[0] & 7, mode = d[1] >> 28, level, top, slices, prow, hrow;
	uint32_t w = ((d[0] >> 18) & 0x3fff) + 1, h = (d[1] & 0x3fff) + 1;
	uint32_t depth = ((d[1] >> 14) & 0x1fff) + 1, last_array = ((d[5] >> 17) & 0x1fff) + 1;
	uint32_t samples = dim >= 6 ? 1u << (d[5] & 0xf) : 1;
	uint64_t base = (uint64_t)d[2] << 8, mip = (uint64_t)d[3] << 8;
	uint32_t pipes = 1u << (sim_reg_get(sim, GB_ADDR_CONFIG) & 7);
	/* a macro tile (2D tiling): bank width x pipes x aspect, bank height x banks / aspect */
	uint32_t mw = 8 * (1u << ((d[7] >> 8) & 3)) * pipes * (1u << ((d[7] >> 6) & 3));
	uint32_t mh = 8 * (1u << ((d[7] >> 10) & 3)) * (2u << ((d[7] >> 16) & 3)) >>
		      ((d[7] >> 6) & 3);

	if (!bpe || (mode > 2 && mode != 4) || (mode == 4 && mh < 8))
		return -1;
	if (dim >= 6 && (samples < 2 || samples > 8 || d[4] >> 28))
		return -1;		/* not a multisampled layout the model knows */
	bpe *= samples;
	top = samples > 1 ? 0 : umax(d[4] >> 28, d[5] & 0xf);
	for (level = 0; level <= top; level++) {
		uint32_t lw = umax(w >> level, 1), lh = umax(h >> level, 1);
		uint64_t nbx = (lw + bw - 1) / bw, nby = (lh + bh - 1) / bh, bytes;
		uint32_t m = mode;

		/* levels below a macro tile are stored 1D-tiled */
		if (m == 4 && (nbx < mw || nby < mh))
			m = 2;
		prow = m == 0 ? 1 : m == 1 ? umax(64, 256 / bpe) : m == 2 ? umax(8, 32 / bpe) : mw;
		hrow = m == 4 ? mh : m == 2 ? 8 : 1;
		if (!level)	/* level 0 rows are the descriptor's pitch */
			nbx = ((((d[0] >> 6) & 0xfff) + 1) * 8 + bw - 1) / bw;
		nbx = (nbx + prow - 1) / prow * prow;
		nby = (nby + hrow - 1) / hrow * hrow;
		slices = tex_slices(dim, level, depth, last_array);
		bytes = nbx * nby * bpe * slices;
		if (fetch_range(sim, level ? mip : base, bytes))
			return -1;
		if (level)
			mip += bytes;
	}
	if (samples > 1 && texture_fmask(sim, d, samples, tex_slices(dim, 0, depth, last_array)))
		return -1;
	sim->stats.textures++;
	return 0;
}

/*
 * Bytes of a slice's HTILE (@hs: DB_HTILE_SURFACE, the same fields on
 * R6xx to NI) for a depth surface of @w pixels a row, @pixels a slice:
 * a dword per 8x8 tile in blocks whose size depends on the @pipes, padded
 * to 2 KiB a pipe; 0 for 4x4 HTILEs, which are not modelled.
 */
uint64_t htile_slice_bytes(uint32_t pipes, uint32_t hs, uint64_t w, uint64_t pixels)
{
	uint64_t h = (pixels + w - 1) / w, tw, th, ht;

	if ((hs & 3) != 3)
		return 0;
	tw = hs & 4 ? 128 : pipes >= 4 ? 512 : 256;
	th = hs & 4 ? pipes * 8ull : pipes >= 8 ? 512 : pipes >= 2 ? 256 : 128;
	ht = (w + tw - 1) / tw * tw / 8 * ((h + th - 1) / th * th / 8) * 4;
	return (ht + pipes * 2048ull - 1) / (pipes * 2048ull) * pipes * 2048ull;
}

/*
 * The depth block: Z (16 or 32 bits) and stencil (8 bits) surfaces in
 * 8x8 tiles (1D) or macro tiles of them (2D), a slice being what DB_DEPTH_SLICE says or, if more, the
 * pitch and height of DB_DEPTH_SIZE; read at the read bases, written at the
 * write bases, for every slice of the view. The HTILE buffer holds a dword
 * per 8x8 tile in blocks whose size depends on the pipes GB_ADDR_CONFIG
 * programmed, each slice's padded to 2 KiB a pipe.
 */
static int depth_access(struct sim *sim)
{
	uint32_t z = CTX(DB_Z_INFO), zfmt = z & 3, stencil = CTX(DB_STENCIL_INFO) & 1;
	uint32_t size = CTX(DB_DEPTH_SIZE), view = CTX(DB_DEPTH_VIEW);
	uint32_t pipes = 1u << (sim_reg_get(sim, GB_ADDR_CONFIG) & 7), hs = CTX(DB_HTILE_SURFACE);
	uint32_t samples = 1u << (CTX(PA_SC_AA_CONFIG) & 3);
	uint64_t w = ((size & 0x7ff) + 1) * 8ull, h = (((size >> 11) & 0x7ff) + 1) * 8ull;
	uint64_t pixels = ((CTX(DB_DEPTH_SLICE) & 0x3fffff) + 1) * 64ull, slices, ht;

	if (!zfmt && !stencil)
		return 0;
	if (((z >> 4) & 0xf) != 2 && ((z >> 4) & 0xf) != 4)
		return -1;		/* only 1D and 2D tiles are modelled */
	if (pixels < w * h)
		pixels = w * h;
	slices = umax(view & 0x7ff, (view >> 13) & 0x7ff) + 1;
	/* every sample of a pixel is stored: as many more bytes */
	pixels *= samples;
	if (zfmt && (fetch_range(sim, (uint64_t)CTX(DB_Z_READ_BASE) << 8,
				 pixels * slices * (zfmt == 1 ? 2 : 4)) ||
		     store_range(sim, (uint64_t)CTX(DB_Z_WRITE_BASE) << 8,
				 pixels * slices * (zfmt == 1 ? 2 : 4))))
		return -1;
	if (stencil && (fetch_range(sim, (uint64_t)CTX(DB_STENCIL_READ_BASE) << 8,
				    pixels * slices) ||
			store_range(sim, (uint64_t)CTX(DB_STENCIL_WRITE_BASE) << 8,
				    pixels * slices)))
		return -1;
	if (!(z & (1u << 29)))
		return 0;
	ht = htile_slice_bytes(pipes, hs, w, pixels / samples);
	if (!ht)
		return -1;		/* 4x4 HTILEs are not modelled */
	return store_range(sim, (uint64_t)CTX(DB_HTILE_DATA_BASE) << 8, ht * slices);
}

/*
 * A VS or PS that spills reaches its scratch ring anywhere: every page of
 * it is read and written back (a dword each). The ring must be programmed
 * (base and size not 0): streams cannot set it, so the kernel must have.
 */
static int scratch_ring(struct sim *sim, uint32_t base_reg)
{
	uint64_t base = (uint64_t)CFG(base_reg) << 8, size = (uint64_t)CFG(base_reg + 4) << 8;
	uint64_t off;

	if (!base || !size)
		return -1;
	for (off = 0; off < size; off += 4096)
		if (store_range(sim, base + off, 4))
			return -1;
	return store_range(sim, base + size - 4, 4);
}

/*
 * The geometry and tessellation stages VGT_SHADER_STAGES_EN turns on, as
 * the hardware runs them: each reads its program; the ES writes anywhere
 * in the ES->GS ring, the GS reads it and writes anywhere in the GS->VS
 * ring (the VS copy shader reads it back), and each stage may spill
 * anywhere in its scratch ring. Every page of those rings is reached.
 * Stage sets the hardware does not run are not modelled: -1, and so is a
 * ring not programmed. @why says which.
 */
static int stages_access(struct sim *sim, const char **why)
{
	static const struct {
		uint32_t on, pgm, rings[3];
	} stages[] = {
		{ 1u << 3, SQ_PGM_START_ES, { SQ_ESGS_RING_BASE, SQ_ESTMP_RING_BASE } },
		{ 1u << 5, SQ_PGM_START_GS, { SQ_ESGS_RING_BASE, SQ_GSVS_RING_BASE,
					      SQ_GSTMP_RING_BASE } },
		{ 1u << 0, SQ_PGM_START_LS, { SQ_LSTMP_RING_BASE } },
		{ 1u << 2, SQ_PGM_START_HS, { SQ_HSTMP_RING_BASE } },
	};
	uint32_t v = CTX(VGT_SHADER_STAGES_EN), i, r;
	uint8_t code[8];

	/* ES with GS, LS with HS, and no mode the model does not know */
	if ((v >> 8) || VGT_SHADER_STAGES_LS_EN(v) > 1 || VGT_SHADER_STAGES_ES_EN(v) == 3 ||
	    VGT_SHADER_STAGES_VS_EN(v) == 3 ||
	    !VGT_SHADER_STAGES_ES_EN(v) != !VGT_SHADER_STAGES_GS_EN(v) ||
	    VGT_SHADER_STAGES_LS_EN(v) != VGT_SHADER_STAGES_HS_EN(v)) {
		*why = "draw-stage-set";
		return -1;
	}
	for (i = 0; i < sizeof(stages) / sizeof(stages[0]); i++) {
		if (!(v & stages[i].on))
			continue;
		if (sim_gpu_read(sim, (uint64_t)CTX(stages[i].pgm) << 8, code, sizeof(code))) {
			*why = "draw-stage-program-fetch";
			return -1;
		}
		for (r = 0; r < 3 && stages[i].rings[r]; r++) {
			if (scratch_ring(sim, stages[i].rings[r])) {
				*why = "draw-stage-ring";
				return -1;
			}
		}
	}
	return 0;
}

/*
 * The metadata of colour buffer @n: with FAST_CLEAR (CB_COLORn_INFO bit
 * 17), its CMASK, 4 bits per 8x8 tile, walked in 128x128-pixel blocks per
 * pipe; with COMPRESSION (bit 18), its FMASK, a byte a pixel (2 and 4
 * samples) or 4 (8), in the colour buffer's tiling with FMASK_BANK_HEIGHT.
 * Each slice the larger of its SLICE register and the colour surface
 * padded to its blocks; read and written.
 */
static int colour_masks(struct sim *sim, uint32_t n, uint32_t samples)
{
	uint32_t cb = CB_COLOR0_BASE + CB_COLOR_STRIDE * n, info = CTX(cb + 0x10);
	uint32_t attrib = CTX(cb + 0x14), pipes = 1u << (sim_reg_get(sim, GB_ADDR_CONFIG) & 7);
	uint64_t w = ((CTX(cb + 0x04) & 0x7ff) + 1) * 8ull;
	uint64_t h = ((CTX(cb + 0x08) & 0x3fffff) + 1) * 64ull / w;
	uint64_t slices = ((CTX(cb + 0x0c) >> 13) & 0x7ff) + 1, bw, bh, per_slice;

	if (info & (1u << 17)) {
		bw = pipes == 1 ? 128 : pipes <= 4 ? 256 : 512;
		bh = 16384ull * pipes / bw;
		per_slice = (w + bw - 1) / bw * bw * ((h + bh - 1) / bh * bh) / 128;
		if (per_slice < ((CTX(cb + 0x20) & 0x3fff) + 1) * 128ull)
			per_slice = ((CTX(cb + 0x20) & 0x3fff) + 1) * 128ull;
		if (store_range(sim, (uint64_t)CTX(cb + 0x1c) << 8, per_slice * slices))
			return -1;
	}
	if (!(info & (1u << 18)))
		return 0;
	if (samples < 2)
		return -1;		/* FMASK of one sample: not modelled */
	per_slice = fmask_slice_bytes(sim, (info >> 8) & 0xf, attrib, samples, w, h,
				      ((CTX(cb + 0x28) & 0x3fffff) + 1) * 64ull);
	return store_range(sim, (uint64_t)CTX(cb + 0x24) << 8, per_slice * slices);
}

/*
 * Stream-out of a draw: every buffer an enabled stream uses is reached as
 * far as its size, and the VGT's offset in it (VGT_STRMOUT_BUFFER_OFFSET,
 * dwords) moves past the vertices' stride each, up to the size: what
 * SO_VGTSTREAMOUT_FLUSH reports as the buffer's filled size.
 */
static int stream_out(struct sim *sim, uint32_t vertices)
{
	uint32_t cfg = CTX(VGT_STRMOUT_BUFFER_CONFIG), i;

	for (i = 0; i < 4; i++) {
		uint32_t reg = VGT_STRMOUT_STRIDE * i, size = CTX(VGT_STRMOUT_BUFFER_SIZE_0 + reg);
		uint64_t end = CTX(VGT_STRMOUT_BUFFER_OFFSET_0 + reg) +
			       (uint64_t)vertices * CTX(VGT_STRMOUT_VTX_STRIDE_0 + reg);

		if (!((cfg | cfg >> 4 | cfg >> 8 | cfg >> 12) >> i & 1))
			continue;
		if (store_range(sim, (uint64_t)CTX(VGT_STRMOUT_BUFFER_BASE_0 + reg) << 8,
				4ull * size))
			return -1;
		if (CTX(VGT_STRMOUT_BUFFER_OFFSET_0 + reg) < size)
			CTX(VGT_STRMOUT_BUFFER_OFFSET_0 + reg) = end < size ? end : size;
	}
	return 0;
}

/*
 * The resources every shader may read: textures sampled, vertex buffers
 * whole; the first vertex buffer's address, size and first bytes in
 * @vb, @vb_size and @vbytes (12), for the log
 */
static int shader_resources(struct sim *sim, struct stream *s, uint64_t *vb,
			    uint32_t *vb_size, uint8_t *vbytes)
{
	uint32_t i;

	for (i = 0; i < RESOURCE_DW; i += 8) {
		const uint32_t *d = &sim->resources[i];
		uint64_t base = d[0] | (uint64_t)(d[2] & 0xff) << 32, size = (uint64_t)d[1] + 1;

		if (d[7] >> 30 == 2 && texture_fetch(sim, d)) {
			hang(sim, s, "draw-texture-fetch");
			return -1;
		}
		if (d[7] >> 30 != 3)
			continue;
		if (!*vb) {
			*vb = base;
			*vb_size = size;
			sim_gpu_read(sim, base, vbytes, size < 12 ? size : 12);
		}
		if (fetch_range(sim, base, size)) {
			hang(sim, s, "draw-vertex-fetch");
			return -1;
		}
	}
	return 0;
}

/*
 * The constant buffers, as far as their sizes say: those of every stage
 * with registers of its own (PS, VS, GS, then HS, LS), whether the draw
 * or dispatch runs it or not, as the checker bounds them
 */
static int shader_constants(struct sim *sim, struct stream *s)
{
	uint32_t i;

	for (i = 0; i < 80; i++) {
		uint32_t base = i < 48 ? 0x28940 + 4 * i : 0x28f00 + 4 * (i - 48);
		uint32_t size = i < 48 ? 0x28140 + 4 * i : 0x28f80 + 4 * (i - 48);

		if (fetch_range(sim, (uint64_t)CTX(base) << 8, (uint64_t)CTX(size) << 8)) {
			hang(sim, s, "draw-constant-fetch");
			return -1;
		}
	}
	return 0;
}

static int rats(struct sim *sim);

/*
 * DRAW_INDEX_AUTO's vertices: the packet's count, or with USE_OPAQUE in
 * its draw initiator (DRAW_AUTO: a draw of what stream-out wrote, R6xx to
 * NI alike) as many as fit between the opaque offset and the filled size
 * (which COPY_DW loads from a stream-out buffer's filled size), a vertex
 * a stride. With no stride, or the offset past the filled size, the model
 * draws no vertex: there is no count to derive.
 */
static uint32_t auto_vertices(struct sim *sim, const uint32_t *b, uint32_t n)
{
	uint32_t offset = CTX(VGT_STRMOUT_DRAW_OPAQUE_OFFSET);
	uint32_t filled = CTX(VGT_STRMOUT_DRAW_OPAQUE_FILLED);
	uint32_t stride = CTX(VGT_STRMOUT_DRAW_OPAQUE_STRIDE);

	if (n < 2 || !(b[1] & DI_USE_OPAQUE))
		return b[0];
	if (!stride || filled <= offset)
		return 0;
	return (uint32_t)((filled - offset) / (4ull * stride));
}

/*
 * A draw: no rasteriser, but every memory operand the state names is
 * reached through the page table as the GPU would: the VS, FS and PS
 * programs, the VS's and PS's scratch rings, the other stages' programs
 * and rings (stages_access()), every valid vertex buffer and
 * texture, every enabled colour buffer, the depth and stencil buffers and
 * their HTILE, the stream-out buffers.
 */
static int draw(struct sim *sim, struct stream *s, uint32_t vertices)
{
	static const uint32_t pgm[] = { SQ_PGM_START_VS, SQ_PGM_START_FS, SQ_PGM_START_PS };
	uint64_t addr[3], vb = 0, cb0 = 0;
	uint8_t code[8], vbytes[12] = { 0 };
	uint32_t i, vb_size = 0, samples = 1u << (CTX(PA_SC_AA_CONFIG) & 3);
	const char *why;

	/* a generation with a register layout of its own has its own oracle */
	if (sim->asic->draw) {
		if (!sim->asic->draw(sim, vertices, &why))
			return 0;
		hang(sim, s, why);
		return -1;
	}
	for (i = 0; i < 3; i++) {
		addr[i] = (uint64_t)CTX(pgm[i]) << 8;
		if (sim_gpu_read(sim, addr[i], code, sizeof(code))) {
			hang(sim, s, "draw-program-fetch");
			return -1;
		}
	}
	if (shader_resources(sim, s, &vb, &vb_size, vbytes))
		return -1;
	if (scratch_ring(sim, SQ_VSTMP_RING_BASE) || scratch_ring(sim, SQ_PSTMP_RING_BASE)) {
		hang(sim, s, "draw-scratch-ring");
		return -1;
	}
	if (stages_access(sim, &why)) {
		hang(sim, s, why);
		return -1;
	}
	if (shader_constants(sim, s))
		return -1;
	for (i = 0; i < 8; i++) {
		uint32_t info = CTX(CB_COLOR0_BASE + CB_COLOR_STRIDE * i + 0x10);
		uint32_t slice = CTX(CB_COLOR0_BASE + CB_COLOR_STRIDE * i + 0x08);
		uint32_t view = CTX(CB_COLOR0_BASE + CB_COLOR_STRIDE * i + 0x0c);
		uint32_t bpp = cb_bpp((info >> 2) & 0x3f);
		uint64_t base = (uint64_t)CTX(CB_COLOR0_BASE + CB_COLOR_STRIDE * i) << 8, bytes;

		/* a RAT takes no exports: rats() reaches it */
		if (!((CTX(CB_TARGET_MASK) >> (4 * i)) & 0xf) || !bpp || info & CB_INFO_RAT)
			continue;
		/* a resolve writes its destination, the second target, once a pixel */
		bytes = ((uint64_t)(slice & 0x3fffff) + 1) * 64 * bpp *
			(((view >> 13) & 0x7ff) + 1) *
			(i == 1 && ((CTX(CB_COLOR_CONTROL) >> 4) & 7) == 3 ? 1 : samples);
		if (store_range(sim, base, bytes) || colour_masks(sim, i, samples)) {
			hang(sim, s, "draw-colour-write");
			return -1;
		}
		if (!i)
			cb0 = base;
	}
	if (rats(sim)) {
		hang(sim, s, "draw-rat-write");
		return -1;
	}
	if (stream_out(sim, vertices)) {
		hang(sim, s, "draw-stream-out");
		return -1;
	}
	if (depth_access(sim)) {
		hang(sim, s, "draw-depth-access");
		return -1;
	}
	sim->stats.draws++;
	sim_log(sim, "draw vertices=%u vs=%#llx fs=%#llx ps=%#llx vb=%#llx+%u "
		"vb[0..2]=%02x%02x%02x%02x,%02x%02x%02x%02x,%02x%02x%02x%02x cb0=%#llx "
		"samples=%u cb_mode=%u cb0_info=%#x stages=%#x",
		vertices, (unsigned long long)addr[0], (unsigned long long)addr[1],
		(unsigned long long)addr[2], (unsigned long long)vb, vb_size,
		vbytes[3], vbytes[2], vbytes[1], vbytes[0], vbytes[7], vbytes[6],
		vbytes[5], vbytes[4], vbytes[11], vbytes[10], vbytes[9], vbytes[8],
		(unsigned long long)cb0, samples, (CTX(CB_COLOR_CONTROL) >> 4) & 7,
		CTX(CB_COLOR0_BASE + 0x10), CTX(VGT_SHADER_STAGES_EN));
	return 0;
}

/*
 * Compute: RATs, dispatches, append counters. A RAT is a colour buffer
 * (0-7 at CB_COLOR0_BASE, 8-11 at CB_COLOR8_BASE, 0x1c apart) whose
 * CB_COLORn_INFO has the RAT bit.
 */
#define GDS_APPEND_COUNTERS		12

static uint32_t cb_reg(uint32_t n, uint32_t off)
{
	return n < 8 ? CB_COLOR0_BASE + CB_COLOR_STRIDE * n + off :
		       CB_COLOR8_BASE + 0x1c * (n - 8) + off;
}

/*
 * The memory a RAT's shaders may write, as the CB addresses it: a buffer
 * RAT (RESOURCE_TYPE 0) its DIM + 1 elements, an image RAT its whole
 * surface, every slice of its view; its immediate buffer a slot of the
 * element size per thread of each wavefront slot of each shader engine.
 */
static int rat(struct sim *sim, uint32_t n)
{
	uint32_t info = CTX(cb_reg(n, 0x10)), bpp = cb_bpp((info >> 2) & 0x3f);
	uint64_t base = (uint64_t)CTX(cb_reg(n, 0x00)) << 8, bytes;
	uint64_t immed = (uint64_t)CTX(CB_IMMED0_BASE + 4 * n) << 8;

	if (!bpp)
		return -1;
	if (!((info >> 27) & 7))
		bytes = ((uint64_t)CTX(cb_reg(n, 0x18)) + 1) * bpp;
	else
		bytes = ((CTX(cb_reg(n, 0x08)) & 0x3fffff) + 1) * 64ull * bpp *
			(((CTX(cb_reg(n, 0x0c)) >> 13) & 0x7ff) + 1);
	if (store_range(sim, base, bytes))
		return -1;
	sim->stats.rats++;
	return store_range(sim, immed, (uint64_t)sim->asic->ses * 256 * 64 * bpp);
}

/* Every RAT of a draw or dispatch, whatever CB_TARGET_MASK says */
static int rats(struct sim *sim)
{
	uint32_t n;

	for (n = 0; n < 12; n++)
		if (CTX(cb_reg(n, 0x10)) & CB_INFO_RAT && rat(sim, n))
			return -1;
	return 0;
}

/*
 * DISPATCH_DIRECT and DISPATCH_INDIRECT (thread-group counts from SET_BASE's
 * buffer at DATA_OFFSET): the compute shader runs as the LS stage, reads
 * its program, resources and constants, and writes its RATs.
 */
static int dispatch(struct sim *sim, struct stream *s, uint32_t op, const uint32_t *b)
{
	uint64_t pgm = (uint64_t)CTX(SQ_PGM_START_LS) << 8, vb = 0;
	uint32_t groups[3] = { b[0], b[1], b[2] }, vb_size = 0;
	uint8_t code[8], vbytes[12];

	if (op == PKT3_DISPATCH_INDIRECT &&
	    sim_gpu_read(sim, sim->cp.draw_base + b[0], groups, sizeof(groups))) {
		hang(sim, s, "dispatch-indirect-fetch");
		return -1;
	}
	if (sim_gpu_read(sim, pgm, code, sizeof(code))) {
		hang(sim, s, "dispatch-program-fetch");
		return -1;
	}
	if (shader_resources(sim, s, &vb, &vb_size, vbytes) || shader_constants(sim, s))
		return -1;
	/* the compute shader runs as the LS: it may spill to the LS's scratch ring */
	if (scratch_ring(sim, SQ_LSTMP_RING_BASE)) {
		hang(sim, s, "dispatch-scratch-ring");
		return -1;
	}
	if (rats(sim)) {
		hang(sim, s, "dispatch-rat-write");
		return -1;
	}
	sim->stats.dispatches++;
	sim_log(sim, "dispatch groups=%ux%ux%u ls=%#llx", groups[0], groups[1], groups[2],
		(unsigned long long)pgm);
	return 0;
}

/*
 * SET_APPEND_CNT: an append counter, a context register (GDS_APPEND_COUNT_n),
 * loaded from a dword of memory; the other sources are not modelled
 */
static int set_append_cnt(struct sim *sim, const uint32_t *b, uint32_t n)
{
	uint32_t reg = 0x28000 + 4 * (b[0] >> 16), v;
	uint64_t addr = (b[1] & ~3ull) | (uint64_t)(b[2] & 0xff) << 32;

	if (n < 3 || (b[0] & 3) != 3 || reg < GDS_APPEND_COUNT_0 ||
	    reg >= GDS_APPEND_COUNT_0 + 4 * GDS_APPEND_COUNTERS ||
	    sim_gpu_read(sim, addr, &v, 4))
		return -1;
	CTX(reg) = v;
	return 0;
}

/* EVENT_WRITE_EOS's command 0: an append counter register (a dword address) stored */
static int eos_append(struct sim *sim, uint64_t addr, uint32_t reg)
{
	if (reg < GDS_APPEND_COUNT_0 / 4 || reg >= GDS_APPEND_COUNT_0 / 4 + GDS_APPEND_COUNTERS)
		return -1;
	return sim_gpu_write(sim, addr, &CTX(reg << 2), 4);
}

/*
 * CP_DMA: BYTE_COUNT bytes from memory, or a dword of data repeated, to
 * memory, in 256-byte bursts. Register and GDS ends, and the
 * no-increment modes, are not modelled: -1.
 */
static int cp_dma(struct sim *sim, const uint32_t *b)
{
	uint32_t src_sel = (b[1] >> 29) & 3, dst_sel = (b[3] >> 20) & 3;
	uint32_t bytes = b[4] & 0x1fffff;
	uint64_t src = b[0] | (uint64_t)(b[1] & 0xff) << 32;
	uint64_t dst = b[2] | (uint64_t)(b[3] & 0xff) << 32;
	uint8_t buf[256];

	if ((src_sel != 0 && src_sel != 2) || dst_sel || (b[4] >> 26) & 0xf)
		return -1;
	/* R6xx/R7xx: no data source, those bits are reserved */
	if (src_sel == 2 && !sim->asic->cp_dma_data)
		return -1;
	while (bytes) {
		uint32_t k = bytes < sizeof(buf) ? bytes : sizeof(buf), i;

		if (src_sel == 2) {
			for (i = 0; i < k; i++)
				buf[i] = (uint8_t)(b[0] >> (8 * ((dst + i) & 3)));
		} else if (sim_gpu_read(sim, src, buf, k)) {
			return -1;
		}
		if (sim_gpu_write(sim, dst, buf, k))
			return -1;
		src += k;
		dst += k;
		bytes -= k;
	}
	return 0;
}

#define EVENT_SAMPLE_STREAMOUTSTATS1	1	/* 2, 3: streams 2 and 3 */
#define EVENT_ZPASS_DONE		21
#define EVENT_SAMPLE_PIPELINESTAT	30
#define EVENT_SO_VGTSTREAMOUT_FLUSH	31
#define EVENT_SAMPLE_STREAMOUTSTATS	32
#define RESULT_VALID			(1ull << 63)

/*
 * SO_VGTSTREAMOUT_FLUSH: the VGT finishes its stream-out writes and hands
 * the CP each buffer's filled size (bytes: its offset now), which
 * STRMOUT_BUFFER_UPDATE then stores; when all are in, the CP sets
 * CP_STRMOUT_CNTL.OFFSET_UPDATE_DONE, what a client's WAIT_REG_MEM polls
 * after the flush (it clears the bit with SET_CONFIG_REG before).
 */
static void streamout_flush(struct sim *sim)
{
	uint32_t i, reg;

	if (sim->cp.lose_so_flush)
		return;
	for (i = 0; i < 4; i++)
		sim->cp.so_filled[i] = 4 * CTX(VGT_STRMOUT_BUFFER_OFFSET_0 + VGT_STRMOUT_STRIDE * i);
	reg = sim->asic->strmout_cntl ? sim->asic->strmout_cntl : CP_STRMOUT_CNTL;
	cp_reg_write(sim, reg, cp_reg_read(sim, reg) | OFFSET_UPDATE_DONE);
}

/* 64-bit counters from 0, each with the bit that says "written" set */
static int write_counters(struct sim *sim, uint64_t addr, uint32_t n, uint32_t stride)
{
	const uint64_t v = RESULT_VALID;
	uint32_t i;

	for (i = 0; i < n; i++)
		if (sim_gpu_write(sim, addr + (uint64_t)i * stride, &v, 8))
			return -1;
	return 0;
}

/*
 * EVENT_WRITE: the stream-out flush; query events write their results,
 * counts of 0 as nothing is rasterised: ZPASS_DONE a 64-bit count per
 * render backend, 16 bytes apart, and SAMPLE_STREAMOUTSTATS (of any of
 * the four streams) two, both
 * with bit 63 set as the hardware marks a result written (clients poll
 * it); SAMPLE_PIPELINESTAT eleven counters with no such bit.
 */
static int event_write(struct sim *sim, const uint32_t *b, uint32_t n)
{
	static const uint8_t zero[88];
	uint64_t addr = (b[1] & ~7ull) | ((uint64_t)(b[2] & 0xff) << 32);

	if ((b[0] & 0x3f) == EVENT_SO_VGTSTREAMOUT_FLUSH)
		streamout_flush(sim);
	if (n < 3)
		return 0;
	switch (b[0] & 0x3f) {
	case EVENT_ZPASS_DONE:
		return write_counters(sim, addr, sim->asic_rbs, 16);
	case EVENT_SAMPLE_STREAMOUTSTATS:
	case EVENT_SAMPLE_STREAMOUTSTATS1:
	case EVENT_SAMPLE_STREAMOUTSTATS1 + 1:
	case EVENT_SAMPLE_STREAMOUTSTATS1 + 2:
		return write_counters(sim, addr, 2, 8);
	case EVENT_SAMPLE_PIPELINESTAT:
		return sim_gpu_write(sim, addr, zero, sizeof(zero));
	default:
		return 0;
	}
}

/*
 * STRMOUT_BUFFER_UPDATE on buffer SELECT: with UPDATE_MEMORY its filled
 * size (as the last flush reported it) is stored; then its offset is
 * loaded from the packet (dwords), the filled size, or memory (a filled
 * size stored before, bytes), or left.
 */
static int strmout_buffer_update(struct sim *sim, const uint32_t *b)
{
	uint32_t sel = (b[0] >> 8) & 3, v;
	uint32_t *offset = &CTX(VGT_STRMOUT_BUFFER_OFFSET_0 + VGT_STRMOUT_STRIDE * sel);

	if ((b[0] & 1) && sim_gpu_write(sim, b[1] | (uint64_t)(b[2] & 0xff) << 32,
					&sim->cp.so_filled[sel], 4))
		return -1;
	switch ((b[0] >> 1) & 3) {
	case 0:
		*offset = b[3];
		return 0;
	case 1:
		*offset = sim->cp.so_filled[sel] / 4;
		return 0;
	case 2:
		if (sim_gpu_read(sim, b[3] | (uint64_t)(b[4] & 0xff) << 32, &v, 4))
			return -1;
		*offset = v / 4;
		return 0;
	default:
		return 0;
	}
}

/* EVENT_WRITE_EOP's data: 32 or 64 bits of the packet, or the GPU clock */
static int eop_write(struct sim *sim, uint64_t addr, uint32_t data_sel, const uint32_t *data)
{
	uint64_t clock;

	if (data_sel == 3) {
		clock = sim_gpu_clock();
		return sim_gpu_write(sim, addr, &clock, 8);
	}
	return sim_gpu_write(sim, addr, data, data_sel == 2 ? 8 : 4);
}

/* A packet only the chip's generation has, if it is one: 0, or -1 = hang */
static int gen_type3(struct sim *sim, struct stream *s, uint32_t op, const uint32_t *b,
		     uint32_t n)
{
	const char *why = "unknown-opcode";

	if (sim->asic->exec_type3 && !sim->asic->exec_type3(sim, op, b, n, &why))
		return 0;
	hang(sim, s, why);
	return -1;
}

/* Execute one type-3 packet whose body is @b (@n dwords). 0, or -1 = hang. */
static int exec_type3(struct sim *sim, struct stream *s, uint32_t op,
		      const uint32_t *b, uint32_t n)
{
	uint64_t addr;
	uint32_t i, v;

	/* R6xx/R7xx (an oracle of their own) have no DRAW_INDIRECT at 0x24 */
	if (op == PKT3_DRAW_INDIRECT && sim->asic->draw)
		return gen_type3(sim, s, op, b, n);
	switch (op) {
	case PKT3_CLEAR_STATE:
		/* context registers back to their defaults */
		memset(sim->ctx_regs, 0, sizeof(sim->ctx_regs));
		return 0;
	case PKT3_NOP: case PKT3_MODE_CONTROL:
	case PKT3_CONTEXT_CONTROL: case PKT3_NUM_INSTANCES:
	case PKT3_PFP_SYNC_ME: case PKT3_SURFACE_SYNC: case PKT3_ME_INITIALIZE:
	case PKT3_PREAMBLE_CNTL: case PKT3_SET_ALU_CONST:
	case PKT3_SET_BOOL_CONST: case PKT3_SET_LOOP_CONST:
	case PKT3_SET_SAMPLER:
		return 0;
	case PKT3_DISPATCH_DIRECT:
	case PKT3_DISPATCH_INDIRECT:
		if (n < (op == PKT3_DISPATCH_DIRECT ? 4 : 2)) {
			hang(sim, s, "short-dispatch");
			return -1;
		}
		return dispatch(sim, s, op, b);
	case PKT3_SET_APPEND_CNT:
		if (set_append_cnt(sim, b, n)) {
			hang(sim, s, "set-append-cnt");
			return -1;
		}
		return 0;
	case PKT3_SET_CTL_CONST:
		/* latched like any state: a wait may read them back */
		if ((uint64_t)b[0] + n - 1 > sizeof(sim->ctl_consts) / 4) {
			hang(sim, s, "ctl-const-out-of-range");
			return -1;
		}
		memcpy(&sim->ctl_consts[b[0]], b + 1, 4 * (n - 1));
		return 0;
	case PKT3_SET_RESOURCE:
		/* the whole body, not only what was prefetched */
		for (i = 1; i < s_count(s); i++) {
			uint32_t slot = b[0] + i - 1;

			if (slot >= RESOURCE_DW) {
				hang(sim, s, "resource-out-of-range");
				return -1;
			}
			if (fetch(sim, s, 1 + i, &v)) {
				hang(sim, s, "fetch-fault");
				return -1;
			}
			sim->resources[slot] = v;
		}
		return 0;
	case PKT3_INDEX_TYPE:
		sim->cp.index_size = b[0] & 1 ? 4 : 2;
		return 0;
	case PKT3_SET_PREDICATION: {
		/*
		 * The CP reads the results the predicate depends on: a query's
		 * pairs (16 bytes per RB) or stream-out statistics (32 bytes).
		 * Packets run unconditionally: nothing here depends on them.
		 */
		uint32_t op = n < 2 ? 0 : (b[1] >> 16) & 7;

		if (!op)
			return 0;
		addr = (b[0] & ~15ull) | ((uint64_t)(b[1] & 0xff) << 32);
		if (op > 2 || fetch_range(sim, addr, op == 1 ? 16ull * sim->asic_rbs : 32)) {
			hang(sim, s, "predication-fetch");
			return -1;
		}
		return 0;
	}
	case PKT3_EVENT_WRITE:
		if (event_write(sim, b, n)) {
			hang(sim, s, "event-write");
			return -1;
		}
		return 0;
	case PKT3_COPY_DW: {
		uint64_t src = (b[1] & ~3ull) | ((uint64_t)(b[2] & 0xff) << 32);
		uint64_t dst = (b[3] & ~3ull) | ((uint64_t)(b[4] & 0xff) << 32);

		if (n < 5) {
			hang(sim, s, "short-copy-dw");
			return -1;
		}
		if (b[0] & 1) {
			if (sim_gpu_read(sim, src, &v, 4)) {
				hang(sim, s, "copy-dw-fault");
				return -1;
			}
		} else {
			v = cp_reg_read(sim, b[1] << 2);
		}
		if (b[0] & 2) {
			if (sim_gpu_write(sim, dst, &v, 4)) {
				hang(sim, s, "copy-dw-fault");
				return -1;
			}
		} else {
			cp_reg_write(sim, b[3] << 2, v);
		}
		return 0;
	}
	case PKT3_SET_BASE:
		if (n < 3 || (b[0] & 0xf) != 1) {
			hang(sim, s, "set-base");
			return -1;
		}
		sim->cp.draw_base = (b[1] & ~7ull) | (uint64_t)(b[2] & 0xff) << 32;
		return 0;
	case PKT3_INDEX_BASE:
		sim->cp.index_base = b[0] | (uint64_t)(b[1] & 0xff) << 32;
		return 0;
	case PKT3_INDEX_BUFFER_SIZE:
		sim->cp.index_count = b[0];
		return 0;
	case PKT3_DRAW_INDIRECT:
	case PKT3_DRAW_INDEX_INDIRECT: {
		/*
		 * The arguments from memory; an indexed draw may fetch any
		 * index up to INDEX_BUFFER_SIZE, the vertex fetches stay
		 * inside each vertex buffer's size.
		 */
		uint32_t args[5];
		bool indexed = op == PKT3_DRAW_INDEX_INDIRECT;

		if (sim_gpu_read(sim, sim->cp.draw_base + b[0], args, indexed ? 20 : 16) ||
		    (indexed && fetch_range(sim, sim->cp.index_base,
					    (uint64_t)sim->cp.index_count *
					    (sim->cp.index_size ? sim->cp.index_size : 2)))) {
			hang(sim, s, "draw-indirect-fetch");
			return -1;
		}
		return draw(sim, s, args[0]);
	}
	case PKT3_DRAW_INDEX_AUTO:
		return draw(sim, s, auto_vertices(sim, b, n));
	case PKT3_DRAW_INDEX_IMMD:
		return draw(sim, s, b[0]);
	case PKT3_DRAW_INDEX_2:
		/* MAX_SIZE, then DRAW_INDEX's operands */
		if (n < 5) {
			hang(sim, s, "short-draw-index-2");
			return -1;
		}
		addr = (b[1] & ~1ull) | ((uint64_t)(b[2] & 0xff) << 32);
		if (fetch_range(sim, addr, (uint64_t)b[3] *
				(sim->cp.index_size ? sim->cp.index_size : 2))) {
			hang(sim, s, "draw-index-fetch");
			return -1;
		}
		return draw(sim, s, b[3]);
	case PKT3_DRAW_INDEX_OFFSET_2: {
		/* INDEX_COUNT indices from INDEX_OFFSET on, at INDEX_BASE */
		uint32_t size = sim->cp.index_size ? sim->cp.index_size : 2;

		if (n < 4 || fetch_range(sim, sim->cp.index_base + (uint64_t)b[1] * size,
					 (uint64_t)b[2] * size)) {
			hang(sim, s, "draw-index-fetch");
			return -1;
		}
		return draw(sim, s, b[2]);
	}
	case PKT3_DRAW_INDEX: {
		/* the index fetch: every index read through the page table */
		uint64_t bytes = (uint64_t)b[2] * (sim->cp.index_size ? sim->cp.index_size : 2);

		addr = (b[0] & ~1ull) | ((uint64_t)(b[1] & 0xff) << 32);
		if (fetch_range(sim, addr, bytes)) {
			hang(sim, s, "draw-index-fetch");
			return -1;
		}
		return draw(sim, s, b[2]);
	}
	case PKT3_SET_CONFIG_REG:
		for (i = 1; i < n; i++) {
			uint32_t reg = 0x8000 + 4 * (b[0] + i - 1);

			if (reg >= PKT3_SET_CONFIG_REG_END) {
				hang(sim, s, "config-register-out-of-range");
				return -1;
			}
			/*
			 * Registers a model implements behave as from MMIO;
			 * the rest is 3D state the CP latches for draws.
			 */
			cp_reg_write(sim, reg, b[i]);
		}
		return 0;
	case PKT3_SET_CONTEXT_REG:
		if (b[0] + n - 1 > sizeof(sim->ctx_regs) / 4) {
			hang(sim, s, "context-register-out-of-range");
			return -1;
		}
		memcpy(&sim->ctx_regs[b[0]], b + 1, 4 * (n - 1));
		return 0;
	case PKT3_INDIRECT_BUFFER: {
		struct stream ib = {
			.base = (b[0] & ~3ull) | ((uint64_t)(b[1] & 0xff) << 32),
			.mask = ~0u, .pos = 0, .end = b[2] & 0xfffff,
		};

		if (n < 3 || sim->cp.depth) {
			hang(sim, s, n < 3 ? "short-indirect-buffer" : "nested-ib");
			return -1;
		}
		sim->cp.depth++;
		i = run_stream(sim, &ib);
		sim->cp.depth--;
		return i ? -1 : 0;
	}
	case PKT3_CP_DMA:
		if (n < 5 || cp_dma(sim, b)) {
			hang(sim, s, "cp-dma");
			return -1;
		}
		return 0;
	case PKT3_MEM_WRITE:
		addr = (b[0] & ~3ull) | ((uint64_t)(b[1] & 0xff) << 32);
		if (n < 4 || sim_gpu_write(sim, addr, &b[2], (b[1] & (1u << 18)) ? 4 : 8)) {
			hang(sim, s, "mem-write");
			return -1;
		}
		return 0;
	case PKT3_WAIT_REG_MEM:
		if (n < 6) {
			hang(sim, s, "short-wait-reg-mem");
			return -1;
		}
		addr = (b[1] & ~3ull) | ((uint64_t)(b[2] & 0xff) << 32);
		if (b[0] & (1u << 4)) {
			if (sim_gpu_read(sim, addr, &v, 4)) {
				hang(sim, s, "wait-reg-mem-fault");
				return -1;
			}
		} else {
			v = cp_reg_read(sim, b[1] << 2);
		}
		if (!wait_true(b[0] & 7, v & b[4], b[3])) {
			stall(sim, s, "wait-reg-mem-never-true");
			return -1;
		}
		return 0;
	case PKT3_STRMOUT_BUFFER_UPDATE:
		if (n < 5 || strmout_buffer_update(sim, b)) {
			hang(sim, s, "strmout-buffer-update");
			return -1;
		}
		return 0;
	case PKT3_EVENT_WRITE_EOS:
		/* a dword of data or of an append counter, or SIZE dwords of GDS (zeros here) */
		addr = b[1] | (uint64_t)(b[2] & 0xff) << 32;
		if (n < 4 || (b[2] >> 29 == 2 && sim_gpu_write(sim, addr, &b[3], 4)) ||
		    (b[2] >> 29 == 1 && store_range(sim, addr, 4ull * (b[3] >> 16))) ||
		    (b[2] >> 29 == 0 && eos_append(sim, addr, b[3])) || b[2] >> 29 > 2) {
			hang(sim, s, "eos-write");
			return -1;
		}
		return 0;
	case PKT3_EVENT_WRITE_EOP: {
		uint32_t data_sel = b[2] >> 29, int_sel = (b[2] >> 24) & 3;

		addr = (b[1] & ~3ull) | ((uint64_t)(b[2] & 0xff) << 32);
		if (n < 5 || (data_sel && eop_write(sim, addr, data_sel, &b[3]))) {
			hang(sim, s, "eop-write");
			return -1;
		}
		if (int_sel && (sim_reg_get(sim, CP_INT_CNTL) & TIME_STAMP_INT_ENABLE))
			sim_ih_raise(sim, IH_SRC_CP_EOP, 0);
		return 0;
	}
	default:
		return gen_type3(sim, s, op, b, n);
	}
}

static int run_packet(struct sim *sim, struct stream *s)
{
	uint32_t hdr, type, n, i, body[64];

	if (fetch(sim, s, 0, &hdr)) {
		hang(sim, s, "fetch-fault");
		return -1;
	}
	type = hdr >> 30;
	if (type == 2) {
		s->pos = (s->pos + 1) & s->mask;
		return 0;
	}
	n = ((hdr >> 16) & 0x3fff) + 1;
	if (type == 1 || avail(s) < n + 1) {
		hang(sim, s, type == 1 ? "type-1-packet" : "truncated-packet");
		return -1;
	}
	sim->stats.packets++;
	s->count = n;
	if (sim->trace)
		sim_log(sim, "pm4 at=%#llx hdr=%#x type=%u op=%#x count=%u",
			(unsigned long long)(s->base + 4ull * s->pos), hdr, type,
			(hdr >> 8) & 0xff, n);
	/* long bodies are only walked, never needed whole, by what is modelled */
	for (i = 0; i < n && i < 64; i++)
		if (fetch(sim, s, 1 + i, &body[i])) {
			hang(sim, s, "fetch-fault");
			return -1;
		}
	if (type == 0) {
		for (i = 0; i < n && i < 64; i++)
			sim_mmio_write(sim, ((hdr & 0xffff) << 2) + 4 * i, 4, body[i]);
	} else if (exec_type3(sim, s, (hdr >> 8) & 0xff, body, n < 64 ? n : 64)) {
		return -1;
	}
	s->pos = (s->pos + 1 + n) & s->mask;
	return 0;
}

static int run_stream(struct sim *sim, struct stream *s)
{
	while (s->pos != s->end)
		if (run_packet(sim, s))
			return -1;
	return 0;
}

/**
 * sim_cp_exec_ib() - run an indirect buffer as the CP would from its ring
 *
 * For host harnesses (the checker's fuzzer): no ring, no pointers, the
 * same interpreter. Returns 0, or -1 if the CP hung or stalled.
 */
int sim_cp_exec_ib(struct sim *sim, uint64_t addr, uint32_t ndw)
{
	struct stream ib = { .base = addr, .mask = ~0u, .pos = 0, .end = ndw };
	int ret;

	sim->cp.depth++;
	ret = run_stream(sim, &ib);
	sim->cp.depth--;
	return ret;
}

static bool cp_running(struct sim *sim)
{
	return !(sim_reg_get(sim, CP_ME_CNTL) & (CP_ME_HALT | CP_PFP_HALT)) &&
	       !sim->cp.hung && !sim->cp.hang_on_start;
}

void sim_cp_run(struct sim *sim)
{
	uint32_t size = ring_size_dw(sim);
	struct stream ring = {
		.base = (uint64_t)sim_reg_get(sim, CP_RB_BASE) << 8,
		.mask = size - 1,
		.pos = sim->cp.rptr & (size - 1),
		.end = sim_reg_get(sim, CP_RB_WPTR) & (size - 1),
	};
	uint64_t wb;

	if (!cp_running(sim) || ring.pos == ring.end)
		return;
	run_stream(sim, &ring);
	sim->cp.rptr = ring.pos;
	if (sim_reg_get(sim, CP_RB_CNTL) & RB_NO_UPDATE)
		return;
	wb = sim_reg_get(sim, CP_RB_RPTR_ADDR) |
	     (uint64_t)(sim_reg_get(sim, CP_RB_RPTR_ADDR_HI) & 0xff) << 32;
	sim_gpu_write(sim, wb, &sim->cp.rptr, 4);
}

static void wptr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim_cp_run(sim);
}

static void rptr_wr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (sim_reg_get(sim, CP_RB_CNTL) & RB_RPTR_WR_ENA)
		sim->cp.rptr = val;
}

static uint32_t rptr_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return sim->cp.rptr;
}

/* Resetting the CP clears a hang and its pointers. */
static void grbm_soft_reset_write(struct sim *sim, const struct sim_reg *reg,
				  uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (!(val & SOFT_RESET_CP))
		return;
	if (sim->cp.hung)
		sim_log(sim, "cp reset: hang cleared");
	sim->stats.cp_resets++;
	sim->cp.hung = false;
	sim->cp.rptr = 0;
	sim_reg_set(sim, GRBM_STATUS, 0);
}

#define STORE(off, name)	{ off, name, 0, NULL, NULL }

static const struct sim_reg cp_regs[] = {
	STORE(GRBM_STATUS, "GRBM_STATUS"),
	{ GRBM_SOFT_RESET, "GRBM_SOFT_RESET", 0, NULL, grbm_soft_reset_write },
	STORE(GRBM_INT_CNTL, "GRBM_INT_CNTL"),
	STORE(SCRATCH_UMSK, "SCRATCH_UMSK"),
	STORE(SCRATCH_ADDR, "SCRATCH_ADDR"),
	/* OFFSET_UPDATE_DONE: set by the stream-out flush, cleared by writes */
	STORE(CP_STRMOUT_CNTL, "CP_STRMOUT_CNTL"),
	STORE(CP_SEM_WAIT_TIMER, "CP_SEM_WAIT_TIMER"),
	STORE(CP_SEM_INCOMPLETE_TIMER_CNTL, "CP_SEM_INCOMPLETE_TIMER_CNTL"),
	{ CP_RB_RPTR, "CP_RB_RPTR", 0, rptr_read, NULL },
	STORE(CP_RB_WPTR_DELAY, "CP_RB_WPTR_DELAY"),
	STORE(CP_RB_BASE, "CP_RB_BASE"),
	STORE(CP_RB_CNTL, "CP_RB_CNTL"),
	{ CP_RB_RPTR_WR, "CP_RB_RPTR_WR", 0, NULL, rptr_wr_write },
	STORE(CP_RB_RPTR_ADDR, "CP_RB_RPTR_ADDR"),
	STORE(CP_RB_RPTR_ADDR_HI, "CP_RB_RPTR_ADDR_HI"),
	{ CP_RB_WPTR, "CP_RB_WPTR", 0, NULL, wptr_write },
	STORE(CP_INT_CNTL, "CP_INT_CNTL"),
	STORE(CP_INT_STATUS, "CP_INT_STATUS"),
	STORE(CP_DEBUG, "CP_DEBUG"),
};

const struct sim_block sim_evergreen_cp_block = {
	.name = "evergreen-cp",
	.regs = cp_regs,
	.nregs = sizeof(cp_regs) / sizeof(cp_regs[0]),
};
