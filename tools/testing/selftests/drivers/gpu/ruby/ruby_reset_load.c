// SPDX-License-Identifier: GPL-2.0
/*
 * GPU hangs under load. Several client processes submit at once on the
 * GFX and DMA rings, batches of streams that each write known words, while
 * one more client hangs the GFX engine again and again (a WAIT_REG_MEM on
 * a word nothing writes). The lockup timeout resets the engine each time:
 *
 *  - every innocent client checks every word it wrote, after every batch:
 *    its work queued behind a hang is replayed, none is lost or failed;
 *  - the guilty client's hung stream fails: GEM_WAIT_IDLE on the buffer it
 *    used is -ETIME, the reset counter (INFO GPU_RESET_COUNTER) grows by
 *    one per hang, and its next stream runs normally.
 *
 * The rig loads ruby with lockup_timeout_ms=500: a hang costs half a second.
 */
#include <errno.h>
#include <stdio.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "../../../kselftest_harness.h"
#include "ruby_load.h"

#define INNOCENTS	3
#define HANGS		3
#define SLOT_DW		16		/* dwords one stream writes */
#define BATCH		8		/* streams per ring between two checks */
#define BUF_SIZE	4096
#define MIN_BATCHES	4
#define MAX_BATCHES	400

/* A client's buffer: GTT, mapped */
struct buf {
	uint32_t handle;
	uint32_t *map;
};

static int buf_new(int fd, struct buf *b)
{
	if (radeon_gem_create(fd, BUF_SIZE, RADEON_GEM_DOMAIN_GTT, 0, &b->handle))
		return -1;
	b->map = radeon_gem_map(fd, b->handle, BUF_SIZE);
	if (b->map == MAP_FAILED)
		return -1;
	memset(b->map, 0, BUF_SIZE);
	return 0;
}

/* Queue batch @batch of client @id: BATCH streams on each ring. */
static int queue_batch(int fd, int id, struct buf *gfx, struct buf *dma, int batch)
{
	uint32_t vals[SLOT_DW], s, k;
	int ret = 0;

	for (s = 0; s < BATCH && !ret; s++) {
		uint32_t round = batch * BATCH + s;

		for (k = 0; k < SLOT_DW; k++)
			vals[k] = load_value(2 * id, round, k);
		ret = load_gfx_write(fd, gfx->handle, s * SLOT_DW, vals, SLOT_DW);
		for (k = 0; k < SLOT_DW && !ret; k++)
			vals[k] = load_value(2 * id + 1, round, k);
		if (!ret)
			ret = load_dma_write(fd, dma->handle, s * SLOT_DW, vals, SLOT_DW);
	}
	return ret;
}

/* Words of batch @batch of client @id that are not what it wrote */
static int check_batch(int id, const struct buf *gfx, const struct buf *dma,
		       int batch)
{
	uint32_t s, k;
	int bad = 0;

	for (s = 0; s < BATCH; s++) {
		uint32_t round = batch * BATCH + s;

		for (k = 0; k < SLOT_DW; k++) {
			bad += gfx->map[s * SLOT_DW + k] != load_value(2 * id, round, k);
			bad += dma->map[s * SLOT_DW + k] != load_value(2 * id + 1, round, k);
		}
	}
	return bad;
}

/* Has the parent closed the pipe @done: is the guilty client done? */
static bool guilty_done(int done)
{
	struct pollfd p = { .fd = done, .events = POLLIN };

	return poll(&p, 1, 0) == 1;
}

/*
 * An innocent client: batches on both rings until the guilty one is done
 * (at least MIN_BATCHES), each waited for and checked. Returns 0, or 1
 * after printing what went wrong.
 */
