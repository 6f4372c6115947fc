// SPDX-License-Identifier: MIT
/*
 * Tracepoints (debug_trace.c, gdbstub_trace.c) through the packets gdb
 * sends: hits that collect and run on without a byte on the line, the
 * frames looked at with QTFrame, g, p and m, the status and why a trace
 * stopped (QTStop, a pass count, a full buffer, a detach), circular
 * buffers, conditions, tracepoints added to a running trace, the upload
 * to a gdb that connects later, and malformed packets refused with
 * nothing changed.
 */

#include "harness.h"

#include <kernel/notifier.h>

#define TP1	(FAKE_TEXT + 0x100)
#define TP2	(FAKE_TEXT + 0x104)
/* Addresses as gdb sends them, 16 digits. */
#define A1	"0000000000001100"
#define A2	"0000000000001104"
#define WORD	(FAKE_DATA + 0x10)	/* the word an M action collects */
#define QUICK	(FAKE_DATA + 0x20)	/* the 8 bytes trace_quick collects */
#define BUF	(256 << 10)		/* the buffer the fake kernel boots with */

/* const16 QUICK, trace_quick 8, tracev 1, end */
#define X_QUICK	"X00000009,2330200d082e000127"
/* $count = $count + 1: getv 1, const8 1, add, setv 1, end */
#define X_COUNT	"X0000000a,2c00012201022d000127"
/* Conditions: const8 0, end; WORD == 5: const16 WORD, ref32, const8 5, equal, end. */
#define C_FALSE	"X3,220027"
#define C_IS5	"X8,2330101922051327"

/*
 * Frames, with their 16-byte header, rounded up to 4 bytes: R is 1 + the
 * registers, M 1 + address 8 + length 2 + the bytes, V 1 + id 2 + value 8.
 */
#define FRAME_ALL	((16 + 1 + FAKE_REGS_SIZE + (11 + 4) + (11 + 8) + 11 + 3) & ~3)
#define FRAME_WORD	((16 + 11 + 4 + 3) & ~3)
#define FRAME_BIG	((16 + 11 + 0x400 + 3) & ~3)

/* With WORD holding @word (and r1 too), a hit at @addr runs on; *@r: the registers it had. */
static void hit_with(uintptr_t addr, u32 word, struct pt_regs *r)
{
	memcpy(fake_mem + WORD, &word, sizeof(word));
	fake_regs[0].r[1] = word;
	if (r) {
		*r = fake_regs[0];
		r->pc = addr;
	}
	assert_runs_on(addr);
}

/* The kernel stops at @pc while gdb waits: the stop reply (@reason), its ack. */
static void stop_at(uintptr_t pc, const char *reason)
{
	fake_regs[0].pc = pc;
	expect_pkt(stop_reply(0, 5, reason, 2));
	script_str("+");
}

/* CPU 0 runs into TP1: the script so far plays, and the CPU goes on from @pc. */
static void hit_tp1_to(uintptr_t pc)
{
	assert_int_equal(hit(TP1), NOTIFY_STOP);
	assert_output();
	assert_int_equal(fake_regs[0].pc, pc);
}

/* gdb defines tracepoint 1 at TP1, collecting WORD. */
static void tp1_collects_word(void)
{
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4", "OK");
}

/* The kernel stops at its breakpoint while gdb waits: the stop reply, its ack. */
static void stop_in(void)
{
	reset_idle();
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
}

/* ... and the kernel runs into that breakpoint: the script so far plays. */
static void play(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
}

/* A new gdb connects as the kernel stops (nobody was attached: no stop reply). */
static void reconnect(void)
{
	reset_idle();
	gdb_connect();
}

/* qTStatus's reply: @head (T0;tstop::0 ...), then the buffer's figures. */
static const char *status(const char *head, unsigned long frames, unsigned long created,
			  unsigned long used, unsigned long size, int circular, int disconn)
{
	static char s[256];

	snprintf(s, sizeof(s), "%s;tframes:%lx;tcreated:%lx;tfree:%lx;tsize:%lx;circular:%x"
		 ";disconn:%x;starttime:0;stoptime:0", head, frames, created, size - used, size,
		 circular, disconn);
	return s;
}

/* A frame's g: the registers @r had at its hit (@r->pc: the tracepoint), the CPU's kept rows. */
static const char *frame_regs(const struct pt_regs *r)
{
	static char g[2 * FAKE_REGS_SIZE + 1];
	unsigned int i;

	for (i = 0; i < 8; i++)
		strcpy(g + 16 * i, le_hex(r->r[i], 8));
	strcpy(g + 128, le_hex(r->pc, 8));
	strcpy(g + 144, le_hex(r->sp, 8));
	strcpy(g + 160, le_hex(r->fp, 8));
	strcpy(g + 176, le_hex(r->flags, 4));
	strcpy(g + 184, le_hex(0xf0f0f0f000000000ull, 8));
	strcpy(g + 200, le_hex(0x28, 4));
	strcpy(g + 208, le_hex((u32)r->mode, 4));
	strcpy(g + 216, le_hex((u8)~0x5a, 4));
	return g;
}

/* What @n bytes of text at @addr hold while the debugger has its breakpoints out. */
static const char *text_hex(uintptr_t addr, size_t n)
{
	u8 b[16];
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = (u8)((addr + i) * 7 + 3);
	return hex_of(b, n);
}

