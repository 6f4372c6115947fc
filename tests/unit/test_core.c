// SPDX-License-Identifier: MIT
/*
 * kernel/debug/debug_core.c, debug_io.c, debug_regs.c, debug_bp.c: what
 * the protocol's tests do not reach. A second front end ("test", above
 * gdb, so it sees every stop first) hands the line to gdb and gets it
 * back; boot parameters and SysRq-G from their linker tables; faulty arch
 * tables refused at registration; the hold window; a breakpoint hit on
 * the way out; text that takes no writes.
 */

#include "harness.h"
#include <kernel/errno.h>
#include <kernel/params.h>
#include <kernel/sysrq.h>
#include <asm-generic/sections.h>
#include "../../kernel/debug/debug_internal.h"
#include "../../kernel/debug/frontend.h"

#define BP1	(FAKE_TEXT + 0x100)

/* What the test front end does at its next stops, in order. */
struct step {
	enum kgdb_action action;
	const char *to;		/* KGDB_HANDOVER: a front end's name, or NULL */
	void (*before)(void);	/* called first, in debugger context */
};
static struct {
	struct step plan[8];
	unsigned int n, next;
	struct kgdb_stop stops[8];
} fe;

static void test_run(const struct kgdb_stop *stop, struct kgdb_resume *res)
{
	const struct step *s = &fe.plan[fe.next < fe.n ? fe.next : fe.n - 1];

	fe.stops[fe.next++ % 8] = *stop;
	if (s->before)
		s->before();
	*res = (struct kgdb_resume){ .action = s->action, .cpu = stop->cpu,
				     .to = s->to ? kgdb_frontend_find(s->to) : NULL };
}

static const struct kgdb_frontend test_frontend = {
	.name = "test",
	.priority = 10,
	.run = test_run,
};
KGDB_FRONTEND(test, &test_frontend);

static void plan(const struct step *steps, unsigned int n)
{
	memcpy(fe.plan, steps, n * sizeof(*steps));
	fe.n = n;
	fe.next = 0;
}

static const struct boot_param *param(const char *name)
{
	const struct boot_param *p;

	for (p = (void *)__boot_params_start; p < (const struct boot_param *)__boot_params_end; p++)
		if (!strcmp(p->name, name))
			return p;
	fail_msg("no boot parameter %s", name);
	return NULL;
}

static int reset_fe(void **state)
{
	memset(&fe, 0, sizeof(fe));
	return setup1(state);
}

/* The highest priority serves; a handover lasts until the session ends. */
static void test_frontends_hand_the_line_over(void **state)
{
	static const struct step steps[] = {
		{ KGDB_HANDOVER, NULL, NULL },		/* to nobody: it runs again */
		{ KGDB_HANDOVER, "gdb", NULL },
	};

	assert_ptr_equal(kgdb_frontend_find("test"), &test_frontend);
	assert_non_null(kgdb_frontend_find("gdb"));
	assert_null(kgdb_frontend_find("kdb"));
	assert_ptr_equal(kgdb_frontend_current(), &test_frontend);
	plan(steps, 2);
	gdb_connect();
	xchg("qC", "QC2");
	xchg("D", "OK");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_output();
	assert_int_equal(fe.next, 2);
	assert_int_equal(fe.stops[1].signo, SIGTRAP);
	/* gdb's detach gave the line back. */
	assert_ptr_equal(kgdb_frontend_current(), &test_frontend);
	plan((const struct step[]){ { KGDB_CONTINUE, NULL, NULL } }, 1);
	kgdb_breakpoint();
	assert_int_equal(fe.next, 1);
}

/* While gdb serves, it is the current front end, and stays so on a continue. */
static void test_handover_lasts_until_the_session_ends(void **state)
{
	plan((const struct step[]){ { KGDB_HANDOVER, "gdb", NULL } }, 1);
	gdb_connect();
	resume("c");
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_ptr_equal(kgdb_frontend_current(), kgdb_frontend_find("gdb"));
	script_reset();
	expect_pkt(stop_reply(0, 5, "", 2));
	script_str("+");
	xchg("D", "OK");
	kgdb_breakpoint();
	assert_output();
	assert_int_equal(fe.next, 1);
	assert_ptr_equal(kgdb_frontend_current(), &test_frontend);
}

