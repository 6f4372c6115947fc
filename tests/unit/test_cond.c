// SPDX-License-Identifier: MIT
/*
 * Breakpoint conditions and commands run in the kernel (debug_cond.c and
 * Z0's ;X and ;cmds: in gdbstub.c): a false hit steps over and runs on
 * without a byte on the line, a true one stops, a dprintf prints to gdb
 * and the kernel log without stopping (after detach too), and bad
 * bytecode or a malformed list is refused with nothing installed.
 */

#include "harness.h"

#include <kernel/notifier.h>

#define BP1	(FAKE_TEXT + 0x100)
#define BP2	(FAKE_TEXT + 0x104)

/* Bytecode, hex: const8 0 / const8 1 (false / true), then end. */
#define FALSE_COND	"X3,220027"
#define TRUE_COND	"X3,220127"
/* ref8 of the unmapped hole: an error when it runs. */
#define FAULT_COND	"X5,2320001727"
/* printf("hi %d\n", 7): the argument, channel 0, function 0, printf 1 argument, end. */
#define DPRINTF_HI7	"X13,2207220022003401000868692025645c6e0027"

/* Between hits that run on the stub looks for Ctrl-C: the line is idle. */
static int idle_line(void)
{
	return KGDB_NO_CHAR;
}

static void reset_idle(void)
{
	script_reset();
	fake_io_eof = idle_line;
}

static int setup_idle(unsigned int cpus)
{
	session_setup(cpus);
	fake_io_eof = idle_line;
	return 0;
}

static int setup_idle1(void **state)
{
	return setup_idle(1);
}

static int setup_idle2(void **state)
{
	return setup_idle(2);
}

/* After @sent from gdb, the hit at @addr stops with @sig (@why); gdb detaches. */
static void assert_stops_as(uintptr_t addr, const char *sent, int sig, const char *why)
{
	reset_idle();
	script_str(sent);
	fake_regs[0].pc = addr;
	expect_pkt(stop_reply(0, sig, why, 2));
	script_str("+");
	xchg("D", "OK");
	assert_int_equal(hit(addr), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_regs[0].pc, addr);
}

/* The hit at @addr stops as a breakpoint. */
static void assert_stops(uintptr_t addr)
{
	assert_stops_as(addr, "", 5, "swbreak:;");
}

static void test_false_runs_on_true_stops(void **state)
{
	gdb_connect();
	xchg("Z0,1100,1;" FALSE_COND, "OK");
	/* Several conditions are OR'ed. */
	xchg("Z0,1104,1;" FALSE_COND TRUE_COND, "OK");
	resume("c");
	break_in();
	assert_runs_on(BP1);
	assert_runs_on(BP1);
	assert_stops(BP2);
}

static void test_condition_replaced(void **state)
{
	gdb_connect();
	xchg("Z0,1100,1;" TRUE_COND, "OK");
	xchg("Z0,1100,1;" FALSE_COND, "OK");	/* sent again: replaces */
	resume("c");
	break_in();
	assert_runs_on(BP1);
	reset_idle();
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("Z0,1100,1", "OK");		/* ... and without any: unconditional */
	resume("c");
	kgdb_breakpoint();
	assert_stops(BP1);
}

/* A condition that cannot be evaluated stops, and is counted. */
static void test_error_stops(void **state)
{
	gdb_connect();
	xchg("Z0,1100,1;" FAULT_COND, "OK");
	resume("c");
	break_in();
	reset_idle();
	fake_regs[0].pc = BP1;
	expect_pkt(stop_reply(0, 5, "swbreak:;", 2));
	script_str("+");
	rcmd("bpstat", "address            conds  cmds       hits      false   missed"
	     "   errors unlogged owners\n0x1100                 1     0          1          0"
	     "        0        1        0 gdb\n", "OK");
	xchg("D", "OK");
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_output();
}

static void test_refused_installs_nothing(void **state)
{
	static const char *const bad[] = {
		"Z0,1100,1;X1,27",		/* end with nothing on the stack */
		"Z0,1100,1;X2,ff27",		/* no such opcode */
		"Z0,1100,1;X4,20000527",	/* a jump past the end */
		"Z0,1100,1;X2,2227",		/* no end */
		"Z0,1100,1;X3,22002",		/* digits missing */
		"Z0,1100,1;X0,",		/* empty */
		"Z0,1100,1;",			/* nothing after ; */
		"Z0,1100,1;X",
		"Z0,1100,1;Y3,220027",
		"Z0,1100,1;" FALSE_COND ";",
		"Z0,1100,1;cmds:1,",
		"Z0,1100,1;cmds:1" DPRINTF_HI7,
		"Z0,1100,1;cmds:" DPRINTF_HI7,
		"Z0,1100,1;cmds:1,X3,220027;" FALSE_COND,	/* commands before conditions */
		"Z0,1100,1;X3,2200346",		/* a printf in a condition */
		"z0,1100,1;" FALSE_COND,
	};
	unsigned int i;

	gdb_connect();
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		xchg(bad[i], "E16");
	xchg("m1100,1", "03");
	rcmd("bpstat", "address            conds  cmds       hits      false   missed"
	     "   errors unlogged owners\n", "OK");
	resume("c");
	break_in();
	assert_int_not_equal(fake_mem[BP1], 0xcc);
}

/*
 * bpstat says who has each address planted: z0 took gdb's, whose counts
 * stay; kdb's and a tracepoint's breakpoint, which a new gdb leaves, has
 * a row of its own.
 */
