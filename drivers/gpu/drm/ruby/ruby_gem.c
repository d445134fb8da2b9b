// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: GEM
 *
 * Userspace buffers are GEM objects embedded in TTM buffer objects, with
 * the radeon ABI's ioctls on top. Domains are bit masks (CPU 1, GTT 2,
 * VRAM 4) of where a buffer may live, VRAM preferred; the GPU reaches
 * only GTT and VRAM, so a CPU-domain buffer is moved to GTT when a
 * submission needs it.
 *
 * CPU mappings go through the DRM fake offset (GEM_MMAP) and TTM's page
 * fault handler. A VRAM buffer the CPU touches is first moved into the
 * CPU-visible part of VRAM (the BAR0 window), or to GTT if that part is
 * full, exactly as on a card whose BAR is smaller than its memory.
 *
 * Sharing: buffers export as dma-bufs (PRIME). Another process of the
 * same device importing one gets the same buffer; a device that maps the
 * dma-buf pins it in GTT, where its pages are.
 *
 * A dma-buf of another device (or of a non-GPU exporter such as udmabuf)
 * is attached and mapped once, at import, and becomes a GTT-only buffer
 * whose GART entries are the DMA addresses of the exporter's sg table; it
 * shares the dma-buf's reservation object, so submissions and the
 * exporter's users sync implicitly. It never moves to VRAM (a VRAM-only
 * relocation puts it in GTT, as radeon does for shared buffers). A CPU
 * mapping of it (GEM_MMAP, then mmap) is handed to the exporter; the
 * kernel does not vmap it. Exporting it again gives the original dma-buf.
 * The attachment is unmapped and detached, and the dma-buf released, once
 * the last handle is gone and the GPU is done with the pages: either of
 * the handle and the dma-buf file descriptor may be closed first.
 *
 * Userptr buffers (see "userptr") are neither mapped nor exported: -EPERM.
 *
 * Errors: an unknown handle is -ENOENT; unknown flags, domains or ops,
 * zero or overflowing sizes and malformed tiling parameters are -EINVAL,
 * each with a rate-limited debug line; an interrupted wait is -ERESTARTSYS
 * and a buffer still busy after 30 s is -EBUSY. A buffer larger than
 * GEM_INFO's gart_size, or one the device's share of system memory cannot
 * back now, is -ENOMEM (see "memory management"), also with a debug line.
 * GEM_WAIT_IDLE on a buffer whose last GPU work failed returns that work's
 * error once it is done: -ETIME for a stream that hung the engine (see
 * "scheduling and GPU reset"), until the next submission using the buffer
 * replaces it.
 */

#include <linux/dma-buf.h>
#include <linux/dma-resv.h>
#include <linux/log2.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gem_ttm_helper.h>
#include <drm/drm_mode.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_placement.h>
#include <drm/ttm/ttm_tt.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_gem.h"

#define RUBY_GEM_DOMAINS	(RADEON_GEM_DOMAIN_CPU | RADEON_GEM_DOMAIN_GTT | \
				 RADEON_GEM_DOMAIN_VRAM)
#define RUBY_GEM_FLAGS		(RADEON_GEM_GTT_UC | RADEON_GEM_GTT_WC | \
				 RADEON_GEM_CPU_ACCESS | RADEON_GEM_NO_CPU_ACCESS)
#define RUBY_GEM_WAIT		(30 * HZ)

static_assert(RADEON_GEM_DOMAIN_CPU == RUBY_DOMAIN_CPU);
static_assert(RADEON_GEM_DOMAIN_GTT == RUBY_DOMAIN_GTT);
static_assert(RADEON_GEM_DOMAIN_VRAM == RUBY_DOMAIN_VRAM);

static void ruby_gem_free(struct drm_gem_object *obj)
{
	ttm_bo_put(&gem_to_ruby_bo(obj)->tbo);
}

