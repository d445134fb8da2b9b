// SPDX-License-Identifier: GPL-2.0-only
/*
 * DisplayPort through the simulated Cedar's VBIOS, run by the driver's
 * interpreter against the simulator's model (sim/dp.c): the
 * ProcessAuxChannelTransaction table called as radeon_process_aux_ch()
 * calls it (the request at byte 4 of the frame-buffer scratch, the reply
 * at byte 20), DPCD reads and writes, the EDID over I2C-over-AUX, the
 * refusals and timeouts; then link training through DIGxEncoderControl's
 * and UNIPHYTransmitterControl's DP actions against the sink, the faults
 * of video on a link that cannot carry it, a sink that locks only at the
 * slower rate (and the pixel PLL that must follow that fallback), and a
 * sink losing its link (IRQ_HPD) and training again, or never.
 */
#include <stdlib.h>
#include <string.h>

#include "atom_host.h"
#include "edid.h"

#define AUX_CH		0x93		/* GPIO_I2C_Info's line 3 */
#define DP_TX_CONFIG	0x80		/* transmitter 2, link A: link 4 */
#define REQ_AT		4		/* lpAuxRequest, lpDataOut: radeon's */
#define DATA_AT		20
#define NATIVE_WRITE	0x8
#define NATIVE_READ	0x9
#define I2C_WRITE_MOT	0x4
#define I2C_READ_MOT	0x5
#define I2C_READ	0x1

static u32 regs_of(u32 reg)
{
	return hsim.regs[reg / 4];
}

static char *simlog;
static size_t simlog_len;
static u32 pixel_khz;

/* what the host's CRTC runs at: the clock the bandwidth is judged against */
uint64_t sim_crtc_pixel_khz(const struct sim *sim, unsigned int crtc)
{
	(void)sim;
	(void)crtc;
	return pixel_khz;
}

static unsigned int hpd_pulses[VBIOS_HPD_PINS];

/* display.c's pins: the short pulses a sink gave, counted */
void sim_display_hpd_pulse(struct sim *sim, unsigned int n)
{
	(void)sim;
	if (n < VBIOS_HPD_PINS)
		hpd_pulses[n]++;
}

/* a monitor of @lanes at @rate, locking up to @max_cr (or never: @no_cr) */
static const struct sim_dp_monitor *monitor(unsigned int lanes, unsigned int rate,
					    unsigned int max_cr, bool no_cr)
{
	static struct sim_dp_monitor m;

	m = (struct sim_dp_monitor){ .width = 1920, .height = 1080, .lanes = lanes,
				     .rate = rate, .max_cr_rate = max_cr, .no_cr = no_cr };
	return &m;
}

/* regs.c's test hook (--msi-on-write), off here: no interrupts on the host */
void sim_raise_msi(struct sim *sim)
{
	(void)sim;
}

int host_dp_init(void)
{
	hsim.log = open_memstream(&simlog, &simlog_len);
	return !hsim.log || sim_dp_init(&hsim);
}

void host_dp_fini(void)
{
	fclose(hsim.log);
	free(simlog);
	free(hsim.dp);
}

/* the simulator logged @what since the last call; forget what it logged */
bool host_logged(const char *what)
{
	bool found;

	fflush(hsim.log);
	found = simlog && strstr(simlog, what);
	rewind(hsim.log);
	if (simlog)
		simlog[0] = 0;
	return found;
}

struct aux_result {
	enum ruby_atom_err err;
	u8 status, len, data[16];
};

/*
 * One transaction, as radeon_dp_aux_transfer_atom() builds it: address
 * 7:0, 15:8, request << 4 | 19:16, size - 1 | bytes sent << 4 (3: a bare
 * address), payload
 */
