// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R7xx async DMA engine
 *
 * RV770 and later have one async DMA engine with its own ring (pointers
 * in bytes, read pointer written back to the WB page). R6xx has the engine
 * too, but radeon never started it there and its ABI refuses DMA streams
 * below RV770: those chips move buffers with the CP. ruby uses the ring
 * for buffer moves between VRAM and GTT and to clear new buffers in VRAM
 * (CONSTANT_FILL). R7xx packets: a four-bit command and a sixteen-bit
 * count in the header; fences are a FENCE packet (a dword written to
 * memory) and a TRAP (IH source 224); an indirect buffer packet must end
 * on an eight-dword boundary of the ring.
 *
 * Evergreen/NI start, test and stop the engine the same way, with the same
 * registers; only their packets (a twenty-bit count) and the engine's bit
 * in SRBM_SOFT_RESET differ, so this file's engine code serves both.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "../regs/r600_regs.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "r600.h"

#define RUBY_DMA_RING_SIZE	SZ_64K
#define RUBY_DMA_TEST_TIMEOUT	(HZ)

/* Packet header, R6xx/R7xx layout */
#define R600_DMA_HDR_CMD	GENMASK(31, 28)
#define R600_DMA_HDR_COUNT	GENMASK(15, 0)

#define DMA_CMD_WRITE		0x2
#define DMA_CMD_COPY		0x3
#define DMA_CMD_INDIRECT_BUFFER	0x4
#define DMA_CMD_FENCE		0x6
#define DMA_CMD_TRAP		0x7
#define DMA_CMD_CONSTANT_FILL	0xd
#define DMA_CMD_NOP		0xf

/* The NOP and a one-dword WRITE read alike in both header layouts */
#define DMA_NOP_PACKET		(DMA_CMD_NOP << 28)
#define DMA_WRITE_ONE_DWORD	((DMA_CMD_WRITE << 28) | 1)

#define R600_DMA_MAX_COUNT	0xffff

/* CONSTANT_FILL: address bits 39:32 in its third dword */
#define DMA_FILL_ADDR_HI	GENMASK(23, 16)
/* INDIRECT_BUFFER: length in dwords and address bits 39:32 */
#define R600_DMA_IB_LEN		GENMASK(31, 16)
#define DMA_ADDR_HI		GENMASK(7, 0)

static u32 r600_dma_hdr(u32 cmd, u32 count)
{
	return FIELD_PREP(R600_DMA_HDR_CMD, cmd) | FIELD_PREP(R600_DMA_HDR_COUNT, count);
}

static void rv770_dma_emit_ib(struct ruby_ring *ring, u64 addr, u32 ndw)
{
	/* the three-dword packet must end on an eight-dword boundary */
	while ((ring->wptr & 7) != 5)
		ruby_ring_emit(ring, DMA_NOP_PACKET);
	ruby_ring_emit(ring, r600_dma_hdr(DMA_CMD_INDIRECT_BUFFER, 0));
	ruby_ring_emit(ring, lower_32_bits(addr) & ~0x1fu);
	ruby_ring_emit(ring, FIELD_PREP(R600_DMA_IB_LEN, ndw) |
		       FIELD_PREP(DMA_ADDR_HI, upper_32_bits(addr)));
}

static void rv770_dma_emit_fence(struct ruby_ring *ring, u64 addr, u32 seq)
{
	ruby_ring_emit(ring, r600_dma_hdr(DMA_CMD_FENCE, 0));
	ruby_ring_emit(ring, lower_32_bits(addr) & ~3u);
	ruby_ring_emit(ring, FIELD_PREP(DMA_ADDR_HI, upper_32_bits(addr)));
	ruby_ring_emit(ring, seq);
	ruby_ring_emit(ring, r600_dma_hdr(DMA_CMD_TRAP, 0));
}

static void rv770_dma_emit_copy(struct ruby_ring *ring, u64 dst, u64 src, u32 ndw)
{
	ruby_ring_emit(ring, r600_dma_hdr(DMA_CMD_COPY, ndw));
	ruby_ring_emit(ring, lower_32_bits(dst) & ~3u);
	ruby_ring_emit(ring, lower_32_bits(src) & ~3u);
	ruby_ring_emit(ring, FIELD_PREP(DMA_ADDR_HI, upper_32_bits(dst)));
	ruby_ring_emit(ring, FIELD_PREP(DMA_ADDR_HI, upper_32_bits(src)));
}

static void rv770_dma_emit_fill(struct ruby_ring *ring, u64 dst, u32 value, u32 ndw)
{
	ruby_ring_emit(ring, r600_dma_hdr(DMA_CMD_CONSTANT_FILL, ndw));
	ruby_ring_emit(ring, lower_32_bits(dst) & ~3u);
	ruby_ring_emit(ring, value);
	ruby_ring_emit(ring, FIELD_PREP(DMA_FILL_ADDR_HI, upper_32_bits(dst)));
}

