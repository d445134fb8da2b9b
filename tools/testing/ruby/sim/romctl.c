// SPDX-License-Identifier: GPL-2.0-only
/*
 * The chip's switch of its expansion ROM (Evergreen/NI rows), which the
 * firmware of many boards leaves off and --rom-disabled models: the ROM
 * answers its BAR (rom.c) only while BUS_CNTL.BIOS_ROM_DIS is clear,
 * ROM_CNTL.SCK_OVERWRITE forces its serial clock on, and neither display
 * controller is in VGA mode (D1/D2VGA_CONTROL).
 *
 * A driver that turns the switch on must put all of it back,
 * VGA_RENDER_CONTROL included, before it touches any other register: the
 * first write to one of the switch's registers (VGA_RENDER_CONTROL's own
 * writes are the memory controller's business, and do not count) records
 * the five as they were, and the next access to any other register, or
 * the end of the run, compares them (ROM-CTL-NOT-RESTORED for each that
 * differs).
 */
#include "gpu.h"
#include "models.h"
#include "sim.h"

/* The switch's registers, in sim_rom_ctl.saved[]'s order */
static const uint32_t rom_ctl_offsets[SIM_ROM_CTL_REGS] = {
	BUS_CNTL, ROM_CNTL, D1VGA_CONTROL, D2VGA_CONTROL, VGA_RENDER_CONTROL,
};

static const char *const rom_ctl_names[SIM_ROM_CTL_REGS] = {
	"BUS_CNTL", "ROM_CNTL", "D1VGA_CONTROL", "D2VGA_CONTROL", "VGA_RENDER_CONTROL",
};

#define VGA_MODE	(DVGA_MODE_ENABLE | DVGA_TIMING_SELECT)

/* Whether the chip lets the ROM answer its BAR */
bool sim_rom_chip_on(const struct sim *sim)
{
	return !(sim_reg_get(sim, BUS_CNTL) & BUS_BIOS_ROM_DIS) &&
	       (sim_reg_get(sim, ROM_CNTL) & ROM_SCK_OVERWRITE) &&
	       !(sim_reg_get(sim, D1VGA_CONTROL) & VGA_MODE) &&
	       !(sim_reg_get(sim, D2VGA_CONTROL) & VGA_MODE);
}

/* What the firmware left: the ROM on, or (--rom-disabled) off and VGA on */
void sim_rom_ctl_reset(struct sim *sim)
{
	bool off = sim->rom_disabled;

	sim_reg_set(sim, BUS_CNTL, off ? BUS_BIOS_ROM_DIS : 0);
	sim_reg_set(sim, ROM_CNTL, off ? 0 : ROM_SCK_OVERWRITE);
	sim_reg_set(sim, D1VGA_CONTROL, off ? VGA_MODE : 0);
	sim_reg_set(sim, D2VGA_CONTROL, 0);
}

static bool is_rom_ctl(uint32_t offset)
{
	unsigned int i;

	for (i = 0; i < SIM_ROM_CTL_REGS; i++)
		if (rom_ctl_offsets[i] == offset)
			return true;
	return false;
}

static void rom_ctl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	struct sim_rom_ctl *ctl = &sim->rom_ctl;
	bool was_on = sim_rom_chip_on(sim);
	unsigned int i;

	if (!ctl->check) {
		for (i = 0; i < SIM_ROM_CTL_REGS; i++)
			ctl->saved[i] = sim_reg_get(sim, rom_ctl_offsets[i]);
		ctl->check = sim_rom_ctl_check;
		sim_log(sim, "rom-ctl: %s written, the ROM switch's registers recorded", reg->name);
	}
	sim_reg_set(sim, reg->offset, val);
	if (sim_rom_chip_on(sim) != was_on)
		sim_log(sim, "rom-ctl: the chip's ROM is %s", was_on ? "off" : "on");
}

static const struct sim_reg rom_ctl_regs[] = {
	{ D1VGA_CONTROL, "D1VGA_CONTROL", 0, NULL, rom_ctl_write },
	{ D2VGA_CONTROL, "D2VGA_CONTROL", 0, NULL, rom_ctl_write },
	{ ROM_CNTL, "ROM_CNTL", 0, NULL, rom_ctl_write },
	{ BUS_CNTL, "BUS_CNTL", 0, NULL, rom_ctl_write },
};

const struct sim_block sim_evergreen_rom_ctl_block = {
	.name = "evergreen-rom-ctl",
	.regs = rom_ctl_regs,
	.nregs = sizeof(rom_ctl_regs) / sizeof(rom_ctl_regs[0]),
};

/**
 * sim_rom_ctl_check - an access to BAR2 while the ROM switch was changed
 * @sim: the simulator; sim->rom_ctl.check is this function
 * @offset: the register accessed (UINT32_MAX: the run is over)
 *
 * Any register but the switch's own ends the driver's ROM read: each of
 * the switch's registers must hold what it held before.
 */
void sim_rom_ctl_check(struct sim *sim, uint32_t offset)
{
	struct sim_rom_ctl *ctl = &sim->rom_ctl;
	unsigned int i, changed = 0;

	if (is_rom_ctl(offset))
		return;
	ctl->check = NULL;
	for (i = 0; i < SIM_ROM_CTL_REGS; i++) {
		uint32_t now = sim_reg_get(sim, rom_ctl_offsets[i]);

		if (now == ctl->saved[i])
			continue;
		changed++;
		sim_log(sim, "ROM-CTL-NOT-RESTORED %s=0x%08x, was 0x%08x before the ROM read",
			rom_ctl_names[i], now, ctl->saved[i]);
	}
	if (changed)
		sim->stats.rom_ctl_unrestored++;
	else
		sim_log(sim, "rom-ctl: restored before the next access (%#x)", offset);
}
