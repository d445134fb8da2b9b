// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the R6xx/R7xx tiling layout: the backend map in two-bit
 * fields and GB_TILING_CONFIG, the dword INFO reports, from each
 * generation's memory configuration register; and R6xx's buffer moves and
 * clears by CP DMA on the GFX ring, run on a model of the packets.
 */

#include <kunit/test.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "../r600/r600.h"
#include "../regs/pm4_opcodes.h"
#include "../regs/ruby_pm4.h"
#include "../ruby_ring.h"

static void r600_backend_map_two_bit_fields(struct kunit *test)
{
	/* RV730: 4 pipes, 2 backends: pipes 3, 2 on RB1, pipes 1, 0 on RB0 */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0, 2), 0x50);
	/* RV770: 8 pipes, 4 backends, two pipes each */
	KUNIT_EXPECT_EQ(test, r600_backend_map(3, 4, 0, 2), 0xfa50);
	/* RV710/RV630: 2 pipes, 1 backend */
	KUNIT_EXPECT_EQ(test, r600_backend_map(1, 1, 0, 2), 0x0);
	/* RB0 fused off: every pipe on RB1 */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0x1, 2), 0x55);
	/* every backend fused off: the fuses are ignored */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0x3, 2), 0x50);
	/* Evergreen's four-bit fields from the same sharing-out */
	KUNIT_EXPECT_EQ(test, r600_backend_map(2, 2, 0, 4), 0x1100);
}

static void rv770_tiling_config_fields(struct kunit *test)
{
	/* the simulated RV730: 4 banks, no rows/burst bits; bank swaps 1 */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(4, 0x50, 0x100), 0x00500804);
	/* 8 banks, 5 rows (row tiling and sample split capped at 3), burst */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(4, 0x50, 0x229), 0x0050cb54);
	/* 8 pipes, RV770's map */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(8, 0xfa50, 0x0), 0xfa500806);
	/* one pipe: pipe field 0 */
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(1, 0, 0) & 0xe, 0);
}

static void r600_tiling_config_fields(struct kunit *test)
{
	/* the simulated RV630: 64-bit channel, 4 banks; bank swaps 1 */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x80), 0x00000802);
	/* 8 banks, 5 rows (capped at 3), long bursts: R6xx's bit positions */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x115), 0x0000cb52);
	/* bit 1 is the rank on R6xx, not a bank bit as on R7xx */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x2), 0x00000802);
	KUNIT_EXPECT_EQ(test, rv770_tiling_config(2, 0x0, 0x2), 0x00000812);
	/* R7xx's burst bit (9) is not R6xx's (8) */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(2, 0x0, 0x200), 0x00000802);
	/* R600: 8 pipes on 4 backends, two each */
	KUNIT_EXPECT_EQ(test, r600_tiling_config(8, 0xfa50, 0x0), 0xfa500806);
}

#define RING_DW		1024
#define RING_ADDR	0x100000ull
#define DST_ADDR	0x40000000ull
#define WAIT_3D_IDLE_BIT	BIT(15)		/* WAIT_UNTIL */

struct cpdma_ring {
	struct ruby_ring ring;
	u32 ring_dw[RING_DW];
};

static struct ruby_ring *cpdma_ring(struct kunit *test, u32 wptr)
{
	struct cpdma_ring *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	mutex_init(&r->ring.lock);
	r->ring.ptr = r->ring_dw;
	r->ring.size_dw = RING_DW;
	r->ring.gpu_addr = RING_ADDR;
	r->ring.wptr = wptr;
	r->ring.funcs = &r600_cp_dma_ring_funcs;
	return &r->ring;
}

/*
 * Run the CP_DMA packets of @n ring dwords from @first on @dst (@dst_dw
 * dwords at DST_ADDR): each must be R6xx's (no data source, CP_SYNC set,
 * a 21-bit count), read the ring or @dst and write within @dst. Returns
 * the packets run, -1 on the first that breaks a rule.
 */
