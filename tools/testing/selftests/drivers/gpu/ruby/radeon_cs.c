// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_RADEON_CS on ruby's render node: streams that write memory
 * through relocations run and their fences reach GEM_WAIT_IDLE; every
 * hostile mutation of them is -EINVAL and nothing of it runs; malformed
 * submissions (chunks, relocations, flags, rings, pointers) are refused.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

/* type-3 opcodes (PKT3() and RELOC_NOP in radeon_util.h) */
#define NOP			0x10
#define INDIRECT_BUFFER		0x32
#define WAIT_REG_MEM		0x3c
#define MEM_WRITE		0x3d
#define SURFACE_SYNC		0x43
#define EVENT_WRITE_EOP		0x47
#define DRAW_INDEX_AUTO		0x2d
#define COPY_DW			0x3b
#define CP_DMA			0x41
#define CP_DMA_DATA		(2u << 29)	/* the source is a dword of data */
#define EVENT_WRITE		0x46
#define ZPASS_DONE		21
#define SET_CONFIG_REG		0x68
#define SET_CONTEXT_REG		0x69
#define DATA32			0x40000		/* MEM_WRITE: 32 bits */

#define RESULT_SIZE		4096

FIXTURE(cs) {
	int fd;
	uint32_t bo;		/* the stream writes here */
	uint32_t *map;
};

FIXTURE_SETUP(cs)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
	ASSERT_EQ(radeon_gem_create(self->fd, RESULT_SIZE, RADEON_GEM_DOMAIN_GTT, 0,
				    &self->bo), 0);
	self->map = radeon_gem_map(self->fd, self->bo, RESULT_SIZE);
	ASSERT_NE(self->map, MAP_FAILED);
	memset(self->map, 0, RESULT_SIZE);
}

FIXTURE_TEARDOWN(cs)
{
	if (self->fd < 0)
		return;
	munmap(self->map, RESULT_SIZE);
	close(self->fd);
}

static int submit(int fd, const uint32_t *ib, uint32_t ndw, uint32_t bo, bool write)
{
	struct drm_radeon_cs_reloc reloc = {
		.handle = bo, .read_domains = RADEON_GEM_DOMAIN_GTT,
		.write_domain = write ? RADEON_GEM_DOMAIN_GTT : 0,
	};

	return radeon_cs(fd, ib, ndw, &reloc, 1, NULL, 0);
}

/* two writes and an EOP fence value */
static const uint32_t good_stream[] = {
	PKT3(MEM_WRITE, 4), 16, DATA32, 0xcafe0001, 0, RELOC_NOP, 0,
	PKT3(MEM_WRITE, 4), 24, 0, 0x11112222, 0x33334444, RELOC_NOP, 0,
	PKT3(EVENT_WRITE_EOP, 5), 0x514, 32, (1u << 29), 0xf00d, 0, RELOC_NOP, 0,
};

TEST_F(cs, stream_runs_and_its_fence_is_seen)
{
	ASSERT_EQ(submit(self->fd, good_stream, ARRAY_SIZE(good_stream), self->bo,
			 true), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[4], 0xcafe0001);
	EXPECT_EQ(self->map[6], 0x11112222);
	EXPECT_EQ(self->map[7], 0x33334444);
	EXPECT_EQ(self->map[8], 0xf00d);
	/* nothing else was touched */
	EXPECT_EQ(self->map[5], 0);
	EXPECT_EQ(self->map[9], 0);
}

TEST_F(cs, submissions_run_in_order)
{
	uint32_t ib[] = { PKT3(MEM_WRITE, 4), 64, DATA32, 0, 0, RELOC_NOP, 0 };
	uint32_t i;

	for (i = 1; i <= 20; i++) {
		ib[3] = i;
		ASSERT_EQ(submit(self->fd, ib, sizeof(ib) / 4, self->bo, true), 0);
	}
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[16], 20);
}

TEST_F(cs, state_packets_are_accepted)
{
	const uint32_t ib[] = {
		PKT3(SET_CONFIG_REG, 2), (0x8958 - 0x8000) / 4, 4,	/* VGT_PRIMITIVE_TYPE */
		PKT3(SET_CONTEXT_REG, 3), (0x28204 - 0x28000) / 4, 0, 0x20002000,
		PKT3(SURFACE_SYNC, 4), 0x01800000, 0xffffffff, 0, 10,
		PKT3(SURFACE_SYNC, 4), 0x01800000, 1, 0, 10, RELOC_NOP, 0,
		PKT3(WAIT_REG_MEM, 6), 0x13, 0, 0, 0, 0xffffffff, 10, RELOC_NOP, 0,
		PKT3(MEM_WRITE, 4), 16, DATA32, 0xcafe0001, 0, RELOC_NOP, 0,
	};

	ASSERT_EQ(submit(self->fd, ib, sizeof(ib) / 4, self->bo, true), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[4], 0xcafe0001);
}

TEST_F(cs, queries_and_dword_copies)
{
	const uint32_t ib[] = {
		PKT3(MEM_WRITE, 4), 0, DATA32, 0x1234, 0, RELOC_NOP, 0,
		/* occlusion query result: 16 bytes per render backend */
		PKT3(EVENT_WRITE, 3), ZPASS_DONE | (1 << 8), 256, 0, RELOC_NOP, 0,
		/* memory to memory, one dword */
		PKT3(COPY_DW, 5), 3, 0, 0, 512, 0, RELOC_NOP, 0, RELOC_NOP, 0,
		/* an allowed register (VGT_NUM_INSTANCES) to memory */
		PKT3(COPY_DW, 5), 2, 0x8974 / 4, 0, 516, 0, RELOC_NOP, 0,
	};

	self->map[64] = 0xffffffff;
	ASSERT_EQ(submit(self->fd, ib, ARRAY_SIZE(ib), self->bo, true), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[64], 0);		/* the query wrote its result */
	EXPECT_EQ(self->map[128], 0x1234);	/* copied */
}

