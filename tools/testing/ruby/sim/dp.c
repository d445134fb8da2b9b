// SPDX-License-Identifier: GPL-2.0-only
/*
 * DisplayPort on the simulated board: DCE4's AUX channels, the DIGs'
 * DisplayPort blocks, and the monitor on the DP connector (a sink with
 * DPCD 1.1, its EDID behind I2C-over-AUX).
 *
 * AUX channel n (DP_AUXn, at vbios_aux_offset[n]): software (the VBIOS's
 * ProcessAuxChannelTransaction) enables it in AUX_CONTROL, writes the
 * request's bytes in wire order to AUX_SW_DATA (bits 15:8; a write with
 * bit 31 set first moves the index to bits 20:16, and with bit 0 set
 * turns to reading the reply instead of writing), sets the count
 * (AUX_SW_CONTROL 20:16) and GO. The transaction completes at once:
 * AUX_SW_STATUS reads DONE with the reply's length in bits 28:24 (the
 * reply command byte, then the data), or DONE | RX_TIMEOUT when no sink
 * answers (no monitor on that channel's connector, or a malformed
 * request), until AUX_SW_INTERRUPT_CONTROL's DONE_ACK. GO with the
 * channel disabled does nothing. Only channel VBIOS_AUX_LINE has a sink.
 *
 * The sink: native reads of DPCD (caps at 0x000, link configuration at
 * 0x100, status at 0x200; unimplemented addresses read 0), native writes
 * of 0x100-0x108, 0x201 (DEVICE_SERVICE_IRQ_VECTOR: ones clear its bits)
 * and 0x600 (SET_POWER; anything else is NACKed, not written),
 * I2C-over-AUX at 0x50 serving its EDID (a write sets the offset, reads
 * of up to 16 bytes stream from it; other addresses are I2C-NACKed). The
 * first transaction after SET_POWER D3 is DEFERred (the sink wakes).
 *
 * Link training as a sink does it, on DIG VBIOS_DP_DIG and UNIPHY link
 * VBIOS_DP_DIG (the connector's): the link is the DIG's lanes and rate
 * (DP_CONFIG, set up in DP mode) on a lit transmitter; it must equal
 * LANE_COUNT_SET and LINK_BW_SET, within the sink's caps. Clock recovery
 * is reached while the source sends pattern 1 (DP_LINK_CNTL training,
 * DP_DPHY_TRAINING_PATTERN_SEL 0), TRAINING_PATTERN_SET says 1 and the
 * voltage swing the transmitter drives (SETUP_VSEMPH) and the lanes'
 * TRAINING_LANEx_SET both reach what ADJUST_REQUEST asks (level 1, so a
 * source starting at 0 must adjust once); channel equalisation, symbol
 * lock and interlane alignment likewise with pattern 2, once clock
 * recovery holds. A different link, or unplugging, loses both. A sink
 * with max-cr-rate=1.62 never locks at 2.7 Gb/s, though its caps say it
 * can.
 *
 * Link loss (sim_dp_event(), the control file dp-sink): the sink loses
 * clock recovery, symbol lock and alignment on every lane while the
 * source goes on sending video; it sets LINK_STATUS_UPDATED (0x204 bit
 * 7; the link status change has no bit in DEVICE_SERVICE_IRQ_VECTOR,
 * which stays 0) and pulses HPD3 short (IRQ_HPD: display.c latches the
 * pin's RX interrupt). It trains again as before ("link-lost"), or never
 * again reaches clock recovery ("link-dead", as no-cr; a new monitor
 * plugged replaces it).
 *
 * Video: DP_VID_STREAM_CNTL on while the link is not trained, or while
 * the link's lanes x rate x 8/10 cannot carry the CRTC's pixel clock x 24
 * bits, is a DP-LINK-FAULT (the rig's red); on a trained link, the CRTC's
 * PLL not where AdjustDisplayPll put it for the link's rate is a
 * PLL-ADJUST-FAULT (pll.c, sim_pll_dp_video()); the CRTC's frames are black
 * while it cannot show them (sim_dp_no_signal(): also once the monitor
 * is unplugged or the link lost, which is no fault of the source's). A
 * monitor keeps showing what the link carried when the video stopped: a
 * CRTC switched off just after its DP stream (as a disable does) shows a
 * black frame if the link was down then.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edid.h"
#include "sim.h"
#include "vbios.h"

#define AUX_REG(n, r)		((r) + vbios_aux_offset[n])
#define DIG_REG(n, r)		((r) + vbios_dig_offset[n])
#define AUX_MAX			20
#define AUX_REPLY_ACK		0x00
#define AUX_REPLY_NACK		0x10
#define AUX_REPLY_DEFER		0x20
#define AUX_REPLY_I2C_NACK	0x40
#define AUX_NATIVE		0x8
#define AUX_READ		0x1
#define AUX_I2C_MOT		0x4
#define EDID_ADDR		0x50

/* DPCD addresses */
#define DPCD_SIZE		0x800
#define DPCD_LINK_BW_SET	0x100
#define DPCD_LANE_COUNT_SET	0x101
#define DPCD_TRAINING_PATTERN	0x102
#define DPCD_LANE0_SET		0x103
#define DPCD_IRQ_VECTOR		0x201
#define DPCD_LANE0_1_STATUS	0x202
#define DPCD_ALIGN_STATUS	0x204
#define DPCD_ADJUST_REQUEST	0x206
#define DPCD_SET_POWER		0x600
#define LANE_CR_DONE		0x1
#define LANE_EQ_LOCKED		0x6	/* channel EQ done, symbol locked */
#define ALIGN_DONE		0x01
#define LINK_STATUS_UPDATED	0x80

