/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Was the rig starved of CPU time?
 *
 * A test that counts frames on the rig runs in a UML guest, beside the
 * simulator process that keeps the board's clocks by the host's. When the
 * host runs neither for a while, frames pass that nothing in the guest
 * can act on, and a flip or a vblank wait completes frames later than the
 * driver asked for: no fault of the driver's. The simulator says when that
 * happened, in its "timing" status file (RUBY_SIM_CONTROL): how long the
 * host kept it and the UML kernel's processes waiting on a run queue, and
 * how many awaited vblank starts it handled over half a frame late. Time
 * the guest spent busy, the driver's included, is not counted.
 *
 * Lateness is the only thing starvation excuses: a completion early, or a
 * timestamp that disagrees with its sequence number, is always a failure.
 *
 * Usage: ruby_starve_mark() before the step measured, ruby_starved() after
 * it if the step came late.
 */
#ifndef __RUBY_STARVE_H__
#define __RUBY_STARVE_H__

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* how long to wait for the simulator to rewrite its status (every 50 ms) */
#define RUBY_STARVE_FRESH_US	300000
#define RUBY_STARVE_POLL_US	5000

/**
 * struct ruby_starve - the simulator's timing status at a point
 * @seq: its writes of the file
 * @late: awaited vblank starts handled over half a frame late
 * @host_wait_us: run-queue time of the simulator and the UML kernel
 */
struct ruby_starve {
	unsigned int seq;
	unsigned int late;
	unsigned long long host_wait_us;
};

/* Read the status into @w: false without one (no simulator control) */
static inline bool ruby_starve_read(struct ruby_starve *w)
{
	const char *dir = getenv("RUBY_SIM_CONTROL");
	char path[512];
	bool ok;
	FILE *f;

	*w = (struct ruby_starve){ 0 };
	if (!dir)
		return false;
	snprintf(path, sizeof(path), "%s/timing", dir);
	f = fopen(path, "r");
	if (!f)
		return false;
	ok = fscanf(f, "seq %u late %u worst_us %*u host_wait_us %llu", &w->seq, &w->late,
		    &w->host_wait_us) == 3;
	fclose(f);
	return ok;
}

/* The status as the step measured begins */
static inline void ruby_starve_mark(struct ruby_starve *w)
{
	ruby_starve_read(w);
}

/*
 * Since @w was marked, did the host keep the rig waiting for more than
 * @limit_ns, or the simulator handle a vblank late? What it was, into
 * @why. The status is read once the simulator has rewritten it after this
 * call began (while a vblank is awaited it does so every 50 ms), so the
 * interval ends after the step did.
 */
static inline bool ruby_starved(const struct ruby_starve *w, uint64_t limit_ns, char *why,
				size_t len)
{
	struct ruby_starve now;
	unsigned int seq, waited;

	ruby_starve_read(&now);
	seq = now.seq;
	for (waited = 0; now.seq == seq && waited < RUBY_STARVE_FRESH_US;
	     waited += RUBY_STARVE_POLL_US) {
		usleep(RUBY_STARVE_POLL_US);
		ruby_starve_read(&now);
	}
	snprintf(why, len, "the host kept the rig waiting %llu us; %u vblanks handled late",
		 now.host_wait_us - w->host_wait_us, now.late - w->late);
	return (now.host_wait_us - w->host_wait_us) * 1000 > limit_ns || now.late != w->late;
}

#endif /* __RUBY_STARVE_H__ */
