/* SPDX-License-Identifier: GPL-2.0-only */
/* What the atom host test's files share (atom_host.c, atom_dp.c, atom_pll.c) */
#ifndef ATOM_HOST_H
#define ATOM_HOST_H

#include <stdio.h>

#include "atom.h"
#include "sim.h"
#include "vbios.h"

extern unsigned int checks, failures;

#define CHECK(cond, ...) do {						\
	checks++;							\
	if (!(cond)) {							\
		failures++;						\
		printf("FAIL %s:%d: ", __func__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

/* the register file: the simulator's, with its DP model's registers */
extern struct sim hsim;

void put32(u8 *p, u32 v);
u32 crtc_reg(unsigned int crtc, u32 reg);
unsigned int host_writes(u32 reg, u32 *vals, unsigned int max);
void host_log_clear(void);

/* atom_dp.c */
int host_dp_init(void);
void host_dp_fini(void);
bool host_logged(const char *what);
void check_dp(struct ruby_atom *atom);

/* atom_pll.c */
void check_adjust_pll(struct ruby_atom *atom);
void host_dp_pll(struct ruby_atom *atom, unsigned int n, u32 link_khz);

#endif /* ATOM_HOST_H */
