// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the R6xx/R7xx command-stream checker, built from its own
 * source (the walker comes from ruby_cs_test.c, in the same module):
 * Mesa-shaped streams pass on both generations, and each rule refuses
 * what breaks it, for the reason it gives.
 */

#include <kunit/test.h>

#include "../r600/r600_cs.c"

#define W(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

/* The buffers of the streams below, by relocation index */
enum { BO_CB, BO_PGM, BO_VTX, BO_FENCE, BO_TEX, BO_DB, BO_CBUF, BO_COUNT };

static const struct rcs_bo r6_bos[BO_COUNT] = {
	[BO_CB] = { .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },
	[BO_PGM] = { .gpu_addr = 0x200000, .size = 4096 },
	[BO_VTX] = { .gpu_addr = 0x300000, .size = 1024 },
	[BO_FENCE] = { .gpu_addr = 0x12345000ull, .size = 4096, .write = true },
	[BO_TEX] = { .gpu_addr = 0x400000, .size = 64 * 64 * 4 },
	[BO_DB] = { .gpu_addr = 0x500000, .size = 64 * 64 * 2, .write = true },
	[BO_CBUF] = { .gpu_addr = 0x600000, .size = 512 },
};

/* 64x64 RGBA8, linear aligned; 16-bit depth 1D-tiled; a 64x64 RGBA8 texture */
#define CB_SIZE_64	((63u << 10) | 7)
#define CB_INFO_RGBA8	((0x1a << 2) | (RCS_ARRAY_LINEAR_ALIGNED << 8))
#define DB_INFO_Z16_1D	(1 | (RCS_ARRAY_1D_TILED_THIN1 << 15))
#define TEX_W0		(1 | (RCS_ARRAY_LINEAR_ALIGNED << 3) | (7 << 8) | (63u << 19))
#define TEX_W1		(63 | (0x1au << 26))

/* A stream being built */
struct r6_ib {
	u32 dw[160];
	u32 n;
};

static struct r6_ib *new_ib(struct kunit *test)
{
	struct r6_ib *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	return b;
}

static void put(struct r6_ib *b, const u32 *dw, u32 n)
{
	u32 i;

	for (i = 0; i < n && b->n < ARRAY_SIZE(b->dw); i++)
		b->dw[b->n++] = dw[i];
}

static void reloc(struct r6_ib *b, u32 bo)
{
	const u32 nop[] = { W(PKT3_NOP, 1), bo * 4 };

	put(b, nop, 2);
}

static void ctx1(struct r6_ib *b, u32 reg, u32 v)
{
	const u32 pkt[] = { W(PKT3_SET_CONTEXT_REG, 2), CTX_IDX(reg), v };

	put(b, pkt, 3);
}

static void cfg1(struct r6_ib *b, u32 reg, u32 v)
{
	const u32 pkt[] = { W(PKT3_SET_CONFIG_REG, 2), (reg - 0x8000) / 4, v };

	put(b, pkt, 3);
}

/* A packet and the relocation(s) that follow it */
static void pkt(struct r6_ib *b, const u32 *dw, u32 n, int bo1, int bo2)
{
	put(b, dw, n);
	if (bo1 >= 0)
		reloc(b, bo1);
	if (bo2 >= 0)
		reloc(b, bo2);
}

/* What a Mesa triangle sets up: a colour buffer, programs, a vertex buffer */
static void triangle_state(struct r6_ib *b)
{
	static const u32 vtx[] = { W(PKT3_SET_RESOURCE, 8), 160 * 7, 0, 1023, 16 << 8,
				   0, 0, 0, 3u << 30 };

	ctx1(b, R600_CB_COLOR0_BASE, 0);
	reloc(b, BO_CB);
	ctx1(b, R600_CB_COLOR0_SIZE, CB_SIZE_64);
	ctx1(b, R600_CB_COLOR0_VIEW, 0);
	ctx1(b, R600_CB_COLOR0_INFO, CB_INFO_RGBA8);
	ctx1(b, R600_CB_TARGET_MASK, 0xf);
	ctx1(b, R600_SQ_PGM_START_VS, 0);
	reloc(b, BO_PGM);
	ctx1(b, R600_SQ_PGM_START_PS, 1);
	reloc(b, BO_PGM);
	ctx1(b, R600_SQ_PGM_START_FS, 2);
	reloc(b, BO_PGM);
	cfg1(b, 0x8958, 4);
	pkt(b, vtx, ARRAY_SIZE(vtx), BO_VTX, -1);
}

/* The draw and the fence after it: this many dwords, its relocation's included */
#define DRAW_AND_FENCE_DW	13
static void draw_and_fence(struct r6_ib *b)
{
	static const u32 draw[] = { W(PKT3_INDEX_TYPE, 1), 0, W(PKT3_DRAW_INDEX_AUTO, 2), 3, 2,
				    W(PKT3_EVENT_WRITE_EOP, 5), 0x14, 0, 1u << 29, 1, 0 };

	pkt(b, draw, ARRAY_SIZE(draw), BO_FENCE, -1);
}

/* A triangle with one more register set before its draw */
static struct r6_ib *triangle_with(struct kunit *test, u32 reg, u32 v)
{
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	ctx1(b, reg, v);
	draw_and_fence(b);
	return b;
}

static struct rcs_parser *new_parser(struct kunit *test)
{
	struct rcs_parser *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	return p;
}

/* Check a copy of @src (the checker patches it) on @gen */
static int run_on(struct kunit *test, struct rcs_parser *p, const struct rcs_gen *gen,
		  const u32 *src, u32 ndw)
{
	u32 *ib = kunit_kmalloc_array(test, ndw, sizeof(u32), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ib);
	memcpy(ib, src, ndw * sizeof(u32));
	*p = (struct rcs_parser){ .ib = ib, .ndw = ndw, .bos = r6_bos, .nbos = BO_COUNT,
				  .gen = gen, .num_pipes = 2, .num_banks = 4,
				  .keep_tiling = true };
	return rcs_check(p);
}

/* The same, expected refused for @why with @val on both generations */
static void refused(struct kunit *test, const u32 *src, u32 ndw, const char *why, u64 val)
{
	const struct rcs_gen *gens[] = { &rcs_r600, &rcs_r700 };
	struct rcs_parser *p = new_parser(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(gens); i++) {
		KUNIT_EXPECT_EQ(test, run_on(test, p, gens[i], src, ndw), -1);
		KUNIT_EXPECT_STREQ(test, p->err, why);
		KUNIT_EXPECT_EQ(test, p->err_val, val);
	}
}

static void refused_ib(struct kunit *test, const struct r6_ib *b, const char *why, u64 val)
{
	refused(test, b->dw, b->n, why, val);
}

static void r600_cs_triangle(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->err, (const char *)NULL);
	/* relocated: the colour buffer (256-byte units) and the fence */
	KUNIT_EXPECT_EQ(test, p->ib[2], 0x100000u >> 8);
	KUNIT_EXPECT_EQ(test, p->ib[b->n - 6], 0x12345000u);
	/* no ring of its own: nothing for the kernel to point back */
	KUNIT_EXPECT_FALSE(test, p->rings_set);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
}

static void r600_cs_textured_depth(struct kunit *test)
{
	static const u32 tex[] = { W(PKT3_SET_RESOURCE, 8), 0, TEX_W0, TEX_W1, 0, 0, 0, 0,
				   2u << 30 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	pkt(b, tex, ARRAY_SIZE(tex), BO_TEX, BO_TEX);
	ctx1(b, R600_DB_DEPTH_BASE, 0);
	reloc(b, BO_DB);
	ctx1(b, R600_DB_DEPTH_SIZE, CB_SIZE_64);
	ctx1(b, R600_DB_DEPTH_VIEW, 0);
	ctx1(b, R600_DB_DEPTH_INFO, DB_INFO_Z16_1D);
	ctx1(b, R600_SQ_ALU_CONST_CACHE_PS_0, 0);
	reloc(b, BO_CBUF);
	ctx1(b, R600_SQ_ALU_CONST_BUFFER_SIZE_PS_0, 2);
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->err, (const char *)NULL);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
}

/* Draws: programs, colour buffers */
static void r600_cs_draw_rules(struct kunit *test)
{
	struct r6_ib *b = new_ib(test);

	ctx1(b, R600_SQ_PGM_START_VS, 0);
	reloc(b, BO_PGM);
	ctx1(b, R600_SQ_PGM_START_PS, 1);
	reloc(b, BO_PGM);
	draw_and_fence(b);
	refused_ib(test, b, "draw without its VS, PS and FS programs", 0);
	refused_ib(test, triangle_with(test, R600_CB_COLOR0_SIZE, (64u << 10) | 7),
		   "access past the end of the buffer", 0);
	b = new_ib(test);
	triangle_state(b);
	ctx1(b, R600_CB_TARGET_MASK, 0xff);
	ctx1(b, R600_CB_COLOR0_INFO + 4, CB_INFO_RGBA8);
	draw_and_fence(b);
	refused_ib(test, b, "colour buffer without a buffer", 1);
	refused_ib(test, triangle_with(test, R600_CB_COLOR0_INFO, (0x21 << 2) | (1 << 8)),
		   "colour buffer format", 0x21);
	refused_ib(test, triangle_with(test, R600_CB_COLOR0_INFO, (0x1a << 2) | (7 << 8)),
		   "colour buffer tiling not supported", 7);
	refused_ib(test, triangle_with(test, R600_CB_COLOR0_INFO, CB_INFO_RGBA8 | (1 << 18)),
		   "CMASK without a buffer", 0);
	/* two samples a pixel: twice the bytes */
	refused_ib(test, triangle_with(test, R600_PA_SC_AA_CONFIG, 1),
		   "access past the end of the buffer", 0);
}

