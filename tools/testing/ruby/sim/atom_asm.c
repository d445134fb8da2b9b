// SPDX-License-Identifier: GPL-2.0-only
/*
 * atom_asm: assemble an AtomBIOS image (see atom_asm.h).
 *
 * Layout: the first 512-byte block holds the expansion ROM signature and
 * size, the pointer to the PCI data structure and the structure, the ATI
 * magic, the pointer to the ATOM ROM header, the header itself and the
 * boot message; tables follow in the order they are
 * assembled, then the two master tables; the image is padded to whole
 * blocks and one spare byte of the first block makes the sum zero.
 */
#include <string.h>

#include "atom_asm.h"

#define AA_ROM_PCIR	0x60	/* 4-byte aligned, as readers want */
#define AA_ROM_HDR	0x80
#define AA_ROM_MSG	0xc0
#define AA_ROM_CSUM	0x21	/* unused by the ROM header's readers */
#define AA_FIRST_TABLE	ATOM_ROM_BLOCK_SIZE

static void fail(struct atom_asm *a, const char *why)
{
	if (!a->err)
		a->err = why;
}

void aa_init(struct atom_asm *a)
{
	memset(a, 0, sizeof(*a));
	a->len = AA_FIRST_TABLE;
}

uint32_t aa_here(const struct atom_asm *a)
{
	return a->len;
}

static void put(struct atom_asm *a, uint32_t at, uint32_t v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		a->img[at + i] = v >> (8 * i);
}

static void emit(struct atom_asm *a, uint32_t v, unsigned int n)
{
	if (a->err)
		return;
	if (a->len + n > AA_MAX_IMAGE) {
		fail(a, "image full");
		return;
	}
	put(a, a->len, v, n);
	a->len += n;
}

void aa_u8(struct atom_asm *a, uint32_t v)
{
	emit(a, v, 1);
}

void aa_u16(struct atom_asm *a, uint32_t v)
{
	emit(a, v, 2);
}

void aa_u32(struct atom_asm *a, uint32_t v)
{
	emit(a, v, 4);
}

void aa_bytes(struct atom_asm *a, const void *p, uint32_t n)
{
	const uint8_t *b = p;

	while (n--)
		emit(a, *b++, 1);
}

static void table_begin(struct atom_asm *a, unsigned int index, bool is_cmd)
{
	uint16_t *slot = is_cmd ? a->cmd : a->data;

	if (index >= AA_MAX_TABLES || slot[index])
		fail(a, "table index out of range or used twice");
	if (a->err)
		return;
	slot[index] = a->len;
	a->start = a->len;
	a->is_cmd = is_cmd;
	a->index = index;
	a->nfixup = 0;
	memset(a->label, 0, sizeof(a->label));
}

static void table_end(struct atom_asm *a)
{
	uint32_t size = a->len - a->start;

	if (size > 0xffff)
		fail(a, "table over 64 KiB");
	if (!a->err)
		put(a, a->start + ATOM_TBL_SIZE, size, 2);
}

void aa_data_begin(struct atom_asm *a, unsigned int index, uint8_t frev, uint8_t crev)
{
	table_begin(a, index, false);
	aa_u16(a, 0);
	aa_u8(a, frev);
	aa_u8(a, crev);
}

void aa_data_end(struct atom_asm *a)
{
	table_end(a);
}

void aa_cmd_begin(struct atom_asm *a, unsigned int index, uint8_t ws_dwords,
		  uint8_t ps_bytes)
{
	table_begin(a, index, true);
	aa_u16(a, 0);
	aa_u8(a, 1);
	aa_u8(a, 1);
	aa_u8(a, ws_dwords);
	aa_u8(a, ps_bytes);
}

void aa_cmd_revision(struct atom_asm *a, uint8_t frev, uint8_t crev)
{
	if (a->err)
		return;
	if (!a->is_cmd) {
		fail(a, "revision outside a command table");
		return;
	}
	a->img[a->start + ATOM_TBL_FREV] = frev;
	a->img[a->start + ATOM_TBL_CREV] = crev;
}

