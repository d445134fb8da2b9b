// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: memory management
 *
 * ruby manages memory with TTM. Two placements matter to the GPU:
 *
 * VRAM
 *	The card's memory, minus a reserved head (the VGA area and the
 *	memory controller's scratch page). Only the first part of it, the
 *	BAR0 window, is visible to the CPU; io_mem_reserve refuses CPU
 *	mappings beyond it.
 * GTT
 *	System pages the GPU reaches through the GART (VM context 0). A TT
 *	resource's offset is its GART offset: moving a buffer into GTT binds
 *	its pages there, moving it out unbinds them.
 *
 * Moves between VRAM and GTT are copies by the async DMA engine, queued
 * on its scheduler and pipelined by TTM behind the copy's fence; a move
 * between VRAM and unbound system pages hops through GTT. Without a DMA
 * engine (or before it is up) moves fall back to CPU copies, which only
 * reach the CPU-visible part of VRAM.
 *
 * Pages TTM does not own (TTM_TT_FLAG_EXTERNAL: user pages, dma-bufs of
 * other devices) come with an sg table their owner has DMA-mapped;
 * populating such a TT only copies its DMA addresses, which the GART then
 * binds, read-only for a read-only user range.
 *
 * New buffers read zeros, whatever the memory held before (another
 * client's buffer, or one evicted from there a moment ago):
 *
 * - The first placement of a userspace buffer in VRAM, whether at creation
 *   or later from the CPU domain before its pages were ever allocated, is
 *   a move from nothing, and that move is a fill: the DMA engine's
 *   CONSTANT_FILL writes zeros over it (the command processor does it on
 *   generations without a DMA engine; see ruby_sched_submit_fill()). The
 *   fill is queued, not waited for: its fence becomes a kernel fence of
 *   the buffer (DMA_RESV_USAGE_KERNEL), which TTM's page fault handler
 *   waits for before it maps a page (so a CPU mapping made right after
 *   creation reads zeros) and which every command stream using the buffer
 *   depends on (implicit sync includes kernel fences). If no engine can
 *   fill (R5xx: no DMA engine, no fill packet), the CPU clears it through
 *   BAR0 before the move returns; VRAM the CPU cannot see then fails the
 *   placement: VRAM is never handed out uncleared.
 * - System pages of userspace buffers (GTT and CPU domains) come from
 *   TTM's pool zeroed: TTM creates their TT with TTM_TT_FLAG_ZERO_ALLOC, so
 *   a recycled page is cleared before use. Pages allocated for a move out
 *   of VRAM are overwritten by the move's copy instead.
 * - Kernel buffers are initialised by their users, some before any
 *   engine is up, and are not cleared.
 *
 * System memory is bounded per device: the system pages of the device's
 * buffers (GTT, CPU domain, evicted VRAM; populated, swapped out or still
 * to be populated) count against TTM's own limit (module parameter
 * ttm.pages_limit, by default half of RAM), from the moment TTM gives a
 * buffer a TT to its destruction. A TT past the limit is not created and
 * the operation that needed it fails with -ENOMEM, and so does any
 * allocation the page allocator cannot satisfy: ruby populates with
 * __GFP_RETRY_MAYFAIL, so a client asking too much gets an error and
 * never wakes the OOM killer. GEM_INFO reports the bound as gart_size
 * (the smaller of the GART aperture and the limit, minus the kernel's
 * pinned GTT objects), and GEM_CREATE refuses any buffer larger than that
 * with -ENOMEM up front, as every buffer must fit in GTT when it is
 * evicted from VRAM. A buffer is populated at creation only if it is
 * created in GTT, whose placement binds pages; a CPU-domain buffer gets
 * its pages at its first use.
 */

#include <linux/io.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_gem.h>
#include <drm/drm_managed.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_pool.h>
#include <drm/ttm/ttm_range_manager.h>
#include <drm/ttm/ttm_tt.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_gart.h"
#include "ruby_sched.h"

/* Head of VRAM kept from TTM: VGA memory and the MC scratch page */
#define RUBY_VRAM_RESERVED	SZ_1M

