// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * The AtomBIOS command-table interpreter.
 *
 * A command table is byte-code: an opcode, then operands whose modes an
 * attribute byte selects. The interpreter decodes it from the checked
 * image and reaches the card only through the caller's ops. Every byte it
 * decodes lies inside the running table, every index it follows is
 * bounded, CALL_TABLE nests through an explicit frame stack (no recursion)
 * and a step budget ends tables that loop: a corrupt table stops with an
 * error code, the table and the offset of the instruction at fault.
 */

#ifdef __KERNEL__
#include <linux/array_size.h>
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "atom.h"
#include "atom_defs.h"

static struct ruby_atom_frame *atom_top(struct ruby_atom *a)
{
	return &a->frame[a->depth - 1];
}

/* Record the first error of an execution; later ones are its echoes */
static void atom_fail(struct ruby_atom *a, enum ruby_atom_err err, u32 value)
{
	if (a->err)
		return;
	a->err = err;
	a->fault.err = err;
	a->fault.value = value;
	a->fault.pc = a->insn;
	a->fault.table = a->depth ? atom_top(a)->index : 0;
}

/* Decode @bytes (1, 2 or 4) little-endian bytes of the running table */
static u32 atom_fetch(struct ruby_atom *a, u32 bytes)
{
	struct ruby_atom_frame *f = atom_top(a);
	const u8 *p = a->rom->bios + f->pc;

	if (a->err)
		return 0;
	if (f->end - f->pc < bytes) {
		atom_fail(a, RUBY_ATOM_E_TRUNCATED, f->pc);
		return 0;
	}
	f->pc += bytes;
	if (bytes == 1)
		return p[0];
	return bytes == 2 ? ruby_atom_le16(p) : ruby_atom_le32(p);
}

/* The bits of a 32-bit operand an alignment selector names */
static u32 atom_field_shift(u32 align)
{
	if (align == ATOM_SRC_DWORD)
		return 0;
	if (align <= ATOM_SRC_WORD16)
		return (align - ATOM_SRC_WORD0) * 8;
	return (align - ATOM_SRC_BYTE0) * 8;
}

static u32 atom_field_mask(u32 align)
{
	if (align == ATOM_SRC_DWORD)
		return ~0u;
	if (align <= ATOM_SRC_WORD16)
		return 0xffffu << atom_field_shift(align);
	return 0xffu << atom_field_shift(align);
}

static u32 atom_imm_bytes(u32 align)
{
	if (align == ATOM_SRC_DWORD)
		return 4;
	return align <= ATOM_SRC_WORD16 ? 2 : 1;
}

/*
 * The destination field: the attribute's top two bits select one among
 * the fields as wide as the source's (a dword, or word 0/8/16 or the
 * dword, or byte 0/8/16/24).
 */
static u32 atom_dst_align(u8 attr)
{
	u32 src = (attr >> 3) & 7, sel = attr >> 6;

	if (src == ATOM_SRC_DWORD)
		return ATOM_SRC_DWORD;
	if (src <= ATOM_SRC_WORD16)
		return sel == 3 ? ATOM_SRC_DWORD : ATOM_SRC_WORD0 + sel;
	return ATOM_SRC_BYTE0 + sel;
}

static u32 atom_width_mask(u32 width)
{
	return width >= 32 ? ~0u : (1u << width) - 1;
}

/* Indirect IO: find the program SET_ATI_PORT selected */
static const u8 atom_iio_len[] = {
	[ATOM_IIO_NOP] = 1, [ATOM_IIO_START] = 2, [ATOM_IIO_READ] = 3,
	[ATOM_IIO_WRITE] = 3, [ATOM_IIO_CLEAR] = 3, [ATOM_IIO_SET] = 3,
	[ATOM_IIO_MOVE_INDEX] = 4, [ATOM_IIO_MOVE_ATTR] = 4,
	[ATOM_IIO_MOVE_DATA] = 4, [ATOM_IIO_END] = 3,
};

static bool atom_iio_find(struct ruby_atom *a, u32 *pc, u32 *end)
{
	const u8 *b = a->rom->bios;
	u16 off, size;
	u32 p;

	if (!ruby_atom_data_table(a->rom, ATOM_DATA_INDIRECT_IO, &off, &size, NULL, NULL))
		return false;
	*end = off + size;
	for (p = off + ATOM_TBL_HDR_LEN; p + 2 <= *end && b[p] == ATOM_IIO_START;) {
		if (b[p + 1] == a->io_port) {
			*pc = p + 2;
			return true;
		}
		for (p += 2; p < *end && b[p] != ATOM_IIO_END; p += atom_iio_len[b[p]])
			if (b[p] >= ARRAY_SIZE(atom_iio_len) || b[p] == ATOM_IIO_START)
				return false;
		p += atom_iio_len[ATOM_IIO_END];
	}
	return false;
}

