// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: DisplayPort
 *
 * A DisplayPort connector of the object table becomes a DRM DisplayPort
 * connector when the display engine can talk AUX
 * (&ruby_display_funcs.aux_transfer; DCE4 does it through the video
 * BIOS's ProcessAuxChannelTransaction). Its AUX channel is a &drm_dp_aux
 * on the DDC line the VBIOS names for it: DPCD through drm_dp_dpcd_*(),
 * and the EDID through I2C-over-AUX (its &drm_dp_aux.ddc adapter). The
 * line's GPIO pads are a DDC line of GPIO_I2C_Info too, registered as a
 * bit-banged I2C adapter like the others (a DP++ adapter's DDC is there):
 * ruby itself never bit-bangs it, userspace may (i2c-dev).
 *
 * Detection: connected when the hot-plug pin senses a sink and its DPCD
 * answers (the receiver capabilities are read then and kept for the
 * modeset). Modes are the EDID's, each checked against the fastest link
 * both ends can run (DCE4: 4 lanes at 2.7 Gb/s; 24 bits a pixel, 8b/10b
 * coded); a commit whose mode no link carries is refused (-EINVAL).
 *
 * Modeset: the link takes the fewest lanes, then the lowest rate, that
 * carry the mode's clock x 24 bpp x 10/8. The encoder is enabled in DP
 * mode on it, then the link is trained as the DP spec says: the sink is
 * woken (DP_SET_POWER D0) and told the lane count and rate, clock
 * recovery sends pattern 1 and follows the sink's adjust requests until
 * every lane locked (it gives up when the maximum voltage swing is
 * reached, after 5 tries at one voltage swing, or after 20 tries in all),
 * then channel equalisation sends pattern 2 (it gives up after 5 tries or
 * if clock recovery is lost), then the pattern stops and the picture is
 * sent.
 *
 * Fallback: a link that does not train is followed by slower ones, as
 * the DP spec's fallback goes: the limits the link is chosen within drop
 * the rate first, then (below the slowest rate) the lanes, halved, back
 * at the fastest rate; within them the link is again the fewest lanes,
 * then the lowest rate, that carry the mode, skipping links tried
 * (ruby_dp_link_next()). Each fallback is a debug line; the encoder is
 * set up again for each link, and at a link rate the CRTC's pixel PLL was
 * not set for, the PLL is first set again as the display engine asks for
 * that rate (ruby_kms_dp_link_pll(); DCE4's PLL runs at the link's clock).
 * A PLL another lit CRTC runs on is not changed under it: that fallback
 * is refused, as is one whose PLL cannot be set (a drm_err, then
 * link-status BAD as below). When no link is left the last failure is
 * reported (drm_err: what failed, the lanes' status) and the connector's
 * link-status property turns BAD with a hotplug event, so userspace
 * commits again; the CRTC stays on, sending nothing. Turning it off stops
 * the picture, puts the sink in D3 (if it is still there) and the
 * encoder and transmitter off.
 *
 * Short pulses: a sink asks to be served by pulsing its hot-plug pin low
 * for 0.5-1 ms (IRQ_HPD), too short to read as an unplug; the display
 * engine reports it as the pin's RX interrupt (ruby_dp_hpd_irq()). A work
 * item of the connector's then takes the locks a commit on its CRTC
 * takes and waits for that CRTC's last commit; if the link a commit lit
 * is still up and the sink still there, it acknowledges the sink's
 * service IRQ vector (whose requests are not served) and reads the
 * link's status: a link whose lanes lost clock recovery, equalisation,
 * symbol lock or alignment is trained again in place, at the same lanes
 * and rate, the picture stopped meanwhile, with no commit from
 * userspace. If that training fails it is reported, and link-status
 * turns BAD with a hotplug event as after a commit's.
 *
 * Not done: MST, eDP (panel power, backlight), audio and infoframes, the
 * sink's other IRQ_HPD requests (automated tests, content protection,
 * MCCS), training pattern 3 and 5.4 Gb/s (DCE4 has neither), falling back
 * while retraining in place (a failure there waits for userspace's
 * commit, which falls back), spread spectrum, and DP++ adapters
 * (dual-mode TMDS on the DP connector: its DDC line is registered as an
 * I2C adapter, see DOC: connectors, but detection does not look there).
 */

#include <linux/delay.h>

#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_edid.h>
#include <drm/drm_managed.h>
#include <drm/drm_modes.h>
#include <drm/drm_modeset_lock.h>
#include <drm/drm_print.h>
#include <drm/drm_probe_helper.h>

#include <kunit/visibility.h>

#include "ruby_device.h"
#include "ruby_display.h"

/* DP spec: clock recovery gives up after 5 tries at one voltage swing */
#define RUBY_DP_CR_SAME_SWING	5
/* and ruby after this many in all (the sink may ask for ever) */
#define RUBY_DP_CR_MAX_TRIES	20
/* channel equalisation gives up after 5 tries */
#define RUBY_DP_EQ_MAX_TRIES	5
/* bits per pixel on the link: 8 bits a component */
#define RUBY_DP_BPP		24

static const u32 ruby_dp_rates[] = { 162000, 270000 };

/*
 * The most lanes and the number of rates (of ruby_dp_rates, from the
 * slowest) both ends can run: -ENODEV if @dpcd is no sink's
 */
static int ruby_dp_limits(const u8 *dpcd, unsigned int *max_lanes, unsigned int *nrates)
{
	int max_rate = min(drm_dp_max_link_rate(dpcd), RUBY_DP_MAX_RATE);

	*max_lanes = min(drm_dp_max_lane_count(dpcd), RUBY_DP_MAX_LANES);
	if (!dpcd[DP_DPCD_REV] || !*max_lanes || max_rate <= 0)
		return -ENODEV;
	for (*nrates = 0; *nrates < ARRAY_SIZE(ruby_dp_rates); (*nrates)++)
		if (ruby_dp_rates[*nrates] > max_rate)
			break;
	return 0;
}

/* the fewest lanes, then the lowest rate, up to @max_lanes and rate @nrates - 1 */
static int ruby_dp_link_within(unsigned int max_lanes, unsigned int nrates, u32 clock,
			       unsigned int bpp, unsigned int *lanes, u32 *rate)
{
	unsigned int n, i;

	for (n = 1; n <= max_lanes; n <<= 1) {
		for (i = 0; i < nrates; i++) {
			/* a lane carries rate x 10 kb/s, 8 of each 10 bits data */
			if ((u64)clock * bpp > (u64)n * ruby_dp_rates[i] * 8)
				continue;
			*lanes = n;
			*rate = ruby_dp_rates[i];
			return 0;
		}
	}
	return -ERANGE;
}

/**
 * ruby_dp_link_config - the link a mode takes
 * @dpcd: the sink's receiver capabilities
 * @clock: the mode's pixel clock, kHz
 * @bpp: bits per pixel it sends
 * @lanes: the lane count, out
 * @rate: the link rate (162000 or 270000), out
 *
 * The fewest lanes, then the lowest rate, that carry @clock x @bpp bits a
 * second once 8b/10b coded, within what the sink and the source can do.
 *
 * Returns: 0, -ENODEV if @dpcd is no sink's, -ERANGE if no link is fast
 * enough.
 */
int ruby_dp_link_config(const u8 *dpcd, u32 clock, unsigned int bpp,
			unsigned int *lanes, u32 *rate)
{
	unsigned int max_lanes, nrates;
	int ret = ruby_dp_limits(dpcd, &max_lanes, &nrates);

	return ret ?: ruby_dp_link_within(max_lanes, nrates, clock, bpp, lanes, rate);
}
EXPORT_SYMBOL_IF_KUNIT(ruby_dp_link_config);

/* a bit per link: the lanes' log2, then the rate's index */
static u32 ruby_dp_link_bit(unsigned int lanes, u32 rate)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ruby_dp_rates) - 1 && ruby_dp_rates[i] != rate; i++)
		;
	return BIT(ilog2(lanes) * ARRAY_SIZE(ruby_dp_rates) + i);
}

