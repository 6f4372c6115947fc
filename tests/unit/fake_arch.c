// SPDX-License-Identifier: MIT
/*
 * The fake architecture's struct kgdb_arch: x86-like breakpoints (one
 * byte, PC reported past it), 16 registers of two sizes in two features
 * (one with characters the binary reply escapes, one not contiguous)
 * that live everywhere a row may say (the frame, the CPU's kept state, a
 * task's context, a constant, the arch's hooks, fields narrower and
 * wider than the register, bits a write keeps), four hardware slots that
 * lack read watchpoints. Built with -DFAKE_ARCH_SOFTSTEP it steps in
 * software (next_pcs) instead of with a trap flag; with
 * -DFAKE_ARCH_MINIMAL it fills in only data, as a minimal port would,
 * and gets the generic roundup and the PC from instruction_pointer(); with
 * -DFAKE_ARCH_XOL it runs breakpoints' instructions out of line.
 */

#include <pthread.h>
#include <string.h>
#include <time.h>
#include <kernel/errno.h>
#include <kernel/jiffies.h>	/* udelay() */
#include "fake.h"

struct kgdb_hw_slot fake_hw[NR_CPUS][KGDB_HW_SLOTS];
int fake_hw_fired = -1;
unsigned int fake_hw_installs;
unsigned int fake_icache_flushes;
struct kgdb_arch_cpu fake_left[NR_CPUS];

unsigned int fake_missed_kicks;

void fake_roundup(void);

#define R(n, f, t)	KGDB_REG(n, 64, 0, "uint64", NULL, KGDB_IN_FRAME(f), t, 0)
#ifdef FAKE_ARCH_MINIMAL
#define SAVED(f)	KGDB_NOWHERE	/* a sleeping task's registers read as zero */
#define TASK_SEL	KGDB_NOWHERE
#define SEL		KGDB_CONST(0x28)	/* a constant, which takes no writes */
#define TAG		KGDB_NOWHERE		/* nowhere: zero */
#else
#define SAVED(f)	KGDB_IN_TASK(f)
#define TASK_SEL	KGDB_CONST(FAKE_TASK_SEL)
#define SEL		KGDB_IN_CPU(sel)
#define TAG		KGDB_BY_ARCH
#endif

static const struct kgdb_reg fake_regs_table[FAKE_NUM_REGS] = {
	R("r0", r[0], KGDB_NOWHERE), R("r1", r[1], KGDB_NOWHERE),
	R("r2", r[2], KGDB_NOWHERE), R("r3", r[3], KGDB_NOWHERE),
	R("r4", r[4], KGDB_NOWHERE), R("r5", r[5], KGDB_NOWHERE),
	R("r6", r[6], KGDB_NOWHERE), R("r7", r[7], KGDB_NOWHERE),
	KGDB_REG("pc", 64, 1, "code_ptr", NULL, KGDB_IN_FRAME(pc), SAVED(pc), 0),
	/* in the first feature, away from its other rows: gdb is told its number */
	KGDB_REG("sp", 64, 0, "data_ptr", NULL, KGDB_IN_FRAME(sp), SAVED(sp), 0),
	KGDB_REG("fp", 64, 1, "data_ptr", "general", KGDB_IN_FRAME(fp), SAVED(fp), 0),
	KGDB_REG("flags", 32, 1, "fake_flags", NULL, KGDB_IN_FRAME(flags), KGDB_NOWHERE, 0),
	KGDB_REG("fpu", 64, 1, NULL, NULL, KGDB_IN_CPU(fpu), KGDB_NOWHERE, 0),
	KGDB_REG("sel", 32, 1, NULL, NULL, SEL, TASK_SEL, ~0ULL),
	KGDB_REG("mode", 32, 1, NULL, NULL, KGDB_IN_FRAME(mode), KGDB_NOWHERE, FAKE_MODE),
	KGDB_REG("tag", 32, 1, NULL, NULL, TAG, TAG, 0),
};

#ifndef FAKE_ARCH_MINIMAL
/* The second feature's types carry characters the binary reply escapes. */
static const struct kgdb_reg_feature fake_features[] = {
	{ "fake.gprs", NULL },
	{ "fake.\"ctl\"", "<flags id=\"fake_flags\" size=\"4\"><!-- #$}* --></flags>" },
};
#endif

void flush_icache_range(unsigned long start, unsigned long end)
{
	fake_icache_flushes++;
}

#ifndef FAKE_ARCH_MINIMAL
#ifdef FAKE_ARCH_SOFTSTEP
/*
 * A software step: the next instruction, and where r7 points when it is
 * set (a branch); r6 == FAKE_NO_STEP marks one that cannot be stepped,
 * FAKE_EMULATED one the arch carries out itself.
 */
