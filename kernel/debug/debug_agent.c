// SPDX-License-Identifier: MIT
/*
 * gdb's agent expressions (agent.h): a verifier that proves once, at
 * install time, everything about an expression that does not depend on
 * data, and an interpreter that runs it at each hit trusting that proof:
 * it checks only division, memory, variables and its step budget.
 *
 * Opcodes, operands and stack effects as gdb's gdbsupport/ax.def and
 * gdbserver/ax.cc have them; immediates are big-endian and unaligned.
 */

#include <kernel/compiler.h>
#include <kernel/string.h>
#include "agent.h"
#include "debug_internal.h"

enum {
	AX_ADD = 0x02, AX_SUB, AX_MUL, AX_DIV_SIGNED, AX_DIV_UNSIGNED, AX_REM_SIGNED,
	AX_REM_UNSIGNED, AX_LSH, AX_RSH_SIGNED, AX_RSH_UNSIGNED, AX_TRACE, AX_TRACE_QUICK,
	AX_LOG_NOT, AX_BIT_AND, AX_BIT_OR, AX_BIT_XOR, AX_BIT_NOT, AX_EQUAL, AX_LESS_SIGNED,
	AX_LESS_UNSIGNED, AX_EXT, AX_REF8, AX_REF16, AX_REF32, AX_REF64,
	AX_IF_GOTO = 0x20, AX_GOTO, AX_CONST8, AX_CONST16, AX_CONST32, AX_CONST64, AX_REG,
	AX_END, AX_DUP, AX_POP, AX_ZERO_EXT, AX_SWAP, AX_GETV, AX_SETV, AX_TRACEV, AX_TRACENZ,
	AX_PICK = 0x32, AX_ROT, AX_PRINTF,
};

/*
 * Steps one run may take: a loop gdb's compiler would not emit ends. An
 * instruction is one, a printf as many as it may print, so a loop cannot
 * flood the line either.
 */
#define AX_STEPS	100000

/* What the verifier checks beyond the stack; 0: not an opcode. */
enum { K_PLAIN = 1, K_IF_GOTO, K_GOTO, K_END, K_EXT, K_REG, K_PICK, K_PRINTF };

static const struct ax_op {
	u8 kind;
	u8 imm;		/* operand bytes (printf: nargs and the length; the format follows) */
	u8 need;	/* entries it reads (pick: + n; printf: + nargs) */
	s8 delta;	/* its change of the depth (printf: -need) */
	u8 allow;	/* the KGDB_AX_ALLOW_* bit it needs */
} ax_ops[AX_PRINTF + 1] = {
	[AX_ADD ... AX_RSH_UNSIGNED] = { K_PLAIN, 0, 2, -1, 0 },
	[AX_TRACE] = { K_PLAIN, 0, 2, -2, KGDB_AX_ALLOW_TRACE },
	[AX_TRACE_QUICK] = { K_PLAIN, 1, 1, 0, KGDB_AX_ALLOW_TRACE },
	[AX_LOG_NOT] = { K_PLAIN, 0, 1, 0, 0 },
	[AX_BIT_AND ... AX_BIT_XOR] = { K_PLAIN, 0, 2, -1, 0 },
	[AX_BIT_NOT] = { K_PLAIN, 0, 1, 0, 0 },
	[AX_EQUAL ... AX_LESS_UNSIGNED] = { K_PLAIN, 0, 2, -1, 0 },
	[AX_EXT] = { K_EXT, 1, 1, 0, 0 },
	[AX_REF8 ... AX_REF64] = { K_PLAIN, 0, 1, 0, 0 },
	[AX_IF_GOTO] = { K_IF_GOTO, 2, 1, -1, 0 },
	[AX_GOTO] = { K_GOTO, 2, 0, 0, 0 },
	[AX_CONST8] = { K_PLAIN, 1, 0, 1, 0 },
	[AX_CONST16] = { K_PLAIN, 2, 0, 1, 0 },
	[AX_CONST32] = { K_PLAIN, 4, 0, 1, 0 },
	[AX_CONST64] = { K_PLAIN, 8, 0, 1, 0 },
	[AX_REG] = { K_REG, 2, 0, 1, 0 },
	[AX_END] = { K_END, 0, 1, 0, 0 },
	[AX_DUP] = { K_PLAIN, 0, 1, 1, 0 },
	[AX_POP] = { K_PLAIN, 0, 1, -1, 0 },
	[AX_ZERO_EXT] = { K_EXT, 1, 1, 0, 0 },
	[AX_SWAP] = { K_PLAIN, 0, 2, 0, 0 },
	[AX_GETV] = { K_PLAIN, 2, 0, 1, 0 },
	[AX_SETV] = { K_PLAIN, 2, 1, 0, KGDB_AX_ALLOW_SETV },
	[AX_TRACEV] = { K_PLAIN, 2, 0, 0, KGDB_AX_ALLOW_TRACE },
	[AX_TRACENZ] = { K_PLAIN, 0, 2, -2, KGDB_AX_ALLOW_TRACE },
	[AX_PICK] = { K_PICK, 1, 1, 1, 0 },
	[AX_ROT] = { K_PLAIN, 0, 3, 0, 0 },
	[AX_PRINTF] = { K_PRINTF, 3, 2, 0, KGDB_AX_ALLOW_PRINTF },
};

