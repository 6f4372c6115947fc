// SPDX-License-Identifier: MIT
/* kernel/debug/gdbstub.c: every packet, its replies and its error paths. */

#include "harness.h"

#include <kernel/errno.h>
#include <asm-generic/sections.h>
#include "../../kernel/debug/frontend.h"

static void test_connect_status_detach(void **state)
{
	u8 before[FAKE_END];

	gdb_connect();
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	xchg("?", stop_reply(0, 5, "", 2));
	xchg("qAttached", "1");
	xchg("qAttached:1", "1");
	xchg("qC", "QC2");
	xchg("D", "OK");
	memcpy(before, fake_mem, sizeof(before));
	break_in();
	assert_memory_equal(before, fake_mem, sizeof(before));
	assert_false(kgdb_connected());
	assert_false(kgdb_active());
}

/*
 * A multiprocess client detaches with its pid (gdb, and LLDB where the
 * server offers multiprocess+); LLDB's "stay stopped" D1 is refused, and
 * LLDB asks qSupportsDetachAndStayStopped first, which is unsupported.
 */
static void test_detach_with_a_pid(void **state)
{
	gdb_connect();
	xchg("qSupportsDetachAndStayStopped:", "");
	xchg("D1", "E16");
	xchg("D;1", "OK");
	break_in();
	assert_false(kgdb_connected());
	assert_false(kgdb_active());
}

/* The kept state's rows: fpu, sel (a narrower field), mode (a wider one), tag (hooks). */
static char *kept_rows(char *g, const struct pt_regs *r, unsigned int cpu)
{
	strcpy(g, le_hex(0xf0f0f0f000000000ull + cpu, 8));
	strcpy(g + 16, le_hex(0x28, 4));
	strcpy(g + 24, le_hex((u32)r->mode, 4));
	strcpy(g + 32, le_hex((u8)~0x5a, 4));
	return g + 40;
}

static void test_registers(void **state)
{
	struct pt_regs r;
	char g[2 * FAKE_REGS_SIZE + 8], p[64];
	unsigned int i;

	fake_regs[0].mode = 0x3;	/* bits a write keeps */
	r = fake_regs[0];
	r.pc = FAKE_BREAK_ADDR + 1;
	for (i = 0; i < 8; i++)
		strcpy(g + 16 * i, le_hex(r.r[i], 8));
	strcpy(g + 128, le_hex(r.pc, 8));
	strcpy(g + 144, le_hex(r.sp, 8));
	strcpy(g + 160, le_hex(r.fp, 8));
	strcpy(g + 176, le_hex(r.flags, 4));
	kept_rows(g + 184, &r, 0);
	gdb_connect();
	xchg("g", g);
	xchg("p8", le_hex(r.pc, 8));
	xchg("pb", le_hex(r.flags, 4));
	xchg("p10", "xx");		/* past the table: unavailable */
	xchg("p1ff", "xx");
	xchg("p200", "E16");		/* past any arch's layout */
	xchg("pffffffffffffffffff", "E16");
	xchg("Pb=78563412", "OK");
	xchg("pb", "78563412");
	xchg("Pb=785634", "E16");
	xchg("Pb=7856341299", "E16");
	xchg("P0=0102030405060708", "OK");
	xchg("Pc=00", "E16");
	xchg("P1", "E16");
	/* G: the whole block, exactly. */
	memset(g, 'a', 2 * FAKE_REGS_SIZE);
	g[0] = 'G';
	g[2 * FAKE_REGS_SIZE] = '\0';
	xchg(g, "E16");		/* one hex digit short */
	strcpy(g, "G");
	for (i = 0; i < FAKE_REGS_SIZE; i++)
		strcat(g, "11");
	xchg(g, "OK");
	strcat(g, "22");
	xchg(g, "E16");
	xchg("Pb=00000000", "OK");	/* 0x11111111 had the trace flag set */
	snprintf(p, sizeof(p), "P8=%s", le_hex(FAKE_TEXT + 0x40, 8));
	xchg(p, "OK");
	/* Kept per CPU, and put back as it leaves; a read-only row; kept bits. */
	xchg("Pc=0807060504030201", "OK");
	xchg("pc", "0807060504030201");
	xchg("Pd=99000000", "OK");
	xchg("pd", "28000000");
	xchg("Pe=ffffffff", "OK");
	xchg("pe", "f3ffffff");		/* its mode bits stay */
	xchg("Pf=0f000000", "OK");
	xchg("pf", "0f000000");
	resume("c");
	break_in();
	assert_int_equal(fake_left[0].fpu, 0x0102030405060708ull);
	assert_int_equal(fake_left[0].sel, 0x28);
	assert_int_equal(fake_left[0].tag, 0xf0);
	assert_int_equal(fake_regs[0].mode, 0xfffffff3ull);
}

