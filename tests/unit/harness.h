/* SPDX-License-Identifier: MIT */
#ifndef _TESTS_UNIT_HARNESS_H
#define _TESTS_UNIT_HARNESS_H

/* cmocka glue shared by the unit tests: sessions and byte-exact checks. */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/console.h>
#include <kernel/notifier.h>
#include <kernel/printk.h>
#include "fake.h"
#include "../../kernel/debug/rsp.h"

/* The qSupported reply of the full fake arch. */
#define FULL_FEATURES \
	"PacketSize=1000;binary-upload+;vContSupported+;swbreak+;ConditionalBreakpoints+;BreakpointCommands+;hwbreak+;qXfer:features:read+;qXfer:threads:read+;QStartNoAckMode+" \
	";ConditionalTracepoints+;TracepointSource+;DisconnectedTracing+;EnableDisableTracepoints+" \
	";InstallInTrace+;tracenz+;QTBuffer:size+;qXfer:traceframe-info:read+"

static inline void assert_output(void)
{
	size_t ol, el;
	const char *o = output_buf(&ol), *e = expected_buf(&el);

	if (ol != el || memcmp(o, e, ol)) {
		print_error("expected (%zu): %.*s\n", el, (int)el, e);
		print_error("got      (%zu): %.*s\n", ol, (int)ol, o);
		fail();
	}
	assert_true(script_done());
}

/* Fresh machine with @cpus CPUs and the fake transport registered. */
static inline void session_setup(unsigned int cpus)
{
	fake_reset(cpus);
	assert_int_equal(kgdb_register_io_module(&fake_io), 0);
}

static inline int setup1(void **state)
{
	session_setup(1);
	return 0;
}

static inline int setup2(void **state)
{
	session_setup(2);
	return 0;
}

static inline int setup3(void **state)
{
	session_setup(3);
	return 0;
}

/* Between hits that run on the stub looks for Ctrl-C: the line is idle. */
static inline int idle_line(void)
{
	return KGDB_NO_CHAR;
}

static inline void reset_idle(void)
{
	script_reset();
	fake_io_eof = idle_line;
}

static inline int setup_idle1(void **state)
{
	session_setup(1);
	fake_io_eof = idle_line;
	return 0;
}

static inline int setup_idle2(void **state)
{
	session_setup(2);
	fake_io_eof = idle_line;
	return 0;
}

static inline int teardown(void **state)
{
	unsigned int i;

	/* A CPU handed the debugger may still be on its way out. */
	for (i = 0; kgdb_active() && i < 100000; i++)
		sched_yield();
	kgdb_unregister_io_module(&fake_io);
	fake_cpus_stop();
	assert_int_equal(fake_missed_kicks, 0);
	return 0;
}

/* CPU 0 breaks in (kgdb_breakpoint()); the script runs, the output is checked. */
static inline void break_in(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
}

/* CPU 0 runs into the breakpoint at @addr. */
static inline int hit(uintptr_t addr)
{
	fake_regs[0].pc = addr + 1;
	return fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]);
}

/* gdb connects: its first '+', then qSupported. */
/* A hit that runs on: stepped past, the breakpoint back in, nothing sent. */
static inline void assert_runs_on(uintptr_t addr)
{
	size_t before, after;

	output_buf(&before);
	assert_int_equal(hit(addr), NOTIFY_STOP);
	output_buf(&after);
	assert_int_equal(after, before);
	assert_int_equal(fake_regs[0].pc, addr + FAKE_INSN_LEN);
	assert_int_equal(fake_regs[0].flags & FAKE_TF, 0);
	assert_int_equal(fake_mem[addr], 0xcc);
	assert_false(kgdb_active());
}

static inline void gdb_connect(void)
{
	script_str("+");
	xchg("qSupported:multiprocess+;swbreak+;hwbreak+;xmlRegisters=i386", FULL_FEATURES);
}

/* gdb lets the target run: the stub only acks. */
static inline void resume(const char *req)
{
	script_pkt(req);
	expect_str("+");
}

/* Little-endian hex of @v in @bytes bytes (target byte order). */
static inline const char *le_hex(u64 v, unsigned int bytes)
{
	static char bufs[8][40];
	static unsigned int n;
	char *b = bufs[n++ % 8];
	unsigned int i;

	for (i = 0; i < bytes; i++)
		sprintf(b + 2 * i, "%02x", (unsigned int)((v >> (8 * i)) & 0xff));
	return b;
}

/* The stop reply for @cpu stopped with @sig, @reason (may be ""), thread @tid. */
static inline const char *stop_reply(unsigned int cpu, int sig, const char *reason, long tid)
{
	static char buf[256];
	const struct pt_regs *r = &fake_regs[cpu];

	snprintf(buf, sizeof(buf), "T%02x%sthread:%lx;8:%s;9:%s;a:%s;", sig, reason, tid,
		 le_hex(r->pc, 8), le_hex(r->sp, 8), le_hex(r->fp, 8));
	return buf;
}

/*
 * CPU 0's step from the compiled-in breakpoint ends one instruction past
 * it: the stop reply gdb gets, and its ack.
 */
static inline void expect_step_end(void)
{
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1 + FAKE_INSN_LEN;
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
}

/* Hex of @n bytes at @p (one static buffer: use before the next call). */
static inline const char *hex_of(const void *p, size_t n)
{
	static char hexbuf[16384];
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(hexbuf + 2 * i, "%02x", ((const u8 *)p)[i]);
	hexbuf[2 * n] = '\0';
	return hexbuf;
}

static inline const char *hex_str(const char *s)
{
	return hex_of(s, strlen(s));
}

/* monitor @line: its @output as O packets, then @reply. */
static inline void rcmd(const char *line, const char *output, const char *reply)
{
	char req[512];
	size_t n = strlen(output), off;

	snprintf(req, sizeof(req), "qRcmd,%.500s", hex_str(line));
	script_pkt(req);
	script_str("+");
	expect_str("+");
	for (off = 0; off < n; off += (KGDB_PACKET_SIZE - 1) / 2) {
		char o[KGDB_PACKET_SIZE + 1];
		size_t k = n - off < (KGDB_PACKET_SIZE - 1) / 2 ? n - off : (KGDB_PACKET_SIZE - 1) / 2;

		o[0] = 'O';
		strcpy(o + 1, hex_of(output + off, k));
		expect_pkt(o);
		script_str("+");
	}
	expect_pkt(reply);
}

#endif
