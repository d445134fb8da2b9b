// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R5xx pipes
 *
 * An R5xx chip has one to four quad (GB) pipes, and one or two Z pipes
 * (RV530); a board's straps may have fewer working than the family has.
 * GB_PIPE_SELECT reports the pipes the straps left (its count field is
 * pipes - 1), RV530's GB_PIPE_SELECT2 whether its second Z pipe is on.
 * ruby takes the smaller of the straps' count and the family's, then
 * programs the layout: the setup unit's destinations (SU_REG_DEST, a bit
 * per pipe), the tile configuration (GB_TILE_CONFIG: the pipe count's
 * code, 16-pixel tiles, tiling on) and the 2D destination cache's
 * autoflush. INFO NUM_GB_PIPES and NUM_Z_PIPES answer what was found;
 * Mesa's r300 driver lays out its tiled surfaces by them.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "r500.h"

/* RV530's workaround: the setup and Z FIFOs at their largest */
#define RV530_FIFO_SIZE2	0xff

/* GB_TILE_CONFIG's pipe-count code, by pipes (index 0 unused: 1 pipe) */
static const u8 pipe_count_code[] = { 0, 0, 3, 6, 7 };

/**
 * r500_gb_pipes - the quad pipes to use
 * @gb_pipe_select: GB_PIPE_SELECT as the straps set it
 * @max_pipes: the family's pipes, 1 to 4
 *
 * Returns: the pipes, 1 to @max_pipes.
 */
u32 r500_gb_pipes(u32 gb_pipe_select, u32 max_pipes)
{
	u32 strapped = FIELD_GET(GB_PIPE_MAX, gb_pipe_select) + 1;

	return clamp(strapped, 1u, max_pipes);
}
EXPORT_SYMBOL_IF_KUNIT(r500_gb_pipes);

/**
 * r500_tile_config - GB_TILE_CONFIG for a number of quad pipes
 * @num_pipes: 1 to 4; anything else is taken as 1
 *
 * Returns: the register's value.
 */
u32 r500_tile_config(u32 num_pipes)
{
	if (num_pipes < 1 || num_pipes >= ARRAY_SIZE(pipe_count_code))
		num_pipes = 1;
	return FIELD_PREP(GB_PIPE_COUNT, pipe_count_code[num_pipes]) |
	       FIELD_PREP(GB_TILE_SIZE, GB_TILE_SIZE_16) | GB_ENABLE_TILING;
}
EXPORT_SYMBOL_IF_KUNIT(r500_tile_config);

/**
 * r500_gui_wait_idle - wait until the 2D/3D engines are idle
 * @rdev: the device
 *
 * Returns: 0, or -ETIMEDOUT.
 */
int r500_gui_wait_idle(struct ruby_device *rdev)
{
	u32 status;
	int ret = ruby_poll32(rdev, RBBM_STATUS, RBBM_GUI_ACTIVE, 0, &status);

	if (ret)
		drm_err(&rdev->drm, "gfx: engines stay busy (RBBM_STATUS %#x)\n", status);
	return ret;
}

static u32 r500_z_pipes(struct ruby_device *rdev)
{
	u32 max = rdev->chip.desc->gfx.max_z_pipes;

	/* only a chip with two Z pipes has GB_PIPE_SELECT2 */
	if (max < 2)
		return 1;
	return FIELD_GET(GB_Z_PIPE_SELECT, ruby_read32(rdev, GB_PIPE_SELECT2)) == 3 ? 2 : 1;
}

static int r500_gfx_init(struct ruby_device *rdev)
{
	u32 pipes;
	int ret;

	ret = r500_gui_wait_idle(rdev);
	if (ret)
		return ret;
	ruby_write32(rdev, VGA_RENDER_CONTROL, 0);
	if (rdev->chip.desc->gfx.max_z_pipes > 1)
		ruby_write32(rdev, GB_FIFO_SIZE2, RV530_FIFO_SIZE2);
	ruby_write32(rdev, GA_ENHANCE, GA_DEADLOCK_CNTL | GA_FASTSYNC_CNTL);
	pipes = r500_gb_pipes(ruby_read32(rdev, GB_PIPE_SELECT),
			      rdev->chip.desc->gfx.max_pipes);
	ruby_write32(rdev, SU_REG_DEST, BIT(pipes) - 1);
	ruby_write32(rdev, GB_TILE_CONFIG, r500_tile_config(pipes));
	ret = r500_gui_wait_idle(rdev);
	if (ret)
		return ret;
	ruby_write32(rdev, DST_PIPE_CONFIG,
		     ruby_read32(rdev, DST_PIPE_CONFIG) | PIPE_AUTO_CONFIG);
	ruby_write32(rdev, RB2D_DSTCACHE_MODE, ruby_read32(rdev, RB2D_DSTCACHE_MODE) |
		     DC_AUTOFLUSH_ENABLE | DC_DISABLE_IGNORE_PE);
	rdev->gfx.num_gb_pipes = pipes;
	rdev->gfx.num_z_pipes = r500_z_pipes(rdev);
	drm_dbg_driver(&rdev->drm, "gfx: %u quad pipes, %u Z pipes\n",
		       rdev->gfx.num_gb_pipes, rdev->gfx.num_z_pipes);
	return r500_gui_wait_idle(rdev);
}

const struct ruby_ip_block r500_gfx_block = {
	.name = "gfx",
	.init = r500_gfx_init,
};
