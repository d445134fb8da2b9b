// SPDX-License-Identifier: GPL-2.0-only
/* The event log: one line per event, flushed at once (tests read it live). */
#include <stdarg.h>

#include "sim.h"

void sim_log(struct sim *sim, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(sim->log, fmt, ap);
	va_end(ap);
	fputc('\n', sim->log);
	fflush(sim->log);
}
