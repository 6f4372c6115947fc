// SPDX-License-Identifier: MIT
/*
 * QEMU virt's PCIe host bridge: configuration space through its ECAM
 * window, and the BARs placed by the kernel, since no firmware does
 * (OpenSBI does not enumerate PCI). I/O BARs go to the I/O window
 * (CPU address VIRT_PCIE_PIO + port), memory BARs to the 32-bit memory
 * window, where bus and CPU addresses are the same; INTx as virt's
 * interrupt-map swizzles it onto PLIC sources 32-35. Before the device
 * initcalls, whose drivers look for their devices.
 */
#include <kernel/init.h>
#include <kernel/pci.h>
#include <asm/setup.h>

#define VIRT_PCIE_ECAM_SIZE	0x10000000UL	/* 256 buses */
#define VIRT_PCIE_PIO_SIZE	0x10000UL
#define VIRT_PCIE_MMIO_SIZE	0x40000000UL

static int riscv_pci_init(void)
{
	pci_ecam_init((void *)VIRT_PCIE_ECAM, VIRT_PCIE_ECAM_SIZE);
	pci_intx_swizzle(VIRT_PCIE_INTX_IRQ);
	return pci_assign_bars(VIRT_PCIE_PIO_SIZE, VIRT_PCIE_MMIO, VIRT_PCIE_MMIO_SIZE);
}
core_initcall(riscv_pci_init);
