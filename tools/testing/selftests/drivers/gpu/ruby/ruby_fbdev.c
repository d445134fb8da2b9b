// SPDX-License-Identifier: GPL-2.0
/*
 * fbdev emulation: the /dev/fbN of ruby's DRM device. Its screen info
 * names the device ("radeondrmfb", after the DRM driver's name) and a
 * 32 bpp XRGB8888 layout; a pattern written through its mapping reaches
 * the screen: the test sets the fbdev up (FBIOPUT_VSCREENINFO lights every
 * connected output with it), flushes it (fsync, then the copy to the
 * scanout buffer), and blanks it (its CRTCs switch off, and the simulator
 * writes each CRTC's frame as a PNG). The rig compares every pixel of
 * each frame whose first two pixels are FB_MARK0 and FB_MARK1 with
 * fb_pattern(x, y) within the fbdev's visible size, black outside it (a
 * larger output shows more of the buffer than fbdev uses), and wants as
 * many as the test says ("# fbdev frames N of WxH"). The marks are erased
 * afterwards, so later frames of the fbdev's buffer are not taken for the
 * test's.
 *
 * The framebuffer console (fbcon) takes the fbdev as it appears, and
 * draws the first virtual terminal's text on it: the test clears that
 * VT, hides its cursor and writes CON_LINES at their places, marks the
 * frame with CON_MARK0 and CON_MARK1 through the mapping, and blanks the
 * fbdev ("# fbcon frames N of WxH"). The rig draws the same lines with
 * the kernel's 8x16 font (lib/fonts/font_8x16.c) in the VT's default
 * colours and compares every pixel of each marked frame. While the
 * pattern test owns the screen, the VT is in KD_GRAPHICS, as any fbdev
 * client puts it, so fbcon draws nothing over the pattern.
 *
 * Unbinding the device while /dev/fbN is open and mapped: the file gets
 * -ENODEV and closes cleanly, fbcon lets the fbdev go, and the device
 * bound again has an fbdev that fbcon takes again. Writes through the
 * mapping after the unbind are copied to the fbdev's buffer in system
 * memory, not to VRAM through a BAR that is no longer the device's.
 *
 * The rig boots with fbdev emulation off (drm_kms_helper.fbdev_emulation=0,
 * see rig.py): the tests turn it on and bind the device again, and leave
 * it on, so the device's last unbind (rmmod) has an fbdev to remove.
 *
 * Without modesetting (no video BIOS) there is no fbdev: the tests skip,
 * unless RUBY_EXPECT_VBIOS says the rig's board has one.
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

#define FB_ID		"radeondrmfb"	/* DRM's "<driver name>drmfb" */
#define FBDEV_PARAM	"/sys/module/drm_kms_helper/parameters/fbdev_emulation"
#define DRM_DEBUG_PARAM	"/sys/module/drm/parameters/debug"
#define DRM_UT_DRIVER	"2"	/* drm_dbg_driver() */
#define FB_MARK0	0x00fb0fb0u
#define FB_MARK1	0x000bf0bfu
#define CON_MARK0	0x00c0c0fbu
#define CON_MARK1	0x00fbc0c0u
#define VT_TTY		"/dev/tty1"	/* the first VT, in front since boot */
#define VTCON		"/sys/class/vtconsole/vtcon%d/%s"
/*
 * The deferred I/O's delay (50 ms) and the copy after it, with margin:
 * fsync() only queues DRM's damage work, which copies the whole visible
 * part (5 MiB) through BAR0; on the sanitizer kernel with vblank
 * interrupts and another boot beside it that took longer than 400 ms
 */
#define FB_FLUSH_US	2000000

/*
 * What the test writes to the VT (rig.py's FBCON_LINES): hide the
 * cursor, clear the screen, then each line at its row and column
 * (1-based in the escape sequences, 0-based in rig.py), and CON_LAST
 * ending in the bottom right cell
 */
static const char *const CON_LINES[] = {
	"\033[?25l\033[2J",
	"\033[3;5Hruby fbcon: The quick brown fox jumps over the lazy dog.",
	"\033[4;1H0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
};

#define CON_LAST	"the last row"

static uint32_t fb_pattern(uint32_t x, uint32_t y)
{
	return ((x * 0x3fe1u + y * 0x1f35u) >> 2) & 0xffffff;
}

