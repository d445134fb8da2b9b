/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_UCODE_H__
#define __RUBY_UCODE_H__

#include <linux/types.h>

#include "regs/ruby_reg_defs.h"
#include "ruby_ucode_ids.h"

/**
 * struct ruby_ucode_file - one microcode image
 * @path: path for request_firmware(), relative to the firmware directory
 * @size: exact size in bytes; any other size is rejected
 *
 * The table of all files, ruby_ucode_files[], and the ids that index it
 * are generated from firmware/MANIFEST.
 */
struct ruby_ucode_file {
	const char *path;
	u32 size;
};

extern const struct ruby_ucode_file ruby_ucode_files[RUBY_UCODE_COUNT];

struct firmware;
struct ruby_device;

int ruby_ucode_check_size(const struct ruby_ucode_file *file, size_t size);
void ruby_ucode_write(struct ruby_device *rdev, const struct firmware *fw,
		      struct ruby_reg addr, struct ruby_reg data);

#endif /* __RUBY_UCODE_H__ */
