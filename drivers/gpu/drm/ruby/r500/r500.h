/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * R5xx: what the generation gives the chip table (operations, IP blocks)
 * and what its files share among themselves. Shared code includes this
 * header only from ruby_chip.c.
 */
#ifndef __RUBY_R500_H__
#define __RUBY_R500_H__

#include <linux/types.h>

#include "../regs/r500_regs.h"
#include "../ruby_chip.h"

struct ruby_device;

/* For the chip table */
extern const struct ruby_mc_funcs r500_mc_funcs;
extern const struct ruby_asic_funcs r500_asic_funcs;
extern const struct ruby_ip_block *const rv515_ip_blocks[];
extern const struct ruby_ip_block *const r520_ip_blocks[];

/* The blocks, in the lists of r500.c */
extern const struct ruby_ip_block rv515_mc_block;
extern const struct ruby_ip_block r520_mc_block;
extern const struct ruby_ip_block r500_irq_block;
extern const struct ruby_ip_block r500_gfx_block;
extern const struct ruby_ip_block r500_cp_block;
extern const struct ruby_ip_block r500_ib_test_block;
extern const struct ruby_gart_funcs r500_gart_funcs;

/* The index/data windows (probe, or under rdev->gart.lock) */
u32 r500_mc_read(struct ruby_device *rdev, struct r500_mc_reg reg);
void r500_mc_write(struct ruby_device *rdev, struct r500_mc_reg reg, u32 val);
u32 r500_pcie_read(struct ruby_device *rdev, struct r500_pcie_reg reg);
void r500_pcie_write(struct ruby_device *rdev, struct r500_pcie_reg reg, u32 val);

int r500_gui_wait_idle(struct ruby_device *rdev);
void r500_irq_process(struct ruby_device *rdev);
int r500_build_reset_ib(struct ruby_device *rdev);

/* Pure helpers, exported for KUnit */
u32 r500_gart_entry(dma_addr_t addr, bool writeable);
u32 r500_tile_config(u32 num_pipes);
u32 r500_gb_pipes(u32 gb_pipe_select, u32 max_pipes);
u32 r500_fence_scratch_addr(u64 fence_addr);
unsigned int r500_emit_fence_packets(u32 *out, u32 hdp_cntl, u32 seq);

#endif /* __RUBY_R500_H__ */
