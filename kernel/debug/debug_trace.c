// SPDX-License-Identifier: MIT
/*
 * Tracepoints (gdb's trace, actions, tstart, tfind): points in the kernel
 * where a hit collects registers, memory and trace state variables into
 * the trace buffer and runs on, as a conditional breakpoint's false hit
 * does, so that gdb can walk the frames later as if stopped at each
 * (debug_trace_blocks.c reads a frame's blocks back).
 *
 * Hits are taken one at a time by the debugger's master CPU (the core
 * serializes them), so the buffer needs no lock and its frames are in the
 * order they were taken, on whatever CPU: a ring of frames, each a header
 * and blocks ('R' registers, 'M' memory, 'V' a variable), the oldest
 * dropped for a new one in circular mode, the trace stopped (tfull)
 * otherwise. Frames are numbered from the oldest one kept. Definitions
 * change only while the target is stopped, a running trace's too (gdb's
 * InstallInTrace).
 */

#include <kernel/jiffies.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include "debug_internal.h"

#ifndef CONFIG_KGDB_TRACE_BUF
#define CONFIG_KGDB_TRACE_BUF	(256 << 10)
#endif
#define TRACE_BUF_MAX		(64 << 20)
#define TP_MAX			KGDB_TRACE_MAX_TPS
#define TP_MEM_MAX		8	/* M actions of one */
#define TP_EXPR_MAX		8	/* X actions of one */
#define CODE_SPACE		8192	/* the conditions' and actions' bytecode */
#define TEXT_SPACE		8192	/* actions and sources as gdb sent them */
#define FRAME_MAX		4096	/* one frame, header included (a multiple of 4) */
#define VAR_NAME_MAX		64

struct tp {
	bool used, enabled, regs;
	u32 num;
	uintptr_t addr;
	u64 pass, hits, bytes;
	u16 cond_off, cond_len;
	u8 nmem, nexpr;
	struct {
		int basereg;	/* -1: an absolute address */
		s64 off;
		u32 len;
	} mem[TP_MEM_MAX];
	u16 expr_off[TP_EXPR_MAX], expr_len[TP_EXPR_MAX];
};

/*
 * The tables and the ring, taken from the heap as the debugger starts
 * (kgdb_trace_boot()): a kernel that never traces keeps none of them in
 * its bss. NULL: there was no memory, and tracepoints are off.
 */
static struct trace_space {
	struct tp tps[TP_MAX];
	u8 code[CODE_SPACE];
	/* Records of (tracepoint index, kind, length, text), back to back. */
	u8 text[TEXT_SPACE];
	struct kgdb_trace_var vars[KGDB_AX_MAX_VARS];
	/* The frame being collected, then copied into the ring. */
	u8 scratch[FRAME_MAX];
	u8 ring[];
} *ts;
static size_t code_used, text_used;

static struct kgdb_trace_status st;

/* The ring (ts->ring): frames in [head, tail), wrapping at wrap (0: not wrapped). */
static u8 *buf;
static size_t cap = CONFIG_KGDB_TRACE_BUF, head, tail, wrap;

struct frame_hdr {
	u32 len;		/* the whole frame */
	u32 tpnum;
	u32 tp;			/* index in tps[] */
	u32 cpu;
};

static size_t scratch_len;

static int trace_buf_setup(const char *val)
{
	unsigned long n;

	if (!val || kstrtoul(val, 0, &n) || n < FRAME_MAX || n > TRACE_BUF_MAX)
		return -EINVAL;
	cap = n;
	return 0;
}
boot_param("kgdb.trace_buf", trace_buf_setup);

/* In normal context, once: no allocation ever happens in the debugger. */
int kgdb_trace_boot(void)
{
	ts = kmalloc(sizeof(*ts) + cap);
	buf = ts ? ts->ring : NULL;
	if (!ts) {
		pr_err("kgdb: no memory for tracepoints (%lu bytes): they are off\n",
		       (unsigned long)(sizeof(*ts) + cap));
		cap = 0;
		return -ENOMEM;
	}
	memset(ts, 0, sizeof(*ts));
	st.size = cap;
	return 0;
}

