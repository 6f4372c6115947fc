/* SPDX-License-Identifier: MIT */
#ifndef _TESTS_UNIT_KDB_HARNESS_H
#define _TESTS_UNIT_KDB_HARNESS_H

/* kdb typed at on the fake line (test_kdb, test_kdb_minimal): sessions, what it printed. */

#include "harness.h"
#include "../../kernel/debug/kdb/kdb.h"

/* What kdb printed in the last session, without the CRs a terminal needs. */
static char seen[1 << 16];

static inline const char *printed(void)
{
	size_t len, i, n = 0;
	const char *o = output_buf(&len);

	for (i = 0; i < len && n < sizeof(seen) - 1; i++)
		if (o[i] != '\r')
			seen[n++] = o[i];
	seen[n] = '\0';
	return seen;
}

#define assert_printed(frag) do {					\
	if (!strstr(printed(), (frag)))					\
		fail_msg("no \"%s\" in:\n%s", (frag), seen);		\
} while (0)
#define assert_not_printed(frag) do {					\
	if (strstr(printed(), (frag)))					\
		fail_msg("\"%s\" in:\n%s", (frag), seen);		\
} while (0)

static inline void enter_break(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
}

/* CPU 0 enters through @enter with @typed on the line; kdb reads all of it. */
static inline void session(void (*enter)(void), const char *typed)
{
	script_reset();
	script_str(typed);
	enter();
	assert_true(script_done());
}

static inline void typed_at_break(const char *typed)
{
	session(enter_break, typed);
}

#endif
