/* SPDX-License-Identifier: MIT */
/*
 * The ARM target description served to gdb (qXfer:features:read), kept as
 * a data file next to this one and embedded NUL-terminated at build time.
 */
	.section .rodata
	.globl arm_kgdb_target_xml
	.type arm_kgdb_target_xml, %object
arm_kgdb_target_xml:
	.incbin "arch/arm/kernel/kgdb_target.xml"
	.byte 0
	.size arm_kgdb_target_xml, . - arm_kgdb_target_xml
