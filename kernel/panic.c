// SPDX-License-Identifier: MIT
/*
 * panic(): report, let the panic notifiers (the debugger) look, stop the
 * other CPUs, then halt, or reboot after panic=N seconds. One CPU panics;
 * any other that panics at the same time just stops.
 */
#include <kernel/panic.h>
#include <kernel/arch.h>
#include <kernel/die.h>
#include <kernel/init.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/errno.h>

#ifdef CONFIG_PANIC_ON_OOPS
int panic_on_oops = 1;
#else
int panic_on_oops;
#endif
int panic_timeout;
int oops_in_progress;
struct notifier_chain panic_notifier_list;

static int panic_cpu = -1;
static bool panic_stopping;	/* the other CPUs are to stop now */
static int cpus_stopped;

/* How long to wait for the other CPUs to take their stop NMI. */
#define STOP_WAIT_MS	1000

static void emerg_write(struct printer *p, const char *s, size_t len)
{
	printk(KERN_EMERG "%.*s", (int)len, s);
}

static struct printer emerg_printer = { emerg_write };

static void stop_other_cpus(void)
{
	unsigned int others = num_online_cpus() - 1;

	if (!others)
		return;
	__atomic_store_n(&panic_stopping, true, __ATOMIC_SEQ_CST);
	smp_send_nmi_allbutself();
	for (int ms = 0; ms < STOP_WAIT_MS; ms++) {
		if ((unsigned int)__atomic_load_n(&cpus_stopped, __ATOMIC_ACQUIRE) >= others)
			return;
		mdelay(1);
	}
	pr_emerg("panic: %u CPU(s) did not stop\n",
		 others - (unsigned int)__atomic_load_n(&cpus_stopped, __ATOMIC_ACQUIRE));
}

void panic(const char *fmt, ...)
{
	static char buf[256];
	int cpu, prev = -1;
	bool oopsed;
	va_list ap;

	local_irq_disable();
	cpu = (int)smp_processor_id();
	if (!__atomic_compare_exchange_n(&panic_cpu, &prev, cpu, false, __ATOMIC_SEQ_CST,
					 __ATOMIC_SEQ_CST)) {
		/* Another CPU panics (it will stop us), or this one panics
		 * again from inside panic(): nothing more to do. */
		arch_cpu_halt();
	}
	oopsed = __atomic_exchange_n(&oops_in_progress, 1, __ATOMIC_SEQ_CST);

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	pr_emerg("Kernel panic - not syncing: %s\n", buf);
	if (!oopsed) {
		struct task *t = current_task();

		pr_emerg("CPU: %d PID: %d Comm: %s\n", cpu, t ? t->pid : -1, t ? t->comm : "-");
		show_backtrace(&emerg_printer, NULL);
	}

	notifier_call_chain(&panic_notifier_list, 0, buf);
	stop_other_cpus();

	if (panic_timeout > 0) {
		pr_emerg("Rebooting in %d seconds..\n", panic_timeout);
		mdelay((unsigned long)panic_timeout * 1000);
	}
	if (panic_timeout != 0)
		machine_restart();
	pr_emerg("---[ end Kernel panic - not syncing: %s ]---\n", buf);
	arch_cpu_halt();
}

/* The NMI that stop_other_cpus() sends: park this CPU for good. Highest
 * priority, and only once panic() asks, so that the debugger (called from
 * the panic notifiers before that) can still round CPUs up. */
static int panic_stop_nmi(struct notifier_block *nb, unsigned long val, void *data)
{
	if (val != DIE_NMI || !__atomic_load_n(&panic_stopping, __ATOMIC_ACQUIRE) ||
	    __atomic_load_n(&panic_cpu, __ATOMIC_ACQUIRE) == (int)smp_processor_id())
		return NOTIFY_DONE;
	__atomic_fetch_add(&cpus_stopped, 1, __ATOMIC_SEQ_CST);
	arch_cpu_halt();
}

static struct notifier_block panic_stop_nb = {
	.call = panic_stop_nmi,
	.priority = __INT_MAX__,
};

static int panic_init(void)
{
	return register_die_notifier(&panic_stop_nb);
}
core_initcall(panic_init);

/* panic=N: reboot N seconds after a panic; 0 halts, negative reboots at once. */
static int setup_panic_timeout(const char *val)
{
	long n;

	if (!val || kstrtol(val, 0, &n) || n < -3600 || n > 3600)
		return -EINVAL;
	panic_timeout = (int)n;
	return 0;
}
early_param("panic", setup_panic_timeout);

static int setup_panic_on_oops(const char *val)
{
	unsigned long n = 1;

	if (val && (kstrtoul(val, 0, &n) || n > 1))
		return -EINVAL;
	panic_on_oops = (int)n;
	return 0;
}
early_param("panic_on_oops", setup_panic_on_oops);
