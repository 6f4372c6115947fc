# SPDX-License-Identifier: MIT
"""The architectures as make run (tools/run.py), the tests and the bench
see them: one entry per arch, so that a port adds one entry here.
tests/tools/test_arches.py checks it against the Makefile.

  srcarch     its directory under arch/ (the Makefile's SRCARCH)
  cross       the cross compiler's prefix (the Makefile's CROSS_COMPILE)
  qemu        the QEMU binary and its machine and CPU options
  tty         the kernel names serial port n tty + n; QEMU's -serial
              options are ports 0, 1, ... in order
  ports       (optional) where the machine's own UARTs do not give the
              suite its two lines (console, debugger): each port's tty
              name and the QEMU device that carries it (None: -serial)
  nic         the virtio-net NIC the kernel drives (kgdboe's), or None
  transports  the debugger transports the suite runs over
  limits      what the emulated hardware (or gdb on it) lacks, from
              LIMITS, each with why on this arch
"""

# What tests skip or do otherwise when their arch has one of these.
LIMITS = {
    "no_write_protection": "kernel text and rodata are writable",
    "no_hw_debug": "no hardware breakpoints or watchpoints under QEMU",
    "no_nmi": "no NMI: a CPU spinning with interrupts off is never rounded up, "
              "and no stray NMI can be sent to held CPUs (MIPS's spin, as "
              "nothing wakes `wait` with interrupts off; RISC-V's sleep in "
              "`wfi` until the IPI)",
    "gdb_steps_itself": "gdb single-steps with breakpoints of its own, never "
                        "with the stub's 's'",
    "steps_over_hits": "no out-of-line slots (struct kgdb_xol_ops): a hit that "
                       "does not stop is stepped over with the other CPUs held",
    "master_spins": "the master polls a silent transport without sleeping "
                    "between polls (no kgdb_arch.idle): a stopped kernel "
                    "keeps a host core busy",
    "vcpus_round_robin": "QEMU runs the vCPUs in turn on one host thread: "
                         "what waits on another CPU (a roundup, a step over a "
                         "conditional breakpoint's false hit) waits for its turn",
}

MALTA_LIMITS = {
    "no_write_protection": "KSEG0, where the kernel runs, is unmapped",
    "no_hw_debug": "WatchLo/WatchHi hold values but never trap",
    "no_nmi": "cross-CPU requests ride the timer tick",
    "gdb_steps_itself": "gdb's MIPS support always steps by itself",
    "steps_over_hits": "no return from a slot that sets Status.IE and jumps at "
                       "once: a task could be preempted in the slot",
}

