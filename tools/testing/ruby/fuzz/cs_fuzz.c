// SPDX-License-Identifier: GPL-2.0-only
/*
 * Oracle fuzzer of the command-stream checker (libFuzzer, ASan, UBSan).
 *
 * The input describes a submission: which ring, up to four buffers (1-4
 * pages, read-only or writable), and a stream, generated from the input
 * bytes packet by packet (plausible headers, registers near and inside the
 * privileged blocks, offsets near buffer ends, relocation NOPs right and
 * wrong) so that the fuzzer reaches deep into the handlers. The stream is
 * checked by the driver's own checker; if it is accepted, the simulator's
 * command processor (or DMA engine) runs the relocated copy against a
 * GART that maps those buffers and nothing else, with unmapped guard pages
 * between them and read-only buffers mapped read-only. Any access outside
 * them (a GART fault), any hang of the engine on a stream the checker let
 * through, and any sanitizer report is a finding: the harness aborts.
 * A stall (a WAIT_REG_MEM that never comes true) is legitimate.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruby_cs_check.h"
#include "r600/r600_cs.h"
#include "gpu.h"
#include "models.h"

#define GTT_BASE	0x20000000ull
#define BO_STRIDE	0x10000ull		/* 16 pages: guard pages between BOs */
#define IB_ADDR		(GTT_BASE + 0x100000ull)
#define GEN_BOS		4		/* buffers of a generated submission */
#define MAX_BOS		8		/* of a raw one (the corpus's) */
#define MAX_PAGES	8
#define MAX_IB_DW	1024
#define PT_VRAM		0x100000ull		/* page table in VRAM */
#define GPA_BO(i, p)	(0x100000000ull + (uint64_t)(i) * 0x100000 + (uint64_t)(p) * 4096)
#define GPA_IB(p)	(0x200000000ull + (uint64_t)(p) * 4096)

#define GB_ADDR_CONFIG		0x98f8
#define CEDAR_GB_ADDR_CONFIG	0x02010001	/* NUM_PIPES 1: two pipes */
#define GB_TILING_CONFIG	0x98f0
#define RV730_TILING_CONFIG	0x00500804	/* four pipes, four banks, as ruby sets it */

#define PTE_VALID	(1ull << 0)
#define PTE_SYSTEM	(1ull << 1)
#define PTE_SNOOPED	(1ull << 2)
#define PTE_READABLE	(1ull << 5)
#define PTE_WRITEABLE	(1ull << 6)

static struct sim sim;
/*
 * the checker's tables and tile pipes: Cedar's, or RV730's
 * (CS_FUZZ_ASIC=rv730), or R6xx's on RV730's tiling (CS_FUZZ_ASIC=rv630)
 */
static const struct rcs_gen *gen = &rcs_evergreen;
static uint32_t gen_pipes = 2;
/* the generator speaks R6xx/R7xx's register layout (programs, stages, stream-out) */
static bool r6;
/* the submission's RADEON_CS_KEEP_TILING_FLAGS: the ABI differs without it */
static bool keep_tiling;
static bool dump;
static unsigned long accepted, accepted_dma, rejected, runs[2];

/* Rejections by reason: which checks the run reached */
static struct {
	const char *why;
	unsigned long n;
} reasons[64];

static void count_reason(const char *why)
{
	unsigned int i;

	for (i = 0; i < 64 && reasons[i].why && reasons[i].why != why; i++)
		;
	if (i < 64) {
		reasons[i].why = why;
		reasons[i].n++;
	}
}

/* How deep the run got: streams accepted and run, draws executed */
static void report(void)
{
	fprintf(stderr, "cs-fuzz: %lu accepted and run (GFX %lu, DMA %lu), %lu rejected, %llu draws, %llu dispatches, %llu RATs written, %llu textures sampled, %llu DMA packets (%llu tiled copies)\n",
		accepted, accepted - accepted_dma, accepted_dma, rejected,
		(unsigned long long)sim.stats.draws, (unsigned long long)sim.stats.dispatches,
		(unsigned long long)sim.stats.rats,
		(unsigned long long)sim.stats.textures,
		(unsigned long long)sim.stats.dma_packets,
		(unsigned long long)sim.stats.dma_tiled);
	fprintf(stderr, "cs-fuzz: runs by ring: GFX %lu, DMA %lu\n", runs[0], runs[1]);
	for (unsigned int i = 0; i < 64 && reasons[i].why; i++)
		fprintf(stderr, "cs-fuzz:   %9lu %s\n", reasons[i].n, reasons[i].why);
}
static uint8_t bo_mem[MAX_BOS][MAX_PAGES][4096];
static uint32_t ib_mem[MAX_IB_DW];

/* The simulated bus: guest pages are the buffers' host memory. */
static void *dma(void *ctx, uint64_t gpa, uint64_t len)
{
	(void)ctx;
	if (gpa >= GPA_IB(0) && gpa + len <= GPA_IB(0) + sizeof(ib_mem))
		return (uint8_t *)ib_mem + (gpa - GPA_IB(0));
	if (gpa >= GPA_BO(0, 0) && gpa < GPA_BO(MAX_BOS, 0)) {
		uint64_t i = (gpa - GPA_BO(0, 0)) / 0x100000;
		uint64_t p = (gpa - GPA_BO(i, 0)) / 4096, off = gpa & 4095;

		if (p < MAX_PAGES && off + len <= 4096)
			return &bo_mem[i][p][off];
	}
	return NULL;
}

static void set_pte(uint64_t mc, uint64_t pte)
{
	uint64_t idx = (mc - GTT_BASE) >> 12;

	memcpy(sim.vram + PT_VRAM + idx * 8, &pte, 8);
}

/*
 * Every shader ring at 64 KiB of VRAM at 8 MiB, as the driver points them
 * at a kernel buffer on Evergreen: at its start, and after every stream
 * that set rings of its own. R6xx/R7xx have no kernel rings: every ring is
 * unset before each stream (base and size 0: the oracle fails a draw
 * reaching one), so a draw may reach only the rings its own stream set,
 * never an earlier input's.
 */
