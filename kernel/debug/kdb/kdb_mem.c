// SPDX-License-Identifier: MIT
/*
 * kdb's memory commands, printed as Linux's kdb prints them: md, mds and
 * mdr show memory, mm changes a word of it. Memory is read and written
 * through the core's fault-safe accessors; a word is assembled as the
 * CPU loads it, so a big-endian target shows its own order.
 *
 * mdWcN: commands are found by their exact name, and a name that is "md"
 * followed by a digit (md1, md4, md8c2, md4c10) is md's, run with argv[0]
 * as typed: md reads from it the width W of a word (1, 2, 4 or 8 bytes)
 * and, after a 'c', the number N of words to show.
 *
 * An empty line at kdb's prompt runs md, mds or mdr again with argv[0]
 * alone (no arguments), which goes on where the last one ended.
 */

#include <kernel/errno.h>
#include <kernel/kallsyms.h>
#include <kernel/string.h>
#include "kdb.h"

#define MD_USAGE	"<addr> [lines [radix]]"
#define MDS_USAGE	"<addr> [lines]"
#define MDR_USAGE	"<addr> <bytes>"
#define MM_USAGE	"<addr> <contents>"
#define MD_LINE		16	/* bytes a line shows */
#define ADDR_DIGITS	((int)(2 * sizeof(uintptr_t)))

/* What the last md, mds or mdr showed: where a repeat goes on, and how. */
static struct {
	bool valid;
	uintptr_t next;			/* where it ended */
	unsigned long width, radix;	/* md's */
	unsigned long words;		/* md's */
	unsigned long lines;		/* mds's */
	unsigned long bytes;		/* mdr's */
} last;

/* How a listing prints: words of @width bytes, @per_line to a line, in @radix. */
struct md_fmt {
	unsigned int width, per_line, radix;
	int digits;		/* of the widest word in @radix, which all are padded to */
	bool symbolic;		/* mds: a word that points into a function names it */
};

static int usage(struct printer *out, const char *name, const char *args)
{
	pprintf(out, "Usage: %s %s\n", name, args);
	return -EINVAL;
}

static int bad_address(struct printer *out, const char *what, uintptr_t addr)
{
	pprintf(out, "%s: Bad address 0x%lx\n", what, (unsigned long)addr);
	return -EFAULT;
}

/* Digits of the widest @width-byte word in @radix (no 64-bit division: 32-bit arches lack it). */
static int digits(unsigned int width, unsigned int radix)
{
	static const u8 decimal[9] = { [1] = 3, [2] = 5, [4] = 10, [8] = 20 };

	if (radix == 10)
		return decimal[width];
	return radix == 8 ? (int)(8 * width + 2) / 3 : (int)(2 * width);
}

/* How many of the @n words at @addr read, into @buf. */
static unsigned int md_read(u8 *buf, uintptr_t addr, unsigned int width, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (kgdb_mem_read(buf + i * width, addr + i * width, width))
			break;
	return i;
}

/* How many words from @addr on, up to @max, are zero. */
static unsigned long md_zeros(uintptr_t addr, unsigned int width, unsigned long max)
{
	u8 buf[sizeof(u64)];
	unsigned long n;

	for (n = 0; n < max; n++, addr += width)
		if (kgdb_mem_read(buf, addr, width) || kgdb_load(buf, width))
			break;
	return n;
}

static void md_word(struct printer *out, const struct md_fmt *f, u64 v)
{
	unsigned long long x = v;

	switch (f->radix) {
	case 8:
		pprintf(out, "%0*llo ", f->digits, x);
		break;
	case 10:
		pprintf(out, "%0*llu ", f->digits, x);
		break;
	default:
		pprintf(out, "%0*llx ", f->digits, x);
	}
}

/*
 * One line: the @n words of @buf, read at @addr, then the bytes as text
 * in the column a whole line's would start at; with @f->symbolic a word
 * in a function shows that function instead.
 */