static void test_boot_parameters(void **state)
{
	extern struct console *fake_console;
	static const struct step cont[] = { { KGDB_CONTINUE, NULL, NULL } };

	assert_int_equal(param("kgdb.ro")->setup("1"), 0);
	assert_true(kgdb_read_only);
	assert_int_equal(param("kgdb.ro")->setup("0"), 0);
	assert_false(kgdb_read_only);
	assert_int_equal(param("kgdb.ro")->setup(NULL), 0);
	assert_true(kgdb_read_only);
	assert_int_equal(param("kgdb.ro")->setup("yes"), -EINVAL);
	assert_int_equal(param("kgdb.ro")->setup("0"), 0);

	/* kgdbcon=0: a transport that is no console gets no copy of the log. */
	kgdb_unregister_io_module(&fake_io);
	assert_int_equal(param("kgdbcon")->setup("0"), 0);
	assert_int_equal(kgdb_register_io_module(&fake_io), 0);
	assert_null(fake_console);
	kgdb_unregister_io_module(&fake_io);
	assert_int_equal(param("kgdbcon")->setup(NULL), 0);
	assert_int_equal(kgdb_register_io_module(&fake_io), 0);
	assert_non_null(fake_console);

	/* kgdbwait: the first transport's registration stops once, no more. */
	plan(cont, 1);
	kgdb_initial_breakpoint();
	assert_int_equal(fe.next, 0);
	assert_int_equal(param("kgdbwait")->setup(NULL), 0);
	kgdb_initial_breakpoint();
	assert_int_equal(fe.next, 1);
	assert_int_equal(fe.stops[0].signo, SIGTRAP);
	kgdb_initial_breakpoint();
	assert_int_equal(fe.next, 1);
}

static void test_sysrq_g(void **state)
{
	const struct sysrq_key *k;

	plan((const struct step[]){ { KGDB_CONTINUE, NULL, NULL } }, 1);
	for (k = (void *)__sysrq_keys_start; k->key != 'g'; k++)
		assert_true(k + 1 < (const struct sysrq_key *)__sysrq_keys_end);
	k->handler('g');
	assert_int_equal(fe.next, 1);
	kgdb_unregister_io_module(&fake_io);
	k->handler('g');			/* no transport: a message, no stop */
	assert_int_equal(fe.next, 1);
}

/* Any NMI that lands in the hold window moves the CPU past the sleep. */
static void test_hold_window(void **state)
{
	fake_regs[0].pc = (uintptr_t)fake_hold_window;
	assert_int_equal(fake_exception(DIE_NMI, 0, &fake_regs[0]), NOTIFY_DONE);
	assert_int_equal(fake_regs[0].pc, (uintptr_t)fake_hold_window + 1);
	fake_regs[0].pc = (uintptr_t)fake_hold_window + 1;
	assert_int_equal(fake_exception(DIE_NMI, 0, &fake_regs[0]), NOTIFY_DONE);
	assert_int_equal(fake_regs[0].pc, (uintptr_t)fake_hold_window + 1);
	/* A die value the debugger does not know is none of its business. */
	assert_int_equal(notify_die((enum die_val)99, "?", &fake_regs[0], 0, 0, 0), NOTIFY_DONE);
}

static int way_out_verdict;

/* The master runs into its own breakpoint after planting it. */
static void trap_on_the_way_out(void)
{
	fake_post_hook = NULL;
	fake_regs[0].pc = BP1 + 1;
	way_out_verdict = fake_exception(DIE_BREAKPOINT, SIGTRAP, &fake_regs[0]);
}

