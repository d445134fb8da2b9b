// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen interrupt ring
 *
 * Evergreen's IH writes 16-byte vectors (source id, source data, ring id)
 * into the ring and its write pointer, with an overflow flag, to the
 * write-back page; the read pointer goes back through IH_RB_RPTR. The
 * ring is in snooped system memory, interrupts come by MSI, and at
 * bring-up every source but the CP's end-of-pipe events is turned off.
 * Fences signal through source 181 (CP end of pipe, GFX ring) and 224
 * (DMA trap, DMA ring).
 */

#include <linux/bitfield.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../regs/evergreen_regs.h"
#include "../ruby_bo.h"
#include "../ruby_device.h"
#include "../ruby_ih.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

#define RUBY_IH_SIZE		SZ_64K
#define IV_BYTES		16

/* Interrupt sources of Evergreen/NI that ruby handles */
#define IH_SRC_CP_EOP		181
#define IH_SRC_DMA_TRAP		224

/**
 * evergreen_ih_decode - take a vector apart
 * @v: the four dwords of the vector, as the IH wrote them
 * @iv: the decoded vector
 */
void evergreen_ih_decode(const __le32 *v, struct ruby_iv *iv)
{
	iv->src_id = le32_to_cpu(v[0]) & 0xff;
	iv->src_data = le32_to_cpu(v[1]) & 0xfffffff;
	iv->ring_id = le32_to_cpu(v[2]) & 0xff;
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_ih_decode);

static u32 evergreen_ih_get_wptr(struct ruby_device *rdev)
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

static void evergreen_ih_set_rptr(struct ruby_device *rdev, u32 rptr)
{
	ruby_write32(rdev, IH_RB_RPTR, rptr);
}

static const struct ruby_ih_source evergreen_ih_sources[] = {
	{ IH_SRC_CP_EOP, RUBY_RING_GFX },
	{ IH_SRC_DMA_TRAP, RUBY_RING_DMA },
};

const struct ruby_ih_funcs evergreen_ih_funcs = {
	.vector_bytes = IV_BYTES,
	.decode = evergreen_ih_decode,
	.get_wptr = evergreen_ih_get_wptr,
	.set_rptr = evergreen_ih_set_rptr,
	.sources = evergreen_ih_sources,
	.num_sources = ARRAY_SIZE(evergreen_ih_sources),
};

/* Every interrupt source off, as the firmware may have left some on. */
static void ih_disable_sources(struct ruby_device *rdev)
{
	unsigned int i, n = evergreen_num_crtc(rdev);

	ruby_write32(rdev, CP_INT_CNTL, 0);
	ruby_write32(rdev, GRBM_INT_CNTL, 0);
	ruby_write32(rdev, SRBM_INT_CNTL, 0);
	for (i = 0; i < n; i++) {
		ruby_write32(rdev, RUBY_REG(EG_INT_MASK + evergreen_crtc_offsets[i]), 0);
		ruby_write32(rdev, RUBY_REG(EG_GRPH_INT_CONTROL + evergreen_crtc_offsets[i]), 0);
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

static int evergreen_ih_init(struct ruby_device *rdev)
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
	ih_disable_sources(rdev);

	ruby_write32(rdev, IH_CNTL, ruby_read32(rdev, IH_CNTL) | ENABLE_INTR);
	ruby_write32(rdev, IH_RB_CNTL, ruby_read32(rdev, IH_RB_CNTL) | IH_RB_ENABLE);
	rdev->ih.enabled = true;
	/* end-of-pipe events (fences) interrupt */
	ruby_write32(rdev, CP_INT_CNTL, TIME_STAMP_INT_ENABLE);
	return 0;
}

static void evergreen_ih_fini(struct ruby_device *rdev)
{
	ih_disable_sources(rdev);
	synchronize_irq(rdev->irq.irq);
	ih_stop(rdev);
}

const struct ruby_ip_block evergreen_ih_block = {
	.name = "ih",
	.init = evergreen_ih_init,
	.fini = evergreen_ih_fini,
};