/* ruby's fbdev, open read-write, or -1 */
static int fbdev_open(void)
{
	struct fb_fix_screeninfo fix;
	char path[32];
	int i, fd;

	for (i = 0; i < 8; i++) {
		snprintf(path, sizeof(path), "/dev/fb%d", i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (!ioctl(fd, FBIOGET_FSCREENINFO, &fix) && !strcmp(fix.id, FB_ID))
			return fd;
		close(fd);
	}
	return -1;
}

/* the connectors of ruby's card that have a monitor */
static int connected_outputs(void)
{
	char pattern[64], status[32];
	int minor = ruby_card_minor(), n = 0;
	glob_t g;
	size_t i;

	snprintf(pattern, sizeof(pattern), "/sys/class/drm/card%d-*/status", minor);
	if (minor < 0 || glob(pattern, 0, NULL, &g))
		return 0;
	for (i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");

		if (f && fgets(status, sizeof(status), f) && !strcmp(status, "connected\n"))
			n++;
		if (f)
			fclose(f);
	}
	globfree(&g);
	return n;
}

/* The start of the text file @path in @buf (NUL-terminated): 0 or -errno */
static int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

/* fbdev emulation on, and the device @addr bound again if it was off: 0 or -errno */
static int fbdev_emulation_on(const char *addr)
{
	char on[4];
	int ret = read_text(FBDEV_PARAM, on, sizeof(on));

	if (ret)
		return ret;
	if (on[0] == 'Y')
		return 0;
	ret = ruby_sysfs_write(FBDEV_PARAM, "1");
	if (!ret)
		ret = ruby_sysfs_write(RUBY_UNBIND, addr);
	return ret ?: ruby_sysfs_write(RUBY_BIND, addr);
}

/*
 * Is fbcon the VTs' console driver? Its vtconsole ("(M) frame buffer
 * device") exists while an fbdev does, bound to the VTs: 1 if bound, 0
 * if there is none or it is not bound.
 */
static int fbcon_bound(void)
{
	char path[64], text[64];
	int i;

	for (i = 0; i < 16; i++) {
		snprintf(path, sizeof(path), VTCON, i, "name");
		if (read_text(path, text, sizeof(text)) || !strstr(text, "frame buffer device"))
			continue;
		snprintf(path, sizeof(path), VTCON, i, "bind");
		return !read_text(path, text, sizeof(text)) && text[0] == '1';
	}
	return 0;
}

/*
 * The first VT brought to the front in @mode (KD_GRAPHICS: fbcon leaves
 * the screen alone; KD_TEXT: it draws the VT): its open file, -ENOENT
 * on a kernel without VTs, or -errno
 */
static int vt_front(int mode)
{
	int fd = open(VT_TTY, O_RDWR | O_NOCTTY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, VT_ACTIVATE, 1) || ioctl(fd, VT_WAITACTIVE, 1) ||
	    ioctl(fd, KDSETMODE, mode))
		ret = -errno;
	if (ret) {
		close(fd);
		return ret;
	}
	return fd;
}

FIXTURE(fbdev) {
	char addr[NAME_MAX + 1];
	int fd;
	int vt;
	struct fb_fix_screeninfo fix;
	struct fb_var_screeninfo var;
};

FIXTURE_SETUP(fbdev)
{
	self->fd = -1;
	self->vt = -1;
	if (!ruby_bound_device(self->addr, sizeof(self->addr))) {
		self->addr[0] = '\0';
		SKIP(return, "no device bound to ruby");
	}
	ASSERT_EQ(fbdev_emulation_on(self->addr), 0);
	self->fd = fbdev_open();
	if (self->fd < 0 && !getenv("RUBY_EXPECT_VBIOS"))
		SKIP(return, "no fbdev of ruby's (no modesetting)");
	ASSERT_GE(self->fd, 0) TH_LOG("no /dev/fbN named %s", FB_ID);
	ASSERT_EQ(ioctl(self->fd, FBIOGET_FSCREENINFO, &self->fix), 0);
	ASSERT_EQ(ioctl(self->fd, FBIOGET_VSCREENINFO, &self->var), 0);
}

FIXTURE_TEARDOWN(fbdev)
{
	char addr[NAME_MAX + 1];

	if (self->fd >= 0)
		close(self->fd);
	/* the VT in text mode again, whatever a test left it in */
	if (self->vt >= 0) {
		ioctl(self->vt, KDSETMODE, KD_TEXT);
		close(self->vt);
	}
	/* leave the device bound for whatever runs next */
	if (self->addr[0] && !ruby_bound_device(addr, sizeof(addr)))
		ruby_sysfs_write(RUBY_BIND, self->addr);
}

/* XRGB8888, as large as the largest output's mode, all of it mapped */
TEST_F(fbdev, screen_info_is_xrgb8888)
{
	const struct fb_var_screeninfo *v = &self->var;

	EXPECT_EQ(v->bits_per_pixel, 32);
	EXPECT_EQ(v->red.offset, 16);
	EXPECT_EQ(v->green.offset, 8);
	EXPECT_EQ(v->blue.offset, 0);
	EXPECT_EQ(v->red.length, 8);
	EXPECT_EQ(self->fix.visual, FB_VISUAL_TRUECOLOR);
	/* the simulated board's monitors: 1920x1080 (DVI) is the largest */
	if (getenv("RUBY_EXPECT_VBIOS") && !getenv("RUBY_EXPECT_MONITORS")) {
		EXPECT_EQ(v->xres, 1920);
		EXPECT_EQ(v->yres, 1080);
	}
	EXPECT_GE(self->fix.line_length, v->xres * 4);
	EXPECT_GE(self->fix.smem_len, self->fix.line_length * v->yres_virtual);
}

