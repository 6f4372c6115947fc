// SPDX-License-Identifier: MIT
/*
 * kernel/debug/kdb/kdb_edit.c: kdb's line editor, byte by byte as typed
 * on a VT100, with what it echoes: editing keys, CR/LF/CRLF, escape
 * sequences good and bad, history, and lines too long for the buffer.
 */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../../kernel/debug/kdb/kdb.h"

static struct kdb_editor ed;
static char hist[KDB_HISTORY][KDB_LINE_MAX];
static char echoed[16384];
static size_t echoed_len;

static void echo(const char *s, size_t len)
{
	assert_true(len > 0);
	assert_true(echoed_len + len <= sizeof(echoed));
	memcpy(echoed + echoed_len, s, len);
	echoed_len += len;
}

static int setup(void **state)
{
	memset(&ed, 0, sizeof(ed));
	ed.hist = hist;
	ed.echo = echo;
	kdb_edit_start(&ed);
	echoed_len = 0;
	return 0;
}

/* @s typed; the event of its last byte (every one before it: MORE). */
static enum kdb_edit_event type_n(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++)
		assert_int_equal(kdb_edit_feed(&ed, (u8)s[i]), KDB_EDIT_MORE);
	return kdb_edit_feed(&ed, (u8)s[i]);
}

static enum kdb_edit_event type(const char *s)
{
	return type_n(s, strlen(s));
}

/* What was echoed since the last check is @s; forgotten after. */
static void assert_echo(const char *s)
{
	size_t n = strlen(s);

	if (echoed_len != n || memcmp(echoed, s, n))
		fail_msg("echoed \"%.*s\" (%zu), not \"%s\" (%zu)", (int)echoed_len, echoed,
			 echoed_len, s, n);
	echoed_len = 0;
}

/* The line is @s with the cursor at @pos, NUL-terminated at its end. */
static void assert_line(const char *s, size_t pos)
{
	assert_string_equal(ed.line, s);
	assert_int_equal(ed.len, strlen(s));
	assert_int_equal(ed.pos, pos);
}

/* @s, typed on a new line and ended with CR, goes into the history. */
static void enter(const char *s)
{
	kdb_edit_start(&ed);
	if (*s)
		assert_int_equal(type(s), KDB_EDIT_MORE);
	assert_int_equal(type("\r"), KDB_EDIT_LINE);
	kdb_edit_remember(&ed);
	echoed_len = 0;
}

static void test_typing(void **state)
{
	assert_int_equal(type("ls -l"), KDB_EDIT_MORE);
	assert_echo("ls -l");
	assert_line("ls -l", 5);
	assert_int_equal(type("\r"), KDB_EDIT_LINE);
	assert_echo("\r\n");
	assert_line("ls -l", 5);
}

static void test_insert_middle(void **state)
{
	type("ac");
	assert_echo("ac");
	/* Ctrl-B back over "c": "b" goes in before it, the tail is redrawn. */
	type("\x02" "b");
	assert_echo("\b" "bc\b");
	assert_line("abc", 2);
	/* At the start, with two characters to redraw. */
	type("\x01" "X");
	assert_echo("\b\b" "Xabc\b\b\b");
	assert_line("Xabc", 1);
	/* Ctrl-E, Ctrl-F at the end (nothing), then typing goes on at the end. */
	type("\x05\x06" "d");
	assert_echo("abc" "d");
	assert_line("Xabcd", 5);
}

static void test_backspace(void **state)
{
	/* At the start of the line: nothing to delete, nothing echoed. */
	type("\b");
	type("\x7f");
	assert_echo("");
	assert_line("", 0);
	type("abc\b");
	assert_echo("abc" "\b \b");
	assert_line("ab", 2);
	type("\x7f");
	assert_echo("\b \b");
	assert_line("a", 1);
	/* In the middle: the tail moves left over a blank. */
	type("bcd\x02\x02\b");
	assert_echo("bcd" "\b\b" "\b" "cd \b\b\b");
	assert_line("acd", 1);
	/* Then at the start again. */
	type("\b\b");
	assert_echo("\b" "cd \b\b\b");
	assert_line("cd", 0);
}

