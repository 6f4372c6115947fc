/* SPDX-License-Identifier: MIT */
/*
 * MIPS32 kernel image: linked, loaded and run at KSEG0 0x80100000 (QEMU's
 * malta loader puts a KSEG0 ELF at the physical address below it, and
 * the boot stub's argument tables sit at 0x80002000). KSEG0 is unmapped,
 * so there is no page protection: sections need no page alignment except
 * the exception vectors, which EBase (4 KiB aligned) points at. The symbol
 * table (.kallsyms) comes last, after .bss.
 */
#include <asm-generic/vmlinux.lds.h>

#undef mips
#ifdef __MIPSEB__
OUTPUT_FORMAT("elf32-tradbigmips")
#else
OUTPUT_FORMAT("elf32-tradlittlemips")
#endif
OUTPUT_ARCH(mips)
ENTRY(_start)

#define LOAD_ADDR 0x80100000

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
		KEEP(*(.text.vectors))
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
		*(.sdata .sdata.*)
	} :data
	_edata = .;

	BSS_SECTION(4)

	KALLSYMS_SECTION(4) :ksyms
	kallsyms_end = .;

	/*
	 * gdb 13 looks a PC up in .debug_aranges without the sign extension
	 * it gives MIPS32 addresses elsewhere: with it, no KSEG0 address
	 * finds its source line. Without it gdb indexes the units itself.
	 */
	/DISCARD/ : { *(.debug_aranges) }
	DEBUG_SECTIONS
	.gnu.attributes 0 : { KEEP(*(.gnu.attributes)) }

	/DISCARD/ : {
		DISCARDED_NOTES
		*(.MIPS.abiflags)
		*(.MIPS.options)
		*(.reginfo)
		*(.pdr)
		*(.mdebug.*)
	}
}
