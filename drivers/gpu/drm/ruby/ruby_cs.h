/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_CS_H__
#define __RUBY_CS_H__

struct drm_device;
struct drm_file;

int ruby_cs_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
int ruby_cs_open(struct drm_device *drm, struct drm_file *file);
void ruby_cs_postclose(struct drm_device *drm, struct drm_file *file);

#endif /* __RUBY_CS_H__ */
