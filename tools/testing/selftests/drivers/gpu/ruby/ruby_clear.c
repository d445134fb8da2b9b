// SPDX-License-Identifier: GPL-2.0
/*
 * No client sees another's data: a new buffer reads zeros wherever it is
 * placed, even where a buffer full of a pattern was a moment before. VRAM
 * in the CPU-visible window is read through a mapping made right after
 * creation, VRAM beyond it by a DMA copy into GTT submitted right after
 * creation (the GPU's view: the copy must come after the kernel's clear),
 * GTT through a mapping. A buffer placed where another was evicted from
 * reads zeros too. debugfs ruby_objects proves every buffer went away.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define MIB			(1024u * 1024u)
#define BIG			(16 * MIB)
#define DMA_CONSTANT_FILL	0xd
/* dwords per packet here: the generation's (1 MiB on Evergreen) */
#define DMA_MAX_DW		(ruby_gen()->dma_max_dw)

FIXTURE(clr) {
	int fd;
	int minor;
	int objects;		/* live buffer objects before the test */
};

FIXTURE_SETUP(clr)
{
	self->fd = ruby_open_render_debugfs(&self->minor);
	if (self->fd < 0)
		SKIP(return, "no render node or no debugfs of ruby");
	self->objects = ruby_live_objects(self->minor);
	ASSERT_GT(self->objects, 0);
}

FIXTURE_TEARDOWN(clr)
{
	if (self->fd < 0)
		return;
	/* every buffer of the test is gone */
	EXPECT_EQ(ruby_objects_settle(self->minor, self->objects), self->objects);
	close(self->fd);
}

/* Submit one DMA packet of @n dwords with one relocation; 0 or -errno. */
static int dma_one(int fd, const uint32_t *pkt, uint32_t n,
		   const struct drm_radeon_cs_reloc *relocs, uint32_t nrelocs)
{
	const uint32_t flags[2] = { 0, RADEON_CS_RING_DMA };

	return radeon_cs(fd, pkt, n, relocs, nrelocs, flags, 2);
}

/* The DMA engine writes @value all over @bytes of buffer @h in @domain. */
static int gpu_fill(int fd, uint32_t h, uint32_t domain, uint32_t value,
		    uint32_t bytes)
{
	const struct drm_radeon_cs_reloc reloc = radeon_reloc(h, domain, true);
	uint32_t off;
	int ret = 0;

	for (off = 0; off < bytes && !ret; off += DMA_MAX_DW * 4) {
		const uint32_t pkt[4] = {
			DMA_PKT(DMA_CONSTANT_FILL, 0, DMA_MAX_DW), off, value, 0,
		};

		ret = dma_one(fd, pkt, 4, &reloc, 1);
	}
	return ret ? ret : radeon_gem_wait_idle(fd, h);
}

/*
 * The DMA engine copies @bytes of @src (in @src_domain) into GTT buffer
 * @dst; returns once the copy is done.
 */
static int gpu_copy_to_gtt(int fd, uint32_t dst, uint32_t src,
			   uint32_t src_domain, uint32_t bytes)
{
	/* the copy's implicit relocations: source first */
	const struct drm_radeon_cs_reloc relocs[2] = {
		radeon_reloc(src, src_domain, false),
		radeon_reloc(dst, RADEON_GEM_DOMAIN_GTT, true),
	};
	uint32_t off;
	int ret = 0;

	for (off = 0; off < bytes && !ret; off += DMA_MAX_DW * 4) {
		const uint32_t pkt[5] = {
			DMA_PKT(DMA_COPY, 0, DMA_MAX_DW), off, off, 0, 0,
		};

		ret = dma_one(fd, pkt, 5, relocs, 2);
	}
	return ret ? ret : radeon_gem_wait_idle(fd, dst);
}

/* Dwords of @p (@bytes long) that are not @value */
static uint32_t count_not(const uint32_t *p, uint32_t value, uint32_t bytes)
{
	uint32_t i, n = 0;

	for (i = 0; i < bytes / 4; i++)
		n += p[i] != value;
	return n;
}

/* Dwords of @p that are not pattern @seed (ruby_fill()) */
static uint32_t count_not_pattern(const uint32_t *p, uint32_t seed, uint32_t bytes)
{
	uint32_t i, n = 0;

	for (i = 0; i < bytes / 4; i++)
		n += p[i] != (seed ^ (i * 0x9e3779b9u));
	return n;
}

