// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: userptr
 *
 * DRM_IOCTL_RADEON_GEM_USERPTR turns a range of the caller's memory into a
 * buffer object the GPU reaches through the GART, with the radeon ABI's
 * rules: @addr and @size page aligned, @size not 0 and the range not
 * wrapping (else -EINVAL); flags among READONLY, ANONONLY, VALIDATE and
 * REGISTER (else -EINVAL); READONLY only from R6xx on (-EINVAL before); a
 * writable range needs both ANONONLY and REGISTER (else -EACCES). With
 * ANONONLY every page of the range must be anonymous memory, not a file
 * or shared-memory mapping (else -EPERM). A range bigger than GTT is
 * -ENOMEM, one the process does not have mapped -EFAULT.
 *
 * ruby pins the pages long-term (FOLL_LONGTERM, with FOLL_WRITE unless
 * READONLY) when the buffer is made, DMA-maps them once, and keeps them
 * until the buffer is freed. Hence:
 *
 * - a bad range fails the ioctl itself with -EFAULT, with or without
 *   VALIDATE (radeon reports it at the first submission without it);
 * - VALIDATE also binds the pages into GTT at once (-ENOMEM if GTT is
 *   full); without it that happens at the first submission using it;
 * - REGISTER is accepted and needs no MMU notifier: the GPU keeps the
 *   pages it pinned. If the process unmaps or remaps the range later,
 *   the buffer still holds the old pages, which are freed with it; the
 *   process must not expect the GPU to follow its new mappings. After a
 *   fork the parent keeps the pinned pages, the child gets copies.
 *
 * The buffer lives in GTT only: a relocation whose domain does not
 * include GTT is -EINVAL, and one that declares a write to a READONLY
 * buffer is -EINVAL (its GART entries are read-only as well, so the GPU
 * could not write it anyway). Like radeon, ruby refuses to map one with
 * GEM_MMAP or mmap(), to export it as a dma-buf, or to change its initial
 * domain (GEM_OP): -EPERM. The process has the memory already.
 *
 * The pins are not charged to RLIMIT_MEMLOCK; each buffer is bounded by
 * the size of GTT.
 */

#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_gem.h"

#define RUBY_USERPTR_FLAGS	(RADEON_GEM_USERPTR_READONLY | \
				 RADEON_GEM_USERPTR_ANONONLY | \
				 RADEON_GEM_USERPTR_VALIDATE | \
				 RADEON_GEM_USERPTR_REGISTER)
#define RUBY_USERPTR_WRITABLE	(RADEON_GEM_USERPTR_ANONONLY | \
				 RADEON_GEM_USERPTR_REGISTER)

static int userptr_check(struct ruby_device *rdev, u64 addr, u64 size, u32 flags)
{
	struct drm_device *drm = &rdev->drm;
	u64 end;

	if (flags & ~RUBY_USERPTR_FLAGS) {
		drm_dbg_ratelimited(drm, "userptr: unknown flags %#x\n", flags);
		return -EINVAL;
	}
	if (!size || offset_in_page(addr | size) ||
	    check_add_overflow(addr, size, &end)) {
		drm_dbg_ratelimited(drm, "userptr: bad range %#llx+%#llx\n",
				    addr, size);
		return -EINVAL;
	}
	if (flags & RADEON_GEM_USERPTR_READONLY) {
		/* as in radeon: read-only GART entries start with R6xx */
		if (rdev->chip.desc->gen < RUBY_GEN_R600) {
			drm_dbg_ratelimited(drm, "userptr: no read-only pages before R600\n");
			return -EINVAL;
		}
	} else if ((flags & RUBY_USERPTR_WRITABLE) != RUBY_USERPTR_WRITABLE) {
		drm_dbg_ratelimited(drm, "userptr: writable needs ANONONLY and REGISTER\n");
		return -EACCES;
	}
	if (size > rdev->mc.gtt_size) {
		drm_dbg_ratelimited(drm, "userptr: %llu bytes do not fit in GTT\n", size);
		return -ENOMEM;
	}
	if (!access_ok(u64_to_user_ptr(addr), size)) {
		drm_dbg_ratelimited(drm, "userptr: %#llx+%#llx is not user memory\n",
				    addr, size);
		return -EFAULT;
	}
	return 0;
}

/* Is [@start, @end) only anonymous memory? Holes are left to the pinning. */
static bool range_is_anonymous(struct mm_struct *mm, unsigned long start,
			       unsigned long end)
{
	VMA_ITERATOR(vmi, mm, start);
	struct vm_area_struct *vma;

	mmap_assert_locked(mm);
	for_each_vma_range(vmi, vma, end)
		if (vma->vm_file)
			return false;
	return true;
}

/*
 * Pin the range under the mmap lock, so that the ANONONLY check holds for
 * the pages that get pinned. Returns the pages pinned in @up->npages.
 */
