// SPDX-License-Identifier: MIT
/*
 * Hardware breakpoints and watchpoints, the generic part: gdb's Z1-Z4
 * requests split into slots, one table shared by all CPUs, and what each
 * CPU last loaded into its debug registers. The arch says which slots a
 * type may use and how much one slot covers, loads a CPU's registers and
 * decodes a hit (struct kgdb_hw_ops).
 *
 * Debug registers are per CPU and a CPU can trap on a slot just before the
 * master changes the table, then wait its turn for the debugger. So a hit
 * is decoded on the trapping CPU against what that CPU has installed, and
 * reported only if gdb still has that slot by the time the CPU gets the
 * debugger; otherwise the trap is stale and the CPU simply resumes. A
 * roundup can even hold the CPU between its trap and the decode, and
 * reload its registers: the arch then finds a slot fired that the CPU no
 * longer has (KGDB_HW_STALE), which is stale too.
 */

#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include "debug_internal.h"

static struct kgdb_hw_slot hw_table[KGDB_HW_SLOTS];
/* The gdb request (address, length) each used slot of hw_table belongs to. */
static struct {
	uintptr_t addr;
	size_t len;
} hw_req[KGDB_HW_SLOTS];
/*
 * When each slot was last freed (a count of removals): a new request takes
 * the slot freed longest ago, so that a trap still queued for a removed
 * request seldom finds its slot number given to another one (x86's DR6
 * names a slot by number only).
 */
static unsigned long hw_freed[KGDB_HW_SLOTS], hw_removals;
/*
 * What each CPU loaded into its debug registers when it last resumed: a
 * row a CPU, from the heap as the debugger starts (kgdb_hw_boot()). NULL:
 * there was no memory, and there are no hardware breakpoints.
 */
static struct kgdb_hw_slot (*hw_installed)[KGDB_HW_SLOTS];

int kgdb_hw_boot(void)
{
	if (!arch_kgdb_ops.hw)
		return 0;
	hw_installed = kmalloc(NR_CPUS * sizeof(*hw_installed));
	if (!hw_installed) {
		pr_err("kgdb: no memory for hardware breakpoints: they are off\n");
		return -ENOMEM;
	}
	memset(hw_installed, 0, NR_CPUS * sizeof(*hw_installed));
	return 0;
}

bool kgdb_hw_supported(void)
{
	return arch_kgdb_ops.hw && hw_installed;
}

/* The slots @type may use, clipped to the table; 0 when unsupported. */
static unsigned int hw_range(enum kgdb_bptype type, unsigned int *first)
{
	unsigned int n = arch_kgdb_ops.hw->slots(type, first);

	if (*first >= KGDB_HW_SLOTS)
		return 0;
	return n < KGDB_HW_SLOTS - *first ? n : KGDB_HW_SLOTS - *first;
}

static bool is_request(unsigned int i, enum kgdb_bptype type, uintptr_t addr, size_t len)
{
	return hw_table[i].used && hw_table[i].type == type && hw_req[i].addr == addr &&
	       hw_req[i].len == len;
}

static unsigned int oldest_free(unsigned int first, unsigned int n)
{
	unsigned int i, best = first + n;

	for (i = first; i < first + n; i++)
		if (!hw_table[i].used && (best == first + n || hw_freed[i] < hw_freed[best]))
			best = i;
	return best;
}

int kgdb_set_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	unsigned int first, n = hw_range(type, &first), i, nfree = 0, pieces = 0;
	uintptr_t a;
	size_t left;
	long piece;

	if (!n)
		return -ENOTSUP;
	if (!len || addr + len < addr)
		return -EINVAL;
	for (i = first; i < first + n; i++) {
		if (is_request(i, type, addr, len))
			return 0;	/* gdb sent it again */
		nfree += !hw_table[i].used;
	}
	for (a = addr, left = len; left; a += piece, left -= piece, pieces++) {
		if (pieces == nfree)
			return -ENOSPC;
		piece = arch_kgdb_ops.hw->piece(type, a, left);
		if (piece <= 0 || (size_t)piece > left)
			return piece < 0 ? (int)piece : -EINVAL;
	}
	for (a = addr, left = len; left; a += piece, left -= piece) {
		piece = arch_kgdb_ops.hw->piece(type, a, left);
		i = oldest_free(first, n);
		hw_table[i] = (struct kgdb_hw_slot){ true, type, a, (size_t)piece };
		hw_req[i].addr = addr;
		hw_req[i].len = len;
	}
	return 0;
}

int kgdb_remove_hw_break(uintptr_t addr, size_t len, enum kgdb_bptype type)
{
	unsigned int i;

	if (!hw_range(type, &i))
		return -ENOTSUP;
	/* Not there is fine: gdb sent it again (it missed our ack), as for Z. */
	for (i = 0; i < KGDB_HW_SLOTS; i++) {
		if (is_request(i, type, addr, len)) {
			hw_table[i].used = false;
			hw_freed[i] = ++hw_removals;
		}
	}
	return 0;
}

void kgdb_remove_all_hw_breaks(void)
{
	unsigned int i;

	for (i = 0; i < KGDB_HW_SLOTS; i++) {
		if (hw_table[i].used)
			hw_freed[i] = ++hw_removals;
		hw_table[i].used = false;
	}
}

/* This CPU stops: no slot may fire while it is in the debugger. */
void kgdb_hw_cpu_stop(unsigned int cpu)
{
	if (arch_kgdb_ops.hw)
		arch_kgdb_ops.hw->install(NULL);
}

bool kgdb_hw_cpu_armed(unsigned int cpu)
{
	unsigned int i;

	for (i = 0; hw_installed && i < KGDB_HW_SLOTS; i++)
		if (hw_installed[cpu][i].used)
			return true;
	return false;
}

/* This CPU resumes: it watches exactly what gdb has set now. */
void kgdb_hw_cpu_resume(unsigned int cpu)
{
	if (!kgdb_hw_supported())
		return;
	memcpy(hw_installed[cpu], hw_table, sizeof(hw_table));
	arch_kgdb_ops.hw->install(hw_installed[cpu]);
}

enum kgdb_hw_event kgdb_hw_decode(unsigned int cpu, struct pt_regs *regs, long err,
				   struct kgdb_hw_hit *hit)
{
	int i;

	if (!kgdb_hw_supported())
		return KGDB_HW_NONE;
	i = arch_kgdb_ops.hw->hit(regs, err, hw_installed[cpu], &hit->addr);
	if (i == KGDB_HW_STALE)
		return KGDB_HW_GONE;
	if (i < 0 || i >= KGDB_HW_SLOTS || !hw_installed[cpu][i].used)
		return KGDB_HW_NONE;
	hit->slot = hw_installed[cpu][i];
	return KGDB_HW_FIRED;
}

/* Whether gdb still has the slot @hit fired on (in any slot number). */
bool kgdb_hw_hit_current(const struct kgdb_hw_hit *hit)
{
	unsigned int i;

	for (i = 0; i < KGDB_HW_SLOTS; i++)
		if (hw_table[i].used && hw_table[i].type == hit->slot.type &&
		    hw_table[i].addr == hit->slot.addr && hw_table[i].len == hit->slot.len)
			return true;
	return false;
}
