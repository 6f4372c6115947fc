// SPDX-License-Identifier: MIT
/*
 * gdb's x86 registers: the table the core serves them from (and makes the
 * target description of), and the hooks for the rows not in the trap
 * frame. The general registers and the PC are in the frame; x87/SSE state,
 * the data segment selectors (x86_64) and the segment bases (x86_64) are
 * captured on each CPU as it enters the debugger (struct x86_kgdb_cpu).
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
#include <asm/ptrace.h>
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
#define FX_MXCSR_MASK	28
#define FX_ST0		32	/* 16 bytes per register, 10 used */
#define FX_XMM0		160
#define MXCSR_MASK_DEFAULT 0xffbf

/* Flags gdb may change; the rest (IOPL, NT, VM, ...) keep the frame's value. */
#define EFLAGS_WRITABLE	0x00050fd5UL	/* CF PF AF ZF SF TF IF DF OF RF AC */

#define GPR_BITS	(8 * sizeof(unsigned long))
#define SEG_MASK	0xffff	/* the CPU may push a selector with garbage above */

/* Where a row lives: the trap frame (F), a sleeping task's context (T). */
#define F(f)		KGDB_IN_FRAME(f)
#define T(f)		KGDB_IN_TASK(f)
#define ARCH		KGDB_BY_ARCH
#define NONE		KGDB_NOWHERE

#define GPR(n, f, t, task)	{ n, GPR_BITS, X86_CORE, t, NULL, F(f), task }
#define SEG(n)			{ n, 32, X86_CORE, "int32", NULL, ARCH, NONE }
#define ST(n)			{ "st" #n, 80, X86_CORE, "i387_ext", NULL, ARCH, NONE }
#define FPU(n)			{ n, 32, X86_CORE, NULL, "float", ARCH, NONE }
#define XMM(n)			{ "xmm" #n, 128, X86_SSE, "vec128", "vector", ARCH, NONE }

/* gdb's x86 registers, in its numbering (GDB_* in kgdb_x86.h). */
const struct kgdb_reg x86_kgdb_regs[GDB_NUM_REGS] = {
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
	{ "eflags", 32, X86_CORE, "i386_eflags", NULL, ARCH, NONE },
	{ "cs", 32, X86_CORE, "int32", NULL, ARCH, ARCH },
	{ "ss", 32, X86_CORE, "int32", NULL, ARCH, ARCH },
	SEG("ds"), SEG("es"), SEG("fs"), SEG("gs"),
	ST(0), ST(1), ST(2), ST(3), ST(4), ST(5), ST(6), ST(7),
	FPU("fctrl"), FPU("fstat"), FPU("ftag"), FPU("fiseg"),
	FPU("fioff"), FPU("foseg"), FPU("fooff"), FPU("fop"),
	XMM(0), XMM(1), XMM(2), XMM(3), XMM(4), XMM(5), XMM(6), XMM(7),
#ifdef __x86_64__
	XMM(8), XMM(9), XMM(10), XMM(11), XMM(12), XMM(13), XMM(14), XMM(15),
#endif
	{ "mxcsr", 32, X86_SSE, "i386_mxcsr", "vector", ARCH, NONE },
	/* Not on i386: gdb 13 asserts on org.gnu.gdb.i386.segments there. */
#ifdef __x86_64__
	{ "fs_base", 64, X86_SEGMENTS, NULL, NULL, ARCH, NONE },
	{ "gs_base", 64, X86_SEGMENTS, NULL, NULL, ARCH, NONE },
#endif
};

#define FLAG(n, bit)	"<field name=\"" n "\" start=\"" #bit "\" end=\"" #bit "\"/>"
#define VEC(id, t, n)	"<vector id=\"" id "\" type=\"" t "\" count=\"" #n "\"/>"
#define FIELD(n, t)	"<field name=\"" n "\" type=\"" t "\"/>"

const struct kgdb_reg_feature x86_kgdb_features[X86_KGDB_FEATURES] = {
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

static void put(u8 *val, unsigned int regno, u64 v)
{
	memcpy(val, &v, x86_kgdb_regs[regno].bits / 8);	/* little-endian */
}

static u64 get(const u8 *val, unsigned int regno)
{
	u64 v = 0;

	memcpy(&v, val, x86_kgdb_regs[regno].bits / 8);
	return v;
}

static u16 fx16(const u8 *fx, unsigned int off)
{
	u16 v;

	memcpy(&v, fx + off, sizeof(v));
	return v;
}

static u32 fx32(const u8 *fx, unsigned int off)
{
	u32 v;

	memcpy(&v, fx + off, sizeof(v));
	return v;
}

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
		__asm__ __volatile__("fxrstor %0" : : "m"(*(u8 (*)[FXSAVE_SIZE])fx));
	else
		__asm__ __volatile__("fxsave %0" : "=m"(*(u8 (*)[FXSAVE_SIZE])fx));
	if (!(cr4 & X86_CR4_OSFXSR))
		write_cr4(cr4);
	if (cr0 & (X86_CR0_TS | X86_CR0_EM))
		write_cr0(cr0);
}

