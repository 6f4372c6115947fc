// SPDX-License-Identifier: MIT
/*
 * The AArch64 debugger backend: the struct kgdb_arch table and gdb's core
 * registers (x0-x30, sp, pc, cpsr). Breakpoints are gdb's brk #0, which
 * traps.c reports as DIE_BREAKPOINT; single-step is the architecture's
 * software step (MDSCR_EL1.SS with PSTATE.SS in the frame: entry.S sets
 * MDSCR_EL1.SS from the frame as it returns); hardware breakpoints and
 * watchpoints are the debug registers (drivers/debug/arm_debug.c). The
 * roundup is the GIC's FIQ "NMI", which reaches CPUs with IRQs off too;
 * held CPUs wait in gic_nmi_wait().
 */
#include <kernel/arm_debug.h>
#include <kernel/gic.h>
#include <kernel/nofault.h>
#include <asm/context.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <kgdb.h>

#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define X(n, task)	KGDB_REG("x" #n, 64, 0, NULL, NULL, F(regs[n]), task, 0)

/* msr daifset/daifclr, #imm and msr daif, xN: they change the IRQ mask. */
#define INSN_MSR_DAIF_IMM_MASK	0xfffff0dfU
#define INSN_MSR_DAIF_IMM	0xd50340dfU
#define INSN_MSR_DAIF_REG_MASK	0xffffffe0U
#define INSN_MSR_DAIF_REG	0xd51b4220U

/*
 * gdb's org.gnu.gdb.aarch64.core, in its numbering; no FP/SIMD in the
 * kernel, so no .fpu feature. A sleeping task has x19-x29, sp and its
 * resume pc in arch_switch_to()'s save area; x30 reads as that pc (the
 * return address is in the frame record fp points at), its cpsr as EL1h
 * with every exception unmasked. cpsr is 32 bits for gdb; a write keeps
 * the mode bits: the exit path cannot return to another EL.
 */
static const struct kgdb_reg arm64_kgdb_regs[] = {
	X(0, KGDB_NOWHERE), X(1, KGDB_NOWHERE), X(2, KGDB_NOWHERE), X(3, KGDB_NOWHERE),
	X(4, KGDB_NOWHERE), X(5, KGDB_NOWHERE), X(6, KGDB_NOWHERE), X(7, KGDB_NOWHERE),
	X(8, KGDB_NOWHERE), X(9, KGDB_NOWHERE), X(10, KGDB_NOWHERE), X(11, KGDB_NOWHERE),
	X(12, KGDB_NOWHERE), X(13, KGDB_NOWHERE), X(14, KGDB_NOWHERE), X(15, KGDB_NOWHERE),
	X(16, KGDB_NOWHERE), X(17, KGDB_NOWHERE), X(18, KGDB_NOWHERE), X(19, T(x19)),
	X(20, T(x20)), X(21, T(x21)), X(22, T(x22)), X(23, T(x23)), X(24, T(x24)),
	X(25, T(x25)), X(26, T(x26)), X(27, T(x27)), X(28, T(x28)), X(29, T(fp)),
	X(30, T(pc)),
	KGDB_REG("sp", 64, 0, "data_ptr", NULL, F(sp), T(sp), 0),
	KGDB_REG("pc", 64, 0, "code_ptr", NULL, F(pc), T(pc), 0),
	KGDB_REG("cpsr", 32, 0, NULL, NULL, F(pstate), KGDB_CONST(PSR_MODE_EL1H), PSR_MODE_MASK),
};

static const struct kgdb_reg_feature arm64_kgdb_features[] = {
	{ "org.gnu.gdb.aarch64.core", NULL },
};

/*
 * The step trap comes after one instruction once the CPU returns with
 * PSTATE.SS set (entry.S turns MDSCR_EL1.SS on with it). An instruction
 * that writes the IRQ mask itself keeps what it wrote.
 */
static int arm64_kgdb_single(struct pt_regs *regs, bool on)
{
	u32 insn;

	if (!on) {
		regs->pstate &= ~PSR_SS;
		return 0;
	}
	regs->pstate |= PSR_SS;
	if (copy_from_kernel_nofault(&insn, (void *)regs->pc, sizeof(insn)))
		return 0;
	if ((insn & INSN_MSR_DAIF_IMM_MASK) == INSN_MSR_DAIF_IMM ||
	    (insn & INSN_MSR_DAIF_REG_MASK) == INSN_MSR_DAIF_REG)
		return KGDB_STEP_IRQ_INSN;
	return 0;
}

const struct kgdb_arch arch_kgdb_ops = {
	KGDB_BREAK_INSN(ARM64_KGDB_BREAK_INSN, 4, 0),
	/* pc, sp, and x29, the frame pointer */
	KGDB_REGISTERS(arm64_kgdb_regs, arm64_kgdb_features, "aarch64", "aarch64", 32, 31, 29),
	.step = { .irq = KGDB_IRQ_MASK(pstate, PSR_I), .single = arm64_kgdb_single },
	.hold.wait = gic_nmi_wait,
	.idle = arm64_timer_nap,
	.hw = ARM_DEBUG_KGDB_HW,
};
