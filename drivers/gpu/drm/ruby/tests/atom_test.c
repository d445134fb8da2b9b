// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of the AtomBIOS image checks, data-table parsers and
 * byte-code interpreter, built from their own source. The images are
 * written here byte by byte from the published encodings (not with the
 * simulator's assembler), so an encoder and a decoder that agree on a
 * wrong layout still fail.
 */

#include <kunit/test.h>

#include "../atom/atom.c"
#include "../atom/atom_rom.c"

#define IMG_SIZE	4096
#define IMG_HDR		0x80
#define N_CMD		4
#define N_DATA		0x18
#define MAX_LOG		32

/* attribute byte: source mode and field, destination selector */
#define ATTR(mode, field, sel)	((mode) | (field) << 3 | (sel) << 6)

struct access {
	char kind;	/* W: MMIO, P: PLL, M: MC, I: IO, D: delay, G: debug */
	u32 reg, val;
};

struct tctx {
	u8 img[IMG_SIZE];
	u32 len;
	u16 cmd[N_CMD], data[N_DATA];
	struct ruby_atom_rom rom;
	struct ruby_atom atom;
	u32 regs[256];
	u32 reads;
	struct access log[MAX_LOG];
	unsigned int nlog;
	u8 ps[64];
	u32 fb[8];
};

static void record(struct tctx *c, char kind, u32 reg, u32 val)
{
	if (c->nlog < MAX_LOG)
		c->log[c->nlog] = (struct access){ kind, reg, val };
	c->nlog++;
}

static u32 t_reg_read(void *priv, u32 reg)
{
	struct tctx *c = priv;

	c->reads++;
	return reg / 4 < ARRAY_SIZE(c->regs) ? c->regs[reg / 4] : 0xdead0000 | reg;
}

static void t_reg_write(void *priv, u32 reg, u32 val)
{
	struct tctx *c = priv;

	record(c, 'W', reg, val);
	if (reg / 4 < ARRAY_SIZE(c->regs))
		c->regs[reg / 4] = val;
}

static u32 t_pll_read(void *priv, u32 reg)
{
	return 0x50000000 | reg;
}

static void t_pll_write(void *priv, u32 reg, u32 val)
{
	record(priv, 'P', reg, val);
}

static u32 t_mc_read(void *priv, u32 reg)
{
	return 0x3c000000 | reg;
}

static void t_mc_write(void *priv, u32 reg, u32 val)
{
	record(priv, 'M', reg, val);
}

static u32 t_io_read(void *priv, u32 reg)
{
	return 0x10000000 | reg;
}

static void t_io_write(void *priv, u32 reg, u32 val)
{
	record(priv, 'I', reg, val);
}

static void t_delay(void *priv, u32 usecs)
{
	record(priv, 'D', 0, usecs);
}

static void t_debug(void *priv, enum ruby_atom_dbg what, u32 val)
{
	record(priv, 'G', what, val);
}

static const struct ruby_atom_ops t_ops = {
	.reg_read = t_reg_read, .reg_write = t_reg_write,
	.io_read = t_io_read, .io_write = t_io_write,
	.pll_read = t_pll_read, .pll_write = t_pll_write,
	.mc_read = t_mc_read, .mc_write = t_mc_write,
	.delay = t_delay, .debug = t_debug,
};

static int atom_test_init(struct kunit *test)
{
	struct tctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->len = ATOM_ROM_BLOCK_SIZE;
	test->priv = c;
	return 0;
}

static void put_le(u8 *p, u32 v, unsigned int n)
{
	while (n--) {
		*p++ = v;
		v >>= 8;
	}
}

static u16 add_table(struct tctx *c, const u8 *hdr, u32 hdr_len, const u8 *body, u32 n)
{
	u16 at = c->len;

	memcpy(c->img + c->len, hdr, hdr_len);
	memcpy(c->img + c->len + hdr_len, body, n);
	put_le(c->img + at, hdr_len + n, 2);
	c->len += hdr_len + n;
	return at;
}

static void add_cmd(struct tctx *c, unsigned int idx, u8 ws, u8 ps, const u8 *code, u32 n)
{
	const u8 hdr[] = { 0, 0, 1, 1, ws, ps };

	c->cmd[idx] = add_table(c, hdr, sizeof(hdr), code, n);
}

static void add_data(struct tctx *c, unsigned int idx, u8 frev, u8 crev, const u8 *body, u32 n)
{
	const u8 hdr[] = { 0, 0, frev, crev };

	c->data[idx] = add_table(c, hdr, sizeof(hdr), body, n);
}

static u16 add_master(struct tctx *c, const u16 *slot, unsigned int n)
{
	u16 at = c->len;
	unsigned int i;

	put_le(c->img + at, ATOM_MASTER_ENTRIES + 2 * n, 2);
	c->img[at + 2] = 1;
	c->img[at + 3] = 1;
	for (i = 0; i < n; i++)
		put_le(c->img + at + ATOM_MASTER_ENTRIES + 2 * i, slot[i], 2);
	c->len += ATOM_MASTER_ENTRIES + 2 * n;
	return at;
}

/* Lay out the expansion ROM around the tables; fix the checksum */
static void seal(struct tctx *c)
{
	u16 cmd = add_master(c, c->cmd, N_CMD), data = add_master(c, c->data, N_DATA);
	u32 i;
	u8 sum = 0;

	c->len = ALIGN(c->len, ATOM_ROM_BLOCK_SIZE);
	c->img[0] = 0x55;
	c->img[1] = 0xaa;
	c->img[2] = c->len / ATOM_ROM_BLOCK_SIZE;
	memcpy(c->img + 0x30, " 761295520", 10);
	put_le(c->img + 0x48, IMG_HDR, 2);
	put_le(c->img + IMG_HDR, ATOM_HDR_LEN, 2);
	memcpy(c->img + IMG_HDR + 4, "ATOM", 4);
	put_le(c->img + IMG_HDR + 0x1e, cmd, 2);
	put_le(c->img + IMG_HDR + 0x20, data, 2);
	c->img[0x21] = 0;
	for (i = 0; i < c->len; i++)
		sum += c->img[i];
	c->img[0x21] = -sum;
}

static void load(struct kunit *test)
{
	struct tctx *c = test->priv;

	seal(c);
	KUNIT_ASSERT_EQ(test, ruby_atom_rom_parse(&c->rom, c->img, c->len), RUBY_ATOM_OK);
	ruby_atom_init(&c->atom, &c->rom, &t_ops, c);
	c->atom.fb = c->fb;
	c->atom.fb_dwords = ARRAY_SIZE(c->fb);
}

/* Table 0 is @code (4 workspace dwords); run it with the context's PS */
static enum ruby_atom_err run(struct kunit *test, const u8 *code, u32 n)
{
	struct tctx *c = test->priv;

	add_cmd(c, 0, 4, 0, code, n);
	load(test);
	return ruby_atom_execute(&c->atom, 0, c->ps, sizeof(c->ps));
}

static u32 ps(struct kunit *test, unsigned int i)
{
	return ruby_atom_le32(((struct tctx *)test->priv)->ps + 4 * i);
}

static void set_ps(struct kunit *test, unsigned int i, u32 v)
{
	put_le(((struct tctx *)test->priv)->ps + 4 * i, v, 4);
}

#define RUN(test, ...) \
	run(test, (const u8[]){ __VA_ARGS__ }, sizeof((const u8[]){ __VA_ARGS__ }))
#define ADD_CMD(c, idx, ws, ps, ...) \
	add_cmd(c, idx, ws, ps, (const u8[]){ __VA_ARGS__ }, sizeof((const u8[]){ __VA_ARGS__ }))
#define ADD_DATA(c, idx, frev, crev, ...) \
	add_data(c, idx, frev, crev, (const u8[]){ __VA_ARGS__ }, \
		 sizeof((const u8[]){ __VA_ARGS__ }))
#define OP(family, dst)	((family) + ATOM_DST_##dst)
#define MOV(dst)	OP(ATOM_OP_MOVE, dst)
#define A_IMM32		ATTR(ATOM_ARG_IMM, ATOM_SRC_DWORD, 0)
#define A_IMM8		ATTR(ATOM_ARG_IMM, ATOM_SRC_BYTE0, 0)
#define A_WS		ATTR(ATOM_ARG_WS, ATOM_SRC_DWORD, 0)
#define A_PS		ATTR(ATOM_ARG_PS, ATOM_SRC_DWORD, 0)
#define EOT		ATOM_OP_EOT

static void expect_log(struct kunit *test, const struct access *want, unsigned int n)
{
	struct tctx *c = test->priv;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, c->nlog, n);
	for (i = 0; i < n && i < c->nlog; i++) {
		KUNIT_EXPECT_EQ_MSG(test, c->log[i].kind, want[i].kind, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, c->log[i].reg, want[i].reg, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, c->log[i].val, want[i].val, "access %u", i);
	}
}

