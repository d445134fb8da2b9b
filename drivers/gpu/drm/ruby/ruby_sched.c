// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: scheduling and GPU reset
 *
 * Work reaches a ring only through the ring's drm_gpu_scheduler. A job is
 * an indirect buffer (any ring), a buffer copy or a fill of memory with a
 * value (DMA ring, or the CP without one); run_job writes
 * it and a fence to the ring, and that fence is the job's hardware fence.
 *
 * A job whose fence does not signal within lockup_timeout_ms is taken for
 * a hang of its engine: the engine's scheduler is stopped, every hardware
 * fence still pending on the ring is failed, the engine is reset and
 * brought up again (ring test included), the hung job completes with
 * -ETIME and the scheduler replays the other jobs it had in flight, which
 * then complete normally. rdev->reset.count counts resets; a reset asked
 * for through debugfs resets every engine.
 *
 * Every client (DRM file) has its own queue (entity) on each ring, served
 * round-robin; the kernel's own work uses the kernel-priority entity.
 *
 * Once the device is unplugged nothing more reaches an engine: run_job
 * completes jobs with -ENODEV without writing the ring, and a job that
 * times out then is not reset but failed, with everything else on its
 * ring, so the scheduler completes and frees them all.
 *
 * Locking: rdev->reset.lock serialises resets (from timeouts and from
 * debugfs); a ring's scheduler is stopped while the ring is rebuilt, so
 * nothing else writes it. rdev->files_lock protects rdev->files and the
 * clients' queues: they are destroyed by whichever comes first, the file's
 * close or the device's teardown (the queues must go before the
 * schedulers do).
 */

#include <linux/delay.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_fence.h"
#include "ruby_sched.h"

static unsigned int lockup_timeout_ms = 10000;
module_param(lockup_timeout_ms, uint, 0444);
MODULE_PARM_DESC(lockup_timeout_ms,
		 "A job running longer is taken for a GPU hang (ms, default 10000)");

static struct ruby_job *to_ruby_job(struct drm_sched_job *job)
{
	return container_of(job, struct ruby_job, base);
}

/* Ring dwords @job needs, its fence included. */
static u32 job_ring_dw(const struct ruby_job *job)
{
	const struct ruby_ring_funcs *funcs = job->ring->funcs;

	if (job->kind == RUBY_JOB_IB)
		return funcs->ib_dw * (1 + !!job->ib.preamble_addr + !!job->ib.postamble_addr) +
		       funcs->fence_dw;
	if (job->kind == RUBY_JOB_FILL)
		return DIV_ROUND_UP(job->fill.ndw, funcs->fill_max_dw) * funcs->fill_dw +
		       funcs->fence_dw;
	return DIV_ROUND_UP(job->copy.ndw, funcs->copy_max_dw) * funcs->copy_dw +
	       funcs->fence_dw;
}

static void job_emit_fill(struct ruby_job *job)
{
	struct ruby_ring *ring = job->ring;
	u64 dst = job->fill.dst;
	u32 left = job->fill.ndw;

	while (left) {
		u32 n = min(left, ring->funcs->fill_max_dw);

		ring->funcs->emit_fill(ring, dst, job->fill.value, n);
		dst += 4ull * n;
		left -= n;
	}
}

static void job_emit(struct ruby_job *job)
{
	struct ruby_ring *ring = job->ring;
	u64 dst = job->copy.dst, src = job->copy.src;
	u32 left = job->copy.ndw;

	if (job->kind == RUBY_JOB_IB) {
		if (job->ib.preamble_addr)
			ring->funcs->emit_ib(ring, job->ib.preamble_addr,
					     job->ib.preamble_dw);
		ring->funcs->emit_ib(ring, job->ib.addr, job->ib.ndw);
		if (job->ib.postamble_addr)
			ring->funcs->emit_ib(ring, job->ib.postamble_addr,
					     job->ib.postamble_dw);
		return;
	}
	if (job->kind == RUBY_JOB_FILL) {
		job_emit_fill(job);
		return;
	}
	while (left) {
		u32 n = min(left, ring->funcs->copy_max_dw);

		ring->funcs->emit_copy(ring, dst, src, n);
		dst += 4ull * n;
		src += 4ull * n;
		left -= n;
	}
}

