// SPDX-License-Identifier: MIT
/*
 * The PowerPC (e500) debugger backend: the struct kgdb_arch table and the
 * register table in gdb's powerpc:e500 numbering: r0-r31, the SPE upper
 * halves ev0h-ev31h, pc, msr, cr, lr, ctr, xer, acc, spefscr. The kernel
 * runs no SPE code, so the upper halves, the accumulator and SPEFSCR are
 * what the interrupted code left: saved as each CPU stops and put back,
 * with gdb's changes, as it resumes. Breakpoints are "trap", reported by
 * the program interrupt as DIE_BREAKPOINT; single-step is the core's
 * software step with the next-PC decoder in kgdb_branch.c. The roundup is
 * the critical interrupt NMI (nmi.c); held CPUs doze (kgdb_hold.c).
 */
#include <kernel/string.h>
#include <asm/cacheflush.h>
#include <asm/context.h>
#include <asm/kgdb.h>
#include <asm/reg.h>
#include <asm-generic/kgdb.h>
#include <kgdb.h>
#include "kgdb_ppc.h"

#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define GPR(n, task)	{ "r" #n, 32, 0, NULL, NULL, F(gpr[n]), task }
#define VOLATILE(n)	GPR(n, KGDB_NOWHERE)
#define SAVED(n)	GPR(n, T(gpr[(n) - 14]))
#define EVH(n)		{ "ev" #n "h", 32, 1, NULL, NULL, KGDB_BY_ARCH, KGDB_NOWHERE }

#define MSR_SPV		0x02000000UL	/* SPE available */
#define MSR_IS		0x00000020UL	/* instruction address space */
#define MSR_DS		0x00000010UL	/* data address space */

/*
 * A sleeping task has r14-r31, r1, lr, cr and its resume pc in
 * arch_switch_to()'s save area.
 */
static const struct kgdb_reg ppc_kgdb_regs[GDB_NUM_REGS] = {
	VOLATILE(0), GPR(1, T(sp)), VOLATILE(2), VOLATILE(3), VOLATILE(4), VOLATILE(5),
	VOLATILE(6), VOLATILE(7), VOLATILE(8), VOLATILE(9), VOLATILE(10), VOLATILE(11),
	VOLATILE(12), VOLATILE(13),
	SAVED(14), SAVED(15), SAVED(16), SAVED(17), SAVED(18), SAVED(19), SAVED(20),
	SAVED(21), SAVED(22), SAVED(23), SAVED(24), SAVED(25), SAVED(26), SAVED(27),
	SAVED(28), SAVED(29), SAVED(30), SAVED(31),
	EVH(0), EVH(1), EVH(2), EVH(3), EVH(4), EVH(5), EVH(6), EVH(7),
	EVH(8), EVH(9), EVH(10), EVH(11), EVH(12), EVH(13), EVH(14), EVH(15),
	EVH(16), EVH(17), EVH(18), EVH(19), EVH(20), EVH(21), EVH(22), EVH(23),
	EVH(24), EVH(25), EVH(26), EVH(27), EVH(28), EVH(29), EVH(30), EVH(31),
	{ "pc", 32, 0, "code_ptr", NULL, F(nip), T(pc) },
	{ "msr", 32, 0, NULL, NULL, KGDB_BY_ARCH, KGDB_NOWHERE },
	{ "cr", 32, 0, NULL, NULL, F(cr), T(cr) },
	{ "lr", 32, 0, "code_ptr", NULL, F(link), T(lr) },
	{ "ctr", 32, 0, NULL, NULL, F(ctr), KGDB_NOWHERE },
	{ "xer", 32, 0, NULL, NULL, F(xer), KGDB_NOWHERE },
	{ "acc", 64, 1, NULL, NULL, KGDB_BY_ARCH, KGDB_NOWHERE },
	{ "spefscr", 32, 1, NULL, NULL, KGDB_BY_ARCH, KGDB_NOWHERE },
};

static const struct kgdb_reg_feature ppc_kgdb_features[] = {
	{ "org.gnu.gdb.power.core", NULL },
	{ "org.gnu.gdb.power.spe", NULL },
};

/* The SPE state as each CPU had it when it stopped (offsets used below). */
static struct ppc_spe {
	u32 evh[32];		/* 0 */
	u64 acc;		/* 128 */
	u32 spefscr;		/* 136 */
} spe[NR_CPUS];

static unsigned long spe_open(void)
{
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0" : "=r"(msr));
	__asm__ __volatile__("mtmsr %0\n\tisync" : : "r"(msr | MSR_SPV) : "memory");
	return msr;
}

static void spe_close(unsigned long msr)
{
	__asm__ __volatile__("mtmsr %0\n\tisync" : : "r"(msr) : "memory");
}

/*
 * r0 carries each value: its own upper half is saved first and put back
 * last. 32-bit code never touches upper halves, so they are still the
 * interrupted code's.
 */
