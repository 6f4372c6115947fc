// SPDX-License-Identifier: MIT
/*
 * The PowerPC (e500) debugger backend: the struct kgdb_arch table and the
 * register table in gdb's powerpc:e500 numbering: r0-r31, the SPE upper
 * halves ev0h-ev31h, pc, msr, cr, lr, ctr, xer, acc, spefscr. The kernel
 * runs no SPE code, so the upper halves, the accumulator and SPEFSCR are
 * what the interrupted code left: saved as each CPU stops and put back,
 * with gdb's changes, as it resumes. Breakpoints are "trap", reported by
 * the program interrupt as DIE_BREAKPOINT; single-step is the core's
 * software step with the next-PC decoder in arch/powerpc/lib/next_pc.c.
 * The roundup is the critical interrupt NMI (nmi.c); held CPUs doze
 * (doze.S), and so does the master while gdb is silent (ppc_timer_nap(),
 * time.c).
 */
#include <kernel/mpic.h>
#include <asm/context.h>
#include <asm/kgdb.h>
#include <asm/next_pc.h>
#include <asm/reg.h>
#include <asm/setup.h>
#include <kgdb.h>

/* gdb's powerpc:e500 register numbers the table names */
#define GDB_R1		1
#define GDB_PC		64
#define GDB_LR		67

#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define GPR(n, task)	KGDB_REG("r" #n, 32, 0, NULL, NULL, F(gpr[n]), task, 0)
#define VOLATILE(n)	GPR(n, KGDB_NOWHERE)
#define SAVED(n)	GPR(n, T(gpr[(n) - 14]))
#define SPE(n, bits, f)	KGDB_REG(n, bits, 1, NULL, NULL, KGDB_IN_CPU(f), KGDB_NOWHERE, 0)
#define EVH(n)		SPE("ev" #n "h", 32, evh[n])
#define SPR(n, f, task, t)	KGDB_REG(n, 32, 0, t, NULL, F(f), task, 0)

#define MSR_IS		0x00000020UL	/* instruction address space */
#define MSR_DS		0x00000010UL	/* data address space */

/*
 * MSR bits a write from gdb leaves as they are: problem state (user mode)
 * and the instruction and data address spaces, whose TLB1 entries are
 * the kernel's only mappings, would take the kernel down on the rfi;
 * without critical interrupts the CPU could no longer be rounded up, and
 * without machine checks it would stop on the next bus error.
 */
#define MSR_KEPT	(MSR_PR | MSR_IS | MSR_DS | MSR_CE | MSR_ME)

/*
 * A sleeping task has r14-r31, r1, lr, cr and its resume pc in
 * arch_switch_to()'s save area.
 */
static const struct kgdb_reg ppc_kgdb_regs[] = {
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
	SPR("pc", nip, T(pc), "code_ptr"),
	KGDB_REG("msr", 32, 0, NULL, NULL, F(msr), KGDB_NOWHERE, MSR_KEPT),
	SPR("cr", cr, T(cr), NULL), SPR("lr", link, T(lr), "code_ptr"),
	SPR("ctr", ctr, KGDB_NOWHERE, NULL), SPR("xer", xer, KGDB_NOWHERE, NULL),
	SPE("acc", 64, acc), SPE("spefscr", 32, spefscr),
};

static const struct kgdb_reg_feature ppc_kgdb_features[] = {
	{ "org.gnu.gdb.power.core", NULL },
	{ "org.gnu.gdb.power.spe", NULL },
};

_Static_assert(__builtin_offsetof(struct kgdb_arch_cpu, acc) == 128 &&
	       __builtin_offsetof(struct kgdb_arch_cpu, spefscr) == 136, "the offsets below");

/*
 * An SPE sequence on the save area at %0, with SPE made available
 * (MSR[SPV], the old MSR kept in r11) for it alone. r0 carries each value:
 * its own upper half is saved first and put back last. 32-bit code never
 * touches upper halves, so they are still the interrupted code's.
 */
#define SPE_ASM(body)	"mfmsr 11\n\toris 12,11,0x0200\n\tmtmsr 12\n\tisync\n\t"	\
			".machine push\n\t.machine e500\n\t" body			\
			"lwz 0,0(%0)\n\tevmergelo 0,0,0\n\t.machine pop\n\tmtmsr 11\n\tisync"
#define EACH_GPR(body)	".irp n,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n\t" \
			body "\n\t.endr\n\t"

static void ppc_kgdb_cpu_enter(struct kgdb_arch_cpu *st)
{
	__asm__ __volatile__(SPE_ASM("evmergehi 0,0,0\n\tstw 0,0(%0)\n\t"
				     EACH_GPR("evmergehi 0,\\n,\\n\n\tstw 0,\\n*4(%0)")
				     "evxor 0,0,0\n\tevmwumiaa 0,0,0\n\tevstdd 0,128(%0)\n\t"
				     "mfspr 0,512\n\tstw 0,136(%0)\n\t")
			     : : "b"(st) : "r0", "r11", "r12", "memory");
}

static void ppc_kgdb_cpu_leave(struct kgdb_arch_cpu *st)
{
	__asm__ __volatile__(SPE_ASM(EACH_GPR("lwz 0,\\n*4(%0)\n\tevmergelo \\n,0,\\n")
				     "evldd 0,128(%0)\n\tevmra 0,0\n\tlwz 0,136(%0)\n\tmtspr 512,0\n\t")
			     : : "b"(st) : "r0", "r11", "r12", "memory");
}

/*
 * Held CPUs doze (MSR[WE], HID0[DOZE]) instead of spinning. QEMU runs
 * qemu-system-ppc's vCPUs round-robin on one host thread: a spinning one
 * keeps the others, the master among them, off for up to TCG's 100 ms
 * kick period. QEMU's e500 wakes from the doze only for an interrupt it
 * can take, so the held CPU dozes with EE and CE on and the external and
 * decrementer interrupts masked at their sources (MPIC task priority 15,
 * TCR[DIE]): what wakes it is the master's kick, the critical interrupt
 * NMI (smp_send_nmi()), which the core absorbs. A kick taken between the
 * release test and the doze would be slept through: the core moves the
 * CPU past the doze (the hold window).
 */
static void ppc_kgdb_hold_wait(const bool *release)
{
	unsigned long msr = mfmsr(), tcr = mfspr(SPRN_TCR);

	mtspr(SPRN_TCR, tcr & ~TCR_DIE);
	mpic_set_task_priority(MPIC_MAX_PRIORITY);
	ppc_doze_unless(release, msr | MSR_CE | MSR_EE | MSR_WE);
	mtmsr(msr);
	mpic_set_task_priority(0);
	mtspr(SPRN_TCR, tcr);
}

const struct kgdb_arch arch_kgdb_ops = {
	KGDB_BREAK_INSN(PPC_KGDB_BREAK_INSN, 4, 0),
	/* no frame pointer: lr, which a first unwind step needs */
	KGDB_REGISTERS(ppc_kgdb_regs, ppc_kgdb_features, "powerpc:e500", "powerpc", GDB_PC, GDB_R1,
		       GDB_LR),
	.step = { .irq = KGDB_IRQ_ENABLE(msr, MSR_EE), .next_pcs = ppc_next_pcs },
	.hold = { .wait = ppc_kgdb_hold_wait, .sleep_always = true,
		  .window_start = ppc_doze_window,
		  .window_end = ppc_doze_window_end },
	.cpu = { .enter = ppc_kgdb_cpu_enter, .leave = ppc_kgdb_cpu_leave },
	.idle = ppc_timer_nap,
};
