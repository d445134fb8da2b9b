// SPDX-License-Identifier: GPL-2.0-only
/*
 * The async DMA engine of Evergreen/NI and R7xx: its ring registers and
 * packet processor. R7xx packets have no sub-command (a COPY's T bit
 * makes it tiled) and a sixteen-bit count, and an IB's length sits
 * higher; the ASIC table says which kind a chip has, and which
 * SRBM_SOFT_RESET bit resets the engine.
 *
 * Like the CP, the engine runs when its write pointer moves: it executes
 * the packets between read and write pointer (both in bytes), fetching and
 * writing memory as a GPU client, so copies really move bytes between VRAM
 * and GART-mapped system pages and every access is checked against the
 * page table. A packet it cannot execute (unknown command, a fault, a
 * packet running past the write pointer) hangs the engine until an SRBM
 * soft reset of the DMA block.
 */
#include <string.h>

#include "gpu.h"
#include "models.h"

#define DMA_RB_CNTL			0xd000
#define   DMA_RB_ENABLE			(1u << 0)
#define   DMA_RPTR_WRITEBACK_ENABLE	(1u << 12)
#define DMA_RB_BASE			0xd004
#define DMA_RB_RPTR			0xd008
#define DMA_RB_WPTR			0xd00c
#define DMA_RB_RPTR_ADDR_HI		0xd01c
#define DMA_RB_RPTR_ADDR_LO		0xd020
#define DMA_IB_CNTL			0xd024
#define DMA_IB_RPTR			0xd028
#define DMA_CNTL			0xd02c
#define   DMA_TRAP_ENABLE		(1u << 0)
#define DMA_STATUS_REG			0xd034
#define   DMA_IDLE			(1u << 0)
#define DMA_SEM_INCOMPLETE_TIMER_CNTL	0xd044
#define DMA_SEM_WAIT_FAIL_TIMER_CNTL	0xd048
#define DMA_TILING_CONFIG		0xd0b8
#define DMA_MODE			0xd0bc

#define DMA_WRITE			0x2
#define DMA_COPY			0x3
#define DMA_COPY_TILED			0x08	/* sub-command: L2T, T2L */
#define DMA_COPY_BYTE			0x40	/* sub-command: linear, bytes */
#define DMA_COPY_BROADCAST		0x44	/* sub-command: linear, to two */
#define R7_COPY_UNMODELLED		0x100	/* R7xx: no sub-command has it */
#define DMA_INDIRECT_BUFFER		0x4
#define DMA_FENCE			0x6
#define DMA_TRAP			0x7
#define DMA_SRBM_WRITE			0x9
#define DMA_CONSTANT_FILL		0xd
#define DMA_NOP				0xf

#define IH_SRC_DMA_TRAP			224

struct dstream {
	uint64_t base;
	uint32_t mask;			/* ring: size - 1 (dwords); IB: ~0 */
	uint32_t pos, end;		/* dwords */
	bool ib;
};

static uint32_t davail(const struct dstream *s)
{
	return (s->end - s->pos) & s->mask;
}

static int dfetch(struct sim *sim, const struct dstream *s, uint32_t i, uint32_t *dw)
{
	return sim_gpu_read(sim, s->base + 4ull * ((s->pos + i) & s->mask), dw, 4);
}

static void dma_hang(struct sim *sim, const struct dstream *s, const char *why)
{
	sim->dma.hung = true;
	sim->stats.dma_hangs++;
	sim_log(sim, "DMA-HANG %s pos=%u reason=%s", s->ib ? "ib" : "ring",
		s->pos, why);
}

static uint64_t addr40(uint32_t lo, uint32_t hi)
{
	return (lo & ~3ull) | ((uint64_t)(hi & 0xff) << 32);
}

