// SPDX-License-Identifier: GPL-2.0-only
/*
 * DCE4's connector side on the simulated board: the six hot-plug pins and
 * the DDC lines the VBIOS's GPIO_I2C_Info names, with a monitor's EDID
 * behind each connector that has one (--monitors). The DisplayPort
 * connector's monitor is dp.c's, on its AUX channel and HPD3.
 *
 * Hot-plug pin n (DC_HPDn_*): its sense bit reads 1 while the pin is
 * enabled (DC_HPDn_CONTROL.EN) and a monitor is on its connector. The
 * interrupt latch (INT_STATUS bit 0) sets while the pin is enabled and
 * its sense equals the polarity (INT_CONTROL bit 8: 1 = on connect, 0 =
 * on disconnect), INT_ACK clears it, and with INT_EN set a latch raises
 * IH source 42 with the pin's number as data, as DCE4 does. A short pulse
 * (a DP sink's IRQ_HPD: low for less than the connection timer, longer
 * than the RX interrupt timer) leaves the sense alone and latches the
 * pin's RX interrupt instead (INT_STATUS bit 8), while the pin is enabled
 * and senses the sink: RX_INT_ACK (INT_CONTROL bit 20) clears it, and with
 * RX_INT_EN (bit 24) a latch raises source 42 with data 6 + the pin.
 *
 * A DDC line is two open-drain GPIO pads, clock and data (bits 0 and 8 of
 * DC_GPIO_DDCn_MASK/A/EN/Y, as the VBIOS says). Software drives a pad
 * while its MASK bit (software use) and EN bit (output) are set; it then
 * pulls it to its A bit, which for I2C is always 0. A pad nobody pulls
 * low is high; Y reads what is on the wires. The monitor is an I2C slave
 * at 0x50: a write sets its EDID offset, a read streams from there.
 * Anything else on the bus is not acknowledged. Line 3, the DisplayPort
 * connector's (its pads also carry the AUX channel, dp.c), has no slave
 * at all: nothing on it ever acknowledges (a DP++ adapter would answer
 * there; the board's DP monitor is a native one).
 */
#include <stdlib.h>
#include <string.h>

#include "edid.h"
#include "models.h"
#include "vbios.h"

#define DC_HPD_INT_STATUS(n)	(0x601c + 0xc * (n))
#define DC_HPD_INT_CONTROL(n)	(0x6020 + 0xc * (n))
#define DC_HPD_CONTROL(n)	(0x6024 + 0xc * (n))
#define HPD_INT_STATUS		(1u << 0)
#define HPD_SENSE		(1u << 1)
#define HPD_RX_INT_STATUS	(1u << 8)
#define HPD_INT_ACK		(1u << 0)
#define HPD_INT_POLARITY	(1u << 8)
#define HPD_INT_EN		(1u << 16)
#define HPD_RX_INT_ACK		(1u << 20)
#define HPD_RX_INT_EN		(1u << 24)
#define HPD_EN			(1u << 28)
#define HPD_PINS		6
#define IH_SRC_HPD		42
#define IH_HPD_RX_DATA		6	/* + the pin: its RX interrupt */

#define DDC_REG(n, r)		(VBIOS_DDC_BASE + (n) * VBIOS_DDC_STRIDE + (r))
#define DDC_CLK			(1u << 0)
#define DDC_DATA		(1u << 8)
#define EDID_ADDR		0x50

enum i2c_phase { I2C_IDLE, I2C_RX, I2C_RX_ACK, I2C_TX, I2C_TX_ACK };

struct ddc_line {
	uint8_t edid[EDID_MAX];
	unsigned int edid_len;		/* 0: no monitor */
	bool scl, sda;			/* the wires */
	bool slave_low;			/* the monitor pulls data low */
	enum i2c_phase phase;
	bool first, reading, nack;
	uint8_t shift;
	unsigned int bits, offset, sent;
};

struct sim_display {
	struct ddc_line line[VBIOS_I2C_LINES];
	bool plugged[HPD_PINS];
	bool latched[HPD_PINS];
	bool rx_latched[HPD_PINS];
	bool dp;			/* a DP monitor in the list plugged */
	struct sim_dp_monitor dp_mon;	/* which */
};

/* board connectors by name, for --monitors */
static const struct {
	const char *name;
	uint16_t connector;
} named[] = {
	{ "dvi", VBIOS_CON_DVI_I }, { "hdmi", VBIOS_CON_HDMI }, { "vga", VBIOS_CON_VGA },
	{ "hdmi:dvi", VBIOS_CON_HDMI },	/* a DVI monitor on the HDMI connector */
};

static struct sim_display *disp(struct sim *sim)
{
	return sim->display;
}

