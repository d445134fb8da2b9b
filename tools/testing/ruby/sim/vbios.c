// SPDX-License-Identifier: GPL-2.0-only
/*
 * The video BIOS of the simulated Cedar board (an HD 5450-like card with
 * DVI-I, HDMI and VGA), assembled with atom_asm: data tables for clocks,
 * DDC lines, HPD pins and connectors, and the command tables that post the
 * card, set a pixel clock and blank a CRTC. Written here; no vendor BIOS
 * is used.
 */
#include "atom_asm.h"
#include "vbios.h"

static void firmware_info(struct atom_asm *a)
{
	static const struct {
		uint32_t off, val, len;
	} fields[] = {
		{ ATOM_FWI_DEF_SCLK, VBIOS_DEFAULT_SCLK, 4 },
		{ ATOM_FWI_DEF_MCLK, VBIOS_DEFAULT_MCLK, 4 },
		{ ATOM_FWI_MAX_SCLK_PLL_OUT, 100000, 4 },
		{ ATOM_FWI_MAX_MCLK_PLL_OUT, 100000, 4 },
		{ ATOM_FWI_MAX_PCLK_PLL_OUT, 120000, 4 },
		{ ATOM_FWI_DEF_DISPCLK, 60000, 4 },
		{ ATOM_FWI_MIN_PCLK_PLL_OUT, 60000, 4 },
		{ ATOM_FWI_MAX_PCLK, 40000, 2 },
		{ ATOM_FWI_MIN_PCLK_PLL_IN, 100, 2 },
		{ ATOM_FWI_MAX_PCLK_PLL_IN, 1350, 2 },
		{ ATOM_FWI_REF_CLK, VBIOS_REF_CLK, 2 },
		{ ATOM_FWI_MEM_REF_CLK, VBIOS_REF_CLK, 2 },
	};
	uint32_t start = aa_here(a), i, k;

	aa_data_begin(a, ATOM_DATA_FIRMWARE_INFO, 2, 1);
	while (aa_here(a) < start + ATOM_FWI_LEN_V21)
		aa_u8(a, 0);
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]) && !a->err; i++)
		for (k = 0; k < fields[i].len; k++)
			a->img[start + fields[i].off + k] = fields[i].val >> (8 * k);
	aa_data_end(a);
}

/* DDC line n: its four registers, clock on bit 0 and data on bit 8 */
static void i2c_info(struct atom_asm *a)
{
	unsigned int n, k;
	uint32_t base;

	aa_data_begin(a, ATOM_DATA_GPIO_I2C_INFO, 1, 1);
	for (n = 0; n < VBIOS_DDC_LINES; n++) {
		base = VBIOS_DDC_BASE + n * VBIOS_DDC_STRIDE;
		for (k = 0; k < 2; k++) {	/* clock, then data registers */
			aa_u16(a, (base + VBIOS_DDC_MASK) >> 2);
			aa_u16(a, (base + VBIOS_DDC_EN) >> 2);
			aa_u16(a, (base + VBIOS_DDC_Y) >> 2);
			aa_u16(a, (base + VBIOS_DDC_A) >> 2);
		}
		aa_u8(a, VBIOS_DDC_ID(n));
		for (k = 0; k < 4; k++)
			aa_u8(a, 0);
		for (k = 0; k < 4; k++)
			aa_u8(a, 8);
		aa_u16(a, 0);
	}
	aa_data_end(a);
}

static void gpio_pins(struct atom_asm *a)
{
	unsigned int n;

	aa_data_begin(a, ATOM_DATA_GPIO_PIN_LUT, 1, 1);
	for (n = 0; n < 2; n++) {
		aa_u16(a, VBIOS_HPD_REG >> 2);
		aa_u8(a, 8 * n);
		aa_u8(a, VBIOS_HPD_GPIO(n));
	}
	aa_data_end(a);
}

static const struct vbios_connector cedar_connectors[] = {
	{ VBIOS_CON_DVI_I, ATOM_DEVICE_DFP1, VBIOS_ENC_UNIPHY, 0, 0 },
	{ VBIOS_CON_DVI_I, ATOM_DEVICE_CRT2, VBIOS_ENC_DAC2, 0, 0 },
	{ VBIOS_CON_HDMI, ATOM_DEVICE_DFP2, VBIOS_ENC_UNIPHY1, 1, 1 },
	{ VBIOS_CON_VGA, ATOM_DEVICE_CRT1, VBIOS_ENC_DAC1, 2, -1 },
};

const struct vbios_connector *vbios_cedar_paths(unsigned int *n)
{
	*n = sizeof(cedar_connectors) / sizeof(cedar_connectors[0]);
	return cedar_connectors;
}

/* A connector object's records: DDC line, HPD pin, end */
static void records(struct atom_asm *a, const struct vbios_connector *c)
{
	aa_u8(a, ATOM_REC_I2C);
	aa_u8(a, 4);
	aa_u8(a, VBIOS_DDC_ID(c->ddc));
	aa_u8(a, 0);
	if (c->hpd >= 0) {
		aa_u8(a, ATOM_REC_HPD);
		aa_u8(a, 4);
		aa_u8(a, VBIOS_HPD_GPIO(c->hpd));
		aa_u8(a, 1);
	}
	aa_u8(a, ATOM_REC_END);
	aa_u8(a, 0);
}

