// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: rings
 *
 * A ring is a power-of-two array of dwords in GTT. Writers take the ring's
 * mutex with ruby_ring_begin(), which waits until the engine has consumed
 * enough, emit dwords, and ruby_ring_commit() pads to the engine's fetch
 * size and publishes the new write pointer with one register write. The
 * read pointer comes from the write-back page: committing and checking for
 * space cost no MMIO read.
 */

#include <linux/delay.h>
#include <linux/io.h>

#include <kunit/visibility.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_fence.h"
#include "ruby_mmio.h"
#include "ruby_ring.h"

/**
 * ruby_ring_free_dw - room left in a ring
 * @rptr: the engine's read pointer, in dwords
 * @wptr: the CPU's write pointer, in dwords
 * @size_dw: ring size in dwords, a power of two
 *
 * One dword is always left unused, so a full ring is told from an empty one.
 *
 * Returns: dwords that can be written without overtaking the engine.
 */
u32 ruby_ring_free_dw(u32 rptr, u32 wptr, u32 size_dw)
{
	return (rptr - wptr - 1) & (size_dw - 1);
}
EXPORT_SYMBOL_IF_KUNIT(ruby_ring_free_dw);

/**
 * ruby_ring_rptr - the engine's read pointer, from the write-back page
 * @ring: the ring
 *
 * Returns: the read pointer in dwords, within the ring.
 */
u32 ruby_ring_rptr(const struct ruby_ring *ring)
{
	return (le32_to_cpu(READ_ONCE(*ring->rptr_wb)) >> ring->funcs->ptr_shift) &
	       (ring->size_dw - 1);
}

/**
 * ruby_ring_init - allocate a ring and its bookkeeping
 * @rdev: the device
 * @ring: the ring to set up
 * @name: its name in messages
 * @id: its index
 * @size_bytes: size, a power of two
 * @rptr_wb_offset: where in the WB page the engine writes its read pointer
 * @wptr_reg: the engine's write-pointer register
 * @funcs: the engine's ring operations
 *
 * Returns: 0 or a negative errno.
 */
int ruby_ring_init(struct ruby_device *rdev, struct ruby_ring *ring,
		   const char *name, enum ruby_ring_id id, u32 size_bytes,
		   u32 rptr_wb_offset, struct ruby_reg wptr_reg,
		   const struct ruby_ring_funcs *funcs)
{
	bool is_iomem;
	int ret;

	ret = drmm_mutex_init(&rdev->drm, &ring->lock);
	if (ret)
		return ret;
	ret = ruby_bo_create_kernel(rdev, size_bytes, RUBY_DOMAIN_GTT, &ring->bo);
	if (ret)
		return ret;
	ring->rdev = rdev;
	ring->name = name;
	ring->id = id;
	ring->gpu_addr = ruby_bo_gpu_addr(ring->bo);
	ring->ptr = ruby_bo_cpu_addr(ring->bo, &is_iomem);
	ring->size_dw = size_bytes / 4;
	ring->rptr_wb = (const __le32 *)(rdev->wb.ptr + rptr_wb_offset);
	ring->wptr_reg = wptr_reg;
	ring->funcs = funcs;
	ring->wptr = 0;

	ring->fence.context = dma_fence_context_alloc(1);
	ring->fence.seq = 0;
	ring->fence.slot = (const __le32 *)(rdev->wb.ptr + RUBY_WB_FENCE(id));
	ring->fence.gpu_addr = rdev->wb.gpu_addr + RUBY_WB_FENCE(id);
	spin_lock_init(&ring->fence.lock);
	INIT_LIST_HEAD(&ring->fence.pending);
	return 0;
}

/**
 * ruby_ring_begin - reserve room for @ndw dwords and lock the ring
 * @ring: the ring
 * @ndw: dwords about to be emitted (padding included by the ring)
 *
 * Returns: 0 with the ring locked, -EINVAL if @ndw can never fit,
 * -EBUSY if the engine does not make room in time.
 */
int ruby_ring_begin(struct ruby_ring *ring, u32 ndw)
{
	unsigned int i;

	ndw = ALIGN(ndw, ring->funcs->align_mask + 1);
	if (ndw >= ring->size_dw)
		return -EINVAL;
	mutex_lock(&ring->lock);
	for (i = 0; i < RUBY_USEC_TIMEOUT; i++) {
		if (ruby_ring_free_dw(ruby_ring_rptr(ring), ring->wptr,
				      ring->size_dw) >= ndw) {
			ring->wptr_start = ring->wptr;
			return 0;
		}
		usleep_range(10, 20);
	}
	mutex_unlock(&ring->lock);
	return -EBUSY;
}

/**
 * ruby_ring_emit - write one dword at the write pointer
 * @ring: the ring, locked by ruby_ring_begin()
 * @dw: the dword
 */
