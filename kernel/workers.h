/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_WORKERS_H
#define _KERNEL_WORKERS_H

/* Start the background kernel threads (kernel/workers.c). */
void start_workers(void);

#endif
