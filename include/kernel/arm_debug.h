/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_ARM_DEBUG_H
#define _KERNEL_ARM_DEBUG_H

/*
 * The ARM debug architecture's breakpoint and watchpoint register pairs,
 * the same on arm (CP14) and aarch64 (system registers): the debugger's
 * hardware slots, written once (drivers/debug/arm_debug.c). The arch's
 * <asm/hw_breakpoint.h> reaches the registers: ARM_DEBUG_WORD (the bytes
 * one watchpoint's byte address select covers), ARM_DEBUG_CR_MATCH (the
 * control bits beyond PMC that make a pair match the kernel),
 * arm_debug_count(), arm_debug_write(), arm_debug_enable() and
 * arm_debug_event().
 */
#include <kgdb.h>

/* arm_debug_write()'s registers: a pair's value, then its control. */
enum { ARM_DEBUG_BVR, ARM_DEBUG_BCR, ARM_DEBUG_WVR, ARM_DEBUG_WCR };

/* What a trap was (arm_debug_event()). */
enum arm_debug_event { ARM_DEBUG_NONE, ARM_DEBUG_BREAKPOINT, ARM_DEBUG_WATCHPOINT };

/* The arch table's hw: none without CONFIG_KGDB_HW_BREAKPOINTS. */
extern const struct kgdb_hw_ops arm_debug_kgdb_hw;
#ifdef CONFIG_ARM_DEBUG
#define ARM_DEBUG_KGDB_HW	(&arm_debug_kgdb_hw)
#else
#define ARM_DEBUG_KGDB_HW	NULL
#endif

#endif
