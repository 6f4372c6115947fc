/* SPDX-License-Identifier: MIT */
/*
 * The x86 target description served to gdb (qXfer:features:read), kept as
 * a data file next to this one and embedded NUL-terminated at build time.
 */
	.section .rodata
	.globl x86_kgdb_target_xml
	.type x86_kgdb_target_xml, @object
x86_kgdb_target_xml:
#ifdef __x86_64__
	.incbin "arch/x86/kernel/kgdb_target_64.xml"
#else
	.incbin "arch/x86/kernel/kgdb_target_32.xml"
#endif
	.byte 0
	.size x86_kgdb_target_xml, . - x86_kgdb_target_xml
