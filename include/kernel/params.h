/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_PARAMS_H
#define _KERNEL_PARAMS_H

#include <kernel/types.h>
#include <kernel/compiler.h>

/*
 * Boot parameters. Any file declares one with
 *	early_param("console", setup_console);
 *	boot_param("kgdboc", setup_kgdboc);
 * Early ones are parsed before the consoles and SMP come up; normal ones
 * later, after the initcalls of level "core". The handler gets the text
 * after '=' (NULL for a bare flag such as "kgdbwait") and returns 0 or a
 * negative errno, which makes the kernel print a warning. A parameter
 * nobody declared gets a warning too.
 */
struct boot_param {
	const char *name;
	int (*setup)(const char *val);
	bool early;
};

#define __boot_param(n, fn, e) \
	static const struct boot_param __param_##fn __used \
	__section(".boot_params") __aligned(sizeof(void *)) = { n, fn, e }
#define early_param(n, fn)	__boot_param(n, fn, true)
#define boot_param(n, fn)	__boot_param(n, fn, false)

/* The command line as passed by the boot loader (arch fills it early). */
extern char boot_command_line[];
#define COMMAND_LINE_SIZE 512

/*
 * Walk @cmdline, calling @cb for each "name[=value]" word (quotes allowed
 * around values). Exposed for the host unit tests.
 */
int parse_args(const char *cmdline, int (*cb)(const char *name, const char *val, void *ctx),
	       void *ctx);

/*
 * Run the handlers in [@start, @end) of one pass (@early or normal) for the
 * words of @cmdline, warning about bad values and (normal pass) unknown
 * names. Returns 0 or the first error. parse_early_params() and
 * parse_boot_params() are this over boot_command_line and the linker table.
 */
int parse_params(const char *cmdline, const struct boot_param *start,
		 const struct boot_param *end, bool early);

void parse_early_params(void);
void parse_boot_params(void);

#endif
