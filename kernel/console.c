// SPDX-License-Identifier: MIT
/*
 * console=name[,options]: which ports become consoles. Drivers ask when
 * they register a port; the last console= names the shell's tty, as the
 * last one is /dev/console in Linux.
 */
#include <kernel/console.h>
#include <kernel/params.h>
#include <kernel/string.h>
#include <kernel/errno.h>

#define MAX_CMDLINE_CONSOLES	4

static struct {
	char name[16];
	char options[16];
} cmdline_consoles[MAX_CMDLINE_CONSOLES];
static int nr_cmdline_consoles;

static int setup_console(const char *val)
{
	const char *comma;
	size_t len;

	if (!val || !*val)
		return -EINVAL;
	if (nr_cmdline_consoles == MAX_CMDLINE_CONSOLES)
		return -ENOSPC;
	comma = strchr(val, ',');
	len = comma ? (size_t)(comma - val) : strlen(val);
	if (len == 0 || len >= sizeof(cmdline_consoles[0].name) ||
	    (comma && strlen(comma + 1) >= sizeof(cmdline_consoles[0].options)))
		return -EINVAL;
	memcpy(cmdline_consoles[nr_cmdline_consoles].name, val, len);
	cmdline_consoles[nr_cmdline_consoles].name[len] = '\0';
	strlcpy(cmdline_consoles[nr_cmdline_consoles].options, comma ? comma + 1 : "",
		sizeof(cmdline_consoles[0].options));
	nr_cmdline_consoles++;
	return 0;
}
boot_param("console", setup_console);

bool console_cmdline_match(const char *name, const char **options, bool *preferred)
{
	for (int i = nr_cmdline_consoles - 1; i >= 0; i--) {
		if (strcmp(cmdline_consoles[i].name, name))
			continue;
		if (options)
			*options = cmdline_consoles[i].options;
		if (preferred)
			*preferred = i == nr_cmdline_consoles - 1;
		return true;
	}
	return false;
}

bool console_cmdline_empty(void)
{
	return nr_cmdline_consoles == 0;
}
