// SPDX-License-Identifier: MIT
/*
 * What kdb asks of the kernel beyond the core's API (fake_kernel.c): a
 * small symbol table in the fake memory map (kallsyms), a backtrace of a
 * frame that names its PC, SP and FP, idle tasks (swapper) and the
 * console's tty (fake_console_tty, NULL unless a test sets one).
 */

#include <string.h>
#include <kernel/arch.h>
#include <kernel/kallsyms.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/tty.h>
#include "fake.h"

/* Functions in the fake text, and a variable in its data (the real table has text only). */
static const struct {
	const char *name;
	uintptr_t addr, size;
} syms[] = {
	{ "fake_fn", FAKE_TEXT + 0x100, 0x40 },
	{ "add", FAKE_TEXT + 0x140, 0x10 },
	{ "fake_var", FAKE_DATA + 0x400, 0x8 },
};

const char *kallsyms_lookup(uintptr_t addr, uintptr_t *offset, uintptr_t *size)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(syms); i++) {
		if (addr - syms[i].addr < syms[i].size) {
			if (offset)
				*offset = addr - syms[i].addr;
			if (size)
				*size = syms[i].size;
			return syms[i].name;
		}
	}
	return NULL;
}

uintptr_t kallsyms_lookup_name(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(syms); i++)
		if (!strcmp(syms[i].name, name))
			return syms[i].addr;
	return 0;
}

const char *kallsyms_next_prefixed(const char *prefix, size_t len, unsigned int *pos)
{
	for (; *pos < ARRAY_SIZE(syms); (*pos)++)
		if (!strncmp(syms[*pos].name, prefix, len))
			return syms[(*pos)++].name;
	return NULL;
}

void show_backtrace(struct printer *p, struct pt_regs *regs)
{
	pprintf(p, "  [<%lx>] sp %lx fp %lx\n", (unsigned long)regs->pc, (unsigned long)regs->sp,
		(unsigned long)regs->fp);
}

bool task_is_idle(const struct task *t)
{
	return !strncmp(t->comm, "swapper", 7);
}

struct tty *fake_console_tty;

struct tty *tty_console(void)
{
	return fake_console_tty;
}
