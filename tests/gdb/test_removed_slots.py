# SPDX-License-Identifier: MIT
"""Hardware breakpoints and watchpoints that gdb deletes leave nothing
behind on any CPU. On several CPUs, a CPU can trap on a slot just as
another CPU stops the machine, and wait its turn while gdb deletes the
slot, or puts a different one in its place: that stop must be dropped and
the CPU resumed, never reported (a spurious SIGTRAP, a watchpoint hit
without its watchpoint) nor left waiting for a gdb that has detached."""
import re
import time

import pytest

from machine import NO_HW_DEBUG, PROMPT

# What gdb prints as the stop reason of each kind, and the command that
# sets one that fires on every CPU's timer tick.
KINDS = [
    ("hbreak scheduler_tick", "breakpoint-hit"),
    ("watch jiffies", "watchpoint-trigger"),
    ("rwatch jiffies", "read-watchpoint-trigger"),
    ("awatch jiffies", "access-watchpoint-trigger"),
]


@pytest.fixture(autouse=True)
def hardware_slots(request, arch):
    wants = request.node.get_closest_marker("no_hw_debug") is not None
    if (arch in NO_HW_DEBUG) != wants:
        pytest.skip(f"{arch}: " + ("QEMU raises no watch exceptions for it" if not wants
                                   else "has hardware breakpoints and watchpoints"))


# How long the kernel runs after a delete before gdb breaks in: a queued
# stale stop would be reported within it, ahead of the SIGINT.
QUIET_WINDOW = 0.5


def gdb_timer_ticks(g, ncpus):
    out = g.cmd("p timer_ticks")
    return [int(n) for n in re.search(r"\{([\d, ]+)", out).group(1).split(",")][:ncpus]


@pytest.mark.parametrize("smp", [2, 4])
def test_deleted_slots_leave_no_stop_behind(target, smp):
    m = target.boot(smp=smp)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("set debug remote 1")
    for rnd in range(2):
        for command, reason in KINDS:
            out = g.cmd(command)
            assert re.search(r"[Hh]ardware", out), out
            g.cont()
            stop = g.wait_stop()
            assert stop.reason == reason, (command, stop)
            g.cmd("delete")
            g.cont()
            time.sleep(QUIET_WINDOW)
            g.interrupt()
            stop = g.wait_stop()
            assert stop.signal == "SIGINT", (rnd, command, stop)
    # Every watch reply named its address (gdb needs it to tell the hit).
    for line in g.log:
        if re.search(r"Packet received: T05(r|a)?watch", line):
            assert re.search(r"watch:[0-9a-f]+;", line), line
    g.cmd("detach")
    # Nothing left armed or waiting: the shell answers, every CPU ticks.
    m.expect(re.escape(PROMPT), timeout=30)
    assert re.search(r"up \d+\.\d+ s", m.run("uptime", timeout=20))
    m.wait_every_cpu_ticks(smp)


def test_no_slot_survives_a_detach(target):
    """A second gdb finds no CPU still watching what the first one set."""
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    for command, _ in KINDS:
        g.cmd(command)
        g.cont()
        g.wait_stop()
    g.cmd("detach")
    g.close()
    m.expect(re.escape(PROMPT), timeout=30)
    m.wait_every_cpu_ticks(2)
    g2 = target.gdb()
    g2.cmd("set debug remote 1")
    before = gdb_timer_ticks(g2, 2)
    g2.cont()
    time.sleep(QUIET_WINDOW)
    g2.interrupt()
    stop = g2.wait_stop()
    assert stop.signal == "SIGINT", stop
    after = gdb_timer_ticks(g2, 2)
    assert all(b > a for a, b in zip(before, after)), (before, after)
    g2.cmd("detach")


def test_breakpoint_and_watchpoint_fire_together(target):
    """A software breakpoint in every CPU's timer tick and a watchpoint on
    the jiffies it reads: each stop is one of the two, with its reason;
    after both are deleted nothing more is reported, and the kernel runs."""
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("break scheduler_tick")
    assert "Hardware access (read/write) watchpoint" in g.cmd("awatch jiffies")
    reasons = set()
    for _ in range(12):
        g.cont()
        stop = g.wait_stop()
        assert stop.reason in ("breakpoint-hit", "access-watchpoint-trigger"), stop
        if stop.reason == "breakpoint-hit":
            assert stop.func == "scheduler_tick", stop
        reasons.add(stop.reason)
    assert reasons == {"breakpoint-hit", "access-watchpoint-trigger"}, reasons
    g.cmd("delete")
    g.cont()
    time.sleep(QUIET_WINDOW)
    g.interrupt()
    stop = g.wait_stop()
    assert stop.signal == "SIGINT", stop
    g.cmd("detach")
    m.expect(re.escape(PROMPT), timeout=30)
    m.wait_every_cpu_ticks(2)


@pytest.mark.no_hw_debug
def test_without_hardware_slots_gdb_is_told_so(target):
    """Where the CPU has no usable debug registers the stub says so: gdb
    cannot insert a hardware breakpoint or watchpoint (the Z packets are
    unsupported), a software watchpoint is what is left, and the kernel
    runs on once they are gone."""
    m = target.boot(smp=1)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    for command, said in (("hbreak scheduler_tick", r"Cannot insert hardware breakpoint"),
                          ("watch jiffies", r"Could not insert hardware watchpoint")):
        g.cmd(command)
        g.cont()
        g.wait_said(said)
        g.cmd("delete")
    g.cmd("set can-use-hw-watchpoints 0")
    out = g.cmd("watch jiffies")
    assert re.search(r"^Watchpoint \d+: jiffies", out, re.M), out
    g.cmd("delete")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    g.interrupt()
    assert g.wait_stop().signal == "SIGINT"
