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
 * Buffer moves between VRAM and system memory are CPU copies for now.
 */

#include <linux/sizes.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_range_manager.h>
#include <drm/ttm/ttm_tt.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_gart.h"

/* Head of VRAM kept from TTM: VGA memory and the MC scratch page */
#define RUBY_VRAM_RESERVED	SZ_1M

/**
 * struct ruby_ttm_tt - system pages of a buffer object
 * @tt: the TTM object
 * @bound: its pages are in the GART
 * @gart_page: first GART entry, when @bound
 */
struct ruby_ttm_tt {
	struct ttm_tt tt;
	bool bound;
	u32 gart_page;
};

static struct ruby_device *bdev_to_ruby(struct ttm_device *bdev)
{
	return container_of(bdev, struct ruby_device, bdev);
}

static struct ttm_tt *ruby_ttm_tt_create(struct ttm_buffer_object *tbo,
					 u32 page_flags)
{
	struct ruby_ttm_tt *gtt = kzalloc(sizeof(*gtt), GFP_KERNEL);

	if (!gtt)
		return NULL;
	/*
	 * The GART snoops: system pages stay cached. The sg variant also
	 * allocates dma_address[], which the GART binds.
	 */
	if (ttm_sg_tt_init(&gtt->tt, tbo, page_flags, ttm_cached)) {
		kfree(gtt);
		return NULL;
	}
	return &gtt->tt;
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
	ret = ruby_gart_bind(rdev, res->start, tt->num_pages, tt->dma_address);
	if (ret)
		return ret;
	gtt->gart_page = res->start;
	gtt->bound = true;
	return 0;
}

static void ruby_ttm_tt_destroy(struct ttm_device *bdev, struct ttm_tt *tt)
{
	ruby_ttm_unbind(bdev_to_ruby(bdev), tt);
	ttm_tt_fini(tt);
	kfree(container_of(tt, struct ruby_ttm_tt, tt));
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

	if (!old_mem || (old_mem->mem_type == TTM_PL_SYSTEM && !tbo->ttm) ||
	    (old_mem->mem_type == TTM_PL_SYSTEM && new_mem->mem_type == TTM_PL_TT)) {
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}
	if (old_mem->mem_type == TTM_PL_TT && new_mem->mem_type == TTM_PL_SYSTEM) {
		ruby_ttm_unbind(rdev, tbo->ttm);
		ttm_resource_free(tbo, &tbo->resource);
		ttm_bo_assign_mem(tbo, new_mem);
		return 0;
	}
	if (old_mem->mem_type == TTM_PL_TT)
		ruby_ttm_unbind(rdev, tbo->ttm);
	return ttm_bo_move_memcpy(tbo, ctx, new_mem);
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
	.ttm_tt_destroy = ruby_ttm_tt_destroy,
	.eviction_valuable = ttm_bo_eviction_valuable,
	.evict_flags = ruby_evict_flags,
	.move = ruby_bo_move,
	.io_mem_reserve = ruby_io_mem_reserve,
	.delete_mem_notify = ruby_bo_delete_mem_notify,
};

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

const struct ruby_ip_block ruby_mem_block = {
	.name = "mem",
	.init = ruby_mem_init,
};
