// SPDX-License-Identifier: GPL-2.0-only
/*
 * The checker built on the host from the driver's source: a smoke run
 * that a good stream passes and a bad one fails. The fuzzer and the
 * benchmark build the same way.
 */
#include <stdio.h>

#include "ruby_cs_check.h"

int main(void)
{
	struct rcs_bo bo = { .gpu_addr = 0x20000000, .size = 4096, .write = true };
	u32 good[] = { 0xc0033d00, 16, 1u << 18, 0xcafe, 0, 0xc0001000, 0 };
	u32 bad[] = { 0xc0033d00, 4096, 1u << 18, 0xcafe, 0, 0xc0001000, 0 };
	struct rcs_parser p = { .ib = good, .ndw = 7, .bos = &bo, .nbos = 1,
				.gen = &rcs_evergreen };
	int ok;

	ok = rcs_check(&p) == 0 && good[1] == 0x20000010;
	p.ib = bad;
	ok = ok && rcs_check(&p) == -1 && p.err;
	printf("%s: %s\n", ok ? "ok" : "FAIL", p.err ? p.err : "-");
	return ok ? 0 : 1;
}
