// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx memory controller
 *
 * R6xx and R7xx report their VRAM size in CONFIG_MEMSIZE in bytes (the
 * MiB count is Evergreen's).
 */

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "r600.h"

/* A register that reads all ones has no live hardware behind it. */
#define MMIO_DEAD	0xffffffff

static u64 mc_r600_vram_size(struct ruby_device *rdev)
{
	u32 bytes = ruby_read32(rdev, R600_CONFIG_MEMSIZE);

	return bytes == MMIO_DEAD ? 0 : bytes;
}

const struct ruby_mc_funcs r600_mc_funcs = {
	.vram_size = mc_r600_vram_size,
};
