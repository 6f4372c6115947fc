/* SPDX-License-Identifier: MIT */
/*
 * RISC-V kernel image: loaded and run at 0x80200000, where OpenSBI
 * (fw_dynamic, in the first 2 MiB of RAM) enters S-mode, identity
 * mapped. Text and read-only data come first, page aligned, so the MMU
 * code can map them read-only; the symbol table (.kallsyms) comes last,
 * after .bss.
 */
#include <asm-generic/vmlinux.lds.h>

OUTPUT_ARCH(riscv)
ENTRY(_start)

#define LOAD_ADDR 0x80200000

PHDRS
{
	KERNEL_PHDRS
}

SECTIONS
{
	. = LOAD_ADDR;
	_stext = .;
	.text : {
		KEEP(*(.head.text))
		*(.text .text.*)
	} :text
	_etext = .;

	PAGE_ALIGN_LDS
	__start_rodata = .;
	.rodata : {
		*(.rodata .rodata.* .srodata .srodata.*)
	} :rodata
	RO_TABLES(8)
	PAGE_ALIGN_LDS
	__end_rodata = .;

	_sdata = .;
	.data : {
		*(.data .data.* .sdata .sdata.*)
	} :data
	_edata = .;

	. = ALIGN(8);
	BSS_SECTION(8)

	KALLSYMS_SECTION(8) :ksyms
	kallsyms_end = .;

	DEBUG_SECTIONS
	.riscv.attributes 0 : { KEEP(*(.riscv.attributes)) }

	/DISCARD/ : {
		DISCARDED_NOTES
		*(.eh_frame)
	}
}

/* The MMU code maps text and rodata with 4 KiB pages from two tables. */
ASSERT(__end_rodata - LOAD_ADDR <= 0x400000, "kernel text/rodata larger than 4 MiB")
