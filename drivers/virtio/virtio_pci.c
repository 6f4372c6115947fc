// SPDX-License-Identifier: MIT
/*
 * The legacy virtio PCI transport: the registers of a transitional device
 * (vendor 0x1af4, device 0x1000-0x103f; the virtio type is the subsystem
 * ID) in I/O BAR 0, wherever on the buses it sits. QEMU's default
 * virtio-*-pci devices are transitional, so this interface is there
 * without any option.
 *
 * MSI-X is never enabled, so the device-specific configuration starts at
 * offset 20. INTx stays disabled in the command register until a driver
 * asks for the interrupt: a line nobody acknowledges (reads ISR) must not
 * reach the CPU.
 */
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/pci.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/virtio.h>
#include <asm/io.h>

#define VIRTIO_PCI_VENDOR		0x1af4
#define VIRTIO_PCI_LEGACY_FIRST		0x1000
#define VIRTIO_PCI_LEGACY_LAST		0x103f

/* Legacy registers, offsets in BAR 0 */
#define VIRTIO_PCI_HOST_FEATURES	0x00	/* 32 */
#define VIRTIO_PCI_GUEST_FEATURES	0x04	/* 32 */
#define VIRTIO_PCI_QUEUE_PFN		0x08	/* 32: ring address / 4096 */
#define VIRTIO_PCI_QUEUE_NUM		0x0c	/* 16: the selected queue's size */
#define VIRTIO_PCI_QUEUE_SEL		0x0e	/* 16 */
#define VIRTIO_PCI_QUEUE_NOTIFY		0x10	/* 16 */
#define VIRTIO_PCI_STATUS		0x12	/* 8 */
#define VIRTIO_PCI_ISR			0x13	/* 8: reading clears it and the line */
#define VIRTIO_PCI_CONFIG		0x14	/* device config, without MSI-X */

struct virtio_pci {
	struct virtio_device vdev;
	struct pci_dev pdev;
	u16 io;				/* BAR 0 */
	int irq;			/* INTx's interrupt (pci_irq()), or -ENODEV */
	void (*irq_fn)(struct virtio_device *vdev);
};

#define to_vp(v)	container_of(v, struct virtio_pci, vdev)

static u8 vp_get_status(struct virtio_device *vdev)
{
	return inb(to_vp(vdev)->io + VIRTIO_PCI_STATUS);
}

static void vp_set_status(struct virtio_device *vdev, u8 status)
{
	outb(status, to_vp(vdev)->io + VIRTIO_PCI_STATUS);
}

static u32 vp_get_features(struct virtio_device *vdev)
{
	return inl(to_vp(vdev)->io + VIRTIO_PCI_HOST_FEATURES);
}

static void vp_set_features(struct virtio_device *vdev, u32 features)
{
	outl(features, to_vp(vdev)->io + VIRTIO_PCI_GUEST_FEATURES);
}

static u8 vp_config_read8(struct virtio_device *vdev, unsigned int offset)
{
	return inb((u16)(to_vp(vdev)->io + VIRTIO_PCI_CONFIG + offset));
}

/* The queue's size is the device's; the ring is laid out for 4 KiB pages. */
static int vp_setup_vq(struct virtio_device *vdev, struct virtqueue *vq)
{
	u16 io = to_vp(vdev)->io;
	int ret;

	outw((u16)vq->index, io + VIRTIO_PCI_QUEUE_SEL);
	vq->num = inw(io + VIRTIO_PCI_QUEUE_NUM);
	if (!vq->num || inl(io + VIRTIO_PCI_QUEUE_PFN))
		return -ENOENT;
	ret = vring_alloc(vq, VIRTIO_LEGACY_PAGE);
	if (ret)
		return ret;
	outl((u32)(virt_to_phys(vq->desc) / VIRTIO_LEGACY_PAGE), io + VIRTIO_PCI_QUEUE_PFN);
	return 0;
}

static void vp_notify(struct virtqueue *vq)
{
	outw((u16)vq->index, to_vp(vq->vdev)->io + VIRTIO_PCI_QUEUE_NOTIFY);
}

static void vp_interrupt(int irq, void *data)
{
	struct virtio_pci *vp = data;

	if (inb(vp->io + VIRTIO_PCI_ISR))
		vp->irq_fn(&vp->vdev);
}

static int vp_request_irq(struct virtio_device *vdev, void (*fn)(struct virtio_device *vdev))
{
	struct virtio_pci *vp = to_vp(vdev);
	int err;

	if (vp->irq < 0)
		return vp->irq;
	vp->irq_fn = fn;
	err = request_irq(vp->irq, vp_interrupt, vp);
	if (err)
		return err;
	inb(vp->io + VIRTIO_PCI_ISR);
	pci_write16(&vp->pdev, PCI_COMMAND,
		    pci_read16(&vp->pdev, PCI_COMMAND) & ~PCI_COMMAND_INTX_DISABLE);
	return 0;
}

static const struct virtio_config_ops vp_ops = {
	.get_status = vp_get_status,
	.set_status = vp_set_status,
	.get_features = vp_get_features,
	.set_features = vp_set_features,
	.config_read8 = vp_config_read8,
	.setup_vq = vp_setup_vq,
	.notify = vp_notify,
	.request_irq = vp_request_irq,
};

struct vp_scan {
	const struct virtio_driver *drv;
	int found;
};

static int vp_found(struct pci_dev *pdev, void *arg)
{
	struct vp_scan *scan = arg;
	struct virtio_pci *vp;
	struct pci_bar bar;
	char name[16];

	if (pdev->vendor != VIRTIO_PCI_VENDOR || pdev->device < VIRTIO_PCI_LEGACY_FIRST ||
	    pdev->device > VIRTIO_PCI_LEGACY_LAST ||
	    pci_read16(pdev, PCI_SUBSYSTEM_ID) != scan->drv->id)
		return 0;
	pci_name(pdev, name, sizeof(name));
	if (pci_read_bar(pdev, 0, &bar) || !bar.io || bar.base > 0xffff) {
		pr_warn("virtio-pci %s: no legacy I/O BAR 0\n", name);
		return 0;
	}
	vp = kzalloc(sizeof(*vp));
	if (!vp)
		return 0;
	vp->io = (u16)bar.base;
	vp->pdev = *pdev;
	vp->irq = pci_irq(pdev);
	vp->vdev.id = scan->drv->id;
	vp->vdev.ops = &vp_ops;
	snprintf(vp->vdev.where, sizeof(vp->vdev.where), "pci %s", name);
	/* The firmware (or pci_assign_bars()) enabled I/O decoding; make
	 * sure, and let it do DMA. */
	pci_set_command(pdev, PCI_COMMAND_IO | PCI_COMMAND_MASTER | PCI_COMMAND_INTX_DISABLE);
	if (virtio_probe_device(&vp->vdev, scan->drv))
		kfree(vp);
	else
		scan->found++;
	return 0;
}

int virtio_pci_probe_all(const struct virtio_driver *drv)
{
	struct vp_scan scan = { .drv = drv };

	pci_for_each_dev(vp_found, &scan);
	return scan.found;
}
