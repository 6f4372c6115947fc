// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints through the v7 debug architecture's
 * CP14 registers: DBGBVR/DBGBCR pairs (breakpoints, BRPs) and DBGWVR/DBGWCR
 * pairs (watchpoints, WRPs), as many as DBGDIDR reports, enabled together
 * by DBGDSCR.MDBGen ("monitor debug-mode"). gdb's requests are recorded in
 * slots shared by all CPUs and loaded into each CPU's registers as it
 * leaves the debugger, so every CPU watches the same.
 *
 * Events arrive as a prefetch abort (breakpoint) or data abort (watchpoint)
 * with fault status "debug event", before the instruction executes or the
 * access happens; fault.c hands them to the die chain as DIE_DEBUG. gdb
 * knows ARM watchpoints are not steppable: it takes the slot out, steps
 * the instruction and puts it back before it looks at the value.
 *
 * A watchpoint register covers bytes within one aligned word (BAS), so a
 * watched range takes one slot per word it touches. Slots match in every
 * mode and both security states (HMC=1, SSC=0, PMC/PAC=3): the kernel runs
 * in Secure SVC under `-M virt,secure=on`, which QEMU treats as AArch32 EL3,
 * where only HMC=1 matches.
 */
#include <kernel/errno.h>
#include <kernel/string.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include "kgdb_arm.h"

#define HW_MAX_SLOTS	16

/* DBGDIDR: the number of WRPs and BRPs, each minus one */
#define DIDR_WRPS(d)	((((d) >> 28) & 0xf) + 1)
#define DIDR_BRPS(d)	((((d) >> 24) & 0xf) + 1)

#define DSCR_MDBGEN	(1U << 15)

/* opc2 of the per-slot registers: mcr p14, 0, Rt, c0, c<n>, opc2 */
#define DBGBVR		4
#define DBGBCR		5
#define DBGWVR		6
#define DBGWCR		7

/* DBGBCR and DBGWCR share the layout of these fields */
#define CR_E		(1U << 0)
#define CR_PL_ANY	(3U << 1)	/* PMC/PAC: PL0 and PL1 */
#define CR_LSC(l)	((u32)(l) << 3)	/* watchpoints: 1 load, 2 store, 3 both */
#define CR_BAS(b)	((u32)(b) << 5)	/* byte address select within the word */
#define CR_HMC		(1U << 13)

#define LSC_LOAD	1
#define LSC_STORE	2
#define LSC_BOTH	3

#define FSR_WNR		(1UL << 11)	/* DFSR: the access was a write */

struct hw_slot {
	bool used;
	enum kgdb_bptype type;
	uintptr_t addr;		/* the word this slot covers */
	u32 bas;		/* which of its bytes */
	uintptr_t req_addr;	/* the gdb request it belongs to */
	size_t req_len;
};

static struct hw_slot bp_slots[HW_MAX_SLOTS], wp_slots[HW_MAX_SLOTS];

#define DBG_CASE(n, op2, v)						\
	case n:								\
		__asm__ __volatile__("mcr p14, 0, %0, c0, c" #n ", " #op2 : : "r"(v)); \
		break

/* Write DBG{B,W}{V,C}R<n>: the register number is part of the instruction
 * (@op2 is expanded here, before DBG_CASE stringifies it). */
#define DBG_WRITE(op2, n, v) do {					\
	u32 v_ = (v);							\
	switch (n) {							\
	DBG_CASE(0, op2, v_); DBG_CASE(1, op2, v_); DBG_CASE(2, op2, v_);	\
	DBG_CASE(3, op2, v_); DBG_CASE(4, op2, v_); DBG_CASE(5, op2, v_);	\
	DBG_CASE(6, op2, v_); DBG_CASE(7, op2, v_); DBG_CASE(8, op2, v_);	\
	DBG_CASE(9, op2, v_); DBG_CASE(10, op2, v_); DBG_CASE(11, op2, v_);	\
	DBG_CASE(12, op2, v_); DBG_CASE(13, op2, v_); DBG_CASE(14, op2, v_);	\
	DBG_CASE(15, op2, v_);						\
	}								\
} while (0)

static u32 dbgdidr(void)
{
	u32 v;

	__asm__ __volatile__("mrc p14, 0, %0, c0, c0, 0" : "=r"(v));
	return v;
}

static u32 dscr_read(void)
{
	u32 v;

	__asm__ __volatile__("mrc p14, 0, %0, c0, c2, 2" : "=r"(v));
	return v;
}

static void dscr_write(u32 v)
{
	__asm__ __volatile__("mcr p14, 0, %0, c0, c2, 2" : : "r"(v));
	isb();
}

/* Any value but the lock key clears the OS Lock, which a cold reset may set. */
static void os_unlock(void)
{
	__asm__ __volatile__("mcr p14, 0, %0, c1, c0, 4" : : "r"(0));
}

static unsigned int num_slots(bool watch)
{
	unsigned int n = watch ? DIDR_WRPS(dbgdidr()) : DIDR_BRPS(dbgdidr());

	return n < HW_MAX_SLOTS ? n : HW_MAX_SLOTS;
}

static unsigned int free_slots(const struct hw_slot *s, unsigned int n)
{
	unsigned int i, nfree = 0;

	for (i = 0; i < n; i++)
		nfree += !s[i].used;
	return nfree;
}

static void take_slot(struct hw_slot *s, struct hw_slot v)
{
	while (s->used)
		s++;
	*s = v;
	s->used = true;
}

