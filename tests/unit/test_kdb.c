// SPDX-License-Identifier: MIT
/*
 * kdb whole (kernel/debug/kdb/) as the front end of the fake machine:
 * what is typed on the scripted line, what kdb prints back: the banner of
 * each kind of entry, the prompt, help, grep and the pager, a word
 * evaluated, an empty line that repeats, the line handed to gdb on a
 * valid packet (and a bad one NAKed), scripts run on entry, the
 * environment, tasks and CPUs, breakpoints, go and ss.
 */

#include "kdb_harness.h"
#include <kernel/errno.h>
#include <kernel/params.h>
#include <kernel/tty.h>
#include <asm-generic/sections.h>

#define FAKE_FN		(FAKE_TEXT + 0x100)	/* fake_kdb_kernel.c's symbols */

extern struct tty *fake_console_tty;

/* @typed, then gdb on the line: a packet (the last typed, or its own), qC's reply, detach. */
static void typed_then_gdb(const char *typed, const char *gdb_first)
{
	script_reset();
	script_str(typed);
	script_str(gdb_first);
	script_until("$QC2#");
	script_str("+$D#44");
	script_until("$OK#");
	script_str("+");
	enter_break();
	assert_true(script_done());
	assert_printed("+$QC2#");
	assert_printed("+$OK#9a");
	assert_false(kgdb_connected());
}

static void keyboard(void)
{
	fake_regs[0].pc = FAKE_TEXT + 0x200;
	kgdb_interrupt();
}

static const struct boot_param *param(const char *name)
{
	const struct boot_param *p;

	for (p = (void *)__boot_params_start; strcmp(p->name, name); p++)
		assert_true(p + 1 < (const struct boot_param *)__boot_params_end);
	return p;
}

static int setup(void **state)
{
	return setup1(state);
}

static int setup2kdb(void **state)
{
	return setup2(state);
}

/* Every script empty, everything allowed, pages of 24 lines, for the tests that follow. */
static int teardown_kdb(void **state)
{
	char set[] = "set", lines[] = "LINES=24", *argv[] = { set, lines };

	assert_int_equal(kgdb_command_find("set", true)->run(&kdb_printer, 2, argv), 0);
	assert_int_equal(param("kdb.on_panic")->setup(""), 0);
	assert_int_equal(param("kdb.on_oops")->setup(""), 0);
	assert_int_equal(param("kdb.on_break")->setup(""), 0);
	assert_int_equal(param("kdb.cmd_enable")->setup("1"), 0);
	kgdb_read_only = false;
	fake_console_tty = NULL;
	fake_virtual_clock = false;
	return teardown(state);
}

/* ---------------------------------------------------------------- the prompt */

static void test_banner_help_go(void **state)
{
	typed_at_break("help | grep ^go\r?\rqgo\r");
	assert_printed("\nEntering kdb (current=0x");
	assert_printed(", pid 1) on processor 0 due to KDB_ENTER()\n"
		       "kdb: 'help' lists commands; gdb may attach to this line at any time\n");
	assert_printed("[0]kdb> help | grep ^go\n"
		       "go         [address]              continue (at address)\n[0]kdb> ");
	assert_printed("[0]kdb> ?\nbc ");
	assert_printed("\nmore> ");
	assert_printed("[0]kdb> go\n");
	assert_int_equal(fake_regs[0].pc, FAKE_BREAK_ADDR + 1);
}

/* Up recalls the line before; without memory for the history (kdb's boot), nothing. */
static void test_history_from_the_heap(void **state)
{
	const struct kgdb_frontend *fe = kgdb_frontend_find("kdb");

	typed_at_break("fake_fn\r\x10\rgo\r");
	assert_printed("(fake_fn)\n[0]kdb> fake_fn\nfake_fn = ");
	fake_kmalloc_fails = true;
	fe->boot();
	fake_kmalloc_fails = false;
	typed_at_break("fake_fn\r\x10\rgo\r");
	assert_printed("(fake_fn)\n[0]kdb> \a\n[0]kdb> go\n");
	fe->boot();
}