/* A pattern written to /dev/fbN is what the outputs show */
TEST_F(fbdev, pattern_reaches_the_screen)
{
	uint32_t *p, x, y, stride = self->fix.line_length / 4;
	int outputs = connected_outputs();

	if (!outputs)
		SKIP(return, "no monitor connected");
	/* the screen is the test's, not fbcon's (none without VTs) */
	self->vt = vt_front(KD_GRAPHICS);
	ASSERT_TRUE(self->vt >= 0 || self->vt == -ENOENT) TH_LOG("VT: %s", strerror(-self->vt));
	p = mmap(NULL, self->fix.smem_len, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd, 0);
	ASSERT_NE(p, MAP_FAILED);
	/* what fbdev copies to the screen: its visible part (the smallest mode) */
	for (y = 0; y < self->var.yres; y++)
		for (x = 0; x < self->var.xres; x++)
			p[y * stride + x] = fb_pattern(x, y);
	p[0] = FB_MARK0;
	p[1] = FB_MARK1;
	/* set up: the outputs light with the fbdev's buffer */
	self->var.activate = FB_ACTIVATE_NOW | FB_ACTIVATE_FORCE;
	ASSERT_EQ(ioctl(self->fd, FBIOPUT_VSCREENINFO, &self->var), 0);
	ASSERT_EQ(ioctl(self->fd, FBIOBLANK, FB_BLANK_UNBLANK), 0);
	ASSERT_EQ(fsync(self->fd), 0);
	usleep(FB_FLUSH_US);
	/* off: each CRTC's frame is written */
	ksft_print_msg("fbdev frames %d of %ux%u\n", outputs, self->var.xres, self->var.yres);
	ASSERT_EQ(ioctl(self->fd, FBIOBLANK, FB_BLANK_POWERDOWN), 0);
	p[0] = fb_pattern(0, 0);
	p[1] = fb_pattern(1, 0);
	ASSERT_EQ(fsync(self->fd), 0);
	usleep(FB_FLUSH_US);
	munmap(p, self->fix.smem_len);
}

/* fbcon draws the VT's text on the fbdev; the outputs show it */
TEST_F(fbdev, console_text_reaches_the_screen)
{
	int outputs = connected_outputs();
	struct winsize ws;
	uint32_t *p;
	size_t i;

	if (!outputs)
		SKIP(return, "no monitor connected");
	self->vt = vt_front(KD_TEXT);
	if (self->vt == -ENOENT)
		SKIP(return, "no virtual terminals (CONFIG_VT)");
	ASSERT_GE(self->vt, 0) TH_LOG("VT: %s", strerror(-self->vt));
	ASSERT_EQ(fbcon_bound(), 1) TH_LOG("fbcon is not the VTs' console on the fbdev");
	p = mmap(NULL, self->fix.smem_len, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd, 0);
	ASSERT_NE(p, MAP_FAILED);
	/* the outputs lit again (the pattern test blanked them); fbcon redraws */
	ASSERT_EQ(ioctl(self->fd, FBIOBLANK, FB_BLANK_UNBLANK), 0);
	/* 8x16 cells (the rig kernel's one font) */
	ASSERT_EQ(ioctl(self->vt, TIOCGWINSZ, &ws), 0);
	ASSERT_EQ(ws.ws_col, self->var.xres / 8);
	ASSERT_EQ(ws.ws_row, self->var.yres / 16);
	for (i = 0; i < ARRAY_SIZE(CON_LINES); i++)
		ASSERT_EQ(write(self->vt, CON_LINES[i], strlen(CON_LINES[i])),
			  strlen(CON_LINES[i]));
	/* the bottom right cell: no wrap, no scroll (the VT waits to wrap) */
	ASSERT_GT(dprintf(self->vt, "\033[%u;%zuH%s", ws.ws_row,
			  ws.ws_col - strlen(CON_LAST) + 1, CON_LAST), 0);
	/* the marks: in the top left cell, which the clear left blank */
	p[0] = CON_MARK0;
	p[1] = CON_MARK1;
	ASSERT_EQ(fsync(self->fd), 0);
	usleep(FB_FLUSH_US);
	ksft_print_msg("fbcon frames %d of %ux%u\n", outputs, self->var.xres, self->var.yres);
	ASSERT_EQ(ioctl(self->fd, FBIOBLANK, FB_BLANK_POWERDOWN), 0);
	p[0] = 0;
	p[1] = 0;
	ASSERT_EQ(fsync(self->fd), 0);
	usleep(FB_FLUSH_US);
	munmap(p, self->fix.smem_len);
}

