// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: DCE4 vblank and page flips
 *
 * A DCE4 CRTC counts lines from its vertical sync pulse: its active lines
 * are [V_BLANK_END, V_BLANK_START) of CRTC_V_BLANK_START_END, and its
 * frame counter (CRTC_STATUS_FRAME_COUNT, 24 bits) steps at line 0, the
 * sync, not where vblank begins. DRM wants a counter that steps at the
 * vblank interrupt, so ruby counts one more frame from V_BLANK_START to
 * the end of the frame; the counter and the line are read around each
 * other until no frame began between them.
 *
 * The vblank interrupt (LB_INT_MASK.VBLANK, IH source n + 1 with data 0)
 * is acknowledged in LB_VBLANK_STATUS; the page-flip one (GRPH_INT_CONTROL,
 * IH source 8 + 2n) says the surface address written under GRPH_UPDATE's
 * lock was latched at the vblank, and is acknowledged in GRPH_INT_STATUS.
 * The vline interrupts (the other data of sources 1-6) are not used.
 */

#include <linux/bitfield.h>

#include <kunit/visibility.h>

#include "../regs/dce4_regs.h"
#include "../ruby_device.h"
#include "../ruby_display.h"
#include "../ruby_ih.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

static u32 dce4_r(struct ruby_device *rdev, unsigned int crtc, u32 reg)
{
	return ruby_read32(rdev, DCE4_CRTC_REG(reg, crtc));
}

static void dce4_w(struct ruby_device *rdev, unsigned int crtc, u32 reg, u32 val)
{
	ruby_write32(rdev, DCE4_CRTC_REG(reg, crtc), val);
}

/**
 * evergreen_vblank_count - the vblank counter at a point of the frame
 * @frames: CRTC_STATUS_FRAME_COUNT (frames begun, stepping at line 0)
 * @line: the line then
 * @vbl_start: the first line of the vblank at the frame's end
 *
 * Returns: the vblanks begun, modulo the counter's 24 bits.
 */
u32 evergreen_vblank_count(u32 frames, u32 line, u32 vbl_start)
{
	return (frames + (line >= vbl_start)) & CRTC_FRAME_COUNT_MAX;
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_vblank_count);

/**
 * evergreen_vblank_vpos - a line as DRM's scanout position
 * @line: the line counter (0 at the vertical sync)
 * @vbl_start: first line of the vblank
 * @vbl_end: first active line
 * @vtotal: lines per frame
 * @vpos: lines since the first active line, out; negative in the vblank,
 *	counting up to 0 at the next active line
 *
 * Returns: whether @line is in the vblank.
 */
bool evergreen_vblank_vpos(u32 line, u32 vbl_start, u32 vbl_end, u32 vtotal, int *vpos)
{
	*vpos = (int)line - (int)vbl_end;
	if (line >= vbl_start)
		*vpos -= vtotal;
	return line >= vbl_start || line < vbl_end;
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_vblank_vpos);

void evergreen_vblank_irq(struct ruby_device *rdev, unsigned int crtc, bool on)
{
	dce4_w(rdev, crtc, LB_INT_MASK, on ? LB_VBLANK_INT_MASK : 0);
}

void evergreen_flip_irq(struct ruby_device *rdev, unsigned int crtc, bool on)
{
	dce4_w(rdev, crtc, GRPH_INT_CONTROL, on ? GRPH_PFLIP_INT_MASK : 0);
}

/* the line counter, and the frame counter read while on that frame */
static u32 dce4_frame_and_line(struct ruby_device *rdev, unsigned int crtc, u32 *line)
{
	u32 before, frames, after;

	after = FIELD_GET(CRTC_POSITION_V, dce4_r(rdev, crtc, CRTC_STATUS_POSITION));
	do {
		before = after;
		frames = dce4_r(rdev, crtc, CRTC_STATUS_FRAME_COUNT);
		after = FIELD_GET(CRTC_POSITION_V, dce4_r(rdev, crtc, CRTC_STATUS_POSITION));
	} while (after < before);	/* line 0 passed: the count may be the next frame's */
	*line = after;
	return frames;
}

u32 evergreen_vblank_counter(struct ruby_device *rdev, unsigned int crtc)
{
	u32 vbl = dce4_r(rdev, crtc, CRTC_V_BLANK_START_END), line, frames;

	frames = dce4_frame_and_line(rdev, crtc, &line);
	return evergreen_vblank_count(frames, line, FIELD_GET(CRTC_V_BLANK_START, vbl));
}

bool evergreen_scanout_pos(struct ruby_device *rdev, unsigned int crtc, int *vpos, int *hpos)
{
	u32 vbl = dce4_r(rdev, crtc, CRTC_V_BLANK_START_END);
	u32 vtotal = dce4_r(rdev, crtc, CRTC_V_TOTAL) + 1;
	u32 pos = dce4_r(rdev, crtc, CRTC_STATUS_POSITION);

	*hpos = FIELD_GET(CRTC_POSITION_H, pos);
	return evergreen_vblank_vpos(FIELD_GET(CRTC_POSITION_V, pos),
				     FIELD_GET(CRTC_V_BLANK_START, vbl),
				     FIELD_GET(CRTC_V_BLANK_END, vbl), vtotal, vpos);
}

bool evergreen_flip_pending(struct ruby_device *rdev, unsigned int crtc)
{
	return dce4_r(rdev, crtc, GRPH_UPDATE) & GRPH_UPDATE_SURFACE_PENDING;
}

enum ruby_display_irq evergreen_irq_ack(struct ruby_device *rdev, const struct ruby_iv *iv,
					unsigned int *crtc)
{
	unsigned int n = evergreen_num_crtc(rdev);

	if (iv->src_id >= DCE4_IH_SRC_VBLANK1 && iv->src_id < DCE4_IH_SRC_VBLANK1 + n &&
	    !iv->src_data) {
		*crtc = iv->src_id - DCE4_IH_SRC_VBLANK1;
		dce4_w(rdev, *crtc, LB_VBLANK_STATUS, LB_VBLANK_ACK);
		return RUBY_DISPLAY_IRQ_VBLANK;
	}
	if (iv->src_id >= DCE4_IH_SRC_PFLIP1 && iv->src_id < DCE4_IH_SRC_PFLIP1 + 2 * n &&
	    !((iv->src_id - DCE4_IH_SRC_PFLIP1) % 2)) {
		*crtc = (iv->src_id - DCE4_IH_SRC_PFLIP1) / 2;
		dce4_w(rdev, *crtc, GRPH_INT_STATUS, GRPH_PFLIP_INT_CLEAR);
		return RUBY_DISPLAY_IRQ_PFLIP;
	}
	if (iv->src_id == DCE4_IH_SRC_HPD)
		return evergreen_dce_hpd_irq_ack(rdev, iv->src_data, crtc);
	return RUBY_DISPLAY_IRQ_NONE;
}
