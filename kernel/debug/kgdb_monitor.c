// SPDX-License-Identifier: MIT
/*
 * gdb's "monitor" commands (qRcmd): a few built-ins and a list the rest of
 * the kernel extends at run time. Commands run in debugger context.
 */

#include <kernel/arch.h>
#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include "kgdb_internal.h"

static struct kgdb_monitor_cmd *monitor_cmds;
static bool reboot_pending;

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

static const struct kgdb_monitor_cmd builtin_cmds[] = {
	{ "help", "list monitor commands", mon_help, NULL },
	{ "ps", "list tasks", mon_ps, NULL },
	{ "dmesg", "print the kernel log", mon_dmesg, NULL },
	{ "cpus", "describe each CPU", mon_cpus, NULL },
	{ "reboot", "restart the machine", mon_reboot, NULL },
};

/*
 * In read-only mode only the built-in reports run: reboot changes the
 * machine, and nothing says what a command registered by other code does.
 */
static bool monitor_allowed(const struct kgdb_monitor_cmd *c)
{
	bool builtin = c >= builtin_cmds && c < builtin_cmds + ARRAY_SIZE(builtin_cmds);

	return !kgdb_read_only || (builtin && c->run != mon_reboot);
}

static const struct kgdb_monitor_cmd *monitor_find(const char *name)
{
	const struct kgdb_monitor_cmd *c;

	for (c = builtin_cmds; c < builtin_cmds + ARRAY_SIZE(builtin_cmds); c++)
		if (!strcmp(c->name, name))
			return c;
	for (c = monitor_cmds; c; c = c->next)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

static int mon_help(struct printer *out, int argc, char **argv)
{
	const struct kgdb_monitor_cmd *c;

	for (c = builtin_cmds; c < builtin_cmds + ARRAY_SIZE(builtin_cmds); c++)
		pprintf(out, "%-10s %s%s\n", c->name, c->help,
			monitor_allowed(c) ? "" : " (refused: read-only)");
	for (c = monitor_cmds; c; c = c->next)
		pprintf(out, "%-10s %s%s\n", c->name, c->help,
			monitor_allowed(c) ? "" : " (refused: read-only)");
	return 0;
}

int kgdb_register_monitor_cmd(struct kgdb_monitor_cmd *cmd)
{
	if (monitor_find(cmd->name))
		return -EEXIST;
	cmd->next = monitor_cmds;
	/* One store publishes it, so a debugger stopping us mid-way sees a list. */
	WRITE_ONCE(monitor_cmds, cmd);
	return 0;
}

void kgdb_unregister_monitor_cmd(struct kgdb_monitor_cmd *cmd)
{
	struct kgdb_monitor_cmd **p;

	for (p = &monitor_cmds; *p; p = &(*p)->next) {
		if (*p == cmd) {
			WRITE_ONCE(*p, cmd->next);
			return;
		}
	}
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
