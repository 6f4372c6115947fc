// SPDX-License-Identifier: MIT
/* The SBI call: ecall to OpenSBI in M-mode (see <asm/sbi.h>). */
#include <asm/sbi.h>

struct sbiret sbi_ecall(unsigned long ext, unsigned long fid, unsigned long a0,
			unsigned long a1, unsigned long a2)
{
	register unsigned long r0 __asm__("a0") = a0;
	register unsigned long r1 __asm__("a1") = a1;
	register unsigned long r2 __asm__("a2") = a2;
	register unsigned long r6 __asm__("a6") = fid;
	register unsigned long r7 __asm__("a7") = ext;

	__asm__ __volatile__("ecall"
			     : "+r"(r0), "+r"(r1)
			     : "r"(r2), "r"(r6), "r"(r7)
			     : "memory");
	return (struct sbiret){ .error = (long)r0, .value = (long)r1 };
}
