// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: cursor planes
 *
 * Each CRTC has a cursor plane (DRM_PLANE_TYPE_CURSOR) on the display
 * engine's hardware cursor, and is the CRTC's cursor for DRM, so the
 * legacy cursor ioctls (DRM_IOCTL_MODE_CURSOR, CURSOR2) take DRM's cursor
 * plane path through the atomic helpers. DRM_CAP_CURSOR_WIDTH/HEIGHT
 * answer the engine's largest cursor (DCE4: 64x64).
 *
 * The image is ARGB8888 with premultiplied alpha, in VRAM, pinned from
 * prepare_fb to cleanup_fb as a primary plane's buffer is. A legacy cursor
 * update (DRM_IOCTL_MODE_CURSOR) does not wait for the vblank before that
 * cleanup, so the buffer it replaced stays pinned until the CRTC's vblank
 * count shows the hardware latched the new one (ruby_cursor_release(),
 * from a work item the vblank interrupt queues; a CRTC going off releases
 * all of them): until then it can be neither moved nor freed and reused
 * while the engine still reads it. The engine
 * reads it in rows of its width from an aligned address, and neither
 * scales nor crops it, so atomic_check refuses (-EINVAL, with a debug line
 * saying why) a buffer larger than the engine's cursor, a source rectangle
 * other than the whole buffer, a destination of another size, a pitch
 * other than the width, an unaligned offset, a buffer in system memory
 * and a tiled one. The cursor may be partly or wholly off the CRTC; the
 * engine places a cursor partly off the top or left edge itself
 * (&ruby_display_funcs.set_cursor).
 *
 * The engine positions the cursor in the primary surface's coordinates,
 * so its position is the plane's CRTC_X/Y plus the primary plane's
 * source (viewport) origin. A commit that pans the primary plane takes
 * the cursor plane in too (ruby_cursor_follow_primary()), so the cursor
 * stays where userspace put it on the screen, and so every commit that
 * changes the origin waits for the previous commit of the cursor before
 * its state is swapped in: the cursor's atomic_update reads the primary's
 * state safely.
 */

#include <linux/slab.h>
#include <linux/workqueue.h>

#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_fourcc.h>
#include <drm/drm_framebuffer.h>
#include <drm/drm_gem.h>
#include <drm/drm_managed.h>
#include <drm/drm_modeset_helper_vtables.h>
#include <drm/drm_print.h>
#include <drm/drm_vblank.h>
#include <drm/radeon_drm.h>

#include <kunit/visibility.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_display.h"

static const u32 ruby_cursor_formats[] = { DRM_FORMAT_ARGB8888 };

/* a cursor plane, drmm-allocated */
struct ruby_cursor_plane {
	struct drm_plane base;
};

/**
 * ruby_cursor_check_layout - can the display's cursor show this plane state
 * @funcs: the display engine
 * @st: the cursor plane's state, with a framebuffer
 * @why: the reason of a refusal, out
 *
 * Returns: 0, or -EINVAL with @why set.
 */
int ruby_cursor_check_layout(const struct ruby_display_funcs *funcs,
			     const struct drm_plane_state *st, const char **why)
{
	const struct drm_framebuffer *fb = st->fb;

	if (fb->width > funcs->max_cursor || fb->height > funcs->max_cursor)
		*why = "larger than the hardware cursor";
	else if (st->src_x || st->src_y || st->src_w != fb->width << 16 ||
		 st->src_h != fb->height << 16)
		*why = "cursor must show its whole buffer";
	else if (st->crtc_w != fb->width || st->crtc_h != fb->height)
		*why = "cursor cannot be scaled";
	else if (fb->pitches[0] != fb->width * fb->format->cpp[0])
		*why = "cursor pitch must be its width";
	else if (fb->offsets[0] % funcs->cursor_align)
		*why = "cursor offset not aligned";
	else
		return 0;
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_cursor_check_layout);

static int ruby_cursor_check_fb(struct drm_plane *plane, const struct drm_plane_state *st)
{
	const struct ruby_display_funcs *funcs = to_ruby_device(plane->dev)->display->funcs;
	struct drm_framebuffer *fb = st->fb;
	struct ruby_bo *bo = gem_to_ruby_bo(fb->obj[0]);
	const char *why = NULL;

	if (ruby_bo_is_external(bo))
		why = "cursor buffer in system memory, not VRAM";
	else if (ruby_fb_tiling(fb) & (RADEON_TILING_MACRO | RADEON_TILING_MICRO))
		why = "cursor buffer tiled";
	else
		ruby_cursor_check_layout(funcs, st, &why);
	if (!why)
		return 0;
	drm_dbg_kms_ratelimited(plane->dev,
				"[PLANE:%d] cursor fb %ux%u pitch %u offset %u on %ux%u: %s (max %u)\n",
				plane->base.id, fb->width, fb->height, fb->pitches[0],
				fb->offsets[0], st->crtc_w, st->crtc_h, why, funcs->max_cursor);
	return -EINVAL;
}

