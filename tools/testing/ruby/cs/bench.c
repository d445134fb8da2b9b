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
 * relocations, its checks and ruby's taken in turn: its best MB/s and how
 * many times faster ruby is, best time against best time (on a shared
 * machine, whatever else runs only ever adds to a time; medians of the
 * two moved by up to a tenth between runs). Then the real corpus's rows
 * (recorded Mesa streams; per stream, each checker's fastest of the
 * repeats). At the end, that speedup per kind of stream (geometric mean
 * over its sizes and relocation counts) and the geometric mean over the
 * kinds; then the other generations' rows ("generations", or "r500"
 * alone): R6xx/R7xx next to upstream's r600_cs.c the same way, R5xx with
 * the ratio to memcpy only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rec.h"
#include "ruby_cs_check.h"
#include "r600/r600_cs.h"
#include "r500/r500_cs.h"
#include "upstream.h"

#ifndef REPEATS
#define REPEATS 21
#endif
#define PKT3(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

enum kind {
	STATE, RELOCS, MIXED, DMA_COPY, TRIANGLE, TEXTURED, MSAA,
	REAL_GFX, REAL_DMA, REAL_STAGES, REAL_COMPUTE, REAL_MSAA_TEX, REAL_ALL
};
#define NKINDS		(REAL_ALL + 1)

static const char *const kind_name[] = {
	"state", "relocs", "mixed", "dma-copy", "triangle", "textured", "msaa",
	"real-gfx", "real-dma", "real-stages", "real-compute", "real-msaa-tex",
	"real-all",
};

/*
 * The real corpus's streams, as the Makefile decompresses them: those
 * ruby accepted when they were recorded, and those it refused then (the
 * features it has learnt since: geometry and tessellation, compute,
 * multisampled textures), which the feature rows take theirs from
 */
#ifndef REAL_CORPUS
#define REAL_CORPUS	"corpus-real/accepted.rec"
#endif
#ifndef REAL_REFUSED
#define REAL_REFUSED	"corpus-real/refused.rec"
#endif

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
		default:
			return 0;	/* the real rows: real_rows() */
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

/* One check of a fresh copy of the stream, timed; < 0: rejected */
static double time_one(const struct stream *s, check_fn check, void *ctx)
{
	double t0;

	memcpy(s->work, s->pristine, 4ull * s->ndw);
	t0 = now();
	if (check(s->work, s->ndw, ctx))
		return -1;
	return now() - t0;
}