/* A 2D colour buffer: whole macro tiles (8 x 4 banks by 8 x 2 pipes) */
static void r600_cs_2d_target_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = new_ib(test);

	/* 32x16 pixels: one macro tile of 4-byte pixels, 2 KiB */
	triangle_state(b);
	ctx1(b, R600_CB_COLOR0_SIZE, (7u << 10) | 3);
	ctx1(b, R600_CB_COLOR0_INFO, (0x1a << 2) | (RCS_ARRAY_2D_TILED_THIN1 << 8));
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	/* 24 pixels wide: not a whole macro tile */
	b = new_ib(test);
	triangle_state(b);
	ctx1(b, R600_CB_COLOR0_SIZE, (5u << 10) | 2);
	ctx1(b, R600_CB_COLOR0_INFO, (0x1a << 2) | (RCS_ARRAY_2D_TILED_THIN1 << 8));
	draw_and_fence(b);
	refused_ib(test, b, "2D surface not in whole macro tiles", 24);
}

/* A triangle with a depth buffer of DB_DEPTH_SIZE @size, @info in BO_DB */
static struct r6_ib *depth_sized(struct kunit *test, u32 size, u32 info)
{
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	ctx1(b, R600_DB_DEPTH_BASE, 0);
	reloc(b, BO_DB);
	ctx1(b, R600_DB_DEPTH_SIZE, size);
	ctx1(b, R600_DB_DEPTH_INFO, info);
	draw_and_fence(b);
	return b;
}

/* The same, 64x64 */
static struct r6_ib *depth_with(struct kunit *test, u32 info)
{
	return depth_sized(test, CB_SIZE_64, info);
}

/* Depth: tiling, buffer, HTILE */
static void r600_cs_depth_rules(struct kunit *test)
{
	refused_ib(test, triangle_with(test, R600_DB_DEPTH_INFO, 1),
		   "depth buffer tiling not supported", 0);
	refused_ib(test, triangle_with(test, R600_DB_DEPTH_INFO, DB_INFO_Z16_1D),
		   "depth buffer without a buffer", 0);
	/* 32-bit depth needs twice the 16-bit buffer */
	refused_ib(test, depth_with(test, 6 | (RCS_ARRAY_1D_TILED_THIN1 << 15)),
		   "access past the end of the buffer", 0);
	refused_ib(test, depth_with(test, DB_INFO_Z16_1D | BIT(25)), "HTILE without a buffer", 0);
}

/*
 * Targets in whole rows of their pitch alignment and whole tiles: linear
 * aligned rows are 64 pixels apart at least; 16-bit 1D tiles take rows of
 * 16 pixels and slices of 8 rows. Anything else is not the layout the
 * bound assumed.
 */
static void r600_cs_pitch_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = depth_sized(test, (1u << 10) | 1, DB_INFO_Z16_1D);	/* 16 x 8 */

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->err, (const char *)NULL);
	refused_ib(test, triangle_with(test, R600_CB_COLOR0_SIZE, (63u << 10) | 3),
		   "surface not in whole rows and tiles", 32);
	refused_ib(test, depth_sized(test, (2u << 10) | 2, DB_INFO_Z16_1D),	/* rows of 24 */
		   "surface not in whole rows and tiles", 24);
	refused_ib(test, depth_sized(test, 1, DB_INFO_Z16_1D),	/* 16 x 4 */
		   "surface not in whole rows and tiles", 16);
}

/*
 * A 16-bit 1D depth buffer of DB_DEPTH_SIZE @size and DB_DEPTH_VIEW @view
 * in BO_DB, with its HTILE (DB_HTILE_SURFACE @surface) at @htile there
 */
static struct r6_ib *htile_ib(struct kunit *test, u32 size, u32 view, u32 surface, u32 htile)
{
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	ctx1(b, R600_DB_DEPTH_BASE, 0);
	reloc(b, BO_DB);
	ctx1(b, R600_DB_DEPTH_SIZE, size);
	ctx1(b, R600_DB_DEPTH_VIEW, view);
	ctx1(b, R600_DB_DEPTH_INFO, DB_INFO_Z16_1D | R600_DB_TILE_SURFACE_ENABLE);
	ctx1(b, R600_DB_HTILE_DATA_BASE, htile >> 8);
	reloc(b, BO_DB);
	ctx1(b, R600_DB_HTILE_SURFACE, surface);
	draw_and_fence(b);
	return b;
}

/* 64x64, one slice, HTILE at 0 */
static struct r6_ib *htile_with(struct kunit *test, u32 surface)
{
	return htile_ib(test, CB_SIZE_64, 0, surface, 0);
}

/*
 * HTILE of 8x8 tiles only: the bound is a dword per 8x8 pixels, and a
 * 4x4 HTILE (HTILE_WIDTH or HTILE_HEIGHT clear) takes up to four times it
 */
static void r600_cs_htile_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = htile_with(test, R600_HTILE_8X8);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	refused_ib(test, htile_with(test, 0), "HTILE of 4-pixel tiles not supported", 0);
	refused_ib(test, htile_with(test, 1), "HTILE of 4-pixel tiles not supported", 1);
	refused_ib(test, htile_with(test, 2 | R600_HTILE_LINEAR),
		   "HTILE of 4-pixel tiles not supported", 6);
}

/*
 * HTILE, a slice's after the other: two slices of 32x64 16-bit depth (4
 * KiB each, 8 KiB of BO_DB) take two 4 KiB HTILEs (two pipes), which
 * must fit in BO_DB from DB_HTILE_DATA_BASE
 */
static struct r6_ib *htile_slices_at(struct kunit *test, u32 htile)
{
	return htile_ib(test, (31u << 10) | 3, 1u << 13, R600_HTILE_8X8, htile);
}

static void r600_cs_htile_slices(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = htile_slices_at(test, 0);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->err, (const char *)NULL);
	refused_ib(test, htile_slices_at(test, 4096), "access past the end of the buffer", 4096);
}

/*
 * What a geometry draw (scenario G) of Mesa's sets up besides a triangle:
 * the ES and GS programs and the two rings, as @esgs_size and
 * @gsvs_size (256-byte units) at @esgs and @gsvs (bytes) in BO_FENCE
 */
static void gs_state(struct r6_ib *b, u32 esgs, u32 esgs_size, u32 gsvs, u32 gsvs_size)
{
	ctx1(b, R600_SQ_PGM_START_ES, 3);
	reloc(b, BO_PGM);
	ctx1(b, R600_SQ_PGM_START_GS, 4);
	reloc(b, BO_PGM);
	cfg1(b, R600_SQ_ESGS_RING_BASE, esgs >> 8);
	reloc(b, BO_FENCE);
	cfg1(b, R600_SQ_ESGS_RING_BASE + 4, esgs_size);
	cfg1(b, R600_SQ_ESGS_RING_BASE + 8, gsvs >> 8);
	reloc(b, BO_FENCE);
	cfg1(b, R600_SQ_GSVS_RING_SIZE, gsvs_size);
	ctx1(b, R600_VGT_GS_MODE, R600_GS_SCENARIO_G | (3 << 3));
}

/*
 * A geometry draw with its rings at @esgs and @gsvs in BO_FENCE, 2 KiB
 * each; where gs_state() started in *@at
 */
static struct r6_ib *gs_draw_at(struct kunit *test, u32 esgs, u32 gsvs, u32 *at)
{
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	*at = b->n;
	gs_state(b, esgs, 8, gsvs, 8);
	draw_and_fence(b);
	return b;
}

/*
 * Geometry: scenario A (the VS passes primitive ids) and off need nothing;
 * G needs the ES and GS programs and both rings, relocated in the same
 * stream, each whole in a writable buffer; B is refused
 */
static void r600_cs_geometry_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = triangle_with(test, R600_VGT_GS_MODE, R600_GS_SCENARIO_A);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	b = triangle_with(test, R600_VGT_GS_MODE, 0);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	refused_ib(test, triangle_with(test, R600_VGT_GS_MODE, R600_GS_SCENARIO_B),
		   "geometry scenario not supported", R600_GS_SCENARIO_B);
	/* no programs, no rings */
	refused_ib(test, triangle_with(test, R600_VGT_GS_MODE, 3 | (2 << 3)),
		   "geometry draw without its ES and GS programs", 3 | (2 << 3));
}

/* Where gs_state() puts things, from where it starts */
#define GS_PGM_GS	5	/* SET_CONTEXT_REG of SQ_PGM_START_GS and its relocation */
#define GS_ESGS_BASE	12	/* the ES->GS ring's base, then its relocation NOP */
#define GS_GSVS_BASE_PKT 18	/* SET_CONFIG_REG of the GS->VS ring's base, its relocation */
#define GS_GSVS_BASE	20

