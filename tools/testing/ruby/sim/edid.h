/* SPDX-License-Identifier: GPL-2.0-only */
/* EDIDs of the simulated board's monitors (edid.c) */
#ifndef RUBY_SIM_EDID_H
#define RUBY_SIM_EDID_H

#include <stdint.h>

#define EDID_BLOCK	128
#define EDID_MAX	(2 * EDID_BLOCK)

unsigned int edid_build(const char *kind, uint8_t *out);
unsigned int edid_build_mode(const char *kind, unsigned int width, unsigned int height,
			     uint8_t *out);

#endif /* RUBY_SIM_EDID_H */
