// SPDX-License-Identifier: GPL-2.0
/*
 * A draw through DRM_IOCTL_RADEON_CS: the HD 7350 triangle (the fetch
 * shader and vertex shader of the seed walkthrough, a one-instruction
 * pixel shader, three coloured vertices, a 64x64 RGBA8 colour buffer) is
 * accepted and reaches its fence, with the simulated GPU fetching every
 * operand through the GART; so is the same triangle with a mipmapped
 * texture, a depth buffer and its HTILE, the way Mesa's r600 driver sets
 * them up. Each hostile mutation of them (surfaces past their buffers,
 * programs missing or out of bounds, textures and depth buffers too big or
 * in layouts not checked yet, shader stage sets the hardware does not run
 * or without their programs, read-only targets, samples the buffers
 * cannot hold, CMASK/FMASK out of bounds) is refused with
 * -EINVAL, for the reason the checker gives for what it breaks. A
 * multisampled draw with fast clears and compression, resolved into a
 * one-sample buffer, runs too; so does transform feedback, ended with the
 * stream-out flush Mesa waits for.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define NOP			0x10
#define CONTEXT_CONTROL		0x28
#define INDEX_TYPE		0x2a
#define DRAW_INDEX_AUTO		0x2d
#define NUM_INSTANCES		0x2f
#define DRAW_INDEX		0x2b
#define DRAW_INDEX_IMMD		0x2e
#define SET_BASE		0x11
#define INDEX_BUFFER_SIZE	0x13
#define DRAW_INDIRECT		0x24
#define DRAW_INDEX_INDIRECT	0x25
#define INDEX_BASE		0x26
#define DRAW_INDEX_2		0x27
#define DRAW_INDEX_OFFSET_2	0x35
#define EVENT_WRITE_EOP		0x47
#define EVENT_WRITE_EOS		0x48
#define STRMOUT_BUFFER_UPDATE	0x34
#define SET_CONFIG_REG		0x68
#define SET_CONTEXT_REG		0x69
#define SET_RESOURCE		0x6d
#define SET_PREDICATION		0x20
#define EVENT_WRITE		0x46
#define WAIT_REG_MEM		0x3c
#define SO_VGTSTREAMOUT_FLUSH	0x1f
#define CP_STRMOUT_CNTL		0x84fc
#define OFFSET_UPDATE_DONE	1

enum { R_CB, R_PGM, R_VB, R_FENCE, R_TEX, R_DB, R_MSAA, R_META, NRELOCS };

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
	uint32_t dw[384];
	uint32_t n;
};

static void emit(struct stream *s, uint32_t v)
{
	if (s->n < 384)
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
	const char *why;	/* a hostile one's: the checker's reason */
	/* 0: DRAW_INDEX_AUTO; 1: DRAW_INDEX, 16-bit indices at VB + 2048;
	 * 2: DRAW_INDEX_IMMD; 3: DRAW_INDIRECT, arguments at VB + ARGS_AT
	 * (+ index_offset); 4: DRAW_INDEX_INDIRECT, the same indices
	 * (index_count of them); 5: DRAW_INDEX_2 as 1; 6: DRAW_INDEX_OFFSET_2
	 * from INDEX_BASE = VB + 2048, index_offset indices on; 7: DRAW_AUTO
	 * of the filled size at AUTO_FILLED_AT of the fence buffer
	 */
	uint32_t draw, index_count, index_offset;
	bool no_index_type;
	/* the VS's constant buffer 0: in the programs' buffer at 1024 */
	uint32_t cbuf_size;
	bool cbuf_without_base;
	/*
	 * a 16x16 RGBA8 texture with four mip levels (1D tiles) in R_TEX,
	 * and a 64x64 24-bit depth buffer (1D tiles) with 8x8 HTILEs in R_DB
	 */
	bool textured, depth;
	uint32_t tex_w0, tex_w1, tex_mip_at, tex_levels;
	uint32_t db_size, db_view, htile_surface, aa_config;
	bool db_read_only;
	/* colour, depth and texture 2D-tiled (four banks), as Mesa lays them out */
	bool tiled_2d;
	uint32_t cb_attrib;
	/* R6xx/R7xx: the colour buffer half a macro tile tall on this chip */
	bool cb_half_macro;
	/*
	 * transform feedback into the fence buffer at SO_AT (so_dwords
	 * dwords, so_reloc's buffer), its filled size stored after the draw
	 * and an end-of-shader fence at EOS_AT (+ eos_past)
	 */
	bool streamout;
	uint32_t so_dwords, so_reloc, eos_past;
	/*
	 * four samples into R_MSAA (1D tiles, fast clears, compression: CMASK
	 * at 0 and FMASK at FMASK_AT of R_META, FMASK_SLICE fmask_slice), then
	 * a second draw resolving it into R_CB (CB_COLOR_CONTROL's resolve
	 * mode, target 1)
	 */
	bool msaa;
	uint32_t fmask_slice, meta_reloc;
	/*
	 * SET_PREDICATION before the draw: ZPASS results (16 bytes a render
	 * backend) at PRED_AT + pred_past of the fence buffer
	 */
	bool predicated;
	uint32_t pred_past;
	/* the vertex buffer's descriptor this many dwords off its slot */
	uint32_t res_misalign;
};

#define PAST_END		"access past the end of the buffer"
#define READ_ONLY		"write to a buffer relocated read-only"

#define SO_AT			1024
#define SO_DWORDS		256
#define FILLED_AT		16
#define EOS_AT			32
#define EOS_VALUE		0xe05e05

#define CBUF_AT			1024

#define INDICES_AT		2048
#define PRED_AT			3584
#define MSAA_BYTES		(64 * 64 * 4 * 4)
#define CB_INFO_RGBA8_1D	((0x1a << 2) | (2 << 8))
#define CB_FAST_CLEAR		0x20000u
#define CB_COMPRESSION		0x40000u
#define FMASK_AT		4096	/* 64x64, a byte a pixel */
#define META_BYTES		(FMASK_AT + 64 * 64)
#define ARGS_AT			3072	/* 3 vertices, 1 instance, from 0 */

