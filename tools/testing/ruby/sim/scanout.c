// SPDX-License-Identifier: GPL-2.0-only
/*
 * DCE4's display controllers on the simulated board, as far as a modeset
 * needs them: per CRTC the timing registers, master enable and blanking
 * (which the VBIOS's command tables program), the GRPH surface and
 * viewport registers and the 256-entry LUT (which the driver programs);
 * the two pixel PLLs (held to what AdjustDisplayPll asked when they lock,
 * pll.c) and the DIG encoders, UNIPHY transmitters and DACs the command
 * tables switch.
 *
 * The screen: when a CRTC that scans a surface out is switched off
 * (CRTC_CONTROL.MASTER_EN 1 -> 0), when the surface of a CRTC that stays on
 * is (GRPH_ENABLE 1 -> 0: its client went away and the kernel took its
 * framebuffer off the plane), or when the simulator exits with it on, the
 * frame it shows is decoded from VRAM (format, pitch, viewport, the LUT)
 * and logged ("scanout crtcN ..."); with --scanout-dir it is also written
 * there as a PNG (scanout-crtcN-K.png, K counting from 1), with the CRTC's
 * cursor blended in (cursor.c). Linear and
 * 1D/2D-tiled surfaces (read in row order: the simulator keeps tiled
 * surfaces so everywhere) in ARGB8888, ARGB2101010 and RGB565, without
 * endian swap, are modelled; anything else is logged as
 * SCANOUT-UNMODELLED.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models.h"
#include "png.h"
#include "vbios.h"

#define NCRTC			4
#define GRPH_ENABLE		0x6800
#define GRPH_CONTROL		0x6804
#define GRPH_LUT_10BIT_BYPASS	0x6808
#define GRPH_SWAP_CONTROL	0x680c
#define GRPH_PRIMARY		0x6810
#define GRPH_SECONDARY		0x6814
#define GRPH_PITCH		0x6818
#define GRPH_PRIMARY_HIGH	0x681c
#define GRPH_SECONDARY_HIGH	0x6820
#define GRPH_OFFSET_X		0x6824
#define GRPH_OFFSET_Y		0x6828
#define GRPH_X_START		0x682c
#define GRPH_Y_START		0x6830
#define GRPH_X_END		0x6834
#define GRPH_Y_END		0x6838
#define GRPH_UPDATE		0x6844
#define GRPH_FLIP_CONTROL	0x6848
#define DC_LUT_RW_MODE		0x69e0
#define DC_LUT_RW_INDEX		0x69e4
#define DC_LUT_30_COLOR		0x69f0
#define DC_LUT_WRITE_EN_MASK	0x69f8
#define DC_LUT_CONTROL		0x6a00
#define DC_LUT_BLACK_OFFSET(c)	(0x6a04 + 4 * (c))
#define DC_LUT_WHITE_OFFSET(c)	(0x6a10 + 4 * (c))
#define DESKTOP_HEIGHT		0x6b04
#define VIEWPORT_START		0x6d70
#define VIEWPORT_SIZE		0x6d74
#define CRTC_H_TOTAL		0x6e00
#define CRTC_H_BLANK		0x6e04
#define CRTC_H_SYNC_A		0x6e08
#define CRTC_H_SYNC_A_CNTL	0x6e0c
#define CRTC_V_TOTAL		0x6e1c
#define CRTC_V_BLANK		0x6e34
#define CRTC_V_SYNC_A		0x6e38
#define CRTC_V_SYNC_A_CNTL	0x6e3c
#define CRTC_CONTROL		0x6e70
#define CRTC_MASTER_EN		(1u << 0)
#define CRTC_BLANK_CONTROL	0x6e74

#define DEPTH(c)		((c) & 3)
#define FORMAT(c)		(((c) >> 8) & 7)
#define ARRAY_MODE(c)		(((c) >> 20) & 7)
#define PPLL_REG(n, r)		((r) + (n) * VBIOS_PPLL_STRIDE)

struct sim_scanout {
	uint32_t lut[NCRTC][256];	/* 10:10:10, red in 29:20 */
	unsigned int frames[NCRTC];
};

