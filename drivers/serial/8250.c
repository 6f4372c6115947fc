// SPDX-License-Identifier: MIT
/*
 * 8250/16550 UARTs: the ports <asm/serial.h> lists, then the 16550s on
 * PCI (by class, in bus/slot order, wherever they sit: QEMU's
 * pci-serial), probed through the scratch register and named ttyS0.. in
 * that order. Receive is interrupt driven (into tty_receive()); transmit
 * polls, up to a FIFO's worth of bytes per wait. The poll operations work
 * with interrupts off and take no lock, for polled users such as kgdboc;
 * this driver knows nothing of them.
 *
 * The FIFO is switched on once at init and never touched again: switching
 * it while bytes arrive can lose them.
 */
#include <kernel/console.h>
#include <kernel/cpulock.h>
#include <kernel/init.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/pci.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <kernel/tty.h>
#include <kernel/errno.h>
#include <asm/io.h>
#include <asm/serial.h>

/* Registers (DLAB = 0 unless noted) */
#define UART_RX		0	/* receive buffer */
#define UART_TX		0	/* transmit holding */
#define UART_DLL	0	/* divisor low (DLAB = 1) */
#define UART_IER	1	/* interrupt enable */
#define UART_DLM	1	/* divisor high (DLAB = 1) */
#define UART_IIR	2	/* interrupt identification (read) */
#define UART_FCR	2	/* FIFO control (write) */
#define UART_LCR	3	/* line control */
#define UART_MCR	4	/* modem control */
#define UART_LSR	5	/* line status */
#define UART_SCR	7	/* scratch */

#define UART_IER_RDI	0x01	/* received data available */
#define UART_IER_RLSI	0x04	/* receiver line status: BREAK */
#define UART_IIR_FIFO	0xc0	/* both bits set: the FIFO works (16550A) */
#define UART_FCR_ENABLE	0x01
#define UART_FCR_CLR_RX	0x02
#define UART_FCR_CLR_TX	0x04
#define UART_FCR_TRIG14	0xc0	/* receive interrupt at 14 bytes (or a timeout) */
#define UART_LCR_8N1	0x03
#define UART_LCR_DLAB	0x80
#define UART_MCR_DTR	0x01
#define UART_MCR_RTS	0x02
#define UART_MCR_OUT2	0x08	/* gates the interrupt line on a PC */
#define UART_LSR_DR	0x01	/* data ready */
#define UART_LSR_BI	0x10	/* BREAK received */
#define UART_LSR_THRE	0x20	/* transmit holding register empty */

#define DEFAULT_BAUD	115200
#ifdef CONFIG_PCI
#define PCI_UARTS	4
#else
#define PCI_UARTS	0
#endif
#define PCI_UART_CLOCK	1843200	/* what a PC's UART has; QEMU ignores it */
#define FIFO_SIZE	16
/*
 * THRE may take long: a real FIFO drains in under 20 ms even at 9600
 * baud, but QEMU's drains only as fast as the host reads its chardev,
 * which on a loaded host can stall for much longer; and bytes written to
 * a full FIFO overwrite others (gdb would see damaged packets). So a
 * write waits up to THRE_TIMEOUT_US. A UART that made one wait time out
 * counts as wedged (nobody reads the line): output is dropped without
 * waiting until THRE comes back, so it never holds a CPU for long.
 */
#define THRE_TIMEOUT_US	(1000 * 1000)
#define TX_LOCK_SPINS	(5UL * 1000 * 1000)
#define RX_BUDGET	256

struct uart_8250 {
	const struct serial8250_desc *desc;
	struct tty tty;
	struct console con;
	cpulock_t tx_lock;	/* whole writes from the console and the shell */
	unsigned int tx_fifo;	/* bytes per THRE wait: 16, or 1 without FIFO */
	unsigned int poll_room;	/* bytes poll_put_char may send before the next wait */
	bool wedged;		/* a THRE wait timed out; THRE not seen since */
	bool present;
	bool irq_ok;
	struct serial8250_desc pci_desc;	/* one found on PCI: its desc */
	char where[24];		/* and ", pci 0000:00:03.0" */
};

