/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_SCHED_H__
#define __RUBY_SCHED_H__

#include <linux/types.h>

#include <drm/gpu_scheduler.h>

struct dma_fence;
struct ruby_device;
struct ruby_ring;
struct seq_file;

/**
 * struct ruby_job - one indirect buffer to run on a ring
 * @base: the scheduler's job
 * @ring: the ring it runs on
 * @ib_addr: MC address of the indirect buffer
 * @ib_dw: its length in dwords
 */
struct ruby_job {
	struct drm_sched_job base;
	struct ruby_ring *ring;
	u64 ib_addr;
	u32 ib_dw;
};

struct dma_fence *ruby_sched_submit_ib(struct ruby_device *rdev,
				       struct ruby_ring *ring,
				       u64 ib_addr, u32 ib_dw);
int ruby_gpu_reset(struct ruby_device *rdev, struct drm_sched_job *bad);
int ruby_sched_test(struct ruby_device *rdev, bool hang, struct seq_file *m);

#endif /* __RUBY_SCHED_H__ */
