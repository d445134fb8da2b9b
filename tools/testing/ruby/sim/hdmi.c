// SPDX-License-Identifier: GPL-2.0-only
/*
 * HDMI on the simulated board: each DIG's HDMI block (AFMT_* and HDMI_*,
 * at vbios_dig_offset[n]), the audio clock's DTO and pin 0 of the Azalia
 * (HD audio) endpoint, as the driver programs them for an HDMI sink.
 *
 * The registers store what is written. What the sink would receive is
 * decoded when a DIG's back end is switched on (DIG_BE_EN_CNTL bit 0,
 * DIGxEncoderControl's enable; scanout.c calls sim_hdmi_dig_switched()),
 * in the mode its setup gave it (DIG_BE_CNTL 18:16: 3 HDMI, 2 DVI):
 *
 * - HDMI: the AVI infoframe must be sent every frame
 *   (HDMI_INFOFRAME_CONTROL0 AVI_SEND and AVI_CONT, a line in
 *   HDMI_INFOFRAME_CONTROL1) and be whole: AFMT_AVI_INFO0..3 hold its
 *   checksum and 13 payload bytes in order, its version in INFO3 25:24;
 *   header, checksum and payload must sum to 0. With audio samples on
 *   (AFMT_AUDIO_PACKET_CONTROL bit 0) the audio infoframe must be sent
 *   too, and clock regeneration (HDMI_ACR_PACKET_CONTROL AUTO_SEND) with,
 *   for 32, 44.1 and 48 kHz, an N and CTS that give that rate back from
 *   the pixel clock of the DIG's CRTC (128 * fs = f_pixel * N / CTS,
 *   within 0.5%, the PLL's own error included).
 * - DVI: no infoframe may be sent (a DVI sink takes no data islands).
 *
 * A fault logs HDMI-INFOFRAME-FAULT or HDMI-ACR-FAULT with the DIG and
 * why (the rig's red), and "hdmi digN on: ..." says what was decoded.
 *
 * The decoded state is also written, after each change, to the control
 * directory's "hdmi" file (replaced whole, so a reader sees one state):
 * a line per DIG that is on or sends infoframes, then the endpoint's:
 *
 *   dig2 on=1 crtc=0 mode=hdmi avi=1 avi_sum=ok vic=16 audio=1 audio_info=1
 *        acr=1 acr_ok=1 n32=4096 cts32=148500 n44=6272 cts44=165000
 *        n48=6144 cts48=148500
 *   az audio=1 pin0=1 hdmi=1 speakers=0x01 sad0=0x07070701 ...
 *
 * (one line each; sadN is AUDIO_DESCRIPTORn, listed when not 0).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "vbios.h"

#define HDMI_CONTROL			0x7030
#define HDMI_AUDIO_PACKET_CONTROL	0x7038
#define HDMI_ACR_PACKET_CONTROL		0x703c
#define   HDMI_ACR_AUTO_SEND		(1u << 12)
#define HDMI_VBI_PACKET_CONTROL		0x7040
#define HDMI_INFOFRAME_CONTROL0		0x7044
#define   HDMI_AVI_INFO_SEND		(1u << 0)
#define   HDMI_AVI_INFO_CONT		(1u << 1)
#define   HDMI_AUDIO_INFO_SEND		(1u << 4)
#define   HDMI_AUDIO_INFO_CONT		(1u << 5)
#define HDMI_INFOFRAME_CONTROL1		0x7048
#define HDMI_GC				0x7058
#define AFMT_AUDIO_PACKET_CONTROL2	0x705c
#define AFMT_AVI_INFO0			0x7084	/* to INFO3, 0x7090 */
#define HDMI_ACR_32_0			0x70dc	/* CTS 31:12; _1 N 19:0; 44, 48 follow */
#define AFMT_60958_0			0x7104
#define AFMT_60958_1			0x7108
#define AFMT_60958_2			0x7120
#define AFMT_AUDIO_PACKET_CONTROL	0x712c
#define   AFMT_AUDIO_SAMPLE_SEND	(1u << 0)
#define AFMT_INFOFRAME_CONTROL0		0x7134

