// SPDX-License-Identifier: MIT
/*
 * PCI configuration space through an ECAM window: PCI Express's
 * memory-mapped configuration, 4 KiB per function at bus << 20 |
 * devfn << 12. Host bridges such as QEMU virt's generic one offer
 * nothing else. The arch maps the window as device memory and hands it
 * over with pci_ecam_init() before any driver looks for devices; a bus
 * beyond the window reads as absent, as a missing function does.
 */
#include <kernel/pci.h>
#include <asm/io.h>

#define ECAM_BUS_SHIFT		20
#define ECAM_DEVFN_SHIFT	12

static u8 *ecam_base;
static unsigned int ecam_buses;

void pci_ecam_init(void *base, unsigned long size)
{
	ecam_base = base;
	ecam_buses = (unsigned int)(size >> ECAM_BUS_SHIFT);
}

static volatile void *ecam_addr(unsigned int bus, unsigned int devfn, unsigned int reg)
{
	if (!ecam_base || bus >= ecam_buses)
		return NULL;
	return ecam_base + ((unsigned long)bus << ECAM_BUS_SHIFT) +
	       ((unsigned long)devfn << ECAM_DEVFN_SHIFT) + reg;
}

u32 arch_pci_read_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			 unsigned int size)
{
	volatile void *addr = ecam_addr(bus, devfn, reg);

	if (!addr)
		return ~0U;
	if (size == 1)
		return readb(addr);
	if (size == 2)
		return readw(addr);
	return readl(addr);
}

void arch_pci_write_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			   unsigned int size, u32 val)
{
	volatile void *addr = ecam_addr(bus, devfn, reg);

	if (!addr)
		return;
	if (size == 1)
		writeb((u8)val, addr);
	else if (size == 2)
		writew((u16)val, addr);
	else
		writel(val, addr);
}
