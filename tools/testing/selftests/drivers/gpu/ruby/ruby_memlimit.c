// SPDX-License-Identifier: GPL-2.0
/*
 * No client can exhaust memory: a GEM_CREATE larger than the machine can
 * back fails with -ENOMEM, for the reason the kernel logs (with DRM debug
 * on), and never wakes the OOM killer (the process is alive to check; the
 * rig fails on any Call Trace in the log). The bound is GEM_INFO's
 * gart_size: a buffer past it is refused up front, and buffers that fit
 * one by one but not together are refused when their pages would pass
 * the device's budget. Nothing stays behind (debugfs ruby_objects), and a
 * normal buffer works afterwards.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define MIB		(1024ull * 1024ull)
#define PAGE		4096ull
#define DRM_DEBUG_PARAM	"/sys/module/drm/parameters/debug"
#define DRM_UT_DRIVER	0x2

FIXTURE(mem) {
	int fd;
	int minor;
	int kmsg;		/* the kernel log, read from the test's start */
	char debug[32];		/* drm.debug before the test */
	int objects;
	struct drm_radeon_gem_info gi;
};

FIXTURE_SETUP(mem)
{
	char on[16];
	int fd;

	self->kmsg = -1;
	self->fd = ruby_open_render_debugfs(&self->minor);
	if (self->fd < 0)
		SKIP(return, "no render node or no debugfs of ruby");
	self->objects = ruby_live_objects(self->minor);
	ASSERT_GT(self->objects, 0);
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_INFO, &self->gi), 0);

	/* the refusals' debug lines, from now on */
	fd = open(DRM_DEBUG_PARAM, O_RDONLY);
	ASSERT_GE(fd, 0);
	ASSERT_GT(read(fd, self->debug, sizeof(self->debug) - 1), 0);
	close(fd);
	snprintf(on, sizeof(on), "%u", DRM_UT_DRIVER);
	ASSERT_EQ(ruby_sysfs_write(DRM_DEBUG_PARAM, on), 0);
	self->kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	ASSERT_GE(self->kmsg, 0);
	lseek(self->kmsg, 0, SEEK_END);
}

FIXTURE_TEARDOWN(mem)
{
	uint32_t h = 0, *p;

	if (self->fd < 0)
		return;
	if (self->kmsg >= 0) {
		ruby_sysfs_write(DRM_DEBUG_PARAM, self->debug);
		close(self->kmsg);
	}
	/* nothing of the test is left, and a normal buffer still works */
	EXPECT_EQ(ruby_objects_settle(self->minor, self->objects), self->objects);
	ASSERT_EQ(radeon_gem_create(self->fd, MIB, RADEON_GEM_DOMAIN_GTT, 0, &h), 0);
	p = radeon_gem_map(self->fd, h, MIB);
	ASSERT_NE(p, MAP_FAILED);
	ruby_fill(p, 0x600d0000, MIB);
	EXPECT_EQ(p[MIB / 4 - 1], 0x600d0000 ^ (uint32_t)((MIB / 4 - 1) * 0x9e3779b9u));
	munmap(p, MIB);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(ruby_live_objects(self->minor), self->objects);
	close(self->fd);
}

/* Size of the GART aperture (debugfs ruby_gart), or 0 */
static uint64_t gart_aperture(int minor)
{
	unsigned long long gs, ge;
	char gart[1024];
	const char *p;
	int n;

	if (RUBY_DEBUGFS_READ(minor, "ruby_gart", gart))
		return 0;
	p = strstr(gart, "gtt: ");
	if (!p)
		return 0;
	n = sscanf(p, "gtt: %llx-%llx", &gs, &ge);
	return n == 2 ? ge + 1 - gs : 0;
}

static uint64_t ram_bytes(void)
{
	struct sysinfo si;

	if (sysinfo(&si))
		return 0;
	return (uint64_t)si.totalram * si.mem_unit;
}

