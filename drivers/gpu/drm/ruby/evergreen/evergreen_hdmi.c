// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: DCE4 HDMI
 *
 * A DIG encoder whose sink is HDMI runs in HDMI mode (DIGxEncoderControl
 * and SelectCRTC_Source take encoder mode HDMI, evergreen_kms.c), and its
 * HDMI block (AFMT_* and HDMI_* at the DIG's offset) sends what an HDMI
 * sink expects besides the picture. Before the encoder is lit:
 *
 * - general control packets every frame, null packets as needed, 24 bits
 *   a pixel (no deep colour);
 * - the AVI infoframe, built by DRM from the mode and the sink's display
 *   info and packed by the HDMI core: its payload bytes go to
 *   AFMT_AVI_INFO0..3 in order, its version above them, and it is sent
 *   every frame (HDMI_INFOFRAME_CONTROL0), on line 2 of the vblank;
 * - when the sink takes audio (its ELD lists audio descriptors): the
 *   Azalia endpoint of pin 0, which the sound card's HD audio codec reads,
 *   gets the sink's speaker allocation and, per coding type, its widest
 *   descriptor (LPCM's also the rates of any stereo one); the audio clock's
 *   DTO 0 runs at 24 MHz over the pixel clock of the CRTC; audio clock
 *   regeneration packets carry CTA-861's N and CTS for 32, 44.1 and 48 kHz
 *   at that pixel clock (its table for the common clocks, else computed);
 *   IEC 60958 channel status, audio sample packets and the audio
 *   infoframe (built by the audio block from the stream, as on every
 *   DCE4 board) are sent; the picture is muted (AVMUTE) while this changes.
 *
 * Turning the encoder off stops the infoframes and audio samples and
 * takes audio off the pin. DCE4 has one audio pin: the last HDMI sink
 * with audio to be lit owns it. The pin and the DTO are shared by every
 * encoder: both callbacks run under &ruby_display.hdmi_lock.
 */

#include <linux/bitfield.h>
#include <linux/gcd.h>
#include <linux/hdmi.h>
#include <linux/lockdep.h>
#include <linux/math.h>

#include <drm/drm_edid.h>
#include <drm/drm_eld.h>

#include <kunit/visibility.h>

#include "../regs/dce4_regs.h"
#include "../ruby_device.h"
#include "../ruby_display.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

#define DCE4_AVI_LINE			2	/* any line but 0 sends it */
#define DCE4_AUDIO_PACKETS_PER_LINE	3
#define DCE4_SPEAKERS_STEREO		0x01	/* FL/FR, CTA-861's stereo */
#define DCE4_AUDIO_DTO_REF		24000	/* kHz */

/* CTA-861's N and CTS at the pixel clocks it lists (kHz), 32/44.1/48 kHz */
static const struct {
	u32 clock;
	struct dce4_hdmi_acr acr;
} dce4_acr_table[] = {
	{  25175, { { 4096, 28224, 6144 }, {  25175, 125875,  25175 } } },
	{  25200, { { 4096,  6272, 6144 }, {  25200,  28000,  25200 } } },
	{  27000, { { 4096,  6272, 6144 }, {  27000,  30000,  27000 } } },
	{  27027, { { 4096,  6272, 6144 }, {  27027,  30030,  27027 } } },
	{  54000, { { 4096,  6272, 6144 }, {  54000,  60000,  54000 } } },
	{  54054, { { 4096,  6272, 6144 }, {  54054,  60060,  54054 } } },
	{  74176, { { 4096,  5733, 6144 }, {  74176,  75335,  74176 } } },
	{  74250, { { 4096,  6272, 6144 }, {  74250,  82500,  74250 } } },
	{ 148352, { { 4096,  5733, 6144 }, { 148352, 150670, 148352 } } },
	{ 148500, { { 4096,  6272, 6144 }, { 148500, 165000, 148500 } } },
};

static const u32 dce4_acr_rates[DCE4_ACR_RATES] = { 32000, 44100, 48000 };

/*
 * The smallest N and CTS with 128 * @rate / N = @clock / CTS exactly,
 * scaled up to N of at least CTA-861's ideal 128 * @rate / 1000
 */
static void dce4_acr_compute(u32 clock, u32 rate, u32 *n, u32 *cts)
{
	u64 num = 128ull * rate, den = (u64)clock * 1000;
	u64 div = gcd(num, den), mul;

	num /= div;
	den /= div;
	mul = DIV_ROUND_UP_ULL(128ull * rate / 1000, num);
	*n = num * mul;
	*cts = den * mul;
}

/**
 * evergreen_hdmi_acr - audio clock regeneration's N and CTS at a pixel clock
 * @clock: the pixel clock, kHz
 * @acr: N and CTS for 32, 44.1 and 48 kHz, out
 */
void evergreen_hdmi_acr(u32 clock, struct dce4_hdmi_acr *acr)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dce4_acr_table); i++) {
		if (dce4_acr_table[i].clock == clock) {
			*acr = dce4_acr_table[i].acr;
			return;
		}
	}
	for (i = 0; i < DCE4_ACR_RATES; i++)
		dce4_acr_compute(clock, dce4_acr_rates[i], &acr->n[i], &acr->cts[i]);
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_hdmi_acr);

