// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: modesetting
 *
 * ruby's display is atomic, on DRM's atomic helpers. This file holds the
 * DRM objects and the atomic logic, and no register: the display engine's
 * generation programs the hardware through &struct ruby_display_funcs
 * (DCE4: evergreen/evergreen_dce.c, through the video BIOS's command
 * tables and the GRPH registers).
 *
 * Objects: a CRTC per display controller, each with one primary plane
 * (XRGB8888, ARGB8888, RGB565, XRGB2101010; linear or tiled) and a cursor
 * plane (ruby_cursor.c), and an encoder per connector, which may drive
 * any CRTC. An encoder whose connector has both a digital and an analog
 * path (DVI-I) takes the digital one unless the monitor's EDID says its
 * input is analog. An HDMI connector's encoder signals HDMI when its
 * sink's EDID has an HDMI VSDB (&drm_display_info.is_hdmi), else DVI; in
 * HDMI it is handed the mode and a copy of the connector's ELD
 * (&ruby_display_funcs.hdmi_enable: infoframes and audio). A DisplayPort
 * encoder trains its link when enabled and turns its connector's
 * link-status BAD if it cannot (ruby_dp.c).
 *
 * Checks (atomic_check, so TEST_ONLY commits see them; each refusal is
 * -EINVAL with a debug line saying why): the primary plane covers the
 * whole mode without scaling; its buffer is one ruby can pin in VRAM,
 * its pitch and offset aligned as the engine reads rows and within its
 * widest row; a tiled buffer (1D or 2D, by its tiling flags as they were
 * when its framebuffer was made) in a layout the engine reads, padded to
 * whole tiles inside the buffer and starting on a tile; the mode is
 * progressive, its pixel clock within the firmware's maximum and
 * reachable by the pixel PLL, at what the display engine asks of the PLL
 * for the route the CRTC drives (&ruby_display_funcs.adjust_pll: a
 * frequency, maybe a reference or post divider; a hardware failure there
 * fails the check too); two CRTCs that share a PLL run at one setting
 * (one takes the other's if it gives what it asks); a DisplayPort link to
 * the sink carries the mode (ruby_dp.c). The route and the PLL's setting
 * are kept in the CRTC's state (&struct ruby_crtc_state), and the commit
 * programs exactly those; a DP link whose training falls back to another
 * rate has its PLL set again for it, into that state
 * (ruby_kms_dp_link_pll()).
 *
 * Commits run in the order of the helpers' runtime-PM tail: disables
 * (encoders, then CRTCs), enables (CRTCs, then encoders), then the planes
 * of the active CRTCs, so that a new surface is written to a running CRTC
 * and latched at its vblank like any flip. A CRTC going off drops its
 * surface itself. The tail then waits for the commit's flips to complete
 * (each CRTC's event, sent when its surfaces latched or it went off)
 * before the old buffers are cleaned up, rather than for a vblank: the
 * hardware said it is done with them, and a host that starves a virtual
 * machine for a while delays that wait instead of tripping the helpers'
 * 100 ms vblank warning. Buffers are pinned in VRAM from prepare_fb to
 * cleanup_fb; the helpers wait for their fences (implicit, from the
 * buffer's reservation, and IN_FENCE_FD) before the commit's tail, which
 * for a nonblocking commit runs in a worker. The gamma LUT (256 entries,
 * or linear) is loaded at a modeset and when it changes. A CRTC switched
 * on or off reprograms the display engine's shared line buffers and memory
 * arbitration for every CRTC that runs (&ruby_display_funcs.bandwidth),
 * before it starts and after it stops.
 *
 * Vblank: each CRTC has DRM's vblank support, with the hardware's frame
 * counter (as the generation cooks it into a count of vblanks begun) and
 * timestamps from its scanout position. The interrupts are handled in the
 * IRQ thread (ruby_kms_irq(), from the IH ring's walk): a vblank one is
 * DRM's vblank; a page-flip one says the CRTC latched the surface address
 * written to it; a hot-plug one goes to the connectors
 * (ruby_display_hpd_irq()).
 *
 * Completion events: atomic_flush arms the commit's event on its CRTC
 * (&ruby_crtc.event, under &drm_device.event_lock, holding a vblank
 * reference) after the planes wrote their surfaces. The flip or vblank
 * interrupt that finds no surface pending any more sends it, and so does
 * atomic_flush itself when nothing is pending (no new surface, or it
 * latched already); the event lock makes exactly one of them send it. A
 * CRTC going off sends its armed event and the commit's at once. The
 * helpers refuse a nonblocking commit on a CRTC whose previous flip has
 * not completed (-EBUSY).
 */

#include <linux/slab.h>

#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_color_mgmt.h>
#include <drm/drm_edid.h>
#include <drm/drm_fourcc.h>
#include <drm/drm_framebuffer.h>
#include <drm/drm_gem_atomic_helper.h>
#include <drm/drm_gem_framebuffer_helper.h>
#include <drm/drm_managed.h>
#include <drm/drm_modeset_helper_vtables.h>
#include <drm/drm_print.h>
#include <drm/drm_probe_helper.h>
#include <drm/drm_vblank.h>
#include <drm/radeon_drm.h>

#include <kunit/visibility.h>

#include "atom/atom_defs.h"
#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_display.h"
#include "ruby_vbios.h"

static const u32 ruby_kms_formats[] = {
	DRM_FORMAT_XRGB8888, DRM_FORMAT_ARGB8888, DRM_FORMAT_RGB565, DRM_FORMAT_XRGB2101010,
};

/*
 * The range a divider of the PLL's setting is searched in: only @fixed if
 * the video BIOS fixed it (still within [@lo, @hi], or nothing), else all
 * of [@lo, @hi]. Returns false if that range is empty.
 */
static bool ruby_kms_pll_range(u32 fixed, u32 lo, u32 hi, u32 *first, u32 *last)
{
	if (fixed) {
		lo = max(lo, fixed);
		hi = min(hi, fixed);
	}
	*first = lo;
	*last = hi;
	return lo <= hi;
}

/**
 * ruby_kms_pll_dividers - the pixel PLL setting nearest a frequency
 * @lim: the PLL's range
 * @req: the frequency wanted (kHz), and the reference and post dividers
 *	it must be reached with, if the video BIOS fixed them
 * @div: the setting, out (its @clock the one it gives)
 *
 * Searches every reference divider keeping the comparison frequency in
 * range and every post divider keeping the VCO in range (only the fixed
 * one of either, if @req fixes it), feedback divider in tenths, for the
 * smallest error; the first found wins a tie, which prefers small
 * reference and post dividers.
 *
 * Returns: 0, or -ERANGE if no setting reaches @req's clock within 0.5%.
 */
int ruby_kms_pll_dividers(const struct ruby_pll_limits *lim, const struct ruby_pll_req *req,
			  struct ruby_pll_dividers *div)
{
	u64 best = U64_MAX, err, fb10, got;
	u32 clock = req->clock, ref_div, ref_hi, post, post_lo, post_hi;

	if (!clock || !lim->ref ||
	    !ruby_kms_pll_range(req->post_div, max(DIV_ROUND_UP(lim->vco_min, clock), 1u),
				min(lim->vco_max / clock, lim->post_max), &post_lo, &post_hi) ||
	    !ruby_kms_pll_range(req->ref_div, 1, lim->ref_max, &ref_div, &ref_hi))
		return -ERANGE;
	for (; ref_div <= ref_hi; ref_div++) {
		if (lim->ref / ref_div > lim->in_max || lim->ref / ref_div < lim->in_min)
			continue;
		for (post = post_lo; post <= post_hi; post++) {
			fb10 = DIV_ROUND_CLOSEST_ULL((u64)clock * post * ref_div * 10, lim->ref);
			if (!fb10 || fb10 > (u64)lim->fb_max * 10)
				continue;
			got = DIV_ROUND_CLOSEST_ULL((u64)lim->ref * fb10, 10ull * ref_div * post);
			err = got > clock ? got - clock : clock - got;
			if (err >= best)
				continue;
			best = err;
			*div = (struct ruby_pll_dividers){ ref_div, div_u64(fb10, 10),
							   (u32)(fb10 % 10), post, (u32)got };
		}
	}
	return best * 200 <= clock ? 0 : -ERANGE;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_kms_pll_dividers);

/**
 * ruby_kms_check_surface - can a CRTC read rows of this layout
 * @funcs: the display engine
 * @format: DRM_FORMAT_*
 * @pitch: bytes per row
 * @offset: of the first pixel in its buffer, bytes
 * @width: pixels per row the buffer has
 * @why: the reason of a refusal, out
 *
 * Returns: 0, or -EINVAL with @why set.
 */
int ruby_kms_check_surface(const struct ruby_display_funcs *funcs, u32 format, u32 pitch,
			   u64 offset, u32 width, const char **why)
{
	const struct drm_format_info *info = drm_format_info(format);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ruby_kms_formats); i++)
		if (ruby_kms_formats[i] == format)
			break;
	if (!info || i == ARRAY_SIZE(ruby_kms_formats))
		*why = "format not scanned out";
	else if (pitch % funcs->pitch_align || offset % funcs->pitch_align)
		*why = "pitch or offset not aligned to the display's rows";
	else if (pitch % info->cpp[0] || pitch / info->cpp[0] > funcs->max_pitch)
		*why = "pitch past the display's widest row";
	else if (pitch < (u64)width * info->cpp[0])
		*why = "pitch shorter than a row";
	else
		return 0;
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_kms_check_surface);

/* a primary plane, drmm-allocated */
struct ruby_plane {
	struct drm_plane base;
};

/* the pixel PLL CRTC @index runs on (&ruby_display_funcs.num_pll) */
static unsigned int ruby_crtc_pll(const struct ruby_display *disp, unsigned int index)
{
	return index % disp->funcs->num_pll;
}

static inline struct ruby_crtc *to_ruby_crtc(struct drm_crtc *crtc)
{
	return container_of(crtc, struct ruby_crtc, base);
}

static inline struct ruby_encoder *to_ruby_encoder(struct drm_encoder *enc)
{
	return container_of(enc, struct ruby_encoder, base);
}

static const struct ruby_display_funcs *ruby_kms_funcs(struct drm_device *drm)
{
	return to_ruby_device(drm)->display->funcs;
}

/* ---- framebuffers ---- */

/*
 * A framebuffer, with its buffer's tiling as it was when the framebuffer
 * was made: checks and scanout both go by that, so a GEM_SET_TILING on the
 * buffer afterwards cannot make a checked layout reach past the buffer.
 */
struct ruby_fb {
	struct drm_framebuffer base;
	u32 tiling;
};

/**
 * ruby_fb_tiling - a framebuffer's tiling, as its buffer had it at ADDFB
 * @fb: a framebuffer ruby made
 *
 * Returns: its RADEON_TILING_* flags, the swap bits aside. Every plane
 * checks and scans out by these, never by the buffer's current flags.
 */
u32 ruby_fb_tiling(const struct drm_framebuffer *fb)
{
	return container_of(fb, struct ruby_fb, base)->tiling &
	       ~(RADEON_TILING_SWAP_16BIT | RADEON_TILING_SWAP_32BIT);
}

static const struct drm_framebuffer_funcs ruby_fb_funcs = {
	.destroy = drm_gem_fb_destroy,
	.create_handle = drm_gem_fb_create_handle,
};

static struct drm_framebuffer *ruby_fb_create(struct drm_device *drm, struct drm_file *file,
					      const struct drm_mode_fb_cmd2 *cmd)
{
	struct ruby_fb *rfb = kzalloc(sizeof(*rfb), GFP_KERNEL);
	int ret;

	if (!rfb)
		return ERR_PTR(-ENOMEM);
	ret = drm_gem_fb_init_with_funcs(drm, &rfb->base, file, cmd, &ruby_fb_funcs);
	if (ret) {
		kfree(rfb);
		return ERR_PTR(ret);
	}
	rfb->tiling = READ_ONCE(gem_to_ruby_bo(rfb->base.obj[0])->tiling_flags);
	return &rfb->base;
}

/* ---- the primary plane ---- */

/*
 * A tiled buffer: a layout the display reads, padded to whole tiles inside
 * the buffer, and starting where a tile may (the buffer placed on such a
 * boundary, the framebuffer's offset one too)
 */
static void ruby_plane_check_tiled(struct drm_plane *plane, const struct drm_framebuffer *fb,
				   const char **why)
{
	const struct ruby_display_funcs *funcs = ruby_kms_funcs(plane->dev);
	struct ruby_bo *bo = gem_to_ruby_bo(fb->obj[0]);
	u64 place = (u64)max_t(u32, bo->tbo.page_alignment, 1) << PAGE_SHIFT;
	u32 halign, base_align;

	if (!funcs->tiled_layout) {
		*why = "tiled buffer (this display scans out linear ones only)";
		return;
	}
	if (funcs->tiled_layout(to_ruby_device(plane->dev), ruby_fb_tiling(fb),
				fb->format->format, fb->pitches[0], &halign, &base_align, why))
		return;
	if (fb->offsets[0] % base_align || place % base_align)
		*why = "tiled buffer not placed on a tile boundary";
	else if (fb->offsets[0] + (u64)fb->pitches[0] * round_up(fb->height, halign) >
		 fb->obj[0]->size)
		*why = "tiled buffer shorter than its rows padded to whole tiles";
}

static int ruby_plane_check_fb(struct drm_plane *plane, struct drm_plane_state *st)
{
	struct drm_framebuffer *fb = st->fb;
	struct ruby_bo *bo = gem_to_ruby_bo(fb->obj[0]);
	const char *why = NULL;

	if (ruby_bo_is_external(bo))
		why = "buffer in system memory, not VRAM";
	else if (ruby_kms_check_surface(ruby_kms_funcs(plane->dev), fb->format->format,
					fb->pitches[0], fb->offsets[0], fb->width, &why))
		;
	else if (ruby_fb_tiling(fb) & (RADEON_TILING_MACRO | RADEON_TILING_MICRO))
		ruby_plane_check_tiled(plane, fb, &why);
	if (!why)
		return 0;
	drm_dbg_kms_ratelimited(plane->dev, "[PLANE:%d] fb %ux%u %p4cc pitch %u offset %u: %s\n",
				plane->base.id, fb->width, fb->height, &fb->format->format,
				fb->pitches[0], fb->offsets[0], why);
	return -EINVAL;
}

static int ruby_plane_atomic_check(struct drm_plane *plane, struct drm_atomic_state *state)
{
	struct drm_plane_state *st = drm_atomic_get_new_plane_state(state, plane);
	struct drm_crtc_state *crtc_st = NULL;
	int ret;

	if (st->crtc)
		crtc_st = drm_atomic_get_new_crtc_state(state, st->crtc);
	ret = drm_atomic_helper_check_plane_state(st, crtc_st, DRM_PLANE_NO_SCALING,
						  DRM_PLANE_NO_SCALING, false, true);
	if (ret) {
		drm_dbg_kms_ratelimited(plane->dev, "[PLANE:%d] must cover its CRTC, unscaled\n",
					plane->base.id);
		return ret;
	}
	ret = ruby_cursor_follow_primary(state, st);
	if (ret)
		return ret;
	return st->visible ? ruby_plane_check_fb(plane, st) : 0;
}

/* a primary or cursor plane's buffer: pinned in VRAM while it is scanned out */
int ruby_plane_prepare_fb(struct drm_plane *plane, struct drm_plane_state *st)
{
	u64 addr;
	int ret;

	if (!st->fb)
		return 0;
	ret = drm_gem_plane_helper_prepare_fb(plane, st);
	if (ret)
		return ret;
	/* the address is read back in atomic_update, from the pinned BO */
	return ruby_bo_pin_scanout(gem_to_ruby_bo(st->fb->obj[0]), &addr);
}

void ruby_plane_cleanup_fb(struct drm_plane *plane, struct drm_plane_state *st)
{
	if (st->fb)
		ruby_bo_unpin_scanout(gem_to_ruby_bo(st->fb->obj[0]));
}

static void ruby_plane_atomic_update(struct drm_plane *plane, struct drm_atomic_state *state)
{
	struct drm_plane_state *st = drm_atomic_get_new_plane_state(state, plane);
	struct ruby_device *rdev = to_ruby_device(plane->dev);
	struct drm_framebuffer *fb = st->fb;
	struct ruby_surface surf;

	if (!st->crtc)
		return;
	if (!st->visible) {
		rdev->display->funcs->set_surface(rdev, to_ruby_crtc(st->crtc)->index, NULL);
		return;
	}
	/* the address latches at the CRTC's next vblank: the flip */
	surf = (struct ruby_surface){
		.addr = ruby_bo_gpu_addr(gem_to_ruby_bo(fb->obj[0])) + fb->offsets[0],
		.format = fb->format->format, .pitch = fb->pitches[0],
		.tiling = ruby_fb_tiling(fb),
		.fb_width = fb->width, .fb_height = fb->height,
		.x = st->src.x1 >> 16, .y = st->src.y1 >> 16,
		.width = drm_rect_width(&st->dst), .height = drm_rect_height(&st->dst),
	};
	rdev->display->funcs->set_surface(rdev, to_ruby_crtc(st->crtc)->index, &surf);
}

static void ruby_plane_atomic_disable(struct drm_plane *plane, struct drm_atomic_state *state)
{
	struct drm_plane_state *old = drm_atomic_get_old_plane_state(state, plane);
	struct ruby_device *rdev = to_ruby_device(plane->dev);

	if (old->crtc)
		rdev->display->funcs->set_surface(rdev, to_ruby_crtc(old->crtc)->index, NULL);
}

static const struct drm_plane_helper_funcs ruby_plane_helper_funcs = {
	.prepare_fb = ruby_plane_prepare_fb,
	.cleanup_fb = ruby_plane_cleanup_fb,
	.atomic_check = ruby_plane_atomic_check,
	.atomic_update = ruby_plane_atomic_update,
	.atomic_disable = ruby_plane_atomic_disable,
};

/* a primary or cursor plane's: the atomic helpers' */
const struct drm_plane_funcs ruby_plane_funcs = {
	.update_plane = drm_atomic_helper_update_plane,
	.disable_plane = drm_atomic_helper_disable_plane,
	.reset = drm_atomic_helper_plane_reset,
	.atomic_duplicate_state = drm_atomic_helper_plane_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_plane_destroy_state,
};

/* ---- CRTCs ---- */

static inline struct ruby_crtc_state *to_ruby_crtc_state(struct drm_crtc_state *st)
{
	return container_of(st, struct ruby_crtc_state, base);
}

static struct ruby_route ruby_encoder_route(const struct ruby_device *rdev,
					    const struct ruby_connector *rc);

/* the route of the connector @st's CRTC drives: the helpers allow one */
static int ruby_crtc_find_route(struct drm_crtc *crtc, struct drm_atomic_state *state,
				struct drm_crtc_state *st, struct ruby_route *route)
{
	const struct drm_connector_state *cs;
	struct drm_connector *con;
	struct ruby_connector *rc;
	int i;

	for_each_new_connector_in_state(state, con, cs, i) {
		if (cs->crtc != crtc)
			continue;
		rc = container_of(con, struct ruby_connector, base);
		*route = ruby_encoder_route(to_ruby_device(crtc->dev), rc);
		return rc->dp ? ruby_dp_check_link(rc, &st->adjusted_mode, route) : 0;
	}
	drm_dbg_kms_ratelimited(crtc->dev, "[CRTC:%d] enabled without a connector\n",
				crtc->base.id);
	return -EINVAL;
}

/*
 * What the pixel PLL must give for @route at pixel clock @clock (kHz), as
 * the display engine asks, and the setting nearest it: -ERANGE if the PLL
 * cannot give it, or &ruby_display_funcs.adjust_pll's errno
 */
static int ruby_kms_pll_setting(struct ruby_device *rdev, const struct ruby_route *route,
				u32 clock, struct ruby_pll_req *req, struct ruby_pll_dividers *div)
{
	const struct ruby_display_funcs *funcs = rdev->display->funcs;
	struct ruby_pll_limits lim;
	int ret;

	*req = (struct ruby_pll_req){ .clock = clock };
	if (funcs->adjust_pll) {
		ret = funcs->adjust_pll(rdev, route, clock, req);
		if (ret)
			return ret;
	}
	funcs->pll_limits(rdev, &lim);
	return ruby_kms_pll_dividers(&lim, req, div) ? -ERANGE : 0;
}

/*
 * The route @st's CRTC drives and the setting of its pixel PLL for it and
 * the mode, as the display engine (its video BIOS) demands: once for a
 * state, which ruby_crtc_check_pll() may ask for before the CRTC's own
 * check. -EINVAL with a debug line if the PLL cannot give it.
 */
static int ruby_crtc_choose_pll(struct drm_crtc *crtc, struct drm_atomic_state *state,
				struct drm_crtc_state *st)
{
	struct ruby_crtc_state *rst = to_ruby_crtc_state(st);
	struct ruby_device *rdev = to_ruby_device(crtc->dev);
	u32 clock = st->adjusted_mode.clock;
	int ret;

	if (rst->pll_checked)
		return 0;
	ret = ruby_crtc_find_route(crtc, state, st, &rst->route);
	if (!ret)
		ret = ruby_kms_pll_setting(rdev, &rst->route, clock, &rst->req, &rst->div);
	if (ret == -ERANGE) {
		drm_dbg_kms_ratelimited(crtc->dev,
					"[CRTC:%d] %d kHz: pixel clock out of the PLL's reach (%u kHz, reference divider %u, post divider %u asked)\n",
					crtc->base.id, clock, rst->req.clock, rst->req.ref_div,
					rst->req.post_div);
		return -EINVAL;
	}
	if (ret)
		return ret;
	rst->pll_checked = true;
	return 0;
}

/**
 * ruby_kms_dp_link_pll - set a CRTC's pixel PLL again for its DP link's rate
 * @rdev: the device
 * @crtc: the lit CRTC (index) driving @route
 * @route: its DP route, at the link about to be set up (its encoder off)
 * @clock: the CRTC's pixel clock, kHz
 *
 * Called in a commit tail when DP link training moves to a rate the PLL
 * was not set for (a fallback, ruby_dp.c): on engines whose PLL runs at
 * the link's clock, the PLL is asked for again (&ruby_display_funcs.adjust_pll),
 * its dividers searched and programmed (&ruby_display_funcs.set_pll), and
 * the CRTC's state keeps the new setting, which a CRTC joining the PLL
 * later shares. A PLL another lit CRTC runs on is not changed under it.
 *
 * Returns: 0; -EBUSY if the PLL is shared, -ERANGE if it cannot give what
 * is asked, or the display engine's errno; each after a drm_err.
 */
int ruby_kms_dp_link_pll(struct ruby_device *rdev, unsigned int crtc,
			 const struct ruby_route *route, u32 clock)
{
	struct ruby_display *disp = rdev->display;
	struct ruby_crtc_state *st = to_ruby_crtc_state(disp->crtc[crtc].base.state);
	unsigned int pll = ruby_crtc_pll(disp, crtc);
	u32 others = disp->pll_users[pll] & ~BIT(crtc);
	struct ruby_pll_dividers div;
	struct ruby_pll_req req;
	int ret;

	if (!disp->funcs->set_pll || !disp->funcs->adjust_pll)
		return 0;
	if (others) {
		drm_err(&rdev->drm, "display: CRTC %u: pixel PLL %u also runs CRTC %lu: not set again for a DP link at %u kHz\n",
			crtc, pll, __ffs(others), route->dp_rate);
		return -EBUSY;
	}
	ret = ruby_kms_pll_setting(rdev, route, clock, &req, &div);
	if (ret == -ERANGE)
		drm_err(&rdev->drm, "display: CRTC %u: a DP link at %u kHz asks its PLL for %u kHz, out of its reach\n",
			crtc, route->dp_rate, req.clock);
	if (!ret)
		ret = disp->funcs->set_pll(rdev, crtc, pll, &div, route, clock);
	if (ret)
		return ret;
	st->route.dp_lanes = route->dp_lanes;
	st->route.dp_rate = route->dp_rate;
	st->req = req;
	st->div = div;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_kms_dp_link_pll);

/* @div is a setting that gives what @req asks */
static bool ruby_pll_meets(const struct ruby_pll_dividers *div, const struct ruby_pll_req *req)
{
	u32 err = abs_diff(div->clock, req->clock);

	return err * 200ull <= req->clock && (!req->ref_div || div->ref_div == req->ref_div) &&
	       (!req->post_div || div->post_div == req->post_div);
}

/*
 * Two CRTCs on one PLL: one setting for both. A CRTC this commit checks
 * takes the other's if that gives what it asks.
 */
static int ruby_crtc_share_pll(struct ruby_crtc_state *a, struct ruby_crtc_state *b)
{
	if (!memcmp(&a->div, &b->div, sizeof(a->div)))
		return 0;
	if (a->pll_checked && ruby_pll_meets(&b->div, &a->req))
		a->div = b->div;
	else if (b->pll_checked && ruby_pll_meets(&a->div, &b->req))
		b->div = a->div;
	else
		return -EINVAL;
	return 0;
}

/* the CRTCs sharing @crtc's PLL, in the commit, at one setting */
static int ruby_crtc_check_pll(struct drm_crtc *crtc, struct drm_atomic_state *state,
			       struct drm_crtc_state *st)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);
	unsigned int i, np = rdev->display->funcs->num_pll, index = to_ruby_crtc(crtc)->index;
	const struct ruby_pll_req *req = &to_ruby_crtc_state(st)->req;
	struct drm_crtc *oc;
	struct drm_crtc_state *other;
	int ret;

	for (i = ruby_crtc_pll(rdev->display, index); i < rdev->display->num_crtc; i += np) {
		oc = &rdev->display->crtc[i].base;
		other = i == index ? NULL : drm_atomic_get_crtc_state(state, oc);
		if (IS_ERR(other))
			return PTR_ERR(other);
		if (!other || !st->active || !other->active)
			continue;
		ret = drm_atomic_crtc_needs_modeset(other) ?
		      ruby_crtc_choose_pll(oc, state, other) : 0;
		if (ret)
			return ret;
		if (!ruby_crtc_share_pll(to_ruby_crtc_state(st), to_ruby_crtc_state(other)))
			continue;
		drm_dbg_kms_ratelimited(crtc->dev,
					"[CRTC:%d] PLL shared with CRTC %u, at %u kHz: not the %u kHz (reference divider %u, post divider %u) this one needs\n",
					crtc->base.id, i, to_ruby_crtc_state(other)->div.clock,
					req->clock, req->ref_div, req->post_div);
		return -EINVAL;
	}
	return 0;
}

