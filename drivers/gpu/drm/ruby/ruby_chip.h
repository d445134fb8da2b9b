/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_CHIP_H__
#define __RUBY_CHIP_H__

#include <linux/bits.h>
#include <linux/mod_devicetable.h>
#include <linux/types.h>

#include "regs/ruby_reg_defs.h"

struct rcs_gen;
struct ruby_device;
struct ruby_gart_funcs;
struct ruby_ih_funcs;

/**
 * enum ruby_gen - GPU generation, in chronological order so ranges work
 * @RUBY_GEN_R500: R5xx, Radeon X1000 (r300-class 3D engine)
 * @RUBY_GEN_R600: R6xx, HD 2000-3000
 * @RUBY_GEN_R700: R7xx, HD 4000
 * @RUBY_GEN_EVERGREEN: Evergreen, HD 5000 (incl. the Palm/Sumo IGPs)
 * @RUBY_GEN_NI: Northern Islands, HD 6000 (BTC and Cayman)
 * @RUBY_GEN_SI: Southern Islands, HD 7000 (GCN 1)
 * @RUBY_GEN_COUNT: number of generations
 *
 * Sub-variants inside a generation (IGP, BTC vs Cayman, ...) are feature
 * bits of the family descriptor, never more generations.
 */
enum ruby_gen {
	RUBY_GEN_R500,
	RUBY_GEN_R600,
	RUBY_GEN_R700,
	RUBY_GEN_EVERGREEN,
	RUBY_GEN_NI,
	RUBY_GEN_SI,
	RUBY_GEN_COUNT
};

/*
 * enum ruby_family - ASIC family, the unit the hardware tables are keyed by.
 * AMD's code names; RUBY_FAMILY_COUNT is the number of families.
 */
enum ruby_family {
	RUBY_FAMILY_RV515,
	RUBY_FAMILY_R520,
	RUBY_FAMILY_RV530,
	RUBY_FAMILY_RV560,
	RUBY_FAMILY_RV570,
	RUBY_FAMILY_R580,
	RUBY_FAMILY_RS600,
	RUBY_FAMILY_RS690,
	RUBY_FAMILY_RS740,
	RUBY_FAMILY_R600,
	RUBY_FAMILY_RV610,
	RUBY_FAMILY_RV630,
	RUBY_FAMILY_RV620,
	RUBY_FAMILY_RV635,
	RUBY_FAMILY_RV670,
	RUBY_FAMILY_RS780,
	RUBY_FAMILY_RS880,
	RUBY_FAMILY_RV770,
	RUBY_FAMILY_RV730,
	RUBY_FAMILY_RV710,
	RUBY_FAMILY_RV740,
	RUBY_FAMILY_CEDAR,
	RUBY_FAMILY_REDWOOD,
	RUBY_FAMILY_JUNIPER,
	RUBY_FAMILY_CYPRESS,
	RUBY_FAMILY_HEMLOCK,
	RUBY_FAMILY_PALM,
	RUBY_FAMILY_SUMO,
	RUBY_FAMILY_SUMO2,
	RUBY_FAMILY_BARTS,
	RUBY_FAMILY_TURKS,
	RUBY_FAMILY_CAICOS,
	RUBY_FAMILY_CAYMAN,
	RUBY_FAMILY_COUNT
};

/* Feature bits of a family (enum ruby_feature indexes them). */
#define RUBY_FEAT_IGP		BIT(0)	/* integrated: VRAM is carved-out RAM */
/*
 * An async DMA ring: user streams (RADEON_CS_RING_DMA) and TTM's copies
 * run on it. R6xx has the engine, but radeon never started it there and
 * its ABI refuses DMA streams below RV770: those chips have no such bit.
 */
