// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen command processor
 *
 * Bring-up of the GFX command processor: with the CP halted, its PFP and
 * ME microcode go in through the ucode ports; the CP is soft-reset, the
 * ring registers are programmed (read pointer written back to the WB page,
 * so submitting never reads a register), the ME is initialised and
 * started, and the clear-state preamble gives every context known
 * defaults; every shader ring (ES->GS, GS->VS and the scratch rings) is
 * pointed at a kernel buffer, and pointed back there after any user stream
 * that set rings of its own (a kernel IB run after it). Two tests then
 * prove the engine works before anything else uses it: the ring test (a
 * SET_CONFIG_REG of a scratch register from the ring) and the IB test (the
 * same from an indirect buffer, completed by a fence that signals through
 * the interrupt path).
 *
 * The kernel IBs that frame user streams are built here too: the state
 * reset run before each (see evergreen_build_reset_ib()), and the packets
 * of the scheduler's test jobs.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "../regs/evergreen_regs.h"
#include "../regs/ruby_pm4.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "../ruby_ucode.h"
#include "evergreen.h"

#define RUBY_GFX_RING_SIZE	SZ_256K
#define RUBY_SHADER_RINGS_SIZE	SZ_64K
#define RUBY_IB_TEST_TIMEOUT	(HZ)

/* GRBM_SOFT_RESET: the CP and the blocks that must be reset with it */
#define SOFT_RESET_PA		BIT(5)
#define SOFT_RESET_SPI		BIT(8)
#define SOFT_RESET_SH		BIT(9)
#define SOFT_RESET_SX		BIT(10)
#define SOFT_RESET_VGT		BIT(14)

#define ME_INITIALIZE_DEVICE_ID	GENMASK(31, 16)
#define PREAMBLE_BEGIN_CLEAR_STATE	(2 << 28)
#define PREAMBLE_END_CLEAR_STATE	(3 << 28)

/* The scratch register the engine tests write */
#define TEST_SCRATCH		0

/* Context registers of the clear state: hardware defaults */
static const struct {
	u32 reg, val;
} eg_clear_state[] = {
	{ 0x28200, 0x00000000 },	/* PA_SC_WINDOW_OFFSET */
	{ 0x28204, 0x80000000 },	/* PA_SC_WINDOW_SCISSOR_TL */
	{ 0x28208, 0x40004000 },	/* PA_SC_WINDOW_SCISSOR_BR */
	{ 0x2820c, 0x0000ffff },	/* PA_SC_CLIPRECT_RULE */
	{ 0x28230, 0xaaaaaaaa },	/* PA_SC_EDGERULE */
	{ 0x28234, 0x00000000 },	/* PA_SU_HARDWARE_SCREEN_OFFSET */
	{ 0x28720, 0x00000000 },	/* GDS_ADDR_BASE: no GDS window, */
	{ 0x28724, 0x00000000 },	/* GDS_ADDR_SIZE: GDS is shared */
	{ 0x28a48, 0x00000000 },	/* PA_SC_MODE_CNTL_0 */
};

/* SURFACE_SYNC: caches to flush before the fence is written */
#define CP_COHER_TC_ACTION	BIT(23)
#define CP_COHER_VC_ACTION	BIT(24)
#define CP_COHER_SH_ACTION	BIT(27)
#define CP_COHER_FULL_CACHE	BIT(20)

/* EVENT_WRITE_EOP fields */
#define EOP_EVENT_TYPE		GENMASK(5, 0)
#define EOP_EVENT_INDEX		GENMASK(11, 8)
#define EOP_ADDR_HI		GENMASK(7, 0)
#define EOP_INT_SEL		GENMASK(25, 24)
#define EOP_DATA_SEL		GENMASK(31, 29)
#define CACHE_FLUSH_AND_INV_EVENT_TS	0x14
#define EOP_INT_AFTER_WRITE	2
#define EOP_DATA_32BIT		1

