/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * AtomBIOS facts: the layout of the video BIOS image, of its tables and the
 * encoding of the command tables' byte-code. Offsets are in bytes from the
 * start of the structure they belong to; every multi-byte field is little
 * endian and unaligned.
 */
#ifndef __RUBY_ATOM_DEFS_H__
#define __RUBY_ATOM_DEFS_H__

/* The PCI expansion ROM and the pointers in its first block */
#define ATOM_ROM_SIG0			0x55
#define ATOM_ROM_SIG1			0xaa
#define ATOM_ROM_BLOCKS			0x02	/* u8: image size, 512-byte units */
#define ATOM_ROM_BLOCK_SIZE		512
#define ATOM_ROM_ATI_MAGIC		0x30	/* " 761295520" */
#define ATOM_ROM_ATI_MAGIC_STR		" 761295520"
#define ATOM_ROM_HEADER_PTR		0x48	/* u16: the ATOM ROM header */
#define ATOM_ROM_PCIR_PTR		0x18	/* u16: the PCI data structure */

/* The PCI data structure of the image (PCI Firmware Specification 3.0) */
#define ATOM_PCIR_SIG_STR		"PCIR"
#define ATOM_PCIR_VENDOR		0x04	/* u16 */
#define ATOM_PCIR_DEVICE		0x06	/* u16 */
#define ATOM_PCIR_LEN			0x0a	/* u16: this structure's length */
#define ATOM_PCIR_REVISION		0x0c
#define ATOM_PCIR_CLASS			0x0d	/* 3 bytes: prog-if, sub, base */
#define ATOM_PCIR_IMAGE_LEN		0x10	/* u16: image, 512-byte units */
#define ATOM_PCIR_CODE_TYPE		0x14	/* 0: x86 */
#define ATOM_PCIR_INDICATOR		0x15	/* bit 7: the last image */
#define ATOM_PCIR_LAST_IMAGE		0x80
#define ATOM_PCIR_MIN_LEN		0x18

/* Every table starts with this: u16 size (header included), u8 revs */
#define ATOM_TBL_SIZE			0
#define ATOM_TBL_FREV			2
#define ATOM_TBL_CREV			3
#define ATOM_TBL_HDR_LEN		4

/* ATOM ROM header */
#define ATOM_HDR_MAGIC			4	/* "ATOM" */
#define ATOM_HDR_MAGIC_STR		"ATOM"
#define ATOM_HDR_MSG			0x10	/* u16: boot-up message */
#define ATOM_HDR_CMD_MASTER		0x1e	/* u16: master command table */
#define ATOM_HDR_DATA_MASTER		0x20	/* u16: master data table */
#define ATOM_HDR_LEN			0x24

/*
 * Master tables: a table header, then one u16 offset (0: absent) per
 * table index.
 */
#define ATOM_MASTER_ENTRIES		4

/* Command table indices */
#define ATOM_CMD_ASIC_INIT		0x00
#define ATOM_CMD_DIG_ENCODER_CONTROL	0x04	/* DIGxEncoderControl */
#define ATOM_CMD_ENABLE_CRTC_MEMREQ	0x06
#define ATOM_CMD_SET_ENGINE_CLOCK	0x0a
#define ATOM_CMD_SET_MEMORY_CLOCK	0x0b
#define ATOM_CMD_SET_PIXEL_CLOCK	0x0c
#define ATOM_CMD_ADJUST_DISPLAY_PLL	0x11
#define ATOM_CMD_DAC1_ENCODER_CONTROL	0x18
#define ATOM_CMD_DAC2_ENCODER_CONTROL	0x19
#define ATOM_CMD_BLANK_CRTC		0x22
#define ATOM_CMD_ENABLE_CRTC		0x23
#define ATOM_CMD_SELECT_CRTC_SOURCE	0x2a
#define ATOM_CMD_SET_CRTC_DTD_TIMING	0x31	/* SetCRTC_UsingDTDTiming */
#define ATOM_CMD_DAC1_OUTPUT_CONTROL	0x44
#define ATOM_CMD_DAC2_OUTPUT_CONTROL	0x45
#define ATOM_CMD_UNIPHY_TX_CONTROL	0x4c	/* UNIPHYTransmitterControl */
#define ATOM_CMD_PROCESS_AUX_CHANNEL	0x4e	/* ProcessAuxChannelTransaction */

