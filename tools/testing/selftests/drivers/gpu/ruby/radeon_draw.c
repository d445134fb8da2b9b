// SPDX-License-Identifier: GPL-2.0
/*
 * A draw through DRM_IOCTL_RADEON_CS: the HD 7350 triangle (the fetch
 * shader and vertex shader of the seed walkthrough, a one-instruction
 * pixel shader, three coloured vertices, a 64x64 RGBA8 colour buffer) is
 * accepted and reaches its fence, with the simulated GPU fetching every
 * operand through the GART; each hostile mutation of it (surfaces past
 * their buffers, programs missing or out of bounds, depth, textures,
 * tiling, other stages, read-only targets) is refused with -EINVAL.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define PKT3(op, n)		((3u << 30) | (((n) - 1) << 16) | ((op) << 8))
#define NOP			0x10
#define CONTEXT_CONTROL		0x28
#define INDEX_TYPE		0x2a
#define DRAW_INDEX_AUTO		0x2d
#define NUM_INSTANCES		0x2f
#define DRAW_INDEX		0x2b
#define DRAW_INDEX_IMMD		0x2e
#define EVENT_WRITE_EOP		0x47
#define SET_CONFIG_REG		0x68
#define SET_CONTEXT_REG		0x69
#define SET_RESOURCE		0x6d

enum { R_CB, R_PGM, R_VB, R_FENCE, NRELOCS };

/* The programs: VS at 0, FS at 256, PS at 512 (256-byte aligned) */
static const uint32_t vs[] = {
	0x00000000, 0x84c00400,		/* CALL_FS */
	0x0000a03c, 0x95000688,		/* EXPORT_DONE position from R1 */
	0x00014000, 0x95200688,		/* EXPORT_DONE parameter 0 from R2, end */
};

static const uint32_t fs[] = {
	0x00000002, 0x80800400,		/* VC: 2 fetches at PC 2 */
	0x00000000, 0x85000000,		/* RETURN */
	0x30001f01, 0x4c151090, 0x00000000, 0x00000000,	/* position -> sem 0x90 */
	0x30001f01, 0x4c151092, 0x0000000c, 0x00000000,	/* colour -> sem 0x92 */
};

static const uint32_t ps[] = {
	0x00000000, 0x95200688,		/* EXPORT_DONE pixel to CB0 from R0, end */
};

static const float vertices[] = {
	-0.5f, -0.5f, 0.0f,	1.0f, 0.0f, 0.0f,
	 0.5f, -0.5f, 0.0f,	0.0f, 1.0f, 0.0f,
	 0.0f,  0.5f, 0.0f,	0.0f, 0.0f, 1.0f,
};

struct stream {
	uint32_t dw[256];
	uint32_t n;
};

static void emit(struct stream *s, uint32_t v)
{
	if (s->n < 256)
		s->dw[s->n++] = v;
}

static void reloc(struct stream *s, uint32_t which)
{
	emit(s, PKT3(NOP, 1));
	emit(s, which * 4);
}

static void ctx(struct stream *s, uint32_t reg, uint32_t n, const uint32_t *v)
{
	uint32_t i;

	emit(s, PKT3(SET_CONTEXT_REG, n + 1));
	emit(s, (reg - 0x28000) / 4);
	for (i = 0; i < n; i++)
		emit(s, v[i]);
}

/* What a mutation changes in the triangle */
struct tweak {
	const char *name;
	uint32_t cb_slice, cb_info, vb_size, db_z_info, ps_start, res_type;
	uint32_t target_mask, stages;
	bool no_fs, cb_read_only, cb1_without_buffer;
	/* 0: DRAW_INDEX_AUTO; 1: DRAW_INDEX, 16-bit indices at VB + 2048;
	 * 2: DRAW_INDEX_IMMD
	 */
	uint32_t draw, index_count, index_offset;
	bool no_index_type;
	/* the VS's constant buffer 0: in the programs' buffer at 1024 */
	uint32_t cbuf_size;
	bool cbuf_without_base;
};

#define CBUF_AT			1024

#define INDICES_AT		2048

#define CB_INFO_RGBA8_LINEAR	((0x1a << 2) | (1 << 8))