/* A fresh image in the same context, for tests that run several tables */
static void reset(struct kunit *test)
{
	struct tctx *c = test->priv;

	memset(c, 0, sizeof(*c));
	c->len = ATOM_ROM_BLOCK_SIZE;
}

/* MOVE to each destination mode; a dword destination is never read */
static void atom_move_destinations(struct kunit *test)
{
	const u8 code[] = {
		MOV(REG), A_IMM32, 0x10, 0x00,
		0x44, 0x33, 0x22, 0x11,
		MOV(PS), A_IMM32, 1, 0xa5, 0xa5, 0xa5, 0xa5,
		MOV(WS), A_IMM32, 2, 0x77, 0x00, 0x00, 0x00,
		MOV(PS), A_WS, 2, 2,
		MOV(FB), A_IMM32, 3, 0xfb, 0x00, 0x00, 0x00,
		MOV(PLL), A_IMM32, 0x21, 0x05, 0x00, 0x00, 0x00,
		MOV(MC), A_IMM32, 0x33, 0x06, 0x00, 0x00, 0x00,
		EOT,
	};
	static const struct access want[] = {
		{ 'W', 0x40, 0x11223344 }, { 'P', 0x21, 5 }, { 'M', 0x33, 6 },
	};
	struct tctx *c = test->priv;

	KUNIT_ASSERT_EQ(test, run(test, code, sizeof(code)), RUBY_ATOM_OK);
	expect_log(test, want, ARRAY_SIZE(want));
	KUNIT_EXPECT_EQ(test, ps(test, 1), 0xa5a5a5a5);
	KUNIT_EXPECT_EQ(test, ps(test, 2), 0x77);
	KUNIT_EXPECT_EQ(test, c->fb[3], 0xfb);
	KUNIT_EXPECT_EQ(test, c->reads, 0);
}

/* Every source mode, and immediates of 8, 16 and 32 bits */
static void atom_move_sources(struct kunit *test)
{
	const u8 code[] = {
		MOV(PS), ATTR(ATOM_ARG_REG, ATOM_SRC_DWORD, 0), 0, 0x10, 0x00,
		MOV(PS), ATTR(ATOM_ARG_PLL, ATOM_SRC_DWORD, 0), 1, 0x07,
		MOV(PS), ATTR(ATOM_ARG_MC, ATOM_SRC_DWORD, 0), 2, 0x08,
		MOV(PS), ATTR(ATOM_ARG_FB, ATOM_SRC_DWORD, 0), 3, 1,
		MOV(PS), ATTR(ATOM_ARG_ID, ATOM_SRC_DWORD, 0), 4, 0x30, 0x00,
		MOV(PS), A_PS, 5, 0,
		MOV(PS), A_IMM8, 6, 0x5a,
		MOV(PS), ATTR(ATOM_ARG_IMM, ATOM_SRC_WORD0, 3), 7, 0xef, 0xbe,
		EOT,
	};
	struct tctx *c = test->priv;

	c->regs[0x10] = 0xcafe0001;
	c->fb[1] = 0x12345678;
	set_ps(test, 6, 0xffffffff);
	set_ps(test, 7, 0xffffffff);
	KUNIT_ASSERT_EQ(test, run(test, code, sizeof(code)), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 0), 0xcafe0001);
	KUNIT_EXPECT_EQ(test, ps(test, 1), 0x50000007);
	KUNIT_EXPECT_EQ(test, ps(test, 2), 0x3c000008);
	KUNIT_EXPECT_EQ(test, ps(test, 3), 0x12345678);
	KUNIT_EXPECT_EQ(test, ps(test, 4), 0x31363720);	/* " 761" of the ATI magic */
	KUNIT_EXPECT_EQ(test, ps(test, 5), 0xcafe0001);
	KUNIT_EXPECT_EQ(test, ps(test, 6), 0xffffff5a);	/* byte 0 only */
	KUNIT_EXPECT_EQ(test, ps(test, 7), 0x0000beef);	/* word into the dword */
}

/* Source fields and the destination selectors, read-modify-write */
static void atom_fields(struct kunit *test)
{
	const u8 code[] = {
		MOV(REG), ATTR(ATOM_ARG_PS, ATOM_SRC_BYTE8, 2), 0x10, 0x00, 0,
		MOV(REG), ATTR(ATOM_ARG_PS, ATOM_SRC_BYTE24, 3), 0x11, 0x00, 0,
		MOV(PS), ATTR(ATOM_ARG_PS, ATOM_SRC_WORD16, 1), 1, 0,
		MOV(PS), ATTR(ATOM_ARG_PS, ATOM_SRC_WORD8, 2), 2, 0,
		EOT,
	};
	static const struct access want[] = {
		{ 'W', 0x40, 0x11cc3344 }, { 'W', 0x44, 0xaa000000 },
	};
	struct tctx *c = test->priv;

	c->regs[0x10] = 0x11223344;
	set_ps(test, 0, 0xaabbccdd);
	KUNIT_ASSERT_EQ(test, run(test, code, sizeof(code)), RUBY_ATOM_OK);
	expect_log(test, want, ARRAY_SIZE(want));
	KUNIT_EXPECT_EQ(test, ps(test, 1), 0x00aabb00);
	KUNIT_EXPECT_EQ(test, ps(test, 2), 0xbbcc0000);
}

