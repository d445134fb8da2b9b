/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_MMIO_H__
#define __RUBY_MMIO_H__

#include <linux/delay.h>
#include <linux/io.h>
#include <kunit/test-bug.h>

#include "regs/ruby_reg_defs.h"
#include "ruby_device.h"

/*
 * A unit test has no hardware behind rdev->mmio: touching a register from
 * one is a bug in the test or in the code under test, so fail it loudly.
 */
static inline void ruby_mmio_check_context(void)
{
	kunit_fail_current_test("register access in a unit test");
}

/**
 * ruby_read32 - read a register of the MMIO aperture
 * @rdev: the device
 * @reg: the register
 *
 * Each read is a round trip over PCIe: keep them off hot paths.
 *
 * Returns: the register's value.
 */
static inline u32 ruby_read32(struct ruby_device *rdev, struct ruby_reg reg)
{
	ruby_mmio_check_context();
	return readl(rdev->mmio + reg.addr);
}

/**
 * ruby_write32 - write a register of the MMIO aperture
 * @rdev: the device
 * @reg: the register
 * @val: the value
 */
static inline void ruby_write32(struct ruby_device *rdev, struct ruby_reg reg,
				u32 val)
{
	ruby_mmio_check_context();
	writel(val, rdev->mmio + reg.addr);
}

/**
 * ruby_poll32 - wait until a register's bits read as wanted
 * @rdev: the device
 * @reg: the register
 * @mask: the bits compared
 * @want: the value those bits must have
 * @last: (optional) out: the register as last read
 *
 * Reads every microsecond, RUBY_USEC_TIMEOUT times at most: for bring-up
 * and tests, never a hot path.
 *
 * Returns: 0, or -ETIMEDOUT.
 */
static inline int ruby_poll32(struct ruby_device *rdev, struct ruby_reg reg, u32 mask,
			      u32 want, u32 *last)
{
	unsigned int i;
	u32 val = 0;

	for (i = 0; i < RUBY_USEC_TIMEOUT; i++) {
		val = ruby_read32(rdev, reg);
		if ((val & mask) == want)
			break;
		udelay(1);
	}
	if (last)
		*last = val;
	return (val & mask) == want ? 0 : -ETIMEDOUT;
}

#endif /* __RUBY_MMIO_H__ */