static void set_bp1(void)
{
	assert_int_equal(kgdb_set_sw_break(BP1, false), 0);
	fake_post_hook = trap_on_the_way_out;
}

/* A breakpoint of ours hit on the way out is taken out for good. */
static void test_breakpoint_hit_on_the_way_out(void **state)
{
	u8 orig = fake_mem[BP1];

	plan((const struct step[]){ { KGDB_CONTINUE, NULL, set_bp1 } }, 1);
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_int_equal(way_out_verdict, NOTIFY_STOP);
	assert_int_equal(fake_mem[BP1], orig);
	assert_int_equal(fake_regs[0].pc, BP1);
	assert_int_equal(kgdb_bp_at(BP1), KGDB_BP_LIFTED);
}

/*
 * One record per address with its owners: each takes only its own bit,
 * gdb's session end keeps a lasting dprintf, its start takes that too;
 * the address stays planted while anyone owns it.
 */
static void test_breakpoint_owners(void **state)
{
	uintptr_t addr, found = 0;
	unsigned int i, owners, n = 0;

	assert_int_equal(kgdb_bp_own(BP1, KGDB_BP_KDB), 0);
	assert_int_equal(kgdb_set_sw_break(BP1, true), 0);
	assert_int_equal(kgdb_bp_owners(BP1), KGDB_BP_KDB | KGDB_BP_GDB | KGDB_BP_AGENT);
	assert_int_equal(kgdb_set_sw_break(BP1, false), 0);	/* no longer lasting */
	assert_int_equal(kgdb_bp_owners(BP1), KGDB_BP_KDB | KGDB_BP_GDB);
	assert_int_equal(kgdb_set_sw_break(BP1, true), 0);
	kgdb_remove_all_breaks(true);				/* gdb detaches */
	assert_int_equal(kgdb_bp_owners(BP1), KGDB_BP_KDB | KGDB_BP_AGENT);
	kgdb_remove_all_breaks(false);				/* a new gdb */
	assert_int_equal(kgdb_bp_owners(BP1), KGDB_BP_KDB);
	assert_int_equal(kgdb_set_sw_break(BP1, false), 0);
	assert_int_equal(kgdb_remove_sw_break(BP1), 0);	/* z0 leaves kdb's */
	assert_int_equal(kgdb_remove_sw_break(BP1 + 8), 0);	/* one it never had */
	assert_int_equal(kgdb_bp_owners(BP1), KGDB_BP_KDB);
	assert_int_equal(kgdb_bp_own(BP1 + 8, KGDB_BP_TRACE), 0);
	kgdb_bp_disown_all(KGDB_BP_TRACE);
	assert_int_equal(kgdb_bp_owners(BP1 + 8), 0);
	assert_int_equal(kgdb_bp_at(BP1 + 8), KGDB_BP_LIFTED);	/* known, as a late trap's */
	for (i = 0; i < CONFIG_KGDB_MAX_BREAKPOINTS + 1; i++) {
		if (kgdb_bp_nth(i, &addr, &owners)) {
			n++;
			found = addr;
			assert_int_equal(owners, KGDB_BP_KDB);
		}
	}
	assert_int_equal(n, 1);
	assert_int_equal(found, BP1);
	/* Full: a removed entry is taken again, then there is no room. */
	for (i = 1; i < CONFIG_KGDB_MAX_BREAKPOINTS; i++)
		assert_int_equal(kgdb_bp_own(BP1 + 8 * i, KGDB_BP_GDB), 0);
	assert_int_equal(kgdb_bp_own(BP1 + 8 * i, KGDB_BP_GDB), -ENOSPC);
	kgdb_bp_disown(BP1, KGDB_BP_KDB);
	assert_int_equal(kgdb_bp_owners(BP1), 0);
	kgdb_remove_all_breaks(false);
}

/*
 * A full table takes for a new breakpoint the entry removed longest ago:
 * one removed just before may have a CPU on its way in that still has to
 * know its trap was ours (gdb's own software step removes one a step).
 */
