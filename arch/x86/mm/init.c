// SPDX-License-Identifier: MIT
/*
 * The kernel's page tables: an identity map of RAM (up to 1 GiB) in which
 * page 0 is absent, so that NULL dereferences fault, and the kernel's text
 * and read-only data are read-only (CR0.WP makes that hold for the kernel
 * too). The first 8 MiB use 4 KiB pages, the rest large pages; the page
 * holding the IOAPIC and the LAPIC is mapped uncached.
 */
#include <kernel/types.h>
#include <asm-generic/sections.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define PTE_P		0x001UL
#define PTE_W		0x002UL
#define PTE_PWT		0x008UL
#define PTE_PCD		0x010UL
#define PTE_PS		0x080UL

#define APIC_REGION	0xfec00000UL	/* IOAPIC at 0xfec00000, LAPIC at 0xfee00000 */
#define SMALL_PAGES_END	0x800000UL	/* must match the ASSERT in vmlinux.lds.S */

#ifdef __x86_64__
typedef u64 pte_t;
#define LARGE_PAGE	0x200000UL
#define PTRS_PER_TABLE	512
#else
typedef u32 pte_t;
#define LARGE_PAGE	0x400000UL
#define PTRS_PER_TABLE	1024
#endif
#define NR_SMALL_TABLES	(SMALL_PAGES_END / LARGE_PAGE)

uintptr_t x86_boot_cr3;

static pte_t small_tables[NR_SMALL_TABLES][PTRS_PER_TABLE] __aligned(PAGE_SIZE);
#ifdef __x86_64__
static pte_t pml4[PTRS_PER_TABLE] __aligned(PAGE_SIZE);
static pte_t pdpt[PTRS_PER_TABLE] __aligned(PAGE_SIZE);
static pte_t pd_low[PTRS_PER_TABLE] __aligned(PAGE_SIZE);	/* 0 .. 1 GiB */
static pte_t pd_apic[PTRS_PER_TABLE] __aligned(PAGE_SIZE);	/* 3 .. 4 GiB */
#else
static pte_t pgd[PTRS_PER_TABLE] __aligned(PAGE_SIZE);
#define X86_CR4_PSE	(1UL << 4)
#endif

static pte_t small_page_flags(uintptr_t addr)
{
	if (addr == 0)
		return 0;
	if (addr >= (uintptr_t)_stext && addr < (uintptr_t)__end_rodata)
		return PTE_P;
	return PTE_P | PTE_W;
}

/* Fill the large-page directory slots of [0, x86_ram_top) in @dir. */
static void map_ram(pte_t *dir)
{
	uintptr_t addr;
	unsigned int i, j;

	for (i = 0; i < NR_SMALL_TABLES; i++) {
		for (j = 0; j < PTRS_PER_TABLE; j++) {
			addr = i * LARGE_PAGE + j * PAGE_SIZE;
			small_tables[i][j] = addr | small_page_flags(addr);
		}
		dir[i] = (uintptr_t)small_tables[i] | PTE_P | PTE_W;
	}
	for (addr = SMALL_PAGES_END; addr < x86_ram_top; addr += LARGE_PAGE)
		dir[addr / LARGE_PAGE] = addr | PTE_P | PTE_W | PTE_PS;
}

void x86_paging_init(void)
{
	uintptr_t addr;

#ifdef __x86_64__
	map_ram(pd_low);
	for (addr = APIC_REGION; addr < 0x100000000UL; addr += LARGE_PAGE)
		pd_apic[(addr >> 21) & 511] = addr | PTE_P | PTE_W | PTE_PS | PTE_PCD | PTE_PWT;
	pdpt[0] = (uintptr_t)pd_low | PTE_P | PTE_W;
	pdpt[3] = (uintptr_t)pd_apic | PTE_P | PTE_W;
	pml4[0] = (uintptr_t)pdpt | PTE_P | PTE_W;
	x86_boot_cr3 = (uintptr_t)pml4;
	write_cr3(x86_boot_cr3);
#else
	map_ram(pgd);
	addr = APIC_REGION;
	pgd[addr / LARGE_PAGE] = addr | PTE_P | PTE_W | PTE_PS | PTE_PCD | PTE_PWT;
	x86_boot_cr3 = (uintptr_t)pgd;
	write_cr4(read_cr4() | X86_CR4_PSE);
	write_cr3(x86_boot_cr3);
	write_cr0(read_cr0() | X86_CR0_PG | X86_CR0_WP);
#endif
}