/* ---- hot-plug pins ---- */

static unsigned int hpd_pin(uint32_t offset)
{
	return (offset - DC_HPD_INT_STATUS(0)) / 0xc;
}

static bool hpd_sense(struct sim *sim, unsigned int n)
{
	return (sim_reg_get(sim, DC_HPD_CONTROL(n)) & HPD_EN) && disp(sim)->plugged[n];
}

static void hpd_update(struct sim *sim, unsigned int n)
{
	uint32_t ctl = sim_reg_get(sim, DC_HPD_INT_CONTROL(n));
	bool want = !!(ctl & HPD_INT_POLARITY), was = disp(sim)->latched[n];

	if (!(sim_reg_get(sim, DC_HPD_CONTROL(n)) & HPD_EN) || hpd_sense(sim, n) != want)
		return;
	disp(sim)->latched[n] = true;
	if (!was && (ctl & HPD_INT_EN))
		sim_ih_raise(sim, IH_SRC_HPD, n);
}

static uint32_t hpd_status_read(struct sim *sim, const struct sim_reg *reg)
{
	unsigned int n = hpd_pin(reg->offset);

	return (hpd_sense(sim, n) ? HPD_SENSE : 0) |
	       (disp(sim)->latched[n] ? HPD_INT_STATUS : 0) |
	       (disp(sim)->rx_latched[n] ? HPD_RX_INT_STATUS : 0);
}

static void ro_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

static void hpd_int_control_write(struct sim *sim, const struct sim_reg *reg,
				  uint32_t val)
{
	unsigned int n = hpd_pin(reg->offset);

	if (val & HPD_INT_ACK)
		disp(sim)->latched[n] = false;
	if (val & HPD_RX_INT_ACK)
		disp(sim)->rx_latched[n] = false;
	sim_reg_set(sim, reg->offset, val & ~(HPD_INT_ACK | HPD_RX_INT_ACK));
	hpd_update(sim, n);
}

static void hpd_control_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	hpd_update(sim, hpd_pin(reg->offset));
}

/**
 * sim_display_hpd_pulse - the sink on pin @n pulses it low, briefly
 * @sim: the simulator
 * @n: the pin (0 for DC_HPD1)
 *
 * A DP sink's IRQ_HPD: shorter than the connection timer, so the sense
 * does not change; the pin's RX interrupt latches (if the pin is enabled
 * and senses the sink) and, with RX_INT_EN, raises IH source 42 with data
 * 6 + @n.
 */
void sim_display_hpd_pulse(struct sim *sim, unsigned int n)
{
	struct sim_display *d = disp(sim);
	bool was;

	if (!d || n >= HPD_PINS || !hpd_sense(sim, n))
		return;
	was = d->rx_latched[n];
	d->rx_latched[n] = true;
	sim_log(sim, "hpd%u short pulse%s", n + 1, was ? " (RX interrupt still latched)" : "");
	if (!was && (sim_reg_get(sim, DC_HPD_INT_CONTROL(n)) & HPD_RX_INT_EN))
		sim_ih_raise(sim, IH_SRC_HPD, IH_HPD_RX_DATA + n);
}

/* ---- the monitor: an I2C slave at 0x50 serving its EDID ---- */

static void i2c_byte_received(struct sim *sim, unsigned int n, struct ddc_line *l)
{
	bool ack;

	if (l->first) {
		ack = l->edid_len && (l->shift >> 1) == EDID_ADDR;
		l->reading = l->shift & 1;
		l->first = false;
		if (!ack && sim->trace)
			sim_log(sim, "ddc%u nack addr=%#04x", n, l->shift >> 1);
	} else {
		ack = !l->reading;
		l->offset = l->shift;
	}
	l->slave_low = ack;
	l->phase = ack ? I2C_RX_ACK : I2C_IDLE;
}

/* drive the next bit of the byte at the EDID offset */
static void i2c_send_bit(struct ddc_line *l)
{
	uint8_t byte = l->edid[l->offset % l->edid_len];

	l->slave_low = !(byte & (0x80 >> l->bits));
	l->bits++;
}

static void i2c_next_byte(struct ddc_line *l)
{
	l->phase = I2C_TX;
	l->bits = 0;
	i2c_send_bit(l);
}

static void i2c_scl_rise(struct ddc_line *l)
{
	if (l->phase == I2C_RX) {
		l->shift = l->shift << 1 | l->sda;
		l->bits++;
	} else if (l->phase == I2C_TX_ACK) {
		l->nack = l->sda;
	}
}