static struct dma_fence *ruby_run_job(struct drm_sched_job *sched_job)
{
	struct ruby_job *job = to_ruby_job(sched_job);
	struct ruby_ring *ring = job->ring;
	struct dma_fence *fence;
	int idx, ret;

	/*
	 * The job that hung, replayed after the reset, or a job cancelled
	 * before it ran: it completes at once, with its error.
	 */
	if (sched_job->s_fence->finished.error)
		return ruby_fence_create_failed(ring,
						sched_job->s_fence->finished.error);
	/* the device is gone: nothing reaches the engine any more */
	if (!drm_dev_enter(&ring->rdev->drm, &idx))
		return ruby_fence_create_failed(ring, -ENODEV);
	fence = ruby_fence_create(ring);
	ret = fence ? ruby_ring_begin(ring, job_ring_dw(job)) : -ENOMEM;
	if (!ret) {
		job_emit(job);
		ruby_fence_emit(ring, fence);
		ruby_ring_commit(ring->rdev, ring);
	}
	drm_dev_exit(idx);
	if (ret) {
		kfree(fence);
		return ERR_PTR(ret);
	}
	return fence;
}

/*
 * A job timed out on a device that is gone: there is no engine to reset.
 * The scheduler took @bad off its pending list; stopping it puts @bad
 * back, and starting it again completes every job whose ring fence it no
 * longer waits for (with -ECANCELED), @bad included, so that they are
 * freed. The ring's fences fail with -ENODEV.
 */
static void ring_cancel(struct ruby_ring *ring, struct drm_sched_job *bad)
{
	drm_sched_stop(&ring->sched, bad);
	ruby_fence_fail_all(ring, -ENODEV);
	drm_sched_start(&ring->sched);
}

static enum drm_gpu_sched_stat ruby_timedout_job(struct drm_sched_job *sched_job)
{
	struct ruby_job *job = to_ruby_job(sched_job);
	struct ruby_device *rdev = job->ring->rdev;
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx)) {
		drm_err(&rdev->drm, "%s: job timed out after %u ms, device gone: cancelling\n",
			job->ring->name, lockup_timeout_ms);
		ring_cancel(job->ring, sched_job);
		return DRM_GPU_SCHED_STAT_ENODEV;
	}
	drm_err(&rdev->drm, "%s: job timed out after %u ms, resetting the engine\n",
		job->ring->name, lockup_timeout_ms);
	ruby_gpu_reset(rdev, sched_job);
	drm_dev_exit(idx);
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

static void ruby_free_job(struct drm_sched_job *sched_job)
{
	drm_sched_job_cleanup(sched_job);
	kfree(to_ruby_job(sched_job));
}

static const struct drm_sched_backend_ops ruby_sched_ops = {
	.run_job = ruby_run_job,
	.timedout_job = ruby_timedout_job,
	.free_job = ruby_free_job,
};

static bool ring_scheduled(const struct ruby_ring *ring)
{
	return ring->funcs && ring->sched.ops;
}

/* Reset one engine; its scheduler is stopped. */
static int reset_ring(struct ruby_device *rdev, struct ruby_ring *ring,
		      struct drm_sched_job *bad)
{
	int ret;

	if (bad)
		dma_fence_set_error(&bad->s_fence->finished, -ETIME);
	/* what is in flight is replayed on the new ring */
	ruby_fence_fail_all(ring, -ECANCELED);
	ret = ring->funcs->restart(rdev);
	if (ret) {
		drm_err(&rdev->drm, "%s: reset failed: %d\n", ring->name, ret);
		return ret;
	}
	drm_info(&rdev->drm, "%s: reset succeeded\n", ring->name);
	drm_sched_resubmit_jobs(&ring->sched);
	drm_sched_start(&ring->sched);
	return 0;
}

/**
 * ruby_gpu_reset - recover from a hang
 * @rdev: the device
 * @bad: the job that hung, whose engine is reset; NULL resets every engine
 *
 * An engine whose reset fails stays stopped: its jobs wait until the
 * device goes away, and then fail.
 *
 * Returns: 0 if every reset engine passed its ring test again, or the
 * first negative errno.
 */
