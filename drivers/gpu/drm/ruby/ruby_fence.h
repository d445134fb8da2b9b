/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_FENCE_H__
#define __RUBY_FENCE_H__

#include <linux/dma-fence.h>
#include <linux/types.h>

struct ruby_device;
struct ruby_ring;

struct dma_fence *ruby_fence_create(struct ruby_ring *ring);
struct dma_fence *ruby_fence_create_failed(struct ruby_ring *ring, int error);
void ruby_fence_emit(struct ruby_ring *ring, struct dma_fence *fence);
void ruby_fence_process(struct ruby_ring *ring);
void ruby_fence_fail_all(struct ruby_ring *ring, int error);
int ruby_fence_wait_idle(struct ruby_ring *ring, long timeout);
bool ruby_seq_passed(u32 seq, u32 done);

#endif /* __RUBY_FENCE_H__ */