/* Scenario G with both rings: accepted, relocated, and each bounded */
static void r600_cs_gs_rings(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	u32 at;
	struct r6_ib *b = gs_draw_at(test, 0, 2048, &at);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	/* the bases, relocated into BO_FENCE (256-byte units) */
	KUNIT_EXPECT_EQ(test, p->ib[at + GS_ESGS_BASE], 0x12345000u >> 8);
	KUNIT_EXPECT_EQ(test, p->ib[at + GS_GSVS_BASE], (0x12345000u + 2048) >> 8);
	/* either ring's last 256 bytes past the end of the 4 KiB buffer */
	refused_ib(test, gs_draw_at(test, 0, 4096 - 1792, &at),
		   "access past the end of the buffer", 4096 - 1792);
	refused_ib(test, gs_draw_at(test, 4096 - 1792, 0, &at),
		   "access past the end of the buffer", 4096 - 1792);
	/* the rings take their buffer's write access */
	b = gs_draw_at(test, 0, 2048, &at);
	b->dw[at + GS_ESGS_BASE + 2] = BO_PGM * 4;
	refused_ib(test, b, "write to a buffer relocated read-only", 0);
}

/* A geometry draw of gs_state()'s with @n dwords from @from made a NOP */
static struct r6_ib *gs_without(struct kunit *test, u32 from, u32 n)
{
	u32 at;
	struct r6_ib *b = gs_draw_at(test, 0, 2048, &at);

	b->dw[at + from] = W(PKT3_NOP, n - 1);
	return b;
}

/* Scenario G missing each thing it needs, refused for it */
static void r600_cs_gs_refusals(struct kunit *test)
{
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	gs_state(b, 0, 0, 2048, 8);
	draw_and_fence(b);
	refused_ib(test, b, "draw with a shader ring of size 0", 0);
	/* the GS->VS ring's size with no base */
	refused_ib(test, gs_without(test, GS_GSVS_BASE_PKT, 5),
		   "geometry draw without its shader ring", 1);
	refused_ib(test, gs_without(test, GS_PGM_GS, 5),
		   "geometry draw without its ES and GS programs", R600_GS_SCENARIO_G | (3 << 3));
}

/*
 * The ring registers: the geometry and scratch rings' (ES, GS, VS, PS),
 * each base with its relocation; the FBUF and REDUC rings' stay refused,
 * and so does a run out of the window
 */
static void r600_cs_ring_register_rules(struct kunit *test)
{
	static const u32 run[] = { W(PKT3_SET_CONFIG_REG, 5), (0x8c40 - 0x8000) / 4, 0, 8, 0, 8,
				   W(PKT3_NOP, 1), BO_FENCE * 4, W(PKT3_NOP, 1), BO_FENCE * 4 };
	static const u32 no_reloc[] = { W(PKT3_SET_CONFIG_REG, 2), (0x8c40 - 0x8000) / 4, 0 };
	/* all six rings in one run, bases relocated in order, then FBUF's base */
	static const u32 six[] = { W(PKT3_SET_CONFIG_REG, 13), (0x8c40 - 0x8000) / 4,
				   0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
				   W(PKT3_NOP, 1), BO_FENCE * 4, W(PKT3_NOP, 1), BO_FENCE * 4,
				   W(PKT3_NOP, 1), BO_FENCE * 4, W(PKT3_NOP, 1), BO_FENCE * 4,
				   W(PKT3_NOP, 1), BO_FENCE * 4, W(PKT3_NOP, 1), BO_FENCE * 4 };
	static const u32 fbuf[] = { W(PKT3_SET_CONFIG_REG, 9), (0x8c54 - 0x8000) / 4,
				    1, 0, 1, 0, 1, 0, 1, 0,
				    W(PKT3_NOP, 1), BO_FENCE * 4, W(PKT3_NOP, 1), BO_FENCE * 4,
				    W(PKT3_NOP, 1), BO_FENCE * 4 };
	static const u32 before[] = { W(PKT3_SET_CONFIG_REG, 3), (0x8c3c - 0x8000) / 4, 0, 8 };
	struct rcs_parser *p = new_parser(test);
	u32 *past = kunit_kzalloc(test, 0x3001 * sizeof(u32), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, past);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, run, ARRAY_SIZE(run)), 0);
	KUNIT_EXPECT_EQ(test, p->track.r600.ring_size[1], 8);
	KUNIT_EXPECT_PTR_EQ(test, p->track.r600.ring[1].bo, &r6_bos[BO_FENCE]);
	/* the kernel points the rings back at its own after the stream */
	KUNIT_EXPECT_TRUE(test, p->rings_set);
	refused(test, no_reloc, ARRAY_SIZE(no_reloc), "relocation NOP missing",
		PKT3_SET_CONFIG_REG);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, six, ARRAY_SIZE(six)), 0);
	KUNIT_EXPECT_EQ(test, p->track.r600.ring_size[R6_RING_PSTMP], 6);
	KUNIT_EXPECT_PTR_EQ(test, p->track.r600.ring[R6_RING_PSTMP].bo, &r6_bos[BO_FENCE]);
	KUNIT_EXPECT_EQ(test, p->ib[12], (0x12345000u >> 8) + 5);
	KUNIT_EXPECT_TRUE(test, p->rings_set);
	refused(test, fbuf, ARRAY_SIZE(fbuf), "register not allowed", 0x8c70);
	refused(test, before, ARRAY_SIZE(before), "register not allowed", 0x8c3c);
	/* a run from the ES->GS ring's base to past the config window */
	past[0] = W(PKT3_SET_CONFIG_REG, 0x3000);
	past[1] = (0x8c40 - 0x8000) / 4;
	refused(test, past, 0x3001, "register outside the packet's window",
		0x8c40 + 4 * (0x3000 - 2));
}

/* CLEAR_STATE leaves the rings, config registers, as the GPU does */
static void r600_cs_gs_rings_after_clear_state(struct kunit *test)
{
	static const u32 clear[] = { W(PKT3_CLEAR_STATE, 1), 0 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = new_ib(test);

	cfg1(b, R600_SQ_ESGS_RING_BASE, 0);
	reloc(b, BO_FENCE);
	cfg1(b, R600_SQ_ESGS_RING_BASE + 4, 8);
	put(b, clear, ARRAY_SIZE(clear));
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->track.r600.ring[0].bo, &r6_bos[BO_FENCE]);
	KUNIT_EXPECT_EQ(test, p->track.r600.ring_size[0], 8);
	KUNIT_EXPECT_EQ(test, p->track.r600.target_mask, 0xffffffff);
}

/*
 * The item sizes: the geometry rings' are values, and so are the scratch
 * rings' until a draw runs a stage that spills with no ring; FBUF's and
 * REDUC's only 0. Mesa sets all nine at once.
 */