/* The median of REPEATS checks of a fresh copy of the stream; < 0: rejected */
static double time_checks(const struct stream *s, check_fn check, void *ctx, double *fastest,
			  double *slowest)
{
	double t[REPEATS];
	unsigned int i;

	for (i = 0; i < REPEATS; i++) {
		t[i] = time_one(s, check, ctx);
		if (t[i] < 0)
			return -1;
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

static int upstream_r600_run(u32 *ib, u32 ndw, void *ctx)
{
	return upstream_check_r600(ib, ndw, *(bool *)ctx);
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

/* Hand upstream's checker the same buffers */
static void upstream_bos(const struct rcs_bo *bos, u32 nbos)
{
	struct upstream_bo *ubos = calloc(nbos + 1, sizeof(*ubos));
	u32 i;

	if (!ubos) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	for (i = 0; i < nbos; i++)
		ubos[i] = (struct upstream_bo){ .gpu_addr = bos[i].gpu_addr,
						.size = bos[i].size,
						.tiling_flags = bos[i].tiling_flags };
	if (upstream_prepare(ubos, nbos)) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	free(ubos);
}

/*
 * Upstream's column: its best MB/s and ruby's speedup over it, best
 * against best, added to *@log_sum and counted in *@n (a mean's terms);
 * nothing added where upstream refused the stream (@t_up < 0)
 */
static void upstream_column(double t_up, double t_ruby, u32 bytes, double *log_sum, u32 *n)
{
	if (t_up < 0) {
		printf("  upstream rejects it\n");
		return;
	}
	printf("  upstream %8.0f MB/s  ruby x%5.2f\n", bytes / t_up / 1e6, t_up / t_ruby);
	*log_sum += log(t_up / t_ruby);
	(*n)++;
}

/*
 * Ruby's and upstream's checks of the stream in turn, REPEATS of each:
 * a drift in the machine's speed during the row moves both columns alike.
 * Ruby's median, fastest and slowest, upstream's fastest (< 0: it refused
 * the stream); < 0 if ruby refused it.
 */
static double time_both(const struct stream *s, struct ruby_run *r, check_fn up_check,
			void *up_ctx, double *fastest, double *slowest, double *t_up)
{
	double t[REPEATS], u[REPEATS];
	bool up = upstream_available;
	unsigned int i;

	for (i = 0; i < REPEATS; i++) {
		t[i] = time_one(s, ruby_check, r);
		if (t[i] < 0)
			return -1;
		if (up) {
			u[i] = time_one(s, up_check, up_ctx);
			up = u[i] >= 0;
		}
	}
	qsort(t, REPEATS, sizeof(double), cmp);
	if (up)
		qsort(u, REPEATS, sizeof(double), cmp);
	*fastest = t[0];
	*slowest = t[REPEATS - 1];
	*t_up = up ? u[0] : -1;
	return t[REPEATS / 2];
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
		       .num_rbs = 1, .num_pipes = 2, .num_ses = 1,	/* Cedar */
		       .keep_tiling = true },
		.dma = kind == DMA_COPY,
	};
	double t_check, t_min, t_max, t_copy, t_up;
	bool dma = kind == DMA_COPY;

	if (!s.pristine || !s.work || !dst || !bos) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	build(s.pristine, ndw, kind, nrelocs);
	/* DMA copies take two implicit relocations each */
	for (i = 0; i < nbos; i++)
		bos[i] = (struct rcs_bo){ .gpu_addr = 0x20000000ull + (u64)i * 65536,
					  .size = 65536, .write = true };
	if (upstream_available)
		upstream_bos(bos, nbos);
	t_check = time_both(&s, &r, upstream_run, &dma, &t_min, &t_max, &t_up);
	if (t_check < 0) {
		fprintf(stderr, "%s: rejected\n", kind_name[kind]);
		exit(1);
	}
	t_copy = memcpy_time(&s, dst);
	printf("%-8s %5u KiB %6u relocs  %6.0f %6.0f %6.0f MB/s  memcpy x%5.1f",
	       kind_name[kind], bytes >> 10, nbos, bytes / t_max / 1e6,
	       bytes / t_check / 1e6, bytes / t_min / 1e6, t_check / t_copy);
	if (upstream_available)
		upstream_column(t_up, t_min, bytes, &kind_log[kind], &kind_n[kind]);
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
	double sum = 0, synthetic = 0;
	unsigned int k, kinds = 0, nsynthetic = 0;

	for (k = 0; k < NKINDS && !kind_n[k]; k++)
		;
	if (k == NKINDS)	/* no kind with an upstream column ran */
		return;
	if (!upstream_available) {
		printf("no upstream column: %s is absent (apt-get install linux-source-6.12)\n",
		       "/usr/src/linux-source-6.12.tar.xz");
		return;
	}
	printf("ruby's speedup over upstream radeon's evergreen_cs.c, per kind:");
	for (k = 0; k < REAL_ALL; k++) {
		if (!kind_n[k])
			continue;
		printf(" %s x%.2f", kind_name[k], exp(kind_log[k] / kind_n[k]));
		sum += kind_log[k] / kind_n[k];
		kinds++;
		if (k <= MSAA) {
			synthetic += kind_log[k] / kind_n[k];
			nsynthetic++;
		}
	}
	printf("\ngeometric mean over the synthetic kinds: x%.2f; with the real corpus's: x%.2f\n",
	       nsynthetic ? exp(synthetic / nsynthetic) : 0, kinds ? exp(sum / kinds) : 0);
	if (kind_n[REAL_ALL])
		printf("the real corpus as a whole (real-all: every recorded stream both take, once): x%.2f\n",
		       exp(kind_log[REAL_ALL] / kind_n[REAL_ALL]));
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

/*
 * The real corpus (corpus-real/, recorded from Mesa by ../recorder): every
 * accepted stream of a ring, checked by both, REPEATS times over; MB/s of
 * the whole set (min, median, max) and upstream's median.
 */

/* Upstream's depth check reaches a buffer the stream never relocated */
struct db_state {
	u32 z_info, s_info, control;
	bool z_base, s_base;
};

static void db_reg(struct db_state *db, u32 reg, u32 val)
{
	if (reg == 0x28040)		/* DB_Z_INFO */
		db->z_info = val;
	else if (reg == 0x28044)	/* DB_STENCIL_INFO */
		db->s_info = val;
	else if (reg == 0x28800)	/* DB_DEPTH_CONTROL */
		db->control = val;
	else if (reg == 0x28048 || reg == 0x28050)	/* DB_Z_READ/WRITE_BASE */
		db->z_base = true;
	else if (reg == 0x2804c || reg == 0x28054)	/* DB_STENCIL_... */
		db->s_base = true;
}

/* A draw or dispatch: upstream checks the tracked state there */
static bool upstream_tracks(u32 op)
{
	return op == 0x15 || op == 0x16 || op == 0x24 || op == 0x25 || op == 0x27 ||
	       op == 0x29 || op == 0x2b || op == 0x2d || op == 0x2e || op == 0x30 ||
	       op == 0x35;
}

/*
 * Would upstream's evergreen_cs.c dereference a NULL depth or stencil
 * buffer? Its defaults (all ones) have both formats valid and both tests
 * on, so a draw validates DB_Z/STENCIL_READ/WRITE_BASE's buffers whether
 * or not the stream relocated them.
 */
static bool upstream_null_depth(const struct rec_stream *s)
{
	struct db_state db = { ~0u, ~0u, ~0u, false, false };
	const u32 *ib = s->ib;
	u32 i = 0, k, n;

	while (i < s->hdr->ndw) {
		u32 hdr = ib[i], op = hdr >> 8 & 0xff;

		n = (hdr >> 16 & 0x3fff) + 1;
		if (hdr >> 30 == 2) {
			i++;
			continue;
		}
		if (hdr >> 30 == 3 && op == 0x69 && i + 1 + n <= s->hdr->ndw)
			for (k = 1; k < n; k++)
				db_reg(&db, 0x28000 + 4 * (ib[i + 1] + k - 1), ib[i + 1 + k]);
		if (hdr >> 30 == 3 && upstream_tracks(op) &&
		    (((db.z_info & 3) && (db.control & 2) && !db.z_base) ||
		     ((db.s_info & 1) && (db.control & 1) && !db.s_base)))
			return true;
		i += n + 1;
	}
	return false;
}

/*
 * What a now() pair costs by itself (median of many): the real rows time
 * each stream on its own, and DMA streams are a few dwords, so both
 * checkers' times are taken net of it
 */
static double timer_cost;

static void calibrate_timer(void)
{
	double t[1001];
	unsigned int i;

	for (i = 0; i < 1001; i++) {
		double t0 = now();

		t[i] = now() - t0;
	}
	qsort(t, 1001, sizeof(double), cmp);
	timer_cost = t[500];
}

struct real_set {
	const struct rec_stream **s;
	u32 n, up_refused, null_depth;
	u64 bytes;
	u32 *work;
	struct rcs_bo *bos;
	struct upstream_bo *ubos;
};

/*
 * Copies of one stream timed together: a DMA stream is a few dwords,
 * checked in less than the clock resolves; under BATCH_DW dwords, each
 * stream is checked as many times back to back as fill that many, and
 * counted once at the mean time. Longer streams are timed alone.
 */
#define BATCH_DW	4096

static u32 real_copies(u32 *work, const struct rec_stream *s)
{
	u32 ndw = s->hdr->ndw, copies = ndw && ndw < BATCH_DW ? BATCH_DW / ndw : 1, j;

	for (j = 0; j < copies; j++)
		memcpy(work + j * ndw, s->ib, 4ull * ndw);
	return copies;
}

/*
 * One stream's time, @t, noted in @best if it is its fastest yet. The
 * machine is shared: whatever else runs only ever adds to a time, so a
 * stream's fastest check over the repeats is the one closest to its cost.
 */
static double keep_best(double *best, double t)
{
	if (t < *best)
		*best = t;
	return t;
}

static double sum(const double *v, u32 n)
{
	double s = 0;
	u32 i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s;
}

/* Ruby's checks of the whole set, the copies untimed; each stream's fastest in @best */
static double real_ruby(const struct real_set *rs, double *best)
{
	double t = 0, t0;
	struct rcs_parser p;
	u32 i, j, copies;
	int ret = 0;

	for (i = 0; i < rs->n; i++) {
		const struct rec_stream *s = rs->s[i];

		rec_bos(s, rs->bos);
		rec_parser(s, rs->work, rs->bos, &p);
		copies = real_copies(rs->work, s);
		t0 = now();
		for (j = 0; j < copies && !ret; j++) {
			p.ib = rs->work + j * s->hdr->ndw;
			ret = rec_is_dma(s) ? rcs_check_dma(&p) : rcs_check(&p);
		}
		t += keep_best(&best[i], (now() - t0 - timer_cost) / copies);
		if (ret) {
			fprintf(stderr, "real corpus: ruby refused a stream: %s\n", p.err);
			exit(1);
		}
	}
	return t;
}

static void real_ubos(const struct real_set *rs, const struct rec_stream *s)
{
	u32 i;

	rec_bos(s, rs->bos);
	for (i = 0; i < s->hdr->nrelocs; i++)
		rs->ubos[i] = (struct upstream_bo){ .gpu_addr = rs->bos[i].gpu_addr,
						    .size = rs->bos[i].size,
						    .tiling_flags = rs->bos[i].tiling_flags };
	if (upstream_prepare(rs->ubos, s->hdr->nrelocs)) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
}

/* Upstream's, the same way; < 0 if it refused one */
static double real_upstream(const struct real_set *rs, double *best)
{
	double t = 0, t0;
	u32 i, j, copies;
	int ret = 0;

	for (i = 0; i < rs->n; i++) {
		const struct rec_stream *s = rs->s[i];

		real_ubos(rs, s);
		copies = real_copies(rs->work, s);
		t0 = now();
		for (j = 0; j < copies && !ret; j++)
			ret = upstream_check(rs->work + j * s->hdr->ndw, s->hdr->ndw,
					     rec_is_dma(s));
		t += keep_best(&best[i], (now() - t0 - timer_cost) / copies);
		if (ret)
			return -1;
	}
	return t;
}

/*
 * The features of a GFX stream the feature rows are for: a draw with the
 * geometry or tessellation stages on, a compute dispatch, a multisampled
 * texture (as the stream's packets say, not the checker)
 */
#define FEAT_STAGES		BIT(0)
#define FEAT_COMPUTE		BIT(1)
#define FEAT_MSAA_TEX		BIT(2)
/* VGT_SHADER_STAGES_EN's index in SET_CONTEXT_REG's window, its GS_EN and HS_EN */
#define STAGES_EN		((0x28b54 - 0x28000) / 4)
#define STAGES_GS_HS		(BIT(5) | BIT(2))

static u32 packet_features(const u32 *ib, u32 i, u32 n)
{
	u32 hdr = ib[i], op = hdr >> 8 & 0xff, k, f = 0;

	if (op == 0x15 || op == 0x16)		/* DISPATCH_DIRECT, _INDIRECT */
		return FEAT_COMPUTE;
	/* SET_CONTEXT_REG of a run holding VGT_SHADER_STAGES_EN, GS or HS on */
	if (op == 0x69 && n >= 2 && ib[i + 1] <= STAGES_EN && STAGES_EN - ib[i + 1] < n - 1 &&
	    ib[i + 2 + STAGES_EN - ib[i + 1]] & STAGES_GS_HS)
		return FEAT_STAGES;
	/* SET_RESOURCE: a texture (word 7's type 2) of DIM 2D_MSAA or 2D_ARRAY_MSAA */
	if (op == 0x6d)
		for (k = 1; k + 7 < n; k += 8)
			if (ib[i + 1 + k + 7] >> 30 == 2 && (ib[i + 1 + k] & 7) >= 6)
				f |= FEAT_MSAA_TEX;
	return f;
}

static u32 stream_features(const struct rec_stream *s)
{
	u32 i = 0, n, f = 0, ndw = s->hdr->ndw;

	while (i < ndw) {
		n = s->ib[i] >> 30 == 3 ? (s->ib[i] >> 16 & 0x3fff) + 1 : 0;
		if (n && i + 1 + n <= ndw)
			f |= packet_features(s->ib, i, n);
		i += n + 1;
	}
	return f;
}

/*
 * Which streams a real row takes: its ring, and for a feature row its
 * feature; real-all takes every one, once (the corpus as a whole)
 */
static bool real_wanted(const struct rec_stream *s, enum kind kind)
{
	static const u32 feature[NKINDS] = {
		[REAL_STAGES] = FEAT_STAGES, [REAL_COMPUTE] = FEAT_COMPUTE,
		[REAL_MSAA_TEX] = FEAT_MSAA_TEX,
	};

	if (kind == REAL_ALL)
		return true;
	if (rec_is_dma(s) != (kind == REAL_DMA))
		return false;
	return !feature[kind] || stream_features(s) & feature[kind];
}

/* The streams of one row in @set both checkers take, into @rs */
static void real_select(struct real_set *rs, const struct rec_set *set, enum kind kind)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		const struct rec_stream *s = &set->s[i];
		bool dma = rec_is_dma(s);

		if (!real_wanted(s, kind))
			continue;
		if (!dma && upstream_null_depth(s)) {
			rs->null_depth++;
			continue;
		}
		real_ubos(rs, s);
		memcpy(rs->work, s->ib, 4ull * s->hdr->ndw);
		if (upstream_check(rs->work, s->hdr->ndw, dma)) {
			rs->up_refused++;
			continue;
		}
		rs->s[rs->n++] = s;
		rs->bytes += 4ull * s->hdr->ndw;
	}
}

