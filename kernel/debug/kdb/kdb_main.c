// SPDX-License-Identifier: MIT
/*
 * kdb, the front end typed at: on every entry with no gdb attached, a
 * banner and a "[cpu]kdb> " prompt on the kgdboc line, Linux's kdb's
 * commands (the command table gdb's monitor runs too), and the line handed
 * to gdb when a valid gdb packet arrives (its checksum checked, so noise
 * is not taken for one) or "kgdb" is typed; gdb's detach hands it back.
 * Scripts run on entry (kdb.on_panic, kdb.on_oops, kdb.on_break).
 */

#include <kernel/errno.h>
#include <kernel/kallsyms.h>
#include <kernel/params.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <asm/ptrace.h>
#include "kdb.h"

#define SCRIPT_MAX	256
#define PACKET_MAX	1024	/* a gdb packet read at the prompt (a first one is short) */
/*
 * A '$' typed by hand and nothing after it. Longer than gdb's own 2 s ack
 * timeout: a first packet that a loaded host delivers with a pause inside
 * is still read whole (or gdb's copy of it starts over), where giving up
 * would echo its tail as typing, whose '+' gdb takes for its ack.
 */
#define PACKET_WAIT_MS	3000
#define ACK_WAIT_MS	50	/* gdb's packet after its ack */

struct kdb_state kdb;

static struct kdb_editor editor;
static char cmd_line[KDB_LINE_MAX];
static const struct kgdb_monitor_cmd *last_cmd;	/* an empty line repeats it if it may */
static bool stepped;		/* ss asked for the stop that comes next */
static bool hinted;
static char on_panic[SCRIPT_MAX], on_oops[SCRIPT_MAX], on_break[SCRIPT_MAX];

static int script_setup(char *script, const char *val)
{
	if (!val || strlen(val) >= SCRIPT_MAX)
		return -EINVAL;
	strlcpy(script, val, SCRIPT_MAX);
	return 0;
}

static int on_panic_setup(const char *val)
{
	return script_setup(on_panic, val);
}
boot_param("kdb.on_panic", on_panic_setup);

static int on_oops_setup(const char *val)
{
	return script_setup(on_oops, val);
}
boot_param("kdb.on_oops", on_oops_setup);

static int on_break_setup(const char *val)
{
	return script_setup(on_break, val);
}
boot_param("kdb.on_break", on_break_setup);

int kdb_select_cpu(unsigned int cpu)
{
	if (cpu >= NR_CPUS || !cpu_online(cpu) || !kgdb_cpus[cpu].regs)
		return -EINVAL;
	kdb.cpu = cpu;
	kdb.regs = kgdb_cpus[cpu].regs;
	kdb.task = kgdb_cpus[cpu].task;
	kdb.thread = (struct kgdb_thread){ .cpu = (int)cpu };
	return 0;
}

void kdb_select_task(struct task *t)
{
	if (t->on_cpu >= 0 && kgdb_cpus[t->on_cpu].task == t && !kdb_select_cpu(t->on_cpu))
		return;
	kdb.task = t;
	kdb.regs = NULL;
	kdb.thread = (struct kgdb_thread){ .cpu = -1, .task = t };
}

static void kdb_echo(const char *s, size_t len)
{
	kdb_write(s, len);
}

#define COMPLETE_LIST_MAX	64	/* names a second Tab lists */

/* Tab: symbol names from the kernel's table (kdb_editor.complete). */
static unsigned int complete_symbol(const char *word, size_t len, char *add, size_t room,
				   bool list)
{
	const char *name;
	unsigned int pos = 0, n = 0;
	size_t common = 0, i;

	while ((name = kallsyms_next_prefixed(word, len, &pos))) {
		if (list && n < COMPLETE_LIST_MAX) {
			kdb_puts(name);
			kdb_puts("\n");
		}
		if (!n++) {
			common = strnlen(name + len, room - 1);
			memcpy(add, name + len, common);
		}
		for (i = 0; i < common && name[len + i] == add[i]; i++)
			;
		common = i;
	}
	if (list && n > COMPLETE_LIST_MAX) {
		char more[32];
		int m = snprintf(more, sizeof(more), "... and %u more\n", n - COMPLETE_LIST_MAX);

		kdb_write(more, (size_t)m);
	}
	add[common] = '\0';
	return n;
}

/* ---------------------------------------------------------------- gdb on the same line */

/* What followed a '$' at the prompt. */
enum after_dollar { PACKET_HANDED, PACKET_DROPPED, DOLLAR_TYPED };

static char pkt[PACKET_MAX];
static size_t pkt_len;

