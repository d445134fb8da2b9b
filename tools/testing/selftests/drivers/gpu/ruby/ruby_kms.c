// SPDX-License-Identifier: GPL-2.0
/*
 * Atomic modesetting from raw ioctls: a dumb buffer with a pattern is
 * scanned out on every connected connector in turn (CRTC_ID, MODE_ID,
 * ACTIVE, FB_ID) and switched off again; TEST_ONLY commits the display
 * cannot do are refused with -EINVAL, and the kernel log (drm.debug) names
 * the reason. The simulator writes what each CRTC showed when it was
 * switched off as a PNG, and the rig compares its pixels with the pattern
 * (rig.py, display.scanout_*): pixel (0, 0) is KMS_MARK0, (1, 0)
 * KMS_MARK1, every other kms_pattern(x, y).
 *
 * Vblank and flips: WAIT_VBLANK and CRTC_GET/QUEUE_SEQUENCE advance by the
 * frames asked, their timestamps a frame of the programmed mode apart;
 * flips (atomic and legacy) complete by event at the next vblank, a second
 * one while the first is pending is refused with -EBUSY, and a flip whose
 * buffer's fence (implicit, or IN_FENCE_FD) has not signalled waits for
 * it. These buffers carry other marks than the pattern's; the rig finds
 * the last flip's mark ("# CRTC N flipped to mark 0xM") in the PNG of
 * what that CRTC showed when switched off.
 *
 * The cursor tests put a cursor (cursor_pixel(), 64x64, premultiplied alpha
 * with transparent, half and opaque parts) over a frame of kms_pattern(),
 * by atomic properties and by the legacy cursor ioctls, partly off the
 * screen too, and switch the CRTC off: the rig finds those frames by the
 * last row's first pixel (CURSOR_MARK) and the cursor's position in the
 * second (cursor_mark_pos()), and compares every pixel with the pattern
 * and the cursor blended over it as DCE4 does (rig.py, cursor_*).
 *
 * DisplayPort: the tests plug a DP monitor into the simulated board
 * (RUBY_SIM_CONTROL's monitors file) and unplug it again: a modeset trains
 * the link and shows the pattern (a "# connector N on CRTC M" frame like
 * the others), a sink that never locks turns link-status BAD, and a mode
 * faster than the link is refused. They skip on a board without a DP
 * connector.
 *
 * Without modesetting (no video BIOS, or no display on the generation) the
 * tests skip, unless RUBY_EXPECT_VBIOS says the rig's board has one.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <linux/dma-buf.h>
#include <linux/sync_file.h>

#include <drm/drm.h>
#include <drm/drm_fourcc.h>
#include <drm/drm_mode.h>
#include <drm/radeon_drm.h>

#include "../../../kselftest_harness.h"
#include "ruby_starve.h"
#include "ruby_util.h"

#define KMS_MARK0	0x00123456u
#define KMS_MARK1	0x00654321u
#define CURSOR_MARK	0x00c0ffeeu
#define CURSOR_NONE	0x00ffffffu	/* the second mark of a frame without a cursor */
#define CURSOR_SIZE	64
#define DRM_DEBUG_PARAM	"/sys/module/drm/parameters/debug"
#define DRM_UT_KMS_DRIVER	"6"	/* DRM_UT_DRIVER | DRM_UT_KMS */
#define DRM_UT_CORE_KMS		"7"	/* and DRM_UT_CORE */
#define VBL_MARK_A	0x00a1a2a3u	/* buffers of the vblank tests */
#define VBL_MARK_B	0x00b1b2b3u
#define VBL_MARK_C	0x00c1c2c3u	/* the legacy cursor pin test's screen */
#define DRM_UT_KMS_ATOMIC	"22"	/* and DRM_UT_ATOMIC: the core's plane checks */
#define MAX_OBJ		16
#define PLANE_TYPE_PRIMARY	1	/* the "type" property's values */
#define PLANE_TYPE_CURSOR	2

static uint32_t kms_pattern(uint32_t x, uint32_t y)
{
	return ((x * 0x9e37u + y * 0x79b9u) >> 3) & 0xffffff;
}

/* the cursor's pixel (i, j): ARGB8888, premultiplied */
static uint32_t cursor_pixel(uint32_t i, uint32_t j)
{
	uint32_t a = i + j < 6 ? 0 : i < 4 || j < 4 || i >= 60 || j >= 60 ? 0x80 : 0xff;

	return a << 24 | a << 16 | (i * 4 * a / 255) << 8 | (j * 4 * a / 255);
}

/* a cursor position (-2048..2047 each) as the second mark */
static uint32_t cursor_mark_pos(int x, int y)
{
	return (uint32_t)(x + 2048) << 12 | (uint32_t)(y + 2048);
}

struct output {
	uint32_t connector, crtc, plane, cursor;
	struct drm_mode_modeinfo mode;	/* the smallest the monitor has */
};

FIXTURE(kms) {
	int fd;
	int kmsg;
	char debug[32];
	struct output out[MAX_OBJ];
	unsigned int nout;
	uint32_t crtcs[MAX_OBJ], planes[MAX_OBJ];
	unsigned int ncrtc, nplane;
	bool dp_plugged;	/* a DP test plugged a monitor: unplug it */
	bool hdmi_plugged;	/* an HDMI test changed the monitors: restore them */
};

static int get_resources(int fd, uint32_t *crtcs, unsigned int *ncrtc, uint32_t *cons,
			 unsigned int *ncon)
{
	struct drm_mode_card_res res = {};

	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res))
		return -errno;
	if (res.count_crtcs > MAX_OBJ || res.count_connectors > MAX_OBJ)
		return -E2BIG;
	res.count_fbs = 0;
	res.count_encoders = 0;
	res.crtc_id_ptr = (uintptr_t)crtcs;
	res.connector_id_ptr = (uintptr_t)cons;
	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res))
		return -errno;
	*ncrtc = res.count_crtcs;
	*ncon = res.count_connectors;
	return 0;
}

/* a connected connector's smallest (or @largest) mode; 1 if connected, 0 if not */
static int connector_pick_mode(int fd, uint32_t id, struct drm_mode_modeinfo *best,
			       bool largest)
{
	struct drm_mode_modeinfo modes[64];
	struct drm_mode_get_connector c = { .connector_id = id };
	unsigned int i;

	if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c))
		return -errno;
	if (c.connection != 1 || !c.count_modes)
		return 0;
	if (c.count_modes > 64)
		c.count_modes = 64;
	c.count_props = 0;
	c.count_encoders = 0;
	c.modes_ptr = (uintptr_t)modes;
	if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c))
		return -errno;
	*best = modes[0];
	for (i = 1; i < c.count_modes; i++)
		if ((modes[i].hdisplay * modes[i].vdisplay < best->hdisplay * best->vdisplay) !=
		    largest && modes[i].hdisplay * modes[i].vdisplay !=
		    best->hdisplay * best->vdisplay)
			*best = modes[i];
	return 1;
}

static int connector_mode(int fd, uint32_t id, struct drm_mode_modeinfo *best)
{
	return connector_pick_mode(fd, id, best, false);
}

static int plane_list(int fd, uint32_t *planes, unsigned int *n)
{
	struct drm_mode_get_plane_res r = {};

	if (ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r))
		return -errno;
	if (r.count_planes > MAX_OBJ)
		return -E2BIG;
	r.plane_id_ptr = (uintptr_t)planes;
	if (ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r))
		return -errno;
	*n = r.count_planes;
	return 0;
}

static uint32_t prop_find(int fd, uint32_t obj, uint32_t type, const char *name,
			  uint64_t *val);

/* the plane of @type (DRM_PLANE_TYPE_*) whose possible CRTCs are exactly CRTC @index */
static uint32_t plane_of(int fd, const uint32_t *planes, unsigned int n, unsigned int index,
			 uint64_t type)
{
	struct drm_mode_get_plane p;
	uint64_t t = ~0ull;
	unsigned int i;

	for (i = 0; i < n; i++) {
		p = (struct drm_mode_get_plane){ .plane_id = planes[i] };
		if (!ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p) && p.possible_crtcs == 1u << index &&
		    prop_find(fd, planes[i], DRM_MODE_OBJECT_PLANE, "type", &t) && t == type)
			return planes[i];
	}
	return 0;
}

FIXTURE_SETUP(kms)
{
	uint32_t cons[MAX_OBJ];
	unsigned int ncon = 0, i;
	int ret, fd;

	self->kmsg = -1;
	self->fd = ruby_open_node("card");
	if (self->fd < 0)
		SKIP(return, "no device bound to ruby");
	ret = get_resources(self->fd, self->crtcs, &self->ncrtc, cons, &ncon);
	if (ret == -EOPNOTSUPP && !getenv("RUBY_EXPECT_VBIOS"))
		SKIP(return, "no modesetting on this device");
	ASSERT_EQ(ret, 0) TH_LOG("GETRESOURCES: %s", strerror(-ret));
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_SET_CLIENT_CAP,
			&(struct drm_set_client_cap){ DRM_CLIENT_CAP_ATOMIC, 1 }), 0);
	ASSERT_EQ(plane_list(self->fd, self->planes, &self->nplane), 0);
	ASSERT_EQ(self->nplane, 2 * self->ncrtc) TH_LOG("a primary and a cursor plane per CRTC");
	for (i = 0; i < ncon && self->nout < self->ncrtc; i++) {
		struct output *o = &self->out[self->nout];

		ret = connector_mode(self->fd, cons[i], &o->mode);
		ASSERT_GE(ret, 0);
		if (!ret)
			continue;
		o->connector = cons[i];
		o->crtc = self->crtcs[self->nout];
		o->plane = plane_of(self->fd, self->planes, self->nplane, self->nout,
				    PLANE_TYPE_PRIMARY);
		ASSERT_NE(o->plane, 0) TH_LOG("no plane for CRTC %u", self->nout);
		o->cursor = plane_of(self->fd, self->planes, self->nplane, self->nout,
				     PLANE_TYPE_CURSOR);
		ASSERT_NE(o->cursor, 0) TH_LOG("no cursor plane for CRTC %u", self->nout);
		self->nout++;
	}
	fd = open(DRM_DEBUG_PARAM, O_RDONLY);
	ASSERT_GE(fd, 0);
	ASSERT_GT(read(fd, self->debug, sizeof(self->debug) - 1), 0);
	close(fd);
	ASSERT_EQ(ruby_sysfs_write(DRM_DEBUG_PARAM, DRM_UT_KMS_DRIVER), 0);
	self->kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	ASSERT_GE(self->kmsg, 0);
	lseek(self->kmsg, 0, SEEK_END);
}

static int dp_plug(const char *dir, const char *opts);
static int hdmi_plug(const char *kind);

FIXTURE_TEARDOWN(kms)
{
	if (self->dp_plugged)
		dp_plug(getenv("RUBY_SIM_CONTROL"), NULL);
	if (self->hdmi_plugged)
		hdmi_plug(NULL);
	if (self->kmsg >= 0) {
		ruby_sysfs_write(DRM_DEBUG_PARAM, self->debug);
		close(self->kmsg);
	}
	if (self->fd >= 0)
		close(self->fd);
}

/* the id of @obj's property @name (0: none), its value in @val */
static uint32_t prop_find(int fd, uint32_t obj, uint32_t type, const char *name,
			  uint64_t *val)
{
	uint32_t ids[64];
	uint64_t vals[64];
	struct drm_mode_obj_get_properties p = { .obj_id = obj, .obj_type = type };
	struct drm_mode_get_property g;
	unsigned int i;

	if (ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &p) || p.count_props > 64)
		return 0;
	p.props_ptr = (uintptr_t)ids;
	p.prop_values_ptr = (uintptr_t)vals;
	if (ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &p))
		return 0;
	for (i = 0; i < p.count_props; i++) {
		g = (struct drm_mode_get_property){ .prop_id = ids[i] };
		if (!ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &g) && !strcmp(g.name, name)) {
			*val = vals[i];
			return ids[i];
		}
	}
	return 0;
}

