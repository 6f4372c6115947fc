// SPDX-License-Identifier: MIT
/*
 * The GDB front end's session: what the client said about itself, the
 * stop it is served and the resume it asks for, and the checks every
 * packet family makes (a capability the arch has, read-only mode).
 */

#include <kernel/errno.h>
#include <kernel/printk.h>
#include "rsp.h"

struct gdb_session gdb_session;
const struct kgdb_stop *gdb_stop;
struct kgdb_resume *gdb_res;

/*
 * Read-only mode (kgdb.ro): packets that change memory, registers or
 * breakpoints, `k`, a resume at a new address and monitor commands that
 * change state are refused with EPERM and a console line; reads, threads,
 * stepping, continue and detach still work, since gdb must be able to let
 * the machine go. Refuse such a packet; true if refused.
 */
bool gdb_ro_refuse(const char *what, size_t len)
{
	if (!kgdb_read_only)
		return false;
	pr_warn("kgdb: read-only (kgdb.ro): '%.*s' refused\n", (int)len, what);
	tx_err(-EPERM);
	return true;
}

bool gdb_have(enum gdb_need need)
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
