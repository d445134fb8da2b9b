// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the R5xx command-stream checker, built from its own
 * source (the walker comes from ruby_cs_test.c, in the same module) and
 * run through rcs_r500 directly: Mesa-shaped type-0 streams pass, and
 * each rule refuses what breaks it, for the reason it gives.
 */

#include <kunit/test.h>

#include "../r500/r500_cs.c"
#include "../r600/r600_cs.h"

/* Type-0: a run of @n registers from @reg; the same, one register @n times */
#define P0(reg, n)		((((n) - 1) << 16) | ((reg) >> 2))
#define P0_ONE(reg, n)		(P0(reg, n) | R500_PKT0_ONE_REG_WR)
#define P3(op, n)		((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

/* The buffers of the streams below, by relocation index */
enum { BO_CB, BO_VTX, BO_TEX, BO_DB, BO_IDX, BO_QUERY, BO_COUNT };

static const struct rcs_bo r5_bos[BO_COUNT] = {
	[BO_CB] = { .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },
	[BO_VTX] = { .gpu_addr = 0x200000, .size = 4096 },
	[BO_TEX] = { .gpu_addr = 0x300000, .size = 2 * 64 * 64 * 4 },
	[BO_DB] = { .gpu_addr = 0x400000, .size = 64 * 64 * 4, .write = true },
	[BO_IDX] = { .gpu_addr = 0x500000, .size = 256 },
	[BO_QUERY] = { .gpu_addr = 0x600000, .size = 64, .write = true },
};

/* 64x64 ARGB8888 (format 6), linear; a triangle list of n vertices from an array */
#define CB_PITCH_64		(64 | (6u << 21))
#define SCISSOR_64		(63 | (63u << 13))
#define VF_LIST(n)		(4 | (R300_PRIM_WALK_VERTEX_LIST << 4) | ((n) << 16))
#define VF_INDICES(n)		(4 | (R300_PRIM_WALK_INDICES << 4) | ((n) << 16))
#define VF_EMBEDDED(n)		(4 | (R300_PRIM_WALK_VERTEX_EMBEDDED << 4) | ((n) << 16))
/* one array of 4-dword vertices, 4 dwords apart */
#define VBPNTR_SIZES		(4 | (4 << 8))

/* A stream being built */
struct r5_ib {
	u32 dw[256];
	u32 n;
};

static struct r5_ib *new_ib(struct kunit *test)
{
	struct r5_ib *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	return b;
}

static void put(struct r5_ib *b, u32 dw)
{
	if (b->n < ARRAY_SIZE(b->dw))
		b->dw[b->n++] = dw;
}

static void reloc(struct r5_ib *b, u32 bo)
{
	put(b, P3(R500_PKT3_NOP, 1));
	put(b, bo * 4);
}

static void reg1(struct r5_ib *b, u32 reg, u32 v)
{
	put(b, P0(reg, 1));
	put(b, v);
}

/* A register carrying an address, and its relocation */
static void reg_reloc(struct r5_ib *b, u32 reg, u32 v, u32 bo)
{
	reg1(b, reg, v);
	reloc(b, bo);
}