static void atom_arithmetic(struct kunit *test)
{
	const u8 code[] = {
		MOV(WS), A_IMM32, 0, 0xf0, 0xf0, 0xf0, 0xf0,
		OP(ATOM_OP_AND, WS), A_IMM32, 0, 0x00, 0xff, 0x00, 0xff,
		OP(ATOM_OP_OR, WS), A_IMM32, 0, 0x0f, 0x00, 0x00, 0x00,
		OP(ATOM_OP_XOR, WS), A_IMM32, 0, 0xff, 0xff, 0xff, 0xff,
		MOV(PS), A_WS, 0, 0,
		MOV(WS), A_IMM32, 1, 0x05, 0x00, 0x00, 0x00,
		OP(ATOM_OP_SUB, WS), A_IMM32, 1, 0x07, 0x00, 0x00, 0x00,
		MOV(PS), A_WS, 1, 1,
		OP(ATOM_OP_ADD, WS), A_IMM32, 1, 0x03, 0x00, 0x00, 0x00,
		MOV(PS), A_WS, 2, 1,
		MOV(WS), A_IMM32, 2, 0xff, 0x12, 0x00, 0x00,
		OP(ATOM_OP_ADD, WS), A_IMM8, 2, 1,
		MOV(PS), A_WS, 3, 2,
		OP(ATOM_OP_MUL, WS), A_IMM32, 0, 0x03, 0x00, 0x00, 0x00,
		MOV(PS), A_WS, 4, ATOM_WS_QUOTIENT,
		MOV(WS), A_IMM32, 3, 0x64, 0x00, 0x00, 0x00,
		OP(ATOM_OP_DIV, WS), A_IMM32, 3, 0x07, 0x00, 0x00, 0x00,
		MOV(PS), A_WS, 5, ATOM_WS_QUOTIENT,
		MOV(PS), A_WS, 6, ATOM_WS_REMAINDER,
		MOV(PS), A_IMM32, 7, 0x78, 0x56, 0x34, 0x12,
		OP(ATOM_OP_MASK, PS), A_IMM32, 7,
		0xff, 0x00, 0xff, 0xff, 0x00, 0xab, 0x00, 0x00,
		EOT,
	};
	KUNIT_ASSERT_EQ(test, run(test, code, sizeof(code)), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 0), 0x0fff0ff0);
	KUNIT_EXPECT_EQ(test, ps(test, 1), 0xfffffffe);	/* wraps */
	KUNIT_EXPECT_EQ(test, ps(test, 2), 1);
	KUNIT_EXPECT_EQ(test, ps(test, 3), 0x1200);		/* no carry out of the byte */
	KUNIT_EXPECT_EQ(test, ps(test, 4), 0x2ffd2fd0);
	KUNIT_EXPECT_EQ(test, ps(test, 5), 14);
	KUNIT_EXPECT_EQ(test, ps(test, 6), 2);
	KUNIT_EXPECT_EQ(test, ps(test, 7), 0x1234ab78);
}

static void atom_shifts(struct kunit *test)
{
	const u8 code[] = {
		MOV(PS), A_IMM32, 0, 0x0f, 0x0f, 0x00, 0x00,
		OP(ATOM_OP_SHIFT_LEFT, PS), ATOM_SRC_BYTE0 << 3, 0, 4,
		MOV(PS), A_IMM32, 1, 0x01, 0x00, 0x00, 0x80,
		OP(ATOM_OP_SHIFT_RIGHT, PS), ATOM_SRC_DWORD << 3, 1, 1,
		MOV(PS), A_IMM32, 2, 0xff, 0x00, 0x00, 0x00,
		OP(ATOM_OP_SHL, PS), ATTR(ATOM_ARG_IMM, ATOM_SRC_BYTE0, 1), 2, 4,
		MOV(PS), A_IMM32, 3, 0x00, 0x00, 0xcd, 0xab,
		OP(ATOM_OP_SHR, PS), A_IMM32, 3, 0x10, 0x00, 0x00, 0x00,
		MOV(PS), A_IMM32, 4, 0xff, 0xff, 0xff, 0xff,
		OP(ATOM_OP_CLEAR, PS), ATOM_SRC_WORD8 << 3, 4,
		MOV(WS), A_IMM8, ATOM_WS_SHIFT, 5,
		MOV(PS), A_WS, 5, ATOM_WS_OR_MASK,
		MOV(PS), A_WS, 6, ATOM_WS_AND_MASK,
		MOV(PS), A_IMM32, 7, 0x01, 0x00, 0x00, 0x00,
		OP(ATOM_OP_SHL, PS), A_IMM32, 7, 0x28, 0x00, 0x00,
		0x00,	/* past the width: 0 */
		EOT,
	};
	KUNIT_ASSERT_EQ(test, run(test, code, sizeof(code)), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 0), 0x0ff0);
	KUNIT_EXPECT_EQ(test, ps(test, 1), 0x40000000);
	KUNIT_EXPECT_EQ(test, ps(test, 2), 0x0fff);
	KUNIT_EXPECT_EQ(test, ps(test, 3), 0xabcd);
	KUNIT_EXPECT_EQ(test, ps(test, 4), 0xff0000ff);
	KUNIT_EXPECT_EQ(test, ps(test, 5), 0x20);
	KUNIT_EXPECT_EQ(test, ps(test, 6), ~0x20u);
	KUNIT_EXPECT_EQ(test, ps(test, 7), 0);
}

/*
 * COMPARE PS0 with PS1, then the jump: PS2 is 2 if it was taken, 1 if
 * not. The code: MOVE 4 bytes at 6, COMPARE 4 at 10, jump 3 at 14, MOVE 4
 * at 17, EOT at 21, the target at 22.
 */
static u32 jump_result(struct kunit *test, u8 op, u32 dst, u32 src, u8 flags_op)
{
	const u8 code[] = {
		MOV(WS), A_PS, 0, 0,
		flags_op, A_PS, 0, 1,
		op, 0x16, 0x00,
		MOV(PS), A_IMM8, 2, 1, EOT,
		MOV(PS), A_IMM8, 2, 2, EOT,
	};
	reset(test);
	set_ps(test, 0, dst);
	set_ps(test, 1, src);
	KUNIT_EXPECT_EQ(test, run(test, code, sizeof(code)),
			RUBY_ATOM_OK);
	return ps(test, 2);
}

static void atom_jumps(struct kunit *test)
{
	/* taken for destination 1, 2, 3 against source 2 */
	static const struct {
		u8 op;
		bool taken[3];
	} conds[] = {
		{ ATOM_OP_JUMP, { 1, 1, 1 } },
		{ ATOM_OP_JUMP_EQUAL, { 0, 1, 0 } },
		{ ATOM_OP_JUMP_BELOW, { 1, 0, 0 } },
		{ ATOM_OP_JUMP_ABOVE, { 0, 0, 1 } },
		{ ATOM_OP_JUMP_BELOW_OR_EQUAL, { 1, 1, 0 } },
		{ ATOM_OP_JUMP_ABOVE_OR_EQUAL, { 0, 1, 1 } },
		{ ATOM_OP_JUMP_NOT_EQUAL, { 1, 0, 1 } },
	};
	unsigned int i, d;
	u32 got, want;

	for (i = 0; i < ARRAY_SIZE(conds); i++) {
		for (d = 0; d < 3; d++) {
			got = jump_result(test, conds[i].op, d + 1, 2, OP(ATOM_OP_COMPARE, WS));
			want = conds[i].taken[d] ? 2 : 1;
			KUNIT_EXPECT_EQ_MSG(test, got, want, "op 0x%x dst %u", conds[i].op, d + 1);
		}
	}
	/* COMPARE is unsigned */
	KUNIT_EXPECT_EQ(test, jump_result(test, ATOM_OP_JUMP_ABOVE, 0x80000000, 1,
					  OP(ATOM_OP_COMPARE, WS)), 2);
	/* TEST: "equal" when no bit is common */
	KUNIT_EXPECT_EQ(test, jump_result(test, ATOM_OP_JUMP_EQUAL, 0x0f, 0xf0,
					  OP(ATOM_OP_TEST, WS)), 2);
	KUNIT_EXPECT_EQ(test, jump_result(test, ATOM_OP_JUMP_EQUAL, 0x1f, 0xf0,
					  OP(ATOM_OP_TEST, WS)), 1);
}

