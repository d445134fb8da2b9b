/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_IH_H__
#define __RUBY_IH_H__

#include <linux/types.h>

#include "ruby_ring.h"

struct ruby_device;

/**
 * struct ruby_iv - one interrupt vector of the IH ring
 * @src_id: what interrupted (on Evergreen: 181 = CP end of pipe, 224 =
 *	DMA trap, ...)
 * @src_data: source-specific detail
 * @ring_id: ring of the source, where it has several
 */
struct ruby_iv {
	u8 src_id;
	u32 src_data;
	u8 ring_id;
};

/**
 * struct ruby_ih_source - an interrupt source that signals a ring's fences
 * @src_id: the source, as the generation's vectors number it
 * @ring: the ring whose fences it signals
 */
struct ruby_ih_source {
	u8 src_id;
	enum ruby_ring_id ring;
};

/**
 * struct ruby_ih_funcs - a generation's interrupt ring
 *
 * The ring walk is shared (ruby_ih_process()); these say how the
 * generation's IH reports its write pointer, takes the read pointer back
 * and lays out its vectors. Called from the IRQ thread only.
 */
struct ruby_ih_funcs {
	/** @vector_bytes: size of one vector, a power of two */
	u32 vector_bytes;
	/** @decode: take the vector at @v apart */
	void (*decode)(const __le32 *v, struct ruby_iv *iv);
	/**
	 * @get_wptr: the write pointer in bytes, within the ring; on an
	 * overflow, also move rdev->ih.rptr past the vectors overwritten
	 */
	u32 (*get_wptr)(struct ruby_device *rdev);
	/** @set_rptr: hand the read pointer (bytes) back to the IH */
	void (*set_rptr)(struct ruby_device *rdev, u32 rptr);
	/** @sources: the sources that signal fences */
	const struct ruby_ih_source *sources;
	/** @num_sources: entries of @sources */
	unsigned int num_sources;
};

int ruby_ih_alloc(struct ruby_device *rdev, u32 size);

#endif /* __RUBY_IH_H__ */