/*
 * After a '$': the rest of a gdb packet, read without echo. A whole one
 * with the right checksum is handed on to gdb; a wrong checksum is
 * NAKed, as gdb expects, and gdb sends it again; anything else was not a
 * packet and is dropped. A control character before the '#' (Enter,
 * a backspace, an escape sequence), which no first packet of gdb's
 * holds, says a person typed the '$' (a grep anchor): what came is
 * theirs, pkt[] (DOLLAR_TYPED).
 */
static enum after_dollar take_packet(void)
{
	size_t body_len, end;
	const u8 *body;
	int c, digits = -1;	/* checksum digits still to come, -1: before '#' */

	pkt[0] = '$';
	pkt_len = 1;
	while (digits) {
		c = kdb_getc_within(PACKET_WAIT_MS);
		if (c == KGDB_NO_CHAR || pkt_len >= PACKET_MAX - 1)
			return PACKET_DROPPED;
		if (c == '$' && digits < 0) {
			pkt_len = 1;
			continue;
		}
		pkt[pkt_len++] = (char)c;
		if (digits < 0 && (c < ' ' || c == 0x7f))
			return DOLLAR_TYPED;
		digits = digits > 0 ? digits - 1 : c == '#' ? 2 : -1;
	}
	if (hex_to_bin(pkt[pkt_len - 2]) < 0 || hex_to_bin(pkt[pkt_len - 1]) < 0)
		return PACKET_DROPPED;
	if (gdb_frame_scan((const u8 *)pkt, pkt_len, &body, &body_len, &end) != KGDB_FRAME_OK) {
		kgdb_io_ops->write_char('-');
		if (kgdb_io_ops->flush)
			kgdb_io_ops->flush();
		return PACKET_DROPPED;
	}
	return kgdb_io_replay(pkt, pkt_len) ? PACKET_DROPPED : PACKET_HANDED;
}

static void to_gdb(struct kgdb_resume *res)
{
	res->action = KGDB_HANDOVER;
	res->to = kgdb_frontend_find("gdb");
}

/* ---------------------------------------------------------------- commands */

/* "cmd args | grep pattern": the pattern, the line cut before the bar; -EINVAL if malformed. */
static int split_grep(char *line, const char **pattern)
{
	char *bar = strchr(line, '|'), *p;

	*pattern = NULL;
	if (!bar)
		return 0;
	*bar = '\0';
	for (p = bar + 1; *p == ' '; p++)
		;
	if (strncmp(p, "grep", 4) || p[4] != ' ')
		return -EINVAL;
	for (p += 5; *p == ' '; p++)
		;
	*pattern = p;
	for (; *p && *p != ' '; p++)
		;
	if (*p)
		*p++ = '\0';
	while (*p == ' ')
		p++;
	return **pattern && !*p ? 0 : -EINVAL;
}

/* A word that is no command: a number or symbol is evaluated, as Linux's kdb does. */
static void evaluate(const char *word)
{
	uintptr_t v;

	if (kdb_parse_addr(word, &v)) {
		pprintf(&kdb_printer, "Unknown kdb command: '%s'\n", word);
		return;
	}
	/* Symbols are memory read's, as kdb.cmd_enable has it. */
	if (!kgdb_command_may(KGDB_CMD_MEM_READ)) {
		pprintf(&kdb_printer, "%s: Permission denied\n", word);
		return;
	}
	pprintf(&kdb_printer, "%s = 0x%0*lx", word, (int)(2 * sizeof(long)), (unsigned long)v);
	kdb_print_symbol(&kdb_printer, v);
	pprintf(&kdb_printer, "\n");
}

/* Run one command line; a KGDB_CMD_* flow request, or 0. @person: page the output. */
static int run_line(const char *text, bool person)
{
	char *argv[KGDB_MONITOR_MAX_ARGS];
	const struct kgdb_monitor_cmd *c;
	const char *grep;
	int argc, ret;

	strlcpy(cmd_line, text, sizeof(cmd_line));
	if (split_grep(cmd_line, &grep)) {
		kdb_puts("kdb: only '| grep [^]pattern[$]' may follow a command\n");
		return 0;
	}
	argc = kgdb_command_split(cmd_line, argv);
	if (argc < 0) {
		kdb_puts("kdb: too many arguments\n");
		return 0;
	}
	if (!argc) {
		if (!last_cmd || !(last_cmd->flags & KGDB_CMD_REPEAT))
			return 0;
		argv[0] = (char *)last_cmd->name;
		argc = 1;
	}
	kdb_output_begin(grep, person);
	c = kgdb_command_find(argv[0], true);
	last_cmd = c;
	ret = 0;
	if (!strcmp(argv[0], "help") || !strcmp(argv[0], "?"))
		kgdb_command_help(&kdb_printer, true);
	else if (!c && argc == 1)
		evaluate(argv[0]);
	else if (!c)
		pprintf(&kdb_printer, "Unknown kdb command: '%s'\n", argv[0]);
	else if (!kgdb_command_allowed(&kdb_printer, c))
		ret = c->run(&kdb_printer, argc, argv);
	kdb_output_end();
	kgdb_monitor_done();
	return ret > 0 ? ret : 0;
}