/*
 * A reference under the checkers: hopping from header to header of the
 * same streams (a type-3 packet's count, or one dword), nothing checked.
 * Each hop waits for the header it reads; a walker that steps the usual
 * lengths as predicted constants (rcs_walk()) need not, so this is not a
 * floor.
 */
static noinline u32 walk_headers(const u32 *ib, u32 ndw)
{
	u32 idx = 0, seen = 0;

	while (idx < ndw) {
		u32 hdr = ib[idx];

		seen += hdr;
		idx += hdr >> 30 == 3 ? ((hdr >> 16) & 0x3fff) + 2 : 1;
	}
	return seen;
}

static double real_floor(const struct real_set *rs, double *best)
{
	double t = 0, t0;
	u32 i, j, copies;

	for (i = 0; i < rs->n; i++) {
		const struct rec_stream *s = rs->s[i];

		copies = real_copies(rs->work, s);
		t0 = now();
		for (j = 0; j < copies; j++)
			sink += walk_headers(rs->work + j * s->hdr->ndw, s->hdr->ndw);
		t += keep_best(&best[i], (now() - t0 - timer_cost) / copies);
	}
	return t;
}

/*
 * The recordings a row takes its streams from: the accepted ones (the
 * real-gfx and real-dma rows), then for the feature rows the refused ones too
 */