static int ruby_cursor_atomic_check(struct drm_plane *plane, struct drm_atomic_state *state)
{
	struct drm_plane_state *st = drm_atomic_get_new_plane_state(state, plane);
	struct drm_crtc_state *crtc_st = NULL;
	int ret;

	if (st->fb) {
		ret = ruby_cursor_check_fb(plane, st);
		if (ret)
			return ret;
	}
	if (st->crtc)
		crtc_st = drm_atomic_get_new_crtc_state(state, st->crtc);
	/* unscaled (checked above); anywhere, partly or wholly off the CRTC */
	return drm_atomic_helper_check_plane_state(st, crtc_st, DRM_PLANE_NO_SCALING,
						   DRM_PLANE_NO_SCALING, true, true);
}

static unsigned int ruby_cursor_crtc_index(struct drm_crtc *crtc)
{
	return container_of(crtc, struct ruby_crtc, base)->index;
}

static void ruby_cursor_atomic_update(struct drm_plane *plane, struct drm_atomic_state *state)
{
	struct drm_plane_state *st = drm_atomic_get_new_plane_state(state, plane);
	struct ruby_device *rdev = to_ruby_device(plane->dev);
	const struct drm_plane_state *primary;
	struct drm_framebuffer *fb = st->fb;
	struct ruby_cursor cur;

	if (!st->crtc)
		return;
	if (!st->visible) {
		rdev->display->funcs->set_cursor(rdev, ruby_cursor_crtc_index(st->crtc), NULL);
		return;
	}
	/* the primary's state of this commit, or (not in it) its current one */
	primary = drm_atomic_get_new_plane_state(state, st->crtc->primary) ?:
		  st->crtc->primary->state;
	cur = (struct ruby_cursor){
		.addr = ruby_bo_gpu_addr(gem_to_ruby_bo(fb->obj[0])) + fb->offsets[0],
		.width = fb->width, .height = fb->height,
		.x = st->crtc_x, .y = st->crtc_y,
	};
	if (primary->visible) {
		cur.x += primary->src.x1 >> 16;
		cur.y += primary->src.y1 >> 16;
	}
	rdev->display->funcs->set_cursor(rdev, ruby_cursor_crtc_index(st->crtc), &cur);
}

static void ruby_cursor_atomic_disable(struct drm_plane *plane, struct drm_atomic_state *state)
{
	struct drm_plane_state *old = drm_atomic_get_old_plane_state(state, plane);
	struct ruby_device *rdev = to_ruby_device(plane->dev);

	if (old->crtc)
		rdev->display->funcs->set_cursor(rdev, ruby_cursor_crtc_index(old->crtc), NULL);
}

/**
 * ruby_cursor_follow_primary - take the cursor into a commit that pans
 * @state: the commit
 * @st: the primary plane's new state in it
 *
 * Returns: 0, or a negative errno (-EDEADLK: back off).
 */
int ruby_cursor_follow_primary(struct drm_atomic_state *state, struct drm_plane_state *st)
{
	struct drm_plane_state *old = drm_atomic_get_old_plane_state(state, st->plane);
	struct drm_plane_state *cursor;

	if (!st->crtc || !st->crtc->cursor ||
	    (old->src_x == st->src_x && old->src_y == st->src_y))
		return 0;
	cursor = drm_atomic_get_plane_state(state, st->crtc->cursor);
	return PTR_ERR_OR_ZERO(cursor);
}

/**
 * struct ruby_cursor_retired - a cursor buffer the hardware may still read
 * @node: in &ruby_crtc.cursor_retired
 * @obj: the buffer: pinned, and referenced
 * @vblank: the CRTC's vblank count from which it is not read any more
 */
struct ruby_cursor_retired {
	struct list_head node;
	struct drm_gem_object *obj;
	u64 vblank;
};

/**
 * ruby_cursor_release - unpin the retired cursor buffers of a CRTC
 * @rc: the CRTC
 * @all: every one (the CRTC is off), not only those whose vblank came
 */
void ruby_cursor_release(struct ruby_crtc *rc, bool all)
{
	u64 now = drm_crtc_vblank_count(&rc->base);
	struct ruby_cursor_retired *r, *tmp;
	LIST_HEAD(done);

	spin_lock_irq(&rc->cursor_lock);
	list_for_each_entry_safe(r, tmp, &rc->cursor_retired, node)
		if (all || now >= r->vblank)
			list_move_tail(&r->node, &done);
	spin_unlock_irq(&rc->cursor_lock);
	list_for_each_entry_safe(r, tmp, &done, node) {
		ruby_bo_unpin_scanout(gem_to_ruby_bo(r->obj));
		drm_gem_object_put(r->obj);
		drm_crtc_vblank_put(&rc->base);
		kfree(r);
	}
}