/* WORD's bytes as m reads them. */
static const char *word_hex(u32 w)
{
	return le_hex(w, 4);
}

/* qSupported (gdb_connect) lists the tracepoint features; nothing defined, nothing to find. */
static void test_supported_and_idle(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("qTStatus", status("T0;tnotrun:0", 0, 0, 0, BUF, 0, 0));
	xchg("qTfP", "l");
	xchg("qTsP", "l");
	xchg("qTfV", "l");
	xchg("qTV:1", "U");
	xchg("qTP:1:" A1, "E16");
	xchg("QTFrame:0", "F-1");
	xchg("m3010,4", hex_of(fake_mem + WORD, 4));
	xchg("qXfer:traceframe-info:read::0,fff", "E02");
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tnotrun:0", 0, 0, 0, BUF, 0, 0));
	xchg("D", "OK");
	break_in();
	assert_int_not_equal(fake_mem[TP1], 0xcc);
}

/*
 * The whole of it: registers, memory (an M action, trace_quick) and a
 * variable (tracev, setv) collected at each hit, which runs on; then
 * each frame looked at as gdb's tfind does.
 */
static void test_collect_and_look(void **state)
{
	static const u32 words[] = { 0xa0b0c0d0, 0xa1b1c1d1, 0xa2b2c2d2 };
	struct pt_regs at[3];
	char g[2 * FAKE_REGS_SIZE + 1], buf[64];
	unsigned int i;

	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":R7ff-", "OK");
	/* gdb sends memory ranges and expressions together, one packet. */
	xchg("QTDP:-1:" A1 ":M-1,3010,4" X_QUICK "-", "OK");
	xchg("QTDP:-1:" A1 ":" X_COUNT, "OK");
	xchg("QTDPsrc:1:" A1 ":at:0:8:666f6f2e633a3132", "OK");
	xchg("QTDV:1:0000000000000000:0:636f756e74", "OK");
	xchg("QTBuffer:circular:0", "OK");
	xchg("QTStart", "OK");
	xchg("qTStatus", status("T1;tnotrun:0", 0, 0, 0, BUF, 0, 0));
	resume("c");
	break_in();

	for (i = 0; i < 3; i++)
		hit_with(TP1, words[i], &at[i]);
	memcpy(fake_mem + WORD, "\x11\x22\x33\x44", 4);	/* live, after the last */

	stop_in();
	xchg("qTStatus", status("T1;tnotrun:0", 3, 3, 3 * FRAME_ALL, BUF, 0, 0));
	xchg("QTFrame:0", "E10");			/* not while it runs */
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tstop::0", 3, 3, 3 * FRAME_ALL, BUF, 0, 0));
	snprintf(buf, sizeof(buf), "V3:%x", 3 * FRAME_ALL);
	xchg("qTP:1:" A1, buf);
	xchg("qTP:2:" A1, "E16");
	xchg("qTV:1", "V3");
	xchg("qTV:2", "U");

	xchg("QTFrame:0", "F0T1");
	xchg("g", frame_regs(&at[0]));
	/* A variable in a frame: what its tracev saw there, before that hit counted. */
	xchg("qTV:1", "V0");
	xchg("qTV:2", "U");
	xchg("p8", le_hex(TP1, 8));
	xchg("p1", le_hex(words[0], 8));
	xchg("m3010,4", word_hex(words[0]));
	xchg("m3012,4", le_hex(words[0] >> 16, 2));	/* what of it the block has */
	xchg("m3020,8", hex_of(fake_mem + QUICK, 8));
	xchg("m3030,4", "E0e");			/* not collected */
	xchg("m300e,4", "E0e");
	xchg("qXfer:traceframe-info:read::0,fff",
	     "l<traceframe-info><memory start=\"0x3010\" length=\"0x4\"/>"
	     "<memory start=\"0x3020\" length=\"0x8\"/><tvar id=\"1\"/></traceframe-info>");
	/* Text gdb says is read-only is read live. */
	xchg("m1100,4", "E0e");
	xchg("QTro:1000,1200:1400,1500", "OK");
	xchg("m1100,4", text_hex(TP1, 4));
	xchg("m11fe,4", text_hex(0x11fe, 2));
	xchg("m1410,2", text_hex(0x1410, 2));
	xchg("m1300,4", "E0e");

	xchg("QTFrame:1", "F1T1");
	xchg("qTV:1", "V1");
	xchg("m3010,4", word_hex(words[1]));
	strcpy(g, frame_regs(&at[1]));
	xchg("g", g);
	/* A frame is looked at, not changed. */
	xchg("M3010,4:00000000", "E01");
	xchg("P1=0000000000000000", "E01");
	xchg("X3010,0:", "E01");
	xchg("m3010,4", word_hex(words[1]));
	xchg("g", g);

	/* tfind pc, tracepoint, range, outside: the next after the one selected. */
	xchg("QTFrame:pc:" A1, "F2T1");
	xchg("g", frame_regs(&at[2]));
	/* Not found: the frame selected stays, as gdb assumes. */
	xchg("QTFrame:pc:" A1, "F-1");
	xchg("m3010,4", word_hex(words[2]));
	xchg("QTFrame:ffffffff", "OK");
	xchg("QTFrame:tdp:1", "F0T1");
	xchg("QTFrame:tdp:1", "F1T1");
	xchg("QTFrame:tdp:2", "F-1");
	xchg("QTFrame:ffffffff", "OK");
	xchg("QTFrame:range:1000:1200", "F0T1");
	xchg("QTFrame:range:1104:1200", "F-1");
	xchg("QTFrame:outside:1000:1200", "F-1");
	xchg("QTFrame:ffffffff", "OK");
	xchg("QTFrame:outside:1104:1200", "F0T1");
	xchg("QTFrame:3", "F-1");
	xchg("QTFrame:2", "F2T1");
	xchg("m3010,4", word_hex(words[2]));
	/* tfind none: the live target again, which takes writes. */
	xchg("QTFrame:ffffffff", "OK");
	xchg("qTV:1", "V3");
	xchg("m3010,4", "11223344");
	xchg("p8", le_hex(FAKE_BREAK_ADDR + 1, 8));
	xchg("M3010,4:efbeadde", "OK");
	xchg("qXfer:traceframe-info:read::0,fff", "E02");
	xchg("D", "OK");
	play();
	assert_memory_equal(fake_mem + WORD, "\xef\xbe\xad\xde", 4);
	/* Stopped: its breakpoint is out. */
	assert_int_not_equal(fake_mem[TP1], 0xcc);
}