static void kernel_shader_rings(void)
{
	static const uint32_t bases[] = { 0x8c40, 0x8c48, 0x8c50, 0x8c58, 0x8c60, 0x8c68,
					  0x8e10, 0x8e18 };
	uint32_t base = sim.asic->draw ? 0 : 0x800000 >> 8;
	uint32_t size = sim.asic->draw ? 0 : 0x10000 >> 8;
	unsigned int i;

	for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		sim.cfg_state[(bases[i] - 0x8000) / 4] = base;
		sim.cfg_state[(bases[i] + 4 - 0x8000) / 4] = size;
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	unsigned int i;

	(void)argc;
	(void)argv;
	/* CS_FUZZ_DUMP=1: the simulator's log and each accepted stream on stderr */
	dump = getenv("CS_FUZZ_DUMP") != NULL;
	sim.log = dump ? stderr : fopen("/dev/null", "w");
	sim.asic = sim_asic_find(getenv("CS_FUZZ_ASIC") ? getenv("CS_FUZZ_ASIC") : "cedar");
	if (!sim.log || !sim.asic || sim_vram_init(&sim, 16 << 20, 16 << 20, NULL))
		abort();
	if (sim.asic->draw) {	/* R6xx/R7xx: their checker, RV730's tiling */
		gen = sim.asic->dma_r7xx ? &rcs_r700 : &rcs_r600;
		r6 = true;
		gen_pipes = 4;
		sim_reg_set(&sim, GB_TILING_CONFIG, RV730_TILING_CONFIG);
	}
	sim.transport.dma = dma;
	sim.asic_rbs = sim.asic->rbs;
	atexit(report);
	sim_regs_init(&sim);
	for (i = 0; sim.asic->blocks[i]; i++)
		sim_regs_add_block(&sim, sim.asic->blocks[i]);
	/* VRAM at MC 0 (16 MiB), the GART after the gap at 512 MiB */
	sim_reg_set(&sim, sim.asic->vm->fb_location, 0);
	/* the tiling configuration the driver programs on Cedar: two pipes */
	sim_reg_set(&sim, GB_ADDR_CONFIG, CEDAR_GB_ADDR_CONFIG);
	sim_reg_set(&sim, VM_CONTEXT0_CNTL, VM_ENABLE_CONTEXT);
	/* context 0's page table where the chip's generation has its registers */
	sim_reg_set(&sim, sim.asic->vm->pt_base, PT_VRAM >> 12);
	sim_reg_set(&sim, sim.asic->vm->pt_start, GTT_BASE >> 12);
	sim_reg_set(&sim, sim.asic->vm->pt_end, (GTT_BASE + (16 << 20) - 1) >> 12);
	kernel_shader_rings();
	/* the IB: four pages, read-only to the GPU */
	for (i = 0; i < 4; i++)
		set_pte(IB_ADDR + i * 4096ull, GPA_IB(i) | PTE_VALID | PTE_SYSTEM |
			PTE_SNOOPED | PTE_READABLE);
	return 0;
}

/* Input bytes, consumed front to back; zeros once exhausted. */
struct input {
	const uint8_t *p;
	size_t n;
};

static uint32_t take(struct input *in, unsigned int bytes)
{
	uint32_t v = 0;

	while (bytes--) {
		v = v << 8 | (in->n ? *in->p : 0);
		if (in->n) {
			in->p++;
			in->n--;
		}
	}
	return v;
}

#define PKT3(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

/* Registers worth trying: allowed ones, their edges, privileged ones. */
static const uint32_t regs[] = {
	0x8040, 0x804c, 0x8050, 0x84fc, 0x8500, 0x85f0, 0x86d8, 0x8958, 0x8974,
	0x8978, 0x8c00, 0x8df8, 0x98f8, 0xa400, 0xa474, 0xc100, 0x28000, 0x28140,
	0x28234, 0x28238, 0x28c04, 0x28c60, 0x28c64, 0x28ffc, 0x3cff0, 0x3ff08, 0x3ff0c,
	0x281c0, 0x289c0, 0x28e50, 0x28f00, 0x28f80, 0x28900,
	0x28720, 0x28b9c, 0x28e40, 0x2872c,
};

/* An offset near an interesting place of a buffer of @size bytes. */
static uint32_t offset(struct input *in, uint32_t size)
{
	static const int32_t near[] = { 0, 4, 8, -4, -8, -16, 0x100 };
	uint32_t k = take(in, 1);

	if (k < 200)
		return size + near[k % 7] - (k % 3) * 256;
	return take(in, 4);
}

/* The relocation NOP an address packet needs: mostly right, sometimes not */
static uint32_t reloc_after(struct input *in, uint32_t *ib, uint32_t bo)
{
	uint32_t k = take(in, 1);

	if (k % 16 == 0)
		return 0;			/* missing */
	ib[0] = k % 16 == 1 ? take(in, 4) : PKT3(0x10, 1);
	ib[1] = k % 16 == 2 ? take(in, 4) : 4 * bo;
	return 2;
}

/* A small value mostly, any value sometimes */
static uint32_t small(struct input *in, uint32_t mod)
{
	return take(in, 1) % 8 ? take(in, 1) % mod : take(in, 4);
}

/*
 * 2D tiling fields as a texture descriptor's word 7 holds them (macro tile
 * aspect 7:6, bank width 9:8, bank height 11:10, banks 17:16): small
 * macro tiles mostly, so that small surfaces fit.
 */
static uint32_t tiling2d(struct input *in)
{
	uint32_t k = take(in, 1);

	if (k % 2)
		return 0;
	return (k >> 1 & 3) << 6 | (k >> 3 & 1) << 8 | (k >> 4 & 3) << 10 |
	       (take(in, 1) % 4) << 16;
}

/*
 * A texture descriptor sized around a few-page buffer: formats of every
 * block size, linear and 1D layouts (and others), mip chains, arrays,
 * cube maps and 3D; then its two relocations (texture, mip chain).
 */
static uint32_t gen_texture(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size)
{
	static const uint8_t formats[] = { 0x1a, 0x07, 0x01, 0x31, 0x33, 0x22, 0x2c,
					   0x27, 0x2f, 0x25, 0x00, 0x3f };
	static const uint8_t modes[] = { 0, 1, 2, 4 };
	uint32_t n = 0;

	ib[n++] = PKT3(0x6d, 9);
	ib[n++] = 8 * (take(in, 2) % 1024);
	ib[n++] = small(in, 8) | (small(in, 16) & 0xfff) << 6 | (small(in, 64) & 0x3fff) << 18;
	ib[n++] = (small(in, 32) & 0x3fff) | (small(in, 4) & 0x1fff) << 14 |
		  (take(in, 1) % 4 ? modes[take(in, 1) % 4] : take(in, 1) % 16) << 28;
	/* at the start of the buffer or near its end */
	ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
	ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
	ib[n++] = (take(in, 1) % 4 ? 0 : take(in, 1) % 16) << 28;
	ib[n++] = small(in, 5) | (small(in, 8) & 0x1fff) << 17;
	ib[n++] = (take(in, 1) % 4 ? 0 : take(in, 1) % 8) << 29;	/* tile split */
	ib[n++] = formats[take(in, 1) % sizeof(formats)] | (take(in, 1) % 4 ? 2u : 3u) << 30 |
		  tiling2d(in);
	n += reloc_after(in, &ib[n], bo);
	n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo : take(in, 1) % 5);
	return n;
}

/*
 * A multisampled texture (2D_MSAA or 2D_ARRAY_MSAA) the way Mesa makes
 * them, mostly: 2 to 8 samples (LAST_LEVEL; sometimes 1 or 16), 1D or 2D
 * tiles (sometimes another mode), an FMASK at MIP_ADDRESS with its
 * FMASK_BANK_HEIGHT, or none (0 and no relocation), sometimes a
 * BASE_LEVEL; sized around the buffer.
 */
static uint32_t gen_msaa_texture(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size)
{
	uint32_t n = 0, fmask = take(in, 1) % 4;

	ib[n++] = PKT3(0x6d, 9);
	ib[n++] = 8 * (take(in, 2) % 1024);
	ib[n++] = (6 + take(in, 1) % 2) | (small(in, 8) & 0xfff) << 6 |
		  (small(in, 64) & 0x3fff) << 18;
	ib[n++] = (small(in, 32) & 0x3fff) | (small(in, 4) & 0x1fff) << 14 |
		  (take(in, 1) % 8 ? 2u << (take(in, 1) % 2) : take(in, 1) % 16) << 28;
	ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
	ib[n++] = fmask ? offset(in, size) >> 8 : 0;
	ib[n++] = (take(in, 1) % 8 ? 0 : take(in, 1) % 16) << 28;
	ib[n++] = (take(in, 1) % 8 ? 1 + take(in, 1) % 3 : take(in, 1) % 16) |
		  (small(in, 4) & 0x1fff) << 17;
	ib[n++] = (take(in, 1) % 4) | (take(in, 1) % 4 ? 0 : take(in, 1) % 8) << 29;
	ib[n++] = (uint32_t[]){ 0x1a, 0x07, 0x22, 0x05 }[take(in, 1) % 4] | 2u << 30 |
		  tiling2d(in);
	n += reloc_after(in, &ib[n], bo);
	if (fmask || take(in, 1) % 4 == 0)
		n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo : take(in, 1) % 5);
	return n;
}