static void frames_clear(void)
{
	head = tail = wrap = 0;
	st.frames = st.created = 0;
}

void kgdb_trace_reset(void)
{
	kgdb_trace_stop(KGDB_TRACE_NOTRUN, 0);
	if (ts) {
		memset(ts->tps, 0, sizeof(ts->tps));
		memset(ts->vars, 0, sizeof(ts->vars));
	}
	code_used = text_used = 0;
	frames_clear();
	st.circular = false;
	st.size = cap;
	st.reason = KGDB_TRACE_NOTRUN;
	kgdb_ax_vars_reset();
}

static struct tp *tp_find(u32 num, uintptr_t addr)
{
	struct tp *t;

	if (!ts)
		return NULL;
	for (t = ts->tps; t < ts->tps + TP_MAX; t++)
		if (t->used && t->num == num && t->addr == addr)
			return t;
	return NULL;
}

static int code_add(const u8 *c, size_t len, u16 *off)
{
	if (len > KGDB_AX_MAX_LEN || code_used + len > sizeof(ts->code))
		return -ENOSPC;
	memcpy(ts->code + code_used, c, len);
	*off = (u16)code_used;
	code_used += len;
	return 0;
}

int kgdb_trace_define(u32 num, uintptr_t addr, bool enabled, u64 pass, const u8 *cond,
		      size_t cond_len)
{
	struct tp *t;
	int err;

	if (!ts)
		return -ENOMEM;
	if (tp_find(num, addr))
		return -EEXIST;
	for (t = ts->tps; t < ts->tps + TP_MAX && t->used; t++)
		;
	if (t == ts->tps + TP_MAX)
		return -ENOSPC;
	if (cond_len && kgdb_ax_verify(cond, cond_len, 0))
		return -EINVAL;
	memset(t, 0, sizeof(*t));
	if (cond_len) {
		err = code_add(cond, cond_len, &t->cond_off);
		if (err)
			return err;
		t->cond_len = (u16)cond_len;
	}
	/* Installed in a running trace: its breakpoint goes in as the target resumes. */
	if (st.running) {
		err = kgdb_bp_own(addr, KGDB_BP_TRACE);
		if (err) {
			code_used -= t->cond_len;	/* its condition goes back */
			return err;
		}
	}
	*t = (struct tp){ .used = true, .enabled = enabled, .num = num, .addr = addr,
			  .pass = pass, .cond_off = t->cond_off, .cond_len = t->cond_len };
	return 0;
}

int kgdb_trace_add_regs(u32 num, uintptr_t addr)
{
	struct tp *t = tp_find(num, addr);

	if (!t)
		return -EINVAL;
	t->regs = true;
	return 0;
}

int kgdb_trace_add_mem(u32 num, uintptr_t addr, int basereg, s64 off, u32 len)
{
	struct tp *t = tp_find(num, addr);

	if (!t || len > FRAME_MAX || basereg < -1 ||
	    basereg >= (int)arch_kgdb_ops.num_regs)
		return -EINVAL;
	if (t->nmem == TP_MEM_MAX)
		return -ENOSPC;
	t->mem[t->nmem].basereg = basereg;
	t->mem[t->nmem].off = off;
	t->mem[t->nmem++].len = len;
	return 0;
}

int kgdb_trace_add_expr(u32 num, uintptr_t addr, const u8 *c, size_t len)
{
	struct tp *t = tp_find(num, addr);
	int err;

	if (!t || kgdb_ax_verify(c, len, KGDB_AX_ALLOW_TRACE | KGDB_AX_ALLOW_SETV))
		return -EINVAL;
	if (t->nexpr == TP_EXPR_MAX)
		return -ENOSPC;
	err = code_add(c, len, &t->expr_off[t->nexpr]);
	if (err)
		return err;
	t->expr_len[t->nexpr++] = (u16)len;
	return 0;
}