/**
 * struct ruby_ttm_tt - system pages of a buffer object
 * @tt: the TTM object
 * @rdev: the device whose memory budget it is charged to
 * @charged: pages charged to rdev->sysmem, from creation to destruction
 * @bound: its pages are in the GART
 * @readonly: bind them without write permission (set at creation)
 * @gart_page: first GART entry, when @bound
 */
struct ruby_ttm_tt {
	struct ttm_tt tt;
	struct ruby_device *rdev;
	unsigned long charged;
	bool bound;
	bool readonly;
	u32 gart_page;
};

static struct ruby_device *bdev_to_ruby(struct ttm_device *bdev)
{
	return container_of(bdev, struct ruby_device, bdev);
}

/*
 * Charge @pages to the device's budget, all or nothing. A TT is charged
 * for its whole life, populated, swapped out or not yet populated: the
 * budget bounds what the device's buffers may hold, not only what they
 * hold now, and it stays within TTM's global limit, so TTM never has to
 * swap one client's buffers out to make room for another's.
 */
static bool ruby_sysmem_charge(struct ruby_device *rdev, unsigned long pages)
{
	if (atomic_long_add_return(pages, &rdev->sysmem.pages) <= rdev->sysmem.limit)
		return true;
	atomic_long_sub(pages, &rdev->sysmem.pages);
	drm_dbg_ratelimited(&rdev->drm, "ttm: %lu pages over the limit of %lu\n",
			    pages, rdev->sysmem.limit);
	return false;
}

static struct ttm_tt *ruby_ttm_tt_create(struct ttm_buffer_object *tbo,
					 u32 page_flags)
{
	struct ruby_device *rdev = bdev_to_ruby(tbo->bdev);
	unsigned long pages = PFN_UP(tbo->base.size);
	struct ruby_ttm_tt *gtt;

	/* pages of others are theirs to account */
	if (!(page_flags & TTM_TT_FLAG_EXTERNAL) && !ruby_sysmem_charge(rdev, pages))
		return NULL;
	gtt = kzalloc(sizeof(*gtt), GFP_KERNEL);
	/*
	 * The GART snoops: system pages stay cached. The sg variant also
	 * allocates dma_address[], which the GART binds.
	 */
	if (!gtt || ttm_sg_tt_init(&gtt->tt, tbo, page_flags, ttm_cached)) {
		kfree(gtt);
		if (!(page_flags & TTM_TT_FLAG_EXTERNAL))
			atomic_long_sub(pages, &rdev->sysmem.pages);
		return NULL;
	}
	gtt->rdev = rdev;
	if (!(page_flags & TTM_TT_FLAG_EXTERNAL))
		gtt->charged = pages;
	if (ruby_ttm_bo_is_ruby_bo(tbo) && to_ruby_bo(tbo)->userptr)
		gtt->readonly = ruby_userptr_readonly(to_ruby_bo(tbo)->userptr);
	return &gtt->tt;
}

static int ruby_ttm_tt_populate(struct ttm_device *bdev, struct ttm_tt *tt,
				struct ttm_operation_ctx *ctx)
{
	struct ttm_operation_ctx mayfail = *ctx;

	if (tt->page_flags & TTM_TT_FLAG_EXTERNAL) {
		/* mapped by their owner already: only the addresses are needed */
		if (WARN_ON(!tt->sg))
			return -EINVAL;
		return drm_prime_sg_to_dma_addr_array(tt->sg, tt->dma_address,
						      tt->num_pages) ? -EINVAL : 0;
	}
	/* a failed allocation is -ENOMEM for the caller, never the OOM killer */
	mayfail.gfp_retry_mayfail = true;
	return ttm_pool_alloc(&bdev->pool, tt, &mayfail);
}

static void ruby_ttm_tt_unpopulate(struct ttm_device *bdev, struct ttm_tt *tt)
{
	/* external pages go back to their owner with the buffer object */
	if (!(tt->page_flags & TTM_TT_FLAG_EXTERNAL))
		ttm_pool_free(&bdev->pool, tt);
}

static void ruby_ttm_unbind(struct ruby_device *rdev, struct ttm_tt *tt)
{
	struct ruby_ttm_tt *gtt = container_of(tt, struct ruby_ttm_tt, tt);

	if (!gtt->bound)
		return;
	ruby_gart_unbind(rdev, gtt->gart_page, tt->num_pages);
	gtt->bound = false;
}

