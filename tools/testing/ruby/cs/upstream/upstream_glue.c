// SPDX-License-Identifier: GPL-2.0-only
/*
 * The parts of radeon_cs.c upstream's checkers call (packet decoding,
 * relocation NOPs), written for the bench, and the entry point bench.c
 * calls. Built only when the bench found Debian's kernel source.
 */
#include <string.h>

#include "radeon.h"
#include "upstream.h"

#define HDR_TYPE(h)		((h) >> 30)
#define HDR_COUNT(h)		(((h) >> 16) & 0x3fff)
#define PKT3_NOP_OPCODE		0x10

const bool upstream_available = true;
int upstream_verbose;

int radeon_cs_packet_parse(struct radeon_cs_parser *p, struct radeon_cs_packet *pkt,
			   unsigned int idx)
{
	u32 hdr, len = p->chunk_ib->length_dw;

	if (idx >= len)
		return -EINVAL;
	hdr = p->ib.ptr[idx];
	*pkt = (struct radeon_cs_packet){ .idx = idx, .type = HDR_TYPE(hdr),
					  .count = HDR_COUNT(hdr) };
	switch (pkt->type) {
	case RADEON_PACKET_TYPE0:
		pkt->reg = (hdr & 0xffff) << 2;
		pkt->one_reg_wr = hdr & 0x8000;
		break;
	case RADEON_PACKET_TYPE2:
		pkt->count = -1;
		break;
	case RADEON_PACKET_TYPE3:
		pkt->opcode = (hdr >> 8) & 0xff;
		break;
	default:
		return -EINVAL;
	}
	if ((u64)idx + pkt->count + 2 > len)
		return -EINVAL;
	return 0;
}

bool radeon_cs_packet_next_is_pkt3_nop(struct radeon_cs_parser *p)
{
	struct radeon_cs_packet pkt;

	if (radeon_cs_packet_parse(p, &pkt, p->idx))
		return false;
	return pkt.type == RADEON_PACKET_TYPE3 && pkt.opcode == PKT3_NOP_OPCODE;
}

int radeon_cs_packet_next_reloc(struct radeon_cs_parser *p,
				struct radeon_bo_list **cs_reloc, int nomm)
{
	struct radeon_cs_packet nop;
	u32 idx;

	(void)nomm;
	if (!p->chunk_relocs || radeon_cs_packet_parse(p, &nop, p->idx) ||
	    nop.type != RADEON_PACKET_TYPE3 || nop.opcode != PKT3_NOP_OPCODE)
		return -EINVAL;
	idx = p->ib.ptr[nop.idx + 1];
	if (idx >= p->chunk_relocs->length_dw)
		return -EINVAL;
	*cs_reloc = &p->relocs[idx / 4];
	p->idx += nop.count + 2;
	return 0;
}

void radeon_cs_dump_packet(struct radeon_cs_parser *p, struct radeon_cs_packet *pkt)
{
	(void)p;
	(void)pkt;
}

/* 1, 2, 4, 8 (0: unset) as the registers encode them */
static unsigned int log2_field(unsigned int v)
{
	return v >= 8 ? 3 : v >= 4 ? 2 : v >= 2 ? 1 : 0;
}

void evergreen_tiling_fields(unsigned int tiling_flags, unsigned int *bankw,
			     unsigned int *bankh, unsigned int *mtaspect,
			     unsigned int *tile_split)
{
	*bankw = log2_field((tiling_flags >> 8) & 0xf);
	*bankh = log2_field((tiling_flags >> 12) & 0xf);
	*mtaspect = log2_field((tiling_flags >> 16) & 0xf);
	*tile_split = (tiling_flags >> 24) & 0xf;
}

/* Relocations as the CS ioctl would have looked them up */
static struct radeon_bo *robj;
static struct radeon_bo_list *relocs;
static u32 nrelocs;

int upstream_prepare(const struct upstream_bo *bos, uint32_t nbos)
{
	u32 i;

	free(robj);
	free(relocs);
	robj = calloc(nbos + 1, sizeof(*robj));
	relocs = calloc(nbos + 1, sizeof(*relocs));
	if (!robj || !relocs)
		return -ENOMEM;
	for (i = 0; i < nbos; i++) {
		robj[i].size = bos[i].size;
		relocs[i] = (struct radeon_bo_list){ .robj = &robj[i],
						     .gpu_offset = bos[i].gpu_addr,
						     .tiling_flags = bos[i].tiling_flags };
	}
	nrelocs = nbos;
	return 0;
}

/*
 * The rings' checkers as the CS ioctl reaches them: through the ASIC's
 * table (radeon_cs_parse(): rdev->asic->ring[ring]->cs_parse), a
 * pointer read at run time; not static, so the compiler cannot make
 * the calls direct either
 */
enum { UP_EG_GFX, UP_EG_DMA, UP_R600_GFX };
int (*upstream_cs_parse[])(struct radeon_cs_parser *p) = {
	[UP_EG_GFX] = evergreen_cs_parse,
	[UP_EG_DMA] = evergreen_dma_cs_parse,
	[UP_R600_GFX] = r600_cs_parse,
};

/* @ib checked by upstream's checker of @ring, as the CS ioctl runs it on @rdev */
static inline __attribute__((always_inline))
int upstream_parse(struct radeon_device *rdev, uint32_t *ib, uint32_t ndw, int ring)
{
	struct radeon_cs_chunk chunk_ib = { .length_dw = ndw, .kdata = ib };
	struct radeon_cs_chunk chunk_relocs = { .length_dw = 4 * nrelocs };
	struct radeon_cs_parser p = {
		.rdev = rdev, .chunk_ib = &chunk_ib, .chunk_relocs = &chunk_relocs,
		.relocs = relocs, .nrelocs = nrelocs,
		.ib = { .ptr = ib, .length_dw = ndw },
		.family = rdev->family, .cs_flags = RADEON_CS_KEEP_TILING_FLAGS,
	};

	return upstream_cs_parse[ring](&p);
}

int upstream_check(uint32_t *ib, uint32_t ndw, bool dma)
{
	struct radeon_device rdev = { .family = CHIP_CEDAR };

	/* Cedar: two pipes, four banks, 256-byte groups, 2 KiB rows */
	rdev.config.evergreen.tile_config = 0x1 | 0x0 << 4 | 0x0 << 8 | 0x1 << 12;
	return upstream_parse(&rdev, ib, ndw, dma ? UP_EG_DMA : UP_EG_GFX);
}

int upstream_check_r600(uint32_t *ib, uint32_t ndw, bool r700)
{
	struct radeon_device rdev = { .family = r700 ? CHIP_RV730 : CHIP_RV630 };

	/* the same fields on both: two pipes (RV630) or four (RV730), four banks */
	if (r700) {
		rdev.config.rv770.tiling_npipes = 4;
		rdev.config.rv770.tiling_nbanks = 4;
		rdev.config.rv770.tiling_group_size = 256;
	} else {
		rdev.config.r600.tiling_npipes = 2;
		rdev.config.r600.tiling_nbanks = 4;
		rdev.config.r600.tiling_group_size = 256;
	}
	return upstream_parse(&rdev, ib, ndw, UP_R600_GFX);
}
