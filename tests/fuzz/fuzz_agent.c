// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness over gdb's agent expressions (kernel/debug/
 * debug_agent.c): each input is one expression, verified with every
 * allow bit and, when the verifier takes it, run on the fake machine
 * (tests/unit/fake_*.c: CPU 0's registers, memory with a read-only
 * text region, a hole and data) with a print callback. What is fuzzed is
 * the verifier's promise: whatever it accepts runs inside its input, its
 * stack and its budget, and fails only as agent.h says.
 */

#include <stdlib.h>
#include "../unit/fake.h"
#include "../../kernel/debug/agent.h"
#include "../../kernel/debug/frontend.h"

#define ALL	(KGDB_AX_ALLOW_SETV | KGDB_AX_ALLOW_PRINTF | KGDB_AX_ALLOW_TRACE)

static unsigned long printed;

/* Each byte read: ASan checks the whole message lies in its buffer. */
static void print(void *priv, const char *s, size_t len)
{
	size_t i;

	if (len > KGDB_AX_PRINT_MAX)
		abort();
	for (i = 0; i < len; i++)
		printed += (u8)s[i];
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static struct kgdb_thread cpu0 = { .cpu = 0 };
	static const struct kgdb_ax_ctx ctx = { .th = &cpu0, .print = print };
	static bool started;
	s64 value;
	int err;

	if (!started) {
		/* One CPU, this thread: registers pointing at data, text and the hole. */
		fake_reset(1);
		kgdb_cpus[0].regs = &fake_regs[0];
		fake_regs[0].r[5] = FAKE_TEXT + 0x10;
		fake_regs[0].r[6] = FAKE_DATA + 0x100;
		fake_regs[0].r[7] = FAKE_HOLE - 8;
		started = true;
	}
	/* The same variables for every input: a finding replays alone. */
	kgdb_ax_vars_reset();
	if (kgdb_ax_verify(data, size, ALL))
		return 0;
	err = kgdb_ax_eval(data, size, &ctx, &value);
	if (err && err != -EFAULT && err != -EDOM && err != -EINVAL)
		abort();
	return 0;
}
