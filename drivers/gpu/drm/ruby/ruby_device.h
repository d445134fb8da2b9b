/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_DEVICE_H__
#define __RUBY_DEVICE_H__

#include <linux/atomic.h>
#include <linux/container_of.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/types.h>

#include <drm/drm_device.h>
#include <drm/drm_suballoc.h>
#include <drm/ttm/ttm_device.h>

#include "ruby_chip.h"
#include "ruby_ring.h"

struct firmware;
struct seq_file;
struct ruby_bo;
struct ruby_display;
struct ruby_vbios;

/* &ruby_device.vbios_tried: room for a reason from each source */
#define RUBY_VBIOS_TRIED_LEN	384

/**
 * struct ruby_device - one Radeon GPU
 *
 * Allocated by devm_drm_dev_alloc() at probe and freed with the last
 * reference to @drm. Everything set up at probe is immutable until remove
 * unless a member says otherwise.
 */
struct ruby_device {
	/** @drm: the DRM device, embedded */
	struct drm_device drm;
	/** @pdev: the PCI function */
	struct pci_dev *pdev;
	/** @chip: family descriptor and per-device flags */
	struct ruby_chip_info chip;
	/** @mmio: the register aperture (BAR2), mapped for the device's life */
	void __iomem *mmio;

	/**
	 * @mc: the GPU's memory map (MC addresses), fixed at probe. VRAM
	 * starts where the VBIOS put it; the GART aperture follows it.
	 */
	struct {
		/** @mc.vram_size: VRAM in bytes */
		u64 vram_size;
		/** @mc.vram_start: MC address of the first byte of VRAM */
		u64 vram_start;
		/** @mc.gtt_start: MC address of the GART aperture */
		u64 gtt_start;
		/** @mc.gtt_size: size of the GART aperture in bytes */
		u64 gtt_size;
		/** @mc.aper_base: bus address of the CPU-visible VRAM (BAR0) */
		resource_size_t aper_base;
		/** @mc.aper_size: size of the CPU-visible VRAM window */
		resource_size_t aper_size;
		/**
		 * @mc.visible_only: no engine of the generation copies or
		 * fills VRAM (R5xx), so the CPU moves and clears buffers there
		 * and every VRAM placement stays in its window; set by the
		 * generation's memory-controller block
		 */
		bool visible_only;
	} mc;

	/** @bdev: the TTM device; VRAM and GTT placements */
	struct ttm_device bdev;
	/**
	 * @vram_gone: set once at remove, after ruby_ttm_unplug() took the
	 * buffers it could out of VRAM: from then on nothing maps VRAM for
	 * the CPU (read with READ_ONCE() where TTM reserves an I/O mapping)
	 */
	bool vram_gone;
	/** @bytes_moved: bytes TTM moved between placements, for INFO */
	atomic64_t bytes_moved;
	/**
	 * @objects: live buffer objects of the device, kernel and user alike
	 * (debugfs ruby_objects): counted from allocation to ruby_bo_destroy()
	 */
	struct {
		/** @objects.count: how many */
		atomic_t count;
		/** @objects.bytes: their sizes, added up */
		atomic64_t bytes;
	} objects;
	/**
	 * @sysmem: system pages TTM allocated for the device's buffers (in
	 * GTT or in the CPU domain), charged at populate, bounded per device
	 */
	struct {
		/** @sysmem.pages: allocated now */
		atomic_long_t pages;
		/** @sysmem.limit: most pages at once, fixed at init */
		unsigned long limit;
	} sysmem;
	/** @pinned: bytes of pinned kernel objects, per placement */
	struct {
		/** @pinned.vram: in VRAM (all in the CPU-visible part) */
		atomic64_t vram;
		/** @pinned.gtt: in GTT */
		atomic64_t gtt;
	} pinned;
	/**
	 * @hyperz_owner: the file that owns Hyper-Z (RADEON_INFO_WANT_HYPERZ),
	 * under @hyperz_lock
	 */
	struct drm_file *hyperz_owner;
	/** @hyperz_lock: protects @hyperz_owner */
	struct mutex hyperz_lock;
	/** @clock_lock: serialises latching and reading the GPU clock counter */
	struct mutex clock_lock;

