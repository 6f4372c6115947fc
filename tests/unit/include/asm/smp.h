/* SPDX-License-Identifier: MIT */
#ifndef _FAKE_ASM_SMP_H
#define _FAKE_ASM_SMP_H
/* Each fake CPU is a host thread. */
extern __thread unsigned int fake_this_cpu;
static inline unsigned int smp_processor_id(void)
{
	return fake_this_cpu;
}
#endif
