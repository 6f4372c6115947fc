// SPDX-License-Identifier: MIT
/*
 * The MIPS debugger backend: the struct kgdb_arch table and the register
 * table in gdb's "mips" numbering (r0-r31, status, lo, hi, badvaddr,
 * cause, pc, then the FPU's f0-f31, fcsr, fir: gdb's MIPS support insists
 * on the FPU feature, so its registers are served, as the CPU has them).
 * Breakpoints are "break", reported by the trap handler as
 * DIE_BREAKPOINT; single-step is the core's software step with the
 * next-PC decoder in arch/mips/lib/next_pc.c. QEMU raises no watch exceptions
 * (WatchLo/WatchHi are storage only), so there are no hardware slots:
 * gdb falls back to software watchpoints. The roundup is the tick-polled
 * stand-in for an NMI (smp.c). Nothing could wake a held CPU from a wait
 * but its own timer, so held CPUs nap on it, as the master does while gdb
 * is silent (mips_timer_nap(), time.c), and look for their release
 * between naps.
 */
#include <asm/context.h>
#include <asm/kgdb.h>
#include <asm/mipsregs.h>
#include <asm/next_pc.h>
#include <asm/setup.h>
#include <kgdb.h>

/* gdb's register numbers the table names */
#define GDB_SP		29
#define GDB_FP		30
#define GDB_PC		37

#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define GPR(n, task)	KGDB_REG("r" #n, 32, 0, NULL, NULL, F(regs[n]), task, 0)
#define SAVED(n)	GPR(n, KGDB_NOWHERE)
#define CP0(n, f)	KGDB_REG(n, 32, 1, NULL, NULL, F(f), KGDB_NOWHERE, 0)
#define FPU(n, f, g, k)	KGDB_REG(n, 32, 2, g, NULL, KGDB_IN_CPU(f), KGDB_NOWHERE, k)
#define FPR(n)		FPU("f" #n, f[n], "ieee_single", 0)

#define ST0_CU1		0x20000000UL	/* coprocessor 1 (the FPU) usable */
#define CONFIG1_FP	0x00000001UL	/* an FPU is there */

/*
 * Status bits a write from gdb leaves as they are: the exit path's eret
 * into user mode (KSU), error level or the boot vectors would take the
 * kernel down; EXL is the exit path's own.
 */
#define STATUS_KEPT	(ST0_KSU | ST0_ERL | ST0_EXL | ST0_BEV)

/*
 * A sleeping task has s0-s7, sp, fp and ra in arch_switch_to()'s save
 * area and resumes at its pc there. r0 is zero, in any frame. fir
 * describes the FPU and cannot change.
 */
static const struct kgdb_reg mips_kgdb_regs[] = {
	KGDB_REG("r0", 32, 0, NULL, NULL, KGDB_NOWHERE, KGDB_NOWHERE, 0),
	SAVED(1), SAVED(2), SAVED(3), SAVED(4), SAVED(5), SAVED(6), SAVED(7),
	SAVED(8), SAVED(9), SAVED(10), SAVED(11), SAVED(12), SAVED(13), SAVED(14),
	SAVED(15),
	GPR(16, T(s[0])), GPR(17, T(s[1])), GPR(18, T(s[2])), GPR(19, T(s[3])),
	GPR(20, T(s[4])), GPR(21, T(s[5])), GPR(22, T(s[6])), GPR(23, T(s[7])),
	SAVED(24), SAVED(25), SAVED(26), SAVED(27), SAVED(28),
	GPR(29, T(sp)), GPR(30, T(fp)), GPR(31, T(ra)),
	KGDB_REG("status", 32, 1, NULL, NULL, F(cp0_status), KGDB_NOWHERE, STATUS_KEPT),
	KGDB_REG("lo", 32, 0, NULL, NULL, F(lo), KGDB_NOWHERE, 0),
	KGDB_REG("hi", 32, 0, NULL, NULL, F(hi), KGDB_NOWHERE, 0),
	CP0("badvaddr", cp0_badvaddr), CP0("cause", cp0_cause),
	KGDB_REG("pc", 32, 0, NULL, NULL, F(cp0_epc), T(pc), 0),
	FPR(0), FPR(1), FPR(2), FPR(3), FPR(4), FPR(5), FPR(6), FPR(7),
	FPR(8), FPR(9), FPR(10), FPR(11), FPR(12), FPR(13), FPR(14), FPR(15),
	FPR(16), FPR(17), FPR(18), FPR(19), FPR(20), FPR(21), FPR(22), FPR(23),
	FPR(24), FPR(25), FPR(26), FPR(27), FPR(28), FPR(29), FPR(30), FPR(31),
	FPU("fcsr", fcsr, "float", 0), FPU("fir", fir, "float", ~0ULL),
};

