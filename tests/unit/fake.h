/* SPDX-License-Identifier: MIT */
#ifndef _TESTS_UNIT_FAKE_H
#define _TESTS_UNIT_FAKE_H

/*
 * A fake machine for the debugger on the host: CPUs are threads (CPU 0 is
 * the test's own), memory is a small map with a read-only text region and
 * a hole, and the transport replays a script of gdb's bytes while
 * recording every byte the stub sends.
 */

#include <kgdb.h>
#include <kernel/die.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <asm/ptrace.h>

#define FAKE_TF		0x100u	/* trap after one instruction */
#define FAKE_IE		0x200u	/* interrupts enabled */
#define FAKE_MODE	0xfu	/* mode bits: a write to "mode" keeps them */
#define FAKE_INSN_LEN	4
#define FAKE_NO_STEP	0x5e1fu	/* r6: the soft-step fake arch cannot step this */
#define FAKE_EMULATED	0xe1a0u	/* r6: ... or carries it out itself */
#define FAKE_SETS_IE	0x1e00u	/* r6: ... or sets the interrupt enable itself */
#define FAKE_NO_TARGET	0x0ddu	/* r6: ... or (a port's bug) gives no next PC at all */
/*
 * r0-r7, pc, sp, fp (8 bytes), flags (4), then fpu (8, kept per CPU), sel
 * (4, from a 2-byte field), mode (4, from an 8-byte one), tag (4, by the
 * arch's hooks).
 */
#define FAKE_NUM_REGS	16
#define FAKE_REGS_SIZE	(11 * 8 + 4 + 8 + 4 + 4 + 4)
#define FAKE_TASK_SEL	0x10	/* what a sleeping task's sel reads */

/* Memory map: [TEXT, HOLE) read-only text, [HOLE, DATA) unmapped, [DATA, END) data. */
#define FAKE_TEXT	0x1000u
#define FAKE_HOLE	0x2000u
#define FAKE_DATA	0x3000u
#define FAKE_END	0x5000u
#define FAKE_BREAK_ADDR	(FAKE_TEXT + 0x800)	/* kgdb_breakpoint()'s int3 */
extern u8 fake_mem[FAKE_END];
extern bool fake_text_locked;		/* text_poke() fails: text that will not take writes */
/* Host memory (the out-of-line slots) the nofault copies reach, until fake_reset(). */
void fake_host_map(uintptr_t addr, size_t len);
#define FAKE_EXTABLE_ADDR (FAKE_TEXT + 0x300)	/* the exception table's one entry */
/*
 * Built with -DFAKE_ARCH_XOL the arch runs instructions out of line: the
 * instruction at FAKE_XOL_FIXED cannot move, and at FAKE_XOL_UNMAPPED the
 * slot is not mapped. fake_xol_slot(): where the instruction at @addr was
 * last prepared to run, 0 if nowhere.
 */
#define FAKE_XOL_FIXED	(FAKE_TEXT + 0x140)
#define FAKE_XOL_UNMAPPED (FAKE_TEXT + 0x180)
uintptr_t fake_xol_slot(uintptr_t addr);
extern unsigned int fake_icache_flushes;

/* CPUs: fake_regs[cpu] is the frame each traps with. */
extern struct pt_regs fake_regs[NR_CPUS];
extern bool fake_cpu_deaf[NR_CPUS];
void fake_cpus_start(unsigned int online);
void fake_cpus_stop(void);
/* The flags the last instruction stepped with the trap flag ran with. */
extern u32 fake_flags_stepped;
/* Take an exception on this thread's CPU; returns the die chain's verdict. */
int fake_exception(enum die_val val, int signo, struct pt_regs *regs);
int fake_panic(const char *msg);
/*
 * CPU @cpu (not 0) takes exception @val as soon as another CPU holds the
 * debugger, ahead of the roundup; fake_trap_result() waits for the die
 * chain's verdict.
 */
void fake_trap_while_stopped(unsigned int cpu, enum die_val val);
int fake_trap_result(unsigned int cpu);
/* An NMI to @cpu: its thread takes it (CPU 0 as it next breaks in). */
void fake_send_nmi(unsigned int cpu);
/* ... and the end of its sleep in the holding loop, if it sleeps there. */
void fake_kick(unsigned int cpu);
/* Where the fake arch's held CPUs would sleep (its hold window). */
extern const char fake_hold_window[2];
/* Runs in the transport's post_exception, the last thing before the CPUs go. */
extern void (*fake_post_hook)(void);
/* _exit(), keeping the coverage build's counters. */
void fake_exit(int status) __attribute__((noreturn));

/* Tasks: pid 0..3 fixed (see fake_kernel.c), then @extra sleeping ones. */
void fake_tasks_setup(unsigned int extra);
extern struct task *fake_cpu_task[NR_CPUS];

/* What each CPU kept as it last left the debugger (cpu_leave). */
extern struct kgdb_arch_cpu fake_left[NR_CPUS];

/* Hardware slots of the fake arch: each CPU's debug registers. */
#define FAKE_HW_SLOTS	4
extern struct kgdb_hw_slot fake_hw[NR_CPUS][KGDB_HW_SLOTS];
extern int fake_hw_fired;		/* slot index hw_hit reports, or -1 */
extern unsigned int fake_hw_installs;
extern unsigned int fake_missed_kicks;	/* releases held CPUs slept through */
extern __thread unsigned int fake_this_cpu;

/* The scripted transport. */
extern struct kgdb_io fake_io;
extern int (*fake_io_eof)(void);	/* called when the script runs out */
void script_reset(void);
/* Called after each byte the transport sends, where set. */
extern void (*fake_write_hook)(u8 c);
void script_raw(const char *s, size_t len);
void script_str(const char *s);
/* The next chunk comes only after the stub has waited @us (udelay) for it. */
void script_late(unsigned long us);
/* ... or only once the stub has written @s (kept by the caller) since the chunk before. */
void script_until(const char *s);
void script_pkt(const char *payload);
void script_pkt_len(const char *payload, size_t len);
void expect_str(const char *s);
void expect_pkt(const char *payload);
void expect_pkt_len(const char *payload, size_t len);
/* gdb sends @req and acks; the stub acks and replies @reply. */
void xchg(const char *req, const char *reply);
bool script_done(void);
const char *output_buf(size_t *len);
const char *expected_buf(size_t *len);

/* The master's naps (kgdb_arch.idle) as the core asked for them, in
 * microseconds; each waits its length with udelay(). */
#define FAKE_MAX_NAPS	256
extern unsigned int fake_naps[FAKE_MAX_NAPS];
extern size_t fake_nr_naps;

/* With fake_virtual_clock set, udelay() adds to fake_clock_us and sleeps not. */
extern bool fake_virtual_clock;
extern unsigned long fake_clock_us;

/* Everything to a fresh state: memory, CPUs, tasks, script, transport. */
void fake_reset(unsigned int cpus);

extern void (*fake_restart_hook)(void);

/* What log_buf_dump() gives; NULL: one line, "[0.000] booted". */
extern const char *fake_dmesg;

/* What printk_bounded() logged (the debugger's dprintf); busy: it drops. */
extern char fake_log[4096];
extern size_t fake_log_len;
extern bool fake_log_busy;

/* kmalloc() fails: a feature that takes its memory at boot goes without. */
extern bool fake_kmalloc_fails;

#endif
