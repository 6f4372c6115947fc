/* SPDX-License-Identifier: MIT */
#ifndef _KGDB_H
#define _KGDB_H

/*
 * The kernel debugger's public API: the two tables a port fills in
 * (struct kgdb_arch for an architecture, struct kgdb_io for a transport)
 * and the entry points the rest of the kernel may call. The core
 * (kernel/debug/) knows no hardware; see docs/porting.md.
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
 * trap is taken in kgdb_breakpoint() itself and arrives as DIE_BREAKPOINT),
 * and struct kgdb_arch_cpu: what the arch keeps of each CPU while it is in
 * the debugger (state the trap frame lacks: FPU, vector or segment
 * registers), in the core's per-CPU area; it may be empty.
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
#define KGDB_MAX_BP_LEN		4
/* An out-of-line slot (xol), and the most of an instruction prepare() sees. */
#define KGDB_XOL_SLOT_SIZE	64
#define KGDB_XOL_MAX_INSN	16
/* Most places one instruction may continue at (next_pcs). */
#define KGDB_STEP_MAX_TARGETS	2
/* single_step() or next_pcs(): the instruction sets the interrupt enable itself. */
#define KGDB_STEP_IRQ_INSN	0x100

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
/* kgdb_hw_ops.hit(): a debug register fired that the CPU no longer has. */
#define KGDB_HW_STALE		(-2)

/*
 * Where the core finds a register, of a CPU stopped in the debugger or of
 * a sleeping task: a field of @size bytes at @off in the trap frame
 * (struct pt_regs), in the CPU's struct kgdb_arch_cpu or in the task's
 * saved context (struct arch_context); a constant (@off is its value);
 * the arch's reg_get/reg_set hooks; or nowhere (it reads as zero and
 * ignores writes). A field of the register's size holds it as it is, in
 * target byte order (x87, vectors); a narrower or wider integer field
 * (up to 8 bytes) holds its value, zero-extended or cut to size.
 */
enum kgdb_loc_base {
	KGDB_LOC_NONE,
	KGDB_LOC_FRAME,
	KGDB_LOC_CPU,
	KGDB_LOC_TASK,
	KGDB_LOC_CONST,
	KGDB_LOC_ARCH,
};
struct kgdb_reg_loc {
	u32 off;
	u8 size;
	u8 base;
};
/* A compound literal: a row macro passes it on as one argument. */
#define KGDB_LOC(base, off, size)	((struct kgdb_reg_loc){ (off), (size), (base) })
#define KGDB_NOWHERE		KGDB_LOC(KGDB_LOC_NONE, 0, 0)
#define KGDB_BY_ARCH		KGDB_LOC(KGDB_LOC_ARCH, 0, 0)
#define KGDB_CONST(v)		KGDB_LOC(KGDB_LOC_CONST, (v), 0)
#define __KGDB_FIELD(base, type, f)	\
	KGDB_LOC(base, __builtin_offsetof(type, f), sizeof(((type *)0)->f))
#define KGDB_IN_FRAME(f)	__KGDB_FIELD(KGDB_LOC_FRAME, struct pt_regs, f)
#define KGDB_IN_CPU(f)		__KGDB_FIELD(KGDB_LOC_CPU, struct kgdb_arch_cpu, f)
#define KGDB_IN_TASK(f)		__KGDB_FIELD(KGDB_LOC_TASK, struct arch_context, f)
/* The low @n bytes of a wider integer field of the frame (a pushed selector). */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define KGDB_IN_FRAME_LOW(f, n)	KGDB_LOC(KGDB_LOC_FRAME, __builtin_offsetof(struct pt_regs, f) + \
					 sizeof(((struct pt_regs *)0)->f) - (n), (n))
#else
#define KGDB_IN_FRAME_LOW(f, n)	KGDB_LOC(KGDB_LOC_FRAME, __builtin_offsetof(struct pt_regs, f), (n))
#endif

