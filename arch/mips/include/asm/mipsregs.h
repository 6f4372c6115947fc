/* SPDX-License-Identifier: MIT */
#ifndef _ASM_MIPS_MIPSREGS_H
#define _ASM_MIPS_MIPSREGS_H

/*
 * MIPS32 release 2 coprocessor 0: the registers and bits this kernel uses,
 * and accessors by name: read_c0(CP0_STATUS), write_c0(CP0_EBASE, v).
 */

/* Register, select (as "reg, sel" for mfc0/mtc0). */
#define CP0_INDEX	"$0, 0"
#define CP0_ENTRYLO0	"$2, 0"
#define CP0_ENTRYLO1	"$3, 0"
#define CP0_PAGEMASK	"$5, 0"
#define CP0_WIRED	"$6, 0"
#define CP0_BADVADDR	"$8, 0"
#define CP0_COUNT	"$9, 0"
#define CP0_ENTRYHI	"$10, 0"
#define CP0_COMPARE	"$11, 0"
#define CP0_STATUS	"$12, 0"
#define CP0_CAUSE	"$13, 0"
#define CP0_EPC		"$14, 0"
#define CP0_PRID	"$15, 0"
#define CP0_EBASE	"$15, 1"
#define CP0_CONFIG	"$16, 0"
#define CP0_CONFIG1	"$16, 1"

/* Status */
#define ST0_IE		0x00000001	/* interrupts enabled */
#define ST0_EXL		0x00000002	/* exception level: EPC holds the return */
#define ST0_ERL		0x00000004	/* error level (reset, NMI) */
#define ST0_KSU		0x00000018	/* 0: kernel mode */
#define ST0_IM_SHIFT	8
#define ST0_IM(n)	(1U << (ST0_IM_SHIFT + (n)))	/* interrupt n unmasked */
#define ST0_IM_ALL	0x0000ff00
#define ST0_BEV		0x00400000	/* boot exception vectors (ROM) */
#define ST0_CU0		0x10000000

/* Cause */
#define CAUSE_EXCCODE_SHIFT	2
#define CAUSE_EXCCODE		0x0000007c
#define CAUSE_IP_SHIFT		8
#define CAUSE_IP(n)		(1U << (CAUSE_IP_SHIFT + (n)))	/* interrupt n pending */
#define CAUSE_IP_ALL		0x0000ff00
#define CAUSE_IV		0x00800000	/* special interrupt vector */
#define CAUSE_DC		0x08000000	/* Count stopped */
#define CAUSE_BD		0x80000000	/* EPC is the branch before the faulting slot */

#define EXCCODE(cause)	(((cause) & CAUSE_EXCCODE) >> CAUSE_EXCCODE_SHIFT)

/* Exception codes (Cause.ExcCode) */
#define EXC_INT		0	/* interrupt */
#define EXC_MOD		1	/* TLB modified */
#define EXC_TLBL	2	/* TLB miss or invalid, load or fetch */
#define EXC_TLBS	3	/* TLB miss or invalid, store */
#define EXC_ADEL	4	/* address error, load or fetch */
#define EXC_ADES	5	/* address error, store */
#define EXC_IBE		6	/* bus error, instruction fetch */
#define EXC_DBE		7	/* bus error, data */
#define EXC_SYS		8	/* syscall */
#define EXC_BP		9	/* break */
#define EXC_RI		10	/* reserved instruction */
#define EXC_CPU		11	/* coprocessor unusable */
#define EXC_OV		12	/* integer overflow */
#define EXC_TR		13	/* trap (teq, tge, ...) */
#define EXC_FPE		15	/* floating point */
#define EXC_WATCH	23	/* watchpoint */
#define EXC_MCHECK	24	/* machine check */

/* Hardware interrupt lines (Cause.IP / Status.IM numbers). */
#define IRQ_SOFT0	0	/* software interrupt 0: the crash self-interrupt */
#define IRQ_I8259	2	/* hardware interrupt 0: the PIIX4's i8259 pair */
#define IRQ_TIMER	7	/* Count/Compare */

/* EBase: the CPU number in its low bits. */
#define EBASE_CPUNUM	0x3ff

/* Config1: TLB entries - 1 */
#define CONFIG1_MMU_SHIFT	25
#define CONFIG1_MMU_MASK	0x3f

#ifndef __ASSEMBLY__
#define read_c0(reg) ({							\
	unsigned long __v;						\
	__asm__ __volatile__("mfc0 %0, " reg : "=r"(__v) : : "memory");	\
	__v; })
#define write_c0(reg, v)						\
	__asm__ __volatile__("mtc0 %z0, " reg "\n\tehb"			\
			     : : "Jr"((unsigned long)(v)) : "memory")
#endif

#endif
