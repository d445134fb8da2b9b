// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: command submission
 *
 * DRM_IOCTL_RADEON_CS takes chunks: RELOCS (the buffers the stream uses,
 * four dwords each: handle, read domains, write domain, flags), IB (the
 * command stream) and FLAGS (flags, ring, priority). CONST_IB and the
 * virtual-memory flag belong to later generations and are -EINVAL here.
 *
 * Every user GFX stream runs after a kernel IB, the generation's, that
 * resets the GPU's state (on Evergreen: CLEAR_STATE, and every resource
 * descriptor invalidated), so a stream can only use state it set up
 * itself, which the checker bounded. A stream that set shader rings of
 * its own (config registers, which outlive it) is followed by a kernel IB
 * that points them back at the kernel's, before its fence.
 *
 * The buffers are locked together with drm_exec (contention is retried),
 * moved into their domain (VRAM or GTT; CPU-only buffers go to GTT, where
 * the GPU reaches them; userptr buffers and dma-bufs of other devices are
 * GTT only), and their addresses handed to the checker. A userptr buffer
 * relocated without the GTT domain, or relocated for writing while it is
 * read-only, is -EINVAL. The IB
 * is copied once from userspace into kernel-owned GTT (a suballocated
 * pool), checked and relocated there, and that same copy runs. The job is
 * queued on the ring's scheduler behind the buffers' implicit fences, and
 * its fence is added to every buffer, as a write fence where the
 * submission declared a write domain. GEM_BUSY and GEM_WAIT_IDLE see it,
 * which is how Mesa waits for its work.
 *
 * What the check needs for itself (the relocation chunk's copy, the
 * objects, the checker's view of them and its state) is one scratch
 * allocation each client keeps between submissions (up to 1024
 * relocations' worth), so a steady client allocates only its job and
 * fences; the drm_exec context is the DRM core's. No register is read on
 * the way.
 *
 * A rejected stream is -EINVAL with one debug line naming the packet and
 * the reason; nothing of it runs. The GFX ring (COMPUTE goes there on
 * Evergreen) and the DMA ring take user streams, each client on its own
 * queue (drm_sched entity) of the ring.
 */

#include <linux/overflow.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/drm_suballoc.h>
#include <drm/radeon_drm.h>

#include "ruby_bo.h"
#include "ruby_cs.h"
#include "ruby_cs_check.h"
#include "ruby_device.h"
#include "ruby_gem.h"
#include "ruby_sched.h"

#define RUBY_CS_MAX_CHUNKS	8
#define RUBY_CS_MAX_IB_DW	SZ_64K		/* 256 KiB */
#define RUBY_CS_MAX_RELOCS	SZ_16K
#define RUBY_IB_POOL_SIZE	SZ_2M
#define RUBY_IB_ALIGN		256
#define RELOC_DW		4
/* the most relocations a client's cached scratch keeps room for */
#define RUBY_CS_SCRATCH_MAX	SZ_1K

/**
 * struct ruby_cs_scratch - what checking one submission needs, cached
 * @parser: the checker's state (a few KiB: too big for the stack)
 * @cap: relocations @mem has room for
 * @mem: the relocation chunk's copy, then the objects, then the
 *	checker's view of them (struct ruby_cs's @relocs, @objs, @bos)
 *
 * Each client keeps the last one it used (struct ruby_cs_file), so a
 * submission allocates nothing for itself once one of its size was made.
 */
struct ruby_cs_scratch {
	struct rcs_parser parser;
	u32 cap;
	u8 mem[] __aligned(8);
};

#define SCRATCH_PER_RELOC	(sizeof(struct drm_radeon_cs_reloc) + \
				 sizeof(struct drm_gem_object *) + sizeof(struct rcs_bo))

/**
 * struct ruby_cs_file - a client of the CS ioctl
 * @fq: its queues on the rings
 * @scratch: the scratch its last submission used, or NULL (taken and
 *	returned with xchg(): concurrent submissions of one client each
 *	get their own)
 */
struct ruby_cs_file {
	struct ruby_file_queues fq;
	struct ruby_cs_scratch *scratch;
};

/**
 * struct ruby_cs - one submission being prepared
 * @ib_user: the IB chunk's data
 * @ib_dw: its length in dwords
 * @relocs_user: the RELOCS chunk's data
 * @relocs: the RELOCS chunk, copied
 * @nrelocs: entries of @relocs
 * @objs: the relocated objects, in @relocs order, referenced
 * @bos: what the checker sees of them (in @objs' allocation, after it)
 * @flags: RADEON_CS_* flags
 * @ring: RADEON_CS_RING_*
 * @target: the ring the stream runs on
 * @run_dw: the IB's length as run: padded to the engine's fetch size
 * @sa: the IB's place in the pool, until the job owns it
 * @ib: the kernel's copy of the IB, in the pool
 * @scratch: where @relocs, @objs, @bos and the parser live
 * @rings_set: the checker found the stream setting shader rings of its own
 * @hyperz: the client owns HyperZ (INFO WANT_HYPERZ) as it submits
 */
struct ruby_cs {
	u64 ib_user;
	u32 ib_dw;
	u64 relocs_user;
	struct drm_radeon_cs_reloc *relocs;
	u32 nrelocs;
	struct drm_gem_object **objs;
	struct rcs_bo *bos;
	u32 flags;
	u32 ring;
	struct ruby_ring *target;
	u32 run_dw;
	struct drm_suballoc *sa;
	u32 *ib;
	struct ruby_cs_scratch *scratch;
	bool rings_set;
	bool hyperz;
};

/*
 * The client's cached scratch if it has room for @nrelocs, else a new one
 * (the cached one is freed: the client's submissions grew).
 */
static int cs_scratch_get(struct ruby_cs_file *cf, struct ruby_cs *cs, u32 nrelocs)
{
	struct ruby_cs_scratch *sc = xchg(&cf->scratch, NULL);

	if (!sc || sc->cap < nrelocs) {
		u32 cap = max_t(u32, nrelocs, 16);

		kvfree(sc);
		sc = kvmalloc(struct_size(sc, mem, cap * SCRATCH_PER_RELOC), GFP_KERNEL);
		if (!sc)
			return -ENOMEM;
		sc->cap = cap;
	}
	cs->scratch = sc;
	cs->relocs = (struct drm_radeon_cs_reloc *)sc->mem;
	cs->objs = (struct drm_gem_object **)(cs->relocs + nrelocs);
	cs->bos = (struct rcs_bo *)(cs->objs + nrelocs);
	memset(cs->objs, 0, nrelocs * sizeof(*cs->objs));
	return 0;
}

/* Give the scratch back to the client, unless it is too big to keep. */
static void cs_scratch_put(struct ruby_cs_file *cf, struct ruby_cs_scratch *sc)
{
	if (sc && sc->cap <= RUBY_CS_SCRATCH_MAX)
		sc = xchg(&cf->scratch, sc);
	kvfree(sc);
}

static int cs_chunk(struct drm_device *drm, struct ruby_cs *cs,
		    const struct drm_radeon_cs_chunk *chunk, u32 *seen)
{
	u32 __user *data = u64_to_user_ptr(chunk->chunk_data);
	u32 flags[3] = {};

	if (chunk->chunk_id >= 32 || (*seen & BIT(chunk->chunk_id))) {
		drm_dbg_ratelimited(drm, "cs: chunk %u unknown or repeated\n",
				    chunk->chunk_id);
		return -EINVAL;
	}
	*seen |= BIT(chunk->chunk_id);
	switch (chunk->chunk_id) {
	case RADEON_CHUNK_ID_IB:
		if (!chunk->length_dw || chunk->length_dw > RUBY_CS_MAX_IB_DW) {
			drm_dbg_ratelimited(drm, "cs: IB of %u dwords\n", chunk->length_dw);
			return -EINVAL;
		}
		cs->ib_user = chunk->chunk_data;
		cs->ib_dw = chunk->length_dw;
		return 0;
	case RADEON_CHUNK_ID_RELOCS:
		if (chunk->length_dw % RELOC_DW ||
		    chunk->length_dw / RELOC_DW > RUBY_CS_MAX_RELOCS) {
			drm_dbg_ratelimited(drm, "cs: RELOCS of %u dwords\n",
					    chunk->length_dw);
			return -EINVAL;
		}
		/* copied once the scratch is there, see cs_lookup() */
		cs->relocs_user = chunk->chunk_data;
		cs->nrelocs = chunk->length_dw / RELOC_DW;
		return 0;
	case RADEON_CHUNK_ID_FLAGS:
		if (!chunk->length_dw) {
			drm_dbg_ratelimited(drm, "cs: empty FLAGS chunk\n");
			return -EINVAL;
		}
		if (copy_from_user(flags, data,
				   min_t(u32, chunk->length_dw, 3) * sizeof(u32)))
			return -EFAULT;
		cs->flags = flags[0];
		cs->ring = flags[1];
		return 0;
	default:
		/* CONST_IB is for Southern Islands */
		drm_dbg_ratelimited(drm, "cs: chunk %u not for this GPU\n",
				    chunk->chunk_id);
		return -EINVAL;
	}
}

/*
 * What the chip cannot run: DMA streams without a DMA ring (R6xx has the
 * engine but radeon's ABI refuses them below RV770), and any stream on a
 * family whose checker is not written yet.
 */
static int cs_chip_takes(struct drm_device *drm, const struct ruby_cs *cs)
{
	struct ruby_device *rdev = to_ruby_device(drm);

	if (cs->ring == RADEON_CS_RING_DMA && !ruby_has(rdev, RUBY_FEAT_DMA)) {
		drm_dbg_ratelimited(drm, "cs: no DMA ring on %s\n",
				    rdev->chip.desc->name);
		return -EINVAL;
	}
	if (!rdev->chip.desc->cs) {
		drm_dbg_ratelimited(drm, "cs: no command checker for this family\n");
		/* counted as the checker's refusals are, for debugfs */
		atomic64_inc(&rdev->cs.rejected);
		WRITE_ONCE(rdev->cs.last_reject, "no command checker for this family");
		return -EINVAL;
	}
	return 0;
}

static int cs_parse(struct drm_device *drm, struct drm_radeon_cs *args,
		    struct ruby_cs *cs)
{
	u64 __user *ptrs = u64_to_user_ptr(args->chunks);
	u32 seen = 0, i;
	int ret;

	if (!args->num_chunks || args->num_chunks > RUBY_CS_MAX_CHUNKS) {
		drm_dbg_ratelimited(drm, "cs: %u chunks\n", args->num_chunks);
		return -EINVAL;
	}
	for (i = 0; i < args->num_chunks; i++) {
		struct drm_radeon_cs_chunk chunk;
		u64 ptr;

		if (get_user(ptr, &ptrs[i]) ||
		    copy_from_user(&chunk, u64_to_user_ptr(ptr), sizeof(chunk)))
			return -EFAULT;
		ret = cs_chunk(drm, cs, &chunk, &seen);
		if (ret)
			return ret;
	}
	if (!cs->ib_dw) {
		drm_dbg_ratelimited(drm, "cs: no IB\n");
		return -EINVAL;
	}
	if (cs->flags & ~(RADEON_CS_KEEP_TILING_FLAGS | RADEON_CS_END_OF_FRAME)) {
		/* RADEON_CS_USE_VM: per-process VM starts with Cayman */
		drm_dbg_ratelimited(drm, "cs: flags %#x\n", cs->flags);
		return -EINVAL;
	}
	/* Evergreen has no compute rings: compute goes to GFX */
	if (cs->ring == RADEON_CS_RING_COMPUTE)
		cs->ring = RADEON_CS_RING_GFX;
	if (cs->ring != RADEON_CS_RING_GFX && cs->ring != RADEON_CS_RING_DMA) {
		drm_dbg_ratelimited(drm, "cs: ring %u takes no user streams\n",
				    cs->ring);
		return -EINVAL;
	}
	return cs_chip_takes(drm, cs);
}

/*
 * A userptr buffer lives in GTT only, and the GPU must not write a
 * read-only one (its GART entries would fault): the relocation says so.
 */
static bool cs_userptr_reloc_ok(struct drm_device *drm, u32 i,
				const struct drm_radeon_cs_reloc *r,
				const struct ruby_bo *bo)
{
	u32 domain = r->write_domain ?: r->read_domains;

	if (!bo->userptr)
		return true;
	if (!(domain & RADEON_GEM_DOMAIN_GTT)) {
		drm_dbg_ratelimited(drm, "cs: reloc %u: userptr buffer outside GTT (%#x)\n",
				    i, domain);
		return false;
	}
	if (r->write_domain && ruby_userptr_readonly(bo->userptr)) {
		drm_dbg_ratelimited(drm, "cs: reloc %u: write to a read-only userptr buffer\n",
				    i);
		return false;
	}
	return true;
}

static int cs_lookup(struct drm_file *file, struct ruby_cs *cs)
{
	u32 i;
	int ret;

	ret = cs_scratch_get(file->driver_priv, cs, cs->nrelocs);
	if (ret)
		return ret;
	if (copy_from_user(cs->relocs, u64_to_user_ptr(cs->relocs_user),
			   cs->nrelocs * sizeof(*cs->relocs)))
		return -EFAULT;
	for (i = 0; i < cs->nrelocs; i++) {
		const struct drm_radeon_cs_reloc *r = &cs->relocs[i];
		u32 domains = r->read_domains | r->write_domain;

		if (!domains || domains & ~(RADEON_GEM_DOMAIN_CPU |
					    RADEON_GEM_DOMAIN_GTT |
					    RADEON_GEM_DOMAIN_VRAM)) {
			drm_dbg_ratelimited(file->minor->dev,
					    "cs: reloc %u: domains %#x/%#x\n", i,
					    r->read_domains, r->write_domain);
			return -EINVAL;
		}
		cs->objs[i] = drm_gem_object_lookup(file, r->handle);
		if (!cs->objs[i]) {
			drm_dbg_ratelimited(file->minor->dev,
					    "cs: reloc %u: no object %u\n", i, r->handle);
			return -ENOENT;
		}
		if (!cs_userptr_reloc_ok(file->minor->dev, i, r,
					 gem_to_ruby_bo(cs->objs[i])))
			return -EINVAL;
	}
	return 0;
}

/* Move every buffer where the GPU reaches it; note where that is. */
static int cs_validate(struct ruby_cs *cs)
{
	struct ttm_operation_ctx ctx = { .interruptible = true };
	u32 i;
	int ret;

	for (i = 0; i < cs->nrelocs; i++) {
		struct ruby_bo *bo = gem_to_ruby_bo(cs->objs[i]);
		const struct drm_radeon_cs_reloc *r = &cs->relocs[i];
		u32 domain = (r->write_domain ?: r->read_domains) &
			     (RUBY_DOMAIN_VRAM | RUBY_DOMAIN_GTT);

		if (!bo->tbo.pin_count) {
			ruby_bo_set_placement(bo, domain ?: RUBY_DOMAIN_GTT, bo->flags);
			ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
			if (ret)
				return ret;
		}
		cs->bos[i].gpu_addr = ruby_bo_gpu_addr(bo);
		cs->bos[i].size = bo->tbo.base.size;
		cs->bos[i].tiling_flags = bo->tiling_flags;
		cs->bos[i].write = r->write_domain != 0;
	}
	return 0;
}

static void cs_free(struct ruby_cs_file *cf, struct ruby_cs *cs)
{
	u32 i;

	if (cs->sa)
		drm_suballoc_free(cs->sa, NULL);
	for (i = 0; cs->objs && i < cs->nrelocs; i++)
		if (cs->objs[i])
			drm_gem_object_put(cs->objs[i]);
	cs_scratch_put(cf, cs->scratch);
}

/*
 * The kernel's copy of the IB, taken before any buffer is locked: a fault
 * on the user pages may need a buffer's lock (mmap of a BO).
 */
static int cs_copy_ib(struct ruby_device *rdev, struct ruby_cs *cs)
{
	const struct ruby_ring_funcs *funcs = cs->target->funcs;

	cs->run_dw = ALIGN(cs->ib_dw, funcs->ib_align_mask + 1);
	cs->sa = drm_suballoc_new(&rdev->cs.pool, cs->run_dw * 4, GFP_KERNEL, true,
				  RUBY_IB_ALIGN);
	if (IS_ERR(cs->sa)) {
		int ret = PTR_ERR(cs->sa);

		cs->sa = NULL;
		return ret;
	}
	cs->ib = rdev->cs.pool_ptr + drm_suballoc_soffset(cs->sa);
	if (copy_from_user(cs->ib, u64_to_user_ptr(cs->ib_user), cs->ib_dw * 4))
		return -EFAULT;
	memset32(cs->ib + cs->ib_dw, funcs->nop, cs->run_dw - cs->ib_dw);
	return 0;
}

/*
 * The checker on the kernel's copy. The parser's tracked state is a few
 * KiB, which the generation's begin() resets as a check starts (what it
 * does not clear, the check reads only once it wrote it: see struct
 * rcs_eg_track's @cbuf): only the inputs and outputs before it are
 * cleared here, not the whole of it once more.
 */
static int cs_check(struct ruby_device *rdev, struct ruby_cs *cs,
		    struct ruby_ring *ring, bool dma)
{
	struct rcs_parser *parser = &cs->scratch->parser;
	int ret = 0;

	memset(parser, 0, offsetof(struct rcs_parser, track));
	parser->ib = cs->ib;
	parser->ndw = cs->ib_dw;
	parser->bos = cs->bos;
	parser->nbos = cs->nrelocs;
	parser->gen = rdev->chip.desc->cs;
	parser->num_rbs = rdev->chip.desc->gfx.max_backends;
	parser->num_pipes = rdev->chip.desc->gfx.max_tile_pipes;
	parser->num_banks = rdev->gfx.num_banks;
	parser->num_ses = rdev->chip.desc->gfx.num_ses;
	parser->keep_tiling = cs->flags & RADEON_CS_KEEP_TILING_FLAGS;
	parser->hyperz = cs->hyperz;
	if (dma ? rcs_check_dma(parser) : rcs_check(parser)) {
		drm_dbg_ratelimited(&rdev->drm, "cs: %s stream rejected: packet at dword %u: %s (%#llx)\n",
				    ring->name, parser->err_idx, parser->err,
				    (unsigned long long)parser->err_val);
		atomic64_inc(&rdev->cs.rejected);
		WRITE_ONCE(rdev->cs.last_reject, parser->err);
		ret = -EINVAL;
	} else {
		atomic64_inc(&rdev->cs.checked);
		cs->rings_set = parser->rings_set;
	}
	return ret;
}

/* Check the kernel's copy, queue it on the client's queue, fence the buffers. */
static int cs_submit(struct ruby_device *rdev, struct ruby_cs *cs,
		     struct ruby_file_queues *fq)
{
	struct ruby_ring *ring = cs->target;
	bool dma = ring->id == RUBY_RING_DMA;
	struct drm_suballoc *sa = cs->sa;
	struct dma_fence *fence;
	struct ruby_job *job;
	u32 i;
	int ret;

	ret = cs_check(rdev, cs, ring, dma);
	if (ret)
		return ret;
	if (!(fq->live & BIT(ring->id)))
		return -ENODEV;
	job = ruby_job_create_ib_on(ring, &fq->entity[ring->id],
				    rdev->cs.pool_gpu + drm_suballoc_soffset(sa),
				    cs->run_dw);
	if (IS_ERR(job))
		return PTR_ERR(job);
	if (!dma) {
		/* no state of another stream survives into this one */
		job->ib.preamble_addr = ruby_bo_gpu_addr(rdev->cs.reset_ib);
		job->ib.preamble_dw = rdev->cs.reset_dw;
	}
	if (cs->rings_set) {
		/* the stream's shader rings must not outlive its buffers */
		job->ib.postamble_addr = ruby_bo_gpu_addr(rdev->gfx.rings_ib);
		job->ib.postamble_dw = rdev->gfx.rings_ib_dw;
	}
	for (i = 0; i < cs->nrelocs; i++) {
		ret = drm_sched_job_add_implicit_dependencies(&job->base, cs->objs[i],
							      cs->bos[i].write);
		if (ret) {
			ruby_job_free(job);
			return ret;
		}
	}
	fence = ruby_job_arm(job);
	/*
	 * Reads first: a buffer listed twice, read and written, must end up
	 * with the write fence (a later read-fence add would replace it).
	 * Two slots per buffer were reserved for that.
	 */
	for (i = 0; i < cs->nrelocs; i++)
		if (!cs->bos[i].write)
			dma_resv_add_fence(cs->objs[i]->resv, fence, DMA_RESV_USAGE_READ);
	for (i = 0; i < cs->nrelocs; i++)
		if (cs->bos[i].write)
			dma_resv_add_fence(cs->objs[i]->resv, fence, DMA_RESV_USAGE_WRITE);
	/* the IB's memory is reused once the job is done */
	drm_suballoc_free(sa, fence);
	cs->sa = NULL;
	ruby_job_push(job);
	return 0;
}

/**
 * ruby_cs_ioctl - DRM_IOCTL_RADEON_CS
 * @drm: the device
 * @data: &struct drm_radeon_cs
 * @file: the caller
 *
 * Returns: 0 once the stream is queued; -EINVAL for a malformed or
 * rejected submission, -ENOENT for an unknown buffer, -EFAULT for a bad
 * pointer, -ENOMEM, -ERESTARTSYS, or -ENODEV once the device is gone.
 */
int ruby_cs_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct ruby_device *rdev = to_ruby_device(drm);
	struct ruby_cs_file *cf = file->driver_priv;
	struct ruby_cs cs = {};
	struct drm_exec exec;
	int idx, ret;
	u32 i;

	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	ret = cs_parse(drm, data, &cs);
	cs.target = &rdev->rings[cs.ring == RADEON_CS_RING_DMA ? RUBY_RING_DMA :
							      RUBY_RING_GFX];
	if (!ret)
		ret = cs_lookup(file, &cs);
	if (!ret)
		ret = cs_copy_ib(rdev, &cs);
	if (ret)
		goto out;

	drm_exec_init(&exec, DRM_EXEC_INTERRUPTIBLE_WAIT | DRM_EXEC_IGNORE_DUPLICATES,
		      cs.nrelocs);
	drm_exec_until_all_locked(&exec) {
		for (i = 0; i < cs.nrelocs; i++) {
			/* a read and a write fence of this job, see cs_submit() */
			ret = drm_exec_prepare_obj(&exec, cs.objs[i], 2);
			drm_exec_retry_on_contention(&exec);
			if (ret)
				break;
		}
	}
	if (!ret)
		ret = cs_validate(&cs);
	mutex_lock(&rdev->hyperz_lock);
	cs.hyperz = rdev->hyperz_owner == file;
	mutex_unlock(&rdev->hyperz_lock);
	if (!ret)
		ret = cs_submit(rdev, &cs, &cf->fq);
	drm_exec_fini(&exec);
out:
	cs_free(cf, &cs);
	drm_dev_exit(idx);
	return ret;
}

