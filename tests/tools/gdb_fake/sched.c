// SPDX-License-Identifier: MIT
/*
 * The scheduler's structures as the gdb helpers read them, but with fields
 * the kernel does not have (yet), in another order: the helpers must find
 * every field by name.
 */
#include "fake.h"

struct task *task_list;
struct cpu_rq cpu_rq[FAKE_NR_CPUS];
struct task idle_tasks[FAKE_NR_CPUS];
