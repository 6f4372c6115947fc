// SPDX-License-Identifier: MIT
/*
 * arch/powerpc/lib/next_pc.c, the next-PC decoder of the PowerPC
 * software single-step: every branch form, its condition and CTR test.
 */
#include "host_test.h"
#include <kgdb.h>
#include <asm/next_pc.h>

#define PC		0x0010f000UL

#define B(li, aa, lk)		(18U << 26 | ((u32)(li) & 0x03fffffc) | (aa) << 1 | (lk))
#define BC(bo, bi, bd, aa)	(16U << 26 | (u32)(bo) << 21 | (u32)(bi) << 16 | \
				 ((u32)(bd) & 0xfffc) | (aa) << 1)
#define XL(bo, bi, xo)		(19U << 26 | (u32)(bo) << 21 | (u32)(bi) << 16 | (u32)(xo) << 1)
#define BCLR(bo, bi)		XL(bo, bi, 16)
#define BCCTR(bo, bi)		XL(bo, bi, 528)

/* BO values: branch if CR bit set, if clear, always; decrement CTR, branch if != 0 / == 0 */
enum { IF_TRUE = 12, IF_FALSE = 4, ALWAYS = 20, DNZ = 16, DZ = 18, DNZ_TRUE = 8 };
#define CR0_EQ		2	/* BI of cr0's eq bit */

static struct pt_regs regs;

static uintptr_t step(u32 insn)
{
	uintptr_t next[KGDB_STEP_MAX_TARGETS] = { 0 };

	regs.nip = PC;
	assert_int_equal(ppc_next_pcs(&regs, insn, next), 1);
	return next[0];
}

/* Whether the core must leave MSR[EE] to the instruction. */
static bool sets_ee(u32 insn)
{
	uintptr_t next[KGDB_STEP_MAX_TARGETS];

	regs.nip = PC;
	return STEP_SETS_IRQS(ppc_next_pcs(&regs, insn, next));
}

static int reset(void **state)
{
	memset(&regs, 0, sizeof(regs));
	return 0;
}

static void test_straight_line(void **state)
{
	assert_int_equal(step(0x7c642a14), PC + 4);		/* add r3,r4,r5 */
	assert_int_equal(step(0x4c00012c), PC + 4);		/* isync */
	assert_int_equal(step(0x7fe00008), PC + 4);		/* trap */
}

static void test_unconditional_branches(void **state)
{
	assert_int_equal(step(B(0x40, 0, 0)), PC + 0x40);	/* b */
	assert_int_equal(step(B(-0x100, 0, 1)), PC - 0x100);	/* bl, backwards */
	assert_int_equal(step(B(0x1000, 1, 0)), 0x1000);	/* ba */
	assert_int_equal(step(B(0x01fffffc, 0, 0)), PC + 0x01fffffc);	/* the farthest forward */
	regs.link = 0x00123456;
	assert_int_equal(step(0x4e800020), 0x00123454);		/* blr: the low bits ignored */
	regs.ctr = 0x00200000;
	assert_int_equal(step(0x4e800420), 0x00200000);		/* bctr */
}

static void test_condition_register(void **state)
{
	regs.cr = 0x20000000;		/* cr0: eq */
	assert_int_equal(step(BC(IF_TRUE, CR0_EQ, 0x20, 0)), PC + 0x20);	/* beq */
	assert_int_equal(step(BC(IF_FALSE, CR0_EQ, 0x20, 0)), PC + 4);		/* bne */
	assert_int_equal(step(BC(IF_TRUE, 0, 0x20, 0)), PC + 4);		/* blt */
	assert_int_equal(step(BC(IF_TRUE, CR0_EQ, -8, 0)), PC - 8);
	assert_int_equal(step(BC(IF_TRUE, CR0_EQ, 0x80, 1)), 0x80);		/* absolute */
	regs.cr = 0x00000002;		/* cr7: eq */
	assert_int_equal(step(BC(IF_TRUE, 30, 0x20, 0)), PC + 0x20);
	assert_int_equal(step(BC(IF_TRUE, CR0_EQ, 0x20, 0)), PC + 4);
	regs.link = 0x00300000;
	assert_int_equal(step(BCLR(IF_FALSE, 30)), PC + 4);			/* bnelr cr7 */
	assert_int_equal(step(BCLR(IF_TRUE, 30)), 0x00300000);			/* beqlr cr7 */
	regs.ctr = 0x00400000;
	assert_int_equal(step(BCCTR(IF_FALSE, CR0_EQ)), 0x00400000);		/* bnectr */
	assert_int_equal(step(BCCTR(IF_TRUE, CR0_EQ)), PC + 4);
	assert_int_equal(step(BC(ALWAYS, 0, 0x20, 0)), PC + 0x20);
}

/* The CTR test sees the value after the branch decrements it. */
static void test_count_register(void **state)
{
	regs.ctr = 2;
	assert_int_equal(step(BC(DNZ, 0, 0x20, 0)), PC + 0x20);	/* bdnz */
	assert_int_equal(step(BC(DZ, 0, 0x20, 0)), PC + 4);	/* bdz */
	regs.ctr = 1;
	assert_int_equal(step(BC(DNZ, 0, 0x20, 0)), PC + 4);
	assert_int_equal(step(BC(DZ, 0, 0x20, 0)), PC + 0x20);
	regs.ctr = 0;			/* wraps: 0xffffffff is not zero */
	assert_int_equal(step(BC(DNZ, 0, 0x20, 0)), PC + 0x20);
	regs.ctr = 5;
	regs.cr = 0x20000000;
	assert_int_equal(step(BC(DNZ_TRUE, CR0_EQ, 0x20, 0)), PC + 0x20);	/* bdnzt eq */
	regs.cr = 0;
	assert_int_equal(step(BC(DNZ_TRUE, CR0_EQ, 0x20, 0)), PC + 4);
	regs.link = 0x00500000;
	regs.ctr = 3;
	assert_int_equal(step(BCLR(DNZ, 0)), 0x00500000);			/* bdnzlr */
}

static void test_interrupt_returns_are_refused(void **state)
{
	static const u32 rfs[] = { 0x4c000064, 0x4c000066, 0x4c00004e, 0x4c00004c };
	uintptr_t next[KGDB_STEP_MAX_TARGETS];
	unsigned int i;

	for (i = 0; i < sizeof(rfs) / sizeof(rfs[0]); i++)	/* rfi, rfci, rfdi, rfmci */
		assert_int_equal(ppc_next_pcs(&regs, rfs[i], next), -EINVAL);
}

static void test_instructions_that_set_ee(void **state)
{
	assert_true(sets_ee(0x7c000146));	/* wrteei 0 */
	assert_true(sets_ee(0x7c008146));	/* wrteei 1 */
	assert_true(sets_ee(0x7c600106));	/* wrtee r3 */
	assert_true(sets_ee(0x7c600124));	/* mtmsr r3 */
	assert_false(sets_ee(0x7c6000a6));	/* mfmsr r3 */
	assert_false(sets_ee(0x7c642a14));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_straight_line, reset),
		cmocka_unit_test_setup(test_unconditional_branches, reset),
		cmocka_unit_test_setup(test_condition_register, reset),
		cmocka_unit_test_setup(test_count_register, reset),
		cmocka_unit_test_setup(test_interrupt_returns_are_refused, reset),
		cmocka_unit_test_setup(test_instructions_that_set_ee, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
