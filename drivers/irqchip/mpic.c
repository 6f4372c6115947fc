// SPDX-License-Identifier: MIT
/*
 * Freescale MPIC (OpenPIC). Each source has a vector/priority register
 * (IVPR: mask bit, priority, vector) and a destination register (IDR: a
 * CPU bit mask); the CPU reads the highest pending vector from its
 * interrupt-acknowledge register (IACK) and ends it with a write to EOI.
 * Only sources above the CPU's task priority (CTPR) are delivered. The
 * per-CPU registers also appear for "the CPU doing the access" at the
 * bottom of the block, which is the view used here.
 *
 * The NMI stand-in: a source routed to a CPU's critical interrupt input
 * (IVOR0, masked by MSR[CE] only) instead of its int pin bypasses
 * priority, IACK and EOI and is asserted as long as it is active. MPIC
 * 2.x routes so with a CI bit (30 - cpu) in the destination register,
 * MPIC 4.x with the source's level register (ILR); QEMU's ppce500 has a
 * 4.2. The MSI sources are level sources software can raise (a write
 * to MSIIR sets a bit of MSIR n, source MPIC_MSI_SRC0 + n) and lower
 * (reading MSIR n clears it), so MSI n is CPU n's NMI. IPIs have no
 * destination register of their own and always go to the int pin.
 */
#include <kernel/mpic.h>
#include <kernel/printk.h>
#include <asm/io.h>

#define MPIC_BRR1		0x00000	/* block revision: major version in bits 8-15 */
#define MPIC_IPI_DISPATCH(n)	(0x00040 + (n) * 0x10)	/* this CPU's view */
#define MPIC_CTPR		0x00080
#define MPIC_IACK		0x000a0
#define MPIC_EOI		0x000b0
#define MPIC_FRR		0x01000	/* feature reporting: number of sources */
#define MPIC_GCR		0x01020
#define MPIC_VIR		0x01080	/* vendor identification */
#define MPIC_IPI_VPR(n)		(0x010a0 + (n) * 0x10)
#define MPIC_SVR		0x010e0	/* spurious vector */
#define MPIC_MSIR(n)		(0x01600 + (n) * 0x10)	/* read clears */
#define MPIC_MSIIR		0x01740
#define MSIIR_SRS_SHIFT		29	/* which MSIR */
#define MSIIR_IBS_SHIFT		24	/* which of its bits */
#define MPIC_SRC_VPR(n)		(0x10000 + (n) * 0x20)
#define MPIC_SRC_DR(n)		(0x10010 + (n) * 0x20)
#define MPIC_SRC_ILR(n)		(0x10018 + (n) * 0x20)	/* MPIC 4.x */

#define GCR_MODE_MIXED		0x20000000	/* interrupts to the CPU's int pin */
#define VPR_MASK		0x80000000
#define VPR_PRIORITY(p)		((u32)(p) << 16)
#define FRR_NIRQ(frr)		((((frr) >> 16) & 0x7ff) + 1)
#define FRR_NCPU(frr)		((((frr) >> 8) & 0x1f) + 1)
#define IDR_CI(cpu)		(1U << (30 - (cpu)))	/* MPIC 2.x: critical interrupt to @cpu */
#define ILR_CRITICAL		0x1			/* MPIC 4.x: to the critical input */
#define BRR1_MAJOR(brr1)	(((brr1) >> 8) & 0xff)

/* One priority for all: the kernel does not nest device interrupts. */
#define MPIC_PRIORITY		8

static uintptr_t mpic_base;
static unsigned int nr_sources, nr_cpus;

static u32 mpic_read(unsigned int reg)
{
	return readl((const volatile void *)(mpic_base + reg));
}

static void mpic_write(unsigned int reg, u32 val)
{
	writel(val, (volatile void *)(mpic_base + reg));
}

/* CPU @cpu's MSI to its critical input, any NMI a reset left raised dropped. */
static void route_nmi(unsigned int cpu, unsigned int major)
{
	unsigned int src = MPIC_MSI_SRC0 + cpu;

	mpic_read(MPIC_MSIR(cpu));
	if (major >= 4) {
		mpic_write(MPIC_SRC_DR(src), 1U << cpu);
		mpic_write(MPIC_SRC_ILR(src), ILR_CRITICAL);
	} else {
		mpic_write(MPIC_SRC_DR(src), IDR_CI(cpu));
	}
	mpic_write(MPIC_SRC_VPR(src), VPR_PRIORITY(MPIC_PRIORITY) | src);
}

void mpic_init(uintptr_t base)
{
	unsigned int major;

	mpic_base = base;
	major = BRR1_MAJOR(mpic_read(MPIC_BRR1));
	nr_sources = FRR_NIRQ(mpic_read(MPIC_FRR));
	if (nr_sources > MPIC_NR_SOURCES)
		nr_sources = MPIC_NR_SOURCES;
	nr_cpus = FRR_NCPU(mpic_read(MPIC_FRR));
	if (nr_cpus > MPIC_NR_MSI)
		nr_cpus = MPIC_NR_MSI;
	mpic_write(MPIC_GCR, GCR_MODE_MIXED);
	mpic_write(MPIC_SVR, MPIC_SPURIOUS_VECTOR);
	for (unsigned int i = 0; i < nr_sources; i++) {
		mpic_write(MPIC_SRC_VPR(i), VPR_MASK | VPR_PRIORITY(MPIC_PRIORITY) | i);
		mpic_write(MPIC_SRC_DR(i), 1);		/* CPU 0 */
	}
	for (unsigned int i = 0; i < MPIC_NR_IPIS; i++)
		mpic_write(MPIC_IPI_VPR(i), VPR_PRIORITY(MPIC_PRIORITY) | (MPIC_IPI_VECTOR + i));
	for (unsigned int cpu = 0; cpu < nr_cpus; cpu++)
		route_nmi(cpu, major);
	mpic_cpu_init();
	pr_info("mpic: OpenPIC %#x, version %u, %u sources, %u CPUs\n", mpic_read(MPIC_VIR),
		major, nr_sources, nr_cpus);
}

void mpic_set_task_priority(unsigned int prio)
{
	mpic_write(MPIC_CTPR, prio);
}

void mpic_cpu_init(void)
{
	mpic_set_task_priority(0);
	/* Anything left in service from before a reset. */
	while (mpic_ack() != MPIC_SPURIOUS_VECTOR)
		mpic_eoi();
}

void mpic_unmask(unsigned int src)
{
	if (src < nr_sources)
		mpic_write(MPIC_SRC_VPR(src), mpic_read(MPIC_SRC_VPR(src)) & ~VPR_MASK);
}

void mpic_mask(unsigned int src)
{
	if (src < nr_sources)
		mpic_write(MPIC_SRC_VPR(src), mpic_read(MPIC_SRC_VPR(src)) | VPR_MASK);
}

unsigned int mpic_ack(void)
{
	return mpic_read(MPIC_IACK) & 0xffff;
}

void mpic_eoi(void)
{
	mpic_write(MPIC_EOI, 0);
}

void mpic_send_ipi(unsigned int ipi, unsigned long cpumask)
{
	mpic_write(MPIC_IPI_DISPATCH(ipi), (u32)cpumask);
}

void mpic_send_nmi(unsigned int cpu)
{
	if (cpu < nr_cpus)
		mpic_write(MPIC_MSIIR, cpu << MSIIR_SRS_SHIFT | 0 << MSIIR_IBS_SHIFT);
}

void mpic_nmi_ack(unsigned int cpu)
{
	if (cpu < nr_cpus)
		mpic_read(MPIC_MSIR(cpu));
}