static uint32_t prop_id(int fd, uint32_t obj, uint32_t type, const char *name)
{
	uint64_t val;

	return prop_find(fd, obj, type, name, &val);
}

/* one atomic request: up to 32 (object, property, value) on up to 16 objects */
struct req {
	uint32_t objs[16], counts[16], props[32];
	uint64_t vals[32];
	unsigned int nobj, nprop;
};

static void req_add(int fd, struct req *r, uint32_t obj, uint32_t type, const char *name,
		    uint64_t val)
{
	if (!r->nobj || r->objs[r->nobj - 1] != obj) {
		r->objs[r->nobj] = obj;
		r->counts[r->nobj++] = 0;
	}
	r->counts[r->nobj - 1]++;
	r->props[r->nprop] = prop_id(fd, obj, type, name);
	r->vals[r->nprop++] = val;
}

static int req_commit(int fd, struct req *r, uint32_t flags)
{
	struct drm_mode_atomic a = {
		.flags = flags | DRM_MODE_ATOMIC_ALLOW_MODESET,
		.count_objs = r->nobj,
		.objs_ptr = (uintptr_t)r->objs,
		.count_props_ptr = (uintptr_t)r->counts,
		.props_ptr = (uintptr_t)r->props,
		.prop_values_ptr = (uintptr_t)r->vals,
	};

	return ioctl(fd, DRM_IOCTL_MODE_ATOMIC, &a) ? -errno : 0;
}

/* the request lighting @o with @fb (@w x @h visible) and mode blob @blob */
static void req_output(int fd, struct req *r, const struct output *o, uint32_t fb,
		       uint32_t blob, uint32_t w, uint32_t h)
{
	*r = (struct req){ 0 };
	req_add(fd, r, o->connector, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", blob ? o->crtc : 0);
	req_add(fd, r, o->crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob);
	req_add(fd, r, o->crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", !!blob);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "FB_ID", fb);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "CRTC_ID", fb ? o->crtc : 0);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "SRC_X", 0);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)w << 16);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)h << 16);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "CRTC_X", 0);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "CRTC_Y", 0);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "CRTC_W", w);
	req_add(fd, r, o->plane, DRM_MODE_OBJECT_PLANE, "CRTC_H", h);
}

static uint32_t mode_blob(int fd, const struct drm_mode_modeinfo *mode)
{
	struct drm_mode_create_blob b = { .data = (uintptr_t)mode, .length = sizeof(*mode) };

	return ioctl(fd, DRM_IOCTL_MODE_CREATEPROPBLOB, &b) ? 0 : b.blob_id;
}

struct dumb {
	uint32_t handle, pitch, fb;
	uint64_t size;
};

/* a 32 bpp dumb buffer @w x @rows, mapped (NULL with errno set if not) */
static uint32_t *dumb_map(int fd, uint32_t w, uint32_t rows, struct dumb *d)
{
	struct drm_mode_create_dumb c = { .width = w, .height = rows, .bpp = 32 };
	struct drm_mode_map_dumb m = {};
	uint32_t *p;

	if (ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c))
		return NULL;
	*d = (struct dumb){ .handle = c.handle, .pitch = c.pitch, .size = c.size };
	m.handle = c.handle;
	if (ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m))
		return NULL;
	p = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
	return p == MAP_FAILED ? NULL : p;
}

/* a framebuffer @w x @h of @d's buffer, rows @pitch bytes apart */
static int dumb_addfb(int fd, struct dumb *d, uint32_t w, uint32_t h, uint32_t pitch,
		      uint32_t format)
{
	struct drm_mode_fb_cmd2 f = { .width = w, .height = h, .pixel_format = format,
				      .handles = { d->handle }, .pitches = { pitch } };

	if (ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f))
		return -errno;
	d->fb = f.fb_id;
	return 0;
}

/* a dumb buffer @w x @h in XRGB8888 with the pattern, and a framebuffer of it */
static int dumb_fb(int fd, uint32_t w, uint32_t h, uint32_t pitch, uint32_t format,
		   struct dumb *d)
{
	/* a longer pitch than the dumb buffer's needs more rows of it */
	uint32_t *p = dumb_map(fd, w, pitch ? 2 * h : h, d), x, y;

	if (!p)
		return -errno;
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			p[y * (d->pitch / 4) + x] = kms_pattern(x, y);
	p[0] = KMS_MARK0;
	p[1] = KMS_MARK1;
	munmap(p, d->size);
	return dumb_addfb(fd, d, w, h, pitch ? pitch : d->pitch, format);
}

/*
 * Give @d's buffer @tiling flags (RADEON_TILING_*) and make a second
 * framebuffer of it, @w x @h, into *@fb: framebuffers keep the tiling
 * their buffer had when they were made
 */
static int tiled_fb(int fd, const struct dumb *d, uint32_t tiling, uint32_t w, uint32_t h,
		    uint32_t *fb)
{
	struct drm_radeon_gem_set_tiling t = { d->handle, tiling, d->pitch };
	struct drm_mode_fb_cmd2 f = { .width = w, .height = h,
				      .pixel_format = DRM_FORMAT_XRGB8888 };

	if (ioctl(fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &t))
		return -errno;
	f.handles[0] = d->handle;
	f.pitches[0] = d->pitch;
	if (ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f))
		return -errno;
	*fb = f.fb_id;
	return 0;
}

/* RADEON_TILING_* fields: bank width, bank height, macro tile aspect */
#define TILING_2D(bankw, bankh, aspect)					\
	(RADEON_TILING_MACRO | (bankw) << RADEON_TILING_EG_BANKW_SHIFT |	\
	 (bankh) << RADEON_TILING_EG_BANKH_SHIFT |				\
	 (aspect) << RADEON_TILING_EG_MACRO_TILE_ASPECT_SHIFT)

static void dumb_free(int fd, struct dumb *d)
{
	struct drm_mode_destroy_dumb x = { .handle = d->handle };

	if (d->fb)
		ioctl(fd, DRM_IOCTL_MODE_RMFB, &d->fb);
	ioctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &x);
}

/* The board's monitors: DVI-I and HDMI by default (sim/display.c) */
TEST_F(kms, board_has_crtcs_planes_and_monitors)
{
	EXPECT_GE(self->ncrtc, 2);
	if (getenv("RUBY_EXPECT_VBIOS") && !getenv("RUBY_EXPECT_MONITORS"))
		EXPECT_EQ(self->nout, 2) TH_LOG("DVI-I and HDMI connected");
}

/* Every connected connector shows the pattern, then goes dark again */
TEST_F(kms, modeset_scans_out_a_dumb_buffer)
{
	struct drm_mode_crtc crtc;
	unsigned int i;
	struct dumb d;
	struct req r;
	uint32_t blob;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	for (i = 0; i < self->nout; i++) {
		const struct output *o = &self->out[i];

		ASSERT_EQ(dumb_fb(self->fd, o->mode.hdisplay, o->mode.vdisplay, 0,
				  DRM_FORMAT_XRGB8888, &d), 0);
		blob = mode_blob(self->fd, &o->mode);
		ASSERT_NE(blob, 0);
		req_output(self->fd, &r, o, d.fb, blob, o->mode.hdisplay, o->mode.vdisplay);
		ASSERT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), 0);
		ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
		crtc = (struct drm_mode_crtc){ .crtc_id = o->crtc };
		ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_GETCRTC, &crtc), 0);
		EXPECT_EQ(crtc.mode_valid, 1);
		EXPECT_EQ(crtc.fb_id, d.fb);
		EXPECT_EQ(crtc.mode.hdisplay, o->mode.hdisplay);
		ksft_print_msg("connector %u on CRTC %u: %s at %u kHz\n", o->connector,
			       o->crtc, o->mode.name, o->mode.clock);
		req_output(self->fd, &r, o, 0, 0, 0, 0);
		ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
		crtc = (struct drm_mode_crtc){ .crtc_id = o->crtc };
		ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_GETCRTC, &crtc), 0);
		EXPECT_EQ(crtc.mode_valid, 0);
		dumb_free(self->fd, &d);
	}
}

/* TEST_ONLY: what the display cannot do is refused, for its reason */
TEST_F(kms, test_only_refuses_what_dce_cannot_do)
{
	const struct output *o = &self->out[0];
	struct drm_mode_modeinfo fast;
	struct dumb d, bad;
	struct req r;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(dumb_fb(self->fd, o->mode.hdisplay, o->mode.vdisplay, 0,
			  DRM_FORMAT_XRGB8888, &d), 0);
	ruby_kmsg_logged(self->kmsg, "");

	fast = o->mode;			/* 500 MHz: over the firmware's 400 */
	fast.clock = 500000;
	req_output(self->fd, &r, o, d.fb, mode_blob(self->fd, &fast), o->mode.hdisplay,
		   o->mode.vdisplay);
	EXPECT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "pixel clock above the firmware's maximum"));

	/* the plane must cover the mode: half of it is refused */
	req_output(self->fd, &r, o, d.fb, mode_blob(self->fd, &o->mode), o->mode.hdisplay / 2,
		   o->mode.vdisplay);
	EXPECT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "must cover its CRTC, unscaled"));

	/* a pitch the CRTC cannot step by: 64 bytes past the buffer's */
	ASSERT_EQ(dumb_fb(self->fd, o->mode.hdisplay, o->mode.vdisplay, d.pitch + 64,
			  DRM_FORMAT_XRGB8888, &bad), 0);
	req_output(self->fd, &r, o, bad.fb, mode_blob(self->fd, &o->mode), o->mode.hdisplay,
		   o->mode.vdisplay);
	EXPECT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "pitch or offset not aligned"));
	dumb_free(self->fd, &bad);

	/*
	 * Tiled layouts the display cannot read, each for its reason: 2D
	 * tiles 8 x 8 banks wide x 2 pipes x aspect 2 (256 pixels) in a
	 * 640-pixel pitch; an aspect of 8 that leaves a macro tile of 4
	 * banks shorter than a tile; bank height 8 padding the rows to 512
	 */
	{
		static const struct {
			uint32_t tiling;
			const char *why;
		} bad_tiling[] = {
			{ TILING_2D(8, 1, 2), "pitch not a whole number of tiles" },
			{ TILING_2D(1, 1, 8), "2D tiling fields that make no layout" },
			{ TILING_2D(1, 8, 1), "shorter than its rows padded to whole tiles" },
		};
		uint32_t fb;
		unsigned int i;

		if (o->mode.hdisplay != 640 || o->mode.vdisplay != 480)
			SKIP(return, "the tiling refusals are worked out for 640x480");
		for (i = 0; i < ARRAY_SIZE(bad_tiling); i++) {
			ASSERT_EQ(tiled_fb(self->fd, &d, bad_tiling[i].tiling, 640, 480, &fb), 0);
			req_output(self->fd, &r, o, fb, mode_blob(self->fd, &o->mode), 640, 480);
			EXPECT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), -EINVAL);
			EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, bad_tiling[i].why))
				TH_LOG("tiling %#x", bad_tiling[i].tiling);
			ioctl(self->fd, DRM_IOCTL_MODE_RMFB, &fb);
		}
		/* the first framebuffer kept its linear layout */
		req_output(self->fd, &r, o, d.fb, mode_blob(self->fd, &o->mode), 640, 480);
		EXPECT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), 0);
	}

	/* no plane scans out NV12: ADDFB2 itself refuses it */
	EXPECT_EQ(dumb_fb(self->fd, 64, 64, 0, DRM_FORMAT_NV12, &bad), -EINVAL);
	dumb_free(self->fd, &bad);
	dumb_free(self->fd, &d);
}

/*
 * 1D- and 2D-tiled buffers as Mesa makes them for scanout are scanned out:
 * the mode is set with each, and the CRTC shows that framebuffer (the
 * simulator reads tiled surfaces in row order, so the rig's comparison
 * of its frames with the pattern holds for these too)
 */
