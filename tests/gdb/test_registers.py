# SPDX-License-Identifier: MIT
"""The register table seen from gdb, on every arch: gdb numbers the
registers from the target description the stub makes of its table, and
`p` (one register) and `g` (the whole block) must agree with that
numbering, for a stopped CPU and for a sleeping thread."""
import re

import pytest

from machine import PROMPT


def user_names(g):
    """gdb leaves some raw registers nameless (''): on MIPS all of them, each
    shown through a named twin num_regs further on; on e500 the SPE upper
    halves, shown only as part of the ev pseudo registers. Raw number ->
    the twin's name, or a name of its own."""
    rows = [line.split() for line in g.cmd("maint print registers").splitlines()[1:]]
    by_nr = {int(f[1]): f[0] for f in rows if len(f) > 1 and f[1].isdigit()}
    nraw = min(nr for nr, name in by_nr.items() if name != "''")
    return {nr: by_nr.get(nr + nraw, f"raw{nr}") if nraw else f"raw{nr}"
            for nr, name in by_nr.items() if name == "''"}


def remote_registers(g):
    """gdb's view: (name, remote number, offset in 'g', size) per register."""
    out = g.cmd("maint print remote-registers")
    regs, names = [], None
    for line in out.splitlines()[1:]:
        f = line.split()
        # Name Nr Rel Offset Size Type Rmt-Nr g/G-Offset; raw-only rows have
        # no Rmt Nr; a type may be two words ("long long").
        if len(f) >= 8 and f[1].isdigit() and f[-2].isdigit() and f[-1].isdigit():
            if f[0] == "''":
                names = names or user_names(g)
                f[0] = names[int(f[1])]
            regs.append((f[0], int(f[-2]), int(f[-1]), int(f[4])))
    return regs


def packet(g, body):
    out = g.cmd(f"maint packet {body}")
    m = re.search(r'received: "([^"]*)"', out)
    assert m, out
    return m.group(1)


def check_block(g, regs):
    block = packet(g, "g")
    assert re.fullmatch(r"[0-9a-f]+", block), block
    assert len(block) == 2 * max(off + size for _, _, off, size in regs), (len(block), regs)
    for name, rnum, off, size in regs:
        one = packet(g, f"p{rnum:x}")
        assert one == block[2 * off:2 * (off + size)], (name, rnum, one)


def reg_value(g, regs, names):
    """The first of @names, read with 'p', as a number in the target's order."""
    by_name = {r[0]: r[1] for r in regs}
    rnum = by_name[next(n for n in names if n in by_name)]
    raw = bytes.fromhex(packet(g, f"p{rnum:x}"))
    order = "big" if "big endian" in g.cmd("show endian") else "little"
    return int.from_bytes(raw, order)


def check_in_code(g, regs):
    """The PC names a function of the kernel, and the SP is set."""
    pc = reg_value(g, regs, ("rip", "eip", "pc"))
    assert re.match(r"\w+ (\+ \d+ )?in section \.text", g.cmd(f"info symbol {pc:#x}")), hex(pc)
    assert reg_value(g, regs, ("rsp", "esp", "sp", "r1")) != 0     # r1: PowerPC's


@pytest.mark.parametrize("smp", [2])
def test_p_and_g_agree_with_gdbs_numbering(target, smp):
    m = target.boot(smp=smp)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    regs = remote_registers(g)
    names = [r[0] for r in regs]
    assert len(regs) >= 16 and len(set(names)) == len(names), names
    assert sorted(r[1] for r in regs) == list(range(len(regs))), regs
    # Laid out back to back in gdb's numbering, as the 'g' packet has them.
    off = 0
    for name, rnum, roff, size in sorted(regs, key=lambda r: r[1]):
        assert roff == off, (name, roff, off)
        off += size
    check_block(g, regs)
    check_in_code(g, regs)
    # A sleeping thread: what its saved context holds, through both packets.
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    g.interrupt()
    g.wait_stop()
    out = g.cmd("info threads")
    sleeping = re.search(r"Thread (\d+) \(\S+, pid \d+, sleeping\)", out)
    assert sleeping, out
    assert packet(g, f"Hg{int(sleeping.group(1)):x}") == "OK"
    check_block(g, regs)
    check_in_code(g, regs)     # from its saved context, not zeros
    assert packet(g, "Hg0") == "OK"
