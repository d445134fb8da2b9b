// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: DCE4 connectors
 *
 * Evergreen's display engine, DCE4, as the display core (ruby_display.c)
 * needs it: six hot-plug pins, the GPIO pads of the DDC lines, the
 * modesetting of evergreen_kms.c and the vblank and flip interrupts of
 * evergreen_vblank.c.
 *
 * The VBIOS names a connector's hot-plug pin by its bit in the pins' GPIO
 * pad register (DC_GPIO_HPD_A): bits 0, 8, 16, 24, 26 and 28 are DC_HPD1
 * to DC_HPD6. A pin senses once enabled (DC_HPDn_CONTROL.EN), after its
 * connection timer has seen the level stable; a pulse low shorter than
 * that timer but longer than the RX interrupt timer is a DP sink's
 * IRQ_HPD, which latches the pin's RX interrupt instead (IH source 42,
 * data 6 + the pin, where a connect or disconnect has the pin alone).
 *
 * A DDC line is two open-drain pads, clock and data, each with a bit in
 * the line's four registers (mask, enable, output A, input Y) at the
 * offsets and bits GPIO_I2C_Info gives. Claiming a line puts its pads in
 * I2C mode (not AUX) if the line can be a DDC engine's, sets their
 * outputs to 0 and their mask bits (software owns the pads); a pad is then
 * pulled low by enabling its output and released by disabling it. Each line has registers of its
 * own, so the read-modify-writes of two lines never race.
 */

#include <linux/bitfield.h>

#include <kunit/visibility.h>

#include "../atom/atom_defs.h"
#include "../regs/dce4_regs.h"
#include "../ruby_device.h"
#include "../ruby_display.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

/* connection timer 2.5 ms and RX interrupt timer 250 us, in reference clocks */
#define DCE4_HPD_CONNECTION_TIMER	0x9c4
#define DCE4_HPD_RX_INT_TIMER		0xfa

/* DCE4 scans out up to 16384x16384 */
#define DCE4_MAX_SIZE			16384

/* the HPD pins' bits in DC_GPIO_HPD_A, DC_HPD1 first */
static const u8 dce4_hpd_gpio_bits[DCE4_HPD_PINS] = { 0, 8, 16, 24, 26, 28 };

/**
 * evergreen_dce_hpd_pin - the hot-plug pin of a connector's HPD GPIO
 * @con: the connector, with its HPD record's GPIO register and bit
 *
 * Returns: the pin (0 for DC_HPD1), or -1 if the GPIO is not a pin's.
 */
int evergreen_dce_hpd_pin(const struct ruby_atom_connector *con)
{
	unsigned int i;

	if (!con->has_hpd || con->hpd_reg != DC_GPIO_HPD_A)
		return -1;
	for (i = 0; i < DCE4_HPD_PINS; i++) {
		if (con->hpd_shift == dce4_hpd_gpio_bits[i])
			return i;
	}
	return -1;
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_hpd_pin);

static bool evergreen_dce_hpd_sense(struct ruby_device *rdev, unsigned int pin)
{
	return ruby_read32(rdev, DCE4_HPD_REG(DC_HPD1_INT_STATUS, pin)) & DC_HPDX_SENSE;
}

/*
 * Acknowledge the pin's interrupt and arm it for the next change: a
 * connect while it senses nothing, else a disconnect. A change between
 * the sense read and the write latches at once, so none is lost.
 */
void evergreen_dce_hpd_rearm(struct ruby_device *rdev, unsigned int pin)
{
	u32 polarity = evergreen_dce_hpd_sense(rdev, pin) ? 0 : DC_HPDX_INT_POLARITY;

	ruby_write32(rdev, DCE4_HPD_REG(DC_HPD1_INT_CONTROL, pin),
		     DC_HPDX_INT_ACK | DC_HPDX_INT_EN | DC_HPDX_RX_INT_EN | polarity);
}

