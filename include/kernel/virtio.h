/* SPDX-License-Identifier: MIT */
/*
 * Legacy virtio (the 0.9.5 interface that QEMU's transitional devices
 * keep): a device found by a transport (drivers/virtio/virtio_pci.c,
 * virtio_mmio.c), split virtqueues in guest memory (virtio_ring.c), and
 * drivers that claim devices by type. Everything is polled: a virtqueue
 * asks the device for no interrupts, and a transport enables its line
 * only when a driver asks for it (request_irq), to learn that a polled
 * queue has something without polling it.
 * Legacy rings and headers are in the guest's byte order.
 */
#ifndef _KERNEL_VIRTIO_H
#define _KERNEL_VIRTIO_H

#include <kernel/types.h>

/* Device types (the PCI subsystem ID, the MMIO DeviceID) */
#define VIRTIO_ID_NET			1

/* Device status bits, set by the driver in this order */
#define VIRTIO_STATUS_ACKNOWLEDGE	0x01
#define VIRTIO_STATUS_DRIVER		0x02
#define VIRTIO_STATUS_DRIVER_OK		0x04
#define VIRTIO_STATUS_FAILED		0x80

/* Descriptor flags */
#define VRING_DESC_F_NEXT		1	/* the chain goes on at .next */
#define VRING_DESC_F_WRITE		2	/* the device writes this buffer */
/* avail->flags: do not interrupt when a buffer is used */
#define VRING_AVAIL_F_NO_INTERRUPT	1
/* used->flags: the device does not need a notify to see new buffers */
#define VRING_USED_F_NO_NOTIFY		1

/* Legacy rings are laid out for pages of this size (QueuePFN units). */
#define VIRTIO_LEGACY_PAGE		4096
/* The largest queue this driver lays out (the device offers its size). */
#define VIRTQUEUE_MAX_NUM		1024

struct vring_desc {
	u64 addr;			/* guest physical */
	u32 len;
	u16 flags;
	u16 next;
};

struct vring_avail {
	u16 flags;
	u16 idx;			/* where the driver puts the next entry */
	u16 ring[];
};

struct vring_used_elem {
	u32 id;				/* head of the chain the device used */
	u32 len;			/* bytes it wrote into the chain */
};

struct vring_used {
	u16 flags;
	u16 idx;
	struct vring_used_elem ring[];
};

struct virtio_device;

struct virtqueue {
	struct virtio_device *vdev;
	unsigned int index;		/* the queue's number on its device */
	unsigned int num;		/* entries, a power of 2 */
	struct vring_desc *desc;
	struct vring_avail *avail;
	struct vring_used *used;
	u16 avail_idx;			/* avail->idx as last published */
	u16 last_used;			/* used entries consumed so far */
	void *mem;			/* the ring's allocation */
};

/* What a transport does for the core and the drivers. */
struct virtio_config_ops {
	u8 (*get_status)(struct virtio_device *vdev);
	void (*set_status)(struct virtio_device *vdev, u8 status);	/* 0 resets */
	u32 (*get_features)(struct virtio_device *vdev);	/* the device's, bits 0-31 */
	void (*set_features)(struct virtio_device *vdev, u32 features);
	u8 (*config_read8)(struct virtio_device *vdev, unsigned int offset);
	/* Size queue vq->index, lay out its ring and give it to the device. */
	int (*setup_vq)(struct virtio_device *vdev, struct virtqueue *vq);
	void (*notify)(struct virtqueue *vq);
	/*
	 * Route the device's interrupt to @fn (interrupt context), which the
	 * transport acknowledges, and let the device raise it. 0, or -ENODEV
	 * when there is no line this kernel can take. Normal context, once.
	 */
	int (*request_irq)(struct virtio_device *vdev, void (*fn)(struct virtio_device *vdev));
};

struct virtio_device {
	u32 id;				/* VIRTIO_ID_* */
	char where[24];			/* "pci 0000:00:03.0", "mmio 0x0a003e00" */
	const struct virtio_config_ops *ops;
	void *priv;			/* the driver's */
};

struct virtio_driver {
	u32 id;				/* the device type it drives */
	/*
	 * Called with the device reset and ACKNOWLEDGE | DRIVER set; returns
	 * 0 once it has set DRIVER_OK and keeps the device, or -errno after
	 * resetting it and freeing its queues (the core then marks the
	 * device FAILED and the transport forgets it).
	 */
	int (*probe)(struct virtio_device *vdev);
};

/*
 * Offer every device of @drv's type that a transport finds to @drv
 * (once, at device_initcall). Returns how many it took.
 */
int virtio_register_driver(const struct virtio_driver *drv);

/* The transports' halves of it (for virtio.c): devices probed. */
int virtio_pci_probe_all(const struct virtio_driver *drv);
int virtio_mmio_probe_all(const struct virtio_driver *drv);
/* Reset, ACKNOWLEDGE | DRIVER, @drv->probe, FAILED on error (for transports). */
int virtio_probe_device(struct virtio_device *vdev, const struct virtio_driver *drv);

static inline void virtio_add_status(struct virtio_device *vdev, u8 bits)
{
	vdev->ops->set_status(vdev, vdev->ops->get_status(vdev) | bits);
}

static inline void virtio_reset(struct virtio_device *vdev)
{
	vdev->ops->set_status(vdev, 0);
}

/* Set up queue @index of @vdev into @vq (ring memory from the heap). */
int virtio_find_vq(struct virtio_device *vdev, unsigned int index, struct virtqueue *vq);
/* Free the ring of a queue the device no longer uses (after a reset). */
void virtqueue_free(struct virtqueue *vq);

/*
 * The split ring (virtio_ring.c). Polled and not reentrant: calls on one
 * queue must not overlap, the caller serializes them.
 */
/* Bytes a ring of @num entries takes, the used ring at @align. */
size_t vring_size(unsigned int num, unsigned long align);
/* Allocate and lay out vq->num entries at @align (for transports). */
int vring_alloc(struct virtqueue *vq, unsigned long align);
/* Fill descriptor @i (the queue's own, not yet given to the device). */
void virtqueue_set_desc(struct virtqueue *vq, u16 i, const void *buf, u32 len, u16 flags,
			u16 next);
/* Make the chain starting at descriptor @head available to the device. */
void virtqueue_add(struct virtqueue *vq, u16 head);
/* Tell the device about new buffers, unless it said it needs no telling. */
void virtqueue_kick(struct virtqueue *vq);
/* The head of the oldest chain the device has used, with the bytes it
 * wrote in *@len; -ENOENT when there is none. */
int virtqueue_get_used(struct virtqueue *vq, u32 *len);

#endif
