/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_SMP_H
#define _ASM_POWERPC_SMP_H

/*
 * Uniprocessor: this port brings up the boot CPU only (QEMU holds the
 * others in its spin table, see docs/powerpc.md), so the CPU number is 0.
 */
static inline unsigned int smp_processor_id(void)
{
	return 0;
}

#endif
