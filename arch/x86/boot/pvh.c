// SPDX-License-Identifier: MIT
/*
 * The PVH boot protocol (x86_64): the loader passes a struct hvm_start_info
 * with the command line, the ACPI RSDP and an E820-style memory map.
 */
#include <kernel/params.h>
#include <kernel/string.h>
#include <asm/setup.h>

#define HVM_START_MAGIC	0x336ec578
#define E820_RAM	1
#define ONE_MIB		0x100000ULL

struct hvm_start_info {
	u32 magic;
	u32 version;
	u32 flags;
	u32 nr_modules;
	u64 modlist_paddr;
	u64 cmdline_paddr;
	u64 rsdp_paddr;
	u64 memmap_paddr;	/* version >= 1 */
	u32 memmap_entries;
	u32 reserved;
};

struct hvm_memmap_entry {
	u64 addr;
	u64 size;
	u32 type;
	u32 reserved;
};

/* The end of the RAM block holding the kernel; 32 MiB if no map is given. */
static u64 pvh_ram_top(const struct hvm_start_info *si)
{
	const struct hvm_memmap_entry *e;
	u32 i;

	if (si->version < 1 || !si->memmap_paddr)
		return 32 * ONE_MIB;
	e = (const struct hvm_memmap_entry *)(uintptr_t)si->memmap_paddr;
	for (i = 0; i < si->memmap_entries; i++)
		if (e[i].type == E820_RAM && e[i].addr <= ONE_MIB &&
		    e[i].addr + e[i].size > ONE_MIB)
			return e[i].addr + e[i].size;
	return 32 * ONE_MIB;
}

/* Called from head_64.S in long mode, the first GiB mapped. */
__noreturn void x86_64_start_kernel(const struct hvm_start_info *si);
__noreturn void x86_64_start_kernel(const struct hvm_start_info *si)
{
	u64 top = 32 * ONE_MIB;
	void *rsdp = NULL;

	if (si->magic == HVM_START_MAGIC) {
		if (si->cmdline_paddr)
			strlcpy(boot_command_line, (const char *)(uintptr_t)si->cmdline_paddr,
				COMMAND_LINE_SIZE);
		rsdp = (void *)(uintptr_t)si->rsdp_paddr;
		top = pvh_ram_top(si);
	}
	x86_start_kernel(top > X86_MAX_RAM ? X86_MAX_RAM : top, rsdp);
}