static int ruby_crtc_check_mode(struct drm_crtc *crtc, const struct drm_display_mode *mode)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);
	const char *why = NULL;

	if (mode->flags & (DRM_MODE_FLAG_INTERLACE | DRM_MODE_FLAG_DBLSCAN | DRM_MODE_FLAG_DBLCLK))
		why = "interlaced or doubled modes are not supported";
	else if (mode->clock > rdev->vbios->fw.max_pixel_clock * 10)
		why = "pixel clock above the firmware's maximum";
	if (!why)
		return 0;
	drm_dbg_kms_ratelimited(crtc->dev, "[CRTC:%d] mode %dx%d at %d kHz: %s (max %u kHz)\n",
				crtc->base.id, mode->hdisplay, mode->vdisplay, mode->clock, why,
				rdev->vbios->fw.max_pixel_clock * 10);
	return -EINVAL;
}

static int ruby_crtc_atomic_check(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct drm_crtc_state *st = drm_atomic_get_new_crtc_state(state, crtc);
	int ret;

	if (st->color_mgmt_changed && st->gamma_lut &&
	    drm_color_lut_size(st->gamma_lut) != RUBY_LUT_SIZE) {
		drm_dbg_kms_ratelimited(crtc->dev, "[CRTC:%d] gamma LUT of %u entries, not %u\n",
					crtc->base.id, drm_color_lut_size(st->gamma_lut),
					RUBY_LUT_SIZE);
		return -EINVAL;
	}
	if (!drm_atomic_crtc_needs_modeset(st))
		return 0;
	if (st->enable) {
		ret = ruby_crtc_check_mode(crtc, &st->adjusted_mode);
		if (!ret)
			ret = ruby_crtc_choose_pll(crtc, state, st);
		if (ret)
			return ret;
	}
	return ruby_crtc_check_pll(crtc, state, st);
}

