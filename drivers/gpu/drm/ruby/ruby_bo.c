// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: buffer objects
 *
 * Rings, the interrupt ring, the write-back page and the GART table are
 * TTM buffer objects like any other, pinned for the device's life and
 * mapped into the kernel once. Their release is registered with drmm right
 * after their creation, so they go away before the TTM device does.
 *
 * Other buffer objects are not pinned: TTM moves and evicts them. A VRAM
 * placement is anywhere in VRAM, CPU-visible part first; with
 * RUBY_BO_NO_CPU_ACCESS it is taken from the top of VRAM, so that the
 * visible part is kept for buffers the CPU maps.
 *
 * Buffers whose pages belong to someone else - a range of a process's
 * memory (GEM_USERPTR) or a dma-buf of another device - are TTM sg objects
 * built on a DMA-mapped sg table: TTM never allocates, swaps or copies
 * their pages, and they are placed in GTT only (or nowhere, unbound).
 */

#include <linux/dma-buf.h>

#include <drm/drm_gem.h>
#include <drm/drm_managed.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_gem.h"

static void ruby_bo_destroy(struct ttm_buffer_object *tbo)
{
	struct ruby_device *rdev = to_ruby_device(tbo->base.dev);
	struct ruby_bo *bo = to_ruby_bo(tbo);

	/*
	 * TTM is done with the pages (the delayed destroy of an sg object
	 * waited for its fences): give them back to their owner.
	 */
	if (tbo->base.import_attach)
		drm_prime_gem_destroy(&tbo->base, tbo->sg);
	if (bo->resv_owner)
		dma_buf_put(bo->resv_owner);
	if (bo->userptr)
		ruby_userptr_release(to_ruby_device(tbo->base.dev), bo->userptr);
	atomic_dec(&rdev->objects.count);
	atomic64_sub(tbo->base.size, &rdev->objects.bytes);
	drm_gem_object_release(&tbo->base);
	kfree(bo);
}

/*
 * A new, zeroed buffer object of @size bytes, counted in rdev->objects
 * until ruby_bo_destroy(). Not yet known to TTM: the caller frees it with
 * ruby_bo_destroy() if it never gets there.
 */
static struct ruby_bo *ruby_bo_alloc(struct ruby_device *rdev, u64 size)
{
	struct ruby_bo *bo = kzalloc(sizeof(*bo), GFP_KERNEL);

	if (!bo)
		return NULL;
	drm_gem_private_object_init(&rdev->drm, &bo->tbo.base, size);
	atomic_inc(&rdev->objects.count);
	atomic64_add(size, &rdev->objects.bytes);
	return bo;
}

/**
 * ruby_ttm_bo_is_ruby_bo - was this TTM object created by ruby
 * @tbo: the TTM buffer object
 *
 * Returns: true if @tbo is embedded in a &struct ruby_bo.
 */
bool ruby_ttm_bo_is_ruby_bo(struct ttm_buffer_object *tbo)
{
	return tbo->destroy == ruby_bo_destroy;
}

/**
 * ruby_bo_set_placement - where a buffer object may be placed
 * @bo: the buffer object
 * @domain: RUBY_DOMAIN_* bits, VRAM preferred
 * @flags: RUBY_BO_* flags
 */
void ruby_bo_set_placement(struct ruby_bo *bo, u32 domain, u32 flags)
{
	struct ruby_device *rdev = to_ruby_device(bo->tbo.base.dev);
	unsigned int n = 0;

	/* someone else's pages: the GPU reaches them through the GART only */
	if (ruby_bo_is_external(bo))
		domain = (domain & ~RUBY_DOMAIN_VRAM) ?: RUBY_DOMAIN_GTT;
	if (domain & RUBY_DOMAIN_VRAM) {
		bo->places[n] = (struct ttm_place){ .mem_type = TTM_PL_VRAM };
		if ((flags & RUBY_BO_CPU_VISIBLE) || rdev->mc.visible_only)
			bo->places[n].lpfn = rdev->mc.aper_size >> PAGE_SHIFT;
		else if (flags & RUBY_BO_NO_CPU_ACCESS)
			bo->places[n].flags |= TTM_PL_FLAG_TOPDOWN;
		n++;
	}
	if (domain & RUBY_DOMAIN_GTT)
		bo->places[n++] = (struct ttm_place){ .mem_type = TTM_PL_TT };
	if ((domain & RUBY_DOMAIN_CPU) || !n)
		bo->places[n++] = (struct ttm_place){ .mem_type = TTM_PL_SYSTEM };
	bo->placement.placement = bo->places;
	bo->placement.num_placement = n;
}

/* Pinned kernel objects are not available to userspace (GEM_INFO). */
static atomic64_t *pinned_counter(struct ruby_device *rdev, struct ruby_bo *bo)
{
	return bo->tbo.resource->mem_type == TTM_PL_VRAM ? &rdev->pinned.vram :
							   &rdev->pinned.gtt;
}