static void test_bpstat_owners(void **state)
{
	assert_int_equal(kgdb_bp_own(BP2, KGDB_BP_KDB | KGDB_BP_TRACE), 0);
	gdb_connect();
	xchg("Z0,1100,1;" FALSE_COND, "OK");
	xchg("z0,1100,1", "OK");
	rcmd("bpstat", "address            conds  cmds       hits      false   missed"
	     "   errors unlogged owners\n0x1100                 1     0          0          0"
	     "        0        0        0 -\n0x1104                 0     0          0"
	     "          0        0        0        0 kdb,trace\n", "OK");
	xchg("D", "OK");
	break_in();
	assert_int_equal(fake_mem[BP2], 0xcc);
	assert_int_not_equal(fake_mem[BP1], 0xcc);
}

/*
 * kdb's breakpoint hit while gdb has the line stops gdb with a plain
 * SIGTRAP: gdb has none there, and would resume from a swbreak it takes
 * for one it removed. gdb's detach from there steps over it.
 */
static void test_others_breakpoint_stops_gdb(void **state)
{
	assert_int_equal(kgdb_bp_own(BP2, KGDB_BP_KDB), 0);
	gdb_connect();
	resume("c");
	break_in();
	reset_idle();
	fake_regs[0].pc = BP2;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	assert_int_equal(hit(BP2), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_regs[0].pc, BP2 + FAKE_INSN_LEN);
	assert_int_equal(fake_mem[BP2], 0xcc);
	kgdb_bp_disown(BP2, KGDB_BP_KDB);
}

/*
 * A dprintf prints to gdb (an O packet) and the kernel log and runs on;
 * its condition gates it. After detach it goes on printing to the log,
 * until the next gdb connects.
 */
static void test_dprintf(void **state)
{
	gdb_connect();
	xchg("Z0,1100,1;cmds:1," DPRINTF_HI7, "OK");
	xchg("Z0,1104,1;" FALSE_COND ";cmds:0," DPRINTF_HI7, "OK");
	resume("c");
	break_in();
	reset_idle();
	fake_log_len = 0;
	expect_pkt("O686920370a");
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_output();
	assert_string_equal(fake_log, "hi 7\n");
	assert_int_equal(fake_regs[0].pc, BP1 + FAKE_INSN_LEN);
	assert_runs_on(BP2);
	assert_string_equal(fake_log, "hi 7\n");

	/* The log busy: dropped, counted, never waited for. */
	fake_log_busy = true;
	expect_pkt("O686920370a");
	hit(BP1);
	fake_log_busy = false;
	assert_output();

	reset_idle();
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	rcmd("bpstat", "address            conds  cmds       hits      false   missed"
	     "   errors unlogged owners\n0x1100                 0     1          2          0"
	     "        0        0        1 gdb,dprintf\n0x1104                 1     1          0"
	     "          1        0        0        0 gdb\n", "OK");
	xchg("D", "OK");
	kgdb_breakpoint();
	assert_output();
	assert_false(kgdb_connected());
	assert_runs_on(BP1);
	assert_string_equal(fake_log, "hi 7\nhi 7\n");
	assert_int_not_equal(fake_mem[BP2], 0xcc);	/* not persistent: gone */

	/* A new gdb starts clean. */
	reset_idle();
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	gdb_connect();
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	kgdb_breakpoint();
	assert_int_not_equal(fake_mem[BP1], 0xcc);
}

/*
 * Hits that run on keep the line's own interrupt from running: gdb's
 * Ctrl-C is looked for at each, and stops there with SIGINT.
 */
static void test_ctrl_c_while_running_on(void **state)
{
	gdb_connect();
	xchg("Z0,1100,1;" FALSE_COND, "OK");
	resume("c");
	break_in();
	assert_runs_on(BP1);
	/* An ack of something, then Ctrl-C. */
	assert_stops_as(BP1, "+\x03", 2, "");
}

/* CPU 1 at each step's end (a notifier ahead of the debugger's): held or not. */
static int step_ends, step_ends_held;

static int watch_step_end(struct notifier_block *nb, unsigned long val, void *data)
{
	if (val == DIE_DEBUG) {
		step_ends++;
		step_ends_held += __atomic_load_n(&kgdb_cpus[1].held, __ATOMIC_ACQUIRE);
	}
	return NOTIFY_DONE;
}

static struct notifier_block step_end_nb = { .call = watch_step_end, .priority = 1 };

/* With a second CPU, the step over holds it throughout and lets it go again. */
static void test_step_over_holds_the_others(void **state)
{
	gdb_connect();
	xchg("Z0,1100,1;" FALSE_COND, "OK");
	resume("c");
	break_in();
	step_ends = step_ends_held = 0;
	register_die_notifier(&step_end_nb);
	assert_runs_on(BP1);
	assert_runs_on(BP1);
	unregister_die_notifier(&step_end_nb);
	assert_int_equal(step_ends, 2);
	assert_int_equal(step_ends_held, 2);
	assert_false(__atomic_load_n(&kgdb_cpus[1].held, __ATOMIC_ACQUIRE));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_false_runs_on_true_stops, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_condition_replaced, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_error_stops, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_refused_installs_nothing, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_bpstat_owners, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_others_breakpoint_stops_gdb, setup_idle1,
						teardown),
		cmocka_unit_test_setup_teardown(test_dprintf, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_ctrl_c_while_running_on, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_step_over_holds_the_others, setup_idle2, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
