// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: debugfs
 *
 * Files under /sys/kernel/debug/dri/<minor>/:
 *
 * ruby_info
 *	What probe found: chip, family, generation, PCI identity, the VRAM
 *	size, the two BARs and the interrupt. Reading it touches no register.
 *
 * ruby_objects
 *	What the device holds: live buffer objects (kernel ones included)
 *	and their bytes, the bytes TTM has placed in VRAM and in GTT, and the
 *	bytes of pinned kernel objects. Tests compare it before and after an
 *	operation to prove everything was given back.
 *
 * ruby_gart
 *	The GPU's memory map (VRAM and GTT apertures as MC addresses), the
 *	GART table's place and size, and the dummy page. No register access.
 *
 * ruby_regs
 *	The status registers of the generation, read when the file is read:
 *	one "NAME 0xOFFSET: 0xVALUE" line each.
 *
 * ruby_ring_gfx
 *	The GFX ring: read and write pointers, free space, then the 32 dwords
 *	before the read pointer and what follows up to the write pointer,
 *	"r[  N]=0xVALUE", the read pointer marked with " *".
 *
 * ruby_fence_info
 *	Per ring, the last fence emitted and the last one the GPU signalled.
 *
 * ruby_ih
 *	The interrupt ring: size, the driver's read pointer, the write pointer
 *	the GPU last wrote back, and the interrupts handled.
 *
 * ruby_ib_test
 *	Reading it runs two jobs through the GFX scheduler, each storing a
 *	known word, and reports each job, the reset count before and after,
 *	and "result: pass" or "result: fail".
 *
 * ruby_hang_test
 *	The same, but the first job waits for a memory word that never
 *	changes, which stalls the command processor for good. Expect the read
 *	to take lockup_timeout_ms: the job times out, the GPU is reset, the
 *	first job ends with an error and the second completes after the reset.
 *
 * ruby_gpu_reset
 *	Reading it resets every engine (as after a hang, without a guilty
 *	job) and reports the result and the reset count.
 *
 * ruby_evict_test
 *	Reading it moves a 1 MiB buffer from GTT to VRAM beyond the
 *	CPU-visible window and evicts it back, twice, checking every word;
 *	reports where the buffer went, the bytes moved and the result.
 *
 * ruby_ring_dma
 *	The DMA ring, in the format of ruby_ring_gfx (pointers in dwords).
 *
 * ruby_connectors
 *	Reading it probes every connector (hot-plug pin, DDC, EDID; see DOC:
 *	connectors) and lists each on two lines: "connectorN: <name>
 *	<status> hpdN|hpd none ddc 0xID|ddc none edid <vendor> 0x<product>
 *	<bytes> bytes|edid none|edid refused", then "connectorN.modes:" and
 *	its modes as WxH@Hz, the preferred one first and marked "*", or
 *	"none".
 *	"none: <why>" without a video BIOS or a display block.
 *
 * ruby_vbios
 *	What the video BIOS says (see DOC: video BIOS): the source the image
 *	came from ("source: ROM BAR") and, if sources before it had none,
 *	what each said ("tried_before: VFCT: no table"), the image's size
 *	and how long reading it took, FirmwareInfo's clocks (kHz), then one
 *	line per connector: its type, object id, device tags, DDC line (I2C
 *	id and clock GPIO register), HPD pin (GPIO id, register and bit) and
 *	encoders. "none: <why>" if there is no image ruby accepts (each
 *	source's reason), or the generation does not read it. No register
 *	access.
 */

#include <linux/bitops.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_mmio.h"
#include "ruby_sched.h"
#include "ruby_display.h"
#include "ruby_vbios.h"

/*
 * What the device holds: buffer objects and the bytes TTM has placed, so
 * a test can see that closing, unbinding or a failed call gave it all back.
 */
static int ruby_objects_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	struct ttm_resource_manager *vram, *gtt;

	vram = ttm_manager_type(&rdev->bdev, TTM_PL_VRAM);
	gtt = ttm_manager_type(&rdev->bdev, TTM_PL_TT);
	seq_printf(m, "objects: %d\n", atomic_read(&rdev->objects.count));
	seq_printf(m, "object bytes: %lld\n",
		   (s64)atomic64_read(&rdev->objects.bytes));
	seq_printf(m, "vram used: %llu\n", ttm_resource_manager_usage(vram));
	seq_printf(m, "gtt used: %llu\n", ttm_resource_manager_usage(gtt));
	seq_printf(m, "pinned vram: %lld\n",
		   (s64)atomic64_read(&rdev->pinned.vram));
	seq_printf(m, "pinned gtt: %lld\n",
		   (s64)atomic64_read(&rdev->pinned.gtt));
	return 0;
}

