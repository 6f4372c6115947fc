// SPDX-License-Identifier: MIT
/*
 * The legacy virtio-mmio transport (version 1, as QEMU's arm virt board
 * offers by default): devices the boot device tree lists as "virtio,mmio",
 * in the tree's order. The board creates all its transports whether or
 * not a device sits behind one; an empty one reads DeviceID 0.
 *
 * Registers are little-endian. Queues are sized by the device's maximum,
 * laid out for 4 KiB pages (GuestPageSize, QueueAlign) and handed over as
 * a page number (QueuePFN). The interrupt is never acknowledged: queues
 * ask for none, and the interrupt line stays disabled.
 */
#include <kernel/byteorder.h>
#include <kernel/errno.h>
#include <kernel/fdt.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/virtio.h>
#include <asm/io.h>

#define VIRTIO_MMIO_MAGIC		0x74726976	/* "virt" */

#define VIRTIO_MMIO_MAGIC_VALUE		0x000
#define VIRTIO_MMIO_VERSION		0x004
#define VIRTIO_MMIO_DEVICE_ID		0x008
#define VIRTIO_MMIO_HOST_FEATURES	0x010
#define VIRTIO_MMIO_HOST_FEATURES_SEL	0x014
#define VIRTIO_MMIO_GUEST_FEATURES	0x020
#define VIRTIO_MMIO_GUEST_FEATURES_SEL	0x024
#define VIRTIO_MMIO_GUEST_PAGE_SIZE	0x028
#define VIRTIO_MMIO_QUEUE_SEL		0x030
#define VIRTIO_MMIO_QUEUE_NUM_MAX	0x034
#define VIRTIO_MMIO_QUEUE_NUM		0x038
#define VIRTIO_MMIO_QUEUE_ALIGN		0x03c
#define VIRTIO_MMIO_QUEUE_PFN		0x040
#define VIRTIO_MMIO_QUEUE_NOTIFY	0x050
#define VIRTIO_MMIO_INTERRUPT_STATUS	0x060
#define VIRTIO_MMIO_INTERRUPT_ACK	0x064
#define VIRTIO_MMIO_STATUS		0x070
#define VIRTIO_MMIO_CONFIG		0x100

/* A GIC "interrupts" specifier: <type number flags>, type 0 an SPI. */
#define GIC_SPI_TYPE			0
#define GIC_SPI_BASE			32

struct virtio_mmio {
	struct virtio_device vdev;
	u8 *base;
	int irq;			/* GIC interrupt ID, or -1: none known */
	void (*irq_fn)(struct virtio_device *vdev);
};

#define to_vm(v)	container_of(v, struct virtio_mmio, vdev)

static u32 vm_read(struct virtio_device *vdev, unsigned int reg)
{
	return le32_to_cpu(readl(to_vm(vdev)->base + reg));
}

static void vm_write(struct virtio_device *vdev, unsigned int reg, u32 val)
{
	writel(cpu_to_le32(val), to_vm(vdev)->base + reg);
}

static u8 vm_get_status(struct virtio_device *vdev)
{
	return (u8)vm_read(vdev, VIRTIO_MMIO_STATUS);
}

static void vm_set_status(struct virtio_device *vdev, u8 status)
{
	vm_write(vdev, VIRTIO_MMIO_STATUS, status);
}

static u32 vm_get_features(struct virtio_device *vdev)
{
	vm_write(vdev, VIRTIO_MMIO_HOST_FEATURES_SEL, 0);
	return vm_read(vdev, VIRTIO_MMIO_HOST_FEATURES);
}

static void vm_set_features(struct virtio_device *vdev, u32 features)
{
	vm_write(vdev, VIRTIO_MMIO_GUEST_FEATURES_SEL, 0);
	vm_write(vdev, VIRTIO_MMIO_GUEST_FEATURES, features);
}

static u8 vm_config_read8(struct virtio_device *vdev, unsigned int offset)
{
	return readb(to_vm(vdev)->base + VIRTIO_MMIO_CONFIG + offset);
}

static int vm_setup_vq(struct virtio_device *vdev, struct virtqueue *vq)
{
	u32 max;
	int ret;

	vm_write(vdev, VIRTIO_MMIO_QUEUE_SEL, vq->index);
	if (vm_read(vdev, VIRTIO_MMIO_QUEUE_PFN))
		return -EBUSY;
	max = vm_read(vdev, VIRTIO_MMIO_QUEUE_NUM_MAX);
	if (!max)
		return -ENOENT;
	/* The largest power of 2 both sides accept. */
	for (vq->num = VIRTQUEUE_MAX_NUM; vq->num > max; vq->num >>= 1)
		;
	ret = vring_alloc(vq, VIRTIO_LEGACY_PAGE);
	if (ret)
		return ret;
	vm_write(vdev, VIRTIO_MMIO_QUEUE_NUM, vq->num);
	vm_write(vdev, VIRTIO_MMIO_QUEUE_ALIGN, VIRTIO_LEGACY_PAGE);
	vm_write(vdev, VIRTIO_MMIO_QUEUE_PFN, (u32)(virt_to_phys(vq->desc) / VIRTIO_LEGACY_PAGE));
	return 0;
}

static void vm_notify(struct virtqueue *vq)
{
	vm_write(vq->vdev, VIRTIO_MMIO_QUEUE_NOTIFY, vq->index);
}

