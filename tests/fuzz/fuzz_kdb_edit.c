// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness over kdb's line editor (kernel/debug/kdb/kdb_edit.c):
 * each input is bytes typed on the console, ended lines kept in the
 * history and a new line begun, as kdb's loop does. Besides the editor's
 * own bounds, what it echoes is played on a model of the terminal's row,
 * which must then show the line with the cursor at ->pos: the echo never
 * leaves the screen out of step with the buffer.
 */

#include <stdlib.h>
#include <string.h>
#include "../../kernel/debug/kdb/kdb.h"

/* The row: the longest line, and "^C" after it. */
static char screen[KDB_LINE_MAX + 2];
static size_t col;
static size_t used;	/* cells written since the row was blank */
static size_t echoed;	/* by the byte being fed */

static void echo(const char *s, size_t len)
{
	echoed += len;
	for (; len; len--, s++) {
		switch (*s) {
		case '\b':
			if (!col)
				abort();
			col--;
			break;
		case '\a':
			break;
		case '\r':
			col = 0;
			break;
		case '\n':
			memset(screen, ' ', used);
			used = 0;
			break;
		default:
			if ((u8)*s < 0x20 || (u8)*s > 0x7e || col >= sizeof(screen))
				abort();
			screen[col++] = *s;
			if (used < col)
				used = col;
		}
	}
}

static void check(const struct kdb_editor *e)
{
	size_t i;

	if (e->len >= KDB_LINE_MAX || e->pos > e->len || e->line[e->len] ||
	    strlen(e->line) != e->len)
		abort();
	if (e->hist_count > KDB_HISTORY || e->hist_next >= KDB_HISTORY ||
	    e->hist_back > e->hist_count || e->esc_len > sizeof(e->esc))
		abort();
	/* A keystroke redraws a line at most: back, blank, back, print the new one. */
	if (echoed > 4 * KDB_LINE_MAX)
		abort();
	if (col != e->pos || memcmp(screen, e->line, e->len))
		abort();
	for (i = e->len; i < used; i++)
		if (screen[i] != ' ')
			abort();
}

/* Every entry kept is a non-empty line, NUL-terminated in its slot. */
static void check_history(const struct kdb_editor *e)
{
	unsigned int i;
	const char *h;

	for (i = 0; i < e->hist_count; i++) {
		h = e->hist[(e->hist_next + KDB_HISTORY - 1 - i) % KDB_HISTORY];
		if (!h[0] || strnlen(h, KDB_LINE_MAX) == KDB_LINE_MAX)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	/* A new editor for every input: a finding replays alone. */
	static struct kdb_editor e;
	enum kdb_edit_event ev;
	size_t i;

	memset(&e, 0, sizeof(e));
	e.echo = echo;
	memset(screen, ' ', sizeof(screen));
	col = 0;
	used = 0;
	kdb_edit_start(&e);
	for (i = 0; i < size; i++) {
		echoed = 0;
		ev = kdb_edit_feed(&e, data[i]);
		if (ev != KDB_EDIT_MORE) {
			/* The line (or nothing, cancelled) as the loop takes it; the screen moved on. */
			if (strlen(e.line) != e.len || col || screen[0] != ' ')
				abort();
			if (ev == KDB_EDIT_CANCEL && e.len)
				abort();
			if (ev == KDB_EDIT_LINE)
				kdb_edit_remember(&e);
			check_history(&e);
			kdb_edit_start(&e);
		}
		check(&e);
	}
	return 0;
}
