/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_DESC_H
#define _ASM_X86_DESC_H

/*
 * Segment selectors of the per-CPU GDT (arch/x86/kernel/gdt.c). The boot
 * code's temporary GDT uses the same code/data selectors.
 */
#define GDT_ENTRY_KERNEL_CS	1
#define GDT_ENTRY_KERNEL_DS	2
#define GDT_ENTRY_KERNEL32_CS	3	/* x86_64 only: 32-bit code, for boot paths */
#define GDT_ENTRY_PERCPU	3	/* i386 only: %fs, the per-CPU area */
#define GDT_ENTRY_TSS		4	/* x86_64: two slots */
#define GDT_ENTRY_DF_TSS	5	/* i386 only: the double-fault task */
#define GDT_ENTRIES		6

#define __KERNEL_CS	(GDT_ENTRY_KERNEL_CS * 8)
#define __KERNEL_DS	(GDT_ENTRY_KERNEL_DS * 8)
#define __KERNEL32_CS	(GDT_ENTRY_KERNEL32_CS * 8)
#define __PERCPU_SEG	(GDT_ENTRY_PERCPU * 8)
#define __TSS_SEL	(GDT_ENTRY_TSS * 8)
#define __DF_TSS_SEL	(GDT_ENTRY_DF_TSS * 8)

/* x86_64 IST slots (1-based as in the IDT gate) */
#define IST_NMI		1
#define IST_DF		2

#define EXCEPTION_STACK_SIZE	8192

#ifndef __ASSEMBLY__
#include <kernel/types.h>

struct desc_ptr {
	u16 limit;
	unsigned long base;
} __attribute__((__packed__));

/* Install this CPU's IDT (shared by all CPUs). */
void idt_load(void);
/* Build the IDT once, on the boot CPU. */
void idt_init(void);
#endif

#endif
