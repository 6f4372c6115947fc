// SPDX-License-Identifier: MIT
/*
 * The kernel API the debugger uses (docs/porting.md lists it), faked for
 * host tests: notifier chains, consoles, nofault memory access, CPUs,
 * tasks, printing, and a scripted transport.
 */

#define _GNU_SOURCE	/* memmem() */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kernel/console.h>
#include <kernel/errno.h>
#include <kernel/jiffies.h>
#include <kernel/nofault.h>
#include <kernel/notifier.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/arch.h>
#include <asm/extable.h>
#include "fake.h"

__thread unsigned int fake_this_cpu;
__thread bool fake_irqs_off;

/* ---------------------------------------------------------------- notifiers */

static struct notifier_chain die_chain;
struct notifier_chain panic_notifier_list;

int notifier_chain_register(struct notifier_chain *chain, struct notifier_block *nb)
{
	struct notifier_block **p = &chain->head;

	while (*p && (*p)->priority >= nb->priority)
		p = &(*p)->next;
	nb->next = *p;
	*p = nb;
	return 0;
}

int notifier_chain_unregister(struct notifier_chain *chain, struct notifier_block *nb)
{
	struct notifier_block **p;

	for (p = &chain->head; *p; p = &(*p)->next) {
		if (*p == nb) {
			*p = nb->next;
			return 0;
		}
	}
	return -ENOENT;
}

