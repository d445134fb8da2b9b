// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: interrupt handler ring
 *
 * R6xx and later report interrupts as 16-byte vectors the IH block writes
 * into a ring in GTT, with its write pointer copied to the write-back page.
 * The MSI only says "look at the ring": the IRQ thread reads vectors from
 * its read pointer to the write-back write pointer, dispatches each by
 * source id through a table, and hands the new read pointer back with one
 * register write. Only the IRQ thread touches @ih.rptr.
 *
 * The write-back page is set up here too: the IH and the rings need it.
 */

#include <linux/bitfield.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "regs/evergreen_regs.h"
#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_fence.h"
#include "ruby_ih.h"
#include "ruby_mmio.h"

#define RUBY_IH_SIZE		SZ_64K
#define IV_BYTES		16

/* Interrupt sources of Evergreen/NI that ruby handles */
#define IH_SRC_CP_EOP		181
#define IH_SRC_DMA_TRAP		224

/**
 * ruby_ih_decode - take a vector apart
 * @v: the four dwords of the vector, as the IH wrote them
 * @iv: the decoded vector
 */
void ruby_ih_decode(const __le32 *v, struct ruby_iv *iv)
{
	iv->src_id = le32_to_cpu(v[0]) & 0xff;
	iv->src_data = le32_to_cpu(v[1]) & 0xfffffff;
	iv->ring_id = le32_to_cpu(v[2]) & 0xff;
}
EXPORT_SYMBOL_IF_KUNIT(ruby_ih_decode);

static void ih_cp_eop(struct ruby_device *rdev, const struct ruby_iv *iv)
{
	ruby_fence_process(&rdev->rings[RUBY_RING_GFX]);
}

static void ih_dma_trap(struct ruby_device *rdev, const struct ruby_iv *iv)
{
	ruby_fence_process(&rdev->rings[RUBY_RING_DMA]);
}

static const struct {
	u8 src_id;
	void (*handle)(struct ruby_device *rdev, const struct ruby_iv *iv);
} ih_handlers[] = {
	{ IH_SRC_CP_EOP, ih_cp_eop },
	{ IH_SRC_DMA_TRAP, ih_dma_trap },
};

static void ih_dispatch(struct ruby_device *rdev, const struct ruby_iv *iv)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ih_handlers); i++) {
		if (ih_handlers[i].src_id == iv->src_id) {
			ih_handlers[i].handle(rdev, iv);
			return;
		}
	}
	drm_dbg_ratelimited(&rdev->drm, "ih: unhandled source %u data %#x\n",
			    iv->src_id, iv->src_data);
}

static u32 ih_wptr(struct ruby_device *rdev)
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

/**
 * ruby_ih_process - handle every vector the IH has written
 * @rdev: the device
 *
 * Called from the IRQ thread only.
 */
void ruby_ih_process(struct ruby_device *rdev)
{
	struct ruby_iv iv;
	u32 wptr;

	if (!rdev->ih.enabled)
		return;
	while ((wptr = ih_wptr(rdev)) != rdev->ih.rptr) {
		/* read the vectors only after their write pointer */
		rmb();
		while (rdev->ih.rptr != wptr) {
			ruby_ih_decode(rdev->ih.ptr + rdev->ih.rptr / 4, &iv);
			ih_dispatch(rdev, &iv);
			rdev->ih.rptr = (rdev->ih.rptr + IV_BYTES) & (rdev->ih.size - 1);
		}
		ruby_write32(rdev, IH_RB_RPTR, rdev->ih.rptr);
	}
}

static int ruby_wb_init(struct ruby_device *rdev)
{
	bool is_iomem;
	int ret;

	ret = ruby_bo_create_kernel(rdev, RUBY_WB_SIZE, RUBY_DOMAIN_GTT,
				    &rdev->wb.bo);
	if (ret)
		return ret;
	rdev->wb.ptr = ruby_bo_cpu_addr(rdev->wb.bo, &is_iomem);
	rdev->wb.gpu_addr = ruby_bo_gpu_addr(rdev->wb.bo);
	memset(rdev->wb.ptr, 0, RUBY_WB_SIZE);
	return 0;
}

const struct ruby_ip_block ruby_wb_block = {
	.name = "wb",
	.init = ruby_wb_init,
};

static const u32 eg_crtc_offsets[] = {
	0x0000, 0x0c00, 0x9800, 0xa400, 0xb000, 0xbc00,
};

/* Every interrupt source off, as the firmware may have left some on. */
static void ih_disable_sources(struct ruby_device *rdev)
{
	unsigned int i, n = min_t(unsigned int, rdev->chip.desc->num_crtc,
				  ARRAY_SIZE(eg_crtc_offsets));

	ruby_write32(rdev, CP_INT_CNTL, 0);
	ruby_write32(rdev, GRBM_INT_CNTL, 0);
	ruby_write32(rdev, SRBM_INT_CNTL, 0);
	for (i = 0; i < n; i++) {
		ruby_write32(rdev, RUBY_REG(EG_INT_MASK + eg_crtc_offsets[i]), 0);
		ruby_write32(rdev, RUBY_REG(EG_GRPH_INT_CONTROL + eg_crtc_offsets[i]), 0);
	}
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

static int ruby_ih_init(struct ruby_device *rdev)
{
	u64 wptr_addr;
	bool is_iomem;
	u32 cntl;
	int ret;

	ret = ruby_bo_create_kernel(rdev, RUBY_IH_SIZE, RUBY_DOMAIN_GTT, &rdev->ih.bo);
	if (ret)
		return ret;
	rdev->ih.ptr = ruby_bo_cpu_addr(rdev->ih.bo, &is_iomem);
	rdev->ih.size = RUBY_IH_SIZE;
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
	ih_disable_sources(rdev);

	ruby_write32(rdev, IH_CNTL, ruby_read32(rdev, IH_CNTL) | ENABLE_INTR);
	ruby_write32(rdev, IH_RB_CNTL, ruby_read32(rdev, IH_RB_CNTL) | IH_RB_ENABLE);
	rdev->ih.enabled = true;
	/* end-of-pipe events (fences) interrupt */
	ruby_write32(rdev, CP_INT_CNTL, TIME_STAMP_INT_ENABLE);
	return 0;
}

static void ruby_ih_fini(struct ruby_device *rdev)
{
	ih_disable_sources(rdev);
	synchronize_irq(rdev->irq.irq);
	ih_stop(rdev);
}

const struct ruby_ip_block ruby_ih_block = {
	.name = "ih",
	.init = ruby_ih_init,
	.fini = ruby_ih_fini,
};