static void ruby_cursor_work(struct work_struct *work)
{
	ruby_cursor_release(container_of(work, struct ruby_crtc, cursor_work), false);
}

/**
 * ruby_cursor_vblank - a CRTC's vblank began
 * @rc: the CRTC
 *
 * Called from the vblank interrupt, after DRM counted the vblank.
 */
void ruby_cursor_vblank(struct ruby_crtc *rc)
{
	unsigned long flags;
	bool any;

	spin_lock_irqsave(&rc->cursor_lock, flags);
	any = !list_empty(&rc->cursor_retired);
	spin_unlock_irqrestore(&rc->cursor_lock, flags);
	if (any)
		queue_work(system_unbound_wq, &rc->cursor_work);
}

void ruby_cursor_crtc_init(struct ruby_crtc *rc)
{
	spin_lock_init(&rc->cursor_lock);
	INIT_LIST_HEAD(&rc->cursor_retired);
	INIT_WORK(&rc->cursor_work, ruby_cursor_work);
}

/*
 * Keep a buffer a legacy cursor update replaced until the hardware cannot
 * read it. The update wrote the new address before this runs; it latches
 * at the next vblank start, which may already be under way with its
 * interrupt not yet counted, so the buffer is kept for two vblanks.
 * Returns false when it may go now: the CRTC is off, or (no memory to
 * keep it) those two vblanks were waited for here.
 */
static bool ruby_cursor_retire(struct drm_crtc *crtc, struct drm_gem_object *obj)
{
	struct ruby_crtc *rc = container_of(crtc, struct ruby_crtc, base);
	struct ruby_cursor_retired *r;

	if (drm_crtc_vblank_get(crtc))
		return false;
	r = kmalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		drm_crtc_wait_one_vblank(crtc);
		drm_crtc_wait_one_vblank(crtc);
		drm_crtc_vblank_put(crtc);
		return false;
	}
	drm_gem_object_get(obj);
	r->obj = obj;
	r->vblank = drm_crtc_vblank_count(crtc) + 2;
	spin_lock_irq(&rc->cursor_lock);
	list_add_tail(&r->node, &rc->cursor_retired);
	spin_unlock_irq(&rc->cursor_lock);
	return true;
}

/*
 * A commit's helpers wait for the vblank before they clean the old planes
 * up, but not for a legacy cursor update (DRM_IOCTL_MODE_CURSOR and the
 * cursor plane's legacy SETPLANE): its old buffer is retired instead,
 * unless the update kept it (a move). A commit that failed cleans its new
 * states up, which were never shown.
 */
static void ruby_cursor_cleanup_fb(struct drm_plane *plane, struct drm_plane_state *st)
{
	struct drm_atomic_state *state = st->state;
	bool replaced = state && state->legacy_cursor_update && st->fb && st->crtc &&
			drm_atomic_get_old_plane_state(state, plane) == st &&
			drm_atomic_get_new_plane_state(state, plane)->fb != st->fb;

	if (!replaced || !ruby_cursor_retire(st->crtc, st->fb->obj[0]))
		ruby_plane_cleanup_fb(plane, st);
}

static const struct drm_plane_helper_funcs ruby_cursor_helper_funcs = {
	.prepare_fb = ruby_plane_prepare_fb,
	.cleanup_fb = ruby_cursor_cleanup_fb,
	.atomic_check = ruby_cursor_atomic_check,
	.atomic_update = ruby_cursor_atomic_update,
	.atomic_disable = ruby_cursor_atomic_disable,
};

/**
 * ruby_cursor_plane_init - the cursor plane of a CRTC
 * @rdev: the device
 * @crtc: the CRTC's index, before the CRTC is initialised with the plane
 *
 * Returns: the plane (drmm-allocated), NULL if the display has no cursor,
 * or an ERR_PTR.
 */
struct drm_plane *ruby_cursor_plane_init(struct ruby_device *rdev, unsigned int crtc)
{
	const struct ruby_display_funcs *funcs = rdev->display->funcs;
	struct ruby_cursor_plane *plane;

	if (!funcs->max_cursor)
		return NULL;
	plane = drmm_universal_plane_alloc(&rdev->drm, struct ruby_cursor_plane, base,
					   BIT(crtc), &ruby_plane_funcs, ruby_cursor_formats,
					   ARRAY_SIZE(ruby_cursor_formats), NULL,
					   DRM_PLANE_TYPE_CURSOR, NULL);
	if (IS_ERR(plane))
		return ERR_CAST(plane);
	drm_plane_helper_add(&plane->base, &ruby_cursor_helper_funcs);
	/* what DRM_CAP_CURSOR_WIDTH/HEIGHT answer */
	rdev->drm.mode_config.cursor_width = funcs->max_cursor;
	rdev->drm.mode_config.cursor_height = funcs->max_cursor;
	return &plane->base;
}