static void ruby_bo_free_kernel(struct drm_device *drm, void *arg)
{
	struct ruby_bo *bo = arg;

	atomic64_sub(bo->tbo.base.size, pinned_counter(to_ruby_device(drm), bo));
	ttm_bo_kunmap(&bo->kmap);
	if (!ttm_bo_reserve(&bo->tbo, false, false, NULL)) {
		ttm_bo_unpin(&bo->tbo);
		ttm_bo_unreserve(&bo->tbo);
	}
	ttm_bo_put(&bo->tbo);
}

/**
 * ruby_bo_pin_scanout - pin a buffer in VRAM for a display controller
 * @bo: the buffer (not an external one)
 * @addr: its MC address, out
 *
 * Counted with the pinned kernel objects until ruby_bo_unpin_scanout().
 *
 * Returns: 0, -ERESTARTSYS if interrupted, or why it could not be moved.
 */
int ruby_bo_pin_scanout(struct ruby_bo *bo, u64 *addr)
{
	struct ttm_operation_ctx ctx = { .interruptible = true };
	struct ruby_device *rdev = to_ruby_device(bo->tbo.base.dev);
	int ret;

	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (ret)
		return ret;
	ruby_bo_set_placement(bo, RUBY_DOMAIN_VRAM, bo->flags);
	ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
	if (!ret) {
		ttm_bo_pin(&bo->tbo);
		atomic64_add(bo->tbo.base.size, &rdev->pinned.vram);
		*addr = ruby_bo_gpu_addr(bo);
	}
	ttm_bo_unreserve(&bo->tbo);
	return ret;
}

/**
 * ruby_bo_unpin_scanout - undo ruby_bo_pin_scanout()
 * @bo: the buffer
 */
void ruby_bo_unpin_scanout(struct ruby_bo *bo)
{
	struct ruby_device *rdev = to_ruby_device(bo->tbo.base.dev);

	/* not interruptible: the display has let go of it already */
	dma_resv_lock(bo->tbo.base.resv, NULL);
	ttm_bo_unpin(&bo->tbo);
	atomic64_sub(bo->tbo.base.size, &rdev->pinned.vram);
	/* back on its placement's LRU (ttm_bo_unpin() leaves it off): evictable */
	ttm_bo_unreserve(&bo->tbo);
}

/**
 * ruby_bo_create_kernel - create a pinned, kernel-mapped buffer object
 * @rdev: the device
 * @size: size in bytes (rounded up to pages)
 * @domain: RUBY_DOMAIN_VRAM or RUBY_DOMAIN_GTT (one of them)
 * @out: the new buffer object; freed automatically with the device
 *
 * VRAM objects are placed in the CPU-visible part of VRAM.
 *
 * Returns: 0 or a negative errno.
 */
int ruby_bo_create_kernel(struct ruby_device *rdev, size_t size, u32 domain,
			  struct ruby_bo **out)
{
	struct ttm_operation_ctx ctx = { .interruptible = false };
	struct ruby_bo *bo;
	int ret;

	size = PAGE_ALIGN(size);
	bo = ruby_bo_alloc(rdev, size);
	if (!bo)
		return -ENOMEM;
	ruby_bo_set_placement(bo, domain, RUBY_BO_CPU_VISIBLE);

	/* on failure, TTM calls ruby_bo_destroy() */
	ret = ttm_bo_init_reserved(&rdev->bdev, &bo->tbo, ttm_bo_type_kernel,
				   &bo->placement, 0, &ctx, NULL, NULL,
				   ruby_bo_destroy);
	if (ret)
		return ret;
	ttm_bo_pin(&bo->tbo);
	atomic64_add(size, pinned_counter(rdev, bo));
	ret = ttm_bo_kmap(&bo->tbo, 0, PFN_UP(size), &bo->kmap);
	ttm_bo_unreserve(&bo->tbo);
	if (ret) {
		ruby_bo_free_kernel(&rdev->drm, bo);
		return ret;
	}
	ret = drmm_add_action_or_reset(&rdev->drm, ruby_bo_free_kernel, bo);
	if (ret)
		return ret;
	*out = bo;
	return 0;
}

/**
 * ruby_bo_create - create a buffer object TTM may move (a GEM object)
 * @rdev: the device
 * @size: size in bytes, page aligned, not 0
 * @align: alignment in pages (0: none)
 * @domain: RUBY_DOMAIN_* bits, not 0
 * @flags: RUBY_BO_* flags
 * @out: the new object with one GEM reference, or untouched on failure
 *
 * Returns: 0 or a negative errno (-ENOMEM when it fits nowhere).
 */
int ruby_bo_create(struct ruby_device *rdev, u64 size, u32 align, u32 domain,
		   u32 flags, struct ruby_bo **out)
{
	struct ruby_bo *bo;
	int ret;

	bo = ruby_bo_alloc(rdev, size);
	if (!bo)
		return -ENOMEM;
	bo->tbo.base.funcs = &ruby_gem_object_funcs;
	bo->initial_domain = domain;
	bo->flags = flags;
	ruby_bo_set_placement(bo, domain, flags);
	/* on failure, TTM calls ruby_bo_destroy() */
	ret = ttm_bo_init_validate(&rdev->bdev, &bo->tbo, ttm_bo_type_device,
				   &bo->placement, align, true, NULL, NULL,
				   ruby_bo_destroy);
	if (ret)
		return ret;
	*out = bo;
	return 0;
}

