/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The soak tests' client and counters (module_reload, ruby_unplug): a
 * client with a GTT and a VRAM buffer mapped and GFX and DMA work queued,
 * and what the kernel holds that a soak must give back. Include after
 * kselftest_harness.h.
 */
#ifndef __RUBY_SELFTEST_SOAK_H__
#define __RUBY_SELFTEST_SOAK_H__

#include <sys/stat.h>
#include <time.h>

#include <drm/drm.h>

#include "ruby_load.h"

/* cycles of a soak test, unless $RUBY_SOAK_CYCLES says otherwise */
#define SOAK_CYCLES 20
/* seconds a soak test may take, whatever its cycle count */
#define SOAK_TIMEOUT 1200
#define SOAK_BO_SIZE (64 * 1024)
#define SOAK_BO_DW (SOAK_BO_SIZE / 4)
/* GFX streams and DMA writes a soak client queues per cycle */
#define SOAK_GFX_JOBS 16
#define SOAK_DMA_JOBS 8

static inline bool version_ok(int fd)
{
	char name[16] = {};
	struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };

	return !ioctl(fd, DRM_IOCTL_VERSION, &v) && !strcmp(name, "radeon");
}

static inline int soak_cycles(void)
{
	const char *s = getenv("RUBY_SOAK_CYCLES");
	int n = s ? atoi(s) : 0;

	return n > 0 ? n : SOAK_CYCLES;
}

/* The module's reference count (open files of its devices), or -1. */
static inline int module_refs(void)
{
	return load_read_number("/sys/module/" RUBY_DRIVER "/refcnt");
}

static inline double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* A client of the device: a GTT and a VRAM buffer, both mapped */
struct soak_client {
	int fd;
	uint32_t gtt, vram;
	uint32_t *gtt_map, *vram_map;
};

static inline void client_close(struct soak_client *c)
{
	if (c->gtt_map != MAP_FAILED)
		munmap(c->gtt_map, SOAK_BO_SIZE);
	if (c->vram_map != MAP_FAILED)
		munmap(c->vram_map, SOAK_BO_SIZE);
	if (c->fd >= 0)
		close(c->fd);
	c->gtt_map = MAP_FAILED;
	c->vram_map = MAP_FAILED;
	c->fd = -1;
}

/* Open a client; its GTT buffer holds the pattern of @seed, VRAM of ~@seed. */
static inline int client_open(struct soak_client *c, uint32_t seed)
{
	*c = (struct soak_client){ .fd = -1, .gtt_map = MAP_FAILED,
				   .vram_map = MAP_FAILED };
	c->fd = ruby_open_node("renderD");
	if (c->fd < 0)
		return -ENODEV;
	if (radeon_gem_create(c->fd, SOAK_BO_SIZE, RADEON_GEM_DOMAIN_GTT, 0, &c->gtt) ||
	    radeon_gem_create(c->fd, SOAK_BO_SIZE, RADEON_GEM_DOMAIN_VRAM, 0, &c->vram))
		return -ENOMEM;
	c->gtt_map = radeon_gem_map(c->fd, c->gtt, SOAK_BO_SIZE);
	c->vram_map = radeon_gem_map(c->fd, c->vram, SOAK_BO_SIZE);
	if (c->gtt_map == MAP_FAILED || c->vram_map == MAP_FAILED)
		return -ENOMEM;
	ruby_fill(c->gtt_map, seed, SOAK_BO_SIZE);
	ruby_fill(c->vram_map, ~seed, SOAK_BO_SIZE);
	return 0;
}

/*
 * Queue work on both rings, not waited for: GFX streams write the first
 * SOAK_GFX_JOBS * 4 dwords of the GTT buffer, DMA writes the next
 * SOAK_DMA_JOBS * 4, then the DMA engine copies the GTT buffer into the
 * VRAM one (behind those writes: implicit sync).
 */
