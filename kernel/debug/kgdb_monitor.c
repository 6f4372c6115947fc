// SPDX-License-Identifier: MIT
/*
 * The debugger's commands: a linker table (KGDB_COMMAND) that holds the
 * built-ins below, kdb's and whatever other files add, run by gdb's
 * "monitor" (qRcmd) and at kdb's prompt, with one permission check for
 * both: kgdb.ro and Linux's kdb.cmd_enable mask. Commands run in debugger
 * context.
 */

#include <kernel/arch.h>
#include <kernel/errno.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include "frontend.h"

static bool reboot_pending;
/* kdb.cmd_enable: what commands may do (KGDB_CMD_*; 1: everything, 0: nothing but the safe ones). */
static unsigned long cmd_enable = KGDB_CMD_ALL;

static int cmd_enable_setup(const char *val)
{
	return val ? kstrtoul(val, 0, &cmd_enable) : -EINVAL;
}
boot_param("kdb.cmd_enable", cmd_enable_setup);

#define monitor_first()	((const struct kgdb_monitor_cmd *)__start_kgdb_monitor_cmds)
#define monitor_last()	((const struct kgdb_monitor_cmd *)__stop_kgdb_monitor_cmds)

static int mon_help(struct printer *out, int argc, char **argv);

static int mon_ps(struct printer *out, int argc, char **argv)
{
	sched_show_tasks(out);
	return 0;
}

/* A printer that counts lines, or passes on those after the first @skip. */
struct tail_printer {
	struct printer p;
	struct printer *to;
	unsigned long lines, skip;
	bool counting;
};

static void tail_write(struct printer *p, const char *s, size_t len)
{
	struct tail_printer *tp = (struct tail_printer *)p;
	size_t i;

	for (i = 0; i < len; i++) {
		if (!tp->counting && tp->lines >= tp->skip) {
			tp->to->write(tp->to, s + i, len - i);
			return;
		}
		if (s[i] == '\n')
			tp->lines++;
	}
}

/* dmesg [n]: the kernel log, or its last n lines. */
static int mon_dmesg(struct printer *out, int argc, char **argv)
{
	struct tail_printer tp = { .p.write = tail_write, .to = out, .counting = true };
	unsigned long n;

	if (argc < 2) {
		log_buf_dump(out);
		return 0;
	}
	if (kstrtoul(argv[1], 10, &n)) {
		pprintf(out, "usage: dmesg [lines]\n");
		return -EINVAL;
	}
	log_buf_dump(&tp.p);
	tp.skip = tp.lines > n ? tp.lines - n : 0;
	tp.lines = 0;
	tp.counting = false;
	log_buf_dump(&tp.p);
	return 0;
}

static int mon_cpus(struct printer *out, int argc, char **argv)
{
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		arch_cpu_describe(out, cpu);
		pprintf(out, "  kgdb: %s\n", kgdb_cpus[cpu].in_debugger ? "master" :
			kgdb_cpus[cpu].held ? "held" : "not stopped");
	}
	return 0;
}

/* The reply goes out first; the machine restarts once gdb has it. */
static int mon_reboot(struct printer *out, int argc, char **argv)
{
	pprintf(out, "rebooting\n");
	reboot_pending = true;
	return 0;
}

KGDB_COMMAND(help, "", "list monitor commands", mon_help, KGDB_CMD_SAFE, 0);
KGDB_MONITOR_REPORT(ps, "list tasks", mon_ps);
KGDB_COMMAND(dmesg, "[lines]", "print the kernel log", mon_dmesg, KGDB_CMD_INSPECT, 0);
KGDB_COMMAND(cpus, "", "describe each CPU", mon_cpus, KGDB_CMD_INSPECT, 0);
KGDB_COMMAND(reboot, "", "restart the machine", mon_reboot, KGDB_CMD_REBOOT, 0);

/* In read-only mode only the commands that just look run. */
static bool monitor_allowed(const struct kgdb_monitor_cmd *c)
{
	return !kgdb_read_only || c->report_only;
}

/* As Linux's kdb: a command runs when cmd_enable has any of the rights it needs. */
static bool cmd_enabled(const struct kgdb_monitor_cmd *c)
{
	return (cmd_enable & KGDB_CMD_ALL) || (c->perm & KGDB_CMD_SAFE) ||
	       (c->perm & cmd_enable & ~KGDB_CMD_ALL);
}

bool kgdb_command_may(u16 perm)
{
	return (cmd_enable & KGDB_CMD_ALL) || (perm & cmd_enable);
}

