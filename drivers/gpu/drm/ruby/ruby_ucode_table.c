// SPDX-License-Identifier: GPL-2.0-only
/*
 * Generated from firmware/MANIFEST by tools/testing/ruby/gen-ucode-table.py:
 * edit the manifest and rerun the script, never this file.
 */

#include <linux/module.h>

#include <kunit/visibility.h>

#include "ruby_ucode.h"

const struct ruby_ucode_file ruby_ucode_files[RUBY_UCODE_COUNT] = {
	[RUBY_UCODE_R520_CP]     = { "radeon/R520_cp.bin", 2048 },
	[RUBY_UCODE_RS600_CP]    = { "radeon/RS600_cp.bin", 2048 },
	[RUBY_UCODE_RS690_CP]    = { "radeon/RS690_cp.bin", 2048 },
	[RUBY_UCODE_R600_PFP]    = { "radeon/R600_pfp.bin", 2304 },
	[RUBY_UCODE_R600_ME]     = { "radeon/R600_me.bin", 21504 },
	[RUBY_UCODE_RV610_PFP]   = { "radeon/RV610_pfp.bin", 2304 },
	[RUBY_UCODE_RV610_ME]    = { "radeon/RV610_me.bin", 21504 },
	[RUBY_UCODE_RV630_PFP]   = { "radeon/RV630_pfp.bin", 2304 },
	[RUBY_UCODE_RV630_ME]    = { "radeon/RV630_me.bin", 21504 },
	[RUBY_UCODE_RV620_PFP]   = { "radeon/RV620_pfp.bin", 2304 },
	[RUBY_UCODE_RV620_ME]    = { "radeon/RV620_me.bin", 21504 },
	[RUBY_UCODE_RV635_PFP]   = { "radeon/RV635_pfp.bin", 2304 },
	[RUBY_UCODE_RV635_ME]    = { "radeon/RV635_me.bin", 21504 },
	[RUBY_UCODE_RV670_PFP]   = { "radeon/RV670_pfp.bin", 2304 },
	[RUBY_UCODE_RV670_ME]    = { "radeon/RV670_me.bin", 21504 },
	[RUBY_UCODE_RS780_PFP]   = { "radeon/RS780_pfp.bin", 2304 },
	[RUBY_UCODE_RS780_ME]    = { "radeon/RS780_me.bin", 21504 },
	[RUBY_UCODE_R600_RLC]    = { "radeon/R600_rlc.bin", 3072 },
	[RUBY_UCODE_RV770_PFP]   = { "radeon/RV770_pfp.bin", 3392 },
	[RUBY_UCODE_RV770_ME]    = { "radeon/RV770_me.bin", 5440 },
	[RUBY_UCODE_RV730_PFP]   = { "radeon/RV730_pfp.bin", 3392 },
	[RUBY_UCODE_RV730_ME]    = { "radeon/RV730_me.bin", 5440 },
	[RUBY_UCODE_RV710_PFP]   = { "radeon/RV710_pfp.bin", 3392 },
	[RUBY_UCODE_RV710_ME]    = { "radeon/RV710_me.bin", 5440 },
	[RUBY_UCODE_R700_RLC]    = { "radeon/R700_rlc.bin", 4096 },
	[RUBY_UCODE_CEDAR_PFP]   = { "radeon/CEDAR_pfp.bin", 4480 },
	[RUBY_UCODE_CEDAR_ME]    = { "radeon/CEDAR_me.bin", 5504 },
	[RUBY_UCODE_CEDAR_RLC]   = { "radeon/CEDAR_rlc.bin", 3072 },
	[RUBY_UCODE_REDWOOD_PFP] = { "radeon/REDWOOD_pfp.bin", 4480 },
	[RUBY_UCODE_REDWOOD_ME]  = { "radeon/REDWOOD_me.bin", 5504 },
	[RUBY_UCODE_REDWOOD_RLC] = { "radeon/REDWOOD_rlc.bin", 3072 },
	[RUBY_UCODE_JUNIPER_PFP] = { "radeon/JUNIPER_pfp.bin", 4480 },
	[RUBY_UCODE_JUNIPER_ME]  = { "radeon/JUNIPER_me.bin", 5504 },
	[RUBY_UCODE_JUNIPER_RLC] = { "radeon/JUNIPER_rlc.bin", 3072 },
	[RUBY_UCODE_CYPRESS_PFP] = { "radeon/CYPRESS_pfp.bin", 4480 },
	[RUBY_UCODE_CYPRESS_ME]  = { "radeon/CYPRESS_me.bin", 5504 },
	[RUBY_UCODE_CYPRESS_RLC] = { "radeon/CYPRESS_rlc.bin", 3072 },
	[RUBY_UCODE_PALM_PFP]    = { "radeon/PALM_pfp.bin", 4480 },
	[RUBY_UCODE_PALM_ME]     = { "radeon/PALM_me.bin", 5504 },
	[RUBY_UCODE_SUMO_PFP]    = { "radeon/SUMO_pfp.bin", 4480 },
	[RUBY_UCODE_SUMO_ME]     = { "radeon/SUMO_me.bin", 5504 },
	[RUBY_UCODE_SUMO2_PFP]   = { "radeon/SUMO2_pfp.bin", 4480 },
	[RUBY_UCODE_SUMO2_ME]    = { "radeon/SUMO2_me.bin", 5504 },
	[RUBY_UCODE_SUMO_RLC]    = { "radeon/SUMO_rlc.bin", 3072 },
	[RUBY_UCODE_BARTS_PFP]   = { "radeon/BARTS_pfp.bin", 4480 },
	[RUBY_UCODE_BARTS_ME]    = { "radeon/BARTS_me.bin", 5504 },
	[RUBY_UCODE_BARTS_MC]    = { "radeon/BARTS_mc.bin", 24096 },
	[RUBY_UCODE_TURKS_PFP]   = { "radeon/TURKS_pfp.bin", 4480 },
	[RUBY_UCODE_TURKS_ME]    = { "radeon/TURKS_me.bin", 5504 },
	[RUBY_UCODE_TURKS_MC]    = { "radeon/TURKS_mc.bin", 24096 },
	[RUBY_UCODE_CAICOS_PFP]  = { "radeon/CAICOS_pfp.bin", 4480 },
	[RUBY_UCODE_CAICOS_ME]   = { "radeon/CAICOS_me.bin", 5504 },
	[RUBY_UCODE_CAICOS_MC]   = { "radeon/CAICOS_mc.bin", 24096 },
	[RUBY_UCODE_BTC_RLC]     = { "radeon/BTC_rlc.bin", 3072 },
	[RUBY_UCODE_CAYMAN_PFP]  = { "radeon/CAYMAN_pfp.bin", 8704 },
	[RUBY_UCODE_CAYMAN_ME]   = { "radeon/CAYMAN_me.bin", 8704 },
	[RUBY_UCODE_CAYMAN_RLC]  = { "radeon/CAYMAN_rlc.bin", 4096 },
	[RUBY_UCODE_CAYMAN_MC]   = { "radeon/CAYMAN_mc.bin", 24148 },
};
EXPORT_SYMBOL_IF_KUNIT(ruby_ucode_files);

