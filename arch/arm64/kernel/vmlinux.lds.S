/* SPDX-License-Identifier: MIT */
/*
 * AArch64 kernel image: loaded and run at 0x40200000 (QEMU virt RAM
 * starts at 0x40000000, where QEMU puts the device tree, up to 1 MiB; a
 * 2 MiB boundary keeps the kernel's blocks apart), identity mapped. Text
 * and read-only data come first, page aligned, so the MMU code can map
 * them read-only; the symbol table (.kallsyms) comes last, after .bss.
 */
#include <asm-generic/vmlinux.lds.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(_start)

#define LOAD_ADDR 0x40200000

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
	RO_TABLES(8)
	PAGE_ALIGN_LDS
	__end_rodata = .;

	_sdata = .;
	.data : {
		*(.data .data.*)
	} :data
	_edata = .;

	BSS_SECTION(16)

	KALLSYMS_SECTION(8) :ksyms
	kallsyms_end = .;

	DEBUG_SECTIONS

	/DISCARD/ : {
		DISCARDED_NOTES
		*(.eh_frame)
	}
}

/* The MMU code maps text and rodata with 4 KiB pages from two tables. */
ASSERT(__end_rodata - LOAD_ADDR <= 0x400000, "kernel text/rodata larger than 4 MiB")