int kgdb_trace_add_text(u32 num, uintptr_t addr, char kind, const char *s, size_t len)
{
	struct tp *t = tp_find(num, addr);

	if (!t || len > 0xffff)
		return -EINVAL;
	if (text_used + 4 + len > sizeof(ts->text))
		return -ENOSPC;
	ts->text[text_used] = (u8)(t - ts->tps);
	ts->text[text_used + 1] = (u8)kind;
	ts->text[text_used + 2] = (u8)(len >> 8);
	ts->text[text_used + 3] = (u8)len;
	memcpy(ts->text + text_used + 4, s, len);
	text_used += 4 + len;
	return 0;
}

int kgdb_trace_define_var(u16 id, s64 init, bool builtin, const char *name, size_t len)
{
	struct kgdb_trace_var *v, *free = NULL;

	if (!ts)
		return -ENOMEM;
	if (len > VAR_NAME_MAX)
		return -EINVAL;
	for (v = ts->vars; v < ts->vars + KGDB_AX_MAX_VARS; v++) {
		if (v->used && v->id == id)
			free = v;
		else if (!v->used && !free)
			free = v;
	}
	if (!free)
		return -ENOSPC;
	*free = (struct kgdb_trace_var){ .used = true, .id = id, .init = init,
					 .builtin = builtin, .name_len = (u8)len };
	memcpy(free->name, name, len);
	/* Its value: set now, and again as a trace starts. */
	return kgdb_ax_var_set(id, (u64)init);
}

int kgdb_trace_enable(u32 num, uintptr_t addr, bool on)
{
	struct tp *t = tp_find(num, addr);

	if (!t)
		return -ENOENT;
	t->enabled = on;
	return 0;
}

int kgdb_trace_set_buffer(int circular, long size)
{
	if (size == -1)
		size = (long)cap;
	if (size >= 0 && st.running)
		return -EBUSY;
	if (size >= 0 && ((size_t)size > cap || size < FRAME_MAX))
		return -ENOSPC;
	if (circular >= 0)
		st.circular = circular;
	if (size >= 0) {
		st.size = (size_t)size;
		frames_clear();
	}
	return 0;
}

void kgdb_trace_set_disconnected(bool on)
{
	st.disconnected = on;
}

static u64 now_us(void)
{
	return (u64)jiffies * (1000000 / HZ);
}

int kgdb_trace_start(void)
{
	struct kgdb_trace_var *v;
	struct tp *t;
	int err = 0;

	if (!buf)
		return -ENOMEM;
	for (t = ts->tps; t < ts->tps + TP_MAX && !err; t++)
		if (t->used)
			err = kgdb_bp_own(t->addr, KGDB_BP_TRACE);
	if (err) {
		kgdb_bp_disown_all(KGDB_BP_TRACE);
		return err;
	}
	for (t = ts->tps; t < ts->tps + TP_MAX; t++)
		t->hits = t->bytes = 0;
	for (v = ts->vars; v < ts->vars + KGDB_AX_MAX_VARS; v++)
		if (v->used)
			kgdb_ax_var_set(v->id, (u64)v->init);
	frames_clear();
	st.running = true;
	st.reason = KGDB_TRACE_RUNNING;
	st.stop_tp = 0;
	st.start_us = now_us();
	st.stop_us = 0;
	return 0;
}

void kgdb_trace_stop(enum kgdb_trace_reason why, u32 tpnum)
{
	if (!st.running)
		return;
	st.running = false;
	st.reason = why;
	st.stop_tp = tpnum;
	st.stop_us = now_us();
}

void kgdb_trace_settle(void)
{
	if (!st.running)
		kgdb_bp_disown_all(KGDB_BP_TRACE);
}

/* Its breakpoints went with the transport: a trace left running would collect nothing. */
void kgdb_trace_detach(void)
{
	kgdb_trace_stop(KGDB_TRACE_DISCONNECTED, 0);
	kgdb_bp_disown_all(KGDB_BP_TRACE);
}

const struct kgdb_trace_status *kgdb_trace_status(void)
{
	st.free = !st.frames ? st.size : tail > head ? st.size - (tail - head) : head - tail;
	return &st;
}

/* ---------------------------------------------------------------- the ring */

/* The frame after the one at @off, which is @len long. */
static size_t next_frame(size_t off, size_t len)
{
	off += len;
	return wrap && off == wrap ? 0 : off;
}

