/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_DISPLAY_H__
#define __RUBY_DISPLAY_H__

#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>
#include <linux/types.h>

#include <drm/drm_connector.h>

#include "atom/atom.h"

struct drm_edid;
struct ruby_device;
struct seq_file;

/**
 * struct ruby_display_funcs - what a display engine generation provides
 * @max_width: widest mode its CRTCs scan out, in pixels
 * @max_height: tallest mode, in lines
 * @hpd_pin: the hot-plug pin (0-based) behind a connector's HPD GPIO, as
 *	the VBIOS's GPIO_Pin_LUT names it, or -1 if it is not one
 * @hpd_enable: turn a hot-plug pin's sensing on or off
 * @hpd_sense: whether a monitor is on a pin now
 * @ddc_claim: take a DDC line's pads for software (bit-banged) I2C, both
 *	released (high)
 * @ddc_release: give the pads back
 * @ddc_set: pull a pad low (@level 0) or release it (@level 1)
 * @ddc_get: the level on a pad's wire
 *
 * The DDC callbacks take the line as GPIO_I2C_Info describes it, its
 * registers included; @data selects the data pad, else the clock pad.
 */
struct ruby_display_funcs {
	unsigned int max_width, max_height;
	int (*hpd_pin)(const struct ruby_atom_connector *con);
	void (*hpd_enable)(struct ruby_device *rdev, unsigned int pin, bool on);
	bool (*hpd_sense)(struct ruby_device *rdev, unsigned int pin);
	void (*ddc_claim)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus);
	void (*ddc_release)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus);
	void (*ddc_set)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus,
			bool data, int level);
	int (*ddc_get)(struct ruby_device *rdev, const struct ruby_atom_i2c_bus *bus,
		       bool data);
};

/**
 * struct ruby_ddc - one DDC line, an I2C adapter bit-banged over GPIO pads
 * @adapter: registered with the I2C core from the display block's init
 *	to its fini; the core serialises its transfers (bus lock), and no
 *	two lines share a register, so the callbacks need no lock of ruby's
 * @bit: i2c-algo-bit's callbacks and timing
 * @rdev: the device
 * @bus: the line in the VBIOS's GPIO_I2C_Info
 */
struct ruby_ddc {
	struct i2c_adapter adapter;
	struct i2c_algo_bit_data bit;
	struct ruby_device *rdev;
	const struct ruby_atom_i2c_bus *bus;
};

/**
 * struct ruby_connector - a connector of the board, from the object table
 * @base: the DRM connector (drmm-managed: it outlives the display block)
 * @atom: what the VBIOS says of it
 * @ddc: its DDC line, or NULL
 * @hpd: its hot-plug pin (0-based), or -1
 * @edid: the EDID its last probe read, or NULL
 * @edid_refused: the last probe found a device at the EDID's address
 *	whose EDID failed DRM's checks
 *
 * @edid and @edid_refused are the probe's: written and read under
 * &drm_mode_config.mutex.
 */
struct ruby_connector {
	struct drm_connector base;
	const struct ruby_atom_connector *atom;
	struct ruby_ddc *ddc;
	int hpd;
	const struct drm_edid *edid;
	bool edid_refused;
};

/**
 * struct ruby_display - the board's connectors and DDC lines
 * @funcs: the display engine's callbacks
 * @ddc: the DDC lines of GPIO_I2C_Info; @num_ddc of them registered
 * @num_ddc: adapters registered
 * @con: the connectors; @num_con of them initialised
 * @num_con: connectors
 *
 * drmm-allocated with the device, as the connectors are; the adapters
 * live from the display block's init to its fini.
 */
struct ruby_display {
	const struct ruby_display_funcs *funcs;
	struct ruby_ddc ddc[RUBY_ATOM_MAX_I2C];
	unsigned int num_ddc;
	struct ruby_connector con[RUBY_ATOM_MAX_CONNECTORS];
	unsigned int num_con;
};

int ruby_display_init(struct ruby_device *rdev, const struct ruby_display_funcs *funcs);
void ruby_display_fini(struct ruby_device *rdev);
int ruby_connectors_show(struct seq_file *m, void *data);

int ruby_display_connector_type(u8 atom_type);
bool ruby_display_probe_ddc(const struct ruby_atom_connector *con, int hpd, bool sensed);

#endif /* __RUBY_DISPLAY_H__ */
