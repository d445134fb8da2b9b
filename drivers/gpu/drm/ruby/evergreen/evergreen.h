/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Evergreen and Northern Islands (BTC): what the generation gives the chip
 * table (operations, IP blocks) and what its files share among themselves.
 * Shared code includes this header only from ruby_chip.c.
 */
#ifndef __RUBY_EVERGREEN_H__
#define __RUBY_EVERGREEN_H__

#include <linux/types.h>

#include "../r600/r600.h"
#include "../ruby_chip.h"

struct ruby_device;
struct ruby_iv;

/* For the chip table */
extern const struct ruby_asic_funcs evergreen_asic_funcs;
extern const struct ruby_ip_block *const evergreen_ip_blocks[];
extern const struct ruby_mc_funcs evergreen_mc_funcs;

/* The generation's blocks, in evergreen_ip_blocks[] (R6xx's others) */
extern const struct ruby_ip_block evergreen_mc_block;
extern const struct ruby_ip_block evergreen_dce_block;
extern const struct ruby_ip_block evergreen_ih_block;
extern const struct ruby_ip_block evergreen_gfx_config_block;
extern const struct ruby_ip_block evergreen_cp_block;
extern const struct ruby_ip_block evergreen_dma_block;

/* The hooks of evergreen_asic_funcs, from the files that program them */
int evergreen_build_reset_ib(struct ruby_device *rdev);
int evergreen_read_disabled_rom(struct ruby_device *rdev,
				int (*read)(struct ruby_device *rdev, void *arg), void *arg);

/* Distance of each display controller's registers from CRTC0's */
#define EVERGREEN_MAX_CRTC	6
extern const u32 evergreen_crtc_offsets[EVERGREEN_MAX_CRTC];
unsigned int evergreen_num_crtc(const struct ruby_device *rdev);

struct ruby_atom_connector;
int evergreen_dce_hpd_pin(const struct ruby_atom_connector *con);
void evergreen_dce_hpd_rearm(struct ruby_device *rdev, unsigned int pin);
enum ruby_display_irq evergreen_dce_hpd_irq_ack(struct ruby_device *rdev, u32 data,
						unsigned int *pin);

/* DCE4 modesetting (evergreen_kms.c), for evergreen_dce.c's funcs */
struct drm_color_lut;
struct drm_display_mode;
struct ruby_pll_dividers;
struct ruby_pll_limits;
struct ruby_pll_req;
struct ruby_cursor;
struct ruby_route;
struct ruby_surface;

/* SetCRTC_UsingDTDTiming's parameters (SET_CRTC_USING_DTD_TIMING_PARAMETERS) */
struct dce4_dtd_timing {
	__le16 h_size, h_blank, v_size, v_blank;
	__le16 h_sync_offset, h_sync_width, v_sync_offset, v_sync_width;
	__le16 misc;
	u8 h_border, v_border, crtc, pad[3];
} __packed;

/* AdjustDisplayPll's parameters, v3 (ADJUST_DISPLAY_PLL_INPUT_PARAMETERS_V3) */
struct dce4_adjust_pll_v3 {
	__le16 pixel_clock;	/* 10 kHz; for DP, the link rate */
	u8 transmitter;		/* the encoder's object id */
	u8 encoder_mode;	/* DCE4_ENCODER_MODE_* */
	u8 config;		/* DCE4_DISPPLL_* */
	u8 ext_transmitter;	/* an external encoder's object id: none here */
	u8 reserved[2];
} __packed;

/* ... and its results, over them (ADJUST_DISPLAY_PLL_OUTPUT_PARAMETERS_V3) */
struct dce4_adjust_pll_v3_out {
	__le32 freq;		/* the PLL's frequency, 10 kHz */
	u8 ref_div, post_div;	/* 0: the driver's choice */
	u8 reserved[2];
} __packed;

#define DCE4_DISPPLL_SS			BIT(4)
#define DCE4_DISPPLL_COHERENT		BIT(5)
#define DCE4_DISPPLL_DUAL_LINK		BIT(6)

void evergreen_dce_pll_limits(const struct ruby_device *rdev, struct ruby_pll_limits *lim);
void evergreen_dce_adjust_pll_args(const struct ruby_route *route, u32 clock,
				   struct dce4_adjust_pll_v3 *args);
int evergreen_dce_adjust_pll(struct ruby_device *rdev, const struct ruby_route *route,
			     u32 clock, struct ruby_pll_req *req);
int evergreen_dce_crtc_enable(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
			      bool set_pll, const struct ruby_pll_dividers *div,
			      const struct ruby_route *route,
			      const struct drm_display_mode *mode);
int evergreen_dce_set_pll(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
			  const struct ruby_pll_dividers *div, const struct ruby_route *route,
			  u32 clock);
void evergreen_dce_crtc_disable(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
				bool pll_off);
int evergreen_dce_encoder_enable(struct ruby_device *rdev, const struct ruby_route *route,
				 unsigned int crtc, unsigned int pll, u32 clock);
void evergreen_dce_encoder_disable(struct ruby_device *rdev, const struct ruby_route *route);
enum ruby_dp_step;
int evergreen_dce_dp_step(struct ruby_device *rdev, const struct ruby_route *route,
			  enum ruby_dp_step step);
