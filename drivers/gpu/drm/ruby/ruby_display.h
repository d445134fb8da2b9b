/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_DISPLAY_H__
#define __RUBY_DISPLAY_H__

#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <drm/display/drm_dp_helper.h>
#include <drm/drm_connector.h>
#include <drm/drm_crtc.h>
#include <drm/drm_eld.h>
#include <drm/drm_encoder.h>
#include <drm/drm_plane.h>

#include "atom/atom.h"

struct drm_atomic_state;
struct drm_color_lut;
struct drm_display_mode;
struct drm_dp_aux_msg;
struct drm_edid;
struct drm_framebuffer;
struct drm_pending_vblank_event;
struct ruby_device;
struct ruby_iv;
struct seq_file;

#define RUBY_MAX_CRTC		6
#define RUBY_MAX_PLL		2

/* DRM_MODE_LUT: the gamma LUT every CRTC has */
#define RUBY_LUT_SIZE		256

/**
 * struct ruby_surface - what a CRTC's primary plane scans out
 * @addr: MC address of its first pixel row, @align-aligned
 * @format: DRM_FORMAT_* (one of ruby_kms_formats)
 * @pitch: bytes per row
 * @fb_width: the buffer's width, pixels
 * @fb_height: its height, rows
 * @x: first visible pixel in a row
 * @y: first visible row
 * @width: visible pixels per row (the mode's)
 * @height: visible rows (the mode's)
 * @tiling: the buffer's RADEON_TILING_* flags (0: linear)
 */
struct ruby_surface {
	u64 addr;
	u32 format, pitch, tiling;
	u32 fb_width, fb_height;
	u32 x, y, width, height;
};

/**
 * struct ruby_cursor - what a CRTC's cursor plane shows
 * @addr: MC address of its image: ARGB8888, premultiplied alpha, rows of
 *	@width pixels one after the other
 * @width: its width, pixels (1 to the display's @max_cursor)
 * @height: its height, rows
 * @x: column of its top-left pixel in the primary surface (the CRTC's
 *	column plus the viewport's start); negative when partly off the left
 * @y: its row, likewise
 */
struct ruby_cursor {
	u64 addr;
	u32 width, height;
	s32 x, y;
};

/**
 * struct ruby_route - an encoder's path to its connector, as modeset uses it
 * @encoder: the encoder's ATOM object id (type, enum, id)
 * @connector: the connector's ATOM object id
 * @analog: the encoder is a DAC (the connector's analog path)
 * @hdmi: the encoder runs in HDMI mode: an HDMI connector whose sink's
 *	EDID says it is HDMI (else TMDS is signalled as DVI)
 * @dp: the path is DisplayPort: the encoder runs in DP mode over
 *	@dp_lanes lanes at @dp_rate
 * @dp_lanes: 1, 2 or 4
 * @dp_rate: the link rate as DRM gives it (kHz of symbol clock: 162000
 *	for 1.62 Gb/s a lane, 270000 for 2.7)
 * @pll: the pixel PLL of the CRTC feeding a DP route (its transmitter's
 *	reference while the link trains)
 */
struct ruby_route {
	u16 encoder, connector;
	bool analog, hdmi, dp;
	u8 dp_lanes, pll;
	u32 dp_rate;
};

/**
 * struct ruby_hdmi - what an HDMI sink is sent besides the picture
 * @connector: its connector (the sink's display info, for the AVI infoframe)
 * @mode: the mode the CRTC runs (its VIC, its pixel clock)
 * @crtc: that CRTC
 * @eld: a copy of the connector's ELD, taken under its &drm_connector.eld_mutex
 *	(no audio descriptors: the sink gets no audio)
 */
struct ruby_hdmi {
	const struct drm_connector *connector;
	const struct drm_display_mode *mode;
	unsigned int crtc;
	u8 eld[MAX_ELD_BYTES];
};

/**
 * enum ruby_dp_step - what the source sends while a DP link trains
 * @RUBY_DP_TRAIN_START: the encoder enters training
 * @RUBY_DP_TPS1: training pattern 1 (clock recovery)
 * @RUBY_DP_TPS2: training pattern 2 (channel equalisation)
 * @RUBY_DP_TRAIN_DONE: training over: no pattern, the link idles
 */