static int cpdma_run(struct kunit *test, const struct ruby_ring *ring, u32 first,
		     u32 n, u32 *dst, u32 dst_dw)
{
	int packets = 0;
	u32 i = 0;

	while (i < n) {
		u32 hdr = ring->ptr[(first + i) & (RING_DW - 1)], b[6], j;
		u32 op = FIELD_GET(PM4_HDR_OPCODE, hdr);
		u32 body = FIELD_GET(PM4_HDR_COUNT, hdr) + 1;
		u64 src, to, bytes, k;

		/* packets may wrap the ring's end */
		for (j = 0; j < ARRAY_SIZE(b); j++)
			b[j] = ring->ptr[(first + i + j) & (RING_DW - 1)];
		i += 1 + body;
		if (op != PKT3_CP_DMA)
			continue;
		KUNIT_ASSERT_EQ(test, body, 5);
		src = b[1] | (u64)(b[2] & 0xff) << 32;
		to = b[3] | (u64)(b[4] & 0xff) << 32;
		bytes = b[5];
		KUNIT_EXPECT_TRUE(test, b[2] & BIT(31));		/* CP_SYNC */
		KUNIT_EXPECT_EQ(test, b[2] & GENMASK(30, 29), 0);	/* no data */
		if (bytes > 0x1fffff || bytes % 4 || to < DST_ADDR ||
		    to + bytes > DST_ADDR + 4ull * dst_dw)
			return -1;
		for (k = 0; k < bytes / 4; k++) {
			u64 s = src + 4 * k;

			if (s >= RING_ADDR && s < RING_ADDR + 4 * RING_DW)
				dst[(to - DST_ADDR) / 4 + k] = ring->ptr[(s - RING_ADDR) / 4];
			else if (s >= DST_ADDR && s < to)
				dst[(to - DST_ADDR) / 4 + k] = dst[(s - DST_ADDR) / 4];
			else
				return -1;
		}
		packets++;
	}
	return packets;
}

/* A fill of @ndw dwords from ring dword @wptr on: every dword, no more. */
static void cpdma_check_fill(struct kunit *test, u32 wptr, u32 ndw)
{
	struct ruby_ring *ring = cpdma_ring(test, wptr);
	u32 *dst = vzalloc(4 * (ndw + 1));
	u32 used, i, bad = 0;

	KUNIT_ASSERT_NOT_NULL(test, dst);
	mutex_lock(&ring->lock);
	ring->funcs->emit_fill(ring, DST_ADDR, 0xc0ffee11, ndw);
	mutex_unlock(&ring->lock);
	used = (ring->wptr - wptr) & (RING_DW - 1);
	KUNIT_EXPECT_LE(test, used, ring->funcs->fill_dw);
	KUNIT_EXPECT_GT(test, cpdma_run(test, ring, wptr, used, dst, ndw), 0);
	for (i = 0; i < ndw; i++)
		bad += dst[i] != 0xc0ffee11;
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "%u dwords of %u not filled", bad, ndw);
	KUNIT_EXPECT_EQ(test, dst[ndw], 0);	/* nothing past the range */
	vfree(dst);
}

static void r600_cp_dma_fill_doubles(struct kunit *test)
{
	const struct ruby_ring_funcs *f = &r600_cp_dma_ring_funcs;

	/* one dword; an odd count; the value's NOP payload wraps the ring */
	cpdma_check_fill(test, 0, 1);
	cpdma_check_fill(test, 100, 12345);
	cpdma_check_fill(test, RING_DW - 1, 777);
	/* the largest chunk: 2 MiB, its last copy 1 MiB, within the count */
	KUNIT_EXPECT_EQ(test, f->fill_max_dw, SZ_2M / 4);
	cpdma_check_fill(test, 7, f->fill_max_dw);
}

static void r600_cp_dma_copy_packet(struct kunit *test)
{
	struct ruby_ring *ring = cpdma_ring(test, RING_DW - 3);
	const u32 *p = ring->ptr;
	u32 used;

	mutex_lock(&ring->lock);
	ring->funcs->emit_copy(ring, 0x12345678f0ull, 0xab87654320ull,
			       ring->funcs->copy_max_dw);
	mutex_unlock(&ring->lock);
	used = (ring->wptr - (RING_DW - 3)) & (RING_DW - 1);
	KUNIT_EXPECT_EQ(test, used, ring->funcs->copy_dw);
	/* the wait for the 3D engine ends the ring; the packet starts it */
	KUNIT_EXPECT_EQ(test, p[RING_DW - 1], WAIT_3D_IDLE_BIT);
	KUNIT_EXPECT_EQ(test, p[0], pm4_type3(PKT3_CP_DMA, 5));
	KUNIT_EXPECT_EQ(test, p[1], 0x87654320);
	KUNIT_EXPECT_EQ(test, p[2], BIT(31) | 0xab);	/* CP_SYNC, src 39:32 */
	KUNIT_EXPECT_EQ(test, p[3], 0x345678f0);
	KUNIT_EXPECT_EQ(test, p[4], 0x12);
	/* the most a packet moves: whole dwords within the 21-bit count */
	KUNIT_EXPECT_EQ(test, p[5], 0x1ffffc);
}

static struct kunit_case r600_gfx_cases[] = {
	KUNIT_CASE(r600_cp_dma_fill_doubles),
	KUNIT_CASE(r600_cp_dma_copy_packet),
	KUNIT_CASE(r600_backend_map_two_bit_fields),
	KUNIT_CASE(rv770_tiling_config_fields),
	KUNIT_CASE(r600_tiling_config_fields),
	{}
};

static struct kunit_suite r600_gfx_suite = {
	.name = "r600_gfx",
	.test_cases = r600_gfx_cases,
};

kunit_test_suite(r600_gfx_suite);