/* A frame without registers: all unavailable, but the PC, the tracepoint's address. */
static void test_frame_without_registers(void **state)
{
	char g[2 * FAKE_REGS_SIZE + 1];

	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:2:" A2 ":E:0:0-", "OK");
	xchg("QTDP:-2:" A2 ":M-1,3010,4", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	hit_with(TP2, 0x12345678, NULL);
	stop_in();
	xchg("QTStop", "OK");
	xchg("QTFrame:0", "F0T2");
	memset(g, 'x', 2 * FAKE_REGS_SIZE);
	g[2 * FAKE_REGS_SIZE] = '\0';
	memcpy(g + 128, le_hex(TP2, 8), 16);
	xchg("g", g);
	xchg("p8", le_hex(TP2, 8));
	xchg("p0", "xxxxxxxxxxxxxxxx");
	xchg("pb", "xxxxxxxx");
	xchg("qTV:1", "U");
	xchg("m3010,4", "78563412");
	xchg("qXfer:traceframe-info:read::0,fff",
	     "l<traceframe-info><memory start=\"0x3010\" length=\"0x4\"/></traceframe-info>");
	xchg("D", "OK");
	play();
}

/* A tracepoint's condition: collected only where it holds; a false one never. */
static void test_condition(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0:" C_IS5 "-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4", "OK");
	xchg("QTDP:2:" A2 ":E:0:0:" C_FALSE "-", "OK");
	xchg("QTDP:-2:" A2 ":R1", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	hit_with(TP1, 4, NULL);
	hit_with(TP1, 5, NULL);
	hit_with(TP2, 5, NULL);
	hit_with(TP1, 6, NULL);
	hit_with(TP2, 5, NULL);
	stop_in();
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tstop::0", 1, 1, FRAME_WORD, BUF, 0, 0));
	xchg("qTP:2:" A2, "V0:0");
	xchg("QTFrame:0", "F0T1");
	xchg("m3010,4", "05000000");
	xchg("D", "OK");
	play();
}

/* passcount 3: the trace stops with its third frame, its breakpoint out as the CPU goes on. */
static void test_pass_count(void **state)
{
	char buf[64];
	size_t before, after;

	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:3-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4", "OK");
	xchg("QTDP:2:" A2 ":E:0:0-", "OK");
	xchg("QTDP:-2:" A2 ":M-1,3010,4", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	hit_with(TP1, 1, NULL);
	hit_with(TP2, 2, NULL);
	hit_with(TP1, 3, NULL);
	memcpy(fake_mem + WORD, "\x04\0\0\0", 4);
	output_buf(&before);
	assert_int_equal(hit(TP1), NOTIFY_STOP);
	output_buf(&after);
	assert_int_equal(after, before);
	assert_int_equal(fake_regs[0].pc, TP1 + FAKE_INSN_LEN);
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	assert_int_not_equal(fake_mem[TP2], 0xcc);
	/* A CPU that trapped on it just before it went out restarts there. */
	assert_int_equal(hit(TP1), NOTIFY_STOP);
	output_buf(&after);
	assert_int_equal(after, before);
	assert_int_equal(fake_regs[0].pc, TP1);

	stop_in();
	xchg("qTStatus", status("T0;tpasscount:1", 4, 4, 4 * FRAME_WORD, BUF, 0, 0));
	snprintf(buf, sizeof(buf), "V3:%x", 3 * FRAME_WORD);
	xchg("qTP:1:" A1, buf);
	xchg("QTFrame:3", "F3T1");
	xchg("m3010,4", "04000000");
	xchg("D", "OK");
	play();
}

/* A linear buffer stops the trace as it fills up. */
static void test_linear_full(void **state)
{
	unsigned int i;

	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3000,400", "OK");
	xchg("QTBuffer:circular:0", "OK");
	xchg("QTBuffer:size:1000", "OK");
	xchg("QTStart", "OK");
	xchg("QTBuffer:size:2000", "E10");		/* not while it runs */
	xchg("qTStatus", status("T1;tnotrun:0", 0, 0, 0, 0x1000, 0, 0));
	resume("c");
	break_in();
	for (i = 0; i < 3; i++)
		hit_with(TP1, i, NULL);
	fake_mem[WORD] = 3;
	assert_int_equal(hit(TP1), NOTIFY_STOP);
	assert_int_equal(fake_regs[0].pc, TP1 + FAKE_INSN_LEN);
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	stop_in();
	xchg("qTStatus", status("T0;tfull:0", 3, 3, 3 * FRAME_BIG, 0x1000, 0, 0));
	xchg("QTFrame:2", "F2T1");
	xchg("m3010,4", "02000000");
	xchg("QTFrame:3", "F-1");
	/* -1: all the kernel has (a new size drops the frames); more is refused. */
	xchg("QTBuffer:size:-1", "OK");
	xchg("qTStatus", status("T0;tfull:0", 0, 0, 0, BUF, 0, 0));
	xchg("QTBuffer:size:40001", "E1c");
	xchg("D", "OK");
	play();
}

/* A circular one drops the oldest frames and goes on. */
static void test_circular(void **state)
{
	unsigned int i;

	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3000,400", "OK");
	xchg("QTBuffer:circular:1", "OK");
	xchg("QTBuffer:size:1000", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	for (i = 0; i < 9; i++)
		hit_with(TP1, i, NULL);
	stop_in();
	/* Three frames fit, in [0, 3 frames) again after each third. */
	xchg("qTStatus", status("T1;tnotrun:0", 3, 9, 3 * FRAME_BIG, 0x1000, 1, 0));
	resume("c");
	play();
	for (; i < 10; i++)
		hit_with(TP1, i, NULL);
	stop_in();
	/* Wrapped: the end of the buffer is too short for a frame. */
	xchg("qTStatus", status("T1;tnotrun:0", 3, 10, 0x1000, 0x1000, 1, 0));
	xchg("QTStop", "OK");
	xchg("QTFrame:0", "F0T1");
	xchg("m3010,4", "07000000");
	xchg("QTFrame:1", "F1T1");
	xchg("m3010,4", "08000000");
	xchg("QTFrame:2", "F2T1");
	xchg("m3010,4", "09000000");
	xchg("QTFrame:3", "F-1");
	xchg("D", "OK");
	play();
}

/* Tracepoints added to a running trace, and one disabled, then enabled again. */
static void test_install_in_trace(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	assert_int_not_equal(fake_mem[TP2], 0xcc);
	hit_with(TP1, 1, NULL);
	stop_in();
	xchg("QTDP:2:" A2 ":E:0:0-", "OK");
	xchg("QTDP:-2:" A2 ":M-1,3010,4", "OK");
	xchg("QTDisable:1:" A1, "OK");
	xchg("QTDisable:3:" A1, "E02");
	resume("c");
	play();
	hit_with(TP2, 2, NULL);
	/* Disabled: runs on, nothing collected. */
	hit_with(TP1, 3, NULL);
	stop_in();
	xchg("QTEnable:1:" A1, "OK");
	resume("c");
	play();
	hit_with(TP1, 4, NULL);
	stop_in();
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tstop::0", 3, 3, 3 * FRAME_WORD, BUF, 0, 0));
	xchg("QTFrame:tdp:2", "F1T2");
	xchg("m3010,4", "02000000");
	xchg("QTFrame:tdp:1", "F2T1");
	xchg("m3010,4", "04000000");
	xchg("D", "OK");
	play();
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	assert_int_not_equal(fake_mem[TP2], 0xcc);
}

/*
 * A tracepoint where gdb has a breakpoint too: the hit collects, then
 * stops as the breakpoint does, or runs on where its condition is false.
 */
static void test_with_breakpoint(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4", "OK");
	xchg("QTDP:2:" A2 ":E:0:0-", "OK");
	xchg("QTDP:-2:" A2 ":M-1,3010,4", "OK");
	xchg("Z0,1100,1", "OK");
	xchg("Z0,1104,1;" C_FALSE, "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	hit_with(TP2, 1, NULL);
	memcpy(fake_mem + WORD, "\x02\0\0\0", 4);
	reset_idle();
	fake_regs[0].pc = TP1;
	expect_pkt(stop_reply(0, 5, "swbreak:;", 2));
	script_str("+");
	xchg("qTStatus", status("T1;tnotrun:0", 2, 2, 2 * FRAME_WORD, BUF, 0, 0));
	xchg("z0,1100,1", "OK");
	resume("c");
	assert_int_equal(hit(TP1), NOTIFY_STOP);
	assert_output();
	/* The continue stepped over TP1, which collected as it stopped: not again. */
	assert_int_equal(fake_regs[0].pc, TP1 + FAKE_INSN_LEN);
	/* The breakpoint gone, the tracepoint stays. */
	hit_with(TP1, 3, NULL);
	stop_in();
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tstop::0", 3, 3, 3 * FRAME_WORD, BUF, 0, 0));
	xchg("QTFrame:1", "F1T1");
	xchg("m3010,4", "02000000");
	xchg("D", "OK");
	play();
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	assert_int_not_equal(fake_mem[TP2], 0xcc);
}

/*
 * Stopped at TP1 by gdb's breakpoint before any trace, then z0 and a
 * trace started with tracepoints at TP1 and the next instruction, TP2:
 * gdb's step collects at TP1 once and ends at TP2, instead of trapping on
 * the tracepoint's breakpoint; the step from TP2, where the last step
 * ended without collecting, collects there.
 */
static void test_step_from_a_tracepoint(void **state)
{
	gdb_connect();
	xchg("Z0,1100,1", "OK");
	resume("c");
	break_in();
	memcpy(fake_mem + WORD, "\x02\0\0\0", 4);
	reset_idle();
	stop_at(TP1, "swbreak:;");
	xchg("z0,1100,1", "OK");
	xchg("QTinit", "OK");
	tp1_collects_word();
	xchg("QTDP:2:" A2 ":E:0:0-", "OK");
	xchg("QTStart", "OK");
	resume("s");
	stop_at(TP2, "");
	xchg("qTStatus", status("T1;tnotrun:0", 1, 1, FRAME_WORD, BUF, 0, 0));
	resume("s");
	stop_at(TP2 + FAKE_INSN_LEN, "");
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tstop::0", 2, 2, FRAME_WORD + 16, BUF, 0, 0));
	xchg("QTFrame:0", "F0T1");
	xchg("m3010,4", "02000000");
	xchg("D", "OK");
	hit_tp1_to(TP2 + FAKE_INSN_LEN);
	assert_int_not_equal(fake_mem[TP1], 0xcc);
}

/*
 * A tracepoint and kdb's breakpoint at TP1 (kdb's bc, then the trace's end,
 * is tests/kdb's): a hit collects and stops, gdb's continue from there
 * does not collect again; with the trace stopped, kdb's still stops and
 * stays planted past gdb's detach.
 */
static void test_with_kdb_breakpoint(void **state)
{
	assert_int_equal(kgdb_bp_own(TP1, KGDB_BP_KDB), 0);
	gdb_connect();
	xchg("QTinit", "OK");
	tp1_collects_word();
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	reset_idle();
	stop_at(TP1, "");
	xchg("qTStatus", status("T1;tnotrun:0", 1, 1, FRAME_WORD, BUF, 0, 0));
	xchg("QTStop", "OK");
	resume("c");
	hit_tp1_to(TP1 + FAKE_INSN_LEN);
	script_reset();
	stop_at(TP1, "");
	xchg("qTStatus", status("T0;tstop::0", 1, 1, FRAME_WORD, BUF, 0, 0));
	xchg("D", "OK");
	hit_tp1_to(TP1 + FAKE_INSN_LEN);
	assert_int_equal(fake_mem[TP1], 0xcc);
}

/* gdb's kill, a frame selected: the kernel goes on all the same. */
static void test_kill_in_frame(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	hit_with(TP1, 1, NULL);
	stop_in();
	xchg("QTStop", "OK");
	xchg("QTFrame:0", "F0T1");
	xchg("p10", "xx");
	xchg("p8", le_hex(TP1, 8));
	script_pkt("k");
	expect_str("+");
	play();
	assert_false(kgdb_connected());
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	/* A new gdb looks at the live kernel. */
	reconnect();
	xchg("p8", le_hex(FAKE_BREAK_ADDR + 1, 8));
	xchg("qTStatus", status("T0;tstop::0", 1, 1, (16 + 3) & ~3, BUF, 0, 0));
	xchg("D", "OK");
	play();
}

/*
 * Memory an action names relative to a register, up to a NUL (tracenz),
 * partly or not at all readable, and more of it than a frame holds.
 */
static void test_odd_memory(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDV:1:0000000000000007:0:76", "OK");
	xchg("QTDP:2:" A2 ":E:0:0-", "OK");
	/* sp - 16; the hole; two readable bytes before it. */
	xchg("QTDP:-2:" A2 ":M9,fffffffffffffff0,4M-1,2000,4M-1,1ffe,4-", "OK");
	/* const16 0x3040, const8 16, tracenz, const8 0, end */
	xchg("QTDP:-2:" A2 ":X9,233040221012f220027", "E16");
	xchg("QTDP:-2:" A2 ":X9,2330402210" "2f220027", "OK");
	/* A frame full before the second range, and the variable. */
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":R1-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3000,1000M-1,4000,4X6,22002e000127", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	memcpy(fake_mem + fake_regs[0].sp - 16, "\x0d\xf0\xfe\xca", 4);
	memcpy(fake_mem + 0x3040, "hi\0there", 9);
	assert_runs_on(TP2);
	assert_runs_on(TP1);
	stop_in();
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tstop::0", 2, 2, ((16 + 15 + 11 + 2 + 11 + 3 + 3) & ~3) + 4096,
				 BUF, 0, 0));
	xchg("QTFrame:0", "F0T2");
	xchg("m3ff0,4", "0df0feca");
	xchg("m2000,4", "E0e");
	xchg("m1ffe,4", text_hex(0x1ffe, 2));
	xchg("m3040,8", "686900");
	xchg("qXfer:traceframe-info:read::0,fff",
	     "l<traceframe-info><memory start=\"0x3ff0\" length=\"0x4\"/>"
	     "<memory start=\"0x1ffe\" length=\"0x2\"/>"
	     "<memory start=\"0x3040\" length=\"0x3\"/></traceframe-info>");
	xchg("QTFrame:1", "F1T1");
	xchg("qXfer:traceframe-info:read::0,fff",
	     "l<traceframe-info><memory start=\"0x3000\" length=\"0xf74\"/></traceframe-info>");
	xchg("qTV:1", "U");				/* no room left for it */
	xchg("m3f73,2", hex_of(fake_mem + 0x3f73, 1));
	xchg("m3f74,1", "E0e");
	xchg("m4000,4", "E0e");
	xchg("QTFrame:ffffffff", "OK");
	xchg("qTV:1", "V7");
	xchg("D", "OK");
	play();
}

/* The tables' limits: a definition past one is refused, what came before stays. */
static void test_limits(void **state)
{
	char req[4096], src[3001];
	unsigned int i;

	gdb_connect();
	xchg("QTinit", "OK");
	/* 32 locations; a trace of more than the (unit tests') 8 breakpoints does not start. */
	for (i = 0; i < 32; i++) {
		snprintf(req, sizeof(req), "QTDP:%x:%016x:E:0:0", i + 1, FAKE_TEXT + 4 * i);
		xchg(req, "OK");
	}
	xchg("QTDP:21:0000000000001200:E:0:0", "E1c");
	xchg("QTStart", "E1c");
	xchg("qTStatus", status("T0;tnotrun:0", 0, 0, 0, BUF, 0, 0));
	/* Eight ranges and eight expressions a tracepoint. */
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	for (i = 0; i < 9; i++) {
		snprintf(req, sizeof(req), "QTDP:-1:" A1 ":M-1,%x,4-", FAKE_DATA + 4 * i);
		xchg(req, i < 8 ? "OK" : "E1c");
	}
	for (i = 0; i < 9; i++)
		xchg("QTDP:-1:" A1 ":X3,220027-", i < 8 ? "OK" : "E1c");
	xchg("QTDP:-3:" A1 ":R1", "E16");
	/* The actions' text, kept for upload, has room for 8 KiB. */
	memset(src, 'a', sizeof(src) - 1);
	src[sizeof(src) - 1] = '\0';
	snprintf(req, sizeof(req), "QTDPsrc:1:" A1 ":%s", src);
	xchg(req, "OK");
	xchg(req, "OK");
	xchg(req, "E1c");
	/* 32 variables. */
	for (i = 0; i < 33; i++) {
		snprintf(req, sizeof(req), "QTDV:%x:0000000000000000:0:78", i + 1);
		xchg(req, i < 32 ? "OK" : "E1c");
	}
	xchg("QTDV:20:0000000000000005:0:79", "OK");
	xchg("qTV:20", "V5");
	/* Nine breakpoints in a running trace: the ninth refused. */
	xchg("QTinit", "OK");
	for (i = 0; i < 8; i++) {
		snprintf(req, sizeof(req), "QTDP:%x:%016x:E:0:0", i + 1, FAKE_TEXT + 4 * i);
		xchg(req, "OK");
	}
	xchg("QTStart", "OK");
	xchg("QTDP:9:0000000000001100:E:0:0", "E1c");
	xchg("qTP:9:" A1, "E16");
	xchg("QTStop", "OK");
	xchg("D", "OK");
	break_in();
}

/* qTfP/qTsP and qTfV/qTsV: the definitions as gdb sent them. */
static void test_upload(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:5:X3,220127-", "OK");
	xchg("QTDP:-1:" A1 ":R7ff-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4MFFFFFFFF,3020,8" X_QUICK, "OK");
	xchg("QTDPsrc:1:" A1 ":at:0:8:666f6f2e633a3132", "OK");
	xchg("QTDPsrc:1:" A1 ":cond:0:4:783d3d31", "OK");
	xchg("QTDP:2:" A2 ":D:0:0", "OK");
	xchg("QTDPsrc:2:" A2 ":at:0:3:6f6666", "OK");
	xchg("QTDV:1:0000000000000005:0:636f756e74", "OK");
	xchg("QTDV:2:fffffffffffffffe:1:74", "OK");
	xchg("qTfP", "T1:1100:E:0:5:X3,220127");
	xchg("qTsP", "A1:1100:R7ff");
	xchg("qTsP", "A1:1100:M-1,3010,4");
	xchg("qTsP", "A1:1100:MFFFFFFFF,3020,8");
	xchg("qTsP", "A1:1100:" X_QUICK);
	xchg("qTsP", "Z1:1100:at:0:8:666f6f2e633a3132");
	xchg("qTsP", "Z1:1100:cond:0:4:783d3d31");
	xchg("qTsP", "T2:1104:D:0:0");
	xchg("qTsP", "Z2:1104:at:0:3:6f6666");
	xchg("qTsP", "l");
	xchg("qTsP", "l");
	xchg("qTfP", "T1:1100:E:0:5:X3,220127");
	xchg("qTfV", "1:5:0:636f756e74");
	xchg("qTsV", "2:fffffffffffffffe:1:74");
	xchg("qTsV", "l");
	xchg("qTV:2", "Vfffffffffffffffe");
	/* QTDV again: redefined, not added. */
	xchg("QTDV:1:0000000000000007:0:636f756e74", "OK");
	xchg("qTfV", "1:7:0:636f756e74");
	xchg("qTsV", "2:fffffffffffffffe:1:74");
	xchg("qTsV", "l");
	/* QTinit forgets it all. */
	xchg("QTinit", "OK");
	xchg("qTfP", "l");
	xchg("qTfV", "l");
	xchg("qTV:1", "U");
	xchg("D", "OK");
	break_in();
}

/* QTNotes: the user, the notes and tstop's note go to qTStatus. */
static void test_notes(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:1:" A1 ":E:0:0", "OK");
	xchg("QTNotes:user:6a6f65;notes:6869", "OK");
	xchg("QTStart", "OK");
	xchg("QTNotes:tstop:6279", "OK");
	xchg("QTStop", "OK");
	xchg("qTStatus", "T0;tstop:6279:0;tframes:0;tcreated:0;tfree:40000;tsize:40000;circular:0"
	     ";disconn:0;starttime:0;stoptime:0;username:6a6f65;notes:6869");
	xchg("D", "OK");
	break_in();
}

/* Malformed or unserved definitions: an error, and nothing of them kept. */
static void test_refused(void **state)
{
	static const struct {
		const char *pkt, *reply;
	} bad[] = {
		{ "QTDP:1:zz:E:0:0", "E16" },
		{ "QTDP:1:" A1 ":E:0", "E16" },			/* no pass count */
		{ "QTDP:1:" A1 ":E:0:", "E16" },
		{ "QTDP:1:" A1, "E16" },
		{ "QTDP:1", "E16" },
		{ "QTDP:", "E16" },
		{ "QTDP:1:" A1 ":Q:0:0", "E16" },		/* neither E nor D */
		{ "QTDP:1:" A1 ":E:0:0:X2,ff27", "E16" },	/* no such opcode */
		{ "QTDP:1:" A1 ":E:0:0:X1,27", "E16" },		/* end with nothing */
		{ "QTDP:1:" A1 ":E:0:0:X3,2201", "E16" },	/* digits missing */
		{ "QTDP:1:" A1 ":E:0:0:Y3,220027", "E16" },
		{ "QTDP:1:" A1 ":E:0:0:X3,220027x", "E16" },	/* something after */
		{ "QTDP:2:" A2 ":E:0:0", "E11" },		/* already there */
		{ "QTDP:-1:" A1 ":Q12", "E16" },		/* no such action */
		{ "QTDP:-2:" A2 ":", "E16" },
		{ "QTDP:-2:" A2 ":X2,ff27", "E16" },		/* bytecode refused */
		{ "QTDP:-2:" A2 ":X9,2c00012201022d0001", "E16" },	/* no end */
		{ "QTDP:-2:" A2 ":X3,2200", "E16" },		/* digits missing */
		{ "QTDP:-2:" A2 ":X3,220027222", "E16" },	/* something after */
		{ "QTDP:-2:" A2 ":M-1,3010", "E16" },		/* no length */
		{ "QTDP:-2:" A2 ":M-1,3010,", "E16" },
		{ "QTDP:-2:" A2 ":Mzz,3010,4", "E16" },
		{ "QTDP:-2:" A2 ":M-1,30100000000000000,4", "E16" },	/* past 64 bits */
		{ "QTDP:-2:" A2 ":M100000009,0,4", "E16" },
		{ "QTDP:-2:" A2 ":M10,0,4", "E16" },		/* no such register */
		{ "QTDP:-2:" A2 ":R7ffz", "E16" },
		/* A bad action after good ones: none of them kept. */
		{ "QTDP:-2:" A2 ":M-1,3020,4Q", "E16" },
		{ "QTDP:-2:" A2 ":M-1,3020,4X3,220027X2,ff27", "E16" },
		{ "QTDP:-2:" A2 ":R7ffM-1,3020", "E16" },
		{ "QTDP:-3:" A2 ":M-1,3010,4", "E16" },	/* no such tracepoint */
		{ "QTDPsrc:3:" A1 ":at:0:1:78", "E16" },
		{ "QTDPsrc:zz", "E16" },
		{ "QTDV:zz:0:0:78", "E16" },
		{ "QTDV:1:0:0", "E16" },
		{ "QTDV:1:0:0:7", "E16" },
		{ "QTDV:10000:0:0:78", "E16" },
		{ "QTFrame:junk", "E16" },
		{ "QTFrame:", "E16" },
		{ "QTFrame:pc:", "E16" },
		{ "QTFrame:range:1000", "E16" },
		{ "QTFrame:range:1000:", "E16" },
		{ "QTFrame:outside:1000", "E16" },
		{ "QTFrame:1:2", "E16" },
		{ "QTBuffer:size:fff", "E1c" },			/* less than a frame */
		{ "QTBuffer:size:zz", "E16" },
		{ "QTBuffer:circular:", "E16" },
		{ "QTBuffer:linear:1", "E16" },
		{ "QTBuffer:", "E16" },
		{ "QTro:1000", "E16" },
		{ "QTro:1000,1200;1300,1400", "E16" },
		{ "QTEnable:1", "E16" },
		{ "QTEnable:1:" A1 ":", "E16" },
		{ "qTP:1", "E16" },
		{ "qTP:1:" A1 ":", "E16" },
		/* gdb's while-stepping, a fast tracepoint: not served. */
		{ "QTDP:1:" A1 ":E:1:0", "E5f" },
		{ "QTDP:1:" A1 ":E:10:0-", "E5f" },
		{ "QTDP:1:" A1 ":E:0:0:F5", "E5f" },
		{ "QTDP:-2:" A2 ":SR7ff", "E5f" },
		{ "QTDP:-2:" A2 ":SM-1,3010,4-", "E5f" },
	};
	unsigned int i;

	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDP:2:" A2 ":E:0:0-", "OK");
	xchg("QTDP:-2:" A2 ":M-1,3010,4", "OK");
	xchg("QTDV:1:0000000000000003:0:78", "OK");
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		xchg(bad[i].pkt, bad[i].reply);
	xchg("qTfP", "T2:1104:E:0:0");
	xchg("qTsP", "A2:1104:M-1,3010,4");
	xchg("qTsP", "l");
	xchg("qTfV", "1:3:0:78");
	xchg("qTsV", "l");
	xchg("qTStatus", status("T0;tnotrun:0", 0, 0, 0, BUF, 0, 0));
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	/* Only tracepoint 2 is there, with its one range. */
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	hit_with(TP2, 9, NULL);
	stop_in();
	xchg("QTStop", "OK");
	xchg("qTStatus", status("T0;tstop::0", 1, 1, FRAME_WORD, BUF, 0, 0));
	xchg("QTFrame:0", "F0T2");
	xchg("qXfer:traceframe-info:read::0,fff",
	     "l<traceframe-info><memory start=\"0x3010\" length=\"0x4\"/></traceframe-info>");
	xchg("QTFrame:100000000", "F-1");
	xchg("m3010,4", "09000000");
	xchg("D", "OK");
	play();
}

/* A detach stops the trace, unless gdb asked for disconnected tracing. */
static void test_detach_stops(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDisconnected:0", "OK");
	tp1_collects_word();
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	hit_with(TP1, 1, NULL);
	stop_in();
	xchg("D", "OK");
	play();
	assert_false(kgdb_connected());
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	reconnect();
	xchg("qTStatus", status("T0;tdisconnected:0", 1, 1, FRAME_WORD, BUF, 0, 0));
	xchg("QTFrame:0", "F0T1");
	xchg("m3010,4", "01000000");
	xchg("D", "OK");
	play();
}

/*
 * With disconnected tracing the trace runs on past the detach; the next
 * gdb finds it running and uploads what it is.
 */
static void test_disconnected(void **state)
{
	char buf[64];
	unsigned int i;

	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDV:1:0000000000000000:0:636f756e74", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4" X_COUNT, "OK");
	xchg("QTDisconnected:1", "OK");
	xchg("QTStart", "OK");
	resume("c");
	break_in();
	hit_with(TP1, 0, NULL);
	hit_with(TP1, 1, NULL);
	stop_in();
	xchg("D", "OK");
	play();
	assert_false(kgdb_connected());
	for (i = 2; i < 4; i++)
		hit_with(TP1, i, NULL);

	reconnect();
	xchg("qTStatus", status("T1;tnotrun:0", 4, 4, 4 * FRAME_WORD, BUF, 0, 1));
	xchg("qTfP", "T1:1100:E:0:0");
	xchg("qTsP", "A1:1100:M-1,3010,4");
	xchg("qTsP", "A1:1100:" X_COUNT);
	xchg("qTsP", "l");
	/* The definition, with its initial value; qTV has what it is now. */
	xchg("qTfV", "1:0:0:636f756e74");
	xchg("qTsV", "l");
	xchg("qTV:1", "V4");
	snprintf(buf, sizeof(buf), "V4:%x", 4 * FRAME_WORD);
	xchg("qTP:1:" A1, buf);
	resume("c");
	play();
	hit_with(TP1, 4, NULL);
	stop_in();
	xchg("QTStop", "OK");
	xchg("qTV:1", "V5");
	xchg("qTStatus", status("T0;tstop::0", 5, 5, 5 * FRAME_WORD, BUF, 0, 1));
	xchg("QTFrame:4", "F4T1");
	xchg("m3010,4", "04000000");
	xchg("QTDisconnected:0", "OK");
	xchg("D", "OK");
	play();
	assert_int_not_equal(fake_mem[TP1], 0xcc);
}

/* The transport goes away: a trace that ran on past gdb stops, its breakpoints gone with it. */
static void test_transport_gone(void **state)
{
	gdb_connect();
	xchg("QTinit", "OK");
	xchg("QTDisconnected:1", "OK");
	xchg("QTDP:1:" A1 ":E:0:0-", "OK");
	xchg("QTDP:-1:" A1 ":M-1,3010,4", "OK");
	xchg("QTStart", "OK");
	xchg("D", "OK");
	break_in();
	hit_with(TP1, 1, NULL);
	kgdb_unregister_io_module(&fake_io);
	assert_int_not_equal(fake_mem[TP1], 0xcc);
	assert_int_equal(kgdb_register_io_module(&fake_io), 0);
	reconnect();
	xchg("qTStatus", status("T0;tdisconnected:0", 1, 1, FRAME_WORD, BUF, 0, 1));
	xchg("QTDisconnected:0", "OK");
	resume("c");
	play();
	assert_int_not_equal(fake_mem[TP1], 0xcc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_supported_and_idle, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_collect_and_look, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_frame_without_registers, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_condition, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_pass_count, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_linear_full, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_circular, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_install_in_trace, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_with_breakpoint, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_step_from_a_tracepoint, setup_idle1,
						teardown),
		cmocka_unit_test_setup_teardown(test_with_kdb_breakpoint, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_kill_in_frame, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_odd_memory, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_limits, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_upload, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_notes, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_refused, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_detach_stops, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_disconnected, setup_idle1, teardown),
		cmocka_unit_test_setup_teardown(test_transport_gone, setup_idle1, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