TEST_F(kms, tiled_buffers_are_scanned_out)
{
	static const uint32_t tilings[] = { RADEON_TILING_MICRO, TILING_2D(1, 1, 1),
					    TILING_2D(2, 1, 1) };
	const struct output *o = &self->out[0];
	struct drm_mode_crtc crtc;
	unsigned int i;
	struct dumb d;
	struct req r;
	uint32_t fb;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(dumb_fb(self->fd, o->mode.hdisplay, o->mode.vdisplay, 0,
			  DRM_FORMAT_XRGB8888, &d), 0);
	for (i = 0; i < ARRAY_SIZE(tilings); i++) {
		ASSERT_EQ(tiled_fb(self->fd, &d, tilings[i], o->mode.hdisplay,
				   o->mode.vdisplay, &fb), 0);
		req_output(self->fd, &r, o, fb, mode_blob(self->fd, &o->mode),
			   o->mode.hdisplay, o->mode.vdisplay);
		EXPECT_EQ(req_commit(self->fd, &r, 0), 0) TH_LOG("tiling %#x", tilings[i]);
		crtc = (struct drm_mode_crtc){ .crtc_id = o->crtc };
		ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_GETCRTC, &crtc), 0);
		EXPECT_EQ(crtc.fb_id, fb);
		/* the rig compares the frame with the pattern */
		ksft_print_msg("connector %u on CRTC %u: %s, tiling %#x\n", o->connector,
			       o->crtc, o->mode.name, tilings[i]);
		req_output(self->fd, &r, o, 0, 0, 0, 0);
		ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
		ioctl(self->fd, DRM_IOCTL_MODE_RMFB, &fb);
	}
	dumb_free(self->fd, &d);
}

/* ---- vblank and flips ---- */

/* one frame of @m, ns */
static uint64_t frame_ns(const struct drm_mode_modeinfo *m)
{
	return (uint64_t)m->htotal * m->vtotal * 1000000ull / m->clock;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* @got is @frames frames of @frame, within a quarter of one */
static bool frames_apart(uint64_t got, unsigned int frames, uint64_t frame)
{
	uint64_t want = frames * frame;

	return got + frame / 4 >= want && got <= want + frame / 4;
}

/*
 * Something came @frames frames of @m later than the bound allows (at
 * least 1): excused (true, and said) if the host starved the rig meanwhile
 * (ruby_starve.h) for long enough to make it so late: half a frame for
 * the first frame, a whole one for each more
 */
static bool late_excused(const struct ruby_starve *w, const struct drm_mode_modeinfo *m,
			 uint64_t frames)
{
	uint64_t need = frames > 1 ? (frames - 1) * frame_ns(m) : frame_ns(m) / 2;
	char why[160];

	if (!ruby_starved(w, need, why, sizeof(why)))
		return false;
	ksft_print_msg("%llu frames late, but not for the driver: %s\n",
		       (unsigned long long)frames, why);
	return true;
}

/* put @mark on pixel (0, 0) of @d (and so take the pattern's marks off) */
static int dumb_mark(int fd, const struct dumb *d, uint32_t mark)
{
	struct drm_mode_map_dumb m = { .handle = d->handle };
	uint32_t *p;

	if (ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m))
		return -errno;
	p = mmap(NULL, d->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
	if (p == MAP_FAILED)
		return -errno;
	p[0] = mark;
	p[1] = mark;
	munmap(p, d->size);
	return 0;
}

static int vbl_fb(int fd, const struct output *o, uint32_t mark, struct dumb *d)
{
	int ret = dumb_fb(fd, o->mode.hdisplay, o->mode.vdisplay, 0, DRM_FORMAT_XRGB8888, d);

	return ret ?: dumb_mark(fd, d, mark);
}

/* light @o with @d's framebuffer (@d 0: switch it off), blocking */
static int light(int fd, const struct output *o, const struct dumb *d, uint32_t flags)
{
	struct req r;

	req_output(fd, &r, o, d ? d->fb : 0, d ? mode_blob(fd, &o->mode) : 0,
		   d ? o->mode.hdisplay : 0, d ? o->mode.vdisplay : 0);
	return req_commit(fd, &r, flags);
}

/* WAIT_VBLANK @rel frames on from now on CRTC @pipe: its sequence and time */
static int wait_vblank(int fd, unsigned int pipe, unsigned int rel, unsigned int *seq,
		       uint64_t *ns)
{
	union drm_wait_vblank w = { .request = {
		.type = _DRM_VBLANK_RELATIVE |
			((pipe << _DRM_VBLANK_HIGH_CRTC_SHIFT) & _DRM_VBLANK_HIGH_CRTC_MASK),
		.sequence = rel,
	} };

	if (ioctl(fd, DRM_IOCTL_WAIT_VBLANK, &w))
		return -errno;
	*seq = w.reply.sequence;
	*ns = w.reply.tval_sec * 1000000000ull + w.reply.tval_usec * 1000ull;
	return 0;
}

/* the next DRM event on @fd within a second, into @buf; its type or -errno */
static int read_event(int fd, void *buf, size_t len)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct drm_event *e = buf;

	if (poll(&p, 1, 1000) != 1)
		return -ETIMEDOUT;
	if (read(fd, buf, len) < (ssize_t)sizeof(*e))
		return -EIO;
	return e->type;
}

/* Relative vblank waits: by the frames asked, a frame of the mode apart */
TEST_F(kms, vblank_waits_advance_by_frames)
{
	const struct output *o = &self->out[0];
	unsigned int seq0 = 0, seq, from = 0, i;
	uint64_t t0 = 0, t, tf, start;
	struct ruby_starve w;
	struct dumb d;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(vbl_fb(self->fd, o, VBL_MARK_A, &d), 0);
	ASSERT_EQ(light(self->fd, o, &d, 0), 0);
	ruby_starve_mark(&w);
	ASSERT_EQ(wait_vblank(self->fd, 0, 1, &seq0, &t0), 0);
	for (i = 1; i <= 3; i++) {
		ruby_starve_mark(&w);
		/* lateness from the vblank the wait began in, as for flips */
		ASSERT_EQ(wait_vblank(self->fd, 0, 0, &from, &tf), 0);
		start = now_ns();
		ASSERT_EQ(wait_vblank(self->fd, 0, i, &seq, &t), 0);
		/* a vblank may pass between two waits: then one more */
		EXPECT_GE((int)(seq - from), (int)i) TH_LOG("waited %u from %u: %u", i, from, seq);
		EXPECT_TRUE(seq - from <= i + 1 || late_excused(&w, &o->mode, seq - from - i - 1))
			TH_LOG("waited %u from %u: %u", i, from, seq);
		EXPECT_TRUE(frames_apart(t - t0, seq - seq0, frame_ns(&o->mode)))
			TH_LOG("%u frames of %llu ns took %llu ns", seq - seq0,
			       (unsigned long long)frame_ns(&o->mode),
			       (unsigned long long)(t - t0));
		EXPECT_GE(now_ns() - start + frame_ns(&o->mode) / 4, (i - 1) * frame_ns(&o->mode));
		seq0 = seq;
		t0 = t;
	}
	ksft_print_msg("CRTC %u: vblank %u at %llu ns, frame %llu ns (%s)\n", o->crtc, seq,
		       (unsigned long long)t, (unsigned long long)frame_ns(&o->mode), o->mode.name);
	ASSERT_EQ(light(self->fd, o, NULL, 0), 0);
	dumb_free(self->fd, &d);
}

/* CRTC_GET_SEQUENCE, and an event CRTC_QUEUE_SEQUENCE asks for */
TEST_F(kms, crtc_sequence_get_and_queue)
{
	const struct output *o = &self->out[0];
	struct drm_crtc_get_sequence g = { .crtc_id = o->crtc };
	struct drm_crtc_queue_sequence q = {
		.crtc_id = o->crtc, .flags = DRM_CRTC_SEQUENCE_RELATIVE, .sequence = 2,
		.user_data = 0x5eed,
	};
	struct drm_event_crtc_sequence ev;
	struct ruby_starve w;
	struct dumb d;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(vbl_fb(self->fd, o, VBL_MARK_A, &d), 0);
	ASSERT_EQ(light(self->fd, o, &d, 0), 0);
	ruby_starve_mark(&w);
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &g), 0);
	EXPECT_EQ(g.active, 1);
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_CRTC_QUEUE_SEQUENCE, &q), 0);
	EXPECT_GE((int64_t)(q.sequence - g.sequence), 2);
	EXPECT_TRUE(q.sequence - g.sequence <= 3 ||
		    late_excused(&w, &o->mode, q.sequence - g.sequence - 3))
		TH_LOG("queued %llu from %llu", (unsigned long long)q.sequence,
		       (unsigned long long)g.sequence);
	ASSERT_EQ(read_event(self->fd, &ev, sizeof(ev)), DRM_EVENT_CRTC_SEQUENCE);
	EXPECT_EQ(ev.user_data, 0x5eed);
	EXPECT_EQ(ev.sequence, q.sequence);
	EXPECT_TRUE(frames_apart(ev.time_ns - g.sequence_ns, ev.sequence - g.sequence,
				 frame_ns(&o->mode)))
		TH_LOG("%llu frames took %llu ns", (unsigned long long)(ev.sequence - g.sequence),
		       (unsigned long long)(ev.time_ns - g.sequence_ns));
	ASSERT_EQ(light(self->fd, o, NULL, 0), 0);
	dumb_free(self->fd, &d);
}

/* A CRTC that is off has no vblank to wait for: refused, for that reason */
TEST_F(kms, vblank_wait_on_a_disabled_crtc_fails)
{
	const struct output *o = &self->out[0];
	struct drm_crtc_get_sequence g = { .crtc_id = o->crtc };
	struct drm_crtc_queue_sequence q = {
		.crtc_id = o->crtc, .flags = DRM_CRTC_SEQUENCE_RELATIVE, .sequence = 1,
	};
	unsigned int seq;
	uint64_t t;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(ruby_sysfs_write(DRM_DEBUG_PARAM, DRM_UT_CORE_KMS), 0);
	ruby_kmsg_logged(self->kmsg, "");
	EXPECT_EQ(wait_vblank(self->fd, 0, 1, &seq, &t), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "crtc 0 failed to acquire vblank counter"));
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_CRTC_QUEUE_SEQUENCE, &q), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "failed to acquire vblank counter"));
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &g), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "failed to acquire vblank counter"));
}

/* a nonblocking atomic flip of @o's plane to @fb, with an event */
static int flip_atomic(int fd, const struct output *o, uint32_t fb, int in_fence)
{
	struct req r = { 0 };

	req_add(fd, &r, o->plane, DRM_MODE_OBJECT_PLANE, "FB_ID", fb);
	if (in_fence >= 0)
		req_add(fd, &r, o->plane, DRM_MODE_OBJECT_PLANE, "IN_FENCE_FD", in_fence);
	return req_commit(fd, &r, DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT);
}

static int flip_legacy(int fd, const struct output *o, uint32_t fb)
{
	struct drm_mode_crtc_page_flip f = {
		.crtc_id = o->crtc, .fb_id = fb, .flags = DRM_MODE_PAGE_FLIP_EVENT,
		.user_data = 0xf1f1,
	};

	return ioctl(fd, DRM_IOCTL_MODE_PAGE_FLIP, &f) ? -errno : 0;
}

static int flip(int fd, const struct output *o, uint32_t fb, bool legacy)
{
	return legacy ? flip_legacy(fd, o, fb) : flip_atomic(fd, o, fb, -1);
}

/* the flip event of @o: its sequence and time */
static int flip_event(int fd, const struct output *o, unsigned int *seq, uint64_t *ns)
{
	struct drm_event_vblank ev;
	int ret = read_event(fd, &ev, sizeof(ev));

	if (ret != DRM_EVENT_FLIP_COMPLETE)
		return ret < 0 ? ret : -EPROTO;
	if (ev.crtc_id != o->crtc)
		return -ENXIO;
	*seq = ev.sequence;
	*ns = ev.tv_sec * 1000000000ull + ev.tv_usec * 1000ull;
	return 0;
}

/*
 * Flips complete at the next vblank, one frame after the flip before
 * (atomic and legacy); the screen then shows the last buffer flipped to.
 */