enum ruby_dp_step {
	RUBY_DP_TRAIN_START,
	RUBY_DP_TPS1,
	RUBY_DP_TPS2,
	RUBY_DP_TRAIN_DONE,
};

/**
 * struct ruby_pll_dividers - a pixel PLL's setting
 * @ref_div: reference divider
 * @fb_div: feedback divider, integer part
 * @fb_frac: its tenths
 * @post_div: post divider
 * @clock: the pixel clock that gives, kHz
 */
struct ruby_pll_dividers {
	u32 ref_div, fb_div, fb_frac, post_div, clock;
};

/**
 * struct ruby_pll_req - what a pixel PLL's setting must give
 * @clock: the frequency the PLL must run at, kHz
 * @ref_div: the reference divider it must use (0: any it can)
 * @post_div: the post divider it must use (0: any it can)
 *
 * Without &ruby_display_funcs.adjust_pll, the mode's pixel clock and no
 * fixed divider; with it, what the display engine's video BIOS demands.
 */
struct ruby_pll_req {
	u32 clock, ref_div, post_div;
};

/**
 * struct ruby_pll_limits - a pixel PLL's range, kHz
 * @ref: the reference clock
 * @in_min: lowest comparison frequency (reference / reference divider)
 * @in_max: highest
 * @vco_min: lowest VCO frequency
 * @vco_max: highest
 * @fb_max: largest feedback divider
 * @ref_max: largest reference divider
 * @post_max: largest post divider
 */
struct ruby_pll_limits {
	u32 ref, in_min, in_max, vco_min, vco_max;
	u32 fb_max, ref_max, post_max;
};

/**
 * enum ruby_display_irq - what an interrupt vector of the display engine says
 * @RUBY_DISPLAY_IRQ_NONE: not a display interrupt ruby handles
 * @RUBY_DISPLAY_IRQ_VBLANK: a CRTC's vblank began
 * @RUBY_DISPLAY_IRQ_PFLIP: a CRTC latched the surface address written to it
 * @RUBY_DISPLAY_IRQ_HPD: a hot-plug pin sensed a connect or a disconnect
 * @RUBY_DISPLAY_IRQ_HPD_RX: a DP sink pulsed its hot-plug pin short
 *	(IRQ_HPD): it asks to be served
 */
enum ruby_display_irq {
	RUBY_DISPLAY_IRQ_NONE,
	RUBY_DISPLAY_IRQ_VBLANK,
	RUBY_DISPLAY_IRQ_PFLIP,
	RUBY_DISPLAY_IRQ_HPD,
	RUBY_DISPLAY_IRQ_HPD_RX,
};