struct aux_chan {
	uint8_t tx[AUX_MAX], rx[AUX_MAX];
	unsigned int idx, nrx;
	bool reading;
	uint32_t status;
};

struct sim_dp {
	struct aux_chan chan[VBIOS_DIGS];
	struct sim_dp_monitor mon;	/* what is plugged */
	bool plugged, cr, eq, wake_defer, i2c_mot;
	uint8_t dpcd[DPCD_SIZE];
	uint8_t edid[EDID_MAX];
	unsigned int edid_len, edid_off, edid_sent;
	bool video_faulted[VBIOS_DIGS];	/* this video-on's fault is logged */
	const char *dark_at_off[VBIOS_DIGS];	/* the link was down at video off */
};

static struct sim_dp *dp_of(struct sim *sim)
{
	return sim->dp;
}

/* ---- the source: what DIG @dig and its UNIPHY link send ---- */

struct dp_source {
	bool dp, lit, training;
	unsigned int lanes, rate, pattern, swing, crtc;
};

static void source_of(const struct sim *sim, unsigned int dig, struct dp_source *s)
{
	uint32_t be = sim_reg_get(sim, DIG_REG(dig, VBIOS_DIG_BE_CNTL));
	uint32_t cfg = sim_reg_get(sim, DIG_REG(dig, VBIOS_DP_CONFIG));
	uint32_t tx = sim_reg_get(sim, VBIOS_UNIPHY_TX_CONTROL1 + VBIOS_UNIPHY_STRIDE * dig);

	s->dp = (be >> 8 & 0x3f) && !(be >> 16 & 7);	/* set up, mode DP (0) */
	s->lit = (tx & 3) == 3;
	s->lanes = (cfg & 3) + 1;
	s->rate = cfg & VBIOS_DP_CONFIG_HBR ? 0x0a : 0x06;
	s->training = !(sim_reg_get(sim, DIG_REG(dig, VBIOS_DP_LINK_CNTL)) &
			VBIOS_DP_LINK_TRAINING_COMPLETE);
	s->pattern = sim_reg_get(sim, DIG_REG(dig, VBIOS_DP_TRAINING_PATTERN_SEL)) & 3;
	s->swing = tx >> 16 & 3;
	s->crtc = sim_reg_get(sim, DIG_REG(dig, VBIOS_DIG_FE_CNTL)) & 3;
}

/* ---- the sink's link training ---- */

static unsigned int lanes_set(const struct sim_dp *d)
{
	return d->dpcd[DPCD_LANE_COUNT_SET] & 0x1f;
}

/* the source drives the link the sink was configured for, within its caps */
static bool same_link(const struct sim_dp *d, const struct dp_source *s)
{
	return d->plugged && s->dp && s->lit && s->lanes == lanes_set(d) &&
	       s->rate == d->dpcd[DPCD_LINK_BW_SET] && s->lanes <= d->mon.lanes &&
	       s->rate <= d->mon.rate && s->lanes != 3;
}

