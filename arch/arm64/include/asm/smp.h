/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM64_SMP_H
#define _ASM_ARM64_SMP_H

/* The CPU number lives in TPIDR_EL1, set once per CPU by arm64_cpu_init(). */
static inline unsigned int smp_processor_id(void)
{
	unsigned long cpu;

	__asm__ __volatile__("mrs %0, tpidr_el1" : "=r"(cpu));
	return (unsigned int)cpu;
}

#endif
