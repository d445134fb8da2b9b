// SPDX-License-Identifier: GPL-2.0-only
/* The ASIC table: one row per simulated chip. */
#include <string.h>

#include "sim.h"
#include "models.h"

static const struct sim_block *const evergreen_blocks[] = {
	&sim_evergreen_config_block,
	NULL
};

#define EG_ROW(nm, id, fam, gen, mib) \
	{ .name = nm, .device_id = id, .family = fam, .generation = gen, \
	  .vram_mib = mib, .blocks = evergreen_blocks }

static const struct sim_asic asics[] = {
	EG_ROW("cedar", 0x68f9, "CEDAR", "evergreen", 512),
	EG_ROW("redwood", 0x68d8, "REDWOOD", "evergreen", 512),
	EG_ROW("juniper", 0x68b8, "JUNIPER", "evergreen", 1024),
	EG_ROW("cypress", 0x6898, "CYPRESS", "evergreen", 1024),
	EG_ROW("caicos", 0x6779, "CAICOS", "ni", 512),
	EG_ROW("turks", 0x6759, "TURKS", "ni", 1024),
	EG_ROW("barts", 0x6739, "BARTS", "ni", 1024),
	EG_ROW("cayman", 0x6718, "CAYMAN", "ni", 2048),
};

const struct sim_asic *sim_asic_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(asics) / sizeof(asics[0]); i++)
		if (!strcmp(asics[i].name, name))
			return &asics[i];
	return NULL;
}

void sim_asic_list(FILE *out)
{
	size_t i;

	for (i = 0; i < sizeof(asics) / sizeof(asics[0]); i++)
		fprintf(out, "%-8s 1002:%04x %-8s %-10s %u MiB\n", asics[i].name,
			asics[i].device_id, asics[i].family, asics[i].generation,
			asics[i].vram_mib);
}
