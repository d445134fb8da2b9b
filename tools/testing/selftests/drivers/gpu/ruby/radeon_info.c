// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_RADEON_INFO on ruby's render node: every request a Mesa r600
 * or radeontop client makes on Evergreen, its answer on the simulated
 * Cedar, the answer sizes (32 or 64 bits), the in/out requests, and the
 * error paths (requests that do not apply, bad arguments, bad pointers).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"

#define CANARY	0x5a5a5a5a5a5a5a5aull

FIXTURE(info) {
	int fd;
};

FIXTURE_SETUP(info)
{
	self->fd = ruby_open_node("renderD");
	if (self->fd < 0)
		SKIP(return, "no render node of ruby");
}

FIXTURE_TEARDOWN(info)
{
	if (self->fd >= 0)
		close(self->fd);
}

/* A 32-bit answer; the upper half of the buffer must stay untouched. */
static int64_t info32(int fd, uint32_t request)
{
	uint64_t v = CANARY;
	int ret = radeon_info(fd, request, &v);

	if (ret)
		return ret;
	if ((v >> 32) != (CANARY >> 32))
		return -1000;	/* wrote past 32 bits */
	return (uint32_t)v;
}

/* The chip ruby found ("CEDAR"), from debugfs; empty if unknown. */
static void chip_name(char out[64])
{
	char text[4096];
	const char *p;

	out[0] = '\0';
	if (RUBY_DEBUGFS_READ(ruby_card_minor(), "ruby_info", text))
		return;
	p = strstr(text, "chip: ");
	if (p)
		sscanf(p, "chip: %63s", out);
}

/* debugfs ruby_info's generation is R6xx's or R7xx's */
static bool r6xx_or_r7xx(void)
{
	char text[4096];

	if (RUBY_DEBUGFS_READ(ruby_card_minor(), "ruby_info", text))
		return false;
	return strstr(text, "\ngeneration: R600\n") || strstr(text, "\ngeneration: R700\n");
}

static bool is_pow2(int64_t v)
{
	return v > 0 && !(v & (v - 1));
}

/*
 * R5xx: its quad and Z pipes (Mesa's r300 lays out tiled surfaces by
 * them) as the rig's straps set them, and none of R600's layout
 */
static void r5xx_pipes(struct __test_metadata *_metadata, int fd)
{
	const char *gb = getenv("RUBY_EXPECT_GB_PIPES");
	const char *z = getenv("RUBY_EXPECT_Z_PIPES");
	uint64_t v = 0;

	EXPECT_GE(info32(fd, RADEON_INFO_NUM_GB_PIPES), 1);
	EXPECT_LE(info32(fd, RADEON_INFO_NUM_GB_PIPES), 4);
	EXPECT_GE(info32(fd, RADEON_INFO_NUM_Z_PIPES), 1);
	if (gb)
		EXPECT_EQ(info32(fd, RADEON_INFO_NUM_GB_PIPES), strtol(gb, NULL, 0));
	if (z)
		EXPECT_EQ(info32(fd, RADEON_INFO_NUM_Z_PIPES), strtol(z, NULL, 0));
	EXPECT_EQ(info32(fd, RADEON_INFO_CLOCK_CRYSTAL_FREQ), 27000);
	EXPECT_EQ(radeon_info(fd, RADEON_INFO_NUM_TILE_PIPES, &v), -EINVAL);
	EXPECT_EQ(radeon_info(fd, RADEON_INFO_NUM_BACKENDS, &v), -EINVAL);
	EXPECT_EQ(radeon_info(fd, RADEON_INFO_TILING_CONFIG, &v), -EINVAL);
	EXPECT_EQ(radeon_info(fd, RADEON_INFO_MAX_SE, &v), -EINVAL);
}

