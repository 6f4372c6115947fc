// SPDX-License-Identifier: MIT
/*
 * ARM PrimeCell PL011 UARTs: the ports <asm/serial.h> lists, probed by
 * their PrimeCell ID (read fault-safe: an absent port may be an empty bus
 * address that aborts) and named ttyAMA0.. in table order. Receive is
 * interrupt driven (into tty_receive()), a BREAK arriving as a received
 * word with its break flag; transmit polls the FIFO-full flag. The poll
 * operations work with interrupts off and take no lock, for polled users
 * such as kgdboc; this driver knows nothing of them.
 */
#include <kernel/console.h>
#include <kernel/cpulock.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/irq.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <kernel/tty.h>
#include <asm/io.h>
#include <asm/serial.h>

#define UART_DR		0x00	/* data; on read bits 8-11 are error flags */
#define UART_FR		0x18	/* flags */
#define UART_IBRD	0x24	/* integer baud divisor */
#define UART_FBRD	0x28	/* fractional baud divisor (1/64ths) */
#define UART_LCRH	0x2c	/* line control */
#define UART_CR		0x30	/* control */
#define UART_IMSC	0x38	/* interrupt mask set/clear */
#define UART_ICR	0x44	/* interrupt clear */
#define UART_PCELLID	0xff0	/* PrimeCell ID, four registers */

#define DR_BE		0x400	/* break */
#define DR_ERRORS	0xf00
#define FR_RXFE		0x10	/* receive FIFO empty */
#define FR_TXFF		0x20	/* transmit FIFO full */
#define LCRH_FEN	0x10	/* FIFOs on */
#define LCRH_WLEN8	0x60
#define CR_UARTEN	0x001
#define CR_TXE		0x100
#define CR_RXE		0x200
#define IMSC_RX		0x010	/* receive */
#define IMSC_RT		0x040	/* receive timeout: bytes left below the trigger level */
#define IMSC_BE		0x200	/* break */
#define ICR_ALL		0x7ff

#define PRIMECELL_ID	0xb105f00dU

#define DEFAULT_BAUD	115200
/* Bounded waits: a wedged UART slows output down but never hangs it. */
#define TXFF_WAIT_LOOPS	100000
#define TX_LOCK_SPINS	(5UL * 1000 * 1000)
#define RX_BUDGET	256

struct uart_pl011 {
	const struct pl011_desc *desc;
	struct tty tty;
	struct console con;
	cpulock_t tx_lock;	/* whole writes from the console and the shell */
	bool present;
};

static const struct pl011_desc uart_descs[] = PL011_PORTS;
static struct uart_pl011 uarts[ARRAY_SIZE(uart_descs)];

static u32 pl011_in(struct uart_pl011 *u, unsigned int reg)
{
	return readl((const volatile void *)(u->desc->base + reg));
}

static void pl011_out(struct uart_pl011 *u, unsigned int reg, u32 val)
{
	writel(val, (volatile void *)(u->desc->base + reg));
}

static bool uart_probe(struct uart_pl011 *u)
{
	u32 id = 0;

	for (unsigned int i = 0; i < 4; i++) {
		u32 b;

		if (copy_from_kernel_nofault(&b, (const void *)(u->desc->base + UART_PCELLID +
								  4 * i), sizeof(b)))
			return false;
		id |= (b & 0xff) << (8 * i);
	}
	return id == PRIMECELL_ID;
}

static void uart_set_baud(struct uart_pl011 *u, unsigned int baud)
{
	/* The divisor in 1/64ths: UARTCLK / (16 * baud) * 64. */
	u32 div = u->desc->uartclk / baud * 4 + (u->desc->uartclk % baud) * 4 / baud;

	pl011_out(u, UART_CR, 0);
	pl011_out(u, UART_IBRD, div >> 6);
	pl011_out(u, UART_FBRD, div & 63);
	pl011_out(u, UART_LCRH, LCRH_WLEN8 | LCRH_FEN);	/* also latches the divisor */
	pl011_out(u, UART_CR, CR_UARTEN | CR_TXE | CR_RXE);
}

static void wait_txff(struct uart_pl011 *u)
{
	for (int i = 0; i < TXFF_WAIT_LOOPS; i++)
		if (!(pl011_in(u, UART_FR) & FR_TXFF))
			return;
}

/* Send @len bytes; with @crlf each "\n" goes out as "\r\n". */
static void uart_put_chars(struct uart_pl011 *u, const char *s, size_t len, bool crlf)
{
	for (; len; len--, s++) {
		if (crlf && *s == '\n') {
			wait_txff(u);
			pl011_out(u, UART_DR, '\r');
		}
		wait_txff(u);
		pl011_out(u, UART_DR, (u8)*s);
	}
}

