// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the command-stream checker, built from the checker's own
 * source: the register tables of every generation leave the privileged
 * blocks alone, and the walker's rules hold.
 */

#include <kunit/test.h>

#include "../ruby_cs_check.c"
#include "../evergreen/evergreen_cs.c"
#include "../r600/r600_cs.h"
#include "../r500/r500_cs.h"

/* Blocks no stream may touch on Evergreen/NI, inclusive byte ranges */
static const struct rcs_reg_range eg_privileged[] = {
	{ 0x0000, 0x03fc },	/* MM_INDEX/DATA, RCU, VGA */
	{ 0x0b00, 0x0bfc },	/* DMIF */
	{ 0x0e00, 0x0ffc },	/* SRBM: status, soft reset, interrupts */
	{ 0x1400, 0x15fc },	/* VM contexts: the GART */
	{ 0x2000, 0x2ffc },	/* memory controller, HDP */
	{ 0x3e00, 0x3efc },	/* interrupt handler */
	{ 0x3f00, 0x3ffc },	/* RLC */
	{ 0x5400, 0x54fc },	/* bus interface, HDP flushes */
	{ 0x6000, 0x7ffc },	/* display */
	{ 0x8000, 0x803c },	/* GRBM status, soft reset, GFX index */
	{ 0x8060, 0x806c },	/* GRBM interrupts */
	{ 0x8500, 0x85fc },	/* scratch, CP semaphores and coherency */
	{ 0x8600, 0x87fc },	/* CP: ME control, ring pointers */
	{ 0x9010, 0x9014 },	/* shader memory export base and size */
	{ 0x98f0, 0x98fc },	/* tiling and backend configuration */
	{ 0xc000, 0xc3fc },	/* CP ring buffer and microcode ports */
	{ 0xd000, 0xdffc },	/* async DMA */
	{ 0xef00, 0xf7fc },	/* UVD */
	/*
	 * constant buffers: bases and sizes are only ever taken by handlers
	 * (every stage's tracked, and bounded at draws), never by the plain
	 * list
	 */
	{ 0x28140, 0x281fc },	/* SQ_ALU_CONST_BUFFER_SIZE_PS/VS/GS */
	{ 0x28f80, 0x28ffc },	/* SQ_ALU_CONST_BUFFER_SIZE_HS/LS */
	{ 0x28940, 0x289fc },	/* SQ_ALU_CONST_CACHE_PS/VS/GS: their addresses */
	{ 0x28f00, 0x28f7c },	/* SQ_ALU_CONST_CACHE_HS/LS: theirs */
	/* shader programs: relocated by handlers */
	{ 0x28840, 0x28840 }, { 0x2885c, 0x2885c }, { 0x28874, 0x28874 },
	{ 0x2888c, 0x2888c }, { 0x288a4, 0x288a4 }, { 0x288b8, 0x288b8 },
	{ 0x288d0, 0x288d0 },
	/*
	 * RATs (colour buffers' DIM, colour buffers 8-11, immediate buffers)
	 * and GDS: taken by handlers
	 */
	{ 0x28c78, 0x28c78 }, { 0x28e1c, 0x28e1c }, { 0x28e40, 0x28eac },
	{ 0x28b9c, 0x28bc8 }, { 0x28720, 0x28758 },
	/* shader rings (bases, sizes): taken by handlers, bounded at draws */
	{ 0x8c40, 0x8c6c }, { 0x8e10, 0x8e1c },
};

/*
 * Blocks no stream may touch on R6xx/R7xx (offsets of upstream's
 * r600d.h), inclusive byte ranges
 */
static const struct rcs_reg_range r600_privileged[] = {
	{ 0x0000, 0x03fc },	/* MM_INDEX/DATA, bus and VGA control */
	{ 0x0e00, 0x0ffc },	/* SRBM: status, soft reset */
	{ 0x1400, 0x16fc },	/* VM L2 and contexts: the GART */
	{ 0x2000, 0x2ffc },	/* memory controller, HDP, tiling of the MC/HDP */
	{ 0x3e00, 0x3efc },	/* interrupt handler */
	{ 0x3f00, 0x3ffc },	/* RLC */
	{ 0x5400, 0x54fc },	/* bus interface: memory size, interrupts, HDP flushes */
	{ 0x6000, 0x7ffc },	/* display */
	{ 0x8000, 0x803c },	/* GRBM: control, status, soft reset */
	{ 0x8060, 0x806c },	/* GRBM interrupts */
	{ 0x8500, 0x87fc },	/* scratch, CP coherency, ME control, perfmon */
	{ 0x8c40, 0x8c7c },	/* shader rings: bases and sizes */
	{ 0x9010, 0x9014 },	/* shader memory export base and size */
	{ 0x98f0, 0x98fc },	/* tiling and backend configuration */
	{ 0xc000, 0xc3fc },	/* CP ring buffer, interrupts, microcode ports */
	{ 0xd000, 0xdffc },	/* async DMA */
	/* addresses and sizes only the handlers take */
	{ 0x28000, 0x28014 },	/* DB: size, view, base, info, HTILE base */
	{ 0x28040, 0x2811c },	/* colour buffers 0-7: every register */
	{ 0x28140, 0x281fc },	/* SQ_ALU_CONST_BUFFER_SIZE_PS/VS/GS */
	{ 0x28238, 0x28238 },	/* CB_TARGET_MASK */
	{ 0x28840, 0x28840 }, { 0x28858, 0x28858 }, { 0x2886c, 0x2886c },
	{ 0x28880, 0x28880 }, { 0x28894, 0x28894 },	/* programs */
	{ 0x28940, 0x289fc },	/* SQ_ALU_CONST_CACHE_PS/VS/GS */
	{ 0x28ab0, 0x28ab0 }, { 0x28ad0, 0x28b0c }, { 0x28b20, 0x28b20 },	/* stream-out */
	{ 0x28c04, 0x28c04 },	/* PA_SC_AA_CONFIG */
	{ 0x28d24, 0x28d24 },	/* DB_HTILE_SURFACE */
};

/*
 * Blocks no R5xx stream may touch (offsets of upstream's radeon_reg.h,
 * r500_reg.h), inclusive byte ranges: no type-0 entry there may accept
 * a write
 */
static const struct rcs_reg_range r500_privileged[] = {
	{ 0x0000, 0x0ffc },	/* config, bus, MC, interrupts, CRTCs, CP ring, RBBM */
	{ 0x1400, 0x16fc },	/* the 2D engine (the kernel's pitch/offsets), scratch */
	{ 0x1724, 0x17fc },	/* ISYNC, RBBM GUI control */
	{ 0x4e54, 0x4e7c },	/* CMASK: an address with no relocation */
	{ 0x6000, 0x7ffc },	/* display */
};

/* Registers carrying addresses: R5xx's type-0 table may only give them a handler row */
static const struct rcs_reg_range r500_handler_only[] = {
	{ 0x4540, 0x457c },	/* TX_OFFSET_n */
	{ 0x4e28, 0x4e44 },	/* RB3D_COLOROFFSETn, RB3D_COLORPITCHn */
	{ 0x4e80, 0x4e88 },	/* AA resolve */
	{ 0x4f20, 0x4f24 },	/* ZB_DEPTHOFFSET, ZB_DEPTHPITCH */
	{ 0x4f5c, 0x4f5c },	/* ZB_ZPASS_ADDR */
};

static bool overlaps(const struct rcs_reg_range *a, const struct rcs_reg_range *b)
{
	return a->first <= b->last && b->first <= a->last;
}

/* How many registers a window's table (context or config) allows in @priv */
static unsigned int privileged_table_hits(struct kunit *test, const struct rcs_gen *gen,
					  const u16 *table, u32 base, u32 end,
					  const struct rcs_reg_range *priv)
{
	unsigned int hits = 0;
	u32 reg;

	if (!table)
		return 0;
	for (reg = priv->first; reg <= priv->last; reg += 4) {
		if (reg < base || reg >= end || !table[(reg - base) / 4])
			continue;
		kunit_info(test, "%s: table register %#x is in %#x-%#x\n", gen->name,
			   reg, priv->first, priv->last);
		hits++;
	}
	return hits;
}

/* How many allowed ranges (or context registers) of @gen touch a privileged block */
static unsigned int privileged_hits(struct kunit *test, const struct rcs_gen *gen,
				    const struct rcs_reg_range *priv, unsigned int n)
{
	unsigned int i, j, hits = 0;

	for (j = 0; j < n; j++) {
		hits += privileged_table_hits(test, gen, gen->context_regs, gen->context_base,
					      gen->context_end, &priv[j]);
		hits += privileged_table_hits(test, gen, gen->config_regs, gen->config_base,
					      gen->config_end, &priv[j]);
	}
	for (i = 0; i < gen->nregs; i++)
		for (j = 0; j < n; j++)
			if (overlaps(&gen->regs[i], &priv[j])) {
				kunit_info(test, "%s: %#x-%#x overlaps %#x-%#x\n",
					   gen->name, gen->regs[i].first,
					   gen->regs[i].last, priv[j].first,
					   priv[j].last);
				hits++;
			}
	return hits;
}

/* Does one write of @v to @reg, relocated into a large writable buffer, pass */
static bool type0_accepts(const struct rcs_gen *gen, u32 reg, u32 v)
{
	static const struct rcs_bo bo = { .gpu_addr = 0x100000, .size = 1 << 20, .write = true };
	u32 ib[] = { (reg >> 2) & 0x1fff, v, PKT3_RELOC_NOP, 0 };
	struct rcs_parser p = { .ib = ib, .ndw = ARRAY_SIZE(ib), .bos = &bo, .nbos = 1,
				.gen = gen, .keep_tiling = true };

	return rcs_check(&p) == 0;
}

/* Does @gen's type-0 table let a stream write @reg: plain, or a row that accepts */
static bool type0_allowed(const struct rcs_gen *gen, u32 reg, bool rows_too)
{
	u8 e = reg < gen->type0_end ? gen->type0_regs[reg / 4] : RCS_T0_DENY;

	if (e == RCS_T0_DENY)
		return false;
	if (e == RCS_T0_PLAIN)
		return true;
	return rows_too && (type0_accepts(gen, reg, 0) || type0_accepts(gen, reg, ~0u));
}

/*
 * How many registers of @priv @gen's type-0 table lets a stream write:
 * plain ones, and rows that accept 0 or all ones (with @rows_too)
 */
static unsigned int type0_hits(struct kunit *test, const struct rcs_gen *gen,
			       const struct rcs_reg_range *priv, unsigned int n, bool rows_too)
{
	unsigned int j, hits = 0;
	u32 reg;

	for (j = 0; j < n; j++)
		for (reg = priv[j].first; reg <= priv[j].last; reg += 4) {
			if (!type0_allowed(gen, reg, rows_too))
				continue;
			kunit_info(test, "%s: type-0 register %#x is in %#x-%#x\n", gen->name,
				   reg, priv[j].first, priv[j].last);
			hits++;
		}
	return hits;
}

static void ruby_cs_no_privileged_register(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, type0_hits(test, &rcs_r500, r500_privileged,
					 ARRAY_SIZE(r500_privileged), true), 0);
	KUNIT_EXPECT_EQ(test, type0_hits(test, &rcs_r500, r500_handler_only,
					 ARRAY_SIZE(r500_handler_only), false), 0);
	KUNIT_EXPECT_EQ(test, privileged_hits(test, &rcs_r500, r500_privileged,
					      ARRAY_SIZE(r500_privileged)), 0);
	KUNIT_EXPECT_EQ(test, privileged_hits(test, &rcs_evergreen, eg_privileged,
					      ARRAY_SIZE(eg_privileged)), 0);
	KUNIT_EXPECT_EQ(test, privileged_hits(test, &rcs_r600, r600_privileged,
					      ARRAY_SIZE(r600_privileged)), 0);
	KUNIT_EXPECT_EQ(test, privileged_hits(test, &rcs_r700, r600_privileged,
					      ARRAY_SIZE(r600_privileged)), 0);
}

/*
 * the check above can fail: a table with one bad range is caught, and so
 * are a context table allowing a constant buffer's address and a config
 * table allowing GRBM_SOFT_RESET
 */
static void ruby_cs_privileged_check_catches(struct kunit *test)
{
	static const struct rcs_reg_range bad[] = {
		{ 0x8040, 0x804c }, { 0xc110, 0xc114 },
	};
	static u16 ctx[(PKT3_SET_CONTEXT_REG_END - PKT3_SET_CONTEXT_REG_START) / 4];
	static u16 cfg[CONFIG_REGS];
	struct rcs_gen gen = rcs_evergreen;

	gen.regs = bad;
	gen.nregs = ARRAY_SIZE(bad);
	KUNIT_EXPECT_EQ(test, privileged_hits(test, &gen, eg_privileged,
					      ARRAY_SIZE(eg_privileged)), 1);
	memcpy(ctx, eg_context_regs, sizeof(ctx));
	ctx[CTX_IDX(0x28940)] = 0xffff;
	gen.context_regs = ctx;
	KUNIT_EXPECT_EQ(test, privileged_hits(test, &gen, eg_privileged,
					      ARRAY_SIZE(eg_privileged)), 2);
	memcpy(cfg, eg_config_regs, sizeof(cfg));
	cfg[CFG_IDX(0x8020)] = 0xffff;
	gen.config_regs = cfg;
	KUNIT_EXPECT_EQ(test, privileged_hits(test, &gen, eg_privileged,
					      ARRAY_SIZE(eg_privileged)), 3);
}

