// SPDX-License-Identifier: MIT
/*
 * kdb's environment: named settings that commands read (MDCOUNT, RADIX,
 * BYTESPERWORD, LINES, BTAPROMPT), shown by env and changed by set, as
 * Linux's kdb has them. A fixed table: no allocation.
 */

#include <kernel/errno.h>
#include <kernel/string.h>
#include "kdb.h"

#define ENV_SLOTS	24
#define ENV_NAME	16
#define ENV_VALUE	64

struct env_var {
	char name[ENV_NAME];
	char value[ENV_VALUE];
};

static struct env_var env[ENV_SLOTS] = {
	{ "MDCOUNT", "8" },
	{ "RADIX", "16" },
	{ "LINES", "24" },
	{ "BTAPROMPT", "1" },
};

static struct env_var *env_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ENV_SLOTS; i++)
		if (env[i].name[0] && !strcmp(env[i].name, name))
			return &env[i];
	return NULL;
}

const char *kdb_getenv(const char *name)
{
	struct env_var *v = env_find(name);

	return v ? v->value : NULL;
}

unsigned long kdb_getenv_ulong(const char *name, unsigned long dflt)
{
	const char *s = kdb_getenv(name);
	unsigned long v;

	return s && !kdb_parse_ulong(s, &v) ? v : dflt;
}

static int env_set(struct printer *out, const char *name, const char *value)
{
	struct env_var *v = env_find(name);
	unsigned int i;

	if (strlen(name) >= ENV_NAME || strlen(value) >= ENV_VALUE) {
		pprintf(out, "set: name or value too long\n");
		return -E2BIG;
	}
	for (i = 0; !v && i < ENV_SLOTS; i++)
		if (!env[i].name[0])
			v = &env[i];
	if (!v) {
		pprintf(out, "set: environment full\n");
		return -ENOSPC;
	}
	strlcpy(v->name, name, ENV_NAME);
	strlcpy(v->value, value, ENV_VALUE);
	return 0;
}

static int kdb_env_cmd(struct printer *out, int argc, char **argv)
{
	unsigned int i;

	for (i = 0; i < ENV_SLOTS; i++)
		if (env[i].name[0])
			pprintf(out, "%s=%s\n", env[i].name, env[i].value);
	return 0;
}

/* set NAME=value, or set NAME value */
static int kdb_set_cmd(struct printer *out, int argc, char **argv)
{
	char *eq;

	if (argc == 2 && (eq = strchr(argv[1], '=')) && eq != argv[1]) {
		*eq = '\0';
		return env_set(out, argv[1], eq + 1);
	}
	if (argc == 3)
		return env_set(out, argv[1], argv[2]);
	pprintf(out, "usage: set NAME=value\n");
	return -EINVAL;
}

KGDB_COMMAND(env, "", "show kdb's environment", kdb_env_cmd, KGDB_CMD_SAFE, KGDB_CMD_KDB_ONLY);
KGDB_COMMAND(set, "NAME=value", "set a variable of kdb's environment", kdb_set_cmd, KGDB_CMD_SAFE,
	     KGDB_CMD_KDB_ONLY);
