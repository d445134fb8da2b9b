// SPDX-License-Identifier: GPL-2.0
/*
 * The GPU state ruby leaves after bring-up, as its debugfs files show it:
 * the memory map, the GART, and the status registers (read live).
 */
#include <errno.h>
#include <stdio.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

FIXTURE(dbg) {
	char gart[4096];
	char regs[4096];
};

FIXTURE_SETUP(dbg)
{
	int minor = ruby_card_minor();

	if (minor < 0)
		SKIP(return, "no device bound to ruby");
	if (access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
	ASSERT_EQ(RUBY_DEBUGFS_READ(minor, "ruby_gart", self->gart), 0);
	ASSERT_EQ(RUBY_DEBUGFS_READ(minor, "ruby_regs", self->regs), 0);
}

FIXTURE_TEARDOWN(dbg)
{
}

TEST_F(dbg, gtt_follows_vram)
{
	unsigned long long vs, ve, gs, ge;
	const char *p = strstr(self->gart, "vram: ");
	const char *q = strstr(self->gart, "gtt: ");
	int n;

	ASSERT_NE(p, NULL);
	ASSERT_NE(q, NULL);
	n = sscanf(p, "vram: %llx-%llx", &vs, &ve);
	ASSERT_EQ(n, 2);
	n = sscanf(q, "gtt: %llx-%llx", &gs, &ge);
	ASSERT_EQ(n, 2);
	EXPECT_LT(vs, ve);
	EXPECT_GT(gs, ve);
	EXPECT_EQ(gs % (16 << 20), 0);
	EXPECT_EQ((ge + 1 - gs) % 4096, 0);
}

TEST_F(dbg, gart_table_in_vram)
{
	unsigned long long vs, ve, table;
	unsigned int entries;
	const char *p = strstr(self->gart, "table: ");
	int n;

	n = sscanf(self->gart, "vram: %llx-%llx", &vs, &ve);
	ASSERT_EQ(n, 2);
	ASSERT_NE(p, NULL);
	n = sscanf(p, "table: %llx, %u entries", &table, &entries);
	ASSERT_EQ(n, 2);
	EXPECT_GE(table, vs);
	EXPECT_LE(table + entries * 8ull - 1, ve);
	EXPECT_EQ(table % 4096, 0);
}

TEST_F(dbg, engines_running)
{
	uint32_t rlc = 0, vm = 0, csq = 0, intr = 0;

	if (ruby_is_r5xx()) {
		/* no RLC, no VM contexts: the CP fetches bus-mastered, fences interrupt */
		ASSERT_TRUE(ruby_text_reg(self->regs, "CP_CSQ_CNTL", &csq))
			TH_LOG("%s", self->regs);
		ASSERT_TRUE(ruby_text_reg(self->regs, "GEN_INT_CNTL", &intr));
		EXPECT_EQ(csq >> 28, 4);	/* CSQ_PRIBM_INDBM */
		EXPECT_EQ((intr >> 25) & 1, 1);	/* SW_INT_EN */
		return;
	}
	ASSERT_TRUE(ruby_text_reg(self->regs, "RLC_CNTL", &rlc)) TH_LOG("%s", self->regs);
	ASSERT_TRUE(ruby_text_reg(self->regs, "VM_CONTEXT0_CNTL", &vm));
	EXPECT_EQ(rlc & 1, 1);	/* RLC_ENABLE */
	EXPECT_EQ(vm & 1, 1);	/* ENABLE_CONTEXT: the GART is on */
}

TEST_HARNESS_MAIN