/*
 * the R5xx check can fail too: a type-0 table with CP_RB_CNTL plain, or
 * a row on it that accepts, is caught; a row that always refuses is not
 */
static void ruby_cs_type0_privileged_check_catches(struct kunit *test)
{
	static u8 t0[0x7000 / 4];
	struct rcs_gen gen = rcs_r500;

	memcpy(t0, rcs_r500.type0_regs, rcs_r500.type0_end / 4);
	gen.type0_regs = t0;
	t0[0x0704 / 4] = RCS_T0_PLAIN;
	KUNIT_EXPECT_EQ(test, type0_hits(test, &gen, r500_privileged,
					 ARRAY_SIZE(r500_privileged), true), 1);
	/* ZB_DEPTHOFFSET's row: it accepts a relocated address */
	t0[0x0704 / 4] = t0[0x4f20 / 4];
	KUNIT_EXPECT_EQ(test, type0_hits(test, &gen, r500_privileged,
					 ARRAY_SIZE(r500_privileged), true), 1);
	/* CRTC_GUI_TRIG_VLINE's row refuses every value */
	t0[0x0704 / 4] = t0[0x0218 / 4];
	KUNIT_EXPECT_EQ(test, type0_hits(test, &gen, r500_privileged,
					 ARRAY_SIZE(r500_privileged), true), 0);
	t0[0x4e28 / 4] = RCS_T0_PLAIN;
	KUNIT_EXPECT_EQ(test, type0_hits(test, &gen, r500_handler_only,
					 ARRAY_SIZE(r500_handler_only), false), 1);
}

/* @gen's plain list: sorted, aligned, maximal */
static void tables_sorted(struct kunit *test, const struct rcs_gen *gen)
{
	unsigned int i;

	for (i = 0; i < gen->nregs; i++) {
		const struct rcs_reg_range *r = &gen->regs[i];

		KUNIT_EXPECT_LE(test, r->first, r->last);
		KUNIT_EXPECT_EQ(test, r->first & 3, 0);
		/* maximal: a gap of at least one register before each range */
		if (i)
			KUNIT_EXPECT_GT(test, r->first, gen->regs[i - 1].last + 4);
	}
}

/*
 * @gen's config table: maximal, as its list was (a run across two
 * adjacent ranges of different numbers would be refused)
 */
static void config_table_maximal(struct kunit *test, const struct rcs_gen *gen)
{
	unsigned int i, n = (gen->config_end - gen->config_base) / 4, ranges = 0;

	if (!gen->config_regs)
		return;
	for (i = 0; i < n; i++) {
		u16 id = gen->config_regs[i], prev = i ? gen->config_regs[i - 1] : 0;

		if (id && prev)
			KUNIT_EXPECT_EQ(test, id, prev);
		ranges += id && !prev;
	}
	KUNIT_EXPECT_GT(test, ranges, 0);
}

static void ruby_cs_tables_sorted(struct kunit *test)
{
	config_table_maximal(test, &rcs_evergreen);
	config_table_maximal(test, &rcs_r600);
	tables_sorted(test, &rcs_evergreen);
	tables_sorted(test, &rcs_r600);
	tables_sorted(test, &rcs_r700);
	/* R6xx and R7xx write the same registers outside the context window */
	KUNIT_EXPECT_PTR_EQ(test, rcs_r700.regs, rcs_r600.regs);
	KUNIT_EXPECT_PTR_EQ(test, rcs_r700.config_regs, rcs_r600.config_regs);
}

/*
 * Every context register is taken one way at most: plain (a range of
 * eg_context_regs[]) or by its row (eg_ctx_rows[]), never both; a colour
 * buffer's set has rows (eg_cb_reg()) up to FMASK_SLICE, and is plain
 * after
 */
static void ruby_cs_context_rows_disjoint(struct kunit *test)
{
	unsigned int i, both = 0, rows = 0;
	u32 rat11_dim = CTX_IDX(CB_COLOR8_BASE + 3 * 0x1c + CB_COLOR_DIM);

	for (i = 0; i < CONTEXT_REGS; i++) {
		if (eg_ctx_rows[i].kind == EG_CTX_DENY)
			continue;
		rows++;
		if (eg_context_regs[i]) {
			kunit_info(test, "%#x is plain and has a row\n",
				   PKT3_SET_CONTEXT_REG_START + 4 * i);
			both++;
		}
	}
	KUNIT_EXPECT_EQ(test, both, 0);
	/* the tracked registers are there: DB, colour buffers, programs... */
	KUNIT_EXPECT_GT(test, rows, 300);
	/* a colour buffer's set: eg_cb_reg() takes BASE .. FMASK_SLICE; CLEAR_WORDs: plain */
	for (i = 0; i < CB_REGS; i++) {
		u32 idx = CTX_IDX(CB_COLOR0_BASE + 5 * CB_COLOR_STRIDE) + i;

		if (i < CB_SET_REGS)
			KUNIT_EXPECT_EQ(test, eg_ctx_rows[idx].kind, EG_CTX_CB);
		else
			KUNIT_EXPECT_NE(test, eg_context_regs[idx], 0);
	}
	/* one register of each kind, as its row says */
	KUNIT_EXPECT_EQ(test, eg_ctx_rows[CTX_IDX(VGT_SHADER_STAGES_EN)].kind, EG_CTX_KEEP);
	KUNIT_EXPECT_EQ(test, eg_ctx_rows[CTX_IDX(SQ_PGM_START_LS)].kind, EG_CTX_PGM);
	KUNIT_EXPECT_EQ(test, eg_ctx_rows[CTX_IDX(CB_COLOR0_BASE + 7 * CB_COLOR_STRIDE +
						  CB_COLOR_INFO)].kind, EG_CTX_CB);
	KUNIT_EXPECT_EQ(test, eg_ctx_rows[rat11_dim].kind, EG_CTX_RAT);
	KUNIT_EXPECT_EQ(test, eg_ctx_rows[rat11_dim + 1].kind, EG_CTX_DENY);
	KUNIT_EXPECT_EQ(test, eg_ctx_rows[CTX_IDX(SQ_ALU_CONST_CACHE_HS_0 + 124)].kind,
			EG_CTX_CBUF);
}

static void ruby_cs_reg_lookup(struct kunit *test)
{
	/* the first, inside and last of a range; around it; unaligned */
	KUNIT_EXPECT_TRUE(test, rcs_reg_allowed(&rcs_evergreen, 0x8040));
	KUNIT_EXPECT_TRUE(test, rcs_reg_allowed(&rcs_evergreen, 0x8048));
	KUNIT_EXPECT_TRUE(test, rcs_reg_allowed(&rcs_evergreen, 0x804c));
	KUNIT_EXPECT_FALSE(test, rcs_reg_allowed(&rcs_evergreen, 0x803c));
	KUNIT_EXPECT_FALSE(test, rcs_reg_allowed(&rcs_evergreen, 0x8050));
	KUNIT_EXPECT_FALSE(test, rcs_reg_allowed(&rcs_evergreen, 0x8042));
	KUNIT_EXPECT_FALSE(test, rcs_reg_allowed(&rcs_evergreen, 0x28c60));
	KUNIT_EXPECT_FALSE(test, rcs_reg_allowed(&rcs_evergreen, 0xffffffff));
	/* runs: inside one range, or spilling out of it */
	KUNIT_EXPECT_TRUE(test, rcs_regs_allowed(&rcs_evergreen, 0x8040, 0x804c));
	KUNIT_EXPECT_FALSE(test, rcs_regs_allowed(&rcs_evergreen, 0x8040, 0x8050));
	KUNIT_EXPECT_FALSE(test, rcs_regs_allowed(&rcs_evergreen, 0x803c, 0x8044));
	/* the context window's table: plain, tracked, past the window */
	KUNIT_EXPECT_TRUE(test, rcs_regs_allowed(&rcs_evergreen, 0x28250, 0x28354));
	KUNIT_EXPECT_FALSE(test, rcs_regs_allowed(&rcs_evergreen, 0x28250, 0x28358));
	KUNIT_EXPECT_FALSE(test, rcs_reg_allowed(&rcs_evergreen, 0x28140));
	KUNIT_EXPECT_FALSE(test, rcs_regs_allowed(&rcs_evergreen, 0x28ffc, 0x29000));
}

#define W(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

/* A parser for the test, off the stack: it is too big for a kernel frame */
static struct rcs_parser *new_parser(struct kunit *test)
{
	struct rcs_parser *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	return p;
}

static int run(u32 *ib, u32 ndw, const struct rcs_bo *bos, u32 nbos,
	       struct rcs_parser *p)
{
	*p = (struct rcs_parser){ .ib = ib, .ndw = ndw, .bos = bos, .nbos = nbos,
				  .gen = &rcs_evergreen, .keep_tiling = true };
	return rcs_check(p);
}

/* run() on a chip with @pipes tile pipes */
static int rcs_check_with(struct rcs_parser *p, u32 *ib, u32 ndw, const struct rcs_bo *bos,
			  u32 nbos, u32 pipes)
{
	*p = (struct rcs_parser){ .ib = ib, .ndw = ndw, .bos = bos, .nbos = nbos,
				  .gen = &rcs_evergreen, .num_pipes = pipes,
				  .keep_tiling = true };
	return rcs_check(p);
}