static void ruby_crtc_load_lut(struct drm_crtc *crtc)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);
	struct drm_property_blob *blob = crtc->state->gamma_lut;

	rdev->display->funcs->load_lut(rdev, to_ruby_crtc(crtc)->index,
				       blob ? blob->data : NULL);
}

/*
 * The display engine's line buffers and memory arbitration, shared by the
 * CRTCs: CRTC @index now runs @mode (NULL: it is off), and every CRTC's
 * share is set again for what runs. The modes come from ruby's own copy
 * (&ruby_display.bw_mode), not from the other CRTCs' states, so commits
 * on different CRTCs do not wait for each other.
 */
static void ruby_kms_bandwidth(struct ruby_device *rdev, unsigned int index,
			       const struct drm_display_mode *mode)
{
	const struct drm_display_mode *modes[RUBY_MAX_CRTC] = { };
	struct ruby_display *disp = rdev->display;
	unsigned int i;

	if (!disp->funcs->bandwidth)
		return;
	mutex_lock(&disp->bw_lock);
	if (mode)
		drm_mode_copy(&disp->bw_mode[index], mode);
	disp->bw_on = mode ? disp->bw_on | BIT(index) : disp->bw_on & ~BIT(index);
	for (i = 0; i < disp->num_crtc; i++)
		if (disp->bw_on & BIT(i))
			modes[i] = &disp->bw_mode[i];
	disp->funcs->bandwidth(rdev, modes);
	mutex_unlock(&disp->bw_lock);
}