static u64 be(const u8 *p, unsigned int n)
{
	u64 v = 0;

	while (n--)
		v = v << 8 | *p++;
	return v;
}

/* Bytes of the (known, whole) instruction at @p. */
static size_t insn_size(const u8 *p)
{
	return *p == AX_PRINTF ? 4 + (size_t)be(p + 2, 2) : 1 + (size_t)ax_ops[*p].imm;
}

/* ---------------------------------------------------------------- verifier */

/* Per byte of the expression being verified: what the walk knows of it. */
#define V_OPERAND	0xff	/* not an instruction's start */
#define V_UNSEEN	0xfe	/* a start no path has reached yet */
#define V_PENDING	0x80	/* | depth: reached, successors not yet followed */
/* Scratch kept off the stack: the debugger verifies on one CPU at a time. */
static u8 ax_state[KGDB_AX_MAX_LEN];

/* The operand checks that need no path: ext's bit count, reg's register, printf's format. */
static bool operands_ok(const struct ax_op *op, const u8 *p, size_t size)
{
	unsigned int n;
	size_t bytes;

	switch (op->kind) {
	case K_EXT:
		return p[1] >= 1 && p[1] <= 64;
	case K_REG:
		n = (unsigned int)be(p + 1, 2);
		bytes = n < arch_kgdb_ops.num_regs ? kgdb_reg_size(n) : 0;
		return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8;
	case K_PRINTF:
		return kgdb_ax_format_ok((const char *)p + 4, size - 4, p[1]);
	}
	return true;
}

/* Every byte decodes, from the start, as a known, whole, permitted instruction. */
static int decode(const u8 *code, size_t len, unsigned int allow)
{
	const struct ax_op *op;
	size_t pc, size;

	memset(ax_state, V_OPERAND, len);
	for (pc = 0; pc < len; pc += size) {
		op = code[pc] <= AX_PRINTF ? &ax_ops[code[pc]] : NULL;
		if (!op || !op->kind || (op->allow & ~allow) || pc + 1 + op->imm > len)
			return -EINVAL;
		size = insn_size(code + pc);
		if (pc + size > len || !operands_ok(op, code + pc, size))
			return -EINVAL;
		ax_state[pc] = V_UNSEEN;
	}
	return 0;
}

/* A path reaches @pc with @depth entries; *@lo: the lowest start left to walk. */
static int reach(size_t pc, size_t len, unsigned int depth, size_t *lo)
{
	if (pc >= len || ax_state[pc] == V_OPERAND)
		return -EINVAL;
	if (ax_state[pc] == V_UNSEEN) {
		ax_state[pc] = V_PENDING | depth;
		*lo = MIN(*lo, pc);
		return 0;
	}
	/* Reached before with another depth: gdb's compiler never does that. */
	return (ax_state[pc] & ~V_PENDING) == depth ? 0 : -EINVAL;
}

int kgdb_ax_verify(const u8 *code, size_t len, unsigned int allow)
{
	const struct ax_op *op;
	unsigned int depth, need;
	size_t pc, lo = 0;

	if (!len || len > KGDB_AX_MAX_LEN || decode(code, len, allow))
		return -EINVAL;
	ax_state[0] = V_PENDING;
	/* Each start is walked once, at the depth it was first reached with. */
	while (lo < len) {
		pc = lo++;
		if (ax_state[pc] >= V_UNSEEN || !(ax_state[pc] & V_PENDING))
			continue;
		depth = ax_state[pc] &= ~V_PENDING;
		op = &ax_ops[code[pc]];
		need = op->need;
		if (op->kind == K_PICK || op->kind == K_PRINTF)
			need += code[pc + 1];
		/*
		 * gdb's dprintf and tracepoint actions may end with nothing
		 * left (a `collect` of a register is just `end`): their value
		 * means nothing.
		 */
		if (op->kind == K_END && (allow & (KGDB_AX_ALLOW_PRINTF | KGDB_AX_ALLOW_TRACE)))
			need = 0;
		if (depth < need)
			return -EINVAL;
		depth = op->kind == K_PRINTF ? depth - need : depth + op->delta;
		if (depth > KGDB_AX_MAX_DEPTH)
			return -EINVAL;
		if ((op->kind == K_IF_GOTO || op->kind == K_GOTO) &&
		    reach(be(code + pc + 1, 2), len, depth, &lo))
			return -EINVAL;
		/* Falling off the end without an `end` is refused here. */
		if (op->kind != K_GOTO && op->kind != K_END &&
		    reach(pc + insn_size(code + pc), len, depth, &lo))
			return -EINVAL;
	}
	return 0;
}

