// SPDX-License-Identifier: MIT
/*
 * Freescale MPIC (OpenPIC). Each source has a vector/priority register
 * (IVPR: mask bit, priority, vector) and a destination register (IDR: a
 * CPU bit mask); the CPU reads the highest pending vector from its
 * interrupt-acknowledge register (IACK) and ends it with a write to EOI.
 * Only sources above the CPU's task priority (CTPR) are delivered. The
 * global registers also appear for "the CPU doing the access" at the
 * bottom of the block, which is the view used here.
 */
#include <kernel/mpic.h>
#include <kernel/printk.h>
#include <asm/io.h>

#define MPIC_IPI_DISPATCH0	0x00040	/* this CPU's view */
#define MPIC_CTPR		0x00080
#define MPIC_IACK		0x000a0
#define MPIC_EOI		0x000b0
#define MPIC_FRR		0x01000	/* feature reporting: number of sources */
#define MPIC_GCR		0x01020
#define MPIC_VIR		0x01080	/* vendor identification */
#define MPIC_IPI_VPR0		0x010a0
#define MPIC_SVR		0x010e0	/* spurious vector */
#define MPIC_SRC_VPR(n)		(0x10000 + (n) * 0x20)
#define MPIC_SRC_DR(n)		(0x10010 + (n) * 0x20)

#define GCR_MODE_MIXED		0x20000000	/* interrupts to the CPU's int pin */
#define VPR_MASK		0x80000000
#define VPR_PRIORITY(p)		((u32)(p) << 16)
#define FRR_NIRQ(frr)		((((frr) >> 16) & 0x7ff) + 1)

/* One priority for all: the kernel does not nest device interrupts. */
#define MPIC_PRIORITY		8

static uintptr_t mpic_base;
static unsigned int nr_sources;

static u32 mpic_read(unsigned int reg)
{
	return readl((const volatile void *)(mpic_base + reg));
}

static void mpic_write(unsigned int reg, u32 val)
{
	writel(val, (volatile void *)(mpic_base + reg));
}

void mpic_init(uintptr_t base)
{
	mpic_base = base;
	nr_sources = FRR_NIRQ(mpic_read(MPIC_FRR));
	if (nr_sources > MPIC_NR_SOURCES)
		nr_sources = MPIC_NR_SOURCES;
	mpic_write(MPIC_GCR, GCR_MODE_MIXED);
	mpic_write(MPIC_SVR, MPIC_SPURIOUS_VECTOR);
	for (unsigned int i = 0; i < nr_sources; i++) {
		mpic_write(MPIC_SRC_VPR(i), VPR_MASK | VPR_PRIORITY(MPIC_PRIORITY) | i);
		mpic_write(MPIC_SRC_DR(i), 1);		/* CPU 0 */
	}
	mpic_write(MPIC_IPI_VPR0, VPR_PRIORITY(MPIC_PRIORITY) | MPIC_IPI_VECTOR);
	mpic_write(MPIC_CTPR, 0);
	/* Anything left in service from before a reset. */
	while (mpic_ack() != MPIC_SPURIOUS_VECTOR)
		mpic_eoi();
	pr_info("mpic: OpenPIC %#x, %u sources\n", mpic_read(MPIC_VIR), nr_sources);
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

void mpic_send_ipi(unsigned long cpumask)
{
	mpic_write(MPIC_IPI_DISPATCH0, (u32)cpumask);
}