/* Copy @bytes bytes from @src to @dst through a bounce buffer. */
static int copy(struct sim *sim, uint64_t dst, uint64_t src, uint64_t bytes)
{
	uint8_t buf[4096];
	uint64_t left = bytes;

	while (left) {
		size_t n = left < sizeof(buf) ? left : sizeof(buf);

		if (sim_gpu_read(sim, src, buf, n) || sim_gpu_write(sim, dst, buf, n))
			return -1;
		src += n;
		dst += n;
		left -= n;
	}
	sim->stats.dma_bytes += bytes;
	return 0;
}

static int fill(struct sim *sim, uint64_t dst, uint32_t val, uint64_t dw)
{
	uint32_t buf[1024];
	uint64_t i;

	for (i = 0; i < 1024; i++)
		buf[i] = val;
	while (dw) {
		uint64_t n = dw < 1024 ? dw : 1024;

		if (sim_gpu_write(sim, dst, buf, n * 4))
			return -1;
		dst += n * 4;
		dw -= n;
	}
	return 0;
}

/*
 * The tiled copy (L2T, or T2L with the detile bit): dwords between a
 * linear buffer and a 1D/2D-tiled surface, element by element from
 * (x, y, z), rows of the surface's pitch, slices after its height. The
 * model keeps each slice's elements in row order (the real swizzle only
 * permutes them inside a slice); anything but 1D/2D tiles hangs.
 * Evergreen and R7xx lay the packet out differently, each decodes it
 * into this.
 */
struct tiled {
	uint64_t base, lin;		/* bytes */
	uint64_t pitch, height;		/* elements, rows */
	uint64_t slice;			/* bytes */
	uint64_t x, y, z;
	uint32_t bpe, mode;
	bool detile;
};

static int copy_tiled(struct sim *sim, struct tiled *t, uint32_t n)
{
	uint64_t e, elems = 4ull * n / t->bpe;
	uint8_t el[16];

	if ((t->mode != 2 && t->mode != 4) || t->bpe > 16)
		return -1;
	for (e = 0; e < elems; e++, t->lin += t->bpe) {
		uint64_t at = t->base + t->z * t->slice + (t->y * t->pitch + t->x) * t->bpe;

		if (t->detile ?
		    sim_gpu_read(sim, at, el, t->bpe) || sim_gpu_write(sim, t->lin, el, t->bpe) :
		    sim_gpu_read(sim, t->lin, el, t->bpe) || sim_gpu_write(sim, at, el, t->bpe))
			return -1;
		if (++t->x == t->pitch) {
			t->x = 0;
			if (++t->y == t->height) {
				t->y = 0;
				t->z++;
			}
		}
	}
	sim->stats.dma_bytes += 4ull * n;
	sim->stats.dma_tiled++;
	return 0;
}

/*
 * Evergreen's (sub-command 0x08): nine dwords, the surface's 2D bank
 * fields (which only permute elements inside a slice) aside.
 */
static int copy_tiled_eg(struct sim *sim, const uint32_t *b, uint32_t n)
{
	uint32_t bpe = 1u << ((b[1] >> 24) & 7);
	struct tiled t = {
		.base = (uint64_t)b[0] << 8, .lin = addr40(b[6], b[7]),
		.pitch = ((b[2] & 0x7ff) + 1) * 8ull, .height = ((b[2] >> 16) & 0x3fff) + 1,
		.slice = ((b[3] & 0x3fffff) + 1) * 64ull * bpe,
		.x = b[4] & 0x3fff, .y = b[5] & 0x3fff, .z = (b[4] >> 18) & 0xfff,
		.bpe = bpe, .mode = (b[1] >> 27) & 0xf, .detile = b[1] >> 31,
	};

	return copy_tiled(sim, &t, n);
}

/*
 * R7xx's (the T bit): seven dwords, the surface's address >> 8; detile,
 * array mode, log2 element size, height - 1 and pitch / 8 - 1; the slice's
 * 8x8 tiles - 1 and z; y and x (bits 30:17, 16:3); the linear address.
 * The 2D layout comes from the chip's tiling configuration. Bits of the
 * position dword outside x and y are not modelled: they hang.
 */
