// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: DCE4 modesetting
 *
 * A CRTC is lit through the video BIOS's command tables, as AMD's boards
 * expect: SetPixelClock (parameters v5) programs its pixel PLL,
 * SetCRTC_UsingDTDTiming its timing, EnableCRTC and EnableCRTCMemReq start
 * it and BlankCRTC shows its picture; turning it off runs them backwards.
 *
 * The PLL's setting is chosen in atomic_check, after asking
 * AdjustDisplayPll (revision 1.3, parameters v3) what the PLL must run at
 * for the route: the pixel clock (for DP, the link rate) with the
 * encoder's object id, its encoder mode and the DISPPLL config (coherent
 * for a DIG, dual link for DVI above 165 MHz; no spread spectrum). The
 * answer is a frequency, and a reference and a post divider the PLL must
 * use when the BIOS fixes them, which the divider search keeps. A DP
 * route's PLL runs at the link's clock, which the DIG's transmitter takes,
 * and the DIG makes the CRTC's pixel clock from the link: SetPixelClock is
 * given the mode's pixel clock with the link's dividers. SetPixelClock
 * names the encoder and its mode too. A link whose training falls back to
 * another rate (ruby_dp.c) has its PLL asked for again at that rate and
 * set again by SetPixelClock alone, with the encoder off, before the
 * encoder is set up on the new link (ruby_kms_dp_link_pll()). A BIOS
 * without the table (or with another revision), a table that fails or
 * one that answers no frequency fails the check (a drm_err), or the
 * fallback's training.
 *
 * An encoder is routed by SelectCRTC_Source; a digital path is a DIG
 * encoder (DIGxEncoderControl v3) feeding a UNIPHY link
 * (UNIPHYTransmitterControl v3), an analog one a DAC (DACnEncoderControl,
 * DACnOutputControl). TMDS is signalled as DVI, on HDMI connectors too:
 * no infoframes or audio yet.
 *
 * DisplayPort: the same tables in DP mode. SelectCRTC_Source and the DIG
 * encoder's setup take encoder mode DP, the DIG its lane count and link
 * rate (config bit 0: 2.7 Gb/s, else 1.62), and the transmitter is enabled
 * at the link rate over those lanes. The DIG encoder's DP actions drive
 * link training (training start, pattern 1, pattern 2, training
 * complete) and the picture (video on and off); the transmitter's
 * SETUP_VSEMPH sets every lane's voltage swing and pre-emphasis. AUX
 * transactions go through ProcessAuxChannelTransaction
 * (evergreen_dp.c).
 *
 * DIG encoders and links: UNIPHY transmitter t drives links 2t (A) and
 * 2t + 1 (B), and DIG n feeds link n. The surface (GRPH) and LUT registers
 * are written directly, the surface under its update lock.
 *
 * The cursor (CUR_*) is written under its own update lock, so a move or a
 * new image takes effect whole. Its position is in the surface's
 * coordinates and cannot be negative: a cursor partly off the left or top
 * edge sits at 0 with its hot spot on the first of its pixels that shows.
 */

#include <linux/bitfield.h>
#include <linux/log2.h>
#include <linux/minmax.h>

#include <drm/drm_color_mgmt.h>
#include <drm/drm_fourcc.h>
#include <drm/drm_modes.h>
#include <drm/radeon_drm.h>

#include <kunit/visibility.h>

#include "../atom/atom_defs.h"
#include "../regs/dce4_regs.h"
#include "../ruby_cs_check.h"
#include "../ruby_device.h"
#include "../ruby_display.h"
#include "../ruby_mmio.h"
#include "../ruby_vbios.h"
#include "evergreen.h"

/* Command-table parameters, AMD's layouts (little endian, packed) */
struct dce4_pixel_clock_v5 {
	u8 crtc, frac_fb_div;
	__le16 pixel_clock;	/* 10 kHz; 0: PLL off */
	__le16 fb_div;
	u8 post_div, ref_div, ppll, transmitter, encoder_mode, misc;
	__le32 fb_div_dec_frac;
} __packed;

#define DCE4_MISC_HSYNC_NEG	BIT(1)
#define DCE4_MISC_VSYNC_NEG	BIT(2)

struct dce4_crtc_switch {	/* EnableCRTC, EnableCRTCMemReq, BlankCRTC */
	u8 crtc, on;
	__le16 black[3];
} __packed;

struct dce4_crtc_source_v2 {
	u8 crtc, encoder_id, encode_mode, pad;
} __packed;

struct dce4_dig_encoder_v3 {
	__le16 pixel_clock;
	u8 config, action, encoder_mode, lanes, bpc, reserved;
} __packed;

