// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs ruby_connectors: the board's connectors, probed on reading (hot
 * plug pin, DDC, EDID). Where the device has no display (no video BIOS,
 * as on RV730 and RV630, or no display block on its generation) the file
 * says "none: <why>" and the tests skip with that reason, unless
 * RUBY_EXPECT_VBIOS says the rig's board has one. RUBY_EXPECT_MONITORS is
 * what the rig plugged into the simulated board (ruby-sim --monitors: a
 * comma-separated list of dvi, hdmi, vga, dp, each maybe ":badsum"); the
 * tests then compare each connector's state and its EDID's preferred
 * mode exactly. RUBY_SIM_CONTROL is the simulator's control directory:
 * the hot-plug test unplugs and plugs monitors there. The DDC lines are
 * I2C adapters ("ruby ddc 0x<id> <pci>"), reached through i2c-dev.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <sys/ioctl.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

/* the simulated board's connectors and their monitors (sim/edid.c) */
static const struct board_connector {
	const char *monitor;	/* --monitors name */
	const char *head;	/* name, hot-plug pin, DDC line */
	const char *edid;	/* the monitor's EDID, as listed */
	const char *modes;	/* its modes, preferred first */
} board[] = {
	{ "dvi", "DVI-I-1 %s hpd1 ddc 0x90", "edid RBA 0x1080 128 bytes",
	  "1920x1080@60* 1280x720@60 640x480@60" },
	{ "hdmi", "HDMI-A-1 %s hpd2 ddc 0x91", "edid RBB 0x1024 256 bytes",
	  /*
	   * an HDMI TV's CTA-861 block: VIC 16 and its 59.94 Hz twin; DRM adds
	   * VIC 1's 60 Hz twin of the established 59.94 Hz 640x480
	   */
	  "1280x1024@60* 1920x1080@60 1920x1080@60 1024x768@60 640x480@60 640x480@60" },
	{ "vga", "VGA-1 %s hpd none ddc 0x92", "edid RBC 0x0768 128 bytes",
	  "1024x768@60* 800x600@60 640x480@60" },
	/* DisplayPort: its EDID over I2C-over-AUX on line 3's AUX channel */
	{ "dp", "DP-1 %s hpd3 aux 0x93", "edid RBD 0x2400 128 bytes",
	  "1920x1080@60* 1280x720@60 640x480@60" },
};

FIXTURE(display) {
	char text[8192];
	const char *monitors;	/* RUBY_EXPECT_MONITORS, or NULL */
};

FIXTURE_SETUP(display)
{
	int minor = ruby_card_minor(), ret;

	self->monitors = getenv("RUBY_EXPECT_MONITORS");
	if (minor < 0)
		SKIP(return, "no device bound to ruby");
	ret = RUBY_DEBUGFS_READ(minor, "ruby_connectors", self->text);
	if (ret == -ENOENT && access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
	ASSERT_EQ(ret, 0) TH_LOG("ruby_connectors: %s", strerror(-ret));
	if (!strncmp(self->text, "none: ", 6)) {
		/* the rig's board has a display: its absence is a failure */
		ASSERT_EQ(getenv("RUBY_EXPECT_VBIOS"), NULL) TH_LOG("%s", self->text);
		SKIP(return, "no display: %.200s", self->text + 6);
	}
}

FIXTURE_TEARDOWN(display)
{
}

/* @name in the comma-separated @list, and whether with ":badsum" */
static bool plugged(const char *list, const char *name, bool *badsum)
{
	size_t n = strlen(name);
	const char *p;

	for (p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		if (strncmp(p, name, n) || (p[n] && p[n] != ',' && p[n] != ':'))
			continue;
		*badsum = !strncmp(p + n, ":badsum", 7);
		return true;
	}
	return false;
}

/* Any board: every connector announced has its two lines */
TEST_F(display, every_connector_listed)
{
	char key[32], value[512];
	int n = ruby_text_int(self->text, "connectors"), i;

	ASSERT_GE(n, 0) TH_LOG("%s", self->text);
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "connector%d", i);
		ASSERT_TRUE(ruby_text_field(self->text, key, value, sizeof(value)))
			TH_LOG("no %s in:\n%s", key, self->text);
		EXPECT_TRUE(strstr(value, " connected ") || strstr(value, " disconnected "))
			TH_LOG("%s: %s", key, value);
		snprintf(key, sizeof(key), "connector%d.modes", i);
		EXPECT_TRUE(ruby_text_field(self->text, key, value, sizeof(value)))
			TH_LOG("no %s in:\n%s", key, self->text);
	}
	snprintf(key, sizeof(key), "connector%d", n);
	EXPECT_FALSE(ruby_text_field(self->text, key, value, sizeof(value)));
}