static void r600_cs_ring_itemsize_rules(struct kunit *test)
{
	static const u32 mesa[] = { W(PKT3_SET_CONTEXT_REG, 10), CTX_IDX(0x288a8),
				    4, 8, 0, 0, 0, 0, 0, 0, 4 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	put(b, mesa, ARRAY_SIZE(mesa));
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	b = triangle_with(test, R600_SQ_GS_VERT_ITEMSIZE, 1);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	/* the ES does not run without a geometry shader: its item size is a value */
	b = triangle_with(test, 0x288b0, 4);			/* SQ_ESTMP_RING_ITEMSIZE */
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	refused_ib(test, triangle_with(test, 0x288b8, 1),	/* SQ_VSTMP_RING_ITEMSIZE */
		   "shader ring item size without a ring", 0x288b8);
	refused_ib(test, triangle_with(test, 0x288c4, 1),	/* SQ_REDUC_RING_ITEMSIZE */
		   "shader ring item size without a ring", 0x288c4);
	refused_ib(test, triangle_with(test, 0x288c0, 1),	/* SQ_FBUF_RING_ITEMSIZE */
		   "shader ring item size without a ring", 0x288c0);
}

/*
 * Scratch ring @n (0: ES .. 3: PS) as Mesa sets it up for a stage that
 * spills: its base (@at bytes into BO_FENCE, relocated), the item size,
 * the ring's @size (256-byte units)
 */
static void scratch_state(struct r6_ib *b, u32 n, u32 at, u32 item, u32 size)
{
	cfg1(b, 0x8c50 + 8 * n, at >> 8);
	reloc(b, BO_FENCE);
	ctx1(b, R600_SQ_ESTMP_RING_ITEMSIZE + 4 * n, item);
	cfg1(b, 0x8c54 + 8 * n, size);
}

/* A triangle whose VS (n 2) or PS (n 3) spills to its scratch ring */
static struct r6_ib *scratch_draw(struct kunit *test, u32 n, u32 at, u32 item, u32 size)
{
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	scratch_state(b, n, at, item, size);
	draw_and_fence(b);
	return b;
}

/* Where scratch_state() puts the ring's base and its relocation's index */
#define SCRATCH_BASE	2
#define SCRATCH_RELOC	4
#define SCRATCH_DW	11

/*
 * The VS and PS scratch rings, as Mesa spills a big temporary array:
 * accepted with the ring relocated, and each ring whole in a writable
 * buffer of the stream's
 */
static void r600_cs_scratch_rings(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b;
	u32 n, at;

	for (n = 2; n <= 3; n++) {
		b = scratch_draw(test, n, 1024, 16, 12);
		KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
		KUNIT_EXPECT_NULL(test, p->err);
		KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
		KUNIT_EXPECT_PTR_EQ(test, p->track.r600.ring[R6_RING_ESTMP + n].bo,
				    &r6_bos[BO_FENCE]);
	}
	/* the base relocated into BO_FENCE, in 256-byte units */
	b = scratch_draw(test, 3, 1024, 16, 12);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	at = b->n - DRAW_AND_FENCE_DW - SCRATCH_DW;
	KUNIT_EXPECT_EQ(test, p->ib[at + SCRATCH_BASE], (0x12345000u + 1024) >> 8);
	/* the ring's last 256 bytes past the end of the 4 KiB buffer */
	refused_ib(test, scratch_draw(test, 3, 1024, 16, 13),
		   "access past the end of the buffer", 1024);
	refused_ib(test, scratch_draw(test, 2, 4096 - 256, 1, 2),
		   "access past the end of the buffer", 4096 - 256);
	/* the ring takes its buffer's write access */
	b = scratch_draw(test, 3, 0, 16, 4);
	b->dw[b->n - DRAW_AND_FENCE_DW - SCRATCH_DW + SCRATCH_RELOC] = BO_PGM * 4;
	refused_ib(test, b, "write to a buffer relocated read-only", 0);
	/* a spilling stage with a ring of size 0 */
	refused_ib(test, scratch_draw(test, 3, 0, 16, 0),
		   "draw with a shader ring of size 0", R6_RING_PSTMP);
	/* a ring set but no stage spilling: nothing reaches it, it is not bounded */
	b = scratch_draw(test, 3, 4096 - 256, 0, 64);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
}

/*
 * The item size of a stage without its ring: refused at the draw, with the
 * item size's register; the ES and GS spill only in scenario G, where
 * their rings are bounded as the VS's
 */
static void r600_cs_scratch_refusals(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	u32 at;
	struct r6_ib *b;

	/* the VS's item size, the PS's ring */
	b = triangle_with(test, R600_SQ_ESTMP_RING_ITEMSIZE + 8, 16);
	b->n -= DRAW_AND_FENCE_DW;
	scratch_state(b, 3, 0, 16, 4);
	draw_and_fence(b);
	refused_ib(test, b, "shader ring item size without a ring",
		   R600_SQ_ESTMP_RING_ITEMSIZE + 8);
	/* the GS spills in scenario G, its ring unset */
	b = gs_draw_at(test, 0, 2048, &at);
	b->n -= DRAW_AND_FENCE_DW;
	ctx1(b, R600_SQ_ESTMP_RING_ITEMSIZE + 4, 16);
	draw_and_fence(b);
	refused_ib(test, b, "shader ring item size without a ring",
		   R600_SQ_ESTMP_RING_ITEMSIZE + 4);
	/* the ES's ring, set, but past the end of its buffer */
	b = gs_draw_at(test, 0, 1024, &at);
	b->n -= DRAW_AND_FENCE_DW;
	scratch_state(b, 0, 2048, 16, 9);
	draw_and_fence(b);
	refused_ib(test, b, "access past the end of the buffer", 2048);
	/* and inside it: accepted */
	b = gs_draw_at(test, 0, 1024, &at);
	b->n -= DRAW_AND_FENCE_DW;
	scratch_state(b, 0, 2048, 16, 8);
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
}

/*
 * CLEAR_STATE returns the item sizes to 0 and leaves the rings (config
 * registers): a ring set before it still bounds a spilling stage after it
 */
static void r600_cs_scratch_after_clear_state(struct kunit *test)
{
	static const u32 clear[] = { W(PKT3_CLEAR_STATE, 1), 0 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = new_ib(test);

	scratch_state(b, 3, 0, 16, 4);
	put(b, clear, ARRAY_SIZE(clear));
	triangle_state(b);
	ctx1(b, R600_SQ_ESTMP_RING_ITEMSIZE + 12, 16);
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	KUNIT_EXPECT_EQ(test, p->track.r600.ring_size[R6_RING_PSTMP], 4);
	/* the item size set before CLEAR_STATE is gone with it */
	b = new_ib(test);
	ctx1(b, R600_SQ_ESTMP_RING_ITEMSIZE + 12, 16);
	put(b, clear, ARRAY_SIZE(clear));
	triangle_state(b);
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_EQ(test, p->track.r600.scratch_item[3], 0);
}

/* Constant buffers and resources */
static void r600_cs_resource_rules(struct kunit *test)
{
	static const u32 long_res[] = {
		W(PKT3_SET_RESOURCE, 9), 0, 0, 1023, 0, 0, 0, 0, 3u << 30, 0,
	};
	static const u32 between[] = {
		W(PKT3_SET_RESOURCE, 8), 3, 0, 1023, 0, 0, 0, 0, 3u << 30, W(PKT3_NOP, 1), 8,
	};
	static const u32 big_vtx[] = {
		W(PKT3_SET_RESOURCE, 8), 7, 0, 1024, 0, 0, 0, 0, 3u << 30, W(PKT3_NOP, 1), 8,
	};
	/* a BC6 texture; one of 65 rows; a mip level 64 KiB into its buffer; 2 samples */
	static const u32 tex[][9] = {
		{ W(PKT3_SET_RESOURCE, 8), 0, TEX_W0, 63 | (0x36u << 26), 0, 0, 0, 0, 2u << 30 },
		{ W(PKT3_SET_RESOURCE, 8), 0, TEX_W0, TEX_W1 + 1, 0, 0, 0, 0, 2u << 30 },
		{ W(PKT3_SET_RESOURCE, 8), 0, TEX_W0, TEX_W1, 0, 0x100, 0, 1, 2u << 30 },
		{ W(PKT3_SET_RESOURCE, 8), 0, (TEX_W0 & ~7u) | 6, TEX_W1, 0, 0, 0, 1, 2u << 30 },
	};
	static const char *const why[] = {
		"texture format", "access past the end of the buffer",
		"access past the end of the buffer", "access past the end of the buffer",
	};
	static const u64 val[] = { 0x36, 0, 0x10000, 0 };
	struct r6_ib *b = new_ib(test);
	unsigned int i;

	triangle_state(b);
	ctx1(b, R600_SQ_ALU_CONST_BUFFER_SIZE_PS_0 + 0x44, 1);
	draw_and_fence(b);
	refused_ib(test, b, "constant buffer without a base", 17);
	b = new_ib(test);
	triangle_state(b);
	ctx1(b, R600_SQ_ALU_CONST_CACHE_PS_0, 0);
	reloc(b, BO_CBUF);
	ctx1(b, R600_SQ_ALU_CONST_BUFFER_SIZE_PS_0, 3);
	draw_and_fence(b);
	refused_ib(test, b, "access past the end of the buffer", 0);
	refused(test, long_res, ARRAY_SIZE(long_res), "resource of the wrong size", 8);
	refused(test, between, ARRAY_SIZE(between), "resource not on a descriptor", 3);
	refused(test, big_vtx, ARRAY_SIZE(big_vtx), "access past the end of the buffer", 0);
	for (i = 0; i < ARRAY_SIZE(tex); i++) {
		b = new_ib(test);
		pkt(b, tex[i], ARRAY_SIZE(tex[i]), BO_TEX, BO_TEX);
		refused_ib(test, b, why[i], val[i]);
	}
}

/*
 * A 64x16 RGBA8 linear multisampled texture (@dim), words 3 to 5 (mip
 * address, BASE_LEVEL, LAST_LEVEL and LAST_ARRAY) as given, in BO_TEX
 */
static struct r6_ib *msaa_tex(struct kunit *test, u32 dim, u32 w3, u32 w4, u32 w5)
{
	const u32 tex[] = { W(PKT3_SET_RESOURCE, 8), 0, (TEX_W0 & ~7u) | dim, 15 | (0x1au << 26),
			    0, w3, w4, w5, 2u << 30 };
	struct r6_ib *b = new_ib(test);

	pkt(b, tex, ARRAY_SIZE(tex), BO_TEX, BO_TEX);
	return b;
}

/*
 * Multisampled textures: level 0 holds every sample (LAST_LEVEL: log2 of
 * them), every slice; the mip address is relocated and reaches nothing
 */
static void r600_cs_msaa_textures(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	/* 64 x 16 x 4 samples x 4 bytes: BO_TEX's 16 KiB exactly */
	struct r6_ib *b = msaa_tex(test, DIM_2D_MSAA, 0x30, 0, 2);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	/* both addresses relocated (256-byte units) */
	KUNIT_EXPECT_EQ(test, p->ib[4], 0x400000u >> 8);
	KUNIT_EXPECT_EQ(test, p->ib[5], (0x400000u >> 8) + 0x30);
	b = msaa_tex(test, DIM_2D_MSAA + 1, 0, 0, 2);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	/* eight samples; two slices of an array */
	refused_ib(test, msaa_tex(test, DIM_2D_MSAA, 0, 0, 3),
		   "access past the end of the buffer", 0);
	refused_ib(test, msaa_tex(test, DIM_2D_MSAA + 1, 0, 0, 2 | (1 << 17)),
		   "access past the end of the buffer", 0);
	refused_ib(test, msaa_tex(test, DIM_2D_MSAA, 0x41, 0, 2),
		   "access past the end of the buffer", 0x4100);
	refused_ib(test, msaa_tex(test, DIM_2D_MSAA, 0, 0, 4),
		   "multisampled texture of too many samples", 4);
	refused_ib(test, msaa_tex(test, DIM_2D_MSAA + 1, 0, 1u << 28, 1),
		   "multisampled texture with a base level", 1);
}

/* A 32x32 RGBA8 2D-tiled texture, levels 1 to 5 at @mip in BO_TEX */
static struct r6_ib *tex_2d_mips_at(struct kunit *test, u32 mip)
{
	const u32 tex[] = { W(PKT3_SET_RESOURCE, 8), 0,
			    1 | (RCS_ARRAY_2D_TILED_THIN1 << 3) | (3 << 8) | (31u << 19),
			    31 | (0x1au << 26), 0, mip >> 8, 0, 5, 2u << 30 };
	struct r6_ib *b = new_ib(test);

	pkt(b, tex, ARRAY_SIZE(tex), BO_TEX, BO_TEX);
	return b;
}

/*
 * 2D mip levels smaller than a macro tile (32x16 pixels here) are stored
 * 1D-tiled: levels 1-5 of a 32x32 texture take 1 KiB + 4 x 256 bytes,
 * as Mesa lays them out, not five macro tiles
 */
static void r600_cs_2d_small_mips(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = tex_2d_mips_at(test, 16384 - 2048);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->err, (const char *)NULL);
	refused_ib(test, tex_2d_mips_at(test, 16384 - 1024),
		   "access past the end of the buffer", 16384 - 1024);
}

/* An indexed draw of three indices at @offset, after INDEX_TYPE @type */
static struct r6_ib *indexed(struct kunit *test, u32 type, u32 offset)
{
	const u32 draw[] = { W(PKT3_INDEX_TYPE, 1), type, W(PKT3_DRAW_INDEX, 4), offset, 0, 3, 0 };
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	pkt(b, draw, ARRAY_SIZE(draw), BO_VTX, -1);
	return b;
}

/* Index buffers and immediate indices */
static void r600_cs_index_rules(struct kunit *test)
{
	static const u32 immd[] = { W(PKT3_INDEX_TYPE, 1), 1, W(PKT3_DRAW_INDEX_IMMD, 4), 3, 0,
				    0, 1 };
	/* the index size is the INDEX_TYPE packet's: the register is not a stream's */
	static const u32 index_reg[] = { W(PKT3_SET_CONFIG_REG, 2), (0x895c - 0x8000) / 4, 1 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = indexed(test, 1, 1024 - 12);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	refused_ib(test, indexed(test, 1, 1024 - 8), "access past the end of the buffer",
		   1024 - 8);
	refused_ib(test, indexed(test, 0, 1), "unaligned index buffer", 1);
	b = new_ib(test);
	triangle_state(b);
	put(b, immd, ARRAY_SIZE(immd));
	refused_ib(test, b, "fewer immediate indices than drawn", 3);
	refused(test, index_reg, ARRAY_SIZE(index_reg), "register not allowed", 0x895c);
}

/* Registers: the lists, R7xx's own, the scratch rings */
static void r600_cs_register_rules(struct kunit *test)
{
	static const u32 edgerule[] = { W(PKT3_SET_CONTEXT_REG, 2), CTX_IDX(R700_PA_SC_EDGERULE),
					0 };
	/* SQ_FBUF_RING_BASE: no ring of the stream's */
	static const u32 ring[] = { W(PKT3_SET_CONFIG_REG, 2), (0x8c70 - 0x8000) / 4, 0 };
	static const u32 cp[] = { W(PKT3_SET_CONFIG_REG, 2), (0x85f8 - 0x8000) / 4, 0 };
	static const u32 gpr[] = { W(PKT3_SET_CONFIG_REG, 2), (0x8d8c - 0x8000) / 4, 0 };
	static const u32 grouping[] = {
		W(PKT3_SET_CONTEXT_REG, 2), CTX_IDX(R700_SPI_THREAD_GROUPING), 1,
	};
	static const u32 plain[] = {
		W(PKT3_SET_CONTEXT_REG, 4), CTX_IDX(0x28028), 0, 0, 0,
		W(PKT3_SET_CONFIG_REG, 2), (0x8c00 - 0x8000) / 4, 0,
		W(PKT3_SET_ALU_CONST, 5), 0, 1, 2, 3, 4,
	};
	struct rcs_parser *p = new_parser(test);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, edgerule, ARRAY_SIZE(edgerule)), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "register not allowed");
	KUNIT_EXPECT_EQ(test, p->err_val, R700_PA_SC_EDGERULE);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, edgerule, ARRAY_SIZE(edgerule)), 0);
	/* Mesa writes it on R6xx too (0): both take it */
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, gpr, ARRAY_SIZE(gpr)), 0);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, gpr, ARRAY_SIZE(gpr)), 0);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, grouping, ARRAY_SIZE(grouping)), 0);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, grouping, ARRAY_SIZE(grouping)), 0);
	refused(test, ring, ARRAY_SIZE(ring), "register not allowed", 0x8c70);
	refused(test, cp, ARRAY_SIZE(cp), "register not allowed", 0x85f8);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, plain, ARRAY_SIZE(plain)), 0);
}

