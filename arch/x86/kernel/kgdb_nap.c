// SPDX-License-Identifier: MIT
/*
 * Sleeping in the debugger: a held CPU's wait for its release (hold.wait)
 * and the master's nap while gdb is silent (kgdb_arch.idle), both in the
 * hlt of kgdb_hold_halt.S.
 *
 * With interrupts off only an NMI ends a hlt, so the nap sends itself one:
 * PIT channel 0 counts the nap down once (mode 0) and its IRQ reaches this
 * CPU through the IOAPIC as an NMI (the line stays so between naps, the
 * count stopped). As for a held CPU's kick, the core moves an NMI that
 * lands just before the hlt past it. The first nap waits for its NMI
 * awake: on a board where it never comes (IRQ 0 not wired as the tables
 * say) the master spins instead of sleeping for good.
 *
 * A nap ends only with its own NMI, which traps.c offers here once nobody
 * else claimed it (x86_kgdb_nap_nmi()): other NMIs (a stray one, another
 * CPU's) only wake the hlt for a moment. So every edge of the PIT is
 * claimed once and none is left to land after the nap, in the kernel.
 */
#include <kernel/smp.h>
#include <kernel/jiffies.h>
#include <asm/io.h>
#include <asm/ioapic.h>
#include <asm/percpu.h>
#include <asm/pit.h>
#include "kgdb_x86.h"

#define PIT_CMD_CH0_ONESHOT	0x30	/* channel 0, low then high byte, mode 0 */
#define PIT_READ_CH0_STATUS	0xe2	/* read-back: channel 0's status only */
#define PIT_STATUS_OUT		0x80	/* the output: high once the count ran out */
#define PIT_MAX_US		54000	/* 16 bits of count */
/* How late the first nap's NMI may be: QEMU's main loop, which runs the
 * PIT, was seen to raise a 50 us count's NMI 2.7 ms late. */
#define TRIAL_SLACK_US		50000
#define TRIAL_POLL_US		10

static enum { NAP_UNTRIED, NAP_WORKS, NAP_BROKEN } nap_state;

struct x86_nap {
	bool armed;		/* the PIT counts for this CPU's nap */
	bool over;		/* its NMI came */
};

static struct x86_nap naps[NR_CPUS];

/* Inside an NMI handler NMIs stay blocked until an iret (traps.c). */
static bool nmis_blocked(void)
{
	return this_cpu_area()->nmi_depth != 0;
}

void x86_kgdb_hold_wait(const bool *release)
{
	x86_kgdb_hold_halt(release, nmis_blocked());
}

static bool pit_ran_out(void)
{
	outb(PIT_READ_CH0_STATUS, PIT_CMD);
	return inb(PIT_CH0) & PIT_STATUS_OUT;
}

bool x86_kgdb_nap_nmi(void)
{
	struct x86_nap *n = &naps[smp_processor_id()];

	if (!__atomic_load_n(&n->armed, __ATOMIC_SEQ_CST) || !pit_ran_out())
		return false;
	__atomic_store_n(&n->armed, false, __ATOMIC_SEQ_CST);
	__atomic_store_n(&n->over, true, __ATOMIC_SEQ_CST);
	return true;
}

void x86_kgdb_nap(unsigned int us)
{
	unsigned int cpu = smp_processor_id();
	struct x86_nap *n = &naps[cpu];
	u32 count = MAX(MIN(us, PIT_MAX_US) * (PIT_HZ / 1000) / 1000, 1U);
	unsigned int waited;

	/* Stop the count (the output goes low) before the line is an NMI. */
	outb(PIT_CMD_CH0_ONESHOT, PIT_CMD);
	if (nap_state == NAP_BROKEN || !pit_counts ||
	    (nap_state == NAP_UNTRIED && nmis_blocked()) ||
	    !ioapic_isa_irq_to_nmi(PIT_IRQ, cpu)) {
		udelay(us);
		return;
	}
	n->over = false;
	__atomic_store_n(&n->armed, true, __ATOMIC_SEQ_CST);
	outb(count & 0xff, PIT_CH0);
	outb(count >> 8, PIT_CH0);
	if (nap_state == NAP_UNTRIED) {
		for (waited = 0; !__atomic_load_n(&n->over, __ATOMIC_SEQ_CST) &&
				 waited < us + TRIAL_SLACK_US; waited += TRIAL_POLL_US)
			udelay(TRIAL_POLL_US);
		nap_state = n->over ? NAP_WORKS : NAP_BROKEN;
		outb(PIT_CMD_CH0_ONESHOT, PIT_CMD);
		/* Not left armed: a later master's count could run out and
		 * this CPU claim an NMI that was not its nap's. */
		__atomic_store_n(&n->armed, false, __ATOMIC_SEQ_CST);
		return;
	}
	while (!__atomic_load_n(&n->over, __ATOMIC_SEQ_CST))
		x86_kgdb_hold_halt(&n->over, nmis_blocked());
}
