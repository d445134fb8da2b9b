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
	u64 programs, programs_refused;
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
/* per program: streams recorded, and refused */
static u64 *prog_streams, *prog_refused;

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
			snprintf(cur, sizeof(cur), "%s", name);
		if (line[0] == '#' || line[strspn(line, " \t\n")] == '\0')
			continue;
		family = realloc(family, (n + 1) * sizeof(*family));
		if (!family)
			return -1;
		family[n++] = strdup(*cur ? cur : program_family(line));
	}
	fclose(f);
	nfamily = n;
	prog_streams = calloc(n + 1, sizeof(*prog_streams));
	prog_refused = calloc(n + 1, sizeof(*prog_refused));
	return prog_streams && prog_refused ? 0 : -1;
}

/* The program whose recording @path is (.../<n>.rec/...): n, 0 if none */
static u32 program_of(const char *path)
{
	const char *p = strstr(path, ".rec/"), *start;
	unsigned long n;

	if (!family || !p)
		return 0;
	for (start = p; start > path && start[-1] != '/'; start--)
		;
	n = strtoul(start, NULL, 10);
	return n <= nfamily ? n : 0;
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
	u32 prog = program_of(set->files[s->origin]);

	c->streams++;
	c->dma += rec_is_dma(s);
	c->unknown_size += rec_bos(s, bos) != 0;
	ok = rec_check(s, work, bos, &p) == 0;
	if (prog_streams)
		prog_streams[prog]++;
	if (ok) {
		c->accepted++;
	} else {
		c->refused++;
		if (prog_refused)
			prog_refused[prog]++;
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
			printf("  %-14s %8llu %8llu %8llu %8llu\n", r->key,
			       (unsigned long long)r->programs,
			       (unsigned long long)r->programs_refused,
			       (unsigned long long)r->n, (unsigned long long)r->refused);
	}
}

