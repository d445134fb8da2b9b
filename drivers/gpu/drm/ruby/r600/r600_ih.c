// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx interrupt ring
 *
 * The IH of R6xx, R7xx and Evergreen/NI writes 16-byte vectors (source id, source data, ring id)
 * into the ring and its write pointer, with an overflow flag, to the
 * write-back page; the read pointer goes back through IH_RB_RPTR. The
 * ring is in snooped system memory, interrupts come by MSI, and at
 * bring-up every source but the CP's end-of-pipe events is turned off.
 * Fences signal through source 181 (CP end of pipe, GFX ring) and 224
 * (DMA trap, DMA ring). The generations differ only in the display
 * interrupts they turn off, which the caller of r600_ih_bringup() names.
 */

#include <linux/bitfield.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../regs/r600_regs.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_ih.h"
#include "../ruby_mmio.h"
#include "r600.h"

#define RUBY_IH_SIZE		SZ_64K
#define IV_BYTES		16

/* Interrupt sources ruby handles */
#define IH_SRC_CP_EOP		181
#define IH_SRC_DMA_TRAP		224

/**
 * r600_ih_decode - take a vector apart
 * @v: the four dwords of the vector, as the IH wrote them
 * @iv: the decoded vector
 */
void r600_ih_decode(const __le32 *v, struct ruby_iv *iv)
{
	iv->src_id = le32_to_cpu(v[0]) & 0xff;
	iv->src_data = le32_to_cpu(v[1]) & 0xfffffff;
	iv->ring_id = le32_to_cpu(v[2]) & 0xff;
}
EXPORT_SYMBOL_IF_KUNIT(r600_ih_decode);

static u32 r600_ih_get_wptr(struct ruby_device *rdev)
{
	const __le32 *wb = (const __le32 *)(rdev->wb.ptr + RUBY_WB_IH_WPTR);
	u32 wptr = le32_to_cpu(READ_ONCE(*wb));

	if (wptr & IH_RB_OVERFLOW) {
		/* skip to the oldest vector that was not overwritten */
		wptr &= ~IH_RB_OVERFLOW;
		drm_err_ratelimited(&rdev->drm, "ih: ring overflow, vectors lost\n");
		rdev->ih.rptr = (wptr + IV_BYTES) & (rdev->ih.size - 1);
		ruby_write32(rdev, IH_RB_CNTL,
			     ruby_read32(rdev, IH_RB_CNTL) | IH_WPTR_OVERFLOW_CLEAR);
	}
	return wptr & (rdev->ih.size - 1);
}

static void r600_ih_set_rptr(struct ruby_device *rdev, u32 rptr)
{
	ruby_write32(rdev, IH_RB_RPTR, rptr);
}

static const struct ruby_ih_source r600_ih_sources[] = {
	{ IH_SRC_CP_EOP, RUBY_RING_GFX },
	{ IH_SRC_DMA_TRAP, RUBY_RING_DMA },
};

const struct ruby_ih_funcs r600_ih_funcs = {
	.vector_bytes = IV_BYTES,
	.decode = r600_ih_decode,
	.get_wptr = r600_ih_get_wptr,
	.set_rptr = r600_ih_set_rptr,
	.sources = r600_ih_sources,
	.num_sources = ARRAY_SIZE(r600_ih_sources),
};

/* Every interrupt source off, as the firmware may have left some on. */
static void ih_disable_sources(struct ruby_device *rdev,
			       void (*disable_display)(struct ruby_device *rdev))
{
	ruby_write32(rdev, CP_INT_CNTL, 0);
	ruby_write32(rdev, GRBM_INT_CNTL, 0);
	disable_display(rdev);
}

static void ih_stop(struct ruby_device *rdev)
{
	ruby_write32(rdev, IH_RB_CNTL, ruby_read32(rdev, IH_RB_CNTL) & ~IH_RB_ENABLE);
	ruby_write32(rdev, IH_CNTL, ruby_read32(rdev, IH_CNTL) & ~ENABLE_INTR);
	ruby_write32(rdev, IH_RB_RPTR, 0);
	ruby_write32(rdev, IH_RB_WPTR, 0);
	rdev->ih.enabled = false;
	rdev->ih.rptr = 0;
}