/*
 * A depth buffer: DB_Z_INFO .. DB_DEPTH_SLICE with the four bases'
 * relocations, then the view and, sometimes, an HTILE buffer.
 */
static uint32_t gen_depth(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size)
{
	uint32_t n = 0, i;

	ib[n++] = PKT3(0x69, 9);
	ib[n++] = (0x28040 - 0x28000) / 4;
	i = tiling2d(in);
	ib[n++] = take(in, 1) % 4 | (take(in, 1) % 4 ? 2u << (take(in, 1) % 2) :
				     take(in, 1) % 16) << 4 |
		  (take(in, 1) % 2) << 29 | (i >> 6 & 3) << 24 | (i >> 8 & 3) << 16 |
		  (i >> 10 & 3) << 20 | (i >> 16 & 3) << 12 | (take(in, 1) % 8) << 8;
	ib[n++] = take(in, 1) % 2 | (take(in, 1) % 8) << 8;
	for (i = 0; i < 4; i++)
		ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
	ib[n++] = small(in, 4) | small(in, 8) << 11;
	ib[n++] = small(in, 16);
	if (!keep_tiling)		/* DB_Z_INFO's: the buffer's tiling */
		n += reloc_after(in, &ib[n], bo);
	for (i = 0; i < 4; i++)
		n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo : take(in, 1) % 5);
	ib[n++] = PKT3(0x69, 2);
	ib[n++] = (0x28008 - 0x28000) / 4;
	ib[n++] = small(in, 2) | small(in, 3) << 13;
	if (take(in, 1) % 2) {
		ib[n++] = PKT3(0x69, 2);
		ib[n++] = (0x28014 - 0x28000) / 4;
		ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
		n += reloc_after(in, &ib[n], bo);
		ib[n++] = PKT3(0x69, 2);
		ib[n++] = (0x28abc - 0x28000) / 4;
		ib[n++] = take(in, 1) % 8;
	}
	return n;
}

/*
 * R6xx/R7xx's stream-out enables, two registers apart: VGT_STRMOUT_BUFFER_EN
 * (buffer @b mostly) and VGT_STRMOUT_EN (on mostly); now and then a base
 * again by R7xx's STRMOUT_BASE_UPDATE (+reloc) or R6xx's
 * SURFACE_BASE_UPDATE marker (each refused on the other generation)
 */
static uint32_t gen_r6_streamout_en(struct input *in, uint32_t *ib, uint32_t bo,
				    uint32_t size, uint32_t b)
{
	uint32_t n = 0, k = take(in, 1);

	ib[n++] = PKT3(0x69, 2);
	ib[n++] = (0x28b20 - 0x28000) / 4;
	ib[n++] = k % 4 ? 1u << b : take(in, 1);
	ib[n++] = PKT3(0x69, 2);
	ib[n++] = (0x28ab0 - 0x28000) / 4;
	ib[n++] = k % 8 ? 1 : take(in, 1) % 4;
	if (k / 8 % 4 == 1) {
		ib[n++] = PKT3(0x72, 2);
		ib[n++] = take(in, 1) % 4 ? b : take(in, 1);
		ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
		n += reloc_after(in, &ib[n], bo);
	} else if (k / 8 % 4 == 2) {
		ib[n++] = PKT3(0x73, 1);
		ib[n++] = 0x200u << b;
	}
	return n;
}

/*
 * Stream-out (@kind 1: a buffer's size, base and the buffers a stream
 * enables; 2: STRMOUT_BUFFER_UPDATE) or 3: an EVENT_WRITE_EOS.
 */
static uint32_t gen_streamout(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size,
			      uint32_t kind)
{
	uint32_t n = 0, ctl, b = take(in, 1) % 4;

	if (kind == 1) {
		ib[n++] = PKT3(0x69, 5);		/* SIZE, STRIDE, BASE, OFFSET */
		ib[n++] = (0x28ad0 + 16 * b - 0x28000) / 4;
		ib[n++] = take(in, 1) % 4 ? size / 4 - take(in, 1) % 3 : take(in, 4);
		ib[n++] = 4;
		ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
		ib[n++] = take(in, 2);
		n += reloc_after(in, &ib[n], bo);
		if (r6)
			return n + gen_r6_streamout_en(in, &ib[n], bo, size, b);
		ib[n++] = PKT3(0x69, 3);		/* STRMOUT_CONFIG, BUFFER_CONFIG */
		ib[n++] = (0x28b94 - 0x28000) / 4;
		ib[n++] = 1;
		ib[n++] = take(in, 1) % 4 ? 1u << b : take(in, 2);
	} else if (kind == 2) {
		ctl = take(in, 1) & 0x307;
		ib[n++] = PKT3(0x34, 5);
		ib[n++] = ctl;
		ib[n++] = offset(in, size);
		ib[n++] = 0;
		ib[n++] = offset(in, size);
		ib[n++] = 0;
		if (ctl & 1)
			n += reloc_after(in, &ib[n], bo);
		if (((ctl >> 1) & 3) == 2)
			n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo : take(in, 1) % 5);
	} else {
		ib[n++] = PKT3(0x48, 4);
		ib[n++] = 0x615;
		ib[n++] = offset(in, size);
		ib[n++] = (take(in, 1) % 4) << 29;
		ib[n++] = take(in, 1) % 2 ? 0xe05 : (take(in, 1) % 32) << 16;
		n += reloc_after(in, &ib[n], bo);
	}
	return n;
}

/* SET_BASE, for an indexed draw INDEX_BASE and INDEX_BUFFER_SIZE, the draw */
static uint32_t gen_draw_indirect(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size,
				  bool indexed)
{
	uint32_t n = 0;

	if (take(in, 1) % 8) {
		ib[n++] = PKT3(0x11, 3);
		ib[n++] = take(in, 1) % 8 ? 1 : take(in, 1);
		ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) & ~7u;
		ib[n++] = 0;
		n += reloc_after(in, &ib[n], bo);
	}
	if (indexed && take(in, 1) % 8) {
		ib[n++] = PKT3(0x26, 2);
		ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size);
		ib[n++] = 0;
		n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo : take(in, 1) % 5);
		ib[n++] = PKT3(0x13, 1);
		ib[n++] = take(in, 1) % 4 ? size / 4 - take(in, 1) % 4 : take(in, 4);
	}
	ib[n++] = PKT3(indexed ? 0x25 : 0x24, 2);
	ib[n++] = take(in, 1) % 2 ? 4 * (take(in, 1) % 8) : offset(in, size);
	ib[n++] = indexed ? 0 : 2;
	return n;
}

/*
 * A shader ring of the stream's own: base (+reloc) and size (mostly a
 * page or less, at the buffer's start or near its end, or ending about
 * where the buffer does), in one run or two packets, or only one of them;
 * the GS rings mostly (R6xx/R7xx: any of the six)
 */
