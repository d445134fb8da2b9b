/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_BO_H__
#define __RUBY_BO_H__

#include <linux/types.h>

#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_placement.h>

struct ruby_device;

/* Where a buffer may live; bits, as in the radeon ABI's domains */
#define RUBY_DOMAIN_CPU		BIT(0)
#define RUBY_DOMAIN_GTT		BIT(1)
#define RUBY_DOMAIN_VRAM	BIT(2)

/* Placement flags */
#define RUBY_BO_CPU_VISIBLE	BIT(0)	/* VRAM: within the BAR0 window */
#define RUBY_BO_NO_CPU_ACCESS	BIT(1)	/* VRAM: top down, away from it */

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
};

static inline struct ruby_bo *to_ruby_bo(struct ttm_buffer_object *tbo)
{
	return container_of(tbo, struct ruby_bo, tbo);
}

static inline struct ruby_bo *gem_to_ruby_bo(struct drm_gem_object *obj)
{
	return container_of(obj, struct ruby_bo, tbo.base);
}

int ruby_bo_create(struct ruby_device *rdev, u64 size, u32 align, u32 domain,
		   u32 flags, struct ruby_bo **out);
u32 ruby_bo_domain(struct ruby_bo *bo);
void ruby_bo_set_placement(struct ruby_bo *bo, u32 domain, u32 flags);
int ruby_bo_create_kernel(struct ruby_device *rdev, size_t size, u32 domain,
			  struct ruby_bo **bo);
u64 ruby_bo_gpu_addr(struct ruby_bo *bo);
void *ruby_bo_cpu_addr(struct ruby_bo *bo, bool *is_iomem);
bool ruby_ttm_bo_is_ruby_bo(struct ttm_buffer_object *tbo);

#endif /* __RUBY_BO_H__ */
