// SPDX-License-Identifier: GPL-2.0-only
/*
 * VRAM: a sparse anonymous mapping, so a large VRAM costs only the pages
 * that are touched. BAR0 shows its first bar0_size bytes to the CPU.
 */
#include <sys/mman.h>

#include "sim.h"

int sim_vram_init(struct sim *sim, uint64_t vram_size, uint64_t bar0_size)
{
	void *p = mmap(NULL, vram_size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return -1;
	sim->vram = p;
	sim->vram_size = vram_size;
	sim->bar0_size = bar0_size;
	return 0;
}

bool sim_vram_range_ok(const struct sim *sim, uint64_t offset, uint64_t len)
{
	return offset <= sim->bar0_size && len <= sim->bar0_size - offset;
}
