/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated Cedar board's video BIOS (vbios.c): what it holds, for the
 * simulator's models and for the host test that checks the driver's
 * parser and interpreter against it.
 */
#ifndef VBIOS_H
#define VBIOS_H

#include <stdint.h>

#include "atom_asm.h"

/* The board: an HD 5450, as its PCI data structure names it */
#define VBIOS_PCI_VENDOR	0x1002
#define VBIOS_PCI_DEVICE	0x68f9

/* FirmwareInfo, 10 kHz units */
#define VBIOS_DEFAULT_SCLK	65000	/* 650 MHz */
#define VBIOS_DEFAULT_MCLK	40000	/* 400 MHz */
#define VBIOS_REF_CLK		10000	/* 100 MHz crystal */

/*
 * GPIO_I2C_Info's lines: the three DDC lines (bit-banged pads, display.c),
 * then line 3, the DisplayPort connector's AUX channel (dp.c: its EDID
 * comes over AUX; its pads are a DDC line too, display.c, with nothing on
 * it)
 */
#define VBIOS_I2C_LINES		4
#define VBIOS_AUX_LINE		3
/* DDC lines: four GPIO registers each, like the HPD pins' block */
#define VBIOS_DDC_BASE		0x6460
#define VBIOS_DDC_STRIDE	0x10
#define VBIOS_DDC_MASK		0x0
#define VBIOS_DDC_A		0x4
#define VBIOS_DDC_EN		0x8
#define VBIOS_DDC_Y		0xc
#define VBIOS_DDC_ID(n)		(0x90 | (n))	/* hw-capable, line n */

/* HPD pins: DC_GPIO_HPD_A, HPD1 on bit 0, HPD2 on bit 8, HPD3 on bit 16 */
#define VBIOS_HPD_PINS		3
#define VBIOS_HPD_REG		0x64b4
#define VBIOS_HPD_GPIO(n)	(0x14 + (n))

/* Object ids: connectors (type 3) and encoders (type 2), enum 1 */
#define VBIOS_GPU_ID		0x1100
#define VBIOS_CON_DVI_I		(0x3100 | ATOM_CONNECTOR_DVI_I)
#define VBIOS_CON_HDMI		(0x3100 | ATOM_CONNECTOR_HDMI_A)
#define VBIOS_CON_VGA		(0x3100 | ATOM_CONNECTOR_VGA)
#define VBIOS_CON_DP		(0x3100 | ATOM_CONNECTOR_DP)
#define VBIOS_ENC_DAC1		(0x2100 | ATOM_ENCODER_DAC1)
#define VBIOS_ENC_DAC2		(0x2100 | ATOM_ENCODER_DAC2)
#define VBIOS_ENC_UNIPHY	(0x2100 | ATOM_ENCODER_UNIPHY)
#define VBIOS_ENC_UNIPHY1	(0x2100 | ATOM_ENCODER_UNIPHY1)
#define VBIOS_ENC_UNIPHY2	(0x2100 | ATOM_ENCODER_UNIPHY2)

/* The DisplayPort connector: UNIPHY2 link A is DIG 4 and link 4, HPD3 */
#define VBIOS_DP_DIG		4
#define VBIOS_DP_HPD		2
#define VBIOS_DIGS		6

/* ProcessAuxChannelTransaction's index in the command master table */
#define VBIOS_CMD_PROCESS_AUX	0x4e

/* Registers the command tables write (byte offsets) */
#define VBIOS_SCRATCH0		0x1724	/* BIOS scratch 0 */
#define VBIOS_SCRATCH0_POSTED	0x1
#define VBIOS_SPLL_CNTL		0x0600	/* bit 0: SPLL reset */
#define VBIOS_SPLL_CNTL_3	0x0608	/* bits 25:0: SPLL feedback divider */
#define VBIOS_MPLL_FUNC		0x2bc0	/* bits 11:0: MPLL feedback divider */
#define VBIOS_CONFIG_MEMSIZE	0x5428	/* VRAM in MiB, as POST found it */
#define VBIOS_PPLL_CNTL		0x0400	/* bit 0 reset, bit 1 sleep */
#define VBIOS_PPLL_REF_DIV	0x0404
#define VBIOS_PPLL_FB_DIV	0x0408	/* 27:16 integer, 3:0 fraction */
#define VBIOS_PPLL_POST_DIV	0x040c
#define VBIOS_PPLL_STRIDE	0x40	/* PPLL2's block follows PPLL1's */
/*
 * (sim) what SetPixelClock set a PLL up for: 7:0 the encoder's object id,
 * 15:8 the encoder mode, 31:16 the CRTC's pixel clock (10 kHz)
 */
#define VBIOS_PPLL_SOURCE	0x0410
/*
 * (sim) a BIOS scratch block where AdjustDisplayPll leaves its answer for
 * the PLL model (pll.c): the frequency (10 kHz), the dividers (7:0
 * reference, 15:8 post; 0: free), then the encoder's object id (7:0) and
 * mode (15:8), whose write files the answer
 */