static struct aux_result aux(struct ruby_atom *atom, u8 ch, u8 req, u32 addr, const u8 *buf,
			     unsigned int size)
{
	u8 *fb = (u8 *)atom->fb, ps[8] = { REQ_AT, 0, DATA_AT, 0, ch, 0, 0, 2 };
	bool write = !(req & 1);
	unsigned int sent = write ? 4 + size : 4;
	struct aux_result r = { 0 };

	memset(fb, 0xee, 64);
	fb[REQ_AT] = addr;
	fb[REQ_AT + 1] = addr >> 8;
	fb[REQ_AT + 2] = req << 4 | (addr >> 16 & 0xf);
	fb[REQ_AT + 3] = (size ? size - 1 : 0) | (size ? sent : 3) << 4;
	if (write)
		memcpy(fb + REQ_AT + 4, buf, size);
	r.err = ruby_atom_execute(atom, VBIOS_CMD_PROCESS_AUX, ps, sizeof(ps));
	r.status = ps[5];
	r.len = ps[6];
	memcpy(r.data, fb + DATA_AT, sizeof(r.data));
	return r;
}

static struct aux_result dpcd_write(struct ruby_atom *atom, u32 addr, const u8 *buf,
				    unsigned int n)
{
	return aux(atom, AUX_CH, NATIVE_WRITE, addr, buf, n);
}

static void dpcd_set(struct ruby_atom *atom, u32 addr, u8 v)
{
	struct aux_result r = dpcd_write(atom, addr, &v, 1);

	CHECK(!r.err && r.status == 0, "DPCD 0x%x = 0x%x: status 0x%x", addr, v, r.status);
}

/* the engine saw the request in wire order, and the table acknowledged */
static void check_wire(void)
{
	u32 v[8], ctl[4];
	unsigned int n = host_writes(VBIOS_AUX_SW_DATA + 0x100, v, 8);

	CHECK(n == 7 && v[0] == (0x80000000u | 0x80 << 8) && v[1] == (0x01 << 8) &&
	      v[2] == 0 && v[3] == (1 << 8) && v[4] == (0x0a << 8) && v[5] == (0x84 << 8) &&
	      v[6] == 0x80000001u,
	      "AUX_SW_DATA writes: %u (0x%x 0x%x 0x%x 0x%x)", n, v[0], v[1], v[2], v[3]);
	n = host_writes(VBIOS_AUX_SW_CONTROL + 0x100, ctl, 4);
	CHECK(n == 2 && ctl[0] == 6 << 16 && ctl[1] == (6 << 16 | 1), "AUX_SW_CONTROL %u", n);
	n = host_writes(VBIOS_AUX_CONTROL + 0x100, ctl, 4);
	CHECK(n == 1 && ctl[0] == (2 << 20 | 1), "AUX_CONTROL: HPD3, enabled");
}

static void check_aux_refusals(struct ruby_atom *atom)
{
	struct aux_result r;
	u8 v = 1;

	r = aux(atom, AUX_CH, NATIVE_READ, 0, NULL, 1);
	CHECK(!r.err && r.status == 1 && r.len == 0, "unplugged: status %u (timeout 1)",
	      r.status);
	sim_dp_plug(&hsim, monitor(4, 0x0a, 0x0a, false));
	r = aux(atom, 0x90, NATIVE_READ, 0, NULL, 1);
	CHECK(!r.err && r.status == 1, "a DDC line's AUX channel has no sink: %u", r.status);
	r = aux(atom, 0x97, NATIVE_READ, 0, NULL, 1);
	CHECK(!r.err && r.status == 3, "no channel 7: status %u (error 3)", r.status);
	r = dpcd_write(atom, 0x000, &v, 1);
	CHECK(!r.err && r.status == 0x10, "write to DPCD_REV: 0x%x (NACK 0x10)", r.status);
	r = aux(atom, AUX_CH, NATIVE_READ, 0, NULL, 1);
	CHECK(!r.err && r.status == 0 && r.len == 1 && r.data[0] == 0x11,
	      "DPCD_REV unchanged: 0x%x", r.data[0]);
	r = aux(atom, AUX_CH, I2C_READ, 0x37, NULL, 1);
	CHECK(!r.err && r.status == 0x40, "I2C 0x37: 0x%x (I2C NACK 0x40)", r.status);
	dpcd_set(atom, 0x600, 2);
	r = aux(atom, AUX_CH, NATIVE_READ, 0, NULL, 1);
	CHECK(!r.err && r.status == 0x20, "after D3: 0x%x (DEFER 0x20)", r.status);
	r = aux(atom, AUX_CH, NATIVE_READ, 0x600, NULL, 1);
	CHECK(!r.err && r.status == 0 && r.data[0] == 2, "awake, in D3");
	dpcd_set(atom, 0x600, 1);
}