/*
 * One register, as gdb's target description names it. The arch's table
 * lists them in gdb's numbering, which is the order of the 'g' packet;
 * the core serves the target description (qXfer:features:read) made from
 * it, and reads and writes registers through it. Rows are written with
 * KGDB_REG(): without CONFIG_KGDB_FULL_REGS nothing describes registers
 * (gdb takes its built-in layout), and the name, types and feature are
 * left out.
 */
struct kgdb_reg {
#ifdef CONFIG_KGDB_FULL_REGS
	const char *name;
	const char *type;		/* gdb's type; NULL: an integer of @bits */
	const char *group;		/* NULL: the group gdb picks for @type */
	u8 feature;			/* index into kgdb_arch.reg_features */
#endif
	u16 bits;
	struct kgdb_reg_loc frame;	/* of a CPU stopped in the debugger */
	struct kgdb_reg_loc task;	/* of a sleeping task */
	/*
	 * Bits of an integer register a write leaves as they are (a flags
	 * register's mode bits, say, which the exit path needs); ~0: none
	 * may change.
	 */
	u64 keep;
};
#ifdef CONFIG_KGDB_FULL_REGS
#define __KGDB_REG_DESC(n, f, t, g)	.name = (n), .type = (t), .group = (g), .feature = (f),
#else
#define __KGDB_REG_DESC(n, f, t, g)
#endif
#define KGDB_REG(name, bits_, feature, type, group, frame_, task_, keep_)		\
	{ __KGDB_REG_DESC(name, feature, type, group) .bits = (bits_), .frame = frame_,	\
	  .task = task_, .keep = (keep_) }

/* A target description feature; its rows may be anywhere in the table. */
struct kgdb_reg_feature {
	const char *name;		/* for example "org.gnu.gdb.arm.core" */
	const char *types;		/* XML defining the types they use, or NULL */
};

/*
 * A bit of the trap frame: whether the CPU takes interrupts when it
 * resumes. @masks: the bit masks them when set (ARM's I); otherwise it
 * enables them when set (x86's IF).
 */
struct kgdb_frame_bit {
	u16 off;
	u8 size;
	bool masks;
	u64 bit;
};
#define KGDB_IRQ_BIT(f, b, m)	{ __builtin_offsetof(struct pt_regs, f), \
				  sizeof(((struct pt_regs *)0)->f), (m), (b) }
#define KGDB_IRQ_ENABLE(f, b)	KGDB_IRQ_BIT(f, b, false)
#define KGDB_IRQ_MASK(f, b)	KGDB_IRQ_BIT(f, b, true)

/*
 * An arch's hardware breakpoints and watchpoints. The core keeps gdb's
 * requests and a table of KGDB_HW_SLOTS slots shared by all CPUs; the
 * arch only describes its debug registers: all four hooks are required.
 */
struct kgdb_hw_ops {
	/*
	 * slots: the slot numbers a request of @type may use,
	 * [*@first, *@first + n); returns n, 0 when the CPU cannot do @type
	 * (gdb is then told the packet is unsupported). Any context.
	 */
	unsigned int (*slots)(enum kgdb_bptype type, unsigned int *first);
	/*
	 * piece: how many bytes, starting at @addr, of the @left bytes
	 * still to cover one slot of @type takes (1..@left), or -EINVAL when
	 * the range cannot be watched (a bad alignment or length).
	 */
	long (*piece)(enum kgdb_bptype type, uintptr_t addr, size_t left);
	/*
	 * install: on this CPU, load the debug registers from @slots (all
	 * KGDB_HW_SLOTS of them; unused ones switched off), or switch every
	 * slot off when @slots is NULL. Called on each CPU as it enters the
	 * debugger (NULL) and as it leaves, interrupts off.
	 */
	void (*install)(const struct kgdb_hw_slot *slots);
	/*
	 * hit: for a DIE_DEBUG trap with error code @err (what the trap
	 * handler passed notify_die()), on the trapping CPU, before the core
	 * waits for anything: which of @slots (what this CPU has installed)
	 * fired, with the address to report in *@addr (the data address of a
	 * watchpoint); -1 when no slot fired (a step, or a debug trap not
	 * ours); KGDB_HW_STALE when a slot fired that is not in @slots: a
	 * roundup reloaded this CPU's registers between the trap and this
	 * call, and the core drops the trap. May adjust @regs so that resuming
	 * does not fire the slot again.
	 */
	int (*hit)(struct pt_regs *regs, long err, const struct kgdb_hw_slot *slots,
		   uintptr_t *addr);
};

