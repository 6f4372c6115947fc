// SPDX-License-Identifier: MIT
/*
 * The boot console: the PL011 (QEMU virt, 0x09000000) written by
 * polling, from the first printk until the PL011 driver registers the
 * real console (CON_BOOT). QEMU's PL011 needs no setup to transmit.
 */
#include <kernel/console.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define UART0		((volatile u8 *)0x09000000UL)
#define UART_DR		0x00
#define UART_FR		0x18
#define UART_FR_TXFF	0x20	/* transmit FIFO full */

static void early_putc(char c)
{
	unsigned int spins = 100000;	/* do not hang on a wedged UART */

	while ((readl(UART0 + UART_FR) & UART_FR_TXFF) && --spins)
		cpu_relax();
	writel((u8)c, UART0 + UART_DR);
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

void arm64_early_console_init(void)
{
	register_console(&early_console);
}