static int copy_tiled_r7(struct sim *sim, const uint32_t *b, uint32_t n)
{
	uint32_t bpe = 1u << ((b[1] >> 24) & 7);
	struct tiled t = {
		.base = (uint64_t)b[0] << 8, .lin = addr40(b[4], b[5]),
		.pitch = ((b[1] & 0x3ff) + 1) * 8ull, .height = ((b[1] >> 10) & 0x3fff) + 1,
		.slice = ((uint64_t)(b[2] >> 12) + 1) * 64 * bpe,
		.x = (b[3] >> 3) & 0x3fff, .y = (b[3] >> 17) & 0x3fff, .z = b[2] & 0xfff,
		.bpe = bpe, .mode = (b[1] >> 27) & 0xf, .detile = b[1] >> 31,
	};

	if (b[3] & 0x80000007u)
		return -1;
	return copy_tiled(sim, &t, n);
}

/*
 * The linear broadcast copy: @n dwords from one source to two
 * destinations (body: destination, second destination, source, then
 * their bits 39:32), each destination written in full.
 */
static int copy_broadcast(struct sim *sim, const uint32_t *b, uint32_t n)
{
	uint64_t src = addr40(b[2], b[5]);

	return copy(sim, addr40(b[0], b[3]), src, 4ull * n) ||
	       copy(sim, addr40(b[1], b[4]), src, 4ull * n) ? -1 : 0;
}

static int dma_run_stream(struct sim *sim, struct dstream *s);

