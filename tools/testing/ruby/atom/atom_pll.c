// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host test of the board's AdjustDisplayPll (sim/vbios.c), run by the
 * driver's interpreter: its answers for each encoder mode, byte for byte,
 * the answer the PLL model files (sim/pll.c), and that model's verdict on
 * the PLLs SetPixelClock then sets up: what the table asked passes,
 * anything else is a PLL-ADJUST-FAULT; and its verdict when DP video goes
 * on, on the PLL against the link's rate then.
 */
#include "atom_host.h"

/* AdjustDisplayPll's answer: PS0 the frequency (10 kHz), PS1 the dividers */
struct adjust_out {
	u32 freq, divs;
	enum ruby_atom_err err;
};

static u32 get32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

/* ask for encoder @id in @mode at @clock (10 kHz), with DISPPLL @config */
static struct adjust_out adjust(struct ruby_atom *atom, u16 clock, u8 id, u8 mode, u8 config)
{
	u8 ps[8] = { clock, clock >> 8, id, mode, config, 0x5a, 0xa5, 0xa5 };
	struct adjust_out out;

	out.err = ruby_atom_execute(atom, ATOM_CMD_ADJUST_DISPLAY_PLL, ps, sizeof(ps));
	out.freq = get32(ps);
	out.divs = get32(ps + 4);
	return out;
}

/* SetPixelClock: PLL @n at 10 kHz @clock for encoder @id in @mode (dividers aside) */
static void set_pll(struct ruby_atom *atom, unsigned int n, u16 clock, u8 id, u8 mode)
{
	u8 ps[16] = { 0 };

	put32(ps, (u32)clock << 16);
	put32(ps + 4, 100 | 4 << 16 | 8u << 24);
	put32(ps + 8, n | id << 8 | mode << 16);
	CHECK(ruby_atom_execute(atom, ATOM_CMD_SET_PIXEL_CLOCK, ps, sizeof(ps)) ==
	      RUBY_ATOM_OK, "SetPixelClock");
}

/* SetPixelClock: PLL @n at @ref, @fb.@frac, @post for the DP encoder, 148.5 MHz pixels */
static void set_pll_divs(struct ruby_atom *atom, unsigned int n, u32 ref, u32 fb, u32 frac,
			 u32 post)
{
	u8 ps[16] = { 0 };

	put32(ps, 14850u << 16 | frac << 8);
	put32(ps + 4, fb | post << 16 | ref << 24);
	put32(ps + 8, n | ATOM_ENCODER_UNIPHY2 << 8);
	CHECK(ruby_atom_execute(atom, ATOM_CMD_SET_PIXEL_CLOCK, ps, sizeof(ps)) ==
	      RUBY_ATOM_OK, "SetPixelClock");
}

/**
 * host_dp_pll - PLL @n asked for and set as the driver does for a DP link
 * @atom: the interpreter
 * @n: the PLL
 * @link_khz: the link's clock, 162000 or 270000
 */
void host_dp_pll(struct ruby_atom *atom, unsigned int n, u32 link_khz)
{
	adjust(atom, link_khz / 10, ATOM_ENCODER_UNIPHY2, 0, 0x20);
	/* 100 MHz x 86.4 / 8 / 4 and x 64.8 / 10 / 4 */
	if (link_khz == 270000)
		set_pll_divs(atom, n, 8, 86, 4, 4);
	else
		set_pll_divs(atom, n, 10, 64, 8, 4);
}

static void check_answers(struct ruby_atom *atom)
{
	struct adjust_out o;

	/* DVI at 148.5 MHz: that clock, reference divider 10 */
	o = adjust(atom, 14850, ATOM_ENCODER_UNIPHY, 2, 0x20);
	CHECK(!o.err && o.freq == 14850 && o.divs == VBIOS_ADJ_TMDS_REF_DIV,
	      "DVI: %u, dividers 0x%x", o.freq, o.divs);
	CHECK(host_logged("adjust pll encoder=0x1e mode=2 clock=148500 kHz ref_div=10 post_div=0"),
	      "the DVI answer is filed");
	/* HDMI at 74.25 MHz: the same rule */
	o = adjust(atom, 7425, ATOM_ENCODER_UNIPHY1, 3, 0x20);
	CHECK(!o.err && o.freq == 7425 && o.divs == VBIOS_ADJ_TMDS_REF_DIV,
	      "HDMI: %u, dividers 0x%x", o.freq, o.divs);
	/* DP at 2.7 Gb/s: the link's clock, post divider 4 */
	o = adjust(atom, 27000, ATOM_ENCODER_UNIPHY2, 0, 0x20);
	CHECK(!o.err && o.freq == 27000 && o.divs == VBIOS_ADJ_DP_POST_DIV << 8,
	      "DP: %u, dividers 0x%x", o.freq, o.divs);
	CHECK(host_logged("adjust pll encoder=0x21 mode=0 clock=270000 kHz ref_div=0 post_div=4"),
	      "the DP answer is filed");
	/* a DAC: the pixel clock, dividers free */
	o = adjust(atom, 6500, ATOM_ENCODER_DAC1, 15, 0);
	CHECK(!o.err && o.freq == 6500 && !o.divs, "CRT: %u, dividers 0x%x", o.freq, o.divs);
	/* no clock: no frequency, which the driver takes for a failure */
	o = adjust(atom, 0, ATOM_ENCODER_DAC2, 15, 0);
	CHECK(!o.err && !o.freq && !o.divs, "no clock: %u, dividers 0x%x", o.freq, o.divs);
}

