/* SPDX-License-Identifier: MIT */
/*
 * void x86_kgdb_hold_halt(const bool *release)
 *
 * One wait of a held CPU: sleep in hlt, interrupts off, until an NMI (the
 * master's kick) unless *release is already set. Held CPUs sleep instead
 * of spinning: a vCPU that spins takes a host core away from the one that
 * talks to gdb; in hlt it costs nothing. NMIs stay on the interrupted
 * stack (idt.c), and one that nests in a hold returns without iret
 * (traps.c): the hold ends with NMIs blocked, as it began.
 *
 * A CPU held by the roundup waits inside the NMI handler, where NMIs stay
 * blocked until the next iret: an iret to the next instruction lets them
 * in, right before the hlt. The NMI that ends the hlt returns without
 * iret (traps.c), so this returns with NMIs blocked again and the rest of
 * the outer handler runs as it began, safe from a new roundup's NMI. So
 * *release is tested before the iret, and an NMI that lands before the
 * hlt (which it would then sleep through, NMIs blocked) is moved past it (the
 * core's hold window, [x86_kgdb_hold_hlt, x86_kgdb_hold_hlt_end)). The
 * master kicks only after setting *release: a CPU that found it clear
 * always gets a kick to wake it.
 */
#include <asm/desc.h>

	.text
	.globl x86_kgdb_hold_halt
	.type x86_kgdb_hold_halt, @function
x86_kgdb_hold_halt:
#ifdef __x86_64__
	cmpb	$0, (%rdi)
	jne	2f
	movq	%rsp, %rax
	pushq	$__KERNEL_DS		/* ss */
	pushq	%rax			/* rsp */
	pushfq
	pushq	$__KERNEL_CS
	leaq	1f(%rip), %rax
	pushq	%rax
	iretq
#else
	movl	4(%esp), %eax
	cmpb	$0, (%eax)
	jne	2f
	pushfl
	pushl	$__KERNEL_CS
	pushl	$1f
	iret
#endif
1:
	.globl x86_kgdb_hold_hlt, x86_kgdb_hold_hlt_end
x86_kgdb_hold_hlt:
	hlt
x86_kgdb_hold_hlt_end:
2:	ret
	.size x86_kgdb_hold_halt, . - x86_kgdb_hold_halt
