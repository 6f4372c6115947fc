// SPDX-License-Identifier: MIT
/*
 * A port that fills in data and no hooks: the packets needing them get the
 * empty reply and vanish from qSupported and vCont?; the core's generic
 * ways serve the rest.
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

/*
 * With two CPUs: the generic roundup (the kernel's NMI to the others),
 * held CPUs that spin (no hold.wait) and are let go without a kick; a
 * constant and a register that is nowhere take no writes.
 */
static void test_minimal_port_smp(void **state)
{
	script_str("+");
	xchg("qSupported", "PacketSize=1000;binary-upload+;vContSupported+;swbreak+;qXfer:threads:read+;QStartNoAckMode+");
	xchg("qfThreadInfo", "mf4240,f4241,1,2,3,4");
	xchg("Hgf4241", "OK");
	xchg("p0", le_hex(fake_regs[1].r[0], 8));
	xchg("Pd=11000000", "OK");
	xchg("pd", "28000000");
	xchg("Pf=11000000", "OK");
	xchg("pf", "00000000");
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
	assert_false(kgdb_active());
}

/*
 * With no idle hook a silent line is polled with short delays: the packet
 * that ends a silence of 20 ms (virtual: udelay() counts it) is answered.
 */
static void test_silence_polled_without_idle(void **state)
{
	script_str("+");
	script_late(20000);
	xchg("qC", "QC2");
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_minimal_port, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_minimal_port_smp, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_silence_polled_without_idle, setup1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