/* Any board: a connector with an EDID lists its preferred mode first */
TEST_F(display, preferred_mode_first)
{
	char key[32], value[512], modes[512];
	int n = ruby_text_int(self->text, "connectors"), i;
	const char *end;
	size_t len;

	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "connector%d", i);
		ASSERT_TRUE(ruby_text_field(self->text, key, value, sizeof(value)));
		snprintf(key, sizeof(key), "connector%d.modes", i);
		ASSERT_TRUE(ruby_text_field(self->text, key, modes, sizeof(modes)));
		if (!strstr(value, " edid ") || strstr(value, " edid none") ||
		    strstr(value, " edid refused"))
			continue;
		/* "WxH@R* WxH@R ...": the first mode is the marked one */
		end = strchr(modes, ' ');
		len = end ? (size_t)(end - modes) : strlen(modes);
		ASSERT_GT(len, 1) TH_LOG("%s: no modes", key);
		EXPECT_EQ(modes[len - 1], '*') TH_LOG("%s: %s", key, modes);
	}
}

/*
 * The simulated board with RUBY_EXPECT_MONITORS plugged in: each
 * connector connected or not, its EDID (or "refused" for a bad checksum)
 * and its modes, exactly
 */
TEST_F(display, connectors_match_the_monitors)
{
	char key[32], value[512], want[512], modes[512];
	unsigned int i;
	bool bad = false, on;

	if (!self->monitors)
		SKIP(return, "no RUBY_EXPECT_MONITORS given");
	ASSERT_EQ(ruby_text_int(self->text, "connectors"), ARRAY_SIZE(board))
		TH_LOG("%s", self->text);
	for (i = 0; i < ARRAY_SIZE(board); i++) {
		on = plugged(self->monitors, board[i].monitor, &bad);
		snprintf(key, sizeof(key), "connector%u", i);
		ASSERT_TRUE(ruby_text_field(self->text, key, value, sizeof(value)));
		snprintf(want, sizeof(want), board[i].head, on ? "connected" : "disconnected");
		snprintf(want + strlen(want), sizeof(want) - strlen(want), " %s",
			 !on ? "edid none" : bad ? "edid refused" : board[i].edid);
		EXPECT_STREQ(value, want);
		snprintf(key, sizeof(key), "connector%u.modes", i);
		ASSERT_TRUE(ruby_text_field(self->text, key, modes, sizeof(modes)));
		ksft_print_msg("%s: %s; modes %s\n", board[i].monitor, value, modes);
		if (on && !bad) {
			EXPECT_STREQ(modes, board[i].modes);
		} else if (!on) {
			EXPECT_STREQ(modes, "none");
		} else {
			/* DRM's fallback modes, none of them preferred */
			EXPECT_EQ(strchr(modes, '*'), NULL) TH_LOG("%s: %s", key, modes);
		}
	}
}

/* Probing twice gives the same answer: the DDC lines are left idle */
TEST_F(display, probe_is_repeatable)
{
	char again[8192];

	ASSERT_EQ(RUBY_DEBUGFS_READ(ruby_card_minor(), "ruby_connectors", again), 0);
	EXPECT_STREQ(again, self->text);
}

/* @list with the HDMI monitor unplugged if it is there, else plugged */
static void toggle_hdmi(const char *list, char *out, size_t len)
{
	char buf[256], *tok, *save = NULL;
	bool had = false;

	snprintf(buf, sizeof(buf), "%s", strcmp(list, "none") ? list : "");
	out[0] = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strncmp(tok, "hdmi", 4)) {
			had = true;
			continue;
		}
		snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? "," : "", tok);
	}
	if (!had)
		snprintf(out + strlen(out), len - strlen(out), "%shdmi", out[0] ? "," : "");
	if (!out[0])
		snprintf(out, len, "none");
}

/*
 * The simulated board's HDMI monitor unplugged and plugged back while the
 * device runs: each time its hot-plug pin interrupts, ruby probes again
 * and DRM sends the hotplug uevent, and the connector reads as it now is
 */