/* Unbound while open and mapped: -ENODEV, a clean close, a new fbdev after */
TEST_F(fbdev, survives_unbind_while_open)
{
	struct fb_var_screeninfo v;
	uint32_t *p;
	int fd;

	p = mmap(NULL, self->fix.smem_len, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd, 0);
	ASSERT_NE(p, MAP_FAILED);
	p[0] = fb_pattern(0, 0);
	ASSERT_EQ(fsync(self->fd), 0);
	usleep(FB_FLUSH_US);
	ASSERT_EQ(ruby_sysfs_write(RUBY_UNBIND, self->addr), 0);
	EXPECT_EQ(ioctl(self->fd, FBIOGET_VSCREENINFO, &v), -1);
	EXPECT_EQ(errno, ENODEV);
	/* fbcon let the fbdev go: the VTs are on the dummy console again */
	EXPECT_EQ(fbcon_bound(), 0);
	munmap(p, self->fix.smem_len);
	close(self->fd);
	self->fd = -1;

	ASSERT_EQ(ruby_sysfs_write(RUBY_BIND, self->addr), 0);
	fd = fbdev_open();
	ASSERT_GE(fd, 0) TH_LOG("no fbdev after the device was bound again");
	EXPECT_EQ(ioctl(fd, FBIOGET_VSCREENINFO, &v), 0);
	EXPECT_EQ(v.xres, self->var.xres);
	close(fd);
	/* and took the new one, where the kernel has VTs */
	if (!access(VT_TTY, F_OK))
		EXPECT_EQ(fbcon_bound(), 1);
}

/*
 * KiB of buffers the device's remove logged it moved out of VRAM (driver
 * debug output, ruby_ttm_unplug()), from @kmsg on; -1 if it said nothing
 */
static long unplug_moved_kib(int kmsg)
{
	char rec[1024], *at;
	long kib = -1;
	ssize_t n;

	while ((n = read(kmsg, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		if (n <= 0)
			continue;
		rec[n] = '\0';
		at = strstr(rec, "unplug: ");
		if (at && strstr(at, "moved out of VRAM"))
			kib = strtol(at + strlen("unplug: "), NULL, 10);
	}
	return kib;
}

/*
 * Written after the device went, /dev/fbN still open and mapped: fbdev's
 * damage worker goes on copying such writes to its buffer, so remove takes
 * that buffer out of VRAM (ruby_ttm_unplug()): BAR0 is no longer the
 * device's, and the next device bound there, ruby's next instance among
 * them, would get the writes. Remove says how much it moved (at least the
 * fbdev's buffer, unpinned when its CRTCs went off), and the copies land
 * in system pages: none fails ("Damage blitter failed", DRM's warning
 * when the buffer cannot be mapped).
 */
TEST_F(fbdev, writes_after_unbind_stay_off_the_card)
{
	int kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	char debug[16] = "0";
	uint32_t *p, i;
	long moved;

	ASSERT_GE(kmsg, 0);
	read_text(DRM_DEBUG_PARAM, debug, sizeof(debug));
	ASSERT_EQ(ruby_sysfs_write(DRM_DEBUG_PARAM, DRM_UT_DRIVER), 0);
	p = mmap(NULL, self->fix.smem_len, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd, 0);
	ASSERT_NE(p, MAP_FAILED);
	ruby_kmsg_logged(kmsg, "");
	ASSERT_EQ(ruby_sysfs_write(RUBY_UNBIND, self->addr), 0);
	moved = unplug_moved_kib(kmsg);
	ruby_sysfs_write(DRM_DEBUG_PARAM, debug);
	EXPECT_GE(moved, (long)self->fix.smem_len / 1024)
		TH_LOG("remove moved %ld KiB out of VRAM; the fbdev's buffer is %u KiB", moved,
		       self->fix.smem_len / 1024);
	/* a dword on every page, so every page is damage to copy */
	for (i = 0; i < self->fix.smem_len / 4; i += 1024)
		p[i] = fb_pattern(i % self->var.xres, i / self->var.xres);
	usleep(FB_FLUSH_US);
	EXPECT_FALSE(ruby_kmsg_logged(kmsg, "Damage blitter failed"));
	EXPECT_EQ(p[1024], fb_pattern(1024 % self->var.xres, 1024 / self->var.xres));
	munmap(p, self->fix.smem_len);
	close(self->fd);
	self->fd = -1;
	close(kmsg);
}

TEST_HARNESS_MAIN
