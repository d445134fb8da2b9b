// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: command-stream checker
 *
 * Every IB userspace submits is checked before the GPU sees it, by one
 * packet walker shared by all generations; a generation only brings
 * tables: the registers a stream may write (default deny), the opcodes it
 * may use with their handlers, and the register windows of the SET_*
 * packets. The walker decodes type-2 fillers and type-3 packets and
 * rejects type 0 and 1, packets running past the end of the IB, unknown
 * or forbidden opcodes and packets shorter than their opcode needs.
 *
 * Addresses are relocated: a packet that carries a GPU address is followed
 * by a NOP packet whose one dword is the relocation's dword offset in the
 * RELOCS chunk (four dwords per relocation). The address in the stream is
 * an offset into that buffer; the handler checks that the whole access
 * stays inside the buffer (without overflow), that writes go to buffers
 * the submission declared written, and patches in the buffer's real
 * address. The IB checked is the kernel's own copy, and it is that copy
 * the GPU runs, so nothing can change between check and use.
 *
 * Streams for the async DMA engine go through the same machinery with
 * their own walker: a four-bit command, an eight-bit sub-command and a
 * twenty-bit count per header, handlers from the generation's DMA table,
 * and implicit relocations: each buffer operand takes the next relocation
 * of the chunk, in order. That walker is built into the generation
 * (rcs_dma_walk()) with its fast path inlined: the packet DMA streams
 * are made of (a linear copy on Evergreen) is checked in place, with no
 * handler call; any packet it does not accept goes to its handler, which
 * checks it all again and says what is wrong.
 *
 * The checker is plain C over its arguments: no allocation, no locks, no
 * kernel calls. The same file builds on the host for fuzzing.
 */

#include "ruby_cs_check.h"

#define PKT_TYPE(h)		((h) >> 30)
#define PKT3_COUNT(h)		((((h) >> 16) & 0x3fff) + 1)
#define PKT3_OPCODE(h)		(((h) >> 8) & 0xff)

/**
 * rcs_fail - reject the stream
 * @p: the parser
 * @idx: dword index of the offending packet
 * @why: the reason, a static string
 * @val: a value that says more (register, opcode, index)
 *
 * Returns: -1, for handlers to return.
 */
int rcs_fail(struct rcs_parser *p, u32 idx, const char *why, u64 val)
{
	if (!p->err) {
		p->err = why;
		p->err_idx = idx;
		p->err_val = val;
	}
	return -1;
}

/* A run of the context window: inside one range, its ends' entries match */
static bool rcs_context_allowed(const struct rcs_gen *gen, u32 first, u32 last)
{
	u16 id = gen->context_regs[(first - gen->context_base) / 4];

	return last < gen->context_end && id &&
	       id == gen->context_regs[(last - gen->context_base) / 4];
}

/**
 * rcs_regs_allowed - may a stream write a run of registers
 * @gen: the generation
 * @first: byte offset of the first register
 * @last: byte offset of the last one, not below @first
 *
 * The generation's ranges are maximal (never adjacent), so a run is
 * allowed exactly when one range holds all of it: one lookup per packet,
 * a search with no branch on the data (the last range starting at or
 * below @first is the only one that can hold it).
 * Context registers are looked up in the generation's table.
 *
 * Returns: true if every register from @first to @last may be written.
 */
bool rcs_regs_allowed(const struct rcs_gen *gen, u32 first, u32 last)
{
	const struct rcs_reg_range *r = gen->regs;
	unsigned int n = gen->nregs;

	if (first & 3)
		return false;
	if (gen->context_regs && first >= gen->context_base && first < gen->context_end)
		return rcs_context_allowed(gen, first, last);
	if (!n)
		return false;
	while (n > 1) {
		unsigned int half = n / 2;

		r = r[half].first <= first ? r + half : r;
		n -= half;
	}
	return first >= r->first && last <= r->last;
}

/**
 * rcs_reg_allowed - may a stream write this register
 * @gen: the generation
 * @reg: byte offset of the register
 *
 * Returns: true if @reg is in one of the generation's ranges.
 */
bool rcs_reg_allowed(const struct rcs_gen *gen, u32 reg)
{
	return rcs_regs_allowed(gen, reg, reg);
}

/* A type-3 header the walker may not pass: -1 with the error set */
static int rcs_bad_header(struct rcs_parser *p, u32 idx, u32 hdr, u32 room,
			  const struct rcs_op *op)
{
	switch (PKT_TYPE(hdr)) {
	case 0:
		return rcs_fail(p, idx, "type-0 packet", hdr);
	case 1:
		return rcs_fail(p, idx, "type-1 packet", hdr);
	}
	if (PKT3_COUNT(hdr) > room)
		return rcs_fail(p, idx, "packet runs past the end of the IB",
				PKT3_COUNT(hdr));
	if (!op->name)
		return rcs_fail(p, idx, "opcode not allowed", PKT3_OPCODE(hdr));
	if (PKT3_COUNT(hdr) < op->min_count)
		return rcs_fail(p, idx, "packet too short", PKT3_OPCODE(hdr));
	return 0;
}

/* Why the walker may not pass the type-3 header at @idx: -1, error set */
int rcs_bad_packet(struct rcs_parser *p, u32 idx)
{
	u32 hdr = p->ib[idx];

	return rcs_bad_header(p, idx, hdr, p->ndw - idx - 1,
			      &p->gen->ops[PKT3_OPCODE(hdr)]);
}

int rcs_check(struct rcs_parser *p)
{
	p->err = NULL;
	if (p->gen->begin)
		p->gen->begin(p);
	return p->gen->check_gfx(p);
}

int rcs_dma_packet(struct rcs_parser *p, u32 idx, u32 reloc)
{
	u32 hdr = p->ib[idx];
	const struct rcs_op *op = &p->gen->dma_ops[hdr >> 28];
	struct rcs_packet pkt = {
		.idx = idx, .opcode = hdr >> 28, .count = hdr & 0xfffff,
		.body = &p->ib[idx + 1],
	};

	if (!op->name)
		return rcs_fail(p, idx, "DMA command not allowed", hdr >> 28);
	p->next = idx + 1;
	p->next_reloc = reloc;
	if (op->check && op->check(p, &pkt))
		return -1;
	return 0;
}

/**
 * rcs_check_dma - check (and relocate) one IB of the async DMA engine
 * @p: the parser, as for rcs_check()
 *
 * Returns: 0 if the stream may run, or -1 with the error set.
 */
int rcs_check_dma(struct rcs_parser *p)
{
	p->err = NULL;
	p->next_reloc = 0;
	if (!p->gen->check_dma)
		return rcs_fail(p, 0, "no DMA engine streams on this GPU", 0);
	return p->gen->check_dma(p);
}