/* By feature family: programs (with a refusal), streams, refused */
static void print_families(struct census *c)
{
	u64 refusing = 0;
	u32 i;

	for (i = 1; i <= nfamily; i++) {
		struct row *r = tally_row(&c->families, family[i - 1], 0);

		r->programs++;
		r->programs_refused += prog_refused[i] != 0;
		refusing += prog_refused[i] != 0;
		r->n += prog_streams[i];
		r->refused += prog_refused[i];
	}
	printf("programs: %u, %llu with a refused stream\n", nfamily,
	       (unsigned long long)refusing);
	printf("by feature:     programs  refusing  streams  refused\n");
	print_tally(&c->families, false);
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
	if (family)
		print_families(c);
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

/*
 * Raw fuzzer seeds (../fuzz/cs_fuzz.c raw_input()): at most 8 buffers of
 * at most 8 pages and 4 KiB in all, so a real stream is cut into pieces
 * at packet boundaries (a packet stays with the relocation NOPs after
 * it), each with its relocations renumbered from 0; a piece the checker
 * accepts on the fuzzer's buffers is a seed.
 */
#define SEED_BOS	8
#define SEED_PAGES	8
#define SEED_MAX_DW	((4096 - 4 - 2 * SEED_BOS) / 4)
#define SEED_BASE	0x20000000ull
#define SEED_STRIDE	0x10000ull

struct seed {
	u32 ib[SEED_MAX_DW], ndw;
	u32 reloc[SEED_BOS], nrelocs;	/* the stream's relocation of each */
	u8 head[4 + 2 * SEED_BOS];
};

static u32 pkt_len(const u32 *ib, u32 at, u32 ndw)
{
	u32 hdr = ib[at], len = hdr >> 30 == 2 ? 1 : ((hdr >> 16) & 0x3fff) + 2;

	return len > ndw - at ? ndw - at : len;
}

static bool is_nop(u32 hdr)
{
	return (hdr & PKT3_RELOC_NOP_MASK) == PKT3_RELOC_NOP;
}

/* Append the packet at @at with its relocation NOPs; false if it won't fit */
static bool seed_add(struct seed *sd, const struct rec_stream *s, u32 *at)
{
	u32 end = *at + pkt_len(s->ib, *at, s->hdr->ndw), i, k, n = sd->nrelocs;
	u32 ndw = sd->ndw;

	while (end < s->hdr->ndw && is_nop(s->ib[end]))
		end += pkt_len(s->ib, end, s->hdr->ndw);
	if (ndw + end - *at > SEED_MAX_DW)
		return false;
	for (i = *at; i < end; i++, ndw++) {
		sd->ib[ndw] = s->ib[i];
		if (i == *at || !is_nop(s->ib[i - 0]) || i + 1 >= end)
			continue;
		for (k = 0; k < n && sd->reloc[k] != s->ib[i + 1] / 4; k++)
			;
		if (k == SEED_BOS || s->ib[i + 1] / 4 >= s->hdr->nrelocs)
			return false;
		n += k == n;
		sd->reloc[k] = s->ib[i + 1] / 4;
		sd->ib[++ndw] = 4 * k;
		i++;
	}
	sd->ndw = ndw;
	sd->nrelocs = n;
	*at = end;
	return true;
}

/* Write @sd if the checker takes it on the fuzzer's buffers */
static u32 seed_write(const char *dir, struct seed *sd, const struct rec_stream *s)
{
	struct rcs_bo bos[SEED_BOS];
	u32 i, work[SEED_MAX_DW];
	struct rcs_parser p;
	char path[4096];
	FILE *f;

	memcpy(sd->head, "RAW", 3);
	sd->head[3] = sd->nrelocs;
	for (i = 0; i < sd->nrelocs; i++) {
		u64 pages = (s->relocs[sd->reloc[i]].size + 4095) / 4096;

		sd->head[4 + 2 * i] = pages < 1 ? 1 : pages > SEED_PAGES ? SEED_PAGES : pages;
		sd->head[5 + 2 * i] = s->relocs[sd->reloc[i]].write_domain != 0;
		bos[i] = (struct rcs_bo){ .gpu_addr = SEED_BASE + i * SEED_STRIDE,
					  .size = sd->head[4 + 2 * i] * 4096ull,
					  .write = sd->head[5 + 2 * i] };
	}
	memcpy(work, sd->ib, 4 * sd->ndw);
	p = (struct rcs_parser){ .ib = work, .ndw = sd->ndw, .bos = bos, .nbos = sd->nrelocs,
				 .gen = &rcs_evergreen, .num_rbs = 1, .num_pipes = 2,
				 .num_banks = 4, .keep_tiling = true };
	if (!sd->ndw || rcs_check(&p))
		return 0;	/* e.g. a draw whose programs an earlier piece set */
	snprintf(path, sizeof(path), "%s/real-%016llx", dir,
		 (unsigned long long)rec_fnv(REC_FNV_BASIS, sd->ib, 4 * sd->ndw));
	f = fopen(path, "wb");
	if (!f)
		return 0;
	fwrite(sd->head, 1, 4 + 2 * sd->nrelocs, f);
	fwrite(sd->ib, 4, sd->ndw, f);
	return fclose(f) == 0;
}

/* The seeds of one accepted GFX stream: how many were written */
static u32 write_seeds(const char *dir, const struct rec_stream *s)
{
	static struct seed sd;
	u32 at = 0, n = 0;

	if (rec_is_dma(s))
		return 0;
	sd.ndw = 0;
	sd.nrelocs = 0;
	while (at < s->hdr->ndw) {
		u32 before = at;

		if (seed_add(&sd, s, &at))
			continue;
		n += seed_write(dir, &sd, s);
		sd.ndw = 0;
		sd.nrelocs = 0;
		if (!seed_add(&sd, s, &at))	/* a packet too big alone */
			at = before + pkt_len(s->ib, before, s->hdr->ndw);
	}
	return n + seed_write(dir, &sd, s);
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
			   const char *seeds)
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
			nseeds += write_seeds(seeds, &set->s[i]);
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
	work = malloc(4ull * rec_max(&set, &nrelocs));
	bos = calloc(nrelocs, sizeof(*bos));
	ok = calloc(set.n + 1, sizeof(*ok));
	if (!work || !bos || !ok)
		return 1;
	for (i = 0; i < set.n; i++)
		ok[i] = replay_one(&c, &set, &set.s[i], work, bos);
	print_census(&c, &set);
	if (out || seeds)
		write_distinct(&set, ok, out, seeds);
	return c.host_refuses || c.host_accepts ? 3 : 0;
}
