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

/* Read debugfs file @name of the device into self->out. */
static int run(int minor, const char *name, char *out, size_t size)
{
	char path[PATH_MAX];
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/%s", minor, name);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	len = fread(out, 1, size - 1, f);
	out[len] = '\0';
	fclose(f);
	return 0;
}

/* The integer after "@key: " in @text, or -1000 if absent. */
static int field(const char *text, const char *key)
{
	char pattern[64];
	const char *p;
	int v;

	snprintf(pattern, sizeof(pattern), "%s: ", key);
	p = strstr(text, pattern);
	if (!p || sscanf(p + strlen(pattern), "%d", &v) != 1)
		return -1000;
	return v;
}

static int fence_signalled(int minor)
{
	char buf[1024];
	unsigned int v;
	const char *p;

	if (run(minor, "ruby_fence_info", buf, sizeof(buf)))
		return -1;
	p = strstr(buf, "Last signaled fence 0x");
	if (!p || sscanf(p, "Last signaled fence 0x%x", &v) != 1)
		return -1;
	return v;
}

TEST_F(eng, jobs_complete_and_fences_advance)
{
	int before = fence_signalled(self->minor), after;

	ASSERT_GE(before, 0);
	ASSERT_EQ(run(self->minor, "ruby_ib_test", self->out, sizeof(self->out)), 0);
	TH_LOG("%s", self->out);
	EXPECT_NE(strstr(self->out, "job 0: ok 0, wrote 0x600d0000"), NULL);
	EXPECT_NE(strstr(self->out, "job 1: ok 0, wrote 0x600d0001"), NULL);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);
	EXPECT_EQ(field(self->out, "resets after"), field(self->out, "resets before"));
	after = fence_signalled(self->minor);
	/* one fence per job at least, signalled by interrupt */
	EXPECT_GE(after - before, 2);
}

TEST_F(eng, reset_on_request_then_work_continues)
{
	int resets;

	ASSERT_EQ(run(self->minor, "ruby_ib_test", self->out, sizeof(self->out)), 0);
	resets = field(self->out, "resets after");
	ASSERT_GE(resets, 0);

	ASSERT_EQ(run(self->minor, "ruby_gpu_reset", self->out, sizeof(self->out)), 0);
	TH_LOG("%s", self->out);
	EXPECT_NE(strstr(self->out, "reset: ok (0)"), NULL);
	EXPECT_EQ(field(self->out, "resets"), resets + 1);

	ASSERT_EQ(run(self->minor, "ruby_ib_test", self->out, sizeof(self->out)), 0);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);
	EXPECT_EQ(field(self->out, "resets after"), resets + 1);
}

TEST_F(eng, hang_is_detected_reset_and_innocent_job_completes)
{
	int before;

	ASSERT_EQ(run(self->minor, "ruby_hang_test", self->out, sizeof(self->out)), 0);
	TH_LOG("%s", self->out);
	before = field(self->out, "resets before");
	ASSERT_GE(before, 0);
	/* the guilty job: timed out */
	EXPECT_NE(strstr(self->out, "job 0 (hangs): error -62"), NULL);
	/* the job queued behind it: replayed after the reset, completed */
	EXPECT_NE(strstr(self->out, "job 1: ok 0, wrote 0x600d0001"), NULL);
	EXPECT_EQ(field(self->out, "resets after"), before + 1);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);

	/* the engine works after the reset */
	ASSERT_EQ(run(self->minor, "ruby_ib_test", self->out, sizeof(self->out)), 0);
	EXPECT_NE(strstr(self->out, "result: pass"), NULL);

	/* and the counter is what ruby_info reports */
	ASSERT_EQ(run(self->minor, "ruby_info", self->out, sizeof(self->out)), 0);
	EXPECT_EQ(field(self->out, "gpu resets"), before + 1);
}

TEST_F(eng, hangs_in_a_row_are_each_recovered)
{
	int i, first = -1, last = -1;

	for (i = 0; i < 3; i++) {
		ASSERT_EQ(run(self->minor, "ruby_hang_test", self->out,
			      sizeof(self->out)), 0);
		EXPECT_NE(strstr(self->out, "result: pass"), NULL);
		if (i == 0)
			first = field(self->out, "resets before");
		last = field(self->out, "resets after");
	}
	EXPECT_EQ(last - first, 3);
}

TEST_HARNESS_MAIN
