// SPDX-License-Identifier: MIT
/*
 * kernel/params.c: the command-line parser (parse_args) and the dispatch to
 * early_param()/boot_param() handlers, declared here with the real macros
 * (tests/host/params.ld gives the table its start/end symbols).
 */
#include "host_test.h"
#include <kernel/params.h>
#include <kernel/printk.h>

/* ---- printk: capture the warnings */
static char log[4096];
static size_t log_len;

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(log + log_len, sizeof(log) - log_len, fmt, ap);
	va_end(ap);
	log_len += (size_t)n < sizeof(log) - log_len ? (size_t)n : sizeof(log) - log_len - 1;
	return n;
}

static bool logged(const char *s)
{
	size_t n = strlen(s);

	for (size_t i = 0; i + n <= log_len; i++)
		if (!memcmp(log + i, s, n))
			return true;
	return false;
}

/* ---- parse_args: record what the callback sees */
#define MAX_SEEN 16
static struct {
	char name[300];
	char val[300];
	bool has_val;
} seen[MAX_SEEN];
static int nseen;
static int cb_ret;

static int record(const char *name, const char *val, void *ctx)
{
	assert_ptr_equal(ctx, &nseen);
	assert_true(nseen < MAX_SEEN);
	strlcpy(seen[nseen].name, name, sizeof(seen[0].name));
	seen[nseen].has_val = val != NULL;
	if (val)
		strlcpy(seen[nseen].val, val, sizeof(seen[0].val));
	nseen++;
	return cb_ret;
}

static int setup(void **state)
{
	nseen = 0;
	cb_ret = 0;
	log_len = 0;
	log[0] = '\0';
	memset(seen, 0, sizeof(seen));
	return 0;
}

static void expect(int i, const char *name, const char *val)
{
	assert_string_equal(seen[i].name, name);
	if (val) {
		assert_true(seen[i].has_val);
		assert_string_equal(seen[i].val, val);
	} else {
		assert_false(seen[i].has_val);
	}
}

static void test_words(void **state)
{
	assert_int_equal(parse_args("  console=ttyS0,115200  kgdbwait\tpanic=5\n", record,
				    &nseen), 0);
	assert_int_equal(nseen, 3);
	expect(0, "console", "ttyS0,115200");
	expect(1, "kgdbwait", NULL);
	expect(2, "panic", "5");
}

static void test_empty_lines(void **state)
{
	assert_int_equal(parse_args("", record, &nseen), 0);
	assert_int_equal(parse_args("   \t ", record, &nseen), 0);
	assert_int_equal(nseen, 0);
}

static void test_empty_value(void **state)
{
	assert_int_equal(parse_args("a= b=\"\" c", record, &nseen), 0);
	assert_int_equal(nseen, 3);
	expect(0, "a", "");
	expect(1, "b", "");
	expect(2, "c", NULL);
}

static void test_quotes(void **state)
{
	assert_int_equal(parse_args("msg=\"hello world\" \"x=a b\" y=\"q\"z next", record,
				    &nseen), 0);
	assert_int_equal(nseen, 4);
	expect(0, "msg", "hello world");
	expect(1, "x", "a b");
	expect(2, "y", "qz");
	expect(3, "next", NULL);
}

static void test_value_with_equals(void **state)
{
	assert_int_equal(parse_args("opt=a=b", record, &nseen), 0);
	assert_int_equal(nseen, 1);
	expect(0, "opt", "a=b");
}

static void test_malformed(void **state)
{
	assert_int_equal(parse_args("ok1 =novalue \"\" ok2", record, &nseen), -EINVAL);
	assert_int_equal(nseen, 2);
	expect(0, "ok1", NULL);
	expect(1, "ok2", NULL);
	assert_true(logged("malformed parameter \"=novalue\""));
}

static void test_unterminated_quote(void **state)
{
	assert_int_equal(parse_args("first bad=\"never closed", record, &nseen), -EINVAL);
	assert_int_equal(nseen, 1);
	expect(0, "first", NULL);
	assert_true(logged("unterminated quote"));
}