static void test_memory(void **state)
{
	char req[64], big[2 * KGDB_PACKET_SIZE + 1];
	u8 bin[] = { 0x23, 0x24, 0x7d, 0x2a, 0x41 };

	gdb_connect();
	xchg("m1000,4", hex_of(fake_mem + 0x1000, 4));
	xchg("m1ffe,4", hex_of(fake_mem + 0x1ffe, 2));	/* stops at the hole */
	xchg("m2000,4", "E0e");
	xchg("mffffffffffffffff,2", "E0e");
	xchg("m3000,0", "");
	/* Clamped to what one reply carries, the data read where it is built. */
	strcpy(big, hex_of(fake_mem + 0x3000, (KGDB_PACKET_SIZE - 8) / 2));
	xchg("m3000,100000", big);
	xchg("M3000,2:abcd", "OK");
	xchg("m3000,2", "abcd");
	xchg("M1000,1:55", "OK");			/* read-only text: text_poke */
	xchg("M2000,1:55", "E0e");
	xchg("M3000,2:abc", "E16");
	xchg("M3000,2:abcdef", "E16");
	xchg("M3000,2:zzzz", "E16");
	xchg("M3000,100000:00", "E16");
	xchg("Mfffffffffffffff0,20:00", "E16");
	/* X: binary with escapes. */
	memcpy(req, "X3010,5:", 8);
	memcpy(req + 8, "}\x03}\x04}]}\x0a" "A", 9);
	script_pkt_len(req, 17);
	script_str("+");
	expect_str("+");
	expect_pkt("OK");
	xchg("X3010,0:", "OK");
	xchg("X3010,2:A", "E16");
	xchg("X3010,1:AB", "E16");
	xchg("X3010,1:}", "E16");
	xchg("X2000,1:A", "E0e");
	/* x: binary reply, escaped, with a 'b' prefix. */
	script_pkt("x3010,5");
	script_str("+");
	expect_str("+");
	expect_pkt_len("b}\x03}\x04}]}\x0a" "A", 10);
	xchg("x2000,5", "E0e");
	/* A monitor command line too long to take. */
	memset(big, '6', 2 * 257);
	memcpy(big, "qRcmd,", 6);
	big[6 + 2 * 257] = '\0';
	xchg(big, "E07");
	resume("c");
	break_in();
	assert_memory_equal(fake_mem + 0x3010, bin, 5);
	assert_int_equal(fake_mem[0x1000], 0x55);
	assert_true(fake_icache_flushes > 0);
}

/*
 * A long binary read whose data needs many escapes: the reply, built in
 * the buffer the data was read into, carries a prefix of the memory, as
 * long as the room left for escapes allows, and never a wrong byte.
 */
