// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: INFO ioctl
 *
 * DRM_IOCTL_RADEON_INFO answers one request per call. &drm_radeon_info.value
 * holds a user pointer: most answers are 32-bit, the counters
 * (TIMESTAMP, NUM_BYTES_MOVED, VRAM_USAGE, GTT_USAGE) are 64-bit, and
 * WANT_HYPERZ, WANT_CMASK, CRTC_FROM_ID, RING_WORKING and READ_REG read a
 * 32-bit argument from the same place first. A request that does not
 * apply to the generation (R5xx pipes, SI/CIK tables, VCE) is -EINVAL, as
 * upstream, and so are the virtual-memory requests, since ruby does not
 * give processes their own GPU address space (yet); a pointer that cannot
 * be read or written is -EFAULT.
 *
 * Answers that need the video BIOS (maximum and current clocks,
 * temperature) are 0 until ruby parses it, which is what upstream
 * answers when it has no value either.
 */

#include <linux/bitops.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_placement.h>
#include <drm/ttm/ttm_resource.h>

#include "ruby_device.h"
#include "ruby_gem.h"
#include "ruby_mmio.h"

/* The status registers of the generation's list (radeontop polls GRBM_STATUS) */
static int read_status_reg(struct ruby_device *rdev, u32 offset, u32 *val)
{
	const struct ruby_asic_funcs *asic = rdev->chip.desc->asic;
	unsigned int i;

	for (i = 0; i < asic->num_user_regs; i++) {
		if (asic->user_regs[i].addr == offset) {
			*val = ruby_read32(rdev, asic->user_regs[i]);
			return 0;
		}
	}
	drm_dbg_ratelimited(&rdev->drm, "info: register %#x may not be read\n",
			    offset);
	return -EINVAL;
}

/*
 * The GPU clock counter, latched on request; serialised by rdev->clock_lock.
 * R5xx has none: radeon's ABI answers -EINVAL there.
 */
static int gpu_clock(struct ruby_device *rdev, u64 *clock)
{
	if (!rdev->chip.desc->asic->gpu_clock) {
		drm_dbg_ratelimited(&rdev->drm, "info: no GPU clock counter before R600\n");
		return -EINVAL;
	}
	mutex_lock(&rdev->clock_lock);
	*clock = rdev->chip.desc->asic->gpu_clock(rdev);
	mutex_unlock(&rdev->clock_lock);
	return 0;
}

/* R5xx's pipes as the straps report them; 0 (does not apply) on R6xx+ */
static int quad_pipes(struct ruby_device *rdev, u32 pipes, u64 *value)
{
	if (!pipes) {
		drm_dbg_ratelimited(&rdev->drm, "info: quad and Z pipes are R5xx's\n");
		return -EINVAL;
	}
	*value = pipes;
	return 0;
}

/* Claim (1) or release (0) a feature one file may own at a time. */
static u32 claim(struct ruby_device *rdev, struct drm_file *file, u32 want)
{
	u32 owned;

	mutex_lock(&rdev->hyperz_lock);
	if (want == 1 && !rdev->hyperz_owner)
		rdev->hyperz_owner = file;
	else if (want == 0 && rdev->hyperz_owner == file)
		rdev->hyperz_owner = NULL;
	owned = rdev->hyperz_owner == file;
	mutex_unlock(&rdev->hyperz_lock);
	return owned;
}

/**
 * ruby_info_postclose - drop what a closing file owned
 * @drm: the device
 * @file: the file being closed
 */
void ruby_info_postclose(struct drm_device *drm, struct drm_file *file)
{
	claim(to_ruby_device(drm), file, 0);
}