/*
 * Fill 64 bytes at 1024 with a dword, copy them to 2048. R6xx/R7xx have
 * no data source: the CPU fills, the fill is refused for its mode, and
 * the stream runs with the fill a NOP of its size.
 */
TEST_F(cs, cp_dma_copies_and_fills)
{
	uint32_t ib[] = {
		PKT3(CP_DMA, 5), 0x5eed5eed, CP_DMA_DATA, 1024, 0, 64, RELOC_NOP, 0,
		PKT3(CP_DMA, 5), 1024, 0, 2048, 0, 64, RELOC_NOP, 0, RELOC_NOP, 0,
	};
	/* the copy's end one byte past the buffer */
	const uint32_t past[] = {
		PKT3(CP_DMA, 5), 0, 0, RESULT_SIZE - 63, 0, 64, RELOC_NOP, 0, RELOC_NOP, 0,
	};
	unsigned int i;

	if (!ruby_gen()->cp_dma_data) {
		EXPECT_REFUSED(submit(self->fd, ib, ARRAY_SIZE(ib), self->bo, true),
			       "CP DMA mode not supported");
		ib[0] = PKT3(NOP, 7);
		for (i = 0; i < 16; i++)
			self->map[256 + i] = 0x5eed5eed;
	}
	ASSERT_EQ(submit(self->fd, ib, ARRAY_SIZE(ib), self->bo, true), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[256], 0x5eed5eed);
	EXPECT_EQ(self->map[256 + 15], 0x5eed5eed);
	EXPECT_EQ(self->map[256 + 16], 0);
	EXPECT_EQ(self->map[512], 0x5eed5eed);
	EXPECT_EQ(self->map[512 + 15], 0x5eed5eed);
	EXPECT_EQ(self->map[512 + 16], 0);
	EXPECT_REFUSED(submit(self->fd, past, ARRAY_SIZE(past), self->bo, true),
		       "access past the end of the buffer");
	/* into a buffer relocated read-only */
	EXPECT_REFUSED(submit(self->fd, ib + 8, 10, self->bo, false),
		       "write to a buffer relocated read-only");
}

/*
 * A client whose stream waits forever is reset by the lockup timeout; the
 * other client's work, queued behind it on the ring, still completes.
 */
TEST_F(cs, a_hanging_client_does_not_take_others_down)
{
	/* wait for a word of our buffer to become 1: it never does */
	const uint32_t hang[] = {
		PKT3(WAIT_REG_MEM, 6), 0x13, 2048, 0, 1, 0xffffffff, 10, RELOC_NOP, 0,
	};
	const uint32_t good[] = {
		PKT3(MEM_WRITE, 4), 0, DATA32, 0x900d, 0, RELOC_NOP, 0,
	};
	uint64_t before = radeon_reset_count(self->fd);
	uint32_t bo = 0, *map;
	int other;

	other = ruby_open_node("renderD");
	ASSERT_GE(other, 0);
	ASSERT_EQ(radeon_gem_create(other, 4096, RADEON_GEM_DOMAIN_GTT, 0, &bo), 0);
	map = radeon_gem_map(other, bo, 4096);
	ASSERT_NE(map, MAP_FAILED);
	map[0] = 0;

	ruby_provoke_hang("radeon_cs");
	ASSERT_EQ(submit(self->fd, hang, ARRAY_SIZE(hang), self->bo, false), 0);
	ASSERT_EQ(submit(other, good, ARRAY_SIZE(good), bo, true), 0);
	/* the good client's work lands, after the reset */
	EXPECT_EQ(radeon_gem_wait_idle(other, bo), 0);
	EXPECT_EQ(map[0], 0x900d);
	/* the hanging client's stream failed: timed out */
	EXPECT_EQ(radeon_gem_wait_idle(self->fd, self->bo), -ETIME);
	EXPECT_EQ(radeon_reset_count(self->fd), before + 1);
	munmap(map, 4096);
	close(other);
}

/*
 * Each hostile stream starts with a write that must not happen (seven
 * dwords: the packet and its relocation), then its tail, refused for @why.
 */
static void expect_rejected(struct __test_metadata *_metadata, int fd,
			    uint32_t bo, uint32_t *map, const uint32_t *tail,
			    uint32_t tail_dw, bool write, const char *why)
{
	uint32_t ib[64] = { PKT3(MEM_WRITE, 4), 400, DATA32, 0xbad, 0, RELOC_NOP, 0 };

	ASSERT_LE(tail_dw + 7, 64);
	memcpy(&ib[7], tail, tail_dw * 4);
	EXPECT_REFUSED(submit(fd, ib, 7 + tail_dw, bo, write), why);
	ASSERT_EQ(radeon_gem_wait_idle(fd, bo), 0);
	EXPECT_EQ(map[100], 0);
}

/*
 * Hostile tails; each follows a write that must not happen. What each
 * breaks: buffer bounds, relocations, the register whitelist (CP,
 * scratch, GRBM soft reset, colour buffer base, MC), packet rules.
 */
#define PAST_END	"access past the end of the buffer"

#define CB0_BASE	0xcb0	/* stands for the generation's CB_COLOR0_BASE */

