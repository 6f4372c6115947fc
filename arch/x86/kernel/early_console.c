// SPDX-License-Identifier: MIT
/*
 * The boot console: COM1 (0x3f8) written by polling, from the first
 * printk until the 8250 driver registers the real console (CON_BOOT).
 */
#include <kernel/console.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define COM1		0x3f8
#define UART_THR	0	/* transmit holding register */
#define UART_DLL	0	/* divisor latch, low (DLAB set) */
#define UART_IER	1
#define UART_DLM	1	/* divisor latch, high (DLAB set) */
#define UART_FCR	2
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5
#define UART_LCR_8N1	0x03
#define UART_LCR_DLAB	0x80
#define UART_FCR_ENABLE	0x07	/* enable and clear both FIFOs */
#define UART_MCR_DTR_RTS 0x03
#define UART_LSR_THRE	0x20	/* room in the transmitter */

static void early_putc(char c)
{
	unsigned int spins = 100000;	/* do not hang if there is no UART */

	while (!(inb(COM1 + UART_LSR) & UART_LSR_THRE) && --spins)
		cpu_relax();
	outb((u8)c, COM1 + UART_THR);
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
	.name = "earlyser",
	.write = early_write,
	.flags = CON_ENABLED | CON_BOOT,
};

void x86_early_console_init(void)
{
	outb(0, COM1 + UART_IER);
	outb(UART_LCR_DLAB, COM1 + UART_LCR);
	outb(1, COM1 + UART_DLL);		/* 115200 baud */
	outb(0, COM1 + UART_DLM);
	outb(UART_LCR_8N1, COM1 + UART_LCR);
	outb(UART_FCR_ENABLE, COM1 + UART_FCR);
	outb(UART_MCR_DTR_RTS, COM1 + UART_MCR);
	register_console(&early_console);
}
