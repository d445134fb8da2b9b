// SPDX-License-Identifier: GPL-2.0-only
/*
 * Throughput of the command-stream checker, built from the driver's own
 * source: synthetic Evergreen streams of 64 KiB to 1 MiB, with 1 to 1000
 * relocations, checked R times each. Reported per stream: MB/s (min,
 * median, max over the repeats) and the ratio of the checker's median time
 * to memcpy() of the same bytes, measured in the same run (the checker
 * must read every dword once; memcpy is the floor); then upstream radeon's
 * Evergreen checker (evergreen_cs.c, built unmodified from Debian's
 * linux-source-6.12, see upstream/) on the same stream with the same
 * relocations: its median MB/s and how many times faster ruby is. At the
 * end, that speedup per kind of stream (geometric mean over its sizes and
 * relocation counts) and the geometric mean over the kinds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ruby_cs_check.h"
#include "upstream.h"

#ifndef REPEATS
#define REPEATS 21
#endif
#define PKT3(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

enum kind { STATE, RELOCS, MIXED, DMA_COPY, TRIANGLE, TEXTURED, MSAA };
#define NKINDS		(MSAA + 1)

static const char *const kind_name[] = {
	"state", "relocs", "mixed", "dma-copy", "triangle", "textured", "msaa",
};

#include "corpus.h"

/* Copy a corpus stream of @bytes to @ib; its length in dwords */
static u32 append(u32 *ib, const u32 *stream, size_t bytes)
{
	memcpy(ib, stream, bytes);
	return bytes / 4;
}