#define DCCG_AUDIO_DTO_SOURCE		0x05ac
#define DCCG_AUDIO_DTO0_PHASE		0x05b0
#define DCCG_AUDIO_DTO0_MODULE		0x05b4
#define DCCG_AUDIO_DTO0_CNTL		0x05bc
#define AZ_HOT_PLUG_CONTROL		0x5e78
#define   AZ_AUDIO_ENABLED		(1u << 31)
#define   AZ_PIN0_AUDIO_ENABLED		(1u << 24)
#define AZ_CHANNEL_SPEAKER		0x5f78
#define   AZ_HDMI_CONNECTION		(1u << 16)
#define AZ_AUDIO_DESCRIPTOR0		0x5f84	/* to 13, 0x5fb8 */
#define AZ_DESCRIPTORS			14

#define DIG_MODE_DVI			2
#define DIG_MODE_HDMI			3
#define AVI_TYPE			0x82
#define AVI_LENGTH			13

#define DIG_REG(n, r)			((r) + vbios_dig_offset[n])

/* what DIG @dig sends, as decoded */
struct hdmi_state {
	bool on, avi, avi_sum_ok, audio, audio_info, acr, acr_ok;
	unsigned int crtc, mode, vic;
	uint32_t n[3], cts[3];
};

static const unsigned int acr_rates[3] = { 32000, 44100, 48000 };

static unsigned int dig_of(uint32_t offset, uint32_t reg)
{
	unsigned int dig;

	for (dig = 0; dig < VBIOS_DIGS; dig++)
		if (DIG_REG(dig, reg) == offset)
			return dig;
	return 0;
}

/* the AVI infoframe's bytes: PB0 (checksum) to PB13, and its version */
static void avi_bytes(const struct sim *sim, unsigned int dig, uint8_t *pb, unsigned int *ver)
{
	unsigned int i;

	for (i = 0; i < 14; i++)
		pb[i] = sim_reg_get(sim, DIG_REG(dig, AFMT_AVI_INFO0 + 4 * (i / 4))) >> (8 * (i % 4));
	*ver = sim_reg_get(sim, DIG_REG(dig, AFMT_AVI_INFO0 + 12)) >> 24 & 3;
}

/* 128 * fs from the CRTC's pixel clock, N and CTS: within 0.5% of the rate's */
static bool acr_gives(uint64_t pixel_khz, uint32_t n, uint32_t cts, unsigned int rate)
{
	uint64_t got, want = 128ull * rate;

	if (!n || !cts || !pixel_khz)
		return false;
	got = pixel_khz * 1000 * n / cts;
	return got * 1000 >= want * 995 && got * 1000 <= want * 1005;
}

