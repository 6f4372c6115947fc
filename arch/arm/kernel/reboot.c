// SPDX-License-Identifier: MIT
/*
 * Stopping and restarting the machine. Restart is PSCI SYSTEM_RESET when
 * QEMU offers PSCI; with -M virt,secure=on it does not, and the device
 * tree's /gpio-restart line on the secure PL061 GPIO does the reset. With
 * -no-reboot, QEMU exits either way.
 */
#include <kernel/arch.h>
#include <kernel/fdt.h>
#include <kernel/irq.h>
#include <kernel/jiffies.h>
#include <kernel/nofault.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <asm/setup.h>

#define PL061_DATA	0x000	/* + (pin mask << 2): the pins the write touches */
#define PL061_DIR	0x400	/* 1 = output */
#define RESET_WAIT_MS	1000

__noreturn void arch_cpu_halt(void)
{
	for (;;)
		__asm__ __volatile__("cpsid if\n\tdsb\n\twfi" : : : "memory");
}

__noreturn void machine_halt(void)
{
	pr_emerg("System halted.\n");
	arch_cpu_halt();
}

/* The root's child whose "phandle" is @ph. */
static int find_phandle(const void *fdt, u32 ph)
{
	for (int n = fdt_next_subnode(fdt, 0, -1); n >= 0; n = fdt_next_subnode(fdt, 0, n)) {
		const void *p = fdt_getprop(fdt, n, "phandle", NULL);

		if (p && fdt32_ld(p) == ph)
			return n;
	}
	return -1;
}

/* Raise the /gpio-restart line, if it is a PL061 pin. The writes are
 * fault-safe: the secure GPIO aborts when the kernel runs Non-secure. */
static void gpio_restart(void)
{
	const void *gpios, *reg;
	int node, ctrl, len;
	uintptr_t base;
	u32 pin, dir;

	if (!arm_fdt || (node = fdt_path_offset(arm_fdt, "/gpio-restart")) < 0)
		return;
	gpios = fdt_getprop(arm_fdt, node, "gpios", &len);
	if (!gpios || len < 8 || (ctrl = find_phandle(arm_fdt, fdt32_ld(gpios))) < 0)
		return;
	reg = fdt_getprop(arm_fdt, ctrl, "reg", &len);
	pin = fdt32_ld((const u8 *)gpios + 4);
	if (!reg || len < 8 || pin > 7)
		return;
	base = (uintptr_t)fdt_read_cells(reg, len >= 16 ? 2 : 1);
	if (base < VIRT_DEVICE_BASE || base >= VIRT_DEVICE_END ||
	    copy_from_kernel_nofault(&dir, (void *)(base + PL061_DIR), sizeof(dir)))
		return;
	dir |= 1U << pin;
	copy_to_kernel_nofault((void *)(base + PL061_DIR), &dir, sizeof(dir));
	copy_to_kernel_nofault((void *)(base + PL061_DATA + ((1U << pin) << 2)), &dir,
			       sizeof(dir));
}

__noreturn void machine_restart(void)
{
	local_irq_disable();
	psci_system_reset();
	gpio_restart();
	mdelay(RESET_WAIT_MS);
	pr_emerg("reboot: no way to reset this machine, halting\n");
	arch_cpu_halt();
}
