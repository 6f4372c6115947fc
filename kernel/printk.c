// SPDX-License-Identifier: MIT
/*
 * printk: format a message, keep it in the log ring buffer (for dmesg) and
 * write it to every registered console whose level lets it through.
 *
 * It must work from any CPU and any context, interrupts or NMI or an oops
 * included, so one cpulock (interrupts off) guards the buffer and the
 * console list: a CPU that re-enters printk while holding it (an NMI, a
 * fault in a console driver) writes straight to the consoles instead of
 * deadlocking, and a lock held by a CPU that a panic stopped is broken
 * after a while.
 */
#include <kernel/printk.h>
#include <kernel/console.h>
#include <kernel/cpulock.h>
#include <kernel/irq.h>
#include <kernel/params.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/errno.h>

#define LOG_BUF_LEN	(64 * 1024)
#define PRINTK_LINE_MAX	512
/* Far longer than any console write takes under the lock: only a holder
 * that will never come back waits this long. */
#define PRINTK_LOCK_SPINS	(20UL * 1000 * 1000)
/* About one console line's write under the lock, for printk_bounded(). */
#define PRINTK_BOUNDED_SPINS	(1UL * 1000 * 1000)

int console_loglevel = 7;

static char log_buf[LOG_BUF_LEN];
static unsigned long log_head;		/* bytes ever written; index = head % LEN */

static struct console *console_list;
static bool boot_console_seen;

/* The last message did not end its line: it belongs to this CPU and level. */
static bool line_open;
static unsigned int line_cpu;
static int line_level;

static cpulock_t printk_lock = CPULOCK_INIT;

static void log_store(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		log_buf[(log_head + i) % LOG_BUF_LEN] = s[i];
	log_head += len;
}

static void consoles_write(const char *s, size_t len)
{
	struct console *con;

	for (con = console_list; con; con = con->next)
		if (con->flags & CON_ENABLED)
			con->write(con, s, len);
}

/* Store a message and write it to the consoles. Lock held. */
static void log_emit(const char *buf, size_t len, int level)
{
	/* An explicit level, or another CPU, starts a new line. */
	if (line_open && (level >= 0 || line_cpu != smp_processor_id())) {
		log_store("\n", 1);
		if (line_level < console_loglevel)
			consoles_write("\n", 1);
		line_open = false;
	}
	if (!line_open) {
		line_level = level >= 0 ? level : LOGLEVEL_DEFAULT;
		line_cpu = smp_processor_id();
	}
	log_store(buf, len);
	if (line_level < console_loglevel)
		consoles_write(buf, len);
	if (len)
		line_open = buf[len - 1] != '\n';
}