static int ruby_ttm_bind(struct ruby_device *rdev, struct ttm_tt *tt,
			 struct ttm_resource *res)
{
	struct ruby_ttm_tt *gtt = container_of(tt, struct ruby_ttm_tt, tt);
	int ret;

	ruby_ttm_unbind(rdev, tt);
	ret = ruby_gart_bind(rdev, res->start, tt->num_pages, tt->dma_address,
			     !gtt->readonly);
	if (ret)
		return ret;
	gtt->gart_page = res->start;
	gtt->bound = true;
	return 0;
}

static void ruby_ttm_tt_destroy(struct ttm_device *bdev, struct ttm_tt *tt)
{
	struct ruby_ttm_tt *gtt = container_of(tt, struct ruby_ttm_tt, tt);

	ruby_ttm_unbind(bdev_to_ruby(bdev), tt);
	ttm_tt_fini(tt);
	atomic_long_sub(gtt->charged, &gtt->rdev->sysmem.pages);
	kfree(gtt);
}

static void ruby_evict_flags(struct ttm_buffer_object *tbo,
			     struct ttm_placement *placement)
{
	static const struct ttm_place to_gtt = { .mem_type = TTM_PL_TT };
	static const struct ttm_place to_system = { .mem_type = TTM_PL_SYSTEM };
	bool from_vram = tbo->resource && tbo->resource->mem_type == TTM_PL_VRAM;

	placement->placement = from_vram ? &to_gtt : &to_system;
	placement->num_placement = 1;
}

/* MC address of a VRAM or bound GTT resource */
static u64 ruby_mem_gpu_addr(struct ruby_device *rdev, struct ttm_resource *mem)
{
	u64 offset = (u64)mem->start << PAGE_SHIFT;

	return (mem->mem_type == TTM_PL_VRAM ? rdev->mc.vram_start :
		rdev->mc.gtt_start) + offset;
}

/* Copy by the DMA engine; TTM finishes the move when the copy has. */
static int ruby_move_blit(struct ttm_buffer_object *tbo, bool evict,
			  struct ttm_resource *new_mem)
{
	struct ruby_device *rdev = bdev_to_ruby(tbo->bdev);
	struct dma_fence *fence;
	int ret;

	fence = ruby_sched_submit_copy(rdev, ruby_mem_gpu_addr(rdev, new_mem),
				       ruby_mem_gpu_addr(rdev, tbo->resource),
				       tbo->base.size);
	if (IS_ERR(fence))
		return PTR_ERR(fence);
	ret = ttm_bo_move_accel_cleanup(tbo, fence, evict, true, new_mem);
	if (ret)
		dma_fence_wait(fence, false);
	dma_fence_put(fence);
	return ret;
}

/*
 * No engine of the device fills (R5xx has no DMA engine, and its CP no
 * fill packet): the CPU clears the new VRAM through BAR0, which must show
 * all of it. Synchronous, so no fence: the buffer is clear on return.
 */
static int ruby_clear_cpu(struct ruby_device *rdev, struct ttm_resource *mem)
{
	u64 offset = (u64)mem->start << PAGE_SHIFT;
	void __iomem *ptr;
	int idx, ret = 0;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	if (offset + mem->size > rdev->mc.aper_size) {
		drm_dbg_ratelimited(&rdev->drm, "ttm: new VRAM beyond BAR0, no engine to clear it\n");
		ret = -ENOSPC;
		goto out;
	}
	ptr = ioremap_wc(rdev->mc.aper_base + offset, mem->size);
	if (!ptr) {
		ret = -ENOMEM;
		goto out;
	}
	memset_io(ptr, 0, mem->size);
	iounmap(ptr);
out:
	drm_dev_exit(idx);
	return ret;
}

/*
 * VRAM for a buffer with no content yet: the GPU fills it with zeros, so
 * nothing its last user left there shows. The fill's fence is a kernel
 * fence of the buffer, which CPU faults and submissions wait for. Where
 * no engine can fill, the CPU clears it (ruby_clear_cpu()).
 */
static int ruby_move_clear(struct ttm_buffer_object *tbo,
			   struct ttm_resource *new_mem)
{
	struct ruby_device *rdev = bdev_to_ruby(tbo->bdev);
	struct dma_fence *fence;
	int ret;