int ruby_gpu_reset(struct ruby_device *rdev, struct drm_sched_job *bad)
{
	struct ruby_ring *only = bad ? to_ruby_job(bad)->ring : NULL;
	unsigned int i;
	int ret = 0, err;

	mutex_lock(&rdev->reset.lock);
	for (i = 0; i < RUBY_RING_COUNT; i++) {
		struct ruby_ring *ring = &rdev->rings[i];

		if (ring_scheduled(ring) && (!only || ring == only))
			drm_sched_stop(&ring->sched, ring == only ? bad : NULL);
	}
	for (i = 0; i < RUBY_RING_COUNT; i++) {
		struct ruby_ring *ring = &rdev->rings[i];

		if (!ring_scheduled(ring) || (only && ring != only))
			continue;
		err = reset_ring(rdev, ring, ring == only ? bad : NULL);
		ret = ret ?: err;
	}
	atomic_inc(&rdev->reset.count);
	mutex_unlock(&rdev->reset.lock);
	return ret;
}

/* A job of @kind for @ring, on @entity: initialised, not armed. */
static struct ruby_job *job_new(struct ruby_ring *ring,
				struct drm_sched_entity *entity,
				enum ruby_job_kind kind)
{
	struct ruby_job *job;
	int ret;

	if (!ring_scheduled(ring))
		return ERR_PTR(-ENODEV);
	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job)
		return ERR_PTR(-ENOMEM);
	job->ring = ring;
	job->kind = kind;
	ret = drm_sched_job_init(&job->base, entity, 1, NULL, 0);
	if (ret) {
		kfree(job);
		return ERR_PTR(ret);
	}
	return job;
}

/**
 * ruby_job_create_ib - a job running an indirect buffer, not queued yet
 * @ring: the ring
 * @ib_addr: MC address of the IB, which must stay valid until it ran
 * @ib_dw: its length in dwords
 *
 * The caller adds dependencies, then ruby_job_push() queues it, or
 * ruby_job_free() drops it.
 *
 * Returns: the job, or an ERR_PTR.
 */
struct ruby_job *ruby_job_create_ib(struct ruby_ring *ring, u64 ib_addr, u32 ib_dw)
{
	return ruby_job_create_ib_on(ring, &ring->entity, ib_addr, ib_dw);
}

/**
 * ruby_job_create_ib_on - ruby_job_create_ib() on a given queue of the ring
 * @ring: the ring
 * @entity: a queue of @ring's scheduler (a client's)
 * @ib_addr: MC address of the IB
 * @ib_dw: its length in dwords
 *
 * Returns: the job, or an ERR_PTR.
 */
struct ruby_job *ruby_job_create_ib_on(struct ruby_ring *ring,
				       struct drm_sched_entity *entity,
				       u64 ib_addr, u32 ib_dw)
{
	struct ruby_job *job = job_new(ring, entity, RUBY_JOB_IB);

	if (!IS_ERR(job)) {
		job->ib.addr = ib_addr;
		job->ib.ndw = ib_dw;
	}
	return job;
}

/**
 * ruby_sched_file_open - a client's own queue on every scheduled ring
 * @rdev: the device
 * @fq: the client's queues, zeroed
 *
 * Clients' queues are served round-robin by each ring's scheduler, so one
 * busy client does not starve the others, and a hang is charged to the
 * queue it came from.
 *
 * Returns: 0 or a negative errno.
 */
int ruby_sched_file_open(struct ruby_device *rdev, struct ruby_file_queues *fq)
{
	unsigned int i;
	int ret = 0;

	INIT_LIST_HEAD(&fq->link);
	mutex_lock(&rdev->files_lock);
	for (i = 0; i < RUBY_RING_COUNT && !ret; i++) {
		struct ruby_ring *ring = &rdev->rings[i];
		struct drm_gpu_scheduler *list[] = { &ring->sched };

		if (!ring_scheduled(ring))
			continue;
		ret = drm_sched_entity_init(&fq->entity[i], DRM_SCHED_PRIORITY_NORMAL,
					    list, 1, NULL);
		if (!ret)
			fq->live |= BIT(i);
	}
	if (!ret)
		list_add(&fq->link, &rdev->files);
	mutex_unlock(&rdev->files_lock);
	if (ret)
		ruby_sched_file_close(rdev, fq);
	return ret;
}