static void check_dpcd(struct ruby_atom *atom)
{
	static const u8 caps[9] = { 0x11, 0x0a, 0x84, 0x01, 0x01, 0x00, 0x01, 0x00, 0x02 };
	static const u8 cfg[2] = { 0x0a, 0x84 };
	struct aux_result r;

	r = aux(atom, AUX_CH, NATIVE_READ, 0x000, NULL, 15);
	CHECK(!r.err && r.status == 0 && r.len == 15 && !memcmp(r.data, caps, sizeof(caps)) &&
	      r.data[15] == 0xee, "caps: err %d status 0x%x len %u rev 0x%x", r.err, r.status,
	      r.len, r.data[0]);
	host_log_clear();
	r = dpcd_write(atom, 0x100, cfg, 2);
	CHECK(!r.err && r.status == 0 && r.len == 0, "link config write: 0x%x", r.status);
	check_wire();
	r = aux(atom, AUX_CH, NATIVE_READ, 0x100, NULL, 2);
	CHECK(r.status == 0 && r.len == 2 && !memcmp(r.data, cfg, 2), "link config read back");
	r = aux(atom, AUX_CH, NATIVE_READ, 0x200, NULL, 16);
	CHECK(r.status == 0 && r.len == 16 && r.data[0] == 1 && r.data[4] == 0x80,
	      "status: sink count %u, link status updated 0x%x", r.data[0], r.data[4]);
}

/* the EDID as DRM reads it: offset 0, then 16-byte reads, then a stop */
static void check_edid(struct ruby_atom *atom)
{
	u8 want[EDID_MAX], got[EDID_BLOCK], off = 0;
	struct aux_result r;
	unsigned int i;
	bool ok = true;

	edid_build("dp", want);
	r = aux(atom, AUX_CH, I2C_WRITE_MOT, 0x50, &off, 1);
	CHECK(!r.err && r.status == 0, "EDID offset: 0x%x", r.status);
	for (i = 0; i < EDID_BLOCK; i += 16) {
		r = aux(atom, AUX_CH, I2C_READ_MOT, 0x50, NULL, 16);
		ok = ok && !r.err && r.status == 0 && r.len == 16;
		memcpy(got + i, r.data, 16);
	}
	r = aux(atom, AUX_CH, I2C_READ, 0x50, NULL, 0);
	CHECK(ok && !r.err && r.status == 0 && r.len == 0, "EDID reads and stop");
	CHECK(!memcmp(got, want, EDID_BLOCK) && got[20] == 0xa5 && got[54] == (14850 & 0xff),
	      "EDID: DP input 0x%x, 1920x1080's clock", got[20]);
	CHECK(host_logged("dp aux edid read offset=0 bytes=128"), "the read is logged");
}

static enum ruby_atom_err dig(struct ruby_atom *atom, u8 action, u8 rate, u8 lanes)
{
	u8 ps[8] = { 0x02, 0x3a, 4 << 4 | rate, action, 0, lanes };	/* 148.5 MHz, DP */

	return ruby_atom_execute(atom, ATOM_CMD_DIG_ENCODER_CONTROL, ps, sizeof(ps));
}

static enum ruby_atom_err tx(struct ruby_atom *atom, u8 action, u16 info, u8 lanes)
{
	u8 ps[8] = { info, info >> 8, DP_TX_CONFIG, action, lanes };

	return ruby_atom_execute(atom, ATOM_CMD_UNIPHY_TX_CONTROL, ps, sizeof(ps));
}

