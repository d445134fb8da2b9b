// SPDX-License-Identifier: GPL-2.0-only
/*
 * How long the host kept the rig waiting for a CPU.
 *
 * The simulator and the UML kernel it serves are host processes among
 * others. While the host runs neither, the board's clocks go on (they are
 * the host's), and frames pass that nothing in the guest can act on. A
 * test counting frames needs to know that happened, and only that: time
 * the guest spent busy, or blocked on the simulator, is not starvation.
 * Linux says exactly this per thread: the second field of
 * /proc/PID/task/TID/schedstat, the time it waited on a run queue.
 *
 * Counted: every thread of the simulator, of the front end's process (the
 * vhost-user peer) and of its children (UML runs each guest process in a
 * host child). A process that exits takes its waits with it, so each
 * look adds what grew since the last one, per thread: the sum never goes
 * back. Where the host has no schedstat the sum stays 0.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim.h"

#define MAX_THREADS	256

/* the threads seen at the last look, and what they had waited then */
static struct {
	int tid;
	uint64_t wait_ns;
} seen[MAX_THREADS], next[MAX_THREADS];
static unsigned int nseen, nnext;
static uint64_t total_ns;

/* what @tid had waited at the last look; 0 for a thread not seen */
static uint64_t seen_wait(int tid)
{
	unsigned int i;

	for (i = 0; i < nseen; i++)
		if (seen[i].tid == tid)
			return seen[i].wait_ns;
	return 0;
}

static void add_thread(int pid, int tid)
{
	unsigned long long run, wait;
	char path[64];
	uint64_t was;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/schedstat", pid, tid);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fscanf(f, "%llu %llu", &run, &wait) == 2 && nnext < MAX_THREADS) {
		was = seen_wait(tid);
		if (wait > was)
			total_ns += wait - was;
		next[nnext].tid = tid;
		next[nnext++].wait_ns = wait;
	}
	fclose(f);
}

static void add_process(int pid)
{
	struct dirent *e;
	char path[64];
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	d = opendir(path);
	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			add_thread(pid, atoi(e->d_name));
	closedir(d);
}

/* the parent of process @pid (its stat's fourth field), or -1 */
static int parent_of(int pid)
{
	char path[64], buf[512], *p;
	int ppid = -1;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %d", &ppid) != 1)
		return -1;
	return ppid;
}

static void add_children(int parent)
{
	struct dirent *e;
	DIR *d = opendir("/proc");
	int pid;

	if (!d)
		return;
	while ((e = readdir(d))) {
		pid = atoi(e->d_name);
		if (pid > 0 && parent_of(pid) == parent)
			add_process(pid);
	}
	closedir(d);
}

/**
 * sim_host_wait_ns - run-queue time of the simulator and its front end
 * @sim: the simulator
 *
 * Return: nanoseconds their threads waited for a CPU, summed since the
 * simulator started (never less than at the last call).
 */
uint64_t sim_host_wait_ns(struct sim *sim)
{
	nnext = 0;
	add_process(getpid());
	if (sim->front_end_pid > 0) {
		add_process(sim->front_end_pid);
		add_children(sim->front_end_pid);
	}
	memcpy(seen, next, nnext * sizeof(next[0]));
	nseen = nnext;
	return total_ns;
}