static const struct serial8250_desc uart_descs[] = SERIAL8250_PORTS;
static struct uart_8250 uarts[ARRAY_SIZE(uart_descs) + PCI_UARTS];
static size_t nr_uarts;		/* the fixed ports, then those found on PCI */

static u8 serial_in(struct uart_8250 *u, int reg)
{
	const struct serial8250_desc *d = u->desc;

	if (d->iotype == UPIO_PORT)
		return inb((u16)(d->base + reg));
	return readb((const volatile void *)(d->base + ((unsigned long)reg << d->regshift)));
}

static void serial_out(struct uart_8250 *u, int reg, u8 val)
{
	const struct serial8250_desc *d = u->desc;

	if (d->iotype == UPIO_PORT)
		outb(val, (u16)(d->base + reg));
	else
		writeb(val, (volatile void *)(d->base + ((unsigned long)reg << d->regshift)));
}

static bool uart_probe(struct uart_8250 *u)
{
	u8 saved = serial_in(u, UART_SCR);
	bool ok;

	serial_out(u, UART_SCR, 0x55);
	ok = serial_in(u, UART_SCR) == 0x55;
	serial_out(u, UART_SCR, 0xaa);
	ok = ok && serial_in(u, UART_SCR) == 0xaa;
	serial_out(u, UART_SCR, saved);
	return ok;
}

static void uart_set_baud(struct uart_8250 *u, unsigned int baud)
{
	unsigned int div = u->desc->uartclk / 16 / baud;

	if (!div)
		div = 1;
	serial_out(u, UART_LCR, UART_LCR_DLAB);
	serial_out(u, UART_DLL, div & 0xff);
	serial_out(u, UART_DLM, (div >> 8) & 0xff);
	serial_out(u, UART_LCR, UART_LCR_8N1);
}

static void uart_setup(struct uart_8250 *u, unsigned int baud)
{
	serial_out(u, UART_IER, 0);
	uart_set_baud(u, baud);
	/* The trigger level also sets how many bytes QEMU hands over at once. */
	serial_out(u, UART_FCR, UART_FCR_ENABLE | UART_FCR_CLR_RX | UART_FCR_CLR_TX |
		   UART_FCR_TRIG14);
	u->tx_fifo = (serial_in(u, UART_IIR) & UART_IIR_FIFO) == UART_IIR_FIFO ? FIFO_SIZE : 1;
	serial_out(u, UART_MCR, UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2);
	/* Drop whatever was pending before us. */
	(void)serial_in(u, UART_LSR);
	(void)serial_in(u, UART_RX);
	(void)serial_in(u, UART_IIR);
}

/* Whether the FIFO is empty, waiting for it unless the UART is wedged. */
static bool wait_thre(struct uart_8250 *u)
{
	unsigned long limit = u->wedged ? 0 : THRE_TIMEOUT_US;

	for (unsigned long us = 0;; us++) {
		if (serial_in(u, UART_LSR) & UART_LSR_THRE) {
			u->wedged = false;
			return true;
		}
		if (us >= limit)
			break;
		udelay(1);
	}
	u->wedged = true;
	return false;
}

/* Write @len bytes, a FIFO's worth per THRE wait; with @crlf each "\n"
 * goes out as "\r\n", as a terminal wants. */
static void uart_write(struct uart_8250 *u, const char *s, size_t len, bool crlf)
{
	unsigned long flags;
	bool cr_sent = false, took;

	local_irq_save(flags);
	took = cpu_lock_acquire(&u->tx_lock, TX_LOCK_SPINS);
	while (len) {
		if (!wait_thre(u))
			break;		/* wedged: the rest is dropped */
		for (unsigned int n = 0; n < u->tx_fifo && len; n++) {
			if (crlf && *s == '\n' && !cr_sent) {
				serial_out(u, UART_TX, '\r');
				cr_sent = true;
				continue;
			}
			serial_out(u, UART_TX, (u8)*s++);
			len--;
			cr_sent = false;
		}
	}
	u->poll_room = 0;	/* the FIFO is ours no more */
	if (took)
		cpu_lock_release(&u->tx_lock);
	local_irq_restore(flags);
}

