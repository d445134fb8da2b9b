// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx command processor
 *
 * Bring-up of the GFX command processor, as R6xx, R7xx and Evergreen/NI
 * all do it: with the CP halted, its PFP and ME microcode go in through
 * the ucode ports; the CP is soft-reset, the ring registers are programmed
 * (read pointer written back to the WB page, so submitting never reads a
 * register), and the generation's start (ME_INITIALIZE and what follows
 * it) runs. Two tests then prove the engine works before anything else
 * uses it: the ring test (a SET_CONFIG_REG of a scratch register from the
 * ring) and the IB test (the same from an indirect buffer, completed by a
 * fence that signals through the interrupt path).
 *
 * The ring's packets are shared too: INDIRECT_BUFFER, the fence (a cache
 * flush by SURFACE_SYNC, then EVENT_WRITE_EOP writing the sequence number
 * and interrupting), and the scheduler test jobs' MEM_WRITE/WAIT_REG_MEM.
 * On R6xx, which has no DMA ring, the GFX ring also moves and clears
 * buffers for TTM, with CP_DMA packets.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../regs/r600_3d.h"
#include "../regs/r600_regs.h"
#include "../regs/ruby_pm4.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "../ruby_ucode.h"
#include "r600.h"

#define RUBY_GFX_RING_SIZE	SZ_256K
#define RUBY_IB_TEST_TIMEOUT	(HZ)

/* GRBM_SOFT_RESET: the CP and the blocks that must be reset with it */
#define SOFT_RESET_PA		BIT(5)
#define SOFT_RESET_SPI		BIT(8)
#define SOFT_RESET_SH		BIT(9)
#define SOFT_RESET_SX		BIT(10)
#define SOFT_RESET_VGT		BIT(14)

#define ME_INITIALIZE_DEVICE_ID	GENMASK(31, 16)

/* The scratch register the engine tests write */
#define TEST_SCRATCH		0

/* SURFACE_SYNC: caches to flush before the fence is written */
#define CP_COHER_TC_ACTION	BIT(23)
#define CP_COHER_VC_ACTION	BIT(24)
#define CP_COHER_SH_ACTION	BIT(27)
#define CP_COHER_FULL_CACHE	BIT(20)		/* R7xx and later */

/* EVENT_WRITE_EOP fields */
#define EOP_EVENT_TYPE		GENMASK(5, 0)
#define EOP_EVENT_INDEX		GENMASK(11, 8)
#define EOP_ADDR_HI		GENMASK(7, 0)
#define EOP_INT_SEL		GENMASK(25, 24)
#define EOP_DATA_SEL		GENMASK(31, 29)
#define CACHE_FLUSH_AND_INV_EVENT_TS	0x14
#define EOP_INT_AFTER_WRITE	2
#define EOP_DATA_32BIT		1

/**
 * r600_cp_emit_ib - run an indirect buffer from the GFX ring
 * @ring: the ring
 * @addr: MC address of the IB
 * @ndw: its length in dwords
 */
void r600_cp_emit_ib(struct ruby_ring *ring, u64 addr, u32 ndw)
{
	ruby_ring_emit(ring, pm4_type3(PKT3_INDIRECT_BUFFER, 3));
	ruby_ring_emit(ring, lower_32_bits(addr) & ~3u);
	ruby_ring_emit(ring, upper_32_bits(addr) & 0xff);
	ruby_ring_emit(ring, ndw);
}

/**
 * r600_cp_emit_fence - flush the caches, then write @seq at end of pipe
 * @ring: the GFX ring
 * @addr: MC address of the fence dword
 * @seq: the sequence number; the CP interrupts once it is written
 */
