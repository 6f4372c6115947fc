/* SPDX-License-Identifier: MIT */
#ifndef _ASM_RISCV_SBI_H
#define _ASM_RISCV_SBI_H

#include <kernel/types.h>

/*
 * The Supervisor Binary Interface (OpenSBI 1.1 under QEMU): extension and
 * function numbers of the SBI specification 1.0, errors as negatives.
 */
#define SBI_EXT_BASE	0x10
#define SBI_EXT_TIME	0x54494d45
#define SBI_EXT_IPI	0x735049
#define SBI_EXT_RFENCE	0x52464e43
#define SBI_EXT_HSM	0x48534d
#define SBI_EXT_SRST	0x53525354

#define SBI_SRST_SHUTDOWN	0
#define SBI_SRST_COLD_REBOOT	1

struct sbiret {
	long error;
	long value;
};

struct sbiret sbi_ecall(unsigned long ext, unsigned long fid, unsigned long a0,
			unsigned long a1, unsigned long a2);

static inline void sbi_set_timer(u64 when)
{
	sbi_ecall(SBI_EXT_TIME, 0, when, 0, 0);
}

/* Harts hart_mask_base + n for each bit n of @mask. */
static inline void sbi_send_ipi(unsigned long mask, unsigned long base)
{
	sbi_ecall(SBI_EXT_IPI, 0, mask, base, 0);
}

static inline void sbi_remote_fence_i(unsigned long mask, unsigned long base)
{
	sbi_ecall(SBI_EXT_RFENCE, 0, mask, base, 0);
}

/* Start @hartid at @addr (MMU off) with a0 = hartid, a1 = @opaque. */
static inline long sbi_hart_start(unsigned long hartid, unsigned long addr, unsigned long opaque)
{
	return sbi_ecall(SBI_EXT_HSM, 0, hartid, addr, opaque).error;
}

static inline void sbi_system_reset(unsigned long type)
{
	sbi_ecall(SBI_EXT_SRST, 0, type, 0, 0);
}

#endif
