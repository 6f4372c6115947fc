// SPDX-License-Identifier: MIT
/*
 * gdb's agent expressions (kernel/debug/debug_agent.c) on the fake
 * machine: every opcode, the expressions gdb 13 compiles conditions and
 * dprintf to, printf's conversions, and what the verifier refuses.
 */

#include <limits.h>
#include "harness.h"
#include "../../kernel/debug/agent.h"
#include "../../kernel/debug/frontend.h"

enum {
	ADD = 0x02, SUB, MUL, DIV_S, DIV_U, REM_S, REM_U, LSH, RSH_S, RSH_U, TRACE, TRACE_QUICK,
	LOG_NOT, BIT_AND, BIT_OR, BIT_XOR, BIT_NOT, EQUAL, LESS_S, LESS_U, EXT, REF8, REF16,
	REF32, REF64, IF_GOTO = 0x20, GOTO, CONST8, CONST16, CONST32, CONST64, REG, END, DUP,
	POP, ZERO_EXT, SWAP, GETV, SETV, TRACEV, TRACENZ, PICK = 0x32, ROT, PRINTF,
};

#define ALL	(KGDB_AX_ALLOW_SETV | KGDB_AX_ALLOW_PRINTF | KGDB_AX_ALLOW_TRACE)
#define B2(v)	(u8)((v) >> 8), (u8)(v)
#define B4(v)	B2((v) >> 16), B2(v)
#define B8(v)	B4((u64)(v) >> 32), B4(v)
#define C8(v)	CONST8, (u8)(v)
#define C16(v)	CONST16, B2(v)
#define C32(v)	CONST32, B4(v)
#define C64(v)	CONST64, B8(v)
/* A small negative constant, as gdb's ax_const_l emits it. */
#define NEG8(v)	CONST8, (u8)(v), EXT, 8

static struct kgdb_thread cpu0 = { .cpu = 0 };
static char printed[1024];
static size_t printed_len;
static unsigned int prints;

static void print(void *priv, const char *s, size_t len)
{
	assert_ptr_equal(priv, &prints);
	assert_true(len <= KGDB_AX_PRINT_MAX);
	memcpy(printed, s, len);
	printed[len] = '\0';
	printed_len = len;
	prints++;
}

static const struct kgdb_ax_ctx ctx = { .th = &cpu0, .print = print, .priv = &prints };

static int eval(const u8 *code, size_t len, s64 *v)
{
	assert_int_equal(kgdb_ax_verify(code, len, ALL), 0);
	return kgdb_ax_eval(code, len, &ctx, v);
}

/* Verified with every allow bit and run: its value. */
#define RUN(...) ({							\
	static const u8 c_[] = { __VA_ARGS__ };				\
	s64 v_ = 0x5a5a;						\
	assert_int_equal(eval(c_, sizeof(c_), &v_), 0);			\
	v_;								\
})
/* ... and run to error @err. */
#define RUN_ERR(err, ...) do {						\
	static const u8 c_[] = { __VA_ARGS__ };				\
	s64 v_;								\
	assert_int_equal(eval(c_, sizeof(c_), &v_), err);		\
} while (0)
/* What kgdb_ax_verify() says with @allow. */
#define VERIFY(allow, ...) ({						\
	static const u8 c_[] = { __VA_ARGS__ };				\
	kgdb_ax_verify(c_, sizeof(c_), allow);				\
})
#define REFUSED(...)	assert_int_equal(VERIFY(ALL, __VA_ARGS__), -EINVAL)

static int setup(void **state)
{
	fake_reset(1);
	kgdb_cpus[0].regs = &fake_regs[0];
	kgdb_ax_vars_reset();
	prints = 0;
	printed_len = 0;
	return 0;
}

static int teardown_agent(void **state)
{
	kgdb_cpus[0].regs = NULL;
	return 0;
}

static void test_consts(void **state)
{
	/* Zero-extended, big-endian whatever the host. */
	assert_int_equal(RUN(C8(0xff), END), 0xff);
	assert_int_equal(RUN(C16(0xfffe), END), 0xfffe);
	assert_int_equal(RUN(C16(0x1234), END), 0x1234);
	assert_int_equal(RUN(C32(0xfffffffd), END), 0xfffffffdLL);
	assert_int_equal(RUN(C32(0x12345678), END), 0x12345678);
	assert_int_equal(RUN(C64(0x8000000000000001ULL), END), (s64)0x8000000000000001ULL);
	assert_int_equal(RUN(C64(0x0102030405060708ULL), END), 0x0102030405060708LL);
	assert_int_equal(RUN(NEG8(-3), END), -3);
}

static void test_arith(void **state)
{
	assert_int_equal(RUN(C8(10), C8(3), ADD, END), 13);
	/* a b => a - b, b the top */
	assert_int_equal(RUN(C8(10), C8(3), SUB, END), 7);
	assert_int_equal(RUN(C8(3), C8(10), SUB, END), -7);
	assert_int_equal(RUN(C8(6), NEG8(-7), MUL, END), -42);
	assert_int_equal(RUN(C64(UINT64_MAX), C8(1), ADD, END), 0);
	assert_int_equal(RUN(C64(0x100000000ULL), C64(0x100000000ULL), MUL, END), 0);
	assert_int_equal(RUN(C32(0x10000), C32(0x10000), MUL, END), 0x100000000LL);
}