	/** @gart: the GART, VM context 0's flat page table */
	struct {
		/** @gart.table: the page table, a pinned VRAM BO */
		struct ruby_bo *table;
		/** @gart.ptr: CPU mapping of @gart.table (through BAR0) */
		void __iomem *ptr;
		/** @gart.entries: PTEs in the table, one per 4 KiB page */
		unsigned int entries;
		/** @gart.dummy: page unbound entries point at */
		struct page *dummy;
		/** @gart.dummy_addr: DMA address of @gart.dummy */
		dma_addr_t dummy_addr;
		/**
		 * @gart.lock: serialises PTE updates with the TLB flush that
		 * publishes them (the flush is a register handshake)
		 */
		struct mutex lock;
	} gart;

	/** @wb: the write-back page (GTT), zeroed at bring-up */
	struct {
		/** @wb.bo: the buffer */
		struct ruby_bo *bo;
		/** @wb.ptr: its kernel mapping */
		u8 *ptr;
		/** @wb.gpu_addr: its MC address */
		u64 gpu_addr;
	} wb;

	/** @rings: the command rings */
	struct ruby_ring rings[RUBY_RING_COUNT];

	/** @ih: the interrupt ring, consumed by the IRQ thread only */
	struct {
		/** @ih.bo: the ring buffer (GTT) */
		struct ruby_bo *bo;
		/** @ih.ptr: its kernel mapping */
		const __le32 *ptr;
		/** @ih.size: size in bytes, a power of two */
		u32 size;
		/** @ih.rptr: bytes consumed, owned by the IRQ thread */
		u32 rptr;
		/** @ih.enabled: the ring is running */
		bool enabled;
	} ih;

	/** @gfx: shader-engine layout and tiling, found at probe */
	struct {
		/** @gfx.gb_addr_config: GB_ADDR_CONFIG as programmed */
		u32 gb_addr_config;
		/** @gfx.tile_config: the INFO ioctl's tiling dword */
		u32 tile_config;
		/** @gfx.backend_map: GB_BACKEND_MAP as programmed */
		u32 backend_map;
		/** @gfx.num_banks: memory banks 2D tiles interleave over (4, 8, 16) */
		u32 num_banks;
		/** @gfx.enabled_rbs: bit n set if render backend n works */
		u32 enabled_rbs;
		/** @gfx.active_simds: SIMDs not fused off */
		u32 active_simds;
		/**
		 * @gfx.num_gb_pipes: R5xx's quad pipes, as the straps say;
		 * 0 on later generations (INFO NUM_GB_PIPES)
		 */
		u32 num_gb_pipes;
		/** @gfx.num_z_pipes: R5xx's Z pipes, or 0 (INFO NUM_Z_PIPES) */
		u32 num_z_pipes;
		/**
		 * @gfx.hdp_cntl: R5xx's host path setting as the CP start
		 * found it, which every fence puts back after invalidating
		 * the HDP read buffer
		 */
		u32 hdp_cntl;
		/**
		 * @gfx.shader_rings: pinned VRAM every shader ring (ES->GS,
		 * GS->VS, the scratch rings) points at, from the CP's start
		 * to the device's end, except while a stream that set rings
		 * of its own runs: a shader that spills, or a geometry draw
		 * of a stream that set no rings, writes here, not at their
		 * reset address 0
		 */
		struct ruby_bo *shader_rings;
		/**
		 * @gfx.rings_ib: a kernel IB that waits for the 3D engine to
		 * go idle and points every shader ring back at
		 * @gfx.shader_rings: run after a user stream that set its own
		 */
		struct ruby_bo *rings_ib;
		/** @gfx.rings_ib_dw: its length in dwords */
		u32 rings_ib_dw;
	} gfx;

	/** @cs: command submission */
	struct {
		/** @cs.pool: suballocator of the IB pool, fence-aware */
		struct drm_suballoc_manager pool;
		/** @cs.pool_bo: the IB pool, pinned GTT */
		struct ruby_bo *pool_bo;
		/** @cs.pool_ptr: its kernel mapping */
		void *pool_ptr;
		/** @cs.pool_gpu: its MC address */
		u64 pool_gpu;
		/** @cs.reset_ib: the state reset run before every user stream */
		struct ruby_bo *reset_ib;
		/** @cs.reset_dw: its length in dwords */
		u32 reset_dw;
		/** @cs.checked: streams the checker accepted, for debugfs */
		atomic64_t checked;
		/** @cs.rejected: streams it refused, for debugfs */
		atomic64_t rejected;
		/**
		 * @cs.last_reject: why the last refused stream was refused (a
		 * static string of the checker, read and written whole, no lock)
		 */
		const char *last_reject;
	} cs;

