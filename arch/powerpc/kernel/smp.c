// SPDX-License-Identifier: MIT
/*
 * Secondary CPUs. QEMU's ppce500 holds every CPU but the boot CPU in its
 * ePAPR spin table, one entry per CPU at the device tree's
 * cpu-release-addr (physical, above 4 GiB: seen through a temporary TLB1
 * page). One at a time, each gets a kmalloc'd stack and is released to
 * ppc_secondary_entry (head.S) with its number in r3; it makes the boot
 * CPU's TLB1 entries, vectors, MPIC interface and decrementer its own,
 * then becomes that CPU's idle task. A CPU's number is its PIR (the
 * device tree's reg). Reschedule is an MPIC IPI (an external interrupt);
 * the NMI is the CPU's critical interrupt (nmi.c).
 */
#include <kernel/arch.h>
#include <kernel/fdt.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/mpic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/io.h>
#include <asm/reg.h>
#include <asm/setup.h>

/* An ePAPR spin table entry: 64-bit big-endian fields as 32-bit words. */
#define SPIN_ADDR_HI		0x00
#define SPIN_ADDR_LO		0x04	/* written last: an even value releases */
#define SPIN_R3_HI		0x08
#define SPIN_R3_LO		0x0c
#define SPIN_PIR		0x14

unsigned long ppc_secondary_stack;

/* Nothing to do: the interrupt exit path reschedules. */
static void reschedule_interrupt(struct pt_regs *regs)
{
}

__noreturn void ppc_secondary_start(unsigned int cpu)
{
	ppc_cpu_init();
	mpic_cpu_init();
	ppc_timer_start();
	sched_init_secondary();
	set_cpu_online(cpu, true);
	local_irq_enable();
	cpu_idle_loop();
}

static void spin_release(u64 release_pa, unsigned int cpu)
{
	u8 *spin = ppc_tlb_map_temp(release_pa);

	writel(0, spin + SPIN_R3_HI);
	writel(cpu, spin + SPIN_R3_LO);
	writel(cpu, spin + SPIN_PIR);
	writel(0, spin + SPIN_ADDR_HI);
	writel((u32)(uintptr_t)ppc_secondary_entry, spin + SPIN_ADDR_LO);
	ppc_tlb_unmap_temp();
}

static bool boot_secondary(unsigned int cpu, u64 release_pa)
{
	void *stack = kmalloc(THREAD_STACK_SIZE);

	if (!stack)
		return false;
	ppc_secondary_stack = ((uintptr_t)stack + THREAD_STACK_SIZE - 16) & ~15UL;
	/* The stack pointer in memory before the CPU can run. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	spin_release(release_pa, cpu);
	if (wait_cpu_online(cpu))
		return true;
	pr_err("smp: CPU %u did not come up\n", cpu);
	return false;
}

void arch_smp_init(void)
{
	const void *fdt = fdt_boot_blob();
	unsigned int self = smp_processor_id();
	int cpus, node;

	ppc_set_ipi_handler(PPC_IPI_RESCHEDULE, reschedule_interrupt);
	if (!fdt || (cpus = fdt_path_offset(fdt, "/cpus")) < 0)
		return;
	for (node = fdt_next_subnode(fdt, cpus, -1); node >= 0;
	     node = fdt_next_subnode(fdt, cpus, node)) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		const char *method = fdt_getprop(fdt, node, "enable-method", NULL);
		const void *reg = fdt_getprop(fdt, node, "reg", NULL);
		const void *release;
		unsigned int cpu;
		int len;

		if (!type || strcmp(type, "cpu") || !reg || (cpu = fdt32_ld(reg)) == self)
			continue;
		release = fdt_getprop(fdt, node, "cpu-release-addr", &len);
		if (!method || strcmp(method, "spin-table") || !release || len != 8) {
			pr_warn("smp: CPU %u has no spin table entry\n", cpu);
			continue;
		}
		if (cpu >= NR_CPUS) {
			pr_warn("smp: CPU %u: more CPUs than NR_CPUS (%d)\n", cpu, NR_CPUS);
			continue;
		}
		/* A CPU no NMI reaches could not be rounded up or stopped. */
		if (cpu >= MPIC_NR_MSI) {
			pr_warn("smp: CPU %u: no MPIC MSI for its NMI, left in the spin table\n", cpu);
			continue;
		}
		if (!boot_secondary(cpu, fdt_read_cells(release, 2)))
			break;
	}
}

void smp_send_nmi_allbutself(void)
{
	unsigned int self = smp_processor_id(), cpu;

	for_each_online_cpu(cpu)
		if (cpu != self)
			mpic_send_nmi(cpu);
}

void smp_send_nmi(unsigned int cpu)
{
	mpic_send_nmi(cpu);
}

void smp_send_reschedule(unsigned int cpu)
{
	mpic_send_ipi(PPC_IPI_RESCHEDULE, 1UL << cpu);
}

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "cpu%u: PVR %#lx, PIR %u, %s, timebase %lu MHz, %lu timer ticks\n", cpu,
		mfspr(SPRN_PVR), cpu, cpu_online(cpu) ? "online" : "offline",
		ppc_tb_freq / 1000000, ppc_timer_ticks(cpu));
}
