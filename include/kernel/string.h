/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_STRING_H
#define _KERNEL_STRING_H

#include <kernel/types.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
size_t strlcpy(char *dst, const char *src, size_t size);

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((__format__(printf, 3, 4)));

/* Parse an unsigned number (base 0 = auto 0x/0 prefix); 0 or -EINVAL/-ERANGE. */
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
/* The same for a signed number with an optional leading '-'. */
int kstrtol(const char *s, unsigned int base, long *res);

int hex_to_bin(char c);		/* -1 if not a hex digit */
extern const char hex_asc[];	/* "0123456789abcdef" */
extern const char hex_asc_upper[];	/* "0123456789ABCDEF" */
/* @count bytes from 2 * @count hex digits; 0 or -EINVAL on a non-digit. */
int hex2bin(u8 *dst, const char *src, size_t count);
/* 2 * @count lowercase hex digits (no NUL); returns the end of the output. */
char *bin2hex(char *dst, const void *src, size_t count);

#endif