struct real_src {
	const struct rec_set *set[2];
	u32 nsets, max_dw, max_relocs;
};

static void real_row(const struct real_src *src, enum kind kind, bool ruby_only)
{
	u32 max_dw = src->max_dw, max_relocs = src->max_relocs;
	u32 nsets = kind == REAL_GFX || kind == REAL_DMA ? 1 : src->nsets;
	size_t n = src->set[0]->n + (src->nsets > 1 ? src->set[1]->n : 0);
	struct real_set rs = { .s = calloc(n + 1, sizeof(*rs.s)),
			       .work = malloc(4ull * (max_dw > BATCH_DW ? max_dw : BATCH_DW)),
			       .bos = calloc(max_relocs, sizeof(*rs.bos)),
			       .ubos = calloc(max_relocs, sizeof(*rs.ubos)) };
	double t[REPEATS], *best = calloc(3 * n + 1, sizeof(double)), *ubest, *wbest;
	double bt, bu, bw;
	unsigned int i;

	if (!rs.s || !rs.work || !rs.bos || !rs.ubos || !best) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	for (i = 0; i < nsets; i++)
		real_select(&rs, src->set[i], kind);
	ubest = best + rs.n;
	wbest = ubest + rs.n;
	for (i = 0; i < 3 * rs.n; i++)
		best[i] = INFINITY;
	/* ruby's pass, upstream's, the headers' in turn: each stream's fastest of each */
	for (i = 0; i < REPEATS && rs.n; i++) {
		t[i] = real_ruby(&rs, best);
		if (ruby_only)
			continue;
		real_upstream(&rs, ubest);
		real_floor(&rs, wbest);
	}
	qsort(t, REPEATS, sizeof(double), cmp);
	bt = sum(best, rs.n);
	bu = sum(ubest, rs.n);
	bw = sum(wbest, rs.n);
	if (ruby_only)
		printf("%s %.0f MB/s\n", kind_name[kind], rs.n ? rs.bytes / bt / 1e6 : 0);
	else if (rs.n) {
		printf("%-13s %5.0f KiB %6u strms   %6.0f %6.0f %6.0f MB/s  best %6.0f  upstream %6.0f MB/s  ruby x%5.2f\n",
		       kind_name[kind], rs.bytes / 1024.0, rs.n, rs.bytes / t[REPEATS - 1] / 1e6,
		       rs.bytes / t[REPEATS / 2] / 1e6, rs.bytes / t[0] / 1e6, rs.bytes / bt / 1e6,
		       rs.bytes / bu / 1e6, bu / bt);
		kind_log[kind] += log(bu / bt);
		kind_n[kind]++;
		if (bw > 0)
			printf("%-13s headers alone, each hop waiting for its header (no checks): %.0f MB/s, x%.2f upstream\n",
			       kind_name[kind], rs.bytes / bw / 1e6, bu / bw);
		else
			printf("%-13s headers alone (no checks): below the clock's resolution\n",
			       kind_name[kind]);
	}
	if (ruby_only)
		;
	else if (!rs.n)
		printf("%-13s no stream in the recordings\n", kind_name[kind]);
	if (!ruby_only)
		printf("%-13s left out of both: %u upstream refuses, %u would make it dereference a NULL depth/stencil buffer\n",
	       kind_name[kind], rs.up_refused, rs.null_depth);
	free(best);
	free(rs.s);
	free(rs.work);
	free(rs.bos);
	free(rs.ubos);
}

