/* SPDX-License-Identifier: MIT */
#ifndef _ASM_GENERIC_SECTIONS_H
#define _ASM_GENERIC_SECTIONS_H

/*
 * Symbols defined by each arch's linker script (see asm-generic/vmlinux.lds.h).
 * Declared as arrays so that no code takes them for objects with a value.
 */
extern char _stext[], _etext[];			/* all code */
extern char __start_rodata[], __end_rodata[];	/* read-only data (incl. tables) */
extern char _sdata[], _edata[];			/* initialised read-write data */
extern char __bss_start[], __bss_end[];		/* zeroed by the boot code */
extern char _end[];				/* end of the image (before .kallsyms) */
/* End of everything loaded, .kallsyms included. Its name starts with
 * "kallsyms_" so that scripts/link-vmlinux.sh ignores that it moves. */
extern char kallsyms_end[];

/* Linker tables, each an array of the named struct. */
extern char __boot_params_start[], __boot_params_end[];	/* struct boot_param */
extern char __initcall1_start[], __initcall1_end[];	/* initcall_t, core */
extern char __initcall2_start[], __initcall2_end[];	/* initcall_t, device */
extern char __initcall3_start[], __initcall3_end[];	/* initcall_t, late */
extern char __shell_commands_start[], __shell_commands_end[];	/* struct shell_command */
extern char __sysrq_keys_start[], __sysrq_keys_end[];	/* struct sysrq_key */
/* struct kgdb_monitor_cmd; named as a host linker names a section's bounds,
 * so that unit tests linked without these scripts get the same table. */
extern char __start_kgdb_monitor_cmds[], __stop_kgdb_monitor_cmds[];
extern char __start_kgdb_frontends[], __stop_kgdb_frontends[];	/* struct kgdb_frontend * */
extern char __start___ex_table[], __stop___ex_table[];	/* struct exception_table_entry */
extern char __start___bug_table[], __stop___bug_table[];	/* struct bug_entry */

#endif