static int rv770_dma_ring_restart(struct ruby_device *rdev)
{
	return rv770_dma_restart(rdev, R600_SOFT_RESET_DMA);
}

static const struct ruby_ring_funcs rv770_dma_ring_funcs = {
	.nop = DMA_NOP_PACKET,
	.align_mask = 7,
	.ptr_shift = 2,
	.ib_dw = 7 + 3,
	.ib_align_mask = 7,	/* IBs are fetched in whole eight-dword blocks */
	.emit_ib = rv770_dma_emit_ib,
	.fence_dw = 5,
	.emit_fence = rv770_dma_emit_fence,
	.copy_dw = 5,
	.copy_max_dw = R600_DMA_MAX_COUNT,
	.emit_copy = rv770_dma_emit_copy,
	.fill_dw = 4,
	.fill_max_dw = R600_DMA_MAX_COUNT,
	.emit_fill = rv770_dma_emit_fill,
	.restart = rv770_dma_ring_restart,
};

static void dma_halt(struct ruby_device *rdev)
{
	ruby_write32(rdev, DMA_RB_CNTL, 0);
}

static void dma_soft_reset(struct ruby_device *rdev, u32 reset_bit)
{
	ruby_write32(rdev, SRBM_SOFT_RESET, reset_bit);
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
	ruby_ring_emit(ring, DMA_WRITE_ONE_DWORD);
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
 * rv770_dma_restart - reset the DMA engine and start its ring empty
 * @rdev: the device, its DMA ring allocated
 * @reset_bit: the engine's bit in SRBM_SOFT_RESET
 *
 * Returns: 0 once the ring test passed, or a negative errno with the
 * engine halted.
 */
int rv770_dma_restart(struct ruby_device *rdev, u32 reset_bit)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_DMA];
	u64 rptr_addr = rdev->wb.gpu_addr + RUBY_WB_DMA_RPTR;
	u32 cntl = FIELD_PREP(DMA_RB_SIZE, ilog2(ring->size_dw)) |
		   DMA_RPTR_WRITEBACK_ENABLE;
	int ret;

	ring->ready = false;
	dma_halt(rdev);
	dma_soft_reset(rdev, reset_bit);
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
	u32 *ptr;
	int ret;

	ret = ruby_bo_create_kernel(rdev, SZ_4K, RUBY_DOMAIN_GTT, &ib);
	if (ret)
		return ret;
	ptr = ruby_bo_cpu_addr(ib, &is_iomem);
	/* the IB writes a word into its own page, past its packets */
	ptr[0] = DMA_WRITE_ONE_DWORD;
	ptr[1] = lower_32_bits(ruby_bo_gpu_addr(ib) + 256);
	ptr[2] = FIELD_PREP(DMA_ADDR_HI, upper_32_bits(ruby_bo_gpu_addr(ib)));
	ptr[3] = 0xdeadbeef;
	ptr[64] = 0xcafedead;
	/* the IB length is kept a multiple of eight dwords */
	memset32(&ptr[4], DMA_NOP_PACKET, 4);

	ret = ruby_ring_run_ib(ring, ruby_bo_gpu_addr(ib), 8, RUBY_DMA_TEST_TIMEOUT);
	return ruby_ring_ib_result(ring, ret, ret ? 0 : READ_ONCE(ptr[64]), "memory");
}

/**
 * rv770_dma_bringup - allocate the DMA ring, start the engine, test it
 * @rdev: the device
 * @funcs: the generation's ring operations (their restart resets the
 *	engine and calls rv770_dma_restart())
 *
 * Returns: 0, or a negative errno with the engine halted.
 */
int rv770_dma_bringup(struct ruby_device *rdev, const struct ruby_ring_funcs *funcs)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_DMA];
	int ret;

	ret = ruby_ring_init(rdev, ring, "dma", RUBY_RING_DMA, RUBY_DMA_RING_SIZE,
			     RUBY_WB_DMA_RPTR, DMA_RB_WPTR, funcs);
	if (ret)
		return ret;
	ret = funcs->restart(rdev);
	if (ret)
		return ret;
	ret = dma_ib_test(rdev, ring);
	if (ret)
		dma_halt(rdev);
	return ret;
}

/**
 * rv770_dma_fini - halt the engine, failing whatever was still in flight
 * @rdev: the device
 */
void rv770_dma_fini(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_DMA];

	ring->ready = false;
	dma_halt(rdev);
	ruby_write32(rdev, DMA_CNTL, ruby_read32(rdev, DMA_CNTL) & ~DMA_TRAP_ENABLE);
	ruby_fence_fail_all(ring, -ENODEV);
}

static int rv770_dma_init(struct ruby_device *rdev)
{
	return rv770_dma_bringup(rdev, &rv770_dma_ring_funcs);
}

const struct ruby_ip_block rv770_dma_block = {
	.name = "dma",
	.init = rv770_dma_init,
	.fini = rv770_dma_fini,
};
