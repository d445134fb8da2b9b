/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * The R5xx command-stream checker's tables, for the family descriptors:
 * rcs_r500 for RV515, R520, RV560, RV570 and R580, rcs_r500_rv530 (the
 * same and its Z pipe select) for RV530.
 */
#ifndef __RUBY_R500_CS_H__
#define __RUBY_R500_CS_H__

#include "../ruby_cs_check.h"

extern const struct rcs_gen rcs_r500;
extern const struct rcs_gen rcs_r500_rv530;

#endif /* __RUBY_R500_CS_H__ */
