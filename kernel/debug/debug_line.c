// SPDX-License-Identifier: MIT
/*
 * Who writes to the client's line: the master, or a CPU writing kernel
 * messages to the client while the kernel runs (kgdbcon, debug_console.c).
 * A writer holds the line for a whole packet; the master, before it holds
 * the other CPUs, lets one that is writing finish its packet (held
 * halfway, it would leave the client half a packet to read the master's
 * next one into).
 */

#include <kernel/jiffies.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include "debug_internal.h"

/* How long the master waits for a CPU to finish the text it writes. */
#define LINE_WAIT_US		1000000UL
#define LINE_POLL_US		10

static DEFINE_SPINLOCK(line_lock);
static int line_writer = -1;	/* the CPU writing, under line_lock */
static bool line_master;	/* the master holds line_lock */

/* A packet of kernel messages may go out now; false: another CPU's is. */
bool kgdb_line_write_begin(void)
{
	if (!spin_trylock(&line_lock))
		return false;
	WRITE_ONCE(line_writer, (int)smp_processor_id());
	return true;
}

void kgdb_line_write_end(void)
{
	WRITE_ONCE(line_writer, -1);
	spin_unlock(&line_lock);
}

/*
 * The master is to use the line: a CPU writing finishes its packet first,
 * for a second at most. Not one already held, or this CPU, whose trap cut
 * its own text short: the front end closes what was cut
 * (kgdb_frontend.console_write).
 */
void kgdb_line_writers_wait(void)
{
	unsigned long waited = 0;
	int cpu;

	while (!spin_trylock(&line_lock)) {
		cpu = READ_ONCE(line_writer);
		if (cpu == (int)smp_processor_id() || waited >= LINE_WAIT_US ||
		    (cpu >= 0 && __atomic_load_n(&kgdb_cpus[cpu].held, __ATOMIC_ACQUIRE)))
			return;
		udelay(LINE_POLL_US);
		waited += LINE_POLL_US;
	}
	line_master = true;
}

/* The master is done with the line: kernel messages may go to the client again. */
void kgdb_line_writers_resume(void)
{
	if (!line_master)
		return;
	line_master = false;
	spin_unlock(&line_lock);
}