/*
 * A triangle writing stream-out buffer 1 (@size dwords, its base in
 * buffer @bo), buffers @enabled on, VGT_STRMOUT_EN @on
 */
static struct r6_ib *streamout_to(struct kunit *test, u32 size, u32 enabled, u32 bo, u32 on)
{
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	ctx1(b, R600_VGT_STRMOUT_BUFFER_SIZE_0 + 0x10, size);
	ctx1(b, R600_VGT_STRMOUT_BUFFER_BASE_0 + 0x10, 0);
	reloc(b, bo);
	ctx1(b, R600_VGT_STRMOUT_BUFFER_EN, enabled);
	ctx1(b, R600_VGT_STRMOUT_EN, on);
	draw_and_fence(b);
	return b;
}

static struct r6_ib *streamout(struct kunit *test, u32 size, u32 enabled)
{
	return streamout_to(test, size, enabled, BO_FENCE, 1);
}

/* Stream-out, R6xx and R7xx alike: every enabled buffer is bounded */
static void r600_cs_streamout_rules(struct kunit *test)
{
	const struct rcs_gen *gens[] = { &rcs_r600, &rcs_r700 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = streamout(test, 1024, 2);
	unsigned int i;

	/* 1024 dwords: the whole fence buffer */
	for (i = 0; i < ARRAY_SIZE(gens); i++) {
		KUNIT_EXPECT_EQ(test, run_on(test, p, gens[i], b->dw, b->n), 0);
		KUNIT_EXPECT_NULL(test, p->err);
	}
	/* a dword more than the buffer holds */
	refused_ib(test, streamout(test, 1025, 2), "access past the end of the buffer", 0);
	/* buffer 0 enabled too, with no base */
	refused_ib(test, streamout(test, 1024, 3), "stream-out buffer without a base", 0);
	/* a base in a buffer the stream may only read */
	b = streamout_to(test, 16, 2, BO_PGM, 1);
	refused_ib(test, b, "write to a buffer relocated read-only", 0);
	/* enabled, but VGT_STRMOUT_EN off: the VGT writes nothing */
	b = streamout_to(test, 1025, 2, BO_FENCE, 0);
	for (i = 0; i < ARRAY_SIZE(gens); i++)
		KUNIT_EXPECT_EQ(test, run_on(test, p, gens[i], b->dw, b->n), 0);
}

/*
 * STRMOUT_BUFFER_UPDATE, R6xx and R7xx alike: the filled size stored (a
 * dword, writable) and the offset loaded from memory (a dword), each
 * inside its relocated buffer; from the packet, no memory at all
 */
static void r600_cs_streamout_buffer_update(struct kunit *test)
{
	static const u32 store[] = {
		W(PKT3_STRMOUT_BUFFER_UPDATE, 5), 1, 4096 - 4, 0, 0, 0,
		W(PKT3_NOP, 1), BO_FENCE * 4,
	};
	static const u32 load[] = {
		W(PKT3_STRMOUT_BUFFER_UPDATE, 5), 2 << 1, 0, 0, 1024 - 4, 0,
		W(PKT3_NOP, 1), BO_VTX * 4,
	};
	static const u32 packet[] = { W(PKT3_STRMOUT_BUFFER_UPDATE, 5), 0, 0, 0, 64, 0 };
	const struct rcs_gen *gens[] = { &rcs_r600, &rcs_r700 };
	struct rcs_parser *p = new_parser(test);
	u32 ib[ARRAY_SIZE(store)];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(gens); i++) {
		KUNIT_EXPECT_EQ(test, run_on(test, p, gens[i], store, ARRAY_SIZE(store)), 0);
		KUNIT_EXPECT_EQ(test, run_on(test, p, gens[i], load, ARRAY_SIZE(load)), 0);
		KUNIT_EXPECT_EQ(test, run_on(test, p, gens[i], packet, ARRAY_SIZE(packet)), 0);
	}
	memcpy(ib, store, sizeof(ib));
	ib[2] = 4096;
	refused(test, ib, ARRAY_SIZE(ib), "access past the end of the buffer", 4096);
	ib[2] = 4096 - 6;
	refused(test, ib, ARRAY_SIZE(ib), "unaligned address", 4096 - 6);
	ib[2] = 0;
	ib[7] = BO_PGM * 4;
	refused(test, ib, ARRAY_SIZE(ib), "write to a buffer relocated read-only", 0);
	memcpy(ib, load, sizeof(ib));
	ib[4] = 1024;
	refused(test, ib, ARRAY_SIZE(ib), "access past the end of the buffer", 1024);
	/* the load's relocation left out */
	refused(test, load, 6, "relocation NOP missing", PKT3_STRMOUT_BUFFER_UPDATE);
}

