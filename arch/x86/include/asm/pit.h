/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_PIT_H
#define _ASM_X86_PIT_H

#include <kernel/types.h>

/*
 * The 8254 PIT. Channel 2 (gated through port B) calibrates the TSC and
 * the LAPIC timer once (time.c); channel 0, on ISA IRQ 0, times the
 * debugger's naps (time.c). Nothing else uses it.
 */
#define PIT_HZ		1193182
#define PIT_CH0		0x40
#define PIT_CH2		0x42
#define PIT_CMD		0x43
#define PIT_IRQ		0	/* channel 0's output */

/* Whether the calibration saw channel 2 count: the PIT is there. */
extern bool pit_counts;

#endif
