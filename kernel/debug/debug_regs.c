// SPDX-License-Identifier: MIT
/*
 * Registers through the arch's table (struct kgdb_reg), for every front
 * end: where each one lives for a stopped CPU and for a sleeping task, its
 * size, and its place when they are all laid end to end in table order
 * (gdb's 'g' block).
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/sched.h>
#include <kernel/string.h>
#include <asm/ptrace.h>
#include "debug_internal.h"

/*
 * Each CPU's debugger state (frontend.h). Defined here, below the core,
 * since a stopped CPU's registers are read through it: the core and what
 * it calls read registers, and nothing here calls back up.
 */
struct kgdb_cpu kgdb_cpus[NR_CPUS];

size_t kgdb_reg_size(unsigned int regno)
{
	return arch_kgdb_ops.regs[regno].bits / 8;
}

#ifdef CONFIG_KGDB_FULL_REGS
size_t kgdb_reg_offset(unsigned int regno)
{
	size_t off = 0;

	while (regno--)
		off += kgdb_reg_size(regno);
	return off;
}
#endif

/*
 * The trap frame @th's registers are in: its CPU's, or, for a task an
 * interrupt preempted, the frame it was interrupted in (what it runs
 * next, and where gdb's own software step waits for it). NULL: a task
 * that went to sleep, with its switch context.
 */
static struct pt_regs *thread_frame(const struct kgdb_thread *th)
{
	return th->cpu >= 0 ? kgdb_cpus[th->cpu].regs : th->task->preempted;
}

/* Where a field location's bytes are, for @th; NULL: @th has none there. */
static __noinline u8 *field(const struct kgdb_reg_loc *loc, const struct kgdb_thread *th)
{
	switch (loc->base) {
	case KGDB_LOC_FRAME:
		return thread_frame(th) ? (u8 *)thread_frame(th) + loc->off : NULL;
	case KGDB_LOC_CPU:
		return th->cpu >= 0 ? (u8 *)&kgdb_cpus[th->cpu].arch + loc->off : NULL;
	default:
		return (u8 *)&th->task->ctx + loc->off;
	}
}

/* Register @regno of @th into @val (kgdb_reg_size() bytes). */
void kgdb_reg_read(const struct kgdb_thread *th, unsigned int regno, u8 *val)
{
	const struct kgdb_reg *r = &arch_kgdb_ops.regs[regno];
	const struct kgdb_reg_loc *loc = th->cpu >= 0 || thread_frame(th) ? &r->frame : &r->task;
	size_t size = kgdb_reg_size(regno);
	const u8 *f;

	memset(val, 0, size);
	switch (loc->base) {
	case KGDB_LOC_NONE:
		return;
	case KGDB_LOC_CONST:
		kgdb_store(val, size, loc->off);
		return;
	case KGDB_LOC_ARCH:
		if (th->cpu >= 0 && arch_kgdb_ops.reg.get)
			arch_kgdb_ops.reg.get(regno, val, kgdb_cpus[th->cpu].regs,
					      &kgdb_cpus[th->cpu].arch);
		else if (!thread_frame(th) && arch_kgdb_ops.reg.task_get)
			arch_kgdb_ops.reg.task_get(regno, val, th->task);
		return;
	}
	f = field(loc, th);
	if (!f)
		return;
	if (loc->size == size)
		memcpy(val, f, size);
	else
		kgdb_store(val, size, kgdb_load(f, loc->size));
}

/* Write register @regno of @th, a thread on a stopped CPU, from @val. */
void kgdb_reg_write(const struct kgdb_thread *th, unsigned int regno, const u8 *val)
{
	const struct kgdb_reg *r = &arch_kgdb_ops.regs[regno];
	const struct kgdb_reg_loc *loc = &r->frame;
	size_t size = kgdb_reg_size(regno);
	u8 *f;
	u64 old;

	switch (loc->base) {
	case KGDB_LOC_NONE:
	case KGDB_LOC_CONST:
		return;
	case KGDB_LOC_ARCH:
		if (arch_kgdb_ops.reg.set)
			arch_kgdb_ops.reg.set(regno, val, kgdb_cpus[th->cpu].regs,
					      &kgdb_cpus[th->cpu].arch);
		return;
	}
	f = field(loc, th);
	if (loc->size == size && !r->keep) {
		memcpy(f, val, size);
		return;
	}
	old = kgdb_load(f, loc->size);
	kgdb_store(f, loc->size, (kgdb_load(val, size) & ~r->keep) | (old & r->keep));
}

#ifdef CONFIG_KGDB_KDB
/*
 * A sleeping task's registers as a trap frame would hold them (what the
 * table maps to the frame; the rest zero): a frame to start kdb's
 * backtrace of it.
 */
void kgdb_task_frame(struct task *t, struct pt_regs *regs)
{
	struct kgdb_thread th = { .cpu = -1, .task = t };
	u8 val[KGDB_REG_MAX_BYTES];
	unsigned int i;

	memset(regs, 0, sizeof(*regs));
	for (i = 0; i < arch_kgdb_ops.num_regs; i++) {
		const struct kgdb_reg_loc *loc = &arch_kgdb_ops.regs[i].frame;
		size_t size = kgdb_reg_size(i);

		if (loc->base != KGDB_LOC_FRAME || size > 8 || !loc->size)
			continue;
		kgdb_reg_read(&th, i, val);
		kgdb_store((u8 *)regs + loc->off, loc->size, kgdb_load(val, size));
	}
}
#endif
