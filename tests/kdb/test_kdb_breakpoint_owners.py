# SPDX-License-Identifier: MIT
"""kdb's breakpoints share the kernel's one breakpoint record with gdb's
and with tracepoints and dprintfs: a gdb session neither sees nor takes
kdb's, gdb's z0 at its address leaves it, and kdb's ss and go from an
address several own run the instruction once and each owner's action
once. kdb's bl and `bpstat` say what is planted."""
import re

from kdbline import KdbLine
from machine import PROMPT
from test_kdb import BANNER, at_prompt, sysrq_in, value_of


def planted_by(text, addr):
    """Who `bpstat` says has @addr planted ("" if no row)."""
    m = re.search(rf"^0x0*{addr:x}\s.*?\s(\S+)\s*$", text, re.M)
    return m.group(1) if m and m.group(1) != "-" else ""


def bp_kind(arch):
    return 1 if arch in ("x86_64", "i386") else 4


def enter_at(m, line, addr, command="uptime"):
    """@command typed at the shell enters kdb at its breakpoint at @addr."""
    m.write(command + "\n")
    line.expect(BANNER + rf"due to Breakpoint @ 0x0*{addr:x}", timeout=30)
    line.prompt()
    line.settle()


def kdb_bp_then_gdb(kdb_boot, target):
    """kdb's bp at cmd_uptime at the kgdbwait prompt, then a gdb takes the
    line: the machine, the address, the gdb."""
    m, line = kdb_boot()
    at_prompt(m, line)
    addr = value_of(line, "cmd_uptime")
    line.cmd("bp cmd_uptime")
    line.close()
    return m, addr, target.gdb()


def test_kdb_breakpoint_outlives_a_gdb_session(kdb_boot, target, arch):
    """kdb's bp, then a gdb attaches, reads a variable, sets and removes a
    breakpoint of its own at the same address (z0 leaves kdb's) and
    detaches: uptime still enters kdb, whose bl says it is enabled."""
    m, addr, g = kdb_bp_then_gdb(kdb_boot, target)
    assert re.search(r"= \d+", g.cmd("p jiffies"))
    assert planted_by(g.monitor("bpstat"), addr) == "kdb"
    for packet, owners in ((f"Z0,{addr:x},{bp_kind(arch)}", "gdb,kdb"),
                           (f"z0,{addr:x},{bp_kind(arch)}", "kdb")):
        assert '"OK"' in g.cmd(f"maint packet {packet}")
        assert planted_by(g.monitor("bpstat"), addr) == owners
    g.cmd("detach")
    g.close()
    m.expect(re.escape(PROMPT), timeout=30)
    line = KdbLine(m.ports[1])
    enter_at(m, line, addr)
    assert "is enabled" in line.cmd("bl")
    assert "disabled" in line.cmd("bd 0")
    assert "is disabled" in line.cmd("bl")
    assert planted_by(line.cmd("bpstat"), addr) == ""
    line.write("go\r")
    m.expect(r"up \d+", timeout=30)


def test_gdb_breakpoint_gone_kdb_one_stays(kdb_boot, target, arch):
    """The other way round: gdb's breakpoint at cmd_uptime stops gdb and
    goes with its session; kdb's, set there next, enters kdb until bc."""
    m, line = kdb_boot()
    at_prompt(m, line)
    addr = value_of(line, "cmd_uptime")
    line.close()
    g = target.gdb()
    g.cmd("break *cmd_uptime")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    m.write("uptime\n")
    assert g.wait_stop(timeout=30).func == "cmd_uptime"
    g.cmd("detach")
    g.close()
    m.expect(r"up \d+", timeout=30)
    line = KdbLine(m.ports[1])
    sysrq_in(m, line)
    assert planted_by(line.cmd("bpstat"), addr) == ""
    line.cmd("bp cmd_uptime")
    line.write("go\r")
    enter_at(m, line, addr)
    assert "cleared" in line.cmd("bc 0")
    line.write("go\r")
    m.expect(r"up \d+", timeout=30)
    seen = len(line.text())
    m.write("uptime\n")
    m.expect(r"up \d+", timeout=30)
    assert "Entering kdb" not in line.text()[seen:]


def test_kdb_steps_over_a_tracepoint_and_a_dprintf(kdb_boot, target, arch):
    """A tracepoint and a persistent dprintf that gdb left running at
    cmd_uptime, and kdb's bp there: uptime enters kdb having collected
    once and printed once; ss and go do neither again. With kdb's bp
    cleared the next uptime only collects and prints; with the trace
    stopped and gdb gone, nothing is left planted."""
    m, addr, g = kdb_bp_then_gdb(kdb_boot, target)
    g.cmd(f"trace *{addr:#x}")
    g.mi('-break-commands 1 "collect jiffies"')
    g.cmd("set disconnected-tracing on")
    g.cmd("tstart")
    g.cmd("set breakpoint always-inserted on")
    g.cmd("set dprintf-style agent")
    g.cmd(f'dprintf *{addr:#x},"uptime dprintf\\n"')
    assert planted_by(g.monitor("bpstat"), addr) == "gdb,dprintf,kdb,trace"
    g.cmd("detach")
    g.close()
    m.expect(re.escape(PROMPT), timeout=30)
    line = KdbLine(m.ports[1])
    enter_at(m, line, addr)
    assert planted_by(line.cmd("bpstat"), addr) == "dprintf,kdb,trace"
    out = line.cmd("ss")
    pc = int(re.search(r"SS trap @ 0x([0-9a-f]+)", out).group(1), 16)
    assert addr < pc <= addr + 8, (hex(addr), out)
    line.write("go\r")
    m.expect(r"up \d+", timeout=30)
    assert m.text().count("uptime dprintf") == 1, m.text()[-2000:]

    sysrq_in(m, line)
    assert "cleared" in line.cmd("bc 0")
    assert planted_by(line.cmd("bpstat"), addr) == "dprintf,trace"
    line.write("go\r")
    m.expect(re.escape(PROMPT), timeout=30)
    m.write("uptime\n")
    m.expect(r"up \d+", timeout=30)
    assert m.text().count("uptime dprintf") == 2, m.text()[-2000:]

    sysrq_in(m, line)
    line.write("kgdb\r")
    line.expect("attach")
    line.close()
    g = target.gdb()
    out = g.cmd("tstatus")
    assert re.search(r"Collected 2 trace frames|contains 2 trace frames", out), out
    # The new session took the dprintf; the trace keeps its own.
    assert planted_by(g.monitor("bpstat"), addr) == "trace"
    g.cmd("tstop")
    g.cmd("detach")


def gdb_pc(g):
    return int(re.search(r"= (0x[0-9a-f]+)", g.cmd("p/x $pc")).group(1), 16)


def test_gdb_steps_from_a_kdb_breakpoint(kdb_boot, target, arch):
    """kdb's bp stops gdb, which has no breakpoint there, while gdb has
    the line: stepi leaves the address, continue lets uptime finish, the
    next uptime stops there again, and a detach from there goes on."""
    m, addr, g = kdb_bp_then_gdb(kdb_boot, target)
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    for _ in range(2):
        m.write("uptime\n")
        assert g.wait_stop(timeout=30).func == "cmd_uptime"
        assert gdb_pc(g) == addr
        g.cmd("stepi")
        assert gdb_pc(g) != addr
        g.cont()
        m.expect(r"up \d+", timeout=30)
    m.write("uptime\n")
    g.wait_stop(timeout=30)
    g.cmd("detach")
    m.expect(r"up \d+", timeout=30)