/* Data table indices */
#define ATOM_DATA_FIRMWARE_INFO		0x04
#define ATOM_DATA_LCD_INFO		0x06
#define ATOM_DATA_GPIO_I2C_INFO		0x0a
#define ATOM_DATA_VRAM_USAGE		0x0b
#define ATOM_DATA_GPIO_PIN_LUT		0x0c
#define ATOM_DATA_OBJECT_HEADER		0x16
#define ATOM_DATA_INDIRECT_IO		0x17

/* Command table: header, workspace and parameter sizes, then code */
#define ATOM_CT_WS			4	/* u8: workspace, dwords */
#define ATOM_CT_PS			5	/* u8: parameter space, bytes */
#define ATOM_CT_PS_MASK			0x7f
#define ATOM_CT_CODE			6

/* FirmwareInfo, revisions 1.4 and 2.1 (2.2 keeps these offsets) */
#define ATOM_FWI_DEF_SCLK		0x08	/* u32, 10 kHz */
#define ATOM_FWI_DEF_MCLK		0x0c	/* u32, 10 kHz */
#define ATOM_FWI_MAX_SCLK_PLL_OUT	0x18	/* u32, 10 kHz */
#define ATOM_FWI_MAX_MCLK_PLL_OUT	0x1c	/* u32, 10 kHz */
#define ATOM_FWI_MAX_PCLK_PLL_OUT	0x20	/* u32, 10 kHz */
#define ATOM_FWI_DEF_DISPCLK		0x28	/* u32, 10 kHz; 2.1 and later */
#define ATOM_FWI_MIN_PCLK_PLL_OUT	0x38	/* u32, 10 kHz */
#define ATOM_FWI_MAX_PCLK		0x48	/* u16, 10 kHz */
#define ATOM_FWI_MIN_PCLK_PLL_IN	0x4a	/* u16, 10 kHz */
#define ATOM_FWI_MAX_PCLK_PLL_IN	0x4c	/* u16, 10 kHz */
#define ATOM_FWI_REF_CLK		0x52	/* u16, 10 kHz */
#define ATOM_FWI_MEM_REF_CLK		0x54	/* u16, 10 kHz; 2.1 and later */
#define ATOM_FWI_DP_EXT_CLK		0x56	/* u16, 10 kHz; 2.1 and later */
#define ATOM_FWI_LEN_V14		0x59
#define ATOM_FWI_LEN_V21		0x5c

/* LCD_Info 1.x: the panel's native mode (a detailed timing) */
#define ATOM_LCD_DTD			4
#define ATOM_DTD_PIXCLK			0	/* u16, 10 kHz */
#define ATOM_DTD_HACTIVE		2
#define ATOM_DTD_HBLANK			4
#define ATOM_DTD_VACTIVE		6
#define ATOM_DTD_VBLANK			8
#define ATOM_DTD_HSYNC_OFF		10
#define ATOM_DTD_HSYNC_WIDTH		12
#define ATOM_DTD_VSYNC_OFF		14
#define ATOM_DTD_VSYNC_WIDTH		16
#define ATOM_DTD_LEN			28

/* GPIO_I2C_Info: a table header, then 27-byte assignments */
#define ATOM_I2C_ASSIGN_LEN		27
#define ATOM_I2C_CLK_MASK_REG		0	/* u16, dword register index */
#define ATOM_I2C_DATA_MASK_REG		8
#define ATOM_I2C_DATA_A_REG		14
#define ATOM_I2C_ID			16	/* u8: line, engine, hw-capable */
#define ATOM_I2C_CLK_MASK_SHIFT		17
#define ATOM_I2C_DATA_MASK_SHIFT	21
#define ATOM_I2C_ID_LINE_MASK		0x0f
#define ATOM_I2C_ID_HW_CAPABLE		0x80

/* GPIO_Pin_LUT: a table header, then 4-byte pins */
#define ATOM_GPIO_PIN_LEN		4
#define ATOM_GPIO_PIN_REG		0	/* u16, dword register index */
#define ATOM_GPIO_PIN_SHIFT		2
#define ATOM_GPIO_PIN_ID		3

/* Object header (Object_Header data table), revision 1.x */
#define ATOM_OBJ_HDR_CONNECTORS		6	/* u16, from the header */
#define ATOM_OBJ_HDR_ROUTERS		8
#define ATOM_OBJ_HDR_ENCODERS		10
#define ATOM_OBJ_HDR_PATHS		14
#define ATOM_OBJ_HDR_LEN		16

