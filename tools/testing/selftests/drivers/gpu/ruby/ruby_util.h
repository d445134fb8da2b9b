/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by ruby's selftests: find the DRM nodes of a device bound
 * to ruby. ruby answers to the DRM name "radeon" (it implements that ABI),
 * so the node is identified through sysfs, by the PCI driver bound to it.
 */
#ifndef __RUBY_SELFTEST_UTIL_H__
#define __RUBY_SELFTEST_UTIL_H__

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/netlink.h>
#include <sys/socket.h>

#define RUBY_DRIVER "ruby"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* Is the DRM node /sys/class/drm/<name> a device bound to ruby? */
static inline bool ruby_node_is_ours(const char *name)
{
	char link[PATH_MAX], target[PATH_MAX];
	const char *base;
	ssize_t len;

	snprintf(link, sizeof(link), "/sys/class/drm/%s/device/driver", name);
	len = readlink(link, target, sizeof(target) - 1);
	if (len < 0)
		return false;
	target[len] = '\0';
	base = strrchr(target, '/');
	return base && !strcmp(base + 1, RUBY_DRIVER);
}

/*
 * Find the first node of ruby whose name starts with @prefix ("renderD" or
 * "card") and write its /dev path to @path. Returns false if none.
 */
static inline bool ruby_find_node(const char *prefix, char *path, size_t size)
{
	struct dirent *de;
	bool found = false;
	DIR *dir;

	dir = opendir("/sys/class/drm");
	if (!dir)
		return false;
	while (!found && (de = readdir(dir))) {
		if (strncmp(de->d_name, prefix, strlen(prefix)) ||
		    strchr(de->d_name, '-') || !ruby_node_is_ours(de->d_name))
			continue;
		snprintf(path, size, "/dev/dri/%s", de->d_name);
		found = true;
	}
	closedir(dir);
	return found;
}

/* Open ruby's node of kind @prefix; -1 with errno ENODEV if there is none. */
static inline int ruby_open_node(const char *prefix)
{
	char path[PATH_MAX];

	if (!ruby_find_node(prefix, path, sizeof(path))) {
		errno = ENODEV;
		return -1;
	}
	return open(path, O_RDWR | O_CLOEXEC);
}

/* The DRM minor number of ruby's primary node, or -1. */
static inline int ruby_card_minor(void)
{
	char path[PATH_MAX];
	int minor;

	if (!ruby_find_node("card", path, sizeof(path)) ||
	    sscanf(path, "/dev/dri/card%d", &minor) != 1)
		return -1;
	return minor;
}

/*
 * Read debugfs file @name of DRM minor @minor into @buf (NUL-terminated).
 * Returns 0 or -errno.
 */
static inline int ruby_debugfs_read(int minor, const char *name, char *buf,
				    size_t size)
{
	char path[PATH_MAX];
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/%s", minor, name);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	len = fread(buf, 1, size - 1, f);
	buf[len] = '\0';
	fclose(f);
	return 0;
}

/* ruby_debugfs_read() into an array */
#define RUBY_DEBUGFS_READ(minor, name, array) \
	ruby_debugfs_read(minor, name, array, sizeof(array))

/* The integer after "@key: " in debugfs text @text, or -1000 if absent. */
static inline int ruby_text_int(const char *text, const char *key)
{
	char pattern[64];
	const char *p;
	int v;

	snprintf(pattern, sizeof(pattern), "%s: ", key);
	p = strstr(text, pattern);
	if (!p || sscanf(p + strlen(pattern), "%d", &v) != 1)
		return -1000;
	return v;
}

/*
 * The value after "@key: " on its line of debugfs text @text (the key at
 * the start of a line), copied into @out. Returns false if absent.
 */
static inline bool ruby_text_field(const char *text, const char *key, char *out,
				   size_t size)
{
	char pattern[64];
	const char *p;
	size_t n;

	snprintf(pattern, sizeof(pattern), "\n%s: ", key);
	p = !strncmp(text, pattern + 1, strlen(pattern + 1)) ? text - 1 :
		strstr(text, pattern);
	if (!p)
		return false;
	p += strlen(pattern);
	n = strcspn(p, "\n");
	if (n >= size)
		n = size - 1;
	memcpy(out, p, n);
	out[n] = '\0';
	return true;
}

