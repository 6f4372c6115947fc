// SPDX-License-Identifier: MIT
/*
 * The x86 debugger backend (i386 and x86_64): the struct kgdb_arch table,
 * what each CPU does as it enters and leaves the debugger, and the roundup
 * of the other CPUs with an NMI. Registers are in kgdb_regs.c, single-step
 * in kgdb_step.c, debug registers in kgdb_hw.c.
 */
#include <kernel/die.h>
#include <kernel/init.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include "kgdb_x86.h"

/* Just ahead of the debug core, which sits at the lowest priority. */
#define X86_KGDB_NOTIFIER_PRIORITY	(-0x7fffffff)

struct x86_kgdb_cpu x86_kgdb_cpus[NR_CPUS];
static unsigned long frame_seq;

/*
 * The die chain hands each trap frame to the core; the core later hands
 * it back to regs_to_gdb() without saying whose it is. Note each CPU's
 * recent frames, and keep DR6, which the #DB handler has already reset.
 */
static int x86_kgdb_die_notify(struct notifier_block *nb, unsigned long val, void *data)
{
	struct x86_kgdb_cpu *c = &x86_kgdb_cpus[smp_processor_id()];
	struct die_args *args = data;
	unsigned int slot;

	if (val != DIE_OOPS && val != DIE_BREAKPOINT && val != DIE_DEBUG && val != DIE_NMI)
		return NOTIFY_DONE;
	if (val == DIE_NMI && x86_kgdb_hold_kicked(args->regs))
		return NOTIFY_STOP;
	/* An NMI nested in a held CPU's wait is no frame of the debugger's:
	 * recording it could push out the held frame and lose its CPU. */
	if (val == DIE_NMI && READ_ONCE(c->waiting))
		return NOTIFY_DONE;
	if (val == DIE_DEBUG)
		c->dr6 = (unsigned long)args->err;
	slot = c->next_frame++ % X86_KGDB_FRAMES;
	c->frames[slot].regs = args->regs;
	c->frames[slot].seq = __atomic_add_fetch(&frame_seq, 1, __ATOMIC_RELAXED);
	return NOTIFY_DONE;
}

static struct notifier_block x86_kgdb_die_nb = {
	.call = x86_kgdb_die_notify,
	.priority = X86_KGDB_NOTIFIER_PRIORITY,
};

static int x86_kgdb_init(void)
{
	return register_die_notifier(&x86_kgdb_die_nb);
}
core_initcall(x86_kgdb_init);

/*
 * A frame's CPU: the newest record of that address. A task that trapped
 * on one CPU may trap at the same stack address on another later on, but
 * two CPUs cannot both be stopped with a frame at one address.
 */
int x86_kgdb_frame_cpu(const struct pt_regs *regs)
{
	unsigned long best_seq = 0;
	unsigned int cpu, i;
	int best = -1;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		for (i = 0; i < X86_KGDB_FRAMES; i++) {
			const struct x86_kgdb_cpu *c = &x86_kgdb_cpus[cpu];

			if (c->frames[i].regs == regs && c->frames[i].seq > best_seq) {
				best_seq = c->frames[i].seq;
				best = (int)cpu;
			}
		}
	}
	return best;
}

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

static void x86_kgdb_roundup_cpus(void)
{
	smp_send_nmi_allbutself();
}

static uintptr_t x86_kgdb_get_pc(const struct pt_regs *regs)
{
	return instruction_pointer(regs);
}

static void x86_kgdb_set_pc(struct pt_regs *regs, uintptr_t pc)
{
	instruction_pointer_set(regs, pc);
}

static const struct kgdb_xml x86_kgdb_xml[] = {
	{ "target.xml", x86_kgdb_target_xml },
	{ NULL, NULL },
};

const struct kgdb_arch arch_kgdb_ops = {
	.bp_insn = { X86_BREAKPOINT_INSN },
	.bp_len = 1,
	.bp_pc_offset = 1,
	.num_regs = GDB_NUM_REGS,
	.reg_sizes = x86_kgdb_reg_sizes,
	.pc_regno = GDB_PC,
	.sp_regno = GDB_SP,
	.fp_regno = GDB_BP,
	.xml = x86_kgdb_xml,
	.regs_to_gdb = x86_kgdb_regs_to_gdb,
	.gdb_to_regs = x86_kgdb_gdb_to_regs,
	.task_to_gdb = x86_kgdb_task_to_gdb,
	.get_pc = x86_kgdb_get_pc,
	.set_pc = x86_kgdb_set_pc,
	.single_step = x86_kgdb_single_step,
	.roundup_cpus = x86_kgdb_roundup_cpus,
	.hold_wait = x86_kgdb_hold_wait,
	.hold_kick = x86_kgdb_hold_kick,
	.cpu_enter = x86_kgdb_cpu_enter,
	.cpu_leave = x86_kgdb_cpu_leave,
	.hw_slots = x86_kgdb_hw_slots,
	.hw_piece = x86_kgdb_hw_piece,
	.hw_install = x86_kgdb_hw_install,
	.hw_hit = x86_kgdb_hw_hit,
};
