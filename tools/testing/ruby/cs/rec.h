/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Recorded streams (../recorder/ruby_rec.h) for host programs: loading
 * recordings, and running one stream through ruby's checker with its
 * buffers synthesised as the kernel would have placed them.
 */
#ifndef __RUBY_CS_REC_H__
#define __RUBY_CS_REC_H__

#include <stdio.h>

#include "ruby_cs_check.h"
#include "../recorder/ruby_rec.h"

/**
 * struct rec_stream - one recorded DRM_IOCTL_RADEON_CS
 * @hdr: the record's header
 * @relocs: its relocations (in the loaded file)
 * @ib: its IB (in the loaded file)
 * @origin: which recording it came from (index in rec_set.files)
 */
struct rec_stream {
	const struct ruby_rec_cs *hdr;
	const struct ruby_rec_reloc *relocs;
	const u32 *ib;
	u32 origin;
};

/**
 * struct rec_set - recordings loaded in memory
 * @s: the streams, in file order
 * @n: how many
 * @files: the recordings' paths
 * @nfiles: how many
 * @torn: records dropped because a file ended inside them
 */
struct rec_set {
	struct rec_stream *s;
	size_t n;
	char **files;
	u32 nfiles;
	u32 torn;
};

int rec_load(struct rec_set *set, const char *path);
u32 rec_max(const struct rec_set *set, u32 *nrelocs);
bool rec_is_dma(const struct rec_stream *s);
u32 rec_bos(const struct rec_stream *s, struct rcs_bo *bos);
void rec_parser(const struct rec_stream *s, u32 *work, struct rcs_bo *bos,
		struct rcs_parser *p);
int rec_check(const struct rec_stream *s, u32 *work, struct rcs_bo *bos,
	      struct rcs_parser *p);
#define REC_FNV_BASIS	0xcbf29ce484222325ull
u64 rec_fnv(u64 h, const void *data, size_t len);
u64 rec_shape_hash(const struct rec_stream *s);
bool rec_same_shape(const struct rec_stream *a, const struct rec_stream *b);
int rec_write_header(FILE *f);
int rec_write(FILE *f, const struct rec_stream *s);

#endif /* __RUBY_CS_REC_H__ */
