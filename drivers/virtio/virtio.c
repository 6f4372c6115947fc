// SPDX-License-Identifier: MIT
/*
 * The virtio core: hands the devices the transports find to the driver of
 * their type, through the legacy status handshake (reset, ACKNOWLEDGE,
 * DRIVER; the driver negotiates, sets its queues up and sets DRIVER_OK).
 */
#include <kernel/errno.h>
#include <kernel/virtio.h>

int virtio_probe_device(struct virtio_device *vdev, const struct virtio_driver *drv)
{
	int ret;

	virtio_reset(vdev);
	virtio_add_status(vdev, VIRTIO_STATUS_ACKNOWLEDGE);
	virtio_add_status(vdev, VIRTIO_STATUS_DRIVER);
	ret = drv->probe(vdev);
	if (ret)
		virtio_add_status(vdev, VIRTIO_STATUS_FAILED);
	return ret;
}

int virtio_register_driver(const struct virtio_driver *drv)
{
	int found = 0;

#ifdef CONFIG_PCI
	found += virtio_pci_probe_all(drv);
#endif
#ifdef CONFIG_VIRTIO_MMIO
	found += virtio_mmio_probe_all(drv);
#endif
	return found;
}

int virtio_find_vq(struct virtio_device *vdev, unsigned int index, struct virtqueue *vq)
{
	vq->vdev = vdev;
	vq->index = index;
	return vdev->ops->setup_vq(vdev, vq);
}
