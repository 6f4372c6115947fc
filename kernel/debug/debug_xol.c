// SPDX-License-Identifier: MIT
/*
 * Out-of-line slots (struct kgdb_arch's xol): where a breakpoint's own
 * instruction runs when a hit on it does not stop, so that the breakpoint
 * stays in memory and no other CPU waits. Slot i serves breakpoint table
 * entry i. The slots are pages of their own (writing one retranslates no
 * other code under an emulator), written only while the target is
 * stopped and only when what one holds changes. No CPU is in a slot
 * then: every CPU that stops with its PC in one is put back into the
 * original code first (kgdb_xol_leave()).
 */

#include <kernel/compiler.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <asm/extable.h>
#include <asm/ptrace.h>		/* instruction_pointer() */
#include "debug_internal.h"

#define XOL_AREA_SIZE	(CONFIG_KGDB_MAX_BREAKPOINTS * KGDB_XOL_SLOT_SIZE)
#define XOL_PAGE	4096

/*
 * Data, not text: memory compares of the kernel's text against vmlinux
 * (gdb's compare-sections) still match, and it is written directly. An
 * arch with xol maps its data executable (x86 uses no NX). Whole pages,
 * so that no variable shares them with code: taken from the heap as the
 * debugger starts (kgdb_xol_boot()), a page more for the alignment.
 * NULL: there was no memory, and no breakpoint has a slot.
 */
static u8 *kgdb_xol_area;

/* What each slot holds: the instruction of @addr, @len bytes; len 0: nothing. */
static struct {
	uintptr_t addr;
	u8 len;
} slots[CONFIG_KGDB_MAX_BREAKPOINTS];

int kgdb_xol_boot(void)
{
	u8 *p;

	if (!arch_kgdb_ops.xol)
		return 0;
	p = kmalloc(ALIGN(XOL_AREA_SIZE, XOL_PAGE) + XOL_PAGE);
	kgdb_xol_area = p ? (u8 *)ALIGN((uintptr_t)p, (uintptr_t)XOL_PAGE) : NULL;
	if (!p) {
		pr_err("kgdb: no memory for out-of-line slots: hits that run on are stepped over\n");
		return -ENOMEM;
	}
	return 0;
}

static uintptr_t slot_addr(unsigned int i)
{
	return (uintptr_t)kgdb_xol_area + i * KGDB_XOL_SLOT_SIZE;
}

bool kgdb_xol_prepare(unsigned int i, uintptr_t addr)
{
	u8 insn[KGDB_XOL_MAX_INSN], slot[KGDB_XOL_SLOT_SIZE], now[KGDB_XOL_SLOT_SIZE];
	size_t avail;
	int len;

	/* A fault there is looked up by its PC, which a slot does not have. */
	if (!kgdb_xol_area || search_exception_table(addr)) {
		slots[i].len = 0;
		return false;
	}
	/* The instruction may end near the end of mapped memory. */
	for (avail = sizeof(insn); avail && kgdb_mem_read(insn, addr, avail); avail /= 2)
		;
	memset(slot, 0, sizeof(slot));
	len = avail ? arch_kgdb_ops.xol->prepare(slot, slot_addr(i), insn, avail, addr) : -EFAULT;
	if (len <= 0) {
		slots[i].len = 0;
		return false;
	}
	if (kgdb_mem_read(now, slot_addr(i), sizeof(now)) || memcmp(now, slot, sizeof(slot))) {
		if (kgdb_mem_write(slot_addr(i), slot, sizeof(slot))) {
			slots[i].len = 0;
			return false;
		}
	}
	slots[i].addr = addr;
	slots[i].len = (u8)len;
	return true;
}

void kgdb_xol_enter(unsigned int i, struct pt_regs *regs)
{
	arch_kgdb_ops.xol->enter(regs, slot_addr(i));
}

void kgdb_xol_leave(struct pt_regs *regs)
{
	uintptr_t pc = instruction_pointer(regs), base = (uintptr_t)kgdb_xol_area;
	unsigned int i;

	if (!base || pc < base || pc >= base + XOL_AREA_SIZE)
		return;
	i = (pc - base) / KGDB_XOL_SLOT_SIZE;
	if (slots[i].len)
		arch_kgdb_ops.xol->leave(regs, slot_addr(i), slots[i].addr, slots[i].len);
}
