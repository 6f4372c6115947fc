/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_INIT_H
#define _KERNEL_INIT_H

#include <kernel/compiler.h>

/*
 * Init calls, run in level order from start_kernel():
 *   core    - before boot params are parsed (registries, consoles)
 *   device  - drivers
 *   late    - things that need drivers and params (transports)
 */
typedef int (*initcall_t)(void);

#define __define_initcall(fn, lvl) \
	static initcall_t __initcall_##fn __used \
	__section(".initcall" #lvl) = fn
#define core_initcall(fn)	__define_initcall(fn, 1)
#define device_initcall(fn)	__define_initcall(fn, 2)
#define late_initcall(fn)	__define_initcall(fn, 3)

void do_initcalls(int level);

/* The arch's boot code calls this on the boot CPU with a stack and paging. */
__noreturn void start_kernel(void);

#endif
