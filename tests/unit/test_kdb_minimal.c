// SPDX-License-Identifier: MIT
/*
 * kdb on a port that fills in only data (fake_arch.c built with
 * -DFAKE_ARCH_MINIMAL): it cannot step, and says so at ss.
 */

#include "kdb_harness.h"

static void test_ss_refused(void **state)
{
	typed_at_break("ss\rgo\r");
	assert_printed("[0]kdb> ss\nss: this machine cannot step\n[0]kdb> go\n");
	assert_int_equal(fake_regs[0].pc, FAKE_BREAK_ADDR + 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_ss_refused, setup1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
