/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * DCE4 (Evergreen/NI display engine) registers: hot-plug pins, GPIO pads,
 * the display controllers' surface, viewport and LUT registers (per CRTC,
 * at evergreen_crtc_offsets[] from CRTC 0's), the DIG encoders' HDMI
 * blocks (per DIG, at the same offsets), the audio DTO and the HD audio
 * endpoint.
 */
#ifndef __RUBY_DCE4_REGS_H__
#define __RUBY_DCE4_REGS_H__

#include "ruby_reg_defs.h"

/* Hot-plug pins DC_HPD1..6: three registers each, 0xc apart */
#define DCE4_HPD_PINS			6
#define DCE4_HPD_STRIDE			0xc

#define DC_HPD1_INT_STATUS		0x601c
#define   DC_HPDX_RX_INT_STATUS		BIT(8)
#define   DC_HPDX_SENSE			BIT(1)
#define   DC_HPDX_INT_STATUS		BIT(0)

#define DC_HPD1_INT_CONTROL		0x6020
#define   DC_HPDX_RX_INT_EN		BIT(24)
#define   DC_HPDX_RX_INT_ACK		BIT(20)
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

/* A CRTC's graphics surface */
#define GRPH_ENABLE			0x6800
#define GRPH_CONTROL			0x6804
#define   GRPH_DEPTH			GENMASK(1, 0)
#define     GRPH_DEPTH_16BPP		1
#define     GRPH_DEPTH_32BPP		2
#define   GRPH_FORMAT			GENMASK(10, 8)
#define     GRPH_FORMAT_RGB565		1	/* at 16 bpp */
#define     GRPH_FORMAT_ARGB8888	0	/* at 32 bpp */
#define     GRPH_FORMAT_ARGB2101010	1	/* at 32 bpp */
#define   GRPH_NUM_BANKS		GENMASK(3, 2)	/* 2, 4, 8, 16: 0..3 */
#define   GRPH_BANK_WIDTH		GENMASK(7, 6)	/* 1, 2, 4, 8: 0..3 */
#define   GRPH_BANK_HEIGHT		GENMASK(12, 11)	/* likewise */
#define   GRPH_TILE_SPLIT		GENMASK(15, 13)	/* 64 << n bytes */
#define   GRPH_MACRO_TILE_ASPECT	GENMASK(19, 18)	/* 1, 2, 4, 8: 0..3 */
#define   GRPH_ARRAY_MODE		GENMASK(22, 20)
#define     GRPH_ARRAY_LINEAR_GENERAL	0
#define     GRPH_ARRAY_1D_TILED_THIN1	2
#define     GRPH_ARRAY_2D_TILED_THIN1	4
#define GRPH_LUT_10BIT_BYPASS_CONTROL	0x6808
#define GRPH_SWAP_CONTROL		0x680c
#define GRPH_PRIMARY_SURFACE_ADDRESS	0x6810
#define GRPH_SECONDARY_SURFACE_ADDRESS	0x6814
#define   GRPH_SURFACE_ADDRESS_MASK	GENMASK(31, 8)
#define GRPH_PITCH			0x6818
#define   GRPH_PITCH_MAX		0x3fff	/* pixels */
#define GRPH_PRIMARY_SURFACE_ADDRESS_HIGH	0x681c
#define GRPH_SECONDARY_SURFACE_ADDRESS_HIGH	0x6820
#define GRPH_SURFACE_OFFSET_X		0x6824
#define GRPH_SURFACE_OFFSET_Y		0x6828
#define GRPH_X_START			0x682c
#define GRPH_Y_START			0x6830
#define GRPH_X_END			0x6834
#define GRPH_Y_END			0x6838
#define GRPH_UPDATE			0x6844
#define   GRPH_UPDATE_LOCK		BIT(16)

