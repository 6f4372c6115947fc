// SPDX-License-Identifier: MIT
/*
 * The kernel's one page table (ARMv7 short descriptors, TTBR0 only): RAM
 * and the device region identity mapped with 1 MiB sections; the sections
 * holding kernel text and read-only data use 4 KiB pages so that text and
 * rodata are read-only and only text is executable. Everything below the
 * device region (page 0 included) is left unmapped, so NULL faults.
 * Domain 0 is a client domain: the permissions are checked (text_poke()
 * switches it to manager for its write).
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <asm-generic/sections.h>
#include <asm/processor.h>
#include <asm/setup.h>

/* First-level entries */
#define L1_COARSE	0x1		/* points at a second-level table */
#define L1_SECTION	0x2
#define L1_SECT_B	(1U << 2)
#define L1_SECT_C	(1U << 3)
#define L1_SECT_XN	(1U << 4)
#define L1_SECT_AP_RW	(1U << 10)	/* AP = 01: privileged read/write */
#define L1_SECT_TEX1	(1U << 12)
#define L1_SECT_S	(1U << 16)
#define L1_SECT_NORMAL	(L1_SECTION | L1_SECT_TEX1 | L1_SECT_C | L1_SECT_B | L1_SECT_S | \
			 L1_SECT_AP_RW)		/* write-back, write-allocate */
#define L1_SECT_DEVICE	(L1_SECTION | L1_SECT_B | L1_SECT_XN | L1_SECT_AP_RW)

/* Second-level small pages */
#define L2_XN		(1U << 0)
#define L2_SMALL	(1U << 1)
#define L2_B		(1U << 2)
#define L2_C		(1U << 3)
#define L2_AP_RW	(1U << 4)	/* AP = 01 */
#define L2_TEX1		(1U << 6)
#define L2_APX		(1U << 9)	/* with AP = 01: privileged read-only */
#define L2_S		(1U << 10)
#define L2_NORMAL	(L2_SMALL | L2_TEX1 | L2_C | L2_B | L2_S | L2_AP_RW)

/* TTBR0 walk attributes: inner and outer write-back write-allocate, shareable. */
#define TTBR_S		(1U << 1)
#define TTBR_RGN_WBWA	(1U << 3)
#define TTBR_IRGN_WBWA	(1U << 6)

#define L1_ENTRIES	4096
#define L2_ENTRIES	256
#define KTEXT_L2_TABLES	4	/* text + rodata up to 4 MiB */

static u32 l1_table[L1_ENTRIES] __aligned(16384);
static u32 l2_tables[KTEXT_L2_TABLES][L2_ENTRIES] __aligned(1024);

static void map_sections(uintptr_t start, uintptr_t end, u32 attrs)
{
	for (uintptr_t a = start & ~(SECTION_SIZE - 1); a < end && a >= start; a += SECTION_SIZE)
		l1_table[a >> SECTION_SHIFT] = (u32)a | attrs;
}

static u32 kernel_page_attrs(uintptr_t a)
{
	if (a >= (uintptr_t)_stext && a < (uintptr_t)_etext)
		return L2_NORMAL | L2_APX;
	if (a >= (uintptr_t)__start_rodata && a < (uintptr_t)__end_rodata)
		return L2_NORMAL | L2_APX | L2_XN;
	return L2_NORMAL | L2_XN;
}

void arm_mmu_init(void)
{
	uintptr_t sect = (uintptr_t)_stext & ~(SECTION_SIZE - 1);
	unsigned int t;

	map_sections(VIRT_DEVICE_BASE, VIRT_DEVICE_END, L1_SECT_DEVICE);
	map_sections(arm_ram_base, arm_ram_top, L1_SECT_NORMAL | L1_SECT_XN);
	for (t = 0; t < KTEXT_L2_TABLES && sect < (uintptr_t)__end_rodata;
	     t++, sect += SECTION_SIZE) {
		for (unsigned int i = 0; i < L2_ENTRIES; i++) {
			uintptr_t a = sect + i * PAGE_SIZE;

			l2_tables[t][i] = (u32)a | kernel_page_attrs(a);
		}
		l1_table[sect >> SECTION_SHIFT] = (u32)(uintptr_t)l2_tables[t] | L1_COARSE;
	}
}

void arm_mmu_enable(void)
{
	unsigned long sctlr;

	cp15_write(CP15_DACR, DACR_CLIENT);
	cp15_write(CP15_TTBCR, 0);
	cp15_write(CP15_TTBR0, (uintptr_t)l1_table | TTBR_S | TTBR_RGN_WBWA | TTBR_IRGN_WBWA);
	__asm__ __volatile__("mcr p15, 0, %0, c8, c7, 0\n\t"	/* TLBIALL */
			     "mcr p15, 0, %0, c7, c5, 0\n\t"	/* ICIALLU */
			     "mcr p15, 0, %0, c7, c5, 6\n\t"	/* BPIALL */
			     "dsb\n\tisb" : : "r"(0) : "memory");
	sctlr = cp15_read(CP15_SCTLR);
	sctlr |= SCTLR_M | SCTLR_C | SCTLR_I | SCTLR_Z;
	sctlr &= ~(SCTLR_A | SCTLR_V);
	cp15_write(CP15_SCTLR, sctlr);
	isb();
}
