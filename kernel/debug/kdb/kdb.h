/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_DEBUG_KDB_H
#define _KERNEL_DEBUG_KDB_H

/*
 * kdb: the debugger typed at on the kgdboc line, the core's second front
 * end. Its commands are the debugger's command table (KGDB_COMMAND in
 * <kgdb.h>), which gdb's "monitor" runs too. Everything here runs on the
 * master in debugger context: no lock, no allocation, bounded buffers.
 */

#include <kernel/types.h>
#include <kernel/printk.h>
#include "../frontend.h"

/* What kdb's flow commands (go, ss, kgdb) ask of the prompt, returned by run(). */
#define KGDB_CMD_GO		1
#define KGDB_CMD_SS		2
#define KGDB_CMD_TO_GDB		4

/* ---------------------------------------------------------------- state (kdb_main.c) */

/* What kdb's commands look at: the stop, and the CPU and task selected. */
struct kdb_state {
	const struct kgdb_stop *stop;
	unsigned int cpu;		/* cpu <n>: whose frame rd and bt show */
	struct task *task;		/* pid <n>: the task looked at */
	struct kgdb_thread thread;	/* the same, for kgdb_reg_read() */
	struct pt_regs *regs;		/* its trap frame, NULL for a sleeping task */
	bool oops;			/* entered by an oops or panic: go asks twice */
	bool go_confirmed;		/* ... and it was typed once */
	bool go_has_addr;		/* go <addr>: resume there */
	uintptr_t go_addr;
};
extern struct kdb_state kdb;

/* Make @cpu's (stopped) frame and task what commands look at; -EINVAL if it is not stopped. */
int kdb_select_cpu(unsigned int cpu);
/* Make task @t what commands look at: its CPU's frame if it runs on a stopped one. */
void kdb_select_task(struct task *t);

/* ---------------------------------------------------------------- input and output (kdb_io.c) */

/* The next byte from the line, waiting for it. */
int kdb_getc(void);
/* The next byte, or KGDB_NO_CHAR after @ms of silence. */
int kdb_getc_within(unsigned int ms);
/* Raw text to the line and the other consoles (no pager, no grep). */
void kdb_write(const char *s, size_t len);
void kdb_puts(const char *s);
/*
 * The printer commands print through: to the line and the other consoles,
 * through "| grep" and the pager (more> after LINES lines). After the
 * user quits the pager, text is dropped and kdb_interrupted() is true
 * until the next command.
 */
extern struct printer kdb_printer;
bool kdb_interrupted(void);
/* A new command begins: the pager counts from 0 (@paged: a person reads it); @grep: its pattern or NULL. */
void kdb_output_begin(const char *grep, bool paged);
/* The command ended: a partial line left in the grep buffer goes out. */
void kdb_output_end(void);

/* ---------------------------------------------------------------- the line editor (kdb_edit.c) */

#define KDB_LINE_MAX	256	/* a command line, with its NUL */
#define KDB_HISTORY	32	/* lines kept for up/down */

enum kdb_edit_event {
	KDB_EDIT_MORE,		/* the line goes on */
	KDB_EDIT_LINE,		/* CR, LF or CRLF ended it: in ->line */
	KDB_EDIT_CANCEL,	/* Ctrl-C: the line was dropped */
};

struct kdb_editor {
	/* Echo and cursor movement go out through it. */
	void (*echo)(const char *s, size_t len);
	/*
	 * Optional, for Tab: the names the word before the cursor (@word,
	 * @len bytes) may be completed to: how many, and in @add (@room
	 * bytes, NUL-terminated) what they all have past it; with @list,
	 * they are printed (through ->echo), each on a line of its own.
	 */
	unsigned int (*complete)(const char *word, size_t len, char *add, size_t room, bool list);
	const char *prompt;		/* printed again after a list */
	bool after_tab;			/* the last key was Tab: a second one lists */
	char line[KDB_LINE_MAX];
	size_t len, pos;		/* the line's length, the cursor */
	char (*hist)[KDB_LINE_MAX];	/* KDB_HISTORY lines; NULL: none kept */
	unsigned int hist_next;		/* where the next line goes */
	unsigned int hist_count;	/* lines kept */
	unsigned int hist_back;		/* how far up/down has gone back (0: the new line) */
	char saved[KDB_LINE_MAX];	/* the new line, while browsing history */
	u8 esc[8];			/* an escape sequence being read */
	size_t esc_len;
	bool after_cr;			/* an LF right after a CR ends nothing */
};

/* A new line begins (the prompt was just printed). */
void kdb_edit_start(struct kdb_editor *e);
/* One byte typed; what it made of the line. */
enum kdb_edit_event kdb_edit_feed(struct kdb_editor *e, u8 c);
/* Keep ->line (non-empty) in the history. */
void kdb_edit_remember(struct kdb_editor *e);

/* ---------------------------------------------------------------- arguments (kdb_args.c) */

/*
 * A number as Linux's kdb takes it: 0x.. hex, 0.. octal, decimal, else
 * hex ("ffff"); -EINVAL for anything else.
 */
int kdb_parse_ulong(const char *s, unsigned long *v);
/* An address: a number, or symbol[+-offset] through kallsyms. */
int kdb_parse_addr(const char *s, uintptr_t *addr);
/* " (symbol+0xoff)" for a code or data address, or nothing. */
void kdb_print_symbol(struct printer *out, uintptr_t addr);

/* ---------------------------------------------------------------- environment (kdb_env.c) */

/* The value of variable @name, or NULL. */
const char *kdb_getenv(const char *name);
/* ... as a number, or @dflt when unset or not a number. */
unsigned long kdb_getenv_ulong(const char *name, unsigned long dflt);

#endif
