// SPDX-License-Identifier: MIT
/*
 * The core built as the minimal profile builds it (every option off):
 * what it leaves out is absent as the protocol says (no qSupported
 * feature, the empty reply), and what it keeps still works: the target
 * description that names only the architecture, read in any window,
 * registers read and written one at a time, a step.
 */

#include "harness.h"
#include <kernel/errno.h>

#define MIN_FEATURES	"PacketSize=1000;swbreak+;qXfer:features:read+;QStartNoAckMode+"
#define TDESC		"<target><architecture>fake</architecture><osabi>none</osabi></target>"

static void connect_min(void)
{
	script_str("+");
	xchg("qSupported:multiprocess+;swbreak+;hwbreak+;xmlRegisters=i386", MIN_FEATURES);
}

static void test_left_out_is_unknown(void **state)
{
	static const char *const unknown[] = {
		"vCont?", "vCont;c", "G00", "x1000,4", "X1000,0:", "qXfer:threads:read::0,100",
		"qRcmd,7073", "qRegisterInfo0", "Z1,1000,1", "Z2,1000,4",
	};
	unsigned int i;

	connect_min();
	for (i = 0; i < ARRAY_SIZE(unknown); i++)
		xchg(unknown[i], "");
	xchg("D", "OK");
	break_in();
}

/* Every window of the document: its bytes, 'l' where it ends, and past it nothing. */
static void test_description_in_every_window(void **state)
{
	const size_t len = sizeof(TDESC) - 1;
	char req[64], reply[sizeof(TDESC) + 2];
	size_t off, n, from, to;

	connect_min();
	for (off = 0; off <= len + 1; off++) {
		for (n = 1; n <= len + 1 - (off > len ? len : off) + 1; n++) {
			from = off < len ? off : len;
			to = off + n < len ? off + n : len;
			snprintf(req, sizeof(req), "qXfer:features:read:target.xml:%zx,%zx", off, n);
			snprintf(reply, sizeof(reply), "%c%.*s", off + n >= len ? 'l' : 'm',
				 (int)(to - from), TDESC + from);
			xchg(req, reply);
		}
	}
	xchg("qXfer:features:read:target.xml:ffffffffffffffff,10", "l");
	xchg("qXfer:features:read:other.xml:0,10", "E02");
	xchg("D", "OK");
	break_in();
}

/* One register at a time (P), read back; past the table "xx"; a step. */
static void test_registers_and_a_step(void **state)
{
	connect_min();
	xchg("P0=1122334455667788", "OK");
	xchg("p0", "1122334455667788");
	xchg("p1ff", "xx");
	resume("s");
	expect_step_end();
	xchg("D", "OK");
	break_in();
	assert_int_equal(fake_regs[0].r[0], 0x8877665544332211ull);
}

/* Without CONFIG_KGDB_PACKET_IO a transport that carries packets is refused. */
static void test_packet_transport_refused(void **state)
{
	struct kgdb_io packets = fake_io;

	kgdb_unregister_io_module(&fake_io);
	packets.read_char = NULL;
	packets.write_char = NULL;
	packets.get_packet = (int (*)(char *, size_t))1;
	packets.put_packet = (void (*)(const char *, size_t, enum kgdb_packet_kind))1;
	assert_int_equal(kgdb_register_io_module(&packets), -EINVAL);
	assert_int_equal(kgdb_register_io_module(&fake_io), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_left_out_is_unknown, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_description_in_every_window, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_registers_and_a_step, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_packet_transport_refused, setup1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