static const struct {
	const char *name;
	uint32_t n;
	uint32_t dw[10];
	const char *why;	/* the checker's reason */
} hostile[] = {
	{ "write past the buffer", 7,
	  { PKT3(MEM_WRITE, 4), 4096, DATA32, 1, 0, RELOC_NOP, 0 }, PAST_END },
	{ "write straddling the end", 7,
	  { PKT3(MEM_WRITE, 4), 4092, 0, 1, 2, RELOC_NOP, 0 }, PAST_END },
	{ "EOP past the buffer", 8,
	  { PKT3(EVENT_WRITE_EOP, 5), 0x514, 4096, 2u << 29, 1, 2, RELOC_NOP, 0 },
	  PAST_END },
	{ "EOP of 64 bits not 8-byte aligned", 8,
	  { PKT3(EVENT_WRITE_EOP, 5), 0x514, 4084, 2u << 29, 1, 2, RELOC_NOP, 0 },
	  "unaligned address" },
	/* bits 32-39 of the address are an offset too: far past the buffer */
	{ "offset in the address's high byte", 7,
	  { PKT3(MEM_WRITE, 4), 0, DATA32 | 0xff, 1, 0, RELOC_NOP, 0 }, PAST_END },
	{ "sync range overflowing", 7,
	  { PKT3(SURFACE_SYNC, 4), 0, 0xfffffffe, 1, 10, RELOC_NOP, 0 }, PAST_END },
	{ "reloc index out of range", 7,
	  { PKT3(MEM_WRITE, 4), 0, DATA32, 1, 0, RELOC_NOP, 4 },
	  "relocation index out of range" },
	{ "reloc index not a multiple of 4", 7,
	  { PKT3(MEM_WRITE, 4), 0, DATA32, 1, 0, RELOC_NOP, 2 },
	  "relocation index out of range" },
	{ "reloc missing", 5,
	  { PKT3(MEM_WRITE, 4), 0, DATA32, 1, 0 }, "relocation NOP missing" },
	{ "reloc not a NOP", 7,
	  { PKT3(MEM_WRITE, 4), 0, DATA32, 1, 0, PKT3(0x11, 1), 0 },
	  "relocation NOP missing" },
	{ "CP ME control", 3,
	  { PKT3(SET_CONFIG_REG, 2), (0x86d8 - 0x8000) / 4, 0 }, "register not allowed" },
	{ "scratch register", 3,
	  { PKT3(SET_CONFIG_REG, 2), (0x8500 - 0x8000) / 4, 0 }, "register not allowed" },
	{ "GRBM soft reset", 3,
	  { PKT3(SET_CONFIG_REG, 2), (0x8020 - 0x8000) / 4, 1 }, "register not allowed" },
	{ "register outside the window", 3,
	  { PKT3(SET_CONFIG_REG, 2), (0xc100 - 0x8000) / 4, 0 },
	  "register outside the packet's window" },
	/* a tracked address: it takes a relocation (the generation's CB_COLOR0_BASE) */
	{ "colour buffer base without its relocation", 3,
	  { PKT3(SET_CONTEXT_REG, 2), CB0_BASE, 0 }, "relocation NOP missing" },
	/* VGT_NUM_INSTANCES is fine, the register after it is not */
	{ "run of registers into a forbidden one", 4,
	  { PKT3(SET_CONFIG_REG, 3), (0x8974 - 0x8000) / 4, 1, 2 }, "register not allowed" },
	{ "wait on a CP register", 7,
	  { PKT3(WAIT_REG_MEM, 6), 3, 0xc114 / 4, 0, 0, 0xffffffff, 10 },
	  "wait on a register not allowed" },
	{ "wait with the reserved compare function", 7,
	  { PKT3(WAIT_REG_MEM, 6), 7, 0x84fc / 4, 0, 0, 0xffffffff, 10 },
	  "reserved compare function" },
	{ "type-0 packet", 2, { 0x8020 / 4, 1 }, "type-0 packet" },
	{ "type-1 packet", 1, { 1u << 30 }, "type-1 packet" },
	{ "indirect buffer chaining", 4, { PKT3(INDIRECT_BUFFER, 3), 0, 0, 16 },
	  "opcode not allowed" },
	{ "draw without programs", 3, { PKT3(DRAW_INDEX_AUTO, 2), 3, 2 },
	  "draw without its VS, PS and FS programs" },
	{ "unknown opcode", 2, { PKT3(0xff, 1), 0 }, "opcode not allowed" },
	{ "packet past the end", 3, { PKT3(MEM_WRITE, 4), 0, DATA32 },
	  "packet runs past the end of the IB" },
	{ "short packet", 5, { PKT3(MEM_WRITE, 2), 0, 0, RELOC_NOP, 0 },
	  "packet too short" },
	/* the last bytes of the buffer cannot hold any render backend's result */
	{ "query result past the buffer", 6,
	  { PKT3(EVENT_WRITE, 3), ZPASS_DONE | (1 << 8), 4088, 0, RELOC_NOP, 0 }, PAST_END },
	{ "event writing memory, unknown", 6,
	  { PKT3(EVENT_WRITE, 3), 0x14, 0, 0, RELOC_NOP, 0 }, "event writing memory" },
	{ "copy into a CP register", 6,
	  { PKT3(COPY_DW, 5), 0, 0x8974 / 4, 0, 0xc114 / 4, 0 },
	  "copy with a register not allowed" },
	{ "copy from a scratch register", 8,
	  { PKT3(COPY_DW, 5), 2, 0x8500 / 4, 0, 0, 0, RELOC_NOP, 0 },
	  "copy with a register not allowed" },
	{ "copy past the buffer", 10,
	  { PKT3(COPY_DW, 5), 3, 0, 0, 4096, 0, RELOC_NOP, 0, RELOC_NOP, 0 }, PAST_END },
};