/* the transmitter drives @drive (SETUP_VSEMPH), the source tells the sink @set */
static void lane_set(struct ruby_atom *atom, u8 drive, u8 set, unsigned int lanes)
{
	u8 v[4] = { set, set, set, set };
	u8 ps[8] = { 0, drive, DP_TX_CONFIG, 11 };

	CHECK(!ruby_atom_execute(atom, ATOM_CMD_UNIPHY_TX_CONTROL, ps, sizeof(ps)), "VSEMPH");
	CHECK(dpcd_write(atom, 0x103, v, lanes).status == 0, "TRAINING_LANEx_SET");
}

static struct aux_result status(struct ruby_atom *atom)
{
	return aux(atom, AUX_CH, NATIVE_READ, 0x202, NULL, 6);
}

/* DIG 4 and link 4 lit in DP mode at @rate (1: 2.7 Gb/s), @lanes, told to the sink */
static void link_up(struct ruby_atom *atom, u8 rate, u8 lanes)
{
	CHECK(!dig(atom, 0x0f, rate, lanes) && !tx(atom, 7, 0x3113, lanes) &&
	      !tx(atom, 1, rate ? 27000 : 16200, lanes), "DP setup");
	dpcd_set(atom, 0x100, rate ? 0x0a : 0x06);
	dpcd_set(atom, 0x101, lanes | 0x80);
	CHECK(!dig(atom, 0x08, rate, lanes), "TRAINING_START");
}

/* clock recovery, then equalisation, as the sink asks; true if both lock */
static bool train(struct ruby_atom *atom, u8 rate, u8 lanes)
{
	struct aux_result r;
	u8 cr = lanes == 1 ? 0x01 : 0x11, eq = lanes == 1 ? 0x07 : 0x77;

	link_up(atom, rate, lanes);
	dpcd_set(atom, 0x102, 0x21);
	lane_set(atom, 0, 0, lanes);
	r = status(atom);
	CHECK(r.status == 0 && r.data[0] == 0 && r.data[4] == 0x11,
	      "swing 0: no clock recovery (0x%x), swing 1 asked (0x%x)", r.data[0], r.data[4]);
	lane_set(atom, 1, 0, lanes);
	CHECK(status(atom).data[0] == 0, "swing 1 driven, 0 told: no clock recovery");
	lane_set(atom, 0, 1, lanes);
	CHECK(status(atom).data[0] == 0, "swing 1 told, 0 driven: no clock recovery");
	lane_set(atom, 1, 1, lanes);
	r = status(atom);
	if (r.data[0] != cr)
		return false;
	CHECK(!dig(atom, 0x0a, rate, lanes), "PATTERN2");
	dpcd_set(atom, 0x102, 0x22);
	r = status(atom);
	if (r.data[0] != eq || !(r.data[2] & 1))
		return false;
	dpcd_set(atom, 0x102, 0);
	CHECK(!dig(atom, 0x0b, rate, lanes), "COMPLETE");
	return true;
}

static void check_training(struct ruby_atom *atom)
{
	u32 dig4 = vbios_dig_offset[VBIOS_DP_DIG];

	pixel_khz = 148500;
	CHECK(train(atom, 1, 4), "4 lanes at 2.7 Gb/s train");
	CHECK(regs_of(VBIOS_DP_CONFIG + dig4) == (3 | VBIOS_DP_CONFIG_HBR) &&
	      regs_of(VBIOS_DIG_BE_CNTL + dig4) == 1 << 12 &&
	      regs_of(VBIOS_DP_LINK_CNTL + dig4) == VBIOS_DP_LINK_TRAINING_COMPLETE &&
	      regs_of(VBIOS_UNIPHY_TX_CONTROL1 + 4 * VBIOS_UNIPHY_STRIDE) == 0x10103,
	      "DIG4 and link 4: config 0x%x, BE 0x%x, TX 0x%x",
	      regs_of(VBIOS_DP_CONFIG + dig4), regs_of(VBIOS_DIG_BE_CNTL + dig4),
	      regs_of(VBIOS_UNIPHY_TX_CONTROL1 + 4 * VBIOS_UNIPHY_STRIDE));
	CHECK(!dig(atom, 0x0d, 1, 4) && regs_of(VBIOS_DP_VID_STREAM_CNTL + dig4) == 1 &&
	      !host_logged("DP-LINK-FAULT"), "video on a trained link");
	CHECK(!sim_dp_no_signal(&hsim, 0), "CRTC 0 shows its picture");
	sim_dp_plug(&hsim, NULL);
	CHECK(aux(atom, AUX_CH, NATIVE_READ, 0x202, NULL, 1).status == 1, "unplugged: timeout");
	CHECK(!strcmp(sim_dp_no_signal(&hsim, 0) ?: "", "video on a link with no sink") &&
	      !host_logged("DP-LINK-FAULT"), "unplugged: no signal, and no fault of the source's");
	CHECK(!dig(atom, 0x0c, 1, 4) && regs_of(VBIOS_DP_VID_STREAM_CNTL + dig4) == 0, "video off");
}

