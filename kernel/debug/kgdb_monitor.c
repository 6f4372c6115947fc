// SPDX-License-Identifier: MIT
/*
 * gdb's "monitor" commands (qRcmd): a linker table (KGDB_MONITOR_CMD) that
 * holds the built-ins below and whatever other files add. Commands run in
 * debugger context.
 */

#include <kernel/arch.h>
#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include "frontend.h"

static bool reboot_pending;

#define monitor_first()	((const struct kgdb_monitor_cmd *)__start_kgdb_monitor_cmds)
#define monitor_last()	((const struct kgdb_monitor_cmd *)__stop_kgdb_monitor_cmds)

static int mon_help(struct printer *out, int argc, char **argv);

static int mon_ps(struct printer *out, int argc, char **argv)
{
	sched_show_tasks(out);
	return 0;
}

static int mon_dmesg(struct printer *out, int argc, char **argv)
{
	log_buf_dump(out);
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

KGDB_MONITOR_REPORT(help, "list monitor commands", mon_help);
KGDB_MONITOR_REPORT(ps, "list tasks", mon_ps);
KGDB_MONITOR_REPORT(dmesg, "print the kernel log", mon_dmesg);
KGDB_MONITOR_REPORT(cpus, "describe each CPU", mon_cpus);
KGDB_MONITOR_CMD(reboot, "restart the machine", mon_reboot);

/* In read-only mode only the commands that just look run. */
static bool monitor_allowed(const struct kgdb_monitor_cmd *c)
{
	return !kgdb_read_only || c->report_only;
}

static const struct kgdb_monitor_cmd *monitor_find(const char *name)
{
	const struct kgdb_monitor_cmd *c;

	for (c = monitor_first(); c < monitor_last(); c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* The command whose name comes next after @prev's, or NULL. */
static const struct kgdb_monitor_cmd *monitor_next(const struct kgdb_monitor_cmd *prev)
{
	const struct kgdb_monitor_cmd *c, *next = NULL;

	for (c = monitor_first(); c < monitor_last(); c++)
		if ((!prev || strcmp(c->name, prev->name) > 0) &&
		    (!next || strcmp(c->name, next->name) < 0))
			next = c;
	return next;
}

/* In name order: the linker's order says nothing. */
static int mon_help(struct printer *out, int argc, char **argv)
{
	const struct kgdb_monitor_cmd *c = NULL;

	while ((c = monitor_next(c)))
		pprintf(out, "%-10s %s%s\n", c->name, c->help,
			monitor_allowed(c) ? "" : " (refused: read-only)");
	return 0;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

int kgdb_monitor_run(struct printer *out, char *line)
{
	char *argv[KGDB_MONITOR_MAX_ARGS];
	const struct kgdb_monitor_cmd *c;
	int argc = 0;

	for (;;) {
		while (is_space(*line))
			*line++ = '\0';
		if (!*line)
			break;
		if (argc == KGDB_MONITOR_MAX_ARGS)
			return -E2BIG;
		argv[argc++] = line;
		while (*line && !is_space(*line))
			line++;
	}
	if (!argc)
		return mon_help(out, 0, NULL);
	c = monitor_find(argv[0]);
	if (!c) {
		pprintf(out, "unknown command '%s' (try 'monitor help')\n", argv[0]);
		return -ENOENT;
	}
	if (!monitor_allowed(c)) {
		pprintf(out, "%s: refused, the debugger is read-only (kgdb.ro)\n", c->name);
		pr_warn("kgdb: read-only (kgdb.ro): 'monitor %s' refused\n", c->name);
		return -EPERM;
	}
	return c->run(out, argc, argv);
}

void kgdb_monitor_done(void)
{
	if (reboot_pending)
		machine_restart();
}
