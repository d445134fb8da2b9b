// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: interrupt handler ring
 *
 * R6xx and later report interrupts as vectors the IH block writes into a
 * ring in GTT, with its write pointer copied to the write-back page. The
 * MSI only says "look at the ring": the IRQ thread reads vectors from its
 * read pointer to the write pointer, dispatches each by source id through
 * the generation's table of sources (or to the display, ruby_kms_irq()),
 * and hands the new read pointer back.
 * Only the IRQ thread touches @ih.rptr. The walk is shared; the vector
 * format, the pointer registers and the sources are the generation's
 * (&struct ruby_ih_funcs), and so is the block that programs the IH.
 *
 * The write-back page is set up here too: the IH and the rings need it.
 */

#include <drm/drm_print.h>

#include "ruby_bo.h"
#include "ruby_device.h"
#include "ruby_display.h"
#include "ruby_fence.h"
#include "ruby_ih.h"

static void ih_dispatch(struct ruby_device *rdev, const struct ruby_ih_funcs *ih,
			const struct ruby_iv *iv)
{
	unsigned int i;

	for (i = 0; i < ih->num_sources; i++) {
		if (ih->sources[i].src_id == iv->src_id) {
			ruby_fence_process(&rdev->rings[ih->sources[i].ring]);
			return;
		}
	}
	if (ruby_kms_irq(rdev, iv))
		return;
	drm_dbg_ratelimited(&rdev->drm, "ih: unhandled source %u data %#x\n",
			    iv->src_id, iv->src_data);
}

/**
 * ruby_ih_process - handle every vector the IH has written
 * @rdev: the device
 *
 * Called from the IRQ thread only.
 */
void ruby_ih_process(struct ruby_device *rdev)
{
	const struct ruby_ih_funcs *ih = rdev->chip.desc->asic->ih;
	struct ruby_iv iv;
	u32 wptr;

	if (!rdev->ih.enabled)
		return;
	while ((wptr = ih->get_wptr(rdev)) != rdev->ih.rptr) {
		/* read the vectors only after their write pointer */
		rmb();
		while (rdev->ih.rptr != wptr) {
			ih->decode(rdev->ih.ptr + rdev->ih.rptr / 4, &iv);
			ih_dispatch(rdev, ih, &iv);
			rdev->ih.rptr = (rdev->ih.rptr + ih->vector_bytes) &
					(rdev->ih.size - 1);
		}
		ih->set_rptr(rdev, rdev->ih.rptr);
	}
}

/**
 * ruby_ih_alloc - the interrupt ring's buffer
 * @rdev: the device
 * @size: its size in bytes, a power of two
 *
 * Returns: 0 with rdev->ih.bo, ptr and size set, or a negative errno.
 */
int ruby_ih_alloc(struct ruby_device *rdev, u32 size)
{
	bool is_iomem;
	int ret;

	ret = ruby_bo_create_kernel(rdev, size, RUBY_DOMAIN_GTT, &rdev->ih.bo);
	if (ret)
		return ret;
	rdev->ih.ptr = ruby_bo_cpu_addr(rdev->ih.bo, &is_iomem);
	rdev->ih.size = size;
	return 0;
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
