/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_PRINTK_H
#define _KERNEL_PRINTK_H

#include <kernel/types.h>
#include <kernel/compiler.h>

/* Log levels as in Linux: a "\001" + digit prefix on the format string. */
#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"

#define LOGLEVEL_DEFAULT	6

__printf(1, 2) int printk(const char *fmt, ...);
int vprintk(const char *fmt, va_list ap);
/*
 * Log @s, waiting for another CPU's message no longer than a console
 * line takes; false if dropped (this CPU is inside printk, or the holder
 * does not let go).
 */
bool printk_bounded(const char *s, size_t len);

#define pr_emerg(fmt, ...)	printk(KERN_EMERG fmt, ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING fmt, ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	printk(KERN_DEBUG fmt, ##__VA_ARGS__)

/* Messages at a level numerically below this reach the consoles. */
extern int console_loglevel;

/*
 * A printer is an output sink for code that prints reports (ps, dmesg, cpus)
 * to somewhere other than the consoles: the shell's tty, or the debugger's
 * monitor command reply.
 */
struct printer {
	void (*write)(struct printer *p, const char *s, size_t len);
};

__printf(2, 3) void pprintf(struct printer *p, const char *fmt, ...);

/* A printer that goes to printk at KERN_INFO. */
extern struct printer printk_printer;

/* Copy the log ring buffer, oldest first, to @p. */
void log_buf_dump(struct printer *p);

#endif
