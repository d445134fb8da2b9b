// SPDX-License-Identifier: GPL-2.0-only
/*
 * DCE4's hardware cursor, one per CRTC, as the scanout's frames show it.
 *
 * Registers (per CRTC, at the CRTC's offset): CUR_CONTROL (bit 0 enable,
 * bits 9:8 mode, bit 16 2x magnify), CUR_SURFACE_ADDRESS (4 KiB aligned)
 * and CUR_SURFACE_ADDRESS_HIGH, CUR_SIZE ((width - 1) << 16 | (height - 1),
 * up to 64x64), CUR_POSITION (x << 16 | y, in the surface's coordinates,
 * as the viewport's start is), CUR_HOT_SPOT (x << 16 | y: the image's
 * pixel that sits at the position), CUR_COLOR1/2 (monochrome modes) and
 * CUR_UPDATE. The registers are double buffered: a write takes effect at
 * once unless CUR_UPDATE.LOCK (bit 16) is set, in which case what was
 * written is held (CUR_UPDATE.PENDING, bit 0, reads 1) until the lock is
 * released, and then all of it takes effect together.
 *
 * The image is read row after row with a pitch of the cursor's width: the
 * cursor has no pitch register. A cursor partly off the top or left edge
 * is placed with the hot spot: position 0 and a hot spot of the pixels
 * that are off the screen (the position cannot be negative).
 *
 * Composition: the cursor is blended over the frame after the CRTC's LUT
 * (the LUT is the graphics surface's; the cursor's colours are shown as
 * they are), in the 8 bits per channel the PNG has:
 *   premultiplied (mode 2):   out = min(255, c + (bg * (255 - a) + 127) / 255)
 *   straight alpha (mode 3):  out = (c * a + bg * (255 - a) + 127) / 255
 * The monochrome modes (0, 1) and 2x magnification are not modelled: a
 * frame with such a cursor on is logged as SCANOUT-UNMODELLED.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models.h"
#include "vbios.h"

#define NCRTC			4
#define CUR_CONTROL		0x6998
#define CUR_EN			(1u << 0)
#define CUR_MODE(c)		(((c) >> 8) & 3)
#define CUR_MODE_PREMULT	2
#define CUR_MODE_STRAIGHT	3
#define CUR_2X_MAGNIFY		(1u << 16)
#define CUR_SURFACE_ADDRESS	0x699c
#define CUR_ADDRESS_MASK	0xfffff000u
#define CUR_SIZE		0x69a0
#define CUR_SURFACE_HIGH	0x69a4
#define CUR_POSITION		0x69a8
#define CUR_HOT_SPOT		0x69ac
#define CUR_COLOR1		0x69b0
#define CUR_COLOR2		0x69b4
#define CUR_UPDATE		0x69b8
#define CUR_UPDATE_PENDING	(1u << 0)
#define CUR_UPDATE_LOCK		(1u << 16)
#define CUR_NREGS		((CUR_UPDATE - CUR_CONTROL) / 4)

/* per CRTC: what the hardware uses, and whether a locked write waits */
struct sim_cursor {
	uint32_t live[CUR_NREGS];
	bool pending;
};

static struct sim_cursor cursors[NCRTC];

/* the CRTC of one of its cursor registers */
static unsigned int cursor_crtc(uint32_t offset)
{
	unsigned int i;

	for (i = 0; i < NCRTC; i++)
		if (offset - vbios_crtc_offset[i] >= CUR_CONTROL &&
		    offset - vbios_crtc_offset[i] <= CUR_UPDATE)
			return i;
	return 0;
}

static uint32_t live(unsigned int crtc, uint32_t reg)
{
	return cursors[crtc].live[(reg - CUR_CONTROL) / 4];
}

/* the registers written take effect: the lock is off, or released */
static void cursor_latch(const struct sim *sim, unsigned int crtc)
{
	unsigned int i;

	for (i = 0; i < CUR_NREGS; i++)
		cursors[crtc].live[i] = sim_reg_get(sim, CUR_CONTROL + 4 * i +
						    vbios_crtc_offset[crtc]);
	cursors[crtc].pending = false;
}

static void cursor_reg_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int crtc = cursor_crtc(reg->offset);

	sim_reg_set(sim, reg->offset, val);
	if (sim_reg_get(sim, CUR_UPDATE + vbios_crtc_offset[crtc]) & CUR_UPDATE_LOCK)
		cursors[crtc].pending = true;
	else
		cursor_latch(sim, crtc);
}

static void cursor_update_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int crtc = cursor_crtc(reg->offset);

	sim_reg_set(sim, reg->offset, val & CUR_UPDATE_LOCK);
	if (!(val & CUR_UPDATE_LOCK) && cursors[crtc].pending)
		cursor_latch(sim, crtc);
}

static uint32_t cursor_update_read(struct sim *sim, const struct sim_reg *reg)
{
	unsigned int crtc = cursor_crtc(reg->offset);

	return sim_reg_get(sim, reg->offset) | (cursors[crtc].pending ? CUR_UPDATE_PENDING : 0);
}