/* Make a reserved buffer reachable by the CPU before a fault maps it. */
static vm_fault_t ruby_gem_make_visible(struct ruby_bo *bo)
{
	struct ruby_device *rdev = to_ruby_device(bo->tbo.base.dev);
	struct ttm_operation_ctx ctx = { .interruptible = false };
	struct ttm_resource *res = bo->tbo.resource;
	u64 end;
	int ret;

	if (res->mem_type != TTM_PL_VRAM)
		return 0;
	end = ((u64)res->start << PAGE_SHIFT) + bo->tbo.base.size;
	if (end <= rdev->mc.aper_size)
		return 0;
	if (bo->tbo.pin_count)
		return VM_FAULT_SIGBUS;
	/* the visible window, or GTT if the window is full */
	ruby_bo_set_placement(bo, RUBY_DOMAIN_VRAM | RUBY_DOMAIN_GTT,
			      RUBY_BO_CPU_VISIBLE);
	ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
	ruby_bo_set_placement(bo, bo->initial_domain, bo->flags);
	if (ret == -ENOMEM)
		return VM_FAULT_OOM;
	return ret ? VM_FAULT_SIGBUS : 0;
}

static vm_fault_t ruby_gem_fault(struct vm_fault *vmf)
{
	struct ttm_buffer_object *tbo = vmf->vma->vm_private_data;
	struct drm_device *drm = tbo->base.dev;
	vm_fault_t ret;
	int idx;

	ret = ttm_bo_vm_reserve(tbo, vmf);
	if (ret)
		return ret;
	if (drm_dev_enter(drm, &idx)) {
		ret = ruby_gem_make_visible(to_ruby_bo(tbo));
		if (!ret)
			ret = ttm_bo_vm_fault_reserved(vmf, vmf->vma->vm_page_prot,
						       TTM_BO_VM_NUM_PREFAULT);
		drm_dev_exit(idx);
	} else {
		/* the device is gone: map a dummy page */
		ret = ttm_bo_vm_dummy_page(vmf, vmf->vma->vm_page_prot);
	}
	if (ret == VM_FAULT_RETRY && !(vmf->flags & FAULT_FLAG_RETRY_NOWAIT))
		return ret;
	dma_resv_unlock(tbo->base.resv);
	return ret;
}

static const struct vm_operations_struct ruby_gem_vm_ops = {
	.fault = ruby_gem_fault,
	.open = ttm_bo_vm_open,
	.close = ttm_bo_vm_close,
	.access = ttm_bo_vm_access,
};

static int ruby_gem_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct ruby_bo *bo = gem_to_ruby_bo(obj);
	int ret;

	/* the process maps its own memory itself */
	if (bo->userptr)
		return -EPERM;
	if (obj->import_attach) {
		/* the exporter maps its pages, with its own vm_ops */
		vma->vm_ops = NULL;
		vma->vm_private_data = NULL;
		ret = dma_buf_mmap(obj->import_attach->dmabuf, vma, 0);
		/* the vma holds the dma-buf, not the reference taken for us */
		if (!ret)
			drm_gem_object_put(obj);
		return ret;
	}
	vma->vm_ops = &ruby_gem_vm_ops;
	return drm_gem_ttm_mmap(obj, vma);
}

static int ruby_gem_vmap(struct drm_gem_object *obj, struct iosys_map *map)
{
	/* TTM maps only pages it allocated itself */
	if (ruby_bo_is_external(gem_to_ruby_bo(obj)))
		return -EOPNOTSUPP;
	return drm_gem_ttm_vmap(obj, map);
}

static struct dma_buf *ruby_gem_export(struct drm_gem_object *obj, int flags)
{
	/* as in radeon: a process's memory is not shared through ruby */
	if (gem_to_ruby_bo(obj)->userptr)
		return ERR_PTR(-EPERM);
	return drm_gem_prime_export(obj, flags);
}

/* A dma-buf attachment: keep the buffer in GTT, where its pages are. */
static int ruby_gem_pin(struct drm_gem_object *obj)
{
	struct ruby_bo *bo = gem_to_ruby_bo(obj);
	struct ttm_operation_ctx ctx = { .interruptible = true };
	int ret;

	dma_resv_assert_held(obj->resv);
	if (!bo->tbo.pin_count) {
		ruby_bo_set_placement(bo, RUBY_DOMAIN_GTT, bo->flags);
		ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
		ruby_bo_set_placement(bo, bo->initial_domain, bo->flags);
		if (ret)
			return ret;
	}
	ttm_bo_pin(&bo->tbo);
	return 0;
}