/* The value of register @name in ruby_regs text ("NAME 0xOFF: 0xVAL"). */
static inline bool ruby_text_reg(const char *text, const char *name,
				 unsigned int *val)
{
	char pattern[64];
	unsigned int off;
	const char *p;

	snprintf(pattern, sizeof(pattern), "%s 0x", name);
	p = strstr(text, pattern);
	if (!p || sscanf(p + strlen(name), " %x: %x", &off, val) != 2)
		return false;
	return true;
}

/* Live buffer objects of the device (debugfs ruby_objects), or -1000 */
static inline int ruby_live_objects(int minor)
{
	char buf[1024];

	if (RUBY_DEBUGFS_READ(minor, "ruby_objects", buf))
		return -1000;
	return ruby_text_int(buf, "objects");
}

/*
 * Buffers go once the GPU is done with them: wait up to 5 s for @want
 * live objects. Returns the last count read.
 */
static inline int ruby_objects_settle(int minor, int want)
{
	int i, n = ruby_live_objects(minor);

	for (i = 0; i < 500 && n != want; i++) {
		usleep(10000);
		n = ruby_live_objects(minor);
	}
	return n;
}

/*
 * Open ruby's render node, and set @minor to its primary node's minor if
 * debugfs has a directory for it. Returns the file descriptor, or -1 with
 * errno ENODEV if there is no device or no debugfs of it.
 */
static inline int ruby_open_render_debugfs(int *minor)
{
	int fd = ruby_open_node("renderD");

	if (fd < 0)
		return -1;
	*minor = ruby_card_minor();
	if (*minor < 0 || access("/sys/kernel/debug/dri", F_OK)) {
		close(fd);
		errno = ENODEV;
		return -1;
	}
	return fd;
}

/* The last fence ring @ring ("gfx", "dma") signalled, from debugfs; or -1. */
static inline long ruby_fence_signalled(int minor, const char *ring)
{
	char buf[2048], pattern[64];
	unsigned int v;
	const char *p;

	if (ruby_debugfs_read(minor, "ruby_fence_info", buf, sizeof(buf)))
		return -1;
	snprintf(pattern, sizeof(pattern), "(%s) ---", ring);
	p = strstr(buf, pattern);
	if (p)
		p = strstr(p, "Last signaled fence 0x");
	if (!p || sscanf(p, "Last signaled fence 0x%x", &v) != 1)
		return -1;
	return v;
}

/*
 * The streams ruby's command-stream checker refused so far, and the reason
 * it gave for the last one, from debugfs ruby_info ("cs rejected: N (last:
 * REASON)"): -1 and "(debugfs unreadable)" if it cannot say.
 */
static inline int ruby_cs_rejected(char *why, size_t size)
{
	int minor = ruby_card_minor(), n;
	const char *p, *end;
	char text[4096];

	snprintf(why, size, "(debugfs unreadable)");
	if (minor < 0 || RUBY_DEBUGFS_READ(minor, "ruby_info", text))
		return -1;
	n = ruby_text_int(text, "cs rejected");
	p = strstr(text, "(last: ");
	end = p ? strchr(p, '\n') : NULL;
	if (n < 0 || !end || end - p < 8)
		return -1;
	/* between "(last: " and ")" */
	snprintf(why, size, "%.*s", (int)(end - p - 8), p + 7);
	return n;
}

/*
 * Does debugfs ruby_info say "@key: yes"? False if it cannot be read.
 */
static inline bool ruby_info_yes(const char *key)
{
	int minor = ruby_card_minor();
	char text[4096], want[64];

	if (minor < 0 || RUBY_DEBUGFS_READ(minor, "ruby_info", text))
		return false;
	snprintf(want, sizeof(want), "\n%s: yes\n", key);
	return strstr(text, want);
}

/*
 * Has the chip a command checker? Without one the CS ioctl refuses every
 * stream: tests that submit streams skip with RUBY_NO_CHECKER as the
 * reason.
 */
static inline bool ruby_has_checker(void)
{
	return ruby_info_yes("cs checker");
}

#define RUBY_NO_CHECKER	"no command checker for this chip yet"

/*
 * Has the chip a DMA ring? R6xx has none: the CS ioctl refuses
 * RADEON_CS_RING_DMA there, and tests of the DMA engine skip with
 * RUBY_NO_DMA_RING as the reason.
 */
static inline bool ruby_has_dma_ring(void)
{
	return ruby_info_yes("dma ring");
}

#define RUBY_NO_DMA_RING	"no DMA ring on this chip"

