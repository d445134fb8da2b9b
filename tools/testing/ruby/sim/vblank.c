// SPDX-License-Identifier: GPL-2.0-only
/*
 * DCE4's display timing on the simulated board: each running CRTC counts
 * lines and frames at the rate the driver programmed, and so has vblank
 * interrupts, a frame counter, a scanout position and double-buffered
 * surface addresses.
 *
 * A CRTC runs while CRTC_CONTROL.MASTER_EN is set and the pixel PLL it is
 * wired to (this board wires CRTC n to PPLL n % 2; its VBIOS has no clock
 * mux) is locked. Its frame lasts H_TOTAL x V_TOTAL pixel clocks; the line
 * counter starts at the vertical sync pulse (as SetCRTC_UsingDTDTiming
 * programs it), so the active lines are [V_BLANK_END, V_BLANK_START) and
 * vblank is the rest. Time is the host's CLOCK_MONOTONIC: the state a
 * register shows is computed from it when it is read, and the events
 * below happen when the simulator next looks (before every message from
 * the front end, and on a timer, sim_vblank_next_ns(), while a CRTC has
 * its vblank interrupt enabled or a flip pending).
 *
 * - CRTC_STATUS_FRAME_COUNT counts the frames begun (line 0 reached) since
 *   reset, 24 bits; it keeps its value while the CRTC is off.
 *   CRTC_STATUS_POSITION is line | pixel << 16, CRTC_STATUS bit 0 the
 *   vblank. All three read 0 / hold while the CRTC does not run.
 * - At each vblank start VBLANK_STATUS.OCCURRED and the CRTC's
 *   LB_Dn_VBLANK_INTERRUPT bit of DISP_INTERRUPT_STATUS* set; writing
 *   VBLANK_ACK clears them. With INT_MASK.VBLANK_INT_MASK set the IH gets
 *   source n + 1 (data 0), once per vblank, however many passed unseen.
 * - GRPH_PRIMARY_SURFACE_ADDRESS(_HIGH) writes are pending
 *   (GRPH_UPDATE.SURFACE_UPDATE_PENDING) until the next vblank start, and
 *   latch then unless GRPH_UPDATE.LOCK is set; on a CRTC that does not run
 *   they latch at once (or at unlock). A latch at a vblank sets
 *   GRPH_INT_STATUS.PFLIP_INT_OCCURRED (cleared by writing PFLIP_INT_CLEAR)
 *   and, with GRPH_INT_CONTROL.PFLIP_INT_MASK, raises IH source 8 + 2n.
 *   Reads return what was written; the screen (scanout.c) shows the latched
 *   address.
 *
 * The simulator looks on time only when the host runs it on time. The
 * control directory's "timing" file (control.c) lets a test measuring
 * frames tell a starved rig from a late driver: "seq S late N worst_us W
 * host_wait_us H", rewritten at least every STATUS_NS while a CRTC's
 * vblank interrupt or flip is awaited (S counts the writes). N is the
 * vblank starts handled more than half a frame late on such a CRTC, W the
 * worst of them, H how long the host kept the simulator and the kernel
 * it serves waiting for a CPU (hostwait.c).
 *
 * Not modelled: vline interrupts (INT_MASK.VLINE_INT_MASK is stored and
 * never fires; VLINE_STATUS is unmodelled), GRPH_FLIP_CONTROL's h-retrace
 * flips (the address latches at vblank whatever it says), the HPD bits of
 * DISP_INTERRUPT_STATUS* (display.c's DC_HPDn_INT_STATUS have them).
 */
#include <time.h>

#include "models.h"
#include "vbios.h"

#define NCRTC			4
#define FRAME_COUNT_MASK	0xffffffu

#define GRPH_PRIMARY		0x6810
#define GRPH_PRIMARY_HIGH	0x681c
#define GRPH_UPDATE		0x6844
#define GRPH_UPDATE_PENDING	(1u << 2)
#define GRPH_UPDATE_LOCK	(1u << 16)
#define GRPH_INT_STATUS		0x6858
#define GRPH_PFLIP_OCCURRED	(1u << 0)
#define GRPH_PFLIP_CLEAR	(1u << 8)
#define GRPH_INT_CONTROL	0x685c
#define GRPH_PFLIP_INT_MASK	(1u << 0)
#define INT_MASK		0x6b40
#define VBLANK_INT_MASK		(1u << 0)
#define VBLANK_STATUS		0x6bbc
#define VBLANK_OCCURRED		(1u << 0)
#define VBLANK_ACK		(1u << 4)
#define CRTC_STATUS		0x6e8c
#define CRTC_STATUS_POSITION	0x6e90
#define CRTC_STATUS_FRAME_COUNT	0x6e98
#define DISP_INT_STATUS0	0x60f4
#define LB_VBLANK_INTERRUPT	(1u << 3)
#define IH_SRC_VBLANK(n)	(1 + (n))
#define IH_SRC_PFLIP(n)		(8 + 2 * (n))

