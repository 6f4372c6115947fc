// SPDX-License-Identifier: MIT
/*
 * Per-CPU descriptor tables: each CPU gets its own GDT (code, data, per-CPU
 * segment, TSS). On x86_64 the TSS's interrupt stack table gives NMIs and
 * double faults known-good stacks of their own; on i386 a double fault
 * switches to a task of its own (a TSS with its own stack).
 */
#include <kernel/compiler.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/desc.h>
#include <asm/processor.h>
#include <asm/percpu.h>
#include <asm/setup.h>
#include <asm/smp.h>

#ifdef __x86_64__
#define MSR_GS_BASE	0xc0000101

struct tss {
	u32 reserved0;
	u64 rsp[3];
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 iomap_base;
} __packed;
#endif

struct x86_cpu {
	u64 gdt[GDT_ENTRIES];
	struct x86_percpu area;
#ifdef __x86_64__
	struct tss tss;
#else
	struct tss32 tss;
	struct tss32 df_tss;
#endif
} __aligned(64);

static struct x86_cpu cpus[NR_CPUS];

static u8 df_stacks[NR_CPUS][EXCEPTION_STACK_SIZE] __aligned(16);

/* Access byte: present, ring 0, code/data, and preset "accessed". */
#define DESC_CODE	0x9b
#define DESC_DATA	0x93
#define DESC_TSS	0x89	/* available 32/64-bit TSS */
#define FLAGS_32	0xc	/* 4 KiB granularity, 32-bit */
#define FLAGS_64	0xa	/* 4 KiB granularity, long mode */

static u64 seg_desc(u32 base, u32 limit, u8 access, u8 flags)
{
	return (limit & 0xffff) | ((u64)(base & 0xffffff) << 16) | ((u64)access << 40) |
	       ((u64)((limit >> 16) & 0xf) << 48) | ((u64)(flags & 0xf) << 52) |
	       ((u64)(base >> 24) << 56);
}

static void load_gdt(struct x86_cpu *c)
{
	struct desc_ptr gdtr = { sizeof(c->gdt) - 1, (unsigned long)c->gdt };

	__asm__ __volatile__("lgdt %0" : : "m"(gdtr));
#ifdef __x86_64__
	__asm__ __volatile__("pushq %0\n\t"
			     "leaq 1f(%%rip), %%rax\n\t"
			     "pushq %%rax\n\t"
			     "lretq\n"
			     "1:\tmovl %1, %%eax\n\t"
			     "movl %%eax, %%ds\n\t"
			     "movl %%eax, %%es\n\t"
			     "movl %%eax, %%ss\n\t"
			     "xorl %%eax, %%eax\n\t"
			     "movl %%eax, %%fs\n\t"
			     "movl %%eax, %%gs"
			     : : "i"(__KERNEL_CS), "i"(__KERNEL_DS) : "rax", "memory");
	wrmsr(MSR_GS_BASE, (unsigned long)&c->area);
	__asm__ __volatile__("ltr %w0" : : "r"(__TSS_SEL));
#else
	__asm__ __volatile__("ljmp %0, $1f\n"
			     "1:\tmovl %1, %%eax\n\t"
			     "movl %%eax, %%ds\n\t"
			     "movl %%eax, %%es\n\t"
			     "movl %%eax, %%ss\n\t"
			     "movl %2, %%eax\n\t"
			     "movl %%eax, %%fs\n\t"
			     "xorl %%eax, %%eax\n\t"
			     "movl %%eax, %%gs"
			     : : "i"(__KERNEL_CS), "i"(__KERNEL_DS), "i"(__PERCPU_SEG)
			     : "eax", "memory");
	__asm__ __volatile__("ltr %w0" : : "r"(__TSS_SEL));
#endif
}

#ifndef __x86_64__
struct tss32 *x86_cpu_tss(unsigned int cpu)
{
	return &cpus[cpu].tss;
}

static void setup_double_fault_task(struct x86_cpu *c, unsigned int cpu)
{
	struct tss32 *t = &c->df_tss;

	memset(&c->tss, 0, sizeof(c->tss));
	c->tss.iomap_base = sizeof(c->tss);
	memset(t, 0, sizeof(*t));
	t->iomap_base = sizeof(*t);
	t->cr3 = x86_boot_cr3;
	t->eip = (u32)x86_double_fault_task;
	t->eflags = 0x2;			/* reserved bit; interrupts off */
	t->esp = (u32)df_stacks[cpu] + EXCEPTION_STACK_SIZE;
	t->cs = __KERNEL_CS;
	t->ds = t->es = t->ss = __KERNEL_DS;
	t->fs = __PERCPU_SEG;
	c->gdt[GDT_ENTRY_TSS] = seg_desc((u32)&c->tss, sizeof(c->tss) - 1, DESC_TSS, 0);
	c->gdt[GDT_ENTRY_DF_TSS] = seg_desc((u32)t, sizeof(*t) - 1, DESC_TSS, 0);
}
#endif

void x86_cpu_init(unsigned int cpu)
{
	struct x86_cpu *c = &cpus[cpu];
	c->area.self = &c->area;
	c->area.cpu = cpu;
	c->gdt[0] = 0;
#ifdef __x86_64__
	c->gdt[GDT_ENTRY_KERNEL_CS] = seg_desc(0, 0xfffff, DESC_CODE, FLAGS_64);
	c->gdt[GDT_ENTRY_KERNEL_DS] = seg_desc(0, 0xfffff, DESC_DATA, FLAGS_32);
	c->gdt[GDT_ENTRY_KERNEL32_CS] = seg_desc(0, 0xfffff, DESC_CODE, FLAGS_32);
	memset(&c->tss, 0, sizeof(c->tss));
	c->tss.ist[IST_DF - 1] = (unsigned long)df_stacks[cpu] + EXCEPTION_STACK_SIZE;
	c->tss.iomap_base = sizeof(c->tss);	/* no I/O bitmap */
	c->gdt[GDT_ENTRY_TSS] = seg_desc((u32)(unsigned long)&c->tss, sizeof(c->tss) - 1,
					 DESC_TSS, 0);
	c->gdt[GDT_ENTRY_TSS + 1] = (unsigned long)&c->tss >> 32;
#else
	c->gdt[GDT_ENTRY_KERNEL_CS] = seg_desc(0, 0xfffff, DESC_CODE, FLAGS_32);
	c->gdt[GDT_ENTRY_KERNEL_DS] = seg_desc(0, 0xfffff, DESC_DATA, FLAGS_32);
	c->gdt[GDT_ENTRY_PERCPU] = seg_desc((u32)&c->area, sizeof(c->area) - 1, DESC_DATA, 0x4);
	setup_double_fault_task(c, cpu);
#endif
	load_gdt(c);

	if (cpu == 0)
		idt_init();
	idt_load();
}