static void file_queues_destroy(struct ruby_file_queues *fq)
{
	unsigned int i;

	for (i = 0; i < RUBY_RING_COUNT; i++)
		if (fq->live & BIT(i))
			drm_sched_entity_destroy(&fq->entity[i]);
	fq->live = 0;
}

/**
 * ruby_sched_file_close - flush and drop a client's queues
 * @rdev: the device
 * @fq: the client's queues; gone already if the device went away first
 */
void ruby_sched_file_close(struct ruby_device *rdev, struct ruby_file_queues *fq)
{
	mutex_lock(&rdev->files_lock);
	file_queues_destroy(fq);
	if (!list_empty(&fq->link))
		list_del_init(&fq->link);
	mutex_unlock(&rdev->files_lock);
}

/**
 * ruby_job_free - drop a job that was never pushed
 * @job: the job
 */
void ruby_job_free(struct ruby_job *job)
{
	drm_sched_job_cleanup(&job->base);
	kfree(job);
}

/**
 * ruby_job_arm - give a job its fences before it is pushed
 * @job: the job, with its dependencies added
 *
 * Returns: the job's finished fence (borrowed: valid until the job is
 * pushed and done; take a reference to keep it).
 */
struct dma_fence *ruby_job_arm(struct ruby_job *job)
{
	drm_sched_job_arm(&job->base);
	return &job->base.s_fence->finished;
}

/**
 * ruby_job_push - queue an armed job on its ring
 * @job: the job; the scheduler owns it from now on
 */
void ruby_job_push(struct ruby_job *job)
{
	drm_sched_entity_push_job(&job->base);
}

/* Arm and queue a new job; a reference to its finished fence for the caller. */
static struct dma_fence *job_submit(struct ruby_job *job)
{
	struct dma_fence *fence;

	if (IS_ERR(job))
		return ERR_CAST(job);
	fence = dma_fence_get(ruby_job_arm(job));
	ruby_job_push(job);
	return fence;
}

/**
 * ruby_sched_submit_ib - queue an indirect buffer on a ring
 * @rdev: the device
 * @ring: the ring
 * @ib_addr: MC address of the IB, which must stay valid until it ran
 * @ib_dw: its length in dwords
 *
 * Returns: the job's finished fence (a reference for the caller), or an
 * ERR_PTR.
 */
struct dma_fence *ruby_sched_submit_ib(struct ruby_device *rdev,
				       struct ruby_ring *ring,
				       u64 ib_addr, u32 ib_dw)
{
	return job_submit(ruby_job_create_ib(ring, ib_addr, ib_dw));
}

/*
 * A copy or fill of @bytes at the addresses OR-ed in @addrs, in packets of
 * @pkt_dw ring dwords moving up to @max_dw dwords each: dword aligned, and
 * one job, bounded by what fits in a quarter of the ring.
 */
static bool mem_job_fits(const struct ruby_ring *ring, u64 addrs, u64 bytes,
			 u32 max_dw, u32 pkt_dw)
{
	return bytes && !(bytes & 3) && !(addrs & 3) &&
	       DIV_ROUND_UP_ULL(bytes / 4, max_dw) * pkt_dw <= ring->size_dw / 4;
}

/* A kernel job's submitter: destination, source or value, length */
typedef struct dma_fence *(*kernel_job_fn)(struct ruby_device *rdev, u64 dst,
					   u64 arg, u64 bytes);

/*
 * Kernel jobs (moves and clears of buffers, for TTM and GEM_CREATE) are
 * made and queued inside drm_dev_enter(): the schedulers go once the
 * device is unplugged, so remove waits for a submission under way, and
 * none starts after it.
 */
