// SPDX-License-Identifier: GPL-2.0
/*
 * Buffer moves by the DMA engine: a buffer moved from GTT into VRAM beyond
 * the CPU-visible window and evicted back keeps every word, the DMA ring
 * runs and its fences advance, and all of it survives a GPU reset.
 */
#include <errno.h>
#include <stdio.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

FIXTURE(mv) {
	int minor;
	char out[4096];
};

FIXTURE_SETUP(mv)
{
	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	if (access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
}

FIXTURE_TEARDOWN(mv)
{
}

TEST_F(mv, dma_ring_is_up)
{
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_ring_dma", self->out), 0);
	EXPECT_NE(strstr(self->out, "ready: yes"), NULL);
	/* the bring-up IB test signalled a fence on it */
	EXPECT_GE(ruby_fence_signalled(self->minor, "dma"), 1);
}

static void check_round_trip(struct __test_metadata *_metadata, int minor,
			     char *out, size_t size)
{
	long before = ruby_fence_signalled(minor, "dma"), after;

	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_evict_test", out, size), 0);
	TH_LOG("%s", out);
	EXPECT_NE(strstr(out, "round 1: in vram"), NULL);
	EXPECT_NE(strstr(out, "round 2: in vram"), NULL);
	/* there the CPU cannot reach it: only the DMA engine moved it */
	EXPECT_EQ(strstr(out, "within the CPU-visible"), NULL);
	EXPECT_NE(strstr(out, "round 1: evicted to gtt"), NULL);
	EXPECT_NE(strstr(out, "round 2: evicted to gtt"), NULL);
	EXPECT_NE(strstr(out, "round 1: 0 of 262144 words differ"), NULL);
	EXPECT_NE(strstr(out, "round 2: 0 of 262144 words differ"), NULL);
	/* in and out, twice, 1 MiB each way */
	EXPECT_EQ(ruby_text_int(out, "bytes moved"), 4 << 20);
	EXPECT_NE(strstr(out, "result: pass"), NULL);
	after = ruby_fence_signalled(minor, "dma");
	/* one DMA fence per move, signalled by the engine's trap */
	EXPECT_GE(after - before, 4);
}

TEST_F(mv, eviction_round_trip_keeps_data)
{
	check_round_trip(_metadata, self->minor, self->out, sizeof(self->out));
}

TEST_F(mv, moves_work_after_a_reset)
{
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_gpu_reset", self->out), 0);
	EXPECT_NE(strstr(self->out, "reset: ok (0)"), NULL);
	check_round_trip(_metadata, self->minor, self->out, sizeof(self->out));
}

TEST_HARNESS_MAIN