static void test_words_that_are_no_command(void **state)
{
	typed_at_break("nope\rfake_fn\rfake_fn+4\r0x10\rnope 1\rgo\r");
	assert_printed("Unknown kdb command: 'nope'\n");
	assert_printed("fake_fn = 0x0000000000001100 (fake_fn)\n");
	assert_printed("fake_fn+4 = 0x0000000000001104 (fake_fn+0x4)\n");
	assert_printed("0x10 = 0x0000000000000010\n");
	assert_printed("> nope 1\nUnknown kdb command: 'nope'\n");

	/* Symbols are memory reads, as kdb.cmd_enable has it; go alone always works. */
	assert_int_equal(param("kdb.cmd_enable")->setup("0"), 0);
	typed_at_break("fake_fn\rgo 0x1200\rgo\r");
	assert_printed("fake_fn: Permission denied\n");
	assert_printed("go: Permission denied\n");
	assert_int_equal(fake_regs[0].pc, FAKE_BREAK_ADDR + 1);
}

static void test_grep(void **state)
{
	typed_at_break("help | grep ^bt\r"
		       "help | sort\rhelp | grep\rhelp | grep a b\rhelp |grep\r"
		       "a b c d e f g h i j k l m n o p q\rgo\r");
	assert_printed("> help | grep ^bt\nbt      ");
	assert_printed("\nbta     ");
	assert_printed("\nbtc     ");
	assert_printed("\nbtp     ");
	assert_not_printed("\ncpu     ");
	assert_printed("> help | sort\nkdb: only '| grep [^]pattern[$]' may follow a command\n");
	assert_printed("> help | grep\nkdb: only");
	assert_printed("> help | grep a b\nkdb: only");
	assert_printed("> help |grep\nkdb: only");
	assert_printed("q\nkdb: too many arguments\n");

	/* The same from a script. */
	assert_int_equal(param("kdb.on_break")->setup("env | grep 16$;env | grep ^LINES=24$;go"), 0);
	session(keyboard, "");
	assert_printed("> env | grep 16$\nRADIX=16\n[0]kdb> ");
	assert_printed("> env | grep ^LINES=24$\nLINES=24\n[0]kdb> go\n");
}

/*
 * A '$' a person typed (Enter, a backspace before any '#': no gdb packet
 * holds those) goes to the line, as the first byte of an entry too.
 */
static void test_typed_dollar(void **state)
{
	typed_at_break("env | grep 16$\renv | grep LINES=2$\x7f" "4$\rgo\r");
	assert_printed("> env | grep 16$\nRADIX=16\n[0]kdb> ");
	assert_printed("\nLINES=24\n[0]kdb> go\n");
	typed_at_break("$\rgo\r");
	assert_printed("Entering kdb");
	assert_printed("[0]kdb> $\nUnknown kdb command: '$'\n[0]kdb> go\n");
}

/* A line longer than grep looks at: matched on its start, the rest dropped. */
static int cmd_wide(struct printer *out, int argc, char **argv)
{
	unsigned int i;

	for (i = 0; i < 300; i++)
		pprintf(out, "%c", i < 4 ? "wide"[i] : 'x');
	pprintf(out, "\nnarrow");
	return 0;
}
KGDB_COMMAND(wide, "", "print a wide line, then an unfinished one", cmd_wide, KGDB_CMD_SAFE, 0);

static void test_grep_long_and_unfinished_lines(void **state)
{
	char want[300];

	typed_at_break("wide | grep wide\rwide | grep narrow\rgo\r");
	memset(want, 'x', sizeof(want));
	memcpy(want, "> wide | grep wide\nwide", 23);
	want[23 + 255 - 4 - 1] = '\0';
	assert_printed(want);
	assert_printed("> wide | grep narrow\nnarrow\n[0]kdb> ");
}

/* ss repeats on an empty line; a step stops with its own banner. */
static void test_empty_line_repeats_ss(void **state)
{
	typed_at_break("ss\r\r\renv\r\rgo\r");
	assert_printed("[0]kdb> ss\nSS trap @ 0x");
	assert_int_equal(fake_regs[0].pc, FAKE_BREAK_ADDR + 1 + 3 * FAKE_INSN_LEN);
	assert_int_equal(fake_regs[0].flags & FAKE_TF, 0);
}