void r600_cp_emit_fence(struct ruby_ring *ring, u64 addr, u32 seq)
{
	u32 coher = CP_COHER_TC_ACTION | CP_COHER_VC_ACTION | CP_COHER_SH_ACTION;

	if (ring->rdev->chip.desc->gen >= RUBY_GEN_R700)
		coher |= CP_COHER_FULL_CACHE;
	ruby_ring_emit(ring, pm4_type3(PKT3_SURFACE_SYNC, 4));
	ruby_ring_emit(ring, coher);
	ruby_ring_emit(ring, 0xffffffff);	/* the whole address space */
	ruby_ring_emit(ring, 0);
	ruby_ring_emit(ring, 10);		/* poll interval */
	ruby_ring_emit(ring, pm4_type3(PKT3_EVENT_WRITE_EOP, 5));
	ruby_ring_emit(ring, FIELD_PREP(EOP_EVENT_TYPE, CACHE_FLUSH_AND_INV_EVENT_TS) |
		       FIELD_PREP(EOP_EVENT_INDEX, 5));
	ruby_ring_emit(ring, lower_32_bits(addr));
	ruby_ring_emit(ring, FIELD_PREP(EOP_ADDR_HI, upper_32_bits(addr)) |
		       FIELD_PREP(EOP_INT_SEL, EOP_INT_AFTER_WRITE) |
		       FIELD_PREP(EOP_DATA_SEL, EOP_DATA_32BIT));
	ruby_ring_emit(ring, seq);
	ruby_ring_emit(ring, 0);
}

/**
 * r600_cp_halt - stop the ME and the PFP
 * @rdev: the device
 */
void r600_cp_halt(struct ruby_device *rdev)
{
	ruby_write32(rdev, CP_ME_CNTL, CP_ME_HALT | CP_PFP_HALT);
	ruby_write32(rdev, SCRATCH_UMSK, 0);
}

static void cp_load_microcode(struct ruby_device *rdev)
{
	r600_cp_halt(rdev);
	ruby_write32(rdev, CP_RB_CNTL, RB_NO_UPDATE |
		     FIELD_PREP(RB_BLKSZ, 15) | FIELD_PREP(RB_BUFSZ, 3));
	ruby_ucode_write(rdev, rdev->ucode.pfp, CP_PFP_UCODE_ADDR, CP_PFP_UCODE_DATA);
	ruby_ucode_write(rdev, rdev->ucode.me, CP_ME_RAM_WADDR, CP_ME_RAM_DATA);
	ruby_write32(rdev, CP_ME_RAM_RADDR, 0);
}

static void cp_soft_reset(struct ruby_device *rdev)
{
	ruby_write32(rdev, GRBM_SOFT_RESET, SOFT_RESET_CP | SOFT_RESET_PA |
		     SOFT_RESET_SH | SOFT_RESET_VGT | SOFT_RESET_SPI |
		     SOFT_RESET_SX);
	ruby_read32(rdev, GRBM_SOFT_RESET);	/* post the write */
	mdelay(15);
	ruby_write32(rdev, GRBM_SOFT_RESET, 0);
	ruby_read32(rdev, GRBM_SOFT_RESET);
}

static void cp_program_ring(struct ruby_device *rdev, struct ruby_ring *ring)
{
	u64 rptr_addr = rdev->wb.gpu_addr + RUBY_WB_CP_RPTR;
	/* sizes in 8-byte units, log2: the ring and the 4 KiB fetch block */
	u32 cntl = FIELD_PREP(RB_BUFSZ, ilog2(ring->size_dw * 4 / 8)) |
		   FIELD_PREP(RB_BLKSZ, ilog2(SZ_4K / 8));

	ruby_write32(rdev, CP_RB_CNTL, cntl);
	ruby_write32(rdev, CP_SEM_WAIT_TIMER, 0);
	ruby_write32(rdev, CP_RB_WPTR_DELAY, 0);

	ruby_write32(rdev, CP_RB_CNTL, cntl | RB_RPTR_WR_ENA);
	ruby_write32(rdev, CP_RB_RPTR_WR, 0);
	ring->wptr = 0;
	ruby_write32(rdev, CP_RB_WPTR, 0);
	ruby_write32(rdev, CP_RB_RPTR_ADDR, lower_32_bits(rptr_addr) & ~3u);
	ruby_write32(rdev, CP_RB_RPTR_ADDR_HI, upper_32_bits(rptr_addr) & 0xff);
	ruby_write32(rdev, SCRATCH_ADDR, rdev->wb.gpu_addr >> 8);
	ruby_write32(rdev, SCRATCH_UMSK, 0);
	mdelay(1);
	ruby_write32(rdev, CP_RB_CNTL, cntl);
	ruby_write32(rdev, CP_RB_BASE, ring->gpu_addr >> 8);
	ruby_write32(rdev, CP_DEBUG, BIT(27) | BIT(28));
}

