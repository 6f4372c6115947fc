// SPDX-License-Identifier: MIT
/*
 * kernel/debug/kgdb.c: entry and exit, breakpoint bookkeeping (memory identical
 * after detach), CPU rendezvous and stepping, faults inside the debugger,
 * transports.
 */

#include <sys/wait.h>
#include <unistd.h>
#include "harness.h"

#include <kernel/errno.h>
#include <kernel/notifier.h>

#define BP1	(FAKE_TEXT + 0x100)
#define BP2	(FAKE_TEXT + 0x104)
#define BP3	(FAKE_DATA + 0x20)

static u8 snapshot[FAKE_END];

/*
 * The kernel runs into the breakpoint at BP1, PC rewound: the stop reply
 * with @reason, then gdb's @req (answered @reply) and its detach.
 */
static void run_into_bp1(const char *reason, const char *req, const char *reply)
{
	fake_regs[0].pc = BP1;
	script_reset();
	expect_pkt(stop_reply(0, 5, reason, 2));
	script_str("+");
	xchg(req, reply);
	xchg("D", "OK");
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_regs[0].pc, BP1);
	assert_false(kgdb_connected());
}

static void test_breakpoints_detach(void **state)
{
	memcpy(snapshot, fake_mem, sizeof(snapshot));
	gdb_connect();
	xchg("Z0,1100,1", "OK");
	xchg("Z0,1104,1", "OK");
	xchg("Z0,1104,1", "OK");		/* again: still one */
	xchg("Z0,3020,1", "OK");
	xchg("z0,3020,1", "OK");
	xchg("z0,3020,1", "OK");		/* again (a lost ack): still OK */
	xchg("Z0,2000,1", "E0e");		/* the hole */
	xchg("m1100,1", "03");			/* in the debugger: original bytes */
	resume("c");
	break_in();
	assert_int_equal(fake_mem[BP1], 0xcc);
	assert_int_equal(fake_mem[BP2], 0xcc);
	assert_int_equal(fake_mem[BP3], snapshot[BP3]);

	/* gdb offered swbreak+, so the stop says swbreak. */
	run_into_bp1("swbreak:;", "m1100,2", "030a");
	assert_memory_equal(snapshot, fake_mem, sizeof(snapshot));
}

/* A client whose qSupported did not offer swbreak+ gets a plain T05. */
static void test_swbreak_only_when_offered(void **state)
{
	script_str("+");
	xchg("qSupported:multiprocess+;hwbreak+;xmlRegisters=i386", FULL_FEATURES);
	xchg("Z0,1100,1", "OK");
	resume("c");
	break_in();
	run_into_bp1("", "z0,1100,1", "OK");
}

static void test_breakpoint_table_full_and_kill(void **state)
{
	char req[32];
	unsigned int i;

	memcpy(snapshot, fake_mem, sizeof(snapshot));
	gdb_connect();
	for (i = 0; i < CONFIG_KGDB_MAX_BREAKPOINTS; i++) {
		snprintf(req, sizeof(req), "Z0,%x,1", FAKE_TEXT + 0x10 * i);
		xchg(req, "OK");
	}
	xchg("Z0,1f00,1", "E1c");
	/* A removed slot is reused. */
	xchg("z0,1000,1", "OK");
	xchg("Z0,1f00,1", "OK");
	resume("c");
	break_in();
	assert_int_equal(fake_mem[0x1f00], 0xcc);
	script_reset();
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	script_pkt("k");
	expect_str("+");
	break_in();
	assert_memory_equal(snapshot, fake_mem, sizeof(snapshot));
	assert_false(kgdb_connected());
}

static void test_removed_breakpoint_race(void **state)
{
	size_t before;

	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	gdb_connect();
	xchg("Z0,1100,1", "OK");
	resume("c");
	break_in();
	/* Another CPU trapped on it just as gdb removed it: it restarts quietly. */
	script_reset();
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("z0,1100,1", "OK");
	resume("c");
	break_in();
	output_buf(&before);
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_int_equal(fake_regs[0].pc, BP1);
	assert_int_equal(output_buf(&before)[before - 1], '+');
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	script_reset();
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	break_in();
}

