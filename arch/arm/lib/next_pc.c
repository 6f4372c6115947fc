// SPDX-License-Identifier: MIT
/*
 * The next-PC decoder for the debugger's software single-step (ARMv7 has no
 * step trap a kernel can use on itself): what changes the flow in ARM
 * state, with the condition evaluated from the flags, so one address is
 * planted: B/BL/BLX(imm), BX/BLX(reg), data processing to pc, LDR pc, LDM
 * with pc. Thumb code is not stepped (this kernel has none). The core
 * masks IRQs for the step (cpsr.I) unless the instruction sets the mask
 * itself (cps, msr cpsr).
 */
#include <kernel/errno.h>
#include <kernel/nofault.h>
#include <kgdb.h>
#include <asm/next_pc.h>

#define PSR_N		(1UL << 31)
#define PSR_Z		(1UL << 30)
#define PSR_C		(1UL << 29)
#define PSR_V		(1UL << 28)

/* cps: imod (bits 19:18), M (bit 17), and A/I/F at the cpsr's positions */
#define CPS_ENABLE	2
#define CPS_DISABLE	3
#define CPS_M		(1U << 17)

#define COND_UNCOND	0xf
#define REG_PC		15

static bool cond_passed(unsigned int cond, unsigned long psr)
{
	bool n = psr & PSR_N, z = psr & PSR_Z, c = psr & PSR_C, v = psr & PSR_V;
	bool r;

	switch (cond >> 1) {
	case 0: r = z; break;			/* EQ / NE */
	case 1: r = c; break;			/* CS / CC */
	case 2: r = n; break;			/* MI / PL */
	case 3: r = v; break;			/* VS / VC */
	case 4: r = c && !z; break;		/* HI / LS */
	case 5: r = n == v; break;		/* GE / LT */
	case 6: r = !z && n == v; break;	/* GT / LE */
	default: return true;			/* AL, and the unconditional space */
	}
	return cond & 1 ? !r : r;
}

/* A register as the instruction reads it: pc is 8 bytes ahead (12 when a
 * register-specified shift delays the read, @pc_extra = 4). */
static u32 reg(const struct pt_regs *regs, unsigned int n, u32 pc_extra)
{
	if (n == REG_PC)
		return (u32)regs->pc + 8 + pc_extra;
	if (n == 13)
		return (u32)regs->sp;
	if (n == 14)
		return (u32)regs->lr;
	return (u32)regs->uregs[n];
}

static u32 ror(u32 v, unsigned int n)
{
	n &= 31;
	return n ? v >> n | v << (32 - n) : v;
}

/* Operand 2 of a data-processing instruction (shifter carry not needed:
 * only the result is, and no flag-setting opcode feeds it back here). */
static u32 shifter_operand(const struct pt_regs *regs, u32 insn)
{
	unsigned int type = (insn >> 5) & 3, amount;
	u32 extra = 0, rm;

	if (insn & (1U << 25))
		return ror(insn & 0xff, ((insn >> 8) & 0xf) * 2);
	if (insn & (1U << 4)) {
		amount = reg(regs, (insn >> 8) & 0xf, 0) & 0xff;
		extra = 4;
	} else {
		amount = (insn >> 7) & 0x1f;
		if (!amount && (type == 1 || type == 2))
			amount = 32;		/* LSR/ASR #32 */
	}
	rm = reg(regs, insn & 0xf, extra);
	switch (type) {
	case 0:
		return amount >= 32 ? 0 : rm << amount;
	case 1:
		return amount >= 32 ? 0 : rm >> amount;
	case 2:
		return amount >= 32 ? (u32)((s32)rm >> 31) : (u32)((s32)rm >> amount);
	default:
		if (!(insn & (1U << 4)) && !amount)	/* RRX */
			return rm >> 1 | (regs->cpsr & PSR_C ? 0x80000000U : 0);
		return ror(rm, amount);
	}
}

static u32 data_processing(const struct pt_regs *regs, u32 insn, u32 fallthrough)
{
	u32 rn = reg(regs, (insn >> 16) & 0xf, (insn & 0x02000010) == 0x10 ? 4 : 0);
	u32 op2 = shifter_operand(regs, insn), c = regs->cpsr & PSR_C ? 1 : 0;

	switch ((insn >> 21) & 0xf) {
	case 0x0: return rn & op2;
	case 0x1: return rn ^ op2;
	case 0x2: return rn - op2;
	case 0x3: return op2 - rn;
	case 0x4: return rn + op2;
	case 0x5: return rn + op2 + c;
	case 0x6: return rn - op2 - (1 - c);
	case 0x7: return op2 - rn - (1 - c);
	case 0xc: return rn | op2;
	case 0xd: return op2;
	case 0xe: return rn & ~op2;
	case 0xf: return ~op2;
	default: return fallthrough;		/* TST, TEQ, CMP, CMN write no register */
	}
}