/**
 * r600_cp_me_init - initialise the micro engine, then let it run
 * @rdev: the device
 * @ring: the GFX ring
 * @mode: ME_INITIALIZE's second dword (R6xx: 3, later: 0)
 *
 * Returns: 0, or a negative errno if the ring had no room.
 */
int r600_cp_me_init(struct ruby_device *rdev, struct ruby_ring *ring, u32 mode)
{
	int ret;

	ret = ruby_ring_begin(ring, 7);
	if (ret)
		return ret;
	ruby_ring_emit(ring, pm4_type3(PKT3_ME_INITIALIZE, 6));
	ruby_ring_emit(ring, 0x1);
	ruby_ring_emit(ring, mode);
	ruby_ring_emit(ring, rdev->chip.desc->max_hw_contexts - 1);
	ruby_ring_emit(ring, FIELD_PREP(ME_INITIALIZE_DEVICE_ID, 1));
	ruby_ring_emit(ring, 0);
	ruby_ring_emit(ring, 0);
	ruby_ring_commit(rdev, ring);

	ruby_write32(rdev, CP_ME_CNTL, 0xff);	/* run the ME and PFP */
	return 0;
}

static int cp_ring_test(struct ruby_device *rdev, struct ruby_ring *ring)
{
	u32 got;
	int ret;

	ruby_write32(rdev, SCRATCH_REG(TEST_SCRATCH), 0xcafedead);
	ret = ruby_ring_begin(ring, 3);
	if (ret)
		return ret;
	ruby_ring_emit(ring, pm4_type3(PKT3_SET_CONFIG_REG, 2));
	ruby_ring_emit(ring, (SCRATCH_REG(TEST_SCRATCH).addr -
			      PKT3_SET_CONFIG_REG_START) >> 2);
	ruby_ring_emit(ring, 0xdeadbeef);
	ruby_ring_commit(rdev, ring);

	ret = ruby_poll32(rdev, SCRATCH_REG(TEST_SCRATCH), ~0u, 0xdeadbeef, &got);
	if (ret)
		drm_err(&rdev->drm, "%s: ring test failed: scratch %#x, rptr %u, wptr %u\n",
			ring->name, got, ruby_ring_rptr(ring), ring->wptr);
	return ret;
}

/**
 * r600_cp_restart - bring the command processor up from its microcode
 * @rdev: the device, its GFX ring allocated
 * @start: the generation's start, run once the ring is programmed
 *
 * Used at probe and by GPU reset: whatever the ring held is dropped.
 *
 * Returns: 0 once the ring test passed, or a negative errno with the CP
 * halted.
 */
int r600_cp_restart(struct ruby_device *rdev,
		    int (*start)(struct ruby_device *rdev, struct ruby_ring *ring))
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	int ret;

	ring->ready = false;
	cp_load_microcode(rdev);
	cp_soft_reset(rdev);
	cp_program_ring(rdev, ring);
	ret = start(rdev, ring);
	if (!ret)
		ret = cp_ring_test(rdev, ring);
	if (ret) {
		r600_cp_halt(rdev);
		return ret;
	}
	ring->ready = true;
	return 0;
}

/**
 * r600_cp_ring_init - allocate the GFX ring and start the CP on it
 * @rdev: the device
 * @funcs: the generation's ring operations (their restart starts the CP)
 *
 * Returns: 0, or a negative errno.
 */
int r600_cp_ring_init(struct ruby_device *rdev, const struct ruby_ring_funcs *funcs)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	int ret;

	ret = ruby_ring_init(rdev, ring, "gfx", RUBY_RING_GFX, RUBY_GFX_RING_SIZE,
			     RUBY_WB_CP_RPTR, CP_RB_WPTR, funcs);
	if (ret)
		return ret;
	return funcs->restart(rdev);
}

/**
 * r600_cp_fini - halt the CP, failing whatever was still in flight
 * @rdev: the device
 */