/* The domain a buffer is in now (GEM_BUSY), or 0 on error. */
static uint32_t domain_of(int fd, uint32_t h)
{
	uint32_t d = 0;
	int ret = radeon_gem_busy(fd, h, &d);

	return ret && ret != -EBUSY ? 0 : d;
}

/*
 * Create a buffer, fill it with a pattern through a mapping, free it; then
 * create @n new ones of the same kind and size and map each at once:
 * returns the dwords of them that are not zero.
 */
static long cpu_reuse(struct __test_metadata *_metadata, int fd, uint32_t domain,
		      uint32_t flags, int n)
{
	uint32_t h = 0, *p;
	long dirty = 0;
	int i;

	if (radeon_gem_create(fd, BIG, domain, flags, &h))
		return -1;
	p = radeon_gem_map(fd, h, BIG);
	if (p == MAP_FAILED)
		return -1;
	ruby_fill(p, 0x5eed0000, BIG);
	/* control: the pattern is there, in the memory the next buffer gets */
	EXPECT_EQ(count_not_pattern(p, 0x5eed0000, BIG), 0);
	munmap(p, BIG);
	radeon_gem_close(fd, h);
	for (i = 0; i < n; i++) {
		uint32_t nh = 0;

		if (radeon_gem_create(fd, BIG, domain, flags, &nh))
			return -1;
		p = radeon_gem_map(fd, nh, BIG);
		if (p == MAP_FAILED)
			return -1;
		EXPECT_EQ(domain_of(fd, nh), domain);
		dirty += count_not(p, 0, BIG);
		munmap(p, BIG);
		radeon_gem_close(fd, nh);
	}
	return dirty;
}

TEST_F(clr, new_visible_vram_reads_zeros)
{
	EXPECT_EQ(cpu_reuse(_metadata, self->fd, RADEON_GEM_DOMAIN_VRAM,
			    RADEON_GEM_CPU_ACCESS, 2), 0);
}

TEST_F(clr, new_gtt_reads_zeros)
{
	EXPECT_EQ(cpu_reuse(_metadata, self->fd, RADEON_GEM_DOMAIN_GTT, 0, 2), 0);
}

/* A new dumb buffer (CPU-visible VRAM, mapped by CPU-drawing clients) */
TEST_F(clr, new_dumb_buffer_reads_zeros)
{
	int card = ruby_open_node("card");
	struct drm_mode_create_dumb c = { .width = 1024, .height = 1024, .bpp = 32 };
	struct drm_mode_map_dumb m = {};
	struct drm_mode_destroy_dumb d = {};
	uint32_t *p;
	int i;

	ASSERT_GE(card, 0);
	for (i = 0; i < 2; i++) {
		ASSERT_EQ(ioctl(card, DRM_IOCTL_MODE_CREATE_DUMB, &c), 0);
		m.handle = c.handle;
		ASSERT_EQ(ioctl(card, DRM_IOCTL_MODE_MAP_DUMB, &m), 0);
		p = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, card, m.offset);
		ASSERT_NE(p, MAP_FAILED);
		/* the first one is new too; the second gets its memory */
		EXPECT_EQ(count_not(p, 0, c.size), 0);
		ruby_fill(p, 0xd0b00000, c.size);
		munmap(p, c.size);
		d.handle = c.handle;
		ASSERT_EQ(ioctl(card, DRM_IOCTL_MODE_DESTROY_DUMB, &d), 0);
	}
	close(card);
}

/*
 * Beyond the CPU's window only the GPU reads: a copy into GTT, submitted
 * right after creation, must find zeros, not the pattern the engine wrote
 * into the buffer freed before.
 */
TEST_F(clr, new_hidden_vram_reads_zeros_to_the_gpu)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	uint32_t old = 0, h = 0, g = 0, *gp;
	int i;

	ASSERT_EQ(radeon_gem_create(self->fd, BIG, RADEON_GEM_DOMAIN_GTT, 0, &g), 0);
	gp = radeon_gem_map(self->fd, g, BIG);
	ASSERT_NE(gp, MAP_FAILED);

	ASSERT_EQ(radeon_gem_create(self->fd, BIG, RADEON_GEM_DOMAIN_VRAM,
				    RADEON_GEM_NO_CPU_ACCESS, &old), 0);
	ASSERT_EQ(gpu_fill(self->fd, old, RADEON_GEM_DOMAIN_VRAM, 0xdeadbeef, BIG), 0);
	/* control: the readback sees what is in VRAM */
	ASSERT_EQ(gpu_copy_to_gtt(self->fd, g, old, RADEON_GEM_DOMAIN_VRAM, BIG), 0);
	EXPECT_EQ(count_not(gp, 0xdeadbeef, BIG), 0);
	EXPECT_EQ(domain_of(self->fd, old), RADEON_GEM_DOMAIN_VRAM);
	radeon_gem_close(self->fd, old);

	for (i = 0; i < 2; i++) {
		memset(gp, 0xff, BIG);
		ASSERT_EQ(radeon_gem_create(self->fd, BIG, RADEON_GEM_DOMAIN_VRAM,
					    RADEON_GEM_NO_CPU_ACCESS, &h), 0);
		ASSERT_EQ(gpu_copy_to_gtt(self->fd, g, h, RADEON_GEM_DOMAIN_VRAM, BIG), 0);
		EXPECT_EQ(count_not(gp, 0, BIG), 0);
		EXPECT_EQ(domain_of(self->fd, h), RADEON_GEM_DOMAIN_VRAM);
		radeon_gem_close(self->fd, h);
	}
	munmap(gp, BIG);
	radeon_gem_close(self->fd, g);
}

