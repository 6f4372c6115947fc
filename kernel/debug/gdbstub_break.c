// SPDX-License-Identifier: MIT
/*
 * GDB's breakpoint packets: Z and z for software breakpoints (with the
 * conditions and commands the agent runs in the kernel) and hardware
 * breakpoints and watchpoints.
 */

#include <kernel/errno.h>
#include <kernel/string.h>
#include "rsp.h"

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
	if (type > KGDB_WATCH_ACCESS || (type != KGDB_BP_SOFTWARE && !gdb_have(NEED_HW))) {
		tx_reply("");
		return false;
	}
	if (insert && gdb_ro_refuse(what, sizeof(what) - 1))
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

bool h_insert_break(struct gdb_args *a)
{
	return h_break(a, true);
}

bool h_remove_break(struct gdb_args *a)
{
	return h_break(a, false);
}
