// SPDX-License-Identifier: GPL-2.0
/*
 * The radeon GEM ioctls on ruby's render node: creating buffers in each
 * domain, CPU mappings, busy/idle, tiling, GEM_OP, and every error path
 * (bad handles, sizes, domains, flags, tiling parameters), with the usage
 * counters back where they started afterwards (nothing leaks); dumb
 * buffers on the primary node.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

FIXTURE(gem) {
	int fd;
};

FIXTURE_SETUP(gem)
{
	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
}

FIXTURE_TEARDOWN(gem)
{
	if (self->fd >= 0)
		close(self->fd);
}

/* GEM_BUSY: 0 idle, -EBUSY, or an error; *domain where it is */
static int busy(int fd, uint32_t handle, uint32_t *domain)
{
	struct drm_radeon_gem_busy b = { .handle = handle };
	int ret = ioctl(fd, DRM_IOCTL_RADEON_GEM_BUSY, &b) ? -errno : 0;

	if (domain)
		*domain = b.domain;
	return ret;
}

static uint64_t usage(int fd, uint32_t request)
{
	uint64_t v = 0;

	radeon_info(fd, request, &v);
	return v;
}

TEST_F(gem, info_reports_real_sizes)
{
	struct drm_radeon_gem_info gi = {};
	const char *vram = getenv("RUBY_EXPECT_VRAM_MIB");

	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_INFO, &gi), 0);
	if (vram)
		EXPECT_EQ(gi.vram_size, strtoull(vram, NULL, 10) << 20);
	/* what is left of the CPU-visible window and of the GART once the
	 * kernel's pinned objects are taken out: a little less than all
	 */
	EXPECT_GT(gi.vram_visible, 0);
	EXPECT_LT(gi.vram_visible, gi.vram_size);
	EXPECT_EQ(gi.vram_visible & 0xfff, 0);
	EXPECT_GT(gi.gart_size, 0);
	EXPECT_EQ(gi.gart_size & 0xfff, 0);
	TH_LOG("vram %llu visible %llu gart %llu", (unsigned long long)gi.vram_size,
	       (unsigned long long)gi.vram_visible, (unsigned long long)gi.gart_size);
}

TEST_F(gem, create_in_each_domain)
{
	static const struct {
		uint32_t domain, flags, lands;
	} cases[] = {
		{ RADEON_GEM_DOMAIN_GTT, 0, RADEON_GEM_DOMAIN_GTT },
		{ RADEON_GEM_DOMAIN_VRAM, 0, RADEON_GEM_DOMAIN_VRAM },
		{ RADEON_GEM_DOMAIN_VRAM | RADEON_GEM_DOMAIN_GTT,
		  RADEON_GEM_NO_CPU_ACCESS, RADEON_GEM_DOMAIN_VRAM },
		{ RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_CPU_ACCESS, RADEON_GEM_DOMAIN_VRAM },
		{ RADEON_GEM_DOMAIN_GTT, RADEON_GEM_GTT_WC, RADEON_GEM_DOMAIN_GTT },
		{ RADEON_GEM_DOMAIN_GTT, RADEON_GEM_GTT_UC, RADEON_GEM_DOMAIN_GTT },
		{ RADEON_GEM_DOMAIN_CPU, 0, RADEON_GEM_DOMAIN_CPU },
	};
	uint64_t vram0 = usage(self->fd, RADEON_INFO_VRAM_USAGE);
	uint64_t gtt0 = usage(self->fd, RADEON_INFO_GTT_USAGE);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		uint32_t h = 0, where = 0;

		ASSERT_EQ(radeon_gem_create(self->fd, 100000, cases[i].domain,
					    cases[i].flags, &h), 0);
		/* a new VRAM buffer is busy until the kernel has cleared it */
		EXPECT_EQ(radeon_gem_wait_idle(self->fd, h), 0);
		EXPECT_EQ(busy(self->fd, h, &where), 0);
		EXPECT_EQ(where, cases[i].lands) TH_LOG("case %u", i);
		EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	}
	/* closing gave everything back */
	EXPECT_EQ(usage(self->fd, RADEON_INFO_VRAM_USAGE), vram0);
	EXPECT_EQ(usage(self->fd, RADEON_INFO_GTT_USAGE), gtt0);
}

