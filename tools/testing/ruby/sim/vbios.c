// SPDX-License-Identifier: GPL-2.0-only
/*
 * The video BIOS of the simulated Cedar board (an HD 5450-like card with
 * DVI-I, HDMI, VGA and DisplayPort), assembled with atom_asm: data tables
 * for clocks, DDC lines and the AUX channel, HPD pins and connectors, and
 * the command tables that post the card, set a pixel clock (and say what
 * the pixel PLL must run at for an encoder), blank a CRTC,
 * drive the encoders and run DisplayPort AUX transactions. Written here;
 * no vendor BIOS is used.
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

/*
 * I2C line n: its four registers, clock on bit 0 and data on bit 8; line
 * 3 is the DP connector's AUX channel, whose pads are also a DDC line
 */
static void i2c_info(struct atom_asm *a)
{
	unsigned int n, k;
	uint32_t base;

	aa_data_begin(a, ATOM_DATA_GPIO_I2C_INFO, 1, 1);
	for (n = 0; n < VBIOS_I2C_LINES; n++) {
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
	for (n = 0; n < VBIOS_HPD_PINS; n++) {
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
	{ VBIOS_CON_DP, ATOM_DEVICE_DFP3, VBIOS_ENC_UNIPHY2, VBIOS_AUX_LINE, VBIOS_DP_HPD },
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
	static const uint16_t con_ids[] = {
		VBIOS_CON_DVI_I, VBIOS_CON_HDMI, VBIOS_CON_VGA, VBIOS_CON_DP,
	};
	static const uint8_t con_path[] = { 0, 2, 3, 4 };
	uint32_t hdr = aa_here(a), obj, rec, n = 4, i;
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

/*
 * ASIC_Init: PS0 engine clock, PS1 memory clock; PS2 onward: callees'.
 * With the memory running it reports the board's VRAM, as a real VBIOS
 * does once it has sized the memory.
 */
static void asic_init(struct atom_asm *a, uint32_t vram_mib)
{
	aa_cmd_begin(a, ATOM_CMD_ASIC_INIT, 0, 8);
	aa_move(a, AA_REG(VBIOS_SCRATCH0), AA_IMM(0));
	aa_move(a, AA_PS(2), AA_PS(0));
	aa_call(a, ATOM_CMD_SET_ENGINE_CLOCK);
	aa_move(a, AA_PS(2), AA_PS(1));
	aa_call(a, ATOM_CMD_SET_MEMORY_CLOCK);
	aa_move(a, AA_REG(VBIOS_CONFIG_MEMSIZE), AA_IMM(vram_mib));
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
 * the PLL, 15:8 the encoder's object id, 23:16 the encoder mode. The
 * encoder, its mode and the pixel clock go to the PLL's VBIOS_PPLL_SOURCE
 * (for the PLL model, pll.c) before it locks.
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
	aa_move(a, aa_field(AA_REG(VBIOS_PPLL_SOURCE), ATOM_SRC_BYTE0),
		aa_field(AA_PS(2), ATOM_SRC_BYTE8));
	aa_move(a, aa_field(AA_REG(VBIOS_PPLL_SOURCE), ATOM_SRC_BYTE8),
		aa_field(AA_PS(2), ATOM_SRC_BYTE16));
	aa_move(a, aa_field(AA_REG(VBIOS_PPLL_SOURCE), ATOM_SRC_WORD16),
		aa_field(AA_PS(0), ATOM_SRC_WORD16));
	aa_delay(a, ATOM_OP_DELAY_US, 10);
	aa_and(a, AA_REG(VBIOS_PPLL_CNTL), AA_IMM(~3u));
	aa_label(a, L_END);
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

/*
 * The display tables share a frame: labels L_C0..L_C5 select a CRTC's (or
 * a DIG's, at the same offsets) register block, L_GO the table's work,
 * L_DONE its end; L_OFF and L_SKIP are free, L_DP0.. the DP actions', and
 * L_AUX_* ProcessAuxChannelTransaction's.
 */
enum {
	L_C0, L_C1, L_C2, L_C3, L_C4, L_C5, L_GO, L_OFF, L_SKIP, L_SKIP2, L_DONE,
	L_DP0, L_DP_END = L_DP0 + 6, L_AUX_SENT, L_AUX_POLL, L_AUX_GOT, L_AUX_TIMEOUT,
	L_AUX_FLAGS, L_AUX_ERR, L_AUX_READ,
};

/*
 * SWITCH on @src (0..@n - 1, at most 6) to the register block at byte
 * offset @base[src], then L_GO; any other value to @miss
 */
static void switch_block(struct atom_asm *a, struct aa_arg src, unsigned int n,
			 const uint32_t *base, unsigned int miss)
{
	static const uint32_t v[] = { 0, 1, 2, 3, 4, 5 };
	static const unsigned int to[] = { L_C0, L_C1, L_C2, L_C3, L_C4, L_C5 };
	unsigned int i;

	aa_switch(a, src, n, v, to);
	aa_jump(a, ATOM_OP_JUMP, miss);
	for (i = 0; i < n; i++) {
		aa_label(a, to[i]);
		aa_set_reg_block(a, base[i] >> 2);
		aa_jump(a, ATOM_OP_JUMP, L_GO);
	}
	aa_label(a, L_GO);
}

/* the register block of CRTC (or DIG) @src; the first four DIGs are at their CRTCs' */
static void select_block(struct atom_asm *a, struct aa_arg src, unsigned int n)
{
	switch_block(a, src, n, vbios_dig_offset, L_DONE);
}

/* the end of a display table: register block 0 again for the caller */
static void display_end(struct atom_asm *a)
{
	aa_label(a, L_DONE);
	aa_set_reg_block(a, 0);
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

/* set (@flag 1) or clear @bits of @reg as byte @sel of PS0 is 1 or 0 */
static void flag_bits(struct atom_asm *a, uint8_t sel, uint32_t reg, uint32_t bits, bool set_on_1)
{
	aa_test(a, aa_field(AA_PS(0), sel), aa_field(AA_IMM(1), sel));
	aa_jump(a, ATOM_OP_JUMP_EQUAL, L_OFF);
	if (set_on_1)
		aa_or(a, AA_REG(reg), AA_IMM(bits));
	else
		aa_and(a, AA_REG(reg), AA_IMM(~bits));
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	aa_label(a, L_OFF);
	if (set_on_1)
		aa_and(a, AA_REG(reg), AA_IMM(~bits));
	else
		aa_or(a, AA_REG(reg), AA_IMM(bits));
}

/* BlankCRTC: PS0 bits 7:0 the CRTC, 15:8 blank (1) or unblank (0) */
static void blank_crtc(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_BLANK_CRTC, 0, 8);
	select_block(a, aa_field(AA_PS(0), ATOM_SRC_BYTE0), 4);
	flag_bits(a, ATOM_SRC_BYTE8, VBIOS_CRTC_BLANK_CONTROL, VBIOS_CRTC_BLANK_DATA_EN, true);
	display_end(a);
}

/* EnableCRTC: PS0 bits 7:0 the CRTC, 15:8 enable (1) or disable (0) */
static void enable_crtc(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_ENABLE_CRTC, 0, 8);
	select_block(a, aa_field(AA_PS(0), ATOM_SRC_BYTE0), 4);
	flag_bits(a, ATOM_SRC_BYTE8, VBIOS_CRTC_CONTROL, VBIOS_CRTC_MASTER_EN, true);
	display_end(a);
}

/* EnableCRTCMemReq: as EnableCRTC; enabled, the CRTC reads its surface */
static void enable_crtc_memreq(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_ENABLE_CRTC_MEMREQ, 0, 8);
	select_block(a, aa_field(AA_PS(0), ATOM_SRC_BYTE0), 4);
	flag_bits(a, ATOM_SRC_BYTE8, VBIOS_CRTC_CONTROL, VBIOS_CRTC_READ_REQUEST_DISABLE, false);
	display_end(a);
}

/* WSn = the word @field of @ps, zero-extended */
static void ws_word(struct atom_asm *a, unsigned int ws, struct aa_arg ps, uint8_t field)
{
	aa_move(a, AA_WS(ws), AA_IMM(0));
	aa_move(a, aa_field(AA_WS(ws), ATOM_SRC_WORD0), aa_field(ps, field));
}

/*
 * One direction of a DTD timing: PS(@sz) size (word 0) and blanking (word
 * 16), PS(@sy) sync offset and width; @pol the mode-misc bit of a negative
 * sync. The counters start at the sync pulse: blanking ends after sync
 * and back porch, and starts again after the active part.
 */
static void dtd_axis(struct atom_asm *a, unsigned int sz, unsigned int sy, uint32_t total,
		     uint32_t blank, uint32_t sync, uint32_t cntl, uint32_t pol, unsigned int skip)
{
	ws_word(a, 0, AA_PS(sz), ATOM_SRC_WORD0);
	ws_word(a, 1, AA_PS(sz), ATOM_SRC_WORD16);
	ws_word(a, 2, AA_PS(sy), ATOM_SRC_WORD0);
	aa_move(a, AA_REG(total), AA_WS(0));
	aa_add(a, AA_REG(total), AA_WS(1));
	aa_sub(a, AA_REG(total), AA_IMM(1));
	aa_sub(a, AA_WS(1), AA_WS(2));
	aa_add(a, AA_WS(0), AA_WS(1));
	aa_move(a, AA_REG(blank), AA_WS(0));
	aa_move(a, aa_field(AA_REG(blank), ATOM_SRC_WORD16), aa_field(AA_WS(1), ATOM_SRC_WORD0));
	aa_move(a, AA_REG(sync), AA_IMM(0));
	aa_move(a, aa_field(AA_REG(sync), ATOM_SRC_WORD16), aa_field(AA_PS(sy), ATOM_SRC_WORD16));
	aa_move(a, AA_REG(cntl), AA_IMM(0));
	aa_test(a, aa_field(AA_PS(4), ATOM_SRC_WORD0), aa_field(AA_IMM(pol), ATOM_SRC_WORD0));
	aa_jump(a, ATOM_OP_JUMP_EQUAL, skip);
	aa_move(a, AA_REG(cntl), AA_IMM(1));
	aa_label(a, skip);
}

/*
 * SetCRTC_UsingDTDTiming (SET_CRTC_USING_DTD_TIMING_PARAMETERS): PS0 H
 * size and blanking, PS1 V size and blanking, PS2 H sync offset and
 * width, PS3 V sync offset and width, PS4 bits 15:0 mode misc (bit 1 H
 * sync negative, bit 2 V sync negative), 23:16 and 31:24 borders; PS5
 * bits 7:0 the CRTC.
 */
static void set_crtc_dtd_timing(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_SET_CRTC_DTD_TIMING, 3, 24);
	select_block(a, aa_field(AA_PS(5), ATOM_SRC_BYTE0), 4);
	dtd_axis(a, 0, 2, VBIOS_CRTC_H_TOTAL, VBIOS_CRTC_H_BLANK_START_END, VBIOS_CRTC_H_SYNC_A,
		 VBIOS_CRTC_H_SYNC_A_CNTL, 2, L_SKIP);
	dtd_axis(a, 1, 3, VBIOS_CRTC_V_TOTAL, VBIOS_CRTC_V_BLANK_START_END, VBIOS_CRTC_V_SYNC_A,
		 VBIOS_CRTC_V_SYNC_A_CNTL, 4, L_SKIP2);
	display_end(a);
}

/*
 * SelectCRTC_Source (SELECT_CRTC_SOURCE_PARAMETERS_V2): PS0 bits 7:0 the
 * CRTC, 15:8 the encoder (ASIC_INT_*_ENCODER_ID: DAC1 0, DIG1 3, DAC2 4,
 * DIG2 9, DIG3 10, DIG4 11, DIG5 12, DIG6 13; DIGn is DIG n - 1 here),
 * 23:16 the encoding mode (DP 0, DVI 2, CRT 15: the DIG's own mode is
 * DIGxEncoderControl's)
 */
static void select_crtc_source(struct atom_asm *a)
{
	static const uint32_t ids[] = { 0, 4, 3, 9, 10, 11, 12, 13 };
	static const unsigned int to[] = { L_OFF, L_SKIP, L_C0, L_C1, L_C2, L_C3, L_C4, L_C5 };
	unsigned int i;

	aa_cmd_begin(a, ATOM_CMD_SELECT_CRTC_SOURCE, 0, 8);
	aa_switch(a, aa_field(AA_PS(0), ATOM_SRC_BYTE8), 8, ids, to);
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	for (i = 0; i < 2; i++) {
		aa_label(a, to[i]);
		aa_move(a, AA_REG(VBIOS_DAC_SOURCE_SELECT + i * VBIOS_DAC_STRIDE), AA_IMM(0));
		aa_move(a, aa_field(AA_REG(VBIOS_DAC_SOURCE_SELECT + i * VBIOS_DAC_STRIDE),
				    ATOM_SRC_BYTE0), aa_field(AA_PS(0), ATOM_SRC_BYTE0));
		aa_jump(a, ATOM_OP_JUMP, L_DONE);
	}
	for (i = 0; i < VBIOS_DIGS; i++) {
		aa_label(a, to[i + 2]);
		aa_set_reg_block(a, vbios_dig_offset[i] >> 2);
		aa_jump(a, ATOM_OP_JUMP, L_GO);
	}
	aa_label(a, L_GO);
	aa_mask(a, aa_field(AA_REG(VBIOS_DIG_FE_CNTL), ATOM_SRC_BYTE0), 0xfc,
		aa_field(AA_PS(0), ATOM_SRC_BYTE0));
	display_end(a);
}

/* WS0 = (byte 16 of PS0 >> @shift) & @mask */
static void ws_config_field(struct atom_asm *a, unsigned int ws, uint8_t shift, uint32_t mask)
{
	aa_move(a, AA_WS(ws), AA_IMM(0));
	aa_move(a, aa_field(AA_WS(ws), ATOM_SRC_BYTE0), aa_field(AA_PS(0), ATOM_SRC_BYTE16));
	aa_shift_right(a, AA_WS(ws), shift);
	aa_and(a, AA_WS(ws), AA_IMM(mask));
}

/* jump to @label if byte 24 of PS0 (the action) is @action */
static void on_action(struct atom_asm *a, uint8_t action, unsigned int label)
{
	aa_compare(a, aa_field(AA_PS(0), ATOM_SRC_BYTE24), aa_field(AA_IMM(action), ATOM_SRC_BYTE24));
	aa_jump(a, ATOM_OP_JUMP_EQUAL, label);
}

/* byte 24 of PS0 (the action): @setup to L_SKIP, 1 to L_SKIP2, 0 to L_OFF */
static void actions(struct atom_asm *a, uint8_t setup)
{
	on_action(a, setup, L_SKIP);
	on_action(a, 1, L_SKIP2);
	on_action(a, 0, L_OFF);
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	aa_label(a, L_SKIP);
}

/* after the setup action: enable sets @bits of @reg, disable clears them */
static void enable_bits(struct atom_asm *a, uint32_t reg, uint32_t bits)
{
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	aa_label(a, L_SKIP2);
	aa_or(a, AA_REG(reg), AA_IMM(bits));
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	aa_label(a, L_OFF);
	aa_and(a, AA_REG(reg), AA_IMM(~bits));
	display_end(a);
}

/*
 * The DisplayPort actions of DIGxEncoderControl, 0x08..0x0d: training
 * start (pattern 1, training not complete), pattern 1, pattern 2,
 * training complete, video off, video on; each ends the table
 */
static void dig_dp_actions(struct atom_asm *a)
{
	static const struct {
		uint32_t reg, keep, set;
	} act[6] = {
		{ VBIOS_DP_LINK_CNTL, ~VBIOS_DP_LINK_TRAINING_COMPLETE, 0 },
		{ VBIOS_DP_TRAINING_PATTERN_SEL, ~3u, 0 },
		{ VBIOS_DP_TRAINING_PATTERN_SEL, ~3u, 1 },
		{ VBIOS_DP_LINK_CNTL, ~0u, VBIOS_DP_LINK_TRAINING_COMPLETE },
		{ VBIOS_DP_VID_STREAM_CNTL, ~1u, 0 },
		{ VBIOS_DP_VID_STREAM_CNTL, ~1u, 1 },
	};
	unsigned int i;

	for (i = 0; i < 6; i++)
		on_action(a, 0x08 + i, L_DP0 + i);
	aa_jump(a, ATOM_OP_JUMP, L_DP_END);
	for (i = 0; i < 6; i++) {
		aa_label(a, L_DP0 + i);
		aa_mask(a, AA_REG(act[i].reg), act[i].keep, AA_IMM(act[i].set));
		if (!i)		/* training starts with pattern 1 */
			aa_mask(a, AA_REG(act[1].reg), act[1].keep, AA_IMM(0));
		aa_jump(a, ATOM_OP_JUMP, L_DONE);
	}
	aa_label(a, L_DP_END);
}

/* DP_CONFIG = lanes (byte 8 of PS1) - 1 | the link rate (config bit 0) << 8 */
static void dig_dp_config(struct atom_asm *a)
{
	aa_move(a, AA_WS(0), AA_IMM(0));
	aa_move(a, aa_field(AA_WS(0), ATOM_SRC_BYTE0), aa_field(AA_PS(1), ATOM_SRC_BYTE8));
	aa_sub(a, AA_WS(0), AA_IMM(1));
	aa_and(a, AA_WS(0), AA_IMM(3));
	ws_config_field(a, 1, 0, 1);
	aa_shift_left(a, AA_WS(1), 8);
	aa_or(a, AA_WS(0), AA_WS(1));
	aa_move(a, AA_REG(VBIOS_DP_CONFIG), AA_WS(0));
}

/*
 * DIGxEncoderControl (DIG_ENCODER_CONTROL_PARAMETERS_V3): PS0 bits 15:0
 * pixel clock, 23:16 config (bit 0 DP link rate 2.7 Gb/s, bits 6:4 the
 * DIG), 31:24 action (0 disable, 1 enable, 0x0f setup, 0x08..0x0d the DP
 * actions); PS1 bits 7:0 encoding mode (0 DP, 2 DVI), 15:8 lanes (1, 2,
 * 4). Setup routes the DIG's front end to its back end in that mode and
 * sets its DP lanes and rate.
 */
static void dig_encoder_control(struct atom_asm *a)
{
	aa_cmd_begin(a, ATOM_CMD_DIG_ENCODER_CONTROL, 2, 8);
	ws_config_field(a, 0, 4, 7);
	aa_move(a, AA_WS(1), AA_IMM(1));
	aa_shl(a, AA_WS(1), AA_WS(0));
	select_block(a, aa_field(AA_WS(0), ATOM_SRC_BYTE0), VBIOS_DIGS);
	dig_dp_actions(a);
	actions(a, 0x0f);
	aa_mask(a, aa_field(AA_REG(VBIOS_DIG_BE_CNTL), ATOM_SRC_BYTE16), 0xf8,
		aa_field(AA_PS(1), ATOM_SRC_BYTE0));
	aa_mask(a, aa_field(AA_REG(VBIOS_DIG_BE_CNTL), ATOM_SRC_BYTE8), 0xc0,
		aa_field(AA_WS(1), ATOM_SRC_BYTE0));
	dig_dp_config(a);
	enable_bits(a, VBIOS_DIG_BE_EN_CNTL, 0x101);
}

/*
 * UNIPHYTransmitterControl (DIG_TRANSMITTER_CONTROL_PARAMETERS_V3): PS0
 * bits 15:0 pixel clock (DP: the link rate, 16200 or 27000), 23:16 config
 * (bits 7:6 the transmitter, bit 2 link B, bit 3 DIG B), 31:24 action (0
 * disable, 1 enable, 7 init, 11 set up voltage swing and pre-emphasis:
 * bits 15:8 of PS0, ucLaneSet, as DPCD's TRAINING_LANEx_SET, for all the
 * link's lanes). Link n = 2 * transmitter + link has UNIPHY n's
 * TX_CONTROL1: bit 8 set by init, bits 1:0 while enabled, bits 23:16 the
 * lane set.
 */
static void uniphy_tx_control(struct atom_asm *a)
{
	static const uint32_t links[VBIOS_DIGS] = {
		0, VBIOS_UNIPHY_STRIDE, 2 * VBIOS_UNIPHY_STRIDE, 3 * VBIOS_UNIPHY_STRIDE,
		4 * VBIOS_UNIPHY_STRIDE, 5 * VBIOS_UNIPHY_STRIDE,
	};

	aa_cmd_begin(a, ATOM_CMD_UNIPHY_TX_CONTROL, 2, 8);
	ws_config_field(a, 0, 6, 3);
	ws_config_field(a, 1, 2, 1);
	aa_shift_left(a, AA_WS(0), 1);
	aa_add(a, AA_WS(0), AA_WS(1));
	switch_block(a, aa_field(AA_WS(0), ATOM_SRC_BYTE0), VBIOS_DIGS, links, L_DONE);
	on_action(a, 11, L_DP0);
	actions(a, 7);
	aa_or(a, AA_REG(VBIOS_UNIPHY_TX_CONTROL1), AA_IMM(0x100));
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
	aa_label(a, L_DP0);
	aa_mask(a, aa_field(AA_REG(VBIOS_UNIPHY_TX_CONTROL1), ATOM_SRC_BYTE16), 0,
		aa_field(AA_PS(0), ATOM_SRC_BYTE8));
	enable_bits(a, VBIOS_UNIPHY_TX_CONTROL1, 3);
}

/*
 * DACnEncoderControl (DAC_ENCODER_CONTROL_PARAMETERS): PS0 bits 15:0
 * pixel clock, 23:16 standard, 31:24 action (1 on, 0 off): DACn_ENABLE
 */
static void dac_encoder_control(struct atom_asm *a, unsigned int dac)
{
	aa_cmd_begin(a, dac ? ATOM_CMD_DAC2_ENCODER_CONTROL : ATOM_CMD_DAC1_ENCODER_CONTROL, 0, 8);
	flag_bits(a, ATOM_SRC_BYTE24, VBIOS_DAC_ENABLE + dac * VBIOS_DAC_STRIDE, 1, true);
	display_end(a);
}

/* DACnOutputControl (DISPLAY_DEVICE_OUTPUT_CONTROL_PARAMETERS): PS0 bits 7:0 on/off */
static void dac_output_control(struct atom_asm *a, unsigned int dac)
{
	aa_cmd_begin(a, dac ? ATOM_CMD_DAC2_OUTPUT_CONTROL : ATOM_CMD_DAC1_OUTPUT_CONTROL, 0, 8);
	flag_bits(a, ATOM_SRC_BYTE0, VBIOS_DAC_POWERDOWN + dac * VBIOS_DAC_STRIDE, 1, false);
	display_end(a);
}

/* select AUX channel (bits 3:0 of PS1's byte 0)'s registers, or fail (3) */
static void aux_channel(struct atom_asm *a)
{
	aa_move(a, AA_WS(0), AA_IMM(0));
	aa_move(a, aa_field(AA_WS(0), ATOM_SRC_BYTE0), aa_field(AA_PS(1), ATOM_SRC_BYTE0));
	aa_and(a, AA_WS(0), AA_IMM(0xf));
	switch_block(a, aa_field(AA_WS(0), ATOM_SRC_BYTE0), VBIOS_DIGS, vbios_aux_offset,
		     L_AUX_ERR);
}

/* one byte to the AUX engine: AUX_SW_DATA = @flags | @byte << 8 */
static void aux_byte(struct atom_asm *a, struct aa_arg byte, uint32_t flags)
{
	aa_move(a, AA_WS(0), AA_IMM(flags));
	aa_move(a, aa_field(AA_WS(0), ATOM_SRC_BYTE8), byte);
	aa_move(a, AA_REG(VBIOS_AUX_SW_DATA), AA_WS(0));
}

/* AUX_SW_CONTROL = the bytes to send (WS1) << 16 | @go */
static void aux_sw_control(struct atom_asm *a, uint32_t go)
{
	aa_move(a, AA_WS(0), AA_WS(1));
	aa_shift_left(a, AA_WS(0), 16);
	aa_or(a, AA_WS(0), AA_IMM(go));
	aa_move(a, AA_REG(VBIOS_AUX_SW_CONTROL), AA_WS(0));
}

/*
 * The request at FB 0 (lpAuxRequest) into the engine, in wire order:
 * command and address 19:16, address 15:8, address 7:0, then (unless it
 * is a bare address: 3 bytes) length - 1 and the payload; WS1 = the bytes
 * sent, bits 7:4 of the request's byte 3
 */
static void aux_send(struct atom_asm *a)
{
	unsigned int k;

	aa_set_fb_base(a, aa_field(AA_PS(0), ATOM_SRC_WORD0));
	aa_move(a, AA_WS(0), AA_IMM(0));
	aa_move(a, aa_field(AA_WS(0), ATOM_SRC_BYTE0), aa_field(AA_PS(1), ATOM_SRC_BYTE24));
	aa_and(a, AA_WS(0), AA_IMM(7));
	aa_shift_left(a, AA_WS(0), 20);
	aa_or(a, AA_WS(0), AA_IMM(VBIOS_AUX_EN));
	aa_mask(a, AA_REG(VBIOS_AUX_CONTROL), ~(7u << 20 | VBIOS_AUX_EN), AA_WS(0));
	aa_move(a, AA_WS(1), AA_IMM(0));
	aa_move(a, aa_field(AA_WS(1), ATOM_SRC_BYTE0), aa_field(AA_FB(0), ATOM_SRC_BYTE24));
	aa_shift_right(a, AA_WS(1), 4);
	aux_sw_control(a, 0);
	aux_byte(a, aa_field(AA_FB(0), ATOM_SRC_BYTE16), VBIOS_AUX_SW_DATA_INDEX_SET);
	aux_byte(a, aa_field(AA_FB(0), ATOM_SRC_BYTE8), 0);
	aux_byte(a, aa_field(AA_FB(0), ATOM_SRC_BYTE0), 0);
	aa_compare(a, AA_WS(1), AA_IMM(3));
	aa_jump(a, ATOM_OP_JUMP_BELOW_OR_EQUAL, L_AUX_SENT);
	aa_move(a, AA_WS(0), AA_IMM(0));
	aa_move(a, aa_field(AA_WS(0), ATOM_SRC_BYTE8), aa_field(AA_FB(0), ATOM_SRC_BYTE24));
	aa_and(a, AA_WS(0), AA_IMM(0x0f00));
	aa_move(a, AA_REG(VBIOS_AUX_SW_DATA), AA_WS(0));
	for (k = 0; k < 12; k++) {
		aa_compare(a, AA_WS(1), AA_IMM(4 + k));
		aa_jump(a, ATOM_OP_JUMP_BELOW_OR_EQUAL, L_AUX_SENT);
		aux_byte(a, aa_field(AA_FB(1 + k / 4), ATOM_SRC_BYTE0 + k % 4), 0);
	}
	aa_label(a, L_AUX_SENT);
	aa_move(a, AA_REG(VBIOS_AUX_SW_INT_CONTROL), AA_IMM(VBIOS_AUX_SW_DONE_ACK));
	aux_sw_control(a, VBIOS_AUX_SW_GO);
}

/*
 * Wait up to 500 us for the engine; then its status: timeout, error flags
 * or no reply byte fail the transaction; WS3 = the bytes received
 */
static void aux_wait(struct atom_asm *a)
{
	aa_move(a, AA_WS(2), AA_IMM(0));
	aa_label(a, L_AUX_POLL);
	aa_test(a, AA_REG(VBIOS_AUX_SW_STATUS), AA_IMM(VBIOS_AUX_SW_DONE));
	aa_jump(a, ATOM_OP_JUMP_NOT_EQUAL, L_AUX_GOT);
	aa_delay(a, ATOM_OP_DELAY_US, 10);
	aa_add(a, AA_WS(2), AA_IMM(1));
	aa_compare(a, AA_WS(2), AA_IMM(50));
	aa_jump(a, ATOM_OP_JUMP_BELOW, L_AUX_POLL);
	aa_jump(a, ATOM_OP_JUMP, L_AUX_TIMEOUT);
	aa_label(a, L_AUX_GOT);
	aa_move(a, AA_WS(0), AA_REG(VBIOS_AUX_SW_STATUS));
	aa_test(a, AA_WS(0), AA_IMM(VBIOS_AUX_SW_RX_TIMEOUT));
	aa_jump(a, ATOM_OP_JUMP_NOT_EQUAL, L_AUX_TIMEOUT);
	aa_test(a, AA_WS(0), AA_IMM(VBIOS_AUX_RX_ERRORS));
	aa_jump(a, ATOM_OP_JUMP_NOT_EQUAL, L_AUX_FLAGS);
	aa_move(a, AA_WS(3), AA_WS(0));
	aa_shift_right(a, AA_WS(3), 24);
	aa_and(a, AA_WS(3), AA_IMM(0x1f));
	aa_compare(a, AA_WS(3), AA_IMM(0));
	aa_jump(a, ATOM_OP_JUMP_EQUAL, L_AUX_ERR);
}

/*
 * The reply: its first byte (the AUX reply command) to ucReplyStatus, the
 * rest (up to 16 bytes) to FB 0 on at lpDataOut, their count to
 * ucDataOutLen
 */
static void aux_receive(struct atom_asm *a)
{
	unsigned int k;

	aa_move(a, AA_REG(VBIOS_AUX_SW_DATA),
		AA_IMM(VBIOS_AUX_SW_DATA_INDEX_SET | VBIOS_AUX_SW_DATA_RW));
	aa_move(a, AA_WS(0), AA_REG(VBIOS_AUX_SW_DATA));
	aa_move(a, aa_field(AA_PS(1), ATOM_SRC_BYTE8), aa_field(AA_WS(0), ATOM_SRC_BYTE8));
	aa_sub(a, AA_WS(3), AA_IMM(1));
	aa_compare(a, AA_WS(3), AA_IMM(16));
	aa_jump(a, ATOM_OP_JUMP_BELOW_OR_EQUAL, L_SKIP);
	aa_move(a, AA_WS(3), AA_IMM(16));
	aa_label(a, L_SKIP);
	aa_move(a, aa_field(AA_PS(1), ATOM_SRC_BYTE16), aa_field(AA_WS(3), ATOM_SRC_BYTE0));
	aa_set_fb_base(a, aa_field(AA_PS(0), ATOM_SRC_WORD16));
	for (k = 0; k < 16; k++) {
		aa_compare(a, AA_WS(3), AA_IMM(k));
		aa_jump(a, ATOM_OP_JUMP_BELOW_OR_EQUAL, L_AUX_READ);
		aa_move(a, AA_WS(0), AA_REG(VBIOS_AUX_SW_DATA));
		aa_move(a, aa_field(AA_FB(k / 4), ATOM_SRC_BYTE0 + k % 4),
			aa_field(AA_WS(0), ATOM_SRC_BYTE8));
	}
	aa_label(a, L_AUX_READ);
	aa_move(a, AA_REG(VBIOS_AUX_SW_INT_CONTROL), AA_IMM(VBIOS_AUX_SW_DONE_ACK));
	aa_jump(a, ATOM_OP_JUMP, L_DONE);
}

/* a failed transaction: ucReplyStatus @status, no data */
static void aux_fail(struct atom_asm *a, unsigned int label, uint8_t status)
{
	aa_label(a, label);
	aa_move(a, aa_field(AA_PS(1), ATOM_SRC_BYTE8), aa_field(AA_IMM(status), ATOM_SRC_BYTE0));
	aa_jump(a, ATOM_OP_JUMP, L_OFF);
}

/*
 * ProcessAuxChannelTransaction (PROCESS_AUX_CHANNEL_TRANSACTION_PARAMETERS_V2):
 * PS0 bits 15:0 lpAuxRequest, 31:16 lpDataOut (byte offsets into the
 * frame-buffer scratch); PS1 bits 7:0 the channel (an I2C id of
 * GPIO_I2C_Info: bits 3:0 its line), 15:8 ucDelay in and ucReplyStatus
 * out, 23:16 ucDataOutLen out, 31:24 the HPD pin (0: HPD1). The request
 * is as radeon_dp_aux_transfer_atom() builds it; ucReplyStatus is the AUX
 * reply byte (0x00 ACK, 0x10 NACK, 0x20 DEFER, 0x40 I2C NACK, 0x80 I2C
 * DEFER), or 1 on a timeout, 2 on error flags, 3 on an empty reply or a
 * channel the board does not have.
 */
static void process_aux(struct atom_asm *a)
{
	aa_cmd_begin(a, VBIOS_CMD_PROCESS_AUX, 4, 8);
	aux_channel(a);
	aux_send(a);
	aux_wait(a);
	aux_receive(a);
	aux_fail(a, L_AUX_TIMEOUT, 1);
	aux_fail(a, L_AUX_FLAGS, 2);
	aux_fail(a, L_AUX_ERR, 3);
	aa_label(a, L_OFF);
	aa_move(a, aa_field(AA_PS(1), ATOM_SRC_BYTE16), aa_field(AA_IMM(0), ATOM_SRC_BYTE0));
	display_end(a);
}

enum { L_ADJ_TMDS, L_ADJ_DP, L_ADJ_ANSWER };

/*
 * AdjustDisplayPll, revision 1.3 (ADJUST_DISPLAY_PLL_PS_ALLOCATION_V3): in,
 * PS0 bits 15:0 the pixel clock (10 kHz; DP: the link rate), 23:16 the
 * encoder's object id, 31:24 the encoder mode; PS1 bits 7:0 the DISPPLL
 * config, 15:8 an external encoder. Out, over them: PS0 the frequency the
 * PLL must run at (10 kHz), PS1 bits 7:0 the reference divider and 15:8
 * the post divider it must use (0: the driver's choice). This board's PLL
 * runs at the pixel clock with reference divider 10 for TMDS (DVI, HDMI),
 * at the link's clock with post divider 4 for DP, and at the pixel clock
 * with any dividers for a DAC. The answer also goes to the PLL model's
 * scratch (VBIOS_PLL_ADJ_*), which holds a PLL SetPixelClock sets for the
 * encoder to it.
 */
static void adjust_display_pll(struct atom_asm *a)
{
	static const uint32_t modes[] = { 0, 2, 3 };	/* DP, DVI, HDMI */
	static const unsigned int to[] = { L_ADJ_DP, L_ADJ_TMDS, L_ADJ_TMDS };

	aa_cmd_begin(a, ATOM_CMD_ADJUST_DISPLAY_PLL, 3, 8);
	aa_cmd_revision(a, 1, 3);
	ws_word(a, 0, AA_PS(0), ATOM_SRC_WORD0);
	aa_move(a, AA_WS(1), AA_IMM(0));
	aa_move(a, AA_WS(2), AA_PS(0));
	aa_shift_right(a, AA_WS(2), 16);
	aa_switch(a, aa_field(AA_PS(0), ATOM_SRC_BYTE24), 3, modes, to);
	aa_jump(a, ATOM_OP_JUMP, L_ADJ_ANSWER);
	aa_label(a, L_ADJ_TMDS);
	aa_move(a, aa_field(AA_WS(1), ATOM_SRC_BYTE0),
		aa_field(AA_IMM(VBIOS_ADJ_TMDS_REF_DIV), ATOM_SRC_BYTE0));
	aa_jump(a, ATOM_OP_JUMP, L_ADJ_ANSWER);
	aa_label(a, L_ADJ_DP);
	aa_move(a, aa_field(AA_WS(1), ATOM_SRC_BYTE8),
		aa_field(AA_IMM(VBIOS_ADJ_DP_POST_DIV), ATOM_SRC_BYTE0));
	aa_label(a, L_ADJ_ANSWER);
	aa_move(a, AA_REG(VBIOS_PLL_ADJ_FREQ), AA_WS(0));
	aa_move(a, AA_REG(VBIOS_PLL_ADJ_DIVS), AA_WS(1));
	aa_move(a, AA_REG(VBIOS_PLL_ADJ_KEY), AA_WS(2));
	aa_move(a, AA_PS(0), AA_WS(0));
	aa_move(a, AA_PS(1), AA_WS(1));
	aa_simple(a, ATOM_OP_EOT);
	aa_cmd_end(a);
}

static void display_tables(struct atom_asm *a)
{
	unsigned int dac;

	blank_crtc(a);
	enable_crtc(a);
	enable_crtc_memreq(a);
	set_crtc_dtd_timing(a);
	select_crtc_source(a);
	dig_encoder_control(a);
	uniphy_tx_control(a);
	process_aux(a);
	for (dac = 0; dac < 2; dac++) {
		dac_encoder_control(a, dac);
		dac_output_control(a, dac);
	}
}

const uint32_t vbios_crtc_offset[4] = { 0x0000, 0x0c00, 0x9800, 0xa400 };
const uint32_t vbios_dig_offset[VBIOS_DIGS] = { 0x0000, 0x0c00, 0x9800, 0xa400, 0xb000, 0xbc00 };
const uint32_t vbios_aux_offset[VBIOS_DIGS] = { 0x000, 0x050, 0x0a0, 0x100, 0x150, 0x1a0 };

int vbios_build_cedar(struct atom_asm *a, uint32_t vram_mib)
{
	aa_init(a);
	aa_pci_ids(a, VBIOS_PCI_VENDOR, VBIOS_PCI_DEVICE);
	firmware_info(a);
	i2c_info(a);
	gpio_pins(a);
	objects(a);
	asic_init(a, vram_mib);
	set_engine_clock(a);
	set_memory_clock(a);
	set_pixel_clock(a);
	adjust_display_pll(a);
	display_tables(a);
	return aa_finish(a, "RUBY SIMULATED CEDAR (HD 5450) VBIOS");
}