/*
 * Running a breakpoint's displaced instruction out of line, so that a hit
 * that does not stop (a false condition, a dprintf) resumes at once: no
 * step, no other CPU held, the breakpoint left in memory. The core keeps
 * one slot of KGDB_XOL_SLOT_SIZE executable bytes per breakpoint, and
 * writes it only when what it holds changes. All three hooks are required.
 */
struct kgdb_xol_ops {
	/*
	 * prepare: into @slot (what the core then writes at @slot_addr), the
	 * instruction at @addr, whose first bytes are @insn (@avail of them,
	 * at most KGDB_XOL_MAX_INSN), followed by a return to the instruction
	 * after it, in every form enter() may choose. Its length, or a
	 * negative errno for one that cannot run anywhere else (a branch,
	 * what reads the PC, what changes the interrupt enable ...).
	 */
	int (*prepare)(u8 *slot, uintptr_t slot_addr, const u8 *insn, size_t avail,
		       uintptr_t addr);
	/*
	 * enter: make the CPU trapped at @regs resume in the slot at
	 * @slot_addr, run the instruction there and come back with no
	 * interrupt taken in between (one that preempted it there could
	 * leave a sleeping task's PC in a slot).
	 */
	void (*enter)(struct pt_regs *regs, uintptr_t slot_addr);
	/*
	 * leave: the CPU stopped at @regs has its PC in the slot at
	 * @slot_addr (an NMI, a watchpoint, a fault): put it where it is in
	 * the original code, the instruction at @addr being @len bytes long:
	 * at @addr before it ran, after it since; with the interrupt enable
	 * enter() took.
	 */
	void (*leave)(struct pt_regs *regs, uintptr_t slot_addr, uintptr_t addr,
		      unsigned int len);
};

/*
 * An architecture backend: one const table named arch_kgdb_ops, defined in
 * arch/<arch>/kernel/kgdb.c: mostly data; hooks marked "optional" may be
 * NULL, which either turns off the packets (and the qSupported features)
 * that need them or means the generic way it names. Every hook is called
 * in debugger context unless stated otherwise, and may assume the core
 * has already checked its arguments against the fields of this table.
 * The core reads and sets the PC with the kernel's instruction_pointer()
 * and instruction_pointer_set(), and syncs patched text with
 * flush_icache_range().
 */
