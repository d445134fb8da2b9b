// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * verdicts RECORDING...: the checker's verdict on every recorded stream
 * and on eight mutants of each (a dword replaced, a bit flipped, a small
 * value added, at a random place; the same places on every run), one
 * line each: the verdict, the reason, where and what it refused, and a
 * hash of the relocated stream it accepted.
 *
 * Two builds of the checker must print the same lines: the kernel's
 * code generation calls and inlines handlers in another way than the
 * host's (eg_run_op()), and make check-kernel-codegen compares the two.
 */
#include <stdlib.h>
#include <string.h>

#include "rec.h"

#define MUTANTS		8

static u64 rng = 88172645463325252ull;

/* xorshift64: the same sequence on every run and every build */
static u64 next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Mutant @m (1 to MUTANTS) of the @ndw dwords at @ib */
static void mutate(u32 *ib, u32 ndw, unsigned int m)
{
	u32 at = next_random() % ndw, v = next_random();

	switch (m % 3) {
	case 0:
		ib[at] = v;
		break;
	case 1:
		ib[at] ^= 1u << (v % 32);
		break;
	default:
		ib[at] += (v % 9) - 4;
		break;
	}
}

static void verdict(const struct rec_stream *s, u32 *work, struct rcs_bo *bos,
		    unsigned int f, size_t i, unsigned int m)
{
	struct rcs_parser p;
	int ret = rec_check(s, work, bos, &p);

	printf("%u %zu %u %d %s %u %llx %llx\n", f, i, m, ret, p.err ? p.err : "-",
	       p.err ? p.err_idx : 0, (unsigned long long)(p.err ? p.err_val : 0),
	       (unsigned long long)(ret ? 0 : rec_fnv(REC_FNV_BASIS, work, 4ull * s->hdr->ndw)));
}

static int recording(const char *path, unsigned int f)
{
	struct rec_set set = {};
	struct rcs_bo *bos;
	u32 *work, *copy, nrelocs, ndw;
	unsigned int m;
	size_t i;

	if (rec_load(&set, path))
		return 1;
	ndw = rec_max(&set, &nrelocs);
	work = malloc(4ull * ndw + 4);
	copy = malloc(4ull * ndw + 4);
	bos = calloc(nrelocs + 1, sizeof(*bos));
	if (!work || !copy || !bos) {
		fprintf(stderr, "verdicts: out of memory\n");
		return 1;
	}
	for (i = 0; i < set.n; i++) {
		struct rec_stream s = set.s[i];

		for (m = 0; m <= MUTANTS; m++) {
			memcpy(copy, set.s[i].ib, 4ull * s.hdr->ndw);
			if (m && s.hdr->ndw)
				mutate(copy, s.hdr->ndw, m);
			s.ib = copy;
			rec_bos(&s, bos);
			verdict(&s, work, bos, f, i, m);
		}
	}
	free(work);
	free(copy);
	free(bos);
	return 0;
}

int main(int argc, char **argv)
{
	int f;

	if (argc < 2) {
		fprintf(stderr, "usage: verdicts RECORDING...\n");
		return 2;
	}
	for (f = 1; f < argc; f++)
		if (recording(argv[f], f))
			return 1;
	return 0;
}