/*
 * Mesa's stream-out on R6xx (r600_streamout.c): the flush (CP_STRMOUT_CNTL
 * cleared, SO_VGTSTREAMOUT_FLUSH, a wait on the register), buffer 0's
 * size, stride and base, SURFACE_BASE_UPDATE naming it, its offset from
 * the packet, the enables; a draw; the filled size stored at the end
 */
static void r600_cs_streamout_mesa_r6xx(struct kunit *test)
{
	static const u32 begin[] = {
		W(PKT3_SET_CONFIG_REG, 2), (0x8490 - 0x8000) / 4, 0,
		W(PKT3_EVENT_WRITE, 1), 0x1f,
		W(PKT3_WAIT_REG_MEM, 6), 3, 0x8490 / 4, 0, 1, 1, 4,
		W(PKT3_SET_CONTEXT_REG, 4), CTX_IDX(R600_VGT_STRMOUT_BUFFER_SIZE_0), 1024, 4, 0,
		W(PKT3_NOP, 1), BO_FENCE * 4,
		W(R600_PKT3_SURFACE_BASE_UPDATE, 1), 0x200,
		W(PKT3_STRMOUT_BUFFER_UPDATE, 5), 0, 0, 0, 0, 0,
		W(PKT3_SET_CONTEXT_REG, 2), CTX_IDX(R600_VGT_STRMOUT_BUFFER_EN), 1,
		W(PKT3_SET_CONTEXT_REG, 2), CTX_IDX(R600_VGT_STRMOUT_EN), 1,
	};
	static const u32 end[] = {
		W(PKT3_STRMOUT_BUFFER_UPDATE, 5), 1 | 3 << 1, 4096 - 4, 0, 0, 0,
		W(PKT3_NOP, 1), BO_FENCE * 4,
	};
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	put(b, begin, ARRAY_SIZE(begin));
	draw_and_fence(b);
	put(b, end, ARRAY_SIZE(end));
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	/* the buffer one dword short of the size: refused at the draw */
	b->n = 0;
	triangle_state(b);
	put(b, begin, ARRAY_SIZE(begin));
	b->dw[b->n - 19] = 1025;
	draw_and_fence(b);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
}

/* STRMOUT_BASE_UPDATE is R7xx's: R6xx has no such packet */
static void r600_cs_strmout_base_update_r7xx_only(struct kunit *test)
{
	static const u32 base[] = {
		W(R600_PKT3_STRMOUT_BASE_UPDATE, 2), 1, 0, W(PKT3_NOP, 1), BO_FENCE * 4,
	};
	static const u32 bad[] = {
		W(R600_PKT3_STRMOUT_BASE_UPDATE, 2), 4, 0, W(PKT3_NOP, 1), BO_FENCE * 4,
	};
	struct rcs_parser *p = new_parser(test);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, base, ARRAY_SIZE(base)), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "opcode not allowed");
	KUNIT_EXPECT_EQ(test, p->err_val, R600_PKT3_STRMOUT_BASE_UPDATE);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, base, ARRAY_SIZE(base)), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, bad, ARRAY_SIZE(bad)), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "stream-out buffer");
	KUNIT_EXPECT_EQ(test, p->err_val, 4);
}

/*
 * A triangle drawn by DRAW_AUTO, its vertex count from the filled size
 * COPY_DW loads from @src (bytes) of buffer @bo into
 * VGT_STRMOUT_DRAW_OPAQUE_BUFFER_FILLED_SIZE, as Mesa draws transform
 * feedback
 */
static struct r6_ib *draw_auto_from(struct kunit *test, u32 bo, u32 src)
{
	const u32 copy[] = { W(PKT3_COPY_DW, 5), 1, src, 0, 0x28b2c / 4, 0 };
	const u32 draw[] = { W(PKT3_DRAW_INDEX_AUTO, 2), 0, 2 | BIT(6) };	/* USE_OPAQUE */
	struct r6_ib *b = new_ib(test);

	triangle_state(b);
	ctx1(b, R600_VGT_STRMOUT_DRAW_OPAQUE_OFFSET + 8, 4);	/* _VERTEX_STRIDE */
	pkt(b, copy, ARRAY_SIZE(copy), bo, -1);
	put(b, draw, ARRAY_SIZE(draw));
	return b;
}

/*
 * DRAW_AUTO: COPY_DW takes the filled size from a relocated dword inside
 * its buffer into the plain register; into an address register it may not
 */
static void r600_cs_draw_auto(struct kunit *test)
{
	static const u32 into_base[] = { W(PKT3_COPY_DW, 5), 1, 0, 0, 0x28ad8 / 4, 0,
					 W(PKT3_NOP, 1), BO_FENCE * 4 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b = draw_auto_from(test, BO_FENCE, 4096 - 4);
	u32 at = b->n - 3 - 8;

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	/* the source relocated: BO_FENCE's last dword */
	KUNIT_EXPECT_EQ(test, p->ib[at + 2], 0x12345000u + 4096 - 4);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, b->dw, b->n), 0);
	refused_ib(test, draw_auto_from(test, BO_FENCE, 4096), "access past the end of the buffer",
		   4096);
	refused_ib(test, draw_auto_from(test, BO_FENCE, 2), "unaligned address", 2);
	b = draw_auto_from(test, BO_FENCE, 0);
	b->dw[at + 7] = BO_COUNT * 4;
	refused_ib(test, b, "relocation index out of range", BO_COUNT * 4);
	refused(test, into_base, ARRAY_SIZE(into_base), "copy with a register not allowed",
		0x28ad8);
}

/* The packets of the shared handlers, as R6xx lays them out */
static void r600_cs_packet_rules(struct kunit *test)
{
	static const u32 cp_dma_data[] = { W(PKT3_CP_DMA, 5), 0, 2u << 29, 0, 0, 16 };
	static const u32 cp_dma_past[] = { W(PKT3_CP_DMA, 5), 1024 - 8, 0, 0, 0, 16 };
	static const u32 zpass[] = { W(PKT3_EVENT_WRITE, 3), 21, 4096 - 16, 0 };
	static const u32 sync[] = { W(PKT3_SURFACE_SYNC, 4), 0, 17, 0, 10 };
	static const u32 wait_reg[] = { W(PKT3_WAIT_REG_MEM, 6), 3, 0x8020 / 4, 0, 0, 0, 10 };
	static const u32 copy_reg[] = { W(PKT3_COPY_DW, 5), 1, 0, 0, 0xc100 / 4, 0 };
	static const u32 pred[] = { W(PKT3_SET_PREDICATION, 2), 4096 - 16, 1 << 16 };
	static const u32 mem_ro[] = { W(PKT3_MEM_WRITE, 4), 0, 0, 1, 2 };
	struct r6_ib *b;

	b = new_ib(test);
	pkt(b, cp_dma_data, ARRAY_SIZE(cp_dma_data), BO_VTX, BO_FENCE);
	refused_ib(test, b, "CP DMA mode not supported", 2u << 29);
	b = new_ib(test);
	pkt(b, cp_dma_past, ARRAY_SIZE(cp_dma_past), BO_VTX, BO_FENCE);
	refused_ib(test, b, "access past the end of the buffer", 1024 - 8);
	/* eight render backends when the chip's are not given: 128 bytes */
	b = new_ib(test);
	pkt(b, zpass, ARRAY_SIZE(zpass), BO_FENCE, -1);
	refused_ib(test, b, "access past the end of the buffer", 4096 - 16);
	b = new_ib(test);
	pkt(b, sync, ARRAY_SIZE(sync), BO_FENCE, -1);
	refused_ib(test, b, "access past the end of the buffer", 0);
	refused(test, wait_reg, ARRAY_SIZE(wait_reg), "wait on a register not allowed", 0x8020);
	b = new_ib(test);
	pkt(b, copy_reg, ARRAY_SIZE(copy_reg), BO_FENCE, -1);
	refused_ib(test, b, "copy with a register not allowed", 0xc100);
	b = new_ib(test);
	pkt(b, pred, ARRAY_SIZE(pred), BO_FENCE, -1);
	refused_ib(test, b, "access past the end of the buffer", 4096 - 16);
	b = new_ib(test);
	pkt(b, mem_ro, ARRAY_SIZE(mem_ro), BO_PGM, -1);
	refused_ib(test, b, "write to a buffer relocated read-only", 0);
}