/**
 * evergreen_dce_hpd_irq_ack - acknowledge a hot-plug pin's interrupt
 * @rdev: the device
 * @data: the IH vector's source data (source 42)
 * @pin: the pin (0-based), out
 *
 * A connect or disconnect is acknowledged and the pin armed for the next
 * change; a short pulse's RX interrupt is acknowledged, the rest of the
 * pin's control kept.
 *
 * Returns: RUBY_DISPLAY_IRQ_HPD, _HPD_RX, or _NONE for data of no pin.
 */
enum ruby_display_irq evergreen_dce_hpd_irq_ack(struct ruby_device *rdev, u32 data,
						unsigned int *pin)
{
	u32 ctl;

	if (data < DCE4_HPD_PINS) {
		*pin = data;
		evergreen_dce_hpd_rearm(rdev, *pin);
		return RUBY_DISPLAY_IRQ_HPD;
	}
	if (data < DCE4_IH_HPD_RX_DATA || data >= DCE4_IH_HPD_RX_DATA + DCE4_HPD_PINS)
		return RUBY_DISPLAY_IRQ_NONE;
	*pin = data - DCE4_IH_HPD_RX_DATA;
	ctl = ruby_read32(rdev, DCE4_HPD_REG(DC_HPD1_INT_CONTROL, *pin));
	ruby_write32(rdev, DCE4_HPD_REG(DC_HPD1_INT_CONTROL, *pin), ctl | DC_HPDX_RX_INT_ACK);
	return RUBY_DISPLAY_IRQ_HPD_RX;
}

static void evergreen_dce_hpd_enable(struct ruby_device *rdev, unsigned int pin, bool on)
{
	u32 val = 0;

	if (!on)
		ruby_write32(rdev, DCE4_HPD_REG(DC_HPD1_INT_CONTROL, pin),
			     DC_HPDX_INT_ACK | DC_HPDX_RX_INT_ACK);
	if (on)
		val = DC_HPDX_EN |
		      FIELD_PREP(DC_HPDX_CONNECTION_TIMER, DCE4_HPD_CONNECTION_TIMER) |
		      FIELD_PREP(DC_HPDX_RX_INT_TIMER, DCE4_HPD_RX_INT_TIMER);
	ruby_write32(rdev, DCE4_HPD_REG(DC_HPD1_CONTROL, pin), val);
	if (on)
		evergreen_dce_hpd_rearm(rdev, pin);
}

static void evergreen_dce_rmw(struct ruby_device *rdev, u32 reg, u32 clear, u32 set)
{
	u32 val = ruby_read32(rdev, RUBY_REG(reg));

	ruby_write32(rdev, RUBY_REG(reg), (val & ~clear) | set);
}

/* shifts: GPIO_I2C_Info's order, mask, enable, Y, A */
enum { DDC_MASK, DDC_EN, DDC_Y, DDC_A };

static void evergreen_dce_ddc_claim(struct ruby_device *rdev,
				    const struct ruby_atom_i2c_bus *bus)
{
	if (bus->id & ATOM_I2C_ID_HW_CAPABLE)
		evergreen_dce_rmw(rdev, bus->clk_mask_reg, DC_GPIO_DDC_AUX_PAD_MODE, 0);
	evergreen_dce_rmw(rdev, bus->clk_a_reg, BIT(bus->clk_shift[DDC_A]), 0);
	evergreen_dce_rmw(rdev, bus->data_a_reg, BIT(bus->data_shift[DDC_A]), 0);
	evergreen_dce_rmw(rdev, bus->clk_en_reg, BIT(bus->clk_shift[DDC_EN]), 0);
	evergreen_dce_rmw(rdev, bus->data_en_reg, BIT(bus->data_shift[DDC_EN]), 0);
	evergreen_dce_rmw(rdev, bus->clk_mask_reg, 0, BIT(bus->clk_shift[DDC_MASK]));
	evergreen_dce_rmw(rdev, bus->data_mask_reg, 0, BIT(bus->data_shift[DDC_MASK]));
}