/* one channel of the cursor's pixel @c (alpha @a) over the frame's @bg */
static uint8_t blend(unsigned int mode, unsigned int c, unsigned int a, unsigned int bg)
{
	unsigned int out;

	if (mode == CUR_MODE_STRAIGHT)
		return (c * a + bg * (255 - a) + 127) / 255;
	out = c + (bg * (255 - a) + 127) / 255;
	return out > 255 ? 255 : out;
}

/* the cursor's row @j blended into the frame's row @y from column @x0 */
static void blend_row(unsigned int mode, const uint8_t *row, unsigned int cw, int x0,
		      uint8_t *frame_row, unsigned int w)
{
	unsigned int i, c;

	for (i = 0; i < cw; i++) {
		const uint8_t *p = row + 4 * i;	/* B, G, R, A */
		int x = x0 + (int)i;

		if (x < 0 || x >= (int)w)
			continue;
		for (c = 0; c < 3; c++)
			frame_row[3 * x + c] = blend(mode, p[2 - c], p[3], frame_row[3 * x + c]);
	}
}

/**
 * sim_cursor_blend - the CRTC's cursor, if on, blended into its frame
 * @sim: the simulator
 * @crtc: the CRTC
 * @rgb: the frame, @w x @h, 8-bit RGB after the LUT
 * @vx: the surface's column the frame's first one shows (viewport start)
 * @vy: its row
 *
 * Returns: 0, or -1 if the cursor is in a mode not modelled or unreadable
 * (logged).
 */
int sim_cursor_blend(struct sim *sim, unsigned int crtc, uint8_t *rgb, unsigned int w,
		     unsigned int h, unsigned int vx, unsigned int vy)
{
	uint32_t ctl = live(crtc, CUR_CONTROL), size = live(crtc, CUR_SIZE);
	uint32_t pos = live(crtc, CUR_POSITION), hot = live(crtc, CUR_HOT_SPOT);
	unsigned int cw = (size >> 16 & 0x3f) + 1, ch = (size & 0x3f) + 1, j;
	int x0 = (int)(pos >> 16 & 0x3fff) - (int)(hot >> 16 & 0x3f) - (int)vx;
	int y0 = (int)(pos & 0x3fff) - (int)(hot & 0x3f) - (int)vy;
	uint64_t addr = (uint64_t)live(crtc, CUR_SURFACE_HIGH) << 32 |
			(live(crtc, CUR_SURFACE_ADDRESS) & CUR_ADDRESS_MASK);
	uint8_t row[64 * 4];

	if (!(ctl & CUR_EN))
		return 0;
	if (CUR_MODE(ctl) < CUR_MODE_PREMULT || (ctl & CUR_2X_MAGNIFY)) {
		sim_log(sim, "SCANOUT-UNMODELLED crtc%u cursor control=%#x", crtc, ctl);
		return -1;
	}
	for (j = 0; j < ch; j++) {
		int y = y0 + (int)j;

		if (y < 0 || y >= (int)h)
			continue;
		if (sim_gpu_read(sim, addr + (uint64_t)j * cw * 4, row, (size_t)cw * 4)) {
			sim_log(sim, "scanout crtc%u cursor unreadable at %#llx", crtc,
				(unsigned long long)addr);
			return -1;
		}
		blend_row(CUR_MODE(ctl), row, cw, x0, rgb + (size_t)y * w * 3, w);
	}
	sim_log(sim, "scanout crtc%u cursor %ux%u at (%d, %d) mode=%u addr=%#llx", crtc, cw, ch,
		x0, y0, CUR_MODE(ctl), (unsigned long long)addr);
	return 0;
}

#define CR(n, o, off, name)	{ (off) + (o), "CRTC" #n "_" name, 0, NULL, cursor_reg_write }
#define CURSOR_REGS(n, o)						\
	CR(n, o, CUR_CONTROL, "CUR_CONTROL"),				\
	CR(n, o, CUR_SURFACE_ADDRESS, "CUR_SURFACE_ADDRESS"),		\
	CR(n, o, CUR_SIZE, "CUR_SIZE"),					\
	CR(n, o, CUR_SURFACE_HIGH, "CUR_SURFACE_ADDRESS_HIGH"),		\
	CR(n, o, CUR_POSITION, "CUR_POSITION"),				\
	CR(n, o, CUR_HOT_SPOT, "CUR_HOT_SPOT"),				\
	CR(n, o, CUR_COLOR1, "CUR_COLOR1"),				\
	CR(n, o, CUR_COLOR2, "CUR_COLOR2"),				\
	{ CUR_UPDATE + (o), "CRTC" #n "_CUR_UPDATE", 0, cursor_update_read, cursor_update_write }

static const struct sim_reg cursor_regs[] = {
	CURSOR_REGS(0, 0x0000), CURSOR_REGS(1, 0x0c00), CURSOR_REGS(2, 0x9800),
	CURSOR_REGS(3, 0xa400),
};

static const struct sim_block cursor_block = {
	.name = "dce4-cursors",
	.regs = cursor_regs,
	.nregs = sizeof(cursor_regs) / sizeof(cursor_regs[0]),
};

/* the CRTCs' cursors, off */
void sim_cursor_init(struct sim *sim)
{
	memset(cursors, 0, sizeof(cursors));
	sim_regs_add_block(sim, &cursor_block);
}
