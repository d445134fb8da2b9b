// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs ruby_info reports what probe found. On a rig whose device is
 * known, RUBY_EXPECT_CHIP, RUBY_EXPECT_DEVICE (hex PCI id),
 * RUBY_EXPECT_VRAM_MIB and the layout (RUBY_EXPECT_GB_ADDR_CONFIG,
 * _TILE_CONFIG, _BACKEND_MAP, _RENDER_BACKENDS, _SIMDS) make the test
 * compare against it.
 */
#include <errno.h>
#include <stdio.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

FIXTURE(info) {
	char text[4096];
};

FIXTURE_SETUP(info)
{
	char path[PATH_MAX];
	int minor = ruby_card_minor();
	size_t len;
	FILE *f;

	if (minor < 0)
		SKIP(return, "no device bound to ruby");
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/ruby_info", minor);
	f = fopen(path, "r");
	if (!f && errno == ENOENT && access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
	ASSERT_NE(f, NULL) TH_LOG("%s: %s", path, strerror(errno));
	len = fread(self->text, 1, sizeof(self->text) - 1, f);
	self->text[len] = '\0';
	fclose(f);
}

FIXTURE_TEARDOWN(info)
{
}

TEST_F(info, has_every_field)
{
	static const char *const keys[] = {
		"chip", "generation", "pci", "mobility", "igp", "crtcs", "vram",
		"bar0 (vram aperture)", "bar2 (registers)", "irq",
	};
	char value[256];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (!ruby_text_field(self->text, keys[i], value, sizeof(value)))
			ksft_print_msg("missing '%s' in:\n%s", keys[i], self->text);
		EXPECT_TRUE(ruby_text_field(self->text, keys[i], value, sizeof(value)));
	}
}

TEST_F(info, vram_is_plausible)
{
	unsigned long long mib = 0;
	char value[256];
	int n;

	ASSERT_TRUE(ruby_text_field(self->text, "vram", value, sizeof(value)));
	n = sscanf(value, "%llu MiB", &mib);
	ASSERT_EQ(n, 1);
	EXPECT_GE(mib, 16);
	EXPECT_LE(mib, 64 * 1024);
}

TEST_F(info, matches_the_rig)
{
	const char *chip = getenv("RUBY_EXPECT_CHIP");
	const char *vram = getenv("RUBY_EXPECT_VRAM_MIB");
	const char *device = getenv("RUBY_EXPECT_DEVICE");
	char value[256], want[64];

	if (!chip && !vram && !device)
		SKIP(return, "no RUBY_EXPECT_* given");
	if (chip) {
		ASSERT_TRUE(ruby_text_field(self->text, "chip", value, sizeof(value)));
		EXPECT_STREQ(value, chip);
	}
	if (vram) {
		snprintf(want, sizeof(want), "%s MiB", vram);
		ASSERT_TRUE(ruby_text_field(self->text, "vram", value, sizeof(value)));
		EXPECT_STREQ(value, want);
	}
	if (device) {
		snprintf(want, sizeof(want), " 1002:%s ", device);
		ASSERT_TRUE(ruby_text_field(self->text, "pci", value, sizeof(value)));
		EXPECT_NE(strstr(value, want), NULL) TH_LOG("pci: %s", value);
	}
}

/*
 * The layout ruby reports is the one it programmed into the chip: on
 * R6xx/R7xx the tiling dword is GB_TILING_CONFIG itself (the backend map
 * in its high half); from Evergreen on GB_ADDR_CONFIG and GB_BACKEND_MAP.
 */
TEST_F(info, layout_is_programmed)
{
	char regs[4096], value[256];
	unsigned int reg, mine;

	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_NO_LAYOUT);
	ASSERT_EQ(RUBY_DEBUGFS_READ(ruby_card_minor(), "ruby_regs", regs), 0);

	if (ruby_text_reg(regs, "GB_TILING_CONFIG", &reg)) {
		ASSERT_TRUE(ruby_text_field(self->text, "tile_config", value, sizeof(value)));
		EXPECT_EQ(reg, strtoul(value, NULL, 0));
		ASSERT_TRUE(ruby_text_field(self->text, "backend_map", value, sizeof(value)));
		EXPECT_EQ(reg >> 16, strtoul(value, NULL, 0));
		return;
	}
	ASSERT_TRUE(ruby_text_field(self->text, "gb_addr_config", value, sizeof(value)));
	mine = strtoul(value, NULL, 0);
	ASSERT_TRUE(ruby_text_reg(regs, "GB_ADDR_CONFIG", &reg)) TH_LOG("%s", regs);
	EXPECT_EQ(reg, mine);

	ASSERT_TRUE(ruby_text_field(self->text, "backend_map", value, sizeof(value)));
	mine = strtoul(value, NULL, 0);
	ASSERT_TRUE(ruby_text_reg(regs, "GB_BACKEND_MAP", &reg)) TH_LOG("%s", regs);
	EXPECT_EQ(reg, mine);
}

TEST_F(info, layout_matches_the_rig)
{
	static const char *const keys[][2] = {
		{ "GB_ADDR_CONFIG", "gb_addr_config" },
		{ "TILE_CONFIG", "tile_config" },
		{ "BACKEND_MAP", "backend_map" },
		{ "RENDER_BACKENDS", "render backends" },
		{ "SIMDS", "active simds" },
		{ "GB_PIPES", "quad pipes" },
		{ "Z_PIPES", "z pipes" },
	};
	char env[64], value[256];
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		const char *want;

		snprintf(env, sizeof(env), "RUBY_EXPECT_%s", keys[i][0]);
		want = getenv(env);
		if (!want)
			continue;
		n++;
		ASSERT_TRUE(ruby_text_field(self->text, keys[i][1], value, sizeof(value)));
		/* "1 (mask 0x1)": compare the leading number */
		EXPECT_EQ(strtoul(value, NULL, 0), strtoul(want, NULL, 0))
			TH_LOG("%s: %s, want %s", keys[i][1], value, want);
	}
	if (!n)
		SKIP(return, "no RUBY_EXPECT_* layout given");
}

TEST_HARNESS_MAIN