/* What Mesa's r300 sets up for a draw to one colour buffer, no depth, no texture */
static void target_state(struct r5_ib *b)
{
	put(b, P0(R300_US_OUT_FMT_0, 4));
	put(b, 0);
	put(b, R300_US_OUT_FMT_UNUSED);
	put(b, R300_US_OUT_FMT_UNUSED);
	put(b, R300_US_OUT_FMT_UNUSED);
	reg1(b, R300_RB3D_CCTL, 0);
	reg1(b, R300_RB3D_BLENDCNTL, 0);
	reg1(b, R300_RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg1(b, R300_ZB_BW_CNTL, 0);
	reg_reloc(b, R300_RB3D_COLOROFFSET0, 0, BO_CB);
	reg1(b, R300_RB3D_COLORPITCH0, CB_PITCH_64);
	reg1(b, R300_ZB_CNTL, 0);
	reg1(b, R300_RB3D_AARESOLVE_CTL, 0);
	reg1(b, R300_SC_SCISSOR1, SCISSOR_64);
	reg1(b, R300_GB_AA_CONFIG, 0);
	reg1(b, R300_TX_ENABLE, 0);
	reg1(b, 0x4e4c, 0xa);			/* RB3D_DSTCACHE_CTLSTAT: plain */
	reg1(b, RADEON_WAIT_UNTIL, BIT(17));	/* WAIT_3D_IDLECLEAN */
}

/* The clear: a quad of four immediate 4-dword vertices (the blitter's) */
static void clear_quad(struct r5_ib *b)
{
	u32 i;

	reg1(b, R300_VAP_VTX_SIZE, 4);
	put(b, P3(R500_PKT3_3D_DRAW_IMMD_2, 17));
	put(b, VF_EMBEDDED(4));
	for (i = 0; i < 16; i++)
		put(b, i);
}

/* One array from the vertex buffer at @offset */
static void vbpntr(struct r5_ib *b, u32 offset)
{
	put(b, P3(R500_PKT3_3D_LOAD_VBPNTR, 3));
	put(b, 1);
	put(b, VBPNTR_SIZES);
	put(b, offset);
	reloc(b, BO_VTX);
}

static void triangle(struct r5_ib *b, u32 nverts)
{
	vbpntr(b, 0);
	put(b, P3(R500_PKT3_3D_DRAW_VBUF_2, 1));
	put(b, VF_LIST(nverts));
}

/* A 64x64 W8Z8Y8X8 texture in unit 0, clamped, @levels mip levels after the first */
static void texture_state(struct r5_ib *b, u32 size, u32 levels)
{
	reg1(b, R300_TX_ENABLE, 1);
	reg1(b, R300_TX_FILTER0_0, 2 | (2 << 3));
	reg1(b, R300_TX_FORMAT0_0, (size - 1) | ((size - 1) << 11) | (levels << 26));
	reg1(b, R300_TX_FORMAT1_0, 0xc);
	reg1(b, R300_TX_FORMAT2_0, size - 1);
	reg_reloc(b, R300_TX_OFFSET_0, 0, BO_TEX);
}

/* A 24-bit depth buffer, 64 pixels a row, Z test on */
static void depth_state(struct r5_ib *b)
{
	reg1(b, R300_ZB_FORMAT, 2);
	reg_reloc(b, R300_ZB_DEPTHOFFSET, 0, BO_DB);
	reg1(b, R300_ZB_DEPTHPITCH, 64);
	reg1(b, R300_ZB_CNTL, R300_Z_ENABLE);
}

static struct rcs_parser *new_parser(struct kunit *test)
{
	struct rcs_parser *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	return p;
}

/* Check a copy of @b (the checker patches it) on @gen */
static int run_gen(struct kunit *test, struct rcs_parser *p, const struct rcs_gen *gen,
		   const struct r5_ib *b, bool hyperz)
{
	u32 *ib = kunit_kmalloc_array(test, b->n, sizeof(u32), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ib);
	memcpy(ib, b->dw, b->n * sizeof(u32));
	*p = (struct rcs_parser){ .ib = ib, .ndw = b->n, .bos = r5_bos, .nbos = BO_COUNT,
				  .gen = gen, .keep_tiling = true, .hyperz = hyperz };
	return rcs_check(p);
}

static int run(struct kunit *test, struct rcs_parser *p, const struct r5_ib *b)
{
	return run_gen(test, p, &rcs_r500, b, false);
}

/* @b refused on R5xx for @why, about @val */
static void refused(struct kunit *test, const struct r5_ib *b, const char *why, u64 val)
{
	struct rcs_parser *p = new_parser(test);

	KUNIT_EXPECT_EQ(test, run(test, p, b), -1);
	KUNIT_EXPECT_STREQ(test, p->err, why);
	KUNIT_EXPECT_EQ(test, p->err_val, val);
}

static void r500_cs_clear_and_triangle(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r5_ib *b = new_ib(test);

	target_state(b);
	clear_quad(b);
	triangle(b, 3);
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->err, (const char *)NULL);
	/* relocated: the colour buffer's offset and the array's address */
	KUNIT_EXPECT_EQ(test, p->ib[14], 0x100000u);
	KUNIT_EXPECT_EQ(test, p->ib[b->n - 5], 0x200000u);
}

