// SPDX-License-Identifier: MIT
/*
 * Held CPUs sleep instead of spinning. A vCPU that spins takes a host core
 * away from the one that talks to gdb; in hlt it costs nothing. With
 * interrupts off only an NMI ends hlt, so the master kicks each CPU it
 * releases with one (hold_kick), and the held CPU lets NMIs in while it
 * waits (kgdb_hold_halt.S, the hold_wait hook). NMIs stay on the
 * interrupted stack (idt.c), and one that nests in a hold returns without
 * iret (traps.c): the hold ends with NMIs blocked, as it began.
 */
#include <kernel/compiler.h>
#include <asm/desc.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

extern const char x86_kgdb_hold_hlt[];

void x86_kgdb_hold_kick(unsigned int cpu)
{
	smp_send_nmi(cpu);
}

/* An NMI that lands right before the hold's hlt resumes after it. */
void x86_kgdb_hold_woken(struct pt_regs *regs)
{
	if (instruction_pointer(regs) == (uintptr_t)x86_kgdb_hold_hlt)
		instruction_pointer_set(regs, (uintptr_t)x86_kgdb_hold_hlt + 1);
}
