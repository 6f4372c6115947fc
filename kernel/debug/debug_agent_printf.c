// SPDX-License-Identifier: MIT
/*
 * The agent's printf (a dprintf's command): its format checked when the
 * expression is verified, and printed into a bounded buffer at a hit,
 * each conversion with the C type it names, as the kernel (the target)
 * has it, and %s read fault-safe.
 */

#include <kernel/string.h>
#include "agent.h"
#include "debug_internal.h"

/*
 * gdb sends the format as the user typed it between the quotes (its
 * parse_cmd_to_aexpr hands gen_printf the raw text) and gdbserver's
 * ax_printf parses it again, escapes and all (format_pieces): so do we.
 */
static int unescape(char c)
{
	static const char from[] = "\\abefnrtv\"", to[] = "\\\a\b\033\f\n\r\t\v\"";
	const char *p = strchr(from, c);

	return c && p ? to[p - from] : -1;
}

/* One conversion: only what the kernel's vsnprintf prints as C does. */
struct conv {
	const char *spec;	/* from its '%', @len chars */
	u8 len;
	char size;		/* the argument's C type: 'L' long long, 'l', 'z', 't', 'j' or int */
	char type;
	int prec;		/* -1: none */
};

#define AX_FIELD_MAX	999	/* a width or precision: the output is shorter anyway */
#define AX_SPEC_MAX	15	/* the text of a conversion, '%' to its type */

static const char *field(const char *f, int *v)
{
	for (*v = 0; *f >= '0' && *f <= '9'; f++) {
		*v = *v * 10 + (*f - '0');
		if (*v > AX_FIELD_MAX)
			return NULL;
	}
	return f;
}

/* The conversion at @f (its '%') into @c; where it ends, or NULL if refused. */
static const char *parse_conv(const char *f, struct conv *c)
{
	const char *lm;
	int width;

	c->spec = f++;
	while (*f && strchr("-+ #0", *f))
		f++;
	f = field(f, &width);
	c->prec = -1;
	if (f && *f == '.')
		f = field(f + 1, &c->prec);
	if (!f)
		return NULL;
	lm = f;
	if (*f && strchr("hlztj", *f))
		f += (*f == 'h' || *f == 'l') && f[1] == *f ? 2 : 1;
	c->size = f - lm == 2 && *lm == 'l' ? 'L' : f > lm ? *lm : 0;
	c->type = *f;
	c->len = (u8)MIN(f + 1 - c->spec, AX_SPEC_MAX + 1);
	/* No '*', %n, floating point or wide characters. */
	if (!*f || !strchr(f > lm ? "diuxXo" : "diuxXocsp", *f) || c->len > AX_SPEC_MAX)
		return NULL;
	return f + 1;
}

bool kgdb_ax_format_ok(const char *f, size_t len, unsigned int nargs)
{
	struct conv c;

	if (!len || strnlen(f, len) != len - 1)
		return false;
	while (*f) {
		if (*f == '\\' && unescape(f[1]) < 0)
			return false;
		if (*f == '\\' || (*f == '%' && f[1] == '%'))
			f += 2;
		else if (*f != '%')
			f++;
		else if (!(f = parse_conv(f, &c)) || !nargs--)
			return false;
	}
	return !nargs;
}

/* ---------------------------------------------------------------- printing */

/* Aligned chunks: a %s never reads into a page it does not need. */
#define AX_STR_CHUNK	32

/* The string at @addr, at most @max bytes of it, in @buf; "(efault)" if none is readable. */
static const char *read_str(u64 addr, size_t max, char *buf)
{
	size_t n = 0, chunk, got;

	if (!addr)
		return NULL;	/* "(null)", as gdbserver prints it */
	while (n < max) {
		chunk = MIN(max - n, AX_STR_CHUNK - ((addr + n) & (AX_STR_CHUNK - 1)));
		if (!kgdb_ax_addr_fits(addr + n) || kgdb_mem_read(buf + n, (uintptr_t)(addr + n), chunk)) {
			if (!n)
				return "(efault)";
			break;	/* what it has, up to the page it cannot read */
		}
		got = strnlen(buf + n, chunk);
		n += got;
		if (got < chunk)
			break;
	}
	buf[n] = '\0';
	return buf;
}

/* @v by conversion @c into @p (@room bytes, NUL included); the characters stored. */
static size_t put_conv(char *p, size_t room, const struct conv *c, u64 v)
{
	static char str[KGDB_AX_STR_MAX + 1];
	char spec[AX_SPEC_MAX + 1];
	bool sgn = c->type == 'd' || c->type == 'i';
	int n;

	memcpy(spec, c->spec, c->len);
	spec[c->len] = '\0';
	/* The value as the C type the conversion reads, as the kernel (the target) has it. */
#define PUT(type)	snprintf(p, room, spec, (type)v)
	if (c->type == 's')	/* no precision (-1) reads the most */
		n = snprintf(p, room, spec,
			     read_str(v, MIN((unsigned int)c->prec, KGDB_AX_STR_MAX), str));
	else if (c->type == 'p')
		n = snprintf(p, room, spec, (void *)(uintptr_t)v);
	else if (c->size == 'L')
		n = sgn ? PUT(long long) : PUT(unsigned long long);
	else if (c->size == 'l')
		n = sgn ? PUT(long) : PUT(unsigned long);
	else if (c->size == 'z')
		n = sgn ? PUT(long) : PUT(size_t);
	else if (c->size == 't')
		n = PUT(ptrdiff_t);
	else if (c->size == 'j')
		n = sgn ? PUT(intmax_t) : PUT(uintmax_t);
	else	/* hh, h and none read an int, as %c does */
		n = sgn || c->type == 'c' ? PUT(int) : PUT(unsigned int);
#undef PUT
	return MIN((size_t)n, room - 1);
}

/*
 * printf: gdb's gen_printf (ax-gdb.c) pushes the arguments last first,
 * then the channel, then the function (both 0 from parse_cmd_to_aexpr in
 * breakpoint.c); gdbserver's interpreter (ax.cc) pops the function, the
 * channel, then args[0], args[1]...: the first argument is the entry
 * nearest the top. @args is just above it: each conversion takes *--@args.
 */
void kgdb_ax_printf(const struct kgdb_ax_ctx *ctx, const char *f, const u64 *args)
{
	static char out[KGDB_AX_PRINT_MAX + 1];
	size_t n = 0;
	struct conv c;

	while (*f && n < KGDB_AX_PRINT_MAX) {
		if (*f == '\\') {
			out[n++] = (char)unescape(f[1]);
			f += 2;
		} else if (*f == '%' && f[1] == '%') {
			out[n++] = '%';
			f += 2;
		} else if (*f == '%') {
			f = parse_conv(f, &c);
			n += put_conv(out + n, sizeof(out) - n, &c, *--args);
		} else {
			out[n++] = *f++;
		}
	}
	ctx->print(ctx->priv, out, n);
}

