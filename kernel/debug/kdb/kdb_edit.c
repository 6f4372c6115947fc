// SPDX-License-Identifier: MIT
/*
 * kdb's line editor: the bytes a person types at a VT100 on the serial
 * line, made into a command line. A pure state machine over struct
 * kdb_editor, so that the host tests and fuzzes it as it is: no I/O but
 * the echo callback, and every index kept inside its buffer whatever
 * arrives (Linux's kdb overflowed its own, CVE-2024-39480).
 *
 * The screen is driven with printable bytes, "\b" and spaces only, which
 * any terminal takes: the cursor on screen is always at ->pos.
 */

#include <kernel/types.h>
#include <kernel/string.h>
#include "kdb.h"

#define CTRL(x)		((x) & 0x1f)
#define ESC		0x1b
#define DEL		0x7f
#define BEL		0x07

static bool printable(u8 c)
{
	return c >= 0x20 && c < DEL;
}

static void out(struct kdb_editor *e, const char *s, size_t len)
{
	if (e->echo && len)
		e->echo(s, len);
}

/* @n times byte @c, a chunk at a time: no call per byte, no big buffer. */
static void out_repeat(struct kdb_editor *e, char c, size_t n)
{
	char buf[16];
	size_t chunk;

	memset(buf, c, sizeof(buf));
	while (n) {
		chunk = n < sizeof(buf) ? n : sizeof(buf);
		out(e, buf, chunk);
		n -= chunk;
	}
}

/* Redraw from the cursor to the end, blank @gone cells the line lost, and come back. */
static void redraw_tail(struct kdb_editor *e, size_t gone)
{
	out(e, e->line + e->pos, e->len - e->pos);
	out_repeat(e, ' ', gone);
	out_repeat(e, '\b', e->len - e->pos + gone);
}

static void insert(struct kdb_editor *e, u8 c)
{
	/* Full: the NUL keeps the last cell. */
	if (e->len >= KDB_LINE_MAX - 1) {
		out(e, "\a", 1);
		return;
	}
	memmove(e->line + e->pos + 1, e->line + e->pos, e->len - e->pos);
	e->line[e->pos] = c;
	e->line[++e->len] = '\0';
	out(e, e->line + e->pos, 1);
	e->pos++;
	if (e->pos < e->len)
		redraw_tail(e, 0);
}

/* The character under the cursor goes; the cursor stays. */
static void delete(struct kdb_editor *e)
{
	if (e->pos == e->len)
		return;
	memmove(e->line + e->pos, e->line + e->pos + 1, e->len - e->pos);
	e->len--;
	redraw_tail(e, 1);
}

static void backspace(struct kdb_editor *e)
{
	if (!e->pos)
		return;
	e->pos--;
	out(e, "\b", 1);
	delete(e);
}

static void home(struct kdb_editor *e)
{
	out_repeat(e, '\b', e->pos);
	e->pos = 0;
}

static void end(struct kdb_editor *e)
{
	out(e, e->line + e->pos, e->len - e->pos);
	e->pos = e->len;
}

/* From the cursor to the end, on screen and in the line. */
static void kill_tail(struct kdb_editor *e)
{
	size_t gone = e->len - e->pos;

	e->len = e->pos;
	e->line[e->len] = '\0';
	redraw_tail(e, gone);
}

static void kill_line(struct kdb_editor *e)
{
	home(e);
	kill_tail(e);
}

/* The line becomes @s (a history entry or the saved new line), cursor at its end. */
static void replace(struct kdb_editor *e, const char *s)
{
	kill_line(e);
	e->len = strnlen(s, KDB_LINE_MAX - 1);
	memcpy(e->line, s, e->len);
	e->line[e->len] = '\0';
	end(e);
}

/* The entry @back lines up (1: the newest). */
static const char *hist_entry(struct kdb_editor *e, unsigned int back)
{
	return e->hist[(e->hist_next + KDB_HISTORY - back) % KDB_HISTORY];
}

static void hist_prev(struct kdb_editor *e)
{
	if (e->hist_back >= e->hist_count) {
		out(e, "\a", 1);
		return;
	}
	/* Leaving the new line: kept for coming back down. */
	if (!e->hist_back)
		memcpy(e->saved, e->line, e->len + 1);
	e->hist_back++;
	replace(e, hist_entry(e, e->hist_back));
}

static void hist_next(struct kdb_editor *e)
{
	if (!e->hist_back) {
		out(e, "\a", 1);
		return;
	}
	e->hist_back--;
	replace(e, e->hist_back ? hist_entry(e, e->hist_back) : e->saved);
}

/*
 * Tab: the word before the cursor completed as far as every name it may
 * be agrees; a second Tab where they part lists them and draws the line
 * again below.
 */
static void complete(struct kdb_editor *e, bool again)
{
	char add[KDB_LINE_MAX];
	size_t start = e->pos, i;
	unsigned int n;

	if (!e->complete)
		return;
	add[0] = '\0';
	while (start && e->line[start - 1] != ' ')
		start--;
	n = e->complete(e->line + start, e->pos - start, add, sizeof(add), false);
	for (i = 0; add[i] && n; i++)
		insert(e, (u8)add[i]);
	if (n == 1 && e->pos == e->len)
		insert(e, ' ');
	if (n <= 1 || add[0] || !again) {
		if (!n || (n > 1 && !add[0]))
			out(e, "\a", 1);
		return;
	}
	out(e, "\r\n", 2);
	e->complete(e->line + start, e->pos - start, add, sizeof(add), true);
	if (e->prompt)
		out(e, e->prompt, strlen(e->prompt));
	out(e, e->line, e->len);
	out_repeat(e, '\b', e->len - e->pos);
}

