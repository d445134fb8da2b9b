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

/* A PM4 type-3 header with @n body dwords; the NOP that carries a relocation */
#define PKT3(op, n)		((3u << 30) | (((n) - 1) << 16) | ((op) << 8))
#define RELOC_NOP		PKT3(0x10, 1)	/* then 4 * the relocation's index */
/* A packet of the async DMA engine: command, sub-command, count */
#define DMA_PKT(cmd, sub, n)	(((cmd) << 28) | ((sub) << 20) | (n))
#define DMA_WRITE		0x2
#define DMA_COPY		0x3

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

/* The GPU reset counter (RADEON_INFO_GPU_RESET_COUNTER), or 0 */
static inline uint64_t radeon_reset_count(int fd)
{
	uint64_t v = 0;

	radeon_info(fd, RADEON_INFO_GPU_RESET_COUNTER, &v);
	return v & 0xffffffff;
}

/*
 * In a kselftest: @submission (an expression, evaluated once) must be
 * refused with -EINVAL by the command-stream checker, once, for the
 * reason @why: a refusal for another reason tests nothing @why names.
 */
#define EXPECT_REFUSED(submission, why) do {				\
	char why_[128];							\
	int before_ = ruby_cs_rejected(why_, sizeof(why_));		\
									\
	EXPECT_EQ(submission, -EINVAL);					\
	EXPECT_EQ(ruby_cs_rejected(why_, sizeof(why_)), before_ + 1);	\
	EXPECT_STREQ(why_, why);					\
} while (0)

/*
 * In a kselftest: @submission must be refused with @err by the CS ioctl
 * itself, for what the submission is (chunks, relocations, flags), before
 * the command-stream checker sees the stream: the checker refuses nothing.
 */
#define EXPECT_REFUSED_BY_IOCTL(submission, err) do {			\
	char why_[128];							\
	int before_ = ruby_cs_rejected(why_, sizeof(why_));		\
									\
	EXPECT_GE(before_, 0);						\
	EXPECT_EQ(submission, err);					\
	EXPECT_EQ(ruby_cs_rejected(why_, sizeof(why_)), before_);	\
} while (0)

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

/* Submit @ib to the async DMA ring */
static inline int radeon_cs_dma(int fd, const uint32_t *ib, uint32_t ndw,
				const struct drm_radeon_cs_reloc *relocs, uint32_t n)
{
	const uint32_t flags[2] = { 0, RADEON_CS_RING_DMA };

	return radeon_cs(fd, ib, ndw, relocs, n, flags, 2);
}

/* A relocation read from @domain and, if @write, written there too */
static inline struct drm_radeon_cs_reloc radeon_reloc(uint32_t handle, uint32_t domain,
						      bool write)
{
	return (struct drm_radeon_cs_reloc){
		.handle = handle, .read_domains = domain,
		.write_domain = write ? domain : 0,
	};
}

/*
 * The GFX ring's buffer writes and copies, for chips without the async DMA
 * engine: MEM_WRITE of one dword; CP_DMA from memory to memory, CP_SYNC
 * holding the CP until the transfer is done (so the fence after it, or
 * the next stream, sees the bytes), at most 21 bits of byte count.
 */
#define GFX_MEM_WRITE		0x3d
#define GFX_MEM_WRITE_DATA32	0x40000
#define GFX_CP_DMA		0x41
#define GFX_CP_DMA_CP_SYNC	0x80000000u
#define GFX_CP_DMA_MAX_BYTES	0x1fffffu
#define GPU_WRITE_MAX_DW	16

/*
 * GFX ring: a MEM_WRITE of each of @vals[0..@n) to bytes @off.. of the
 * buffer of relocation @r (a dword-aligned offset). Not waited for.
 */
static inline int radeon_gfx_write(int fd, struct drm_radeon_cs_reloc r, uint32_t off,
				   const uint32_t *vals, uint32_t n)
{
	uint32_t ib[7 * GPU_WRITE_MAX_DW], i;

	if (n > GPU_WRITE_MAX_DW)
		return -E2BIG;
	for (i = 0; i < n; i++) {
		uint32_t *p = &ib[7 * i];

		p[0] = PKT3(GFX_MEM_WRITE, 4);
		p[1] = off + 4 * i;
		p[2] = GFX_MEM_WRITE_DATA32;
		p[3] = vals[i];
		p[4] = 0;
		p[5] = RELOC_NOP;
		p[6] = 0;
	}
	return radeon_cs(fd, ib, 7 * n, &r, 1, NULL, 0);
}

/*
 * Write @vals[0..@n) to bytes @off.. of the buffer of relocation @r with
 * the async DMA engine, or on the GFX ring where the chip has no DMA
 * engine (ruby_gen()->no_dma). Not waited for. For tests about the buffer
 * written, not about the engine that writes it.
 */