/* Execute the packet at s->pos; 0 and s->pos advanced, or -1 = hang. */
static int dma_packet(struct sim *sim, struct dstream *s)
{
	uint32_t hdr, cmd, sub, n, len, b[8] = { 0 }, i;
	struct dstream ib;

	if (dfetch(sim, s, 0, &hdr)) {
		dma_hang(sim, s, "fetch-fault");
		return -1;
	}
	cmd = hdr >> 28;
	/*
	 * R7xx has no sub-command: its COPY's T bit (23) stands where
	 * Evergreen's tiled sub-command has it, and the model takes it as
	 * that; any other bit of 27:20 on a COPY (byte swap) is unmodelled
	 */
	sub = (hdr >> 20) & 0xff;
	if (sim->asic->dma_r7xx && cmd != DMA_COPY)
		sub = 0;
	else if (sim->asic->dma_r7xx && sub && sub != DMA_COPY_TILED)
		sub = R7_COPY_UNMODELLED;
	n = hdr & (sim->asic->dma_r7xx ? 0xffff : 0xfffff);
	if (sim->asic->dma_r7xx && cmd == DMA_SRBM_WRITE) {
		dma_hang(sim, s, "unknown-command");
		return -1;
	}
	switch (cmd) {
	case DMA_WRITE:		len = 3 + n; break;
	case DMA_COPY:
		len = sub == DMA_COPY_TILED ? (sim->asic->dma_r7xx ? 7 : 9) :
		      sub == DMA_COPY_BROADCAST ? 7 : 5;
		break;
	case DMA_INDIRECT_BUFFER: len = 3; break;
	case DMA_FENCE:		len = 4; break;
	case DMA_TRAP:		len = 1; break;
	case DMA_SRBM_WRITE:	len = 3; break;
	case DMA_CONSTANT_FILL:	len = 4; break;
	case DMA_NOP:		len = 1; break;
	default:
		dma_hang(sim, s, "unknown-command");
		return -1;
	}
	if (davail(s) < len) {
		dma_hang(sim, s, "truncated-packet");
		return -1;
	}
	for (i = 1; i < len && i <= 8; i++)
		if (dfetch(sim, s, i, &b[i - 1])) {
			dma_hang(sim, s, "fetch-fault");
			return -1;
		}
	sim->stats.dma_packets++;
	switch (cmd) {
	case DMA_WRITE:
		for (i = 0; i < n; i++) {
			uint32_t v;

			if (dfetch(sim, s, 3 + i, &v) ||
			    sim_gpu_write(sim, addr40(b[0], b[1]) + 4ull * i, &v, 4)) {
				dma_hang(sim, s, "write-fault");
				return -1;
			}
		}
		break;
	case DMA_COPY:
		if (sub == DMA_COPY_TILED) {
			if (sim->asic->dma_r7xx ? copy_tiled_r7(sim, b, n) :
						  copy_tiled_eg(sim, b, n)) {
				dma_hang(sim, s, "tiled-copy-fault");
				return -1;
			}
			break;
		}
		if (sub == DMA_COPY_BYTE) {
			/* byte-aligned: COUNT bytes between any addresses */
			if (copy(sim, b[0] | (uint64_t)(b[2] & 0xff) << 32,
				 b[1] | (uint64_t)(b[3] & 0xff) << 32, n)) {
				dma_hang(sim, s, "copy-fault");
				return -1;
			}
			break;
		}
		if (sub == DMA_COPY_BROADCAST) {
			if (copy_broadcast(sim, b, n)) {
				dma_hang(sim, s, "copy-fault");
				return -1;
			}
			break;
		}
		if (sub != 0) {
			/* the linear, broadcast and tiled copies are modelled */
			dma_hang(sim, s, "unmodelled-copy-mode");
			return -1;
		}
		if (copy(sim, addr40(b[0], b[2]), addr40(b[1], b[3]), 4ull * n)) {
			dma_hang(sim, s, "copy-fault");
			return -1;
		}
		break;
	case DMA_INDIRECT_BUFFER:
		if (s->ib) {
			dma_hang(sim, s, "nested-ib");
			return -1;
		}
		ib = (struct dstream){
			.base = (b[0] & ~0x1full) | ((uint64_t)(b[1] & 0xff) << 32),
			.mask = ~0u, .pos = 0,
			.end = b[1] >> (sim->asic->dma_r7xx ? 16 : 12), .ib = true,
		};
		if (dma_run_stream(sim, &ib))
			return -1;
		break;
	case DMA_FENCE:
		if (sim_gpu_write(sim, addr40(b[0], b[1]), &b[2], 4)) {
			dma_hang(sim, s, "fence-fault");
			return -1;
		}
		break;
	case DMA_TRAP:
		if (sim_reg_get(sim, DMA_CNTL) & DMA_TRAP_ENABLE)
			sim_ih_raise(sim, IH_SRC_DMA_TRAP, 0);
		break;
	case DMA_SRBM_WRITE:
		sim_mmio_write(sim, (b[0] & 0xffff) << 2, 4, b[1]);
		break;
	case DMA_CONSTANT_FILL:
		if (fill(sim, addr40(b[0], b[2] >> 16), b[1], n)) {
			dma_hang(sim, s, "fill-fault");
			return -1;
		}
		break;
	default:
		break;
	}
	s->pos = (s->pos + len) & s->mask;
	return 0;
}

static int dma_run_stream(struct sim *sim, struct dstream *s)
{
	while (s->pos != s->end)
		if (dma_packet(sim, s))
			return -1;
	return 0;
}

/* The DMA engine's sim_cp_exec_ib(): an IB without the ring. */
int sim_dma_exec_ib(struct sim *sim, uint64_t addr, uint32_t ndw)
{
	struct dstream ib = { .base = addr, .mask = ~0u, .pos = 0, .end = ndw,
			      .ib = true };

	return dma_run_stream(sim, &ib);
}

