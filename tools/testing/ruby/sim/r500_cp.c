// SPDX-License-Identifier: GPL-2.0-only
/*
 * R5xx's command processor: the ME's microcode RAM, the ring registers,
 * the scratch registers and their write-back, and a packet interpreter.
 *
 * The CP fetches while CP_CSQ_CNTL puts the primary queue in bus-master
 * mode; starting it compares the ME RAM with the microcode file the test
 * gave. Each write pointer move runs the packets up to it: type 0 and 1
 * write registers through their models (so GEN_INT_STATUS' SW_INT_FIRE
 * raises the interrupt) or latch the 3D state no model implements, a write of CP_IB_BUFSZ, the last of its packet,
 * runs the indirect buffer CP_IB_BASE names (one level deep), a scratch
 * register written while SCRATCH_UMSK has its bit is copied to
 * SCRATCH_ADDR + 4n, type 2 is a filler, type 3 NOP is skipped, the
 * other type-3 packets go to the draw model (r500_draw.c). Anything else,
 * or a fault, hangs the CP (CP-HANG) until RBBM_SOFT_RESET resets it.
 */
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "models.h"
#include "r500.h"

/* A run of dwords the CP reads: the ring (wrapping) or an IB. */
struct stream {
	uint64_t base;
	uint32_t mask;			/* ring: size - 1; IB: ~0 */
	uint32_t pos, end;		/* dwords */
};

static int fetch(struct sim *sim, const struct stream *s, uint32_t i, uint32_t *dw)
{
	return sim_gpu_read(sim, s->base + 4ull * ((s->pos + i) & s->mask), dw, 4);
}

static void hang(struct sim *sim, const struct stream *s, const char *why)
{
	sim->cp.hung = true;
	sim->stats.cp_hangs++;
	sim_log(sim, "CP-HANG ring=gfx %s=%u reason=%s", sim->cp.depth ? "ib_pos" : "rptr",
		s->pos, why);
}

static int run_stream(struct sim *sim, struct stream *s);

/* CP_IB_BUFSZ written: the indirect buffer runs, then the ring goes on. */
static int run_ib(struct sim *sim, const struct stream *s)
{
	struct stream ib = {
		.base = sim_reg_get(sim, R500_CP_IB_BASE) & ~3ull,
		.mask = ~0u,
		.end = sim_reg_get(sim, R500_CP_IB_BUFSZ) & R500_IB_BUFSZ,
	};
	int ret;

	if (sim->cp.depth) {
		hang(sim, s, "nested-ib");	/* IB2 is not modelled */
		return -1;
	}
	if (sim->trace)
		sim_log(sim, "cp ib at=%#llx ndw=%u", (unsigned long long)ib.base, ib.end);
	sim->r500.ibs++;
	sim->cp.depth++;
	ret = run_stream(sim, &ib);
	sim->cp.depth--;
	return ret;
}

static int scratch_writeback(struct sim *sim, const struct stream *s, uint32_t n,
			     uint32_t val)
{
	uint64_t addr;

	if (!(sim_reg_get(sim, R500_SCRATCH_UMSK) & (1u << n)))
		return 0;
	addr = (sim_reg_get(sim, R500_SCRATCH_ADDR) & R500_SCRATCH_ADDR_MASK) + 4 * n;
	if (sim_gpu_write(sim, addr, &val, 4)) {
		hang(sim, s, "scratch-writeback-fault");
		return -1;
	}
	sim->r500.scratch_writebacks++;
	return 0;
}

/*
 * The 3D engine's state a stream sets that no register model implements:
 * the VAP's registers (0x2000-0x2fff, and its viewport at 0x1d98-0x1dac)
 * and those of the engine's back half, GB to ZB (0x4000-0x4fff), latched
 * where the draw model (r500_draw.c) reads them, and the destination
 * cache flushes; NULL for any other register.
 */
static uint32_t *state3d(struct sim *sim, uint32_t reg)
{
	if (reg / 4 < SIM_NR_REGS && sim->reg_desc[reg / 4])
		return NULL;
	if (reg >= 0x2000 && reg < 0x3000)
		return &sim->r500.state3d[0][(reg - 0x2000) / 4];
	if (reg >= 0x4000 && reg < 0x5000)
		return &sim->r500.state3d[1][(reg - 0x4000) / 4];
	if (reg >= R500_VAP_VPORT_XSCALE && reg <= R500_VAP_VPORT_ZOFFSET)
		return &sim->r500.vport[(reg - R500_VAP_VPORT_XSCALE) / 4];
	/* the 3D and 2D destination caches: a flush completes at once */
	if (reg == R500_DSTCACHE_CTLSTAT || reg == R500_RB2D_DSTCACHE_CTLSTAT)
		return &sim->r500.cache_flush;
	return NULL;
}

