// SPDX-License-Identifier: MIT
/* The nofault copies over riscv_copy_nofault() (nofault_copy.S). */
#include <kernel/errno.h>
#include <kernel/nofault.h>

size_t riscv_copy_nofault(void *dst, const void *src, size_t len);

long copy_from_kernel_nofault(void *dst, const void *src, size_t len)
{
	return riscv_copy_nofault(dst, src, len) ? -EFAULT : 0;
}

long copy_to_kernel_nofault(void *dst, const void *src, size_t len)
{
	return riscv_copy_nofault(dst, src, len) ? -EFAULT : 0;
}