/* A breakpoint trap where gdb never had one and none is in memory: an arch
 * asking about an unknown instruction. Not the debugger's. */
static void test_unknown_trap_is_not_ours(void **state)
{
	gdb_connect();
	xchg("D", "OK");
	break_in();
	assert_int_not_equal(fake_mem[BP2], 0xcc);
	fake_regs[0].pc = BP2 + 1;
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_DONE);
	assert_int_equal(fake_regs[0].pc, BP2 + 1);
}

/*
 * A CPU whose Ctrl-C another stop answered while it waited for the
 * debugger: its compiled-in trap is stale, and it runs on past it.
 */
static void test_answered_interrupt_is_stale(void **state)
{
	gdb_connect();
	xchg("D", "OK");
	break_in();
	kgdb_cpus[0].break_signo = SIGINT;
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	assert_int_equal(fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_int_equal(kgdb_cpus[0].break_signo, 0);
	assert_int_equal(fake_regs[0].pc, FAKE_BREAK_ADDR + 1);
	assert_output();
}

static void test_reconnect_forgets_breakpoints(void **state)
{
	memcpy(snapshot, fake_mem, sizeof(snapshot));
	gdb_connect();
	xchg("Z0,1100,1", "OK");
	resume("c");
	break_in();
	/* gdb died; a new one connects after a Ctrl-C on the line. */
	script_reset();
	gdb_connect();
	xchg("?", stop_reply(0, 2, "", 2));
	xchg("D", "OK");
	/* The stop reply to the old gdb went out first. */
	script_reset();
	expect_pkt(stop_reply(0, 2, "", 2));
	gdb_connect();
	xchg("?", stop_reply(0, 2, "", 2));
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_interrupt();
	assert_output();
	assert_memory_equal(snapshot, fake_mem, sizeof(snapshot));
}

static unsigned int hw_used(unsigned int cpu)
{
	unsigned int i, n = 0;

	for (i = 0; i < KGDB_HW_SLOTS; i++)
		n += fake_hw[cpu][i].used;
	return n;
}

static bool hw_empty(unsigned int cpu)
{
	return !hw_used(cpu);
}

/* The slot CPU @cpu has of @type, or -1. */
static int hw_slot_of(unsigned int cpu, enum kgdb_bptype type)
{
	int i;

	for (i = 0; i < KGDB_HW_SLOTS; i++)
		if (fake_hw[cpu][i].used && fake_hw[cpu][i].type == type)
			return i;
	return -1;
}

/*
 * gdb's hardware breakpoint at 0x1100 fires on CPU 0: the stop reply with
 * @reason, then gdb's detach, which leaves no slot used.
 */
static void fire_hw_breakpoint_and_detach(const char *reason)
{
	fake_hw_fired = hw_slot_of(0, KGDB_BP_HARDWARE);
	fake_regs[0].pc = 0x1100;
	script_reset();
	expect_pkt(stop_reply(0, 5, reason, 2));
	script_str("+");
	xchg("D", "OK");
	assert_int_equal(fake_exception(DIE_DEBUG, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_output();
	assert_true(hw_empty(0) && hw_empty(1));
}

static void test_hw_breakpoints(void **state)
{
	unsigned int installs = fake_hw_installs, cpu;

	gdb_connect();
	xchg("Z1,1100,1", "OK");
	xchg("Z2,3010,4", "OK");
	xchg("Z2,3010,4", "OK");		/* again: still one slot */
	xchg("Z3,3010,4", "");			/* no read watchpoints on this CPU */
	xchg("Z2,3010,3", "E16");
	xchg("Z4,3018,8", "OK");
	xchg("Z4,3020,8", "OK");
	xchg("Z4,3028,8", "E1c");
	xchg("z4,3020,8", "OK");
	xchg("z4,3020,8", "OK");		/* again: still OK */
	xchg("z3,3010,4", "");
	resume("c");
	break_in();
	assert_true(fake_hw_installs > installs);
	/* Every CPU leaves with exactly gdb's three slots. */
	for (cpu = 0; cpu < 2; cpu++) {
		assert_int_equal(hw_used(cpu), 3);
		assert_true(hw_slot_of(cpu, KGDB_BP_HARDWARE) >= 0);
		assert_true(hw_slot_of(cpu, KGDB_WATCH_WRITE) >= 0);
		assert_true(hw_slot_of(cpu, KGDB_WATCH_ACCESS) >= 0);
	}

	/* A watchpoint fires. */
	fake_hw_fired = hw_slot_of(0, KGDB_WATCH_WRITE);
	fake_regs[0].pc = FAKE_TEXT + 0x300;
	script_reset();
	expect_pkt(stop_reply(0, 5, "watch:3010;", 2));
	script_str("+");
	resume("c");
	assert_int_equal(fake_exception(DIE_DEBUG, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	assert_output();
	/* A hardware breakpoint fires. */
	fire_hw_breakpoint_and_detach("hwbreak:;");
}

/* A client whose qSupported did not offer hwbreak+ gets a plain T05 for one. */
static void test_hwbreak_only_when_offered(void **state)
{
	script_str("+");
	xchg("qSupported:multiprocess+;swbreak+;xmlRegisters=i386", FULL_FEATURES);
	xchg("Z1,1100,1", "OK");
	resume("c");
	break_in();
	fire_hw_breakpoint_and_detach("");
}

/* CPU 0 breaks in while CPU 1 takes @val; gdb says @script meanwhile. */
static void race_cpu1(enum die_val val, void (*script)(void))
{
	fake_trap_while_stopped(1, val);
	script_reset();
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	script();
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_int_equal(fake_trap_result(1), NOTIFY_STOP);
	while (kgdb_active())
		usleep(100);
	assert_output();
}

static void swap_hbreak_for_watch(void)
{
	xchg("z1,1100,1", "OK");
	xchg("Z2,3010,4", "OK");		/* in a slot not freed just now */
	resume("c");
}

static void keep_watch(void)
{
	resume("c");
	expect_pkt(stop_reply(1, 5, "watch:3010;", 3));
	script_str("+");
	xchg("D", "OK");
}

static void remove_bp1(void)
{
	xchg("z0,1100,1", "OK");
	resume("c");
}

/*
 * A stop that CPU 1 queued for a slot or breakpoint gdb removed before CPU 1
 * got the debugger is dropped and CPU 1 resumes; one gdb kept is reported,
 * with its reason, although the slots changed since CPU 1 trapped.
 */
static void test_stale_stops_dropped(void **state)
{
	struct pt_regs cpu1;
	int hbreak, watch;

	gdb_connect();
	xchg("Z1,1100,1", "OK");
	xchg("Z0,1100,1", "OK");
	resume("c");
	break_in();
	hbreak = hw_slot_of(1, KGDB_BP_HARDWARE);
	assert_true(hbreak >= 0);

	fake_hw_fired = hbreak;
	fake_regs[1].pc = 0x1100;
	cpu1 = fake_regs[1];
	race_cpu1(DIE_DEBUG, swap_hbreak_for_watch);
	assert_memory_equal(&fake_regs[1], &cpu1, sizeof(cpu1));
	/* CPU 1 watches exactly gdb's one slot now, not the slot just freed. */
	watch = hw_slot_of(1, KGDB_WATCH_WRITE);
	assert_true(watch >= 0 && watch != hbreak);
	assert_int_equal(hw_slot_of(1, KGDB_BP_HARDWARE), -1);

	/* The breakpoint instruction CPU 1 ran into is gone by its turn. */
	fake_regs[1].pc = BP1 + 1;
	race_cpu1(DIE_BREAKPOINT, remove_bp1);
	assert_int_equal(fake_regs[1].pc, BP1);
	assert_int_equal(fake_mem[BP1], 0x03);

	fake_hw_fired = watch;
	fake_regs[1].pc = FAKE_TEXT + 0x300;
	race_cpu1(DIE_DEBUG, keep_watch);
	/* (CPU 0, the test's thread, answers no roundup to be held by CPU 1.) */
	assert_true(hw_empty(1));
}

/* Traps on what the debugger had set, after its transport went away. */
static void test_unregister_leaves_no_trap_behind(void **state)
{
	gdb_connect();
	xchg("Z2,3010,4", "OK");
	xchg("Z0,1100,1", "OK");
	resume("c");
	break_in();
	assert_int_equal(fake_mem[BP1], 0xcc);
	kgdb_unregister_io_module(&fake_io);
	assert_int_equal(fake_mem[BP1], 0x03);
	assert_true(hw_empty(0));
	/* A slot that fired as the transport went: dropped, not an oops. */
	fake_hw_fired = 0;
	assert_int_equal(fake_exception(DIE_DEBUG, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	/* The breakpoint CPU 0 ran into just before it was taken out. */
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_int_equal(fake_regs[0].pc, BP1);
	/* A breakpoint instruction that is really there is not ours. */
	assert_int_equal(hit(FAKE_BREAK_ADDR), NOTIFY_DONE);
	fake_hw_fired = -1;
	assert_int_equal(fake_exception(DIE_DEBUG, SIGTRAP, &fake_regs[0]), NOTIFY_DONE);
}

static void test_single_step_self(void **state)
{
	uintptr_t pc = FAKE_BREAK_ADDR + 1;

	gdb_connect();
	/* 's' steps CPU 0 only: CPU 1 stays held meanwhile. */
	script_pkt("s");
	expect_str("+");
	fake_regs[0].pc = pc + FAKE_INSN_LEN;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("qThreadExtraInfo,f4241", "43505531");
	resume("vCont;s:2;c");
	fake_regs[0].pc = pc + 2 * FAKE_INSN_LEN;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	resume("s1000");
	fake_regs[0].pc = 0x1000 + FAKE_INSN_LEN;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	resume("vCont;c:2;c");
	fake_regs[0].pc = pc;
	kgdb_breakpoint();
	assert_output();
	assert_int_equal(fake_regs[0].flags & FAKE_TF, 0);
	assert_int_equal(fake_regs[0].pc, 0x1000 + FAKE_INSN_LEN);
}

/*
 * The stepped instruction runs with interrupts masked in its frame, which
 * gets its own setting back; one that sets the enable itself keeps it.
 */
static void step_then_detach(void)
{
	script_pkt("s");
	expect_str("+");
	expect_step_end();
	xchg("pb", le_hex(FAKE_IE, 4));		/* its own setting, back */
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
}

static void test_step_masks_interrupts(void **state)
{
	fake_regs[0].flags = FAKE_IE;
	gdb_connect();
	step_then_detach();
	assert_int_equal(fake_flags_stepped & FAKE_IE, 0);
	script_reset();
	fake_regs[0].r[6] = FAKE_SETS_IE;
	gdb_connect();
	step_then_detach();
	assert_int_equal(fake_flags_stepped & FAKE_IE, FAKE_IE);
	assert_int_equal(fake_regs[0].flags, FAKE_IE);
}

/*
 * vCont;c:tid with no action for the other threads: a CPU runs alone only
 * for gdb's own step over its breakpoint, where gdb steps in software
 * (test_softstep.c). Here, where gdb steps in hardware, every CPU runs, as
 * it does when the thread named sleeps, also when a thread on a CPU is
 * named with it (test_sleeping_thread_*).
 */
/*
 * Resume the stop with @vcont, which no CPU may run alone for: no CPU
 * stays held and the debugger is left.
 */
static void everything_continues(const char *vcont)
{
	resume(vcont);
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
	/* Bounded: a CPU left held would otherwise hang the test. */
	for (int i = 0; kgdb_active() && i < 50000; i++)
		usleep(100);
	assert_false(kgdb_active());
	assert_false(__atomic_load_n(&kgdb_cpus[1].held, __ATOMIC_ACQUIRE));
}

/*
 * A user's run of one thread (gdb's scheduler-locking, LLDB's thread
 * continue) may last: alone, its CPU could wait for good on a lock a held
 * CPU has, and no Ctrl-C would reach it. Interrupts stay as they were.
 */
static void test_continue_one_thread(void **state)
{
	fake_regs[0].flags = FAKE_IE;
	gdb_connect();
	everything_continues("vCont;c:2");
	assert_int_equal(fake_regs[0].flags, FAKE_IE);
}

/*
 * After that run of one thread (CPU 1's task, tid 3; the machine ran
 * whole), gdb's Ctrl-C, taken by CPU 0, is told as that thread's stop,
 * not as one of a thread gdb left stopped; the next stop is told as it
 * is.
 */
static void test_ctrl_c_stops_the_thread_gdb_ran(void **state)
{
	gdb_connect();
	everything_continues("vCont;c:3");
	script_reset();
	expect_pkt(stop_reply(1, 2, "", 3));
	script_str("+");
	xchg("qC", "QC3");
	resume("c");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_interrupt();
	assert_output();
	script_reset();
	expect_pkt(stop_reply(0, 2, "", 2));
	script_str("+");
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_interrupt();
	assert_output();
}

/* Only the sleeping thread (tid 4) named, or named after one on a CPU. */
static void test_sleeping_thread_alone_continues_all(void **state)
{
	gdb_connect();
	everything_continues("vCont;c:4");
}

static void test_sleeping_thread_after_a_cpu_continues_all(void **state)
{
	gdb_connect();
	everything_continues("vCont;c:2;c:4");
}

/* Thread -1 is every thread, not the one that stopped. */
static void test_every_thread_by_id_continues_all(void **state)
{
	gdb_connect();
	everything_continues("vCont;c:-1");
}

/* Expect a SIGTRAP stop reply of @cpu with its PC at @pc (the frame is not touched). */
static void expect_stop_at(unsigned int cpu, uintptr_t pc, const char *reason, long tid)
{
	u64 saved = fake_regs[cpu].pc;

	fake_regs[cpu].pc = pc;
	expect_pkt(stop_reply(cpu, 5, reason, tid));
	fake_regs[cpu].pc = saved;
	script_str("+");
}

static void test_step_other_cpu(void **state)
{
	struct pt_regs cpu1 = fake_regs[1];
	char g[64];

	gdb_connect();
	xchg("Hgf4241", "OK");
	snprintf(g, sizeof(g), "%s", le_hex(cpu1.r[0], 8));
	xchg("p0", g);
	/* Step the worker on CPU 1: CPU 1 becomes master, CPU 0 waits. */
	resume("vCont;s:3;c");
	cpu1.pc += FAKE_INSN_LEN;
	expect_stop_at(1, cpu1.pc, "", 3);
	xchg("qC", "QC3");
	xchg("p0", le_hex(cpu1.r[0], 8));	/* Hg 0: the thread that stopped */
	xchg("Hg2", "OK");
	xchg("p8", le_hex(FAKE_BREAK_ADDR + 1, 8));
	xchg("Hc3", "OK");
	resume("s");
	cpu1.pc += FAKE_INSN_LEN;
	expect_stop_at(1, cpu1.pc, "", 3);
	resume("c");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
	while (kgdb_active())
		usleep(100);
	assert_int_equal(fake_regs[1].pc, cpu1.pc);
	assert_int_equal(fake_regs[1].flags & FAKE_TF, 0);
}

static void test_deaf_cpu(void **state)
{
	fake_cpu_deaf[2] = true;
	task_find(0)->on_cpu = 2;	/* swapper runs there */
	gdb_connect();
	/* It runs: neither it nor its task is in the list gdb shows. */
	xchg("qfThreadInfo", "mf4240,f4241,2,3,4");
	xchg("qsThreadInfo", "l");
	xchg("qXfer:threads:read::0,ffb", "l<threads>"
	     "<thread id=\"f4240\" core=\"0\">CPU0</thread>"
	     "<thread id=\"f4241\" core=\"1\">CPU1</thread>"
	     "<thread id=\"2\" core=\"0\">init, pid 1, on CPU0</thread>"
	     "<thread id=\"3\" core=\"1\">worker, pid 2, on CPU1</thread>"
	     "<thread id=\"4\">sleeper, pid 3, sleeping</thread></threads>");
	xchg("qThreadExtraInfo,f4242", "43505532202872756e6e696e6729");
	xchg("Hgf4242", "OK");
	xchg("g", "E03");
	xchg("vCont;s:f4242", "E16");
	xchg("Hcf4242", "OK");
	resume("s");			/* steps the CPU that stopped instead */
	expect_step_end();
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
}

static void test_oops(void **state)
{
	fake_regs[0].pc = FAKE_TEXT + 0x400;
	gdb_connect();
	xchg("?", stop_reply(0, 11, "", 2));
	resume("c");			/* retrying would fault again: the oops goes ahead */
	assert_int_equal(fake_exception(DIE_OOPS, SIGSEGV, &fake_regs[0]), NOTIFY_DONE);
	assert_output();
	script_reset();
	fake_regs[0].pc = FAKE_TEXT + 0x400;
	expect_pkt(stop_reply(0, 11, "", 2));
	script_str("+");
	resume("c1404");		/* gdb skipped the fault (FAKE_TEXT + 0x404) */
	assert_int_equal(fake_exception(DIE_OOPS, SIGSEGV, &fake_regs[0]), NOTIFY_STOP);
	assert_int_equal(fake_regs[0].pc, FAKE_TEXT + 0x404);
	assert_output();
	script_reset();
	fake_regs[0].pc = FAKE_TEXT + 0x400;
	expect_pkt(stop_reply(0, 11, "", 2));
	script_str("+");
	resume("C0b");			/* gdb passes SIGSEGV on: the oops goes ahead */
	assert_int_equal(fake_exception(DIE_OOPS, SIGSEGV, &fake_regs[0]), NOTIFY_DONE);
	assert_output();
	script_reset();
	expect_pkt(stop_reply(0, 11, "", 2));
	script_str("+");
	resume("vCont;C0b");
	assert_int_equal(fake_exception(DIE_OOPS, SIGSEGV, &fake_regs[0]), NOTIFY_DONE);
	assert_output();
	script_reset();
	expect_pkt(stop_reply(0, 11, "", 2));
	script_str("+");
	xchg("D", "OK");
	assert_int_equal(fake_exception(DIE_OOPS, SIGSEGV, &fake_regs[0]), NOTIFY_DONE);
	assert_output();
}

static void test_panic(void **state)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	gdb_connect();
	xchg("?", stop_reply(0, 6, "", 2));
	resume("c");
	assert_int_equal(fake_panic("boom") & NOTIFY_STOP_MASK, 0);
	assert_output();
}

/* A monitor command that faults inside the debugger. */
static int fault_verdict;

static int cmd_fault(struct printer *out, int argc, char **argv)
{
	struct pt_regs r = fake_regs[0];

	fault_verdict = fake_exception(DIE_OOPS, SIGSEGV, &r);
	pprintf(out, "survived\n");
	return 0;
}

KGDB_MONITOR_CMD(fault, "fault in the debugger", cmd_fault);

static void test_fault_inside_debugger(void **state)
{
	gdb_connect();
	xchg("qRcmd,6661756c74", "O73757276697665640a");
	script_str("+");
	expect_pkt("OK");
	/* The nested exception was left to the kernel; the session goes on. */
	xchg("qC", "QC2");
	xchg("D", "OK");
	break_in();
	assert_int_equal(fault_verdict, NOTIFY_DONE);
}

static int failing_init(void)
{
	return -ENODEV;
}

static void test_transports(void **state)
{
	struct kgdb_io other = fake_io, bad = fake_io;
	extern struct console *fake_console;

	other.name = "other";
	other.is_console = true;
	bad.init = failing_init;
	assert_int_equal(kgdb_register_io_module(&other), -EBUSY);
	kgdb_unregister_io_module(&other);	/* not registered: ignored */
	assert_ptr_equal(kgdb_io_ops, &fake_io);
	kgdb_unregister_io_module(&fake_io);
	assert_null(fake_console);
	/* Without a transport the debugger stays out of the way. */
	kgdb_breakpoint();
	assert_int_equal(fake_exception(DIE_OOPS, SIGSEGV, &fake_regs[0]), NOTIFY_DONE);
	assert_int_equal(fake_exception(DIE_NMI, 0, &fake_regs[0]), NOTIFY_DONE);
	assert_int_equal(kgdb_register_io_module(&bad), -ENODEV);
	/* A console transport gets no kgdbcon (it would print everything twice). */
	assert_int_equal(kgdb_register_io_module(&other), 0);
	assert_null(fake_console);
	kgdb_initial_breakpoint();		/* no kgdbwait: nothing happens */
	gdb_connect();
	xchg("D", "OK");
	break_in();
	kgdb_unregister_io_module(&other);
	assert_int_equal(kgdb_register_io_module(&fake_io), 0);
	assert_non_null(fake_console);
	/* An NMI nobody asked for is not ours. */
	assert_int_equal(fake_exception(DIE_NMI, 0, &fake_regs[0]), NOTIFY_DONE);
}

static void restart_check(void)
{
	size_t ol, el;
	const char *o = output_buf(&ol), *e = expected_buf(&el);

	fake_exit(ol == el && !memcmp(o, e, ol) ? 42 : 1);
}

static void test_monitor_reboot(void **state)
{
	int status;
	pid_t pid;

	fake_cpus_stop();
	pid = fork();
	if (!pid) {
		fake_restart_hook = restart_check;
		gdb_connect();
		xchg("qRcmd,7265626f6f74", "O7265626f6f74696e670a");
		script_str("+");
		expect_pkt("OK");
		script_str("+");
		fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
		kgdb_breakpoint();
		_exit(2);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 42);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_breakpoints_detach, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_swbreak_only_when_offered, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_breakpoint_table_full_and_kill, setup1,
						teardown),
		cmocka_unit_test_setup_teardown(test_removed_breakpoint_race, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_answered_interrupt_is_stale, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_reconnect_forgets_breakpoints, setup1,
						teardown),
		cmocka_unit_test_setup_teardown(test_hw_breakpoints, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_hwbreak_only_when_offered, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_stale_stops_dropped, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_trap_is_not_ours, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_unregister_leaves_no_trap_behind, setup2,
						teardown),
		cmocka_unit_test_setup_teardown(test_single_step_self, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_step_masks_interrupts, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_continue_one_thread, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_ctrl_c_stops_the_thread_gdb_ran, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_sleeping_thread_alone_continues_all, setup2,
						teardown),
		cmocka_unit_test_setup_teardown(test_sleeping_thread_after_a_cpu_continues_all,
						setup2, teardown),
		cmocka_unit_test_setup_teardown(test_every_thread_by_id_continues_all, setup2,
						teardown),
		cmocka_unit_test_setup_teardown(test_step_other_cpu, setup3, teardown),
		cmocka_unit_test_setup_teardown(test_deaf_cpu, setup3, teardown),
		cmocka_unit_test_setup_teardown(test_oops, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_panic, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_fault_inside_debugger, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_transports, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_monitor_reboot, setup1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
