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
 * link), which sim_pll_pixel_khz() reports. The PLL is the transmitter's
 * reference, so it is held to the link again when a DIG's DP video goes
 * on (dp.c, sim_pll_dp_video()): the CRTC's PLL (CRTC n runs on PPLL
 * n % 2) must run at what AdjustDisplayPll answered for its DP encoder at
 * the link's rate now. This board answers a link's own clock, so DP
 * answers are filed by encoder and by that clock, 1.62 or 2.7 Gb/s's. A
 * link trained at another rate than its PLL was set for (a fallback that
 * left the PLL at the first link's clock), or at a rate the table was
 * never asked about for the encoder, is a PLL-ADJUST-FAULT too.
 */
#include <stdio.h>

#include "sim.h"
#include "vbios.h"

#define ADJ_MODE_DP	0	/* AdjustDisplayPll's and SetPixelClock's encoder modes */

struct pll_answer {
	uint64_t khz;
	uint32_t ref, post;
	bool asked;
};

/* DP link clocks, kHz: 1.62 and 2.7 Gb/s */
static const uint64_t dp_link_khz[] = { 162000, 270000 };
#define DP_RATES	(sizeof(dp_link_khz) / sizeof(dp_link_khz[0]))

/* the last answer for each encoder object id, and for DP at each link clock */
static struct pll_answer answer[256];
static struct pll_answer dp_answer[256][DP_RATES];

/* the index of @khz in dp_link_khz, or DP_RATES */
static unsigned int dp_rate_index(uint64_t khz)
{
	unsigned int i;

	for (i = 0; i < DP_RATES && dp_link_khz[i] != khz; i++)
		;
	return i;
}

static void adj_key_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t divs = sim_reg_get(sim, VBIOS_PLL_ADJ_DIVS);
	unsigned int id = val & 0xff, i;

	sim_reg_set(sim, reg->offset, val);
	answer[id].khz = (uint64_t)sim_reg_get(sim, VBIOS_PLL_ADJ_FREQ) * 10;
	answer[id].ref = divs & 0xff;
	answer[id].post = divs >> 8 & 0xff;
	answer[id].asked = true;
	i = dp_rate_index(answer[id].khz);
	if ((val >> 8 & 0xff) == ADJ_MODE_DP && i < DP_RATES)
		dp_answer[id][i] = answer[id];
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

/* why a PLL at @ref, @post, @khz for encoder @id is not answer @a, or NULL */
static const char *pll_fault(const struct pll_answer *a, unsigned int id, uint32_t ref,
			     uint32_t post, uint64_t khz, char *buf, size_t len)
{
	uint64_t want = a->khz;

	if (!a->asked)
		snprintf(buf, len, "set for encoder 0x%02x, which AdjustDisplayPll was not asked about",
			 id);
	else if (a->ref && ref != a->ref)
		snprintf(buf, len, "reference divider %u, not the %u AdjustDisplayPll fixed", ref,
			 a->ref);
	else if (a->post && post != a->post)
		snprintf(buf, len, "post divider %u, not the %u AdjustDisplayPll fixed", post,
			 a->post);
	else if ((khz > want ? khz - want : want - khz) * 200 > want)
		snprintf(buf, len, "runs at %llu kHz, not the %llu kHz AdjustDisplayPll asked",
			 (unsigned long long)khz, (unsigned long long)want);
	else
		return NULL;
	return buf;
}

/* the encoder PLL @n was set up for (SetPixelClock) */
static unsigned int pll_encoder(const struct sim *sim, unsigned int n)
{
	return sim_reg_get(sim, VBIOS_PPLL_SOURCE + n * VBIOS_PPLL_STRIDE) & 0xff;
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
	unsigned int id = pll_encoder(sim, n);
	const char *why = pll_fault(&answer[id], id, ref, post, khz, buf, sizeof(buf));

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

/**
 * sim_pll_khz - where PLL @n runs now
 * @sim: the simulator
 * @n: the PLL (0: PPLL1)
 * @ref: its reference divider, out (may be NULL)
 * @post: its post divider, out (may be NULL)
 *
 * Return: the frequency its dividers give, kHz; 0 if it is in reset or
 * asleep.
 */
uint64_t sim_pll_khz(const struct sim *sim, unsigned int n, uint32_t *ref, uint32_t *post)
{
	uint32_t base = n * VBIOS_PPLL_STRIDE;
	uint32_t r = sim_reg_get(sim, base + VBIOS_PPLL_REF_DIV) & 0x3ff;
	uint32_t fb = sim_reg_get(sim, base + VBIOS_PPLL_FB_DIV);
	uint32_t p = sim_reg_get(sim, base + VBIOS_PPLL_POST_DIV) & 0x7f;

	if (ref)
		*ref = r;
	if (post)
		*post = p;
	if ((sim_reg_get(sim, base + VBIOS_PPLL_CNTL) & 3) || !r || !p)
		return 0;
	return (uint64_t)VBIOS_REF_CLK * 10 * ((fb >> 16 & 0xfff) * 10 + (fb & 0xf)) /
	       (10ull * r * p);
}

/* why PLL @n, under a DP stream at @link_khz, is not what the link asks, or NULL */
static const char *dp_pll_fault(const struct sim *sim, unsigned int n, uint64_t link_khz,
				char *buf, size_t len)
{
	uint32_t mode = sim_reg_get(sim, VBIOS_PPLL_SOURCE + n * VBIOS_PPLL_STRIDE) >> 8 & 0xff;
	unsigned int id = pll_encoder(sim, n), i = dp_rate_index(link_khz);
	uint32_t ref, post;
	uint64_t khz = sim_pll_khz(sim, n, &ref, &post);

	if (!khz)
		return NULL;	/* no clock yet: nothing runs on it to judge */
	if (!id || mode != ADJ_MODE_DP)
		snprintf(buf, len, "set up for encoder 0x%02x in mode %u, not DP", id, mode);
	else if (i >= DP_RATES || !dp_answer[id][i].asked)
		snprintf(buf, len, "AdjustDisplayPll was not asked about encoder 0x%02x at this link's clock",
			 id);
	else
		return pll_fault(&dp_answer[id][i], id, ref, post, khz, buf, len);
	return buf;
}

/**
 * sim_pll_dp_video - a DIG's DP video went on: hold its CRTC's PLL to the link
 * @sim: the simulator
 * @crtc: the CRTC the DIG takes its pixels from
 * @link_khz: the link's clock now (162000 or 270000)
 *
 * The CRTC's PLL (PPLL @crtc % 2) is the transmitter's reference: it must
 * run where AdjustDisplayPll answered for its DP encoder at this link
 * clock, else a PLL-ADJUST-FAULT is logged. A PLL in reset or asleep is
 * not judged.
 *
 * Return: whether it was.
 */
bool sim_pll_dp_video(struct sim *sim, unsigned int crtc, uint64_t link_khz)
{
	char buf[160];
	const char *why = dp_pll_fault(sim, crtc % 2, link_khz, buf, sizeof(buf));

	if (why)
		sim_log(sim, "PLL-ADJUST-FAULT ppll%u: DP video on a %llu kHz link: %s",
			crtc % 2 + 1, (unsigned long long)link_khz, why);
	return !why;
}