TEST_F(cs, rejects_hostile_streams)
{
	uint32_t dw[10];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hostile); i++) {
		TH_LOG("%s", hostile[i].name);
		memcpy(dw, hostile[i].dw, sizeof(dw));
		if (dw[1] == CB0_BASE)
			dw[1] = (ruby_gen()->cb0_base - 0x28000) / 4;
		expect_rejected(_metadata, self->fd, self->bo, self->map,
				dw, hostile[i].n, true, hostile[i].why);
	}
}

TEST_F(cs, rejects_write_to_read_only_buffer)
{
	const uint32_t tail[] = { PKT3(NOP, 1), 0 };
	uint32_t ib[] = { PKT3(MEM_WRITE, 4), 0, DATA32, 1, 0, RELOC_NOP, 0 };

	/* the prefix itself writes: refused when the buffer is read-only */
	EXPECT_REFUSED(submit(self->fd, ib, sizeof(ib) / 4, self->bo, false),
		       "write to a buffer relocated read-only");
	expect_rejected(_metadata, self->fd, self->bo, self->map, tail, 2, false,
			"write to a buffer relocated read-only");
}

TEST_F(cs, malformed_submissions)
{
	const uint32_t *ib = good_stream;
	const uint32_t n = ARRAY_SIZE(good_stream);
	struct drm_radeon_cs_reloc reloc = {
		.handle = self->bo, .read_domains = RADEON_GEM_DOMAIN_GTT,
		.write_domain = RADEON_GEM_DOMAIN_GTT,
	};
	struct drm_radeon_cs cs = {};
	uint32_t flags[3];

	/* no chunks, a bad chunk array */
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_CS, &cs), -1);
	EXPECT_EQ(errno, EINVAL);
	cs.num_chunks = 1;
	cs.chunks = 16;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_CS, &cs), -1);
	EXPECT_EQ(errno, EFAULT);
	/* an unknown buffer */
	reloc.handle = 0xdead;
	EXPECT_REFUSED_BY_IOCTL(radeon_cs(self->fd, ib, n, &reloc, 1, NULL, 0), -ENOENT);
	reloc.handle = self->bo;
	/* no domain at all */
	reloc.read_domains = 0;
	reloc.write_domain = 0;
	EXPECT_REFUSED_BY_IOCTL(radeon_cs(self->fd, ib, n, &reloc, 1, NULL, 0), -EINVAL);
	reloc.read_domains = RADEON_GEM_DOMAIN_GTT;
	reloc.write_domain = RADEON_GEM_DOMAIN_GTT;
	/* no UVD ring under ruby; VM is Cayman's */
	flags[0] = 0;
	flags[1] = RADEON_CS_RING_UVD;
	EXPECT_REFUSED_BY_IOCTL(radeon_cs(self->fd, ib, n, &reloc, 1, flags, 2), -EINVAL);
	flags[0] = RADEON_CS_USE_VM;
	flags[1] = RADEON_CS_RING_GFX;
	EXPECT_REFUSED_BY_IOCTL(radeon_cs(self->fd, ib, n, &reloc, 1, flags, 2), -EINVAL);
	/* compute goes to GFX on Evergreen */
	flags[0] = 0;
	flags[1] = RADEON_CS_RING_COMPUTE;
	EXPECT_EQ(radeon_cs(self->fd, ib, n, &reloc, 1, flags, 2), 0);
	/* an IB the caller cannot read, an empty and a huge one */
	EXPECT_REFUSED_BY_IOCTL(radeon_cs(self->fd, (void *)16, 8, &reloc, 1, NULL, 0), -EFAULT);
	EXPECT_REFUSED_BY_IOCTL(radeon_cs(self->fd, ib, 0, &reloc, 1, NULL, 0), -EINVAL);
	EXPECT_REFUSED_BY_IOCTL(radeon_cs(self->fd, ib, 1 << 20, &reloc, 1, NULL, 0), -EINVAL);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[4], 0xcafe0001);
}

TEST_F(cs, buffers_in_vram_and_cpu_domains)
{
	uint32_t vram = 0, ib[] = {
		PKT3(MEM_WRITE, 4), 0, DATA32, 0x600d, 0, RELOC_NOP, 0,
		PKT3(MEM_WRITE, 4), 8, DATA32, 0x600e, 0, RELOC_NOP, 4,
	};
	struct drm_radeon_cs_reloc relocs[2] = {
		{ .read_domains = RADEON_GEM_DOMAIN_VRAM,
		  .write_domain = RADEON_GEM_DOMAIN_VRAM },
		{ .handle = self->bo, .read_domains = RADEON_GEM_DOMAIN_GTT,
		  .write_domain = RADEON_GEM_DOMAIN_GTT },
	};

	ASSERT_EQ(radeon_gem_create(self->fd, 1 << 20, RADEON_GEM_DOMAIN_VRAM, 0, &vram), 0);
	relocs[0].handle = vram;
	ASSERT_EQ(radeon_cs(self->fd, ib, sizeof(ib) / 4, relocs, 2, NULL, 0), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, vram), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[2], 0x600e);
}

/* more of the async DMA engine's commands (DMA_PKT() in radeon_util.h) */
#define DMA_FILL		0xd
#define DMA_NOP			0xf