#define EVICT_SIZE	(32 * MIB)
#define EVICT_MAX	64

/*
 * Fill VRAM with buffers full of patterns until TTM evicts one to make
 * room for the next: that next buffer lies (at least partly) where the
 * evicted one was, and must read zeros. The buffer before it still holds
 * its pattern (the readback is not blind), and so does the evicted one.
 */
/*
 * More than 512 MiB of fills, clears and copies: longer than the harness's
 * default 30 s on the sanitizer kernel of a loaded rig
 */
TEST_F_TIMEOUT(clr, buffer_where_one_was_evicted_reads_zeros, 180)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	uint32_t h[EVICT_MAX] = {}, g = 0, *gp, evicted = EVICT_MAX;
	struct drm_radeon_gem_info gi = {};
	int i, j, n;

	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_GEM_INFO, &gi), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, EVICT_SIZE, RADEON_GEM_DOMAIN_GTT, 0, &g), 0);
	gp = radeon_gem_map(self->fd, g, EVICT_SIZE);
	ASSERT_NE(gp, MAP_FAILED);

	n = gi.vram_size / EVICT_SIZE + 2;
	ASSERT_LE(n, EVICT_MAX);
	for (i = 0; i < n && evicted == EVICT_MAX; i++) {
		ASSERT_EQ(radeon_gem_create(self->fd, EVICT_SIZE, RADEON_GEM_DOMAIN_VRAM,
					    RADEON_GEM_NO_CPU_ACCESS, &h[i]), 0);
		for (j = 0; j < i && evicted == EVICT_MAX; j++)
			if (domain_of(self->fd, h[j]) != RADEON_GEM_DOMAIN_VRAM)
				evicted = j;
		if (evicted == EVICT_MAX)
			ASSERT_EQ(gpu_fill(self->fd, h[i], RADEON_GEM_DOMAIN_VRAM,
					   0xe0000000 | i, EVICT_SIZE), 0);
	}
	ASSERT_LT(evicted, EVICT_MAX);
	i--;
	TH_LOG("buffer %d of %u MiB evicted buffer %u to domain %u", i,
	       EVICT_SIZE / MIB, evicted, domain_of(self->fd, h[evicted]));
	EXPECT_EQ(domain_of(self->fd, h[evicted]), RADEON_GEM_DOMAIN_GTT);

	memset(gp, 0xff, EVICT_SIZE);
	ASSERT_EQ(gpu_copy_to_gtt(self->fd, g, h[i], RADEON_GEM_DOMAIN_VRAM, EVICT_SIZE), 0);
	EXPECT_EQ(count_not(gp, 0, EVICT_SIZE), 0);
	/* controls: the one before, in VRAM, and the evicted one, in GTT */
	ASSERT_EQ(gpu_copy_to_gtt(self->fd, g, h[i - 1], RADEON_GEM_DOMAIN_VRAM,
				  EVICT_SIZE), 0);
	EXPECT_EQ(count_not(gp, 0xe0000000 | (i - 1), EVICT_SIZE), 0);
	ASSERT_EQ(gpu_copy_to_gtt(self->fd, g, h[evicted], RADEON_GEM_DOMAIN_GTT,
				  EVICT_SIZE), 0);
	EXPECT_EQ(count_not(gp, 0xe0000000 | evicted, EVICT_SIZE), 0);

	for (j = 0; j <= i; j++)
		radeon_gem_close(self->fd, h[j]);
	munmap(gp, EVICT_SIZE);
	radeon_gem_close(self->fd, g);
}

TEST_HARNESS_MAIN
