// SPDX-License-Identifier: GPL-2.0
/*
 * Loading and unloading ruby must work repeatedly, and a device must be
 * removable while userspace holds it open. The module is loaded with
 * $MODPROBE (default "modprobe"), so a rig can point it at its own tree.
 */
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

#include <drm/drm.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

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

static bool version_ok(int fd)
{
	char name[16] = {};
	struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };

	return !ioctl(fd, DRM_IOCTL_VERSION, &v) && !strcmp(name, "radeon");
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
		ruby_sysfs_write("/sys/bus/pci/drivers/" RUBY_DRIVER "/bind", self->addr);
}

TEST_F(mod, reload_repeatedly)
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

/* Unbinding under an open file: the file stays valid but gets ENODEV. */
TEST_F(mod, unbind_with_open_file)
{
	char version_name[16];
	struct drm_version v = { .name = version_name, .name_len = 15 };
	int fd = ruby_open_node("renderD");

	ASSERT_GE(fd, 0);
	ASSERT_EQ(ruby_sysfs_write("/sys/bus/pci/drivers/" RUBY_DRIVER "/unbind",
				   self->addr), 0);
	EXPECT_EQ(ioctl(fd, DRM_IOCTL_VERSION, &v), -1);
	EXPECT_EQ(errno, ENODEV);
	close(fd);

	ASSERT_EQ(ruby_sysfs_write("/sys/bus/pci/drivers/" RUBY_DRIVER "/bind",
				   self->addr), 0);
	fd = ruby_open_node("renderD");
	ASSERT_GE(fd, 0);
	EXPECT_TRUE(version_ok(fd));
	close(fd);
}

TEST_HARNESS_MAIN