static void ruby_gem_unpin(struct drm_gem_object *obj)
{
	struct ttm_buffer_object *tbo = &gem_to_ruby_bo(obj)->tbo;

	dma_resv_assert_held(obj->resv);
	ttm_bo_unpin(tbo);
	/* ttm_bo_unpin() leaves it off its placement's LRU: evictable again */
	ttm_bo_move_to_lru_tail_unlocked(tbo);
}

static struct sg_table *ruby_gem_get_sg_table(struct drm_gem_object *obj)
{
	struct ttm_buffer_object *tbo = &gem_to_ruby_bo(obj)->tbo;

	/* pinned in GTT by the attachment; never a userptr or import */
	if (!tbo->ttm || tbo->resource->mem_type != TTM_PL_TT ||
	    ruby_bo_is_external(to_ruby_bo(tbo)))
		return ERR_PTR(-EINVAL);
	return drm_prime_pages_to_sg(obj->dev, tbo->ttm->pages, tbo->ttm->num_pages);
}

const struct drm_gem_object_funcs ruby_gem_object_funcs = {
	.free = ruby_gem_free,
	.mmap = ruby_gem_mmap,
	.pin = ruby_gem_pin,
	.unpin = ruby_gem_unpin,
	.get_sg_table = ruby_gem_get_sg_table,
	.export = ruby_gem_export,
	.vmap = ruby_gem_vmap,
	.vunmap = drm_gem_ttm_vunmap,
	.vm_ops = &ruby_gem_vm_ops,
};

static struct ruby_bo *lookup(struct drm_file *file, u32 handle)
{
	struct drm_gem_object *obj = drm_gem_object_lookup(file, handle);

	if (!obj) {
		drm_dbg_ratelimited(file->minor->dev, "gem: no object %u\n", handle);
		return NULL;
	}
	return gem_to_ruby_bo(obj);
}

static void put(struct ruby_bo *bo)
{
	drm_gem_object_put(&bo->tbo.base);
}

/*
 * The largest buffer userspace may ask for: what GTT can hold of the
 * system pages the device may have, minus what the kernel keeps pinned.
 * Every buffer must fit there, as eviction from VRAM takes it there.
 */
static u64 ruby_gem_max_size(struct ruby_device *rdev)
{
	u64 sysmem = (u64)rdev->sysmem.limit << PAGE_SHIFT;
	u64 pinned = atomic64_read(&rdev->pinned.gtt);
	u64 room = min(rdev->mc.gtt_size, sysmem);

	return room > pinned ? room - pinned : 0;
}

int ruby_gem_info_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct ruby_device *rdev = to_ruby_device(drm);
	struct drm_radeon_gem_info *args = data;

	args->vram_size = rdev->mc.vram_size;
	args->vram_visible = rdev->mc.aper_size - atomic64_read(&rdev->pinned.vram);
	args->gart_size = ruby_gem_max_size(rdev);
	return 0;
}

