/* SPDX-License-Identifier: MIT */
/*
 * PCI: configuration space and the devices on the buses (drivers/pci/).
 * BARs are read as the boot firmware left them; where there is no such
 * firmware the arch has them assigned once at boot (pci_assign_bars()).
 */
#ifndef _KERNEL_PCI_H
#define _KERNEL_PCI_H

#include <kernel/types.h>

/* Configuration space header (type 0) */
#define PCI_VENDOR_ID		0x00
#define PCI_DEVICE_ID		0x02
#define PCI_COMMAND		0x04
#define PCI_REVISION_ID		0x08	/* class code in the upper 24 bits */
#define PCI_HEADER_TYPE		0x0e
#define PCI_BASE_ADDRESS_0	0x10
#define PCI_SUBSYSTEM_ID	0x2e
#define PCI_INTERRUPT_LINE	0x3c	/* the line the firmware routed INTx to */
#define PCI_INTERRUPT_PIN	0x3d	/* 1-4: INTA-INTD; 0: none */

#define PCI_COMMAND_IO		0x0001
#define PCI_COMMAND_MEMORY	0x0002
#define PCI_COMMAND_MASTER	0x0004
#define PCI_COMMAND_INTX_DISABLE 0x0400

#define PCI_HEADER_MULTI	0x80	/* function 0 of a multi-function device */
#define PCI_NUM_BARS		6

#define PCI_DEVFN(slot, fn)	((u8)((slot) << 3 | (fn)))
#define PCI_SLOT(devfn)		((devfn) >> 3)
#define PCI_FUNC(devfn)		((devfn) & 7)

struct pci_dev {
	u8 bus;
	u8 devfn;
	u16 vendor;
	u16 device;
	u32 class;		/* base class, subclass, prog-if: 0x020000 is Ethernet */
};

#define PCI_CLASS_SERIAL_16550	0x070002	/* a 16550-compatible UART */

/* Where a BAR points, as the firmware assigned it. */
struct pci_bar {
	u64 base;
	bool io;		/* I/O space; otherwise memory */
	bool prefetch;		/* memory only */
};

u8 pci_read8(const struct pci_dev *dev, unsigned int reg);
u16 pci_read16(const struct pci_dev *dev, unsigned int reg);
u32 pci_read32(const struct pci_dev *dev, unsigned int reg);
void pci_write8(const struct pci_dev *dev, unsigned int reg, u8 val);
void pci_write16(const struct pci_dev *dev, unsigned int reg, u16 val);
void pci_write32(const struct pci_dev *dev, unsigned int reg, u32 val);

/*
 * Call @fn for every function on buses 0-255, in bus/slot/function order,
 * until it returns nonzero; returns that value (0 when all were seen).
 * @dev is valid during the call only.
 */
int pci_for_each_dev(int (*fn)(struct pci_dev *dev, void *arg), void *arg);

/* BAR @bar (0-5) into @out; -ENOENT when it is unassigned or the upper
 * half of a 64-bit BAR, -EINVAL when @bar is out of range. */
int pci_read_bar(const struct pci_dev *dev, unsigned int bar, struct pci_bar *out);

/* Set @bits (PCI_COMMAND_*) in the command register. */
void pci_set_command(const struct pci_dev *dev, u16 bits);

/*
 * The interrupt @dev's INTx pin raises, for request_irq(): on a host
 * bridge the arch described with pci_intx_swizzle(), its routing; else
 * the line the boot firmware wrote in the interrupt line register.
 * -ENODEV when the function has no pin or nothing routed it.
 */
int pci_irq(const struct pci_dev *dev);

/*
 * No firmware routed INTx (QEMU virt's generic host bridge, whose
 * interrupt-map swizzles): on the root bus, slot s's pin p (INTA = 0)
 * raises interrupt @inta + (s + p) % 4. Devices behind bridges get none.
 */
void pci_intx_swizzle(int inta);

/* "0000:00:03.0" into @buf (at least 13 bytes). */
void pci_name(const struct pci_dev *dev, char *buf, size_t size);

/*
 * CONFIG_PCI_ECAM: the configuration mechanism is the ECAM window the
 * arch mapped at @base (@size bytes, 1 MiB a bus). Call before any driver
 * looks for devices.
 */
void pci_ecam_init(void *base, unsigned long size);

/*
 * CONFIG_PCI_ASSIGN: place every BAR on the buses, naturally aligned, I/O
 * BARs from I/O address 0x1000 up to @io_size, memory BARs in the bus
 * addresses @mem_base..@mem_base + @mem_size, and switch decoding on.
 * -ENOSPC (and a warning) if some did not fit; they stay unassigned.
 */
int pci_assign_bars(u64 io_size, u64 mem_base, u64 mem_size);

/*
 * The arch's configuration mechanism (or CONFIG_PCI_ECAM's): @size is 1, 2 or 4 and @reg (0-255)
 * is aligned to it. A function that is not there reads as all ones.
 */
u32 arch_pci_read_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			 unsigned int size);
void arch_pci_write_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			   unsigned int size, u32 val);

#endif