struct dce4_transmitter_v3 {
	__le16 pixel_clock;	/* or, for init, the connector's object id */
	u8 config, action, lanes, reserved[3];
} __packed;

struct dce4_dac_encoder {
	__le16 pixel_clock;
	u8 standard, action;
} __packed;

/* every table gets at least what its header allocates */
union dce4_ps {
	struct dce4_pixel_clock_v5 pclk;
	struct dce4_dtd_timing dtd;
	struct dce4_crtc_switch sw;
	struct dce4_crtc_source_v2 src;
	struct dce4_dig_encoder_v3 dig;
	struct dce4_transmitter_v3 tx;
	struct dce4_dac_encoder dac;
	struct dce4_adjust_pll_v3 adj;
	struct dce4_adjust_pll_v3_out adj_out;
	u8 raw[32];
};

#define DCE4_ENCODER_MODE_DP		0
#define DCE4_ENCODER_MODE_DVI		2
#define DCE4_ENCODER_MODE_HDMI		3
#define DCE4_ENCODER_MODE_CRT		15
#define DCE4_DIG_SETUP			0x0f
#define DCE4_DIG_DP_TRAIN_START		0x08
#define DCE4_DIG_DP_TPS1		0x09
#define DCE4_DIG_DP_TPS2		0x0a
#define DCE4_DIG_DP_TRAIN_DONE		0x0b
#define DCE4_DIG_DP_VIDEO_OFF		0x0c
#define DCE4_DIG_DP_VIDEO_ON		0x0d
#define DCE4_DIG_CONFIG_DP_2_7		BIT(0)
#define DCE4_TX_DISABLE			0
#define DCE4_TX_ENABLE			1
#define DCE4_TX_INIT			7
#define DCE4_TX_SETUP_VSEMPH		11
#define DCE4_TX_CONFIG_COHERENT		BIT(1)
#define DCE4_TX_CONFIG_LINK_B		BIT(2)
#define DCE4_TX_CONFIG_DIG_B		BIT(3)
#define DCE4_TX_CONFIG_REFCLK		GENMASK(5, 4)
#define DCE4_TX_CONFIG_TRANSMITTER	GENMASK(7, 6)
#define DCE4_DIG_CONFIG_SEL		GENMASK(6, 4)
#define DCE4_DAC_STANDARD_PS2		1

/* SelectCRTC_Source's encoder ids: DACs, and DIG n */
#define DCE4_SRC_DAC1			0x00
#define DCE4_SRC_DAC2			0x04
static const u8 dce4_src_dig[] = { 0x03, 0x09, 0x0a, 0x0b, 0x0c, 0x0d };

static int dce4_exec(struct ruby_device *rdev, unsigned int table, union dce4_ps *ps)
{
	return ruby_vbios_exec(rdev, table, ps, sizeof(*ps));
}

static int dce4_crtc_switch(struct ruby_device *rdev, unsigned int table, unsigned int crtc,
			    bool on)
{
	union dce4_ps ps = { .sw = { .crtc = crtc, .on = on } };

	return dce4_exec(rdev, table, &ps);
}

/* a route's encoder mode: DP, HDMI or DVI for a DIG, CRT for a DAC */
static u8 dce4_encoder_mode(const struct ruby_route *route)
{
	if (route->analog)
		return DCE4_ENCODER_MODE_CRT;
	if (route->dp)
		return DCE4_ENCODER_MODE_DP;
	return route->hdmi ? DCE4_ENCODER_MODE_HDMI : DCE4_ENCODER_MODE_DVI;
}

/*
 * SetPixelClock: the PLL at @div for @route's encoder, the CRTC's pixel
 * clock @clock (kHz; for DP the PLL runs at the link's clock instead), or
 * the PLL off (@div NULL)
 */
static int dce4_set_pll(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
			const struct ruby_pll_dividers *div, const struct ruby_route *route,
			u32 clock)
{
	union dce4_ps ps = { .pclk = {
		.crtc = crtc, .ppll = pll,
		.pixel_clock = cpu_to_le16(div ? clock / 10 : 0),
	} };

	if (div) {
		ps.pclk.transmitter = route->encoder & ATOM_OBJID_ID_MASK;
		ps.pclk.encoder_mode = dce4_encoder_mode(route);
		ps.pclk.frac_fb_div = div->fb_frac;
		ps.pclk.fb_div = cpu_to_le16(div->fb_div);
		ps.pclk.post_div = div->post_div;
		ps.pclk.ref_div = div->ref_div;
	}
	return dce4_exec(rdev, ATOM_CMD_SET_PIXEL_CLOCK, &ps);
}