/* Object tables: u8 count, 3 bytes padding, then 8-byte objects */
#define ATOM_OBJ_TABLE_LEN		4
#define ATOM_OBJ_LEN			8
#define ATOM_OBJ_ID			0
#define ATOM_OBJ_RECORDS		4	/* u16, from the object header */

/* Display paths: u8 count, u8 version, 2 bytes padding, then paths */
#define ATOM_PATH_TABLE_LEN		4
#define ATOM_PATH_DEVICE_TAG		0
#define ATOM_PATH_SIZE			2
#define ATOM_PATH_CONNECTOR		4
#define ATOM_PATH_GPU			6
#define ATOM_PATH_OBJECTS		8	/* u16 each, up to the size */

/* Display path device tags (ATOM_DEVICE_*) */
#define ATOM_DEVICE_CRT1		0x0001
#define ATOM_DEVICE_LCD1		0x0002
#define ATOM_DEVICE_DFP1		0x0008
#define ATOM_DEVICE_CRT2		0x0010
#define ATOM_DEVICE_DFP2		0x0080
#define ATOM_DEVICE_DFP3		0x0200

/* Records: u8 type, u8 size (both included) */
#define ATOM_REC_I2C			1
#define ATOM_REC_HPD			2
#define ATOM_REC_END			0xff
#define ATOM_REC_HDR_LEN		2
#define ATOM_REC_I2C_ID			2
#define ATOM_REC_HPD_GPIO		2
#define ATOM_REC_HPD_PLUGGED		3

/* Object IDs: object, enum and type fields */
#define ATOM_OBJID_ID_MASK		0x00ff
#define ATOM_OBJID_ENUM_MASK		0x0700
#define ATOM_OBJID_ENUM_SHIFT		8
#define ATOM_OBJID_TYPE_MASK		0x7000
#define ATOM_OBJID_TYPE_SHIFT		12
#define ATOM_OBJ_TYPE_GPU		1
#define ATOM_OBJ_TYPE_ENCODER		2
#define ATOM_OBJ_TYPE_CONNECTOR		3
#define ATOM_OBJ_TYPE_ROUTER		4

#define ATOM_CONNECTOR_DVI_I		0x01
#define ATOM_CONNECTOR_DVI_I_DUAL	0x02
#define ATOM_CONNECTOR_DVI_D		0x03
#define ATOM_CONNECTOR_DVI_D_DUAL	0x04
#define ATOM_CONNECTOR_VGA		0x05
#define ATOM_CONNECTOR_HDMI_A		0x0c
#define ATOM_CONNECTOR_HDMI_B		0x0d
#define ATOM_CONNECTOR_LVDS		0x0e
#define ATOM_CONNECTOR_DP		0x13
#define ATOM_CONNECTOR_EDP		0x14
#define ATOM_CONNECTOR_LVDS_EDP		0x16

#define ATOM_ENCODER_DAC1		0x15
#define ATOM_ENCODER_DAC2		0x16
#define ATOM_ENCODER_UNIPHY		0x1e
#define ATOM_ENCODER_UNIPHY1		0x20
#define ATOM_ENCODER_UNIPHY2		0x21

/* Byte-code: the operand of an instruction is chosen by an attribute */
#define ATOM_ARG_REG			0	/* u16 register index */
#define ATOM_ARG_PS			1	/* u8 parameter-space dword */
#define ATOM_ARG_WS			2	/* u8 workspace dword */
#define ATOM_ARG_FB			3	/* u8 frame-buffer scratch dword */
#define ATOM_ARG_ID			4	/* u16 offset into the data block */
#define ATOM_ARG_IMM			5	/* immediate, sized by alignment */
#define ATOM_ARG_PLL			6	/* u8 PLL register */
#define ATOM_ARG_MC			7	/* u8 MC register */

/*
 * Attribute byte: bits 2:0 source mode, bits 5:3 source field (the
 * ATOM_SRC_*), bits 7:6 destination field, a selector whose meaning
 * depends on the source field's width.
 */
#define ATOM_SRC_DWORD			0
#define ATOM_SRC_WORD0			1
#define ATOM_SRC_WORD8			2
#define ATOM_SRC_WORD16			3
#define ATOM_SRC_BYTE0			4
#define ATOM_SRC_BYTE8			5
#define ATOM_SRC_BYTE16			6
#define ATOM_SRC_BYTE24			7

