// SPDX-License-Identifier: MIT
/*
 * transports/kgdboe.c as a packet transport: what it does to keep gdb's
 * packets whole over datagrams (acks ride with replies, copies of a
 * request get the same reply, the stop reply goes out again while gdb
 * is silent, NAKs both ways, replies over 8 KiB in two datagrams) and
 * whom it answers. netpoll is faked (datagrams in and out, whole), the
 * clock is virtual; the debugger is the real one, on the fake machine.
 */

#include "harness.h"
#include <stdlib.h>
#include <kernel/errno.h>
#define KGDBOE_DATAGRAM_MAX	1024
#include "../../transports/kgdboe.c"

#define PEER_IP		0x0a000202	/* 10.0.2.2 */
#define PEER_PORT	4000
#define MAX_DGRAMS	64
#define DGRAM_MAX	(CONFIG_KGDB_PACKET_SIZE + 64)
/* Silence after the script ran out that means the stub waits for good. */
#define GIVE_UP_US	130000000UL

struct dgram {
	u16 port;		/* the sender's */
	size_t len;
	char data[DGRAM_MAX];
	size_t gate;		/* sent once the stub has sent this many */
	unsigned long late_us;	/* ... and then waited this long */
};

static struct dgram in[MAX_DGRAMS], want[MAX_DGRAMS], out[MAX_DGRAMS];
static unsigned long out_us[MAX_DGRAMS];	/* when each went out */
static size_t nr_in, nr_want, nr_out, next_in;
static unsigned long gate_open_us;	/* when the next datagram's gate opened */
static bool gate_open;
static unsigned long progress_us;	/* when a datagram last went in or out */

static const struct net_device_ops fake_nic_ops;
static struct net_device fake_nic = { .name = "eth0", .ops = &fake_nic_ops };

struct net_device *netdev_find(const char *name)
{
	return &fake_nic;
}

int netpoll_setup(struct netpoll *np)
{
	return 0;
}

void tick_poll_register(struct tick_poll *p)
{
}

void tick_poll_unregister(struct tick_poll *p)
{
}

/* The script's next datagram, once its gate is open and its time has come. */
void netpoll_poll(struct netpoll *np)
{
	static const u8 mac[ETH_ALEN] = { 0x52, 0x55, 0x0a, 0x00, 0x02, 0x02 };
	struct dgram *d;

	if (fake_clock_us - progress_us > GIVE_UP_US) {
		print_error("stuck: the stub waits for a datagram the script has not for it\n");
		fail();
	}
	if (next_in == nr_in)
		return;
	d = &in[next_in];
	if (nr_out < d->gate) {
		gate_open = false;
		return;
	}
	if (!gate_open) {
		gate_open = true;
		gate_open_us = fake_clock_us;
	}
	if (fake_clock_us - gate_open_us < d->late_us)
		return;
	next_in++;
	gate_open = false;
	progress_us = fake_clock_us;
	np->rx(np, PEER_IP, d->port, mac, (const u8 *)d->data, d->len);
}

int netpoll_send_udp(struct netpoll *np, const u8 *data, size_t len)
{
	assert_true(np->remote_ip == PEER_IP);
	assert_true(len <= KGDBOE_DATAGRAM_MAX);
	assert_true(nr_out < MAX_DGRAMS);
	out[nr_out].len = len;
	out_us[nr_out] = fake_clock_us;
	memcpy(out[nr_out++].data, data, len);
	progress_us = fake_clock_us;
	return 0;
}

static void add(struct dgram *d, const char *s, size_t len)
{
	assert_true(len <= DGRAM_MAX);
	memcpy(d->data, s, len);
	d->len = len;
}

static void frame_put(u8 c, void *ctx)
{
	char **p = ctx;

	*(*p)++ = (char)c;
}

/* @ack and the packet as the core frames it (gdbstub_packet.c's unit tests test that). */
static size_t frame(char *buf, const char *ack, const char *payload)
{
	char *p = buf + sprintf(buf, "%s", ack);

	kgdb_line_framing()->emit(payload, strlen(payload), frame_put, &p);
	return (size_t)(p - buf);
}

/* The peer (from @port) sends @s, @late_us after the stub sent what came before. */
static void peer_raw_from(u16 port, const char *s, size_t len, unsigned long late_us)
{
	struct dgram *d = &in[nr_in++];

	assert_true(nr_in <= MAX_DGRAMS);
	add(d, s, len);
	d->port = port;
	d->gate = nr_want;
	d->late_us = late_us;
}

