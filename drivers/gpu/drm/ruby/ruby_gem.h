/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copyright 2026 The ruby authors
 */
#ifndef __RUBY_GEM_H__
#define __RUBY_GEM_H__

struct dma_buf_attachment;
struct drm_device;
struct drm_file;
struct drm_gem_object;
struct drm_mode_create_dumb;
struct sg_table;

extern const struct drm_gem_object_funcs ruby_gem_object_funcs;

int ruby_gem_info_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
int ruby_gem_create_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
int ruby_gem_mmap_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
int ruby_gem_dumb_create(struct drm_file *file, struct drm_device *drm,
			 struct drm_mode_create_dumb *args);
int ruby_gem_set_domain_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file);
int ruby_gem_wait_idle_ioctl(struct drm_device *drm, void *data,
			     struct drm_file *file);
int ruby_gem_busy_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
int ruby_gem_set_tiling_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file);
int ruby_gem_get_tiling_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file);
int ruby_gem_va_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
int ruby_gem_op_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
int ruby_gem_userptr_ioctl(struct drm_device *drm, void *data,
			   struct drm_file *file);
struct drm_gem_object *
ruby_gem_prime_import_sg_table(struct drm_device *drm,
			       struct dma_buf_attachment *attach,
			       struct sg_table *sgt);
int ruby_info_ioctl(struct drm_device *drm, void *data, struct drm_file *file);
void ruby_info_postclose(struct drm_device *drm, struct drm_file *file);

#endif /* __RUBY_GEM_H__ */