static void r500_cs_textured_depth(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r5_ib *b = new_ib(test);

	target_state(b);
	depth_state(b);
	texture_state(b, 64, 6);
	triangle(b, 6);
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	KUNIT_EXPECT_PTR_EQ(test, p->err, (const char *)NULL);
	/* the texture's flags stay under its relocated address */
	b->dw[b->n - 11] |= 1;			/* TX_OFFSET_0: endian swap */
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	KUNIT_EXPECT_EQ(test, p->ib[b->n - 11], 0x300001u);
}

/* An accepted stream, one register of it set to @v after the rest */
static struct r5_ib *textured_with(struct kunit *test, u32 reg, u32 v)
{
	struct r5_ib *b = new_ib(test);

	target_state(b);
	depth_state(b);
	texture_state(b, 64, 0);
	reg1(b, reg, v);
	triangle(b, 3);
	return b;
}

static void r500_cs_target_rules(struct kunit *test)
{
	struct r5_ib *b = new_ib(test);
	struct rcs_parser *p;

	/* the colour buffer 4 KiB into its 16 KiB: the last quarter is past it */
	target_state(b);
	reg_reloc(b, R300_RB3D_COLOROFFSET0, 4096, BO_CB);
	triangle(b, 3);
	refused(test, b, "colour buffer past the end of its buffer", 64 * 64 * 4);
	/* twice the pitch */
	refused(test, textured_with(test, R300_RB3D_COLORPITCH0, 128 | (6u << 21)),
		"colour buffer past the end of its buffer", 128 * 64 * 4);
	/* macro-tiled 16-bit rows of 64 pixels pad to whole 2K tiles */
	refused(test, textured_with(test, R300_SC_SCISSOR1, 63 | (64u << 13)),
		"colour buffer past the end of its buffer", 64 * 65 * 4);
	/*
	 * 65 pixels on a pitch of 64: the last row runs 4 bytes past the
	 * 64x64 buffer; one row fewer, and it ends inside it
	 */
	refused(test, textured_with(test, R300_SC_SCISSOR1, 64 | (63u << 13)),
		"colour buffer past the end of its buffer", 63 * 64 * 4 + 65 * 4);
	p = new_parser(test);
	b = textured_with(test, R300_SC_SCISSOR1, 64 | (62u << 13));
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	KUNIT_EXPECT_NULL(test, p->err);
	/* multisampled, a draw stays inside the pitch */
	b = new_ib(test);
	target_state(b);
	depth_state(b);
	texture_state(b, 64, 0);
	reg1(b, R300_GB_AA_CONFIG, R300_AA_ENABLE | 2 << 1);
	reg1(b, R300_SC_SCISSOR1, 64 | (15u << 13));
	triangle(b, 3);
	refused(test, b, "draw wider than its target", 65);
	refused(test, textured_with(test, R300_RB3D_COLORPITCH0, 64 | (8u << 21)),
		"colour format not supported", 8);
	refused(test, textured_with(test, R300_ZB_DEPTHPITCH, 128),
		"depth buffer past the end of its buffer", 128 * 64 * 4);
	refused(test, textured_with(test, R300_ZB_FORMAT, 5), "depth format not supported", 5);
	refused(test, textured_with(test, R300_RB3D_CCTL, R300_RB3D_CCTL_CMASK_ENABLE),
		"CMASK not supported", R300_RB3D_CCTL_CMASK_ENABLE);
	/* a second colour buffer the shader writes, never set */
	refused(test, textured_with(test, R300_US_OUT_FMT_0 + 4, 0), "colour buffer not set", 1);
	/* four subsamples a pixel: four times the bytes */
	refused(test, textured_with(test, R300_GB_AA_CONFIG, R300_AA_ENABLE | 2 << 1),
		"colour buffer past the end of its buffer", 4 * 64 * 64 * 4);
	/* the resolve target, never set */
	refused(test, textured_with(test, R300_RB3D_AARESOLVE_CTL, 1),
		"AA resolve target not set", 1);
}