/* ---------------------------------------------------------------- run time */

/* Trace state variables: set by setv, read by getv (0 until set). */
static struct ax_var {
	bool used;
	u16 id;
	u64 value;
} ax_vars[KGDB_AX_MAX_VARS];

void kgdb_ax_vars_reset(void)
{
	memset(ax_vars, 0, sizeof(ax_vars));
}

/* Variable @id, or a free slot for it (NULL: the table is full). */
static struct ax_var *var(u16 id)
{
	struct ax_var *v, *free = NULL;

	for (v = ax_vars; v < ax_vars + KGDB_AX_MAX_VARS; v++) {
		if (v->used && v->id == id)
			return v;
		if (!v->used && !free)
			free = v;
	}
	return free;
}

bool kgdb_ax_var_get(u16 id, u64 *value)
{
	struct ax_var *v = var(id);

	if (!v || !v->used)
		return false;
	*value = v->value;
	return true;
}

int kgdb_ax_var_set(u16 id, u64 value)
{
	struct ax_var *v = var(id);

	if (!v)
		return -ENOSPC;
	*v = (struct ax_var){ true, id, value };
	return 0;
}

/*
 * @n / @d, the remainder in *@rem. 32-bit CPUs have no 64-bit divide and
 * the kernel links no libgcc: shift and subtract unless both fit in 32 bits.
 */
static u64 div64(u64 n, u64 d, u64 *rem)
{
	u64 q = 0, bit = 1;

	if (!(n >> 32) && !(d >> 32)) {
		*rem = (u32)n % (u32)d;
		return (u32)n / (u32)d;
	}
	for (; d < n && !(d >> 63); bit <<= 1)
		d <<= 1;
	for (; bit; d >>= 1, bit >>= 1) {
		if (n >= d) {
			n -= d;
			q |= bit;
		}
	}
	*rem = n;
	return q;
}

/* *@a op @b for the two-operand opcodes: shifts past 63 and INT64_MIN / -1 defined. */
static int binop(u8 op, u64 *a, u64 b)
{
	bool neg_a, neg_b;
	u64 q, r;

	switch (op) {
	case AX_ADD: *a += b; return 0;
	case AX_SUB: *a -= b; return 0;
	case AX_MUL: *a *= b; return 0;
	case AX_LSH: *a = b < 64 ? *a << b : 0; return 0;
	case AX_RSH_SIGNED: *a = (u64)((s64)*a >> (b < 64 ? b : 63)); return 0;
	case AX_RSH_UNSIGNED: *a = b < 64 ? *a >> b : 0; return 0;
	case AX_BIT_AND: *a &= b; return 0;
	case AX_BIT_OR: *a |= b; return 0;
	case AX_BIT_XOR: *a ^= b; return 0;
	case AX_EQUAL: *a = *a == b; return 0;
	case AX_LESS_SIGNED: *a = (s64)*a < (s64)b; return 0;
	case AX_LESS_UNSIGNED: *a = *a < b; return 0;
	}
	if (!b)
		return -EDOM;
	if (op == AX_DIV_UNSIGNED || op == AX_REM_UNSIGNED) {
		q = div64(*a, b, &r);
		*a = op == AX_DIV_UNSIGNED ? q : r;
		return 0;
	}
	/* On magnitudes, truncating as C does; INT64_MIN / -1 wraps to INT64_MIN. */
	neg_a = (s64)*a < 0;
	neg_b = (s64)b < 0;
	q = div64(neg_a ? -*a : *a, neg_b ? -b : b, &r);
	*a = op == AX_DIV_SIGNED ? (neg_a != neg_b ? -q : q) : (neg_a ? -r : r);
	return 0;
}