static void cp_emit_ib(struct ruby_ring *ring, u64 addr, u32 ndw)
{
	ruby_ring_emit(ring, pm4_type3(PKT3_INDIRECT_BUFFER, 3));
	ruby_ring_emit(ring, lower_32_bits(addr) & ~3u);
	ruby_ring_emit(ring, upper_32_bits(addr) & 0xff);
	ruby_ring_emit(ring, ndw);
}

/* Flush the caches, then write @seq at end of pipe and interrupt. */
static void cp_emit_fence(struct ruby_ring *ring, u64 addr, u32 seq)
{
	ruby_ring_emit(ring, pm4_type3(PKT3_SURFACE_SYNC, 4));
	ruby_ring_emit(ring, CP_COHER_TC_ACTION | CP_COHER_VC_ACTION |
		       CP_COHER_SH_ACTION | CP_COHER_FULL_CACHE);
	ruby_ring_emit(ring, 0xffffffff);	/* the whole address space */
	ruby_ring_emit(ring, 0);
	ruby_ring_emit(ring, 10);		/* poll interval */
	ruby_ring_emit(ring, pm4_type3(PKT3_EVENT_WRITE_EOP, 5));
	ruby_ring_emit(ring, FIELD_PREP(EOP_EVENT_TYPE, CACHE_FLUSH_AND_INV_EVENT_TS) |
		       FIELD_PREP(EOP_EVENT_INDEX, 5));
	ruby_ring_emit(ring, lower_32_bits(addr));
	ruby_ring_emit(ring, FIELD_PREP(EOP_ADDR_HI, upper_32_bits(addr)) |
		       FIELD_PREP(EOP_INT_SEL, EOP_INT_AFTER_WRITE) |
		       FIELD_PREP(EOP_DATA_SEL, EOP_DATA_32BIT));
	ruby_ring_emit(ring, seq);
	ruby_ring_emit(ring, 0);
}

static int evergreen_cp_restart(struct ruby_device *rdev);

static const struct ruby_ring_funcs cp_ring_funcs = {
	.nop = PM4_TYPE2_FILLER,
	.align_mask = 15,
	.ptr_shift = 0,
	.ib_dw = 4,
	.emit_ib = cp_emit_ib,
	.fence_dw = 11,
	.emit_fence = cp_emit_fence,
	.restart = evergreen_cp_restart,
};

static void cp_halt(struct ruby_device *rdev)
{
	ruby_write32(rdev, CP_ME_CNTL, CP_ME_HALT | CP_PFP_HALT);
	ruby_write32(rdev, SCRATCH_UMSK, 0);
}

static void cp_load_microcode(struct ruby_device *rdev)
{
	cp_halt(rdev);
	ruby_write32(rdev, CP_RB_CNTL, RB_NO_UPDATE |
		     FIELD_PREP(RB_BLKSZ, 15) | FIELD_PREP(RB_BUFSZ, 3));
	ruby_ucode_write(rdev, rdev->ucode.pfp, CP_PFP_UCODE_ADDR, CP_PFP_UCODE_DATA);
	ruby_ucode_write(rdev, rdev->ucode.me, CP_ME_RAM_WADDR, CP_ME_RAM_DATA);
	ruby_write32(rdev, CP_ME_RAM_RADDR, 0);
}

static void cp_soft_reset(struct ruby_device *rdev)
{
	ruby_write32(rdev, GRBM_SOFT_RESET, SOFT_RESET_CP | SOFT_RESET_PA |
		     SOFT_RESET_SH | SOFT_RESET_VGT | SOFT_RESET_SPI |
		     SOFT_RESET_SX);
	ruby_read32(rdev, GRBM_SOFT_RESET);	/* post the write */
	mdelay(15);
	ruby_write32(rdev, GRBM_SOFT_RESET, 0);
	ruby_read32(rdev, GRBM_SOFT_RESET);
}

