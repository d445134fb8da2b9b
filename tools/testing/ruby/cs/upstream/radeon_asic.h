/* SPDX-License-Identifier: GPL-2.0-only */
/* Upstream's checkers include it; what they use of it is in radeon.h here. */
#ifndef RUBY_BENCH_RADEON_ASIC_H
#define RUBY_BENCH_RADEON_ASIC_H
#endif