MODULE_FIRMWARE("radeon/R520_cp.bin");
MODULE_FIRMWARE("radeon/RS600_cp.bin");
MODULE_FIRMWARE("radeon/RS690_cp.bin");
MODULE_FIRMWARE("radeon/R600_pfp.bin");
MODULE_FIRMWARE("radeon/R600_me.bin");
MODULE_FIRMWARE("radeon/RV610_pfp.bin");
MODULE_FIRMWARE("radeon/RV610_me.bin");
MODULE_FIRMWARE("radeon/RV630_pfp.bin");
MODULE_FIRMWARE("radeon/RV630_me.bin");
MODULE_FIRMWARE("radeon/RV620_pfp.bin");
MODULE_FIRMWARE("radeon/RV620_me.bin");
MODULE_FIRMWARE("radeon/RV635_pfp.bin");
MODULE_FIRMWARE("radeon/RV635_me.bin");
MODULE_FIRMWARE("radeon/RV670_pfp.bin");
MODULE_FIRMWARE("radeon/RV670_me.bin");
MODULE_FIRMWARE("radeon/RS780_pfp.bin");
MODULE_FIRMWARE("radeon/RS780_me.bin");
MODULE_FIRMWARE("radeon/R600_rlc.bin");
MODULE_FIRMWARE("radeon/RV770_pfp.bin");
MODULE_FIRMWARE("radeon/RV770_me.bin");
MODULE_FIRMWARE("radeon/RV730_pfp.bin");
MODULE_FIRMWARE("radeon/RV730_me.bin");
MODULE_FIRMWARE("radeon/RV710_pfp.bin");
MODULE_FIRMWARE("radeon/RV710_me.bin");
MODULE_FIRMWARE("radeon/R700_rlc.bin");
MODULE_FIRMWARE("radeon/CEDAR_pfp.bin");
MODULE_FIRMWARE("radeon/CEDAR_me.bin");
MODULE_FIRMWARE("radeon/CEDAR_rlc.bin");
MODULE_FIRMWARE("radeon/REDWOOD_pfp.bin");
MODULE_FIRMWARE("radeon/REDWOOD_me.bin");
MODULE_FIRMWARE("radeon/REDWOOD_rlc.bin");
MODULE_FIRMWARE("radeon/JUNIPER_pfp.bin");
MODULE_FIRMWARE("radeon/JUNIPER_me.bin");
MODULE_FIRMWARE("radeon/JUNIPER_rlc.bin");
MODULE_FIRMWARE("radeon/CYPRESS_pfp.bin");
MODULE_FIRMWARE("radeon/CYPRESS_me.bin");
MODULE_FIRMWARE("radeon/CYPRESS_rlc.bin");
MODULE_FIRMWARE("radeon/PALM_pfp.bin");
MODULE_FIRMWARE("radeon/PALM_me.bin");
MODULE_FIRMWARE("radeon/SUMO_pfp.bin");
MODULE_FIRMWARE("radeon/SUMO_me.bin");
MODULE_FIRMWARE("radeon/SUMO2_pfp.bin");
MODULE_FIRMWARE("radeon/SUMO2_me.bin");
MODULE_FIRMWARE("radeon/SUMO_rlc.bin");
MODULE_FIRMWARE("radeon/BARTS_pfp.bin");
MODULE_FIRMWARE("radeon/BARTS_me.bin");
MODULE_FIRMWARE("radeon/BARTS_mc.bin");
MODULE_FIRMWARE("radeon/TURKS_pfp.bin");
MODULE_FIRMWARE("radeon/TURKS_me.bin");
MODULE_FIRMWARE("radeon/TURKS_mc.bin");
MODULE_FIRMWARE("radeon/CAICOS_pfp.bin");
MODULE_FIRMWARE("radeon/CAICOS_me.bin");
MODULE_FIRMWARE("radeon/CAICOS_mc.bin");
MODULE_FIRMWARE("radeon/BTC_rlc.bin");
MODULE_FIRMWARE("radeon/CAYMAN_pfp.bin");
MODULE_FIRMWARE("radeon/CAYMAN_me.bin");
MODULE_FIRMWARE("radeon/CAYMAN_rlc.bin");
MODULE_FIRMWARE("radeon/CAYMAN_mc.bin");