/**
 * struct ruby_display_funcs - what a display engine generation provides
 * @max_width: widest mode its CRTCs scan out, in pixels
 * @max_height: tallest mode, in lines
 * @hpd_pin: the hot-plug pin (0-based) behind a connector's HPD GPIO, as
 *	the VBIOS's GPIO_Pin_LUT names it, or -1 if it is not one
 * @hpd_enable: turn a hot-plug pin's sensing on or off
 * @hpd_sense: whether a monitor is on a pin now
 * @ddc_claim: take a DDC line's pads for software (bit-banged) I2C, both
 *	released (high)
 * @ddc_release: give the pads back
 * @ddc_set: pull a pad low (@level 0) or release it (@level 1)
 * @ddc_get: the level on a pad's wire
 * @num_crtc: the device's display controllers (CRTCs), each with a
 *	primary plane
 * @num_pll: pixel PLLs; CRTC n runs on PLL n % @num_pll
 * @pitch_align: a scanout row's pitch and address alignment, bytes
 * @max_pitch: widest row a CRTC reads, pixels
 * @pll_limits: fill in the pixel PLLs' range (from the VBIOS's FirmwareInfo)
 * @adjust_pll: what the pixel PLL of a CRTC driving @route at pixel clock
 *	@clock (kHz) must run at, and the dividers it must use, into @req;
 *	runs in atomic_check, may sleep; 0 or a negative errno after a
 *	drm_err (optional: without it, the PLL runs at the pixel clock)
 * @crtc_enable: light CRTC @crtc with @mode at @div (@pll programmed
 *	only if @set_pll: another CRTC may run on it) for @route, the
 *	route the CRTC drives
 * @crtc_disable: turn it off (and its PLL, if @pll_off)
 * @set_pll: program pixel PLL @pll of lit CRTC @crtc at @div again, for
 *	@route at pixel clock @clock (kHz): a DP link's rate changed under
 *	it (optional: without it, the PLL keeps atomic_check's setting)
 * @encoder_enable: route CRTC @crtc through @route's encoder at @clock kHz
 * @encoder_disable: turn that encoder off
 * @set_surface: scan @surf out on @crtc, or nothing (@surf NULL)
 * @load_lut: program @crtc's LUT from @lut (RUBY_LUT_SIZE entries), or a
 *	linear one (@lut NULL)
 * @tiled_layout: whether a CRTC scans a buffer of @tiling flags
 *	(RADEON_TILING_MACRO or _MICRO, with their fields) in @format with
 *	@pitch-byte rows: its height is then padded to *@halign rows and it
 *	starts on a multiple of *@base_align bytes; -EINVAL with @why set if
 *	it cannot (optional: without it, only linear buffers are scanned)
 * @bandwidth: share the line buffers and set memory arbitration up for
 *	the CRTCs that run: @modes holds one mode per CRTC, NULL when off
 *	(optional)
 * @max_vblank_count: the largest value of @vblank_counter; it wraps to 0
 * @vblank_irq: turn CRTC @crtc's vblank interrupt on or off
 * @flip_irq: turn its page-flip interrupt on or off
 * @vblank_counter: the vblanks @crtc has begun, by its frame counter
 * @scanout_pos: where @crtc scans out: @vpos lines after its first active
 *	line (negative in the vblank before it), @hpos pixels into the line;
 *	returns whether that is in its vblank
 * @flip_pending: a surface address written to @crtc is not latched yet
 * @irq_ack: acknowledge the display interrupt of @iv, and say which it is
 *	and of what @crtc, or for a hot-plug one of what pin, armed again for
 *	the next change (RUBY_DISPLAY_IRQ_NONE: not one of these)
 * @max_cursor: widest and tallest cursor, pixels (0: no cursor plane)
 * @cursor_align: a cursor image's address alignment, bytes
 * @set_cursor: show @cur on @crtc, or hide its cursor (@cur NULL); the
 *	change takes effect as a whole
 * @aux_transfer: one DisplayPort AUX transaction on the AUX channel of DDC
 *	line @line (GPIO_I2C_Info's id), whose sink's hot-plug pin is @hpd:
 *	as &drm_dp_aux.transfer (the bytes moved and @msg's reply, or a
 *	negative errno); serialised per channel by DRM's AUX helpers
 *	(optional: without it, DP connectors are left out)
 * @dp_step: put the encoder of DP route @route in a training step
 * @dp_levels: drive every lane of @route at @train_set's voltage swing and
 *	pre-emphasis (a DP_TRAINING_LANEx_SET byte)
 * @dp_video: start or stop sending the CRTC's picture over @route's link
 * @hdmi_enable: program the HDMI block of HDMI route @route's encoder for
 *	@hdmi (infoframes, audio clock regeneration, the audio endpoint),
 *	before @encoder_enable lights it (optional: without it, HDMI sinks
 *	are signalled as DVI)
 * @hdmi_disable: stop its infoframes and audio, before @encoder_disable
 *	(both under &ruby_display.hdmi_lock)
 *
 * The DDC callbacks take the line as GPIO_I2C_Info describes it, its
 * registers included; @data selects the data pad, else the clock pad.
 * The modeset callbacks run in an atomic commit's tail, serialised with
 * every other commit on the same CRTCs; they return 0 or a negative errno
 * after a drm_err (hardware, or its video BIOS, failed). The vblank
 * callbacks may run in any context, under spinlocks (DRM's vblank and
 * event locks); @irq_ack runs in the IRQ thread. The DP callbacks (all
 * four, or none) run in commit tails and probes, sleep, and return 0 or a
 * negative errno after a drm_err like the modeset ones.
 */