static void uart_console_write(struct console *con, const char *s, size_t len)
{
	uart_write(con->data, s, len, true);
}

/*
 * The boot console: ttyS0 written from an arch's first printk until this
 * driver registers the real console (CON_BOOT), before interrupts, the
 * timer or the probe; one byte per THRE wait.
 */
static struct uart_8250 early_uart = { .desc = &uart_descs[0], .tx_fifo = 1 };

static void early_console_write(struct console *con, const char *s, size_t len)
{
	uart_write(&early_uart, s, len, true);
}

static struct console early_console = {
	.name = "earlyser",
	.write = early_console_write,
	.flags = CON_ENABLED | CON_BOOT,
};

void serial8250_early_console_init(void)
{
	serial_out(&early_uart, UART_IER, 0);
	uart_set_baud(&early_uart, DEFAULT_BAUD);
	register_console(&early_console);
}

static void uart_tty_write(struct tty *tty, const char *s, size_t len)
{
	uart_write(tty->driver_data, s, len, true);
}

static int uart_poll_init(struct tty *tty, unsigned int baud)
{
	struct uart_8250 *u = tty->driver_data;

	if (!u->present)
		return -ENODEV;
	if (baud)
		uart_set_baud(u, baud);
	return 0;
}

static int uart_poll_get_char(struct tty *tty)
{
	struct uart_8250 *u = tty->driver_data;
	u8 lsr = serial_in(u, UART_LSR);

	if (lsr & UART_LSR_BI) {
		(void)serial_in(u, UART_RX);	/* the BREAK's null byte */
		return NO_POLL_CHAR;
	}
	if (!(lsr & UART_LSR_DR))
		return NO_POLL_CHAR;
	return serial_in(u, UART_RX);
}

static void uart_poll_put_char(struct tty *tty, char c)
{
	struct uart_8250 *u = tty->driver_data;

	/* THRE means the FIFO is empty: a FIFO's worth of bytes per wait. */
	if (!u->poll_room) {
		if (!wait_thre(u))
			return;		/* wedged: dropped */
		u->poll_room = u->tx_fifo;
	}
	serial_out(u, UART_TX, (u8)c);
	u->poll_room--;
}

static const struct tty_ops uart_tty_ops = {
	.write = uart_tty_write,
	.poll_init = uart_poll_init,
	.poll_get_char = uart_poll_get_char,
	.poll_put_char = uart_poll_put_char,
};

static void uart_receive(struct uart_8250 *u)
{
	for (int budget = RX_BUDGET; budget; budget--) {
		u8 lsr = serial_in(u, UART_LSR);

		if (lsr & UART_LSR_BI) {
			(void)serial_in(u, UART_RX);
			tty_receive(&u->tty, 0, TTY_RX_BREAK);
			continue;
		}
		if (!(lsr & UART_LSR_DR))
			break;
		tty_receive(&u->tty, serial_in(u, UART_RX), 0);
	}
}

/* One handler per interrupt line, serving every port on it (COM1 and COM3
 * share IRQ 4 on a PC). */
static void uart_interrupt(int irq, void *data)
{
	for (size_t i = 0; i < nr_uarts; i++)
		if (uarts[i].present && uarts[i].desc->irq == irq)
			uart_receive(&uarts[i]);
}

/* An earlier port on the same interrupt line, whose request serves both. */
static struct uart_8250 *irq_shared_with(size_t idx)
{
	for (size_t i = 0; i < idx; i++)
		if (uarts[i].present && uarts[i].desc->irq == uarts[idx].desc->irq)
			return &uarts[i];
	return NULL;
}

static unsigned int parse_baud(const char *options)
{
	unsigned long baud = 0;

	for (; *options >= '0' && *options <= '9'; options++)
		baud = baud * 10 + (unsigned long)(*options - '0');
	return baud >= 50 && baud <= 4000000 ? (unsigned int)baud : DEFAULT_BAUD;
}

static void uart_make_console(struct uart_8250 *u, const char *options, bool preferred)
{
	if (*options)
		uart_set_baud(u, parse_baud(options));
	u->con.name = u->tty.name;
	u->con.write = uart_console_write;
	u->con.flags = CON_PRINTBUFFER;
	u->con.data = u;
	register_console(&u->con);
	if (preferred || !tty_console())
		tty_set_console(&u->tty);
}

