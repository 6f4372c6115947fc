// SPDX-License-Identifier: MIT
/*
 * From the boot protocol to start_kernel(): paging and the boot CPU's
 * descriptor tables come first, so that the generic kernel starts with
 * NULL pointers faulting, exceptions reported and smp_processor_id()
 * working. arch_setup() then brings up the boot console and the APICs.
 */
#include <kernel/arch.h>
#include <kernel/init.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/serial_8250.h>
#include <asm-generic/sections.h>
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/setup.h>
#include <asm/smp.h>

uintptr_t x86_ram_top;
static void *boot_rsdp;

void *x86_boot_rsdp(void)
{
	return boot_rsdp;
}

__noreturn void x86_start_kernel(uintptr_t ram_top, void *rsdp)
{
	x86_ram_top = ram_top;
	boot_rsdp = rsdp;
	x86_paging_init();
	x86_cpu_init(0);
	start_kernel();
}

void arch_setup(void)
{
	serial8250_early_console_init();
	pr_info("x86: %s, RAM up to 0x%lx, kernel 0x%lx-0x%lx\n",
#ifdef __x86_64__
		"x86_64 (PVH boot)",
#else
		"i386 (multiboot)",
#endif
		(unsigned long)x86_ram_top, (unsigned long)_stext, (unsigned long)kallsyms_end);
	x86_apic_init();
}

void arch_heap_range(uintptr_t *start, uintptr_t *end)
{
	*start = ALIGN((uintptr_t)kallsyms_end, PAGE_SIZE);
	*end = x86_ram_top;
}