TEST_F(gem, usage_counts_buffers)
{
	uint64_t gtt0 = usage(self->fd, RADEON_INFO_GTT_USAGE);
	uint32_t h = 0;

	ASSERT_EQ(radeon_gem_create(self->fd, 1 << 20, RADEON_GEM_DOMAIN_GTT, 0, &h), 0);
	EXPECT_EQ(usage(self->fd, RADEON_INFO_GTT_USAGE) - gtt0, 1 << 20);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(usage(self->fd, RADEON_INFO_GTT_USAGE), gtt0);
}

TEST_F(gem, mmap_round_trip)
{
	struct drm_radeon_gem_mmap m = {};
	uint32_t h = 0, *p, i, n = (256 << 10) / 4;

	ASSERT_EQ(radeon_gem_create(self->fd, 256 << 10, RADEON_GEM_DOMAIN_GTT, 0, &h), 0);
	m.handle = h;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_MMAP, &m), 0);
	EXPECT_NE(m.addr_ptr, 0);
	p = mmap(NULL, n * 4, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd, m.addr_ptr);
	ASSERT_NE(p, MAP_FAILED);
	for (i = 0; i < n; i++)
		p[i] = i * 2654435761u;
	munmap(p, n * 4);
	p = mmap(NULL, n * 4, PROT_READ, MAP_SHARED, self->fd, m.addr_ptr);
	ASSERT_NE(p, MAP_FAILED);
	for (i = 0; i < n && p[i] == i * 2654435761u; i++)
		;
	EXPECT_EQ(i, n);
	munmap(p, n * 4);
	/* a private (copy-on-write) mapping of device memory is refused */
	EXPECT_EQ(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, self->fd, m.addr_ptr),
		  MAP_FAILED);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	/* the offset dies with the object */
	EXPECT_EQ(mmap(NULL, 4096, PROT_READ, MAP_SHARED, self->fd, m.addr_ptr),
		  MAP_FAILED);
}