static void test_removed_entries_are_taken_oldest_first(void **state)
{
	unsigned int i;

	for (i = 0; i < CONFIG_KGDB_MAX_BREAKPOINTS; i++)
		assert_int_equal(kgdb_set_sw_break(BP1 + 8 * i, false), 0);
	assert_int_equal(kgdb_remove_sw_break(BP1 + 8 * 5), 0);
	assert_int_equal(kgdb_remove_sw_break(BP1 + 8 * 1), 0);
	assert_int_equal(kgdb_remove_sw_break(BP1 + 8 * 3), 0);
	assert_int_equal(kgdb_set_sw_break(BP1 + 8 * 8, false), 0);
	assert_int_equal(kgdb_bp_at(BP1 + 8 * 5), KGDB_BP_NONE);
	assert_int_equal(kgdb_bp_at(BP1 + 8 * 1), KGDB_BP_LIFTED);
	assert_int_equal(kgdb_set_sw_break(BP1 + 8 * 9, false), 0);
	assert_int_equal(kgdb_bp_at(BP1 + 8 * 1), KGDB_BP_NONE);
	assert_int_equal(kgdb_bp_at(BP1 + 8 * 3), KGDB_BP_LIFTED);
	/* A removed one set again is no longer the oldest. */
	assert_int_equal(kgdb_set_sw_break(BP1 + 8 * 3, false), 0);
	assert_int_equal(kgdb_remove_sw_break(BP1 + 8 * 0), 0);
	assert_int_equal(kgdb_remove_sw_break(BP1 + 8 * 3), 0);
	assert_int_equal(kgdb_set_sw_break(BP1 + 8 * 10, false), 0);
	assert_int_equal(kgdb_bp_at(BP1 + 8 * 0), KGDB_BP_NONE);
	assert_int_equal(kgdb_bp_at(BP1 + 8 * 3), KGDB_BP_LIFTED);
	kgdb_remove_all_breaks(false);
}

static void kdb_bp1(void)
{
	assert_int_equal(kgdb_bp_own(BP1, KGDB_BP_KDB), 0);
}

/*
 * A front end's own breakpoint (kdb's): hit, it stops; a step from it
 * runs the instruction once and stops past it; a continue from there
 * leaves it planted. A continue from the hit steps over it first.
 */
static void test_front_end_steps_over_its_breakpoint(void **state)
{
	static const struct step steps[] = {
		{ KGDB_CONTINUE, NULL, kdb_bp1 }, { KGDB_STEP, NULL, NULL },
		{ KGDB_CONTINUE, NULL, NULL },
	};

	plan(steps, 3);
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	assert_int_equal(fake_mem[BP1], 0xcc);
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_int_equal(fe.next, 3);
	assert_int_equal(fe.stops[1].kind, KGDB_STOP_SWBREAK);
	assert_int_equal(fake_regs[0].pc, BP1 + FAKE_INSN_LEN);
	assert_int_equal(fake_mem[BP1], 0xcc);
	plan((const struct step[]){ { KGDB_CONTINUE, NULL, NULL } }, 1);
	assert_int_equal(hit(BP1), NOTIFY_STOP);
	assert_int_equal(fe.next, 1);
	assert_int_equal(fake_regs[0].pc, BP1 + FAKE_INSN_LEN);
	assert_int_equal(fake_mem[BP1], 0xcc);
	assert_false(kgdb_active());
	kgdb_bp_disown(BP1, KGDB_BP_KDB);
}

static void lock_text(void)
{
	assert_int_equal(kgdb_set_sw_break(BP1, false), 0);
	fake_text_locked = true;
}