/* Tab completes a symbol; a second lists the names; Ctrl-C drops the line. */
static void test_tab_completes_symbols(void **state)
{
	typed_at_break("fak\t\t\3ad\t\rgo\r");
	assert_printed("[0]kdb> fake_\nfake_fn\nfake_var\n[0]kdb> fake_");
	assert_printed("[0]kdb> fake_^C\n[0]kdb> add \nadd = 0x0000000000001140 (add)\n");

	/* No memory reads, no symbols. */
	assert_int_equal(param("kdb.cmd_enable")->setup("0x40"), 0);
	typed_at_break("fak\t\rgo\r");
	assert_printed("[0]kdb> fak\nUnknown kdb command: 'fak'\n");
}

/* ---------------------------------------------------------------- gdb on the line */

/* A valid packet at the prompt hands the line to gdb; its detach ends the session. */
static void test_packet_at_the_prompt_goes_to_gdb(void **state)
{
	typed_then_gdb("he", "$qC#b4");
	assert_printed("[0]kdb> he+$QC2#");
}

/* A wrong checksum is NAKed, noise dropped; gdb's acks are no typing. */
static void test_bad_packets_at_the_prompt(void **state)
{
	typed_then_gdb("\3$qC#00$qC#zz+-$qC", "$qC#b4");
	assert_printed("[0]kdb> ^C\n[0]kdb> -+$QC2#");
	assert_not_printed("Unknown");

	/* The same as gdb's first packet: NAKed before the banner. */
	typed_then_gdb("$qC#00", "$qC#b4");
	assert_int_equal(strncmp(printed(), "-\nEntering kdb", 14), 0);
}

/* A '$' and then nothing: given up after a while, the prompt goes on. */
static void test_lone_dollar(void **state)
{
	script_reset();
	script_str("$");
	script_late(4000000);
	script_str("go\r");
	enter_break();
	assert_true(script_done());
	assert_printed("[0]kdb> go\n");
}

/* A gdb that broke in with its packet gets the line before any banner. */
static void test_gdb_first(void **state)
{
	typed_then_gdb("+", "$qC#b4");
	assert_not_printed("Entering kdb");

	/* Its first byte not a packet's: typed. */
	typed_at_break("$x#00go\r");
	assert_printed("Entering kdb");
	assert_printed("[0]kdb> go\n");
}

/* kgdb: the line is gdb's; its detach resumes, and the next entry is kdb's again. */
static void test_kgdb_command(void **state)
{
	typed_then_gdb("kgdb\r", "$qC#b4");
	assert_printed("kdb: the line is gdb's now: please attach the debugger to it\n");
	typed_at_break("go\r");
	assert_printed("Entering kdb");
}

/* ---------------------------------------------------------------- the pager */

static void test_pager(void **state)
{
	/* A page of 5 lines: 4, more>; space: a page; Enter: a line; q: the rest away. */
	typed_at_break("set LINES 5\rhelp\r \r\n1q\rgo\r");
	assert_printed("[0]kdb> help\nbc ");
	assert_printed("list breakpoints\nmore>       bp ");
	assert_printed("\nmore>       btc ");
	assert_printed("\nmore>       btp ");
	assert_printed("\nmore>       [0]kdb> \n[0]kdb> go\n");
	assert_not_printed("summary ");

	/* A gdb packet at more>: the listing ends, gdb gets the line. */
	typed_then_gdb("help\r", "$qC#b4");
	assert_printed("\nmore>       [0]kdb> +$QC2#");
}

/* ---------------------------------------------------------------- the environment */

