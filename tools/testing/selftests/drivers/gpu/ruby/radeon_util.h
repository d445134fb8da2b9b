/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The radeon ABI calls ruby's UAPI selftests share: buffers, waits, INFO
 * and command submission, each returning 0 or -errno.
 */
#ifndef __RUBY_SELFTEST_RADEON_UTIL_H__
#define __RUBY_SELFTEST_RADEON_UTIL_H__

#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <drm/drm.h>
#include <drm/radeon_drm.h>

#include "ruby_util.h"

static inline int radeon_gem_create(int fd, uint64_t size, uint32_t domain,
				    uint32_t flags, uint32_t *handle)
{
	struct drm_radeon_gem_create c = {
		.size = size, .initial_domain = domain, .flags = flags,
	};

	if (ioctl(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c))
		return -errno;
	*handle = c.handle;
	return 0;
}

static inline int radeon_gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c) ? -errno : 0;
}

/* A shared CPU mapping of the whole buffer, or MAP_FAILED. */
static inline void *radeon_gem_map(int fd, uint32_t handle, size_t size)
{
	struct drm_radeon_gem_mmap m = { .handle = handle };

	if (ioctl(fd, DRM_IOCTL_RADEON_GEM_MMAP, &m))
		return MAP_FAILED;
	return mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.addr_ptr);
}

static inline int radeon_gem_wait_idle(int fd, uint32_t handle)
{
	struct drm_radeon_gem_wait_idle w = { .handle = handle };

	return ioctl(fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &w) ? -errno : 0;
}

/* INFO @request, with @*val as its input; the answer lands in @*val. */
static inline int radeon_info(int fd, uint32_t request, uint64_t *val)
{
	struct drm_radeon_info args = {
		.request = request,
		.value = (uintptr_t)val,
	};

	return ioctl(fd, DRM_IOCTL_RADEON_INFO, &args) ? -errno : 0;
}

/* Submit @ib with @nrelocs relocations and, if @nflags, a FLAGS chunk. */
static inline int radeon_cs(int fd, const uint32_t *ib, uint32_t ndw,
			    const struct drm_radeon_cs_reloc *relocs,
			    uint32_t nrelocs, const uint32_t *flags, uint32_t nflags)
{
	struct drm_radeon_cs_chunk chunks[3] = {
		{ RADEON_CHUNK_ID_IB, ndw, (uintptr_t)ib },
		{ RADEON_CHUNK_ID_RELOCS, nrelocs * 4, (uintptr_t)relocs },
		{ RADEON_CHUNK_ID_FLAGS, nflags, (uintptr_t)flags },
	};
	uint64_t ptrs[3] = {
		(uintptr_t)&chunks[0], (uintptr_t)&chunks[1], (uintptr_t)&chunks[2],
	};
	struct drm_radeon_cs cs = {
		.num_chunks = nflags ? 3 : 2, .chunks = (uintptr_t)ptrs,
	};

	return ioctl(fd, DRM_IOCTL_RADEON_CS, &cs) ? -errno : 0;
}

#endif /* __RUBY_SELFTEST_RADEON_UTIL_H__ */