/* Text that takes no writes: refused at Z0, or dropped when planting. */
static void test_text_that_takes_no_writes(void **state)
{
	u8 orig = fake_mem[BP1];

	fake_text_locked = true;
	assert_int_equal(kgdb_set_sw_break(BP1, false), -EFAULT);
	fake_text_locked = false;
	plan((const struct step[]){ { KGDB_CONTINUE, NULL, lock_text } }, 1);
	fake_regs[0].pc = FAKE_BREAK_ADDR + 1;
	kgdb_breakpoint();
	fake_text_locked = false;
	assert_int_equal(fake_mem[BP1], orig);
	assert_int_equal(kgdb_bp_at(BP1), KGDB_BP_LIFTED);
}

/* A transport is a stream or carries packets, not both, not neither. */
static void test_transport_kinds(void **state)
{
	struct kgdb_io both = fake_io, neither = fake_io;

	kgdb_unregister_io_module(&fake_io);
	both.get_packet = (int (*)(char *, size_t))1;
	both.put_packet = (void (*)(const char *, size_t, enum kgdb_packet_kind))1;
	neither.read_char = NULL;
	assert_int_equal(kgdb_register_io_module(&both), -EINVAL);
	assert_int_equal(kgdb_register_io_module(&neither), -EINVAL);
	assert_int_equal(kgdb_register_io_module(&fake_io), 0);
}

/* kgdb.trace_buf=: the trace buffer's size, from one frame's room up to 64 MiB. */
static void test_trace_buffer_size(void **state)
{
	const struct boot_param *p = param("kgdb.trace_buf");

	assert_int_equal(p->setup(NULL), -EINVAL);
	assert_int_equal(p->setup("big"), -EINVAL);
	assert_int_equal(p->setup("4095"), -EINVAL);
	assert_int_equal(p->setup("0x4000001"), -EINVAL);
	assert_int_equal(p->setup("0x4000000"), 0);
	assert_int_equal(p->setup("4096"), 0);
}

/* Without the memory for the trace, as the debugger starts, tracepoints are off. */
static void test_trace_without_memory(void **state)
{
	const struct boot_param *p = param("kgdb.trace_buf");
	struct kgdb_trace_tp t;

	fake_kmalloc_fails = true;
	assert_int_equal(kgdb_trace_boot(), -ENOMEM);
	fake_kmalloc_fails = false;
	kgdb_trace_reset();
	assert_int_equal(kgdb_trace_status()->size, 0);
	assert_int_equal(kgdb_trace_define(1, BP1, true, 0, NULL, 0), -ENOMEM);
	assert_int_equal(kgdb_trace_add_regs(1, BP1), -EINVAL);
	assert_int_equal(kgdb_trace_define_var(1, 0, false, "v", 1), -ENOMEM);
	assert_int_equal(kgdb_trace_start(), -ENOMEM);
	assert_null(kgdb_trace_tp(0, &t));
	assert_null(kgdb_trace_var(0));
	/* The trace as the other tests had it. */
	assert_int_equal(p->setup("262144"), 0);
	assert_int_equal(kgdb_trace_boot(), 0);
	kgdb_trace_reset();
	assert_int_equal(kgdb_trace_status()->size, 262144);
}

/*
 * kgdb.agent_space=: the bytecode arena's size. Without the memory for it
 * as the debugger starts, no breakpoint takes expressions.
 */
static void test_agent_space(void **state)
{
	static const u8 cond[] = { 0x22, 0x00, 0x27 };		/* const8 0, end */
	const struct boot_param *p = param("kgdb.agent_space");
	struct kgdb_ax_list one = { .n = 1, .code = { cond }, .len = { sizeof(cond) } };
	struct kgdb_ax_list none = { 0 };

	assert_int_equal(p->setup(NULL), -EINVAL);
	assert_int_equal(p->setup("1023"), -EINVAL);
	assert_int_equal(p->setup("65537"), -EINVAL);
	assert_int_equal(p->setup("65536"), 0);
	fake_kmalloc_fails = true;
	assert_int_equal(kgdb_agent_boot(), -ENOMEM);
	fake_kmalloc_fails = false;
	assert_int_equal(kgdb_bp_set_agent(BP1, &one, &none, false), -ENOSPC);
	assert_false(kgdb_bp_runs_agent(BP1));
	/* The agent as the other tests had it. */
	assert_int_equal(p->setup("8192"), 0);
	assert_int_equal(kgdb_agent_boot(), 0);
	assert_int_equal(kgdb_bp_set_agent(BP1, &one, &none, false), 0);
	assert_true(kgdb_bp_runs_agent(BP1));
	kgdb_bp_agent_reset(false);
}

