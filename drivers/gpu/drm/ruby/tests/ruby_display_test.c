// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the display core's pure decisions: which DRM connector an
 * ATOM connector object is, when detection must ask the DDC line, and
 * which DCE4 hot-plug pin a connector's HPD GPIO is.
 */

#include <kunit/test.h>

#include <drm/drm_mode.h>

#include "../atom/atom_defs.h"
#include "../evergreen/evergreen.h"
#include "../regs/dce4_regs.h"
#include "../ruby_display.h"

static void ruby_display_connector_types(struct kunit *test)
{
	static const struct {
		u8 atom;
		int drm;
	} map[] = {
		{ ATOM_CONNECTOR_DVI_I, DRM_MODE_CONNECTOR_DVII },
		{ ATOM_CONNECTOR_DVI_I_DUAL, DRM_MODE_CONNECTOR_DVII },
		{ ATOM_CONNECTOR_DVI_D, DRM_MODE_CONNECTOR_DVID },
		{ ATOM_CONNECTOR_DVI_D_DUAL, DRM_MODE_CONNECTOR_DVID },
		{ ATOM_CONNECTOR_VGA, DRM_MODE_CONNECTOR_VGA },
		{ ATOM_CONNECTOR_HDMI_A, DRM_MODE_CONNECTOR_HDMIA },
		{ ATOM_CONNECTOR_HDMI_B, DRM_MODE_CONNECTOR_HDMIB },
		{ ATOM_CONNECTOR_LVDS, DRM_MODE_CONNECTOR_LVDS },
		{ ATOM_CONNECTOR_DP, DRM_MODE_CONNECTOR_DisplayPort },
		/* eDP waits for panel power sequencing: left out */
		{ ATOM_CONNECTOR_EDP, -1 },
		{ ATOM_CONNECTOR_LVDS_EDP, -1 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		KUNIT_EXPECT_EQ_MSG(test, ruby_display_connector_type(map[i].atom),
				    map[i].drm, "ATOM type 0x%02x", map[i].atom);
	/* neither a connector type nor one ruby drives */
	KUNIT_EXPECT_EQ(test, ruby_display_connector_type(0), -1);
	KUNIT_EXPECT_EQ(test, ruby_display_connector_type(0x0f), -1);
	KUNIT_EXPECT_EQ(test, ruby_display_connector_type(0xff), -1);
}

#define ENC(id)	(0x2100 | (id))

static void ruby_display_ddc_probe_decision(struct kunit *test)
{
	struct ruby_atom_connector hdmi = {
		.type = ATOM_CONNECTOR_HDMI_A, .has_ddc = true, .has_hpd = true,
		.encoders = { ENC(ATOM_ENCODER_UNIPHY1) }, .num_encoders = 1,
	};
	struct ruby_atom_connector dvi_i = {
		.type = ATOM_CONNECTOR_DVI_I, .has_ddc = true, .has_hpd = true,
		.encoders = { ENC(ATOM_ENCODER_UNIPHY), ENC(ATOM_ENCODER_DAC2) },
		.num_encoders = 2,
	};
	struct ruby_atom_connector vga = {
		.type = ATOM_CONNECTOR_VGA, .has_ddc = true,
		.encoders = { ENC(ATOM_ENCODER_DAC1) }, .num_encoders = 1,
	};

	/* a digital-only connector trusts its pin either way */
	KUNIT_EXPECT_FALSE(test, ruby_display_probe_ddc(&hdmi, 1, true));
	KUNIT_EXPECT_FALSE(test, ruby_display_probe_ddc(&hdmi, 1, false));
	/* the same connector with no usable pin asks DDC */
	KUNIT_EXPECT_TRUE(test, ruby_display_probe_ddc(&hdmi, -1, false));
	/* DVI-I: a sensed pin is enough; a CRT on it drives no pin */
	KUNIT_EXPECT_FALSE(test, ruby_display_probe_ddc(&dvi_i, 0, true));
	KUNIT_EXPECT_TRUE(test, ruby_display_probe_ddc(&dvi_i, 0, false));
	/* VGA has no pin: always DDC */
	KUNIT_EXPECT_TRUE(test, ruby_display_probe_ddc(&vga, -1, false));
	/* no DDC line: nothing to ask */
	vga.has_ddc = false;
	KUNIT_EXPECT_FALSE(test, ruby_display_probe_ddc(&vga, -1, false));
}

static void evergreen_dce_hpd_pins(struct kunit *test)
{
	static const u8 bits[] = { 0, 8, 16, 24, 26, 28 };
	struct ruby_atom_connector con = {
		.has_hpd = true, .hpd_reg = DC_GPIO_HPD_A,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bits); i++) {
		con.hpd_shift = bits[i];
		KUNIT_EXPECT_EQ_MSG(test, evergreen_dce_hpd_pin(&con), i, "bit %u", bits[i]);
	}
	/* a bit of the register that is no pin's */
	con.hpd_shift = 1;
	KUNIT_EXPECT_EQ(test, evergreen_dce_hpd_pin(&con), -1);
	/* another GPIO register: not a hot-plug pin */
	con.hpd_shift = 0;
	con.hpd_reg = DC_GPIO_HPD_A + 4;
	KUNIT_EXPECT_EQ(test, evergreen_dce_hpd_pin(&con), -1);
	/* no HPD record */
	con.hpd_reg = DC_GPIO_HPD_A;
	con.has_hpd = false;
	KUNIT_EXPECT_EQ(test, evergreen_dce_hpd_pin(&con), -1);
}

static struct kunit_case ruby_display_cases[] = {
	KUNIT_CASE(ruby_display_connector_types),
	KUNIT_CASE(ruby_display_ddc_probe_decision),
	KUNIT_CASE(evergreen_dce_hpd_pins),
	{}
};

static struct kunit_suite ruby_display_suite = {
	.name = "ruby_display",
	.test_cases = ruby_display_cases,
};

kunit_test_suite(ruby_display_suite);
