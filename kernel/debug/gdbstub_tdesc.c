// SPDX-License-Identifier: MIT
/*
 * How a client learns the registers, made from the arch's register table.
 *
 * gdb reads the target description at attach (qXfer:features:read of
 * target.xml): the architecture, then each feature with the types it
 * defines and its registers in gdb's numbering. Nothing gdb would assume
 * anyway is spelled out (no regnum gdb would count to, no type "int", no
 * whitespace): every byte crosses the serial line. The PC, stack and
 * frame pointer say which they are (`generic`), for LLDB, which reads the
 * description and has no other way to know them on an arch its ABI
 * plugins lack (riscv64 in LLDB 14); gdb ignores the attribute.
 *
 * LLDB asks for each register with qRegisterInfo when it has no
 * description (an LLDB built without an XML parser, or an arch that
 * serves none), and the table answers that too. It reads either only
 * once it knows the architecture, which qHostInfo tells it.
 *
 * Without CONFIG_KGDB_FULL_REGS the description names the architecture
 * only, with no OS ABI (this kernel is none of gdb's): gdb lays the
 * registers out as it knows them for it, which the port's table follows
 * as far as it goes.
 */

#include <kernel/errno.h>
#include <kernel/string.h>
#include "rsp.h"

#ifndef CONFIG_KGDB_FULL_REGS
/* Three plain strings (an architecture's name is a word): nothing to escape. */
bool gdb_tdesc_xml(size_t off, size_t end)
{
	const char *const parts[] = { "<target><architecture>", arch_kgdb_ops.tdesc_arch,
				      "</architecture><osabi>none</osabi></target>" };
	const char *s;
	size_t pos = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(parts); i++)
		for (s = parts[i]; *s; s++, pos++)
			if (pos >= off && pos < end)
				tx_char(*s);
	return pos <= end;
}
#else

/* @regno: its number in gdb's numbering, written only where gdb would not count to it. */
static void tdesc_reg(struct xml_window *w, const struct kgdb_reg *r, unsigned int regno,
		      bool counted, const char *generic)
{
	char num[12];

	xml_str(w, "<reg");
	xml_attr(w, "name", r->name);
	snprintf(num, sizeof(num), "%u", r->bits);
	xml_attr(w, "bitsize", num);
	if (!counted) {
		snprintf(num, sizeof(num), "%u", regno);
		xml_attr(w, "regnum", num);
	}
	if (r->type)
		xml_attr(w, "type", r->type);
	if (r->group)
		xml_attr(w, "group", r->group);
	if (generic)
		xml_attr(w, "generic", generic);
	xml_str(w, "/>");
}

/* LLDB's name for the registers a stop expedites; gdb ignores it. */
static const char *tdesc_generic(const struct kgdb_arch *a, int regno)
{
	if (regno == a->pc_regno)
		return "pc";
	if (regno == a->sp_regno)
		return "sp";
	if (regno == a->fp_regno)
		return "fp";
	return NULL;
}

/*
 * Each feature once, with its rows in table order. A feature's rows need
 * not be contiguous (mips: status sits between r31 and lo in gdb's
 * numbering but belongs to cp0); gdb numbers a register one past the
 * previous one, so a row that does not follow it says its number.
 */
bool gdb_tdesc_xml(size_t off, size_t end)
{
	const struct kgdb_arch *a = &arch_kgdb_ops;
	struct xml_window w = XML_WINDOW(off, end);
	unsigned int f, i, next = 0;
	bool open;

	xml_str(&w, "<target><architecture>");
	xml_text(&w, a->tdesc_arch);
	xml_str(&w, "</architecture>");
	for (f = 0; f < a->num_reg_features; f++) {
		open = false;
		for (i = 0; i < a->num_regs; i++) {
			if (a->regs[i].feature != f)
				continue;
			if (!open) {
				xml_str(&w, "<feature");
				xml_attr(&w, "name", a->reg_features[f].name);
				xml_str(&w, ">");
				if (a->reg_features[f].types)
					xml_str(&w, a->reg_features[f].types);
				open = true;
			}
			tdesc_reg(&w, &a->regs[i], i, i == next, tdesc_generic(a, (int)i));
			next = i + 1;
		}
		if (open)
			xml_str(&w, "</feature>");
	}
	xml_str(&w, "</target>");
	return xml_window_done(&w);
}

/*
 * qRegisterInfo: register @regno as LLDB wants it, "name:rax;bitsize:64;
 * offset:0;..."; an error past the last one. Integers are LLDB's default
 * (uint, hex); registers wider than 64 bits (x87, vectors) are shown as
 * bytes, as LLDB shows them from a description. LLDB's ABI adds the DWARF
 * numbers by name.
 */
void gdb_reg_info(unsigned long regno)
{
	const struct kgdb_arch *a = &arch_kgdb_ops;
	const struct kgdb_reg *r;
	const char *generic;
	char num[48];

	if (regno >= a->num_regs) {
		tx_err(-ENOENT);
		return;
	}
	r = &a->regs[regno];
	tx_begin();
	tx_str("name:");
	tx_str(r->name);
	snprintf(num, sizeof(num), ";bitsize:%u;offset:%zu;", r->bits, kgdb_reg_offset(regno));
	tx_str(num);
	if (r->bits > 64)
		tx_str("encoding:vector;format:vector-uint8;");
	else if (r->type && !strncmp(r->type, "ieee_", 5))
		tx_str("encoding:ieee754;format:float;");
	tx_str("set:");
	tx_str(r->group ? r->group : "general");
	generic = tdesc_generic(a, (int)regno);
	if (generic) {
		tx_str(";generic:");
		tx_str(generic);
	}
	tx_char(';');
	tx_end();
}

/*
 * qHostInfo: "triple:<hex>;", the machine as an LLVM triple (vendor and
 * OS unknown). LLDB with no file takes its architecture from there, and
 * then reads the description as it does a program's.
 */
void gdb_host_info(void)
{
	const char *t = arch_kgdb_ops.triple_arch;

	tx_begin();
	tx_str("triple:");
	tx_hexbytes((const u8 *)t, strlen(t));
	tx_char(';');
	tx_end();
}
#endif