static inline int radeon_gpu_write(int fd, struct drm_radeon_cs_reloc r, uint32_t off,
				   const uint32_t *vals, uint32_t n)
{
	uint32_t ib[3 + GPU_WRITE_MAX_DW];

	if (n > GPU_WRITE_MAX_DW)
		return -E2BIG;
	if (ruby_gen()->no_dma)
		return radeon_gfx_write(fd, r, off, vals, n);
	ib[0] = DMA_PKT(DMA_WRITE, 0, n);
	ib[1] = off;
	ib[2] = 0;
	memcpy(&ib[3], vals, 4 * n);
	return radeon_cs_dma(fd, ib, 3 + n, &r, 1);
}

/*
 * Copy @bytes (dwords) from @soff of the buffer of relocation @relocs[0]
 * to @doff of that of @relocs[1], with the async DMA engine, or CP_DMA on
 * the GFX ring where the chip has no DMA engine. Not waited for.
 */
static inline int radeon_gpu_copy(int fd, const struct drm_radeon_cs_reloc relocs[2],
				  uint32_t doff, uint32_t soff, uint32_t bytes)
{
	const uint32_t dma[] = { DMA_PKT(DMA_COPY, 0, bytes / 4), doff, soff, 0, 0 };
	const uint32_t gfx[] = {
		PKT3(GFX_CP_DMA, 5), soff, GFX_CP_DMA_CP_SYNC, doff, 0, bytes,
		RELOC_NOP, 0, RELOC_NOP, 4,
	};

	if (!ruby_gen()->no_dma)
		return radeon_cs_dma(fd, dma, ARRAY_SIZE(dma), relocs, 2);
	if (bytes > GFX_CP_DMA_MAX_BYTES)
		return -E2BIG;
	return radeon_cs(fd, gfx, ARRAY_SIZE(gfx), relocs, 2, NULL, 0);
}

/* Copy @bytes from GTT buffer @src + @soff to GTT buffer @dst + @doff */
static inline int radeon_copy_gtt(int fd, uint32_t dst, uint32_t doff, uint32_t src,
				  uint32_t soff, uint32_t bytes)
{
	const struct drm_radeon_cs_reloc relocs[2] = {
		radeon_reloc(src, RADEON_GEM_DOMAIN_GTT, false),
		radeon_reloc(dst, RADEON_GEM_DOMAIN_GTT, true),
	};

	return radeon_gpu_copy(fd, relocs, doff, soff, bytes);
}

/* @bytes of a pattern that differs in every dword, from @seed */
static inline void ruby_fill(uint32_t *p, uint32_t seed, size_t bytes)
{
	size_t i;

	for (i = 0; i < bytes / 4; i++)
		p[i] = seed ^ (i * 0x9e3779b9u);
}

/* DRM_IOCTL_RADEON_GEM_USERPTR on [@addr, @addr + @size) */
static inline int radeon_gem_userptr(int fd, const void *addr, uint64_t size,
				     uint32_t flags, uint32_t *handle)
{
	struct drm_radeon_gem_userptr u = {
		.addr = (uintptr_t)addr, .size = size, .flags = flags,
	};

	if (ioctl(fd, DRM_IOCTL_RADEON_GEM_USERPTR, &u))
		return -errno;
	*handle = u.handle;
	return 0;
}

/* GEM_BUSY: 0 idle, -EBUSY, or -errno; the current domain in @*domain */
static inline int radeon_gem_busy(int fd, uint32_t handle, uint32_t *domain)
{
	struct drm_radeon_gem_busy b = { .handle = handle };
	int ret = ioctl(fd, DRM_IOCTL_RADEON_GEM_BUSY, &b) ? -errno : 0;

	if (domain)
		*domain = b.domain;
	return ret;
}

/*
 * Pages pinned with FOLL_PIN system-wide and not unpinned yet (from
 * /proc/vmstat), or -1: a pin a buffer never gives back shows here.
 */
static inline long long foll_pins_outstanding(void)
{
	long long acquired = -1, released = -1, v;
	char name[64];
	FILE *f = fopen("/proc/vmstat", "r");

	if (!f)
		return -1;
	while (fscanf(f, "%63s %lld", name, &v) == 2) {
		if (!strcmp(name, "nr_foll_pin_acquired"))
			acquired = v;
		else if (!strcmp(name, "nr_foll_pin_released"))
			released = v;
	}
	fclose(f);
	return acquired < 0 || released < 0 ? -1 : acquired - released;
}

/*
 * Wait up to 2 s for the outstanding pins to come back to @want: buffers
 * on pages ruby does not own are destroyed by a worker, after their fences.
 */
static inline long long foll_pins_settle(long long want)
{
	long long now = foll_pins_outstanding();
	int i;

	for (i = 0; i < 200 && now != want; i++) {
		usleep(10000);
		now = foll_pins_outstanding();
	}
	return now;
}

#endif /* __RUBY_SELFTEST_RADEON_UTIL_H__ */
