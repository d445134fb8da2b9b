// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: Evergreen: a ROM the chip keeps disabled
 *
 * Many Evergreen and NI boards leave their video BIOS ROM switched off in
 * the chip once the system firmware is done with it: the ROM BAR decodes,
 * but what answers behind it is not the image. Three things stand between
 * the BAR and the serial ROM: the bus interface's ROM disable
 * (BUS_CNTL.BIOS_ROM_DIS), the ROM's serial clock, which
 * ROM_CNTL.SCK_OVERWRITE forces on, and the VGA engine while a display
 * controller is in VGA mode (D1VGA_CONTROL, D2VGA_CONTROL) or the VGA
 * status is reported (VGA_RENDER_CONTROL.VGA_VSTATUS_CNTL).
 *
 * evergreen_read_disabled_rom() reads the five registers, clears or sets
 * exactly those bits, lets the shared code read the ROM BAR as it would
 * any other, and writes the five values it read back, in the reverse
 * order, whether the read found an image or not: the board is left as
 * the firmware left it. R7xx's sequence also stops the VIP host port
 * (VIPH_CONTROL); Evergreen's register set has no such register, and NI's
 * sequence leaves it alone, so this one does not touch it.
 */

#include "../regs/evergreen_regs.h"
#include "../ruby_device.h"
#include "../ruby_mmio.h"
#include "evergreen.h"

/* The registers the read changes, as the firmware left them */
struct evergreen_rom_regs {
	u32 bus_cntl;
	u32 rom_cntl;
	u32 d1vga;
	u32 d2vga;
	u32 vga_render;
};

static void evergreen_rom_save(struct ruby_device *rdev, struct evergreen_rom_regs *r)
{
	r->bus_cntl = ruby_read32(rdev, BUS_CNTL);
	r->rom_cntl = ruby_read32(rdev, ROM_CNTL);
	r->d1vga = ruby_read32(rdev, D1VGA_CONTROL);
	r->d2vga = ruby_read32(rdev, D2VGA_CONTROL);
	r->vga_render = ruby_read32(rdev, VGA_RENDER_CONTROL);
}

/* ROM on, its clock forced, the VGA engine off the ROM's path */
static void evergreen_rom_open(struct ruby_device *rdev, const struct evergreen_rom_regs *r)
{
	const u32 vga_mode = D1VGA_MODE_ENABLE | D1VGA_TIMING_SELECT;

	ruby_write32(rdev, BUS_CNTL, r->bus_cntl & ~BUS_CNTL_BIOS_ROM_DIS);
	ruby_write32(rdev, ROM_CNTL, r->rom_cntl | ROM_CNTL_SCK_OVERWRITE);
	ruby_write32(rdev, D1VGA_CONTROL, r->d1vga & ~vga_mode);
	ruby_write32(rdev, D2VGA_CONTROL, r->d2vga & ~vga_mode);
	ruby_write32(rdev, VGA_RENDER_CONTROL, r->vga_render & ~VGA_VSTATUS_CNTL);
}

static void evergreen_rom_close(struct ruby_device *rdev, const struct evergreen_rom_regs *r)
{
	ruby_write32(rdev, VGA_RENDER_CONTROL, r->vga_render);
	ruby_write32(rdev, D2VGA_CONTROL, r->d2vga);
	ruby_write32(rdev, D1VGA_CONTROL, r->d1vga);
	ruby_write32(rdev, ROM_CNTL, r->rom_cntl);
	ruby_write32(rdev, BUS_CNTL, r->bus_cntl);
}

/**
 * evergreen_read_disabled_rom - read the ROM BAR with the chip's ROM on
 * @rdev: the device
 * @read: what reads the ROM BAR
 * @arg: its argument
 *
 * See DOC: Evergreen: a ROM the chip keeps disabled. Runs at probe, before
 * any other block programs the display or VGA registers.
 *
 * Returns: what @read returned; the registers are restored either way.
 */
int evergreen_read_disabled_rom(struct ruby_device *rdev,
				int (*read)(struct ruby_device *rdev, void *arg), void *arg)
{
	struct evergreen_rom_regs saved;
	int ret;

	evergreen_rom_save(rdev, &saved);
	evergreen_rom_open(rdev, &saved);
	ret = read(rdev, arg);
	evergreen_rom_close(rdev, &saved);
	return ret;
}
