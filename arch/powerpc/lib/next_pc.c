// SPDX-License-Identifier: MIT
/*
 * The next-PC decoder for the debugger's software single-step on PowerPC.
 * QEMU implements the BookE instruction-complete debug event, but a base
 * class interrupt (the decrementer, the UART) keeps MSR[DE], so a step
 * would trap on the first instruction of any handler taken on the way;
 * decoding the instruction and planting a breakpoint after it, with
 * MSR[EE] off for the step (the core's step_irq, unless the instruction
 * writes EE itself), needs nothing from the exception entry.
 *
 * Branches: b (relative or absolute), bc with its condition and CTR test
 * evaluated from the frame (one address is planted), bclr and bcctr. The
 * rfi family returns through SRR0/CSRR0/DSRR0/MCSRR0, which the
 * debugger's own interrupt has overwritten: not stepped.
 */
#include <kernel/errno.h>
#include <kgdb.h>
#include <asm/next_pc.h>

#define OP(i)		((i) >> 26)
#define XO(i)		(((i) >> 1) & 0x3ff)
#define BO(i)		(((i) >> 21) & 0x1f)
#define BI(i)		(((i) >> 16) & 0x1f)
#define AA(i)		((i) & 2)

enum { OP_BC = 16, OP_B = 18, OP_XL = 19, OP_X = 31 };
enum { XO_BCLR = 16, XO_RFMCI = 38, XO_RFDI = 39, XO_RFI = 50, XO_RFCI = 51,
       XO_BCCTR = 528 };
enum { XO_WRTEE = 131, XO_MTMSR = 146, XO_WRTEEI = 163 };

/* BO bits, from the most significant: ignore CR, CR bit wanted, ignore CTR, CTR == 0 wanted */
#define BO_NO_CR	0x10
#define BO_CR_TRUE	0x08
#define BO_NO_CTR	0x04
#define BO_CTR_ZERO	0x02

/* Whether a conditional branch is taken; @use_ctr false for bcctr. */
static bool taken(const struct pt_regs *regs, u32 insn, bool use_ctr)
{
	unsigned int bo = BO(insn);
	bool cr_bit = (regs->cr >> (31 - BI(insn))) & 1;
	bool ctr_ok = true;

	if (use_ctr && !(bo & BO_NO_CTR))
		ctr_ok = ((u32)regs->ctr - 1 == 0) == !!(bo & BO_CTR_ZERO);
	return ctr_ok && ((bo & BO_NO_CR) || cr_bit == !!(bo & BO_CR_TRUE));
}

static int next_pc(const struct pt_regs *regs, u32 insn, uintptr_t *next)
{
	u32 pc = (u32)regs->nip;
	s32 li = (s32)((insn & 0x03fffffc) << 6) >> 6;
	s32 bd = (s16)(insn & 0xfffc);

	*next = pc + 4;
	switch (OP(insn)) {
	case OP_B:
		*next = (AA(insn) ? 0 : pc) + (u32)li;
		break;
	case OP_BC:
		if (taken(regs, insn, true))
			*next = (AA(insn) ? 0 : pc) + (u32)bd;
		break;
	case OP_XL:
		switch (XO(insn)) {
		case XO_BCLR:
			if (taken(regs, insn, true))
				*next = (u32)regs->link & ~3U;
			break;
		case XO_BCCTR:
			if (taken(regs, insn, false))
				*next = (u32)regs->ctr & ~3U;
			break;
		case XO_RFI:
		case XO_RFCI:
		case XO_RFDI:
		case XO_RFMCI:
			return -EINVAL;
		}
		break;
	}
	return 0;
}

/* wrtee, wrteei and mtmsr write MSR[EE] themselves. */
static bool sets_ee(u32 insn)
{
	return OP(insn) == OP_X &&
	       (XO(insn) == XO_WRTEE || XO(insn) == XO_WRTEEI || XO(insn) == XO_MTMSR);
}

int ppc_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs)
{
	int err = next_pc(regs, insn, &pcs[0]);

	return err ? err : sets_ee(insn) ? 1 | KGDB_STEP_IRQ_INSN : 1;
}
