// SPDX-License-Identifier: MIT
/*
 * BAR assignment for machines whose firmware assigns none (QEMU virt
 * booted without UEFI): every BAR of every function on the buses gets a
 * naturally aligned place in the host bridge's windows, in bus/slot/
 * function order, and decoding is switched on. Bridges are not
 * configured: virt's devices sit on the root bus.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/pci.h>
#include <kernel/printk.h>

#define PCI_BAR_IO		0x1
#define PCI_BAR_MEM_64		0x4
#define PCI_BAR_MEM_TYPE	0x6
#define PCI_HEADER_LAYOUT	0x7f
#define PCI_IO_FIRST		0x1000	/* below it are the legacy ISA ports */

struct pci_space {
	u64 next;
	u64 end;
};

struct pci_windows {
	struct pci_space io;
	struct pci_space mem;
	int err;
};

/* Write all ones and read back which address bits the BAR decodes. */
static u64 bar_size(const struct pci_dev *dev, unsigned int reg, u32 lo, bool wide)
{
	u64 mask;

	pci_write32(dev, reg, ~0U);
	mask = pci_read32(dev, reg);
	pci_write32(dev, reg, lo);
	mask &= lo & PCI_BAR_IO ? ~0x3ULL : ~0xfULL;
	if (!mask)
		return 0;
	if (lo & PCI_BAR_IO) {
		/* A 16-bit I/O decoder reads zeros above bit 15. */
		if (!(mask >> 16))
			mask |= 0xffff0000ULL;
		mask |= 0xffffffff00000000ULL;
	} else {
		if (wide) {
			u32 hi = pci_read32(dev, reg + 4);

			pci_write32(dev, reg + 4, ~0U);
			mask |= (u64)pci_read32(dev, reg + 4) << 32;
			pci_write32(dev, reg + 4, hi);
		} else {
			mask |= 0xffffffff00000000ULL;
		}
	}
	return ~mask + 1;
}

static bool place(struct pci_space *space, u64 size, u64 *addr)
{
	u64 at = ALIGN(space->next, size);

	if (at < space->next || at + size < at || at + size > space->end)
		return false;
	*addr = at;
	space->next = at + size;
	return true;
}

static int assign_dev(struct pci_dev *dev, void *arg)
{
	struct pci_windows *w = arg;
	u16 cmd = pci_read16(dev, PCI_COMMAND);
	u16 decode = 0;
	char name[16];

	if (pci_read8(dev, PCI_HEADER_TYPE) & PCI_HEADER_LAYOUT)
		return 0;
	pci_write16(dev, PCI_COMMAND, cmd & ~(PCI_COMMAND_IO | PCI_COMMAND_MEMORY));
	for (unsigned int bar = 0; bar < PCI_NUM_BARS; bar++) {
		unsigned int reg = PCI_BASE_ADDRESS_0 + bar * 4;
		u32 lo = pci_read32(dev, reg);
		bool io = lo & PCI_BAR_IO;
		bool wide = !io && (lo & PCI_BAR_MEM_TYPE) == PCI_BAR_MEM_64 &&
			    bar + 1 < PCI_NUM_BARS;
		u64 size = bar_size(dev, reg, lo, wide);
		u64 addr;

		if (size && place(io ? &w->io : &w->mem, size, &addr)) {
			pci_write32(dev, reg, (u32)addr | (lo & (io ? 0x3U : 0xfU)));
			if (wide)
				pci_write32(dev, reg + 4, (u32)(addr >> 32));
			decode |= io ? PCI_COMMAND_IO : PCI_COMMAND_MEMORY;
		} else if (size) {
			pci_name(dev, name, sizeof(name));
			pr_warn("pci %s: no room for BAR %u (%llu bytes)\n", name, bar,
				(unsigned long long)size);
			w->err = -ENOSPC;
		}
		if (wide)
			bar++;
	}
	pci_write16(dev, PCI_COMMAND, cmd | decode);
	return 0;
}

int pci_assign_bars(u64 io_size, u64 mem_base, u64 mem_size)
{
	struct pci_windows w = {
		.io = { PCI_IO_FIRST, io_size },
		.mem = { mem_base, mem_base + mem_size },
	};

	pci_for_each_dev(assign_dev, &w);
	return w.err;
}
