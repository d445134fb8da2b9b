// SPDX-License-Identifier: GPL-2.0-only
/*
 * VRAM: a sparse mapping, so a large VRAM costs only the pages that are
 * touched. BAR0 shows its first bar0_size bytes to the CPU.
 *
 * With a file (--vram-file), VRAM is that file, mapped shared: the kernel
 * under test maps the file's first bar0_size bytes too (UML's iomem=) and
 * puts BAR0 there, so its CPU reaches the aperture with plain loads and
 * stores, and user space can mmap it, as on a card. Both sides see each
 * other's writes at once; no BAR0 message is needed.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sim.h"

int sim_vram_init(struct sim *sim, uint64_t vram_size, uint64_t bar0_size,
		  const char *path)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, fd = -1;
	void *p;

	if (path) {
		/* a new, all-zero file: nothing of an earlier run survives */
		fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (fd < 0)
			return -1;
		if (ftruncate(fd, vram_size)) {
			close(fd);
			return -1;
		}
		flags = MAP_SHARED;
	}
	p = mmap(NULL, vram_size, PROT_READ | PROT_WRITE, flags, fd, 0);
	if (fd >= 0)
		close(fd);
	if (p == MAP_FAILED)
		return -1;
	sim->vram = p;
	sim->vram_size = vram_size;
	sim->bar0_size = bar0_size;
	sim->vram_shared = path != NULL;
	return 0;
}

bool sim_vram_range_ok(const struct sim *sim, uint64_t offset, uint64_t len)
{
	return offset <= sim->bar0_size && len <= sim->bar0_size - offset;
}