static void check_link_faults(struct ruby_atom *atom)
{
	sim_dp_plug(&hsim, monitor(4, 0x0a, 0x0a, false));
	CHECK(!dig(atom, 0x0d, 1, 4) && host_logged("DP-LINK-FAULT dig4: video on an untrained link"),
	      "video on before training");
	CHECK(!dig(atom, 0x0c, 1, 4), "video off");
	sim_dp_plug(&hsim, monitor(4, 0x0a, 0x0a, true));
	CHECK(!train(atom, 1, 4), "a sink that never recovers the clock");
	sim_dp_plug(&hsim, monitor(2, 0x06, 0x0a, false));
	CHECK(!train(atom, 1, 2), "2.7 Gb/s on a 1.62 Gb/s sink does not train");
	CHECK(train(atom, 0, 2), "2 lanes at 1.62 Gb/s train");
	CHECK(!dig(atom, 0x0d, 0, 2) &&
	      host_logged("DP-LINK-FAULT dig4: lanes x rate cannot carry the pixel clock"),
	      "148.5 MHz on 2 lanes at 1.62 Gb/s");
	CHECK(!dig(atom, 0x0c, 0, 2), "video off");
	pixel_khz = 108000;	/* 1280x1024: 2592 Mbit/s, exactly what fits */
	CHECK(!dig(atom, 0x0d, 0, 2) && !host_logged("DP-LINK-FAULT"), "108 MHz fits");
	CHECK(!dig(atom, 0x0c, 0, 2), "video off");
	pixel_khz = 0;		/* the CRTC's clock not running yet at video on */
	CHECK(!dig(atom, 0x0d, 0, 2) && !host_logged("DP-LINK-FAULT"), "no clock yet");
	pixel_khz = 148500;
	CHECK(sim_dp_no_signal(&hsim, 0) && host_logged("DP-LINK-FAULT dig4: lanes x rate"),
	      "the frame: too slow a link for its clock");
	CHECK(sim_dp_no_signal(&hsim, 0) && !host_logged("DP-LINK-FAULT"), "logged once");
	CHECK(!dig(atom, 0x0c, 0, 2), "video off");
}

/*
 * A sink advertising 2.7 Gb/s that locks only at 1.62; CRTC 0's PLL (the
 * transmitter's reference) must follow the fallback
 */
static void check_max_cr_rate(struct ruby_atom *atom)
{
	sim_dp_plug(&hsim, monitor(4, 0x0a, 0x06, false));
	host_dp_pll(atom, 0, 270000);
	CHECK(!train(atom, 1, 2), "max-cr-rate=1.62: 2 lanes at 2.7 Gb/s do not train");
	CHECK(train(atom, 0, 4), "max-cr-rate=1.62: 4 lanes at 1.62 Gb/s train");
	CHECK(!dig(atom, 0x0d, 0, 4) &&
	      host_logged("PLL-ADJUST-FAULT ppll1: DP video on a 162000 kHz link: AdjustDisplayPll was not asked about encoder 0x21"),
	      "video on at 4 x 1.62, the PLL left at the first link's clock");
	CHECK(!dig(atom, 0x0c, 0, 4), "video off");
	host_dp_pll(atom, 0, 162000);
	host_logged("");
	CHECK(!dig(atom, 0x0d, 0, 4) && !host_logged("FAULT"),
	      "video on at 4 x 1.62, the PLL set again for it");
	CHECK(!dig(atom, 0x0c, 0, 4), "video off");
}