int notifier_call_chain(struct notifier_chain *chain, unsigned long action, void *data)
{
	struct notifier_block *nb;
	int ret = NOTIFY_DONE;

	for (nb = chain->head; nb; nb = nb->next) {
		ret = nb->call(nb, action, data);
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	return ret;
}

int register_die_notifier(struct notifier_block *nb)
{
	return notifier_chain_register(&die_chain, nb);
}

int unregister_die_notifier(struct notifier_block *nb)
{
	return notifier_chain_unregister(&die_chain, nb);
}

int notify_die(enum die_val val, const char *str, struct pt_regs *regs, long err, int trapnr,
	       int signo)
{
	struct die_args args = { regs, str, err, trapnr, signo };

	return notifier_call_chain(&die_chain, val, &args);
}

/* A CPU traps; a frame with the trace flag set traps again after each instruction. */
static int nmi_pending[NR_CPUS];

void fake_send_nmi(unsigned int cpu)
{
	__atomic_store_n(&nmi_pending[cpu], 1, __ATOMIC_RELEASE);
}

/* An NMI sent to CPU 0 (the test's thread) is taken as it next breaks in. */
static void take_pending_nmi(void)
{
	unsigned int cpu = fake_this_cpu;

	if (__atomic_exchange_n(&nmi_pending[cpu], 0, __ATOMIC_ACQ_REL))
		notify_die(DIE_NMI, "fake", &fake_regs[cpu], 0, 0, 0);
}

u32 fake_flags_stepped;

int fake_exception(enum die_val val, int signo, struct pt_regs *regs)
{
	int ret = notify_die(val, "fake", regs, 0, 0, signo);

	while (regs->flags & FAKE_TF) {
		fake_flags_stepped = regs->flags;
		regs->pc += FAKE_INSN_LEN;
		ret = notify_die(DIE_DEBUG, "step", regs, 0, 1, SIGTRAP);
	}
	return ret;
}

void fake_arch_breakpoint(void)
{
	struct pt_regs *regs = &fake_regs[fake_this_cpu];

	regs->pc = FAKE_BREAK_ADDR + arch_kgdb_ops.bp_pc_offset;	/* past it, or on it */
	take_pending_nmi();
	fake_exception(DIE_BREAKPOINT, SIGTRAP, regs);
}

int fake_panic(const char *msg)
{
	return notifier_call_chain(&panic_notifier_list, 0, (void *)msg);
}

/* ---------------------------------------------------------------- consoles */

struct console *fake_console;

void register_console(struct console *con)
{
	fake_console = con;
}

void unregister_console(struct console *con)
{
	if (fake_console == con)
		fake_console = NULL;
}

/* ---------------------------------------------------------------- memory */

u8 fake_mem[FAKE_END];

/* Host memory the nofault copies reach as it is (fake_host_map()). */
static uintptr_t host_lo = UINTPTR_MAX, host_hi;

void fake_host_map(uintptr_t addr, size_t len)
{
	host_lo = addr < host_lo ? addr : host_lo;
	host_hi = addr + len > host_hi ? addr + len : host_hi;
}

static bool mapped(uintptr_t addr, size_t len, bool write)
{
	uintptr_t lo = write ? FAKE_DATA : FAKE_TEXT;

	if (addr + len < addr || addr < lo || addr + len > FAKE_END)
		return false;
	return write || addr >= FAKE_DATA || addr + len <= FAKE_HOLE;
}

/* Where @len bytes at @addr are, NULL where nothing is mapped. */
static u8 *at(uintptr_t addr, size_t len, bool write)
{
	if (addr >= host_lo && addr + len >= addr && addr + len <= host_hi)
		return (u8 *)addr;
	return mapped(addr, len, write) ? fake_mem + addr : NULL;
}

long copy_from_kernel_nofault(void *dst, const void *src, size_t len)
{
	const u8 *p = at((uintptr_t)src, len, false);

	if (!p)
		return -EFAULT;
	memcpy(dst, p, len);
	return 0;
}

long copy_to_kernel_nofault(void *dst, const void *src, size_t len)
{
	u8 *p = at((uintptr_t)dst, len, true);

	if (!p)
		return -EFAULT;
	memcpy(p, src, len);
	return 0;
}

bool fake_text_locked;

long text_poke(void *addr, const void *src, size_t len)
{
	if (fake_text_locked || !mapped((uintptr_t)addr, len, false))
		return -EFAULT;
	memcpy(fake_mem + (uintptr_t)addr, src, len);
	return 0;
}

/* One instruction has a fixup: a fault there is the kernel's to handle. */
const struct exception_table_entry *search_exception_table(unsigned long addr)
{
	static const struct exception_table_entry entry = { FAKE_EXTABLE_ADDR, FAKE_EXTABLE_ADDR };

	return addr == FAKE_EXTABLE_ADDR ? &entry : NULL;
}

/* ---------------------------------------------------------------- CPUs */

struct pt_regs fake_regs[NR_CPUS];
bool fake_cpu_deaf[NR_CPUS];
static unsigned int fake_online = 1;
static pthread_t cpu_threads[NR_CPUS];
static int cpus_stop;

unsigned int num_online_cpus(void)
{
	return fake_online;
}

bool cpu_online(unsigned int cpu)
{
	return cpu < fake_online;
}

void set_cpu_online(unsigned int cpu, bool online)
{
}

void fake_cpu_relax(void)
{
	sched_yield();
}

/* While gdb is scripted to be silent, time passes without sleeping. */
static bool line_silent, silence_waited;
static unsigned long silent_us;
/* Virtual time the stub has waited for a chunk scripted as late. */
static bool late_waiting;
static unsigned long late_waited_us;

/* A test that sets it keeps its own time: udelay() only counts. */
bool fake_virtual_clock;
unsigned long fake_clock_us;

void udelay(unsigned long us)
{
	if (fake_virtual_clock) {
		fake_clock_us += us;
		return;
	}
	if (late_waiting) {
		late_waited_us += us;
		return;
	}
	if (line_silent) {
		silent_us += us;
		silence_waited = true;
		return;
	}
	usleep(us);
}

void fake_roundup(void);

/* The generic kick: an NMI, which also ends a held CPU's sleep (fake_arch.c). */
void smp_send_nmi(unsigned int cpu)
{
	fake_kick(cpu);
}

void smp_send_nmi_allbutself(void)
{
	fake_roundup();
}

void fake_roundup(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < fake_online; cpu++)
		if (cpu != fake_this_cpu && !fake_cpu_deaf[cpu])
			fake_send_nmi(cpu);
}

