// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx run-list controller
 *
 * The RLC runs its own microcode; ruby only needs it running (it latches
 * the GPU clock counter the INFO ioctl reads), so it is started with no
 * power-gating or clear-state buffers: stopped, its ring buffers cleared,
 * microcode in, started; stopped again on remove. R6xx, R7xx and
 * Evergreen/NI program it alike, except that R7xx must soft-reset it
 * before it stops.
 */

#include <linux/delay.h>

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "../ruby_ucode.h"
#include "r600.h"

static void rlc_stop(struct ruby_device *rdev)
{
	if (rdev->chip.desc->gen == RUBY_GEN_R700) {
		ruby_write32(rdev, SRBM_SOFT_RESET, SOFT_RESET_RLC);
		ruby_read32(rdev, SRBM_SOFT_RESET);	/* post the write */
		mdelay(15);
		ruby_write32(rdev, SRBM_SOFT_RESET, 0);
		ruby_read32(rdev, SRBM_SOFT_RESET);
	}
	ruby_write32(rdev, RLC_CNTL, 0);
}

/* The RLC: stopped, its ring buffers cleared, microcode in, started. */
static int r600_rlc_init(struct ruby_device *rdev)
{
	rlc_stop(rdev);
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

static void r600_rlc_fini(struct ruby_device *rdev)
{
	rlc_stop(rdev);
}

const struct ruby_ip_block r600_rlc_block = {
	.name = "rlc",
	.init = r600_rlc_init,
	.fini = r600_rlc_fini,
};
