/* SPDX-License-Identifier: MIT */
#ifndef _KERNEL_DEBUG_AGENT_H
#define _KERNEL_DEBUG_AGENT_H

/*
 * gdb's agent expressions (gdb manual, "The GDB Agent Expression
 * Mechanism"): bytecode for a 64-bit stack machine that gdb compiles
 * breakpoint conditions and dprintf calls to, verified when a front end
 * installs it (debug_agent.c) and run by the core at a hit, with the
 * other CPUs held: no lock, no allocation, fault-safe memory reads only.
 */

#include <kernel/errno.h>
#include <kernel/types.h>

#define KGDB_AX_MAX_LEN		1024	/* bytes of one expression */
#define KGDB_AX_MAX_DEPTH	64	/* entries of its stack */
#define KGDB_AX_MAX_VARS	32	/* trace state variables (getv/setv) */
#define KGDB_AX_PRINT_MAX	256	/* characters of one printf's output */
#define KGDB_AX_STR_MAX		200	/* bytes a printf %s reads */

/* What an expression may do beyond computing (kgdb_ax_verify's @allow). */
#define KGDB_AX_ALLOW_SETV	0x1	/* write trace state variables */
#define KGDB_AX_ALLOW_PRINTF	0x2	/* print (a dprintf's command) */
#define KGDB_AX_ALLOW_TRACE	0x4	/* collect (a tracepoint's action) */

/*
 * 0 if @code, @len bytes, is an expression the interpreter runs safely:
 * only known opcodes, whole operands, jumps to instruction starts inside
 * it, a well-formed printf format whose conversions match its argument
 * count, a register `reg` can read, and a stack depth (computed over
 * every path, the same at every instruction however reached) that never
 * goes below empty or over KGDB_AX_MAX_DEPTH, with a value on it at
 * every `end` -- but with KGDB_AX_ALLOW_PRINTF or KGDB_AX_ALLOW_TRACE,
 * as gdb's dprintf and tracepoint actions may end with none (their value
 * is meaningless). -EINVAL otherwise. Uses static scratch: one caller
 * at a time (the debugger's master CPU).
 */
int kgdb_ax_verify(const u8 *code, size_t len, unsigned int allow);

struct kgdb_thread;

struct kgdb_ax_ctx {
	const struct kgdb_thread *th;	/* whose registers `reg` reads */
	/* Where printf's output goes, one whole message at a time (NULL: nowhere). */
	void (*print)(void *priv, const char *s, size_t len);
	/*
	 * Where a tracepoint's actions record: trace, trace_quick and
	 * tracenz (@to_nul) memory, tracev a variable's value (NULL: nowhere).
	 */
	void (*collect)(void *priv, u64 addr, u64 size, bool to_nul);
	void (*collect_var)(void *priv, u16 id, u64 value);
	void *priv;
};

/*
 * Run an expression kgdb_ax_verify() accepted (it is trusted: nothing it
 * proved is checked again). 0 with *@value the top of the stack at `end`
 * (0 if empty); -EFAULT for memory it could not read, -EDOM for a
 * division by zero, -EINVAL for anything else that goes wrong (a full
 * variable table, `reg` without a thread, its step budget spent). Never
 * crashes, never loops for ever. One caller at a time (static buffers).
 */
int kgdb_ax_eval(const u8 *code, size_t len, const struct kgdb_ax_ctx *ctx, s64 *value);

/* Trace state variables: forget them all (a new session's QTinit) ... */
void kgdb_ax_vars_reset(void);
/* ... one's value (false: never set), and setting one (-ENOSPC: no room). */
bool kgdb_ax_var_get(u16 id, u64 *value);
int kgdb_ax_var_set(u16 id, u64 value);

/* debug_agent_printf.c, for debug_agent.c: a format and @nargs conversions ... */
bool kgdb_ax_format_ok(const char *f, size_t len, unsigned int nargs);
/* ... and printing it, the first argument at @args[-1], the next below it. */
void kgdb_ax_printf(const struct kgdb_ax_ctx *ctx, const char *f, const u64 *args);

/*
 * Whether @addr is one the target has: a 32-bit one has none above 4 GiB,
 * but gdb sign-extends a MIPS address (ext 32 after its const32).
 */
static inline bool kgdb_ax_addr_fits(u64 addr)
{
	return (uintptr_t)addr == addr || (u64)(s64)(intptr_t)(uintptr_t)addr == addr;
}

#endif
