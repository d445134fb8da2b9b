/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_REG_DEFS_H__
#define __RUBY_REG_DEFS_H__

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/types.h>

/**
 * struct ruby_reg - a register in the MMIO aperture (BAR2)
 * @addr: byte offset from the start of the aperture
 *
 * A distinct type, so a register cannot be passed where a value is
 * expected and the other way round. Registers behind index/data windows
 * (MC, PLL, SMC...) get types of their own when they are added, so they
 * cannot go through the direct MMIO path by mistake.
 */
struct ruby_reg {
	u32 addr;
};

/* A register, usable in expressions and in static initializers. */
#define RUBY_REG(offset)	((const struct ruby_reg){ .addr = (offset) })

/*
 * Register definition style (regs/\*.h):
 * - AMD's register names, with a generation prefix only where the offset
 *   or the meaning changed;
 * - the offset first, then its fields from the most significant bit down,
 *   indented two more spaces, named <REG>_<FIELD>, built with GENMASK/BIT
 *   and used through FIELD_PREP/FIELD_GET;
 * - lower-case hex, one blank line between registers.
 */

#endif /* __RUBY_REG_DEFS_H__ */
