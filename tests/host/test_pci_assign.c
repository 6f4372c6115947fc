// SPDX-License-Identifier: MIT
/* drivers/pci/assign.c: BAR placement on a fake configuration space; and
 * where pci_irq() says a function's INTx goes. */
#include "host_test.h"
#include <kernel/compiler.h>
#include <kernel/pci.h>
#include <kernel/printk.h>

#define MEM_BASE	0x40000000ULL
#define MEM_SIZE	0x00100000ULL
#define IO_SIZE		0x10000ULL

/* One function: its BARs' sizes and flag bits (0: not implemented). */
struct fake_fn {
	bool present;
	u8 header;
	u16 command;
	u32 size[PCI_NUM_BARS];
	u32 flags[PCI_NUM_BARS];
	u32 bar[PCI_NUM_BARS];		/* what was written, as the BAR keeps it */
	u8 line, pin;			/* interrupt line and pin registers */
};

static struct fake_fn fns[2][32];
static int warnings;

int printk(const char *fmt, ...)
{
	warnings++;
	return 0;
}

static struct fake_fn *fn_at(unsigned int bus, unsigned int devfn)
{
	if (bus >= ARRAY_SIZE(fns) || PCI_FUNC(devfn) || !fns[bus][PCI_SLOT(devfn)].present)
		return NULL;
	return &fns[bus][PCI_SLOT(devfn)];
}

/* A BAR decodes only the address bits above its size; the upper half of a
 * 64-bit BAR is the slot after it, sized 0 with flags 0 here. */
static u32 bar_read(const struct fake_fn *f, unsigned int i)
{
	if (i > 0 && (f->flags[i - 1] & 0x6) == 0x4 && !(f->flags[i - 1] & 1))
		return f->bar[i];
	if (!f->size[i])
		return 0;
	return (f->bar[i] & ~(f->size[i] - 1)) | f->flags[i];
}

u32 arch_pci_read_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			 unsigned int size)
{
	struct fake_fn *f = fn_at(bus, devfn);
	u32 v;

	if (!f)
		return ~0U;
	if (reg >= PCI_BASE_ADDRESS_0 && reg < PCI_BASE_ADDRESS_0 + 4 * PCI_NUM_BARS)
		return bar_read(f, (reg - PCI_BASE_ADDRESS_0) / 4);
	switch (reg & ~3U) {
	case PCI_VENDOR_ID:
		v = 0x1b36 | 0x0002U << 16;
		break;
	case PCI_COMMAND:
		v = f->command;
		break;
	case PCI_HEADER_TYPE & ~3U:
		v = (u32)f->header << 16;
		break;
	case PCI_INTERRUPT_LINE:
		v = f->line | (u32)f->pin << 8;
		break;
	default:
		v = 0;
	}
	return size == 4 ? v : (v >> (8 * (reg & 3))) & (size == 2 ? 0xffff : 0xff);
}

void arch_pci_write_config(unsigned int bus, unsigned int devfn, unsigned int reg,
			   unsigned int size, u32 val)
{
	struct fake_fn *f = fn_at(bus, devfn);

	if (!f)
		return;
	if (reg >= PCI_BASE_ADDRESS_0 && reg < PCI_BASE_ADDRESS_0 + 4 * PCI_NUM_BARS)
		f->bar[(reg - PCI_BASE_ADDRESS_0) / 4] = val;
	else if (reg == PCI_COMMAND)
		f->command = (u16)val;
}

static int setup(void **state)
{
	memset(fns, 0, sizeof(fns));
	warnings = 0;
	return 0;
}

static struct fake_fn *add(unsigned int bus, unsigned int slot)
{
	fns[bus][slot].present = true;
	return &fns[bus][slot];
}

/* QEMU's pci-serial on slot 1: its 8 I/O bytes at 0x1000, I/O decoding on. */
static void test_serial_io_bar(void **state)
{
	struct fake_fn *f = add(0, 1);

	f->size[0] = 8;
	f->flags[0] = 1;
	assert_int_equal(pci_assign_bars(IO_SIZE, MEM_BASE, MEM_SIZE), 0);
	assert_int_equal(bar_read(f, 0), 0x1001);
	assert_int_equal(f->command, PCI_COMMAND_IO);
	assert_int_equal(warnings, 0);
}

/* Each BAR naturally aligned after the one before, in slot order; a
 * 64-bit BAR gets both halves, and the one after it is a BAR again. */