/* Without memory for each CPU's hardware slots as the debugger starts: no hardware breakpoints. */
static void test_hw_slots_without_memory(void **state)
{
	struct pt_regs regs = { 0 };
	struct kgdb_hw_hit hit;

	fake_kmalloc_fails = true;
	assert_int_equal(kgdb_hw_boot(), -ENOMEM);
	fake_kmalloc_fails = false;
	assert_false(kgdb_hw_supported());
	assert_false(kgdb_hw_cpu_armed(0));
	kgdb_hw_cpu_resume(0);
	assert_int_equal(kgdb_hw_decode(0, &regs, 0, &hit), KGDB_HW_NONE);
	/* As the other tests had them. */
	assert_int_equal(kgdb_hw_boot(), 0);
	assert_true(kgdb_hw_supported());
}

/*
 * A sleeping task's registers as a trap frame (kdb's backtrace of it):
 * what the table maps to the frame, from the task's saved context; the
 * rest zero.
 */
static void test_sleeping_task_frame(void **state)
{
	struct task *t = task_first();
	struct pt_regs regs, want;

	while (strcmp(t->comm, "sleeper"))
		t = task_next(t);
	memset(&regs, 0xa5, sizeof(regs));
	kgdb_task_frame(t, &regs);
	memset(&want, 0, sizeof(want));
	want.pc = t->ctx.pc;
	want.sp = t->ctx.sp;
	want.fp = t->ctx.fp;
	assert_memory_equal(&regs, &want, sizeof(regs));
}

/* ---------------------------------------------------------------- the arch's table */

#define ROW(n, b, f, t)	KGDB_REG(n, b, 0, NULL, NULL, f, t, 0)

static struct kgdb_reg rows[3];
static struct kgdb_reg_feature features[1];
static struct kgdb_arch arch;

/* A good table of three 64-bit frame rows, then one thing wrong with it. */
static void good(void)
{
	rows[0] = (struct kgdb_reg)ROW("pc", 64, KGDB_IN_FRAME(pc), KGDB_IN_TASK(pc));
	rows[1] = (struct kgdb_reg)ROW("sp", 64, KGDB_IN_FRAME(sp), KGDB_NOWHERE);
	rows[2] = (struct kgdb_reg)ROW("fp", 64, KGDB_IN_CPU(fpu), KGDB_CONST(3));
	features[0] = (struct kgdb_reg_feature){ "fake.gprs", NULL };
	arch = (struct kgdb_arch){ .bp_insn = 0xcc, .bp_len = 1, .regs = rows, .num_regs = 3,
				   .reg_features = features, .num_reg_features = 1,
				   .tdesc_arch = "fake", .triple_arch = "fake", .pc_regno = 0,
				   .sp_regno = 1, .fp_regno = 2 };
	assert_true(kgdb_arch_valid(&arch));
}