/* SWITCH at 6: cases at 9 and 13, end at 17, default at 19, targets 24, 29 */
static enum ruby_atom_err switch_run(struct kunit *test, u32 v, u8 magic)
{
	const u8 code[] = {
		ATOM_OP_SWITCH, ATTR(ATOM_ARG_PS, ATOM_SRC_BYTE0, 0), 0,
		ATOM_CASE_MAGIC, 1, 0x18, 0x00,
		magic, 2, 0x1d, 0x00,
		0x5a, 0x5a,
		MOV(PS), A_IMM8, 1, 9, EOT,
		MOV(PS), A_IMM8, 1, 1, EOT,
		MOV(PS), A_IMM8, 1, 2, EOT,
	};
	reset(test);
	set_ps(test, 0, v);
	return run(test, code, sizeof(code));
}

static void atom_switch(struct kunit *test)
{
	struct tctx *c = test->priv;

	KUNIT_EXPECT_EQ(test, switch_run(test, 0x301, ATOM_CASE_MAGIC), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 1), 1);	/* the byte field only */
	KUNIT_EXPECT_EQ(test, switch_run(test, 2, ATOM_CASE_MAGIC), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 1), 2);
	KUNIT_EXPECT_EQ(test, switch_run(test, 3, ATOM_CASE_MAGIC), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 1), 9);
	KUNIT_EXPECT_EQ(test, switch_run(test, 3, 0x11), RUBY_ATOM_E_OPERAND);
	KUNIT_EXPECT_EQ(test, c->atom.fault.value, 0x11);
}

/*
 * CALL_TABLE: the callee's parameters start past the caller's own (8
 * bytes here), its workspace is its own, an absent table is skipped.
 */
static void atom_call_table(struct kunit *test)
{
	const u8 table2[] = {
		MOV(WS), A_IMM32, 0, 0x07, 0x00, 0x00, 0x00,
		MOV(PS), A_IMM32, 2, 0x42, 0x00, 0x00, 0x00,
		ATOM_OP_CALL_TABLE, 1,
		ATOM_OP_CALL_TABLE, 3,
		MOV(PS), A_WS, 1, 0,
		EOT,
	};
	const u8 table[] = {
		MOV(WS), A_PS, 0, 0,
		OP(ATOM_OP_ADD, WS), A_IMM8, 0, 1,
		MOV(PS), A_WS, 0, 0,
		EOT,
	};
	struct tctx *c = test->priv;

	add_cmd(c, 1, 1, 0, table, sizeof(table));
	add_cmd(c, 0, 1, 8, table2, sizeof(table2));
	load(test);
	KUNIT_ASSERT_EQ(test, ruby_atom_execute(&c->atom, 0, c->ps, sizeof(c->ps)),
			RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 2), 0x43);
	KUNIT_EXPECT_EQ(test, ps(test, 1), 7);
	KUNIT_EXPECT_EQ(test, c->atom.depth, 0);
	KUNIT_EXPECT_EQ(test, c->atom.ws_used, 0);
	/* a table that is not there */
	KUNIT_EXPECT_EQ(test, ruby_atom_execute(&c->atom, 2, c->ps, sizeof(c->ps)),
			RUBY_ATOM_E_NO_TABLE);
	KUNIT_EXPECT_EQ(test, ruby_atom_execute(&c->atom, 200, c->ps, sizeof(c->ps)),
			RUBY_ATOM_E_NO_TABLE);
}

/* A table calling itself stops at the nesting limit */
static void atom_nesting_limit(struct kunit *test)
{
	struct tctx *c = test->priv;

	KUNIT_EXPECT_EQ(test, RUN(test, ATOM_OP_CALL_TABLE, 0, EOT),
			RUBY_ATOM_E_NESTING);
	KUNIT_EXPECT_EQ(test, c->atom.depth, RUBY_ATOM_MAX_DEPTH);
}

/* A table jumping to itself forever stops at the step limit */
static void atom_step_limit(struct kunit *test)
{
	struct tctx *c = test->priv;

	ADD_CMD(c, 0, 0, 0, ATOM_OP_NOP, ATOM_OP_JUMP, 0x06, 0x00, EOT);
	load(test);
	c->atom.step_limit = 1000;
	KUNIT_EXPECT_EQ(test, ruby_atom_execute(&c->atom, 0, NULL, 0), RUBY_ATOM_E_STEPS);
	KUNIT_EXPECT_EQ(test, c->atom.steps, 1001);
	KUNIT_EXPECT_EQ(test, c->atom.fault.table, 0);
	KUNIT_EXPECT_EQ(test, c->atom.fault.pc, c->cmd[0] + 6);
	KUNIT_EXPECT_STREQ(test, ruby_atom_strerror(c->atom.fault.err),
			   "step limit reached (table loops)");
}

struct bad_table {
	const char *name;
	u8 code[12];
	u32 len;
	enum ruby_atom_err err;
};

#define BAD(n, e, ...) { n, { __VA_ARGS__ }, sizeof((u8[]){ __VA_ARGS__ }), e }

static const struct bad_table bad_tables[] = {
	BAD("opcode 0", RUBY_ATOM_E_OPCODE, 0x00),
	BAD("opcode past the last", RUBY_ATOM_E_OPCODE, ATOM_OP_COUNT),
	BAD("REPEAT", RUBY_ATOM_E_UNSUPPORTED, ATOM_OP_REPEAT),
	BAD("SAVE_REG", RUBY_ATOM_E_UNSUPPORTED, ATOM_OP_SAVE_REG),
	BAD("RESTORE_REG", RUBY_ATOM_E_UNSUPPORTED, ATOM_OP_RESTORE_REG),
	BAD("divide by zero", RUBY_ATOM_E_DIV_ZERO,
	    OP(ATOM_OP_DIV, WS), A_IMM8, 0, 0),
	BAD("jump past the table", RUBY_ATOM_E_JUMP, ATOM_OP_JUMP, 0x00, 0x01),
	BAD("jump into the header", RUBY_ATOM_E_JUMP, ATOM_OP_JUMP, 0x02, 0x00),
	BAD("workspace index", RUBY_ATOM_E_WS_INDEX, MOV(WS), A_IMM32, 4, 0x01, 0x00, 0x00, 0x00),
	BAD("parameter index", RUBY_ATOM_E_PS_INDEX, MOV(PS), A_IMM32, 16, 0x01, 0x00, 0x00, 0x00),
	BAD("frame-buffer index", RUBY_ATOM_E_FB_INDEX,
	    MOV(FB), A_IMM32, 8, 0x01, 0x00, 0x00, 0x00),
	BAD("data outside the image", RUBY_ATOM_E_DATA_RANGE,
	    MOV(WS), ATTR(ATOM_ARG_ID, ATOM_SRC_DWORD, 0), 0, 0xfe, 0xff),
	BAD("truncated immediate", RUBY_ATOM_E_TRUNCATED,
	    MOV(REG), A_IMM32, 0x10, 0x00, 0x11),
	BAD("truncated index", RUBY_ATOM_E_TRUNCATED,
	    MOV(REG), A_IMM32, 0x10),
	BAD("no EOT", RUBY_ATOM_E_TRUNCATED, ATOM_OP_NOP),
	BAD("register through the PCI port", RUBY_ATOM_E_OPERAND,
	    ATOM_OP_SET_PCI_PORT, 0, MOV(REG), A_IMM32, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00),
	BAD("register through the SYSIO port", RUBY_ATOM_E_OPERAND,
	    ATOM_OP_SET_SYSIO_PORT, 0, MOV(REG), A_IMM32, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00),
	BAD("indirect IO without a program", RUBY_ATOM_E_IIO,
	    ATOM_OP_SET_ATI_PORT, 0x05, 0x00, MOV(REG), A_IMM32, 0x01, 0x00, 0x01, 0x00, 0x00,
	    0x00),
};

