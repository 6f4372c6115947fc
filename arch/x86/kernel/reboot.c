// SPDX-License-Identifier: MIT
/*
 * Stopping and restarting the machine. Restart pulses the reset line
 * through the keyboard controller and, should that fail, triple-faults
 * (an empty IDT and a trap); under QEMU with -no-reboot either one ends
 * the emulator.
 */
#include <kernel/arch.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <asm/desc.h>
#include <asm/io.h>
#include <asm/processor.h>

#define KBD_STATUS	0x64
#define KBD_INPUT_FULL	0x02
#define KBD_RESET	0xfe

__noreturn void arch_cpu_halt(void)
{
	for (;;)
		__asm__ __volatile__("cli; hlt" : : : "memory");
}

__noreturn void machine_halt(void)
{
	pr_emerg("System halted.\n");
	arch_cpu_halt();
}

__noreturn void machine_restart(void)
{
	struct desc_ptr no_idt = { 0, 0 };
	unsigned int i;

	local_irq_disable();
	for (i = 0; i < 0x10000 && (inb(KBD_STATUS) & KBD_INPUT_FULL); i++)
		cpu_relax();
	outb(KBD_RESET, KBD_STATUS);
	for (i = 0; i < 0x100000; i++)
		cpu_relax();
	__asm__ __volatile__("lidt %0; int3" : : "m"(no_idt));
	arch_cpu_halt();
}