static void drop_oldest(void)
{
	const struct frame_hdr *h = (const struct frame_hdr *)(buf + head);

	head = next_frame(head, h->len);
	if (head == 0)
		wrap = 0;
	if (!--st.frames)
		head = tail = wrap = 0;
}

/* Where @len contiguous bytes go, dropping frames if circular; false: full. */
static bool reserve(size_t len, size_t *at)
{
	for (;;) {
		if (!st.frames) {
			head = tail = wrap = 0;
			if (len > st.size)
				return false;
			*at = 0;
			return true;
		}
		if (!wrap && st.size - tail >= len) {
			*at = tail;
			return true;
		}
		if (!wrap && head >= len) {
			wrap = tail;
			*at = 0;
			return true;
		}
		if (wrap && head - tail >= len) {
			*at = tail;
			return true;
		}
		if (!st.circular)
			return false;
		drop_oldest();
	}
}

/* ---------------------------------------------------------------- a hit */

static bool put(const void *p, size_t len)
{
	if (scratch_len + len > sizeof(ts->scratch))
		return false;
	memcpy(ts->scratch + scratch_len, p, len);
	scratch_len += len;
	return true;
}

/*
 * A block of @len bytes of memory at @addr ('M'), what of it is readable,
 * under the address as gdb gave it (sign-extended, for MIPS).
 */
static void collect_mem(u64 addr, u64 len, bool to_nul)
{
	size_t hdr = 1 + sizeof(u64) + sizeof(u16), room, n = 0;
	u8 *data;
	u16 n16;

	if (scratch_len + hdr > sizeof(ts->scratch) || !kgdb_ax_addr_fits(addr))
		return;
	room = MIN(sizeof(ts->scratch) - scratch_len - hdr, (size_t)MIN(len, 0xffff));
	data = ts->scratch + scratch_len + hdr;
	if (!to_nul && !kgdb_mem_read(data, (uintptr_t)addr, room))
		n = room;
	/* Byte by byte: up to the first unreadable one, or the NUL. */
	while (n < room && !kgdb_mem_read(data + n, (uintptr_t)addr + n, 1))
		if (!data[n++] && to_nul)
			break;
	if (!n)
		return;
	ts->scratch[scratch_len] = 'M';
	memcpy(ts->scratch + scratch_len + 1, &addr, sizeof(addr));
	n16 = (u16)n;
	memcpy(ts->scratch + scratch_len + 1 + sizeof(u64), &n16, sizeof(n16));
	scratch_len += hdr + n;
}

static void collect(void *priv, u64 addr, u64 size, bool to_nul)
{
	collect_mem(addr, size, to_nul);
}

static void collect_var(void *priv, u16 id, u64 value)
{
	u8 b = 'V';

	if (scratch_len + 1 + sizeof(id) + sizeof(value) <= sizeof(ts->scratch)) {
		put(&b, 1);
		put(&id, sizeof(id));
		put(&value, sizeof(value));
	}
}

static void collect_regs(const struct kgdb_thread *th)
{
	u8 val[KGDB_REG_MAX_BYTES], b = 'R';
	unsigned int regno;
	size_t all = 0;

	for (regno = 0; regno < arch_kgdb_ops.num_regs; regno++)
		all += kgdb_reg_size(regno);
	if (scratch_len + 1 + all > sizeof(ts->scratch))
		return;
	put(&b, 1);
	for (regno = 0; regno < arch_kgdb_ops.num_regs; regno++) {
		kgdb_reg_read(th, regno, val);
		put(val, kgdb_reg_size(regno));
	}
}