/* Both recordings into @src; non-zero if the real rows cannot run */
static int real_load(struct real_src *src)
{
	struct rec_set *accepted = (struct rec_set *)src->set[0];
	struct rec_set *refused = (struct rec_set *)src->set[1];
	u32 dw, relocs;

	if (!upstream_available || access(REAL_CORPUS, R_OK) || rec_load(accepted, REAL_CORPUS)) {
		printf("no real-corpus rows: %s (or upstream's checker) is absent\n",
		       REAL_CORPUS);
		return 1;
	}
	src->max_dw = rec_max(accepted, &src->max_relocs);
	if (!access(REAL_REFUSED, R_OK) && !rec_load(refused, REAL_REFUSED)) {
		src->nsets = 2;
		dw = rec_max(refused, &relocs);
		src->max_dw = max_t(u32, src->max_dw, dw);
		src->max_relocs = max_t(u32, src->max_relocs, relocs);
	}
	calibrate_timer();
	return 0;
}

static void real_rows(int argc, char **argv)
{
	struct rec_set accepted = {}, refused = {};
	struct real_src src = { .set = { &accepted, &refused }, .nsets = 1 };
	u32 k;

	for (k = REAL_GFX; k < NKINDS && !wanted(argc, argv, k); k++)
		;
	if (k == NKINDS || real_load(&src))
		return;
	for (; k < NKINDS; k++)
		if (wanted(argc, argv, k))
			real_row(&src, k, false);
}

/*
 * The other generations: the fuzzer's R6xx/R7xx seed submissions (raw: "RAW",
 * buffers with their pages and written flags, the dwords), each repeated
 * into a 1 MiB stream, checked by the R6xx and R7xx tables with the
 * simulated chips' layouts and by upstream's r600_cs_parse() as an RV630
 * or an RV730, in turn. Each repeat starts by setting PA_SC_AA_CONFIG (one
 * sample), as Mesa's streams do: upstream assumes sixteen samples a pixel
 * in a stream that does not (the kernel's CLEAR_STATE is its default, one)
 * and refuses the seeds' colour buffers as too small for that.
 */
#ifndef R7XX_SEEDS
#define R7XX_SEEDS	"../fuzz/seeds"
#endif

/*
 * Each generation's seeds, named "<generation>-<kind>": R6xx has no
 * STRMOUT_BASE_UPDATE, so its stream-out seed sets the bases by
 * registers alone.
 */
#define GEN_SEEDS(so)							\
	{ "r7xx-triangle", "r7xx-textured-depth", "r7xx-msaa-resolve",	\
	  "r7xx-msaa-texture", "r7xx-geometry", so }

