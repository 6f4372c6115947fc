# SPDX-License-Identifier: MIT
"""The minimal profile (make ARCH=<arch> kgdb_min_defconfig, built by make
check-kernels as build/<arch>-min): gdb still attaches, learns the
architecture from the target, reads registers, memory and threads, breaks,
steps and detaches over kgdboc. What the profile leaves out is absent as
the protocol says (no qSupported feature, the empty reply), never broken."""
import os
import re

import pytest

from gdb import Gdb, GdbError
from machine import PROMPT, kernel_path
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


def configured(arch, option):
    """Whether the minimal kernel was built with CONFIG_<option> (an arch
    may select what the profile turns off)."""
    with open(os.path.join(os.path.dirname(kernel_path(arch, "-min")), ".config")) as f:
        return f"CONFIG_{option}=y" in f.read().splitlines()


def decoded(body):
    """A qXfer reply's bytes: run-length encoding expanded, escapes undone."""
    out, i = bytearray(), 0
    while i < len(body):
        c = body[i]
        if c == ord("*"):
            out += out[-1:] * (body[i + 1] - 29)
            i += 2
            continue
        if c == ord("}"):
            i += 1
            c = body[i] ^ 0x20
        out.append(c)
        i += 1
    return bytes(out)


def read_in_pieces(r, size):
    """target.xml read @size bytes at a time, as a client may: the pieces
    join into one document, and reads at and past its end are empty."""
    doc = b""
    while True:
        part = decoded(r.ask(b"qXfer:features:read:target.xml:%x,%x" % (len(doc), size)))
        assert part[:1] in (b"m", b"l") and len(part) - 1 <= size, part
        doc += part[1:]
        if part[:1] == b"l":
            break
    assert r.ask(b"qXfer:features:read:target.xml:%x,10" % len(doc)) == b"l"
    assert r.ask(b"qXfer:features:read:target.xml:%x,1" % (len(doc) - 1)) == b"l>"
    assert r.ask(b"qXfer:features:read:target.xml:ffffffff,10") == b"l"
    return doc.decode()


def target_arch(t, arch):
    """What the target's description names, and the packets it leaves out
    refused as unknown, on a raw connection."""
    r = Raw(t.connect_line())
    try:
        features = r.ask(b"qSupported:xmlRegisters=i386").decode().split(";")
        for f in LEFT_OUT:
            assert f not in features, features
        assert "qXfer:features:read+" in features, features
        # vCont only where the arch steps in software (gdb needs it there).
        vcont = configured(arch, "KGDB_SOFT_STEP")
        assert configured(arch, "KGDB_VCONT") == vcont
        assert ("vContSupported+" in features) == vcont, features
        assert (r.ask(b"vCont?") != b"") == vcont
        xml = decoded(r.ask(b"qXfer:features:read:target.xml:0,fff")).decode()
        assert read_in_pieces(r, 7) == xml[1:]
        name = re.fullmatch(r"l<target><architecture>([^<]+)</architecture>.*</target>", xml)
        assert name, xml
        if not configured(arch, "KGDB_FULL_REGS"):
            # The architecture alone: gdb lays out the registers it knows.
            assert xml == (f"l<target><architecture>{name.group(1)}</architecture>"
                           "<osabi>none</osabi></target>"), xml
        # Monitor commands, binary writes, writing all registers at once
        # and hardware slots are not there.
        for pkt in (b"qRcmd,7073", b"X100000,0:", b"G00", b"Z1,100000,1",
                    b"qXfer:threads:read::0,fff"):
            assert r.ask(pkt) == b"", pkt
        return name.group(1)
    finally:
        r.close()


@pytest.mark.kgdboc_only         # the profile has no kgdboe
def test_minimal_profile_debugs(minimal, arch):
    t, m = minimal
    arch_name = target_arch(t, arch)
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
    # A register written one at a time (P), read back from the target.
    sp = int(re.search(r"0x[0-9a-f]+", g.cmd("p/x $sp")).group(0), 16)
    g.cmd(f"set $sp = {sp + 16:#x}")
    g.cmd("maint flush register-cache")
    assert re.search(rf"= {sp + 16:#x}$", g.cmd("p/x $sp").strip()), g.cmd("p/x $sp")
    g.cmd(f"set $sp = {sp:#x}")
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