static void i2c_scl_fall(struct sim *sim, unsigned int n, struct ddc_line *l)
{
	switch (l->phase) {
	case I2C_RX:
		if (l->bits == 8)
			i2c_byte_received(sim, n, l);
		break;
	case I2C_RX_ACK:
		l->slave_low = false;
		l->bits = 0;
		l->phase = I2C_RX;
		if (l->reading)
			i2c_next_byte(l);
		break;
	case I2C_TX:
		if (l->bits < 8) {
			i2c_send_bit(l);
		} else {
			l->slave_low = false;
			l->phase = I2C_TX_ACK;
		}
		break;
	case I2C_TX_ACK:
		l->offset++;
		l->sent++;
		if (l->nack)
			l->phase = I2C_IDLE;
		else
			i2c_next_byte(l);
		break;
	default:
		break;
	}
}

/* SDA moved while SCL was high: a start (falling) or a stop (rising) */
static void i2c_condition(struct sim *sim, unsigned int n, struct ddc_line *l)
{
	if (!l->sda) {
		l->phase = I2C_RX;
		l->first = true;
		l->bits = 0;
		l->sent = 0;
		return;
	}
	if (l->sent)
		sim_log(sim, "ddc%u edid read offset=%u bytes=%u", n,
			l->offset - l->sent, l->sent);
	l->phase = I2C_IDLE;
	l->sent = 0;
}

/* the level software gives a pad: low if it drives it so, else released */
static bool pad_level(struct sim *sim, unsigned int n, uint32_t bit)
{
	bool driven = (sim_reg_get(sim, DDC_REG(n, VBIOS_DDC_MASK)) & bit) &&
		      (sim_reg_get(sim, DDC_REG(n, VBIOS_DDC_EN)) & bit);

	return !driven || (sim_reg_get(sim, DDC_REG(n, VBIOS_DDC_A)) & bit);
}

static void ddc_update(struct sim *sim, unsigned int n)
{
	struct ddc_line *l = &disp(sim)->line[n];
	bool scl = pad_level(sim, n, DDC_CLK);
	bool sda = pad_level(sim, n, DDC_DATA) && !l->slave_low;

	if (sda != l->sda) {
		l->sda = sda;
		if (l->scl)
			i2c_condition(sim, n, l);
	}
	if (scl != l->scl) {
		l->scl = scl;
		if (scl)
			i2c_scl_rise(l);
		else
			i2c_scl_fall(sim, n, l);
		l->sda = pad_level(sim, n, DDC_DATA) && !l->slave_low;
	}
}

static unsigned int ddc_index(uint32_t offset)
{
	return (offset - VBIOS_DDC_BASE) / VBIOS_DDC_STRIDE;
}

static void ddc_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	ddc_update(sim, ddc_index(reg->offset));
}

static uint32_t ddc_y_read(struct sim *sim, const struct sim_reg *reg)
{
	const struct ddc_line *l = &disp(sim)->line[ddc_index(reg->offset)];

	return (l->scl ? DDC_CLK : 0) | (l->sda ? DDC_DATA : 0);
}