TEST_F(cs, dma_write_copy_fill)
{
	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	const uint32_t ib[] = {
		DMA_PKT(DMA_WRITE, 0, 4), 64, 0, 0xa1, 0xa2, 0xa3, 0xa4,
		DMA_PKT(DMA_COPY, 0, 4), 128, 64, 0, 0,		/* dst, src */
		DMA_PKT(DMA_FILL, 0, 8), 256, 0x77777777, 0,
		DMA_PKT(DMA_NOP, 0, 0),
	};
	/* implicit relocations, in order: write, copy source, copy dest, fill */
	struct drm_radeon_cs_reloc relocs[4];
	unsigned int i;

	for (i = 0; i < 4; i++)
		relocs[i] = (struct drm_radeon_cs_reloc){
			.handle = self->bo, .read_domains = RADEON_GEM_DOMAIN_GTT,
			.write_domain = i == 1 ? 0 : RADEON_GEM_DOMAIN_GTT,
		};
	ASSERT_EQ(radeon_cs_dma(self->fd, ib, ARRAY_SIZE(ib), relocs, 4), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[16], 0xa1);
	EXPECT_EQ(self->map[19], 0xa4);
	EXPECT_EQ(self->map[32], 0xa1);	/* copied */
	EXPECT_EQ(self->map[35], 0xa4);
	EXPECT_EQ(self->map[64], 0x77777777);
	EXPECT_EQ(self->map[71], 0x77777777);
	EXPECT_EQ(self->map[72], 0);
}

TEST_F(cs, dma_and_gfx_streams_order_on_a_buffer)
{
	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	const uint32_t gfx[] = {
		PKT3(MEM_WRITE, 4), 0, DATA32, 0x1111, 0, RELOC_NOP, 0,
	};
	const uint32_t dma[] = { DMA_PKT(DMA_COPY, 0, 1), 4, 0, 0, 0 };
	struct drm_radeon_cs_reloc relocs[2] = {
		{ .handle = self->bo, .read_domains = RADEON_GEM_DOMAIN_GTT },
		{ .handle = self->bo, .read_domains = RADEON_GEM_DOMAIN_GTT,
		  .write_domain = RADEON_GEM_DOMAIN_GTT },
	};

	/* the DMA copy must wait for the GFX write it reads */
	ASSERT_EQ(submit(self->fd, gfx, ARRAY_SIZE(gfx), self->bo, true), 0);
	ASSERT_EQ(radeon_cs_dma(self->fd, dma, ARRAY_SIZE(dma), relocs, 2), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[1], 0x1111);
}

TEST_F(cs, dma_rejects_hostile_streams)
{
	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	static const struct {
		const char *name;
		uint32_t n, nrelocs;
		uint32_t dw[10];
		const char *why;
	} bad[] = {
		{ "write past the buffer", 4, 1, { DMA_PKT(DMA_WRITE, 0, 1), 4096, 0, 1 },
		  PAST_END },
		{ "write running past the IB", 3, 1, { DMA_PKT(DMA_WRITE, 0, 8), 0, 0 },
		  "packet runs past the end of the IB" },
		{ "copy from past the buffer", 5, 2,
		  { DMA_PKT(DMA_COPY, 0, 2), 0, 4092, 0, 0 }, PAST_END },
		{ "copy 40-bit wrap", 5, 2,
		  { DMA_PKT(DMA_COPY, 0, 1), 0xfffffffc, 0, 0xff, 0 }, PAST_END },
		{ "fill past the buffer", 4, 1, { DMA_PKT(DMA_FILL, 0, 1025), 0, 0, 0 },
		  PAST_END },
		{ "more operands than relocations", 5, 1,
		  { DMA_PKT(DMA_COPY, 0, 1), 0, 0, 0, 0 }, "no relocation left" },
		/* array mode 0 (linear general) is no tiling the engine knows */
		{ "tiled copy of a linear-general surface", 9, 2,
		  { DMA_PKT(DMA_COPY, 8, 1), 0, 0, 0, 0, 0, 0, 0, 0 }, NULL },
		{ "indirect buffer", 3, 1, { DMA_PKT(0x4, 0, 0), 0, 0x1000 },
		  "DMA command not allowed" },
		{ "fence", 4, 1, { DMA_PKT(0x6, 0, 0), 0, 0, 1 }, "DMA command not allowed" },
		{ "register write", 3, 1,
		  { DMA_PKT(0x9, 0, 0), 0xf0000 | (0x8020 >> 2), 1 },
		  "DMA command not allowed" },
		{ "unaligned write", 4, 1, { DMA_PKT(DMA_WRITE, 0, 1), 2, 0, 1 },
		  "unaligned address" },
	};
	struct drm_radeon_cs_reloc relocs[3];
	uint32_t ib[16];
	unsigned int i;

	for (i = 0; i < 3; i++)
		relocs[i] = (struct drm_radeon_cs_reloc){
			.handle = self->bo, .read_domains = RADEON_GEM_DOMAIN_GTT,
			.write_domain = RADEON_GEM_DOMAIN_GTT,
		};
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		/* a write that must not happen (reloc 0), then the bad packet */
		ib[0] = DMA_PKT(DMA_WRITE, 0, 1);
		ib[1] = 400;
		ib[2] = 0;
		ib[3] = 0xbad;
		memcpy(&ib[4], bad[i].dw, 4 * bad[i].n);
		TH_LOG("%s", bad[i].name);
		/* NULL: the generation's reason for a tiled copy */
		EXPECT_REFUSED(radeon_cs_dma(self->fd, ib, 4 + bad[i].n, relocs,
					     1 + bad[i].nrelocs),
			       bad[i].why ?: ruby_gen()->dma_tiled_refused);
	}
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[100], 0);
}