static void cp_program_ring(struct ruby_device *rdev, struct ruby_ring *ring)
{
	u64 rptr_addr = rdev->wb.gpu_addr + RUBY_WB_CP_RPTR;
	/* sizes in 8-byte units, log2: the ring and the 4 KiB fetch block */
	u32 cntl = FIELD_PREP(RB_BUFSZ, ilog2(ring->size_dw * 4 / 8)) |
		   FIELD_PREP(RB_BLKSZ, ilog2(SZ_4K / 8));

	ruby_write32(rdev, CP_RB_CNTL, cntl);
	ruby_write32(rdev, CP_SEM_WAIT_TIMER, 0);
	ruby_write32(rdev, CP_SEM_INCOMPLETE_TIMER_CNTL, 0);
	ruby_write32(rdev, CP_RB_WPTR_DELAY, 0);

	ruby_write32(rdev, CP_RB_CNTL, cntl | RB_RPTR_WR_ENA);
	ruby_write32(rdev, CP_RB_RPTR_WR, 0);
	ring->wptr = 0;
	ruby_write32(rdev, CP_RB_WPTR, 0);
	ruby_write32(rdev, CP_RB_RPTR_ADDR, lower_32_bits(rptr_addr) & ~3u);
	ruby_write32(rdev, CP_RB_RPTR_ADDR_HI, upper_32_bits(rptr_addr) & 0xff);
	ruby_write32(rdev, SCRATCH_ADDR, rdev->wb.gpu_addr >> 8);
	ruby_write32(rdev, SCRATCH_UMSK, 0);
	mdelay(1);
	ruby_write32(rdev, CP_RB_CNTL, cntl);
	ruby_write32(rdev, CP_RB_BASE, ring->gpu_addr >> 8);
	ruby_write32(rdev, CP_DEBUG, BIT(27) | BIT(28));
}

/* WAIT_UNTIL (a config register) and the VGT flush event */
#define WAIT_UNTIL_REG		0x8040
#define WAIT_3D_IDLE		BIT(15)
#define EVENT_VGT_FLUSH		0x24

/* The runs of shader ring registers: base/size pairs */
static const struct {
	struct ruby_reg first, last;
} cp_shader_ring_runs[] = {
	{ SQ_ESGS_RING_BASE, SQ_PSTMP_RING_SIZE },
	{ SQ_LSTMP_RING_BASE, SQ_HSTMP_RING_SIZE },
};

/* Dwords of the SET_CONFIG_REG packets of every shader ring */
#define CP_SHADER_RINGS_DW	(2 * 2 + (0x8c70 - 0x8c40 + 0x8e20 - 0x8e10) / 4)

/*
 * Base and size of every shader ring, all at one kernel buffer (only a
 * spilling shader or a geometry draw of a stream that did not set its own
 * reaches them), as SET_CONFIG_REG packets at @out. Returns the dwords
 * written.
 */
static u32 cp_shader_rings_packets(struct ruby_device *rdev, u32 *out)
{
	u32 base = ruby_bo_gpu_addr(rdev->gfx.shader_rings) >> 8;
	u32 size = RUBY_SHADER_RINGS_SIZE >> 8;
	unsigned int i;
	u32 n = 0, reg;

	for (i = 0; i < ARRAY_SIZE(cp_shader_ring_runs); i++) {
		u32 first = cp_shader_ring_runs[i].first.addr;
		u32 pairs = (cp_shader_ring_runs[i].last.addr - first + 4) / 8;

		out[n++] = pm4_type3(PKT3_SET_CONFIG_REG, 1 + 2 * pairs);
		out[n++] = (first - PKT3_SET_CONFIG_REG_START) >> 2;
		for (reg = 0; reg < pairs; reg++) {
			out[n++] = base;
			out[n++] = size;
		}
	}
	return n;
}

