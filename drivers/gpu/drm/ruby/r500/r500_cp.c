// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R5xx command processor
 *
 * R5xx's CP has one engine, the micro engine (ME), whose microcode
 * (radeon/R520_cp.bin, 256 64-bit words) goes in through CP_ME_RAM_ADDR
 * and the CP_ME_RAM_DATAH/DATAL pair; no PFP, no RLC. It reads one ring,
 * writes its read pointer back to the WB page, and runs an indirect buffer
 * when the ring writes CP_IB_BASE and CP_IB_BUFSZ (a type-0 packet).
 *
 * There is no end-of-pipe event: a fence is a type-0 write of the sequence
 * number into a scratch register once the engines are idle and their
 * caches flushed, then a write of GEN_INT_STATUS's software-interrupt bit.
 * SCRATCH_UMSK makes the CP copy the fence's scratch register to
 * SCRATCH_ADDR + 4 * n in memory, and SCRATCH_ADDR is set so that copy
 * lands in the ring's fence slot of the WB page: the shared fence code
 * reads it there like any other generation's. Before the scratch write,
 * the fence invalidates the HDP's read buffer (HOST_PATH_CNTL), so the CPU
 * reads through BAR0 what the GPU wrote.
 *
 * R5xx has no packet that writes or waits on an arbitrary memory address
 * and no DMA engine: the ring cannot copy or fill (TTM falls back to the
 * CPU), and the scheduler's debugfs test jobs are not available.
 *
 * A restart (probe, and drm_sched's hang recovery) halts the CP, pulses
 * the RBBM soft reset of the CP and the 3D front end (VAP, GA), reloads
 * the microcode, programs the ring from empty and runs the ring test.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/firmware.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../regs/ruby_pm4.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "r500.h"

#define R500_GFX_RING_SIZE	SZ_256K
#define R500_IB_TEST_TIMEOUT	(HZ)

/* The scratch register fences write, and the one the engine tests write */
#define FENCE_SCRATCH		0
#define TEST_SCRATCH		1

/* CP_RB_CNTL: the read pointer is written back every 2^9 * 8 bytes */
#define CP_RB_BLKSZ_LOG2	9
#define CP_MAX_FETCH		1
/* CP_RB_WPTR_DELAY: clocks a write-pointer write is held, while programming */
#define CP_PRE_WRITE_TIMER	64
/* CP_CSQ_MODE: where the indirect-buffer queues start in the CP's cache */
#define CSQ_INDIRECT1		16
#define CSQ_INDIRECT2		80
#define CSQ_MODE_RUNNING	0x4d4d

#define R500_FENCE_DW		14

static u32 pkt0(struct ruby_reg reg)
{
	return pm4_type0(reg.addr, 1);
}

/**
 * r500_fence_scratch_addr - SCRATCH_ADDR for a fence slot
 * @fence_addr: MC address where the fence's scratch register must land
 *
 * Returns: the address the scratch registers are written back from, so
 * that the fence register's copy is at @fence_addr.
 */
u32 r500_fence_scratch_addr(u64 fence_addr)
{
	return lower_32_bits(fence_addr - 4 * FENCE_SCRATCH);
}
EXPORT_SYMBOL_IF_KUNIT(r500_fence_scratch_addr);

/**
 * r500_emit_fence_packets - the packets of a fence
 * @out: R500_FENCE_DW dwords
 * @hdp_cntl: HOST_PATH_CNTL as the CP start found it
 * @seq: the sequence number
 *
 * Returns: the dwords written.
 */
unsigned int r500_emit_fence_packets(u32 *out, u32 hdp_cntl, u32 seq)
{
	const u32 pkts[R500_FENCE_DW] = {
		pkt0(RB3D_DSTCACHE_CTLSTAT), FIELD_PREP(RB3D_DC_FLUSH, RB3D_DC_ALL),
		pkt0(ZB_ZCACHE_CTLSTAT), ZC_FLUSH,
		pkt0(WAIT_UNTIL), WAIT_3D_IDLECLEAN | WAIT_2D_IDLECLEAN |
				  WAIT_DMA_GUI_IDLE,
		pkt0(HOST_PATH_CNTL), hdp_cntl | HDP_READ_BUFFER_INVALIDATE,
		pkt0(HOST_PATH_CNTL), hdp_cntl,
		pkt0(SCRATCH_REG(FENCE_SCRATCH)), seq,
		pkt0(GEN_INT_STATUS), GEN_INT_SW_INT_FIRE,
	};

	memcpy(out, pkts, sizeof(pkts));
	return ARRAY_SIZE(pkts);
}
EXPORT_SYMBOL_IF_KUNIT(r500_emit_fence_packets);

static void r500_cp_emit_fence(struct ruby_ring *ring, u64 addr, u32 seq)
{
	u32 pkts[R500_FENCE_DW];
	unsigned int i, n;

	/* SCRATCH_ADDR points the write-back at the ring's slot: addr */
	WARN_ON_ONCE(r500_fence_scratch_addr(addr) !=
		     r500_fence_scratch_addr(ring->fence.gpu_addr));
	n = r500_emit_fence_packets(pkts, ring->rdev->gfx.hdp_cntl, seq);
	for (i = 0; i < n; i++)
		ruby_ring_emit(ring, pkts[i]);
}

static void r500_cp_emit_ib(struct ruby_ring *ring, u64 addr, u32 ndw)
{
	/* CP_IB_BASE and CP_IB_BUFSZ are consecutive: one type-0 packet */
	ruby_ring_emit(ring, pm4_type0(CP_IB_BASE.addr, 2));
	ruby_ring_emit(ring, lower_32_bits(addr));
	ruby_ring_emit(ring, ndw);
}

static void r500_cp_halt(struct ruby_device *rdev)
{
	ruby_write32(rdev, CP_CSQ_CNTL, FIELD_PREP(CSQ_MODE, CSQ_PRIDIS_INDDIS));
	ruby_write32(rdev, SCRATCH_UMSK, 0);
}

/* Pulse the soft reset of the 3D front end, then of the CP. */
static void r500_soft_reset(struct ruby_device *rdev)
{
	static const u32 steps[] = { SOFT_RESET_VAP | SOFT_RESET_GA, SOFT_RESET_CP };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		ruby_write32(rdev, RBBM_SOFT_RESET, steps[i]);
		ruby_read32(rdev, RBBM_SOFT_RESET);	/* post the write */
		usleep_range(1000, 2000);
		ruby_write32(rdev, RBBM_SOFT_RESET, 0);
		ruby_read32(rdev, RBBM_SOFT_RESET);
	}
}