static struct dma_fence *submit_kernel_job(struct ruby_device *rdev,
					   kernel_job_fn submit, u64 dst,
					   u64 arg, u64 bytes)
{
	struct dma_fence *fence;
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return ERR_PTR(-ENODEV);
	fence = submit(rdev, dst, arg, bytes);
	drm_dev_exit(idx);
	return fence;
}

/*
 * The ring kernel copies (@copy) or fills run on: the DMA engine's, else
 * the command processor's (R6xx, with CP DMA); NULL if no engine of the
 * device can do it.
 */
static struct ruby_ring *mem_job_ring(struct ruby_device *rdev, bool copy)
{
	static const enum ruby_ring_id order[] = { RUBY_RING_DMA, RUBY_RING_GFX };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(order); i++) {
		struct ruby_ring *ring = &rdev->rings[order[i]];

		if (ring_scheduled(ring) &&
		    (copy ? ring->funcs->copy_dw : ring->funcs->fill_dw))
			return ring;
	}
	return NULL;
}

static struct dma_fence *submit_copy(struct ruby_device *rdev, u64 dst,
				     u64 src, u64 bytes)
{
	struct ruby_ring *ring = mem_job_ring(rdev, true);
	struct ruby_job *job;

	if (!ring)
		return ERR_PTR(-ENODEV);
	if (!mem_job_fits(ring, dst | src, bytes, ring->funcs->copy_max_dw,
			  ring->funcs->copy_dw))
		return ERR_PTR(-EINVAL);
	job = job_new(ring, &ring->entity, RUBY_JOB_COPY);
	if (!IS_ERR(job)) {
		job->copy.dst = dst;
		job->copy.src = src;
		job->copy.ndw = bytes / 4;
	}
	return job_submit(job);
}

/**
 * ruby_sched_submit_copy - queue a copy between two GPU addresses
 * @rdev: the device
 * @dst: MC address of the destination, dword aligned
 * @src: MC address of the source, dword aligned
 * @bytes: a multiple of 4
 *
 * The copy runs on the DMA ring, after the jobs queued there before it;
 * on a device without one (R6xx), on the GFX ring.
 * The caller keeps both ranges mapped until the fence signals.
 *
 * Returns: the job's finished fence (a reference for the caller), or an
 * ERR_PTR; -ENODEV if no engine of the device can copy, or the device is
 * gone.
 */
struct dma_fence *ruby_sched_submit_copy(struct ruby_device *rdev, u64 dst,
					 u64 src, u64 bytes)
{
	return submit_kernel_job(rdev, submit_copy, dst, src, bytes);
}

static struct dma_fence *submit_fill(struct ruby_device *rdev, u64 dst,
				     u64 value, u64 bytes)
{
	struct ruby_ring *ring = mem_job_ring(rdev, false);
	struct ruby_job *job;

	if (!ring)
		return ERR_PTR(-ENODEV);
	if (!mem_job_fits(ring, dst, bytes, ring->funcs->fill_max_dw,
			  ring->funcs->fill_dw))
		return ERR_PTR(-EINVAL);
	job = job_new(ring, &ring->entity, RUBY_JOB_FILL);
	if (!IS_ERR(job)) {
		job->fill.dst = dst;
		job->fill.value = lower_32_bits(value);
		job->fill.ndw = bytes / 4;
	}
	return job_submit(job);
}

/**
 * ruby_sched_submit_fill - queue a fill of a GPU address range with a value
 * @rdev: the device
 * @dst: MC address of the range, dword aligned
 * @value: the dword written all over it
 * @bytes: a multiple of 4
 *
 * The fill runs on the first engine that can fill: the DMA engine, else
 * the command processor, after the jobs queued there before it. The
 * caller keeps the range mapped until the fence signals.
 *
 * Returns: the job's finished fence (a reference for the caller), or an
 * ERR_PTR; -ENODEV if no engine of the device can fill, or the device is
 * gone.
 */
struct dma_fence *ruby_sched_submit_fill(struct ruby_device *rdev, u64 dst,
					 u32 value, u64 bytes)
{
	return submit_kernel_job(rdev, submit_fill, dst, value, bytes);
}