void ruby_ring_emit(struct ruby_ring *ring, u32 dw)
{
	lockdep_assert_held(&ring->lock);
	ring->ptr[ring->wptr] = dw;
	ring->wptr = (ring->wptr + 1) & (ring->size_dw - 1);
}

/**
 * ruby_ring_commit - pad, publish the write pointer and unlock the ring
 * @rdev: the device
 * @ring: the ring, locked by ruby_ring_begin()
 */
void ruby_ring_commit(struct ruby_device *rdev, struct ruby_ring *ring)
{
	lockdep_assert_held(&ring->lock);
	while (ring->wptr & ring->funcs->align_mask)
		ruby_ring_emit(ring, ring->funcs->nop);
	/* the ring contents must be in memory before the engine fetches */
	wmb();
	ruby_write32(rdev, ring->wptr_reg, ring->wptr << ring->funcs->ptr_shift);
	mutex_unlock(&ring->lock);
}

/**
 * ruby_ring_undo - drop what was emitted since ruby_ring_begin(), unlock
 * @ring: the ring, locked by ruby_ring_begin()
 */
void ruby_ring_undo(struct ruby_ring *ring)
{
	lockdep_assert_held(&ring->lock);
	ring->wptr = ring->wptr_start;
	mutex_unlock(&ring->lock);
}

/**
 * ruby_ring_run_ib - run an indirect buffer directly and wait for it
 * @ring: a ring that passed its ring test, not yet under a scheduler
 * @addr: MC address of the IB
 * @ndw: its length in dwords
 * @timeout: jiffies to wait for its fence
 *
 * For the bring-up IB tests, before the scheduler owns the ring.
 *
 * Returns: 0 once the fence signalled, -ETIMEDOUT, or the fence's error.
 */
int ruby_ring_run_ib(struct ruby_ring *ring, u64 addr, u32 ndw, long timeout)
{
	struct dma_fence *fence = ruby_fence_create(ring);
	long left;
	int ret;

	if (!fence)
		return -ENOMEM;
	ret = ruby_ring_begin(ring, ring->funcs->ib_dw + ring->funcs->fence_dw);
	if (ret) {
		kfree(fence);
		return ret;
	}
	ring->funcs->emit_ib(ring, addr, ndw);
	ruby_fence_emit(ring, fence);
	ruby_ring_commit(ring->rdev, ring);

	left = dma_fence_wait_timeout(fence, false, timeout);
	if (left == 0)
		ret = -ETIMEDOUT;
	else if (left < 0)
		ret = left;
	else
		ret = fence->error;
	dma_fence_put(fence);
	return ret;
}

/**
 * ruby_ring_ib_result - what a bring-up IB test's run says, logged
 * @ring: the ring the IB ran on
 * @ret: what ruby_ring_run_ib() returned
 * @got: the value the IB was to store (0xdeadbeef), read back after its
 *	fence; not looked at when @ret is an error
 * @where: what held it, for the message ("scratch", "memory")
 *
 * Returns: @ret if the fence failed, -EIO if the value did not land, else 0.
 */
int ruby_ring_ib_result(struct ruby_ring *ring, int ret, u32 got, const char *where)
{
	struct ruby_device *rdev = ring->rdev;

	if (ret) {
		drm_err(&rdev->drm, "%s: IB test: fence %s (%d)\n", ring->name,
			ret == -ETIMEDOUT ? "timed out" : "failed", ret);
		return ret;
	}
	if (got != 0xdeadbeef) {
		drm_err(&rdev->drm, "%s: IB test: %s %#x after the fence\n",
			ring->name, where, got);
		return -EIO;
	}
	drm_info(&rdev->drm, "%s: ring and IB tests passed\n", ring->name);
	return 0;
}

/**
 * ruby_ring_ib_test - the bring-up IB test: an IB stores a value in a register
 * @ring: a ring that passed its ring test, not yet under a scheduler
 * @addr: MC address of the IB, whose @ndw dwords write 0xdeadbeef to @scratch
 * @ndw: the IB's length in dwords
 * @timeout: jiffies to wait for its fence
 * @scratch: the generation's scratch register the IB writes
 *
 * Returns: 0, the fence's error (-ETIMEDOUT...), or -EIO if the value did
 * not land; each logged.
 */
int ruby_ring_ib_test(struct ruby_ring *ring, u64 addr, u32 ndw, long timeout,
		      struct ruby_reg scratch)
{
	struct ruby_device *rdev = ring->rdev;
	int ret;

	ruby_write32(rdev, scratch, 0xcafedead);
	ret = ruby_ring_run_ib(ring, addr, ndw, timeout);
	return ruby_ring_ib_result(ring, ret, ret ? 0 : ruby_read32(rdev, scratch), "scratch");
}