static void test_binary_read_fills_the_buffer(void **state)
{
	const char *out, *p, *end;
	size_t len, n = 0;

	memset(fake_mem + 0x3400, '#', 0x100);		/* each one escaped */
	script_str("+");
	script_pkt("x3000,2000");
	expect_str("+$b");		/* the rest is decoded below */
	script_str("+");
	script_pkt("c");		/* no reply to wait for: the reply's length is unknown */
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_true(script_done());
	out = output_buf(&len);
	p = strstr(out, "+$b");
	assert_non_null(p);
	for (p += 3, end = out + len; p < end && *p != '#'; p++) {
		if (*p == '}')
			assert_int_equal((u8)(*++p ^ 0x20), fake_mem[0x3000 + n]);
		else if (p[1] == '*')
			fail_msg("run-length encoded data: the test decodes none");
		else
			assert_int_equal((u8)*p, fake_mem[0x3000 + n]);
		n++;
	}
	/* Past the escaped block, and as much as the buffer takes. */
	assert_true(n > 0x500);
	assert_true(n <= KGDB_PACKET_SIZE - KGDB_PACKET_SIZE / 8);
}

static void test_threads(void **state)
{
	char g[2 * FAKE_REGS_SIZE + 1];
	struct task *sleeper = task_find(3);

	gdb_connect();
	xchg("qfThreadInfo", "mf4240,f4241,1,2,3,4");
	xchg("qsThreadInfo", "l");
	xchg("qsThreadInfo", "l");
	xchg("qThreadExtraInfo,f4241", hex_str("CPU1"));
	xchg("qThreadExtraInfo,2", hex_str("init, pid 1, on CPU0"));
	xchg("qThreadExtraInfo,4", hex_str("sleeper, pid 3, sleeping"));
	xchg("qThreadExtraInfo,63", "E03");
	xchg("T4", "OK");
	xchg("Tf4241", "OK");
	xchg("Tf4242", "E03");
	xchg("T63", "E03");
	xchg("Tzz", "E16");
	xchg("T-2", "E16");
	xchg("Hg63", "E03");
	xchg("Hx1", "E16");
	xchg("Hg-1", "OK");
	/* A CPU's shadow thread and the task on that CPU show its frame. */
	xchg("Hgf4241", "OK");
	xchg("p0", le_hex(fake_regs[1].r[0], 8));
	xchg("Hg3", "OK");
	xchg("p0", le_hex(fake_regs[1].r[0], 8));
	xchg("p8", le_hex(fake_regs[1].pc, 8));
	/* A sleeping task: what its context saved, the rest zero. */
	xchg("Hg4", "OK");
	memset(g, '0', sizeof(g) - 1);
	g[sizeof(g) - 1] = '\0';
	memcpy(g + 128, le_hex(sleeper->ctx.pc, 8), 16);
	memcpy(g + 144, le_hex(sleeper->ctx.sp, 8), 16);
	memcpy(g + 160, le_hex(sleeper->ctx.fp, 8), 16);
	memcpy(g + 200, le_hex(FAKE_TASK_SEL, 4), 8);
	memcpy(g + 216, le_hex(0xee, 4), 8);
	xchg("g", g);
	xchg("p9", le_hex(sleeper->ctx.sp, 8));
	xchg("P0=0000000000000000", "E01");
	xchg("G00", "E01");
	xchg("Hg0", "OK");
	xchg("p0", le_hex(fake_regs[0].r[0], 8));
	xchg("Hc4", "OK");
	resume("c");
	break_in();
}

static void test_thread_paging(void **state)
{
	unsigned int seen = 0, extra = 1500, i;
	size_t len;
	char *reply, req[16];
	long expect = 0;

	fake_tasks_setup(extra);
	gdb_connect();
	/* Build the expected pages the way a reader would: fill up to the limit. */
	strcpy(req, "qfThreadInfo");
	for (;;) {
		char page[KGDB_PACKET_SIZE + 1];
		size_t n = 0;
		long tid;

		while (seen < 2 + 4 + extra) {
			char id[24];

			tid = seen < 2 ? 0xf4240 + seen : seen - 1;
			len = (size_t)sprintf(id, "%lx", tid);
			if (KGDB_PACKET_SIZE - n <= sizeof(long) * 2 + 1)
				break;
			page[n] = n ? ',' : 'm';
			n++;
			memcpy(page + n, id, len);
			n += len;
			seen++;
		}
		if (!n)
			page[n++] = 'l';
		page[n] = '\0';
		reply = page;
		xchg(req, reply);
		strcpy(req, "qsThreadInfo");
		expect++;
		if (page[0] == 'l')
			break;
	}
	assert_true(expect >= 3);
	resume("c");
	i = seen;
	assert_int_equal(i, 2 + 4 + extra);
	break_in();
}