static void test_overlong(void **state)
{
	char line[1200];
	size_t n = 0;

	n += (size_t)snprintf(line + n, sizeof(line) - n, "before long=");
	memset(line + n, 'v', 1000);
	n += 1000;
	snprintf(line + n, sizeof(line) - n, " after=1");
	assert_int_equal(parse_args(line, record, &nseen), -E2BIG);
	assert_int_equal(nseen, 2);
	expect(0, "before", NULL);
	expect(1, "after", "1");
	assert_true(logged("overlong parameter"));

	/* A word just under the limit still passes, whole. */
	setup(state);
	memset(line, 'n', 255);
	line[255] = '\0';
	assert_int_equal(parse_args(line, record, &nseen), 0);
	assert_int_equal(nseen, 1);
	assert_int_equal(strlen(seen[0].name), 255);
}

static void test_callback_error(void **state)
{
	cb_ret = -ENOENT;
	assert_int_equal(parse_args("a b", record, &nseen), -ENOENT);
	assert_int_equal(nseen, 2);	/* the walk goes on */
}

/* ---- dispatch through the linker table */
static int early_calls, late_calls, flag_calls, bad_calls;
static char early_val[32];

static int setup_early(const char *val)
{
	early_calls++;
	strlcpy(early_val, val ? val : "(none)", sizeof(early_val));
	return 0;
}
early_param("test_early", setup_early);

static int setup_late(const char *val)
{
	late_calls++;
	return 0;
}
boot_param("test-late", setup_late);

static int setup_flag(const char *val)
{
	flag_calls++;
	return val ? -EINVAL : 0;
}
boot_param("testflag", setup_flag);

static int setup_bad(const char *val)
{
	bad_calls++;
	return -EINVAL;
}
boot_param("testbad", setup_bad);

static int reset_dispatch(void **state)
{
	setup(state);
	early_calls = late_calls = flag_calls = bad_calls = 0;
	early_val[0] = '\0';
	return 0;
}

static void test_early_and_normal_passes(void **state)
{
	strlcpy(boot_command_line, "test-early=42 test_late testflag", COMMAND_LINE_SIZE);
	parse_early_params();
	assert_int_equal(early_calls, 1);
	assert_string_equal(early_val, "42");
	assert_int_equal(late_calls + flag_calls, 0);
	parse_boot_params();
	assert_int_equal(early_calls, 1);	/* not run twice */
	assert_int_equal(late_calls, 1);
	assert_int_equal(flag_calls, 1);
	assert_int_equal(log_len, 0);
}

static void test_unknown_and_bad(void **state)
{
	strlcpy(boot_command_line, "nosuchparam=1 testflag=x testbad =oops test_early",
		COMMAND_LINE_SIZE);
	parse_early_params();
	/* The early pass reports nothing: the normal pass does, once. */
	assert_int_equal(log_len, 0);
	assert_string_equal(early_val, "(none)");
	parse_boot_params();
	assert_true(logged("unknown parameter \"nosuchparam\""));
	assert_true(logged("bad value for \"testflag\": \"x\""));
	assert_true(logged("bad value for \"testbad\""));
	assert_true(logged("malformed parameter \"=oops\""));
	assert_false(logged("test_early"));
	assert_int_equal(bad_calls, 1);
	assert_int_equal(early_calls, 1);
}

static void test_parse_params_table(void **state)
{
	static const struct boot_param table[] = {
		{ "alpha", setup_late, false },
		{ "beta", setup_early, true },
	};

	assert_int_equal(parse_params("alpha beta=1 gamma", table, table + 2, false), -ENOENT);
	assert_int_equal(late_calls, 1);
	assert_int_equal(early_calls, 0);
	assert_true(logged("unknown parameter \"gamma\""));
	assert_int_equal(parse_params("alpha beta=1 gamma", table, table + 2, true), 0);
	assert_int_equal(early_calls, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_words, setup),
		cmocka_unit_test_setup(test_empty_lines, setup),
		cmocka_unit_test_setup(test_empty_value, setup),
		cmocka_unit_test_setup(test_quotes, setup),
		cmocka_unit_test_setup(test_value_with_equals, setup),
		cmocka_unit_test_setup(test_malformed, setup),
		cmocka_unit_test_setup(test_unterminated_quote, setup),
		cmocka_unit_test_setup(test_overlong, setup),
		cmocka_unit_test_setup(test_callback_error, setup),
		cmocka_unit_test_setup(test_early_and_normal_passes, reset_dispatch),
		cmocka_unit_test_setup(test_unknown_and_bad, reset_dispatch),
		cmocka_unit_test_setup(test_parse_params_table, reset_dispatch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
