/* SPDX-License-Identifier: MIT */
/* What the debugger's fuzz harnesses share. */
#ifndef _TESTS_FUZZ_COMMON_H
#define _TESTS_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>

/* "monitor reboot" really restarts the (fake) machine: not a bug, skip it. */
static inline bool fuzz_asks_reboot(const unsigned char *data, size_t size)
{
	static const char hex[] = "7265626f6f74";
	size_t i, j;

	for (i = 0; i + sizeof(hex) - 1 <= size; i++) {
		for (j = 0; j < sizeof(hex) - 1; j++)
			if ((data[i + j] | 0x20) != hex[j])
				break;
		if (j == sizeof(hex) - 1)
			return true;
	}
	return false;
}

#endif