void aa_cmd_end(struct atom_asm *a)
{
	unsigned int i, l;

	for (i = 0; i < a->nfixup && !a->err; i++) {
		l = a->fixup[i].label;
		if (!a->label[l])
			fail(a, "jump to an undefined label");
		else
			put(a, a->fixup[i].at, a->label[l], 2);
	}
	table_end(a);
}

/* The destination-field selector for a source field (atom_defs.h) */
static uint8_t dst_sel(struct atom_asm *a, uint8_t src, uint8_t dst)
{
	if (src == ATOM_SRC_DWORD && dst == ATOM_SRC_DWORD)
		return 0;
	if (src >= ATOM_SRC_WORD0 && src <= ATOM_SRC_WORD16) {
		if (dst == ATOM_SRC_DWORD)
			return 3;
		if (dst <= ATOM_SRC_WORD16)
			return dst - ATOM_SRC_WORD0;
	}
	if (src >= ATOM_SRC_BYTE0 && dst >= ATOM_SRC_BYTE0)
		return dst - ATOM_SRC_BYTE0;
	fail(a, "destination field does not fit the source's width");
	return 0;
}

static unsigned int imm_len(uint8_t field)
{
	if (field == ATOM_SRC_DWORD)
		return 4;
	return field <= ATOM_SRC_WORD16 ? 2 : 1;
}

static void emit_operand(struct atom_asm *a, struct aa_arg o)
{
	switch (o.mode) {
	case ATOM_ARG_REG:
		if (o.val & 3 || o.val >> 2 > 0xffff)
			fail(a, "register offset not a dword or too high");
		aa_u16(a, o.val >> 2);
		return;
	case ATOM_ARG_ID:
		aa_u16(a, o.val);
		return;
	case ATOM_ARG_IMM:
		emit(a, o.val, imm_len(o.field));
		return;
	}
	if (o.val > 0xff)
		fail(a, "operand index over 255");
	aa_u8(a, o.val);
}

static uint8_t dst_op(struct atom_asm *a, uint8_t family, struct aa_arg dst)
{
	static const int8_t run[8] = {
		[ATOM_ARG_REG] = ATOM_DST_REG, [ATOM_ARG_PS] = ATOM_DST_PS,
		[ATOM_ARG_WS] = ATOM_DST_WS, [ATOM_ARG_FB] = ATOM_DST_FB,
		[ATOM_ARG_ID] = -1, [ATOM_ARG_IMM] = -1,
		[ATOM_ARG_PLL] = ATOM_DST_PLL, [ATOM_ARG_MC] = ATOM_DST_MC,
	};

	if (run[dst.mode & 7] < 0)
		fail(a, "an immediate or data operand cannot be a destination");
	return family + run[dst.mode & 7];
}

static void two_operands(struct atom_asm *a, uint8_t family, struct aa_arg dst,
			 struct aa_arg src)
{
	aa_u8(a, dst_op(a, family, dst));
	aa_u8(a, src.mode | src.field << 3 | dst_sel(a, src.field, dst.field) << 6);
	emit_operand(a, dst);
}

static void alu(struct atom_asm *a, uint8_t family, struct aa_arg dst, struct aa_arg src)
{
	two_operands(a, family, dst, src);
	emit_operand(a, src);
}

void aa_move(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_MOVE, d, s);
}

void aa_and(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_AND, d, s);
}

void aa_or(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_OR, d, s);
}

void aa_xor(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_XOR, d, s);
}

void aa_add(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_ADD, d, s);
}

void aa_sub(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_SUB, d, s);
}

void aa_mul(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_MUL, d, s);
}

void aa_div(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_DIV, d, s);
}

void aa_compare(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_COMPARE, d, s);
}

void aa_test(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_TEST, d, s);
}

void aa_shl(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_SHL, d, s);
}

void aa_shr(struct atom_asm *a, struct aa_arg d, struct aa_arg s)
{
	alu(a, ATOM_OP_SHR, d, s);
}