static const struct gen_row {
	const char *name;
	const struct rcs_gen *gen;
	u32 rbs, pipes;
	bool r700;
	const char *seeds[6];
} gen_rows[] = {
	{ "r600", &rcs_r600, 1, 2, false, GEN_SEEDS("r6xx-streamout") },	/* RV630 */
	{ "r700", &rcs_r700, 2, 4, true, GEN_SEEDS("r7xx-streamout") },	/* RV730 */
};

/* A seed's buffers into @bos (how many), its dwords repeated into @s */
static u32 gen_stream(const char *seed, struct stream *s, struct rcs_bo *bos)
{
	char path[256];
	u8 raw[8192];
	size_t size, i, n, at;
	u32 nbos;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", R7XX_SEEDS, seed);
	f = fopen(path, "rb");
	size = f ? fread(raw, 1, sizeof(raw), f) : 0;
	if (f)
		fclose(f);
	if (size < 4 || memcmp(raw, "RAW", 3))
		return 0;
	nbos = raw[3];
	for (i = 0; i < nbos; i++)
		bos[i] = (struct rcs_bo){ .gpu_addr = 0x20000000ull + i * 0x100000ull,
					  .size = 4096ull * raw[4 + 2 * i],
					  .write = raw[5 + 2 * i] };
	at = 4 + 2 * nbos;
	n = (size - at) / 4;
	for (s->ndw = 0; s->ndw + n + 3 <= (1u << 20) / 4; s->ndw += n) {
		s->pristine[s->ndw++] = PKT3(0x69, 2);
		s->pristine[s->ndw++] = (0x28c04 - 0x28000) / 4;
		s->pristine[s->ndw++] = 0;
		memcpy(&s->pristine[s->ndw], raw + at, 4 * n);
	}
	while (s->ndw < (1u << 20) / 4)
		s->pristine[s->ndw++] = 0x80000000;	/* type-2 filler */
	return nbos;
}

/* The parser a generation's row checks its streams with, on @bos */
static struct ruby_run gen_ruby_run(const struct gen_row *g, struct rcs_bo *bos)
{
	return (struct ruby_run){ .p = { .gen = g->gen, .bos = bos, .num_rbs = g->rbs,
					 .num_pipes = g->pipes, .num_banks = 4, .num_ses = 1,
					 .keep_tiling = true } };
}

/* One generation's rows: ruby's checker next to upstream's r600_cs.c */
static void gen_row_run(const struct gen_row *g, struct stream *s, u32 *dst)
{
	struct rcs_bo bos[16];
	double t, t_min, t_max, t_up, log_sum = 0;
	bool r700 = g->r700;
	unsigned int i;
	u32 n = 0;

	for (i = 0; i < ARRAY_SIZE(g->seeds); i++) {
		const char *seed = g->seeds[i];
		struct ruby_run r = gen_ruby_run(g, bos);

		r.p.nbos = gen_stream(seed, s, bos);
		if (!r.p.nbos) {
			printf("%s %s: no seed in %s\n", g->name, seed, R7XX_SEEDS);
			continue;
		}
		if (upstream_available)
			upstream_bos(bos, r.p.nbos);
		t = time_both(s, &r, upstream_r600_run, &r700, &t_min, &t_max, &t_up);
		if (t < 0) {
			printf("%-4s %-20s refused by its tables (above)\n", g->name, seed + 5);
			continue;
		}
		printf("%-4s %-20s 1024 KiB %6.0f %6.0f %6.0f MB/s  memcpy x%5.1f", g->name,
		       seed + 5, (1 << 20) / t_max / 1e6, (1 << 20) / t / 1e6,
		       (1 << 20) / t_min / 1e6, t / memcpy_time(s, dst));
		if (upstream_available)
			upstream_column(t_up, t_min, 1u << 20, &log_sum, &n);
		else
			printf("\n");
	}
	if (n)
		printf("%s: ruby's speedup over upstream radeon's r600_cs.c, geometric mean of %u rows: x%.2f\n",
		       g->name, n, exp(log_sum / n));
}

static void gen_rows_run(void)
{
	u32 *dst = malloc(1u << 20);
	struct stream s = { .pristine = malloc(1u << 20), .work = malloc(1u << 20) };
	unsigned int g;

	if (!dst || !s.pristine || !s.work) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	for (g = 0; g < ARRAY_SIZE(gen_rows); g++)
		gen_row_run(&gen_rows[g], &s, dst);
	free(dst);
	free(s.pristine);
	free(s.work);
}

/*
 * R5xx: Mesa-shaped type-0 streams (state as register runs, relocations
 * after each address register, 3D_LOAD_VBPNTR and a draw) repeated into
 * 1 MiB, checked by rcs_r500. No upstream column (upstream's r300 checker
 * is not built on the host): only the ratio to memcpy.
 */
#define R5_P0(reg, n)		((((n) - 1) << 16) | ((reg) >> 2))
#define R5_RELOC(ib, n, bo)	((ib)[(n)++] = RELOC_NOP, (ib)[(n)++] = 4 * (bo))

static u32 r5_reg(u32 *ib, u32 n, u32 reg, u32 v)
{
	ib[n++] = R5_P0(reg, 1);
	ib[n++] = v;
	return n;
}