/* SET_PREDICATION reads query results: bounded by what the op reads */
static void ruby_cs_predication_rules(struct kunit *test)
{
	struct rcs_bo bo = { .gpu_addr = 0x100000, .size = 4096 };
	struct rcs_parser *p = new_parser(test);
	u32 ib[] = { W(0x20, 2), 4096 - 32, 1 << 16, W(0x10, 1), 0 };

	/* ZPASS on two render backends: 32 bytes, the buffer's last ones */
	*p = (struct rcs_parser){ .ib = ib, .ndw = 5, .bos = &bo, .nbos = 1,
				  .gen = &rcs_evergreen, .num_rbs = 2 };
	KUNIT_ASSERT_EQ(test, rcs_check(p), 0);
	KUNIT_EXPECT_EQ(test, ib[1], 0x100000u + 4096 - 32);
	/* four backends read 64 bytes: past the end */
	ib[1] = 4096 - 32;
	*p = (struct rcs_parser){ .ib = ib, .ndw = 5, .bos = &bo, .nbos = 1,
				  .gen = &rcs_evergreen, .num_rbs = 4 };
	KUNIT_EXPECT_EQ(test, rcs_check(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* PRIMCOUNT reads 32 whatever the backends */
	ib[1] = 4096 - 32;
	ib[2] = 2 << 16;
	KUNIT_EXPECT_EQ(test, rcs_check(p), 0);
	/* unaligned, an unknown op, the wrong size */
	ib[1] = 8;
	KUNIT_EXPECT_EQ(test, run(ib, 5, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "unaligned address");
	ib[1] = 0;
	ib[2] = 5 << 16;
	KUNIT_EXPECT_EQ(test, run(ib, 5, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "predication operation not supported");
	/* CLEAR: no relocation follows */
	ib[2] = 0;
	KUNIT_EXPECT_EQ(test, run(ib, 3, &bo, 1, p), 0);
	ib[0] = W(0x20, 3);
	KUNIT_EXPECT_EQ(test, run(ib, 4, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "SET_PREDICATION of the wrong size");
}

static void ruby_cs_relocates_and_bounds(struct kunit *test)
{
	struct rcs_bo bo = { .gpu_addr = 0x1234567000ull, .size = 4096, .write = true };
	u32 ib[] = { W(0x3d, 4), 4088, 0, 1, 2, W(0x10, 1), 0 };
	struct rcs_parser *p = new_parser(test);

	KUNIT_ASSERT_EQ(test, run(ib, ARRAY_SIZE(ib), &bo, 1, p), 0);
	/* 8 bytes at 4088: the last ones; patched to the real address */
	KUNIT_EXPECT_EQ(test, ib[1], 0x34567ff8u);
	KUNIT_EXPECT_EQ(test, ib[2] & 0xff, 0x12u);
	/* one byte more is out */
	ib[1] = 4092;
	ib[2] = 0;
	KUNIT_EXPECT_EQ(test, run(ib, ARRAY_SIZE(ib), &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	KUNIT_EXPECT_EQ(test, p->err_idx, 0);
	/* read-only */
	bo.write = false;
	ib[1] = 0;
	KUNIT_EXPECT_EQ(test, run(ib, ARRAY_SIZE(ib), &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
}

/*
 * Without KEEP_TILING_FLAGS the colour buffer's INFO takes a relocation
 * too, and the buffer's tiling flags replace the stream's array mode and
 * 2D fields; with it, the stream's stand.
 */
static void ruby_cs_tiling_from_buffer(struct kunit *test)
{
	/* 2D, bank width 2, tile split 256 bytes */
	struct rcs_bo bo = { .gpu_addr = 0x100000, .size = 1 << 16, .write = true,
			     .tiling_flags = BIT(0) | 2 << 8 | 2 << 24 };
	u32 ib[] = { W(0x69, 7), (0x28c60 - 0x28000) / 4, 0, 7, 63, 0,
		     (0x1a << 2) | (1 << 8), 0,
		     W(0x10, 1), 0, W(0x10, 1), 0, W(0x10, 1), 0 };
	struct rcs_parser *p = new_parser(test);

	*p = (struct rcs_parser){ .ib = ib, .ndw = ARRAY_SIZE(ib), .bos = &bo, .nbos = 1,
				  .gen = &rcs_evergreen, .num_banks = 8 };
	KUNIT_ASSERT_EQ(test, rcs_check(p), 0);
	KUNIT_EXPECT_EQ(test, ib[6], (0x1a << 2) | (4 << 8));	/* 2D now */
	/* eight banks (2), bank width 2 (1), tile split 2 */
	KUNIT_EXPECT_EQ(test, ib[7], 2 << 10 | 1 << 13 | 2 << 5);
	/* the INFO relocation is not optional then */
	ib[2] = 0;
	ib[6] = (0x1a << 2) | (1 << 8);
	ib[7] = 0;
	*p = (struct rcs_parser){ .ib = ib, .ndw = ARRAY_SIZE(ib) - 2, .bos = &bo, .nbos = 1,
				  .gen = &rcs_evergreen };
	KUNIT_EXPECT_EQ(test, rcs_check(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "relocation NOP missing");
	/* with KEEP_TILING_FLAGS: two relocations, the stream's layout stands */
	ib[2] = 0;
	ib[6] = (0x1a << 2) | (1 << 8);
	KUNIT_EXPECT_EQ(test, run(ib, ARRAY_SIZE(ib) - 2, &bo, 1, p), 0);
	KUNIT_EXPECT_EQ(test, ib[6], (0x1a << 2) | (1 << 8));
	KUNIT_EXPECT_EQ(test, ib[7], 0);
}

static void ruby_cs_cp_dma_rules(struct kunit *test)
{
	struct rcs_bo bos[2] = {
		{ .gpu_addr = 0x1000000, .size = 4096 },
		{ .gpu_addr = 0x2000000, .size = 4096, .write = true },
	};
	/* 256 bytes from the start of buffer 0 to the end of buffer 1 */
	u32 copy[] = { W(0x41, 5), 0, 0, 3840, 0, 256, W(0x10, 1), 0, W(0x10, 1), 4 };
	/* a dword of data over 4 KiB of buffer 1: one relocation only */
	u32 fill[] = { W(0x41, 5), 0xdeadbeef, 2u << 29, 0, 0, 4096, W(0x10, 1), 4 };
	struct rcs_parser *p = new_parser(test);

	KUNIT_ASSERT_EQ(test, run(copy, ARRAY_SIZE(copy), bos, 2, p), 0);
	KUNIT_EXPECT_EQ(test, copy[1], 0x1000000u);
	KUNIT_EXPECT_EQ(test, copy[3], 0x2000f00u);
	copy[1] = 0;
	copy[3] = 3841;
	KUNIT_EXPECT_EQ(test, run(copy, ARRAY_SIZE(copy), bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* to a register (DAS): refused */
	copy[3] = 0;
	copy[5] = 256 | BIT(27);
	KUNIT_EXPECT_EQ(test, run(copy, ARRAY_SIZE(copy), bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "CP DMA mode not supported");
	KUNIT_EXPECT_EQ(test, run(fill, ARRAY_SIZE(fill), bos, 2, p), 0);
	KUNIT_EXPECT_EQ(test, fill[3], 0x2000000u);
	/* filling the read-only buffer */
	fill[3] = 0;
	fill[7] = 0;
	KUNIT_EXPECT_EQ(test, run(fill, ARRAY_SIZE(fill), bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
}

static void ruby_cs_walker_rules(struct kunit *test)
{
	struct rcs_bo bo = { .size = 4096, .write = true };
	u32 filler[] = { 0x80000000, 0x80000000 };
	u32 past[] = { W(0x10, 4), 0 };
	u32 huge[] = { 0xc3ff1000 };
	u32 type0[] = { 0x00002008, 0 };
	u32 ib_chain[] = { W(0x32, 3), 0, 0, 16 };
	u32 reloc_range[] = { W(0x3d, 4), 0, 0, 1, 2, W(0x10, 1), 4 };
	struct rcs_parser *p = new_parser(test);

	KUNIT_EXPECT_EQ(test, run(filler, 2, &bo, 1, p), 0);
	KUNIT_EXPECT_EQ(test, run(past, 2, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "packet runs past the end of the IB");
	KUNIT_EXPECT_EQ(test, run(huge, 1, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "packet runs past the end of the IB");
	KUNIT_EXPECT_EQ(test, run(type0, 2, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "type-0 packet");
	KUNIT_EXPECT_EQ(test, run(ib_chain, 4, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "opcode not allowed");
	KUNIT_EXPECT_EQ(test, p->err_val, 0x32);
	KUNIT_EXPECT_EQ(test, run(reloc_range, 7, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "relocation index out of range");
	/* a SET_CONTEXT_REG of its offset alone writes nothing: fine */
	KUNIT_EXPECT_EQ(test, run((u32[]){ W(0x69, 1), 0x3ff }, 2, &bo, 1, p), 0);
	KUNIT_EXPECT_EQ(test, run((u32[]){ W(0x69, 1), 0x400 }, 2, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "register outside the packet's window");
	/* an empty IB is fine: nothing to run */
	KUNIT_EXPECT_EQ(test, run(filler, 0, &bo, 1, p), 0);
}

/* A draw's state, built into @ib; returns the length. */
/* One context register: SET_CONTEXT_REG and its value; the dwords written */
static u32 ctx_reg(u32 *ib, u32 reg, u32 val)
{
	ib[0] = W(0x69, 2);
	ib[1] = (reg - 0x28000) / 4;
	ib[2] = val;
	return 3;
}

/* The NOP naming relocation @r of the chunk; the dwords written */
static u32 reloc(u32 *ib, u32 r)
{
	ib[0] = W(0x10, 1);
	ib[1] = 4 * r;
	return 2;
}

static u32 draw_stream(u32 *ib, u32 cb_slice, bool with_fs)
{
	u32 n = 0;

	ib[n++] = W(0x69, 7);			/* CB_COLOR0_BASE .. ATTRIB */
	ib[n++] = (0x28c60 - 0x28000) / 4;
	ib[n++] = 0;
	ib[n++] = 7;				/* 64 pixels a row */
	ib[n++] = cb_slice;
	ib[n++] = 0;
	ib[n++] = (0x1a << 2) | (1 << 8);	/* RGBA8, linear */
	ib[n++] = 0;
	n += reloc(&ib[n], 0);			/* base */
	n += reloc(&ib[n], 0);			/* attrib */
	n += ctx_reg(&ib[n], 0x28238, 0xf);	/* CB_TARGET_MASK: CB0 only */
	n += ctx_reg(&ib[n], 0x2885c, 0);	/* SQ_PGM_START_VS */
	n += reloc(&ib[n], 1);
	n += ctx_reg(&ib[n], 0x28840, 1);	/* SQ_PGM_START_PS */
	n += reloc(&ib[n], 1);
	if (with_fs) {
		n += ctx_reg(&ib[n], 0x288a4, 2);	/* SQ_PGM_START_FS */
		n += reloc(&ib[n], 1);
	}
	ib[n++] = W(0x2d, 2);			/* DRAW_INDEX_AUTO */
	ib[n++] = 3;
	ib[n++] = 2;
	return n;
}

static void ruby_cs_draw_rules(struct kunit *test)
{
	struct rcs_bo bos[2] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },	/* CB */
		{ .gpu_addr = 0x200000, .size = 4096 },				/* programs */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[64], n;

	/* 64x64 RGBA8 in a 16 KiB buffer, three programs: accepted, relocated */
	n = draw_stream(ib, 63, true);
	KUNIT_ASSERT_EQ(test, run(ib, n, bos, 2, p), 0);
	KUNIT_EXPECT_EQ(test, ib[2], 0x1000u);		/* CB base >> 8 */
	KUNIT_EXPECT_EQ(test, ib[22], 0x2001u);		/* PS start >> 8 */
	/* one slice more than the buffer holds */
	n = draw_stream(ib, 64, true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* no fetch shader: refused, whatever an earlier stream left */
	n = draw_stream(ib, 63, false);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "draw without its VS, PS and FS programs");
	/* CLEAR_STATE between the state and the draw: nothing of it stands */
	n = draw_stream(ib, 63, true);
	memmove(&ib[n - 1], &ib[n - 3], 3 * sizeof(u32));
	ib[n - 3] = W(0x12, 1);
	ib[n - 2] = 0;
	KUNIT_EXPECT_EQ(test, run(ib, n + 2, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "draw without its VS, PS and FS programs");
	/* 2D tiles, eight pipes, two banks: 64x16-pixel macro tiles fit 64x64 */
	n = draw_stream(ib, 63, true);
	ib[6] = (0x1a << 2) | (4 << 8);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), 0);
	/* bank width 2: a macro tile is 128 pixels wide, wider than a row */
	n = draw_stream(ib, 63, true);
	ib[6] = (0x1a << 2) | (4 << 8);
	ib[7] = 1 << 13;
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "2D surface not in whole macro tiles");
	/* aspect 8 with two banks: macro tiles of two rows, no such layout */
	n = draw_stream(ib, 63, true);
	ib[6] = (0x1a << 2) | (4 << 8);
	ib[7] = 3 << 19;
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "macro tile aspect");
	/* the colour buffer relocated read-only */
	bos[0].write = false;
	n = draw_stream(ib, 63, true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
}

/*
 * run() on a parser used before, as the CS ioctl reuses a client's: the
 * inputs set, the earlier check's tracked state left in it (cs_check())
 */
static int rerun(u32 *ib, u32 ndw, const struct rcs_bo *bos, u32 nbos, struct rcs_parser *p)
{
	memset(p, 0, offsetof(struct rcs_parser, track));
	p->ib = ib;
	p->ndw = ndw;
	p->bos = bos;
	p->nbos = nbos;
	p->gen = &rcs_evergreen;
	p->keep_tiling = true;
	return rcs_check(p);
}

/*
 * A constant buffer's base is kept out of the state's reset between
 * streams (struct rcs_eg_track's @cbuf): one that an earlier check on the
 * same parser set does not stand for the next stream
 */
static void ruby_cs_cbuf_base_per_stream(struct kunit *test)
{
	struct rcs_bo bos[3] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },	/* CB */
		{ .gpu_addr = 0x200000, .size = 4096 },				/* programs */
		{ .gpu_addr = 0x300000, .size = 4096 },				/* constants */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[64], n = 0;

	n += ctx_reg(&ib[n], 0x28180, 16);	/* SQ_ALU_CONST_BUFFER_SIZE_VS_0: 4 KiB */
	n += ctx_reg(&ib[n], 0x28980, 0);	/* SQ_ALU_CONST_CACHE_VS_0 */
	n += reloc(&ib[n], 2);
	n += draw_stream(&ib[n], 63, true);
	KUNIT_ASSERT_EQ(test, rerun(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_EQ(test, ib[5], 0x3000u);	/* the base, relocated */
	/* the next stream sizes it and draws, its base unset */
	n = ctx_reg(ib, 0x28180, 16);
	n += draw_stream(&ib[n], 63, true);
	KUNIT_EXPECT_EQ(test, rerun(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "constant buffer without a buffer");
	KUNIT_EXPECT_EQ(test, p->err_val, 16);	/* VS (1) * 16 + buffer 0 */
	/* one byte more than the buffer holds, its base set in this stream */
	n = ctx_reg(ib, 0x28180, 16);
	n += ctx_reg(&ib[n], 0x28980, 1);
	n += reloc(&ib[n], 2);
	n += draw_stream(&ib[n], 63, true);
	KUNIT_EXPECT_EQ(test, rerun(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
}

/*
 * Depth state for a 64x64 (one slice) depth buffer in relocation 2 and an
 * HTILE buffer in relocation 3, then draw_stream()'s draw; the length.
 */
static u32 depth_draw_stream(u32 *ib, u32 z_info, u32 htile_surface)
{
	u32 n = 0, i;

	ib[n++] = W(0x69, 9);			/* DB_Z_INFO .. DB_DEPTH_SLICE */
	ib[n++] = (0x28040 - 0x28000) / 4;
	ib[n++] = z_info;
	ib[n++] = 0;				/* no stencil */
	for (i = 0; i < 4; i++)
		ib[n++] = 0;			/* Z/stencil read/write bases */
	ib[n++] = 7 | 7 << 11;			/* 64 x 64 pixels */
	ib[n++] = 63;				/* 64 tiles a slice */
	for (i = 0; i < 4; i++)
		n += reloc(&ib[n], 2);
	n += ctx_reg(&ib[n], 0x28014, 0);	/* DB_HTILE_DATA_BASE */
	n += reloc(&ib[n], 3);
	n += ctx_reg(&ib[n], 0x28abc, htile_surface);
	return n + draw_stream(&ib[n], 63, true);
}

#define Z_24_1D		(2 | 2 << 4)
#define HTILE_ON	BIT(29)

static void ruby_cs_depth_rules(struct kunit *test)
{
	struct rcs_bo bos[4] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },	/* CB */
		{ .gpu_addr = 0x200000, .size = 4096 },				/* programs */
		{ .gpu_addr = 0x300000, .size = 64 * 64 * 4, .write = true },	/* Z */
		{ .gpu_addr = 0x400000, .size = 4096, .write = true },		/* HTILE */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[96], n;

	/* 24-bit Z, 1D tiles, 16 KiB: accepted, the four bases relocated */
	n = depth_draw_stream(ib, Z_24_1D, 3);
	KUNIT_ASSERT_EQ(test, run(ib, n, bos, 4, p), 0);
	KUNIT_EXPECT_EQ(test, ib[4], 0x3000u);
	KUNIT_EXPECT_EQ(test, ib[7], 0x3000u);
	KUNIT_EXPECT_EQ(test, ib[20], 0x4000u);		/* HTILE base */
	/* a page short (the stream is built again: the check patched it) */
	n = depth_draw_stream(ib, Z_24_1D, 3);
	bos[2].size -= 4096;
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bos[2].size += 4096;
	/* written: the Z buffer must be writable */
	bos[2].write = false;
	n = depth_draw_stream(ib, Z_24_1D, 3);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	bos[2].write = true;
	/*
	 * HTILE, two pipes: 64x64 pixels pad to 256x256, 32x32 tiles of a
	 * dword, 4 KiB; with four pipes the padding is 512 pixels wide, 8 KiB
	 */
	n = depth_draw_stream(ib, Z_24_1D | HTILE_ON, 3);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 4, 2), 0);
	n = depth_draw_stream(ib, Z_24_1D | HTILE_ON, 3);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 4, 4), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = depth_draw_stream(ib, Z_24_1D | HTILE_ON, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 4, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "HTILE of 4-pixel tiles not supported");
	/* 2D tiles, two pipes, two banks: 16x16-pixel macro tiles, 64x64 fits */
	n = depth_draw_stream(ib, 2 | 4 << 4, 3);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 4, 2), 0);
	/* a tile split that does not exist */
	n = depth_draw_stream(ib, 2 | 4 << 4 | 7 << 8, 3);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 4, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "tile split");
	/* bank width 8 with eight pipes: a macro tile is 512 pixels wide */
	n = depth_draw_stream(ib, 2 | 4 << 4 | 3 << 16, 3);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 4, 8), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "2D surface not in whole macro tiles");
	/* 1D thick tiles are not checked yet: refused */
	n = depth_draw_stream(ib, 2 | 3 << 4, 3);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "depth buffer tiling not supported yet");
	/* four samples a pixel: four times the bytes, 64 KiB, and the CB's too */
	n = ctx_reg(ib, 0x28c04, 2);
	n += depth_draw_stream(&ib[n], Z_24_1D, 3);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bos[0].size *= 4;
	bos[2].size *= 4;
	n = ctx_reg(ib, 0x28c04, 2);
	n += depth_draw_stream(&ib[n], Z_24_1D, 3);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), 0);
}

/*
 * A multisampled draw into colour buffer 0 (64x64 RGBA8, array mode
 * @tiling, INFO with @info_bits more): PA_SC_AA_CONFIG with @log2_samples,
 * CB_COLOR_CONTROL with @mode, the CMASK in relocation 2 and the FMASK in
 * relocation 3 with their SLICE registers; then draw_stream()'s draw.
 */
static u32 msaa_stream_tiled(u32 *ib, u32 log2_samples, u32 mode, u32 info_bits,
			     u32 cmask_slice, u32 fmask_slice, u32 tiling)
{
	u32 n = 0, cb;

	n += ctx_reg(&ib[n], 0x28c04, log2_samples);
	n += ctx_reg(&ib[n], 0x28808, mode << 4);
	ib[n++] = W(0x69, 5);			/* CB_COLOR0_CMASK .. FMASK_SLICE */
	ib[n++] = (0x28c7c - 0x28000) / 4;
	ib[n++] = 0;
	ib[n++] = cmask_slice;
	ib[n++] = 0;
	ib[n++] = fmask_slice;
	n += reloc(&ib[n], 2);
	n += reloc(&ib[n], 3);
	cb = n;
	n += draw_stream(&ib[n], 63, true);
	ib[cb + 6] = (0x1a << 2) | (tiling << 8) | info_bits;
	return n;
}

/* msaa_stream_tiled() with 1D tiles */
static u32 msaa_stream(u32 *ib, u32 log2_samples, u32 mode, u32 info_bits,
		       u32 cmask_slice, u32 fmask_slice)
{
	return msaa_stream_tiled(ib, log2_samples, mode, info_bits, cmask_slice,
				 fmask_slice, 2);
}

/* msaa_stream() with four samples, CB mode @mode, and target 1 (relocation 4) */
static u32 resolve_stream(u32 *ib, u32 mode)
{
	u32 n = msaa_stream(ib, 2, mode, 0, 0, 0) - 3;	/* up to the draw */

	ib[n++] = W(0x69, 7);			/* CB_COLOR1_BASE .. ATTRIB */
	ib[n++] = (0x28c9c - 0x28000) / 4;
	ib[n++] = 0;
	ib[n++] = 7;
	ib[n++] = 63;
	ib[n++] = 0;
	ib[n++] = (0x1a << 2) | (2 << 8);
	ib[n++] = 0;
	n += reloc(&ib[n], 4);
	n += reloc(&ib[n], 4);
	n += ctx_reg(&ib[n], 0x28238, 0xff);
	ib[n++] = W(0x2d, 2);
	ib[n++] = 3;
	ib[n++] = 2;
	return n;
}

#define CB_FAST_CLEAR	BIT(17)
#define CB_COMPRESSION	BIT(18)

static void ruby_cs_msaa_rules(struct kunit *test)
{
	struct rcs_bo bos[5] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4 * 4, .write = true },	/* CB */
		{ .gpu_addr = 0x200000, .size = 4096 },				/* programs */
		{ .gpu_addr = 0x300000, .size = 256, .write = true },		/* CMASK */
		{ .gpu_addr = 0x400000, .size = 64 * 64, .write = true },	/* FMASK */
		{ .gpu_addr = 0x500000, .size = 64 * 64 * 4, .write = true },	/* CB 1 */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[96], n;

	/* four samples of RGBA8, 64 KiB: accepted; eight are too many */
	n = msaa_stream(ib, 2, 1, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), 0);
	n = msaa_stream(ib, 3, 1, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/*
	 * Fast clears: with two pipes the CB walks CMASK in 256x128-pixel
	 * blocks, 256 bytes for 64x64 pixels, whatever TILE_MAX says; with
	 * four, 256x256 blocks: 512 bytes
	 */
	n = msaa_stream(ib, 2, 1, CB_FAST_CLEAR, 0, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 5, 2), 0);
	KUNIT_EXPECT_EQ(test, ib[8], 0x3000u);		/* CMASK base, relocated */
	n = msaa_stream(ib, 2, 1, CB_FAST_CLEAR, 0, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 5, 4), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* ... or a larger TILE_MAX: two 128x128 blocks, 256 bytes, then three */
	n = msaa_stream(ib, 2, 1, CB_FAST_CLEAR, 1, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 5, 1), 0);
	n = msaa_stream(ib, 2, 1, CB_FAST_CLEAR, 2, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 5, 1), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* the CMASK relocated read-only */
	bos[2].write = false;
	n = msaa_stream(ib, 2, 1, CB_FAST_CLEAR, 0, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 5, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	bos[2].write = true;
	/* fast clears without a CMASK set in this stream */
	n = draw_stream(ib, 63, true);
	ib[6] |= CB_FAST_CLEAR;
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "fast clear without a CMASK buffer");
	/* FMASK of four samples: a byte a pixel, 32-pixel rows: 4 KiB */
	n = msaa_stream(ib, 2, 1, CB_COMPRESSION, 0, 63);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), 0);
	KUNIT_EXPECT_EQ(test, ib[10], 0x4000u);		/* FMASK base, relocated */
	/* ... but a FMASK_SLICE of 65 tiles reaches past it */
	n = msaa_stream(ib, 2, 1, CB_COMPRESSION, 0, 64);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* eight samples: 4 bytes a pixel of FMASK (and a CB of 128 KiB) */
	bos[0].size *= 2;
	n = msaa_stream(ib, 3, 1, CB_COMPRESSION, 0, 63);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bos[3].size *= 4;
	n = msaa_stream(ib, 3, 1, CB_COMPRESSION, 0, 63);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), 0);
	/* compression needs samples to compress, and a tiled buffer */
	n = msaa_stream(ib, 0, 1, CB_COMPRESSION, 0, 63);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "colour compression of one sample");
	n = msaa_stream_tiled(ib, 2, 1, CB_COMPRESSION, 0, 63, 1);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "colour compression of a linear buffer");
	/*
	 * A resolve: target 1, the destination, holds one sample a pixel
	 * (16 KiB); in normal mode it would need four times that
	 */
	n = resolve_stream(ib, 3);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), 0);
	n = resolve_stream(ib, 1);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 5, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
}