static void peer_raw(const char *s)
{
	peer_raw_from(PEER_PORT, s, strlen(s), 0);
}

static void peer_pkt_late(const char *payload, unsigned long late_us)
{
	char buf[DGRAM_MAX];

	peer_raw_from(PEER_PORT, buf, frame(buf, "", payload), late_us);
}

static void peer_pkt(const char *payload)
{
	peer_pkt_late(payload, 0);
}

/* The stub sends @payload as a packet, after an ack when @ack. */
static void want_pkt(bool ack, const char *payload)
{
	char buf[DGRAM_MAX];

	assert_true(nr_want < MAX_DGRAMS);
	add(&want[nr_want++], buf, frame(buf, ack ? "+" : "", payload));
}

static void want_raw(const char *s)
{
	assert_true(nr_want < MAX_DGRAMS);
	add(&want[nr_want++], s, strlen(s));
}

/* gdb's request and the stub's ack and reply in one datagram, then gdb's ack. */
static void exchange(const char *req, const char *reply)
{
	peer_pkt(req);
	want_pkt(true, reply);
	peer_raw("+");
}

static void assert_datagrams(void)
{
	size_t i;

	for (i = 0; i < nr_want || i < nr_out; i++) {
		if (i < nr_want && i < nr_out && want[i].len == out[i].len &&
		    !memcmp(want[i].data, out[i].data, out[i].len))
			continue;
		print_error("datagram %zu: expected %.*s\n", i, i < nr_want ? (int)want[i].len : 0,
			    i < nr_want ? want[i].data : "");
		print_error("datagram %zu: got      %.*s\n", i, i < nr_out ? (int)out[i].len : 0,
			    i < nr_out ? out[i].data : "");
		fail();
	}
	assert_int_equal(next_in, nr_in);
}

/* The kernel stops at its breakpoint: the debugger serves the script. */
static void stop_here(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
}

static int oe_setup(void **state)
{
	fake_reset(1);
	nr_in = nr_want = nr_out = next_in = 0;
	gate_open = false;
	fake_virtual_clock = true;
	fake_clock_us = gate_open_us = progress_us = 0;
	memset(&kgdboe_count, 0, sizeof(kgdboe_count));
	assert_int_equal(kgdboe_configure("6443@10.0.2.15/eth0"), 0);
	return 0;
}

static int oe_teardown(void **state)
{
	kgdboe_detach();
	fake_virtual_clock = false;
	fake_cpus_stop();
	return 0;
}

#define SUPPORTED "PacketSize=1000;binary-upload+;vContSupported+;swbreak+;ConditionalBreakpoints+;BreakpointCommands+;hwbreak+;" \
	"qXfer:features:read+;qXfer:threads:read+;ConditionalTracepoints+;TracepointSource+;" \
	"DisconnectedTracing+;EnableDisableTracepoints+;InstallInTrace+;tracenz+;" \
	"QTBuffer:size+;qXfer:traceframe-info:read+"

static void connect(void)
{
	peer_raw("+");
	exchange("qSupported:multiprocess+;swbreak+;hwbreak+", SUPPORTED);
}

static void detach(void)
{
	peer_pkt("D");
	want_pkt(true, "OK");
}

/* gdb acks the last reply and detaches: the script was served as written. */
static void ack_and_detach(void)
{
	peer_raw("+");
	detach();
	stop_here();
	assert_datagrams();
}

/* Each ack leaves with its reply; no-ack mode is not offered, and refused. */
static void test_acks_ride_with_replies(void **state)
{
	connect();
	exchange("QStartNoAckMode", "");
	exchange("qC", "QC2");
	detach();
	stop_here();
	assert_datagrams();
	assert_string_equal(kgdboe_config, "6443@10.0.2.15/eth0");
}

/*
 * The datagram with the stop reply (and the resume's ack) was lost: gdb
 * sends its 'c' again, late. It gets the same datagram again, and the
 * target does not run on (then no 'D' would be answered).
 */
static void test_copy_of_a_request_is_not_run_twice(void **state)
{
	connect();
	peer_pkt("c");
	stop_here();
	want_pkt(true, stop_reply(0, 5, "", 2));
	peer_pkt_late("c", 1500000);
	want_pkt(true, stop_reply(0, 5, "", 2));
	ack_and_detach();
	assert_int_equal(kgdboe_count.resent, 1);
}