void r600_cp_fini(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];

	ring->ready = false;
	r600_cp_halt(rdev);
	ruby_fence_fail_all(ring, -ENODEV);
}

static int r600_ib_test(struct ruby_device *rdev)
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
	ptr[0] = pm4_type3(PKT3_SET_CONFIG_REG, 2);
	ptr[1] = (SCRATCH_REG(TEST_SCRATCH).addr - PKT3_SET_CONFIG_REG_START) >> 2;
	ptr[2] = 0xdeadbeef;

	return ruby_ring_ib_test(ring, ruby_bo_gpu_addr(ib), 3, RUBY_IB_TEST_TIMEOUT,
				 SCRATCH_REG(TEST_SCRATCH));
}

const struct ruby_ip_block r600_ib_test_block = {
	.name = "ib-test",
	.init = r600_ib_test,
};

/* MEM_WRITE: 32-bit data */
#define MEM_WRITE_DATA32	BIT(18)
/* WAIT_REG_MEM: compare function "equal", operand in memory */
#define WAIT_REG_MEM_EQUAL	3
#define WAIT_REG_MEM_MEMORY	BIT(4)

/**
 * r600_ib_write_dword - IB packets that store a dword in memory
 * @ib: where to write them
 * @dst: MC address of the dword
 * @value: what to store
 *
 * Returns: the dwords written.
 */
u32 r600_ib_write_dword(u32 *ib, u64 dst, u32 value)
{
	ib[0] = pm4_type3(PKT3_MEM_WRITE, 4);
	ib[1] = lower_32_bits(dst);
	ib[2] = (upper_32_bits(dst) & 0xff) | MEM_WRITE_DATA32;
	ib[3] = value;
	ib[4] = 0;
	return 5;
}

/**
 * r600_ib_wait_dword - IB packets that wait for a dword in memory
 * @ib: where to write them
 * @addr: MC address of the dword
 * @value: the CP polls until the dword equals it
 *
 * Returns: the dwords written.
 */
u32 r600_ib_wait_dword(u32 *ib, u64 addr, u32 value)
{
	ib[0] = pm4_type3(PKT3_WAIT_REG_MEM, 6);
	ib[1] = WAIT_REG_MEM_EQUAL | WAIT_REG_MEM_MEMORY;
	ib[2] = lower_32_bits(addr);
	ib[3] = upper_32_bits(addr) & 0xff;
	ib[4] = value;			/* reference */
	ib[5] = 0xffffffff;		/* mask */
	ib[6] = 10;			/* poll interval */
	return 7;
}

/*
 * The shader rings (ES->GS, GS->VS and the scratch rings) every generation
 * from R6xx has: while no user stream's own rings are set, each points at
 * one kernel buffer (@gfx.shader_rings), so a spilling shader or a
 * geometry draw of a stream that set no rings writes there and nowhere
 * else; after a stream that set rings of its own (rcs_parser.rings_set),
 * an IB waits for its work to finish and points them back there, before
 * the job's fence lets its buffers go. The generations differ only in the
 * runs of base/size register pairs.
 */
#define RUBY_SHADER_RINGS_SIZE	SZ_64K
#define EVENT_VGT_FLUSH		0x24
#define RINGS_IDLE_DW		5

static u32 rings_packets(struct ruby_device *rdev, const struct r600_ring_runs *runs, u32 *out)
{
	u32 base = ruby_bo_gpu_addr(rdev->gfx.shader_rings) >> 8;
	u32 size = RUBY_SHADER_RINGS_SIZE >> 8;
	unsigned int i, k;
	u32 n = 0;

	for (i = 0; i < runs->count; i++) {
		u32 first = runs->run[i].first.addr;
		u32 pairs = (runs->run[i].last.addr - first + 4) / 8;

		out[n++] = pm4_type3(PKT3_SET_CONFIG_REG, 1 + 2 * pairs);
		out[n++] = (first - PKT3_SET_CONFIG_REG_START) >> 2;
		for (k = 0; k < pairs; k++) {
			out[n++] = base;
			out[n++] = size;
		}
	}
	return n;
}