TEST_F(gem, idle_buffers_wait_at_once)
{
	struct drm_radeon_gem_wait_idle w = {};
	struct drm_radeon_gem_set_domain d = {};
	uint32_t h = 0;

	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0, &h), 0);
	w.handle = h;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &w), 0);
	d.handle = h;
	d.read_domains = RADEON_GEM_DOMAIN_CPU;
	d.write_domain = RADEON_GEM_DOMAIN_CPU;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, &d), 0);
	d.read_domains = 0;
	d.write_domain = 0;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, &d), -1);
	EXPECT_EQ(errno, EINVAL);
	d.read_domains = 0x10;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, &d), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(gem, tiling_round_trip_and_checks)
{
	struct drm_radeon_gem_set_tiling s = {};
	struct drm_radeon_gem_get_tiling g = {};
	uint32_t h = 0;

	ASSERT_EQ(radeon_gem_create(self->fd, 1 << 20, RADEON_GEM_DOMAIN_VRAM, 0, &h), 0);
	s.handle = h;
	/* 2D tiled, bank width 1, height 2, aspect 1, tile split 4 */
	s.tiling_flags = RADEON_TILING_MACRO | (1 << RADEON_TILING_EG_BANKW_SHIFT) |
			 (2 << RADEON_TILING_EG_BANKH_SHIFT) |
			 (1 << RADEON_TILING_EG_MACRO_TILE_ASPECT_SHIFT) |
			 (4 << RADEON_TILING_EG_TILE_SPLIT_SHIFT);
	s.pitch = 1024;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &s), 0);
	g.handle = h;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_GET_TILING, &g), 0);
	EXPECT_EQ(g.tiling_flags, s.tiling_flags);
	EXPECT_EQ(g.pitch, 1024);
	/* bank width 3, tile split 7: no such layouts */
	s.tiling_flags = 3 << RADEON_TILING_EG_BANKW_SHIFT;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &s), -1);
	EXPECT_EQ(errno, EINVAL);
	s.tiling_flags = 7u << RADEON_TILING_EG_TILE_SPLIT_SHIFT;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &s), -1);
	EXPECT_EQ(errno, EINVAL);
	/* the failed calls changed nothing */
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_GET_TILING, &g), 0);
	EXPECT_EQ(g.pitch, 1024);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(gem, op_initial_domain)
{
	struct drm_radeon_gem_op op = {};
	uint32_t h = 0;

	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_VRAM, 0, &h), 0);
	op.handle = h;
	op.op = RADEON_GEM_OP_GET_INITIAL_DOMAIN;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), 0);
	EXPECT_EQ(op.value, RADEON_GEM_DOMAIN_VRAM);
	op.op = RADEON_GEM_OP_SET_INITIAL_DOMAIN;
	op.value = RADEON_GEM_DOMAIN_GTT;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), 0);
	op.op = RADEON_GEM_OP_GET_INITIAL_DOMAIN;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), 0);
	EXPECT_EQ(op.value, RADEON_GEM_DOMAIN_GTT);
	op.op = RADEON_GEM_OP_SET_INITIAL_DOMAIN;
	op.value = 0x8;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), -1);
	EXPECT_EQ(errno, EINVAL);
	op.op = 7;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(gem, create_rejects_bad_arguments)
{
	struct drm_radeon_gem_create c = {
		.size = 4096, .alignment = 3,
		.initial_domain = RADEON_GEM_DOMAIN_GTT,
	};
	uint32_t h = 0;

	EXPECT_EQ(radeon_gem_create(self->fd, 0, RADEON_GEM_DOMAIN_GTT, 0, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_create(self->fd, 4096, 0, 0, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_create(self->fd, 4096, 0x8, 0, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 1 << 5, &h), -EINVAL);
	/* NO_BACKING_STORE is a UMS flag */
	EXPECT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT,
				    RADEON_GEM_NO_BACKING_STORE, &h), -EINVAL);
	/* page rounding must not wrap */
	EXPECT_EQ(radeon_gem_create(self->fd, UINT64_MAX, RADEON_GEM_DOMAIN_GTT, 0, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_create(self->fd, UINT64_MAX - 100, RADEON_GEM_DOMAIN_GTT, 0, &h),
		  -EINVAL);
	/* more than the GPU has */
	EXPECT_EQ(radeon_gem_create(self->fd, 1ull << 40, RADEON_GEM_DOMAIN_VRAM, 0, &h), -ENOMEM);
	/* alignment: a power of two */
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_CREATE, &c), -1);
	EXPECT_EQ(errno, EINVAL);
}

TEST_F(gem, bad_handles)
{
	struct drm_radeon_gem_mmap m = { .handle = 0xdead };
	struct drm_radeon_gem_wait_idle w = { .handle = 0xdead };
	struct drm_radeon_gem_get_tiling g = { .handle = 0xdead };
	struct drm_radeon_gem_op op = { .handle = 0xdead };
	uint32_t h = 0;
	int other;

	EXPECT_EQ(busy(self->fd, 0xdead, NULL), -ENOENT);
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_MMAP, &m), -1);
	EXPECT_EQ(errno, ENOENT);
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &w), -1);
	EXPECT_EQ(errno, ENOENT);
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_GET_TILING, &g), -1);
	EXPECT_EQ(errno, ENOENT);
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), -1);
	EXPECT_EQ(errno, ENOENT);
	/* a closed handle is gone; another file's handle is not ours */
	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0, &h), 0);
	other = ruby_open_node("renderD");
	ASSERT_GE(other, 0);
	EXPECT_EQ(busy(other, h, NULL), -ENOENT);
	close(other);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(busy(self->fd, h, NULL), -ENOENT);
}