/* Fill @ib (@ndw dwords) with one kind of valid stream. */
static u32 build(u32 *ib, u32 ndw, enum kind kind, u32 nrelocs)
{
	u32 n = 0, r = 0, i;

	while (n + 160 <= ndw) {
		switch (kind) {
		case TEXTURED:
			n += append(&ib[n], corpus_triangle, sizeof(corpus_triangle));
			n += append(&ib[n], corpus_textured, sizeof(corpus_textured));
			break;
		case TRIANGLE:
			n += append(&ib[n], corpus_triangle, sizeof(corpus_triangle));
			break;
		case MSAA:
			n += append(&ib[n], corpus_triangle, sizeof(corpus_triangle));
			n += append(&ib[n], corpus_msaa, sizeof(corpus_msaa));
			break;
		case STATE:
			/* 16 viewport/scissor registers in one packet */
			ib[n++] = PKT3(0x69, 17);
			ib[n++] = (0x28250 - 0x28000) / 4;
			for (i = 0; i < 16; i++)
				ib[n++] = i;
			break;
		case RELOCS:
			ib[n++] = PKT3(0x3d, 4);
			ib[n++] = 64;
			ib[n++] = 1u << 18;
			ib[n++] = r;
			ib[n++] = 0;
			ib[n++] = RELOC_NOP;
			ib[n++] = 4 * (r++ % nrelocs);
			break;
		case MIXED:
			ib[n++] = PKT3(0x69, 3);
			ib[n++] = (0x28204 - 0x28000) / 4;
			ib[n++] = 0;
			ib[n++] = 0x20002000;
			ib[n++] = PKT3(0x43, 4);
			ib[n++] = 0x01800000;
			ib[n++] = 0xffffffff;
			ib[n++] = 0;
			ib[n++] = 10;
			ib[n++] = PKT3(0x47, 5);
			ib[n++] = 0x514;
			ib[n++] = 32;
			ib[n++] = 1u << 29;
			ib[n++] = 1;
			ib[n++] = 0;
			ib[n++] = RELOC_NOP;
			ib[n++] = 4 * (r++ % nrelocs);
			break;
		case DMA_COPY:
			ib[n++] = (0x3u << 28) | 16;
			ib[n++] = 0;
			ib[n++] = 64;
			ib[n++] = 0;
			ib[n++] = 0;
			break;
		}
	}
	if (kind == DMA_COPY)
		while (n < ndw)
			ib[n++] = 0xf0000000;	/* DMA NOP */
	else
		while (n < ndw)
			ib[n++] = 0x80000000;	/* type-2 filler */
	return r;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static volatile u32 sink;

/* Speedups over upstream per kind: sum of logs and count, for the means */
static double kind_log[NKINDS];
static unsigned int kind_n[NKINDS];

typedef int (*check_fn)(u32 *ib, u32 ndw, void *ctx);

struct stream {
	enum kind kind;
	u32 *pristine, *work, ndw;
};

/* The median of REPEATS checks of a fresh copy of the stream; < 0: rejected */
static double time_checks(const struct stream *s, check_fn check, void *ctx, double *fastest,
			  double *slowest)
{
	double t[REPEATS];
	unsigned int i;

	for (i = 0; i < REPEATS; i++) {
		double t0;

		memcpy(s->work, s->pristine, 4ull * s->ndw);
		t0 = now();
		if (check(s->work, s->ndw, ctx))
			return -1;
		t[i] = now() - t0;
	}
	qsort(t, REPEATS, sizeof(double), cmp);
	if (fastest)
		*fastest = t[0];
	if (slowest)
		*slowest = t[REPEATS - 1];
	return t[REPEATS / 2];
}

/* Ruby's checker on one kind of stream */
struct ruby_run {
	struct rcs_parser p;
	bool dma;
};

static int ruby_check(u32 *ib, u32 ndw, void *ctx)
{
	struct ruby_run *r = ctx;
	struct rcs_parser *p = &r->p;

	p->ib = ib;
	p->ndw = ndw;
	if (r->dma ? rcs_check_dma(p) : rcs_check(p)) {
		fprintf(stderr, "ruby rejected the stream at %u: %s\n", p->err_idx, p->err);
		return -1;
	}
	return 0;
}

static int upstream_run(u32 *ib, u32 ndw, void *ctx)
{
	return upstream_check(ib, ndw, *(bool *)ctx);
}

static double memcpy_time(const struct stream *s, u32 *dst)
{
	double t[REPEATS];
	unsigned int i;

	for (i = 0; i < REPEATS; i++) {
		double t0 = now();

		memcpy(dst, s->pristine, 4ull * s->ndw);
		t[i] = now() - t0;
		sink += dst[i % s->ndw];
	}
	qsort(t, REPEATS, sizeof(double), cmp);
	return t[REPEATS / 2];
}

/* Upstream's column: its median MB/s and ruby's speedup over it */
static void upstream_column(const struct stream *s, const struct rcs_bo *bos, u32 nbos,
			    double t_ruby, u32 bytes)
{
	struct upstream_bo *ubos = calloc(nbos + 1, sizeof(*ubos));
	bool dma = s->kind == DMA_COPY;
	double t;
	u32 i;

	for (i = 0; i < nbos; i++)
		ubos[i] = (struct upstream_bo){ .gpu_addr = bos[i].gpu_addr,
						.size = bos[i].size,
						.tiling_flags = bos[i].tiling_flags };
	if (!ubos || upstream_prepare(ubos, nbos)) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	free(ubos);
	t = time_checks(s, upstream_run, &dma, NULL, NULL);
	if (t < 0) {
		printf("  upstream rejects it\n");
		return;
	}
	printf("  upstream %8.0f MB/s  ruby x%5.2f\n", bytes / t / 1e6, t / t_ruby);
	kind_log[s->kind] += log(t / t_ruby);
	kind_n[s->kind]++;
}

static void run(enum kind kind, u32 bytes, u32 nrelocs)
{
	u32 ndw = bytes / 4, i, nbos = kind == DMA_COPY ? ndw : nrelocs;
	u32 *dst = malloc(bytes);
	struct stream s = { .kind = kind, .pristine = malloc(bytes), .work = malloc(bytes),
			    .ndw = ndw };
	struct rcs_bo *bos = calloc(nbos, sizeof(*bos));
	struct ruby_run r = {
		.p = { .bos = bos, .nbos = nbos, .gen = &rcs_evergreen,
		       .num_rbs = 1, .num_pipes = 2,	/* Cedar */
		       .keep_tiling = true },
		.dma = kind == DMA_COPY,
	};
	double t_check, t_min, t_max, t_copy;

	if (!s.pristine || !s.work || !dst || !bos) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	build(s.pristine, ndw, kind, nrelocs);
	/* DMA copies take two implicit relocations each */
	for (i = 0; i < nbos; i++)
		bos[i] = (struct rcs_bo){ .gpu_addr = 0x20000000ull + (u64)i * 65536,
					  .size = 65536, .write = true };
	t_check = time_checks(&s, ruby_check, &r, &t_min, &t_max);
	if (t_check < 0) {
		fprintf(stderr, "%s: rejected\n", kind_name[kind]);
		exit(1);
	}
	t_copy = memcpy_time(&s, dst);
	printf("%-8s %5u KiB %6u relocs  %6.0f %6.0f %6.0f MB/s  memcpy x%5.1f",
	       kind_name[kind], bytes >> 10, nbos, bytes / t_max / 1e6,
	       bytes / t_check / 1e6, bytes / t_min / 1e6, t_check / t_copy);
	if (upstream_available)
		upstream_column(&s, bos, nbos, t_check, bytes);
	else
		printf("\n");
	free(s.pristine);
	free(s.work);
	free(dst);
	free(bos);
}

/* Ruby's speedup over upstream per kind, and the geometric mean of those */
static void summary(void)
{
	double sum = 0;
	unsigned int k, kinds = 0;

	if (!upstream_available) {
		printf("no upstream column: %s is absent (apt-get install linux-source-6.12)\n",
		       "/usr/src/linux-source-6.12.tar.xz");
		return;
	}
	printf("ruby's speedup over upstream radeon's evergreen_cs.c, per kind:");
	for (k = 0; k < NKINDS; k++) {
		if (!kind_n[k])
			continue;
		printf(" %s x%.2f", kind_name[k], exp(kind_log[k] / kind_n[k]));
		sum += kind_log[k] / kind_n[k];
		kinds++;
	}
	printf("\ngeometric mean over the kinds: x%.2f\n", kinds ? exp(sum / kinds) : 0);
}

/* With arguments, only the kinds they name (for profiling one) */
static bool wanted(int argc, char **argv, enum kind kind)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], kind_name[kind]))
			return true;
	return argc < 2;
}

int main(int argc, char **argv)
{
	static const u32 sizes[] = { 64 << 10, 256 << 10, 1 << 20 };
	static const u32 relocs[] = { 1, 10, 100, 1000 };
	static const u32 draw_relocs[] = { [TRIANGLE] = 4, [TEXTURED] = 6, [MSAA] = 8 };
	unsigned int s, r, k;

	printf("checker throughput, %d repeats: min median max, the median's ratio to\n"
	       "memcpy of the same bytes; upstream's median and ruby's speedup over it\n",
	       REPEATS);
	for (k = 0; k < NKINDS; k++) {
		if (!wanted(argc, argv, k))
			continue;
		for (s = 0; s < 3; s++) {
			if (k != RELOCS) {
				run(k, sizes[s], k == MIXED ? 100 : k >= TRIANGLE ?
				    draw_relocs[k] : k == STATE);
				continue;
			}
			for (r = 0; r < 4; r++)
				run(k, sizes[s], relocs[r]);
		}
	}
	summary();
	return 0;
}