/* Wait for the 3D engine to go idle, then flush the VGT, as Mesa does */
static u32 rings_idle_packets(u32 *out)
{
	out[0] = pm4_type3(PKT3_SET_CONFIG_REG, 2);
	out[1] = (WAIT_UNTIL.addr - PKT3_SET_CONFIG_REG_START) >> 2;
	out[2] = WAIT_3D_IDLE;
	out[3] = pm4_type3(PKT3_EVENT_WRITE, 1);
	out[4] = EVENT_VGT_FLUSH;
	return RINGS_IDLE_DW;
}

/**
 * r600_shader_rings_init - the kernel's shader ring buffer, and the IB
 *	that points the rings back at it after a stream that set its own
 * @rdev: the device
 * @runs: the generation's shader ring registers
 *
 * Returns: 0, or a negative errno.
 */
int r600_shader_rings_init(struct ruby_device *rdev, const struct r600_ring_runs *runs)
{
	bool is_iomem;
	u32 *ib, n;
	int ret;

	if (WARN_ON(runs->dw > R600_RING_RUNS_MAX_DW))
		return -EINVAL;
	ret = ruby_bo_create_kernel(rdev, RUBY_SHADER_RINGS_SIZE, RUBY_DOMAIN_VRAM,
				    &rdev->gfx.shader_rings);
	if (ret)
		return ret;
	ret = ruby_bo_create_kernel(rdev, (2 * RINGS_IDLE_DW + runs->dw) * 4, RUBY_DOMAIN_GTT,
				    &rdev->gfx.rings_ib);
	if (ret)
		return ret;
	ib = ruby_bo_cpu_addr(rdev->gfx.rings_ib, &is_iomem);
	n = rings_idle_packets(ib);
	n += rings_packets(rdev, runs, ib + n);
	n += rings_idle_packets(ib + n);
	rdev->gfx.rings_ib_dw = n;
	return 0;
}

/**
 * r600_shader_rings_point - point every shader ring at the kernel's buffer
 * @rdev: the device
 * @ring: the GFX ring, at the CP's start
 * @runs: the generation's shader ring registers
 *
 * Returns: 0, or a negative errno.
 */
