// SPDX-License-Identifier: MIT
/*
 * From OpenSBI's jump to start_kernel(): learn RAM, the command line and
 * the timebase from the device tree, switch the MMU on, then the generic
 * kernel. arch_setup() brings up the boot console and the PLIC.
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <kernel/fdt.h>
#include <kernel/init.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/serial_8250.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include <asm/csr.h>
#include <asm/processor.h>
#include <asm/setup.h>

/* The page table maps one GiB of RAM, and the kernel needs no more. */
#define RISCV_MAX_RAM	0x40000000UL
#define RISCV_DEFAULT_RAM 0x8000000UL	/* QEMU's default 128 MiB */

uintptr_t riscv_ram_top;
const void *riscv_fdt;
unsigned long riscv_hartid[NR_CPUS];

/* Per CPU, first thing in C: the trap vector and the CPU number. */
void riscv_cpu_init(unsigned int cpu)
{
	csr_write(stvec, (uintptr_t)riscv_trap_entry);
	csr_write(sscratch, cpu);
}

static void parse_fdt(const void *fdt)
{
	const void *p;
	u64 base, size;
	int node, len;

	if (!fdt_memory(fdt, &base, &size) && base == VIRT_RAM)
		riscv_ram_top = VIRT_RAM + MIN(size, (u64)RISCV_MAX_RAM);
	fdt_bootargs(fdt, boot_command_line, COMMAND_LINE_SIZE);
	node = fdt_path_offset(fdt, "/cpus");
	p = node >= 0 ? fdt_getprop(fdt, node, "timebase-frequency", &len) : NULL;
	if (p && len == 4)
		riscv_timebase = fdt32_ld(p);
}

__noreturn void riscv_start_kernel(unsigned long hartid, uintptr_t fdt)
{
	riscv_hartid[0] = hartid;
	riscv_cpu_init(0);
	if (!(fdt & 7) && !fdt_check((const void *)fdt)) {
		riscv_fdt = (const void *)fdt;
		parse_fdt(riscv_fdt);
		fdt_set_boot_blob(riscv_fdt);
	}
	if (!riscv_ram_top)
		riscv_ram_top = VIRT_RAM + RISCV_DEFAULT_RAM;
	riscv_mmu_init();
	riscv_mmu_enable();
	start_kernel();
}

void arch_setup(void)
{
	serial8250_early_console_init();
	pr_info("riscv: QEMU virt, hart %lu, device tree at %p, RAM 0x%lx-0x%lx, kernel 0x%lx-0x%lx\n",
		riscv_hartid[0], riscv_fdt, VIRT_RAM, (unsigned long)riscv_ram_top,
		(unsigned long)_stext, (unsigned long)kallsyms_end);
	if (!riscv_fdt)
		pr_warn("riscv: no device tree: no command line, 128 MiB of RAM assumed\n");
	plic_init();
	plic_cpu_init();
}

/* Up to the device tree, which OpenSBI put near the top of RAM. */
void arch_heap_range(uintptr_t *start, uintptr_t *end)
{
	uintptr_t fdt = (uintptr_t)riscv_fdt;

	*start = ALIGN((uintptr_t)kallsyms_end, PAGE_SIZE);
	*end = riscv_ram_top;
	if (fdt > *start && fdt < *end)
		*end = fdt & ~(PAGE_SIZE - 1);
}