#define FAKE_GPR(n)	"<reg name=\"r" #n "\" bitsize=\"64\" type=\"uint64\"/>"
#define FAKE_TDESC \
	"<target><architecture>fake</architecture><feature name=\"fake.gprs\">" \
	FAKE_GPR(0) FAKE_GPR(1) FAKE_GPR(2) FAKE_GPR(3) \
	FAKE_GPR(4) FAKE_GPR(5) FAKE_GPR(6) FAKE_GPR(7) \
	"<reg name=\"sp\" bitsize=\"64\" regnum=\"9\" type=\"data_ptr\" generic=\"sp\"/>" \
	"</feature><feature name=\"fake.&quot;ctl&quot;\">" \
	"<flags id=\"fake_flags\" size=\"4\"><!-- #$}* --></flags>" \
	"<reg name=\"pc\" bitsize=\"64\" regnum=\"8\" type=\"code_ptr\" generic=\"pc\"/>" \
	"<reg name=\"fp\" bitsize=\"64\" regnum=\"10\" type=\"data_ptr\" group=\"general\" generic=\"fp\"/>" \
	"<reg name=\"flags\" bitsize=\"32\" type=\"fake_flags\"/>" \
	"<reg name=\"fpu\" bitsize=\"64\"/><reg name=\"sel\" bitsize=\"32\"/>" \
	"<reg name=\"mode\" bitsize=\"32\"/><reg name=\"tag\" bitsize=\"32\"/>" \
	"</feature></target>"

/* A qXfer reply: @kind, then @len bytes of @doc as binary data. */
static const char *xfer_reply(char kind, const char *doc, size_t len)
{
	static char buf[4096];
	size_t i, n = 0;

	buf[n++] = kind;
	for (i = 0; i < len; i++) {
		if (strchr("#$}*", doc[i])) {
			buf[n++] = '}';
			buf[n++] = doc[i] ^ 0x20;
		} else {
			buf[n++] = doc[i];
		}
	}
	buf[n] = '\0';
	return buf;
}

/* target.xml is made from the register table, and read in windows. */
static void test_xfer_features(void **state)
{
	static const char doc[] = FAKE_TDESC;
	size_t len = sizeof(doc) - 1;
	char req[64];

	gdb_connect();
	xchg("qXfer:features:read:target.xml:0,ffb", xfer_reply('l', doc, len));
	xchg("qXfer:features:read:target.xml:0,a", xfer_reply('m', doc, 10));
	snprintf(req, sizeof(req), "qXfer:features:read:target.xml:a,%zx", len - 10 - 1);
	xchg(req, xfer_reply('m', doc + 10, len - 10 - 1));
	snprintf(req, sizeof(req), "qXfer:features:read:target.xml:%zx,1000", len - 1);
	xchg(req, xfer_reply('l', doc + len - 1, 1));
	xchg("qXfer:features:read:target.xml:1000,10", "l");
	xchg("qXfer:features:read:nope.xml:0,10", "E02");
	xchg("qXfer:features:read:target.xml:0", "E16");
	resume("c");
	break_in();
}

/* LLDB's qRegisterInfo walks the same table: sizes, 'g' offsets, sets. */
static void test_register_info(void **state)
{
	gdb_connect();
	xchg("qRegisterInfo0", "name:r0;bitsize:64;offset:0;set:general;");
	xchg("qRegisterInfo7", "name:r7;bitsize:64;offset:56;set:general;");
	xchg("qRegisterInfo8", "name:pc;bitsize:64;offset:64;set:general;generic:pc;");
	xchg("qRegisterInfo9", "name:sp;bitsize:64;offset:72;set:general;generic:sp;");
	xchg("qRegisterInfoa", "name:fp;bitsize:64;offset:80;set:general;generic:fp;");
	xchg("qRegisterInfob", "name:flags;bitsize:32;offset:88;set:general;");
	xchg("qRegisterInfof", "name:tag;bitsize:32;offset:108;set:general;");
	xchg("qRegisterInfo10", "E02");
	xchg("qRegisterInfoffffffffffffffff", "E02");
	xchg("qRegisterInfo", "E16");
	xchg("qRegisterInfo1x", "E16");
	resume("c");
	break_in();
}

