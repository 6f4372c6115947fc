/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_PROCESSOR_H
#define _FAKE_ASM_PROCESSOR_H
void fake_cpu_relax(void);
static inline void cpu_relax(void)
{
	fake_cpu_relax();
}
#endif