static void md_line(struct printer *out, const struct md_fmt *f, uintptr_t addr, const u8 *buf,
		    unsigned int n)
{
	char text[MD_LINE + 1];
	const char *name;
	unsigned int i;
	uintptr_t off;
	u64 v = 0;

	pprintf(out, "0x%0*lx ", ADDR_DIGITS, (unsigned long)addr);
	for (i = 0; i < n; i++) {
		v = kgdb_load(buf + i * f->width, f->width);
		md_word(out, f, v);
	}
	name = f->symbolic ? kallsyms_lookup((uintptr_t)v, &off, NULL) : NULL;
	if (name) {
		pprintf(out, "%s", name);
		if (off)
			pprintf(out, "+0x%lx", (unsigned long)off);
		pprintf(out, "\n");
		return;
	}
	for (i = 0; i < n * f->width; i++)
		text[i] = buf[i] >= 0x20 && buf[i] < 0x7f ? (char)buf[i] : '.';
	text[i] = '\0';
	pprintf(out, "%*s %s\n", (int)((f->per_line - n) * (f->digits + 1) + 1), "", text);
}

/*
 * @words words from *@addr on, *@addr left where the listing stopped.
 * As in Linux's kdb, of three or more lines of zeros only the first and
 * the last are shown.
 */
static int md_show(struct printer *out, const struct md_fmt *f, uintptr_t *addr,
		   unsigned long words)
{
	u8 buf[MD_LINE];

	while (words && !kdb_interrupted()) {
		unsigned int n = MIN(f->per_line, words), got;
		unsigned long zero_lines, skip;

		zero_lines = (md_zeros(*addr, f->width, words) + f->per_line - 1) / f->per_line;
		got = md_read(buf, *addr, f->width, n);
		if (got)
			md_line(out, f, *addr, buf, got);
		*addr += got * f->width;
		if (got < n)
			return bad_address(out, "kdb_getarea", *addr);
		words -= n;
		if (zero_lines > 2) {
			skip = (zero_lines - 2) * f->per_line;
			pprintf(out, "0x%lx-0x%lx zero suppressed\n", (unsigned long)*addr,
				(unsigned long)(*addr + skip * f->width - 1));
			*addr += skip * f->width;
			words -= skip;
		}
	}
	return 0;
}

static bool valid_width(unsigned long w)
{
	return w == 1 || w == 2 || w == 4 || w == 8;
}

/*
 * md[W[cN]] [addr [lines [radix]]]: without an address it goes on from
 * the last listing, as wide and as long, unless the name says otherwise.
 */
static int kdb_md(struct printer *out, int argc, char **argv)
{
	unsigned long width = kdb_getenv_ulong("BYTESPERWORD", sizeof(long));
	unsigned long radix = kdb_getenv_ulong("RADIX", 16);
	unsigned long lines = kdb_getenv_ulong("MDCOUNT", 8);
	unsigned long words = 0;	/* 0: @lines' worth */
	const char *spec = argv[0] + 2;
	struct md_fmt f;
	uintptr_t addr = last.next;
	int err;

	if (argc == 1 && !last.valid)
		return usage(out, argv[0], MD_USAGE);
	/* After an mds or mdr alone there is no md format to keep: the defaults go on. */
	if (argc == 1 && last.width) {
		width = last.width;
		radix = last.radix;
		words = last.words;
	}
	if (spec[0]) {
		width = (unsigned long)(spec[0] - '0');
		words = 0;
		if (spec[1] == 'c' ? kdb_parse_ulong(spec + 2, &words) || !words : spec[1] != '\0') {
			pprintf(out, "%s: not mdWcN (W: 1, 2, 4 or 8 bytes a word, N: words)\n",
				argv[0]);
			return -EINVAL;
		}
	}
	if (argc > 4 || (argc > 1 && kdb_parse_addr(argv[1], &addr)) ||
	    (argc > 2 && kdb_parse_ulong(argv[2], &lines)) ||
	    (argc > 3 && kdb_parse_ulong(argv[3], &radix)))
		return usage(out, argv[0], MD_USAGE);
	if (argc > 2)
		words = 0;
	if (!valid_width(width)) {
		pprintf(out, "%s: a word is 1, 2, 4 or 8 bytes, not %lu\n", argv[0], width);
		return -EINVAL;
	}
	if (radix != 8 && radix != 10 && radix != 16) {
		pprintf(out, "%s: the radix is 8, 10 or 16, not %lu\n", argv[0], radix);
		return -EINVAL;
	}
	f = (struct md_fmt){ .width = width, .per_line = MD_LINE / width, .radix = radix,
			     .digits = digits(width, radix) };
	if (!words) {
		if (lines > ~0UL / f.per_line)
			return usage(out, argv[0], MD_USAGE);
		words = lines * f.per_line;
	}
	addr &= ~(uintptr_t)(width - 1);
	last.valid = true;
	last.width = width;
	last.radix = radix;
	last.words = words;
	err = md_show(out, &f, &addr, words);
	last.next = addr;
	return err;
}

