# SPDX-License-Identifier: MIT
"""kgdb.ro=1: gdb may look but not touch. Reads, threads, backtraces,
stepping, continue, Ctrl-C and detach work; memory and register writes,
breakpoints, watchpoints and `monitor reboot` are refused, each with a
line on the console, and the machine is left as it was."""
import re

import pytest

from gdb import GdbError
from machine import GDB_STEPS_ITSELF, NO_HW_DEBUG, PROMPT


@pytest.fixture
def ro(target, arch):
    m = target.boot(cmdline=target.cmdline("kgdb.ro=1"))
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    return m, target.gdb()


def pc_of(g):
    return re.search(r"= (0x[0-9a-f]+)", g.cmd("p/x $pc")).group(1)


def refused(m, what):
    m.expect(rf"kgdb: read-only \(kgdb\.ro\): '{what}' refused", timeout=10)


def test_read_only_looks_but_does_not_touch(ro, arch):
    m, g = ro
    bt = g.cmd("bt")
    assert "kgdb_initial_breakpoint" in bt and "start_kernel" in bt, bt
    assert g.cmd("thread apply all bt").count("#0 ") >= 2
    assert re.search(r"Thread \d+", g.cmd("info threads"))
    before = g.cmd("x/8xb &jiffies")

    with pytest.raises(GdbError, match="Cannot access memory"):
        g.cmd("set var jiffies = 12345")
    refused(m, "[XM]")
    assert g.cmd("x/8xb &jiffies") == before

    pc = pc_of(g)
    with pytest.raises(GdbError):
        g.cmd("set var $pc = $pc + 4")
    refused(m, "[PG]")
    g.cmd("flushregs")
    assert pc_of(g) == pc

    mark = len(g.console)
    g.cmd("monitor ps")
    out = "".join(g.console[mark:])     # monitor output comes as O packets
    assert all(f"idle/{cpu}" in out for cpu in range(m.cpus)), out
    mark = len(g.console)
    g.cmd("monitor help")
    lines = "".join(g.console[mark:]).splitlines()
    names = [line.split()[0] for line in lines]
    assert names == sorted(names) and {"bpstat", "cpus", "dmesg", "help", "ps",
                                       "reboot"} <= set(names), lines
    # What changes the machine is refused: reboot, and kdb's writes where kdb is built.
    refused_rows = {line.split()[0] for line in lines if line.endswith("(refused: read-only)")}
    assert "reboot" in refused_rows and refused_rows <= {"reboot", "mm", "rm"}, lines
    with pytest.raises(GdbError):
        g.cmd("monitor reboot")
    refused(m, "monitor reboot")

    if arch in GDB_STEPS_ITSELF:
        # gdb steps these with breakpoints of its own, which are refused.
        g.cmd("stepi")
        g.wait_said(r"Cannot insert breakpoint 0")
        stepped = pc
    else:
        # Stepping works: it changes nothing gdb did not ask the CPU to do.
        g.cmd("stepi")
        stepped = pc_of(g)
        assert stepped != pc

    g.cmd("break cmd_uptime")
    g.cmd("continue")
    g.wait_said(r"Cannot insert breakpoint 1")
    refused(m, "Z0")
    g.cmd("delete")
    g.cmd("watch jiffies")
    g.cmd("continue")
    g.wait_said(r"(?i)(could not|cannot) insert hardware watchpoint")
    if arch not in NO_HW_DEBUG:
        refused(m, "Z2")        # elsewhere gdb learns Z2 is not there at all
    g.cmd("delete")
    # gdb gave up before resuming: the kernel is still stopped where it was.
    assert pc_of(g) == stepped

    # With nothing planted, the kernel runs, stops on Ctrl-C, and detaches.
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    g.interrupt()
    assert g.wait_stop().signal == "SIGINT"
    g.cmd("detach")
    assert re.search(r"up \d+\.\d+ s", m.run("uptime"))
    assert "Oops" not in m.text() and "panic" not in m.text()


@pytest.mark.parametrize("param,writable", [("", False), ("kgdb.ro=0", True)],
                         ids=["default", "kgdb.ro=0"])
def test_kconfig_default(target, arch, param, writable):
    """A kernel built with CONFIG_KGDB_READ_ONLY=y (build/<arch>-ro) is
    read-only without kgdb.ro on its command line; kgdb.ro=0 lifts it."""
    m = target.boot(cmdline=target.cmdline(param), variant="-ro")
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    if writable:
        g.cmd("set var kworker.period_ms = 150")
        assert "150" in g.cmd("p kworker.period_ms")
        g.cmd("set var kworker.period_ms = 100")
        assert "read-only" not in m.text()
    else:
        with pytest.raises(GdbError, match="Cannot access memory"):
            g.cmd("set var kworker.period_ms = 150")
        refused(m, "[XM]")
        assert "100" in g.cmd("p kworker.period_ms")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)


def test_read_write_without_ro(target, arch):
    """The same writes are taken when kgdb.ro is not given (so the test
    above cannot pass for another reason)."""
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("set var kworker.period_ms = 150")
    assert "150" in g.cmd("p kworker.period_ms")
    g.cmd("set var kworker.period_ms = 100")
    assert "read-only" not in m.text()
    g.cont()
