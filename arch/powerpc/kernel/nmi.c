// SPDX-License-Identifier: MIT
/*
 * The NMI stand-in: the critical input interrupt (IVOR0), which MSR[CE]
 * masks and MSR[EE] does not, raised by the MPIC through the CPU's MSI
 * (drivers/irqchip/mpic.c). It goes through the die chain as DIE_NMI:
 * panic's CPU stop and the debugger's roundup, which so reach a CPU that
 * spins with interrupts (EE) off.
 *
 * The critical class has its own save registers, but a base-class
 * interrupt's stub and prologue hold the interrupted state in SRR0/1 and
 * SPRG0/1, and its exit path has loaded SRR0/1, until rfi: a CPU held
 * there that gdb then steps or sends elsewhere would lose that state to
 * the next base-class interrupt. So an NMI landing there leaves its MSI
 * raised and returns with CE clear: the prologue sets CE again as it
 * ends (entry.S), the exit path's rfi loads the interrupted MSR, and the
 * NMI is taken again at once, outside.
 */
#include <kernel/die.h>
#include <kernel/mpic.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/setup.h>

static bool in_base_entry(uintptr_t pc)
{
	return (pc >= (uintptr_t)ppc_vectors && pc < (uintptr_t)ppc_vectors_end) ||
	       (pc >= (uintptr_t)ppc_entry_start && pc < (uintptr_t)ppc_entry_prologue_end) ||
	       (pc >= (uintptr_t)ppc_entry_exit && pc < (uintptr_t)ppc_crit_entry);
}

void ppc_do_nmi(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id();

	if (in_base_entry(regs->nip)) {
		regs->msr &= ~MSR_CE;
		return;
	}
	/* Lowered first: an NMI sent while this one is handled comes again. */
	mpic_nmi_ack(cpu);
	regs->msr &= ~MSR_WE;		/* woken from the idle doze: stay awake */
	if (notify_die(DIE_NMI, "NMI", regs, 0, IVOR_CRITICAL, 0) == NOTIFY_STOP)
		return;
	pr_emerg("NMI received on CPU %u\n", cpu);
}
