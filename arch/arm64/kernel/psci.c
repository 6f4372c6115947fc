// SPDX-License-Identifier: MIT
/*
 * PSCI (the firmware interface QEMU virt implements itself): CPU_ON for
 * the secondary CPUs, SYSTEM_RESET. The conduit, "hvc" or "smc", is the
 * device tree's /psci "method": QEMU virt says hvc (smc with
 * virtualization=on).
 */
#include <kernel/errno.h>
#include <kernel/fdt.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <asm/setup.h>

#define PSCI_CPU_ON		0xc4000003U	/* SMC64 */
#define PSCI_SYSTEM_RESET	0x84000009U
#define PSCI_SUCCESS		0
#define PSCI_ALREADY_ON		(-4)

static bool use_smc;
static bool psci_ok;

static long psci_call(u32 fn, unsigned long a1, unsigned long a2, unsigned long a3)
{
	register unsigned long x0 __asm__("x0") = fn;
	register unsigned long x1 __asm__("x1") = a1;
	register unsigned long x2 __asm__("x2") = a2;
	register unsigned long x3 __asm__("x3") = a3;

	if (use_smc)
		__asm__ __volatile__("smc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3) : : "memory");
	else
		__asm__ __volatile__("hvc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3) : : "memory");
	return (long)x0;
}

int psci_init(void)
{
	int node, len;
	const char *method;

	if (!arm64_fdt || (node = fdt_path_offset(arm64_fdt, "/psci")) < 0)
		return -ENODEV;
	method = fdt_getprop(arm64_fdt, node, "method", &len);
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
