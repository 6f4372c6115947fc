/* SPDX-License-Identifier: MIT */
/*
 * Entry from QEMU's malta boot stub, in kernel mode at KSEG0 with
 * Status.BEV set and ERL cleared: a0 = argc, a1 = argv (argv[0] the kernel
 * name, argv[1] the -append line), a2 = envp, a3 = the RAM size below the
 * I/O hole. Every CPU QEMU creates runs the stub, so all of them arrive
 * here: the one with EBase.CPUNum 0 boots, the others stop for good in
 * "wait" with interrupts off (this kernel brings up one MIPS32 CPU).
 */
#include <asm/mipsregs.h>

#define BOOT_STACK_SIZE	16384

	.section .head.text, "ax"
	.set	noreorder
	.globl	_start
	.type	_start, @function
_start:
	/* The outermost frame of the boot CPU: debuggers stop unwinding here. */
	.cfi_startproc
	.cfi_undefined $31
	mfc0	$t0, $15, 1			/* EBase */
	andi	$t0, $t0, EBASE_CPUNUM
	bnez	$t0, mips_park
	 nop
	la	$sp, boot_stack + BOOT_STACK_SIZE - 16	/* o32 argument area */
	la	$t0, __bss_start
	la	$t1, __bss_end
1:	beq	$t0, $t1, 2f
	 nop
	sw	$zero, 0($t0)
	b	1b
	 addiu	$t0, $t0, 4
2:	move	$fp, $zero
	jal	mips_start_kernel		/* returns into _start, where unwinding ends */
	 nop
3:	b	3b
	 nop
	.cfi_endproc
	.size	_start, . - _start

	.type	mips_park, @function
mips_park:
	di
	ehb
1:	wait
	b	1b
	 nop
	.size	mips_park, . - mips_park

	.bss
	.balign	8
boot_stack:
	.space	BOOT_STACK_SIZE
