/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_ARCH_H
#define _KERNEL_ARCH_H

/*
 * What the generic kernel needs from each architecture, besides the
 * <asm/...> headers (context.h, irqflags.h, processor.h, ptrace.h, smp.h,
 * bug.h, io.h). Implemented in arch/<arch>/.
 */

#include <kernel/types.h>
#include <kernel/compiler.h>

struct pt_regs;
struct printer;

/* Called first by start_kernel(): traps, memory, early console, interrupt
 * controller. boot_command_line is already filled in. */
void arch_setup(void);
/* After the scheduler is ready: start the timer on the boot CPU. */
void arch_timer_init(void);
/* Bring up the other CPUs (each ends in cpu_idle_loop()). */
void arch_smp_init(void);

/* The heap for kmalloc: [*start, *end). */
void arch_heap_range(uintptr_t *start, uintptr_t *end);

/* Print the registers of a trap frame, and a backtrace starting from it
 * (or from the caller when @regs is NULL). */
void show_regs(struct printer *p, struct pt_regs *regs);
void show_backtrace(struct printer *p, struct pt_regs *regs);

/* Stop this CPU for good (interrupts off, halted), and whole-machine ops. */
__noreturn void arch_cpu_halt(void);
__noreturn void machine_restart(void);
__noreturn void machine_halt(void);

/* A per-CPU report line for the "cpus" shell command. */
void arch_cpu_describe(struct printer *p, unsigned int cpu);

/* Shell "crash" triggers that need arch help. */
void arch_crash_irq_oops(void);		/* oops from inside an interrupt handler */
void arch_crash_invalid_opcode(void);	/* execute an instruction the CPU does not know */
/* kernel/crash.c: the oops itself, the handler arch_crash_irq_oops() raises */
void crash_in_irq_handler(struct pt_regs *regs);

#endif