/* One register write of a packet: @last, the packet's last write. */
static int cp_write(struct sim *sim, const struct stream *s, uint32_t reg, uint32_t val,
		    bool last)
{
	uint32_t *state = state3d(sim, reg);
	const char *why;

	if (state) {
		*state = val;
		if (reg != R500_ZB_ZPASS_ADDR || !sim_r500_zpass(sim, val, &why))
			return 0;
		hang(sim, s, why);
		return -1;
	}
	sim_mmio_write(sim, reg, 4, val);
	if (reg >= R500_SCRATCH_REG0 && reg < R500_SCRATCH_REG0 + 4 * R500_SCRATCH_REGS)
		return scratch_writeback(sim, s, (reg - R500_SCRATCH_REG0) / 4, val);
	if (reg != R500_CP_IB_BUFSZ)
		return 0;
	if (!last) {
		hang(sim, s, "ib-bufsz-not-last-write");
		return -1;
	}
	return run_ib(sim, s);
}

static int type0(struct sim *sim, const struct stream *s, uint32_t hdr, uint32_t n)
{
	uint32_t reg = R500_PKT0_REG(hdr), i, val;

	for (i = 0; i < n; i++) {
		if (fetch(sim, s, 1 + i, &val)) {
			hang(sim, s, "fetch-fault");
			return -1;
		}
		if (cp_write(sim, s, reg, val, i == n - 1))
			return -1;
		if (!(hdr & R500_PKT0_ONE_REG_WR))
			reg += 4;
	}
	return 0;
}

static int type1(struct sim *sim, const struct stream *s, uint32_t hdr)
{
	uint32_t val[2];

	if (fetch(sim, s, 1, &val[0]) || fetch(sim, s, 2, &val[1])) {
		hang(sim, s, "fetch-fault");
		return -1;
	}
	if (cp_write(sim, s, R500_PKT1_REG0(hdr), val[0], false))
		return -1;
	return cp_write(sim, s, R500_PKT1_REG1(hdr), val[1], true);
}

/* Type 3: NOP is skipped; the draw model (the ASIC table's) runs the others */
static int type3(struct sim *sim, const struct stream *s, uint32_t hdr, uint32_t n)
{
	static uint32_t body[1u << 14];
	const char *why = "unknown-packet3";
	char buf[64];
	uint32_t i;

	if (R500_PKT3_OP(hdr) == R500_PKT3_NOP)
		return 0;
	for (i = 0; i < n; i++) {
		if (fetch(sim, s, 1 + i, &body[i])) {
			hang(sim, s, "fetch-fault");
			return -1;
		}
	}
	if (sim->asic->exec_type3 && !sim->asic->exec_type3(sim, R500_PKT3_OP(hdr), body, n, &why))
		return 0;
	snprintf(buf, sizeof(buf), "%s-op-%#x", why, R500_PKT3_OP(hdr));
	hang(sim, s, buf);
	return -1;
}

static int run_packet(struct sim *sim, struct stream *s)
{
	uint32_t hdr, type, n;
	int ret;

	if (fetch(sim, s, 0, &hdr)) {
		hang(sim, s, "fetch-fault");
		return -1;
	}
	type = R500_PKT_TYPE(hdr);
	n = type == 2 ? 0 : type == 1 ? 2 : R500_PKT_COUNT(hdr);
	if (((s->end - s->pos) & s->mask) < n + 1) {
		hang(sim, s, "truncated-packet");
		return -1;
	}
	if (sim->trace)
		sim_log(sim, "pm4 at=%#llx hdr=%#x type=%u count=%u",
			(unsigned long long)(s->base + 4ull * s->pos), hdr, type, n);
	if (type != 2)
		sim->stats.packets++;
	ret = type == 0 ? type0(sim, s, hdr, n) : type == 1 ? type1(sim, s, hdr) :
	      type == 3 ? type3(sim, s, hdr, n) : 0;
	if (!ret)
		s->pos = (s->pos + 1 + n) & s->mask;
	return ret;
}