struct ruby_display_funcs {
	unsigned int max_width, max_height;
	int (*hpd_pin)(const struct ruby_atom_connector *con);
	void (*hpd_enable)(struct ruby_device *rdev, unsigned int pin, bool on);
	bool (*hpd_sense)(struct ruby_device *rdev, unsigned int pin);
	void (*ddc_claim)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus);
	void (*ddc_release)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus);
	void (*ddc_set)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus,
			bool data, int level);
	int (*ddc_get)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus,
		       bool data);
	unsigned int (*num_crtc)(const struct ruby_device *rdev);
	unsigned int num_pll;
	u32 pitch_align, max_pitch;
	void (*pll_limits)(const struct ruby_device *rdev, struct ruby_pll_limits *lim);
	int (*adjust_pll)(struct ruby_device *rdev, const struct ruby_route *route, u32 clock,
			  struct ruby_pll_req *req);
	int (*crtc_enable)(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
			   bool set_pll, const struct ruby_pll_dividers *div,
			   const struct ruby_route *route, const struct drm_display_mode *mode);
	void (*crtc_disable)(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
			     bool pll_off);
	int (*set_pll)(struct ruby_device *rdev, unsigned int crtc, unsigned int pll,
		       const struct ruby_pll_dividers *div, const struct ruby_route *route,
		       u32 clock);
	int (*encoder_enable)(struct ruby_device *rdev, const struct ruby_route *route,
			      unsigned int crtc, unsigned int pll, u32 clock);
	void (*encoder_disable)(struct ruby_device *rdev, const struct ruby_route *route);
	void (*set_surface)(struct ruby_device *rdev, unsigned int crtc,
			    const struct ruby_surface *surf);
	void (*load_lut)(struct ruby_device *rdev, unsigned int crtc,
			 const struct drm_color_lut *lut);
	int (*tiled_layout)(const struct ruby_device *rdev, u32 tiling, u32 format, u32 pitch,
			    u32 *halign, u32 *base_align, const char **why);
	void (*bandwidth)(struct ruby_device *rdev, const struct drm_display_mode *const *modes);
	u32 max_vblank_count;
	void (*vblank_irq)(struct ruby_device *rdev, unsigned int crtc, bool on);
	void (*flip_irq)(struct ruby_device *rdev, unsigned int crtc, bool on);
	u32 (*vblank_counter)(struct ruby_device *rdev, unsigned int crtc);
	bool (*scanout_pos)(struct ruby_device *rdev, unsigned int crtc, int *vpos, int *hpos);
	bool (*flip_pending)(struct ruby_device *rdev, unsigned int crtc);
	enum ruby_display_irq (*irq_ack)(struct ruby_device *rdev, const struct ruby_iv *iv,
					 unsigned int *crtc);
	u32 max_cursor, cursor_align;
	void (*set_cursor)(struct ruby_device *rdev, unsigned int crtc,
			   const struct ruby_cursor *cur);
	ssize_t (*aux_transfer)(struct ruby_device *rdev, u8 line, int hpd,
				struct drm_dp_aux_msg *msg);
	int (*dp_step)(struct ruby_device *rdev, const struct ruby_route *route,
		       enum ruby_dp_step step);
	int (*dp_levels)(struct ruby_device *rdev, const struct ruby_route *route, u8 train_set);
	int (*dp_video)(struct ruby_device *rdev, const struct ruby_route *route, bool on);
	int (*hdmi_enable)(struct ruby_device *rdev, const struct ruby_route *route,
			   const struct ruby_hdmi *hdmi);
	void (*hdmi_disable)(struct ruby_device *rdev, const struct ruby_route *route);
};

/**
 * struct ruby_ddc - one DDC line, an I2C adapter bit-banged over GPIO pads
 * @adapter: registered with the I2C core from the display block's init
 *	to its fini; the core serialises its transfers (bus lock), and no
 *	two lines share a register, so the callbacks need no lock of ruby's
 * @bit: i2c-algo-bit's callbacks and timing
 * @rdev: the device
 * @bus: the line in the VBIOS's GPIO_I2C_Info
 */
struct ruby_ddc {
	struct i2c_adapter adapter;
	struct i2c_algo_bit_data bit;
	struct ruby_device *rdev;
	const struct ruby_atom_i2c_bus *bus;
};

