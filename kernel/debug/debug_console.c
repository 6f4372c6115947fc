// SPDX-License-Identifier: MIT
/*
 * kgdbcon: kernel messages go to the attached client (through its front
 * end) while the kernel runs, on a transport that is not the console
 * itself. kgdbcon=0 at boot turns it off.
 */

#include <kernel/console.h>
#include <kernel/irq.h>
#include <kernel/params.h>
#include <kernel/string.h>
#include "debug_internal.h"
#include "frontend.h"

static bool kgdbcon_enabled = true;
static bool kgdbcon_registered;

static void kgdbcon_write(struct console *con, const char *s, size_t len)
{
	const struct kgdb_frontend *fe = kgdb_frontend_current();
	unsigned long flags;

	if (!kgdb_connected() || kgdb_active() || !READ_ONCE(kgdb_io_ops) || !fe->console_write)
		return;
	local_irq_save(flags);
	/* Another CPU is mid-packet: dropping text beats interleaving it. */
	if (kgdb_line_write_begin()) {
		fe->console_write(s, len);
		kgdb_line_write_end();
	}
	local_irq_restore(flags);
}

static struct console kgdbcon = {
	.name = "kgdb",
	.write = kgdbcon_write,
	.flags = CON_ENABLED,
};

static int kgdbcon_setup(const char *val)
{
	kgdbcon_enabled = !val || strcmp(val, "0");
	return 0;
}
boot_param("kgdbcon", kgdbcon_setup);

/* With a transport that is not the console: kernel messages reach gdb too. */
void kgdbcon_attach(struct kgdb_io *io)
{
	if (kgdbcon_enabled && !io->is_console) {
		register_console(&kgdbcon);
		kgdbcon_registered = true;
	}
}

void kgdbcon_detach(void)
{
	if (kgdbcon_registered) {
		unregister_console(&kgdbcon);
		kgdbcon_registered = false;
	}
}