/* the PLL model's verdict on PLL @n locking at @ref, @post, @khz */
static bool locks(unsigned int n, u32 ref, u32 post, u64 khz, const char *fault)
{
	bool ok = sim_pll_locked(&hsim, n, ref, post, khz);

	return fault ? !ok && host_logged(fault) : ok && !host_logged("PLL-ADJUST-FAULT");
}

static void check_verdicts(struct ruby_atom *atom)
{
	adjust(atom, 14850, ATOM_ENCODER_UNIPHY, 2, 0x20);
	adjust(atom, 27000, ATOM_ENCODER_UNIPHY2, 0, 0x20);
	host_logged("");
	set_pll(atom, 0, 14850, ATOM_ENCODER_UNIPHY, 2);
	CHECK(locks(0, 10, 6, 148500, NULL), "DVI as asked");
	CHECK(locks(0, 10, 5, 148600, NULL), "DVI 0.07%% off, post divider free");
	CHECK(locks(0, 8, 5, 148500, "PLL-ADJUST-FAULT ppll1: reference divider 8, not the 10"),
	      "DVI on the driver's own reference divider");
	CHECK(locks(0, 10, 6, 150000, "PLL-ADJUST-FAULT ppll1: runs at 150000 kHz, not the 148500"),
	      "DVI 1%% off");
	set_pll(atom, 1, 14850, ATOM_ENCODER_UNIPHY2, 0);
	CHECK(locks(1, 8, 4, 270000, NULL), "DP at the link's clock");
	CHECK(locks(1, 8, 4, 270500, NULL), "DP 0.19%% off");
	CHECK(locks(1, 8, 3, 270000, "PLL-ADJUST-FAULT ppll2: post divider 3, not the 4"),
	      "DP on the driver's own post divider");
	CHECK(locks(1, 10, 4, 148500, "PLL-ADJUST-FAULT ppll2: runs at 148500 kHz, not the 270000"),
	      "DP at the pixel clock");
	/* DP: the CRTC's pixel clock is the one SetPixelClock was given */
	CHECK(sim_pll_pixel_khz(&hsim, 1, 270000) == 148500, "DP pixel clock");
	CHECK(sim_pll_pixel_khz(&hsim, 0, 148500) == 148500, "DVI pixel clock");
	CHECK(sim_pll_pixel_khz(&hsim, 1, 0) == 0, "a PLL off gives no clock");
	/* an encoder (0x19) the table was never asked about */
	set_pll(atom, 0, 6500, 0x19, 15);
	CHECK(locks(0, 10, 12, 65000, "PLL-ADJUST-FAULT ppll1: set for encoder 0x19, which AdjustDisplayPll was not asked about"),
	      "an encoder never asked about");
}

/* DP video on: the CRTC's PLL against AdjustDisplayPll's answer for the link's rate now */
static void check_dp_video(struct ruby_atom *atom)
{
	host_dp_pll(atom, 0, 270000);
	host_logged("");
	CHECK(sim_pll_dp_video(&hsim, 2, 270000) && !host_logged("PLL-ADJUST-FAULT"),
	      "DP video at 2.7 Gb/s on a PLL set for it");
	adjust(atom, 16200, ATOM_ENCODER_UNIPHY2, 0, 0x20);
	host_logged("");
	CHECK(!sim_pll_dp_video(&hsim, 2, 162000) &&
	      host_logged("PLL-ADJUST-FAULT ppll1: DP video on a 162000 kHz link: runs at 270000 kHz, not the 162000 kHz AdjustDisplayPll asked"),
	      "a fallback to 1.62 Gb/s that left the PLL at 270 MHz");
	host_dp_pll(atom, 0, 162000);
	host_logged("");
	CHECK(sim_pll_dp_video(&hsim, 0, 162000) && !host_logged("PLL-ADJUST-FAULT"),
	      "the PLL set again for 1.62 Gb/s");
	set_pll(atom, 1, 14850, ATOM_ENCODER_UNIPHY, 2);
	CHECK(!sim_pll_dp_video(&hsim, 3, 162000) &&
	      host_logged("PLL-ADJUST-FAULT ppll2: DP video on a 162000 kHz link: set up for encoder 0x1e in mode 2, not DP"),
	      "CRTC 3's PLL, set up for DVI");
	set_pll(atom, 0, 16200, ATOM_ENCODER_UNIPHY1, 0);
	CHECK(!sim_pll_dp_video(&hsim, 0, 162000) &&
	      host_logged("AdjustDisplayPll was not asked about encoder 0x20 at this link's clock"),
	      "a DP encoder never asked about at that rate");
	set_pll(atom, 0, 0, 0, 0);
	CHECK(sim_pll_dp_video(&hsim, 0, 162000) && !host_logged("PLL-ADJUST-FAULT"),
	      "a PLL off is not judged");
}

void check_adjust_pll(struct ruby_atom *atom)
{
	host_logged("");
	check_answers(atom);
	check_verdicts(atom);
	check_dp_video(atom);
}
