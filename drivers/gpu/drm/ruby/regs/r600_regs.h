/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * R6xx and R7xx registers (MMIO aperture, BAR2). Where R7xx moved a
 * register the R6xx offset is R600_<name> and the R7xx one RV770_<name>.
 */
#ifndef __RUBY_R600_REGS_H__
#define __RUBY_R600_REGS_H__

#include "ruby_reg_defs.h"

/* Configuration: VRAM size in bytes, as the VBIOS set it at POST */
#define R600_CONFIG_MEMSIZE		RUBY_REG(0x5428)

#endif /* __RUBY_R600_REGS_H__ */