/* Its LUT: 256 entries of 10:10:10, written in order from an index */
#define DC_LUT_RW_MODE			0x69e0
#define DC_LUT_RW_INDEX			0x69e4
#define DC_LUT_30_COLOR			0x69f0
#define   DC_LUT_30_RED			GENMASK(29, 20)
#define   DC_LUT_30_GREEN		GENMASK(19, 10)
#define   DC_LUT_30_BLUE		GENMASK(9, 0)
#define DC_LUT_WRITE_EN_MASK		0x69f8
#define   DC_LUT_WRITE_EN_ALL		0x7
#define DC_LUT_CONTROL			0x6a00
#define DC_LUT_BLACK_OFFSET_BLUE	0x6a04	/* then green, red */
#define DC_LUT_WHITE_OFFSET_BLUE	0x6a10	/* then green, red */
#define   DC_LUT_WHITE_OFFSET_MAX	0xffff

/*
 * Its hardware cursor: double buffered under CUR_UPDATE's lock, read in
 * rows of its width (no pitch register)
 */
#define CUR_CONTROL			0x6998
#define   CUR_EN			BIT(0)
#define   CUR_MODE			GENMASK(9, 8)
#define     CUR_MODE_ARGB_PREMULT	2
#define   CUR_URGENT_CONTROL		GENMASK(26, 24)
#define     CUR_URGENT_1_2		4
#define CUR_SURFACE_ADDRESS		0x699c
#define   CUR_SURFACE_ADDRESS_MASK	GENMASK(31, 12)
#define CUR_SIZE			0x69a0	/* (width - 1) << 16 | (height - 1) */
#define CUR_SURFACE_ADDRESS_HIGH	0x69a4
#define CUR_POSITION			0x69a8	/* never negative */
#define CUR_HOT_SPOT			0x69ac	/* the image's pixel at the position */
#define   CUR_X				GENMASK(29, 16)	/* of both */
#define   CUR_Y				GENMASK(13, 0)
#define CUR_UPDATE			0x69b8
#define   CUR_UPDATE_LOCK		BIT(16)
#define CUR_MAX_SIZE			64

/* Its line buffer's and viewport's size */
#define DESKTOP_HEIGHT			0x6b04
#define VIEWPORT_START			0x6d70	/* x << 16 | y */
#define VIEWPORT_SIZE			0x6d74	/* width << 16 | height */

/*
 * Its share of the line buffer it and its partner (CRTC n ^ 1) share: a
 * quarter, a half, three quarters or all of it, from the start (even
 * CRTCs) or the end (odd CRTCs, the BIT(2) forms)
 */
#define DC_LB_MEMORY_SPLIT		0x6b0c
#define   DC_LB_MEMORY_CONFIG		  GENMASK(1, 0)
#define     DC_LB_HALF			  0
#define     DC_LB_WHOLE			  2
#define   DC_LB_SECOND			  BIT(2)

/* When its memory requests go first: below the mark (16-pixel units) */
#define PRIORITY_A_CNT			0x6b18
#define PRIORITY_B_CNT			0x6b1c
#define   PRIORITY_MARK			  GENMASK(14, 0)
#define   PRIORITY_OFF			  BIT(16)
#define   PRIORITY_ALWAYS_ON		  BIT(20)

/* Vblank and page-flip interrupts, timing status (per CRTC) */
#define GRPH_UPDATE_SURFACE_PENDING	BIT(2)	/* of GRPH_UPDATE */
#define GRPH_INT_STATUS			0x6858
#define   GRPH_PFLIP_INT_OCCURRED	BIT(0)
#define   GRPH_PFLIP_INT_CLEAR		BIT(8)
#define GRPH_INT_CONTROL		0x685c
#define   GRPH_PFLIP_INT_MASK		BIT(0)
#define LB_INT_MASK			0x6b40
#define   LB_VBLANK_INT_MASK		BIT(0)
#define LB_VBLANK_STATUS		0x6bbc
#define   LB_VBLANK_ACK			BIT(4)
#define CRTC_V_TOTAL			0x6e1c
#define CRTC_V_BLANK_START_END		0x6e34
#define   CRTC_V_BLANK_START		GENMASK(12, 0)
#define   CRTC_V_BLANK_END		GENMASK(28, 16)
#define CRTC_STATUS_POSITION		0x6e90
#define   CRTC_POSITION_V		GENMASK(12, 0)
#define   CRTC_POSITION_H		GENMASK(28, 16)
#define CRTC_STATUS_FRAME_COUNT		0x6e98
#define   CRTC_FRAME_COUNT_MAX		0xffffff	/* 24 bits */