/**
 * struct ruby_connector - a connector of the board, from the object table
 * @base: the DRM connector (drmm-managed: it outlives the display block)
 * @atom: what the VBIOS says of it
 * @ddc: its DDC line, or NULL
 * @hpd: its hot-plug pin (0-based), or -1
 * @edid: the EDID its last probe read, or NULL
 * @edid_refused: the last probe found a device at the EDID's address
 *	whose EDID failed DRM's checks
 * @dp: a DisplayPort connector: @aux replaces @ddc
 * @aux: its AUX channel (DPCD, and I2C-over-AUX for the EDID), on the
 *	DDC line the VBIOS names; registered from late_register to
 *	early_unregister
 * @dp_lock: guards @dpcd, written by probes and read by commit tails
 * @dpcd: the sink's receiver capabilities, read when detected (all 0
 *	while none answers)
 * @link_bad: sets the connector's link-status BAD and tells userspace,
 *	after a commit's link training failed (a commit tail holds the
 *	locks that property needs)
 * @dp_irq: serves the sink's short pulses (IRQ_HPD): retrains a link it
 *	lost
 * @dp_link: the route of the link a commit trained and lit, NULL while
 *	none is; written in commit tails and by @dp_irq, which holds the
 *	connection and CRTC locks and waits for the CRTC's last commit, so
 *	neither runs while the other does
 *
 * @edid and @edid_refused are the probe's: written under
 * &drm_mode_config.mutex and &drm_mode_config.connection_mutex (the probe
 * helpers hold both around detect and get_modes), read under either
 * (debugfs under the first; atomic_check, which holds the second for the
 * connectors of its state, when it finds a CRTC's route).
 */
struct ruby_connector {
	struct drm_connector base;
	const struct ruby_atom_connector *atom;
	struct ruby_ddc *ddc;
	int hpd;
	const struct drm_edid *edid;
	bool edid_refused;
	bool dp;
	struct drm_dp_aux aux;
	struct mutex dp_lock;	/* see @dp_lock above */
	u8 dpcd[DP_RECEIVER_CAP_SIZE];
	struct work_struct link_bad;
	struct work_struct dp_irq;
	struct ruby_route *dp_link;
};

/**
 * struct ruby_crtc - a display controller, its primary and cursor planes
 * @base: the DRM CRTC (drmm-managed)
 * @primary: its primary plane (drmm-allocated)
 * @index: its number (the hardware's)
 * @event: the completion event of the flip it is doing, sent when the
 *	hardware latched the new surface (or the CRTC went off); guarded by
 *	&drm_device.event_lock, with a vblank reference held while set
 * @cursor_lock: guards @cursor_retired
 * @cursor_retired: cursor buffers a legacy cursor update replaced, which
 *	the hardware may still read (such commits wait for no vblank): each
 *	stays pinned, holding a vblank reference, until the CRTC's vblank
 *	count reaches the one it is kept for (&struct ruby_cursor_retired)
 * @cursor_work: unpins those whose vblank came; queued by the vblank
 *	interrupt
 */
struct ruby_crtc {
	struct drm_crtc base;
	struct drm_plane *primary;
	unsigned int index;
	struct drm_pending_vblank_event *event;
	spinlock_t cursor_lock;	/* see @cursor_lock above */
	struct list_head cursor_retired;
	struct work_struct cursor_work;
};

/**
 * struct ruby_crtc_state - a CRTC's atomic state, and its pixel PLL's
 * @base: DRM's
 * @route: the route it drives, as atomic_check found it (valid while
 *	@base.enable)
 * @req: what its pixel PLL must give for @route and the mode
 * @div: its pixel PLL's setting, chosen by atomic_check to meet @req,
 *	what the commit programs (valid while @base.enable); a DP link
 *	that falls back to another rate in the commit's tail sets the
 *	PLL, and @route's link, @req and @div, again (ruby_kms_dp_link_pll())
 * @pll_checked: @route and @div were chosen for this state (not copied
 *	from the state it was duplicated from)
 */
struct ruby_crtc_state {
	struct drm_crtc_state base;
	struct ruby_route route;
	struct ruby_pll_req req;
	struct ruby_pll_dividers div;
	bool pll_checked;
};