/* MASK: dst = (dst & keep) | src; keep is as wide as the source field */
void aa_mask(struct atom_asm *a, struct aa_arg dst, uint32_t keep, struct aa_arg src)
{
	two_operands(a, ATOM_OP_MASK, dst, src);
	emit(a, keep, imm_len(src.field));
	emit_operand(a, src);
}

/* SHIFT_LEFT/RIGHT and CLEAR name one field, which is also the source's */
static void in_place(struct atom_asm *a, uint8_t family, struct aa_arg dst)
{
	aa_u8(a, dst_op(a, family, dst));
	aa_u8(a, dst.field << 3);
	emit_operand(a, dst);
}

void aa_shift_left(struct atom_asm *a, struct aa_arg dst, uint8_t n)
{
	in_place(a, ATOM_OP_SHIFT_LEFT, dst);
	aa_u8(a, n);
}

void aa_shift_right(struct atom_asm *a, struct aa_arg dst, uint8_t n)
{
	in_place(a, ATOM_OP_SHIFT_RIGHT, dst);
	aa_u8(a, n);
}

void aa_clear(struct atom_asm *a, struct aa_arg dst)
{
	in_place(a, ATOM_OP_CLEAR, dst);
}

void aa_set_reg_block(struct atom_asm *a, uint16_t dwords)
{
	aa_u8(a, ATOM_OP_SET_REG_BLOCK);
	aa_u16(a, dwords);
}

void aa_set_data_block(struct atom_asm *a, uint8_t index)
{
	aa_u8(a, ATOM_OP_SET_DATA_BLOCK);
	aa_u8(a, index);
}

void aa_set_fb_base(struct atom_asm *a, struct aa_arg src)
{
	aa_u8(a, ATOM_OP_SET_FB_BASE);
	aa_u8(a, src.mode | src.field << 3);
	emit_operand(a, src);
}

void aa_set_port(struct atom_asm *a, uint8_t op, uint16_t port)
{
	aa_u8(a, op);
	if (op == ATOM_OP_SET_ATI_PORT)
		aa_u16(a, port);
	else
		aa_u8(a, port);
}

void aa_label(struct atom_asm *a, unsigned int label)
{
	if (label >= AA_MAX_LABELS || a->label[label])
		fail(a, "label out of range or defined twice");
	else
		a->label[label] = a->len - a->start;
}

static void target(struct atom_asm *a, unsigned int label)
{
	if (label >= AA_MAX_LABELS || a->nfixup == AA_MAX_FIXUPS) {
		fail(a, "too many jumps or label out of range");
		return;
	}
	a->fixup[a->nfixup].at = a->len;
	a->fixup[a->nfixup++].label = label;
	aa_u16(a, 0);
}

void aa_jump(struct atom_asm *a, uint8_t op, unsigned int label)
{
	aa_u8(a, op);
	target(a, label);
}

void aa_switch(struct atom_asm *a, struct aa_arg src, unsigned int n,
	       const uint32_t *values, const unsigned int *labels)
{
	unsigned int i;

	aa_u8(a, ATOM_OP_SWITCH);
	aa_u8(a, src.mode | src.field << 3);
	emit_operand(a, src);
	for (i = 0; i < n; i++) {
		aa_u8(a, ATOM_CASE_MAGIC);
		emit(a, values[i], imm_len(src.field));
		target(a, labels[i]);
	}
	aa_u16(a, ATOM_CASE_END);
}

void aa_call(struct atom_asm *a, uint8_t table)
{
	aa_simple8(a, ATOM_OP_CALL_TABLE, table);
}

void aa_delay(struct atom_asm *a, uint8_t op, uint8_t count)
{
	aa_simple8(a, op, count);
}

void aa_simple(struct atom_asm *a, uint8_t op)
{
	aa_u8(a, op);
}

void aa_simple8(struct atom_asm *a, uint8_t op, uint8_t v)
{
	aa_u8(a, op);
	aa_u8(a, v);
}