/* IH sources: CRTC n's vblank/vline n + 1 (data 0: vblank), its flip 8 + 2n */
#define DCE4_IH_SRC_VBLANK1		1
#define DCE4_IH_SRC_PFLIP1		8
/*
 * a hot-plug pin's connect or disconnect: data 0-5 for DC_HPD1-6; its
 * short pulse (RX interrupt): data 6-11
 */
#define DCE4_IH_SRC_HPD			42
#define DCE4_IH_HPD_RX_DATA		6

#define DCE4_CRTC_REG(reg, crtc)	RUBY_REG((reg) + evergreen_crtc_offsets[crtc])

/*
 * A DIG encoder's HDMI block (AFMT and HDMI_*), at evergreen_crtc_offsets[n]
 * from DIG 0's: its packets to an HDMI sink. Whether the DIG signals HDMI
 * or DVI is its back end's mode, which DIGxEncoderControl sets.
 */
#define HDMI_CONTROL			0x7030
#define   HDMI_DEEP_COLOR_DEPTH		  GENMASK(29, 28)
#define   HDMI_DEEP_COLOR_ENABLE	  BIT(24)
#define HDMI_AUDIO_PACKET_CONTROL	0x7038
#define   HDMI_AUDIO_PACKETS_PER_LINE	  GENMASK(20, 16)
#define   HDMI_AUDIO_DELAY_EN		  GENMASK(5, 4)
#define HDMI_ACR_PACKET_CONTROL		0x703c
#define   HDMI_ACR_AUTO_SEND		  BIT(12)
#define   HDMI_ACR_SOURCE		  BIT(8)	/* 1: the CTS written, not measured */
#define HDMI_VBI_PACKET_CONTROL		0x7040
#define   HDMI_GC_CONT			  BIT(5)
#define   HDMI_GC_SEND			  BIT(4)
#define   HDMI_NULL_SEND		  BIT(0)
#define HDMI_INFOFRAME_CONTROL0		0x7044
#define   HDMI_AUDIO_INFO_CONT		  BIT(5)
#define   HDMI_AUDIO_INFO_SEND		  BIT(4)
#define   HDMI_AVI_INFO_CONT		  BIT(1)	/* every frame */
#define   HDMI_AVI_INFO_SEND		  BIT(0)
#define HDMI_INFOFRAME_CONTROL1		0x7048
#define   HDMI_AUDIO_INFO_LINE		  GENMASK(13, 8)
#define   HDMI_AVI_INFO_LINE		  GENMASK(5, 0)	/* 0: never sent */
#define HDMI_GC				0x7058
#define   HDMI_GC_AVMUTE		  BIT(0)
#define AFMT_AUDIO_PACKET_CONTROL2	0x705c
#define   AFMT_AUDIO_CHANNEL_ENABLE	  GENMASK(15, 8)
/* the AVI infoframe: its payload bytes 0-13 in order, then its version */
#define AFMT_AVI_INFO0			0x7084
#define AFMT_AVI_INFO3			0x7090
#define   AFMT_AVI_INFO_VERSION		  GENMASK(25, 24)
#define DCE4_AVI_INFO_WORDS		4
/* audio clock regeneration: N and CTS for 32, 44.1 and 48 kHz */
#define HDMI_ACR_32_0			0x70dc
#define   HDMI_ACR_CTS			  GENMASK(31, 12)	/* of each _0 */
#define HDMI_ACR_32_1			0x70e0
#define   HDMI_ACR_N			  GENMASK(19, 0)	/* of each _1 */
#define HDMI_ACR_44_0			0x70e4
#define HDMI_ACR_44_1			0x70e8
#define HDMI_ACR_48_0			0x70ec
#define HDMI_ACR_48_1			0x70f0
#define AFMT_60958_0			0x7104
#define   AFMT_60958_CS_CHANNEL_NUMBER_L  GENMASK(23, 20)
#define AFMT_60958_1			0x7108
#define   AFMT_60958_CS_CHANNEL_NUMBER_R  GENMASK(23, 20)
#define AFMT_60958_2			0x7120	/* channels 2-7's numbers, 4 bits each */
#define AFMT_AUDIO_PACKET_CONTROL	0x712c
#define   AFMT_60958_CS_UPDATE		  BIT(26)
#define   AFMT_RESET_FIFO_WHEN_AUDIO_DIS  BIT(11)
#define   AFMT_AUDIO_SAMPLE_SEND	  BIT(0)
#define AFMT_INFOFRAME_CONTROL0		0x7134
#define   AFMT_AUDIO_INFO_UPDATE	  BIT(7)