void sim_dma_run(struct sim *sim)
{
	uint32_t cntl = sim_reg_get(sim, DMA_RB_CNTL);
	uint32_t size_dw = 1u << ((cntl >> 1) & 0x1f);
	struct dstream ring = {
		.base = (uint64_t)sim_reg_get(sim, DMA_RB_BASE) << 8,
		.mask = size_dw - 1,
		.pos = (sim->dma.rptr >> 2) & (size_dw - 1),
		.end = (sim_reg_get(sim, DMA_RB_WPTR) >> 2) & (size_dw - 1),
	};
	uint64_t wb;

	if (!(cntl & DMA_RB_ENABLE) || sim->dma.hung || sim->dma.hang_on_start ||
	    ring.pos == ring.end)
		return;
	dma_run_stream(sim, &ring);
	sim->dma.rptr = ring.pos << 2;
	if (!(cntl & DMA_RPTR_WRITEBACK_ENABLE))
		return;
	wb = (sim_reg_get(sim, DMA_RB_RPTR_ADDR_LO) & ~3ull) |
	     (uint64_t)(sim_reg_get(sim, DMA_RB_RPTR_ADDR_HI) & 0xff) << 32;
	sim_gpu_write(sim, wb, &sim->dma.rptr, 4);
}

static void dma_wptr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim_dma_run(sim);
}

/* Enabling the ring runs what the write pointer already covers. */
static void dma_cntl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim_dma_run(sim);
}

static void dma_rptr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	sim->dma.rptr = val;
}

static uint32_t dma_rptr_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return sim->dma.rptr;
}

static uint32_t dma_status_read(struct sim *sim, const struct sim_reg *reg)
{
	(void)reg;
	return sim->dma.hung ? 0 : DMA_IDLE;
}

/* SRBM soft reset: the DMA bit clears a hang and the read pointer. */
static void srbm_soft_reset_write(struct sim *sim, const struct sim_reg *reg,
				  uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (!(val & sim->asic->dma_reset_bit))
		return;
	if (sim->dma.hung)
		sim_log(sim, "dma reset: hang cleared");
	sim->dma.hung = false;
	sim->dma.rptr = 0;
}

#define STORE(off, name)	{ off, name, 0, NULL, NULL }

static const struct sim_reg dma_regs[] = {
	{ SRBM_SOFT_RESET, "SRBM_SOFT_RESET", 0, NULL, srbm_soft_reset_write },
	{ DMA_RB_CNTL, "DMA_RB_CNTL", 0, NULL, dma_cntl_write },
	STORE(DMA_RB_BASE, "DMA_RB_BASE"),
	{ DMA_RB_RPTR, "DMA_RB_RPTR", 0, dma_rptr_read, dma_rptr_write },
	{ DMA_RB_WPTR, "DMA_RB_WPTR", 0, NULL, dma_wptr_write },
	STORE(DMA_RB_RPTR_ADDR_HI, "DMA_RB_RPTR_ADDR_HI"),
	STORE(DMA_RB_RPTR_ADDR_LO, "DMA_RB_RPTR_ADDR_LO"),
	STORE(DMA_IB_CNTL, "DMA_IB_CNTL"),
	STORE(DMA_IB_RPTR, "DMA_IB_RPTR"),
	STORE(DMA_CNTL, "DMA_CNTL"),
	{ DMA_STATUS_REG, "DMA_STATUS_REG", 0, dma_status_read, NULL },
	STORE(DMA_SEM_INCOMPLETE_TIMER_CNTL, "DMA_SEM_INCOMPLETE_TIMER_CNTL"),
	STORE(DMA_SEM_WAIT_FAIL_TIMER_CNTL, "DMA_SEM_WAIT_FAIL_TIMER_CNTL"),
	STORE(DMA_TILING_CONFIG, "DMA_TILING_CONFIG"),
	STORE(DMA_MODE, "DMA_MODE"),
};

const struct sim_block sim_evergreen_dma_block = {
	.name = "evergreen-dma",
	.regs = dma_regs,
	.nregs = sizeof(dma_regs) / sizeof(dma_regs[0]),
};