static void test_division(void **state)
{
	/* Signed: truncated towards zero, the remainder takes the dividend's sign. */
	assert_int_equal(RUN(NEG8(-7), C8(2), DIV_S, END), -3);
	assert_int_equal(RUN(NEG8(-7), C8(2), REM_S, END), -1);
	assert_int_equal(RUN(C8(7), NEG8(-2), DIV_S, END), -3);
	assert_int_equal(RUN(C8(7), NEG8(-2), REM_S, END), 1);
	assert_int_equal(RUN(NEG8(-7), NEG8(-2), DIV_S, END), 3);
	assert_int_equal(RUN(NEG8(-7), NEG8(-2), REM_S, END), -1);
	assert_int_equal(RUN(C64(INT64_MIN), C8(2), DIV_S, END), INT64_MIN / 2);
	assert_int_equal(RUN(C64(-1000000000000LL), C32(7), DIV_S, END), -1000000000000LL / 7);
	assert_int_equal(RUN(C64(-1000000000000LL), C32(7), REM_S, END), -1000000000000LL % 7);
	/* INT64_MIN / -1 does not trap: it wraps, and the remainder is 0. */
	assert_int_equal(RUN(C64(INT64_MIN), NEG8(-1), DIV_S, END), INT64_MIN);
	assert_int_equal(RUN(C64(INT64_MIN), NEG8(-1), REM_S, END), 0);
	/* Unsigned, 64-bit operands (no 32-bit shortcut) and 32-bit ones. */
	assert_int_equal(RUN(NEG8(-1), C8(2), DIV_U, END), INT64_MAX);
	assert_int_equal(RUN(NEG8(-1), C8(3), DIV_U, END), 0x5555555555555555LL);
	assert_int_equal(RUN(NEG8(-1), C8(10), REM_U, END), 5);
	assert_int_equal(RUN(C64(0x100000000ULL), C64(0x100000001ULL), DIV_U, END), 0);
	assert_int_equal(RUN(C64(0x100000000ULL), C64(0x100000001ULL), REM_U, END),
			 0x100000000LL);
	assert_int_equal(RUN(C64(0xfedcba9876543210ULL), C64(0x123456789ULL), DIV_U, END),
			 (s64)(0xfedcba9876543210ULL / 0x123456789ULL));
	assert_int_equal(RUN(C64(0xfedcba9876543210ULL), C64(0x123456789ULL), REM_U, END),
			 (s64)(0xfedcba9876543210ULL % 0x123456789ULL));
	assert_int_equal(RUN(C32(100), C8(7), DIV_U, END), 14);
	assert_int_equal(RUN(C32(100), C8(7), REM_U, END), 2);
	assert_int_equal(RUN(C8(5), C64(0x100000000ULL), DIV_U, END), 0);
	assert_int_equal(RUN(C8(5), C64(0x100000000ULL), REM_U, END), 5);
	/* By zero: -EDOM, each of the four. */
	RUN_ERR(-EDOM, C8(1), C8(0), DIV_S, END);
	RUN_ERR(-EDOM, C8(1), C8(0), DIV_U, END);
	RUN_ERR(-EDOM, C8(1), C8(0), REM_S, END);
	RUN_ERR(-EDOM, C8(1), C8(0), REM_U, END);
}

static void test_shifts(void **state)
{
	assert_int_equal(RUN(C8(1), C8(63), LSH, END), INT64_MIN);
	assert_int_equal(RUN(C8(3), C8(4), LSH, END), 48);
	/* Shifts by 64 or more are defined: 0, or all sign bits. */
	assert_int_equal(RUN(C8(1), C8(64), LSH, END), 0);
	assert_int_equal(RUN(C8(1), C64(UINT64_MAX), LSH, END), 0);
	assert_int_equal(RUN(NEG8(-16), C8(2), RSH_S, END), -4);
	assert_int_equal(RUN(C8(16), C8(2), RSH_S, END), 4);
	assert_int_equal(RUN(NEG8(-16), C8(64), RSH_S, END), -1);
	assert_int_equal(RUN(NEG8(-16), C8(200), RSH_S, END), -1);
	assert_int_equal(RUN(C8(16), C8(64), RSH_S, END), 0);
	assert_int_equal(RUN(NEG8(-1), C8(60), RSH_U, END), 15);
	assert_int_equal(RUN(NEG8(-1), C8(64), RSH_U, END), 0);
}

static void test_logic(void **state)
{
	assert_int_equal(RUN(C8(0), LOG_NOT, END), 1);
	assert_int_equal(RUN(C8(5), LOG_NOT, END), 0);
	assert_int_equal(RUN(C8(0xc), C8(0xa), BIT_AND, END), 0x8);
	assert_int_equal(RUN(C8(0xc), C8(0xa), BIT_OR, END), 0xe);
	assert_int_equal(RUN(C8(0xc), C8(0xa), BIT_XOR, END), 0x6);
	assert_int_equal(RUN(C8(0), BIT_NOT, END), -1);
	assert_int_equal(RUN(C8(7), C8(7), EQUAL, END), 1);
	assert_int_equal(RUN(C8(7), C8(8), EQUAL, END), 0);
	assert_int_equal(RUN(C64(1ULL << 63), C64(1ULL << 63), EQUAL, END), 1);
	/* Top bit set: negative signed, huge unsigned. */
	assert_int_equal(RUN(NEG8(-1), C8(1), LESS_S, END), 1);
	assert_int_equal(RUN(NEG8(-1), C8(1), LESS_U, END), 0);
	assert_int_equal(RUN(C8(1), NEG8(-1), LESS_S, END), 0);
	assert_int_equal(RUN(C8(1), NEG8(-1), LESS_U, END), 1);
	assert_int_equal(RUN(C64(1ULL << 63), C8(1), LESS_S, END), 1);
	assert_int_equal(RUN(C64(1ULL << 63), C8(1), LESS_U, END), 0);
	assert_int_equal(RUN(C8(2), C8(2), LESS_S, END), 0);
	assert_int_equal(RUN(C8(2), C8(2), LESS_U, END), 0);
}

