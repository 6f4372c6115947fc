/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_TRAPS_H
#define _ASM_X86_TRAPS_H

/* CPU exception vectors */
#define X86_TRAP_DE	0	/* divide error */
#define X86_TRAP_DB	1	/* debug */
#define X86_TRAP_NMI	2
#define X86_TRAP_BP	3	/* int3 */
#define X86_TRAP_OF	4
#define X86_TRAP_BR	5
#define X86_TRAP_UD	6	/* invalid opcode */
#define X86_TRAP_NM	7
#define X86_TRAP_DF	8	/* double fault */
#define X86_TRAP_OLD_MF	9
#define X86_TRAP_TS	10
#define X86_TRAP_NP	11
#define X86_TRAP_SS	12
#define X86_TRAP_GP	13	/* general protection */
#define X86_TRAP_PF	14	/* page fault */
#define X86_TRAP_SPURIOUS 15
#define X86_TRAP_MF	16
#define X86_TRAP_AC	17
#define X86_TRAP_MC	18
#define X86_TRAP_XF	19
#define X86_TRAP_VE	20
#define X86_TRAP_CP	21

#define FIRST_EXTERNAL_VECTOR	32
#define NR_VECTORS		256

#ifndef __ASSEMBLY__
#include <kernel/types.h>

struct pt_regs;

/*
 * Handlers for vectors 32..255 (device interrupts, IPIs, the LAPIC timer).
 * They run with interrupts off between irq_enter() and irq_exit(); a LAPIC
 * source needs its EOI sent by the handler. On the way out, a kernel context
 * interrupted with IF set is preempted if need_resched().
 */
typedef void (*x86_vector_handler_t)(struct pt_regs *regs);
void x86_set_vector_handler(unsigned int vector, x86_vector_handler_t fn);

/*
 * Called from the entry code with the trap frame. True: return without
 * iret, which would let NMIs in while an NMI handler is still running.
 */
bool x86_handle_exception(struct pt_regs *regs);
void x86_handle_interrupt(struct pt_regs *regs);
#endif

#endif
