/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_ERRNO_H
#define _KERNEL_ERRNO_H

/* Kernel functions return these negated. Values match Linux/POSIX so that
 * the gdb stub can put them on the wire as E<errno>. */
#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define EIO		5
#define E2BIG		7
#define EBADF		9
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define EINVAL		22
#define ENOSPC		28
#define EDOM		33
#define ERANGE		34
#define ENOSYS		38
#define EBADMSG		74
#define EMSGSIZE	90
#define ENOTSUP		95
#define ETIMEDOUT	110
#define EHOSTUNREACH	113

#endif
