// SPDX-License-Identifier: GPL-2.0
/*
 * CPU mappings of VRAM buffers, as Mesa makes them: a buffer in the
 * CPU-visible window (BAR0) is mapped through GEM_MMAP, and the CPU and the
 * GPU see each other's bytes in it at once, with no copy in between (the
 * DMA engine checks both directions). A buffer placed where the CPU cannot
 * reach it is moved into the window by the first fault and keeps its
 * contents. Mappings and handles go away without leaking VRAM. The time to
 * write and read 1 MiB through a mapping is logged.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define BO_SIZE		(1024u * 1024u)
#define BO_DWORDS	(BO_SIZE / 4)

FIXTURE(vram) {
	int fd;
	uint64_t vram_usage;	/* before the test, to find leaks */
};

static uint64_t info(int fd, uint32_t request)
{
	uint64_t v = 0;

	radeon_info(fd, request, &v);
	return v;
}

FIXTURE_SETUP(vram)
{
	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
	self->vram_usage = info(self->fd, RADEON_INFO_VRAM_USAGE);
}

FIXTURE_TEARDOWN(vram)
{
	if (self->fd < 0)
		return;
	/* every test gave back all the VRAM it took */
	EXPECT_EQ(info(self->fd, RADEON_INFO_VRAM_USAGE), self->vram_usage);
	close(self->fd);
}

/* The domain a buffer is in now (GEM_BUSY), or 0 on error. */
static uint32_t domain_of(int fd, uint32_t handle)
{
	struct drm_radeon_gem_busy b = { .handle = handle };

	if (ioctl(fd, DRM_IOCTL_RADEON_GEM_BUSY, &b) && errno != EBUSY)
		return 0;
	return b.domain;
}

/* Word @i of pattern @seed: differs from word to word and seed to seed. */
static uint32_t pattern(uint32_t seed, uint32_t i)
{
	return (i * 2654435761u) ^ seed;
}

static void fill(uint32_t *p, uint32_t seed)
{
	uint32_t i;

	for (i = 0; i < BO_DWORDS; i++)
		p[i] = pattern(seed, i);
}

/* How many words of @p differ from pattern @seed. */
static uint32_t mismatches(const uint32_t *p, uint32_t seed)
{
	uint32_t i, bad = 0;

	for (i = 0; i < BO_DWORDS; i++)
		bad += p[i] != pattern(seed, i);
	return bad;
}

/*
 * The DMA engine copies all of @src (in @src_domain) to @dst (in
 * @dst_domain); returns once the copy is done, 0 or -errno.
 */