TEST_F(gem, va_needs_cayman)
{
	struct drm_radeon_gem_va va = { .operation = RADEON_VA_MAP };
	uint32_t h = 0;

	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0, &h), 0);
	va.handle = h;
	va.offset = 8 << 20;
	/* no per-process VM below Cayman: the ABI's -ENOTTY and an error result */
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_VA, &va), -1);
	EXPECT_EQ(errno, ENOTTY);
	EXPECT_EQ(va.operation, RADEON_VA_RESULT_ERROR);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(gem, prime_share_between_files)
{
	struct drm_prime_handle exp = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_prime_handle imp = {}, again = {};
	uint32_t h = 0, *a, *b;
	int other;

	ASSERT_EQ(radeon_gem_create(self->fd, 8192, RADEON_GEM_DOMAIN_GTT, 0, &h), 0);
	exp.handle = h;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp), 0);
	ASSERT_GE(exp.fd, 0);

	/* another client gets the same buffer */
	other = ruby_open_node("renderD");
	ASSERT_GE(other, 0);
	imp.fd = exp.fd;
	ASSERT_EQ(ioctl(other, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp), 0);
	a = radeon_gem_map(self->fd, h, 8192);
	b = radeon_gem_map(other, imp.handle, 8192);
	ASSERT_NE(a, MAP_FAILED);
	ASSERT_NE(b, MAP_FAILED);
	a[1000] = 0x5ca1ab1e;
	EXPECT_EQ(b[1000], 0x5ca1ab1e);
	b[2000] = 0xfeedface;
	EXPECT_EQ(a[2000], 0xfeedface);
	munmap(a, 8192);
	munmap(b, 8192);

	/* importing into the exporter gives back its own handle */
	again.fd = exp.fd;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &again), 0);
	EXPECT_EQ(again.handle, h);

	/* the buffer lives while any handle or the dma-buf does */
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(busy(other, imp.handle, NULL), 0);
	close(exp.fd);
	EXPECT_EQ(radeon_gem_close(other, imp.handle), 0);
	close(other);

	/* not a dma-buf */
	imp.fd = self->fd;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp), -1);
}

/* DRM_IOCTL_MODE_CREATE_DUMB: 0 or -errno */
static int dumb_create(int fd, uint32_t w, uint32_t h, uint32_t bpp,
		       struct drm_mode_create_dumb *c)
{
	*c = (struct drm_mode_create_dumb){ .width = w, .height = h, .bpp = bpp };
	return ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, c) ? -errno : 0;
}

TEST(dumb_buffers_on_the_primary_node)
{
	int fd = ruby_open_node("card"), render = ruby_open_node("renderD");
	struct drm_mode_create_dumb c;
	struct drm_mode_map_dumb map = {};
	struct drm_mode_destroy_dumb destroy = {};
	uint64_t vram0;
	uint32_t *p, i;

	if (fd < 0 || render < 0)
		SKIP(return, "no nodes of ruby");
	vram0 = usage(render, RADEON_INFO_VRAM_USAGE);
	/* 100x50 XRGB: rows padded to 128 pixels (512 bytes), 7 pages */
	ASSERT_EQ(dumb_create(fd, 100, 50, 32, &c), 0);
	EXPECT_EQ(c.pitch, 512);
	EXPECT_EQ(c.size, 7 * 4096);
	EXPECT_EQ(usage(render, RADEON_INFO_VRAM_USAGE), vram0 + c.size);
	map.handle = c.handle;
	ASSERT_EQ(ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map), 0);
	p = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
	ASSERT_NE(p, MAP_FAILED);
	for (i = 0; i < c.size / 4; i++)
		p[i] = i * 2654435761u;
	for (i = 0; i < c.size / 4 && p[i] == i * 2654435761u; i++)
		;
	EXPECT_EQ(i, c.size / 4);
	munmap(p, c.size);
	destroy.handle = c.handle;
	EXPECT_EQ(ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy), 0);
	EXPECT_EQ(usage(render, RADEON_INFO_VRAM_USAGE), vram0);
	/* gone: neither destroyed nor mapped twice */
	EXPECT_EQ(ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy), -1);
	EXPECT_EQ(ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map), -1);
	/* 8 bits a pixel: rows of at least 256 bytes */
	ASSERT_EQ(dumb_create(fd, 10, 1, 8, &c), 0);
	EXPECT_EQ(c.pitch, 256);
	destroy.handle = c.handle;
	EXPECT_EQ(ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy), 0);
	/* no size, more than the CPU can see, and not on a render node */
	EXPECT_EQ(dumb_create(fd, 0, 50, 32, &c), -EINVAL);
	EXPECT_EQ(dumb_create(fd, 16384, 16384, 32, &c), -EINVAL);
	EXPECT_EQ(dumb_create(render, 64, 64, 32, &c), -EACCES);
	EXPECT_EQ(usage(render, RADEON_INFO_VRAM_USAGE), vram0);
	close(render);
	close(fd);
}

TEST_HARNESS_MAIN
