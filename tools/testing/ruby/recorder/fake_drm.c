// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * A stand-in for the kernel behind ruby-rec.so in its host test
 * (rec_test.c): preloaded after the recorder, it answers the DRM ioctls
 * the recorder follows on any fd, as radeon would, and passes the rest on.
 * GEM_CREATE hands out handles 1, 2...; CS fails with EINVAL when its IB
 * starts with 0xdead0000, else succeeds; anything else DRM: ENOTTY.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/ioctl.h>

#include <drm/drm.h>
#include <drm/radeon_drm.h>

static uint32_t next_handle = 1;

static int fake_cs(const struct drm_radeon_cs *cs)
{
	const uint64_t *ptrs = (const uint64_t *)(uintptr_t)cs->chunks;
	const struct drm_radeon_cs_chunk *ib = (const void *)(uintptr_t)ptrs[0];

	if (((const uint32_t *)(uintptr_t)ib->chunk_data)[0] == 0xdead0000) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int ioctl(int fd, unsigned long request, ...)
{
	int (*next)(int next_fd, unsigned long next_request, ...) = dlsym(RTLD_NEXT, "ioctl");
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (_IOC_TYPE(request) != DRM_IOCTL_BASE)
		return next(fd, request, arg);
	switch (request) {
	case DRM_IOCTL_RADEON_GEM_CREATE:
		((struct drm_radeon_gem_create *)arg)->handle = next_handle++;
		return 0;
	case DRM_IOCTL_RADEON_GEM_SET_TILING:
	case DRM_IOCTL_GEM_CLOSE:
		return 0;
	case DRM_IOCTL_RADEON_CS:
		return fake_cs(arg);
	}
	errno = ENOTTY;
	return -1;
}