static inline int client_queue_work(struct soak_client *c, uint32_t seed)
{
	uint32_t vals[4], i, j;
	int ret = 0;

	for (i = 0; i < SOAK_GFX_JOBS + SOAK_DMA_JOBS && !ret; i++) {
		for (j = 0; j < 4; j++)
			vals[j] = load_value(seed, i, j);
		ret = i < SOAK_GFX_JOBS ? load_gfx_write(c->fd, c->gtt, 4 * i, vals, 4) :
					  load_dma_write(c->fd, c->gtt, 4 * i, vals, 4);
	}
	if (!ret)
		ret = load_dma_copy(c->fd, c->vram, RADEON_GEM_DOMAIN_VRAM, c->gtt,
				    RADEON_GEM_DOMAIN_GTT, SOAK_BO_SIZE);
	return ret;
}

/* client_open() and client_queue_work() for cycle @i of a soak */
static inline void client_start(struct __test_metadata *_metadata,
				struct soak_client *c, int i)
{
	ASSERT_EQ(client_open(c, i), 0) TH_LOG("cycle %d", i);
	ASSERT_EQ(client_queue_work(c, i), 0) TH_LOG("cycle %d", i);
}

/*
 * Wait for client_queue_work(@seed) and check every dword of both buffers.
 * Returns how many are wrong, or -1 if a wait failed.
 */
static inline int client_check_work(struct soak_client *c, uint32_t seed)
{
	uint32_t written = (SOAK_GFX_JOBS + SOAK_DMA_JOBS) * 4, i, want;
	int bad = 0;

	if (radeon_gem_wait_idle(c->fd, c->gtt) || radeon_gem_wait_idle(c->fd, c->vram))
		return -1;
	for (i = 0; i < SOAK_BO_DW; i++) {
		want = i < written ? load_value(seed, i / 4, i % 4) :
				     seed ^ (i * 0x9e3779b9u);
		bad += c->gtt_map[i] != want || c->vram_map[i] != want;
	}
	return bad;
}

/* Dwords of @map that are not 0 */
static inline int nonzero_dwords(const uint32_t *map)
{
	int i, n = 0;

	for (i = 0; i < SOAK_BO_DW; i++)
		n += map[i] != 0;
	return n;
}

/*
 * @c's device was unbound under it: every ioctl is -ENODEV and its
 * mappings show a zeroed dummy page, not the buffers they mapped.
 */
static inline void check_unplugged(struct __test_metadata *_metadata,
				   struct soak_client *c)
{
	uint32_t handle, val = 1;
	uint64_t info = 0;

	EXPECT_EQ(radeon_gem_create(c->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0, &handle),
		  -ENODEV);
	EXPECT_EQ(load_gfx_write(c->fd, c->gtt, 0, &val, 1), -ENODEV);
	EXPECT_EQ(load_dma_write(c->fd, c->gtt, 0, &val, 1), -ENODEV);
	EXPECT_EQ(radeon_gem_wait_idle(c->fd, c->gtt), -ENODEV);
	EXPECT_EQ(radeon_info(c->fd, RADEON_INFO_DEVICE_ID, &info), -ENODEV);
	EXPECT_EQ(nonzero_dwords(c->gtt_map), 0);
	EXPECT_EQ(nonzero_dwords(c->vram_map), 0);
}

/* What the kernel holds that a soak must give back */
struct soak_counts {
	struct load_objects dev;	/* the device bound now */
	long long fences;		/* drm_sched_fence slab objects */
	long long kmalloc;		/* all kmalloc-* slab objects */
	int refs;			/* the module's references */
};

static inline bool soak_counts_read(struct soak_counts *n)
{
	n->fences = load_slab_objects("drm_sched_fence");
	n->kmalloc = load_kmalloc_objects();
	n->refs = module_refs();
	return load_objects_read(ruby_card_minor(), &n->dev);
}

/* The device bound now holds what it held at @base. */
static inline void check_device_counts(struct __test_metadata *_metadata,
				       const struct soak_counts *base, int cycle)
{
	struct soak_counts now;

	ASSERT_TRUE(soak_counts_read(&now)) TH_LOG("cycle %d", cycle);
	EXPECT_EQ(now.dev.objects, base->dev.objects) TH_LOG("cycle %d", cycle);
	EXPECT_EQ(now.dev.bytes, base->dev.bytes) TH_LOG("cycle %d", cycle);
	EXPECT_EQ(now.dev.vram, base->dev.vram) TH_LOG("cycle %d", cycle);
	EXPECT_EQ(now.dev.gtt, base->dev.gtt) TH_LOG("cycle %d", cycle);
}