/**
 * ruby_dp_link_next - the link a mode trains at first, or the next one
 * @dpcd: the sink's receiver capabilities
 * @clock: the mode's pixel clock, kHz
 * @bpp: bits per pixel it sends
 * @fb: where the fallback is: zeroed for the first link, then kept
 * @lanes: the lane count, out
 * @rate: the link rate, out
 *
 * The first link is ruby_dp_link_config()'s. After a training failed,
 * the limits the link is chosen within are lowered as the DP spec's
 * fallback does: the rate first, and below the slowest rate, the lanes
 * (halved, back at the fastest rate); within them the link is again the
 * fewest lanes, then the lowest rate, that carry the mode, and a link
 * already tried is passed over.
 *
 * Returns: 0, -ENODEV if @dpcd is no sink's, -ERANGE if no (further)
 * link carries the mode.
 */
int ruby_dp_link_next(const u8 *dpcd, u32 clock, unsigned int bpp,
		      struct ruby_dp_fallback *fb, unsigned int *lanes, u32 *rate)
{
	unsigned int max_lanes, nrates, n, i;
	int ret = ruby_dp_limits(dpcd, &max_lanes, &nrates);

	if (ret)
		return ret;
	for (; nrates; fb->step++) {
		n = max_lanes >> (fb->step / nrates);
		i = nrates - 1 - fb->step % nrates;
		if (!n)
			break;
		if (ruby_dp_link_within(n, i + 1, clock, bpp, lanes, rate) ||
		    fb->tried & ruby_dp_link_bit(*lanes, *rate))
			continue;
		fb->tried |= ruby_dp_link_bit(*lanes, *rate);
		return 0;
	}
	return -ERANGE;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_dp_link_next);

