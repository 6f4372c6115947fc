// SPDX-License-Identifier: MIT
/*
 * The x86 debugger backend (i386 and x86_64): the struct kgdb_arch table
 * and gdb's registers, the rows of which say where each register lives:
 * the general registers and the PC in the trap frame, x87/SSE state in
 * the fxsave image each CPU takes as it enters the debugger, the data
 * segment selectors (x86_64) and segment bases there too. Single-step is
 * in kgdb_step.c, debug registers in kgdb_hw.c. Held CPUs wait in the hlt
 * of x86_halt_nmi() (halt.S); the master naps on the timer (time.c).
 *
 * The kernel is built -mgeneral-regs-only, so the x87/SSE registers still
 * hold whatever the CPU had: fxsave in the debugger reads the real state,
 * and fxrstor on the way out applies gdb's changes.
 */
#include <kernel/sched.h>
#include <kernel/string.h>
#include <asm/context.h>
#include <asm/desc.h>
#include <asm/processor.h>
#include <asm/percpu.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include "kgdb_x86.h"

#define X86_CR0_EM	(1UL << 2)
#define X86_CR0_TS	(1UL << 3)
#define X86_CR4_OSFXSR	(1UL << 9)
#define CPUID_1_EDX_FXSR (1U << 24)

#define MSR_FS_BASE	0xc0000100
#define MSR_GS_BASE	0xc0000101

/* fxsave image offsets (the 32-bit layout, which fxsave uses without REX.W) */
#define FX_FCW		0
#define FX_FSW		2
#define FX_FTW		4	/* abridged: one "not empty" bit per physical register */
#define FX_FOP		6
#define FX_FIP		8
#define FX_FCS		12
#define FX_FDP		16
#define FX_FDS		20
#define FX_MXCSR	24
#define FX_ST0		32	/* 16 bytes per register, 10 used */
#define FX_XMM0		160

/* Flags gdb may change; the rest (IOPL, NT, VM, ...) keep the frame's value. */
#define EFLAGS_WRITABLE	0x00050fd5UL	/* CF PF AF ZF SF TF IF DF OF RF AC */
/* MXCSR bits fxrstor takes on any CPU (MXCSR_MASK's default): others fault. */
#define MXCSR_WRITABLE	0xffbfUL
#define FOP_WRITABLE	0x7ffUL
#define READ_ONLY	(~0ULL)

#ifdef __x86_64__
#define GPR_BITS	64
#define FLAGS		rflags
#define TDESC_ARCH	"i386:x86-64"
#define TRIPLE_ARCH	"x86_64"
#else
#define GPR_BITS	32
#define FLAGS		eflags
#define TDESC_ARCH	"i386"
#define TRIPLE_ARCH	"i386"
#endif

enum { X86_CORE, X86_SSE, X86_SEGMENTS, X86_FEATURES };

/* Where a row lives: the trap frame (F), a sleeping task's context (T), the fxsave image (FX). */
#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define FX(off, n)	KGDB_LOC(KGDB_LOC_CPU, __builtin_offsetof(struct kgdb_arch_cpu, fx) + (off), (n))
#define NONE		KGDB_NOWHERE

#define GPR(n, f, t, task)	KGDB_REG(n, GPR_BITS, X86_CORE, t, NULL, F(f), task, 0)
/* Selectors: read only; a sleeping task runs with the kernel's. */
#define SEG(n, loc, task)	KGDB_REG(n, 32, X86_CORE, "int32", NULL, loc, KGDB_CONST(task), READ_ONLY)
#define SEG_FRAME(n, f, task)	SEG(n, KGDB_IN_FRAME_LOW(f, 2), task)
#define ST(n)		KGDB_REG("st" #n, 80, X86_CORE, "i387_ext", NULL, FX(FX_ST0 + 16 * (n), 10), NONE, 0)
#define FPU(n, off, size, keep)	KGDB_REG(n, 32, X86_CORE, NULL, "float", FX(off, size), NONE, keep)
#define XMM(n)		KGDB_REG("xmm" #n, 128, X86_SSE, "vec128", "vector",		\
				 FX(FX_XMM0 + 16 * (n), 16), NONE, 0)