struct kgdb_arch {
	/*
	 * The software breakpoint instruction, @bp_len bytes, as a value:
	 * the core writes it in the target's byte order.
	 */
	u32 bp_insn;
	unsigned int bp_len;
	/*
	 * Optionally a second breakpoint instruction, @bp_len_alt bytes (0:
	 * none), that traps as the first does: the core takes either for a
	 * compiled-in breakpoint and skips its length on resume. For an arch
	 * whose arch_kgdb_breakpoint() must not use the first: gdb's
	 * breakpoints and the software step always plant the first. RISC-V
	 * plants c.ebreak, which fits over a 16-bit instruction and a 32-bit
	 * one alike (gdb's kinds 2 and 4), and compiles in ebreak, since gdb
	 * 13 decodes a c.ebreak under the PC as a jump to 0 when it steps.
	 */
	u32 bp_insn_alt;
	unsigned int bp_len_alt;
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
	 * its default layout for the architecture it was told. triple_arch
	 * is the same machine as an LLVM triple's architecture ("riscv64",
	 * "mipsel"), what qHostInfo tells LLDB: LLDB with no file makes a
	 * triple of <architecture> only for some names ("arm",
	 * "i386:x86-64"; not "riscv:rv64", nor "mips" for a little-endian
	 * MIPS), and with none it crashes on the first register it reads.
	 */
	const struct kgdb_reg *regs;
	unsigned int num_regs;
	const struct kgdb_reg_feature *reg_features;
	unsigned int num_reg_features;
	const char *tdesc_arch;
	const char *triple_arch;
	int pc_regno;
	int sp_regno;
	int fp_regno;

	/*
	 * Optional, for rows whose frame location is KGDB_BY_ARCH (a value
	 * that takes more than a field: a conversion): register @regno of a
	 * CPU stopped in the debugger with trap frame @regs and what it kept
	 * in @st, into @val (bits / 8 bytes, target byte order); and writing
	 * it, which takes effect when the CPU resumes. task_get, for rows
	 * whose task location is KGDB_BY_ARCH: of @t, asleep. NULL: such
	 * registers read as zero, and writes to them are ignored.
	 */
	struct {
		void (*get)(unsigned int regno, u8 *val, const struct pt_regs *regs,
			    const struct kgdb_arch_cpu *st);
		void (*set)(unsigned int regno, const u8 *val, struct pt_regs *regs,
			    struct kgdb_arch_cpu *st);
		void (*task_get)(unsigned int regno, u8 *val, const struct task *t);
	} reg;

	struct {
		/*
		 * The frame's interrupt enable (KGDB_IRQ_ENABLE or
		 * KGDB_IRQ_MASK): the core masks interrupts in the stepping
		 * CPU's frame, so that the step ends after the instruction
		 * and not in a handler, and puts the frame's own setting back
		 * afterwards, unless the stepper said the instruction sets it
		 * itself (KGDB_STEP_IRQ_INSN). So too for a CPU that continues
		 * alone, until its next trap (next_pcs, if any, is asked about
		 * the instruction at its PC). Size 0: interrupts are left as
		 * they are.
		 */
		struct kgdb_frame_bit irq;
		/*
		 * Optional: arm (@on) or disarm hardware single-step in
		 * @regs, so that the CPU traps with DIE_DEBUG after one
		 * instruction once it resumes. Arming returns
		 * KGDB_STEP_IRQ_INSN or 0. May be called for a held CPU's
		 * frame from the master.
		 */
		int (*single)(struct pt_regs *regs, bool on);
		/*
		 * Optional, for an arch without single: the core steps in
		 * software, planting its breakpoint instruction where @insn
		 * (the 32 bits at the frame's PC, as the CPU reads them) may
		 * continue. Store those addresses (at most
		 * KGDB_STEP_MAX_TARGETS) in @pcs and return how many, plus
		 * KGDB_STEP_IRQ_INSN if it sets the interrupt enable itself;
		 * or carry the instruction out in @regs itself and return 0
		 * (one whose effect a step cannot contain, such as unmasking
		 * interrupts, which would let the step end in a handler or
		 * another task); or return a negative errno for an
		 * instruction that cannot be stepped. In the last two cases
		 * the step ends at once, where the frame's PC now is. With
		 * neither hook the core offers no 's', and gdb steps with
		 * temporary breakpoints itself.
		 */
		int (*next_pcs)(struct pt_regs *regs, u32 insn, uintptr_t *pcs);
	} step;

	/*
	 * Optional: make every other online CPU call kgdb_nmicallback() (or
	 * take DIE_NMI through the die chain) soon, even with interrupts off
	 * where the arch can. Called on the master with interrupts off. NULL:
	 * the kernel's NMI to every other CPU (smp_send_nmi_allbutself()).
	 */
	void (*roundup_cpus)(void);

	/* How a held CPU waits for the master to release it. */
	struct {
		/*
		 * Optional: called repeatedly by a held CPU, interrupts off,
		 * until the master sets *@release. Return at once if
		 * *@release is set; otherwise either return soon (a short
		 * pause) or sleep until the kick for this CPU, without
		 * missing a kick sent after *@release was tested. Returning
		 * early is harmless. NULL: cpu_relax(), and no kick.
		 */
		void (*wait)(const bool *release);
		/*
		 * Optional, with a wait() that sleeps: wake held CPU @cpu,
		 * with an NMI (one that arrives through the die chain as
		 * DIE_NMI). The master calls it, interrupts off, after
		 * setting that CPU's release flag; the core marks the CPU
		 * kicked first and absorbs the NMI when it arrives, even long
		 * after, once the CPU lets NMIs in again. Must be safe to
		 * call for a CPU that has stopped waiting. NULL: the kernel's
		 * NMI (smp_send_nmi()).
		 */
		void (*kick)(unsigned int cpu);
		/*
		 * Where wait() tests the release flag and sleeps, if that is
		 * not one step: an NMI (a kick, a roundup or any other) that
		 * interrupts a PC in [window_start, window_end) resumes at
		 * window_end, past the sleep it would otherwise sleep through.
		 */
		const void *window_start;
		const void *window_end;
		/*
		 * Held CPUs sleep in wait() even while the master only steps
		 * over a breakpoint whose hit runs on (a short hold in which
		 * they otherwise spin, so that no kick is needed): where a
		 * spinning CPU keeps the master from running, as vCPUs that
		 * take turns on one host thread.
		 */
		bool sleep_always;
	} hold;

	/*
	 * Optional: sleep up to @us microseconds (less if something wakes
	 * the CPU) with interrupts still off and no handler run (but the
	 * arch's own, for an NMI it sent itself where only an NMI wakes): the
	 * master's nap while its transport is silent (kgdb_io_pause()), so
	 * that a stopped kernel, which spends most of its time waiting for
	 * the client, leaves its host core alone. NULL: the master spins.
	 */
	void (*idle)(unsigned int us);

	/*
	 * Optional (with CONFIG_KGDB_AGENT): a breakpoint's instruction run
	 * out of line (struct kgdb_xol_ops). NULL: a hit that does not stop
	 * is stepped over with the other CPUs held.
	 */
	const struct kgdb_xol_ops *xol;

	/*
	 * Optional: per-CPU state to keep while a CPU is in the debugger, in
	 * @st. enter() runs on every CPU (master and held) as it stops,
	 * before the core reads its registers; leave() as it resumes, after
	 * the debugger's changes. Interrupts are off. x86 saves and restores
	 * x87/SSE here.
	 */
	struct {
		void (*enter)(struct kgdb_arch_cpu *st);
		void (*leave)(struct kgdb_arch_cpu *st);
	} cpu;

	/*
	 * Optional: hardware breakpoints and watchpoints (Z1-Z4), through
	 * the arch's debug registers (struct kgdb_hw_ops). NULL: none, and
	 * gdb is told those packets are unsupported.
	 */
	const struct kgdb_hw_ops *hw;
};