/**
 * ruby_dp_mode_valid - whether a link to this sink carries a mode
 * @dpcd: the sink's receiver capabilities
 * @clock: the mode's pixel clock, kHz
 * @bpp: bits per pixel
 *
 * Returns: MODE_OK, MODE_CLOCK_HIGH if no link is fast enough, MODE_BAD
 * without a sink.
 */
enum drm_mode_status ruby_dp_mode_valid(const u8 *dpcd, u32 clock, unsigned int bpp)
{
	unsigned int lanes;
	u32 rate;

	switch (ruby_dp_link_config(dpcd, clock, bpp, &lanes, &rate)) {
	case 0:
		return MODE_OK;
	case -ERANGE:
		return MODE_CLOCK_HIGH;
	default:
		return MODE_BAD;
	}
}
EXPORT_SYMBOL_IF_KUNIT(ruby_dp_mode_valid);

/* ---- link training ---- */

static int ruby_dp_fail(struct ruby_dp_train *t, const char *why)
{
	t->why = why;
	return -EIO;
}

static int ruby_dp_sink_write(struct ruby_dp_train *t, unsigned int reg, u8 *val,
			      unsigned int len)
{
	if (drm_dp_dpcd_write(t->aux, reg, val, len) != len)
		return ruby_dp_fail(t, "AUX: the sink refused a training write");
	return 0;
}

/* the levels in t->train_set, on the source and then the sink's lanes */
static int ruby_dp_set_levels(struct ruby_dp_train *t)
{
	int ret = t->levels(t->ctx, t->train_set[0]);

	if (ret)
		return ruby_dp_fail(t, "the source's lane levels could not be set");
	return ruby_dp_sink_write(t, DP_TRAINING_LANE0_SET, t->train_set, t->lanes);
}

static int ruby_dp_set_pattern(struct ruby_dp_train *t, enum ruby_dp_step step, u8 tp)
{
	if (t->step(t->ctx, step))
		return ruby_dp_fail(t, "the source's training step failed");
	if (tp != DP_TRAINING_PATTERN_DISABLE)
		tp |= DP_LINK_SCRAMBLING_DISABLE;
	return ruby_dp_sink_write(t, DP_TRAINING_PATTERN_SET, &tp, 1);
}

static int ruby_dp_read_status(struct ruby_dp_train *t)
{
	if (drm_dp_dpcd_read_link_status(t->aux, t->status) != DP_LINK_STATUS_SIZE)
		return ruby_dp_fail(t, "AUX: the lane status could not be read");
	return 0;
}

/* what the sink asks for, the highest any lane asks, on every lane */
static void ruby_dp_adjust(struct ruby_dp_train *t)
{
	u8 v = 0, p = 0, set;
	unsigned int i;

	for (i = 0; i < t->lanes; i++) {
		v = max(v, drm_dp_get_adjust_request_voltage(t->status, i));
		p = max(p, drm_dp_get_adjust_request_pre_emphasis(t->status, i));
	}
	set = v | p;
	if (v >= DP_TRAIN_VOLTAGE_SWING_LEVEL_3)
		set |= DP_TRAIN_MAX_SWING_REACHED;
	if (p >= DP_TRAIN_PRE_EMPH_LEVEL_3)
		set |= DP_TRAIN_MAX_PRE_EMPHASIS_REACHED;
	memset(t->train_set, set, sizeof(t->train_set));
}

/* why clock recovery gives up after @same tries at one swing, @all in all */
static const char *ruby_dp_cr_give_up(const struct ruby_dp_train *t, unsigned int same,
				      unsigned int all)
{
	if (t->train_set[0] & DP_TRAIN_MAX_SWING_REACHED)
		return "clock recovery: no lock at the maximum voltage swing";
	if (same >= RUBY_DP_CR_SAME_SWING)
		return "clock recovery: no lock after 5 tries at one voltage swing";
	if (all >= RUBY_DP_CR_MAX_TRIES)
		return "clock recovery: no lock after 20 tries";
	return NULL;
}