static void r500_cp_load_microcode(struct ruby_device *rdev)
{
	const __be32 *words = (const __be32 *)rdev->ucode.me->data;
	size_t i, n = rdev->ucode.me->size / sizeof(*words);

	ruby_write32(rdev, CP_ME_RAM_ADDR, 0);
	for (i = 0; i + 1 < n; i += 2) {
		ruby_write32(rdev, CP_ME_RAM_DATAH, be32_to_cpu(words[i]));
		ruby_write32(rdev, CP_ME_RAM_DATAL, be32_to_cpu(words[i + 1]));
	}
}

static void r500_cp_program_ring(struct ruby_device *rdev, struct ruby_ring *ring)
{
	u32 cntl = FIELD_PREP(RB_BUFSZ, ilog2(ring->size_dw * 4 / 8)) |
		   FIELD_PREP(RB_BLKSZ, CP_RB_BLKSZ_LOG2) |
		   FIELD_PREP(RB_MAX_FETCH, CP_MAX_FETCH);

	ruby_write32(rdev, CP_RB_WPTR_DELAY, CP_PRE_WRITE_TIMER);
	ruby_write32(rdev, CP_RB_CNTL, cntl | RB_NO_UPDATE);
	ruby_write32(rdev, CP_RB_BASE, lower_32_bits(ring->gpu_addr));
	ruby_write32(rdev, CP_RB_CNTL, cntl | RB_RPTR_WR_ENA | RB_NO_UPDATE);
	ruby_write32(rdev, CP_RB_RPTR_WR, 0);
	ring->wptr = 0;
	ruby_write32(rdev, CP_RB_WPTR, 0);
	/* the write-back of the previous run's read pointer is stale */
	WRITE_ONCE(*(__le32 *)(rdev->wb.ptr + RUBY_WB_CP_RPTR), 0);
	ruby_write32(rdev, CP_RB_RPTR_ADDR,
		     lower_32_bits(rdev->wb.gpu_addr + RUBY_WB_CP_RPTR));
	ruby_write32(rdev, SCRATCH_ADDR, r500_fence_scratch_addr(ring->fence.gpu_addr));
	ruby_write32(rdev, SCRATCH_UMSK, BIT(FENCE_SCRATCH));
	ruby_write32(rdev, CP_RB_CNTL, cntl);
	usleep_range(10, 20);
	ruby_write32(rdev, CP_CSQ_MODE, FIELD_PREP(CSQ_INDIRECT1_START, CSQ_INDIRECT1) |
		     FIELD_PREP(CSQ_INDIRECT2_START, CSQ_INDIRECT2));
	ruby_write32(rdev, CP_RB_WPTR_DELAY, 0);
	ruby_write32(rdev, CP_CSQ_MODE, CSQ_MODE_RUNNING);
	ruby_write32(rdev, CP_CSQ_CNTL, FIELD_PREP(CSQ_MODE, CSQ_PRIBM_INDBM));
}