/* A draw to a 256x256 colour buffer: vertex shader constants, targets, an array */
static u32 r5_triangle(u32 *ib, u32 n)
{
	u32 i;

	ib[n++] = R5_P0(0x4c00, 64);		/* US_ALU_CONST_R/G/B/A_0..15 */
	for (i = 0; i < 64; i++)
		ib[n++] = i;
	ib[n++] = R5_P0(0x46a4, 4);		/* US_OUT_FMT_0..3 */
	ib[n++] = 0;
	ib[n++] = 15;
	ib[n++] = 15;
	ib[n++] = 15;
	n = r5_reg(ib, n, 0x4e00, 0);		/* RB3D_CCTL */
	n = r5_reg(ib, n, 0x4e28, 0);		/* RB3D_COLOROFFSET0 */
	R5_RELOC(ib, n, 0);
	n = r5_reg(ib, n, 0x4e38, 256 | (6u << 21));
	n = r5_reg(ib, n, 0x4f00, 0);		/* ZB_CNTL */
	n = r5_reg(ib, n, 0x4e88, 0);		/* RB3D_AARESOLVE_CTL */
	n = r5_reg(ib, n, 0x43e4, 255 | (255u << 13));
	n = r5_reg(ib, n, 0x4020, 0);		/* GB_AA_CONFIG */
	n = r5_reg(ib, n, 0x4104, 0);		/* TX_ENABLE */
	ib[n++] = PKT3(0x2f, 3);		/* 3D_LOAD_VBPNTR */
	ib[n++] = 1;
	ib[n++] = 4 | (4 << 8);
	ib[n++] = 0;
	R5_RELOC(ib, n, 1);
	ib[n++] = PKT3(0x34, 1);		/* 3D_DRAW_VBUF_2 */
	ib[n++] = 4 | (2 << 4) | (3 << 16);
	return n;
}

/* The same with a 256x256 texture and a depth buffer */
static u32 r5_textured(u32 *ib, u32 n)
{
	n = r5_reg(ib, n, 0x4f10, 2);		/* ZB_FORMAT */
	n = r5_reg(ib, n, 0x4f20, 0);		/* ZB_DEPTHOFFSET */
	R5_RELOC(ib, n, 2);
	n = r5_reg(ib, n, 0x4f24, 256);
	n = r5_reg(ib, n, 0x4400, 2 | (2 << 3));	/* TX_FILTER0_0 */
	n = r5_reg(ib, n, 0x4480, 255 | (255 << 11));
	n = r5_reg(ib, n, 0x44c0, 0xc);
	n = r5_reg(ib, n, 0x4500, 255);
	n = r5_reg(ib, n, 0x4540, 0);		/* TX_OFFSET_0 */
	R5_RELOC(ib, n, 3);
	n = r5_triangle(ib, n);
	/* after r5_triangle's TX_ENABLE 0: the texture and depth test on */
	n = r5_reg(ib, n, 0x4104, 1);
	n = r5_reg(ib, n, 0x4f00, 2);
	ib[n++] = PKT3(0x34, 1);
	ib[n++] = 4 | (2 << 4) | (3 << 16);
	return n;
}

static void r500_rows_run(void)
{
	static const struct rcs_bo bos[] = {
		{ .gpu_addr = 0x100000, .size = 256 * 256 * 4, .write = true },
		{ .gpu_addr = 0x200000, .size = 4096 },
		{ .gpu_addr = 0x300000, .size = 256 * 256 * 4, .write = true },
		{ .gpu_addr = 0x400000, .size = 256 * 256 * 4 },
	};
	u32 *dst = malloc(1u << 20), unit[512], k, len;
	struct stream s = { .pristine = malloc(1u << 20), .work = malloc(1u << 20) };
	struct ruby_run r = { .p = { .gen = &rcs_r500, .bos = bos, .nbos = ARRAY_SIZE(bos),
				     .keep_tiling = true } };
	double t, t_min, t_max;

	if (!dst || !s.pristine || !s.work) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	for (k = 0; k < 2; k++) {
		len = k ? r5_textured(unit, 0) : r5_triangle(unit, 0);
		for (s.ndw = 0; s.ndw + len <= (1u << 20) / 4; s.ndw += len)
			memcpy(&s.pristine[s.ndw], unit, 4 * len);
		while (s.ndw < (1u << 20) / 4)
			s.pristine[s.ndw++] = 0x80000000;	/* type-2 filler */
		t = time_checks(&s, ruby_check, &r, &t_min, &t_max);
		if (t < 0) {
			printf("r500 %-20s refused (above)\n", k ? "textured-depth" : "triangle");
			continue;
		}
		printf("r500 %-20s 1024 KiB %6.0f %6.0f %6.0f MB/s  memcpy x%5.1f\n",
		       k ? "textured-depth" : "triangle", (1 << 20) / t_max / 1e6,
		       (1 << 20) / t / 1e6, (1 << 20) / t_min / 1e6, t / memcpy_time(&s, dst));
	}
	free(dst);
	free(s.pristine);
	free(s.work);
}

static const u32 draw_relocs[] = { [TRIANGLE] = 4, [TEXTURED] = 6, [MSAA] = 8 };

