/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_SMP_H
#define _ASM_RISCV_SMP_H

#include <asm/csr.h>

/*
 * The CPU number lives in sscratch, set once per CPU at boot: the kernel
 * never runs in U-mode, so the trap entry has no use for it.
 */
static inline unsigned int smp_processor_id(void)
{
	return (unsigned int)csr_read(sscratch);
}

#endif
