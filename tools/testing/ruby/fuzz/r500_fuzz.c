// SPDX-License-Identifier: GPL-2.0-only
/*
 * The R5xx checker's fuzzer: host-only (the simulator has no r300-class
 * engine), libFuzzer mutating Mesa-shaped seed streams.
 *
 * Input: a flags byte (bit 0: the client owns HyperZ, bit 1:
 * KEEP_TILING_FLAGS), the number of buffers (1-4), a (pages, writable)
 * byte pair per buffer, then the stream's dwords.
 *
 * Oracle: a stream rcs_r500 accepts is replayed, relocated, on a model of
 * the engine's registers that starts from a hostile client's leftovers
 * (every register all ones, VAP_INDEX_OFFSET 0 as the kernel's preamble
 * leaves it). Each draw's accesses are computed from the registers alone,
 * as a lower bound of what the engine reaches (the first byte to the last
 * pixel of the scissor for targets, level 0 of textures, the arrays up to
 * the highest index, the index buffer); every one must lie inside one
 * buffer of the submission, writable for the targets and the query
 * address. No register of the privileged blocks may be written, and
 * HyperZ only by its owner. A stream that breaks this aborts the run.
 *
 *   R500_FUZZ_SEEDS=dir ./r500-fuzz     writes the seed streams there
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ruby_cs_check.h"
#include "r500/r500_cs.h"
#include "regs/r500_3d.h"

#define MAX_DW		1024
#define PAGE		4096u

struct sub {
	struct rcs_bo bos[4];
	u32 nbos, ndw;
	u32 ib[MAX_DW];
	bool hyperz, keep_tiling;
};

/* The model: the registers, and the arrays of the last 3D_LOAD_VBPNTR */
struct model {
	const struct sub *s;
	u32 regs[0x7000 / 4];
	u32 arrays, addr[16], size[16], stride[16];
	u32 idx;
};

static void finding(const struct model *m, const char *what, u64 a, u64 b)
{
	fprintf(stderr, "FINDING: r500: accepted stream, at dword %u: %s %#llx %#llx\n",
		m->idx, what, (unsigned long long)a, (unsigned long long)b);
	abort();
}

/* [@addr, @addr + @bytes) inside one buffer (writable with @write) */
static void access_ok(const struct model *m, u64 addr, u64 bytes, bool write, const char *what)
{
	u32 i;

	for (i = 0; i < m->s->nbos; i++) {
		const struct rcs_bo *bo = &m->s->bos[i];

		if (addr >= bo->gpu_addr && addr + bytes <= bo->gpu_addr + bo->size &&
		    (!write || bo->write))
			return;
	}
	finding(m, what, addr, bytes);
}

static u32 reg(const struct model *m, u32 r)
{
	return m->regs[r / 4];
}

/* Blocks no stream may write, inclusive */
static const struct {
	u32 first, last;
} privileged[] = {
	{ 0x0000, 0x0ffc }, { 0x1400, 0x16fc }, { 0x1724, 0x17fc }, { 0x4e54, 0x4e7c },
	{ 0x6000, 0x7ffc },
};

static void write_reg(struct model *m, u32 r, u32 v)
{
	u32 i;

	for (i = 0; i < sizeof(privileged) / sizeof(privileged[0]); i++)
		if (r >= privileged[i].first && r <= privileged[i].last)
			finding(m, "privileged register written", r, v);
	if (!m->s->hyperz && v && ((r >= R300_ZB_ZMASK_OFFSET && r <= R300_ZB_HIZ_PITCH) ||
				   (r == R300_SC_HYPERZ_EN && (v & R300_SC_HYPERZ_HZ_EN)) ||
				   r == R300_GB_Z_PEQ_CONFIG ||
				   (r == R300_ZB_BW_CNTL && (v & R300_ZB_HYPERZ_BITS))))
		finding(m, "HyperZ register without owning it", r, v);
	if (r == R300_ZB_ZPASS_ADDR)
		access_ok(m, v, 4, true, "query address");
	if (r < sizeof(m->regs))
		m->regs[r / 4] = v;
}

