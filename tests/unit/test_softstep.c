// SPDX-License-Identifier: MIT
/*
 * kernel/debug/debug_softstep.c (with debug_step.c): the core's software
 * single-step, for an arch that decodes where an instruction goes
 * (next_pcs) instead of trapping after it, and whose breakpoint leaves
 * the PC on itself (bp_pc_offset 0, as on ARM, MIPS and PowerPC). The planted words are invisible to gdb
 * and go back on the stop; interrupts are off in the frame for the step,
 * and for a CPU that continues alone, unless the instruction sets them
 * itself.
 */

#include "harness.h"

#define STEP_PC		(FAKE_TEXT + 0x400)
#define BRANCH_TO	(FAKE_TEXT + 0x500)

/* CPU 0 breaks in; the test checks what was said itself. */
static void break_in_unchecked(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
}

static void test_step_plants_and_restores(void **state)
{
	u8 next = fake_mem[STEP_PC + FAKE_INSN_LEN], branch = fake_mem[BRANCH_TO];
	char m[16];

	gdb_connect();
	xchg("vCont?", "vCont;c;C;s;S");
	xchg("Z0,1500,1", "OK");		/* gdb's own breakpoint on a step target */
	xchg("P8=0014000000000000", "OK");	/* pc */
	xchg("P7=0015000000000000", "OK");	/* r7: a branch that may be taken */
	resume("s");
	break_in_unchecked();
	assert_output();
	/* Both places the instruction may go to trap; the CPU runs to one. */
	assert_int_equal(fake_mem[STEP_PC + FAKE_INSN_LEN], 0xcc);
	assert_int_equal(fake_mem[BRANCH_TO], 0xcc);
	script_reset();
	fake_regs[0].pc = BRANCH_TO;
	expect_pkt(stop_reply(0, 5, "", 2));	/* a step's end, not gdb's breakpoint */
	script_str("+");
	snprintf(m, sizeof(m), "%02x", next);
	xchg("m1404,1", m);
	snprintf(m, sizeof(m), "%02x", branch);
	xchg("m1500,1", m);
	xchg("D", "OK");
	fake_regs[0].pc = BRANCH_TO;		/* the trap leaves the PC on it */
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_regs[0].pc, BRANCH_TO);
	assert_int_equal(fake_mem[STEP_PC + FAKE_INSN_LEN], next);
	assert_int_equal(fake_mem[BRANCH_TO], branch);
}

/*
 * An instruction the arch cannot step (@how in r6: next_pcs refuses it,
 * or gives nothing to plant): the step ends where it began.
 */
static void unsteppable(u64 how)
{
	u8 snapshot[FAKE_END];

	memcpy(snapshot, fake_mem, sizeof(snapshot));
	fake_regs[0].r[6] = how;
	gdb_connect();
	script_pkt("s");
	expect_str("+");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	break_in_unchecked();
	assert_output();
	assert_memory_equal(snapshot, fake_mem, sizeof(snapshot));
}

static void test_unsteppable_instruction(void **state)
{
	unsteppable(FAKE_NO_STEP);
}

/* A port that gives no target would let the CPU run on: the step is refused. */
static void test_step_without_a_target(void **state)
{
	unsteppable(FAKE_NO_TARGET);
}

/* An instruction the arch carries out itself: the step ends past it at once. */
static void test_emulated_instruction(void **state)
{
	u8 snapshot[FAKE_END];

	memcpy(snapshot, fake_mem, sizeof(snapshot));
	fake_regs[0].r[6] = FAKE_EMULATED;
	gdb_connect();
	script_pkt("s");
	expect_str("+");
	expect_step_end();
	xchg("D", "OK");
	break_in_unchecked();
	assert_output();
	assert_memory_equal(snapshot, fake_mem, sizeof(snapshot));
}

/*
 * gdb continues from its breakpoint's hit without taking it out: the core
 * steps over it, and where the arch carries the instruction out itself,
 * continues from past it with the breakpoint planted.
 */
static void test_continue_over_an_emulated_breakpoint(void **state)
{
	gdb_connect();
	xchg("Z0,1400,1", "OK");
	resume("c");
	break_in_unchecked();
	assert_output();
	script_reset();
	fake_regs[0].r[6] = FAKE_EMULATED;
	fake_regs[0].pc = STEP_PC;
	expect_pkt(stop_reply(0, 5, "swbreak:;", 2));
	script_str("+");
	script_pkt("c");
	expect_str("+");
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_regs[0].pc, STEP_PC + FAKE_INSN_LEN);
	assert_int_equal(fake_mem[STEP_PC], 0xcc);
	assert_false(kgdb_active());
}

/*
 * The step runs with interrupts masked in the frame (the fake's IE), and
 * the frame gets its own setting back at the step's end; an instruction
 * that sets the enable itself keeps what it set.
 */