static uint32_t gen_ring(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size)
{
	static const uint32_t rings[] = { 0x8c40, 0x8c48, 0x8c50, 0x8c58, 0x8c60, 0x8c68,
					  0x8e10, 0x8e18 };
	uint32_t n = 0, reg, base, bytes, how;

	if (r6)		/* R6xx/R7xx: the geometry and scratch rings, FBUF's now and then */
		reg = take(in, 1) % 8 ? 0x8c40 + 8 * (take(in, 1) % 6) : 0x8c70;
	else
		reg = rings[take(in, 1) % 4 ? take(in, 1) % 2 : take(in, 1) % 8];
	base = (take(in, 1) % 4 ? take(in, 1) % 16 * 256 : offset(in, size)) >> 8;
	bytes = take(in, 1) % 8 ? take(in, 1) % 20 : take(in, 4);	/* 256 bytes */
	how = take(in, 1);
	if (how % 4 == 0)	/* ending at the buffer's end, a unit short of it or past it */
		base = size / 256 - bytes + how / 4 % 3 - 1;
	how = take(in, 1) % 4;
	if (how == 3 || how == 0) {	/* base and size, one run */
		ib[n++] = PKT3(0x68, 3);
		ib[n++] = (reg - 0x8000) / 4;
		ib[n++] = base;
		ib[n++] = bytes;
		return n + reloc_after(in, &ib[n], bo);
	}
	if (how == 1) {		/* base alone */
		ib[n++] = PKT3(0x68, 2);
		ib[n++] = (reg - 0x8000) / 4;
		ib[n++] = base;
		return n + reloc_after(in, &ib[n], bo);
	}
	ib[n++] = PKT3(0x68, 2);	/* size alone */
	ib[n++] = (reg + 4 - 0x8000) / 4;
	ib[n++] = bytes;
	return n;
}

/*
 * R6xx/R7xx geometry and scratch: VGT_GS_MODE (off, scenario A or G
 * mostly), the ES and GS programs, a stage's scratch ring item size (ES,
 * GS, VS, PS mostly; FBUF and REDUC now and then), or a shader ring of the
 * stream's own (gen_ring()): the geometry and scratch rings
 */
static uint32_t gen_r6_stages(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size)
{
	static const uint32_t modes[] = { 0, 1, 3 | 3 << 3, 3 };
	uint32_t n = 0, k = take(in, 1) % 4;

	switch (k) {
	case 0:
		ib[n++] = PKT3(0x69, 2);
		ib[n++] = (0x28a40 - 0x28000) / 4;
		ib[n++] = take(in, 1) % 8 ? modes[take(in, 1) % 4] : take(in, 2);
		return n;
	case 1:
		ib[n++] = PKT3(0x69, 2);
		ib[n++] = ((take(in, 1) % 2 ? 0x28880 : 0x2886c) - 0x28000) / 4;
		ib[n++] = (take(in, 1) % 4 ? take(in, 1) % 16 * 256 : offset(in, size)) >> 8;
		return n + reloc_after(in, &ib[n], bo);
	case 2:
		ib[n++] = PKT3(0x69, 2);
		ib[n++] = (0x288b0 + 4 * (take(in, 1) % 8 ? take(in, 1) % 4 : take(in, 1) % 6) -
			   0x28000) / 4;
		ib[n++] = take(in, 1) % 8 ? 1 + take(in, 1) % 64 : take(in, 4);
		return n;
	}
	return gen_ring(in, &ib[n], bo, size);
}

/*
 * Geometry and tessellation: the stages, a set the hardware runs mostly
 * (none; ES+GS+VS copy; LS+HS+VS domain; LS+HS+ES domain+GS+VS copy), the
 * programs of the ES, GS, LS and HS (now and then one missing), or a
 * shader ring of the stream's own (gen_ring()); or a whole geometry setup
 * (stages, ES and GS programs, both GS rings)
 */
static uint32_t gen_stages(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size)
{
	static const uint32_t sets[] = { 0, 0xb0, 0x45, 0xad };
	static const uint32_t pgms[] = { 0x2888c, 0x28874, 0x288d0, 0x288b8 };
	uint32_t n = 0, i, k = take(in, 1) % 4;

	switch (k) {
	case 0:
		ib[n++] = PKT3(0x69, 2);
		ib[n++] = (0x28b54 - 0x28000) / 4;
		ib[n++] = take(in, 1) % 8 ? sets[take(in, 1) % 4] : take(in, 2);
		return n;
	case 1:
	case 3:
		if (k == 3) {
			ib[n++] = PKT3(0x69, 2);
			ib[n++] = (0x28b54 - 0x28000) / 4;
			ib[n++] = 0xb0;
		}
		for (i = 0; i < (k == 3 ? 2 : 4); i++) {
			if (take(in, 1) % 8 == 0)
				continue;
			ib[n++] = PKT3(0x69, 2);
			ib[n++] = (pgms[i] - 0x28000) / 4;
			ib[n++] = (take(in, 1) % 4 ? take(in, 1) % 16 * 256 :
				   offset(in, size)) >> 8;
			n += reloc_after(in, &ib[n], bo);
		}
		for (i = 0; k == 3 && i < 2; i++)
			n += gen_ring(in, &ib[n], bo, size);
		return n;
	}
	return gen_ring(in, &ib[n], bo, size);
}

/*
 * Compute, by @kind: 0, a RAT on colour buffer 0-11 (BASE .. DIM, buffer
 * or image, RAT bit mostly) and its immediate buffer; 1, the LS program;
 * 2, a dispatch, direct or indirect (maybe after SET_BASE); 3, an append
 * counter loaded (SET_APPEND_CNT) or stored (EVENT_WRITE_EOS command 0).
 */