/* every lane's swing, as driven and as announced, reaches the request (1) */
static bool drive_ok(const struct sim_dp *d, const struct dp_source *s)
{
	unsigned int i;

	for (i = 0; i < s->lanes; i++)
		if ((d->dpcd[DPCD_LANE0_SET + i] & 3) < 1)
			return false;
	return s->swing >= 1;
}

/* what the sink has locked on, given what the source sends now */
static void dp_train(struct sim *sim)
{
	struct sim_dp *d = dp_of(sim);
	struct dp_source s;
	unsigned int tp = d->dpcd[DPCD_TRAINING_PATTERN] & 3;

	source_of(sim, VBIOS_DP_DIG, &s);
	if (!same_link(d, &s)) {
		d->cr = d->eq = false;
		return;
	}
	if (!s.training)
		return;
	if (tp == 1 && s.pattern == 0) {
		d->cr = drive_ok(d, &s) && !d->mon.no_cr && s.rate <= d->mon.max_cr_rate;
		d->eq = false;
	} else if (tp == 2 && s.pattern == 1) {
		d->eq = d->cr && drive_ok(d, &s);
	}
}

/* DPCD 0x202-0x207 as the sink reports them now */
static uint8_t link_status(struct sim *sim, uint32_t addr)
{
	struct sim_dp *d = dp_of(sim);
	unsigned int lane = (addr - DPCD_LANE0_1_STATUS) * 2, i;
	uint8_t v = 0, lanes = lanes_set(d);

	dp_train(sim);
	if (addr == DPCD_ALIGN_STATUS) {
		v = (d->eq ? ALIGN_DONE : 0) | (d->dpcd[addr] & LINK_STATUS_UPDATED);
		d->dpcd[addr] &= ~LINK_STATUS_UPDATED;
		return v;
	}
	if (addr >= DPCD_ADJUST_REQUEST)	/* swing 1, no pre-emphasis */
		return 0x11;
	for (i = 0; i < 2; i++)
		if (lane + i < lanes)
			v |= ((d->cr ? LANE_CR_DONE : 0) | (d->eq ? LANE_EQ_LOCKED : 0)) << (4 * i);
	return v;
}

/* ---- native AUX: DPCD ---- */

static uint8_t dpcd_read(struct sim *sim, uint32_t addr)
{
	if (addr >= DPCD_LANE0_1_STATUS && addr <= DPCD_ADJUST_REQUEST + 1)
		return link_status(sim, addr);
	return addr < DPCD_SIZE ? dp_of(sim)->dpcd[addr] : 0;
}

static bool dpcd_writable(uint32_t addr)
{
	return (addr >= DPCD_LINK_BW_SET && addr <= 0x108) || addr == DPCD_IRQ_VECTOR ||
	       addr == DPCD_SET_POWER;
}

static uint8_t native(struct sim *sim, uint8_t cmd, uint32_t addr, const uint8_t *data,
		      unsigned int len, uint8_t *out, unsigned int *nout)
{
	struct sim_dp *d = dp_of(sim);
	unsigned int i;

	if (cmd & AUX_READ) {
		for (i = 0; i < len; i++)
			out[i] = dpcd_read(sim, addr + i);
		*nout = len;
		return AUX_REPLY_ACK;
	}
	for (i = 0; i < len; i++)
		if (!dpcd_writable(addr + i))
			return AUX_REPLY_NACK;
	for (i = 0; i < len; i++) {
		if (addr + i == DPCD_IRQ_VECTOR)	/* write 1 to clear */
			d->dpcd[addr + i] &= ~data[i];
		else
			d->dpcd[addr + i] = data[i];
	}
	if (addr <= DPCD_SET_POWER && addr + len > DPCD_SET_POWER)
		d->wake_defer = d->dpcd[DPCD_SET_POWER] == 2;
	return AUX_REPLY_ACK;
}

/* ---- I2C over AUX: the EDID at 0x50 ---- */