int evergreen_dce_dp_levels(struct ruby_device *rdev, const struct ruby_route *route,
			    u8 train_set);
int evergreen_dce_dp_video(struct ruby_device *rdev, const struct ruby_route *route, bool on);

/* DCE4 DisplayPort AUX (evergreen_dp.c) */
struct drm_dp_aux_msg;
ssize_t evergreen_dce_aux_transfer(struct ruby_device *rdev, u8 line, int hpd,
				   struct drm_dp_aux_msg *msg);
int evergreen_dce_aux_request(const struct drm_dp_aux_msg *msg, u8 *req);
void evergreen_dce_set_surface(struct ruby_device *rdev, unsigned int crtc,
			       const struct ruby_surface *s);
void evergreen_dce_load_lut(struct ruby_device *rdev, unsigned int crtc,
			    const struct drm_color_lut *lut);
void evergreen_dce_set_cursor(struct ruby_device *rdev, unsigned int crtc,
			      const struct ruby_cursor *cur);
int evergreen_dce_tiled_layout(const struct ruby_device *rdev, u32 tiling, u32 format,
			       u32 pitch, u32 *halign, u32 *base_align, const char **why);

/* DCE4 HDMI (evergreen_hdmi.c) */
struct cea_sad;
struct ruby_hdmi;
int evergreen_hdmi_enable(struct ruby_device *rdev, const struct ruby_route *route,
			  const struct ruby_hdmi *h);
void evergreen_hdmi_disable(struct ruby_device *rdev, const struct ruby_route *route);

#define DCE4_ACR_RATES	3

/**
 * struct dce4_hdmi_acr - audio clock regeneration at one pixel clock
 * @n: N for 32, 44.1 and 48 kHz
 * @cts: CTS for each
 */
struct dce4_hdmi_acr {
	u32 n[DCE4_ACR_RATES], cts[DCE4_ACR_RATES];
};

/* DCE4 line buffer and watermarks (evergreen_wm.c) */
void evergreen_dce_bandwidth(struct ruby_device *rdev,
			     const struct drm_display_mode *const *modes);

/**
 * struct dce4_wm_in - what one controller's watermarks depend on
 * @pixel_khz: its mode's pixel clock
 * @htotal: the mode's line, pixels
 * @hdisplay: its active part
 * @lb_entries: the controller's share of its pair's line buffer
 * @heads: controllers running
 * @sclk_khz: engine clock
 * @mclk_khz: memory clock
 * @dram_channels: memory channels
 */
struct dce4_wm_in {
	u32 pixel_khz, htotal, hdisplay, lb_entries, heads;
	u32 sclk_khz, mclk_khz, dram_channels;
};

/**
 * struct dce4_wm - one controller's memory arbitration
 * @latency_ns: latency watermark: how long it can wait for memory
 * @line_ns: a line's time
 * @mark: priority mark, in 16-pixel units
 * @force_high: its reads must always go first
 */
struct dce4_wm {
	u32 latency_ns, line_ns, mark;
	bool force_high;
};

/* DCE4 vblank and flips (evergreen_vblank.c), for evergreen_dce.c's funcs */
enum ruby_display_irq;
void evergreen_vblank_irq(struct ruby_device *rdev, unsigned int crtc, bool on);
void evergreen_flip_irq(struct ruby_device *rdev, unsigned int crtc, bool on);
u32 evergreen_vblank_counter(struct ruby_device *rdev, unsigned int crtc);
bool evergreen_scanout_pos(struct ruby_device *rdev, unsigned int crtc, int *vpos, int *hpos);
bool evergreen_flip_pending(struct ruby_device *rdev, unsigned int crtc);
enum ruby_display_irq evergreen_irq_ack(struct ruby_device *rdev, const struct ruby_iv *iv,
					unsigned int *crtc);

/* Pure helpers, exported for KUnit */
void evergreen_dce_watermark(const struct dce4_wm_in *in, struct dce4_wm *wm);
u32 evergreen_vblank_count(u32 frames, u32 line, u32 vbl_start);
bool evergreen_vblank_vpos(u32 line, u32 vbl_start, u32 vbl_end, u32 vtotal, int *vpos);
void evergreen_dce_dtd(const struct drm_display_mode *mode, unsigned int crtc,
		       struct dce4_dtd_timing *dtd);
int evergreen_dce_dig(u16 encoder);
void evergreen_dce_cursor_place(s32 x, s32 y, u32 *pos, u32 *hot);
u32 evergreen_dce_grph_control(u32 format);
void evergreen_hdmi_acr(u32 clock, struct dce4_hdmi_acr *acr);
void evergreen_hdmi_avi_words(const u8 *frame, u32 *words);
void evergreen_hdmi_sad_words(const struct cea_sad *sads, int count, u32 *words);
u32 evergreen_backend_map(u32 num_pipes_log2, u32 max_rbs, u32 disabled);
u32 evergreen_tile_config(u32 tile_pipes, u32 ramcfg, u32 gb_addr_config,
			  bool igp);

#endif /* __RUBY_EVERGREEN_H__ */
