// SPDX-License-Identifier: MIT
/*
 * The interrupt descriptor table, shared by all CPUs: every vector goes to
 * its stub in entry_{64,32}.S (x86_entry_stubs, X86_STUB_SIZE bytes each),
 * all as interrupt gates so that handlers start with interrupts off. On
 * x86_64 a double fault switches to its per-CPU IST stack; on i386 to the
 * double-fault task (a task gate). NMIs stay on the interrupted stack (the
 * kernel has no user mode): a held CPU lets NMIs in while it waits inside
 * one (halt.S), and nested NMIs must stack below its frames.
 */
#include <kernel/compiler.h>
#include <kernel/types.h>
#include <asm/desc.h>
#include <asm/entry.h>
#include <asm/traps.h>

#define GATE_INTERRUPT	0x8e	/* present, ring 0, interrupt gate */
#define GATE_TASK	0x85	/* present, ring 0, task gate */

#ifdef __x86_64__
struct idt_gate {
	u16 offset_low;
	u16 selector;
	u8 ist;
	u8 type;
	u16 offset_mid;
	u32 offset_high;
	u32 reserved;
} __packed;
#else
struct idt_gate {
	u16 offset_low;
	u16 selector;
	u8 reserved;
	u8 type;
	u16 offset_high;
} __packed;
#endif

static struct idt_gate idt[NR_VECTORS] __aligned(16);

static void set_gate(unsigned int vector, unsigned long addr, unsigned int ist)
{
	struct idt_gate *g = &idt[vector];

	g->offset_low = addr & 0xffff;
	g->selector = __KERNEL_CS;
	g->type = GATE_INTERRUPT;
#ifdef __x86_64__
	g->ist = ist;
	g->offset_mid = (addr >> 16) & 0xffff;
	g->offset_high = addr >> 32;
#else
	g->offset_high = addr >> 16;
#endif
}

void idt_init(void)
{
	unsigned int v;

	for (v = 0; v < NR_VECTORS; v++)
		set_gate(v, (unsigned long)x86_entry_stubs + v * X86_STUB_SIZE, 0);
#ifdef __x86_64__
	idt[X86_TRAP_DF].ist = IST_DF;
#else
	set_gate(X86_TRAP_DF, 0, 0);
	idt[X86_TRAP_DF].selector = __DF_TSS_SEL;
	idt[X86_TRAP_DF].type = GATE_TASK;
#endif
}

void idt_load(void)
{
	struct desc_ptr idtr = { sizeof(idt) - 1, (unsigned long)idt };

	__asm__ __volatile__("lidt %0" : : "m"(idtr));
}
