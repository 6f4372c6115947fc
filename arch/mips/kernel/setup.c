// SPDX-License-Identifier: MIT
/*
 * From the boot stub to start_kernel(): the command line and RAM size
 * from the stub's registers, the exception vectors, an empty TLB, then
 * the generic kernel. arch_setup() brings up the boot console and the
 * interrupt controller.
 */
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <kernel/init.h>
#include <kernel/params.h>
#include <kernel/printk.h>
#include <kernel/serial_8250.h>
#include <kernel/string.h>
#include <asm-generic/sections.h>
#include <asm/mipsregs.h>
#include <asm/processor.h>
#include <asm/setup.h>

#define MAX_ARGS	16

#ifdef __MIPSEB__
#define ENDIAN	"big"
#else
#define ENDIAN	"little"
#endif

uintptr_t mips_ram_top;

/* The stub's tables are in KSEG0 RAM below the kernel; ignore anything
 * else rather than fault this early. */
static bool boot_pointer_ok(const void *p)
{
	return (uintptr_t)p >= KSEG0 && (uintptr_t)p < (uintptr_t)_stext;
}

/* argv[0] is the kernel's file name; the rest, joined by spaces, is the
 * command line (QEMU passes -append as one argument). */
static void join_boot_args(long argc, const char *const *argv)
{
	size_t len = 0;

	if (argc > MAX_ARGS || !boot_pointer_ok(argv))
		return;
	for (long i = 1; i < argc; i++) {
		if (!boot_pointer_ok(argv[i]) || !argv[i][0])
			continue;
		if (len && len + 1 < COMMAND_LINE_SIZE)
			boot_command_line[len++] = ' ';
		len += strlcpy(boot_command_line + len, argv[i], COMMAND_LINE_SIZE - len);
		if (len >= COMMAND_LINE_SIZE)
			break;
	}
}

/*
 * Exceptions through EBase (our vectors page in KSEG0, set while BEV is
 * still on), BEV off; interrupts off with the lines @irqs unmasked
 * (Status.IM), the general vector for interrupts (Cause.IV off). Every
 * CPU does this for itself: the CP0 registers are its own.
 */
void mips_cpu_init(unsigned long irqs)
{
	unsigned long status = read_c0(CP0_STATUS);

	write_c0(CP0_EBASE, (uintptr_t)mips_vectors);
	status &= ~(ST0_IE | ST0_EXL | ST0_ERL | ST0_KSU | ST0_IM_ALL | ST0_BEV);
	status |= ST0_CU0 | irqs;
	write_c0(CP0_STATUS, status);
	write_c0(CP0_CAUSE, 0);
}

__noreturn void mips_start_kernel(long argc, const char *const *argv, const void *envp,
				  unsigned long memsize)
{
	mips_cpu_init(ST0_IM(IRQ_SOFT0) | ST0_IM(IRQ_I8259) | ST0_IM(IRQ_TIMER));
	mips_tlb_init();
	join_boot_args(argc, argv);
	if (!memsize || memsize > MALTA_MAX_RAM)
		memsize = memsize ? MALTA_MAX_RAM : 0x8000000UL;
	mips_ram_top = KSEG0 + memsize;
	start_kernel();
}

void arch_setup(void)
{
	serial8250_early_console_init();
	pr_info("mips: QEMU malta, %s-endian, PRId %#lx, RAM 0x%lx-0x%lx, kernel 0x%lx-0x%lx\n",
		ENDIAN, read_c0(CP0_PRID),
		KSEG0, (unsigned long)mips_ram_top, (unsigned long)_stext,
		(unsigned long)kallsyms_end);
	mips_irq_init();
}

void arch_heap_range(uintptr_t *start, uintptr_t *end)
{
	*start = ALIGN((uintptr_t)kallsyms_end, PAGE_SIZE);
	*end = mips_ram_top;
}
