/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ruby-sim: the simulated Radeon. Core state shared by the models.
 *
 * The device models (register blocks, VRAM, and later the command
 * processor, interrupt handler, memory controller...) only see a struct
 * sim and the few calls below; they know nothing of the transport, so the
 * same models can be linked into host test programs.
 */
#ifndef RUBY_SIM_H
#define RUBY_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIM_BAR2_SIZE		(256u * 1024)	/* register aperture */
#define SIM_NR_REGS		(SIM_BAR2_SIZE / 4)
#define SIM_CFG_SIZE		4096u
#define SIM_ROM_SIZE		(128u * 1024)	/* expansion ROM BAR */
#define SIM_ROM_BAR		6		/* virt-pci's bar number of the ROM */

struct sim;
struct sim_display;
struct sim_r500_chip;
struct sim_dp;
struct sim_reg;

typedef uint32_t (*sim_reg_read_fn)(struct sim *sim, const struct sim_reg *reg);
typedef void (*sim_reg_write_fn)(struct sim *sim, const struct sim_reg *reg,
				 uint32_t val);

/**
 * struct sim_reg - one modelled register of BAR2
 * @offset: byte offset in BAR2
 * @name: AMD's name, for the event log
 * @reset: value after reset
 * @read: optional read hook; without one, reads return the stored value
 * @write: optional write hook; without one, writes store the value
 */
struct sim_reg {
	uint32_t offset;
	const char *name;
	uint32_t reset;
	sim_reg_read_fn read;
	sim_reg_write_fn write;
};

/** struct sim_block - a table of registers a model adds to the register file */
struct sim_block {
	const char *name;
	const struct sim_reg *regs;
	size_t nregs;
};

/**
 * struct sim_vm_map - where a generation has the registers memory access
 * goes by: the FB location and VM context 0's page table (R6xx moved both)
 */
struct sim_vm_map {
	uint32_t fb_location;
	uint32_t pt_base, pt_start, pt_end;
};

/**
 * struct sim_asic - one row of the ASIC table
 * @vm: its FB location and VM context 0 registers
 * @cp_dma_data: CP_DMA takes a dword of data as source (Evergreen on)
 * @blocks: register blocks of this ASIC, NULL-terminated
 */
struct sim_asic {
	const char *name;
	uint16_t device_id;
	const char *family;
	const char *generation;
	unsigned int vram_mib;
	unsigned int rbs;		/* render backends */
	unsigned int ses;		/* shader engines */
	const char *fw_name;		/* microcode: <fw_name>_pfp.bin ... */
	const char *rlc_name;		/* <rlc_name>_rlc.bin */
	bool dma_r7xx;			/* DMA packets in R6xx/R7xx layout */
	uint32_t dma_reset_bit;		/* the DMA engine's SRBM_SOFT_RESET bit */
	const struct sim_vm_map *vm;
	bool cp_dma_data;
	bool has_vbios;			/* the board has vbios.c's ROM */
	const struct sim_block *const *blocks;
	/*
	 * The generation's draw oracle, every operand a draw reaches
	 * (NULL: Evergreen's, in cp.c), and the type-3 packets only it has
	 * (NULL: none): 0, or -1 with the reason the CP hangs in @why.
	 */
	uint32_t strmout_cntl;		/* CP_STRMOUT_CNTL, if not Evergreen's */
	int (*draw)(struct sim *sim, uint32_t vertices, const char **why);
	int (*exec_type3)(struct sim *sim, uint32_t op, const uint32_t *b, uint32_t n,
			  const char **why);
	/*
	 * What the system firmware's POST (the VBIOS's ASIC_Init) leaves in
	 * the registers, run at start unless --cold; NULL: the registers'
	 * models report a POSTed card by themselves, and --cold is refused
	 */
	void (*post)(struct sim *sim);
	/*
	 * Generations unlike R6xx on (R5xx): the register BAR's size in KiB
	 * (0: SIM_BAR2_SIZE), the one microcode file the ME alone takes,
	 * <fw_name>_<cp_ucode>.bin (NULL: PFP, ME and RLC files), the chip's
	 * facts for its models, its GPU address translation (NULL: gart.c's
	 * VM context 0) and what its models hold at power-on besides the
	 * registers' reset values (NULL: nothing)
	 */
	unsigned int bar2_kib;
	const char *cp_ucode;
	const struct sim_r500_chip *r500;
	void *(*translate)(struct sim *sim, uint64_t addr, size_t len, bool write);
	void (*init)(struct sim *sim);
};