/* ---------------------------------------------------------------- the session */

static void prompt(void)
{
	static char p[16];
	int n = snprintf(p, sizeof(p), "[%u]kdb> ", kdb.cpu);

	editor.prompt = p;
	kdb_write(p, (size_t)n);
}

static void banner(const struct kgdb_stop *stop)
{
	uintptr_t pc = instruction_pointer(kgdb_cpus[stop->cpu].regs);
	struct task *t = kgdb_cpus[stop->cpu].task;

	if (stepped) {
		pprintf(&kdb_printer, "SS trap @ 0x%lx", (unsigned long)pc);
		kdb_print_symbol(&kdb_printer, pc);
		pprintf(&kdb_printer, "\n");
		return;
	}
	pprintf(&kdb_printer, "\nEntering kdb (current=0x%0*lx, pid %d) on processor %u ",
		(int)(2 * sizeof(long)), (unsigned long)t, t ? t->pid : -1, stop->cpu);
	switch (stop->entry) {
	case KGDB_ENTRY_OOPS:
		pprintf(&kdb_printer, "Oops: %s\ndue to oops @ 0x%lx", stop->why ? stop->why : "",
			(unsigned long)pc);
		break;
	case KGDB_ENTRY_PANIC:
		pprintf(&kdb_printer, "due to panic: %s", stop->why ? stop->why : "");
		break;
	case KGDB_ENTRY_TRAP:
		if (stop->kind == KGDB_STOP_SWBREAK)
			pprintf(&kdb_printer, "due to Breakpoint @ 0x%lx", (unsigned long)pc);
		else if (stop->kind == KGDB_STOP_SIGNAL)
			pprintf(&kdb_printer, "due to Debug trap @ 0x%lx", (unsigned long)pc);
		else
			pprintf(&kdb_printer, "due to Watchpoint @ 0x%lx (data 0x%lx)",
				(unsigned long)pc, (unsigned long)stop->addr);
		break;
	default:
		pprintf(&kdb_printer, "due to %s", stop->why ? stop->why : "KDB_ENTER()");
	}
	/*
	 * No "symbol+offset" here, as in Linux's banner: a gdb that connected
	 * before kgdboc did, its first packet lost to the booting tty, waits
	 * for that packet's ack, and would take the '+' for it.
	 */
	pprintf(&kdb_printer, "\n");
	if (!hinted) {
		hinted = true;
		pprintf(&kdb_printer, "kdb: 'help' lists commands; gdb may attach to this line at any time\n");
	}
}

/* Commands to run on this kind of entry, or NULL. */
static const char *entry_script(const struct kgdb_stop *stop)
{
	switch (stop->entry) {
	case KGDB_ENTRY_PANIC:
		return on_panic;
	case KGDB_ENTRY_OOPS:
		return on_oops;
	case KGDB_ENTRY_KEYBOARD:
		return on_break;
	default:
		return NULL;
	}
}

/* Run @script's commands (';' between them) as if typed; a flow request ends it. */
static int run_script(const char *script)
{
	char one[KDB_LINE_MAX];
	const char *p = script, *end;
	size_t len;
	int ret;

	while (p && *p) {
		end = strchr(p, ';');
		len = end ? (size_t)(end - p) : strlen(p);
		if (len >= sizeof(one))
			len = sizeof(one) - 1;
		memcpy(one, p, len);
		one[len] = '\0';
		p = end ? end + 1 : NULL;
		prompt();
		kdb_write(one, len);
		kdb_puts("\n");
		ret = run_line(one, false);
		if (ret)
			return ret;
	}
	return 0;
}

/* Act on a flow request; true when the session with this stop ends. */
static bool flow(int req, const struct kgdb_stop *stop, struct kgdb_resume *res)
{
	switch (req) {
	case KGDB_CMD_GO:
		res->action = KGDB_CONTINUE;
		res->cpu = stop->cpu;
		res->has_addr = kdb.go_has_addr;
		res->addr = kdb.go_addr;
		return true;
	case KGDB_CMD_SS:
		res->action = KGDB_STEP;
		res->cpu = stop->cpu;
		stepped = true;
		return true;
	case KGDB_CMD_TO_GDB:
		to_gdb(res);
		return true;
	default:
		return false;
	}
}

