// SPDX-License-Identifier: MIT
/* kernel/debug/gdbstub_packet.c: framing, acks and NAKs, run-length encoding. */

#include "harness.h"
#include <pthread.h>
#include <unistd.h>

/* gdb acks the last reply; the next request gets its own answer; the session ends. */
static void acked_and_in_step(void)
{
	script_str("+");
	xchg("qAttached", "1");
	resume("c");
	break_in();
}

static void test_bad_checksum_nak_retransmit(void **state)
{
	gdb_connect();
	script_str("$qC#00");		/* wrong checksum */
	expect_str("-");
	xchg("qC", "QC2");		/* the retransmission */
	script_str("$qC#zz");		/* not hex */
	expect_str("-");
	xchg("qC", "QC2");
	resume("c");
	break_in();
}

static void test_noise_and_restart(void **state)
{
	gdb_connect();
	/* Bytes outside packets (stray acks, 0x03, noise) are ignored. */
	script_str("++-\x03xyz");
	xchg("qC", "QC2");
	/* A '$' inside a packet starts it over (gdb gave up on a truncated one). */
	script_str("$m1000,");
	xchg("qC", "QC2");
	resume("c");
	break_in();
}

static void test_oversized(void **state)
{
	static char big[KGDB_PACKET_SIZE + 100];

	memset(big, '0', sizeof(big) - 1);
	big[0] = 'M';
	gdb_connect();
	script_pkt(big);
	expect_str("+");
	expect_pkt("E07");
	script_str("+");
	/* Exactly the limit is fine (and then malformed as an M packet). */
	big[KGDB_PACKET_SIZE] = '\0';
	xchg(big, "E16");
	xchg("qC", "QC2");
	resume("c");
	break_in();
}

static void test_reply_nak_and_implicit_ack(void **state)
{
	gdb_connect();
	/* gdb NAKs our reply: we send it again. */
	script_pkt("qC");
	expect_str("+");
	expect_pkt("QC2");
	script_str("-");
	expect_pkt("QC2");
	/* gdb skips the ack and sends its next packet: that is the ack. */
	script_pkt("qAttached");
	expect_str("+");
	expect_pkt("1");
	xchg("qC", "QC2");
	resume("c");
	break_in();
}

/*
 * gdb waits for the stop reply after a resume with no timeout of its own:
 * one it neither acks nor NAKs was lost (or its ack was), and is sent again
 * once the line has been silent long. Other replies are left to gdb's
 * timeout, which NAKs them.
 */
static void test_stop_reply_lost_on_the_line_is_resent(void **state)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	gdb_connect();
	script_pkt("qC");
	expect_str("+");
	expect_pkt("QC2");
	script_str("+");	/* after a long silence: no copy in between */
	resume("c");
	expect_pkt(stop_reply(0, 5, "", 2));
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	kgdb_breakpoint();	/* attach, qC, c */
	kgdb_breakpoint();	/* the stop, twice, and detach */
	assert_output();
}

/* A client that closed the line: silence for good. */
static int line_closed(void)
{
	/* A stub that waits for good fails here instead of hanging the test. */
	assert_true(fake_clock_us < 60000000UL);
	return KGDB_NO_CHAR;
}

/*
 * The detach's OK is the session's last reply: a NAK gets it again, but
 * silence (a client that closed the line at the OK, or lost its '+')
 * lets the target go once gdb would have NAKed a lost reply.
 */
static void test_detach_runs_on_without_the_oks_ack(void **state)
{
	gdb_connect();
	script_pkt("D");
	expect_str("+");
	expect_pkt("OK");
	script_str("-");
	expect_pkt("OK");
	fake_io_eof = line_closed;
	fake_virtual_clock = true;
	fake_clock_us = 0;
	kgdb_breakpoint();
	fake_virtual_clock = false;
	assert_output();
	assert_false(kgdb_active());
	assert_true(fake_clock_us > 2000000);	/* gdb's remotetimeout */
}

static void test_stale_nak_is_dropped(void **state)
{
	gdb_connect();
	/* A '-' gdb sent before our reply (it timed out waiting) is not a NAK
	 * of the reply: one reply goes out. */
	script_pkt("qC");
	script_str("-");
	expect_str("+");
	expect_pkt("QC2");
	acked_and_in_step();
}

static void test_retransmitted_packet_is_answered_once(void **state)
{
	gdb_connect();
	/* gdb timed out waiting for the ack and sent the packet again before
	 * we read the first copy: the reply goes to the last copy only. */
	script_pkt("qC");
	script_pkt("qC");
	script_pkt("qC");
	expect_str("+++");
	expect_pkt("QC2");
	acked_and_in_step();
}