static int cp_point_shader_rings(struct ruby_device *rdev, struct ruby_ring *ring)
{
	u32 dw[CP_SHADER_RINGS_DW], n = cp_shader_rings_packets(rdev, dw), i;
	int ret;

	ret = ruby_ring_begin(ring, n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		ruby_ring_emit(ring, dw[i]);
	ruby_ring_commit(rdev, ring);
	return 0;
}

/* Wait for the 3D engine to go idle, then flush the VGT, as Mesa does */
static u32 cp_idle_packets(u32 *out)
{
	out[0] = pm4_type3(PKT3_SET_CONFIG_REG, 2);
	out[1] = (WAIT_UNTIL_REG - PKT3_SET_CONFIG_REG_START) >> 2;
	out[2] = WAIT_3D_IDLE;
	out[3] = pm4_type3(PKT3_EVENT_WRITE, 1);
	out[4] = EVENT_VGT_FLUSH;
	return 5;
}

/*
 * The IB run after a user stream that set shader rings of its own: once
 * the stream's work is done with them, every ring points at the kernel's
 * buffer again, before the job's fence frees the stream's buffers.
 */
static int cp_build_rings_ib(struct ruby_device *rdev)
{
	bool is_iomem;
	u32 *ib, n;
	int ret;

	ret = ruby_bo_create_kernel(rdev, (2 * 5 + CP_SHADER_RINGS_DW) * 4, RUBY_DOMAIN_GTT,
				    &rdev->gfx.rings_ib);
	if (ret)
		return ret;
	ib = ruby_bo_cpu_addr(rdev->gfx.rings_ib, &is_iomem);
	n = cp_idle_packets(ib);
	n += cp_shader_rings_packets(rdev, ib + n);
	n += cp_idle_packets(ib + n);
	rdev->gfx.rings_ib_dw = n;
	return 0;
}

static int cp_start(struct ruby_device *rdev, struct ruby_ring *ring)
{
	unsigned int i;
	int ret;

	ret = ruby_ring_begin(ring, 7);
	if (ret)
		return ret;
	ruby_ring_emit(ring, pm4_type3(PKT3_ME_INITIALIZE, 6));
	ruby_ring_emit(ring, 0x1);
	ruby_ring_emit(ring, 0x0);
	ruby_ring_emit(ring, rdev->chip.desc->max_hw_contexts - 1);
	ruby_ring_emit(ring, FIELD_PREP(ME_INITIALIZE_DEVICE_ID, 1));
	ruby_ring_emit(ring, 0);
	ruby_ring_emit(ring, 0);
	ruby_ring_commit(rdev, ring);

	ruby_write32(rdev, CP_ME_CNTL, 0xff);	/* run the ME and PFP */

	ret = ruby_ring_begin(ring, 6 + 3 * ARRAY_SIZE(eg_clear_state));
	if (ret)
		return ret;
	ruby_ring_emit(ring, pm4_type3(PKT3_PREAMBLE_CNTL, 1));
	ruby_ring_emit(ring, PREAMBLE_BEGIN_CLEAR_STATE);
	for (i = 0; i < ARRAY_SIZE(eg_clear_state); i++) {
		ruby_ring_emit(ring, pm4_type3(PKT3_SET_CONTEXT_REG, 2));
		ruby_ring_emit(ring, (eg_clear_state[i].reg -
				      PKT3_SET_CONTEXT_REG_START) >> 2);
		ruby_ring_emit(ring, eg_clear_state[i].val);
	}
	ruby_ring_emit(ring, pm4_type3(PKT3_PREAMBLE_CNTL, 1));
	ruby_ring_emit(ring, PREAMBLE_END_CLEAR_STATE);
	ruby_ring_emit(ring, pm4_type3(PKT3_CLEAR_STATE, 1));
	ruby_ring_emit(ring, 0);
	ruby_ring_commit(rdev, ring);
	return cp_point_shader_rings(rdev, ring);
}

/* Wait for the test value in the scratch register; MMIO is fine here. */
static int cp_wait_scratch(struct ruby_device *rdev, u32 want, u32 *got)
{
	unsigned int i;

	for (i = 0; i < RUBY_USEC_TIMEOUT; i++) {
		*got = ruby_read32(rdev, SCRATCH_REG(TEST_SCRATCH));
		if (*got == want)
			return 0;
		udelay(1);
	}
	return -ETIMEDOUT;
}

static int cp_ring_test(struct ruby_device *rdev, struct ruby_ring *ring)
{
	u32 got;
	int ret;

	ruby_write32(rdev, SCRATCH_REG(TEST_SCRATCH), 0xcafedead);
	ret = ruby_ring_begin(ring, 3);
	if (ret)
		return ret;
	ruby_ring_emit(ring, pm4_type3(PKT3_SET_CONFIG_REG, 2));
	ruby_ring_emit(ring, (SCRATCH_REG(TEST_SCRATCH).addr -
			      PKT3_SET_CONFIG_REG_START) >> 2);
	ruby_ring_emit(ring, 0xdeadbeef);
	ruby_ring_commit(rdev, ring);

	ret = cp_wait_scratch(rdev, 0xdeadbeef, &got);
	if (ret)
		drm_err(&rdev->drm, "%s: ring test failed: scratch %#x, rptr %u, wptr %u\n",
			ring->name, got, ruby_ring_rptr(ring), ring->wptr);
	return ret;
}

/**
 * evergreen_cp_restart - bring the command processor up from its microcode
 * @rdev: the device, its GFX ring allocated
 *
 * Used at probe and by GPU reset: whatever the ring held is dropped.
 *
 * Returns: 0 once the ring test passed, or a negative errno with the CP
 * halted.
 */
static int evergreen_cp_restart(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	int ret;

	ring->ready = false;
	cp_load_microcode(rdev);
	cp_soft_reset(rdev);
	cp_program_ring(rdev, ring);
	ret = cp_start(rdev, ring);
	if (!ret)
		ret = cp_ring_test(rdev, ring);
	if (ret) {
		cp_halt(rdev);
		return ret;
	}
	ring->ready = true;
	return 0;
}

static int evergreen_cp_init(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	int ret;

	ret = ruby_bo_create_kernel(rdev, RUBY_SHADER_RINGS_SIZE, RUBY_DOMAIN_VRAM,
				    &rdev->gfx.shader_rings);
	if (ret)
		return ret;
	ret = cp_build_rings_ib(rdev);
	if (ret)
		return ret;
	ret = ruby_ring_init(rdev, ring, "gfx", RUBY_RING_GFX, RUBY_GFX_RING_SIZE,
			     RUBY_WB_CP_RPTR, CP_RB_WPTR, &cp_ring_funcs);
	if (ret)
		return ret;
	return evergreen_cp_restart(rdev);
}

static void evergreen_cp_fini(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];

	ring->ready = false;
	cp_halt(rdev);
	ruby_fence_fail_all(ring, -ENODEV);
}

