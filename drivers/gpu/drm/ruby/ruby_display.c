// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: connectors
 *
 * The board's connectors are the video BIOS's: one DRM connector per
 * connector object of its object table (a DVI-I connector, with a digital
 * and an analog path, is one), with the DDC line its I2C record names and
 * the hot-plug pin of its HPD record. Each DDC line of GPIO_I2C_Info is an
 * I2C adapter of the kernel's I2C core, bit-banged by i2c-algo-bit over
 * the line's two GPIO pads, whose registers the VBIOS gives.
 *
 * Hot-plug: a connector with a pin is re-probed when the pin interrupts
 * (ruby_display_hpd_irq(), from the IRQ thread, hands it to a work item
 * that runs DRM's probe helper, which sends the hotplug uevent when a
 * connector's status changed); only connectors without a pin are polled,
 * every 10 s by DRM's output poll.
 *
 * A DisplayPort connector talks to its sink over AUX instead of DDC (see
 * DOC: DisplayPort in ruby_dp.c): it is connected when its pin senses a
 * sink whose DPCD answers, and its EDID comes over I2C-over-AUX.
 *
 * A connector is connected when its hot-plug pin senses a monitor. One
 * without a pin (VGA), or whose path also has an analog encoder (DVI-I:
 * a CRT does not drive the pin), is connected when a device answers at
 * the EDID's address on its DDC line. Its modes are those of the EDID
 * read over DDC (drm_edid_read_ddc()); an EDID that fails DRM's checks is
 * dropped, and the connector reports it refused.
 *
 * This file holds no register: the display engine's generation supplies
 * &struct ruby_display_funcs (DCE4: evergreen/evergreen_dce.c). Without a
 * video BIOS there is nothing to build connectors from: the block reports
 * it and probe goes on without display, and the device does not announce
 * modesetting (DRIVER_MODESET and DRIVER_ATOMIC are cleared from its
 * driver_features). With one, ruby_kms.c adds the CRTCs, planes and
 * encoders (see DOC: modesetting).
 */

#include <linux/seq_file.h>

#include <drm/drm_atomic_state_helper.h>
#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_edid.h>
#include <drm/drm_eld.h>
#include <drm/drm_managed.h>
#include <drm/drm_mode_config.h>
#include <drm/drm_modeset_helper_vtables.h>
#include <drm/drm_modes.h>
#include <drm/drm_print.h>
#include <drm/drm_probe_helper.h>

#include <kunit/visibility.h>

#include "atom/atom_defs.h"
#include "ruby_device.h"
#include "ruby_display.h"
#include "ruby_vbios.h"

/* a bit every 10 us both ways: DDC's 100 kHz at most, with margin */
#define RUBY_DDC_UDELAY		10
#define RUBY_DDC_TIMEOUT_MS	2

/**
 * ruby_display_connector_type - the DRM connector type of an ATOM connector
 * @atom_type: the connector object's id (ATOM_CONNECTOR_*)
 *
 * Returns: DRM_MODE_CONNECTOR_*, or -1 for a type ruby does not drive yet
 * (DisplayPort is driven only where the engine talks AUX: see
 * ruby_display_build()).
 */
int ruby_display_connector_type(u8 atom_type)
{
	switch (atom_type) {
	case ATOM_CONNECTOR_DVI_I:
	case ATOM_CONNECTOR_DVI_I_DUAL:
		return DRM_MODE_CONNECTOR_DVII;
	case ATOM_CONNECTOR_DVI_D:
	case ATOM_CONNECTOR_DVI_D_DUAL:
		return DRM_MODE_CONNECTOR_DVID;
	case ATOM_CONNECTOR_VGA:
		return DRM_MODE_CONNECTOR_VGA;
	case ATOM_CONNECTOR_HDMI_A:
		return DRM_MODE_CONNECTOR_HDMIA;
	case ATOM_CONNECTOR_HDMI_B:
		return DRM_MODE_CONNECTOR_HDMIB;
	case ATOM_CONNECTOR_LVDS:
		return DRM_MODE_CONNECTOR_LVDS;
	case ATOM_CONNECTOR_DP:
		return DRM_MODE_CONNECTOR_DisplayPort;
	default:
		/* eDP waits for panel power sequencing */
		return -1;
	}
}
EXPORT_SYMBOL_IF_KUNIT(ruby_display_connector_type);

static bool ruby_display_has_dac(const struct ruby_atom_connector *con)
{
	unsigned int i;

	for (i = 0; i < con->num_encoders; i++) {
		u8 id = con->encoders[i] & ATOM_OBJID_ID_MASK;

		if (id == ATOM_ENCODER_DAC1 || id == ATOM_ENCODER_DAC2)
			return true;
	}
	return false;
}

/**
 * ruby_display_probe_ddc - must detection ask the DDC line
 * @con: the connector, as the VBIOS describes it
 * @hpd: its hot-plug pin, or -1
 * @sensed: what that pin senses
 *
 * A sensed pin is enough. Without a pin, or on a path with an analog
 * encoder (a CRT drives no hot-plug pin), a device answering on the DDC
 * line is the only sign of a monitor.
 *
 * Returns: true if a monitor is to be looked for on the DDC line.
 */
bool ruby_display_probe_ddc(const struct ruby_atom_connector *con, int hpd, bool sensed)
{
	if (!con->has_ddc || (hpd >= 0 && sensed))
		return false;
	return hpd < 0 || ruby_display_has_dac(con);
}
EXPORT_SYMBOL_IF_KUNIT(ruby_display_probe_ddc);

/* i2c-algo-bit's callbacks: the line's pads through the engine's funcs */

static void ruby_ddc_setscl(void *data, int level)
{
	struct ruby_ddc *ddc = data;

	ddc->rdev->display->funcs->ddc_set(ddc->rdev, ddc->bus, false, level);
}

static void ruby_ddc_setsda(void *data, int level)
{
	struct ruby_ddc *ddc = data;

	ddc->rdev->display->funcs->ddc_set(ddc->rdev, ddc->bus, true, level);
}

static int ruby_ddc_getscl(void *data)
{
	struct ruby_ddc *ddc = data;

	return ddc->rdev->display->funcs->ddc_get(ddc->rdev, ddc->bus, false);
}

static int ruby_ddc_getsda(void *data)
{
	struct ruby_ddc *ddc = data;

	return ddc->rdev->display->funcs->ddc_get(ddc->rdev, ddc->bus, true);
}

static int ruby_ddc_pre_xfer(struct i2c_adapter *adapter)
{
	struct ruby_ddc *ddc = i2c_get_adapdata(adapter);

	ddc->rdev->display->funcs->ddc_claim(ddc->rdev, ddc->bus);
	return 0;
}

static void ruby_ddc_post_xfer(struct i2c_adapter *adapter)
{
	struct ruby_ddc *ddc = i2c_get_adapdata(adapter);

	ddc->rdev->display->funcs->ddc_release(ddc->rdev, ddc->bus);
}

static int ruby_ddc_add(struct ruby_device *rdev, struct ruby_ddc *ddc,
			const struct ruby_atom_i2c_bus *bus)
{
	ddc->rdev = rdev;
	ddc->bus = bus;
	ddc->bit = (struct i2c_algo_bit_data) {
		.data = ddc,
		.setsda = ruby_ddc_setsda,
		.setscl = ruby_ddc_setscl,
		.getsda = ruby_ddc_getsda,
		.getscl = ruby_ddc_getscl,
		.pre_xfer = ruby_ddc_pre_xfer,
		.post_xfer = ruby_ddc_post_xfer,
		.udelay = RUBY_DDC_UDELAY,
		.timeout = msecs_to_jiffies(RUBY_DDC_TIMEOUT_MS),
	};
	ddc->adapter.owner = THIS_MODULE;
	ddc->adapter.dev.parent = rdev->drm.dev;
	ddc->adapter.algo_data = &ddc->bit;
	snprintf(ddc->adapter.name, sizeof(ddc->adapter.name), "ruby ddc 0x%02x %s",
		 bus->id, pci_name(rdev->pdev));
	i2c_set_adapdata(&ddc->adapter, ddc);
	return i2c_bit_add_bus(&ddc->adapter);
}

static struct ruby_ddc *ruby_display_ddc(struct ruby_display *disp, u8 id)
{
	unsigned int i;

	for (i = 0; i < disp->num_ddc; i++) {
		if (disp->ddc[i].bus->id == id)
			return &disp->ddc[i];
	}
	return NULL;
}

static inline struct ruby_connector *to_ruby_connector(struct drm_connector *c)
{
	return container_of(c, struct ruby_connector, base);
}

static void ruby_connector_forget_edid(struct ruby_connector *rc)
{
	drm_edid_free(rc->edid);
	rc->edid = NULL;
	rc->edid_refused = false;
}

/**
 * ruby_connector_ddc - the I2C bus a connector's EDID is read on
 * @rc: the connector
 *
 * Returns: its DDC line, its AUX channel's I2C-over-AUX for DisplayPort,
 * or NULL if it has neither.
 */
struct i2c_adapter *ruby_connector_ddc(struct ruby_connector *rc)
{
	if (rc->dp)
		return &rc->aux.ddc;
	return rc->ddc ? &rc->ddc->adapter : NULL;
}

static enum drm_connector_status
ruby_connector_detect(struct drm_connector *connector, bool force)
{
	struct ruby_connector *rc = to_ruby_connector(connector);
	struct ruby_device *rdev = to_ruby_device(connector->dev);
	bool sensed = false;

	lockdep_assert_held(&connector->dev->mode_config.mutex);
	if (rc->dp)
		sensed = ruby_dp_detect(rdev, rc);
	else if (rc->hpd >= 0)
		sensed = rdev->display->funcs->hpd_sense(rdev, rc->hpd);
	if (!sensed && rc->ddc && ruby_display_probe_ddc(rc->atom, rc->hpd, sensed))
		sensed = drm_probe_ddc(&rc->ddc->adapter);
	if (!sensed)
		ruby_connector_forget_edid(rc);
	return sensed ? connector_status_connected : connector_status_disconnected;
}

static int ruby_connector_get_modes(struct drm_connector *connector)
{
	struct ruby_connector *rc = to_ruby_connector(connector);
	struct i2c_adapter *ddc = ruby_connector_ddc(rc);

	lockdep_assert_held(&connector->dev->mode_config.mutex);
	ruby_connector_forget_edid(rc);
	if (ddc) {
		rc->edid = drm_edid_read_ddc(connector, ddc);
		rc->edid_refused = !rc->edid && drm_probe_ddc(ddc);
	}
	if (rc->edid_refused)
		drm_dbg_kms(connector->dev, "%s: the EDID on line 0x%02x failed its checks\n",
			    connector->name, rc->atom->ddc_id);
	drm_edid_connector_update(connector, rc->edid);
	return drm_edid_connector_add_modes(connector);
}

static enum drm_mode_status ruby_connector_mode_valid(struct drm_connector *connector,
						      struct drm_display_mode *mode)
{
	struct ruby_connector *rc = to_ruby_connector(connector);

	return rc->dp ? ruby_dp_connector_mode_valid(rc, mode) : MODE_OK;
}

/* a DP connector's AUX channel shows up under its sysfs directory */
static int ruby_connector_late_register(struct drm_connector *connector)
{
	struct ruby_connector *rc = to_ruby_connector(connector);

	if (!rc->dp)
		return 0;
	rc->aux.dev = connector->kdev;
	return drm_dp_aux_register(&rc->aux);
}

static void ruby_connector_early_unregister(struct drm_connector *connector)
{
	struct ruby_connector *rc = to_ruby_connector(connector);

	if (rc->dp)
		drm_dp_aux_unregister(&rc->aux);
}

static const struct drm_connector_funcs ruby_connector_funcs = {
	.detect = ruby_connector_detect,
	.late_register = ruby_connector_late_register,
	.early_unregister = ruby_connector_early_unregister,
	.fill_modes = drm_helper_probe_single_connector_modes,
	.reset = drm_atomic_helper_connector_reset,
	.atomic_duplicate_state = drm_atomic_helper_connector_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_connector_destroy_state,
};

static const struct drm_connector_helper_funcs ruby_connector_helper_funcs = {
	.get_modes = ruby_connector_get_modes,
	.mode_valid = ruby_connector_mode_valid,
};

static int ruby_connector_add(struct ruby_device *rdev, struct ruby_connector *rc,
			      const struct ruby_atom_connector *atom)
{
	struct ruby_display *disp = rdev->display;
	int type = ruby_display_connector_type(atom->type);
	int ret;

	rc->atom = atom;
	rc->ddc = atom->has_ddc ? ruby_display_ddc(disp, atom->ddc_id) : NULL;
	rc->hpd = atom->has_hpd ? disp->funcs->hpd_pin(atom) : -1;
	ret = drmm_connector_init(&rdev->drm, &rc->base, &ruby_connector_funcs, type, NULL);
	if (ret)
		return ret;
	drm_connector_helper_add(&rc->base, &ruby_connector_helper_funcs);
	if (type == DRM_MODE_CONNECTOR_DisplayPort) {
		ret = ruby_dp_connector_init(rdev, rc);
		if (ret)
			return ret;
	}
	rc->base.polled = rc->hpd >= 0 ? DRM_CONNECTOR_POLL_HPD :
		DRM_CONNECTOR_POLL_CONNECT | DRM_CONNECTOR_POLL_DISCONNECT;
	if (rc->hpd >= 0)
		disp->funcs->hpd_enable(rdev, rc->hpd, true);
	return 0;
}

static void ruby_display_hotplug_work(struct work_struct *work)
{
	struct ruby_display *disp = container_of(work, struct ruby_display, hotplug);

	drm_helper_hpd_irq_event(&disp->rdev->drm);
}

/**
 * ruby_display_hpd_irq - a hot-plug pin interrupted
 * @rdev: the device
 * @pin: the pin (0-based), acknowledged and armed again by the generation
 *
 * Called from the IRQ thread: the connectors are probed again from a work
 * item (probing takes the mode config's mutex and talks DDC).
 */
void ruby_display_hpd_irq(struct ruby_device *rdev, unsigned int pin)
{
	struct ruby_display *disp = rdev->display;

	if (!disp)
		return;
	drm_dbg_kms(&rdev->drm, "display: hot-plug pin %u\n", pin + 1);
	schedule_work(&disp->hotplug);
}

static void ruby_display_teardown(struct ruby_device *rdev)
{
	struct ruby_display *disp = rdev->display;
	unsigned int i;

	for (i = 0; i < disp->num_con; i++)
		if (disp->con[i].hpd >= 0)
			disp->funcs->hpd_enable(rdev, disp->con[i].hpd, false);
	/* no pin interrupts any more: what they queued can be waited for */
	cancel_work_sync(&disp->hotplug);
	for (i = 0; i < disp->num_con; i++)
		if (disp->con[i].dp)
			ruby_dp_connector_fini(&disp->con[i]);
	if (disp->polling)
		drm_kms_helper_poll_fini(&rdev->drm);
	for (i = 0; i < disp->num_con; i++)
		ruby_connector_forget_edid(&disp->con[i]);
	while (disp->num_ddc)
		i2c_del_adapter(&disp->ddc[--disp->num_ddc].adapter);
	rdev->display = NULL;
}

static int ruby_display_build(struct ruby_device *rdev)
{
	const struct ruby_vbios *vb = rdev->vbios;
	struct ruby_display *disp = rdev->display;
	unsigned int i;
	int ret = 0;

	while (!ret && disp->num_ddc < vb->num_i2c) {
		ret = ruby_ddc_add(rdev, &disp->ddc[disp->num_ddc], &vb->i2c[disp->num_ddc]);
		if (!ret)
			disp->num_ddc++;
	}
	for (i = 0; !ret && i < vb->num_con; i++) {
		int type = ruby_display_connector_type(vb->con[i].type);

		if (type < 0 || (type == DRM_MODE_CONNECTOR_DisplayPort &&
				 (!disp->funcs->aux_transfer || !vb->con[i].has_ddc))) {
			drm_info(&rdev->drm, "display: connector object 0x%04x of type 0x%02x left out\n",
				 vb->con[i].object_id, vb->con[i].type);
			continue;
		}
		ret = ruby_connector_add(rdev, &disp->con[disp->num_con], &vb->con[i]);
		if (!ret)
			disp->num_con++;
	}
	return ret;
}

/**
 * ruby_display_init - the board's connectors and DDC lines, from the VBIOS
 * @rdev: the device, its vbios block up
 * @funcs: the display engine's callbacks
 *
 * Without a video BIOS the device has no display: that is reported and
 * is not an error.
 *
 * Returns: 0, or a negative errno (nothing left behind but drmm memory).
 */
int ruby_display_init(struct ruby_device *rdev, const struct ruby_display_funcs *funcs)
{
	struct drm_device *drm = &rdev->drm;
	struct ruby_display *disp;
	int ret;

	if (!rdev->vbios) {
		drm_err(drm, "display: no video BIOS, so no connectors\n");
		return 0;
	}
	/*
	 * Before the mode config, so it is freed after the mode config's
	 * cleanup, which destroys the CRTCs in it (see ruby_kms_crtc_init())
	 */
	disp = drmm_kzalloc(drm, sizeof(*disp), GFP_KERNEL);
	if (!disp)
		return -ENOMEM;
	ret = drmm_mode_config_init(drm);
	if (ret)
		return ret;
	drm->mode_config.max_width = funcs->max_width;
	drm->mode_config.max_height = funcs->max_height;
	rdev->display = disp;
	disp->funcs = funcs;
	disp->rdev = rdev;
	INIT_WORK(&disp->hotplug, ruby_display_hotplug_work);
	ret = ruby_display_build(rdev);
	if (!ret)
		ret = ruby_kms_init(rdev);
	if (ret) {
		ruby_display_teardown(rdev);
		return ret;
	}
	drm_kms_helper_poll_init(drm);
	disp->polling = true;
	drm_info(drm, "display: %u connectors, %u DDC lines, %u CRTCs\n",
		 rdev->display->num_con, rdev->display->num_ddc, rdev->display->num_crtc);
	return 0;
}

/**
 * ruby_display_fini - stop hot-plug sensing and polling, remove the DDC lines
 * @rdev: the device
 *
 * The connectors stay until the DRM device is released (drmm).
 */
void ruby_display_fini(struct ruby_device *rdev)
{
	if (rdev->display)
		ruby_display_teardown(rdev);
}

static void ruby_connector_show_edid(struct seq_file *m, const struct ruby_connector *rc)
{
	const struct edid *raw = drm_edid_raw(rc->edid);
	char vend[4];

	if (!raw) {
		seq_printf(m, " edid %s", rc->edid_refused ? "refused" : "none");
		return;
	}
	drm_edid_decode_mfg_id(be16_to_cpup((const __be16 *)raw->mfg_id), vend);
	seq_printf(m, " edid %s 0x%02x%02x %u bytes", vend, raw->prod_code[1],
		   raw->prod_code[0], (raw->extensions + 1) * EDID_LENGTH);
}

/* the connector's ELD as DRM built it from the EDID (HDMI audio), if any */
static void ruby_connector_show_eld(struct seq_file *m, struct drm_connector *c,
				    unsigned int n)
{
	mutex_lock(&c->eld_mutex);
	if (c->eld[0])
		seq_printf(m, "connector%u.eld: %*phN\n", n, min(drm_eld_size(c->eld), 64),
			   c->eld);
	mutex_unlock(&c->eld_mutex);
}

static void ruby_connector_show(struct seq_file *m, struct ruby_connector *rc,
				unsigned int n)
{
	struct drm_connector *c = &rc->base;
	const struct drm_display_mode *mode;
	const char *sep = "";

	seq_printf(m, "connector%u: %s %s", n, c->name,
		   drm_get_connector_status_name(c->status));
	if (rc->hpd >= 0)
		seq_printf(m, " hpd%d", rc->hpd + 1);
	else
		seq_puts(m, " hpd none");
	if (rc->dp)
		seq_printf(m, " aux 0x%02x", rc->atom->ddc_id);
	else if (rc->ddc)
		seq_printf(m, " ddc 0x%02x", rc->ddc->bus->id);
	else
		seq_puts(m, " ddc none");
	ruby_connector_show_edid(m, rc);
	seq_printf(m, "\nconnector%u.modes: %s", n, list_empty(&c->modes) ? "none" : "");
	list_for_each_entry(mode, &c->modes, head) {
		seq_printf(m, "%s%dx%d@%d%s", sep, mode->hdisplay, mode->vdisplay,
			   drm_mode_vrefresh(mode),
			   mode->type & DRM_MODE_TYPE_PREFERRED ? "*" : "");
		sep = " ";
	}
	seq_putc(m, '\n');
	ruby_connector_show_eld(m, c, n);
}

/**
 * ruby_connectors_show - debugfs ruby_connectors: probe and list connectors
 * @m: the file
 * @data: unused
 *
 * Probes every connector (hot-plug pin, DDC, EDID) under
 * &drm_mode_config.mutex, as a modesetting client's GETCONNECTOR would,
 * and lists each: name, status, pin, DDC line, EDID (manufacturer,
 * product, size) and its modes, preferred (marked *) first, then the ELD
 * DRM built from a CTA-861 EDID (what HDMI audio is told of the sink), in
 * hex, if there is one.
 *
 * Returns: 0, or -ENODEV once the device is gone.
 */
int ruby_connectors_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	struct drm_device *drm = &rdev->drm;
	struct ruby_display *disp = rdev->display;
	unsigned int i;
	int idx;

	if (!disp) {
		/* Evergreen without an image says why; the others read none */
		seq_printf(m, "none: %s\n", ruby_vbios_missing(rdev) ?:
			   "no display on this generation yet");
		return 0;
	}
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	mutex_lock(&drm->mode_config.mutex);
	seq_printf(m, "connectors: %u\n", disp->num_con);
	for (i = 0; i < disp->num_con; i++) {
		drm_helper_probe_single_connector_modes(&disp->con[i].base,
							drm->mode_config.max_width,
							drm->mode_config.max_height);
		ruby_connector_show(m, &disp->con[i], i);
	}
	mutex_unlock(&drm->mode_config.mutex);
	drm_dev_exit(idx);
	return 0;
}
