// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen shader-engine layout and tiling
 *
 * Before the command processor starts, the driver tells the memory
 * clients how surfaces are tiled: GB_ADDR_CONFIG (pipes, interleave, row
 * size), copied to the display (DMIF), host data path (HDP) and DMA
 * engine, and which render backend serves which pipe (GB_BACKEND_MAP).
 * A board may have render backends and SIMDs fused off: Evergreen
 * discrete chips report disabled backends in the RCU efuse straps, later
 * chips in CC_RB_BACKEND_DISABLE of each shader engine; inactive SIMDs are
 * in CC_GC_SHADER_PIPE_CONFIG. What is found here is kept in rdev->gfx
 * and is what the INFO ioctl reports (tiling config, backend map,
 * backends, SIMDs).
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/log2.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../regs/evergreen_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

#define RUBY_MAX_RBS		8	/* GB_BACKEND_MAP has 8 fields */
#define BACKEND_MAP_FIELD	4	/* bits per pipe in GB_BACKEND_MAP */

/* The tiling dword userspace gets from RADEON_INFO_TILING_CONFIG */
#define TILE_CONFIG_PIPES	GENMASK(3, 0)	/* log2 of the tile pipes */
#define TILE_CONFIG_BANKS	GENMASK(7, 4)	/* 0: 4, 1: 8, 2: 16 banks */
#define TILE_CONFIG_GROUP	GENMASK(11, 8)	/* 0: 256-byte groups */
#define TILE_CONFIG_ROW		GENMASK(15, 12)	/* GB_ADDR_CONFIG row size */

/**
 * evergreen_backend_map - which render backend serves each tile pipe
 * @num_pipes_log2: log2 of the tile pipes (GB_ADDR_CONFIG.NUM_PIPES)
 * @max_rbs: render backends the family has
 * @disabled: bit n set if backend n is fused off
 *
 * R6xx's sharing out (r600_backend_map()), four bits a pipe.
 *
 * Returns: the GB_BACKEND_MAP value.
 */
u32 evergreen_backend_map(u32 num_pipes_log2, u32 max_rbs, u32 disabled)
{
	return r600_backend_map(num_pipes_log2, max_rbs, disabled, BACKEND_MAP_FIELD);
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_backend_map);

/**
 * evergreen_tile_config - the tiling dword of the INFO ioctl
 * @tile_pipes: tile pipes of the family (1, 2, 4 or 8)
 * @ramcfg: MC_ARB_RAMCFG
 * @gb_addr_config: GB_ADDR_CONFIG as programmed
 * @igp: a Fusion IGP (whose memory always has eight banks)
 *
 * Returns: pipes, banks, group size and row size, in the layout Mesa's r600
 * driver decodes.
 */
u32 evergreen_tile_config(u32 tile_pipes, u32 ramcfg, u32 gb_addr_config,
			  bool igp)
{
	u32 banks = igp ? 1 : min_t(u32, FIELD_GET(MC_ARB_NOOFBANK, ramcfg), 2);

	return FIELD_PREP(TILE_CONFIG_PIPES, ilog2(max(tile_pipes, 1u))) |
	       FIELD_PREP(TILE_CONFIG_BANKS, banks) |
	       FIELD_PREP(TILE_CONFIG_GROUP, 0) |
	       FIELD_PREP(TILE_CONFIG_ROW, FIELD_GET(GB_ROW_SIZE, gb_addr_config));
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_tile_config);

static void select_se(struct ruby_device *rdev, int se)
{
	u32 v = GFX_INDEX_INSTANCE_BROADCAST;

	if (se < 0)
		v |= GFX_INDEX_SE_BROADCAST;
	else
		v |= FIELD_PREP(GFX_INDEX_SE, se);
	ruby_write32(rdev, GRBM_GFX_INDEX, v);
	ruby_write32(rdev, RLC_GFX_INDEX, v);
}