#define CB_INFO_RGBA8_LINEAR	((0x1a << 2) | (1 << 8))
#define CB_INFO_RGBA8_2D	((0x1a << 2) | (4 << 8))
/*
 * 2D tiles with four banks on Cedar's two pipes: macro tiles of 16x32
 * pixels; the texture's level 0 pads to 16x32 (2 KiB), its mips (smaller
 * than a macro tile) are 1D-tiled, from the next macro tile on.
 */
#define CB_ATTRIB_4_BANKS	0x00400		/* NUM_BANKS (11:10) = 1 */
#define DB_4_BANKS		0x01000		/* NUM_BANKS (13:12) = 1 */
#define TEX_4_BANKS		0x10000		/* NUM_BANKS (17:16) = 1 */
#define TEX_2D_MIP_AT		2048

/* The texture: 16x16, 1D tiles, level 0 at 0, levels 1-4 from 1024 */
#define TEX_W0			(1 | (16 / 8 - 1) << 6 | (16 - 1) << 18)
#define TEX_W1			((16 - 1) | 2u << 28)
#define TEX_MIP_AT		1024
#define TEX_RGBA8		0x1a

/* The depth buffer: Z_24, 1D tiles, HTILE on; 64x64 at 0, HTILE at 16 KiB */
#define DB_Z_24_1D_HTILE	(2 | 2 << 4 | 1u << 29)
#define DB_Z_24_2D_HTILE	(2 | 4 << 4 | 1u << 29 | DB_4_BANKS)
#define DB_SIZE_64X64		(7 | 7 << 11)
#define DB_BYTES		(64 * 64 * 4)
#define HTILE_AT		DB_BYTES
#define HTILE_BYTES		4096	/* two pipes: 256x256 pixels of 8x8 tiles */

/*
 * The vertex buffer's descriptor in resource @slot, @words dwords (R6xx/R7xx
 * 7, Evergreen 8): base, size - 1, stride; its type in the last word
 */
static void vertex_buffer(struct stream *s, const struct tweak *t, uint32_t slot,
			  uint32_t words)
{
	uint32_t i;

	emit(s, PKT3(SET_RESOURCE, words + 1));
	emit(s, slot * words + t->res_misalign);
	emit(s, 0);					/* vertex buffer at offset 0 */
	emit(s, (t->vb_size ?: sizeof(vertices)) - 1);
	emit(s, 24 << 8);				/* stride */
	for (i = 3; i < words - 1; i++)
		emit(s, 0);
	emit(s, (t->res_type ?: 3u) << 30);		/* valid buffer */
	reloc(s, R_VB);
}

/* Mesa's texture and depth state, in the order it emits them */
static void textures_and_depth(struct stream *s, const struct tweak *t)
{
	if (t->textured) {
		emit(s, PKT3(SET_RESOURCE, 9));
		emit(s, 0);				/* the PS's resource 0 */
		emit(s, t->tex_w0 ?: TEX_W0);
		emit(s, t->tex_w1 ?: t->tiled_2d ? (TEX_W1 & ~(0xfu << 28)) | 4u << 28 : TEX_W1);
		emit(s, 0);				/* level 0 */
		emit(s, (t->tex_mip_at ?: t->tiled_2d ? TEX_2D_MIP_AT : TEX_MIP_AT) >> 8);
		emit(s, 0);
		emit(s, t->tex_levels ?: 4);		/* LAST_LEVEL */
		emit(s, 0);
		emit(s, TEX_RGBA8 | 2u << 30 | (t->tiled_2d ? TEX_4_BANKS : 0));
		reloc(s, R_TEX);
		reloc(s, R_TEX);
	}
	if (t->depth) {
		uint32_t db[8] = { t->tiled_2d ? DB_Z_24_2D_HTILE : DB_Z_24_1D_HTILE, 0, 0, 0, 0, 0,
				   t->db_size ?: DB_SIZE_64X64, 64 * 64 / 64 - 1 };
		uint32_t htile = HTILE_AT >> 8, hs = t->htile_surface ?: 3;
		uint32_t aa = t->aa_config, view = t->db_view;
		unsigned int i;

		ctx(s, 0x28040, 8, db);			/* DB_Z_INFO .. DB_DEPTH_SLICE */
		for (i = 0; i < 4; i++)			/* Z/stencil read/write bases */
			reloc(s, R_DB);
		ctx(s, 0x28008, 1, &view);		/* DB_DEPTH_VIEW */
		ctx(s, 0x28014, 1, &htile);		/* DB_HTILE_DATA_BASE */
		reloc(s, R_DB);
		ctx(s, 0x28abc, 1, &hs);		/* DB_HTILE_SURFACE */
		ctx(s, 0x28c04, 1, &aa);		/* PA_SC_AA_CONFIG */
	}
}

/* A triangle list, 16-bit indices (unless not set), an instance; predicated */
static void draw_state(struct stream *s, const struct tweak *t)
{
	emit(s, PKT3(SET_CONFIG_REG, 2));
	emit(s, (0x8958 - 0x8000) / 4);			/* VGT_PRIMITIVE_TYPE */
	emit(s, 4);					/* triangle list */
	if (!t->no_index_type) {
		emit(s, PKT3(INDEX_TYPE, 1));
		emit(s, 0);				/* 16-bit */
	}
	emit(s, PKT3(NUM_INSTANCES, 1));
	emit(s, 1);
	if (t->predicated) {
		emit(s, PKT3(SET_PREDICATION, 2));	/* draw if visible: ZPASS */
		emit(s, PRED_AT + t->pred_past);
		emit(s, 1 << 16 | 1 << 8);
		reloc(s, R_FENCE);
	}
}

/* The fence after the draws: EOP writes a value */
static void fence(struct stream *s)
{
	emit(s, PKT3(EVENT_WRITE_EOP, 5));
	emit(s, 0x514);
	emit(s, 0);
	emit(s, 1u << 29);
	emit(s, 0x7a1a);
	emit(s, 0);
	reloc(s, R_FENCE);
}

/* The draws every generation has: 1 DRAW_INDEX, 2 DRAW_INDEX_IMMD, else AUTO */
/*
 * DRAW_AUTO, as Mesa draws what transform feedback wrote: a stride of four
 * dwords, the filled size COPY_DW loads from the fence buffer's
 * AUTO_FILLED_AT (bytes), and DRAW_INDEX_AUTO with USE_OPAQUE and no
 * count of its own: the VGT draws filled size / stride vertices
 */
