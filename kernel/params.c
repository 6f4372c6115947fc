// SPDX-License-Identifier: MIT
/*
 * The kernel command line: split into words, each "name", "name=value" or
 * name="quoted value", and handed to the boot parameters that files declare
 * with early_param() / boot_param(). Bad input of any kind gets a warning
 * and is skipped; parsing always reaches the end of the line.
 */
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <kernel/errno.h>
#include <asm-generic/sections.h>

char boot_command_line[COMMAND_LINE_SIZE];

/* The longest "name=value" word accepted; longer ones are skipped. */
#define PARAM_MAX_LEN	256

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * Copy the word starting at @s into @word, without its quotes: a double
 * quote toggles quoting (spaces inside quotes belong to the word). Returns
 * the end of the word in @s, and the word's length or a negative errno in
 * @len.
 */
static const char *next_word(const char *s, char *word, int *len)
{
	bool quoted = false;
	int n = 0;

	for (; *s && (quoted || !is_space(*s)); s++) {
		if (*s == '"') {
			quoted = !quoted;
			continue;
		}
		if (n < PARAM_MAX_LEN)
			word[n] = *s;
		n++;
	}
	if (quoted)
		*len = -EINVAL;
	else if (n >= PARAM_MAX_LEN)
		*len = -E2BIG;
	else
		*len = n;
	word[n < PARAM_MAX_LEN ? n : PARAM_MAX_LEN - 1] = '\0';
	return s;
}

typedef int (*param_cb_t)(const char *name, const char *val, void *ctx);

/* The early pass is quiet about malformed words: the normal pass reports
 * them, once. */
static int walk_args(const char *cmdline, param_cb_t cb, void *ctx, bool warn)
{
	char word[PARAM_MAX_LEN + 1];
	int ret = 0;

	while (*cmdline) {
		char *eq;
		int len, err;

		if (is_space(*cmdline)) {
			cmdline++;
			continue;
		}
		cmdline = next_word(cmdline, word, &len);
		if (len < 0) {
			if (warn)
				pr_warn("params: %s parameter \"%.32s\" ignored\n",
					len == -E2BIG ? "overlong" : "unterminated quote in", word);
			err = len;
		} else if (word[0] == '=' || word[0] == '\0') {
			if (warn)
				pr_warn("params: malformed parameter \"%s\" ignored\n", word);
			err = -EINVAL;
		} else {
			eq = strchr(word, '=');
			if (eq)
				*eq++ = '\0';
			err = cb(word, eq, ctx);
		}
		if (err && !ret)
			ret = err;
	}
	return ret;
}

int parse_args(const char *cmdline, param_cb_t cb, void *ctx)
{
	return walk_args(cmdline, cb, ctx, true);
}

/* Parameter names match with '-' and '_' taken as the same character. */
static bool param_name_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a == '-' ? '_' : *a, y = *b == '-' ? '_' : *b;

		if (x != y)
			return false;
	}
	return *a == *b;
}

struct param_pass {
	const struct boot_param *start, *end;
	bool early;
};

static int do_param(const char *name, const char *val, void *ctx)
{
	const struct param_pass *pass = ctx;
	const struct boot_param *p;
	bool known = false;
	int ret = 0;

	for (p = pass->start; p < pass->end; p++) {
		int err;

		if (!param_name_eq(p->name, name))
			continue;
		known = true;
		if (p->early != pass->early)
			continue;
		err = p->setup(val);
		if (err) {
			pr_warn("params: bad value for \"%s\": \"%s\" (error %d), ignored\n",
				name, val ? val : "", err);
			if (!ret)
				ret = err;
		}
	}
	/* Unknown names are reported once, in the normal pass, when every
	 * parameter is known. */
	if (!known && !pass->early) {
		pr_warn("params: unknown parameter \"%s\" ignored\n", name);
		ret = -ENOENT;
	}
	return ret;
}

int parse_params(const char *cmdline, const struct boot_param *start,
		 const struct boot_param *end, bool early)
{
	struct param_pass pass = { start, end, early };

	return parse_args(cmdline, do_param, &pass);
}

void parse_early_params(void)
{
	struct param_pass pass = {
		(const struct boot_param *)__boot_params_start,
		(const struct boot_param *)__boot_params_end, true
	};

	walk_args(boot_command_line, do_param, &pass, false);
}

void parse_boot_params(void)
{
	parse_params(boot_command_line, (const struct boot_param *)__boot_params_start,
		     (const struct boot_param *)__boot_params_end, false);
}
