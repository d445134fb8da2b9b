// SPDX-License-Identifier: GPL-2.0
/*
 * What the CS ioctl itself costs: a minimal IB (one MEM_WRITE) with 1, 10,
 * 100 and 1000 relocations, each a buffer of its own, submitted as fast as
 * the ioctl takes them; ioctls per second and the ratio of their cost to a
 * null ioctl (DRM_IOCTL_VERSION) measured in the same run are printed.
 * Timing is never a pass/fail criterion here: what is asserted is that
 * every submission is taken and that the last one ran.
 */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define MEM_WRITE		0x3d
#define DATA32			0x40000
#define MAX_RELOCS		1000
#define RUN_SECONDS		0.25
#define MAX_IOCTLS		4000

FIXTURE(cost) {
	int fd;
	uint32_t bos[MAX_RELOCS];
	struct drm_radeon_cs_reloc relocs[MAX_RELOCS];
	uint32_t *map;
};

FIXTURE_SETUP(cost)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	unsigned int i;

	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
	for (i = 0; i < MAX_RELOCS; i++) {
		ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0,
					    &self->bos[i]), 0);
		self->relocs[i] = radeon_reloc(self->bos[i], RADEON_GEM_DOMAIN_GTT, !i);
	}
	self->map = radeon_gem_map(self->fd, self->bos[0], 4096);
	ASSERT_NE(self->map, MAP_FAILED);
	self->map[0] = 0;
}

FIXTURE_TEARDOWN(cost)
{
	if (self->fd < 0)
		return;
	munmap(self->map, 4096);
	close(self->fd);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* DRM_IOCTL_VERSION, asking for no strings: the cheapest ioctl there is */
static int null_ioctl(int fd)
{
	struct drm_version v = {};

	return ioctl(fd, DRM_IOCTL_VERSION, &v) ? -errno : 0;
}

/* Null ioctls per second, over RUN_SECONDS */
static double null_rate(int fd)
{
	double t0 = now(), t;
	unsigned int n = 0;

	do {
		if (null_ioctl(fd))
			return 0;
		n++;
		t = now() - t0;
	} while (t < RUN_SECONDS);
	return n / t;
}

/*
 * CS ioctls per second with @nrelocs relocations, over RUN_SECONDS (at
 * most MAX_IOCTLS); each writes its sequence number to buffer 0, which
 * holds the last one once the device is idle. 0: a submission failed.
 */
static double cs_rate(struct __test_metadata *_metadata, int fd,
		      const struct drm_radeon_cs_reloc *relocs, const uint32_t *map,
		      unsigned int nrelocs)
{
	uint32_t ib[] = { PKT3(MEM_WRITE, 4), 0, DATA32, 0, 0, RELOC_NOP, 0 };
	double t0 = now(), t;
	unsigned int n = 0;
	int ret;

	do {
		ib[3] = nrelocs << 16 | ++n;
		ret = radeon_cs(fd, ib, 7, relocs, nrelocs, NULL, 0);
		if (ret) {
			TH_LOG("CS %u with %u relocations: %s", n, nrelocs, strerror(-ret));
			return 0;
		}
		t = now() - t0;
	} while (t < RUN_SECONDS && n < MAX_IOCTLS);
	EXPECT_EQ(radeon_gem_wait_idle(fd, relocs[0].handle), 0);
	EXPECT_EQ(map[0], nrelocs << 16 | n);
	return n / t;
}

TEST_F(cost, cs_ioctl_per_relocation_count)
{
	static const unsigned int counts[] = { 1, 10, 100, 1000 };
	double null = null_rate(self->fd), cs;
	unsigned int i;

	ASSERT_GT(null, 0);
	ksft_print_msg("null ioctl (VERSION): %.0f/s\n", null);
	for (i = 0; i < ARRAY_SIZE(counts); i++) {
		cs = cs_rate(_metadata, self->fd, self->relocs, self->map, counts[i]);
		ASSERT_GT(cs, 0);
		ksft_print_msg("CS, %4u relocations: %8.0f/s, %6.1f x a null ioctl, %s %.2f us\n",
			       counts[i], cs, null / cs, "per relocation",
			       1e6 / cs / counts[i]);
	}
}

TEST_HARNESS_MAIN
