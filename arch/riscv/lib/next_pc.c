// SPDX-License-Identifier: MIT
/*
 * The next-PC decoder for the debugger's software single-step: S-mode has no
 * single-step trap, so the instruction at the PC is decoded and the core
 * plants its breakpoint where it continues (kernel/debug/debug_softstep.c).
 * Conditions are evaluated on the frame's registers, so one address is
 * planted. RV64GC: branches, jal and jalr, and the compressed c.j, c.jr,
 * c.jalr, c.beqz and c.bnez (c.jal is RV32 only: on RV64 that encoding is
 * c.addiw). sret returns to a CSR the debugger's own entry has
 * overwritten, so it is not stepped. The core masks interrupts for the
 * step (sstatus.SPIE) unless the instruction writes sstatus itself.
 */
#include <kernel/errno.h>
#include <kgdb.h>
#include <asm/next_pc.h>

#define OPCODE(i)	((i) & 0x7f)
#define RD(i)		(((i) >> 7) & 0x1f)
#define FUNCT3(i)	(((i) >> 12) & 0x7)
#define RS1(i)		(((i) >> 15) & 0x1f)
#define RS2(i)		(((i) >> 20) & 0x1f)
#define CSR_NUM(i)	((i) >> 20)
#define BIT(i, n)	(((i) >> (n)) & 1)
#define BITS(i, hi, lo)	(((i) >> (lo)) & ((1U << ((hi) - (lo) + 1)) - 1))

enum {
	OP_BRANCH = 0x63, OP_JALR = 0x67, OP_JAL = 0x6f, OP_SYSTEM = 0x73,
};
#define INSN_SRET	0x10200073
#define INSN_MRET	0x30200073
#define CSR_SSTATUS	0x100

/* @v's low @bits bits, sign-extended. */
static long sext(u32 v, unsigned int bits)
{
	return (long)((u64)v << (64 - bits)) >> (64 - bits);
}

static unsigned long reg(const struct pt_regs *regs, unsigned int n)
{
	return n ? regs->x[n] : 0;
}

static bool branch_taken(const struct pt_regs *regs, u32 insn)
{
	unsigned long a = reg(regs, RS1(insn)), b = reg(regs, RS2(insn));

	switch (FUNCT3(insn)) {
	case 0:
		return a == b;
	case 1:
		return a != b;
	case 4:
		return (long)a < (long)b;
	case 5:
		return (long)a >= (long)b;
	case 6:
		return a < b;
	default:
		return a >= b;
	}
}

static int next_pc32(const struct pt_regs *regs, u32 insn, uintptr_t *pcs)
{
	unsigned long pc = regs->sepc;
	u32 b = BIT(insn, 31) << 12 | BIT(insn, 7) << 11 | BITS(insn, 30, 25) << 5 |
		BITS(insn, 11, 8) << 1;
	u32 j = BIT(insn, 31) << 20 | BITS(insn, 19, 12) << 12 | BIT(insn, 20) << 11 |
		BITS(insn, 30, 21) << 1;

	switch (OPCODE(insn)) {
	case OP_JAL:
		pcs[0] = pc + sext(j, 21);
		return 1;
	case OP_JALR:
		pcs[0] = (reg(regs, RS1(insn)) + sext(insn >> 20, 12)) & ~1UL;
		return 1;
	case OP_BRANCH:
		pcs[0] = branch_taken(regs, insn) ? pc + sext(b, 13) : pc + 4;
		return 1;
	case OP_SYSTEM:
		if (insn == INSN_SRET || insn == INSN_MRET)
			return -EINVAL;
		pcs[0] = pc + 4;
		/* a csrrw, or a csrrs/c with a nonzero source, writes sstatus.SIE */
		if (CSR_NUM(insn) == CSR_SSTATUS &&
		    ((FUNCT3(insn) & 3) == 1 || ((FUNCT3(insn) & 3) && RS1(insn))))
			return 1 | KGDB_STEP_IRQ_INSN;
		return 1;
	}
	pcs[0] = pc + 4;
	return 1;
}

static int next_pc16(const struct pt_regs *regs, u16 insn, uintptr_t *pcs)
{
	unsigned long pc = regs->sepc;
	unsigned int quadrant = insn & 3, funct3 = insn >> 13, rs1 = RD(insn);
	u32 cj = BIT(insn, 12) << 11 | BIT(insn, 11) << 4 | BITS(insn, 10, 9) << 8 |
		 BIT(insn, 8) << 10 | BIT(insn, 7) << 6 | BIT(insn, 6) << 7 |
		 BITS(insn, 5, 3) << 1 | BIT(insn, 2) << 5;
	u32 cb = BIT(insn, 12) << 8 | BITS(insn, 11, 10) << 3 | BITS(insn, 6, 5) << 6 |
		 BITS(insn, 4, 3) << 1 | BIT(insn, 2) << 5;
	unsigned long rs1c = reg(regs, 8 + BITS(insn, 9, 7));

	pcs[0] = pc + 2;
	if (quadrant == 1 && funct3 == 5) {		/* c.j */
		pcs[0] = pc + sext(cj, 12);
	} else if (quadrant == 1 && funct3 == 6) {	/* c.beqz */
		if (!rs1c)
			pcs[0] = pc + sext(cb, 9);
	} else if (quadrant == 1 && funct3 == 7) {	/* c.bnez */
		if (rs1c)
			pcs[0] = pc + sext(cb, 9);
	} else if (quadrant == 2 && funct3 == 4 && rs1 && !BITS(insn, 6, 2)) {
		pcs[0] = reg(regs, rs1) & ~1UL;		/* c.jr, c.jalr */
	}
	return 1;
}

int riscv_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs)
{
	if ((insn & 3) != 3)
		return next_pc16(regs, (u16)insn, pcs);
	return next_pc32(regs, insn, pcs);
}