static void test_faulty_arch_tables_are_refused(void **state)
{
	assert_true(kgdb_arch_valid(&arch_kgdb_ops));
#define BAD(change) do { good(); change; assert_false(kgdb_arch_valid(&arch)); } while (0)
	BAD(arch.bp_len = 0);
	BAD(arch.bp_len = KGDB_MAX_BP_LEN + 1);
	BAD(arch.regs = NULL);
	BAD(arch.num_regs = 0);
	BAD(arch.tdesc_arch = NULL);
	BAD(arch.triple_arch = NULL);
	BAD(arch.num_reg_features = 0);
	BAD(features[0].name = NULL);
	BAD(rows[1].feature = 1);			/* no such feature */
	BAD(arch.pc_regno = 3);				/* no such row */
	BAD(arch.sp_regno = -1);			/* only fp may be missing */
	BAD(arch.fp_regno = -2);
	BAD(rows[0].bits = 128; rows[0].frame = KGDB_NOWHERE;
	    rows[0].task = KGDB_NOWHERE);	/* the PC wider than an address */
	BAD(rows[1].name = NULL);
	BAD(rows[1].name = "s p");			/* qRegisterInfo takes plain words */
	BAD(rows[1].group = "gen;eral");
	BAD(rows[1].bits = 0);
	BAD(rows[1].bits = 60);				/* not whole bytes */
	BAD(rows[1].bits = 8 * (KGDB_REG_MAX_BYTES + 8));
	BAD(rows[1].frame = KGDB_IN_TASK(sp));	/* a task's, for a CPU */
	BAD(rows[1].task = KGDB_IN_FRAME(sp));	/* a CPU's, for a task */
	BAD(rows[1].task = KGDB_IN_CPU(fpu));
	BAD(rows[1].frame.base = 99);
	/* Locations past the end of their structures, or of no size. */
	BAD(rows[1].frame.off = sizeof(struct pt_regs) - 4);
	BAD(rows[1].frame.off = ~0u);
	BAD(rows[1].frame.size = 0);
	BAD(rows[2].frame.off = sizeof(struct kgdb_arch_cpu));
	BAD(rows[0].task.off = sizeof(struct arch_context));
	BAD(rows[1].bits = 80);				/* a 10-byte register ... */
	BAD(rows[1].bits = 80; rows[1].frame = KGDB_NOWHERE;
	    rows[1].task = KGDB_CONST(1));	/* ... no constant */
	BAD(rows[1].bits = 80; rows[1].frame = KGDB_NOWHERE;
	    rows[1].keep = 1);				/* ... no bits to keep */
	/* And what is fine: a narrower or wider integer field, an arch's row. */
	good();
	rows[1].frame = KGDB_IN_CPU(sel);
	rows[1].task = KGDB_BY_ARCH;
	rows[1].bits = 16;
	rows[1].keep = 0xff;
	arch.fp_regno = -1;
	arch.reg_features = NULL;
	assert_true(kgdb_arch_valid(&arch));
#undef BAD
}

/* Each width stores its low bytes only and loads them back zero-extended. */
static void test_fields_by_size(void **state)
{
	static const size_t sizes[] = { 1, 2, 4, 8 };
	u8 buf[16];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		memset(buf, 0xee, sizeof(buf));
		kgdb_store(buf + 4, sizes[i], 0x1122334455667788ULL);
		assert_int_equal(kgdb_load(buf + 4, sizes[i]),
				 0x1122334455667788ULL & (~0ULL >> (64 - 8 * sizes[i])));
		assert_int_equal(buf[3], 0xee);
		assert_int_equal(buf[4 + sizes[i]], 0xee);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_frontends_hand_the_line_over, reset_fe,
						teardown),
		cmocka_unit_test_setup_teardown(test_handover_lasts_until_the_session_ends,
						reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_boot_parameters, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_sysrq_g, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_hold_window, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_breakpoint_hit_on_the_way_out, reset_fe,
						teardown),
		cmocka_unit_test_setup_teardown(test_text_that_takes_no_writes, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_breakpoint_owners, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_removed_entries_are_taken_oldest_first, reset_fe,
						teardown),
		cmocka_unit_test_setup_teardown(test_front_end_steps_over_its_breakpoint, reset_fe,
						teardown),
		cmocka_unit_test_setup_teardown(test_transport_kinds, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_sleeping_task_frame, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_trace_buffer_size, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_trace_without_memory, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_agent_space, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_hw_slots_without_memory, reset_fe, teardown),
		cmocka_unit_test_setup_teardown(test_faulty_arch_tables_are_refused, reset_fe,
						teardown),
		cmocka_unit_test(test_fields_by_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
