/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_SETUP_H
#define _ASM_MIPS_SETUP_H

#include <kernel/types.h>
#include <kernel/compiler.h>

struct pt_regs;

/*
 * QEMU's malta: RAM from physical 0 (the boot stub's a3 gives its size,
 * at most 256 MiB below the I/O hole), the ISA bus at KSEG1 0xb8000000
 * (<asm/io.h>), the board registers at 0x1f000000.
 */
#define MALTA_SOFTRES		0xbf000500UL	/* write 0x42: board reset */
#define MALTA_SOFTRES_RESET	0x42
#define MALTA_MAX_RAM		0x10000000UL

/* RAM: KSEG0 addresses [KSEG0, mips_ram_top). */
extern uintptr_t mips_ram_top;

/* Boot path (arch/mips/kernel/head.S calls mips_start_kernel). */
__noreturn void mips_start_kernel(long argc, const char *const *argv, const void *envp,
				  unsigned long memsize);
void mips_tlb_init(void);		/* every TLB entry invalid, unique */
/* This CPU's EBase, Status (interrupts off, lines @irqs unmasked), Cause. */
void mips_cpu_init(unsigned long irqs);

/* Secondary CPUs (head.S parks them, smp.c releases them): each marks its
 * byte in mips_cpu_present, then waits for its number in
 * mips_release_cpu and starts at mips_secondary_start() on the stack
 * mips_release_sp holds. */
extern volatile unsigned int mips_release_cpu;
extern volatile uintptr_t mips_release_sp;
extern volatile u8 mips_cpu_present[];
__noreturn void mips_secondary_start(unsigned int cpu);

/* Exception entry (entry.S): the vectors page EBase points at, the
 * common code, and the C side. */
extern char mips_vectors[];
extern char mips_entry_common[], mips_entry_common_end[];
void mips_do_exception(struct pt_regs *regs);
void mips_do_irq(struct pt_regs *regs);
void mips_do_fault(struct pt_regs *regs, unsigned int exccode);

/* The instruction an exception reports: EPC, or the delay slot after it
 * when Cause.BD says the branch at EPC was not the faulting one. */
unsigned long exception_pc(const struct pt_regs *regs);

/* The idle wait window (idle.S), rolled past by an interrupt. */
extern char mips_idle_wait[], mips_idle_end[];

/* Interrupts (irq.c): the i8259 pair, the timer and software interrupt 0. */
typedef void (*mips_irq_handler_t)(struct pt_regs *regs);
void mips_irq_init(void);
void mips_set_cpu_irq_handler(unsigned int line, mips_irq_handler_t fn);

/* Count/Compare (time.c): each CPU's own tick. */
#define MIPS_COUNT_HZ		160000000UL	/* QEMU malta: 320 MHz CPU clock / 2 */
void mips_timer_start(void);
unsigned long mips_timer_ticks(unsigned int cpu);
/* The debugger's nap on Compare (kgdb_arch.idle), and its wait in
 * vectors of its own (nap.S). */
void mips_timer_nap(unsigned int us);
void mips_nap_wait(void);

/* Cross-CPU requests without IPI hardware (smp.c): a CPU acts on what
 * others asked of it at its next timer tick. */
void mips_smp_poll(struct pt_regs *regs);

#endif
