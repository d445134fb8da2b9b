/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_RING_H__
#define __RUBY_RING_H__

#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include <drm/gpu_scheduler.h>

#include "regs/ruby_reg_defs.h"

struct ruby_bo;
struct ruby_device;

/*
 * The write-back page: 4 KiB of GTT the GPU writes its pointers and
 * fence values into, so the CPU reads them from memory instead of MMIO.
 */
#define RUBY_WB_CP_RPTR		1024
#define RUBY_WB_IH_WPTR		2048
#define RUBY_WB_FENCE(ring)	(3072 + 4 * (ring))
#define RUBY_WB_SIZE		4096

enum ruby_ring_id {
	RUBY_RING_GFX,
	RUBY_RING_COUNT
};

/**
 * struct ruby_ring - a command ring the CPU writes and an engine reads
 *
 * The ring lives in GTT. The engine's read pointer arrives in the
 * write-back page; the CPU's write pointer goes to a register on commit.
 */
struct ruby_ring {
	/** @rdev: the device */
	struct ruby_device *rdev;
	/** @name: for messages ("gfx") */
	const char *name;
	/** @id: index of the ring, and of its fence slot in the WB page */
	enum ruby_ring_id id;
	/** @bo: the ring buffer */
	struct ruby_bo *bo;
	/** @gpu_addr: its MC address */
	u64 gpu_addr;
	/** @ptr: its kernel mapping */
	u32 *ptr;
	/** @size_dw: size in dwords, a power of two */
	u32 size_dw;
	/** @rptr_wb: where the engine writes its read pointer (dwords) */
	const __le32 *rptr_wb;
	/** @wptr_reg: register the write pointer is committed to */
	struct ruby_reg wptr_reg;
	/** @align_mask: commits are padded to a multiple of this + 1 dwords */
	u32 align_mask;
	/** @nop: the filler packet of this engine */
	u32 nop;
	/**
	 * @lock: held from ruby_ring_begin() to ruby_ring_commit(); protects
	 * @wptr, @wptr_start and the ring contents being written
	 */
	struct mutex lock;
	/** @wptr: the CPU's write pointer (dwords), under @lock */
	u32 wptr;
	/** @wptr_start: @wptr at ruby_ring_begin(), to undo, under @lock */
	u32 wptr_start;
	/** @ready: the engine passed its ring test */
	bool ready;
	/** @sched: the scheduler feeding this ring */
	struct drm_gpu_scheduler sched;
	/** @entity: the kernel's own queue on @sched */
	struct drm_sched_entity entity;

	/** @fence: completion tracking of this ring */
	struct {
		/** @fence.context: dma_fence context */
		u64 context;
		/** @fence.seq: last sequence number emitted, under @lock */
		u32 seq;
		/** @fence.slot: where the engine writes the signalled value */
		const __le32 *slot;
		/** @fence.gpu_addr: MC address of @fence.slot */
		u64 gpu_addr;
		/** @fence.lock: protects @fence.pending, and is the fences' lock */
		spinlock_t lock;
		/** @fence.pending: emitted, unsignalled fences, oldest first */
		struct list_head pending;
	} fence;
};

int ruby_ring_init(struct ruby_device *rdev, struct ruby_ring *ring,
		   const char *name, enum ruby_ring_id id, u32 size_bytes,
		   u32 rptr_wb_offset, struct ruby_reg wptr_reg, u32 nop);
u32 ruby_ring_free_dw(u32 rptr, u32 wptr, u32 size_dw);
int ruby_ring_begin(struct ruby_ring *ring, u32 ndw);
void ruby_ring_emit(struct ruby_ring *ring, u32 dw);
void ruby_ring_commit(struct ruby_device *rdev, struct ruby_ring *ring);
void ruby_ring_undo(struct ruby_ring *ring);
u32 ruby_ring_rptr(const struct ruby_ring *ring);

#endif /* __RUBY_RING_H__ */