/* A target of @cpp-byte pixels at @addr, @px a row, tiled or not: to the scissor's corner */
static void target(const struct model *m, u32 addr, u32 px, u32 cpp, bool tiled, const char *what)
{
	u32 sc = reg(m, R300_SC_SCISSOR1), x = R300_SC_X(sc), y = R300_SC_Y(sc);
	u64 bytes = tiled ? (u64)y * px * cpp : ((u64)y * px + x + 1) * cpp;

	access_ok(m, addr, bytes ? bytes : 1, true, what);
}

static const u8 cb_cpp[16] = {
	[3] = 2, [4] = 2, [5] = 4, [6] = 4, [7] = 16, [9] = 1, [10] = 8,
	[11] = 1, [12] = 1, [13] = 2, [15] = 2,
};

static void targets(const struct model *m)
{
	u32 mask = reg(m, R300_RB3D_COLOR_CHANNEL_MASK), i, pitch, zp;
	u32 cctl = reg(m, R300_RB3D_CCTL), blend = reg(m, R300_RB3D_BLENDCNTL);
	bool cbs = mask || (reg(m, R300_ZB_BW_CNTL) & R300_ZB_CB_CLEAR) || (blend & 5);

	for (i = 0; i < 4 && cbs; i++) {
		if (i >= R300_RB3D_CCTL_NUM_MULTIWRITES(cctl) &&
		    R300_US_OUT_FMT(reg(m, R300_US_OUT_FMT_0 + 4 * i)) == R300_US_OUT_FMT_UNUSED)
			continue;
		pitch = reg(m, R300_RB3D_COLORPITCH0 + 4 * i);
		target(m, reg(m, R300_RB3D_COLOROFFSET0 + 4 * i), R300_COLORPITCH_PX(pitch),
		       cb_cpp[R300_COLOR_FORMAT(pitch)] ? : 16, pitch & (7 << 16),
		       "colour buffer");
	}
	if (reg(m, R300_ZB_CNTL) & (R300_STENCIL_ENABLE | R300_Z_ENABLE)) {
		zp = reg(m, R300_ZB_DEPTHPITCH);
		target(m, reg(m, R300_ZB_DEPTHOFFSET), R300_DEPTHPITCH_PX(zp),
		       R300_ZB_DEPTHFORMAT(reg(m, R300_ZB_FORMAT)) == 2 ? 4 : 2, zp & (7 << 16),
		       "depth buffer");
	}
	if (reg(m, R300_RB3D_AARESOLVE_CTL) & 1)
		target(m, reg(m, R300_RB3D_AARESOLVE_OFFSET),
		       R300_COLORPITCH_PX(reg(m, R300_RB3D_AARESOLVE_PITCH)),
		       cb_cpp[R300_COLOR_FORMAT(reg(m, R300_RB3D_COLORPITCH0))] ? : 16, false,
		       "AA resolve target");
}

/* Level 0 of each enabled texture, every slice and face, in 4x4 blocks where compressed */
static void textures(const struct model *m)
{
	static const u8 bytes[32] = {
		1, 2, 1, 2, 4, 1, 2, 2, 4, 4, 2, 2, 4, 4, 8, 8, 16, 16, 2, 0, 2, 2, 0, 4,
		2, 4, 8, 4, 8, 16, 4, 16,
	};
	u32 u, f0, f1, f2, w, h, d, fmt, blk;

	for (u = 0; u < 16; u++) {
		if (!(reg(m, R300_TX_ENABLE) & (1u << u)))
			continue;
		f0 = reg(m, R300_TX_FORMAT0_0 + 4 * u);
		f1 = reg(m, R300_TX_FORMAT1_0 + 4 * u);
		f2 = reg(m, R300_TX_FORMAT2_0 + 4 * u);
		fmt = R300_TX_FORMAT(f1);
		blk = (fmt >= 0xf && fmt <= 0x11) || fmt == 0x1f ? 4 : 1;
		w = f0 & R300_TX_SIZE_TXPITCH_EN ? R300_TX_PITCH(f2) :
		    R300_TX_WIDTH(f0) | (f2 & R500_TXWIDTH_11 ? 2048 : 0);
		h = R300_TX_HEIGHT(f0) | (f2 & R500_TXHEIGHT_11 ? 2048 : 0);
		d = R300_TX_COORD_TYPE(f1) == 1 ? 1u << R300_TX_DEPTH_LOG2(f0) :
		    R300_TX_COORD_TYPE(f1) == 2 ? 6 : 1;
		access_ok(m, reg(m, R300_TX_OFFSET_0 + 4 * u) & ~31u,
			  (u64)(w / blk) * (h / blk) * d * (bytes[fmt] ? : 16), false, "texture");
	}
}