/*
 * A port's data in its struct kgdb_arch: the breakpoint instruction, its
 * length and how far past it the PC traps; the register table, its
 * target description features and architecture (gdb's name, then
 * LLVM's), and the registers a stop reply expedites.
 */
#define KGDB_BREAK_INSN(insn, len, pc_offset)	\
	.bp_insn = (insn), .bp_len = (len), .bp_pc_offset = (pc_offset)
#define KGDB_BREAK_INSN_ALT(insn, len)	.bp_insn_alt = (insn), .bp_len_alt = (len)
#define KGDB_REGISTERS(table, features, arch, triple, pc, sp, fp)			\
	.regs = (table), .num_regs = ARRAY_SIZE(table), __KGDB_FEATURES(features, triple),	\
	.tdesc_arch = (arch), .pc_regno = (pc), .sp_regno = (sp), .fp_regno = (fp)
#ifdef CONFIG_KGDB_FULL_REGS
#define __KGDB_FEATURES(f, t)	.reg_features = (f), .num_reg_features = ARRAY_SIZE(f), \
				.triple_arch = (t)
#else
/*
 * Only the architecture is described: the features go unused, and
 * unlinked; so does LLDB's name for it (LLDB needs the registers).
 */
#define __KGDB_FEATURES(f, t)	.reg_features = (0 ? (f) : NULL), .num_reg_features = 0, \
				.triple_arch = (0 ? (t) : NULL)
