// SPDX-License-Identifier: MIT
/*
 * PSCI (the firmware interface QEMU virt implements itself): CPU_ON for
 * the secondary CPUs, SYSTEM_RESET. The conduit, "hvc" or "smc", is the
 * device tree's /psci "method": QEMU virt says hvc. With secure=on there
 * is no /psci node (QEMU leaves EL3 to firmware, and we are that): the
 * holding pen and the secure GPIO take over (smp.c, reboot.c).
 */
#include <kernel/errno.h>
#include <kernel/fdt.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <asm/setup.h>

#define PSCI_CPU_ON		0x84000003U
#define PSCI_SYSTEM_RESET	0x84000009U
#define PSCI_SUCCESS		0
#define PSCI_ALREADY_ON		(-4)

static bool use_smc;
static bool psci_ok;

static long psci_call(u32 fn, unsigned long a1, unsigned long a2, unsigned long a3)
{
	register unsigned long r0 __asm__("r0") = fn;
	register unsigned long r1 __asm__("r1") = a1;
	register unsigned long r2 __asm__("r2") = a2;
	register unsigned long r3 __asm__("r3") = a3;

	if (use_smc)
		__asm__ __volatile__(".arch_extension sec\n\tsmc #0"
				     : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3) : "memory");
	else
		__asm__ __volatile__(".arch_extension virt\n\thvc #0"
				     : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3) : "memory");
	return (long)r0;
}

int psci_init(void)
{
	int node, len;
	const char *method;

	if (!arm_fdt || (node = fdt_path_offset(arm_fdt, "/psci")) < 0)
		return -ENODEV;
	method = fdt_getprop(arm_fdt, node, "method", &len);
	if (!method || len < 4 || method[len - 1])
		return -ENODEV;
	if (!strcmp(method, "smc"))
		use_smc = true;
	else if (strcmp(method, "hvc"))
		return -ENODEV;
	psci_ok = true;
	pr_info("psci: conduit %s\n", method);
	return 0;
}

int psci_cpu_on(unsigned long mpidr, uintptr_t entry, unsigned long context)
{
	long ret;

	if (!psci_ok)
		return -ENODEV;
	ret = psci_call(PSCI_CPU_ON, mpidr, entry, context);
	if (ret == PSCI_SUCCESS)
		return 0;
	return ret == PSCI_ALREADY_ON ? -EBUSY : -EIO;
}

void psci_system_reset(void)
{
	if (psci_ok)
		psci_call(PSCI_SYSTEM_RESET, 0, 0, 0);
}