/* a lit CRTC's PLL set again: SetPixelClock alone, the CRTC left running */
int evergreen_dce_set_pll(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
			  const struct ruby_pll_dividers *div, const struct ruby_route *route,
			  u32 clock)
{
	return dce4_set_pll(rdev, crtc, pll, div, route, clock);
}

/**
 * evergreen_dce_dtd - a mode as SetCRTC_UsingDTDTiming's parameters
 * @mode: the mode (its CRTC timings)
 * @crtc: the CRTC
 * @dtd: the parameters, out
 */
void evergreen_dce_dtd(const struct drm_display_mode *mode, unsigned int crtc,
		       struct dce4_dtd_timing *dtd)
{
	u16 misc = 0;

	if (mode->flags & DRM_MODE_FLAG_NHSYNC)
		misc |= DCE4_MISC_HSYNC_NEG;
	if (mode->flags & DRM_MODE_FLAG_NVSYNC)
		misc |= DCE4_MISC_VSYNC_NEG;
	*dtd = (struct dce4_dtd_timing){
		.h_size = cpu_to_le16(mode->crtc_hdisplay),
		.h_blank = cpu_to_le16(mode->crtc_htotal - mode->crtc_hdisplay),
		.v_size = cpu_to_le16(mode->crtc_vdisplay),
		.v_blank = cpu_to_le16(mode->crtc_vtotal - mode->crtc_vdisplay),
		.h_sync_offset = cpu_to_le16(mode->crtc_hsync_start - mode->crtc_hdisplay),
		.h_sync_width = cpu_to_le16(mode->crtc_hsync_end - mode->crtc_hsync_start),
		.v_sync_offset = cpu_to_le16(mode->crtc_vsync_start - mode->crtc_vdisplay),
		.v_sync_width = cpu_to_le16(mode->crtc_vsync_end - mode->crtc_vsync_start),
		.misc = cpu_to_le16(misc),
		.crtc = crtc,
	};
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_dtd);

int evergreen_dce_crtc_enable(struct ruby_device *rdev, unsigned int crtc,
			      unsigned int pll, bool set_pll,
			      const struct ruby_pll_dividers *div,
			      const struct ruby_route *route,
			      const struct drm_display_mode *mode)
{
	union dce4_ps ps;
	int ret = 0;

	if (set_pll)
		ret = dce4_set_pll(rdev, crtc, pll, div, route, mode->clock);
	if (!ret) {
		evergreen_dce_dtd(mode, crtc, &ps.dtd);
		ret = dce4_exec(rdev, ATOM_CMD_SET_CRTC_DTD_TIMING, &ps);
	}
	if (!ret)
		ret = dce4_crtc_switch(rdev, ATOM_CMD_ENABLE_CRTC, crtc, true);
	if (!ret)
		ret = dce4_crtc_switch(rdev, ATOM_CMD_ENABLE_CRTC_MEMREQ, crtc, true);
	if (!ret)
		ret = dce4_crtc_switch(rdev, ATOM_CMD_BLANK_CRTC, crtc, false);
	return ret;
}

void evergreen_dce_crtc_disable(struct ruby_device *rdev, unsigned int crtc,
				unsigned int pll, bool pll_off)
{
	dce4_crtc_switch(rdev, ATOM_CMD_BLANK_CRTC, crtc, true);
	dce4_crtc_switch(rdev, ATOM_CMD_ENABLE_CRTC_MEMREQ, crtc, false);
	dce4_crtc_switch(rdev, ATOM_CMD_ENABLE_CRTC, crtc, false);
	if (pll_off)
		dce4_set_pll(rdev, crtc, pll, NULL, NULL, 0);
}

/**
 * evergreen_dce_dig - the DIG encoder (and link) of a UNIPHY encoder object
 * @encoder: the ATOM object id
 *
 * Returns: 0-5, or -1 if it is not a UNIPHY.
 */
int evergreen_dce_dig(u16 encoder)
{
	unsigned int link_b = ((encoder & ATOM_OBJID_ENUM_MASK) >> ATOM_OBJID_ENUM_SHIFT) == 2;

	switch (encoder & ATOM_OBJID_ID_MASK) {
	case ATOM_ENCODER_UNIPHY:
		return link_b;
	case ATOM_ENCODER_UNIPHY1:
		return 2 + link_b;
	case ATOM_ENCODER_UNIPHY2:
		return 4 + link_b;
	default:
		return -1;
	}
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_dig);

/*
 * @info: the pixel clock (10 kHz; for DP the link rate), the connector's
 * object id (INIT), or lane select and lane set (SETUP_VSEMPH)
 */