/* mds [addr [lines]]: a word a line, and the function it points into. */
static int kdb_mds(struct printer *out, int argc, char **argv)
{
	unsigned long lines = kdb_getenv_ulong("MDCOUNT", 8);
	struct md_fmt f = { .width = sizeof(long), .per_line = 1, .radix = 16,
			    .digits = 2 * sizeof(long), .symbolic = true };
	uintptr_t addr = last.next;
	int err;

	if (argc == 1) {
		if (!last.valid)
			return usage(out, argv[0], MDS_USAGE);
		if (last.lines)
			lines = last.lines;
	}
	if (argc > 3 || (argc > 1 && kdb_parse_addr(argv[1], &addr)) ||
	    (argc > 2 && kdb_parse_ulong(argv[2], &lines)))
		return usage(out, argv[0], MDS_USAGE);
	addr &= ~(uintptr_t)(sizeof(long) - 1);
	last.valid = true;
	last.lines = lines;
	err = md_show(out, &f, &addr, lines);
	last.next = addr;
	return err;
}

/* mdr [addr bytes]: the bytes in hex, on one line, nothing else. */
static int kdb_mdr(struct printer *out, int argc, char **argv)
{
	unsigned long bytes = last.bytes;
	uintptr_t addr = last.next, start;
	char hex[2 * MD_LINE + 1];
	u8 buf[MD_LINE];
	unsigned int n = 0, got = 0;

	if (argc == 1 ? !last.valid || !bytes :
	    argc != 3 || kdb_parse_addr(argv[1], &addr) || kdb_parse_ulong(argv[2], &bytes))
		return usage(out, argv[0], MDR_USAGE);
	last.valid = true;
	last.bytes = bytes;
	for (start = addr; bytes && !kdb_interrupted(); bytes -= n) {
		n = MIN(MD_LINE, bytes);
		got = md_read(buf, addr, 1, n);
		*bin2hex(hex, buf, got) = '\0';
		pprintf(out, "%s", hex);
		addr += got;
		if (got < n)
			break;
	}
	last.next = addr;
	if (got == n || addr != start)
		pprintf(out, "\n");
	return got == n ? 0 : bad_address(out, "kdb_getarea", addr);
}

/* mm addr contents: one word, as wide as a long. */
static int kdb_mm(struct printer *out, int argc, char **argv)
{
	uintptr_t addr, contents;
	unsigned long v;

	if (argc != 3 || kdb_parse_addr(argv[1], &addr) || kdb_parse_addr(argv[2], &contents))
		return usage(out, argv[0], MM_USAGE);
	v = contents;
	if (kgdb_mem_write(addr, &v, sizeof(v)))
		return bad_address(out, "kdb_putarea", addr);
	pprintf(out, "0x%lx = 0x%lx\n", (unsigned long)addr, v);
	return 0;
}

KGDB_COMMAND(md, MD_USAGE, "Display memory (mdWcN: N words of W bytes, e.g. md8c1)", kdb_md,
	     KGDB_CMD_MEM_READ, KGDB_CMD_REPEAT);
KGDB_COMMAND(mds, MDS_USAGE, "Display memory a word a line, with symbols", kdb_mds,
	     KGDB_CMD_MEM_READ, KGDB_CMD_REPEAT);
KGDB_COMMAND(mdr, MDR_USAGE, "Display raw memory in hex", kdb_mdr, KGDB_CMD_MEM_READ,
	     KGDB_CMD_REPEAT);
KGDB_COMMAND(mm, MM_USAGE, "Modify a word of memory", kdb_mm, KGDB_CMD_MEM_WRITE, 0);