TEST_F(kms, page_flips_complete_at_vblank)
{
	const struct output *o = &self->out[0];
	unsigned int seq, prev = 0, i, ones = 0;
	uint64_t t, t0 = 0;
	struct ruby_starve w;
	struct dumb a, b;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(vbl_fb(self->fd, o, VBL_MARK_A, &a), 0);
	ASSERT_EQ(vbl_fb(self->fd, o, VBL_MARK_B, &b), 0);
	ASSERT_EQ(light(self->fd, o, &a, 0), 0);
	ASSERT_EQ(wait_vblank(self->fd, 0, 1, &prev, &t0), 0);
	/*
	 * Atomic, then legacy flips; on a starved host a commit's worker may
	 * miss the next vblank, so after six flips go on (up to 36) until one
	 * completed exactly one frame after the flip before.
	 */
	for (i = 0; i < 6 || (!ones && i < 36); i++) {
		uint32_t fb = i % 2 ? a.fb : b.fb;
		bool legacy = i < 6 ? i >= 3 : i % 2;
		unsigned int made = 0;
		uint64_t tm;

		/*
		 * Lateness counts from the vblank the flip was made in, not
		 * from the flip before: the time this loop spends asking the
		 * simulator whether a late flip was starved is no later flip's
		 */
		ruby_starve_mark(&w);
		ASSERT_EQ(wait_vblank(self->fd, 0, 0, &made, &tm), 0);
		ASSERT_EQ(flip(self->fd, o, fb, legacy), 0);
		ASSERT_EQ(flip_event(self->fd, o, &seq, &t), 0);
		/* the next vblank's; a later one if the worker missed it */
		EXPECT_GE((int)(seq - made), 1)
			TH_LOG("flip %u: vblank %u, made in %u", i, seq, made);
		EXPECT_TRUE(seq - made <= 3 || late_excused(&w, &o->mode, seq - made - 3))
			TH_LOG("flip %u: vblank %u, made in %u", i, seq, made);
		EXPECT_TRUE(frames_apart(t - t0, seq - prev, frame_ns(&o->mode)))
			TH_LOG("flip %u: %u frames in %llu ns", i, seq - prev,
			       (unsigned long long)(t - t0));
		ones += seq - prev == 1;
		prev = seq;
		t0 = t;
	}
	EXPECT_GE(ones, 1) TH_LOG("no flip completed one frame after the one before");
	ksft_print_msg("CRTC %u: %u of %u flips one frame after the one before\n", o->crtc,
		       ones, i);
	ASSERT_EQ(flip_atomic(self->fd, o, b.fb, -1), 0);
	ASSERT_EQ(flip_event(self->fd, o, &seq, &t), 0);
	ksft_print_msg("CRTC %u flipped to mark 0x%06x\n", o->crtc, VBL_MARK_B);
	ASSERT_EQ(light(self->fd, o, NULL, 0), 0);
	dumb_free(self->fd, &a);
	dumb_free(self->fd, &b);
}

/* a nonblocking modeset lighting @o with @d in @mode; its out-fence, or -errno */
static int light_fenced(int fd, const struct output *o, const struct dumb *d,
			const struct drm_mode_modeinfo *mode)
{
	int32_t fence = -1;
	struct req r;
	int ret;

	req_output(fd, &r, o, d->fb, mode_blob(fd, mode), o->mode.hdisplay, o->mode.vdisplay);
	req_add(fd, &r, o->crtc, DRM_MODE_OBJECT_CRTC, "OUT_FENCE_PTR", (uintptr_t)&fence);
	ret = req_commit(fd, &r, DRM_MODE_ATOMIC_NONBLOCK);
	return ret ?: fence;
}

/*
 * Wait for @o's flip event, watching sync file @fence meanwhile: when it
 * was seen signalled (0: not before the event came), and when the event
 * came. (The fence's own timestamp is its vblank's, which DRM puts at
 * the end of that vblank.)
 */
static int flip_after_fence(int fd, const struct output *o, int fence, uint64_t *fence_at,
			    uint64_t *event_at)
{
	struct pollfd p[2] = { { .fd = fd, .events = POLLIN }, { .fd = fence, .events = POLLIN } };
	unsigned int seq;
	uint64_t t;

	*fence_at = 0;
	for (;;) {
		if (poll(p, 2, 1000) < 1)
			return -ETIMEDOUT;
		if (p[1].revents & POLLIN) {
			*fence_at = now_ns();
			p[1].fd = -1;
		}
		if (p[0].revents & POLLIN) {
			*event_at = now_ns();
			return flip_event(fd, o, &seq, &t);
		}
	}
}

/* @b's buffer gets sync file @fence as a writer's: its implicit fence */
static int import_fence(int fd, const struct dumb *b, int fence)
{
	struct drm_prime_handle h = { .handle = b->handle, .flags = DRM_CLOEXEC | DRM_RDWR };
	struct dma_buf_import_sync_file imp = { .flags = DMA_BUF_SYNC_WRITE, .fd = fence };
	int ret = 0;

	if (ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &h))
		return -errno;
	if (ioctl(h.fd, DMA_BUF_IOCTL_IMPORT_SYNC_FILE, &imp))
		ret = -errno;
	close(h.fd);
	return ret;
}

/*
 * A flip waits for its buffer: the fence is a nonblocking modeset's
 * out-fence on the second output, in a mode of about 20 Hz, so it signals
 * at that output's first vblank, about 50 ms on, frames of the first
 * output after its flip would have completed (not slower: DRM warns when
 * a commit's vblank wait takes 100 ms); meanwhile a second flip, atomic or
 * legacy, is refused with -EBUSY. Implicit (the
 * buffer's reservation, through PRIME) and explicit (IN_FENCE_FD) in turn.
 */
TEST_F(kms, flip_waits_for_the_buffer_fence)
{
	const struct output *o = &self->out[0], *other = &self->out[1];
	struct dumb a, b, c;
	unsigned int round;
	uint64_t t, signalled, start;
	struct drm_mode_modeinfo slow;
	struct ruby_starve w;
	int fence;

	if (self->nout < 2)
		SKIP(return, "needs two monitors");
	slow = other->mode;
	slow.vtotal = 1575;
	slow.vrefresh = slow.clock * 1000 / (slow.htotal * slow.vtotal);
	snprintf(slow.name, sizeof(slow.name), "slow");
	ASSERT_EQ(vbl_fb(self->fd, o, VBL_MARK_A, &a), 0);
	ASSERT_EQ(vbl_fb(self->fd, o, VBL_MARK_B, &b), 0);
	ASSERT_EQ(vbl_fb(self->fd, other, VBL_MARK_A, &c), 0);
	ASSERT_EQ(light(self->fd, o, &a, 0), 0);
	ruby_starve_mark(&w);
	for (round = 0; round < 2; round++) {
		start = now_ns();
		ruby_starve_mark(&w);
		fence = light_fenced(self->fd, other, &c, &slow);
		ASSERT_GE(fence, 0) TH_LOG("OUT_FENCE_PTR: %s", strerror(-fence));
		if (!round)
			ASSERT_EQ(import_fence(self->fd, &b, fence), 0);
		ASSERT_EQ(flip_atomic(self->fd, o, round ? a.fb : b.fb, round ? fence : -1), 0);
		/* pending (for ~100 ms): another flip is refused, atomic or legacy */
		EXPECT_EQ(flip(self->fd, o, a.fb, round), -EBUSY);
		ASSERT_EQ(flip_after_fence(self->fd, o, fence, &signalled, &t), 0);
		ASSERT_NE(signalled, 0) TH_LOG("round %u: flipped before the fence signalled",
					       round);
		EXPECT_TRUE(t <= signalled + 3 * frame_ns(&o->mode) ||
			    late_excused(&w, &o->mode,
					 (t - signalled) / frame_ns(&o->mode) - 2))
			TH_LOG("round %u: flipped %llu ns after the fence", round,
			       (unsigned long long)(t - signalled));
		ksft_print_msg("%s fence: signalled %llu us after its commit, flip %llu us later\n",
			       round ? "IN_FENCE_FD" : "implicit",
			       (unsigned long long)(signalled - start) / 1000,
			       (unsigned long long)(t - signalled) / 1000);
		close(fence);
		ASSERT_EQ(light(self->fd, other, NULL, 0), 0);
	}
	ASSERT_EQ(light(self->fd, o, NULL, 0), 0);
	dumb_free(self->fd, &a);
	dumb_free(self->fd, &b);
	dumb_free(self->fd, &c);
}

/* The cursor: 64x64 at most, ARGB8888 only, a plane per CRTC */
TEST_F(kms, cursor_planes_and_caps)
{
	struct drm_get_cap cap = { .capability = DRM_CAP_CURSOR_WIDTH };
	uint32_t formats[8];
	struct drm_mode_get_plane p = {
		.count_format_types = 8, .format_type_ptr = (uintptr_t)formats,
	};

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_GET_CAP, &cap), 0);
	EXPECT_EQ(cap.value, CURSOR_SIZE);
	cap = (struct drm_get_cap){ .capability = DRM_CAP_CURSOR_HEIGHT };
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_GET_CAP, &cap), 0);
	EXPECT_EQ(cap.value, CURSOR_SIZE);
	p.plane_id = self->out[0].cursor;
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_GETPLANE, &p), 0);
	ASSERT_EQ(p.count_format_types, 1);
	EXPECT_EQ(formats[0], DRM_FORMAT_ARGB8888);
}

/* a @w x @h cursor buffer of cursor_pixel() with @pitch (0: 4 * @w), a framebuffer of it */
static int cursor_fb(int fd, uint32_t w, uint32_t h, uint32_t pitch, uint32_t format,
		     struct dumb *d)
{
	uint32_t *p = dumb_map(fd, pitch ? pitch / 4 : w, h, d), i, j;

	if (!p)
		return -errno;
	/* the rows one after the other (@pitch 0), as the hardware reads them */
	d->pitch = pitch ? pitch : 4 * w;
	for (j = 0; j < h; j++)
		for (i = 0; i < w; i++)
			p[j * (d->pitch / 4) + i] = cursor_pixel(i, j);
	munmap(p, d->size);
	return dumb_addfb(fd, d, w, h, d->pitch, format);
}

/* the request putting @o's cursor at (@x, @y) with @fb (@w x @h), or off (@fb 0) */
static void req_cursor(int fd, struct req *r, const struct output *o, uint32_t fb, int x, int y,
		       uint32_t w, uint32_t h)
{
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "FB_ID", fb);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "CRTC_ID", fb ? o->crtc : 0);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "SRC_X", 0);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)w << 16);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)h << 16);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "CRTC_X", (uint64_t)(int64_t)x);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "CRTC_Y", (uint64_t)(int64_t)y);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "CRTC_W", w);
	req_add(fd, r, o->cursor, DRM_MODE_OBJECT_PLANE, "CRTC_H", h);
}

/*
 * the background of the cursor frames: kms_pattern() on the screen, mapped
 * to mark it; the primary plane shows it from column @pan
 */
struct cursor_screen {
	const struct output *o;
	struct dumb bg;
	uint32_t *map;
	uint32_t blob, pan;
};

static int screen_on(int fd, struct cursor_screen *s)
{
	const struct drm_mode_modeinfo *m = &s->o->mode;
	struct drm_mode_map_dumb map = { .handle = s->bg.handle };
	struct req r;
	int ret;

	req_output(fd, &r, s->o, s->bg.fb, s->blob, m->hdisplay, m->vdisplay);
	ret = req_commit(fd, &r, 0);
	if (ret || ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map))
		return ret ?: -errno;
	s->map = mmap(NULL, s->bg.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
	if (s->map == MAP_FAILED)
		return -errno;
	/* kms_pattern() in the first row too, the marks in the last */
	s->map[s->pan] = kms_pattern(0, 0);
	s->map[s->pan + 1] = kms_pattern(1, 0);
	s->map[(m->vdisplay - 1) * (s->bg.pitch / 4) + s->pan] = CURSOR_MARK;
	s->map[(m->vdisplay - 1) * (s->bg.pitch / 4) + s->pan + 1] = CURSOR_NONE;
	return 0;
}