int r600_shader_rings_point(struct ruby_device *rdev, struct ruby_ring *ring,
			    const struct r600_ring_runs *runs)
{
	u32 dw[R600_RING_RUNS_MAX_DW], n = rings_packets(rdev, runs, dw), i;
	int ret;

	ret = ruby_ring_begin(ring, n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		ruby_ring_emit(ring, dw[i]);
	ruby_ring_commit(rdev, ring);
	return 0;
}

/* R6xx/R7xx: the six rings from the ES->GS ring's base to the PS scratch ring's size */
static const struct r600_ring_runs r600_ring_runs = {
	.run = { { SQ_ESGS_RING_BASE, SQ_PSTMP_RING_SIZE } },
	.count = 1,
	.dw = R600_RING_RUNS_DW(1, 0x8c70 - 0x8c40),
};

/* ME_INITIALIZE's mode: R6xx's, and R7xx's (which Evergreen kept) */
#define ME_INIT_MODE_R600	3
#define ME_INIT_MODE_RV770	0

static int r600_cp_start(struct ruby_device *rdev, struct ruby_ring *ring)
{
	int ret;

	ret = r600_cp_me_init(rdev, ring, rdev->chip.desc->gen == RUBY_GEN_R600 ?
			      ME_INIT_MODE_R600 : ME_INIT_MODE_RV770);
	if (ret)
		return ret;
	return r600_shader_rings_point(rdev, ring, &r600_ring_runs);
}

static int r600_cp_ring_restart(struct ruby_device *rdev)
{
	return r600_cp_restart(rdev, r600_cp_start);
}

/* The GFX ring of every generation from R6xx: its IBs and fences */
#define R600_CP_RING_COMMON						\
	.nop = PM4_TYPE2_FILLER, .align_mask = 15, .ptr_shift = 0,	\
	.ib_dw = 4, .emit_ib = r600_cp_emit_ib,				\
	.fence_dw = 11, .emit_fence = r600_cp_emit_fence,		\
	.restart = r600_cp_ring_restart

static const struct ruby_ring_funcs r600_cp_ring_funcs = {
	R600_CP_RING_COMMON,
};

static int rv770_cp_init(struct ruby_device *rdev)
{
	int ret;

	ret = r600_shader_rings_init(rdev, &r600_ring_runs);
	if (ret)
		return ret;
	return r600_cp_ring_init(rdev, &r600_cp_ring_funcs);
}

/*
 * CP DMA (R6xx's layout: no source select): the source's high byte with
 * CP_SYNC, which holds the CP until the transfer is done, so the next
 * packet (a fence, or a copy reading what this one wrote) sees it; the
 * byte count in 21 bits of the last dword.
 */
#define CP_DMA_CP_SYNC		BIT(31)
#define CP_DMA_ADDR_HI		GENMASK(7, 0)
#define CP_DMA_BYTE_COUNT	GENMASK(20, 0)
#define CP_DMA_PKT_DW		6
#define CP_DMA_WAIT_DW		3
/* the largest dword-aligned count, and a fill's chunk (doubled up to) */
#define CP_DMA_COPY_MAX_DW	(CP_DMA_BYTE_COUNT / 4)
#define CP_DMA_FILL_MAX_DW	(SZ_2M / 4)
/* a fill: its value, the wait, a dword then each doubling up to 2 MiB */
#define CP_DMA_FILL_DW		(2 + CP_DMA_WAIT_DW + (1 + 19) * CP_DMA_PKT_DW)

static void cp_dma_emit(struct ruby_ring *ring, u64 dst, u64 src, u32 bytes)
{
	ruby_ring_emit(ring, pm4_type3(PKT3_CP_DMA, 5));
	ruby_ring_emit(ring, lower_32_bits(src));
	ruby_ring_emit(ring, CP_DMA_CP_SYNC |
		       FIELD_PREP(CP_DMA_ADDR_HI, upper_32_bits(src)));
	ruby_ring_emit(ring, lower_32_bits(dst));
	ruby_ring_emit(ring, FIELD_PREP(CP_DMA_ADDR_HI, upper_32_bits(dst)));
	ruby_ring_emit(ring, FIELD_PREP(CP_DMA_BYTE_COUNT, bytes));
}

/* Draws before it finish writing before CP DMA reads or overwrites memory. */
static void cp_dma_wait_3d_idle(struct ruby_ring *ring)
{
	ruby_ring_emit(ring, pm4_type3(PKT3_SET_CONFIG_REG, 2));
	ruby_ring_emit(ring, (WAIT_UNTIL.addr - PKT3_SET_CONFIG_REG_START) >> 2);
	ruby_ring_emit(ring, WAIT_3D_IDLE);
}

static void r600_cp_emit_copy(struct ruby_ring *ring, u64 dst, u64 src, u32 ndw)
{
	cp_dma_wait_3d_idle(ring);
	cp_dma_emit(ring, dst, src, ndw * 4);
}

/*
 * R6xx's CP DMA has no data source: the value goes into the ring as the
 * payload of a NOP, the first dword of @dst is copied from there, and the
 * filled head of @dst is then copied after itself, doubling it until it
 * covers the range (at most 2 MiB, so no copy exceeds the byte count).
 */
static void r600_cp_emit_fill(struct ruby_ring *ring, u64 dst, u32 value, u32 ndw)
{
	u64 src = ring->gpu_addr + 4ull * ((ring->wptr + 1) & (ring->size_dw - 1));
	u32 bytes = ndw * 4, done = 4;

	ruby_ring_emit(ring, pm4_type3(PKT3_NOP, 1));
	ruby_ring_emit(ring, value);
	cp_dma_wait_3d_idle(ring);
	cp_dma_emit(ring, dst, src, 4);
	while (done < bytes) {
		u32 n = min(done, bytes - done);

		cp_dma_emit(ring, dst + done, dst, n);
		done += n;
	}
}

/* R6xx: no DMA engine; the CP moves and clears buffers */
VISIBLE_IF_KUNIT const struct ruby_ring_funcs r600_cp_dma_ring_funcs = {
	R600_CP_RING_COMMON,
	.copy_dw = CP_DMA_WAIT_DW + CP_DMA_PKT_DW,
	.copy_max_dw = CP_DMA_COPY_MAX_DW,
	.emit_copy = r600_cp_emit_copy,
	.fill_dw = CP_DMA_FILL_DW,
	.fill_max_dw = CP_DMA_FILL_MAX_DW,
	.emit_fill = r600_cp_emit_fill,
};
EXPORT_SYMBOL_IF_KUNIT(r600_cp_dma_ring_funcs);

static int r600_cp_init(struct ruby_device *rdev)
{
	int ret;

	ret = r600_shader_rings_init(rdev, &r600_ring_runs);
	if (ret)
		return ret;
	return r600_cp_ring_init(rdev, &r600_cp_dma_ring_funcs);
}

const struct ruby_ip_block r600_cp_block = {
	.name = "cp",
	.init = r600_cp_init,
	.fini = r600_cp_fini,
};

const struct ruby_ip_block rv770_cp_block = {
	.name = "cp",
	.init = rv770_cp_init,
	.fini = r600_cp_fini,
};

/*
 * The state reset run before every user GFX stream: one SET_RESOURCE
 * over R6xx's whole resource window makes every texture and vertex-buffer
 * descriptor invalid, so a stream sees only the resources it set up
 * itself. (R6xx/R7xx have no CLEAR_STATE packet: the context registers a
 * stream relies on, it must set, and the checker will require it.) The
 * item sizes of the ES, GS, VS and PS scratch rings go back to 0: a
 * stream that spills sets them with rings of its own, and the checker
 * takes a stream that does not set them as not spilling.
 */
#define R600_RESOURCE_WINDOW_DW	((0x3c000 - 0x38000) / 4)
#define R600_SCRATCH_ITEMSIZES		4
#define R600_SCRATCH_RESET_DW		(2 + R600_SCRATCH_ITEMSIZES)

/**
 * r600_reset_ib_build - build a state reset IB
 * @rdev: the device
 * @clear_state: begin with CLEAR_STATE (Evergreen and later have it)
 * @window_dw: dwords of the generation's resource window
 *
 * The IB invalidates every descriptor of the resource window with one
 * SET_RESOURCE, after CLEAR_STATE has returned every context register to
 * its default where the generation has that packet, or after the scratch
 * rings' item sizes are set to 0 where it has not.
 *
 * Returns: 0 with rdev->cs.reset_ib and reset_dw set, or a negative errno.
 */
int r600_reset_ib_build(struct ruby_device *rdev, bool clear_state, u32 window_dw)
{
	u32 ndw = (clear_state ? 2 : R600_SCRATCH_RESET_DW) + 2 + window_dw, n = 0;
	bool is_iomem;
	u32 *ib;
	int ret;

	ret = ruby_bo_create_kernel(rdev, ndw * 4, RUBY_DOMAIN_GTT, &rdev->cs.reset_ib);
	if (ret)
		return ret;
	ib = ruby_bo_cpu_addr(rdev->cs.reset_ib, &is_iomem);
	if (clear_state) {
		ib[n++] = pm4_type3(PKT3_CLEAR_STATE, 1);
		ib[n++] = 0;
	} else {
		ib[n++] = pm4_type3(PKT3_SET_CONTEXT_REG, 1 + R600_SCRATCH_ITEMSIZES);
		ib[n++] = (R600_SQ_ESTMP_RING_ITEMSIZE - PKT3_SET_CONTEXT_REG_START) / 4;
		memset32(&ib[n], 0, R600_SCRATCH_ITEMSIZES);
		n += R600_SCRATCH_ITEMSIZES;
	}
	ib[n++] = pm4_type3(PKT3_SET_RESOURCE, 1 + window_dw);
	ib[n++] = 0;				/* from the first descriptor */
	memset32(&ib[n], 0, window_dw);		/* type 0: invalid */
	rdev->cs.reset_dw = ndw;
	return 0;
}

/**
 * r600_build_reset_ib - build the state reset run before user streams
 * @rdev: the device
 *
 * Returns: 0 with rdev->cs.reset_ib and reset_dw set, or a negative errno.
 */
int r600_build_reset_ib(struct ruby_device *rdev)
{
	return r600_reset_ib_build(rdev, false, R600_RESOURCE_WINDOW_DW);
}
