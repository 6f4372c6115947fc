# SPDX-License-Identifier: MIT
"""Hardware breakpoints and watchpoints seen from gdb, on every arch whose
CPUs have them under QEMU (x86's debug registers, ARMv7's CP14 BRPs and
WRPs), on 1 and 4 CPUs: `hbreak` with `hwbreak` in the stop reply, `watch`
on 1 to 8 bytes with the old and new values, `rwatch` and `awatch`, and a
slot past the hardware's refused with ENOSPC."""
import re

import pytest

from machine import NO_HW_DEBUG
from target import resume_to_shell

# Slots the CPU has: x86's four debug registers serve breakpoints and
# watchpoints alike; QEMU's Cortex-A15 has six BRPs (DBGDIDR.BRPs = 5) and
# four WRPs, a word each.
BREAK_SLOTS = {"x86_64": 4, "i386": 4, "arm": 6, "aarch64": 6}
WATCH_SLOTS = {"x86_64": 4, "i386": 4, "arm": 4, "aarch64": 4}
BREAK_FUNCS = ("cmd_uptime", "cmd_cpus", "cmd_ps", "cmd_dmesg", "cmd_sym", "cmd_sysrq",
               "jiffies_tick")
# Words of their own (timer_ticks is each arch's per-CPU tick count).
WATCH_EXPRS = ("jiffies", "kworker.period_ms", "kworker.wakeups", "timer_ticks[0]",
               "timer_ticks[1]")
WATCH_TYPES = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int",
               8: "unsigned long long"}


@pytest.fixture(autouse=True)
def hw_debug_arches(arch):
    if arch in NO_HW_DEBUG:
        pytest.skip("no hardware breakpoints or watchpoints under QEMU")


def cont_until_stop(g, timeout=30):
    g.cont()
    return g.wait_stop(timeout)


def test_hardware_breakpoint(attached_smp):
    m, g = attached_smp
    out = g.cmd("hbreak cmd_uptime")
    assert "Hardware assisted breakpoint 1" in out, out
    resume_to_shell(m, g)
    g.cmd("set debug remote 1")
    m.write("uptime\n")
    stop = g.wait_stop()
    assert stop.reason == "breakpoint-hit" and stop.func == "cmd_uptime", stop
    # The stop reply names the debug register hit, not a software breakpoint.
    assert any(re.search(r"Packet received: T05hwbreak:;", line) for line in g.log), stop
    # gdb steps off it (the slot out, where the arch traps before the
    # instruction) and the command runs; the next call stops again.
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)
    m.write("uptime\n")
    stop = g.wait_stop()
    assert stop.reason == "breakpoint-hit" and stop.func == "cmd_uptime", stop
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)


@pytest.mark.parametrize("size", [1, 2, 4, 8])
def test_write_watchpoint(attached_smp, size):
    """gdb sees the new value every time round, whether the watchpoint
    fires after the store (x86) or before it (ARM: gdb steps over it with
    the slot out). Eight bytes take two slots where a slot holds a word."""
    m, g = attached_smp
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


def test_read_and_access_watchpoints(attached_smp):
    m, g = attached_smp
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
    g.wait_said(f"(?i)could not insert {what}", timeout=10)
    assert any("Packet received: E1c" in line for line in g.log), "\n".join(g.log[-30:])


# What fills the slots, per kind: gdb's command, what to set, how gdb
# confirms one.
FILL = {"breakpoint": ("hbreak", BREAK_FUNCS, BREAK_SLOTS, "Hardware assisted breakpoint"),
        "watchpoint": ("watch", WATCH_EXPRS, WATCH_SLOTS, "Hardware watchpoint")}


@pytest.mark.parametrize("kind", ["breakpoint", "watchpoint"])
def test_one_past_the_slots_is_refused(attached_smp, arch, kind):
    m, g = attached_smp
    command, targets, slots, confirmed = FILL[kind]
    for what in targets[:slots[arch] + 1]:
        out = g.cmd(f"{command} {what}")
        assert confirmed in out, out
    refused(g, f"hardware {kind}")
