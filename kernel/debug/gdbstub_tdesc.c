// SPDX-License-Identifier: MIT
/*
 * The target description gdb reads at attach (qXfer:features:read of
 * target.xml), made from the arch's register table: the architecture,
 * then each feature with the types it defines and its registers in gdb's
 * numbering. Nothing gdb would assume anyway is spelled out (no regnum,
 * no type "int", no whitespace): every byte crosses the serial line.
 */

#include <kernel/string.h>
#include "kgdb_internal.h"

static void tdesc_reg(struct xml_window *w, const struct kgdb_reg *r)
{
	char bits[8];

	snprintf(bits, sizeof(bits), "%u", r->bits);
	xml_str(w, "<reg");
	xml_attr(w, "name", r->name);
	xml_attr(w, "bitsize", bits);
	if (r->type)
		xml_attr(w, "type", r->type);
	if (r->group)
		xml_attr(w, "group", r->group);
	xml_str(w, "/>");
}

bool gdb_tdesc_xml(size_t off, size_t end)
{
	const struct kgdb_arch *a = &arch_kgdb_ops;
	struct xml_window w = XML_WINDOW(off, end);
	const struct kgdb_reg_feature *f;
	unsigned int i;

	xml_str(&w, "<target><architecture>");
	xml_text(&w, a->tdesc_arch);
	xml_str(&w, "</architecture>");
	for (i = 0; i < a->num_regs; i++) {
		f = &a->reg_features[a->regs[i].feature];
		if (!i || a->regs[i - 1].feature != a->regs[i].feature) {
			xml_str(&w, "<feature");
			xml_attr(&w, "name", f->name);
			xml_str(&w, ">");
			if (f->types)
				xml_str(&w, f->types);
		}
		tdesc_reg(&w, &a->regs[i]);
		if (i + 1 == a->num_regs || a->regs[i + 1].feature != a->regs[i].feature)
			xml_str(&w, "</feature>");
	}
	xml_str(&w, "</target>");
	return xml_window_done(&w);
}