static uint32_t gen_compute(struct input *in, uint32_t *ib, uint32_t bo, uint32_t size,
			    uint32_t kind)
{
	uint32_t n = 0, rat = take(in, 1) % 12, reg, image;

	switch (kind) {
	case 0:
		reg = rat < 8 ? 0x28c60 + 0x3c * rat : 0x28e40 + 0x1c * (rat - 8);
		image = take(in, 1) % 2;
		ib[n++] = PKT3(0x69, 8);
		ib[n++] = (reg - 0x28000) / 4;
		ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
		ib[n++] = take(in, 1) % 4 ? take(in, 1) % 16 : take(in, 2);
		ib[n++] = take(in, 1) % 4 ? take(in, 1) % 64 : take(in, 4);
		ib[n++] = take(in, 1) % 4 ? (take(in, 1) % 4) << 13 : take(in, 4);
		/*
		 * 8-bit (whose immediate buffer, 16 KiB a shader engine, fits
		 * a generated buffer), 32-bit or 8_8_8_8; linear or tiled;
		 * RAT; buffer or 2D image
		 */
		ib[n++] = take(in, 1) % 4 ? ((uint32_t[]){ 0x01, 0x0d, 0x1a }[take(in, 1) % 3] << 2 |
					     (take(in, 1) % 3) << 8 |
					     (take(in, 1) % 8 ? 1u << 26 : 0) | image * 3u << 27) :
			  take(in, 4);
		ib[n++] = take(in, 1) % 4 ? 0 : take(in, 4);
		if (!image)
			ib[n++] = take(in, 1) % 4 ? size / 4 - take(in, 1) % 3 : take(in, 4);
		else
			ib[n++] = take(in, 1) % 4 ? take(in, 1) % 64 | (take(in, 1) % 64) << 16 :
				  take(in, 4);
		n += reloc_after(in, &ib[n], bo);		/* base */
		if (!keep_tiling)
			n += reloc_after(in, &ib[n], bo);	/* info */
		n += reloc_after(in, &ib[n], bo);		/* attrib */
		if (take(in, 1) % 8) {
			ib[n++] = PKT3(0x69, 2);
			ib[n++] = (0x28b9c + 4 * (take(in, 1) % 8 ? rat : take(in, 1) % 13) -
				   0x28000) / 4;
			ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
			n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo : take(in, 1) % 5);
		}
		break;
	case 1:
		ib[n++] = PKT3(0x69, 2);
		ib[n++] = (0x288d0 - 0x28000) / 4;
		ib[n++] = (take(in, 1) % 4 ? take(in, 1) % 16 * 256 : offset(in, size)) >> 8;
		n += reloc_after(in, &ib[n], bo);
		break;
	case 2:
		if (take(in, 1) % 4)
			n += gen_compute(in, ib, bo, size, 1);
		if (take(in, 1) % 2) {
			ib[n++] = PKT3(0x15, 4);
			ib[n++] = take(in, 1);
			ib[n++] = take(in, 1);
			ib[n++] = 1;
			ib[n++] = 1;
			break;
		}
		if (take(in, 1) % 4) {
			ib[n++] = PKT3(0x11, 3);
			ib[n++] = 1;
			ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) & ~7u;
			ib[n++] = 0;
			n += reloc_after(in, &ib[n], bo);
		}
		ib[n++] = PKT3(0x16, 2);
		ib[n++] = take(in, 1) % 2 ? 4 * (take(in, 1) % 8) : offset(in, size);
		ib[n++] = 1;
		break;
	default:
		reg = take(in, 1) % 8 ? rat : take(in, 1);
		if (take(in, 1) % 2) {
			ib[n++] = PKT3(0x75, 3);
			ib[n++] = ((0x2872c - 0x28000) / 4 + reg) << 16 |
				  (take(in, 1) % 4 ? 3 : take(in, 1) % 4);
			ib[n++] = offset(in, size) | take(in, 1) % 4;
			ib[n++] = 0;
		} else {
			ib[n++] = PKT3(0x48, 4);
			ib[n++] = 0x615;
			ib[n++] = offset(in, size);
			ib[n++] = (take(in, 1) % 8 ? 0 : take(in, 1) % 8) << 29;
			ib[n++] = 0x2872c / 4 + reg;
		}
		n += reloc_after(in, &ib[n], bo);
		break;
	}
	return n;
}