static int ruby_dp_clock_recovery(struct ruby_dp_train *t)
{
	const char *why;
	unsigned int same = 0, all;
	u8 swing = 0xff;
	int ret;

	memset(t->train_set, 0, sizeof(t->train_set));
	ret = ruby_dp_set_pattern(t, RUBY_DP_TPS1, DP_TRAINING_PATTERN_1);
	if (!ret)
		ret = ruby_dp_set_levels(t);
	for (all = 1; !ret; all++) {
		t->tries = all;
		drm_dp_link_train_clock_recovery_delay(t->aux, t->dpcd);
		ret = ruby_dp_read_status(t);
		if (ret || drm_dp_clock_recovery_ok(t->status, t->lanes))
			return ret;
		same = (t->train_set[0] & DP_TRAIN_VOLTAGE_SWING_MASK) == swing ? same + 1 : 1;
		why = ruby_dp_cr_give_up(t, same, all);
		if (why)
			return ruby_dp_fail(t, why);
		swing = t->train_set[0] & DP_TRAIN_VOLTAGE_SWING_MASK;
		ruby_dp_adjust(t);
		ret = ruby_dp_set_levels(t);
	}
	return ret;
}

static int ruby_dp_channel_eq(struct ruby_dp_train *t)
{
	unsigned int tries;
	int ret;

	ret = ruby_dp_set_pattern(t, RUBY_DP_TPS2, DP_TRAINING_PATTERN_2);
	for (tries = 1; !ret; tries++) {
		t->tries = tries;
		drm_dp_link_train_channel_eq_delay(t->aux, t->dpcd);
		ret = ruby_dp_read_status(t);
		if (ret)
			return ret;
		if (!drm_dp_clock_recovery_ok(t->status, t->lanes))
			return ruby_dp_fail(t, "channel equalisation: clock recovery lost");
		if (drm_dp_channel_eq_ok(t->status, t->lanes))
			return 0;
		if (tries >= RUBY_DP_EQ_MAX_TRIES)
			return ruby_dp_fail(t, "channel equalisation: not done after 5 tries");
		ruby_dp_adjust(t);
		ret = ruby_dp_set_levels(t);
	}
	return ret;
}

/* wake the sink and tell it the link it is about to be trained on */
static int ruby_dp_sink_setup(struct ruby_dp_train *t)
{
	u8 cfg[2] = { drm_dp_link_rate_to_bw_code(t->rate), t->lanes };
	u8 val = DP_SET_POWER_D0;
	int ret;

	if (t->dpcd[DP_DPCD_REV] >= 0x11) {
		ret = ruby_dp_sink_write(t, DP_SET_POWER, &val, 1);
		if (ret)
			return ret;
		/* the DP spec gives a sink 1 ms to leave D3 */
		usleep_range(1000, 2000);
	}
	if (drm_dp_enhanced_frame_cap(t->dpcd))
		cfg[1] |= DP_LANE_COUNT_ENHANCED_FRAME_EN;
	val = 0;	/* no down-spread: the source does not spread */
	ret = ruby_dp_sink_write(t, DP_DOWNSPREAD_CTRL, &val, 1);
	if (!ret)
		ret = ruby_dp_sink_write(t, DP_LINK_BW_SET, cfg, 2);
	return ret;
}

/**
 * ruby_dp_link_train - train a DisplayPort link
 * @t: the link, the sink and the source's training callbacks; what
 *	happened is left in it
 *
 * Clock recovery, then channel equalisation, as the DP spec describes
 * them; the training pattern is turned off at the end whatever happened.
 *
 * Returns: 0 when every lane is locked and equalised, or -EIO with
 * @t->why, @t->status and @t->tries saying what failed.
 */
int ruby_dp_link_train(struct ruby_dp_train *t)
{
	u8 off = DP_TRAINING_PATTERN_DISABLE;
	int ret;

	t->why = NULL;
	t->tries = 0;
	memset(t->status, 0, sizeof(t->status));
	ret = ruby_dp_sink_setup(t);
	if (!ret && t->step(t->ctx, RUBY_DP_TRAIN_START))
		ret = ruby_dp_fail(t, "the source's training start failed");
	if (!ret)
		ret = ruby_dp_clock_recovery(t);
	if (!ret)
		ret = ruby_dp_channel_eq(t);
	/* the pattern off on both ends, even after a failure */
	if (drm_dp_dpcd_write(t->aux, DP_TRAINING_PATTERN_SET, &off, 1) != 1 && !ret)
		ret = ruby_dp_fail(t, "AUX: the sink refused a training write");
	if (t->step(t->ctx, RUBY_DP_TRAIN_DONE) && !ret)
		ret = ruby_dp_fail(t, "the source's training end failed");
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_dp_link_train);

