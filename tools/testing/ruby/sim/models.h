/* SPDX-License-Identifier: GPL-2.0-only */
/* Register blocks the device models provide, for the ASIC table. */
#ifndef RUBY_SIM_MODELS_H
#define RUBY_SIM_MODELS_H

#include "sim.h"

extern const struct sim_block sim_evergreen_config_block;
void sim_evergreen_post(struct sim *sim);
extern const struct sim_block sim_lb_block;
const char *sim_lb_underflow(const struct sim *sim, unsigned int crtc);
extern const struct sim_block sim_evergreen_mc_block;
extern const struct sim_block sim_evergreen_rom_ctl_block;
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

extern const struct sim_block sim_r600_config_block;
extern const struct sim_block sim_r600_mc_block;
extern const struct sim_block sim_r600_vm_block;
extern const struct sim_vm_map sim_evergreen_vm_map;
extern const struct sim_vm_map sim_r600_vm_map;

void sim_mc_init(struct sim *sim);
void sim_clock_capture_write(struct sim *sim, const struct sim_reg *reg,
			     uint32_t val);

/* r600.c: what R6xx's and R7xx's configuration blocks share */
uint32_t sim_r600_memsize_read(struct sim *sim, const struct sim_reg *reg);
void sim_r600_ro_write(struct sim *sim, const struct sim_reg *reg, uint32_t val);

#define SIM_RO(off, name, val)	{ off, name, val, NULL, sim_r600_ro_write }
#define SIM_STORE(off, name)	{ off, name, 0, NULL, NULL }

/*
 * R6xx/R7xx: VRAM size in bytes, the GPU clock counter, an idle GPU whose
 * SIMDs and render backends all work, the tiling registers (the DMA
 * engine's copy at @dma_tiling) and the scratch registers
 */
#define SIM_R600_CONFIG_REGS(dma_tiling)				\
	{ 0x5428, "CONFIG_MEMSIZE", 0, sim_r600_memsize_read,		\
	  sim_r600_ro_write },						\
	{ 0x3f40, "RLC_CAPTURE_GPU_CLOCK_COUNT", 0, NULL,		\
	  sim_clock_capture_write },					\
	SIM_RO(0x3f38, "RLC_GPU_CLOCK_COUNT_LSB", 0),			\
	SIM_RO(0x3f3c, "RLC_GPU_CLOCK_COUNT_MSB", 0),			\
	SIM_RO(0x8014, "GRBM_STATUS2", 0),				\
	SIM_RO(0x8950, "CC_GC_SHADER_PIPE_CONFIG", 0),			\
	SIM_RO(0x98f4, "CC_RB_BACKEND_DISABLE", 0),			\
	SIM_STORE(0x98f0, "GB_TILING_CONFIG"),				\
	SIM_STORE(0x6ca0, "DCP_TILING_CONFIG"),				\
	SIM_STORE(0x2f3c, "HDP_TILING_CONFIG"),				\
	SIM_STORE(dma_tiling, "DMA_TILING_CONFIG"),			\
	SIM_STORE(0x8500, "SCRATCH_REG0"), SIM_STORE(0x8504, "SCRATCH_REG1"), \
	SIM_STORE(0x8508, "SCRATCH_REG2"), SIM_STORE(0x850c, "SCRATCH_REG3"), \
	SIM_STORE(0x8510, "SCRATCH_REG4"), SIM_STORE(0x8514, "SCRATCH_REG5"), \
	SIM_STORE(0x8518, "SCRATCH_REG6"), SIM_STORE(0x851c, "SCRATCH_REG7")

#endif /* RUBY_SIM_MODELS_H */