/* The same packet again at once is gdb's next one (a second step): it runs. */
static void test_quick_repeat_runs_again(void **state)
{
	connect();
	peer_pkt("c");
	stop_here();
	want_pkt(true, stop_reply(0, 5, "", 2));
	peer_pkt("c");
	stop_here();
	want_pkt(true, stop_reply(0, 5, "", 2));
	ack_and_detach();
	assert_int_equal(kgdboe_count.resent, 0);
}

/* gdb waits for a stop reply with no timeout: silence means it was lost. */
static void test_stop_reply_goes_out_again_while_gdb_is_silent(void **state)
{
	connect();
	peer_pkt("c");
	stop_here();
	want_pkt(true, stop_reply(0, 5, "", 2));
	want_pkt(true, stop_reply(0, 5, "", 2));	/* after 2 s */
	want_pkt(true, stop_reply(0, 5, "", 2));	/* after 4 s more */
	ack_and_detach();
	/* out[0] is qSupported's reply: the stop reply is 1, its copies 2 and 3. */
	assert_in_range(out_us[2] - out_us[1], 2000000, 2010000);
	assert_in_range(out_us[3] - out_us[2], 4000000, 4010000);
	assert_int_equal(kgdboe_count.resent, 2);
}

/*
 * gdb acks every O packet, and may do so late: a '+' that comes after the
 * stop reply but was owed to an O packet is not the stop reply's ack, and
 * that stop reply, perhaps lost, goes out again after the silence. The
 * resume's ack rides with the first O packet.
 */
static void test_late_ack_of_an_o_packet_is_not_the_stop_replys(void **state)
{
	extern struct console *fake_console;

	connect();
	peer_pkt("c");
	stop_here();
	fake_console->write(fake_console, "hi\n", 3);
	want_pkt(true, "O68690a");
	want_pkt(true, stop_reply(0, 5, "", 2));
	peer_raw("+");		/* the O packet's, late */
	want_pkt(true, stop_reply(0, 5, "", 2));
	ack_and_detach();
}

/*
 * A resume's ack waits for its stop reply, or the next tick; the stop
 * reply carries it again (gdb drops a packet that comes while it waits
 * for an ack that was lost).
 */
static void test_tick_sends_the_ack_of_a_resume(void **state)
{
	connect();
	peer_pkt("c");
	stop_here();
	want_raw("+");
	kgdboe_poll();
	kgdboe_poll();		/* once */
	want_pkt(true, stop_reply(0, 5, "", 2));
	ack_and_detach();
}

/*
 * gdb's copy of its resume, sent as our ack missed its timeout, comes
 * while the kernel runs: it gets the ack again, and neither breaks in
 * nor runs as a second resume (one the master took after the stop would
 * run past it: gdb would read the next stop's state for this one's).
 */
static void test_a_resumes_copy_while_the_kernel_runs_is_acked_again(void **state)
{
	connect();
	peer_pkt("c");
	stop_here();
	want_raw("+");
	kgdboe_poll();
	peer_pkt("c");
	want_raw("+");
	kgdboe_poll();
	assert_false(break_in_pending);
	assert_int_equal(kgdboe_count.resume_copies, 1);
	want_pkt(true, stop_reply(0, 5, "", 2));
	ack_and_detach();
}

/*
 * A run of one thread that is no step over gdb's breakpoint runs the whole
 * machine (debug_resume.c): the debugger is left, and the tick sends the
 * resume's ack and hears gdb's interrupt, which stops it.
 */
static void test_tick_breaks_into_a_run_of_one_thread(void **state)
{
	connect();
	peer_pkt("vCont;c:2");
	stop_here();
	assert_false(kgdb_active());
	want_raw("+");
	kgdboe_poll();
	peer_raw("\x03");
	want_pkt(true, stop_reply(0, 2, "", 2));	/* SIGINT, where the tick broke in */
	peer_raw("+");
	detach();
	kgdboe_poll();
	assert_false(kgdb_active());
	assert_datagrams();
}

/* A damaged packet is NAKed; a NAKed reply goes out again. */
static void test_naks_both_ways(void **state)
{
	connect();
	peer_raw("$qC#00");
	want_raw("-");
	exchange("qC", "QC2");
	peer_pkt("qAttached");
	want_pkt(true, "1");
	peer_raw("-");
	want_pkt(true, "1");
	peer_raw("+");
	peer_raw("$qC");	/* unfinished */
	want_raw("-");
	detach();
	stop_here();
	assert_datagrams();
}

