// SPDX-License-Identifier: MIT
/*
 * gdb's x86 register block ('g' packet), both directions: the general
 * registers come from the trap frame; x87/SSE state, the data segment
 * selectors (x86_64) and the segment bases (x86_64) are captured on each CPU as it
 * enters the debugger (struct x86_kgdb_cpu), since the frame lacks them.
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

#define PT(field)	__builtin_offsetof(struct pt_regs, field)
#define NO_FIELD	0xffff

/* Where each general register lives in struct pt_regs, by gdb number. */
static const u16 gpr_offset[GDB_ST0] = {
#ifdef __x86_64__
	[GDB_AX] = PT(rax), [GDB_BX] = PT(rbx), [GDB_CX] = PT(rcx), [GDB_DX] = PT(rdx),
	[GDB_SI] = PT(rsi), [GDB_DI] = PT(rdi), [GDB_BP] = PT(rbp), [GDB_SP] = PT(rsp),
	[GDB_R8] = PT(r8), PT(r9), PT(r10), PT(r11), PT(r12), PT(r13), PT(r14), PT(r15),
	[GDB_PC] = PT(rip), [GDB_FLAGS] = PT(rflags), [GDB_CS] = PT(cs), [GDB_SS] = PT(ss),
	[GDB_DS] = NO_FIELD, [GDB_ES] = NO_FIELD, [GDB_FS] = NO_FIELD, [GDB_GS] = NO_FIELD,
#else
	[GDB_AX] = PT(eax), [GDB_CX] = PT(ecx), [GDB_DX] = PT(edx), [GDB_BX] = PT(ebx),
	[GDB_SP] = PT(esp), [GDB_BP] = PT(ebp), [GDB_SI] = PT(esi), [GDB_DI] = PT(edi),
	[GDB_PC] = PT(eip), [GDB_FLAGS] = PT(eflags), [GDB_CS] = PT(cs), [GDB_SS] = PT(ss),
	[GDB_DS] = PT(ds), [GDB_ES] = PT(es), [GDB_FS] = PT(fs), [GDB_GS] = PT(gs),
#endif
};

const u8 x86_kgdb_reg_sizes[GDB_NUM_REGS] = {
	[0 ... GDB_PC] = GDB_GPR_SIZE,
	[GDB_FLAGS ... GDB_GS] = 4,
	[GDB_ST0 ... GDB_ST0 + 7] = 10,
	[GDB_FCTRL ... GDB_FOP] = 4,
	[GDB_XMM0 ... GDB_XMM0 + GDB_NUM_XMM - 1] = 16,
	[GDB_MXCSR] = 4,
#ifdef __x86_64__
	[GDB_FS_BASE ... GDB_GS_BASE] = 8,
#endif
};

static size_t reg_offset(unsigned int regno)
{
	size_t off = 0;

	while (regno--)
		off += x86_kgdb_reg_sizes[regno];
	return off;
}

static void put(u8 *gdb, unsigned int regno, u64 val)
{
	memcpy(gdb + reg_offset(regno), &val, x86_kgdb_reg_sizes[regno]);
}

static u64 get(const u8 *gdb, unsigned int regno)
{
	u64 val = 0;

	memcpy(&val, gdb + reg_offset(regno), x86_kgdb_reg_sizes[regno]);
	return val;
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

static void fx_to_gdb(u8 *gdb, const u8 *fx)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		memcpy(gdb + reg_offset(GDB_ST0 + i), fx + FX_ST0 + 16 * i, 10);
	put(gdb, GDB_FCTRL, fx16(fx, FX_FCW));
	put(gdb, GDB_FSTAT, fx16(fx, FX_FSW));
	put(gdb, GDB_FTAG, ftag_full(fx));
	put(gdb, GDB_FISEG, fx16(fx, FX_FCS));
	put(gdb, GDB_FIOFF, fx32(fx, FX_FIP));
	put(gdb, GDB_FOSEG, fx16(fx, FX_FDS));
	put(gdb, GDB_FOOFF, fx32(fx, FX_FDP));
	put(gdb, GDB_FOP, fx16(fx, FX_FOP) & 0x7ff);
	for (i = 0; i < GDB_NUM_XMM; i++)
		memcpy(gdb + reg_offset(GDB_XMM0 + i), fx + FX_XMM0 + 16 * i, 16);
	put(gdb, GDB_MXCSR, fx32(fx, FX_MXCSR));
}