static uint8_t i2c(struct sim *sim, uint8_t cmd, uint32_t addr, const uint8_t *data,
		   unsigned int len, uint8_t *out, unsigned int *nout)
{
	struct sim_dp *d = dp_of(sim);
	unsigned int i;

	if (addr != EDID_ADDR)
		return AUX_REPLY_I2C_NACK;
	if (!d->i2c_mot)
		d->edid_sent = 0;
	d->i2c_mot = cmd & AUX_I2C_MOT;
	if (cmd & AUX_READ) {
		for (i = 0; i < len; i++)
			out[i] = d->edid[(d->edid_off + i) % d->edid_len];
		d->edid_off += len;
		d->edid_sent += len;
		*nout = len;
	} else if (len) {
		d->edid_off = data[0];
	}
	if (!d->i2c_mot && d->edid_sent)
		sim_log(sim, "dp aux edid read offset=%u bytes=%u", d->edid_off - d->edid_sent,
			d->edid_sent);
	return AUX_REPLY_ACK;
}

/*
 * A request on the wire: cmd << 4 | address 19:16, address 15:8, 7:0,
 * length - 1 (absent: a bare address), payload. 0 and the reply in @rx,
 * or -1: no sink answers.
 */
static int sink_request(struct sim *sim, const uint8_t *tx, unsigned int n, uint8_t *rx,
			unsigned int *nrx)
{
	struct sim_dp *d = dp_of(sim);
	uint8_t cmd = tx[0] >> 4;
	uint32_t addr = (tx[0] & 0xf) << 16 | tx[1] << 8 | tx[2];
	unsigned int len = n > 3 ? tx[3] + 1u : 0, ndata = 0;
	bool write = !(cmd & AUX_READ);

	if (!d->plugged || n < 3 || (write && n != (len ? 4 + len : 3)) ||
	    (!write && n > 4) || len > 16)
		return -1;
	if (d->wake_defer) {
		d->wake_defer = false;
		rx[0] = AUX_REPLY_DEFER;
	} else if (cmd & AUX_NATIVE) {
		rx[0] = native(sim, cmd, addr, tx + 4, len, rx + 1, &ndata);
	} else {
		rx[0] = i2c(sim, cmd, addr, tx + 4, len, rx + 1, &ndata);
	}
	*nrx = 1 + ndata;
	return 0;
}

/* ---- the AUX engines ---- */

static unsigned int aux_index(uint32_t offset, uint32_t base)
{
	unsigned int n;

	for (n = 0; n + 1 < VBIOS_DIGS && offset != AUX_REG(n, base); n++)
		;
	return n;
}

static unsigned int dig_index(uint32_t offset, uint32_t base)
{
	unsigned int n;

	for (n = 0; n + 1 < VBIOS_DIGS && offset != DIG_REG(n, base); n++)
		;
	return n;
}

static void aux_go(struct sim *sim, unsigned int n, uint32_t ctl)
{
	struct aux_chan *c = &dp_of(sim)->chan[n];
	unsigned int bytes = ctl >> 16 & 0x1f;

	if (!(sim_reg_get(sim, AUX_REG(n, VBIOS_AUX_CONTROL)) & VBIOS_AUX_EN))
		return;
	c->nrx = 0;
	c->reading = false;
	if (n != VBIOS_AUX_LINE || bytes > AUX_MAX ||
	    sink_request(sim, c->tx, bytes, c->rx, &c->nrx)) {
		c->status = VBIOS_AUX_SW_DONE | VBIOS_AUX_SW_RX_TIMEOUT;
		return;
	}
	c->status = VBIOS_AUX_SW_DONE | c->nrx << 24;
}

static void aux_control_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val & ~VBIOS_AUX_SW_GO);
	if (val & VBIOS_AUX_SW_GO)
		aux_go(sim, aux_index(reg->offset, VBIOS_AUX_SW_CONTROL), val);
}

static void aux_int_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	struct aux_chan *c = &dp_of(sim)->chan[aux_index(reg->offset, VBIOS_AUX_SW_INT_CONTROL)];

	if (val & VBIOS_AUX_SW_DONE_ACK)
		c->status &= ~VBIOS_AUX_SW_DONE;
	sim_reg_set(sim, reg->offset, val & ~VBIOS_AUX_SW_DONE_ACK);
}

static uint32_t aux_status_read(struct sim *sim, const struct sim_reg *reg)
{
	return dp_of(sim)->chan[aux_index(reg->offset, VBIOS_AUX_SW_STATUS)].status;
}

static void aux_ro_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

static void aux_data_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	struct aux_chan *c = &dp_of(sim)->chan[aux_index(reg->offset, VBIOS_AUX_SW_DATA)];

	if (val & VBIOS_AUX_SW_DATA_INDEX_SET)
		c->idx = val >> 16 & 0x1f;
	c->reading = val & VBIOS_AUX_SW_DATA_RW;
	if (!c->reading && c->idx < AUX_MAX)
		c->tx[c->idx++] = val >> 8;
}

