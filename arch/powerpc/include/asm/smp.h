/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_SMP_H
#define _ASM_POWERPC_SMP_H

#include <asm/reg.h>

/*
 * A CPU's number is its PIR, which QEMU's ppce500 sets to the CPU's index
 * (the device tree's reg): 0 for the boot CPU. One mfspr, no memory.
 */
static inline unsigned int smp_processor_id(void)
{
	return (unsigned int)mfspr(SPRN_PIR);
}

#endif
