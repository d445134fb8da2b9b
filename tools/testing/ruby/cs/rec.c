// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * Recorded streams: loading ruby-rec.so's recordings and checking them as
 * the kernel would (see rec.h).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rec.h"

#define REC_BASE	0x100000ull	/* where the first buffer goes */
#define REC_ALIGN	0x100000ull	/* every buffer 1 MiB-aligned */
#define REC_PAGE	4096ull
#define RING_DMA	2		/* RADEON_CS_RING_DMA */
#define KEEP_TILING	1		/* RADEON_CS_KEEP_TILING_FLAGS */

static void *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (!f)
		return NULL;
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 1 << 20;
			buf = realloc(buf, cap);
			if (!buf)
				break;
		}
		n = fread(buf + *len, 1, cap - *len, f);
		*len += n;
	} while (n);
	fclose(f);
	return buf;
}

static int add_stream(struct rec_set *set, const struct rec_stream *s)
{
	if (!(set->n & (set->n + 1))) {
		struct rec_stream *t = realloc(set->s, (2 * set->n + 1) * sizeof(*t));

		if (!t)
			return -1;
		set->s = t;
	}
	set->s[set->n++] = *s;
	return 0;
}

/* The records of one file, kept in memory for the streams to point into */
static int load_file(struct rec_set *set, const char *path)
{
	size_t len, at;
	u8 *buf = read_all(path, &len);
	const struct ruby_rec_header *h = (const void *)buf;
	char **files;

	if (!buf || len < sizeof(*h) || memcmp(h->magic, RUBY_REC_MAGIC, 8) ||
	    h->version != RUBY_REC_VERSION || h->header_bytes < sizeof(*h)) {
		fprintf(stderr, "%s: not a ruby recording\n", path);
		free(buf);
		return -1;
	}
	files = realloc(set->files, (set->nfiles + 1) * sizeof(*files));
	if (!files)
		return -1;
	set->files = files;
	files[set->nfiles] = strdup(path);
	for (at = h->header_bytes; at + sizeof(struct ruby_rec_cs) <= len;) {
		const struct ruby_rec_cs *cs = (const void *)(buf + at);
		struct rec_stream s = { .hdr = cs, .origin = set->nfiles };

		if (cs->bytes < sizeof(*cs) || cs->bytes > len - at)
			break;
		if (cs->type == RUBY_REC_CS &&
		    cs->bytes == sizeof(*cs) + (u64)cs->nrelocs * sizeof(*s.relocs) +
				 (u64)cs->ndw * 4) {
			s.relocs = (const void *)(cs + 1);
			s.ib = (const u32 *)(s.relocs + cs->nrelocs);
			if (add_stream(set, &s))
				return -1;
		}
		at += cs->bytes;
	}
	set->torn += at != len;
	set->nfiles++;
	return 0;
}