/**
 * evergreen_hdmi_avi_words - a packed AVI infoframe as AFMT_AVI_INFO0..3
 * @frame: the infoframe as hdmi_avi_infoframe_pack() packs it: header
 *	(type, version, length), checksum, 13 payload bytes
 * @words: the four registers, out: the checksum and payload bytes in
 *	order from bit 0 of INFO0, the version in INFO3's bits 25:24
 */
void evergreen_hdmi_avi_words(const u8 *frame, u32 *words)
{
	const u8 *pb = frame + 3;	/* the checksum, then the payload */
	unsigned int i;

	for (i = 0; i < DCE4_AVI_INFO_WORDS; i++)
		words[i] = pb[4 * i] | pb[4 * i + 1] << 8;
	for (i = 0; i < DCE4_AVI_INFO_WORDS - 1; i++)
		words[i] |= pb[4 * i + 2] << 16 | (u32)pb[4 * i + 3] << 24;
	words[3] |= FIELD_PREP(AFMT_AVI_INFO_VERSION, frame[1]);
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_hdmi_avi_words);

/* the coding types DCE4's endpoint describes: descriptor n is type n + 1 */
static bool dce4_az_type_described(int format)
{
	return format >= HDMI_AUDIO_CODING_TYPE_PCM &&
	       format <= HDMI_AUDIO_CODING_TYPE_WMA_PRO &&
	       format != HDMI_AUDIO_CODING_TYPE_DSD && format != HDMI_AUDIO_CODING_TYPE_DST;
}

/**
 * evergreen_hdmi_sad_words - a sink's audio descriptors as the endpoint's
 * @sads: its short audio descriptors (CTA-861), as DRM reads them
 * @count: how many
 * @words: AZ_F0_CODEC_PIN0_CONTROL_AUDIO_DESCRIPTOR0..13, out: per coding
 *	type (descriptor n: type n + 1) the channels, rates and byte 2 of
 *	its descriptor with the most channels, and for LPCM the rates of
 *	all its descriptors; 0 for a type the sink lacks (one-bit audio
 *	and DST are not described)
 */
