// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen interrupt ring
 *
 * Evergreen's IH is R6xx's (r600/r600_ih.c): the same ring, vectors and
 * sources. Only the interrupts turned off at bring-up differ: the system
 * bus's and the DCE4 display controllers'.
 */

#include "../r600/r600.h"
#include "../regs/evergreen_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

static void evergreen_ih_disable_display(struct ruby_device *rdev)
{
	unsigned int i, n = evergreen_num_crtc(rdev);

	ruby_write32(rdev, SRBM_INT_CNTL, 0);
	for (i = 0; i < n; i++) {
		ruby_write32(rdev, RUBY_REG(EG_INT_MASK + evergreen_crtc_offsets[i]), 0);
		ruby_write32(rdev, RUBY_REG(EG_GRPH_INT_CONTROL + evergreen_crtc_offsets[i]), 0);
	}
}

static int evergreen_ih_init(struct ruby_device *rdev)
{
	return r600_ih_bringup(rdev, evergreen_ih_disable_display);
}

static void evergreen_ih_fini(struct ruby_device *rdev)
{
	r600_ih_teardown(rdev, evergreen_ih_disable_display);
}

const struct ruby_ip_block evergreen_ih_block = {
	.name = "ih",
	.init = evergreen_ih_init,
	.fini = evergreen_ih_fini,
};