/* the cursor frame's second mark: where the cursor is, or CURSOR_NONE */
static void screen_mark(struct cursor_screen *s, uint32_t mark)
{
	s->map[(s->o->mode.vdisplay - 1) * (s->bg.pitch / 4) + s->pan + 1] = mark;
}

/* the CRTC off with its cursor: the simulator writes the frame */
static int screen_off(int fd, struct cursor_screen *s)
{
	struct req r;

	munmap(s->map, s->bg.size);
	req_output(fd, &r, s->o, 0, 0, 0, 0);
	req_cursor(fd, &r, s->o, 0, 0, 0, 0, 0);
	ksft_print_msg("cursor frame on CRTC %u\n", s->o->crtc);
	return req_commit(fd, &r, 0);
}

/* Set and moved by atomic properties, then by the legacy ioctls */
TEST_F(kms, cursor_shows_where_it_is_put)
{
	struct cursor_screen s = { .o = &self->out[0] };
	const struct drm_mode_modeinfo *m = &s.o->mode;
	struct drm_mode_cursor2 c2;
	struct drm_mode_cursor c;
	struct dumb cur;
	struct req r;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(dumb_fb(self->fd, m->hdisplay, m->vdisplay, 0, DRM_FORMAT_XRGB8888, &s.bg), 0);
	ASSERT_EQ(cursor_fb(self->fd, CURSOR_SIZE, CURSOR_SIZE, 0, DRM_FORMAT_ARGB8888, &cur), 0);
	s.blob = mode_blob(self->fd, m);
	ASSERT_NE(s.blob, 0);

	/* atomic: set at (100, 50), moved to (37, 61) */
	ASSERT_EQ(screen_on(self->fd, &s), 0);
	r = (struct req){ 0 };
	req_cursor(self->fd, &r, s.o, cur.fb, 100, 50, CURSOR_SIZE, CURSOR_SIZE);
	ASSERT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), 0);
	ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
	r = (struct req){ 0 };
	req_cursor(self->fd, &r, s.o, cur.fb, 37, 61, CURSOR_SIZE, CURSOR_SIZE);
	ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
	screen_mark(&s, cursor_mark_pos(37, 61));
	ASSERT_EQ(screen_off(self->fd, &s), 0);

	/* legacy: the buffer, then a move partly off the top-left corner */
	ASSERT_EQ(screen_on(self->fd, &s), 0);
	c = (struct drm_mode_cursor){ .flags = DRM_MODE_CURSOR_BO, .crtc_id = s.o->crtc,
				      .width = CURSOR_SIZE, .height = CURSOR_SIZE,
				      .handle = cur.handle };
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_CURSOR, &c), 0);
	c = (struct drm_mode_cursor){ .flags = DRM_MODE_CURSOR_MOVE, .crtc_id = s.o->crtc,
				      .x = -20, .y = -30 };
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_CURSOR, &c), 0);
	screen_mark(&s, cursor_mark_pos(-20, -30));
	ASSERT_EQ(screen_off(self->fd, &s), 0);

	/* CURSOR2: buffer and move at once, partly off the right edge */
	ASSERT_EQ(screen_on(self->fd, &s), 0);
	c2 = (struct drm_mode_cursor2){ .flags = DRM_MODE_CURSOR_BO | DRM_MODE_CURSOR_MOVE,
					.crtc_id = s.o->crtc, .x = m->hdisplay - 24,
					.y = m->vdisplay / 2, .width = CURSOR_SIZE,
					.height = CURSOR_SIZE, .handle = cur.handle };
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_CURSOR2, &c2), 0);
	screen_mark(&s, cursor_mark_pos(m->hdisplay - 24, m->vdisplay / 2));
	ASSERT_EQ(screen_off(self->fd, &s), 0);

	/* legacy: set, then hidden (no buffer): the frame has no cursor */
	ASSERT_EQ(screen_on(self->fd, &s), 0);
	c = (struct drm_mode_cursor){ .flags = DRM_MODE_CURSOR_BO | DRM_MODE_CURSOR_MOVE,
				      .crtc_id = s.o->crtc, .x = 300, .y = 200,
				      .width = CURSOR_SIZE, .height = CURSOR_SIZE,
				      .handle = cur.handle };
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_CURSOR, &c), 0);
	c = (struct drm_mode_cursor){ .flags = DRM_MODE_CURSOR_BO, .crtc_id = s.o->crtc };
	ASSERT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_CURSOR, &c), 0);
	ASSERT_EQ(screen_off(self->fd, &s), 0);
	dumb_free(self->fd, &cur);
	dumb_free(self->fd, &s.bg);
}

/* Bytes of VRAM pinned (debugfs ruby_objects), or -1 */
static long long pinned_vram(int minor)
{
	char buf[1024];
	long long v;
	const char *p;

	if (RUBY_DEBUGFS_READ(minor, "ruby_objects", buf))
		return -1;
	p = strstr(buf, "pinned vram: ");
	if (!p || sscanf(p + strlen("pinned vram: "), "%lld", &v) != 1)
		return -1;
	return v;
}

/* the vblank's work unpins: wait up to a second for @want bytes pinned */
static long long pinned_settle(int minor, long long want)
{
	long long v = pinned_vram(minor);
	int i;

	for (i = 0; i < 100 && v != want; i++) {
		usleep(10000);
		v = pinned_vram(minor);
	}
	return v;
}

/* the legacy cursor ioctl showing @d on @o's CRTC (hiding it: @d->handle 0) */
static int legacy_cursor(int fd, const struct output *o, const struct dumb *d)
{
	struct drm_mode_cursor c = { .flags = DRM_MODE_CURSOR_BO, .crtc_id = o->crtc,
				     .width = CURSOR_SIZE, .height = CURSOR_SIZE,
				     .handle = d->handle };

	return ioctl(fd, DRM_IOCTL_MODE_CURSOR, &c) ? -errno : 0;
}

/*
 * A legacy cursor update does not wait for the vblank, and the hardware
 * reads the old image until the new address latches: the old buffer stays
 * pinned (cannot move or be reused) until the CRTC's vblanks show it is not
 * read any more, and the CRTC going off lets every such buffer go.
 */
TEST_F(kms, legacy_cursor_keeps_the_old_image_until_vblank)
{
	const struct output *o = &self->out[0];
	unsigned int seq0, seq1, seq, i;
	long long base, both = -1;
	struct dumb bg, a, b;
	int minor = ruby_card_minor();
	uint64_t t;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	if (minor < 0 || pinned_vram(minor) < 0)
		SKIP(return, "no debugfs ruby_objects");
	ASSERT_EQ(vbl_fb(self->fd, o, VBL_MARK_C, &bg), 0);
	ASSERT_EQ(cursor_fb(self->fd, CURSOR_SIZE, CURSOR_SIZE, 0, DRM_FORMAT_ARGB8888, &a), 0);
	ASSERT_EQ(cursor_fb(self->fd, CURSOR_SIZE, CURSOR_SIZE, 0, DRM_FORMAT_ARGB8888, &b), 0);
	ASSERT_EQ(light(self->fd, o, &bg, 0), 0);
	base = pinned_vram(minor);
	/* A then B, until a sample with no vblank between the switch and the read */
	for (i = 0; i < 20 && both < 0; i++) {
		ASSERT_EQ(legacy_cursor(self->fd, o, &a), 0);
		ASSERT_EQ(wait_vblank(self->fd, 0, 3, &seq, &t), 0);
		ASSERT_EQ(pinned_settle(minor, base + (long long)a.size), base + (long long)a.size)
			TH_LOG("after 3 vblanks only A is pinned");
		ASSERT_EQ(wait_vblank(self->fd, 0, 0, &seq0, &t), 0);
		ASSERT_EQ(legacy_cursor(self->fd, o, &b), 0);
		both = pinned_vram(minor);
		ASSERT_EQ(wait_vblank(self->fd, 0, 0, &seq1, &t), 0);
		if (seq1 != seq0)
			both = -1;
	}
	ASSERT_GE(both, 0) TH_LOG("every sample had a vblank in it");
	EXPECT_EQ(both, base + (long long)(a.size + b.size))
		TH_LOG("A unpinned while the hardware may read it");
	ASSERT_EQ(wait_vblank(self->fd, 0, 3, &seq, &t), 0);
	EXPECT_EQ(pinned_settle(minor, base + (long long)b.size), base + (long long)b.size)
		TH_LOG("A kept past its vblanks");
	/* a switch, then the CRTC off at once: B goes with it, A stays shown */
	ASSERT_EQ(legacy_cursor(self->fd, o, &a), 0);
	ASSERT_EQ(light(self->fd, o, NULL, 0), 0);
	EXPECT_EQ(pinned_vram(minor), base - (long long)bg.size + (long long)a.size);
	/* hidden on a CRTC that is off: nothing reads A, it goes at once */
	b.handle = 0;
	ASSERT_EQ(legacy_cursor(self->fd, o, &b), 0);
	EXPECT_EQ(pinned_vram(minor), base - (long long)bg.size);
	dumb_free(self->fd, &a);
	dumb_free(self->fd, &b);
	dumb_free(self->fd, &bg);
}

/* Panning the primary plane (SRC_X) leaves the cursor where it is on the screen */
TEST_F(kms, cursor_stays_put_when_the_primary_pans)
{
	struct cursor_screen s = { .o = &self->out[0], .pan = 64 };
	const struct drm_mode_modeinfo *m = &s.o->mode;
	uint32_t *p, x, y;
	struct dumb cur;
	struct req r;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	/* kms_pattern() shifted by @pan: what the panned plane shows is the pattern */
	p = dumb_map(self->fd, m->hdisplay + s.pan, m->vdisplay, &s.bg);
	ASSERT_NE(p, NULL);
	for (y = 0; y < m->vdisplay; y++)
		for (x = s.pan; x < m->hdisplay + s.pan; x++)
			p[y * (s.bg.pitch / 4) + x] = kms_pattern(x - s.pan, y);
	munmap(p, s.bg.size);
	ASSERT_EQ(dumb_addfb(self->fd, &s.bg, m->hdisplay + s.pan, m->vdisplay, s.bg.pitch,
			     DRM_FORMAT_XRGB8888), 0);
	ASSERT_EQ(cursor_fb(self->fd, CURSOR_SIZE, CURSOR_SIZE, 0, DRM_FORMAT_ARGB8888, &cur), 0);
	s.blob = mode_blob(self->fd, m);
	ASSERT_NE(s.blob, 0);

	ASSERT_EQ(screen_on(self->fd, &s), 0);
	r = (struct req){ 0 };
	req_cursor(self->fd, &r, s.o, cur.fb, 50, 40, CURSOR_SIZE, CURSOR_SIZE);
	ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
	/* a commit of the primary plane alone */
	r = (struct req){ 0 };
	req_add(self->fd, &r, s.o->plane, DRM_MODE_OBJECT_PLANE, "SRC_X", (uint64_t)s.pan << 16);
	ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
	screen_mark(&s, cursor_mark_pos(50, 40));
	ASSERT_EQ(screen_off(self->fd, &s), 0);
	dumb_free(self->fd, &cur);
	dumb_free(self->fd, &s.bg);
}

/* a TEST_ONLY commit lighting @o with @fb, and the cursor @cfb shown @w x @h */
static int cursor_test_only(int fd, const struct output *o, uint32_t fb, uint32_t cfb,
			    uint32_t w, uint32_t h)
{
	struct req r;

	req_output(fd, &r, o, fb, mode_blob(fd, &o->mode), o->mode.hdisplay, o->mode.vdisplay);
	req_cursor(fd, &r, o, cfb, 10, 10, w, h);
	return req_commit(fd, &r, DRM_MODE_ATOMIC_TEST_ONLY);
}