static void test_alignment_and_order(void **state)
{
	struct fake_fn *a = add(0, 1), *b = add(0, 2), *c = add(1, 0);

	a->size[0] = 0x100; a->flags[0] = 0x8;		/* prefetchable memory */
	a->size[1] = 8; a->flags[1] = 1;
	a->size[2] = 0x40; a->flags[2] = 1;
	b->size[0] = 0x1000; b->flags[0] = 0x4;		/* 64-bit */
	b->size[2] = 0x200;
	c->size[5] = 0x10;
	assert_int_equal(pci_assign_bars(IO_SIZE, MEM_BASE, MEM_SIZE), 0);
	assert_int_equal(bar_read(a, 0), (u32)MEM_BASE | 0x8);
	assert_int_equal(bar_read(a, 1), 0x1001);
	assert_int_equal(bar_read(a, 2), 0x1041);
	assert_int_equal(bar_read(b, 0), ((u32)MEM_BASE + 0x1000) | 0x4);
	assert_int_equal(b->bar[1], 0);
	assert_int_equal(bar_read(b, 2), (u32)MEM_BASE + 0x2000);
	assert_int_equal(bar_read(c, 5), (u32)MEM_BASE + 0x2200);
	assert_int_equal(a->command, PCI_COMMAND_IO | PCI_COMMAND_MEMORY);
	assert_int_equal(b->command, PCI_COMMAND_MEMORY);
}

/* What does not fit stays unassigned, is reported, and its kind of
 * decoding stays off; the rest is placed. */
static void test_no_room(void **state)
{
	struct fake_fn *f = add(0, 3);

	f->size[0] = 2 * MEM_SIZE;
	f->size[1] = 8; f->flags[1] = 1;
	assert_int_equal(pci_assign_bars(IO_SIZE, MEM_BASE, MEM_SIZE), -ENOSPC);
	assert_int_equal(bar_read(f, 0), 0);
	assert_int_equal(bar_read(f, 1), 0x1001);
	assert_int_equal(f->command, PCI_COMMAND_IO);
	assert_int_equal(warnings, 1);
}

/* A bridge (header type 1) is left alone. */
static void test_bridge_untouched(void **state)
{
	struct fake_fn *f = add(0, 4);

	f->header = 1;
	f->size[0] = 0x1000;
	assert_int_equal(pci_assign_bars(IO_SIZE, MEM_BASE, MEM_SIZE), 0);
	assert_int_equal(f->bar[0], 0);
	assert_int_equal(f->command, 0);
}

/* Function 0 of @slot on @bus with interrupt @pin and @line: pci_irq(). */
static int irq_of(unsigned int bus, unsigned int slot, u8 pin, u8 line)
{
	struct fake_fn *f = add(bus, slot);
	struct pci_dev dev = { .bus = (u8)bus, .devfn = PCI_DEVFN(slot, 0) };

	f->pin = pin;
	f->line = line;
	return pci_irq(&dev);
}

/* Before any pci_intx_swizzle() (so it runs first): the line the firmware
 * wrote, where 0 and 0xff say it routed none; no pin, no interrupt. */
static void test_irq_from_firmware(void **state)
{
	assert_int_equal(irq_of(0, 3, 1, 11), 11);
	assert_int_equal(irq_of(0, 4, 1, 0xff), -ENODEV);
	assert_int_equal(irq_of(0, 5, 2, 0), -ENODEV);
	assert_int_equal(irq_of(1, 0, 0, 10), -ENODEV);
}

/* QEMU virt's interrupt-map: slot s's pin p (INTA = 0) to INTA + (s + p) % 4,
 * whatever the line register says; none behind a bridge. */
static void test_irq_swizzled(void **state)
{
	pci_intx_swizzle(35);
	assert_int_equal(irq_of(0, 1, 1, 0), 36);
	assert_int_equal(irq_of(0, 3, 1, 11), 38);
	assert_int_equal(irq_of(0, 3, 4, 0), 37);
	assert_int_equal(irq_of(0, 4, 1, 0), 35);
	assert_int_equal(irq_of(0, 6, 0, 0), -ENODEV);
	assert_int_equal(irq_of(1, 1, 1, 0), -ENODEV);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_serial_io_bar, setup),
		cmocka_unit_test_setup(test_alignment_and_order, setup),
		cmocka_unit_test_setup(test_no_room, setup),
		cmocka_unit_test_setup(test_bridge_untouched, setup),
		cmocka_unit_test_setup(test_irq_from_firmware, setup),
		cmocka_unit_test_setup(test_irq_swizzled, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