/**
 * ruby_cs_open - a new client: its queues on the rings
 * @drm: the device
 * @file: the client
 *
 * Returns: 0 or a negative errno.
 */
int ruby_cs_open(struct drm_device *drm, struct drm_file *file)
{
	struct ruby_cs_file *cf = kzalloc(sizeof(*cf), GFP_KERNEL);
	int ret;

	if (!cf)
		return -ENOMEM;
	ret = ruby_sched_file_open(to_ruby_device(drm), &cf->fq);
	if (ret) {
		kfree(cf);
		return ret;
	}
	file->driver_priv = cf;
	return 0;
}

/**
 * ruby_cs_postclose - a client is gone: flush its queues
 * @drm: the device
 * @file: the client
 */
void ruby_cs_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct ruby_cs_file *cf = file->driver_priv;

	ruby_sched_file_close(to_ruby_device(drm), &cf->fq);
	kvfree(cf->scratch);
	kfree(cf);
}

/* The IB pool: GTT the CPU fills and the CP reads, reused behind fences. */
static int ruby_cs_init(struct ruby_device *rdev)
{
	bool is_iomem;
	int ret;

	/* the generation's state reset, run before every user GFX stream */
	ret = rdev->chip.desc->asic->build_reset_ib(rdev);
	if (ret)
		return ret;
	ret = ruby_bo_create_kernel(rdev, RUBY_IB_POOL_SIZE, RUBY_DOMAIN_GTT,
				    &rdev->cs.pool_bo);
	if (ret)
		return ret;
	rdev->cs.pool_ptr = ruby_bo_cpu_addr(rdev->cs.pool_bo, &is_iomem);
	rdev->cs.pool_gpu = ruby_bo_gpu_addr(rdev->cs.pool_bo);
	drm_suballoc_manager_init(&rdev->cs.pool, RUBY_IB_POOL_SIZE, RUBY_IB_ALIGN);
	return 0;
}

/* After the rings are down: every IB's fence has signalled. */
static void ruby_cs_fini(struct ruby_device *rdev)
{
	drm_suballoc_manager_fini(&rdev->cs.pool);
}

const struct ruby_ip_block ruby_cs_block = {
	.name = "cs",
	.init = ruby_cs_init,
	.fini = ruby_cs_fini,
};