/* uart_put_chars(), one writer at a time. */
static void uart_write(struct uart_pl011 *u, const char *s, size_t len, bool crlf)
{
	unsigned long flags;
	bool took;

	local_irq_save(flags);
	took = cpu_lock_acquire(&u->tx_lock, TX_LOCK_SPINS);
	uart_put_chars(u, s, len, crlf);
	if (took)
		cpu_lock_release(&u->tx_lock);
	local_irq_restore(flags);
}

/*
 * The boot console on the first port, from the first printk until the
 * driver registers the real console (CON_BOOT): before the MMU, the CPU
 * numbers and the probe, so it takes no lock. QEMU's PL011 transmits
 * without setup.
 */
static struct uart_pl011 early_uart = { .desc = &uart_descs[0] };

static void early_console_write(struct console *con, const char *s, size_t len)
{
	uart_put_chars(&early_uart, s, len, true);
}

static struct console early_console = {
	.name = "earlycon",
	.write = early_console_write,
	.flags = CON_ENABLED | CON_BOOT,
};

void pl011_early_console_init(void)
{
	register_console(&early_console);
}

static void uart_console_write(struct console *con, const char *s, size_t len)
{
	uart_write(con->data, s, len, true);
}

static void uart_tty_write(struct tty *tty, const char *s, size_t len)
{
	uart_write(tty->driver_data, s, len, true);
}

static int uart_poll_init(struct tty *tty, unsigned int baud)
{
	struct uart_pl011 *u = tty->driver_data;

	if (!u->present)
		return -ENODEV;
	if (baud)
		uart_set_baud(u, baud);
	return 0;
}

static int uart_poll_get_char(struct tty *tty)
{
	struct uart_pl011 *u = tty->driver_data;
	u32 dr;

	if (pl011_in(u, UART_FR) & FR_RXFE)
		return NO_POLL_CHAR;
	dr = pl011_in(u, UART_DR);
	if (dr & DR_BE)
		return NO_POLL_CHAR;
	return (int)(dr & 0xff);
}

static void uart_poll_put_char(struct tty *tty, char c)
{
	struct uart_pl011 *u = tty->driver_data;

	wait_txff(u);
	pl011_out(u, UART_DR, (u8)c);
}

static const struct tty_ops uart_tty_ops = {
	.write = uart_tty_write,
	.poll_init = uart_poll_init,
	.poll_get_char = uart_poll_get_char,
	.poll_put_char = uart_poll_put_char,
};

static void uart_interrupt(int irq, void *data)
{
	struct uart_pl011 *u = data;

	pl011_out(u, UART_ICR, ICR_ALL);
	for (int budget = RX_BUDGET; budget; budget--) {
		u32 dr;

		if (pl011_in(u, UART_FR) & FR_RXFE)
			break;
		dr = pl011_in(u, UART_DR);
		if (dr & DR_BE)
			tty_receive(&u->tty, 0, TTY_RX_BREAK);
		else if (!(dr & DR_ERRORS))
			tty_receive(&u->tty, (int)(dr & 0xff), 0);
	}
}

static unsigned int parse_baud(const char *options)
{
	unsigned long baud = 0;

	for (; *options >= '0' && *options <= '9'; options++)
		baud = baud * 10 + (unsigned long)(*options - '0');
	return baud >= 50 && baud <= 4000000 ? (unsigned int)baud : DEFAULT_BAUD;
}

static void uart_make_console(struct uart_pl011 *u, const char *options, bool preferred)
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

static int pl011_init(void)
{
	struct uart_pl011 *first = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(uarts); i++) {
		struct uart_pl011 *u = &uarts[i];
		int err;

		u->desc = &uart_descs[i];
		u->tx_lock = (cpulock_t)CPULOCK_INIT;
		if (!uart_probe(u))
			continue;
		pl011_out(u, UART_IMSC, 0);
		uart_set_baud(u, DEFAULT_BAUD);
		/* Drop whatever was pending before us. */
		while (!(pl011_in(u, UART_FR) & FR_RXFE))
			(void)pl011_in(u, UART_DR);
		pl011_out(u, UART_ICR, ICR_ALL);
		u->present = true;
		snprintf(u->tty.name, sizeof(u->tty.name), "ttyAMA%u", (unsigned int)i);
		u->tty.ops = &uart_tty_ops;
		u->tty.driver_data = u;
		tty_register(&u->tty);
		pr_info("%s at MMIO 0x%lx (irq %d) is a PL011\n", u->tty.name, u->desc->base,
			u->desc->irq);
		err = request_irq(u->desc->irq, uart_interrupt, u);
		if (err)
			pr_warn("%s: irq %d: error %d, no input\n", u->tty.name, u->desc->irq, err);
		else
			pl011_out(u, UART_IMSC, IMSC_RX | IMSC_RT | IMSC_BE);
		if (!first)
			first = u;
	}
	/* The ports console= names; with no console= at all, the first. */
	for (size_t i = 0; i < ARRAY_SIZE(uarts); i++) {
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
device_initcall(pl011_init);