/* LLDB learns the architecture from qHostInfo: the triple, in hex. */
static void test_host_info(void **state)
{
	gdb_connect();
	xchg("qHostInfo", "triple:66616b65;");
	resume("c");
	break_in();
}

#define XFER_THREADS_HEAD "<threads>"

static void test_xfer_threads(void **state)
{
	static const char doc[] = XFER_THREADS_HEAD
		"<thread id=\"f4240\" core=\"0\">CPU0</thread>"
		"<thread id=\"f4241\" core=\"1\">CPU1</thread>"
		"<thread id=\"1\">swapper/0, pid 0, sleeping</thread>"
		"<thread id=\"2\" core=\"0\">init, pid 1, on CPU0</thread>"
		"<thread id=\"3\" core=\"1\">worker, pid 2, on CPU1</thread>"
		"<thread id=\"4\">a&lt;b&amp;&quot;c*}, pid 3, sleeping</thread>"
		"</threads>";
	size_t size = strlen(doc), tail = strlen("c*}, pid 3, sleeping</thread></threads>");
	char buf[1024];

	strcpy(task_find(3)->comm, "a<b&\"c*}");
	gdb_connect();
	/* The '*' and '}' in the last thread's text go out escaped. */
	snprintf(buf, sizeof(buf), "m%.64s", doc);
	xchg("qXfer:threads:read::0,40", buf);
	snprintf(buf, sizeof(buf), "m%.16s", doc + 0x20);
	xchg("qXfer:threads:read::20,10", buf);
	snprintf(buf, sizeof(buf), "qXfer:threads:read::%zx,ffb", size - tail);
	script_pkt(buf);
	expect_str("+");
	expect_pkt("lc}\x0a}], pid 3, sleeping</thread></threads>");
	snprintf(buf, sizeof(buf), "qXfer:threads:read::%zx,10", size);
	xchg(buf, "l");
	xchg("qXfer:threads:read::fffffffffffffffe,10", "l");
	xchg("qXfer:threads:read:x:0,10", "E02");
	xchg("qXfer:threads:read::0", "E16");
	resume("c");
	break_in();
}

/*
 * The first list read after a stop reply (gdb's refresh at every stop) has
 * no texts, pages included; the next read, as `info threads` makes, has them.
 */
static void test_xfer_threads_terse_after_stop(void **state)
{
	static const char full[] = XFER_THREADS_HEAD
		"<thread id=\"f4240\" core=\"0\">CPU0</thread>"
		"<thread id=\"f4241\" core=\"1\">CPU1</thread>"
		"<thread id=\"1\">swapper/0, pid 0, sleeping</thread>"
		"<thread id=\"2\" core=\"0\">init, pid 1, on CPU0</thread>"
		"<thread id=\"3\" core=\"1\">worker, pid 2, on CPU1</thread>"
		"<thread id=\"4\">sleeper, pid 3, sleeping</thread>"
		"</threads>";
	static const char terse[] = XFER_THREADS_HEAD
		"<thread id=\"f4240\" core=\"0\"/><thread id=\"f4241\" core=\"1\"/>"
		"<thread id=\"1\"/><thread id=\"2\" core=\"0\"/>"
		"<thread id=\"3\" core=\"1\"/><thread id=\"4\"/></threads>";

	gdb_connect();
	xchg("qXfer:threads:read::0,ffb", xfer_reply('l', full, strlen(full)));
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	xchg("?", stop_reply(0, 5, "", 2));
	xchg("qXfer:threads:read::0,20", xfer_reply('m', terse, 0x20));
	xchg("qXfer:threads:read::20,ffb", xfer_reply('l', terse + 0x20, strlen(terse) - 0x20));
	xchg("qXfer:threads:read::0,ffb", xfer_reply('l', full, strlen(full)));
	xchg("qXfer:threads:read::0,ffb", xfer_reply('l', full, strlen(full)));
	resume("c");
	break_in();
	/* The stop gdb waited for. */
	expect_pkt(stop_reply(0, 5, "", 2));
	xchg("qXfer:threads:read::0,ffb", xfer_reply('l', terse, strlen(terse)));
	xchg("qXfer:threads:read::0,ffb", xfer_reply('l', full, strlen(full)));
	resume("c");
	break_in();
}

