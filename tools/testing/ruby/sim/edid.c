// SPDX-License-Identifier: GPL-2.0-only
/*
 * The simulated board's monitors: EDID 1.4 images generated here, one
 * per kind of monitor, each with its own manufacturer, preferred timing
 * (the first detailed timing), an established and a standard timing, a
 * name and range limits. The HDMI monitor has a CTA-861 extension block
 * (an HDMI sink's: CTA VICs, audio, HDMI VSDB), so its EDID is 256 bytes;
 * "hdmi:dvi" is a DVI monitor on the HDMI connector (its CTA block has
 * VICs only: DRM sees no HDMI sink). The DisplayPort monitor's preferred timing
 * may be any of the others' (edid_build_mode()). No real monitor's EDID
 * is copied.
 */
#include <string.h>

#include "edid.h"

/* a detailed timing: pixel clock in 10 kHz, then pixels and lines */
struct timing {
	uint16_t clock;
	uint16_t hactive, hfront, hsync, hback;
	uint16_t vactive, vfront, vsync, vback;
	uint16_t width_mm, height_mm;
};

struct monitor {
	const char *kind;
	const char pnp[4];		/* three letters, A-Z */
	uint16_t product;
	uint8_t input;			/* byte 20: digital (bit 7) or analog */
	uint8_t std[2];			/* one standard timing */
	uint8_t name[13];		/* monitor name descriptor, 0x0a-ended */
	struct timing dtd;
	int cta;			/* a CTA-861 block: 1 HDMI's, 2 video only */
};

static const struct monitor monitors[] = {
	/* 1920x1080@60 (CEA 16), 1280x720@60 as standard timing */
	{ "dvi", "RBA", 0x1080, 0x81, { 0x81, 0xc0 }, "ruby DVI 24\n ",
	  { 14850, 1920, 88, 44, 148, 1080, 4, 5, 36, 531, 299 }, 0 },
	/* 1280x1024@60 (VESA DMT), 1024x768@60 as standard timing */
	{ "hdmi", "RBB", 0x1024, 0xa2, { 0x61, 0x40 }, "ruby HDMI 19\n",
	  { 10800, 1280, 48, 112, 248, 1024, 1, 3, 38, 376, 301 }, 1 },
	/* the same panel with a DVI input behind an adapter: no HDMI VSDB, no audio */
	{ "hdmi:dvi", "RBE", 0x1025, 0xa2, { 0x61, 0x40 }, "ruby DVI 19\n ",
	  { 10800, 1280, 48, 112, 248, 1024, 1, 3, 38, 376, 301 }, 2 },
	/* 1024x768@60 (VESA DMT), 800x600@60 as standard timing */
	{ "vga", "RBC", 0x0768, 0x0e, { 0x45, 0x40 }, "ruby VGA 15\n ",
	  { 6500, 1024, 24, 136, 160, 768, 3, 6, 29, 304, 228 }, 0 },
	/* DisplayPort, 8 bits per colour; 1920x1080@60 unless told otherwise */
	{ "dp", "RBD", 0x2400, 0xa5, { 0x81, 0xc0 }, "ruby DP 24\n  ",
	  { 14850, 1920, 88, 44, 148, 1080, 4, 5, 36, 531, 299 }, 0 },
};

#define NMONITORS	(sizeof(monitors) / sizeof(monitors[0]))

static void put_dtd(uint8_t *d, const struct timing *t)
{
	uint16_t hblank = t->hfront + t->hsync + t->hback;
	uint16_t vblank = t->vfront + t->vsync + t->vback;

	d[0] = t->clock;
	d[1] = t->clock >> 8;
	d[2] = t->hactive;
	d[3] = hblank;
	d[4] = (t->hactive >> 8) << 4 | (hblank >> 8);
	d[5] = t->vactive;
	d[6] = vblank;
	d[7] = (t->vactive >> 8) << 4 | (vblank >> 8);
	d[8] = t->hfront;
	d[9] = t->hsync;
	d[10] = (t->vfront & 0xf) << 4 | (t->vsync & 0xf);
	d[11] = (t->hfront >> 8) << 6 | (t->hsync >> 8) << 4 |
		(t->vfront >> 4) << 2 | (t->vsync >> 4);
	d[12] = t->width_mm;
	d[13] = t->height_mm;
	d[14] = (t->width_mm >> 8) << 4 | (t->height_mm >> 8);
	d[17] = 0x1e;	/* digital separate sync, both polarities positive */
}

/* a display descriptor: tag, then 13 bytes of payload */
static void put_descriptor(uint8_t *d, uint8_t tag, const uint8_t *payload)
{
	d[3] = tag;
	memcpy(d + 5, payload, 13);
}

static void checksum(uint8_t *block)
{
	uint8_t sum = 0;
	int i;

	for (i = 0; i < EDID_BLOCK - 1; i++)
		sum += block[i];
	block[EDID_BLOCK - 1] = (uint8_t)(0x100 - sum);
}

/* range limits: 50-75 Hz, 30-80 kHz, 170 MHz, no timing formula */
static const uint8_t range_limits[13] = {
	50, 75, 30, 80, 17, 0x01, 0x0a, ' ', ' ', ' ', ' ', ' ', ' '
};

/* sRGB primaries and white point, as EDID's ten chromaticity bytes */
static const uint8_t srgb[10] = {
	0xee, 0x91, 0xa3, 0x54, 0x4c, 0x99, 0x26, 0x0f, 0x50, 0x54
};

