/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 *
 * The compatibility corpus as host programs use it: Evergreen streams
 * shaped like the kselftests' (and Mesa's) submissions. The benchmark
 * measures the checker on them; the fuzzer starts from them (seeds/).
 */
#ifndef __RUBY_CS_CORPUS_H__
#define __RUBY_CS_CORPUS_H__

#ifndef PKT3
#define PKT3(op, n)	((3u << 30) | (((n) - 1) << 16) | ((op) << 8))
#endif
#define RELOC_NOP	PKT3(0x10, 1)

/*
 * The HD 7350 triangle's submission (kselftest radeon_draw): colour
 * buffer, targets, depth off, programs, semantics, vertex buffer, draw,
 * fence; relocations 0-3 = colour buffer, programs, vertices, fence.
 */
static const u32 corpus_triangle[] = {
	PKT3(0x28, 2), 0x80000000, 0x80000000,
	PKT3(0x69, 3), (0x28040 - 0x28000) / 4, 0, 0,
	PKT3(0x69, 3), (0x28030 - 0x28000) / 4, 0, 64 | 64 << 16,
	PKT3(0x69, 7), (0x28c60 - 0x28000) / 4, 0, 7, 63, 0, (0x1a << 2) | (1 << 8), 0,
	RELOC_NOP, 0, RELOC_NOP, 0,
	PKT3(0x69, 3), (0x28238 - 0x28000) / 4, 0xf, 0xf,
	PKT3(0x69, 2), (0x28b54 - 0x28000) / 4, 0,
	PKT3(0x69, 3), (0x28380 - 0x28000) / 4, 0x90, 0x92,
	PKT3(0x69, 5), (0x28840 - 0x28000) / 4, 2, 1, 0, 2, RELOC_NOP, 4,
	PKT3(0x69, 4), (0x2885c - 0x28000) / 4, 0, 3, 0, RELOC_NOP, 4,
	PKT3(0x69, 3), (0x288a4 - 0x28000) / 4, 1, 2, RELOC_NOP, 4,
	PKT3(0x6d, 9), 207 * 8, 0, 71, 24 << 8, 0, 0, 0, 0, 3u << 30, RELOC_NOP, 8,
	PKT3(0x68, 2), (0x8958 - 0x8000) / 4, 4,
	PKT3(0x2a, 1), 0,
	PKT3(0x2f, 1), 1,
	PKT3(0x2d, 2), 3, 2,
	PKT3(0x47, 5), 0x514, 0, 1u << 29, 0x7a1a, 0, RELOC_NOP, 12,
};

/*
 * After the triangle, the kselftest's textured draw with depth: a
 * mipmapped 16x16 texture (relocation 4), a 64x64 depth buffer with its
 * HTILE (relocation 5), a second draw and its fence.
 */
static const u32 corpus_textured[] = {
	PKT3(0x6d, 9), 0, 1 | 1 << 6 | 15 << 18, 15 | 2u << 28, 0, 4, 0, 4, 0, 0x1a | 2u << 30,
	RELOC_NOP, 16, RELOC_NOP, 16,
	PKT3(0x69, 9), (0x28040 - 0x28000) / 4, 2 | 2 << 4 | 1u << 29, 0, 0, 0, 0, 0,
	7 | 7 << 11, 63, RELOC_NOP, 20, RELOC_NOP, 20, RELOC_NOP, 20, RELOC_NOP, 20,
	PKT3(0x69, 2), (0x28008 - 0x28000) / 4, 0,
	PKT3(0x69, 2), (0x28014 - 0x28000) / 4, 64, RELOC_NOP, 20,
	PKT3(0x69, 2), (0x28abc - 0x28000) / 4, 3,
	PKT3(0x69, 2), (0x28c04 - 0x28000) / 4, 0,
	PKT3(0x2d, 2), 3, 2,
	PKT3(0x47, 5), 0x514, 0, 1u << 29, 0x7a1b, 0, RELOC_NOP, 12,
};

/*
 * After the triangle, a multisampled draw and resolve like the kselftest's
 * (two samples here, where it has four): two samples a pixel into a
 * 1D-tiled colour buffer (relocation 6) with fast clears and compression,
 * its CMASK at 0 and FMASK at 4 KiB of relocation 7; then
 * CB_COLOR_CONTROL's resolve mode into colour buffer 1 (the triangle's,
 * relocation 0, one sample), a second draw, a fence.
 */
static const u32 corpus_msaa[] = {
	PKT3(0x69, 2), (0x28c04 - 0x28000) / 4, 1,
	PKT3(0x69, 2), (0x28808 - 0x28000) / 4, 1 << 4,
	PKT3(0x69, 7), (0x28c60 - 0x28000) / 4, 0, 7, 63, 0,
	(0x1a << 2) | (2 << 8) | 3 << 17, 0, RELOC_NOP, 24, RELOC_NOP, 24,
	PKT3(0x69, 5), (0x28c7c - 0x28000) / 4, 0, 0, 16, 63, RELOC_NOP, 28, RELOC_NOP, 28,
	PKT3(0x2d, 2), 3, 2,
	PKT3(0x69, 7), (0x28c9c - 0x28000) / 4, 0, 7, 63, 0, (0x1a << 2) | (2 << 8), 0,
	RELOC_NOP, 0, RELOC_NOP, 0,
	PKT3(0x69, 2), (0x28808 - 0x28000) / 4, 3 << 4,
	PKT3(0x69, 2), (0x28238 - 0x28000) / 4, 0xff,
	PKT3(0x2d, 2), 3, 2,
	PKT3(0x47, 5), 0x514, 0, 1u << 29, 0x7a1c, 0, RELOC_NOP, 12,
};

#endif /* __RUBY_CS_CORPUS_H__ */
