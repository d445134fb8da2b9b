/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * Evergreen and Northern Islands (BTC): what the generation gives the chip
 * table (operations, IP blocks) and what its files share among themselves.
 * Shared code includes this header only from ruby_chip.c.
 */
#ifndef __RUBY_EVERGREEN_H__
#define __RUBY_EVERGREEN_H__

#include <linux/types.h>

#include "../r600/r600.h"
#include "../ruby_chip.h"

struct ruby_device;
struct ruby_iv;

/* For the chip table */
extern const struct ruby_asic_funcs evergreen_asic_funcs;
extern const struct ruby_ip_block *const evergreen_ip_blocks[];
extern const struct ruby_mc_funcs evergreen_mc_funcs;

/* The generation's blocks, in evergreen_ip_blocks[] (R6xx's others) */
extern const struct ruby_ip_block evergreen_mc_block;
extern const struct ruby_ip_block evergreen_dce_block;
extern const struct ruby_ip_block evergreen_ih_block;
extern const struct ruby_ip_block evergreen_gfx_config_block;
extern const struct ruby_ip_block evergreen_cp_block;
extern const struct ruby_ip_block evergreen_dma_block;

/* The hooks of evergreen_asic_funcs, from the files that program them */
int evergreen_build_reset_ib(struct ruby_device *rdev);

/* Distance of each display controller's registers from CRTC0's */
#define EVERGREEN_MAX_CRTC	6
extern const u32 evergreen_crtc_offsets[EVERGREEN_MAX_CRTC];
unsigned int evergreen_num_crtc(const struct ruby_device *rdev);

struct ruby_atom_connector;
int evergreen_dce_hpd_pin(const struct ruby_atom_connector *con);

/* Pure helpers, exported for KUnit */
u32 evergreen_backend_map(u32 num_pipes_log2, u32 max_rbs, u32 disabled);
u32 evergreen_tile_config(u32 tile_pipes, u32 ramcfg, u32 gb_addr_config,
			  bool igp);

#endif /* __RUBY_EVERGREEN_H__ */
