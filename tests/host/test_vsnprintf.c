// SPDX-License-Identifier: MIT
/*
 * lib/vsnprintf.c. For the conversions C defines, the host C library is the
 * reference: each case is formatted by both and must match byte for byte,
 * return value included.
 */
#include "host_test.h"

/* From here on "snprintf" is the host's; the kernel's is k_snprintf. */
#undef snprintf
int snprintf(char *buf, size_t size, const char *fmt, ...);

#define SAME(fmt, ...) do {						\
	char ours[128], ref[128];					\
	int n1 = k_snprintf(ours, sizeof(ours), fmt, __VA_ARGS__);	\
	int n2 = snprintf(ref, sizeof(ref), fmt, __VA_ARGS__);	\
	assert_string_equal(ours, ref);					\
	assert_int_equal(n1, n2);					\
} while (0)

static void test_integers(void **state)
{
	SAME("%d %i %u", 42, -42, 42u);
	SAME("%d", 0);
	SAME("%d", (int)0x80000000);
	SAME("%u", 0xffffffffu);
	SAME("%x %X", 0xdeadbeefu, 0xdeadbeefu);
	SAME("%o", 8u);
	SAME("%ld %lu %lx", -1L, ~0UL, ~0UL);
	SAME("%lld %llu %llx", -9223372036854775807LL - 1, ~0ULL, 0x123456789abcdefULL);
	SAME("%zu %zx %zd", (size_t)12345, (size_t)0xabc, (size_t)7);
	SAME("%hhu %hd %hx", 300, 70000, 0x12345);
	SAME("%td %jd", (ptrdiff_t)-3, (intmax_t)-4);
}

/* Some flag combinations here are legal C that gcc warns about. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
static void test_width_and_flags(void **state)
{
	SAME("[%5d]", 42);
	SAME("[%-5d]", 42);
	SAME("[%05d]", 42);
	SAME("[%05d]", -42);
	SAME("[%-05d]", -42);
	SAME("[%08x]", 0xbeefu);
	SAME("[%08lx]", 0x1234UL);
	SAME("[%016llx]", 0x1234ULL);
	SAME("[%2d]", 12345);
	SAME("[%+d] [%+d] [% d] [% d]", 5, -5, 5, -5);
	SAME("[%#x] [%#X] [%#o] [%#x]", 255u, 255u, 8u, 0u);
	SAME("[%#010x]", 255u);
	SAME("[%*d] [%-*d]", 6, 7, 6, 7);
	SAME("[%*d]", -6, 7);
	SAME("[%.3d] [%8.3d] [%-8.3d] [%08.3d]", 7, 7, 7, 7);
	SAME("[%.0d] [%5.0d]", 0, 0);
}
#pragma GCC diagnostic pop

static void test_strings_and_chars(void **state)
{
	SAME("[%s]", "hello");
	SAME("[%10s] [%-10s]", "hi", "hi");
	SAME("[%.3s] [%.10s] [%.0s]", "abcdef", "abc", "abc");
	SAME("[%8.3s] [%-8.3s]", "abcdef", "abcdef");
	SAME("[%.*s]", 2, "abcdef");
	SAME("[%c%c%c]", 'a', 'b', 'c');
	SAME("[%3c] [%-3c]", 'x', 'y');
	SAME("100%% %s", "done");
	SAME("%s", "");
}

static void test_pointer_and_null(void **state)
{
	char buf[64];

	k_snprintf(buf, sizeof(buf), "%p", (void *)0x1234);
	assert_string_equal(buf, "0x1234");
	k_snprintf(buf, sizeof(buf), "%p", NULL);
	assert_string_equal(buf, "0x0");
	k_snprintf(buf, sizeof(buf), "[%10p]", (void *)0xab);
	assert_string_equal(buf, "[      0xab]");
	const char *volatile null_str = NULL;

	k_snprintf(buf, sizeof(buf), "%s", null_str);
	assert_string_equal(buf, "(null)");
}

static void test_truncation(void **state)
{
	char buf[8];

	memset(buf, '#', sizeof(buf));
	assert_int_equal(k_snprintf(buf, sizeof(buf), "%s", "0123456789"), 10);
	assert_string_equal(buf, "0123456");
	assert_int_equal(k_snprintf(buf, 1, "%d", 123), 3);
	assert_string_equal(buf, "");
	buf[0] = 'q';
	assert_int_equal(k_snprintf(buf, 0, "%d", 123), 3);
	assert_int_equal(buf[0], 'q');
	assert_int_equal(k_snprintf(NULL, 0, "%s=%d", "abc", 42), 6);
	memset(buf, '#', sizeof(buf));
	assert_int_equal(k_snprintf(buf, 4, "%5d", 1), 5);
	assert_string_equal(buf, "   ");
}

/* These formats are wrong on purpose. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
static void test_odd_formats(void **state)
{
	char buf[32];

	/* Unknown conversions are shown, a trailing '%' is kept. */
	assert_int_equal(k_snprintf(buf, sizeof(buf), "a%qb"), 4);
	assert_string_equal(buf, "a%qb");
	assert_int_equal(k_snprintf(buf, sizeof(buf), "end%"), 4);
	assert_string_equal(buf, "end%");
	assert_int_equal(k_snprintf(buf, sizeof(buf), "%-"), 1);
	assert_string_equal(buf, "%");
}
#pragma GCC diagnostic pop

static int wrap(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = k_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void test_vsnprintf_va_list(void **state)
{
	char buf[32];

	assert_int_equal(wrap(buf, sizeof(buf), "%s:%d:%lx", "f", 3, 0xffUL), 6);
	assert_string_equal(buf, "f:3:ff");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_width_and_flags),
		cmocka_unit_test(test_strings_and_chars),
		cmocka_unit_test(test_pointer_and_null),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_odd_formats),
		cmocka_unit_test(test_vsnprintf_va_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