int vprintk(const char *fmt, va_list ap)
{
	char buf[PRINTK_LINE_MAX];
	unsigned long flags;
	int level = -1, n;
	size_t len;

	if (fmt[0] == KERN_SOH[0] && fmt[1] >= '0' && fmt[1] <= '7') {
		level = fmt[1] - '0';
		fmt += 2;
	}
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	len = (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1;
	if ((size_t)n >= sizeof(buf))
		buf[len - 1] = '\n';	/* a cut message still ends its line */

	local_irq_save(flags);
	if (!cpu_lock_acquire(&printk_lock, PRINTK_LOCK_SPINS)) {
		/* Re-entered on this CPU: the buffer may be mid-update. */
		consoles_write(buf, len);
		local_irq_restore(flags);
		return n;
	}
	log_emit(buf, len, level);
	cpu_lock_release(&printk_lock);
	local_irq_restore(flags);
	return n;
}

/*
 * For code that must not wait long for another CPU, which may be stopped
 * holding printk's lock (the debugger's dprintf): log and write @s at the
 * default level once the lock is free, waiting for another CPU's line as
 * long as one takes (a dprintf that dropped every line another CPU
 * printed beside it would lose lines on any busy machine); false if it
 * was dropped. The console drivers still bound their own waits (their
 * cpulocks break).
 */
bool printk_bounded(const char *s, size_t len)
{
	unsigned long flags;

	local_irq_save(flags);
	if (!cpu_lock_try_for(&printk_lock, PRINTK_BOUNDED_SPINS)) {
		local_irq_restore(flags);
		return false;
	}
	log_emit(s, len, -1);
	cpu_lock_release(&printk_lock);
	local_irq_restore(flags);
	return true;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

void pprintf(struct printer *p, const char *fmt, ...)
{
	char buf[PRINTK_LINE_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	p->write(p, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

/* No level: a piece continues the line this CPU has open. */
static void printk_printer_write(struct printer *p, const char *s, size_t len)
{
	printk("%.*s", (int)len, s);
}

struct printer printk_printer = { printk_printer_write };

/* The oldest position still in the buffer, at a line start. Lock held. */
static unsigned long log_first(void)
{
	unsigned long pos;

	if (log_head <= LOG_BUF_LEN)
		return 0;
	for (pos = log_head - LOG_BUF_LEN; pos < log_head; pos++)
		if (log_buf[pos % LOG_BUF_LEN] == '\n')
			return pos + 1;
	return log_head - LOG_BUF_LEN;
}

void log_buf_dump(struct printer *p)
{
	char chunk[256];
	unsigned long flags, pos, end;

	local_irq_save(flags);
	cpu_lock_acquire(&printk_lock, PRINTK_LOCK_SPINS);
	pos = log_first();
	end = log_head;		/* what is there now: the dump may itself log */
	cpu_lock_release(&printk_lock);
	local_irq_restore(flags);

	while (pos < end) {
		size_t n = 0;

		local_irq_save(flags);
		cpu_lock_acquire(&printk_lock, PRINTK_LOCK_SPINS);
		if (pos < log_first())
			pos = log_first();	/* overwritten meanwhile */
		while (pos < end && n < sizeof(chunk))
			chunk[n++] = log_buf[pos++ % LOG_BUF_LEN];
		cpu_lock_release(&printk_lock);
		local_irq_restore(flags);
		p->write(p, chunk, n);
	}
}

/* Replay the buffer to one new console. Lock held. */
static void log_replay(struct console *con)
{
	unsigned long pos = log_first();

	while (pos < log_head) {
		unsigned long i = pos % LOG_BUF_LEN;
		size_t n = MIN(log_head - pos, (unsigned long)(LOG_BUF_LEN - i));

		con->write(con, log_buf + i, n);
		pos += n;
	}
}

void register_console(struct console *con)
{
	struct console **pp, *boot_removed = NULL;
	unsigned long flags;
	bool took;

	local_irq_save(flags);
	took = cpu_lock_acquire(&printk_lock, PRINTK_LOCK_SPINS);
	/* A real console replaces the boot consoles. Its replay would repeat
	 * on the same wire what a boot console already printed. */
	if (!(con->flags & CON_BOOT)) {
		for (pp = &console_list; *pp;) {
			if ((*pp)->flags & CON_BOOT) {
				boot_removed = *pp;
				*pp = (*pp)->next;
			} else {
				pp = &(*pp)->next;
			}
		}
		if (boot_console_seen)
			con->flags &= ~CON_PRINTBUFFER;
	} else {
		boot_console_seen = true;
	}
	con->flags |= CON_ENABLED;
	con->next = NULL;
	for (pp = &console_list; *pp; pp = &(*pp)->next)
		;
	*pp = con;
	if (con->flags & CON_PRINTBUFFER)
		log_replay(con);
	if (took)
		cpu_lock_release(&printk_lock);
	local_irq_restore(flags);

	pr_info("console [%s] enabled\n", con->name);
	if (boot_removed)
		pr_info("bootconsole [%s] disabled\n", boot_removed->name);
}

void unregister_console(struct console *con)
{
	struct console **pp;
	unsigned long flags;
	bool took;

	local_irq_save(flags);
	took = cpu_lock_acquire(&printk_lock, PRINTK_LOCK_SPINS);
	for (pp = &console_list; *pp; pp = &(*pp)->next) {
		if (*pp == con) {
			*pp = con->next;
			break;
		}
	}
	if (took)
		cpu_lock_release(&printk_lock);
	local_irq_restore(flags);
}

/* loglevel=N: messages below N reach the consoles (1 = emergencies only,
 * 8 = everything). */
static int setup_loglevel(const char *val)
{
	unsigned long n;

	if (!val || kstrtoul(val, 10, &n) || n < 1 || n > 8)
		return -EINVAL;
	console_loglevel = (int)n;
	return 0;
}
early_param("loglevel", setup_loglevel);
