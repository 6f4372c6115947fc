/* SPDX-License-Identifier: MIT */
#ifndef _ASM_POWERPC_REG_H
#define _ASM_POWERPC_REG_H

/*
 * e500v2 (Book E) special purpose registers and the bits this kernel
 * uses, with mfspr()/mtspr() for C.
 */
#define SPRN_DEC	22
#define SPRN_SRR0	26
#define SPRN_SRR1	27
#define SPRN_DECAR	54
#define SPRN_CSRR0	58
#define SPRN_CSRR1	59
#define SPRN_DEAR	61
#define SPRN_ESR	62
#define SPRN_IVPR	63
#define SPRN_TBL	268	/* read */
#define SPRN_TBU	269	/* read */
#define SPRN_SPRG0	272
#define SPRN_SPRG1	273
#define SPRN_SPRG2	274
#define SPRN_SPRG3	275
#define SPRN_PIR	286
#define SPRN_PVR	287
#define SPRN_DBSR	304
#define SPRN_DBCR0	308
#define SPRN_TSR	336
#define SPRN_TCR	340
#define SPRN_IVOR(n)	((n) < 32 ? 400 + (n) : 528 + (n) - 32)
#define SPRN_MAS0	624
#define SPRN_MAS1	625
#define SPRN_MAS2	626
#define SPRN_MAS3	627
#define SPRN_MAS7	944
#define SPRN_HID0	1008

/* Machine state register. */
#define MSR_WE		0x00040000	/* wait enable: doze until an interrupt */
#define MSR_CE		0x00020000	/* critical interrupts */
#define MSR_EE		0x00008000	/* external and decrementer interrupts */
#define MSR_PR		0x00004000
#define MSR_ME		0x00001000
#define MSR_DE		0x00000200	/* debug interrupts */

/* Exception syndrome register. */
#define ESR_PIL		0x08000000	/* illegal instruction */
#define ESR_PPR		0x04000000	/* privileged instruction */
#define ESR_PTR		0x02000000	/* trap instruction */
#define ESR_ST		0x00800000	/* the access was a store */

/* Timer control and status: the decrementer interrupt and auto-reload. */
#define TCR_DIE		0x04000000
#define TCR_ARE		0x00400000
#define TSR_DIS		0x08000000

/* Debug: DBCR0 internal debug mode and instruction completion event;
 * DBSR's instruction completion status. */
#define DBCR0_IDM	0x40000000
#define DBCR0_IC	0x08000000
#define DBSR_IC		0x08000000

#define HID0_DOZE	0x00800000	/* MSR[WE] dozes */

/* The interrupts (IVOR numbers), kept in pt_regs->trap. */
#define IVOR_CRITICAL		0
#define IVOR_MACHINE_CHECK	1
#define IVOR_DATA_STORAGE	2
#define IVOR_INSN_STORAGE	3
#define IVOR_EXTERNAL		4
#define IVOR_ALIGNMENT		5
#define IVOR_PROGRAM		6
#define IVOR_FP_UNAVAIL		7
#define IVOR_SYSCALL		8
#define IVOR_APU_UNAVAIL	9
#define IVOR_DECREMENTER	10
#define IVOR_FIT		11
#define IVOR_WATCHDOG		12
#define IVOR_DTLB_MISS		13
#define IVOR_ITLB_MISS		14
#define IVOR_DEBUG		15
#define IVOR_SPE_UNAVAIL	32
#define IVOR_SPE_DATA		33
#define IVOR_SPE_ROUND		34
#define IVOR_PERF_MONITOR	35

#ifndef __ASSEMBLY__
#include <kernel/compiler.h>

/* The SPR number is part of the instruction: @rn must be a constant. */
#define mfspr(rn) ({							\
	unsigned long __v;						\
	__asm__ __volatile__("mfspr %0, %1" : "=r"(__v) : "n"(rn));	\
	__v;								\
})

#define mtspr(rn, v) \
	__asm__ __volatile__("mtspr %0, %1" : : "n"(rn), "r"((unsigned long)(v)) : "memory")

static inline unsigned long mfmsr(void)
{
	unsigned long v;

	__asm__ __volatile__("mfmsr %0" : "=r"(v));
	return v;
}

static inline void mtmsr(unsigned long v)
{
	__asm__ __volatile__("mtmsr %0\n\tisync" : : "r"(v) : "memory");
}
#endif

#endif