/* A colour buffer relocated read-only, and an address off its alignment */
static void r500_cs_reloc_rules(struct kunit *test)
{
	struct r5_ib *b = new_ib(test);

	reg_reloc(b, R300_RB3D_COLOROFFSET0, 0, BO_TEX);
	refused(test, b, "write to a buffer relocated read-only", 0);
	b = new_ib(test);
	reg_reloc(b, R300_RB3D_COLOROFFSET0, 8, BO_CB);
	refused(test, b, "unaligned address", 8);
	b = new_ib(test);
	reg1(b, R300_ZB_DEPTHOFFSET, 0);
	refused(test, b, "relocation NOP missing", 0);
	b = new_ib(test);
	reg_reloc(b, R300_ZB_ZPASS_ADDR, 64, BO_QUERY);
	refused(test, b, "access past the end of the buffer", 64);
}

/* What a stream did not set is taken at its worst */
static void r500_cs_unset_state(struct kunit *test)
{
	struct r5_ib *b = new_ib(test);

	/* nothing but an array and a draw: the colour buffers count as written */
	triangle(b, 3);
	refused(test, b, "scissor not set", 0);
	b = new_ib(test);
	target_state(b);
	reg1(b, R300_TX_ENABLE, 1);
	triangle(b, 3);
	refused(test, b, "texture not set", 0);
	b = new_ib(test);
	target_state(b);
	reg1(b, R300_TX_ENABLE, 2);
	reg_reloc(b, R300_TX_OFFSET_0 + 4, 0, BO_TEX);
	triangle(b, 3);
	refused(test, b, "texture format not set", 1);
	b = new_ib(test);
	target_state(b);
	reg1(b, R300_ZB_CNTL, R300_STENCIL_ENABLE);
	triangle(b, 3);
	refused(test, b, "depth buffer not set", R300_STENCIL_ENABLE);
	/*
	 * no channel written, but blending as an earlier client may have
	 * left it reads colour buffer 0 (the fuzzer's first finding)
	 */
	b = new_ib(test);
	reg1(b, R300_RB3D_COLOR_CHANNEL_MASK, 0);
	reg1(b, R300_ZB_CNTL, 0);
	reg1(b, R300_RB3D_AARESOLVE_CTL, 0);
	reg1(b, R300_TX_ENABLE, 0);
	reg1(b, R300_SC_SCISSOR1, SCISSOR_64);
	reg1(b, R300_GB_AA_CONFIG, 0);
	triangle(b, 3);
	refused(test, b, "colour buffer not set", 0);
	/* with blending and the ZB colour clear off too, none is reached */
	b->n -= 8;
	reg1(b, R300_RB3D_BLENDCNTL, 0);
	reg1(b, R300_ZB_BW_CNTL, 0);
	triangle(b, 3);
	KUNIT_EXPECT_EQ(test, run(test, new_parser(test), b), 0);
}

