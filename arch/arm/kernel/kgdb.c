// SPDX-License-Identifier: MIT
/*
 * The ARM debugger backend: the struct kgdb_arch table, the register
 * table of gdb's core registers (r0-r15, cpsr), and the roundup of the other CPUs with the GIC's FIQ "NMI".
 * Breakpoints are an undefined instruction (ARM_KGDB_BREAK_INSN) the
 * undefined-instruction handler reports as DIE_BREAKPOINT; single-step is
 * the core's software step with the next-PC decoder in kgdb_step.c,
 * hardware breakpoints and watchpoints the CP14 debug registers
 * (kgdb_hw.c). Held CPUs sleep in kgdb_hold.c.
 */
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/kgdb.h>
#include <asm/processor.h>
#include <asm-generic/kgdb.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include "kgdb_arm.h"

#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define GPR(n, i, task)	{ n, 32, 0, "uint32", NULL, F(uregs[i]), task }

/*
 * gdb's core registers, in its numbering (cpsr is 16 here, not gdb's
 * internal 25). There is no floating point in the kernel. A sleeping task
 * has r4-r11, sp and its resume pc in arm_switch_to()'s save area; lr
 * reads as that pc (the next frame's return address is in the APCS frame
 * fp points at).
 */
static const struct kgdb_reg arm_kgdb_regs[GDB_NUM_REGS] = {
	GPR("r0", 0, KGDB_NOWHERE), GPR("r1", 1, KGDB_NOWHERE),
	GPR("r2", 2, KGDB_NOWHERE), GPR("r3", 3, KGDB_NOWHERE),
	GPR("r4", 4, T(r4)), GPR("r5", 5, T(r5)), GPR("r6", 6, T(r6)),
	GPR("r7", 7, T(r7)), GPR("r8", 8, T(r8)), GPR("r9", 9, T(r9)),
	GPR("r10", 10, T(r10)), GPR("r11", 11, T(fp)), GPR("r12", 12, KGDB_NOWHERE),
	{ "sp", 32, 0, "data_ptr", NULL, F(sp), T(sp) },
	{ "lr", 32, 0, NULL, NULL, F(lr), T(pc) },
	{ "pc", 32, 0, "code_ptr", NULL, F(pc), T(pc) },
	{ "cpsr", 32, 0, NULL, NULL, KGDB_BY_ARCH, KGDB_BY_ARCH },
};

static const struct kgdb_reg_feature arm_kgdb_features[] = {
	{ "org.gnu.gdb.arm.core", NULL },
};

static void arm_kgdb_reg_get(unsigned int regno, u8 *val, const struct pt_regs *regs,
			     unsigned int cpu)
{
	u32 cpsr = (u32)regs->cpsr;

	memcpy(val, &cpsr, sizeof(cpsr));	/* cpsr, the only such row */
}

/* The mode bits stay: the exit path cannot return to another mode's
 * banked registers, and this kernel runs in SVC mode only. */
static void arm_kgdb_reg_set(unsigned int regno, const u8 *val, struct pt_regs *regs,
			     unsigned int cpu)
{
	u32 cpsr;

	memcpy(&cpsr, val, sizeof(cpsr));
	regs->cpsr = (cpsr & ~(unsigned long)PSR_MODE_MASK) | (regs->cpsr & PSR_MODE_MASK);
}

/* A sleeping task's cpsr: SVC mode with IRQs on. */
static void arm_kgdb_task_reg_get(unsigned int regno, u8 *val, const struct task *t)
{
	u32 cpsr = PSR_MODE_SVC;

	memcpy(val, &cpsr, sizeof(cpsr));
}

static void arm_kgdb_flush_icache(uintptr_t addr, size_t len)
{
	arm_sync_icache(addr, len);
}

const struct kgdb_arch arch_kgdb_ops = {
	.bp_insn = {
		ARM_KGDB_BREAK_INSN & 0xff, (ARM_KGDB_BREAK_INSN >> 8) & 0xff,
		(ARM_KGDB_BREAK_INSN >> 16) & 0xff, ARM_KGDB_BREAK_INSN >> 24,
	},
	.bp_len = 4,
	.bp_pc_offset = 0,
	.regs = arm_kgdb_regs,
	.num_regs = GDB_NUM_REGS,
	.reg_features = arm_kgdb_features,
	.num_reg_features = ARRAY_SIZE(arm_kgdb_features),
	.tdesc_arch = "arm",
	.pc_regno = GDB_PC,
	.sp_regno = GDB_SP,
	.fp_regno = GDB_FP,
	.reg_get = arm_kgdb_reg_get,
	.reg_set = arm_kgdb_reg_set,
	.task_reg_get = arm_kgdb_task_reg_get,
	.get_pc = generic_kgdb_get_pc,
	.set_pc = generic_kgdb_set_pc,
	.next_pcs = arm_kgdb_next_pcs,
	.step_irqs = arm_kgdb_step_irqs,
	/* The FIQ reaches CPUs with IRQs off too, when the GIC lets us use
	 * group 0 (gic_has_fiq()); otherwise it is an IRQ. */
	.roundup_cpus = generic_kgdb_roundup_cpus,
	.hold_wait = arm_kgdb_hold_wait,
	.hold_kick = arm_kgdb_hold_kick,
	.flush_icache = arm_kgdb_flush_icache,
	.hw_slots = arm_kgdb_hw_slots,
	.hw_piece = arm_kgdb_hw_piece,
	.hw_install = arm_kgdb_hw_install,
	.hw_hit = arm_kgdb_hw_hit,
};
