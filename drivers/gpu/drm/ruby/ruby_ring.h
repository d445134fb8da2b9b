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
#define RUBY_WB_DMA_RPTR	1280
#define RUBY_WB_DMA_TEST	1536
#define RUBY_WB_IH_WPTR		2048
#define RUBY_WB_FENCE(ring)	(3072 + 4 * (ring))
#define RUBY_WB_SIZE		4096

enum ruby_ring_id {
	RUBY_RING_GFX,
	RUBY_RING_DMA,
	RUBY_RING_COUNT
};

struct ruby_ring;

/**
 * struct ruby_ring_funcs - what differs between engines' rings
 *
 * Const per engine; the emitters write to a ring locked by
 * ruby_ring_begin() that has room for the dwords they declare.
 */
struct ruby_ring_funcs {
	/** @nop: one-dword filler packet */
	u32 nop;
	/** @align_mask: commits are padded to a multiple of this + 1 dwords */
	u32 align_mask;
	/** @ptr_shift: read/write pointers count dwords << @ptr_shift */
	u32 ptr_shift;
	/** @ib_dw: most dwords @emit_ib writes */
	u32 ib_dw;
	/** @ib_align_mask: IB lengths are padded with @nop to this + 1 dwords */
	u32 ib_align_mask;
	/** @emit_ib: run an indirect buffer of @ndw dwords at @addr */
	void (*emit_ib)(struct ruby_ring *ring, u64 addr, u32 ndw);
	/** @fence_dw: dwords @emit_fence writes */
	u32 fence_dw;
	/**
	 * @emit_fence: once all before it is done, write @seq to @addr and
	 * raise the engine's interrupt
	 */
	void (*emit_fence)(struct ruby_ring *ring, u64 addr, u32 seq);
	/** @copy_dw: dwords one @emit_copy writes, 0 if it cannot copy */
	u32 copy_dw;
	/** @copy_max_dw: most dwords one @emit_copy moves */
	u32 copy_max_dw;
	/** @emit_copy: copy @ndw dwords from @src to @dst */
	void (*emit_copy)(struct ruby_ring *ring, u64 dst, u64 src, u32 ndw);
	/** @fill_dw: dwords one @emit_fill writes, 0 if it cannot fill */
	u32 fill_dw;
	/** @fill_max_dw: most dwords one @emit_fill writes to memory */
	u32 fill_max_dw;
	/** @emit_fill: write @value to @ndw dwords from @dst on */
	void (*emit_fill)(struct ruby_ring *ring, u64 dst, u32 value, u32 ndw);
	/**
	 * @restart: reset the engine and bring the ring up from empty,
	 * ring test included; 0 or a negative errno (engine halted)
	 */
	int (*restart)(struct ruby_device *rdev);
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
	/** @funcs: the engine's ring operations */
	const struct ruby_ring_funcs *funcs;
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
		   u32 rptr_wb_offset, struct ruby_reg wptr_reg,
		   const struct ruby_ring_funcs *funcs);
u32 ruby_ring_free_dw(u32 rptr, u32 wptr, u32 size_dw);
int ruby_ring_begin(struct ruby_ring *ring, u32 ndw);
void ruby_ring_emit(struct ruby_ring *ring, u32 dw);
void ruby_ring_commit(struct ruby_device *rdev, struct ruby_ring *ring);
void ruby_ring_undo(struct ruby_ring *ring);
u32 ruby_ring_rptr(const struct ruby_ring *ring);
int ruby_ring_run_ib(struct ruby_ring *ring, u64 addr, u32 ndw, long timeout);
int ruby_ring_ib_result(struct ruby_ring *ring, int ret, u32 got, const char *where);
int ruby_ring_ib_test(struct ruby_ring *ring, u64 addr, u32 ndw, long timeout,
		      struct ruby_reg scratch);

#endif /* __RUBY_RING_H__ */
