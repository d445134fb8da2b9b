// SPDX-License-Identifier: GPL-2.0
/*
 * Unbinding ruby's device while userspace holds it (a hot unplug): the
 * open file stays valid but every ioctl is -ENODEV, its mappings show a
 * zeroed dummy page and never the memory of the device bound after it,
 * and closing it frees everything.
 *
 * The soak unbinds and rebinds the device $RUBY_SOAK_CYCLES times (default
 * SOAK_CYCLES) with buffers in VRAM and GTT mapped and GFX and DMA work in
 * flight: nothing may leak (ruby_objects of the new device, the
 * drm_sched_fence and kmalloc slabs, the module's reference count; the
 * rig's kmemleak scan at the end of the boot).
 */
#include <errno.h>
#include <sys/ioctl.h>

#include "../../../kselftest_harness.h"
#include "ruby_soak.h"

FIXTURE(unplug) {
	char addr[NAME_MAX + 1];
};

FIXTURE_SETUP(unplug)
{
	if (!ruby_bound_device(self->addr, sizeof(self->addr)))
		SKIP(return, "no device bound to ruby");
}

FIXTURE_TEARDOWN(unplug)
{
	char addr[NAME_MAX + 1];

	/* Leave the device bound for whatever runs next. */
	if (!ruby_bound_device(addr, sizeof(addr)))
		ruby_sysfs_write(RUBY_BIND, self->addr);
}

/* Unbinding under an open file: the file stays valid but gets ENODEV. */
TEST_F(unplug, unbind_with_open_file)
{
	char version_name[16];
	struct drm_version v = { .name = version_name, .name_len = 15 };
	int fd = ruby_open_node("renderD");

	ASSERT_GE(fd, 0);
	ASSERT_EQ(ruby_sysfs_write(RUBY_UNBIND, self->addr), 0);
	EXPECT_EQ(ioctl(fd, DRM_IOCTL_VERSION, &v), -1);
	EXPECT_EQ(errno, ENODEV);
	close(fd);

	ASSERT_EQ(ruby_sysfs_write(RUBY_BIND, self->addr), 0);
	fd = ruby_open_node("renderD");
	ASSERT_GE(fd, 0);
	EXPECT_TRUE(version_ok(fd));
	close(fd);
}

/*
 * Unbind and rebind the device: on even cycles a client holds it open
 * through the unbind, with both buffers mapped and its work in flight; on
 * odd cycles the client closed just before, its work still in flight.
 */
static void unbind_cycle(struct __test_metadata *_metadata, const char *addr, int i)
{
	struct soak_client old;

	client_start(_metadata, &old, i);
	if (i % 2)
		client_close(&old);
	ASSERT_EQ(ruby_sysfs_write(RUBY_UNBIND, addr), 0) TH_LOG("cycle %d", i);
	if (old.fd >= 0)
		check_unplugged(_metadata, &old);
	rebind_and_use(_metadata, addr, &old, i + 1000);
}

TEST_F_TIMEOUT(unplug, unbind_soak, SOAK_TIMEOUT)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	soak_run(_metadata, self->addr, unbind_cycle, "unbind/rebind cycles");
}

/*
 * Unbind while the GFX engine hangs on a client's job, with GFX and DMA
 * work queued behind it (the DMA copy waits for the GFX writes): the
 * unbind must not wait for the lockup to be noticed by anyone but itself,
 * and everything is given back.
 */
TEST_F_TIMEOUT(unplug, unbind_while_gpu_hangs, 120)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	struct soak_client old = { .fd = -1, .gtt_map = MAP_FAILED,
				   .vram_map = MAP_FAILED };
	struct soak_counts base;
	struct timespec t0;

	/* from a freshly bound device: an unbind frees what tests before held */
	ASSERT_EQ(ruby_sysfs_write(RUBY_UNBIND, self->addr), 0);
	rebind_and_use(_metadata, self->addr, &old, 6);
	ASSERT_TRUE(soak_counts_read(&base));
	ASSERT_EQ(client_open(&old, 7), 0);
	/* its lockup timeout comes during the unbind, or just before it */
	ruby_provoke_hang("ruby_unplug");
	ASSERT_EQ(load_gfx_hang(old.fd, old.gtt, 0), 0);
	ASSERT_EQ(client_queue_work(&old, 7), 0);
	usleep(100000);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ASSERT_EQ(ruby_sysfs_write(RUBY_UNBIND, self->addr), 0);
	TH_LOG("unbind took %.1f s", seconds_since(&t0));
	EXPECT_LT(seconds_since(&t0), 10);
	check_unplugged(_metadata, &old);
	rebind_and_use(_metadata, self->addr, &old, 8);
	check_device_counts(_metadata, &base, 0);
	check_slabs(_metadata, &base, 1);
}

TEST_HARNESS_MAIN
