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
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RUBY_DRIVER "ruby"

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

#endif /* __RUBY_SELFTEST_UTIL_H__ */