TEST_F(info, device_and_layout)
{
	const char *dev = getenv("RUBY_EXPECT_DEVICE");
	int64_t pipes, rbs, tiling;
	char chip[64];

	if (dev)
		EXPECT_EQ(info32(self->fd, RADEON_INFO_DEVICE_ID), strtol(dev, NULL, 16));
	if (ruby_is_r5xx()) {
		r5xx_pipes(_metadata, self->fd);
		return;
	}
	pipes = info32(self->fd, RADEON_INFO_NUM_TILE_PIPES);
	rbs = info32(self->fd, RADEON_INFO_NUM_BACKENDS);
	EXPECT_TRUE(is_pow2(pipes));
	EXPECT_TRUE(rbs >= 1 && rbs <= pipes);
	/*
	 * the tiling dword's pipe field is log2 of the tile pipes: bits 3:0
	 * from Evergreen on, bits 3:1 on R6xx/R7xx (GB_TILING_CONFIG)
	 */
	tiling = info32(self->fd, RADEON_INFO_TILING_CONFIG);
	EXPECT_EQ(1 << (r6xx_or_r7xx() ? (tiling >> 1) & 7 : tiling & 0xf), pipes);
	EXPECT_GE(info32(self->fd, RADEON_INFO_MAX_SE), 1);
	EXPECT_GE(info32(self->fd, RADEON_INFO_ACTIVE_CU_COUNT), 1);

	chip_name(chip);
	if (!strcmp(chip, "RV730")) {
		/* RV730 per AMD: 2 RBs, 4 tile pipes, 2 pipes, 8 SIMDs, 27 MHz */
		EXPECT_EQ(rbs, 2);
		EXPECT_EQ(pipes, 4);
		EXPECT_EQ(info32(self->fd, RADEON_INFO_MAX_PIPES), 2);
		EXPECT_EQ(info32(self->fd, RADEON_INFO_ACTIVE_CU_COUNT), 8);
		/* pipes 3, 2 on backend 1; pipes 1, 0 on backend 0 */
		EXPECT_EQ(info32(self->fd, RADEON_INFO_BACKEND_MAP), 0x50);
		EXPECT_EQ(info32(self->fd, RADEON_INFO_CLOCK_CRYSTAL_FREQ), 27000);
		return;
	}
	if (!strcmp(chip, "RV630")) {
		/* RV630 per AMD: 1 RB, 2 tile pipes, 2 pipes, 3 SIMDs, 27 MHz */
		EXPECT_EQ(rbs, 1);
		EXPECT_EQ(pipes, 2);
		EXPECT_EQ(info32(self->fd, RADEON_INFO_MAX_PIPES), 2);
		EXPECT_EQ(info32(self->fd, RADEON_INFO_ACTIVE_CU_COUNT), 3);
		/* both pipes on backend 0 */
		EXPECT_EQ(info32(self->fd, RADEON_INFO_BACKEND_MAP), 0);
		EXPECT_EQ(info32(self->fd, RADEON_INFO_CLOCK_CRYSTAL_FREQ), 27000);
		return;
	}
	if (strcmp(chip, "CEDAR"))
		return;
	/* Cedar per AMD: 1 RB, 2 tile pipes, 2 pipes, 1 SE, 2 SIMDs, 27 MHz */
	EXPECT_EQ(rbs, 1);
	EXPECT_EQ(pipes, 2);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_MAX_PIPES), 2);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_MAX_SE), 1);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_ACTIVE_CU_COUNT), 2);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_BACKEND_MAP), 0);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_CLOCK_CRYSTAL_FREQ), 27000);
	if (getenv("RUBY_EXPECT_TILE_CONFIG"))
		EXPECT_EQ(info32(self->fd, RADEON_INFO_TILING_CONFIG),
			  strtol(getenv("RUBY_EXPECT_TILE_CONFIG"), NULL, 0));
}

TEST_F(info, accel_working_quirk)
{
	static const char *const says_no[] = {
		"CEDAR", "REDWOOD", "JUNIPER", "CYPRESS", "HEMLOCK",
	};
	char chip[64];
	bool no = false;
	unsigned int i;

	chip_name(chip);
	for (i = 0; i < ARRAY_SIZE(says_no); i++)
		no |= !strcmp(chip, says_no[i]);
	/* Cedar..Hemlock always say no here (xf86-video-ati < 6.13) ... */
	EXPECT_EQ(info32(self->fd, RADEON_INFO_ACCEL_WORKING), no ? 0 : 1);
	/* ... and tell the truth here */
	EXPECT_EQ(info32(self->fd, RADEON_INFO_ACCEL_WORKING2), 1);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_FUSION_GART_WORKING), 1);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_VA_UNMAP_WORKING), 1);
}

TEST_F(info, ring_working)
{
	uint64_t v;

	v = RADEON_CS_RING_GFX;
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_RING_WORKING, &v), 0);
	EXPECT_EQ(v & 0xffffffff, 1);
	/* R6xx has no DMA ring: radeon never started the engine there */
	v = RADEON_CS_RING_DMA;
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_RING_WORKING, &v), 0);
	EXPECT_EQ(v & 0xffffffff, ruby_info_yes("dma ring") ? 1 : 0);
	v = RADEON_CS_RING_COMPUTE;
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_RING_WORKING, &v), 0);
	EXPECT_EQ(v & 0xffffffff, 0);
	v = 99;
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_RING_WORKING, &v), -EINVAL);
}

TEST_F(info, read_reg_whitelist)
{
	uint64_t v;

	if (ruby_is_r5xx()) {
		/* radeon's ABI reads no register before R600: not even RBBM_STATUS */
		v = 0x0e40;
		EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), -EINVAL);
		v = 0x8010;
		EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), -EINVAL);
		return;
	}
	v = 0x8010;	/* GRBM_STATUS: radeontop's */
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), 0);
	v = 0xd034;	/* DMA_STATUS_REG: idle */
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), 0);
	EXPECT_EQ(v & 1, 1);
	/* anything else is not for userspace: CP ring base, MC, a scratch */
	v = 0xc100;
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), -EINVAL);
	v = 0x2024;
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), -EINVAL);
	v = 0x8500;
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), -EINVAL);
	v = 0x8011;	/* unaligned */
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_READ_REG, &v), -EINVAL);
}