static void arrays(const struct model *m, u64 last)
{
	u32 i;

	if (!m->arrays)
		access_ok(m, 0xffffffffull, 1, false, "vertex array left by another stream");
	for (i = 0; i < m->arrays; i++)
		access_ok(m, m->addr[i], 4 * (m->stride[i] * last + m->size[i]), false,
			  "vertex array");
}

static void draw(struct model *m, u32 vf)
{
	u32 walk = R300_VAP_VF_PRIM_WALK(vf);
	u64 n = vf & R500_VAP_VF_USE_ALT_NUM_VERTS ? reg(m, R500_VAP_ALT_NUM_VERTICES) & 0xffffff :
		R300_VAP_VF_NUM_VERTICES(vf);

	if (walk == R300_PRIM_WALK_INDICES)
		arrays(m, (u64)R300_VAP_MAX_INDX(reg(m, R300_VAP_VF_MAX_VTX_INDX)) +
			  (reg(m, R500_VAP_INDEX_OFFSET) & 0xffffff));
	else if (walk == R300_PRIM_WALK_VERTEX_LIST && n)
		arrays(m, n - 1 + (reg(m, R500_VAP_INDEX_OFFSET) & 0xffffff));
	targets(m);
	textures(m);
}

static void vbpntr(struct model *m, const u32 *body)
{
	u32 n = R300_VBPNTR_COUNT(body[0]), i, *pair;

	for (i = 0; i < n; i++) {
		pair = (u32 *)&body[1 + i / 2 * 3];
		m->addr[i] = pair[1 + (i & 1)];
		m->size[i] = R300_VBPNTR_SIZE(pair[0], i & 1);
		m->stride[i] = R300_VBPNTR_STRIDE(pair[0], i & 1);
	}
	m->arrays = n;
}

static void packet3(struct model *m, u32 op, const u32 *body, u32 count)
{
	switch (op) {
	case R500_PKT3_3D_LOAD_VBPNTR:
		vbpntr(m, body);
		break;
	case R500_PKT3_INDX_BUFFER:
		if (body[0] != (R300_INDX_BUFFER_ONE_REG_WR | R300_VAP_PORT_IDX0 >> 2) &&
		    R300_INDX_BUFFER_REG(body[0]) != R300_VAP_PORT_IDX0)
			finding(m, "index buffer feeding another register", body[0], 0);
		access_ok(m, body[1], 4ull * body[2], false, "index buffer");
		break;
	case R500_PKT3_3D_DRAW_VBUF:
	case R500_PKT3_3D_DRAW_INDX:
	case R500_PKT3_3D_DRAW_IMMD:
		draw(m, body[1]);
		break;
	case R500_PKT3_3D_DRAW_VBUF_2:
	case R500_PKT3_3D_DRAW_INDX_2:
	case R500_PKT3_3D_DRAW_IMMD_2:
		draw(m, body[0]);
		break;
	case R500_PKT3_3D_CLEAR_ZMASK:
	case R500_PKT3_3D_CLEAR_HIZ:
		if (!m->s->hyperz)
			finding(m, "HyperZ clear without owning it", op, count);
		break;
	}
}

/* Replay the accepted, relocated stream on the model */
static void replay(const struct sub *s, const u32 *ib)
{
	static struct model m;
	u32 i = 0, hdr, n, k;

	memset(&m, 0xff, sizeof(m));
	m.s = s;
	m.arrays = 0;
	m.regs[R500_VAP_INDEX_OFFSET / 4] = 0;
	while (i < s->ndw) {
		hdr = ib[i];
		m.idx = i;
		n = ((hdr >> 16) & 0x3fff) + 1;
		if (hdr >> 30 == 2) {
			i++;
			continue;
		}
		if (hdr >> 30 == 0)
			for (k = 0; k < n; k++)
				write_reg(&m, R500_PKT0_REG(hdr) + (hdr & R500_PKT0_ONE_REG_WR ? 0 : 4 * k),
					  ib[i + 1 + k]);
		else
			packet3(&m, (hdr >> 8) & 0xff, &ib[i + 1], n);
		i += 1 + n;
	}
}

static u32 stats[2];

