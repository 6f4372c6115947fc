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

/* ---------------------------------------------------------------- printf formats */

/*
 * gdb sends the format as the user typed it between the quotes (its
 * parse_cmd_to_aexpr hands gen_printf the raw text) and gdbserver's
 * ax_printf parses it again, escapes and all (format_pieces): so do we.
 */
static int unescape(char c)
{
	static const char from[] = "\\abefnrtv\"", to[] = "\\\a\b\033\f\n\r\t\v\"";
	const char *p = strchr(from, c);

	return c && p ? to[p - from] : -1;
}

/* One conversion: only what the kernel's vsnprintf prints as C does. */
struct conv {
	const char *spec;	/* from its '%', @len chars */
	u8 len;
	char size;		/* the argument's C type: 'L' long long, 'l', 'z', 't', 'j' or int */
	char type;
	int prec;		/* -1: none */
};

#define AX_FIELD_MAX	999	/* a width or precision: the output is shorter anyway */
#define AX_SPEC_MAX	15	/* the text of a conversion, '%' to its type */

static const char *field(const char *f, int *v)
{
	for (*v = 0; *f >= '0' && *f <= '9'; f++) {
		*v = *v * 10 + (*f - '0');
		if (*v > AX_FIELD_MAX)
			return NULL;
	}
	return f;
}

/* The conversion at @f (its '%') into @c; where it ends, or NULL if refused. */
static const char *parse_conv(const char *f, struct conv *c)
{
	const char *lm;
	int width;

	c->spec = f++;
	while (*f && strchr("-+ #0", *f))
		f++;
	f = field(f, &width);
	c->prec = -1;
	if (f && *f == '.')
		f = field(f + 1, &c->prec);
	if (!f)
		return NULL;
	lm = f;
	if (*f && strchr("hlztj", *f))
		f += (*f == 'h' || *f == 'l') && f[1] == *f ? 2 : 1;
	c->size = f - lm == 2 && *lm == 'l' ? 'L' : f > lm ? *lm : 0;
	c->type = *f;
	c->len = (u8)MIN(f + 1 - c->spec, AX_SPEC_MAX + 1);
	/* No '*', %n, floating point or wide characters. */
	if (!*f || !strchr(f > lm ? "diuxXo" : "diuxXocsp", *f) || c->len > AX_SPEC_MAX)
		return NULL;
	return f + 1;
}