static int dma_copy(int fd, uint32_t dst, uint32_t dst_domain,
		    uint32_t src, uint32_t src_domain)
{
	const uint32_t flags[2] = { 0, RADEON_CS_RING_DMA };
	/* the copy's implicit relocations: source first */
	const struct drm_radeon_cs_reloc relocs[2] = {
		{ .handle = src, .read_domains = src_domain },
		{ .handle = dst, .read_domains = dst_domain,
		  .write_domain = dst_domain },
	};
	uint32_t max = ruby_gen()->dma_max_dw, off;
	int ret = 0;

	/* as many packets as the generation's count takes */
	for (off = 0; off < BO_SIZE && !ret; off += 4 * max) {
		/* dst and src offsets, low then high bits */
		const uint32_t ib[] = { DMA_PKT(DMA_COPY, 0, max), off, off, 0, 0 };

		ret = radeon_cs(fd, ib, ARRAY_SIZE(ib), relocs, 2, flags, 2);
	}
	return ret ? ret : radeon_gem_wait_idle(fd, dst);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

TEST_F(vram, cpu_writes_read_back)
{
	uint32_t h = 0, *p;

	ASSERT_EQ(radeon_gem_create(self->fd, BO_SIZE, RADEON_GEM_DOMAIN_VRAM,
				    RADEON_GEM_CPU_ACCESS, &h), 0);
	p = radeon_gem_map(self->fd, h, BO_SIZE);
	ASSERT_NE(p, MAP_FAILED);
	fill(p, 0x5a5a0000);
	EXPECT_EQ(mismatches(p, 0x5a5a0000), 0);
	/* the buffer was mapped where it is: it did not leave VRAM */
	EXPECT_EQ(domain_of(self->fd, h), RADEON_GEM_DOMAIN_VRAM);
	munmap(p, BO_SIZE);
	/* a new mapping sees the same bytes: they are in VRAM, not a copy */
	p = radeon_gem_map(self->fd, h, BO_SIZE);
	ASSERT_NE(p, MAP_FAILED);
	EXPECT_EQ(mismatches(p, 0x5a5a0000), 0);
	munmap(p, BO_SIZE);
	EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
}

TEST_F(vram, gpu_and_cpu_see_each_others_writes)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	uint32_t v = 0, g = 0, *vp, *gp;

	ASSERT_EQ(radeon_gem_create(self->fd, BO_SIZE, RADEON_GEM_DOMAIN_VRAM,
				    RADEON_GEM_CPU_ACCESS, &v), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, BO_SIZE, RADEON_GEM_DOMAIN_GTT, 0, &g), 0);
	vp = radeon_gem_map(self->fd, v, BO_SIZE);
	ASSERT_NE(vp, MAP_FAILED);
	gp = radeon_gem_map(self->fd, g, BO_SIZE);
	ASSERT_NE(gp, MAP_FAILED);

	/* CPU -> VRAM, GPU VRAM -> GTT: the engine read what the CPU wrote */
	memset(gp, 0, BO_SIZE);
	fill(vp, 0x11110000);
	ASSERT_EQ(dma_copy(self->fd, g, RADEON_GEM_DOMAIN_GTT, v,
			   RADEON_GEM_DOMAIN_VRAM), 0);
	EXPECT_EQ(mismatches(gp, 0x11110000), 0);

	/* CPU -> GTT, GPU GTT -> VRAM: the CPU reads what the engine wrote */
	fill(gp, 0x22220000);
	ASSERT_EQ(dma_copy(self->fd, v, RADEON_GEM_DOMAIN_VRAM, g,
			   RADEON_GEM_DOMAIN_GTT), 0);
	EXPECT_EQ(mismatches(vp, 0x22220000), 0);
	/* both stayed where they were: nothing was copied behind our back */
	EXPECT_EQ(domain_of(self->fd, v), RADEON_GEM_DOMAIN_VRAM);
	EXPECT_EQ(domain_of(self->fd, g), RADEON_GEM_DOMAIN_GTT);

	munmap(vp, BO_SIZE);
	munmap(gp, BO_SIZE);
	EXPECT_EQ(radeon_gem_close(self->fd, v), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, g), 0);
}

/*
 * NO_CPU_ACCESS places a buffer at the top of VRAM, beyond the window the
 * CPU sees. Mapping it still works: the fault moves it into the window.
 */