/* ---- vblank and flip completion ---- */

static int ruby_crtc_enable_vblank(struct drm_crtc *crtc)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);

	rdev->display->funcs->vblank_irq(rdev, to_ruby_crtc(crtc)->index, true);
	return 0;
}

static void ruby_crtc_disable_vblank(struct drm_crtc *crtc)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);

	rdev->display->funcs->vblank_irq(rdev, to_ruby_crtc(crtc)->index, false);
}

static u32 ruby_crtc_get_vblank_counter(struct drm_crtc *crtc)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);

	return rdev->display->funcs->vblank_counter(rdev, to_ruby_crtc(crtc)->index);
}

static bool ruby_crtc_get_scanout_position(struct drm_crtc *crtc, bool in_vblank_irq,
					   int *vpos, int *hpos, ktime_t *stime,
					   ktime_t *etime, const struct drm_display_mode *mode)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);

	if (stime)
		*stime = ktime_get();
	rdev->display->funcs->scanout_pos(rdev, to_ruby_crtc(crtc)->index, vpos, hpos);
	if (etime)
		*etime = ktime_get();
	return true;
}

/*
 * Send @rc's armed flip event if its surface is no longer pending (or
 * @force). Returns whether it did: the caller then drops the event's
 * vblank reference, outside the event lock.
 */
