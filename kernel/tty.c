// SPDX-License-Identifier: MIT
/*
 * The tty registry and the receive path. Drivers call tty_receive() from
 * their interrupt handler; a receive hook (a debugger transport) sees each
 * character first, then a BREAK arms SysRq for the next character, and
 * what is left on the console tty goes to the shell's input queue.
 */
#include <kernel/tty.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>
#include <kernel/sysrq.h>

#define INPUT_QUEUE_LEN	256	/* a power of two */

static struct tty *tty_list;
static DEFINE_SPINLOCK(tty_list_lock);
static struct tty *console_tty;

/* The console input queue: filled by interrupts, drained by the shell. */
static char input_queue[INPUT_QUEUE_LEN];
static unsigned int input_head, input_tail;	/* free-running counters */
static DEFINE_SPINLOCK(input_lock);
static struct task *input_reader;	/* set only while it waits */

void tty_register(struct tty *tty)
{
	struct tty **pp;
	unsigned long flags;

	tty->next = NULL;
	spin_lock_irqsave(&tty_list_lock, flags);
	for (pp = &tty_list; *pp; pp = &(*pp)->next)
		;
	/* Readers walk the list without the lock. */
	__atomic_store_n(pp, tty, __ATOMIC_RELEASE);
	spin_unlock_irqrestore(&tty_list_lock, flags);
}

struct tty *tty_find(const char *name)
{
	struct tty *t;

	for (t = tty_first(); t; t = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE))
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

struct tty *tty_first(void)
{
	return __atomic_load_n(&tty_list, __ATOMIC_ACQUIRE);
}

tty_rx_hook_t tty_set_rx_hook(struct tty *tty, tty_rx_hook_t hook)
{
	return __atomic_exchange_n(&tty->rx_hook, hook, __ATOMIC_SEQ_CST);
}

struct tty *tty_console(void)
{
	return READ_ONCE(console_tty);
}

void tty_set_console(struct tty *tty)
{
	WRITE_ONCE(console_tty, tty);
}

static void input_push(char c)
{
	unsigned long flags;

	spin_lock_irqsave(&input_lock, flags);
	if (input_head - input_tail < INPUT_QUEUE_LEN) {
		input_queue[input_head % INPUT_QUEUE_LEN] = c;
		__atomic_store_n(&input_head, input_head + 1, __ATOMIC_RELEASE);
		/* Under input_lock: the reader cannot go (and die) before it
		 * clears input_reader, which needs the lock. */
		if (input_reader)
			wake_up_task(input_reader);
	}
	spin_unlock_irqrestore(&input_lock, flags);
}

void tty_receive(struct tty *tty, int ch, unsigned int flags)
{
	tty_rx_hook_t hook = READ_ONCE(tty->rx_hook);

	if (hook && hook(tty, ch, flags))
		return;
	if (flags & TTY_RX_BREAK) {
		tty->sysrq_pending = true;
		return;
	}
	if (tty->sysrq_pending) {
		tty->sysrq_pending = false;
		handle_sysrq((char)ch);
		return;
	}
	if (tty == tty_console())
		input_push((char)ch);
}

static bool input_ready(void *arg)
{
	return __atomic_load_n(&input_head, __ATOMIC_ACQUIRE) != READ_ONCE(input_tail);
}

int tty_console_getc(void)
{
	unsigned long flags;
	int c;

	for (;;) {
		spin_lock_irqsave(&input_lock, flags);
		if (input_head != input_tail) {
			c = (unsigned char)input_queue[input_tail % INPUT_QUEUE_LEN];
			input_tail++;
			spin_unlock_irqrestore(&input_lock, flags);
			return c;
		}
		input_reader = current_task();
		spin_unlock_irqrestore(&input_lock, flags);
		sleep_until(input_ready, NULL);
		/* Cleared while we run: a reader that dies later (an oops in
		 * a shell command) must not be woken up after it is freed. */
		spin_lock_irqsave(&input_lock, flags);
		input_reader = NULL;
		spin_unlock_irqrestore(&input_lock, flags);
	}
}