static void test_ext(void **state)
{
	assert_int_equal(RUN(C8(0x80), EXT, 8, END), -128);
	assert_int_equal(RUN(C8(0x7f), EXT, 8, END), 127);
	assert_int_equal(RUN(C16(0x1ff), EXT, 8, END), -1);	/* bits above n go */
	assert_int_equal(RUN(C16(0x17f), EXT, 8, END), 0x7f);
	assert_int_equal(RUN(C8(1), EXT, 1, END), -1);
	assert_int_equal(RUN(C8(2), EXT, 1, END), 0);
	assert_int_equal(RUN(C16(0x8000), EXT, 16, END), -32768);
	assert_int_equal(RUN(C32(0x80000000), EXT, 32, END), INT32_MIN);
	assert_int_equal(RUN(C32(0x7fffffff), EXT, 32, END), INT32_MAX);
	assert_int_equal(RUN(C64(1ULL << 62), EXT, 63, END), INT64_MIN / 2);
	assert_int_equal(RUN(C64(0x8000000000000000ULL), EXT, 64, END), INT64_MIN);
	assert_int_equal(RUN(NEG8(-1), ZERO_EXT, 8, END), 0xff);
	assert_int_equal(RUN(NEG8(-1), ZERO_EXT, 1, END), 1);
	assert_int_equal(RUN(NEG8(-1), ZERO_EXT, 32, END), 0xffffffffLL);
	assert_int_equal(RUN(NEG8(-1), ZERO_EXT, 63, END), INT64_MAX);
	assert_int_equal(RUN(NEG8(-1), ZERO_EXT, 64, END), -1);
}

static void test_stack_ops(void **state)
{
	assert_int_equal(RUN(C8(4), DUP, ADD, END), 8);
	assert_int_equal(RUN(C8(4), C8(5), POP, END), 4);
	assert_int_equal(RUN(C8(1), C8(2), SWAP, SUB, END), 1);
	assert_int_equal(RUN(C8(1), C8(2), SWAP, END), 1);
	/* pick 0 is dup; pick n copies the entry n below the top. */
	assert_int_equal(RUN(C8(7), PICK, 0, ADD, END), 14);
	assert_int_equal(RUN(C8(1), C8(2), C8(3), PICK, 2, END), 1);
	assert_int_equal(RUN(C8(1), C8(2), C8(3), PICK, 1, END), 2);
	assert_int_equal(RUN(C8(1), C8(2), C8(3), PICK, 2, POP, END), 3);
	/* rot: a b c => c a b */
	assert_int_equal(RUN(C8(1), C8(2), C8(3), ROT, END), 2);
	assert_int_equal(RUN(C8(1), C8(2), C8(3), ROT, POP, END), 1);
	assert_int_equal(RUN(C8(1), C8(2), C8(3), ROT, POP, POP, END), 3);
}

static void test_refs(void **state)
{
	/* Unaligned, in the target's (the host's) byte order, zero-extended. */
	static const u8 bytes[] = { 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8 };
	u64 v64;
	u32 v32;
	u16 v16;

	memcpy(fake_mem + FAKE_DATA + 0x101, bytes, sizeof(bytes));
	memcpy(&v64, bytes, 8);
	memcpy(&v32, bytes, 4);
	memcpy(&v16, bytes, 2);
	assert_int_equal(RUN(C16(FAKE_DATA + 0x101), REF8, END), 0xf1);
	assert_int_equal(RUN(C16(FAKE_DATA + 0x101), REF16, END), v16);
	assert_int_equal(RUN(C16(FAKE_DATA + 0x101), REF32, END), v32);
	assert_int_equal(RUN(C16(FAKE_DATA + 0x101), REF64, END), (s64)v64);
	/* Text reads too (not writes, which no opcode does). */
	assert_int_equal(RUN(C16(FAKE_TEXT + 5), REF8, END), fake_mem[FAKE_TEXT + 5]);
	/* The hole, a read running into it, past the end, and beyond any address. */
	RUN_ERR(-EFAULT, C16(FAKE_HOLE), REF8, END);
	RUN_ERR(-EFAULT, C16(FAKE_HOLE - 4), REF64, END);
	memcpy(&v32, fake_mem + FAKE_HOLE - 4, 4);
	assert_int_equal(RUN(C16(FAKE_HOLE - 4), REF32, END), v32);	/* up to it */
	RUN_ERR(-EFAULT, C16(FAKE_END - 1), REF16, END);
	RUN_ERR(-EFAULT, C64(UINT64_MAX), REF8, END);
	RUN_ERR(-EFAULT, C8(0), REF32, END);
}

static void test_regs(void **state)
{
	s64 v;
	static const u8 r0[] = { REG, B2(0), END };
	const struct kgdb_ax_ctx no_thread = { .print = print, .priv = &prints };

	fake_regs[0].r[0] = 0x8877665544332211ULL;
	fake_regs[0].r[7] = 77;
	fake_regs[0].flags = 0x80000001;
	kgdb_cpus[0].arch.sel = 0xfedc;
	assert_int_equal(RUN(REG, B2(0), END), (s64)0x8877665544332211ULL);
	assert_int_equal(RUN(REG, B2(7), END), 77);
	/* A 4-byte register, zero-extended whatever its top bit. */
	assert_int_equal(RUN(REG, B2(11), END), 0x80000001LL);
	assert_int_equal(RUN(REG, B2(13), END), 0xfedc);
	/* A sleeping task: its saved pc, and no r0 (the fake saves none). */
	cpu0 = (struct kgdb_thread){ .cpu = -1, .task = task_find(3) };
	assert_int_equal(RUN(REG, B2(8), END), FAKE_TEXT + 0x100 + 3);
	assert_int_equal(RUN(REG, B2(0), END), 0);
	cpu0 = (struct kgdb_thread){ .cpu = 0 };
	/* Rows the table does not have. */
	REFUSED(REG, B2(FAKE_NUM_REGS), END);
	REFUSED(REG, B2(0xffff), END);
	/* No thread to read from. */
	assert_int_equal(kgdb_ax_verify(r0, sizeof(r0), 0), 0);
	assert_int_equal(kgdb_ax_eval(r0, sizeof(r0), &no_thread, &v), -EINVAL);
}