struct sim_stats {
	uint64_t cfg, mmio_reads, mmio_writes, msi, unmodelled;
	uint64_t gart_faults, ucode_mismatch, cp_hangs, cp_stalls, cp_resets;
	uint64_t ih_vectors, packets, draws, textures, dma_packets, dma_bytes, dma_hangs;
	uint64_t dispatches, rats;
	uint64_t dma_tiled;		/* tiled DMA copies run (L2T, T2L) */
	uint64_t bar0_msgs;		/* VRAM accesses that came as messages */
	uint64_t rom_reads, rom_bytes;	/* expansion ROM reads served */
	uint64_t rom_off_reads;		/* ... while the chip kept it off */
	uint64_t rom_ctl_unrestored;	/* ROM switches left changed */
};

/*
 * The chip's switch of its ROM (rom.c): BUS_CNTL, ROM_CNTL, D1/D2VGA_CONTROL
 * and VGA_RENDER_CONTROL as they were when a driver began changing them,
 * and, until they are checked, what checks them at the next access to
 * another register (regs.c calls it; NULL: nothing to check)
 */
#define SIM_ROM_CTL_REGS	5
struct sim_rom_ctl {
	void (*check)(struct sim *sim, uint32_t offset);
	uint32_t saved[SIM_ROM_CTL_REGS];
	bool off_logged;		/* a read of the switched-off ROM was logged */
};

/*
 * What a model asks of the transport: deliver an MSI, and reach guest
 * memory (system pages the GART maps) as a host pointer, or NULL.
 */
struct sim_transport {
	void (*raise_msi)(struct sim *sim, void *ctx);
	void *(*dma)(void *ctx, uint64_t gpa, uint64_t len);
	void *ctx;
};

/* Microcode an engine received through its ucode port. */
struct sim_ucode {
	const char *name;		/* "pfp", "me", "rlc" */
	uint32_t words[8192];
	uint32_t addr;			/* next word the port writes */
	uint32_t high;			/* words written */
	uint32_t *want;			/* the file, if --firmware-dir */
	uint32_t want_words;
	bool checked;
};

/* The GFX command processor. */
struct sim_cp {
	uint32_t rptr;			/* dwords */
	bool hung;
	bool hang_on_start;		/* --cp-hang test hook */
	unsigned int depth;		/* IB nesting while executing */
	uint32_t index_size;		/* INDEX_TYPE: 2 or 4 bytes */
	uint64_t draw_base;		/* SET_BASE: indirect draws' arguments */
	uint64_t index_base;		/* INDEX_BASE */
	uint32_t index_count;		/* INDEX_BUFFER_SIZE, in indices */
	uint32_t so_filled[4];		/* stream-out buffers' filled sizes, bytes */
	bool lose_so_flush;		/* --lose-so-flush test hook */
};

/* The async DMA engine. */
struct sim_dma {
	uint32_t rptr;			/* bytes */
	bool hung;
	bool hang_on_start;		/* --dma-hang test hook */
};

/*
 * R5xx (r500*.c): the indirect register spaces behind their index and
 * data registers, the ME RAM's read address, whether the CP is running its
 * ring, the 3D state its packets set, whether an MSI went out that MSI_REARM_EN has not re-armed, and the
 * PCIE GART's TLB
 */
#define SIM_R500_TLB		64
struct sim_r500 {
	uint32_t mc[0x100];
	uint32_t pll[0x40];
	uint32_t pcie[0x800];
	uint32_t me_raddr;
	bool cp_busy;			/* the CP is running its ring */
	bool msi_held;
	uint32_t state3d[2][0x400];	/* the 3D state windows the CP latches */
	uint32_t vport[6];		/* VAP_VPORT_XSCALE ... ZOFFSET */
	uint32_t cache_flush;		/* the last destination cache flush */
	/* the draw model's (r500_draw.c): 3D_LOAD_VBPNTR's arrays */
	struct {
		uint64_t addr;
		uint32_t size, stride;	/* dwords */
	} arrays[16];
	uint32_t num_arrays;
	/* an indexed draw waiting for the INDX_BUFFER that feeds its indices */
	uint32_t pending_vf;		/* its VAP_VF_CNTL; 0: none */
	/* what ran since the CP or the GART last started, for the log */
	uint64_t ibs, scratch_writebacks, tlb_invalidates;
	uint64_t draws[3];		/* indexed, vertex-list, immediate draws */
	uint64_t index_buffers;		/* INDX_BUFFER packets */
	uint64_t zpass_writes;		/* occlusion counts written */
	uint64_t hyperz_clears;		/* 3D_CLEAR_ZMASK and _HIZ packets */
	struct {
		bool valid;
		uint32_t page;		/* GART page number */
		uint32_t entry;
	} tlb[SIM_R500_TLB];
};

