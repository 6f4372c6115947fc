// SPDX-License-Identifier: MIT
/*
 * The kernel's one page table (Sv39), identity mapped: the devices from
 * 32 MiB to 2 GiB (so that NULL and the first pages fault) and up to a
 * GiB of RAM from the kernel on (OpenSBI's first 2 MiB stay out), with
 * 2 MiB pages; the 2 MiB pages holding kernel text and read-only data are
 * split into 4 KiB pages so that text is read-only and executable and
 * rodata read-only. One more GiB at RISCV_TEXT_ALIAS maps the first GiB
 * of RAM writable, for text_poke(). Every leaf is global and has its
 * accessed and dirty bits set, so the hardware never needs to write one.
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <asm-generic/sections.h>
#include <asm/csr.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define PTE_V		(1UL << 0)
#define PTE_R		(1UL << 1)
#define PTE_W		(1UL << 2)
#define PTE_X		(1UL << 3)
#define PTE_G		(1UL << 5)
#define PTE_A		(1UL << 6)
#define PTE_D		(1UL << 7)
#define PTE_LEAF	(PTE_V | PTE_G | PTE_A | PTE_D)
#define PTE_RW		(PTE_LEAF | PTE_R | PTE_W)

#define PTES		512
#define MEGA		(1UL << 21)
#define GIGA		(1UL << 30)
#define DEVICE_START	0x02000000UL
#define KTEXT_TABLES	2		/* text + rodata up to 4 MiB */

typedef unsigned long pte_t;

static pte_t root[PTES] __aligned(PAGE_SIZE);
static pte_t devices[PTES] __aligned(PAGE_SIZE);	/* GiB 0 */
static pte_t ram[PTES] __aligned(PAGE_SIZE);		/* GiB 2 */
static pte_t ktext[KTEXT_TABLES][PTES] __aligned(PAGE_SIZE);
static unsigned long riscv_satp;

static pte_t pte(uintptr_t pa, unsigned long flags)
{
	return (pa >> PAGE_SHIFT) << 10 | flags;
}

static pte_t kernel_page(uintptr_t a)
{
	if (a >= (uintptr_t)_stext && a < (uintptr_t)_etext)
		return pte(a, PTE_LEAF | PTE_R | PTE_X);
	if (a >= (uintptr_t)__start_rodata && a < (uintptr_t)__end_rodata)
		return pte(a, PTE_LEAF | PTE_R);
	return pte(a, PTE_RW);
}

void riscv_mmu_init(void)
{
	uintptr_t kbase = (uintptr_t)_stext & ~(MEGA - 1), a;
	unsigned int i, t;

	for (a = DEVICE_START; a < GIGA; a += MEGA)
		devices[a / MEGA] = pte(a, PTE_RW);
	root[0] = pte((uintptr_t)devices, PTE_V);
	root[1] = pte(VIRT_PCIE_MMIO, PTE_RW);
	for (a = kbase; a < riscv_ram_top; a += MEGA)
		ram[(a - VIRT_RAM) / MEGA] = pte(a, PTE_RW);
	for (t = 0, a = kbase; t < KTEXT_TABLES && a < (uintptr_t)__end_rodata; t++, a += MEGA) {
		for (i = 0; i < PTES; i++)
			ktext[t][i] = kernel_page(a + i * PAGE_SIZE);
		ram[(a - VIRT_RAM) / MEGA] = pte((uintptr_t)ktext[t], PTE_V);
	}
	root[VIRT_RAM / GIGA] = pte((uintptr_t)ram, PTE_V);
	root[RISCV_TEXT_ALIAS / GIGA] = pte(VIRT_RAM, PTE_RW);
	riscv_satp = SATP_SV39 | (uintptr_t)root >> PAGE_SHIFT;
}

void riscv_mmu_enable(void)
{
	__asm__ __volatile__("sfence.vma" : : : "memory");
	csr_write(satp, riscv_satp);
	__asm__ __volatile__("sfence.vma" : : : "memory");
}

/* Walk the table the way the MMU does (every level is mapped 1:1). */
bool riscv_mapped(uintptr_t addr)
{
	const pte_t *table = root;
	int level;

	if (addr >> 39)
		return false;
	for (level = 2; level >= 0; level--) {
		pte_t e = table[(addr >> (PAGE_SHIFT + 9 * level)) & (PTES - 1)];

		if (!(e & PTE_V))
			return false;
		if (e & (PTE_R | PTE_X))
			return true;
		table = (const pte_t *)((e >> 10) << PAGE_SHIFT);
	}
	return false;
}
