/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_SMP_H
#define _ASM_X86_SMP_H

#include <asm/percpu.h>

/* The CPU number x86_cpu_init() gave this CPU (0 for the boot CPU). */
static inline unsigned int smp_processor_id(void)
{
	unsigned int cpu;

	__asm__ __volatile__("movl " __percpu_seg "%c1, %0" : "=r"(cpu) : "i"(PERCPU_CPU));
	return cpu;
}

/*
 * Per-CPU setup, first thing in C on each CPU (boot CPU from the boot path,
 * APs from the SMP bring-up): this CPU's GDT, TSS (with its NMI and
 * double-fault stacks), IDT, and per-CPU base for smp_processor_id().
 */
void x86_cpu_init(unsigned int cpu);

#endif