ARCHES = {
    "x86_64": {
        "srcarch": "x86",
        "cross": "",
        "qemu": ["qemu-system-x86_64"],
        "tty": "ttyS",
        "nic": "virtio-net-pci",
        "transports": ("kgdboc", "kgdboe"),
        "limits": {},
    },
    "i386": {
        "srcarch": "x86",
        "cross": "i686-linux-gnu-",
        "qemu": ["qemu-system-i386"],
        "tty": "ttyS",
        "nic": "virtio-net-pci",        # make run's; the suite's kgdboe is x86_64's
        "transports": ("kgdboc",),
        "limits": {},
    },
    "arm": {
        "srcarch": "arm",
        "cross": "arm-linux-gnueabihf-",
        # secure=on adds the second PL011 (ttyAMA1).
        "qemu": ["qemu-system-arm", "-M", "virt,secure=on", "-cpu", "cortex-a15"],
        "tty": "ttyAMA",
        "nic": "virtio-net-device",     # on virtio-mmio
        "transports": ("kgdboc", "kgdboe"),
        "limits": {
            "steps_over_hits": "no return from a slot that unmasks IRQs and "
                               "branches at once: a task could be preempted in it",
        },
    },
    "aarch64": {
        "srcarch": "arm64",
        "cross": "aarch64-linux-gnu-",
        # highmem=off: the PCIe ECAM below 4 GiB, where the kernel maps it.
        "qemu": ["qemu-system-aarch64", "-M", "virt,highmem=off", "-cpu", "cortex-a57"],
        "tty": "ttyAMA",
        # One PL011 at EL1 (the second needs secure=on, EL3): the
        # debugger's line is a 16550 on PCI.
        "ports": (("ttyAMA0", None), ("ttyS0", "pci-serial")),
        "nic": "virtio-net-device",     # on virtio-mmio
        "transports": ("kgdboc", "kgdboe"),
        "limits": {
            "steps_over_hits": "no return from a slot that unmasks IRQs and "
                               "branches at once: a task could be preempted in it",
        },
    },
    "mips": {
        "srcarch": "mips",
        "cross": "mips-linux-gnu-",
        # The 24Kf; ttyS0 is COM1, ttyS1 COM2.
        "qemu": ["qemu-system-mips", "-M", "malta"],
        "tty": "ttyS",
        "nic": None,                    # malta has PCI, which the kernel does not drive
        "transports": ("kgdboc",),
        "limits": MALTA_LIMITS,
    },
    "mipsel": {
        "srcarch": "mips",
        "cross": "mipsel-linux-gnu-",
        "qemu": ["qemu-system-mipsel", "-M", "malta"],
        "tty": "ttyS",
        "nic": None,
        "transports": ("kgdboc",),
        "limits": MALTA_LIMITS,
    },
    "powerpc": {
        "srcarch": "powerpc",
        "cross": "powerpc-linux-gnu-",
        # The e500v2; ttyS0 and ttyS1 are the DUART's channels 0 and 1.
        "qemu": ["qemu-system-ppc", "-M", "ppce500"],
        "tty": "ttyS",
        "nic": None,                    # no virtio-mmio, and its PCI is not supported
        "transports": ("kgdboc",),
        "limits": {
            "no_write_protection": "RAM is mapped by a few large read/write TLB1 pages",
            "no_hw_debug": "the e500 has no IAC/DAC",
            "vcpus_round_robin": "qemu-system-ppc has no multi-threaded TCG",
            "steps_over_hits": "no return from a slot that sets MSR[EE] and "
                               "branches at once (rfi needs SRR0/1): a task "
                               "could be preempted in it",
        },
    },
    "riscv64": {
        "srcarch": "riscv",
        "cross": "riscv64-linux-gnu-",
        # OpenSBI 1.1 (QEMU's default -bios) enters the kernel in S-mode.
        "qemu": ["qemu-system-riscv64", "-M", "virt"],
        "tty": "ttyS",
        # virt has one 16550: the debugger's line is a pci-serial.
        "ports": (("ttyS0", None), ("ttyS1", "pci-serial")),
        "nic": "virtio-net-device",     # on virtio-mmio
        "transports": ("kgdboc", "kgdboe"),
        "limits": {
            "no_hw_debug": "QEMU 7.2's triggers are M-mode CSRs, and OpenSBI "
                           "1.1 has no debug-trigger extension",
            "no_nmi": "S-mode has no NMI: the roundup is an SBI IPI",
            "gdb_steps_itself": "gdb's RISC-V support always steps with "
                                "breakpoints of its own (riscv_software_single_step)",
            "steps_over_hits": "no return from a slot that restores sstatus.SIE "
                               "and jumps at once: a task could be preempted in it",
        },
    },
}


def tty(arch, n):
    """The kernel's name for serial port @n: ttyS1, ttyAMA1."""
    ports = ARCHES[arch].get("ports", ())
    return ports[n][0] if n < len(ports) else f"{ARCHES[arch]['tty']}{n}"


def port_device(arch, n):
    """The QEMU device that carries serial port @n, or None for the
    machine's own UART (-serial)."""
    ports = ARCHES[arch].get("ports", ())
    return ports[n][1] if n < len(ports) else None


def arches_with(limit):
    """The arches that have @limit (a key of LIMITS)."""
    assert limit in LIMITS, limit
    return {a for a, e in ARCHES.items() if limit in e["limits"]}


def arches_over(transport):
    """The arches the suite runs over @transport."""
    return {a for a, e in ARCHES.items() if transport in e["transports"]}