static uint32_t gen_gfx(struct input *in, uint32_t *ib, uint32_t max,
			const struct rcs_bo *bos, unsigned int nbos)
{
	uint32_t n = 0;

	while (in->n && n + 40 < max) {
		uint32_t k = take(in, 1), bo = take(in, 1) % (nbos + 1);
		uint32_t size = bo < nbos ? (uint32_t)bos[bo].size : 4096, reg, cnt, i;

		switch (k % 16) {
		case 12:	/* a colour buffer: base (+reloc), pitch, slice, view, info,
				 * attrib; or those and dim, CMASK and FMASK (+relocs);
				 * or compute
				 */
			if (k / 16 < 6) {
				n += gen_compute(in, &ib[n], bo, size, k / 16 % 4);
				break;
			}
			reg = 0x28c60 + 0x3c * (take(in, 1) % 8);
			cnt = take(in, 1) % 2;
			ib[n++] = PKT3(0x69, cnt ? 12 : 7);
			ib[n++] = (reg - 0x28000) / 4;
			ib[n++] = offset(in, size) >> 8;
			ib[n++] = take(in, 1) % 4 ? take(in, 1) % 16 : take(in, 2);
			ib[n++] = take(in, 1) % 4 ? take(in, 1) % 64 : take(in, 4);
			/* a few layers, mostly: the last one is where sizes break */
			ib[n++] = take(in, 1) % 4 ? (take(in, 1) % 4) << 13 : take(in, 4);
			/* 8_8_8_8, a tiling, and now and then fast clears / compression */
			ib[n++] = take(in, 1) % 4 ? (0x1a << 2) | (take(in, 1) % 5) << 8 |
				  (take(in, 1) % 4) << 17 : take(in, 4);
			/* ATTRIB: texture word 7's fields, moved to where CB keeps them */
			i = tiling2d(in);
			ib[n++] = (i >> 6 & 3) << 19 | (i >> 8 & 3) << 13 | (i >> 10 & 3) << 16 |
				  (i >> 16 & 3) << 10 | (take(in, 1) % 8) << 5 |
				  (take(in, 1) % 4) << 22;
			if (cnt) {
				ib[n++] = 0;				/* DIM */
				ib[n++] = offset(in, size) >> 8;	/* CMASK */
				ib[n++] = take(in, 1) % 4 ? take(in, 1) % 4 : take(in, 2);
				ib[n++] = offset(in, size) >> 8;	/* FMASK */
				ib[n++] = take(in, 1) % 4 ? take(in, 1) % 64 : take(in, 4);
			}
			n += reloc_after(in, &ib[n], bo);	/* base */
			if (!keep_tiling)
				n += reloc_after(in, &ib[n], bo);	/* info */
			n += reloc_after(in, &ib[n], bo);	/* attrib */
			for (i = 0; i < 2 * cnt; i++)	/* CMASK, FMASK */
				n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo :
						 take(in, 1) % 5);
			break;
		case 13:	/* programs (all three, mostly), targets, depth, stages */
			if (take(in, 1) % 2) {
				for (i = 0; i < 3; i++) {
					/* PS, VS, FS: R6xx/R7xx's VS and FS are elsewhere */
					ib[n++] = PKT3(0x69, 2);
					ib[n++] = ((r6 ? (uint32_t[]){ 0x28840, 0x28858, 0x28894 } :
						    (uint32_t[]){ 0x28840, 0x2885c, 0x288a4 })[i] -
						   0x28000) / 4;
					ib[n++] = (take(in, 1) % 4 ? take(in, 1) % 16 * 256 :
						   offset(in, size)) >> 8;
					n += reloc_after(in, &ib[n], bo);
				}
				break;
			}
			if (take(in, 1) % 2) {	/* a constant buffer: base, then size */
				i = take(in, 1) % 32;
				ib[n++] = PKT3(0x69, 2);
				ib[n++] = (0x28940 + 4 * i - 0x28000) / 4;
				ib[n++] = offset(in, size) >> 8;
				n += reloc_after(in, &ib[n], bo);
				ib[n++] = PKT3(0x69, 2);
				ib[n++] = (0x28140 + 4 * (take(in, 1) % 4 ? i : take(in, 1) % 32) -
					   0x28000) / 4;
				ib[n++] = take(in, 1) % 4 ? take(in, 1) % 20 : take(in, 4);
				break;
			}
			if (take(in, 1) % 2) {
				n += gen_depth(in, &ib[n], bo, size);
				break;
			}
			/* targets, depth, stages; samples; CB mode (3: resolve) */
			reg = (uint32_t[]){ 0x28238, 0x28040, 0x28b54, 0x28c04, 0x28808 }
				[take(in, 1) % 5];
			ib[n++] = PKT3(0x69, 2);
			ib[n++] = (reg - 0x28000) / 4;
			ib[n++] = take(in, 1) % 4 ? take(in, 1) & (reg == 0x28808 ? 0x70 : 0xf) :
				  take(in, 4);
			break;
		case 14:	/* a vertex buffer, a texture or another resource */
			if (take(in, 1) % 2) {
				n += take(in, 1) % 3 ? gen_texture(in, &ib[n], bo, size) :
				     gen_msaa_texture(in, &ib[n], bo, size);
				break;
			}
			ib[n++] = PKT3(0x6d, 9);
			ib[n++] = 8 * (take(in, 2) % 1024);
			ib[n++] = offset(in, size);
			ib[n++] = take(in, 1) % 4 ? take(in, 1) * 4 : take(in, 4);
			ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
			for (i = 0; i < 4; i++)
				ib[n++] = 0;
			ib[n++] = (take(in, 1) % 4 ? 3u : take(in, 1) % 4) << 30;
			n += reloc_after(in, &ib[n], bo);
			break;
		case 15:	/* a draw: auto, indexed (maybe after INDEX_TYPE), immediate,
				 * indirect, indirect indexed, DRAW_INDEX_2, DRAW_INDEX_OFFSET_2
				 */
			cnt = take(in, 1) % 7;
			if (cnt == 5) {		/* DRAW_INDEX_2 */
				ib[n++] = PKT3(0x27, 5);
				ib[n++] = take(in, 2);
				ib[n++] = offset(in, size);
				ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
				ib[n++] = take(in, 1) % 4 ? take(in, 1) : take(in, 4);
				ib[n++] = 0;
				n += reloc_after(in, &ib[n], bo);
			} else if (cnt == 6) {	/* DRAW_INDEX_OFFSET_2, maybe after INDEX_BASE */
				if (take(in, 1) % 4) {
					ib[n++] = PKT3(0x26, 2);
					ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size);
					ib[n++] = 0;
					n += reloc_after(in, &ib[n], bo);
				}
				ib[n++] = PKT3(0x35, 4);
				ib[n++] = take(in, 2);
				ib[n++] = take(in, 1) % 2 ? take(in, 1) : take(in, 4);
				ib[n++] = take(in, 1) % 4 ? take(in, 1) : take(in, 4);
				ib[n++] = 0;
			} else if (cnt >= 3) {
				n += gen_draw_indirect(in, &ib[n], bo, size, cnt == 4);
			} else if (cnt == 1) {
				if (take(in, 1) % 2) {
					ib[n++] = PKT3(0x2a, 1);
					ib[n++] = take(in, 1) % 2;
				}
				ib[n++] = PKT3(0x2b, 4);
				ib[n++] = offset(in, size);
				ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
				ib[n++] = take(in, 1) % 4 ? take(in, 1) : take(in, 4);
				ib[n++] = 0;
				n += reloc_after(in, &ib[n], bo);
			} else if (cnt == 2) {
				ib[n++] = PKT3(0x2e, 4);
				ib[n++] = take(in, 1) % 8;
				ib[n++] = 1;
				ib[n++] = take(in, 4);
				ib[n++] = take(in, 4);
			} else {
				ib[n++] = PKT3(0x2d, 2);
				ib[n++] = take(in, 1);
				ib[n++] = 2;
			}
			break;
		case 0:		/* a raw dword */
			ib[n++] = take(in, 4);
			break;
		case 1:		/* SET_CONFIG/CONTEXT/CTL_CONST on a register run */
			reg = regs[take(in, 1) % (sizeof(regs) / 4)] + 4 * (take(in, 1) % 8);
			cnt = 1 + take(in, 1) % 8;
			ib[n++] = PKT3(reg >= 0x3c000 ? 0x6f : reg >= 0x28000 ? 0x69 : 0x68, cnt + 1);
			ib[n++] = (reg - (reg >= 0x3c000 ? 0x3cff0 : reg >= 0x28000 ? 0x28000 : 0x8000)) / 4;
			for (i = 0; i < cnt; i++)
				ib[n++] = take(in, 2);
			break;
		case 2:		/* MEM_WRITE */
			ib[n++] = PKT3(0x3d, 4);
			ib[n++] = offset(in, size);
			ib[n++] = (take(in, 1) & 1 ? 1u << 18 : 0) | (take(in, 1) % 3 ? 0 : take(in, 1));
			ib[n++] = 0x5a5a5a5a;
			ib[n++] = 0xa5a5a5a5;
			n += reloc_after(in, &ib[n], bo);
			break;
		case 3:		/* EVENT_WRITE_EOP */
			ib[n++] = PKT3(0x47, 5);
			ib[n++] = 0x514;
			ib[n++] = offset(in, size);
			ib[n++] = (take(in, 1) % 4) << 29 | (take(in, 1) % 3) << 24;
			ib[n++] = 1;
			ib[n++] = 2;
			n += reloc_after(in, &ib[n], bo);
			break;
		case 4:		/* WAIT_REG_MEM, memory or register */
			ib[n++] = PKT3(0x3c, 6);
			ib[n++] = take(in, 1) & 0x17;
			ib[n++] = take(in, 1) & 1 ? offset(in, size) :
				  regs[take(in, 1) % (sizeof(regs) / 4)] / 4;
			ib[n++] = 0;
			ib[n++] = 0;
			ib[n++] = 0;
			ib[n++] = 10;
			break;
		case 5:		/* stream-out, EOS, or SURFACE_SYNC on a range */
			cnt = take(in, 1) % 4;
			if (cnt) {
				n += gen_streamout(in, &ib[n], bo, size, cnt);
				break;
			}
			ib[n++] = PKT3(0x43, 4);
			ib[n++] = 0x01800000;
			ib[n++] = take(in, 1) % 4 ? take(in, 1) % 20 : 0xffffffff;
			ib[n++] = take(in, 1) % 20;
			ib[n++] = 10;
			n += reloc_after(in, &ib[n], bo);
			break;
		case 6:		/* a relocation NOP, right or wrong */
		case 7:
			ib[n++] = take(in, 1) % 8 ? PKT3(0x10, 1) : take(in, 4);
			ib[n++] = take(in, 1) % 8 ? 4 * bo : take(in, 4);
			break;
		case 8:		/* any type-3 header, short body */
			cnt = 1 + take(in, 1) % 8;
			ib[n++] = PKT3(take(in, 1), cnt);
			for (i = 0; i < cnt; i++)
				ib[n++] = take(in, 4);
			break;
		case 9:		/* fillers, predication, query events, COPY_DW, CP_DMA */
			cnt = take(in, 1) % 4;
			if (cnt == 3) {
				uint32_t src = take(in, 1) % 4 ? 0 : 2u;

				ib[n++] = PKT3(0x41, 5);
				ib[n++] = src ? 0x11223344 : offset(in, size);
				ib[n++] = (take(in, 1) % 4 ? src : take(in, 1) % 4) << 29 |
					  (take(in, 1) % 4 ? 0 : take(in, 1));
				ib[n++] = offset(in, size);
				ib[n++] = take(in, 1) % 8 ? 0 : take(in, 1) << 16;
				ib[n++] = (take(in, 1) % 4 ? take(in, 2) % 8192 : take(in, 3)) |
					  (take(in, 1) % 8 ? 0 : take(in, 1) % 16) << 26;
				if (!src)
					n += reloc_after(in, &ib[n], bo);
				n += reloc_after(in, &ib[n], take(in, 1) % 4 ? bo :
						 take(in, 1) % (nbos + 1));
			} else if (cnt == 0 && take(in, 1) % 2) {
				ib[n++] = 0x80000000;
			} else if (cnt == 0) {	/* SET_PREDICATION: clear, ZPASS, PRIMCOUNT */
				cnt = take(in, 1) % 4;
				ib[n++] = PKT3(0x20, 2);
				ib[n++] = offset(in, size);
				ib[n++] = (cnt == 3 ? take(in, 1) % 8 : cnt) << 16 |
					  (take(in, 1) % 8 ? 0 : take(in, 1) % 256);
				if (cnt)
					n += reloc_after(in, &ib[n], bo);
			} else if (cnt == 1) {
				ib[n++] = PKT3(0x46, 3);
				ib[n++] = (uint32_t[]){ 21, 30, 32, 20, 1, 2, 3, 4 }[take(in, 1) % 8] |
					  (take(in, 1) % 16) << 8;
				ib[n++] = offset(in, size);
				ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
				n += reloc_after(in, &ib[n], bo);
			} else {
				uint32_t ctl = take(in, 1) & 3;

				ib[n++] = PKT3(0x3b, 5);
				ib[n++] = ctl;
				ib[n++] = ctl & 1 ? offset(in, size) :
					  regs[take(in, 1) % (sizeof(regs) / 4)] / 4;
				ib[n++] = 0;
				ib[n++] = ctl & 2 ? offset(in, size) :
					  regs[take(in, 1) % (sizeof(regs) / 4)] / 4;
				ib[n++] = 0;
				if (ctl & 1)
					n += reloc_after(in, &ib[n], bo);
				if (ctl & 2)
					n += reloc_after(in, &ib[n], take(in, 1) % (nbos + 1));
			}
			break;
		case 10:	/* geometry and tessellation; type 0 and 1 */
			if (take(in, 1) % 2) {
				n += r6 ? gen_r6_stages(in, &ib[n], bo, size) :
				     gen_stages(in, &ib[n], bo, size);
				break;
			}
			ib[n++] = take(in, 1) & 1 ? 0x40000000 : (take(in, 2) & 0x3fff);
			break;
		default:	/* a header whose count runs far */
			ib[n++] = (3u << 30) | (take(in, 2) & 0x3fff) << 16 | take(in, 1) << 8;
			break;
		}
	}
	return n;
}