static bool ruby_crtc_flip_done(struct ruby_crtc *rc, bool force)
{
	struct ruby_device *rdev = to_ruby_device(rc->base.dev);

	lockdep_assert_held(&rc->base.dev->event_lock);
	if (!rc->event ||
	    (!force && rdev->display->funcs->flip_pending(rdev, rc->index)))
		return false;
	/* the event's count: the flip interrupt may come before the vblank's */
	drm_crtc_accurate_vblank_count(&rc->base);
	drm_crtc_send_vblank_event(&rc->base, rc->event);
	rc->event = NULL;
	return true;
}

static void ruby_crtc_complete(struct ruby_crtc *rc, bool force)
{
	unsigned long flags;
	bool sent;

	spin_lock_irqsave(&rc->base.dev->event_lock, flags);
	sent = ruby_crtc_flip_done(rc, force);
	spin_unlock_irqrestore(&rc->base.dev->event_lock, flags);
	if (sent)
		drm_crtc_vblank_put(&rc->base);
}

/* atomic_flush: the commit's event waits for its surface to latch */
static void ruby_crtc_arm_event(struct drm_crtc *crtc, struct drm_crtc_state *st)
{
	struct drm_pending_vblank_event *event = st->event;
	struct ruby_crtc *rc = to_ruby_crtc(crtc);
	unsigned long flags;
	bool ref;

	if (!event)
		return;
	st->event = NULL;
	ref = !drm_crtc_vblank_get(crtc);
	spin_lock_irqsave(&crtc->dev->event_lock, flags);
	/* the helpers complete a CRTC's flip before they commit on it again */
	if (ref && !rc->event) {
		rc->event = event;
		event = NULL;
		ref = ruby_crtc_flip_done(rc, false);
	}
	if (event)
		drm_crtc_send_vblank_event(crtc, event);
	spin_unlock_irqrestore(&crtc->dev->event_lock, flags);
	if (ref)
		drm_crtc_vblank_put(crtc);
}

