/* SPDX-License-Identifier: MIT */
/*
 * Entry from QEMU's ELF loader on the boot CPU, and from PSCI CPU_ON on
 * the others. Both arrive at EL1 with the MMU off and DAIF masked; they
 * take a stack and call C, which switches the MMU on (the kernel is
 * identity mapped, so nothing moves). For an ELF image QEMU sets only the
 * PC: x0 is the device tree only for a Linux-style loader, and
 * arm64_start_kernel() checks it, then the start of RAM, for the device
 * tree's magic. Secondary CPUs start powered off (PSCI), so only the boot
 * CPU runs _start.
 */
#include <asm/ptrace.h>

	.cfi_sections .debug_frame

#define BOOT_STACK_SIZE	16384

	.section .head.text, "ax"
	.globl _start
	.type _start, %function
_start:
	/* The outermost frame of the boot CPU: debuggers stop unwinding here. */
	.cfi_startproc
	.cfi_undefined x30
	msr	daifset, #0xf
	mov	x19, x0
	ldr	x1, =boot_stack + BOOT_STACK_SIZE
	mov	sp, x1
	ldr	x1, =__bss_start
	ldr	x2, =__bss_end
1:	cmp	x1, x2
	b.hs	2f
	str	xzr, [x1], #8
	b	1b
2:	mov	x0, x19
	mov	x29, #0
	mov	x30, #0
	bl	arm64_start_kernel
	b	.
	.cfi_endproc
	.size _start, . - _start

/* PSCI CPU_ON entry: x0 is the context id, the CPU number. The boot CPU
 * left this CPU's stack top in arm64_secondary_stack. */
	.globl arm64_secondary_entry
	.type arm64_secondary_entry, %function
arm64_secondary_entry:
	.cfi_startproc
	.cfi_undefined x30
	msr	daifset, #0xf
	ldr	x1, =arm64_secondary_stack
	ldr	x1, [x1]
	mov	sp, x1
	mov	x29, #0
	mov	x30, #0
	bl	arm64_secondary_start
	b	.
	.cfi_endproc
	.size arm64_secondary_entry, . - arm64_secondary_entry

	.bss
	.balign	16
boot_stack:
	.space	BOOT_STACK_SIZE