static int dce4_transmitter(struct ruby_device *rdev, const struct ruby_route *route,
			    unsigned int dig, unsigned int pll, u8 action, u16 info)
{
	union dce4_ps ps = { .tx = {
		.pixel_clock = cpu_to_le16(info), .action = action,
		.lanes = route->dp ? route->dp_lanes : 4,
		.config = DCE4_TX_CONFIG_COHERENT | FIELD_PREP(DCE4_TX_CONFIG_REFCLK, pll) |
			  FIELD_PREP(DCE4_TX_CONFIG_TRANSMITTER, dig / 2) |
			  (dig & 1 ? DCE4_TX_CONFIG_LINK_B | DCE4_TX_CONFIG_DIG_B : 0),
	} };

	return dce4_exec(rdev, ATOM_CMD_UNIPHY_TX_CONTROL, &ps);
}

static int dce4_dig_encoder(struct ruby_device *rdev, const struct ruby_route *route,
			    unsigned int dig, u8 action, u32 clock)
{
	union dce4_ps ps = { .dig = {
		.pixel_clock = cpu_to_le16(clock / 10), .action = action, .lanes = 4,
		.encoder_mode = dce4_encoder_mode(route),
		.config = FIELD_PREP(DCE4_DIG_CONFIG_SEL, dig),
	} };

	if (route->dp) {
		ps.dig.lanes = route->dp_lanes;
		if (route->dp_rate == 270000)
			ps.dig.config |= DCE4_DIG_CONFIG_DP_2_7;
	}
	return dce4_exec(rdev, ATOM_CMD_DIG_ENCODER_CONTROL, &ps);
}

static int dce4_dac(struct ruby_device *rdev, bool dac2, bool on, u32 clock)
{
	union dce4_ps ps = { .dac = {
		.pixel_clock = cpu_to_le16(clock / 10), .action = on,
		.standard = DCE4_DAC_STANDARD_PS2,
	} };
	int ret;

	ret = dce4_exec(rdev, dac2 ? ATOM_CMD_DAC2_ENCODER_CONTROL : ATOM_CMD_DAC1_ENCODER_CONTROL,
			&ps);
	if (ret)
		return ret;
	ps = (union dce4_ps){ .sw = { .crtc = on } };	/* DISPLAY_DEVICE_OUTPUT_CONTROL */
	return dce4_exec(rdev, dac2 ? ATOM_CMD_DAC2_OUTPUT_CONTROL : ATOM_CMD_DAC1_OUTPUT_CONTROL,
			 &ps);
}

static bool dce4_is_dac2(const struct ruby_route *route)
{
	return (route->encoder & ATOM_OBJID_ID_MASK) == ATOM_ENCODER_DAC2;
}

int evergreen_dce_encoder_enable(struct ruby_device *rdev, const struct ruby_route *route,
				 unsigned int crtc, unsigned int pll, u32 clock)
{
	int dig = evergreen_dce_dig(route->encoder);
	union dce4_ps ps = { .src = { .crtc = crtc } };
	int ret;

	if (route->analog) {
		ps.src.encoder_id = dce4_is_dac2(route) ? DCE4_SRC_DAC2 : DCE4_SRC_DAC1;
		ps.src.encode_mode = DCE4_ENCODER_MODE_CRT;
	} else if (dig >= 0) {
		ps.src.encoder_id = dce4_src_dig[dig];
		ps.src.encode_mode = dce4_encoder_mode(route);
	} else {
		drm_err(&rdev->drm, "display: encoder object 0x%04x cannot be driven\n",
			route->encoder);
		return -ENODEV;
	}
	ret = dce4_exec(rdev, ATOM_CMD_SELECT_CRTC_SOURCE, &ps);
	if (ret || route->analog)
		return ret ?: dce4_dac(rdev, dce4_is_dac2(route), true, clock);
	ret = dce4_dig_encoder(rdev, route, dig, DCE4_DIG_SETUP, clock);
	if (!ret)
		ret = dce4_transmitter(rdev, route, dig, pll, DCE4_TX_INIT, route->connector);
	if (!ret)
		ret = dce4_transmitter(rdev, route, dig, pll, DCE4_TX_ENABLE,
				       (route->dp ? route->dp_rate : clock) / 10);
	/* a DP encoder starts sending once its link is trained */
	if (!ret && !route->dp)
		ret = dce4_dig_encoder(rdev, route, dig, 1, clock);
	return ret;
}

void evergreen_dce_encoder_disable(struct ruby_device *rdev,
				   const struct ruby_route *route)
{
	int dig = evergreen_dce_dig(route->encoder);

	if (route->analog) {
		dce4_dac(rdev, dce4_is_dac2(route), false, 0);
	} else if (dig >= 0) {
		dce4_dig_encoder(rdev, route, dig, 0, 0);
		dce4_transmitter(rdev, route, dig, 0, DCE4_TX_DISABLE, 0);
	}
}

