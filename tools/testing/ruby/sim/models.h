/* SPDX-License-Identifier: GPL-2.0-only */
/* Register blocks the device models provide, for the ASIC table. */
#ifndef RUBY_SIM_MODELS_H
#define RUBY_SIM_MODELS_H

#include "sim.h"

extern const struct sim_block sim_evergreen_config_block;
extern const struct sim_block sim_evergreen_mc_block;
extern const struct sim_block sim_evergreen_crtc0_3_block;
extern const struct sim_block sim_evergreen_crtc4_5_block;
extern const struct sim_block sim_evergreen_vm_block;
extern const struct sim_block sim_evergreen_md_tlb3_block;
extern const struct sim_block sim_evergreen_ucode_block;
extern const struct sim_block sim_evergreen_cp_block;
extern const struct sim_block sim_evergreen_ih_block;
extern const struct sim_block sim_evergreen_dma_block;
extern const struct sim_block sim_rv770_mc_block;
extern const struct sim_block sim_rv770_config_block;
extern const struct sim_block sim_avivo_crtc_block;

void sim_mc_init(struct sim *sim);
void sim_clock_capture_write(struct sim *sim, const struct sim_reg *reg,
			     uint32_t val);

#endif /* RUBY_SIM_MODELS_H */