const struct ruby_ip_block evergreen_cp_block = {
	.name = "cp",
	.init = evergreen_cp_init,
	.fini = evergreen_cp_fini,
};

static int evergreen_ib_test(struct ruby_device *rdev)
{
	struct ruby_ring *ring = &rdev->rings[RUBY_RING_GFX];
	struct ruby_bo *ib;
	bool is_iomem;
	u32 *ptr, got = 0;
	int ret;

	ret = ruby_bo_create_kernel(rdev, SZ_4K, RUBY_DOMAIN_GTT, &ib);
	if (ret)
		return ret;
	ptr = ruby_bo_cpu_addr(ib, &is_iomem);
	ptr[0] = pm4_type3(PKT3_SET_CONFIG_REG, 2);
	ptr[1] = (SCRATCH_REG(TEST_SCRATCH).addr - PKT3_SET_CONFIG_REG_START) >> 2;
	ptr[2] = 0xdeadbeef;

	ruby_write32(rdev, SCRATCH_REG(TEST_SCRATCH), 0xcafedead);
	ret = ruby_ring_run_ib(ring, ruby_bo_gpu_addr(ib), 3, RUBY_IB_TEST_TIMEOUT);
	if (ret) {
		drm_err(&rdev->drm, "%s: IB test: fence %s (%d)\n", ring->name,
			ret == -ETIMEDOUT ? "timed out" : "failed", ret);
		return ret;
	}
	got = ruby_read32(rdev, SCRATCH_REG(TEST_SCRATCH));
	if (got != 0xdeadbeef) {
		drm_err(&rdev->drm, "%s: IB test: scratch %#x after the fence\n",
			ring->name, got);
		return -EIO;
	}
	drm_info(&rdev->drm, "%s: ring and IB tests passed\n", ring->name);
	return 0;
}