static void evergreen_dce_ddc_release(struct ruby_device *rdev,
				      const struct ruby_atom_i2c_bus *bus)
{
	evergreen_dce_rmw(rdev, bus->clk_mask_reg, BIT(bus->clk_shift[DDC_MASK]), 0);
	evergreen_dce_rmw(rdev, bus->data_mask_reg, BIT(bus->data_shift[DDC_MASK]), 0);
}

static void evergreen_dce_ddc_set(struct ruby_device *rdev,
				  const struct ruby_atom_i2c_bus *bus, bool data, int level)
{
	u32 reg = data ? bus->data_en_reg : bus->clk_en_reg;
	u32 bit = BIT(data ? bus->data_shift[DDC_EN] : bus->clk_shift[DDC_EN]);

	evergreen_dce_rmw(rdev, reg, bit, level ? 0 : bit);
}

static int evergreen_dce_ddc_get(struct ruby_device *rdev,
				 const struct ruby_atom_i2c_bus *bus, bool data)
{
	u32 reg = data ? bus->data_y_reg : bus->clk_y_reg;
	u32 bit = BIT(data ? bus->data_shift[DDC_Y] : bus->clk_shift[DDC_Y]);

	return !!(ruby_read32(rdev, RUBY_REG(reg)) & bit);
}

static const struct ruby_display_funcs evergreen_dce_funcs = {
	.max_width = DCE4_MAX_SIZE,
	.max_height = DCE4_MAX_SIZE,
	.hpd_pin = evergreen_dce_hpd_pin,
	.hpd_enable = evergreen_dce_hpd_enable,
	.hpd_sense = evergreen_dce_hpd_sense,
	.ddc_claim = evergreen_dce_ddc_claim,
	.ddc_release = evergreen_dce_ddc_release,
	.ddc_set = evergreen_dce_ddc_set,
	.ddc_get = evergreen_dce_ddc_get,
	.num_crtc = evergreen_num_crtc,
	.num_pll = 2,
	.pitch_align = 256,
	.max_pitch = GRPH_PITCH_MAX,
	.pll_limits = evergreen_dce_pll_limits,
	.adjust_pll = evergreen_dce_adjust_pll,
	.crtc_enable = evergreen_dce_crtc_enable,
	.crtc_disable = evergreen_dce_crtc_disable,
	.set_pll = evergreen_dce_set_pll,
	.encoder_enable = evergreen_dce_encoder_enable,
	.encoder_disable = evergreen_dce_encoder_disable,
	.set_surface = evergreen_dce_set_surface,
	.load_lut = evergreen_dce_load_lut,
	.tiled_layout = evergreen_dce_tiled_layout,
	.bandwidth = evergreen_dce_bandwidth,
	.max_vblank_count = CRTC_FRAME_COUNT_MAX,
	.vblank_irq = evergreen_vblank_irq,
	.flip_irq = evergreen_flip_irq,
	.vblank_counter = evergreen_vblank_counter,
	.scanout_pos = evergreen_scanout_pos,
	.flip_pending = evergreen_flip_pending,
	.irq_ack = evergreen_irq_ack,
	.max_cursor = CUR_MAX_SIZE,
	.cursor_align = 4096,	/* CUR_SURFACE_ADDRESS_MASK */
	.set_cursor = evergreen_dce_set_cursor,
	.aux_transfer = evergreen_dce_aux_transfer,
	.dp_step = evergreen_dce_dp_step,
	.dp_levels = evergreen_dce_dp_levels,
	.dp_video = evergreen_dce_dp_video,
	.hdmi_enable = evergreen_hdmi_enable,
	.hdmi_disable = evergreen_hdmi_disable,
};

static int evergreen_dce_init(struct ruby_device *rdev)
{
	return ruby_display_init(rdev, &evergreen_dce_funcs);
}

/*
 * The connectors, DDC lines and hot-plug pins of the board the VBIOS
 * describes; right after the vbios block, which it builds on.
 */
const struct ruby_ip_block evergreen_dce_block = {
	.name = "display",
	.init = evergreen_dce_init,
	.fini = ruby_display_fini,
};
