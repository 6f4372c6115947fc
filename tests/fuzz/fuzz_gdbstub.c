// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness over the debugger's packet layer: each input is what
 * gdb sends on the line while the fake machine (tests/unit/fake_*.c, two
 * CPUs) sits in the debugger. When the input runs out, the line says
 * "detach", so every session ends through the real exit path.
 */

#include <stdlib.h>
#include <string.h>
#include "../unit/fake.h"
#include "fuzz_common.h"
#include "../../kernel/debug/kgdb_internal.h"

/* What a gdb that has nothing more to say sends: an ack, then detach. */
static const char tail[] = "+$D#44+";
static size_t tail_pos;
static u8 pristine[FAKE_END];

static int read_tail(void)
{
	return (u8)tail[tail_pos++ % (sizeof(tail) - 1)];
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static bool started;
	unsigned int entries;

	if (!started) {
		fake_reset(2);
		memcpy(pristine, fake_mem, sizeof(pristine));
		started = true;
	}
	if (fuzz_asks_reboot(data, size))
		return 0;
	memcpy(fake_mem, pristine, sizeof(fake_mem));
	memset(fake_hw, 0, sizeof(fake_hw));
	fake_regs[1].flags = 0;
	script_reset();
	script_raw((const char *)data, size);
	tail_pos = 0;
	fake_io_eof = read_tail;
	if (kgdb_register_io_module(&fake_io))
		abort();
	/* A 'c' with input left: the kernel runs into the debugger again. */
	for (entries = 0; entries < 8 && (!entries || !script_done()); entries++) {
		fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
		fake_regs[0].flags = 0;
		kgdb_breakpoint();
		while (kgdb_active())
			;
	}
	kgdb_unregister_io_module(&fake_io);
	return 0;
}