/*
 * A tiled DMA copy of @ndw dwords between the linear buffer at @lin and a
 * 1D-tiled surface of 32-bit elements at the start of its buffer, @pitch
 * elements a row and @height rows a slice, from the start of slice @z;
 * tiled to linear if @detile. R7xx's seven-dword packet (T bit), or
 * Evergreen's nine (sub-command 8: the same header bit). Returns its
 * length.
 */
#define DMA_COPY_TILED		8
#define DMA_DETILE		0x80000000u
#define ARRAY_1D_TILED_THIN1	2

static uint32_t dma_tiled_copy(uint32_t *ib, bool detile, uint32_t ndw, uint32_t pitch,
			       uint32_t height, uint32_t z, uint32_t lin)
{
	uint32_t info = (detile ? DMA_DETILE : 0) | ARRAY_1D_TILED_THIN1 << 27 | 2 << 24;
	uint32_t slice_tiles = pitch * height / 64, n = 0;

	ib[n++] = DMA_PKT(DMA_COPY, DMA_COPY_TILED, ndw);
	ib[n++] = 0;
	if (ruby_gen()->r6xx) {
		ib[n++] = info | (height - 1) << 10 | (pitch / 8 - 1);
		ib[n++] = (slice_tiles - 1) << 12 | z;
		ib[n++] = 0;				/* x, y */
	} else {
		ib[n++] = info;
		ib[n++] = (pitch / 8 - 1) | (height - 1) << 16;
		ib[n++] = slice_tiles - 1;
		ib[n++] = z << 18;			/* x, z */
		ib[n++] = 0;				/* y, no 2D fields */
	}
	ib[n++] = lin;
	ib[n++] = 0;
	return n;
}

/*
 * A known pattern copied into a 1D-tiled surface in VRAM and back out of
 * it, by the DMA engine, in one stream: the bytes come back as they went.
 */
TEST_F(cs, dma_tiled_copy_round_trip)
{
	uint32_t tiled = 0, out = 0, *omap, ib[18], n, i;
	struct drm_radeon_cs_reloc relocs[4];

	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_VRAM, 0, &tiled), 0);
	ASSERT_EQ(radeon_gem_create(self->fd, 4096, RADEON_GEM_DOMAIN_GTT, 0, &out), 0);
	omap = radeon_gem_map(self->fd, out, 4096);
	ASSERT_NE(omap, MAP_FAILED);
	memset(omap, 0, 4096);
	for (i = 0; i < 1024; i++)
		self->map[i] = 0x5eed0000u ^ (i * 0x9e3779b9u);
	/* 64x16 elements: one slice of 16 tiles, the whole buffer */
	n = dma_tiled_copy(ib, false, 1024, 64, 16, 0, 0);
	n += dma_tiled_copy(ib + n, true, 1024, 64, 16, 0, 0);
	relocs[0] = radeon_reloc(self->bo, RADEON_GEM_DOMAIN_GTT, false);
	relocs[1] = radeon_reloc(tiled, RADEON_GEM_DOMAIN_VRAM, true);
	relocs[2] = radeon_reloc(tiled, RADEON_GEM_DOMAIN_VRAM, false);
	relocs[3] = radeon_reloc(out, RADEON_GEM_DOMAIN_GTT, true);
	ASSERT_EQ(radeon_cs_dma(self->fd, ib, n, relocs, 4), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, out), 0);
	for (i = 0; i < 1024; i++)
		if (omap[i] != self->map[i])
			break;
	EXPECT_EQ(i, 1024) TH_LOG("dword %u: %#x, wrote %#x", i, omap[i], self->map[i]);
	munmap(omap, 4096);
}

/*
 * A one-dword tiled copy into slice 1 of a surface whose slice is its
 * whole buffer: the count fits, the surface does not, and the checker
 * bounds the surface (every slice the copy enters); nothing of the stream
 * runs. The same copy into slice 0 runs.
 */
TEST_F(cs, dma_tiled_copy_bounded_by_its_surface)
{
	/* a write that runs only if the stream does (reloc 0), then the copy */
	uint32_t ib[4 + 9] = { DMA_PKT(DMA_WRITE, 0, 1), 400, 0, 0xbad }, n;
	struct drm_radeon_cs_reloc relocs[3];

	if (!ruby_has_dma_ring())
		SKIP(return, RUBY_NO_DMA_RING);
	relocs[0] = radeon_reloc(self->bo, RADEON_GEM_DOMAIN_GTT, true);
	relocs[1] = radeon_reloc(self->bo, RADEON_GEM_DOMAIN_GTT, false);
	relocs[2] = radeon_reloc(self->bo, RADEON_GEM_DOMAIN_GTT, true);
	/* 64x16 32-bit elements: 4096 bytes a slice */
	n = 4 + dma_tiled_copy(ib + 4, false, 1, 64, 16, 1, 2048);
	EXPECT_REFUSED(radeon_cs_dma(self->fd, ib, n, relocs, 3), PAST_END);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[100], 0);
	n = 4 + dma_tiled_copy(ib + 4, false, 1, 64, 16, 0, 2048);
	ASSERT_EQ(radeon_cs_dma(self->fd, ib, n, relocs, 3), 0);
	ASSERT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(self->map[100], 0xbad);
}

/*
 * R5xx: the r300-class engine's streams, type-0 state and its draw
 * packets. A triangle into a 16x16 ARGB8888 colour buffer runs to its
 * fence (the simulator's draw model checks every byte it reaches);
 * streams reaching past their buffers, or HyperZ without owning it, are
 * refused for that reason.
 */