static void test_delete_and_kill(void **state)
{
	type("abcdef\x01\x06");
	echoed_len = 0;
	/* Ctrl-D: the character under the cursor. */
	type("\x04");
	assert_echo("cdef \b\b\b\b\b");
	assert_line("acdef", 1);
	/* Ctrl-K: from the cursor on. */
	type("\x06\x0b");
	assert_echo("c" "   \b\b\b");
	assert_line("ac", 2);
	/* At the end both do nothing. */
	type("\x04\x0b");
	assert_echo("");
	assert_line("ac", 2);
	/* Ctrl-U from the middle: back to the start, blank it all, back again. */
	type("\x02\x15");
	assert_echo("\b" "\b" "  \b\b");
	assert_line("", 0);
	type("\x15\x04\x0b\x02\x06");
	assert_echo("");
	type("x\r");
	assert_line("x", 1);
}

static void test_cancel(void **state)
{
	type("abc\x02");
	echoed_len = 0;
	assert_int_equal(type("\x03"), KDB_EDIT_CANCEL);
	assert_echo("^C\r\n");
	assert_line("", 0);
	kdb_edit_start(&ed);
	assert_int_equal(type("x\r"), KDB_EDIT_LINE);
	assert_line("x", 1);
	/* On an empty line too. */
	kdb_edit_start(&ed);
	assert_int_equal(type("\x03"), KDB_EDIT_CANCEL);
	assert_line("", 0);
}

/* Each of @in's lines, as the console loop takes them: the events in order. */
static void assert_lines(const char *in, const char *const *lines, size_t n)
{
	size_t got = 0;
	enum kdb_edit_event ev;

	setup(NULL);
	for (; *in; in++) {
		ev = kdb_edit_feed(&ed, (u8)*in);
		if (ev == KDB_EDIT_MORE)
			continue;
		assert_int_equal(ev, KDB_EDIT_LINE);
		assert_true(got < n);
		assert_string_equal(ed.line, lines[got++]);
		kdb_edit_start(&ed);
	}
	assert_int_equal(got, n);
}

static void test_line_ends(void **state)
{
	static const char *const two[] = { "a", "b" };
	static const char *const mixed[] = { "a", "b", "c", "d", "", "e", "" };
	static const char *const lfcr[] = { "", "" };

	assert_lines("a\r\nb\r\n", two, 2);
	assert_lines("a\rb\r", two, 2);
	assert_lines("a\nb\n", two, 2);
	assert_lines("a\rb\nc\r\nd\n\re\r\r\n", mixed, 7);
	assert_lines("\n\r", lfcr, 2);
	/* The LF of a CRLF echoes nothing; one after anything else is a line. */
	setup(NULL);
	assert_int_equal(type("a\r"), KDB_EDIT_LINE);
	assert_echo("a\r\n");
	kdb_edit_start(&ed);
	assert_int_equal(type("\n"), KDB_EDIT_MORE);
	assert_echo("");
	assert_int_equal(type("\n"), KDB_EDIT_LINE);
	assert_echo("\r\n");
	/* A CR then another byte: the LF after that is a line of its own. */
	kdb_edit_start(&ed);
	assert_int_equal(type("\r"), KDB_EDIT_LINE);
	kdb_edit_start(&ed);
	assert_int_equal(type("x\n"), KDB_EDIT_LINE);
	assert_line("x", 1);
}

static void test_overlong(void **state)
{
	char in[1000], want[KDB_LINE_MAX];
	size_t i;

	for (i = 0; i < sizeof(in); i++)
		in[i] = 'a' + i % 26;
	assert_int_equal(type_n(in, sizeof(in)), KDB_EDIT_MORE);
	memcpy(want, in, KDB_LINE_MAX - 1);
	want[KDB_LINE_MAX - 1] = '\0';
	assert_line(want, KDB_LINE_MAX - 1);
	/* What fitted was echoed, then a bell for each byte refused. */
	assert_int_equal(echoed_len, sizeof(in));
	assert_memory_equal(echoed, in, KDB_LINE_MAX - 1);
	for (i = KDB_LINE_MAX - 1; i < sizeof(in); i++)
		assert_int_equal(echoed[i], '\a');
	/* Full in the middle too: refused, the line unchanged. */
	type("\x01");
	echoed_len = 0;
	type("\x06Z");
	assert_echo("a" "\a");
	assert_line(want, 1);
	/* Room again after a delete. */
	type("\x04Z");
	assert_line(ed.line, 2);
	assert_int_equal(ed.line[1], 'Z');
	assert_int_equal(ed.len, KDB_LINE_MAX - 1);
	assert_int_equal(type("\r"), KDB_EDIT_LINE);
	assert_int_equal(strlen(ed.line), KDB_LINE_MAX - 1);
	kdb_edit_remember(&ed);
	assert_string_equal(ed.hist[0], ed.line);
}