static u32 rcu_read(struct ruby_device *rdev, u32 index)
{
	ruby_write32(rdev, RCU_IND_INDEX, index);
	return ruby_read32(rdev, RCU_IND_DATA);
}

/* Fused-off render backends, bit n = backend n. */
static u32 disabled_backends(struct ruby_device *rdev)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 mask = 0;
	int se;

	if (ruby_has(rdev, RUBY_FEAT_RB_FUSE_RCU))
		return (rcu_read(rdev, RCU_EFUSE_STRAPS_4) & 0xf) << 4 |
		       (rcu_read(rdev, RCU_EFUSE_STRAPS_3) >> 28);
	/* four backends per shader engine at most, engine 0 lowest */
	for (se = desc->gfx.num_ses - 1; se >= 0; se--) {
		select_se(rdev, se);
		mask = mask << 4 |
		       (FIELD_GET(BACKEND_DISABLE,
				  ruby_read32(rdev, CC_RB_BACKEND_DISABLE)) & 0xf);
	}
	return mask;
}

static u32 active_simds(struct ruby_device *rdev)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 count = 0;
	int se;

	for (se = 0; se < desc->gfx.num_ses; se++) {
		u32 inactive;

		select_se(rdev, se);
		inactive = FIELD_GET(INACTIVE_SIMDS,
				     ruby_read32(rdev, CC_GC_SHADER_PIPE_CONFIG));
		count += hweight32(GENMASK(desc->gfx.max_simds - 1, 0) & ~inactive);
	}
	return count;
}

static int evergreen_gfx_config_init(struct ruby_device *rdev)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 addr = desc->gfx.gb_addr_config, disabled;

	if (!desc->gfx.num_ses || !desc->gfx.max_backends ||
	    desc->gfx.max_backends > RUBY_MAX_RBS) {
		drm_err(&rdev->drm, "gfx: no shader-engine layout for %s\n",
			desc->name);
		return -ENODEV;
	}
	disabled = disabled_backends(rdev);
	rdev->gfx.active_simds = active_simds(rdev);
	select_se(rdev, -1);

	rdev->gfx.gb_addr_config = addr;
	rdev->gfx.backend_map = evergreen_backend_map(FIELD_GET(GB_NUM_PIPES, addr),
						      desc->gfx.max_backends, disabled);
	rdev->gfx.enabled_rbs = GENMASK(desc->gfx.max_backends - 1, 0) & ~disabled;
	if (!rdev->gfx.enabled_rbs)
		rdev->gfx.enabled_rbs = GENMASK(desc->gfx.max_backends - 1, 0);
	rdev->gfx.tile_config = evergreen_tile_config(desc->gfx.max_tile_pipes,
						      ruby_read32(rdev, MC_ARB_RAMCFG), addr,
						      ruby_has(rdev, RUBY_FEAT_IGP));
	rdev->gfx.num_banks = 4u << FIELD_GET(TILE_CONFIG_BANKS, rdev->gfx.tile_config);

	ruby_write32(rdev, GB_ADDR_CONFIG, addr);
	ruby_write32(rdev, DMIF_ADDR_CONFIG, addr);
	ruby_write32(rdev, HDP_ADDR_CONFIG, addr);
	ruby_write32(rdev, DMA_TILING_CONFIG, addr);
	ruby_write32(rdev, GB_BACKEND_MAP, rdev->gfx.backend_map);
	drm_dbg_driver(&rdev->drm,
		       "gfx: GB_ADDR_CONFIG %#x, backends %#x (map %#x), %u SIMDs, tiling %#x\n",
		       addr, rdev->gfx.enabled_rbs, rdev->gfx.backend_map,
		       rdev->gfx.active_simds, rdev->gfx.tile_config);
	return 0;
}

const struct ruby_ip_block evergreen_gfx_config_block = {
	.name = "gfx-config",
	.init = evergreen_gfx_config_init,
};