/*
 * One line typed: KDB_EDIT_LINE when it is in editor.line; false from
 * @handed when a gdb packet arrived instead and went to gdb.
 */
static enum kdb_edit_event read_line(bool *handed)
{
	enum kdb_edit_event ev;
	size_t i;
	int c;

	*handed = false;
	kdb_edit_start(&editor);
	for (;;) {
		c = kdb_getc();
		/*
		 * A gdb talking: its acks are not typing, its packets not
		 * commands, even after noise on the line ('$' means nothing
		 * to kdb).
		 */
		if (!editor.len && (c == '+' || c == '-'))
			continue;
		if (c == '$') {
			switch (take_packet()) {
			case PACKET_HANDED:
				*handed = true;
				return KDB_EDIT_CANCEL;
			case PACKET_DROPPED:
				continue;
			case DOLLAR_TYPED:
				break;
			}
			for (i = 0; i < pkt_len - 1; i++) {
				ev = kdb_edit_feed(&editor, (u8)pkt[i]);
				if (ev != KDB_EDIT_MORE)
					return ev;
			}
			c = pkt[pkt_len - 1];
		}
		ev = kdb_edit_feed(&editor, (u8)c);
		if (ev != KDB_EDIT_MORE)
			return ev;
	}
}

static void kdb_run(const struct kgdb_stop *stop, struct kgdb_resume *res)
{
	const char *script;
	bool handed;
	int c, req;

	/* Typing needs a byte stream: on a packet transport gdb serves. */
	if (kgdb_io_ops->get_packet) {
		to_gdb(res);
		return;
	}
	/*
	 * A gdb that broke in with its first packet, or that was waiting at
	 * kgdbwait, gets the line at once, before a banner whose text it
	 * could take for an ack: its acks come first, its packet right after.
	 */
	c = kgdb_io_read_char();
	while (c == '+' || c == '-')
		c = kdb_getc_within(ACK_WAIT_MS);
	if (c == '$') {
		switch (take_packet()) {
		case PACKET_HANDED:
			to_gdb(res);
			return;
		case DOLLAR_TYPED:
			kgdb_io_replay(pkt, pkt_len);	/* read again at the prompt */
			break;
		case PACKET_DROPPED:
			break;
		}
	} else if (c != KGDB_NO_CHAR) {
		kgdb_io_replay((const char[]){ (char)c }, 1);
	}

	kdb.stop = stop;
	kdb_select_cpu(stop->cpu);
	if (!stepped)
		kdb.go_confirmed = false;
	kdb.oops = stop->entry == KGDB_ENTRY_OOPS || stop->entry == KGDB_ENTRY_PANIC;
	editor.echo = kdb_echo;
	editor.complete = kgdb_command_may(KGDB_CMD_MEM_READ) ? complete_symbol : NULL;
	kdb_output_begin(NULL, false);
	banner(stop);
	kdb_output_end();
	script = stepped ? NULL : entry_script(stop);
	stepped = false;
	if (script && *script && flow(run_script(script), stop, res))
		return;
	for (;;) {
		prompt();
		if (read_line(&handed) != KDB_EDIT_LINE) {
			if (handed) {
				to_gdb(res);
				return;
			}
			continue;
		}
		kdb_edit_remember(&editor);
		req = run_line(editor.line, true);
		if (flow(req, stop, res))
			return;
	}
}

/* The line went away: a new one starts with a fresh prompt. */
static void kdb_reset(void)
{
	stepped = false;
	last_cmd = NULL;
}

/* The command history (8 KiB) from the heap; without it kdb keeps none. */
static void kdb_boot(void)
{
	editor.hist = kmalloc(KDB_HISTORY * sizeof(*editor.hist));
	editor.hist_count = 0;
	if (!editor.hist)
		pr_warn("kdb: no memory for the command history: none is kept\n");
}

static const struct kgdb_frontend kdb_frontend = {
	.name = "kdb",
	.priority = 1,
	.run = kdb_run,
	.reset = kdb_reset,
	.boot = kdb_boot,
#ifdef CONFIG_KGDB_PACKET_IO
	/* gdb's frames: kdb hands them to gdb (kdb_run()). */
	.framing = &gdb_framing,
#endif
};
KGDB_FRONTEND(kdb, &kdb_frontend);