#define VBIOS_PLL_ADJ_FREQ	0x0480
#define VBIOS_PLL_ADJ_DIVS	0x0484
#define VBIOS_PLL_ADJ_KEY	0x0488
/* what AdjustDisplayPll asks of TMDS (DVI, HDMI) and of DP */
#define VBIOS_ADJ_TMDS_REF_DIV	10
#define VBIOS_ADJ_DP_POST_DIV	4
#define VBIOS_CRTC_BLANK_CONTROL	0x6e74
#define VBIOS_CRTC_BLANK_DATA_EN	(1u << 8)
#define VBIOS_CRTC_H_TOTAL		0x6e00
#define VBIOS_CRTC_H_BLANK_START_END	0x6e04	/* 28:16 end, 12:0 start */
#define VBIOS_CRTC_H_SYNC_A		0x6e08	/* 28:16 end, 12:0 start */
#define VBIOS_CRTC_H_SYNC_A_CNTL	0x6e0c	/* bit 0: active low */
#define VBIOS_CRTC_V_TOTAL		0x6e1c
#define VBIOS_CRTC_V_BLANK_START_END	0x6e34
#define VBIOS_CRTC_V_SYNC_A		0x6e38
#define VBIOS_CRTC_V_SYNC_A_CNTL	0x6e3c
#define VBIOS_CRTC_CONTROL		0x6e70
#define VBIOS_CRTC_MASTER_EN		(1u << 0)
#define VBIOS_CRTC_READ_REQUEST_DISABLE	(1u << 24)
/* DIG n's registers are CRTC n's offset apart */
#define VBIOS_DIG_FE_CNTL		0x7000	/* 1:0 source CRTC */
#define VBIOS_DIG_BE_CNTL		0x7140	/* 13:8 front ends, 18:16 mode */
#define VBIOS_DIG_BE_EN_CNTL		0x7144	/* bit 0 enable, bit 8 symbol clock */
#define VBIOS_UNIPHY_TX_CONTROL1	0x6600	/* link n at 0x40 * n; see vbios.c */
#define VBIOS_UNIPHY_STRIDE		0x40
/* DIG n's DisplayPort block, at DIG n's offset (vbios_dig_offset) */
#define VBIOS_DP_LINK_CNTL		0x7300	/* bit 4: training complete */
#define VBIOS_DP_LINK_TRAINING_COMPLETE	(1u << 4)
#define VBIOS_DP_CONFIG			0x7308	/* 1:0 lanes - 1; 8 (sim): 2.7 Gb/s */
#define VBIOS_DP_CONFIG_HBR		(1u << 8)
#define VBIOS_DP_VID_STREAM_CNTL	0x730c	/* bit 0: video stream on */
#define VBIOS_DP_TRAINING_PATTERN_SEL	0x7344	/* 1:0: pattern 1 (0) or 2 (1) */
/* AUX channel n's registers, at vbios_aux_offset[n] (DCE4's DP_AUXn) */
#define VBIOS_AUX_CONTROL		0x6200	/* bit 0 enable, 22:20 HPD pin */
#define VBIOS_AUX_EN			(1u << 0)
#define VBIOS_AUX_SW_CONTROL		0x6204	/* bit 0 go, 20:16 bytes to send */
#define VBIOS_AUX_SW_GO			(1u << 0)
#define VBIOS_AUX_SW_INT_CONTROL	0x620c	/* bit 1: acknowledge done */
#define VBIOS_AUX_SW_DONE_ACK		(1u << 1)
#define VBIOS_AUX_SW_STATUS		0x6210	/* see dp.c */
#define VBIOS_AUX_SW_DONE		(1u << 0)
#define VBIOS_AUX_SW_RX_TIMEOUT		(1u << 7)
#define VBIOS_AUX_RX_ERRORS		0x00de0f00u	/* overflow ... invalid V */
#define VBIOS_AUX_SW_DATA		0x6218	/* 15:8 byte, 20:16 index, 0 read */
#define VBIOS_AUX_SW_DATA_RW		(1u << 0)
#define VBIOS_AUX_SW_DATA_INDEX_SET	(1u << 31)
#define VBIOS_DAC_ENABLE		0x7800	/* DACA; DACB VBIOS_DAC_STRIDE on */
#define VBIOS_DAC_SOURCE_SELECT		0x7804
#define VBIOS_DAC_POWERDOWN		0x7850
#define VBIOS_DAC_STRIDE		0x200


/* one display path: DVI-I has two (digital, analog) on one connector */
struct vbios_connector {
	uint16_t connector, device_tag, encoder;
	int ddc, hpd;	/* line and pin numbers; hpd -1: none */
};

extern const uint32_t vbios_crtc_offset[4];
extern const uint32_t vbios_dig_offset[VBIOS_DIGS];
extern const uint32_t vbios_aux_offset[VBIOS_DIGS];

const struct vbios_connector *vbios_cedar_paths(unsigned int *n);
/*
 * The Cedar board's image, for a board with @vram_mib of VRAM (which its
 * ASIC_Init reports): 0, or -1 with the reason in a->err
 */
int vbios_build_cedar(struct atom_asm *a, uint32_t vram_mib);

#endif /* VBIOS_H */
