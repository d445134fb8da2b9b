// SPDX-License-Identifier: GPL-2.0
/*
 * PRIME import of a dma-buf another driver exported (udmabuf: a sealed
 * memfd made a dma-buf): the GPU writes into it and the CPU reads the
 * bytes through the memfd; the GPU copies from it; a CPU mapping through
 * ruby reaches the exporter's pages; it stays in GTT; and whichever of the
 * dma-buf fd and the GEM handle is closed first, everything is given back
 * (udmabuf pins the memfd's pages until its dma-buf is released).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <linux/udmabuf.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define PAGE			4096u
#define NPAGES			4
#define SIZE			(NPAGES * PAGE)

#define MEM_WRITE		0x3d
#define DATA32			0x40000

FIXTURE(import) {
	int fd;
	int memfd;
	int dmabuf;		/* udmabuf's dma-buf of @memfd; -1 once closed */
	uint32_t *mem;		/* the memfd, mapped */
	uint32_t gtt;		/* a GTT buffer of ruby ... */
	uint32_t *map;		/* ... and its CPU mapping */
	long long pins;		/* outstanding pins before udmabuf's */
	bool ready;		/* all of the above was set up */
};

FIXTURE_SETUP(import)
{
	struct udmabuf_create create = { .flags = UDMABUF_FLAGS_CLOEXEC, .size = SIZE };
	int dev;

	self->dmabuf = -1;
	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
	dev = open("/dev/udmabuf", O_RDWR | O_CLOEXEC);
	if (dev < 0)
		SKIP(return, "no /dev/udmabuf (CONFIG_UDMABUF)");
	self->pins = foll_pins_outstanding();
	ASSERT_GE(self->pins, 0);

	self->memfd = memfd_create("ruby-import", MFD_ALLOW_SEALING | MFD_CLOEXEC);
	ASSERT_GE(self->memfd, 0);
	ASSERT_EQ(ftruncate(self->memfd, SIZE), 0);
	ASSERT_EQ(fcntl(self->memfd, F_ADD_SEALS, F_SEAL_SHRINK), 0);
	self->mem = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, self->memfd, 0);
	ASSERT_NE(self->mem, MAP_FAILED);
	memset(self->mem, 0, SIZE);
	create.memfd = self->memfd;
	self->dmabuf = ioctl(dev, UDMABUF_CREATE, &create);
	close(dev);
	ASSERT_GE(self->dmabuf, 0);
	/* udmabuf pins the memfd's pages while its dma-buf lives */
	ASSERT_EQ(foll_pins_outstanding() - self->pins, NPAGES);

	ASSERT_EQ(radeon_gem_create(self->fd, SIZE, RADEON_GEM_DOMAIN_GTT, 0,
				    &self->gtt), 0);
	self->map = radeon_gem_map(self->fd, self->gtt, SIZE);
	ASSERT_NE(self->map, MAP_FAILED);
	memset(self->map, 0, SIZE);
	self->ready = true;
}

FIXTURE_TEARDOWN(import)
{
	if (!self->ready)
		return;
	munmap(self->map, SIZE);
	close(self->fd);
	if (self->dmabuf >= 0)
		close(self->dmabuf);
	munmap(self->mem, SIZE);
	close(self->memfd);
	/* the dma-buf is gone: nothing ruby held keeps it alive */
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

static int import_fd(int fd, int dmabuf, uint32_t *handle)
{
	struct drm_prime_handle p = { .fd = dmabuf };

	if (ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p))
		return -errno;
	*handle = p.handle;
	return 0;
}

/*
 * Write @val at dword @idx of @h with the DMA engine (the GFX ring where
 * the chip has none), and wait.
 */
static int gpu_write(int fd, uint32_t h, uint32_t idx, uint32_t val)
{
	struct drm_radeon_cs_reloc r = radeon_reloc(h, RADEON_GEM_DOMAIN_GTT, true);
	int ret = radeon_gpu_write(fd, r, idx * 4, &val, 1);

	return ret ?: radeon_gem_wait_idle(fd, h);
}

