/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_CSR_H
#define _ASM_RISCV_CSR_H

/* Supervisor CSRs and their bits, and accessors by name: csr_read(sstatus). */
#define SR_SIE		(1UL << 1)	/* interrupts enabled */
#define SR_SPIE		(1UL << 5)	/* ... before the trap */
#define SR_SPP		(1UL << 8)	/* the trap came from S-mode */
#define SR_SUM		(1UL << 18)

#define IRQ_S_SOFT	1
#define IRQ_S_TIMER	5
#define IRQ_S_EXT	9
#define SIE_SSIE	(1UL << IRQ_S_SOFT)
#define SIE_STIE	(1UL << IRQ_S_TIMER)
#define SIE_SEIE	(1UL << IRQ_S_EXT)

#define CAUSE_IRQ	(1UL << 63)
#define EXC_INSN_MISALIGNED	0
#define EXC_INSN_ACCESS		1
#define EXC_ILLEGAL_INSN	2
#define EXC_BREAKPOINT		3
#define EXC_LOAD_MISALIGNED	4
#define EXC_LOAD_ACCESS		5
#define EXC_STORE_MISALIGNED	6
#define EXC_STORE_ACCESS	7
#define EXC_ECALL_S		9
#define EXC_INSN_PAGE_FAULT	12
#define EXC_LOAD_PAGE_FAULT	13
#define EXC_STORE_PAGE_FAULT	15

#define SATP_SV39	(8UL << 60)

#ifndef __ASSEMBLY__
#define csr_read(csr) ({						\
	unsigned long __v;						\
	__asm__ __volatile__("csrr %0, " #csr : "=r"(__v) : : "memory"); \
	__v; })
#define csr_write(csr, v)						\
	__asm__ __volatile__("csrw " #csr ", %0" : : "rK"((unsigned long)(v)) : "memory")
#define csr_set(csr, v)							\
	__asm__ __volatile__("csrs " #csr ", %0" : : "rK"((unsigned long)(v)) : "memory")
#define csr_clear(csr, v)						\
	__asm__ __volatile__("csrc " #csr ", %0" : : "rK"((unsigned long)(v)) : "memory")
#define csr_read_clear(csr, v) ({					\
	unsigned long __v;						\
	__asm__ __volatile__("csrrc %0, " #csr ", %1"			\
			     : "=r"(__v) : "rK"((unsigned long)(v)) : "memory"); \
	__v; })
#endif

#endif