/*
 * What gdb 13 sends for "break f if p->x < 4096" (p in r6; x at -16 from
 * it): reg 6; const8 16; add; const8 224; ext 8; add; ref64;
 * const16 4096; zero_ext 64; swap; less_unsigned; end.
 */
static void test_gdb_condition(void **state)
{
	static const u8 cond[] = { REG, B2(6), C8(16), ADD, C8(224), EXT, 8, ADD, REF64,
				   C16(4096), ZERO_EXT, 64, SWAP, LESS_U, END };
	u64 x = 5000;
	s64 v;

	fake_regs[0].r[6] = FAKE_DATA + 0x210;
	memcpy(fake_mem + FAKE_DATA + 0x200, &x, 8);
	assert_int_equal(kgdb_ax_verify(cond, sizeof(cond), 0), 0);
	assert_int_equal(kgdb_ax_eval(cond, sizeof(cond), &ctx, &v), 0);
	assert_int_equal(v, 1);
	x = 4096;
	memcpy(fake_mem + FAKE_DATA + 0x200, &x, 8);
	assert_int_equal(kgdb_ax_eval(cond, sizeof(cond), &ctx, &v), 0);
	assert_int_equal(v, 0);
	/* p pointing at the hole */
	fake_regs[0].r[6] = FAKE_HOLE + 0x10;
	assert_int_equal(kgdb_ax_eval(cond, sizeof(cond), &ctx, &v), -EFAULT);
}

/*
 * "p->pid == 5 && flag" as gdb compiles &&: each side, if_goto past a
 * goto to the false constant; both true reach const8 1 and goto the end.
 */
static void test_gdb_and(void **state)
{
	enum { L1 = 16, L2 = 28, F = 36, E = 38 };
	static const u8 cond[] = {
		/*  0 */ REG, B2(6), C8(4), ADD, REF32, C8(5), EQUAL,
		/* 10 */ IF_GOTO, B2(L1), GOTO, B2(F),
		/* 16 */ C16(FAKE_DATA + 0x40), REF8, EXT, 8, IF_GOTO, B2(L2), GOTO, B2(F),
		/* 28 */ C8(1), GOTO, B2(E), POP, POP, POP,	/* unreachable: no depth check */
		/* 36 */ C8(0),
		/* 38 */ END,
	};
	unsigned int pid, flag;
	u8 bad[sizeof(cond)];
	u32 p;
	s64 v;

	assert_int_equal(sizeof(cond), E + 1);
	assert_int_equal(kgdb_ax_verify(cond, sizeof(cond), 0), 0);
	fake_regs[0].r[6] = FAKE_DATA + 0x80;
	for (pid = 4; pid <= 5; pid++) {
		for (flag = 0; flag <= 1; flag++) {
			p = pid;
			memcpy(fake_mem + FAKE_DATA + 0x84, &p, 4);
			fake_mem[FAKE_DATA + 0x40] = (u8)(flag ? 0x80 : 0);	/* -128: true */
			assert_int_equal(kgdb_ax_eval(cond, sizeof(cond), &ctx, &v), 0);
			assert_int_equal(v, pid == 5 && flag);
		}
	}
	/* An unknown opcode is refused even where no path goes. */
	memcpy(bad, cond, sizeof(bad));
	bad[33] = 0x5a;
	assert_int_equal(kgdb_ax_verify(bad, sizeof(bad), 0), -EINVAL);
}

static void test_vars(void **state)
{
	static const u8 setv_only[] = { C8(1), SETV, B2(3), END };
	unsigned int i;
	u8 code[] = { C16(0), SETV, B2(0), END };
	s64 v;

	assert_int_equal(RUN(GETV, B2(7), END), 0);
	/* setv leaves the value on the stack. */
	assert_int_equal(RUN(C8(42), SETV, B2(7), END), 42);
	assert_int_equal(RUN(GETV, B2(7), END), 42);
	assert_int_equal(RUN(GETV, B2(7), C8(1), ADD, SETV, B2(7), POP, GETV, B2(7), END), 43);
	assert_int_equal(RUN(GETV, B2(0xffff), END), 0);
	/* Setting it needs the allow bit; reading does not. */
	assert_int_equal(kgdb_ax_verify(setv_only, sizeof(setv_only), 0), -EINVAL);
	assert_int_equal(kgdb_ax_verify(setv_only, sizeof(setv_only), KGDB_AX_ALLOW_SETV), 0);
	assert_int_equal(VERIFY(0, GETV, B2(7), END), 0);
	/* A full table takes no new variable, but old ones still change. */
	for (i = 1; i < KGDB_AX_MAX_VARS; i++) {
		code[2] = (u8)(100 + i);
		code[5] = (u8)(100 + i);
		assert_int_equal(eval(code, sizeof(code), &v), 0);
	}
	code[5] = 99;
	assert_int_equal(eval(code, sizeof(code), &v), -EINVAL);
	assert_int_equal(RUN(C8(9), SETV, B2(7), END), 9);
	assert_int_equal(RUN(GETV, B2(7), GETV, B2(100 + 5), ADD, END), 9 + 105);
	kgdb_ax_vars_reset();
	assert_int_equal(RUN(GETV, B2(7), END), 0);
	code[5] = 99;
	assert_int_equal(eval(code, sizeof(code), &v), 0);
}

