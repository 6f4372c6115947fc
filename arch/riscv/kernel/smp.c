// SPDX-License-Identifier: MIT
/*
 * Secondary CPUs and IPIs. The device tree's /cpus nodes give each hart
 * id; CPU 0 is the hart OpenSBI booted, the others are numbered in tree
 * order. One at a time, each gets a kmalloc'd stack and is started at
 * riscv_secondary_entry (head.S) by SBI HSM hart_start; in C it takes the
 * same trap vector, page table, PLIC context and timer as the boot CPU,
 * then becomes that CPU's idle task.
 *
 * IPIs are SBI send_ipi, the supervisor software interrupt: a request
 * bit in the target's pending word says what for. S-mode has no NMI, so
 * the debugger's roundup and panic's CPU stop are an IPI like the others,
 * acted on as DIE_NMI: a CPU spinning with interrupts off never takes it.
 */
#include <kernel/arch.h>
#include <kernel/die.h>
#include <kernel/fdt.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/csr.h>
#include <asm/sbi.h>
#include <asm/setup.h>

/* Request bits in a CPU's pending word. */
#define IPI_NMI		0x1
#define IPI_CRASH	0x2

/* The hart being started: read by head.S, whichever way it comes in. */
unsigned int riscv_secondary_cpu;
unsigned long riscv_secondary_sp;
static unsigned long pending[NR_CPUS];

__noreturn void riscv_secondary_start(unsigned int cpu)
{
	riscv_cpu_init(cpu);
	riscv_mmu_enable();
	plic_cpu_init();
	csr_set(sie, SIE_SSIE);
	riscv_timer_start();
	sched_init_secondary();
	set_cpu_online(cpu, true);
	local_irq_enable();
	cpu_idle_loop();
}

static bool boot_secondary(unsigned int cpu, unsigned long hartid)
{
	void *stack = kmalloc(THREAD_STACK_SIZE);
	long err;

	if (!stack)
		return false;
	riscv_hartid[cpu] = hartid;
	riscv_secondary_cpu = cpu;
	riscv_secondary_sp = ((uintptr_t)stack + THREAD_STACK_SIZE) & ~15UL;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	err = sbi_hart_start(hartid, (uintptr_t)riscv_secondary_entry, cpu);
	if (err) {
		pr_err("smp: CPU %u (hart %lu): SBI hart_start error %ld\n", cpu, hartid, err);
		kfree(stack);
		return false;
	}
	if (wait_cpu_online(cpu))
		return true;
	pr_err("smp: CPU %u (hart %lu) did not come up\n", cpu, hartid);
	return false;
}

static bool usable_hart(const void *fdt, int node, unsigned long *hartid)
{
	const char *type = fdt_getprop(fdt, node, "device_type", NULL);
	const char *status = fdt_getprop(fdt, node, "status", NULL);
	const void *reg = fdt_getprop(fdt, node, "reg", NULL);

	if (!type || strcmp(type, "cpu") || !reg || (status && strcmp(status, "okay")))
		return false;
	*hartid = fdt32_ld(reg);
	return true;
}

void arch_smp_init(void)
{
	unsigned int cpu = 0;
	unsigned long hartid;
	int cpus, node;

	csr_set(sie, SIE_SSIE);
	if (!riscv_fdt || (cpus = fdt_path_offset(riscv_fdt, "/cpus")) < 0)
		return;
	for (node = fdt_next_subnode(riscv_fdt, cpus, -1); node >= 0;
	     node = fdt_next_subnode(riscv_fdt, cpus, node)) {
		if (!usable_hart(riscv_fdt, node, &hartid) || hartid == riscv_hartid[0])
			continue;
		if (++cpu >= NR_CPUS) {
			pr_warn("smp: more CPUs than NR_CPUS (%d)\n", NR_CPUS);
			break;
		}
		if (!boot_secondary(cpu, hartid))
			break;
	}
}

static void send_ipi(unsigned int cpu, unsigned long what)
{
	if (cpu >= NR_CPUS)
		return;
	__atomic_fetch_or(&pending[cpu], what, __ATOMIC_SEQ_CST);
	sbi_send_ipi(1, riscv_hartid[cpu]);
}

/* The supervisor software interrupt: act on what other CPUs asked. */
void riscv_ipi_interrupt(struct pt_regs *regs)
{
	unsigned long what;

	csr_clear(sip, SIE_SSIE);
	what = __atomic_exchange_n(&pending[smp_processor_id()], 0, __ATOMIC_ACQ_REL);
	/* A stale request (its sender gave up meanwhile) finds no taker in
	 * the die chain and is dropped. */
	if (what & IPI_NMI)
		notify_die(DIE_NMI, "NMI", regs, 0, 0, 0);
	if (what & IPI_CRASH) {
		irq_enter();
		crash_in_irq_handler(regs);
		irq_exit();
	}
}

void riscv_send_crash_ipi_self(void)
{
	send_ipi(smp_processor_id(), IPI_CRASH);
}

void smp_send_nmi(unsigned int cpu)
{
	send_ipi(cpu, IPI_NMI);
}

void smp_send_nmi_allbutself(void)
{
	unsigned int cpu, self = smp_processor_id();

	for_each_online_cpu(cpu)
		if (cpu != self)
			smp_send_nmi(cpu);
}

/* The scheduler has set @cpu's need_resched: the IPI's exit path reschedules. */
void smp_send_reschedule(unsigned int cpu)
{
	send_ipi(cpu, 0);
}

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: hart %lu, %s, timebase %lu Hz, %lu timer ticks\n", cpu,
		riscv_hartid[cpu], cpu_online(cpu) ? "online" : "offline", riscv_timebase,
		riscv_timer_ticks(cpu));
}
