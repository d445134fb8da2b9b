/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What upstream radeon's command-stream checkers take from the kernel,
 * for building them unmodified on the host next to ruby's (make bench).
 */
#ifndef RUBY_BENCH_LINUX_KERNEL_H
#define RUBY_BENCH_LINUX_KERNEL_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;
typedef int32_t s32;
typedef long long s64;

#define GFP_KERNEL		0
#define kzalloc(n, gfp)		calloc(1, (n))
#define kfree(ptr)		free(ptr)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define likely(x)		__builtin_expect(!!(x), 1)
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define roundup(x, y)		((((x) + (y) - 1) / (y)) * (y))
#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))(y) - 1)) + 1)
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define ALIGN(x, a)		(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define upper_32_bits(n)	((u32)((u64)(n) >> 32))
#define lower_32_bits(n)	((u32)(n))
#define BIT(n)			(1u << (n))
#define fallthrough		__attribute__((__fallthrough__))
#define mdelay(ms)		do { } while (0)

static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	unsigned long r = 1;

	while (r < n)
		r <<= 1;
	return r;
}

/* upstream reports rejections; the bench only runs streams both accept */
extern int upstream_verbose;
#define upstream_log(...)	\
	do { if (upstream_verbose) fprintf(stderr, __VA_ARGS__); } while (0)
#define DRM_ERROR(...)			upstream_log(__VA_ARGS__)
#define pr_info(...)			upstream_log(__VA_ARGS__)
#define pr_err(...)			upstream_log(__VA_ARGS__)
#define dev_warn(dev, ...)		upstream_log(__VA_ARGS__)
#define dev_err(dev, ...)		upstream_log(__VA_ARGS__)
#define dev_warn_ratelimited(dev, ...)	upstream_log(__VA_ARGS__)

#endif /* RUBY_BENCH_LINUX_KERNEL_H */
