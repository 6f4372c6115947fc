# SPDX-License-Identifier: MIT
"""The minimal profile (make ARCH=<arch> kgdb_min_defconfig, built by make
check-kernels as build/<arch>-min): gdb still attaches, learns the
architecture from the target, reads registers, memory and threads, breaks,
steps and detaches over kgdboc. What the profile leaves out is absent as
the protocol says (no qSupported feature, the empty reply), never broken."""
import re

import pytest

from gdb import Gdb, GdbError
from machine import PROMPT
from test_protocol_errors import Raw
from test_stepping import stepi_follows_the_code, stop_in_uptime
from test_threads import TASKS

# Announced by the default profile only (hwbreak+ only where the arch has slots).
LEFT_OUT = ("binary-upload+", "qXfer:threads:read+", "hwbreak+")


@pytest.fixture
def minimal(target):
    m = target.boot(variant="-min")
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    return target, m


def target_arch(t):
    """What the target's description names, and the packets it leaves out
    refused as unknown, on a raw connection."""
    r = Raw(t.connect_line())
    try:
        features = r.ask(b"qSupported:xmlRegisters=i386").decode()
        for f in LEFT_OUT:
            assert f not in features.split(";"), features
        assert "qXfer:features:read+" in features.split(";"), features
        xml = r.ask(b"qXfer:features:read:target.xml:0,fff").decode()
        arch = re.fullmatch(r"l<target><architecture>([^<]+)</architecture>.*</target>", xml)
        assert arch, xml
        # Monitor commands, binary writes and hardware slots are not there.
        for pkt in (b"qRcmd,7073", b"X100000,0:", b"Z1,100000,1", b"qXfer:threads:read::0,fff"):
            assert r.ask(pkt) == b"", pkt
        return arch.group(1)
    finally:
        r.close()


@pytest.mark.kgdboc_only         # the profile has no kgdboe
def test_minimal_profile_debugs(minimal, arch):
    t, m = minimal
    arch_name = target_arch(t)
    g = t.gdb()

    bt = g.cmd("bt")
    assert "kgdb_initial_breakpoint" in bt and "start_kernel" in bt, bt
    # The registers: the PC is in the debugger's own breakpoint.
    pc = g.cmd("p $pc")
    assert re.search(r"<kgdb_\w+(\+\d+)?>", pc), pc
    regs = g.cmd("info registers")
    # A value per register (MIPS lays them out in rows of eight, bare).
    assert len(re.findall(r"0x[0-9a-f]+|\b[0-9a-f]{8}\b", regs)) >= 16, regs
    assert "unavailable" not in g.cmd("p $sp")
    assert "= 100" in g.cmd("p kworker.period_ms")
    g.cmd("set var kworker.period_ms = 150")
    assert "= 150" in g.cmd("p kworker.period_ms")
    g.cmd("set var kworker.period_ms = 100")
    with pytest.raises(GdbError, match="does not support"):
        g.cmd("monitor ps")

    stop_in_uptime(m, g)
    threads = g.cmd("info threads")
    for name in TASKS:
        assert re.search(rf"\({re.escape(name)}, pid \d+, ", threads), (name, threads)
    assert "cmd_uptime" in g.cmd("bt")
    stepi_follows_the_code(g, 5)

    g.cmd("delete")
    g.cmd("detach")
    m.expect(r"up \d+\.\d+ s", timeout=20)
    m.expect(re.escape(PROMPT), timeout=20)
    assert re.search(r"up \d+\.\d+ s", m.run("uptime"))

    # A gdb with no kernel image learns the architecture from the target
    # alone, breaking into the running kernel.
    bare = Gdb(None)
    try:
        bare.connect(t.address())
        assert f'(currently "{arch_name}")' in bare.cmd("show architecture")
        assert re.search(r"0x[0-9a-f]+", bare.cmd("p/x $pc"))
        bare.cmd("detach")
    finally:
        bare.close()
    assert re.search(r"up \d+\.\d+ s", m.run("uptime"))
    assert "Oops" not in m.text() and "panic" not in m.text()