static uint32_t build(struct stream *s, const struct tweak *t)
{
	uint32_t cb[6] = { 0, 64 / 8 - 1, t->cb_slice ?: 64 * 64 / 64 - 1, 0,
			   t->cb_info ?: CB_INFO_RGBA8_LINEAR, 0 };
	uint32_t masks[2] = { t->target_mask ?: 0xf, 0xf };
	uint32_t zs[2] = { t->db_z_info, 0 };
	uint32_t pgm_ps[4] = { t->ps_start ?: 512 >> 8, 1, 0, 2 };
	uint32_t pgm_vs[3] = { 0, 3, 0 };
	uint32_t pgm_fs[2] = { 256 >> 8, 2 };
	uint32_t sem[2] = { 0x90, 0x92 };
	uint32_t scissor[2] = { 0, 64 | 64 << 16 };
	uint32_t stages = t->stages;
	/* the VS's fetch buffer 31: resource slot 176 + 31 */
	uint32_t slot = 176 + 31;

	s->n = 0;
	emit(s, PKT3(CONTEXT_CONTROL, 2));
	emit(s, 0x80000000);
	emit(s, 0x80000000);
	ctx(s, 0x28040, 2, zs);				/* DB_Z_INFO, DB_STENCIL_INFO */
	ctx(s, 0x28030, 2, scissor);			/* PA_SC_SCREEN_SCISSOR_TL/BR */
	ctx(s, 0x28c60, 6, cb);				/* CB_COLOR0_BASE .. ATTRIB */
	reloc(s, R_CB);
	if (t->cb1_without_buffer) {
		uint32_t info = CB_INFO_RGBA8_LINEAR;

		ctx(s, 0x28c60 + 0x3c + 0x10, 1, &info);	/* CB_COLOR1_INFO */
	}
	ctx(s, 0x28238, 2, masks);			/* CB_TARGET_MASK, CB_SHADER_MASK */
	ctx(s, 0x28b54, 1, &stages);			/* VGT_SHADER_STAGES_EN */
	ctx(s, 0x28380, 2, sem);			/* SQ_VTX_SEMANTIC_0/1 */
	ctx(s, 0x28840, 4, pgm_ps);			/* SQ_PGM_START_PS .. EXPORTS */
	reloc(s, R_PGM);
	ctx(s, 0x2885c, 3, pgm_vs);			/* SQ_PGM_START_VS .. */
	reloc(s, R_PGM);
	if (!t->cbuf_without_base) {
		uint32_t base = CBUF_AT >> 8;

		ctx(s, 0x28980, 1, &base);		/* SQ_ALU_CONST_CACHE_VS_0 */
		reloc(s, R_PGM);
	}
	{
		uint32_t size = t->cbuf_size ?: 1;	/* 256 bytes */

		ctx(s, 0x28180, 1, &size);		/* SQ_ALU_CONST_BUFFER_SIZE_VS_0 */
	}
	if (!t->no_fs) {
		ctx(s, 0x288a4, 2, pgm_fs);		/* SQ_PGM_START_FS, RESOURCES */
		reloc(s, R_PGM);
	}
	emit(s, PKT3(SET_RESOURCE, 9));
	emit(s, slot * 8);
	emit(s, 0);					/* vertex buffer at offset 0 */
	emit(s, (t->vb_size ?: sizeof(vertices)) - 1);
	emit(s, 24 << 8);				/* stride */
	emit(s, 0);
	emit(s, 0);
	emit(s, 0);
	emit(s, 0);
	emit(s, (t->res_type ?: 3u) << 30);		/* valid buffer */
	reloc(s, R_VB);
	emit(s, PKT3(SET_CONFIG_REG, 2));
	emit(s, (0x8958 - 0x8000) / 4);			/* VGT_PRIMITIVE_TYPE */
	emit(s, 4);					/* triangle list */
	if (!t->no_index_type) {
		emit(s, PKT3(INDEX_TYPE, 1));
		emit(s, 0);				/* 16-bit */
	}
	emit(s, PKT3(NUM_INSTANCES, 1));
	emit(s, 1);
	if (t->draw == 1) {
		emit(s, PKT3(DRAW_INDEX, 4));
		emit(s, t->index_offset ?: INDICES_AT);
		emit(s, 0);
		emit(s, t->index_count ?: 3);
		emit(s, 0);				/* indices from memory */
		reloc(s, R_VB);
	} else if (t->draw == 2) {
		emit(s, PKT3(DRAW_INDEX_IMMD, 4));
		emit(s, t->index_count ?: 3);
		emit(s, 1);				/* immediate indices */
		emit(s, 0 | 1 << 16);			/* 0, 1 */
		emit(s, 2);				/* 2 */
	} else {
		emit(s, PKT3(DRAW_INDEX_AUTO, 2));
		emit(s, 3);
		emit(s, 2);				/* auto-index */
	}
	emit(s, PKT3(EVENT_WRITE_EOP, 5));		/* then a fence value */
	emit(s, 0x514);
	emit(s, 0);
	emit(s, 1u << 29);
	emit(s, 0x7a1a);
	emit(s, 0);
	reloc(s, R_FENCE);
	return s->n;
}

FIXTURE(draw) {
	int fd;
	uint32_t bo[NRELOCS];
	uint32_t *fence;
};

