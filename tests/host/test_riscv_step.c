// SPDX-License-Identifier: MIT
/*
 * arch/riscv/lib/next_pc.c, the next-PC decoder of the RISC-V
 * software single-step. The encodings are the assembler's (binutils 2.40,
 * -march=rv64imac_zicsr), not made up here.
 */
#include "host_test.h"
#include <kgdb.h>
#include <asm/next_pc.h>

#define PC	0x80210000UL

enum { RA = 1, S1 = 9, A0 = 10, A1 = 11, A5 = 15 };

static struct pt_regs regs;

static uintptr_t step1(u32 insn)
{
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS] = { 0 };
	int n;

	regs.sepc = PC;
	n = riscv_next_pcs(&regs, insn, pcs);
	assert_int_equal(n & ~KGDB_STEP_IRQ_INSN, 1);
	return pcs[0];
}

static bool sets_sie(u32 insn)
{
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS];

	regs.sepc = PC;
	return STEP_SETS_IRQS(riscv_next_pcs(&regs, insn, pcs));
}

static int reset(void **state)
{
	memset(&regs, 0, sizeof(regs));
	regs.x[0] = 0xdeadbeef;		/* a frame's x0 slot may hold anything */
	return 0;
}

static void test_branches(void **state)
{
	regs.x[A0] = 5;
	regs.x[A1] = 5;
	assert_int_equal(step1(0x04b50063), PC + 0x40);		/* beq a0,a1,+0x40 */
	assert_int_equal(step1(0xf8b510e3), PC + 4);		/* bne a0,a1,-0x80 */
	regs.x[A1] = 6;
	assert_int_equal(step1(0x04b50063), PC + 4);
	assert_int_equal(step1(0xf8b510e3), PC - 0x80);
	assert_int_equal(step1(0x7eb54f63), PC + 0x7fe);		/* blt a0,a1,+0x7fe */
	assert_int_equal(step1(0x80b57063), PC + 4);		/* bgeu a0,a1,-0x1000 */
	regs.x[A0] = (unsigned long)-1;				/* signed -1, unsigned huge */
	assert_int_equal(step1(0x7eb54f63), PC + 0x7fe);
	assert_int_equal(step1(0x80b57063), PC - 0x1000);
}

static void test_jumps(void **state)
{
	regs.x[A0] = 0x80300000;
	regs.x[A1] = 0x80400001;
	assert_int_equal(step1(0x7ffff0ef), PC + 0xffffe);		/* jal ra,+0xffffe */
	assert_int_equal(step1(0x8000006f), PC - 0x100000);	/* j -0x100000 */
	assert_int_equal(step1(0x00c500e7), 0x8030000c);		/* jalr ra,12(a0) */
	assert_int_equal(step1(0xfff58067), 0x80400000);		/* jr -1(a1): bit 0 cleared */
}

static void test_compressed(void **state)
{
	regs.x[RA] = 0x80201234;
	regs.x[A5] = 0x80205679;
	assert_int_equal(step1(0xaffd), PC + 0x7fe);		/* c.j +0x7fe */
	assert_int_equal(step1(0xb001), PC - 0x800);		/* c.j -0x800 */
	assert_int_equal(step1(0xcd7d), PC + 0xfe);		/* c.beqz a0,+0xfe: a0 = 0 */
	assert_int_equal(step1(0xf081), PC + 2);		/* c.bnez s1,-0x100: s1 = 0 */
	regs.x[A0] = 1;
	regs.x[S1] = 1;
	assert_int_equal(step1(0xcd7d), PC + 2);
	assert_int_equal(step1(0xf081), PC - 0x100);
	assert_int_equal(step1(0x8082), 0x80201234);		/* c.jr ra (ret) */
	assert_int_equal(step1(0x9782), 0x80205678);		/* c.jalr a5 */
	assert_int_equal(step1(0x2505), PC + 2);		/* c.addiw a0,1 (RV32's c.jal) */
	assert_int_equal(step1(0x9002), PC + 2);		/* c.ebreak */
	/* the upper half of the word is the next instruction's: ignored */
	assert_int_equal(step1(0x12340000 | 0xaffd), PC + 0x7fe);
}

static void test_plain_and_system(void **state)
{
	uintptr_t pcs[KGDB_STEP_MAX_TARGETS];

	assert_int_equal(step1(0x00c58533), PC + 4);		/* add a0,a1,a2 */
	regs.sepc = PC;
	assert_int_equal(riscv_next_pcs(&regs, 0x10200073, pcs), -EINVAL);	/* sret */
	assert_true(sets_sie(0x10016073));			/* csrs sstatus,2 */
	assert_true(sets_sie(0x10051073));			/* csrw sstatus,a0 */
	assert_false(sets_sie(0x10002573));			/* csrr a0,sstatus */
	assert_false(sets_sie(0x00c58533));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_branches, reset),
		cmocka_unit_test_setup(test_jumps, reset),
		cmocka_unit_test_setup(test_compressed, reset),
		cmocka_unit_test_setup(test_plain_and_system, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