static void test_environment(void **state)
{
	char typed[1024];
	size_t n = 0;
	unsigned int i;

	typed_at_break("env\rset FOO=bar\rset BAR baz\rset FOO=qux\renv\rset\rset =x\r"
		       "set NAMETOOLONGFORIT=1\rgo\r");
	assert_printed("> env\nMDCOUNT=8\nRADIX=16\nLINES=24\nBTAPROMPT=1\n[0]kdb> ");
	assert_printed("> env\nMDCOUNT=8\nRADIX=16\nLINES=24\nBTAPROMPT=1\nFOO=qux\nBAR=baz\n");
	assert_printed("> set\nusage: set NAME=value\n");
	assert_printed("> set =x\nusage: set NAME=value\n");
	assert_printed("set NAMETOOLONGFORIT=1\nset: name or value too long\n");

	for (i = 0; i < 20; i++)
		n += (size_t)snprintf(typed + n, sizeof(typed) - n, "set V%u=%u\r", i, i);
	snprintf(typed + n, sizeof(typed) - n, "go\r");
	typed_at_break(typed);
	assert_printed("> set V17=17\n[0]kdb> set V18=18\nset: environment full\n");
}

/* ---------------------------------------------------------------- tasks and CPUs */

static void test_tasks(void **state)
{
	task_find(3)->state = TASK_DEAD;
	typed_at_break("ps\rps A\rpid 3\rbt\rpid R\rpid 99\rpid x\rbt x\rbtp 3\rbtp\r"
		       "summary\rgo\r");
	assert_printed("> ps\n1 idle process(es) and 1 sleeping process(es) suppressed,\n"
		       "use 'ps A' to show all.\nTask Addr");
	assert_printed("     1        0  *    0   R   0x");
	assert_printed(" worker\n[0]kdb> ps A\n");
	assert_printed("     3        0       0   Z   0x");
	assert_printed("     0        0       0   I   0x");
	assert_printed("> pid 3\nKDB current process is sleeper(pid=3)\n");
	assert_printed("> bt\nStack traceback for pid 3\n");
	assert_printed("  [<1103>] sp 3800 fp 3810\n");
	assert_printed("> pid R\nKDB current process is init(pid=1)\n");
	assert_printed("> pid 99\nNo task with pid=99\n");
	assert_printed("> pid x\nNo task with pid=x\n");
	assert_printed("> bt x\nbt takes no argument: btp <pid> for a task\n");
	assert_printed("> btp 3\nStack traceback for pid 3\n");
	assert_printed("> btp\nusage: btp <pid>\n");
	assert_printed("sysname    kgdb-demo\n");
	assert_printed("cpus       1 online, entered on cpu 0\ncpu 0      in kdb\ntasks      4\n");
}

/* Two CPUs: the other's frame, its task, one that did not stop. */
static void test_cpus(void **state)
{
	typed_at_break("cpu\rcpu 1\rbt\rpid 2\rbtc\rbtc 1\rbtc 9\rcpu 9\rcpu x\rsummary\rgo\r");
	assert_printed("> cpu\nCurrently on cpu 0\nAvailable cpus: 0 1\n");
	assert_printed("[0]kdb> cpu 1\n[1]kdb> bt\nStack traceback for pid 2\n");
	assert_printed("[1]kdb> pid 2\nKDB current process is worker(pid=2)\n");
	assert_printed("> btc\nbtc: cpu status: Currently on cpu 0\n\n"
		       "Stack traceback for cpu 0, pid 1\n");
	assert_printed("\nStack traceback for cpu 1, pid 2\n");
	assert_printed("> btc 9\nInvalid cpu number\n");
	assert_printed("> cpu 9\nInvalid cpu number\n");
	assert_printed("> cpu x\nInvalid cpu number\n");
	assert_printed("cpu 0      in kdb\ncpu 1      stopped\n");

	/* CPU 1 does not answer the roundup (waited for in virtual time). */
	fake_cpu_deaf[1] = true;
	fake_virtual_clock = true;
	typed_at_break("cpu\rbtc\rbtp 2\rbta\rsummary\rgo\r");
	assert_printed("Available cpus: 0 1(D)\n");
	assert_printed("\nCPU 1 did not stop (interrupts off?): no frame\n");
	assert_printed("  running on CPU 1, which did not stop\n");
	assert_printed("Stack traceback for pid 3\n");
	assert_printed("cpu 1      did not stop\n");
	fake_cpu_deaf[1] = false;
}

