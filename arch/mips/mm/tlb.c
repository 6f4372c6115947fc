// SPDX-License-Identifier: MIT
/*
 * The kernel lives in KSEG0 and KSEG1, which bypass the TLB, so the TLB
 * holds nothing: every entry is invalid and has its own EntryHi (a KSEG0
 * VPN2 no mapped access can match, as Linux does, so that no two entries
 * ever match the same address). Any access to KUSEG (page 0 included) or
 * KSEG2/3 then takes a TLB refill exception and faults.
 */
#include <kernel/types.h>
#include <asm/mipsregs.h>
#include <asm/processor.h>
#include <asm/setup.h>

static unsigned int tlb_entries(void)
{
	return ((read_c0(CP0_CONFIG1) >> CONFIG1_MMU_SHIFT) & CONFIG1_MMU_MASK) + 1;
}

void mips_tlb_init(void)
{
	unsigned int n = tlb_entries();

	write_c0(CP0_PAGEMASK, 0);
	write_c0(CP0_WIRED, 0);
	write_c0(CP0_ENTRYLO0, 0);
	write_c0(CP0_ENTRYLO1, 0);
	for (unsigned int i = 0; i < n; i++) {
		write_c0(CP0_ENTRYHI, KSEG0 + ((unsigned long)i << (PAGE_SHIFT + 1)));
		write_c0(CP0_INDEX, i);
		__asm__ __volatile__("tlbwi\n\tehb" : : : "memory");
	}
	write_c0(CP0_ENTRYHI, 0);
}