#define RUBY_FEAT_DMA		BIT(1)
#define RUBY_FEAT_MC_UCODE	BIT(2)	/* GDDR5 MC sequencer needs microcode */
#define RUBY_FEAT_VM		BIT(3)	/* per-process GPU virtual memory */
#define RUBY_FEAT_RB_FUSE_RCU	BIT(4)	/* disabled RBs in the RCU efuse straps */
/*
 * INFO ACCEL_WORKING reads false: xf86-video-ati before 6.13 hangs
 * accelerating on these, and userspace has keyed on it since (2.5)
 */
#define RUBY_FEAT_ACCEL_WORKING_FALSE	BIT(5)
/*
 * RV770-RV740 hardware bug: HDP_MEM_COHERENCY_FLUSH_CNTL does not flush
 * the host data path; a write of HDP_DEBUG1 followed by a read of VRAM
 * through it does
 */
#define RUBY_FEAT_HDP_DEBUG1_FLUSH	BIT(6)

/* Per-device flags, carried in the PCI table next to the family. */
#define RUBY_CHIP_MOBILITY	BIT(0)

/**
 * struct ruby_mc_funcs - memory-controller operations of a family
 * @vram_size: VRAM size in bytes as the (POSTed) memory controller reports it
 */
struct ruby_mc_funcs {
	u64 (*vram_size)(struct ruby_device *rdev);
};

/**
 * struct ruby_named_reg - a register with AMD's name for it
 * @name: the name, as debugfs prints it
 * @reg: the register
 */
struct ruby_named_reg {
	const char *name;
	struct ruby_reg reg;
};

/**
 * struct ruby_asic_funcs - what shared code asks of a generation
 * @gart: VM context 0 programming under the shared GART logic
 * @ih: the interrupt ring's registers and vector format
 * @build_reset_ib: build rdev->cs.reset_ib (and reset_dw), the kernel IB
 *	that returns the GFX engine to a known state before every user stream
 * @ib_write_dword: write into @ib the packets that store @value at MC
 *	address @dst; returns the dwords written (at most 64: the slot of a
 *	scheduler test job)
 * @ib_wait_dword: write into @ib the packets that make the engine wait
 *	until the dword at MC address @addr equals @value; returns the
 *	dwords written (at most 64)
 * @gpu_clock: latch and read the GPU clock counter (rdev->clock_lock held)
 * @xclk: the reference clock in 10 kHz units, as the clock pins divide it
 * @status_regs: the registers debugfs ruby_regs shows, in order
 * @num_status_regs: entries of @status_regs
 * @user_regs: the registers RADEON_INFO_READ_REG may read
 * @num_user_regs: entries of @user_regs
 * @read_disabled_rom: (optional) switch on the expansion ROM the chip
 *	keeps disabled, call @read with @arg, and put every register it
 *	changed back, whatever @read returned; returns what @read returned.
 *	The video BIOS's disabled-ROM source; NULL where the generation has
 *	no such switch
 * @irq_process: (optional) handle what the interrupt reported, from the
 *	IRQ thread; NULL where the generation reports through the IH ring
 *	(@ih), which the shared ruby_ih_process() walks
 *
 * @ib_write_dword, @ib_wait_dword and @gpu_clock are optional where the
 * generation has no such packets or counter (R5xx: no memory write or wait
 * packets, no clock counter): the scheduler test and INFO TIMESTAMP then
 * refuse.
 *
 * One const instance per generation, in that generation's folder; shared
 * code reaches registers and packets only through it, the IP blocks of
 * &struct ruby_family_desc and the ring operations those blocks install.
 */
struct ruby_asic_funcs {
	const struct ruby_gart_funcs *gart;
	const struct ruby_ih_funcs *ih;
	int (*build_reset_ib)(struct ruby_device *rdev);
	u32 (*ib_write_dword)(u32 *ib, u64 dst, u32 value);
	u32 (*ib_wait_dword)(u32 *ib, u64 addr, u32 value);
	u64 (*gpu_clock)(struct ruby_device *rdev);
	u32 (*xclk)(struct ruby_device *rdev);
	const struct ruby_named_reg *status_regs;
	unsigned int num_status_regs;
	const struct ruby_reg *user_regs;
	unsigned int num_user_regs;
	int (*read_disabled_rom)(struct ruby_device *rdev,
				 int (*read)(struct ruby_device *rdev, void *arg),
				 void *arg);
	void (*irq_process)(struct ruby_device *rdev);
};

