// SPDX-License-Identifier: MIT
/*
 * Shell commands for the debugger benchmark (tools/bench): enough threads
 * to make "info threads" meaningful, a thread that keeps calling one
 * function (so that a breakpoint there fires as soon as the kernel runs),
 * and a raw test of a serial line through the very poll operations the
 * debugger's transport uses, so that the debugger's throughput can be set
 * against what the line itself carries.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/shell.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/tty.h>

#define SPAWN_MAX		256
#define SLEEPER_NAP_MS		60000
#define LINETEST_MAX		(4UL << 20)
/* Polls without a byte before the receive tests give up (about a second). */
#define LINETEST_IDLE_POLLS	(10UL * 1000 * 1000)
#define LINETEST_CHUNK		256
/* The UARTs interrupt CPU 0: with its interrupts off, no handler takes bytes. */
#define LINETEST_CPU		0
#define LINETEST_READY		'R'
#define LINETEST_DONE		'K'
#define LINETEST_TIMEOUT	'T'

static unsigned int spawned;
static volatile unsigned long bench_ticks;
static bool spinning;

static void sleeper_thread(void *arg)
{
	for (;;)
		msleep(SLEEPER_NAP_MS);
}

static int cmd_spawn(struct printer *out, int argc, char **argv)
{
	unsigned long n;
	char name[TASK_COMM_LEN];

	if (argc != 2 || kstrtoul(argv[1], 10, &n) || n > SPAWN_MAX - spawned) {
		pprintf(out, "usage: spawn <n>: start n sleeping threads (%u more at most)\n",
			SPAWN_MAX - spawned);
		return -EINVAL;
	}
	while (n--) {
		snprintf(name, sizeof(name), "sleeper/%u", spawned);
		if (!kthread_run(sleeper_thread, NULL, name))
			return -ENOMEM;
		spawned++;
	}
	pprintf(out, "spawn: %u sleeping threads\n", spawned);
	return 0;
}
SHELL_COMMAND(spawn, "spawn <n>: start n sleeping threads (for debugger tests)", cmd_spawn);

/* Where the benchmark plants its breakpoint. */
static __noinline void bench_tick(void)
{
	bench_ticks++;
	barrier();
}

static void spinner_thread(void *arg)
{
	for (;;)
		bench_tick();
}

/* Each CPU's count of its counter thread's calls to bench_count(). */
static volatile unsigned long spin_counts[NR_CPUS];
static bool counting;

/* Where a test plants a breakpoint that every CPU hits at once. */
static __noinline void bench_count(volatile unsigned long *count)
{
	(*count)++;
	barrier();
}

static void counter_thread(void *arg)
{
	volatile unsigned long *count = arg;

	for (;;)
		bench_count(count);
}

static int spin_all(struct printer *out)
{
	char name[TASK_COMM_LEN];
	unsigned int cpu;

	for (cpu = 0; !counting && cpu < num_online_cpus(); cpu++) {
		snprintf(name, sizeof(name), "counter/%u", cpu);
		if (!kthread_run_on(cpu, counter_thread, (void *)&spin_counts[cpu], name))
			return -ENOMEM;
	}
	counting = true;
	pprintf(out, "spin all: a thread on each CPU calls bench_count(&spin_counts[cpu])\n");
	return 0;
}

static int cmd_spin(struct printer *out, int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "all"))
		return spin_all(out);
	if (!spinning) {
		if (!kthread_run_on(num_online_cpus() - 1, spinner_thread, NULL, "spinner"))
			return -ENOMEM;
		spinning = true;
	}
	pprintf(out, "spin: a thread calls bench_tick() on CPU %u\n", num_online_cpus() - 1);
	return 0;
}
SHELL_COMMAND(spin, "spin [all]: a thread that calls bench_tick() forever, or one per CPU "
	      "that calls bench_count() (for debugger tests)", cmd_spin);

/* How fast the spinner goes: with a breakpoint's hits in its way, and without. */
static int cmd_tickrate(struct printer *out, int argc, char **argv)
{
	unsigned long before = bench_ticks;

	msleep(1000);
	pprintf(out, "tickrate: %lu calls of bench_tick() a second\n", bench_ticks - before);
	return 0;
}
SHELL_COMMAND(tickrate, "tickrate: calls of bench_tick() in one second (for the debugger's bench)",
	      cmd_tickrate);

