// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen async DMA engine
 *
 * Evergreen and Northern Islands up to Caicos/Turks/Barts have one async
 * DMA engine with its own ring (pointers in bytes, read pointer written
 * back to the WB page). ruby uses it for buffer moves between VRAM and
 * GTT, so moving a buffer costs no CPU copy and works for the part of
 * VRAM the CPU cannot see, and to clear new buffers in VRAM (CONSTANT_FILL,
 * see "memory management"). Its packets: a four-bit command, an eight-bit
 * sub-command and a twenty-bit count in the header. Fences are a FENCE
 * packet (a dword written to memory), a TRAP (IH source 224) and an HDP
 * flush through SRBM_WRITE; an indirect buffer packet must end on an
 * eight-dword boundary of the ring.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "../regs/evergreen_regs.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

#define RUBY_DMA_RING_SIZE	SZ_64K
#define RUBY_DMA_TEST_TIMEOUT	(HZ)

/* Packet header */
#define DMA_HDR_CMD		GENMASK(31, 28)
#define DMA_HDR_SUB_CMD		GENMASK(27, 20)
#define DMA_HDR_COUNT		GENMASK(19, 0)

#define DMA_CMD_WRITE		0x2
#define DMA_CMD_COPY		0x3
#define DMA_CMD_INDIRECT_BUFFER	0x4
#define DMA_CMD_FENCE		0x6
#define DMA_CMD_TRAP		0x7
#define DMA_CMD_SRBM_WRITE	0x9
#define DMA_CMD_CONSTANT_FILL	0xd
#define DMA_CMD_NOP		0xf

/* a NOP header: command in bits 31:28, nothing else */
#define DMA_NOP_PACKET		(DMA_CMD_NOP << 28)

#define DMA_COPY_LINEAR		0x00	/* sub-command: dword copy */
#define DMA_MAX_COUNT		0xfffff

/* CONSTANT_FILL: address bits 39:32 in its third dword */
#define DMA_FILL_ADDR_HI	GENMASK(23, 16)
/* SRBM_WRITE: byte enables and dword register offset */
#define DMA_SRBM_BYTE_EN	GENMASK(19, 16)
#define DMA_SRBM_REG		GENMASK(15, 0)
/* INDIRECT_BUFFER: length in dwords and address bits 39:32 */
#define DMA_IB_LEN		GENMASK(31, 12)
#define DMA_ADDR_HI		GENMASK(7, 0)

static u32 dma_hdr(u32 cmd, u32 sub_cmd, u32 count)
{
	return FIELD_PREP(DMA_HDR_CMD, cmd) | FIELD_PREP(DMA_HDR_SUB_CMD, sub_cmd) |
	       FIELD_PREP(DMA_HDR_COUNT, count);
}

static void dma_emit_ib(struct ruby_ring *ring, u64 addr, u32 ndw)
{
	/* the three-dword packet must end on an eight-dword boundary */
	while ((ring->wptr & 7) != 5)
		ruby_ring_emit(ring, DMA_NOP_PACKET);
	ruby_ring_emit(ring, dma_hdr(DMA_CMD_INDIRECT_BUFFER, 0, 0));
	ruby_ring_emit(ring, lower_32_bits(addr) & ~0x1fu);
	ruby_ring_emit(ring, FIELD_PREP(DMA_IB_LEN, ndw) |
		       FIELD_PREP(DMA_ADDR_HI, upper_32_bits(addr)));
}

static void dma_emit_fence(struct ruby_ring *ring, u64 addr, u32 seq)
{
	ruby_ring_emit(ring, dma_hdr(DMA_CMD_FENCE, 0, 0));
	ruby_ring_emit(ring, lower_32_bits(addr) & ~3u);
	ruby_ring_emit(ring, FIELD_PREP(DMA_ADDR_HI, upper_32_bits(addr)));
	ruby_ring_emit(ring, seq);
	ruby_ring_emit(ring, dma_hdr(DMA_CMD_TRAP, 0, 0));
	/* what the engine wrote must be visible through the HDP */
	ruby_ring_emit(ring, dma_hdr(DMA_CMD_SRBM_WRITE, 0, 0));
	ruby_ring_emit(ring, FIELD_PREP(DMA_SRBM_BYTE_EN, 0xf) |
		       FIELD_PREP(DMA_SRBM_REG, HDP_MEM_COHERENCY_FLUSH_CNTL.addr >> 2));
	ruby_ring_emit(ring, 1);
}