/* Move @width bits at @from of @src to @to of @temp */
static bool atom_iio_move(u32 *temp, u32 src, const u8 *o)
{
	u32 mask = atom_width_mask(o[0]);

	if (!o[0] || o[0] > 32 || o[1] > 31 || o[2] > 31)
		return false;
	*temp = (*temp & ~(mask << o[2])) | ((src >> o[1]) & mask) << o[2];
	return true;
}

static bool atom_iio_bits(u32 *temp, const u8 *o, bool set)
{
	u32 mask = atom_width_mask(o[0]);

	if (!o[0] || o[0] > 32 || o[1] > 31)
		return false;
	*temp = set ? *temp | mask << o[1] : *temp & ~(mask << o[1]);
	return true;
}

static bool atom_iio_op(struct ruby_atom *a, const u8 *o, u32 *temp, u32 index, u32 data)
{
	switch (o[0]) {
	case ATOM_IIO_NOP:
		return true;
	case ATOM_IIO_READ:
		*temp = a->ops->io_read(a->priv, (u32)ruby_atom_le16(o + 1) << 2);
		return true;
	case ATOM_IIO_WRITE:
		a->ops->io_write(a->priv, (u32)ruby_atom_le16(o + 1) << 2, *temp);
		return true;
	case ATOM_IIO_CLEAR:
	case ATOM_IIO_SET:
		return atom_iio_bits(temp, o + 1, o[0] == ATOM_IIO_SET);
	case ATOM_IIO_MOVE_INDEX:
		return atom_iio_move(temp, index, o + 1);
	case ATOM_IIO_MOVE_ATTR:
		return atom_iio_move(temp, a->io_attr, o + 1);
	case ATOM_IIO_MOVE_DATA:
		return atom_iio_move(temp, data, o + 1);
	}
	return false;
}

/* Run the selected program for register @index; its result is a read's */
static u32 atom_iio_run(struct ruby_atom *a, u32 index, u32 data)
{
	const u8 *b = a->rom->bios;
	u32 pc, end, temp = 0;

	if (!atom_iio_find(a, &pc, &end)) {
		atom_fail(a, RUBY_ATOM_E_IIO, a->io_port);
		return 0;
	}
	while (pc < end && b[pc] != ATOM_IIO_END) {
		if (b[pc] >= ARRAY_SIZE(atom_iio_len) || b[pc] == ATOM_IIO_START ||
		    end - pc < atom_iio_len[b[pc]] || !atom_iio_op(a, b + pc, &temp, index, data)) {
			atom_fail(a, RUBY_ATOM_E_IIO, pc);
			return 0;
		}
		pc += atom_iio_len[b[pc]];
	}
	if (pc >= end)
		atom_fail(a, RUBY_ATOM_E_IIO, pc);
	return temp;
}

/* Registers: MMIO, or through the port SET_*_PORT selected */
static bool atom_reg_port_ok(struct ruby_atom *a, u32 idx)
{
	if (a->io_other)
		atom_fail(a, RUBY_ATOM_E_OPERAND, idx);
	return !a->err;
}

static u32 atom_reg_read(struct ruby_atom *a, u32 idx)
{
	idx += a->reg_block;
	if (!atom_reg_port_ok(a, idx))
		return 0;
	if (a->io_port)
		return atom_iio_run(a, idx, 0);
	return a->ops->reg_read(a->priv, idx << 2);
}

static void atom_reg_write(struct ruby_atom *a, u32 idx, u32 val)
{
	idx += a->reg_block;
	if (!atom_reg_port_ok(a, idx))
		return;
	if (a->io_port) {
		atom_iio_run(a, idx, val);
		return;
	}
	if (idx == ATOM_REG_MM_INDEX)
		val <<= 2;
	a->ops->reg_write(a->priv, idx << 2, val);
}

/* Parameter space: little-endian dwords of the caller's buffer */
static u8 *atom_ps_slot(struct ruby_atom *a, u32 idx)
{
	struct ruby_atom_frame *f = atom_top(a);

	if (idx >= f->ps_bytes / 4) {
		atom_fail(a, RUBY_ATOM_E_PS_INDEX, idx);
		return NULL;
	}
	return f->ps + idx * 4;
}

