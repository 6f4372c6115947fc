/* SPDX-License-Identifier: MIT */
/*
 * PowerPC e500 kernel image: linked, loaded and run at 0x400000 (virtual =
 * physical; QEMU's ppce500 loader puts the ELF at its addresses and its
 * first TLB1 entry maps them 1:1). The kernel maps RAM from there up and
 * nothing below, so NULL faults (mm/tlb.c). The exception vectors come
 * first: IVPR needs them 64 KiB aligned. The symbol table (.kallsyms)
 * comes last, after .bss.
 */
#include <asm-generic/vmlinux.lds.h>

#undef powerpc
OUTPUT_FORMAT("elf32-powerpc")
OUTPUT_ARCH(powerpc:common)
ENTRY(_start)

#define LOAD_ADDR 0x00400000

PHDRS
{
	KERNEL_PHDRS
}

SECTIONS
{
	. = LOAD_ADDR;
	_stext = .;
	.text : {
		KEEP(*(.text.vectors))
		ppc_vectors_end = .;	/* entry.S's stubs, then the debugger's nap stub */
		KEEP(*(.head.text))
		*(.text .text.*)
	} :text
	_etext = .;

	PAGE_ALIGN_LDS
	__start_rodata = .;
	.rodata : {
		*(.rodata .rodata.*)
	} :rodata
	RO_TABLES(4)
	PAGE_ALIGN_LDS
	__end_rodata = .;

	_sdata = .;
	.data : {
		*(.data .data.*)
		*(.sdata .sdata.* .sdata2 .sdata2.*)
		*(.got2)
	} :data
	_edata = .;

	BSS_SECTION(4)

	KALLSYMS_SECTION(4) :ksyms
	kallsyms_end = .;

	DEBUG_SECTIONS
	.gnu.attributes 0 : { KEEP(*(.gnu.attributes)) }

	/DISCARD/ : {
		DISCARDED_NOTES
		*(.eh_frame)
	}
}