/*
 * COPY, linear broadcast (0x44): one source, two destinations, dwords,
 * offsets near the buffers' ends, sometimes unaligned or with bits 39:32
 */
static uint32_t gen_dma_broadcast(struct input *in, uint32_t *ib, uint32_t cnt, uint32_t size)
{
	uint32_t n = 0, i;

	ib[n++] = 0x3u << 28 | 0x44 << 20 | cnt;
	for (i = 0; i < 3; i++)
		ib[n++] = offset(in, size);
	for (i = 0; i < 3; i++)
		ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
	return n;
}

/*
 * COPY, R7xx's tiled form (T bit, seven dwords): a 1D or 2D surface at
 * its buffer's start mostly, small pitches, heights, slices (in 8x8
 * tiles, which RV730's 2D macro tiles of 4 banks x 4 pipes can fill) and
 * positions; the linear side near its buffer's start or end; the count
 * the walker's or up to a few slices' worth. Now and then a swap bit, a
 * linear mode or bits of the position dword outside x and y.
 */
static uint32_t gen_dma_tiled_r7(struct input *in, uint32_t *ib, uint32_t cnt, uint32_t size)
{
	uint32_t n = 0, k = take(in, 1);

	ib[n++] = 0x3u << 28 | 1u << 23 | (k % 32 ? 0 : 1u << 22) |
		  (k & 0x20 ? cnt : small(in, 0x1000));
	ib[n++] = take(in, 1) % 4 ? 0 : offset(in, size) >> 8;
	ib[n++] = (take(in, 1) % 2) << 31 |
		  (take(in, 1) % 16 ? 2u << (take(in, 1) % 2) : take(in, 1) % 16) << 27 |
		  (take(in, 1) % 5) << 24 | small(in, 64) << 10 | small(in, 16);
	ib[n++] = small(in, 64) << 12 | small(in, 2);
	ib[n++] = (take(in, 1) % 8 ? (take(in, 1) % 16) << 3 | (take(in, 1) % 16) << 17 :
				      take(in, 4));
	ib[n++] = take(in, 1) % 2 ? 4 * (take(in, 1) % 64) : offset(in, size);
	ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
	return n;
}

static uint32_t gen_dma(struct input *in, uint32_t *ib, uint32_t max,
			const struct rcs_bo *bos, unsigned int nbos)
{
	uint32_t n = 0;

	while (in->n && n + 16 < max) {
		uint32_t k = take(in, 1), bo = take(in, 1) % (nbos + 1), cnt;
		uint32_t size = bo < nbos ? (uint32_t)bos[bo].size : 4096, i;

		cnt = take(in, 1) % 3 ? take(in, 1) % 8 : take(in, 3) & 0xfffff;
		switch (k % 8) {
		case 0:		/* WRITE */
			ib[n++] = 0x2u << 28 | (k & 0x40 ? 8u << 20 : 0) | cnt;
			ib[n++] = offset(in, size);
			ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
			for (i = 0; i < cnt && i < 4 && n < max - 8; i++)
				ib[n++] = take(in, 4);
			break;
		case 1:		/* COPY */
			/* dwords, bytes (0x40), or any sub-command */
			ib[n++] = 0x3u << 28 | (k & 0x40 ? take(in, 1) << 20 :
						k & 0x80 ? 0x40u << 20 : 0) | cnt;
			ib[n++] = offset(in, size);
			ib[n++] = offset(in, size);
			ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
			ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
			break;
		case 2:		/* CONSTANT_FILL */
			ib[n++] = 0xdu << 28 | cnt;
			ib[n++] = offset(in, size);
			ib[n++] = 0x77777777;
			ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1) << 16;
			break;
		case 3:
			ib[n++] = 0xf0000000;
			break;
		case 4:		/* COPY, tiled: L2T or T2L */
			if (gen == &rcs_r700 && take(in, 1) % 4) {
				n += gen_dma_tiled_r7(in, &ib[n], cnt, size);
				break;
			}
			ib[n++] = 0x3u << 28 | 0x08 << 20 | cnt;
			ib[n++] = take(in, 1) % 2 ? 0 : offset(in, size) >> 8;
			ib[n++] = (take(in, 1) % 2) << 31 |
				  (take(in, 1) % 4 ? 2u << (take(in, 1) % 2) : take(in, 1) % 16) << 27 |
				  (take(in, 1) % 5) << 24 | (take(in, 1) % 4) << 21 |
				  (take(in, 1) % 4) << 18 | (take(in, 1) % 4) << 16;
			ib[n++] = small(in, 4) | small(in, 16) << 16;
			ib[n++] = small(in, 64);
			ib[n++] = small(in, 8) | small(in, 2) << 18;
			ib[n++] = small(in, 16) | (take(in, 1) % 8) << 21 | (take(in, 1) % 4) << 25;
			ib[n++] = offset(in, size);
			ib[n++] = take(in, 1) % 4 ? 0 : take(in, 1);
			break;
		case 5:
			n += gen_dma_broadcast(in, &ib[n], cnt, size);
			break;
		default:
			ib[n++] = take(in, 4);
			break;
		}
	}
	return n;
}