#define COPY_DW			0x3b
#define DI_USE_OPAQUE		0x40u
#define AUTO_FILLED_AT		48

static void draw_auto(struct stream *s)
{
	const uint32_t opaque[3] = { 0, 0, 4 };	/* offset, filled size, stride */

	ctx(s, 0x28b28, 3, opaque);		/* VGT_STRMOUT_DRAW_OPAQUE_OFFSET .. */
	emit(s, PKT3(COPY_DW, 5));
	emit(s, 1);				/* memory to register */
	emit(s, AUTO_FILLED_AT);
	emit(s, 0);
	emit(s, 0x28b2c / 4);			/* _BUFFER_FILLED_SIZE */
	emit(s, 0);
	reloc(s, R_FENCE);
	emit(s, PKT3(DRAW_INDEX_AUTO, 2));
	emit(s, 0);
	emit(s, 2 | DI_USE_OPAQUE);		/* auto-index, opaque count */
}

static void plain_draw(struct stream *s, const struct tweak *t)
{
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
	} else if (t->draw == 7) {
		draw_auto(s);
	} else {
		emit(s, PKT3(DRAW_INDEX_AUTO, 2));
		emit(s, 3);
		emit(s, 2);				/* auto-index */
	}
}

/* Evergreen's own: 3-4 indirect (indexed), 5 DRAW_INDEX_2, 6 DRAW_INDEX_OFFSET_2 */
static void evergreen_draw(struct stream *s, const struct tweak *t)
{
	if (t->draw == 3 || t->draw == 4) {
		emit(s, PKT3(SET_BASE, 3));		/* the arguments' buffer */
		emit(s, 1);
		emit(s, 0);
		emit(s, 0);
		reloc(s, R_VB);
		if (t->draw == 4) {
			emit(s, PKT3(INDEX_BASE, 2));
			emit(s, INDICES_AT);
			emit(s, 0);
			reloc(s, R_VB);
			emit(s, PKT3(INDEX_BUFFER_SIZE, 1));
			emit(s, t->index_count ?: 3);
		}
		emit(s, PKT3(t->draw == 4 ? DRAW_INDEX_INDIRECT : DRAW_INDIRECT, 2));
		emit(s, ARGS_AT + t->index_offset);
		emit(s, t->draw == 4 ? 0 : 2);
	} else if (t->draw == 5) {
		emit(s, PKT3(DRAW_INDEX_2, 5));
		emit(s, 2048);				/* MAX_SIZE */
		emit(s, t->index_offset ?: INDICES_AT);
		emit(s, 0);
		emit(s, t->index_count ?: 3);
		emit(s, 0);
		reloc(s, R_VB);
	} else {
		emit(s, PKT3(INDEX_BASE, 2));
		emit(s, INDICES_AT);
		emit(s, 0);
		reloc(s, R_VB);
		emit(s, PKT3(DRAW_INDEX_OFFSET_2, 4));
		emit(s, 1024);
		emit(s, t->index_offset);		/* in indices */
		emit(s, t->index_count ?: 3);
		emit(s, 0);
	}
}

/*
 * As Mesa ends transform feedback: flush the VGT's stream-out, wait until
 * the CP says the filled sizes are in (CP_STRMOUT_CNTL at @cntl: each
 * generation has it elsewhere), store buffer 0's filled size
 */
static void streamout_end(struct stream *s, uint32_t cntl)
{
	emit(s, PKT3(SET_CONFIG_REG, 2));
	emit(s, (cntl - 0x8000) / 4);
	emit(s, 0);
	emit(s, PKT3(EVENT_WRITE, 1));
	emit(s, SO_VGTSTREAMOUT_FLUSH);
	emit(s, PKT3(WAIT_REG_MEM, 6));
	emit(s, 3);					/* equal, a register */
	emit(s, cntl / 4);
	emit(s, 0);
	emit(s, OFFSET_UPDATE_DONE);			/* reference */
	emit(s, OFFSET_UPDATE_DONE);			/* mask */
	emit(s, 4);					/* poll interval */
	emit(s, PKT3(STRMOUT_BUFFER_UPDATE, 5));	/* buffer 0's filled size */
	emit(s, 1 | 3 << 1);				/* to memory; offset unchanged */
	emit(s, FILLED_AT);
	emit(s, 0);
	emit(s, 0);
	emit(s, 0);
	reloc(s, R_FENCE);
}