	fence = ruby_sched_submit_fill(rdev, ruby_mem_gpu_addr(rdev, new_mem), 0,
				       tbo->base.size);
	ret = PTR_ERR_OR_ZERO(fence);
	if (ret == -ENODEV)
		ret = ruby_clear_cpu(rdev, new_mem);
	else if (ret)
		drm_dbg_ratelimited(&rdev->drm, "ttm: no clear of new VRAM: %d\n", ret);
	if (ret)
		return ret;
	if (!IS_ERR(fence)) {
		/* TTM reserved the slot before calling move */
		dma_resv_add_fence(tbo->base.resv, fence, DMA_RESV_USAGE_KERNEL);
		dma_fence_put(fence);
	}
	ttm_bo_move_null(tbo, new_mem);
	/* an unpopulated TT from the CPU domain holds nothing, but is charged */
	if (tbo->ttm) {
		ruby_ttm_tt_destroy(tbo->bdev, tbo->ttm);
		tbo->ttm = NULL;
	}
	return 0;
}

/* Never placed, or only unpopulated system pages that were never swapped */
static bool ruby_bo_is_blank(struct ttm_buffer_object *tbo)
{
	struct ttm_resource *mem = tbo->resource;
	struct ttm_tt *tt = tbo->ttm;

	if (!mem)
		return true;
	if (mem->mem_type != TTM_PL_SYSTEM)
		return false;
	return !tt || (!ttm_tt_is_populated(tt) &&
		       !(tt->page_flags & TTM_TT_FLAG_SWAPPED));
}

static bool is_gpu_mem(const struct ttm_resource *mem)
{
	return mem->mem_type == TTM_PL_VRAM || mem->mem_type == TTM_PL_TT;
}

/*
 * The moves that copy nothing. A blank buffer's system pages are zeroed
 * when TTM allocates them (TTM_TT_FLAG_ZERO_ALLOC, which TTM sets for
 * buffers of userspace); its VRAM is cleared here. Kernel buffers are
 * initialised by their users, some before any engine is up.
 */
static bool ruby_move_without_copy(struct ttm_buffer_object *tbo,
				   struct ttm_resource *new_mem, int *ret)
{
	struct ttm_resource *old_mem = tbo->resource;

	*ret = 0;
	if (ruby_bo_is_blank(tbo)) {
		if (new_mem->mem_type == TTM_PL_VRAM && tbo->type == ttm_bo_type_device)
			*ret = ruby_move_clear(tbo, new_mem);
		else
			ttm_bo_move_null(tbo, new_mem);
		return true;
	}
	if (old_mem->mem_type == TTM_PL_SYSTEM && new_mem->mem_type == TTM_PL_TT) {
		ttm_bo_move_null(tbo, new_mem);
		return true;
	}
	if (old_mem->mem_type == TTM_PL_TT && new_mem->mem_type == TTM_PL_SYSTEM) {
		ruby_ttm_unbind(bdev_to_ruby(tbo->bdev), tbo->ttm);
		ttm_resource_free(tbo, &tbo->resource);
		ttm_bo_assign_mem(tbo, new_mem);
		return true;
	}
	return false;
}

/*
 * VRAM of a device that is gone, beyond what the CPU sees: no engine takes
 * work any more and the CPU cannot reach it, so its contents go with the
 * card (ruby_ttm_unplug())
 */
static bool ruby_vram_lost(struct ruby_device *rdev, struct ttm_resource *mem)
{
	return mem->mem_type == TTM_PL_VRAM && drm_dev_is_unplugged(&rdev->drm) &&
	       ((u64)mem->start << PAGE_SHIFT) + mem->size > rdev->mc.aper_size;
}

static int ruby_bo_move(struct ttm_buffer_object *tbo, bool evict,
			struct ttm_operation_ctx *ctx,
			struct ttm_resource *new_mem, struct ttm_place *hop)
{
	struct ruby_device *rdev = bdev_to_ruby(tbo->bdev);
	struct ttm_resource *old_mem = tbo->resource;
	int ret;

	ret = ttm_bo_wait_ctx(tbo, ctx);
	if (ret)
		return ret;