static struct sim_scanout scan;
static const char *scanout_dir;

static unsigned int crtc_of(uint32_t offset, uint32_t base)
{
	unsigned int i;

	for (i = 0; i < NCRTC; i++)
		if (offset == base + vbios_crtc_offset[i])
			return i;
	return 0;
}

static uint32_t creg(const struct sim *sim, unsigned int crtc, uint32_t reg)
{
	return sim_reg_get(sim, reg + vbios_crtc_offset[crtc]);
}

/* one pixel of @fmt ("depth.format") as 10-bit red, green, blue */
static void pixel_rgb10(unsigned int fmt, const uint8_t *p, unsigned int rgb[3])
{
	uint32_t v = p[0] | p[1] << 8 | (fmt == 0x201 || fmt == 0x200 ?
					 (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24 : 0);

	if (fmt == 0x200) {		/* ARGB8888 */
		rgb[0] = (v >> 16 & 0xff) << 2;
		rgb[1] = (v >> 8 & 0xff) << 2;
		rgb[2] = (v & 0xff) << 2;
	} else if (fmt == 0x201) {	/* ARGB2101010 */
		rgb[0] = v >> 20 & 0x3ff;
		rgb[1] = v >> 10 & 0x3ff;
		rgb[2] = v & 0x3ff;
	} else {			/* RGB565 */
		rgb[0] = (v >> 11 & 0x1f) << 5;
		rgb[1] = (v >> 5 & 0x3f) << 4;
		rgb[2] = (v & 0x1f) << 5;
	}
}

/* through the CRTC's LUT (or its bypass), to 8 bits per channel */
static void lut_apply(const struct sim *sim, unsigned int crtc, const unsigned int rgb[3],
		      uint8_t out[3])
{
	bool bypass = creg(sim, crtc, GRPH_LUT_10BIT_BYPASS) & 0x100;
	unsigned int c;

	for (c = 0; c < 3; c++) {
		uint32_t e = scan.lut[crtc][rgb[c] >> 2];

		out[c] = bypass ? rgb[c] >> 2 : (e >> (20 - 10 * c) & 0x3ff) >> 2;
	}
}

struct surface {
	uint64_t addr;
	unsigned int fmt, cpp, pitch, x0, y0, w, h;
};

static const char *surface_of(const struct sim *sim, unsigned int crtc, struct surface *s)
{
	uint32_t ctl = creg(sim, crtc, GRPH_CONTROL);

	s->fmt = DEPTH(ctl) << 8 | FORMAT(ctl);
	if (s->fmt != 0x200 && s->fmt != 0x201 && s->fmt != 0x101)
		return "format";
	/*
	 * 1D and 2D tiles are read in row order, as the simulator keeps
	 * tiled surfaces everywhere (the swizzle inside a slice is not
	 * modelled); a tile is 8 pixels wide at least
	 */
	if (ARRAY_MODE(ctl) != 0 && ARRAY_MODE(ctl) != 1 && ARRAY_MODE(ctl) != 2 &&
	    ARRAY_MODE(ctl) != 4)
		return "array mode";
	if (creg(sim, crtc, GRPH_SWAP_CONTROL) & 3)
		return "endian swap";
	s->cpp = s->fmt == 0x101 ? 2 : 4;
	s->addr = (uint64_t)creg(sim, crtc, GRPH_PRIMARY_HIGH) << 32 |
		  (creg(sim, crtc, GRPH_PRIMARY) & 0xffffff00u);
	s->pitch = creg(sim, crtc, GRPH_PITCH) & 0x3fff;
	s->x0 = creg(sim, crtc, GRPH_X_START) + (creg(sim, crtc, VIEWPORT_START) >> 16);
	s->y0 = creg(sim, crtc, GRPH_Y_START) + (creg(sim, crtc, VIEWPORT_START) & 0xffff);
	s->w = creg(sim, crtc, VIEWPORT_SIZE) >> 16;
	s->h = creg(sim, crtc, VIEWPORT_SIZE) & 0xffff;
	if (!s->w || !s->h || s->w > 16384 || s->h > 16384 || s->pitch < s->x0 + s->w)
		return "viewport";
	if (ARRAY_MODE(ctl) >= 2 && s->pitch % 8)
		return "tiled pitch";
	return NULL;
}

static int render(struct sim *sim, unsigned int crtc, const struct surface *s, uint8_t *rgb)
{
	uint8_t *line = malloc((size_t)s->w * s->cpp);
	unsigned int x, y, in[3];
	int ret = 0;

	if (!line)
		return -1;
	for (y = 0; y < s->h && !ret; y++) {
		uint64_t at = s->addr + ((uint64_t)(s->y0 + y) * s->pitch + s->x0) * s->cpp;

		ret = sim_gpu_read(sim, at, line, (size_t)s->w * s->cpp);
		for (x = 0; x < s->w && !ret; x++) {
			pixel_rgb10(s->fmt, line + x * s->cpp, in);
			lut_apply(sim, crtc, in, rgb + ((size_t)y * s->w + x) * 3);
		}
	}
	free(line);
	return ret;
}

/* FNV-1a of the decoded frame, for the log */
static uint32_t frame_hash(const uint8_t *rgb, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ *rgb++) * 16777619u;
	return h;
}