static int ref(u64 *v, unsigned int size)
{
	u8 buf[8];

	if (!kgdb_ax_addr_fits(*v) || kgdb_mem_read(buf, (uintptr_t)*v, size))
		return -EFAULT;
	*v = kgdb_load(buf, size);
	return 0;
}

int kgdb_ax_eval(const u8 *code, size_t len, const struct kgdb_ax_ctx *ctx, s64 *value)
{
	u64 st[KGDB_AX_MAX_DEPTH], t;
	unsigned int sp = 0, steps = AX_STEPS, n;
	size_t pc = 0;
	struct ax_var *v;
	u8 op, reg[8];
	int err = 0;

	while (likely(steps--)) {
		op = code[pc++];
		switch (op) {
		case AX_ADD ... AX_RSH_UNSIGNED:
		case AX_BIT_AND ... AX_BIT_XOR:
		case AX_EQUAL ... AX_LESS_UNSIGNED:
			sp--;
			err = binop(op, &st[sp - 1], st[sp]);
			break;
		case AX_TRACE:
		case AX_TRACENZ:
			sp -= 2;	/* the address, then the size on top */
			if (ctx->collect)
				ctx->collect(ctx->priv, st[sp], st[sp + 1], op == AX_TRACENZ);
			break;
		case AX_TRACE_QUICK:	/* the address stays */
			if (ctx->collect)
				ctx->collect(ctx->priv, st[sp - 1], code[pc], false);
			pc++;
			break;
		case AX_TRACEV:
			n = (unsigned int)be(code + pc, 2);
			v = var((u16)n);
			if (ctx->collect_var)
				ctx->collect_var(ctx->priv, (u16)n, v && v->used ? v->value : 0);
			pc += 2;
			break;
		case AX_LOG_NOT:
			st[sp - 1] = !st[sp - 1];
			break;
		case AX_BIT_NOT:
			st[sp - 1] = ~st[sp - 1];
			break;
		case AX_EXT:
			n = code[pc++];
			t = 1ULL << (n - 1);
			if (n < 64)
				st[sp - 1] = ((st[sp - 1] & ((t << 1) - 1)) ^ t) - t;
			break;
		case AX_ZERO_EXT:
			n = code[pc++];
			if (n < 64)
				st[sp - 1] &= (1ULL << n) - 1;
			break;
		case AX_REF8 ... AX_REF64:
			err = ref(&st[sp - 1], 1U << (op - AX_REF8));
			break;
		case AX_IF_GOTO:
			pc = st[--sp] ? be(code + pc, 2) : pc + 2;
			break;
		case AX_GOTO:
			pc = be(code + pc, 2);
			break;
		case AX_CONST8 ... AX_CONST64:
			n = 1U << (op - AX_CONST8);
			st[sp++] = be(code + pc, n);
			pc += n;
			break;
		case AX_REG:
			n = (unsigned int)be(code + pc, 2);
			pc += 2;
			if (!ctx->th)
				return -EINVAL;
			kgdb_reg_read(ctx->th, n, reg);
			st[sp++] = kgdb_load(reg, kgdb_reg_size(n));
			break;
		case AX_END:
			*value = sp ? (s64)st[sp - 1] : 0;
			return 0;
		case AX_DUP:
			st[sp] = st[sp - 1];
			sp++;
			break;
		case AX_POP:
			sp--;
			break;
		case AX_SWAP:
			t = st[sp - 1];
			st[sp - 1] = st[sp - 2];
			st[sp - 2] = t;
			break;
		case AX_GETV:
			v = var((u16)be(code + pc, 2));
			st[sp++] = v && v->used ? v->value : 0;
			pc += 2;
			break;
		case AX_SETV:	/* the value stays on the stack */
			v = var((u16)be(code + pc, 2));
			if (!v)
				return -EINVAL;
			*v = (struct ax_var){ true, (u16)be(code + pc, 2), st[sp - 1] };
			pc += 2;
			break;
		case AX_PICK:
			st[sp] = st[sp - 1 - code[pc++]];
			sp++;
			break;
		case AX_ROT:	/* a b c => c a b */
			t = st[sp - 1];
			st[sp - 1] = st[sp - 2];
			st[sp - 2] = st[sp - 3];
			st[sp - 3] = t;
			break;
		case AX_PRINTF:
			steps -= MIN(steps, KGDB_AX_PRINT_MAX);
			sp -= 2;	/* the function and the channel */
			if (ctx->print)
				kgdb_ax_printf(ctx, (const char *)code + pc + 3, &st[sp]);
			sp -= code[pc];
			pc += 3 + be(code + pc + 1, 2);
			break;
		}
		if (unlikely(err))
			return err;
	}
	return -EINVAL;
}
