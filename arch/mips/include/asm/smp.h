/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_SMP_H
#define _ASM_MIPS_SMP_H

/*
 * Uniprocessor: QEMU's malta runs one MIPS32 CPU for this kernel (other
 * CPUs of a -smp 24Kf are parked in head.S), so the CPU number is 0.
 */
static inline unsigned int smp_processor_id(void)
{
	return 0;
}

#endif
