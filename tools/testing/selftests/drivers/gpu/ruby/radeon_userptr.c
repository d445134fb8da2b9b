// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_RADEON_GEM_USERPTR on ruby: a page-aligned range of the
 * process's memory becomes a buffer the GPU writes (the CPU sees the
 * bytes through its own pointer) and reads; the pages are pinned while
 * the buffer lives and given back with it, on every error path too; the
 * ABI's rules (flags, alignment, sizes, anonymous memory, read-only
 * buffers, no CPU mapping or export) are enforced with its errnos.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define PAGE			4096u
#define NPAGES			4
#define SIZE			(NPAGES * PAGE)

#define MEM_WRITE		0x3d
#define DATA32			0x40000

#define WRITABLE		(RADEON_GEM_USERPTR_ANONONLY | RADEON_GEM_USERPTR_REGISTER)

FIXTURE(userptr) {
	int fd;
	uint32_t *mem;		/* SIZE bytes, page aligned, anonymous */
	uint32_t gtt;		/* a GTT buffer of SIZE bytes ... */
	uint32_t *map;		/* ... and its CPU mapping */
	long long pins;		/* outstanding pins before the test */
};

FIXTURE_SETUP(userptr)
{
	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
	self->pins = foll_pins_outstanding();
	ASSERT_GE(self->pins, 0);
	self->mem = aligned_alloc(PAGE, SIZE);
	ASSERT_NE(self->mem, NULL);
	memset(self->mem, 0, SIZE);
	ASSERT_EQ(radeon_gem_create(self->fd, SIZE, RADEON_GEM_DOMAIN_GTT, 0,
				    &self->gtt), 0);
	self->map = radeon_gem_map(self->fd, self->gtt, SIZE);
	ASSERT_NE(self->map, MAP_FAILED);
	memset(self->map, 0, SIZE);
}

FIXTURE_TEARDOWN(userptr)
{
	if (self->fd < 0)
		return;
	munmap(self->map, SIZE);
	close(self->fd);
	/* every pin a buffer took is given back once it is gone */
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
	free(self->mem);
}

TEST_F(userptr, gpu_writes_what_the_cpu_reads)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	const uint32_t vals[] = { 0xa1, 0xa2, 0xa3, 0xa4 };
	const uint32_t gfx[] = {
		PKT3(MEM_WRITE, 4), 3 * PAGE + 8, DATA32, 0xcafe0001, 0, RELOC_NOP, 0,
	};
	struct drm_radeon_cs_reloc r = radeon_reloc(0, RADEON_GEM_DOMAIN_GTT, true);
	uint32_t h = 0, domain = 0;

	ASSERT_EQ(radeon_gem_userptr(self->fd, self->mem, SIZE,
				     WRITABLE | RADEON_GEM_USERPTR_VALIDATE, &h), 0);
	/* VALIDATE put it in GTT, and its pages are pinned */
	EXPECT_EQ(radeon_gem_busy(self->fd, h, &domain), 0);
	EXPECT_EQ(domain, RADEON_GEM_DOMAIN_GTT);
	EXPECT_EQ(foll_pins_outstanding() - self->pins, NPAGES);

	r.handle = h;
	ASSERT_EQ(radeon_gpu_write(self->fd, r, PAGE + 64, vals, ARRAY_SIZE(vals)), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, h), 0);
	EXPECT_EQ(self->mem[PAGE / 4 + 16], 0xa1);
	EXPECT_EQ(self->mem[PAGE / 4 + 19], 0xa4);
	EXPECT_EQ(self->mem[PAGE / 4 + 20], 0);
	EXPECT_EQ(self->mem[15], 0);

	/* a whole buffer's worth copied in from GTT, across pages */
	ruby_fill(self->map, 0x11110000, SIZE);
	ASSERT_EQ(radeon_copy_gtt(self->fd, h, 0, self->gtt, 0, SIZE), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, h), 0);
	EXPECT_EQ(memcmp(self->mem, self->map, SIZE), 0);

	/* the GFX ring writes it too */
	ASSERT_EQ(radeon_cs(self->fd, gfx, ARRAY_SIZE(gfx), &r, 1, NULL, 0), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, h), 0);
	EXPECT_EQ(self->mem[3 * PAGE / 4 + 2], 0xcafe0001);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

TEST_F(userptr, gpu_reads_user_memory)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	uint32_t ro = 0, rw = 0;

	ruby_fill(self->mem, 0x5eed0000, SIZE);
	/* read-only, bound at its first submission (no VALIDATE) */
	ASSERT_EQ(radeon_gem_userptr(self->fd, self->mem, SIZE,
				     RADEON_GEM_USERPTR_READONLY, &ro), 0);
	ASSERT_EQ(radeon_copy_gtt(self->fd, self->gtt, 0, ro, 0, SIZE), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->gtt), 0);
	EXPECT_EQ(memcmp(self->map, self->mem, SIZE), 0);

	/* the same pages twice: a writable buffer copies within itself */
	ASSERT_EQ(radeon_gem_userptr(self->fd, self->mem, SIZE, WRITABLE, &rw), 0);
	EXPECT_EQ(foll_pins_outstanding() - self->pins, 2 * NPAGES);
	ASSERT_EQ(radeon_copy_gtt(self->fd, rw, 3 * PAGE, rw, 0, PAGE), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, rw), 0);
	EXPECT_EQ(memcmp(&self->mem[3 * PAGE / 4], self->map, PAGE), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, ro), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, rw), 0);
}

