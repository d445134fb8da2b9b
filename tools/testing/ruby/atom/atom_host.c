// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host test of ruby's AtomBIOS code: the simulator's assembler builds
 * the simulated Cedar's video BIOS (sim/vbios.c), the driver's parser
 * (atom/atom_rom.c, compiled here) reads its tables, and the driver's
 * interpreter (atom/atom.c) runs its command tables against a recording
 * register file: the exact writes, in order, are asserted. The registers
 * the simulator's DisplayPort model has (sim/dp.c: the AUX channels, the
 * DIGs' DP blocks) are that model, with its sink (atom_dp.c's checks), and
 * so are the pixel PLLs' record of AdjustDisplayPll's answers (sim/pll.c:
 * atom_pll.c's checks).
 *
 *   atom-host [-o FILE]   run the checks; -o also writes the image
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atom_host.h"

unsigned int checks, failures;
struct sim hsim;

/* The register file (the simulator's) and the log of what the tables did */
#define MAX_LOG		256
/*
 * The board the image is built for: not the simulated Cedar's 512 MiB, so
 * ASIC_Init is seen to report what it was built with
 */
#define HOST_VRAM_MIB	256

struct access {
	char kind;	/* 'W' MMIO write, 'P' PLL, 'M' MC, 'I' IO, 'D' delay */
	u32 reg, val;
};

static u32 *const regs = hsim.regs;
static struct access log_[MAX_LOG];
static unsigned int nlog;

static void record(char kind, u32 reg, u32 val)
{
	if (nlog < MAX_LOG)
		log_[nlog] = (struct access){ kind, reg, val };
	nlog++;
}

static u32 mm_read(void *priv, u32 reg)
{
	(void)priv;
	if (reg / 4 >= SIM_NR_REGS)
		return 0;
	return hsim.reg_desc[reg / 4] ? sim_mmio_read(&hsim, reg, 4) : regs[reg / 4];
}

static void mm_write(void *priv, u32 reg, u32 val)
{
	(void)priv;
	record('W', reg, val);
	if (reg / 4 >= SIM_NR_REGS)
		return;
	if (hsim.reg_desc[reg / 4])
		sim_mmio_write(&hsim, reg, 4, val);
	else
		regs[reg / 4] = val;
}

/* the writes to @reg logged since the last expect_log(), in order */
unsigned int host_writes(u32 reg, u32 *vals, unsigned int max)
{
	unsigned int i, n = 0;

	for (i = 0; i < nlog && i < MAX_LOG; i++)
		if (log_[i].kind == 'W' && log_[i].reg == reg && n < max)
			vals[n++] = log_[i].val;
	return n;
}

void host_log_clear(void)
{
	nlog = 0;
}

static u32 other_read(void *priv, u32 reg)
{
	(void)priv;
	(void)reg;
	return 0;
}

static void pll_write(void *priv, u32 reg, u32 val)
{
	(void)priv;
	record('P', reg, val);
}

static void mc_write(void *priv, u32 reg, u32 val)
{
	(void)priv;
	record('M', reg, val);
}

static void io_write(void *priv, u32 reg, u32 val)
{
	(void)priv;
	record('I', reg, val);
}

static void delay(void *priv, u32 usecs)
{
	(void)priv;
	record('D', 0, usecs);
}

static const struct ruby_atom_ops ops = {
	.reg_read = mm_read, .reg_write = mm_write,
	.io_read = other_read, .io_write = io_write,
	.pll_read = other_read, .pll_write = pll_write,
	.mc_read = other_read, .mc_write = mc_write,
	.delay = delay,
};

/* The log equals @want exactly */
static void expect_log(const char *what, const struct access *want, unsigned int n)
{
	unsigned int i;

	CHECK(nlog == n, "%s: %u accesses, want %u", what, nlog, n);
	for (i = 0; i < n && i < nlog; i++)
		CHECK(log_[i].kind == want[i].kind && log_[i].reg == want[i].reg &&
		      log_[i].val == want[i].val,
		      "%s: access %u is %c 0x%x=0x%x, want %c 0x%x=0x%x", what, i,
		      log_[i].kind, log_[i].reg, log_[i].val,
		      want[i].kind, want[i].reg, want[i].val);
	nlog = 0;
}

static void check_firmware_info(const struct ruby_atom_rom *rom)
{
	struct ruby_atom_firmware_info fw;

	CHECK(ruby_atom_firmware_info(rom, &fw) == RUBY_ATOM_OK, "firmware info refused");
	CHECK(fw.frev == 2 && fw.crev == 1, "revision %u.%u", fw.frev, fw.crev);
	CHECK(fw.default_sclk == VBIOS_DEFAULT_SCLK && fw.default_mclk == VBIOS_DEFAULT_MCLK,
	      "boot clocks %u %u", fw.default_sclk, fw.default_mclk);
	CHECK(fw.ref_clk == VBIOS_REF_CLK && fw.mem_ref_clk == VBIOS_REF_CLK,
	      "reference %u %u", fw.ref_clk, fw.mem_ref_clk);
	CHECK(fw.max_sclk == 100000 && fw.max_mclk == 100000, "max %u %u",
	      fw.max_sclk, fw.max_mclk);
	CHECK(fw.max_pclk_pll_out == 120000 && fw.min_pclk_pll_out == 60000 &&
	      fw.min_pclk_pll_in == 100 && fw.max_pclk_pll_in == 1350 &&
	      fw.max_pixel_clock == 40000, "pixel PLL limits");
	CHECK(fw.default_dispclk == 60000 && fw.dp_ext_clk == 0, "dispclk %u",
	      fw.default_dispclk);
}

static void check_i2c(const struct ruby_atom_rom *rom)
{
	struct ruby_atom_i2c_bus bus[RUBY_ATOM_MAX_I2C];
	unsigned int n, i;
	u32 base;

	CHECK(ruby_atom_i2c_info(rom, bus, RUBY_ATOM_MAX_I2C, &n) == RUBY_ATOM_OK &&
	      n == VBIOS_I2C_LINES, "i2c: %u lines", n);
	for (i = 0; i < n && i < VBIOS_I2C_LINES; i++) {
		base = VBIOS_DDC_BASE + i * VBIOS_DDC_STRIDE;
		CHECK(bus[i].id == VBIOS_DDC_ID(i), "line %u id 0x%x", i, bus[i].id);
		CHECK(bus[i].clk_mask_reg == base + VBIOS_DDC_MASK &&
		      bus[i].clk_en_reg == base + VBIOS_DDC_EN &&
		      bus[i].clk_y_reg == base + VBIOS_DDC_Y &&
		      bus[i].clk_a_reg == base + VBIOS_DDC_A &&
		      bus[i].data_a_reg == base + VBIOS_DDC_A, "line %u registers", i);
		CHECK(bus[i].clk_shift[0] == 0 && bus[i].data_shift[3] == 8, "line %u shifts", i);
	}
}

static void check_connectors(const struct ruby_atom_rom *rom)
{
	struct ruby_atom_connector c[RUBY_ATOM_MAX_CONNECTORS];
	unsigned int n;

	CHECK(ruby_atom_connectors(rom, c, RUBY_ATOM_MAX_CONNECTORS, &n) == RUBY_ATOM_OK &&
	      n == 4, "%u connectors", n);
	if (n != 4)
		return;
	CHECK(c[0].type == ATOM_CONNECTOR_DVI_I && c[0].num_encoders == 2 &&
	      c[0].encoders[0] == VBIOS_ENC_UNIPHY && c[0].encoders[1] == VBIOS_ENC_DAC2 &&
	      c[0].device_tag == (ATOM_DEVICE_DFP1 | ATOM_DEVICE_CRT2), "DVI-I paths");
	CHECK(c[0].has_ddc && c[0].ddc_id == VBIOS_DDC_ID(0) && c[0].has_hpd &&
	      c[0].hpd_gpio == VBIOS_HPD_GPIO(0) && c[0].hpd_reg == VBIOS_HPD_REG &&
	      c[0].hpd_shift == 0 && c[0].hpd_plugged == 1, "DVI-I DDC/HPD");
	CHECK(c[1].type == ATOM_CONNECTOR_HDMI_A && c[1].num_encoders == 1 &&
	      c[1].encoders[0] == VBIOS_ENC_UNIPHY1 && c[1].ddc_id == VBIOS_DDC_ID(1) &&
	      c[1].has_hpd && c[1].hpd_reg == VBIOS_HPD_REG && c[1].hpd_shift == 8,
	      "HDMI");
	CHECK(c[2].type == ATOM_CONNECTOR_VGA && c[2].num_encoders == 1 &&
	      c[2].encoders[0] == VBIOS_ENC_DAC1 && c[2].has_ddc &&
	      c[2].ddc_id == VBIOS_DDC_ID(2) && !c[2].has_hpd, "VGA");
	CHECK(c[3].type == ATOM_CONNECTOR_DP && c[3].object_id == 0x3113 &&
	      c[3].num_encoders == 1 && c[3].encoders[0] == 0x2121 &&
	      c[3].device_tag == ATOM_DEVICE_DFP3, "DP: type, object, encoder, tag");
	CHECK(c[3].has_ddc && c[3].ddc_id == 0x93 && c[3].has_hpd &&
	      c[3].hpd_gpio == VBIOS_HPD_GPIO(2) && c[3].hpd_reg == VBIOS_HPD_REG &&
	      c[3].hpd_shift == 16, "DP: AUX line 3, HPD3 (gpio 0x%x shift %u)",
	      c[3].hpd_gpio, c[3].hpd_shift);
}

static void check_asic_init(struct ruby_atom *atom)
{
	static const struct access want[] = {
		{ 'W', VBIOS_SCRATCH0, 0 },
		{ 'W', VBIOS_SPLL_CNTL, 1 },
		{ 'W', VBIOS_SPLL_CNTL_3, 0xa8000000 | (VBIOS_DEFAULT_SCLK * 4 / 100) },
		{ 'D', 0, 10 },
		{ 'W', VBIOS_SPLL_CNTL, 0 },
		{ 'W', VBIOS_MPLL_FUNC, 0x12345000 | (VBIOS_DEFAULT_MCLK / 100) },
		{ 'W', VBIOS_CONFIG_MEMSIZE, HOST_VRAM_MIB },
		{ 'W', VBIOS_SCRATCH0, VBIOS_SCRATCH0_POSTED },
	};
	u8 ps[64] = { 0 };
	enum ruby_atom_err err;

	regs[VBIOS_SPLL_CNTL_3 / 4] = 0xabcdef12;
	regs[VBIOS_MPLL_FUNC / 4] = 0x12345678;
	ps[0] = VBIOS_DEFAULT_SCLK & 0xff;
	ps[1] = VBIOS_DEFAULT_SCLK >> 8;
	ps[4] = VBIOS_DEFAULT_MCLK & 0xff;
	ps[5] = VBIOS_DEFAULT_MCLK >> 8;
	err = ruby_atom_execute(atom, ATOM_CMD_ASIC_INIT, ps, sizeof(ps));
	CHECK(err == RUBY_ATOM_OK, "ASIC_Init: %s at 0x%x", ruby_atom_strerror(err),
	      atom->fault.pc);
	expect_log("ASIC_Init", want, sizeof(want) / sizeof(want[0]));
}

void put32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

static void check_pixel_clock(struct ruby_atom *atom)
{
	static const struct access on[] = {
		{ 'W', 0x440, 0x3 },
		{ 'W', 0x444, 0xffffff02 },
		{ 'W', 0x448, 0x01230000 },
		{ 'W', 0x448, 0x01230005 },
		{ 'W', 0x44c, 0x4 },
		{ 'W', 0x450, 0x1e },		/* UNIPHY, */
		{ 'W', 0x450, 0x21e },		/* DVI, */
		{ 'W', 0x450, 0x3f48021e },	/* 162 MHz */
		{ 'D', 0, 10 },
		{ 'W', 0x440, 0x0 },
	};
	static const struct access off[] = { { 'W', 0x400, 0x3 } };
	u8 ps[16] = { 0 };
	enum ruby_atom_err err;

	regs[0x440 / 4] = 0x2;
	regs[0x444 / 4] = 0xffffff00;
	put32(ps, 5 << 8 | 16200u << 16);	/* 162 MHz, fraction 5 */
	put32(ps + 4, 0x123 | 4 << 16 | 2u << 24);
	put32(ps + 8, 1 | 0x1e << 8 | 2 << 16);	/* PPLL2 for UNIPHY in DVI */
	err = ruby_atom_execute(atom, ATOM_CMD_SET_PIXEL_CLOCK, ps, sizeof(ps));
	CHECK(err == RUBY_ATOM_OK, "SetPixelClock: %s", ruby_atom_strerror(err));
	expect_log("SetPixelClock PPLL2", on, sizeof(on) / sizeof(on[0]));

	memset(ps, 0, sizeof(ps));		/* PPLL1, clock 0: off */
	err = ruby_atom_execute(atom, ATOM_CMD_SET_PIXEL_CLOCK, ps, sizeof(ps));
	CHECK(err == RUBY_ATOM_OK, "SetPixelClock off: %s", ruby_atom_strerror(err));
	expect_log("SetPixelClock off", off, 1);
}

static void check_blank(struct ruby_atom *atom)
{
	const struct access blank = { 'W', VBIOS_CRTC_BLANK_CONTROL + vbios_crtc_offset[2],
				      0x11 | VBIOS_CRTC_BLANK_DATA_EN };
	const struct access unblank = { 'W', VBIOS_CRTC_BLANK_CONTROL + vbios_crtc_offset[1],
					0x22 };
	u8 ps[8] = { 2, 1 };

	regs[(VBIOS_CRTC_BLANK_CONTROL + vbios_crtc_offset[2]) / 4] = 0x11;
	regs[(VBIOS_CRTC_BLANK_CONTROL + vbios_crtc_offset[1]) / 4] = 0x122;
	CHECK(ruby_atom_execute(atom, ATOM_CMD_BLANK_CRTC, ps, sizeof(ps)) == RUBY_ATOM_OK,
	      "BlankCRTC 2 on");
	expect_log("BlankCRTC 2 on", &blank, 1);
	ps[0] = 1;
	ps[1] = 0;
	CHECK(ruby_atom_execute(atom, ATOM_CMD_BLANK_CRTC, ps, sizeof(ps)) == RUBY_ATOM_OK,
	      "BlankCRTC 1 off");
	expect_log("BlankCRTC 1 off", &unblank, 1);
	ps[0] = 7;				/* no such CRTC: nothing */
	CHECK(ruby_atom_execute(atom, ATOM_CMD_BLANK_CRTC, ps, sizeof(ps)) == RUBY_ATOM_OK,
	      "BlankCRTC 7");
	expect_log("BlankCRTC 7", NULL, 0);
}

u32 crtc_reg(unsigned int crtc, u32 reg)
{
	return regs[(reg + vbios_crtc_offset[crtc]) / 4];
}

/* SetCRTC_UsingDTDTiming: CEA 1920x1080@60 on CRTC 1, V sync negative */
static void check_dtd_timing(struct ruby_atom *atom)
{
	u8 ps[24] = { 0 };
	enum ruby_atom_err err;

	put32(ps, 1920 | 280 << 16);
	put32(ps + 4, 1080 | 45 << 16);
	put32(ps + 8, 88 | 44 << 16);
	put32(ps + 12, 4 | 5 << 16);
	put32(ps + 16, 4);
	ps[20] = 1;
	regs[(VBIOS_CRTC_H_SYNC_A_CNTL + vbios_crtc_offset[1]) / 4] = 1;
	err = ruby_atom_execute(atom, ATOM_CMD_SET_CRTC_DTD_TIMING, ps, sizeof(ps));
	CHECK(err == RUBY_ATOM_OK, "SetCRTC_UsingDTDTiming: %s", ruby_atom_strerror(err));
	CHECK(crtc_reg(1, VBIOS_CRTC_H_TOTAL) == 2199, "H_TOTAL %u", crtc_reg(1, VBIOS_CRTC_H_TOTAL));
	CHECK(crtc_reg(1, VBIOS_CRTC_H_BLANK_START_END) == (192 << 16 | 2112), "H blank %#x",
	      crtc_reg(1, VBIOS_CRTC_H_BLANK_START_END));
	CHECK(crtc_reg(1, VBIOS_CRTC_H_SYNC_A) == 44 << 16, "H sync");
	CHECK(crtc_reg(1, VBIOS_CRTC_H_SYNC_A_CNTL) == 0, "H sync positive");
	CHECK(crtc_reg(1, VBIOS_CRTC_V_TOTAL) == 1124, "V_TOTAL %u", crtc_reg(1, VBIOS_CRTC_V_TOTAL));
	CHECK(crtc_reg(1, VBIOS_CRTC_V_BLANK_START_END) == (41 << 16 | 1121), "V blank %#x",
	      crtc_reg(1, VBIOS_CRTC_V_BLANK_START_END));
	CHECK(crtc_reg(1, VBIOS_CRTC_V_SYNC_A) == 5 << 16, "V sync");
	CHECK(crtc_reg(1, VBIOS_CRTC_V_SYNC_A_CNTL) == 1, "V sync negative");
	CHECK(crtc_reg(0, VBIOS_CRTC_H_TOTAL) == 0, "CRTC 0 untouched");
}

/* DIG 2 set up for DVI, enabled; UNIPHY link 2 (transmitter 1, link A) on */
static void check_encoders(struct ruby_atom *atom)
{
	u8 ps[8] = { 0 };

	put32(ps, 14850 | 0x20 << 16 | 0x0fu << 24);
	put32(ps + 4, 2 | 4 << 8);
	CHECK(!ruby_atom_execute(atom, ATOM_CMD_DIG_ENCODER_CONTROL, ps, sizeof(ps)), "DIG setup");
	CHECK(crtc_reg(2, VBIOS_DIG_BE_CNTL) == (2 << 16 | 4 << 8), "DIG2 BE %#x",
	      crtc_reg(2, VBIOS_DIG_BE_CNTL));
	ps[3] = 1;
	CHECK(!ruby_atom_execute(atom, ATOM_CMD_DIG_ENCODER_CONTROL, ps, sizeof(ps)), "DIG on");
	CHECK(crtc_reg(2, VBIOS_DIG_BE_EN_CNTL) == 0x101, "DIG2 enabled");
	put32(ps, 14850 | 0x40 << 16 | 1u << 24);
	CHECK(!ruby_atom_execute(atom, ATOM_CMD_UNIPHY_TX_CONTROL, ps, sizeof(ps)), "UNIPHY on");
	CHECK(regs[(VBIOS_UNIPHY_TX_CONTROL1 + 0x80) / 4] == 3, "UNIPHY link 2 on");
	put32(ps, 1 | 10 << 8);			/* CRTC 1 from DIG3 (DIG 2) */
	CHECK(!ruby_atom_execute(atom, ATOM_CMD_SELECT_CRTC_SOURCE, ps, sizeof(ps)), "source");
	CHECK(crtc_reg(2, VBIOS_DIG_FE_CNTL) == 1, "DIG2 front end from CRTC 1");
	put32(ps, 1 | 1 << 8);
	CHECK(!ruby_atom_execute(atom, ATOM_CMD_ENABLE_CRTC, ps, sizeof(ps)), "EnableCRTC");
	CHECK(crtc_reg(1, VBIOS_CRTC_CONTROL) == VBIOS_CRTC_MASTER_EN, "CRTC 1 on");
}

/* A damaged copy of the image is refused, each damage with its reason */
static void check_corruption(const struct atom_asm *a)
{
	static u8 img[AA_MAX_IMAGE];
	struct ruby_atom_rom rom;

	memcpy(img, a->img, a->len);
	img[0x300] ^= 0x40;
	CHECK(ruby_atom_rom_parse(&rom, img, a->len) == RUBY_ATOM_E_ROM_CSUM, "checksum");
	CHECK(ruby_atom_rom_parse(&rom, img, a->len - 1) == RUBY_ATOM_E_ROM_SIZE,
	      "image cut short");
	memcpy(img, a->img, a->len);
	img[1] = 0xab;
	CHECK(ruby_atom_rom_parse(&rom, img, a->len) == RUBY_ATOM_E_ROM_SIG, "signature");
}

int main(int argc, char **argv)
{
	static struct atom_asm a;
	static struct ruby_atom atom;
	static u32 fb[64];
	struct ruby_atom_rom rom;
	enum ruby_atom_err err;
	u32 size = 0;
	FILE *f;

	if (vbios_build_cedar(&a, HOST_VRAM_MIB)) {
		printf("FAIL: assembling the Cedar VBIOS: %s\n", a.err);
		return 1;
	}
	if (argc == 3 && !strcmp(argv[1], "-o")) {
		f = fopen(argv[2], "wb");
		if (!f || fwrite(a.img, 1, a.len, f) != a.len || fclose(f))
			return perror(argv[2]), 1;
	}
	/* the ROM BAR the simulator pads it into is larger than the image */
	err = ruby_atom_rom_image_len(a.img, sizeof(a.img), &size);
	CHECK(err == RUBY_ATOM_OK && size == a.len, "PCI data structure: %s, %u bytes",
	      ruby_atom_strerror(err), size);
	err = ruby_atom_rom_parse(&rom, a.img, a.len);
	CHECK(err == RUBY_ATOM_OK, "parse: %s", ruby_atom_strerror(err));
	if (err)
		return 1;
	check_firmware_info(&rom);
	check_i2c(&rom);
	check_connectors(&rom);
	CHECK(ruby_atom_lcd_info(&rom, &(struct ruby_atom_panel_mode){ 0 }) ==
	      RUBY_ATOM_E_NO_TABLE, "the board has no panel");
	sim_regs_init(&hsim);
	if (host_dp_init())
		return 1;
	sim_pll_init(&hsim);
	ruby_atom_init(&atom, &rom, &ops, NULL);
	atom.fb = fb;
	atom.fb_dwords = 64;
	check_asic_init(&atom);
	check_pixel_clock(&atom);
	check_blank(&atom);
	check_dtd_timing(&atom);
	check_encoders(&atom);
	check_dp(&atom);
	check_adjust_pll(&atom);
	check_corruption(&a);
	host_dp_fini();
	if (failures) {
		printf("atom: %u of %u checks failed\n", failures, checks);
		return 1;
	}
	printf("atom: ok, %u checks (image %u bytes)\n", checks, a.len);
	return 0;
}
