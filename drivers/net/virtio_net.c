// SPDX-License-Identifier: MIT
/*
 * virtio-net, polled: whole Ethernet frames in and out with interrupts
 * off, for netpoll users (kgdboe). Legacy interface only, negotiating
 * nothing but VIRTIO_NET_F_MAC: no checksum or segmentation offloads, no
 * mergeable receive buffers, one queue pair. Each frame travels behind
 * the 10-byte legacy virtio_net_hdr, in its own descriptor (the header
 * is a descriptor of its own too, since ANY_LAYOUT is not negotiated).
 *
 * Buffer i of a queue is the fixed chain of descriptors 2i (header) and
 * 2i + 1 (frame), written once at probe, so moving a buffer is one ring
 * slot. The receive queue is kept full: poll_rx copies the oldest used
 * buffer out and gives it straight back. xmit copies the frame into a
 * free transmit buffer, first reclaiming the ones the device has sent.
 *
 * Concurrency: poll_rx and xmit on one device must not overlap (the
 * timer tick and the debugger may both call them; the caller serializes,
 * and the driver takes no lock). A caller stopped inside poll_rx holds
 * at most one receive buffer out of the ring, between taking it from the
 * used ring and giving it back, which is a copy of one frame apart; one
 * stopped inside xmit holds one transmit buffer. The device keeps working
 * with the others meanwhile.
 *
 * The device interrupts only while a listener is set (set_rx_notify), and
 * only for used receive buffers: the listener hears that frames came and
 * polls them like anyone else.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/jiffies.h>
#include <kernel/netdev.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/virtio.h>

#define VIRTIO_NET_F_MAC	(1U << 5)	/* the MAC address is in the config */
#define VIRTIO_NET_CFG_MAC	0		/* its offset there */

#define VNET_RX_QUEUE		0
#define VNET_TX_QUEUE		1

/* Buffers per queue, if the queue has room (two descriptors each). */
#define VNET_RX_BUFS		32
#define VNET_TX_BUFS		16
/* Room for a VLAN tag too: a frame larger than the buffer would be lost. */
#define VNET_FRAME_MAX		(ETH_FRAME_LEN + 4)
#define ETH_ZLEN		60	/* shortest frame, FCS excluded */
/* How long xmit waits for the device to send something and free a buffer. */
#define VNET_TX_TIMEOUT_US	(100 * 1000)
#define VNET_TX_POLL_US		10

/* The legacy header: all zeroes (no offload) going out, ignored coming in. */
struct virtio_net_hdr {
	u8 flags;
	u8 gso_type;
	u16 hdr_len;
	u16 gso_size;
	u16 csum_start;
	u16 csum_offset;
};

struct vnet_buf {
	struct virtio_net_hdr hdr;
	u8 frame[VNET_FRAME_MAX];
};

struct virtio_net {
	struct net_device ndev;
	struct virtio_device *vdev;
	struct virtqueue rx, tx;
	unsigned int n_rx, n_tx;
	struct vnet_buf *rx_bufs, *tx_bufs;
	bool *tx_busy;			/* given to the device, not yet used */
	void (*rx_notify)(struct net_device *ndev);
	bool irq_requested;
};

/* The chain of buffer @i, header then frame; @write for receive buffers. */
static void vnet_init_chain(struct virtqueue *vq, unsigned int i, struct vnet_buf *b,
			    u32 frame_len, bool write)
{
	u16 w = write ? VRING_DESC_F_WRITE : 0;

	virtqueue_set_desc(vq, (u16)(2 * i), &b->hdr, sizeof(b->hdr), w | VRING_DESC_F_NEXT,
			   (u16)(2 * i + 1));
	virtqueue_set_desc(vq, (u16)(2 * i + 1), b->frame, frame_len, w, 0);
}

/* The buffer a used head names, or -1 if it is none of ours. */
static int vnet_buf_index(int head, unsigned int n)
{
	return head >= 0 && !(head & 1) && (unsigned int)head / 2 < n ? head / 2 : -1;
}