#define BASE(n, f)	KGDB_REG(n, 64, X86_SEGMENTS, NULL, NULL, KGDB_IN_CPU(f), NONE, READ_ONLY)

/* gdb's x86 registers, in its numbering. */
static const struct kgdb_reg x86_kgdb_regs[] = {
#ifdef __x86_64__
	GPR("rax", rax, "int64", NONE), GPR("rbx", rbx, "int64", T(rbx)),
	GPR("rcx", rcx, "int64", NONE), GPR("rdx", rdx, "int64", NONE),
	GPR("rsi", rsi, "int64", NONE), GPR("rdi", rdi, "int64", NONE),
	GPR("rbp", rbp, "data_ptr", T(rbp)), GPR("rsp", rsp, "data_ptr", T(rsp)),
	GPR("r8", r8, "int64", NONE), GPR("r9", r9, "int64", NONE),
	GPR("r10", r10, "int64", NONE), GPR("r11", r11, "int64", NONE),
	GPR("r12", r12, "int64", T(r12)), GPR("r13", r13, "int64", T(r13)),
	GPR("r14", r14, "int64", T(r14)), GPR("r15", r15, "int64", T(r15)),
	GPR("rip", rip, "code_ptr", T(rip)),
#else
	GPR("eax", eax, "int32", NONE), GPR("ecx", ecx, "int32", NONE),
	GPR("edx", edx, "int32", NONE), GPR("ebx", ebx, "int32", T(ebx)),
	GPR("esp", esp, "data_ptr", T(esp)), GPR("ebp", ebp, "data_ptr", T(ebp)),
	GPR("esi", esi, "int32", T(esi)), GPR("edi", edi, "int32", T(edi)),
	GPR("eip", eip, "code_ptr", T(eip)),
#endif
	KGDB_REG("eflags", 32, X86_CORE, "i386_eflags", NULL, F(FLAGS), NONE, ~EFLAGS_WRITABLE),
	SEG_FRAME("cs", cs, __KERNEL_CS), SEG_FRAME("ss", ss, __KERNEL_DS),
#ifdef __x86_64__
	SEG("ds", KGDB_IN_CPU(sel[0]), __KERNEL_DS), SEG("es", KGDB_IN_CPU(sel[1]), __KERNEL_DS),
	SEG("fs", KGDB_IN_CPU(sel[2]), __KERNEL_DS), SEG("gs", KGDB_IN_CPU(sel[3]), __KERNEL_DS),
#else
	SEG_FRAME("ds", ds, __KERNEL_DS), SEG_FRAME("es", es, __KERNEL_DS),
	SEG_FRAME("fs", fs, __KERNEL_DS), SEG_FRAME("gs", gs, __KERNEL_DS),
#endif
#ifdef CONFIG_KGDB_FULL_REGS
	ST(0), ST(1), ST(2), ST(3), ST(4), ST(5), ST(6), ST(7),
	FPU("fctrl", FX_FCW, 2, 0), FPU("fstat", FX_FSW, 2, 0),
	KGDB_REG("ftag", 32, X86_CORE, NULL, "float", KGDB_BY_ARCH, NONE, 0),
	FPU("fiseg", FX_FCS, 2, 0), FPU("fioff", FX_FIP, 4, 0),
	FPU("foseg", FX_FDS, 2, 0), FPU("fooff", FX_FDP, 4, 0),
	FPU("fop", FX_FOP, 2, ~FOP_WRITABLE),
	XMM(0), XMM(1), XMM(2), XMM(3), XMM(4), XMM(5), XMM(6), XMM(7),
#ifdef __x86_64__
	XMM(8), XMM(9), XMM(10), XMM(11), XMM(12), XMM(13), XMM(14), XMM(15),
#endif
	KGDB_REG("mxcsr", 32, X86_SSE, "i386_mxcsr", "vector", FX(FX_MXCSR, 4), NONE, ~MXCSR_WRITABLE),
	/* Not on i386: gdb 13 asserts on org.gnu.gdb.i386.segments there. */
#ifdef __x86_64__
	BASE("fs_base", fs_base), BASE("gs_base", gs_base),
#endif
#endif	/* without them, gdb shows x87, SSE and the segment bases as unavailable */
};

