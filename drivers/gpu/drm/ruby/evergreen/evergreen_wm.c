// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: DCE4 line buffer and watermarks
 *
 * Display controllers come in pairs (0-1, 2-3, 4-5) that share a line
 * buffer of 15360 entries. DC_LB_MEMORY_SPLIT gives each its part: all of
 * it while the partner is off, else a half (the even controller's from
 * the start, the odd one's from the end). Two controllers on the same part
 * would overwrite each other's lines.
 *
 * A controller's reads compete with the engines' for memory. The arbiter
 * serves it first once its line buffer runs below its priority mark
 * (PRIORITY_A/B_CNT, in units of 16 pixels), and its latency watermark
 * (PIPEn_LATENCY_CONTROL, ns) is how long it can wait for data. Both come
 * from the worst wait for a request: the memory's latency, plus the time
 * a chunk of every other controller (and its cursor) takes to come back
 * at the bandwidth the display gets, plus the controller's own pipeline
 * delay; plus, when refilling two lines takes longer than a line's active
 * part, the difference. The mark is what the controller reads during that
 * wait. If the display's average needs exceed its share of the memory's
 * bandwidth, or the line buffer cannot cover the wait, the controller's
 * priority is forced on: a controller that underflows shows garbage.
 *
 * Without a controller's setup the hardware underflows under load, so
 * every CRTC switched on or off reprograms all of them.
 * ruby has no power management: the clocks are the video BIOS's boot
 * clocks, and the two watermark sets (A for high clocks, B for low) are
 * the same. The figures assume 4 bytes a pixel, the most a primary plane
 * scans, so a flip to another format never needs new watermarks.
 */

#include <linux/bitfield.h>
#include <linux/math64.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>

#include <drm/drm_modes.h>

#include <kunit/visibility.h>

#include "../regs/dce4_regs.h"
#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_display.h"
#include "../ruby_mmio.h"
#include "../ruby_vbios.h"
#include "evergreen.h"

/* The line buffer a pair of controllers shares, in entries */
#define DCE4_LB_ENTRIES		15360
/* Memory latency the arbiter sees, ns */
#define DCE4_MC_LATENCY_NS	2000
/* A chunk a controller reads, and a cursor line pair, in bytes */
#define DCE4_CHUNK_BYTES	4096
#define DCE4_CURSOR_BYTES	512
/* Bytes a pixel, and the lines a controller refills at once */
#define DCE4_WM_CPP		4
#define DCE4_WM_LINES		2
/* ns per kHz of pixel clock for the display pipeline's own delay */
#define DCE4_DC_DELAY		40000000u

/*
 * The bandwidth the display gets, MB/s: what the memory delivers (4
 * bytes a channel a memory clock, 70% of it usable) and what the engine
 * returns (32 bytes an engine clock, 80%), whichever is less; and the
 * display's own share of the memory's (30%).
 */
static u32 dce4_wm_return_bw(const struct dce4_wm_in *in)
{
	u32 dram = in->mclk_khz / 1000 * in->dram_channels * 4 * 7 / 10;
	u32 engine = in->sclk_khz / 1000 * 32 * 8 / 10;

	return max(min(dram, engine), 1u);
}

static u32 dce4_wm_dram_share(const struct dce4_wm_in *in)
{
	return in->mclk_khz / 1000 * in->dram_channels * 4 * 3 / 10;
}

/* The worst wait for a request of one of @in->heads controllers, ns */
static u32 dce4_wm_latency(const struct dce4_wm_in *in, u32 bw, u32 active_ns)
{
	u32 chunk_ns = DCE4_CHUNK_BYTES * 1000 / bw;
	u32 cursor_ns = DCE4_CURSOR_BYTES * 1000 / bw;
	u32 wait = DCE4_MC_LATENCY_NS + (in->heads + 1) * chunk_ns +
		   in->heads * cursor_ns + DCE4_DC_DELAY / in->pixel_khz;
	u32 fill_bw = min(bw / in->heads, in->pixel_khz * DCE4_WM_CPP / 1000);
	u32 fill_ns = DCE4_WM_LINES * in->hdisplay * DCE4_WM_CPP * 1000 / max(fill_bw, 1u);

	return wait + (fill_ns > active_ns ? fill_ns - active_ns : 0);
}

/**
 * evergreen_dce_watermark - one controller's watermarks for a mode
 * @in: the mode, the controller's line buffer share and the memory's
 *	clocks; @in->heads, @in->pixel_khz and @in->htotal not 0
 * @wm: out: the latency watermark and line time (ns, at most 65535),
 *	the priority mark (16-pixel units) and whether priority must be on
 */
void evergreen_dce_watermark(const struct dce4_wm_in *in, struct dce4_wm *wm)
{
	u32 line_ns = div_u64((u64)in->htotal * 1000000, in->pixel_khz);
	u32 active_ns = div_u64((u64)in->hdisplay * 1000000, in->pixel_khz);
	u32 bw = dce4_wm_return_bw(in);
	u32 latency = dce4_wm_latency(in, bw, active_ns);
	/* MB/s the controller reads on average */
	u32 need = div_u64((u64)in->hdisplay * DCE4_WM_CPP * 1000, max(line_ns, 1u));
	/* lines the buffer holds beyond the one being read cover the wait */
	u32 hide_lines = in->lb_entries / in->hdisplay > 2 ? 2 : 1;
	u32 hidden = hide_lines * line_ns + (line_ns - active_ns);

	wm->latency_ns = min(latency, 65535u);
	wm->line_ns = min(line_ns, 65535u);
	wm->mark = min_t(u64, div_u64((u64)latency * in->pixel_khz, 1000000u * 16),
			 PRIORITY_MARK);
	wm->force_high = need > dce4_wm_dram_share(in) || need > bw / in->heads ||
			 latency > hidden;
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_watermark);

/* MC_SHARED_CHMAP's channel count, as the memory controller has it */
static u32 dce4_dram_channels(struct ruby_device *rdev)
{
	return 1u << FIELD_GET(MC_SHARED_CHMAP_NOOFCHAN, ruby_read32(rdev, MC_SHARED_CHMAP));
}

static void dce4_write_wm(struct ruby_device *rdev, unsigned int crtc, const struct dce4_wm *wm)
{
	struct ruby_reg arb_reg = DCE4_PIPE_REG(PIPE0_ARBITRATION_CONTROL3, crtc);
	u32 arb = ruby_read32(rdev, arb_reg) & ~LATENCY_WATERMARK_MASK;
	u32 latency = FIELD_PREP(LATENCY_LOW_WATERMARK, wm->latency_ns) |
		      FIELD_PREP(LATENCY_HIGH_WATERMARK, wm->line_ns);
	u32 prio = FIELD_PREP(PRIORITY_MARK, wm->mark) |
		   (wm->force_high ? PRIORITY_ALWAYS_ON : 0);

	/* the same figures in set A and set B; A stays selected */
	ruby_write32(rdev, arb_reg, arb | FIELD_PREP(LATENCY_WATERMARK_MASK, LATENCY_WATERMARK_B));
	ruby_write32(rdev, DCE4_PIPE_REG(PIPE0_LATENCY_CONTROL, crtc), latency);
	ruby_write32(rdev, arb_reg, arb | FIELD_PREP(LATENCY_WATERMARK_MASK, LATENCY_WATERMARK_A));
	ruby_write32(rdev, DCE4_PIPE_REG(PIPE0_LATENCY_CONTROL, crtc), latency);
	ruby_write32(rdev, DCE4_CRTC_REG(PRIORITY_A_CNT, crtc), prio);
	ruby_write32(rdev, DCE4_CRTC_REG(PRIORITY_B_CNT, crtc), prio);
}

/* A controller's line buffer share for who runs, and its size */
static u32 dce4_lb_split(unsigned int crtc, bool on, bool partner_on, u32 *entries)
{
	bool whole = on && !partner_on;

	*entries = whole ? DCE4_LB_ENTRIES : DCE4_LB_ENTRIES / 2;
	return FIELD_PREP(DC_LB_MEMORY_CONFIG, whole ? DC_LB_WHOLE : DC_LB_HALF) |
	       (crtc & 1 ? DC_LB_SECOND : 0);
}

/**
 * evergreen_dce_bandwidth - line buffer and watermarks for what runs
 * @rdev: the device, with a video BIOS (display exists only then)
 * @modes: each CRTC's mode, NULL for a CRTC that is off
 *
 * Called from commit tails, under &ruby_display.bw_lock.
 */
void evergreen_dce_bandwidth(struct ruby_device *rdev,
			     const struct drm_display_mode *const *modes)
{
	const struct ruby_atom_firmware_info *fw = &rdev->vbios->fw;
	unsigned int n = rdev->display->num_crtc, crtc;
	struct dce4_wm_in in = {
		.sclk_khz = fw->default_sclk * 10,
		.mclk_khz = fw->default_mclk * 10,
		.dram_channels = dce4_dram_channels(rdev),
	};
	struct dce4_wm wm;

	lockdep_assert_held(&rdev->display->bw_lock);
	for (crtc = 0; crtc < n; crtc++)
		in.heads += !!modes[crtc];
	for (crtc = 0; crtc < n; crtc++) {
		const struct drm_display_mode *mode = modes[crtc];
		bool partner = (crtc ^ 1) < n && modes[crtc ^ 1];

		ruby_write32(rdev, DCE4_CRTC_REG(DC_LB_MEMORY_SPLIT, crtc),
			     dce4_lb_split(crtc, mode, partner, &in.lb_entries));
		if (!mode) {
			ruby_write32(rdev, DCE4_CRTC_REG(PRIORITY_A_CNT, crtc), PRIORITY_OFF);
			ruby_write32(rdev, DCE4_CRTC_REG(PRIORITY_B_CNT, crtc), PRIORITY_OFF);
			continue;
		}
		in.pixel_khz = mode->crtc_clock;
		in.htotal = mode->crtc_htotal;
		in.hdisplay = mode->crtc_hdisplay;
		evergreen_dce_watermark(&in, &wm);
		dce4_write_wm(rdev, crtc, &wm);
	}
}