/*
 * Is the chip an R5xx (debugfs ruby_info's "generation: R500")? Its CP has
 * no packet that writes or waits on memory, so the scheduler's test jobs
 * (ruby_ib_test, ruby_hang_test) are not there; it has no DMA engine (the
 * CPU moves and clears buffers), no GPU clock counter, no READ_REG and no
 * R6xx shader-engine layout. Tests of those skip with the reasons below.
 */
static inline bool ruby_is_r5xx(void)
{
	int minor = ruby_card_minor();
	char text[4096];

	if (minor < 0 || RUBY_DEBUGFS_READ(minor, "ruby_info", text))
		return false;
	return strstr(text, "\ngeneration: R500\n");
}

#define RUBY_R5XX_NO_MEM_PACKETS \
	"R5xx: no CP packet writes or waits on memory, no test jobs"
#define RUBY_R5XX_NO_LAYOUT	"R5xx: no R600 shader-engine layout (its pipes are tested)"
/*
 * R5xx's streams are the r300-class engine's type-0 state and draw
 * packets: tests of R6xx's packets (MEM_WRITE, EVENT_WRITE_EOP,
 * SET_CONTEXT_REG...) and of Mesa's r600 driver skip there; radeon_cs's
 * r5xx tests and mesa_r300 test R5xx's.
 */
#define RUBY_R5XX_R300_STREAMS	"R5xx: r300-class streams, tested by radeon_cs's r5xx tests and mesa_r300"
#define RUBY_R5XX_CPU_MOVES	"R5xx: no DMA engine or copy packet, the CPU moves buffers"

/* The chip's name (debugfs ruby_info's "chip: "), in @name; false if unreadable */
static inline bool ruby_chip_name(char *name, size_t size)
{
	int minor = ruby_card_minor();
	char text[4096], fmt[32];
	const char *p;

	if (minor < 0 || RUBY_DEBUGFS_READ(minor, "ruby_info", text))
		return false;
	p = strstr(text, "chip: ");
	snprintf(fmt, sizeof(fmt), "chip: %%%zus", size - 1);
	return p && sscanf(p, fmt, name) == 1;
}

/**
 * struct ruby_gen - what the stream tests build, and what the checker
 * answers, differently on each generation
 * @name: the generation, as debugfs ruby_info names it
 * @r6xx: R6xx/R7xx's register layout, seven-dword resources and packets
 *	(the stream builders pick their layout by it)
 * @evergreen_only: what R6xx/R7xx do not have (RATs, compute, GDS,
 *	tessellation, indirect draws): NULL where the chip has it, else the
 *	reason its tests skip
 * @cp_dma_data: CP_DMA takes a dword of data as its source (fills)
 * @cb0_base: CB_COLOR0_BASE, a register that takes a relocation
 * @dma_tiled_refused: the DMA checker's reason for a tiled copy of a
 *	linear-general surface
 * @dma_max_dw: dwords a DMA copy or fill packet moves at most, as the
 *	streams here split them (R7xx's count has 16 bits, Evergreen's 20)
 * @no_dma: NULL where the chip has the async DMA engine, else why the tests
 *	of that engine skip; the buffer writes and copies other tests need
 *	(radeon_gpu_write(), radeon_gpu_copy()) go on the GFX ring there
 */
struct ruby_gen {
	const char *name;
	bool r6xx;
	const char *evergreen_only;
	bool cp_dma_data;
	unsigned int cb0_base;
	const char *dma_tiled_refused;
	unsigned int dma_max_dw;
	const char *no_dma;
};

#define RUBY_NOT_R6XX	"Evergreen/NI only: R6xx/R7xx have no such hardware"
#define RUBY_R6XX_NO_DMA	"no DMA engine on R6xx"

static const struct ruby_gen ruby_gens[] = {
	{ "R600", true, RUBY_NOT_R6XX, false, 0x28040, "DMA tiling not supported",
	  0x8000, RUBY_R6XX_NO_DMA },
	{ "R700", true, RUBY_NOT_R6XX, false, 0x28040, "DMA tiling not supported",
	  0x8000 },
	{ "Evergreen", false, NULL, true, 0x28c60, "DMA tiling not supported", 0x40000 },
	{ "Northern Islands", false, NULL, true, 0x28c60, "DMA tiling not supported",
	  0x40000 },
};

