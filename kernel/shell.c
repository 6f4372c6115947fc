// SPDX-License-Identifier: MIT
/*
 * A line-oriented shell on the console tty. Commands are a linker table
 * (SHELL_COMMAND); each prints through a printer, so that the debugger can
 * run the same commands and send their output elsewhere.
 */
#include <kernel/shell.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <kernel/tty.h>
#include <kernel/errno.h>
#include <asm-generic/sections.h>

#define SHELL_PROMPT	"kgdb-demo# "
#define SHELL_LINE_MAX	128

#define CH_CTRL_C	0x03
#define CH_BACKSPACE	0x08
#define CH_CTRL_U	0x15
#define CH_DEL		0x7f

#define cmd_first()	((const struct shell_command *)__shell_commands_start)
#define cmd_last()	((const struct shell_command *)__shell_commands_end)

int shell_run_line(struct printer *out, char *line)
{
	char *argv[SHELL_MAX_ARGS + 1];
	const struct shell_command *cmd;
	int argc = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (!*p)
			break;
		if (argc == SHELL_MAX_ARGS) {
			pprintf(out, "too many arguments (at most %d)\n", SHELL_MAX_ARGS - 1);
			return -E2BIG;
		}
		argv[argc++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	argv[argc] = NULL;
	if (argc == 0)
		return 0;
	for (cmd = cmd_first(); cmd < cmd_last(); cmd++)
		if (!strcmp(cmd->name, argv[0]))
			return cmd->run(out, argc, argv);
	pprintf(out, "%s: command not found (try 'help')\n", argv[0]);
	return -ENOENT;
}

static int cmd_help(struct printer *out, int argc, char **argv)
{
	const struct shell_command *cmd;

	for (cmd = cmd_first(); cmd < cmd_last(); cmd++)
		pprintf(out, "  %-10s %s\n", cmd->name, cmd->help);
	return 0;
}
SHELL_COMMAND(help, "list the commands", cmd_help);

struct tty_printer {
	struct printer p;
	struct tty *tty;
};

static void tty_printer_write(struct printer *p, const char *s, size_t len)
{
	struct tty *tty = container_of(p, struct tty_printer, p)->tty;

	tty->ops->write(tty, s, len);
}

/* Read a line with echo, backspace, ^U (erase line) and ^C (cancel). A CR,
 * an LF, or a CR LF pair ends it. */
static void read_line(struct printer *out, char *buf, size_t size)
{
	static bool after_cr;
	size_t len = 0;

	for (;;) {
		int c = tty_console_getc();

		if (c == '\n' && after_cr) {
			after_cr = false;
			continue;
		}
		after_cr = c == '\r';
		if (c == '\r' || c == '\n') {
			pprintf(out, "\n");
			break;
		}
		if (c == CH_BACKSPACE || c == CH_DEL) {
			if (len) {
				len--;
				pprintf(out, "\b \b");
			}
		} else if (c == CH_CTRL_U) {
			for (; len; len--)
				pprintf(out, "\b \b");
		} else if (c == CH_CTRL_C) {
			pprintf(out, "^C\n");
			len = 0;
			break;
		} else if (c >= 0x20 && c < 0x7f && len + 1 < size) {
			buf[len++] = (char)c;
			out->write(out, (const char *)&buf[len - 1], 1);
		}
	}
	buf[len] = '\0';
}

void shell_thread(void *arg)
{
	struct tty_printer out = { { tty_printer_write }, tty_console() };
	char line[SHELL_LINE_MAX];

	if (!out.tty) {
		pr_err("shell: no console tty\n");
		return;
	}
	pprintf(&out.p, "\nkgdb-demo shell on %s: type 'help' for commands\n", out.tty->name);
	for (;;) {
		pprintf(&out.p, SHELL_PROMPT);
		read_line(&out.p, line, sizeof(line));
		shell_run_line(&out.p, line);
	}
}