/* An editing key (a control byte, or what an escape sequence stands for). */
static void edit_key(struct kdb_editor *e, u8 c)
{
	switch (c) {
	case '\b':
	case DEL:
		backspace(e);
		break;
	case CTRL('A'):
		home(e);
		break;
	case CTRL('E'):
		end(e);
		break;
	case CTRL('B'):
		if (e->pos) {
			out(e, "\b", 1);
			e->pos--;
		}
		break;
	case CTRL('F'):
		if (e->pos < e->len)
			out(e, e->line + e->pos++, 1);
		break;
	case CTRL('D'):
		delete(e);
		break;
	case CTRL('K'):
		kill_tail(e);
		break;
	case CTRL('U'):
		kill_line(e);
		break;
	case CTRL('P'):
		hist_prev(e);
		break;
	case CTRL('N'):
		hist_next(e);
		break;
	}
}

/* The key a complete sequence stands for, 0 for one not known. */
static u8 esc_key(const struct kdb_editor *e, u8 final)
{
	static const char keys[] = "ABCDHF";
	static const u8 ctrl[] = {
		CTRL('P'), CTRL('N'), CTRL('F'), CTRL('B'), CTRL('A'), CTRL('E')
	};
	const char *k;

	/* ESC [ x and ESC O x: the arrows, home and end. */
	if (e->esc_len == 2) {
		k = strchr(keys, final);
		return k ? ctrl[k - keys] : 0;
	}
	/* ESC [ n ~: home, delete and end (1, 3, 4; rxvt's 7 and 8). */
	if (e->esc_len == 3 && e->esc[1] == '[' && final == '~') {
		switch (e->esc[2]) {
		case '1':
		case '7':
			return CTRL('A');
		case '3':
			return CTRL('D');
		case '4':
		case '8':
			return CTRL('E');
		}
	}
	return 0;
}

/*
 * @c inside an escape sequence: -1 if it cannot continue it (the
 * sequence is dropped, @c is left to the caller), else the key of the
 * sequence it completed, or 0 (not complete yet, or not known: dropped).
 */
static int esc_feed(struct kdb_editor *e, u8 c)
{
	u8 key;

	if (!printable(c) || (e->esc_len == 1 && c != '[' && c != 'O')) {
		e->esc_len = 0;
		return -1;
	}
	/* The introducer, then a CSI's parameters and intermediates (0x20-0x3f). */
	if (e->esc_len == 1 || (e->esc[1] == '[' && c < 0x40)) {
		/* Too long for the buffer is no known key: the rest is only waited out. */
		if (e->esc_len < sizeof(e->esc))
			e->esc[e->esc_len++] = c;
		return 0;
	}
	key = esc_key(e, c);
	e->esc_len = 0;
	return key;
}

void kdb_edit_start(struct kdb_editor *e)
{
	/* ->after_cr stays: this line's first byte may be the last one's LF. */
	e->line[0] = '\0';
	e->len = 0;
	e->pos = 0;
	e->hist_back = 0;
	e->esc_len = 0;
}

enum kdb_edit_event kdb_edit_feed(struct kdb_editor *e, u8 c)
{
	bool lf_of_crlf = e->after_cr && c == '\n', tab_again = e->after_tab;
	int key;

	e->after_cr = false;
	e->after_tab = c == '\t';
	if (lf_of_crlf)
		return KDB_EDIT_MORE;
	if (e->esc_len) {
		key = esc_feed(e, c);
		if (key > 0)
			edit_key(e, key);
		/* What ends a sequence by not fitting it is dropped, but for a control byte. */
		if (key >= 0 || printable(c))
			return KDB_EDIT_MORE;
	}
	if (printable(c)) {
		insert(e, c);
		return KDB_EDIT_MORE;
	}
	switch (c) {
	case '\r':
		e->after_cr = true;
		out(e, "\r\n", 2);
		return KDB_EDIT_LINE;
	case '\n':
		out(e, "\r\n", 2);
		return KDB_EDIT_LINE;
	case CTRL('C'):
		out(e, "^C\r\n", 4);
		kdb_edit_start(e);
		return KDB_EDIT_CANCEL;
	case ESC:
		e->esc[0] = c;
		e->esc_len = 1;
		return KDB_EDIT_MORE;
	case '\t':
		complete(e, tab_again);
		return KDB_EDIT_MORE;
	}
	edit_key(e, c);
	return KDB_EDIT_MORE;
}

void kdb_edit_remember(struct kdb_editor *e)
{
	size_t len = strnlen(e->line, KDB_LINE_MAX - 1);

	if (!e->hist || !len || (e->hist_count && !strcmp(hist_entry(e, 1), e->line)))
		return;
	memcpy(e->hist[e->hist_next], e->line, len);
	e->hist[e->hist_next][len] = '\0';
	e->hist_next = (e->hist_next + 1) % KDB_HISTORY;
	if (e->hist_count < KDB_HISTORY)
		e->hist_count++;
}