static void decode(const struct sim *sim, unsigned int dig, struct hdmi_state *s)
{
	uint32_t ctl0 = sim_reg_get(sim, DIG_REG(dig, HDMI_INFOFRAME_CONTROL0));
	uint8_t pb[14], sum;
	unsigned int i, ver;

	memset(s, 0, sizeof(*s));
	s->on = sim_reg_get(sim, DIG_REG(dig, VBIOS_DIG_BE_EN_CNTL)) & 1;
	s->mode = sim_reg_get(sim, DIG_REG(dig, VBIOS_DIG_BE_CNTL)) >> 16 & 7;
	s->crtc = sim_reg_get(sim, DIG_REG(dig, VBIOS_DIG_FE_CNTL)) & 3;
	s->avi = (ctl0 & (HDMI_AVI_INFO_SEND | HDMI_AVI_INFO_CONT)) ==
		 (HDMI_AVI_INFO_SEND | HDMI_AVI_INFO_CONT) &&
		 (sim_reg_get(sim, DIG_REG(dig, HDMI_INFOFRAME_CONTROL1)) & 0x3f);
	s->audio_info = (ctl0 & (HDMI_AUDIO_INFO_SEND | HDMI_AUDIO_INFO_CONT)) ==
			(HDMI_AUDIO_INFO_SEND | HDMI_AUDIO_INFO_CONT);
	s->audio = sim_reg_get(sim, DIG_REG(dig, AFMT_AUDIO_PACKET_CONTROL)) &
		   AFMT_AUDIO_SAMPLE_SEND;
	s->acr = sim_reg_get(sim, DIG_REG(dig, HDMI_ACR_PACKET_CONTROL)) & HDMI_ACR_AUTO_SEND;
	avi_bytes(sim, dig, pb, &ver);
	sum = AVI_TYPE + ver + AVI_LENGTH;
	for (i = 0; i < 14; i++)
		sum += pb[i];
	s->avi_sum_ok = !sum && ver >= 2;
	s->vic = pb[4] & 0x7f;
	s->acr_ok = s->acr;
	for (i = 0; i < 3; i++) {
		s->cts[i] = sim_reg_get(sim, DIG_REG(dig, HDMI_ACR_32_0 + 8 * i)) >> 12;
		s->n[i] = sim_reg_get(sim, DIG_REG(dig, HDMI_ACR_32_0 + 8 * i + 4)) & 0xfffff;
		s->acr_ok = s->acr_ok && acr_gives(sim_crtc_pixel_khz(sim, s->crtc), s->n[i],
						   s->cts[i], acr_rates[i]);
	}
}

/* why what HDMI DIG @dig sends is wrong, or NULL */
static const char *infoframe_fault(const struct hdmi_state *s)
{
	if (s->mode == DIG_MODE_DVI && (s->avi || s->audio_info))
		return "infoframes sent to a DVI sink";
	if (s->mode != DIG_MODE_HDMI)
		return NULL;
	if (!s->avi)
		return "an HDMI stream without an AVI infoframe";
	if (!s->avi_sum_ok)
		return "the AVI infoframe's checksum or version is wrong";
	if (s->audio && !s->audio_info)
		return "audio samples without an audio infoframe";
	return NULL;
}

static void check(struct sim *sim, unsigned int dig, const struct hdmi_state *s)
{
	const char *why = infoframe_fault(s);
	uint64_t khz = sim_crtc_pixel_khz(sim, s->crtc);
	unsigned int i;

	if (why)
		sim_log(sim, "HDMI-INFOFRAME-FAULT dig%u: %s", dig, why);
	if (s->mode != DIG_MODE_HDMI || !s->audio || s->acr_ok)
		return;
	for (i = 0; i < 3; i++) {
		if (s->acr && acr_gives(khz, s->n[i], s->cts[i], acr_rates[i]))
			continue;
		sim_log(sim, "HDMI-ACR-FAULT dig%u: %u Hz: N=%u CTS=%u at %llu kHz%s", dig,
			acr_rates[i], s->n[i], s->cts[i], (unsigned long long)khz,
			s->acr ? "" : " (clock regeneration not sent)");
	}
}

static const char *mode_name(unsigned int mode)
{
	return mode == DIG_MODE_HDMI ? "hdmi" : mode == DIG_MODE_DVI ? "dvi" :
	       mode == 0 ? "dp" : "other";
}

static int put_dig(char *buf, size_t len, unsigned int dig, const struct hdmi_state *s)
{
	return snprintf(buf, len,
			"dig%u on=%d crtc=%u mode=%s avi=%d avi_sum=%s vic=%u audio=%d audio_info=%d acr=%d acr_ok=%d n32=%u cts32=%u n44=%u cts44=%u n48=%u cts48=%u\n",
			dig, s->on, s->crtc, mode_name(s->mode), s->avi,
			s->avi_sum_ok ? "ok" : "bad", s->vic, s->audio, s->audio_info, s->acr,
			s->acr_ok, s->n[0], s->cts[0], s->n[1], s->cts[1], s->n[2], s->cts[2]);
}

