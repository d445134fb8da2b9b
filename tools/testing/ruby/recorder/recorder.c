// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * ruby-rec.so: an LD_PRELOAD recorder of the command streams a program
 * submits (DRM_IOCTL_RADEON_CS), for replaying through ruby's checker on
 * the host (../cs/replay.c). It follows the GEM handles the program
 * creates, imports, opens, tiles and closes, so each relocation carries
 * its buffer's size and tiling flags. The format is ruby_rec.h's; one file
 * per process, RUBY_REC_DIR/<pid>.rec (no RUBY_REC_DIR: nothing recorded).
 *
 * Every ioctl is passed through unchanged and its result and errno are
 * what the program sees; the recorder only reads the arguments after the
 * call. Only DRM ioctls (type 'd') are looked at. One mutex guards the
 * handle table and the output file.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <drm/drm.h>
#include <drm/radeon_drm.h>

#include "ruby_rec.h"

/* what is known of a GEM handle; indexed by handle */
struct handle_info {
	uint64_t size;
	uint32_t tiling_flags;
	uint32_t known;
};

/* all of it under @lock */
static struct {
	pthread_mutex_t lock;
	struct handle_info *handles;
	uint32_t nhandles;
	int out;		/* the recording, -1 until the first CS */
	pid_t out_pid;		/* the process that opened it (fork) */
	uint32_t seq;
} rec = { .lock = PTHREAD_MUTEX_INITIALIZER, .out = -1 };

typedef int (*ioctl_fn)(int fd, unsigned long request, ...);

static ioctl_fn real_ioctl(void)
{
	static ioctl_fn fn;

	if (!fn)
		fn = (ioctl_fn)dlsym(RTLD_NEXT, "ioctl");
	return fn;
}

/* The entry of @handle, grown on demand; NULL if out of memory. Locked. */
static struct handle_info *handle(uint32_t h)
{
	if (h >= rec.nhandles) {
		uint32_t n = h < 256 ? 512 : h * 2;
		struct handle_info *t = realloc(rec.handles, n * sizeof(*t));

		if (!t)
			return NULL;
		memset(t + rec.nhandles, 0, (n - rec.nhandles) * sizeof(*t));
		rec.handles = t;
		rec.nhandles = n;
	}
	return &rec.handles[h];
}

static void learn_size(uint32_t h, uint64_t size, uint32_t how)
{
	struct handle_info *hi = handle(h);

	if (hi)
		*hi = (struct handle_info){ .size = size, .known = RUBY_REC_SIZE_KNOWN | how };
}

static void learn_tiling(uint32_t h, uint32_t tiling_flags)
{
	struct handle_info *hi = handle(h);

	if (hi) {
		hi->tiling_flags = tiling_flags;
		hi->known |= RUBY_REC_TILING_KNOWN;
	}
}

/* A dma-buf's size is where its end is; its offset is back at 0 after. */
static uint64_t dmabuf_size(int fd)
{
	off_t end = lseek(fd, 0, SEEK_END);

	lseek(fd, 0, SEEK_SET);
	return end < 0 ? 0 : (uint64_t)end;
}

/* The buffer ioctls: what they tell of a handle, after they succeeded */
static void track_gem(unsigned long request, void *arg)
{
	switch (request) {
	case DRM_IOCTL_RADEON_GEM_CREATE: {
		struct drm_radeon_gem_create *c = arg;

		learn_size(c->handle, c->size, 0);
		break;
	}
	case DRM_IOCTL_RADEON_GEM_USERPTR: {
		struct drm_radeon_gem_userptr *u = arg;

		learn_size(u->handle, u->size, RUBY_REC_USERPTR);
		break;
	}
	case DRM_IOCTL_GEM_OPEN: {
		struct drm_gem_open *o = arg;

		learn_size(o->handle, o->size, RUBY_REC_IMPORTED);
		break;
	}
	case DRM_IOCTL_PRIME_FD_TO_HANDLE: {
		struct drm_prime_handle *p = arg;

		learn_size(p->handle, dmabuf_size(p->fd), RUBY_REC_IMPORTED);
		break;
	}
	case DRM_IOCTL_RADEON_GEM_SET_TILING:
	case DRM_IOCTL_RADEON_GEM_GET_TILING: {
		struct drm_radeon_gem_set_tiling *t = arg;

		learn_tiling(t->handle, t->tiling_flags);
		break;
	}
	case DRM_IOCTL_GEM_CLOSE: {
		struct drm_gem_close *c = arg;

		if (c->handle < rec.nhandles)
			rec.handles[c->handle] = (struct handle_info){};
		break;
	}
	}
}

