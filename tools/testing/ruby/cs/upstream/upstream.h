/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Upstream radeon's Evergreen checker as the bench calls it: plain types
 * only, so that bench.c sees none of the radeon stand-ins.
 */
#ifndef RUBY_BENCH_UPSTREAM_H
#define RUBY_BENCH_UPSTREAM_H

#include <stdbool.h>
#include <stdint.h>

/**
 * struct upstream_bo - a relocation as the bench describes it
 * @gpu_addr: where the buffer is
 * @size: its size in bytes
 * @tiling_flags: RADEON_TILING_*
 */
struct upstream_bo {
	uint64_t gpu_addr;
	uint64_t size;
	uint32_t tiling_flags;
};

/* Is upstream's checker built in (the Debian source was there)? */
extern const bool upstream_available;

/* The relocation chunk of the next checks: 0 or -ENOMEM */
int upstream_prepare(const struct upstream_bo *bos, uint32_t nbos);

/*
 * Check @ndw dwords at @ib in place with upstream's evergreen_cs_parse()
 * (or evergreen_dma_cs_parse() for @dma), as a Cedar: two pipes, four
 * banks, KEEP_TILING_FLAGS. Returns its result: 0 or a negative errno.
 */
int upstream_check(uint32_t *ib, uint32_t ndw, bool dma);

/*
 * The same with upstream's r600_cs_parse(), as an RV630 (@r700 false:
 * two pipes) or an RV730 (four pipes), four banks, 256-byte groups
 */
int upstream_check_r600(uint32_t *ib, uint32_t ndw, bool r700);

#endif /* RUBY_BENCH_UPSTREAM_H */