static uint32_t build(struct stream *s, const struct tweak *t)
{
	uint32_t cb[6] = { 0, 64 / 8 - 1, t->cb_slice ?: 64 * 64 / 64 - 1, 0,
			   t->cb_info ?: t->tiled_2d ? CB_INFO_RGBA8_2D : CB_INFO_RGBA8_LINEAR,
			   t->cb_attrib ?: t->tiled_2d ? CB_ATTRIB_4_BANKS : 0 };
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
	if (t->msaa) {
		uint32_t aa = 2, mode = 1 << 4;		/* four samples, normal */
		uint32_t masks4[4] = { 0, 0, FMASK_AT >> 8, t->fmask_slice ?: 63 };

		cb[4] = CB_INFO_RGBA8_1D | CB_FAST_CLEAR | CB_COMPRESSION;
		ctx(s, 0x28c04, 1, &aa);		/* PA_SC_AA_CONFIG */
		ctx(s, 0x28808, 1, &mode);		/* CB_COLOR_CONTROL */
		ctx(s, 0x28c60, 6, cb);
		reloc(s, R_MSAA);
		reloc(s, R_MSAA);
		ctx(s, 0x28c7c, 4, masks4);		/* CMASK .. FMASK_SLICE */
		reloc(s, t->meta_reloc ?: R_META);
		reloc(s, t->meta_reloc ?: R_META);
	} else {
		ctx(s, 0x28c60, 6, cb);			/* CB_COLOR0_BASE .. ATTRIB */
		reloc(s, R_CB);				/* base */
		reloc(s, R_CB);				/* attrib */
	}
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
	vertex_buffer(s, t, slot, 8);
	textures_and_depth(s, t);
	if (t->streamout) {
		uint32_t so[4] = { t->so_dwords ?: SO_DWORDS, 4, SO_AT >> 8, 0 };
		uint32_t cfg[2] = { 1, 1 };		/* stream 0 into buffer 0 */

		ctx(s, 0x28ad0, 4, so);			/* VGT_STRMOUT_BUFFER_SIZE_0 .. */
		reloc(s, t->so_reloc ?: R_FENCE);
		ctx(s, 0x28b94, 2, cfg);		/* VGT_STRMOUT_CONFIG, BUFFER_CONFIG */
	}
	draw_state(s, t);
	if (t->draw >= 3 && t->draw <= 6)
		evergreen_draw(s, t);
	else
		plain_draw(s, t);
	if (t->msaa) {
		/* resolve: CB0 (four samples) into CB1 (R_CB, one sample) */
		uint32_t cb1[6] = { 0, 64 / 8 - 1, 64 * 64 / 64 - 1, 0, CB_INFO_RGBA8_1D, 0 };
		uint32_t mode = 3 << 4, mask = 0xff;

		ctx(s, 0x28c9c, 6, cb1);		/* CB_COLOR1_BASE .. ATTRIB */
		reloc(s, R_CB);
		reloc(s, R_CB);
		ctx(s, 0x28808, 1, &mode);
		ctx(s, 0x28238, 1, &mask);
		emit(s, PKT3(DRAW_INDEX_AUTO, 2));
		emit(s, 3);
		emit(s, 2);
	}
	if (t->streamout) {
		streamout_end(s, CP_STRMOUT_CNTL);
		emit(s, PKT3(EVENT_WRITE_EOS, 4));	/* PS_DONE: a fence dword */
		emit(s, 0x615);
		emit(s, EOS_AT + t->eos_past);
		emit(s, 2u << 29);
		emit(s, EOS_VALUE);
		reloc(s, R_FENCE);
	}
	fence(s);
	return s->n;
}

/*
 * The same triangles in R6xx/R7xx's register layout (the simulator runs
 * no shader code: the programs' words are only fetched): one register
 * per colour buffer field (CB_COLORn_BASE/SIZE/VIEW/INFO/TILE/FRAG/MASK),
 * the interleaved depth surface (DB_DEPTH_*), seven-dword resources with
 * the VS's fetch buffers from slot 160, SQ_PGM_START_* of their own, and
 * R7xx's stream-out with STRMOUT_BASE_UPDATE. 2D tiles there are
 * RV730's four pipes and banks: macro tiles of 32x32 pixels.
 */
#define R6_CB_BASE		0x28040
#define R6_CB_SIZE		0x28060
#define R6_CB_VIEW		0x28080
#define R6_CB_INFO		0x280a0
#define R6_CB_TILE		0x280c0
#define R6_CB_FRAG		0x280e0
#define R6_CB_MASK		0x28100
#define R6_CB_TILE_FRAG		(2u << 18)	/* CMASK and FMASK */
#define R6_CB_RESOLVE		(7u << 4)	/* CB_COLOR_CONTROL: resolve box */
#define R6_CB_SIZE_64X64	(7 | 63 << 10)
#define R6_DB_DEPTH_8_24_1D	(3 | 2 << 15 | 1u << 25)	/* HTILE on */
#define R6_DB_DEPTH_8_24_2D	(3 | 4 << 15 | 1u << 25)
#define R6_TEX_W0		(1 | 2 << 3 | (16 / 8 - 1) << 8 | (16 - 1) << 19)
#define R6_TEX_W1		((16 - 1) | TEX_RGBA8 << 26)
#define R6_VS_FETCH_SLOT	160
#define R6_HTILE_BYTES		8192	/* four pipes: 512x256 pixels of 8x8 tiles */
#define R7_CP_STRMOUT_CNTL	0x8490
#define R7_STRMOUT_BASE_UPDATE	0x72

static void r6_ctx1(struct stream *s, uint32_t reg, uint32_t v)
{
	ctx(s, reg, 1, &v);
}

/* Colour buffer @n: base (relocated to @bo), size, view, info */
static void r6_colour(struct stream *s, uint32_t n, uint32_t bo, uint32_t size,
		      uint32_t info)
{
	r6_ctx1(s, R6_CB_BASE + 4 * n, 0);
	reloc(s, bo);
	r6_ctx1(s, R6_CB_SIZE + 4 * n, size);
	r6_ctx1(s, R6_CB_VIEW + 4 * n, 0);
	r6_ctx1(s, R6_CB_INFO + 4 * n, info);
}

/* The 16x16 texture (1D tiles, levels 1-4 at TEX_MIP_AT), depth and HTILE */
static void r6_textures_and_depth(struct stream *s, const struct tweak *t)
{
	if (t->textured) {
		emit(s, PKT3(SET_RESOURCE, 8));
		emit(s, 0);				/* the PS's resource 0 */
		emit(s, t->tex_w0 ?: R6_TEX_W0);
		emit(s, t->tex_w1 ?: R6_TEX_W1);
		emit(s, 0);				/* level 0 */
		emit(s, (t->tex_mip_at ?: TEX_MIP_AT) >> 8);
		emit(s, 0);
		emit(s, t->tex_levels ?: 4);		/* LAST_LEVEL */
		emit(s, 2u << 30);			/* a texture */
		reloc(s, R_TEX);
		reloc(s, R_TEX);
	}
	if (t->depth) {
		r6_ctx1(s, 0x28000, t->db_size ?: R6_CB_SIZE_64X64);	/* DB_DEPTH_SIZE */
		r6_ctx1(s, 0x28004, t->db_view);			/* DB_DEPTH_VIEW */
		r6_ctx1(s, 0x2800c, 0);					/* DB_DEPTH_BASE */
		reloc(s, R_DB);
		r6_ctx1(s, 0x28010, t->db_z_info ?: t->tiled_2d ? R6_DB_DEPTH_8_24_2D :
							      R6_DB_DEPTH_8_24_1D);
		r6_ctx1(s, 0x28014, HTILE_AT >> 8);			/* DB_HTILE_DATA_BASE */
		reloc(s, R_DB);
		r6_ctx1(s, 0x28d24, t->htile_surface ?: 3);		/* DB_HTILE_SURFACE */
		r6_ctx1(s, 0x28c04, t->aa_config);			/* PA_SC_AA_CONFIG */
	}
}