static void test_history(void **state)
{
	char cmd[16];
	int i;

	/* Empty lines and repeats of the newest are not kept. */
	enter("");
	assert_int_equal(ed.hist_count, 0);
	for (i = 0; i < 40; i++) {
		snprintf(cmd, sizeof(cmd), "cmd%d", i);
		enter(cmd);
		enter(cmd);
	}
	enter("");
	assert_int_equal(ed.hist_count, KDB_HISTORY);
	kdb_edit_start(&ed);
	type("ab");
	echoed_len = 0;
	/* Up: the new line is erased and the newest printed, the cursor at its end. */
	type("\x10");
	assert_echo("\b\b" "  \b\b" "cmd39");
	assert_line("cmd39", 5);
	/* Back to the oldest kept: cmd8, the 8 before it were dropped. */
	for (i = 38; i >= 8; i--) {
		type("\x10");
		snprintf(cmd, sizeof(cmd), "cmd%d", i);
		assert_line(cmd, strlen(cmd));
	}
	echoed_len = 0;
	type("\x10");
	assert_echo("\a");
	assert_line("cmd8", 4);
	/* Down: newer, then the line that was being typed, then nothing. */
	for (i = 9; i <= 39; i++) {
		type("\x0e");
		snprintf(cmd, sizeof(cmd), "cmd%d", i);
		assert_line(cmd, strlen(cmd));
	}
	type("\x0e");
	assert_line("ab", 2);
	echoed_len = 0;
	type("\x0e");
	assert_echo("\a");
	assert_line("ab", 2);
	/* A recalled line is edited as any other, and goes in as a new entry. */
	type("\x10\b\b" "40\r");
	assert_line("cmd40", 5);
	kdb_edit_remember(&ed);
	kdb_edit_start(&ed);
	type("\x10");
	assert_line("cmd40", 5);
	type("\x10");
	assert_line("cmd39", 5);
}

static void test_history_empty(void **state)
{
	type("x");
	echoed_len = 0;
	type("\x10\x0e\x1b[A\x1b[B");
	assert_echo("\a\a\a\a");
	assert_line("x", 1);
}

/* Without memory for the history (kdb's boot), lines are not kept. */
static void test_history_none(void **state)
{
	ed.hist = NULL;
	enter("one");
	assert_int_equal(ed.hist_count, 0);
	kdb_edit_start(&ed);
	echoed_len = 0;
	type("\x10");
	assert_echo("\a");
}

static void test_escapes(void **state)
{
	enter("one");
	enter("two");
	kdb_edit_start(&ed);
	type("new");
	echoed_len = 0;
	type("\x1b[A");
	assert_echo("\b\b\b   \b\b\b" "two");
	type("\x1bOA");
	assert_line("one", 3);
	type("\x1b[B");
	assert_line("two", 3);
	type("\x1bOB");
	assert_line("new", 3);
	echoed_len = 0;
	/* Left, right and the home/end forms. */
	type("\x1b[D\x1b[DX");
	assert_echo("\b\b" "Xew\b\b");
	assert_line("nXew", 2);
	type("\x1b[C\x1bOC");
	assert_line("nXew", 4);
	type("\x1b[H");
	assert_line("nXew", 0);
	type("\x1b[F");
	assert_line("nXew", 4);
	type("\x1bOH");
	assert_line("nXew", 0);
	type("\x1bOF");
	assert_line("nXew", 4);
	type("\x1b[1~");
	assert_line("nXew", 0);
	type("\x1b[4~");
	assert_line("nXew", 4);
	type("\x1b[7~\x1bOD\x1b[8~\x1b[D\x1b[D");
	assert_line("nXew", 2);
	echoed_len = 0;
	/* Delete: under the cursor. */
	type("\x1b[3~");
	assert_echo("w \b\b");
	assert_line("nXw", 2);
}

static void test_bad_escapes(void **state)
{
	type("ab");
	echoed_len = 0;
	/* Known in form, not in meaning; too long; an Alt-key: all dropped whole. */
	type("\x1b[2~\x1b[1;5C\x1b[5D\x1b[12345678901234567890A\x1bOZ\x1bO1\x1b[~");
	type("\x1bx\x1b\x1b[");
	type("[");
	type("\x1b[?25h");
	assert_echo("");
	assert_line("ab", 2);
	/* A control byte ends the sequence and does its own work. */
	type("\x1b[1\x7f");
	assert_echo("\b \b");
	assert_line("a", 1);
	type("\x1b[\x02");
	assert_line("a", 0);
	/* Bytes not ASCII end it too, and are ignored as always. */
	type("\x1b[\xc3\xa9" "b");
	assert_line("ba", 1);
	type("\x1b\x1b[C");
	assert_line("ba", 2);
	assert_int_equal(type("\x1b[\x03"), KDB_EDIT_CANCEL);
	kdb_edit_start(&ed);
	type("c\x1bO");
	assert_int_equal(type("\r"), KDB_EDIT_LINE);
	assert_line("c", 1);
	/* ... and the line after starts clean. */
	kdb_edit_start(&ed);
	type("d");
	assert_line("d", 1);
	type("\x1b");
	assert_int_equal(type("\n"), KDB_EDIT_LINE);
	assert_line("d", 1);
}

