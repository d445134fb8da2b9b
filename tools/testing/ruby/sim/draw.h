/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every generation's draw oracle shares with the command processor
 * (cp.c): memory reached as a GPU client, through the page table, and the
 * element sizes of the formats R6xx to NI number alike.
 */
#ifndef RUBY_SIM_DRAW_H
#define RUBY_SIM_DRAW_H

#include <stdint.h>

#include "sim.h"

/* Read @bytes at @addr, every byte through the page table: 0 or -1 (a fault) */
int fetch_range(struct sim *sim, uint64_t addr, uint64_t bytes);
/* The same, each byte written back, as a render reaches its surfaces */
int store_range(struct sim *sim, uint64_t addr, uint64_t bytes);
/* Bytes per pixel of a colour-buffer format, 0 if not a colour format */
uint32_t cb_bpp(uint32_t format);
/* Bytes of a texel block of a texture data format, its size in *bw x *bh; 0: unknown */
uint32_t tex_block(uint32_t format, uint32_t *bw, uint32_t *bh);
/* Slices of level @level of a texture of dimension @dim */
uint32_t tex_slices(uint32_t dim, uint32_t level, uint32_t depth, uint32_t last_array);
/* Bytes of a slice's HTILE; 0 for the layouts not modelled */
uint64_t htile_slice_bytes(uint32_t pipes, uint32_t hs, uint64_t w, uint64_t pixels);
uint32_t umax(uint32_t a, uint32_t b);

/* r600_draw.c: the R6xx/R7xx oracle, for the ASIC table */
int sim_r600_draw(struct sim *sim, uint32_t vertices, const char **why);
int sim_r600_exec_type3(struct sim *sim, uint32_t op, const uint32_t *b, uint32_t n,
			const char **why);

/* r500_draw.c: the R5xx draw model, its type-3 packets, for the ASIC table */
int sim_r500_exec_type3(struct sim *sim, uint32_t op, const uint32_t *b, uint32_t n,
			const char **why);
/* ... and the occlusion count a write of ZB_ZPASS_ADDR stores */
int sim_r500_zpass(struct sim *sim, uint32_t addr, const char **why);

#endif /* RUBY_SIM_DRAW_H */