static void base_block(uint8_t *b, const struct monitor *m, unsigned int serial)
{
	static const uint8_t header[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
	uint16_t id = (m->pnp[0] - '@') << 10 | (m->pnp[1] - '@') << 5 |
		      (m->pnp[2] - '@');
	int i;

	memcpy(b, header, sizeof(header));
	b[8] = id >> 8;
	b[9] = id;
	b[10] = m->product;
	b[11] = m->product >> 8;
	b[12] = serial;
	b[16] = 1;		/* week 1 */
	b[17] = 2026 - 1990;
	b[18] = 1;
	b[19] = 4;
	b[20] = m->input;
	b[21] = m->dtd.width_mm / 10;
	b[22] = m->dtd.height_mm / 10;
	b[23] = 120;		/* gamma 2.2 */
	b[24] = 0x06;		/* sRGB default, preferred timing is native */
	memcpy(b + 25, srgb, sizeof(srgb));
	b[35] = 0x20;		/* established: 640x480@60 */
	b[38] = m->std[0];
	b[39] = m->std[1];
	for (i = 40; i < 54; i++)
		b[i] = 0x01;	/* the other standard timings unused */
	put_dtd(b + 54, &m->dtd);
	put_descriptor(b + 72, 0xfc, m->name);
	put_descriptor(b + 90, 0xfd, range_limits);
	b[111] = 0x10;		/* dummy descriptor */
	b[126] = m->cta ? 1 : 0;
	checksum(b);
}

/*
 * CTA-861-G data blocks (a tag << 5 | length byte, then the payload): a
 * video block with VIC 16 (1920x1080@60; 640x480's VIC 1 would add a
 * 4:3 twin of the established 640x480 that only clients asking for aspect
 * ratios see), an audio
 * block (LPCM, 2 channels, 32/44.1/48 kHz, 16/20/24 bits), a speaker
 * allocation (front left and right) and HDMI's vendor-specific block
 * (IEEE OUI 00-0C-03, physical address 1.0.0.0)
 */
static const uint8_t cta_video[] = { 0x40 | 1, 16 };
static const uint8_t cta_audio[] = { 0x20 | 3, 1 << 3 | (2 - 1), 0x07, 0x07 };
static const uint8_t cta_speakers[] = { 0x80 | 3, 0x01, 0x00, 0x00 };
static const uint8_t cta_hdmi_vsdb[] = { 0x60 | 5, 0x03, 0x0c, 0x00, 0x10, 0x00 };

#define CTA_BASIC_AUDIO	0x40	/* byte 3: the sink takes basic audio */

static unsigned int put_block(uint8_t *b, unsigned int at, const uint8_t *blk, unsigned int len)
{
	memcpy(b + at, blk, len);
	return at + len;
}

/*
 * CTA-861-G block, no detailed timings: an HDMI sink's data blocks, or
 * (@hdmi false: a DVI monitor on the HDMI connector) its video block only
 */
static void cta_block(uint8_t *b, int hdmi)
{
	unsigned int at = 4;

	b[0] = 0x02;
	b[1] = 3;
	at = put_block(b, at, cta_video, sizeof(cta_video));
	if (hdmi) {
		b[3] = CTA_BASIC_AUDIO;
		at = put_block(b, at, cta_audio, sizeof(cta_audio));
		at = put_block(b, at, cta_speakers, sizeof(cta_speakers));
		at = put_block(b, at, cta_hdmi_vsdb, sizeof(cta_hdmi_vsdb));
	}
	b[2] = at;	/* where detailed timings would start */
	checksum(b);
}

/**
 * edid_build - the EDID of one kind of monitor
 * @kind: "dvi", "hdmi", "hdmi:dvi" or "vga"
 * @out: EDID_MAX bytes
 *
 * Return: its length (128 or 256), or 0 for an unknown @kind.
 */
unsigned int edid_build(const char *kind, uint8_t *out)
{
	unsigned int i;

	for (i = 0; i < NMONITORS && strcmp(monitors[i].kind, kind); i++)
		;
	if (i == NMONITORS)
		return 0;
	return edid_build_mode(kind, monitors[i].dtd.hactive, monitors[i].dtd.vactive, out);
}

/**
 * edid_build_mode - the EDID of one kind of monitor, another preferred mode
 * @kind: as edid_build() takes it
 * @width: the preferred mode's size: one of the monitors' preferred modes
 * @height: likewise
 * @out: EDID_MAX bytes, or NULL to ask whether the mode is known
 *
 * Return: the EDID's length (with @out NULL: 1), or 0 for an unknown
 * @kind or mode.
 */
unsigned int edid_build_mode(const char *kind, unsigned int width, unsigned int height,
			     uint8_t *out)
{
	struct monitor m;
	unsigned int i, k;

	for (i = 0; i < NMONITORS && strcmp(monitors[i].kind, kind); i++)
		;
	for (k = 0; k < NMONITORS && (monitors[k].dtd.hactive != width ||
				      monitors[k].dtd.vactive != height); k++)
		;
	if (i == NMONITORS || k == NMONITORS)
		return 0;
	if (!out)
		return 1;
	memcpy(&m, &monitors[i], sizeof(m));
	m.dtd = monitors[k].dtd;
	memset(out, 0, EDID_MAX);
	base_block(out, &m, i + 1);
	if (!m.cta)
		return EDID_BLOCK;
	cta_block(out + EDID_BLOCK, m.cta == 1);
	return 2 * EDID_BLOCK;
}
