// SPDX-License-Identifier: MIT
/*
 * The command table (kgdb_monitor.c) from both sides: gdb's monitor
 * (dmesg's tail, an empty line, kdb.cmd_enable's refusals) and kdb's
 * lookups and help (its own variant of a shared name, mdWcN, commands
 * gdb does not see).
 */

#include "harness.h"
#include <kernel/errno.h>
#include <kernel/params.h>
#include <asm-generic/sections.h>
#include "../../kernel/debug/frontend.h"
#include "../../kernel/debug/kdb/kdb.h"

static int kdb_ps(struct printer *out, int argc, char **argv)
{
	pprintf(out, "kdb's ps\n");
	return 0;
}

static int kdb_go(struct printer *out, int argc, char **argv)
{
	return KGDB_CMD_GO;
}

static int kdb_md(struct printer *out, int argc, char **argv)
{
	pprintf(out, "md as %s\n", argv[0]);
	return 0;
}

KGDB_COMMAND(ps, "", "kdb's task list", kdb_ps, KGDB_CMD_INSPECT, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(go, "[addr]", "continue", kdb_go, KGDB_CMD_FLOW_CTRL, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(md, "<addr>", "show memory", kdb_md, KGDB_CMD_MEM_READ, 0);

#define GDB_HELP	"bpstat     breakpoints evaluated in the kernel: hits, false, missed\n" \
	"cpus       describe each CPU\ndmesg      print the kernel log\n" \
	"help       list monitor commands\nmd         show memory\n" \
	"ps         list tasks\nreboot     restart the machine\n"

/* A printer into a buffer. */
static struct {
	struct printer p;
	char buf[4096];
	size_t len;
} out;

static void out_write(struct printer *p, const char *s, size_t len)
{
	memcpy(out.buf + out.len, s, len);
	out.len += len;
	out.buf[out.len] = '\0';
}

static const char *printed(void)
{
	out.len = 0;
	out.buf[0] = '\0';
	return out.buf;
}

static const struct boot_param *cmd_enable_param(void)
{
	const struct boot_param *p;

	for (p = (void *)__boot_params_start; strcmp(p->name, "kdb.cmd_enable"); p++)
		assert_true(p + 1 < (const struct boot_param *)__boot_params_end);
	return p;
}

static void cmd_enable(const char *val)
{
	assert_int_equal(cmd_enable_param()->setup(val), 0);
}

static int setup(void **state)
{
	out.p.write = out_write;
	return setup1(state);
}

/* Everything allowed again for the tests that follow, even after a failure. */
static int teardown_enable(void **state)
{
	cmd_enable("1");
	return teardown(state);
}

static void test_dmesg_tail(void **state)
{
	fake_dmesg = "[0.000] one\n[0.001] two\n[0.002] three\n";
	gdb_connect();
	rcmd("dmesg", fake_dmesg, "OK");
	rcmd("dmesg 2", "[0.001] two\n[0.002] three\n", "OK");
	rcmd("dmesg 3", fake_dmesg, "OK");
	rcmd("dmesg 9", fake_dmesg, "OK");
	rcmd("dmesg 0", "", "OK");
	rcmd("dmesg x", "usage: dmesg [lines]\n", "E16");
	xchg("D", "OK");
	break_in();
}

/* A line of blanks lists the commands gdb has; kdb's own stay out. */
static void test_blank_line_is_help(void **state)
{
	gdb_connect();
	rcmd(" \t", GDB_HELP, "OK");
	rcmd("md4c2 100", "md as md4c2\n", "OK");
	rcmd("go", "unknown command 'go' (try 'monitor help')\n", "E02");
	xchg("D", "OK");
	break_in();
}

/* kdb.cmd_enable: 0 lets only the safe commands run, a mask those that need one of its rights. */
static void test_cmd_enable(void **state)
{
	assert_int_equal(cmd_enable_param()->setup(NULL), -EINVAL);
	cmd_enable("0");
	assert_false(kgdb_command_may(KGDB_CMD_INSPECT));
	gdb_connect();
	rcmd("ps", "ps: Permission denied (kdb.cmd_enable=0x0)\n", "E01");
	rcmd("reboot", "reboot: Permission denied (kdb.cmd_enable=0x0)\n", "E01");
	rcmd("help", GDB_HELP, "OK");
	xchg("D", "OK");
	break_in();

	cmd_enable("0x20");
	assert_true(kgdb_command_may(KGDB_CMD_INSPECT | KGDB_CMD_REBOOT));
	assert_false(kgdb_command_may(KGDB_CMD_REBOOT));
	script_reset();
	gdb_connect();
	rcmd("ps", "0 swapper/0\n1 init\n2 worker\n3 sleeper\n", "OK");
	rcmd("reboot", "reboot: Permission denied (kdb.cmd_enable=0x20)\n", "E01");
	xchg("D", "OK");
	break_in();
}

/* kdb finds its own variant of a shared name, and md's mdWcN. */
static void test_kdb_finds_its_own(void **state)
{
	const struct kgdb_monitor_cmd *kps = kgdb_command_find("ps", true);
	const struct kgdb_monitor_cmd *gps = kgdb_command_find("ps", false);

	assert_non_null(kps);
	assert_non_null(gps);
	assert_string_equal(kps->help, "kdb's task list");
	assert_string_equal(gps->help, "list tasks");
	assert_string_equal(kgdb_command_find("go", true)->name, "go");
	assert_null(kgdb_command_find("go", false));
	assert_string_equal(kgdb_command_find("md8c4", true)->name, "md");
	assert_null(kgdb_command_find("mdx", true));
	assert_null(kgdb_command_find("nope", true));
}

/* kdb's help: usage, one line per name (its own variant), what cmd_enable refuses. */
static void test_kdb_help(void **state)
{
	static const char help[] =
		"bpstat                            "
		"breakpoints evaluated in the kernel: hits, false, missed%1$s\n"
		"cpus                              describe each CPU%1$s\n"
		"dmesg      [lines]                print the kernel log%1$s\n"
		"go         [addr]                 continue\n"
		"help                              list monitor commands\n"
		"md         <addr>                 show memory%1$s\n"
		"ps                                kdb's task list%1$s\n"
		"reboot                            restart the machine%1$s\n";
	char want[sizeof(help) + 128];

	printed();
	kgdb_command_help(&out.p, true);
	snprintf(want, sizeof(want), help, "");
	assert_string_equal(out.buf, want);

	/* Flow control only: go, and help, which is always allowed. */
	cmd_enable("0x40");
	printed();
	kgdb_command_help(&out.p, true);
	snprintf(want, sizeof(want), help, " (refused)");
	assert_string_equal(out.buf, want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_dmesg_tail, setup, teardown),
		cmocka_unit_test_setup_teardown(test_blank_line_is_help, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cmd_enable, setup, teardown_enable),
		cmocka_unit_test_setup_teardown(test_kdb_finds_its_own, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kdb_help, setup, teardown_enable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