/* Known escapes, @nargs conversions, a NUL at the end of its @len bytes and none before. */
static bool format_ok(const char *f, size_t len, unsigned int nargs)
{
	struct conv c;

	if (!len || strnlen(f, len) != len - 1)
		return false;
	while (*f) {
		if (*f == '\\' && unescape(f[1]) < 0)
			return false;
		if (*f == '\\' || (*f == '%' && f[1] == '%'))
			f += 2;
		else if (*f != '%')
			f++;
		else if (!(f = parse_conv(f, &c)) || !nargs--)
			return false;
	}
	return !nargs;
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
		return format_ok((const char *)p + 4, size - 4, p[1]);
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
		/* gdb's dprintf ends with nothing left: its value means nothing. */
		if (op->kind == K_END && (allow & KGDB_AX_ALLOW_PRINTF))
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

/*
 * Whether @addr is one the target has: a 32-bit one has none above 4 GiB,
 * but gdb sign-extends a MIPS address (ext 32 after its const32).
 */
static bool addr_fits(u64 addr)
{
	return (uintptr_t)addr == addr || (u64)(s64)(intptr_t)(uintptr_t)addr == addr;
}

static int ref(u64 *v, unsigned int size)
{
	u8 buf[8];

	if (!addr_fits(*v) || kgdb_mem_read(buf, (uintptr_t)*v, size))
		return -EFAULT;
	*v = kgdb_load(buf, size);
	return 0;
}

/* Aligned chunks: a %s never reads into a page it does not need. */
#define AX_STR_CHUNK	32

/* The string at @addr, at most @max bytes of it, in @buf; "(efault)" if none is readable. */
static const char *read_str(u64 addr, size_t max, char *buf)
{
	size_t n = 0, chunk, got;

	if (!addr)
		return NULL;	/* "(null)", as gdbserver prints it */
	while (n < max) {
		chunk = MIN(max - n, AX_STR_CHUNK - ((addr + n) & (AX_STR_CHUNK - 1)));
		if (!addr_fits(addr + n) || kgdb_mem_read(buf + n, (uintptr_t)(addr + n), chunk)) {
			if (!n)
				return "(efault)";
			break;	/* what it has, up to the page it cannot read */
		}
		got = strnlen(buf + n, chunk);
		n += got;
		if (got < chunk)
			break;
	}
	buf[n] = '\0';
	return buf;
}

/* @v by conversion @c into @p (@room bytes, NUL included); the characters stored. */
static size_t put_conv(char *p, size_t room, const struct conv *c, u64 v)
{
	static char str[KGDB_AX_STR_MAX + 1];
	char spec[AX_SPEC_MAX + 1];
	bool sgn = c->type == 'd' || c->type == 'i';
	int n;

	memcpy(spec, c->spec, c->len);
	spec[c->len] = '\0';
	/* The value as the C type the conversion reads, as the kernel (the target) has it. */
#define PUT(type)	snprintf(p, room, spec, (type)v)
	if (c->type == 's')	/* no precision (-1) reads the most */
		n = snprintf(p, room, spec,
			     read_str(v, MIN((unsigned int)c->prec, KGDB_AX_STR_MAX), str));
	else if (c->type == 'p')
		n = snprintf(p, room, spec, (void *)(uintptr_t)v);
	else if (c->size == 'L')
		n = sgn ? PUT(long long) : PUT(unsigned long long);
	else if (c->size == 'l')
		n = sgn ? PUT(long) : PUT(unsigned long);
	else if (c->size == 'z')
		n = sgn ? PUT(long) : PUT(size_t);
	else if (c->size == 't')
		n = PUT(ptrdiff_t);
	else if (c->size == 'j')
		n = sgn ? PUT(intmax_t) : PUT(uintmax_t);
	else	/* hh, h and none read an int, as %c does */
		n = sgn || c->type == 'c' ? PUT(int) : PUT(unsigned int);
#undef PUT
	return MIN((size_t)n, room - 1);
}

/*
 * printf: gdb's gen_printf (ax-gdb.c) pushes the arguments last first,
 * then the channel, then the function (both 0 from parse_cmd_to_aexpr in
 * breakpoint.c); gdbserver's interpreter (ax.cc) pops the function, the
 * channel, then args[0], args[1]...: the first argument is the entry
 * nearest the top. @args is just above it: each conversion takes *--@args.
 */
static void ax_printf(const struct kgdb_ax_ctx *ctx, const char *f, const u64 *args)
{
	static char out[KGDB_AX_PRINT_MAX + 1];
	size_t n = 0;
	struct conv c;

	while (*f && n < KGDB_AX_PRINT_MAX) {
		if (*f == '\\') {
			out[n++] = (char)unescape(f[1]);
			f += 2;
		} else if (*f == '%' && f[1] == '%') {
			out[n++] = '%';
			f += 2;
		} else if (*f == '%') {
			f = parse_conv(f, &c);
			n += put_conv(out + n, sizeof(out) - n, &c, *--args);
		} else {
			out[n++] = *f++;
		}
	}
	ctx->print(ctx->priv, out, n);
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
			sp -= 2;	/* address and size: nothing is collected yet */
			break;
		case AX_TRACE_QUICK:
		case AX_TRACEV:
			pc += ax_ops[op].imm;
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
				ax_printf(ctx, (const char *)code + pc + 3, &st[sp]);
			sp -= code[pc];
			pc += 3 + be(code + pc + 1, 2);
			break;
		}
		if (unlikely(err))
			return err;
	}
	return -EINVAL;
}
