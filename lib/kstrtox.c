// SPDX-License-Identifier: MIT
/* Strict string-to-number conversion for parameters and shell arguments. */
#include <kernel/string.h>
#include <kernel/errno.h>

/* The base to use and where the digits start, following the C rules for
 * base 0 (0x -> 16, 0 -> 8, else 10); base 16 also accepts a 0x prefix. */
static const char *parse_base(const char *s, unsigned int *base)
{
	bool has_0x = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
		      hex_to_bin(s[2]) >= 0;

	if (*base == 0) {
		if (has_0x)
			*base = 16;
		else if (s[0] == '0' && s[1])
			*base = 8;
		else
			*base = 10;
	}
	if (*base == 16 && has_0x)
		s += 2;
	return s;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long val = 0;
	const char *p;

	if (!s || base == 1 || base > 16)
		return -EINVAL;
	if (*s == '+')
		s++;
	p = s = parse_base(s, &base);
	for (; *p; p++) {
		int d = hex_to_bin(*p);

		if (d < 0 || (unsigned int)d >= base)
			break;
		if (val > (~0UL - (unsigned int)d) / base)
			return -ERANGE;
		val = val * base + (unsigned int)d;
	}
	/* At least one digit, and nothing after the digits but one newline
	 * (what "echo" leaves behind). */
	if (p == s || (*p && !(p[0] == '\n' && !p[1])))
		return -EINVAL;
	*res = val;
	return 0;
}

int kstrtol(const char *s, unsigned int base, long *res)
{
	unsigned long val;
	int ret;

	if (s && *s == '-') {
		if (s[1] == '+')
			return -EINVAL;
		ret = kstrtoul(s + 1, base, &val);
		if (ret)
			return ret;
		if (val > (unsigned long)__LONG_MAX__ + 1)
			return -ERANGE;
		*res = val > (unsigned long)__LONG_MAX__ ? -__LONG_MAX__ - 1 : -(long)val;
		return 0;
	}
	ret = kstrtoul(s, base, &val);
	if (ret)
		return ret;
	if (val > (unsigned long)__LONG_MAX__)
		return -ERANGE;
	*res = (long)val;
	return 0;
}