/**
 * struct ruby_encoder - the encoder of one connector
 * @base: the DRM encoder (drmm-managed)
 * @con: its connector
 * @route: the path its last enable took, for its disable; written in
 *	commits on its CRTC, which are serialised
 */
struct ruby_encoder {
	struct drm_encoder base;
	struct ruby_connector *con;
	struct ruby_route route;
};

/**
 * struct ruby_display - the board's connectors and DDC lines
 * @funcs: the display engine's callbacks
 * @ddc: the DDC lines of GPIO_I2C_Info; @num_ddc of them registered
 * @num_ddc: adapters registered
 * @con: the connectors; @num_con of them initialised
 * @num_con: connectors
 * @crtc: the display controllers; @num_crtc of them
 * @num_crtc: display controllers
 * @enc: an encoder per connector
 * @rdev: the device
 * @hotplug: probes the connectors again after a hot-plug pin interrupted
 * @polling: DRM's output poll (and hot-plug probing) is set up
 * @pll_users: bits of the lit CRTCs on each PLL; changed in commit tails,
 *	which are serialised for CRTCs sharing a PLL (each commit that
 *	modesets one takes the others on its PLL into its state)
 * @bw_lock: serialises the line buffer and arbitration setup of commit
 *	tails on different CRTCs, and guards @bw_mode and @bw_on
 * @bw_mode: the mode of each CRTC in @bw_on
 * @bw_on: bits of the CRTCs that run, as the setup last saw them
 * @hdmi_lock: serialises the HDMI programming (&ruby_display_funcs.hdmi_enable
 *	and hdmi_disable) of commit tails on different CRTCs: the audio pin and
 *	its clock are one for every encoder
 * @modeset: DRM objects and modesetting are up
 *
 * drmm-allocated with the device, as the connectors are; the adapters
 * live from the display block's init to its fini.
 */
struct ruby_display {
	const struct ruby_display_funcs *funcs;
	struct ruby_ddc ddc[RUBY_ATOM_MAX_I2C];
	unsigned int num_ddc;
	struct ruby_connector con[RUBY_ATOM_MAX_CONNECTORS];
	unsigned int num_con;
	struct ruby_crtc crtc[RUBY_MAX_CRTC];
	unsigned int num_crtc;
	struct ruby_encoder enc[RUBY_ATOM_MAX_CONNECTORS];
	struct ruby_device *rdev;
	struct work_struct hotplug;
	bool polling;
	u32 pll_users[RUBY_MAX_PLL];
	struct mutex bw_lock;	/* see @bw_lock above */
	struct drm_display_mode bw_mode[RUBY_MAX_CRTC];
	u32 bw_on;
	struct mutex hdmi_lock;	/* see @hdmi_lock above */
	bool modeset;
};

int ruby_display_init(struct ruby_device *rdev, const struct ruby_display_funcs *funcs);
void ruby_display_fini(struct ruby_device *rdev);
void ruby_display_hpd_irq(struct ruby_device *rdev, unsigned int pin);
int ruby_connectors_show(struct seq_file *m, void *data);

int ruby_display_connector_type(u8 atom_type);
bool ruby_display_probe_ddc(const struct ruby_atom_connector *con, int hpd, bool sensed);

/* ruby_kms.c: CRTCs, planes, encoders and the atomic state */
int ruby_kms_init(struct ruby_device *rdev);
void ruby_kms_shutdown(struct ruby_device *rdev);
int ruby_kms_pll_dividers(const struct ruby_pll_limits *lim, const struct ruby_pll_req *req,
			  struct ruby_pll_dividers *div);
int ruby_kms_dp_link_pll(struct ruby_device *rdev, unsigned int crtc,
			 const struct ruby_route *route, u32 clock);
int ruby_kms_check_surface(const struct ruby_display_funcs *funcs, u32 format, u32 pitch,
			   u64 offset, u32 width, const char **why);
bool ruby_kms_irq(struct ruby_device *rdev, const struct ruby_iv *iv);
extern const struct drm_plane_funcs ruby_plane_funcs;
u32 ruby_fb_tiling(const struct drm_framebuffer *fb);
int ruby_plane_prepare_fb(struct drm_plane *plane, struct drm_plane_state *st);
void ruby_plane_cleanup_fb(struct drm_plane *plane, struct drm_plane_state *st);