#ifdef CONFIG_PCI
/* A 16550 on PCI: its registers are I/O BAR 0 (QEMU's pci-serial; of the
 * -2x/-4x, the first port), its interrupt is INTx's. */
static int pci_uart_found(struct pci_dev *dev, void *arg)
{
	struct uart_8250 *u = &uarts[nr_uarts];
	struct serial8250_desc *d = &u->pci_desc;
	struct pci_bar bar;
	char name[16];

	if (dev->class != PCI_CLASS_SERIAL_16550)
		return 0;
	pci_name(dev, name, sizeof(name));
	if (pci_read_bar(dev, 0, &bar) || !bar.io) {
		pr_warn("serial8250: pci %s: no I/O BAR 0, not used\n", name);
		return 0;
	}
	d->base = (unsigned long)bar.base;
	d->iotype = UPIO_PORT;
	d->uartclk = PCI_UART_CLOCK;
	d->irq = pci_irq(dev);
	pci_set_command(dev, PCI_COMMAND_IO);
	u->desc = d;
	snprintf(u->where, sizeof(u->where), ", pci %s", name);
	nr_uarts++;
	return nr_uarts == ARRAY_SIZE(uarts);
}
#endif

static int serial8250_init(void)
{
	struct uart_8250 *first = NULL;

	/* A pointer walk: the table may be empty (arm64). */
	for (const struct serial8250_desc *d = uart_descs;
	     d != uart_descs + ARRAY_SIZE(uart_descs); d++)
		uarts[nr_uarts++].desc = d;
#ifdef CONFIG_PCI
	pci_for_each_dev(pci_uart_found, NULL);
#endif
	for (size_t i = 0; i < nr_uarts; i++) {
		struct uart_8250 *u = &uarts[i];

		u->tx_lock = (cpulock_t)CPULOCK_INIT;
		if (!uart_probe(u))
			continue;
		uart_setup(u, DEFAULT_BAUD);
		u->present = true;
		snprintf(u->tty.name, sizeof(u->tty.name), "ttyS%u", (unsigned int)i);
		u->tty.ops = &uart_tty_ops;
		u->tty.driver_data = u;
		tty_register(&u->tty);
		pr_info("%s at %s 0x%lx (irq %d%s) is a %s\n", u->tty.name,
			u->desc->iotype == UPIO_PORT ? "I/O" : "MMIO", u->desc->base,
			u->desc->irq, u->where, u->tx_fifo > 1 ? "16550A" : "8250");
		if (!first)
			first = u;
	}
	for (size_t i = 0; i < nr_uarts; i++) {
		struct uart_8250 *u = &uarts[i], *shared;
		int err;

		if (!u->present)
			continue;
		shared = irq_shared_with(i);
		if (u->desc->irq < 0)
			err = u->desc->irq;	/* a PCI UART whose INTx goes nowhere */
		else if (shared)
			err = shared->irq_ok ? 0 : -EBUSY;
		else
			err = request_irq(u->desc->irq, uart_interrupt, NULL);
		if (err) {
			pr_warn("%s: irq %d: error %d, no input\n", u->tty.name, u->desc->irq, err);
			continue;
		}
		u->irq_ok = true;
		serial_out(u, UART_IER, UART_IER_RDI | UART_IER_RLSI);
	}
	/* The ports console= names; with no console= at all, the first. */
	for (size_t i = 0; i < nr_uarts; i++) {
		const char *options = "";
		bool preferred = false;

		if (!uarts[i].present)
			continue;
		if (console_cmdline_match(uarts[i].tty.name, &options, &preferred))
			uart_make_console(&uarts[i], options, preferred);
		else if (&uarts[i] == first && console_cmdline_empty())
			uart_make_console(&uarts[i], "", true);
	}
	/* console= named no port we have: the first one it is. */
	if (first && !tty_console())
		uart_make_console(first, "", true);
	return first ? 0 : -ENODEV;
}
device_initcall(serial8250_init);
