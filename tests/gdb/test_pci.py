# SPDX-License-Identifier: MIT
"""PCI devices found by what they are, not where they sit. QEMU's command
line as a user writes it, without -nodefaults (aarch64 virt then has its
default NIC at 00:01.0), and another PCI device before the one under test:
the pci-serial that carries the debugger's line, or the virtio-net NIC
kgdboe runs on, still gets its BARs and its interrupt, and gdb attaches
over it."""
import re

import pytest

from arches import port_device
from machine import KGDBOE_ARCHES, PCI_ARCHES, tty
from target import Target, resume_to_shell

# A device with an I/O BAR, a 32-bit and a 64-bit memory BAR, which no
# driver takes: it sits in a lower slot than the device under test.
BEFORE = ["-device", "virtio-rng-pci"]


@pytest.fixture
def make_target(arch):
    made = []

    def make(transport):
        made.append(Target(arch, transport))
        return made[-1]
    yield make
    for t in made:
        t.close()


def pci_slot(log, what):
    """The slot of the PCI function @what (a regex) was found at, from the log."""
    m = re.search(rf"{what}.*\bpci 0000:00:([0-9a-f]{{2}})\.0", log)
    assert m, log
    return int(m.group(1), 16)


def break_in_and_go_on(m, g):
    """The kernel runs to the shell; gdb's Ctrl-C, which the line's
    interrupt brings in, stops it; it goes on, and the console answers."""
    resume_to_shell(m, g)
    g.interrupt()
    assert g.wait_stop().reason == "signal-received"
    g.cont()
    assert re.search(r"up \d+\.\d+ s", m.run("uptime"))


def test_debugger_on_a_pci_uart_behind_other_devices(make_target, arch):
    if port_device(arch, 1) != "pci-serial":
        pytest.skip(f"{arch}: the debugger's line is no PCI UART")
    t = make_target("kgdboc")
    m = t.boot(smp=1, defaults=True, first=BEFORE)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = t.gdb()
    assert "kgdb_initial_breakpoint" in g.cmd("bt")
    assert re.search(r"= \d+", g.cmd("print jiffies"))
    break_in_and_go_on(m, g)
    assert pci_slot(m.run("dmesg"), rf"{tty(arch, 1)} at ") > 1


def test_kgdboe_on_a_pci_nic_behind_other_devices(make_target, arch):
    if arch not in KGDBOE_ARCHES or arch not in PCI_ARCHES:
        pytest.skip(f"{arch}: no kgdboe on a PCI bus")
    t = make_target("kgdboe")
    m = t.boot(smp=1, defaults=True, first=BEFORE, nic="virtio-net-pci")
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = t.gdb()
    assert "kgdb_initial_breakpoint" in g.cmd("bt")
    break_in_and_go_on(m, g)
    assert pci_slot(m.run("dmesg"), r"eth0: virtio-net at") > 1
    out = m.run("kgdboe")
    assert re.search(r"NIC's interrupt \([1-9]\d* so far\)", out), out