/*
 * The engines' state the ring starts from: idle synchronisation, the
 * pipes as the straps set them, the 3D caches flushed and freed. The rest
 * of the 3D state is the user streams' (and the reset IB's).
 */
static int r500_cp_start(struct ruby_device *rdev, struct ruby_ring *ring)
{
	const u32 pkts[] = {
		pkt0(ISYNC_CNTL), ISYNC_ANY2D_IDLE3D | ISYNC_ANY3D_IDLE2D |
				  ISYNC_WAIT_IDLEGUI | ISYNC_CPSCRATCH_IDLEGUI,
		pkt0(WAIT_UNTIL), WAIT_2D_IDLECLEAN | WAIT_3D_IDLECLEAN,
		pkt0(DST_PIPE_CONFIG), PIPE_AUTO_CONFIG,
		pkt0(SU_REG_DEST), BIT(rdev->gfx.num_gb_pipes) - 1,
		pkt0(RB3D_DSTCACHE_CTLSTAT), FIELD_PREP(RB3D_DC_FLUSH, RB3D_DC_ALL) |
					     FIELD_PREP(RB3D_DC_FREE, RB3D_DC_ALL),
		pkt0(ZB_ZCACHE_CTLSTAT), ZC_FLUSH | ZC_FREE,
		pkt0(WAIT_UNTIL), WAIT_2D_IDLECLEAN | WAIT_3D_IDLECLEAN,
		pkt0(VAP_INDEX_OFFSET), 0,
	};
	unsigned int i;
	int ret;

	ret = ruby_ring_begin(ring, ARRAY_SIZE(pkts));
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(pkts); i++)
		ruby_ring_emit(ring, pkts[i]);
	ruby_ring_commit(rdev, ring);
	return 0;
}

static int r500_cp_ring_test(struct ruby_device *rdev, struct ruby_ring *ring)
{
	u32 got;
	int ret;

	ruby_write32(rdev, SCRATCH_REG(TEST_SCRATCH), 0xcafedead);
	ret = ruby_ring_begin(ring, 2);
	if (ret)
		return ret;
	ruby_ring_emit(ring, pkt0(SCRATCH_REG(TEST_SCRATCH)));
	ruby_ring_emit(ring, 0xdeadbeef);
	ruby_ring_commit(rdev, ring);

	ret = ruby_poll32(rdev, SCRATCH_REG(TEST_SCRATCH), ~0u, 0xdeadbeef, &got);
	if (ret)
		drm_err(&rdev->drm, "%s: ring test failed: scratch %#x, rptr %u, wptr %u\n",
			ring->name, got, ruby_ring_rptr(ring), ring->wptr);
	return ret;
}