	if (new_mem->mem_type == TTM_PL_TT) {
		ret = ruby_ttm_bind(rdev, tbo->ttm, new_mem);
		if (ret)
			return ret;
	}
	if (ruby_move_without_copy(tbo, new_mem, &ret))
		return ret;
	/* between VRAM and unbound pages: through GTT, where the DMA reaches */
	if ((old_mem->mem_type == TTM_PL_SYSTEM && new_mem->mem_type == TTM_PL_VRAM) ||
	    (old_mem->mem_type == TTM_PL_VRAM && new_mem->mem_type == TTM_PL_SYSTEM)) {
		*hop = (struct ttm_place){ .mem_type = TTM_PL_TT };
		return -EMULTIHOP;
	}
	if (is_gpu_mem(old_mem) && is_gpu_mem(new_mem)) {
		ret = ruby_move_blit(tbo, evict, new_mem);
		if (!ret) {
			atomic64_add(tbo->base.size, &rdev->bytes_moved);
			return 0;
		}
		if (ret != -ENODEV)
			return ret;
	}
	/* no engine to copy with: the CPU does it, visible VRAM only */
	if (old_mem->mem_type == TTM_PL_TT)
		ruby_ttm_unbind(rdev, tbo->ttm);
	if (ruby_vram_lost(rdev, old_mem)) {
		/* new pages are zeroed: the buffer reads zeros from now on */
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}
	ret = ttm_bo_move_memcpy(tbo, ctx, new_mem);
	if (!ret)
		atomic64_add(tbo->base.size, &rdev->bytes_moved);
	return ret;
}

static int ruby_io_mem_reserve(struct ttm_device *bdev, struct ttm_resource *mem)
{
	struct ruby_device *rdev = bdev_to_ruby(bdev);
	u64 offset = (u64)mem->start << PAGE_SHIFT;

	switch (mem->mem_type) {
	case TTM_PL_SYSTEM:
	case TTM_PL_TT:
		return 0;
	case TTM_PL_VRAM:
		/* BAR0 is no longer ours once the device went */
		if (READ_ONCE(rdev->vram_gone))
			return -ENODEV;
		/* only the BAR0 window of VRAM is visible to the CPU */
		if (offset + mem->size > rdev->mc.aper_size)
			return -EINVAL;
		mem->bus.offset = rdev->mc.aper_base + offset;
		mem->bus.is_iomem = true;
		mem->bus.caching = ttm_write_combined;
		return 0;
	default:
		return -EINVAL;
	}
}

static void ruby_bo_delete_mem_notify(struct ttm_buffer_object *tbo)
{
	if (tbo->ttm && tbo->resource && tbo->resource->mem_type == TTM_PL_TT)
		ruby_ttm_unbind(bdev_to_ruby(tbo->bdev), tbo->ttm);
}

static const struct ttm_device_funcs ruby_ttm_funcs = {
	.ttm_tt_create = ruby_ttm_tt_create,
	.ttm_tt_populate = ruby_ttm_tt_populate,
	.ttm_tt_unpopulate = ruby_ttm_tt_unpopulate,
	.ttm_tt_destroy = ruby_ttm_tt_destroy,
	.eviction_valuable = ttm_bo_eviction_valuable,
	.evict_flags = ruby_evict_flags,
	.move = ruby_bo_move,
	.io_mem_reserve = ruby_io_mem_reserve,
	.delete_mem_notify = ruby_bo_delete_mem_notify,
};

/**
 * ruby_ttm_unplug - take the buffers out of VRAM as the device goes
 * @rdev: the device, unplugged, its CRTCs off (no scanout pins left)
 *
 * Buffers outlive the device while something holds them: an open file, a
 * dma-buf, fbdev's client (whose damage worker copies to its buffer for as
 * long as /dev/fbN is open). A CPU mapping of VRAM goes through BAR0,
 * which after remove belongs to whatever the PCI core binds there next,
 * ruby's next instance included. So every buffer that can move leaves
 * VRAM for system pages here, before the hardware goes: the CPU copies
 * what it sees of VRAM (the engines refuse work once the device is
 * unplugged), and what it does not see is lost with the card (those
 * buffers read zeros). After this no VRAM is mapped for the CPU again:
 * io_mem_reserve refuses it.
 */