void evergreen_hdmi_sad_words(const struct cea_sad *sads, int count, u32 *words)
{
	int best[DCE4_AZ_DESCRIPTORS];
	unsigned int t;
	int i;

	for (t = 0; t < DCE4_AZ_DESCRIPTORS; t++) {
		best[t] = -1;
		words[t] = 0;
	}
	for (i = 0; i < count; i++) {
		if (!dce4_az_type_described(sads[i].format))
			continue;
		t = sads[i].format - 1;
		if (best[t] < 0 || sads[i].channels > sads[best[t]].channels)
			best[t] = i;
		if (sads[i].format == HDMI_AUDIO_CODING_TYPE_PCM)
			words[t] |= FIELD_PREP(AZ_SUPPORTED_FREQUENCIES_STEREO, sads[i].freq);
	}
	for (t = 0; t < DCE4_AZ_DESCRIPTORS; t++) {
		if (best[t] < 0)
			continue;
		words[t] |= FIELD_PREP(AZ_MAX_CHANNELS, sads[best[t]].channels) |
			    FIELD_PREP(AZ_DESCRIPTOR_BYTE_2, sads[best[t]].byte2) |
			    FIELD_PREP(AZ_SUPPORTED_FREQUENCIES, sads[best[t]].freq);
	}
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_hdmi_sad_words);

static void dce4_afmt_w(struct ruby_device *rdev, unsigned int dig, u32 reg, u32 val)
{
	ruby_write32(rdev, DCE4_AFMT_REG(reg, dig), val);
}

static void dce4_afmt_rmw(struct ruby_device *rdev, unsigned int dig, u32 reg, u32 clear,
			  u32 set)
{
	struct ruby_reg r = DCE4_AFMT_REG(reg, dig);

	ruby_write32(rdev, r, (ruby_read32(rdev, r) & ~clear) | set);
}

static void dce4_rmw(struct ruby_device *rdev, u32 reg, u32 clear, u32 set)
{
	ruby_write32(rdev, RUBY_REG(reg), (ruby_read32(rdev, RUBY_REG(reg)) & ~clear) | set);
}

/* the AVI infoframe of @h's mode, sent from the next frame on */
static int dce4_hdmi_avi(struct ruby_device *rdev, unsigned int dig, const struct ruby_hdmi *h)
{
	u8 frame[HDMI_INFOFRAME_HEADER_SIZE + HDMI_AVI_INFOFRAME_SIZE];
	u32 words[DCE4_AVI_INFO_WORDS];
	struct hdmi_avi_infoframe avi;
	unsigned int i;
	ssize_t len;
	int ret;

	ret = drm_hdmi_avi_infoframe_from_display_mode(&avi, h->connector, h->mode);
	len = ret ?: hdmi_avi_infoframe_pack(&avi, frame, sizeof(frame));
	if (len < 0) {
		drm_err(&rdev->drm, "hdmi: no AVI infoframe for %s on DIG %u: %zd\n",
			h->mode->name, dig, len);
		return len;
	}
	evergreen_hdmi_avi_words(frame, words);
	for (i = 0; i < DCE4_AVI_INFO_WORDS; i++)
		dce4_afmt_w(rdev, dig, AFMT_AVI_INFO0 + 4 * i, words[i]);
	dce4_afmt_w(rdev, dig, HDMI_INFOFRAME_CONTROL1,
		    FIELD_PREP(HDMI_AVI_INFO_LINE, DCE4_AVI_LINE) |
		    FIELD_PREP(HDMI_AUDIO_INFO_LINE, DCE4_AVI_LINE));
	return 0;
}

/* the Azalia endpoint: an HDMI sink, its speakers and audio descriptors */
static void dce4_az_endpoint(struct ruby_device *rdev, const u8 *eld)
{
	u32 words[DCE4_AZ_DESCRIPTORS];
	struct cea_sad sads[15];
	u8 spk = drm_eld_get_spk_alloc(eld);
	int i, n = min_t(int, drm_eld_sad_count(eld), ARRAY_SIZE(sads));

	for (i = 0; i < n; i++)
		if (drm_eld_sad_get(eld, i, &sads[i]))
			sads[i] = (struct cea_sad){};
	dce4_rmw(rdev, AZ_F0_CODEC_PIN0_CONTROL_CHANNEL_SPEAKER,
		 AZ_DP_CONNECTION | AZ_SPEAKER_ALLOCATION,
		 AZ_HDMI_CONNECTION |
		 FIELD_PREP(AZ_SPEAKER_ALLOCATION, spk ?: DCE4_SPEAKERS_STEREO));
	evergreen_hdmi_sad_words(sads, n, words);
	for (i = 0; i < DCE4_AZ_DESCRIPTORS; i++)
		ruby_write32(rdev, RUBY_REG(AZ_F0_CODEC_PIN0_CONTROL_AUDIO_DESCRIPTOR0 + 4 * i),
			     words[i]);
}

