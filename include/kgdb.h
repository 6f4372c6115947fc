/* SPDX-License-Identifier: MIT */
#ifndef _KGDB_H
#define _KGDB_H

/*
 * The kernel debugger's public API: the two tables a port fills in
 * (struct kgdb_arch for an architecture, struct kgdb_io for a transport)
 * and the entry points the rest of the kernel may call. The core
 * (kernel/debug/kgdb.c, kernel/debug/gdbstub*.c) knows no hardware; see docs/porting.md.
 *
 * Contexts used below:
 *   debugger context - on the master CPU inside the debugger: interrupts
 *     off, every other online CPU held in the core's holding loop (or
 *     missing after a roundup timeout), no locks taken that normal code may
 *     hold. Memory access must be fault-safe.
 *   holding context - on a CPU parked by the roundup: interrupts off.
 */

#include <kernel/types.h>
#include <kernel/compiler.h>
/*
 * <asm/kgdb.h> must define
 *	static inline void arch_kgdb_breakpoint(void)
 * which executes the arch's breakpoint instruction inline (so that the
 * trap is taken in kgdb_breakpoint() itself and arrives as DIE_BREAKPOINT).
 */
#include <asm/kgdb.h>

struct pt_regs;
struct task;
struct printer;

/* Breakpoint and watchpoint kinds, numbered as gdb's Z/z packets number them. */
enum kgdb_bptype {
	KGDB_BP_SOFTWARE = 0,
	KGDB_BP_HARDWARE = 1,
	KGDB_WATCH_WRITE = 2,
	KGDB_WATCH_READ = 3,
	KGDB_WATCH_ACCESS = 4,
};

/* Longest software breakpoint instruction any arch uses. */
#define KGDB_MAX_BP_LEN		8
/* Most places one instruction may continue at (next_pcs). */
#define KGDB_STEP_MAX_TARGETS	2

/*
 * One hardware breakpoint or watchpoint register's worth of a gdb request:
 * @len bytes from @addr (a watched range may take several slots).
 */
struct kgdb_hw_slot {
	bool used;
	enum kgdb_bptype type;
	uintptr_t addr;
	size_t len;
};
/* Slots in the core's table; an arch maps its debug registers onto them. */
#define KGDB_HW_SLOTS		32
/* hw_hit(): a debug register fired that the CPU no longer has. */
#define KGDB_HW_STALE		(-2)

/*
 * Where the core finds a register: at @off in the trap frame (struct
 * pt_regs) or in a sleeping task's saved context (struct arch_context),
 * in a field of @size bytes; or through the arch's hooks (KGDB_BY_ARCH);
 * or nowhere (KGDB_NOWHERE: it reads as zero and ignores writes). A field
 * holds the register as gdb sees it: of its size, in target byte order.
 * Anything else (a wider field, bits that may not change) goes through
 * the arch's hooks.
 */
struct kgdb_reg_loc {
	u16 off;
	u8 size;
};
#define KGDB_LOC_ARCH		0xffff
#define KGDB_LOC_NONE		0xfffe
#define KGDB_BY_ARCH		{ KGDB_LOC_ARCH, 0 }
#define KGDB_NOWHERE		{ KGDB_LOC_NONE, 0 }
#define KGDB_IN_FRAME(field)	\
	{ __builtin_offsetof(struct pt_regs, field), sizeof(((struct pt_regs *)0)->field) }
#define KGDB_IN_TASK(field)	\
	{ __builtin_offsetof(struct arch_context, field), \
	  sizeof(((struct arch_context *)0)->field) }

/*
 * One register, as gdb's target description names it. The arch's table
 * lists them in gdb's numbering, which is the order of the 'g' packet;
 * the core serves the target description (qXfer:features:read) made from
 * it, and reads and writes registers through it.
 */
struct kgdb_reg {
	const char *name;
	u16 bits;
	u8 feature;			/* index into kgdb_arch.reg_features */
	const char *type;		/* gdb's type; NULL: an integer of @bits */
	const char *group;		/* NULL: the group gdb picks for @type */
	struct kgdb_reg_loc frame;	/* of a CPU stopped in the debugger */
	struct kgdb_reg_loc task;	/* of a sleeping task */
};

/* A target description feature; its rows may be anywhere in the table. */
struct kgdb_reg_feature {
	const char *name;		/* for example "org.gnu.gdb.arm.core" */
	const char *types;		/* XML defining the types they use, or NULL */
};

