/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Evergreen and Northern Islands registers (MMIO aperture, BAR2).
 */
#ifndef __RUBY_EVERGREEN_REGS_H__
#define __RUBY_EVERGREEN_REGS_H__

#include "ruby_reg_defs.h"

/* VRAM size as POSTed by the VBIOS: MiB on dGPUs, bytes on Palm/Sumo */
#define CONFIG_MEMSIZE			RUBY_REG(0x5428)

#endif /* __RUBY_EVERGREEN_REGS_H__ */