static u32 *atom_ws_slot(struct ruby_atom *a, u32 idx)
{
	struct ruby_atom_frame *f = atom_top(a);

	if (idx >= f->ws_dwords) {
		atom_fail(a, RUBY_ATOM_E_WS_INDEX, idx);
		return NULL;
	}
	return &f->ws[idx];
}

static u32 *atom_fb_slot(struct ruby_atom *a, u32 idx)
{
	u32 slot = a->fb_base / 4 + idx;

	if (!a->fb || slot < idx || slot >= a->fb_dwords) {
		atom_fail(a, RUBY_ATOM_E_FB_INDEX, idx);
		return NULL;
	}
	return &a->fb[slot];
}

static u32 atom_ws_read(struct ruby_atom *a, u32 idx)
{
	u32 *slot;

	switch (idx) {
	case ATOM_WS_QUOTIENT:
		return a->quotient;
	case ATOM_WS_REMAINDER:
		return a->remainder;
	case ATOM_WS_DATAPTR:
		return a->data_block;
	case ATOM_WS_SHIFT:
		return a->shift;
	case ATOM_WS_OR_MASK:
		return a->shift < 32 ? 1u << a->shift : 0;
	case ATOM_WS_AND_MASK:
		return a->shift < 32 ? ~(1u << a->shift) : ~0u;
	case ATOM_WS_FB_WINDOW:
		return a->fb_base;
	case ATOM_WS_ATTRIBUTES:
		return a->io_attr;
	case ATOM_WS_REGPTR:
		return a->reg_block;
	}
	slot = atom_ws_slot(a, idx);
	return slot ? *slot : 0;
}

static void atom_ws_write(struct ruby_atom *a, u32 idx, u32 val)
{
	u32 *slot;

	switch (idx) {
	case ATOM_WS_QUOTIENT:
		a->quotient = val;
		return;
	case ATOM_WS_REMAINDER:
		a->remainder = val;
		return;
	case ATOM_WS_DATAPTR:
		a->data_block = val & 0xffff;
		return;
	case ATOM_WS_SHIFT:
		a->shift = val & 0xff;
		return;
	case ATOM_WS_OR_MASK:
	case ATOM_WS_AND_MASK:
		return;	/* derived from the shift: writes are dropped */
	case ATOM_WS_FB_WINDOW:
		a->fb_base = val;
		return;
	case ATOM_WS_ATTRIBUTES:
		a->io_attr = val & 0xffff;
		return;
	case ATOM_WS_REGPTR:
		a->reg_block = val & 0xffff;
		return;
	}
	slot = atom_ws_slot(a, idx);
	if (slot)
		*slot = val;
}

static u32 atom_id_read(struct ruby_atom *a, u32 idx)
{
	u32 off = a->data_block + idx;

	if (off > a->rom->size - 4) {
		atom_fail(a, RUBY_ATOM_E_DATA_RANGE, off);
		return 0;
	}
	return ruby_atom_le32(a->rom->bios + off);
}

/* The whole 32-bit value of operand (@mode, @idx) */
static u32 atom_load(struct ruby_atom *a, u32 mode, u32 idx)
{
	const u8 *p;
	u32 *slot;

	if (a->err)
		return 0;
	switch (mode) {
	case ATOM_ARG_REG:
		return atom_reg_read(a, idx);
	case ATOM_ARG_PS:
		p = atom_ps_slot(a, idx);
		return p ? ruby_atom_le32(p) : 0;
	case ATOM_ARG_WS:
		return atom_ws_read(a, idx);
	case ATOM_ARG_FB:
		slot = atom_fb_slot(a, idx);
		return slot ? *slot : 0;
	case ATOM_ARG_ID:
		return atom_id_read(a, idx);
	case ATOM_ARG_PLL:
		return a->ops->pll_read(a->priv, idx);
	}
	return a->ops->mc_read(a->priv, idx);
}

static void atom_store(struct ruby_atom *a, u32 mode, u32 idx, u32 val)
{
	u8 *p;
	u32 *slot;

	switch (mode) {
	case ATOM_ARG_REG:
		atom_reg_write(a, idx, val);
		return;
	case ATOM_ARG_PS:
		p = atom_ps_slot(a, idx);
		if (p) {
			p[0] = val;
			p[1] = val >> 8;
			p[2] = val >> 16;
			p[3] = val >> 24;
		}
		return;
	case ATOM_ARG_WS:
		atom_ws_write(a, idx, val);
		return;
	case ATOM_ARG_FB:
		slot = atom_fb_slot(a, idx);
		if (slot)
			*slot = val;
		return;
	case ATOM_ARG_PLL:
		a->ops->pll_write(a->priv, idx, val);
		return;
	}
	a->ops->mc_write(a->priv, idx, val);
}