#define HPD_REGS(n)							\
	{ DC_HPD_INT_STATUS(n), "DC_HPD" #n "_INT_STATUS", 0,		\
	  hpd_status_read, ro_write },				\
	{ DC_HPD_INT_CONTROL(n), "DC_HPD" #n "_INT_CONTROL", 0, NULL,	\
	  hpd_int_control_write },					\
	{ DC_HPD_CONTROL(n), "DC_HPD" #n "_CONTROL", 0, NULL, hpd_control_write }
#define DDC_REGS(n)							\
	{ DDC_REG(n, VBIOS_DDC_MASK), "DC_GPIO_DDC" #n "_MASK", 0, NULL, ddc_write }, \
	{ DDC_REG(n, VBIOS_DDC_A), "DC_GPIO_DDC" #n "_A", 0, NULL, ddc_write }, \
	{ DDC_REG(n, VBIOS_DDC_EN), "DC_GPIO_DDC" #n "_EN", 0, NULL, ddc_write }, \
	{ DDC_REG(n, VBIOS_DDC_Y), "DC_GPIO_DDC" #n "_Y", 0, ddc_y_read, ro_write }

/* pins are numbered from 0 here; DCE4 names them DC_HPD1..6, DDC1..4 */
static const struct sim_reg display_regs[] = {
	HPD_REGS(0), HPD_REGS(1), HPD_REGS(2), HPD_REGS(3), HPD_REGS(4), HPD_REGS(5),
	DDC_REGS(0), DDC_REGS(1), DDC_REGS(2), DDC_REGS(3),
};

static const struct sim_block display_block = {
	.name = "dce4-connectors",
	.regs = display_regs,
	.nregs = sizeof(display_regs) / sizeof(display_regs[0]),
};

/*
 * plug a monitor of @kind ("dvi:badsum": its EDID's checksum wrong;
 * "hdmi:dvi": a DVI-only monitor on the HDMI connector, maybe ":badsum"
 * too; "dp" with sim_dp_parse()'s options)
 */
static int plug(struct sim_display *d, const char *spec)
{
	const struct vbios_connector *paths;
	unsigned int n, i, k;
	char kind[16];
	const char *colon = strchr(spec, ':');
	size_t len;

	if (!strncmp(spec, "hdmi:dvi", 8))
		colon = strchr(spec + 5, ':');
	len = colon ? (size_t)(colon - spec) : strlen(spec);
	if (len == 2 && !strncmp(spec, "dp", 2) && !d->dp) {
		d->dp = d->plugged[VBIOS_DP_HPD] = true;
		return sim_dp_parse(spec + 2, &d->dp_mon);
	}
	if (len >= sizeof(kind) || (colon && strcmp(colon, ":badsum")))
		return -1;
	memcpy(kind, spec, len);
	kind[len] = 0;
	paths = vbios_cedar_paths(&n);
	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		if (strcmp(named[i].name, kind))
			continue;
		for (k = 0; k < n && paths[k].connector != named[i].connector; k++)
			;
		if (k == n)
			return -1;
		d->line[paths[k].ddc].edid_len = edid_build(kind, d->line[paths[k].ddc].edid);
		if (colon)
			d->line[paths[k].ddc].edid[EDID_BLOCK - 1] ^= 0x5a;
		if (paths[k].hpd >= 0)
			d->plugged[paths[k].hpd] = true;
		return 0;
	}
	return -1;
}

/* the monitors of @list (see sim_display_init()) on their connectors */
static int plug_all(struct sim_display *d, const char *list)
{
	char buf[128], *tok, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", list);
	if (!strcmp(buf, "none"))
		return 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (plug(d, tok)) {
			fprintf(stderr,
				"ruby-sim: monitors: '%s': dvi, hdmi, hdmi:dvi or vga[:badsum], dp[:OPTION...], or none\n",
				tok);
			return -1;
		}
	}
	return 0;
}

/**
 * sim_display_init - the board's connector side and its monitors
 * @sim: the simulator; only a board with vbios.c's ROM has connectors
 * @monitors: NULL (DVI-I and HDMI), "none", or a comma-separated list of
 *	dvi, hdmi, vga, each optionally with ":badsum", and dp with its
 *	options (sim_dp_parse())
 *
 * Return: 0, or -1 after a message.
 */
int sim_display_init(struct sim *sim, const char *monitors)
{
	struct sim_display *d;
	unsigned int i;

	if (!sim->asic->has_vbios)
		return monitors ? fprintf(stderr, "ruby-sim: --monitors: %s has no connectors\n",
					  sim->asic->name), -1 : 0;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -1;
	sim->display = d;
	sim_regs_add_block(sim, &display_block);
	for (i = 0; i < VBIOS_I2C_LINES; i++)
		d->line[i].scl = d->line[i].sda = true;	/* pulled up */
	if (sim_dp_init(sim) || plug_all(d, monitors ? monitors : "dvi,hdmi"))
		return -1;
	sim_hdmi_init(sim);
	sim_dp_plug(sim, d->dp ? &d->dp_mon : NULL);
	return 0;
}

static void unplug_all(struct sim_display *d)
{
	unsigned int i;

	for (i = 0; i < VBIOS_I2C_LINES; i++)
		d->line[i].edid_len = 0;
	memset(d->plugged, 0, sizeof(d->plugged));
	d->dp = false;
}

/**
 * sim_display_replug - unplug every monitor, then plug those of @monitors
 * @sim: the simulator, with connectors
 * @monitors: as sim_display_init() takes it
 *
 * A pin whose sense changed latches and raises its interrupt as DCE4's
 * would; a DDC transfer in flight sees the monitor go. A DP monitor that
 * stays in the list with the same options stays plugged, with its link.
 *
 * Return: 0, or -1 after a message (the monitors are then all unplugged).
 */
int sim_display_replug(struct sim *sim, const char *monitors)
{
	struct sim_display *d = disp(sim);
	unsigned int i;
	int ret;

	if (!d)
		return -1;
	unplug_all(d);
	ret = plug_all(d, monitors);
	if (ret)
		unplug_all(d);
	sim_dp_plug(sim, d->dp ? &d->dp_mon : NULL);
	for (i = 0; i < HPD_PINS; i++)
		hpd_update(sim, i);
	sim_log(sim, "monitors: %s%s", monitors, ret ? " (refused: all unplugged)" : "");
	return ret;
}