/* Four samples into R_MSAA with CMASK and FMASK in R_META (CB0) */
static void r6_msaa(struct stream *s, const struct tweak *t)
{
	r6_ctx1(s, 0x28c04, 2);				/* PA_SC_AA_CONFIG: 4 samples */
	r6_ctx1(s, 0x28808, 0);				/* CB_COLOR_CONTROL: normal */
	r6_colour(s, 0, R_MSAA, R6_CB_SIZE_64X64, CB_INFO_RGBA8_1D | R6_CB_TILE_FRAG);
	r6_ctx1(s, R6_CB_TILE, 0);
	reloc(s, t->meta_reloc ?: R_META);
	r6_ctx1(s, R6_CB_FRAG, FMASK_AT >> 8);
	reloc(s, t->meta_reloc ?: R_META);
	/* FMASK_TILE_MAX: 64 tiles of 8x8 pixels, CMASK_BLOCK_MAX: one block */
	r6_ctx1(s, R6_CB_MASK, (t->fmask_slice ?: 63) << 12);
}

/* The programs, their constant buffer and the VS's vertex buffer */
static void r6_shaders(struct stream *s, const struct tweak *t)
{
	uint32_t ps_res[2] = { 1, 2 };			/* SQ_PGM_RESOURCES/EXPORTS_PS */

	r6_ctx1(s, 0x28840, t->ps_start ?: 512 >> 8);	/* SQ_PGM_START_PS */
	reloc(s, R_PGM);
	ctx(s, 0x28850, 2, ps_res);
	r6_ctx1(s, 0x28858, 0);				/* SQ_PGM_START_VS */
	reloc(s, R_PGM);
	r6_ctx1(s, 0x28868, 3);				/* SQ_PGM_RESOURCES_VS */
	if (!t->cbuf_without_base) {
		r6_ctx1(s, 0x28980, CBUF_AT >> 8);	/* SQ_ALU_CONST_CACHE_VS_0 */
		reloc(s, R_PGM);
	}
	r6_ctx1(s, 0x28180, t->cbuf_size ?: 1);		/* SQ_ALU_CONST_BUFFER_SIZE_VS_0 */
	if (!t->no_fs) {
		r6_ctx1(s, 0x28894, 256 >> 8);		/* SQ_PGM_START_FS */
		reloc(s, R_PGM);
		r6_ctx1(s, 0x288a4, 2);			/* SQ_PGM_RESOURCES_FS */
	}
	if (t->stages)
		r6_ctx1(s, 0x28a40, t->stages);		/* VGT_GS_MODE */
	vertex_buffer(s, t, R6_VS_FETCH_SLOT, 7);
}

/*
 * R6xx/R7xx transform feedback: buffer 0 in the fence buffer at SO_AT,
 * its base by register, and on R7xx by STRMOUT_BASE_UPDATE too (as Mesa
 * does; R6xx has no such packet)
 */
static void r7_streamout(struct stream *s, const struct tweak *t)
{
	uint32_t so[4] = { t->so_dwords ?: SO_DWORDS, 4, SO_AT >> 8, 0 };

	ctx(s, 0x28ad0, 4, so);				/* VGT_STRMOUT_BUFFER_SIZE_0 .. */
	reloc(s, t->so_reloc ?: R_FENCE);
	if (strcmp(ruby_gen()->name, "R600")) {
		emit(s, PKT3(R7_STRMOUT_BASE_UPDATE, 2));
		emit(s, 0);
		emit(s, SO_AT >> 8);
		reloc(s, t->so_reloc ?: R_FENCE);
	}
	r6_ctx1(s, 0x28ab0, 1);				/* VGT_STRMOUT_EN */
	r6_ctx1(s, 0x28b20, 1);				/* VGT_STRMOUT_BUFFER_EN */
}

/* The draw packets R6xx/R7xx have, then the resolve of a multisampled draw */
static void r6_draw(struct stream *s, const struct tweak *t)
{
	plain_draw(s, t);
	if (!t->msaa)
		return;
	r6_colour(s, 1, R_CB, R6_CB_SIZE_64X64, CB_INFO_RGBA8_1D);
	r6_ctx1(s, 0x28808, R6_CB_RESOLVE);
	r6_ctx1(s, 0x28238, 0xff);
	emit(s, PKT3(DRAW_INDEX_AUTO, 2));
	emit(s, 3);
	emit(s, 2);
}

static uint32_t build_r6(struct stream *s, const struct tweak *t)
{
	uint32_t scissor[2] = { 0, 64 | 64 << 16 }, masks[2] = { t->target_mask ?: 0xf, 0xf };

	s->n = 0;
	emit(s, PKT3(CONTEXT_CONTROL, 2));
	emit(s, 0x80000000);
	emit(s, 0x80000000);
	r6_ctx1(s, 0x28010, 0);				/* DB_DEPTH_INFO: no depth */
	ctx(s, 0x28030, 2, scissor);			/* PA_SC_SCREEN_SCISSOR_TL/BR */
	if (t->msaa)
		r6_msaa(s, t);
	else
		r6_colour(s, 0, R_CB, 7 | (t->cb_slice ?: 63) << 10,
			  t->cb_info ?: t->tiled_2d ? CB_INFO_RGBA8_2D : CB_INFO_RGBA8_LINEAR);
	if (t->cb1_without_buffer)
		r6_ctx1(s, R6_CB_INFO + 4, CB_INFO_RGBA8_LINEAR);
	ctx(s, 0x28238, 2, masks);			/* CB_TARGET_MASK, CB_SHADER_MASK */
	ctx(s, 0x28380, 2, (const uint32_t[]){ 0x90, 0x92 });	/* SQ_VTX_SEMANTIC_0/1 */
	r6_shaders(s, t);
	r6_textures_and_depth(s, t);
	if (t->streamout)
		r7_streamout(s, t);
	draw_state(s, t);
	r6_draw(s, t);
	if (t->streamout)
		streamout_end(s, R7_CP_STRMOUT_CNTL);
	fence(s);
	return s->n;
}