/*
 * draw_stream() with its DRAW_INDEX_AUTO replaced: DRAW_INDEX_2 of @count
 * 16-bit indices at @offset of relocation 2 (@offset_2 false), or
 * INDEX_BASE there and DRAW_INDEX_OFFSET_2 from index @offset on
 */
static u32 index2_stream(u32 *ib, bool offset_2, u32 offset, u32 count)
{
	u32 n = draw_stream(ib, 63, true) - 3;

	ib[n++] = W(0x2a, 1);			/* INDEX_TYPE: 16 bits */
	ib[n++] = 0;
	if (!offset_2) {
		ib[n++] = W(0x27, 5);
		ib[n++] = 2048;			/* MAX_SIZE */
		ib[n++] = offset;
		ib[n++] = 0;
		ib[n++] = count;
		ib[n++] = 0;
		return n + reloc(&ib[n], 2);
	}
	ib[n++] = W(0x26, 2);			/* INDEX_BASE */
	ib[n++] = 0;
	ib[n++] = 0;
	n += reloc(&ib[n], 2);
	ib[n++] = W(0x35, 4);
	ib[n++] = 2048;
	ib[n++] = offset;
	ib[n++] = count;
	ib[n++] = 0;
	return n;
}

static void ruby_cs_index_2_rules(struct kunit *test)
{
	struct rcs_bo bos[3] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },	/* CB */
		{ .gpu_addr = 0x200000, .size = 4096 },				/* programs */
		{ .gpu_addr = 0x300000, .size = 4096 },				/* indices */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[80], n;

	/* 1024 16-bit indices from 2048: the buffer's last bytes */
	n = index2_stream(ib, false, 2048, 1024);
	KUNIT_ASSERT_EQ(test, run(ib, n, bos, 3, p), 0);
	/* the index size is INDEX_TYPE's: VGT_INDEX_TYPE may not double it */
	KUNIT_EXPECT_EQ(test, run((u32[]){ W(0x68, 2), (0x895c - 0x8000) / 4, 1 }, 3, bos, 3, p),
			-1);
	KUNIT_EXPECT_STREQ(test, p->err, "register not allowed");
	KUNIT_EXPECT_EQ(test, p->err_val, 0x895c);
	KUNIT_EXPECT_EQ(test, ib[n - 6], 0x300000u + 2048);	/* relocated */
	n = index2_stream(ib, false, 2048, 1025);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = index2_stream(ib, false, 2049, 1);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "unaligned index buffer");
	/* from INDEX_BASE: index 1024 on, 1024 of them fit, 1025 do not */
	n = index2_stream(ib, true, 1024, 1024);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	n = index2_stream(ib, true, 1024, 1025);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* without INDEX_BASE */
	n = index2_stream(ib, true, 0, 1);
	memmove(&ib[n - 10], &ib[n - 5], 5 * sizeof(u32));
	KUNIT_EXPECT_EQ(test, run(ib, n - 5, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "indexed draw without INDEX_BASE");
}

