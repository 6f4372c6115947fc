// SPDX-License-Identifier: MIT
/*
 * Starting the application processors: INIT, startup IPI, and the
 * trampoline (trampoline.S) that takes each one to x86_ap_start() in C.
 * APs are started one at a time, sharing the trampoline and ap_boot_params.
 */

#include <kernel/types.h>
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/acpi.h>
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/smpboot.h>

#define MSR_EFER		0xc0000080
#define EFER_LMA		(1ULL << 10)	/* read-only status bit */
#define CPUID_EXT_MAX		0x80000000
#define CPUID_EXT_FEATURES	0x80000001
#define CPUID_EXT_NX		(1U << 20)
#define CPUID_EXT_LM		(1U << 29)

/* Intel's documented waits; QEMU needs none, and CPUs since the P6 skip the
 * INIT delay (see need_init_delay()). The AP itself must show up within
 * wait_cpu_online()'s second. */
#define INIT_DELAY_US		10000
#define SIPI_WAIT_US		200

#define AP_BOOT_OFFSET(m, off) \
	_Static_assert(__builtin_offsetof(struct ap_boot_params, m) == (off), #m)
AP_BOOT_OFFSET(cr0, AP_BOOT_CR0);
AP_BOOT_OFFSET(cr3, AP_BOOT_CR3);
AP_BOOT_OFFSET(cr4, AP_BOOT_CR4);
AP_BOOT_OFFSET(efer_lo, AP_BOOT_EFER_LO);
AP_BOOT_OFFSET(efer_hi, AP_BOOT_EFER_HI);
AP_BOOT_OFFSET(flags, AP_BOOT_FLAGS);
AP_BOOT_OFFSET(stack, AP_BOOT_STACK);
AP_BOOT_OFFSET(cpu, AP_BOOT_CPU);
AP_BOOT_OFFSET(started, AP_BOOT_STARTED);

struct ap_boot_params ap_boot_params;

static u8 cpu_apic_ids[NR_CPUS];
static unsigned int nr_cpus_listed = 1;	/* by the firmware, even beyond NR_CPUS */

unsigned int cpu_to_apic_id(unsigned int cpu)
{
	return cpu_apic_ids[cpu];
}

bool all_cpus_online(void)
{
	return num_online_cpus() == nr_cpus_listed;
}

void smp_prepare_boot_cpu(void)
{
	cpu_apic_ids[0] = lapic_id();
	set_cpu_online(0, true);
	ipi_init();
}

__noreturn void x86_ap_start(unsigned int cpu)
{
	x86_cpu_init(cpu);
	lapic_setup(false);
	lapic_timer_start();
	sched_init_secondary();
	set_cpu_online(cpu, true);
	local_irq_enable();
	cpu_idle_loop();
}

/* Only the original Pentium and older need the 10 ms after INIT. */
static bool need_init_delay(void)
{
	u32 a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	return ((a >> 8) & 0xf) < 6;
}

static bool wait_for(volatile u32 *flag, unsigned long us)
{
	while (!*flag && us--)
		udelay(1);
	return *flag;
}

static bool boot_ap(unsigned int cpu, unsigned int apic_id)
{
	u8 *stack = kmalloc(THREAD_STACK_SIZE);
	int sipi;

	if (!stack) {
		pr_err("smp: no stack for CPU %u\n", cpu);
		return false;
	}
	ap_boot_params.stack = (uintptr_t)(stack + THREAD_STACK_SIZE) & ~15UL;
	ap_boot_params.cpu = cpu;
	WRITE_ONCE(ap_boot_params.started, 0);
	cpu_apic_ids[cpu] = apic_id;
	barrier();

	lapic_send_ipi(apic_id, APIC_ICR_DM_INIT | APIC_ICR_LEVEL | APIC_ICR_ASSERT);
	lapic_send_ipi(apic_id, APIC_ICR_DM_INIT | APIC_ICR_LEVEL);
	if (need_init_delay())
		udelay(INIT_DELAY_US);
	/* The second startup IPI is for CPUs that miss the first; one that has
	 * left its wait-for-SIPI state ignores it. */
	for (sipi = 0; sipi < 2; sipi++) {
		lapic_send_ipi(apic_id, APIC_ICR_DM_STARTUP | (TRAMPOLINE_BASE >> 12));
		if (wait_for(&ap_boot_params.started, SIPI_WAIT_US))
			break;
	}
	if (wait_cpu_online(cpu))
		return true;

	/* Park it in wait-for-SIPI again, so that a late start cannot run
	 * on the next AP's stack. The stack is leaked: it may be in use. */
	lapic_send_ipi(apic_id, APIC_ICR_DM_INIT | APIC_ICR_LEVEL | APIC_ICR_ASSERT);
	pr_err("smp: CPU %u (APIC id %u) did not come up%s\n", cpu, apic_id,
	       ap_boot_params.started ? "" : ", not even to the trampoline");
	return false;
}

static void prepare_trampoline(void)
{
	u32 a, b, c, d;

	memcpy((void *)TRAMPOLINE_BASE, trampoline_start, trampoline_end - trampoline_start);

	ap_boot_params.cr0 = read_cr0();
	ap_boot_params.cr3 = x86_boot_cr3;
	ap_boot_params.cr4 = read_cr4();
	/* EFER exists where no-execute or long mode does. */
	cpuid(CPUID_EXT_MAX, &a, &b, &c, &d);
	if (a >= CPUID_EXT_FEATURES) {
		cpuid(CPUID_EXT_FEATURES, &a, &b, &c, &d);
		if (d & (CPUID_EXT_NX | CPUID_EXT_LM)) {
			u64 efer = rdmsr(MSR_EFER) & ~EFER_LMA;

			ap_boot_params.efer_lo = (u32)efer;
			ap_boot_params.efer_hi = (u32)(efer >> 32);
			ap_boot_params.flags |= AP_BOOT_LOAD_EFER;
		}
	}
}

void arch_smp_init(void)
{
	unsigned int i, cpu = 1;
	u8 boot_id = cpu_apic_ids[0];

	if (x86_platform.nr_lapics)
		nr_cpus_listed = x86_platform.nr_lapics;
	prepare_trampoline();
	for (i = 0; i < x86_platform.nr_lapics && cpu < NR_CPUS; i++) {
		if (x86_platform.lapic_ids[i] == boot_id)
			continue;
		if (boot_ap(cpu, x86_platform.lapic_ids[i]))
			cpu++;
	}
	if (nr_cpus_listed > NR_CPUS)
		pr_warn("smp: %u CPUs listed, NR_CPUS is %u\n", nr_cpus_listed, NR_CPUS);
	pr_info("smp: %u CPUs online\n", num_online_cpus());
}

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: APIC id %u, %s, TSC %lu.%03lu MHz, %lu timer ticks\n",
		cpu, cpu_to_apic_id(cpu), cpu_online(cpu) ? "online" : "offline",
		tsc_khz / 1000, tsc_khz % 1000, lapic_timer_ticks(cpu));
}