static const u8 dce4_dp_steps[] = {
	[RUBY_DP_TRAIN_START] = DCE4_DIG_DP_TRAIN_START,
	[RUBY_DP_TPS1] = DCE4_DIG_DP_TPS1,
	[RUBY_DP_TPS2] = DCE4_DIG_DP_TPS2,
	[RUBY_DP_TRAIN_DONE] = DCE4_DIG_DP_TRAIN_DONE,
};

/* the DIG encoder of a DP route: modeset only makes DP routes of UNIPHYs */
static int dce4_dp_dig(struct ruby_device *rdev, const struct ruby_route *route)
{
	int dig = evergreen_dce_dig(route->encoder);

	if (WARN_ON(dig < 0 || !route->dp))
		return -EINVAL;
	return dig;
}

int evergreen_dce_dp_step(struct ruby_device *rdev, const struct ruby_route *route,
			  enum ruby_dp_step step)
{
	int dig = dce4_dp_dig(rdev, route);

	if (dig < 0)
		return dig;
	return dce4_dig_encoder(rdev, route, dig, dce4_dp_steps[step], 0);
}

int evergreen_dce_dp_video(struct ruby_device *rdev, const struct ruby_route *route, bool on)
{
	int dig = dce4_dp_dig(rdev, route);

	if (dig < 0)
		return dig;
	return dce4_dig_encoder(rdev, route, dig,
				on ? DCE4_DIG_DP_VIDEO_ON : DCE4_DIG_DP_VIDEO_OFF, 0);
}

/* SETUP_VSEMPH: lane select 0 (all lanes) in the low byte, the lane set above */
int evergreen_dce_dp_levels(struct ruby_device *rdev, const struct ruby_route *route,
			    u8 train_set)
{
	int dig = dce4_dp_dig(rdev, route);

	if (dig < 0)
		return dig;
	return dce4_transmitter(rdev, route, dig, route->pll, DCE4_TX_SETUP_VSEMPH,
				train_set << 8);
}

/**
 * evergreen_dce_grph_control - GRPH_CONTROL for a scanout format
 * @format: DRM_FORMAT_*
 *
 * Returns: the register's depth, format and (linear) array mode, or 0 for a
 * format DCE4 is not given by ruby (0 is no valid control: 8 bpp indexed).
 */
u32 evergreen_dce_grph_control(u32 format)
{
	switch (format) {
	case DRM_FORMAT_XRGB8888:
	case DRM_FORMAT_ARGB8888:
		return FIELD_PREP(GRPH_DEPTH, GRPH_DEPTH_32BPP) |
		       FIELD_PREP(GRPH_FORMAT, GRPH_FORMAT_ARGB8888);
	case DRM_FORMAT_XRGB2101010:
		return FIELD_PREP(GRPH_DEPTH, GRPH_DEPTH_32BPP) |
		       FIELD_PREP(GRPH_FORMAT, GRPH_FORMAT_ARGB2101010);
	case DRM_FORMAT_RGB565:
		return FIELD_PREP(GRPH_DEPTH, GRPH_DEPTH_16BPP) |
		       FIELD_PREP(GRPH_FORMAT, GRPH_FORMAT_RGB565);
	default:
		return 0;
	}
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_grph_control);

/*
 * A buffer's tiling as GEM_SET_TILING keeps it (radeon_drm.h): bank width
 * and height and macro tile aspect as 1, 2, 4 or 8 (0: 1), tile split as
 * the registers encode it
 */
#define TILING_FIELD(f, shift)		(((f) >> (shift)) & 0xf)

static u32 dce4_log2(u32 v)
{
	return v ? min(ilog2(v), 3) : 0;
}

/* The board's memory banks as GRPH_NUM_BANKS encodes them: 2..16 -> 0..3 */
static u32 dce4_banks(const struct ruby_device *rdev)
{
	return clamp(ilog2(max(rdev->gfx.num_banks, 2u)), 1, 4) - 1;
}

