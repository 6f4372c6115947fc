// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness over kdb's commands as they are typed: each input is
 * lines (split at '\n', cut at KDB_LINE_MAX - 1 bytes as the editor cuts
 * them), each split into words, its command found and run as kdb's prompt
 * runs it (kdb_main.c's run_line(): an empty line repeats md, mds or mdr,
 * a lone word that is no command is evaluated as an address), and every
 * word parsed as a number and as an address too. The machine is the unit
 * tests' fake one (tests/unit/fake_*.c, fake_kdb.c): memory reads and
 * writes, mm's and bp's, reach its map only and fail outside it. What a
 * command prints is dropped but counted: a line never makes more than
 * OUT_MAX bytes.
 *
 * Every command linked in runs but reboot, which would only leave its
 * flag set for kgdb_monitor_done(), never called here.
 *
 * kdb_env.c, kdb_mem.c and kdb_bp.c are built into this file for their
 * tables, which start over with every input (the environment, md's last
 * listing, the breakpoints), as do the fake's memory and CPU 0's
 * registers: a finding replays alone. What persists: the core's
 * breakpoint slots that kgdb_remove_all_breaks() leaves REMOVED (no API
 * frees them; one is taken again as a free one is, so no command behaves
 * differently), and the fake's counters (icache flushes), which no
 * command reads.
 */

#include <stdlib.h>
#include <string.h>
#include "../unit/fake.h"
#include "../../kernel/debug/kdb/kdb_env.c"
#include "../../kernel/debug/kdb/kdb_mem.c"
#include "../../kernel/debug/kdb/kdb_bp.c"

/* Far over the longest listing of the fake's 16 KiB (md1 in octal: some 60 KiB). */
#define OUT_MAX		(256 * 1024)

static size_t printed;	/* by the line being run */

/* Each byte is looked at: ASan checks the whole text lies in its buffer. */
static void sink_write(struct printer *p, const char *s, size_t len)
{
	if (memchr(s, '\0', len))
		abort();
	printed += len;
	if (printed > OUT_MAX)
		abort();
}

static struct printer sink = { .write = sink_write };

static const struct kgdb_monitor_cmd *last_cmd;	/* an empty line repeats it if it may */

/* A number is an address too, unless a symbol has its name or it is too long for one. */
static void parse_word(const char *w)
{
	unsigned long v = 0x5a5a;
	uintptr_t a = 0x5a5a;
	int num = kdb_parse_ulong(w, &v), addr = kdb_parse_addr(w, &a);

	if ((num && v != 0x5a5a) || (addr && a != 0x5a5a))
		abort();
	if (!num && strlen(w) < KSYM_SYMBOL_LEN && !kallsyms_lookup_name(w) &&
	    (addr || a != v))
		abort();
}

static void run_line(char *line)
{
	char *argv[KGDB_MONITOR_MAX_ARGS];
	const struct kgdb_monitor_cmd *c;
	int argc = kgdb_command_split(line, argv), i;
	uintptr_t a;

	if (argc < 0)
		return;
	/* Before the command runs: set cuts its argument at '='. */
	for (i = 0; i < argc; i++)
		parse_word(argv[i]);
	if (!argc) {
		if (!last_cmd || !(last_cmd->flags & KGDB_CMD_REPEAT))
			return;
		argv[0] = (char *)last_cmd->name;
		argc = 1;
	}
	printed = 0;
	c = kgdb_command_find(argv[0], true);
	last_cmd = c;
	if (!strcmp(argv[0], "help") || !strcmp(argv[0], "?"))
		kgdb_command_help(&sink, true);
	else if (!c && argc == 1 && !kdb_parse_addr(argv[0], &a))
		kdb_print_symbol(&sink, a);
	else if (c && strcmp(c->name, "reboot") && !kgdb_command_allowed(&sink, c))
		c->run(&sink, argc, argv);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static u8 mem_boot[FAKE_END];
	static struct pt_regs regs_boot;
	static struct kgdb_arch_cpu arch_boot;
	static struct env_var env_boot[ENV_SLOTS];
	static char line[KDB_LINE_MAX];
	static bool started;
	const u8 *end = data + size, *nl;
	uintptr_t sym = FAKE_TEXT + 0x104;	/* in fake_kdb.c's fake_fn */
	size_t len;

	if (!started) {
		/* One CPU, this thread, stopped; data with zeros to suppress and a pointer to name. */
		fake_reset(1);
		memset(fake_mem + FAKE_DATA + 0x800, 0, 0x400);
		memcpy(fake_mem + FAKE_DATA + 0x10, &sym, sizeof(sym));
		kgdb_cpus[0].regs = &fake_regs[0];
		memcpy(mem_boot, fake_mem, sizeof(mem_boot));
		regs_boot = fake_regs[0];
		arch_boot = kgdb_cpus[0].arch;
		memcpy(env_boot, env, sizeof(env));
		started = true;
	}
	memcpy(fake_mem, mem_boot, sizeof(mem_boot));
	fake_regs[0] = regs_boot;
	kgdb_cpus[0].arch = arch_boot;
	memset(&kdb, 0, sizeof(kdb));
	kdb.thread.cpu = 0;
	memcpy(env, env_boot, sizeof(env));
	memset(&last, 0, sizeof(last));
	memset(bps, 0, sizeof(bps));
	kgdb_remove_all_breaks(false);
	last_cmd = NULL;

	for (; data < end; data = nl + 1) {
		nl = memchr(data, '\n', (size_t)(end - data));
		if (!nl)
			nl = end;
		len = MIN((size_t)(nl - data), sizeof(line) - 1);
		memcpy(line, data, len);
		line[len] = '\0';
		run_line(line);
	}
	/* Nothing outside the map was written: the hole, and what lies below the text. */
	if (memcmp(fake_mem, mem_boot, FAKE_TEXT) ||
	    memcmp(fake_mem + FAKE_HOLE, mem_boot + FAKE_HOLE, FAKE_DATA - FAKE_HOLE))
		abort();
	return 0;
}