static uint32_t aux_data_read(struct sim *sim, const struct sim_reg *reg)
{
	struct aux_chan *c = &dp_of(sim)->chan[aux_index(reg->offset, VBIOS_AUX_SW_DATA)];

	if (!c->reading || c->idx >= c->nrx)
		return 0;
	return (uint32_t)c->rx[c->idx++] << 8 | VBIOS_AUX_SW_DATA_RW;
}

/* ---- video on a DP link ---- */

/* why DIG @dig's link cannot carry video now (no sink, not trained), or NULL */
static const char *link_fault(struct sim *sim, unsigned int dig)
{
	struct sim_dp *d = dp_of(sim);
	struct dp_source s;

	source_of(sim, dig, &s);
	if (dig != VBIOS_DP_DIG || !d->plugged)
		return "video on a link with no sink";
	dp_train(sim);
	if (!same_link(d, &s) || !d->cr || !d->eq || s.training)
		return "video on an untrained link";
	return NULL;
}

/* why DIG @dig's lanes and rate cannot carry its CRTC's pixels, or NULL */
static const char *bandwidth_fault(struct sim *sim, unsigned int dig)
{
	struct dp_source s;
	uint64_t khz, capacity;

	/* kbit/s: 8b/10b carries 8 bits of every 10 */
	source_of(sim, dig, &s);
	khz = sim_crtc_pixel_khz(sim, s.crtc);
	capacity = (uint64_t)s.lanes * (s.rate == 0x0a ? 2700000 : 1620000) * 8 / 10;
	if (khz * 24 > capacity)
		return "lanes x rate cannot carry the pixel clock at 24 bpp";
	return NULL;
}

/* a fault of the source's, logged once per video-on */
static void video_fault(struct sim *sim, unsigned int dig, const char *why)
{
	struct sim_dp *d = dp_of(sim);

	if (!why || d->video_faulted[dig])
		return;
	d->video_faulted[dig] = true;
	sim_log(sim, "DP-LINK-FAULT dig%u: %s", dig, why);
}

static void vid_stream_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int dig = dig_index(reg->offset, VBIOS_DP_VID_STREAM_CNTL);
	bool was = sim_reg_get(sim, reg->offset) & 1;
	struct dp_source s;
	const char *why;

	sim_reg_set(sim, reg->offset, val);
	if (!(val & 1)) {
		/* what the monitor is left showing */
		if (was)
			dp_of(sim)->dark_at_off[dig] = link_fault(sim, dig);
		return;
	}
	dp_of(sim)->dark_at_off[dig] = NULL;
	if (!was)
		dp_of(sim)->video_faulted[dig] = false;
	why = link_fault(sim, dig);
	video_fault(sim, dig, why ?: bandwidth_fault(sim, dig));
	/* on a trained link, the transmitter's reference: its CRTC's PLL */
	if (!was && !why) {
		source_of(sim, dig, &s);
		sim_pll_dp_video(sim, s.crtc, s.rate == 0x0a ? 270000 : 162000);
	}
}

/**
 * sim_dp_no_signal - whether CRTC @crtc's DP monitor shows nothing
 * @sim: the simulator
 * @crtc: the CRTC
 *
 * Return: NULL, or why a DIG in DP mode streaming @crtc's video cannot
 * show it, or why the last stream of @crtc's that stopped (and is not
 * asked again) could not. A link lost since video went on (the monitor
 * unplugged, the sink lost its lock) is no fault of the source's; a link
 * too slow for the mode is, logged once as DP-LINK-FAULT (at video on,
 * the CRTC's clock may not have run yet).
 */
const char *sim_dp_no_signal(struct sim *sim, unsigned int crtc)
{
	struct sim_dp *d = dp_of(sim);
	struct dp_source s;
	unsigned int dig;
	const char *why;

	if (!d)
		return NULL;
	for (dig = 0; dig < VBIOS_DIGS; dig++) {
		source_of(sim, dig, &s);
		if (s.crtc != crtc)
			continue;
		why = d->dark_at_off[dig];
		d->dark_at_off[dig] = NULL;
		if (!(sim_reg_get(sim, DIG_REG(dig, VBIOS_DP_VID_STREAM_CNTL)) & 1)) {
			if (why)
				return why;
			continue;
		}
		if (!s.dp)
			continue;
		why = bandwidth_fault(sim, dig);
		video_fault(sim, dig, why);
		why = link_fault(sim, dig) ?: why;
		if (why)
			return why;
	}
	return NULL;
}

