// SPDX-License-Identifier: MIT
/*
 * PCI configuration space through the arch's accessors, and a walk over
 * the functions the boot firmware enumerated (SeaBIOS on x86 numbers the
 * buses, assigns the BARs and enables decoding before the kernel runs).
 * Drivers find their device by what it is (vendor and device ID, or
 * class) with pci_for_each_dev(), wherever it sits, read its BARs and
 * switch on what they use; nothing is assigned or moved here.
 */
#include <kernel/errno.h>
#include <kernel/pci.h>
#include <kernel/string.h>

#define PCI_BAR_IO		0x1
#define PCI_BAR_MEM_TYPE	0x6
#define PCI_BAR_MEM_64		0x4
#define PCI_BAR_PREFETCH	0x8
#define PCI_BAR_IO_MASK		(~0x3U)
#define PCI_BAR_MEM_MASK	(~0xfU)

#define PCI_BUSES		256
#define PCI_SLOTS		32
#define PCI_FUNCS		8
#define PCI_INTX_PINS		4

static int intx_swizzle_base = -1;	/* -1: the firmware's interrupt line */

u8 pci_read8(const struct pci_dev *dev, unsigned int reg)
{
	return (u8)arch_pci_read_config(dev->bus, dev->devfn, reg, 1);
}

u16 pci_read16(const struct pci_dev *dev, unsigned int reg)
{
	return (u16)arch_pci_read_config(dev->bus, dev->devfn, reg & ~1U, 2);
}

u32 pci_read32(const struct pci_dev *dev, unsigned int reg)
{
	return arch_pci_read_config(dev->bus, dev->devfn, reg & ~3U, 4);
}

void pci_write8(const struct pci_dev *dev, unsigned int reg, u8 val)
{
	arch_pci_write_config(dev->bus, dev->devfn, reg, 1, val);
}

void pci_write16(const struct pci_dev *dev, unsigned int reg, u16 val)
{
	arch_pci_write_config(dev->bus, dev->devfn, reg & ~1U, 2, val);
}

void pci_write32(const struct pci_dev *dev, unsigned int reg, u32 val)
{
	arch_pci_write_config(dev->bus, dev->devfn, reg & ~3U, 4, val);
}

/*
 * Every bus number is tried rather than following bridges: 8192 vendor
 * reads cost about a millisecond under QEMU, and nothing depends on how
 * the firmware numbered the buses.
 */
int pci_for_each_dev(int (*fn)(struct pci_dev *dev, void *arg), void *arg)
{
	struct pci_dev dev;
	int ret;

	for (unsigned int bus = 0; bus < PCI_BUSES; bus++) {
		for (unsigned int slot = 0; slot < PCI_SLOTS; slot++) {
			unsigned int nfn = 1;

			for (unsigned int f = 0; f < nfn; f++) {
				dev.bus = (u8)bus;
				dev.devfn = PCI_DEVFN(slot, f);
				dev.vendor = pci_read16(&dev, PCI_VENDOR_ID);
				if (dev.vendor == 0xffff || dev.vendor == 0)
					continue;
				if (f == 0 && pci_read8(&dev, PCI_HEADER_TYPE) & PCI_HEADER_MULTI)
					nfn = PCI_FUNCS;
				dev.device = pci_read16(&dev, PCI_DEVICE_ID);
				dev.class = pci_read32(&dev, PCI_REVISION_ID) >> 8;
				ret = fn(&dev, arg);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

int pci_read_bar(const struct pci_dev *dev, unsigned int bar, struct pci_bar *out)
{
	unsigned int reg = PCI_BASE_ADDRESS_0 + bar * 4;
	u32 lo;

	if (bar >= PCI_NUM_BARS)
		return -EINVAL;
	/* The upper half of a 64-bit BAR is no BAR of its own. */
	if (bar > 0) {
		u32 prev = pci_read32(dev, reg - 4);

		if (!(prev & PCI_BAR_IO) && (prev & PCI_BAR_MEM_TYPE) == PCI_BAR_MEM_64)
			return -ENOENT;
	}
	lo = pci_read32(dev, reg);
	memset(out, 0, sizeof(*out));
	if (lo & PCI_BAR_IO) {
		out->io = true;
		out->base = lo & PCI_BAR_IO_MASK;
	} else {
		out->base = lo & PCI_BAR_MEM_MASK;
		out->prefetch = lo & PCI_BAR_PREFETCH;
		if ((lo & PCI_BAR_MEM_TYPE) == PCI_BAR_MEM_64 && bar + 1 < PCI_NUM_BARS)
			out->base |= (u64)pci_read32(dev, reg + 4) << 32;
	}
	return out->base ? 0 : -ENOENT;
}

void pci_set_command(const struct pci_dev *dev, u16 bits)
{
	u16 cmd = pci_read16(dev, PCI_COMMAND);

	if ((cmd & bits) != bits)
		pci_write16(dev, PCI_COMMAND, cmd | bits);
}

void pci_intx_swizzle(int inta)
{
	intx_swizzle_base = inta;
}

int pci_irq(const struct pci_dev *dev)
{
	u8 pin = pci_read8(dev, PCI_INTERRUPT_PIN);
	u8 line;

	if (pin < 1 || pin > PCI_INTX_PINS)
		return -ENODEV;
	if (intx_swizzle_base >= 0) {
		if (dev->bus)
			return -ENODEV;
		return intx_swizzle_base + (int)((PCI_SLOT(dev->devfn) + pin - 1U) % PCI_INTX_PINS);
	}
	/* 0 and 0xff: the firmware routed no line. */
	line = pci_read8(dev, PCI_INTERRUPT_LINE);
	return line && line != 0xff ? line : -ENODEV;
}

void pci_name(const struct pci_dev *dev, char *buf, size_t size)
{
	snprintf(buf, size, "0000:%02x:%02x.%x", dev->bus, PCI_SLOT(dev->devfn),
		 PCI_FUNC(dev->devfn));
}