static int innocent(int id, int done)
{
	int fd = ruby_open_node("renderD"), batch, ret, bad;
	struct buf gfx, dma;

	if (fd < 0 || buf_new(fd, &gfx) || buf_new(fd, &dma)) {
		fprintf(stderr, "# client %d: no device or buffers\n", id);
		return 1;
	}
	for (batch = 0; batch < MAX_BATCHES; batch++) {
		if (batch >= MIN_BATCHES && guilty_done(done))
			break;
		ret = queue_batch(fd, id, &gfx, &dma, batch);
		if (!ret)
			ret = radeon_gem_wait_idle(fd, gfx.handle);
		if (!ret)
			ret = radeon_gem_wait_idle(fd, dma.handle);
		bad = ret ? 0 : check_batch(id, &gfx, &dma, batch);
		if (ret || bad) {
			fprintf(stderr, "# client %d batch %d: error %d, %d wrong words\n",
				id, batch, ret, bad);
			return 1;
		}
	}
	fprintf(stderr, "# client %d: %d batches, all words right\n", id, batch);
	close(fd);
	return 0;
}

/* One hang of the guilty client, then a stream of its own that must run. */
static int hang_once(int fd, struct buf *b, int i)
{
	uint32_t val = 0x900d0000u | i;
	int ret;

	ruby_provoke_hang("ruby_reset_load");
	if (load_gfx_hang(fd, b->handle, 0))
		return -1;
	ret = radeon_gem_wait_idle(fd, b->handle);
	if (ret != -ETIME) {
		fprintf(stderr, "# hang %d: wait idle %d, not -ETIME\n", i, ret);
		return -1;
	}
	ret = load_gfx_write(fd, b->handle, 1, &val, 1);
	if (!ret)
		ret = radeon_gem_wait_idle(fd, b->handle);
	if (ret || b->map[1] != val) {
		fprintf(stderr, "# after hang %d: error %d, wrote %#x\n", i, ret, b->map[1]);
		return -1;
	}
	return 0;
}

/* The guilty client: HANGS hangs. Returns 0, or 1 after printing why not. */
static int guilty(void)
{
	int fd = ruby_open_node("renderD"), i;
	uint64_t before, after;
	struct buf b;

	if (fd < 0 || buf_new(fd, &b))
		return 1;
	before = radeon_reset_count(fd);
	/* let the innocent clients get going first */
	usleep(50000);
	for (i = 0; i < HANGS; i++)
		if (hang_once(fd, &b, i))
			return 1;
	after = radeon_reset_count(fd);
	fprintf(stderr, "# the hanging client: resets %llu -> %llu\n",
		(unsigned long long)before, (unsigned long long)after);
	close(fd);
	return after != before + HANGS;
}

/* Run @fn(@id, read end of @pipe) in a child process; its pid. */
static pid_t spawn(int (*fn)(int, int), int id, const int *pipe)
{
	pid_t pid = fork();

	if (pid == 0) {
		close(pipe[1]);
		_exit(fn(id, pipe[0]));
	}
	return pid;
}

static int guilty_child(int id, int done)
{
	return guilty();
}

/* The exit status of child @pid: 0 if it returned 0. */
static int child_status(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

FIXTURE(load) {
	int done[2];	/* closed by the parent when the guilty client is done */
};

FIXTURE_SETUP(load)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	int fd = ruby_open_node("renderD");

	self->done[0] = -1;
	self->done[1] = -1;
	if (fd < 0)
		SKIP(return, "no render node of ruby");
	close(fd);
	ASSERT_EQ(pipe(self->done), 0);
}

FIXTURE_TEARDOWN(load)
{
	if (self->done[0] >= 0)
		close(self->done[0]);
	if (self->done[1] >= 0)
		close(self->done[1]);
}

TEST_F_TIMEOUT(load, innocent_clients_survive_repeated_hangs, 120)
{
	pid_t innocents[INNOCENTS], culprit;
	int i;

	for (i = 0; i < INNOCENTS; i++) {
		innocents[i] = spawn(innocent, i, self->done);
		ASSERT_GT(innocents[i], 0);
	}
	culprit = spawn(guilty_child, 0, self->done);
	ASSERT_GT(culprit, 0);
	EXPECT_EQ(child_status(culprit), 0);
	close(self->done[1]);
	self->done[1] = -1;
	for (i = 0; i < INNOCENTS; i++)
		EXPECT_EQ(child_status(innocents[i]), 0) TH_LOG("client %d", i);
}

TEST_HARNESS_MAIN