/* Each corrupt table fails with its own error, writing nothing */
static void atom_bad_tables(struct kunit *test)
{
	struct tctx *c = test->priv;
	const struct bad_table *b;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_tables); i++) {
		b = &bad_tables[i];
		reset(test);
		KUNIT_EXPECT_EQ_MSG(test, run(test, b->code, b->len), b->err, "%s", b->name);
		KUNIT_EXPECT_EQ_MSG(test, c->atom.fault.err, b->err, "%s", b->name);
		KUNIT_EXPECT_EQ_MSG(test, c->nlog, 0, "%s wrote", b->name);
		KUNIT_EXPECT_STRNEQ(test, ruby_atom_strerror(b->err), "unknown error");
	}
}

/* Registers through an indirect IO program: index, then data */
static void atom_indirect_io(struct kunit *test)
{
	const u8 code2[] = {
		ATOM_OP_SET_ATI_PORT, 0x01, 0x00,
		MOV(REG), A_IMM32, 0x23, 0x01, 0xbc, 0x0a, 0x00, 0x00,
		MOV(PS), ATTR(ATOM_ARG_REG, ATOM_SRC_DWORD, 0), 0, 0x55, 0x00,
		ATOM_OP_SET_ATI_PORT, 0x00, 0x00,
		MOV(REG), A_IMM32, 0x01, 0x00, 0x07, 0x00, 0x00, 0x00,
		EOT,
	};
	const u8 table[] = {
		ATOM_IIO_START, 2, ATOM_IIO_END, 0, 0,
		ATOM_IIO_START, 1,
		ATOM_IIO_MOVE_INDEX, 16, 0, 0, ATOM_IIO_WRITE, 0x0e, 0x00,
		ATOM_IIO_MOVE_DATA, 32, 0, 0, ATOM_IIO_WRITE, 0x0f, 0x00,
		ATOM_IIO_NOP, ATOM_IIO_READ, 0x0f, 0x00, ATOM_IIO_END, 0, 0,
	};
	static const struct access want[] = {
		{ 'I', 0x38, 0x123 }, { 'I', 0x3c, 0xabc },
		{ 'I', 0x38, 0x55 }, { 'I', 0x3c, 0 }, { 'W', 4, 7 },
	};
	struct tctx *c = test->priv;

	add_data(c, ATOM_DATA_INDIRECT_IO, 1, 1, table, sizeof(table));
	KUNIT_ASSERT_EQ(test, run(test, code2, sizeof(code2)), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ps(test, 0), 0x1000003c);
	expect_log(test, want, ARRAY_SIZE(want));
	KUNIT_EXPECT_EQ(test, c->regs[1], 7);
}

/* SET_REG_BLOCK, SET_DATA_BLOCK, SET_FB_BASE and the MM_INDEX rule */
static void atom_blocks(struct kunit *test)
{
	const u8 code[] = {
		ATOM_OP_SET_REG_BLOCK, 0x10, 0x00,
		MOV(REG), A_IMM32, 0x01, 0x00, 0x05, 0x00, 0x00, 0x00,
		ATOM_OP_SET_DATA_BLOCK, 4,
		MOV(PS), ATTR(ATOM_ARG_ID, ATOM_SRC_DWORD, 0), 0, 0x04, 0x00,
		MOV(PS), A_WS, 1, ATOM_WS_DATAPTR,
		ATOM_OP_SET_DATA_BLOCK, ATOM_DATA_BLOCK_SELF,
		MOV(PS), A_WS, 2, ATOM_WS_DATAPTR,
		MOV(PS), A_WS, 3, ATOM_WS_REGPTR,
		ATOM_OP_SET_FB_BASE, A_IMM8, 8,
		MOV(FB), A_IMM32, 0, 0x99, 0x00, 0x00, 0x00,
		ATOM_OP_SET_REG_BLOCK, 0x00, 0x00,
		MOV(REG), A_IMM32, 0x00, 0x00, 0x34, 0x12, 0x00, 0x00,
		EOT,
	};
	static const struct access want[] = {
		{ 'W', 0x44, 5 }, { 'W', 0, 0x1234 << 2 },
	};
	struct tctx *c = test->priv;

	ADD_DATA(c, 4, 1, 1, 0xce, 0xfa, 0xed, 0xfe);
	KUNIT_ASSERT_EQ(test, run(test, code, sizeof(code)), RUBY_ATOM_OK);
	expect_log(test, want, ARRAY_SIZE(want));
	KUNIT_EXPECT_EQ(test, ps(test, 0), 0xfeedface);
	KUNIT_EXPECT_EQ(test, ps(test, 1), c->data[4]);
	KUNIT_EXPECT_EQ(test, ps(test, 2), c->cmd[0]);
	KUNIT_EXPECT_EQ(test, ps(test, 3), 0x10);
	KUNIT_EXPECT_EQ(test, c->fb[2], 0x99);
}

static void atom_delays_and_debug(struct kunit *test)
{
	const u8 code[] = {
		ATOM_OP_DELAY_MS, 3, ATOM_OP_DELAY_US, 7, ATOM_OP_POST_CARD, 0x42,
		ATOM_OP_BEEP, ATOM_OP_DEBUG, 0x17, ATOM_OP_NOP, EOT,
	};
	static const struct access want[] = {
		{ 'D', 0, 3000 }, { 'D', 0, 7 },
		{ 'G', RUBY_ATOM_DBG_POST, 0x42 }, { 'G', RUBY_ATOM_DBG_BEEP, 0 },
		{ 'G', RUBY_ATOM_DBG_DEBUG, 0x17 },
	};

	KUNIT_ASSERT_EQ(test, run(test, code, sizeof(code)), RUBY_ATOM_OK);
	expect_log(test, want, ARRAY_SIZE(want));
}

static void fix_checksum(u8 *img, u32 len)
{
	u32 i;
	u8 sum = 0;

	img[0x21] = 0;
	for (i = 0; i < len; i++)
		sum += img[i];
	img[0x21] = -sum;
}

