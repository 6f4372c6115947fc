/* SPDX-License-Identifier: MIT */
/*
 * Entry from QEMU's ppce500 loader (the ePAPR boot convention): in
 * supervisor mode with translation through one TLB1 entry that QEMU made,
 * mapping 0..(past the device tree) 1:1, r3 = the device tree. Only the
 * boot CPU comes here; QEMU holds the others in its spin table until
 * smp.c releases them to ppc_secondary_entry.
 */
#include <asm/reg.h>

#define BOOT_STACK_SIZE	16384
/* Enough for ppc_tlb_init_secondary(), before the CPU's own stack is mapped. */
#define SECONDARY_BOOT_STACK_SIZE	1024

	.section .head.text, "ax"
	.globl	_start
	.type	_start, @function
_start:
	/* The outermost frame of the boot CPU: debuggers stop unwinding here. */
	.cfi_startproc
	.cfi_undefined 65
	li	%r0, 0
	lis	%r4, MSR_ME@h
	ori	%r4, %r4, MSR_ME@l
	mtmsr	%r4				/* interrupts and debug events off */
	isync
	mr	%r14, %r3
	lis	%r5, __bss_start@ha
	addi	%r5, %r5, __bss_start@l
	lis	%r6, __bss_end@ha
	addi	%r6, %r6, __bss_end@l
1:	cmplw	%r5, %r6
	bge	2f
	stw	%r0, 0(%r5)
	addi	%r5, %r5, 4
	b	1b
2:	lis	%r1, (boot_stack + BOOT_STACK_SIZE - 16)@ha
	addi	%r1, %r1, (boot_stack + BOOT_STACK_SIZE - 16)@l
	stw	%r0, 0(%r1)			/* a zero back chain ends the oops unwinder */
	stw	%r0, 4(%r1)
	li	%r31, 0
	mr	%r3, %r14
	bl	ppc_start_kernel		/* returns into _start, where unwinding ends */
3:	b	3b
	.cfi_endproc
	.size	_start, . - _start

/*
 * A secondary CPU released from QEMU's spin table: r3 = its number (what
 * smp.c wrote there), translation through QEMU's 64 MiB TLB1 entry from
 * 0, which holds the kernel but maybe not the kmalloc'd stack. So the CPU
 * makes the kernel's TLB1 entries on a small static stack (CPUs come up
 * one at a time), then moves to ppc_secondary_stack.
 */
	.globl	ppc_secondary_entry
	.type	ppc_secondary_entry, @function
ppc_secondary_entry:
	.cfi_startproc
	.cfi_undefined 65
	li	%r0, 0
	lis	%r4, MSR_ME@h
	ori	%r4, %r4, MSR_ME@l
	mtmsr	%r4
	isync
	mr	%r14, %r3
	lis	%r1, (secondary_boot_stack + SECONDARY_BOOT_STACK_SIZE - 16)@ha
	addi	%r1, %r1, (secondary_boot_stack + SECONDARY_BOOT_STACK_SIZE - 16)@l
	stw	%r0, 0(%r1)
	stw	%r0, 4(%r1)
	bl	ppc_tlb_init_secondary
	lis	%r1, ppc_secondary_stack@ha
	lwz	%r1, ppc_secondary_stack@l(%r1)
	li	%r0, 0
	stw	%r0, 0(%r1)			/* the outermost frame, as on the boot CPU */
	stw	%r0, 4(%r1)
	li	%r31, 0
	mr	%r3, %r14
	bl	ppc_secondary_start		/* does not return */
4:	b	4b
	.cfi_endproc
	.size	ppc_secondary_entry, . - ppc_secondary_entry

	.bss
	.balign	16
boot_stack:
	.space	BOOT_STACK_SIZE
secondary_boot_stack:
	.space	SECONDARY_BOOT_STACK_SIZE
