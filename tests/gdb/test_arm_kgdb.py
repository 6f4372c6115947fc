# SPDX-License-Identifier: MIT
"""The ARM backend's hardware breakpoints and watchpoints (the v7 CP14 debug
registers, arch/arm/kernel/kgdb_hw.c) seen from gdb, with the kernel in
Secure SVC under QEMU's `-M virt,secure=on`."""
import re
import time

import pytest

from machine import PROMPT


@pytest.fixture(autouse=True)
def arm_only(arch):
    if arch != "arm":
        pytest.skip("arm backend")


def to_shell(m, g):
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)


def cont_until_stop(g, timeout=30):
    g.cont()
    return g.wait_stop(timeout)


def test_hardware_breakpoint(attached):
    m, g = attached
    out = g.cmd("hbreak cmd_uptime")
    assert "Hardware assisted breakpoint 1" in out, out
    to_shell(m, g)
    g.cmd("set debug remote 1")
    m.write("uptime\n")
    stop = g.wait_stop()
    assert stop.reason == "breakpoint-hit" and stop.func == "cmd_uptime", stop
    # A breakpoint register fired (a prefetch abort), not an undefined instruction.
    assert any(re.search(r"Packet received: T05hwbreak:;", line) for line in g.log), stop
    # gdb steps off it (the slot is taken out for the step) and the command runs.
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)
    m.write("uptime\n")
    stop = g.wait_stop()
    assert stop.reason == "breakpoint-hit" and stop.func == "cmd_uptime", stop
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)


WATCH_TYPES = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int"}


@pytest.mark.parametrize("size", [1, 2, 4])
def test_write_watchpoint(attached, size):
    """The watchpoint fires before the store: gdb steps over it with the slot
    out, then sees the new value, every time round."""
    m, g = attached
    out = g.cmd(f"watch *({WATCH_TYPES[size]} *)&jiffies")
    assert "Hardware watchpoint 1" in out, out
    for _ in range(2):
        stop = cont_until_stop(g)
        assert stop.reason == "watchpoint-trigger", stop
        old = re.search(r'old="(\d+)', stop.raw)
        new = re.search(r'new="(\d+)', stop.raw)
        assert old and new, stop
        assert int(new.group(1)) == (int(old.group(1)) + 1) % (1 << 8 * size), stop
        assert stop.func == "jiffies_tick", stop
    g.cmd("delete")
    g.cont()


def test_watchpoint_over_two_words(attached):
    """Eight bytes starting at jiffies take two watchpoint registers."""
    m, g = attached
    out = g.cmd("watch *(unsigned long long *)&jiffies")
    assert "Hardware watchpoint 1" in out, out
    stop = cont_until_stop(g)
    assert stop.reason == "watchpoint-trigger" and stop.func == "jiffies_tick", stop
    g.cmd("delete")
    g.cont()


def test_read_and_access_watchpoints(attached):
    m, g = attached
    out = g.cmd("rwatch kworker.period_ms")
    assert "Hardware read watchpoint 1" in out, out
    stop = cont_until_stop(g)
    assert stop.reason == "read-watchpoint-trigger", stop
    assert 'value="100"' in stop.raw and stop.func == "worker_thread", stop
    g.cmd("delete")
    out = g.cmd("awatch kworker.wakeups")
    assert "Hardware access (read/write) watchpoint 2" in out, out
    stop = cont_until_stop(g)
    assert stop.reason == "access-watchpoint-trigger", stop
    assert stop.func == "worker_thread", stop
    g.cmd("delete")
    g.cont()


def refused(g, what):
    """The last insertion is refused with ENOSPC and gdb says so."""
    g.cmd("set debug remote 1")
    try:
        g.cmd("continue")
    except Exception as err:
        assert what in str(err).lower(), err
    deadline = time.monotonic() + 10
    while not any(f"could not insert {what}" in line.lower() for line in g.log):
        assert time.monotonic() < deadline, "\n".join(g.log[-30:])
        time.sleep(0.1)
    assert any("Packet received: E1c" in line for line in g.log), "\n".join(g.log[-30:])


def test_breakpoint_slot_beyond_dbgdidr_is_refused(attached):
    """QEMU's Cortex-A15 has six breakpoint registers (DBGDIDR.BRPs = 5)."""
    m, g = attached
    for fn in ("cmd_uptime", "cmd_cpus", "cmd_ps", "cmd_dmesg", "cmd_sym", "cmd_sysrq",
               "jiffies_tick"):
        out = g.cmd(f"hbreak {fn}")
        assert "Hardware assisted breakpoint" in out, out
    refused(g, "hardware breakpoint")


def test_watchpoint_slot_beyond_dbgdidr_is_refused(attached):
    """Four watchpoint registers (DBGDIDR.WRPs = 3): a fifth word is refused."""
    m, g = attached
    for expr in ("jiffies", "kworker.period_ms", "kworker.wakeups"):
        g.cmd(f"watch {expr}")
    g.cmd("watch *(unsigned long long *)&jiffies")
    refused(g, "hardware watchpoint")


def test_breakpoint_in_timer_interrupt_on_several_cpus(target):
    """scheduler_tick() runs in every CPU's timer interrupt, often on
    several at once. gdb steps each CPU off the breakpoint with the stub's
    single-step (vCont;s, which vContSupported+ lets gdb trust) while the
    other CPUs stay held: before, gdb stepped with a temporary breakpoint
    and vCont;c:thread, another CPU ran into it, and gdb 13 died on an
    internal error. (Which CPUs get there first depends on the host's
    scheduling of the vCPU threads: under load one CPU can win most
    rounds, so two of the four is what is asked.) After the last continue
    every CPU's timer ticks go on: no CPU stayed asleep. (Run by run: a
    loaded host can leave a vCPU without a tick for a second.)"""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("set debug remote 1")
    g.cmd("break scheduler_tick")

    def check_bt(bt):
        assert "arm_do_irq" in bt, bt
    cpus = g.cpus_stopping_at("scheduler_tick", 4, check_bt, tries=80)
    assert len(cpus) >= 2, cpus
    assert not any("vCont;c:" in line for line in g.log), "gdb stepped with breakpoints"
    g.cmd("delete")
    before = gdb_timer_ticks(g)
    for _ in range(10):
        g.cont()
        time.sleep(1)
        g.interrupt()
        g.wait_stop()
        after = gdb_timer_ticks(g)
        if all(a > b for a, b in zip(after, before)):
            break
    assert all(a > b for a, b in zip(after, before)), (before, after)
    g.cont()


def gdb_timer_ticks(g):
    """Each CPU's timer ticks, read by gdb: the console can fall silent
    after much traffic on the debug line (a QEMU 7.2 bug, docs/bench.md)."""
    out = g.cmd("p timer_ticks")
    return [int(n) for n in re.search(r"\{([\d, ]+)", out).group(1).split(",")][:4]


def test_held_cpus_sleep(target):
    """Held CPUs sleep in wfi, only the NMI SGI let through, instead of
    spinning: their vCPU threads use no host CPU time while the master's
    (polling the line) does. After `continue` every CPU is kicked awake
    and runs: each one's timer ticks go on."""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    assert m.busy_vcpus() == ["0"]
    to_shell(m, g)
    g.interrupt()
    g.wait_stop()
    assert m.busy_vcpus() == ["0"]
    g.cont()
    m.wait_every_cpu_ticks(4)