/* A listing the user quits at more> stops walking. */
static void test_bta_quit(void **state)
{
	typed_at_break("set LINES 4\rbta\rq\rps A\rq\rbtc\rq\rset LINES 24\rgo\r");
	assert_not_printed("Stack traceback for pid 2");
}

/* ---------------------------------------------------------------- breakpoints and flow */

static void test_breakpoints(void **state)
{
	typed_at_break("bp fake_fn\rbp fake_fn\rbp 0x1104\rbp\rbl\rbp zz\rbp 1 2\rbd 0\rbd 0\r"
		       "be 0\rbe 0\rbc 9\rbc x\rbc\rgo\r");
	assert_printed("> bp fake_fn\nInstruction(i) BP #0 at 0x1100 (fake_fn)\n    is enabled\n");
	assert_printed("> bp fake_fn\nDuplicate breakpoint address 0x1100\n");
	assert_printed("> bp\nInstruction(i) BP #0 at 0x1100 (fake_fn)\n    is enabled\n"
		       "Instruction(i) BP #1 at 0x1104 (fake_fn+0x4)\n    is enabled\n");
	assert_printed("> bl\nInstruction(i) BP #0");
	assert_printed("> bp zz\nusage: bp <address>\n");
	assert_printed("> bp 1 2\nusage: bp <address>\n");
	assert_printed("> bd 0\nBreakpoint 0 at 0x1100 disabled\n");
	assert_printed("> be 0\nBreakpoint 0 at 0x1100 enabled\n");
	assert_printed("> bc 9\nInvalid breakpoint number 9\n");
	assert_printed("> bc x\nInvalid breakpoint number x\n");
	assert_printed("> bc\nusage: bc <bpnum>|*\n");
	assert_int_equal(fake_mem[FAKE_FN], 0xcc);
	typed_at_break("bc *\rgo\r");
	assert_printed("> bc *\nBreakpoint 0 at 0x1100 cleared\nBreakpoint 1 at 0x1104 cleared\n");
	assert_int_not_equal(fake_mem[FAKE_FN], 0xcc);
}

static void hit_fake_fn(void)
{
	hit(FAKE_FN);
}

/* A hit: its banner; go steps over it and it stays. */
static void test_breakpoint_hit(void **state)
{
	typed_at_break("bp fake_fn\rgo\r");
	session(hit_fake_fn, "go\r");
	assert_printed("due to Breakpoint @ 0x1100\n");
	assert_int_equal(fake_regs[0].pc, FAKE_FN + FAKE_INSN_LEN);
	assert_int_equal(fake_mem[FAKE_FN], 0xcc);

	/* Past the table's room: the core's refusal is reported. */
	typed_at_break("bp 0x1104\rbp 0x1108\rbp 0x110c\rbp 0x1110\rbp 0x1114\rbp 0x1118\r"
		       "bp 0x111c\rbp 0x1120\rbc *\rgo\r");
	assert_printed("> bp 0x1120\nbp: cannot set a breakpoint at 0x1120 (");
	assert_printed("Breakpoint 7 at 0x111c cleared\n");
	assert_int_not_equal(fake_mem[FAKE_FN], 0xcc);
}

static void test_go(void **state)
{
	typed_at_break("go 1 2\rgo zz\rgo 0x1200\r");
	assert_printed("> go 1 2\nusage: go [address]\n");
	assert_printed("> go zz\nusage: go [address]\n");
	assert_int_equal(fake_regs[0].pc, 0x1200);

	kgdb_read_only = true;
	typed_at_break("go 0x1200\rgo\r");
	assert_printed("go: refused, the debugger is read-only (kgdb.ro)\n");
}

/* ---------------------------------------------------------------- entries and scripts */

static void panic_boom(void)
{
	fake_panic("boom");
}

static void oops(void)
{
	fake_regs[0].pc = FAKE_TEXT + 0x300;
	fake_exception(DIE_OOPS, SIGSEGV, &fake_regs[0]);
}