/* What DCE4's cursor cannot show is refused, for its reason */
TEST_F(kms, cursor_refuses_what_dce_cannot_do)
{
	const struct output *o = &self->out[0];
	struct drm_mode_cursor c;
	struct dumb bg, big, cur, bad;

	if (!self->nout)
		SKIP(return, "no monitor connected");
	ASSERT_EQ(dumb_fb(self->fd, o->mode.hdisplay, o->mode.vdisplay, 0, DRM_FORMAT_XRGB8888,
			  &bg), 0);
	ASSERT_EQ(cursor_fb(self->fd, 128, 128, 0, DRM_FORMAT_ARGB8888, &big), 0);
	ASSERT_EQ(cursor_fb(self->fd, CURSOR_SIZE, CURSOR_SIZE, 0, DRM_FORMAT_ARGB8888, &cur), 0);
	ruby_kmsg_logged(self->kmsg, "");

	/* the whole commit is fine with the 64x64 one */
	EXPECT_EQ(cursor_test_only(self->fd, o, bg.fb, cur.fb, CURSOR_SIZE, CURSOR_SIZE), 0);

	EXPECT_EQ(cursor_test_only(self->fd, o, bg.fb, big.fb, 128, 128), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "larger than the hardware cursor"));

	/* the legacy ioctl takes the same path, and is refused the same */
	c = (struct drm_mode_cursor){ .flags = DRM_MODE_CURSOR_BO, .crtc_id = o->crtc,
				      .width = 128, .height = 128, .handle = big.handle };
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_MODE_CURSOR, &c), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "larger than the hardware cursor"));

	/* shown at 32x32: no scaling */
	EXPECT_EQ(cursor_test_only(self->fd, o, bg.fb, cur.fb, 32, 32), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "cursor must show its whole buffer"));

	/* rows of 128 pixels for a 64-pixel-wide cursor */
	ASSERT_EQ(cursor_fb(self->fd, CURSOR_SIZE, CURSOR_SIZE, 512, DRM_FORMAT_ARGB8888, &bad), 0);
	EXPECT_EQ(cursor_test_only(self->fd, o, bg.fb, bad.fb, CURSOR_SIZE, CURSOR_SIZE), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "cursor pitch must be its width"));
	dumb_free(self->fd, &bad);

	/* XRGB8888: not a format of the cursor plane (DRM's own check) */
	ASSERT_EQ(ruby_sysfs_write(DRM_DEBUG_PARAM, DRM_UT_KMS_ATOMIC), 0);
	ASSERT_EQ(cursor_fb(self->fd, CURSOR_SIZE, CURSOR_SIZE, 0, DRM_FORMAT_XRGB8888, &bad), 0);
	EXPECT_EQ(cursor_test_only(self->fd, o, bg.fb, bad.fb, CURSOR_SIZE, CURSOR_SIZE), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "invalid pixel format XR24"));
	ASSERT_EQ(ruby_sysfs_write(DRM_DEBUG_PARAM, DRM_UT_KMS_DRIVER), 0);
	dumb_free(self->fd, &bad);
	dumb_free(self->fd, &cur);
	dumb_free(self->fd, &big);
	dumb_free(self->fd, &bg);
}

/* ---- HDMI (the simulated board's 2nd connector, sim/hdmi.c) ---- */

#define HDMI_MARK	0x00e1e2e3u
#define HDMI_DIG	"dig2"		/* the HDMI connector's DIG encoder */
#define HDMI_LPCM_2CH	"sad0=0x07070701"	/* 2 ch, 32/44.1/48 kHz, 16/20/24 bits */
#define HDMI_ACR_148500	"n32=4096 cts32=148500 n44=6272 cts44=165000 n48=6144 cts48=148500"

/*
 * The board's first connector of @type (its number among those in
 * *@type_id), or 0. Asking for a mode keeps GETCONNECTOR from probing:
 * probing every connector (EDIDs bit-banged) takes seconds on a busy rig
 */
static uint32_t connector_of_type(int fd, uint32_t type, uint32_t *type_id)
{
	uint32_t crtcs[MAX_OBJ], cons[MAX_OBJ];
	struct drm_mode_modeinfo mode;
	struct drm_mode_get_connector c;
	unsigned int ncrtc, ncon, i;

	if (get_resources(fd, crtcs, &ncrtc, cons, &ncon))
		return 0;
	for (i = 0; i < ncon; i++) {
		c = (struct drm_mode_get_connector){ .connector_id = cons[i], .count_modes = 1,
						     .modes_ptr = (uintptr_t)&mode };
		if (!ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) && c.connector_type == type) {
			*type_id = c.connector_type_id;
			return cons[i];
		}
	}
	return 0;
}

/* the board's HDMI-A connector (its number among them in *@type_id), or 0 */
static uint32_t hdmi_connector(int fd, uint32_t *type_id)
{
	return connector_of_type(fd, DRM_MODE_CONNECTOR_HDMIA, type_id);
}

/* the rig's monitors with @kind ("hdmi", "hdmi:dvi") on the HDMI connector (NULL: as they were) */
static int hdmi_plug(const char *kind)
{
	const char *base = getenv("RUBY_EXPECT_MONITORS");
	char buf[256], list[256] = "", *tok, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", base ? base : "dvi,hdmi");
	if (!kind)
		return ruby_set_monitors(getenv("RUBY_SIM_CONTROL"), buf);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (strncmp(tok, "hdmi", 4) && strcmp(tok, "none"))
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s,", tok);
	snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s", kind);
	return ruby_set_monitors(getenv("RUBY_SIM_CONTROL"), list);
}

/* probe HDMI-A-@type_id until its EDID's product code is @product */
static int hdmi_wait(uint32_t type_id, unsigned int product)
{
	char path[96], edid[256];
	int i, fd, n;

	for (i = 0; i < 50; i++) {
		snprintf(path, sizeof(path), "/sys/class/drm/card%d-HDMI-A-%u/status",
			 ruby_card_minor(), type_id);
		if (ruby_sysfs_write(path, "detect"))
			return -EIO;
		snprintf(path, sizeof(path), "/sys/class/drm/card%d-HDMI-A-%u/edid",
			 ruby_card_minor(), type_id);
		fd = open(path, O_RDONLY);
		n = fd >= 0 ? read(fd, edid, sizeof(edid)) : -1;
		if (fd >= 0)
			close(fd);
		if (n >= 128 && (edid[10] & 0xff) == (product & 0xff) &&
		    (edid[11] & 0xff) == product >> 8)
			return 0;
		usleep(100 * 1000);
	}
	return -ETIMEDOUT;
}

/* a mode of connector @con: @w x @h at @khz (0: any clock) */
static bool hdmi_find_mode(int fd, uint32_t con, uint32_t w, uint32_t h, uint32_t khz,
			   struct drm_mode_modeinfo *mode)
{
	struct drm_mode_modeinfo modes[64];
	struct drm_mode_get_connector c = { .connector_id = con };
	unsigned int i;

	if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) || !c.count_modes)
		return false;
	c = (struct drm_mode_get_connector){
		.connector_id = con, .modes_ptr = (uintptr_t)modes,
		.count_modes = c.count_modes < 64 ? c.count_modes : 64,
	};
	if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c))
		return false;
	for (i = 0; i < c.count_modes && i < 64; i++) {
		if (modes[i].hdisplay == w && modes[i].vdisplay == h &&
		    (!khz || modes[i].clock == khz)) {
			*mode = modes[i];
			return true;
		}
	}
	return false;
}

/* the simulator's line of @who ("dig2", "az") in its "hdmi" file, or "" */
static void hdmi_sim_read(const char *who, char *line, size_t size)
{
	char path[512], text[4096], key[16];
	const char *p;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/hdmi", getenv("RUBY_SIM_CONTROL"));
	f = fopen(path, "r");
	n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
	if (f)
		fclose(f);
	text[n] = 0;
	snprintf(key, sizeof(key), "%s ", who);
	for (p = text; p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, key, strlen(key)))
			break;
	snprintf(line, size, "%.*s", p ? (int)strcspn(p, "\n") : 0, p ? p : "");
}

/* @line holds each space-separated key=value of @want */
static bool hdmi_line_has(const char *line, const char *want)
{
	char item[64];
	const char *p;
	size_t n;

	if (!*line)
		return false;
	for (; *want; want += n + strspn(want + n, " ")) {
		n = strcspn(want, " ");
		snprintf(item, sizeof(item), " %.*s", (int)n, want);
		for (p = strstr(line, item); p && p[strlen(item)] && p[strlen(item)] != ' ';
		     p = strstr(p + 1, item))
			;
		if (!p)
			return false;
	}
	return true;
}

/*
 * Up to 2 s (MMIO writes reach the simulator asynchronously) for @who's
 * line to hold @want (NULL: for it to be gone); its last value in @line
 */
static bool hdmi_sim_line(const char *who, const char *want, char *line, size_t size)
{
	int i;

	for (i = 0; i < 40; i++) {
		hdmi_sim_read(who, line, size);
		if (want ? hdmi_line_has(line, want) : !*line)
			return true;
		usleep(50 * 1000);
	}
	return false;
}

/* why an HDMI test cannot run here, or NULL */
static const char *hdmi_skip(int fd, uint32_t *con, uint32_t *type_id)
{
	if (!getenv("RUBY_SIM_CONTROL"))
		return "no simulated board to plug monitors into (RUBY_SIM_CONTROL)";
	*con = hdmi_connector(fd, type_id);
	if (!*con)
		return "the board has no HDMI connector";
	return NULL;
}

/* an HDMI test's output on the first free CRTC, its monitor of @kind plugged */
static void hdmi_setup(struct __test_metadata *_metadata,
		       struct _test_data_kms *self /* FIXTURE_DATA(kms) */,
		       const char *kind, unsigned int product, struct output *o, uint32_t type_id)
{
	ASSERT_LT(self->nout, self->ncrtc) TH_LOG("no free CRTC for HDMI");
	self->hdmi_plugged = true;
	ASSERT_EQ(hdmi_plug(kind), 0);
	ASSERT_EQ(hdmi_wait(type_id, product), 0) TH_LOG("HDMI-A-1 never read EDID 0x%04x",
							 product);
	o->crtc = self->crtcs[self->nout];
	o->plane = plane_of(self->fd, self->planes, self->nplane, self->nout,
			    PLANE_TYPE_PRIMARY);
	ASSERT_NE(o->plane, 0);
}

/* light @o at @mode: the HDMI DIG's line once it holds @want */
static void hdmi_light(struct __test_metadata *_metadata, int fd, struct output *o,
		       const struct drm_mode_modeinfo *mode, struct dumb *d, const char *want)
{
	char line[1024];

	o->mode = *mode;
	ASSERT_EQ(vbl_fb(fd, o, HDMI_MARK, d), 0);
	ASSERT_EQ(light(fd, o, d, 0), 0);
	EXPECT_TRUE(hdmi_sim_line(HDMI_DIG, want, line, sizeof(line)))
		TH_LOG("%s at %s: want %s, the simulator says: %s", HDMI_DIG, mode->name, want,
		       line);
	ksft_print_msg("HDMI: connector %u on CRTC %u: %s at %u kHz: %s\n", o->connector,
		       o->crtc, mode->name, mode->clock, line);
}

/*
 * An HDMI TV: its encoder runs in HDMI mode and sends an AVI infoframe
 * (whole, its checksum right) every frame whose VIC is the mode's: 16 for
 * 1920x1080@60, none for 1280x1024 (not a CTA mode); its audio descriptor
 * (LPCM, 2 channels) and HDMI connection reach the audio endpoint, audio
 * is on, and clock regeneration's N and CTS give 32/44.1/48 kHz back from
 * the pixel clock (CTA's table at 148.5 MHz, computed at 108). Switched
 * off, no infoframes, no audio
 */