/* ruby_dp.c: DisplayPort connectors, link configuration and training */

/* the fastest link DCE4's encoders drive: 4 lanes at 2.7 Gb/s */
#define RUBY_DP_MAX_LANES	4
#define RUBY_DP_MAX_RATE	270000

/**
 * struct ruby_dp_train - one link training, and how it ended
 * @aux: the sink's AUX channel
 * @dpcd: its receiver capabilities
 * @lanes: lanes to train
 * @rate: at this link rate (as &ruby_route.dp_rate)
 * @step: put the source in a training step (&ruby_display_funcs.dp_step)
 * @levels: drive the source's lanes at a DP_TRAINING_LANEx_SET byte
 * @link: set the source up for a link of @lanes x @rate, taking down the
 *	one it set up before (ruby_dp_train_fallback() only)
 * @ctx: passed to @step, @levels and @link
 * @train_set: the levels asked of each lane, out
 * @status: the sink's last lane status (DP_LANE0_1_STATUS on), out
 * @tries: the loops the failing phase ran, out
 * @why: what failed, out (NULL: the link is trained)
 */
struct ruby_dp_train {
	struct drm_dp_aux *aux;
	const u8 *dpcd;
	unsigned int lanes;
	u32 rate;
	int (*step)(void *ctx, enum ruby_dp_step step);
	int (*levels)(void *ctx, u8 train_set);
	int (*link)(void *ctx, unsigned int lanes, u32 rate);
	void *ctx;
	u8 train_set[4];
	u8 status[DP_LINK_STATUS_SIZE];
	unsigned int tries;
	const char *why;
};

/**
 * struct ruby_dp_fallback - where a mode's link fallback is
 * @step: the limits the next link is chosen within (0: the sink's)
 * @tried: a bit for each link tried
 */
struct ruby_dp_fallback {
	unsigned int step;
	u32 tried;
};

int ruby_dp_link_config(const u8 *dpcd, u32 clock, unsigned int bpp,
			unsigned int *lanes, u32 *rate);
int ruby_dp_link_next(const u8 *dpcd, u32 clock, unsigned int bpp,
		      struct ruby_dp_fallback *fb, unsigned int *lanes, u32 *rate);
int ruby_dp_train_fallback(struct ruby_dp_train *t, u32 clock);
enum drm_mode_status ruby_dp_mode_valid(const u8 *dpcd, u32 clock, unsigned int bpp);
int ruby_dp_link_train(struct ruby_dp_train *t);
int ruby_dp_connector_init(struct ruby_device *rdev, struct ruby_connector *rc);
void ruby_dp_connector_fini(struct ruby_connector *rc);
bool ruby_dp_detect(struct ruby_device *rdev, struct ruby_connector *rc);
enum drm_mode_status ruby_dp_connector_mode_valid(struct ruby_connector *rc,
						  const struct drm_display_mode *mode);
int ruby_dp_check_link(struct ruby_connector *rc, const struct drm_display_mode *mode,
		       struct ruby_route *route);
void ruby_dp_encoder_enable(struct ruby_device *rdev, struct ruby_connector *rc,
			    struct ruby_route *route, unsigned int crtc, unsigned int pll,
			    const struct drm_display_mode *mode);
void ruby_dp_encoder_disable(struct ruby_device *rdev, struct ruby_connector *rc,
			     const struct ruby_route *route);
void ruby_dp_hpd_irq(struct ruby_device *rdev, unsigned int pin);
struct i2c_adapter *ruby_connector_ddc(struct ruby_connector *rc);

/* ruby_cursor.c: the cursor planes */
struct drm_plane *ruby_cursor_plane_init(struct ruby_device *rdev, unsigned int crtc);
int ruby_cursor_check_layout(const struct ruby_display_funcs *funcs,
			     const struct drm_plane_state *st, const char **why);
int ruby_cursor_follow_primary(struct drm_atomic_state *state, struct drm_plane_state *st);
void ruby_cursor_crtc_init(struct ruby_crtc *rc);
void ruby_cursor_vblank(struct ruby_crtc *rc);
void ruby_cursor_release(struct ruby_crtc *rc, bool all);

#endif /* __RUBY_DISPLAY_H__ */