/* A copy of the good image with one byte (or u16) changed */
static enum ruby_atom_err parse_damaged(struct kunit *test, u32 at, u32 v, u32 n,
					bool fix)
{
	struct tctx *c = test->priv;
	struct ruby_atom_rom rom;
	u8 *img = kunit_kmalloc(test, IMG_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, img);
	memcpy(img, c->img, IMG_SIZE);
	put_le(img + at, v, n);
	if (fix)
		fix_checksum(img, c->len);
	return ruby_atom_rom_parse(&rom, img, c->len);
}

static void atom_rom_checks(struct kunit *test)
{
	struct tctx *c = test->priv;
	struct ruby_atom_rom rom;
	u32 cmd_entry;

	ADD_CMD(c, 0, 0, 0, EOT);
	seal(c);
	KUNIT_ASSERT_EQ(test, ruby_atom_rom_parse(&rom, c->img, c->len), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, rom.size, c->len);
	KUNIT_EXPECT_EQ(test, rom.cmd_count, N_CMD);
	KUNIT_EXPECT_EQ(test, rom.data_count, N_DATA);
	/* a longer buffer (a ROM BAR) holds the same image */
	KUNIT_EXPECT_EQ(test, ruby_atom_rom_parse(&rom, c->img, IMG_SIZE), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, rom.size, c->len);

	KUNIT_EXPECT_EQ(test, parse_damaged(test, 0, 0x55aa, 2, true), RUBY_ATOM_E_ROM_SIG);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, 2, 0, 1, true), RUBY_ATOM_E_ROM_SIZE);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, 2, 0x20, 1, true), RUBY_ATOM_E_ROM_SIZE);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, 0x1ff, 1, 1, false), RUBY_ATOM_E_ROM_CSUM);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, 0x31, '8', 1, true), RUBY_ATOM_E_ATI_MAGIC);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, IMG_HDR + 4, 'X', 1, true),
			RUBY_ATOM_E_ATOM_MAGIC);
	/* the ROM header, a master table, a table, past the image */
	KUNIT_EXPECT_EQ(test, parse_damaged(test, 0x48, c->len - 8, 2, true),
			RUBY_ATOM_E_HDR_RANGE);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, IMG_HDR + 0x1e, c->len - 2, 2, true),
			RUBY_ATOM_E_HDR_RANGE);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, IMG_HDR + 0x20, 0, 2, true),
			RUBY_ATOM_E_HDR_RANGE);
	cmd_entry = ruby_atom_le16(c->img + IMG_HDR + 0x1e) + ATOM_MASTER_ENTRIES;
	KUNIT_EXPECT_EQ(test, parse_damaged(test, cmd_entry, 0xfff0, 2, true),
			RUBY_ATOM_E_HDR_RANGE);
	/* a table's length past the image, or shorter than its header */
	KUNIT_EXPECT_EQ(test, parse_damaged(test, c->cmd[0], 0x2000, 2, true),
			RUBY_ATOM_E_TABLE_RANGE);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, c->cmd[0], ATOM_CT_CODE - 1, 2, true),
			RUBY_ATOM_E_TABLE_RANGE);
	KUNIT_EXPECT_EQ(test, parse_damaged(test, ruby_atom_le16(c->img + IMG_HDR + 0x1e),
					    0xff00, 2, true), RUBY_ATOM_E_TABLE_RANGE);
	/* too short for even the signature */
	KUNIT_EXPECT_EQ(test, ruby_atom_rom_parse(&rom, c->img, 2), RUBY_ATOM_E_ROM_SIG);
}

/*
 * An expansion ROM's first image: 0x55AA, the pointer at 0x18 to the PCI
 * data structure ("PCIR", its length at 0x0a, the image's 512-byte blocks
 * at 0x10), in a ROM BAR of @len bytes; the structure is written only
 * where it fits the buffer (a pointer past it is a test too).
 */
#define ROM_SIZE	4096

static enum ruby_atom_err image_len(struct kunit *test, u32 pcir, u32 at, u32 v, u32 n,
				    u32 len, u32 *size)
{
	u8 *rom = kunit_kzalloc(test, ROM_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, rom);
	KUNIT_ASSERT_LE(test, len, ROM_SIZE);
	rom[0] = 0x55;
	rom[1] = 0xaa;
	put_le(rom + 0x18, pcir, 2);
	if (pcir <= ROM_SIZE - 0x18) {
		memcpy(rom + pcir, "PCIR", 4);
		put_le(rom + pcir + 0x0a, 0x18, 2);
		put_le(rom + pcir + 0x10, 3, 2);
	}
	if (n)
		put_le(rom + at, v, n);
	*size = 0;
	return ruby_atom_rom_image_len(rom, len, size);
}

static void atom_rom_image_len(struct kunit *test)
{
	u32 size;

	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0, 0, 0, ROM_SIZE, &size), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, size, 3 * 512);
	/* exactly the image, and the structure at the end of what was read */
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0, 0, 0, 1536, &size), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, size, 1536);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x1e8, 0, 0, 0, 0x200, &size), RUBY_ATOM_E_ROM_SIZE);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x1e8, 0x1e8 + 0x10, 1, 2, 0x200, &size),
			RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, size, 512);

	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 1, 0xab, 1, ROM_SIZE, &size),
			RUBY_ATOM_E_ROM_SIG);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0, 0, 0, 0x19, &size), RUBY_ATOM_E_ROM_SIG);
	/* the structure missing, cut off, misnamed, too short, longer than the ROM */
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0, 0, 0, 0x60, &size), RUBY_ATOM_E_PCIR);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0, 0, 0, 0x60 + 0x17, &size),
			RUBY_ATOM_E_PCIR);
	KUNIT_EXPECT_EQ(test, image_len(test, 0xfff0, 0, 0, 0, ROM_SIZE, &size), RUBY_ATOM_E_PCIR);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0x63, 'S', 1, ROM_SIZE, &size),
			RUBY_ATOM_E_PCIR);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0x6a, 0x17, 2, ROM_SIZE, &size),
			RUBY_ATOM_E_PCIR);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0x6a, ROM_SIZE - 0x60 + 1, 2, ROM_SIZE, &size),
			RUBY_ATOM_E_PCIR);
	/* an image of no blocks, or of more than the ROM holds */
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0x70, 0, 2, ROM_SIZE, &size),
			RUBY_ATOM_E_ROM_SIZE);
	KUNIT_EXPECT_EQ(test, image_len(test, 0x60, 0x70, 9, 2, ROM_SIZE, &size),
			RUBY_ATOM_E_ROM_SIZE);
	KUNIT_EXPECT_EQ(test, size, 9 * 512);
}

/* FirmwareInfo 2.1 with its clocks at their offsets (from the table start) */
static void fwi_body(u8 *b, u32 ref)
{
	memset(b, 0, ATOM_FWI_LEN_V21);
	put_le(b + ATOM_FWI_DEF_SCLK, 65000, 4);
	put_le(b + ATOM_FWI_DEF_MCLK, 40000, 4);
	put_le(b + ATOM_FWI_MAX_SCLK_PLL_OUT, 100000, 4);
	put_le(b + ATOM_FWI_MAX_MCLK_PLL_OUT, 90000, 4);
	put_le(b + ATOM_FWI_MAX_PCLK_PLL_OUT, 120000, 4);
	put_le(b + ATOM_FWI_DEF_DISPCLK, 60000, 4);
	put_le(b + ATOM_FWI_MIN_PCLK_PLL_OUT, 64800, 4);
	put_le(b + ATOM_FWI_MAX_PCLK, 40000, 2);
	put_le(b + ATOM_FWI_MIN_PCLK_PLL_IN, 100, 2);
	put_le(b + ATOM_FWI_MAX_PCLK_PLL_IN, 1350, 2);
	put_le(b + ATOM_FWI_REF_CLK, ref, 2);
	put_le(b + ATOM_FWI_MEM_REF_CLK, 2700, 2);
	put_le(b + ATOM_FWI_DP_EXT_CLK, 54000, 2);
}