static void vm_interrupt(int irq, void *data)
{
	struct virtio_mmio *vm = data;
	u32 status = vm_read(&vm->vdev, VIRTIO_MMIO_INTERRUPT_STATUS);

	vm_write(&vm->vdev, VIRTIO_MMIO_INTERRUPT_ACK, status);
	if (status)
		vm->irq_fn(&vm->vdev);
}

static int vm_request_irq(struct virtio_device *vdev, void (*fn)(struct virtio_device *vdev))
{
	struct virtio_mmio *vm = to_vm(vdev);

	if (vm->irq < 0)
		return -ENODEV;
	vm->irq_fn = fn;
	return request_irq(vm->irq, vm_interrupt, vm);
}

static const struct virtio_config_ops vm_ops = {
	.get_status = vm_get_status,
	.set_status = vm_set_status,
	.get_features = vm_get_features,
	.set_features = vm_set_features,
	.config_read8 = vm_config_read8,
	.setup_vq = vm_setup_vq,
	.notify = vm_notify,
	.request_irq = vm_request_irq,
};

/* Whether the string list @list (@len bytes) holds @want. */
static bool has_string(const char *list, int len, const char *want)
{
	size_t n = strlen(want) + 1;

	while (len > 0) {
		size_t l = strnlen(list, (size_t)len) + 1;

		if (l == n && !memcmp(list, want, n))
			return true;
		list += l;
		len -= (int)l;
	}
	return false;
}

static int cells(const void *fdt, int node, const char *name, int dflt)
{
	const void *p = fdt_getprop(fdt, node, name, NULL);

	return p ? (int)fdt32_ld(p) : dflt;
}

/* The node's interrupt for request_irq(), or -1: a GIC SPI (three
 * cells) as its interrupt ID, a one-cell specifier (riscv's PLIC source)
 * as it is. */
static int vm_node_irq(const void *fdt, int node)
{
	const u8 *spec;
	int len;

	spec = fdt_getprop(fdt, node, "interrupts", &len);
	if (spec && len == 4)
		return fdt32_ld(spec) < 1024 ? (int)fdt32_ld(spec) : -1;
	if (!spec || len < 12 || fdt32_ld(spec) != GIC_SPI_TYPE || fdt32_ld(spec + 4) > 987)
		return -1;
	return GIC_SPI_BASE + (int)fdt32_ld(spec + 4);
}

/* One "virtio,mmio" node: a device of @drv's type behind it is probed. */
static bool vm_probe_node(const void *fdt, int node, int ac, int sc,
			  const struct virtio_driver *drv)
{
	const char *status = fdt_getprop(fdt, node, "status", NULL);
	const void *reg;
	struct virtio_mmio *vm;
	u64 addr;
	u8 *base;
	int len;

	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || sc < 0 || sc > 2 || len < (ac + sc) * 4 ||
	    (status && strcmp(status, "okay") && strcmp(status, "ok")))
		return false;
	addr = fdt_read_cells(reg, ac);
	if (addr > UINTPTR_MAX)
		return false;
	base = (u8 *)(uintptr_t)addr;
	if (le32_to_cpu(readl(base + VIRTIO_MMIO_MAGIC_VALUE)) != VIRTIO_MMIO_MAGIC ||
	    le32_to_cpu(readl(base + VIRTIO_MMIO_DEVICE_ID)) != drv->id)
		return false;
	if (le32_to_cpu(readl(base + VIRTIO_MMIO_VERSION)) != 1) {
		pr_warn("virtio-mmio at 0x%08llx: version %u, only legacy (1) is supported\n",
			(unsigned long long)addr, le32_to_cpu(readl(base + VIRTIO_MMIO_VERSION)));
		return false;
	}
	vm = kzalloc(sizeof(*vm));
	if (!vm)
		return false;
	vm->base = base;
	vm->irq = vm_node_irq(fdt, node);
	vm->vdev.id = drv->id;
	vm->vdev.ops = &vm_ops;
	snprintf(vm->vdev.where, sizeof(vm->vdev.where), "mmio 0x%08llx",
		 (unsigned long long)addr);
	vm_write(&vm->vdev, VIRTIO_MMIO_GUEST_PAGE_SIZE, VIRTIO_LEGACY_PAGE);
	if (virtio_probe_device(&vm->vdev, drv)) {
		kfree(vm);
		return false;
	}
	return true;
}

/* The transports among @parent's children, whose addresses are physical. */
static int vm_probe_children(const void *fdt, int parent, const struct virtio_driver *drv)
{
	int ac = cells(fdt, parent, "#address-cells", 2), sc = cells(fdt, parent, "#size-cells", 1);
	int node, len, found = 0;

	for (node = fdt_next_subnode(fdt, parent, -1); node >= 0;
	     node = fdt_next_subnode(fdt, parent, node)) {
		const char *compat = fdt_getprop(fdt, node, "compatible", &len);

		if (compat && has_string(compat, len, "virtio,mmio"))
			found += vm_probe_node(fdt, node, ac, sc, drv);
	}
	return found;
}

/* QEMU puts the transports at the root (arm virt) or in /soc (riscv
 * virt, whose bus maps 1:1). */
int virtio_mmio_probe_all(const struct virtio_driver *drv)
{
	const void *fdt = fdt_boot_blob();
	int soc, found;

	if (!fdt)
		return 0;
	found = vm_probe_children(fdt, 0, drv);
	soc = fdt_path_offset(fdt, "/soc");
	if (soc >= 0)
		found += vm_probe_children(fdt, soc, drv);
	return found;
}
