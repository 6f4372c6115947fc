// SPDX-License-Identifier: MIT
/* Instruction fetch after writing instructions (see <asm/cacheflush.h>). */
#include <kernel/types.h>
#include <asm/cacheflush.h>

/*
 * fence.i on this hart. The one writer of kernel text is the debugger,
 * with every other CPU held: each executes fence.i as it resumes (its
 * cpu.leave hook, arch/riscv/kernel/kgdb.c). An SBI remote fence.i
 * instead made each write take about a second under QEMU 7.2 and
 * OpenSBI 1.1 while the other harts were held.
 */
void flush_icache_range(unsigned long start, unsigned long end)
{
	__asm__ __volatile__("fence.i" : : : "memory");
}