/* A SET_RESOURCE of one texture and its two relocations, into @ib */
static u32 texture_stream(u32 *ib, u32 w0, u32 w1, u32 base, u32 mip, u32 w5, u32 w7)
{
	u32 n = 0;

	ib[n++] = W(0x6d, 9);
	ib[n++] = 0;
	ib[n++] = w0;
	ib[n++] = w1;
	ib[n++] = base;
	ib[n++] = mip;
	ib[n++] = 0;
	ib[n++] = w5;
	ib[n++] = 0;
	ib[n++] = w7 | 2u << 30;
	ib[n++] = W(0x10, 1);
	ib[n++] = 0;
	ib[n++] = W(0x10, 1);
	ib[n++] = 0;
	return n;
}

#define TEX_W0(dim, pitch, width)	((dim) | ((pitch) / 8 - 1) << 6 | ((width) - 1) << 18)
#define TEX_W1(height, depth, mode)	(((height) - 1) | ((depth) - 1) << 14 | (mode) << 28)

static void ruby_cs_texture_rules(struct kunit *test)
{
	struct rcs_bo bo = { .gpu_addr = 0x40000000, .size = 4096 };
	struct rcs_parser *p = new_parser(test);
	u32 ib[16], n;

	/* 16x16 RGBA8, 1D tiles: 1 KiB at 0, relocated */
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 0, 0, 0, 0x1a);
	KUNIT_ASSERT_EQ(test, run(ib, n, &bo, 1, p), 0);
	KUNIT_EXPECT_EQ(test, ib[4], 0x400000u);
	KUNIT_EXPECT_EQ(test, ib[5], 0x400000u);
	/*
	 * the same descriptor at a resource offset between two (the fuzzer's
	 * third finding: it straddled two slots, half of it unchecked)
	 */
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 0, 0, 0, 0x1a);
	ib[1] = 2;
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "resource not on a descriptor");
	/* its last 1 KiB of the buffer fits, one 256-byte step more does not */
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 12, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), 0);
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 13, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* four mip levels of whole 8x8 tiles: 4 x 256 bytes from MIP_ADDRESS */
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 0, 12, 4, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), 0);
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 0, 13, 4, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* a cube map is six faces: 6 KiB */
	n = texture_stream(ib, TEX_W0(3, 16, 16), TEX_W1(16, 1, 2), 0, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bo.size = 6144;
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), 0);
	/* an array: LAST_ARRAY counts even where the depth says less */
	n = texture_stream(ib, TEX_W0(5, 16, 16), TEX_W1(16, 1, 2), 0, 0, 6 << 17, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* BC1 (8 bytes a 4x4 block), linear: pitch of 64 blocks, 256 pixels */
	n = texture_stream(ib, TEX_W0(1, 256, 64), TEX_W1(64, 1, 1), 0, 0, 0, 0x31);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);	/* 8 KiB */
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bo.size = 8192;
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), 0);
	n = texture_stream(ib, TEX_W0(1, 64, 64), TEX_W1(64, 1, 1), 0, 0, 0, 0x31);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "unaligned texture pitch");
	/* refused layouts */
	n = texture_stream(ib, TEX_W0(1, 8, 16), TEX_W1(16, 1, 2), 0, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "texture pitch below its width");
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 3), 0, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "thick tiling not supported");
	/*
	 * 2D tiles, two pipes, four banks: macro tiles of 16x32 texels, 512
	 * bytes apart; 32x32 RGBA8 is 4 KiB, its 16x16 level is smaller than
	 * a macro tile and 1D-tiled (1 KiB)
	 */
	n = texture_stream(ib, TEX_W0(1, 32, 32), TEX_W1(32, 1, 4), 0, 16, 1, 0x1a | 1 << 16);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, &bo, 1, 2), 0);
	n = texture_stream(ib, TEX_W0(1, 32, 32), TEX_W1(32, 1, 4), 0, 29, 1, 0x1a | 1 << 16);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, &bo, 1, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = texture_stream(ib, TEX_W0(1, 32, 32), TEX_W1(32, 1, 4), 1, 16, 1, 0x1a | 1 << 16);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, &bo, 1, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "texture not on a macro tile");
	n = texture_stream(ib, TEX_W0(1, 24, 24), TEX_W1(32, 1, 4), 0, 16, 1, 0x1a | 1 << 16);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, &bo, 1, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "unaligned texture pitch");
	n = texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "texture sample count");
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 0, 0, 0, 0x3f);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "texture format");
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 0), 0, 0, 1, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "mipmapped linear-general texture");
	/*
	 * The fuzzer's first finding: a 2D 8_8_8 texture whose level 0 is
	 * lower than a macro tile may be stored 1D-tiled, rows of 120 texels
	 * (a multiple of ten) instead of 112: 120 x 16 x 3 bytes x 3 slices
	 */
	bo = (struct rcs_bo){ .gpu_addr = 0x40000000, .size = 16384 };
	n = texture_stream(ib, TEX_W0(1, 112, 46), TEX_W1(14, 1, 4), 0, 0, 2 << 17, 0x2c);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, &bo, 1, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bo.size = 120 * 16 * 3 * 3;
	n = texture_stream(ib, TEX_W0(1, 112, 46), TEX_W1(14, 1, 4), 0, 0, 2 << 17, 0x2c);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, &bo, 1, 2), 0);
	/* a buffer at the top of the 40-bit space: a texture past it is refused */
	bo = (struct rcs_bo){ .gpu_addr = (1ull << 40) - 4096, .size = 1 << 20 };
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 16, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "address beyond 40 bits");
	bo = (struct rcs_bo){ .gpu_addr = 0x40000000, .size = 8192 };
	/* the mip chain's relocation is not optional */
	n = texture_stream(ib, TEX_W0(1, 16, 16), TEX_W1(16, 1, 2), 0, 0, 0, 0x1a);
	KUNIT_EXPECT_EQ(test, run(ib, n - 2, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "relocation NOP missing");
}

/* Stream-out buffer 0 of @size dwords in relocation 2, enabled, then a draw */
static u32 streamout_draw_stream(u32 *ib, u32 size, u32 buffer_config)
{
	u32 n = 0;

	ib[n++] = W(0x69, 5);		/* VGT_STRMOUT_BUFFER_SIZE_0 .. OFFSET_0 */
	ib[n++] = (0x28ad0 - 0x28000) / 4;
	ib[n++] = size;
	ib[n++] = 4;			/* stride */
	ib[n++] = 0;			/* base */
	ib[n++] = 1000;			/* offset: the VGT stops at the size */
	n += reloc(&ib[n], 2);
	ib[n++] = W(0x69, 3);		/* VGT_STRMOUT_CONFIG, BUFFER_CONFIG */
	ib[n++] = (0x28b94 - 0x28000) / 4;
	ib[n++] = 1;
	ib[n++] = buffer_config;
	return n + draw_stream(&ib[n], 63, true);
}

static void ruby_cs_streamout_rules(struct kunit *test)
{
	struct rcs_bo bos[3] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },
		{ .gpu_addr = 0x200000, .size = 4096 },
		{ .gpu_addr = 0x300000, .size = 1024, .write = true },
	};
	/* EOS: a fence dword at the end of buffer 2; then two dwords of GDS */
	u32 eos[] = { W(0x48, 4), 0x615, 1020, 2u << 29, 7, W(0x10, 1), 8 };
	u32 update[] = { W(0x34, 5), 1 | 2 << 1, 1020, 0, 0, 0,
			 W(0x10, 1), 8, W(0x10, 1), 4 };
	struct rcs_parser *p = new_parser(test);
	u32 ib[80], n;

	n = streamout_draw_stream(ib, 256, 1);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_EQ(test, ib[4], 0x3000u);
	n = streamout_draw_stream(ib, 257, 1);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* buffer 0 used by stream 2 only: still written */
	n = streamout_draw_stream(ib, 257, 1 << 8);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* no stream uses it: not written, not bounded */
	n = streamout_draw_stream(ib, 257, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	bos[2].write = false;
	n = streamout_draw_stream(ib, 256, 1);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	bos[2].write = true;

	KUNIT_EXPECT_EQ(test, run(eos, ARRAY_SIZE(eos), bos, 3, p), 0);
	KUNIT_EXPECT_EQ(test, eos[2], 0x3003fcu);
	eos[2] = 1020;
	eos[3] = 1u << 29;		/* GDS, two dwords: GDS is shared */
	eos[4] = 2 << 16;
	KUNIT_EXPECT_EQ(test, run(eos, ARRAY_SIZE(eos), bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "GDS read-back: GDS is shared between clients");
	eos[3] = 3u << 29;
	KUNIT_EXPECT_EQ(test, run(eos, ARRAY_SIZE(eos), bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "end-of-shader command");

	/* filled size stored into buffer 2, offset loaded from buffer 1 */
	KUNIT_EXPECT_EQ(test, run(update, ARRAY_SIZE(update), bos, 3, p), 0);
	KUNIT_EXPECT_EQ(test, update[2], 0x3003fcu);
	KUNIT_EXPECT_EQ(test, update[4], 0x200000u);
	update[2] = 1024;
	update[4] = 0;
	KUNIT_EXPECT_EQ(test, run(update, ARRAY_SIZE(update), bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
}

/*
 * draw_stream()'s state, then SET_BASE on relocation 2 (@with_base), 16-bit
 * indices of @nidx from relocation 2 (@indexed), and the indirect draw
 * reading its arguments at @data.
 */
static u32 indirect_stream(u32 *ib, bool with_base, bool indexed, u32 nidx, u32 data)
{
	u32 n = draw_stream(ib, 63, true) - 3;	/* without its draw */

	if (with_base) {
		ib[n++] = W(0x11, 3);		/* SET_BASE 1 */
		ib[n++] = 1;
		ib[n++] = 0;
		ib[n++] = 0;
		n += reloc(&ib[n], 2);
	}
	if (indexed) {
		ib[n++] = W(0x2a, 1);		/* 16-bit indices */
		ib[n++] = 0;
		ib[n++] = W(0x26, 2);		/* INDEX_BASE */
		ib[n++] = 0;
		ib[n++] = 0;
		n += reloc(&ib[n], 2);
		ib[n++] = W(0x13, 1);		/* INDEX_BUFFER_SIZE */
		ib[n++] = nidx;
	}
	ib[n++] = W(indexed ? 0x25 : 0x24, 2);
	ib[n++] = data;
	ib[n++] = indexed ? 0 : 2;
	return n;
}

static void ruby_cs_indirect_draw_rules(struct kunit *test)
{
	struct rcs_bo bos[3] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },
		{ .gpu_addr = 0x200000, .size = 4096 },
		{ .gpu_addr = 0x300000, .size = 4096 },
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[80], n;

	/* 16 bytes of arguments at the end of the buffer */
	n = indirect_stream(ib, true, false, 0, 4080);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	n = indirect_stream(ib, true, false, 0, 4084);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = indirect_stream(ib, false, false, 0, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "indirect draw without SET_BASE");
	/* indexed: 20 bytes of arguments, 2048 16-bit indices fill 4 KiB */
	n = indirect_stream(ib, true, true, 2048, 4076);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	n = indirect_stream(ib, true, true, 2049, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = indirect_stream(ib, true, true, 16, 4080);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* the draw's own state is checked as for any other draw */
	n = indirect_stream(ib, true, false, 0, 0);
	bos[0].write = false;
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
}

/* DMA linear copies: dwords between dword addresses, bytes between any */
static void ruby_cs_dma_linear_copy_rules(struct kunit *test)
{
	struct rcs_bo bos[2] = {
		{ .gpu_addr = 0x100000, .size = 4096 },			/* source */
		{ .gpu_addr = 0x200000, .size = 4096, .write = true },	/* destination */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[5];

	*p = (struct rcs_parser){ .ib = ib, .ndw = 5, .bos = bos, .nbos = 2,
				  .gen = &rcs_evergreen };
	/* 1023 bytes from 1 to 3073: the byte copy takes odd addresses */
	ib[0] = 0x3u << 28 | 0x40 << 20 | 1023;
	ib[1] = 3073;
	ib[2] = 1;
	ib[3] = 0;
	ib[4] = 0;
	KUNIT_ASSERT_EQ(test, rcs_check_dma(p), 0);
	KUNIT_EXPECT_EQ(test, ib[1], 0x200000u + 3073);
	KUNIT_EXPECT_EQ(test, ib[2], 0x100000u + 1);
	/* one more byte runs past the destination's end */
	ib[0] = 0x3u << 28 | 0x40 << 20 | 1024;
	ib[1] = 3073;
	ib[2] = 1;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* as dwords, 1023 of them are 4092 bytes: from 8 they do not fit */
	ib[0] = 0x3u << 28 | 1023;
	ib[1] = 8;
	ib[2] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	ib[1] = 2;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "unaligned address");
	/* partial and broadcast copies are not checked: refused */
	ib[0] = 0x3u << 28 | 0x41 << 20 | 16;
	ib[1] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "DMA copy mode not supported");
}

/*
 * DMA tiled copies: 64x8 RGBA8 in 1D tiles (pitch 64, slices of 512
 * pixels, 2 KiB) from a linear buffer (L2T) and back (T2L).
 */
static void ruby_cs_dma_tiled_copy_rules(struct kunit *test)
{
	struct rcs_bo bos[2] = {
		{ .gpu_addr = 0x100000, .size = 2048 },			/* linear */
		{ .gpu_addr = 0x200000, .size = 2048, .write = true },	/* tiled */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[9] = { 0, 0, 2u << 27 | 2 << 24, 7 | 7 << 16, 7, 0, 0, 0, 0 };

	*p = (struct rcs_parser){ .ib = ib, .ndw = 9, .bos = bos, .nbos = 2,
				  .gen = &rcs_evergreen };
	ib[0] = 0x3u << 28 | 0x08 << 20 | 512;		/* 512 dwords, L2T */
	KUNIT_ASSERT_EQ(test, rcs_check_dma(p), 0);
	KUNIT_EXPECT_EQ(test, ib[1], 0x2000u);		/* tiled base >> 8 */
	KUNIT_EXPECT_EQ(test, ib[7], 0x100000u);	/* linear address */
	/* two rows more run into a second slice the buffer does not have */
	ib[0] = 0x3u << 28 | 0x08 << 20 | 640;
	ib[1] = 0;
	ib[7] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* starting in row 4, the same count spans two slices too */
	ib[0] = 0x3u << 28 | 0x08 << 20 | 512;
	ib[6] = 4;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/*
	 * T2L: the source (first relocation) is the tiled side now, the
	 * destination the linear one, written: refused read-only
	 */
	ib[2] |= BIT(31);
	ib[6] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), 0);
	ib[1] = 0;
	ib[7] = 0;
	bos[1].write = false;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	/* thick tiles: not checked, refused */
	bos[1].write = true;
	ib[2] = 3u << 27 | 2 << 24;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "DMA tiling not supported");
	/* a pitch that is not whole 8x8 tiles of slices */
	ib[2] = 2u << 27 | 2 << 24;
	ib[4] = 6;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "tiled surface not in whole tiles");
	/*
	 * A height of 16 rows in slices of 8: the engine moves on every 8
	 * rows, so 8 rows from row 4 reach a second slice
	 */
	ib[3] = 7 | 15 << 16;
	ib[4] = 7;
	ib[6] = 4;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	ib[6] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), 0);
	/*
	 * A height of 4 rows in slices of 8 (whole tiles, though not
	 * pitch x height): the next slice comes after 4 rows
	 */
	ib[0] = 0x3u << 28 | 0x08 << 20 | 256;
	ib[1] = 0;
	ib[3] = 7 | 3 << 16;
	ib[7] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), 0);
	ib[0] = 0x3u << 28 | 0x08 << 20 | 512;
	ib[1] = 0;
	ib[7] = 0;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
}

