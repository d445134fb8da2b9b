/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * The R6xx/R7xx command-stream checker's tables, for the family
 * descriptors: rcs_r600 for RV610 to RV670 and the RS780/RS880 IGPs (no
 * DMA engine streams, no STRMOUT_BASE_UPDATE), rcs_r600_r600 for R600
 * itself (the same, without SURFACE_BASE_UPDATE), rcs_r700 for RV770 to
 * RV740.
 */
#ifndef __RUBY_R600_CS_H__
#define __RUBY_R600_CS_H__

#include "../ruby_cs_check.h"

extern const struct rcs_gen rcs_r600, rcs_r600_r600, rcs_r700;

#endif /* __RUBY_R600_CS_H__ */
