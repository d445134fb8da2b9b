// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * Replay recorded streams (ruby-rec.so's, ../recorder) through ruby's
 * checker built from the driver's source, and count: streams, accepted,
 * refused, the refusals by reason and value (every one, unlike the
 * ratelimited dmesg), and where the host's verdict differs from the
 * kernel's recorded one (a bug in the recording or the replay, or a
 * refusal before the checker). Usage:
 *
 *   replay [-l LIST] [-o DIR] [-s DIR] PATH...
 *
 * PATH: recordings, or directories searched for *.rec. -l: the piglit
 * list the recordings were made from (make piglit puts program n's in
 * n.rec/): streams and refusals per feature family (its "# family: ..."
 * lines). -o: the distinct streams (same ring, flags, IB and buffer
 * shapes) into DIR/accepted.rec and DIR/refused.rec. -s: the accepted
 * GFX streams small enough for the fuzzer, as its raw seeds, into DIR.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rec.h"

#define MAX_ROWS	4096

/* A tally: by reason and value, or by feature family */
struct row {
	const char *key;
	u64 val;
	u64 n, refused;
};

struct tally {
	struct row rows[MAX_ROWS];
	u32 n;
};

static struct row *tally_row(struct tally *t, const char *key, u64 val)
{
	u32 i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->rows[i].key, key) && t->rows[i].val == val)
			return &t->rows[i];
	if (t->n == MAX_ROWS)
		return &t->rows[MAX_ROWS - 1];
	t->rows[t->n] = (struct row){ .key = key, .val = val };
	return &t->rows[t->n++];
}

static int by_count(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return x->n < y->n ? 1 : x->n > y->n ? -1 : strcmp(x->key, y->key);
}

/* The whole run's figures */
struct census {
	u64 streams, dma, accepted, refused, unknown_size;
	u64 k_accepted, k_refused, k_other;
	u64 host_refuses, host_accepts;
	struct tally reasons, families;
};

/* Piglit list: the family of each program (by number), from -l */
static char **family;
static u32 nfamily;

/* Without family lines: the spec directory of a shader test, or the binary */
static const char *program_family(char *line)
{
	char *spec = strstr(line, "tests/spec/");

	if (spec) {
		spec += strlen("tests/spec/");
		spec[strcspn(spec, "/")] = '\0';
		return spec;
	}
	line[strcspn(line, " \t\n")] = '\0';
	return line;
}

static int read_list(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096], cur[256] = "", name[256];
	u32 n = 0;
	int end;

	if (!f) {
		perror(path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		end = 0;
		if (sscanf(line, "# %255[^:]: %*u of %*u%n", name, &end) == 1 && end)
			strcpy(cur, name);
		if (line[0] == '#' || line[strspn(line, " \t\n")] == '\0')
			continue;
		family = realloc(family, (n + 1) * sizeof(*family));
		if (!family)
			return -1;
		family[n++] = strdup(*cur ? cur : program_family(line));
	}
	fclose(f);
	nfamily = n;
	return 0;
}

/* The family of the program whose recording @path is (.../<n>.rec/...) */
static const char *family_of(const char *path)
{
	const char *p = strstr(path, ".rec/"), *start;
	unsigned long n;

	if (!family || !p)
		return "-";
	for (start = p; start > path && start[-1] != '/'; start--)
		;
	n = strtoul(start, NULL, 10);
	return n >= 1 && n <= nfamily ? family[n - 1] : "-";
}

static void disagree(const struct rec_set *set, const struct rec_stream *s,
		     const struct rcs_parser *p, bool host_ok)
{
	fprintf(stderr, "MISMATCH %s stream %u: kernel %s (%d), host %s%s%s\n",
		set->files[s->origin], s->hdr->seq, s->hdr->ret ? "refused" : "accepted",
		s->hdr->ret, host_ok ? "accepts" : "refuses: ", host_ok ? "" : p->err,
		host_ok ? "" : "");
}

