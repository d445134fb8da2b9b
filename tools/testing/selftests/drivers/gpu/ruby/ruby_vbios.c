// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs ruby_vbios: what ruby read from the card's video BIOS at probe,
 * and where from (VFCT, the ROM BAR, the ROM the chip keeps disabled, or
 * the platform's copy). Where the card has none ruby accepts, or its
 * generation does not read it yet, the file says "none: <why>" and the
 * tests skip with that reason, unless RUBY_EXPECT_VBIOS says the rig's
 * board has one: RUBY_EXPECT_VBIOS=cedar-board is the simulated HD 5450
 * of tools/testing/ruby/sim/vbios.c, whose clocks and connectors the
 * tests then compare, line by line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

FIXTURE(vbios) {
	char text[8192];
	bool board;	/* the rig's simulated board: compare exactly */
};

FIXTURE_SETUP(vbios)
{
	const char *expect = getenv("RUBY_EXPECT_VBIOS");
	int minor = ruby_card_minor(), ret;

	if (minor < 0)
		SKIP(return, "no device bound to ruby");
	ret = RUBY_DEBUGFS_READ(minor, "ruby_vbios", self->text);
	if (ret == -ENOENT && access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
	ASSERT_EQ(ret, 0) TH_LOG("ruby_vbios: %s", strerror(-ret));
	if (!strncmp(self->text, "none: ", 6)) {
		/* the rig's board has a ROM: its absence is a failure */
		ASSERT_EQ(expect, NULL) TH_LOG("no video BIOS: %s", self->text);
		SKIP(return, "no video BIOS: %.200s", self->text + 6);
	}
	if (expect) {
		ASSERT_STREQ(expect, "cedar-board");
		self->board = true;
	}
}

FIXTURE_TEARDOWN(vbios)
{
}

/*
 * The image came from one of the sources ruby knows; on the rig's board,
 * from the one RUBY_EXPECT_VBIOS_SOURCE names (its spaces as '_', as the
 * kernel's command line carries it)
 */
TEST_F(vbios, source_named)
{
	static const char *const sources[] = {
		"VFCT", "ROM BAR", "disabled ROM", "platform ROM",
	};
	const char *expect = getenv("RUBY_EXPECT_VBIOS_SOURCE");
	char value[256], want[64];
	unsigned int i;
	bool known = false;

	ASSERT_TRUE(ruby_text_field(self->text, "source", value, sizeof(value)))
		TH_LOG("%s", self->text);
	for (i = 0; i < ARRAY_SIZE(sources); i++)
		known |= !strcmp(value, sources[i]);
	EXPECT_TRUE(known) TH_LOG("source: %s", value);
	ksft_print_msg("image from %s\n", value);
	if (!self->board || !expect)
		return;
	snprintf(want, sizeof(want), "%s", expect);
	for (i = 0; want[i]; i++)
		if (want[i] == '_')
			want[i] = ' ';
	EXPECT_STREQ(value, want);
}

/* Any image: a whole number of 512-byte blocks, read in a bounded time */
TEST_F(vbios, image_is_plausible)
{
	unsigned int bytes = 0, us = 0;
	char value[256];
	int n;

	ASSERT_TRUE(ruby_text_field(self->text, "image", value, sizeof(value)))
		TH_LOG("%s", self->text);
	n = sscanf(value, "%u bytes", &bytes);
	ASSERT_EQ(n, 1);
	EXPECT_GT(bytes, 0);
	EXPECT_EQ(bytes % 512, 0);
	EXPECT_LE(bytes, 128 * 1024);
	ASSERT_TRUE(ruby_text_field(self->text, "read", value, sizeof(value)));
	n = sscanf(value, "%u us", &us);
	ASSERT_EQ(n, 1);
	/* one copy of a few KiB, not one access per byte */
	EXPECT_LT(us, 1000000);
	ksft_print_msg("%u-byte image read in %u us\n", bytes, us);
}

/* Every connector the count announces has its line, with encoders */
TEST_F(vbios, every_connector_listed)
{
	char key[32], value[512];
	int n = ruby_text_int(self->text, "connectors"), i;

	ASSERT_GE(n, 0) TH_LOG("%s", self->text);
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "connector%d", i);
		ASSERT_TRUE(ruby_text_field(self->text, key, value, sizeof(value)))
			TH_LOG("no %s in:\n%s", key, self->text);
		EXPECT_NE(strstr(value, " encoders "), NULL) TH_LOG("%s: %s", key, value);
		EXPECT_EQ(strstr(value, "unknown"), NULL) TH_LOG("%s: %s", key, value);
	}
	snprintf(key, sizeof(key), "connector%d", n);
	EXPECT_FALSE(ruby_text_field(self->text, key, value, sizeof(value)));
}

/* FirmwareInfo of sim/vbios.c: 100 MHz crystal, pixel PLL 600-1200 MHz */
TEST_F(vbios, clocks_match_the_board)
{
	static const char *const want[][2] = {
		{ "firmware_info", "2.1" },
		{ "ref_clk", "100000 kHz" },
		{ "pixel_pll_out", "600000-1200000 kHz" },
		{ "max_pixel_clock", "400000 kHz" },
		{ "default_sclk", "650000 kHz" },
		{ "default_mclk", "400000 kHz" },
	};
	char value[256];
	unsigned int i;

	if (!self->board)
		SKIP(return, "no RUBY_EXPECT_VBIOS given");
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		ASSERT_TRUE(ruby_text_field(self->text, want[i][0], value, sizeof(value)))
			TH_LOG("no %s in:\n%s", want[i][0], self->text);
		EXPECT_STREQ(value, want[i][1]);
	}
}

/*
 * The connectors of sim/vbios.c: DVI-I (digital on UNIPHY, analog on
 * DAC2, DDC line 0, HPD1), HDMI (UNIPHY1, line 1, HPD2) and VGA (DAC1,
 * line 2, no HPD). DDC line n's registers start at 0x6460 + 0x10 n, the
 * HPD pins are bits 0 and 8 of DC_GPIO_HPD_A (0x64b4).
 */
TEST_F(vbios, connectors_match_the_board)
{
	static const char *const want[] = {
		"DVI-I object 0x3101 devices 0x0018 ddc 0x90 (0x6460) hpd 0x14 (0x64b4 bit 0) encoders UNIPHY DAC2",
		"HDMI-A object 0x310c devices 0x0080 ddc 0x91 (0x6470) hpd 0x15 (0x64b4 bit 8) encoders UNIPHY1",
		"VGA object 0x3105 devices 0x0001 ddc 0x92 (0x6480) hpd none encoders DAC1",
		/* DisplayPort: its line 3 is the AUX channel, HPD3 its pin */
		"DP object 0x3113 devices 0x0200 ddc 0x93 (0x6490) hpd 0x16 (0x64b4 bit 16) encoders UNIPHY2",
	};
	char key[32], value[512];
	unsigned int i;

	if (!self->board)
		SKIP(return, "no RUBY_EXPECT_VBIOS given");
	EXPECT_EQ(ruby_text_int(self->text, "ddc_lines"), 4);
	ASSERT_EQ(ruby_text_int(self->text, "connectors"), ARRAY_SIZE(want))
		TH_LOG("%s", self->text);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		snprintf(key, sizeof(key), "connector%u", i);
		ASSERT_TRUE(ruby_text_field(self->text, key, value, sizeof(value)));
		EXPECT_STREQ(value, want[i]);
	}
}

TEST_HARNESS_MAIN
