// SPDX-License-Identifier: MIT
/*
 * From the ELF entry to start_kernel(): find the device tree, learn RAM
 * and the command line from it, switch the MMU on, then the generic
 * kernel. arch_setup() brings up the boot console, the GIC and PCI.
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <kernel/fdt.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/params.h>
#include <kernel/pci.h>
#include <kernel/printk.h>
#include <kernel/serial_pl011.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include <asm/processor.h>
#include <asm/setup.h>

/* The identity map covers one GiB of RAM (mm/mmu.c). */
#define ARM64_MAX_RAM	0x40000000UL

uintptr_t arm64_ram_base, arm64_ram_top;
const void *arm64_fdt;

/*
 * Per CPU, first thing in C: exception vectors, the CPU number, and the
 * debug state the debugger needs (OS Lock released, debug exceptions at
 * EL1 on, MDE for the breakpoint and watchpoint registers, PSTATE.D
 * clear); SError and FIQ unmasked for good (IRQs stay off until the
 * generic code enables them).
 */
void arm64_cpu_init(unsigned int cpu)
{
	write_sysreg(arm64_vectors, vbar_el1);
	write_sysreg(cpu, tpidr_el1);
	write_sysreg(0, oslar_el1);
	write_sysreg(MDSCR_KDE | MDSCR_MDE, mdscr_el1);
	isb();
	__asm__ __volatile__("msr daifclr, #0xd" : : : "memory");
}

/* QEMU puts the blob at the start of RAM for an ELF image and passes no
 * pointer; a Linux-style loader would pass it in x0. Accept x0 only when
 * it lies in RAM below the kernel, where such a loader puts it. */
static const void *find_fdt(uintptr_t x0)
{
	if (x0 >= VIRT_RAM_BASE && x0 < (uintptr_t)_stext && !(x0 & 7) &&
	    !fdt_check((const void *)x0))
		return (const void *)x0;
	if (!fdt_check((const void *)VIRT_RAM_BASE))
		return (const void *)VIRT_RAM_BASE;
	return NULL;
}

static void parse_fdt(const void *fdt)
{
	u64 base, size;

	if (!fdt_memory(fdt, &base, &size) && base == VIRT_RAM_BASE) {
		arm64_ram_base = base;
		arm64_ram_top = base + MIN(size, (u64)ARM64_MAX_RAM);
	}
	fdt_bootargs(fdt, boot_command_line, COMMAND_LINE_SIZE);
}

__noreturn void arm64_start_kernel(uintptr_t x0)
{
	arm64_cpu_init(0);
	arm64_fdt = find_fdt(x0);
	if (arm64_fdt) {
		parse_fdt(arm64_fdt);
		fdt_set_boot_blob(arm64_fdt);
	}
	if (!arm64_ram_top) {
		/* No device tree: QEMU's default 128 MiB. */
		arm64_ram_base = VIRT_RAM_BASE;
		arm64_ram_top = VIRT_RAM_BASE + 0x8000000UL;
	}
	arm64_mmu_init();
	arm64_mmu_enable();
	start_kernel();
}

void arch_setup(void)
{
	pl011_early_console_init();
	pr_info("aarch64: QEMU virt, device tree at %p, RAM 0x%lx-0x%lx, kernel 0x%lx-0x%lx\n",
		arm64_fdt, (unsigned long)arm64_ram_base, (unsigned long)arm64_ram_top,
		(unsigned long)_stext, (unsigned long)kallsyms_end);
	if (!arm64_fdt)
		pr_warn("aarch64: no device tree found: no command line, 128 MiB of RAM assumed\n");
	gic_dist_init();
	gic_cpu_init();
	/* No firmware assigns the PCI BARs or routes INTx: the drivers'
	 * devices (the pci-serial line, a NIC) need both. */
	pci_ecam_init((void *)VIRT_PCIE_ECAM, VIRT_PCIE_ECAM_SIZE);
	pci_assign_bars(VIRT_PCIE_IO_SIZE, VIRT_PCIE_MEM, VIRT_PCIE_MEM_SIZE);
	pci_intx_swizzle(VIRT_PCIE_INTX_IRQ);
}

void arch_heap_range(uintptr_t *start, uintptr_t *end)
{
	*start = ALIGN((uintptr_t)kallsyms_end, PAGE_SIZE);
	*end = arm64_ram_top;
}
