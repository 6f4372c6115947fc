// SPDX-License-Identifier: MIT
/*
 * Held CPUs sleep instead of spinning. A vCPU that spins takes a host core
 * away from the one that talks to gdb; in hlt it costs nothing. With
 * interrupts off only an NMI ends hlt, so the master kicks each CPU it
 * releases with one (hold_kick), and the held CPU lets NMIs in while it
 * waits (kgdb_hold_halt.S).
 */
#include <kernel/compiler.h>
#include <asm/desc.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

void x86_kgdb_hold_halt(const bool *release);
extern const char x86_kgdb_hold_window[], x86_kgdb_hold_hlt[];

#ifdef __x86_64__
static u8 spare_nmi_stacks[NR_CPUS][EXCEPTION_STACK_SIZE] __aligned(16);
static unsigned long other_nmi_stack[NR_CPUS];	/* top of the one not in use */

/*
 * Every NMI starts at the top of the CPU's NMI stack (its IST slot). A CPU
 * held inside an NMI handler has its frames there: before it lets NMIs
 * in, later NMIs go to its other NMI stack. The two swap roles each time.
 */
static void nmi_stack_switch(unsigned int cpu)
{
	unsigned long sp = (unsigned long)__builtin_frame_address(0);
	unsigned long top = x86_nmi_stack();

	if (!other_nmi_stack[cpu])
		other_nmi_stack[cpu] = (unsigned long)spare_nmi_stacks[cpu] + EXCEPTION_STACK_SIZE;
	if (sp < top && sp >= top - EXCEPTION_STACK_SIZE) {
		x86_set_nmi_stack(other_nmi_stack[cpu]);
		other_nmi_stack[cpu] = top;
	}
}
#else
/* i386 takes NMIs on the current stack: a nested one goes below ours. */
static void nmi_stack_switch(unsigned int cpu)
{
	(void)cpu;
}
#endif

void x86_kgdb_hold_wait(const bool *release)
{
	nmi_stack_switch(smp_processor_id());
	x86_kgdb_hold_halt(release);
}

void x86_kgdb_hold_kick(unsigned int cpu)
{
	smp_send_nmi(cpu);
}

/* A kick that lands between the release test and hlt resumes after hlt. */
void x86_kgdb_hold_woken(struct pt_regs *regs)
{
	uintptr_t ip = instruction_pointer(regs);

	if (ip >= (uintptr_t)x86_kgdb_hold_window && ip <= (uintptr_t)x86_kgdb_hold_hlt)
		instruction_pointer_set(regs, (uintptr_t)x86_kgdb_hold_hlt + 1);
}