void x86_kgdb_save_cpu_state(struct x86_kgdb_cpu *c)
{
	u16 fs, gs;

	c->fx_dirty = false;
	c->fx_valid = have_fxsr();
	if (c->fx_valid)
		fx_access(c->fx, false);
	__asm__ __volatile__("mov %%ds, %0" : "=r"(c->sel[0]));
	__asm__ __volatile__("mov %%es, %0" : "=r"(c->sel[1]));
	__asm__ __volatile__("mov %%fs, %0" : "=r"(fs));
	__asm__ __volatile__("mov %%gs, %0" : "=r"(gs));
	c->sel[2] = fs;
	c->sel[3] = gs;
#ifdef __x86_64__
	c->fs_base = rdmsr(MSR_FS_BASE);
	c->gs_base = rdmsr(MSR_GS_BASE);
#endif
}

void x86_kgdb_restore_cpu_state(struct x86_kgdb_cpu *c)
{
	if (c->fx_valid && c->fx_dirty)
		fx_access(c->fx, true);
	c->fx_valid = false;
	c->fx_dirty = false;
}

/* ---------------------------------------------------------------- x87 tags */

/* gdb's full tag word (2 bits per physical register) from the abridged one. */
static u16 ftag_full(const u8 *fx)
{
	unsigned int top = (fx16(fx, FX_FSW) >> 11) & 7, phys, tag;
	u16 ftw = fx[FX_FTW], full = 0;
	const u8 *st;
	u64 mant;
	u16 exp;

	for (phys = 0; phys < 8; phys++) {
		st = fx + FX_ST0 + 16 * ((phys - top) & 7);
		memcpy(&mant, st, sizeof(mant));
		exp = (st[8] | st[9] << 8) & 0x7fff;
		if (!(ftw & (1 << phys)))
			tag = 3;		/* empty */
		else if (exp == 0x7fff)
			tag = 2;		/* NaN or infinity */
		else if (!exp)
			tag = mant ? 2 : 1;	/* denormal, or zero */
		else
			tag = mant >> 63 ? 0 : 2;	/* valid, or unnormal */
		full |= tag << (2 * phys);
	}
	return full;
}

static u8 ftag_abridged(u16 full)
{
	unsigned int phys;
	u8 ftw = 0;

	for (phys = 0; phys < 8; phys++)
		if (((full >> (2 * phys)) & 3) != 3)
			ftw |= 1 << phys;
	return ftw;
}

static bool is_st(unsigned int regno)
{
	return regno >= GDB_ST0 && regno < GDB_ST0 + 8;
}

static bool is_xmm(unsigned int regno)
{
	return regno >= GDB_XMM0 && regno < GDB_XMM0 + GDB_NUM_XMM;
}

/* An x87/SSE register from the fxsave image. */
static void fx_get(const u8 *fx, unsigned int regno, u8 *val)
{
	if (is_st(regno))
		memcpy(val, fx + FX_ST0 + 16 * (regno - GDB_ST0), 10);
	else if (is_xmm(regno))
		memcpy(val, fx + FX_XMM0 + 16 * (regno - GDB_XMM0), 16);
	else if (regno == GDB_FCTRL)
		put(val, regno, fx16(fx, FX_FCW));
	else if (regno == GDB_FSTAT)
		put(val, regno, fx16(fx, FX_FSW));
	else if (regno == GDB_FTAG)
		put(val, regno, ftag_full(fx));
	else if (regno == GDB_FISEG)
		put(val, regno, fx16(fx, FX_FCS));
	else if (regno == GDB_FIOFF)
		put(val, regno, fx32(fx, FX_FIP));
	else if (regno == GDB_FOSEG)
		put(val, regno, fx16(fx, FX_FDS));
	else if (regno == GDB_FOOFF)
		put(val, regno, fx32(fx, FX_FDP));
	else if (regno == GDB_FOP)
		put(val, regno, fx16(fx, FX_FOP) & 0x7ff);
	else if (regno == GDB_MXCSR)
		put(val, regno, fx32(fx, FX_MXCSR));
}