static int vnet_poll_rx(struct net_device *ndev, void *buf, size_t len)
{
	struct virtio_net *vn = ndev->priv;
	int head, i, ret;
	u32 used;

	while ((head = virtqueue_get_used(&vn->rx, &used)) != -ENOENT) {
		i = vnet_buf_index(head, vn->n_rx);
		if (i < 0)
			continue;	/* a device bug: nothing of ours to give back */
		if (used < sizeof(struct virtio_net_hdr) + ETH_HLEN) {
			ret = 0;	/* a runt: dropped */
		} else {
			size_t n = used - sizeof(struct virtio_net_hdr);

			if (n > VNET_FRAME_MAX)
				n = VNET_FRAME_MAX;
			if (n > len) {
				ret = -EMSGSIZE;
			} else {
				memcpy(buf, vn->rx_bufs[i].frame, n);
				ret = (int)n;
			}
		}
		virtqueue_add(&vn->rx, (u16)head);
		virtqueue_kick(&vn->rx);
		if (ret)
			return ret;
	}
	return 0;
}

/* Take back the transmit buffers the device has sent. */
static void vnet_reclaim_tx(struct virtio_net *vn)
{
	int head, i;
	u32 used;

	while ((head = virtqueue_get_used(&vn->tx, &used)) != -ENOENT) {
		i = vnet_buf_index(head, vn->n_tx);
		if (i >= 0)
			vn->tx_busy[i] = false;
	}
}

static int vnet_free_tx(struct virtio_net *vn)
{
	for (unsigned int i = 0; i < vn->n_tx; i++)
		if (!vn->tx_busy[i])
			return (int)i;
	return -EBUSY;
}

static int vnet_xmit(struct net_device *ndev, const void *frame, size_t len)
{
	struct virtio_net *vn = ndev->priv;
	unsigned long waited = 0;
	struct vnet_buf *b;
	size_t n;
	int i;

	if (len < ETH_HLEN)
		return -EINVAL;
	if (len > ETH_FRAME_LEN)
		return -EMSGSIZE;
	vnet_reclaim_tx(vn);
	while ((i = vnet_free_tx(vn)) < 0) {
		if (waited >= VNET_TX_TIMEOUT_US)
			return -ETIMEDOUT;
		udelay(VNET_TX_POLL_US);
		waited += VNET_TX_POLL_US;
		vnet_reclaim_tx(vn);
	}
	b = &vn->tx_bufs[i];
	memcpy(b->frame, frame, len);
	/* Padded as a NIC would: a bridge may drop a runt. */
	n = MAX(len, (size_t)ETH_ZLEN);
	memset(b->frame + len, 0, n - len);
	vn->tx.desc[2 * i + 1].len = (u32)n;
	vn->tx_busy[i] = true;
	virtqueue_add(&vn->tx, (u16)(2 * i));
	virtqueue_kick(&vn->tx);
	return 0;
}

static void vnet_interrupt(struct virtio_device *vdev)
{
	struct virtio_net *vn = vdev->priv;
	void (*fn)(struct net_device *ndev) = READ_ONCE(vn->rx_notify);

	if (fn)
		fn(&vn->ndev);
}

/* The device interrupts for used receive buffers only while someone listens. */
static int vnet_set_rx_notify(struct net_device *ndev, void (*fn)(struct net_device *ndev))
{
	struct virtio_net *vn = ndev->priv;
	int err;

	if (fn && !vn->irq_requested) {
		if (!vn->vdev->ops->request_irq)
			return -ENODEV;
		err = vn->vdev->ops->request_irq(vn->vdev, vnet_interrupt);
		if (err)
			return err;
		vn->irq_requested = true;
	}
	WRITE_ONCE(vn->rx_notify, fn);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	WRITE_ONCE(vn->rx.avail->flags, fn ? 0 : VRING_AVAIL_F_NO_INTERRUPT);
	return 0;
}

