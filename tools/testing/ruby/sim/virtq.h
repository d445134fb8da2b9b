/* SPDX-License-Identifier: GPL-2.0-only */
/* Split virtqueues, as the device side sees them in guest memory. */
#ifndef RUBY_SIM_VIRTQ_H
#define RUBY_SIM_VIRTQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VQ_DESC_F_NEXT		1
#define VQ_DESC_F_WRITE		2

struct vq_desc {
	uint64_t addr;
	uint32_t len;
	uint16_t flags;
	uint16_t next;
};

struct vq_mem_region {
	uint64_t guest_addr, size;
	uint8_t *host;
};

struct vq_mem {
	struct vq_mem_region region[8];
	unsigned int nr;
};

struct virtq {
	unsigned int num;
	uint64_t desc_addr, avail_addr, used_addr;
	struct vq_desc *desc;
	uint16_t *avail;	/* flags, idx, ring[num] */
	uint16_t *used;		/* flags, idx, then {u32 id, u32 len}[num] */
	uint16_t last_avail;
	bool enabled;
};

/* One request taken off a queue: its readable bytes, gathered, and where
 * the device may write its answer. */
struct vq_elem {
	uint16_t head;
	uint8_t *in;		/* device-readable bytes, gathered (malloc'd) */
	size_t in_len;
	uint8_t *out;		/* first device-writable buffer, or NULL */
	size_t out_len;
};

void *vq_translate(const struct vq_mem *mem, uint64_t addr, uint64_t len);
int vq_map(struct virtq *vq, const struct vq_mem *mem);
bool vq_has_work(const struct virtq *vq);
/* 1: got one, 0: queue empty, -1: malformed chain */
int vq_pop(struct virtq *vq, const struct vq_mem *mem, struct vq_elem *elem);
void vq_push(struct virtq *vq, const struct vq_elem *elem, uint32_t len);

#endif /* RUBY_SIM_VIRTQ_H */