static int ring_working(struct ruby_device *rdev, u32 ring, u32 *out)
{
	switch (ring) {
	case RADEON_CS_RING_GFX:
		*out = rdev->rings[RUBY_RING_GFX].ready;
		return 0;
	case RADEON_CS_RING_DMA:
		*out = rdev->rings[RUBY_RING_DMA].ready;
		return 0;
	case RADEON_CS_RING_COMPUTE:
	case RADEON_CS_RING_UVD:
	case RADEON_CS_RING_VCE:
		/* rings ruby does not drive */
		*out = 0;
		return 0;
	default:
		drm_dbg_ratelimited(&rdev->drm, "info: unknown ring %u\n", ring);
		return -EINVAL;
	}
}

static u64 usage(struct ruby_device *rdev, u32 mem_type)
{
	return ttm_resource_manager_usage(ttm_manager_type(&rdev->bdev, mem_type));
}

/* Requests with a 32-bit input at the value pointer */
static bool takes_input(u32 request)
{
	return request == RADEON_INFO_WANT_HYPERZ ||
	       request == RADEON_INFO_WANT_CMASK ||
	       request == RADEON_INFO_CRTC_FROM_ID ||
	       request == RADEON_INFO_RING_WORKING ||
	       request == RADEON_INFO_READ_REG;
}

/* Requests answered with 64 bits */
static bool answers_64(u32 request)
{
	return request == RADEON_INFO_TIMESTAMP ||
	       request == RADEON_INFO_NUM_BYTES_MOVED ||
	       request == RADEON_INFO_VRAM_USAGE ||
	       request == RADEON_INFO_GTT_USAGE;
}

/*
 * The R6xx+ shader-engine layout (tile pipes, backends, SEs, SIMDs, the
 * tiling dword): radeon's ABI answers them from R600 on, -EINVAL before.
 * A family without tile pipes in its descriptor has no such layout.
 */
static bool layout_request(u32 request)
{
	return request == RADEON_INFO_TILING_CONFIG ||
	       request == RADEON_INFO_NUM_BACKENDS ||
	       request == RADEON_INFO_NUM_TILE_PIPES ||
	       request == RADEON_INFO_BACKEND_MAP ||
	       request == RADEON_INFO_MAX_PIPES ||
	       request == RADEON_INFO_MAX_SE ||
	       request == RADEON_INFO_ACTIVE_CU_COUNT;
}