static void test_other_controls(void **state)
{
	static const u8 ignored[] = { 0, '\t', 0x07, 0x0c, 0x12, 0x1f, 0x80, 0x9b, 0xff };
	size_t i;

	type("ab");
	echoed_len = 0;
	for (i = 0; i < sizeof(ignored); i++)
		assert_int_equal(kdb_edit_feed(&ed, ignored[i]), KDB_EDIT_MORE);
	assert_echo("");
	assert_line("ab", 2);
}

static void test_no_echo(void **state)
{
	ed.echo = NULL;
	type("abc\x02\x02X\b\x15xyz\x10\x1b[D\x04");
	assert_line("xy", 2);
	assert_int_equal(type("\x03"), KDB_EDIT_CANCEL);
	assert_int_equal(echoed_len, 0);
}

/* A symbol table of three names for Tab. */
static const char *const names[] = { "cmd_help", "cmd_uptime", "jiffies" };

static unsigned int fake_complete(const char *word, size_t len, char *add, size_t room, bool list)
{
	size_t common = 0, i;
	unsigned int n = 0, k;

	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		if (strncmp(names[k], word, len))
			continue;
		if (list)
			echo(names[k], strlen(names[k])), echo("\n", 1);
		if (!n++) {
			common = strlen(names[k] + len);
			assert_true(common < room);
			memcpy(add, names[k] + len, common);
		}
		for (i = 0; i < common && names[k][len + i] == add[i]; i++)
			;
		common = i;
	}
	add[common] = '\0';
	return n;
}

static void test_tab_completes(void **state)
{
	ed.complete = fake_complete;
	ed.prompt = "> ";
	/* One name: completed, and a space after it. */
	type("md j\t");
	assert_line("md jiffies ", 11);
	assert_echo("md jiffies ");
	kdb_edit_start(&ed);
	/* Two: what they share; a second Tab lists them and draws the line again. */
	type("cm\t");
	assert_line("cmd_", 4);
	assert_echo("cmd_");
	type("\t");
	assert_echo("\r\ncmd_help\ncmd_uptime\n> cmd_");
	assert_line("cmd_", 4);
	/* Nothing they share past the word: a bell first. */
	type("x\x7f\t");
	assert_echo("x\b \b\a");
	type("\t");
	assert_echo("\r\ncmd_help\ncmd_uptime\n> cmd_");
	/* None: a bell, nothing else. */
	type("zz\t");
	assert_echo("zz\a");
	assert_line("cmd_zz", 6);
	/* In the middle of a line: the word before the cursor, the rest redrawn. */
	kdb_edit_start(&ed);
	type("bp cmd_u rest\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D");
	assert_line("bp cmd_u rest", 8);
	echoed_len = 0;
	type("\t");
	assert_line("bp cmd_uptime rest", 13);
	/* Without a completer Tab does nothing. */
	ed.complete = NULL;
	type("\t");
	assert_line("bp cmd_uptime rest", 13);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_typing, setup),
		cmocka_unit_test_setup(test_insert_middle, setup),
		cmocka_unit_test_setup(test_backspace, setup),
		cmocka_unit_test_setup(test_delete_and_kill, setup),
		cmocka_unit_test_setup(test_cancel, setup),
		cmocka_unit_test_setup(test_line_ends, setup),
		cmocka_unit_test_setup(test_overlong, setup),
		cmocka_unit_test_setup(test_history, setup),
		cmocka_unit_test_setup(test_history_empty, setup),
		cmocka_unit_test_setup(test_history_none, setup),
		cmocka_unit_test_setup(test_escapes, setup),
		cmocka_unit_test_setup(test_bad_escapes, setup),
		cmocka_unit_test_setup(test_other_controls, setup),
		cmocka_unit_test_setup(test_no_echo, setup),
		cmocka_unit_test_setup(test_tab_completes, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