/* The relocations of a kind's stream of @bytes, as the rows use */
static u32 kind_relocs(enum kind k, u32 bytes)
{
	if (k == DMA_COPY)
		return bytes / 4;
	if (k == RELOCS || k == MIXED)
		return 100;
	return k >= TRIANGLE ? draw_relocs[k] : k == STATE;
}

/* Ruby's best time on a kind's 1 MiB stream */
static double ruby_best_synthetic(enum kind kind)
{
	u32 bytes = 1 << 20, nbos = kind_relocs(kind, bytes), i;
	struct stream s = { .kind = kind, .pristine = malloc(bytes), .work = malloc(bytes),
			    .ndw = bytes / 4 };
	struct rcs_bo *bos = calloc(nbos, sizeof(*bos));
	struct ruby_run r = {
		.p = { .bos = bos, .nbos = nbos, .gen = &rcs_evergreen, .num_rbs = 1,
		       .num_pipes = 2, .num_ses = 1, .keep_tiling = true },
		.dma = kind == DMA_COPY,
	};
	double best, slowest;

	if (!s.pristine || !s.work || !bos) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	build(s.pristine, s.ndw, kind, nbos);
	for (i = 0; i < nbos; i++)
		bos[i] = (struct rcs_bo){ .gpu_addr = 0x20000000ull + (u64)i * 65536,
					  .size = 65536, .write = true };
	if (time_checks(&s, ruby_check, &r, &best, &slowest) < 0)
		exit(1);
	free(s.pristine);
	free(s.work);
	free(bos);
	return best;
}

/*
 * Ruby's best time on a generation's row named as "r600-triangle" (the
 * row's generation, its seed without the seed's generation): false if
 * there is no such row
 */
static bool ruby_best_gen(const char *name, double *best)
{
	struct stream s = { .pristine = malloc(1u << 20), .work = malloc(1u << 20) };
	const struct gen_row *g = NULL;
	const char *seed = NULL;
	struct rcs_bo bos[16];
	struct ruby_run r;
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(gen_rows) && !seed; i++)
		for (j = 0; j < ARRAY_SIZE(gen_rows[i].seeds); j++)
			if (!strncmp(name, gen_rows[i].name, 4) && name[4] == '-' &&
			    !strcmp(name + 5, gen_rows[i].seeds[j] + 5)) {
				g = &gen_rows[i];
				seed = g->seeds[j];
				break;
			}
	if (!seed || !s.pristine || !s.work) {
		free(s.pristine);
		free(s.work);
		return false;
	}
	r = gen_ruby_run(g, bos);
	r.p.nbos = gen_stream(seed, &s, bos);
	if (!r.p.nbos || time_checks(&s, ruby_check, &r, best, NULL) < 0)
		exit(1);
	free(s.pristine);
	free(s.work);
	return true;
}

/*
 * --ruby KIND...: ruby's checker alone, one line per kind, its best MB/s
 * (synthetic kinds and the other generations' rows, "r700-triangle": the
 * 1 MiB stream; real ones: each stream's fastest, summed), for bench-ab
 * to compare two builds of the checker
 */
static int ruby_only(int argc, char **argv)
{
	struct rec_set accepted = {}, refused = {};
	struct real_src src = { .set = { &accepted, &refused }, .nsets = 1 };
	double best;
	int i;
	u32 k;

	for (i = 2; i < argc; i++) {
		for (k = 0; k < NKINDS && strcmp(argv[i], kind_name[k]); k++)
			;
		if (k == NKINDS && ruby_best_gen(argv[i], &best)) {
			printf("%s %.0f MB/s\n", argv[i], (1 << 20) / best / 1e6);
			continue;
		}
		if (k == NKINDS) {
			fprintf(stderr, "no kind %s\n", argv[i]);
			return 2;
		}
		if (k <= MSAA) {
			printf("%s %.0f MB/s\n", kind_name[k], 1.0 * (1 << 20) /
			       ruby_best_synthetic(k) / 1e6);
			continue;
		}
		if (!accepted.n && real_load(&src))
			return 1;
		real_row(&src, k, true);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const u32 sizes[] = { 64 << 10, 256 << 10, 1 << 20 };
	static const u32 relocs[] = { 1, 10, 100, 1000 };
	unsigned int s, r, k;

	if (argc > 1 && !strcmp(argv[1], "--ruby"))
		return ruby_only(argc, argv);

	printf("checker throughput, %d repeats, ruby's and upstream's in turn: ruby's min median\n"
	       "max, the median's ratio to memcpy of the same bytes; upstream's best and\n"
	       "ruby's speedup over it, best against best (real rows: per stream)\n",
	       REPEATS);
	for (k = 0; k <= MSAA; k++) {
		if (!wanted(argc, argv, k))
			continue;
		for (s = 0; s < 3; s++) {
			if (k != RELOCS) {
				run(k, sizes[s], kind_relocs(k, sizes[s]));
				continue;
			}
			for (r = 0; r < 4; r++)
				run(k, sizes[s], relocs[r]);
		}
	}
	real_rows(argc, argv);
	summary();
	if (argc < 2 || !strcmp(argv[1], "generations"))
		gen_rows_run();
	if (argc < 2 || !strcmp(argv[1], "generations") || !strcmp(argv[1], "r500"))
		r500_rows_run();
	return 0;
}