size_t LLVMFuzzerMutate(u8 *data, size_t size, size_t max_size);

/*
 * libFuzzer's byte mutations, and one of R5xx's own a third of the time:
 * a dword of the stream set to a value near a buffer's end (an offset an
 * access ends at), a small count, or a field of it moved by one. Sizes
 * and offsets that land on a bound are what a bounds check gets wrong.
 */
size_t LLVMFuzzerCustomMutator(u8 *data, size_t size, size_t max_size, unsigned int seed)
{
	size_t at = size > 2 ? 2 + 2 * (data[1] % 5) : size, n;
	u32 v, r = seed;

	if (r % 3 || size < at + 4)
		return LLVMFuzzerMutate(data, size, max_size);
	n = (size - at) / 4;
	at += 4 * ((r >> 2) % n);
	memcpy(&v, data + at, 4);
	switch ((r >> 12) % 4) {
	case 0:
		v = PAGE * (1 + (r >> 14) % 4) - 4 * ((r >> 16) % 64);
		break;
	case 1:
		v = (r >> 14) % 72;
		break;
	case 2:
		v += 1u << ((r >> 14) % 32);
		break;
	default:
		v -= 1u << ((r >> 14) % 32);
		break;
	}
	memcpy(data + at, &v, 4);
	return size;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static struct sub s;
	static u32 work[MAX_DW];
	/* reused as the CS ioctl reuses a client's: the last input's state in it */
	static struct rcs_parser p;
	size_t at;
	u32 i;

	if (size < 4 || data[1] < 1 || data[1] > 4 || size < 2 + 2u * data[1])
		return 0;
	memset(&s, 0, sizeof(s));
	s.hyperz = data[0] & 1;
	s.keep_tiling = data[0] & 2;
	s.nbos = data[1];
	for (i = 0; i < s.nbos; i++)
		s.bos[i] = (struct rcs_bo){ .gpu_addr = 0x100000ull * (i + 1),
					    .size = PAGE * (1 + data[2 + 2 * i] % 4),
					    .tiling_flags = data[2 + 2 * i] >> 4 & 0x23,
					    .write = data[3 + 2 * i] & 1 };
	at = 2 + 2 * s.nbos;
	s.ndw = (size - at) / 4 < MAX_DW ? (size - at) / 4 : MAX_DW;
	memcpy(s.ib, data + at, 4 * s.ndw);
	memcpy(work, s.ib, 4 * s.ndw);
	/* the inputs only, as ruby_cs.c's cs_check(): begin() resets the rest */
	memset(&p, 0, offsetof(struct rcs_parser, track));
	p.ib = work;
	p.ndw = s.ndw;
	p.bos = s.bos;
	p.nbos = s.nbos;
	p.gen = &rcs_r500;
	p.keep_tiling = s.keep_tiling;
	p.hyperz = s.hyperz;
	stats[rcs_check(&p) == 0]++;
	if (!p.err)
		replay(&s, work);
	return 0;
}

/* The seeds: Mesa-shaped streams on buffers 0 (colour), 1 (vertices), 2 (texture), 3 (depth) */
struct seed {
	u8 head[10];
	u32 dw[MAX_DW];
	u32 n;
};

static void put(struct seed *sd, u32 dw)
{
	if (sd->n < MAX_DW)
		sd->dw[sd->n++] = dw;
}

static void reg1(struct seed *sd, u32 r, u32 v)
{
	put(sd, (r >> 2) & 0x1fff);
	put(sd, v);
}

static void reloc(struct seed *sd, u32 bo)
{
	put(sd, 0xc0001000u);
	put(sd, 4 * bo);
}

#define P3(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))