/* DISP_INTERRUPT_STATUS, _CONTINUE, _CONTINUE2, _CONTINUE3: D1 to D4 */
static const uint32_t disp_int_status[NCRTC] = { 0x60f4, 0x60f8, 0x60fc, 0x6100 };

/* what a running CRTC's timing is: all 0 while it does not run */
struct timing {
	uint64_t period_ns;		/* one frame */
	uint32_t htotal, vtotal;	/* pixels, lines */
	uint32_t vbl_start, vbl_end;	/* lines */
};

struct crtc_clock {
	struct timing t;
	uint64_t t0;			/* when line 0 of frame 0 began, ns */
	uint32_t frames_before;		/* the counter when it started */
	uint64_t vblanks_seen;		/* vblank starts handled since t0 */
	uint32_t addr, addr_high;	/* written, maybe pending */
	bool pending;
};

static struct crtc_clock clk[NCRTC];

/* the timing status: its writes, late vblank starts, the worst, when written */
#define STATUS_NS		50000000ull
static struct {
	unsigned int seq;
	unsigned int late;
	uint64_t worst_ns;
	uint64_t written_at;
} punctuality;

static void status_write(struct sim *sim, uint64_t now)
{
	punctuality.written_at = now;
	sim_control_status(sim, "timing", "seq %u late %u worst_us %llu host_wait_us %llu\n",
			   ++punctuality.seq, punctuality.late,
			   (unsigned long long)punctuality.worst_ns / 1000,
			   (unsigned long long)sim_host_wait_ns(sim) / 1000);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint32_t creg(const struct sim *sim, unsigned int crtc, uint32_t reg)
{
	return sim_reg_get(sim, reg + vbios_crtc_offset[crtc]);
}

/* the CRTC whose register @base is at @offset, or -1 */
static int crtc_at(uint32_t offset, uint32_t base)
{
	unsigned int i;

	for (i = 0; i < NCRTC; i++)
		if (offset == base + vbios_crtc_offset[i])
			return i;
	return -1;
}

/* the CRTC of a register the block only has at @base for each CRTC */
static unsigned int crtc_of(uint32_t offset, uint32_t base)
{
	int n = crtc_at(offset, base);

	return n < 0 ? 0 : n;
}

/**
 * sim_crtc_pixel_khz - the pixel clock CRTC @crtc gets from its PPLL (for
 * DP, from the link the PPLL clocks: pll.c)
 * @sim: the simulator
 * @crtc: the CRTC
 *
 * Return: kHz, 0 while its PPLL is in reset or asleep.
 */
uint64_t sim_crtc_pixel_khz(const struct sim *sim, unsigned int crtc)
{
	return sim_pll_pixel_khz(sim, crtc % 2, sim_pll_khz(sim, crtc % 2, NULL, NULL));
}

/* the timing CRTC @n runs at now, or all 0 */
static struct timing timing_of(const struct sim *sim, unsigned int n)
{
	uint32_t vb = creg(sim, n, VBIOS_CRTC_V_BLANK_START_END);
	uint64_t khz = sim_crtc_pixel_khz(sim, n);
	struct timing t = {
		.htotal = (creg(sim, n, VBIOS_CRTC_H_TOTAL) & 0x3fff) + 1,
		.vtotal = (creg(sim, n, VBIOS_CRTC_V_TOTAL) & 0x3fff) + 1,
		.vbl_start = vb & 0x3fff, .vbl_end = vb >> 16 & 0x3fff,
	};

	if (!(creg(sim, n, VBIOS_CRTC_CONTROL) & VBIOS_CRTC_MASTER_EN) || !khz ||
	    t.vbl_start > t.vtotal || t.vbl_end >= t.vbl_start)
		return (struct timing){ 0 };
	t.period_ns = (uint64_t)t.htotal * t.vtotal * 1000000ull / khz;
	return t;
}

/* frames begun since t0 (the counter's increments) */
static uint64_t frames_at(const struct crtc_clock *c, uint64_t now)
{
	return (now - c->t0) / c->t.period_ns;
}

/* when vblank number @k (0 the first) starts */
static uint64_t vblank_time(const struct crtc_clock *c, uint64_t k)
{
	return c->t0 + k * c->t.period_ns + c->t.period_ns * c->t.vbl_start / c->t.vtotal;
}

/* vblank starts up to @now */
static uint64_t vblanks_at(const struct crtc_clock *c, uint64_t now)
{
	uint64_t first = vblank_time(c, 0);

	return now < first ? 0 : (now - first) / c->t.period_ns + 1;
}

static void latch(struct sim *sim, unsigned int n)
{
	struct crtc_clock *c = &clk[n];

	sim_reg_set(sim, GRPH_PRIMARY + vbios_crtc_offset[n], c->addr);
	sim_reg_set(sim, GRPH_PRIMARY_HIGH + vbios_crtc_offset[n], c->addr_high);
	c->pending = false;
}

static void vblank_event(struct sim *sim, unsigned int n)
{
	struct crtc_clock *c = &clk[n];
	uint32_t off = vbios_crtc_offset[n];

	sim_reg_set(sim, VBLANK_STATUS + off, sim_reg_get(sim, VBLANK_STATUS + off) |
		    VBLANK_OCCURRED);
	if (c->pending && !(creg(sim, n, GRPH_UPDATE) & GRPH_UPDATE_LOCK)) {
		latch(sim, n);
		sim_reg_set(sim, GRPH_INT_STATUS + off, GRPH_PFLIP_OCCURRED);
		if (creg(sim, n, GRPH_INT_CONTROL) & GRPH_PFLIP_INT_MASK)
			sim_ih_raise(sim, IH_SRC_PFLIP(n), 0);
	}
	if (creg(sim, n, INT_MASK) & VBLANK_INT_MASK)
		sim_ih_raise(sim, IH_SRC_VBLANK(n), 0);
}

/* the CRTC starts, stops or changes timing: its counters go on from here */
static void restart(struct sim *sim, unsigned int n, const struct timing *t, uint64_t now)
{
	struct crtc_clock *c = &clk[n];

	if (c->t.period_ns)
		c->frames_before += frames_at(c, now);
	c->t = *t;
	c->t0 = now;
	c->vblanks_seen = 0;
	if (t->period_ns)
		sim_log(sim, "crtc%u timer: total %ux%u, frame %llu ns, vblank from line %u to %u",
			n, t->htotal, t->vtotal, (unsigned long long)t->period_ns,
			t->vbl_start, t->vbl_end);
	else if (c->pending && !(creg(sim, n, GRPH_UPDATE) & GRPH_UPDATE_LOCK))
		latch(sim, n);
}

/* a CRTC whose next vblank start someone waits for (sim_vblank_next_ns()) */
static bool awaited(const struct sim *sim, unsigned int n)
{
	return clk[n].pending || (creg(sim, n, INT_MASK) & VBLANK_INT_MASK);
}

/* the first vblank start not yet handled is handled at @now: on time? */
static void account(struct sim *sim, const struct crtc_clock *c, uint64_t now)
{
	uint64_t late = now - vblank_time(c, c->vblanks_seen);

	if (late <= c->t.period_ns / 2)
		return;
	punctuality.late++;
	if (late > punctuality.worst_ns)
		punctuality.worst_ns = late;
	status_write(sim, now);
}

/**
 * sim_vblank_tick - what happened on the CRTCs since the last look
 * @sim: the simulator
 *
 * Starts and stops the CRTCs' clocks, and runs the vblank starts that
 * passed (one event per CRTC, however many).
 */
void sim_vblank_tick(struct sim *sim)
{
	uint64_t now = now_ns(), seen;
	bool waited = false;
	struct timing t;
	unsigned int n;

	if (!sim->asic->has_vbios)
		return;
	for (n = 0; n < NCRTC; n++) {
		struct crtc_clock *c = &clk[n];

		t = timing_of(sim, n);
		if (t.period_ns != c->t.period_ns || t.vtotal != c->t.vtotal ||
		    t.vbl_start != c->t.vbl_start || t.vbl_end != c->t.vbl_end)
			restart(sim, n, &t, now);
		if (!c->t.period_ns)
			continue;
		seen = vblanks_at(c, now);
		if (awaited(sim, n)) {
			if (seen != c->vblanks_seen)
				account(sim, c, now);
			waited = true;
		}
		if (seen != c->vblanks_seen)
			vblank_event(sim, n);
		c->vblanks_seen = seen;
	}
	if (waited && now - punctuality.written_at >= STATUS_NS)
		status_write(sim, now);
}

/**
 * sim_vblank_next_ns - how long until a tick has something to do
 * @sim: the simulator
 *
 * Return: nanoseconds to the next vblank start of a CRTC whose vblank
 * interrupt is enabled or that has a flip pending, or -1 if none.
 */
int64_t sim_vblank_next_ns(struct sim *sim)
{
	uint64_t now = now_ns(), at, best = UINT64_MAX;
	unsigned int n;

	if (!sim->asic->has_vbios)
		return -1;
	for (n = 0; n < NCRTC; n++) {
		const struct crtc_clock *c = &clk[n];

		if (!c->t.period_ns ||
		    (!c->pending && !(creg(sim, n, INT_MASK) & VBLANK_INT_MASK)))
			continue;
		at = vblank_time(c, c->vblanks_seen);
		if (at < best)
			best = at;
	}
	if (best == UINT64_MAX)
		return -1;
	return best > now ? (int64_t)(best - now) : 0;
}

/* ---- registers ---- */

static uint32_t frame_count_read(struct sim *sim, const struct sim_reg *reg)
{
	const struct crtc_clock *c = &clk[crtc_of(reg->offset, CRTC_STATUS_FRAME_COUNT)];
	uint64_t frames = c->frames_before;

	sim_vblank_tick(sim);
	if (c->t.period_ns)
		frames += frames_at(c, now_ns());
	return (uint32_t)frames & FRAME_COUNT_MASK;
}

/* the line and pixel being scanned out; 0 when the CRTC does not run */
static void position(unsigned int n, uint32_t *line, uint32_t *pixel)
{
	const struct crtc_clock *c = &clk[n];
	uint64_t in, lines;

	*line = *pixel = 0;
	if (!c->t.period_ns)
		return;
	in = (now_ns() - c->t0) % c->t.period_ns;
	lines = in * c->t.vtotal;
	*line = lines / c->t.period_ns;
	*pixel = lines % c->t.period_ns * c->t.htotal / c->t.period_ns;
}

static uint32_t position_read(struct sim *sim, const struct sim_reg *reg)
{
	uint32_t line, pixel;

	sim_vblank_tick(sim);
	position(crtc_of(reg->offset, CRTC_STATUS_POSITION), &line, &pixel);
	return line | pixel << 16;
}

static uint32_t status_read(struct sim *sim, const struct sim_reg *reg)
{
	unsigned int n = crtc_of(reg->offset, CRTC_STATUS);
	uint32_t line, pixel;

	sim_vblank_tick(sim);
	if (!clk[n].t.period_ns)
		return 0;
	position(n, &line, &pixel);
	return line >= clk[n].t.vbl_start || line < clk[n].t.vbl_end;
}

static void ro_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	(void)sim;
	(void)reg;
	(void)val;
}