/* GRPH_CONTROL's layout fields for a buffer of @tiling flags */
static u32 dce4_grph_tiling(const struct ruby_device *rdev, u32 tiling)
{
	u32 bankw = TILING_FIELD(tiling, RADEON_TILING_EG_BANKW_SHIFT);
	u32 bankh = TILING_FIELD(tiling, RADEON_TILING_EG_BANKH_SHIFT);
	u32 aspect = TILING_FIELD(tiling, RADEON_TILING_EG_MACRO_TILE_ASPECT_SHIFT);

	if (tiling & RADEON_TILING_MACRO)
		return FIELD_PREP(GRPH_ARRAY_MODE, GRPH_ARRAY_2D_TILED_THIN1) |
		       FIELD_PREP(GRPH_NUM_BANKS, dce4_banks(rdev)) |
		       FIELD_PREP(GRPH_BANK_WIDTH, dce4_log2(bankw)) |
		       FIELD_PREP(GRPH_BANK_HEIGHT, dce4_log2(bankh)) |
		       FIELD_PREP(GRPH_MACRO_TILE_ASPECT, dce4_log2(aspect)) |
		       FIELD_PREP(GRPH_TILE_SPLIT,
				  TILING_FIELD(tiling, RADEON_TILING_EG_TILE_SPLIT_SHIFT));
	if (tiling & RADEON_TILING_MICRO)
		return FIELD_PREP(GRPH_ARRAY_MODE, GRPH_ARRAY_1D_TILED_THIN1);
	return FIELD_PREP(GRPH_ARRAY_MODE, GRPH_ARRAY_LINEAR_GENERAL);
}

/*
 * DCE4 reads Evergreen's 1D and 2D tiled layouts (thin, one sample), the
 * ones the 3D engine renders: the same arithmetic as the command checker's
 */
int evergreen_dce_tiled_layout(const struct ruby_device *rdev, u32 tiling, u32 format,
			       u32 pitch, u32 *halign, u32 *base_align, const char **why)
{
	u32 cpp = drm_format_info(format)->cpp[0];
	u32 ctl = dce4_grph_tiling(rdev, tiling);
	struct rcs_tile_layout l = rcs_eg_layout_1d(cpp);

	if ((tiling & RADEON_TILING_MACRO) &&
	    rcs_eg_layout_2d(cpp, rdev->chip.desc->gfx.max_tile_pipes,
			     FIELD_GET(GRPH_NUM_BANKS, ctl), FIELD_GET(GRPH_BANK_WIDTH, ctl),
			     FIELD_GET(GRPH_BANK_HEIGHT, ctl),
			     FIELD_GET(GRPH_MACRO_TILE_ASPECT, ctl),
			     TILING_FIELD(tiling, RADEON_TILING_EG_TILE_SPLIT_SHIFT), &l)) {
		*why = "2D tiling fields that make no layout";
		return -EINVAL;
	}
	if ((pitch / cpp) % l.palign) {
		*why = "pitch not a whole number of tiles";
		return -EINVAL;
	}
	*halign = l.halign;
	*base_align = l.base_align;
	return 0;
}

static void dce4_w(struct ruby_device *rdev, unsigned int crtc, u32 reg, u32 val)
{
	ruby_write32(rdev, DCE4_CRTC_REG(reg, crtc), val);
}

void evergreen_dce_set_surface(struct ruby_device *rdev, unsigned int crtc,
			       const struct ruby_surface *s)
{
	u32 cpp;

	if (!s) {
		dce4_w(rdev, crtc, GRPH_ENABLE, 0);
		return;
	}
	cpp = drm_format_info(s->format)->cpp[0];
	dce4_w(rdev, crtc, GRPH_UPDATE, GRPH_UPDATE_LOCK);
	dce4_w(rdev, crtc, GRPH_ENABLE, 1);
	dce4_w(rdev, crtc, GRPH_CONTROL, evergreen_dce_grph_control(s->format) |
	       dce4_grph_tiling(rdev, s->tiling));
	dce4_w(rdev, crtc, GRPH_SWAP_CONTROL, 0);
	dce4_w(rdev, crtc, GRPH_PRIMARY_SURFACE_ADDRESS_HIGH, upper_32_bits(s->addr));
	dce4_w(rdev, crtc, GRPH_SECONDARY_SURFACE_ADDRESS_HIGH, upper_32_bits(s->addr));
	dce4_w(rdev, crtc, GRPH_PRIMARY_SURFACE_ADDRESS, lower_32_bits(s->addr) &
	       GRPH_SURFACE_ADDRESS_MASK);
	dce4_w(rdev, crtc, GRPH_SECONDARY_SURFACE_ADDRESS, lower_32_bits(s->addr) &
	       GRPH_SURFACE_ADDRESS_MASK);
	dce4_w(rdev, crtc, GRPH_PITCH, s->pitch / cpp);
	dce4_w(rdev, crtc, GRPH_SURFACE_OFFSET_X, 0);
	dce4_w(rdev, crtc, GRPH_SURFACE_OFFSET_Y, 0);
	dce4_w(rdev, crtc, GRPH_X_START, 0);
	dce4_w(rdev, crtc, GRPH_Y_START, 0);
	dce4_w(rdev, crtc, GRPH_X_END, s->fb_width);
	dce4_w(rdev, crtc, GRPH_Y_END, s->fb_height);
	dce4_w(rdev, crtc, DESKTOP_HEIGHT, s->fb_height);
	dce4_w(rdev, crtc, VIEWPORT_START, s->x << 16 | s->y);
	dce4_w(rdev, crtc, VIEWPORT_SIZE, s->width << 16 | s->height);
	dce4_w(rdev, crtc, GRPH_UPDATE, 0);
}