/*
 * Hostile triangles every generation refuses for the same reason, whatever
 * its layout; then each generation's own, with its checker's reasons
 */
static const struct tweak bad_all[] = {
	{ "colour buffer slice past its buffer", .cb_slice = 1023,
	  .why = PAST_END },
	{ "colour buffer one slice too big", .cb_slice = 64, .why = PAST_END },
	{ "vertex buffer past its buffer", .vb_size = 4097, .why = PAST_END },
	{ "draw without a fetch shader", .no_fs = true,
	  .why = "draw without its VS, PS and FS programs" },
	{ "pixel shader past its buffer", .ps_start = 16, .why = PAST_END },
	{ "texture of an unknown format", .res_type = 2, .why = "texture format" },
	{ "unknown colour format", .cb_info = (0x3f << 2) | (1 << 8),
	  .why = "colour buffer format" },
	{ "colour target without a buffer", .target_mask = 0xff,
	  .cb1_without_buffer = true, .why = "colour buffer without a buffer" },
	{ "read-only colour buffer", .cb_read_only = true, .why = READ_ONLY },
	{ "indices past their buffer", .draw = 1, .index_count = 1025,
	  .why = PAST_END },
	/* 2048 16-bit indices fit; as 32-bit (INDEX_TYPE not set) not */
	{ "index size unknown", .draw = 1, .index_count = 600,
	  .no_index_type = true, .why = PAST_END },
	{ "unaligned index buffer", .draw = 1, .index_offset = INDICES_AT + 1,
	  .why = "unaligned index buffer" },
	{ "fewer immediate indices than drawn", .draw = 2, .index_count = 5,
	  .why = "fewer immediate indices than drawn" },
	{ "constant buffer past its buffer", .cbuf_size = 13, .why = PAST_END },
	{ "texture mip chain past its buffer", .textured = true, .tex_mip_at = 3328,
	  .why = PAST_END },
	{ "depth buffer's second slice", .depth = true, .db_view = 1 << 13,
	  .why = PAST_END },
	{ "HTILE of 4x4 tiles", .depth = true, .htile_surface = 4,
	  .why = "HTILE of 4-pixel tiles not supported" },
	{ "read-only depth buffer", .depth = true, .db_read_only = true,
	  .why = READ_ONLY },
	{ "four samples in one-sample buffers", .depth = true, .aa_config = 2,
	  .why = PAST_END },
	{ "CMASK and FMASK in the programs' buffer (read-only, small)", .msaa = true,
	  .meta_reloc = R_PGM, .why = READ_ONLY },
	{ "stream-out buffer past its buffer", .streamout = true, .so_dwords = 769,
	  .why = PAST_END },
	{ "stream-out into a read-only buffer", .streamout = true, .so_reloc = R_PGM,
	  .why = READ_ONLY },
	{ "predicate results past their buffer", .predicated = true, .pred_past = 512,
	  .why = PAST_END },
	{ "unaligned predicate results", .predicated = true, .pred_past = 8,
	  .why = "unaligned address" },
	{ "vertex buffer descriptor between two slots", .res_misalign = 2,
	  .why = "resource not on a descriptor" },
};

/* Evergreen/NI's own */
static const struct tweak bad_eg[] = {
	{ "linear depth buffer", .db_z_info = 1,
	  .why = "depth buffer tiling not supported yet" },
	{ "1D-thick colour buffer", .cb_info = (0x1a << 2) | (3 << 8),
	  .why = "colour buffer tiling not supported yet" },
	{ "compressed one-sample colour buffer",
	  .cb_info = CB_INFO_RGBA8_LINEAR | (1 << 18),
	  .why = "colour compression of one sample" },
	{ "VS as domain shader without tessellation", .stages = 1 << 6,
	  .why = "VS stage mode does not match the stages" },
	{ "geometry stages without their programs", .stages = 0xb0,
	  .why = "geometry draw without its ES and GS programs" },
	{ "constant buffer without a base", .cbuf_without_base = true,
	  .why = "constant buffer without a buffer" },
	{ "texture one row past its buffer", .textured = true,
	  .tex_w1 = (256 - 1) | 2u << 28, .why = PAST_END },
	{ "texture pitch below its width", .textured = true,
	  .tex_w0 = 1 | (32 / 8 - 1) << 6 | (64 - 1) << 18,
	  .why = "texture pitch below its width" },
	{ "1D-thick texture", .textured = true, .tex_w1 = (16 - 1) | 3u << 28,
	  .why = "thick tiling not supported" },
	{ "2D mip chain off its macro tile", .textured = true, .tiled_2d = true,
	  .tex_mip_at = 1280, .why = "texture not on a macro tile" },
	{ "2D colour buffer of half a macro tile", .tiled_2d = true,
	  .cb_attrib = CB_ATTRIB_4_BANKS | 3 << 13,	/* bank width 8: 128 pixels */
	  .why = "2D surface not in whole macro tiles" },
	{ "2D tiles of a tile split that does not exist", .tiled_2d = true,
	  .cb_attrib = CB_ATTRIB_4_BANKS | 9 << 5, .why = "tile split" },
	{ "multisampled texture of one sample", .textured = true, .tex_w0 = TEX_W0 | 6,
	  .why = "texture sample count" },
	{ "depth buffer past its buffer", .depth = true, .db_size = 7 | 15 << 11,
	  .why = PAST_END },
	{ "FMASK slice past its buffer", .msaa = true, .fmask_slice = 64,
	  .why = PAST_END },
	{ "indirect arguments past their buffer", .draw = 3, .index_offset = 1012,
	  .why = PAST_END },
	{ "indirect index buffer past its buffer", .draw = 4, .index_count = 1025,
	  .why = PAST_END },
	{ "DRAW_INDEX_2 indices past their buffer", .draw = 5, .index_count = 1025,
	  .why = PAST_END },
	{ "DRAW_INDEX_OFFSET_2 indices past their buffer", .draw = 6,
	  .index_offset = 1000, .index_count = 25, .why = PAST_END },
	{ "end-of-shader fence past its buffer", .streamout = true, .eos_past = 4064,
	  .why = PAST_END },
};