#define FLAG(n, bit)	"<field name=\"" n "\" start=\"" #bit "\" end=\"" #bit "\"/>"
#define VEC(id, t, n)	"<vector id=\"" id "\" type=\"" t "\" count=\"" #n "\"/>"
#define FIELD(n, t)	"<field name=\"" n "\" type=\"" t "\"/>"

static const struct kgdb_reg_feature x86_kgdb_features[X86_FEATURES] = {
	[X86_CORE] = { "org.gnu.gdb.i386.core",
		"<flags id=\"i386_eflags\" size=\"4\">"
		FLAG("CF", 0) FLAG("PF", 2) FLAG("AF", 4) FLAG("ZF", 6) FLAG("SF", 7)
		FLAG("TF", 8) FLAG("IF", 9) FLAG("DF", 10) FLAG("OF", 11) FLAG("NT", 14)
		FLAG("RF", 16) FLAG("VM", 17) FLAG("AC", 18) FLAG("VIF", 19)
		FLAG("VIP", 20) FLAG("ID", 21) "</flags>" },
	[X86_SSE] = { "org.gnu.gdb.i386.sse",
		VEC("v4f", "ieee_single", 4) VEC("v2d", "ieee_double", 2)
		VEC("v16i8", "int8", 16) VEC("v8i16", "int16", 8)
		VEC("v4i32", "int32", 4) VEC("v2i64", "int64", 2)
		"<union id=\"vec128\">"
		FIELD("v4_float", "v4f") FIELD("v2_double", "v2d") FIELD("v16_int8", "v16i8")
		FIELD("v8_int16", "v8i16") FIELD("v4_int32", "v4i32") FIELD("v2_int64", "v2i64")
		FIELD("uint128", "uint128") "</union>"
		"<flags id=\"i386_mxcsr\" size=\"4\">"
		FLAG("IE", 0) FLAG("DE", 1) FLAG("ZE", 2) FLAG("OE", 3) FLAG("UE", 4)
		FLAG("PE", 5) FLAG("DAZ", 6) FLAG("IM", 7) FLAG("DM", 8) FLAG("ZM", 9)
		FLAG("OM", 10) FLAG("UM", 11) FLAG("PM", 12) FLAG("FZ", 15) "</flags>" },
	[X86_SEGMENTS] = { "org.gnu.gdb.i386.segments", NULL },
};

#ifdef CONFIG_KGDB_FULL_REGS
/* ---------------------------------------------------------------- fxsave */

static bool have_fxsr(void)
{
	u32 a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	return d & CPUID_1_EDX_FXSR;
}

/*
 * fxsave/fxrstor regardless of how the kernel set up CR0/CR4: with TS or
 * EM set they would fault, and without OSFXSR they may skip the XMM
 * registers. Both are switched only for the one instruction.
 */
static void fx_access(u8 *fx, bool load)
{
	unsigned long cr0 = read_cr0(), cr4 = read_cr4();

	if (cr0 & (X86_CR0_TS | X86_CR0_EM))
		write_cr0(cr0 & ~(X86_CR0_TS | X86_CR0_EM));
	if (!(cr4 & X86_CR4_OSFXSR))
		write_cr4(cr4 | X86_CR4_OSFXSR);
	if (load)
		__asm__ __volatile__("fxrstor %0" : : "m"(*(u8 (*)[X86_FXSAVE_SIZE])fx));
	else
		__asm__ __volatile__("fxsave %0" : "=m"(*(u8 (*)[X86_FXSAVE_SIZE])fx));
	if (!(cr4 & X86_CR4_OSFXSR))
		write_cr4(cr4);
	if (cr0 & (X86_CR0_TS | X86_CR0_EM))
		write_cr0(cr0);
}

#endif

