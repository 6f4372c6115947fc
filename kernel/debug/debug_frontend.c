// SPDX-License-Identifier: MIT
/*
 * The front ends' registry and the line they serve: the front end that
 * serves a stop (the highest priority of KGDB_FRONTEND(), or the one that
 * took the line over), the transport (kgdb_io_ops), the master's claim on
 * it for an entry and what the transport's detach undoes, whether a
 * client is attached and what a new client's session resets, and
 * read-only mode.
 */

#include <kernel/errno.h>
#include <kernel/params.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include "debug_internal.h"

struct kgdb_io *kgdb_io_ops;

static bool kgdb_client;	/* a front end's client is attached */
/* The front end that took the line over until its session ends; NULL: the default. */
const struct kgdb_frontend *kgdb_fe;

static bool line_claimed;	/* the transport's pre_exception ran for this entry */

/* The master is to use the line: the transport's device, and the client, are its alone. */
void kgdb_line_claim(void)
{
	if (line_claimed)
		return;
	kgdb_line_writers_wait();
	if (kgdb_io_ops->pre_exception)
		kgdb_io_ops->pre_exception();
	line_claimed = true;
}

/* The entry is over: the transport's device and the client are the kernel's again. */
void kgdb_line_release(void)
{
	if (line_claimed && kgdb_io_ops->post_exception)
		kgdb_io_ops->post_exception();
	if (line_claimed)
		kgdb_line_writers_resume();
	line_claimed = false;
}

bool kgdb_connected(void)
{
	return READ_ONCE(kgdb_client);
}

void kgdb_set_connected(bool connected)
{
	WRITE_ONCE(kgdb_client, connected);
}

#define frontends_first()	((const struct kgdb_frontend *const *)__start_kgdb_frontends)
#define frontends_last()	((const struct kgdb_frontend *const *)__stop_kgdb_frontends)

const struct kgdb_frontend *kgdb_frontend_find(const char *name)
{
	const struct kgdb_frontend *const *fe;

	for (fe = frontends_first(); fe < frontends_last(); fe++)
		if (!strcmp((*fe)->name, name))
			return *fe;
	return NULL;
}

/* What each front end takes from the kernel's allocator, as the first transport comes. */
void kgdb_frontends_boot(void)
{
	const struct kgdb_frontend *const *fe;

	for (fe = frontends_first(); fe < frontends_last(); fe++)
		if ((*fe)->boot)
			(*fe)->boot();
}

const struct kgdb_frontend *kgdb_frontend_current(void)
{
	const struct kgdb_frontend *const *fe, *best = NULL;

	if (kgdb_fe)
		return kgdb_fe;
	for (fe = frontends_first(); fe < frontends_last(); fe++)
		if (!best || (*fe)->priority > best->priority)
			best = *fe;
	return best;
}

/*
 * Read-only mode (kgdb.ro=1, or CONFIG_KGDB_READ_ONLY): front ends refuse
 * what would change memory, registers or breakpoints, and commands that
 * change state; reading, stepping, continuing and detaching still work.
 */
#ifdef CONFIG_KGDB_READ_ONLY
bool kgdb_read_only = true;
#else
bool kgdb_read_only;
#endif

static int kgdb_ro_setup(const char *val)
{
	if (!val || !strcmp(val, "1"))
		kgdb_read_only = true;
	else if (!strcmp(val, "0"))
		kgdb_read_only = false;
	else
		return -EINVAL;
	return 0;
}
boot_param("kgdb.ro", kgdb_ro_setup);

#ifdef CONFIG_KGDB_PACKET_IO
const struct kgdb_framing *kgdb_line_framing(void)
{
	return kgdb_frontend_current()->framing;
}
#endif

/*
 * A new client's session (a front end saw its first packet): nothing of
 * an earlier client's is left, its breakpoints and slots nor what the
 * agent ran for it. What outlives a session (kdb's breakpoints, a
 * disconnected dprintf's or tracepoint's) stays.
 */
void kgdb_session_begin(void)
{
	kgdb_remove_all_breaks(false);
	kgdb_bp_agent_reset(false);
}

/* Nothing of the debugger's is left to trap, and no session to resume. */
void kgdb_core_detach(void)
{
	const struct kgdb_frontend *const *fe;

	kgdb_trace_detach();
	kgdb_bp_lift_all(true);
	kgdb_bp_agent_reset(false);
	kgdb_remove_all_hw_breaks();
	kgdb_hw_cpu_resume(smp_processor_id());
	for (fe = frontends_first(); fe < frontends_last(); fe++)
		if ((*fe)->reset)
			(*fe)->reset();
	kgdb_fe = NULL;
	kgdb_set_connected(false);
	WRITE_ONCE(kgdb_io_ops, NULL);
}
