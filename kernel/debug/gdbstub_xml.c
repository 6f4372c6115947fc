// SPDX-License-Identifier: MIT
/*
 * XML documents gdb reads with qXfer (the target description, the thread
 * list), generated anew for each read and cut to the window of the
 * document that gdb asked for, straight into the reply.
 */

#include <kernel/string.h>
#include "rsp.h"

void xml_put(struct xml_window *w, const char *s, size_t len)
{
	size_t skip, n;

	if (w->pos + len > w->off && w->pos < w->end && !w->full) {
		skip = w->off > w->pos ? w->off - w->pos : 0;
		n = MIN(len - skip, w->end - (w->pos + skip));
		w->sent += tx_binary((const u8 *)s + skip, n);
		w->full = w->off + w->sent < w->pos + skip + n;
	}
	w->pos += len;
}

void xml_str(struct xml_window *w, const char *s)
{
	xml_put(w, s, strlen(s));
}

/* Character data and attribute values: what XML reserves, escaped. */
void xml_text(struct xml_window *w, const char *s)
{
	static const char reserved[] = "<>&\"'";
	static const char *const entity[] = { "&lt;", "&gt;", "&amp;", "&quot;", "&apos;" };
	const char *r;

	for (; *s; s++) {
		r = strchr(reserved, *s);
		if (r)
			xml_str(w, entity[r - reserved]);
		else
			xml_put(w, s, 1);
	}
}

/* name="value", with a space before it. */
void xml_attr(struct xml_window *w, const char *name, const char *value)
{
	xml_str(w, " ");
	xml_str(w, name);
	xml_str(w, "=\"");
	xml_text(w, value);
	xml_str(w, "\"");
}

bool xml_window_done(const struct xml_window *w)
{
	return w->off + w->sent >= w->pos;
}