/* R6xx/R7xx's own */
static const struct tweak bad_r6[] = {
	{ "linear depth buffer", .depth = true, .db_z_info = 3 | 1 << 15,
	  .why = "depth buffer tiling not supported" },
	{ "1D-thick colour buffer", .cb_info = (0x1a << 2) | (3 << 8),
	  .why = "colour buffer tiling not supported" },
	{ "geometry scenario without its programs and rings", .stages = 3,
	  .why = "geometry draw without its ES and GS programs" },
	{ "geometry scenario B", .stages = 2, .why = "geometry scenario not supported" },
	{ "constant buffer without a base", .cbuf_without_base = true,
	  .why = "constant buffer without a base" },
	{ "texture one row past its buffer", .textured = true,
	  .tex_w1 = (256 - 1) | TEX_RGBA8 << 26, .why = PAST_END },
	{ "texture pitch below its width", .textured = true,
	  .tex_w0 = 1 | 2 << 3 | (32 / 8 - 1) << 8 | (64 - 1) << 19,
	  .why = "texture pitch below its width" },
	{ "1D-thick texture", .textured = true, .tex_w0 = R6_TEX_W0 + (1 << 3),
	  .why = "texture tiling not supported" },
	/* LAST_LEVEL 4: sixteen samples */
	{ "multisampled texture of 16 samples", .textured = true, .tex_w0 = R6_TEX_W0 | 6,
	  .why = "multisampled texture of too many samples" },
	{ "2D colour buffer of half a macro tile", .tiled_2d = true, .cb_half_macro = true,
	  .why = "2D surface not in whole macro tiles" },
	{ "depth buffer past its buffer", .depth = true, .db_size = 7 | 127 << 10,
	  .why = PAST_END },
	{ "FMASK past its buffer", .msaa = true, .fmask_slice = 64, .why = PAST_END },
};

/**
 * struct draw_gen - how a generation builds the triangles
 * @name: the generation (struct ruby_gen's)
 * @build: the stream builder
 * @last_draw: the last draw kind it has (struct tweak's draw)
 * @streamout: its stream-out is tested here (and @eos: end-of-shader fences)
 * @db_bytes: the depth buffer's buffer: Z and its HTILE
 * @bad: its own hostile triangles (bad_all's besides), @nbad of them
 */
struct draw_gen {
	const char *name;
	uint32_t (*build)(struct stream *s, const struct tweak *t);
	uint32_t last_draw;
	bool streamout, eos;
	uint32_t db_bytes;
	const struct tweak *bad;
	unsigned int nbad;
};

static const struct draw_gen draw_gens[] = {
	{ "R600", build_r6, 2, true, false, DB_BYTES + R6_HTILE_BYTES, bad_r6,
	  ARRAY_SIZE(bad_r6) },
	{ "R700", build_r6, 2, true, false, DB_BYTES + R6_HTILE_BYTES, bad_r6,
	  ARRAY_SIZE(bad_r6) },
	{ "Evergreen", build, 6, true, true, DB_BYTES + HTILE_BYTES, bad_eg, ARRAY_SIZE(bad_eg) },
};

/* The chip's row: Evergreen's for NI too */
static const struct draw_gen *draw_gen(void)
{
	const char *name = ruby_gen()->name;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(draw_gens) - 1; i++)
		if (!strcmp(draw_gens[i].name, name))
			return &draw_gens[i];
	return &draw_gens[ARRAY_SIZE(draw_gens) - 1];
}

FIXTURE(draw) {
	int fd;
	uint32_t bo[NRELOCS];
	uint32_t *fence;
};

FIXTURE_SETUP(draw)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
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
	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0,
				    &self->bo[R_TEX]), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, draw_gen()->db_bytes, RADEON_GEM_DOMAIN_VRAM,
				    0, &self->bo[R_DB]), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, MSAA_BYTES, RADEON_GEM_DOMAIN_VRAM, 0,
				    &self->bo[R_MSAA]), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, META_BYTES, RADEON_GEM_DOMAIN_VRAM, 0,
				    &self->bo[R_META]), 0);
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
	memcpy(p + ARGS_AT, (const uint32_t[]){ 3, 1, 0, 0, 0 }, 20);
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

static int submit(int fd, const uint32_t *bo, const struct stream *s, bool cb_ro,
		  bool db_ro)
{
	struct drm_radeon_cs_reloc relocs[NRELOCS] = {
		[R_CB] = { bo[R_CB], RADEON_GEM_DOMAIN_VRAM,
			   cb_ro ? 0 : RADEON_GEM_DOMAIN_VRAM, 0 },
		[R_PGM] = { bo[R_PGM], RADEON_GEM_DOMAIN_GTT, 0, 0 },
		[R_VB] = { bo[R_VB], RADEON_GEM_DOMAIN_GTT, 0, 0 },
		[R_FENCE] = { bo[R_FENCE], RADEON_GEM_DOMAIN_GTT, RADEON_GEM_DOMAIN_GTT, 0 },
		[R_TEX] = { bo[R_TEX], RADEON_GEM_DOMAIN_GTT, 0, 0 },
		[R_DB] = { bo[R_DB], RADEON_GEM_DOMAIN_VRAM,
			   db_ro ? 0 : RADEON_GEM_DOMAIN_VRAM, 0 },
		[R_MSAA] = { bo[R_MSAA], RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_VRAM, 0 },
		[R_META] = { bo[R_META], RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_VRAM, 0 },
	};

	/* as Mesa submits: the stream's tiling fields stand */
	const uint32_t flags[2] = { RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_GFX };

	return radeon_cs(fd, s->dw, s->n, relocs, NRELOCS, flags, 2);
}

TEST_F(draw, triangle_runs_to_its_fence)
{
	const struct tweak none = { "the triangle" };
	struct stream s;

	draw_gen()->build(&s, &none);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_CB]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
}