TEST_F(import, gpu_writes_what_the_exporter_sees)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	const uint32_t gfx[] = {
		PKT3(MEM_WRITE, 4), 2 * PAGE + 4, DATA32, 0xcafe0002, 0, RELOC_NOP, 0,
	};
	struct drm_radeon_cs_reloc r;
	uint32_t h = 0, domain = 0;

	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &h), 0);
	EXPECT_EQ(radeon_gem_busy(self->fd, h, &domain), 0);
	EXPECT_EQ(domain, RADEON_GEM_DOMAIN_GTT);

	EXPECT_EQ(gpu_write(self->fd, h, PAGE / 4 + 3, 0xa5a5a5a5), 0);
	EXPECT_EQ(self->mem[PAGE / 4 + 3], 0xa5a5a5a5);
	EXPECT_EQ(self->mem[PAGE / 4 + 2], 0);

	/* the GFX ring too */
	r = radeon_reloc(h, RADEON_GEM_DOMAIN_GTT, true);
	ASSERT_EQ(radeon_cs(self->fd, gfx, ARRAY_SIZE(gfx), &r, 1, NULL, 0), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, h), 0);
	EXPECT_EQ(self->mem[2 * PAGE / 4 + 1], 0xcafe0002);

	/* a whole buffer copied in, across the exporter's pages */
	ruby_fill(self->map, 0x1234000, SIZE);
	ASSERT_EQ(radeon_copy_gtt(self->fd, h, 0, self->gtt, 0, SIZE), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, h), 0);
	EXPECT_EQ(memcmp(self->mem, self->map, SIZE), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(import, gpu_copies_from_it_and_it_stays_in_gtt)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	struct drm_radeon_cs_reloc relocs[2];
	struct drm_radeon_gem_op op = {
		.op = RADEON_GEM_OP_SET_INITIAL_DOMAIN, .value = RADEON_GEM_DOMAIN_VRAM,
	};
	uint32_t h = 0, domain = 0;

	ruby_fill(self->mem, 0xabc00000, SIZE);
	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &h), 0);
	/* asked for VRAM, a dma-buf of another device is read in GTT */
	relocs[0] = radeon_reloc(h, RADEON_GEM_DOMAIN_VRAM, false);
	relocs[1] = radeon_reloc(self->gtt, RADEON_GEM_DOMAIN_GTT, true);
	ASSERT_EQ(radeon_gpu_copy(self->fd, relocs, 0, 0, SIZE), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->gtt), 0);
	EXPECT_EQ(memcmp(self->map, self->mem, SIZE), 0);
	EXPECT_EQ(radeon_gem_busy(self->fd, h, &domain), 0);
	EXPECT_EQ(domain, RADEON_GEM_DOMAIN_GTT);

	/* nor does GEM_OP move it */
	op.handle = h;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_OP, &op), 0);
	EXPECT_EQ(gpu_write(self->fd, h, 0, 0x77), 0);
	EXPECT_EQ(radeon_gem_busy(self->fd, h, &domain), 0);
	EXPECT_EQ(domain, RADEON_GEM_DOMAIN_GTT);
	EXPECT_EQ(self->mem[0], 0x77);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(import, cpu_mapping_reaches_the_exporter)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	uint32_t h = 0, *cpu;

	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &h), 0);
	cpu = radeon_gem_map(self->fd, h, SIZE);
	ASSERT_NE(cpu, MAP_FAILED);
	self->mem[100] = 0x11223344;
	EXPECT_EQ(cpu[100], 0x11223344);
	cpu[3 * PAGE / 4] = 0x55667788;
	EXPECT_EQ(self->mem[3 * PAGE / 4], 0x55667788);
	EXPECT_EQ(gpu_write(self->fd, h, 7, 0x99), 0);
	EXPECT_EQ(cpu[7], 0x99);
	/* the mapping outlives the handle: it holds the dma-buf */
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(cpu[100], 0x11223344);
	munmap(cpu, SIZE);
}

TEST_F(import, same_buffer_same_handle_same_dmabuf)
{
	struct drm_prime_handle exp = { .flags = DRM_CLOEXEC };
	struct stat a, b;
	uint32_t h = 0, again = 0;

	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &h), 0);
	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &again), 0);
	EXPECT_EQ(again, h);
	/* exporting it again gives the exporter's dma-buf */
	exp.handle = h;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp), 0);
	ASSERT_EQ(fstat(exp.fd, &a), 0);
	ASSERT_EQ(fstat(self->dmabuf, &b), 0);
	EXPECT_EQ(a.st_ino, b.st_ino);
	close(exp.fd);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, h), -EINVAL);
}

TEST_F(import, dmabuf_closed_before_the_handle)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	uint32_t h = 0;

	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &h), 0);
	close(self->dmabuf);
	self->dmabuf = -1;
	/* the import keeps the dma-buf, and its pages, alive */
	EXPECT_EQ(foll_pins_outstanding() - self->pins, NPAGES);
	EXPECT_EQ(gpu_write(self->fd, h, 9, 0x1009), 0);
	EXPECT_EQ(self->mem[9], 0x1009);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	/* and lets it go with the handle */
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

TEST_F(import, handle_closed_before_the_dmabuf)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	uint32_t h = 0, h2 = 0;

	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &h), 0);
	ASSERT_EQ(radeon_copy_gtt(self->fd, h, 0, self->gtt, 0, SIZE), 0);
	/* closed while the copy may run: the GPU keeps it until done */
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	EXPECT_EQ(foll_pins_outstanding() - self->pins, NPAGES);
	/* imported again, it is a new buffer on the same pages */
	ASSERT_EQ(import_fd(self->fd, self->dmabuf, &h2), 0);
	EXPECT_EQ(gpu_write(self->fd, h2, 11, 0x2011), 0);
	EXPECT_EQ(self->mem[11], 0x2011);
	EXPECT_EQ(radeon_gem_close(self->fd, h2), 0);
	close(self->dmabuf);
	self->dmabuf = -1;
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

TEST_F(import, closing_the_client_drops_its_imports)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	uint32_t h = 0;
	int other = ruby_open_node("renderD");

	ASSERT_GE(other, 0);
	ASSERT_EQ(import_fd(other, self->dmabuf, &h), 0);
	ASSERT_EQ(gpu_write(other, h, 13, 0x3013), 0);
	EXPECT_EQ(self->mem[13], 0x3013);
	close(other);
	close(self->dmabuf);
	self->dmabuf = -1;
	EXPECT_EQ(foll_pins_settle(self->pins), self->pins);
}

TEST_F(import, rejects_what_is_not_a_dmabuf)
{
	uint32_t h = 0xdead;

	EXPECT_EQ(import_fd(self->fd, self->memfd, &h), -EINVAL);
	EXPECT_EQ(import_fd(self->fd, -1, &h), -EBADF);
	EXPECT_EQ(h, 0xdead);
}

TEST_HARNESS_MAIN
