// SPDX-License-Identifier: MIT
/*
 * kdb's commands that let the machine go or change what kdb looks at: go,
 * ss, cpu, kgdb. They return a KGDB_CMD_* request that kdb_main.c acts on.
 */

#include <kernel/errno.h>
#include <kernel/smp.h>
#include "kdb.h"

static int kdb_go(struct printer *out, int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && kdb_parse_addr(argv[1], &kdb.go_addr))) {
		pprintf(out, "usage: go [address]\n");
		return -EINVAL;
	}
	kdb.go_has_addr = argc == 2;
	if (kdb.go_has_addr && kgdb_read_only) {
		pprintf(out, "go: refused, the debugger is read-only (kgdb.ro)\n");
		return -EPERM;
	}
	/* go alone is always allowed, as in Linux's kdb: nobody is left stuck in here. */
	if (kdb.go_has_addr && !kgdb_command_may(KGDB_CMD_FLOW_CTRL | KGDB_CMD_REG_WRITE)) {
		pprintf(out, "go: Permission denied\n");
		return -EPERM;
	}
	if (kdb.oops && !kdb.go_confirmed) {
		kdb.go_confirmed = true;
		pprintf(out, "Catastrophic error detected\n"
			"type go a second time if you really want to continue\n");
		return 0;
	}
	return KGDB_CMD_GO;
}

static int kdb_ss(struct printer *out, int argc, char **argv)
{
	if (!kgdb_can_step()) {
		pprintf(out, "ss: this machine cannot step\n");
		return -ENOTSUP;
	}
	return KGDB_CMD_SS;
}

/* cpu [n]: list the CPUs, or look at CPU n's frame. */
static int kdb_cpu(struct printer *out, int argc, char **argv)
{
	unsigned long n;
	unsigned int cpu;

	if (argc > 1) {
		if (kdb_parse_ulong(argv[1], &n) || n >= NR_CPUS || kdb_select_cpu(n)) {
			pprintf(out, "Invalid cpu number\n");
			return -EINVAL;
		}
		return 0;
	}
	pprintf(out, "Currently on cpu %u\nAvailable cpus:", kdb.cpu);
	for_each_online_cpu(cpu)
		pprintf(out, " %u%s", cpu, kgdb_cpus[cpu].regs ? "" : "(D)");
	pprintf(out, "\n");
	return 0;
}

static int kdb_kgdb(struct printer *out, int argc, char **argv)
{
	pprintf(out, "kdb: the line is gdb's now: please attach the debugger to it\n"
		"(on the host: gdb vmlinux -ex 'target remote <this line>');\n"
		"gdb's detach brings kdb back.\n");
	return KGDB_CMD_TO_GDB;
}

KGDB_COMMAND(go, "[address]", "continue (at address)", kdb_go, KGDB_CMD_SAFE, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(ss, "", "single-step one instruction", kdb_ss, KGDB_CMD_FLOW_CTRL,
	     KGDB_CMD_KDB_ONLY | KGDB_CMD_REPEAT);
KGDB_COMMAND(cpu, "[cpu]", "list CPUs, or look at one", kdb_cpu, KGDB_CMD_INSPECT,
	     KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(kgdb, "", "hand this line to gdb", kdb_kgdb, KGDB_CMD_SAFE, KGDB_CMD_KDB_ONLY);