/*
 * An architecture backend: one const table named arch_kgdb_ops, defined in
 * arch/<arch>/kernel/kgdb.c. Data fields describe the arch; hooks marked
 * "optional" may be NULL, which turns off the packets (and the qSupported
 * features) that need them. Every hook is called in debugger context unless
 * stated otherwise, and may assume the core has already checked its
 * arguments against the fields of this table.
 */
struct kgdb_arch {
	/* The software breakpoint instruction, in memory byte order. */
	u8 bp_insn[KGDB_MAX_BP_LEN];
	unsigned int bp_len;
	/*
	 * How many bytes past a breakpoint instruction the PC points when it
	 * traps (x86: 1, most RISCs: 0). The core rewinds the PC of a trap at
	 * one of gdb's breakpoints, and on resume skips a compiled-in
	 * breakpoint (kgdb_breakpoint()) that left the PC on itself.
	 */
	unsigned int bp_pc_offset;

	/*
	 * gdb's registers: num_regs rows, in gdb's numbering. pc/sp/fp_regno
	 * are expedited in stop replies (fp_regno may be -1). tdesc_arch is
	 * the target description's <architecture> ("i386:x86-64", "arm");
	 * with reg_features NULL no description is served, and gdb assumes
	 * its default layout for the architecture it was told.
	 */
	const struct kgdb_reg *regs;
	unsigned int num_regs;
	const struct kgdb_reg_feature *reg_features;
	unsigned int num_reg_features;
	const char *tdesc_arch;
	int pc_regno;
	int sp_regno;
	int fp_regno;

	/*
	 * Optional, for rows whose frame location is KGDB_BY_ARCH: register
	 * @regno of CPU @cpu, stopped in the debugger with trap frame @regs
	 * (and what cpu_enter() kept), into @val (bits / 8 bytes, target byte
	 * order); and writing it, which takes effect when the CPU resumes.
	 * reg_set ignores what cannot change (segment registers, say) and
	 * keeps the frame consistent. NULL: such registers read as zero, and
	 * writes to them are ignored.
	 */
	void (*reg_get)(unsigned int regno, u8 *val, const struct pt_regs *regs,
			unsigned int cpu);
	void (*reg_set)(unsigned int regno, const u8 *val, struct pt_regs *regs,
			unsigned int cpu);
	/*
	 * Optional, for rows whose task location is KGDB_BY_ARCH: register
	 * @regno of @t, asleep (what arch_switch_to() saved, or a constant
	 * such as the kernel's code segment), into @val.
	 */
	void (*task_reg_get)(unsigned int regno, u8 *val, const struct task *t);

	/* The program counter of a trap frame, and setting it (c/s with an address). */
	uintptr_t (*get_pc)(const struct pt_regs *regs);
	void (*set_pc)(struct pt_regs *regs, uintptr_t pc);

	/*
	 * Optional: arm (@on) or disarm hardware single-step in @regs, so that
	 * the CPU traps with DIE_DEBUG after one instruction once it resumes.
	 * May be called for a held CPU's frame from the master.
	 */
	void (*single_step)(struct pt_regs *regs, bool on);
	/*
	 * Optional, for an arch without single_step: the core steps in
	 * software, planting its breakpoint instruction where the instruction
	 * at the frame's PC may continue. Store those addresses (at most
	 * KGDB_STEP_MAX_TARGETS) in @pcs and return how many; or carry the
	 * instruction out in @regs itself and return 0 (one whose effect a
	 * step cannot contain, such as unmasking interrupts, which would let
	 * the step end in a handler or another task); or return a negative
	 * errno for an instruction that cannot be stepped. In the last two
	 * cases the step ends at once, where the frame's PC now is. With
	 * neither hook the core offers no 's', and gdb steps with temporary
	 * breakpoints itself.
	 */
	int (*next_pcs)(struct pt_regs *regs, uintptr_t *pcs);
	/*
	 * Optional, with next_pcs: mask interrupts in @regs for the step
	 * (@on), so that it ends after the instruction and not in a handler,
	 * and put the frame's own mask back after it (@on false), unless the
	 * stepped instruction set the mask itself.
	 */
	void (*step_irqs)(struct pt_regs *regs, bool on);

	/*
	 * Optional: make every other online CPU call kgdb_nmicallback() (or
	 * take DIE_NMI through the die chain) soon, even with interrupts off
	 * where the arch can. Called on the master with interrupts off. NULL:
	 * the core waits for no other CPU (uniprocessor ports).
	 */
	void (*roundup_cpus)(void);

	/*
	 * Optional: called repeatedly by a held CPU, interrupts off, until the
	 * master sets *@release. Return at once if *@release is set; otherwise
	 * either return soon (a short pause) or sleep until hold_kick() for
	 * this CPU, without missing a kick sent after *@release was tested.
	 * Returning early is harmless. NULL: cpu_relax().
	 */
	void (*hold_wait)(const bool *release);