/*
 * A relocation NOP is keyed on its type and opcode: Mesa's compute streams
 * set the shader-type bit (0xc0001002), and a longer NOP is passed whole.
 */
static void ruby_cs_reloc_nop_forms(struct kunit *test)
{
	struct rcs_bo bo = { .size = 4096, .write = true, .gpu_addr = 0x100000 };
	static const u32 stream[] = {
		W(0x3d, 4), 16, 1u << 18, 7, 0, 0xc0001002, 0,
		W(0x3d, 4), 32, 1u << 18, 8, 0, 0xc0011001, 0, 0xdead,
		W(0x3d, 4), 48, 1u << 18, 9, 0, W(0x10, 1), 0,
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[ARRAY_SIZE(stream)];

	memcpy(ib, stream, sizeof(ib));
	KUNIT_ASSERT_EQ(test, run(ib, ARRAY_SIZE(ib), &bo, 1, p), 0);
	/* each MEM_WRITE took its NOP's buffer, whatever the NOP's form */
	KUNIT_EXPECT_EQ(test, ib[1], 0x100010u);
	KUNIT_EXPECT_EQ(test, ib[8], 0x100020u);
	KUNIT_EXPECT_EQ(test, ib[16], 0x100030u);
	/* not a NOP where the relocation should be */
	memcpy(ib, stream, sizeof(ib));
	ib[20] = W(0x3d, 1);
	KUNIT_EXPECT_EQ(test, run(ib, ARRAY_SIZE(ib), &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "relocation NOP missing");
	/* a NOP whose body runs past the IB */
	memcpy(ib, stream, sizeof(ib));
	ib[20] = W(0x10, 3);
	KUNIT_EXPECT_EQ(test, run(ib, ARRAY_SIZE(ib), &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "relocation NOP runs past the end of the IB");
}

/*
 * A multisampled texture (@dim 6 or 7) of @log2 samples: SET_RESOURCE
 * with FMASK at @fmask (256-byte units, word 3), word 6 @w6 (FMASK bank
 * height, tile split), then the texture's relocation and, if @fmask_reloc,
 * the FMASK's (relocation 1 if there are two buffers, else 0)
 */
static u32 msaa_texture_stream(u32 *ib, u32 w0, u32 w1, u32 base, u32 fmask, u32 log2,
			       u32 w6, u32 w7, bool fmask_reloc)
{
	u32 n = texture_stream(ib, w0, w1, base, fmask, log2, w7);

	ib[8] = w6;
	if (!fmask_reloc)
		return n - 2;
	ib[n - 1] = 4;
	return n;
}

/*
 * Multisampled textures: every sample of every slice, laid out like a
 * colour buffer of that many samples, and their FMASK
 */
static void ruby_cs_msaa_texture_rules(struct kunit *test)
{
	struct rcs_bo bos[2] = {
		{ .gpu_addr = 0x40000000, .size = 4096 },	/* the texture */
		{ .gpu_addr = 0x50000000, .size = 512 },	/* its FMASK */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[16], n;

	/* 16x16 RGBA8, 4 samples, 1D tiles: 16 bytes a texel, 4 KiB; no FMASK */
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 2, 0, 0x1a,
				false);
	KUNIT_ASSERT_EQ(test, run(ib, n, bos, 2, p), 0);
	KUNIT_EXPECT_EQ(test, ib[4], 0x400000u);
	KUNIT_EXPECT_EQ(test, ib[5], 0u);		/* FMASK off: MIP_ADDRESS stays 0 */
	/* a sample more per texel, or a slice more, does not fit */
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 3, 0, 0x1a,
				false);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = msaa_texture_stream(ib, TEX_W0(7, 16, 16), TEX_W1(16, 2, 2), 0, 0, 2, 0, 0x1a,
				false);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* LAST_ARRAY counts for a 2D_MSAA texture as for a 2D one */
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 2, 0, 0x1a,
				false);
	ib[7] |= 1 << 17;
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/*
	 * its FMASK: a byte a pixel (4 samples), 1D tiles of rows padded to
	 * 32 pixels: 32 x 16 = 512 bytes, in the second buffer, relocated
	 */
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 2, 0, 0x1a,
				true);
	KUNIT_ASSERT_EQ(test, run(ib, n, bos, 2, p), 0);
	KUNIT_EXPECT_EQ(test, ib[5], 0x500000u);
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 1, 2, 0, 0x1a,
				true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	/* 8 samples: 4 bytes of FMASK a pixel, rows padded to 8: 1 KiB */
	bos[0].size = 8192;
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 3, 0, 0x1a,
				true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bos[1].size = 1024;
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 3, 0, 0x1a,
				true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), 0);
	/* refused: sample counts of 1 and 16, mip levels, FMASK of linear */
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 4, 0, 0x1a,
				false);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "texture sample count");
	n = msaa_texture_stream(ib, TEX_W0(6, 16, 16), TEX_W1(16, 1, 2), 0, 0, 2, 0, 0x1a,
				false);
	ib[6] = 1u << 28;
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "mipmapped multisampled texture");
	bos[0].size = 65536;
	n = msaa_texture_stream(ib, TEX_W0(6, 64, 16), TEX_W1(16, 1, 1), 0, 0, 2, 0, 0x1a,
				false);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), 0);
	n = msaa_texture_stream(ib, TEX_W0(6, 64, 16), TEX_W1(16, 1, 1), 0, 0, 2, 0, 0x1a,
				true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "FMASK of a linear texture");
	/*
	 * 2D tiles, two pipes, four banks, bank height 2, tile split 1 KiB:
	 * macro tiles of 16x64 pixels; a 32x32 texture of 4 samples is 32
	 * KiB on 16 KiB macro tiles, its FMASK (bank height 2) 2 KiB on 1 KiB
	 * ones
	 */
	bos[1].size = 8192;
	n = msaa_texture_stream(ib, TEX_W0(6, 32, 32), TEX_W1(32, 1, 4), 0, 4, 2,
				4u << 29 | 1, 0x1a | 1 << 10 | 1 << 16, true);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 2, 2), 0);
	n = msaa_texture_stream(ib, TEX_W0(6, 32, 32), TEX_W1(32, 1, 4), 0, 2, 2,
				4u << 29 | 1, 0x1a | 1 << 10 | 1 << 16, true);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 2, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "FMASK not on a macro tile");
	n = msaa_texture_stream(ib, TEX_W0(6, 32, 32), TEX_W1(32, 1, 4), 16, 4, 2,
				4u << 29 | 1, 0x1a | 1 << 10 | 1 << 16, true);
	KUNIT_EXPECT_EQ(test, rcs_check_with(p, ib, n, bos, 2, 2), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "texture not on a macro tile");
	/* thick tiles are refused, 1D and 2D */
	n = msaa_texture_stream(ib, TEX_W0(2, 16, 16), TEX_W1(16, 4, 7), 0, 0, 0, 0, 0x1a,
				true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 2, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "thick tiling not supported");
}

/* EVENT_WRITE of a query event @event to @offset, relocation 0 */
static u32 event_stream(u32 *ib, u32 event, u32 offset)
{
	ib[0] = W(0x46, 3);
	ib[1] = event | 3 << 8;
	ib[2] = offset;
	ib[3] = 0;
	ib[4] = W(0x10, 1);
	ib[5] = 0;
	return 6;
}

