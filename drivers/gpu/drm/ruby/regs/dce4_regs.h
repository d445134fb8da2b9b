/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * DCE4 (Evergreen/NI display engine) registers: hot-plug pins and GPIO pads.
 */
#ifndef __RUBY_DCE4_REGS_H__
#define __RUBY_DCE4_REGS_H__

#include "ruby_reg_defs.h"

/* Hot-plug pins DC_HPD1..6: three registers each, 0xc apart */
#define DCE4_HPD_PINS			6
#define DCE4_HPD_STRIDE			0xc

#define DC_HPD1_INT_STATUS		0x601c
#define   DC_HPDX_SENSE			BIT(1)
#define   DC_HPDX_INT_STATUS		BIT(0)

#define DC_HPD1_INT_CONTROL		0x6020
#define   DC_HPDX_INT_EN		BIT(16)
#define   DC_HPDX_INT_POLARITY		BIT(8)
#define   DC_HPDX_INT_ACK		BIT(0)

#define DC_HPD1_CONTROL			0x6024
#define   DC_HPDX_EN			BIT(28)
#define   DC_HPDX_RX_INT_TIMER		GENMASK(25, 16)
#define   DC_HPDX_CONNECTION_TIMER	GENMASK(12, 0)

#define DCE4_HPD_REG(base, pin)		RUBY_REG((base) + (pin) * DCE4_HPD_STRIDE)

/* The hot-plug pins' GPIO pad register, as the VBIOS's GPIO_Pin_LUT names it */
#define DC_GPIO_HPD_A			0x64b4

/*
 * A DDC line's mask register (DC_GPIO_DDCn_MASK, whose offset the VBIOS
 * gives): its pads are an AUX channel while this bit is set, I2C when clear
 */
#define   DC_GPIO_DDC_AUX_PAD_MODE	BIT(16)

#endif /* __RUBY_DCE4_REGS_H__ */
