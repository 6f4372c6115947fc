// SPDX-License-Identifier: MIT
/*
 * The GDB remote protocol: one table maps each packet to an argument
 * schema, a handler and the arch capability it needs. Arguments are parsed
 * and checked before a handler runs; a packet whose capability the arch
 * lacks gets the empty reply and its qSupported feature disappears.
 *
 * __noinline marks a helper that several callers would otherwise each
 * carry a copy of: bytes the debugger's footprint keeps (make bench).
 */

#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include <asm/ptrace.h>	/* instruction_pointer() */
#include "rsp.h"

/* Signals travel as one byte (C, S, stop replies). */
#define GDB_MAX_SIGNAL	0xff
/* Longest thread id on the wire, plus its separator. */
#define GDB_TID_CHARS	(sizeof(long) * 2 + 1)

struct gdb_session gdb_session;

/*
 * Read-only mode (kgdb.ro): packets that change memory, registers or
 * breakpoints, `k`, a resume at a new address and monitor commands that
 * change state are refused with EPERM and a console line; reads, threads,
 * stepping, continue and detach still work, since gdb must be able to let
 * the machine go. Refuse such a packet; true if refused.
 */
static bool ro_refuse(const char *what, size_t len)
{
	if (!kgdb_read_only)
		return false;
	pr_warn("kgdb: read-only (kgdb.ro): '%.*s' refused\n", (int)len, what);
	tx_err(-EPERM);
	return true;
}

/* The longest monitor command line. */
#define GDB_MONITOR_LINE	256
/* More registers than gdb's layout for any arch has. */
#define GDB_MAX_REGS		512
static const struct kgdb_stop *gdb_stop;
static struct kgdb_resume *gdb_res;

enum gdb_need { NEED_NONE, NEED_STEP, NEED_HW, NEED_XML, NEED_STREAM };

static bool have(enum gdb_need need)
{
	switch (need) {
	case NEED_STEP:
		return kgdb_can_step();
	case NEED_HW:
		return kgdb_hw_supported();
	case NEED_XML:
#ifdef CONFIG_KGDB_FULL_REGS
		return arch_kgdb_ops.reg_features;
#else
		return arch_kgdb_ops.tdesc_arch;	/* it names the architecture */
#endif
	case NEED_STREAM:
		/* A packet transport keeps packets whole with acks of its own. */
		return !kgdb_io_ops->get_packet;
	default:
		return true;
	}
}

/* ---------------------------------------------------------------- registers */

/*
 * The thread gdb's Hg picked, whose registers 'g'/'p' read: a CPU's (its
 * trap frame) or a sleeping task's.
 */
static __noinline int reg_thread(struct kgdb_thread *th)
{
	if (!gdb_thread_lookup(gdb_session.g_tid, gdb_stop->cpu, th))
		return -ESRCH;
	if (th->cpu >= 0 && !kgdb_cpus[th->cpu].regs)
		return -ESRCH;	/* the CPU did not answer the roundup */
	return 0;
}

/* ... and that 'G'/'P' may write: a sleeping task's are not ours to set. */
static int reg_thread_writable(struct kgdb_thread *th)
{
	int err = reg_thread(th);

	return !err && th->cpu < 0 ? -EPERM : err;
}

/* ---------------------------------------------------------------- packets */

/*
 * The stop is at a breakpoint that others have but gdb has not (kdb's):
 * reported as swbreak, gdb would take it for one it had removed and resume.
 */
static bool others_breakpoint(const struct kgdb_stop *stop)
{
	unsigned int owners = kgdb_bp_owners(instruction_pointer(kgdb_cpus[stop->cpu].regs));

	return owners && !(owners & KGDB_BP_GDB);
}

/* @awaited: gdb resumed the target and waits for this, with no timeout. */
static void tx_stop_reply(bool awaited)
{
	static const char *const kinds[] = {
		[KGDB_STOP_SWBREAK] = "swbreak:",
		[KGDB_STOP_HWBREAK] = "hwbreak:",
		[KGDB_STOP_WATCH] = "watch:",
		[KGDB_STOP_RWATCH] = "rwatch:",
		[KGDB_STOP_AWATCH] = "awatch:",
	};
	const int expedite[] = { arch_kgdb_ops.pc_regno, arch_kgdb_ops.sp_regno, arch_kgdb_ops.fp_regno };
	const struct kgdb_thread th = { .cpu = (int)gdb_stop->cpu };
	u8 sig = (u8)gdb_stop->signo, val[sizeof(uintptr_t)];
	enum kgdb_stop_kind kind = gdb_stop->kind;
	unsigned int i;

	/* A client that did not ask for these finds the breakpoint itself. */
	if ((kind == KGDB_STOP_SWBREAK && (!gdb_session.swbreak || others_breakpoint(gdb_stop))) ||
	    (kind == KGDB_STOP_HWBREAK && !gdb_session.hwbreak))
		kind = KGDB_STOP_SIGNAL;
	gdb_session.stopped_unlisted = true;
	tx_begin();
	tx_char('T');
	tx_hexbytes(&sig, 1);
	if (kind != KGDB_STOP_SIGNAL) {
		tx_str(kinds[kind]);
		if (kind >= KGDB_STOP_WATCH)
			tx_hex(gdb_stop->addr);
		tx_char(';');
	}
	tx_str("thread:");
	tx_hex((unsigned long)gdb_cpu_tid(gdb_stop->cpu));
	tx_char(';');
	for (i = 0; i < ARRAY_SIZE(expedite); i++) {
		if (expedite[i] < 0)
			continue;
		kgdb_reg_read(&th, (unsigned int)expedite[i], val);
		tx_hex((unsigned long)expedite[i]);
		tx_char(':');
		tx_hexbytes(val, kgdb_reg_size((unsigned int)expedite[i]));
		tx_char(';');
	}
	if (awaited)
		tx_end_awaited();
	else
		tx_end();
}