/* the sink loses its link while showing: IRQ_HPD, then it trains again, or never */
static void check_link_loss(struct ruby_atom *atom)
{
	struct aux_result r;
	u8 v = 0xff;

	sim_dp_plug(&hsim, monitor(4, 0x0a, 0x0a, false));
	CHECK(train(atom, 1, 4) && !dig(atom, 0x0d, 1, 4), "trained, video on");
	status(atom);	/* LINK_STATUS_UPDATED of the new sink read */
	memset(hpd_pulses, 0, sizeof(hpd_pulses));
	CHECK(!sim_dp_event(&hsim, "link-lost") && hpd_pulses[VBIOS_DP_HPD] == 1 &&
	      host_logged("dp-sink: link-lost"), "link-lost: one short pulse on HPD3");
	r = status(atom);
	CHECK(r.status == 0 && r.data[0] == 0 && r.data[1] == 0 && r.data[2] == 0x80,
	      "lanes unlocked (0x%x 0x%x), LINK_STATUS_UPDATED (0x%x)", r.data[0], r.data[1],
	      r.data[2]);
	CHECK(status(atom).data[2] == 0, "LINK_STATUS_UPDATED cleared by the read");
	r = aux(atom, AUX_CH, NATIVE_READ, 0x201, NULL, 1);
	CHECK(r.status == 0 && r.data[0] == 0, "no service IRQ vector bit: 0x%x", r.data[0]);
	CHECK(dpcd_write(atom, 0x201, &v, 1).status == 0 &&
	      aux(atom, AUX_CH, NATIVE_READ, 0x201, NULL, 1).data[0] == 0,
	      "the vector is write-1-to-clear");
	CHECK(!dig(atom, 0x0c, 1, 4) && sim_dp_no_signal(&hsim, 0) &&
	      !sim_dp_no_signal(&hsim, 0) && !host_logged("DP-LINK-FAULT"),
	      "video stopped on a lost link: the frame is dark, once, no fault");
	CHECK(train(atom, 1, 4) && !dig(atom, 0x0d, 1, 4) && !host_logged("DP-LINK-FAULT"),
	      "link-lost: it trains again");
	CHECK(!dig(atom, 0x0c, 1, 4) && !sim_dp_no_signal(&hsim, 0),
	      "video stopped on a good link: the frame shows");
	CHECK(!sim_dp_event(&hsim, "link-dead") && hpd_pulses[VBIOS_DP_HPD] == 2 &&
	      !train(atom, 1, 4) && !train(atom, 0, 4), "link-dead: it never trains again");
	CHECK(sim_dp_event(&hsim, "link-gone") && host_logged("refused"), "another event refused");
	sim_dp_plug(&hsim, NULL);
	CHECK(sim_dp_event(&hsim, "link-lost") && hpd_pulses[VBIOS_DP_HPD] == 2,
	      "no sink: refused, no pulse");
}

/* SelectCRTC_Source's DIG5 (ASIC_INT_DIG5_ENCODER_ID) is DIG 4, in DP mode */
static void check_dp_source(struct ruby_atom *atom)
{
	u8 ps[8] = { 1, 0x0c, 0 };

	CHECK(!ruby_atom_execute(atom, ATOM_CMD_SELECT_CRTC_SOURCE, ps, sizeof(ps)) &&
	      regs_of(VBIOS_DIG_FE_CNTL + vbios_dig_offset[VBIOS_DP_DIG]) == 1,
	      "DIG 4 from CRTC 1");
}

void check_dp(struct ruby_atom *atom)
{
	check_aux_refusals(atom);
	check_dpcd(atom);
	check_edid(atom);
	check_training(atom);
	check_link_faults(atom);
	check_max_cr_rate(atom);
	check_link_loss(atom);
	check_dp_source(atom);
	host_logged("");
}