TEST_F(info, counters_are_64_bit)
{
	uint64_t t0 = 0, t1 = 0, vram, gtt, moved;

	if (ruby_is_r5xx()) {
		/* no GPU clock counter before R600: radeon answers -EINVAL */
		EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_TIMESTAMP, &t0), -EINVAL);
	} else {
		ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_TIMESTAMP, &t0), 0);
		usleep(10000);
		ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_TIMESTAMP, &t1), 0);
		/* 10 ms of a 27 MHz counter, give or take the rig's scheduling */
		EXPECT_GT(t1, t0);
		EXPECT_GE(t1 - t0, 27000 * 5);
	}
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_VRAM_USAGE, &vram), 0);
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_GTT_USAGE, &gtt), 0);
	ASSERT_EQ(radeon_info(self->fd, RADEON_INFO_NUM_BYTES_MOVED, &moved), 0);
	/* the kernel's own objects: the GART table, rings, WB page */
	EXPECT_GE(vram, 1 << 20);
	EXPECT_GE(gtt, 64 << 10);
	EXPECT_NE(moved, CANARY);
}

TEST_F(info, requests_that_do_not_apply)
{
	uint64_t v = 0;

	/* no per-process VM below Cayman */
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_VA_START, &v), -EINVAL);
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_IB_VM_MAX_SIZE, &v), -EINVAL);
	/* R5xx only (where it is not one), SI/CIK only, VCE */
	if (!ruby_is_r5xx())
		EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_NUM_GB_PIPES, &v), -EINVAL);
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_WANT_CMASK, &v), -EINVAL);
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_SI_TILE_MODE_ARRAY, &v), -EINVAL);
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_MAX_SH_PER_SE, &v), -EINVAL);
	EXPECT_EQ(radeon_info(self->fd, RADEON_INFO_VCE_FW_VERSION, &v), -EINVAL);
	EXPECT_EQ(radeon_info(self->fd, 0x99, &v), -EINVAL);
}

TEST_F(info, bad_pointers)
{
	struct drm_radeon_info args = { .request = RADEON_INFO_DEVICE_ID };

	/* NULL and a kernel address are both not the caller's memory */
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_INFO, &args), -1);
	EXPECT_EQ(errno, EFAULT);
	args.value = 0xffffffffffff0000ull;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_INFO, &args), -1);
	EXPECT_EQ(errno, EFAULT);
	/* in/out requests read their argument from there first */
	args.request = RADEON_INFO_READ_REG;
	args.value = 0;
	EXPECT_EQ(ioctl(self->fd, DRM_IOCTL_RADEON_INFO, &args), -1);
	EXPECT_EQ(errno, EFAULT);
}

TEST_F(info, reset_counter_matches_debugfs)
{
	char text[4096];

	if (RUBY_DEBUGFS_READ(ruby_card_minor(), "ruby_info", text))
		SKIP(return, "no debugfs");
	ASSERT_GE(ruby_text_int(text, "gpu resets"), 0);
	EXPECT_EQ(info32(self->fd, RADEON_INFO_GPU_RESET_COUNTER),
		  ruby_text_int(text, "gpu resets"));
}

TEST(hyperz_has_one_owner)
{
	int a = ruby_open_node("renderD"), b;
	uint64_t v;

	if (a < 0)
		SKIP(return, "no render node of ruby");
	b = ruby_open_node("renderD");
	ASSERT_GE(b, 0);
	v = 1;
	ASSERT_EQ(radeon_info(a, RADEON_INFO_WANT_HYPERZ, &v), 0);
	EXPECT_EQ(v & 0xffffffff, 1);
	v = 1;
	ASSERT_EQ(radeon_info(b, RADEON_INFO_WANT_HYPERZ, &v), 0);
	EXPECT_EQ(v & 0xffffffff, 0);	/* a has it */
	v = 2;
	EXPECT_EQ(radeon_info(b, RADEON_INFO_WANT_HYPERZ, &v), -EINVAL);
	/* the owner closing releases it */
	close(a);
	v = 1;
	ASSERT_EQ(radeon_info(b, RADEON_INFO_WANT_HYPERZ, &v), 0);
	EXPECT_EQ(v & 0xffffffff, 1);
	v = 0;
	ASSERT_EQ(radeon_info(b, RADEON_INFO_WANT_HYPERZ, &v), 0);
	EXPECT_EQ(v & 0xffffffff, 0);
	close(b);
}

TEST_HARNESS_MAIN
