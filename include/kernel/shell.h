/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_SHELL_H
#define _KERNEL_SHELL_H

#include <kernel/compiler.h>

struct printer;

/*
 * A shell command. Any file adds one with
 *	SHELL_COMMAND(ps, "list tasks", cmd_ps);
 * run() gets argv[0] = the command name and prints through @out.
 */
struct shell_command {
	const char *name;
	const char *help;
	int (*run)(struct printer *out, int argc, char **argv);
};

#define SHELL_COMMAND(n, h, fn) \
	static const struct shell_command __shell_cmd_##n __used \
	__section(".shell_commands") __aligned(sizeof(void *)) = { #n, h, fn }

#define SHELL_MAX_ARGS 8

/* Split @line in place and run the command it names. */
int shell_run_line(struct printer *out, char *line);

/*
 * The shell's thread: reads lines from the console tty and runs them. Its
 * prompt is "kgdb-demo# " (tests wait for it).
 */
void shell_thread(void *arg);

#endif
