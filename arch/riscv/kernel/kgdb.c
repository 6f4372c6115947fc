// SPDX-License-Identifier: MIT
/*
 * The RISC-V debugger backend: the struct kgdb_arch table and gdb's
 * registers (org.gnu.gdb.riscv.cpu: x0-x31 and pc; org.gnu.gdb.riscv.csr:
 * the trap CSRs; no FPU, the kernel is built without F/D). Breakpoints are
 * c.ebreak, reported by the trap handler as DIE_BREAKPOINT; single-step is
 * the core's software step with the next-PC decoder of
 * arch/riscv/lib/next_pc.c (S-mode has no step trap). There are no hardware slots: QEMU's triggers are
 * M-mode CSRs and OpenSBI 1.1 offers no debug-trigger extension. The
 * roundup is an IPI (no NMI in S-mode, see smp.c).
 */
#include <asm/context.h>
#include <asm/csr.h>
#include <asm/kgdb.h>
#include <asm/next_pc.h>
#include <asm/setup.h>
#include <kgdb.h>

/* gdb's register numbers the table names */
#define GDB_SP		2
#define GDB_FP		8
#define GDB_PC		32

#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define X(n, name, type, task)	KGDB_REG(name, 64, 0, type, NULL, F(x[n]), task, 0)
#define TMP(n, name)	X(n, name, NULL, KGDB_NOWHERE)
#define SREG(n, name, i)	X(n, name, NULL, T(s[i]))
#define CSR(name, f, task, keep)	KGDB_REG(name, 64, 1, NULL, NULL, F(f), task, keep)

#define SR_MXR		(1UL << 19)
/*
 * sstatus bits a write from gdb may change: the interrupt enable the CPU
 * resumes with, SUM and MXR. The rest (SPP: back to S-mode; SIE: off
 * until the exit path's sret) the exit path needs as they are.
 */
#define SSTATUS_KEPT	(~(SR_SPIE | SR_SUM | SR_MXR))

/*
 * A sleeping task has ra, sp and s0-s11 in arch_switch_to()'s save area
 * and resumes at ra, in schedule(). x0 is zero in any frame; scause and
 * stval describe the trap and cannot change.
 */
static const struct kgdb_reg riscv_kgdb_regs[] = {
	KGDB_REG("zero", 64, 0, "int", NULL, KGDB_NOWHERE, KGDB_NOWHERE, 0),
	X(1, "ra", "code_ptr", T(ra)), X(2, "sp", "data_ptr", T(sp)),
	X(3, "gp", "data_ptr", KGDB_NOWHERE), X(4, "tp", "data_ptr", KGDB_NOWHERE),
	TMP(5, "t0"), TMP(6, "t1"), TMP(7, "t2"),
	X(8, "fp", "data_ptr", T(s[0])), SREG(9, "s1", 1),
	TMP(10, "a0"), TMP(11, "a1"), TMP(12, "a2"), TMP(13, "a3"),
	TMP(14, "a4"), TMP(15, "a5"), TMP(16, "a6"), TMP(17, "a7"),
	SREG(18, "s2", 2), SREG(19, "s3", 3), SREG(20, "s4", 4), SREG(21, "s5", 5),
	SREG(22, "s6", 6), SREG(23, "s7", 7), SREG(24, "s8", 8), SREG(25, "s9", 9),
	SREG(26, "s10", 10), SREG(27, "s11", 11),
	TMP(28, "t3"), TMP(29, "t4"), TMP(30, "t5"), TMP(31, "t6"),
	KGDB_REG("pc", 64, 0, "code_ptr", NULL, F(sepc), T(ra), 0),
	CSR("sstatus", sstatus, KGDB_CONST(SR_SPP | SR_SPIE), SSTATUS_KEPT),
	CSR("stval", stval, KGDB_NOWHERE, ~0ULL),
	CSR("scause", scause, KGDB_NOWHERE, ~0ULL),
};

static const struct kgdb_reg_feature riscv_kgdb_features[] = {
	{ "org.gnu.gdb.riscv.cpu", NULL },
	{ "org.gnu.gdb.riscv.csr", NULL },
};

/*
 * Held CPUs sleep in wfi: a spinning vCPU takes a host core from the one
 * that talks to gdb. wfi ends on an interrupt pending and enabled in sie
 * even with sstatus.SIE off, so meanwhile sie lets only the IPI (the
 * core's kick) through: a tick that came while the CPU was held would
 * otherwise end every wfi at once. A kick sent after the release test is
 * pending and ends the wfi.
 */
static void riscv_kgdb_hold_wait(const bool *release)
{
	unsigned long sie = csr_read_clear(sie, SIE_STIE | SIE_SEIE);

	if (!__atomic_load_n(release, __ATOMIC_ACQUIRE))
		__asm__ __volatile__("wfi" : : : "memory");
	csr_write(sie, sie);
}

/* Text the master wrote while this CPU was held: see flush_icache_range(). */
static void riscv_kgdb_cpu_leave(struct kgdb_arch_cpu *st)
{
	__asm__ __volatile__("fence.i" : : : "memory");
}

const struct kgdb_arch arch_kgdb_ops = {
	KGDB_BREAK_INSN(RISCV_KGDB_BREAK_INSN, 2, 0),
	KGDB_BREAK_INSN_ALT(RISCV_EBREAK, 4),
	KGDB_REGISTERS(riscv_kgdb_regs, riscv_kgdb_features, "riscv:rv64", "riscv64", GDB_PC,
		       GDB_SP, GDB_FP),
	.step = { .irq = KGDB_IRQ_ENABLE(sstatus, SR_SPIE), .next_pcs = riscv_next_pcs },
	.hold.wait = riscv_kgdb_hold_wait,
	.idle = riscv_timer_nap,
	.cpu.leave = riscv_kgdb_cpu_leave,
};
