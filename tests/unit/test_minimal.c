// SPDX-License-Identifier: MIT
/*
 * A port that fills in only the mandatory hooks: the packets needing the
 * others get the empty reply and vanish from qSupported and vCont?.
 */

#include "harness.h"

static void test_minimal_port(void **state)
{
	char g[2 * FAKE_REGS_SIZE + 1];

	script_str("+");
	xchg("qSupported", "PacketSize=1000;binary-upload+;vContSupported+;swbreak+;qXfer:threads:read+;QStartNoAckMode+");
	xchg("vCont?", "vCont;c;C");
	xchg("s", "");
	xchg("S05", "");
	xchg("vCont;s", "E16");
	xchg("Z1,1000,1", "");
	xchg("z2,3000,4", "");
	xchg("qXfer:features:read:target.xml:0,100", "");
	/* No task locations in its table: a sleeping task's registers read as zero. */
	xchg("Hg4", "OK");
	memset(g, '0', sizeof(g) - 1);
	g[sizeof(g) - 1] = '\0';
	xchg("g", g);
	xchg("Z0,1000,1", "OK");
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_minimal_port, setup1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
