// SPDX-License-Identifier: MIT
/*
 * kgdboc: the debugger over any tty whose driver offers console poll
 * operations. It knows no hardware: it finds a tty by name and uses only
 * tty_ops.poll_*. Chosen with kgdboc=<tty>[,baud] at boot, or at run time
 * from the shell (kgdboc <tty>[,baud] | kgdboc off | kgdboc).
 *
 * While the kernel runs, the port's receive hook watches the line: gdb's
 * interrupt byte (0x03) breaks in, and so does the start of a packet ('$')
 * on a line that is not also the console, so that gdb can attach to a
 * running kernel without help.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */
#include <kgdb.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/shell.h>
#include <kernel/string.h>
#include <kernel/tty.h>

#define KGDBOC_CONFIG_LEN	32
#define GDB_INTERRUPT		0x03

static char kgdboc_config[KGDBOC_CONFIG_LEN];	/* "ttyS1,115200" or "" */
static struct tty *kgdboc_tty;
/* A byte the receive hook took from the line before breaking in. */
static int kgdboc_pushback = KGDB_NO_CHAR;

static int kgdboc_read_char(void)
{
	int c = kgdboc_pushback;

	if (c != KGDB_NO_CHAR) {
		kgdboc_pushback = KGDB_NO_CHAR;
		return c;
	}
	c = kgdboc_tty->ops->poll_get_char(kgdboc_tty);
	return c == NO_POLL_CHAR ? KGDB_NO_CHAR : (u8)c;
}

static void kgdboc_write_char(u8 c)
{
	kgdboc_tty->ops->poll_put_char(kgdboc_tty, (char)c);
}

static struct kgdb_io kgdboc_io = {
	.name = "kgdboc",
	.read_char = kgdboc_read_char,
	.write_char = kgdboc_write_char,
};

static bool kgdboc_rx_hook(struct tty *tty, int ch, unsigned int flags)
{
	if (flags & TTY_RX_BREAK)
		return false;		/* SysRq: the tty layer's business */
	if (ch == GDB_INTERRUPT) {
		kgdb_interrupt();
		return true;
	}
	if (tty == tty_console())
		return false;		/* a shared line: the rest is the shell's */
	if (ch == '$') {
		/*
		 * gdb talks to a running kernel: let the debugger read it
		 * all, also while another CPU is in it for a hit that runs
		 * on (this one then waits its turn).
		 */
		kgdboc_pushback = ch;
		kgdb_interrupt();
		return true;
	}
	return true;			/* a dedicated line: nothing else listens */
}

/* Split "ttyS1,115200" into the tty and the baud rate (0: keep it). */
static int kgdboc_parse(const char *config, struct tty **tty, unsigned int *baud)
{
	char name[sizeof(((struct tty *)0)->name)];
	const char *comma = strchr(config, ',');
	size_t len = comma ? (size_t)(comma - config) : strlen(config);
	unsigned long rate = 0;

	if (!len || len >= sizeof(name))
		return -EINVAL;
	memcpy(name, config, len);
	name[len] = '\0';
	if (comma && (kstrtoul(comma + 1, 10, &rate) || rate < 50 || rate > 4000000))
		return -EINVAL;
	*tty = tty_find(name);
	if (!*tty)
		return -ENODEV;
	if (!(*tty)->ops->poll_init || !(*tty)->ops->poll_get_char ||
	    !(*tty)->ops->poll_put_char)
		return -ENOTSUP;
	*baud = (unsigned int)rate;
	return 0;
}

static void kgdboc_detach(void)
{
	if (!kgdboc_tty)
		return;
	kgdb_unregister_io_module(&kgdboc_io);
	tty_set_rx_hook(kgdboc_tty, NULL);
	kgdboc_tty = NULL;
	kgdboc_config[0] = '\0';
}

static __noinline const char *kgdboc_strerror(int err)
{
	switch (err) {
	case -EINVAL:
		return "expected <tty>[,baud]";
	case -ENODEV:
		return "no such tty";
	case -ENOTSUP:
		return "tty cannot poll";
	case -EBUSY:
		return "another debugger transport is registered";
	default:
		return "error";
	}
}

/* Make @config the transport; on any error nothing changes. */
static int kgdboc_configure(const char *config)
{
	struct tty *tty;
	unsigned int baud;
	int err;

	if (strlen(config) >= KGDBOC_CONFIG_LEN)
		err = -EINVAL;
	else
		err = kgdboc_parse(config, &tty, &baud);
	if (!err)
		err = tty->ops->poll_init(tty, baud);
	if (err) {
		pr_err("kgdboc: %s: %s\n", config, kgdboc_strerror(err));
		return err;
	}
	kgdboc_detach();
	kgdboc_tty = tty;
	kgdboc_io.is_console = tty == tty_console();
	err = kgdb_register_io_module(&kgdboc_io);
	if (err) {
		kgdboc_tty = NULL;
		pr_err("kgdboc: %s: %s\n", config, kgdboc_strerror(err));
		return err;
	}
	strlcpy(kgdboc_config, config, sizeof(kgdboc_config));
	tty_set_rx_hook(tty, kgdboc_rx_hook);
	pr_info("kgdboc: debugger on %s\n", tty->name);
	return 0;
}

static int kgdboc_param(const char *val)
{
	if (!val || !*val || strlen(val) >= KGDBOC_CONFIG_LEN)
		return -EINVAL;
	strlcpy(kgdboc_config, val, sizeof(kgdboc_config));
	return 0;
}
boot_param("kgdboc", kgdboc_param);

/* After the drivers registered their ttys. */
static int kgdboc_late_init(void)
{
	char config[KGDBOC_CONFIG_LEN];

	if (!kgdboc_config[0])
		return 0;
	strlcpy(config, kgdboc_config, sizeof(config));
	kgdboc_config[0] = '\0';
	if (kgdboc_configure(config))
		return 0;	/* reported; the kernel boots on without a debugger */
	kgdb_initial_breakpoint();
	return 0;
}
late_initcall(kgdboc_late_init);

static int cmd_kgdboc(struct printer *out, int argc, char **argv)
{
	if (argc == 1) {
		pprintf(out, "kgdboc: %s\n", kgdboc_tty ? kgdboc_config : "off");
		return 0;
	}
	if (argc != 2) {
		pprintf(out, "usage: kgdboc [<tty>[,baud] | off]\n");
		return -EINVAL;
	}
	if (!strcmp(argv[1], "off")) {
		kgdboc_detach();
		pprintf(out, "kgdboc: off\n");
		return 0;
	}
	if (kgdboc_configure(argv[1]))
		return -EINVAL;
	pprintf(out, "kgdboc: %s\n", kgdboc_config);
	return 0;
}
SHELL_COMMAND(kgdboc, "kgdboc [<tty>[,baud] | off]: show or set the debugger's line", cmd_kgdboc);