/*
 * The copy came after the reply went out (the machine stalled, and the
 * line delivered what gdb had sent meanwhile a little at a time), and
 * gdb's ack of the reply follows it: the copy gets no second reply, which
 * gdb would take for the answer to its next packet.
 */
static void test_copy_after_the_reply_gets_none(void **state)
{
	gdb_connect();
	script_pkt("qC");
	expect_str("+");
	expect_pkt("QC2");
	script_pkt("qC");
	script_late(100000);
	acked_and_in_step();
}

/*
 * The same request again where the ack was due, and no ack follows: gdb
 * lost our ack and reply (a copy), or its ack (a second step). It is
 * answered.
 */
static void test_repeat_with_no_ack_is_answered(void **state)
{
	gdb_connect();
	script_pkt("qC");
	expect_str("+");
	expect_pkt("QC2");
	script_pkt("qC");
	expect_str("+");
	expect_pkt("QC2");
	acked_and_in_step();
}

static void test_rle_literal(void **state)
{
	gdb_connect();
	memset(fake_mem + 0x3000, 0, 16);
	script_pkt("m3000,4");
	expect_str("+$0*\"00#dc");	/* 8 zeros: a run of 7 would be '$', so 6 + 2 */
	script_str("+");
	script_pkt("m3000,8");
	expect_str("+$0*,#86");		/* 16 zeros */
	script_str("+");
	script_pkt("m3000,2");
	expect_str("+$0* #7a");		/* 4 zeros: one byte saved */
	script_str("+");
	script_pkt("m3000,1");
	expect_str("+$00#60");		/* 2: sent plain */
	script_str("+");
	resume("c");
	break_in();
}

static void test_console_o_packets(void **state)
{
	extern struct console *fake_console;
	char o[64];

	/* Not attached yet: nothing. */
	assert_non_null(fake_console);
	fake_console->write(fake_console, "hi\n", 3);
	gdb_connect();
	resume("c");
	break_in();
	/* Attached and running: O packets, no waiting for acks. */
	fake_console->write(fake_console, "hi\n", 3);
	snprintf(o, sizeof(o), "O%s", "68690a");
	expect_pkt(o);
	assert_output();
}

/*
 * gdb acks every O packet, and may do so late: a '+' that comes after the
 * stop reply but was owed to an O packet is not the stop reply's ack.
 * That stop reply may be the one that got lost: it is sent again after
 * the silence, as if no '+' had come.
 */
static void test_late_ack_of_an_o_packet_is_not_the_stop_replys(void **state)
{
	extern struct console *fake_console;

	gdb_connect();
	resume("c");
	kgdb_breakpoint();
	fake_console->write(fake_console, "hi\n", 3);
	expect_pkt("O68690a");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");	/* the O packet's, late */
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	kgdb_breakpoint();
	assert_output();
}

/* What happens at the third byte of the next O packet (fake_write_hook). */
static void (*at_third_byte)(void);

static void third_byte_of_an_o_packet(u8 c)
{
	static unsigned int n;

	if (++n < 3)
		return;
	n = 0;
	fake_write_hook = NULL;
	at_third_byte();
}

/* A breakpoint in the console's path. */
static void trap(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
}

/*
 * A CPU stops halfway through an O packet (here its own breakpoint): the
 * packet is closed before the stop reply, which gdb would otherwise read
 * as its rest, and lose. When the CPU runs on, the rest of that packet is
 * dropped: sent, it would be cut again by the next stop there (every byte
 * of it, for a breakpoint in the write path), and not closed a second
 * time. Its next message goes out whole.
 */
static void test_o_packet_cut_short_is_closed(void **state)
{
	extern struct console *fake_console;

	gdb_connect();
	resume("c");
	kgdb_breakpoint();
	expect_str("$O6");
	expect_str("#00");
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	resume("c");
	at_third_byte = trap;
	fake_write_hook = third_byte_of_an_o_packet;
	fake_console->write(fake_console, "hi\n", 3);
	assert_output();
	expect_pkt("O6f6b0a");
	fake_console->write(fake_console, "ok\n", 3);
	assert_output();
}

static bool writer_paused;

/* The CPU writing is slow to go on. */
static void pause_writer(void)
{
	__atomic_store_n(&writer_paused, true, __ATOMIC_RELEASE);
	usleep(50000);
}

static void *console_write_on_cpu3(void *arg)
{
	extern struct console *fake_console;

	fake_this_cpu = 3;
	fake_console->write(fake_console, "hi\n", 3);
	return NULL;
}

