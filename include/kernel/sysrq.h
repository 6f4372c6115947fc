/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SYSRQ_H
#define _KERNEL_SYSRQ_H

#include <kernel/compiler.h>

/*
 * SysRq keys. Any file adds one with SYSRQ_KEY('g', "debug", fn). They run
 * from the receive interrupt (a BREAK then the key on the console line) or
 * from the shell's "sysrq <key>" command.
 */
struct sysrq_key {
	char key;
	const char *help;
	void (*handler)(char key);
};

#define SYSRQ_KEY(k, h, fn) \
	static const struct sysrq_key __sysrq_##fn __used \
	__section(".sysrq_keys") __aligned(sizeof(void *)) = { k, h, fn }

void handle_sysrq(char key);

#endif
