// SPDX-License-Identifier: GPL-2.0
/*
 * Loading and unloading ruby must work repeatedly, and an open file must
 * pin the module. The module is loaded with $MODPROBE (default
 * "modprobe"), so a rig can point it at its own tree.
 *
 * The soak reloads the module $RUBY_SOAK_CYCLES times (default
 * SOAK_CYCLES), each time right after a client closed the device with
 * buffers in VRAM and GTT mapped and GFX and DMA work queued: the new
 * device must hold what the first one held (ruby_objects), and the
 * drm_sched_fence and kmalloc slabs must come back to where they were; the
 * rig's kmemleak scan at the end of the boot finds any other leak.
 * Unbinding the device is ruby_unplug's.
 */
#include <errno.h>
#include <sys/ioctl.h>

#include "../../../kselftest_harness.h"
#include "ruby_soak.h"

#define RELOADS 10

static int modprobe(const char *args)
{
	const char *cmd = getenv("MODPROBE");
	char line[PATH_MAX + 64];

	snprintf(line, sizeof(line), "%s %s >/dev/null 2>&1",
		 cmd ? cmd : "modprobe", args);
	return system(line);
}

static bool ruby_is_module(void)
{
	return !access("/sys/module/" RUBY_DRIVER "/initstate", F_OK);
}

FIXTURE(mod) {
	char addr[NAME_MAX + 1];
};

FIXTURE_SETUP(mod)
{
	if (!ruby_is_module())
		SKIP(return, "ruby is not a loaded module");
	if (!ruby_bound_device(self->addr, sizeof(self->addr)))
		SKIP(return, "no device bound to ruby");
}

FIXTURE_TEARDOWN(mod)
{
	char addr[NAME_MAX + 1];

	/* Leave the device bound for whatever runs next. */
	if (!ruby_is_module())
		modprobe(RUBY_DRIVER);
	else if (!ruby_bound_device(addr, sizeof(addr)))
		ruby_sysfs_write(RUBY_BIND, self->addr);
}

/* a reload takes seconds on a sanitizer kernel: more than the default 30 */
TEST_F_TIMEOUT(mod, reload_repeatedly, 300)
{
	int i, fd;

	for (i = 0; i < RELOADS; i++) {
		ASSERT_EQ(modprobe("-r " RUBY_DRIVER), 0) TH_LOG("unload %d", i);
		ASSERT_FALSE(ruby_is_module());
		ASSERT_LT(ruby_open_node("renderD"), 0);

		ASSERT_EQ(modprobe(RUBY_DRIVER), 0) TH_LOG("load %d", i);
		fd = ruby_open_node("renderD");
		ASSERT_GE(fd, 0) TH_LOG("no render node after load %d", i);
		EXPECT_TRUE(version_ok(fd));
		close(fd);
	}
}

/* An open file pins the module: unloading must fail, not pull the rug. */
TEST_F(mod, open_file_pins_module)
{
	int fd = ruby_open_node("renderD");

	ASSERT_GE(fd, 0);
	EXPECT_NE(modprobe("-r " RUBY_DRIVER), 0);
	EXPECT_TRUE(ruby_is_module());
	EXPECT_TRUE(version_ok(fd));
	close(fd);
}

/*
 * Reload the module right after a client closed its device with buffers
 * mapped and work queued (checked on every fourth cycle, in flight on the
 * others).
 */
static void reload_cycle(struct __test_metadata *_metadata, const char *addr, int i)
{
	struct soak_client c;

	client_start(_metadata, &c, i);
	if (i % 4 == 0)
		EXPECT_EQ(client_check_work(&c, i), 0) TH_LOG("cycle %d", i);
	client_close(&c);
	ASSERT_EQ(modprobe("-r " RUBY_DRIVER), 0) TH_LOG("unload %d", i);
	ASSERT_EQ(modprobe(RUBY_DRIVER), 0) TH_LOG("load %d", i);
}

TEST_F_TIMEOUT(mod, reload_soak, SOAK_TIMEOUT)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	soak_run(_metadata, self->addr, reload_cycle, "reloads");
}

TEST_HARNESS_MAIN