/* One stream: the host's verdict, compared with the kernel's */
static bool replay_one(struct census *c, const struct rec_set *set,
		       const struct rec_stream *s, u32 *work, struct rcs_bo *bos)
{
	struct rcs_parser p;
	bool ok, k_ok = s->hdr->ret == 0, k_einval = s->hdr->ret == -EINVAL;
	struct row *fam = tally_row(&c->families, family_of(set->files[s->origin]), 0);

	c->streams++;
	c->dma += rec_is_dma(s);
	c->unknown_size += rec_bos(s, bos) != 0;
	ok = rec_check(s, work, bos, &p) == 0;
	fam->n++;
	if (ok) {
		c->accepted++;
	} else {
		c->refused++;
		fam->refused++;
		tally_row(&c->reasons, p.err, p.err_val)->n++;
	}
	c->k_accepted += k_ok;
	c->k_refused += k_einval;
	c->k_other += !k_ok && !k_einval;
	if ((k_ok || k_einval) && ok != k_ok) {
		c->host_refuses += !ok;
		c->host_accepts += ok;
		disagree(set, s, &p, ok);
	}
	return ok;
}

static void print_tally(struct tally *t, bool reasons)
{
	u32 i;

	qsort(t->rows, t->n, sizeof(t->rows[0]), by_count);
	for (i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];

		if (reasons)
			printf("  %8llu  %s (%#llx)\n", (unsigned long long)r->n, r->key,
			       (unsigned long long)r->val);
		else
			printf("  %-40s %8llu %8llu\n", r->key, (unsigned long long)r->n,
			       (unsigned long long)r->refused);
	}
}

static void print_census(struct census *c, const struct rec_set *set)
{
	printf("recordings: %u (torn records dropped: %u)\n", set->nfiles, set->torn);
	printf("streams: %llu (GFX %llu, DMA %llu), accepted %llu, refused %llu\n",
	       (unsigned long long)c->streams, (unsigned long long)(c->streams - c->dma),
	       (unsigned long long)c->dma, (unsigned long long)c->accepted,
	       (unsigned long long)c->refused);
	printf("kernel: accepted %llu, refused (EINVAL) %llu, other errors %llu\n",
	       (unsigned long long)c->k_accepted, (unsigned long long)c->k_refused,
	       (unsigned long long)c->k_other);
	printf("host vs kernel: host refuses %llu the kernel accepted, accepts %llu it refused\n",
	       (unsigned long long)c->host_refuses, (unsigned long long)c->host_accepts);
	printf("streams naming a buffer of unknown size: %llu\n",
	       (unsigned long long)c->unknown_size);
	printf("refusals by reason (value):\n");
	print_tally(&c->reasons, true);
	if (family) {
		printf("by feature: %31s  streams  refused\n", "");
		print_tally(&c->families, false);
	}
}

/* The first of each shape only: @first[i] is true for those */
static bool *distinct(const struct rec_set *set)
{
	size_t size = 1, i, *slot;
	bool *first = calloc(set->n + 1, sizeof(*first));
	size_t *table;

	while (size < 2 * set->n + 2)
		size *= 2;
	table = calloc(size, sizeof(*table));	/* index + 1; 0: empty */
	if (!first || !table) {
		free(table);
		free(first);
		return NULL;
	}
	for (i = 0; i < set->n; i++) {
		u64 h = rec_shape_hash(&set->s[i]);

		for (slot = &table[h & (size - 1)]; *slot; slot = &table[++h & (size - 1)])
			if (rec_same_shape(&set->s[*slot - 1], &set->s[i]))
				break;
		if (!*slot) {
			*slot = i + 1;
			first[i] = true;
		}
	}
	free(table);
	return first;
}

/* A raw fuzzer seed (../fuzz/cs_fuzz.c raw_input()) if the stream fits */
#define SEED_BOS	8
#define SEED_PAGES	8
#define SEED_BYTES	4096
#define SEED_BASE	0x20000000ull
#define SEED_STRIDE	0x10000ull