static void r500_cs_texture_rules(struct kunit *test)
{
	struct r5_ib *b = new_ib(test);

	/* 128x128 does not fit the 32 KiB texture buffer */
	target_state(b);
	texture_state(b, 128, 0);
	triangle(b, 3);
	refused(test, b, "texture past the end of its buffer", 128 * 128 * 4);
	/* fifteen levels of a 64x64 texture */
	b = new_ib(test);
	target_state(b);
	texture_state(b, 64, 15);
	triangle(b, 3);
	refused(test, b, "more mip levels than the texture's size", 15);
	/* R500's size extension: 2048 | 64 wide */
	refused(test, textured_with(test, R300_TX_FORMAT2_0, 63 | R500_TXWIDTH_11),
		"texture past the end of its buffer", 2112ull * 64 * 4);
	/* a cube: six faces */
	refused(test, textured_with(test, R300_TX_FORMAT1_0, 0xc | (2u << 25)),
		"texture past the end of its buffer", 6 * 64 * 64 * 4);
	/* a 3D texture of 8 slices */
	b = new_ib(test);
	target_state(b);
	texture_state(b, 64, 0);
	reg1(b, R300_TX_FORMAT0_0, 63 | (63 << 11) | (3 << 22));
	reg1(b, R300_TX_FORMAT1_0, 0xc | (1u << 25));
	triangle(b, 3);
	refused(test, b, "texture past the end of its buffer", 8 * 64 * 64 * 4);
	refused(test, textured_with(test, R300_TX_FORMAT1_0, 0x13),
		"texture format not supported", 0x13);
	refused(test, textured_with(test, R300_TX_FORMAT1_0, 0xc | (3u << 25)),
		"texture coordinate type not supported", 3);
	/* 80x80 clamped: rows of 320 bytes; repeating, 128x128 */
	b = new_ib(test);
	target_state(b);
	texture_state(b, 80, 0);
	triangle(b, 3);
	KUNIT_EXPECT_EQ(test, run(test, new_parser(test), b), 0);
	b = new_ib(test);
	target_state(b);
	texture_state(b, 80, 0);
	reg1(b, R300_TX_FILTER0_0, 0);
	triangle(b, 3);
	refused(test, b, "texture past the end of its buffer", 128 * 128 * 4);
	/*
	 * 128x128, eight levels, macro and micro-tiled (macro tiles of 32x16
	 * texels): levels 0-2 macro-tiled, the smaller ones micro-tiled only
	 */
	b = new_ib(test);
	target_state(b);
	texture_state(b, 128, 7);
	reg_reloc(b, R300_TX_OFFSET_0, R300_TXO_MACRO_TILE | (R300_MICROTILE_TILED << 3), BO_TEX);
	triangle(b, 3);
	refused(test, b, "texture past the end of its buffer",
		65536 + 16384 + 4096 + 1024 + 256 + 64 + 32 + 32);
}

/* Compressed textures: 4x4 blocks, rows of at least 32 bytes */
static void r500_cs_compressed_textures(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r5_ib *b;

	/* 64x64 DXT1 with its mips: 2 KiB + 512 + 128 + 4 x 32 */
	b = textured_with(test, R300_TX_FORMAT1_0, R300_TX_FORMAT_DXT1);
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	/* 128x128 DXT5 is 16 KiB, 256x256 64 KiB */
	b = textured_with(test, R300_TX_FORMAT1_0, R300_TX_FORMAT_DXT5);
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	b = new_ib(test);
	target_state(b);
	texture_state(b, 256, 0);
	reg1(b, R300_TX_FORMAT1_0, R300_TX_FORMAT_DXT5);
	triangle(b, 3);
	refused(test, b, "texture past the end of its buffer", 256 * 256);
}