static int put_az(const struct sim *sim, char *buf, size_t len)
{
	uint32_t hp = sim_reg_get(sim, AZ_HOT_PLUG_CONTROL);
	uint32_t spk = sim_reg_get(sim, AZ_CHANNEL_SPEAKER);
	unsigned int i;
	int n;

	n = snprintf(buf, len, "az audio=%d pin0=%d hdmi=%d speakers=0x%02x",
		     !!(hp & AZ_AUDIO_ENABLED), !!(hp & AZ_PIN0_AUDIO_ENABLED),
		     !!(spk & AZ_HDMI_CONNECTION), spk & 0x7f);
	for (i = 0; i < AZ_DESCRIPTORS && n < (int)len; i++) {
		uint32_t d = sim_reg_get(sim, AZ_AUDIO_DESCRIPTOR0 + 4 * i);

		if (d)
			n += snprintf(buf + n, len - n, " sad%u=0x%08x", i, d);
	}
	if (n < (int)len)
		n += snprintf(buf + n, len - n, "\n");
	return n;
}

/* the control directory's "hdmi" file, anew */
static void publish(struct sim *sim)
{
	char buf[2048];
	struct hdmi_state s;
	unsigned int dig;
	int n = 0;

	for (dig = 0; dig < VBIOS_DIGS && n < (int)sizeof(buf); dig++) {
		decode(sim, dig, &s);
		if (s.on || s.avi || s.audio_info)
			n += put_dig(buf + n, sizeof(buf) - n, dig, &s);
	}
	if (n < (int)sizeof(buf))
		put_az(sim, buf + n, sizeof(buf) - n);
	sim_control_status(sim, "hdmi", "%s", buf);
}

/**
 * sim_hdmi_dig_switched - DIG @dig's back end was switched on or off
 * @sim: the simulator
 * @dig: the DIG
 * @on: whether it is on now (and was not)
 *
 * Switched on in HDMI or DVI mode, what it sends is decoded and checked.
 */
void sim_hdmi_dig_switched(struct sim *sim, unsigned int dig, bool on)
{
	struct hdmi_state s;

	if (!sim->display)
		return;
	decode(sim, dig, &s);
	if (on && (s.mode == DIG_MODE_HDMI || s.mode == DIG_MODE_DVI)) {
		check(sim, dig, &s);
		sim_log(sim, "hdmi dig%u on: crtc%u %s avi=%d vic=%u audio=%d", dig, s.crtc,
			mode_name(s.mode), s.avi, s.vic, s.audio);
	}
	publish(sim);
}

static void publish_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	publish(sim);
}