static void test_trace_ops(void **state)
{
	/* Operands consumed as the manual says; nothing collected yet. */
	assert_int_equal(RUN(C8(1), C16(FAKE_DATA), C8(4), TRACE, END), 1);
	assert_int_equal(RUN(C16(FAKE_HOLE), TRACE_QUICK, 8, END), FAKE_HOLE);
	assert_int_equal(RUN(C8(2), TRACEV, B2(5), END), 2);
	assert_int_equal(RUN(C8(3), C16(FAKE_DATA), C8(4), TRACENZ, END), 3);
	assert_int_equal(VERIFY(0, C8(1), C8(2), C8(4), TRACE, END), -EINVAL);
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_TRACE, C8(1), C8(2), C8(4), TRACE, END), 0);
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_PRINTF | KGDB_AX_ALLOW_SETV, C8(1),
				TRACE_QUICK, 4, END), -EINVAL);
	assert_int_equal(VERIFY(0, C8(1), TRACEV, B2(1), END), -EINVAL);
	assert_int_equal(VERIFY(0, C8(1), C8(2), C8(4), TRACENZ, END), -EINVAL);
	REFUSED(C8(1), TRACE, END);
	/* A tracepoint's action may end empty (gdb's `collect` of a register is `end` alone) ... */
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_TRACE, C8(1), C8(1), TRACENZ, END), 0);
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_TRACE, END), 0);
	/* ... a condition may not, nor go below empty. */
	assert_int_equal(VERIFY(0, END), -EINVAL);
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_TRACE, C8(1), TRACENZ, END), -EINVAL);
}

/* A budget, not the verifier, ends a loop: it cannot tell one that ends. */
static void test_budget(void **state)
{
	/* 0: const8 1; if_goto 0 -- for ever */
	RUN_ERR(-EINVAL, C8(1), IF_GOTO, B2(0), C8(0), END);
	/* 0: goto 0, with no end anywhere */
	RUN_ERR(-EINVAL, GOTO, B2(0));
	/* A printf costs what it may print: a looping one stops early. */
	RUN_ERR(-EINVAL, C8(0), C8(0), PRINTF, 0, B2(2), 'x', 0, GOTO, B2(0));
	/* Each round, 4 instructions and a printf, of a budget of 100000. */
	assert_int_equal(prints, (100000 + KGDB_AX_PRINT_MAX + 3) / (KGDB_AX_PRINT_MAX + 4));
	assert_string_equal(printed, "x");
	/* A loop that ends: count r down from 1000 with a variable. */
	assert_int_equal(RUN(C16(1000), SETV, B2(1), POP,
			     /* 7 */ GETV, B2(1), C8(1), SUB, SETV, B2(1), IF_GOTO, B2(7),
			     GETV, B2(1), C8(7), ADD, END), 7);
}

/* ---------------------------------------------------------------- printf */

/*
 * printf @fmt with @nargs of @args, as gdb's gen_printf compiles it
 * (arguments last first, channel, function, printf, end) into @code.
 */
static size_t dprintf_code(u8 *code, const char *fmt, size_t fmtlen, unsigned int nargs,
			   const u64 *args)
{
	size_t n = 0;
	int i;

	for (i = (int)nargs - 1; i >= 0; i--) {
		u8 c[] = { C64(args[i]) };

		memcpy(code + n, c, sizeof(c));
		n += sizeof(c);
	}
	code[n++] = CONST8;
	code[n++] = 0;		/* channel */
	code[n++] = CONST8;
	code[n++] = 0;		/* function */
	code[n++] = PRINTF;
	code[n++] = (u8)nargs;
	code[n++] = (u8)((fmtlen + 1) >> 8);
	code[n++] = (u8)(fmtlen + 1);
	memcpy(code + n, fmt, fmtlen);
	n += fmtlen;
	code[n++] = '\0';
	code[n++] = END;
	return n;
}

static int dprintf_verify(const char *fmt, unsigned int nargs)
{
	static const u64 zeros[64];
	u8 code[KGDB_AX_MAX_LEN * 2];
	size_t n = dprintf_code(code, fmt, strlen(fmt), nargs, zeros);

	return kgdb_ax_verify(code, n, KGDB_AX_ALLOW_PRINTF);
}

/* What printf @fmt prints with @args. */
#define PRINTS(expect, fmt, ...) do {						\
	static const u64 a_[] = { 0, ##__VA_ARGS__ };				\
	u8 code_[KGDB_AX_MAX_LEN];						\
	size_t n_ = dprintf_code(code_, fmt, strlen(fmt), ARRAY_SIZE(a_) - 1, a_ + 1); \
	s64 v_;									\
										\
	assert_int_equal(kgdb_ax_verify(code_, n_, KGDB_AX_ALLOW_PRINTF), 0);	\
	assert_int_equal(kgdb_ax_eval(code_, n_, &ctx, &v_), 0);		\
	assert_int_equal(v_, 0);						\
	assert_string_equal(printed, expect);					\
} while (0)

