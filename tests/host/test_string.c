// SPDX-License-Identifier: MIT
/* lib/string.c */
#include "host_test.h"

static void test_memcpy_memset(void **state)
{
	char a[16], b[16];

	assert_ptr_equal(memset(a, 'x', sizeof(a)), a);
	for (size_t i = 0; i < sizeof(a); i++)
		assert_int_equal(a[i], 'x');
	memset(b, 0, sizeof(b));
	assert_ptr_equal(memcpy(b, "hello", 6), b);
	assert_string_equal(b, "hello");
	assert_ptr_equal(memcpy(b, "zz", 0), b);
	assert_string_equal(b, "hello");
}

static void test_memmove_overlap(void **state)
{
	char s[] = "abcdefgh";

	memmove(s + 2, s, 5);		/* forward overlap */
	assert_string_equal(s, "ababcdeh");
	memmove(s, s + 3, 5);		/* backward overlap */
	assert_string_equal(s, "bcdehdeh");
	memmove(s, s, 8);
	assert_string_equal(s, "bcdehdeh");
}

static void test_memcmp(void **state)
{
	assert_int_equal(memcmp("abc", "abc", 3), 0);
	assert_true(memcmp("abc", "abd", 3) < 0);
	assert_true(memcmp("\xff", "\x01", 1) > 0);	/* unsigned compare */
	assert_int_equal(memcmp("a", "b", 0), 0);
}

static void test_strlen_strnlen(void **state)
{
	assert_int_equal(strlen(""), 0);
	assert_int_equal(strlen("hello"), 5);
	assert_int_equal(strnlen("hello", 3), 3);
	assert_int_equal(strnlen("hello", 10), 5);
	assert_int_equal(strnlen("hello", 0), 0);
}

static void test_strcmp_strncmp(void **state)
{
	assert_int_equal(strcmp("", ""), 0);
	assert_int_equal(strcmp("abc", "abc"), 0);
	assert_true(strcmp("abc", "abcd") < 0);
	assert_true(strcmp("b", "abc") > 0);
	assert_true(strcmp("\x80", "a") > 0);
	assert_int_equal(strncmp("abcx", "abcy", 3), 0);
	assert_true(strncmp("abcx", "abcy", 4) < 0);
	assert_int_equal(strncmp("ab", "ab", 10), 0);
	assert_int_equal(strncmp("x", "y", 0), 0);
}

static void test_strchr(void **state)
{
	const char *s = "key=value";

	assert_ptr_equal(strchr(s, '='), s + 3);
	assert_ptr_equal(strchr(s, 'k'), s);
	assert_null(strchr(s, '#'));
	assert_ptr_equal(strchr(s, '\0'), s + 9);
}

static void test_strlcpy(void **state)
{
	char buf[6];

	assert_int_equal(strlcpy(buf, "hi", sizeof(buf)), 2);
	assert_string_equal(buf, "hi");
	assert_int_equal(strlcpy(buf, "truncated", sizeof(buf)), 9);
	assert_string_equal(buf, "trunc");
	buf[0] = 'q';
	assert_int_equal(strlcpy(buf, "abc", 0), 3);
	assert_int_equal(buf[0], 'q');
	assert_int_equal(strlcpy(buf, "", 1), 0);
	assert_string_equal(buf, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memcpy_memset),
		cmocka_unit_test(test_memmove_overlap),
		cmocka_unit_test(test_memcmp),
		cmocka_unit_test(test_strlen_strnlen),
		cmocka_unit_test(test_strcmp_strncmp),
		cmocka_unit_test(test_strchr),
		cmocka_unit_test(test_strlcpy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
