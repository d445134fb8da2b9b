// SPDX-License-Identifier: GPL-2.0-only
/*
 * Throughput of the command-stream checker, built from the driver's own
 * source: synthetic Evergreen streams of 64 KiB to 1 MiB, with 1 to 1000
 * relocations, checked R times each. Reported per stream: MB/s (min,
 * median, max over the repeats) and the ratio of the checker's median time
 * to memcpy() of the same bytes, measured in the same run (the checker
 * must read every dword once; memcpy is the floor).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ruby_cs_check.h"

#define REPEATS		21
#define PKT3(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

enum kind { STATE, RELOCS, MIXED, DMA_COPY, TRIANGLE, TEXTURED, MSAA };

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

static void run(enum kind kind, u32 bytes, u32 nrelocs)
{
	u32 ndw = bytes / 4, i;
	u32 *pristine = malloc(bytes), *work = malloc(bytes), *dst = malloc(bytes);
	struct rcs_bo *bos = calloc(kind == DMA_COPY ? ndw : nrelocs, sizeof(*bos));
	double t_check[REPEATS], t_copy[REPEATS];
	u32 nbos = nrelocs;

	if (!pristine || !work || !dst || !bos) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	build(pristine, ndw, kind, nrelocs);
	if (kind == DMA_COPY)	/* two implicit relocations per copy */
		nbos = ndw;
	for (i = 0; i < nbos; i++)
		bos[i] = (struct rcs_bo){ .gpu_addr = 0x20000000ull + (u64)i * 65536,
					  .size = 65536, .write = true };
	for (i = 0; i < REPEATS; i++) {
		struct rcs_parser p = { .ib = work, .ndw = ndw, .bos = bos,
					.nbos = nbos, .gen = &rcs_evergreen,
					.num_rbs = 1, .num_pipes = 2,	/* Cedar */
					.keep_tiling = true };
		double t0;
		int ret;

		memcpy(work, pristine, bytes);
		t0 = now();
		ret = kind == DMA_COPY ? rcs_check_dma(&p) : rcs_check(&p);
		t_check[i] = now() - t0;
		if (ret) {
			fprintf(stderr, "%s: rejected at %u: %s\n", kind_name[kind],
				p.err_idx, p.err);
			exit(1);
		}
		t0 = now();
		memcpy(dst, pristine, bytes);
		t_copy[i] = now() - t0;
		sink += dst[i % ndw];
	}
	qsort(t_check, REPEATS, sizeof(double), cmp);
	qsort(t_copy, REPEATS, sizeof(double), cmp);
	printf("%-8s %5u KiB %5u relocs  %8.0f %8.0f %8.0f MB/s  memcpy %8.0f MB/s  ratio %6.1f\n",
	       kind_name[kind], bytes >> 10, kind == DMA_COPY ? nbos : nrelocs,
	       bytes / t_check[REPEATS - 1] / 1e6, bytes / t_check[REPEATS / 2] / 1e6,
	       bytes / t_check[0] / 1e6, bytes / t_copy[REPEATS / 2] / 1e6,
	       t_check[REPEATS / 2] / t_copy[REPEATS / 2]);
	free(pristine);
	free(work);
	free(dst);
	free(bos);
}

int main(void)
{
	static const u32 sizes[] = { 64 << 10, 256 << 10, 1 << 20 };
	static const u32 relocs[] = { 1, 10, 100, 1000 };
	unsigned int s, r;

	printf("checker throughput, %d repeats: min median max, and the median's ratio "
	       "to memcpy of the same bytes\n", REPEATS);
	for (s = 0; s < 3; s++)
		run(STATE, sizes[s], 1);
	for (s = 0; s < 3; s++)
		for (r = 0; r < 4; r++)
			run(RELOCS, sizes[s], relocs[r]);
	for (s = 0; s < 3; s++)
		run(MIXED, sizes[s], 100);
	for (s = 0; s < 3; s++)
		run(DMA_COPY, sizes[s], 0);
	for (s = 0; s < 3; s++)
		run(TRIANGLE, sizes[s], 4);
	for (s = 0; s < 3; s++)
		run(TEXTURED, sizes[s], 6);
	for (s = 0; s < 3; s++)
		run(MSAA, sizes[s], 8);
	return 0;
}