/* the frame underflowed if the line buffer or the arbiter starved it */
static void lb_judge(struct sim *sim, unsigned int crtc)
{
	const char *why = sim_lb_underflow(sim, crtc);

	if (why)
		sim_log(sim, "DISPLAY-UNDERFLOW crtc%u: %s", crtc, why);
}

static void scanout_capture(struct sim *sim, unsigned int crtc)
{
	struct surface s;
	const char *why = surface_of(sim, crtc, &s), *dark;
	char path[4096] = "";
	uint8_t *rgb;

	if (!(creg(sim, crtc, GRPH_ENABLE) & 1))
		return;
	if (why) {
		sim_log(sim, "SCANOUT-UNMODELLED crtc%u %s control=%#x", crtc, why,
			creg(sim, crtc, GRPH_CONTROL));
		return;
	}
	lb_judge(sim, crtc);
	rgb = malloc((size_t)s.w * s.h * 3);
	if (!rgb || render(sim, crtc, &s, rgb)) {
		free(rgb);
		sim_log(sim, "scanout crtc%u unreadable at %#llx", crtc,
			(unsigned long long)s.addr);
		return;
	}
	sim_cursor_blend(sim, crtc, rgb, s.w, s.h, s.x0, s.y0);
	dark = sim_dp_no_signal(sim, crtc);
	if (dark)	/* the monitor shows nothing */
		memset(rgb, 0, (size_t)s.w * s.h * 3);
	scan.frames[crtc]++;
	if (scanout_dir) {
		snprintf(path, sizeof(path), "%s/scanout-crtc%u-%u.png", scanout_dir, crtc,
			 scan.frames[crtc]);
		if (png_write_rgb(path, rgb, s.w, s.h))
			snprintf(path, sizeof(path), "(not written)");
	}
	sim_log(sim, "scanout crtc%u frame=%u %ux%u fmt=%#x pitch=%u addr=%#llx hash=%#010x %s%s%s",
		crtc, scan.frames[crtc], s.w, s.h, s.fmt, s.pitch, (unsigned long long)s.addr,
		frame_hash(rgb, (size_t)s.w * s.h * 3), path, dark ? " no-signal: " : "",
		dark ? dark : "");
	free(rgb);
}

