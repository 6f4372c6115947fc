// SPDX-License-Identifier: MIT
/*
 * kgdbcon: kernel messages go to the attached client (through its front
 * end) while the kernel runs, on a transport that is not the console
 * itself. kgdbcon=0 at boot turns it off.
 */

#include <kernel/console.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/params.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>
#include "debug_internal.h"
#include "frontend.h"

/* How long the master waits for a CPU to finish the text it writes. */
#define KGDBCON_WAIT_US		1000000UL
#define KGDBCON_POLL_US		10

static bool kgdbcon_enabled = true;
static bool kgdbcon_registered;
static DEFINE_SPINLOCK(kgdbcon_lock);
static int kgdbcon_cpu = -1;	/* the CPU writing, under kgdbcon_lock */
static bool kgdbcon_claimed;	/* the master holds kgdbcon_lock */

static void kgdbcon_write(struct console *con, const char *s, size_t len)
{
	const struct kgdb_frontend *fe = kgdb_frontend_current();
	unsigned long flags;

	if (!kgdb_connected() || kgdb_active() || !READ_ONCE(kgdb_io_ops) || !fe->console_write)
		return;
	local_irq_save(flags);
	/* Another CPU is mid-packet: dropping text beats interleaving it. */
	if (spin_trylock(&kgdbcon_lock)) {
		WRITE_ONCE(kgdbcon_cpu, (int)smp_processor_id());
		fe->console_write(s, len);
		WRITE_ONCE(kgdbcon_cpu, -1);
		spin_unlock(&kgdbcon_lock);
	}
	local_irq_restore(flags);
}

/*
 * The master is to use the line, before it holds the other CPUs: one
 * writing kernel messages to the client finishes its packet first (held
 * halfway, it would leave the client half a packet to read the master's
 * next one into), for a second at most. Not one already held, or this
 * CPU, whose trap cut its own text short: the front end closes what was
 * cut (kgdb_frontend.console_write).
 */
void kgdbcon_claim(void)
{
	unsigned long waited = 0;
	int cpu;

	while (!spin_trylock(&kgdbcon_lock)) {
		cpu = READ_ONCE(kgdbcon_cpu);
		if (cpu == (int)smp_processor_id() || waited >= KGDBCON_WAIT_US ||
		    (cpu >= 0 && __atomic_load_n(&kgdb_cpus[cpu].held, __ATOMIC_ACQUIRE)))
			return;
		udelay(KGDBCON_POLL_US);
		waited += KGDBCON_POLL_US;
	}
	kgdbcon_claimed = true;
}

/* The master is done with the line: kernel messages may go to the client again. */
void kgdbcon_unclaim(void)
{
	if (!kgdbcon_claimed)
		return;
	kgdbcon_claimed = false;
	spin_unlock(&kgdbcon_lock);
}

static struct console kgdbcon = {
	.name = "kgdb",
	.write = kgdbcon_write,
	.flags = CON_ENABLED,
};

static int kgdbcon_setup(const char *val)
{
	kgdbcon_enabled = !val || strcmp(val, "0");
	return 0;
}
boot_param("kgdbcon", kgdbcon_setup);

/* With a transport that is not the console: kernel messages reach gdb too. */
void kgdbcon_attach(struct kgdb_io *io)
{
	if (kgdbcon_enabled && !io->is_console) {
		register_console(&kgdbcon);
		kgdbcon_registered = true;
	}
}

void kgdbcon_detach(void)
{
	if (kgdbcon_registered) {
		unregister_console(&kgdbcon);
		kgdbcon_registered = false;
	}
}
