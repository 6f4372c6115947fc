// SPDX-License-Identifier: MIT
/*
 * Multiboot v1 (i386): the loader passes the amount of upper memory and a
 * command line that starts with the kernel image's name, which we drop.
 */
#include <kernel/params.h>
#include <kernel/string.h>
#include <asm/setup.h>

#define MULTIBOOT_BOOTLOADER_MAGIC	0x2badb002
#define MB_INFO_MEMORY			(1 << 0)
#define MB_INFO_CMDLINE			(1 << 2)
#define ONE_MIB				0x100000UL

struct multiboot_info {
	u32 flags;
	u32 mem_lower;		/* KiB below 1 MiB */
	u32 mem_upper;		/* KiB from 1 MiB to the first hole */
	u32 boot_device;
	u32 cmdline;
};

static const char *skip_image_name(const char *s)
{
	while (*s && *s != ' ')
		s++;
	while (*s == ' ')
		s++;
	return s;
}

/* Called from head_32.S: protected mode, paging off. */
__noreturn void i386_start_kernel(u32 magic, const struct multiboot_info *mi);
__noreturn void i386_start_kernel(u32 magic, const struct multiboot_info *mi)
{
	u64 top = 32 * ONE_MIB;

	if (magic == MULTIBOOT_BOOTLOADER_MAGIC) {
		if ((mi->flags & MB_INFO_CMDLINE) && mi->cmdline)
			strlcpy(boot_command_line,
				skip_image_name((const char *)(uintptr_t)mi->cmdline),
				COMMAND_LINE_SIZE);
		if (mi->flags & MB_INFO_MEMORY)
			top = ONE_MIB + (u64)mi->mem_upper * 1024;
	}
	x86_start_kernel(top > X86_MAX_RAM ? X86_MAX_RAM : (uintptr_t)top, NULL);
}