TEST_F(draw, indirect_triangles)
{
	const struct tweak kinds[] = {
		{ "indirect", .draw = 3 }, { "indirect indexed", .draw = 4 },
	};
	struct stream s;
	unsigned int i;

	if (draw_gen()->last_draw < 3)
		SKIP(return, "%s", ruby_gen()->evergreen_only);
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		TH_LOG("%s", kinds[i].name);
		self->fence[0] = 0;
		build(&s, &kinds[i]);
		ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
		ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
		EXPECT_EQ(self->fence[0], 0x7a1a);
	}
}

TEST_F(draw, indexed_and_immediate_triangles)
{
	const struct tweak draws[] = {
		{ "indexed", .draw = 1 }, { "immediate", .draw = 2 },
		{ "DRAW_INDEX_2", .draw = 5 }, { "DRAW_INDEX_OFFSET_2", .draw = 6 },
	};
	const struct draw_gen *gen = draw_gen();
	struct stream s;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(draws); i++) {
		/* DRAW_INDEX_2 and DRAW_INDEX_OFFSET_2 are Evergreen's */
		if (draws[i].draw > gen->last_draw)
			continue;
		TH_LOG("%s", draws[i].name);
		self->fence[0] = 0;
		gen->build(&s, &draws[i]);
		ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
		ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
		EXPECT_EQ(self->fence[0], 0x7a1a);
	}
}

TEST_F(draw, textured_triangle_with_depth_runs_to_its_fence)
{
	const struct tweak full = { "textured, depth", .textured = true, .depth = true };
	struct stream s;

	draw_gen()->build(&s, &full);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_DB]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
}

TEST_F(draw, tiled_2d_surfaces_run_to_their_fence)
{
	const struct tweak full = { "2D tiles", .textured = true, .depth = true,
				    .tiled_2d = true };
	struct stream s;

	draw_gen()->build(&s, &full);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
}

/*
 * Four samples a pixel with fast clears and compression (CMASK and FMASK
 * bounded), resolved into a one-sample buffer: both draws run to the fence.
 */
TEST_F(draw, multisampled_triangle_resolves_to_its_fence)
{
	const struct tweak msaa = { "4x MSAA and a resolve", .msaa = true };
	struct stream s;

	draw_gen()->build(&s, &msaa);
	ASSERT_LT(s.n, 384);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
}

/* A draw predicated on occlusion results the CP reads from a buffer */
TEST_F(draw, predicated_triangle_runs_to_its_fence)
{
	const struct tweak pred = { "predicated", .predicated = true };
	struct stream s;

	draw_gen()->build(&s, &pred);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
}

/*
 * Transform feedback ended as Mesa ends it: the stream-out flush, a
 * WAIT_REG_MEM until CP_STRMOUT_CNTL says the filled sizes are in, the
 * filled size stored. A GPU finishes it at once; a wait that never ends
 * would be reset by the lockup timeout, and the fence still written
 * after the reset: so the reset count must not move.
 */
TEST_F(draw, transform_feedback_and_end_of_shader_fence)
{
	const struct tweak so = { "stream-out", .streamout = true };
	uint64_t resets = radeon_reset_count(self->fd);
	const struct draw_gen *gen = draw_gen();
	struct stream s;

	if (!gen->streamout)
		SKIP(return, "R6xx has no stream-out");
	self->fence[EOS_AT / 4] = 0;
	self->fence[FILLED_AT / 4] = 0xdead;
	gen->build(&s, &so);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
	/* R7xx has no end-of-shader fence */
	EXPECT_EQ(self->fence[EOS_AT / 4], gen->eos ? EOS_VALUE : 0);
	/* three vertices of four dwords each (VGT_STRMOUT_VTX_STRIDE_0) */
	EXPECT_EQ(self->fence[FILLED_AT / 4], 3 * 16);
	EXPECT_EQ(radeon_reset_count(self->fd), resets);
}

/*
 * Transform feedback of a DRAW_AUTO: five vertices' worth of filled size
 * (80 bytes at a stride of four dwords), which the VGT draws, and whose
 * stream-out moves the buffer's filled size by as much
 */
TEST_F(draw, draw_auto_draws_the_filled_size)
{
	const struct tweak so = { "DRAW_AUTO", .streamout = true, .draw = 7 };
	const struct draw_gen *gen = draw_gen();
	struct stream s;

	if (!gen->streamout)
		SKIP(return, "R6xx has no stream-out");
	self->fence[FILLED_AT / 4] = 0xdead;
	self->fence[AUTO_FILLED_AT / 4] = 5 * 16;
	gen->build(&s, &so);
	ASSERT_EQ(submit(self->fd, self->bo, &s, false, false), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	EXPECT_EQ(self->fence[0], 0x7a1a);
	EXPECT_EQ(self->fence[FILLED_AT / 4], 5 * 16);
}

/*
 * An R6xx/R7xx 2D macro tile is 8 x pipes rows of pixels tall (the pipes
 * INFO gives, as the checker has them): the 64-pixel-wide colour buffer of
 * @t gets half as many rows, whole 8x8 tiles but half a macro tile.
 */
static int half_macro_tile(int fd, struct tweak *t)
{
	uint64_t pipes = 0;
	int ret = radeon_info(fd, RADEON_INFO_NUM_TILE_PIPES, &pipes);

	if (ret || !pipes)
		return ret ?: -EINVAL;
	/* 4 x pipes rows of 64 pixels: 4 x pipes 8x8 tiles a slice */
	t->cb_slice = 4 * pipes - 1;
	return 0;
}

TEST_F(draw, hostile_triangles_are_refused)
{
	const struct draw_gen *gen = draw_gen();
	struct stream s;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_all) + gen->nbad; i++) {
		struct tweak bad = i < ARRAY_SIZE(bad_all) ? bad_all[i] :
				   gen->bad[i - ARRAY_SIZE(bad_all)];

		if (bad.streamout && !gen->streamout)
			continue;
		if (bad.cb_half_macro)
			ASSERT_EQ(half_macro_tile(self->fd, &bad), 0);
		TH_LOG("%s", bad.name);
		gen->build(&s, &bad);
		EXPECT_REFUSED(submit(self->fd, self->bo, &s, bad.cb_read_only,
				      bad.db_read_only), bad.why);
	}
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo[R_FENCE]), 0);
	/* none of them ran to the fence write */
	EXPECT_EQ(self->fence[0], 0);
}

TEST_HARNESS_MAIN
