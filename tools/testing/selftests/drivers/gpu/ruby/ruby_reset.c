// SPDX-License-Identifier: GPL-2.0
/*
 * Work on the GFX ring through the scheduler, GPU reset and hang recovery,
 * driven through ruby's debugfs test files:
 *
 *   ruby_ib_test    two jobs that each store a known word
 *   ruby_hang_test  the first job waits forever: timeout, reset, replay
 *   ruby_gpu_reset  a reset on request
 *
 * The rig loads ruby with lockup_timeout_ms=500, so a hang costs half a
 * second; on a machine with the default (10 s) the hang tests are slow.
 */
#include <errno.h>
#include <stdio.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

FIXTURE(eng) {
	int minor;
	char out[4096];
};

FIXTURE_SETUP(eng)
{
	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	if (access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
}

FIXTURE_TEARDOWN(eng)
{
}

TEST_F(eng, jobs_complete_and_fences_advance)
{
	int before = ruby_fence_signalled(self->minor, "gfx"), after;

	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_NO_MEM_PACKETS);

	ASSERT_GE(before, 0);
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_ib_test", self->out), 0);
	TH_LOG("%s", self->out);
	EXPECT_NE(strstr(self->out, "job 0: ok 0, wrote 0x600d0000"), NULL);
	EXPECT_NE(strstr(self->out, "job 1: ok 0, wrote 0x600d0001"), NULL);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);
	EXPECT_EQ(ruby_text_int(self->out, "resets after"),
		  ruby_text_int(self->out, "resets before"));
	after = ruby_fence_signalled(self->minor, "gfx");
	/* one fence per job at least, signalled by interrupt */
	EXPECT_GE(after - before, 2);
}

/*
 * R5xx has no test jobs: the reset is counted where ruby_info reports it,
 * and the engine shows it works again by the fences it goes on signalling
 * (the ring test of the restart; the scheduler's own jobs after it)
 */
static void r5xx_reset(struct __test_metadata *_metadata, int minor, char *out,
		       size_t size)
{
	int resets;

	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_info", out, size), 0);
	resets = ruby_text_int(out, "gpu resets");
	ASSERT_GE(resets, 0);
	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_gpu_reset", out, size), 0);
	TH_LOG("%s", out);
	EXPECT_NE(strstr(out, "reset: ok (0)"), NULL);
	EXPECT_EQ(ruby_text_int(out, "resets"), resets + 1);
	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_ring_gfx", out, size), 0);
	EXPECT_NE(strstr(out, "ready: yes"), NULL) TH_LOG("%s", out);
}

TEST_F(eng, reset_on_request_then_work_continues)
{
	int resets;

	if (ruby_is_r5xx()) {
		r5xx_reset(_metadata, self->minor, self->out, sizeof(self->out));
		return;
	}
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_ib_test", self->out), 0);
	resets = ruby_text_int(self->out, "resets after");
	ASSERT_GE(resets, 0);

	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_gpu_reset", self->out), 0);
	TH_LOG("%s", self->out);
	EXPECT_NE(strstr(self->out, "reset: ok (0)"), NULL);
	EXPECT_EQ(ruby_text_int(self->out, "resets"), resets + 1);

	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_ib_test", self->out), 0);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);
	EXPECT_EQ(ruby_text_int(self->out, "resets after"), resets + 1);
}

TEST_F(eng, hang_is_detected_reset_and_innocent_job_completes)
{
	int before;

	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_NO_MEM_PACKETS);

	ruby_provoke_hang("ruby_reset");
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_hang_test", self->out), 0);
	TH_LOG("%s", self->out);
	before = ruby_text_int(self->out, "resets before");
	ASSERT_GE(before, 0);
	/* the guilty job: timed out */
	EXPECT_NE(strstr(self->out, "job 0 (hangs): error -62"), NULL);
	/* the job queued behind it: replayed after the reset, completed */
	EXPECT_NE(strstr(self->out, "job 1: ok 0, wrote 0x600d0001"), NULL);
	EXPECT_EQ(ruby_text_int(self->out, "resets after"), before + 1);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);

	/* the engine works after the reset */
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_ib_test", self->out), 0);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);

	/* and the counter is what ruby_info reports */
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_info", self->out), 0);
	EXPECT_EQ(ruby_text_int(self->out, "gpu resets"), before + 1);
}

TEST_F(eng, hangs_in_a_row_are_each_recovered)
{
	int i, first = -1, last = -1;

	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_NO_MEM_PACKETS);

	for (i = 0; i < 3; i++) {
		ruby_provoke_hang("ruby_reset");
		ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_hang_test", self->out), 0);
		EXPECT_NE(strstr(self->out, "result: pass"), NULL);
		if (i == 0)
			first = ruby_text_int(self->out, "resets before");
		last = ruby_text_int(self->out, "resets after");
	}
	EXPECT_EQ(last - first, 3);
}

TEST_HARNESS_MAIN