static uint32_t vblank_status_read(struct sim *sim, const struct sim_reg *reg)
{
	sim_vblank_tick(sim);
	return sim_reg_get(sim, reg->offset);
}

static void vblank_status_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	if (val & VBLANK_ACK)
		sim_reg_set(sim, reg->offset, sim_reg_get(sim, reg->offset) & ~VBLANK_OCCURRED);
}

static uint32_t disp_int_status_read(struct sim *sim, const struct sim_reg *reg)
{
	unsigned int n;

	sim_vblank_tick(sim);
	for (n = 0; n < NCRTC && disp_int_status[n] != reg->offset; n++)
		;
	return creg(sim, n, VBLANK_STATUS) & VBLANK_OCCURRED ? LB_VBLANK_INTERRUPT : 0;
}

static void int_mask_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_vblank_tick(sim);
	sim_reg_set(sim, reg->offset, val);
}

static uint32_t grph_int_status_read(struct sim *sim, const struct sim_reg *reg)
{
	sim_vblank_tick(sim);
	return sim_reg_get(sim, reg->offset);
}

static void grph_int_status_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	if (val & GRPH_PFLIP_CLEAR)
		sim_reg_set(sim, reg->offset, 0);
}

static void surface_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	int low = crtc_at(reg->offset, GRPH_PRIMARY);
	bool high = low < 0;
	unsigned int n = high ? crtc_of(reg->offset, GRPH_PRIMARY_HIGH) : (unsigned int)low;
	struct crtc_clock *c = &clk[n];

	sim_vblank_tick(sim);
	if (high)
		c->addr_high = val;
	else
		c->addr = val;
	c->pending = true;
	if (!c->t.period_ns && !(creg(sim, n, GRPH_UPDATE) & GRPH_UPDATE_LOCK))
		latch(sim, n);
}

