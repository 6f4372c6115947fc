// SPDX-License-Identifier: MIT
/*
 * The boot console: COM1 (ttyS0) written by polling, from the first
 * printk until the 8250 driver registers the real console (CON_BOOT).
 * QEMU's 16550 transmits without any setup.
 */
#include <kernel/console.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define COM1		0x3f8
#define UART_TX		0
#define UART_LSR	5
#define UART_LSR_THRE	0x20

static void early_putc(char c)
{
	unsigned int spins = 100000;	/* do not hang on a wedged UART */

	while (!(inb(COM1 + UART_LSR) & UART_LSR_THRE) && --spins)
		cpu_relax();
	outb((u8)c, COM1 + UART_TX);
}

static void early_write(struct console *con, const char *s, size_t len)
{
	while (len--) {
		if (*s == '\n')
			early_putc('\r');
		early_putc(*s++);
	}
}

static struct console early_console = {
	.name = "earlycon",
	.write = early_write,
	.flags = CON_ENABLED | CON_BOOT,
};

void mips_early_console_init(void)
{
	register_console(&early_console);
}
