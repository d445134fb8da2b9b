// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen command processor
 *
 * The command processor comes up as R6xx's does (r600/r600_cp.c); what
 * Evergreen adds at its start, after ME_INITIALIZE, is the clear-state
 * preamble that gives every context known defaults, and every shader ring
 * (ES->GS, GS->VS and the scratch rings) pointed at a kernel buffer, and
 * pointed back there after any user stream that set rings of its own (a
 * kernel IB run after it).
 *
 * The state reset run before each user stream is built here too (see
 * evergreen_build_reset_ib()).
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "../r600/r600.h"
#include "../regs/evergreen_regs.h"
#include "../regs/ruby_pm4.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_fence.h"
#include "../ruby_mmio.h"
#include "../ruby_ucode.h"
#include "evergreen.h"

#define PREAMBLE_BEGIN_CLEAR_STATE	(2 << 28)
#define PREAMBLE_END_CLEAR_STATE	(3 << 28)

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

static int evergreen_cp_restart(struct ruby_device *rdev);

static const struct ruby_ring_funcs cp_ring_funcs = {
	.nop = PM4_TYPE2_FILLER,
	.align_mask = 15,
	.ptr_shift = 0,
	.ib_dw = 4,
	.emit_ib = r600_cp_emit_ib,
	.fence_dw = 11,
	.emit_fence = r600_cp_emit_fence,
	.restart = evergreen_cp_restart,
};

/* Evergreen's shader rings: R7xx's six, then the LS and HS scratch rings */
static const struct r600_ring_runs eg_ring_runs = {
	.run = {
		{ SQ_ESGS_RING_BASE, SQ_PSTMP_RING_SIZE },
		{ SQ_LSTMP_RING_BASE, SQ_HSTMP_RING_SIZE },
	},
	.count = 2,
	.dw = R600_RING_RUNS_DW(2, 0x8c70 - 0x8c40 + 0x8e20 - 0x8e10),
};

static int cp_start(struct ruby_device *rdev, struct ruby_ring *ring)
{
	unsigned int i;
	int ret;

	ruby_write32(rdev, CP_SEM_INCOMPLETE_TIMER_CNTL, 0);
	ret = r600_cp_me_init(rdev, ring, 0);
	if (ret)
		return ret;

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
	return r600_shader_rings_point(rdev, ring, &eg_ring_runs);
}

static int evergreen_cp_restart(struct ruby_device *rdev)
{
	return r600_cp_restart(rdev, cp_start);
}

static int evergreen_cp_init(struct ruby_device *rdev)
{
	int ret;

	ret = r600_shader_rings_init(rdev, &eg_ring_runs);
	if (ret)
		return ret;
	return r600_cp_ring_init(rdev, &cp_ring_funcs);
}

const struct ruby_ip_block evergreen_cp_block = {
	.name = "cp",
	.init = evergreen_cp_init,
	.fini = r600_cp_fini,
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
	return r600_reset_ib_build(rdev, true, RESOURCE_WINDOW_DW);
}
