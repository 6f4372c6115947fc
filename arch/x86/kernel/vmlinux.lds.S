/* SPDX-License-Identifier: MIT */
/*
 * x86 kernel image: loaded and run at 1 MiB, identity mapped. Text and
 * read-only data come first, page aligned, so the paging code can map them
 * read-only; the symbol table (.kallsyms) comes last, after .bss.
 */
#include <asm-generic/vmlinux.lds.h>

#ifdef __x86_64__
OUTPUT_FORMAT("elf64-x86-64")
OUTPUT_ARCH(i386:x86-64)
ENTRY(pvh_start)
#define PTR_ALIGN 8
#else
#undef i386		/* a predefined macro on this target */
OUTPUT_FORMAT("elf32-i386")
OUTPUT_ARCH(i386)
ENTRY(multiboot_start)
#define PTR_ALIGN 4
#endif

#define LOAD_ADDR 0x100000

PHDRS
{
	KERNEL_PHDRS
	note PT_NOTE FLAGS(4);		/* the PVH entry note */
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
	RO_TABLES(PTR_ALIGN)
	.eh_frame : {
		KEEP(*(.eh_frame))
	}
	/* The PVH entry point note, in its own PT_NOTE segment for QEMU. */
	.notes : {
		KEEP(*(.note.Xen))
	} :rodata :note
	PAGE_ALIGN_LDS
	__end_rodata = .;

	_sdata = .;
	.data : {
		*(.data .data.*)
	} :data
	_edata = .;

	BSS_SECTION(PTR_ALIGN)

	KALLSYMS_SECTION(PTR_ALIGN) :ksyms
	kallsyms_end = .;

	DEBUG_SECTIONS

	/DISCARD/ : {
		DISCARDED_NOTES
	}
}

/* The paging code maps the first 8 MiB with 4 KiB pages (read-only text). */
ASSERT(__end_rodata <= 0x800000, "kernel text/rodata larger than the 4 KiB-mapped area")