/* atomic_disable: the CRTC is off, so its flip and the commit are done */
static void ruby_crtc_send_off_event(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct drm_crtc_state *st = drm_atomic_get_new_crtc_state(state, crtc);
	unsigned long flags;

	if (!st->event)
		return;
	spin_lock_irqsave(&crtc->dev->event_lock, flags);
	drm_crtc_send_vblank_event(crtc, st->event);
	spin_unlock_irqrestore(&crtc->dev->event_lock, flags);
	st->event = NULL;
}

/**
 * ruby_kms_irq - handle a display interrupt
 * @rdev: the device
 * @iv: the IH vector
 *
 * Called from the IRQ thread (process context), for every vector that is
 * not a fence's.
 *
 * Returns: whether it was a display interrupt (acknowledged, handled).
 */
bool ruby_kms_irq(struct ruby_device *rdev, const struct ruby_iv *iv)
{
	struct ruby_display *disp = rdev->display;
	enum ruby_display_irq kind;
	unsigned int crtc;

	if (!disp || !disp->modeset)
		return false;
	kind = disp->funcs->irq_ack(rdev, iv, &crtc);
	if (kind == RUBY_DISPLAY_IRQ_NONE)
		return false;
	if (kind == RUBY_DISPLAY_IRQ_HPD) {
		ruby_display_hpd_irq(rdev, crtc);
		return true;
	}
	if (kind == RUBY_DISPLAY_IRQ_HPD_RX) {
		ruby_dp_hpd_irq(rdev, crtc);
		return true;
	}
	if (crtc >= disp->num_crtc)
		return true;
	if (kind == RUBY_DISPLAY_IRQ_VBLANK) {
		drm_crtc_handle_vblank(&disp->crtc[crtc].base);
		ruby_cursor_vblank(&disp->crtc[crtc]);
	}
	ruby_crtc_complete(&disp->crtc[crtc], false);
	return true;
}

static void ruby_crtc_atomic_enable(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);
	struct ruby_display *disp = rdev->display;
	const struct drm_display_mode *mode = &crtc->state->adjusted_mode;
	unsigned int index = to_ruby_crtc(crtc)->index, pll = ruby_crtc_pll(disp, index);
	const struct ruby_crtc_state *st = to_ruby_crtc_state(crtc->state);

	/* the PLL's setting is atomic_check's, for the route it found */
	ruby_crtc_load_lut(crtc);
	ruby_kms_bandwidth(rdev, index, mode);
	if (!disp->funcs->crtc_enable(rdev, index, pll, !disp->pll_users[pll], &st->div,
				      &st->route, mode))
		disp->pll_users[pll] |= BIT(index);
	disp->funcs->flip_irq(rdev, index, true);
	drm_crtc_vblank_on(crtc);
}

static void ruby_crtc_atomic_disable(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct ruby_device *rdev = to_ruby_device(crtc->dev);
	struct ruby_display *disp = rdev->display;
	unsigned int index = to_ruby_crtc(crtc)->index, pll = ruby_crtc_pll(disp, index);

	ruby_crtc_complete(to_ruby_crtc(crtc), true);
	drm_crtc_vblank_off(crtc);
	disp->funcs->flip_irq(rdev, index, false);
	disp->pll_users[pll] &= ~BIT(index);
	disp->funcs->crtc_disable(rdev, index, pll, !disp->pll_users[pll]);
	/*
	 * Planes of inactive CRTCs are not committed (DRM_PLANE_COMMIT_ACTIVE_ONLY):
	 * the CRTC takes its primary surface and its cursor off itself, or the
	 * cursor would come back with the next mode set on it
	 */
	disp->funcs->set_surface(rdev, index, NULL);
	if (disp->funcs->set_cursor)
		disp->funcs->set_cursor(rdev, index, NULL);
	ruby_kms_bandwidth(rdev, index, NULL);
	ruby_crtc_send_off_event(crtc, state);
	ruby_cursor_release(to_ruby_crtc(crtc), true);
}

static void ruby_crtc_atomic_flush(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct drm_crtc_state *st = drm_atomic_get_new_crtc_state(state, crtc);

	if (st->active && st->color_mgmt_changed && !drm_atomic_crtc_needs_modeset(st))
		ruby_crtc_load_lut(crtc);
	ruby_crtc_arm_event(crtc, st);
}

static const struct drm_crtc_helper_funcs ruby_crtc_helper_funcs = {
	.atomic_check = ruby_crtc_atomic_check,
	.atomic_flush = ruby_crtc_atomic_flush,
	.atomic_enable = ruby_crtc_atomic_enable,
	.atomic_disable = ruby_crtc_atomic_disable,
	.get_scanout_position = ruby_crtc_get_scanout_position,
};

static struct drm_crtc_state *ruby_crtc_duplicate_state(struct drm_crtc *crtc)
{
	struct ruby_crtc_state *st;

	if (WARN_ON(!crtc->state))
		return NULL;
	st = kmemdup(to_ruby_crtc_state(crtc->state), sizeof(*st), GFP_KERNEL);
	if (!st)
		return NULL;
	__drm_atomic_helper_crtc_duplicate_state(crtc, &st->base);
	st->pll_checked = false;
	return &st->base;
}

static void ruby_crtc_destroy_state(struct drm_crtc *crtc, struct drm_crtc_state *st)
{
	__drm_atomic_helper_crtc_destroy_state(st);
	kfree(to_ruby_crtc_state(st));
}

/* CRTCs start off (the card was POSTed headless): so do their vblanks */
static void ruby_crtc_reset(struct drm_crtc *crtc)
{
	struct ruby_crtc_state *st = kzalloc(sizeof(*st), GFP_KERNEL);

	if (crtc->state)
		ruby_crtc_destroy_state(crtc, crtc->state);
	__drm_atomic_helper_crtc_reset(crtc, st ? &st->base : NULL);
	drm_crtc_vblank_reset(crtc);
}

