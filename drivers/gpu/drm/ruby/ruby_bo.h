/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_BO_H__
#define __RUBY_BO_H__

#include <linux/dma-direction.h>
#include <linux/scatterlist.h>
#include <linux/types.h>

#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_placement.h>

struct dma_buf;
struct ruby_device;
struct ruby_userptr;
struct sg_table;

/* Where a buffer may live; bits, as in the radeon ABI's domains */
#define RUBY_DOMAIN_CPU		BIT(0)
#define RUBY_DOMAIN_GTT		BIT(1)
#define RUBY_DOMAIN_VRAM	BIT(2)

/* Placement flags */
#define RUBY_BO_CPU_VISIBLE	BIT(0)	/* VRAM: within the BAR0 window */
#define RUBY_BO_NO_CPU_ACCESS	BIT(1)	/* VRAM: top down, away from it */

/**
 * struct ruby_userptr - the user pages behind a GEM_USERPTR buffer
 * @pages: the pages, pinned long-term when the buffer was made
 * @npages: entries of @pages
 * @sgt: @pages, DMA-mapped for the device; the buffer's TTM sg table
 * @dir: direction of that mapping; DMA_TO_DEVICE for a read-only buffer
 *
 * Created by the ioctl before the buffer object, owned by the buffer from
 * ruby_bo_create_sg() on, released (unmapped, unpinned) by its destroy
 * callback. Immutable in between.
 */
struct ruby_userptr {
	struct page **pages;
	unsigned long npages;
	struct sg_table sgt;
	enum dma_data_direction dir;
};

static inline bool ruby_userptr_readonly(const struct ruby_userptr *up)
{
	return up->dir == DMA_TO_DEVICE;
}

/**
 * struct ruby_bo - a buffer object
 * @tbo: the TTM buffer object (embeds the GEM object)
 * @placement: TTM placement built from the domains
 * @places: the places of @placement
 * @kmap: kernel mapping of a pinned kernel BO
 * @initial_domain: RUBY_DOMAIN_* bits userspace created it with (GEM_OP)
 * @flags: RUBY_BO_* placement flags
 * @tiling_flags: RADEON_TILING_* bits set by userspace, under the
 *	reservation
 * @pitch: surface pitch set with the tiling flags, under the reservation
 * @userptr: the pinned user pages of a GEM_USERPTR buffer, or NULL; set
 *	before TTM sees the object, released by its destroy callback
 * @resv_owner: for a dma-buf of another device, a reference on it that
 *	keeps the reservation object (which is the dma-buf's) alive until
 *	TTM's delayed destroy is done with it; NULL otherwise
 *
 * Buffers backed by someone else's pages (@userptr, or an imported
 * dma-buf) are TTM sg objects (ttm_bo_type_sg): their pages are never
 * TTM's, they live in GTT or nowhere, and the CPU does not map them
 * through TTM. ruby_bo_is_external() tells them apart.
 */
struct ruby_bo {
	struct ttm_buffer_object tbo;
	struct ttm_placement placement;
	struct ttm_place places[3];
	struct ttm_bo_kmap_obj kmap;
	u32 initial_domain;
	u32 flags;
	u32 tiling_flags;
	u32 pitch;
	struct ruby_userptr *userptr;
	struct dma_buf *resv_owner;
};

static inline struct ruby_bo *to_ruby_bo(struct ttm_buffer_object *tbo)
{
	return container_of(tbo, struct ruby_bo, tbo);
}

static inline struct ruby_bo *gem_to_ruby_bo(struct drm_gem_object *obj)
{
	return container_of(obj, struct ruby_bo, tbo.base);
}

/* Backed by pages TTM does not own (userptr, foreign dma-buf): GTT only */
static inline bool ruby_bo_is_external(const struct ruby_bo *bo)
{
	return bo->tbo.type == ttm_bo_type_sg;
}

int ruby_bo_create(struct ruby_device *rdev, u64 size, u32 align, u32 domain,
		   u32 flags, struct ruby_bo **out);
int ruby_bo_create_sg(struct ruby_device *rdev, u64 size, struct sg_table *sgt,
		      struct dma_buf *shared, struct ruby_userptr *userptr,
		      u32 domain, struct ruby_bo **out);
u32 ruby_bo_domain(struct ruby_bo *bo);
void ruby_bo_set_placement(struct ruby_bo *bo, u32 domain, u32 flags);
int ruby_bo_create_kernel(struct ruby_device *rdev, size_t size, u32 domain,
			  struct ruby_bo **bo);
u64 ruby_bo_gpu_addr(struct ruby_bo *bo);
int ruby_bo_pin_scanout(struct ruby_bo *bo, u64 *addr);
void ruby_bo_unpin_scanout(struct ruby_bo *bo);
void ruby_userptr_release(struct ruby_device *rdev, struct ruby_userptr *up);
void *ruby_bo_cpu_addr(struct ruby_bo *bo, bool *is_iomem);
bool ruby_ttm_bo_is_ruby_bo(struct ttm_buffer_object *tbo);

#endif /* __RUBY_BO_H__ */