/*
 * Test jobs. Layout of the test page, in dwords: the IB of job i at
 * TEST_IB(i), the word job i writes at TEST_RESULT(i), and a word that
 * stays 0, which the hanging job waits to become 1.
 */
#define TEST_JOBS		2
#define TEST_IB(i)		(64 * (i))
#define TEST_RESULT(i)		(512 + (i))
#define TEST_NEVER		1000
#define TEST_VALUE(i)		(0x600d0000u | (i))

/* Job @i stores TEST_VALUE(@i); returns its length in dwords. */
static u32 test_ib_write(struct ruby_device *rdev, u32 *ib, u64 page,
			 unsigned int i)
{
	return rdev->chip.desc->asic->ib_write_dword(ib, page + 4 * TEST_RESULT(i),
						     TEST_VALUE(i));
}

/* A job that waits for a word that never changes: the CP stalls for good. */
static u32 test_ib_hang(struct ruby_device *rdev, u32 *ib, u64 page)
{
	return rdev->chip.desc->asic->ib_wait_dword(ib, page + 4 * TEST_NEVER, 1);
}

/**
 * ruby_sched_test - run test jobs through the GFX scheduler
 * @rdev: the device
 * @hang: make the first job hang the engine
 * @m: where to report, one line per job
 *
 * Two jobs are queued back to back. Each stores a known word; with @hang
 * the first instead waits for a memory word that never changes, which
 * stalls the command processor as a real hang would, so the lockup timeout,
 * the reset and the replay of the second job are exercised.
 *
 * Returns: 0 if the jobs ended as expected, -EIO if not, or another errno.
 */
int ruby_sched_test(struct ruby_device *rdev, bool hang, struct seq_file *m)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	/*
	 * Long enough for the lockup timeout, a reset (which reloads the
	 * CP's microcode) and the replay, however slow the machine: the
	 * guilty job must end with the reset's error, not this wait's
	 */
	long timeout = msecs_to_jiffies(3 * lockup_timeout_ms) + 10 * HZ;
	struct dma_fence *fence[TEST_JOBS] = {};
	int resets, ret = 0;
	unsigned int i;
	bool is_iomem;
	u64 page;
	u32 *ptr;

	if (!rdev->chip.desc->asic->ib_write_dword ||
	    !rdev->chip.desc->asic->ib_wait_dword) {
		/* R5xx's CP has no packet that writes or waits on memory */
		seq_puts(m, "no memory write or wait packets on this generation\nresult: skip\n");
		return -EOPNOTSUPP;
	}
	mutex_lock(&rdev->test.lock);
	ptr = ruby_bo_cpu_addr(rdev->test.ib, &is_iomem);
	page = ruby_bo_gpu_addr(rdev->test.ib);
	memset(ptr, 0, SZ_4K);
	resets = atomic_read(&rdev->reset.count);
	seq_printf(m, "resets before: %d\n", resets);

	for (i = 0; i < TEST_JOBS; i++) {
		u32 *ib = ptr + TEST_IB(i);
		u32 ndw = hang && i == 0 ? test_ib_hang(rdev, ib, page) :
					   test_ib_write(rdev, ib, page, i);

		/* the IB must be in memory before the ring points at it */
		wmb();
		fence[i] = ruby_sched_submit_ib(rdev, ring, page + 4 * TEST_IB(i), ndw);
		if (IS_ERR(fence[i])) {
			ret = PTR_ERR(fence[i]);
			fence[i] = NULL;
			break;
		}
	}
	for (i = 0; i < TEST_JOBS && fence[i]; i++) {
		long left = dma_fence_wait_timeout(fence[i], false, timeout);
		bool guilty = hang && i == 0;
		int err = left > 0 ? fence[i]->error : -ETIMEDOUT;
		u32 got = READ_ONCE(ptr[TEST_RESULT(i)]);

		if (guilty) {
			seq_printf(m, "job %u (hangs): %s %d\n", i,
				   err ? "error" : "completed", err);
			if (!err)
				ret = ret ?: -EIO;
		} else {
			seq_printf(m, "job %u: %s %d, wrote %#x\n", i,
				   err ? "error" : "ok", err, got);
			if (err || got != TEST_VALUE(i))
				ret = ret ?: -EIO;
		}
		dma_fence_put(fence[i]);
	}
	seq_printf(m, "resets after: %d\n", atomic_read(&rdev->reset.count));
	seq_printf(m, "result: %s\n", ret ? "fail" : "pass");
	mutex_unlock(&rdev->test.lock);
	return ret;
}