/* Monitor output as gdb receives it: hex after an 'O'. */
static char o_packet[1 + 2 * CONFIG_KGDB_PACKET_SIZE] = "O";
static size_t o_len = 1;

static void print_hex(struct printer *p, const char *s, size_t len)
{
	while (len--)
		o_len += (size_t)sprintf(o_packet + o_len, "%02x", (u8)*s++);
}

/*
 * Monitor output goes out as replies before the final OK, each acked
 * before the next: one gdb did not ack goes out again after silence.
 */
static void test_monitor_output_is_paced_by_acks(void **state)
{
	struct printer p = { .write = print_hex };
	char line[] = "help";

	kgdb_monitor_run(&p, line);
	connect();
	peer_pkt("qRcmd,68656c70");
	want_pkt(true, o_packet);
	want_pkt(true, o_packet);	/* lost, it seems: no ack */
	peer_raw("+");
	want_pkt(false, "OK");
	ack_and_detach();
	assert_int_equal(kgdboe_count.resent, 1);
}

/*
 * gdb's ack of a resume timed out while the CPU ran (a step, or a CPU run
 * alone, that a loaded host kept from its trap for over a remotetimeout):
 * its copy comes before the stop reply. The stop reply goes out, once; the
 * copy is not a second resume, which would run on past the stop that gdb
 * still waits for.
 */
static void test_a_resumes_copy_gets_the_stop_reply_once(void **state)
{
	connect();
	peer_pkt("c");
	peer_pkt("c");
	stop_here();
	want_pkt(true, stop_reply(0, 5, "", 2));
	ack_and_detach();
	assert_int_equal(kgdboe_count.resent, 0);
}

/* gdb sent its request again before the stub answered: one reply, to the copy. */
static void test_a_waiting_copy_takes_the_reply(void **state)
{
	connect();
	peer_pkt("qC");
	peer_pkt("qC");
	want_pkt(true, "QC2");
	ack_and_detach();
}

/*
 * A stalled machine's NIC takes the datagrams queued meanwhile one at a
 * time: gdb's copy of a request, sent before the machine answered, comes
 * after the reply went out, and gdb's ack of that reply follows. The copy
 * gets no reply: gdb would take it for the answer to its next request.
 */
static void test_a_copy_sent_before_the_reply_came_gets_none(void **state)
{
	peer_raw("+");
	peer_pkt("qSupported:multiprocess+;swbreak+;hwbreak+");
	want_pkt(true, SUPPORTED);
	peer_pkt("qSupported:multiprocess+;swbreak+;hwbreak+");
	peer_raw_from(PEER_PORT, "+", 1, 200000);
	exchange("qAttached", "1");
	peer_pkt("qC");
	want_pkt(true, "QC2");
	peer_pkt("qC");
	peer_raw("+");
	exchange("qAttached", "1");
	detach();
	stop_here();
	assert_datagrams();
	assert_int_equal(kgdboe_count.resent, 0);
}

/*
 * gdb's first packet comes again soon after our reply, and no ack follows:
 * the datagram with the reply was lost (the stub was slow to answer, and
 * gdb's copy crossed it). A session opener is never gdb's next packet, so
 * it gets the reply again, once gdb's ack has had the time to come.
 */
static void test_a_copy_of_the_opener_with_no_ack_gets_the_reply_again(void **state)
{
	peer_raw("+");
	peer_pkt("qSupported");
	want_pkt(true, SUPPORTED);
	peer_pkt("qSupported");
	want_pkt(true, SUPPORTED);
	ack_and_detach();
	assert_int_equal(kgdboe_count.resent, 1);
	assert_in_range(out_us[1] - out_us[0], KGDBOE_COPY_MIN_US, KGDBOE_COPY_MIN_US + 10000);
}

/* A new gdb on the next port, @late_us after the last datagram: a whole session. */
static void new_gdb_session(unsigned long late_us)
{
	char buf[64];

	peer_raw_from(PEER_PORT + 1, buf, frame(buf, "", "qSupported"), late_us);
	want_pkt(true, SUPPORTED);
	peer_raw_from(PEER_PORT + 1, "+", 1, 0);
	peer_raw_from(PEER_PORT + 1, buf, frame(buf, "", "D"), 0);
	want_pkt(true, "OK");
	stop_here();
	assert_datagrams();
}