/**
 * ruby_dp_train_fallback - train a link for a mode, slower ones if it fails
 * @t: as ruby_dp_link_train() takes it, with @t->link; its lanes and rate
 *	are chosen here
 * @clock: the mode's pixel clock, kHz
 *
 * Each link ruby_dp_link_next() gives in turn is set up (@t->link) and
 * trained, until one trains or none is left; each fallback is a debug
 * line.
 *
 * Returns: 0 with @t's link trained; -ENODEV or -ERANGE if there is no
 * link to try at all; @t->link's errno; or -EIO with @t saying how the
 * last training failed.
 */
int ruby_dp_train_fallback(struct ruby_dp_train *t, u32 clock)
{
	struct ruby_dp_fallback fb = {};
	unsigned int lanes;
	u32 rate;
	int ret = ruby_dp_link_next(t->dpcd, clock, RUBY_DP_BPP, &fb, &t->lanes, &t->rate);

	if (ret)
		return ret;
	for (;;) {
		t->why = NULL;
		ret = t->link(t->ctx, t->lanes, t->rate);
		if (!ret)
			ret = ruby_dp_link_train(t);
		if (ret != -EIO || !t->why ||
		    ruby_dp_link_next(t->dpcd, clock, RUBY_DP_BPP, &fb, &lanes, &rate))
			return ret;
		drm_dbg_kms(t->aux->drm_dev,
			    "%s: the DP link at %u lanes x %u kHz does not train (%s): falling back to %u lanes x %u kHz\n",
			    t->aux->name, t->lanes, t->rate, t->why, lanes, rate);
		t->lanes = lanes;
		t->rate = rate;
	}
}
EXPORT_SYMBOL_IF_KUNIT(ruby_dp_train_fallback);

/* ---- connectors and encoders ---- */

static ssize_t ruby_dp_aux_transfer(struct drm_dp_aux *aux, struct drm_dp_aux_msg *msg)
{
	struct ruby_connector *rc = container_of(aux, struct ruby_connector, aux);
	struct ruby_device *rdev = to_ruby_device(rc->base.dev);

	return rdev->display->funcs->aux_transfer(rdev, rc->atom->ddc_id, rc->hpd, msg);
}

static void ruby_dp_link_bad_work(struct work_struct *work)
{
	struct ruby_connector *rc = container_of(work, struct ruby_connector, link_bad);

	drm_connector_set_link_status_property(&rc->base, DRM_MODE_LINK_STATUS_BAD);
	drm_kms_helper_connector_hotplug_event(&rc->base);
}

static void ruby_dp_irq_work(struct work_struct *work);

/**
 * ruby_dp_connector_init - a DP connector's AUX channel, before it is used
 * @rdev: the device
 * @rc: the connector, initialised as a DRM connector
 *
 * Returns: 0, or a negative errno.
 */
int ruby_dp_connector_init(struct ruby_device *rdev, struct ruby_connector *rc)
{
	rc->dp = true;
	rc->ddc = NULL;
	INIT_WORK(&rc->link_bad, ruby_dp_link_bad_work);
	INIT_WORK(&rc->dp_irq, ruby_dp_irq_work);
	rc->aux.name = rc->base.name;
	rc->aux.drm_dev = &rdev->drm;
	rc->aux.transfer = ruby_dp_aux_transfer;
	drm_dp_aux_init(&rc->aux);
	return drmm_mutex_init(&rdev->drm, &rc->dp_lock);
}

/**
 * ruby_dp_connector_fini - no short-pulse or link-status work left behind
 * @rc: a DP connector, no commit running any more, its pin's interrupt off
 */
void ruby_dp_connector_fini(struct ruby_connector *rc)
{
	/* a retraining it runs may queue the other */
	cancel_work_sync(&rc->dp_irq);
	cancel_work_sync(&rc->link_bad);
}

/**
 * ruby_dp_detect - is a sink on a DP connector, and what can it do
 * @rdev: the device
 * @rc: the connector
 *
 * Called with &drm_mode_config.mutex held.
 *
 * Returns: whether the hot-plug pin senses a sink and its DPCD answers.
 */
