// SPDX-License-Identifier: MIT
/*
 * Out-of-line slots (debug_xol.c, struct kgdb_arch's xol) on the fake arch
 * built with -DFAKE_ARCH_XOL: a hit whose condition is false resumes in
 * its breakpoint's slot, which holds the instruction, with the breakpoint
 * left in memory and nothing sent to gdb; an instruction that cannot
 * move, has a fixup or has no slot is stepped over instead; a CPU that
 * stops inside a slot is put back into the original code.
 */

#include "harness.h"
#include <kernel/errno.h>
#include "../../kernel/debug/debug_internal.h"

#define BP1	(FAKE_TEXT + 0x100)
#define FALSE_COND	"X3,220027"
#define TRUE_COND	"X3,220127"

/* gdb sets @z (after a watchpoint, with @watch) and resumes; the kernel breaks in, runs again. */
static void set_and_run(const char *z, bool watch)
{
	gdb_connect();
	if (watch)
		xchg("Z2,3010,4", "OK");
	xchg(z, "OK");
	resume("c");
	break_in();
	reset_idle();
}

/* CPU 0 is to break in with gdb attached: the stop reply gdb gets, and its ack. */
static void expect_break_stop(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
}

/* The hit at @addr runs on in its slot: nothing sent, the breakpoint still in. */
static uintptr_t assert_runs_out_of_line(uintptr_t addr)
{
	uintptr_t slot = fake_xol_slot(addr);
	size_t before, after;

	assert_int_not_equal(slot, 0);
	output_buf(&before);
	assert_int_equal(hit(addr), NOTIFY_STOP);
	output_buf(&after);
	assert_int_equal(after, before);
	assert_int_equal(fake_regs[0].pc, slot);
	assert_int_equal(fake_mem[addr], 0xcc);
	assert_false(kgdb_active());
	return slot;
}

/* The instruction in the slot is the original one, the breakpoint's byte put back. */
static void assert_slot_holds(uintptr_t slot, uintptr_t addr, u8 orig)
{
	const u8 *s = (const u8 *)slot;

	assert_int_equal(s[0], orig);
	assert_memory_equal(s + 1, fake_mem + addr + 1, FAKE_INSN_LEN - 1);
}

static void test_false_hit_runs_out_of_line(void **state)
{
	u8 orig = fake_mem[BP1];
	unsigned int flushes;
	uintptr_t slot;

	set_and_run("Z0,1100,1;" FALSE_COND, false);
	slot = assert_runs_out_of_line(BP1);
	assert_slot_holds(slot, BP1, orig);
	assert_runs_out_of_line(BP1);

	/* Stopped and resumed with nothing changed: the slot is not written again. */
	expect_break_stop();
	flushes = fake_icache_flushes;
	resume("c");
	kgdb_breakpoint();
	assert_output();
	assert_int_equal(fake_xol_slot(BP1), slot);
	assert_slot_holds(slot, BP1, orig);
	/* Only the breakpoint itself went out and in. */
	assert_int_equal(fake_icache_flushes - flushes, 2);
}

static void test_true_hit_stops(void **state)
{
	set_and_run("Z0,1100,1;" TRUE_COND, false);
	fake_regs[0].pc = BP1;
	expect_pkt(stop_reply(0, 5, "swbreak:;", 2));
	script_str("+");
	xchg("D", "OK");
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_regs[0].pc, BP1);
}

/* The CPU's hardware slots are off while the condition runs, and back after. */
static void test_watchpoints_off_while_the_condition_runs(void **state)
{
	struct kgdb_hw_slot slots[KGDB_HW_SLOTS];
	unsigned int installs, i, used = 0;

	set_and_run("Z0,1100,1;" FALSE_COND, true);
	memcpy(slots, fake_hw[0], sizeof(slots));
	installs = fake_hw_installs;
	assert_runs_out_of_line(BP1);
	assert_int_equal(fake_hw_installs - installs, 2);
	assert_memory_equal(fake_hw[0], slots, sizeof(slots));
	for (i = 0; i < KGDB_HW_SLOTS; i++)
		used += slots[i].used && slots[i].addr == 0x3010;
	assert_int_equal(used, 1);
}

/*
 * No slot: an instruction the arch cannot move, one with a fixup, one whose
 * slot the core cannot write, one at the end of mapped text (too short to
 * be one): stepped over with the others held, as without xol.
 */
