/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_CP_H__
#define __RUBY_CP_H__

struct ruby_device;

int ruby_cp_restart(struct ruby_device *rdev);

#endif /* __RUBY_CP_H__ */
