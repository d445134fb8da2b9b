// SPDX-License-Identifier: GPL-2.0-only
/*
 * Requests of UML's virt-pci: config space, BAR reads and writes, memset.
 * BAR0 is VRAM, BAR2 the register file, bar 6 the expansion ROM (reads
 * only); anything else is unmodelled.
 */
#include <string.h>

#include "virtpci.h"

static uint64_t get_le(const uint8_t *p, unsigned int size)
{
	uint64_t v = 0;

	while (size--)
		v = v << 8 | p[size];
	return v;
}

static void put_le(uint8_t *p, unsigned int size, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < size; i++)
		p[i] = v >> (8 * i);
}

static void unmodelled_bar(struct sim *sim, const char *what,
			   const struct virtpci_msg *m)
{
	sim->stats.unmodelled++;
	sim_log(sim, "UNMODELLED %s bar=%u off=%#08llx size=%u", what, m->bar,
		(unsigned long long)m->addr, m->size);
}

/*
 * VRAM through BAR0 messages: how a kernel reaches the aperture when it is
 * not shared memory. With a shared VRAM file every such access means the
 * kernel did not map the file as BAR0; it is still served, and counted
 * (the rig expects none then).
 */
static long bar0_access(struct sim *sim, const struct virtpci_msg *m,
			const uint8_t *data, uint8_t *out, size_t out_len)
{
	if (sim->vram_shared && !sim->stats.bar0_msgs)
		sim_log(sim, "bar0: message access although VRAM is a shared file (off=%#08llx size=%u)",
			(unsigned long long)m->addr, m->size);
	sim->stats.bar0_msgs++;
	if (!sim_vram_range_ok(sim, m->addr, m->size)) {
		unmodelled_bar(sim, "vram-beyond-bar0", m);
		if (m->op == VIRTPCI_OP_MMIO_READ && out_len >= m->size)
			memset(out, 0xff, m->size);
		return m->op == VIRTPCI_OP_MMIO_READ ? m->size : 0;
	}
	switch (m->op) {
	case VIRTPCI_OP_MMIO_READ:
		if (out_len < m->size)
			return -1;
		memcpy(out, sim->vram + m->addr, m->size);
		sim->stats.mmio_reads++;
		if (sim->trace)
			sim_log(sim, "mmio-read bar=0 off=%#08llx size=%u",
				(unsigned long long)m->addr, m->size);
		return m->size;
	case VIRTPCI_OP_MMIO_WRITE:
		memcpy(sim->vram + m->addr, data, m->size);
		break;
	case VIRTPCI_OP_MMIO_MEMSET:
		memset(sim->vram + m->addr, data[0], m->size);
		break;
	}
	sim->stats.mmio_writes++;
	if (sim->trace)
		sim_log(sim, "mmio-write bar=0 off=%#08llx size=%u",
			(unsigned long long)m->addr, m->size);
	return 0;
}

static long bar2_access(struct sim *sim, const struct virtpci_msg *m,
			const uint8_t *data, uint8_t *out, size_t out_len)
{
	if (m->size > 8 || m->op == VIRTPCI_OP_MMIO_MEMSET ||
	    m->addr >= sim_bar2_size(sim)) {
		unmodelled_bar(sim, m->op == VIRTPCI_OP_MMIO_READ ? "read" : "write", m);
		if (m->op == VIRTPCI_OP_MMIO_READ && out_len >= m->size)
			memset(out, 0, m->size);
		return m->op == VIRTPCI_OP_MMIO_READ ? m->size : 0;
	}
	if (m->op == VIRTPCI_OP_MMIO_READ) {
		if (out_len < m->size)
			return -1;
		put_le(out, m->size, sim_mmio_read(sim, m->addr, m->size));
		return m->size;
	}
	sim_mmio_write(sim, m->addr, m->size, get_le(data, m->size));
	return 0;
}

/* The expansion ROM: reads of the image while it decodes, nothing else */
static long rom_access(struct sim *sim, const struct virtpci_msg *m,
		       uint8_t *out, size_t out_len)
{
	if (m->op != VIRTPCI_OP_MMIO_READ) {
		unmodelled_bar(sim, "rom-write", m);
		return 0;
	}
	if (out_len < m->size)
		return -1;
	if (!sim_rom_read(sim, m->addr, m->size, out)) {
		unmodelled_bar(sim, sim->rom && !sim_rom_enabled(sim) ?
			       "rom-read-disabled" : "rom-read", m);
		memset(out, 0xff, m->size);
	}
	return m->size;
}

long virtpci_handle(struct sim *sim, const uint8_t *in, size_t in_len,
		    uint8_t *out, size_t out_len)
{
	const struct virtpci_msg *m = (const void *)in;
	size_t data_len;

	if (in_len < sizeof(*m))
		return -1;
	data_len = in_len - sizeof(*m);

	switch (m->op) {
	case VIRTPCI_OP_CFG_READ:
		if (m->size > 8 || out_len < m->size)
			return -1;
		put_le(out, m->size, sim_cfg_read(sim, m->addr, m->size));
		return m->size;
	case VIRTPCI_OP_CFG_WRITE:
		if (m->size > 8 || data_len < m->size)
			return -1;
		sim_cfg_write(sim, m->addr, m->size, get_le(m->data, m->size));
		return 0;
	case VIRTPCI_OP_MMIO_READ:
	case VIRTPCI_OP_MMIO_WRITE:
	case VIRTPCI_OP_MMIO_MEMSET:
		if (m->op == VIRTPCI_OP_MMIO_WRITE && data_len < m->size)
			return -1;
		if (m->op == VIRTPCI_OP_MMIO_MEMSET && data_len < 1)
			return -1;
		if (m->bar == 0)
			return bar0_access(sim, m, m->data, out, out_len);
		if (m->bar == 2)
			return bar2_access(sim, m, m->data, out, out_len);
		if (m->bar == SIM_ROM_BAR)
			return rom_access(sim, m, out, out_len);
		unmodelled_bar(sim, "bar-access", m);
		if (m->op == VIRTPCI_OP_MMIO_READ && out_len >= m->size) {
			memset(out, 0xff, m->size);
			return m->size;
		}
		return 0;
	default:
		return -1;
	}
}

size_t virtpci_msi_message(struct sim *sim, uint8_t *buf, size_t len)
{
	struct virtpci_msg *m = (void *)buf;

	if (len < sizeof(*m) + 4)
		return 0;
	memset(m, 0, sizeof(*m));
	m->op = VIRTPCI_OP_MSI;
	m->size = 4;
	m->addr = sim_msi_address(sim);
	put_le(m->data, 4, sim_msi_data(sim));
	return sizeof(*m) + 4;
}