TEST_F(userptr, read_only_memory_of_a_file)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	uint32_t *file, h = 0;
	int tmp = memfd_create("ruby-userptr", MFD_CLOEXEC);

	ASSERT_GE(tmp, 0);
	ASSERT_EQ(ftruncate(tmp, SIZE), 0);
	file = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, tmp, 0);
	ASSERT_NE(file, MAP_FAILED);
	ruby_fill(file, 0xf11e0000, SIZE);

	/* a file's pages are for reading only, and never with ANONONLY */
	EXPECT_EQ(radeon_gem_userptr(self->fd, file, SIZE, WRITABLE, &h), -EPERM);
	EXPECT_EQ(radeon_gem_userptr(self->fd, file, SIZE,
				     RADEON_GEM_USERPTR_READONLY |
				     RADEON_GEM_USERPTR_ANONONLY, &h), -EPERM);
	EXPECT_EQ(foll_pins_outstanding(), self->pins);
	ASSERT_EQ(radeon_gem_userptr(self->fd, file, SIZE,
				     RADEON_GEM_USERPTR_READONLY |
				     RADEON_GEM_USERPTR_VALIDATE, &h), 0);
	ASSERT_EQ(radeon_copy_gtt(self->fd, self->gtt, 0, h, 0, SIZE), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->gtt), 0);
	EXPECT_EQ(memcmp(self->map, file, SIZE), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	munmap(file, SIZE);
	close(tmp);
}

TEST_F(userptr, rejects_bad_arguments)
{
	const uint8_t *mem = (const uint8_t *)self->mem;
	uint32_t h = 0xdead;

	/* unknown flags */
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, SIZE, WRITABLE | (1u << 4), &h), -EINVAL);
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, SIZE, WRITABLE | (1u << 31), &h), -EINVAL);
	/* unaligned address or size, empty or wrapping range */
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem + 8, PAGE, WRITABLE, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, PAGE + 4, WRITABLE, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, 0, WRITABLE, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, 0ull - PAGE, WRITABLE, &h), -EINVAL);
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, 0ull - (uintptr_t)mem, WRITABLE, &h),
		  -EINVAL);
	/* writable needs ANONONLY and REGISTER */
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, SIZE, 0, &h), -EACCES);
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, SIZE, RADEON_GEM_USERPTR_ANONONLY, &h),
		  -EACCES);
	EXPECT_EQ(radeon_gem_userptr(self->fd, mem, SIZE, RADEON_GEM_USERPTR_REGISTER |
				     RADEON_GEM_USERPTR_VALIDATE, &h), -EACCES);
	EXPECT_EQ(h, 0xdead);
	EXPECT_EQ(foll_pins_outstanding(), self->pins);
}

TEST_F(userptr, rejects_bad_addresses)
{
	struct drm_radeon_gem_info info = {};
	uint32_t h = 0xdead;
	uint8_t *area;

	/* a hole: the second of two pages is not mapped */
	area = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(area, MAP_FAILED);
	area[0] = 1;
	ASSERT_EQ(munmap(area + PAGE, PAGE), 0);
	EXPECT_EQ(radeon_gem_userptr(self->fd, area, 2 * PAGE, WRITABLE, &h), -EFAULT);
	EXPECT_EQ(radeon_gem_userptr(self->fd, area + PAGE, PAGE, WRITABLE, &h), -EFAULT);
	/* the first page was pinned and given back */
	EXPECT_EQ(foll_pins_outstanding(), self->pins);
	/* a read-only mapping cannot be pinned for writing */
	ASSERT_EQ(mprotect(area, PAGE, PROT_READ), 0);
	EXPECT_EQ(radeon_gem_userptr(self->fd, area, PAGE, WRITABLE, &h), -EFAULT);
	if (ruby_is_r5xx()) {
		/* radeon's ABI: no read-only GART pages before R600 */
		EXPECT_EQ(radeon_gem_userptr(self->fd, area, PAGE,
					     RADEON_GEM_USERPTR_READONLY, &h), -EINVAL);
	} else {
		EXPECT_EQ(radeon_gem_userptr(self->fd, area, PAGE,
					     RADEON_GEM_USERPTR_READONLY, &h), 0);
		EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	}
	munmap(area, PAGE);
	h = 0xdead;

	/* not user memory at all */
	EXPECT_EQ(radeon_gem_userptr(self->fd, (void *)(uintptr_t)(1ull << 62), PAGE,
				     WRITABLE, &h), -EFAULT);
	EXPECT_EQ(radeon_gem_userptr(self->fd, NULL, PAGE, WRITABLE, &h), -EFAULT);

	/* bigger than GTT: it could never be bound */
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_INFO, &info), 0);
	EXPECT_EQ(radeon_gem_userptr(self->fd, self->mem, (info.gart_size + (1ull << 30)) &
				     ~(uint64_t)(PAGE - 1), WRITABLE, &h), -ENOMEM);
	EXPECT_EQ(h, 0xdead);
	/* the read-only buffer above goes (with its pin) from TTM's worker */
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

