/* SPDX-License-Identifier: MIT */
/*
 * Entry from QEMU's malta boot stub, in kernel mode at KSEG0 with
 * Status.BEV set and ERL cleared: a0 = argc, a1 = argv (argv[0] the kernel
 * name, argv[1] the -append line), a2 = envp, a3 = the RAM size below the
 * I/O hole. Every CPU QEMU creates runs the stub, so all of them arrive
 * here: the one with EBase.CPUNum 0 boots; each other one marks itself
 * present and polls the release word until CPU 0 (smp.c) writes its
 * number there, then starts on the stack CPU 0 left beside it. A CPU
 * beyond NR_CPUS stops for good in "wait" with interrupts off.
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

/* Count ticks between two polls of the release word (about 1 us). */
#define PARK_POLL_COUNTS	160

	.type	mips_park, @function
mips_park:
	/* The outermost frame of a secondary CPU, as _start is of CPU 0. */
	.cfi_startproc
	.cfi_undefined $31
	di
	ehb
	sltiu	$t1, $t0, CONFIG_NR_CPUS
	beqz	$t1, 9f
	 li	$t1, 1
	la	$t2, mips_cpu_present		/* in .data: CPU 0 clears .bss */
	addu	$t2, $t2, $t0
	sb	$t1, 0($t2)
	sync
	la	$t2, mips_release_cpu
1:	lw	$t1, 0($t2)
	beq	$t1, $t0, 3f
	 nop
	mfc0	$t3, $9				/* Count: pause before polling again */
2:	mfc0	$t4, $9
	subu	$t4, $t4, $t3
	sltiu	$t4, $t4, PARK_POLL_COUNTS
	bnez	$t4, 2b
	 nop
	b	1b
	 nop
3:	sync					/* the stack was written before the number */
	lw	$sp, mips_release_sp
	move	$a0, $t0
	move	$fp, $zero
	jal	mips_secondary_start
	 nop
9:	wait
	b	9b
	 nop
	.cfi_endproc
	.size	mips_park, . - mips_park

	/* Read by parked CPUs before and while CPU 0 clears .bss. */
	.data
	.globl	mips_release_cpu, mips_release_sp, mips_cpu_present
	.balign	4
mips_release_cpu:
	.word	-1
mips_release_sp:
	.word	0
mips_cpu_present:
	.space	CONFIG_NR_CPUS

	.bss
	.balign	8
boot_stack:
	.space	BOOT_STACK_SIZE
