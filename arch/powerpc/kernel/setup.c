// SPDX-License-Identifier: MIT
/*
 * From QEMU's loader to start_kernel(): what the device tree says (the
 * command line, RAM, the timebase frequency, where CCSR is), the kernel's
 * own TLB1 mappings, the exception vectors, then the generic kernel.
 * arch_setup() brings up the boot console and the MPIC.
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <kernel/fdt.h>
#include <kernel/init.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/serial_8250.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include <asm/processor.h>
#include <asm/reg.h>
#include <asm/setup.h>

/* What QEMU 7.2's ppce500 says when the device tree does not. */
#define DEFAULT_RAM		0x08000000UL
#define DEFAULT_CCSR		0xfe0000000ULL
#define DEFAULT_TB_FREQ		400000000UL

uintptr_t ppc_ram_top = DEFAULT_RAM;
u64 ppc_ccsr_phys = DEFAULT_CCSR;
unsigned long ppc_tb_freq = DEFAULT_TB_FREQ;
static bool have_fdt;

static int cells(const void *fdt, int node, const char *name, int dflt)
{
	const void *p = fdt_getprop(fdt, node, name, NULL);

	return p ? (int)fdt32_ld(p) : dflt;
}

static void parse_memory(const void *fdt)
{
	int ac = cells(fdt, 0, "#address-cells", 2), sc = cells(fdt, 0, "#size-cells", 1);
	int node = fdt_path_offset(fdt, "/memory"), len;
	const u8 *p = node >= 0 ? fdt_getprop(fdt, node, "reg", &len) : NULL;
	u64 base, size;

	if (!p || len < (ac + sc) * 4)
		return;
	base = fdt_read_cells(p, ac);
	size = fdt_read_cells(p + ac * 4, sc);
	if (base == 0 && size > KERNEL_MAP_START)
		ppc_ram_top = size > RAM_MAX ? RAM_MAX : (uintptr_t)size;
}

/* The first CPU node's timebase-frequency (the decrementer's too). */
static void parse_cpus(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int cpu = cpus >= 0 ? fdt_next_subnode(fdt, cpus, -1) : -1;
	const void *p = cpu >= 0 ? fdt_getprop(fdt, cpu, "timebase-frequency", NULL) : NULL;

	if (p && fdt32_ld(p))
		ppc_tb_freq = fdt32_ld(p);
}

/* /soc's ranges: <child address, parent address (root cells), size>. */
static void parse_soc(const void *fdt)
{
	int ac = cells(fdt, 0, "#address-cells", 2);
	int node = fdt_path_offset(fdt, "/soc"), len;
	const u8 *p = node >= 0 ? fdt_getprop(fdt, node, "ranges", &len) : NULL;

	if (p && len >= (2 + ac) * 4)
		ppc_ccsr_phys = fdt_read_cells(p + 4, ac);
}

static void parse_chosen(const void *fdt)
{
	int node = fdt_path_offset(fdt, "/chosen"), len;
	const char *p = node >= 0 ? fdt_getprop(fdt, node, "bootargs", &len) : NULL;

	if (p && len > 0)
		strlcpy(boot_command_line, p, len < COMMAND_LINE_SIZE ? (size_t)len : COMMAND_LINE_SIZE);
}

/*
 * The device tree lies in RAM above the kernel, where the heap goes
 * later: everything needed is copied out now.
 */
__noreturn void ppc_start_kernel(const void *fdt)
{
	if ((uintptr_t)fdt >= (uintptr_t)_end && !fdt_check(fdt)) {
		have_fdt = true;
		parse_memory(fdt);
		parse_cpus(fdt);
		parse_soc(fdt);
		parse_chosen(fdt);
		fdt_set_boot_blob(fdt);
	}
	ppc_tlb_init();
	ppc_cpu_init();
	start_kernel();
}

/* Every CPU: its vectors, doze for MSR[WE], and the NMI (critical input) let in. */
void ppc_cpu_init(void)
{
	ppc_set_vectors();
	mtspr(SPRN_HID0, mfspr(SPRN_HID0) | HID0_DOZE);
	mtmsr(mfmsr() | MSR_CE);
}

void arch_setup(void)
{
	serial8250_early_console_init();
	pr_info("powerpc: QEMU ppce500, PVR %#lx, RAM 0x0-0x%lx, kernel 0x%lx-0x%lx, CCSR %#llx, timebase %lu Hz%s\n",
		mfspr(SPRN_PVR), (unsigned long)ppc_ram_top, (unsigned long)_stext,
		(unsigned long)kallsyms_end, (unsigned long long)ppc_ccsr_phys, ppc_tb_freq,
		have_fdt ? "" : " (no device tree: defaults)");
	ppc_irq_init();
}

/*
 * The device tree stays for drivers (fdt_boot_blob()), and QEMU puts it in
 * RAM above the kernel: the heap is the larger side of it.
 */
void arch_heap_range(uintptr_t *start, uintptr_t *end)
{
	uintptr_t fdt = (uintptr_t)fdt_boot_blob(), fdt_end;

	*start = ALIGN((uintptr_t)kallsyms_end, PAGE_SIZE);
	*end = ppc_ram_top;
	if (!fdt || fdt < *start || fdt >= *end)
		return;
	fdt_end = ALIGN(fdt + fdt_totalsize((const void *)fdt), PAGE_SIZE);
	if (fdt - *start >= (fdt_end < *end ? *end - fdt_end : 0))
		*end = fdt & ~(PAGE_SIZE - 1);
	else
		*start = fdt_end;
}
