// SPDX-License-Identifier: MIT
/*
 * The kernel's address space, all in TLB1 (e500's 16 variable-size,
 * software-managed entries; TLB0 stays empty, so any other address takes
 * a TLB miss interrupt and the kernel has no page tables):
 *
 * - RAM 1:1 from KERNEL_MAP_START up to the top of RAM, in the largest
 *   naturally aligned power-of-4 pages that fit, cacheable, supervisor
 *   read/write/execute. Below KERNEL_MAP_START nothing is mapped: NULL
 *   and small offsets from it fault.
 * - CCSR at CCSR_VIRT, cache-inhibited and guarded (36-bit physical
 *   address through MAS7).
 *
 * QEMU's initial entry (TLB1 slot 0, 0 up to past the device tree; 64 MiB
 * from 0 for a CPU it releases from the spin table) goes last: until then
 * both map the code we run identically. Each CPU has its own TLB: every
 * secondary makes the same entries as it starts. Slot 0 is then free for
 * a short-lived window on one page of I/O (the spin table).
 */
#include <kernel/printk.h>
#include <asm/reg.h>
#include <asm/setup.h>

#define MAS0_TLB1		0x10000000
#define MAS0_ESEL(n)		((u32)(n) << 16)
#define MAS1_VALID		0x80000000
#define MAS1_IPROT		0x40000000
#define MAS1_TSIZE(log2k)	((u32)(log2k) << 7)	/* size = 1 KiB << log2k */
#define MAS2_I			0x00000008
#define MAS2_G			0x00000002
#define MAS3_SX			0x00000010
#define MAS3_SW			0x00000004
#define MAS3_SR			0x00000001

#define TLB1_ENTRIES		16
#define TLB1_CCSR_SLOT		(TLB1_ENTRIES - 1)
#define TLB1_TEMP_SLOT		0			/* QEMU's, then ppc_tlb_map_temp()'s */
#define TEMP_VIRT		(CCSR_VIRT + CCSR_SIZE)
#define TEMP_SIZE		4096UL
#define MAX_PAGE_LOG2K		18			/* 256 MiB */

static void tlb1_write(unsigned int slot, uintptr_t va, u64 pa, unsigned int log2k, u32 wimge)
{
	mtspr(SPRN_MAS0, MAS0_TLB1 | MAS0_ESEL(slot));
	mtspr(SPRN_MAS1, MAS1_VALID | MAS1_IPROT | MAS1_TSIZE(log2k));
	mtspr(SPRN_MAS2, va | wimge);
	mtspr(SPRN_MAS3, (u32)pa | MAS3_SX | MAS3_SW | MAS3_SR);
	mtspr(SPRN_MAS7, (u32)(pa >> 32));
	__asm__ __volatile__("isync\n\ttlbwe\n\tisync" : : : "memory");
}

static void tlb1_invalidate(unsigned int slot)
{
	mtspr(SPRN_MAS0, MAS0_TLB1 | MAS0_ESEL(slot));
	mtspr(SPRN_MAS1, 0);
	__asm__ __volatile__("isync\n\ttlbwe\n\tisync" : : : "memory");
}

/* The largest page (log2 of its size in KiB, even: e500 pages are
 * powers of 4) aligned at @addr that ends at or below @top. */
static unsigned int page_at(uintptr_t addr, uintptr_t top)
{
	unsigned int k = MAX_PAGE_LOG2K;

	while (k > 2 && ((addr & ((1024UL << k) - 1)) || top - addr < (1024UL << k)))
		k -= 2;
	return k;
}

/* This CPU's entries; returns where the RAM mapped ends. */
static uintptr_t map_kernel(void)
{
	uintptr_t addr = KERNEL_MAP_START;
	unsigned int slot = 1;

	while (addr < ppc_ram_top && slot < TLB1_CCSR_SLOT) {
		unsigned int k = page_at(addr, ppc_ram_top);

		tlb1_write(slot++, addr, addr, k, 0);
		addr += 1024UL << k;
	}
	tlb1_write(TLB1_CCSR_SLOT, CCSR_VIRT, ppc_ccsr_phys, 10, MAS2_I | MAS2_G);
	tlb1_invalidate(TLB1_TEMP_SLOT);
	return addr;
}

void ppc_tlb_init(void)
{
	/* Whatever the free slots did not reach is not RAM to us. */
	ppc_ram_top = map_kernel();
}

/* A secondary CPU: the boot CPU's layout (ppc_ram_top is final by now). */
void ppc_tlb_init_secondary(void)
{
	map_kernel();
}

void *ppc_tlb_map_temp(u64 pa)
{
	u64 page = pa & ~(u64)(TEMP_SIZE - 1);

	tlb1_write(TLB1_TEMP_SLOT, TEMP_VIRT, page, 2, MAS2_I | MAS2_G);
	return (void *)(TEMP_VIRT + (uintptr_t)(pa - page));
}

void ppc_tlb_unmap_temp(void)
{
	tlb1_invalidate(TLB1_TEMP_SLOT);
}
