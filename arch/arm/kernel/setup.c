// SPDX-License-Identifier: MIT
/*
 * From the ELF entry to start_kernel(): find the device tree, learn RAM
 * and the command line from it, switch the MMU on, then the generic
 * kernel. arch_setup() brings up the boot console and the GIC.
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <kernel/fdt.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/serial_pl011.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include <asm/processor.h>
#include <asm/setup.h>

/* The identity map covers 32-bit addresses only, and the kernel needs
 * no more than this for its heap. */
#define ARM_MAX_RAM	0x40000000UL

uintptr_t arm_ram_base, arm_ram_top;
const void *arm_fdt;

/* Per CPU, first thing in C: exception vectors, the CPU number, and FIQ
 * and asynchronous aborts unmasked for good (IRQs stay off until the
 * generic code enables them). */
void arm_cpu_init(unsigned int cpu)
{
	cp15_write(CP15_VBAR, (uintptr_t)arm_vectors);
	cp15_write(CP15_TPIDRPRW, cpu);
	isb();
	__asm__ __volatile__("cpsie af" : : : "memory");
}

/* QEMU puts the blob at the start of RAM for an ELF image and passes no
 * pointer; a Linux-style loader would pass it in r2. Accept r2 only when
 * it lies in RAM below the kernel, where such a loader puts it. */
static const void *find_fdt(uintptr_t r2)
{
	if (r2 >= VIRT_DTB_DEFAULT && r2 < (uintptr_t)_stext && !(r2 & 7) &&
	    !fdt_check((const void *)r2))
		return (const void *)r2;
	if (!fdt_check((const void *)VIRT_DTB_DEFAULT))
		return (const void *)VIRT_DTB_DEFAULT;
	return NULL;
}

static void parse_fdt(const void *fdt)
{
	u64 base, size;

	if (!fdt_memory(fdt, &base, &size)) {
		size = MIN(size, (u64)ARM_MAX_RAM);
		if (base + size <= 0x100000000ULL) {
			arm_ram_base = (uintptr_t)base;
			arm_ram_top = (uintptr_t)(base + size);
		}
	}
	fdt_bootargs(fdt, boot_command_line, COMMAND_LINE_SIZE);
}

__noreturn void arm_start_kernel(uintptr_t r2)
{
	arm_cpu_init(0);
	arm_fdt = find_fdt(r2);
	if (arm_fdt) {
		parse_fdt(arm_fdt);
		fdt_set_boot_blob(arm_fdt);
	}
	if (!arm_ram_top) {
		/* No device tree: QEMU's default 128 MiB. */
		arm_ram_base = VIRT_DTB_DEFAULT;
		arm_ram_top = VIRT_DTB_DEFAULT + 0x8000000UL;
	}
	arm_mmu_init();
	arm_mmu_enable();
	start_kernel();
}

void arch_setup(void)
{
	pl011_early_console_init();
	pr_info("arm: QEMU virt, device tree at %p, RAM 0x%lx-0x%lx, kernel 0x%lx-0x%lx\n",
		arm_fdt, (unsigned long)arm_ram_base, (unsigned long)arm_ram_top,
		(unsigned long)_stext, (unsigned long)kallsyms_end);
	if (!arm_fdt)
		pr_warn("arm: no device tree found: no command line, 128 MiB of RAM assumed\n");
	gic_dist_init();
	gic_cpu_init();
}

void arch_heap_range(uintptr_t *start, uintptr_t *end)
{
	*start = ALIGN((uintptr_t)kallsyms_end, PAGE_SIZE);
	*end = arm_ram_top;
}