static void put16(struct atom_asm *a, uint32_t at, uint32_t v)
{
	a->img[at] = v;
	a->img[at + 1] = v >> 8;
}

/* The display paths: one per connector and encoder; returns their tags */
static uint16_t paths(struct atom_asm *a)
{
	const struct vbios_connector *c = cedar_connectors;
	unsigned int n = sizeof(cedar_connectors) / sizeof(cedar_connectors[0]), i;
	uint16_t tag = 0;

	aa_u8(a, n);
	aa_u8(a, 1);
	aa_u16(a, 0);
	for (i = 0; i < n; i++) {
		tag |= c[i].device_tag;
		aa_u16(a, c[i].device_tag);
		aa_u16(a, ATOM_PATH_OBJECTS + 2);
		aa_u16(a, c[i].connector);
		aa_u16(a, VBIOS_GPU_ID);
		aa_u16(a, c[i].encoder);
	}
	return tag;
}

/* Object header, the connector objects (DVI-I once), the display paths */
static void objects(struct atom_asm *a)
{
	static const uint16_t con_ids[] = { VBIOS_CON_DVI_I, VBIOS_CON_HDMI, VBIOS_CON_VGA };
	static const uint8_t con_path[] = { 0, 2, 3 };
	uint32_t hdr = aa_here(a), obj, rec, n = 3, i;
	uint16_t tag;

	aa_data_begin(a, ATOM_DATA_OBJECT_HEADER, 1, 3);
	while (aa_here(a) < hdr + ATOM_OBJ_HDR_LEN)
		aa_u8(a, 0);
	obj = aa_here(a);
	aa_u8(a, n);
	aa_u8(a, 0);
	aa_u16(a, 0);
	for (i = 0; i < n; i++) {
		aa_u16(a, con_ids[i]);
		aa_u16(a, 0);
		aa_u16(a, 0);	/* records: patched below */
		aa_u16(a, 0);
	}
	for (i = 0; i < n && !a->err; i++) {
		rec = aa_here(a);
		records(a, &cedar_connectors[con_path[i]]);
		put16(a, obj + ATOM_OBJ_TABLE_LEN + i * ATOM_OBJ_LEN + ATOM_OBJ_RECORDS, rec - hdr);
	}
	if (!a->err) {
		put16(a, hdr + ATOM_OBJ_HDR_CONNECTORS, obj - hdr);
		put16(a, hdr + ATOM_OBJ_HDR_PATHS, aa_here(a) - hdr);
	}
	tag = paths(a);
	if (!a->err)
		put16(a, hdr + ATOM_TBL_HDR_LEN, tag);
	aa_data_end(a);
}

/* ASIC_Init: PS0 engine clock, PS1 memory clock; PS2 onward: callees' */
static void asic_init(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_ASIC_INIT, 0, 8);
	aa_move(a, AA_REG(VBIOS_SCRATCH0), AA_IMM(0));
	aa_move(a, AA_PS(2), AA_PS(0));
	aa_call(a, ATOM_CMD_SET_ENGINE_CLOCK);
	aa_move(a, AA_PS(2), AA_PS(1));
	aa_call(a, ATOM_CMD_SET_MEMORY_CLOCK);
	aa_or(a, AA_REG(VBIOS_SCRATCH0), AA_IMM(VBIOS_SCRATCH0_POSTED));
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

/* SetEngineClock: SPLL feedback divider = clock * 4 / 100, then relock */
static void set_engine_clock(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_SET_ENGINE_CLOCK, 1, 4);
	aa_mul(a, AA_PS(0), AA_IMM(4));
	aa_move(a, AA_WS(0), AA_WS(ATOM_WS_QUOTIENT));
	aa_div(a, AA_WS(0), AA_IMM(100));
	aa_or(a, AA_REG(VBIOS_SPLL_CNTL), AA_IMM(1));
	aa_mask(a, AA_REG(VBIOS_SPLL_CNTL_3), 0xfc000000, AA_WS(ATOM_WS_QUOTIENT));
	aa_delay(a, ATOM_OP_DELAY_US, 10);
	aa_and(a, AA_REG(VBIOS_SPLL_CNTL), AA_IMM(~1u));
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

/* SetMemoryClock: MPLL feedback divider = clock / 100 in bits 11:0 */
static void set_memory_clock(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_SET_MEMORY_CLOCK, 0, 4);
	aa_div(a, AA_PS(0), AA_IMM(100));
	aa_mask(a, AA_REG(VBIOS_MPLL_FUNC), 0xfffff000, AA_WS(ATOM_WS_QUOTIENT));
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

enum { L_PLL1, L_PLL2, L_SEL, L_ON, L_END };

