// SPDX-License-Identifier: MIT
/*
 * Integer division for the ARM EABI. The kernel is built for ARMv7-A
 * without the divide instructions, so the compiler calls these helpers
 * (there is no libgcc in the link). Dividing by zero calls
 * __aeabi_idiv0(), which executes the undefined instruction ARM_DIV0_INSN:
 * the trap handler reports it as "divide error" with SIGFPE, the oops x86
 * gives for its divide fault (ARM has no divide-by-zero trap of its own,
 * and its sdiv/udiv would silently return 0).
 */
#include <kernel/compiler.h>
#include <kernel/types.h>
#include <asm/bug.h>

u32 __aeabi_uidiv(u32 n, u32 d);
u64 __aeabi_uidivmod(u32 n, u32 d);
s32 __aeabi_idiv(s32 n, s32 d);
s64 __aeabi_idivmod(s32 n, s32 d);
int __aeabi_idiv0(int ret);

__noinline int __aeabi_idiv0(int ret)
{
	__asm__ __volatile__(".inst " __stringify(ARM_DIV0_INSN) : : : "memory");
	return ret;
}

/* Shift-and-subtract: quotient in the return value, remainder in *@rem. */
static u32 udivmod(u32 n, u32 d, u32 *rem)
{
	u32 q = 0, bit = 1;

	if (!d) {
		*rem = n;
		return (u32)__aeabi_idiv0(n ? -1 : 0);
	}
	while (d < n && !(d & 0x80000000U)) {
		d <<= 1;
		bit <<= 1;
	}
	while (bit) {
		if (n >= d) {
			n -= d;
			q |= bit;
		}
		d >>= 1;
		bit >>= 1;
	}
	*rem = n;
	return q;
}

u32 __aeabi_uidiv(u32 n, u32 d)
{
	u32 r;

	return udivmod(n, d, &r);
}

/* The EABI returns the quotient in r0 and the remainder in r1: a 64-bit
 * value, low word first. */
u64 __aeabi_uidivmod(u32 n, u32 d)
{
	u32 r, q = udivmod(n, d, &r);

	return (u64)r << 32 | q;
}

static s32 sdivmod(s32 n, s32 d, s32 *rem)
{
	u32 un = n < 0 ? -(u32)n : (u32)n, ud = d < 0 ? -(u32)d : (u32)d, ur;
	u32 q = udivmod(un, ud, &ur);

	*rem = n < 0 ? (s32)(0U - ur) : (s32)ur;
	return (n < 0) != (d < 0) ? (s32)(0U - q) : (s32)q;
}

s32 __aeabi_idiv(s32 n, s32 d)
{
	s32 r;

	return sdivmod(n, d, &r);
}

s64 __aeabi_idivmod(s32 n, s32 d)
{
	s32 r, q = sdivmod(n, d, &r);

	return (s64)((u64)(u32)r << 32 | (u32)q);
}