#define DCE4_AFMT_REG(reg, dig)		RUBY_REG((reg) + evergreen_crtc_offsets[dig])

/* The audio clock's DTO 0 (HDMI): 24 MHz over the pixel clock, of one CRTC */
#define DCCG_AUDIO_DTO_SOURCE		0x05ac
#define   DCCG_AUDIO_DTO0_SOURCE_SEL	  GENMASK(2, 0)
#define DCCG_AUDIO_DTO0_PHASE		0x05b0
#define DCCG_AUDIO_DTO0_MODULE		0x05b4
#define DCCG_AUDIO_DTO0_CNTL		0x05bc
#define   DCCG_AUDIO_DTO_WALLCLOCK_RATIO  GENMASK(2, 0)

/*
 * The Azalia (HD audio) endpoint of pin 0, what the sound card's codec
 * reads: audio on the pin, the sink's speakers and its audio descriptors
 * (one register per coding type, LPCM first)
 */
#define AZ_HOT_PLUG_CONTROL		0x5e78
#define   AZ_AUDIO_ENABLED		  BIT(31)
#define   AZ_PIN0_AUDIO_ENABLED		  BIT(24)
#define AZ_F0_CODEC_PIN0_CONTROL_CHANNEL_SPEAKER	0x5f78
#define   AZ_DP_CONNECTION		  BIT(17)
#define   AZ_HDMI_CONNECTION		  BIT(16)
#define   AZ_SPEAKER_ALLOCATION		  GENMASK(6, 0)
#define AZ_F0_CODEC_PIN0_CONTROL_AUDIO_DESCRIPTOR0	0x5f84	/* then 1-13, 4 apart */
#define   AZ_SUPPORTED_FREQUENCIES_STEREO GENMASK(31, 24)	/* LPCM's */
#define   AZ_DESCRIPTOR_BYTE_2		  GENMASK(23, 16)
#define   AZ_SUPPORTED_FREQUENCIES	  GENMASK(15, 8)
#define   AZ_MAX_CHANNELS		  GENMASK(2, 0)	/* channels - 1 */
#define DCE4_AZ_DESCRIPTORS		14

/*
 * The display memory arbiter, per pipe (one per CRTC, 0x10 apart): which
 * watermark set (A: high clocks, B: low) LATENCY_CONTROL reaches, and the
 * set's latency watermark and line time, in ns
 */
#define PIPE0_ARBITRATION_CONTROL3	0x0bf0
#define   LATENCY_WATERMARK_MASK	  GENMASK(17, 16)
#define     LATENCY_WATERMARK_A		  1
#define     LATENCY_WATERMARK_B		  2
#define PIPE0_LATENCY_CONTROL		0x0bf4
#define   LATENCY_LOW_WATERMARK		  GENMASK(15, 0)
#define   LATENCY_HIGH_WATERMARK	  GENMASK(31, 16)
#define DCE4_PIPE_STRIDE		0x10
#define DCE4_PIPE_REG(reg, pipe)	RUBY_REG((reg) + (pipe) * DCE4_PIPE_STRIDE)

#endif /* __RUBY_DCE4_REGS_H__ */
