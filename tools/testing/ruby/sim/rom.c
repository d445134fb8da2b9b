// SPDX-License-Identifier: GPL-2.0-only
/*
 * The expansion ROM of the simulated board: the video BIOS a card offers
 * through its ROM BAR (config offset 0x30). The image is the one
 * --vbios-out writes (vbios.c), built at start and padded to the ROM's
 * size; the kernel reads it as MMIO reads of bar 6 (rig patch 0005).
 *
 * The chip has its own switch for the ROM (romctl.c), which
 * --rom-disabled leaves off: then nothing drives the bus and every byte
 * of the BAR reads 0xff.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "sim.h"
#include "vbios.h"

/* rom.c's damage, for the rig's failure scenarios (--vbios-corrupt) */
static const char *const corruptions[] = {
	"signature",	/* no 0x55AA: the PCI core finds no image */
	"checksum",	/* a byte changed: the bytes no longer sum to zero */
	"objects",	/* the display paths out of the image, checksum right */
	"asic-init-loops",	/* ASIC_Init jumps to itself, checksum right */
};

/* a command table's code follows its header: size, revisions, WS, PS */
#define CMD_CODE	6

static int corrupt(struct atom_asm *a, const char *how)
{
	uint32_t obj = a->data[ATOM_DATA_OBJECT_HEADER];
	uint32_t init = a->cmd[ATOM_CMD_ASIC_INIT] + CMD_CODE;

	if (!strcmp(how, corruptions[0])) {
		a->img[1] ^= 0xff;
	} else if (!strcmp(how, corruptions[1])) {
		a->img[a->len - 1] ^= 0x5a;
	} else if (!strcmp(how, corruptions[2]) && obj) {
		a->img[obj + ATOM_OBJ_HDR_PATHS] = 0xf0;
		a->img[obj + ATOM_OBJ_HDR_PATHS + 1] = 0xff;
		aa_checksum(a);
	} else if (!strcmp(how, corruptions[3]) && a->cmd[ATOM_CMD_ASIC_INIT]) {
		a->img[init] = ATOM_OP_JUMP;
		a->img[init + 1] = CMD_CODE;
		a->img[init + 2] = 0;
		aa_checksum(a);
	} else {
		return -1;
	}
	return 0;
}

/**
 * sim_rom_init - give the board its expansion ROM
 * @sim: the simulator; sim->asic says whether the board has a ROM
 * @how: NULL, or one of corruptions[]: damage the image so
 *
 * Return: 0, or -1 after a message (an unknown @how, a board without a
 * ROM to damage, the image cannot be built).
 */
int sim_rom_init(struct sim *sim, const char *how)
{
	static struct atom_asm a;

	if (!sim->asic->has_vbios) {
		if (!how && !sim->rom_disabled)
			return 0;
		fprintf(stderr, "ruby-sim: %s: %s has no ROM\n",
			how ? "--vbios-corrupt" : "--rom-disabled", sim->asic->name);
		return -1;
	}
	if (vbios_build_cedar(&a, (uint32_t)(sim->vram_size >> 20))) {
		fprintf(stderr, "ruby-sim: VBIOS: %s\n", a.err);
		return -1;
	}
	if (how && corrupt(&a, how)) {
		fprintf(stderr, "ruby-sim: --vbios-corrupt: %s\n",
			"signature, checksum, objects or asic-init-loops");
		return -1;
	}
	sim->rom = calloc(1, SIM_ROM_SIZE);
	if (!sim->rom)
		return -1;
	memcpy(sim->rom, a.img, a.len);
	sim->rom_image_len = a.len;
	sim->rom_size = SIM_ROM_SIZE;
	sim_rom_ctl_reset(sim);
	return 0;
}

/* The chip keeps the ROM off: whatever the BAR reads is all ones */
static bool rom_read_off(struct sim *sim, uint64_t offset, uint32_t size, uint8_t *out)
{
	if (offset > sim->rom_size || size > sim->rom_size - offset)
		return false;
	memset(out, 0xff, size);
	sim->stats.rom_off_reads++;
	if (!sim->rom_ctl.off_logged)
		sim_log(sim, "rom: read while the chip keeps the ROM off (BUS_CNTL=%#x ROM_CNTL=%#x D1VGA_CONTROL=%#x): all ones",
			sim_reg_get(sim, BUS_CNTL), sim_reg_get(sim, ROM_CNTL),
			sim_reg_get(sim, D1VGA_CONTROL));
	sim->rom_ctl.off_logged = true;
	return true;
}

/*
 * A read of bar 6: served only while the ROM decodes (its enable bit) and
 * inside the image, or inside the BAR while the chip keeps the ROM off;
 * anything else is an access the card would not answer this way, so it
 * is unmodelled. Returns false then.
 */
bool sim_rom_read(struct sim *sim, uint64_t offset, uint32_t size, uint8_t *out)
{
	if (!sim->rom || !sim_rom_enabled(sim))
		return false;
	if (!sim_rom_chip_on(sim))
		return rom_read_off(sim, offset, size, out);
	if (offset > sim->rom_image_len || size > sim->rom_image_len - offset)
		return false;
	memcpy(out, sim->rom + offset, size);
	sim->stats.rom_reads++;
	sim->stats.rom_bytes += size;
	if (sim->trace)
		sim_log(sim, "rom-read off=%#06llx size=%u",
			(unsigned long long)offset, size);
	return true;
}