static void ppc_kgdb_cpu_enter(unsigned int cpu)
{
	unsigned long msr = spe_open();

	__asm__ __volatile__(".machine push\n\t.machine e500\n\t"
			     "evmergehi 0,0,0\n\tstw 0,0(%0)\n\t"
			     ".irp n,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n\t"
			     "evmergehi 0,\\n,\\n\n\tstw 0,\\n*4(%0)\n\t.endr\n\t"
			     "evxor 0,0,0\n\tevmwumiaa 0,0,0\n\tevstdd 0,128(%0)\n\t"
			     "mfspr 0,512\n\tstw 0,136(%0)\n\t"
			     "lwz 0,0(%0)\n\tevmergelo 0,0,0\n\t"
			     ".machine pop"
			     : : "b"(&spe[cpu]) : "r0", "memory");
	spe_close(msr);
}

static void ppc_kgdb_cpu_leave(unsigned int cpu)
{
	unsigned long msr = spe_open();

	__asm__ __volatile__(".machine push\n\t.machine e500\n\t"
			     ".irp n,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n\t"
			     "lwz 0,\\n*4(%0)\n\tevmergelo \\n,0,\\n\n\t.endr\n\t"
			     "evldd 0,128(%0)\n\tevmra 0,0\n\t"
			     "lwz 0,136(%0)\n\tmtspr 512,0\n\t"
			     "lwz 0,0(%0)\n\tevmergelo 0,0,0\n\t"
			     ".machine pop"
			     : : "b"(&spe[cpu]) : "r0", "memory");
	spe_close(msr);
}

static void *spe_reg(unsigned int regno, unsigned int cpu)
{
	struct ppc_spe *s = &spe[cpu];

	if (regno == GDB_ACC)
		return &s->acc;
	if (regno == GDB_SPEFSCR)
		return &s->spefscr;
	return &s->evh[regno - GDB_EV0H];
}

static size_t spe_size(unsigned int regno)
{
	return regno == GDB_ACC ? sizeof(u64) : sizeof(u32);
}

/*
 * MSR bits a write from gdb leaves as they are: problem state (user mode)
 * and the instruction and data address spaces, whose TLB1 entries are
 * the kernel's only mappings, would take the kernel down on the rfi;
 * without critical interrupts the CPU could no longer be rounded up, and
 * without machine checks it would stop on the next bus error.
 */
#define MSR_KEPT	(MSR_PR | MSR_IS | MSR_DS | MSR_CE | MSR_ME)

static void ppc_kgdb_reg_get(unsigned int regno, u8 *val, const struct pt_regs *regs,
			     unsigned int cpu)
{
	u32 msr = (u32)regs->msr;

	if (regno == GDB_MSR)
		memcpy(val, &msr, sizeof(msr));
	else
		memcpy(val, spe_reg(regno, cpu), spe_size(regno));
}

static void ppc_kgdb_reg_set(unsigned int regno, const u8 *val, struct pt_regs *regs,
			     unsigned int cpu)
{
	u32 msr;

	if (regno == GDB_MSR) {
		memcpy(&msr, val, sizeof(msr));
		regs->msr = (msr & ~MSR_KEPT) | (regs->msr & MSR_KEPT);
	} else {
		memcpy(spe_reg(regno, cpu), val, spe_size(regno));
	}
}

static void ppc_kgdb_flush_icache(uintptr_t addr, size_t len)
{
	flush_icache_range(addr, addr + len);
}

const struct kgdb_arch arch_kgdb_ops = {
	.bp_insn = {
		PPC_KGDB_BREAK_INSN >> 24, (PPC_KGDB_BREAK_INSN >> 16) & 0xff,
		(PPC_KGDB_BREAK_INSN >> 8) & 0xff, PPC_KGDB_BREAK_INSN & 0xff,
	},
	.bp_len = 4,
	.bp_pc_offset = 0,
	.regs = ppc_kgdb_regs,
	.num_regs = GDB_NUM_REGS,
	.reg_features = ppc_kgdb_features,
	.num_reg_features = ARRAY_SIZE(ppc_kgdb_features),
	.tdesc_arch = "powerpc:e500",
	.pc_regno = GDB_PC,
	.sp_regno = GDB_R1,
	.fp_regno = GDB_LR,	/* no frame pointer: lr, which a first unwind step needs */
	.reg_get = ppc_kgdb_reg_get,
	.reg_set = ppc_kgdb_reg_set,
	.get_pc = generic_kgdb_get_pc,
	.set_pc = generic_kgdb_set_pc,
	.next_pcs = ppc_kgdb_next_pcs,
	.step_irqs = ppc_kgdb_step_irqs,
	.roundup_cpus = generic_kgdb_roundup_cpus,
	.hold_wait = ppc_kgdb_hold_wait,
	.hold_kick = ppc_kgdb_hold_kick,
	.hold_woken = ppc_kgdb_hold_woken,
	.cpu_enter = ppc_kgdb_cpu_enter,
	.cpu_leave = ppc_kgdb_cpu_leave,
	.flush_icache = ppc_kgdb_flush_icache,
};