/*
 * The kmalloc objects the rest of the kernel may take meanwhile (workers,
 * RCU, KASAN's quarantine): a run of one cycle has seen two. A leak of an
 * object a cycle shows over more cycles than this; below, kmemleak (which
 * scans every sanitizer boot) is what finds it.
 */
#define SOAK_KMALLOC_NOISE	4

/*
 * After @cycles cycles: the module's references and the scheduler's fences
 * are back where they were (fences are freed after an RCU grace period:
 * up to 3 s are allowed), and kmalloc has not grown by one object a cycle
 * (nor by SOAK_KMALLOC_NOISE, for fewer cycles than that).
 * A kernel without slab counts in sysfs (no SLUB_DEBUG) is said so in the
 * log and compared on the references only.
 */
static inline void check_slabs(struct __test_metadata *_metadata,
			       const struct soak_counts *base, int cycles)
{
	int bound = cycles > SOAK_KMALLOC_NOISE ? cycles : SOAK_KMALLOC_NOISE;
	struct soak_counts now;
	int i;

	for (i = 0; i < 30; i++) {
		ASSERT_TRUE(soak_counts_read(&now));
		if (now.fences == base->fences && now.kmalloc - base->kmalloc < bound)
			break;
		usleep(100000);
	}
	TH_LOG("%d cycles: drm_sched_fence %lld -> %lld, kmalloc %lld -> %lld, refs %d -> %d",
	       cycles, base->fences, now.fences, base->kmalloc, now.kmalloc,
	       base->refs, now.refs);
	EXPECT_EQ(now.refs, base->refs);
	if (base->fences < 0 || base->kmalloc < 0) {
		TH_LOG("no slab counts in /sys/kernel/slab: slabs not compared");
		return;
	}
	EXPECT_EQ(now.fences, base->fences);
	EXPECT_LT(now.kmalloc - base->kmalloc, bound);
}

/* The device of @c (unbound under it) is bound again; a new client works. */
static inline void rebind_and_use(struct __test_metadata *_metadata,
				  const char *addr, struct soak_client *old,
				  int seed)
{
	struct soak_client c;

	ASSERT_EQ(ruby_sysfs_write(RUBY_BIND, addr), 0);
	ASSERT_EQ(client_open(&c, seed), 0);
	ASSERT_EQ(client_queue_work(&c, seed), 0);
	if (old->fd >= 0) {
		/* the old mappings do not reach the new device's memory */
		EXPECT_EQ(nonzero_dwords(old->gtt_map), 0);
		EXPECT_EQ(nonzero_dwords(old->vram_map), 0);
		ruby_fill(old->gtt_map, 0xdead, SOAK_BO_SIZE);
		ruby_fill(old->vram_map, 0xdead, SOAK_BO_SIZE);
	}
	EXPECT_EQ(client_check_work(&c, seed), 0);
	client_close(old);
	client_close(&c);
}

/* One cycle of a soak: cycle @i, on the device at PCI address @addr */
typedef void (*soak_cycle_fn)(struct __test_metadata *_metadata,
			      const char *addr, int i);

/*
 * Run soak_cycles() cycles of @cycle (@what names them in the log). After
 * each, the device bound holds what the device held at the start; at the
 * end, the slabs and references are back where the first cycle left them
 * (it frees what the tests before held).
 */
static inline void soak_run(struct __test_metadata *_metadata, const char *addr,
			    soak_cycle_fn cycle, const char *what)
{
	int cycles = soak_cycles(), i;
	struct soak_counts base, slabs;
	struct timespec t0;

	ASSERT_TRUE(soak_counts_read(&base));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < cycles; i++) {
		cycle(_metadata, addr, i);
		check_device_counts(_metadata, &base, i);
		if (i == 0)
			ASSERT_TRUE(soak_counts_read(&slabs));
	}
	TH_LOG("%d %s in %.1f s", cycles, what, seconds_since(&t0));
	check_slabs(_metadata, &slabs, cycles > 1 ? cycles - 1 : 1);
}

#endif /* __RUBY_SELFTEST_SOAK_H__ */