/* Register and ID operands are a u16 index, the others a u8 */
static u32 atom_decode_index(struct ruby_atom *a, u32 mode)
{
	return atom_fetch(a, mode == ATOM_ARG_REG || mode == ATOM_ARG_ID ? 2 : 1);
}

/* A source operand: its field's value, or the immediate */
static u32 atom_src_value(struct ruby_atom *a, u8 attr)
{
	u32 mode = attr & 7, align = (attr >> 3) & 7, full;

	if (mode == ATOM_ARG_IMM)
		return atom_fetch(a, atom_imm_bytes(align));
	full = atom_load(a, mode, atom_decode_index(a, mode));
	return (full & atom_field_mask(align)) >> atom_field_shift(align);
}

/**
 * struct atom_dst - a decoded destination operand
 * @mode: ATOM_ARG_*
 * @idx: its index
 * @align: the field written
 * @full: its whole value before the instruction (merged on write)
 */
struct atom_dst {
	u32 mode, idx, align, full;
};

static const u8 atom_dst_modes[ATOM_DST_COUNT] = {
	ATOM_ARG_REG, ATOM_ARG_PS, ATOM_ARG_WS, ATOM_ARG_FB, ATOM_ARG_PLL, ATOM_ARG_MC,
};

/* Decode the instruction's destination and read its field (if @read) */
static u32 atom_dst_read(struct ruby_atom *a, struct atom_dst *d, u32 align, bool read)
{
	d->mode = atom_dst_modes[a->arg];
	d->align = align;
	d->idx = atom_decode_index(a, d->mode);
	d->full = read ? atom_load(a, d->mode, d->idx) : 0;
	return (d->full & atom_field_mask(align)) >> atom_field_shift(align);
}

static void atom_dst_write(struct ruby_atom *a, const struct atom_dst *d, u32 val)
{
	u32 mask = atom_field_mask(d->align);

	if (a->err)
		return;
	val = (val << atom_field_shift(d->align)) & mask;
	atom_store(a, d->mode, d->idx, (d->full & ~mask) | val);
}

/* Frames: CALL_TABLE pushes, EOT pops */
static void atom_push(struct ruby_atom *a, u32 index, u8 *ps, u32 ps_bytes, u16 off, u16 size)
{
	const u8 *hdr = a->rom->bios + off;
	struct ruby_atom_frame *f;
	u32 ws = hdr[ATOM_CT_WS];

	if (a->depth == RUBY_ATOM_MAX_DEPTH) {
		atom_fail(a, RUBY_ATOM_E_NESTING, index);
		return;
	}
	if (ws > RUBY_ATOM_WS_POOL - a->ws_used) {
		atom_fail(a, RUBY_ATOM_E_WS_POOL, index);
		return;
	}
	f = &a->frame[a->depth++];
	f->index = index;
	f->start = off;
	f->end = off + size;
	f->pc = off + ATOM_CT_CODE;
	f->ws = a->ws_pool + a->ws_used;
	f->ws_dwords = ws;
	memset(f->ws, 0, ws * sizeof(u32));
	a->ws_used += ws;
	f->ps = ps;
	f->ps_bytes = ps ? ps_bytes : 0;
	f->ps_own = hdr[ATOM_CT_PS] & ATOM_CT_PS_MASK;
}

static void atom_pop(struct ruby_atom *a)
{
	a->ws_used -= atom_top(a)->ws_dwords;
	a->depth--;
}

static void atom_jump(struct ruby_atom *a, u32 target)
{
	struct ruby_atom_frame *f = atom_top(a);

	if (target < ATOM_CT_CODE || target >= f->end - f->start) {
		atom_fail(a, RUBY_ATOM_E_JUMP, target);
		return;
	}
	f->pc = f->start + target;
}

/* The instructions; a->arg is the destination mode or condition */
static void atom_op_move(struct ruby_atom *a)
{
	u8 attr = atom_fetch(a, 1);
	u32 align = atom_dst_align(attr);
	struct atom_dst d;

	atom_dst_read(a, &d, align, align != ATOM_SRC_DWORD);
	atom_dst_write(a, &d, atom_src_value(a, attr));
}

