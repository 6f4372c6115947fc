// SPDX-License-Identifier: MIT
/*
 * The Intel MultiProcessor Specification table, for firmware without ACPI
 * (QEMU's "-machine acpi=off"): CPUs, the IOAPIC and the ISA IRQ wiring.
 */

#include <kernel/types.h>
#include <kernel/compiler.h>
#include <kernel/string.h>
#include <kernel/printk.h>
#include <asm/acpi.h>

struct mpf_intel {
	char signature[4];	/* "_MP_" */
	u32 config;		/* physical address of the configuration table */
	u8 length;		/* in 16-byte units */
	u8 revision;
	u8 checksum;
	u8 feature1;		/* nonzero: a default configuration, no table */
	u8 feature2[4];
} __packed;

struct mpc_table {
	char signature[4];	/* "PCMP" */
	u16 length;		/* base table, header included */
	u8 revision;
	u8 checksum;
	char oem[8];
	char product[12];
	u32 oem_table;
	u16 oem_table_size;
	u16 entry_count;
	u32 lapic_address;
	u16 ext_length;
	u8 ext_checksum;
	u8 reserved;
} __packed;

enum {
	MP_PROCESSOR = 0,	/* 20 bytes; every other entry is 8 */
	MP_BUS = 1,
	MP_IOAPIC = 2,
	MP_INTSRC = 3,
};

struct mpc_cpu {
	u8 type;
	u8 apic_id;
	u8 apic_version;
	u8 flags;		/* MPC_CPU_ENABLED */
	u32 signature;
	u32 features;
	u32 reserved[2];
} __packed;

struct mpc_bus {
	u8 type;
	u8 bus_id;
	char bus_type[6];	/* "ISA   ", "PCI   " */
} __packed;

struct mpc_ioapic {
	u8 type;
	u8 apic_id;
	u8 version;
	u8 flags;		/* MPC_IOAPIC_ENABLED */
	u32 address;
} __packed;

struct mpc_intsrc {
	u8 type;
	u8 irq_type;		/* MP_INT: a vectored interrupt */
	u16 flags;		/* polarity and trigger, as ACPI's MPS INTI flags */
	u8 src_bus;
	u8 src_irq;
	u8 dst_apic;
	u8 dst_pin;
} __packed;

#define MPC_CPU_ENABLED		0x1
#define MPC_IOAPIC_ENABLED	0x1
#define MP_INT			0
#define MP_NO_BUS		0x100	/* no ISA bus found yet */
#define MP_ALL_IOAPICS		0xff

/* Where the floating pointer may be: the top KiB of base memory (where the
 * EBDA usually is; its pointer is in page 0, which is unmapped) and the BIOS
 * ROM. */
static const struct { uintptr_t start, end; } mpf_areas[] = {
	{ 0x9fc00, 0xa0000 },
	{ 0xf0000, 0x100000 },
};

static u8 checksum(const void *p, size_t len)
{
	const u8 *b = p;
	u8 sum = 0;

	while (len--)
		sum += *b++;
	return sum;
}

static const struct mpf_intel *find_mpf(void)
{
	unsigned int i;
	uintptr_t a;

	for (i = 0; i < ARRAY_SIZE(mpf_areas); i++)
		for (a = mpf_areas[i].start; a < mpf_areas[i].end; a += 16) {
			const struct mpf_intel *mpf = (const void *)a;

			if (!memcmp(mpf->signature, "_MP_", 4) &&
			    !checksum(mpf, mpf->length * 16))
				return mpf;
		}
	return NULL;
}

/* Call @fn for each entry of @mpc, with the ISA bus id found so far. */
static void for_each_entry(const struct mpc_table *mpc,
			   void (*fn)(const u8 *entry, unsigned int *isa_bus),
			   unsigned int *isa_bus)
{
	const u8 *p = (const u8 *)(mpc + 1), *end = (const u8 *)mpc + mpc->length;
	unsigned int n;

	for (n = 0; n < mpc->entry_count && p < end; n++) {
		fn(p, isa_bus);
		p += *p == MP_PROCESSOR ? sizeof(struct mpc_cpu) : 8;
	}
}

static void devices_entry(const u8 *e, unsigned int *isa_bus)
{
	struct x86_platform *pf = &x86_platform;
	const struct mpc_cpu *cpu = (const void *)e;
	const struct mpc_bus *bus = (const void *)e;
	const struct mpc_ioapic *ioapic = (const void *)e;

	switch (*e) {
	case MP_PROCESSOR:
		if ((cpu->flags & MPC_CPU_ENABLED) && pf->nr_lapics < MAX_LAPICS)
			pf->lapic_ids[pf->nr_lapics++] = cpu->apic_id;
		break;
	case MP_BUS:
		if (!memcmp(bus->bus_type, "ISA", 3))
			*isa_bus = bus->bus_id;
		break;
	case MP_IOAPIC:
		if ((ioapic->flags & MPC_IOAPIC_ENABLED) && !pf->ioapic_base) {
			pf->ioapic_base = ioapic->address;
			pf->ioapic_id = ioapic->apic_id;
		}
		break;
	}
}

static void intsrc_entry(const u8 *e, unsigned int *isa_bus)
{
	const struct mpc_intsrc *src = (const void *)e;
	struct isa_irq_route *route;

	if (*e != MP_INTSRC || src->irq_type != MP_INT || src->src_bus != *isa_bus ||
	    src->src_irq >= ARRAY_SIZE(x86_platform.isa_irq) ||
	    (src->dst_apic != x86_platform.ioapic_id && src->dst_apic != MP_ALL_IOAPICS))
		return;
	route = &x86_platform.isa_irq[src->src_irq];
	route->gsi = src->dst_pin;
	route->flags = src->flags;
}

bool mptable_parse(void)
{
	const struct mpf_intel *mpf = find_mpf();
	const struct mpc_table *mpc;
	unsigned int isa_bus = MP_NO_BUS;

	if (!mpf || mpf->feature1 || !mpf->config)
		return false;
	mpc = (const void *)(uintptr_t)mpf->config;
	if (memcmp(mpc->signature, "PCMP", 4) || checksum(mpc, mpc->length))
		return false;

	for_each_entry(mpc, devices_entry, &isa_bus);
	for_each_entry(mpc, intsrc_entry, &isa_bus);
	x86_platform.ioapic_gsi_base = 0;
	pr_info("mptable: %u CPUs, IOAPIC at 0x%lx\n", x86_platform.nr_lapics,
		(unsigned long)x86_platform.ioapic_base);
	return true;
}
