// SPDX-License-Identifier: MIT
/*
 * The boot console: the first DUART channel (ttyS0) written by polling,
 * from the first printk until the 8250 driver registers the real console
 * (CON_BOOT). QEMU's 16550 transmits without any setup.
 */
#include <kernel/console.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define UART0		(CCSR_VIRT + 0x4500)
#define UART_TX		0
#define UART_LSR	5
#define UART_LSR_THRE	0x20

static void early_putc(char c)
{
	unsigned int spins = 100000;	/* do not hang on a wedged UART */

	while (!(readb((const volatile void *)(UART0 + UART_LSR)) & UART_LSR_THRE) && --spins)
		cpu_relax();
	writeb((u8)c, (volatile void *)(UART0 + UART_TX));
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

void ppc_early_console_init(void)
{
	register_console(&early_console);
}
