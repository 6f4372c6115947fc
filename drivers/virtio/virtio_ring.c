// SPDX-License-Identifier: MIT
/*
 * Split virtqueues in the legacy layout: the descriptor table, then the
 * available ring, then (at the transport's alignment) the used ring, all
 * in one zeroed allocation. Polled only: the available ring's flags ask
 * the device never to interrupt, and nothing here waits.
 *
 * Index fields run free (u16, wrapping); the slot is the index modulo the
 * queue size. The device reads avail->idx and writes used->idx
 * concurrently with us, so those are accessed once each, through
 * volatile, with fences ordering them against the ring entries: an entry
 * is written before the index that publishes it, and the used index is
 * read before the entry it covers.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/virtio.h>
#include <asm/io.h>

size_t vring_size(unsigned int num, unsigned long align)
{
	size_t avail_end = sizeof(struct vring_desc) * num + sizeof(struct vring_avail) +
			   sizeof(u16) * (num + 1);	/* + used_event */

	return ALIGN(avail_end, (size_t)align) + sizeof(struct vring_used) +
	       sizeof(struct vring_used_elem) * num + sizeof(u16);	/* + avail_event */
}

int vring_alloc(struct virtqueue *vq, unsigned long align)
{
	unsigned int num = vq->num;
	size_t size;
	u8 *p;

	if (!num || num > VIRTQUEUE_MAX_NUM || num & (num - 1))
		return -EINVAL;
	size = vring_size(num, align);
	/* kmalloc aligns to 16 only: take enough to align the start by hand. */
	vq->mem = kmalloc(size + align - 1);
	if (!vq->mem)
		return -ENOMEM;
	p = (u8 *)ALIGN((uintptr_t)vq->mem, (uintptr_t)align);
	memset(p, 0, size);
	vq->desc = (struct vring_desc *)p;
	vq->avail = (struct vring_avail *)(p + sizeof(struct vring_desc) * num);
	vq->used = (struct vring_used *)(p + ALIGN(sizeof(struct vring_desc) * num +
		sizeof(struct vring_avail) + sizeof(u16) * (num + 1), (size_t)align));
	vq->avail->flags = VRING_AVAIL_F_NO_INTERRUPT;
	vq->avail_idx = 0;
	vq->last_used = 0;
	return 0;
}

void virtqueue_free(struct virtqueue *vq)
{
	kfree(vq->mem);
	vq->mem = NULL;
}

void virtqueue_set_desc(struct virtqueue *vq, u16 i, const void *buf, u32 len, u16 flags,
			u16 next)
{
	struct vring_desc *d = &vq->desc[i];

	d->addr = virt_to_phys(buf);
	d->len = len;
	d->flags = flags;
	d->next = next;
}

void virtqueue_add(struct virtqueue *vq, u16 head)
{
	vq->avail->ring[vq->avail_idx & (vq->num - 1)] = head;
	/* The descriptors and the slot before the index that publishes them. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	WRITE_ONCE(vq->avail->idx, ++vq->avail_idx);
}

void virtqueue_kick(struct virtqueue *vq)
{
	/* The published index before the device's flag we decide on. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (!(READ_ONCE(vq->used->flags) & VRING_USED_F_NO_NOTIFY))
		vq->vdev->ops->notify(vq);
}

int virtqueue_get_used(struct virtqueue *vq, u32 *len)
{
	struct vring_used_elem *e;

	if (READ_ONCE(vq->used->idx) == vq->last_used)
		return -ENOENT;
	/* The index before the entry it covers. */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	e = &vq->used->ring[vq->last_used & (vq->num - 1)];
	*len = READ_ONCE(e->len);
	vq->last_used++;
	return (int)(READ_ONCE(e->id) & 0xffff);
}
