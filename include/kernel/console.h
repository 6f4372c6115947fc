/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_CONSOLE_H
#define _KERNEL_CONSOLE_H

#include <kernel/types.h>

/*
 * A console receives every printk message at or above console_loglevel.
 * Several may be registered; the early console is replaced by the real one.
 * write() may be called with interrupts off, from any CPU, in any context.
 */
struct console {
	const char *name;
	void (*write)(struct console *con, const char *s, size_t len);
	unsigned int flags;
	void *data;
	struct console *next;
};

#define CON_ENABLED	0x1
#define CON_BOOT	0x2	/* early console: unregistered when a real one arrives */
#define CON_PRINTBUFFER	0x4	/* replay the log buffer on registration */

void register_console(struct console *con);
void unregister_console(struct console *con);

/*
 * What console= asked for (kernel/console.c). A driver registering port
 * @name learns whether it was named, with the text after the comma in
 * *@options ("" if none), and whether it is the preferred one (the last
 * console=, which the shell uses). console_cmdline_empty() is true when no
 * console= was given at all, so a driver may pick a default.
 */
bool console_cmdline_match(const char *name, const char **options, bool *preferred);
bool console_cmdline_empty(void);

#endif
