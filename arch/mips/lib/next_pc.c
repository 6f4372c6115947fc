// SPDX-License-Identifier: MIT
/*
 * The next-PC decoder for the debugger's software single-step: MIPS has no
 * single-step trap, so the instruction at the PC is decoded and the core
 * plants its breakpoint where it continues (kernel/debug/debug_step.c).
 * The core masks interrupts for the step (Status.IE) unless the
 * instruction writes IE itself.
 *
 * A branch or jump is stepped together with its delay slot: the step ends
 * on the target if the branch is taken, else after the delay slot (pc + 8,
 * also for a branch-likely, whose slot is then annulled), never in the
 * slot. Conditions on general registers are evaluated, so one address is
 * planted; branches on FPU or coprocessor 2 conditions plant both. eret
 * and deret return to a CP0 register the debugger's own entry has
 * overwritten, so they are not stepped. MIPS32 release 2, no MIPS16 or
 * microMIPS (the kernel is built without them).
 */
#include <kernel/errno.h>
#include <kgdb.h>
#include <asm/next_pc.h>

#define OP(i)		((i) >> 26)
#define RS(i)		(((i) >> 21) & 0x1f)
#define RT(i)		(((i) >> 16) & 0x1f)
#define RD(i)		(((i) >> 11) & 0x1f)
#define FUNCT(i)	((i) & 0x3f)

enum {
	OP_SPECIAL = 0x00, OP_REGIMM = 0x01, OP_J = 0x02, OP_JAL = 0x03,
	OP_BEQ = 0x04, OP_BNE = 0x05, OP_BLEZ = 0x06, OP_BGTZ = 0x07,
	OP_COP0 = 0x10, OP_COP1 = 0x11, OP_COP2 = 0x12,
	OP_BEQL = 0x14, OP_BNEL = 0x15, OP_BLEZL = 0x16, OP_BGTZL = 0x17,
};
#define FUNCT_JR	0x08
#define FUNCT_JALR	0x09
#define COP_BC		0x08		/* rs field: branch on condition */
#define COP0_MT		0x04
#define COP0_MFMC0	0x0b		/* di, ei */
#define COP0_CO		0x10		/* rs >= 0x10: eret, deret, wait, tlb ops */
#define FUNCT_ERET	0x18
#define FUNCT_DERET	0x1f
#define FUNCT_WAIT	0x20
#define CP0_STATUS	12

/* MIPS32: registers and addresses are 32 bits, whatever builds this. */
static s32 gpr(const struct pt_regs *regs, unsigned int n)
{
	return n ? (s32)regs->regs[n] : 0;
}

/* REGIMM's branches: bit 0 of rt picks >= 0, bit 1 likely, bit 4 link. */
static bool regimm_branch(u32 insn, s32 rs, bool *taken)
{
	unsigned int rt = RT(insn);

	if (rt & ~0x13U)
		return false;			/* traps, synci, ... */
	*taken = rt & 1 ? rs >= 0 : rs < 0;
	return true;
}

static int next_pcs(const struct pt_regs *regs, u32 insn, uintptr_t *pcs)
{
	u32 pc = (u32)regs->cp0_epc;
	u32 target = pc + 4 + ((u32)(s32)(s16)(insn & 0xffff) << 2);
	s32 rs = gpr(regs, RS(insn)), rt = gpr(regs, RT(insn));
	bool taken;

	switch (OP(insn)) {
	case OP_SPECIAL:
		if (FUNCT(insn) != FUNCT_JR && FUNCT(insn) != FUNCT_JALR)
			break;
		pcs[0] = (u32)rs;
		return 1;
	case OP_J:
	case OP_JAL:
		pcs[0] = ((pc + 4) & 0xf0000000U) | (insn & 0x03ffffffU) << 2;
		return 1;
	case OP_REGIMM:
		if (!regimm_branch(insn, rs, &taken))
			break;
		pcs[0] = taken ? target : pc + 8;
		return 1;
	case OP_BEQ:
	case OP_BEQL:
		pcs[0] = rs == rt ? target : pc + 8;
		return 1;
	case OP_BNE:
	case OP_BNEL:
		pcs[0] = rs != rt ? target : pc + 8;
		return 1;
	case OP_BLEZ:
	case OP_BLEZL:
		pcs[0] = rs <= 0 ? target : pc + 8;
		return 1;
	case OP_BGTZ:
	case OP_BGTZL:
		pcs[0] = rs > 0 ? target : pc + 8;
		return 1;
	case OP_COP1:
	case OP_COP2:
		if (RS(insn) != COP_BC)
			break;
		pcs[0] = target;
		pcs[1] = pc + 8;
		return target == pc + 8 ? 1 : 2;
	case OP_COP0:
		if (RS(insn) >= COP0_CO &&
		    (FUNCT(insn) == FUNCT_ERET || FUNCT(insn) == FUNCT_DERET))
			return -EINVAL;
		break;
	}
	pcs[0] = pc + 4;
	return 1;
}

/*
 * di, ei and mtc0 to Status write Status.IE themselves; wait needs it as
 * it is, or (as QEMU implements it) no interrupt would ever wake it.
 */
static bool sets_ie(u32 insn)
{
	if (OP(insn) != OP_COP0)
		return false;
	if (RS(insn) == COP0_MFMC0)
		return true;
	if (RS(insn) >= COP0_CO)
		return FUNCT(insn) == FUNCT_WAIT;
	return RS(insn) == COP0_MT && RD(insn) == CP0_STATUS && !(insn & 7);
}

int mips_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs)
{
	int n = next_pcs(regs, insn, pcs);

	return n > 0 && sets_ie(insn) ? n | KGDB_STEP_IRQ_INSN : n;
}
