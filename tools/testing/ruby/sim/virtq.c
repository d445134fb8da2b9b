// SPDX-License-Identifier: GPL-2.0-only
/* Split virtqueue, device side. */
#include <stdlib.h>
#include <string.h>

#include "virtq.h"

void *vq_translate(const struct vq_mem *mem, uint64_t addr, uint64_t len)
{
	unsigned int i;

	for (i = 0; i < mem->nr; i++) {
		const struct vq_mem_region *r = &mem->region[i];

		if (addr >= r->guest_addr && addr - r->guest_addr <= r->size &&
		    len <= r->size - (addr - r->guest_addr))
			return r->host + (addr - r->guest_addr);
	}
	return NULL;
}

int vq_map(struct virtq *vq, const struct vq_mem *mem)
{
	size_t n = vq->num;

	vq->desc = vq_translate(mem, vq->desc_addr, n * sizeof(struct vq_desc));
	vq->avail = vq_translate(mem, vq->avail_addr, (3 + n) * sizeof(uint16_t));
	vq->used = vq_translate(mem, vq->used_addr, 6 + n * 8);
	return vq->desc && vq->avail && vq->used ? 0 : -1;
}

static uint16_t avail_idx(const struct virtq *vq)
{
	uint16_t idx = __atomic_load_n(&vq->avail[1], __ATOMIC_ACQUIRE);

	return idx;
}

bool vq_has_work(const struct virtq *vq)
{
	return vq->desc && vq->last_avail != avail_idx(vq);
}

int vq_pop(struct virtq *vq, const struct vq_mem *mem, struct vq_elem *elem)
{
	unsigned int hops = 0;
	uint16_t i;

	memset(elem, 0, sizeof(*elem));
	if (!vq_has_work(vq))
		return 0;
	elem->head = vq->avail[2 + vq->last_avail % vq->num];
	vq->last_avail++;
	if (elem->head >= vq->num)
		return -1;

	for (i = elem->head;; i = vq->desc[i].next) {
		const struct vq_desc *d = &vq->desc[i];
		uint8_t *p;

		if (i >= vq->num || ++hops > vq->num)
			goto bad;
		p = vq_translate(mem, d->addr, d->len);
		if (!p)
			goto bad;
		if (d->flags & VQ_DESC_F_WRITE) {
			if (!elem->out) {
				elem->out = p;
				elem->out_len = d->len;
			}
		} else {
			uint8_t *grown = realloc(elem->in, elem->in_len + d->len);

			if (!grown)
				goto bad;
			elem->in = grown;
			memcpy(elem->in + elem->in_len, p, d->len);
			elem->in_len += d->len;
		}
		if (!(d->flags & VQ_DESC_F_NEXT))
			break;
	}
	return 1;
bad:
	free(elem->in);
	elem->in = NULL;
	return -1;
}

void vq_push(struct virtq *vq, const struct vq_elem *elem, uint32_t len)
{
	uint16_t idx = vq->used[1];
	uint32_t *ring = (uint32_t *)&vq->used[2];

	ring[2 * (idx % vq->num)] = elem->head;
	ring[2 * (idx % vq->num) + 1] = len;
	__atomic_store_n(&vq->used[1], (uint16_t)(idx + 1), __ATOMIC_RELEASE);
}