	/*
	 * Optional, with a hold_wait() that sleeps: wake held CPU @cpu, with
	 * an NMI (one that arrives through the die chain as DIE_NMI). The
	 * master calls it, interrupts off, after setting that CPU's release
	 * flag; the core marks the CPU kicked first and absorbs the NMI when
	 * it arrives, even long after, once the CPU lets NMIs in again. Must
	 * be safe to call for a CPU that has stopped waiting.
	 */
	void (*hold_kick)(unsigned int cpu);
	/*
	 * Optional: an NMI arrived (a kick, a roundup or any other), with
	 * @regs the frame it interrupted, before the core looks at it. Lets a
	 * hold_wait() whose sleep cannot test the release flag and sleep in
	 * one step move a CPU woken in between past its sleep instruction.
	 */
	void (*hold_woken)(struct pt_regs *regs);

	/*
	 * Optional: make @len bytes of instructions written at @addr visible to
	 * instruction fetch on every CPU, after the core patched them
	 * (breakpoints, or gdb writing memory). NULL on coherent arches.
	 */
	void (*flush_icache)(uintptr_t addr, size_t len);

	/*
	 * Optional: per-CPU state to keep while a CPU is in the debugger.
	 * cpu_enter() runs on every CPU (master and held) as it stops, before
	 * the core reads its registers; cpu_leave() as it resumes, after gdb's
	 * changes. Interrupts are off. x86 saves and restores x87/SSE here.
	 */
	void (*cpu_enter)(unsigned int cpu);
	void (*cpu_leave)(unsigned int cpu);

	/*
	 * Optional hardware breakpoints and watchpoints (Z1-Z4). The core keeps
	 * gdb's requests and a table of KGDB_HW_SLOTS slots shared by all CPUs;
	 * the arch only describes its debug registers. All four hooks are set
	 * together or all NULL.
	 *
	 * hw_slots: the slot numbers a request of @type may use,
	 * [*@first, *@first + n); returns n, 0 when the CPU cannot do @type
	 * (gdb is then told the packet is unsupported). Any context.
	 */
	unsigned int (*hw_slots)(enum kgdb_bptype type, unsigned int *first);
	/*
	 * hw_piece: how many bytes, starting at @addr, of the @left bytes
	 * still to cover one slot of @type takes (1..@left), or -EINVAL when
	 * the range cannot be watched (a bad alignment or length).
	 */
	long (*hw_piece)(enum kgdb_bptype type, uintptr_t addr, size_t left);
	/*
	 * hw_install: on this CPU, load the debug registers from @slots (all
	 * KGDB_HW_SLOTS of them; unused ones switched off), or switch every
	 * slot off when @slots is NULL. Called on each CPU as it enters the
	 * debugger (NULL) and as it leaves, interrupts off.
	 */
	void (*hw_install)(const struct kgdb_hw_slot *slots);
	/*
	 * hw_hit: for a DIE_DEBUG trap with error code @err (what the trap
	 * handler passed notify_die()), on the trapping CPU, before the core
	 * waits for anything: which of @slots (what this CPU has installed)
	 * fired, with the address to report in *@addr (the data address of a
	 * watchpoint); -1 when no slot fired (a step, or a debug trap not
	 * ours); KGDB_HW_STALE when a slot fired that is not in @slots: a
	 * roundup reloaded this CPU's registers between the trap and this
	 * call, and the core drops the trap. May adjust @regs so that resuming
	 * does not fire the slot again.
	 */
	int (*hw_hit)(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		      uintptr_t *addr);
};

/* The architecture's table, defined by the arch backend. */
extern const struct kgdb_arch arch_kgdb_ops;

/* Returned by kgdb_io.read_char() when no character is pending. */
#define KGDB_NO_CHAR		(-1)

/*
 * A transport: one per instance (kgdboc, ...). Hooks other than init run
 * in debugger context, on whichever CPU is master, and must work with
 * interrupts off while the rest of the system is stopped: polling only, no
 * sleeping, no locks normal code may hold.
 */