static int run_stream(struct sim *sim, struct stream *s)
{
	while (s->pos != s->end)
		if (run_packet(sim, s))
			return -1;
	return 0;
}

static uint32_t csq_mode(const struct sim *sim)
{
	return sim_reg_get(sim, R500_CP_CSQ_CNTL) >> R500_CSQ_MODE_SHIFT;
}

static bool cp_running(const struct sim *sim)
{
	uint32_t mode = csq_mode(sim);

	return (mode == R500_CSQ_PRIBM_INDDIS || mode == R500_CSQ_PRIBM_INDBM) &&
	       !sim->cp.hung && !sim->cp.hang_on_start;
}

/* Run the ring from the read pointer to the write pointer, write rptr back. */
void sim_r500_cp_run(struct sim *sim)
{
	uint32_t size = 2u << (sim_reg_get(sim, R500_CP_RB_CNTL) & R500_RB_BUFSZ);
	struct stream ring = {
		.base = sim_reg_get(sim, R500_CP_RB_BASE) & ~3ull,
		.mask = size - 1,
		.pos = sim->cp.rptr & (size - 1),
		.end = sim_reg_get(sim, R500_CP_RB_WPTR) & (size - 1),
	};

	/* a packet writing CP_RB_WPTR or CP_CSQ_CNTL does not restart the ring */
	if (!cp_running(sim) || ring.pos == ring.end || sim->r500.cp_busy)
		return;
	sim->r500.cp_busy = true;
	run_stream(sim, &ring);
	sim->r500.cp_busy = false;
	sim->cp.rptr = ring.pos;
	if (sim_reg_get(sim, R500_CP_RB_CNTL) & R500_RB_NO_UPDATE)
		return;
	sim_gpu_write(sim, sim_reg_get(sim, R500_CP_RB_RPTR_ADDR) & ~3ull, &sim->cp.rptr, 4);
}

static void wptr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim_r500_cp_run(sim);
}

static void rptr_wr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (sim_reg_get(sim, R500_CP_RB_CNTL) & R500_RB_RPTR_WR_ENA)
		sim->cp.rptr = val;
}

static uint32_t rptr_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return sim->cp.rptr;
}

/* Bus-master modes start the CP with what the ME RAM holds; PIO is not modelled. */
static void csq_cntl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	uint32_t was = csq_mode(sim), mode = val >> R500_CSQ_MODE_SHIFT;

	sim_reg_set(sim, reg->offset, val);
	if (mode && mode != R500_CSQ_PRIBM_INDDIS && mode != R500_CSQ_PRIBM_INDBM) {
		sim->stats.unmodelled++;
		sim_log(sim, "UNMODELLED cp CSQ mode %u (PIO)", mode);
		return;
	}
	if (mode != was && mode)
		sim_log(sim, "cp: started (CSQ mode %u)", mode);
	if (mode != was && !mode)
		sim_log(sim, "cp: stopped, having run %llu IBs, %llu scratch write-backs, draws: %llu indexed, %llu listed, %llu immediate, %llu index buffers, %llu occlusion counts, %llu HyperZ clears",
			(unsigned long long)sim->r500.ibs,
			(unsigned long long)sim->r500.scratch_writebacks,
			(unsigned long long)sim->r500.draws[0], (unsigned long long)sim->r500.draws[1],
			(unsigned long long)sim->r500.draws[2],
			(unsigned long long)sim->r500.index_buffers,
			(unsigned long long)sim->r500.zpass_writes,
			(unsigned long long)sim->r500.hyperz_clears);
	if (mode != was) {
		sim->r500.ibs = sim->r500.scratch_writebacks = sim->r500.index_buffers = 0;
		sim->r500.zpass_writes = sim->r500.hyperz_clears = 0;
		memset(sim->r500.draws, 0, sizeof(sim->r500.draws));
	}
	if (!mode)
		return;
	sim_ucode_check(sim, &sim->me);
	sim_r500_cp_run(sim);
}

/* A CP soft reset clears a hang and the read pointer. */
static void soft_reset_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (!(val & R500_SOFT_RESET_CP))
		return;
	if (sim->cp.hung)
		sim_log(sim, "cp reset: hang cleared");
	sim->stats.cp_resets++;
	sim->cp.hung = false;
	sim->cp.rptr = 0;
	sim->r500.pending_vf = 0;
}

static uint32_t rbbm_status_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return R500_RBBM_FIFO_FREE |
	       (sim->cp.hung ? R500_RBBM_GUI_ACTIVE | R500_RBBM_CP_BUSY : 0);
}