static void dma_emit_copy(struct ruby_ring *ring, u64 dst, u64 src, u32 ndw)
{
	ruby_ring_emit(ring, dma_hdr(DMA_CMD_COPY, DMA_COPY_LINEAR, ndw));
	ruby_ring_emit(ring, lower_32_bits(dst) & ~3u);
	ruby_ring_emit(ring, lower_32_bits(src) & ~3u);
	ruby_ring_emit(ring, FIELD_PREP(DMA_ADDR_HI, upper_32_bits(dst)));
	ruby_ring_emit(ring, FIELD_PREP(DMA_ADDR_HI, upper_32_bits(src)));
}

static void dma_emit_fill(struct ruby_ring *ring, u64 dst, u32 value, u32 ndw)
{
	ruby_ring_emit(ring, dma_hdr(DMA_CMD_CONSTANT_FILL, 0, ndw));
	ruby_ring_emit(ring, lower_32_bits(dst) & ~3u);
	ruby_ring_emit(ring, value);
	ruby_ring_emit(ring, FIELD_PREP(DMA_FILL_ADDR_HI, upper_32_bits(dst)));
}

static int evergreen_dma_restart(struct ruby_device *rdev);

static const struct ruby_ring_funcs dma_ring_funcs = {
	.nop = DMA_NOP_PACKET,
	.align_mask = 7,
	.ptr_shift = 2,
	.ib_dw = 7 + 3,
	.ib_align_mask = 7,	/* IBs are fetched in whole eight-dword blocks */
	.emit_ib = dma_emit_ib,
	.fence_dw = 8,
	.emit_fence = dma_emit_fence,
	.copy_dw = 5,
	.copy_max_dw = DMA_MAX_COUNT,
	.emit_copy = dma_emit_copy,
	.fill_dw = 4,
	.fill_max_dw = DMA_MAX_COUNT,
	.emit_fill = dma_emit_fill,
	.restart = evergreen_dma_restart,
};

static void dma_halt(struct ruby_device *rdev)
{
	ruby_write32(rdev, DMA_RB_CNTL, 0);
}

static void dma_soft_reset(struct ruby_device *rdev)
{
	ruby_write32(rdev, SRBM_SOFT_RESET, SOFT_RESET_DMA);
	ruby_read32(rdev, SRBM_SOFT_RESET);	/* post the write */
	usleep_range(50, 100);
	ruby_write32(rdev, SRBM_SOFT_RESET, 0);
	ruby_read32(rdev, SRBM_SOFT_RESET);
}

/* The engine writes a dword into the WB page; the CPU watches it there. */
static int dma_ring_test(struct ruby_device *rdev, struct ruby_ring *ring)
{
	__le32 *slot = (__le32 *)(rdev->wb.ptr + RUBY_WB_DMA_TEST);
	u64 addr = rdev->wb.gpu_addr + RUBY_WB_DMA_TEST;
	unsigned int i;
	int ret;

	WRITE_ONCE(*slot, cpu_to_le32(0xcafedead));
	ret = ruby_ring_begin(ring, 4);
	if (ret)
		return ret;
	ruby_ring_emit(ring, dma_hdr(DMA_CMD_WRITE, 0, 1));
	ruby_ring_emit(ring, lower_32_bits(addr) & ~3u);
	ruby_ring_emit(ring, FIELD_PREP(DMA_ADDR_HI, upper_32_bits(addr)));
	ruby_ring_emit(ring, 0xdeadbeef);
	ruby_ring_commit(rdev, ring);

	for (i = 0; i < RUBY_USEC_TIMEOUT; i++) {
		if (le32_to_cpu(READ_ONCE(*slot)) == 0xdeadbeef)
			return 0;
		udelay(1);
	}
	drm_err(&rdev->drm, "%s: ring test failed: %#x, rptr %u, wptr %u\n",
		ring->name, le32_to_cpu(READ_ONCE(*slot)), ruby_ring_rptr(ring),
		ring->wptr);
	return -ETIMEDOUT;
}

/**
 * evergreen_dma_restart - reset the DMA engine and start its ring empty
 * @rdev: the device, its DMA ring allocated
 *
 * Returns: 0 once the ring test passed, or a negative errno with the
 * engine halted.
 */
