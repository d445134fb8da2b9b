// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pixel PLLs against what the video BIOS asked of them. The board's
 * AdjustDisplayPll (vbios.c) says what a PLL must run at for an encoder,
 * and with which reference or post divider; it leaves its answer in a
 * BIOS scratch block (VBIOS_PLL_ADJ_*), which this model files by the
 * encoder's object id. SetPixelClock names the encoder it sets a PLL up
 * for (VBIOS_PPLL_SOURCE). When a PLL locks (scanout.c), its setting is
 * held to the last answer for that encoder: a PLL set for an encoder the
 * table was never asked about, on another reference or post divider than
 * the one it fixed, or more than 0.5% off its frequency, is logged as
 * "PLL-ADJUST-FAULT ppllN: why" (the rig's red). Such a PLL still locks
 * where its dividers say.
 *
 * DisplayPort: the PLL runs at the link's clock, and the CRTC's pixel
 * clock is the one SetPixelClock was given (the DIG makes it from the
 * link), which sim_pll_pixel_khz() reports.
 */
#include <stdio.h>

#include "sim.h"
#include "vbios.h"

#define ADJ_MODE_DP	0	/* AdjustDisplayPll's and SetPixelClock's encoder modes */

/* the last answer for each encoder object id */
static struct {
	uint64_t khz;
	uint32_t ref, post;
	bool asked;
} answer[256];

static void adj_key_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t divs = sim_reg_get(sim, VBIOS_PLL_ADJ_DIVS);
	unsigned int id = val & 0xff;

	sim_reg_set(sim, reg->offset, val);
	answer[id].khz = (uint64_t)sim_reg_get(sim, VBIOS_PLL_ADJ_FREQ) * 10;
	answer[id].ref = divs & 0xff;
	answer[id].post = divs >> 8 & 0xff;
	answer[id].asked = true;
	sim_log(sim, "adjust pll encoder=0x%02x mode=%u clock=%llu kHz ref_div=%u post_div=%u",
		id, val >> 8 & 0xff, (unsigned long long)answer[id].khz, answer[id].ref,
		answer[id].post);
}

#define R(off, name)	{ off, name, 0, NULL, NULL }

static const struct sim_reg pll_regs[] = {
	R(VBIOS_PPLL_SOURCE, "P0PLL_SOURCE"),
	R(VBIOS_PPLL_SOURCE + VBIOS_PPLL_STRIDE, "P1PLL_SOURCE"),
	R(VBIOS_PLL_ADJ_FREQ, "PLL_ADJ_FREQ"),
	R(VBIOS_PLL_ADJ_DIVS, "PLL_ADJ_DIVS"),
	{ VBIOS_PLL_ADJ_KEY, "PLL_ADJ_KEY", 0, NULL, adj_key_write },
};

static const struct sim_block pll_block = {
	.name = "ppll-adjust",
	.regs = pll_regs,
	.nregs = sizeof(pll_regs) / sizeof(pll_regs[0]),
};

/**
 * sim_pll_init - the PLLs' SetPixelClock record and AdjustDisplayPll's scratch
 * @sim: the simulator
 */
void sim_pll_init(struct sim *sim)
{
	sim_regs_add_block(sim, &pll_block);
}

/* why PLL @n's setting is not what AdjustDisplayPll asked, or NULL */
static const char *pll_fault(const struct sim *sim, unsigned int n, uint32_t ref, uint32_t post,
			     uint64_t khz, char *buf, size_t len)
{
	uint32_t id = sim_reg_get(sim, VBIOS_PPLL_SOURCE + n * VBIOS_PPLL_STRIDE) & 0xff;
	uint64_t want = answer[id].khz;

	if (!answer[id].asked)
		snprintf(buf, len, "set for encoder 0x%02x, which AdjustDisplayPll was not asked about",
			 id);
	else if (answer[id].ref && ref != answer[id].ref)
		snprintf(buf, len, "reference divider %u, not the %u AdjustDisplayPll fixed", ref,
			 answer[id].ref);
	else if (answer[id].post && post != answer[id].post)
		snprintf(buf, len, "post divider %u, not the %u AdjustDisplayPll fixed", post,
			 answer[id].post);
	else if ((khz > want ? khz - want : want - khz) * 200 > want)
		snprintf(buf, len, "runs at %llu kHz, not the %llu kHz AdjustDisplayPll asked",
			 (unsigned long long)khz, (unsigned long long)want);
	else
		return NULL;
	return buf;
}

/**
 * sim_pll_locked - PLL @n locked: hold it to what AdjustDisplayPll asked
 * @sim: the simulator
 * @n: the PLL (0: PPLL1)
 * @ref: its reference divider
 * @post: its post divider
 * @khz: the frequency it locked at
 *
 * Return: whether it was what the table asked (else a PLL-ADJUST-FAULT
 * was logged).
 */
bool sim_pll_locked(struct sim *sim, unsigned int n, uint32_t ref, uint32_t post, uint64_t khz)
{
	char buf[160];
	const char *why = pll_fault(sim, n, ref, post, khz, buf, sizeof(buf));

	if (why)
		sim_log(sim, "PLL-ADJUST-FAULT ppll%u: %s", n + 1, why);
	return !why;
}

/**
 * sim_pll_pixel_khz - the pixel clock a CRTC on PLL @n gets
 * @sim: the simulator
 * @n: the PLL
 * @pll_khz: the frequency it locked at (0: it is off)
 *
 * Return: @pll_khz, or for a PLL set up for a DP encoder the pixel clock
 * SetPixelClock was given (kHz).
 */
uint64_t sim_pll_pixel_khz(const struct sim *sim, unsigned int n, uint64_t pll_khz)
{
	uint32_t src = sim_reg_get(sim, VBIOS_PPLL_SOURCE + n * VBIOS_PPLL_STRIDE);

	if (!pll_khz || !(src & 0xff) || (src >> 8 & 0xff) != ADJ_MODE_DP)
		return pll_khz;
	return (uint64_t)(src >> 16) * 10;
}
