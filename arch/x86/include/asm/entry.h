/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_ENTRY_H
#define _ASM_X86_ENTRY_H

/* One stub per vector, X86_STUB_SIZE bytes apart (arch/x86/kernel/entry_*.S). */
#define X86_STUB_SIZE	16

#ifndef __ASSEMBLY__
extern const char x86_entry_stubs[];
/* The common entry path: return addresses in [start, end) mean "the caller
 * was interrupted here", for the frame-pointer unwinder. */
extern const char x86_entry_common[], x86_entry_common_end[];
#endif

#endif
