// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness over the debugger's packet layer: each input is what
 * gdb sends on the line while the fake machine (tests/unit/fake_*.c, two
 * CPUs) sits in the debugger. When the input runs out, the line says
 * "detach", so every session ends through the real exit path.
 */

#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "fuzz_machine.h"

/* What a gdb that has nothing more to say sends: an ack, then detach. */
static const char tail[] = "+$D#44+";
static size_t tail_pos;

static int read_tail(void)
{
	return (u8)tail[tail_pos++ % (sizeof(tail) - 1)];
}

static bool script_left(void)
{
	return !script_done();
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	if (fuzz_asks_reboot(data, size))
		return 0;
	fuzz_machine_reset();
	script_reset();
	script_raw((const char *)data, size);
	tail_pos = 0;
	fake_io_eof = read_tail;
	if (kgdb_register_io_module(&fake_io))
		abort();
	/* A 'c' with input left: the kernel runs into the debugger again. */
	fuzz_sessions(script_left);
	kgdb_unregister_io_module(&fake_io);
	return 0;
}
