/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_SMP_H
#define _ASM_MIPS_SMP_H

#include <asm/mipsregs.h>

/*
 * The CPU number is EBase.CPUNum: QEMU's malta gives each 24Kf its index
 * there, and the field is read-only (writing EBase keeps it). One mfc0,
 * no per-CPU register to set up or to lose.
 */
static inline unsigned int smp_processor_id(void)
{
	return (unsigned int)(read_c0(CP0_EBASE) & EBASE_CPUNUM);
}

#endif