TEST_F_TIMEOUT(kms, hdmi_tv_gets_infoframes_and_audio, 120)
{
	struct drm_mode_modeinfo m1080, m1024;
	struct output o = {};
	char line[1024];
	uint32_t type_id;
	const char *why = hdmi_skip(self->fd, &o.connector, &type_id);
	struct dumb d;

	if (why)
		SKIP(return, "%s", why);
	hdmi_setup(_metadata, self, "hdmi", 0x1024, &o, type_id);
	ASSERT_TRUE(hdmi_find_mode(self->fd, o.connector, 1920, 1080, 148500, &m1080))
		TH_LOG("no CTA VIC 16 among the HDMI TV's modes");
	ASSERT_TRUE(hdmi_find_mode(self->fd, o.connector, 1280, 1024, 108000, &m1024));
	hdmi_light(_metadata, self->fd, &o, &m1080, &d,
		   "on=1 mode=hdmi avi=1 avi_sum=ok vic=16 audio=1 audio_info=1 acr=1 acr_ok=1");
	/* CTA-861's N and CTS at 148.5 MHz */
	EXPECT_TRUE(hdmi_sim_line(HDMI_DIG, HDMI_ACR_148500, line, sizeof(line)))
		TH_LOG("clock regeneration: %s", line);
	EXPECT_TRUE(hdmi_sim_line("az", "audio=1 pin0=1 hdmi=1 speakers=0x01 " HDMI_LPCM_2CH,
				  line, sizeof(line))) TH_LOG("the endpoint: %s", line);
	dumb_free(self->fd, &d);
	hdmi_light(_metadata, self->fd, &o, &m1024, &d,
		   "on=1 mode=hdmi avi=1 avi_sum=ok vic=0 audio=1 acr_ok=1 n44=5684 cts44=108750");

	ASSERT_EQ(light(self->fd, &o, NULL, 0), 0);
	EXPECT_TRUE(hdmi_sim_line("az", "audio=0 pin0=0", line, sizeof(line)))
		TH_LOG("audio still on the pin: %s", line);
	EXPECT_TRUE(hdmi_sim_line(HDMI_DIG, NULL, line, sizeof(line)))
		TH_LOG("switched off, it still sends: %s", line);
	dumb_free(self->fd, &d);
}

/*
 * A DVI monitor on the HDMI connector (its EDID has no HDMI VSDB): the
 * encoder stays in DVI mode, no infoframe, no audio; DRM's ELD for it
 * lists no audio descriptor
 */
TEST_F_TIMEOUT(kms, dvi_monitor_on_hdmi_stays_dvi, 120)
{
	struct drm_mode_modeinfo mode;
	struct output o = {};
	char line[1024];
	uint32_t type_id;
	const char *why = hdmi_skip(self->fd, &o.connector, &type_id);
	struct dumb d;

	if (why)
		SKIP(return, "%s", why);
	hdmi_setup(_metadata, self, "hdmi:dvi", 0x1025, &o, type_id);
	ASSERT_TRUE(hdmi_find_mode(self->fd, o.connector, 1920, 1080, 148500, &mode));
	hdmi_light(_metadata, self->fd, &o, &mode, &d,
		   "on=1 mode=dvi avi=0 audio=0 audio_info=0");
	EXPECT_TRUE(hdmi_sim_line("az", "audio=0 pin0=0", line, sizeof(line)))
		TH_LOG("audio on for a DVI sink: %s", line);
	ASSERT_EQ(light(self->fd, &o, NULL, 0), 0);
	dumb_free(self->fd, &d);
}

/* the byte two hex digits at @hex say */
static unsigned int hdmi_hex_byte(const char *hex)
{
	char b[3] = { hex[0], hex[0] ? hex[1] : 0, 0 };

	return strtoul(b, NULL, 16);
}

/* ELD bytes of the ruby_connectors line for HDMI-A-1 (hex), or "" */
static void hdmi_eld(char *eld, size_t size)
{
	char text[8192], key[32], value[256];
	int i;

	*eld = 0;
	if (RUBY_DEBUGFS_READ(ruby_card_minor(), "ruby_connectors", text))
		return;
	for (i = 0; i < MAX_OBJ; i++) {
		snprintf(key, sizeof(key), "connector%d", i);
		if (ruby_text_field(text, key, value, sizeof(value)) &&
		    !strncmp(value, "HDMI-A-1 ", 9)) {
			snprintf(key, sizeof(key), "connector%d.eld", i);
			ruby_text_field(text, key, eld, size);
			return;
		}
	}
}

/*
 * The ELD DRM builds from the HDMI TV's EDID reaches userspace (debugfs
 * ruby_connectors): the monitor's name, its one audio descriptor (LPCM,
 * 2 channels, 32/44.1/48 kHz) and its speakers (front left and right);
 * the DVI monitor's has no audio descriptor
 */
TEST_F_TIMEOUT(kms, hdmi_eld_reaches_userspace, 120)
{
	char eld[512], name[32];
	struct output o = {};
	uint32_t type_id;
	const char *why = hdmi_skip(self->fd, &o.connector, &type_id);
	unsigned int mnl, i;

	if (why)
		SKIP(return, "%s", why);
	hdmi_setup(_metadata, self, "hdmi", 0x1024, &o, type_id);
	hdmi_eld(eld, sizeof(eld));
	ASSERT_GE(strlen(eld), 2 * 20) TH_LOG("no ELD for the HDMI TV: '%s'", eld);
	/* byte 4: monitor name length; 5: SAD count << 4; 7: speakers; 20: name, then SADs */
	mnl = hdmi_hex_byte(eld + 8) & 0x1f;
	EXPECT_EQ(strncmp(eld + 10, "10", 2), 0) TH_LOG("SAD count, connection: %.2s", eld + 10);
	EXPECT_EQ(strncmp(eld + 14, "01", 2), 0) TH_LOG("speakers: %.2s", eld + 14);
	ASSERT_GE(strlen(eld), 40 + 2 * mnl + 6) TH_LOG("ELD too short: %s", eld);
	for (i = 0; i < mnl && i < sizeof(name) - 1; i++)
		name[i] = hdmi_hex_byte(eld + 40 + 2 * i);
	name[i] = 0;
	EXPECT_STREQ(name, "ruby HDMI 19");
	EXPECT_EQ(strncmp(eld + 40 + 2 * mnl, "090707", 6), 0)
		TH_LOG("SAD: %.6s", eld + 40 + 2 * mnl);

	ASSERT_EQ(hdmi_plug("hdmi:dvi"), 0);
	ASSERT_EQ(hdmi_wait(type_id, 0x1025), 0);
	hdmi_eld(eld, sizeof(eld));
	EXPECT_EQ(strncmp(eld + 10, "00", 2), 0) TH_LOG("a DVI monitor's ELD: %s", eld);
}

/* ---- DisplayPort (the simulated board's 4th connector, sim/dp.c) ---- */

#define DP_MARK		0x00d1d2d3u	/* frames of a link that may not show */
#define LINK_STATUS_BAD	1		/* the "link-status" property's values */

/* the board's DisplayPort connector, as connector_of_type() */
static uint32_t dp_connector(int fd, uint32_t *type_id)
{
	return connector_of_type(fd, DRM_MODE_CONNECTOR_DisplayPort, type_id);
}

/*
 * Probe DP-@type_id now: its sysfs status file's "detect" probes it (and
 * only it), whether or not this file is the DRM master, whose
 * GETCONNECTOR alone would probe
 */
static int dp_probe(uint32_t type_id)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/class/drm/card%d-DP-%u/status", ruby_card_minor(),
		 type_id);
	return ruby_sysfs_write(path, "detect");
}

/* the rig's monitors with a DP monitor of @opts ("" or ":no-cr"...), or without (NULL) */
static int dp_plug(const char *dir, const char *opts)
{
	const char *base = getenv("RUBY_EXPECT_MONITORS");
	char list[256];

	if (!base)
		base = "dvi,hdmi";
	if (!opts)
		return ruby_set_monitors(dir, base);
	snprintf(list, sizeof(list), "%s%sdp%s", strcmp(base, "none") ? base : "",
		 strcmp(base, "none") ? "," : "", opts);
	return ruby_set_monitors(dir, list);
}

/* wait up to 5 s for DP-@type_id to read connected (@on) or not; its smallest mode */
static int dp_wait(int fd, uint32_t con, uint32_t type_id, int on,
		   struct drm_mode_modeinfo *mode)
{
	int i, ret;

	for (i = 0; i < 50; i++) {
		ret = dp_probe(type_id);
		if (!ret)
			ret = connector_mode(fd, con, mode);
		if (ret < 0 || ret == on)
			return ret < 0 ? ret : 0;
		usleep(100 * 1000);
	}
	return -ETIMEDOUT;
}

/* the connector's link-status after up to @ms for it to turn @want */
static uint64_t dp_link_status(int fd, uint32_t con, uint64_t want, int ms)
{
	uint64_t val = ~0ull;

	for (; ms >= 0; ms -= 50) {
		if (prop_find(fd, con, DRM_MODE_OBJECT_CONNECTOR, "link-status", &val) &&
		    val == want)
			break;
		usleep(50 * 1000);
	}
	return val;
}

/* a DP test's output, its buffer and its uevent socket */
struct dp_test {
	struct output o;
	struct dumb d;
	int sock;
	uint32_t type_id;
};

/* plug a DP monitor of @opts and make @t->o its output on the first free CRTC */
static void dp_setup(struct __test_metadata *_metadata,
		     struct _test_data_kms *self /* FIXTURE_DATA(kms) */,
		     const char *opts, struct dp_test *t)
{
	const char *dir = getenv("RUBY_SIM_CONTROL");
	struct output *o = &t->o;
	int *sock = &t->sock;

	o->connector = dp_connector(self->fd, &t->type_id);
	ASSERT_LT(self->nout, self->ncrtc) TH_LOG("no free CRTC for DisplayPort");
	*sock = ruby_uevent_socket();
	ASSERT_GE(*sock, 0);
	self->dp_plugged = true;
	ASSERT_EQ(dp_plug(dir, opts), 0);
	EXPECT_TRUE(ruby_hotplug_uevent(*sock, ruby_card_minor(), 5000))
		TH_LOG("no hotplug uevent after plugging dp%s", opts);
	ASSERT_EQ(dp_wait(self->fd, o->connector, t->type_id, 1, &o->mode), 0)
		TH_LOG("DP-1 not connected after plugging dp%s", opts);
	o->crtc = self->crtcs[self->nout];
	o->plane = plane_of(self->fd, self->planes, self->nplane, self->nout,
			    PLANE_TYPE_PRIMARY);
	ASSERT_NE(o->plane, 0);
}

/* @o's request with @d's framebuffer, link-status GOOD (userspace's retry) */
static void dp_req(int fd, struct req *r, const struct output *o, const struct dumb *d)
{
	req_output(fd, r, o, d->fb, mode_blob(fd, &o->mode), o->mode.hdisplay,
		   o->mode.vdisplay);
	req_add(fd, r, o->connector, DRM_MODE_OBJECT_CONNECTOR, "link-status", 0);
}

/* light @o with @d: the link trains and link-status stays GOOD */
static void dp_light(struct __test_metadata *_metadata, int fd, int kmsg,
		     const struct output *o, const struct dumb *d)
{
	struct drm_mode_crtc crtc = { .crtc_id = o->crtc };
	struct req r;

	dp_req(fd, &r, o, d);
	ASSERT_EQ(req_commit(fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), 0);
	ASSERT_EQ(req_commit(fd, &r, 0), 0);
	ASSERT_EQ(ioctl(fd, DRM_IOCTL_MODE_GETCRTC, &crtc), 0);
	EXPECT_EQ(crtc.mode_valid, 1);
	/* a failed training would turn it BAD within the commit's aftermath */
	EXPECT_EQ(dp_link_status(fd, o->connector, LINK_STATUS_BAD, 300), 0);
	EXPECT_FALSE(ruby_kmsg_logged(kmsg, "DP link training"));
}

/* say which mode @t lit, for the rig's frame check ("connector N on CRTC M") */
static void dp_report(const struct dp_test *t, const char *how)
{
	ksft_print_msg("connector %u on CRTC %u: %s at %u kHz over DisplayPort%s\n",
		       t->o.connector, t->o.crtc, t->o.mode.name, t->o.mode.clock, how);
}

