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
 * rejects type 1, packets running past the end of the IB, unknown or
 * forbidden opcodes and packets shorter than their opcode needs.
 *
 * Type-0 packets (a run of register writes, or one register written
 * count times with ONE_REG_WR) are refused unless the generation has a
 * type-0 table (R5xx, whose streams are made of them): one entry per
 * register, default deny, plain state passing by that one lookup, and
 * the registers that carry or size an address, or decide what a draw
 * reaches, going to their handler row (rcs_type0()). Their relocation
 * NOPs follow the packet, one per address register written, in order.
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
 * Speed comes from doing per packet only what cannot be done less often.
 * Registers are looked up by one table index (the config and context
 * windows have a number per register, so a run inside one range costs
 * two loads); the context registers that are more than plain state have
 * a row each saying where their value goes; a colour buffer's set or a
 * stage's constant-buffer sizes written in one packet are taken as a
 * run; draws re-check only the state whose registers changed. The
 * walker steps the packets real streams are mostly made of by constant
 * lengths, so the CPU need not wait for each header's load to find the
 * next (see rcs_walk()). The common forms are taken before the general
 * ones: a relocation NOP with Mesa's one-dword body is not decoded, a
 * SET_* packet of a window with no register list is one comparison
 * inline, and a 40-bit address with its relocation (fences, queries,
 * vertex buffers, CP DMA) is relocated in one step, its error paths out
 * of line (rcs_reloc_addr40_slow()). The
 * walker's shape is a measured optimum with the host compiler's plain
 * -O2 (make bench-host): moving the generic packet path out of line,
 * dispatching inlined handlers by a switch, resuming after the
 * relocation NOPs a handler took, or even one comparison fewer per
 * opcode all made streams slower: its loop is that sensitive to its code.
 * Built as kernels with the Spectre v2 and SRSO mitigations build it
 * (make bench-kernel), calls and returns cost far more: a generation
 * calls its handlers directly there (rcs_walk()'s @run, eg_run_op()),
 * those of the packets real streams are made of inlined, and fewer
 * calls per packet is what would make it faster still.
 *
 * The checker is plain C over its arguments: no allocation, no locks, no
 * kernel calls. The same file builds on the host for fuzzing.
 */

#include "ruby_cs_check.h"

#define WAIT_REG_MEM_MEMORY		BIT(4)
#define SO_UPDATE_MEMORY		BIT(0)
#define SO_SOURCE(ctl)			(((ctl) >> 1) & 3)
#define SO_SOURCE_MEMORY		2

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

/* A run (@first, @last: byte offsets, @first in the window) of a table's window */
static bool rcs_table_allowed(const u16 *table, u32 base, u32 end, u32 first, u32 last)
{
	return rcs_table_run(table, (end - base) / 4, (first - base) / 4,
			     (last - first) / 4 + 1);
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
 * Config and context registers are looked up in the generation's tables,
 * where it has them.
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
		return rcs_table_allowed(gen->context_regs, gen->context_base,
					 gen->context_end, first, last);
	if (gen->config_regs && first >= gen->config_base && first < gen->config_end)
		return rcs_table_allowed(gen->config_regs, gen->config_base,
					 gen->config_end, first, last);
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
	if (!rcs_op_takes(op, PKT3_COUNT(hdr)))
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

/* Type-0 header fields (R5xx): count - 1, ONE_REG_WR, register dword index */
#define PKT0_COUNT(h)		((((h) >> 16) & 0x3fff) + 1)
#define PKT0_ONE_REG_WR		BIT(15)
#define PKT0_RESERVED		(BIT(14) | BIT(13))
#define PKT0_REG(h)		(((h) & 0x1fff) << 2)

/* The type-0 table's entry of @reg: RCS_T0_DENY past its end */
static u8 rcs_type0_entry(const struct rcs_gen *gen, u32 reg)
{
	return reg < gen->type0_end ? gen->type0_regs[reg / 4] : RCS_T0_DENY;
}

/**
 * rcs_type0 - check a type-0 packet against the generation's type-0 table
 * @p: the parser
 * @idx: dword index of its header
 *
 * Every register the packet writes (each of the run's, or the one
 * register every time with ONE_REG_WR) is looked up: plain state passes,
 * a handler row checks (and relocates) its value, anything else refuses
 * the whole stream, wherever in the run it is.
 *
 * Returns: the packet's length in dwords, or -1 with the error set.
 */
int rcs_type0(struct rcs_parser *p, u32 idx)
{
	const struct rcs_gen *gen = p->gen;
	u32 hdr = p->ib[idx], count = PKT0_COUNT(hdr), step, reg, i;
	struct rcs_packet pkt = { .idx = idx, .count = count, .body = &p->ib[idx + 1] };

	if (hdr & PKT0_RESERVED)
		return rcs_fail(p, idx, "type-0 reserved bits", hdr);
	if (count >= p->ndw - idx)
		return rcs_fail(p, idx, "packet runs past the end of the IB", count);
	step = hdr & PKT0_ONE_REG_WR ? 0 : 4;
	p->next = idx + 1 + count;
	for (i = 0, reg = PKT0_REG(hdr); i < count; i++, reg += step) {
		u8 e = rcs_type0_entry(gen, reg);

		if (e == RCS_T0_PLAIN)
			continue;
		if (e == RCS_T0_DENY)
			return rcs_fail(p, idx, "register not allowed", reg);
		if (gen->type0_rows[e](p, &pkt, reg, &pkt.body[i]))
			return -1;
	}
	return 1 + count;
}

int rcs_check(struct rcs_parser *p)
{
	p->err = NULL;
	return p->gen->check_gfx(p);
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

/*
 * A SET_* packet other than SET_CONTEXT_REG: the first body dword is the
 * register index in @start's window; every register written must be in
 * the window, and with @table also in the generation's list. Runs inside
 * one range of the list cost one lookup. (rcs_set_regs() has taken the
 * packets of a window with no list that write a register inside it.)
 */
int rcs_set_regs_list(struct rcs_parser *p, struct rcs_packet *pkt, u32 start, u32 end,
		      bool table)
{
	u64 first = start + 4ull * pkt->body[0], last;
	u32 i;

	/*
	 * The offset alone writes no register (Mesa emits such packets), but
	 * it must still be one of the window's, as the CP checks it
	 */
	last = pkt->count < 2 ? first : first + 4ull * (pkt->count - 2);
	if (pkt->count < 2 && last < end)
		return 0;
	if (last >= end)
		return rcs_fail(p, pkt->idx, "register outside the packet's window",
				last);
	if (!table || rcs_regs_allowed(p->gen, (u32)first, (u32)last))
		return 0;
	for (i = 1; i < pkt->count; i++)
		if (!rcs_reg_allowed(p->gen, (u32)first + 4 * (i - 1)))
			break;
	return rcs_fail(p, pkt->idx, "register not allowed", (u32)first + 4 * (i - 1));
}

/*
 * The slices of a texture the sampler can reach, by its dimension (R6xx
 * to NI number them alike: 1D, 2D, 3D, cube, 1D array, 2D array, 2D
 * MSAA, 2D array MSAA): a 3D texture's depth (at level 0), six faces a
 * cube, the larger of the depth and LAST_ARRAY for arrays; LAST_ARRAY
 * for the others
 */
u32 rcs_tex_slices(u32 dim, u32 depth, u32 last_array)
{
	switch (dim) {
	case 2:
		return depth;
	case 3:
		return max_t(u32, 6 * depth, last_array);
	case 4:
	case 5:
	case 7:
		return max_t(u32, depth, last_array);
	default:
		return last_array;
	}
}

/* Bytes per pixel of the colour-buffer formats a stream may render to */
u32 rcs_cb_bpp(u32 format)
{
	if (format >= 0x01 && format <= 0x03)
		return 1;
	if (format >= 0x05 && format <= 0x0c)
		return 2;
	if (format >= 0x0d && format <= 0x1b)
		return 4;
	if (format >= 0x1c && format <= 0x20)
		return 8;
	if (format == 0x22 || format == 0x23)
		return 16;
	return 0;
}

/*
 * Element blocks of the texture data formats: width and height in pixels,
 * bytes. The 1-bit format is counted as a byte a pixel, which is more than
 * it reads. No entry: not a format the checker knows the size of.
 */
const struct rcs_tex_format rcs_tex_formats[64] = {
	[0x01] = { 1, 1, 1 }, [0x02] = { 1, 1, 1 }, [0x03] = { 1, 1, 1 },
	[0x05] = { 1, 1, 2 }, [0x06] = { 1, 1, 2 }, [0x07] = { 1, 1, 2 },
	[0x08] = { 1, 1, 2 }, [0x09] = { 1, 1, 2 }, [0x0a] = { 1, 1, 2 },
	[0x0b] = { 1, 1, 2 }, [0x0c] = { 1, 1, 2 },
	[0x0d] = { 1, 1, 4 }, [0x0e] = { 1, 1, 4 }, [0x0f] = { 1, 1, 4 },
	[0x10] = { 1, 1, 4 }, [0x11] = { 1, 1, 4 }, [0x12] = { 1, 1, 4 },
	[0x13] = { 1, 1, 4 }, [0x14] = { 1, 1, 4 }, [0x15] = { 1, 1, 4 },
	[0x16] = { 1, 1, 4 }, [0x17] = { 1, 1, 4 }, [0x18] = { 1, 1, 4 },
	[0x19] = { 1, 1, 4 }, [0x1a] = { 1, 1, 4 }, [0x1b] = { 1, 1, 4 },
	[0x1c] = { 1, 1, 8 }, [0x1d] = { 1, 1, 8 }, [0x1e] = { 1, 1, 8 },
	[0x1f] = { 1, 1, 8 }, [0x20] = { 1, 1, 8 },
	[0x22] = { 1, 1, 16 }, [0x23] = { 1, 1, 16 },
	[0x25] = { 1, 1, 1 },				/* FMT_1 */
	[0x27] = { 2, 1, 4 }, [0x28] = { 2, 1, 4 },	/* GB_GR, BG_RG */
	[0x29] = { 1, 1, 4 }, [0x2a] = { 1, 1, 4 }, [0x2b] = { 1, 1, 4 },
	[0x2c] = { 1, 1, 3 },				/* 8_8_8 */
	[0x2d] = { 1, 1, 6 }, [0x2e] = { 1, 1, 6 },	/* 16_16_16 */
	[0x2f] = { 1, 1, 12 }, [0x30] = { 1, 1, 12 },	/* 32_32_32 */
	[0x31] = { 4, 4, 8 }, [0x32] = { 4, 4, 16 }, [0x33] = { 4, 4, 16 },
	[0x34] = { 4, 4, 8 }, [0x35] = { 4, 4, 16 }, [0x36] = { 4, 4, 16 },
	[0x37] = { 4, 4, 16 },				/* BC1 .. BC7 */
	[0x38] = { 1, 1, 4 },				/* 32_AS_32_32_32_32 */
};

/* Bytes of an occlusion query's results: a begin/end pair per backend */
static u64 rcs_zpass_bytes(const struct rcs_parser *p)
{
	return 16ull * (p->num_rbs ? p->num_rbs : 8);
}

/*
 * An address in two dwords, relocated and bounded as
 * rcs_reloc_addr40_fast() would, with the error set where it would not:
 * the out-of-line half of rcs_reloc_addr40_aligned()
 */
int rcs_reloc_addr40_slow(struct rcs_parser *p, struct rcs_packet *pkt, u32 *lo, u32 *hi,
			  u32 align, u64 bytes, bool write)
{
	u64 offset = RCS_ADDR40(*lo, *hi), addr;
	const struct rcs_bo *bo;

	if (offset & (align - 1))
		return rcs_fail(p, pkt->idx, "unaligned address", offset);
	if (rcs_reloc(p, pkt, &bo) || rcs_check_addr(p, pkt, bo, offset, bytes, write, &addr))
		return -1;
	rcs_put_addr40(lo, hi, addr);
	return 0;
}

/*
 * STRMOUT_BUFFER_UPDATE: a buffer's filled size stored to memory (one
 * dword, first relocation) and its offset loaded from memory (one dword,
 * next relocation), each only when the control dword asks for it.
 */
int rcs_strmout_update(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 ctl = pkt->body[0];

	if ((ctl & SO_UPDATE_MEMORY) &&
	    rcs_reloc_addr40(p, pkt, &pkt->body[1], &pkt->body[2], 4, true))
		return -1;
	if (SO_SOURCE(ctl) == SO_SOURCE_MEMORY &&
	    rcs_reloc_addr40(p, pkt, &pkt->body[3], &pkt->body[4], 4, false))
		return -1;
	return 0;
}

/* Events that write results to memory, and how many bytes */
#define EVENT_SAMPLE_STREAMOUTSTATS1	1	/* streams 1-3: as stream 0's */
#define EVENT_SAMPLE_STREAMOUTSTATS2	2
#define EVENT_SAMPLE_STREAMOUTSTATS3	3
#define EVENT_ZPASS_DONE		21	/* 16 bytes per render backend */
#define EVENT_SAMPLE_PIPELINESTAT	30	/* eleven 64-bit counters */
#define EVENT_SAMPLE_STREAMOUTSTATS	32	/* four 64-bit counters */

/*
 * EVENT_WRITE with an address (two more dwords): a query event writing
 * its results there, bounded by event
 */
int rcs_event_write_query(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u64 bytes;

	if (pkt->count != 3)
		return rcs_fail(p, pkt->idx, "event of the wrong size", pkt->count);
	switch (pkt->body[0] & 0x3f) {
	case EVENT_ZPASS_DONE:
		bytes = rcs_zpass_bytes(p);
		break;
	case EVENT_SAMPLE_PIPELINESTAT:
		bytes = 11 * 8;
		break;
	case EVENT_SAMPLE_STREAMOUTSTATS:
	case EVENT_SAMPLE_STREAMOUTSTATS1:
	case EVENT_SAMPLE_STREAMOUTSTATS2:
	case EVENT_SAMPLE_STREAMOUTSTATS3:
		bytes = 4 * 8;
		break;
	default:
		return rcs_fail(p, pkt->idx, "event writing memory", pkt->body[0]);
	}
	return rcs_reloc_addr40_aligned(p, pkt, &pkt->body[1], &pkt->body[2], 8, bytes, true);
}

/* COPY_DW: one dword, register or memory to register or memory */
#define COPY_DW_SRC_MEM			BIT(0)
#define COPY_DW_DST_MEM			BIT(1)

static int rcs_copy_dw_end(struct rcs_parser *p, struct rcs_packet *pkt,
			   u32 *lo, u32 *hi, bool mem, bool write)
{
	if (!mem) {
		if (!rcs_reg_allowed(p->gen, *lo << 2))
			return rcs_fail(p, pkt->idx, "copy with a register not allowed",
					(u64)*lo << 2);
		return 0;
	}
	return rcs_reloc_addr40(p, pkt, lo, hi, 4, write);
}

int rcs_copy_dw(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 ctl = pkt->body[0];

	/* relocations in order: source, then destination */
	return rcs_copy_dw_end(p, pkt, &pkt->body[1], &pkt->body[2],
			       ctl & COPY_DW_SRC_MEM, false) ||
	       rcs_copy_dw_end(p, pkt, &pkt->body[3], &pkt->body[4],
			       ctl & COPY_DW_DST_MEM, true) ? -1 : 0;
}

/* WAIT_REG_MEM: on a dword of a buffer, or on an allowed register */
int rcs_wait_reg_mem(struct rcs_parser *p, struct rcs_packet *pkt)
{
	if ((pkt->body[0] & 7) == 7)
		return rcs_fail(p, pkt->idx, "reserved compare function", pkt->body[0]);
	if (!(pkt->body[0] & WAIT_REG_MEM_MEMORY)) {
		if (!rcs_reg_allowed(p->gen, pkt->body[1] << 2))
			return rcs_fail(p, pkt->idx, "wait on a register not allowed",
					(u64)pkt->body[1] << 2);
		return 0;
	}
	return rcs_reloc_addr40(p, pkt, &pkt->body[1], &pkt->body[2], 4, false);
}

/*
 * SET_PREDICATION: later packets with the predicate bit run or not
 * depending on results the CP reads from memory: an occlusion query's
 * (ZPASS: a begin/end pair of 64-bit counts per render backend, 16 bytes
 * each) or stream-out statistics' (PRIMCOUNT: two pairs, 32 bytes), at a
 * 16-byte aligned address, read-only; CLEAR reads nothing and takes no
 * relocation, as in upstream radeon's ABI.
 */
#define PRED_OP(v)			(((v) >> 16) & 0x7)
#define PRED_OP_CLEAR			0
#define PRED_OP_ZPASS			1
#define PRED_OP_PRIMCOUNT		2

int rcs_set_predication(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u32 op = PRED_OP(pkt->body[1]);

	if (pkt->count != 2)
		return rcs_fail(p, pkt->idx, "SET_PREDICATION of the wrong size", pkt->count);
	if (op == PRED_OP_CLEAR)
		return 0;
	if (op != PRED_OP_ZPASS && op != PRED_OP_PRIMCOUNT)
		return rcs_fail(p, pkt->idx, "predication operation not supported", op);
	return rcs_reloc_addr40_aligned(p, pkt, &pkt->body[0], &pkt->body[1], 16,
				       op == PRED_OP_ZPASS ? rcs_zpass_bytes(p) : 32, false);
}

/* WRITE: count dwords, inline, to a buffer (linear) */
int rcs_dma_write(struct rcs_parser *p, struct rcs_packet *pkt)
{
	u64 offset, addr;
	const struct rcs_bo *bo;

	if (rcs_dma_sub_cmd(p, pkt) != 0)
		return rcs_fail(p, pkt->idx, "DMA write mode not supported",
				rcs_dma_sub_cmd(p, pkt));
	if (rcs_dma_len(p, pkt, 3ull + pkt->count))
		return -1;
	offset = RCS_ADDR40(pkt->body[0], pkt->body[1]);
	if (offset & 3)
		return rcs_fail(p, pkt->idx, "unaligned address", offset);
	if (rcs_dma_reloc(p, pkt, &bo) ||
	    rcs_check_addr(p, pkt, bo, offset, 4ull * pkt->count, true, &addr))
		return -1;
	rcs_put_addr40(&pkt->body[0], &pkt->body[1], addr);
	return 0;
}

/* CONSTANT_FILL: count dwords of one value; address bits 39:32 at 23:16 */
int rcs_dma_fill(struct rcs_parser *p, struct rcs_packet *pkt)
{
	const struct rcs_bo *bo;
	u64 offset, addr;

	if (rcs_dma_len(p, pkt, 4))
		return -1;
	offset = (u64)pkt->body[0] | (u64)((pkt->body[2] >> 16) & 0xff) << 32;
	if (offset & 3)
		return rcs_fail(p, pkt->idx, "unaligned address", offset);
	if (rcs_dma_reloc(p, pkt, &bo) ||
	    rcs_check_addr(p, pkt, bo, offset, 4ull * pkt->count, true, &addr))
		return -1;
	pkt->body[0] = (u32)addr;
	pkt->body[2] = (pkt->body[2] & ~0xff0000u) | (u32)(addr >> 32 & 0xff) << 16;
	return 0;
}

/*
 * COPY, linear: COUNT dwords between dword addresses, or with @bytes
 * COUNT bytes between any; body: destination, source (low dwords), then
 * their bits 39:32. Relocations: source, destination.
 */
int rcs_dma_copy_linear(struct rcs_parser *p, struct rcs_packet *pkt, bool bytes)
{
	u64 dst_off = RCS_ADDR40(pkt->body[0], pkt->body[2]);
	u64 src_off = RCS_ADDR40(pkt->body[1], pkt->body[3]);
	u64 n = bytes ? pkt->count : 4ull * pkt->count, dst_addr, src_addr;
	const struct rcs_bo *src, *dst;

	if (rcs_dma_len(p, pkt, 5))
		return -1;
	if (!bytes && (dst_off | src_off) & 3)
		return rcs_fail(p, pkt->idx, "unaligned address", dst_off | src_off);
	if (rcs_dma_reloc(p, pkt, &src) || rcs_dma_reloc(p, pkt, &dst) ||
	    rcs_check_addr(p, pkt, src, src_off, n, false, &src_addr) ||
	    rcs_check_addr(p, pkt, dst, dst_off, n, true, &dst_addr))
		return -1;
	rcs_put_addr40(&pkt->body[0], &pkt->body[2], dst_addr);
	rcs_put_addr40(&pkt->body[1], &pkt->body[3], src_addr);
	return 0;
}
