/* SPDX-License-Identifier: MIT */
#ifndef _ASM_X86_IRQ_VECTORS_H
#define _ASM_X86_IRQ_VECTORS_H

/*
 * Interrupt vectors above the CPU exceptions (0..31).
 *
 * 0x20..0x2f  ISA IRQ 0..15, routed through the IOAPIC (request_irq()); the
 *             8259 PICs are remapped onto the same range and fully masked, so
 *             a stray PIC interrupt can never look like a CPU exception.
 * 0x30..0xef  free (e.g. for a self-IPI test trigger, see
 *             lapic_send_self_ipi()).
 * 0xf0        LAPIC timer, HZ times a second on every CPU.
 * 0xf1        reschedule IPI: the handler only sends the EOI, the interrupt
 *             exit path then switches tasks.
 * 0xfe        LAPIC internal error.
 * 0xff        LAPIC spurious interrupt (low four bits all ones, as the older
 *             xAPICs require); it gets no EOI.
 *
 * The LAPIC prioritises by vector / 16, so the timer and the IPIs sit in
 * the top class and device interrupts in the lowest.
 */

#define ISA_IRQ_VECTOR_BASE	0x20
#define NR_ISA_IRQS		16
#define ISA_IRQ_VECTOR(irq)	(ISA_IRQ_VECTOR_BASE + (irq))

#define LOCAL_TIMER_VECTOR	0xf0
#define RESCHEDULE_VECTOR	0xf1
#define ERROR_APIC_VECTOR	0xfe
#define SPURIOUS_APIC_VECTOR	0xff

#endif