	/** @files: the open clients' queues (struct ruby_file_queues) */
	struct list_head files;
	/** @files_lock: protects @files and the queues on it */
	struct mutex files_lock;

	/** @reset: GPU reset */
	struct {
		/** @reset.lock: serialises resets */
		struct mutex lock;
		/** @reset.count: resets so far (reported to userspace) */
		atomic_t count;
	} reset;

	/** @test: state of the debugfs engine tests */
	struct {
		/** @test.lock: one test at a time; protects @test.ib */
		struct mutex lock;
		/** @test.ib: a GTT page holding the test jobs' IBs */
		struct ruby_bo *ib;
	} test;

	/** @ucode: microcode images, validated, held for the device's life */
	struct {
		/** @ucode.pfp: prefetch parser */
		const struct firmware *pfp;
		/** @ucode.me: micro engine */
		const struct firmware *me;
		/** @ucode.rlc: run-list controller */
		const struct firmware *rlc;
		/** @ucode.mc: memory-controller sequencer (GDDR5 boards) */
		const struct firmware *mc;
	} ucode;

	/** @irq: the interrupt */
	struct {
		/** @irq.irq: Linux interrupt number of the MSI vector */
		int irq;
		/** @irq.count: interrupts handled (atomic, for debugfs) */
		atomic_t count;
	} irq;

	/**
	 * @vbios: the video BIOS as the vbios block read and parsed it; NULL
	 * if the card has none ruby accepts, or the generation does not read
	 * it. Set by the block's init, freed by its fini: no lock, as its only
	 * reader, debugfs, is registered after every block's init and removed
	 * before any fini.
	 */
	struct ruby_vbios *vbios;
	/**
	 * @vbios_tried: what each video BIOS source said, in the order they
	 * were tried, up to the one @vbios came from (all of them, when it
	 * is NULL); empty when none was tried. Set with @vbios.
	 */
	char vbios_tried[RUBY_VBIOS_TRIED_LEN];
	/**
	 * @display: the connectors and DDC lines, or NULL (no video BIOS, or
	 * no display block on this generation). Set by the display block's
	 * init, cleared by its fini; the same reasoning as @vbios holds.
	 */
	struct ruby_display *display;

	/** @ip_up: IP blocks of @chip whose init succeeded, for remove */
	unsigned int ip_up;
};

static inline struct ruby_device *to_ruby_device(struct drm_device *drm)
{
	return container_of(drm, struct ruby_device, drm);
}

/**
 * ruby_has - does the device have a feature
 * @rdev: the device
 * @features: one or more RUBY_FEAT_* bits
 *
 * Returns: true if the family has all of @features.
 */
static inline bool ruby_has(const struct ruby_device *rdev, u32 features)
{
	return (rdev->chip.desc->features & features) == features;
}

int ruby_device_init(struct ruby_device *rdev);
void ruby_device_fini(struct ruby_device *rdev);

/* Generation-independent IP blocks, listed in the generations' tables */
extern const struct ruby_ip_block ruby_mem_block;
extern const struct ruby_ip_block ruby_gart_block;
extern const struct ruby_ip_block ruby_ucode_block;
extern const struct ruby_ip_block ruby_wb_block;
extern const struct ruby_ip_block ruby_irq_block;
extern const struct ruby_ip_block ruby_cs_block;
extern const struct ruby_ip_block ruby_sched_block;

void ruby_mc_set_layout(struct ruby_device *rdev, u64 vram_start, u64 vram_size);
void ruby_ih_process(struct ruby_device *rdev);
int ruby_ttm_evict_test(struct ruby_device *rdev, struct seq_file *m);
void ruby_ttm_unplug(struct ruby_device *rdev);
void ruby_ttm_drain(struct ruby_device *rdev);

void ruby_debugfs_init(struct ruby_device *rdev);

/* Polling budget for register handshakes, in microseconds */
#define RUBY_USEC_TIMEOUT	100000

#endif /* __RUBY_DEVICE_H__ */