static u32 dce4_lut_entry(const struct drm_color_lut *lut, unsigned int i)
{
	u32 lin = i << 2 | i >> 6;	/* 8 bits to 10, 255 -> 1023 */

	if (!lut)
		return FIELD_PREP(DC_LUT_30_RED, lin) | FIELD_PREP(DC_LUT_30_GREEN, lin) |
		       FIELD_PREP(DC_LUT_30_BLUE, lin);
	return FIELD_PREP(DC_LUT_30_RED, drm_color_lut_extract(lut[i].red, 10)) |
	       FIELD_PREP(DC_LUT_30_GREEN, drm_color_lut_extract(lut[i].green, 10)) |
	       FIELD_PREP(DC_LUT_30_BLUE, drm_color_lut_extract(lut[i].blue, 10));
}

void evergreen_dce_load_lut(struct ruby_device *rdev, unsigned int crtc,
			    const struct drm_color_lut *lut)
{
	unsigned int i;

	dce4_w(rdev, crtc, DC_LUT_CONTROL, 0);
	for (i = 0; i < 3; i++) {
		dce4_w(rdev, crtc, DC_LUT_BLACK_OFFSET_BLUE + 4 * i, 0);
		dce4_w(rdev, crtc, DC_LUT_WHITE_OFFSET_BLUE + 4 * i, DC_LUT_WHITE_OFFSET_MAX);
	}
	dce4_w(rdev, crtc, DC_LUT_RW_MODE, 0);
	dce4_w(rdev, crtc, DC_LUT_WRITE_EN_MASK, DC_LUT_WRITE_EN_ALL);
	dce4_w(rdev, crtc, DC_LUT_RW_INDEX, 0);
	for (i = 0; i < RUBY_LUT_SIZE; i++)
		dce4_w(rdev, crtc, DC_LUT_30_COLOR, dce4_lut_entry(lut, i));
	dce4_w(rdev, crtc, GRPH_LUT_10BIT_BYPASS_CONTROL, 0);
}

/**
 * evergreen_dce_cursor_place - CUR_POSITION and CUR_HOT_SPOT for a cursor
 * @x: column of the cursor's top-left pixel in the surface (may be negative)
 * @y: its row (may be negative)
 * @pos: CUR_POSITION, out
 * @hot: CUR_HOT_SPOT, out
 */
void evergreen_dce_cursor_place(s32 x, s32 y, u32 *pos, u32 *hot)
{
	s32 hx = x < 0 ? min(-x, CUR_MAX_SIZE - 1) : 0;
	s32 hy = y < 0 ? min(-y, CUR_MAX_SIZE - 1) : 0;

	*pos = FIELD_PREP(CUR_X, max(x + hx, 0)) | FIELD_PREP(CUR_Y, max(y + hy, 0));
	*hot = FIELD_PREP(CUR_X, hx) | FIELD_PREP(CUR_Y, hy);
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_cursor_place);

void evergreen_dce_set_cursor(struct ruby_device *rdev, unsigned int crtc,
			      const struct ruby_cursor *cur)
{
	u32 ctl = FIELD_PREP(CUR_MODE, CUR_MODE_ARGB_PREMULT) |
		  FIELD_PREP(CUR_URGENT_CONTROL, CUR_URGENT_1_2);
	u32 pos, hot;

	dce4_w(rdev, crtc, CUR_UPDATE, CUR_UPDATE_LOCK);
	if (cur) {
		evergreen_dce_cursor_place(cur->x, cur->y, &pos, &hot);
		dce4_w(rdev, crtc, CUR_SURFACE_ADDRESS_HIGH, upper_32_bits(cur->addr));
		dce4_w(rdev, crtc, CUR_SURFACE_ADDRESS,
		       lower_32_bits(cur->addr) & CUR_SURFACE_ADDRESS_MASK);
		dce4_w(rdev, crtc, CUR_SIZE, (cur->width - 1) << 16 | (cur->height - 1));
		dce4_w(rdev, crtc, CUR_POSITION, pos);
		dce4_w(rdev, crtc, CUR_HOT_SPOT, hot);
		ctl |= CUR_EN;
	}
	dce4_w(rdev, crtc, CUR_CONTROL, ctl);
	dce4_w(rdev, crtc, CUR_UPDATE, 0);
}