#define R5_SIZE			65536
#define R5_VB_AT		4096
#define PKT0(reg, n)		((((n) - 1) << 16) | ((reg) >> 2))
#define R5_SC_SCISSOR1		0x43e4
#define R5_COLOROFFSET0		0x4e28
#define R5_COLORPITCH0		0x4e38
#define R5_US_OUT_FMT_0		0x46a4
#define R5_ZB_BW_CNTL		0x4f1c
#define R5_HIZ_ENABLE		1
#define R5_LOAD_VBPNTR		0x2f
#define R5_DRAW_VBUF_2		0x34
#define R5_VF_TRIANGLES		(3u << 16 | 2u << 4 | 4)	/* 3 vertices, a list */
#define R5_VF_INDEXED		(3u << 16 | 1u << 4 | 4)	/* 3 indices, 16-bit */
#define R5_DRAW_INDX_2		0x36
#define R5_INDX_BUFFER		0x33
#define R5_INDX_TO_PORT_IDX0	(0x80000000u | 0x2040 >> 2)	/* ONE_REG_WR, VAP_PORT_IDX0 */
#define R5_IDX_AT		8192
#define R5_QUERY_AT		12288
#define R5_ZB_ZPASS_DATA	0x4f58
#define R5_ZB_ZPASS_ADDR	0x4f5c
#define R5_ARGB8888		(6u << 21)

/* One register and its value */
struct r5_reg {
	uint32_t reg, val;
};

/* What a draw depends on that the checker takes at its worst unless set */
static const struct r5_reg r5_state[] = {
	{ 0x4e00, 0 },		/* RB3D_CCTL: one buffer */
	{ 0x4e04, 0 },		/* RB3D_BLENDCNTL: no blending */
	{ 0x4e0c, 0xf },	/* RB3D_COLOR_CHANNEL_MASK */
	{ R5_ZB_BW_CNTL, 0 },
	{ 0x4f00, 0 },		/* ZB_CNTL: no Z, no stencil */
	{ 0x4e88, 0 },		/* RB3D_AARESOLVE_CTL */
	{ 0x4020, 0 },		/* GB_AA_CONFIG */
	{ 0x4104, 0 },		/* TX_ENABLE */
	{ 0x2134, 2 },		/* VAP_VF_MAX_VTX_INDX */
	{ 0x208c, 0 },		/* VAP_INDEX_OFFSET */
};

/*
 * A triangle: @rows rows of a @pitch-pixel colour buffer at 0, vertices
 * of two dwords at @vb, @bw_cntl in ZB_BW_CNTL; the stream's length
 */
static uint32_t r5_stream(uint32_t *ib, uint32_t pitch, uint32_t rows, uint32_t vb,
			  uint32_t bw_cntl)
{
	uint32_t n = 0, i;

	for (i = 0; i < ARRAY_SIZE(r5_state); i++) {
		ib[n++] = PKT0(r5_state[i].reg, 1);
		ib[n++] = r5_state[i].reg == R5_ZB_BW_CNTL ? bw_cntl : r5_state[i].val;
	}
	ib[n++] = PKT0(R5_SC_SCISSOR1, 1);
	ib[n++] = (pitch - 1) | (rows - 1) << 13;
	ib[n++] = PKT0(R5_US_OUT_FMT_0, 4);
	ib[n++] = 0;
	for (i = 1; i < 4; i++)
		ib[n++] = 15;	/* unused */
	ib[n++] = PKT0(R5_COLOROFFSET0, 1);
	ib[n++] = 0;
	ib[n++] = RELOC_NOP;
	ib[n++] = 0;
	ib[n++] = PKT0(R5_COLORPITCH0, 1);
	ib[n++] = pitch | R5_ARGB8888;
	ib[n++] = RELOC_NOP;	/* its tiling: the buffer's */
	ib[n++] = 0;
	ib[n++] = PKT3(R5_LOAD_VBPNTR, 3);
	ib[n++] = 1;
	ib[n++] = 2 | 2 << 8;	/* two dwords, a stride of two */
	ib[n++] = vb;
	ib[n++] = RELOC_NOP;
	ib[n++] = 0;
	ib[n++] = PKT3(R5_DRAW_VBUF_2, 1);
	ib[n++] = R5_VF_TRIANGLES;
	return n;
}

FIXTURE(r5) {
	int fd;
	uint32_t bo;
	struct drm_radeon_cs_reloc reloc;
};

FIXTURE_SETUP(r5)
{
	if (!ruby_is_r5xx())
		SKIP(return, "not an R5xx: radeon_cs's other tests cover this chip");
	self->fd = ruby_open_node("renderD");
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(radeon_gem_create(self->fd, R5_SIZE, RADEON_GEM_DOMAIN_GTT, 0, &self->bo), 0);
	self->reloc = (struct drm_radeon_cs_reloc){
		.handle = self->bo, .read_domains = RADEON_GEM_DOMAIN_GTT,
		.write_domain = RADEON_GEM_DOMAIN_GTT,
	};
}

FIXTURE_TEARDOWN(r5)
{
	if (self->fd >= 0)
		close(self->fd);
}

