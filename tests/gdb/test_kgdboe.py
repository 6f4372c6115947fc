# SPDX-License-Identifier: MIT
"""What only the network transport has (transports/kgdboe.c): switching it
on and off from the shell, who may talk to it, and a whole session through
a network that loses datagrams. The rest of the suite runs over kgdboe as
well (tests/conftest.py)."""
import re
import socket

import pytest

from lib.rsp import frame
from machine import KGDBOE_ARCHES, PROMPT, tty
from target import Target
from test_stepping import stepi_follows_the_code


@pytest.fixture
def make_target(arch):
    if arch not in KGDBOE_ARCHES:
        pytest.skip(f"{arch}: no NIC kgdboe runs on in the suite")
    made = []

    def make(**kw):
        made.append(Target(arch, "kgdboe", **kw))
        return made[-1]
    yield make
    for t in made:
        t.close()


def test_kgdboe_at_run_time(make_target, arch):
    t = make_target()
    m = t.boot(cmdline=f"console={tty(arch, 0)}")
    assert "kgdboe: off" in m.run("kgdboe")
    assert "no such network device" in m.run("kgdboe @/eth7")
    assert "expected" in m.run("kgdboe 99999@/")
    assert "kgdboe: off" in m.run("kgdboe")
    assert "kgdboe: 6443@10.0.2.15/eth0" in m.run("kgdboe on")
    assert "heard by: the NIC's interrupt (0 so far) and the tick" in m.run("kgdboe")

    # gdb's first packet breaks into the running kernel.
    g = t.gdb()
    assert re.search(r"^#0 ", g.cmd("bt"), re.M)
    g.cmd("break cmd_uptime")
    g.cont()
    m.write("uptime\n")
    assert g.wait_stop().func == "cmd_uptime"
    g.cmd("delete")
    g.cmd("detach")
    m.expect(r"up \d+\.\d+ s")
    m.expect(re.escape(PROMPT))
    out = m.run("kgdboe")
    assert "session: none" in out, out
    # gdb's datagrams came through the NIC's interrupt, not only the tick.
    assert re.search(r"NIC's interrupt \([1-9]\d* so far\)", out), out
    assert re.search(r"rx: [1-9]\d* datagrams", out), out
    assert "kgdboe: off" in m.run("kgdboe off")


def test_only_the_sessions_peer_is_heard(make_target):
    t = make_target()
    m = t.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = t.gdb()
    g.cmd("break cmd_uptime")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)

    # Another client (another port) asks for the stop reason: no answer,
    # and the kernel runs on (a tick would have broken in by now).
    stranger = t.connect_line(timeout=1)
    stranger.send(frame(b"?"))
    with pytest.raises(socket.timeout):
        stranger.recv(100)
    out = m.run("kgdboe")
    assert re.search(r"session: 10\.0\.2\.2:\d+", out), out
    assert "1 from others dropped" in out, out
    stranger.close()

    # gdb still owns the session.
    m.write("uptime\n")
    assert g.wait_stop().func == "cmd_uptime"
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s")


def test_a_configured_peer_is_the_only_one(make_target, arch):
    t = make_target()
    m = t.boot(cmdline=f"console={tty(arch, 0)} kgdboe=6443@10.0.2.15/eth0,@10.0.2.99")
    line = t.connect_line(timeout=1)
    line.send(frame(b"qSupported"))
    with pytest.raises(socket.timeout):
        line.recv(100)
    out = m.run("kgdboe")
    assert "1 from others dropped" in out and "session: none" in out, out
    # The shell changes it: now anyone may start a session.
    m.run("kgdboe on")
    line.send(b"+" + frame(b"qSupported"))
    assert b"PacketSize=" in line.recv(4096)
    line.close()


def test_a_session_through_a_lossy_network(make_target):
    """Three in a hundred datagrams each way are lost: every answer gdb
    shows is still right, and nothing hangs."""
    t = make_target(loss=0.03)
    m = t.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = t.gdb(connect=False)
    g.cmd("set remotetimeout 1")
    # What the code is, from the ELF, before any target is there.
    code = g.cmd("x/64xw cmd_uptime")
    g.connect(t.address(), timeout=120)
    assert "kgdb_initial_breakpoint" in g.cmd("bt", timeout=60)
    assert g.cmd("x/64xw cmd_uptime", timeout=60) == code

    g.cmd("break cmd_uptime", timeout=60)
    g.cont()
    m.expect(re.escape(PROMPT), timeout=60)
    m.write("uptime\n")
    assert g.wait_stop(timeout=120).func == "cmd_uptime"
    assert re.search(r"#1 .* shell_run_line", g.cmd("bt", timeout=60))
    assert g.cmd('p argv[0]', timeout=60).strip().endswith('"uptime"')
    g.cmd("delete", timeout=60)
    stepi_follows_the_code(g, 4)
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=60)
    g.interrupt()
    assert g.wait_stop(timeout=120).signal == "SIGINT"
    g.cmd("detach", timeout=60)
    m.expect(re.escape(PROMPT), timeout=60)
    assert m.relay.count["lost"] > 0, m.relay.count

