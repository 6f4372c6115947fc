// SPDX-License-Identifier: MIT
/*
 * Fault injection from the shell, like Linux's lkdtm: "crash <what>" makes
 * the kernel fail in a chosen way, and "nofault" exercises the fault-safe
 * memory accessors on good, unmapped and read-only addresses.
 */
#include <kernel/arch.h>
#include <kernel/nofault.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/shell.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/errno.h>
#include <kernel/irq.h>
#include <asm/bug.h>
#include <asm/processor.h>

/* Lives in .rodata: the target of "crash rodata". */
static const unsigned long crash_rodata_word = 0x5afe5afeUL;

static void crash_null(void)
{
	/* volatile: the compiler must neither see the NULL (and emit a trap
	 * instead) nor drop the store. */
	volatile int *volatile ptr = NULL;

	*ptr = 1;
}

static void crash_bug(void)
{
	BUG();
}

static void crash_div0(void)
{
	/* Both operands unknown to the compiler: a real divide instruction. */
	volatile int dividend = 1000, divisor = 0;

	pr_info("crash: 1000 / 0 = %d\n", dividend / divisor);
}

static void crash_rodata(void)
{
	*(volatile unsigned long *)&crash_rodata_word = 0;
}

/* Write a byte of kernel text with its own value: harmless if the page were
 * writable, a fault since it is not. */
static void crash_text(void)
{
	volatile u8 *p = (volatile u8 *)(uintptr_t)crash_text;

	*p = *p;
}

static void crash_panic(void)
{
	panic("crash panic requested from the shell");
}

static void lockup_thread(void *arg)
{
	pr_info("crash: hard lockup on CPU %u (interrupts off)\n", smp_processor_id());
	local_irq_disable();
	for (;;)
		cpu_relax();
}

/* The interrupt handler arch_crash_irq_oops() raises, or what its own ends with. */
void crash_in_irq_handler(struct pt_regs *regs)
{
	int *p = NULL;

	__asm__ __volatile__("" : "+r"(p));	/* keep the compiler from seeing NULL */
	*(volatile int *)p = 1;
}

/* On a thread bound to the last CPU: CPU 0 takes the timer's jiffies and
 * the device interrupts, so with two CPUs or more the rest of the system,
 * the shell and a debugger's break-in included, lives on. */
static void crash_hardlockup(void)
{
	unsigned int cpu, last = 0;

	for_each_online_cpu(cpu)
		last = cpu;
	if (!kthread_run_on(last, lockup_thread, NULL, "lockup"))
		pr_err("crash: out of memory\n");
}

static void crash_invalid_opcode(void)
{
	arch_crash_invalid_opcode();
}

static void crash_irq(void)
{
	arch_crash_irq_oops();
}

static const struct {
	const char *name;
	void (*fn)(void);
	const char *what;
} crash_types[] = {
	{ "null", crash_null, "NULL pointer dereference" },
	{ "bug", crash_bug, "BUG()" },
	{ "div0", crash_div0, "integer divide by zero" },
	{ "ud", crash_invalid_opcode, "invalid opcode" },
	{ "rodata", crash_rodata, "write to read-only data" },
	{ "text", crash_text, "write to kernel text" },
	{ "panic", crash_panic, "panic()" },
	{ "hardlockup", crash_hardlockup, "spin with interrupts off on one CPU" },
	{ "irq", crash_irq, "oops inside an interrupt handler" },
};

static int cmd_crash(struct printer *out, int argc, char **argv)
{
	if (argc == 2) {
		for (size_t i = 0; i < ARRAY_SIZE(crash_types); i++) {
			if (strcmp(argv[1], crash_types[i].name))
				continue;
			pprintf(out, "crash: %s\n", crash_types[i].what);
			crash_types[i].fn();
			return 0;
		}
	}
	pprintf(out, "usage: crash <what>, where <what> is one of:\n");
	for (size_t i = 0; i < ARRAY_SIZE(crash_types); i++)
		pprintf(out, "  %-10s %s\n", crash_types[i].name, crash_types[i].what);
	return -EINVAL;
}
SHELL_COMMAND(crash, "crash the kernel on purpose ('crash' lists how)", cmd_crash);

/* ---- nofault */

static bool nofault_check(struct printer *out, const char *what, long ret, long want)
{
	pprintf(out, "nofault: %-26s ret %ld (want %ld) %s\n", what, ret, want,
		ret == want ? "ok" : "FAIL");
	return ret == want;
}

/* The accessors on addresses whose fate is known in advance. */
static int nofault_selftest(struct printer *out)
{
	unsigned long word = 0x1234, val = 0;
	u8 text_byte;
	bool ok = true;

	ok &= nofault_check(out, "read good", copy_from_kernel_nofault(&val, &word,
			    sizeof(val)), 0);
	ok &= nofault_check(out, "read value", (long)(val == 0x1234), 1);
	val = 0x5678;
	ok &= nofault_check(out, "write good", copy_to_kernel_nofault(&word, &val,
			    sizeof(val)), 0);
	ok &= nofault_check(out, "write value", (long)(word == 0x5678), 1);
	ok &= nofault_check(out, "read NULL", copy_from_kernel_nofault(&val, NULL,
			    sizeof(val)), -EFAULT);
	ok &= nofault_check(out, "write NULL", copy_to_kernel_nofault(NULL, &val,
			    sizeof(val)), -EFAULT);
	ok &= nofault_check(out, "write rodata",
			    copy_to_kernel_nofault((void *)&crash_rodata_word,
						   &crash_rodata_word, sizeof(val)), -EFAULT);
	text_byte = *(const u8 *)(uintptr_t)nofault_selftest;
	ok &= nofault_check(out, "write text",
			    copy_to_kernel_nofault((void *)(uintptr_t)nofault_selftest,
						   &text_byte, 1), -EFAULT);
	ok &= nofault_check(out, "rodata unchanged",
			    (long)(crash_rodata_word == 0x5afe5afeUL), 1);
	pprintf(out, "nofault test: %s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : -EIO;
}

static int cmd_nofault(struct printer *out, int argc, char **argv)
{
	unsigned long addr, val = 0;
	long ret;

	if (argc == 2 && !strcmp(argv[1], "test"))
		return nofault_selftest(out);
	if (argc < 3 || kstrtoul(argv[2], 0, &addr))
		goto usage;
	if (!strcmp(argv[1], "read") && argc == 3) {
		ret = copy_from_kernel_nofault(&val, (const void *)addr, sizeof(val));
		pprintf(out, "nofault read %#lx: %ld", addr, ret);
		if (!ret)
			pprintf(out, " value %#lx", val);
		pprintf(out, "\n");
		return 0;
	}
	if (!strcmp(argv[1], "write") && (argc == 3 || argc == 4)) {
		/* Without a value, write back what is there: tests the access,
		 * changes nothing. */
		if (argc == 4) {
			if (kstrtoul(argv[3], 0, &val))
				goto usage;
		} else if (copy_from_kernel_nofault(&val, (const void *)addr, sizeof(val))) {
			val = 0;
		}
		ret = copy_to_kernel_nofault((void *)addr, &val, sizeof(val));
		pprintf(out, "nofault write %#lx: %ld\n", addr, ret);
		return 0;
	}
usage:
	pprintf(out, "usage: nofault read <addr> | nofault write <addr> [value] | nofault test\n");
	return -EINVAL;
}
SHELL_COMMAND(nofault, "test the fault-safe memory accessors", cmd_nofault);
