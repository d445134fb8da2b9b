// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: R6xx/R7xx shader-pipe layout and tiling
 *
 * Before the command processor starts, the memory clients learn how
 * surfaces are tiled. R6xx and R7xx keep it all in one dword,
 * GB_TILING_CONFIG: log2 of the tile pipes, banks, group size, row tiling,
 * sample split, bank swaps and, in the high half, which render backend
 * serves each pipe (two bits a pipe). Its low half is copied to the
 * display (DCP), host data path (HDP) and DMA engine. Fused-off render
 * backends are in CC_RB_BACKEND_DISABLE, inactive SIMDs in
 * CC_GC_SHADER_PIPE_CONFIG. That dword is what the INFO ioctl reports as
 * the tiling config, as radeon does and Mesa's r600 driver decodes. R6xx
 * and R7xx encode it alike; they differ in where the memory configuration
 * it is built from is (R6xx: RAMCFG, R7xx: MC_ARB_RAMCFG, with other
 * field positions) and in the DMA engine's copies of it.
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/log2.h>

#include <kunit/visibility.h>
#include <drm/drm_print.h>

#include "../regs/r600_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "r600.h"

#define R6XX_MAX_RBS		8
#define R6XX_BACKEND_FIELD	2	/* bits per pipe in the backend map */

/**
 * r600_backend_map - which render backend serves each tile pipe
 * @pipes_log2: log2 of the tile pipes
 * @max_rbs: render backends the family has
 * @disabled: bit n set if backend n is fused off
 * @field_bits: bits per pipe in the map (R6xx/R7xx: 2, Evergreen: 4)
 *
 * The pipes are shared out evenly among the enabled backends, the first
 * backends (highest index first) taking one more when they do not divide
 * evenly; the last pipe is the lowest field. Backends beyond @max_rbs
 * count as disabled; if that would leave none, the fuses are ignored.
 *
 * Returns: the backend map.
 */
u32 r600_backend_map(u32 pipes_log2, u32 max_rbs, u32 disabled, u32 field_bits)
{
	u32 pipes = 1u << pipes_log2, enabled, share, extra, map = 0;
	int rb;

	max_rbs = clamp(max_rbs, 1u, (u32)R6XX_MAX_RBS);
	enabled = GENMASK(max_rbs - 1, 0) & ~disabled;
	if (!enabled)
		enabled = GENMASK(max_rbs - 1, 0);
	share = pipes / hweight32(enabled);
	extra = pipes % hweight32(enabled);
	for (rb = max_rbs - 1; rb >= 0; rb--) {
		u32 n;

		if (!(enabled & BIT(rb)))
			continue;
		n = share;
		if (extra) {
			n++;
			extra--;
		}
		while (n--)
			map = (map << field_bits) | rb;
	}
	return map;
}
EXPORT_SYMBOL_IF_KUNIT(r600_backend_map);

/* The tiling fields GB_TILING_CONFIG takes from the memory configuration */
static u32 tiling_config(u32 tile_pipes, u32 backend_map, bool eight_banks,
			 bool long_burst, u32 rows)
{
	rows = min(rows, 3u);	/* row tiling and sample split stop at 3 */
	return FIELD_PREP(TILING_PIPE, ilog2(max(tile_pipes, 1u))) |
	       FIELD_PREP(TILING_BANK, eight_banks) |
	       FIELD_PREP(TILING_GROUP_SIZE, long_burst) |
	       FIELD_PREP(TILING_ROW, rows) |
	       FIELD_PREP(TILING_SAMPLE_SPLIT, rows) |
	       FIELD_PREP(TILING_BANK_SWAPS, 1) |
	       FIELD_PREP(TILING_BACKEND_MAP, backend_map);
}

/**
 * r600_tiling_config - GB_TILING_CONFIG of an R6xx chip
 * @tile_pipes: tile pipes of the family (1, 2, 4 or 8)
 * @backend_map: the render backend of each pipe, two bits a pipe
 * @ramcfg: RAMCFG, R6xx's layout (one bank bit, rows in bits 4:2)
 *
 * Returns: the register's value, which is also the INFO tiling dword.
 */
u32 r600_tiling_config(u32 tile_pipes, u32 backend_map, u32 ramcfg)
{
	return tiling_config(tile_pipes, backend_map,
			     FIELD_GET(R600_RAMCFG_NOOFBANK, ramcfg),
			     FIELD_GET(R600_RAMCFG_BURSTLENGTH, ramcfg),
			     FIELD_GET(R600_RAMCFG_NOOFROWS, ramcfg));
}
EXPORT_SYMBOL_IF_KUNIT(r600_tiling_config);

/**
 * rv770_tiling_config - GB_TILING_CONFIG of an R7xx chip
 * @tile_pipes: tile pipes of the family (1, 2, 4 or 8)
 * @backend_map: the render backend of each pipe, two bits a pipe
 * @ramcfg: MC_ARB_RAMCFG
 *
 * Returns: the register's value, which is also the INFO tiling dword.
 */