static void test_printf_conversions(void **state)
{
	PRINTS("plain", "plain");
	PRINTS("100%", "100%%");
	PRINTS("-5 5", "%d %i", (u64)-5, 0x100000005ULL);	/* an int: cut to 32 bits */
	PRINTS("-5 -9223372036854775808", "%ld %lld", (u64)-5, (u64)INT64_MIN);
	PRINTS("-1 -32768 255", "%hhd %hd %hhu", 0x1ffULL, 0x18000ULL, (u64)-1);
	PRINTS("4294967295 18446744073709551615", "%u %lu", (u64)-1, (u64)-1);
	PRINTS("18446744073709551615 -1", "%llu %jd", (u64)-1, (u64)-1);
	PRINTS("deadbeef DEADBEEF 0xbeef 17 1f", "%x %X %#x %o %lx", 0xdeadbeefULL,
	       0xdeadbeefULL, 0xbeefULL, 15ULL, 31ULL);
	PRINTS("-1 18446744073709551615 -2 ff", "%zd %zu %td %jx", (u64)-1, (u64)-1,
	       (u64)-2, 0xffULL);
	PRINTS("[   42|42   |00042|+42| 42|007]", "[%5d|%-5d|%05d|%+d|% d|%.3d]",
	       42ULL, 42ULL, 42ULL, 42ULL, 42ULL, 7ULL);
	PRINTS("A|  B|C ", "%c|%3c|%-2c", 'A' + 0ULL, 'B' + 0x100ULL, 'C' + 0ULL);
	PRINTS("0x1234 0x0", "%p %p", 0x1234ULL, 0ULL);
	PRINTS("1 2 3", "%d %d %d", 1ULL, 2ULL, 3ULL);	/* argument 0 nearest the top */
	/* Escapes come as typed: gdb sends the format between the quotes raw. */
	PRINTS("x=5\n\t\"\\\a\b\033\f\r\v", "x=%d\\n\\t\\\"\\\\\\a\\b\\e\\f\\r\\v", 5ULL);
	assert_int_equal(printed_len, 13);
	/* Without a print callback it runs all the same. */
	{
		unsigned int before = prints;
		static const u8 p[] = { C8(7), C8(0), C8(0), PRINTF, 1, B2(3), '%', 'd', 0,
					C8(9), END };
		const struct kgdb_ax_ctx quiet = { .th = &cpu0 };
		s64 v;

		assert_int_equal(kgdb_ax_verify(p, sizeof(p), KGDB_AX_ALLOW_PRINTF), 0);
		assert_int_equal(kgdb_ax_eval(p, sizeof(p), &quiet, &v), 0);
		assert_int_equal(v, 9);
		assert_int_equal(prints, before);
	}
}

static void test_printf_strings(void **state)
{
	char *s = (char *)fake_mem;

	strcpy(s + FAKE_DATA + 0x300, "hello");
	PRINTS("<hello>", "<%s>", FAKE_DATA + 0x300ULL);
	PRINTS("<hel>", "<%.3s>", FAKE_DATA + 0x300ULL);
	PRINTS("<>", "<%.0s>", FAKE_HOLE + 0ULL);	/* reads nothing */
	PRINTS("<   hello|hello   >", "<%8s|%-8s>", FAKE_DATA + 0x300ULL, FAKE_DATA + 0x300ULL);
	PRINTS("<(null)>", "<%s>", 0ULL);
	PRINTS("<(efault)>", "<%s>", FAKE_HOLE + 0x10ULL);
	PRINTS("<(efault)>", "<%s>", UINT64_MAX);
	/* Running into the hole: what could be read. */
	memcpy(s + FAKE_HOLE - 5, "abcde", 5);
	PRINTS("<abcde>", "<%s>", FAKE_HOLE - 5ULL);
	/* Across chunks, and cut at KGDB_AX_STR_MAX. */
	memset(s + FAKE_DATA + 0x400, 'x', 300);
	s[FAKE_DATA + 0x400 + 70] = '\0';
	PRINTS("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
	       "%s", FAKE_DATA + 0x400ULL);
	s[FAKE_DATA + 0x400 + 70] = 'x';
	s[FAKE_DATA + 0x400 + 300] = '\0';
	PRINTS("", "%.0s", FAKE_DATA + 0x400ULL);
	{
		static const u64 a[] = { FAKE_DATA + 0x401 };
		u8 code[64];
		size_t n = dprintf_code(code, "%s|", 3, 1, a);
		s64 v;

		assert_int_equal(kgdb_ax_verify(code, n, KGDB_AX_ALLOW_PRINTF), 0);
		assert_int_equal(kgdb_ax_eval(code, n, &ctx, &v), 0);
		assert_int_equal(printed_len, KGDB_AX_STR_MAX + 1);
		assert_int_equal(printed[KGDB_AX_STR_MAX], '|');
		assert_int_equal(strspn(printed, "x"), KGDB_AX_STR_MAX);
	}
}