static int answer(struct ruby_device *rdev, struct drm_file *file, u32 request,
		  u32 in, u64 *value)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 v = 0;
	int ret;

	if (layout_request(request) && !desc->gfx.max_tile_pipes) {
		drm_dbg_ratelimited(&rdev->drm, "info: request %#x is R600's and later's\n",
				    request);
		return -EINVAL;
	}
	switch (request) {
	case RADEON_INFO_DEVICE_ID:
		*value = rdev->pdev->device;
		return 0;
	case RADEON_INFO_ACCEL_WORKING:
		*value = !ruby_has(rdev, RUBY_FEAT_ACCEL_WORKING_FALSE) &&
			 rdev->rings[RUBY_RING_GFX].ready;
		return 0;
	case RADEON_INFO_ACCEL_WORKING2:
		*value = rdev->rings[RUBY_RING_GFX].ready;
		return 0;
	case RADEON_INFO_TILING_CONFIG:
		*value = rdev->gfx.tile_config;
		return 0;
	case RADEON_INFO_WANT_HYPERZ:
		if (in > 1)
			return -EINVAL;
		*value = claim(rdev, file, in);
		return 0;
	case RADEON_INFO_CLOCK_CRYSTAL_FREQ:
		*value = rdev->chip.desc->asic->xclk(rdev) * 10;	/* kHz */
		return 0;
	case RADEON_INFO_NUM_BACKENDS:
		*value = desc->gfx.max_backends;
		return 0;
	case RADEON_INFO_NUM_TILE_PIPES:
		*value = desc->gfx.max_tile_pipes;
		return 0;
	case RADEON_INFO_FUSION_GART_WORKING:
	case RADEON_INFO_VA_UNMAP_WORKING:
	case RADEON_INFO_SI_CP_DMA_COMPUTE:
		*value = 1;
		return 0;
	case RADEON_INFO_BACKEND_MAP:
		*value = rdev->gfx.backend_map;
		return 0;
	case RADEON_INFO_VA_START:
	case RADEON_INFO_IB_VM_MAX_SIZE:
		/*
		 * Per-process address spaces start with Cayman, and ruby has
		 * none yet (GEM_VA is -ENOTTY): userspace uses relocations.
		 */
		drm_dbg_ratelimited(&rdev->drm, "info: no per-process VM\n");
		return -EINVAL;
	case RADEON_INFO_MAX_PIPES:
		*value = desc->gfx.max_pipes;
		return 0;
	case RADEON_INFO_TIMESTAMP:
		return gpu_clock(rdev, value);
	case RADEON_INFO_NUM_GB_PIPES:
		return quad_pipes(rdev, rdev->gfx.num_gb_pipes, value);
	case RADEON_INFO_NUM_Z_PIPES:
		return quad_pipes(rdev, rdev->gfx.num_z_pipes, value);
	case RADEON_INFO_MAX_SE:
		*value = desc->gfx.num_ses;
		return 0;
	case RADEON_INFO_FASTFB_WORKING:
		*value = 0;
		return 0;
	case RADEON_INFO_RING_WORKING:
		ret = ring_working(rdev, in, &v);
		*value = v;
		return ret;
	case RADEON_INFO_NUM_BYTES_MOVED:
		*value = atomic64_read(&rdev->bytes_moved);
		return 0;
	case RADEON_INFO_VRAM_USAGE:
		*value = usage(rdev, TTM_PL_VRAM);
		return 0;
	case RADEON_INFO_GTT_USAGE:
		*value = usage(rdev, TTM_PL_TT);
		return 0;
	case RADEON_INFO_ACTIVE_CU_COUNT:
		*value = rdev->gfx.active_simds;
		return 0;
	case RADEON_INFO_MAX_SCLK:
	case RADEON_INFO_CURRENT_GPU_TEMP:
	case RADEON_INFO_CURRENT_GPU_SCLK:
	case RADEON_INFO_CURRENT_GPU_MCLK:
		/* from the video BIOS' tables, not parsed yet */
		*value = 0;
		return 0;
	case RADEON_INFO_READ_REG:
		ret = read_status_reg(rdev, in, &v);
		*value = v;
		return ret;
	case RADEON_INFO_GPU_RESET_COUNTER:
		*value = atomic_read(&rdev->reset.count);
		return 0;
	default:
		/*
		 * CMASK, CRTC ids (no KMS yet), SI/CIK tables,
		 * VCE, or unknown
		 */
		drm_dbg_ratelimited(&rdev->drm, "info: request %#x does not apply\n",
				    request);
		return -EINVAL;
	}
}

/**
 * ruby_info_ioctl - DRM_IOCTL_RADEON_INFO
 * @drm: the device
 * @data: &struct drm_radeon_info
 * @file: the caller
 *
 * Returns: 0, -EINVAL for a request that does not apply or a bad argument,
 * -EFAULT for a bad pointer.
 */
int ruby_info_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct ruby_device *rdev = to_ruby_device(drm);
	struct drm_radeon_info *info = data;
	void __user *ptr = u64_to_user_ptr(info->value);
	u64 value = 0;
	u32 in = 0, out32;
	int ret;

	if (takes_input(info->request) && copy_from_user(&in, ptr, sizeof(in))) {
		drm_dbg_ratelimited(drm, "info: cannot read the argument of %#x\n",
				    info->request);
		return -EFAULT;
	}
	ret = answer(rdev, file, info->request, in, &value);
	if (ret)
		return ret;
	out32 = value;
	if (answers_64(info->request))
		ret = copy_to_user(ptr, &value, sizeof(value));
	else
		ret = copy_to_user(ptr, &out32, sizeof(out32));
	if (ret) {
		drm_dbg_ratelimited(drm, "info: cannot write the answer to %#x\n",
				    info->request);
		return -EFAULT;
	}
	return 0;
}