/* 3D_3D_LOAD_VBPNTR's arrays, bounded by the draw's highest index */
static void r500_cs_vertex_rules(struct kunit *test)
{
	struct r5_ib *b = new_ib(test);

	/* the array starts 4064 bytes into the 4 KiB buffer: two vertices fit */
	target_state(b);
	vbpntr(b, 4064);
	put(b, P3(R500_PKT3_3D_DRAW_VBUF_2, 1));
	put(b, VF_LIST(3));
	refused(test, b, "vertex array past the end of its buffer", 48);
	/* a draw of 65535 vertices */
	b = new_ib(test);
	target_state(b);
	triangle(b, 0xffff);
	refused(test, b, "vertex array past the end of its buffer", 16 * 0xffff);
	/* immediate vertices: VAP_VTX_SIZE x count dwords, exactly */
	b = new_ib(test);
	target_state(b);
	reg1(b, R300_VAP_VTX_SIZE, 4);
	put(b, P3(R500_PKT3_3D_DRAW_IMMD_2, 9));
	put(b, VF_EMBEDDED(3));
	b->n += 8;
	refused(test, b, "immediate draw of the wrong size", 8);
	/* a vertex list walk is not an immediate draw's */
	b = new_ib(test);
	target_state(b);
	put(b, P3(R500_PKT3_3D_DRAW_IMMD_2, 1));
	put(b, VF_LIST(3));
	refused(test, b, "primitive walk not allowed", R300_PRIM_WALK_VERTEX_LIST);
	b = new_ib(test);
	target_state(b);
	put(b, P3(R500_PKT3_3D_LOAD_VBPNTR, 3));
	put(b, 3);
	put(b, VBPNTR_SIZES);
	put(b, 0);
	refused(test, b, "vertex arrays past the packet", 3);
	b = new_ib(test);
	reg1(b, R500_VAP_INDEX_OFFSET, R500_VAP_INDEX_OFFSET_SIGN);
	refused(test, b, "negative index offset", R500_VAP_INDEX_OFFSET_SIGN);
}

/* An indexed draw: indices clamped to VAP_VF_MAX_VTX_INDX, from a bounded buffer */
static struct r5_ib *indexed(struct kunit *test, u32 max_indx, u32 idx_dwords, u32 target)
{
	struct r5_ib *b = new_ib(test);

	target_state(b);
	vbpntr(b, 0);
	reg1(b, R300_VAP_VF_MAX_VTX_INDX, max_indx);
	put(b, P3(R500_PKT3_3D_DRAW_INDX_2, 1));
	put(b, VF_INDICES(6));
	put(b, P3(R500_PKT3_INDX_BUFFER, 3));
	put(b, target);
	put(b, 0);
	put(b, idx_dwords);
	reloc(b, BO_IDX);
	return b;
}

#define IDX_TARGET	(R300_INDX_BUFFER_ONE_REG_WR | (R300_VAP_PORT_IDX0 >> 2))

static void r500_cs_index_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);

	KUNIT_EXPECT_EQ(test, run(test, p, indexed(test, 255, 3, IDX_TARGET)), 0);
	/* index 256 of a 4 KiB array of 16-byte vertices: past it */
	refused(test, indexed(test, 256, 3, IDX_TARGET),
		"vertex array past the end of its buffer", 16 * 256 + 16);
	/* 65 dwords of indices in a 256-byte buffer */
	refused(test, indexed(test, 255, 65, IDX_TARGET),
		"index buffer past the end of its buffer", 260);
	/* indices fed to another register than VAP_PORT_IDX0 */
	refused(test, indexed(test, 255, 3, R300_INDX_BUFFER_ONE_REG_WR | (0x0700 >> 2)),
		"index buffer target not allowed", R300_INDX_BUFFER_ONE_REG_WR | (0x0700 >> 2));
}

