// SPDX-License-Identifier: MIT
/*
 * Just enough ACPI to find the CPUs and the IOAPIC: RSDP -> RSDT/XSDT ->
 * MADT. Tables are read in place through the identity map.
 */

#include <kernel/types.h>
#include <kernel/compiler.h>
#include <kernel/string.h>
#include <kernel/printk.h>
#include <asm/acpi.h>
#include <asm/setup.h>

struct acpi_rsdp {
	char signature[8];	/* "RSD PTR " */
	u8 checksum;		/* over the first 20 bytes */
	char oem_id[6];
	u8 revision;		/* 0: ACPI 1.0, RSDT only; 2+: XSDT too */
	u32 rsdt;
	u32 length;
	u64 xsdt;
	u8 ext_checksum;	/* over @length bytes */
	u8 reserved[3];
} __packed;

struct acpi_header {
	char signature[4];
	u32 length;
	u8 revision;
	u8 checksum;
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	u32 creator_id;
	u32 creator_revision;
} __packed;

struct acpi_madt {
	struct acpi_header header;
	u32 lapic_address;
	u32 flags;
	u8 entries[];
} __packed;

enum {
	MADT_LAPIC = 0,
	MADT_IOAPIC = 1,
	MADT_INT_OVERRIDE = 2,
};

struct madt_entry {
	u8 type;
	u8 length;
} __packed;

struct madt_lapic {
	struct madt_entry h;
	u8 processor_id;
	u8 apic_id;
	u32 flags;		/* bit 0: enabled */
} __packed;

struct madt_ioapic {
	struct madt_entry h;
	u8 ioapic_id;
	u8 reserved;
	u32 address;
	u32 gsi_base;
} __packed;

struct madt_int_override {
	struct madt_entry h;
	u8 bus;			/* 0: ISA */
	u8 source;		/* ISA IRQ */
	u32 gsi;
	u16 flags;
} __packed;

#define MADT_LAPIC_ENABLED	0x1

/* The BIOS read-only area where the RSDP lives when nobody hands it over.
 * (The EBDA is not searched: its segment pointer is in page 0, unmapped.) */
#define BIOS_AREA_START		0xe0000
#define BIOS_AREA_END		0x100000

static u8 checksum(const void *p, size_t len)
{
	const u8 *b = p;
	u8 sum = 0;

	while (len--)
		sum += *b++;
	return sum;
}

static const struct acpi_rsdp *rsdp_valid(const void *p)
{
	const struct acpi_rsdp *rsdp = p;

	if (memcmp(rsdp->signature, "RSD PTR ", 8) || checksum(rsdp, 20))
		return NULL;
	return rsdp;
}

static const struct acpi_rsdp *find_rsdp(void)
{
	uintptr_t a;

	const struct acpi_rsdp *rsdp = x86_boot_rsdp();

	if (rsdp && rsdp_valid(rsdp))
		return rsdp;
	for (a = BIOS_AREA_START; a < BIOS_AREA_END; a += 16)
		if (rsdp_valid((const void *)a))
			return (const void *)a;
	return NULL;
}

static const struct acpi_header *table_at(u64 phys, const char *sig)
{
	const struct acpi_header *h;

	/* Beyond the identity map (and on i386, beyond 4 GiB) is unreachable. */
	if (!phys || phys != (uintptr_t)phys)
		return NULL;
	h = (const void *)(uintptr_t)phys;
	if (memcmp(h->signature, sig, 4) || checksum(h, h->length))
		return NULL;
	return h;
}

/* Walk the XSDT (64-bit entries) or the RSDT (32-bit) for @sig. */
static const struct acpi_header *find_table(const struct acpi_rsdp *rsdp, const char *sig)
{
	const struct acpi_header *sdt = NULL;
	size_t entry_size = 4, n, i;
	const u8 *entries;

	if (rsdp->revision >= 2 && checksum(rsdp, rsdp->length) == 0) {
		sdt = table_at(rsdp->xsdt, "XSDT");
		entry_size = 8;
	}
	if (!sdt) {
		sdt = table_at(rsdp->rsdt, "RSDT");
		entry_size = 4;
	}
	if (!sdt)
		return NULL;

	entries = (const u8 *)(sdt + 1);
	n = (sdt->length - sizeof(*sdt)) / entry_size;
	for (i = 0; i < n; i++) {
		u64 phys = 0;
		const struct acpi_header *h;

		memcpy(&phys, entries + i * entry_size, entry_size);
		h = table_at(phys, sig);
		if (h)
			return h;
	}
	return NULL;
}

static void madt_entry(const struct madt_entry *e)
{
	struct x86_platform *pf = &x86_platform;
	const struct madt_lapic *lapic;
	const struct madt_ioapic *ioapic;
	const struct madt_int_override *ovr;

	switch (e->type) {
	case MADT_LAPIC:
		lapic = (const void *)e;
		if ((lapic->flags & MADT_LAPIC_ENABLED) && pf->nr_lapics < MAX_LAPICS)
			pf->lapic_ids[pf->nr_lapics++] = lapic->apic_id;
		break;
	case MADT_IOAPIC:
		ioapic = (const void *)e;
		/* The ISA IRQs live on the IOAPIC whose inputs start at GSI 0. */
		if (!pf->ioapic_base || ioapic->gsi_base == 0) {
			pf->ioapic_base = ioapic->address;
			pf->ioapic_id = ioapic->ioapic_id;
			pf->ioapic_gsi_base = ioapic->gsi_base;
		}
		break;
	case MADT_INT_OVERRIDE:
		ovr = (const void *)e;
		if (ovr->bus == 0 && ovr->source < ARRAY_SIZE(pf->isa_irq)) {
			pf->isa_irq[ovr->source].gsi = ovr->gsi;
			pf->isa_irq[ovr->source].flags = ovr->flags;
		}
		break;
	}
}

bool acpi_parse_madt(void)
{
	const struct acpi_rsdp *rsdp;
	const struct acpi_madt *madt;
	const u8 *p, *end;

	rsdp = find_rsdp();
	if (!rsdp)
		return false;
	madt = (const void *)find_table(rsdp, "APIC");
	if (!madt)
		return false;

	p = madt->entries;
	end = (const u8 *)madt + madt->header.length;
	while (p + sizeof(struct madt_entry) <= end) {
		const struct madt_entry *e = (const void *)p;

		if (e->length < sizeof(*e) || p + e->length > end)
			break;
		madt_entry(e);
		p += e->length;
	}
	pr_info("acpi: MADT: %u CPUs, IOAPIC at 0x%lx (GSI base %u)\n",
		x86_platform.nr_lapics, (unsigned long)x86_platform.ioapic_base,
		(unsigned int)x86_platform.ioapic_gsi_base);
	return true;
}
