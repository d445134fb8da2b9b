/* SPDX-License-Identifier: GPL-2.0-only */
/* A PNG writer for the scanout's frames: 8-bit RGB, stored (uncompressed) */
#ifndef RUBY_SIM_PNG_H
#define RUBY_SIM_PNG_H

#include <stdint.h>

int png_write_rgb(const char *path, const uint8_t *rgb, unsigned int w, unsigned int h);

#endif /* RUBY_SIM_PNG_H */
