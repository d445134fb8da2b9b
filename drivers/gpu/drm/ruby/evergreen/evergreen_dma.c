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
 * eight-dword boundary of the ring. The engine is started, tested and
 * stopped as on R7xx (r600/rv770_dma.c); only the packets are Evergreen's.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "../r600/r600.h"
#include "../regs/evergreen_regs.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

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

static int evergreen_dma_restart(struct ruby_device *rdev)
{
	return rv770_dma_restart(rdev, SOFT_RESET_DMA);
}

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

static int evergreen_dma_init(struct ruby_device *rdev)
{
	return rv770_dma_bringup(rdev, &dma_ring_funcs);
}

const struct ruby_ip_block evergreen_dma_block = {
	.name = "dma",
	.init = evergreen_dma_init,
	.fini = rv770_dma_fini,
};