static int load_dir(struct rec_set *set, const char *path)
{
	struct dirent **names;
	int i, n = scandir(path, &names, NULL, alphasort), ret = 0;

	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		size_t len = strlen(name);
		char sub[4096];

		if (name[0] != '.' && !ret) {
			snprintf(sub, sizeof(sub), "%s/%s", path, name);
			if (len > 4 && !strcmp(name + len - 4, ".rec"))
				ret = rec_load(set, sub);
			else if (names[i]->d_type == DT_DIR)
				ret = load_dir(set, sub);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

/**
 * rec_load - add the streams of a recording, or of every *.rec under a
 *	directory (in name order), to @set
 * @set: the loaded recordings
 * @path: a file or directory
 *
 * Returns: 0, or -1 (with a message) if a file could not be read.
 */
int rec_load(struct rec_set *set, const char *path)
{
	struct stat st;

	if (stat(path, &st)) {
		perror(path);
		return -1;
	}
	return S_ISDIR(st.st_mode) ? load_dir(set, path) : load_file(set, path);
}

/**
 * rec_max - the longest IB and the most relocations of any stream in @set
 * @set: the streams
 * @nrelocs: the most relocations (at least 1)
 *
 * Returns: the longest IB's dwords (at least 1), for sizing buffers.
 */
u32 rec_max(const struct rec_set *set, u32 *nrelocs)
{
	u32 ndw = 1;
	size_t i;

	*nrelocs = 1;
	for (i = 0; i < set->n; i++) {
		if (set->s[i].hdr->ndw > ndw)
			ndw = set->s[i].hdr->ndw;
		if (set->s[i].hdr->nrelocs > *nrelocs)
			*nrelocs = set->s[i].hdr->nrelocs;
	}
	return ndw;
}

bool rec_is_dma(const struct rec_stream *s)
{
	return s->hdr->ring == RING_DMA;
}

/**
 * rec_bos - the buffers of a stream as the checker sees them
 * @s: the stream
 * @bos: its relocations' buffers, s->hdr->nrelocs of them
 *
 * Each buffer has its recorded size (in whole pages, as GEM rounds it)
 * and tiling flags, at its own 1 MiB-aligned address, disjoint from the
 * others; written if its relocation has a write domain.
 *
 * Returns: how many relocations name a buffer of unknown size.
 */
u32 rec_bos(const struct rec_stream *s, struct rcs_bo *bos)
{
	u64 addr = REC_BASE;
	u32 i, unknown = 0;

	for (i = 0; i < s->hdr->nrelocs; i++) {
		const struct ruby_rec_reloc *r = &s->relocs[i];
		u64 size = (r->size + REC_PAGE - 1) & ~(REC_PAGE - 1);

		unknown += !(r->known & RUBY_REC_SIZE_KNOWN);
		bos[i] = (struct rcs_bo){ .gpu_addr = addr, .size = size,
					  .tiling_flags = r->tiling_flags,
					  .write = r->write_domain != 0 };
		addr = (addr + size + REC_ALIGN - 1) & ~(REC_ALIGN - 1);
	}
	return unknown;
}

/**
 * rec_parser - a parser for a stream, as the CS ioctl sets it up on a Cedar
 * @s: the stream
 * @work: room for its IB, copied there to be checked in place
 * @bos: its buffers (rec_bos())
 * @p: the parser
 */
void rec_parser(const struct rec_stream *s, u32 *work, struct rcs_bo *bos,
		struct rcs_parser *p)
{
	memcpy(work, s->ib, (size_t)s->hdr->ndw * 4);
	*p = (struct rcs_parser){ .ib = work, .ndw = s->hdr->ndw, .bos = bos,
				  .nbos = s->hdr->nrelocs, .gen = &rcs_evergreen,
				  .num_rbs = 1, .num_pipes = 2, .num_banks = 4, .num_ses = 1,
				  .keep_tiling = s->hdr->flags & KEEP_TILING };
}

/**
 * rec_check - ruby's checker on a stream, as the CS ioctl runs it on a Cedar
 * @s: the stream
 * @work: room for its IB, checked (relocated) in place
 * @bos: its buffers (rec_bos())
 * @p: the parser, its error when refused
 *
 * Returns: 0 if accepted, -1 if refused.
 */
int rec_check(const struct rec_stream *s, u32 *work, struct rcs_bo *bos,
	      struct rcs_parser *p)
{
	rec_parser(s, work, bos, p);
	if (!s->hdr->ndw)
		return rcs_fail(p, 0, "no IB", 0);
	return rec_is_dma(s) ? rcs_check_dma(p) : rcs_check(p);
}

/* FNV-1a: @len bytes at @data hashed on from @h (REC_FNV_BASIS to start) */
u64 rec_fnv(u64 h, const void *data, size_t len)
{
	const u8 *b = data;

	while (len--)
		h = (h ^ *b++) * 0x100000001b3ull;
	return h;
}

/* What makes two streams the same: ring, flags, IB, buffers' shapes */
static u64 reloc_shape(const struct ruby_rec_reloc *r)
{
	u64 v[3] = { r->read_domains | (u64)r->write_domain << 32, r->size,
		     r->tiling_flags | (u64)(r->known & RUBY_REC_SIZE_KNOWN) << 32 };

	return rec_fnv(REC_FNV_BASIS, v, sizeof(v));
}

u64 rec_shape_hash(const struct rec_stream *s)
{
	u64 h = REC_FNV_BASIS;
	u32 i, v[3] = { s->hdr->ring, s->hdr->flags, s->hdr->ndw };

	h = rec_fnv(h, v, sizeof(v));
	h = rec_fnv(h, s->ib, (size_t)s->hdr->ndw * 4);
	for (i = 0; i < s->hdr->nrelocs; i++) {
		u64 r = reloc_shape(&s->relocs[i]);

		h = rec_fnv(h, &r, sizeof(r));
	}
	return h;
}

bool rec_same_shape(const struct rec_stream *a, const struct rec_stream *b)
{
	u32 i;

	if (a->hdr->ring != b->hdr->ring || a->hdr->flags != b->hdr->flags ||
	    a->hdr->ndw != b->hdr->ndw || a->hdr->nrelocs != b->hdr->nrelocs ||
	    memcmp(a->ib, b->ib, (size_t)a->hdr->ndw * 4))
		return false;
	for (i = 0; i < a->hdr->nrelocs; i++)
		if (reloc_shape(&a->relocs[i]) != reloc_shape(&b->relocs[i]))
			return false;
	return true;
}

int rec_write_header(FILE *f)
{
	struct ruby_rec_header h = { .magic = RUBY_REC_MAGIC, .version = RUBY_REC_VERSION,
				     .header_bytes = sizeof(h) };

	return fwrite(&h, sizeof(h), 1, f) == 1 ? 0 : -1;
}

int rec_write(FILE *f, const struct rec_stream *s)
{
	return fwrite(s->hdr, s->hdr->bytes, 1, f) == 1 ? 0 : -1;
}
