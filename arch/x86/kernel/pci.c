// SPDX-License-Identifier: MIT
/*
 * PCI configuration mechanism #1: the function and register go to the
 * address port 0xcf8, the data moves through the four bytes at 0xcfc.
 * The address/data pair is one shared resource, so a lock keeps another
 * CPU from moving the address between the two accesses; drivers touch
 * configuration space only while probing, never from a polled path that
 * could run while a stopped CPU holds the lock.
 */
#include <kernel/pci.h>
#include <kernel/spinlock.h>
#include <asm/io.h>

#define PCI_CONF_ADDR		0xcf8
#define PCI_CONF_DATA		0xcfc
#define PCI_CONF_ENABLE		0x80000000U

static DEFINE_SPINLOCK(pci_conf_lock);

static void select_reg(unsigned int bus, unsigned int devfn, unsigned int reg)
{
	outl(PCI_CONF_ENABLE | (bus & 0xff) << 16 | (devfn & 0xff) << 8 | (reg & 0xfc),
	     PCI_CONF_ADDR);
}

u32 arch_pci_read_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			 unsigned int size)
{
	u16 port = (u16)(PCI_CONF_DATA + (reg & 3));
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&pci_conf_lock, flags);
	select_reg(bus, devfn, reg);
	if (size == 1)
		val = inb(port);
	else if (size == 2)
		val = inw(port);
	else
		val = inl(port);
	spin_unlock_irqrestore(&pci_conf_lock, flags);
	return val;
}

void arch_pci_write_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			   unsigned int size, u32 val)
{
	u16 port = (u16)(PCI_CONF_DATA + (reg & 3));
	unsigned long flags;

	spin_lock_irqsave(&pci_conf_lock, flags);
	select_reg(bus, devfn, reg);
	if (size == 1)
		outb((u8)val, port);
	else if (size == 2)
		outw((u16)val, port);
	else
		outl(val, port);
	spin_unlock_irqrestore(&pci_conf_lock, flags);
}