/*
 * The ME RAM: 64-bit words, DATAH then DATAL, the address advancing
 * after DATAL; sim->me holds them as the file does, high word first.
 * Writing address 0 after a load starts a new one, checked again.
 */
static void me_addr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim->me.addr = 2 * (val % R500_CP_ME_RAM_WORDS);
	if (val == 0 && sim->me.high)
		sim->me.checked = false;
}

static void me_data_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	struct sim_ucode *me = &sim->me;

	if (reg->offset == R500_CP_ME_RAM_DATAH) {
		me->words[me->addr] = val;
		return;
	}
	me->words[me->addr + 1] = val;
	if (me->addr + 2 > me->high)
		me->high = me->addr + 2;
	me->addr = (me->addr + 2) % (2 * R500_CP_ME_RAM_WORDS);
}

static void me_raddr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim->r500.me_raddr = val % R500_CP_ME_RAM_WORDS;
}

static uint32_t me_data_read(struct sim *sim, const struct sim_reg *reg)
{
	uint32_t i = sim->r500.me_raddr;

	if (reg->offset == R500_CP_ME_RAM_DATAH)
		return sim->me.words[2 * i];
	sim->r500.me_raddr = (i + 1) % R500_CP_ME_RAM_WORDS;
	return sim->me.words[2 * i + 1];
}

#define STORE(off, name)	SIM_STORE(off, name)
#define HOOKS(off, name, rd, wr) { off, name, 0, rd, wr }
#define SCRATCH(n)	STORE(R500_SCRATCH_REG0 + 4 * (n), "SCRATCH_REG" #n)

static const struct sim_reg cp_regs[] = {
	HOOKS(R500_RBBM_SOFT_RESET, "RBBM_SOFT_RESET", NULL, soft_reset_write),
	HOOKS(R500_RBBM_STATUS, "RBBM_STATUS", rbbm_status_read, sim_r600_ro_write),
	STORE(R500_CP_RB_BASE, "CP_RB_BASE"),
	STORE(R500_CP_RB_CNTL, "CP_RB_CNTL"),
	STORE(R500_CP_RB_RPTR_ADDR, "CP_RB_RPTR_ADDR"),
	HOOKS(R500_CP_RB_RPTR, "CP_RB_RPTR", rptr_read, sim_r600_ro_write),
	HOOKS(R500_CP_RB_WPTR, "CP_RB_WPTR", NULL, wptr_write),
	STORE(R500_CP_RB_WPTR_DELAY, "CP_RB_WPTR_DELAY"),
	HOOKS(R500_CP_RB_RPTR_WR, "CP_RB_RPTR_WR", NULL, rptr_wr_write),
	STORE(R500_CP_IB_BASE, "CP_IB_BASE"),
	STORE(R500_CP_IB_BUFSZ, "CP_IB_BUFSZ"),
	HOOKS(R500_CP_CSQ_CNTL, "CP_CSQ_CNTL", NULL, csq_cntl_write),
	STORE(R500_CP_CSQ_MODE, "CP_CSQ_MODE"),
	STORE(R500_SCRATCH_UMSK, "SCRATCH_UMSK"),
	STORE(R500_SCRATCH_ADDR, "SCRATCH_ADDR"),
	SIM_RO(R500_CP_STAT, "CP_STAT", 0),
	SIM_RO(R500_CP_CSQ_STAT, "CP_CSQ_STAT", 0),
	HOOKS(R500_CP_ME_RAM_ADDR, "CP_ME_RAM_ADDR", NULL, me_addr_write),
	HOOKS(R500_CP_ME_RAM_RADDR, "CP_ME_RAM_RADDR", NULL, me_raddr_write),
	HOOKS(R500_CP_ME_RAM_DATAH, "CP_ME_RAM_DATAH", me_data_read, me_data_write),
	HOOKS(R500_CP_ME_RAM_DATAL, "CP_ME_RAM_DATAL", me_data_read, me_data_write),
	SCRATCH(0), SCRATCH(1), SCRATCH(2), SCRATCH(3),
	SCRATCH(4), SCRATCH(5), SCRATCH(6), SCRATCH(7),
};

const struct sim_block sim_r500_cp_block = {
	.name = "r500-cp",
	.regs = cp_regs,
	.nregs = sizeof(cp_regs) / sizeof(cp_regs[0]),
};