static void test_no_slot_steps_over(void **state)
{
	static const uintptr_t addrs[] = {
		FAKE_XOL_FIXED, FAKE_EXTABLE_ADDR, FAKE_XOL_UNMAPPED, FAKE_HOLE - 1,
	};
	char z[64];
	unsigned int i;

	gdb_connect();
	for (i = 0; i < ARRAY_SIZE(addrs); i++) {
		snprintf(z, sizeof(z), "Z0,%lx,1;" FALSE_COND, (unsigned long)addrs[i]);
		xchg(z, "OK");
	}
	resume("c");
	break_in();
	reset_idle();
	for (i = 0; i < ARRAY_SIZE(addrs); i++)
		assert_runs_on(addrs[i]);
}

/* CPU 1, in BP1's slot, is held as CPU 0 breaks in: it comes back to BP1. */
static void test_held_in_a_slot(void **state)
{
	uintptr_t slot;

	set_and_run("Z0,1100,1;" FALSE_COND, false);
	slot = fake_xol_slot(BP1);
	fake_regs[1].pc = slot;
	expect_break_stop();
	xchg("D", "OK");
	kgdb_breakpoint();
	assert_output();
	assert_int_equal(fake_regs[1].pc, BP1);
}

/* A watchpoint fires in the slot, after the instruction: it stops after BP1's. */
static void test_trap_in_a_slot(void **state)
{
	set_and_run("Z0,1100,1;" FALSE_COND, true);
	assert_runs_out_of_line(BP1);
	fake_regs[0].pc = BP1 + FAKE_INSN_LEN;
	expect_pkt(stop_reply(0, 5, "watch:3010;", 2));
	script_str("+");
	xchg("D", "OK");
	fake_regs[0].pc = fake_xol_slot(BP1) + FAKE_INSN_LEN;
	for (fake_hw_fired = 0; !fake_hw[0][fake_hw_fired].used; fake_hw_fired++)
		;
	assert_int_equal(fake_exception(DIE_DEBUG, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	fake_hw_fired = -1;
	assert_output();
	assert_int_equal(fake_regs[0].pc, BP1 + FAKE_INSN_LEN);
}

/* gdb's monitor bpstat: BP1 with its condition, never hit, @missed times missed. */
static void bpstat_missed(unsigned int missed)
{
	char out[256];

	snprintf(out, sizeof(out), "address            conds  cmds       hits      false   missed"
		 "   errors unlogged owners\n0x1100                 1     0          0          0"
		 "        %u        0        0 gdb\n", missed);
	rcmd("bpstat", out, "OK");
}

static int way_out_verdict;

/* The master runs into the breakpoint on its way out: counted as missed, run out of line. */
static void trap_on_the_way_out(void)
{
	fake_post_hook = NULL;
	way_out_verdict = hit(BP1);
}

static void test_hit_on_the_way_out(void **state)
{
	set_and_run("Z0,1100,1;" FALSE_COND, false);
	expect_break_stop();
	bpstat_missed(0);
	resume("c");
	fake_post_hook = trap_on_the_way_out;
	kgdb_breakpoint();
	assert_output();
	assert_int_equal(way_out_verdict, NOTIFY_STOP);
	assert_int_equal(fake_regs[0].pc, fake_xol_slot(BP1));
	assert_int_equal(fake_mem[BP1], 0xcc);

	script_reset();
	expect_break_stop();
	bpstat_missed(1);
	xchg("D", "OK");
	kgdb_breakpoint();
	assert_output();
}

/* Without memory for the slots as the debugger starts, no breakpoint has one. */
static void test_no_slots_without_memory(void **state)
{
	struct pt_regs regs = { .pc = BP1 };

	fake_kmalloc_fails = true;
	assert_int_equal(kgdb_xol_boot(), -ENOMEM);
	fake_kmalloc_fails = false;
	assert_false(kgdb_xol_prepare(0, BP1));
	kgdb_xol_leave(&regs);
	assert_int_equal(regs.pc, BP1);
	/* As the other tests had them. */
	assert_int_equal(kgdb_xol_boot(), 0);
	assert_true(kgdb_xol_prepare(0, BP1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_no_slots_without_memory, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_false_hit_runs_out_of_line, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_true_hit_stops, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_watchpoints_off_while_the_condition_runs,
						setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_no_slot_steps_over, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_held_in_a_slot, setup_idle2, teardown),
		cmocka_unit_test_setup_teardown(test_trap_in_a_slot, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_hit_on_the_way_out, setup_idle1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