/*
 * A new gdb on another port sends the same first packet while the old
 * gdb's reply to it waits for its ack: a session of its own, not a copy.
 */
static void test_a_new_peers_opener_is_no_copy(void **state)
{
	peer_raw("+");
	peer_pkt("qSupported");
	want_pkt(true, SUPPORTED);
	new_gdb_session(0);
	assert_int_equal(kgdboe_count.resent, 0);
}

/*
 * gdb reads 8 KiB a datagram: a longer reply takes more than one (here
 * datagrams of 1 KiB, so that a reply of this build's packet size does).
 */
static void test_long_reply_in_two_datagrams(void **state)
{
	char reply[2 * 0x300 + 1], dgram[DGRAM_MAX];
	size_t i, len;

	for (i = 0; i < 0x300; i++)
		sprintf(reply + 2 * i, "%02x", fake_mem[0x1000 + i]);
	connect();
	peer_pkt("m1000,300");
	len = frame(dgram, "+", reply);
	assert_true(len > KGDBOE_DATAGRAM_MAX && len <= 2 * KGDBOE_DATAGRAM_MAX);
	want_raw("");
	add(&want[nr_want - 1], dgram, KGDBOE_DATAGRAM_MAX);
	want_raw("");
	add(&want[nr_want - 1], dgram + KGDBOE_DATAGRAM_MAX, len - KGDBOE_DATAGRAM_MAX);
	ack_and_detach();
}

/* Longer than a packet may be: an error, and the session goes on. */
static void test_too_long_a_packet(void **state)
{
	static char big[CONFIG_KGDB_PACKET_SIZE + 10];
	size_t i;

	for (i = 0; i < sizeof(big) - 1; i++)
		big[i] = "01"[i & 1];	/* no runs: sent as long as it is */
	big[0] = 'M';
	connect();
	exchange(big, "E07");
	exchange("qC", "QC2");
	detach();
	stop_here();
	assert_datagrams();
}

/*
 * Another port on the peer's host: dropped and counted, unless it begins
 * a session of its own (a new gdb after the old one died), which takes
 * over and is not taken for a copy of the old gdb's last request.
 */
static void test_who_is_heard(void **state)
{
	char buf[64];

	connect();
	peer_raw_from(PEER_PORT + 1, buf, frame(buf, "", "?"), 0);
	exchange("qC", "QC2");
	new_gdb_session(600000);
	assert_int_equal(kgdboe_count.rx_foreign, 1);
	assert_int_equal(kgdboe_owner.ip, 0);	/* the session ended */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_acks_ride_with_replies, oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_copy_of_a_request_is_not_run_twice, oe_setup,
						oe_teardown),
		cmocka_unit_test_setup_teardown(test_quick_repeat_runs_again, oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_stop_reply_goes_out_again_while_gdb_is_silent,
						oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_late_ack_of_an_o_packet_is_not_the_stop_replys,
						oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_tick_sends_the_ack_of_a_resume, oe_setup,
						oe_teardown),
		cmocka_unit_test_setup_teardown(test_a_resumes_copy_while_the_kernel_runs_is_acked_again,
						oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_tick_breaks_into_a_run_of_one_thread, oe_setup,
						oe_teardown),
		cmocka_unit_test_setup_teardown(test_naks_both_ways, oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_monitor_output_is_paced_by_acks, oe_setup,
						oe_teardown),
		cmocka_unit_test_setup_teardown(test_a_resumes_copy_gets_the_stop_reply_once, oe_setup,
						oe_teardown),
		cmocka_unit_test_setup_teardown(test_a_waiting_copy_takes_the_reply, oe_setup,
						oe_teardown),
		cmocka_unit_test_setup_teardown(test_a_copy_sent_before_the_reply_came_gets_none,
						oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(
			test_a_copy_of_the_opener_with_no_ack_gets_the_reply_again, oe_setup,
			oe_teardown),
		cmocka_unit_test_setup_teardown(test_a_new_peers_opener_is_no_copy, oe_setup,
						oe_teardown),
		cmocka_unit_test_setup_teardown(test_long_reply_in_two_datagrams, oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_too_long_a_packet, oe_setup, oe_teardown),
		cmocka_unit_test_setup_teardown(test_who_is_heard, oe_setup, oe_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
