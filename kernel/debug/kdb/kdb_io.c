// SPDX-License-Identifier: MIT
/*
 * kdb's input and output: bytes from the kgdboc line; text to the line and
 * to the console when that is another tty (never twice on one), through
 * "| grep" and the pager. Polled, no lock: the other CPUs are held.
 */

#include <kernel/jiffies.h>
#include <kernel/string.h>
#include <kernel/tty.h>
#include "kdb.h"

#define GREP_MAX	256	/* a line grep looks at; the rest of a longer one is dropped */
#define POLL_US		50

static struct {
	unsigned int lines;		/* lines out since the last page */
	bool at_line_start;
	bool quit;			/* q at more>: drop the rest */
	bool paged;			/* a person reads it: more> after a page */
	bool grep;
	char pattern[64];
	bool anchor_start, anchor_end;
	char buf[GREP_MAX];
	size_t len;
} out;

int kdb_getc(void)
{
	return kgdb_io_getc();
}

int kdb_getc_within(unsigned int ms)
{
	unsigned long waited;
	int c;

	for (waited = 0; (c = kgdb_io_read_char()) == KGDB_NO_CHAR &&
	     waited < ms * 1000UL; waited += POLL_US)
		udelay(POLL_US);
	return c;
}

/* The console's tty, when kdb's line is not the console itself. */
static struct tty *other_console(void)
{
	struct tty *con = tty_console();

	return kgdb_io_ops->is_console || !con || !con->ops->poll_put_char ? NULL : con;
}

void kdb_write(const char *s, size_t len)
{
	struct tty *con = other_console();
	size_t i;

	for (i = 0; i < len; i++) {
		/* A terminal needs CR LF; text carries LF. */
		if (s[i] == '\n') {
			kgdb_io_ops->write_char('\r');
			if (con)
				con->ops->poll_put_char(con, '\r');
		}
		kgdb_io_ops->write_char((u8)s[i]);
		if (con)
			con->ops->poll_put_char(con, s[i]);
	}
	if (kgdb_io_ops->flush)
		kgdb_io_ops->flush();
}

void kdb_puts(const char *s)
{
	kdb_write(s, strlen(s));
}

/* more>: space a page, enter a line, q the rest away. */
static void page_wait(void)
{
	unsigned long page = kdb_getenv_ulong("LINES", 24);
	int c;

	kdb_puts("more> ");
	c = kdb_getc();
	/* The LF of a CRLF is part of the same key. */
	if (c == '\r')
		kdb_getc_within(20);
	kdb_puts("\r      \r");
	/* A gdb's packet is no key: the listing ends and the prompt hands it on. */
	if (c == '$')
		kgdb_io_replay("$", 1);
	if (c == 'q' || c == 'Q' || c == 3 || c == '$')
		out.quit = true;
	else if (c == '\r' || c == '\n')
		out.lines = page > 1 ? page - 2 : 0;
	else
		out.lines = 0;
}

/* Text that passed grep: counted in lines, paged. */
static void paged_write(const char *s, size_t len)
{
	unsigned long page = kdb_getenv_ulong("LINES", 24);
	size_t i, start = 0;

	for (i = 0; i < len && !out.quit; i++) {
		if (out.paged && out.at_line_start && page > 1 && out.lines >= page - 1) {
			kdb_write(s + start, i - start);
			start = i;
			page_wait();
			if (out.quit)
				return;
		}
		out.at_line_start = s[i] == '\n';
		if (out.at_line_start)
			out.lines++;
	}
	kdb_write(s + start, i - start);
}

static bool grep_matches(const char *line, size_t len)
{
	size_t plen = strlen(out.pattern), i;

	if (plen > len)
		return false;
	if (out.anchor_start)
		return !memcmp(line, out.pattern, plen) && (!out.anchor_end || plen == len);
	if (out.anchor_end)
		return !memcmp(line + len - plen, out.pattern, plen);
	for (i = 0; i + plen <= len; i++)
		if (!memcmp(line + i, out.pattern, plen))
			return true;
	return false;
}

static void grep_line_end(void)
{
	size_t len = out.len;

	if (len && out.buf[len - 1] == '\n')
		len--;
	if (grep_matches(out.buf, len))
		paged_write(out.buf, out.len);
	out.len = 0;
}

static void kdb_printer_write(struct printer *p, const char *s, size_t len)
{
	size_t i;

	if (out.quit)
		return;
	if (!out.grep) {
		paged_write(s, len);
		return;
	}
	for (i = 0; i < len; i++) {
		if (out.len < GREP_MAX - 1)
			out.buf[out.len++] = s[i];
		if (s[i] == '\n') {
			if (out.len == GREP_MAX - 1)
				out.buf[out.len - 1] = '\n';
			grep_line_end();
		}
	}
}

struct printer kdb_printer = { .write = kdb_printer_write };

bool kdb_interrupted(void)
{
	return out.quit;
}

void kdb_output_begin(const char *grep, bool paged)
{
	size_t len;

	out.paged = paged;
	out.lines = 0;
	out.at_line_start = true;
	out.quit = false;
	out.len = 0;
	out.grep = grep != NULL;
	if (!grep)
		return;
	out.anchor_start = grep[0] == '^';
	if (out.anchor_start)
		grep++;
	strlcpy(out.pattern, grep, sizeof(out.pattern));
	len = strlen(out.pattern);
	out.anchor_end = len && out.pattern[len - 1] == '$';
	if (out.anchor_end)
		out.pattern[len - 1] = '\0';
}

void kdb_output_end(void)
{
	if (out.grep && out.len) {
		out.buf[out.len++] = '\n';
		grep_line_end();
	}
	out.grep = false;
	/* gdb's monitor runs the same commands: they must not find kdb's quit. */
	out.quit = false;
}
