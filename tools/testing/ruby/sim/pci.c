// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCI config space of the simulated Radeon: a type-0 header with two
 * 64-bit memory BARs (BAR0 = VRAM aperture, prefetchable; BAR2 =
 * registers), the expansion ROM BAR if the board has a ROM (rom.c) and an
 * MSI capability, with the write masks a real function has, so BAR and
 * ROM sizing and MSI programming behave as on the card.
 */
#include <string.h>

#include "sim.h"

#define CFG_COMMAND		0x04
#define CFG_STATUS		0x06
#define CFG_REVISION		0x08
#define CFG_CLASS_PROG		0x09
#define CFG_HEADER_TYPE		0x0e
#define CFG_BAR0		0x10
#define CFG_BAR2		0x18
#define CFG_SUBSYS_VENDOR	0x2c
#define CFG_SUBSYS_ID		0x2e
#define CFG_ROM			0x30
#define CFG_ROM_ENABLE		0x1
#define CFG_ROM_ADDR_MASK	0xfffff800u
#define CFG_CAP_PTR		0x34
#define CFG_INT_LINE		0x3c
#define CFG_INT_PIN		0x3d

#define MSI_CAP			0x50
#define MSI_CTRL		(MSI_CAP + 2)
#define MSI_ADDR_LO		(MSI_CAP + 4)
#define MSI_ADDR_HI		(MSI_CAP + 8)
#define MSI_DATA		(MSI_CAP + 12)
#define MSI_CTRL_ENABLE		0x0001
#define MSI_CTRL_64BIT		0x0080

#define BAR_MEM_64		0x4
#define BAR_PREFETCH		0x8

static uint8_t wmask[SIM_CFG_SIZE];

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v;
	p[1] = v >> 8;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v);
	put16(p + 2, v >> 16);
}

static uint32_t get_le(const uint8_t *p, unsigned int size)
{
	uint32_t v = 0;

	while (size--)
		v = v << 8 | p[size];
	return v;
}

static void bar64(struct sim *sim, unsigned int off, uint64_t size, uint32_t flags)
{
	put32(&sim->cfg[off], flags | BAR_MEM_64);
	put32(&wmask[off], ~(uint32_t)(size - 1) & ~0xfu);
	put32(&wmask[off + 4], 0xffffffff);
}

void sim_pci_init(struct sim *sim)
{
	uint8_t *c = sim->cfg;

	memset(c, 0, SIM_CFG_SIZE);
	memset(wmask, 0, sizeof(wmask));

	put16(&c[0x00], 0x1002);
	put16(&c[0x02], sim->device_id);
	put16(&c[CFG_STATUS], 0x0010);			/* capability list */
	c[CFG_REVISION] = 0x00;
	c[CFG_CLASS_PROG + 2] = 0x03;			/* display, VGA */
	c[CFG_HEADER_TYPE] = 0x00;
	put16(&c[CFG_SUBSYS_VENDOR], 0x1002);
	put16(&c[CFG_SUBSYS_ID], sim->device_id);
	c[CFG_CAP_PTR] = MSI_CAP;
	c[CFG_INT_PIN] = 1;

	put16(&wmask[CFG_COMMAND], 0x0547);	/* io, mem, master, perr, serr, intx */
	wmask[0x0c] = 0xff;			/* cache line size */
	wmask[0x0d] = 0xff;			/* latency timer */
	wmask[CFG_INT_LINE] = 0xff;

	bar64(sim, CFG_BAR0, sim->bar0_size, BAR_PREFETCH);
	bar64(sim, CFG_BAR2, sim_bar2_size(sim), 0);
	/* no ROM: the register reads 0 and ignores writes */
	if (sim->rom_size)
		put32(&wmask[CFG_ROM], (~(sim->rom_size - 1) & CFG_ROM_ADDR_MASK) |
		      CFG_ROM_ENABLE);

	c[MSI_CAP] = 0x05;
	c[MSI_CAP + 1] = 0x00;
	put16(&c[MSI_CTRL], MSI_CTRL_64BIT);
	put16(&wmask[MSI_CTRL], MSI_CTRL_ENABLE | 0x0070);
	put32(&wmask[MSI_ADDR_LO], 0xfffffffc);
	put32(&wmask[MSI_ADDR_HI], 0xffffffff);
	put16(&wmask[MSI_DATA], 0xffff);
}

uint64_t sim_cfg_read(struct sim *sim, uint32_t offset, unsigned int size)
{
	uint64_t val;

	sim->stats.cfg++;
	if (size > 8 || offset >= SIM_CFG_SIZE || size > SIM_CFG_SIZE - offset)
		val = 0;
	else if (size == 8)
		val = get_le(&sim->cfg[offset], 4) |
		      (uint64_t)get_le(&sim->cfg[offset + 4], 4) << 32;
	else
		val = get_le(&sim->cfg[offset], size);
	if (sim->trace)
		sim_log(sim, "cfg-read off=%#04x size=%u val=%#llx", offset, size,
			(unsigned long long)val);
	return val;
}

void sim_cfg_write(struct sim *sim, uint32_t offset, unsigned int size,
		   uint64_t val)
{
	unsigned int i;

	sim->stats.cfg++;
	if (sim->trace)
		sim_log(sim, "cfg-write off=%#04x size=%u val=%#llx", offset, size,
			(unsigned long long)val);
	if (size > 8 || offset >= SIM_CFG_SIZE || size > SIM_CFG_SIZE - offset)
		return;
	for (i = 0; i < size; i++) {
		uint8_t b = val >> (8 * i), m = wmask[offset + i];

		sim->cfg[offset + i] = (sim->cfg[offset + i] & ~m) | (b & m);
	}
}

bool sim_msi_enabled(const struct sim *sim)
{
	return get_le(&sim->cfg[MSI_CTRL], 2) & MSI_CTRL_ENABLE;
}

uint64_t sim_msi_address(const struct sim *sim)
{
	return get_le(&sim->cfg[MSI_ADDR_LO], 4) |
	       (uint64_t)get_le(&sim->cfg[MSI_ADDR_HI], 4) << 32;
}

uint32_t sim_msi_data(const struct sim *sim)
{
	return get_le(&sim->cfg[MSI_DATA], 2);
}

/* The register BAR: 256 KiB from R6xx on, R5xx's 64 KiB */
uint32_t sim_bar2_size(const struct sim *sim)
{
	return sim->asic->bar2_kib ? sim->asic->bar2_kib * 1024 : SIM_BAR2_SIZE;
}

/* The ROM answers reads of its BAR only while its decoder is enabled */
bool sim_rom_enabled(const struct sim *sim)
{
	return get_le(&sim->cfg[CFG_ROM], 4) & CFG_ROM_ENABLE;
}

/* Signal an interrupt the way the card does: an MSI write, if enabled. */
void sim_raise_msi(struct sim *sim)
{
	if (!sim_msi_enabled(sim)) {
		if (sim->trace)
			sim_log(sim, "msi suppressed: MSI disabled");
		return;
	}
	sim->stats.msi++;
	sim_log(sim, "msi addr=%#llx data=%#x",
		(unsigned long long)sim_msi_address(sim), sim_msi_data(sim));
	if (sim->transport.raise_msi)
		sim->transport.raise_msi(sim, sim->transport.ctx);
}