static const struct drm_crtc_funcs ruby_crtc_funcs = {
	.destroy = drm_crtc_cleanup,
	.set_config = drm_atomic_helper_set_config,
	.page_flip = drm_atomic_helper_page_flip,
	.reset = ruby_crtc_reset,
	.atomic_duplicate_state = ruby_crtc_duplicate_state,
	.atomic_destroy_state = ruby_crtc_destroy_state,
	.enable_vblank = ruby_crtc_enable_vblank,
	.disable_vblank = ruby_crtc_disable_vblank,
	.get_vblank_counter = ruby_crtc_get_vblank_counter,
	.get_vblank_timestamp = drm_crtc_vblank_helper_get_vblank_timestamp,
};

/* ---- encoders ---- */

/*
 * the connector's path a commit drives: digital unless it must be analog;
 * HDMI if the sink and the display engine do it
 */
static struct ruby_route ruby_encoder_route(const struct ruby_device *rdev,
					    const struct ruby_connector *rc)
{
	const struct ruby_atom_connector *atom = rc->atom;
	const struct edid *raw;
	bool want_analog;
	struct ruby_route r = { .connector = atom->object_id };
	unsigned int i;

	/* a probe may replace the EDID: see &struct ruby_connector */
	drm_modeset_lock_assert_held(&rc->base.dev->mode_config.connection_mutex);
	raw = drm_edid_raw(rc->edid);
	want_analog = raw && !(raw->input & DRM_EDID_INPUT_DIGITAL);

	for (i = 0; i < atom->num_encoders; i++) {
		u8 id = atom->encoders[i] & ATOM_OBJID_ID_MASK;
		bool dac = id == ATOM_ENCODER_DAC1 || id == ATOM_ENCODER_DAC2;

		if (!r.encoder || dac == want_analog) {
			r.encoder = atom->encoders[i];
			r.analog = dac;
		}
	}
	/* HDMI signalling for an HDMI connector's sink with an HDMI VSDB */
	r.hdmi = (atom->type == ATOM_CONNECTOR_HDMI_A || atom->type == ATOM_CONNECTOR_HDMI_B) &&
		 !r.analog && rc->base.display_info.is_hdmi && rdev->display->funcs->hdmi_enable;
	return r;
}

/*
 * program the HDMI block of an HDMI route for @mode on @crtc, with the
 * sink's ELD: 0, or an errno after a drm_err (the sink then gets DVI)
 */
static int ruby_encoder_hdmi_enable(struct ruby_device *rdev, struct ruby_encoder *enc,
				    unsigned int crtc, const struct drm_display_mode *mode)
{
	struct drm_connector *connector = &enc->con->base;
	struct ruby_hdmi hdmi = { .connector = connector, .mode = mode, .crtc = crtc };

	struct ruby_display *disp = rdev->display;
	int ret;

	mutex_lock(&connector->eld_mutex);
	memcpy(hdmi.eld, connector->eld, sizeof(hdmi.eld));
	mutex_unlock(&connector->eld_mutex);
	mutex_lock(&disp->hdmi_lock);
	ret = disp->funcs->hdmi_enable(rdev, &enc->route, &hdmi);
	mutex_unlock(&disp->hdmi_lock);
	return ret;
}

static void ruby_encoder_atomic_enable(struct drm_encoder *encoder,
				       struct drm_atomic_state *state)
{
	struct ruby_encoder *enc = to_ruby_encoder(encoder);
	struct ruby_device *rdev = to_ruby_device(encoder->dev);
	const struct drm_display_mode *mode;
	const struct drm_connector_state *cs;
	unsigned int index, pll;

	cs = drm_atomic_get_new_connector_state(state, &enc->con->base);
	if (WARN_ON(!cs || !cs->crtc))
		return;
	index = to_ruby_crtc(cs->crtc)->index;
	pll = ruby_crtc_pll(rdev->display, index);
	mode = &cs->crtc->state->adjusted_mode;
	/* the route the CRTC's PLL was set for (its DP link trained below) */
	enc->route = to_ruby_crtc_state(cs->crtc->state)->route;
	enc->route.dp = false;	/* until training sets a link up */
	if (enc->route.hdmi && ruby_encoder_hdmi_enable(rdev, enc, index, mode))
		enc->route.hdmi = false;
	if (enc->con->dp)
		ruby_dp_encoder_enable(rdev, enc->con, &enc->route, index, pll, mode);
	else
		rdev->display->funcs->encoder_enable(rdev, &enc->route, index, pll, mode->clock);
}

static void ruby_encoder_atomic_disable(struct drm_encoder *encoder,
					struct drm_atomic_state *state)
{
	struct ruby_encoder *enc = to_ruby_encoder(encoder);
	struct ruby_device *rdev = to_ruby_device(encoder->dev);

	if (enc->route.hdmi) {
		mutex_lock(&rdev->display->hdmi_lock);
		rdev->display->funcs->hdmi_disable(rdev, &enc->route);
		mutex_unlock(&rdev->display->hdmi_lock);
	}
	if (enc->route.dp)
		ruby_dp_encoder_disable(rdev, enc->con, &enc->route);
	else if (enc->route.encoder)
		rdev->display->funcs->encoder_disable(rdev, &enc->route);
	enc->route = (struct ruby_route){};
}

/* a DP link to the sink must carry the mode */
static int ruby_encoder_atomic_check(struct drm_encoder *encoder,
				     struct drm_crtc_state *crtc_state,
				     struct drm_connector_state *conn_state)
{
	struct ruby_encoder *enc = to_ruby_encoder(encoder);

	if (!enc->con->dp || !crtc_state->enable || !drm_atomic_crtc_needs_modeset(crtc_state))
		return 0;
	return ruby_dp_check_link(enc->con, &crtc_state->adjusted_mode, NULL);
}

static const struct drm_encoder_helper_funcs ruby_encoder_helper_funcs = {
	.atomic_check = ruby_encoder_atomic_check,
	.atomic_enable = ruby_encoder_atomic_enable,
	.atomic_disable = ruby_encoder_atomic_disable,
};

static const struct drm_encoder_funcs ruby_encoder_funcs = {
};

/* ---- the device ---- */

static const struct drm_mode_config_funcs ruby_mode_config_funcs = {
	.fb_create = ruby_fb_create,
	.atomic_check = drm_atomic_helper_check,
	.atomic_commit = drm_atomic_helper_commit,
};