static u32 atom_alu(u8 family, u32 d, u32 s)
{
	switch (family) {
	case ATOM_OP_AND:
		return d & s;
	case ATOM_OP_OR:
		return d | s;
	case ATOM_OP_ADD:
		return d + s;
	case ATOM_OP_SUB:
		return d - s;
	}
	return d ^ s;
}

/* AND, OR, ADD, SUB, XOR: the destination's field op= the source */
static void atom_op_alu(struct ruby_atom *a)
{
	u8 attr = atom_fetch(a, 1);
	struct atom_dst d;
	u32 v = atom_dst_read(a, &d, atom_dst_align(attr), true);

	atom_dst_write(a, &d, atom_alu(a->op - a->arg, v, atom_src_value(a, attr)));
}

/* COMPARE, TEST, MUL, DIV: no destination written */
static void atom_op_flags(struct ruby_atom *a)
{
	u8 attr = atom_fetch(a, 1), family = a->op - a->arg;
	struct atom_dst d;
	u32 v = atom_dst_read(a, &d, atom_dst_align(attr), true);
	u32 s = atom_src_value(a, attr);

	if (a->err)
		return;
	if (family == ATOM_OP_COMPARE) {
		a->equal = v == s;
		a->above = v > s;
	} else if (family == ATOM_OP_TEST) {
		a->equal = !(v & s);
	} else if (family == ATOM_OP_MUL) {
		a->quotient = v * s;
	} else if (!s) {
		atom_fail(a, RUBY_ATOM_E_DIV_ZERO, v);
	} else {
		a->quotient = v / s;
		a->remainder = v % s;
	}
}

/* MASK: (field & immediate mask) | source */
static void atom_op_mask(struct ruby_atom *a)
{
	u8 attr = atom_fetch(a, 1);
	struct atom_dst d;
	u32 v = atom_dst_read(a, &d, atom_dst_align(attr), true);
	u32 mask = atom_fetch(a, atom_imm_bytes((attr >> 3) & 7));

	atom_dst_write(a, &d, (v & mask) | atom_src_value(a, attr));
}

static u32 atom_shift(u32 v, u32 n, bool left)
{
	if (n >= 32)
		return 0;
	return left ? v << n : v >> n;
}

/* SHIFT_LEFT/RIGHT, CLEAR: the field the attribute names, in place */
static void atom_op_field(struct ruby_atom *a)
{
	u8 family = a->op - a->arg, attr = atom_fetch(a, 1);
	struct atom_dst d;
	u32 v = atom_dst_read(a, &d, (attr >> 3) & 7, true);

	if (family == ATOM_OP_CLEAR)
		v = 0;
	else
		v = atom_shift(v, atom_fetch(a, 1), family == ATOM_OP_SHIFT_LEFT);
	atom_dst_write(a, &d, v);
}

/* SHL, SHR: shift the whole operand by the source, keep the field */
static void atom_op_shx(struct ruby_atom *a)
{
	u8 attr = atom_fetch(a, 1);
	struct atom_dst d;
	u32 align = atom_dst_align(attr), v;

	atom_dst_read(a, &d, align, true);
	v = atom_shift(d.full, atom_src_value(a, attr), a->op - a->arg == ATOM_OP_SHL);
	atom_dst_write(a, &d, (v & atom_field_mask(align)) >> atom_field_shift(align));
}

static void atom_op_port(struct ruby_atom *a)
{
	if (a->op == ATOM_OP_SET_ATI_PORT) {
		a->io_port = atom_fetch(a, 2);
		a->io_other = false;
	} else {
		atom_fetch(a, 1);
		a->io_port = 0;
		a->io_other = true;
	}
}

static void atom_op_block(struct ruby_atom *a)
{
	u16 off, size;
	u32 idx;

	if (a->op == ATOM_OP_SET_REG_BLOCK) {
		a->reg_block = atom_fetch(a, 2);
	} else if (a->op == ATOM_OP_SET_FB_BASE) {
		a->fb_base = atom_src_value(a, atom_fetch(a, 1));
	} else {
		idx = atom_fetch(a, 1);
		if (idx == ATOM_DATA_BLOCK_SELF)
			a->data_block = atom_top(a)->start;
		else if (idx && ruby_atom_data_table(a->rom, idx, &off, &size, NULL, NULL))
			a->data_block = off;
		else
			a->data_block = 0;
	}
}

