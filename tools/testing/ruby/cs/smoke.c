// SPDX-License-Identifier: GPL-2.0-only
/*
 * The checker built on the host from the driver's source: a smoke run
 * that a good stream passes and a bad one fails. The fuzzer and the
 * benchmark build the same way.
 */
#include <stdio.h>

#include "ruby_cs_check.h"
#include "r600/r600_cs.h"

/*
 * R6xx/R7xx: the same write passes and fails on both; a DMA copy is
 * refused on R6xx (no DMA engine streams) and relocated on R7xx
 */
static int smoke_r600(void)
{
	struct rcs_bo bos[2] = {
		{ .gpu_addr = 0x20000000, .size = 4096 },
		{ .gpu_addr = 0x30000000, .size = 4096, .write = true },
	};
	u32 good[] = { 0xc0033d00, 16, 1u << 18, 0xcafe, 0, 0xc0001000, 4 };
	u32 bad[] = { 0xc0033d00, 4096, 1u << 18, 0xcafe, 0, 0xc0001000, 4 };
	u32 copy[] = { 0x30000000 | 1024, 0, 0, 0, 0 };
	struct rcs_parser p = { .ib = good, .ndw = 7, .bos = bos, .nbos = 2,
				.gen = &rcs_r600 };
	int ok;

	ok = rcs_check(&p) == 0 && good[1] == 0x30000010;
	p.ib = bad;
	ok = ok && rcs_check(&p) == -1 && p.err;
	p.gen = &rcs_r700;
	ok = ok && rcs_check(&p) == -1 && p.err;
	p.ib = copy;
	p.ndw = 5;
	ok = ok && rcs_check_dma(&p) == 0 && copy[1] == 0x30000000 && copy[2] == 0x20000000;
	p.gen = &rcs_r600;
	ok = ok && rcs_check_dma(&p) == -1 && p.err;
	printf("%s: r600: %s\n", ok ? "ok" : "FAIL", p.err ? p.err : "-");
	return ok;
}

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
	return ok && smoke_r600() ? 0 : 1;
}