void evergreen_dce_pll_limits(const struct ruby_device *rdev,
			      struct ruby_pll_limits *lim)
{
	const struct ruby_atom_firmware_info *fw = &rdev->vbios->fw;

	*lim = (struct ruby_pll_limits){
		.ref = fw->ref_clk * 10,
		.in_min = fw->min_pclk_pll_in * 10, .in_max = fw->max_pclk_pll_in * 10,
		.vco_min = fw->min_pclk_pll_out * 10, .vco_max = fw->max_pclk_pll_out * 10,
		/* what SetPixelClock v5's fields hold */
		.fb_max = 0xfff, .ref_max = 0xff, .post_max = 0x7f,
	};
}

/* a TMDS link carries up to 165 MHz; faster modes take both links */
#define DCE4_TMDS_SINGLE_MAX		165000

/**
 * evergreen_dce_adjust_pll_args - AdjustDisplayPll's parameters for a route
 * @route: the route a CRTC drives
 * @clock: the CRTC's pixel clock, kHz
 * @args: the parameters, out
 *
 * A DP route asks for its link's clock (the link rate as DRM gives it);
 * DIGs drive their links coherently, as dce4_transmitter() sets them up,
 * and a DVI one faster than a link carries takes two.
 */
void evergreen_dce_adjust_pll_args(const struct ruby_route *route, u32 clock,
				   struct dce4_adjust_pll_v3 *args)
{
	*args = (struct dce4_adjust_pll_v3){
		.pixel_clock = cpu_to_le16((route->dp ? route->dp_rate : clock) / 10),
		.transmitter = route->encoder & ATOM_OBJID_ID_MASK,
		.encoder_mode = dce4_encoder_mode(route),
	};
	if (route->analog)
		return;
	args->config = DCE4_DISPPLL_COHERENT;
	/* HDMI signals on one link at any clock */
	if (!route->dp && !route->hdmi && clock > DCE4_TMDS_SINGLE_MAX)
		args->config |= DCE4_DISPPLL_DUAL_LINK;
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_adjust_pll_args);

/* the video BIOS has command table @table in revision @frev.@crev */
static int dce4_table_rev(struct ruby_device *rdev, unsigned int table, u8 frev, u8 crev)
{
	const struct ruby_atom_rom *rom = &rdev->vbios->rom;
	u16 off, size;

	if (!ruby_atom_cmd_table(rom, table, &off, &size)) {
		drm_err(&rdev->drm, "vbios: no command table 0x%02x\n", table);
		return -ENODEV;
	}
	if (rom->bios[off + ATOM_TBL_FREV] == frev && rom->bios[off + ATOM_TBL_CREV] == crev)
		return 0;
	drm_err(&rdev->drm, "vbios: command table 0x%02x is revision %u.%u, not %u.%u\n",
		table, rom->bios[off + ATOM_TBL_FREV], rom->bios[off + ATOM_TBL_CREV], frev, crev);
	return -ENODEV;
}

/*
 * AdjustDisplayPll (v3): the frequency the CRTC's PLL must run at for
 * @route, and the reference and post dividers it must use if the video
 * BIOS fixes them. On DCE4 a DP route's PLL runs at the link's clock,
 * which the DIG's transmitter takes; the CRTC's pixel clock comes from
 * the link then (SetPixelClock is told it).
 */
int evergreen_dce_adjust_pll(struct ruby_device *rdev, const struct ruby_route *route,
			     u32 clock, struct ruby_pll_req *req)
{
	union dce4_ps ps = { };
	int ret;

	ret = dce4_table_rev(rdev, ATOM_CMD_ADJUST_DISPLAY_PLL, 1, 3);
	if (ret)
		return ret;
	evergreen_dce_adjust_pll_args(route, clock, &ps.adj);
	ret = dce4_exec(rdev, ATOM_CMD_ADJUST_DISPLAY_PLL, &ps);
	if (ret)
		return ret;
	if (!ps.adj_out.freq) {
		drm_err(&rdev->drm, "vbios: AdjustDisplayPll gave no PLL frequency for encoder 0x%02x, mode %u, at %u kHz\n",
			ps.adj.transmitter, ps.adj.encoder_mode, clock);
		return -EIO;
	}
	*req = (struct ruby_pll_req){
		.clock = le32_to_cpu(ps.adj_out.freq) * 10,
		.ref_div = ps.adj_out.ref_div, .post_div = ps.adj_out.post_div,
	};
	return 0;
}
