// SPDX-License-Identifier: GPL-2.0
/*
 * Buffer moves by the GPU: a buffer moved from GTT into VRAM beyond the
 * CPU-visible window and evicted back keeps every word, the ring that
 * moves buffers (the DMA engine's; on R6xx, which has none, the GFX ring
 * with CP DMA) runs and its fences advance, and all of it survives a GPU
 * reset.
 */
#include <errno.h>
#include <stdio.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

FIXTURE(mv) {
	int minor;
	const char *ring;	/* the ring that moves buffers */
	char out[4096];
};

FIXTURE_SETUP(mv)
{
	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	if (access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
	self->ring = ruby_info_yes("dma ring") ? "dma" : "gfx";
}

FIXTURE_TEARDOWN(mv)
{
}

TEST_F(mv, dma_ring_is_up)
{
	if (strcmp(self->ring, "dma"))
		SKIP(return,
		     "no DMA ring on this chip (R5xx, R6xx): the GFX ring or the CPU moves buffers");
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_ring_dma", self->out), 0);
	EXPECT_NE(strstr(self->out, "ready: yes"), NULL);
	/* the bring-up IB test signalled a fence on it */
	EXPECT_GE(ruby_fence_signalled(self->minor, "dma"), 1);
}

/* Without a DMA ring there is no DMA ring to show, and none works. */
TEST_F(mv, no_dma_ring_without_the_engine)
{
	if (!strcmp(self->ring, "dma"))
		SKIP(return, "this chip has a DMA ring");
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_ring_dma", self->out), 0);
	EXPECT_NE(strstr(self->out, "ring not set up"), NULL) TH_LOG("%s", self->out);
	EXPECT_EQ(ruby_fence_signalled(self->minor, "dma"), -1);
}

static void check_round_trip(struct __test_metadata *_metadata, int minor,
			     const char *ring, char *out, size_t size)
{
	long before = ruby_fence_signalled(minor, ring), after;

	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_evict_test", out, size), 0);
	TH_LOG("%s", out);
	EXPECT_NE(strstr(out, "round 1: in vram"), NULL);
	EXPECT_NE(strstr(out, "round 2: in vram"), NULL);
	/* there the CPU cannot reach it: only the GPU moved it */
	EXPECT_EQ(strstr(out, "within the CPU-visible"), NULL);
	EXPECT_NE(strstr(out, "round 1: evicted to gtt"), NULL);
	EXPECT_NE(strstr(out, "round 2: evicted to gtt"), NULL);
	EXPECT_NE(strstr(out, "round 1: 0 of 262144 words differ"), NULL);
	EXPECT_NE(strstr(out, "round 2: 0 of 262144 words differ"), NULL);
	/* in and out, twice, 1 MiB each way */
	EXPECT_EQ(ruby_text_int(out, "bytes moved"), 4 << 20);
	EXPECT_NE(strstr(out, "result: pass"), NULL);
	after = ruby_fence_signalled(minor, ring);
	/* one fence per move on the moving ring, signalled by its interrupt */
	EXPECT_GE(after - before, 4)
		TH_LOG("%s ring: fences %ld to %ld", ring, before, after);
}

TEST_F(mv, eviction_round_trip_keeps_data)
{
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_CPU_MOVES);
	check_round_trip(_metadata, self->minor, self->ring, self->out,
			 sizeof(self->out));
}

TEST_F(mv, moves_work_after_a_reset)
{
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_CPU_MOVES);
	ASSERT_EQ(RUBY_DEBUGFS_READ(self->minor, "ruby_gpu_reset", self->out), 0);
	EXPECT_NE(strstr(self->out, "reset: ok (0)"), NULL);
	check_round_trip(_metadata, self->minor, self->ring, self->out,
			 sizeof(self->out));
}

TEST_HARNESS_MAIN