static int trap_pending[NR_CPUS];	/* a die_val + 1, 0: none */
static int trap_result[NR_CPUS];

void fake_trap_while_stopped(unsigned int cpu, enum die_val val)
{
	trap_result[cpu] = -1;
	__atomic_store_n(&trap_pending[cpu], (int)val + 1, __ATOMIC_RELEASE);
}

int fake_trap_result(unsigned int cpu)
{
	while (__atomic_load_n(&trap_pending[cpu], __ATOMIC_ACQUIRE) ||
	       __atomic_load_n(&trap_result[cpu], __ATOMIC_ACQUIRE) < 0)
		usleep(100);
	return trap_result[cpu];
}

static void *cpu_thread(void *arg)
{
	unsigned int cpu = (unsigned int)(uintptr_t)arg;
	int val;

	fake_this_cpu = cpu;
	while (!__atomic_load_n(&cpus_stop, __ATOMIC_ACQUIRE)) {
		val = __atomic_load_n(&trap_pending[cpu], __ATOMIC_ACQUIRE);
		/* The trap comes before the roundup's NMI, as if both raced. */
		if (val && kgdb_active()) {
			__atomic_store_n(&trap_pending[cpu], 0, __ATOMIC_RELEASE);
			__atomic_store_n(&trap_result[cpu],
					 fake_exception((enum die_val)(val - 1), SIGTRAP,
							&fake_regs[cpu]), __ATOMIC_RELEASE);
		} else if (__atomic_exchange_n(&nmi_pending[cpu], 0, __ATOMIC_ACQ_REL))
			fake_exception(DIE_NMI, 0, &fake_regs[cpu]);
		else
			usleep(20);
	}
	return NULL;
}

void fake_cpus_start(unsigned int online)
{
	unsigned int cpu;

	fake_online = online;
	cpus_stop = 0;
	for (cpu = 1; cpu < online; cpu++)
		pthread_create(&cpu_threads[cpu], NULL, cpu_thread, (void *)(uintptr_t)cpu);
}

void fake_cpus_stop(void)
{
	unsigned int cpu;

	__atomic_store_n(&cpus_stop, 1, __ATOMIC_RELEASE);
	for (cpu = 1; cpu < fake_online; cpu++)
		pthread_join(cpu_threads[cpu], NULL);
	fake_online = 1;
}

/* ---------------------------------------------------------------- tasks */

#define FAKE_MAX_TASKS 4096
static struct task tasks[FAKE_MAX_TASKS];
static unsigned int ntasks;
struct task *fake_cpu_task[NR_CPUS];

void fake_tasks_setup(unsigned int extra)
{
	static const char *const names[] = { "swapper/0", "init", "worker", "sleeper" };
	unsigned int i;

	memset(tasks, 0, sizeof(tasks));
	ntasks = 4 + extra;
	for (i = 0; i < ntasks; i++) {
		tasks[i].pid = (int)i;
		if (i < 4)
			snprintf(tasks[i].comm, sizeof(tasks[i].comm), "%s", names[i]);
		else
			snprintf(tasks[i].comm, sizeof(tasks[i].comm), "extra%u", i);
		tasks[i].state = TASK_SLEEPING;
		tasks[i].on_cpu = -1;
		tasks[i].ctx.pc = FAKE_TEXT + 0x100 + i;
		tasks[i].ctx.sp = FAKE_DATA + 0x800;
		tasks[i].ctx.fp = FAKE_DATA + 0x810;
		tasks[i].next = i + 1 < ntasks ? &tasks[i + 1] : NULL;
	}
	/* init runs on CPU 0, worker on CPU 1; other CPUs run their idle (swapper). */
	tasks[1].state = TASK_RUNNING;
	tasks[1].on_cpu = 0;
	tasks[2].state = TASK_RUNNING;
	tasks[2].on_cpu = 1;
	for (i = 0; i < NR_CPUS; i++)
		fake_cpu_task[i] = i == 0 ? &tasks[1] : i == 1 ? &tasks[2] : &tasks[0];
}