/* Workspace indices 0x40 and up name the interpreter's own state */
#define ATOM_WS_QUOTIENT		0x40
#define ATOM_WS_REMAINDER		0x41
#define ATOM_WS_DATAPTR			0x42
#define ATOM_WS_SHIFT			0x43
#define ATOM_WS_OR_MASK			0x44
#define ATOM_WS_AND_MASK		0x45
#define ATOM_WS_FB_WINDOW		0x46
#define ATOM_WS_ATTRIBUTES		0x47
#define ATOM_WS_REGPTR			0x48

/*
 * Opcodes. The families that take a destination come in runs of six, one
 * per destination mode, in this order: REG, PS, WS, FB, PLL, MC.
 */
#define ATOM_OP_MOVE			0x01
#define ATOM_OP_AND			0x07
#define ATOM_OP_OR			0x0d
#define ATOM_OP_SHIFT_LEFT		0x13
#define ATOM_OP_SHIFT_RIGHT		0x19
#define ATOM_OP_MUL			0x1f
#define ATOM_OP_DIV			0x25
#define ATOM_OP_ADD			0x2b
#define ATOM_OP_SUB			0x31
#define ATOM_OP_SET_ATI_PORT		0x37
#define ATOM_OP_SET_PCI_PORT		0x38
#define ATOM_OP_SET_SYSIO_PORT		0x39
#define ATOM_OP_SET_REG_BLOCK		0x3a
#define ATOM_OP_SET_FB_BASE		0x3b
#define ATOM_OP_COMPARE			0x3c
#define ATOM_OP_SWITCH			0x42
#define ATOM_OP_JUMP			0x43
#define ATOM_OP_JUMP_EQUAL		0x44
#define ATOM_OP_JUMP_BELOW		0x45
#define ATOM_OP_JUMP_ABOVE		0x46
#define ATOM_OP_JUMP_BELOW_OR_EQUAL	0x47
#define ATOM_OP_JUMP_ABOVE_OR_EQUAL	0x48
#define ATOM_OP_JUMP_NOT_EQUAL		0x49
#define ATOM_OP_TEST			0x4a
#define ATOM_OP_DELAY_MS		0x50
#define ATOM_OP_DELAY_US		0x51
#define ATOM_OP_CALL_TABLE		0x52
#define ATOM_OP_REPEAT			0x53
#define ATOM_OP_CLEAR			0x54
#define ATOM_OP_NOP			0x5a
#define ATOM_OP_EOT			0x5b
#define ATOM_OP_MASK			0x5c
#define ATOM_OP_POST_CARD		0x62
#define ATOM_OP_BEEP			0x63
#define ATOM_OP_SAVE_REG		0x64
#define ATOM_OP_RESTORE_REG		0x65
#define ATOM_OP_SET_DATA_BLOCK		0x66
#define ATOM_OP_XOR			0x67
#define ATOM_OP_SHL			0x6d
#define ATOM_OP_SHR			0x73
#define ATOM_OP_DEBUG			0x79
#define ATOM_OP_COUNT			0x7a

/* Destination modes, in the order of each family's run */
#define ATOM_DST_REG			0
#define ATOM_DST_PS			1
#define ATOM_DST_WS			2
#define ATOM_DST_FB			3
#define ATOM_DST_PLL			4
#define ATOM_DST_MC			5
#define ATOM_DST_COUNT			6

/* SWITCH: cases of (magic, value sized by the source field, u16 target) */
#define ATOM_CASE_MAGIC			0x63
#define ATOM_CASE_END			0x5a5a

/* SET_DATA_BLOCK 255: the running command table itself */
#define ATOM_DATA_BLOCK_SELF		0xff

/*
 * Indirect IO (IndirectIOAccess data table): programs of (op, operands)
 * started by START id and ended by END, run for register accesses made
 * while SET_ATI_PORT selected that id.
 */
#define ATOM_IIO_NOP			0
#define ATOM_IIO_START			1
#define ATOM_IIO_READ			2
#define ATOM_IIO_WRITE			3
#define ATOM_IIO_CLEAR			4
#define ATOM_IIO_SET			5
#define ATOM_IIO_MOVE_INDEX		6
#define ATOM_IIO_MOVE_ATTR		7
#define ATOM_IIO_MOVE_DATA		8
#define ATOM_IIO_END			9

/* Register 0 is MM_INDEX: tables give it a dword index, not an offset */
#define ATOM_REG_MM_INDEX		0

#endif /* __RUBY_ATOM_DEFS_H__ */