#define R(off, name)	{ off, name, 0, NULL, NULL }
#define P(off, name)	{ off, name, 0, NULL, publish_write }
#define AFMT_REGS(n, o)							\
	R(HDMI_CONTROL + (o), "DIG" #n "_HDMI_CONTROL"),		\
	R(HDMI_AUDIO_PACKET_CONTROL + (o), "DIG" #n "_HDMI_AUDIO_PACKET_CONTROL"), \
	R(HDMI_ACR_PACKET_CONTROL + (o), "DIG" #n "_HDMI_ACR_PACKET_CONTROL"), \
	R(HDMI_VBI_PACKET_CONTROL + (o), "DIG" #n "_HDMI_VBI_PACKET_CONTROL"), \
	P(HDMI_INFOFRAME_CONTROL0 + (o), "DIG" #n "_HDMI_INFOFRAME_CONTROL0"), \
	R(HDMI_INFOFRAME_CONTROL1 + (o), "DIG" #n "_HDMI_INFOFRAME_CONTROL1"), \
	R(HDMI_GC + (o), "DIG" #n "_HDMI_GC"),				\
	R(AFMT_AUDIO_PACKET_CONTROL2 + (o), "DIG" #n "_AFMT_AUDIO_PACKET_CONTROL2"), \
	R(AFMT_AVI_INFO0 + (o), "DIG" #n "_AFMT_AVI_INFO0"),		\
	R(AFMT_AVI_INFO0 + 4 + (o), "DIG" #n "_AFMT_AVI_INFO1"),	\
	R(AFMT_AVI_INFO0 + 8 + (o), "DIG" #n "_AFMT_AVI_INFO2"),	\
	R(AFMT_AVI_INFO0 + 12 + (o), "DIG" #n "_AFMT_AVI_INFO3"),	\
	R(HDMI_ACR_32_0 + (o), "DIG" #n "_HDMI_ACR_32_0"),		\
	R(HDMI_ACR_32_0 + 4 + (o), "DIG" #n "_HDMI_ACR_32_1"),		\
	R(HDMI_ACR_32_0 + 8 + (o), "DIG" #n "_HDMI_ACR_44_0"),		\
	R(HDMI_ACR_32_0 + 12 + (o), "DIG" #n "_HDMI_ACR_44_1"),	\
	R(HDMI_ACR_32_0 + 16 + (o), "DIG" #n "_HDMI_ACR_48_0"),	\
	R(HDMI_ACR_32_0 + 20 + (o), "DIG" #n "_HDMI_ACR_48_1"),	\
	R(AFMT_60958_0 + (o), "DIG" #n "_AFMT_60958_0"),		\
	R(AFMT_60958_1 + (o), "DIG" #n "_AFMT_60958_1"),		\
	R(AFMT_60958_2 + (o), "DIG" #n "_AFMT_60958_2"),		\
	P(AFMT_AUDIO_PACKET_CONTROL + (o), "DIG" #n "_AFMT_AUDIO_PACKET_CONTROL"), \
	R(AFMT_INFOFRAME_CONTROL0 + (o), "DIG" #n "_AFMT_INFOFRAME_CONTROL0")
#define AZ_DESC(i)	R(AZ_AUDIO_DESCRIPTOR0 + 4 * (i), \
			  "AZ_F0_CODEC_PIN0_CONTROL_AUDIO_DESCRIPTOR" #i)

static const struct sim_reg hdmi_regs[] = {
	/* the offsets are vbios_dig_offset's */
	AFMT_REGS(0, 0x0000), AFMT_REGS(1, 0x0c00), AFMT_REGS(2, 0x9800),
	AFMT_REGS(3, 0xa400), AFMT_REGS(4, 0xb000), AFMT_REGS(5, 0xbc00),
	R(DCCG_AUDIO_DTO_SOURCE, "DCCG_AUDIO_DTO_SOURCE"),
	R(DCCG_AUDIO_DTO0_PHASE, "DCCG_AUDIO_DTO0_PHASE"),
	R(DCCG_AUDIO_DTO0_MODULE, "DCCG_AUDIO_DTO0_MODULE"),
	R(DCCG_AUDIO_DTO0_CNTL, "DCCG_AUDIO_DTO0_CNTL"),
	P(AZ_HOT_PLUG_CONTROL, "AZ_HOT_PLUG_CONTROL"),
	R(AZ_CHANNEL_SPEAKER, "AZ_F0_CODEC_PIN0_CONTROL_CHANNEL_SPEAKER"),
	AZ_DESC(0), AZ_DESC(1), AZ_DESC(2), AZ_DESC(3), AZ_DESC(4), AZ_DESC(5), AZ_DESC(6),
	AZ_DESC(7), AZ_DESC(8), AZ_DESC(9), AZ_DESC(10), AZ_DESC(11), AZ_DESC(12),
	AZ_DESC(13),
};

static const struct sim_block hdmi_block = {
	.name = "dce4-hdmi",
	.regs = hdmi_regs,
	.nregs = sizeof(hdmi_regs) / sizeof(hdmi_regs[0]),
};

/**
 * sim_hdmi_init - the DIGs' HDMI blocks, the audio DTO and the endpoint
 * @sim: the simulator, with connectors
 */
void sim_hdmi_init(struct sim *sim)
{
	sim_regs_add_block(sim, &hdmi_block);
}

/* for scanout.c's DIG_BE_EN_CNTL: its DIG's index */
unsigned int sim_hdmi_dig_of(uint32_t offset)
{
	return dig_of(offset, VBIOS_DIG_BE_EN_CNTL);
}