/* drm_atomic_helper_commit_tail_rpm(), waiting for the flips: see DOC above */
static void ruby_commit_tail(struct drm_atomic_state *state)
{
	struct drm_device *drm = state->dev;

	drm_atomic_helper_commit_modeset_disables(drm, state);
	drm_atomic_helper_commit_modeset_enables(drm, state);
	drm_atomic_helper_commit_planes(drm, state, DRM_PLANE_COMMIT_ACTIVE_ONLY);
	drm_atomic_helper_fake_vblank(state);
	drm_atomic_helper_commit_hw_done(state);
	drm_atomic_helper_wait_for_flip_done(drm, state);
	drm_atomic_helper_cleanup_planes(drm, state);
}

static const struct drm_mode_config_helper_funcs ruby_mode_config_helpers = {
	.atomic_commit_tail = ruby_commit_tail,
};

static int ruby_kms_crtc_init(struct ruby_device *rdev, unsigned int i)
{
	struct ruby_crtc *rc = &rdev->display->crtc[i];
	struct drm_plane *cursor;
	struct ruby_plane *plane;
	int ret;

	rc->index = i;
	ruby_cursor_crtc_init(rc);
	plane = drmm_universal_plane_alloc(&rdev->drm, struct ruby_plane, base, BIT(i),
					   &ruby_plane_funcs, ruby_kms_formats,
					   ARRAY_SIZE(ruby_kms_formats), NULL,
					   DRM_PLANE_TYPE_PRIMARY, NULL);
	if (IS_ERR(plane))
		return PTR_ERR(plane);
	drm_plane_helper_add(&plane->base, &ruby_plane_helper_funcs);
	rc->primary = &plane->base;
	cursor = ruby_cursor_plane_init(rdev, i);
	if (IS_ERR(cursor))
		return PTR_ERR(cursor);
	/*
	 * Not drmm_crtc_init_with_planes(): in Linux 6.12 a CRTC's init can
	 * fail after putting it on the mode config's list (its CRC source's
	 * allocation), where no drmm action would take it off again. The
	 * mode config's cleanup destroys every CRTC on the list, so ruby
	 * leaves them to it, and keeps their memory until after it.
	 */
	ret = drm_crtc_init_with_planes(&rdev->drm, &rc->base, &plane->base, cursor,
					&ruby_crtc_funcs, NULL);
	if (ret)
		return ret;
	drm_crtc_helper_add(&rc->base, &ruby_crtc_helper_funcs);
	ret = drm_mode_crtc_set_gamma_size(&rc->base, RUBY_LUT_SIZE);
	if (ret)
		return ret;
	drm_crtc_enable_color_mgmt(&rc->base, 0, false, RUBY_LUT_SIZE);
	return 0;
}

static int ruby_kms_encoder_init(struct ruby_device *rdev, unsigned int i)
{
	struct ruby_display *disp = rdev->display;
	struct ruby_encoder *enc = &disp->enc[i];
	int ret;

	enc->con = &disp->con[i];
	ret = drmm_encoder_init(&rdev->drm, &enc->base, &ruby_encoder_funcs,
				enc->con->atom->type == ATOM_CONNECTOR_VGA ?
				DRM_MODE_ENCODER_DAC : DRM_MODE_ENCODER_TMDS, NULL);
	if (ret)
		return ret;
	drm_encoder_helper_add(&enc->base, &ruby_encoder_helper_funcs);
	enc->base.possible_crtcs = GENMASK(disp->num_crtc - 1, 0);
	return drm_connector_attach_encoder(&enc->con->base, &enc->base);
}

/* drm_mode_config_reset() cannot fail: see that every object got its state */
static int ruby_kms_reset(struct ruby_device *rdev)
{
	struct ruby_display *disp = rdev->display;
	unsigned int i;

	drm_mode_config_reset(&rdev->drm);
	for (i = 0; i < disp->num_crtc; i++)
		if (!disp->crtc[i].base.state || !disp->crtc[i].primary->state ||
		    (disp->crtc[i].base.cursor && !disp->crtc[i].base.cursor->state))
			return -ENOMEM;
	for (i = 0; i < disp->num_con; i++)
		if (!disp->con[i].base.state)
			return -ENOMEM;
	return 0;
}

/**
 * ruby_kms_init - the CRTCs, planes and encoders, once the connectors are
 * @rdev: the device, its display's connectors built
 *
 * Returns: 0, or a negative errno (what was made is drmm-managed).
 */
int ruby_kms_init(struct ruby_device *rdev)
{
	struct ruby_display *disp = rdev->display;
	struct drm_device *drm = &rdev->drm;
	unsigned int i;
	int ret;

	disp->num_crtc = min(disp->funcs->num_crtc(rdev), RUBY_MAX_CRTC);
	if (WARN_ON(disp->funcs->num_pll > RUBY_MAX_PLL || !disp->funcs->num_pll))
		return -EINVAL;
	ret = drmm_mutex_init(drm, &disp->bw_lock);
	if (!ret)
		ret = drmm_mutex_init(drm, &disp->hdmi_lock);
	if (ret)
		return ret;
	drm->mode_config.funcs = &ruby_mode_config_funcs;
	drm->mode_config.helper_private = &ruby_mode_config_helpers;
	drm->mode_config.preferred_depth = 24;
	drm->mode_config.prefer_shadow = 0;
	for (i = 0; i < disp->num_crtc; i++) {
		ret = ruby_kms_crtc_init(rdev, i);
		if (ret)
			return ret;
	}
	for (i = 0; i < disp->num_con; i++) {
		ret = ruby_kms_encoder_init(rdev, i);
		if (ret)
			return ret;
	}
	ret = drm_vblank_init(drm, disp->num_crtc);
	if (ret)
		return ret;
	drm->max_vblank_count = disp->funcs->max_vblank_count;
	/* the hardware counter is exact: no need to keep the interrupt on */
	drm->vblank_disable_immediate = true;
	ret = ruby_kms_reset(rdev);
	if (ret)
		return ret;
	disp->modeset = true;
	return 0;
}

/**
 * ruby_kms_shutdown - turn every CRTC off, before the hardware goes
 * @rdev: the device
 *
 * Drops the buffers the CRTCs scanned out (their pins) too.
 */
void ruby_kms_shutdown(struct ruby_device *rdev)
{
	struct ruby_display *disp = rdev->display;
	unsigned int i;

	if (!disp || !disp->modeset)
		return;
	drm_atomic_helper_shutdown(&rdev->drm);
	/* every CRTC is off: their retired cursors went with them */
	for (i = 0; i < disp->num_crtc; i++)
		cancel_work_sync(&disp->crtc[i].cursor_work);
}