/*
 * SetPixelClock (parameters as PIXEL_CLOCK_PARAMETERS_V5): PS0 bits 15:8
 * fractional feedback divider, 31:16 pixel clock (0: PLL off); PS1 15:0
 * feedback divider, 23:16 post divider, 31:24 reference divider; PS2 7:0
 * the PLL.
 */
static void set_pixel_clock(struct atom_asm *a)
{
	static const uint32_t plls[] = { 0, 1 };
	static const unsigned int to[] = { L_PLL1, L_PLL2 };

	aa_cmd_begin(a, ATOM_CMD_SET_PIXEL_CLOCK, 0, 16);
	aa_switch(a, aa_field(AA_PS(2), ATOM_SRC_BYTE0), 2, plls, to);
	aa_jump(a, ATOM_OP_JUMP, L_END);
	aa_label(a, L_PLL1);
	aa_set_reg_block(a, 0);
	aa_jump(a, ATOM_OP_JUMP, L_SEL);
	aa_label(a, L_PLL2);
	aa_set_reg_block(a, VBIOS_PPLL_STRIDE >> 2);
	aa_label(a, L_SEL);
	aa_compare(a, aa_field(AA_PS(0), ATOM_SRC_WORD16), aa_field(AA_IMM(0), ATOM_SRC_WORD16));
	aa_jump(a, ATOM_OP_JUMP_NOT_EQUAL, L_ON);
	aa_or(a, AA_REG(VBIOS_PPLL_CNTL), AA_IMM(3));
	aa_jump(a, ATOM_OP_JUMP, L_END);
	aa_label(a, L_ON);
	aa_or(a, AA_REG(VBIOS_PPLL_CNTL), AA_IMM(1));
	aa_move(a, aa_field(AA_REG(VBIOS_PPLL_REF_DIV), ATOM_SRC_BYTE0),
		aa_field(AA_PS(1), ATOM_SRC_BYTE24));
	aa_move(a, aa_field(AA_REG(VBIOS_PPLL_FB_DIV), ATOM_SRC_WORD16),
		aa_field(AA_PS(1), ATOM_SRC_WORD0));
	aa_move(a, aa_field(AA_REG(VBIOS_PPLL_FB_DIV), ATOM_SRC_BYTE0),
		aa_field(AA_PS(0), ATOM_SRC_BYTE8));
	aa_move(a, aa_field(AA_REG(VBIOS_PPLL_POST_DIV), ATOM_SRC_BYTE0),
		aa_field(AA_PS(1), ATOM_SRC_BYTE16));
	aa_delay(a, ATOM_OP_DELAY_US, 10);
	aa_and(a, AA_REG(VBIOS_PPLL_CNTL), AA_IMM(~3u));
	aa_label(a, L_END);
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

enum { L_C0, L_C1, L_C2, L_C3, L_GO, L_UNBLANK, L_DONE };

/* BlankCRTC: PS0 bits 7:0 the CRTC, 15:8 blank (1) or unblank (0) */
static void blank_crtc(struct atom_asm *a)
{
	static const uint32_t crtcs[] = { 0, 1, 2, 3 };
	static const unsigned int to[] = { L_C0, L_C1, L_C2, L_C3 };
	unsigned int i;

	aa_cmd_begin(a, ATOM_CMD_BLANK_CRTC, 0, 8);
	aa_switch(a, aa_field(AA_PS(0), ATOM_SRC_BYTE0), 4, crtcs, to);
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	for (i = 0; i < 4; i++) {
		aa_label(a, to[i]);
		aa_set_reg_block(a, vbios_crtc_offset[i] >> 2);
		aa_jump(a, ATOM_OP_JUMP, L_GO);
	}
	aa_label(a, L_GO);
	aa_test(a, aa_field(AA_PS(0), ATOM_SRC_BYTE8), aa_field(AA_IMM(1), ATOM_SRC_BYTE8));
	aa_jump(a, ATOM_OP_JUMP_EQUAL, L_UNBLANK);
	aa_or(a, AA_REG(VBIOS_CRTC_BLANK_CONTROL), AA_IMM(VBIOS_CRTC_BLANK_DATA_EN));
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	aa_label(a, L_UNBLANK);
	aa_and(a, AA_REG(VBIOS_CRTC_BLANK_CONTROL), AA_IMM(~VBIOS_CRTC_BLANK_DATA_EN));
	aa_label(a, L_DONE);
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

const uint32_t vbios_crtc_offset[4] = { 0x0000, 0x0c00, 0x9800, 0xa400 };

int vbios_build_cedar(struct atom_asm *a)
{
	aa_init(a);
	aa_pci_ids(a, VBIOS_PCI_VENDOR, VBIOS_PCI_DEVICE);
	firmware_info(a);
	i2c_info(a);
	gpio_pins(a);
	objects(a);
	asic_init(a);
	set_engine_clock(a);
	set_memory_clock(a);
	set_pixel_clock(a);
	blank_crtc(a);
	return aa_finish(a, "RUBY SIMULATED CEDAR (HD 5450) VBIOS");
}
