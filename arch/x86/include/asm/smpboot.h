/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_SMPBOOT_H
#define _ASM_X86_SMPBOOT_H

/*
 * Bringing up the application processors (arch/x86/kernel/smpboot.c and
 * trampoline.S). CPUs are numbered 0..N-1: 0 is the boot CPU, then the
 * other enabled LAPICs in the order of the ACPI MADT; the APIC ids need not
 * be contiguous.
 */

/* Physical address of the real-mode startup code: page-aligned, below
 * 1 MiB, off page 0 (unmapped) and away from the kernel at 1 MiB. */
#define TRAMPOLINE_BASE		0x8000

/* struct ap_boot_params offsets, for trampoline.S */
#define AP_BOOT_CR0		0
#define AP_BOOT_CR3		4
#define AP_BOOT_CR4		8
#define AP_BOOT_EFER_LO		12
#define AP_BOOT_EFER_HI		16
#define AP_BOOT_FLAGS		20
#define AP_BOOT_STACK		24
#define AP_BOOT_CPU		28
#define AP_BOOT_STARTED		32

#define AP_BOOT_LOAD_EFER	0x1	/* flags: the CPU has EFER; load it */

#ifndef __ASSEMBLY__
#include <kernel/types.h>
#include <kernel/compiler.h>

/*
 * What the AP being started needs before it can run C: the boot CPU's
 * control registers (so paging, PAE and long mode match), its stack and
 * number. The trampoline runs before paging, so all are 32-bit physical
 * (identity-mapped) values.
 */
struct ap_boot_params {
	u32 cr0, cr3, cr4;
	u32 efer_lo, efer_hi;
	u32 flags;
	u32 stack;		/* initial stack pointer */
	u32 cpu;		/* logical CPU number */
	u32 started;		/* set by the AP on entering protected mode */
};

extern struct ap_boot_params ap_boot_params;

/* The real-mode code copied to TRAMPOLINE_BASE. */
extern const char trampoline_start[], trampoline_end[];

/* C entry of an AP, called by trampoline.S on its new stack. */
__noreturn void x86_ap_start(unsigned int cpu);

/* Boot CPU, early: it becomes CPU 0; the IPI vectors get handlers. */
void smp_prepare_boot_cpu(void);
void ipi_init(void);

unsigned int cpu_to_apic_id(unsigned int cpu);
/* Whether every CPU the firmware listed is online (then IPI shorthands
 * reach exactly the online CPUs). */
bool all_cpus_online(void);
#endif

#endif