static int fake_next_pcs(struct pt_regs *regs, u32 insn, uintptr_t *pcs)
{
	u32 word;

	memcpy(&word, fake_mem + regs->pc, sizeof(word));
	if (insn != word)
		return -EIO;	/* not the instruction at the PC */
	if (regs->r[6] == FAKE_NO_STEP)
		return -EINVAL;
	if (regs->r[6] == FAKE_NO_TARGET)
		return KGDB_STEP_IRQ_INSN;
	if (regs->r[6] == FAKE_EMULATED) {
		regs->pc += FAKE_INSN_LEN;
		return 0;
	}
	pcs[0] = regs->pc + FAKE_INSN_LEN;
	pcs[1] = regs->r[7];
	return (regs->r[7] ? 2 : 1) | (regs->r[6] == FAKE_SETS_IE ? KGDB_STEP_IRQ_INSN : 0);
}
#else
static int fake_single_step(struct pt_regs *regs, bool on)
{
	regs->flags = on ? regs->flags | FAKE_TF : regs->flags & ~FAKE_TF;
	return on && regs->r[6] == FAKE_SETS_IE ? KGDB_STEP_IRQ_INSN : 0;
}
#endif

/* The CPU's state the frame lacks: made up from the CPU's number. */
static void fake_cpu_enter(struct kgdb_arch_cpu *st)
{
	st->fpu = 0xf0f0f0f000000000ull + fake_this_cpu;
	st->sel = 0x28;
	st->tag = 0x5a;
}

static void fake_cpu_leave(struct kgdb_arch_cpu *st)
{
	fake_left[fake_this_cpu] = *st;
}

/* "tag" goes through the hooks: a byte of the kept state, inverted; a task's is 0xee. */
static void fake_reg_get(unsigned int regno, u8 *val, const struct pt_regs *regs,
			 const struct kgdb_arch_cpu *st)
{
	val[0] = (u8)~st->tag;
}

static void fake_reg_set(unsigned int regno, const u8 *val, struct pt_regs *regs,
			 struct kgdb_arch_cpu *st)
{
	st->tag = (u8)~val[0];
}

static void fake_task_reg_get(unsigned int regno, u8 *val, const struct task *t)
{
	val[0] = 0xee;
}

static unsigned int fake_hw_slots(enum kgdb_bptype type, unsigned int *first)
{
	*first = 0;
	return type == KGDB_WATCH_READ ? 0 : FAKE_HW_SLOTS;
}

/* One slot takes a whole request of 1, 2, 4 or 8 bytes. */
static long fake_hw_piece(enum kgdb_bptype type, uintptr_t addr, size_t left)
{
	return left == 1 || left == 2 || left == 4 || left == 8 ? (long)left : -EINVAL;
}

/* The calling CPU's debug registers: what it was last given, or nothing. */
static void fake_hw_install(const struct kgdb_hw_slot *slots)
{
	struct kgdb_hw_slot *regs = fake_hw[fake_this_cpu];

	if (slots)
		memcpy(regs, slots, sizeof(fake_hw[0]));
	else
		memset(regs, 0, sizeof(fake_hw[0]));
	__atomic_fetch_add(&fake_hw_installs, 1, __ATOMIC_RELAXED);
}

static int fake_hw_hit(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		       uintptr_t *addr)
{
	if (fake_hw_fired < 0)
		return -1;
	if (!slots[fake_hw_fired].used)
		return KGDB_HW_STALE;	/* fired, but not a slot this CPU has now */
	*addr = slots[fake_hw_fired].addr;
	return fake_hw_fired;
}

/*
 * Held CPUs sleep until kicked, as on an arch with a low-power wait. A
 * release the core forgot to kick shows up as a sleep that outlives its
 * release by the timeout, counted in fake_missed_kicks.
 */
const char fake_hold_window[2];

static pthread_mutex_t kick_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t kick_cond = PTHREAD_COND_INITIALIZER;
static bool kicked[NR_CPUS];

static void fake_hold_wait(const bool *release)
{
	unsigned int cpu = fake_this_cpu;
	struct timespec deadline;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += 1;
	pthread_mutex_lock(&kick_lock);
	while (!kicked[cpu] && !__atomic_load_n(release, __ATOMIC_ACQUIRE)) {
		if (pthread_cond_timedwait(&kick_cond, &kick_lock, &deadline)) {
			if (__atomic_load_n(release, __ATOMIC_ACQUIRE))
				fake_missed_kicks++;
			break;
		}
	}
	kicked[cpu] = false;
	pthread_mutex_unlock(&kick_lock);
}

#ifndef FAKE_ARCH_SOFTSTEP
/* The arch's own kick: the wake-up, and the NMI the core then expects. */
static void fake_hold_kick(unsigned int cpu)
{
	fake_kick(cpu);
}
#endif

