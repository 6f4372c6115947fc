/* SPDX-License-Identifier: MIT */
#ifndef _ARM64_KGDB_ARM64_H
#define _ARM64_KGDB_ARM64_H

/* Shared by the AArch64 debugger backend's files (arch/arm64/kernel/kgdb*.c). */
#include <kgdb.h>

/* kgdb_hw.c: hardware breakpoints and watchpoints (DBGB*, DBGW* registers). */
extern const struct kgdb_hw_ops arm64_kgdb_hw;

#endif