static void test_printf_truncation(void **state)
{
	static char fmt[600];
	static const u64 a[] = { FAKE_DATA + 0x400, FAKE_DATA + 0x400 };
	u8 code[KGDB_AX_MAX_LEN];
	size_t n;
	s64 v;

	memset(fake_mem + FAKE_DATA + 0x400, 'y', 300);
	fake_mem[FAKE_DATA + 0x400 + 300] = '\0';
	/* Two 200-character strings: cut at KGDB_AX_PRINT_MAX. */
	n = dprintf_code(code, "%s%s", 4, 2, a);
	assert_int_equal(kgdb_ax_verify(code, n, KGDB_AX_ALLOW_PRINTF), 0);
	assert_int_equal(kgdb_ax_eval(code, n, &ctx, &v), 0);
	assert_int_equal(printed_len, KGDB_AX_PRINT_MAX);
	assert_int_equal(strspn(printed, "y"), KGDB_AX_PRINT_MAX);
	/* Literal text, escapes and a number at the edge. */
	memset(fmt, 'a', 300);
	n = dprintf_code(code, fmt, 300, 0, NULL);
	assert_int_equal(kgdb_ax_eval(code, n, &ctx, &v), 0);
	assert_int_equal(printed_len, KGDB_AX_PRINT_MAX);
	memset(fmt, 'b', KGDB_AX_PRINT_MAX - 1);
	strcpy(fmt + KGDB_AX_PRINT_MAX - 1, "\\n\\n");
	n = dprintf_code(code, fmt, strlen(fmt), 0, NULL);
	assert_int_equal(kgdb_ax_eval(code, n, &ctx, &v), 0);
	assert_int_equal(printed_len, KGDB_AX_PRINT_MAX);
	assert_int_equal(printed[KGDB_AX_PRINT_MAX - 1], '\n');
	strcpy(fmt + KGDB_AX_PRINT_MAX - 3, "%d");
	n = dprintf_code(code, fmt, strlen(fmt), 1, (const u64[]){ 12345 });
	assert_int_equal(kgdb_ax_eval(code, n, &ctx, &v), 0);
	assert_int_equal(printed_len, KGDB_AX_PRINT_MAX);
	assert_memory_equal(printed + KGDB_AX_PRINT_MAX - 3, "123", 3);
}

static void test_printf_refused(void **state)
{
	static const u8 no_nul[] = { C8(0), C8(0), PRINTF, 0, B2(2), 'a', 'b', END };
	static const u8 early_nul[] = { C8(0), C8(0), PRINTF, 0, B2(3), 'a', 0, 0, END };
	static const u8 empty[] = { C8(0), C8(0), PRINTF, 0, B2(0), END };
	static const u8 past_end[] = { C8(0), C8(0), PRINTF, 0, B2(9), 'a', 0, END };
	static const u8 cut[] = { C8(0), C8(0), PRINTF, 0 };
	static const u8 ok[] = { C8(0), C8(0), PRINTF, 0, B2(2), 'a', 0, END };

	assert_int_equal(dprintf_verify("%d %s %c %p %x %%", 5), 0);
	assert_int_equal(dprintf_verify("%-+ #05.3lld %999.999d", 2), 0);
	assert_int_equal(dprintf_verify("%hhd %hd %zd %td %jd %llx", 6), 0);
	/* Conversion count against nargs, both ways. */
	assert_int_equal(dprintf_verify("%d %d", 1), -EINVAL);
	assert_int_equal(dprintf_verify("%d", 2), -EINVAL);
	assert_int_equal(dprintf_verify("%%", 1), -EINVAL);
	/* What C or gdb would do differently, or not at all. */
	/* Refused whatever nargs: each has at most one conversion C would take. */
	static const char *const bad[] = {
		"%n", "%hn", "%f", "%e", "%g", "%E", "%G", "%a", "%Lf", "%*d", "%.*d", "%",
		"abc%", "%5%", "%lc", "%ls", "%lp", "%hs", "%q", "%ld%", "%1000d", "%.1000d",
		"%--------------d", "\\q", "\\", "x\\0", "%I64d", "%Hf",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		assert_int_equal(dprintf_verify(bad[i], 0), -EINVAL);
		assert_int_equal(dprintf_verify(bad[i], 1), -EINVAL);
	}
	/* The longest conversion taken: 15 characters. */
	assert_int_equal(strlen("%-------------d"), 15);
	assert_int_equal(dprintf_verify("%-------------d", 1), 0);
	assert_int_equal(dprintf_verify("ok\\n\\\"\\e", 0), 0);
	assert_int_equal(kgdb_ax_verify(no_nul, sizeof(no_nul), ALL), -EINVAL);
	assert_int_equal(kgdb_ax_verify(early_nul, sizeof(early_nul), ALL), -EINVAL);
	assert_int_equal(kgdb_ax_verify(empty, sizeof(empty), ALL), -EINVAL);
	assert_int_equal(kgdb_ax_verify(past_end, sizeof(past_end), ALL), -EINVAL);
	assert_int_equal(kgdb_ax_verify(cut, sizeof(cut), ALL), -EINVAL);
	assert_int_equal(kgdb_ax_verify(ok, sizeof(ok), ALL), 0);
	assert_int_equal(kgdb_ax_verify(ok, sizeof(ok), ALL & ~KGDB_AX_ALLOW_PRINTF), -EINVAL);
	/* Too few entries for nargs, function and channel. */
	REFUSED(C8(0), PRINTF, 0, B2(2), 'a', 0, END);
	REFUSED(C8(0), C8(0), PRINTF, 1, B2(3), '%', 'd', 0, END);
}

/* ---------------------------------------------------------------- verifier */