/* A master table: a header, then an offset per index up to the last used */
static uint32_t master(struct atom_asm *a, const uint16_t *slot)
{
	uint32_t at = a->len, i, n = 0;

	for (i = 0; i < AA_MAX_TABLES; i++)
		if (slot[i])
			n = i + 1;
	aa_u16(a, ATOM_MASTER_ENTRIES + 2 * n);
	aa_u8(a, 1);
	aa_u8(a, 1);
	for (i = 0; i < n; i++)
		aa_u16(a, slot[i]);
	return at;
}

void aa_pci_ids(struct atom_asm *a, uint16_t vendor, uint16_t device)
{
	a->pci_vendor = vendor;
	a->pci_device = device;
}

/* The PCI data structure: one x86-type image, the last, of a VGA device */
static void pci_data(struct atom_asm *a)
{
	uint8_t *p = a->img + AA_ROM_PCIR;

	put(a, ATOM_ROM_PCIR_PTR, AA_ROM_PCIR, 2);
	memcpy(p, ATOM_PCIR_SIG_STR, 4);
	put(a, AA_ROM_PCIR + ATOM_PCIR_VENDOR, a->pci_vendor, 2);
	put(a, AA_ROM_PCIR + ATOM_PCIR_DEVICE, a->pci_device, 2);
	put(a, AA_ROM_PCIR + ATOM_PCIR_LEN, ATOM_PCIR_MIN_LEN, 2);
	put(a, AA_ROM_PCIR + ATOM_PCIR_CLASS, 0x030000, 3);
	put(a, AA_ROM_PCIR + ATOM_PCIR_IMAGE_LEN, a->len / ATOM_ROM_BLOCK_SIZE, 2);
	p[ATOM_PCIR_INDICATOR] = ATOM_PCIR_LAST_IMAGE;
}

void aa_checksum(struct atom_asm *a)
{
	uint8_t sum = 0;
	uint32_t i;

	a->img[AA_ROM_CSUM] = 0;
	for (i = 0; i < a->len; i++)
		sum += a->img[i];
	a->img[AA_ROM_CSUM] = -sum;
}

int aa_finish(struct atom_asm *a, const char *name)
{
	uint32_t cmd = master(a, a->cmd), data = master(a, a->data);

	while (a->len % ATOM_ROM_BLOCK_SIZE)
		aa_u8(a, 0);
	if (strlen(name) >= ATOM_ROM_BLOCK_SIZE - AA_ROM_MSG)
		fail(a, "name too long");
	if (a->err)
		return -1;
	a->img[0] = ATOM_ROM_SIG0;
	a->img[1] = ATOM_ROM_SIG1;
	a->img[ATOM_ROM_BLOCKS] = a->len / ATOM_ROM_BLOCK_SIZE;
	memcpy(a->img + ATOM_ROM_ATI_MAGIC, ATOM_ROM_ATI_MAGIC_STR,
	       strlen(ATOM_ROM_ATI_MAGIC_STR));
	put(a, ATOM_ROM_HEADER_PTR, AA_ROM_HDR, 2);
	put(a, AA_ROM_HDR + ATOM_TBL_SIZE, ATOM_HDR_LEN, 2);
	a->img[AA_ROM_HDR + ATOM_TBL_FREV] = 1;
	a->img[AA_ROM_HDR + ATOM_TBL_CREV] = 1;
	memcpy(a->img + AA_ROM_HDR + ATOM_HDR_MAGIC, ATOM_HDR_MAGIC_STR, 4);
	put(a, AA_ROM_HDR + ATOM_HDR_MSG, AA_ROM_MSG, 2);
	put(a, AA_ROM_HDR + ATOM_HDR_CMD_MASTER, cmd, 2);
	put(a, AA_ROM_HDR + ATOM_HDR_DATA_MASTER, data, 2);
	memcpy(a->img + AA_ROM_MSG, name, strlen(name));
	pci_data(a);
	aa_checksum(a);
	return 0;
}