enum linetest_mode { LT_TX, LT_TXPOLL, LT_RX, LT_ECHO };

struct linetest {
	struct tty *tty;
	enum linetest_mode mode;
	unsigned long len;
	unsigned long done;	/* bytes moved */
	struct task *waiter;	/* the shell, woken when the test is over */
	bool finished;
};

static int linetest_getc(struct tty *tty)
{
	unsigned long idle;
	int c;

	for (idle = 0; idle < LINETEST_IDLE_POLLS; idle++) {
		c = tty->ops->poll_get_char(tty);
		if (c != NO_POLL_CHAR)
			return c;
	}
	return NO_POLL_CHAR;
}

static void linetest_run(struct linetest *lt)
{
	struct tty *tty = lt->tty;
	char chunk[LINETEST_CHUNK];
	size_t n;
	int c;

	/* A pattern without '\n', which the write path would expand. */
	for (n = 0; n < sizeof(chunk); n++)
		chunk[n] = (char)('0' + n % 64);
	switch (lt->mode) {
	case LT_TX:
		while (lt->done < lt->len) {
			n = MIN(sizeof(chunk), lt->len - lt->done);
			tty->ops->write(tty, chunk, n);
			lt->done += n;
		}
		break;
	case LT_TXPOLL:
		for (; lt->done < lt->len; lt->done++)
			tty->ops->poll_put_char(tty, chunk[lt->done % sizeof(chunk)]);
		break;
	case LT_RX:
	case LT_ECHO:
		tty->ops->poll_put_char(tty, LINETEST_READY);
		for (; lt->done < lt->len; lt->done++) {
			c = linetest_getc(tty);
			if (c == NO_POLL_CHAR)
				break;
			if (lt->mode == LT_ECHO)
				tty->ops->poll_put_char(tty, (char)c);
		}
		if (lt->mode == LT_RX)
			tty->ops->poll_put_char(tty, lt->done == lt->len ? LINETEST_DONE :
						LINETEST_TIMEOUT);
		break;
	}
}

static void linetest_thread(void *arg)
{
	struct linetest *lt = arg;
	unsigned long flags = 0;

	/* The poll paths run as the debugger runs them: interrupts off. */
	if (lt->mode != LT_TX)
		local_irq_save(flags);
	linetest_run(lt);
	if (lt->mode != LT_TX)
		local_irq_restore(flags);
	WRITE_ONCE(lt->finished, true);
	wake_up_task(lt->waiter);
}

static bool linetest_finished(void *arg)
{
	return READ_ONCE(((struct linetest *)arg)->finished);
}

static int cmd_linetest(struct printer *out, int argc, char **argv)
{
	static const char *const modes[] = {
		[LT_TX] = "tx", [LT_TXPOLL] = "txpoll", [LT_RX] = "rx", [LT_ECHO] = "echo",
	};
	static struct linetest lt;
	unsigned int m;

	if (argc != 4)
		goto usage;
	memset(&lt, 0, sizeof(lt));
	lt.tty = tty_find(argv[1]);
	for (m = 0; m < ARRAY_SIZE(modes) && strcmp(argv[2], modes[m]); m++)
		;
	if (!lt.tty || m == ARRAY_SIZE(modes) || kstrtoul(argv[3], 10, &lt.len) ||
	    !lt.len || lt.len > LINETEST_MAX)
		goto usage;
	if (lt.tty == tty_console() || !lt.tty->ops->poll_get_char || !lt.tty->ops->poll_put_char) {
		pprintf(out, "linetest: %s is the console or cannot poll\n", argv[1]);
		return -EINVAL;
	}
	lt.mode = (enum linetest_mode)m;
	lt.waiter = current_task();
	if (!kthread_run_on(LINETEST_CPU, linetest_thread, &lt, "linetest"))
		return -ENOMEM;
	while (!linetest_finished(&lt))
		sleep_until(linetest_finished, &lt);
	pprintf(out, "linetest: %s %s %lu of %lu bytes\n", argv[1], modes[m], lt.done, lt.len);
	return lt.done == lt.len ? 0 : -EIO;
usage:
	pprintf(out, "usage: linetest <tty> tx|txpoll|rx|echo <bytes>\n");
	return -EINVAL;
}
SHELL_COMMAND(linetest, "linetest <tty> tx|txpoll|rx|echo <n>: raw serial line test", cmd_linetest);