struct sim {
	const struct sim_asic *asic;
	uint16_t device_id;
	uint32_t asic_rbs;		/* render backends: query results per DB */

	uint8_t *vram;			/* VRAM, vram_size bytes */
	uint64_t vram_size;
	uint64_t bar0_size;		/* CPU-visible part of VRAM */
	bool vram_shared;		/* a file the kernel maps as BAR0 */

	uint8_t cfg[SIM_CFG_SIZE];	/* PCI config space */
	uint8_t *rom;			/* expansion ROM, rom_size bytes; NULL: none */
	uint32_t rom_size;		/* the ROM BAR's size (0: no ROM BAR) */
	uint32_t rom_image_len;		/* the video BIOS image at its start */
	bool rom_disabled;		/* --rom-disabled: the chip keeps it off */
	struct sim_rom_ctl rom_ctl;
	uint64_t bar_addr[6];		/* as programmed, for the log */

	uint32_t regs[SIM_NR_REGS];
	const struct sim_reg *reg_desc[SIM_NR_REGS];

	uint32_t msi_on_write;		/* test hook: 0 = off */
	const char *firmware_dir;
	struct sim_ucode pfp, me, rlc;
	struct sim_cp cp;
	struct sim_dma dma;
	uint32_t ctx_regs[0x1000 / 4];	/* SET_CONTEXT_REG window */
	uint32_t cfg_state[0x2c00 / 4];	/* SET_CONFIG_REG state not modelled */
	uint32_t ctl_consts[0x2f1c / 4];	/* SET_CTL_CONST window */
	uint32_t resources[0x8000 / 4];	/* SET_RESOURCE window: descriptors */
	uint32_t ih_wptr;		/* bytes */
	bool trace;
	bool cold;			/* --cold: no POST ran (asic->post) */
	FILE *log;
	struct sim_stats stats;
	struct sim_transport transport;
	struct sim_display *display;	/* connectors and monitors, display.c */
	int front_end_pid;		/* the vhost-user peer (0: unknown) */
	struct sim_dp *dp;		/* AUX channels, DP links and sink, dp.c */
	struct sim_r500 r500;
};

