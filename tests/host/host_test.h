/* SPDX-License-Identifier: MIT */
#ifndef _HOST_TEST_H
#define _HOST_TEST_H

/* cmocka wants these before its own header. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <kernel/string.h>
#include <kernel/errno.h>

/*
 * A step decoder's answer @n: whether the instruction sets the interrupt
 * mask itself (KGDB_STEP_IRQ_INSN). An error is no answer: it fails.
 */
#define STEP_SETS_IRQS(n)	({ int __n = (n); assert_true(__n > 0); \
				   (__n & KGDB_STEP_IRQ_INSN) != 0; })

#endif