struct task *current_task(void)
{
	return fake_cpu_task[fake_this_cpu];
}

struct task *task_first(void)
{
	return ntasks ? &tasks[0] : NULL;
}

struct task *task_next(struct task *t)
{
	return t->next;
}

struct task *task_find(int pid)
{
	return pid >= 0 && (unsigned int)pid < ntasks ? &tasks[pid] : NULL;
}

const char *task_state_name(const struct task *t)
{
	return t->state == TASK_RUNNING ? "running" : t->state == TASK_SLEEPING ? "sleeping" :
	       "dead";
}

/* ---------------------------------------------------------------- printing */

void pprintf(struct printer *p, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	p->write(p, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

int printk(const char *fmt, ...)
{
	return 0;
}

char fake_log[4096];
size_t fake_log_len;
bool fake_log_busy;

bool printk_bounded(const char *s, size_t len)
{
	if (fake_log_busy)
		return false;
	len = MIN(len, sizeof(fake_log) - 1 - fake_log_len);
	memcpy(fake_log + fake_log_len, s, len);
	fake_log_len += len;
	fake_log[fake_log_len] = '\0';
	return true;
}

void sched_show_tasks(struct printer *p)
{
	struct task *t;

	for_each_task(t)
		pprintf(p, "%d %s\n", t->pid, t->comm);
}

const char *fake_dmesg;

void log_buf_dump(struct printer *p)
{
	const char *s = fake_dmesg ? fake_dmesg : "[0.000] booted\n";

	p->write(p, s, strlen(s));
}

void arch_cpu_describe(struct printer *p, unsigned int cpu)
{
	pprintf(p, "CPU%u: fake\n", cpu);
}

void (*fake_restart_hook)(void);

#ifdef FAKE_COVERAGE
void __gcov_dump(void);
#endif

/* The coverage build's counters go out before a forked child _exit()s. */
void fake_exit(int status)
{
#ifdef FAKE_COVERAGE
	__gcov_dump();
#endif
	_exit(status);
}

void machine_restart(void)
{
	if (fake_restart_hook)
		fake_restart_hook();
	fake_exit(42);
}

/* ---------------------------------------------------------------- transport */

static char *in_buf, *exp_buf, *out_buf;
static size_t in_len, in_pos, exp_len, out_len, cap;
int (*fake_io_eof)(void);

/*
 * gdb sends a scripted chunk only after it has seen the output expected
 * before the chunk was scripted: a gate per chunk, in input order.
 */
#define MAX_GATES	8192
static struct gate {
	size_t pos;		/* where the chunk starts in in_buf */
	size_t out;		/* the output it waits for, in bytes */
	unsigned long late_us;	/* and then this much waiting (script_late()) */
	const char *until;	/* or for this text in the output (script_until()) */
	size_t from;		/* ... written since the chunk before it was read */
} gates[MAX_GATES];
static size_t nr_gates, cur_gate, refused_pos, refused_out;
static unsigned long next_late_us;
static const char *next_until;

static void grow(char **buf, size_t need)
{
	if (!cap) {
		cap = 1 << 22;
		in_buf = malloc(cap);
		exp_buf = malloc(cap);
		out_buf = malloc(cap);
	}
	if (need > cap) {
		fprintf(stderr, "fake transport: script too long\n");
		abort();
	}
	(void)buf;
}

void script_reset(void)
{
	grow(&in_buf, 0);
	in_len = in_pos = exp_len = out_len = 0;
	nr_gates = cur_gate = 0;
	next_late_us = 0;
	next_until = NULL;
	late_waiting = false;
	refused_pos = SIZE_MAX;
	line_silent = false;
	fake_io_eof = NULL;
}

/* The next scripted bytes wait for the output expected so far. */
static void gate_next_chunk(void)
{
	if (nr_gates && gates[nr_gates - 1].out == exp_len && !next_late_us && !next_until)
		return;
	if (nr_gates == MAX_GATES) {
		fprintf(stderr, "fake transport: script too long\n");
		abort();
	}
	gates[nr_gates++] = (struct gate){ .pos = in_len, .out = exp_len,
					   .late_us = next_late_us, .until = next_until };
	next_late_us = 0;
	next_until = NULL;
}

void script_late(unsigned long us)
{
	next_late_us = us;
}

void script_until(const char *s)
{
	next_until = s;
}

void script_raw(const char *s, size_t len)
{
	grow(&in_buf, in_len + len);
	gate_next_chunk();
	memcpy(in_buf + in_len, s, len);
	in_len += len;
}

void script_str(const char *s)
{
	script_raw(s, strlen(s));
}

static void frame(char *dst, size_t *dlen, const char *p, size_t len, bool rle)
{
	size_t i = 0, run, n = *dlen;
	unsigned int sum = 0;

	dst[n++] = '$';
	while (i < len) {
		dst[n++] = p[i];
		sum += (u8)p[i];
		for (run = 0; rle && i + 1 + run < len && run < 97 && p[i + 1 + run] == p[i]; run++)
			;
		if (run == 6 || run == 7)
			run = 5;
		if (rle && run >= 3) {
			dst[n++] = '*';
			dst[n++] = (char)(run + 29);
			sum += '*' + run + 29;
			i += run;
		}
		i++;
	}
	n += (size_t)sprintf(dst + n, "#%02x", sum & 0xff);
	*dlen = n;
}

void script_pkt_len(const char *payload, size_t len)
{
	grow(&in_buf, in_len + 2 * len + 8);
	gate_next_chunk();
	frame(in_buf, &in_len, payload, len, false);
}

void script_pkt(const char *payload)
{
	script_pkt_len(payload, strlen(payload));
}

void expect_str(const char *s)
{
	size_t len = strlen(s);

	grow(&exp_buf, exp_len + len);
	memcpy(exp_buf + exp_len, s, len);
	exp_len += len;
}

void expect_pkt_len(const char *payload, size_t len)
{
	grow(&exp_buf, exp_len + 2 * len + 8);
	frame(exp_buf, &exp_len, payload, len, true);
}

void expect_pkt(const char *payload)
{
	expect_pkt_len(payload, strlen(payload));
}

void xchg(const char *req, const char *reply)
{
	script_pkt(req);
	expect_str("+");
	expect_pkt(reply);
	script_str("+");
}

bool script_done(void)
{
	return in_pos == in_len;
}

const char *output_buf(size_t *len)
{
	*len = out_len;
	return out_buf;
}

const char *expected_buf(size_t *len)
{
	*len = exp_len;
	return exp_buf;
}

/*
 * Before its gate opens a chunk is not there yet, and after the script
 * there is nothing: a read finds no character. Only once until the stub
 * writes again, though: a stub that reads again waits for gdb, which would
 * wait for it forever; it gets the chunk (and the test fails on the output
 * rather than hanging), or the end of the script. A stub that waits with
 * udelay() between reads, as for an ack, hears silence before a chunk for
 * up to a (virtual) minute.
 */
#define FAKE_SILENCE_US	60000000UL

static bool nothing_sent_yet(void)
{
	bool closed;

	while (cur_gate + 1 < nr_gates && gates[cur_gate + 1].pos <= in_pos)
		gates[++cur_gate].from = out_len;
	closed = in_pos == in_len || out_len < gates[cur_gate].out ||
		 (gates[cur_gate].until && in_pos == gates[cur_gate].pos &&
		  !memmem(out_buf + gates[cur_gate].from, out_len - gates[cur_gate].from,
			  gates[cur_gate].until, strlen(gates[cur_gate].until)));
	if (!closed && in_pos == gates[cur_gate].pos && gates[cur_gate].late_us) {
		if (!late_waiting) {
			late_waiting = true;
			late_waited_us = 0;
		}
		if (late_waited_us < gates[cur_gate].late_us)
			return true;
		late_waiting = false;
		gates[cur_gate].late_us = 0;
	}
	if (closed && (refused_pos != in_pos || refused_out != out_len)) {
		refused_pos = in_pos;
		refused_out = out_len;
		line_silent = in_pos < in_len;
		silent_us = 0;
		silence_waited = false;
		return true;
	}
	if (closed && line_silent && silence_waited && silent_us < FAKE_SILENCE_US) {
		silence_waited = false;
		return true;
	}
	line_silent = false;
	return false;
}

static int fake_read_char(void)
{
	if (fake_io_eof && in_pos == in_len)
		return fake_io_eof();
	if (nothing_sent_yet())
		return KGDB_NO_CHAR;
	if (in_pos < in_len)
		return (u8)in_buf[in_pos++];
	fprintf(stderr, "fake transport: script ran out; output so far:\n%.*s\n",
		(int)out_len, out_buf);
	abort();
}

void (*fake_write_hook)(u8 c);

static void fake_write_char(u8 c)
{
	grow(&out_buf, out_len + 1);
	out_buf[out_len++] = (char)c;
	if (fake_write_hook)
		fake_write_hook(c);
}

static unsigned int pre_calls, post_calls;

static void fake_pre(void)
{
	line_silent = false;
	pre_calls++;
}

void (*fake_post_hook)(void);

static void fake_post(void)
{
	line_silent = false;
	post_calls++;
	if (fake_post_hook)
		fake_post_hook();
}

struct kgdb_io fake_io = {
	.name = "fake",
	.read_char = fake_read_char,
	.write_char = fake_write_char,
	.pre_exception = fake_pre,
	.post_exception = fake_post,
};

void fake_reset(unsigned int cpus)
{
	unsigned int i;

	memset(fake_mem, 0, sizeof(fake_mem));
	host_lo = UINTPTR_MAX;
	host_hi = 0;
	for (i = 0; i < FAKE_END; i++)
		fake_mem[i] = (u8)(i * 7 + 3);
	fake_mem[FAKE_BREAK_ADDR] = 0xcc;
	memset(fake_regs, 0, sizeof(fake_regs));
	for (i = 0; i < NR_CPUS; i++) {
		fake_regs[i].r[0] = 0x1111111111111111ull * (i + 1);
		fake_regs[i].sp = FAKE_DATA + 0x1000 + 0x100 * i;
		fake_regs[i].fp = fake_regs[i].sp + 0x10;
		fake_regs[i].pc = FAKE_TEXT + 0x200 + 0x10 * i;
		fake_cpu_deaf[i] = false;
	}
	memset(fake_hw, 0, sizeof(fake_hw));
	fake_hw_fired = -1;
	fake_restart_hook = NULL;
	fake_post_hook = NULL;
	fake_text_locked = false;
	fake_dmesg = NULL;
	fake_tasks_setup(0);
	script_reset();
	fake_cpus_start(cpus);
}

/* The trace buffer (debug_trace.c): its boot-time allocation, its size's parsing and its clock. */
volatile unsigned long jiffies;
bool fake_kmalloc_fails;
/* Every block stays reachable for the leak checker: a test may boot a feature again. */
static void *fake_heap[64];
static unsigned int fake_heap_n;

void *kmalloc(size_t size)
{
	void *p;

	if (fake_kmalloc_fails)
		return NULL;
	p = calloc(1, size);
	if (p && fake_heap_n < ARRAY_SIZE(fake_heap))
		fake_heap[fake_heap_n++] = p;
	return p;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	char *end;

	*res = strtoul(s, &end, (int)base);
	return *s && !*end ? 0 : -EINVAL;
}
