/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_SETUP_H
#define _ASM_X86_SETUP_H

#include <kernel/types.h>
#include <kernel/compiler.h>

/* RAM is mapped and usable from 1 MiB up to here (at most 1 GiB). */
#define X86_MAX_RAM	0x40000000UL
extern uintptr_t x86_ram_top;

/* The kernel page table root (CR3 value), for the APs' trampoline. */
extern uintptr_t x86_boot_cr3;

/* ACPI RSDP physical address from the boot protocol, or NULL. */
void *x86_boot_rsdp(void);

/*
 * The boot-protocol parsers (arch/x86/boot/) fill boot_command_line and
 * call this with what they learnt; it sets up paging and the boot CPU,
 * then calls start_kernel().
 */
__noreturn void x86_start_kernel(uintptr_t ram_top, void *rsdp);

void x86_paging_init(void);

/* halt.S: one hlt, interrupts off, until an NMI unless *@wake is set, and
 * where an NMI must not leave it (the debugger's hold window). */
void x86_halt_nmi(const bool *wake, bool nmis_blocked);
extern const char x86_halt_nmi_window[], x86_halt_nmi_window_end[];

#ifdef CONFIG_KGDB
/* time.c: the debugger's nap (kgdb_arch.idle), ended by an NMI from PIT
 * channel 0, and whether an NMI no one claimed is the one that ends it. */
void x86_timer_nap(unsigned int us);
bool x86_timer_nap_nmi(void);
#else
static inline bool x86_timer_nap_nmi(void)
{
	return false;
}
#endif

#endif