static const struct net_device_ops vnet_ops = {
	.poll_rx = vnet_poll_rx,
	.xmit = vnet_xmit,
	.set_rx_notify = vnet_set_rx_notify,
};

static void vnet_free(struct virtio_net *vn)
{
	virtqueue_free(&vn->rx);
	virtqueue_free(&vn->tx);
	kfree(vn->rx_bufs);
	kfree(vn->tx_bufs);
	kfree(vn->tx_busy);
	kfree(vn);
}

static int vnet_setup_queues(struct virtio_net *vn)
{
	int ret;

	ret = virtio_find_vq(vn->vdev, VNET_RX_QUEUE, &vn->rx);
	if (ret)
		return ret;
	ret = virtio_find_vq(vn->vdev, VNET_TX_QUEUE, &vn->tx);
	if (ret)
		return ret;
	vn->n_rx = MIN(vn->rx.num / 2, (unsigned int)VNET_RX_BUFS);
	vn->n_tx = MIN(vn->tx.num / 2, (unsigned int)VNET_TX_BUFS);
	vn->rx_bufs = kzalloc(sizeof(struct vnet_buf) * vn->n_rx);
	vn->tx_bufs = kzalloc(sizeof(struct vnet_buf) * vn->n_tx);
	vn->tx_busy = kzalloc(sizeof(bool) * vn->n_tx);
	if (!vn->rx_bufs || !vn->tx_bufs || !vn->tx_busy)
		return -ENOMEM;
	for (unsigned int i = 0; i < vn->n_rx; i++) {
		vnet_init_chain(&vn->rx, i, &vn->rx_bufs[i], VNET_FRAME_MAX, true);
		virtqueue_add(&vn->rx, (u16)(2 * i));
	}
	for (unsigned int i = 0; i < vn->n_tx; i++)
		vnet_init_chain(&vn->tx, i, &vn->tx_bufs[i], 0, false);
	return 0;
}

static int vnet_probe(struct virtio_device *vdev)
{
	struct virtio_net *vn;
	const u8 *m;
	int ret;

	if (!(vdev->ops->get_features(vdev) & VIRTIO_NET_F_MAC)) {
		pr_warn("virtio-net at %s: no MAC address offered, not used\n", vdev->where);
		return -ENODEV;
	}
	vdev->ops->set_features(vdev, VIRTIO_NET_F_MAC);
	vn = kzalloc(sizeof(*vn));
	if (!vn)
		return -ENOMEM;
	vn->vdev = vdev;
	ret = vnet_setup_queues(vn);
	if (ret) {
		pr_warn("virtio-net at %s: queues not set up: error %d\n", vdev->where, ret);
		virtio_reset(vdev);
		vnet_free(vn);
		return ret;
	}
	for (unsigned int i = 0; i < ETH_ALEN; i++)
		vn->ndev.mac[i] = vdev->ops->config_read8(vdev, VIRTIO_NET_CFG_MAC + i);
	vn->ndev.ops = &vnet_ops;
	vn->ndev.priv = vn;
	vdev->priv = vn;
	virtio_add_status(vdev, VIRTIO_STATUS_DRIVER_OK);
	/* The receive buffers were made available before the device was live. */
	virtqueue_kick(&vn->rx);
	netdev_register(&vn->ndev);
	m = vn->ndev.mac;
	pr_info("%s: virtio-net at %s, mac %02x:%02x:%02x:%02x:%02x:%02x\n", vn->ndev.name,
		vdev->where, m[0], m[1], m[2], m[3], m[4], m[5]);
	return 0;
}

static const struct virtio_driver virtio_net_driver = {
	.id = VIRTIO_ID_NET,
	.probe = vnet_probe,
};

static int virtio_net_init(void)
{
	virtio_register_driver(&virtio_net_driver);
	return 0;
}
device_initcall(virtio_net_init);
