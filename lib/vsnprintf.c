// SPDX-License-Identifier: MIT
/*
 * vsnprintf() for the kernel: the integer, string, character and pointer
 * conversions with flags, width and precision. No floating point, no %n.
 * Returns the length the full output would have (C99), always terminating
 * the buffer when @size is nonzero.
 */
#include <kernel/string.h>

#define FL_LEFT		0x01	/* '-' */
#define FL_ZERO		0x02	/* '0' */
#define FL_PLUS		0x04	/* '+' */
#define FL_SPACE	0x08	/* ' ' */
#define FL_ALT		0x10	/* '#' */
#define FL_UPPER	0x20	/* %X */
#define FL_SIGNED	0x40
#define FL_PTR		0x80	/* %p: always "0x" */

struct out {
	char *buf;
	size_t size;
	size_t len;	/* characters produced so far, stored or not */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void pad(struct out *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

static void put_str(struct out *o, const char *s, int width, int prec, unsigned int fl)
{
	int len;

	if (!s)
		s = "(null)";
	len = (int)strnlen(s, prec < 0 ? (size_t)-1 : (size_t)prec);
	if (!(fl & FL_LEFT))
		pad(o, ' ', width - len);
	for (int i = 0; i < len; i++)
		put(o, s[i]);
	if (fl & FL_LEFT)
		pad(o, ' ', width - len);
}

/*
 * *@n /= @base, returning the remainder. 32-bit CPUs have no 64-bit divide
 * (gcc would call libgcc, which the kernel does not link), so a value wider
 * than a long is divided in 32- and 16-bit pieces; @base <= 16 keeps every
 * partial dividend within 32 bits.
 */
static unsigned int div_base(unsigned long long *n, unsigned int base)
{
	u32 hi, lo, qhi, qmid, qlo, r;

	if (*n <= (unsigned long)-1) {
		unsigned long v = (unsigned long)*n;

		*n = v / base;
		return (unsigned int)(v % base);
	}
	hi = (u32)(*n >> 32);
	lo = (u32)*n;
	qhi = hi / base;
	r = hi % base;
	qmid = ((r << 16) | (lo >> 16)) / base;
	r = ((r << 16) | (lo >> 16)) % base;
	qlo = ((r << 16) | (lo & 0xffff)) / base;
	r = ((r << 16) | (lo & 0xffff)) % base;
	*n = ((unsigned long long)qhi << 32) | ((unsigned long long)qmid << 16) | qlo;
	return r;
}

static void put_num(struct out *o, unsigned long long val, bool neg, unsigned int base,
		    int width, int prec, unsigned int fl)
{
	const char *digits = (fl & FL_UPPER) ? hex_asc_upper : hex_asc;
	char tmp[24];	/* 2^64 in octal has 22 digits */
	const char *prefix = "";
	int n = 0, ndigits, zeros, plen;
	bool nonzero = val != 0;

	while (val)
		tmp[n++] = digits[div_base(&val, base)];
	/* "%.0d" of zero prints nothing, as in C. */
	if (n == 0 && prec != 0)
		tmp[n++] = '0';
	ndigits = n;

	if (neg)
		prefix = "-";
	else if ((fl & FL_PLUS) && (fl & FL_SIGNED))
		prefix = "+";
	else if ((fl & FL_SPACE) && (fl & FL_SIGNED))
		prefix = " ";
	else if (((fl & FL_ALT) && base == 16 && nonzero) || (fl & FL_PTR))
		prefix = (fl & FL_UPPER) ? "0X" : "0x";
	else if ((fl & FL_ALT) && base == 8 && nonzero && prec <= n)
		prefix = "0";
	plen = (int)strlen(prefix);

	zeros = prec > n ? prec - n : 0;
	/* The '0' flag pads with zeros up to the width, unless a precision
	 * is given or the output is left-aligned. */
	if ((fl & FL_ZERO) && !(fl & FL_LEFT) && prec < 0 && width > plen + n)
		zeros = width - plen - n;

	if (!(fl & FL_LEFT))
		pad(o, ' ', width - plen - zeros - n);
	while (*prefix)
		put(o, *prefix++);
	pad(o, '0', zeros);
	while (n)
		put(o, tmp[--n]);
	if (fl & FL_LEFT)
		pad(o, ' ', width - plen - zeros - ndigits);
}

/* Length modifiers, from "hh" to "ll". */
enum len_mod { LEN_HH, LEN_H, LEN_INT, LEN_L, LEN_LL, LEN_Z, LEN_T, LEN_J };

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };

	for (; *fmt; fmt++) {
		unsigned int fl = 0, base = 10;
		int width = -1, prec = -1;
		enum len_mod lm = LEN_INT;
		unsigned long long uval;
		long long sval;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '-')
				fl |= FL_LEFT;
			else if (*fmt == '0')
				fl |= FL_ZERO;
			else if (*fmt == '+')
				fl |= FL_PLUS;
			else if (*fmt == ' ')
				fl |= FL_SPACE;
			else if (*fmt == '#')
				fl |= FL_ALT;
			else
				break;
		}
		if (*fmt == '*') {
			width = va_arg(ap, int);
			if (width < 0) {
				fl |= FL_LEFT;
				width = -width;
			}
			fmt++;
		} else {
			for (width = 0; *fmt >= '0' && *fmt <= '9'; fmt++)
				width = width * 10 + (*fmt - '0');
		}
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*') {
				prec = va_arg(ap, int);
				fmt++;
			} else {
				for (prec = 0; *fmt >= '0' && *fmt <= '9'; fmt++)
					prec = prec * 10 + (*fmt - '0');
			}
		}
		switch (*fmt) {
		case 'h':
			lm = fmt[1] == 'h' ? LEN_HH : LEN_H;
			fmt += lm == LEN_HH ? 2 : 1;
			break;
		case 'l':
			lm = fmt[1] == 'l' ? LEN_LL : LEN_L;
			fmt += lm == LEN_LL ? 2 : 1;
			break;
		case 'z':
			lm = LEN_Z;
			fmt++;
			break;
		case 't':
			lm = LEN_T;
			fmt++;
			break;
		case 'j':
			lm = LEN_J;
			fmt++;
			break;
		}

		switch (*fmt) {
		case 'c':
			if (!(fl & FL_LEFT))
				pad(&o, ' ', width - 1);
			put(&o, (char)va_arg(ap, int));
			if (fl & FL_LEFT)
				pad(&o, ' ', width - 1);
			continue;
		case 's':
			put_str(&o, va_arg(ap, const char *), width, prec, fl);
			continue;
		case 'p':
			uval = (uintptr_t)va_arg(ap, void *);
			put_num(&o, uval, false, 16, width, prec, fl | FL_PTR);
			continue;
		case '%':
			put(&o, '%');
			continue;
		case 'd':
		case 'i':
			fl |= FL_SIGNED;
			break;
		case 'u':
			break;
		case 'x':
			base = 16;
			break;
		case 'X':
			base = 16;
			fl |= FL_UPPER;
			break;
		case 'o':
			base = 8;
			break;
		case '\0':
			/* A lone '%' at the end: print it and stop. */
			put(&o, '%');
			fmt--;
			continue;
		default:
			/* Unknown conversion: show it rather than guess. */
			put(&o, '%');
			put(&o, *fmt);
			continue;
		}

		if (fl & FL_SIGNED) {
			switch (lm) {
			case LEN_HH: sval = (signed char)va_arg(ap, int); break;
			case LEN_H: sval = (short)va_arg(ap, int); break;
			case LEN_L: sval = va_arg(ap, long); break;
			case LEN_LL: sval = va_arg(ap, long long); break;
			case LEN_Z: sval = va_arg(ap, long); break;	/* ssize_t */
			case LEN_T: sval = va_arg(ap, ptrdiff_t); break;
			case LEN_J: sval = va_arg(ap, intmax_t); break;
			default: sval = va_arg(ap, int); break;
			}
			uval = sval < 0 ? -(unsigned long long)sval : (unsigned long long)sval;
			put_num(&o, uval, sval < 0, base, width, prec, fl);
		} else {
			switch (lm) {
			case LEN_HH: uval = (unsigned char)va_arg(ap, unsigned int); break;
			case LEN_H: uval = (unsigned short)va_arg(ap, unsigned int); break;
			case LEN_L: uval = va_arg(ap, unsigned long); break;
			case LEN_LL: uval = va_arg(ap, unsigned long long); break;
			case LEN_Z: uval = va_arg(ap, size_t); break;
			case LEN_T: uval = (unsigned long long)va_arg(ap, ptrdiff_t); break;
			case LEN_J: uval = va_arg(ap, uintmax_t); break;
			default: uval = va_arg(ap, unsigned int); break;
			}
			put_num(&o, uval, false, base, width, prec, fl);
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