static bool write_seed(const char *dir, const struct rec_stream *s, u32 *work)
{
	struct rcs_bo bos[SEED_BOS];
	u8 head[4 + 2 * SEED_BOS] = "RAW";
	u32 i, n = s->hdr->nrelocs;
	struct rcs_parser p;
	char path[4096];
	FILE *f;

	if (rec_is_dma(s) || n > SEED_BOS || 4 + 2 * n + 4ull * s->hdr->ndw > SEED_BYTES)
		return false;
	head[3] = n;
	for (i = 0; i < n; i++) {
		u64 pages = (s->relocs[i].size + 4095) / 4096;

		head[4 + 2 * i] = pages < 1 ? 1 : pages > SEED_PAGES ? SEED_PAGES : pages;
		head[5 + 2 * i] = s->relocs[i].write_domain != 0;
		bos[i] = (struct rcs_bo){ .gpu_addr = SEED_BASE + i * SEED_STRIDE,
					  .size = head[4 + 2 * i] * 4096ull,
					  .write = head[5 + 2 * i] };
	}
	memcpy(work, s->ib, 4ull * s->hdr->ndw);
	p = (struct rcs_parser){ .ib = work, .ndw = s->hdr->ndw, .bos = bos, .nbos = n,
				 .gen = &rcs_evergreen, .num_rbs = 1, .num_pipes = 2,
				 .num_banks = 4, .keep_tiling = true };
	if (rcs_check(&p))
		return false;	/* it needs bigger or tiled buffers */
	snprintf(path, sizeof(path), "%s/real-%016llx", dir,
		 (unsigned long long)rec_shape_hash(s));
	f = fopen(path, "wb");
	if (!f)
		return false;
	fwrite(head, 1, 4 + 2 * n, f);
	fwrite(s->ib, 4, s->hdr->ndw, f);
	return fclose(f) == 0;
}

static FILE *open_out(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || rec_write_header(f)) {
		perror(path);
		exit(1);
	}
	return f;
}

/* -o and -s: the distinct streams, split by the host's verdict */
static void write_distinct(const struct rec_set *set, const bool *ok, const char *out,
			   const char *seeds, u32 *work)
{
	FILE *acc = out ? open_out(out, "accepted.rec") : NULL;
	FILE *ref = out ? open_out(out, "refused.rec") : NULL;
	bool *first = distinct(set);
	u64 n[2] = {}, nseeds = 0;
	size_t i;

	if (!first) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	for (i = 0; i < set->n; i++) {
		if (!first[i])
			continue;
		n[ok[i]]++;
		if (out && rec_write(ok[i] ? acc : ref, &set->s[i]))
			exit(1);
		if (seeds && ok[i])
			nseeds += write_seed(seeds, &set->s[i], work);
	}
	printf("distinct streams: %llu accepted, %llu refused", (unsigned long long)n[1],
	       (unsigned long long)n[0]);
	if (seeds)
		printf("; %llu fuzzer seeds", (unsigned long long)nseeds);
	printf("\n");
	if (out && (fclose(acc) || fclose(ref)))
		exit(1);
	free(first);
}

static u32 max_ndw(const struct rec_set *set, u32 *nrelocs)
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

int main(int argc, char **argv)
{
	static struct census c;
	const char *out = NULL, *seeds = NULL;
	struct rec_set set = {};
	u32 *work, nrelocs;
	struct rcs_bo *bos;
	bool *ok;
	size_t i;
	int opt;

	while ((opt = getopt(argc, argv, "l:o:s:")) != -1) {
		if (opt == 'l' && read_list(optarg))
			return 1;
		if (opt == 'o')
			out = optarg;
		if (opt == 's')
			seeds = optarg;
		if (opt == '?')
			return 2;
	}
	for (i = optind; i < (size_t)argc; i++)
		if (rec_load(&set, argv[i]))
			return 1;
	work = malloc(4ull * max_ndw(&set, &nrelocs));
	bos = calloc(nrelocs, sizeof(*bos));
	ok = calloc(set.n + 1, sizeof(*ok));
	if (!work || !bos || !ok)
		return 1;
	for (i = 0; i < set.n; i++)
		ok[i] = replay_one(&c, &set, &set.s[i], work, bos);
	print_census(&c, &set);
	if (out || seeds)
		write_distinct(&set, ok, out, seeds, work);
	return c.host_refuses || c.host_accepts ? 3 : 0;
}
