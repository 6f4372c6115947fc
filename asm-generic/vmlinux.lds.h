/* SPDX-License-Identifier: MIT */
#ifndef _ASM_GENERIC_VMLINUX_LDS_H
#define _ASM_GENERIC_VMLINUX_LDS_H

/*
 * Linker-script fragments shared by the arches' vmlinux.lds.S, so that the
 * names in asm-generic/sections.h mean the same everywhere. @align is the
 * pointer size (each table is an array of pointer-aligned structs).
 */

#define PAGE_ALIGN_LDS	. = ALIGN(4096);

/* The segments: text, rodata, data with .bss, the symbol table. */
#define KERNEL_PHDRS							\
	text PT_LOAD FLAGS(5);		/* R X */			\
	rodata PT_LOAD FLAGS(4);	/* R */				\
	data PT_LOAD FLAGS(6);		/* RW, with .bss */		\
	ksyms PT_LOAD FLAGS(4);

#define TABLE(name, start, stop, align)				\
	. = ALIGN(align);					\
	start = .;						\
	KEEP(*(name))						\
	stop = .;

/* Read-only tables: linker-section registries, exception and bug tables. */
#define RO_TABLES(align)						\
	.boot_params : {						\
		TABLE(.boot_params, __boot_params_start, __boot_params_end, align) \
	}								\
	.initcall : {							\
		TABLE(.initcall1, __initcall1_start, __initcall1_end, align) \
		TABLE(.initcall2, __initcall2_start, __initcall2_end, align) \
		TABLE(.initcall3, __initcall3_start, __initcall3_end, align) \
	}								\
	.shell_commands : {						\
		TABLE(.shell_commands, __shell_commands_start, __shell_commands_end, align) \
	}								\
	.sysrq_keys : {							\
		TABLE(.sysrq_keys, __sysrq_keys_start, __sysrq_keys_end, align) \
	}								\
	kgdb_monitor_cmds : {						\
		TABLE(kgdb_monitor_cmds, __start_kgdb_monitor_cmds,	\
		      __stop_kgdb_monitor_cmds, align)			\
	}								\
	kgdb_frontends : {						\
		TABLE(kgdb_frontends, __start_kgdb_frontends,		\
		      __stop_kgdb_frontends, align)			\
	}								\
	__ex_table : {							\
		TABLE(__ex_table, __start___ex_table, __stop___ex_table, align) \
	}								\
	__bug_table : {							\
		TABLE(__bug_table, __start___bug_table, __stop___bug_table, align) \
	}

/* Writable data ends with .bss, in the data segment; _end after it. */
#define BSS_SECTION(align)						\
	.bss (NOLOAD) : {						\
		__bss_start = .;					\
		*(.sbss .sbss.*)					\
		*(.bss .bss.*)						\
		*(COMMON)						\
		. = ALIGN(align);					\
		__bss_end = .;						\
	} :data								\
	_end = .;

/* Notes no loader reads, inside an arch's /DISCARD/. */
#define DISCARDED_NOTES							\
	*(.note.GNU-stack)						\
	*(.note.gnu.property)						\
	*(.note.gnu.build-id)

/* The symbol table from scripts/kallsyms.py: always the last section. */
#define KALLSYMS_SECTION(align)						\
	. = ALIGN(align);						\
	.kallsyms : { KEEP(*(.kallsyms)) }

/* Debug info and other non-allocated sections kept for gdb. */
#define DEBUG_SECTIONS							\
	.comment 0 : { *(.comment) }					\
	.debug_aranges 0 : { *(.debug_aranges) }			\
	.debug_info 0 : { *(.debug_info) }				\
	.debug_abbrev 0 : { *(.debug_abbrev) }				\
	.debug_line 0 : { *(.debug_line) }				\
	.debug_line_str 0 : { *(.debug_line_str) }			\
	.debug_frame 0 : { *(.debug_frame) }				\
	.debug_str 0 : { *(.debug_str) }				\
	.debug_loc 0 : { *(.debug_loc) }				\
	.debug_loclists 0 : { *(.debug_loclists) }			\
	.debug_ranges 0 : { *(.debug_ranges) }				\
	.debug_rnglists 0 : { *(.debug_rnglists) }			\
	.debug_macro 0 : { *(.debug_macro) }				\
	.debug_str_offsets 0 : { *(.debug_str_offsets) }		\
	.debug_addr 0 : { *(.debug_addr) }

#endif