static int evergreen_dma_restart(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_DMA];
	u64 rptr_addr = rdev->wb.gpu_addr + RUBY_WB_DMA_RPTR;
	u32 cntl = FIELD_PREP(DMA_RB_SIZE, ilog2(ring->size_dw)) |
		   DMA_RPTR_WRITEBACK_ENABLE;
	int ret;

	ring->ready = false;
	dma_halt(rdev);
	dma_soft_reset(rdev);
	ruby_write32(rdev, DMA_SEM_INCOMPLETE_TIMER_CNTL, 0);
	ruby_write32(rdev, DMA_SEM_WAIT_FAIL_TIMER_CNTL, 0);
	ruby_write32(rdev, DMA_RB_CNTL, cntl);
	ruby_write32(rdev, DMA_RB_RPTR, 0);
	ring->wptr = 0;
	ruby_write32(rdev, DMA_RB_WPTR, 0);
	ruby_write32(rdev, DMA_RB_RPTR_ADDR_HI, upper_32_bits(rptr_addr) & 0xff);
	ruby_write32(rdev, DMA_RB_RPTR_ADDR_LO, lower_32_bits(rptr_addr) & ~3u);
	ruby_write32(rdev, DMA_RB_BASE, ring->gpu_addr >> 8);
	ruby_write32(rdev, DMA_IB_CNTL, DMA_IB_ENABLE);
	/* fences interrupt by TRAP; no context-empty interrupts */
	ruby_write32(rdev, DMA_CNTL,
		     (ruby_read32(rdev, DMA_CNTL) & ~DMA_CTXEMPTY_INT_ENABLE) |
		     DMA_TRAP_ENABLE);
	ruby_write32(rdev, DMA_MODE, 1);
	ruby_write32(rdev, DMA_RB_CNTL, cntl | DMA_RB_ENABLE);

	ret = dma_ring_test(rdev, ring);
	if (ret) {
		dma_halt(rdev);
		return ret;
	}
	ring->ready = true;
	return 0;
}

static int dma_ib_test(struct ruby_device *rdev, struct ruby_ring *ring)
{
	struct ruby_bo *ib;
	bool is_iomem;
	u32 *ptr, got;
	int ret;

	ret = ruby_bo_create_kernel(rdev, SZ_4K, RUBY_DOMAIN_GTT, &ib);
	if (ret)
		return ret;
	ptr = ruby_bo_cpu_addr(ib, &is_iomem);
	/* the IB writes a word into its own page, past its packets */
	ptr[0] = dma_hdr(DMA_CMD_WRITE, 0, 1);
	ptr[1] = lower_32_bits(ruby_bo_gpu_addr(ib) + 256);
	ptr[2] = FIELD_PREP(DMA_ADDR_HI, upper_32_bits(ruby_bo_gpu_addr(ib)));
	ptr[3] = 0xdeadbeef;
	ptr[64] = 0xcafedead;
	/* the IB length is kept a multiple of eight dwords */
	memset32(&ptr[4], DMA_NOP_PACKET, 4);

	ret = ruby_ring_run_ib(ring, ruby_bo_gpu_addr(ib), 8, RUBY_DMA_TEST_TIMEOUT);
	if (ret) {
		drm_err(&rdev->drm, "%s: IB test: fence %s (%d)\n", ring->name,
			ret == -ETIMEDOUT ? "timed out" : "failed", ret);
		return ret;
	}
	got = READ_ONCE(ptr[64]);
	if (got != 0xdeadbeef) {
		drm_err(&rdev->drm, "%s: IB test: %#x after the fence\n",
			ring->name, got);
		return -EIO;
	}
	drm_info(&rdev->drm, "%s: ring and IB tests passed\n", ring->name);
	return 0;
}

static int evergreen_dma_init(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_DMA];
	int ret;

	ret = ruby_ring_init(rdev, ring, "dma", RUBY_RING_DMA, RUBY_DMA_RING_SIZE,
			     RUBY_WB_DMA_RPTR, DMA_RB_WPTR, &dma_ring_funcs);
	if (ret)
		return ret;
	ret = evergreen_dma_restart(rdev);
	if (ret)
		return ret;
	ret = dma_ib_test(rdev, ring);
	if (ret)
		dma_halt(rdev);
	return ret;
}

static void evergreen_dma_fini(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_DMA];

	ring->ready = false;
	dma_halt(rdev);
	ruby_write32(rdev, DMA_CNTL, ruby_read32(rdev, DMA_CNTL) & ~DMA_TRAP_ENABLE);
	ruby_fence_fail_all(ring, -ENODEV);
}

const struct ruby_ip_block evergreen_dma_block = {
	.name = "dma",
	.init = evergreen_dma_init,
	.fini = evergreen_dma_fini,
};
