// SPDX-License-Identifier: MIT
/*
 * Breakpoint conditions and commands run in the kernel (debug_cond.c and
 * Z0's ;X and ;cmds: in gdbstub.c): a false hit steps over and runs on
 * without a byte on the line, a true one stops, a dprintf prints to gdb
 * and the kernel log without stopping (after detach too), and bad
 * bytecode or a malformed list is refused with nothing installed.
 */

#include "harness.h"

#include <kernel/errno.h>
#include <kernel/notifier.h>
#include "../../kernel/debug/frontend.h"

#define BP1	(FAKE_TEXT + 0x100)
#define BP2	(FAKE_TEXT + 0x104)

/* Bytecode, hex: const8 0 / const8 1 (false / true), then end. */
#define FALSE_COND	"X3,220027"
#define TRUE_COND	"X3,220127"
/* ref8 of the unmapped hole: an error when it runs. */
#define FAULT_COND	"X5,2320001727"
/* printf("hi %d\n", 7): the argument, channel 0, function 0, printf 1 argument, end. */
#define DPRINTF_HI7	"X13,2207220022003401000868692025645c6e0027"

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

/*
 * The table's limits, through the core's API: the expressions' space, an
 * entry each breakpoint; a refusal leaves what was there. An entry whose
 * lists went keeps its counts until one is needed; one cleared (z0) keeps
 * them and how many conditions it had.
 */
static void test_agent_limits(void **state)
{
	static const u8 cond[] = { 0x22, 0x00, 0x27 };		/* const8 0, end */
	static u8 big[600];
	struct kgdb_ax_list one = { .n = 1, .code = { cond }, .len = { sizeof(cond) } };
	struct kgdb_ax_list none = { 0 }, bulky = { .n = KGDB_AX_MAX_EXPRS };
	char stat[1024];
	unsigned int i;
	size_t n;

	for (i = 0; i + 3 < sizeof(big); i += 3)
		memcpy(big + i, "\x22\x00\x29", 3);		/* const8 0, pop */
	memcpy(big + sizeof(big) - 3, cond, sizeof(cond));
	for (i = 0; i < KGDB_AX_MAX_EXPRS; i++) {
		bulky.code[i] = big;
		bulky.len[i] = sizeof(big);
	}
	assert_int_equal(kgdb_bp_set_agent(BP1, &one, &none, false), 0);
	assert_int_equal(kgdb_bp_set_agent(BP1, &bulky, &none, false), -ENOSPC);
	for (i = 1; i < CONFIG_KGDB_MAX_BREAKPOINTS; i++)
		assert_int_equal(kgdb_bp_set_agent(BP1 + 4 * i, &one, &none, false), 0);
	assert_int_equal(kgdb_bp_set_agent(0x1200, &one, &none, false), -ENOSPC);
	/* BP2's lists go; its entry, kept for its counts, serves another address. */
	assert_int_equal(kgdb_bp_set_agent(BP2, &none, &none, false), 0);
	assert_int_equal(kgdb_bp_set_agent(0x1200, &one, &none, false), 0);
	kgdb_bp_clear_agent(BP1);
	/* No qSupported, which would start over: the table as it is. */
	script_str("+");
	n = (size_t)snprintf(stat, sizeof(stat), "address            conds  cmds       hits"
			     "      false   missed   errors unlogged owners\n");
	for (i = 0; i < CONFIG_KGDB_MAX_BREAKPOINTS; i++)
		n += (size_t)snprintf(stat + n, sizeof(stat) - n, "0x%-16x     1     0          0"
				      "          0        0        0        0 -\n",
				      i == 1 ? 0x1200 : BP1 + 4 * i);
	rcmd("bpstat", stat, "OK");
	xchg("D", "OK");
	break_in();
	kgdb_bp_agent_reset(false);
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
		cmocka_unit_test_setup_teardown(test_agent_limits, setup_idle1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