FIXTURE_SETUP(draw)
{
	uint8_t *p;

	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
	ASSERT_EQ(radeon_gem_create(self->fd, 64 * 64 * 4, RADEON_GEM_DOMAIN_VRAM, 0,
				    &self->bo[R_CB]), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0,
				    &self->bo[R_PGM]), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0,
				    &self->bo[R_VB]), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0,
				    &self->bo[R_FENCE]), 0);
	p = radeon_gem_map(self->fd, self->bo[R_PGM], 4096);
	ASSERT_NE(p, MAP_FAILED);
	memcpy(p, vs, sizeof(vs));
	memcpy(p + 256, fs, sizeof(fs));
	memcpy(p + 512, ps, sizeof(ps));
	munmap(p, 4096);
	p = radeon_gem_map(self->fd, self->bo[R_VB], 4096);
	ASSERT_NE(p, MAP_FAILED);
	memcpy(p, vertices, sizeof(vertices));
	memcpy(p + INDICES_AT, (const uint16_t[]){ 0, 1, 2 }, 6);
	munmap(p, 4096);
	self->fence = radeon_gem_map(self->fd, self->bo[R_FENCE], 4096);
	ASSERT_NE(self->fence, MAP_FAILED);
	self->fence[0] = 0;
}

FIXTURE_TEARDOWN(draw)
{
	if (self->fd >= 0)
		close(self->fd);
}

static int submit(int fd, const uint32_t *bo, const struct stream *s, bool cb_ro)
{
	struct drm_radeon_cs_reloc relocs[NRELOCS] = {
		[R_CB] = { bo[R_CB], RADEON_GEM_DOMAIN_VRAM,
			   cb_ro ? 0 : RADEON_GEM_DOMAIN_VRAM, 0 },
		[R_PGM] = { bo[R_PGM], RADEON_GEM_DOMAIN_GTT, 0, 0 },
		[R_VB] = { bo[R_VB], RADEON_GEM_DOMAIN_GTT, 0, 0 },
		[R_FENCE] = { bo[R_FENCE], RADEON_GEM_DOMAIN_GTT, RADEON_GEM_DOMAIN_GTT, 0 },
	};

	return radeon_cs(fd, s->dw, s->n, relocs, NRELOCS, NULL, 0);
}

TEST_F(draw, triangle_runs_to_its_fence)
{
	const struct tweak none = { "the triangle" };
	struct stream s;

	build(&s, &none);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_CB]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
}

TEST_F(draw, indexed_and_immediate_triangles)
{
	const struct tweak indexed = { "indexed", .draw = 1 };
	const struct tweak immediate = { "immediate", .draw = 2 };
	struct stream s;

	build(&s, &indexed);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
	self->fence[0] = 0;
	build(&s, &immediate);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
}

TEST_F(draw, hostile_triangles_are_refused)
{
	static const struct tweak bad[] = {
		{ "colour buffer slice past its buffer", .cb_slice = 1023 },
		{ "colour buffer one slice too big", .cb_slice = 64 },
		{ "vertex buffer past its buffer", .vb_size = 4097 },
		{ "draw without a fetch shader", .no_fs = true },
		{ "depth enabled", .db_z_info = 1 },
		{ "pixel shader past its buffer", .ps_start = 16 },
		{ "texture resource", .res_type = 2 },
		{ "2D-tiled colour buffer", .cb_info = (0x1a << 2) | (4 << 8) },
		{ "compressed colour buffer", .cb_info = CB_INFO_RGBA8_LINEAR | (1 << 18) },
		{ "unknown colour format", .cb_info = (0x3f << 2) | (1 << 8) },
		{ "colour target without a buffer", .target_mask = 0xff,
		  .cb1_without_buffer = true },
		{ "geometry shader stage", .stages = 1 << 6 },
		{ "read-only colour buffer", .cb_read_only = true },
		{ "indices past their buffer", .draw = 1, .index_count = 1025 },
		/* 2048 16-bit indices fit; as 32-bit (INDEX_TYPE not set) not */
		{ "index size unknown", .draw = 1, .index_count = 600,
		  .no_index_type = true },
		{ "unaligned index buffer", .draw = 1, .index_offset = INDICES_AT + 1 },
		{ "fewer immediate indices than drawn", .draw = 2, .index_count = 5 },
		{ "constant buffer past its buffer", .cbuf_size = 13 },
		{ "constant buffer without a base", .cbuf_without_base = true },
	};
	struct stream s;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		TH_LOG("%s", bad[i].name);
		build(&s, &bad[i]);
		EXPECT_EQ(submit(self->fd, self->bo, &s, bad[i].cb_read_only), -EINVAL);
	}
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	/* none of them ran to the fence write */
	EXPECT_EQ(self->fence[0], 0);
}

TEST_HARNESS_MAIN