void ruby_ttm_unplug(struct ruby_device *rdev)
{
	struct ttm_resource_manager *man = ttm_manager_type(&rdev->bdev, TTM_PL_VRAM);
	u64 before = ttm_resource_manager_usage(man), after;
	int ret;

	ret = ttm_resource_manager_evict_all(&rdev->bdev, man);
	if (ret)
		drm_err(&rdev->drm, "unplug: buffers left in VRAM (%d), unmappable from now on\n",
			ret);
	after = ttm_resource_manager_usage(man);
	drm_dbg_driver(&rdev->drm, "unplug: %llu KiB of buffers moved out of VRAM, %llu KiB left\n",
		       (before - after) >> 10, after >> 10);
	WRITE_ONCE(rdev->vram_gone, true);
}

/**
 * ruby_ttm_drain - let buffers being destroyed finish going
 * @rdev: the device, its last reference gone
 *
 * A buffer released while a fence of its was pending is destroyed later,
 * in TTM's worker, once the fence signalled (at the latest when the
 * engines stopped): unbinding its GART pages then. The device can lose
 * its last reference before that worker ran, so what the destruction
 * reaches (the GART's lock, the managers) must stay until it did: this
 * waits for it.
 */
void ruby_ttm_drain(struct ruby_device *rdev)
{
	drain_workqueue(rdev->bdev.wq);
}

static void ruby_ttm_fini(struct drm_device *drm, void *arg)
{
	struct ruby_device *rdev = to_ruby_device(drm);

	ttm_range_man_fini(&rdev->bdev, TTM_PL_TT);
	ttm_range_man_fini(&rdev->bdev, TTM_PL_VRAM);
	ttm_device_fini(&rdev->bdev);
}

static int ruby_mem_init(struct ruby_device *rdev)
{
	struct drm_device *drm = &rdev->drm;
	struct ruby_bo *reserved;
	int ret;

	ret = ttm_device_init(&rdev->bdev, &ruby_ttm_funcs, drm->dev,
			      drm->anon_inode->i_mapping,
			      drm->vma_offset_manager, false,
			      rdev->chip.desc->dma_bits < 40);
	if (ret)
		return ret;

	/* TTM's bound on the pages it hands out (ttm.pages_limit): half of RAM */
	rdev->sysmem.limit = ttm_tt_pages_limit();

	ret = ttm_range_man_init(&rdev->bdev, TTM_PL_VRAM, false,
				 rdev->mc.vram_size >> PAGE_SHIFT);
	if (!ret)
		ret = ttm_range_man_init(&rdev->bdev, TTM_PL_TT, true,
					 rdev->mc.gtt_size >> PAGE_SHIFT);
	if (ret) {
		ttm_range_man_fini(&rdev->bdev, TTM_PL_VRAM);
		ttm_device_fini(&rdev->bdev);
		return ret;
	}
	ret = drmm_add_action_or_reset(drm, ruby_ttm_fini, NULL);
	if (ret)
		return ret;

	/*
	 * The first allocation of an empty VRAM manager lands at offset 0:
	 * that keeps the head of VRAM from every other buffer.
	 */
	ret = ruby_bo_create_kernel(rdev, RUBY_VRAM_RESERVED, RUBY_DOMAIN_VRAM,
				    &reserved);
	if (ret)
		return ret;
	if (WARN_ON(ruby_bo_gpu_addr(reserved) != rdev->mc.vram_start))
		return -EINVAL;
	return 0;
}

#define EVICT_TEST_SIZE		SZ_1M

static u32 test_word(u32 seed, u32 i)
{
	return (i * 0x9e3779b9u) ^ seed;
}

/* Fill (@check false) or check the BO's pages, which must be in GTT. */
static int evict_test_pages(struct ruby_bo *bo, u32 seed, bool check,
			    unsigned int *bad)
{
	struct ttm_operation_ctx ctx = { .interruptible = true };
	struct ttm_bo_kmap_obj map;
	bool is_iomem;
	u32 *ptr, i, n = EVICT_TEST_SIZE / 4;
	int ret;

	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (ret)
		return ret;
	/* the move that brought it here must be over */
	ret = ttm_bo_wait_ctx(&bo->tbo, &ctx);
	if (!ret)
		ret = ttm_bo_kmap(&bo->tbo, 0, EVICT_TEST_SIZE >> PAGE_SHIFT, &map);
	if (ret) {
		ttm_bo_unreserve(&bo->tbo);
		return ret;
	}
	ptr = ttm_kmap_obj_virtual(&map, &is_iomem);
	*bad = 0;
	for (i = 0; i < n; i++) {
		if (!check)
			ptr[i] = test_word(seed, i);
		else if (ptr[i] != test_word(seed, i))
			(*bad)++;
	}
	ttm_bo_kunmap(&map);
	ttm_bo_unreserve(&bo->tbo);
	return 0;
}

