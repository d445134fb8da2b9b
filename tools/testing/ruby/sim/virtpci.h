/* SPDX-License-Identifier: GPL-2.0-only */
/* The virt-pci device protocol (include/uapi/linux/virtio_pcidev.h). */
#ifndef RUBY_SIM_VIRTPCI_H
#define RUBY_SIM_VIRTPCI_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

enum {
	VIRTPCI_OP_CFG_READ = 1,
	VIRTPCI_OP_CFG_WRITE,
	VIRTPCI_OP_MMIO_READ,
	VIRTPCI_OP_MMIO_WRITE,
	VIRTPCI_OP_MMIO_MEMSET,
	VIRTPCI_OP_INT,
	VIRTPCI_OP_MSI,
	VIRTPCI_OP_PME,
};

struct virtpci_msg {
	uint8_t op;
	uint8_t bar;
	uint16_t reserved;
	uint32_t size;
	uint64_t addr;
	uint8_t data[];
} __attribute__((packed));

/*
 * Execute one request of the "cmd" queue. @in holds the request, @out is
 * where a read's data goes. Returns the bytes written to @out, or -1 for a
 * malformed request.
 */
long virtpci_handle(struct sim *sim, const uint8_t *in, size_t in_len,
		    uint8_t *out, size_t out_len);

/* Fill an "irq" queue buffer with an MSI message; returns its length. */
size_t virtpci_msi_message(struct sim *sim, uint8_t *buf, size_t len);

#endif /* RUBY_SIM_VIRTPCI_H */