static u32 load_word(u32 addr, u32 fallthrough)
{
	u32 v;

	return copy_from_kernel_nofault(&v, (const void *)(uintptr_t)addr, sizeof(v)) ?
	       fallthrough : v;
}

static uintptr_t arm_next_pc(const struct pt_regs *regs, u32 insn)
{
	u32 pc = (u32)regs->pc, next = pc + 4;
	unsigned int cond = insn >> 28, rn = (insn >> 16) & 0xf;

	if (cond == COND_UNCOND) {
		if ((insn & 0x0e000000) == 0x0a000000)	/* BLX imm: to Thumb */
			return pc + 8 + ((u32)((s32)(insn << 8) >> 6)) + ((insn >> 23) & 2);
		return next;
	}
	if (!cond_passed(cond, regs->cpsr))
		return next;

	if ((insn & 0x0e000000) == 0x0a000000)		/* B, BL */
		return pc + 8 + (u32)((s32)(insn << 8) >> 6);
	if ((insn & 0x0ffffff0) == 0x012fff10 ||	/* BX */
	    (insn & 0x0ffffff0) == 0x012fff30)		/* BLX reg */
		return reg(regs, insn & 0xf, 0) & ~1U;
	if ((insn & 0x0c000000) == 0x00000000 && ((insn >> 12) & 0xf) == REG_PC) {
		bool mul_or_extra = !(insn & (1U << 25)) && (insn & 0x90) == 0x90;
		bool misc = (insn & 0x01900000) == 0x01000000;

		if (!mul_or_extra && !misc)
			return data_processing(regs, insn, next) & ~3U;
		return next;
	}
	if ((insn & 0x0c100000) == 0x04100000 && ((insn >> 12) & 0xf) == REG_PC &&
	    (insn & 0x02000010) != 0x02000010) {	/* LDR pc (not media space) */
		u32 off = insn & (1U << 25) ? shifter_operand(regs, insn & ~(1U << 25) &
							     ~0x10U) : insn & 0xfff;
		u32 base = reg(regs, rn, 0);
		u32 addr = insn & (1U << 23) ? base + off : base - off;

		return load_word(insn & (1U << 24) ? addr : base, next) & ~3U;
	}
	if ((insn & 0x0e108000) == 0x08108000) {	/* LDM with pc in the list */
		unsigned int count = 0;
		u32 base = reg(regs, rn, 0), addr;

		for (u32 list = insn & 0xffff; list; list &= list - 1)
			count++;
		switch ((insn >> 23) & 3) {		/* P, U */
		case 0: addr = base; break;				/* DA */
		case 1: addr = base + 4 * (count - 1); break;		/* IA */
		case 2: addr = base - 4; break;				/* DB */
		default: addr = base + 4 * count; break;		/* IB */
		}
		return load_word(addr, next) & ~3U;
	}
	return next;
}

/* cps, and msr to the cpsr's control field: they set the I bit on purpose. */
static bool writes_irq_mask(u32 insn)
{
	return (insn & 0xfff1fe20) == 0xf1000000 ||
	       (insn & 0x0fb1f000) == 0x0321f000 ||	/* MSR cpsr_c, #imm */
	       (insn & 0x0fb1fff0) == 0x0121f000;	/* MSR cpsr_c, Rn */
}

/*
 * cps without a mode change: carried out here rather than run, since a
 * cpsie would let an interrupt in before the step's end, and the step would
 * end in its handler, or in whatever task that handler switched to.
 */
static bool emulate_cps(struct pt_regs *regs, u32 insn)
{
	unsigned long aif = insn & (PSR_A | PSR_I | PSR_F);

	if ((insn & 0xfff1fe20) != 0xf1000000 || (insn & CPS_M))
		return false;
	if (((insn >> 18) & 3) == CPS_ENABLE)
		regs->cpsr &= ~aif;
	else if (((insn >> 18) & 3) == CPS_DISABLE)
		regs->cpsr |= aif;
	regs->pc += 4;
	return true;
}

/* Thumb code is not stepped: the kernel has none. */
int arm_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs)
{
	if (regs->cpsr & PSR_T)
		return -EINVAL;
	if (emulate_cps(regs, insn))
		return 0;
	pcs[0] = arm_next_pc(regs, insn);
	return writes_irq_mask(insn) ? 1 | KGDB_STEP_IRQ_INSN : 1;
}
