// SPDX-License-Identifier: MIT
/*
 * The ARM debugger backend: the struct kgdb_arch table, register
 * conversion between the trap frame and gdb's core registers (r0-r15,
 * cpsr), and the roundup of the other CPUs with the GIC's FIQ "NMI".
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

static const u8 arm_kgdb_reg_sizes[GDB_NUM_REGS] = {
	[0 ... GDB_NUM_REGS - 1] = sizeof(u32),
};

static void put_reg(u8 *gdb, unsigned int regno, unsigned long v)
{
	u32 w = (u32)v;

	memcpy(gdb + 4 * regno, &w, sizeof(w));	/* little-endian, as the target */
}

static unsigned long get_reg(const u8 *gdb, unsigned int regno)
{
	u32 w;

	memcpy(&w, gdb + 4 * regno, sizeof(w));
	return w;
}

static void arm_kgdb_regs_to_gdb(u8 *gdb, const struct pt_regs *regs, unsigned int cpu)
{
	for (unsigned int i = 0; i < 13; i++)
		put_reg(gdb, i, regs->uregs[i]);
	put_reg(gdb, GDB_SP, regs->sp);
	put_reg(gdb, GDB_LR, regs->lr);
	put_reg(gdb, GDB_PC, regs->pc);
	put_reg(gdb, GDB_CPSR, regs->cpsr);
}

/* The mode bits stay: the exit path cannot return to another mode's
 * banked registers, and this kernel runs in SVC mode only. */
static void arm_kgdb_gdb_to_regs(struct pt_regs *regs, const u8 *gdb, unsigned int cpu)
{
	for (unsigned int i = 0; i < 13; i++)
		regs->uregs[i] = get_reg(gdb, i);
	regs->sp = get_reg(gdb, GDB_SP);
	regs->lr = get_reg(gdb, GDB_LR);
	regs->pc = get_reg(gdb, GDB_PC);
	regs->cpsr = (get_reg(gdb, GDB_CPSR) & ~(unsigned long)PSR_MODE_MASK) |
		     (regs->cpsr & PSR_MODE_MASK);
}

/*
 * A sleeping task: r4-r11, sp and the resume pc in arch_switch_to(), as
 * switch.S saved them; lr reads as the pc (the next frame's return address
 * is in the APCS frame fp points at), cpsr as SVC mode with IRQs on.
 */
static void arm_kgdb_task_to_gdb(u8 *gdb, const struct task *t)
{
	const struct arch_context *ctx = &t->ctx;

	memset(gdb, 0, GDB_NUM_REGS * 4);
	put_reg(gdb, 4, ctx->r4);
	put_reg(gdb, 5, ctx->r5);
	put_reg(gdb, 6, ctx->r6);
	put_reg(gdb, 7, ctx->r7);
	put_reg(gdb, 8, ctx->r8);
	put_reg(gdb, 9, ctx->r9);
	put_reg(gdb, 10, ctx->r10);
	put_reg(gdb, GDB_FP, ctx->fp);
	put_reg(gdb, GDB_SP, ctx->sp);
	put_reg(gdb, GDB_LR, ctx->pc);
	put_reg(gdb, GDB_PC, ctx->pc);
	put_reg(gdb, GDB_CPSR, PSR_MODE_SVC);
}

static void arm_kgdb_flush_icache(uintptr_t addr, size_t len)
{
	arm_sync_icache(addr, len);
}

static const struct kgdb_xml arm_kgdb_xml[] = {
	{ "target.xml", arm_kgdb_target_xml },
	{ NULL, NULL },
};

const struct kgdb_arch arch_kgdb_ops = {
	.bp_insn = {
		ARM_KGDB_BREAK_INSN & 0xff, (ARM_KGDB_BREAK_INSN >> 8) & 0xff,
		(ARM_KGDB_BREAK_INSN >> 16) & 0xff, ARM_KGDB_BREAK_INSN >> 24,
	},
	.bp_len = 4,
	.bp_pc_offset = 0,
	.num_regs = GDB_NUM_REGS,
	.reg_sizes = arm_kgdb_reg_sizes,
	.pc_regno = GDB_PC,
	.sp_regno = GDB_SP,
	.fp_regno = GDB_FP,
	.xml = arm_kgdb_xml,
	.regs_to_gdb = arm_kgdb_regs_to_gdb,
	.gdb_to_regs = arm_kgdb_gdb_to_regs,
	.task_to_gdb = arm_kgdb_task_to_gdb,
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