static int r500_cp_restart(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	int ret;

	ring->ready = false;
	r500_cp_halt(rdev);
	r500_soft_reset(rdev);
	ret = r500_gui_wait_idle(rdev);
	if (ret)
		return ret;
	r500_cp_load_microcode(rdev);
	r500_cp_program_ring(rdev, ring);
	ret = r500_cp_start(rdev, ring);
	if (!ret)
		ret = r500_cp_ring_test(rdev, ring);
	if (ret) {
		r500_cp_halt(rdev);
		return ret;
	}
	ring->ready = true;
	return 0;
}

static const struct ruby_ring_funcs r500_gfx_ring_funcs = {
	.nop = PM4_TYPE2_FILLER,
	.align_mask = 15,
	.ptr_shift = 0,
	.ib_dw = 3,
	.ib_align_mask = 0,
	.emit_ib = r500_cp_emit_ib,
	.fence_dw = R500_FENCE_DW,
	.emit_fence = r500_cp_emit_fence,
	.restart = r500_cp_restart,
};

static int r500_cp_init(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	int ret;

	rdev->gfx.hdp_cntl = ruby_read32(rdev, HOST_PATH_CNTL);
	ret = ruby_ring_init(rdev, ring, "gfx", RUBY_RING_GFX, R500_GFX_RING_SIZE,
			     RUBY_WB_CP_RPTR, CP_RB_WPTR, &r500_gfx_ring_funcs);
	if (ret)
		return ret;
	return r500_cp_restart(rdev);
}

static void r500_cp_fini(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];

	ring->ready = false;
	r500_cp_halt(rdev);
	ruby_fence_fail_all(ring, -ENODEV);
}

const struct ruby_ip_block r500_cp_block = {
	.name = "cp",
	.init = r500_cp_init,
	.fini = r500_cp_fini,
};

/* The ring test's write, from an IB, completed by a fence and its interrupt */
static int r500_ib_test(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	struct ruby_bo *ib;
	bool is_iomem;
	u32 *ptr;
	int ret;

	ret = ruby_bo_create_kernel(rdev, SZ_4K, RUBY_DOMAIN_GTT, &ib);
	if (ret)
		return ret;
	ptr = ruby_bo_cpu_addr(ib, &is_iomem);
	ptr[0] = pkt0(SCRATCH_REG(TEST_SCRATCH));
	ptr[1] = 0xdeadbeef;

	return ruby_ring_ib_test(ring, ruby_bo_gpu_addr(ib), 2, R500_IB_TEST_TIMEOUT,
				 SCRATCH_REG(TEST_SCRATCH));
}

const struct ruby_ip_block r500_ib_test_block = {
	.name = "ib-test",
	.init = r500_ib_test,
};

/**
 * r500_build_reset_ib - build the state reset run before user streams
 * @rdev: the device
 *
 * The engines idle and the 3D caches flushed and freed, so no stream
 * starts on what the one before left in them; VAP_INDEX_OFFSET back to 0,
 * as the checker takes it where a stream does not set it (r500_cs.c).
 *
 * Returns: 0 with rdev->cs.reset_ib and reset_dw set, or a negative errno.
 */
int r500_build_reset_ib(struct ruby_device *rdev)
{
	const u32 pkts[] = {
		pkt0(WAIT_UNTIL), WAIT_2D_IDLECLEAN | WAIT_3D_IDLECLEAN,
		pkt0(RB3D_DSTCACHE_CTLSTAT), FIELD_PREP(RB3D_DC_FLUSH, RB3D_DC_ALL) |
					     FIELD_PREP(RB3D_DC_FREE, RB3D_DC_ALL),
		pkt0(ZB_ZCACHE_CTLSTAT), ZC_FLUSH | ZC_FREE,
		pkt0(WAIT_UNTIL), WAIT_2D_IDLECLEAN | WAIT_3D_IDLECLEAN,
		pkt0(VAP_INDEX_OFFSET), 0,
	};
	bool is_iomem;
	int ret;

	ret = ruby_bo_create_kernel(rdev, sizeof(pkts), RUBY_DOMAIN_GTT,
				    &rdev->cs.reset_ib);
	if (ret)
		return ret;
	memcpy(ruby_bo_cpu_addr(rdev->cs.reset_ib, &is_iomem), pkts, sizeof(pkts));
	rdev->cs.reset_dw = ARRAY_SIZE(pkts);
	return 0;
}