/**
 * struct ruby_ip_block - one hardware block brought up at probe
 * @name: short name used in log messages
 * @init: bring the block up; returns 0 or a negative errno. Resources are
 *	managed (devm/drmm), so a failing init only undoes its own hardware
 *	programming.
 * @fini: quiesce the block's hardware on remove (optional). Runs in the
 *	reverse order of @init, after the DRM device is unplugged.
 */
struct ruby_ip_block {
	const char *name;
	int (*init)(struct ruby_device *rdev);
	void (*fini)(struct ruby_device *rdev);
};

/**
 * struct ruby_family_desc - everything that differs between families
 * @name: AMD's code name, as in firmware file names ("CEDAR")
 * @family: the family this row describes
 * @gen: generation
 * @features: RUBY_FEAT_* bits
 * @dma_bits: width of the addresses the GPU can reach in system memory
 * @num_crtc: display controllers
 * @md_l1_tlb: offset of the first of the three MC_VM_MD_L1_TLBn_CNTL
 *	registers (they moved on the Fusion IGPs)
 * @md_l1_tlb3: the chip has a fourth one, MC_VM_MD_L1_TLB3_CNTL
 * @max_hw_contexts: render contexts the CP can keep in flight
 * @ucode: microcode files: indices into ruby_ucode_files[], 0 = none
 * @gfx: shader-engine layout: the most the family has of each unit (the
 *	fuses of a given board may disable some), and the golden
 *	GB_ADDR_CONFIG the tiling layout is programmed with; on R5xx,
 *	@gfx.max_pipes counts the quad (GB) pipes and @gfx.max_z_pipes the
 *	Z pipes, which the straps of a board may lower
 * @xclk_10khz: reference clock in 10 kHz units (the board's crystal)
 * @mc: memory-controller operations
 * @asic: the generation's operations (NULL where @ip_blocks is)
 * @cs: the generation's command-stream checker tables
 * @ip_blocks: blocks brought up at probe, in order; NULL-terminated. NULL
 *	for a family ruby knows but cannot bring up yet: probe declines it
 * @declined: (optional) why @ip_blocks is NULL, for probe's message
 */
struct ruby_family_desc {
	const char *name;
	enum ruby_family family;
	enum ruby_gen gen;
	u32 features;
	u8 dma_bits;
	u8 num_crtc;
	u16 md_l1_tlb;
	bool md_l1_tlb3;
	u8 max_hw_contexts;
	struct {
		u8 pfp, me, rlc, mc;
	} ucode;
	struct {
		u8 num_ses, max_pipes, max_tile_pipes, max_simds, max_backends;
		u8 max_z_pipes;
		u32 gb_addr_config;
	} gfx;
	u16 xclk_10khz;
	const struct ruby_mc_funcs *mc;
	const struct ruby_asic_funcs *asic;
	const struct rcs_gen *cs;
	const struct ruby_ip_block *const *ip_blocks;
	const char *declined;
};

/**
 * struct ruby_chip_info - what probe learns about one device
 * @desc: its family descriptor
 * @flags: RUBY_CHIP_* bits from the PCI table
 */
struct ruby_chip_info {
	const struct ruby_family_desc *desc;
	u32 flags;
};

extern const struct pci_device_id ruby_pci_ids[];

int ruby_chip_lookup(const struct pci_device_id *id,
		     struct ruby_chip_info *info);
const struct ruby_family_desc *ruby_family_get(enum ruby_family family);
const char *ruby_gen_name(enum ruby_gen gen);

#endif /* __RUBY_CHIP_H__ */
