// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit: DCE4's HDMI arithmetic: audio clock regeneration's N and CTS at
 * pixel clocks CTA-861 lists and at others, an AVI infoframe as the four
 * AFMT_AVI_INFO registers, and a sink's audio descriptors as the Azalia
 * endpoint's.
 */

#include <kunit/test.h>

#include <linux/hdmi.h>

#include <drm/drm_edid.h>

#include "../evergreen/evergreen.h"
#include "../regs/dce4_regs.h"

static const u32 hdmi_rates[DCE4_ACR_RATES] = { 32000, 44100, 48000 };

/* CTA-861's table: 1080p60, 720p60 and 640x480's clocks */
static void evergreen_hdmi_acr_of_listed_clocks(struct kunit *test)
{
	static const struct { u32 clock; struct dce4_hdmi_acr acr; } want[] = {
		{ 148500, { { 4096, 6272, 6144 }, { 148500, 165000, 148500 } } },
		{  74250, { { 4096, 6272, 6144 }, {  74250,  82500,  74250 } } },
		{  25175, { { 4096, 28224, 6144 }, {  25175, 125875,  25175 } } },
		{  74176, { { 4096, 5733, 6144 }, {  74176,  75335,  74176 } } },
	};
	struct dce4_hdmi_acr acr;
	unsigned int i, r;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		evergreen_hdmi_acr(want[i].clock, &acr);
		for (r = 0; r < DCE4_ACR_RATES; r++) {
			KUNIT_EXPECT_EQ_MSG(test, acr.n[r], want[i].acr.n[r], "%u kHz, rate %u",
					    want[i].clock, hdmi_rates[r]);
			KUNIT_EXPECT_EQ_MSG(test, acr.cts[r], want[i].acr.cts[r], "%u kHz, rate %u",
					    want[i].clock, hdmi_rates[r]);
		}
	}
}

/* 1280x1024@60's 108 MHz is not listed: computed, exact, N near 128 * fs / 1000 */
static void evergreen_hdmi_acr_of_other_clocks(struct kunit *test)
{
	static const u32 clocks[] = { 108000, 65000, 162000, 25000, 138500 };
	struct dce4_hdmi_acr acr;
	unsigned int i, r;

	evergreen_hdmi_acr(108000, &acr);
	KUNIT_EXPECT_EQ(test, acr.n[0], 4096);
	KUNIT_EXPECT_EQ(test, acr.cts[0], 108000);
	KUNIT_EXPECT_EQ(test, acr.n[1], 5684);
	KUNIT_EXPECT_EQ(test, acr.cts[1], 108750);
	KUNIT_EXPECT_EQ(test, acr.n[2], 6144);
	KUNIT_EXPECT_EQ(test, acr.cts[2], 108000);
	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		evergreen_hdmi_acr(clocks[i], &acr);
		for (r = 0; r < DCE4_ACR_RATES; r++) {
			/* 128 * fs = f_tmds * N / CTS, exactly */
			KUNIT_EXPECT_EQ_MSG(test, 128ull * hdmi_rates[r] * acr.cts[r],
					    (u64)clocks[i] * 1000 * acr.n[r], "%u kHz, rate %u",
					    clocks[i], hdmi_rates[r]);
			KUNIT_EXPECT_GE(test, acr.n[r], 128 * hdmi_rates[r] / 1000);
			KUNIT_EXPECT_LE(test, acr.n[r], 128 * hdmi_rates[r] / 300);
			KUNIT_EXPECT_LE(test, acr.cts[r], FIELD_MAX(HDMI_ACR_CTS));
		}
	}
}

/* the checksum and payload bytes in order, the version in INFO3's bits 25:24 */
static void evergreen_hdmi_avi_bytes_in_order(struct kunit *test)
{
	static const u8 frame[HDMI_INFOFRAME_HEADER_SIZE + HDMI_AVI_INFOFRAME_SIZE] = {
		0x82, 0x02, 0x0d, 0xa5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
	};
	u32 w[DCE4_AVI_INFO_WORDS];

	evergreen_hdmi_avi_words(frame, w);
	KUNIT_EXPECT_EQ(test, w[0], 0x030201a5);
	KUNIT_EXPECT_EQ(test, w[1], 0x07060504);
	KUNIT_EXPECT_EQ(test, w[2], 0x0b0a0908);
	KUNIT_EXPECT_EQ(test, w[3], 0x02000d0c);
}

