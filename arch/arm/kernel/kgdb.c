// SPDX-License-Identifier: MIT
/*
 * The ARM debugger backend: the struct kgdb_arch table and gdb's core
 * registers (r0-r15, cpsr). Breakpoints are an undefined instruction
 * (ARM_KGDB_BREAK_INSN) the undefined-instruction handler reports as
 * DIE_BREAKPOINT; single-step is the core's software step with the
 * next-PC decoder of arch/arm/lib/next_pc.c; hardware breakpoints and
 * watchpoints are the CP14 debug registers (drivers/debug/arm_debug.c).
 * The roundup is the GIC's FIQ "NMI", which reaches CPUs with IRQs off
 * too, when the GIC lets us use group 0 (gic_has_fiq()); otherwise it is
 * an IRQ. Held CPUs wait in gic_nmi_wait().
 */
#include <kernel/arm_debug.h>
#include <kernel/gic.h>
#include <asm/context.h>
#include <asm/next_pc.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <kgdb.h>

#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define GPR(n, i, task)	KGDB_REG(n, 32, 0, "uint32", NULL, F(uregs[i]), task, 0)

/*
 * gdb's core registers, in its numbering (cpsr is 16 here, not gdb's
 * internal 25); no floating point in the kernel. A sleeping task has
 * r4-r11, sp and its resume pc in arm_switch_to()'s save area; lr reads
 * as that pc (the return address is in the APCS frame fp points at), its
 * cpsr as SVC mode with IRQs on. A write to the cpsr keeps the mode bits:
 * the exit path cannot return to another mode's banked registers.
 */
static const struct kgdb_reg arm_kgdb_regs[] = {
	GPR("r0", 0, KGDB_NOWHERE), GPR("r1", 1, KGDB_NOWHERE),
	GPR("r2", 2, KGDB_NOWHERE), GPR("r3", 3, KGDB_NOWHERE),
	GPR("r4", 4, T(r4)), GPR("r5", 5, T(r5)), GPR("r6", 6, T(r6)),
	GPR("r7", 7, T(r7)), GPR("r8", 8, T(r8)), GPR("r9", 9, T(r9)),
	GPR("r10", 10, T(r10)), GPR("r11", 11, T(fp)), GPR("r12", 12, KGDB_NOWHERE),
	KGDB_REG("sp", 32, 0, "data_ptr", NULL, F(sp), T(sp), 0),
	KGDB_REG("lr", 32, 0, NULL, NULL, F(lr), T(pc), 0),
	KGDB_REG("pc", 32, 0, "code_ptr", NULL, F(pc), T(pc), 0),
	KGDB_REG("cpsr", 32, 0, NULL, NULL, F(cpsr), KGDB_CONST(PSR_MODE_SVC), PSR_MODE_MASK),
};

static const struct kgdb_reg_feature arm_kgdb_features[] = {
	{ "org.gnu.gdb.arm.core", NULL },
};

const struct kgdb_arch arch_kgdb_ops = {
	KGDB_BREAK_INSN(ARM_KGDB_BREAK_INSN, 4, 0),
	/* r15, r13, and r11, APCS's frame pointer */
	KGDB_REGISTERS(arm_kgdb_regs, arm_kgdb_features, "arm", "arm", 15, 13, 11),
	.step = { .irq = KGDB_IRQ_MASK(cpsr, PSR_I), .next_pcs = arm_next_pcs },
	.hold.wait = gic_nmi_wait,
	.idle = arm_timer_nap,
	.hw = ARM_DEBUG_KGDB_HW,
};