static enum ruby_atom_err fwi_parse(struct kunit *test, u8 frev, u8 crev, u32 len, u32 ref,
				    struct ruby_atom_firmware_info *fw)
{
	struct tctx *c = test->priv;
	u8 b[ATOM_FWI_LEN_V21];

	reset(test);
	fwi_body(b, ref);
	add_data(c, ATOM_DATA_FIRMWARE_INFO, frev, crev, b + ATOM_TBL_HDR_LEN,
		 len - ATOM_TBL_HDR_LEN);
	seal(c);
	KUNIT_ASSERT_EQ(test, ruby_atom_rom_parse(&c->rom, c->img, c->len), RUBY_ATOM_OK);
	return ruby_atom_firmware_info(&c->rom, fw);
}

static void atom_firmware_info(struct kunit *test)
{
	struct tctx *c = test->priv;
	struct ruby_atom_firmware_info fw;

	KUNIT_ASSERT_EQ(test, fwi_parse(test, 2, 1, ATOM_FWI_LEN_V21, 10000, &fw), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, fw.default_sclk, 65000);
	KUNIT_EXPECT_EQ(test, fw.default_mclk, 40000);
	KUNIT_EXPECT_EQ(test, fw.max_sclk, 100000);
	KUNIT_EXPECT_EQ(test, fw.max_mclk, 90000);
	KUNIT_EXPECT_EQ(test, fw.max_pclk_pll_out, 120000);
	KUNIT_EXPECT_EQ(test, fw.min_pclk_pll_out, 64800);
	KUNIT_EXPECT_EQ(test, fw.max_pixel_clock, 40000);
	KUNIT_EXPECT_EQ(test, fw.min_pclk_pll_in, 100);
	KUNIT_EXPECT_EQ(test, fw.max_pclk_pll_in, 1350);
	KUNIT_EXPECT_EQ(test, fw.ref_clk, 10000);
	KUNIT_EXPECT_EQ(test, fw.mem_ref_clk, 2700);
	KUNIT_EXPECT_EQ(test, fw.default_dispclk, 60000);
	KUNIT_EXPECT_EQ(test, fw.dp_ext_clk, 54000);
	/* 1.4: no display clock, one reference for all */
	KUNIT_ASSERT_EQ(test, fwi_parse(test, 1, 4, ATOM_FWI_LEN_V14, 2700, &fw), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, fw.mem_ref_clk, 2700);
	KUNIT_EXPECT_EQ(test, fw.default_dispclk, 0);
	KUNIT_EXPECT_EQ(test, fw.dp_ext_clk, 0);
	KUNIT_EXPECT_EQ(test, fwi_parse(test, 1, 3, ATOM_FWI_LEN_V14, 2700, &fw),
			RUBY_ATOM_E_TABLE_VERSION);
	KUNIT_EXPECT_EQ(test, fwi_parse(test, 3, 1, ATOM_FWI_LEN_V21, 2700, &fw),
			RUBY_ATOM_E_TABLE_VERSION);
	KUNIT_EXPECT_EQ(test, fwi_parse(test, 2, 1, ATOM_FWI_LEN_V14, 2700, &fw),
			RUBY_ATOM_E_TABLE_VERSION);
	KUNIT_EXPECT_EQ(test, fwi_parse(test, 2, 1, ATOM_FWI_LEN_V21, 0, &fw), RUBY_ATOM_E_DATA);
	reset(test);
	seal(c);
	KUNIT_ASSERT_EQ(test, ruby_atom_rom_parse(&c->rom, c->img, c->len), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, ruby_atom_firmware_info(&c->rom, &fw), RUBY_ATOM_E_NO_TABLE);
}

/*
 * An object table (offsets from its start): header, connector objects at
 * 0x10 (HDMI, VGA), their records at 0x24 and 0x34, display paths at
 * 0x3a: HDMI through UNIPHY1 and a router, VGA through DAC1, and VGA
 * through DAC2 for a device the board does not support.
 */
#define OBJ_PATH0_SIZE	0x40
#define OBJ_RECORDS0	0x18
#define OBJ_PATH1_CONN	0x4e

static const u8 object_table[] = {
	0x09, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x3a, 0x00,
	2, 0, 0, 0,
	0x0c, 0x31, 0x00, 0x00, 0x24, 0x00, 0x00, 0x00,
	0x05, 0x31, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00,
	ATOM_REC_I2C, 4, 0x91, 0, ATOM_REC_HPD, 4, 0x15, 1, 7, 6, 0, 0, 0, 0,
	ATOM_REC_END, 0,
	ATOM_REC_I2C, 4, 0x92, 0, ATOM_REC_END, 0,
	3, 1, 0, 0,
	0x08, 0x00, 0x0c, 0x00, 0x0c, 0x31, 0x00, 0x11, 0x20, 0x21,
	0x01, 0x41,
	0x01, 0x00, 0x0a, 0x00, 0x05, 0x31, 0x00, 0x11, 0x15, 0x21,
	0x00, 0x01, 0x0a, 0x00, 0x05, 0x31, 0x00, 0x11, 0x16, 0x21,
};

static void objects_image(struct kunit *test)
{
	struct tctx *c = test->priv;

	reset(test);
	add_data(c, ATOM_DATA_OBJECT_HEADER, 1, 3, object_table, sizeof(object_table));
	ADD_DATA(c, ATOM_DATA_GPIO_PIN_LUT, 1, 1, 0x00, 0x19, 0, 0x14,
		 0x2d, 0x19, 8, 0x15);
	seal(c);
	KUNIT_ASSERT_EQ(test, ruby_atom_rom_parse(&c->rom, c->img, c->len), RUBY_ATOM_OK);
}

/* The object table with one field changed */
static enum ruby_atom_err objects_damaged(struct kunit *test, u32 at, u32 v)
{
	struct tctx *c = test->priv;
	struct ruby_atom_connector con[RUBY_ATOM_MAX_CONNECTORS];
	unsigned int n = 99;
	enum ruby_atom_err err;

	objects_image(test);
	put_le(c->img + c->data[ATOM_DATA_OBJECT_HEADER] + at, v, 2);
	fix_checksum(c->img, c->len);
	KUNIT_ASSERT_EQ(test, ruby_atom_rom_parse(&c->rom, c->img, c->len), RUBY_ATOM_OK);
	err = ruby_atom_connectors(&c->rom, con, ARRAY_SIZE(con), &n);
	KUNIT_EXPECT_EQ(test, n, 0);
	return err;
}