/* GEM_CREATE of @size in @domain; the handle is closed if it succeeded. */
static int try_create(int fd, uint64_t size, uint32_t domain)
{
	uint32_t h = 0;
	int ret = radeon_gem_create(fd, size, domain, 0, &h);

	if (!ret)
		radeon_gem_close(fd, h);
	return ret;
}

/* More than RAM and VRAM together: refused up front, in every domain. */
TEST_F(mem, bigger_than_the_machine)
{
	uint64_t size = 3 * ram_bytes() + self->gi.vram_size;

	ASSERT_GT(ram_bytes(), 0);
	TH_LOG("RAM %llu MiB, GEM_INFO gart_size %llu MiB, asking %llu MiB",
	       (unsigned long long)(ram_bytes() / MIB),
	       (unsigned long long)(self->gi.gart_size / MIB),
	       (unsigned long long)(size / MIB));
	EXPECT_EQ(try_create(self->fd, size, RADEON_GEM_DOMAIN_GTT), -ENOMEM);
	EXPECT_EQ(try_create(self->fd, size, RADEON_GEM_DOMAIN_VRAM |
			     RADEON_GEM_DOMAIN_GTT), -ENOMEM);
	EXPECT_EQ(try_create(self->fd, size, RADEON_GEM_DOMAIN_CPU), -ENOMEM);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "the device can back"));
}

/*
 * The GART aperture holds it, memory does not: the whole aperture (larger
 * than the guest's RAM on the rig), and one page past GEM_INFO's bound.
 */
TEST_F(mem, fits_the_gart_not_memory)
{
	uint64_t aperture = gart_aperture(self->minor);

	ASSERT_GT(aperture, 0);
	TH_LOG("GART aperture %llu MiB, RAM %llu MiB, gart_size %llu MiB",
	       (unsigned long long)(aperture / MIB),
	       (unsigned long long)(ram_bytes() / MIB),
	       (unsigned long long)(self->gi.gart_size / MIB));
	/* the bound is below the aperture and below RAM */
	EXPECT_LT(self->gi.gart_size, aperture);
	EXPECT_LT(self->gi.gart_size, ram_bytes());

	EXPECT_EQ(try_create(self->fd, aperture, RADEON_GEM_DOMAIN_GTT), -ENOMEM);
	EXPECT_EQ(try_create(self->fd, self->gi.gart_size + PAGE,
			     RADEON_GEM_DOMAIN_GTT), -ENOMEM);
	EXPECT_EQ(try_create(self->fd, self->gi.gart_size + PAGE,
			     RADEON_GEM_DOMAIN_VRAM), -ENOMEM);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "the device can back"));
}

/*
 * Two GTT buffers of 60% of the bound each: the first is populated, the
 * second would pass the budget and fails when its pages are charged; once
 * the first is gone, the second fits.
 */
TEST_F(mem, budget_is_shared_and_given_back)
{
	uint64_t size = (self->gi.gart_size * 6 / 10) & ~(PAGE - 1);
	uint32_t first = 0, second = 0;
	uint64_t aperture = gart_aperture(self->minor);

	/* with RAM to spare, GTT space binds first, and TTM evicts to make room */
	ASSERT_GT(aperture, 0);
	if (ram_bytes() / 2 >= aperture)
		SKIP(return, "the memory budget is larger than GTT here");
	ASSERT_EQ(radeon_gem_create(self->fd, size, RADEON_GEM_DOMAIN_GTT, 0, &first), 0);
	EXPECT_EQ(radeon_gem_create(self->fd, size, RADEON_GEM_DOMAIN_GTT, 0, &second),
		  -ENOMEM);
	EXPECT_EQ(second, 0);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "over the limit of"));
	EXPECT_EQ(ruby_live_objects(self->minor), self->objects + 1);
	ASSERT_EQ(radeon_gem_close(self->fd, first), 0);
	EXPECT_EQ(try_create(self->fd, size, RADEON_GEM_DOMAIN_GTT), 0);
}

TEST_HARNESS_MAIN