/* a packed 1080p60 frame: VIC 16 in INFO1's low byte, a checksum that sums to 0 */
static void evergreen_hdmi_avi_of_a_packed_frame(struct kunit *test)
{
	u8 frame[HDMI_INFOFRAME_HEADER_SIZE + HDMI_AVI_INFOFRAME_SIZE];
	struct hdmi_avi_infoframe avi;
	u32 w[DCE4_AVI_INFO_WORDS];
	u8 sum = 0x82 + 0x02 + 0x0d;
	unsigned int i;

	hdmi_avi_infoframe_init(&avi);
	avi.video_code = 16;
	avi.picture_aspect = HDMI_PICTURE_ASPECT_16_9;
	KUNIT_ASSERT_EQ(test, hdmi_avi_infoframe_pack(&avi, frame, sizeof(frame)),
			(ssize_t)sizeof(frame));
	evergreen_hdmi_avi_words(frame, w);
	KUNIT_EXPECT_EQ(test, w[1] & 0x7f, 16);
	KUNIT_EXPECT_EQ(test, FIELD_GET(AFMT_AVI_INFO_VERSION, w[3]), 2);
	KUNIT_EXPECT_EQ(test, w[0] >> 20 & 3, 2);	/* PB2 bits 5:4, M: 16:9 */
	for (i = 0; i < DCE4_AVI_INFO_WORDS; i++)
		sum += (w[i] & 0xff) + (w[i] >> 8 & 0xff) +
		       (i < 3 ? (w[i] >> 16 & 0xff) + (w[i] >> 24) : 0);
	KUNIT_EXPECT_EQ(test, sum, 0);
}

/* per coding type the widest descriptor; LPCM's stereo rates from all of its */
static void evergreen_hdmi_sads_to_descriptors(struct kunit *test)
{
	/* format, channels - 1, rates, byte 2 */
	static const struct cea_sad sads[] = {
		{ HDMI_AUDIO_CODING_TYPE_PCM, 1, 0x07, 0x07 },
		{ HDMI_AUDIO_CODING_TYPE_PCM, 5, 0x1f, 0x05 },
		{ HDMI_AUDIO_CODING_TYPE_AC3, 5, 0x07, 0x50 },
		{ HDMI_AUDIO_CODING_TYPE_DSD, 1, 0x07, 0x00 },
		{ HDMI_AUDIO_CODING_TYPE_WMA_PRO, 1, 0x06, 0x01 },
	};
	u32 w[DCE4_AZ_DESCRIPTORS];
	unsigned int i;

	evergreen_hdmi_sad_words(sads, ARRAY_SIZE(sads), w);
	KUNIT_EXPECT_EQ(test, w[0], 0x1f051f05);	/* 6 ch, 32-96 kHz, stereo 32-96 */
	KUNIT_EXPECT_EQ(test, w[1], 0x00500705);	/* AC-3 */
	KUNIT_EXPECT_EQ(test, w[13], 0x00010601);	/* WMA Pro */
	for (i = 2; i < 13; i++)
		KUNIT_EXPECT_EQ_MSG(test, w[i], 0, "descriptor %u", i);	/* DSD's too */
}

/* a stereo-only sink: LPCM 2 ch at 32/44.1/48 kHz, the rig's HDMI TV */
static void evergreen_hdmi_stereo_sink(struct kunit *test)
{
	static const struct cea_sad sad = {
		.format = HDMI_AUDIO_CODING_TYPE_PCM, .channels = 1, .freq = 0x07, .byte2 = 0x07,
	};
	u32 w[DCE4_AZ_DESCRIPTORS];

	evergreen_hdmi_sad_words(&sad, 1, w);
	KUNIT_EXPECT_EQ(test, FIELD_GET(AZ_MAX_CHANNELS, w[0]), 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(AZ_SUPPORTED_FREQUENCIES, w[0]), 0x07);
	KUNIT_EXPECT_EQ(test, FIELD_GET(AZ_SUPPORTED_FREQUENCIES_STEREO, w[0]), 0x07);
	KUNIT_EXPECT_EQ(test, FIELD_GET(AZ_DESCRIPTOR_BYTE_2, w[0]), 0x07);
	evergreen_hdmi_sad_words(NULL, 0, w);
	KUNIT_EXPECT_EQ(test, w[0], 0);
}

static struct kunit_case evergreen_hdmi_cases[] = {
	KUNIT_CASE(evergreen_hdmi_acr_of_listed_clocks),
	KUNIT_CASE(evergreen_hdmi_acr_of_other_clocks),
	KUNIT_CASE(evergreen_hdmi_avi_bytes_in_order),
	KUNIT_CASE(evergreen_hdmi_avi_of_a_packed_frame),
	KUNIT_CASE(evergreen_hdmi_sads_to_descriptors),
	KUNIT_CASE(evergreen_hdmi_stereo_sink),
	{}
};

static struct kunit_suite evergreen_hdmi_suite = {
	.name = "evergreen_hdmi",
	.test_cases = evergreen_hdmi_cases,
};

kunit_test_suite(evergreen_hdmi_suite);