/* A long list comes in pieces of what gdb asked for, each cut where the last ended. */
static void test_xfer_threads_paging(void **state)
{
	static char doc[96 * 1600];
	char req[48], reply[KGDB_PACKET_SIZE + 1];
	size_t size, off = 0, n;
	unsigned int i;

	fake_tasks_setup(1500);
	size = (size_t)sprintf(doc, XFER_THREADS_HEAD
			       "<thread id=\"f4240\" core=\"0\">CPU0</thread>"
			       "<thread id=\"f4241\" core=\"1\">CPU1</thread>"
			       "<thread id=\"1\">swapper/0, pid 0, sleeping</thread>"
			       "<thread id=\"2\" core=\"0\">init, pid 1, on CPU0</thread>"
			       "<thread id=\"3\" core=\"1\">worker, pid 2, on CPU1</thread>"
			       "<thread id=\"4\">sleeper, pid 3, sleeping</thread>");
	for (i = 4; i < 1504; i++)
		size += (size_t)sprintf(doc + size,
					"<thread id=\"%x\">extra%u, pid %u, sleeping</thread>",
					i + 1, i, i);
	size += (size_t)sprintf(doc + size, "</threads>");
	gdb_connect();
	/* gdb asks for more than a packet holds: the reply fills the packet. */
	for (i = 0; off < size; i++) {
		n = MIN(size - off, (size_t)KGDB_PACKET_SIZE - 1);
		snprintf(req, sizeof(req), "qXfer:threads:read::%zx,%x", off,
			 i ? 0xffb : 0x10000);
		if (i)
			n = MIN(n, (size_t)0xffb);
		snprintf(reply, sizeof(reply), "%c%.*s", off + n == size ? 'l' : 'm',
			 (int)n, doc + off);
		xchg(req, reply);
		off += n;
	}
	assert_true(i > 10);
	resume("c");
	break_in();
}

static int cmd_echo(struct printer *out, int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		pprintf(out, "[%s]", argv[i]);
	return argc > 2 ? -EINVAL : 0;
}

static int cmd_long(struct printer *out, int argc, char **argv)
{
	int i;

	for (i = 0; i < 300; i++)
		pprintf(out, "line %03d of a long output\n", i);
	return 0;
}

KGDB_MONITOR_CMD(echo, "print its arguments", cmd_echo);
KGDB_MONITOR_REPORT(long, "print a lot", cmd_long);

/* The table is put together by the linker: nothing else keeps names unique. */
static void test_monitor_names_unique(void **state)
{
	const struct kgdb_monitor_cmd *a, *b;
	const struct kgdb_monitor_cmd *first = (void *)__start_kgdb_monitor_cmds;
	const struct kgdb_monitor_cmd *last = (void *)__stop_kgdb_monitor_cmds;

	assert_true(last - first >= 5);
	for (a = first; a < last; a++)
		for (b = a + 1; b < last; b++)
			assert_string_not_equal(a->name, b->name);
}

