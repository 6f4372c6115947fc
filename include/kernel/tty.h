/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_TTY_H
#define _KERNEL_TTY_H

#include <kernel/types.h>

/* Returned by poll_get_char() when no character is pending. */
#define NO_POLL_CHAR	(-1)

struct tty;

/*
 * Operations a serial driver offers for one port. The poll operations are
 * what debuggers and other polled users (kgdboc) need: they must work with
 * interrupts off, on any CPU, while the rest of the system is stopped, and
 * must not sleep or take locks that normal code may hold.
 */
struct tty_ops {
	/* Write for the console and the shell; may be called with irqs off. */
	void (*write)(struct tty *tty, const char *s, size_t len);
	/* Prepare the port for polled use (baud 0 keeps the current one). */
	int (*poll_init)(struct tty *tty, unsigned int baud);
	/* One received character, or NO_POLL_CHAR at once if none. */
	int (*poll_get_char)(struct tty *tty);
	/* Send one character, waiting for room in the transmitter. */
	void (*poll_put_char)(struct tty *tty, char c);
};

/* Flags passed with a received character. */
#define TTY_RX_BREAK	0x1	/* a line BREAK was received (ch is meaningless) */

/*
 * A receive hook sees each character the driver's interrupt handler
 * receives on this port, before the normal consumer. It returns true when
 * it consumed the character.
 */
typedef bool (*tty_rx_hook_t)(struct tty *tty, int ch, unsigned int flags);

struct tty {
	char name[12];			/* "ttyS1", "ttyAMA0" */
	const struct tty_ops *ops;
	void *driver_data;
	tty_rx_hook_t rx_hook;		/* optional; see tty_set_rx_hook() */
	bool sysrq_pending;		/* a BREAK was seen: next char is a SysRq key */
	struct tty *next;
};

void tty_register(struct tty *tty);
struct tty *tty_find(const char *name);
struct tty *tty_first(void);

/* Called by drivers from their receive interrupt, one per character. */
void tty_receive(struct tty *tty, int ch, unsigned int flags);

/* Install (or with NULL remove) the receive hook; returns the old one. */
tty_rx_hook_t tty_set_rx_hook(struct tty *tty, tty_rx_hook_t hook);

/* The tty the shell reads from and writes to (the first console tty). */
struct tty *tty_console(void);
void tty_set_console(struct tty *tty);

/* Blocking read of one character from the console tty's input queue. */
int tty_console_getc(void);

#endif