static int ruby_info_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	const struct ruby_family_desc *desc = rdev->chip.desc;
	struct pci_dev *pdev = rdev->pdev;

	seq_printf(m, "chip: %s\n", desc->name);
	seq_printf(m, "generation: %s\n", ruby_gen_name(desc->gen));
	seq_printf(m, "pci: %s %04x:%04x rev %02x subsystem %04x:%04x\n",
		   pci_name(pdev), pdev->vendor, pdev->device, pdev->revision,
		   pdev->subsystem_vendor, pdev->subsystem_device);
	seq_printf(m, "mobility: %s\n",
		   str_yes_no(rdev->chip.flags & RUBY_CHIP_MOBILITY));
	seq_printf(m, "igp: %s\n", str_yes_no(ruby_has(rdev, RUBY_FEAT_IGP)));
	seq_printf(m, "crtcs: %u\n", desc->num_crtc);
	seq_printf(m, "vram: %llu MiB\n", rdev->mc.vram_size / SZ_1M);
	seq_printf(m, "bar0 (vram aperture): %pa, %llu MiB visible\n",
		   &rdev->mc.aper_base, (u64)rdev->mc.aper_size / SZ_1M);
	seq_printf(m, "bar2 (registers): %pR\n", &pdev->resource[2]);
	seq_printf(m, "irq: %d (msi), %d handled\n", rdev->irq.irq,
		   atomic_read(&rdev->irq.count));
	seq_printf(m, "gb_addr_config: 0x%08x\n", rdev->gfx.gb_addr_config);
	seq_printf(m, "tile_config: 0x%08x\n", rdev->gfx.tile_config);
	seq_printf(m, "backend_map: 0x%08x\n", rdev->gfx.backend_map);
	seq_printf(m, "render backends: %u (mask 0x%x)\n",
		   hweight32(rdev->gfx.enabled_rbs), rdev->gfx.enabled_rbs);
	seq_printf(m, "active simds: %u\n", rdev->gfx.active_simds);
	/* R5xx's pipes, as its straps left them (0 on later generations) */
	seq_printf(m, "quad pipes: %u\n", rdev->gfx.num_gb_pipes);
	seq_printf(m, "z pipes: %u\n", rdev->gfx.num_z_pipes);
	seq_printf(m, "gpu resets: %d\n", atomic_read(&rdev->reset.count));
	/* what the CS ioctl takes: the selftests skip what a chip cannot run */
	seq_printf(m, "cs checker: %s\n", str_yes_no(desc->cs));
	seq_printf(m, "dma ring: %s\n", str_yes_no(ruby_has(rdev, RUBY_FEAT_DMA)));
	seq_printf(m, "cs checked: %lld\n", atomic64_read(&rdev->cs.checked));
	seq_printf(m, "cs rejected: %lld (last: %s)\n", atomic64_read(&rdev->cs.rejected),
		   READ_ONCE(rdev->cs.last_reject) ?: "none");
	return 0;
}

static int ruby_gart_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	u64 vram_end = rdev->mc.vram_start + rdev->mc.vram_size - 1;
	u64 gtt_end = rdev->mc.gtt_start + rdev->mc.gtt_size - 1;

	seq_printf(m, "vram: %#012llx-%#012llx\n", rdev->mc.vram_start, vram_end);
	seq_printf(m, "gtt: %#012llx-%#012llx\n", rdev->mc.gtt_start, gtt_end);
	if (!rdev->gart.table) {
		seq_puts(m, "table: none\n");
		return 0;
	}
	seq_printf(m, "table: %#012llx, %u entries of 8 bytes\n",
		   ruby_bo_gpu_addr(rdev->gart.table), rdev->gart.entries);
	seq_printf(m, "dummy page: %pad\n", &rdev->gart.dummy_addr);
	return 0;
}

static int ruby_regs_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	const struct ruby_asic_funcs *asic = rdev->chip.desc->asic;
	unsigned int i;
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	for (i = 0; i < asic->num_status_regs; i++) {
		const struct ruby_named_reg *r = &asic->status_regs[i];

		seq_printf(m, "%s %#06x: %#010x\n", r->name, r->reg.addr,
			   ruby_read32(rdev, r->reg));
	}
	drm_dev_exit(idx);
	return 0;
}