/*
 * Another CPU is halfway through an O packet when this one stops: the
 * stop reply waits for the packet's end (held halfway, that CPU would
 * leave gdb half a packet to read the stop reply into).
 */
static void test_stop_waits_for_an_o_packet_on_another_cpu(void **state)
{
	pthread_t writer;

	gdb_connect();
	resume("c");
	kgdb_breakpoint();
	expect_pkt("O68690a");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");	/* the O packet's */
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	writer_paused = false;
	at_third_byte = pause_writer;
	fake_write_hook = third_byte_of_an_o_packet;
	pthread_create(&writer, NULL, console_write_on_cpu3, NULL);
	while (!__atomic_load_n(&writer_paused, __ATOMIC_ACQUIRE))
		usleep(100);
	kgdb_breakpoint();
	pthread_join(writer, NULL);
	assert_output();
}

/* The scanner packet transports frame with: every case of a buffer. */
static void test_frame_scan(void **state)
{
	const u8 *body;
	size_t len, end;

#define SCAN(s)	gdb_frame_scan((const u8 *)(s), strlen(s), &body, &len, &end)
	assert_int_equal(SCAN("++-\x03"), KGDB_FRAME_NONE);
	assert_int_equal(end, 4);				/* all outside frames */
	assert_int_equal(SCAN("+$qC#b"), KGDB_FRAME_NONE);
	assert_int_equal(end, 1);				/* unfinished from there */
	assert_int_equal(SCAN("+$qC#b4-"), KGDB_FRAME_OK);
	assert_int_equal(len, 2);
	assert_memory_equal(body, "qC", 2);
	assert_int_equal(end, 7);
	assert_int_equal(SCAN("$qC#b5"), KGDB_FRAME_BAD);
	assert_int_equal(SCAN("$qC#zz"), KGDB_FRAME_BAD);
	assert_int_equal(SCAN("$m10$qC#b4"), KGDB_FRAME_OK);	/* begun again */
	assert_memory_equal(body, "qC", 2);
	assert_int_equal(SCAN(""), KGDB_FRAME_NONE);
#undef SCAN
	assert_true(gdb_session_opener((const u8 *)"qSupported:xmlRegisters=i386", 28));
	assert_true(gdb_session_opener((const u8 *)"QStartNoAckMode", 15));
	assert_false(gdb_session_opener((const u8 *)"QStartNoAckModeX", 16));
	assert_false(gdb_session_opener((const u8 *)"qSupporte", 9));
}

/*
 * gdb thinks for 100 ms: the master spins a while, then naps a quarter of
 * the silence so far each time, 50 us to 4 ms, and the packet that ends
 * the silence is still answered.
 */
static void test_silence_is_napped_through(void **state)
{
	unsigned long waited = 0;

	gdb_connect();
	script_late(100000);
	xchg("qC", "QC2");
	resume("c");
	fake_nr_naps = 0;
	break_in();
	assert_true(fake_nr_naps > 20);
	for (size_t i = 0; i < fake_nr_naps; i++) {
		assert_in_range(fake_naps[i], 50, 4000);
		assert_true(fake_naps[i] <= MAX(50UL, waited / 4));
		if (i)
			assert_true(fake_naps[i] >= fake_naps[i - 1]);
		waited += fake_naps[i];
	}
	assert_true(waited >= 100000);
	assert_int_equal(fake_naps[fake_nr_naps - 1], 4000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bad_checksum_nak_retransmit, setup1,
						teardown),
		cmocka_unit_test_setup_teardown(test_noise_and_restart, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_stop_reply_lost_on_the_line_is_resent, setup1,
						teardown),
		cmocka_unit_test_setup_teardown(test_stale_nak_is_dropped, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_retransmitted_packet_is_answered_once,
						setup1, teardown),
		cmocka_unit_test_setup_teardown(test_copy_after_the_reply_gets_none, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_repeat_with_no_ack_is_answered, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_oversized, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_reply_nak_and_implicit_ack, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_rle_literal, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_silence_is_napped_through, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_detach_runs_on_without_the_oks_ack, setup1,
						teardown),
		cmocka_unit_test(test_frame_scan),
		cmocka_unit_test_setup_teardown(test_console_o_packets, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_o_packet_cut_short_is_closed, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_stop_waits_for_an_o_packet_on_another_cpu, setup1,
						teardown),
		cmocka_unit_test_setup_teardown(test_late_ack_of_an_o_packet_is_not_the_stop_replys,
						setup1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