/* switch the output off, drop its buffer, unplug the DP monitor: DP-1 disconnected */
static void dp_done(struct __test_metadata *_metadata, int fd, struct dp_test *t)
{
	ASSERT_EQ(light(fd, &t->o, NULL, 0), 0);
	dumb_free(fd, &t->d);
	ASSERT_EQ(dp_plug(getenv("RUBY_SIM_CONTROL"), NULL), 0);
	EXPECT_TRUE(ruby_hotplug_uevent(t->sock, ruby_card_minor(), 5000));
	EXPECT_EQ(dp_wait(fd, t->o.connector, t->type_id, 0, &t->o.mode), 0)
		TH_LOG("still connected");
	close(t->sock);
}

/* what the simulated DP sink does next (sim/control.c's dp-sink): 0 or -errno */
static int dp_sink(const char *what)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/dp-sink", getenv("RUBY_SIM_CONTROL"));
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fprintf(f, "%s\n", what);
	return fclose(f) ? -errno : 0;
}

/* whether the kernel logs @what within @ms */
static bool dp_kmsg_wait(int kmsg, const char *what, int ms)
{
	for (; ms >= 0; ms -= 50) {
		if (ruby_kmsg_logged(kmsg, what))
			return true;
		usleep(50 * 1000);
	}
	return false;
}

/* the kernel's records since the last look: bit 0 if one has @a, bit 1 @b */
static unsigned int dp_kmsg_seen(int kmsg, const char *a, const char *b)
{
	unsigned int seen = 0;
	char rec[1024];
	ssize_t n;

	for (;;) {
		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			return seen;
		rec[n] = '\0';
		seen |= (strstr(rec, a) ? 1 : 0) | (strstr(rec, b) ? 2 : 0);
	}
}

/* why a DP test cannot run here, or NULL */
static const char *dp_skip(int fd)
{
	const char *base = getenv("RUBY_EXPECT_MONITORS");
	uint32_t type_id;

	if (!getenv("RUBY_SIM_CONTROL"))
		return "no simulated board to plug monitors into (RUBY_SIM_CONTROL)";
	if (base && strstr(base, "dp"))
		return "the rig plugged a DP monitor already: these tests plug their own";
	if (!dp_connector(fd, &type_id))
		return "the board has no DisplayPort connector";
	return NULL;
}

/*
 * A DP monitor plugged in: DP-1 reads connected with its EDID's modes (read
 * over AUX), a modeset trains the link and shows the pattern (the rig
 * compares the frame), link-status stays GOOD, and so at its largest mode
 * (2 lanes at 2.7 Gb/s); unplugged, a hotplug uevent and DP-1 disconnected
 */
TEST_F_TIMEOUT(kms, dp_monitor_lights_up_and_unplugs, 120)
{
	const char *why = dp_skip(self->fd);
	struct dp_test t = {};

	if (why)
		SKIP(return, "%s", why);
	dp_setup(_metadata, self, "", &t);
	ASSERT_EQ(dumb_fb(self->fd, t.o.mode.hdisplay, t.o.mode.vdisplay, 0, DRM_FORMAT_XRGB8888,
			  &t.d), 0);
	dp_light(_metadata, self->fd, self->kmsg, &t.o, &t.d);
	dp_report(&t, "");
	ASSERT_EQ(light(self->fd, &t.o, NULL, 0), 0);
	dumb_free(self->fd, &t.d);

	ASSERT_EQ(connector_pick_mode(self->fd, t.o.connector, &t.o.mode, true), 1);
	ASSERT_EQ(vbl_fb(self->fd, &t.o, DP_MARK, &t.d), 0);
	dp_light(_metadata, self->fd, self->kmsg, &t.o, &t.d);
	ksft_print_msg("DP-1 also at %s, %u kHz\n", t.o.mode.name, t.o.mode.clock);
	dp_done(_metadata, self->fd, &t);
}

/*
 * A sink that never reaches clock recovery: the commit goes through, the
 * training fails for that reason (logged), link-status turns BAD with a
 * hotplug uevent; a good sink then, and a commit setting link-status GOOD
 * again, lights it
 */
TEST_F_TIMEOUT(kms, dp_training_failure_turns_link_status_bad, 120)
{
	const char *why = dp_skip(self->fd);
	struct dp_test t = {};

	if (why)
		SKIP(return, "%s", why);
	dp_setup(_metadata, self, ":no-cr", &t);
	ASSERT_EQ(vbl_fb(self->fd, &t.o, DP_MARK, &t.d), 0);
	ASSERT_EQ(light(self->fd, &t.o, &t.d, 0), 0);
	EXPECT_EQ(dp_link_status(self->fd, t.o.connector, LINK_STATUS_BAD, 5000),
		  LINK_STATUS_BAD);
	EXPECT_TRUE(ruby_hotplug_uevent(t.sock, ruby_card_minor(), 5000))
		TH_LOG("no hotplug uevent for the bad link");
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "clock recovery: no lock"))
		TH_LOG("the failure's reason was not logged");
	ASSERT_EQ(light(self->fd, &t.o, NULL, 0), 0);

	/* userspace's retry: a sink that trains, link-status GOOD again */
	ASSERT_EQ(dp_plug(getenv("RUBY_SIM_CONTROL"), ""), 0);
	ASSERT_EQ(dp_wait(self->fd, t.o.connector, t.type_id, 1, &t.o.mode), 0);
	dp_light(_metadata, self->fd, self->kmsg, &t.o, &t.d);
	dp_done(_metadata, self->fd, &t);
}

/* TEST_ONLY: a mode faster than any link to the sink is refused, for that reason */
TEST_F_TIMEOUT(kms, dp_refuses_a_mode_no_link_carries, 120)
{
	const char *why = dp_skip(self->fd);
	struct dp_test t = {};
	struct req r;

	if (why)
		SKIP(return, "%s", why);
	/* one lane at 1.62 Gb/s carries 54 MHz of 24-bit pixels */
	dp_setup(_metadata, self, ":lanes=1:rate=1.62", &t);
	ASSERT_EQ(vbl_fb(self->fd, &t.o, DP_MARK, &t.d), 0);
	t.o.mode.clock = 148500;
	dp_req(self->fd, &r, &t.o, &t.d);
	EXPECT_EQ(req_commit(self->fd, &r, DRM_MODE_ATOMIC_TEST_ONLY), -EINVAL);
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "no DP link to the sink is fast enough"));
	dp_done(_metadata, self->fd, &t);
}

/*
 * A sink that advertises 2.7 Gb/s but locks only at 1.62: its preferred
 * mode (1080p, 2 lanes at 2.7) falls back to 4 lanes at 1.62 and lights
 * up there (the rig compares the frame), link-status GOOD
 */
TEST_F_TIMEOUT(kms, dp_link_falls_back_to_a_slower_rate, 120)
{
	const char *why = dp_skip(self->fd);
	struct dp_test t = {};
	struct req r;

	if (why)
		SKIP(return, "%s", why);
	dp_setup(_metadata, self, ":max-cr-rate=1.62", &t);
	ASSERT_EQ(connector_pick_mode(self->fd, t.o.connector, &t.o.mode, true), 1);
	ASSERT_EQ(t.o.mode.clock, 148500) TH_LOG("not the 1080p the fallback is tried with");
	ASSERT_EQ(dumb_fb(self->fd, t.o.mode.hdisplay, t.o.mode.vdisplay, 0, DRM_FORMAT_XRGB8888,
			  &t.d), 0);
	dp_req(self->fd, &r, &t.o, &t.d);
	ASSERT_EQ(req_commit(self->fd, &r, 0), 0);
	EXPECT_EQ(dp_link_status(self->fd, t.o.connector, LINK_STATUS_BAD, 300), 0);
	/* the commit's training is over: one fallback, and no failure in the end */
	EXPECT_EQ(dp_kmsg_seen(self->kmsg, "falling back to 4 lanes x 162000 kHz",
			       "DP link training"), 1)
		TH_LOG("no fallback to 4 lanes at 1.62 Gb/s, or a training failure");
	dp_report(&t, ", fallen back");
	dp_done(_metadata, self->fd, &t);
}

/*
 * The same sink on 2 lanes: no slower link carries 1080p, so the first
 * training's failure is the last, link-status BAD with a hotplug uevent
 */
TEST_F_TIMEOUT(kms, dp_link_fallback_without_a_link_ends_bad, 120)
{
	const char *why = dp_skip(self->fd);
	struct dp_test t = {};

	if (why)
		SKIP(return, "%s", why);
	dp_setup(_metadata, self, ":lanes=2:max-cr-rate=1.62", &t);
	ASSERT_EQ(connector_pick_mode(self->fd, t.o.connector, &t.o.mode, true), 1);
	ASSERT_EQ(vbl_fb(self->fd, &t.o, DP_MARK, &t.d), 0);
	ASSERT_EQ(light(self->fd, &t.o, &t.d, 0), 0);
	EXPECT_EQ(dp_link_status(self->fd, t.o.connector, LINK_STATUS_BAD, 5000),
		  LINK_STATUS_BAD);
	EXPECT_TRUE(ruby_hotplug_uevent(t.sock, ruby_card_minor(), 5000))
		TH_LOG("no hotplug uevent for the bad link");
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "at 2 lanes x 270000 kHz failed: clock recovery"))
		TH_LOG("the failure at the first and only link was not logged");
	dp_done(_metadata, self->fd, &t);
}

/*
 * A lit DP monitor loses its link and pulses HPD short (IRQ_HPD): the
 * driver retrains it with no commit from userspace, link-status stays
 * GOOD, and the picture is back (the rig compares the frame shown when
 * the CRTC goes off: black if the link were still down)
 */
TEST_F_TIMEOUT(kms, dp_short_pulse_retrains_a_lost_link, 120)
{
	const char *why = dp_skip(self->fd);
	struct dp_test t = {};

	if (why)
		SKIP(return, "%s", why);
	dp_setup(_metadata, self, "", &t);
	ASSERT_EQ(dumb_fb(self->fd, t.o.mode.hdisplay, t.o.mode.vdisplay, 0, DRM_FORMAT_XRGB8888,
			  &t.d), 0);
	dp_light(_metadata, self->fd, self->kmsg, &t.o, &t.d);
	ASSERT_EQ(dp_sink("link-lost"), 0);
	EXPECT_TRUE(dp_kmsg_wait(self->kmsg, "DP link retrained at", 5000))
		TH_LOG("the lost link was not retrained");
	EXPECT_EQ(dp_link_status(self->fd, t.o.connector, LINK_STATUS_BAD, 300), 0);
	EXPECT_FALSE(ruby_kmsg_logged(self->kmsg, "DP link training"));
	dp_report(&t, ", retrained");
	dp_done(_metadata, self->fd, &t);
}

/*
 * A lit DP monitor loses its link for good: the retraining the short
 * pulse starts fails (logged), link-status turns BAD with a hotplug uevent
 */
TEST_F_TIMEOUT(kms, dp_short_pulse_from_a_dead_link_ends_bad, 120)
{
	const char *why = dp_skip(self->fd);
	struct dp_test t = {};

	if (why)
		SKIP(return, "%s", why);
	dp_setup(_metadata, self, "", &t);
	ASSERT_EQ(vbl_fb(self->fd, &t.o, DP_MARK, &t.d), 0);
	dp_light(_metadata, self->fd, self->kmsg, &t.o, &t.d);
	ASSERT_EQ(dp_sink("link-dead"), 0);
	EXPECT_EQ(dp_link_status(self->fd, t.o.connector, LINK_STATUS_BAD, 5000),
		  LINK_STATUS_BAD);
	EXPECT_TRUE(ruby_hotplug_uevent(t.sock, ruby_card_minor(), 5000))
		TH_LOG("no hotplug uevent for the bad link");
	EXPECT_TRUE(ruby_kmsg_logged(self->kmsg, "clock recovery: no lock"))
		TH_LOG("the retraining's failure was not logged");
	dp_done(_metadata, self->fd, &t);
}

TEST_HARNESS_MAIN
