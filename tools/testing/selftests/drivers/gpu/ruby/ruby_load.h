/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Work for the load tests (soak, reset under load): streams that write
 * known words on the GFX and DMA rings, a stream that hangs the GFX engine,
 * and the counters that show what the kernel holds (ruby_objects, slabs).
 */
#ifndef __RUBY_SELFTEST_LOAD_H__
#define __RUBY_SELFTEST_LOAD_H__

#include <stdint.h>

#include "radeon_util.h"

#define LOAD_WAIT_REG_MEM	0x3c
#define LOAD_WAIT_EQUAL_MEM	0x13		/* WAIT_REG_MEM: ==, in memory */

static inline struct drm_radeon_cs_reloc load_reloc_gtt(uint32_t handle)
{
	return radeon_reloc(handle, RADEON_GEM_DOMAIN_GTT, true);
}

/* GFX: MEM_WRITE of @vals[0..@n) to dwords @first.. of GTT buffer @bo */
static inline int load_gfx_write(int fd, uint32_t bo, uint32_t first,
				 const uint32_t *vals, uint32_t n)
{
	return radeon_gfx_write(fd, load_reloc_gtt(bo), 4 * first, vals, n);
}

/*
 * DMA (GFX where the chip has no DMA engine): WRITE of @vals[0..@n) to
 * dwords @first.. of GTT buffer @bo
 */
static inline int load_dma_write(int fd, uint32_t bo, uint32_t first,
				 const uint32_t *vals, uint32_t n)
{
	return radeon_gpu_write(fd, load_reloc_gtt(bo), 4 * first, vals, n);
}

/*
 * DMA (GFX where the chip has no DMA engine): copy @bytes from offset 0
 * of @src (@sdom) to offset 0 of @dst (@ddom)
 */
static inline int load_dma_copy(int fd, uint32_t dst, uint32_t ddom,
				uint32_t src, uint32_t sdom, uint32_t bytes)
{
	const struct drm_radeon_cs_reloc relocs[2] = {
		radeon_reloc(src, sdom, false),
		radeon_reloc(dst, ddom, true),
	};

	return radeon_gpu_copy(fd, relocs, 0, 0, bytes);
}

/*
 * GFX: wait until dword @word of @bo equals 1. Nothing ever writes it, so
 * the command processor polls for good: a hang, until the lockup timeout
 * resets the engine.
 */
static inline int load_gfx_hang(int fd, uint32_t bo, uint32_t word)
{
	const uint32_t ib[] = {
		PKT3(LOAD_WAIT_REG_MEM, 6), LOAD_WAIT_EQUAL_MEM, 4 * word, 0,
		1, 0xffffffff, 10, RELOC_NOP, 0,
	};
	struct drm_radeon_cs_reloc reloc = radeon_reloc(bo, RADEON_GEM_DOMAIN_GTT, false);

	return radeon_cs(fd, ib, sizeof(ib) / 4, &reloc, 1, NULL, 0);
}

/* The value of word @word of round @round of client @client */
static inline uint32_t load_value(uint32_t client, uint32_t round, uint32_t word)
{
	return (client << 24) ^ (round * 0x10001u) ^ (word * 0x9e3779b9u) ^ 0x5a000000u;
}

/*
 * ruby_objects of DRM minor @minor: buffer objects and the bytes of VRAM
 * and GTT TTM has handed out. Returns false if the file cannot be read.
 */
struct load_objects {
	long long objects, bytes, vram, gtt;
};

static inline bool load_objects_read(int minor, struct load_objects *o)
{
	char buf[1024];

	if (RUBY_DEBUGFS_READ(minor, "ruby_objects", buf))
		return false;
	o->objects = ruby_text_int(buf, "objects");
	o->bytes = ruby_text_int(buf, "object bytes");
	o->vram = ruby_text_int(buf, "vram used");
	o->gtt = ruby_text_int(buf, "gtt used");
	return o->objects >= 0 && o->bytes >= 0 && o->vram >= 0 && o->gtt >= 0;
}

/* The number file @path starts with, or -1. */
static inline long long load_read_number(const char *path)
{
	FILE *f = fopen(path, "r");
	long long n = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%lld", &n) != 1)
		n = -1;
	fclose(f);
	return n;
}

/*
 * Objects in use in slab cache @name (/sys/kernel/slab), or -1. The cache
 * is shrunk first: that also frees the objects KASAN's quarantine holds
 * back from it, which otherwise count as in use for a while.
 */
static inline long long load_slab_objects(const char *name)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/shrink", name);
	f = fopen(path, "w");
	if (f) {
		fputs("1", f);
		fclose(f);
	}
	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/objects", name);
	return load_read_number(path);
}

/* Objects in use in every kmalloc-* cache together, or -1. */
static inline long long load_kmalloc_objects(void)
{
	long long total = 0, n;
	struct dirent *de;
	DIR *dir = opendir("/sys/kernel/slab");

	if (!dir)
		return -1;
	while ((de = readdir(dir))) {
		if (strncmp(de->d_name, "kmalloc-", 8))
			continue;
		n = load_slab_objects(de->d_name);
		if (n > 0)
			total += n;
	}
	closedir(dir);
	return total;
}

#endif /* __RUBY_SELFTEST_LOAD_H__ */
