// SPDX-License-Identifier: MIT
/*
 * Secondary CPUs: the device tree's /cpus nodes give each CPU's MPIDR
 * (CPU n is the n-th node, the boot CPU first). One at a time, each gets a
 * kmalloc'd stack and is started at arm64_secondary_entry (head.S) by PSCI
 * CPU_ON; in C it takes the same MMU setup, GIC interface and timer as the
 * boot CPU, then becomes that CPU's idle task. IPIs are GIC SGIs.
 */
#include <kernel/arch.h>
#include <kernel/fdt.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define MPIDR_AFF_MASK		0xff00ffffffUL

unsigned long arm64_secondary_stack;
static unsigned long cpu_mpidr[NR_CPUS];

/* Nothing to do: the interrupt exit path reschedules. */
static void reschedule_interrupt(struct pt_regs *regs)
{
}

__noreturn void arm64_secondary_start(unsigned int cpu)
{
	arm64_cpu_init(cpu);
	arm64_mmu_enable();
	gic_cpu_init();
	gic_set_percpu_handler(GIC_SGI_RESCHEDULE, reschedule_interrupt);
	arm64_timer_start();
	sched_init_secondary();
	set_cpu_online(cpu, true);
	local_irq_enable();
	cpu_idle_loop();
}

/* The new CPU runs with its MMU and caches off until it enables them:
 * what it reads must be in memory, not in this CPU's cache. */
static void clean_to_memory(const void *p)
{
	__asm__ __volatile__("dc civac, %0\n\tdsb sy" : : "r"(p) : "memory");
}

static bool boot_secondary(unsigned int cpu, unsigned long mpidr)
{
	void *stack = kmalloc(THREAD_STACK_SIZE);
	int err;

	if (!stack)
		return false;
	arm64_secondary_stack = ((uintptr_t)stack + THREAD_STACK_SIZE) & ~15UL;
	clean_to_memory(&arm64_secondary_stack);
	err = psci_cpu_on(mpidr, (uintptr_t)arm64_secondary_entry, cpu);
	if (err) {
		pr_err("smp: CPU %u (MPIDR %#lx): PSCI CPU_ON error %d\n", cpu, mpidr, err);
		kfree(stack);
		return false;
	}
	if (wait_cpu_online(cpu))
		return true;
	pr_err("smp: CPU %u (MPIDR %#lx) did not come up\n", cpu, mpidr);
	return false;
}

void arch_smp_init(void)
{
	unsigned int cpu = 0;
	int cpus, node;

	cpu_mpidr[0] = read_sysreg(mpidr_el1) & MPIDR_AFF_MASK;
	gic_set_percpu_handler(GIC_SGI_RESCHEDULE, reschedule_interrupt);
	if (!arm64_fdt || (cpus = fdt_path_offset(arm64_fdt, "/cpus")) < 0)
		return;
	if (psci_init()) {
		pr_info("smp: no PSCI, one CPU\n");
		return;
	}
	for (node = fdt_next_subnode(arm64_fdt, cpus, -1); node >= 0;
	     node = fdt_next_subnode(arm64_fdt, cpus, node)) {
		const char *type = fdt_getprop(arm64_fdt, node, "device_type", NULL);
		int len = 0;
		const void *reg = fdt_getprop(arm64_fdt, node, "reg", &len);
		unsigned long mpidr;

		if (!type || strcmp(type, "cpu") || !reg)
			continue;
		mpidr = (unsigned long)fdt_read_cells(reg, len >= 8 ? 2 : 1) & MPIDR_AFF_MASK;
		if (mpidr == cpu_mpidr[0])
			continue;
		if (++cpu >= NR_CPUS) {
			pr_warn("smp: more CPUs than NR_CPUS (%d)\n", NR_CPUS);
			break;
		}
		cpu_mpidr[cpu] = mpidr;
		if (!boot_secondary(cpu, mpidr))
			break;
	}
}

void smp_send_nmi_allbutself(void)
{
	gic_send_sgi_others(GIC_SGI_NMI);
}

void smp_send_nmi(unsigned int cpu)
{
	gic_send_sgi(GIC_SGI_NMI, 1U << cpu);
}

void smp_send_reschedule(unsigned int cpu)
{
	gic_send_sgi(GIC_SGI_RESCHEDULE, 1U << cpu);
}

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: MPIDR %#lx, %s, generic timer %lu.%03lu MHz, %lu timer ticks\n",
		cpu, cpu_mpidr[cpu], cpu_online(cpu) ? "online" : "offline",
		arm64_timer_freq / 1000000, arm64_timer_freq / 1000 % 1000,
		arm64_timer_ticks(cpu));
}