static int ruby_ring_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	struct ruby_ring *ring = &rdev->rings[(uintptr_t)entry->file.data];
	u32 rptr, wptr, mask, i, count;

	if (!ring->ptr) {
		seq_puts(m, "ring not set up\n");
		return 0;
	}
	mutex_lock(&ring->lock);
	rptr = ruby_ring_rptr(ring);
	wptr = ring->wptr;
	mask = ring->size_dw - 1;
	seq_printf(m, "ready: %s\n", str_yes_no(ring->ready));
	seq_printf(m, "rptr: 0x%08x [%5u]\n", rptr, rptr);
	seq_printf(m, "wptr: 0x%08x [%5u]\n", wptr, wptr);
	seq_printf(m, "%u free dwords of %u\n",
		   ruby_ring_free_dw(rptr, wptr, ring->size_dw), ring->size_dw);
	count = ((wptr - rptr) & mask) + 33;
	for (i = (rptr - 32) & mask; count--; i = (i + 1) & mask)
		seq_printf(m, "r[%5u]=0x%08x%s\n", i, ring->ptr[i],
			   i == rptr ? " *" : "");
	mutex_unlock(&ring->lock);
	return 0;
}

static int ruby_fence_info_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	unsigned int i;

	for (i = 0; i < RUBY_RING_COUNT; i++) {
		struct ruby_ring *ring = &rdev->rings[i];

		if (!ring->fence.slot)
			continue;
		seq_printf(m, "--- ring %u (%s) ---\n", i, ring->name);
		seq_printf(m, "Last signaled fence 0x%08x\n",
			   le32_to_cpu(READ_ONCE(*ring->fence.slot)));
		seq_printf(m, "Last emitted 0x%08x\n", READ_ONCE(ring->fence.seq));
	}
	return 0;
}

static int ruby_ih_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	const __le32 *wb;

	if (!rdev->ih.bo) {
		seq_puts(m, "ih not set up\n");
		return 0;
	}
	wb = (const __le32 *)(rdev->wb.ptr + RUBY_WB_IH_WPTR);
	seq_printf(m, "enabled: %s\n", str_yes_no(READ_ONCE(rdev->ih.enabled)));
	seq_printf(m, "size: %u bytes (%u vectors)\n", rdev->ih.size,
		   rdev->ih.size / 16);
	seq_printf(m, "rptr: %#x\n", READ_ONCE(rdev->ih.rptr));
	seq_printf(m, "wptr (write-back): %#x\n", le32_to_cpu(READ_ONCE(*wb)));
	seq_printf(m, "interrupts: %d\n", atomic_read(&rdev->irq.count));
	return 0;
}

static int ruby_test_show(struct seq_file *m, bool hang)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	if (rdev->rings[RUBY_RING_GFX].ready)
		ruby_sched_test(rdev, hang, m);
	else
		seq_puts(m, "gfx ring not ready\nresult: fail\n");
	drm_dev_exit(idx);
	return 0;
}

static int ruby_ib_test_show(struct seq_file *m, void *data)
{
	return ruby_test_show(m, false);
}

static int ruby_hang_test_show(struct seq_file *m, void *data)
{
	return ruby_test_show(m, true);
}

static int ruby_gpu_reset_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	int idx, ret;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	ret = ruby_gpu_reset(rdev, NULL);
	seq_printf(m, "reset: %s (%d)\n", ret ? "failed" : "ok", ret);
	seq_printf(m, "resets: %d\n", atomic_read(&rdev->reset.count));
	drm_dev_exit(idx);
	return 0;
}

static int ruby_evict_test_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ruby_device *rdev = to_ruby_device(entry->dev);
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	ruby_ttm_evict_test(rdev, m);
	drm_dev_exit(idx);
	return 0;
}

static const struct drm_debugfs_info ruby_debugfs_files[] = {
	{ "ruby_evict_test", ruby_evict_test_show },
	{ "ruby_ib_test", ruby_ib_test_show },
	{ "ruby_hang_test", ruby_hang_test_show },
	{ "ruby_gpu_reset", ruby_gpu_reset_show },
	{ "ruby_ih", ruby_ih_show },
	{ "ruby_ring_gfx", ruby_ring_show, 0, (void *)RUBY_RING_GFX },
	{ "ruby_ring_dma", ruby_ring_show, 0, (void *)RUBY_RING_DMA },
	{ "ruby_fence_info", ruby_fence_info_show },
	{ "ruby_info", ruby_info_show },
	{ "ruby_objects", ruby_objects_show },
	{ "ruby_gart", ruby_gart_show },
	{ "ruby_regs", ruby_regs_show },
	{ "ruby_vbios", ruby_vbios_show },
	{ "ruby_connectors", ruby_connectors_show },
};

/**
 * ruby_debugfs_init - register the device's debugfs files
 * @rdev: the device, before drm_dev_register()
 */
void ruby_debugfs_init(struct ruby_device *rdev)
{
	drm_debugfs_add_files(&rdev->drm, ruby_debugfs_files,
			      ARRAY_SIZE(ruby_debugfs_files));
}