/* DTO 0: 24 MHz / @clock kHz as phase / module, its wall clock ratio to match */
static void dce4_audio_dto(struct ruby_device *rdev, unsigned int crtc, u32 clock)
{
	u32 ratio = min_t(u32, clock / DCE4_AUDIO_DTO_REF, 8);
	u32 shift = ratio >= 8 ? 3 : ratio >= 4 ? 2 : ratio >= 2 ? 1 : 0;

	dce4_rmw(rdev, DCCG_AUDIO_DTO0_CNTL, DCCG_AUDIO_DTO_WALLCLOCK_RATIO,
		 FIELD_PREP(DCCG_AUDIO_DTO_WALLCLOCK_RATIO, shift));
	ruby_write32(rdev, RUBY_REG(DCCG_AUDIO_DTO_SOURCE),
		     FIELD_PREP(DCCG_AUDIO_DTO0_SOURCE_SEL, crtc));
	ruby_write32(rdev, RUBY_REG(DCCG_AUDIO_DTO0_PHASE), DCE4_AUDIO_DTO_REF << shift);
	ruby_write32(rdev, RUBY_REG(DCCG_AUDIO_DTO0_MODULE), clock);
}

/* audio clock regeneration packets: the CTS written, N and CTS of @clock */
static void dce4_hdmi_acr(struct ruby_device *rdev, unsigned int dig, u32 clock)
{
	static const u32 regs[DCE4_ACR_RATES] = { HDMI_ACR_32_0, HDMI_ACR_44_0, HDMI_ACR_48_0 };
	struct dce4_hdmi_acr acr;
	unsigned int i;

	evergreen_hdmi_acr(clock, &acr);
	dce4_afmt_w(rdev, dig, HDMI_ACR_PACKET_CONTROL, HDMI_ACR_SOURCE | HDMI_ACR_AUTO_SEND);
	for (i = 0; i < DCE4_ACR_RATES; i++) {
		dce4_afmt_w(rdev, dig, regs[i], FIELD_PREP(HDMI_ACR_CTS, acr.cts[i]));
		dce4_afmt_w(rdev, dig, regs[i] + 4, FIELD_PREP(HDMI_ACR_N, acr.n[i]));
	}
}

/* IEC 60958 channel status (channels 1-8 numbered in order), audio samples on */
static void dce4_hdmi_audio_packets(struct ruby_device *rdev, unsigned int dig)
{
	dce4_afmt_w(rdev, dig, AFMT_INFOFRAME_CONTROL0, AFMT_AUDIO_INFO_UPDATE);
	dce4_afmt_w(rdev, dig, AFMT_60958_0, FIELD_PREP(AFMT_60958_CS_CHANNEL_NUMBER_L, 1));
	dce4_afmt_w(rdev, dig, AFMT_60958_1, FIELD_PREP(AFMT_60958_CS_CHANNEL_NUMBER_R, 2));
	dce4_afmt_w(rdev, dig, AFMT_60958_2, 0x876543);	/* channels 2-7: 3-8 */
	dce4_afmt_w(rdev, dig, AFMT_AUDIO_PACKET_CONTROL2,
		    FIELD_PREP(AFMT_AUDIO_CHANNEL_ENABLE, 0xff));
	dce4_afmt_w(rdev, dig, HDMI_AUDIO_PACKET_CONTROL,
		    FIELD_PREP(HDMI_AUDIO_DELAY_EN, 1) |
		    FIELD_PREP(HDMI_AUDIO_PACKETS_PER_LINE, DCE4_AUDIO_PACKETS_PER_LINE));
	dce4_afmt_rmw(rdev, dig, AFMT_AUDIO_PACKET_CONTROL, 0,
		      AFMT_RESET_FIFO_WHEN_AUDIO_DIS | AFMT_60958_CS_UPDATE |
		      AFMT_AUDIO_SAMPLE_SEND);
}

