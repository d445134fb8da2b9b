// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * The recorder's host test (make check here): run with
 * LD_PRELOAD="ruby-rec.so fake-drm.so" and RUBY_REC_DIR set, it creates,
 * tiles and closes buffers and submits two streams on /dev/null (the fake
 * answers as radeon would), checks that each ioctl's result and errno are
 * the stand-in's, then reads the recording back and checks every field.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <drm/drm.h>
#include <drm/radeon_drm.h>

#include "ruby_rec.h"

static int failed;

#define EXPECT(cond)							\
	do {								\
		if (!(cond)) {						\
			failed++;					\
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__,	\
				__LINE__, #cond);			\
		}							\
	} while (0)

static uint32_t create(int fd, uint64_t size)
{
	struct drm_radeon_gem_create c = { .size = size };

	EXPECT(ioctl(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c) == 0);
	return c.handle;
}

static int submit(int fd, uint32_t *ib, uint32_t ndw, struct drm_radeon_cs_reloc *r,
		  uint32_t nr, uint32_t *flags)
{
	struct drm_radeon_cs_chunk ch[3] = {
		{ RADEON_CHUNK_ID_IB, ndw, (uintptr_t)ib },
		{ RADEON_CHUNK_ID_RELOCS, nr * 4, (uintptr_t)r },
		{ RADEON_CHUNK_ID_FLAGS, 2, (uintptr_t)flags },
	};
	uint64_t ptrs[3] = { (uintptr_t)&ch[0], (uintptr_t)&ch[1], (uintptr_t)&ch[2] };
	struct drm_radeon_cs cs = { .num_chunks = flags ? 3 : 1, .chunks = (uintptr_t)ptrs };

	return ioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
}

/* Buffers 1 (closed before the CS), 2 (tiled) and 3; two streams */
static void run(int fd)
{
	uint32_t a = create(fd, 5000), b = create(fd, 4096), c, flags[2] = { 1, 2 };
	struct drm_radeon_gem_set_tiling t = { .handle = b, .tiling_flags = 0x104 };
	struct drm_gem_close cl = { .handle = a };
	uint32_t ib[2] = { 0x11111111, 0x22222222 }, bad = 0xdead0000;
	struct drm_radeon_cs_reloc r[3];
	struct termios tio;

	EXPECT(ioctl(fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &t) == 0);
	EXPECT(ioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl) == 0);
	c = create(fd, 8192);
	r[0] = (struct drm_radeon_cs_reloc){ b, RADEON_GEM_DOMAIN_GTT, 0, 0 };
	r[1] = (struct drm_radeon_cs_reloc){ c, 0, RADEON_GEM_DOMAIN_VRAM, 3 };
	r[2] = (struct drm_radeon_cs_reloc){ a, RADEON_GEM_DOMAIN_GTT, 0, 0 };
	EXPECT(submit(fd, ib, 2, r, 3, flags) == 0);
	errno = 0;
	EXPECT(submit(fd, &bad, 1, NULL, 0, NULL) == -1 && errno == EINVAL);
	errno = 0;
	EXPECT(ioctl(fd, TCGETS, &tio) == -1 && errno == ENOTTY);
}

static void check_relocs(const struct ruby_rec_reloc *r)
{
	EXPECT(r[0].handle == 2 && r[0].size == 4096 && r[0].tiling_flags == 0x104 &&
	       r[0].known == (RUBY_REC_SIZE_KNOWN | RUBY_REC_TILING_KNOWN) &&
	       r[0].read_domains == RADEON_GEM_DOMAIN_GTT && !r[0].write_domain);
	EXPECT(r[1].handle == 3 && r[1].size == 8192 && r[1].known == RUBY_REC_SIZE_KNOWN &&
	       r[1].write_domain == RADEON_GEM_DOMAIN_VRAM && r[1].flags == 3);
	EXPECT(r[2].handle == 1 && !r[2].known && !r[2].size);	/* closed */
}

static void check_recording(const char *dir)
{
	char path[4096], buf[4096];
	const struct ruby_rec_header *h = (const void *)buf;
	const struct ruby_rec_cs *cs = (const void *)(buf + sizeof(*h)), *cs2;
	const uint32_t *ib;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%d.rec", dir, (int)getpid());
	f = fopen(path, "rb");
	EXPECT(f);
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	EXPECT(!memcmp(h->magic, RUBY_REC_MAGIC, 8) && h->version == RUBY_REC_VERSION &&
	       h->header_bytes == sizeof(*h) && h->pid == (uint32_t)getpid());
	EXPECT(cs->type == RUBY_REC_CS && cs->ret == 0 && cs->ring == 2 && cs->flags == 1 &&
	       cs->ndw == 2 && cs->nrelocs == 3 && cs->seq == 0 && cs->chunks == 7);
	EXPECT(cs->bytes == sizeof(*cs) + 3 * sizeof(struct ruby_rec_reloc) + 8);
	check_relocs((const void *)(cs + 1));
	ib = (const uint32_t *)((const struct ruby_rec_reloc *)(cs + 1) + 3);
	EXPECT(ib[0] == 0x11111111 && ib[1] == 0x22222222);
	cs2 = (const void *)((const char *)cs + cs->bytes);
	EXPECT(cs2->ret == -EINVAL && cs2->seq == 1 && cs2->ndw == 1 && !cs2->nrelocs &&
	       cs2->chunks == RUBY_REC_HAS_IB && !cs2->ring);
	EXPECT(((const uint32_t *)(cs2 + 1))[0] == 0xdead0000);
	EXPECT(n == sizeof(*h) + cs->bytes + cs2->bytes);
}

int main(void)
{
	const char *dir = getenv("RUBY_REC_DIR");
	int fd = open("/dev/null", O_RDWR);

	if (!dir || fd < 0) {
		fprintf(stderr, "rec_test: run by make check (RUBY_REC_DIR, preloads)\n");
		return 2;
	}
	run(fd);
	close(fd);
	check_recording(dir);
	printf("recorder: %s\n", failed ? "FAIL" : "ok");
	return !!failed;
}
