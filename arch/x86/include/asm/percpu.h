/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_PERCPU_H
#define _ASM_X86_PERCPU_H

/*
 * Each CPU's private area, reached through a segment base: %gs on x86_64
 * (MSR_GS_BASE), %fs on i386 (a per-CPU GDT descriptor). x86_cpu_init()
 * sets it up; the first fields are at fixed offsets for assembly.
 */

#define PERCPU_SELF	0
#define PERCPU_CPU	(__SIZEOF_POINTER__)

#ifndef __ASSEMBLY__
#include <kernel/types.h>

struct x86_percpu {
	struct x86_percpu *self;	/* the area's own address */
	unsigned int cpu;		/* smp_processor_id() */
	unsigned int nmi_depth;		/* NMI handlers this CPU is inside (traps.c) */
};

#ifdef __x86_64__
#define __percpu_seg "%%gs:"
#else
#define __percpu_seg "%%fs:"
#endif

static inline struct x86_percpu *this_cpu_area(void)
{
	struct x86_percpu *p;

	__asm__ __volatile__("mov " __percpu_seg "%c1, %0" : "=r"(p) : "i"(PERCPU_SELF));
	return p;
}

/* Inside an NMI handler NMIs stay blocked until an iret (traps.c). */
static inline bool x86_nmis_blocked(void)
{
	return this_cpu_area()->nmi_depth != 0;
}
#endif

#endif
