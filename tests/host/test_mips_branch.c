// SPDX-License-Identifier: MIT
/*
 * arch/mips/lib/next_pc.c, the next-PC decoder of the MIPS software
 * single-step (the core hands it the instruction as the CPU reads it, in
 * either byte order).
 */
#include "host_test.h"
#include <kgdb.h>
#include <asm/next_pc.h>

#define PC		0x8010f000UL

#define I(op, rs, rt, imm)	((u32)(op) << 26 | (u32)(rs) << 21 | (u32)(rt) << 16 | \
				 ((u32)(imm) & 0xffff))
#define R(rs, rt, rd, funct)	((u32)(rs) << 21 | (u32)(rt) << 16 | (u32)(rd) << 11 | (funct))
#define J(op, addr)		((u32)(op) << 26 | (((u32)(addr) >> 2) & 0x03ffffff))

enum { T0 = 8, T1 = 9, T9 = 25, RA = 31 };

static struct pt_regs regs;

/* Where the step of @insn at PC ends; @n: how many addresses. */
static uintptr_t step(u32 insn, int *n)
{
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS] = { 0 };

	regs.cp0_epc = PC;
	*n = mips_next_pcs(&regs, insn, pcs);
	if (*n > 0)
		*n &= ~KGDB_STEP_IRQ_INSN;
	return *n == 2 ? pcs[1] : pcs[0];
}

/* Whether the core must leave Status.IE to the instruction. */
static bool sets_ie(u32 insn)
{
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS];

	regs.cp0_epc = PC;
	return STEP_SETS_IRQS(mips_next_pcs(&regs, insn, pcs));
}

static uintptr_t step1(u32 insn)
{
	int n;
	uintptr_t pc = step(insn, &n);

	assert_int_equal(n, 1);
	return pc;
}

static void set(unsigned int r, u32 v)
{
	regs.regs[r] = v;
}

static int reset(void **state)
{
	memset(&regs, 0, sizeof(regs));
	regs.regs[0] = 0xdeadbeef;	/* a frame's r0 slot may hold anything */
	return 0;
}

static void test_straight_line(void **state)
{
	assert_int_equal(step1(I(0x09, T0, T0, 1)), PC + 4);		/* addiu */
	assert_int_equal(step1(R(T0, T1, T0, 0x21)), PC + 4);		/* addu */
	assert_int_equal(step1(0), PC + 4);				/* nop */
	assert_int_equal(step1(I(0x01, T0, 0x0c, 0)), PC + 4);		/* teqi */
	assert_int_equal(step1(I(0x01, T0, 0x1f, 0)), PC + 4);		/* synci */
	assert_int_equal(step1(0x42000020), PC + 4);			/* wait */
	assert_int_equal(step1(0x42000002), PC + 4);			/* tlbwi */
}

static void test_jumps(void **state)
{
	assert_int_equal(step1(J(0x02, 0x80123450)), 0x80123450);	/* j */
	assert_int_equal(step1(J(0x03, 0x8ffffffc)), 0x8ffffffc);	/* jal */
	/* the region is the delay slot's: PC's top four bits */
	assert_int_equal(step1(J(0x02, 0x00000040)), 0x80000040);
	set(RA, 0x80200008);
	assert_int_equal(step1(R(RA, 0, 0, 0x08)), 0x80200008);	/* jr ra */
	assert_int_equal(step1(R(RA, 0, 0, 0x08) | 1 << 10), 0x80200008); /* jr.hb */
	set(T9, 0x80300000);
	assert_int_equal(step1(R(T9, 0, RA, 0x09)), 0x80300000);	/* jalr t9 */
}

/* A taken branch lands on its target; an untaken one after its delay slot. */
static void test_beq_bne(void **state)
{
	set(T0, 5);
	set(T1, 5);
	assert_int_equal(step1(I(0x04, T0, T1, 16)), PC + 4 + 64);	/* beq */
	assert_int_equal(step1(I(0x05, T0, T1, 16)), PC + 8);		/* bne */
	assert_int_equal(step1(I(0x14, T0, T1, -4)), PC + 4 - 16);	/* beql, back */
	set(T1, 6);
	assert_int_equal(step1(I(0x04, T0, T1, 16)), PC + 8);
	assert_int_equal(step1(I(0x05, T0, T1, 16)), PC + 4 + 64);
	assert_int_equal(step1(I(0x15, T0, T1, 16)), PC + 4 + 64);	/* bnel */
	assert_int_equal(step1(I(0x14, T0, T1, 16)), PC + 8);		/* beql, annulled */
	/* b: beq $0, $0, whatever the frame's r0 slot says */
	assert_int_equal(step1(I(0x04, 0, 0, 2)), PC + 4 + 8);
}

