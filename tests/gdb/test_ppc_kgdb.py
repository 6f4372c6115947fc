# SPDX-License-Identifier: MIT
"""The PowerPC e500 backend's SMP side seen from gdb: the roundup by the
critical interrupt NMI (arch/powerpc/kernel/nmi.c), which reaches a CPU
spinning with MSR[EE] off; held CPUs dozing until the master's kick
(kgdb_hold.c); a backtrace through the decrementer interrupt."""
import re
import time

import pytest

from machine import PROMPT


@pytest.fixture(autouse=True)
def powerpc_only(arch):
    if arch != "powerpc":
        pytest.skip("powerpc backend")


# The MPIC's MSIIR (CCSR_VIRT + 0x40000 + 0x1740): writing n << 29 raises
# MSI n, CPU n's critical interrupt, the NMI.
MSIIR = 0xe0041740
MSR_WE = 0x00040000


def to_shell(m, g):
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)


def dozing_cpus(m):
    """The CPUs whose MSR has WE set, from QEMU's monitor: they doze.
    qemu-system-ppc runs every vCPU on one host thread, so host CPU time
    cannot tell a dozing one from a spinning one."""
    regs = m.monitor("info registers -a").replace("\r", "")
    return sorted(cpu for cpu, msr in re.findall(r"CPU#(\d+)\nMSR ([0-9a-f]+)", regs)
                  if int(msr, 16) & MSR_WE)


def test_breakpoint_in_timer_interrupt(target):
    """scheduler_tick() runs in every CPU's decrementer interrupt; the
    backtrace goes through the interrupt entry's frame into the interrupted
    code. (The CPU that stops is the last master nearly every time: QEMU
    runs the vCPUs round-robin and the master goes first after a continue,
    with its late tick pending, docs/powerpc.md.) After the last continue
    every CPU's timer ticks go on: none stayed asleep."""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("break scheduler_tick")

    def check_bt(bt):
        assert "ppc_do_timer" in bt, bt
        assert re.search(r"in ppc_entry \(\).*\n#\d+ .* in \w+", bt), bt
    assert g.cpus_stopping_at("scheduler_tick", 4, check_bt, tries=10)
    g.cmd("delete")
    to_shell(m, g)
    m.wait_every_cpu_ticks(4)


def test_held_cpus_doze_and_survive_stray_nmis(target):
    """Held CPUs doze instead of spinning: QEMU shows MSR[WE] set in theirs
    while the master polls the line. Stray NMIs (gdb makes the master raise the held
    CPUs' MSIs) wake them only for a moment: their PCs and backtraces stay.
    After `continue` every CPU is kicked awake and its timer ticks go on."""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    assert dozing_cpus(m) == ["1", "2", "3"]
    before = g.cpu_pcs()
    bt_before = g.cmd("thread apply all -q bt 3")
    for _ in range(6):
        for cpu in (1, 2, 3):
            g.cmd(f"set {{unsigned int}}{MSIIR:#x} = {cpu << 29:#x}")
        time.sleep(0.05)
    assert dozing_cpus(m) == ["1", "2", "3"]
    assert g.cpu_pcs() == before
    assert g.cmd("thread apply all -q bt 3") == bt_before
    to_shell(m, g)
    m.wait_every_cpu_ticks(4)


def test_hard_lockup_cpu_is_rounded_up(target):
    """A CPU spinning with interrupts (EE) off still answers the roundup:
    the NMI is the critical interrupt, which EE does not mask. Each break-in
    shows the locked CPU where the lockup spins, held, not running."""
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    to_shell(m, g)
    m.write("crash hardlockup\n")
    m.expect(r"crash: hard lockup on CPU 1 \(interrupts off\)")
    for _ in range(3):
        time.sleep(0.3)
        g.interrupt()
        g.wait_stop()
        threads = g.cmd("info threads")
        assert re.search(r"\(CPU1\)\s.*(lockup_thread|cpu_relax)", threads), threads
        assert "running" not in threads, threads
        g.cont()
