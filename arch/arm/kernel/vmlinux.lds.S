/* SPDX-License-Identifier: MIT */
/*
 * ARM kernel image: loaded and run at 0x40100000 (QEMU virt RAM starts at
 * 0x40000000, where QEMU puts the device tree), identity mapped. Text and
 * read-only data come first, page aligned, so the MMU code can map them
 * read-only; the symbol table (.kallsyms) comes last, after .bss.
 */
#include <asm-generic/vmlinux.lds.h>

OUTPUT_FORMAT("elf32-littlearm")
OUTPUT_ARCH(arm)
ENTRY(_start)

#define LOAD_ADDR 0x40100000

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
		*(.rodata .rodata.*)
	} :rodata
	RO_TABLES(4)
	.ARM.exidx : {
		*(.ARM.exidx*)
	}
	.ARM.extab : {
		*(.ARM.extab*)
	}
	PAGE_ALIGN_LDS
	__end_rodata = .;

	_sdata = .;
	.data : {
		*(.data .data.*)
	} :data
	_edata = .;

	BSS_SECTION(4)

	KALLSYMS_SECTION(4) :ksyms
	kallsyms_end = .;

	DEBUG_SECTIONS
	.ARM.attributes 0 : { KEEP(*(.ARM.attributes)) }

	/DISCARD/ : {
		DISCARDED_NOTES
	}
}

/* The MMU code maps text and rodata with 4 KiB pages from four tables. */
ASSERT(__end_rodata - LOAD_ADDR <= 0x400000, "kernel text/rodata larger than 4 MiB")