/**
 * r600_ih_bringup - start the interrupt ring, only fences interrupting
 * @rdev: the device
 * @disable_display: turns off the generation's display interrupts
 *
 * Returns: 0, or a negative errno.
 */
int r600_ih_bringup(struct ruby_device *rdev,
		    void (*disable_display)(struct ruby_device *rdev))
{
	u64 wptr_addr;
	u32 cntl;
	int ret;

	ret = ruby_ih_alloc(rdev, RUBY_IH_SIZE);
	if (ret)
		return ret;
	ih_stop(rdev);

	/* MSI: no dummy reads, and the ring is in snooped system memory */
	ruby_write32(rdev, INTERRUPT_CNTL2, rdev->gart.dummy_addr >> 8);
	cntl = ruby_read32(rdev, INTERRUPT_CNTL);
	ruby_write32(rdev, INTERRUPT_CNTL,
		     cntl & ~(IH_DUMMY_RD_OVERRIDE | IH_REQ_NONSNOOP_EN));

	wptr_addr = rdev->wb.gpu_addr + RUBY_WB_IH_WPTR;
	ruby_write32(rdev, IH_RB_BASE, ruby_bo_gpu_addr(rdev->ih.bo) >> 8);
	ruby_write32(rdev, IH_RB_WPTR_ADDR_LO, lower_32_bits(wptr_addr) & ~3u);
	ruby_write32(rdev, IH_RB_WPTR_ADDR_HI, upper_32_bits(wptr_addr) & 0xff);
	ruby_write32(rdev, IH_RB_CNTL, IH_WPTR_OVERFLOW_ENABLE |
		     IH_WPTR_OVERFLOW_CLEAR | IH_WPTR_WRITEBACK_ENABLE |
		     FIELD_PREP(IH_IB_SIZE, ilog2(RUBY_IH_SIZE / 4)));
	ruby_write32(rdev, IH_RB_RPTR, 0);
	ruby_write32(rdev, IH_RB_WPTR, 0);
	ruby_write32(rdev, IH_CNTL, FIELD_PREP(MC_WRREQ_CREDIT, 0x10) |
		     FIELD_PREP(MC_WR_CLEAN_CNT, 0x10) | RPTR_REARM);
	ih_disable_sources(rdev, disable_display);

	ruby_write32(rdev, IH_CNTL, ruby_read32(rdev, IH_CNTL) | ENABLE_INTR);
	ruby_write32(rdev, IH_RB_CNTL, ruby_read32(rdev, IH_RB_CNTL) | IH_RB_ENABLE);
	rdev->ih.enabled = true;
	/* end-of-pipe events (fences) interrupt */
	ruby_write32(rdev, CP_INT_CNTL, TIME_STAMP_INT_ENABLE);
	return 0;
}

/**
 * r600_ih_teardown - every source off, the ring stopped
 * @rdev: the device
 * @disable_display: turns off the generation's display interrupts
 */
void r600_ih_teardown(struct ruby_device *rdev,
		      void (*disable_display)(struct ruby_device *rdev))
{
	ih_disable_sources(rdev, disable_display);
	synchronize_irq(rdev->irq.irq);
	ih_stop(rdev);
}

/* R6xx/R7xx: the AVIVO display interrupts */
static void rv770_ih_disable_display(struct ruby_device *rdev)
{
	ruby_write32(rdev, DXMODE_INT_MASK, 0);
	ruby_write32(rdev, D1GRPH_INTERRUPT_CONTROL, 0);
	ruby_write32(rdev, D2GRPH_INTERRUPT_CONTROL, 0);
}

static int rv770_ih_init(struct ruby_device *rdev)
{
	return r600_ih_bringup(rdev, rv770_ih_disable_display);
}

static void rv770_ih_fini(struct ruby_device *rdev)
{
	r600_ih_teardown(rdev, rv770_ih_disable_display);
}

const struct ruby_ip_block rv770_ih_block = {
	.name = "ih",
	.init = rv770_ih_init,
	.fini = rv770_ih_fini,
};
