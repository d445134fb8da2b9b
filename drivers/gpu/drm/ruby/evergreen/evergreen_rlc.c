// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen run-list controller
 *
 * The RLC runs its own microcode; ruby only needs it running (it latches
 * the GPU clock counter the INFO ioctl reads), so it is started with no
 * power-gating or clear-state buffers: stopped, its ring buffers cleared,
 * microcode in, started; stopped again on remove.
 */

#include "../regs/evergreen_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "../ruby_ucode.h"
#include "evergreen.h"

/* The RLC: stopped, its ring buffers cleared, microcode in, started. */
static int evergreen_rlc_init(struct ruby_device *rdev)
{
	ruby_write32(rdev, RLC_CNTL, 0);
	ruby_write32(rdev, RLC_HB_CNTL, 0);
	ruby_write32(rdev, RLC_HB_RPTR, 0);
	ruby_write32(rdev, RLC_HB_WPTR, 0);
	ruby_write32(rdev, RLC_HB_WPTR_LSB_ADDR, 0);
	ruby_write32(rdev, RLC_HB_WPTR_MSB_ADDR, 0);
	ruby_write32(rdev, RLC_MC_CNTL, 0);
	ruby_write32(rdev, RLC_UCODE_CNTL, 0);
	ruby_ucode_write(rdev, rdev->ucode.rlc, RLC_UCODE_ADDR, RLC_UCODE_DATA);
	ruby_write32(rdev, RLC_CNTL, RLC_ENABLE);
	return 0;
}

static void evergreen_rlc_fini(struct ruby_device *rdev)
{
	ruby_write32(rdev, RLC_CNTL, 0);
}

const struct ruby_ip_block evergreen_rlc_block = {
	.name = "rlc",
	.init = evergreen_rlc_init,
	.fini = evergreen_rlc_fini,
};
