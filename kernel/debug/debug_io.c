// SPDX-License-Identifier: MIT
/*
 * The debugger's transport (one at a time, registered and unregistered at
 * run time) and kgdbwait (stop at boot once a transport is there).
 */

#include <kernel/errno.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <asm/processor.h>	/* cpu_relax() */
#include "debug_internal.h"

static bool kgdbwait, kgdbwait_done;

#ifdef CONFIG_KGDB_KDB
/* A front end's bytes for the next: one packet, as long as kdb reads one. */
#define REPLAY_MAX	1024
static char replay_buf[REPLAY_MAX];
static size_t replay_len, replay_pos;

int kgdb_io_replay(const char *s, size_t len)
{
	if (len > REPLAY_MAX - (replay_len - replay_pos))
		return -E2BIG;
	memmove(replay_buf, replay_buf + replay_pos, replay_len - replay_pos);
	replay_len -= replay_pos;
	replay_pos = 0;
	memcpy(replay_buf + replay_len, s, len);
	replay_len += len;
	return 0;
}

static void replay_forget(void)
{
	replay_len = replay_pos = 0;
}

/* The next byte handed on, KGDB_NO_CHAR once they are all read. */
static int replay_next(void)
{
	if (replay_pos < replay_len)
		return (u8)replay_buf[replay_pos++];
	replay_forget();
	return KGDB_NO_CHAR;
}
#else
/* Only kdb hands bytes on. */
static inline int replay_next(void)
{
	return KGDB_NO_CHAR;
}

static inline void replay_forget(void)
{
}
#endif

int kgdb_io_read_char(void)
{
	int c = replay_next();

	return c != KGDB_NO_CHAR ? c : kgdb_io_ops->read_char();
}

/*
 * Pauses between polls of a silent transport. A burst's gaps (a UART's
 * FIFO refilled, the rest of a packet) are spun through; past them the
 * master sleeps, where the arch can (kgdb_arch.idle), a quarter of the
 * silence so far: what arrives then waits at most a quarter longer than
 * it took to come, and a client that thinks for seconds costs the host
 * 250 wakeups a second, not a core.
 */
#define SPIN_POLLS	1000
#define POLL_US		10
#define NAP_MIN_US	50
#define NAP_MAX_US	4000

unsigned int kgdb_io_pause(unsigned long quiet_us)
{
	unsigned int us;

	if (!arch_kgdb_ops.idle) {
		udelay(POLL_US);
		return POLL_US;
	}
	us = (unsigned int)MIN(MAX(quiet_us / 4, (unsigned long)NAP_MIN_US), NAP_MAX_US);
	arch_kgdb_ops.idle(us);
	return us;
}

int kgdb_io_getc(void)
{
	unsigned long quiet_us = 0;
	unsigned int polls = 0;
	int c;

	while ((c = kgdb_io_read_char()) == KGDB_NO_CHAR) {
		if (polls < SPIN_POLLS) {
			polls++;
			cpu_relax();
		} else {
			quiet_us += kgdb_io_pause(quiet_us);
		}
	}
	return c;
}

static int kgdbwait_setup(const char *val)
{
	kgdbwait = true;
	return 0;
}
boot_param("kgdbwait", kgdbwait_setup);

int kgdb_register_io_module(struct kgdb_io *io)
{
	bool stream = io->read_char && io->write_char, packet = io->get_packet && io->put_packet;
	int err;

	/* A stream or a packet transport, not both, not neither. */
	if (stream == packet || !kgdb_arch_valid(&arch_kgdb_ops) || !kgdb_frontend_current())
		return -EINVAL;
#ifndef CONFIG_KGDB_PACKET_IO
	if (packet)
		return -EINVAL;
#endif
	if (kgdb_io_ops)
		return -EBUSY;
	if (io->init) {
		err = io->init();
		if (err)
			return err;
	}
	kgdb_core_attach(io);
	kgdbcon_attach(io);
	pr_info("kgdb: debugger on %s\n", io->name);
	return 0;
}

void kgdb_unregister_io_module(struct kgdb_io *io)
{
	if (kgdb_io_ops != io || kgdb_active())
		return;
	kgdbcon_detach();
	kgdb_core_detach();
	replay_forget();
	pr_info("kgdb: %s unregistered\n", io->name);
}

void kgdb_initial_breakpoint(void)
{
	unsigned long flags;

	if (!kgdbwait || kgdbwait_done || !kgdb_io_ops)
		return;
	kgdbwait_done = true;
	/*
	 * A client that connects as soon as it sees the message must find the
	 * kernel in this breakpoint: with interrupts off its first bytes wait
	 * in the transport instead of breaking in (SIGINT) from the receive
	 * interrupt, which would make the kernel stop here a second time.
	 */
	local_irq_save(flags);
	pr_notice("kgdb: waiting for gdb on %s\n", kgdb_io_ops->name);
	kgdb_breakpoint();
	local_irq_restore(flags);
}
