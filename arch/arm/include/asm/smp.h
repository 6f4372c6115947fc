/* SPDX-License-Identifier: MIT */
#ifndef _ASM_ARM_SMP_H
#define _ASM_ARM_SMP_H

/*
 * The CPU number lives in TPIDRPRW, the PL1-only software thread ID
 * register, set once per CPU by arm_cpu_init().
 */
static inline unsigned int smp_processor_id(void)
{
	unsigned int cpu;

	__asm__ __volatile__("mrc p15, 0, %0, c13, c0, 4" : "=r"(cpu));
	return cpu;
}

#endif