/*
 * The row of the generation of the chip ruby drives (debugfs ruby_info's
 * "generation: "); Evergreen's if it cannot be read. The chip does not
 * change under a test program: the first answer read is kept, so a test
 * that unbinds the device, or probes it without debugfs (fault
 * injection), still builds its streams for the chip.
 */
static inline const struct ruby_gen *ruby_gen(void)
{
	static const struct ruby_gen *known;
	int minor = ruby_card_minor();
	char text[4096], want[64];
	size_t i;

	if (known)
		return known;
	if (minor >= 0 && !RUBY_DEBUGFS_READ(minor, "ruby_info", text)) {
		for (i = 0; i < ARRAY_SIZE(ruby_gens); i++) {
			snprintf(want, sizeof(want), "\ngeneration: %s\n", ruby_gens[i].name);
			if (strstr(text, want))
				return known = &ruby_gens[i];
		}
	}
	return &ruby_gens[2];
}

/*
 * Tell the test rig that the caller hangs the GPU on purpose, once: a job
 * that stalls its engine until the lockup timeout resets it. The rig
 * (which sets RUBY_RESULTS) is red on any stall or timeout no test
 * declared, and on a declared one that did not happen; without the rig
 * this does nothing. Call it before provoking the hang.
 */
static inline void ruby_provoke_hang(const char *who)
{
	const char *dir = getenv("RUBY_RESULTS");
	char path[PATH_MAX];
	FILE *f;

	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/provoked.txt", dir);
	f = fopen(path, "a");
	if (!f)
		return;
	fprintf(f, "hang %s\n", who);
	fclose(f);
}

/* The PCI address of the device bound to ruby, in @addr; false if none. */
static inline bool ruby_bound_device(char *addr, size_t size)
{
	struct dirent *de;
	bool found = false;
	DIR *dir;

	dir = opendir("/sys/bus/pci/drivers/" RUBY_DRIVER);
	if (!dir)
		return false;
	while (!found && (de = readdir(dir))) {
		if (!strchr(de->d_name, ':'))
			continue;
		snprintf(addr, size, "%s", de->d_name);
		found = true;
	}
	closedir(dir);
	return found;
}

/* Write @value to the sysfs (or proc, debugfs) file @path: 0 or -errno. */
static inline int ruby_sysfs_write(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, value, strlen(value));
	close(fd);
	return n < 0 ? -errno : 0;
}

/*
 * Has the kernel logged a line containing @what since @kmsg (/dev/kmsg,
 * O_NONBLOCK) was last read to its end? Reads it to its end.
 */
static inline bool ruby_kmsg_logged(int kmsg, const char *what)
{
	char rec[1024];
	bool found = false;
	ssize_t n;

	for (;;) {
		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		if (strstr(rec, what))
			found = true;
	}
	return found;
}

/* Plug the simulated board's monitors as @list (sim/control.c): 0 or -errno */
static inline int ruby_set_monitors(const char *dir, const char *list)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/monitors", dir);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fprintf(f, "%s\n", list);
	return fclose(f) ? -errno : 0;
}

/*
 * Wait up to @ms for the DRM device's hotplug uevent on @sock (a
 * NETLINK_KOBJECT_UEVENT socket): true once one came
 */
static inline bool ruby_hotplug_uevent(int sock, int minor, int ms)
{
	char buf[4096], devname[32];
	struct pollfd pfd = { .fd = sock, .events = POLLIN };
	bool hotplug, ours;
	ssize_t n;
	char *p;

	snprintf(devname, sizeof(devname), "DEVNAME=dri/card%d", minor);
	while (poll(&pfd, 1, ms) == 1) {
		n = recv(sock, buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			return false;
		buf[n] = 0;
		hotplug = false;
		ours = false;
		for (p = buf; p < buf + n; p += strlen(p) + 1) {
			hotplug |= !strcmp(p, "HOTPLUG=1");
			ours |= !strcmp(p, devname);
		}
		if (hotplug && ours)
			return true;
	}
	return false;
}

/* A socket receiving the kernel's uevents, or -1 */
static inline int ruby_uevent_socket(void)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);

	if (sock >= 0 && bind(sock, (struct sockaddr *)&addr, sizeof(addr))) {
		close(sock);
		return -1;
	}
	return sock;
}

#define RUBY_BIND	"/sys/bus/pci/drivers/" RUBY_DRIVER "/bind"
#define RUBY_UNBIND	"/sys/bus/pci/drivers/" RUBY_DRIVER "/unbind"

#endif /* __RUBY_SELFTEST_UTIL_H__ */