static void test_monitor(void **state)
{
	static char longout[300 * 32];
	int i;

	longout[0] = '\0';
	for (i = 0; i < 300; i++)
		sprintf(longout + strlen(longout), "line %03d of a long output\n", i);
	gdb_connect();
	rcmd("ps", "0 swapper/0\n1 init\n2 worker\n3 sleeper\n", "OK");
	rcmd("dmesg", "[0.000] booted\n", "OK");
	rcmd("cpus", "CPU0: fake\n  kgdb: master\nCPU1: fake\n  kgdb: held\n", "OK");
	rcmd("help", "bpstat     breakpoints evaluated in the kernel: hits, false, missed\n"
	     "cpus       describe each CPU\ndmesg      print the kernel log\n"
	     "echo       print its arguments\nhelp       list monitor commands\n"
	     "long       print a lot\nps         list tasks\n"
	     "reboot     restart the machine\n", "OK");
	rcmd("  echo  a\tb ", "[echo][a][b]", "E16");
	rcmd("echo a", "[echo][a]", "OK");
	rcmd("nope", "unknown command 'nope' (try 'monitor help')\n", "E02");
	rcmd("echo 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", "", "E07");
	rcmd("long", longout, "OK");
	xchg("qRcmd,6", "E16");
	xchg("qRcmd,zz", "E16");
	resume("c");
	break_in();
}

/* kgdb.ro=1: writes, breakpoints, k, resuming elsewhere and monitor
 * commands that change the machine get EPERM; reads, stepping, continue
 * and detach work, and memory is as it was. */
static void test_read_only(void **state)
{
	u8 before[FAKE_END];

	kgdb_read_only = true;
	memcpy(before, fake_mem, sizeof(before));
	gdb_connect();
	xchg("m3000,4", hex_of(fake_mem + 0x3000, 4));
	xchg("x3000,0", "b");
	xchg("M3000,2:abcd", "E01");
	xchg("M3000,2:zz", "E01");	/* refused before its arguments are read */
	xchg("X3000,1:A", "E01");
	xchg("Pb=78563412", "E01");
	xchg("G00", "E01");
	xchg("Z0,1000,1", "E01");
	xchg("Z1,1000,1", "E01");
	xchg("Z2,3000,4", "E01");
	xchg("Z3,3000,4", "E01");
	xchg("Z4,3000,4", "E01");
	xchg("k", "E01");
	xchg("c1000", "E01");
	xchg("S05;1000", "E01");
	rcmd("reboot", "reboot: refused, the debugger is read-only (kgdb.ro)\n", "E01");
	rcmd("echo a", "echo: refused, the debugger is read-only (kgdb.ro)\n", "E01");
	rcmd("help", "bpstat     breakpoints evaluated in the kernel: hits, false, missed\n"
	     "cpus       describe each CPU\ndmesg      print the kernel log\n"
	     "echo       print its arguments (refused: read-only)\n"
	     "help       list monitor commands\nlong       print a lot\n"
	     "ps         list tasks\n"
	     "reboot     restart the machine (refused: read-only)\n", "OK");
	rcmd("ps", "0 swapper/0\n1 init\n2 worker\n3 sleeper\n", "OK");
	xchg("qC", "QC2");
	xchg("D", "OK");
	break_in();
	assert_memory_equal(before, fake_mem, sizeof(before));
	assert_false(kgdb_connected());
}

/* kgdb.ro=0 again for the tests that follow, even after a failure. */
static int teardown_ro(void **state)
{
	kgdb_read_only = false;
	return teardown(state);
}

static void test_unknown_and_malformed(void **state)
{
	gdb_connect();
	xchg("vMustReplyEmpty", "");
	xchg("qTfSTM", "");
	xchg("qCRC:1000,4", "");
	xchg("QNonStop:1", "");
	xchg("", "");
	xchg("vCont?", "vCont;c;C;s;S");
	xchg("vContX", "");
	xchg("m1000", "E16");
	xchg("mzz,1", "E16");
	xchg("m1000,4junk", "E16");
	xchg("m11112222333344445,1", "E16");
	xchg("m1000,", "E16");
	xchg("Z0,1000", "E16");
	xchg("Z0,1000,1;X1,0", "E16");
	xchg("Z9,1000,1", "");
	xchg("C", "E16");
	xchg("C100", "E16");
	xchg("S100", "E16");
	xchg("cxyz", "E16");
	xchg("vCont;x", "E16");
	xchg("vCont;C", "E16");
	xchg("vCont;C100", "E16");
	xchg("vCont;s:63", "E16");
	xchg("vCont;s:4", "E16");	/* a sleeping task cannot be stepped */
	xchg("vCont;c:1;", "E16");
	xchg("vCont;cc", "E16");
	xchg("Dx", "E16");
	xchg("kx", "E16");
	xchg("qAttached:zz", "E16");
	xchg("QStartNoAckModeX", "");
	resume("c");
	break_in();
}