/* One tracepoint location's hit on @cpu: its condition, then its actions. */
static void tp_hit(struct tp *t, unsigned int cpu)
{
	struct kgdb_thread th = { .cpu = (int)cpu };
	struct kgdb_ax_ctx ctx = { .th = &th, .collect = collect, .collect_var = collect_var };
	struct frame_hdr h = { .tpnum = t->num, .tp = (u32)(t - ts->tps), .cpu = cpu };
	unsigned int i;
	u8 val[KGDB_REG_MAX_BYTES];
	size_t at;
	s64 v;

	if (t->cond_len && !kgdb_ax_eval(ts->code + t->cond_off, t->cond_len, &ctx, &v) && !v)
		return;
	scratch_len = sizeof(h);
	if (t->regs)
		collect_regs(&th);
	for (i = 0; i < t->nmem; i++) {
		u64 base = 0;

		if (t->mem[i].basereg >= 0) {
			kgdb_reg_read(&th, (unsigned int)t->mem[i].basereg, val);
			base = kgdb_load(val, kgdb_reg_size((unsigned int)t->mem[i].basereg));
		}
		collect_mem(base + (u64)t->mem[i].off, t->mem[i].len, false);
	}
	for (i = 0; i < t->nexpr; i++)
		kgdb_ax_eval(ts->code + t->expr_off[i], t->expr_len[i], &ctx, &v);
	/* Padded with zeros, which end the blocks; the next header aligned. */
	h.len = (u32)ALIGN(scratch_len, sizeof(u32));
	memset(ts->scratch + scratch_len, 0, h.len - scratch_len);
	if (!reserve(h.len, &at)) {
		kgdb_trace_stop(KGDB_TRACE_FULL, 0);
		return;
	}
	memcpy(ts->scratch, &h, sizeof(h));
	memcpy(buf + at, ts->scratch, h.len);
	tail = at + h.len;
	st.frames++;
	st.created++;
	t->hits++;
	t->bytes += h.len;
	if (t->pass && t->hits >= t->pass)
		kgdb_trace_stop(KGDB_TRACE_PASSCOUNT, t->num);
}

void kgdb_trace_hit(unsigned int cpu, uintptr_t addr)
{
	struct tp *t;

	for (t = ts->tps; t < ts->tps + TP_MAX && st.running; t++)
		if (t->used && t->enabled && t->addr == addr)
			tp_hit(t, cpu);
}

/* ---------------------------------------------------------------- looking */

const struct kgdb_trace_tp *kgdb_trace_tp(unsigned int i, struct kgdb_trace_tp *out)
{
	const struct tp *t;

	if (!ts || i >= TP_MAX || !ts->tps[i].used)
		return NULL;
	t = &ts->tps[i];
	*out = (struct kgdb_trace_tp){ .num = t->num, .addr = t->addr, .enabled = t->enabled,
				       .pass = t->pass, .hits = t->hits, .bytes = t->bytes,
				       .cond = t->cond_len ? ts->code + t->cond_off : NULL,
				       .cond_len = t->cond_len };
	return out;
}

const struct kgdb_trace_tp *kgdb_trace_tp_find(u32 num, uintptr_t addr, struct kgdb_trace_tp *out)
{
	const struct tp *t = tp_find(num, addr);

	return t ? kgdb_trace_tp((unsigned int)(t - ts->tps), out) : NULL;
}

size_t kgdb_trace_text(size_t off, unsigned int *tp, char *kind, const char **s, size_t *len)
{
	if (off + 4 > text_used)
		return 0;
	*tp = ts->text[off];
	*kind = (char)ts->text[off + 1];
	*len = (size_t)ts->text[off + 2] << 8 | ts->text[off + 3];
	*s = (const char *)ts->text + off + 4;
	return off + 4 + *len;
}

const struct kgdb_trace_var *kgdb_trace_var(unsigned int i)
{
	return ts && i < KGDB_AX_MAX_VARS && ts->vars[i].used ? &ts->vars[i] : NULL;
}

bool kgdb_trace_frame(unsigned int n, struct kgdb_trace_frame *f)
{
	const struct frame_hdr *h;
	size_t off = head;
	unsigned int i;

	if (n >= st.frames)
		return false;
	for (i = 0; i < n; i++)
		off = next_frame(off, ((const struct frame_hdr *)(buf + off))->len);
	h = (const struct frame_hdr *)(buf + off);
	f->tpnum = h->tpnum;
	f->addr = ts->tps[h->tp].addr;
	f->cpu = h->cpu;
	f->data = buf + off + sizeof(*h);
	f->len = h->len - sizeof(*h);
	return true;
}