static void test_compare_with_zero(void **state)
{
	static const u32 values[] = { 0, 1, 0x7fffffff, 0x80000000, 0xffffffff };
	unsigned int i;

	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		s32 v = (s32)values[i];

		set(T0, values[i]);
		assert_int_equal(step1(I(0x06, T0, 0, 8)), v <= 0 ? PC + 36 : PC + 8);	/* blez */
		assert_int_equal(step1(I(0x07, T0, 0, 8)), v > 0 ? PC + 36 : PC + 8);	/* bgtz */
		assert_int_equal(step1(I(0x16, T0, 0, 8)), v <= 0 ? PC + 36 : PC + 8);	/* blezl */
		assert_int_equal(step1(I(0x17, T0, 0, 8)), v > 0 ? PC + 36 : PC + 8);	/* bgtzl */
		/* REGIMM: bltz, bgez, bltzl, bgezl, and the linking four */
		assert_int_equal(step1(I(0x01, T0, 0x00, 8)), v < 0 ? PC + 36 : PC + 8);
		assert_int_equal(step1(I(0x01, T0, 0x01, 8)), v >= 0 ? PC + 36 : PC + 8);
		assert_int_equal(step1(I(0x01, T0, 0x02, 8)), v < 0 ? PC + 36 : PC + 8);
		assert_int_equal(step1(I(0x01, T0, 0x03, 8)), v >= 0 ? PC + 36 : PC + 8);
		assert_int_equal(step1(I(0x01, T0, 0x10, 8)), v < 0 ? PC + 36 : PC + 8);
		assert_int_equal(step1(I(0x01, T0, 0x11, 8)), v >= 0 ? PC + 36 : PC + 8);
		assert_int_equal(step1(I(0x01, T0, 0x12, 8)), v < 0 ? PC + 36 : PC + 8);
		assert_int_equal(step1(I(0x01, T0, 0x13, 8)), v >= 0 ? PC + 36 : PC + 8);
	}
	/* bal: bgezal $0 */
	assert_int_equal(step1(I(0x01, 0, 0x11, -2)), PC + 4 - 8);
}

/* FPU and coprocessor 2 conditions are not in the frame: both ways. */
static void test_coprocessor_branches(void **state)
{
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS];
	u32 bc1t = I(0x11, 0x08, 1, 8), bc2f = I(0x12, 0x08, 0, -8);

	regs.cp0_epc = PC;
	assert_int_equal(mips_next_pcs(&regs, bc1t, pcs), 2);
	assert_int_equal(pcs[0], PC + 36);
	assert_int_equal(pcs[1], PC + 8);
	assert_int_equal(mips_next_pcs(&regs, bc2f, pcs), 2);
	assert_int_equal(pcs[0], PC + 4 - 32);
	assert_int_equal(pcs[1], PC + 8);
	/* a branch to just past its delay slot is one address */
	assert_int_equal(mips_next_pcs(&regs, I(0x11, 0x08, 3, 1), pcs), 1);
	assert_int_equal(pcs[0], PC + 8);
	/* not a branch: mfc1, ctc1 */
	assert_int_equal(step1(I(0x11, 0x00, T0, 0)), PC + 4);
	assert_int_equal(step1(I(0x11, 0x06, T0, 31 << 11)), PC + 4);
}

static void test_exception_returns_are_refused(void **state)
{
	int n;

	step(0x42000018, &n);		/* eret */
	assert_int_equal(n, -EINVAL);
	step(0x4200001f, &n);		/* deret */
	assert_int_equal(n, -EINVAL);
}

static void test_instructions_that_set_ie(void **state)
{
	assert_true(sets_ie(0x41606000));	/* di */
	assert_true(sets_ie(0x41606020));	/* ei */
	assert_true(sets_ie(0x40886000));	/* mtc0 t0, Status */
	assert_false(sets_ie(0x40886001));	/* mtc0 t0, IntCtl */
	assert_false(sets_ie(0x40886800));	/* mtc0 t0, Cause */
	assert_false(sets_ie(0x40086000));	/* mfc0 t0, Status */
	assert_false(sets_ie(0x00000000));
	assert_true(sets_ie(0x42000020));	/* wait: woken only by an interrupt it may take */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_straight_line, reset),
		cmocka_unit_test_setup(test_jumps, reset),
		cmocka_unit_test_setup(test_beq_bne, reset),
		cmocka_unit_test_setup(test_compare_with_zero, reset),
		cmocka_unit_test_setup(test_coprocessor_branches, reset),
		cmocka_unit_test_setup(test_exception_returns_are_refused, reset),
		cmocka_unit_test_setup(test_instructions_that_set_ie, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
