/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-ins for the radeon structures upstream's Evergreen and R600
 * command-stream checkers (evergreen_cs.c, r600_cs.c, built unmodified
 * from Debian's linux-source-6.12) reach: the parser, the device's tiling
 * configuration, relocations, the IB. Only the fields they use.
 */
#ifndef RUBY_BENCH_RADEON_H
#define RUBY_BENCH_RADEON_H

#include <linux/kernel.h>

#include "radeon_family.h"

/* packet header fields (radeon_reg.h) */
#define RADEON_PACKET_TYPE0		0
#define RADEON_PACKET_TYPE1		1
#define RADEON_PACKET_TYPE2		2
#define RADEON_PACKET_TYPE3		3
#define RADEON_CP_PACKET3_GET_OPCODE(h)	(((h) >> 8) & 0xff)
#define RADEON_CP_PACKET_GET_TYPE(h)	(((h) >> 30) & 3)
#define RADEON_CP_PACKET_GET_COUNT(h)	(((h) >> 16) & 0x3fff)
#define R600_CP_PACKET0_GET_REG(h)	(((h) & 0xffff) << 2)
#define R600_CP_PACKET0_REG_MASK	0xffff
#define REG_SET(field, v)		(((v) << field##_SHIFT) & field##_MASK)

/* the display registers a vertical-line wait names (radeon_reg.h) */
#define RADEON_VLINE_STAT		BIT(12)
#define AVIVO_D1MODE_VLINE_START_END	0x6538
#define AVIVO_D1MODE_VLINE_STATUS	0x653c
#define AVIVO_D2MODE_VLINE_START_END	0x6d38
#define AVIVO_D2MODE_VLINE_STATUS	0x6d3c
#define EVERGREEN_VLINE_START_END	0x6b08
#define EVERGREEN_VLINE_STATUS		0x6bb8
#define EVERGREEN_CRTC0_REGISTER_OFFSET	0
#define EVERGREEN_CRTC1_REGISTER_OFFSET	(0x79f0 - 0x6df0)
#define EVERGREEN_CRTC2_REGISTER_OFFSET	(0x105f0 - 0x6df0)
#define EVERGREEN_CRTC3_REGISTER_OFFSET	(0x111f0 - 0x6df0)
#define EVERGREEN_CRTC4_REGISTER_OFFSET	(0x11df0 - 0x6df0)
#define EVERGREEN_CRTC5_REGISTER_OFFSET	(0x129f0 - 0x6df0)

/* radeon_drm.h's flags the checkers test */
#define RADEON_TILING_MACRO		0x1
#define RADEON_TILING_MICRO		0x2
#define RADEON_CS_KEEP_TILING_FLAGS	0x01

struct device;
struct drm_encoder;
struct drm_file;

struct radeon_bo {
	u64 size;
};

static inline unsigned long radeon_bo_size(struct radeon_bo *bo)
{
	return bo->size;
}

struct radeon_bo_list {
	struct radeon_bo *robj;
	u64 gpu_offset;
	u32 tiling_flags;
};

struct radeon_device {
	struct device *dev;
	enum radeon_family family;
	union {
		struct { u32 tiling_npipes, tiling_nbanks, tiling_group_size; } r600;
		struct { u32 tiling_npipes, tiling_nbanks, tiling_group_size; } rv770;
		struct { u32 tile_config; } evergreen;
		struct { u32 tile_config; } cayman;
	} config;
};

struct radeon_ib {
	u32 *ptr;
	u32 length_dw;
};

struct radeon_cs_chunk {
	u32 length_dw;
	u32 *kdata;
};

struct radeon_cs_packet {
	unsigned int idx;
	unsigned int type;
	unsigned int reg;
	unsigned int opcode;
	int count;
	unsigned int one_reg_wr;
};

struct radeon_cs_parser {
	struct device *dev;
	struct radeon_device *rdev;
	struct drm_file *filp;
	struct radeon_cs_chunk *chunk_ib;
	struct radeon_cs_chunk *chunk_relocs;
	struct radeon_bo_list *relocs;
	unsigned int nrelocs;
	int dma_reloc_idx;
	unsigned int idx;
	struct radeon_ib ib;
	void *track;
	unsigned int family;
	u32 cs_flags;
};

static inline u32 radeon_get_ib_value(struct radeon_cs_parser *p, int idx)
{
	return p->ib.ptr[idx];
}

/* radeon_cs.c's packet helpers, written for the bench (upstream_glue.c) */
int radeon_cs_packet_parse(struct radeon_cs_parser *p, struct radeon_cs_packet *pkt,
			   unsigned int idx);
bool radeon_cs_packet_next_is_pkt3_nop(struct radeon_cs_parser *p);
int radeon_cs_packet_next_reloc(struct radeon_cs_parser *p,
				struct radeon_bo_list **cs_reloc, int nomm);
void radeon_cs_dump_packet(struct radeon_cs_parser *p, struct radeon_cs_packet *pkt);

/* the vertical-line wait needs the display, which the bench has none of */
struct drm_crtc {
	bool enabled;
};

struct radeon_crtc {
	struct drm_crtc base;
	int crtc_id;
};

#define rdev_to_drm(rdev)		NULL
#define drm_crtc_find(dev, filp, id)	((struct drm_crtc *)NULL)
#define to_radeon_crtc(crtc)		((struct radeon_crtc *)(crtc))

/* evergreen.c's: a buffer's tiling flags as the registers encode them */
void evergreen_tiling_fields(unsigned int tiling_flags, unsigned int *bankw,
			     unsigned int *bankh, unsigned int *mtaspect,
			     unsigned int *tile_split);

int evergreen_cs_parse(struct radeon_cs_parser *p);
int r600_cs_parse(struct radeon_cs_parser *p);
int evergreen_dma_cs_parse(struct radeon_cs_parser *p);
bool r600_fmt_is_valid_color(u32 format);
bool r600_fmt_is_valid_texture(u32 format, enum radeon_family family);
int r600_fmt_get_blocksize(u32 format);
int r600_fmt_get_nblocksx(u32 format, u32 w);
int r600_fmt_get_nblocksy(u32 format, u32 h);
unsigned int r600_mip_minify(unsigned int size, unsigned int level);
int r600_cs_common_vline_parse(struct radeon_cs_parser *p, uint32_t *vline_start_end,
			       uint32_t *vline_status);

#endif /* RUBY_BENCH_RADEON_H */
