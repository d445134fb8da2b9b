/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel types the command-stream checker uses, for building it on
 * the host (fuzzer, benchmark, tests) from the driver's own source.
 */
#ifndef RUBY_CS_HOST_H
#define RUBY_CS_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define BIT(n)		(1u << (n))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
/* the larger of two values, both converted to @type first */
#define max_t(type, a, b)	({ type __a = (a); type __b = (b); __a > __b ? __a : __b; })
/* the smaller of two values of the same type */
#define min(a, b)		({ __typeof__(a) __a = (a); __typeof__(b) __b = (b); __a < __b ? __a : __b; })
/* bits @h down to @l set (h < 32) */
#define GENMASK(h, l)		((~0u >> (31 - (h))) & (~0u << (l)))
#define __ffs(x)	((unsigned long)__builtin_ctzl(x))
#define __always_unused	__attribute__((__unused__))
#define __maybe_unused	__attribute__((__unused__))
#define noinline	__attribute__((__noinline__))
#define fallthrough		__attribute__((__fallthrough__))
/* the compiler may assume nothing of @var's value from here on */
#define OPTIMIZER_HIDE_VAR(var)	__asm__ ("" : "=r" (var) : "0" (var))
/* branch hints, as the kernel's */
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
/*
 * the build fails unless the optimiser proves @cond false, as the
 * kernel's; each its own function, so that the error names its @cond
 */
#define __build_bug_on(cond, fn) do {						\
	extern void fn(void) __attribute__((__error__("BUILD_BUG_ON failed: " #cond)));	\
	if (cond)								\
		fn();								\
} while (0)
#define __build_bug_on_n(cond, n)	__build_bug_on(cond, __build_bug_on_ ## n)
#define __build_bug_on_at(cond, n)	__build_bug_on_n(cond, n)
#define BUILD_BUG_ON(cond)		__build_bug_on_at(cond, __COUNTER__)
/* members that are also one named struct, as the kernel's (linux/stddef.h) */
#define struct_group(NAME, MEMBERS...)	\
	union { struct { MEMBERS }; struct { MEMBERS } NAME; }
#ifndef __always_inline
#define __always_inline	inline __attribute__((__always_inline__))
#endif

#endif /* RUBY_CS_HOST_H */