static void test_verify_refusals(void **state)
{
	static const u8 unknown[] = { 0x00, 0x01, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x30, 0x31,
				      0x35, 0x80, 0xff };
	u8 code[KGDB_AX_MAX_LEN + 2] = { END };
	unsigned int i;

	assert_int_equal(kgdb_ax_verify(code, 0, ALL), -EINVAL);
	for (i = 0; i < sizeof(unknown); i++) {
		u8 c[] = { C8(1), unknown[i], END };

		assert_int_equal(kgdb_ax_verify(c, sizeof(c), ALL), -EINVAL);
	}
	/* Operands cut off. */
	REFUSED(CONST8);
	REFUSED(C8(1), CONST16, 1);
	REFUSED(C8(1), CONST32, 1, 2, 3);
	REFUSED(C8(1), CONST64, 1, 2, 3, 4, 5, 6, 7);
	REFUSED(C8(1), GOTO, 0);
	REFUSED(C8(1), EXT);
	REFUSED(REG, 0);
	/* Jumps outside, into an operand, and to where the depth differs. */
	REFUSED(C8(1), GOTO, B2(6), END);
	REFUSED(C8(1), GOTO, B2(0xffff), END);
	REFUSED(C8(1), C8(1), IF_GOTO, B2(1), END);
	REFUSED(C16(1), GOTO, B2(2), END);
	REFUSED(C8(1), C8(1), IF_GOTO, B2(9), C8(2), END);	/* 9: end, depths 1 and 2 */
	assert_int_equal(VERIFY(ALL, C8(1), C8(1), IF_GOTO, B2(10), POP, C8(2), END), 0);
	/* Underflow. */
	assert_int_equal(VERIFY(0, END), -EINVAL);
	REFUSED(C8(1), ADD, END);
	REFUSED(POP, C8(1), END);
	REFUSED(DUP, END);
	REFUSED(C8(1), SWAP, END);
	REFUSED(C8(1), C8(2), ROT, END);
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_SETV, C8(1), LOG_NOT, POP, END), -EINVAL);
	REFUSED(C8(1), C8(2), PICK, 2, END);
	REFUSED(IF_GOTO, B2(0), END);
	REFUSED(C8(1), SETV, B2(0), POP, SETV, B2(0), END);
	/* An empty stack at end: only a dprintf's (gdb's gen_printf ends so). */
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_PRINTF, END), 0);
	assert_int_equal(VERIFY(KGDB_AX_ALLOW_SETV, END), -EINVAL);
	/* No end: falling off it, or off an if_goto's false branch. */
	REFUSED(C8(1));
	REFUSED(C8(1), IF_GOTO, B2(0));
	REFUSED(C8(1), GOTO, B2(6), END, C8(2));
	/* ext and zero_ext take 1 to 64 bits. */
	REFUSED(C8(1), EXT, 0, END);
	REFUSED(C8(1), EXT, 65, END);
	REFUSED(C8(1), ZERO_EXT, 0, END);
	REFUSED(C8(1), ZERO_EXT, 255, END);
	assert_int_equal(VERIFY(0, C8(1), EXT, 64, ZERO_EXT, 64, END), 0);
	/* Depth: KGDB_AX_MAX_DEPTH entries, not one more. */
	for (i = 0; i < KGDB_AX_MAX_DEPTH; i++) {
		code[2 * i] = CONST8;
		code[2 * i + 1] = (u8)i;
	}
	code[2 * i] = END;
	assert_int_equal(kgdb_ax_verify(code, 2 * i + 1, 0), 0);
	{
		s64 v;

		assert_int_equal(kgdb_ax_eval(code, 2 * i + 1, &ctx, &v), 0);
		assert_int_equal(v, KGDB_AX_MAX_DEPTH - 1);
	}
	code[2 * i] = DUP;
	code[2 * i + 1] = END;
	assert_int_equal(kgdb_ax_verify(code, 2 * i + 2, 0), -EINVAL);
	code[2 * i] = PICK;
	code[2 * i + 1] = 0;
	code[2 * i + 2] = END;
	assert_int_equal(kgdb_ax_verify(code, 2 * i + 3, 0), -EINVAL);
	/* Length: KGDB_AX_MAX_LEN bytes, not one more. */
	code[0] = CONST16;
	code[1] = 0;
	code[2] = 1;
	for (i = 3; i < KGDB_AX_MAX_LEN - 1; i += 2) {
		code[i] = DUP;
		code[i + 1] = POP;
	}
	code[KGDB_AX_MAX_LEN - 1] = END;
	assert_int_equal(kgdb_ax_verify(code, KGDB_AX_MAX_LEN, 0), 0);
	code[KGDB_AX_MAX_LEN - 1] = LOG_NOT;
	code[KGDB_AX_MAX_LEN] = END;
	assert_int_equal(kgdb_ax_verify(code, KGDB_AX_MAX_LEN + 1, 0), -EINVAL);
}

/* Loops and joins verify: the walk follows every path once. */
static void test_verify_paths(void **state)
{
	/* A backward jump to the start, at the same depth. */
	assert_int_equal(VERIFY(0, C8(1), IF_GOTO, B2(0), C8(0), END), 0);
	/* ... and at another: the stack would grow each time round. */
	assert_int_equal(VERIFY(0, C8(1), C8(1), IF_GOTO, B2(0), END), -EINVAL);
	/* Backward into code the walk has not reached yet. */
	assert_int_equal(VERIFY(0, GOTO, B2(6), C8(3), END, C8(4), GOTO, B2(3)), 0);
	assert_int_equal(RUN(GOTO, B2(6), C8(3), END, C8(4), GOTO, B2(3)), 3);
	assert_int_equal(VERIFY(0, GOTO, B2(4), C8(3), END, C8(4), GOTO, B2(3)), -EINVAL);
	/* ... and checked there: 3 is an add with one entry. */
	assert_int_equal(VERIFY(0, GOTO, B2(5), ADD, END, C8(4), GOTO, B2(3)), -EINVAL);
	assert_int_equal(VERIFY(0, GOTO, B2(5), DUP, END, C8(4), GOTO, B2(3)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(t)	cmocka_unit_test_setup_teardown(t, setup, teardown_agent)
		T(test_consts),
		T(test_arith),
		T(test_division),
		T(test_shifts),
		T(test_logic),
		T(test_ext),
		T(test_stack_ops),
		T(test_refs),
		T(test_regs),
		T(test_gdb_condition),
		T(test_gdb_and),
		T(test_vars),
		T(test_trace_ops),
		T(test_budget),
		T(test_printf_conversions),
		T(test_printf_strings),
		T(test_printf_truncation),
		T(test_printf_refused),
		T(test_verify_refusals),
		T(test_verify_paths),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