static void atom_connectors(struct kunit *test)
{
	struct tctx *c = test->priv;
	struct ruby_atom_connector con[RUBY_ATOM_MAX_CONNECTORS];
	unsigned int n;

	objects_image(test);
	KUNIT_ASSERT_EQ(test, ruby_atom_connectors(&c->rom, con, ARRAY_SIZE(con), &n),
			RUBY_ATOM_OK);
	KUNIT_ASSERT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, con[0].type, ATOM_CONNECTOR_HDMI_A);
	KUNIT_EXPECT_EQ(test, con[0].num_encoders, 1);	/* the router is not one */
	KUNIT_EXPECT_EQ(test, con[0].encoders[0], 0x2120);
	KUNIT_EXPECT_TRUE(test, con[0].has_ddc);
	KUNIT_EXPECT_EQ(test, con[0].ddc_id, 0x91);
	KUNIT_EXPECT_TRUE(test, con[0].has_hpd);
	KUNIT_EXPECT_EQ(test, con[0].hpd_gpio, 0x15);
	KUNIT_EXPECT_EQ(test, con[0].hpd_plugged, 1);
	KUNIT_EXPECT_EQ(test, con[0].hpd_reg, 0x192d << 2);
	KUNIT_EXPECT_EQ(test, con[0].hpd_shift, 8);
	KUNIT_EXPECT_EQ(test, con[1].type, ATOM_CONNECTOR_VGA);
	KUNIT_EXPECT_EQ(test, con[1].num_encoders, 1);	/* DAC2's path unsupported */
	KUNIT_EXPECT_EQ(test, con[1].encoders[0], 0x2115);
	KUNIT_EXPECT_EQ(test, con[1].ddc_id, 0x92);
	KUNIT_EXPECT_FALSE(test, con[1].has_hpd);
	/* no room: refused, not cut short */
	KUNIT_EXPECT_EQ(test, ruby_atom_connectors(&c->rom, con, 1, &n), RUBY_ATOM_E_DATA);
	KUNIT_EXPECT_EQ(test, n, 0);

	KUNIT_EXPECT_EQ(test, objects_damaged(test, OBJ_PATH0_SIZE, 11), RUBY_ATOM_E_DATA);
	KUNIT_EXPECT_EQ(test, objects_damaged(test, OBJ_PATH1_CONN, 0x3101), RUBY_ATOM_E_DATA);
	KUNIT_EXPECT_EQ(test, objects_damaged(test, OBJ_PATH1_CONN, 0x2101), RUBY_ATOM_E_DATA);
	KUNIT_EXPECT_EQ(test, objects_damaged(test, OBJ_RECORDS0, 0xfff0),
			RUBY_ATOM_E_TABLE_RANGE);
}

static void atom_i2c_and_lcd(struct kunit *test)
{
	const u8 table2[] = {
		0x48, 0x3f, 0x40, 0x06, 0x30, 0x02, 0xb0, 0x04, 0x32, 0x00,
		0x40, 0x00, 0xc0, 0x00, 0x01, 0x00, 0x03, 0x00, 0x6f, 0x01, 0x13, 0x01,
		0, 0, 0x00, 0x00, 0, 60,
	};
	const u8 table[] = {
		0x40, 0x19, 0x41, 0x19, 0x42, 0x19, 0x43, 0x19,
		0x44, 0x19, 0x45, 0x19, 0x46, 0x19, 0x47, 0x19,
		0x93, 0, 1, 2, 3, 8, 9, 10, 11, 0, 0,
	};
	struct tctx *c = test->priv;
	struct ruby_atom_i2c_bus bus[2];
	struct ruby_atom_panel_mode mode;
	unsigned int n;

	add_data(c, ATOM_DATA_GPIO_I2C_INFO, 1, 1, table, sizeof(table));
	add_data(c, ATOM_DATA_LCD_INFO, 1, 3, table2, sizeof(table2));
	seal(c);
	KUNIT_ASSERT_EQ(test, ruby_atom_rom_parse(&c->rom, c->img, c->len), RUBY_ATOM_OK);
	KUNIT_ASSERT_EQ(test, ruby_atom_i2c_info(&c->rom, bus, 2, &n), RUBY_ATOM_OK);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_EQ(test, bus[0].id, 0x93);
	KUNIT_EXPECT_EQ(test, bus[0].clk_mask_reg, 0x1940 << 2);
	KUNIT_EXPECT_EQ(test, bus[0].clk_a_reg, 0x1943 << 2);
	KUNIT_EXPECT_EQ(test, bus[0].data_mask_reg, 0x1944 << 2);
	KUNIT_EXPECT_EQ(test, bus[0].data_a_reg, 0x1947 << 2);
	KUNIT_EXPECT_EQ(test, bus[0].clk_shift[3], 3);
	KUNIT_EXPECT_EQ(test, bus[0].data_shift[0], 8);
	KUNIT_EXPECT_EQ(test, ruby_atom_i2c_info(&c->rom, bus, 0, &n), RUBY_ATOM_E_DATA);

	KUNIT_ASSERT_EQ(test, ruby_atom_lcd_info(&c->rom, &mode), RUBY_ATOM_OK);
	KUNIT_EXPECT_EQ(test, mode.clock, 16200);
	KUNIT_EXPECT_EQ(test, mode.hactive, 1600);
	KUNIT_EXPECT_EQ(test, mode.hblank, 560);
	KUNIT_EXPECT_EQ(test, mode.hsync_offset, 64);
	KUNIT_EXPECT_EQ(test, mode.hsync_width, 192);
	KUNIT_EXPECT_EQ(test, mode.vactive, 1200);
	KUNIT_EXPECT_EQ(test, mode.vblank, 50);
	KUNIT_EXPECT_EQ(test, mode.vsync_offset, 1);
	KUNIT_EXPECT_EQ(test, mode.vsync_width, 3);
	/* a sync pulse past the blanking cannot be */
	put_le(c->img + c->data[ATOM_DATA_LCD_INFO] + ATOM_LCD_DTD + ATOM_DTD_HSYNC_WIDTH,
	       600, 2);
	KUNIT_EXPECT_EQ(test, ruby_atom_lcd_info(&c->rom, &mode), RUBY_ATOM_E_DATA);
}

static struct kunit_case atom_cases[] = {
	KUNIT_CASE(atom_move_destinations),
	KUNIT_CASE(atom_move_sources),
	KUNIT_CASE(atom_fields),
	KUNIT_CASE(atom_arithmetic),
	KUNIT_CASE(atom_shifts),
	KUNIT_CASE(atom_jumps),
	KUNIT_CASE(atom_switch),
	KUNIT_CASE(atom_call_table),
	KUNIT_CASE(atom_nesting_limit),
	KUNIT_CASE(atom_step_limit),
	KUNIT_CASE(atom_bad_tables),
	KUNIT_CASE(atom_indirect_io),
	KUNIT_CASE(atom_blocks),
	KUNIT_CASE(atom_delays_and_debug),
	KUNIT_CASE(atom_rom_checks),
	KUNIT_CASE(atom_rom_image_len),
	KUNIT_CASE(atom_firmware_info),
	KUNIT_CASE(atom_connectors),
	KUNIT_CASE(atom_i2c_and_lcd),
	{}
};

static struct kunit_suite atom_suite = {
	.name = "ruby_atom",
	.init = atom_test_init,
	.test_cases = atom_cases,
};

kunit_test_suite(atom_suite);