bool ruby_dp_detect(struct ruby_device *rdev, struct ruby_connector *rc)
{
	u8 dpcd[DP_RECEIVER_CAP_SIZE] = {};
	bool sensed = rc->hpd >= 0 && rdev->display->funcs->hpd_sense(rdev, rc->hpd);

	if (sensed && drm_dp_read_dpcd_caps(&rc->aux, dpcd)) {
		drm_dbg_kms(&rdev->drm, "%s: a sink on the pin, but its DPCD does not answer\n",
			    rc->base.name);
		memset(dpcd, 0, sizeof(dpcd));
	}
	mutex_lock(&rc->dp_lock);
	memcpy(rc->dpcd, dpcd, sizeof(dpcd));
	mutex_unlock(&rc->dp_lock);
	return dpcd[DP_DPCD_REV];
}

/**
 * ruby_dp_connector_mode_valid - whether a link to the sink carries @mode
 * @rc: a DP connector
 * @mode: the mode
 *
 * Returns: MODE_OK or why not.
 */
enum drm_mode_status ruby_dp_connector_mode_valid(struct ruby_connector *rc,
						  const struct drm_display_mode *mode)
{
	enum drm_mode_status st;

	mutex_lock(&rc->dp_lock);
	st = ruby_dp_mode_valid(rc->dpcd, mode->clock, RUBY_DP_BPP);
	mutex_unlock(&rc->dp_lock);
	return st;
}

/**
 * ruby_dp_check_link - atomic_check: does a link to the sink carry @mode
 * @rc: a DP connector
 * @mode: the mode a commit puts on it
 * @route: if not NULL, set to DP at the link chosen for @mode
 *
 * Returns: 0, or -EINVAL with a debug line saying why.
 */
int ruby_dp_check_link(struct ruby_connector *rc, const struct drm_display_mode *mode,
		       struct ruby_route *route)
{
	unsigned int lanes;
	u32 rate;
	int ret;

	mutex_lock(&rc->dp_lock);
	ret = ruby_dp_link_config(rc->dpcd, mode->clock, RUBY_DP_BPP, &lanes, &rate);
	mutex_unlock(&rc->dp_lock);
	if (!ret && route) {
		route->dp = true;
		route->dp_lanes = lanes;
		route->dp_rate = rate;
	}
	if (!ret)
		return 0;
	drm_dbg_kms_ratelimited(rc->base.dev, "[CONNECTOR:%d:%s] %d kHz: %s\n",
				rc->base.base.id, rc->base.name, mode->clock, ret == -ERANGE ?
				"no DP link to the sink is fast enough" : "no DP sink detected");
	return -EINVAL;
}

/* what the training callbacks drive: the route's encoder, for a CRTC */
struct ruby_dp_ctx {
	struct ruby_device *rdev;
	struct ruby_route *route;
	unsigned int crtc;
	u32 clock;
	u32 pll_rate;	/* the link rate the CRTC's pixel PLL is set for */
	bool lit;	/* the encoder is on */
	int link_err;	/* the encoder could not be set up (after a drm_err) */
};

static int ruby_dp_ctx_step(void *ctx, enum ruby_dp_step step)
{
	struct ruby_dp_ctx *c = ctx;

	return c->rdev->display->funcs->dp_step(c->rdev, c->route, step);
}

static int ruby_dp_ctx_levels(void *ctx, u8 train_set)
{
	struct ruby_dp_ctx *c = ctx;

	return c->rdev->display->funcs->dp_levels(c->rdev, c->route, train_set);
}

/*
 * The encoder on in DP mode for a link, off first if on for another; at
 * another rate than the pixel PLL was set for, the PLL is set again first
 */
static int ruby_dp_ctx_link(void *ctx, unsigned int lanes, u32 rate)
{
	struct ruby_dp_ctx *c = ctx;
	const struct ruby_display_funcs *funcs = c->rdev->display->funcs;

	if (c->lit)
		funcs->encoder_disable(c->rdev, c->route);
	c->lit = false;
	c->route->dp = true;
	c->route->dp_lanes = lanes;
	c->route->dp_rate = rate;
	if (rate != c->pll_rate) {
		c->link_err = ruby_kms_dp_link_pll(c->rdev, c->crtc, c->route, c->clock);
		if (c->link_err)
			return c->link_err;
		c->pll_rate = rate;
	}
	c->link_err = funcs->encoder_enable(c->rdev, c->route, c->crtc, c->route->pll, c->clock);
	c->lit = !c->link_err;
	return c->link_err;
}