static int evict_test_to_vram(struct ruby_bo *bo)
{
	struct ttm_operation_ctx ctx = { .interruptible = true };
	int ret;

	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (ret)
		return ret;
	ruby_bo_set_placement(bo, RUBY_DOMAIN_VRAM, RUBY_BO_NO_CPU_ACCESS);
	ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
	/* from now on, eviction may take it back to GTT */
	ruby_bo_set_placement(bo, RUBY_DOMAIN_VRAM | RUBY_DOMAIN_GTT,
			      RUBY_BO_NO_CPU_ACCESS);
	ttm_bo_unreserve(&bo->tbo);
	return ret;
}

/**
 * ruby_ttm_evict_test - move a buffer to hidden VRAM and evict it, twice
 * @rdev: the device
 * @m: where to report
 *
 * A 1 MiB buffer is filled by the CPU in GTT, moved to VRAM above the
 * CPU-visible window (so no CPU path can touch it there), then evicted
 * with everything else unpinned in VRAM, and checked word by word in GTT;
 * twice, with different contents. Both directions go through the move
 * callback and, if the device has one, its DMA engine.
 *
 * Returns: 0 if the contents survived both round trips.
 */
int ruby_ttm_evict_test(struct ruby_device *rdev, struct seq_file *m)
{
	struct ttm_resource_manager *vram = ttm_manager_type(&rdev->bdev, TTM_PL_VRAM);
	s64 moved = atomic64_read(&rdev->bytes_moved);
	unsigned int round, bad = 0;
	struct ruby_bo *bo;
	int ret;

	ret = ruby_bo_create(rdev, EVICT_TEST_SIZE, 0, RUBY_DOMAIN_GTT, 0, &bo);
	if (ret) {
		seq_printf(m, "create: %d\nresult: fail\n", ret);
		return ret;
	}
	for (round = 1; round <= 2 && !ret; round++) {
		u32 seed = 0x5eed0000 + round;
		u64 offset;

		ret = evict_test_pages(bo, seed, false, &bad);
		if (!ret)
			ret = evict_test_to_vram(bo);
		if (ret)
			break;
		offset = (u64)bo->tbo.resource->start << PAGE_SHIFT;
		seq_printf(m, "round %u: in %s at %#llx (%s the CPU-visible %llu MiB)\n",
			   round, bo->tbo.resource->mem_type == TTM_PL_VRAM ?
			   "vram" : "other", offset,
			   offset >= rdev->mc.aper_size ? "beyond" : "within",
			   (u64)rdev->mc.aper_size / SZ_1M);
		if (bo->tbo.resource->mem_type != TTM_PL_VRAM) {
			ret = -EIO;
			break;
		}
		ret = ttm_resource_manager_evict_all(&rdev->bdev, vram);
		if (ret)
			break;
		seq_printf(m, "round %u: evicted to %s\n", round,
			   bo->tbo.resource->mem_type == TTM_PL_TT ? "gtt" : "other");
		if (bo->tbo.resource->mem_type != TTM_PL_TT) {
			ret = -EIO;
			break;
		}
		ret = evict_test_pages(bo, seed, true, &bad);
		if (!ret && bad)
			ret = -EIO;
		seq_printf(m, "round %u: %u of %u words differ\n", round, bad,
			   EVICT_TEST_SIZE / 4);
	}
	drm_gem_object_put(&bo->tbo.base);
	seq_printf(m, "bytes moved: %lld\n", atomic64_read(&rdev->bytes_moved) - moved);
	seq_printf(m, "result: %s (%d)\n", ret ? "fail" : "pass", ret);
	return ret;
}

const struct ruby_ip_block ruby_mem_block = {
	.name = "mem",
	.init = ruby_mem_init,
};