/* Stream-out statistics of streams 1-3: 32 bytes each, like stream 0's */
static void ruby_cs_streamout_query_streams(struct kunit *test)
{
	struct rcs_bo bo = { .gpu_addr = 0x100000, .size = 4096, .write = true };
	struct rcs_parser *p = new_parser(test);
	u32 ib[6], event;

	for (event = 1; event <= 3; event++) {
		event_stream(ib, event, 4096 - 32);
		KUNIT_EXPECT_EQ(test, run(ib, 6, &bo, 1, p), 0);
		KUNIT_EXPECT_EQ(test, ib[2], 0x100000u + 4096 - 32);
		event_stream(ib, event, 4096 - 24);
		KUNIT_EXPECT_EQ(test, run(ib, 6, &bo, 1, p), -1);
		KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	}
	bo.write = false;
	event_stream(ib, 2, 0);
	KUNIT_EXPECT_EQ(test, run(ib, 6, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	/* event 4 writes no query result the checker knows */
	bo.write = true;
	event_stream(ib, 4, 0);
	KUNIT_EXPECT_EQ(test, run(ib, 6, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "event writing memory");
}

/* A linear broadcast DMA copy of @count dwords, into @ib */
static void broadcast_stream(u32 *ib, u32 count, u32 dst, u32 dst2, u32 src)
{
	ib[0] = 0x3u << 28 | 0x44 << 20 | count;
	ib[1] = dst;
	ib[2] = dst2;
	ib[3] = src;
	ib[4] = 0;
	ib[5] = 0;
	ib[6] = 0;
}

/* DMA broadcast copies: one source, two destinations, all bounded */
static void ruby_cs_dma_broadcast_rules(struct kunit *test)
{
	struct rcs_bo bos[3] = {
		{ .gpu_addr = 0x100000, .size = 4096 },			/* source */
		{ .gpu_addr = 0x200000, .size = 4096, .write = true },	/* destination */
		{ .gpu_addr = 0x300000, .size = 2048, .write = true },	/* the second */
	};
	struct rcs_parser *p = new_parser(test);
	u32 ib[7];

	*p = (struct rcs_parser){ .ib = ib, .ndw = 7, .bos = bos, .nbos = 3,
				  .gen = &rcs_evergreen };
	broadcast_stream(ib, 512, 2048, 0, 4);
	KUNIT_ASSERT_EQ(test, rcs_check_dma(p), 0);
	KUNIT_EXPECT_EQ(test, ib[1], 0x200000u + 2048);
	KUNIT_EXPECT_EQ(test, ib[2], 0x300000u);
	KUNIT_EXPECT_EQ(test, ib[3], 0x100000u + 4);
	/* each end bounded: the second destination is the smaller */
	broadcast_stream(ib, 512, 0, 4, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	broadcast_stream(ib, 512, 0, 0, 2052);
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	broadcast_stream(ib, 512, 0, 2, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "unaligned address");
	bos[2].write = false;
	broadcast_stream(ib, 16, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	bos[2].write = true;
	/* three relocations, not two */
	p->nbos = 2;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "no relocation left");
	p->nbos = 3;
	/* partial (Cayman's) and tiled broadcast copies stay refused */
	ib[0] = 0x3u << 28 | 0x49 << 20 | 16;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "DMA copy mode not supported");
	ib[0] = 0x3u << 28 | 0x4b << 20 | 16;
	KUNIT_EXPECT_EQ(test, rcs_check_dma(p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "DMA copy mode not supported");
}

/* One config register: SET_CONFIG_REG and its value; the dwords written */
static u32 cfg_reg(u32 *ib, u32 reg, u32 val)
{
	ib[0] = W(0x68, 2);
	ib[1] = (reg - 0x8000) / 4;
	ib[2] = val;
	return 3;
}

/* VGT_SHADER_STAGES_EN of the stage sets Mesa draws with */
#define STAGES_GS	0xb0	/* ES (vertex shader), GS, VS copy shader */
#define STAGES_TESS	0x45	/* LS, HS, VS (domain shader) */
#define STAGES_TESS_GS	0xad	/* LS, HS, ES (domain shader), GS, VS copy */
#define PGM_ES_GS	0x3
#define PGM_LS_HS	0xc

/*
 * Geometry or tessellation state, then draw_stream()'s draw: the stages
 * @stages, the programs of the stages in @pgms (bits: ES, GS, LS, HS; in
 * relocation 1), the ES->GS and GS->VS rings of @ring_bytes each, one
 * after the other in relocation 2 (0: none, the kernel's); the length
 */
static u32 stages_stream(u32 *ib, u32 stages, u32 pgms, u32 ring_bytes)
{
	static const u32 pgm_regs[] = { 0x2888c, 0x28874, 0x288d0, 0x288b8 };
	u32 n = 0, i;

	n += ctx_reg(&ib[n], 0x28b54, stages);	/* VGT_SHADER_STAGES_EN */
	for (i = 0; i < 4; i++) {
		if (!(pgms & BIT(i)))
			continue;
		n += ctx_reg(&ib[n], pgm_regs[i], 3 + i);
		n += reloc(&ib[n], 1);
	}
	for (i = 0; ring_bytes && i < 2; i++) {
		n += cfg_reg(&ib[n], 0x8c40 + 8 * i, i * ring_bytes >> 8);	/* base */
		n += reloc(&ib[n], 2);
		n += cfg_reg(&ib[n], 0x8c44 + 8 * i, ring_bytes >> 8);		/* size */
	}
	return n + draw_stream(&ib[n], 63, true);
}

/* Buffers of the stage tests: colour buffer, programs, rings (64 KiB) */
static void stage_bos(struct rcs_bo bos[3])
{
	bos[0] = (struct rcs_bo){ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true };
	bos[1] = (struct rcs_bo){ .gpu_addr = 0x200000, .size = 4096 };
	bos[2] = (struct rcs_bo){ .gpu_addr = 0x300000, .size = 65536, .write = true };
}

/* A stage stream is refused, and for @why */
static void expect_stage_refusal(struct kunit *test, struct rcs_parser *p, u32 *ib, u32 n,
				 const struct rcs_bo *bos, const char *why)
{
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, why);
}

/* Geometry shaders: ES+GS+VS copy shader, with the stream's rings or the kernel's */
static void ruby_cs_geometry_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct rcs_bo bos[3];
	u32 ib[128], n;

	stage_bos(bos);
	/* both rings, 32 KiB each, fill the buffer: accepted, bases relocated */
	n = stages_stream(ib, STAGES_GS, PGM_ES_GS, 32768);
	KUNIT_ASSERT_EQ(test, run(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_EQ(test, ib[15], 0x3000u);		/* ESGS base >> 8 */
	KUNIT_EXPECT_EQ(test, ib[23], 0x3080u);		/* GSVS base >> 8 */
	KUNIT_EXPECT_TRUE(test, p->rings_set);
	/* the kernel's rings: nothing to restore */
	n = stages_stream(ib, STAGES_GS, PGM_ES_GS, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_FALSE(test, p->rings_set);
	/* 40 KiB rings: the second runs past the buffer */
	n = stages_stream(ib, STAGES_GS, PGM_ES_GS, 40960);
	expect_stage_refusal(test, p, ib, n, bos, "access past the end of the buffer");
	/* the ES and GS program each missing */
	n = stages_stream(ib, STAGES_GS, BIT(0), 0);
	expect_stage_refusal(test, p, ib, n, bos, "geometry draw without its ES and GS programs");
	n = stages_stream(ib, STAGES_GS, BIT(1), 0);
	expect_stage_refusal(test, p, ib, n, bos, "geometry draw without its ES and GS programs");
	/* sets the hardware does not run */
	n = stages_stream(ib, 0x90, PGM_ES_GS, 0);		/* ES, no GS */
	expect_stage_refusal(test, p, ib, n, bos, "ES and GS stages not enabled together");
	n = stages_stream(ib, 0x30, PGM_ES_GS, 0);		/* GS, VS not the copy */
	expect_stage_refusal(test, p, ib, n, bos, "VS stage mode does not match the stages");
	n = stages_stream(ib, 0xa8, PGM_ES_GS, 0);		/* ES as DS, no tess */
	expect_stage_refusal(test, p, ib, n, bos, "ES stage mode does not match the stages");
	n = stages_stream(ib, 0x1b0, PGM_ES_GS, 0);
	expect_stage_refusal(test, p, ib, n, bos, "shader stage bits not supported");
	/* the rings' buffer read-only: the ES and GS write it */
	bos[2].write = false;
	n = stages_stream(ib, STAGES_GS, PGM_ES_GS, 32768);
	expect_stage_refusal(test, p, ib, n, bos, "write to a buffer relocated read-only");
}

/*
 * One SET_CONFIG_REG of two registers from @reg (the VS scratch ring's
 * base, in the rings' buffer's last 256 bytes, and its size: @size x 256
 * bytes), then a VS draw; the length
 */
static u32 vs_scratch_stream(u32 *ib, u32 reg, u32 size)
{
	ib[0] = W(0x68, 3);
	ib[1] = (reg - 0x8000) / 4;
	ib[2] = 0xff;
	ib[3] = size;
	return 4 + reloc(&ib[4], 2) + stages_stream(&ib[6], 0, 0, 0);
}

/* A stream's own rings: base and size both, kept across CLEAR_STATE */
static void ruby_cs_shader_ring_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct rcs_bo bos[3];
	u32 ib[128], n;

	stage_bos(bos);
	/* a size with no base of the stream's: it would stretch the kernel's */
	n = cfg_reg(ib, 0x8c44, 0x100);
	n += stages_stream(&ib[n], STAGES_GS, PGM_ES_GS, 0);
	expect_stage_refusal(test, p, ib, n, bos, "shader ring size without its base");
	/* a base without its size */
	n = cfg_reg(ib, 0x8c48, 0);
	n += reloc(&ib[n], 2);
	n += stages_stream(&ib[n], STAGES_GS, PGM_ES_GS, 0);
	expect_stage_refusal(test, p, ib, n, bos, "shader ring base without its size");
	/* Mesa turning the GS rings off (sizes 0): fine for a VS draw... */
	n = cfg_reg(ib, 0x8c44, 0);
	n += cfg_reg(&ib[n], 0x8c4c, 0);
	n += stages_stream(&ib[n], 0, 0, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_TRUE(test, p->rings_set);
	/* ...not for a geometry draw */
	n = cfg_reg(ib, 0x8c44, 0);
	n += stages_stream(&ib[n], STAGES_GS, PGM_ES_GS, 0);
	expect_stage_refusal(test, p, ib, n, bos, "draw with a shader ring of size 0");
	/* CLEAR_STATE leaves config registers: a ring set before it counts */
	n = cfg_reg(ib, 0x8c40, 0);
	n += reloc(&ib[n], 2);
	n += cfg_reg(&ib[n], 0x8c44, 0x1000);	/* 1 MiB */
	ib[n++] = W(0x12, 1);
	ib[n++] = 0;
	n += stages_stream(&ib[n], STAGES_GS, PGM_ES_GS, 0);
	expect_stage_refusal(test, p, ib, n, bos, "access past the end of the buffer");
	/* base and size in one run, the VS scratch ring: bounded at any draw */
	n = vs_scratch_stream(ib, 0x8c60, 2);
	expect_stage_refusal(test, p, ib, n, bos, "access past the end of the buffer");
	n = vs_scratch_stream(ib, 0x8c60, 1);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_EQ(test, ib[2], 0x30ffu);
	/* a run that takes in a register of no list next to a ring's */
	n = vs_scratch_stream(ib, 0x8c3c, 1);
	expect_stage_refusal(test, p, ib, n, bos, "register not allowed");
	KUNIT_EXPECT_EQ(test, p->err_val, 0x8c3c);
}

/* Tessellation: LS+HS+VS domain shader, and with a GS */
static void ruby_cs_tessellation_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	struct rcs_bo bos[3];
	u32 ib[128], n;

	stage_bos(bos);
	n = stages_stream(ib, STAGES_TESS, PGM_LS_HS, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_FALSE(test, p->rings_set);
	n = stages_stream(ib, STAGES_TESS_GS, PGM_ES_GS | PGM_LS_HS, 16384);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	/* a program missing */
	n = stages_stream(ib, STAGES_TESS, BIT(2), 0);
	expect_stage_refusal(test, p, ib, n, bos,
			     "tessellation draw without its LS and HS programs");
	n = stages_stream(ib, STAGES_TESS_GS, PGM_LS_HS | BIT(1), 0);
	expect_stage_refusal(test, p, ib, n, bos, "geometry draw without its ES and GS programs");
	/* sets the hardware does not run */
	n = stages_stream(ib, 0x41, PGM_LS_HS, 0);		/* LS, no HS */
	expect_stage_refusal(test, p, ib, n, bos, "LS and HS stages not enabled together");
	n = stages_stream(ib, 0x46, PGM_LS_HS, 0);		/* the CS on the LS */
	expect_stage_refusal(test, p, ib, n, bos, "LS stage mode not supported in a draw");
	n = stages_stream(ib, 0x05, PGM_LS_HS, 0);		/* VS not the domain shader */
	expect_stage_refusal(test, p, ib, n, bos, "VS stage mode does not match the stages");
	n = stages_stream(ib, 0xb5, PGM_ES_GS | PGM_LS_HS, 0);	/* ES as VS with tess */
	expect_stage_refusal(test, p, ib, n, bos, "ES stage mode does not match the stages");
	/* the LS scratch ring set to nothing: a tessellation draw may spill there */
	n = cfg_reg(ib, 0x8e14, 0);
	n += stages_stream(&ib[n], STAGES_TESS, PGM_LS_HS, 0);
	expect_stage_refusal(test, p, ib, n, bos, "draw with a shader ring of size 0");
	/* the HS scratch ring of the stream's own, whole in its buffer */
	n = cfg_reg(ib, 0x8e18, 0);
	n += reloc(&ib[n], 2);
	n += cfg_reg(&ib[n], 0x8e1c, 0x100);
	n += stages_stream(&ib[n], STAGES_TESS, PGM_LS_HS, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	KUNIT_EXPECT_EQ(test, ib[2], 0x3000u);
	ib[2] = 0;
	ib[7] = 0x101;			/* a page more than the buffer */
	expect_stage_refusal(test, p, ib, n, bos, "access past the end of the buffer");
}

/* Compute: RATs, dispatches, append counters */
#define RAT_INFO_BUFFER		((0x0d << 2) | (1 << 8) | BIT(26))	/* 32, linear, RAT */
#define RAT_TYPE_2D		(3u << 27)

/*
 * Colour buffer @cb (0-11) as a RAT on relocation 0 (@info, @dim; 64
 * pixels a row, one 64-pixel slice unless @slice), its immediate buffer
 * on relocation 2 (@with_immed); the DIM dword's index in *@dim_at
 */
static u32 rat_stream(u32 *ib, u32 cb, u32 info, u32 slice, u32 dim, bool with_immed,
		      u32 *dim_at)
{
	u32 n = 0;

	ib[n++] = W(0x69, 8);			/* BASE .. DIM */
	ib[n++] = ((cb < 8 ? 0x28c60 + 0x3c * cb : 0x28e40 + 0x1c * (cb - 8)) - 0x28000) / 4;
	ib[n++] = 0;
	ib[n++] = 7;
	ib[n++] = slice;
	ib[n++] = 0;
	ib[n++] = info;
	ib[n++] = 0;
	*dim_at = n;
	ib[n++] = dim;
	n += reloc(&ib[n], 0);			/* base */
	n += reloc(&ib[n], 0);			/* attrib */
	if (with_immed) {
		n += ctx_reg(&ib[n], 0x28b9c + 4 * cb, 0);	/* CB_IMMEDn_BASE */
		n += reloc(&ib[n], 2);
	}
	return n;
}

/* rat_stream(), then the LS program on relocation 1 (@with_ls) and a dispatch */
static u32 dispatch_stream(u32 *ib, u32 cb, u32 info, u32 dim, bool with_ls, u32 *dim_at)
{
	u32 n = rat_stream(ib, cb, info, 0, dim, true, dim_at);

	if (with_ls) {
		n += ctx_reg(&ib[n], 0x288d0, 0);	/* SQ_PGM_START_LS */
		n += reloc(&ib[n], 1);
	}
	ib[n++] = W(0x15, 4);			/* DISPATCH_DIRECT */
	ib[n++] = 4;
	ib[n++] = 1;
	ib[n++] = 1;
	ib[n++] = 1;
	return n;
}

/*
 * A dispatch's buffers: RAT, programs, immediate buffer (2 shader engines,
 * the parser not told, x 256 x 64 x 4 bytes), indirect arguments
 */
static const struct rcs_bo dispatch_bos[4] = {
	{ .gpu_addr = 0x100000, .size = 4096, .write = true },
	{ .gpu_addr = 0x200000, .size = 4096 },
	{ .gpu_addr = 0x300000, .size = 2 * 256 * 64 * 4, .write = true },
	{ .gpu_addr = 0x400000, .size = 64 },
};

static void ruby_cs_dispatch_rules(struct kunit *test)
{
	struct rcs_bo bos[4];
	struct rcs_parser *p = new_parser(test);
	u32 ib[64], n, at;

	memcpy(bos, dispatch_bos, sizeof(bos));
	n = dispatch_stream(ib, 3, RAT_INFO_BUFFER, 1023, true, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), 0);
	KUNIT_EXPECT_EQ(test, ib[at], 1023u);
	/* DIM in bytes, as Mesa sets it: lowered to the buffer's last element */
	n = dispatch_stream(ib, 3, RAT_INFO_BUFFER, 4096, true, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), 0);
	KUNIT_EXPECT_EQ(test, ib[at], 1023u);
	/* colour buffers 8-11: their own stride, RATs only */
	n = dispatch_stream(ib, 9, RAT_INFO_BUFFER, 100, true, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), 0);
	n = dispatch_stream(ib, 9, RAT_INFO_BUFFER & ~BIT(26), 100, true, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "colour buffers 8-11 only as RATs");
	n = dispatch_stream(ib, 3, RAT_INFO_BUFFER, 1023, false, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "dispatch without its LS program");
	n = dispatch_stream(ib, 3, RAT_INFO_BUFFER | 2 << 8, 1023, true, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "buffer RAT not linear");
	/* the RAT and its immediate buffer are written */
	bos[0].write = false;
	n = dispatch_stream(ib, 3, RAT_INFO_BUFFER, 1023, true, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "write to a buffer relocated read-only");
	bos[0].write = true;
	bos[2].size -= 4;
	n = dispatch_stream(ib, 3, RAT_INFO_BUFFER, 1023, true, &at);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	bos[2].size += 4;
	/* told one shader engine (Cedar), half of it is enough */
	bos[2].size /= 2;
	n = dispatch_stream(ib, 3, RAT_INFO_BUFFER, 1023, true, &at);
	*p = (struct rcs_parser){ .ib = ib, .ndw = n, .bos = bos, .nbos = 4,
				  .gen = &rcs_evergreen, .num_ses = 1, .keep_tiling = true };
	KUNIT_EXPECT_EQ(test, rcs_check(p), 0);
}

/*
 * dispatch_stream()'s state without its dispatch, SET_BASE on relocation
 * 3 (@with_base), and DISPATCH_INDIRECT at @offset; SET_BASE's address
 * dword in *@base_at
 */
static u32 indirect_dispatch_stream(u32 *ib, bool with_base, u32 offset, u32 *base_at)
{
	u32 at, n = dispatch_stream(ib, 0, RAT_INFO_BUFFER, 10, true, &at) - 5;

	if (with_base) {
		ib[n++] = W(0x11, 3);		/* SET_BASE: the arguments' buffer */
		ib[n++] = 1;
		*base_at = n;
		ib[n++] = 0;
		ib[n++] = 0;
		n += reloc(&ib[n], 3);
	}
	ib[n++] = W(0x16, 2);			/* DISPATCH_INDIRECT */
	ib[n++] = offset;
	ib[n++] = 1;
	return n;
}

static void ruby_cs_dispatch_indirect_rules(struct kunit *test)
{
	struct rcs_parser *p = new_parser(test);
	u32 ib[64], n, base_at;

	/* the last 12 bytes of the arguments' buffer */
	n = indirect_dispatch_stream(ib, true, 52, &base_at);
	KUNIT_EXPECT_EQ(test, run(ib, n, dispatch_bos, 4, p), 0);
	KUNIT_EXPECT_EQ(test, ib[base_at], 0x400000u);
	n = indirect_dispatch_stream(ib, true, 56, &base_at);
	KUNIT_EXPECT_EQ(test, run(ib, n, dispatch_bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = indirect_dispatch_stream(ib, true, 2, &base_at);
	KUNIT_EXPECT_EQ(test, run(ib, n, dispatch_bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "unaligned address");
	n = indirect_dispatch_stream(ib, false, 0, &base_at);
	KUNIT_EXPECT_EQ(test, run(ib, n, dispatch_bos, 4, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "indirect dispatch without SET_BASE");
}

/*
 * A 64x64 image RAT (@info, @dim, @view) on colour buffer 1 with its
 * immediate buffer (@with_immed), then draw_stream() with both targets
 * enabled: the RAT is not bounded as a colour buffer
 */
static u32 rat_draw_stream(u32 *ib, u32 info, u32 dim, u32 view, bool with_immed)
{
	u32 at, n = rat_stream(ib, 1, info, 63, dim, with_immed, &at);

	ib[at - 3] = view;
	n += draw_stream(&ib[n], 63, true);
	ib[n - 19] = 0xff;			/* CB_TARGET_MASK */
	return n;
}

static void ruby_cs_rat_image_and_draw(struct kunit *test)
{
	struct rcs_bo bos[3] = {
		{ .gpu_addr = 0x100000, .size = 64 * 64 * 4, .write = true },
		{ .gpu_addr = 0x200000, .size = 4096 },
		{ .gpu_addr = 0x300000, .size = 2 * 256 * 64 * 4, .write = true },
	};
	struct rcs_parser *p = new_parser(test);
	u32 info = RAT_INFO_BUFFER | RAT_TYPE_2D, ib[96], n;

	n = rat_draw_stream(ib, info, 63 | 63 << 16, 0, true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), 0);
	/* DIM beyond the rows */
	n = rat_draw_stream(ib, info, 64 << 16, 0, true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "RAT extent beyond its surface");
	/* two layers: past the end */
	n = rat_draw_stream(ib, info, 0, 1 << 13, true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = rat_draw_stream(ib, info, 0, 0, false);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "RAT without an immediate buffer");
	n = rat_draw_stream(ib, info | BIT(17), 0, 0, true);
	KUNIT_EXPECT_EQ(test, run(ib, n, bos, 3, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "RAT with CMASK or FMASK");
}

/*
 * SET_APPEND_CNT of counter @counter (source @src) from relocation 0 at
 * @addr, then an EVENT_WRITE_EOS of command @cmd storing @reg into its
 * last dword
 */
static u32 append_stream(u32 *ib, u32 counter, u32 src, u32 addr, u32 cmd, u32 reg)
{
	u32 n = 0;

	ib[n++] = W(0x75, 3);
	ib[n++] = ((0x2872c - 0x28000) / 4 + counter) << 16 | src;
	ib[n++] = addr;
	ib[n++] = 0;
	n += reloc(&ib[n], 0);
	ib[n++] = W(0x48, 4);
	ib[n++] = 0x615;
	ib[n++] = 4092;
	ib[n++] = cmd << 29;
	ib[n++] = reg;
	return n + reloc(&ib[n], 0);
}

#define COUNTER_REG(n)	(0x2872c / 4 + (n))

static void ruby_cs_append_counter_rules(struct kunit *test)
{
	struct rcs_bo bo = { .gpu_addr = 0x100000, .size = 4096, .write = true };
	struct rcs_parser *p = new_parser(test);
	u32 ib[32], n;

	/* loaded from the buffer's last dword (swap bits kept), stored back */
	n = append_stream(ib, 2, 3, 4092 | 2, 0, COUNTER_REG(2));
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), 0);
	KUNIT_EXPECT_EQ(test, ib[2], 0x100ffeu);
	KUNIT_EXPECT_EQ(test, ib[8], 0x100ffcu);
	/* a counter this stream did not load: another client's value */
	n = append_stream(ib, 2, 3, 0, 0, COUNTER_REG(3));
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "append counter not loaded in this stream");
	n = append_stream(ib, 2, 3, 0, 0, COUNTER_REG(12));
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "append counter register");
	/* GDS read back: what other clients left there */
	n = append_stream(ib, 2, 3, 0, 1, 1 << 16);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "GDS read-back: GDS is shared between clients");
	n = append_stream(ib, 2, 3, 4096, 0, COUNTER_REG(2));
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "access past the end of the buffer");
	n = append_stream(ib, 12, 3, 0, 0, COUNTER_REG(2));
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "append counter register");
	/* loaded from GDS: refused as well */
	n = append_stream(ib, 2, 2, 0, 0, COUNTER_REG(2));
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "append counter source not supported");
	/* no GDS window for shaders */
	n = ctx_reg(ib, 0x28724, 0);
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), 0);
	ib[2] = 0x100;
	KUNIT_EXPECT_EQ(test, run(ib, n, &bo, 1, p), -1);
	KUNIT_EXPECT_STREQ(test, p->err, "GDS window: GDS is shared between clients");
}