/* Open RUBY_REC_DIR/<pid>.rec and write its header; -1 if not recording */
static int open_output(void)
{
	const char *dir = getenv("RUBY_REC_DIR");
	struct ruby_rec_header h = { .version = RUBY_REC_VERSION,
				     .header_bytes = sizeof(h) };
	char path[4096];
	int fd;

	if (!dir || !*dir)
		return -1;
	mkdir(dir, 0777);
	h.pid = getpid();
	snprintf(path, sizeof(path), "%s/%u.rec", dir, h.pid);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	memcpy(h.magic, RUBY_REC_MAGIC, sizeof(h.magic));
	if (write(fd, &h, sizeof(h)) != sizeof(h)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The output of this process (a forked child opens its own). Locked. */
static int output(void)
{
	if (rec.out_pid != getpid()) {
		if (rec.out >= 0 && rec.out_pid)
			close(rec.out);
		rec.out = open_output();
		rec.out_pid = getpid();
	}
	return rec.out;
}

/* The chunks of a CS: pointers to the IB and relocations, ring and flags */
struct cs_view {
	const uint32_t *ib;
	const struct drm_radeon_cs_reloc *relocs;
	struct ruby_rec_cs hdr;
};

static void read_chunks(const struct drm_radeon_cs *cs, struct cs_view *v)
{
	const uint64_t *ptrs = (const uint64_t *)(uintptr_t)cs->chunks;
	uint32_t i;

	for (i = 0; i < cs->num_chunks && i < 8; i++) {
		const struct drm_radeon_cs_chunk *c =
			(const struct drm_radeon_cs_chunk *)(uintptr_t)ptrs[i];
		const uint32_t *data = (const uint32_t *)(uintptr_t)c->chunk_data;

		if (c->chunk_id == RADEON_CHUNK_ID_IB) {
			v->ib = data;
			v->hdr.ndw = c->length_dw;
			v->hdr.chunks |= RUBY_REC_HAS_IB;
		} else if (c->chunk_id == RADEON_CHUNK_ID_RELOCS) {
			v->relocs = (const void *)data;
			v->hdr.nrelocs = c->length_dw / 4;
			v->hdr.chunks |= RUBY_REC_HAS_RELOCS;
		} else if (c->chunk_id == RADEON_CHUNK_ID_FLAGS && c->length_dw) {
			v->hdr.flags = data[0];
			v->hdr.ring = c->length_dw > 1 ? data[1] : 0;
			v->hdr.chunks |= RUBY_REC_HAS_FLAGS;
		}
	}
}

/* Relocation @i with what the handle table knows of its buffer. Locked. */
static void fill_reloc(struct ruby_rec_reloc *out, const struct drm_radeon_cs_reloc *r)
{
	const struct handle_info *hi = r->handle < rec.nhandles ? &rec.handles[r->handle] : NULL;

	*out = (struct ruby_rec_reloc){ .handle = r->handle, .read_domains = r->read_domains,
					.write_domain = r->write_domain, .flags = r->flags };
	if (hi) {
		out->size = hi->size;
		out->tiling_flags = hi->tiling_flags;
		out->known = hi->known;
	}
}

/* One record: header, relocations, IB, in one write(). Locked. */
static void record_cs(int fd, const struct drm_radeon_cs *cs, int ret)
{
	struct cs_view v = { .hdr = { .type = RUBY_REC_CS, .ret = ret, .fd = fd } };
	size_t relocs_bytes, bytes;
	struct ruby_rec_reloc *rr;
	uint8_t *buf;
	uint32_t i;
	int out;

	read_chunks(cs, &v);
	v.hdr.seq = rec.seq++;
	out = output();
	if (out < 0)
		return;
	relocs_bytes = (size_t)v.hdr.nrelocs * sizeof(*rr);
	bytes = sizeof(v.hdr) + relocs_bytes + (size_t)v.hdr.ndw * 4;
	buf = malloc(bytes);
	if (!buf)
		return;
	v.hdr.bytes = bytes;
	memcpy(buf, &v.hdr, sizeof(v.hdr));
	rr = (struct ruby_rec_reloc *)(buf + sizeof(v.hdr));
	for (i = 0; i < v.hdr.nrelocs; i++)
		fill_reloc(&rr[i], &v.relocs[i]);
	if (v.hdr.ndw)
		memcpy(buf + sizeof(v.hdr) + relocs_bytes, v.ib, (size_t)v.hdr.ndw * 4);
	if (write(out, buf, bytes) != (ssize_t)bytes)
		fprintf(stderr, "ruby-rec: a record was not written whole\n");
	free(buf);
}

int ioctl(int fd, unsigned long request, ...)
{
	int saved, ret;
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	ret = real_ioctl()(fd, request, arg);
	if (_IOC_TYPE(request) != DRM_IOCTL_BASE || !arg)
		return ret;
	saved = errno;
	pthread_mutex_lock(&rec.lock);
	if (request == DRM_IOCTL_RADEON_CS)
		record_cs(fd, arg, ret ? -saved : 0);
	else if (!ret)
		track_gem(request, arg);
	pthread_mutex_unlock(&rec.lock);
	errno = saved;
	return ret;
}
