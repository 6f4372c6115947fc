/* SPDX-License-Identifier: MIT */
#ifndef _ARCH_X86_KERNEL_KGDB_X86_H
#define _ARCH_X86_KERNEL_KGDB_X86_H

/*
 * Shared by the parts of the x86 debugger backend: kgdb.c (the ops table,
 * CPU entry/exit, roundup), kgdb_regs.c (gdb's register layout),
 * kgdb_step.c (single-step) and kgdb_hw.c (debug registers).
 */

#include <kgdb.h>
#include <kernel/smp.h>

/*
 * gdb's register numbers, the rows of the register table (kgdb_regs.c):
 * general registers, x87, SSE, and on x86_64 the segment bases.
 */
#ifdef __x86_64__
#define GDB_AX		0
#define GDB_BX		1
#define GDB_CX		2
#define GDB_DX		3
#define GDB_SI		4
#define GDB_DI		5
#define GDB_BP		6
#define GDB_SP		7
#define GDB_R8		8
#define GDB_PC		16
#define GDB_NUM_XMM	16
#define GDB_GPR_SIZE	8
#else
#define GDB_AX		0
#define GDB_CX		1
#define GDB_DX		2
#define GDB_BX		3
#define GDB_SP		4
#define GDB_BP		5
#define GDB_SI		6
#define GDB_DI		7
#define GDB_PC		8
#define GDB_NUM_XMM	8
#define GDB_GPR_SIZE	4
#endif
#define GDB_FLAGS	(GDB_PC + 1)
#define GDB_CS		(GDB_PC + 2)
#define GDB_SS		(GDB_PC + 3)
#define GDB_DS		(GDB_PC + 4)
#define GDB_ES		(GDB_PC + 5)
#define GDB_FS		(GDB_PC + 6)
#define GDB_GS		(GDB_PC + 7)
#define GDB_ST0		(GDB_PC + 8)
#define GDB_FCTRL	(GDB_ST0 + 8)
#define GDB_FSTAT	(GDB_FCTRL + 1)
#define GDB_FTAG	(GDB_FCTRL + 2)
#define GDB_FISEG	(GDB_FCTRL + 3)
#define GDB_FIOFF	(GDB_FCTRL + 4)
#define GDB_FOSEG	(GDB_FCTRL + 5)
#define GDB_FOOFF	(GDB_FCTRL + 6)
#define GDB_FOP		(GDB_FCTRL + 7)
#define GDB_XMM0	(GDB_FCTRL + 8)
#define GDB_MXCSR	(GDB_XMM0 + GDB_NUM_XMM)
#ifdef __x86_64__
#define GDB_FS_BASE	(GDB_MXCSR + 1)
#define GDB_GS_BASE	(GDB_MXCSR + 2)
#define GDB_NUM_REGS	(GDB_MXCSR + 3)
#else
/* gdb 13 asserts on org.gnu.gdb.i386.segments in a 32-bit description. */
#define GDB_NUM_REGS	(GDB_MXCSR + 1)
#endif

#define FXSAVE_SIZE	512

/*
 * What the backend keeps per CPU: state the trap frame lacks (x87/SSE,
 * data segment selectors, segment bases), captured on the CPU itself as it
 * enters the debugger.
 */
struct x86_kgdb_cpu {
	u8 fx[FXSAVE_SIZE] __aligned(16);	/* fxsave image */
	bool fx_valid;		/* fx holds the CPU's state since it entered */
	bool fx_dirty;		/* gdb changed fx: load it on the way out */
	u16 sel[4];		/* ds, es, fs, gs */
	unsigned long fs_base, gs_base;	/* x86_64 */
};

extern struct x86_kgdb_cpu x86_kgdb_cpus[NR_CPUS];

/* kgdb_regs.c: the register table, its features, and the registers it
 * leaves to the backend (x87/SSE, flags, selectors, segment bases). */
enum { X86_CORE, X86_SSE, X86_SEGMENTS, X86_KGDB_FEATURES };
extern const struct kgdb_reg x86_kgdb_regs[GDB_NUM_REGS];
extern const struct kgdb_reg_feature x86_kgdb_features[X86_KGDB_FEATURES];
void x86_kgdb_reg_get(unsigned int regno, u8 *val, const struct pt_regs *regs,
		      unsigned int cpu);
void x86_kgdb_reg_set(unsigned int regno, const u8 *val, struct pt_regs *regs,
		      unsigned int cpu);
void x86_kgdb_task_reg_get(unsigned int regno, u8 *val, const struct task *t);
/* Capture, on the CPU itself, what the frame lacks; reload what gdb changed. */
void x86_kgdb_save_cpu_state(struct x86_kgdb_cpu *c);
void x86_kgdb_restore_cpu_state(struct x86_kgdb_cpu *c);

/* kgdb_step.c */
void x86_kgdb_single_step(struct pt_regs *regs, bool on);

/* kgdb_hw.c */
unsigned int x86_kgdb_hw_slots(enum kgdb_bptype type, unsigned int *first);
long x86_kgdb_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left);
void x86_kgdb_hw_install(const struct kgdb_hw_slot *slots);
int x86_kgdb_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		    uintptr_t *addr);

/* kgdb_hold.c, kgdb_hold_halt.S: held CPUs sleep in hlt until kicked. */
void x86_kgdb_hold_halt(const bool *release);
void x86_kgdb_hold_kick(unsigned int cpu);
void x86_kgdb_hold_woken(struct pt_regs *regs);

#endif
