// SPDX-License-Identifier: MIT
/* The shell's report commands: ps, dmesg, uptime, cpus, sysrq, sym. */
#include <kernel/arch.h>
#include <kernel/jiffies.h>
#include <kernel/kallsyms.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/shell.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/sysrq.h>
#include <kernel/errno.h>

static int cmd_ps(struct printer *out, int argc, char **argv)
{
	sched_show_tasks(out);
	return 0;
}
SHELL_COMMAND(ps, "list tasks: pid, state, cpu, name", cmd_ps);

static int cmd_dmesg(struct printer *out, int argc, char **argv)
{
	log_buf_dump(out);
	return 0;
}
SHELL_COMMAND(dmesg, "print the kernel log buffer", cmd_dmesg);

static int cmd_uptime(struct printer *out, int argc, char **argv)
{
	unsigned long j = jiffies;

	pprintf(out, "up %lu.%02lu s (%lu jiffies, HZ=%d)\n", j / HZ, (j % HZ) * 100 / HZ,
		j, HZ);
	return 0;
}
SHELL_COMMAND(uptime, "time since boot", cmd_uptime);

static int cmd_cpus(struct printer *out, int argc, char **argv)
{
	unsigned int cpu;

	pprintf(out, "%u CPU(s) online\n", num_online_cpus());
	for_each_online_cpu(cpu)
		arch_cpu_describe(out, cpu);
	return 0;
}
SHELL_COMMAND(cpus, "describe the online CPUs", cmd_cpus);

static int cmd_sysrq(struct printer *out, int argc, char **argv)
{
	if (argc != 2 || strlen(argv[1]) != 1) {
		pprintf(out, "usage: sysrq <key>   ('sysrq h' lists the keys)\n");
		return -EINVAL;
	}
	handle_sysrq(argv[1][0]);
	return 0;
}
SHELL_COMMAND(sysrq, "run a SysRq key", cmd_sysrq);

static int cmd_sym(struct printer *out, int argc, char **argv)
{
	unsigned long addr;
	uintptr_t off, size;
	const char *name;

	if (argc != 2) {
		pprintf(out, "usage: sym <name> | sym <address>\n");
		return -EINVAL;
	}
	if (!kstrtoul(argv[1], 0, &addr)) {
		name = kallsyms_lookup(addr, &off, &size);
		if (!name) {
			pprintf(out, "%#lx: no symbol\n", addr);
			return -ENOENT;
		}
		pprintf(out, "%#lx: %s+%#lx/%#lx\n", addr, name, (unsigned long)off,
			(unsigned long)size);
		return 0;
	}
	addr = kallsyms_lookup_name(argv[1]);
	if (!addr) {
		pprintf(out, "%s: no such symbol\n", argv[1]);
		return -ENOENT;
	}
	pprintf(out, "%s = %#lx\n", argv[1], addr);
	return 0;
}
SHELL_COMMAND(sym, "look a symbol up by name or address", cmd_sym);