/*
 * A raw submission, how the compatibility corpus enters (seeds/corpus-*):
 * "RAW", the number of buffers, per buffer its pages and whether it is
 * written, then the GFX stream's dwords, little-endian. The stream's
 * dwords; the buffers in @bos, their number in @nbos.
 */
static uint32_t raw_input(const uint8_t *data, size_t size, struct rcs_bo *bos,
			  unsigned int *nbos, uint32_t *ib)
{
	size_t at = 4 + 2 * (size_t)data[3];
	uint32_t ndw = 0;
	unsigned int i;

	*nbos = data[3] < 1 ? 1 : data[3] > MAX_BOS ? MAX_BOS : data[3];
	for (i = 0; i < *nbos; i++) {
		uint8_t pages = 4 + 2 * i < size ? data[4 + 2 * i] : 1;

		pages = pages < 1 ? 1 : pages > MAX_PAGES ? MAX_PAGES : pages;
		bos[i] = (struct rcs_bo){ .gpu_addr = GTT_BASE + i * BO_STRIDE,
					  .size = pages * 4096ull,
					  .write = 5 + 2 * i < size && data[5 + 2 * i] };
	}
	for (; at + 4 <= size && ndw < MAX_IB_DW; at += 4)
		memcpy(&ib[ndw++], data + at, 4);
	return ndw;
}

/* Map each buffer's pages, read-only unless written; the rest unmapped */
static void map_buffers(const struct rcs_bo *bos, unsigned int nbos)
{
	unsigned int i, p;

	for (i = 0; i < MAX_BOS; i++)
		for (p = 0; p < MAX_PAGES; p++)
			set_pte(GTT_BASE + i * BO_STRIDE + p * 4096ull,
				i < nbos && p < bos[i].size / 4096 ?
				GPA_BO(i, p) | PTE_VALID | PTE_SYSTEM | PTE_SNOOPED |
				PTE_READABLE | (bos[i].write ? PTE_WRITEABLE : 0) : 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };
	/*
	 * Two sets of buffers, taken in turn, the other poisoned: a check
	 * that reached a buffer through state an earlier input left (a
	 * stale pointer into the parser's state) reaches an address no
	 * buffer is mapped at, and the simulated GPU faults
	 */
	static struct rcs_bo bo_sets[2][MAX_BOS];
	static unsigned int set;
	struct rcs_bo *bos = bo_sets[set ^= 1];
	uint32_t hdr, ndw, ib[MAX_IB_DW];
	unsigned int nbos, i;
	bool dma_ring = false;
	uint64_t faults, hangs, dma_hangs;
	/* reused as the CS ioctl reuses a client's: the last input's state in it */
	static struct rcs_parser parser;
	int ret;

	if (size >= 4 && !memcmp(data, "RAW", 3)) {
		keep_tiling = true;
		ndw = raw_input(data, size, bos, &nbos, ib);
		map_buffers(bos, nbos);
		goto check;
	}
	hdr = take(&in, 2);
	nbos = 1 + (hdr & 3);
	/*
	 * The ioctl refuses the DMA ring on a chip without the engine (R6xx)
	 * before any checker sees a stream: so does the harness
	 */
	dma_ring = (hdr & 4) && gen->check_dma;
	keep_tiling = !(hdr & 8);
	for (i = 0; i < GEN_BOS; i++) {
		uint32_t b = take(&in, 1);
		unsigned int pages = 1 + (b & 3);

		/* tiling flags: linear, 1D, 2D with bank width/height/aspect/split */
		bos[i] = (struct rcs_bo){ .gpu_addr = GTT_BASE + i * BO_STRIDE,
					  .size = pages * 4096ull, .write = b & 4,
					  .tiling_flags = b & 0x18 ? (b >> 3 & 3) |
					  (1u << (b >> 5 & 3)) << 8 | (1u << (b >> 7)) << 12 |
					  (b >> 5 & 7) << 24 : 0 };
	}
	map_buffers(bos, nbos);
	ndw = dma_ring ? gen_dma(&in, ib, MAX_IB_DW, bos, nbos) :
			 gen_gfx(&in, ib, MAX_IB_DW, bos, nbos);
check:

	for (i = 0; i < MAX_BOS; i++)
		bo_sets[set ^ 1][i] = (struct rcs_bo){ .gpu_addr = 0xff00000000ull,
						       .size = 1ull << 32, .write = true };
	/* the inputs only, as ruby_cs.c's cs_check(): begin() resets the rest */
	memset(&parser, 0, offsetof(struct rcs_parser, track));
	parser.ib = ib;
	parser.ndw = ndw;
	parser.bos = bos;
	parser.nbos = nbos;
	parser.gen = gen;
	parser.num_rbs = sim.asic_rbs;
	parser.num_pipes = gen_pipes;
	parser.num_banks = 4;
	parser.num_ses = sim.asic->ses;
	parser.keep_tiling = keep_tiling;
	runs[dma_ring]++;
	ret = dma_ring ? rcs_check_dma(&parser) : rcs_check(&parser);
	if (ret) {
		if (!parser.err || parser.err_idx >= ndw)
			abort();	/* a rejection must say why and where */
		rejected++;
		count_reason(parser.err);
		return 0;
	}
	/* accepted: run the relocated copy, as the kernel would */
	if (dump) {
		fprintf(stderr, "cs-fuzz: %s stream, keep_tiling %d, %u buffers:",
			dma_ring ? "DMA" : "GFX", keep_tiling, nbos);
		for (i = 0; i < nbos; i++)
			fprintf(stderr, " %#llx+%#llx%s/%#x", (unsigned long long)bos[i].gpu_addr,
				(unsigned long long)bos[i].size, bos[i].write ? "w" : "r",
				bos[i].tiling_flags);
		for (i = 0; i < ndw; i++)
			fprintf(stderr, "%s%08x", i % 8 ? " " : "\n  ", ib[i]);
		fprintf(stderr, "\n");
	}
	accepted++;
	accepted_dma += dma_ring;
	memcpy(ib_mem, ib, ndw * 4);
	faults = sim.stats.gart_faults;
	hangs = sim.stats.cp_hangs;
	dma_hangs = sim.stats.dma_hangs;
	sim.cp.hung = false;
	sim.dma.hung = false;
	/* the kernel's reset before every user stream: CLEAR_STATE, resources */
	memset(sim.ctx_regs, 0, sizeof(sim.ctx_regs));
	memset(sim.resources, 0, sizeof(sim.resources));
	/* the VGT keeps its index type across streams: the worst case */
	sim.cp.index_size = 4;
	sim.cp.draw_base = 0;
	sim.cp.index_base = 0;
	sim.cp.index_count = 0;
	if (dma_ring)
		sim_dma_exec_ib(&sim, IB_ADDR, ndw);
	else
		sim_cp_exec_ib(&sim, IB_ADDR, ndw);
	if (sim.stats.gart_faults != faults) {
		fprintf(stderr, "FINDING: accepted stream faulted on the GART\n");
		abort();
	}
	if (sim.stats.cp_hangs != hangs || sim.stats.dma_hangs != dma_hangs) {
		fprintf(stderr, "FINDING: accepted stream hung the %s\n",
			dma_ring ? "DMA engine" : "CP");
		abort();
	}
	/* the kernel's IB after a stream that set shader rings of its own */
	if (parser.rings_set || sim.asic->draw)
		kernel_shader_rings();
	return 0;
}
