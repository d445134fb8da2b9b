/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_SCHED_H__
#define __RUBY_SCHED_H__

#include <linux/types.h>

#include <drm/gpu_scheduler.h>

#include "ruby_ring.h"

struct dma_fence;
struct ruby_device;
struct ruby_ring;
struct seq_file;

/**
 * enum ruby_job_kind - what a job writes to its ring
 * @RUBY_JOB_IB: an indirect buffer
 * @RUBY_JOB_COPY: a copy between GPU addresses (engines with emit_copy)
 * @RUBY_JOB_FILL: one value written over a range (engines with emit_fill)
 */
enum ruby_job_kind {
	RUBY_JOB_IB,
	RUBY_JOB_COPY,
	RUBY_JOB_FILL,
};

/**
 * struct ruby_job - one unit of work for a ring
 * @base: the scheduler's job
 * @ring: the ring it runs on
 * @kind: which of @ib, @copy and @fill applies
 * @ib: the indirect buffer: MC address and length in dwords
 * @ib.addr: MC address of the indirect buffer
 * @ib.ndw: its length in dwords
 * @ib.preamble_addr: a kernel IB to run first (0: none), e.g. the state
 *	reset before a user stream
 * @ib.preamble_dw: its length in dwords
 * @ib.postamble_addr: a kernel IB to run after it, before its fence (0:
 *	none), e.g. pointing the shader rings back at the kernel's
 * @ib.postamble_dw: its length in dwords
 * @copy: the copy
 * @copy.dst: destination MC address
 * @copy.src: source MC address
 * @copy.ndw: dwords to copy
 * @fill: the fill
 * @fill.dst: destination MC address
 * @fill.value: the dword written
 * @fill.ndw: dwords to write
 *
 * Lifetime: allocated by the submitter, owned by the scheduler once
 * pushed, freed by its free_job callback.
 */
struct ruby_job {
	struct drm_sched_job base;
	struct ruby_ring *ring;
	enum ruby_job_kind kind;
	union {
		struct {
			u64 addr;
			u32 ndw;
			u64 preamble_addr;
			u32 preamble_dw;
			u64 postamble_addr;
			u32 postamble_dw;
		} ib;
		struct {
			u64 dst;
			u64 src;
			u32 ndw;
		} copy;
		struct {
			u64 dst;
			u32 value;
			u32 ndw;
		} fill;
	};
};

struct dma_fence *ruby_sched_submit_ib(struct ruby_device *rdev,
				       struct ruby_ring *ring,
				       u64 ib_addr, u32 ib_dw);
/**
 * struct ruby_file_queues - a client's queues, one per ring
 * @entity: the queue on each scheduled ring
 * @live: bit i set while @entity[i] exists
 * @link: in rdev->files while the queues exist
 *
 * Lifetime: created at open, destroyed at close or at device teardown,
 * whichever comes first, under rdev->files_lock.
 */
struct ruby_file_queues {
	struct drm_sched_entity entity[RUBY_RING_COUNT];
	u32 live;
	struct list_head link;
};

struct ruby_job *ruby_job_create_ib(struct ruby_ring *ring, u64 ib_addr, u32 ib_dw);
struct ruby_job *ruby_job_create_ib_on(struct ruby_ring *ring,
				       struct drm_sched_entity *entity,
				       u64 ib_addr, u32 ib_dw);
int ruby_sched_file_open(struct ruby_device *rdev, struct ruby_file_queues *fq);
void ruby_sched_file_close(struct ruby_device *rdev, struct ruby_file_queues *fq);
void ruby_job_free(struct ruby_job *job);
struct dma_fence *ruby_job_arm(struct ruby_job *job);
void ruby_job_push(struct ruby_job *job);
struct dma_fence *ruby_sched_submit_copy(struct ruby_device *rdev, u64 dst,
					 u64 src, u64 bytes);
struct dma_fence *ruby_sched_submit_fill(struct ruby_device *rdev, u64 dst,
					 u32 value, u64 bytes);
int ruby_gpu_reset(struct ruby_device *rdev, struct drm_sched_job *bad);
int ruby_sched_test(struct ruby_device *rdev, bool hang, struct seq_file *m);

#endif /* __RUBY_SCHED_H__ */