static struct kunit_case ruby_cs_cases[] = {
	KUNIT_CASE(ruby_cs_reloc_nop_forms),
	KUNIT_CASE(ruby_cs_draw_rules),
	KUNIT_CASE(ruby_cs_cbuf_base_per_stream),
	KUNIT_CASE(ruby_cs_texture_rules),
	KUNIT_CASE(ruby_cs_depth_rules),
	KUNIT_CASE(ruby_cs_msaa_rules),
	KUNIT_CASE(ruby_cs_predication_rules),
	KUNIT_CASE(ruby_cs_index_2_rules),
	KUNIT_CASE(ruby_cs_cp_dma_rules),
	KUNIT_CASE(ruby_cs_streamout_rules),
	KUNIT_CASE(ruby_cs_indirect_draw_rules),
	KUNIT_CASE(ruby_cs_dma_tiled_copy_rules),
	KUNIT_CASE(ruby_cs_dma_linear_copy_rules),
	KUNIT_CASE(ruby_cs_tiling_from_buffer),
	KUNIT_CASE(ruby_cs_no_privileged_register),
	KUNIT_CASE(ruby_cs_privileged_check_catches),
	KUNIT_CASE(ruby_cs_type0_privileged_check_catches),
	KUNIT_CASE(ruby_cs_tables_sorted),
	KUNIT_CASE(ruby_cs_reg_lookup),
	KUNIT_CASE(ruby_cs_relocates_and_bounds),
	KUNIT_CASE(ruby_cs_walker_rules),
	KUNIT_CASE(ruby_cs_dispatch_rules),
	KUNIT_CASE(ruby_cs_dispatch_indirect_rules),
	KUNIT_CASE(ruby_cs_rat_image_and_draw),
	KUNIT_CASE(ruby_cs_append_counter_rules),
	KUNIT_CASE(ruby_cs_msaa_texture_rules),
	KUNIT_CASE(ruby_cs_streamout_query_streams),
	KUNIT_CASE(ruby_cs_dma_broadcast_rules),
	KUNIT_CASE(ruby_cs_geometry_rules),
	KUNIT_CASE(ruby_cs_shader_ring_rules),
	KUNIT_CASE(ruby_cs_tessellation_rules),
	KUNIT_CASE(ruby_cs_context_rows_disjoint),
	{}
};

static struct kunit_suite ruby_cs_suite = {
	.name = "ruby_cs",
	.test_cases = ruby_cs_cases,
};

kunit_test_suite(ruby_cs_suite);