/* The triangle again, indexed: 3D_DRAW_INDX_2, its indices from INDX_BUFFER */
static uint32_t r5_indexed(uint32_t *ib, uint32_t n, uint32_t idx_at)
{
	ib[n++] = PKT3(R5_DRAW_INDX_2, 1);
	ib[n++] = R5_VF_INDEXED;
	ib[n++] = PKT3(R5_INDX_BUFFER, 3);
	ib[n++] = R5_INDX_TO_PORT_IDX0;
	ib[n++] = idx_at;
	ib[n++] = 2;		/* dwords: three 16-bit indices */
	ib[n++] = RELOC_NOP;
	ib[n++] = 0;
	return n;
}

TEST_F(r5, r5xx_triangle_runs_to_its_fence)
{
	uint32_t ib[96], n = r5_stream(ib, 16, 16, R5_VB_AT, 0);
	uint16_t *idx;

	ASSERT_EQ(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0), 0);
	EXPECT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	idx = radeon_gem_map(self->fd, self->bo, R5_SIZE);
	ASSERT_NE(idx, MAP_FAILED);
	idx[R5_IDX_AT / 2] = 0;
	idx[R5_IDX_AT / 2 + 1] = 2;
	idx[R5_IDX_AT / 2 + 2] = 1;
	munmap(idx, R5_SIZE);
	n = r5_indexed(ib, n, R5_IDX_AT);
	ASSERT_EQ(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0), 0);
	EXPECT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	/* an index buffer past the end of the buffer */
	n = r5_indexed(ib, r5_stream(ib, 16, 16, R5_VB_AT, 0), R5_SIZE - 4);
	EXPECT_REFUSED(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0),
		       "index buffer past the end of its buffer");
}

TEST_F(r5, r5xx_draws_past_their_buffers_are_refused)
{
	uint32_t ib[96], n;

	/* 1024 rows of 128 bytes: twice the buffer */
	n = r5_stream(ib, 32, 1024, R5_VB_AT, 0);
	EXPECT_REFUSED(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0),
		       "colour buffer past the end of its buffer");
	/* the third vertex's dwords past the end */
	n = r5_stream(ib, 16, 16, R5_SIZE - 16, 0);
	EXPECT_REFUSED(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0),
		       "vertex array past the end of its buffer");
	EXPECT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
}

/*
 * An occlusion query's end: ZB_ZPASS_ADDR written makes the Z unit store
 * its count there (the simulator renders nothing: ZB_ZPASS_DATA's reset
 * value); read-only, it is refused
 */
TEST_F(r5, r5xx_occlusion_count_lands_in_its_buffer)
{
	uint32_t ib[96], n = r5_stream(ib, 16, 16, R5_VB_AT, 0), *map;
	struct drm_radeon_cs_reloc ro = self->reloc;

	map = radeon_gem_map(self->fd, self->bo, R5_SIZE);
	ASSERT_NE(map, MAP_FAILED);
	map[R5_QUERY_AT / 4] = 0xdeadbeef;
	ib[n++] = PKT0(R5_ZB_ZPASS_DATA, 1);
	ib[n++] = 0;
	ib[n++] = PKT0(R5_ZB_ZPASS_ADDR, 1);
	ib[n++] = R5_QUERY_AT;
	ib[n++] = RELOC_NOP;
	ib[n++] = 0;
	ASSERT_EQ(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0), 0);
	EXPECT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	EXPECT_EQ(map[R5_QUERY_AT / 4], 0);
	munmap(map, R5_SIZE);
	/* the count needs a writable buffer; the triangle's target too */
	ro.write_domain = 0;
	EXPECT_REFUSED(radeon_cs(self->fd, ib, n, &ro, 1, NULL, 0),
		       "write to a buffer relocated read-only");
}

/* HiZ in ZB_BW_CNTL: refused unless the client owns HyperZ (INFO WANT_HYPERZ) */
TEST_F(r5, r5xx_hyperz_needs_its_owner)
{
	uint32_t ib[96], n = r5_stream(ib, 16, 16, R5_VB_AT, R5_HIZ_ENABLE);
	uint64_t v = 0;

	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_WANT_HYPERZ, &v), 0);
	EXPECT_REFUSED(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0),
		       "HyperZ not owned");
	v = 1;
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_WANT_HYPERZ, &v), 0);
	ASSERT_EQ(v & 0xffffffff, 1);
	EXPECT_EQ(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0), 0);
	EXPECT_EQ(radeon_gem_wait_idle(self->fd, self->bo), 0);
	v = 0;
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_WANT_HYPERZ, &v), 0);
	EXPECT_REFUSED(radeon_cs(self->fd, ib, n, &self->reloc, 1, NULL, 0),
		       "HyperZ not owned");
}

/*
 * A chip whose checker is not written yet refuses every stream, for that
 * reason, before anything of it runs.
 */
TEST(refused_without_a_checker)
{
	const uint32_t ib[] = { PKT3(0x10, 1), 0 };	/* a NOP */
	int fd;

	if (ruby_has_checker())
		SKIP(return, "this chip has a command checker");
	fd = ruby_open_node("renderD");
	ASSERT_GE(fd, 0);
	EXPECT_REFUSED(radeon_cs(fd, ib, ARRAY_SIZE(ib), NULL, 0, NULL, 0),
		       "no command checker for this family");
	/* without a DMA ring (R6xx) the ioctl refuses the ring itself */
	if (ruby_info_yes("dma ring"))
		EXPECT_REFUSED(radeon_cs_dma(fd, ib, ARRAY_SIZE(ib), NULL, 0),
			       "no command checker for this family");
	else
		EXPECT_REFUSED_BY_IOCTL(radeon_cs_dma(fd, ib, ARRAY_SIZE(ib), NULL, 0),
					-EINVAL);
	close(fd);
}

TEST_HARNESS_MAIN
