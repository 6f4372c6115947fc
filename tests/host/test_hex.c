// SPDX-License-Identifier: MIT
/* lib/hex.c */
#include "host_test.h"

static void test_hex_to_bin(void **state)
{
	assert_int_equal(hex_to_bin('0'), 0);
	assert_int_equal(hex_to_bin('9'), 9);
	assert_int_equal(hex_to_bin('a'), 10);
	assert_int_equal(hex_to_bin('F'), 15);
	assert_int_equal(hex_to_bin('g'), -1);
	assert_int_equal(hex_to_bin('G'), -1);
	assert_int_equal(hex_to_bin(' '), -1);
	assert_int_equal(hex_to_bin('\0'), -1);
	assert_int_equal(hex_to_bin('/'), -1);
	assert_int_equal(hex_to_bin(':'), -1);
	assert_int_equal(hex_asc[0xb], 'b');
	assert_int_equal(hex_asc_upper[0xb], 'B');
}

static void test_hex2bin(void **state)
{
	u8 out[4] = { 0 };

	assert_int_equal(hex2bin(out, "00fFa57e", 4), 0);
	assert_int_equal(out[0], 0x00);
	assert_int_equal(out[1], 0xff);
	assert_int_equal(out[2], 0xa5);
	assert_int_equal(out[3], 0x7e);
	assert_int_equal(hex2bin(out, "1x", 1), -EINVAL);
	assert_int_equal(hex2bin(out, "x1", 1), -EINVAL);
	assert_int_equal(hex2bin(out, "", 0), 0);
}

static void test_bin2hex(void **state)
{
	const u8 in[] = { 0x00, 0x9a, 0xff };
	char out[8];
	char *end;

	memset(out, '#', sizeof(out));
	end = bin2hex(out, in, sizeof(in));
	assert_ptr_equal(end, out + 6);
	*end = '\0';
	assert_string_equal(out, "009aff");
	assert_ptr_equal(bin2hex(out, in, 0), out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex_to_bin),
		cmocka_unit_test(test_hex2bin),
		cmocka_unit_test(test_bin2hex),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
