/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_IH_H__
#define __RUBY_IH_H__

#include <linux/types.h>

/**
 * struct ruby_iv - one interrupt vector of the IH ring
 * @src_id: what interrupted (181 = CP end of pipe, 224 = DMA trap, ...)
 * @src_data: source-specific detail
 * @ring_id: ring of the source, where it has several
 */
struct ruby_iv {
	u8 src_id;
	u32 src_data;
	u8 ring_id;
};

void ruby_ih_decode(const __le32 *v, struct ruby_iv *iv);

#endif /* __RUBY_IH_H__ */
