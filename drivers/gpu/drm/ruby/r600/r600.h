/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * R6xx and R7xx: what the generations give the chip table (operations,
 * IP blocks), what their files share among themselves, and the blocks
 * Evergreen/NI program the same way and so take from here. Shared code
 * includes this header only from ruby_chip.c.
 */
#ifndef __RUBY_R600_H__
#define __RUBY_R600_H__

#include <linux/types.h>

#include "../regs/ruby_reg_defs.h"
#include "../ruby_chip.h"

struct ruby_device;
struct ruby_ring;
struct ruby_ring_funcs;

/* For the chip table */
extern const struct ruby_mc_funcs r600_mc_funcs;
extern const struct ruby_asic_funcs r600_asic_funcs;
extern const struct ruby_asic_funcs rv770_asic_funcs;
extern const struct ruby_ip_block *const r600_ip_blocks[];
extern const struct ruby_ip_block *const rv770_ip_blocks[];

/* R6xx's blocks, in r600_ip_blocks[] */
extern const struct ruby_ip_block r600_mc_block;
extern const struct ruby_ip_block r600_gfx_config_block;
extern const struct ruby_ip_block r600_cp_block;
extern const struct ruby_gart_funcs r600_gart_funcs;

/* R7xx's blocks, in rv770_ip_blocks[] */
extern const struct ruby_ip_block rv770_mc_block;
extern const struct ruby_ip_block rv770_ih_block;
extern const struct ruby_ip_block rv770_gfx_config_block;
extern const struct ruby_ip_block rv770_cp_block;
extern const struct ruby_ip_block rv770_dma_block;

/* Blocks and hooks R6xx/R7xx share with Evergreen/NI */
extern const struct ruby_ip_block r600_rlc_block;
extern const struct ruby_ip_block r600_ib_test_block;
extern const struct ruby_gart_funcs rv770_gart_funcs;
int r600_gart_flush(struct ruby_device *rdev);
extern const struct ruby_ih_funcs r600_ih_funcs;
u64 r600_gpu_clock(struct ruby_device *rdev);
u32 rv770_xclk(struct ruby_device *rdev);
u32 r600_ib_write_dword(u32 *ib, u64 dst, u32 value);
u32 r600_ib_wait_dword(u32 *ib, u64 addr, u32 value);

/* The command processor, as every generation from R6xx brings it up */
void r600_cp_emit_ib(struct ruby_ring *ring, u64 addr, u32 ndw);
void r600_cp_emit_fence(struct ruby_ring *ring, u64 addr, u32 seq);
void r600_cp_halt(struct ruby_device *rdev);
int r600_cp_me_init(struct ruby_device *rdev, struct ruby_ring *ring, u32 mode);
int r600_cp_restart(struct ruby_device *rdev,
		    int (*start)(struct ruby_device *rdev, struct ruby_ring *ring));
int r600_cp_ring_init(struct ruby_device *rdev, const struct ruby_ring_funcs *funcs);
void r600_cp_fini(struct ruby_device *rdev);

/**
 * struct r600_ring_runs - a generation's shader ring registers
 * @run: runs of base/size register pairs, each from a base to a size
 * @count: runs in @run
 * @dw: dwords of the SET_CONFIG_REG packets that set them all
 */
struct r600_ring_runs {
	struct {
		struct ruby_reg first, last;
	} run[2];
	unsigned int count;
	u32 dw;
};

/* Dwords of @runs SET_CONFIG_REG packets setting @bytes of ring registers */
#define R600_RING_RUNS_DW(runs, bytes)	(2 * (runs) + (bytes) / 4)
#define R600_RING_RUNS_MAX_DW		R600_RING_RUNS_DW(2, 0x30 + 0x10)

int r600_shader_rings_init(struct ruby_device *rdev, const struct r600_ring_runs *runs);
int r600_shader_rings_point(struct ruby_device *rdev, struct ruby_ring *ring,
			    const struct r600_ring_runs *runs);
int r600_build_reset_ib(struct ruby_device *rdev);
int r600_reset_ib_build(struct ruby_device *rdev, bool clear_state, u32 window_dw);

/* The async DMA engine; the callers give their packets and reset bit */
int rv770_dma_restart(struct ruby_device *rdev, u32 reset_bit);
int rv770_dma_bringup(struct ruby_device *rdev, const struct ruby_ring_funcs *funcs);
void rv770_dma_fini(struct ruby_device *rdev);

/* The interrupt ring; the callers turn their display interrupts off */
int r600_ih_bringup(struct ruby_device *rdev,
		    void (*disable_display)(struct ruby_device *rdev));
void r600_ih_teardown(struct ruby_device *rdev,
		      void (*disable_display)(struct ruby_device *rdev));

/**
 * struct r600_mc_regs - where a generation has what the MC program touches
 * @fb_location: MC_VM_FB_LOCATION
 * @agp_top: MC_VM_AGP_TOP
 * @agp_bot: MC_VM_AGP_BOT
 * @agp_base: MC_VM_AGP_BASE
 * @aperture_low: MC_VM_SYSTEM_APERTURE_LOW_ADDR
 * @aperture_high: MC_VM_SYSTEM_APERTURE_HIGH_ADDR
 * @aperture_default: MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR
 * @blackout: the register that blacks the memory controller out
 * @blackout_mask: its blackout field
 * @blackout_on: the field's value while blacked out
 * @crtc_control: CRTC0's control register (offset)
 * @crtc_lock: CRTC0's update lock (offset)
 * @crtc_enable: the master enable bit in @crtc_control
 * @crtc_offsets: each CRTC's distance from CRTC0
 * @max_crtc: entries of @crtc_offsets
 */
struct r600_mc_regs {
	struct ruby_reg fb_location, agp_top, agp_bot, agp_base;
	struct ruby_reg aperture_low, aperture_high, aperture_default;
	struct ruby_reg blackout;
	u32 blackout_mask, blackout_on;
	u32 crtc_control, crtc_lock, crtc_enable;
	const u32 *crtc_offsets;
	unsigned int max_crtc;
};

int r600_mc_bringup(struct ruby_device *rdev, const struct r600_mc_regs *regs);

/**
 * struct r600_vm_regs - where a generation has VM context 0's registers
 * @pt_base: VM_CONTEXT0_PAGE_TABLE_BASE_ADDR
 * @pt_start: VM_CONTEXT0_PAGE_TABLE_START_ADDR
 * @pt_end: VM_CONTEXT0_PAGE_TABLE_END_ADDR
 * @fault_default: VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR
 */
struct r600_vm_regs {
	struct ruby_reg pt_base, pt_start, pt_end, fault_default;
};

void r600_vm_context0_enable(struct ruby_device *rdev,
			     const struct r600_vm_regs *regs, u64 table_addr);
void r600_vm_l2_enable(struct ruby_device *rdev, u32 cntl3);
void r600_vm_l2_disable(struct ruby_device *rdev);

/* Pure helpers and R6xx's GFX ring packets, exported for KUnit */
#if IS_ENABLED(CONFIG_KUNIT)
extern const struct ruby_ring_funcs r600_cp_dma_ring_funcs;
#endif
struct ruby_iv;
void r600_ih_decode(const __le32 *v, struct ruby_iv *iv);
u32 r600_backend_map(u32 pipes_log2, u32 max_rbs, u32 disabled, u32 field_bits);
u32 r600_tiling_config(u32 tile_pipes, u32 backend_map, u32 ramcfg);
u32 rv770_tiling_config(u32 tile_pipes, u32 backend_map, u32 ramcfg);

#endif /* __RUBY_R600_H__ */