static void fx_from_gdb(u8 *fx, const u8 *gdb)
{
	u32 mask = fx32(fx, FX_MXCSR_MASK) ?: MXCSR_MASK_DEFAULT;
	u32 v32;
	u16 v16;
	unsigned int i;

	for (i = 0; i < 8; i++)
		memcpy(fx + FX_ST0 + 16 * i, gdb + reg_offset(GDB_ST0 + i), 10);
#define FX_PUT(off, val, var) (var = (val), memcpy(fx + (off), &var, sizeof(var)))
	FX_PUT(FX_FCW, get(gdb, GDB_FCTRL), v16);
	FX_PUT(FX_FSW, get(gdb, GDB_FSTAT), v16);
	fx[FX_FTW] = ftag_abridged(get(gdb, GDB_FTAG));
	FX_PUT(FX_FCS, get(gdb, GDB_FISEG), v16);
	FX_PUT(FX_FIP, get(gdb, GDB_FIOFF), v32);
	FX_PUT(FX_FDS, get(gdb, GDB_FOSEG), v16);
	FX_PUT(FX_FDP, get(gdb, GDB_FOOFF), v32);
	FX_PUT(FX_FOP, get(gdb, GDB_FOP) & 0x7ff, v16);
	/* Reserved MXCSR bits would make fxrstor fault on the way out. */
	FX_PUT(FX_MXCSR, get(gdb, GDB_MXCSR) & mask, v32);
#undef FX_PUT
	for (i = 0; i < GDB_NUM_XMM; i++)
		memcpy(fx + FX_XMM0 + 16 * i, gdb + reg_offset(GDB_XMM0 + i), 16);
}

/* ---------------------------------------------------------------- conversion */

void x86_kgdb_regs_to_gdb(u8 *gdb, const struct pt_regs *regs, unsigned int cpu)
{
	const struct x86_kgdb_cpu *c = &x86_kgdb_cpus[cpu];
	unsigned int i;

	memset(gdb, 0, reg_offset(GDB_NUM_REGS));
	for (i = 0; i < GDB_ST0; i++) {
		if (gpr_offset[i] != NO_FIELD)
			put(gdb, i, *(const unsigned long *)((const u8 *)regs + gpr_offset[i]));
		else
			put(gdb, i, c->sel[i - GDB_DS]);
	}
	/* The CPU may push a selector with garbage in the upper bits. */
	for (i = GDB_CS; i <= GDB_GS; i++)
		put(gdb, i, get(gdb, i) & 0xffff);
	if (c->fx_valid)
		fx_to_gdb(gdb, c->fx);
#ifdef __x86_64__
	put(gdb, GDB_FS_BASE, c->fs_base);
	put(gdb, GDB_GS_BASE, c->gs_base);
#endif
}

/*
 * Only general registers, the PC, some flags and the x87/SSE state take
 * writes: segment registers and bases stay as the kernel set them.
 */
void x86_kgdb_gdb_to_regs(struct pt_regs *regs, const u8 *gdb, unsigned int cpu)
{
	/* Debugger context runs on one CPU at a time: no need for stack space. */
	static u8 fx[FXSAVE_SIZE] __aligned(16);
	unsigned int i;

	for (i = 0; i <= GDB_PC; i++)
		*(unsigned long *)((u8 *)regs + gpr_offset[i]) = get(gdb, i);
	regs_flags(regs) = (regs_flags(regs) & ~EFLAGS_WRITABLE) |
			   (get(gdb, GDB_FLAGS) & EFLAGS_WRITABLE);
	if (!x86_kgdb_cpus[cpu].fx_valid)
		return;
	memcpy(fx, x86_kgdb_cpus[cpu].fx, sizeof(fx));
	fx_from_gdb(fx, gdb);
	if (memcmp(fx, x86_kgdb_cpus[cpu].fx, sizeof(fx))) {
		memcpy(x86_kgdb_cpus[cpu].fx, fx, sizeof(fx));
		x86_kgdb_cpus[cpu].fx_dirty = true;
	}
}

/*
 * A sleeping task: what arch_switch_to() saved (the callee-saved registers,
 * SP and the resume PC), and the kernel selectors it certainly runs with.
 */
void x86_kgdb_task_to_gdb(u8 *gdb, const struct task *t)
{
	const struct arch_context *ctx = &t->ctx;

	memset(gdb, 0, reg_offset(GDB_NUM_REGS));
#ifdef __x86_64__
	put(gdb, GDB_BX, ctx->rbx);
	put(gdb, GDB_R8 + 4, ctx->r12);
	put(gdb, GDB_R8 + 5, ctx->r13);
	put(gdb, GDB_R8 + 6, ctx->r14);
	put(gdb, GDB_R8 + 7, ctx->r15);
#else
	put(gdb, GDB_BX, ctx->ebx);
	put(gdb, GDB_SI, ctx->esi);
	put(gdb, GDB_DI, ctx->edi);
#endif
	put(gdb, GDB_BP, context_fp(ctx));
	put(gdb, GDB_SP, context_sp(ctx));
	put(gdb, GDB_PC, context_pc(ctx));
	put(gdb, GDB_CS, __KERNEL_CS);
	put(gdb, GDB_SS, __KERNEL_DS);
}