int ruby_gem_create_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct ruby_device *rdev = to_ruby_device(drm);
	struct drm_radeon_gem_create *args = data;
	u32 domain = args->initial_domain, flags = 0;
	struct ruby_bo *bo;
	u64 size, max;
	int ret;

	if (!domain || (domain & ~RUBY_GEM_DOMAINS) || (args->flags & ~RUBY_GEM_FLAGS)) {
		drm_dbg_ratelimited(drm, "gem create: bad domain %#x or flags %#x\n",
				    domain, args->flags);
		return -EINVAL;
	}
	if (!args->size || args->size > U64_MAX - PAGE_SIZE ||
	    (args->alignment && !is_power_of_2(args->alignment)) ||
	    args->alignment > SZ_1G) {
		drm_dbg_ratelimited(drm, "gem create: bad size %llu or alignment %llu\n",
				    args->size, args->alignment);
		return -EINVAL;
	}
	size = PAGE_ALIGN(args->size);
	max = ruby_gem_max_size(rdev);
	if (size > max) {
		drm_dbg_ratelimited(drm, "gem create: %llu bytes, more than the %llu the device can back\n",
				    size, max);
		return -ENOMEM;
	}
	if (args->flags & RADEON_GEM_NO_CPU_ACCESS)
		flags |= RUBY_BO_NO_CPU_ACCESS;
	if (args->flags & RADEON_GEM_CPU_ACCESS)
		flags = RUBY_BO_CPU_VISIBLE;

	ret = ruby_bo_create(rdev, size, args->alignment >> PAGE_SHIFT, domain,
			     flags, &bo);
	if (ret) {
		drm_dbg_ratelimited(drm, "gem create: %llu bytes in %#x: %d\n",
				    size, domain, ret);
		return ret;
	}
	ret = drm_gem_handle_create(file, &bo->tbo.base, &args->handle);
	/* the handle holds the object now, or nothing does */
	put(bo);
	return ret;
}

/**
 * ruby_gem_dumb_create - a linear buffer for CPU-drawn images
 * @file: the client
 * @drm: the device
 * @args: width, height and bits per pixel in; handle, pitch and size out
 *
 * What DRM_IOCTL_MODE_CREATE_DUMB gives clients that draw with the CPU
 * (modetest, splash screens): a CPU-visible VRAM buffer, linear, rows
 * padded as the Evergreen colour and display blocks need linear surfaces
 * (64 pixels and 256 bytes), so the GPU can render to it and a display
 * can scan it out unchanged. The DRM core has checked the arguments for
 * overflow of a 32-bit size; the padding is checked here again.
 *
 * Returns: 0, -EINVAL for a size past the GPU's, or an allocation error.
 */
int ruby_gem_dumb_create(struct drm_file *file, struct drm_device *drm,
			 struct drm_mode_create_dumb *args)
{
	struct ruby_device *rdev = to_ruby_device(drm);
	u32 cpp = DIV_ROUND_UP(args->bpp, 8);
	u64 pitch = (u64)ALIGN(args->width, max(64u, 256 / cpp)) * cpp;
	u64 size = PAGE_ALIGN(pitch * args->height);
	struct ruby_bo *bo;
	int ret;

	if (pitch > U32_MAX || size > rdev->mc.aper_size) {
		drm_dbg_ratelimited(drm, "dumb create: %ux%u at %u bpp is too big\n",
				    args->width, args->height, args->bpp);
		return -EINVAL;
	}
	ret = ruby_bo_create(rdev, size, 0, RADEON_GEM_DOMAIN_VRAM, RUBY_BO_CPU_VISIBLE, &bo);
	if (ret)
		return ret;
	ret = drm_gem_handle_create(file, &bo->tbo.base, &args->handle);
	put(bo);
	if (ret)
		return ret;
	args->pitch = pitch;
	args->size = size;
	return 0;
}

int ruby_gem_mmap_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_radeon_gem_mmap *args = data;
	struct ruby_bo *bo = lookup(file, args->handle);
	int ret = 0;

	if (!bo)
		return -ENOENT;
	if (bo->userptr) {
		drm_dbg_ratelimited(drm, "gem mmap: %u is a userptr buffer\n",
				    args->handle);
		ret = -EPERM;
	} else {
		args->addr_ptr = drm_vma_node_offset_addr(&bo->tbo.base.vma_node);
	}
	put(bo);
	return ret;
}

static long wait_idle(struct ruby_bo *bo, enum dma_resv_usage usage)
{
	long ret = dma_resv_wait_timeout(bo->tbo.base.resv, usage, true,
					 RUBY_GEM_WAIT);

	if (ret == 0)
		return -EBUSY;
	return ret < 0 ? ret : 0;
}

