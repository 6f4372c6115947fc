/* SPDX-License-Identifier: MIT */
/*
 * void x86_kgdb_hold_halt(const bool *release)
 *
 * One wait of a held CPU (kgdb_hold.c): sleep in hlt, interrupts off,
 * until an NMI (the master's kick) unless *release is already set.
 *
 * A CPU held by the roundup waits inside the NMI handler, where NMIs stay
 * blocked until the next iret: an iret to the next instruction lets them
 * in. Then the window from x86_kgdb_hold_window to x86_kgdb_hold_hlt: a
 * kick that lands there, after *release was read but before hlt ran,
 * would be slept through, so the kick's handler moves such a CPU past the
 * hlt (x86_kgdb_hold_woken()).
 */
#include <asm/desc.h>

	.text
	.globl x86_kgdb_hold_halt
	.type x86_kgdb_hold_halt, @function
x86_kgdb_hold_halt:
#ifdef __x86_64__
	movq	%rsp, %rax
	pushq	$__KERNEL_DS		/* ss */
	pushq	%rax			/* rsp */
	pushfq
	pushq	$__KERNEL_CS
	leaq	1f(%rip), %rax
	pushq	%rax
	iretq
1:
	.globl x86_kgdb_hold_window
x86_kgdb_hold_window:
	cmpb	$0, (%rdi)
#else
	pushfl
	pushl	$__KERNEL_CS
	pushl	$1f
	iret
1:
	.globl x86_kgdb_hold_window
x86_kgdb_hold_window:
	movl	4(%esp), %eax
	cmpb	$0, (%eax)
#endif
	jne	2f
	.globl x86_kgdb_hold_hlt
x86_kgdb_hold_hlt:
	hlt
2:	ret
	.size x86_kgdb_hold_halt, . - x86_kgdb_hold_halt
