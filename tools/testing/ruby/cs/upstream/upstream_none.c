// SPDX-License-Identifier: GPL-2.0-only
/* The bench without upstream's checker: Debian's kernel source is absent. */
#include <errno.h>

#include "upstream.h"

const bool upstream_available;

int upstream_prepare(const struct upstream_bo *bos, uint32_t nbos)
{
	(void)bos;
	(void)nbos;
	return -ENOSYS;
}

int upstream_check(uint32_t *ib, uint32_t ndw, bool dma)
{
	(void)ib;
	(void)ndw;
	(void)dma;
	return -ENOSYS;
}

int upstream_check_r600(uint32_t *ib, uint32_t ndw, bool r700)
{
	(void)ib;
	(void)ndw;
	(void)r700;
	return -ENOSYS;
}