/* Type-0 packets: default deny, whichever way the registers are written */
static void r500_cs_register_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r5_ib *b = new_ib(test);

	/* RV530's Z pipe select: its tables only */
	reg1(b, RV530_FG_ZBREG_DEST, 1);
	refused(test, b, "register of RV530 only", RV530_FG_ZBREG_DEST);
	KUNIT_EXPECT_EQ(test, run_gen(test, p, &rcs_r500_rv530, b, false), 0);
	b = new_ib(test);
	/* CP_RB_BASE (0x700) */
	put(b, P0(0x0700, 1));
	put(b, 0);
	refused(test, b, "register not allowed", 0x0700);
	/* WAIT_UNTIL is allowed, the ISYNC_CNTL after it is not */
	b = new_ib(test);
	put(b, P0(RADEON_WAIT_UNTIL, 2));
	put(b, BIT(17));
	put(b, 0);
	refused(test, b, "register not allowed", RADEON_WAIT_UNTIL + 4);
	/* scratch registers, written again and again */
	b = new_ib(test);
	put(b, P0_ONE(0x15e0, 3));
	b->n += 3;
	refused(test, b, "register not allowed", 0x15e0);
	/* RB3D_DEBUG_CTL to DITHER_CTL are plain, CMASK_OFFSET0 is not */
	b = new_ib(test);
	put(b, P0(0x4e48, 4));
	b->n += 4;
	refused(test, b, "register not allowed", 0x4e54);
	/* the run stops before it: accepted */
	b->dw[0] = P0(0x4e48, 3);
	b->n = 4;
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	/* ONE_REG_WR on an allowed register: each write is checked */
	b = new_ib(test);
	put(b, P0_ONE(R300_ZB_FORMAT, 2));
	put(b, 2);
	put(b, 7);
	refused(test, b, "depth format not supported", 7);
	b = new_ib(test);
	put(b, P0(R300_ZB_FORMAT, 1) | BIT(13));
	put(b, 2);
	refused(test, b, "type-0 reserved bits", P0(R300_ZB_FORMAT, 1) | BIT(13));
	b = new_ib(test);
	put(b, P0(0x4c00, 4));
	put(b, 0);
	refused(test, b, "packet runs past the end of the IB", 4);
	/* VAP_VF_CNTL starts a draw no packet checks */
	b = new_ib(test);
	reg1(b, R300_VAP_VF_CNTL, VF_LIST(3));
	refused(test, b, "register not allowed", R300_VAP_VF_CNTL);
	/* generations without a type-0 table refuse type 0 as before */
	b = new_ib(test);
	reg1(b, 0x4c00, 0);
	KUNIT_EXPECT_EQ(test, run_gen(test, p, &rcs_r600, b, false), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "type-0 packet");
}

static void r500_cs_hyperz_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct r5_ib *b = new_ib(test);

	reg1(b, R300_ZB_BW_CNTL, R300_HIZ_ENABLE);
	refused(test, b, "HyperZ not owned", R300_ZB_BW_CNTL);
	KUNIT_EXPECT_EQ(test, run_gen(test, p, &rcs_r500, b, true), 0);
	b = new_ib(test);
	reg1(b, R300_ZB_ZMASK_OFFSET + 0x10, 1);	/* ZB_ZMASK_RDINDEX */
	refused(test, b, "HyperZ not owned", R300_ZB_ZMASK_OFFSET + 0x10);
	b = new_ib(test);
	reg1(b, R300_SC_HYPERZ_EN, 1);
	refused(test, b, "HyperZ not owned", R300_SC_HYPERZ_EN);
	/* zero, as Mesa writes them without HyperZ: accepted */
	b->dw[1] = 0;
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	/* SC_HYPERZ_EN's adjust bits without HZ_EN, as Mesa's r300 writes it: accepted */
	b->dw[1] = 0x1c;
	KUNIT_EXPECT_EQ(test, run(test, p, b), 0);
	b = new_ib(test);
	put(b, P3(R500_PKT3_3D_CLEAR_ZMASK, 2));
	b->n += 2;
	refused(test, b, "HyperZ not owned", R500_PKT3_3D_CLEAR_ZMASK);
	KUNIT_EXPECT_EQ(test, run_gen(test, p, &rcs_r500, b, true), 0);
	b->dw[0] = P3(R500_PKT3_3D_CLEAR_HIZ, 2);
	refused(test, b, "HyperZ not owned", R500_PKT3_3D_CLEAR_HIZ);
	b->dw[0] = P3(R500_PKT3_3D_CLEAR_CMASK, 2);
	refused(test, b, "CMASK not supported", R500_PKT3_3D_CLEAR_CMASK);
}

/* The vline wait, both ways upstream parses it */
static void r500_cs_vline_rules(struct kunit *test)
{
	struct r5_ib *b = new_ib(test);

	reg1(b, RADEON_WAIT_UNTIL, RADEON_WAIT_CRTC_VLINE);
	refused(test, b, "no KMS on R5xx yet", RADEON_WAIT_CRTC_VLINE);
	b = new_ib(test);
	reg1(b, AVIVO_D1MODE_VLINE_START_END, 0);
	reg1(b, RADEON_WAIT_UNTIL, RADEON_WAIT_CRTC_VLINE);
	reloc(b, 0);
	refused(test, b, "no KMS on R5xx yet", AVIVO_D1MODE_VLINE_START_END);
}

