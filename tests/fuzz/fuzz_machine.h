/* SPDX-License-Identifier: MIT */
/*
 * The fake machine (tests/unit/fake_*.c) for the harnesses that run whole
 * debugger sessions: the same start for every input, and the kernel
 * trapping into the debugger while the input lasts.
 */
#ifndef _TESTS_FUZZ_MACHINE_H
#define _TESTS_FUZZ_MACHINE_H

#include <string.h>
#include "../unit/fake.h"
#include "../../kernel/debug/rsp.h"

/* Two CPUs, their memory as it was before the first input. */
static inline void fuzz_machine_reset(void)
{
	static u8 pristine[FAKE_END];
	static bool started;

	if (!started) {
		fake_reset(2);
		memcpy(pristine, fake_mem, sizeof(pristine));
		started = true;
	}
	memcpy(fake_mem, pristine, sizeof(fake_mem));
	memset(fake_hw, 0, sizeof(fake_hw));
	fake_regs[1].flags = 0;
}

/*
 * The kernel hits its breakpoint, and again after each 'c' while @input_left
 * says there is more (at most 8 sessions an input).
 */
static inline void fuzz_sessions(bool (*input_left)(void))
{
	unsigned int entries;

	for (entries = 0; entries < 8 && (!entries || input_left()); entries++) {
		fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
		fake_regs[0].flags = 0;
		kgdb_breakpoint();
		while (kgdb_active())
			;
	}
}

#endif