const struct ruby_ip_block evergreen_ib_test_block = {
	.name = "ib-test",
	.init = evergreen_ib_test,
};

/*
 * The state reset run before every user GFX stream: CLEAR_STATE returns
 * every context register (colour and depth buffers, shader programs,
 * constant buffers...) to its default, and one SET_RESOURCE over the whole
 * resource window makes every texture and vertex-buffer descriptor
 * invalid. A stream thus sees only the state it set up itself, which is
 * what the checker bounded.
 */
#define RESOURCE_WINDOW_DW	((0x38000 - 0x30000) / 4)

/**
 * evergreen_build_reset_ib - build the state reset run before user streams
 * @rdev: the device
 *
 * Returns: 0 with rdev->cs.reset_ib and reset_dw set, or a negative errno.
 */
int evergreen_build_reset_ib(struct ruby_device *rdev)
{
	u32 ndw = 2 + 1 + 1 + RESOURCE_WINDOW_DW;
	bool is_iomem;
	u32 *ib;
	int ret;

	ret = ruby_bo_create_kernel(rdev, ndw * 4, RUBY_DOMAIN_GTT, &rdev->cs.reset_ib);
	if (ret)
		return ret;
	ib = ruby_bo_cpu_addr(rdev->cs.reset_ib, &is_iomem);
	ib[0] = pm4_type3(PKT3_CLEAR_STATE, 1);
	ib[1] = 0;
	ib[2] = pm4_type3(PKT3_SET_RESOURCE, 1 + RESOURCE_WINDOW_DW);
	ib[3] = 0;				/* from the first descriptor */
	memset32(&ib[4], 0, RESOURCE_WINDOW_DW);	/* type 0: invalid */
	rdev->cs.reset_dw = ndw;
	return 0;
}

/* MEM_WRITE: 32-bit data */
#define MEM_WRITE_DATA32	BIT(18)
/* WAIT_REG_MEM: compare function "equal", operand in memory */
#define WAIT_REG_MEM_EQUAL	3
#define WAIT_REG_MEM_MEMORY	BIT(4)

/**
 * evergreen_ib_write_dword - IB packets that store a dword in memory
 * @ib: where to write them
 * @dst: MC address of the dword
 * @value: what to store
 *
 * Returns: the dwords written.
 */
u32 evergreen_ib_write_dword(u32 *ib, u64 dst, u32 value)
{
	ib[0] = pm4_type3(PKT3_MEM_WRITE, 4);
	ib[1] = lower_32_bits(dst);
	ib[2] = (upper_32_bits(dst) & 0xff) | MEM_WRITE_DATA32;
	ib[3] = value;
	ib[4] = 0;
	return 5;
}

/**
 * evergreen_ib_wait_dword - IB packets that wait for a dword in memory
 * @ib: where to write them
 * @addr: MC address of the dword
 * @value: the CP polls until the dword equals it
 *
 * Returns: the dwords written.
 */
u32 evergreen_ib_wait_dword(u32 *ib, u64 addr, u32 value)
{
	ib[0] = pm4_type3(PKT3_WAIT_REG_MEM, 6);
	ib[1] = WAIT_REG_MEM_EQUAL | WAIT_REG_MEM_MEMORY;
	ib[2] = lower_32_bits(addr);
	ib[3] = upper_32_bits(addr) & 0xff;
	ib[4] = value;			/* reference */
	ib[5] = 0xffffffff;		/* mask */
	ib[6] = 10;			/* poll interval */
	return 7;
}