static void step_once(u64 r6, u32 flags_running, u32 flags_after)
{
	fake_regs[0].flags = FAKE_IE;
	fake_regs[0].r[6] = r6;
	gdb_connect();
	resume("s");
	break_in_unchecked();
	assert_output();
	assert_int_equal(fake_regs[0].flags, flags_running);
	fake_regs[0].flags = flags_after;	/* what the instruction left */
	script_reset();
	expect_step_end();
	xchg("D", "OK");
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_output();
}

static void test_step_masks_interrupts(void **state)
{
	step_once(0, 0, 0);
	assert_int_equal(fake_regs[0].flags, FAKE_IE);
	script_reset();
	step_once(FAKE_SETS_IE, FAKE_IE, 0);	/* it cleared IE: cleared it stays */
	assert_int_equal(fake_regs[0].flags, 0);
}

/*
 * Where a test's lone run finds gdb's breakpoint: none, where the
 * instruction goes next, at the PC, past an atomic sequence that starts
 * there (gdb steps it whole), or too far for any of these.
 */
enum gdb_bps { NO_GDB_BP, GDB_BP_NEXT, GDB_BP_AT_PC, GDB_BP_PAST_SEQUENCE, GDB_BP_FAR };

static u64 gdb_bp_at(u64 pc, enum gdb_bps bps)
{
	switch (bps) {
	case GDB_BP_AT_PC:
		return pc;
	case GDB_BP_PAST_SEQUENCE:
		return pc + 4 * FAKE_INSN_LEN;
	case GDB_BP_FAR:
		return pc + 0x100;
	default:
		return pc + FAKE_INSN_LEN;
	}
}

/*
 * CPU 0 continues alone (vCont;c:tid) from @pc, its instruction as r6
 * says, with its frame's interrupt enable @flags and gdb's breakpoint
 * as @bps says: gdb's own step when it is where the instruction goes
 * next, at the PC itself or past an atomic sequence. Only such
 * a run is @alone (CPU 1 held); any other runs every CPU. The run has
 * @running, leaves @left, and its trap (a compiled-in breakpoint) finds
 * @after. The decoder asked about the instruction changes nothing in the
 * frame, also where it carries one out.
 */
static void lone_run(u64 pc, u64 r6, enum gdb_bps bps, bool alone, u32 flags, u32 running,
		     u32 left, u32 after)
{
	char p8[32], z0[32];

	fake_regs[0].flags = flags;
	fake_regs[0].r[6] = r6;
	fake_regs[0].r[7] = 0;
	gdb_connect();
	snprintf(p8, sizeof(p8), "P8=%s", le_hex(pc, 8));
	xchg(p8, "OK");
	if (bps != NO_GDB_BP) {
		snprintf(z0, sizeof(z0), "Z0,%llx,1", (unsigned long long)gdb_bp_at(pc, bps));
		xchg(z0, "OK");
	}
	resume("vCont;c:2");
	break_in_unchecked();
	assert_output();
	assert_int_equal(fake_regs[0].pc, pc);
	assert_int_equal(fake_regs[0].flags, running);
	assert_int_equal(__atomic_load_n(&kgdb_cpus[1].held, __ATOMIC_ACQUIRE), alone);
	fake_regs[0].flags = left;
	script_reset();
	fake_regs[0].pc = FAKE_BREAK_ADDR;	/* where the break stops */
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	break_in_unchecked();
	assert_output();
	assert_int_equal(fake_regs[0].flags, after);
	script_reset();
}

static void test_lone_run_masks_interrupts(void **state)
{
	lone_run(STEP_PC, 0, GDB_BP_NEXT, true, FAKE_IE, 0, 0, FAKE_IE);
	lone_run(STEP_PC, 0, GDB_BP_AT_PC, true, FAKE_IE, 0, 0, FAKE_IE);
	lone_run(STEP_PC, 0, GDB_BP_PAST_SEQUENCE, true, FAKE_IE, 0, 0, FAKE_IE);
	/* The run set the enable itself: it keeps what it set. */
	lone_run(STEP_PC, 0, GDB_BP_NEXT, true, 0, 0, FAKE_IE, FAKE_IE);
	/* An instruction that sets it, or that the arch carries out, runs unmasked. */
	lone_run(STEP_PC, FAKE_SETS_IE, GDB_BP_NEXT, true, FAKE_IE, FAKE_IE, 0, 0);
	lone_run(STEP_PC, FAKE_EMULATED, GDB_BP_NEXT, true, FAKE_IE, FAKE_IE, FAKE_IE, FAKE_IE);
}

/*
 * A run of one thread that is no step over gdb's breakpoint (gdb's
 * scheduler-locking, LLDB's thread continue) may last: every CPU runs,
 * and takes interrupts, a Ctrl-C's among them: gdb's breakpoints are
 * none of its step's, also where the decoder refuses the instruction.
 */
static void test_a_users_run_of_one_thread_runs_every_cpu(void **state)
{
	lone_run(STEP_PC, 0, NO_GDB_BP, false, FAKE_IE, FAKE_IE, 0, 0);
	lone_run(STEP_PC, 0, GDB_BP_FAR, false, FAKE_IE, FAKE_IE, 0, 0);
	lone_run(STEP_PC, FAKE_NO_STEP, GDB_BP_FAR, false, FAKE_IE, FAKE_IE, 0, 0);
}

