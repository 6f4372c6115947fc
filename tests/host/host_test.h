/* SPDX-License-Identifier: MIT */
#ifndef _HOST_TEST_H
#define _HOST_TEST_H

/* cmocka wants these before its own header. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <kernel/string.h>
#include <kernel/errno.h>

#endif