static const struct kgdb_reg_feature mips_kgdb_features[] = {
	{ "org.gnu.gdb.mips.cpu", NULL },
	{ "org.gnu.gdb.mips.cp0", NULL },
	{ "org.gnu.gdb.mips.fpu", NULL },
};

/* f0-f31 to (swc1) or from (lwc1) the save area at %[f] */
#define FPRS(op)	".set push\n\t.set hardfloat\n\t"					\
	".irp n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n\t" \
	op " $f\\n, \\n*4(%[f])\n\t.endr\n\t"

/* The FPU's registers into @st, or back (@leave), with the FPU usable meanwhile. */
static void fpu_transfer(struct kgdb_arch_cpu *st, bool leave)
{
	unsigned long status;

	__asm__ __volatile__("mfc0 %0, " CP0_STATUS : "=r"(status));
	__asm__ __volatile__("mtc0 %0, " CP0_STATUS "\n\tehb" : : "r"(status | ST0_CU1) : "memory");
	if (leave)
		__asm__ __volatile__(FPRS("lwc1") "ctc1 %[csr], $31\n\t.set pop"
				     : : [f] "r"(st->f), [csr] "r"(st->fcsr) : "memory");
	else
		__asm__ __volatile__(FPRS("swc1") "cfc1 %[csr], $31\n\tcfc1 %[ir], $0\n\t.set pop"
				     : [csr] "=&r"(st->fcsr), [ir] "=&r"(st->fir) : [f] "r"(st->f)
				     : "memory");
	__asm__ __volatile__("mtc0 %0, " CP0_STATUS "\n\tehb" : : "r"(status) : "memory");
}

static void mips_kgdb_cpu_enter(struct kgdb_arch_cpu *st)
{
	unsigned long config1;

	__asm__ __volatile__("mfc0 %0, " CP0_CONFIG1 : "=r"(config1));
	st->fpu = config1 & CONFIG1_FP;
	if (st->fpu)
		fpu_transfer(st, false);
}

static void mips_kgdb_cpu_leave(struct kgdb_arch_cpu *st)
{
	if (st->fpu)
		fpu_transfer(st, true);
}

/* gdb's "mips" is either byte order; an LLVM triple says which. */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define TRIPLE_ARCH	"mips"
#else
#define TRIPLE_ARCH	"mipsel"
#endif

/* How late a held CPU may see its release. */
#define HOLD_NAP_US	1000

static void mips_kgdb_hold_wait(const bool *release)
{
	if (!__atomic_load_n(release, __ATOMIC_ACQUIRE))
		mips_timer_nap(HOLD_NAP_US);
}

const struct kgdb_arch arch_kgdb_ops = {
	KGDB_BREAK_INSN(MIPS_KGDB_BREAK_INSN, 4, 0),
	KGDB_REGISTERS(mips_kgdb_regs, mips_kgdb_features, "mips", TRIPLE_ARCH, GDB_PC, GDB_SP,
		       GDB_FP),
	.step = { .irq = KGDB_IRQ_ENABLE(cp0_status, ST0_IE), .next_pcs = mips_next_pcs },
	.cpu = { .enter = mips_kgdb_cpu_enter, .leave = mips_kgdb_cpu_leave },
	.hold.wait = mips_kgdb_hold_wait,
	.idle = mips_timer_nap,
};