/* An instruction that cannot be read, or a target that takes no breakpoint. */
static void step_fails(u64 pc, u64 r7)
{
	u8 snapshot[FAKE_END];

	memcpy(snapshot, fake_mem, sizeof(snapshot));
	fake_regs[0].flags = FAKE_IE;
	fake_regs[0].r[7] = r7;
	gdb_connect();
	snprintf((char *)snapshot + FAKE_END - 64, 64, "P8=%s", le_hex(pc, 8));
	xchg((char *)snapshot + FAKE_END - 64, "OK");
	memcpy(snapshot + FAKE_END - 64, fake_mem + FAKE_END - 64, 64);
	script_pkt("s");
	expect_str("+");
	fake_regs[0].pc = pc;
	expect_pkt(stop_reply(0, 5, "", 2));	/* at once, where it was */
	script_str("+");
	xchg("D", "OK");
	break_in_unchecked();
	assert_output();
	assert_memory_equal(snapshot, fake_mem, sizeof(snapshot));
	assert_int_equal(fake_regs[0].flags, FAKE_IE);
}

static void test_step_into_the_hole(void **state)
{
	step_fails(FAKE_HOLE + 0x10, 0);		/* the instruction is unmapped */
	script_reset();
	step_fails(STEP_PC, FAKE_HOLE + 0x20);		/* a branch into the hole */
}

/*
 * CPU 0 continued alone (vCont;c:tid, gdb's step over its breakpoint after
 * it) runs on past the compiled-in breakpoint it stopped on, which leaves
 * the PC on itself, as any resume does: not into the same breakpoint
 * again. CPU 1 stays held meanwhile.
 */
static void test_continue_alone_past_compiled_break(void **state)
{
	char z0[32];

	gdb_connect();
	snprintf(z0, sizeof(z0), "Z0,%x,1", FAKE_BREAK_ADDR + 1 + FAKE_INSN_LEN);
	xchg(z0, "OK");
	resume("vCont;c:2");
	break_in_unchecked();
	assert_output();
	assert_int_equal(fake_regs[0].pc, FAKE_BREAK_ADDR + 1);	/* the breakpoint is 1 byte */
	assert_true(__atomic_load_n(&kgdb_cpus[1].held, __ATOMIC_ACQUIRE));
	script_reset();
	fake_regs[0].pc = FAKE_BREAK_ADDR;	/* where the next break stops */
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	break_in_unchecked();
	assert_output();
}

/*
 * A compiled-in breakpoint of the arch's second instruction (bp_insn_alt,
 * two bytes here) stops as one and is skipped by its own length.
 */
static void test_continue_past_alternative_compiled_break(void **state)
{
	fake_mem[FAKE_BREAK_ADDR] = 0xcd;
	fake_mem[FAKE_BREAK_ADDR + 1] = 0x03;
	gdb_connect();
	resume("c");
	break_in_unchecked();
	assert_output();
	assert_int_equal(fake_regs[0].pc, FAKE_BREAK_ADDR + 2);
	script_reset();
	fake_regs[0].pc = FAKE_BREAK_ADDR;	/* where the next break stops */
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	break_in_unchecked();
	assert_output();
}

/*
 * A CPU that missed the roundup ran into a word the step planted; by its
 * turn the word is back: its trap is a stale one of ours, and it restarts
 * the instruction there (not an oops).
 */
static void test_late_trap_on_a_step_word(void **state)
{
	const uintptr_t word = FAKE_BREAK_ADDR + 1 + FAKE_INSN_LEN;
	u8 orig = fake_mem[word];

	gdb_connect();
	resume("s");
	break_in_unchecked();
	assert_output();
	assert_int_equal(fake_mem[word], 0xcc);
	script_reset();
	fake_regs[0].pc = word;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_mem[word], orig);
	fake_regs[0].pc = word;
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_int_equal(fake_regs[0].pc, word);
	/* An address no step ever planted at stays the kernel's business. */
	fake_regs[0].pc = word + FAKE_INSN_LEN;
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_DONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_step_plants_and_restores, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_unsteppable_instruction, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_step_without_a_target, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_continue_over_an_emulated_breakpoint, setup1,
						teardown),
		cmocka_unit_test_setup_teardown(test_emulated_instruction, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_step_masks_interrupts, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_step_into_the_hole, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_a_users_run_of_one_thread_runs_every_cpu, setup2,
						teardown),
		cmocka_unit_test_setup_teardown(test_lone_run_masks_interrupts, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_continue_alone_past_compiled_break, setup2,
						teardown),
		cmocka_unit_test_setup_teardown(test_continue_past_alternative_compiled_break,
						setup2, teardown),
		cmocka_unit_test_setup_teardown(test_late_trap_on_a_step_word, setup2, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
