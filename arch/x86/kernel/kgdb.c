// SPDX-License-Identifier: MIT
/*
 * The x86 debugger backend (i386 and x86_64): the struct kgdb_arch table,
 * what each CPU does as it enters and leaves the debugger, and the roundup
 * of the other CPUs with an NMI. Registers are in kgdb_regs.c, single-step
 * in kgdb_step.c, debug registers in kgdb_hw.c.
 */
#include <asm/processor.h>
#include <asm-generic/kgdb.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

struct x86_kgdb_cpu x86_kgdb_cpus[NR_CPUS];

/* Every CPU, master or held, on the way in: keep what the frame lacks. */
static void x86_kgdb_cpu_enter(unsigned int cpu)
{
	x86_kgdb_save_cpu_state(&x86_kgdb_cpus[cpu]);
}

/* ... and on the way out: gdb's x87/SSE changes. */
static void x86_kgdb_cpu_leave(unsigned int cpu)
{
	x86_kgdb_restore_cpu_state(&x86_kgdb_cpus[cpu]);
}

const struct kgdb_arch arch_kgdb_ops = {
	.bp_insn = { X86_BREAKPOINT_INSN },
	.bp_len = 1,
	.bp_pc_offset = 1,
	.regs = x86_kgdb_regs,
	.num_regs = GDB_NUM_REGS,
	.reg_features = x86_kgdb_features,
	.num_reg_features = X86_KGDB_FEATURES,
#ifdef __x86_64__
	.tdesc_arch = "i386:x86-64",
#else
	.tdesc_arch = "i386",
#endif
	.pc_regno = GDB_PC,
	.sp_regno = GDB_SP,
	.fp_regno = GDB_BP,
	.reg_get = x86_kgdb_reg_get,
	.reg_set = x86_kgdb_reg_set,
	.task_reg_get = x86_kgdb_task_reg_get,
	.get_pc = generic_kgdb_get_pc,
	.set_pc = generic_kgdb_set_pc,
	.single_step = x86_kgdb_single_step,
	.roundup_cpus = generic_kgdb_roundup_cpus,
	.hold_wait = x86_kgdb_hold_halt,
	.hold_kick = x86_kgdb_hold_kick,
	.hold_woken = x86_kgdb_hold_woken,
	.cpu_enter = x86_kgdb_cpu_enter,
	.cpu_leave = x86_kgdb_cpu_leave,
	.hw_slots = x86_kgdb_hw_slots,
	.hw_piece = x86_kgdb_hw_piece,
	.hw_install = x86_kgdb_hw_install,
	.hw_hit = x86_kgdb_hw_hit,
};