static int userptr_pin_pages(struct drm_device *drm, struct ruby_userptr *up,
			     unsigned long start, unsigned long npages, u32 flags)
{
	unsigned int gup = FOLL_LONGTERM;
	struct mm_struct *mm = current->mm;
	int ret = 0;

	if (!(flags & RADEON_GEM_USERPTR_READONLY))
		gup |= FOLL_WRITE;
	if (mmap_read_lock_killable(mm))
		return -EINTR;
	if ((flags & RADEON_GEM_USERPTR_ANONONLY) &&
	    !range_is_anonymous(mm, start, start + (npages << PAGE_SHIFT))) {
		drm_dbg_ratelimited(drm, "userptr: ANONONLY range has file pages\n");
		ret = -EPERM;
	}
	while (!ret && up->npages < npages) {
		long n = pin_user_pages(start + (up->npages << PAGE_SHIFT),
					npages - up->npages, gup,
					up->pages + up->npages);

		if (n <= 0)
			ret = n ?: -EFAULT;
		else
			up->npages += n;
	}
	mmap_read_unlock(mm);
	if (ret && ret != -EPERM)
		drm_dbg_ratelimited(drm, "userptr: pinning page %lu of %lu: %d\n",
				    up->npages, npages, ret);
	return ret;
}

/**
 * ruby_userptr_release - unmap and unpin the pages of a userptr buffer
 * @rdev: the device they are mapped for
 * @up: the pages; freed
 *
 * Pages the GPU may have written are marked dirty on the way out.
 */
void ruby_userptr_release(struct ruby_device *rdev, struct ruby_userptr *up)
{
	if (up->sgt.sgl) {
		dma_unmap_sgtable(rdev->drm.dev, &up->sgt, up->dir, 0);
		sg_free_table(&up->sgt);
	}
	unpin_user_pages_dirty_lock(up->pages, up->npages,
				    !ruby_userptr_readonly(up));
	kvfree(up->pages);
	kfree(up);
}

static struct ruby_userptr *userptr_get(struct ruby_device *rdev, u64 addr,
					u64 size, u32 flags)
{
	unsigned long npages = size >> PAGE_SHIFT;
	struct ruby_userptr *up;
	int ret;

	up = kzalloc(sizeof(*up), GFP_KERNEL);
	if (!up)
		return ERR_PTR(-ENOMEM);
	/* until the pages are mapped, release must not unmap them */
	up->dir = flags & RADEON_GEM_USERPTR_READONLY ? DMA_TO_DEVICE :
							DMA_BIDIRECTIONAL;
	up->pages = kvmalloc_array(npages, sizeof(*up->pages), GFP_KERNEL);
	if (!up->pages) {
		ret = -ENOMEM;
		goto err;
	}
	ret = userptr_pin_pages(&rdev->drm, up, addr, npages, flags);
	if (ret)
		goto err;
	ret = sg_alloc_table_from_pages(&up->sgt, up->pages, npages, 0, size,
					GFP_KERNEL);
	if (ret)
		goto err;
	ret = dma_map_sgtable(rdev->drm.dev, &up->sgt, up->dir, 0);
	if (ret) {
		sg_free_table(&up->sgt);
		up->sgt.sgl = NULL;
		goto err;
	}
	return up;

err:
	ruby_userptr_release(rdev, up);
	return ERR_PTR(ret);
}

/**
 * ruby_gem_userptr_ioctl - DRM_IOCTL_RADEON_GEM_USERPTR
 * @drm: the device
 * @data: &struct drm_radeon_gem_userptr
 * @file: the caller
 *
 * See the DOC section "userptr" for the rules.
 *
 * Returns: 0 with a new handle; -EINVAL, -EACCES, -EPERM, -EFAULT or
 * -ENOMEM as described there; -EINTR if killed while waiting for the mmap
 * lock, -ERESTARTSYS.
 */
int ruby_gem_userptr_ioctl(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct ruby_device *rdev = to_ruby_device(drm);
	struct drm_radeon_gem_userptr *args = data;
	u64 addr = untagged_addr(args->addr);
	struct ruby_userptr *up;
	struct ruby_bo *bo;
	int ret;

	ret = userptr_check(rdev, addr, args->size, args->flags);
	if (ret)
		return ret;
	up = userptr_get(rdev, addr, args->size, args->flags);
	if (IS_ERR(up))
		return PTR_ERR(up);
	/* the object owns @up from here on */
	ret = ruby_bo_create_sg(rdev, args->size, &up->sgt, NULL, up,
				args->flags & RADEON_GEM_USERPTR_VALIDATE ?
				RUBY_DOMAIN_GTT : RUBY_DOMAIN_CPU, &bo);
	if (ret) {
		drm_dbg_ratelimited(drm, "userptr: %llu bytes: %d\n", args->size, ret);
		return ret;
	}
	ret = drm_gem_handle_create(file, &bo->tbo.base, &args->handle);
	/* the handle holds the object now, or nothing does */
	drm_gem_object_put(&bo->tbo.base);
	return ret;
}