int kgdb_command_allowed(struct printer *out, const struct kgdb_monitor_cmd *c)
{
	if (!monitor_allowed(c)) {
		pprintf(out, "%s: refused, the debugger is read-only (kgdb.ro)\n", c->name);
		pr_warn("kgdb: read-only (kgdb.ro): 'monitor %s' refused\n", c->name);
		return -EPERM;
	}
	if (!cmd_enabled(c)) {
		pprintf(out, "%s: Permission denied (kdb.cmd_enable=0x%lx)\n", c->name, cmd_enable);
		return -EPERM;
	}
	return 0;
}

/*
 * The command @name, for kdb's prompt (@at_kdb) or gdb's monitor; kdb's
 * mdWcN (md4c10) is md's, which reads its width and count from argv[0].
 */
const struct kgdb_monitor_cmd *kgdb_command_find(const char *name, bool at_kdb)
{
	const struct kgdb_monitor_cmd *c, *shared = NULL;

	/* kdb's own variant of a shared name (ps) comes first at its prompt. */
	for (c = monitor_first(); c < monitor_last(); c++) {
		if (strcmp(c->name, name))
			continue;
		if (!(c->flags & KGDB_CMD_KDB_ONLY))
			shared = c;
		else if (at_kdb)
			return c;
	}
	if (shared)
		return shared;
	if (name[0] == 'm' && name[1] == 'd' && name[2] >= '0' && name[2] <= '9')
		return kgdb_command_find("md", at_kdb);
	return NULL;
}

static const struct kgdb_monitor_cmd *monitor_find(const char *name)
{
	return kgdb_command_find(name, false);
}

/* Whether @a sorts before @b: by name, then (kdb's variant of a name) by place. */
static bool cmd_before(const struct kgdb_monitor_cmd *a, const struct kgdb_monitor_cmd *b)
{
	int d = strcmp(a->name, b->name);

	return d < 0 || (!d && a < b);
}

/* The command that comes next after @prev in name order, or NULL. */
static const struct kgdb_monitor_cmd *monitor_next(const struct kgdb_monitor_cmd *prev)
{
	const struct kgdb_monitor_cmd *c, *next = NULL;

	for (c = monitor_first(); c < monitor_last(); c++)
		if ((!prev || cmd_before(prev, c)) && (!next || cmd_before(c, next)))
			next = c;
	return next;
}

/* In name order: the linker's order says nothing. */
void kgdb_command_help(struct printer *out, bool at_kdb)
{
	const struct kgdb_monitor_cmd *c = NULL;

	while ((c = monitor_next(c))) {
		if (at_kdb) {
			/* A name kdb has its own variant of is listed once. */
			if (kgdb_command_find(c->name, true) == c)
				pprintf(out, "%-10s %-22s %s%s\n", c->name, c->usage, c->help,
					monitor_allowed(c) && cmd_enabled(c) ? "" : " (refused)");
		} else if (!(c->flags & KGDB_CMD_KDB_ONLY)) {
			pprintf(out, "%-10s %s%s\n", c->name, c->help,
				monitor_allowed(c) ? "" : " (refused: read-only)");
		}
	}
}

static int mon_help(struct printer *out, int argc, char **argv)
{
	kgdb_command_help(out, false);
	return 0;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

int kgdb_command_split(char *line, char **argv)
{
	int argc = 0;

	for (;;) {
		while (is_space(*line))
			*line++ = '\0';
		if (!*line)
			return argc;
		if (argc == KGDB_MONITOR_MAX_ARGS)
			return -E2BIG;
		argv[argc++] = line;
		while (*line && !is_space(*line))
			line++;
	}
}

int kgdb_monitor_run(struct printer *out, char *line)
{
	char *argv[KGDB_MONITOR_MAX_ARGS];
	const struct kgdb_monitor_cmd *c;
	int argc = kgdb_command_split(line, argv), err;

	if (argc < 0)
		return argc;
	if (!argc)
		return mon_help(out, 0, NULL);
	c = monitor_find(argv[0]);
	if (!c) {
		pprintf(out, "unknown command '%s' (try 'monitor help')\n", argv[0]);
		return -ENOENT;
	}
	err = kgdb_command_allowed(out, c);
	if (err)
		return err;
	err = c->run(out, argc, argv);
	return err > 0 ? 0 : err;
}

void kgdb_monitor_done(void)
{
	if (reboot_pending)
		machine_restart();
}
