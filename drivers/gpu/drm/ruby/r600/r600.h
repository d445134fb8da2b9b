/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * R6xx and R7xx: what the generations give the chip table (operations,
 * IP blocks) and what their files share among themselves. Shared code
 * includes this header only from ruby_chip.c.
 */
#ifndef __RUBY_R600_H__
#define __RUBY_R600_H__

#include <linux/types.h>

#include "../ruby_chip.h"

/* For the chip table */
extern const struct ruby_mc_funcs r600_mc_funcs;

#endif /* __RUBY_R600_H__ */