static void test_entry_scripts(void **state)
{
	static char too_long[300];

	memset(too_long, 'x', sizeof(too_long) - 1);
	assert_int_equal(param("kdb.on_panic")->setup(too_long), -EINVAL);
	assert_int_equal(param("kdb.on_panic")->setup(NULL), -EINVAL);
	assert_int_equal(param("kdb.on_panic")->setup("summary;go;env"), 0);
	session(panic_boom, "go\r");
	assert_printed("on processor 0 due to panic: boom\n");
	assert_printed("[0]kdb> summary\nsysname");
	assert_printed("[0]kdb> go\nCatastrophic error detected\n"
		       "type go a second time if you really want to continue\n[0]kdb> env\n");

	assert_int_equal(param("kdb.on_oops")->setup("bt;go;go"), 0);
	session(oops, "");
	assert_printed("Oops: ");
	assert_printed("\ndue to oops @ 0x1300\n");
	assert_printed("[0]kdb> bt\nStack traceback for pid 1\n");
	assert_printed("[0]kdb> go\nCatastrophic error detected\n");

	assert_int_equal(param("kdb.on_break")->setup("ps"), 0);
	session(keyboard, "go\r");
	assert_printed("due to Keyboard Entry\n");
	assert_printed("[0]kdb> ps\n");

	/* A step's stop runs no script. */
	session(keyboard, "ss\rgo\r");
	assert_printed("SS trap @ 0x");
	assert_int_equal(strstr(strstr(seen, "SS trap"), "[0]kdb> ps\n"), NULL);
}

/* A watchpoint's and an unexplained debug trap's banners. */
static void test_trap_banners(void **state)
{
	assert_int_equal(kgdb_set_hw_break(0x3010, 4, KGDB_WATCH_WRITE), 0);
	typed_at_break("go\r");
	for (fake_hw_fired = 0; !fake_hw[0][fake_hw_fired].used; fake_hw_fired++)
		;
	fake_regs[0].pc = FAKE_TEXT + 0x300;
	script_reset();
	script_str("go\r");
	assert_int_equal(fake_exception(DIE_DEBUG, SIGTRAP, &fake_regs[0]), NOTIFY_STOP);
	fake_hw_fired = -1;
	assert_printed("due to Watchpoint @ 0x1300 (data 0x3010)\n");
	assert_int_equal(kgdb_remove_hw_break(0x3010, 4, KGDB_WATCH_WRITE), 0);
}

/* ---------------------------------------------------------------- another console */

static char console_out[1 << 14];
static size_t console_len;

static void console_put(struct tty *tty, char c)
{
	if (console_len < sizeof(console_out) - 1)
		console_out[console_len++] = c;
}

static const struct tty_ops console_ops = { .poll_put_char = console_put };
static struct tty console = { .name = "ttyS0", .ops = &console_ops };

/* What kdb prints goes to the console too when that is another tty. */
static void test_other_console(void **state)
{
	fake_console_tty = &console;
	console_len = 0;
	typed_at_break("summary\rgo\r");
	console_out[console_len] = '\0';
	assert_non_null(strstr(console_out, "sysname    kgdb-demo\r\n"));
	assert_non_null(strstr(console_out, "[0]kdb> go"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_banner_help_go, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_history_from_the_heap, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_words_that_are_no_command, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_grep, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_grep_long_and_unfinished_lines, setup,
						teardown_kdb),
		cmocka_unit_test_setup_teardown(test_empty_line_repeats_ss, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_tab_completes_symbols, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_packet_at_the_prompt_goes_to_gdb, setup,
						teardown_kdb),
		cmocka_unit_test_setup_teardown(test_bad_packets_at_the_prompt, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_typed_dollar, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_lone_dollar, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_gdb_first, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_kgdb_command, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_pager, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_environment, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_tasks, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_cpus, setup2kdb, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_bta_quit, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_breakpoints, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_breakpoint_hit, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_go, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_entry_scripts, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_trap_banners, setup, teardown_kdb),
		cmocka_unit_test_setup_teardown(test_other_console, setup, teardown_kdb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