/* Without KEEP_TILING_FLAGS, a pitch takes its buffer's tiling (one more relocation) */
static void r500_cs_tiling_from_buffer(struct kunit *test)
{
	static const struct rcs_bo tiled = { .gpu_addr = 0x100000, .size = 64 * 64 * 4,
					     .write = true, .tiling_flags = RCS_TILING_MACRO };
	struct rcs_parser *p = new_parser(test);
	struct r5_ib *b = new_ib(test);

	reg1(b, R300_RB3D_COLORPITCH0, CB_PITCH_64 | R300_COLOR_TILE_FIELDS);
	reloc(b, 0);
	*p = (struct rcs_parser){ .ib = b->dw, .ndw = b->n, .bos = &tiled, .nbos = 1,
				  .gen = &rcs_r500 };
	KUNIT_EXPECT_EQ(test, rcs_check(p), 0);
	KUNIT_EXPECT_EQ(test, b->dw[1], CB_PITCH_64 | BIT(16));
	/* and a texture's offset its tiling bits */
	b = new_ib(test);
	reg_reloc(b, R300_TX_OFFSET_0, 0x1c, 0);
	*p = (struct rcs_parser){ .ib = b->dw, .ndw = b->n, .bos = &tiled, .nbos = 1,
				  .gen = &rcs_r500 };
	KUNIT_EXPECT_EQ(test, rcs_check(p), 0);
	KUNIT_EXPECT_EQ(test, b->dw[1], 0x100000u | R300_TXO_MACRO_TILE);
}

/* The layout rule: whole tiles, linear texture rows of 32 bytes */
static void r500_cs_surface_layout(struct kunit *test)
{
	/* 32-bit macro-linear micro-tiled: 4x2 micro tiles, rows of 2 */
	KUNIT_EXPECT_EQ(test, r5_surface_bytes(4, false, 1, 64 * 4, 3, 1), 64ull * 4 * 4);
	/* macro tiles of 16 rows, 128 bytes wide */
	KUNIT_EXPECT_EQ(test, r5_surface_bytes(4, true, 1, 100 * 4, 17, 1), 512ull * 32);
	/* 8-bit micro tiles are 4 rows */
	KUNIT_EXPECT_EQ(test, r5_surface_bytes(1, false, 1, 64, 1, 1), 64ull * 4);
	KUNIT_EXPECT_EQ(test, r5_surface_bytes(4, false, 0, 12, 3, 32), 96ull);
	KUNIT_EXPECT_EQ(test, r5_surface_bytes(4, false, 0, 12, 3, 1), 36ull);
}

static struct kunit_case r500_cs_cases[] = {
	KUNIT_CASE(r500_cs_clear_and_triangle),
	KUNIT_CASE(r500_cs_textured_depth),
	KUNIT_CASE(r500_cs_target_rules),
	KUNIT_CASE(r500_cs_reloc_rules),
	KUNIT_CASE(r500_cs_unset_state),
	KUNIT_CASE(r500_cs_texture_rules),
	KUNIT_CASE(r500_cs_compressed_textures),
	KUNIT_CASE(r500_cs_vertex_rules),
	KUNIT_CASE(r500_cs_index_rules),
	KUNIT_CASE(r500_cs_register_rules),
	KUNIT_CASE(r500_cs_hyperz_rules),
	KUNIT_CASE(r500_cs_vline_rules),
	KUNIT_CASE(r500_cs_tiling_from_buffer),
	KUNIT_CASE(r500_cs_surface_layout),
	{}
};

static struct kunit_suite r500_cs_suite = {
	.name = "r500_cs",
	.test_cases = r500_cs_cases,
};

kunit_test_suite(r500_cs_suite);
