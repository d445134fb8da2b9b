// SPDX-License-Identifier: GPL-2.0-only
/*
 * Microcode ports of the CP (PFP, ME) and the RLC. Each data port writes
 * at its address register and advances it, as the hardware does. When an
 * engine is started (CP un-halted, RLC enabled) what it received is
 * compared with the file the test gave (--firmware-dir): loading is
 * checked end to end, word for word.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "models.h"

static uint32_t *load_be_words(const char *path, uint32_t *nwords)
{
	FILE *f = fopen(path, "rb");
	uint32_t *w = NULL;
	uint8_t b[4];
	size_t n = 0;

	if (!f)
		return NULL;
	while (fread(b, 1, 4, f) == 4) {
		uint32_t *g = realloc(w, (n + 1) * sizeof(*w));

		if (!g)
			break;
		w = g;
		w[n++] = (uint32_t)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3];
	}
	fclose(f);
	*nwords = n;
	return w;
}

static void want_file(struct sim *sim, struct sim_ucode *uc, const char *chip,
		      const char *kind)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/radeon/%s_%s.bin", sim->firmware_dir,
		 chip, kind);
	uc->want = load_be_words(path, &uc->want_words);
	if (!uc->want)
		sim_log(sim, "note: no %s to check %s against", path, uc->name);
}

void sim_ucode_init(struct sim *sim)
{
	sim->pfp.name = "pfp";
	sim->me.name = "me";
	sim->rlc.name = "rlc";
	if (!sim->firmware_dir)
		return;
	if (sim->asic->cp_ucode) {
		/* R5xx: one file, the ME's */
		want_file(sim, &sim->me, sim->asic->fw_name, sim->asic->cp_ucode);
		return;
	}
	want_file(sim, &sim->pfp, sim->asic->fw_name, "pfp");
	want_file(sim, &sim->me, sim->asic->fw_name, "me");
	want_file(sim, &sim->rlc, sim->asic->rlc_name, "rlc");
}

void sim_ucode_check(struct sim *sim, struct sim_ucode *uc)
{
	uint32_t i;

	if (uc->checked)
		return;
	uc->checked = true;
	if (!uc->want) {
		sim_log(sim, "ucode %s unchecked words=%u", uc->name, uc->high);
		return;
	}
	if (uc->high != uc->want_words) {
		sim->stats.ucode_mismatch++;
		sim_log(sim, "UCODE-MISMATCH %s words=%u want=%u", uc->name,
			uc->high, uc->want_words);
		return;
	}
	for (i = 0; i < uc->high; i++) {
		if (uc->words[i] != uc->want[i]) {
			sim->stats.ucode_mismatch++;
			sim_log(sim, "UCODE-MISMATCH %s word=%u got=%#x want=%#x",
				uc->name, i, uc->words[i], uc->want[i]);
			return;
		}
	}
	sim_log(sim, "ucode %s ok words=%u", uc->name, uc->high);
}

static struct sim_ucode *port(struct sim *sim, uint32_t offset)
{
	switch (offset) {
	case CP_PFP_UCODE_ADDR:
	case CP_PFP_UCODE_DATA:
		return &sim->pfp;
	case CP_ME_RAM_WADDR:
	case CP_ME_RAM_DATA:
		return &sim->me;
	default:
		return &sim->rlc;
	}
}

static void addr_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	struct sim_ucode *uc = port(sim, reg->offset);

	uc->addr = val % 8192;
	sim_reg_set(sim, reg->offset, val);
	/* a new load: check it again when the engine starts */
	if (val == 0 && uc->high)
		uc->checked = false;
}

static void data_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	struct sim_ucode *uc = port(sim, reg->offset);

	uc->words[uc->addr] = val;
	uc->addr = (uc->addr + 1) % 8192;
	if (uc->addr > uc->high)
		uc->high = uc->addr;
}

/* Starting the CP: both halt bits clear. */
static void me_cntl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (!(val & (CP_ME_HALT | CP_PFP_HALT))) {
		sim_ucode_check(sim, &sim->pfp);
		sim_ucode_check(sim, &sim->me);
		sim_cp_run(sim);
	}
}

static void rlc_cntl_write(struct sim *sim, const struct sim_reg *reg, uint32_t val)
{
	sim_reg_set(sim, reg->offset, val);
	if (val & RLC_ENABLE)
		sim_ucode_check(sim, &sim->rlc);
}

#define STORE(off, name)	{ off, name, 0, NULL, NULL }

static const struct sim_reg ucode_regs[] = {
	{ CP_ME_CNTL, "CP_ME_CNTL", CP_ME_HALT | CP_PFP_HALT, NULL, me_cntl_write },
	{ CP_PFP_UCODE_ADDR, "CP_PFP_UCODE_ADDR", 0, NULL, addr_write },
	{ CP_PFP_UCODE_DATA, "CP_PFP_UCODE_DATA", 0, NULL, data_write },
	STORE(CP_ME_RAM_RADDR, "CP_ME_RAM_RADDR"),
	{ CP_ME_RAM_WADDR, "CP_ME_RAM_WADDR", 0, NULL, addr_write },
	{ CP_ME_RAM_DATA, "CP_ME_RAM_DATA", 0, NULL, data_write },
	{ RLC_CNTL, "RLC_CNTL", 0, NULL, rlc_cntl_write },
	STORE(RLC_HB_CNTL, "RLC_HB_CNTL"),
	STORE(RLC_HB_BASE, "RLC_HB_BASE"),
	STORE(RLC_HB_WPTR_LSB_ADDR, "RLC_HB_WPTR_LSB_ADDR"),
	STORE(RLC_HB_WPTR_MSB_ADDR, "RLC_HB_WPTR_MSB_ADDR"),
	STORE(RLC_HB_WPTR, "RLC_HB_WPTR"),
	STORE(RLC_HB_RPTR, "RLC_HB_RPTR"),
	{ RLC_UCODE_ADDR, "RLC_UCODE_ADDR", 0, NULL, addr_write },
	{ RLC_UCODE_DATA, "RLC_UCODE_DATA", 0, NULL, data_write },
	STORE(RLC_MC_CNTL, "RLC_MC_CNTL"),
	STORE(RLC_UCODE_CNTL, "RLC_UCODE_CNTL"),
};

const struct sim_block sim_evergreen_ucode_block = {
	.name = "evergreen-ucode",
	.regs = ucode_regs,
	.nregs = sizeof(ucode_regs) / sizeof(ucode_regs[0]),
};
