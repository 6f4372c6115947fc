/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_DIE_H
#define _KERNEL_DIE_H

#include <kernel/notifier.h>

struct pt_regs;

/* Why the die chain is called. Arch trap code maps its exceptions to these. */
enum die_val {
	DIE_OOPS = 1,	/* a fatal kernel exception (fault, BUG(), divide error...),
			 * called by die() before the oops; signo says which */
	DIE_BREAKPOINT,	/* a software breakpoint instruction trapped */
	DIE_DEBUG,	/* a single-step or hardware breakpoint/watchpoint trap */
	DIE_NMI,	/* a non-maskable interrupt (used for CPU roundup) */
};

struct die_args {
	struct pt_regs *regs;
	const char *str;	/* human-readable reason */
	long err;		/* arch error code */
	int trapnr;		/* arch exception vector */
	int signo;		/* POSIX signal that best describes it (SIGSEGV, ...) */
};

/* Signal numbers as gdb knows them (its own numbering matches Linux x86). */
#define SIGINT		2
#define SIGILL		4
#define SIGTRAP		5
#define SIGABRT		6
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGSEGV		11

int register_die_notifier(struct notifier_block *nb);
int unregister_die_notifier(struct notifier_block *nb);

/* Returns the chain's verdict; NOTIFY_STOP means someone handled it. */
int notify_die(enum die_val val, const char *str, struct pt_regs *regs,
	       long err, int trapnr, int signo);

/*
 * Report a fatal kernel exception: walk the die chain (DIE_OOPS), then oops:
 * message, registers, backtrace, kill the current task, or panic when in
 * interrupt context or with panic_on_oops. Returns only if a notifier
 * handled it (the debugger fixed things and resumed).
 */
void die(const char *str, struct pt_regs *regs, long err, int trapnr, int signo);

#endif