/* Every CPU, master or held, on the way in: keep what the frame lacks. */
static void x86_kgdb_cpu_enter(struct kgdb_arch_cpu *st)
{
#ifdef CONFIG_KGDB_FULL_REGS
	st->fx_valid = have_fxsr();
	if (st->fx_valid)
		fx_access(st->fx, false);
#endif
#ifdef __x86_64__
	__asm__ __volatile__("mov %%ds, %0" : "=r"(st->sel[0]));
	__asm__ __volatile__("mov %%es, %0" : "=r"(st->sel[1]));
	__asm__ __volatile__("mov %%fs, %0" : "=r"(st->sel[2]));
	__asm__ __volatile__("mov %%gs, %0" : "=r"(st->sel[3]));
	st->fs_base = rdmsr(MSR_FS_BASE);
	st->gs_base = rdmsr(MSR_GS_BASE);
#endif
}

#ifdef CONFIG_KGDB_FULL_REGS
/* ... and on the way out: gdb's x87/SSE changes. */
static void x86_kgdb_cpu_leave(struct kgdb_arch_cpu *st)
{
	if (st->fx_valid)
		fx_access(st->fx, true);
}

/* ---------------------------------------------------------------- x87 tags */

/* gdb's full tag word (2 bits per physical register) from the abridged one. */
static void ftag_get(unsigned int regno, u8 *val, const struct pt_regs *regs,
		     const struct kgdb_arch_cpu *st)
{
	unsigned int top = (st->fx[FX_FSW + 1] >> 3) & 7, phys, tag;
	u32 full = 0;
	const u8 *reg;
	u64 mant;
	u16 exp;

	for (phys = 0; phys < 8; phys++) {
		reg = st->fx + FX_ST0 + 16 * ((phys - top) & 7);
		memcpy(&mant, reg, sizeof(mant));
		exp = (reg[8] | reg[9] << 8) & 0x7fff;
		if (!(st->fx[FX_FTW] & (1 << phys)))
			tag = 3;		/* empty */
		else if (exp == 0x7fff)
			tag = 2;		/* NaN or infinity */
		else if (!exp)
			tag = mant ? 2 : 1;	/* denormal, or zero */
		else
			tag = mant >> 63 ? 0 : 2;	/* valid, or unnormal */
		full |= tag << (2 * phys);
	}
	memcpy(val, &full, sizeof(full));	/* little-endian */
}

/* ... and the abridged one from gdb's: a register is empty or it is not. */
static void ftag_set(unsigned int regno, const u8 *val, struct pt_regs *regs,
		     struct kgdb_arch_cpu *st)
{
	unsigned int phys;
	u8 ftw = 0;

	for (phys = 0; phys < 8; phys++)
		if (((val[phys / 4] >> (2 * (phys % 4))) & 3) != 3)
			ftw |= 1 << phys;
	st->fx[FX_FTW] = ftw;
}
#endif

/* A held CPU's wait for its release: the master's kick is an NMI. */
static void x86_kgdb_hold_wait(const bool *release)
{
	x86_halt_nmi(release, x86_nmis_blocked());
}

const struct kgdb_arch arch_kgdb_ops = {
	KGDB_BREAK_INSN(X86_BREAKPOINT_INSN, 1, 1),
	KGDB_REGISTERS(x86_kgdb_regs, x86_kgdb_features, TDESC_ARCH, TRIPLE_ARCH, GDB_PC, GDB_SP,
		       GDB_BP),
#ifdef CONFIG_KGDB_FULL_REGS
	.reg = { .get = ftag_get, .set = ftag_set },	/* the one row by the arch */
	.cpu = { .enter = x86_kgdb_cpu_enter, .leave = x86_kgdb_cpu_leave },
#else
	.cpu.enter = x86_kgdb_cpu_enter,
#endif
	.step = { .irq = KGDB_IRQ_ENABLE(FLAGS, X86_EFLAGS_IF), .single = x86_kgdb_single_step },
	.hold = { .wait = x86_kgdb_hold_wait, .window_start = x86_halt_nmi_window,
		  .window_end = x86_halt_nmi_window_end },
	.idle = x86_timer_nap,
#ifdef CONFIG_KGDB_HW_BREAKPOINTS
	.hw = &x86_kgdb_hw,
#endif
#ifdef CONFIG_KGDB_XOL
	.xol = &x86_kgdb_xol,
#endif
};