int ruby_gem_set_domain_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct drm_radeon_gem_set_domain *args = data;
	u32 domain = args->write_domain ?: args->read_domains;
	struct ruby_bo *bo;
	long ret;

	if (!domain || (domain & ~RUBY_GEM_DOMAINS) ||
	    ((args->read_domains | args->write_domain) & ~RUBY_GEM_DOMAINS)) {
		drm_dbg_ratelimited(drm, "gem set domain: bad domains %#x/%#x\n",
				    args->read_domains, args->write_domain);
		return -EINVAL;
	}
	bo = lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	/* the CPU is about to touch it: let the GPU finish with it */
	ret = domain == RADEON_GEM_DOMAIN_CPU ?
		wait_idle(bo, DMA_RESV_USAGE_BOOKKEEP) : 0;
	put(bo);
	return ret;
}

/*
 * The error of a failed fence among @bo's fences of @usage (the last GPU
 * work on it did not complete: -ETIME for a job that hung the engine), or
 * 0. The unlocked iterator skips signalled fences: this one does not.
 */
static int fence_error(struct ruby_bo *bo, enum dma_resv_usage usage)
{
	struct dma_resv *resv = bo->tbo.base.resv;
	struct dma_resv_iter cursor;
	struct dma_fence *fence;
	int err;

	err = dma_resv_lock_interruptible(resv, NULL);
	if (err)
		return err;
	dma_resv_for_each_fence(&cursor, resv, usage, fence) {
		err = dma_fence_get_status(fence);
		if (err < 0)
			break;
	}
	dma_resv_unlock(resv);
	return min(err, 0);
}

int ruby_gem_wait_idle_ioctl(struct drm_device *drm, void *data,
			     struct drm_file *file)
{
	struct drm_radeon_gem_wait_idle *args = data;
	struct ruby_bo *bo = lookup(file, args->handle);
	long ret;

	if (!bo)
		return -ENOENT;
	ret = wait_idle(bo, DMA_RESV_USAGE_READ);
	if (!ret)
		ret = fence_error(bo, DMA_RESV_USAGE_READ);
	put(bo);
	return ret;
}

int ruby_gem_busy_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_radeon_gem_busy *args = data;
	struct ruby_bo *bo = lookup(file, args->handle);
	int ret;

	if (!bo)
		return -ENOENT;
	ret = dma_resv_test_signaled(bo->tbo.base.resv, DMA_RESV_USAGE_READ) ?
		0 : -EBUSY;
	args->domain = ruby_bo_domain(bo);
	put(bo);
	return ret;
}

/* Evergreen tiling parameters: bank width/height and macro-tile aspect
 * are 1, 2, 4 or 8 (0 = unset); tile splits index 64 B..4 KiB (0-6).
 */
static bool eg_tiling_ok(u32 flags)
{
	u32 bankw = (flags >> RADEON_TILING_EG_BANKW_SHIFT) & RADEON_TILING_EG_BANKW_MASK;
	u32 bankh = (flags >> RADEON_TILING_EG_BANKH_SHIFT) & RADEON_TILING_EG_BANKH_MASK;
	u32 aspect = (flags >> RADEON_TILING_EG_MACRO_TILE_ASPECT_SHIFT) &
		     RADEON_TILING_EG_MACRO_TILE_ASPECT_MASK;
	u32 split = (flags >> RADEON_TILING_EG_TILE_SPLIT_SHIFT) &
		    RADEON_TILING_EG_TILE_SPLIT_MASK;
	u32 ssplit = (flags >> RADEON_TILING_EG_STENCIL_TILE_SPLIT_SHIFT) &
		     RADEON_TILING_EG_STENCIL_TILE_SPLIT_MASK;

	return (!bankw || (is_power_of_2(bankw) && bankw <= 8)) &&
	       (!bankh || (is_power_of_2(bankh) && bankh <= 8)) &&
	       (!aspect || (is_power_of_2(aspect) && aspect <= 8)) &&
	       split <= 6 && ssplit <= 6;
}

int ruby_gem_set_tiling_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct drm_radeon_gem_set_tiling *args = data;
	struct ruby_bo *bo;
	int ret;

	if (!eg_tiling_ok(args->tiling_flags)) {
		drm_dbg_ratelimited(drm, "gem set tiling: bad flags %#x\n",
				    args->tiling_flags);
		return -EINVAL;
	}
	bo = lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (!ret) {
		bo->tiling_flags = args->tiling_flags;
		bo->pitch = args->pitch;
		ttm_bo_unreserve(&bo->tbo);
	}
	put(bo);
	return ret;
}