/**
 * ruby_bo_create_sg - a buffer object on pages ruby does not own
 * @rdev: the device
 * @size: size in bytes, page aligned, not 0; the size @sgt maps
 * @sgt: the pages, DMA-mapped for the device; must outlive the object
 * @shared: the dma-buf @sgt comes from, whose reservation object the
 *	buffer shares (implicit sync with its exporter), or NULL
 * @userptr: the pinned user pages @sgt maps, or NULL. The object owns them
 *	from this call on, also when it fails: they are released with it
 * @domain: RUBY_DOMAIN_GTT to bind the pages now, RUBY_DOMAIN_CPU to
 *	leave that to the first submission that uses the buffer
 * @out: the new object with one GEM reference, or untouched on failure
 *
 * Such an object never leaves GTT for VRAM (ruby_bo_set_placement() masks
 * VRAM out), and its GART entries are the DMA addresses of @sgt.
 *
 * Returns: 0 or a negative errno (-ENOMEM if GTT is full, -ERESTARTSYS).
 */
int ruby_bo_create_sg(struct ruby_device *rdev, u64 size, struct sg_table *sgt,
		      struct dma_buf *shared, struct ruby_userptr *userptr,
		      u32 domain, struct ruby_bo **out)
{
	struct ttm_operation_ctx ctx = { .interruptible = true };
	struct dma_resv *resv = shared ? shared->resv : NULL;
	struct ruby_bo *bo;
	int ret;

	bo = ruby_bo_alloc(rdev, size);
	if (!bo) {
		if (userptr)
			ruby_userptr_release(rdev, userptr);
		return -ENOMEM;
	}
	bo->tbo.base.funcs = &ruby_gem_object_funcs;
	bo->initial_domain = RUBY_DOMAIN_GTT;
	bo->userptr = userptr;
	if (shared) {
		/*
		 * TTM destroys sg objects late, from a worker that still
		 * locks the reservation: it must not go with the dma-buf.
		 */
		get_dma_buf(shared);
		bo->resv_owner = shared;
		dma_resv_lock(resv, NULL);
	}
	/* the object is not of type sg yet: no VRAM in @domain */
	ruby_bo_set_placement(bo, domain & (RUBY_DOMAIN_GTT | RUBY_DOMAIN_CPU), 0);
	/* on failure, TTM calls ruby_bo_destroy(), which releases @userptr */
	ret = ttm_bo_init_reserved(&rdev->bdev, &bo->tbo, ttm_bo_type_sg,
				   &bo->placement, 0, &ctx, sgt, resv,
				   ruby_bo_destroy);
	if (ret) {
		/* TTM unlocks only the reservation it made itself */
		if (resv)
			dma_resv_unlock(resv);
		return ret;
	}
	ttm_bo_unreserve(&bo->tbo);
	*out = bo;
	return 0;
}

/**
 * ruby_bo_domain - where a buffer object is now
 * @bo: the buffer object, reserved or with a stable placement
 *
 * Returns: RUBY_DOMAIN_VRAM, RUBY_DOMAIN_GTT or RUBY_DOMAIN_CPU.
 */
u32 ruby_bo_domain(struct ruby_bo *bo)
{
	switch (bo->tbo.resource ? bo->tbo.resource->mem_type : TTM_PL_SYSTEM) {
	case TTM_PL_VRAM:
		return RUBY_DOMAIN_VRAM;
	case TTM_PL_TT:
		return RUBY_DOMAIN_GTT;
	default:
		return RUBY_DOMAIN_CPU;
	}
}

/**
 * ruby_bo_gpu_addr - MC address of a pinned buffer object
 * @bo: the buffer object, pinned
 *
 * Returns: the address the GPU reaches the object at.
 */
u64 ruby_bo_gpu_addr(struct ruby_bo *bo)
{
	struct ruby_device *rdev = to_ruby_device(bo->tbo.base.dev);
	struct ttm_resource *res = bo->tbo.resource;
	u64 offset = (u64)res->start << PAGE_SHIFT;

	if (res->mem_type == TTM_PL_VRAM)
		return rdev->mc.vram_start + offset;
	return rdev->mc.gtt_start + offset;
}

/**
 * ruby_bo_cpu_addr - kernel mapping of a kernel buffer object
 * @bo: the buffer object, from ruby_bo_create_kernel()
 * @is_iomem: set if the mapping is I/O memory (VRAM through BAR0)
 *
 * Returns: the mapping.
 */
void *ruby_bo_cpu_addr(struct ruby_bo *bo, bool *is_iomem)
{
	return ttm_kmap_obj_virtual(&bo->kmap, is_iomem);
}