/* evlog.c */
void sim_log(struct sim *sim, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* regs.c */
void sim_regs_init(struct sim *sim);
void sim_regs_add_block(struct sim *sim, const struct sim_block *block);
bool sim_regs_unmodel(struct sim *sim, uint32_t offset);
uint32_t sim_reg_get(const struct sim *sim, uint32_t offset);
void sim_reg_set(struct sim *sim, uint32_t offset, uint32_t val);
uint64_t sim_mmio_read(struct sim *sim, uint32_t offset, unsigned int size);
void sim_mmio_write(struct sim *sim, uint32_t offset, unsigned int size,
		    uint64_t val);

/* vram.c */
int sim_vram_init(struct sim *sim, uint64_t vram_size, uint64_t bar0_size,
		  const char *path);
bool sim_vram_range_ok(const struct sim *sim, uint64_t offset, uint64_t len);

/* pci.c */
void sim_pci_init(struct sim *sim);
uint64_t sim_cfg_read(struct sim *sim, uint32_t offset, unsigned int size);
void sim_cfg_write(struct sim *sim, uint32_t offset, unsigned int size,
		   uint64_t val);
bool sim_msi_enabled(const struct sim *sim);
bool sim_rom_enabled(const struct sim *sim);
uint32_t sim_bar2_size(const struct sim *sim);
uint64_t sim_msi_address(const struct sim *sim);
uint32_t sim_msi_data(const struct sim *sim);
void sim_raise_msi(struct sim *sim);

/* rom.c */
int sim_rom_init(struct sim *sim, const char *how);

/* romctl.c */
bool sim_rom_chip_on(const struct sim *sim);
void sim_rom_ctl_reset(struct sim *sim);
void sim_rom_ctl_check(struct sim *sim, uint32_t offset);

/* display.c */
int sim_display_init(struct sim *sim, const char *monitors);
int sim_display_replug(struct sim *sim, const char *monitors);
void sim_display_hpd_pulse(struct sim *sim, unsigned int n);

/*
 * dp.c: a DisplayPort monitor (rate, max_cr_rate: DPCD's 0x06 1.62 or 0x0a
 * 2.7 Gb/s; max_cr_rate the fastest it locks at)
 */
struct sim_dp_monitor {
	unsigned int width, height, lanes, rate, max_cr_rate;
	bool no_cr, badsum;
};

int sim_dp_init(struct sim *sim);
int sim_dp_parse(const char *opts, struct sim_dp_monitor *m);
void sim_dp_plug(struct sim *sim, const struct sim_dp_monitor *m);
const char *sim_dp_no_signal(struct sim *sim, unsigned int crtc);
int sim_dp_event(struct sim *sim, const char *what);

/* control.c */
int sim_control_init(struct sim *sim, const char *dir);
int sim_control_fd(void);
void sim_control_run(struct sim *sim);
void sim_control_status(struct sim *sim, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* hdmi.c */
void sim_hdmi_init(struct sim *sim);
void sim_hdmi_dig_switched(struct sim *sim, unsigned int dig, bool on);
unsigned int sim_hdmi_dig_of(uint32_t offset);

/* pll.c: the pixel PLLs against AdjustDisplayPll's answers */
void sim_pll_init(struct sim *sim);
bool sim_pll_locked(struct sim *sim, unsigned int n, uint32_t ref, uint32_t post, uint64_t khz);
uint64_t sim_pll_pixel_khz(const struct sim *sim, unsigned int n, uint64_t pll_khz);
uint64_t sim_pll_khz(const struct sim *sim, unsigned int n, uint32_t *ref, uint32_t *post);
bool sim_pll_dp_video(struct sim *sim, unsigned int crtc, uint64_t link_khz);

/* scanout.c */
void sim_scanout_init(struct sim *sim, const char *dir);
void sim_scanout_fini(struct sim *sim);

/* cursor.c */
void sim_cursor_init(struct sim *sim);
int sim_cursor_blend(struct sim *sim, unsigned int crtc, uint8_t *rgb, unsigned int w,
		     unsigned int h, unsigned int vx, unsigned int vy);
bool sim_rom_read(struct sim *sim, uint64_t offset, uint32_t size, uint8_t *out);

/* vblank.c: the running CRTCs' clocks; a CRTC's pixel clock (0: none) */
uint64_t sim_crtc_pixel_khz(const struct sim *sim, unsigned int crtc);
void sim_vblank_init(struct sim *sim);
void sim_vblank_tick(struct sim *sim);
void sim_vblank_status(struct sim *sim);

/* hostwait.c */
uint64_t sim_host_wait_ns(struct sim *sim);
int64_t sim_vblank_next_ns(struct sim *sim);

/* gart.c: GPU memory access at MC addresses; -1 after a logged fault */
int sim_gpu_read(struct sim *sim, uint64_t mc_addr, void *buf, size_t len);
int sim_gpu_write(struct sim *sim, uint64_t mc_addr, const void *buf, size_t len);
void sim_gart_fault(struct sim *sim, bool write, uint64_t addr, const char *why);

/* ucode.c */
void sim_ucode_init(struct sim *sim);
void sim_ucode_check(struct sim *sim, struct sim_ucode *uc);

/* evergreen.c */
uint64_t sim_gpu_clock(void);

/* cp.c */
void sim_cp_run(struct sim *sim);
int sim_cp_exec_ib(struct sim *sim, uint64_t addr, uint32_t ndw);

/* dma.c */
void sim_dma_run(struct sim *sim);
int sim_dma_exec_ib(struct sim *sim, uint64_t addr, uint32_t ndw);

/* ih.c */
void sim_ih_raise(struct sim *sim, uint32_t src_id, uint32_t src_data);

/* asic.c */
const struct sim_asic *sim_asic_find(const char *name);
void sim_asic_list(FILE *out);

#endif /* RUBY_SIM_H */