static void ruby_dp_train_failed(struct ruby_device *rdev, struct ruby_connector *rc,
				 const struct ruby_dp_train *t)
{
	drm_err(&rdev->drm, "%s: DP link training at %u lanes x %u kHz failed: %s (try %u, lane status %*ph)\n",
		rc->base.name, t->lanes, t->rate, t->why, t->tries,
		(int)sizeof(t->status), t->status);
	schedule_work(&rc->link_bad);
}

static void ruby_dp_copy_dpcd(struct ruby_connector *rc, u8 *dpcd)
{
	mutex_lock(&rc->dp_lock);
	memcpy(dpcd, rc->dpcd, DP_RECEIVER_CAP_SIZE);
	mutex_unlock(&rc->dp_lock);
}

/**
 * ruby_dp_encoder_enable - light a DP connector: encoder, link training, video
 * @rdev: the device
 * @rc: the connector
 * @route: its path, the link filled in here
 * @crtc: the CRTC feeding it
 * @pll: that CRTC's pixel PLL
 * @mode: the CRTC's mode
 *
 * Called in a commit's tail. The link is trained at the link the mode
 * takes, then at slower ones (ruby_dp_train_fallback()); one that cannot
 * be set up or trained at all is reported and turns the connector's
 * link-status BAD.
 */
void ruby_dp_encoder_enable(struct ruby_device *rdev, struct ruby_connector *rc,
			    struct ruby_route *route, unsigned int crtc, unsigned int pll,
			    const struct drm_display_mode *mode)
{
	/* the route's rate is the one atomic_check set the PLL for */
	struct ruby_dp_ctx ctx = { .rdev = rdev, .route = route, .crtc = crtc,
				   .clock = mode->clock, .pll_rate = route->dp_rate };
	u8 dpcd[DP_RECEIVER_CAP_SIZE];
	struct ruby_dp_train t = {
		.aux = &rc->aux, .dpcd = dpcd, .ctx = &ctx, .step = ruby_dp_ctx_step,
		.levels = ruby_dp_ctx_levels, .link = ruby_dp_ctx_link,
	};
	int ret;

	ruby_dp_copy_dpcd(rc, dpcd);
	route->pll = pll;
	ret = ruby_dp_train_fallback(&t, mode->clock);
	if (!ret) {
		rdev->display->funcs->dp_video(rdev, route, true);
		rc->dp_link = route;
	} else if (ctx.link_err) {
		schedule_work(&rc->link_bad);	/* after its drm_err */
	} else if (ret == -EIO) {
		ruby_dp_train_failed(rdev, rc, &t);
	} else {
		/* checked at atomic_check: the sink went away since */
		drm_dbg_kms(&rdev->drm, "%s: the DP sink is gone\n", rc->base.name);
		schedule_work(&rc->link_bad);
	}
}

/* ---- the sink's short pulses (IRQ_HPD) ---- */

/* train @rc's lit link again, at the same lanes and rate, video off meanwhile */
static void ruby_dp_retrain(struct ruby_device *rdev, struct ruby_connector *rc,
			    struct ruby_route *route)
{
	const struct ruby_display_funcs *funcs = rdev->display->funcs;
	struct ruby_dp_ctx ctx = { .rdev = rdev, .route = route };
	u8 dpcd[DP_RECEIVER_CAP_SIZE];
	struct ruby_dp_train t = {
		.aux = &rc->aux, .dpcd = dpcd, .ctx = &ctx, .step = ruby_dp_ctx_step,
		.levels = ruby_dp_ctx_levels, .lanes = route->dp_lanes, .rate = route->dp_rate,
	};

	ruby_dp_copy_dpcd(rc, dpcd);
	funcs->dp_video(rdev, route, false);
	if (ruby_dp_link_train(&t)) {
		rc->dp_link = NULL;
		ruby_dp_train_failed(rdev, rc, &t);
		return;
	}
	funcs->dp_video(rdev, route, true);
	drm_dbg_kms(&rdev->drm, "%s: DP link retrained at %u lanes x %u kHz\n", rc->base.name,
		    t.lanes, t.rate);
}

