// SPDX-License-Identifier: GPL-2.0-only
/*
 * DCE4's line buffers and display memory arbitration on the simulated
 * board: what decides whether a display controller underflows.
 *
 * Per CRTC: DC_LB_MEMORY_SPLIT (its part of the line buffer it shares with
 * its partner, CRTC n ^ 1: bits 1:0 a half, three quarters, all or a
 * quarter; bit 2 from the end) and PRIORITY_A/B_CNT (the priority mark;
 * bit 16 "off" is the reset value). Per pipe (one per CRTC, 0x10 apart):
 * PIPEn_ARBITRATION_CONTROL3, whose bits 17:16 select the watermark set
 * (1: A, 2: B) PIPEn_LATENCY_CONTROL reaches; each set holds a latency
 * watermark (15:0, ns) and a line time (31:16).
 *
 * sim_lb_underflow() judges a CRTC's frame: it underflows if its line
 * buffer part overlaps its running partner's or cannot hold two of its
 * lines, if its reads have no priority, or if a watermark set is below
 * the memory's latency. The clock-dependent figures (the mark against
 * the pixel rate) are not judged.
 */
#include "models.h"
#include "vbios.h"

#define LB_CRTCS		4
#define DC_LB_MEMORY_SPLIT	0x6b0c
#define LB_CONFIG(v)		((v) & 3)
#define LB_SECOND		(1u << 2)
#define PRIORITY_A_CNT		0x6b18
#define PRIORITY_B_CNT		0x6b1c
#define PRIORITY_OFF		(1u << 16)
#define PIPE_ARB_CONTROL3(p)	(0x0bf0 + 0x10 * (p))
#define PIPE_LATENCY_CONTROL(p)	(0x0bf4 + 0x10 * (p))
#define WM_SELECT(v)		(((v) >> 16) & 3)
#define CRTC_CONTROL		0x6e70
#define CRTC_MASTER_EN		(1u << 0)
#define CRTC_H_BLANK		0x6e04

/* the pair's line buffer, in entries, and each config's share of it */
#define LB_ENTRIES		15360
static const unsigned int lb_share[4] = {
	LB_ENTRIES / 2, LB_ENTRIES * 3 / 4, LB_ENTRIES, LB_ENTRIES / 4,
};
/* what the memory takes to answer, ns: a watermark below it underflows */
#define MC_LATENCY_NS		2000

static uint32_t wm_sets[LB_CRTCS][2];	/* A, B: latency | line << 16 */

static uint32_t creg(const struct sim *sim, unsigned int crtc, uint32_t reg)
{
	return sim_reg_get(sim, reg + vbios_crtc_offset[crtc]);
}

static bool crtc_on(const struct sim *sim, unsigned int crtc)
{
	return crtc < LB_CRTCS && (creg(sim, crtc, CRTC_CONTROL) & CRTC_MASTER_EN);
}

/* the part of the pair's buffer @crtc's split gives it, as [first, last) */
static void lb_range(const struct sim *sim, unsigned int crtc, unsigned int r[2])
{
	uint32_t split = creg(sim, crtc, DC_LB_MEMORY_SPLIT);
	unsigned int share = lb_share[LB_CONFIG(split)];

	r[0] = split & LB_SECOND ? LB_ENTRIES - share : 0;
	r[1] = r[0] + share;
}

static const char *lb_check(const struct sim *sim, unsigned int crtc)
{
	uint32_t hb = creg(sim, crtc, CRTC_H_BLANK);
	unsigned int width = (hb & 0x3fff) - (hb >> 16), mine[2], other[2];

	lb_range(sim, crtc, mine);
	if (mine[1] - mine[0] < 2 * width)
		return "its line buffer part holds less than two lines";
	if (!crtc_on(sim, crtc ^ 1))
		return NULL;
	lb_range(sim, crtc ^ 1, other);
	if (mine[0] < other[1] && other[0] < mine[1])
		return "its line buffer part overlaps its running partner's";
	return NULL;
}

/**
 * sim_lb_underflow - whether a frame of @crtc underflowed, and why
 * @sim: the simulator
 * @crtc: a CRTC that scans a surface out
 *
 * Return: NULL, or the reason (a constant string).
 */
const char *sim_lb_underflow(const struct sim *sim, unsigned int crtc)
{
	const char *why = lb_check(sim, crtc);
	unsigned int set;

	if (why)
		return why;
	if ((creg(sim, crtc, PRIORITY_A_CNT) | creg(sim, crtc, PRIORITY_B_CNT)) & PRIORITY_OFF)
		return "its reads have no priority (PRIORITY_A/B_CNT off)";
	for (set = 0; set < 2; set++)
		if ((wm_sets[crtc][set] & 0xffff) < MC_LATENCY_NS)
			return "a latency watermark is below the memory's latency";
	return NULL;
}

static unsigned int pipe_of(uint32_t offset)
{
	return (offset - PIPE_ARB_CONTROL3(0)) / 0x10;
}

static uint32_t latency_read(struct sim *sim, const struct sim_reg *reg)
{
	unsigned int p = pipe_of(reg->offset);
	uint32_t sel = WM_SELECT(sim_reg_get(sim, PIPE_ARB_CONTROL3(p)));

	return sel == 1 || sel == 2 ? wm_sets[p][sel - 1] : 0;
}

static void latency_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int p = pipe_of(reg->offset);
	uint32_t sel = WM_SELECT(sim_reg_get(sim, PIPE_ARB_CONTROL3(p)));

	if (sel != 1 && sel != 2) {
		sim->stats.unmodelled++;
		sim_log(sim, "UNMODELLED pipe%u latency write with watermark select %u", p, sel);
		return;
	}
	wm_sets[p][sel - 1] = val;
}

#define LB_CRTC_REGS(n)							\
	{ DC_LB_MEMORY_SPLIT + LB_CRTC_OFF##n, "DC_LB_MEMORY_SPLIT" #n, 0, NULL, NULL }, \
	{ PRIORITY_A_CNT + LB_CRTC_OFF##n, "PRIORITY_A_CNT" #n, PRIORITY_OFF, NULL, NULL }, \
	{ PRIORITY_B_CNT + LB_CRTC_OFF##n, "PRIORITY_B_CNT" #n, PRIORITY_OFF, NULL, NULL }, \
	{ PIPE_ARB_CONTROL3(n), "PIPE" #n "_ARBITRATION_CONTROL3", 0, NULL, NULL }, \
	{ PIPE_LATENCY_CONTROL(n), "PIPE" #n "_LATENCY_CONTROL", 0, latency_read, \
	  latency_write }

#define LB_CRTC_OFF0	0x0000
#define LB_CRTC_OFF1	0x0c00
#define LB_CRTC_OFF2	0x9800
#define LB_CRTC_OFF3	0xa400

static const struct sim_reg lb_regs[] = {
	LB_CRTC_REGS(0), LB_CRTC_REGS(1), LB_CRTC_REGS(2), LB_CRTC_REGS(3),
};

const struct sim_block sim_lb_block = {
	.name = "dce4-line-buffers",
	.regs = lb_regs,
	.nregs = sizeof(lb_regs) / sizeof(lb_regs[0]),
};