static void timing_log(struct sim *sim, unsigned int crtc)
{
	uint32_t hb = creg(sim, crtc, CRTC_H_BLANK), vb = creg(sim, crtc, CRTC_V_BLANK);

	sim_log(sim, "crtc%u on: %ux%u total %ux%u hsync %u-%u vsync %u-%u",
		crtc, (hb & 0x3fff) - (hb >> 16), (vb & 0x3fff) - (vb >> 16),
		creg(sim, crtc, CRTC_H_TOTAL) + 1, creg(sim, crtc, CRTC_V_TOTAL) + 1,
		creg(sim, crtc, CRTC_H_SYNC_A) & 0x3fff, creg(sim, crtc, CRTC_H_SYNC_A) >> 16,
		creg(sim, crtc, CRTC_V_SYNC_A) & 0x3fff, creg(sim, crtc, CRTC_V_SYNC_A) >> 16);
}

static void crtc_control_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int crtc = crtc_of(reg->offset, CRTC_CONTROL);
	uint32_t old = sim_reg_get(sim, reg->offset);

	if ((old & CRTC_MASTER_EN) && !(val & CRTC_MASTER_EN))
		scanout_capture(sim, crtc);
	sim_reg_set(sim, reg->offset, val);
	if (!(old & CRTC_MASTER_EN) && (val & CRTC_MASTER_EN))
		timing_log(sim, crtc);
}

/* a surface switched off under a running CRTC: the last frame it showed */
static void grph_enable_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int crtc = crtc_of(reg->offset, GRPH_ENABLE);

	if ((sim_reg_get(sim, reg->offset) & 1) && !(val & 1) &&
	    (creg(sim, crtc, CRTC_CONTROL) & CRTC_MASTER_EN))
		scanout_capture(sim, crtc);
	sim_reg_set(sim, reg->offset, val);
}

static void lut_index_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val & 0xff);
}

static void lut_color_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int crtc = crtc_of(reg->offset, DC_LUT_30_COLOR);
	uint32_t idx_reg = DC_LUT_RW_INDEX + vbios_crtc_offset[crtc];
	uint32_t idx = sim_reg_get(sim, idx_reg) & 0xff;

	scan.lut[crtc][idx] = val & 0x3fffffff;
	sim_reg_set(sim, idx_reg, (idx + 1) & 0xff);
}

static void ppll_cntl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int n = (reg->offset - VBIOS_PPLL_CNTL) / VBIOS_PPLL_STRIDE;
	uint32_t old = sim_reg_get(sim, reg->offset);
	uint32_t ref = sim_reg_get(sim, PPLL_REG(n, VBIOS_PPLL_REF_DIV)) & 0x3ff;
	uint32_t fb = sim_reg_get(sim, PPLL_REG(n, VBIOS_PPLL_FB_DIV));
	uint32_t post = sim_reg_get(sim, PPLL_REG(n, VBIOS_PPLL_POST_DIV)) & 0x7f;
	uint64_t khz;

	sim_reg_set(sim, reg->offset, val);
	if (!(old & 3) || (val & 3))
		return;
	/* out of reset and sleep: the PLL locks on what its dividers say */
	khz = ref && post ? (uint64_t)VBIOS_REF_CLK * 10 * ((fb >> 16 & 0xfff) * 10 + (fb & 0xf)) /
			    (10ull * ref * post) : 0;
	sim_log(sim, "ppll%u locked ref_div=%u fb_div=%u.%u post_div=%u clock=%llu kHz", n + 1,
		ref, fb >> 16 & 0xfff, fb & 0xf, post, (unsigned long long)khz);
	sim_pll_locked(sim, n, ref, post, khz);
}

#define R(off, name)		{ off, name, 0, NULL, NULL }
#define C(n, off, name)		R((off) + (n), "CRTC" name)
/* a DIG's back end switched on or off: what it sends an HDMI sink changes */
static void dig_be_en_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	bool was = sim_reg_get(sim, reg->offset) & 1;

	sim_reg_set(sim, reg->offset, val);
	if (was != (val & 1))
		sim_hdmi_dig_switched(sim, sim_hdmi_dig_of(reg->offset), val & 1);
}

