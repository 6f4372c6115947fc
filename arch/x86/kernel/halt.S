/* SPDX-License-Identifier: MIT */
/*
 * void x86_halt_nmi(const bool *wake, bool nmis_blocked)
 *
 * One wait in hlt, interrupts off, until an NMI unless *wake is already
 * set: the debugger's held CPUs (the master's kick sets *wake, then sends
 * the NMI) and its nap (x86_timer_nap(), time.c) sleep here instead of
 * spinning: a vCPU that spins takes a host core away from the one that
 * talks to gdb; in hlt it costs nothing. NMIs stay on the interrupted
 * stack (idt.c), and one that nests in a wait returns without iret
 * (traps.c): the wait ends with NMIs blocked if it began so.
 *
 * A CPU held by the roundup waits inside the NMI handler, where NMIs stay
 * blocked until the next iret (@nmis_blocked): an iret to the hlt lets
 * them in. The NMI that ends the hlt returns without iret, so this
 * returns with NMIs blocked again and the rest of the outer handler runs
 * as it began, safe from a new roundup's NMI. So *wake is tested before
 * the iret, and an NMI that lands before the hlt, right after the iret
 * (which it would then sleep through, NMIs blocked), is moved past it: the
 * debugger core's hold window [x86_halt_nmi_window, x86_halt_nmi_window_end).
 *
 * With NMIs not blocked there is no iret, and *wake is tested again
 * inside the window: an NMI that lands before that test has set *wake
 * by then, one that lands after it is moved past the hlt.
 */
#include <asm/desc.h>

	.text
	.globl x86_halt_nmi
	.type x86_halt_nmi, @function
x86_halt_nmi:
#ifdef __x86_64__
	cmpb	$0, (%rdi)
	jne	2f
	testb	%sil, %sil
	jz	1f
	movq	%rsp, %rax
	pushq	$__KERNEL_DS		/* ss */
	pushq	%rax			/* rsp */
	pushfq
	pushq	$__KERNEL_CS
	leaq	3f(%rip), %rax
	pushq	%rax
	iretq
#else
	movl	4(%esp), %eax
	cmpb	$0, (%eax)
	jne	2f
	cmpb	$0, 8(%esp)
	je	1f
	pushfl
	pushl	$__KERNEL_CS
	pushl	$3f
	iret
#endif
	.globl x86_halt_nmi_window, x86_halt_nmi_window_end
x86_halt_nmi_window:
1:
#ifdef __x86_64__
	cmpb	$0, (%rdi)
#else
	movl	4(%esp), %eax
	cmpb	$0, (%eax)
#endif
	jne	2f
3:	hlt
x86_halt_nmi_window_end:
2:	ret
	.size x86_halt_nmi, . - x86_halt_nmi
