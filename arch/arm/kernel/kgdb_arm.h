/* SPDX-License-Identifier: MIT */
#ifndef _ARM_KGDB_ARM_H
#define _ARM_KGDB_ARM_H

/* Shared by the ARM debugger backend's files (arch/arm/kernel/kgdb*.c). */
#include <kgdb.h>

/* kgdb_hw.c: hardware breakpoints and watchpoints (CP14 debug registers). */
extern const struct kgdb_hw_ops arm_kgdb_hw;

#endif