/* what the sink pulsed for: a link it lost is trained again */
static void ruby_dp_serve_irq(struct ruby_device *rdev, struct ruby_connector *rc)
{
	struct ruby_route *route = rc->dp_link;
	u8 status[DP_LINK_STATUS_SIZE], vector;

	if (!route || !rdev->display->funcs->hpd_sense(rdev, rc->hpd))
		return;
	/* its other requests (tests, content protection...) are not served */
	if (drm_dp_dpcd_readb(&rc->aux, DP_DEVICE_SERVICE_IRQ_VECTOR, &vector) == 1 && vector) {
		drm_dbg_kms(&rdev->drm, "%s: IRQ_HPD: service IRQ vector %#04x not served\n",
			    rc->base.name, vector);
		drm_dp_dpcd_writeb(&rc->aux, DP_DEVICE_SERVICE_IRQ_VECTOR, vector);
	}
	if (drm_dp_dpcd_read_link_status(&rc->aux, status) != DP_LINK_STATUS_SIZE) {
		drm_dbg_kms(&rdev->drm, "%s: IRQ_HPD: the link status does not read\n",
			    rc->base.name);
		return;
	}
	if (drm_dp_clock_recovery_ok(status, route->dp_lanes) &&
	    drm_dp_channel_eq_ok(status, route->dp_lanes))
		return;
	drm_dbg_kms(&rdev->drm, "%s: IRQ_HPD: the sink lost the link (lane status %*ph)\n",
		    rc->base.name, (int)sizeof(status), status);
	ruby_dp_retrain(rdev, rc, route);
}

/*
 * With the locks a commit on @rc's CRTC takes, once that CRTC's last
 * commit is done: no commit tail runs on the link meanwhile
 */
static int ruby_dp_irq_locked(struct ruby_connector *rc, struct drm_modeset_acquire_ctx *ctx)
{
	struct drm_device *drm = rc->base.dev;
	struct drm_crtc *crtc;
	int ret;

	ret = drm_modeset_lock(&drm->mode_config.connection_mutex, ctx);
	if (ret)
		return ret;
	crtc = rc->base.state->crtc;
	if (!crtc)
		return 0;
	ret = drm_modeset_lock(&crtc->mutex, ctx);
	if (ret || !crtc->state->active)
		return ret;
	if (crtc->state->commit && drm_crtc_commit_wait(crtc->state->commit)) {
		drm_dbg_kms(drm, "%s: IRQ_HPD: the CRTC's commit does not end\n", rc->base.name);
		return 0;
	}
	ruby_dp_serve_irq(to_ruby_device(drm), rc);
	return 0;
}

static void ruby_dp_irq_work(struct work_struct *work)
{
	struct ruby_connector *rc = container_of(work, struct ruby_connector, dp_irq);
	struct drm_modeset_acquire_ctx ctx;
	int ret;

	drm_modeset_acquire_init(&ctx, 0);
	while ((ret = ruby_dp_irq_locked(rc, &ctx)) == -EDEADLK)
		drm_modeset_backoff(&ctx);
	drm_modeset_drop_locks(&ctx);
	drm_modeset_acquire_fini(&ctx);
}

/**
 * ruby_dp_hpd_irq - a DP sink pulsed its hot-plug pin short (IRQ_HPD)
 * @rdev: the device
 * @pin: the pin (0-based), its RX interrupt acknowledged by the generation
 *
 * Called from the IRQ thread: the sink's requests are read and served
 * from a work item of its connector's (AUX talk sleeps; a retraining
 * takes the modeset locks).
 */
void ruby_dp_hpd_irq(struct ruby_device *rdev, unsigned int pin)
{
	struct ruby_display *disp = rdev->display;
	unsigned int i;

	drm_dbg_kms(&rdev->drm, "display: short pulse on hot-plug pin %u\n", pin + 1);
	for (i = 0; i < disp->num_con; i++)
		if (disp->con[i].dp && disp->con[i].hpd == pin)
			schedule_work(&disp->con[i].dp_irq);
}

/**
 * ruby_dp_encoder_disable - stop the picture, the sink and the encoder
 * @rdev: the device
 * @rc: the connector
 * @route: the path its last enable took
 */
void ruby_dp_encoder_disable(struct ruby_device *rdev, struct ruby_connector *rc,
			     const struct ruby_route *route)
{
	const struct ruby_display_funcs *funcs = rdev->display->funcs;
	bool d3;

	rc->dp_link = NULL;
	funcs->dp_video(rdev, route, false);
	mutex_lock(&rc->dp_lock);
	d3 = rc->dpcd[DP_DPCD_REV] >= 0x11;
	mutex_unlock(&rc->dp_lock);
	/* a sink still there goes to sleep; one gone cannot be told */
	if (d3 && rc->hpd >= 0 && funcs->hpd_sense(rdev, rc->hpd))
		drm_dp_dpcd_writeb(&rc->aux, DP_SET_POWER, DP_SET_POWER_D3);
	funcs->encoder_disable(rdev, route);
}