#define R(off, name)	{ off, name, 0, NULL, NULL }
#define AUX_REGS(n, o)							\
	R(VBIOS_AUX_CONTROL + (o), "DP_AUX" #n "_AUX_CONTROL"),	\
	{ VBIOS_AUX_SW_CONTROL + (o), "DP_AUX" #n "_AUX_SW_CONTROL", 0, NULL, \
	  aux_control_write },						\
	{ VBIOS_AUX_SW_INT_CONTROL + (o), "DP_AUX" #n "_AUX_SW_INTERRUPT_CONTROL", \
	  0, NULL, aux_int_write },					\
	{ VBIOS_AUX_SW_STATUS + (o), "DP_AUX" #n "_AUX_SW_STATUS", 0,	\
	  aux_status_read, aux_ro_write },				\
	{ VBIOS_AUX_SW_DATA + (o), "DP_AUX" #n "_AUX_SW_DATA", 0,	\
	  aux_data_read, aux_data_write }
#define DP_REGS(n, o)							\
	R(VBIOS_DP_LINK_CNTL + (o), "DIG" #n "_DP_LINK_CNTL"),	\
	R(VBIOS_DP_CONFIG + (o), "DIG" #n "_DP_CONFIG"),		\
	{ VBIOS_DP_VID_STREAM_CNTL + (o), "DIG" #n "_DP_VID_STREAM_CNTL", 0, NULL, \
	  vid_stream_write },						\
	R(VBIOS_DP_TRAINING_PATTERN_SEL + (o), "DIG" #n "_DP_DPHY_TRAINING_PATTERN_SEL")

static const struct sim_reg dp_regs[] = {
	/* the offsets are vbios_aux_offset's and vbios_dig_offset's */
	AUX_REGS(0, 0x000), AUX_REGS(1, 0x050), AUX_REGS(2, 0x0a0),
	AUX_REGS(3, 0x100), AUX_REGS(4, 0x150), AUX_REGS(5, 0x1a0),
	DP_REGS(0, 0x0000), DP_REGS(1, 0x0c00), DP_REGS(2, 0x9800),
	DP_REGS(3, 0xa400), DP_REGS(4, 0xb000), DP_REGS(5, 0xbc00),
};

static const struct sim_block dp_block = {
	.name = "dce4-dp",
	.regs = dp_regs,
	.nregs = sizeof(dp_regs) / sizeof(dp_regs[0]),
};

/* ---- the monitor ---- */

/* a sink's DPCD as it powers up: rev 1.1, its caps, one sink, D0 */
static void dpcd_reset(struct sim_dp *d)
{
	memset(d->dpcd, 0, sizeof(d->dpcd));
	d->dpcd[0x000] = 0x11;
	d->dpcd[0x001] = d->mon.rate;
	d->dpcd[0x002] = d->mon.lanes | 0x80;	/* enhanced framing */
	d->dpcd[0x003] = 0x01;			/* 0.5% down-spread */
	d->dpcd[0x004] = 0x01;			/* one receiver port */
	d->dpcd[0x006] = 0x01;			/* 8b/10b */
	d->dpcd[0x008] = 0x02;			/* port 0 has a local EDID */
	d->dpcd[0x200] = 0x01;			/* sink count */
	d->dpcd[DPCD_ALIGN_STATUS] = LINK_STATUS_UPDATED;
	d->dpcd[DPCD_SET_POWER] = 0x01;
}

/**
 * sim_dp_parse - a DP monitor's options, as the monitors list gives them
 * @opts: after "dp": none, or ":"-separated WxH (its EDID's preferred
 *	mode: 1920x1080, 1280x1024 or 1024x768), lanes=N (1, 2, 4),
 *	rate=1.62 or rate=2.7 (its DPCD caps), max-cr-rate=1.62 (it reaches
 *	clock recovery only at 1.62 Gb/s), no-cr (it never reaches clock
 *	recovery), badsum (its EDID's checksum wrong)
 * @m: the monitor, out
 *
 * Return: 0, or -1 for an option it does not know.
 */
int sim_dp_parse(const char *opts, struct sim_dp_monitor *m)
{
	char buf[96], *tok, *save = NULL;

	*m = (struct sim_dp_monitor){ .width = 1920, .height = 1080, .lanes = 4, .rate = 0x0a,
				      .max_cr_rate = 0x0a };
	if (!*opts)
		return 0;
	if (*opts != ':' || snprintf(buf, sizeof(buf), "%s", opts + 1) >= (int)sizeof(buf))
		return -1;
	for (tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		if (!strcmp(tok, "lanes=1") || !strcmp(tok, "lanes=2") || !strcmp(tok, "lanes=4"))
			m->lanes = tok[6] - '0';
		else if (!strcmp(tok, "rate=1.62") || !strcmp(tok, "rate=2.7"))
			m->rate = tok[6] == '1' ? 0x06 : 0x0a;
		else if (!strcmp(tok, "max-cr-rate=1.62"))
			m->max_cr_rate = 0x06;
		else if (!strcmp(tok, "no-cr"))
			m->no_cr = true;
		else if (!strcmp(tok, "badsum"))
			m->badsum = true;
		else if (sscanf(tok, "%ux%u", &m->width, &m->height) != 2 ||
			 !edid_build_mode("dp", m->width, m->height, NULL))
			return -1;
	}
	return 0;
}

static bool same_monitor(const struct sim_dp_monitor *a, const struct sim_dp_monitor *b)
{
	return a->width == b->width && a->height == b->height && a->lanes == b->lanes &&
	       a->rate == b->rate && a->max_cr_rate == b->max_cr_rate && a->no_cr == b->no_cr &&
	       a->badsum == b->badsum;
}

/**
 * sim_dp_plug - plug monitor @m into the DP connector, or unplug (NULL)
 * @sim: the simulator
 * @m: the monitor (sim_dp_parse()), or NULL
 *
 * The same monitor staying plugged keeps its state and link; a new one
 * comes up untrained, and unplugging loses the link.
 */
void sim_dp_plug(struct sim *sim, const struct sim_dp_monitor *m)
{
	struct sim_dp *d = dp_of(sim);

	if (!d || (m && d->plugged && same_monitor(m, &d->mon)))
		return;
	d->plugged = m;
	d->cr = d->eq = d->wake_defer = d->i2c_mot = false;
	d->edid_off = d->edid_sent = 0;
	if (!m)
		return;
	d->mon = *m;
	dpcd_reset(d);
	d->edid_len = edid_build_mode("dp", m->width, m->height, d->edid);
	if (m->badsum)
		d->edid[EDID_BLOCK - 1] ^= 0x5a;
}

/**
 * sim_dp_event - the DP sink loses its link, and asks for it again
 * @sim: the simulator
 * @what: "link-lost" (it trains again when asked) or "link-dead" (it
 *	never reaches clock recovery again)
 *
 * Every lane loses clock recovery, symbol lock and alignment;
 * LINK_STATUS_UPDATED is set and HPD3 pulses short (IRQ_HPD).
 *
 * Return: 0, or -1 for another @what or without a plugged DP monitor
 * (logged).
 */
int sim_dp_event(struct sim *sim, const char *what)
{
	struct sim_dp *d = dp_of(sim);
	bool dead = !strcmp(what, "link-dead");

	if (!d || !d->plugged || (!dead && strcmp(what, "link-lost"))) {
		sim_log(sim, "dp-sink: '%s' refused (link-lost or link-dead, with a DP monitor)",
			what);
		return -1;
	}
	d->cr = d->eq = false;
	d->mon.no_cr |= dead;
	d->dpcd[DPCD_ALIGN_STATUS] |= LINK_STATUS_UPDATED;
	sim_log(sim, "dp-sink: %s: lanes unlocked, IRQ_HPD", what);
	sim_display_hpd_pulse(sim, VBIOS_DP_HPD);
	return 0;
}

/**
 * sim_dp_init - the AUX channels and the DIGs' DP blocks, no monitor
 * @sim: the simulator, with connectors
 *
 * Return: 0, or -1 out of memory.
 */
int sim_dp_init(struct sim *sim)
{
	sim->dp = calloc(1, sizeof(*sim->dp));
	if (!sim->dp)
		return -1;
	sim_regs_add_block(sim, &dp_block);
	return 0;
}