TEST_F(display, hotplug_interrupt_sends_uevent)
{
	const char *dir = getenv("RUBY_SIM_CONTROL");
	const char *base = self->monitors ? self->monitors : "dvi,hdmi";
	char toggled[256], value[512];
	int sock, minor = ruby_card_minor(), round;

	if (!dir)
		SKIP(return, "no simulated board to plug monitors into (RUBY_SIM_CONTROL)");
	sock = ruby_uevent_socket();
	ASSERT_GE(sock, 0) TH_LOG("uevent socket: %s", strerror(errno));
	toggle_hdmi(base, toggled, sizeof(toggled));
	for (round = 0; round < 2; round++) {
		const char *list = round ? base : toggled;
		bool on, bad;

		ASSERT_EQ(ruby_set_monitors(dir, list), 0);
		EXPECT_TRUE(ruby_hotplug_uevent(sock, minor, 5000))
			TH_LOG("no hotplug uevent after plugging '%s'", list);
		ASSERT_EQ(RUBY_DEBUGFS_READ(minor, "ruby_connectors", self->text), 0);
		ASSERT_TRUE(ruby_text_field(self->text, "connector1", value, sizeof(value)));
		on = plugged(list, "hdmi", &bad);
		EXPECT_EQ(!strncmp(value, "HDMI-A-1 connected", 18), on) TH_LOG("%s", value);
		ksft_print_msg("monitors '%s': %s\n", list, value);
	}
	close(sock);
}

/* the number of the I2C adapter of DDC line @id ("ruby ddc 0x@id ..."), or -1 */
static int ddc_adapter(unsigned int id)
{
	char path[64], name[128], want[32];
	FILE *f;
	int n;

	snprintf(want, sizeof(want), "ruby ddc 0x%02x ", id);
	for (n = 0; n < 64; n++) {
		snprintf(path, sizeof(path), "/sys/bus/i2c/devices/i2c-%d/name", n);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (!fgets(name, sizeof(name), f))
			name[0] = 0;
		fclose(f);
		if (!strncmp(name, want, strlen(want)))
			return n;
	}
	return -1;
}

/*
 * The DisplayPort connector's DDC line (GPIO_I2C_Info line 0x93, the pads
 * a DP++ adapter's DDC would use) probed through i2c-dev: the EDID's
 * address, twice, and an SMBus quick write elsewhere, each answer "no
 * device" (ENXIO: the simulated board has nothing on that line), and
 * cleanly, the pads being modelled (the rig is red on any unmodelled
 * register)
 */
TEST_F(display, dp_ddc_line_answers_no_device)
{
	uint8_t off = 0, byte = 0;
	struct i2c_msg msgs[2] = {
		{ .addr = 0x50, .len = 1, .buf = &off },
		{ .addr = 0x50, .flags = I2C_M_RD, .len = 1, .buf = &byte },
	};
	struct i2c_rdwr_ioctl_data xfer = { .msgs = msgs, .nmsgs = 2 };
	struct i2c_smbus_ioctl_data quick = { .read_write = I2C_SMBUS_WRITE,
					      .size = I2C_SMBUS_QUICK };
	char dev[32];
	int n, fd, round;

	if (!getenv("RUBY_SIM_CONTROL"))
		SKIP(return, "not the simulated board (RUBY_SIM_CONTROL)");
	if (!strstr(self->text, " aux 0x93"))
		SKIP(return, "no DisplayPort connector on line 0x93");
	n = ddc_adapter(0x93);
	ASSERT_GE(n, 0) TH_LOG("no I2C adapter 'ruby ddc 0x93'");
	snprintf(dev, sizeof(dev), "/dev/i2c-%d", n);
	fd = open(dev, O_RDWR);
	ASSERT_GE(fd, 0) TH_LOG("%s: %s (i2c-dev in the rig's kernel?)", dev, strerror(errno));
	for (round = 0; round < 2; round++) {
		errno = 0;
		EXPECT_EQ(ioctl(fd, I2C_RDWR, &xfer), -1);
		EXPECT_EQ(errno, ENXIO) TH_LOG("read at 0x50: %s", strerror(errno));
	}
	ASSERT_EQ(ioctl(fd, I2C_SLAVE, 0x37), 0);
	errno = 0;
	EXPECT_EQ(ioctl(fd, I2C_SMBUS, &quick), -1);
	EXPECT_EQ(errno, ENXIO) TH_LOG("quick write at 0x37: %s", strerror(errno));
	ksft_print_msg("%s (ruby ddc 0x93): no device at 0x50 or 0x37\n", dev);
	close(fd);
}

TEST_HARNESS_MAIN
