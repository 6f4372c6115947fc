// SPDX-License-Identifier: MIT
/* lib/kstrtox.c */
#include "host_test.h"

static unsigned long ul(const char *s, unsigned int base)
{
	unsigned long v = 12345;

	assert_int_equal(kstrtoul(s, base, &v), 0);
	return v;
}

static int ul_err(const char *s, unsigned int base)
{
	unsigned long v = 12345;
	int ret = kstrtoul(s, base, &v);

	assert_int_equal(v, 12345);	/* untouched on error */
	return ret;
}

static void test_kstrtoul_bases(void **state)
{
	assert_int_equal(ul("0", 0), 0);
	assert_int_equal(ul("42", 0), 42);
	assert_int_equal(ul("+42", 10), 42);
	assert_int_equal(ul("0x1F", 0), 31);
	assert_int_equal(ul("0X1f", 0), 31);
	assert_int_equal(ul("017", 0), 15);
	assert_int_equal(ul("1f", 16), 31);
	assert_int_equal(ul("0x1f", 16), 31);
	assert_int_equal(ul("101", 2), 5);
	assert_int_equal(ul("017", 10), 17);
	assert_int_equal(ul("7\n", 10), 7);
}

static void test_kstrtoul_errors(void **state)
{
	assert_int_equal(ul_err("", 0), -EINVAL);
	assert_int_equal(ul_err("+", 0), -EINVAL);
	assert_int_equal(ul_err("-1", 0), -EINVAL);
	assert_int_equal(ul_err("12a", 10), -EINVAL);
	assert_int_equal(ul_err("08", 0), -EINVAL);
	assert_int_equal(ul_err("0x", 0), -EINVAL);
	assert_int_equal(ul_err("0x", 16), -EINVAL);
	assert_int_equal(ul_err(" 1", 10), -EINVAL);
	assert_int_equal(ul_err("1 ", 10), -EINVAL);
	assert_int_equal(ul_err("1\n\n", 10), -EINVAL);
	assert_int_equal(ul_err("2", 2), -EINVAL);
	assert_int_equal(ul_err("1", 1), -EINVAL);
	assert_int_equal(ul_err("1", 17), -EINVAL);
	assert_int_equal(ul_err(NULL, 10), -EINVAL);
}

static void test_kstrtoul_range(void **state)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%lu", ~0UL);
	assert_true(ul(buf, 10) == ~0UL);
	snprintf(buf, sizeof(buf), "%lu0", ~0UL);
	assert_int_equal(ul_err(buf, 10), -ERANGE);
	snprintf(buf, sizeof(buf), "0x1%0*x", (int)sizeof(long) * 2, 0);
	assert_int_equal(ul_err(buf, 0), -ERANGE);
}

static void test_kstrtol(void **state)
{
	char buf[64];
	long v = 0;

	assert_int_equal(kstrtol("-5", 10, &v), 0);
	assert_int_equal(v, -5);
	assert_int_equal(kstrtol("17", 0, &v), 0);
	assert_int_equal(v, 17);
	assert_int_equal(kstrtol("-0x10", 0, &v), 0);
	assert_int_equal(v, -16);
	snprintf(buf, sizeof(buf), "%ld", (long)(~0UL >> 1));
	assert_int_equal(kstrtol(buf, 10, &v), 0);
	assert_true(v == (long)(~0UL >> 1));
	snprintf(buf, sizeof(buf), "-%lu", (~0UL >> 1) + 1);
	assert_int_equal(kstrtol(buf, 10, &v), 0);
	assert_true(v == -(long)(~0UL >> 1) - 1);
	snprintf(buf, sizeof(buf), "%lu", (~0UL >> 1) + 1);
	assert_int_equal(kstrtol(buf, 10, &v), -ERANGE);
	snprintf(buf, sizeof(buf), "-%lu", (~0UL >> 1) + 2);
	assert_int_equal(kstrtol(buf, 10, &v), -ERANGE);
	assert_int_equal(kstrtol("-+1", 10, &v), -EINVAL);
	assert_int_equal(kstrtol("--1", 10, &v), -EINVAL);
	assert_int_equal(kstrtol("-", 10, &v), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kstrtoul_bases),
		cmocka_unit_test(test_kstrtoul_errors),
		cmocka_unit_test(test_kstrtoul_range),
		cmocka_unit_test(test_kstrtol),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
