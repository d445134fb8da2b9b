// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: fences
 *
 * Each ring numbers its fences. The engine's emit_fence writes packets
 * that make it store the sequence number into the ring's slot of the
 * write-back page once everything before has finished, and raise an
 * interrupt (GFX: EVENT_WRITE_EOP, IH source 181; DMA: FENCE + TRAP, 224).
 * The IRQ thread then signals every pending fence whose number the slot
 * has reached. Sequence numbers are 32 bits on the GPU and compared
 * with wrap-around.
 *
 * Locking: ring->lock orders emission (numbers are handed out in ring
 * order); ring->fence.lock protects the pending list and is the lock of
 * every fence of the ring.
 */

#include <linux/slab.h>

#include <kunit/visibility.h>

#include "ruby_fence.h"
#include "ruby_ring.h"

/**
 * struct ruby_fence - a point on a ring's timeline
 * @base: the DMA fence; its seqno is the ring's sequence number
 * @ring: the ring
 * @link: in ring->fence.pending until signalled
 */
struct ruby_fence {
	struct dma_fence base;
	struct ruby_ring *ring;
	struct list_head link;
};

static struct ruby_fence *to_ruby_fence(struct dma_fence *f)
{
	return container_of(f, struct ruby_fence, base);
}

/**
 * ruby_seq_passed - has the GPU reached a sequence number
 * @seq: the number waited for
 * @done: the last number the GPU wrote
 *
 * Returns: true if @seq is not after @done, modulo 2^32.
 */
bool ruby_seq_passed(u32 seq, u32 done)
{
	return (s32)(done - seq) >= 0;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_seq_passed);

static u32 fence_done(const struct ruby_ring *ring)
{
	return le32_to_cpu(READ_ONCE(*ring->fence.slot));
}

static const char *ruby_fence_driver_name(struct dma_fence *f)
{
	return "ruby";
}

static const char *ruby_fence_timeline_name(struct dma_fence *f)
{
	return to_ruby_fence(f)->ring->name;
}

static bool ruby_fence_signaled(struct dma_fence *f)
{
	struct ruby_fence *fence = to_ruby_fence(f);

	return ruby_seq_passed(lower_32_bits(f->seqno), fence_done(fence->ring));
}

static const struct dma_fence_ops ruby_fence_ops = {
	.get_driver_name = ruby_fence_driver_name,
	.get_timeline_name = ruby_fence_timeline_name,
	.signaled = ruby_fence_signaled,
};

/**
 * ruby_fence_create - allocate a fence for the next emission on a ring
 * @ring: the ring
 *
 * Allocating before ruby_ring_begin() keeps allocation out of the ring lock.
 *
 * Returns: the fence, not yet initialised, or NULL.
 */
struct dma_fence *ruby_fence_create(struct ruby_ring *ring)
{
	struct ruby_fence *fence = kzalloc(sizeof(*fence), GFP_KERNEL);

	if (!fence)
		return NULL;
	fence->ring = ring;
	return &fence->base;
}

/**
 * ruby_fence_create_failed - a fence of a ring that has already failed
 * @ring: the ring
 * @error: the error it carries
 *
 * For work that will never reach the engine (a job cancelled by a reset):
 * its completion is reported like that of any other work of the ring.
 *
 * Returns: the signalled fence, or an ERR_PTR.
 */
struct dma_fence *ruby_fence_create_failed(struct ruby_ring *ring, int error)
{
	struct ruby_fence *fence = kzalloc(sizeof(*fence), GFP_KERNEL);

	if (!fence)
		return ERR_PTR(-ENOMEM);
	fence->ring = ring;
	dma_fence_init(&fence->base, &ruby_fence_ops, &ring->fence.lock,
		       ring->fence.context, READ_ONCE(ring->fence.seq));
	dma_fence_set_error(&fence->base, error);
	dma_fence_signal(&fence->base);
	return &fence->base;
}

/**
 * ruby_fence_emit - number a fence and write it to the ring
 * @ring: the ring, locked by ruby_ring_begin() with room for
 *	ring->funcs->fence_dw dwords
 * @f: a fence from ruby_fence_create(); the ring keeps its own reference
 *	until the fence signals
 */
void ruby_fence_emit(struct ruby_ring *ring, struct dma_fence *f)
{
	struct ruby_fence *fence = to_ruby_fence(f);
	u64 addr = ring->fence.gpu_addr;
	u32 seq = ++ring->fence.seq;

	lockdep_assert_held(&ring->lock);
	dma_fence_init(f, &ruby_fence_ops, &ring->fence.lock,
		       ring->fence.context, seq);
	spin_lock_irq(&ring->fence.lock);
	list_add_tail(&fence->link, &ring->fence.pending);
	dma_fence_get(f);
	spin_unlock_irq(&ring->fence.lock);

	ring->funcs->emit_fence(ring, addr, seq);
}

static void fence_signal_locked(struct ruby_fence *fence, int error)
{
	list_del(&fence->link);
	if (error)
		dma_fence_set_error(&fence->base, error);
	dma_fence_signal_locked(&fence->base);
	dma_fence_put(&fence->base);
}

/**
 * ruby_fence_process - signal the fences the GPU has reached
 * @ring: the ring
 *
 * Called from the IRQ thread on an end-of-pipe interrupt, and by waiters
 * that want an answer without one.
 */
void ruby_fence_process(struct ruby_ring *ring)
{
	struct ruby_fence *fence, *next;
	unsigned long flags;
	u32 done;

	/* an interrupt of an engine whose ring is not set up (yet) */
	if (!ring->fence.slot)
		return;
	done = fence_done(ring);
	spin_lock_irqsave(&ring->fence.lock, flags);
	list_for_each_entry_safe(fence, next, &ring->fence.pending, link) {
		if (!ruby_seq_passed(lower_32_bits(fence->base.seqno), done))
			break;
		fence_signal_locked(fence, 0);
	}
	spin_unlock_irqrestore(&ring->fence.lock, flags);
}

/**
 * ruby_fence_fail_all - signal every pending fence of a ring with an error
 * @ring: the ring, whose engine will not complete them
 * @error: the error, e.g. -ENODEV when the device goes away
 */
void ruby_fence_fail_all(struct ruby_ring *ring, int error)
{
	struct ruby_fence *fence, *next;
	unsigned long flags;

	spin_lock_irqsave(&ring->fence.lock, flags);
	list_for_each_entry_safe(fence, next, &ring->fence.pending, link)
		fence_signal_locked(fence, error);
	spin_unlock_irqrestore(&ring->fence.lock, flags);
}

/**
 * ruby_fence_wait_idle - wait until a ring has signalled all it was given
 * @ring: the ring
 * @timeout: jiffies
 *
 * Returns: 0 when idle, -ETIMEDOUT, or -ERESTARTSYS.
 */
int ruby_fence_wait_idle(struct ruby_ring *ring, long timeout)
{
	struct dma_fence *last = NULL;
	unsigned long flags;
	long left;

	spin_lock_irqsave(&ring->fence.lock, flags);
	if (!list_empty(&ring->fence.pending))
		last = dma_fence_get(&list_last_entry(&ring->fence.pending,
						      struct ruby_fence, link)->base);
	spin_unlock_irqrestore(&ring->fence.lock, flags);
	if (!last)
		return 0;
	left = dma_fence_wait_timeout(last, false, timeout);
	dma_fence_put(last);
	if (left < 0)
		return left;
	return left ? 0 : -ETIMEDOUT;
}