#endif

/* The architecture's table, defined by the arch backend. */
extern const struct kgdb_arch arch_kgdb_ops;

/* Returned by kgdb_io.read_char() when no character is pending. */
#define KGDB_NO_CHAR		(-1)

/* What a packet handed to kgdb_io.put_packet() is. */
enum kgdb_packet_kind {
	KGDB_PACKET_REPLY,	/* the reply to the last packet received */
	KGDB_PACKET_STOP,	/* the stop reply the client waits for after a resume */
	KGDB_PACKET_NOTICE,	/* console output while the target runs: no request's */
};

/*
 * A transport: one per instance (kgdboc, kgdboe). Hooks other than init
 * run in debugger context, on whichever CPU is master, and must work with
 * interrupts off while the rest of the system is stopped: polling only, no
 * sleeping, no locks normal code may hold.
 *
 * A stream transport (a serial line) moves bytes (read_char, write_char,
 * flush); the core frames GDB packets on it and keeps them whole with
 * acknowledgements and retransmissions. A packet transport (datagrams,
 * which arrive whole or not at all) moves GDB packets (get_packet,
 * put_packet) and keeps them whole itself: it acks, it answers a request
 * the client sent again because the reply was lost with that reply again
 * instead of handing it on, and it sends the stop reply again while the
 * client stays silent, as FreeBSD's netgdb does over debugnet. It frames
 * with the framing of the front end that owns the line (kgdb_line_framing()).
 */
struct kgdb_io {
	const char *name;
	/* Stream: one received byte (0..255), or KGDB_NO_CHAR at once when none. */
	int (*read_char)(void);
	/* Stream: send one byte; may wait for room in the transmitter. */
	void (*write_char)(u8 c);
	/* Stream, optional: push out anything write_char() buffered. */
	void (*flush)(void);
	/*
	 * Packet: wait for the client's next packet and put its payload
	 * (checksum checked, escapes as sent) in @buf (@size bytes, and room
	 * for a NUL after); return its length, or -E2BIG for a longer one
	 * (dropped; the core answers with an error).
	 */
	int (*get_packet)(char *buf, size_t size);
	/*
	 * Packet: send @payload (@len bytes, escaped) as one packet of @kind.
	 * NOTICE packets come from any CPU while the target runs, one at a
	 * time, and must not wait long for the device.
	 */
	void (*put_packet)(const char *payload, size_t len, enum kgdb_packet_kind kind);
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
	 * Optional: the client ended its session (detach or kill, after the
	 * last reply went out). Debugger context. A transport that serves one
	 * client at a time may accept another.
	 */
	void (*session_end)(void);
	/*
	 * The transport is also a console: kernel messages already reach the
	 * same line, so the core does not copy them to gdb as O packets.
	 */
	bool is_console;
};

/*
 * For packet transports (CONFIG_KGDB_PACKET_IO): the frames of the front
 * end that owns the line, which the transport scans and emits without
 * knowing which front end that is.
 */
enum kgdb_frame {
	KGDB_FRAME_NONE,	/* no whole frame */
	KGDB_FRAME_OK,
	KGDB_FRAME_BAD,		/* a whole frame with a wrong checksum */
};

struct kgdb_framing {
	/*
	 * The first frame in @data: its payload in *@body, *@body_len, and
	 * in *@end where it ends (with KGDB_FRAME_NONE: where an unfinished
	 * one begins, or @len). Bytes before it are outside frames (acks,
	 * the client's interrupt).
	 */
	enum kgdb_frame (*scan)(const u8 *data, size_t len, const u8 **body, size_t *body_len,
				size_t *end);
	/* Whether a packet begins a client's session. */
	bool (*session_opener)(const u8 *body, size_t len);
	/* A hash of a packet's payload: tells a copy of a request from another request. */
	u32 (*hash)(const char *p, size_t len);
	/* @payload framed, one byte at a time through @put. */
	void (*emit)(const char *payload, size_t len, void (*put)(u8 c, void *ctx), void *ctx);
};

