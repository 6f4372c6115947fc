// SPDX-License-Identifier: MIT
/*
 * The kernel's one translation table (4 KiB granule, TTBR0 only, 32-bit
 * virtual addresses, so the walk starts at level 1): the device region
 * and RAM identity mapped with 2 MiB blocks, Device-nGnRnE and normal
 * write-back memory; the blocks holding kernel text and read-only data
 * use 4 KiB pages so that text and rodata are read-only and only text is
 * executable. Everything below the device region (page 0 included) is
 * left unmapped, so NULL faults. The fourth GiB is a writable alias of
 * the first GiB of RAM, for text_poke().
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <asm-generic/sections.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define GIB			0x40000000UL
#define ALIAS_BASE		0xc0000000UL	/* level 1 entry 3 */

/* Descriptor bits */
#define PTE_VALID		(1UL << 0)
#define PTE_TABLE		(3UL << 0)	/* a table (levels 1-2) or a page (level 3) */
#define PTE_BLOCK		(1UL << 0)
#define PTE_ATTR(i)		((unsigned long)(i) << 2)	/* MAIR index */
#define PTE_RDONLY		(1UL << 7)	/* AP[2] */
#define PTE_ISH			(3UL << 8)
#define PTE_AF			(1UL << 10)
#define PTE_PXN			(1UL << 53)
#define PTE_UXN			(1UL << 54)

#define ATTR_DEVICE		0		/* MAIR attr0: Device-nGnRnE */
#define ATTR_NORMAL		1		/* MAIR attr1: write-back, allocating */
#define MAIR_VALUE		(0x00UL | 0xffUL << 8)

#define PROT_DEVICE		(PTE_ATTR(ATTR_DEVICE) | PTE_AF | PTE_PXN | PTE_UXN)
#define PROT_NORMAL		(PTE_ATTR(ATTR_NORMAL) | PTE_AF | PTE_ISH | PTE_UXN)

/* TCR_EL1: T0SZ = 32, walks write-back inner shareable, 4 KiB granule,
 * no TTBR1 walks, 32-bit physical addresses. */
#define TCR_VALUE		(32UL | 1UL << 8 | 1UL << 10 | 3UL << 12 | 1UL << 23)

#define ENTRIES			512
#define KTEXT_L3_TABLES		2	/* text + rodata up to 4 MiB */

static u64 l1_table[ENTRIES] __aligned(4096);
static u64 l2_devices[ENTRIES] __aligned(4096);
static u64 l2_ram[ENTRIES] __aligned(4096);
static u64 l3_tables[KTEXT_L3_TABLES][ENTRIES] __aligned(4096);

static u64 kernel_page_prot(uintptr_t a)
{
	if (a >= (uintptr_t)_stext && a < (uintptr_t)_etext)
		return PROT_NORMAL | PTE_RDONLY;
	if (a >= (uintptr_t)__start_rodata && a < (uintptr_t)__end_rodata)
		return PROT_NORMAL | PTE_RDONLY | PTE_PXN;
	return PROT_NORMAL | PTE_PXN;
}

void arm64_mmu_init(void)
{
	uintptr_t a, blk = (uintptr_t)_stext & ~(BLOCK_SIZE - 1);
	unsigned int t;

	for (a = VIRT_DEVICE_BASE; a < VIRT_DEVICE_END; a += BLOCK_SIZE)
		l2_devices[a >> BLOCK_SHIFT] = a | PROT_DEVICE | PTE_BLOCK;
	for (a = arm64_ram_base; a < arm64_ram_top; a += BLOCK_SIZE)
		l2_ram[(a - GIB) >> BLOCK_SHIFT] = a | PROT_NORMAL | PTE_PXN | PTE_BLOCK;
	for (t = 0; t < KTEXT_L3_TABLES && blk < (uintptr_t)__end_rodata;
	     t++, blk += BLOCK_SIZE) {
		for (unsigned int i = 0; i < ENTRIES; i++) {
			a = blk + i * PAGE_SIZE;
			l3_tables[t][i] = a | kernel_page_prot(a) | PTE_TABLE;
		}
		l2_ram[(blk - GIB) >> BLOCK_SHIFT] = (uintptr_t)l3_tables[t] | PTE_TABLE;
	}
	l1_table[0] = (uintptr_t)l2_devices | PTE_TABLE;
	l1_table[1] = (uintptr_t)l2_ram | PTE_TABLE;
	l1_table[ALIAS_BASE / GIB] = GIB | PROT_NORMAL | PTE_PXN | PTE_BLOCK;
}

void *arm64_writable_alias(const void *addr, size_t len)
{
	uintptr_t a = (uintptr_t)addr;

	if (a < arm64_ram_base || a + len > arm64_ram_top || a + len < a)
		return NULL;
	return (void *)(a - GIB + ALIAS_BASE);
}

void arm64_mmu_enable(void)
{
	unsigned long sctlr;

	write_sysreg(MAIR_VALUE, mair_el1);
	write_sysreg(TCR_VALUE, tcr_el1);
	write_sysreg(l1_table, ttbr0_el1);
	__asm__ __volatile__("dsb sy\n\ttlbi vmalle1\n\tic iallu\n\tdsb sy\n\tisb" : : : "memory");
	sctlr = read_sysreg(sctlr_el1);
	sctlr |= SCTLR_M | SCTLR_C | SCTLR_I;
	sctlr &= ~(SCTLR_A | SCTLR_WXN);
	write_sysreg(sctlr, sctlr_el1);
	isb();
}