TEST_F(vram, invisible_buffer_moves_into_the_window)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	uint32_t v = 0, g = 0, *vp, *gp;
	uint64_t moved;

	ASSERT_EQ(radeon_gem_create(self->fd, BO_SIZE, RADEON_GEM_DOMAIN_VRAM,
				    RADEON_GEM_NO_CPU_ACCESS, &v), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, BO_SIZE, RADEON_GEM_DOMAIN_GTT, 0, &g), 0);
	gp = radeon_gem_map(self->fd, g, BO_SIZE);
	ASSERT_NE(gp, MAP_FAILED);
	/* only the GPU can write it where it is */
	fill(gp, 0x33330000);
	ASSERT_EQ(dma_copy(self->fd, v, RADEON_GEM_DOMAIN_VRAM, g,
			   RADEON_GEM_DOMAIN_GTT), 0);

	moved = info(self->fd, RADEON_INFO_NUM_BYTES_MOVED);
	vp = radeon_gem_map(self->fd, v, BO_SIZE);
	ASSERT_NE(vp, MAP_FAILED);
	/* the first touch faults and moves it; the pattern survives */
	EXPECT_EQ(mismatches(vp, 0x33330000), 0);
	EXPECT_GE(info(self->fd, RADEON_INFO_NUM_BYTES_MOVED) - moved, BO_SIZE);
	/* into the visible window, not out of VRAM */
	EXPECT_EQ(domain_of(self->fd, v), RADEON_GEM_DOMAIN_VRAM);

	/* and the GPU finds the CPU's writes at its new place */
	fill(vp, 0x44440000);
	ASSERT_EQ(dma_copy(self->fd, g, RADEON_GEM_DOMAIN_GTT, v,
			   RADEON_GEM_DOMAIN_VRAM), 0);
	EXPECT_EQ(mismatches(gp, 0x44440000), 0);

	munmap(vp, BO_SIZE);
	munmap(gp, BO_SIZE);
	EXPECT_EQ(radeon_gem_close(self->fd, v), 0);
	EXPECT_EQ(radeon_gem_close(self->fd, g), 0);
}

/* A mapping keeps its buffer alive after the handle is closed, no longer. */
TEST_F(vram, unmap_and_close_release_everything)
{
	struct drm_radeon_gem_mmap m = {};
	uint32_t h = 0, *p, i;

	for (i = 0; i < 8; i++) {
		ASSERT_EQ(radeon_gem_create(self->fd, BO_SIZE, RADEON_GEM_DOMAIN_VRAM,
					    RADEON_GEM_CPU_ACCESS, &h), 0);
		m.handle = h;
		ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_MMAP, &m), 0);
		p = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
			 self->fd, m.addr_ptr);
		ASSERT_NE(p, MAP_FAILED);
		fill(p, i);
		if (i & 1) {
			/* closed first: the mapping still reaches the buffer */
			EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
			EXPECT_EQ(mismatches(p, i), 0);
			munmap(p, BO_SIZE);
		} else {
			munmap(p, BO_SIZE);
			EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
		}
		/* the offset died with the buffer */
		EXPECT_EQ(mmap(NULL, BO_SIZE, PROT_READ, MAP_SHARED, self->fd,
			       m.addr_ptr), MAP_FAILED);
	}
	/* the fixture's teardown checks that VRAM usage is back */
}

/* Write and read 1 MiB through a mapping: VRAM, and GTT to compare. */
TEST_F(vram, one_mib_write_read_time)
{
	static const struct {
		const char *name;
		uint32_t domain, flags;
	} kinds[] = {
		{ "vram", RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_CPU_ACCESS },
		{ "gtt", RADEON_GEM_DOMAIN_GTT, 0 },
	};
	double t0, t1, t2, cold;
	uint32_t h = 0, *p;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(kinds); k++) {
		ASSERT_EQ(radeon_gem_create(self->fd, BO_SIZE, kinds[k].domain,
					    kinds[k].flags, &h), 0);
		p = radeon_gem_map(self->fd, h, BO_SIZE);
		ASSERT_NE(p, MAP_FAILED);
		/* the first pass pays for the faults that map the pages */
		t0 = now_ms();
		fill(p, 0x55550000);
		cold = now_ms() - t0;
		t0 = now_ms();
		fill(p, 0x66660000 + k);
		t1 = now_ms();
		EXPECT_EQ(mismatches(p, 0x66660000 + k), 0);
		t2 = now_ms();
		TH_LOG("%s: 1 MiB write %.3f ms + read %.3f ms = %.3f ms",
		       kinds[k].name, t1 - t0, t2 - t1, t2 - t0);
		TH_LOG("%s: first write of 1 MiB, with the faults: %.3f ms",
		       kinds[k].name, cold);
		munmap(p, BO_SIZE);
		EXPECT_EQ(radeon_gem_close(self->fd, h), 0);
	}
}

TEST_HARNESS_MAIN
