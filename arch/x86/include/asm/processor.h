/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_PROCESSOR_H
#define _ASM_X86_PROCESSOR_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

#define X86_CR0_WP	(1UL << 16)	/* supervisor writes honour read-only pages */
#define X86_CR0_PG	(1UL << 31)
#define X86_CR4_PAE	(1UL << 5)
#define X86_CR4_PGE	(1UL << 7)

#ifndef __ASSEMBLY__
#include <kernel/types.h>

static inline void cpu_relax(void)
{
	__asm__ __volatile__("pause" : : : "memory");
}

/* Wait for an interrupt with interrupts enabled; sti's one-instruction
 * shadow makes "sti; hlt" atomic, so a wakeup cannot be missed. */
static inline void arch_cpu_idle(void)
{
	__asm__ __volatile__("sti; hlt" : : : "memory");
}

static inline u64 rdtsc(void)
{
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

static inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

static inline void wrmsr(u32 msr, u64 val)
{
	__asm__ __volatile__("wrmsr" : : "c"(msr), "a"((u32)val), "d"((u32)(val >> 32))
			     : "memory");
}

static inline void cpuid(u32 leaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	__asm__ __volatile__("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			     : "a"(leaf), "c"(0));
}

#define DEFINE_CR_ACCESS(n)						\
static inline unsigned long read_cr##n(void)				\
{									\
	unsigned long v;						\
	__asm__ __volatile__("mov %%cr" #n ", %0" : "=r"(v) : : "memory"); \
	return v;							\
}									\
static inline void write_cr##n(unsigned long v)				\
{									\
	__asm__ __volatile__("mov %0, %%cr" #n : : "r"(v) : "memory");	\
}
DEFINE_CR_ACCESS(0)
DEFINE_CR_ACCESS(2)
DEFINE_CR_ACCESS(3)
DEFINE_CR_ACCESS(4)
#undef DEFINE_CR_ACCESS

/* Debug registers DR0-DR3 (addresses), DR6 (status), DR7 (control). */
static inline unsigned long get_debugreg(int n)
{
	unsigned long v = 0;

	switch (n) {
	case 0: __asm__ __volatile__("mov %%db0, %0" : "=r"(v)); break;
	case 1: __asm__ __volatile__("mov %%db1, %0" : "=r"(v)); break;
	case 2: __asm__ __volatile__("mov %%db2, %0" : "=r"(v)); break;
	case 3: __asm__ __volatile__("mov %%db3, %0" : "=r"(v)); break;
	case 6: __asm__ __volatile__("mov %%db6, %0" : "=r"(v)); break;
	case 7: __asm__ __volatile__("mov %%db7, %0" : "=r"(v)); break;
	}
	return v;
}

static inline void set_debugreg(int n, unsigned long v)
{
	switch (n) {
	case 0: __asm__ __volatile__("mov %0, %%db0" : : "r"(v)); break;
	case 1: __asm__ __volatile__("mov %0, %%db1" : : "r"(v)); break;
	case 2: __asm__ __volatile__("mov %0, %%db2" : : "r"(v)); break;
	case 3: __asm__ __volatile__("mov %0, %%db3" : : "r"(v)); break;
	case 6: __asm__ __volatile__("mov %0, %%db6" : : "r"(v)); break;
	case 7: __asm__ __volatile__("mov %0, %%db7" : : "r"(v)); break;
	}
}

/* Make freshly written code visible to this CPU's instruction fetch: x86
 * snoops stores, a serialising instruction discards prefetched bytes. */
static inline void sync_core(void)
{
	u32 a, b, c, d;

	cpuid(0, &a, &b, &c, &d);
}
#endif

#endif