TEST_F(userptr, is_not_mapped_exported_or_moved)
{
	struct drm_radeon_gem_mmap m = {};
	struct drm_prime_handle exp = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_radeon_gem_op op = { .op = RADEON_GEM_OP_GET_INITIAL_DOMAIN };
	uint32_t h = 0;

	ASSERT_EQ(radeon_gem_userptr(self->fd, self->mem, SIZE, WRITABLE, &h), 0);
	m.handle = h;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_MMAP, &m), -1);
	EXPECT_EQ(errno, EPERM);
	exp.handle = h;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp), -1);
	EXPECT_EQ(errno, EPERM);
	op.handle = h;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), -1);
	EXPECT_EQ(errno, EPERM);
	op.op = RADEON_GEM_OP_SET_INITIAL_DOMAIN;
	op.value = RADEON_GEM_DOMAIN_VRAM;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), -1);
	EXPECT_EQ(errno, EPERM);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(userptr, submissions_keep_to_the_rules)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	const uint32_t bad = 0xbad;
	struct drm_radeon_cs_reloc r;
	uint32_t ro = 0, rw = 0, domain = 0;

	ASSERT_EQ(radeon_gem_userptr(self->fd, self->mem, SIZE,
				     RADEON_GEM_USERPTR_READONLY, &ro), 0);
	ASSERT_EQ(radeon_gem_userptr(self->fd, self->mem, SIZE, WRITABLE, &rw), 0);

	/* no write to a read-only buffer, whatever domain */
	r = radeon_reloc(ro, RADEON_GEM_DOMAIN_GTT, true);
	EXPECT_REFUSED_BY_IOCTL(radeon_gpu_write(self->fd, r, 0, &bad, 1), -EINVAL);
	r.write_domain = RADEON_GEM_DOMAIN_GTT | RADEON_GEM_DOMAIN_VRAM;
	EXPECT_REFUSED_BY_IOCTL(radeon_gpu_write(self->fd, r, 0, &bad, 1), -EINVAL);
	/* declared read-only, the write is the checker's to refuse */
	r = radeon_reloc(ro, RADEON_GEM_DOMAIN_GTT, false);
	EXPECT_REFUSED(radeon_gpu_write(self->fd, r, 0, &bad, 1),
		       "write to a buffer relocated read-only");

	/* GTT only: VRAM alone is refused, VRAM|GTT lands in GTT */
	r = radeon_reloc(rw, RADEON_GEM_DOMAIN_VRAM, true);
	EXPECT_REFUSED_BY_IOCTL(radeon_gpu_write(self->fd, r, 0, &bad, 1), -EINVAL);
	/* nothing of the refused streams ran */
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, rw), 0);
	EXPECT_EQ(self->mem[0], 0);
	r = radeon_reloc(rw, RADEON_GEM_DOMAIN_VRAM | RADEON_GEM_DOMAIN_GTT, true);
	EXPECT_EQ(radeon_gpu_write(self->fd, r, 0, &bad, 1), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, rw), 0);
	EXPECT_EQ(radeon_gem_busy(self->fd, rw, &domain), 0);
	EXPECT_EQ(domain, RADEON_GEM_DOMAIN_GTT);
	EXPECT_EQ(self->mem[0], 0xbad);

	EXPECT_EQ(radeon_gem_close(self->fd, ro), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, rw), 0);
}

TEST_F(userptr, gpu_keeps_its_pages_after_munmap)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	const uint32_t good = 0x600d;
	struct drm_radeon_cs_reloc r;
	uint32_t *area, h = 0;

	area = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(area, MAP_FAILED);
	ASSERT_EQ(radeon_gem_userptr(self->fd, area, SIZE, WRITABLE, &h), 0);
	ASSERT_EQ(munmap(area, SIZE), 0);
	/* REGISTER without a notifier: the buffer still has the pages */
	EXPECT_EQ(foll_pins_outstanding() - self->pins, NPAGES);
	r = radeon_reloc(h, RADEON_GEM_DOMAIN_GTT, true);
	EXPECT_EQ(radeon_gpu_write(self->fd, r, 0, &good, 1), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, h), 0);
	/* and the GPU's view of them is the buffer's, not the process's */
	ASSERT_EQ(radeon_copy_gtt(self->fd, self->gtt, 0, h, 0, 4), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->gtt), 0);
	EXPECT_EQ(self->map[0], 0x600d);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

TEST_F(userptr, freed_while_the_gpu_uses_it)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	uint32_t h = 0;

	ASSERT_EQ(radeon_gem_userptr(self->fd, self->mem, SIZE, WRITABLE, &h), 0);
	ASSERT_EQ(radeon_copy_gtt(self->fd, h, 0, self->gtt, 0, SIZE), 0);
	/* closed at once: the pages go back after the copy, not before */
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

TEST_HARNESS_MAIN