static void atom_op_jump(struct ruby_atom *a)
{
	u32 target = atom_fetch(a, 2);
	bool taken;

	switch (a->op) {
	case ATOM_OP_JUMP_EQUAL:
		taken = a->equal;
		break;
	case ATOM_OP_JUMP_BELOW:
		taken = !a->above && !a->equal;
		break;
	case ATOM_OP_JUMP_ABOVE:
		taken = a->above;
		break;
	case ATOM_OP_JUMP_BELOW_OR_EQUAL:
		taken = !a->above;
		break;
	case ATOM_OP_JUMP_ABOVE_OR_EQUAL:
		taken = a->above || a->equal;
		break;
	case ATOM_OP_JUMP_NOT_EQUAL:
		taken = !a->equal;
		break;
	default:
		taken = true;
	}
	if (taken && !a->err)
		atom_jump(a, target);
}

/* SWITCH: (magic, value, target) cases until the end marker */
static void atom_op_switch(struct ruby_atom *a)
{
	u8 attr = atom_fetch(a, 1);
	u32 v = atom_src_value(a, attr), bytes = atom_imm_bytes((attr >> 3) & 7);
	u32 magic, val, target;

	while (!a->err) {
		magic = atom_fetch(a, 1);
		if (magic != ATOM_CASE_MAGIC) {
			if (magic == (ATOM_CASE_END & 0xff) &&
			    atom_fetch(a, 1) == ATOM_CASE_END >> 8)
				return;
			atom_fail(a, RUBY_ATOM_E_OPERAND, magic);
			return;
		}
		val = atom_fetch(a, bytes);
		target = atom_fetch(a, 2);
		if (!a->err && val == v) {
			atom_jump(a, target);
			return;
		}
	}
}

static void atom_op_call(struct ruby_atom *a)
{
	struct ruby_atom_frame *f = atom_top(a);
	u32 idx = atom_fetch(a, 1), own = f->ps_own & ~3u;
	u16 off, size;

	/* an absent table is skipped, as boards leave optional ones out */
	if (a->err || !ruby_atom_cmd_table(a->rom, idx, &off, &size))
		return;
	if (own < f->ps_bytes)
		atom_push(a, idx, f->ps + own, f->ps_bytes - own, off, size);
	else
		atom_push(a, idx, NULL, 0, off, size);
}

static void atom_op_misc(struct ruby_atom *a)
{
	u32 v = 0;

	switch (a->op) {
	case ATOM_OP_DELAY_MS:
	case ATOM_OP_DELAY_US:
		v = atom_fetch(a, 1);
		if (!a->err)
			a->ops->delay(a->priv, a->op == ATOM_OP_DELAY_MS ? v * 1000 : v);
		return;
	case ATOM_OP_EOT:
		atom_pop(a);
		return;
	case ATOM_OP_NOP:
		return;
	case ATOM_OP_BEEP:
		break;
	default:	/* POST_CARD, DEBUG: a byte for the debug hook */
		v = atom_fetch(a, 1);
	}
	if (!a->err && a->ops->debug)
		a->ops->debug(a->priv, a->op == ATOM_OP_POST_CARD ? RUBY_ATOM_DBG_POST :
			      a->op == ATOM_OP_BEEP ? RUBY_ATOM_DBG_BEEP : RUBY_ATOM_DBG_DEBUG, v);
}

/* REPEAT, SAVE_REG, RESTORE_REG: no operand format was ever published */
static void atom_op_unsupported(struct ruby_atom *a)
{
	atom_fail(a, RUBY_ATOM_E_UNSUPPORTED, a->op);
}