static void test_noack(void **state)
{
	gdb_connect();
	xchg("QStartNoAckMode", "OK");
	script_pkt("qC");
	expect_pkt("QC2");
	script_pkt("m1000,2");
	expect_pkt(hex_of(fake_mem + 0x1000, 2));
	/* A bad checksum is dropped silently: gdb does not retransmit here. */
	script_str("$m1000,2#00");
	script_pkt("qAttached");
	expect_pkt("1");
	/* A new gdb (reconnect) starts with acks again. */
	script_str("+");
	xchg("qSupported", FULL_FEATURES);
	xchg("qC", "QC2");
	script_pkt("D");
	expect_str("+");
	expect_pkt("OK");
	script_str("+");
	break_in();
}

/* LLDB asks for no-ack mode first, before qSupported, and keeps it: no
 * '+' for its packets, and its detach is not left waiting for an ack. */
static void test_noack_before_qsupported(void **state)
{
	script_str("+");
	xchg("QStartNoAckMode", "OK");
	script_pkt("qSupported:xmlRegisters=i386,arm,mips,arc;multiprocess+");
	expect_pkt(FULL_FEATURES);
	script_pkt("qC");
	expect_pkt("QC2");
	script_pkt("D");
	expect_pkt("OK");
	break_in();
	assert_false(kgdb_connected());
}

/* A client that died in no-ack mode, then a new one: whichever way the
 * new one starts, it is in ack mode, and gets its acks. */
static void test_new_client_after_noack(void **state)
{
	gdb_connect();
	xchg("QStartNoAckMode", "OK");
	script_pkt("qC");
	expect_pkt("QC2");
	/* An LLDB: no-ack mode again, which it asks for from ack mode. */
	script_str("+");
	xchg("QStartNoAckMode", "OK");
	script_pkt("qSupported:xmlRegisters=i386,arm,mips,arc;multiprocess+");
	expect_pkt(FULL_FEATURES);
	/* Then a gdb: qSupported, with acks. */
	gdb_connect();
	xchg("qC", "QC2");
	script_pkt("D");
	expect_str("+");
	expect_pkt("OK");
	script_str("+");
	break_in();
}

/*
 * Bytes a front end read and hands on (kdb: the gdb packet typed at its
 * prompt) come before the transport's; what does not fit is refused.
 */
static void test_replayed_packet_comes_first(void **state)
{
	static char big[1025];

	assert_int_equal(kgdb_io_replay(big, sizeof(big)), -E2BIG);
	assert_int_equal(kgdb_io_replay("$qC", 3), 0);
	assert_int_equal(kgdb_io_replay(big, sizeof(big) - 3), -E2BIG);
	assert_int_equal(kgdb_io_replay("#b4", 3), 0);
	expect_str("+");
	expect_pkt("QC2");
	script_str("+");
	xchg("D", "OK");
	break_in();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_connect_status_detach, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_registers, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_memory, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_binary_read_fills_the_buffer, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_threads, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_thread_paging, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_xfer_features, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_register_info, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_host_info, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_detach_with_a_pid, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_xfer_threads, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_xfer_threads_paging, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_xfer_threads_terse_after_stop, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_monitor_names_unique, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_monitor, setup2, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_and_malformed, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_noack, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_read_only, setup2, teardown_ro),
		cmocka_unit_test_setup_teardown(test_noack_before_qsupported, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_new_client_after_noack, setup1, teardown),
		cmocka_unit_test_setup_teardown(test_replayed_packet_comes_first, setup1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