u32 rv770_tiling_config(u32 tile_pipes, u32 backend_map, u32 ramcfg)
{
	return tiling_config(tile_pipes, backend_map,
			     FIELD_GET(MC_ARB_NOOFBANK, ramcfg) != 0,
			     FIELD_GET(MC_ARB_BURSTLENGTH, ramcfg),
			     FIELD_GET(MC_ARB_NOOFROWS, ramcfg));
}
EXPORT_SYMBOL_IF_KUNIT(rv770_tiling_config);

/**
 * struct gfx_tiling - where a generation reads and copies the tiling dword
 * @ramcfg: the memory configuration register
 * @encode: builds GB_TILING_CONFIG from it
 * @dma: the DMA engine's copies of the low half (zero offset: none)
 */
struct gfx_tiling {
	struct ruby_reg ramcfg;
	u32 (*encode)(u32 tile_pipes, u32 backend_map, u32 ramcfg);
	struct ruby_reg dma[2];
};

static const struct gfx_tiling r600_tiling = {
	.ramcfg = R600_RAMCFG,
	.encode = r600_tiling_config,
	.dma = { R600_DMA_TILING_CONFIG },
};

static const struct gfx_tiling rv770_tiling = {
	.ramcfg = MC_ARB_RAMCFG,
	.encode = rv770_tiling_config,
	.dma = { RV770_DMA_TILING_CONFIG, RV770_DMA_TILING_CONFIG2 },
};

/* Read the fuses: which render backends and SIMDs work. */
static int gfx_read_fuses(struct ruby_device *rdev, u32 *disabled)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 all = GENMASK(desc->gfx.max_backends - 1, 0), inactive;

	if (!desc->gfx.max_backends || desc->gfx.max_backends > R6XX_MAX_RBS ||
	    !desc->gfx.max_simds) {
		drm_err(&rdev->drm, "gfx: no shader-pipe layout for %s\n", desc->name);
		return -ENODEV;
	}
	*disabled = FIELD_GET(BACKEND_DISABLE, ruby_read32(rdev, CC_RB_BACKEND_DISABLE)) & all;
	if (*disabled == all)
		*disabled = 0;
	inactive = FIELD_GET(INACTIVE_SIMDS, ruby_read32(rdev, CC_GC_SHADER_PIPE_CONFIG));
	rdev->gfx.active_simds = hweight32(GENMASK(desc->gfx.max_simds - 1, 0) & ~inactive);
	rdev->gfx.enabled_rbs = all & ~*disabled;
	return 0;
}

static int gfx_config_init(struct ruby_device *rdev, const struct gfx_tiling *t)
{
	const struct ruby_family_desc *desc = rdev->chip.desc;
	u32 disabled, tiling;
	unsigned int i;
	int ret;

	ret = gfx_read_fuses(rdev, &disabled);
	if (ret)
		return ret;
	rdev->gfx.backend_map = r600_backend_map(ilog2(desc->gfx.max_tile_pipes),
						 desc->gfx.max_backends, disabled,
						 R6XX_BACKEND_FIELD);
	tiling = t->encode(desc->gfx.max_tile_pipes, rdev->gfx.backend_map,
			   ruby_read32(rdev, t->ramcfg));
	rdev->gfx.tile_config = tiling;
	rdev->gfx.gb_addr_config = 0;
	rdev->gfx.num_banks = 4u << FIELD_GET(TILING_BANK, tiling);

	ruby_write32(rdev, GB_TILING_CONFIG, tiling);
	ruby_write32(rdev, DCP_TILING_CONFIG, tiling & 0xffff);
	ruby_write32(rdev, HDP_TILING_CONFIG, tiling & 0xffff);
	for (i = 0; i < ARRAY_SIZE(t->dma) && t->dma[i].addr; i++)
		ruby_write32(rdev, t->dma[i], tiling & 0xffff);
	drm_dbg_driver(&rdev->drm,
		       "gfx: GB_TILING_CONFIG %#x, backends %#x (map %#x), %u SIMDs\n",
		       tiling, rdev->gfx.enabled_rbs, rdev->gfx.backend_map,
		       rdev->gfx.active_simds);
	return 0;
}

static int r600_gfx_config_init(struct ruby_device *rdev)
{
	return gfx_config_init(rdev, &r600_tiling);
}

static int rv770_gfx_config_init(struct ruby_device *rdev)
{
	return gfx_config_init(rdev, &rv770_tiling);
}

const struct ruby_ip_block r600_gfx_config_block = {
	.name = "gfx-config",
	.init = r600_gfx_config_init,
};

const struct ruby_ip_block rv770_gfx_config_block = {
	.name = "gfx-config",
	.init = rv770_gfx_config_init,
};