static void dce4_hdmi_audio(struct ruby_device *rdev, unsigned int dig,
			    const struct ruby_hdmi *h)
{
	dce4_afmt_rmw(rdev, dig, HDMI_GC, 0, HDMI_GC_AVMUTE);
	dce4_az_endpoint(rdev, h->eld);
	dce4_audio_dto(rdev, h->crtc, h->mode->clock);
	dce4_hdmi_acr(rdev, dig, h->mode->clock);
	dce4_hdmi_audio_packets(rdev, dig);
	dce4_rmw(rdev, AZ_HOT_PLUG_CONTROL, 0, AZ_AUDIO_ENABLED | AZ_PIN0_AUDIO_ENABLED);
	dce4_afmt_rmw(rdev, dig, HDMI_GC, HDMI_GC_AVMUTE, 0);
}

/* the DIG's HDMI block of @route, which modeset only makes for UNIPHYs */
static int dce4_hdmi_dig(const struct ruby_route *route)
{
	int dig = evergreen_dce_dig(route->encoder);

	if (WARN_ON(dig < 0 || !route->hdmi))
		return -EINVAL;
	return dig;
}

int evergreen_hdmi_enable(struct ruby_device *rdev, const struct ruby_route *route,
			  const struct ruby_hdmi *h)
{
	bool audio = drm_eld_sad_count(h->eld) > 0;
	int dig = dce4_hdmi_dig(route);
	int ret;

	if (dig < 0)
		return dig;
	lockdep_assert_held(&rdev->display->hdmi_lock);
	dce4_afmt_w(rdev, dig, HDMI_VBI_PACKET_CONTROL,
		    HDMI_NULL_SEND | HDMI_GC_SEND | HDMI_GC_CONT);
	dce4_afmt_rmw(rdev, dig, HDMI_CONTROL,
		      HDMI_DEEP_COLOR_ENABLE | HDMI_DEEP_COLOR_DEPTH, 0);
	ret = dce4_hdmi_avi(rdev, dig, h);
	if (ret)
		return ret;
	if (audio)
		dce4_hdmi_audio(rdev, dig, h);
	else
		dce4_afmt_rmw(rdev, dig, AFMT_AUDIO_PACKET_CONTROL, AFMT_AUDIO_SAMPLE_SEND, 0);
	dce4_afmt_w(rdev, dig, HDMI_INFOFRAME_CONTROL0,
		    HDMI_AVI_INFO_SEND | HDMI_AVI_INFO_CONT |
		    (audio ? HDMI_AUDIO_INFO_SEND | HDMI_AUDIO_INFO_CONT : 0));
	return 0;
}

void evergreen_hdmi_disable(struct ruby_device *rdev, const struct ruby_route *route)
{
	int dig = dce4_hdmi_dig(route);

	if (dig < 0)
		return;
	lockdep_assert_held(&rdev->display->hdmi_lock);
	dce4_afmt_rmw(rdev, dig, AFMT_AUDIO_PACKET_CONTROL, AFMT_AUDIO_SAMPLE_SEND, 0);
	dce4_afmt_w(rdev, dig, HDMI_INFOFRAME_CONTROL0, 0);
	dce4_rmw(rdev, AZ_HOT_PLUG_CONTROL, AZ_AUDIO_ENABLED | AZ_PIN0_AUDIO_ENABLED, 0);
}