struct kgdb_io {
	const char *name;
	/* One received byte (0..255), or KGDB_NO_CHAR at once when none. */
	int (*read_char)(void);
	/* Send one byte; may wait for room in the transmitter. */
	void (*write_char)(u8 c);
	/* Optional: push out anything write_char() buffered. */
	void (*flush)(void);
	/*
	 * Optional: called once by kgdb_register_io_module(), in normal
	 * context, before anything else; nonzero fails the registration.
	 */
	int (*init)(void);
	/*
	 * Optional: called on the master when it enters the debugger, before
	 * it rounds up the other CPUs and before the first byte, and when it
	 * leaves, after the last byte and before the others are released
	 * (e.g. to mask the port's receive interrupt while the debugger
	 * polls, or to wait for another CPU to finish using the device).
	 */
	void (*pre_exception)(void);
	void (*post_exception)(void);
	/*
	 * Optional: gdb ended its session (detach or kill), in debugger
	 * context after the last reply went out: a transport that serves one
	 * client at a time may accept another from now on.
	 */
	void (*session_end)(void);
	/*
	 * The transport is also a console: kernel messages already reach the
	 * same line, so the core does not copy them to gdb as O packets.
	 */
	bool is_console;
	/*
	 * Bytes may be lost, in the units the transport sends (datagrams,
	 * a flush() each at least): acknowledgements stay on (no-ack mode is
	 * refused), an ack goes out with the reply in one flush, and a
	 * request gdb sends again because that flush was lost gets the same
	 * reply again instead of running twice. flush() must then also be
	 * called, by the transport itself, for bytes left unflushed when the
	 * debugger resumes the target (the ack of a resume packet).
	 */
	bool unreliable;
};

/*
 * Make @io the debugger's transport (one at a time; -EBUSY otherwise). The
 * first registration hooks the die and panic notifier chains. Normal
 * context. Returns 0 or a negative errno (including init()'s).
 */
int kgdb_register_io_module(struct kgdb_io *io);
/*
 * Remove @io, in normal context, not while the debugger runs. Breakpoints
 * planted in memory are taken out first, so nothing is left to trap.
 */
void kgdb_unregister_io_module(struct kgdb_io *io);

/*
 * The core owns the "kgdbwait" boot parameter. A transport calls this once
 * its registration succeeded: if kgdbwait was given, it stops here (once)
 * and waits for gdb. Normal context.
 */
void kgdb_initial_breakpoint(void);

/* Enter the debugger here (SIGTRAP), from any context with a transport. */
void kgdb_breakpoint(void);

/*
 * For a transport that saw gdb's interrupt byte (0x03) while the kernel
 * runs: break in and report SIGINT. Safe from the receive interrupt.
 */
void kgdb_interrupt(void);

/*
 * For an arch whose roundup is not an NMI through the die chain (say, an
 * IPI): the handler calls this with its trap frame. Returns true when the
 * CPU was held by the debugger (and has been released), false when the
 * debugger was not asking for this CPU.
 */
bool kgdb_nmicallback(unsigned int cpu, struct pt_regs *regs);

/* True while some CPU is inside the debugger (for code that must not wait). */
bool kgdb_active(void);
/* True while a gdb is attached (from its first packet to detach or kill). */
bool kgdb_connected(void);

/*
 * gdb's "monitor <name> [args]" (qRcmd). The core has help, ps, dmesg,
 * cpus and reboot; any file adds a command with
 *	KGDB_MONITOR_REPORT(name, "help", fn);	(only looks: runs in kgdb.ro)
 *	KGDB_MONITOR_CMD(name, "help", fn);	(may change the machine)
 * run() executes in debugger context (it must not sleep, take locks or
 * touch hardware that stopped CPUs may be using) and prints through @out,
 * which goes to gdb's console; it returns 0 or a negative errno (sent to
 * gdb as E<errno>). argv[0] is the name; up to KGDB_MONITOR_MAX_ARGS
 * words. Names are unique (a unit test checks the table).
 */
#define KGDB_MONITOR_MAX_ARGS	8
struct kgdb_monitor_cmd {
	const char *name;
	const char *help;
	int (*run)(struct printer *out, int argc, char **argv);
	bool report_only;	/* allowed in read-only mode */
};

#define __KGDB_MONITOR(n, h, fn, ro) \
	static const struct kgdb_monitor_cmd __kgdb_monitor_##n __used \
	__section("kgdb_monitor_cmds") __aligned(sizeof(void *)) = { #n, h, fn, ro }
#define KGDB_MONITOR_REPORT(n, h, fn)	__KGDB_MONITOR(n, h, fn, true)
#define KGDB_MONITOR_CMD(n, h, fn)	__KGDB_MONITOR(n, h, fn, false)

/*
 * kgdbcon: while gdb is attached and the kernel runs, kernel messages are
 * copied to gdb as O packets by a console the core registers along with a
 * transport whose is_console is false (so text never arrives twice on one
 * line). Boot parameter "kgdbcon=0" turns it off; it is on by default.
 * O packets are sent without waiting for gdb's acknowledgement.
 */

#endif