static const struct {
	void (*fn)(struct ruby_atom *a);
	u8 first;
} atom_ops[ATOM_OP_COUNT] = {
	[ATOM_OP_MOVE ... ATOM_OP_MOVE + 5] = { atom_op_move, ATOM_OP_MOVE },
	[ATOM_OP_AND ... ATOM_OP_AND + 5] = { atom_op_alu, ATOM_OP_AND },
	[ATOM_OP_OR ... ATOM_OP_OR + 5] = { atom_op_alu, ATOM_OP_OR },
	[ATOM_OP_SHIFT_LEFT ... ATOM_OP_SHIFT_LEFT + 5] = { atom_op_field, ATOM_OP_SHIFT_LEFT },
	[ATOM_OP_SHIFT_RIGHT ... ATOM_OP_SHIFT_RIGHT + 5] = { atom_op_field, ATOM_OP_SHIFT_RIGHT },
	[ATOM_OP_MUL ... ATOM_OP_MUL + 5] = { atom_op_flags, ATOM_OP_MUL },
	[ATOM_OP_DIV ... ATOM_OP_DIV + 5] = { atom_op_flags, ATOM_OP_DIV },
	[ATOM_OP_ADD ... ATOM_OP_ADD + 5] = { atom_op_alu, ATOM_OP_ADD },
	[ATOM_OP_SUB ... ATOM_OP_SUB + 5] = { atom_op_alu, ATOM_OP_SUB },
	[ATOM_OP_SET_ATI_PORT ... ATOM_OP_SET_SYSIO_PORT] = { atom_op_port, ATOM_OP_SET_ATI_PORT },
	[ATOM_OP_SET_REG_BLOCK] = { atom_op_block, ATOM_OP_SET_REG_BLOCK },
	[ATOM_OP_SET_FB_BASE] = { atom_op_block, ATOM_OP_SET_FB_BASE },
	[ATOM_OP_COMPARE ... ATOM_OP_COMPARE + 5] = { atom_op_flags, ATOM_OP_COMPARE },
	[ATOM_OP_SWITCH] = { atom_op_switch, ATOM_OP_SWITCH },
	[ATOM_OP_JUMP ... ATOM_OP_JUMP_NOT_EQUAL] = { atom_op_jump, ATOM_OP_JUMP },
	[ATOM_OP_TEST ... ATOM_OP_TEST + 5] = { atom_op_flags, ATOM_OP_TEST },
	[ATOM_OP_DELAY_MS ... ATOM_OP_DELAY_US] = { atom_op_misc, ATOM_OP_DELAY_MS },
	[ATOM_OP_CALL_TABLE] = { atom_op_call, ATOM_OP_CALL_TABLE },
	[ATOM_OP_REPEAT] = { atom_op_unsupported, ATOM_OP_REPEAT },
	[ATOM_OP_CLEAR ... ATOM_OP_CLEAR + 5] = { atom_op_field, ATOM_OP_CLEAR },
	[ATOM_OP_NOP] = { atom_op_misc, ATOM_OP_NOP },
	[ATOM_OP_EOT] = { atom_op_misc, ATOM_OP_EOT },
	[ATOM_OP_MASK ... ATOM_OP_MASK + 5] = { atom_op_mask, ATOM_OP_MASK },
	[ATOM_OP_POST_CARD] = { atom_op_misc, ATOM_OP_POST_CARD },
	[ATOM_OP_BEEP] = { atom_op_misc, ATOM_OP_BEEP },
	[ATOM_OP_SAVE_REG ... ATOM_OP_RESTORE_REG] = { atom_op_unsupported, ATOM_OP_SAVE_REG },
	[ATOM_OP_SET_DATA_BLOCK] = { atom_op_block, ATOM_OP_SET_DATA_BLOCK },
	[ATOM_OP_XOR ... ATOM_OP_XOR + 5] = { atom_op_alu, ATOM_OP_XOR },
	[ATOM_OP_SHL ... ATOM_OP_SHL + 5] = { atom_op_shx, ATOM_OP_SHL },
	[ATOM_OP_SHR ... ATOM_OP_SHR + 5] = { atom_op_shx, ATOM_OP_SHR },
	[ATOM_OP_DEBUG] = { atom_op_misc, ATOM_OP_DEBUG },
};

static void atom_step(struct ruby_atom *a)
{
	u32 op;

	a->insn = atom_top(a)->pc;
	if (++a->steps > a->step_limit) {
		atom_fail(a, RUBY_ATOM_E_STEPS, a->step_limit);
		return;
	}
	op = atom_fetch(a, 1);
	if (a->err)
		return;
	if (op >= ATOM_OP_COUNT || !atom_ops[op].fn) {
		atom_fail(a, RUBY_ATOM_E_OPCODE, op);
		return;
	}
	a->op = op;
	a->arg = op - atom_ops[op].first;
	atom_ops[op].fn(a);
}

/**
 * ruby_atom_init - set up an interpreter over a checked image
 * @atom: the interpreter (the caller's, zeroed or not)
 * @rom: the image, as ruby_atom_rom_parse() checked it
 * @ops: the card's registers and delays
 * @priv: passed to every op
 *
 * The frame-buffer scratch (@atom->fb) and the step limit may be set after.
 */
