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
#define IST_DF		1

#define EXCEPTION_STACK_SIZE	8192

#ifndef __ASSEMBLY__
#include <kernel/types.h>

struct desc_ptr {
	u16 limit;
	unsigned long base;
} __attribute__((__packed__));

#ifndef __x86_64__
/* A 32-bit TSS: i386 switches to a separate task on a double fault, so
 * that a kernel stack overflow is reported instead of resetting the CPU. */
struct tss32 {
	u16 link, reserved0;
	u32 esp0;
	u16 ss0, reserved1;
	u32 esp1;
	u16 ss1, reserved2;
	u32 esp2;
	u16 ss2, reserved3;
	u32 cr3, eip, eflags, eax, ecx, edx, ebx, esp, ebp, esi, edi;
	u16 es, reserved4, cs, reserved5, ss, reserved6, ds, reserved7;
	u16 fs, reserved8, gs, reserved9, ldt, reserved10;
	u16 trap, iomap_base;
} __attribute__((__packed__));

/* This CPU's main TSS: where the switch to the double-fault task saved the
 * state at the fault. */
struct tss32 *x86_cpu_tss(unsigned int cpu);
/* The double-fault task's code (arch/x86/kernel/doublefault_32.c). */
void x86_double_fault_task(void);
#endif

/* Install this CPU's IDT (shared by all CPUs). */
void idt_load(void);
/* Build the IDT once, on the boot CPU. */
void idt_init(void);
#endif

#endif