/*
 * Let a ring finish what it was given (or fail it, if it does not within a
 * second) and the scheduler free those jobs: drm_sched_fini() would
 * otherwise leak them.
 */
static void sched_drain(struct ruby_ring *ring)
{
	unsigned int i;

	if (ruby_fence_wait_idle(ring, HZ)) {
		drm_err(&ring->rdev->drm, "%s: still busy at teardown, cancelling\n",
			ring->name);
		ruby_fence_fail_all(ring, -ENODEV);
	}
	for (i = 0; i < 1000 && !list_empty_careful(&ring->sched.pending_list); i++)
		usleep_range(1000, 2000);
}

/* Before the hardware goes: no job may reach a ring after this. */
static void ruby_sched_fini(struct ruby_device *rdev)
{
	struct ruby_file_queues *fq, *next;
	unsigned int i;

	/* clients still open: their queues go now, the files later */
	mutex_lock(&rdev->files_lock);
	list_for_each_entry_safe(fq, next, &rdev->files, link) {
		file_queues_destroy(fq);
		list_del_init(&fq->link);
	}
	mutex_unlock(&rdev->files_lock);

	for (i = 0; i < RUBY_RING_COUNT; i++) {
		struct ruby_ring *ring = &rdev->rings[i];

		if (!ring_scheduled(ring))
			continue;
		drm_sched_entity_destroy(&ring->entity);
		sched_drain(ring);
		drm_sched_fini(&ring->sched);
		ring->sched.ops = NULL;
	}
}

static int sched_init_ring(struct ruby_device *rdev, struct ruby_ring *ring)
{
	struct drm_gpu_scheduler *list[] = { &ring->sched };
	const struct drm_sched_init_args args = {
		.ops = &ruby_sched_ops,
		.num_rqs = DRM_SCHED_PRIORITY_COUNT,
		.credit_limit = 64,
		.timeout = msecs_to_jiffies(lockup_timeout_ms),
		.name = ring->name,
		.dev = rdev->drm.dev,
	};
	int ret;

	ret = drm_sched_init(&ring->sched, &args);
	if (ret) {
		/* drm_sched_init() sets ops before it can fail */
		ring->sched.ops = NULL;
		return ret;
	}
	ret = drm_sched_entity_init(&ring->entity, DRM_SCHED_PRIORITY_KERNEL,
				    list, 1, NULL);
	if (ret) {
		drm_sched_fini(&ring->sched);
		ring->sched.ops = NULL;
	}
	return ret;
}

/* A scheduler and the kernel's own entity on every ring that is up. */
static int ruby_sched_init(struct ruby_device *rdev)
{
	unsigned int i;
	int ret;

	ret = drmm_mutex_init(&rdev->drm, &rdev->reset.lock);
	if (ret)
		return ret;
	ret = drmm_mutex_init(&rdev->drm, &rdev->test.lock);
	if (ret)
		return ret;
	ret = drmm_mutex_init(&rdev->drm, &rdev->files_lock);
	if (ret)
		return ret;
	INIT_LIST_HEAD(&rdev->files);
	ret = ruby_bo_create_kernel(rdev, SZ_4K, RUBY_DOMAIN_GTT, &rdev->test.ib);
	if (ret)
		return ret;
	for (i = 0; i < RUBY_RING_COUNT; i++) {
		struct ruby_ring *ring = &rdev->rings[i];

		if (!ring->funcs)
			continue;
		ret = sched_init_ring(rdev, ring);
		if (ret) {
			ruby_sched_fini(rdev);
			return ret;
		}
	}
	return 0;
}

const struct ruby_ip_block ruby_sched_block = {
	.name = "sched",
	.init = ruby_sched_init,
	.fini = ruby_sched_fini,
};