static uint32_t surface_read(struct sim *sim, const struct sim_reg *reg)
{
	int low = crtc_at(reg->offset, GRPH_PRIMARY);

	(void)sim;
	if (low < 0)
		return clk[crtc_of(reg->offset, GRPH_PRIMARY_HIGH)].addr_high;
	return clk[low].addr;
}

static uint32_t grph_update_read(struct sim *sim, const struct sim_reg *reg)
{
	unsigned int n = crtc_of(reg->offset, GRPH_UPDATE);

	sim_vblank_tick(sim);
	return (sim_reg_get(sim, reg->offset) & ~GRPH_UPDATE_PENDING) |
	       (clk[n].pending ? GRPH_UPDATE_PENDING : 0);
}

static void grph_update_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	unsigned int n = crtc_of(reg->offset, GRPH_UPDATE);

	sim_vblank_tick(sim);
	sim_reg_set(sim, reg->offset, val & ~GRPH_UPDATE_PENDING);
	if (clk[n].pending && !clk[n].t.period_ns && !(val & GRPH_UPDATE_LOCK))
		latch(sim, n);
}

#define V(off, name, rd, wr)	{ off, name, 0, rd, wr }
#define VBLANK_REGS(n, o)						\
	V(CRTC_STATUS + (o), "CRTC" #n "_STATUS", status_read, ro_write),	\
	V(CRTC_STATUS_POSITION + (o), "CRTC" #n "_STATUS_POSITION", position_read, ro_write), \
	V(CRTC_STATUS_FRAME_COUNT + (o), "CRTC" #n "_STATUS_FRAME_COUNT",	\
	  frame_count_read, ro_write),					\
	V(INT_MASK + (o), "LB" #n "_INT_MASK", NULL, int_mask_write),	\
	V(VBLANK_STATUS + (o), "LB" #n "_VBLANK_STATUS", vblank_status_read, \
	  vblank_status_write),						\
	V(GRPH_INT_STATUS + (o), "GRPH" #n "_INT_STATUS", grph_int_status_read, \
	  grph_int_status_write),					\
	V(GRPH_INT_CONTROL + (o), "GRPH" #n "_INT_CONTROL", NULL, int_mask_write), \
	V(GRPH_PRIMARY + (o), "GRPH" #n "_PRIMARY_SURFACE_ADDRESS", surface_read, \
	  surface_write),						\
	V(GRPH_PRIMARY_HIGH + (o), "GRPH" #n "_PRIMARY_SURFACE_ADDRESS_HIGH", \
	  surface_read, surface_write),					\
	V(GRPH_UPDATE + (o), "GRPH" #n "_UPDATE", grph_update_read, grph_update_write)

static const struct sim_reg vblank_regs[] = {
	VBLANK_REGS(0, 0x0000), VBLANK_REGS(1, 0x0c00), VBLANK_REGS(2, 0x9800),
	VBLANK_REGS(3, 0xa400),
	V(0x60f4, "DISP_INTERRUPT_STATUS", disp_int_status_read, ro_write),
	V(0x60f8, "DISP_INTERRUPT_STATUS_CONTINUE", disp_int_status_read, ro_write),
	V(0x60fc, "DISP_INTERRUPT_STATUS_CONTINUE2", disp_int_status_read, ro_write),
	V(0x6100, "DISP_INTERRUPT_STATUS_CONTINUE3", disp_int_status_read, ro_write),
};

static const struct sim_block vblank_block = {
	.name = "dce4-vblank",
	.regs = vblank_regs,
	.nregs = sizeof(vblank_regs) / sizeof(vblank_regs[0]),
};

/**
 * sim_vblank_init - the CRTCs' timers, on a board with display controllers
 * @sim: the simulator, after sim_scanout_init() (this overrides its GRPH
 *	surface and update registers, and mc.c's interrupt masks)
 */
void sim_vblank_init(struct sim *sim)
{
	sim_regs_add_block(sim, &vblank_block);
}

/**
 * sim_vblank_status - start the control directory's "timing" file
 * @sim: the simulator
 *
 * Called once the control directory is known (none: nothing happens).
 */
void sim_vblank_status(struct sim *sim)
{
	status_write(sim, now_ns());
}
