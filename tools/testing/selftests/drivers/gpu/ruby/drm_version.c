// SPDX-License-Identifier: GPL-2.0
/*
 * ruby must identify itself exactly as the radeon ABI it implements:
 * Mesa refuses anything but "radeon" 2.x with x >= 50.
 */
#include <errno.h>
#include <sys/ioctl.h>

#include <drm/drm.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

FIXTURE(node) {
	int fd;
};

FIXTURE_VARIANT(node) {
	const char *prefix;
};

FIXTURE_VARIANT_ADD(node, render) {
	.prefix = "renderD",
};

FIXTURE_VARIANT_ADD(node, primary) {
	.prefix = "card",
};

FIXTURE_SETUP(node)
{
	self->fd = ruby_open_node(variant->prefix);
	if (self->fd < 0 && errno == ENODEV)
		SKIP(return, "no %s node bound to ruby", variant->prefix);
	ASSERT_GE(self->fd, 0);
}

FIXTURE_TEARDOWN(node)
{
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(node, version_is_radeon_2_50)
{
	char name[32] = {}, date[32] = {}, desc[128] = {};
	struct drm_version v = {
		.name = name, .name_len = sizeof(name) - 1,
		.date = date, .date_len = sizeof(date) - 1,
		.desc = desc, .desc_len = sizeof(desc) - 1,
	};

	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_VERSION, &v), 0);
	EXPECT_STREQ(name, "radeon");
	EXPECT_EQ(v.name_len, strlen("radeon"));
	EXPECT_EQ(v.version_major, 2);
	EXPECT_EQ(v.version_minor, 50);
	EXPECT_EQ(v.version_patchlevel, 0);
	EXPECT_NE(desc[0], '\0');
}

/* A short buffer gets a truncated copy and the full length, never more. */
TEST_F(node, version_truncates_short_buffers)
{
	char name[8];
	struct drm_version v = { .name = name, .name_len = 3 };

	memset(name, 'x', sizeof(name));
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_VERSION, &v), 0);
	EXPECT_EQ(memcmp(name, "radxxxxx", 8), 0);
	EXPECT_EQ(v.name_len, strlen("radeon"));
}

TEST_F(node, version_rejects_bad_pointer)
{
	struct drm_version v = { .name = (char *)8, .name_len = 16 };

	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_VERSION, &v), -1);
	EXPECT_EQ(errno, EFAULT);
}

TEST_HARNESS_MAIN