/* START_3D_CMDBUF opens Mesa's R6xx streams: one dword, and R6xx's only */
static void r600_cs_start_3d_cmdbuf(struct kunit *test)
{
	static const u32 start[] = {
		W(R600_PKT3_START_3D_CMDBUF, 1), 0, W(PKT3_CONTEXT_CONTROL, 2), 1u << 31, 1u << 31,
	};
	static const u32 longer[] = { W(R600_PKT3_START_3D_CMDBUF, 2), 0, 0 };
	struct rcs_parser *p = new_parser(test);

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, start, ARRAY_SIZE(start)), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, start, ARRAY_SIZE(start)), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "opcode not allowed");
	KUNIT_EXPECT_EQ(test, p->err_val, R600_PKT3_START_3D_CMDBUF);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, longer, ARRAY_SIZE(longer)), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "START_3D_CMDBUF of the wrong size");
	KUNIT_EXPECT_EQ(test, p->err_val, 2);
	/* R7xx refuses the opcode whatever its length */
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r700, longer, ARRAY_SIZE(longer)), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "opcode not allowed");
}

/* Without KEEP_TILING_FLAGS, the buffer's tiling flags give the array mode */
static void r600_cs_tiling_from_buffer(struct kunit *test)
{
	static const struct rcs_bo tiled = { .gpu_addr = 0x100000, .size = 1 << 16,
					     .write = true, .tiling_flags = RCS_TILING_MICRO };
	u32 ib[] = { W(PKT3_SET_CONTEXT_REG, 2), CTX_IDX(R600_CB_COLOR0_INFO), CB_INFO_RGBA8,
		     W(PKT3_NOP, 1), 0 };
	struct rcs_parser *p = new_parser(test);

	*p = (struct rcs_parser){ .ib = ib, .ndw = ARRAY_SIZE(ib), .bos = &tiled, .nbos = 1,
				  .gen = &rcs_r600 };
	KUNIT_ASSERT_EQ(test, rcs_check(p), 0);
	KUNIT_EXPECT_EQ(test, ib[2], (0x1a << 2) | (RCS_ARRAY_1D_TILED_THIN1 << 8));
	/* the relocation is not optional then */
	*p = (struct rcs_parser){ .ib = ib, .ndw = 3, .bos = &tiled, .nbos = 1,
				  .gen = &rcs_r600 };
	KUNIT_EXPECT_EQ(test, rcs_check(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "relocation NOP missing");
}

/*
 * SURFACE_BASE_UPDATE, as upstream takes it: RV610-RV670 (and the IGPs:
 * rcs_r600) only, not R600 itself (rcs_r600_r600) nor R7xx
 */
static void r600_cs_surface_base_update_per_family(struct kunit *test)
{
	static const u32 sbu[] = { W(R600_PKT3_SURFACE_BASE_UPDATE, 1), 0x200 };
	static const u32 longer[] = { W(R600_PKT3_SURFACE_BASE_UPDATE, 2), 0x200, 0 };
	const struct rcs_gen *refusing[] = { &rcs_r600_r600, &rcs_r700 };
	struct rcs_parser *p = new_parser(test);
	struct r6_ib *b;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, sbu, ARRAY_SIZE(sbu)), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600, longer, ARRAY_SIZE(longer)), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "SURFACE_BASE_UPDATE of the wrong size");
	KUNIT_EXPECT_EQ(test, p->err_val, 2);
	for (i = 0; i < ARRAY_SIZE(refusing); i++) {
		KUNIT_EXPECT_EQ(test, run_on(test, p, refusing[i], sbu, ARRAY_SIZE(sbu)), -1);
		KUNIT_EXPECT_STREQ(test, p->err, "opcode not allowed");
		KUNIT_EXPECT_EQ(test, p->err_val, R600_PKT3_SURFACE_BASE_UPDATE);
	}
	/* R600's tables take the rest of a stream as R6xx's do */
	b = triangle_with(test, R600_CB_TARGET_MASK, 0xf);
	KUNIT_EXPECT_EQ(test, run_on(test, p, &rcs_r600_r600, b->dw, b->n), 0);
	KUNIT_EXPECT_NULL(test, p->err);
}

/* The DMA ring: none on R6xx; linear packets, bounded, on R7xx */
static void r600_cs_dma_rules(struct kunit *test)
{
	struct rcs_bo bos[2] = {
		{ .gpu_addr = 0x1000000000ull, .size = 4096 },
		{ .gpu_addr = 0x2000000000ull, .size = 4096, .write = true },
	};
	u32 copy[] = { (RCS_DMA_COPY << 28) | 1024, 0, 0, 0, 0 };
	u32 fill[] = { (RCS_DMA_CONSTANT_FILL << 28) | 1024, 0, 0xdeadbeef, 0 };
	u32 swapped[] = { (RCS_DMA_COPY << 28) | BIT(22) | 16, 0, 0, 0, 0, 0, 0 };
	struct rcs_parser *p = new_parser(test);

	*p = (struct rcs_parser){ .ib = copy, .ndw = 5, .bos = bos, .nbos = 2,
				  .gen = &rcs_r600 };
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "no DMA engine streams on this GPU");
	p->gen = &rcs_r700;
	KUNIT_ASSERT_EQ(test, rcs_check_dma(p), 0);
	/* destination, then source, relocated; bits 39:32 after */
	KUNIT_EXPECT_EQ(test, copy[3] & 0xff, 0x20u);
	KUNIT_EXPECT_EQ(test, copy[4] & 0xff, 0x10u);
	/* one dword more is past both buffers */
	copy[0] = (RCS_DMA_COPY << 28) | 1025;
	copy[3] = 0;
	copy[4] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* a fill of the writable buffer, then of the read-only one */
	*p = (struct rcs_parser){ .ib = fill, .ndw = 4, .bos = &bos[1], .nbos = 1,
				  .gen = &rcs_r700 };
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), 0);
	fill[0] = (RCS_DMA_CONSTANT_FILL << 28) | 1024;
	fill[1] = 0;
	fill[3] = 0;
	p->bos = bos;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	/* byte swapping is refused, a tiled copy or not */
	*p = (struct rcs_parser){ .ib = swapped, .ndw = 7, .bos = bos, .nbos = 2,
				  .gen = &rcs_r700 };
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "DMA packet mode not supported");
	KUNIT_EXPECT_EQ(test, p->err_val, swapped[0]);
}

/*
 * R7xx's tiled DMA copy (T bit), L2T: 512 dwords from the linear buffer
 * at 0x100 into a 1D-tiled surface of 64x8 32-bit elements (pitch 64,
 * height 8, slices of 8 tiles) at the start of a 4096-byte buffer: two
 * slices fit it.
 */
#define R7_T_HDR(n)		((RCS_DMA_COPY << 28) | BIT(23) | (n))
#define R7_T_INFO(mode, lbpp, h, pitch) \
	(((mode) << 27) | ((lbpp) << 24) | (((h) - 1) << 10) | ((pitch) / 8 - 1))
#define R7_T_SLICE(tiles, z)	((((tiles) - 1) << 12) | (z))
#define R7_T_XY(x, y)		(((x) << 3) | ((y) << 17))

static const u32 r7_l2t_1d[] = {
	R7_T_HDR(512), 0, R7_T_INFO(RCS_ARRAY_1D_TILED_THIN1, 2, 8, 64), R7_T_SLICE(8, 0),
	R7_T_XY(0, 0), 0x100, 0,
};

static const struct rcs_bo r7_dma_bos[2] = {
	{ .gpu_addr = 0x1000000000ull, .size = 4096 },			/* linear */
	{ .gpu_addr = 0x2000000000ull, .size = 4096, .write = true },	/* tiled */
};

/* Check a copy of @src on R7xx's DMA ring, RV730's four pipes and banks */
static int r7_dma_run(struct kunit *test, struct rcs_parser *p, const u32 *src, u32 ndw,
		      const struct rcs_bo *bos, u32 nbos)
{
	u32 *ib = kunit_kmalloc_array(test, ndw, sizeof(u32), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ib);
	memcpy(ib, src, ndw * sizeof(u32));
	*p = (struct rcs_parser){ .ib = ib, .ndw = ndw, .bos = bos, .nbos = nbos,
				  .gen = &rcs_r700, .num_pipes = 4, .num_banks = 4 };
	return rcs_check_dma(p);
}

static void r600_cs_dma_tiled(struct kunit *test)
{
	const struct rcs_bo t2l_bos[2] = {
		{ .gpu_addr = 0x2000000000ull, .size = 4096 },
		{ .gpu_addr = 0x1000000000ull, .size = 4096, .write = true },
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[7];

	KUNIT_ASSERT_EQ(test, r7_dma_run(test, p, r7_l2t_1d, 7, r7_dma_bos, 2), 0);
	/* the tiled destination's address >> 8, the linear source's 40 bits */
	KUNIT_EXPECT_EQ(test, p->ib[1], 0x20000000u);
	KUNIT_EXPECT_EQ(test, p->ib[5], 0x100u);
	KUNIT_EXPECT_EQ(test, p->ib[6], 0x10u);
	/* the second slice, whole, is the last that fits */
	memcpy(ib, r7_l2t_1d, sizeof(ib));
	ib[3] = R7_T_SLICE(8, 1);
	KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 7, r7_dma_bos, 2), 0);
	/* T2L: the tiled surface is the source (read-only), the linear buffer written */
	ib[2] |= BIT(31);
	KUNIT_ASSERT_EQ(test, r7_dma_run(test, p, ib, 7, t2l_bos, 2), 0);
	KUNIT_EXPECT_EQ(test, p->ib[1], 0x20000000u);
	KUNIT_EXPECT_EQ(test, p->ib[6], 0x10u);
	/* 2D: 32x32 32-bit elements, one macro tile of 4 banks x 4 pipes */
	ib[0] = R7_T_HDR(1024);
	ib[2] = R7_T_INFO(RCS_ARRAY_2D_TILED_THIN1, 2, 32, 32);
	ib[3] = R7_T_SLICE(16, 0);
	ib[5] = 0;
	KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 7, r7_dma_bos, 2), 0);
}