/* The framing of the front end that owns the line. */
const struct kgdb_framing *kgdb_line_framing(void);

/*
 * A pause between the master's polls of a silent transport, @quiet_us into
 * the silence; returns its length in microseconds. For a packet
 * transport's wait (get_packet(), an ack) as for the core's own.
 */
unsigned int kgdb_io_pause(unsigned long quiet_us);

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
 * The debugger's commands: gdb's "monitor <name> [args]" (qRcmd) and kdb's
 * prompt run the same table. The core has help, ps, dmesg, cpus and
 * reboot; kdb adds its own; any file adds a command with
 *	KGDB_MONITOR_REPORT(name, "help", fn);	(only looks: runs in kgdb.ro)
 *	KGDB_MONITOR_CMD(name, "help", fn);	(may change the machine)
 *	KGDB_COMMAND(name, "usage", "help", fn, perm, flags);
 * run() executes in debugger context (it must not sleep, take locks or
 * touch hardware that stopped CPUs may be using) and prints through @out,
 * which goes to gdb's console or kdb's; it returns 0 or a negative errno
 * (sent to gdb as E<errno>), or for kdb's flow commands a request of
 * kdb's (kernel/debug/kdb/kdb.h). argv[0] is the name; up to
 * KGDB_MONITOR_MAX_ARGS words. Names are unique (a unit test checks the
 * table).
 */
#define KGDB_MONITOR_MAX_ARGS	16
/* What a command needs, as Linux's kdb.cmd_enable mask has it. */
#define KGDB_CMD_ALL		0x001	/* cmd_enable: everything */
#define KGDB_CMD_MEM_READ	0x002	/* memory and symbols */
#define KGDB_CMD_MEM_WRITE	0x004
#define KGDB_CMD_REG_READ	0x008
#define KGDB_CMD_REG_WRITE	0x010
#define KGDB_CMD_INSPECT	0x020	/* tasks, logs, CPUs */
#define KGDB_CMD_FLOW_CTRL	0x040	/* go, ss, breakpoints */
#define KGDB_CMD_SIGNAL		0x080
#define KGDB_CMD_REBOOT		0x100
#define KGDB_CMD_SAFE		0x200	/* always allowed (help, env) */
/* Flags. */
#define KGDB_CMD_KDB_ONLY	0x1	/* not a gdb monitor command (go, ss, cpu) */
#define KGDB_CMD_REPEAT		0x2	/* at kdb's prompt an empty line repeats it */
struct kgdb_monitor_cmd {
	const char *name;
	const char *help;
	int (*run)(struct printer *out, int argc, char **argv);
	bool report_only;	/* allowed in read-only mode */
	const char *usage;	/* arguments, for help */
	u16 perm;		/* KGDB_CMD_* it needs */
	u8 flags;
};

#define KGDB_COMMAND(n, u, h, fn, p, f) \
	static const struct kgdb_monitor_cmd __kgdb_monitor_##n __used \
	__section("kgdb_monitor_cmds") __aligned(sizeof(void *)) = { \
		#n, h, fn, !((p) & (KGDB_CMD_MEM_WRITE | KGDB_CMD_REG_WRITE | \
				    KGDB_CMD_SIGNAL | KGDB_CMD_REBOOT)), u, p, f }
#define KGDB_MONITOR_REPORT(n, h, fn)	KGDB_COMMAND(n, "", h, fn, KGDB_CMD_INSPECT, 0)
#define KGDB_MONITOR_CMD(n, h, fn)	KGDB_COMMAND(n, "", h, fn, KGDB_CMD_REBOOT, 0)

/*
 * kgdbcon: while gdb is attached and the kernel runs, kernel messages are
 * copied to gdb as O packets by a console the core registers along with a
 * transport whose is_console is false (so text never arrives twice on one
 * line). Boot parameter "kgdbcon=0" turns it off; it is on by default.
 * O packets are sent without waiting for gdb's acknowledgement.
 */

#endif
