// SPDX-License-Identifier: MIT
/*
 * What kdb's commands (kdb_args.c, kdb_mem.c, kdb_regs.c) need of the
 * rest of kdb and of the kernel, made up for test_kdb_cmds and
 * fuzz_kdb_cmds: the state kdb looks at (kdb_main.c), its variables
 * (kdb_env.c), its printer and pager (kdb_io.c). The kernel's side is in
 * fake_kdb_kernel.c.
 */

#include <string.h>
#include "fake.h"
#include "../../kernel/debug/kdb/kdb.h"

struct kdb_state kdb;

/* ---------------------------------------------------------------- variables */

#define FAKE_KDB_VARS	8
static struct {
	const char *name, *val;
} vars[FAKE_KDB_VARS];

void fake_kdb_setenv(const char *name, const char *val)
{
	unsigned int i;

	for (i = 0; i < FAKE_KDB_VARS && vars[i].name && strcmp(vars[i].name, name); i++)
		;
	if (i < FAKE_KDB_VARS) {
		vars[i].name = name;
		vars[i].val = val;
	}
}

/* Weak: where kdb_env.c is linked too (fuzz_kdb_cmds), its table is the one read. */
__weak const char *kdb_getenv(const char *name)
{
	unsigned int i;

	for (i = 0; i < FAKE_KDB_VARS && vars[i].name; i++)
		if (!strcmp(vars[i].name, name))
			return vars[i].val;
	return NULL;
}

__weak unsigned long kdb_getenv_ulong(const char *name, unsigned long dflt)
{
	const char *s = kdb_getenv(name);
	unsigned long v;

	return s && !kdb_parse_ulong(s, &v) ? v : dflt;
}

/* ---------------------------------------------------------------- output */

/* What was printed; after fake_kdb_quit_after lines the user quits the pager. */
char fake_kdb_out[16384];
size_t fake_kdb_out_len;
unsigned int fake_kdb_quit_after;
static unsigned int lines;

bool kdb_interrupted(void)
{
	return fake_kdb_quit_after && lines >= fake_kdb_quit_after;
}

static void fake_kdb_write(struct printer *p, const char *s, size_t len)
{
	for (; len && !kdb_interrupted(); s++, len--) {
		if (fake_kdb_out_len < sizeof(fake_kdb_out) - 1)
			fake_kdb_out[fake_kdb_out_len++] = *s;
		lines += *s == '\n';
	}
	fake_kdb_out[fake_kdb_out_len] = '\0';
}

struct printer kdb_printer = { .write = fake_kdb_write };

/* A new command: nothing printed yet, the pager not quit. */
void fake_kdb_output_reset(void)
{
	fake_kdb_out_len = 0;
	fake_kdb_out[0] = '\0';
	lines = 0;
}

/* No variables set, a pager that never stops, no CPU or task looked at. */
void fake_kdb_reset(void)
{
	memset(vars, 0, sizeof(vars));
	memset(&kdb, 0, sizeof(kdb));
	fake_kdb_quit_after = 0;
	fake_kdb_output_reset();
}