#define CRTC_REGS(n, o)							\
	C(o, CRTC_H_TOTAL, #n "_H_TOTAL"), C(o, CRTC_H_BLANK, #n "_H_BLANK_START_END"), \
	C(o, CRTC_H_SYNC_A, #n "_H_SYNC_A"), C(o, CRTC_H_SYNC_A_CNTL, #n "_H_SYNC_A_CNTL"), \
	C(o, CRTC_V_TOTAL, #n "_V_TOTAL"), C(o, CRTC_V_BLANK, #n "_V_BLANK_START_END"), \
	C(o, CRTC_V_SYNC_A, #n "_V_SYNC_A"), C(o, CRTC_V_SYNC_A_CNTL, #n "_V_SYNC_A_CNTL"), \
	{ CRTC_CONTROL + (o), "CRTC" #n "_CONTROL", 0, NULL, crtc_control_write }, \
	C(o, CRTC_BLANK_CONTROL, #n "_BLANK_CONTROL"),			\
	{ GRPH_ENABLE + (o), "CRTC" #n "_GRPH_ENABLE", 0, NULL, grph_enable_write }, \
	C(o, GRPH_CONTROL, #n "_GRPH_CONTROL"),				\
	C(o, GRPH_LUT_10BIT_BYPASS, #n "_GRPH_LUT_10BIT_BYPASS_CONTROL"), \
	C(o, GRPH_SWAP_CONTROL, #n "_GRPH_SWAP_CONTROL"),		\
	C(o, GRPH_PRIMARY, #n "_GRPH_PRIMARY_SURFACE_ADDRESS"),	\
	C(o, GRPH_SECONDARY, #n "_GRPH_SECONDARY_SURFACE_ADDRESS"),	\
	C(o, GRPH_PITCH, #n "_GRPH_PITCH"),				\
	C(o, GRPH_PRIMARY_HIGH, #n "_GRPH_PRIMARY_SURFACE_ADDRESS_HIGH"), \
	C(o, GRPH_SECONDARY_HIGH, #n "_GRPH_SECONDARY_SURFACE_ADDRESS_HIGH"), \
	C(o, GRPH_OFFSET_X, #n "_GRPH_SURFACE_OFFSET_X"),		\
	C(o, GRPH_OFFSET_Y, #n "_GRPH_SURFACE_OFFSET_Y"),		\
	C(o, GRPH_X_START, #n "_GRPH_X_START"), C(o, GRPH_Y_START, #n "_GRPH_Y_START"), \
	C(o, GRPH_X_END, #n "_GRPH_X_END"), C(o, GRPH_Y_END, #n "_GRPH_Y_END"), \
	C(o, GRPH_UPDATE, #n "_GRPH_UPDATE"),	/* vblank.c's, with the address */ \
	C(o, GRPH_FLIP_CONTROL, #n "_GRPH_FLIP_CONTROL"),		\
	C(o, DC_LUT_RW_MODE, #n "_DC_LUT_RW_MODE"),			\
	{ DC_LUT_RW_INDEX + (o), "CRTC" #n "_DC_LUT_RW_INDEX", 0, NULL, lut_index_write }, \
	{ DC_LUT_30_COLOR + (o), "CRTC" #n "_DC_LUT_30_COLOR", 0, NULL, lut_color_write }, \
	C(o, DC_LUT_WRITE_EN_MASK, #n "_DC_LUT_WRITE_EN_MASK"),	\
	C(o, DC_LUT_CONTROL, #n "_DC_LUT_CONTROL"),			\
	C(o, DC_LUT_BLACK_OFFSET(0), #n "_DC_LUT_BLACK_OFFSET_BLUE"),	\
	C(o, DC_LUT_BLACK_OFFSET(1), #n "_DC_LUT_BLACK_OFFSET_GREEN"),	\
	C(o, DC_LUT_BLACK_OFFSET(2), #n "_DC_LUT_BLACK_OFFSET_RED"),	\
	C(o, DC_LUT_WHITE_OFFSET(0), #n "_DC_LUT_WHITE_OFFSET_BLUE"),	\
	C(o, DC_LUT_WHITE_OFFSET(1), #n "_DC_LUT_WHITE_OFFSET_GREEN"),	\
	C(o, DC_LUT_WHITE_OFFSET(2), #n "_DC_LUT_WHITE_OFFSET_RED"),	\
	C(o, DESKTOP_HEIGHT, #n "_DESKTOP_HEIGHT"),			\
	C(o, VIEWPORT_START, #n "_VIEWPORT_START"), C(o, VIEWPORT_SIZE, #n "_VIEWPORT_SIZE"), \
	DIG_REGS(n, o)
#define DIG_REGS(n, o)							\
	R(VBIOS_DIG_FE_CNTL + (o), "DIG" #n "_DIG_FE_CNTL"),		\
	R(VBIOS_DIG_BE_CNTL + (o), "DIG" #n "_DIG_BE_CNTL"),		\
	{ VBIOS_DIG_BE_EN_CNTL + (o), "DIG" #n "_DIG_BE_EN_CNTL", 0, NULL, dig_be_en_write }

#define PPLL_REGS(n)							\
	{ PPLL_REG(n, VBIOS_PPLL_CNTL), "P" #n "PLL_CNTL", 3, NULL, ppll_cntl_write }, \
	R(PPLL_REG(n, VBIOS_PPLL_REF_DIV), "P" #n "PLL_REF_DIV"),	\
	R(PPLL_REG(n, VBIOS_PPLL_FB_DIV), "P" #n "PLL_FB_DIV"),		\
	R(PPLL_REG(n, VBIOS_PPLL_POST_DIV), "P" #n "PLL_POST_DIV")

#define UNIPHY_REG(n)	R(VBIOS_UNIPHY_TX_CONTROL1 + VBIOS_UNIPHY_STRIDE * (n), \
			  "UNIPHY" #n "_TX_CONTROL1")
#define DAC_REGS(x, o)							\
	R(VBIOS_DAC_ENABLE + (o), "DAC" x "_ENABLE"),			\
	R(VBIOS_DAC_SOURCE_SELECT + (o), "DAC" x "_SOURCE_SELECT"),	\
	R(VBIOS_DAC_POWERDOWN + (o), "DAC" x "_POWERDOWN")

static const struct sim_reg scanout_regs[] = {
	CRTC_REGS(0, 0x0000), CRTC_REGS(1, 0x0c00), CRTC_REGS(2, 0x9800), CRTC_REGS(3, 0xa400),
	DIG_REGS(4, 0xb000), DIG_REGS(5, 0xbc00),	/* six DIGs for four CRTCs */
	PPLL_REGS(0), PPLL_REGS(1),
	UNIPHY_REG(0), UNIPHY_REG(1), UNIPHY_REG(2), UNIPHY_REG(3), UNIPHY_REG(4), UNIPHY_REG(5),
	DAC_REGS("A", 0), DAC_REGS("B", VBIOS_DAC_STRIDE),
};

static const struct sim_block scanout_block = {
	.name = "dce4-crtcs",
	.regs = scanout_regs,
	.nregs = sizeof(scanout_regs) / sizeof(scanout_regs[0]),
};

/**
 * sim_scanout_init - the board's display controllers
 * @sim: the simulator, its ASIC's blocks added (this overrides their CRTC_CONTROL)
 * @dir: where PNGs of the scanout go, or NULL for none
 */
void sim_scanout_init(struct sim *sim, const char *dir)
{
	scanout_dir = dir;
	sim_regs_add_block(sim, &scanout_block);
	sim_pll_init(sim);
	sim_regs_add_block(sim, &sim_lb_block);
	sim_cursor_init(sim);
}

/* at exit: the frames the CRTCs still show */
void sim_scanout_fini(struct sim *sim)
{
	unsigned int i;

	for (i = 0; i < NCRTC; i++)
		if (creg(sim, i, CRTC_CONTROL) & CRTC_MASTER_EN)
			scanout_capture(sim, i);
}
