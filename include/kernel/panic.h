/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_PANIC_H
#define _KERNEL_PANIC_H

#include <kernel/compiler.h>
#include <kernel/notifier.h>

/* Called with the panic message (char *) as data, before the system halts. */
extern struct notifier_chain panic_notifier_list;

extern int panic_on_oops;
extern int panic_timeout;	/* panic=N: reboot after N seconds, 0 halts */

__printf(1, 2) __noreturn void panic(const char *fmt, ...);

/* Nonzero once some CPU has oopsed or panicked; for tests and the shell. */
extern int oops_in_progress;

#define BUG() arch_bug()
#define BUG_ON(cond) do { if (unlikely(cond)) BUG(); } while (0)

#endif