void ruby_atom_init(struct ruby_atom *atom, const struct ruby_atom_rom *rom,
		    const struct ruby_atom_ops *ops, void *priv)
{
	memset(atom, 0, sizeof(*atom));
	atom->rom = rom;
	atom->ops = ops;
	atom->priv = priv;
	atom->step_limit = RUBY_ATOM_DEFAULT_STEPS;
}

static void atom_reset(struct ruby_atom *a)
{
	memset(&a->fault, 0, sizeof(a->fault));
	a->err = RUBY_ATOM_OK;
	a->insn = 0;
	a->depth = 0;
	a->steps = 0;
	a->ws_used = 0;
	a->data_block = 0;
	a->reg_block = 0;
	a->fb_base = 0;
	a->io_port = 0;
	a->io_other = false;
	a->io_attr = 0;
	a->shift = 0;
	a->quotient = 0;
	a->remainder = 0;
	a->equal = false;
	a->above = false;
}

/**
 * ruby_atom_execute - run a command table to its end
 * @atom: the interpreter; the caller holds the device's table lock
 * @index: the table's index in the master command table
 * @ps: its parameter space, little-endian dwords, read and written
 * @ps_bytes: size of @ps
 *
 * Return: RUBY_ATOM_OK, or why the table stopped (@atom->fault has where).
 */
enum ruby_atom_err ruby_atom_execute(struct ruby_atom *atom, unsigned int index,
				     void *ps, u32 ps_bytes)
{
	u16 off, size;

	atom_reset(atom);
	atom->fault.table = index;
	if (!ruby_atom_cmd_table(atom->rom, index, &off, &size)) {
		atom->err = RUBY_ATOM_E_NO_TABLE;
		atom->fault.err = atom->err;
		atom->fault.value = index;
		return atom->err;
	}
	atom_push(atom, index, ps, ps_bytes, off, size);
	while (!atom->err && atom->depth)
		atom_step(atom);
	return atom->err;
}

static const char *const atom_err_str[RUBY_ATOM_E_COUNT] = {
	[RUBY_ATOM_OK] = "no error",
	[RUBY_ATOM_E_ROM_SIG] = "no expansion ROM signature (0x55AA)",
	[RUBY_ATOM_E_PCIR] = "no valid PCI data structure",
	[RUBY_ATOM_E_ROM_SIZE] = "image size zero or past the end",
	[RUBY_ATOM_E_ROM_CSUM] = "image checksum wrong",
	[RUBY_ATOM_E_ATI_MAGIC] = "no ATI magic",
	[RUBY_ATOM_E_ATOM_MAGIC] = "no ATOM signature in the ROM header",
	[RUBY_ATOM_E_HDR_RANGE] = "header or master table outside the image",
	[RUBY_ATOM_E_TABLE_RANGE] = "table runs past the image",
	[RUBY_ATOM_E_NO_TABLE] = "table not present",
	[RUBY_ATOM_E_TABLE_VERSION] = "table revision not supported",
	[RUBY_ATOM_E_DATA] = "table value out of range",
	[RUBY_ATOM_E_TRUNCATED] = "instruction runs past its table",
	[RUBY_ATOM_E_OPCODE] = "bad opcode",
	[RUBY_ATOM_E_UNSUPPORTED] = "unsupported opcode",
	[RUBY_ATOM_E_OPERAND] = "bad operand",
	[RUBY_ATOM_E_IIO] = "bad indirect IO program",
	[RUBY_ATOM_E_DIV_ZERO] = "division by zero",
	[RUBY_ATOM_E_JUMP] = "jump outside the table",
	[RUBY_ATOM_E_WS_INDEX] = "workspace index out of range",
	[RUBY_ATOM_E_PS_INDEX] = "parameter index out of range",
	[RUBY_ATOM_E_FB_INDEX] = "frame-buffer scratch index out of range",
	[RUBY_ATOM_E_DATA_RANGE] = "data operand outside the image",
	[RUBY_ATOM_E_STEPS] = "step limit reached (table loops)",
	[RUBY_ATOM_E_NESTING] = "CALL_TABLE nested too deep",
	[RUBY_ATOM_E_WS_POOL] = "workspace pool exhausted",
};

/**
 * ruby_atom_strerror - a reason for a log line
 * @err: the code
 *
 * Return: a constant string.
 */
const char *ruby_atom_strerror(enum ruby_atom_err err)
{
	if ((unsigned int)err >= RUBY_ATOM_E_COUNT)
		return "unknown error";
	return atom_err_str[err];
}