/* One field of the 1D copy above changed, and why that is refused */
struct r7_tiled_bad {
	const char *name;
	u32 dw, val, nbos;
	const char *why;
};

static const struct r7_tiled_bad r7_tiled_refused[] = {
	{ "linear array mode", 2, R7_T_INFO(RCS_ARRAY_LINEAR_ALIGNED, 2, 8, 64), 2,
	  "DMA tiling not supported" },
	{ "32-byte elements", 2, R7_T_INFO(RCS_ARRAY_1D_TILED_THIN1, 5, 8, 64), 2,
	  "DMA element size" },
	{ "position bit 0", 4, 1, 2, "DMA tiled position field not supported" },
	{ "position bit 31", 4, BIT(31), 2, "DMA tiled position field not supported" },
	{ "slice not whole rows of tiles", 3, R7_T_SLICE(12, 0), 2,
	  "tiled surface not in whole tiles" },
	{ "byte pitch below the 1D tile's 32", 2, R7_T_INFO(RCS_ARRAY_1D_TILED_THIN1, 0, 8, 8),
	  2, "tiled surface not in whole tiles" },
	{ "2D pitch below a macro tile", 2, R7_T_INFO(RCS_ARRAY_2D_TILED_THIN1, 2, 8, 16), 2,
	  "tiled surface not in whole tiles" },
	{ "16-byte elements: a slice of 8192 bytes", 2,
	  R7_T_INFO(RCS_ARRAY_1D_TILED_THIN1, 4, 8, 64), 2,
	  "access past the end of the buffer" },
	{ "a third slice", 3, R7_T_SLICE(8, 2), 2, "access past the end of the buffer" },
	{ "the third slice's first row", 4, R7_T_XY(0, 16), 2,
	  "access past the end of the buffer" },
	{ "x past the pitch, into the third slice", 4, R7_T_XY(64, 8), 2,
	  "access past the end of the buffer" },
	{ "linear source past its buffer", 5, 0x1000 - 2044, 2,
	  "access past the end of the buffer" },
	{ "unaligned linear address", 5, 0x102, 2, "partial element or unaligned address" },
	{ "one relocation", 1, 0, 1, "no relocation left" },
	{ "swap bit", 0, R7_T_HDR(512) | BIT(22), 2, "DMA packet mode not supported" },
};

/* Each field the tiled copy's bound depends on, refused with its reason */
static void r600_cs_dma_tiled_refusals(struct kunit *test)
{
	const struct rcs_bo ro_bos[2] = { r7_dma_bos[0], { .gpu_addr = 0x2000000000ull,
							    .size = 4096 } };
	const struct rcs_bo big_bos[2] = { r7_dma_bos[0], { .gpu_addr = 0x2000000000ull,
							     .size = 8192, .write = true } };
	struct rcs_parser *p = new_parser(test);
	u32 ib[7];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(r7_tiled_refused); i++) {
		const struct r7_tiled_bad *bad = &r7_tiled_refused[i];

		memcpy(ib, r7_l2t_1d, sizeof(ib));
		ib[bad->dw] = bad->val;
		kunit_info(test, "%s\n", bad->name);
		KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 7, r7_dma_bos, bad->nbos), -1);
		KUNIT_EXPECT_STREQ(test, p->err, bad->why);
	}
	/* a 2D surface inside its buffer, but not on a 4096-byte macro tile */
	ib[0] = R7_T_HDR(1024);
	ib[1] = 0x800 >> 8;
	ib[2] = R7_T_INFO(RCS_ARRAY_2D_TILED_THIN1, 2, 32, 32);
	ib[3] = R7_T_SLICE(16, 0);
	ib[4] = 0;
	ib[5] = 0;
	KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 7, big_bos, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "tiled surface not on a tile");
	ib[1] = 0x1000 >> 8;
	KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 7, big_bos, 2), 0);
	/* L2T into a read-only buffer; the packet cut short */
	memcpy(ib, r7_l2t_1d, sizeof(ib));
	KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 7, ro_bos, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 6, r7_dma_bos, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "packet runs past the end of the IB");
	/* the tiled WRITE is no copy */
	ib[0] = (RCS_DMA_WRITE << 28) | BIT(23) | 1;
	KUNIT_EXPECT_EQ(test, r7_dma_run(test, p, ib, 7, r7_dma_bos, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "DMA packet mode not supported");
}

/*
 * Every context register is taken one way at most: plain or by its row;
 * the rows of the families resolve inside their structures
 */
static void r600_cs_context_rows_disjoint(struct kunit *test)
{
	unsigned int i, both = 0, rows = 0;

	for (i = 0; i < CONTEXT_REGS; i++) {
		if (r6_ctx_rows[i].kind == R6_DENY)
			continue;
		rows++;
		if (r600_context_regs[i]) {
			kunit_info(test, "%#x is plain and has a row\n",
				   PKT3_SET_CONTEXT_REG_START + 4 * i);
			both++;
		}
	}
	KUNIT_EXPECT_EQ(test, both, 0);
	KUNIT_EXPECT_GT(test, rows, 150);
	for (i = 0; i < ARRAY_SIZE(r6_cb_rows); i++)
		KUNIT_EXPECT_LE(test, r6_cb_rows[i].a + sizeof(u32), sizeof(struct rcs_r600_cb));
	for (i = 0; i < ARRAY_SIZE(r6_so_rows); i++)
		KUNIT_EXPECT_LE(test, r6_so_rows[i].a + sizeof(u32),
				sizeof(((struct rcs_r600_track *)NULL)->so[0]));
	KUNIT_EXPECT_EQ(test, r6_ctx_rows[CTX_IDX(R600_CB_COLOR0_MASK + 28)].kind, R6_CB);
	KUNIT_EXPECT_EQ(test, r6_ctx_rows[CTX_IDX(R600_CB_COLOR0_MASK + 32)].kind, R6_DENY);
}

static struct kunit_case r600_cs_cases[] = {
	KUNIT_CASE(r600_cs_triangle),
	KUNIT_CASE(r600_cs_textured_depth),
	KUNIT_CASE(r600_cs_draw_rules),
	KUNIT_CASE(r600_cs_2d_target_rules),
	KUNIT_CASE(r600_cs_depth_rules),
	KUNIT_CASE(r600_cs_htile_rules),
	KUNIT_CASE(r600_cs_pitch_rules),
	KUNIT_CASE(r600_cs_htile_slices),
	KUNIT_CASE(r600_cs_geometry_rules),
	KUNIT_CASE(r600_cs_gs_rings),
	KUNIT_CASE(r600_cs_gs_refusals),
	KUNIT_CASE(r600_cs_ring_register_rules),
	KUNIT_CASE(r600_cs_gs_rings_after_clear_state),
	KUNIT_CASE(r600_cs_ring_itemsize_rules),
	KUNIT_CASE(r600_cs_scratch_rings),
	KUNIT_CASE(r600_cs_scratch_refusals),
	KUNIT_CASE(r600_cs_scratch_after_clear_state),
	KUNIT_CASE(r600_cs_resource_rules),
	KUNIT_CASE(r600_cs_2d_small_mips),
	KUNIT_CASE(r600_cs_msaa_textures),
	KUNIT_CASE(r600_cs_index_rules),
	KUNIT_CASE(r600_cs_register_rules),
	KUNIT_CASE(r600_cs_streamout_rules),
	KUNIT_CASE(r600_cs_streamout_buffer_update),
	KUNIT_CASE(r600_cs_streamout_mesa_r6xx),
	KUNIT_CASE(r600_cs_strmout_base_update_r7xx_only),
	KUNIT_CASE(r600_cs_packet_rules),
	KUNIT_CASE(r600_cs_draw_auto),
	KUNIT_CASE(r600_cs_start_3d_cmdbuf),
	KUNIT_CASE(r600_cs_surface_base_update_per_family),
	KUNIT_CASE(r600_cs_tiling_from_buffer),
	KUNIT_CASE(r600_cs_dma_rules),
	KUNIT_CASE(r600_cs_dma_tiled),
	KUNIT_CASE(r600_cs_dma_tiled_refusals),
	KUNIT_CASE(r600_cs_context_rows_disjoint),
	{}
};

static struct kunit_suite r600_cs_suite = {
	.name = "r600_cs",
	.test_cases = r600_cs_cases,
};

kunit_test_suite(r600_cs_suite);