static void fx_put(u8 *fx, unsigned int off, u64 v, size_t size)
{
	memcpy(fx + off, &v, size);	/* little-endian */
}

/* ... and back into it. */
static void fx_set(u8 *fx, unsigned int regno, const u8 *val)
{
	u32 mask = fx32(fx, FX_MXCSR_MASK) ?: MXCSR_MASK_DEFAULT;
	u64 v = get(val, regno);

	if (is_st(regno))
		memcpy(fx + FX_ST0 + 16 * (regno - GDB_ST0), val, 10);
	else if (is_xmm(regno))
		memcpy(fx + FX_XMM0 + 16 * (regno - GDB_XMM0), val, 16);
	else if (regno == GDB_FCTRL)
		fx_put(fx, FX_FCW, v, 2);
	else if (regno == GDB_FSTAT)
		fx_put(fx, FX_FSW, v, 2);
	else if (regno == GDB_FTAG)
		fx[FX_FTW] = ftag_abridged((u16)v);
	else if (regno == GDB_FISEG)
		fx_put(fx, FX_FCS, v, 2);
	else if (regno == GDB_FIOFF)
		fx_put(fx, FX_FIP, v, 4);
	else if (regno == GDB_FOSEG)
		fx_put(fx, FX_FDS, v, 2);
	else if (regno == GDB_FOOFF)
		fx_put(fx, FX_FDP, v, 4);
	else if (regno == GDB_FOP)
		fx_put(fx, FX_FOP, v & 0x7ff, 2);
	else if (regno == GDB_MXCSR)
		fx_put(fx, FX_MXCSR, v & mask, 4);	/* reserved bits: fxrstor faults */
}

/* ---------------------------------------------------------------- the hooks */

static u16 selector(const struct pt_regs *regs, unsigned int regno, unsigned int cpu)
{
	switch (regno) {
	case GDB_CS:
		return regs->cs & SEG_MASK;
	case GDB_SS:
		return regs->ss & SEG_MASK;
#ifndef __x86_64__
	case GDB_DS:
		return regs->ds & SEG_MASK;
	case GDB_ES:
		return regs->es & SEG_MASK;
	case GDB_FS:
		return regs->fs & SEG_MASK;
	case GDB_GS:
		return regs->gs & SEG_MASK;
#endif
	default:
		return x86_kgdb_cpus[cpu].sel[regno - GDB_DS];
	}
}

void x86_kgdb_reg_get(unsigned int regno, u8 *val, const struct pt_regs *regs,
		      unsigned int cpu)
{
	const struct x86_kgdb_cpu *c = &x86_kgdb_cpus[cpu];

	if (regno == GDB_FLAGS)
		put(val, regno, regs_flags(regs));
	else if (regno >= GDB_CS && regno <= GDB_GS)
		put(val, regno, selector(regs, regno, cpu));
#ifdef __x86_64__
	else if (regno == GDB_FS_BASE)
		put(val, regno, c->fs_base);
	else if (regno == GDB_GS_BASE)
		put(val, regno, c->gs_base);
#endif
	else if (c->fx_valid)
		fx_get(c->fx, regno, val);
}

/*
 * Only some flags and the x87/SSE state take writes (the general
 * registers and the PC are in the frame): segment registers and bases
 * stay as the kernel set them.
 */
void x86_kgdb_reg_set(unsigned int regno, const u8 *val, struct pt_regs *regs,
		      unsigned int cpu)
{
	/* Debugger context runs on one CPU at a time: no need for stack space. */
	static u8 fx[FXSAVE_SIZE] __aligned(16);
	struct x86_kgdb_cpu *c = &x86_kgdb_cpus[cpu];

	if (regno == GDB_FLAGS) {
		regs_flags(regs) = (regs_flags(regs) & ~EFLAGS_WRITABLE) |
				   (get(val, regno) & EFLAGS_WRITABLE);
		return;
	}
	if (regno < GDB_ST0 || regno > GDB_MXCSR || !c->fx_valid)
		return;
	memcpy(fx, c->fx, sizeof(fx));
	fx_set(fx, regno, val);
	if (memcmp(fx, c->fx, sizeof(fx))) {
		memcpy(c->fx, fx, sizeof(fx));
		c->fx_dirty = true;
	}
}

/* A sleeping task runs with the kernel's selectors; the rest is saved or unknown. */
void x86_kgdb_task_reg_get(unsigned int regno, u8 *val, const struct task *t)
{
	put(val, regno, regno == GDB_CS ? __KERNEL_CS : __KERNEL_DS);
}
