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

static int read_debugfs(int minor, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/%s", minor, name);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	len = fread(buf, 1, size - 1, f);
	buf[len] = '\0';
	fclose(f);
	return 0;
}

FIXTURE_SETUP(dbg)
{
	int minor = ruby_card_minor();

	if (minor < 0)
		SKIP(return, "no device bound to ruby");
	if (access("/sys/kernel/debug/dri", F_OK))
		SKIP(return, "debugfs is not mounted");
	ASSERT_EQ(read_debugfs(minor, "ruby_gart", self->gart, sizeof(self->gart)), 0);
	ASSERT_EQ(read_debugfs(minor, "ruby_regs", self->regs, sizeof(self->regs)), 0);
}

FIXTURE_TEARDOWN(dbg)
{
}

/* The value of register @name in the ruby_regs text. */
static bool reg_value(const char *text, const char *name, uint32_t *val)
{
	char pattern[64];
	const char *p;
	unsigned int off, v;

	snprintf(pattern, sizeof(pattern), "%s 0x", name);
	p = strstr(text, pattern);
	if (!p || sscanf(p + strlen(name), " %x: %x", &off, &v) != 2)
		return false;
	*val = v;
	return true;
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
	uint32_t rlc = 0, vm = 0;

	ASSERT_TRUE(reg_value(self->regs, "RLC_CNTL", &rlc)) TH_LOG("%s", self->regs);
	ASSERT_TRUE(reg_value(self->regs, "VM_CONTEXT0_CNTL", &vm));
	EXPECT_EQ(rlc & 1, 1);	/* RLC_ENABLE */
	EXPECT_EQ(vm & 1, 1);	/* ENABLE_CONTEXT: the GART is on */
}

TEST_HARNESS_MAIN