static void seed_targets(struct seed *sd)
{
	put(sd, (3u << 16) | (R300_US_OUT_FMT_0 >> 2));
	put(sd, 0);
	put(sd, 15);
	put(sd, 15);
	put(sd, 15);
	reg1(sd, R300_RB3D_CCTL, 0);
	reg1(sd, R300_RB3D_BLENDCNTL, 0);
	reg1(sd, R300_RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg1(sd, R300_ZB_BW_CNTL, 0);
	reg1(sd, R300_RB3D_COLOROFFSET0, 0);
	reloc(sd, 0);
	reg1(sd, R300_RB3D_COLORPITCH0, 32 | (6u << 21));
	reg1(sd, R300_ZB_CNTL, 0);
	reg1(sd, R300_RB3D_AARESOLVE_CTL, 0);
	reg1(sd, R300_SC_SCISSOR1, 31 | (31u << 13));
	reg1(sd, R300_GB_AA_CONFIG, 0);
	reg1(sd, R300_TX_ENABLE, 0);
	put(sd, P3(R500_PKT3_3D_LOAD_VBPNTR, 3));
	put(sd, 1);
	put(sd, 4 | (4 << 8));
	put(sd, 0);
	reloc(sd, 1);
}

static void seed_draw(struct seed *sd)
{
	put(sd, P3(R500_PKT3_3D_DRAW_VBUF_2, 1));
	put(sd, 4 | (R300_PRIM_WALK_VERTEX_LIST << 4) | (3 << 16));
}

static void seed_triangle(struct seed *sd)
{
	seed_targets(sd);
	seed_draw(sd);
}

static void seed_textured(struct seed *sd)
{
	seed_targets(sd);
	reg1(sd, R300_ZB_FORMAT, 2);
	reg1(sd, R300_ZB_DEPTHOFFSET, 0);
	reloc(sd, 3);
	reg1(sd, R300_ZB_DEPTHPITCH, 32);
	reg1(sd, R300_ZB_CNTL, R300_Z_ENABLE);
	reg1(sd, R300_TX_ENABLE, 1);
	reg1(sd, R300_TX_FILTER0_0, 2 | (2 << 3));
	reg1(sd, R300_TX_FORMAT0_0, 31 | (31 << 11) | (5 << 26));
	reg1(sd, R300_TX_FORMAT1_0, 0xc);
	reg1(sd, R300_TX_FORMAT2_0, 31);
	reg1(sd, R300_TX_OFFSET_0, 0);
	reloc(sd, 2);
	seed_draw(sd);
}

static void seed_indexed(struct seed *sd)
{
	seed_targets(sd);
	reg1(sd, R300_VAP_VF_MAX_VTX_INDX, 63);
	put(sd, P3(R500_PKT3_3D_DRAW_INDX_2, 1));
	put(sd, 4 | (R300_PRIM_WALK_INDICES << 4) | (6 << 16));
	put(sd, P3(R500_PKT3_INDX_BUFFER, 3));
	put(sd, R300_INDX_BUFFER_ONE_REG_WR | (R300_VAP_PORT_IDX0 >> 2));
	put(sd, 0);
	put(sd, 3);
	reloc(sd, 2);
}

static void seed_immediate(struct seed *sd)
{
	u32 i;

	seed_targets(sd);
	reg1(sd, R300_VAP_VTX_SIZE, 4);
	put(sd, P3(R500_PKT3_3D_DRAW_IMMD_2, 17));
	put(sd, 4 | (R300_PRIM_WALK_VERTEX_EMBEDDED << 4) | (4 << 16));
	for (i = 0; i < 16; i++)
		put(sd, i);
	reg1(sd, R300_ZB_ZPASS_ADDR, 0);
	reloc(sd, 3);
}

static void write_seed(const char *dir, const char *name, void (*build)(struct seed *), u8 flags)
{
	static const u8 head[10] = { 0, 4, 3, 1, 0, 0, 1, 0, 3, 1 };
	struct seed sd = { .n = 0 };
	char path[512];
	FILE *f;

	memcpy(sd.head, head, sizeof(head));
	sd.head[0] = flags;
	build(&sd);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(sd.head, 1, sizeof(sd.head), f) != sizeof(sd.head) ||
	    fwrite(sd.dw, 4, sd.n, f) != sd.n) {
		perror(path);
		exit(1);
	}
	fclose(f);
}

static void print_stats(void)
{
	fprintf(stderr, "r500-fuzz: %u streams accepted and replayed, %u refused\n",
		stats[1], stats[0]);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("R500_FUZZ_SEEDS");

	(void)argc;
	(void)argv;
	if (dir) {
		mkdir(dir, 0755);
		write_seed(dir, "r500-triangle", seed_triangle, 2);
		write_seed(dir, "r500-textured-depth", seed_textured, 2);
		write_seed(dir, "r500-indexed", seed_indexed, 2);
		write_seed(dir, "r500-immediate-query", seed_immediate, 3);
		exit(0);
	}
	atexit(print_stats);
	return 0;
}