int ruby_gem_get_tiling_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct drm_radeon_gem_get_tiling *args = data;
	struct ruby_bo *bo = lookup(file, args->handle);
	int ret;

	if (!bo)
		return -ENOENT;
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (!ret) {
		args->tiling_flags = bo->tiling_flags;
		args->pitch = bo->pitch;
		ttm_bo_unreserve(&bo->tbo);
	}
	put(bo);
	return ret;
}

int ruby_gem_op_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_radeon_gem_op *args = data;
	struct ruby_bo *bo;
	int ret;

	if (args->op != RADEON_GEM_OP_GET_INITIAL_DOMAIN &&
	    args->op != RADEON_GEM_OP_SET_INITIAL_DOMAIN) {
		drm_dbg_ratelimited(drm, "gem op: unknown op %u\n", args->op);
		return -EINVAL;
	}
	if (args->op == RADEON_GEM_OP_SET_INITIAL_DOMAIN &&
	    (!args->value || (args->value & ~(u64)RUBY_GEM_DOMAINS))) {
		drm_dbg_ratelimited(drm, "gem op: bad domain %#llx\n", args->value);
		return -EINVAL;
	}
	bo = lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	/* as in radeon: a userptr buffer has no domain to choose */
	ret = bo->userptr ? -EPERM : ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (!ret) {
		if (args->op == RADEON_GEM_OP_GET_INITIAL_DOMAIN) {
			args->value = bo->initial_domain;
		} else {
			/* where the next validation will put it */
			bo->initial_domain = args->value;
			ruby_bo_set_placement(bo, bo->initial_domain, bo->flags);
		}
		ttm_bo_unreserve(&bo->tbo);
	}
	put(bo);
	return ret;
}

/**
 * ruby_gem_va_ioctl - DRM_IOCTL_RADEON_GEM_VA
 * @drm: the device
 * @data: &struct drm_radeon_gem_va
 * @file: the caller
 *
 * Per-process GPU virtual memory starts with Cayman, and ruby does not
 * implement it yet. The ABI's answer without VM is an error result and
 * -ENOTTY, which is how userspace learns that it must use relocations.
 *
 * Returns: -ENOTTY.
 */
int ruby_gem_va_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_radeon_gem_va *args = data;

	args->operation = RADEON_VA_RESULT_ERROR;
	return -ENOTTY;
}

/**
 * ruby_gem_prime_import_sg_table - a buffer on another device's dma-buf
 * @drm: the device
 * @attach: the attachment drm_gem_prime_import() made
 * @sgt: the exporter's pages, mapped for this device
 *
 * The buffer shares the dma-buf's reservation object; its pages stay
 * mapped until it is destroyed (see the DOC section "GEM").
 *
 * Returns: the new object, or an ERR_PTR: -EINVAL for a dma-buf whose size
 * is not a whole number of pages, -ENOMEM if it does not fit in GTT.
 */
struct drm_gem_object *
ruby_gem_prime_import_sg_table(struct drm_device *drm,
			       struct dma_buf_attachment *attach,
			       struct sg_table *sgt)
{
	struct dma_buf *dmabuf = attach->dmabuf;
	struct ruby_bo *bo;
	int ret;

	if (!dmabuf->size || !PAGE_ALIGNED(dmabuf->size)) {
		drm_dbg_ratelimited(drm, "prime import: size %zu\n", dmabuf->size);
		return ERR_PTR(-EINVAL);
	}
	ret = ruby_bo_create_sg(to_ruby_device(drm), dmabuf->size, sgt, dmabuf,
				NULL, RUBY_DOMAIN_GTT, &bo);
	if (ret) {
		drm_dbg_ratelimited(drm, "prime import: %zu bytes: %d\n",
				    dmabuf->size, ret);
		return ERR_PTR(ret);
	}
	return &bo->tbo.base;
}