#endif

void fake_kick(unsigned int cpu)
{
	fake_send_nmi(cpu);
#ifndef FAKE_ARCH_MINIMAL
	pthread_mutex_lock(&kick_lock);
	kicked[cpu] = true;
	pthread_cond_broadcast(&kick_cond);
	pthread_mutex_unlock(&kick_lock);
#endif
}

#ifdef FAKE_ARCH_XOL
/* Each slot prepared, and the instruction it holds. */
static struct {
	uintptr_t slot, addr;
} xol_slots[CONFIG_KGDB_MAX_BREAKPOINTS];

uintptr_t fake_xol_slot(uintptr_t addr)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(xol_slots); i++)
		if (xol_slots[i].slot && xol_slots[i].addr == addr)
			return xol_slots[i].slot;
	return 0;
}

/* A slot holds the instruction and (on a real arch) the way back after it. */
static int fake_xol_prepare(u8 *slot, uintptr_t slot_addr, const u8 *insn, size_t avail,
			    uintptr_t addr)
{
	unsigned int i;

	if (addr == FAKE_XOL_FIXED || avail < FAKE_INSN_LEN)
		return -EINVAL;
	if (addr != FAKE_XOL_UNMAPPED)
		fake_host_map(slot_addr, KGDB_XOL_SLOT_SIZE);
	for (i = 0; xol_slots[i].slot && xol_slots[i].slot != slot_addr; i++)
		;
	xol_slots[i].slot = slot_addr;
	xol_slots[i].addr = addr;
	memcpy(slot, insn, FAKE_INSN_LEN);
	return FAKE_INSN_LEN;
}

static void fake_xol_enter(struct pt_regs *regs, uintptr_t slot_addr)
{
	regs->pc = slot_addr;
}

/* In the slot, not yet run: at the instruction; past it: after it. */
static void fake_xol_leave(struct pt_regs *regs, uintptr_t slot_addr, uintptr_t addr,
			   unsigned int len)
{
	regs->pc = regs->pc == slot_addr ? addr : addr + len;
}

static const struct kgdb_xol_ops fake_xol_ops = {
	.prepare = fake_xol_prepare,
	.enter = fake_xol_enter,
	.leave = fake_xol_leave,
};
#endif

#ifndef FAKE_ARCH_MINIMAL
static const struct kgdb_hw_ops fake_hw_ops = {
	.slots = fake_hw_slots,
	.piece = fake_hw_piece,
	.install = fake_hw_install,
	.hit = fake_hw_hit,
};
#endif

unsigned int fake_naps[FAKE_MAX_NAPS];
size_t fake_nr_naps;

#ifndef FAKE_ARCH_MINIMAL
static void fake_idle(unsigned int us)
{
	if (fake_nr_naps < FAKE_MAX_NAPS)
		fake_naps[fake_nr_naps++] = us;
	udelay(us);
}
#endif

const struct kgdb_arch arch_kgdb_ops = {
	.bp_insn = 0xcc,
	.bp_len = 1,
	.bp_insn_alt = 0x03cd,	/* int 3, for compiled-in breakpoints (bytes cd 03) */
	.bp_len_alt = 2,
#ifdef FAKE_ARCH_SOFTSTEP
	.bp_pc_offset = 0,	/* as the arches that step in software have it */
#else
	.bp_pc_offset = 1,
#endif
	.regs = fake_regs_table,
	.num_regs = FAKE_NUM_REGS,
	.tdesc_arch = "fake",
	.triple_arch = "fake",
	.pc_regno = 8,
	.sp_regno = 9,
	.fp_regno = 10,
#ifndef FAKE_ARCH_MINIMAL
	.roundup_cpus = fake_roundup,
	.reg_features = fake_features,
	.num_reg_features = ARRAY_SIZE(fake_features),
	.reg = { .get = fake_reg_get, .set = fake_reg_set, .task_get = fake_task_reg_get },
	.step.irq = KGDB_IRQ_ENABLE(flags, FAKE_IE),
#ifdef FAKE_ARCH_SOFTSTEP
	.step.next_pcs = fake_next_pcs,
#else
	.step.single = fake_single_step,
#endif
#ifdef FAKE_ARCH_SOFTSTEP
	.hold = { .wait = fake_hold_wait },	/* the generic kick */
#else
	.hold = { .wait = fake_hold_wait, .kick = fake_hold_kick,
		  .window_start = fake_hold_window, .window_end = fake_hold_window + 1 },
#endif
	.cpu = { .enter = fake_cpu_enter, .leave = fake_cpu_leave },
	.idle = fake_idle,
	.hw = &fake_hw_ops,
#endif
#ifdef FAKE_ARCH_XOL
	.xol = &fake_xol_ops,
#endif
};