/* The bytes of the word at @word that [@addr, @end) covers, as a BAS mask. */
static u32 word_bas(uintptr_t word, uintptr_t addr, uintptr_t end)
{
	uintptr_t from = addr > word ? addr : word, to = end < word + 4 ? end : word + 4;

	return ((1U << (to - from)) - 1) << (from - word);
}

static int set_watch(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	unsigned int n = num_slots(true);
	uintptr_t first = addr & ~(uintptr_t)3, end = addr + len, w;

	if (!len || end < addr)
		return -EINVAL;
	if ((end - first + 3) / 4 > free_slots(wp_slots, n))
		return -ENOSPC;
	for (w = first; w < end; w += 4)
		take_slot(wp_slots, (struct hw_slot){
			.type = type, .addr = w, .bas = word_bas(w, addr, end),
			.req_addr = addr, .req_len = len,
		});
	return 0;
}

int arm_kgdb_set_hw_bp(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	switch (type) {
	case KGDB_BP_HARDWARE:
		/* gdb's kind 4: an ARM instruction (the kernel has no Thumb code) */
		if (len != 4 || (addr & 3))
			return -EINVAL;
		if (!free_slots(bp_slots, num_slots(false)))
			return -ENOSPC;
		take_slot(bp_slots, (struct hw_slot){
			.type = type, .addr = addr, .bas = 0xf, .req_addr = addr, .req_len = len,
		});
		return 0;
	case KGDB_WATCH_WRITE:
	case KGDB_WATCH_READ:
	case KGDB_WATCH_ACCESS:
		return set_watch(addr, len, type);
	default:
		return -EINVAL;
	}
}

int arm_kgdb_remove_hw_bp(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	struct hw_slot *s = type == KGDB_BP_HARDWARE ? bp_slots : wp_slots;
	unsigned int i;
	int err = -ENOENT;

	for (i = 0; i < HW_MAX_SLOTS; i++) {
		if (s[i].used && s[i].type == type && s[i].req_addr == addr &&
		    s[i].req_len == len) {
			s[i].used = false;
			err = 0;
		}
	}
	return err;
}

void arm_kgdb_remove_all_hw_bps(void)
{
	memset(bp_slots, 0, sizeof(bp_slots));
	memset(wp_slots, 0, sizeof(wp_slots));
}

void arm_kgdb_disable_hw_bps(void)
{
	dscr_write(dscr_read() & ~DSCR_MDBGEN);
}

static u32 lsc(enum kgdb_bptype type)
{
	return type == KGDB_WATCH_WRITE ? LSC_STORE :
	       type == KGDB_WATCH_READ ? LSC_LOAD : LSC_BOTH;
}

void arm_kgdb_install_hw_bps(void)
{
	unsigned int i, nbrp = num_slots(false), nwrp = num_slots(true);
	bool any = false;

	for (i = 0; i < nbrp; i++) {
		const struct hw_slot *s = &bp_slots[i];

		DBG_WRITE(DBGBCR, i, 0);
		if (!s->used)
			continue;
		DBG_WRITE(DBGBVR, i, s->addr);
		DBG_WRITE(DBGBCR, i, CR_E | CR_PL_ANY | CR_BAS(s->bas) | CR_HMC);
		any = true;
	}
	for (i = 0; i < nwrp; i++) {
		const struct hw_slot *s = &wp_slots[i];

		DBG_WRITE(DBGWCR, i, 0);
		if (!s->used)
			continue;
		DBG_WRITE(DBGWVR, i, s->addr);
		DBG_WRITE(DBGWCR, i, CR_E | CR_PL_ANY | CR_LSC(lsc(s->type)) | CR_BAS(s->bas) |
			  CR_HMC);
		any = true;
	}
	if (any)
		os_unlock();
	dscr_write(any ? dscr_read() | DSCR_MDBGEN : dscr_read() & ~DSCR_MDBGEN);
}

/* Whether slot @s watches byte @addr. */
static bool wp_covers(const struct hw_slot *s, uintptr_t addr)
{
	return s->used && addr >= s->addr && addr < s->addr + 4 &&
	       (s->bas & (1U << (addr - s->addr)));
}

static int wp_find(uintptr_t addr, bool write)
{
	int i, any = -1;

	for (i = 0; i < HW_MAX_SLOTS; i++) {
		if (!wp_covers(&wp_slots[i], addr))
			continue;
		if (wp_slots[i].type == KGDB_WATCH_ACCESS ||
		    (wp_slots[i].type == KGDB_WATCH_WRITE) == write)
			return i;
		if (any < 0)
			any = i;
	}
	return any;
}

/*
 * A breakpoint leaves the PC on its instruction (IFAR is UNKNOWN); for a
 * watchpoint DFAR holds the first watched byte the access touched, and
 * DFSR.WnR its direction. A software step's trap is an undefined
 * instruction, not an abort.
 */
int arm_kgdb_hw_stop_reason(struct pt_regs *regs, uintptr_t *addr)
{
	unsigned int i;

	if (regs->trapnr == ARM_TRAP_PABT) {
		for (i = 0; i < HW_MAX_SLOTS; i++) {
			if (bp_slots[i].used && bp_slots[i].addr == regs->pc) {
				*addr = regs->pc;
				return KGDB_BP_HARDWARE;
			}
		}
	} else if (regs->trapnr == ARM_TRAP_DABT) {
		uintptr_t far = cp15_read(CP15_DFAR);
		int slot = wp_find(far, cp15_read(CP15_DFSR) & FSR_WNR);

		if (slot >= 0) {
			*addr = far;
			return wp_slots[slot].type;
		}
	}
	return -1;
}