static bool h_status(struct gdb_args *a)
{
	tx_stop_reply(false);
	return false;
}

/* One register's digits: the trace frame's (xx for what it lacks) while gdb looks at one. */
static void tx_reg(const struct kgdb_thread *th, unsigned int regno, u8 *val)
{
	size_t i, size = kgdb_reg_size(regno);

	if (!gdb_trace_frame_selected()) {
		kgdb_reg_read(th, regno, val);
	} else if (!gdb_trace_reg(regno, val)) {
		for (i = 0; i < 2 * size; i++)
			tx_char('x');
		return;
	}
	tx_hexbytes(val, size);
}

/* As many whole registers as fit: gdb reads the rest with 'p'. */
static bool h_read_regs(struct gdb_args *a)
{
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = reg_thread(&th);
	unsigned int regno;

	if (err) {
		tx_err(err);
		return false;
	}
	tx_begin();
	for (regno = 0; regno < arch_kgdb_ops.num_regs &&
	     tx_room() >= 2 * kgdb_reg_size(regno); regno++)
		tx_reg(&th, regno, val);
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/* Whole registers from the first, as many as 'g' gave (gdb sends those). */
static bool h_write_regs(struct gdb_args *a)
{
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = reg_thread_writable(&th);
	unsigned int regno, n;
	struct gdb_rx rx = a->rest;
	size_t size;

	/* Check it all before writing anything. */
	for (n = 0; !err && !rx_eof(&rx); n++) {
		size = n < arch_kgdb_ops.num_regs ? kgdb_reg_size(n) : 0;
		if (!size || rx_hexbytes(&rx, val, size) != size)
			err = -EINVAL;
	}
	if (!err && !n)
		err = -EINVAL;
	if (err) {
		tx_err(err);
		return false;
	}
	for (regno = 0; regno < n; regno++) {
		rx_hexbytes(&a->rest, val, kgdb_reg_size(regno));
		kgdb_reg_write(&th, regno, val);
	}
	tx_reply("OK");
	return false;
}
#endif

/*
 * One register; one past the table that gdb's layout for the arch has
 * (a port may serve fewer: CONFIG_KGDB_FULL_REGS) is unavailable, "xx".
 */
static bool h_read_reg(struct gdb_args *a)
{
	uintptr_t regno = a->num[0];
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = regno < arch_kgdb_ops.num_regs ? reg_thread(&th) : -EINVAL;

	if (regno >= arch_kgdb_ops.num_regs && regno < GDB_MAX_REGS) {
		tx_reply("xx");
		return false;
	}
	if (err) {
		tx_err(err);
		return false;
	}
	tx_begin();
	tx_reg(&th, (unsigned int)regno, val);
	tx_end();
	return false;
}

static bool h_write_reg(struct gdb_args *a)
{
	uintptr_t regno = a->num[0];
	u8 val[KGDB_REG_MAX_BYTES];
	struct kgdb_thread th;
	int err = regno < arch_kgdb_ops.num_regs ? reg_thread_writable(&th) : -EINVAL;
	size_t size;

	if (!err) {
		size = kgdb_reg_size((unsigned int)regno);
		if (rx_hexbytes(&a->rest, val, size) != size || !rx_eof(&a->rest))
			err = -EINVAL;
	}
	if (err) {
		tx_err(err);
		return false;
	}
	kgdb_reg_write(&th, (unsigned int)regno, val);
	tx_reply("OK");
	return false;
}

/*
 * Read up to @len bytes at @addr (at most KGDB_PACKET_SIZE - 8), stopping
 * at the first unreadable byte, into the end of the packet buffer (8-byte
 * aligned: device registers are copied in words), where the reply, built
 * from the buffer's start, reaches each byte only after it was sent.
 * Returns where they are, and how many in *@n (or -errno).
 */
static const u8 *read_mem(uintptr_t addr, size_t len, long *n)
{
	u8 *dst = (u8 *)gdb_buf + ((KGDB_PACKET_SIZE - len) & ~(size_t)7);
	size_t i;

	*n = -EFAULT;
	if (addr + len < addr)
		return dst;
	if (gdb_trace_frame_selected()) {
		*n = gdb_trace_mem(dst, addr, len);
		return dst;
	}
	if (kgdb_mem_read(dst, addr, len) == 0) {
		*n = (long)len;
		return dst;
	}
	for (i = 0; i < len; i++)
		if (kgdb_mem_read(dst + i, addr + i, 1))
			break;
	if (i)
		*n = (long)i;
	return dst;
}

static bool h_read_mem(struct gdb_args *a)
{
	long n;
	const u8 *mem = read_mem(a->num[0], MIN(a->num[1], (KGDB_PACKET_SIZE - 8) / 2), &n);

	if (n < 0) {
		tx_err((int)n);
		return false;
	}
	tx_begin();
	tx_hexbytes(mem, (size_t)n);
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/*
 * As many of the bytes as fit once escaped: gdb asks again for the rest.
 * An eighth of the buffer is left for escapes (code has about one byte in
 * sixty that needs one), which the reply takes as it catches up.
 */
static bool h_read_bin(struct gdb_args *a)
{
	long n;
	const u8 *mem = read_mem(a->num[0], MIN(a->num[1], KGDB_PACKET_SIZE - KGDB_PACKET_SIZE / 8),
				 &n);

	if (n < 0) {
		tx_err((int)n);
		return false;
	}
	tx_begin();
	tx_char('b');
	tx_binary(mem, (size_t)n);
	tx_end();
	return false;
}

#endif

/* The bytes to write were decoded into the start of the packet buffer. */
static void write_mem(uintptr_t addr, size_t len, size_t got)
{
	long err = got != len ? -EINVAL : addr + len < addr ? -EFAULT :
		   kgdb_mem_write(addr, gdb_buf, len);

	if (err)
		tx_err((int)err);
	else
		tx_reply("OK");
}

/* Decoding shrinks the data: each byte lands before what is still to read. */
static bool h_write_mem(struct gdb_args *a)
{
	size_t len = a->num[1];
	size_t got = len > KGDB_PACKET_SIZE ? 0 : rx_hexbytes(&a->rest, (u8 *)gdb_buf, len);

	write_mem(a->num[0], len, rx_eof(&a->rest) ? got : len + 1);
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
static bool h_write_bin(struct gdb_args *a)
{
	long got = rx_binary(&a->rest, (u8 *)gdb_buf, MIN(a->num[1], KGDB_PACKET_SIZE));

	write_mem(a->num[0], a->num[1], got < 0 ? a->num[1] + 1 : (size_t)got);
	return false;
}
#endif

/* The CPU that c/s without a vCont thread act on: Hc's, else the one that stopped. */
static unsigned int resume_cpu(void)
{
	struct kgdb_thread th;

	if (gdb_thread_lookup(gdb_session.c_tid, gdb_stop->cpu, &th) && th.cpu >= 0 && kgdb_cpus[th.cpu].regs)
		return (unsigned int)th.cpu;
	return gdb_stop->cpu;
}

/* c [addr], C sig[;addr], s [addr], S sig[;addr]. */
static bool resume(struct gdb_args *a, enum kgdb_action action)
{
	bool with_sig = a->name[0] == 'C' || a->name[0] == 'S';

	if (with_sig && a->num[0] > GDB_MAX_SIGNAL) {
		tx_err(-EINVAL);
		return false;
	}
	/* Resuming elsewhere is a write to the PC. */
	if (a->nnum > (with_sig ? 1u : 0u) && ro_refuse(a->name, 1))
		return false;
	gdb_res->action = action;
	gdb_res->cpu = resume_cpu();
	gdb_res->alone = false;
	gdb_res->signo = with_sig ? (int)a->num[0] : 0;
	gdb_res->has_addr = a->nnum > (with_sig ? 1u : 0u);
	gdb_res->addr = a->num[a->nnum ? a->nnum - 1 : 0];
	return true;
}

static bool h_continue(struct gdb_args *a)
{
	return resume(a, KGDB_CONTINUE);
}

static bool h_step(struct gdb_args *a)
{
	return resume(a, KGDB_STEP);
}

#ifdef CONFIG_KGDB_VCONT
static bool h_vcont_query(struct gdb_args *a)
{
	tx_reply(have(NEED_STEP) ? "vCont;c;C;s;S" : "vCont;c;C");
	return false;
}

/*
 * vCont;action[:tid]... The CPUs are one machine: a step action steps its
 * thread's CPU while the others stay stopped. Continue actions that all
 * name one thread on a stopped CPU, with no action for the rest, run that
 * CPU alone, as the protocol says (gdb steps over a breakpoint so on an
 * arch it steps itself: another CPU must not take the breakpoint it
 * planted, nor pass the one it took out). Otherwise everything continues.
 * A signal is taken from the action that covers the stepped (or the
 * stopped) CPU.
 */
static bool h_vcont(struct gdb_args *a)
{
	struct gdb_rx *rx = &a->rest;
	struct kgdb_thread th;
	int step_cpu = -1, signo = -1, lone_cpu = -1, op, cpu;
	bool all = false;
	uintptr_t sig;
	long tid;

	do {
		op = rx_char(rx);
		sig = 0;
		if ((op == 'C' || op == 'S') && (!rx_hex(rx, &sig) || sig > GDB_MAX_SIGNAL))
			goto bad;
		if (op != 'c' && op != 'C' && !((op == 's' || op == 'S') && have(NEED_STEP)))
			goto bad;
		cpu = (int)gdb_stop->cpu;
		if (rx_lit(rx, ':')) {
			if (!rx_tid(rx, &tid) || !gdb_thread_lookup(tid, gdb_stop->cpu, &th))
				goto bad;
			cpu = th.cpu;
			all |= tid == KGDB_TID_ALL;	/* ":-1" is every thread */
		} else {
			all = true;
		}
		if (op == 's' || op == 'S') {
			if (cpu < 0 || !kgdb_cpus[cpu].regs)
				goto bad;
			if (step_cpu < 0) {
				step_cpu = cpu;
				signo = (int)sig;
			}
			continue;
		}
		/* -2: a sleeping thread, or more than one CPU, is to run. */
		if (cpu < 0 || !kgdb_cpus[cpu].regs || (lone_cpu != -1 && lone_cpu != cpu))
			lone_cpu = -2;
		else
			lone_cpu = cpu;
		if (cpu == (int)gdb_stop->cpu && signo < 0)
			signo = (int)sig;
	} while (rx_lit(rx, ';'));
	if (!rx_eof(rx))
		goto bad;
	gdb_res->alone = step_cpu < 0 && !all && lone_cpu >= 0;
	gdb_res->action = step_cpu >= 0 ? KGDB_STEP : KGDB_CONTINUE;
	gdb_res->cpu = step_cpu >= 0 ? (unsigned int)step_cpu :
		       gdb_res->alone ? (unsigned int)lone_cpu : gdb_stop->cpu;
	gdb_res->signo = signo > 0 ? signo : 0;
	gdb_res->has_addr = false;
	return true;
bad:
	tx_err(-EINVAL);
	return false;
}
#endif

static bool h_detach(struct gdb_args *a)
{
	gdb_trace_detach();
	tx_reply_last("OK");
	gdb_res->action = KGDB_DETACH;
	gdb_res->alone = false;
	gdb_res->signo = 0;
	return true;
}

static bool h_kill(struct gdb_args *a)
{
	gdb_trace_detach();
	gdb_res->action = KGDB_KILL;
	gdb_res->alone = false;
	gdb_res->signo = 0;
	return true;
}

static bool h_set_thread(struct gdb_args *a)
{
	struct kgdb_thread th;

	if ((a->op != 'g' && a->op != 'c') || !gdb_thread_lookup(a->tid, gdb_stop->cpu, &th)) {
		tx_err(a->op == 'g' || a->op == 'c' ? -ESRCH : -EINVAL);
		return false;
	}
	*(a->op == 'g' ? &gdb_session.g_tid : &gdb_session.c_tid) = a->tid;
	tx_reply("OK");
	return false;
}

static bool h_thread_alive(struct gdb_args *a)
{
	struct kgdb_thread th;

	if (gdb_thread_lookup(a->tid, gdb_stop->cpu, &th))
		tx_reply("OK");
	else
		tx_err(-ESRCH);
	return false;
}

#ifdef CONFIG_KGDB_AGENT
/*
 * Bytecode as gdb sends it after a Z0's kind, X<len>,<hex> repeated with
 * nothing between: decoded in place in the packet buffer (the bytes take
 * half the room of their digits), into @l.
 */
static bool rx_ax_list(struct gdb_rx *rx, struct kgdb_ax_list *l)
{
	uintptr_t len;
	u8 *code;

	while (rx_lit(rx, 'X')) {
		if (l->n == KGDB_AX_MAX_EXPRS || !rx_hex(rx, &len) || !rx_lit(rx, ',') ||
		    !len || len > KGDB_AX_MAX_LEN)
			return false;
		code = (u8 *)gdb_buf + (rx->p - gdb_buf);
		if (rx_hexbytes(rx, code, len) != len)
			return false;
		l->code[l->n] = code;
		l->len[l->n++] = (u16)len;
	}
	return true;
}

/* [;X...X... (conditions)][;cmds:<persist>,X... (commands)] */
static bool rx_bp_agent(struct gdb_rx *rx, struct kgdb_ax_list *conds, struct kgdb_ax_list *cmds,
			bool *persist)
{
	uintptr_t p;

	if (rx_eof(rx))
		return true;
	if (!rx_lit(rx, ';'))
		return false;
	if (!rx_eof(rx) && *rx->p == 'X') {
		if (!rx_ax_list(rx, conds))
			return false;
		if (rx_eof(rx))
			return true;
		if (!rx_lit(rx, ';'))
			return false;
	}
	if (rx->end - rx->p < 5 || memcmp(rx->p, "cmds:", 5))
		return false;
	rx->p += 5;
	if (!rx_hex(rx, &p) || !rx_lit(rx, ',') || !rx_ax_list(rx, cmds) || !cmds->n)
		return false;
	*persist = p;
	return rx_eof(rx);
}
#else
static bool rx_bp_agent(struct gdb_rx *rx, struct kgdb_ax_list *conds, struct kgdb_ax_list *cmds,
			bool *persist)
{
	return rx_eof(rx);
}
#endif

/*
 * A software breakpoint with what it runs in the kernel (gdb sends Z0
 * again, without z0, when that changes): checked whole first, so that a
 * refused one leaves the target as it was.
 */
static int set_sw_break(uintptr_t addr, struct gdb_rx *rx)
{
	static const struct kgdb_ax_list none;
	struct kgdb_ax_list conds = { 0 }, cmds = { 0 };
	bool persist = false;
	int err;

	if (!rx_bp_agent(rx, &conds, &cmds, &persist))
		return -EINVAL;
	err = kgdb_bp_set_agent(addr, &conds, &cmds, persist);
	if (err)
		return err;
	err = kgdb_set_sw_break(addr, persist && cmds.n);
	if (err)
		kgdb_bp_set_agent(addr, &none, &none, false);
	return err;
}

static int remove_sw_break(uintptr_t addr)
{
	kgdb_bp_clear_agent(addr);
	return kgdb_remove_sw_break(addr);
}

/*
 * Z/z type,addr,kind[;conditions][;cmds:...]. A type the target lacks
 * gets the empty reply. Hardware breakpoints report every hit: gdb
 * evaluates their conditions itself.
 */
static bool h_break(struct gdb_args *a, bool insert)
{
	uintptr_t type = a->num[0], addr = a->num[1], kind;
	const char what[] = { 'Z', (char)('0' + type), '\0' };
	struct gdb_rx *rx = &a->rest;
	int err;

	if (!rx_hex(rx, &kind) || (!insert && !rx_eof(rx))) {
		tx_err(-EINVAL);
		return false;
	}
	if (type > KGDB_WATCH_ACCESS || (type != KGDB_BP_SOFTWARE && !have(NEED_HW))) {
		tx_reply("");
		return false;
	}
	if (insert && ro_refuse(what, sizeof(what) - 1))
		return false;
	if (type == KGDB_BP_SOFTWARE)
		err = insert ? set_sw_break(addr, rx) : remove_sw_break(addr);
	else if (insert)
		err = kgdb_set_hw_break(addr, kind, (enum kgdb_bptype)type);
	else
		err = kgdb_remove_hw_break(addr, kind, (enum kgdb_bptype)type);
	if (err == -ENOTSUP)
		tx_reply("");
	else if (err)
		tx_err(err);
	else
		tx_reply("OK");
	return false;
}

static bool h_insert_break(struct gdb_args *a)
{
	return h_break(a, true);
}

static bool h_remove_break(struct gdb_args *a)
{
	return h_break(a, false);
}

static bool h_supported(struct gdb_args *a);

static bool h_xfer_features(struct gdb_args *a)
{
	size_t off = a->num[0], end = off + MIN(a->num[1], KGDB_PACKET_SIZE);

	if (a->str_len != 10 || memcmp(a->str, "target.xml", 10)) {
		tx_err(-ENOENT);
		return false;
	}
	tx_begin();
	tx_char('m');
	if (gdb_tdesc_xml(off, end < off ? (size_t)-1 : end))
		tx_patch(0, 'l');
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FULL_REGS
static bool h_reg_info(struct gdb_args *a)
{
	gdb_reg_info(a->num[0]);
	return false;
}

static bool h_host_info(struct gdb_args *a)
{
	gdb_host_info();
	return false;
}
#endif

static bool h_thread_info(struct gdb_args *a)
{
	long tid;
	bool first = true;

	if (a->name[1] == 'f')
		gdb_session.thread_cursor = 0;
	tx_begin();
	while (tx_room() > GDB_TID_CHARS && gdb_thread_nth(gdb_session.thread_cursor, &tid)) {
		tx_char(first ? 'm' : ',');
		tx_hex((unsigned long)tid);
		gdb_session.thread_cursor++;
		first = false;
	}
	if (first)
		tx_char('l');
	tx_end();
	return false;
}

static bool h_current_thread(struct gdb_args *a)
{
	tx_begin();
	tx_str("QC");
	tx_hex((unsigned long)gdb_cpu_tid(gdb_stop->cpu));
	tx_end();
	return false;
}

static bool h_thread_extra(struct gdb_args *a)
{
	struct kgdb_thread th;
	char s[GDB_THREAD_TEXT];

	if (!gdb_thread_lookup(a->tid, gdb_stop->cpu, &th)) {
		tx_err(-ESRCH);
		return false;
	}
	gdb_thread_text(&th, s, GDB_THREAD_TEXT);
	tx_begin();
	tx_hexbytes((const u8 *)s, strlen(s));
	tx_end();
	return false;
}

#ifdef CONFIG_KGDB_FAST_TRANSFERS
/*
 * gdb 13 in all-stop mode reads the whole thread list after every stop
 * (normal_stop -> update_thread_list) but shows the texts only in `info
 * threads` and `thread apply`, which read the list again first. So the
 * first list read after a stop reply is terse, and costs the line 16
 * bytes a thread instead of about 54; any later read has the texts. A
 * read past offset 0 continues the document its offset-0 read began.
 */
static bool h_xfer_threads(struct gdb_args *a)
{
	size_t off = a->num[0], end = off + MIN(a->num[1], KGDB_PACKET_SIZE);

	if (a->str_len) {
		tx_err(-ENOENT);
		return false;
	}
	if (!off) {
		gdb_session.list_terse = gdb_session.stopped_unlisted;
		gdb_session.stopped_unlisted = false;
	}
	tx_begin();
	tx_char('m');
	if (gdb_threads_xml(off, end < off ? (size_t)-1 : end, gdb_session.list_terse))
		tx_patch(0, 'l');
	tx_end();
	return false;
}
#endif

static bool h_attached(struct gdb_args *a)
{
	tx_reply("1");
	return false;
}

#ifdef CONFIG_KGDB_MONITOR
/* Monitor output goes out as O packets as it is produced. */
static bool rcmd_output;

static void rcmd_write(struct printer *p, const char *s, size_t len)
{
	while (len--) {
		if (tx_room() < 2) {
			tx_end();
			tx_begin();
			tx_char('O');
			rcmd_output = false;
		}
		tx_hexbytes((const u8 *)s++, 1);
		rcmd_output = true;
	}
}

/* The command line is copied out first: the output is built where it came. */
static bool h_rcmd(struct gdb_args *a)
{
	struct printer out = { .write = rcmd_write };
	char line[GDB_MONITOR_LINE + 1];
	size_t n;
	int err;

	if (a->rest.end - a->rest.p > 2 * GDB_MONITOR_LINE) {
		tx_err(-E2BIG);
		return false;
	}
	n = rx_hexbytes(&a->rest, (u8 *)line, GDB_MONITOR_LINE);
	if (!rx_eof(&a->rest)) {
		tx_err(-EINVAL);
		return false;
	}
	line[n] = '\0';
	tx_begin();
	tx_char('O');
	rcmd_output = false;
	err = kgdb_monitor_run(&out, line);
	if (rcmd_output)
		tx_end();
	if (err)
		tx_err(err);
	else
		tx_reply("OK");
	kgdb_monitor_done();
	return false;
}
#endif

static bool h_noack(struct gdb_args *a)
{
	tx_reply("OK");
	gdb_noack_begin();
	return false;
}

struct gdb_cmd {
	const char *name;
	gdb_handler_t handler;
	char schema[6];		/* x hex, t thread id, a char, s string, r rest, ? optional */
	u8 need;		/* enum gdb_need */
	bool writes;		/* changes the machine: refused when read-only */
};

static const struct gdb_cmd gdb_cmds[] = {
	{ "?", h_status, "", NEED_NONE, false },
	{ "g", h_read_regs, "", NEED_NONE, false },
	{ "p", h_read_reg, "x", NEED_NONE, false },
	{ "P", h_write_reg, "x=r", NEED_NONE, true },
	{ "m", h_read_mem, "x,x", NEED_NONE, false },
	{ "M", h_write_mem, "x,x:r", NEED_NONE, true },
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "G", h_write_regs, "r", NEED_NONE, true },
	{ "x", h_read_bin, "x,x", NEED_NONE, false },
	{ "X", h_write_bin, "x,x:r", NEED_NONE, true },
#endif
	{ "c", h_continue, "?x", NEED_NONE, false },
	{ "C", h_continue, "x?;x", NEED_NONE, false },
	{ "s", h_step, "?x", NEED_STEP, false },
	{ "S", h_step, "x?;x", NEED_STEP, false },
#ifdef CONFIG_KGDB_VCONT
	{ "vCont?", h_vcont_query, "", NEED_NONE, false },
	{ "vCont;", h_vcont, "r", NEED_NONE, false },
#endif
	{ "D", h_detach, "?;x", NEED_NONE, false },
	{ "k", h_kill, "", NEED_NONE, true },
	{ "H", h_set_thread, "at", NEED_NONE, false },
	{ "T", h_thread_alive, "t", NEED_NONE, false },
	{ "Z", h_insert_break, "x,x,r", NEED_NONE, false },	/* refuses by type */
	{ "z", h_remove_break, "x,x,r", NEED_NONE, false },
	{ "qSupported", h_supported, "?:r", NEED_NONE, false },
	{ "qXfer:features:read:", h_xfer_features, "s:x,x", NEED_XML, false },
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "qXfer:threads:read:", h_xfer_threads, "s:x,x", NEED_NONE, false },
#endif
#ifdef CONFIG_KGDB_FULL_REGS
	{ "qRegisterInfo", h_reg_info, "x", NEED_NONE, false },
	{ "qHostInfo", h_host_info, "", NEED_XML, false },
#endif
	{ "qfThreadInfo", h_thread_info, "", NEED_NONE, false },
	{ "qsThreadInfo", h_thread_info, "", NEED_NONE, false },
	{ "qC", h_current_thread, "", NEED_NONE, false },
	{ "qThreadExtraInfo,", h_thread_extra, "t", NEED_NONE, false },
	{ "qAttached", h_attached, "?:x", NEED_NONE, false },
#ifdef CONFIG_KGDB_MONITOR
	{ "qRcmd,", h_rcmd, "r", NEED_NONE, false },
#endif
	{ "QStartNoAckMode", h_noack, "", NEED_STREAM, false },
#ifdef CONFIG_KGDB_TRACE
	/* Tracepoints run on past their hits as conditional breakpoints do. */
	{ "QTinit", h_qtinit, "", NEED_STEP, false },
	{ "QTDP:", h_qtdp, "r", NEED_STEP, false },
	{ "QTDPsrc:", h_qtdpsrc, "r", NEED_STEP, false },
	{ "QTDV:", h_qtdv, "r", NEED_STEP, false },
	{ "QTro:", h_qtro, "r", NEED_STEP, false },
	{ "QTDisconnected:", h_qtdisconnected, "x", NEED_STEP, false },
	{ "QTBuffer:", h_qtbuffer, "r", NEED_STEP, false },
	{ "QTNotes:", h_qtnotes, "r", NEED_STEP, false },
	{ "QTStart", h_qtstart, "", NEED_STEP, false },
	{ "QTStop", h_qtstop, "", NEED_STEP, false },
	{ "QTEnable:", h_qtenable, "r", NEED_STEP, false },
	{ "QTDisable:", h_qtenable, "r", NEED_STEP, false },
	{ "QTFrame:", h_qtframe, "r", NEED_STEP, false },
	{ "qTStatus", h_qtstatus, "", NEED_STEP, false },
	{ "qTP:", h_qtp, "r", NEED_STEP, false },
	{ "qTV:", h_qtv, "x", NEED_STEP, false },
	{ "qTfP", h_qtp_list, "", NEED_STEP, false },
	{ "qTsP", h_qtp_list, "", NEED_STEP, false },
	{ "qTfV", h_qtv_list, "", NEED_STEP, false },
	{ "qTsV", h_qtv_list, "", NEED_STEP, false },
	{ "qXfer:traceframe-info:read:", h_xfer_traceframe, "s:x,x", NEED_STEP, false },
#endif
};

/* qSupported features, each announced with the capability it needs. */
static const struct {
	const char *name;
	enum gdb_need need;
} gdb_features[] = {
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "binary-upload+", NEED_NONE },
#endif
#ifdef CONFIG_KGDB_VCONT
	/* Trust vCont? (else gdb never uses 's' on an arch it can step in
	 * software itself, and steps with breakpoints instead). */
	{ "vContSupported+", NEED_NONE },
#endif
	{ "swbreak+", NEED_NONE },
#ifdef CONFIG_KGDB_AGENT
	/* Conditions and dprintf run in the kernel, stepping past a hit. */
	{ "ConditionalBreakpoints+", NEED_STEP },
	{ "BreakpointCommands+", NEED_STEP },
#endif
	/* Hardware stops are reported only with the slots to cause them. */
	{ "hwbreak+", NEED_HW },
	{ "qXfer:features:read+", NEED_XML },
#ifdef CONFIG_KGDB_FAST_TRANSFERS
	{ "qXfer:threads:read+", NEED_NONE },
#endif
	{ "QStartNoAckMode+", NEED_STREAM },
#ifdef CONFIG_KGDB_TRACE
	{ "ConditionalTracepoints+", NEED_STEP },
	{ "TracepointSource+", NEED_STEP },
	{ "DisconnectedTracing+", NEED_STEP },
	{ "EnableDisableTracepoints+", NEED_STEP },
	{ "InstallInTrace+", NEED_STEP },
	{ "tracenz+", NEED_STEP },
	{ "QTBuffer:size+", NEED_STEP },	/* else gdb never sends set trace-buffer-size */
	{ "qXfer:traceframe-info:read+", NEED_STEP },
#endif
};

/* Whether gdb's qSupported list (@list, "feature;feature...") has @feature. */
static bool gdb_offers(const struct gdb_rx *list, const char *feature)
{
	size_t n = strlen(feature);
	const char *p = list->p, *end;

	while (p && p < list->end) {
		for (end = p; end < list->end && *end != ';'; end++)
			;
		if ((size_t)(end - p) == n && !strncmp(p, feature, n))
			return true;
		p = end + 1;
	}
	return false;
}

static bool h_supported(struct gdb_args *a)
{
	unsigned int i;

	gdb_session.swbreak = gdb_offers(&a->rest, "swbreak+");
	gdb_session.hwbreak = gdb_offers(&a->rest, "hwbreak+");
	gdb_trace_session_start();
	tx_begin();
	tx_str("PacketSize=");
	tx_hex(KGDB_PACKET_SIZE);
	for (i = 0; i < ARRAY_SIZE(gdb_features); i++) {
		if (have(gdb_features[i].need)) {
			tx_char(';');
			tx_str(gdb_features[i].name);
		}
	}
	tx_end();
	return false;
}

static bool gdb_parse_args(const char *schema, struct gdb_rx *rx, struct gdb_args *a)
{
	int c;

	for (; *schema; schema++) {
		switch (*schema) {
		case '?':
			if (rx_eof(rx))
				return true;
			break;
		case 'x':
			if (a->nnum == ARRAY_SIZE(a->num) || !rx_hex(rx, &a->num[a->nnum++]))
				return false;
			break;
		case 't':
			if (!rx_tid(rx, &a->tid))
				return false;
			break;
		case 'a':
			c = rx_char(rx);
			if (c < 0)
				return false;
			a->op = (char)c;
			break;
		case 's':
			a->str = rx->p;
			while (!rx_eof(rx) && *rx->p != schema[1])
				rx->p++;
			a->str_len = (size_t)(rx->p - a->str);
			break;
		case 'r':
			a->rest = *rx;
			rx->p = rx->end;
			break;
		default:
			if (!rx_lit(rx, *schema))
				return false;
		}
	}
	return rx_eof(rx);
}

/* A table name without its separator ("Z0," is packet Z0). */
static size_t packet_name_len(const char *name)
{
	size_t n = strlen(name);
	char last = name[n - 1];

	return n > 1 && (last == ',' || last == ';' || last == ':') ? n - 1 : n;
}

/*
 * Whether @pkt is packet @c: its name, then the end, a separator, or (for
 * a name that a number follows directly, like qRegisterInfo0) a hex digit.
 */
static bool name_matches(const struct gdb_cmd *c, const char *pkt, size_t len)
{
	size_t n = strlen(c->name);
	char last = c->name[n - 1], next;

	if (n > len || memcmp(c->name, pkt, n))
		return false;
	next = n < len ? pkt[n] : '\0';
	return n == 1 || last == ',' || last == ':' || last == ';' || next == '\0' ||
	       next == ':' || (c->schema[0] == 'x' && hex_to_bin(next) >= 0);
}

/* Handle one packet; true when the target is to run. */
static bool gdb_dispatch(size_t len)
{
	const struct gdb_cmd *c;
	struct gdb_args a;
	struct gdb_rx rx;

	for (c = gdb_cmds; c < gdb_cmds + ARRAY_SIZE(gdb_cmds); c++)
		if (name_matches(c, gdb_buf, len))
			break;
	if (c == gdb_cmds + ARRAY_SIZE(gdb_cmds) || !have(c->need)) {
		tx_reply("");
		return false;
	}
	if (c->writes && ro_refuse(c->name, packet_name_len(c->name)))
		return false;
	/*
	 * A trace frame is looked at, not changed; but gdb's kill, which
	 * waits for no reply, still lets the kernel go.
	 */
	if (c->writes && c->handler != h_kill && gdb_trace_frame_selected()) {
		tx_err(-EPERM);
		return false;
	}
	memset(&a, 0, sizeof(a));
	a.name = c->name;
	rx_init(&rx, gdb_buf + strlen(c->name), len - strlen(c->name));
	if (!gdb_parse_args(c->schema, &rx, &a)) {
		tx_err(-EINVAL);
		return false;
	}
	return c->handler(&a);
}

static void gdb_run(const struct kgdb_stop *stop, struct kgdb_resume *res)
{
	int len;

	gdb_stop = stop;
	gdb_res = res;
	gdb_session.g_tid = KGDB_TID_ANY;
	gdb_session.c_tid = KGDB_TID_ANY;
	/* gdb is waiting for this stop; a new gdb asks with '?' instead. */
	if (gdb_session.attached)
		tx_stop_reply(true);
	for (;;) {
		len = gdb_get_packet();
		gdb_session.attached = true;
		kgdb_set_connected(true);
		if (len < 0)
			tx_err(len);
		else if (gdb_dispatch((size_t)len))
			break;
	}
	if (res->action != KGDB_DETACH && res->action != KGDB_KILL)
		return;
	gdb_session.attached = false;
	gdb_session.swbreak = gdb_session.hwbreak = false;
	kgdb_set_connected(false);
	/* After the last reply: a one-client transport may take another. */
	if (kgdb_io_ops->session_end)
		kgdb_io_ops->session_end();
}

/* The transport went away: forget the session whole. */
static void gdb_reset(void)
{
	memset(&gdb_session, 0, sizeof(gdb_session));
	gdb_trace_session_start();
	gdb_framing_reset();
}

static const struct kgdb_frontend gdb_frontend = {
	.name = "gdb",
	.priority = 0,
	.run = gdb_run,
#ifdef CONFIG_KGDB_CONSOLE
	.console_write = gdbstub_console_write,
#endif
	.reset = gdb_reset,
#ifdef CONFIG_KGDB_AGENT
	.break_pending = gdbstub_break_pending,
#endif
};
KGDB_FRONTEND(gdb, &gdb_frontend);
