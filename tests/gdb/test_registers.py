# SPDX-License-Identifier: MIT
"""The register table seen from gdb, on every arch: gdb numbers the
registers from the target description the stub makes of its table, and
`p` (one register), `g` (the whole block) and LLDB's `qRegisterInfo` must
agree with that numbering, for a stopped CPU and for a sleeping thread."""
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


def named_by_gdb(g):
    """The remote numbers of the registers gdb names itself (not through
    a twin, see user_names)."""
    rows = [line.split() for line in g.cmd("maint print remote-registers").splitlines()[1:]]
    return {int(f[-2]) for f in rows
            if len(f) >= 8 and f[1].isdigit() and f[-2].isdigit() and f[0] != "''"}


def check_register_info(g, regs):
    """qRegisterInfo, which LLDB reads when it has no description, gives
    each register gdb's name, size and place in the 'g' block, and marks
    the PC and the SP."""
    named = named_by_gdb(g)
    generic = {}
    for name, rnum, off, size in regs:
        info = dict(f.split(":", 1) for f in packet(g, f"qRegisterInfo{rnum:x}").split(";") if f)
        assert int(info["bitsize"]) == 8 * size and int(info["offset"]) == off, (name, info)
        assert rnum not in named or info["name"] == name, (name, info)
        if "generic" in info:
            generic[info["generic"]] = info["name"]
    assert generic["pc"] in ("rip", "eip", "pc"), generic
    assert generic["sp"] in ("rsp", "esp", "sp", "r29", "r1"), generic
    assert re.fullmatch(r"E[0-9a-f]{2}", packet(g, f"qRegisterInfo{len(regs):x}"))


def check_in_code(g, regs):
    """The PC names a function of the kernel, and the SP is set."""
    pc = reg_value(g, regs, ("rip", "eip", "pc"))
    assert re.match(r"\w+ (\+ \d+ )?in section \.text", g.cmd(f"info symbol {pc:#x}")), hex(pc)
    assert reg_value(g, regs, ("rsp", "esp", "sp", "r1")) != 0     # r1: PowerPC's


@pytest.mark.parametrize("smp", [2])
def test_p_g_and_register_info_agree_with_gdbs_numbering(target, smp):
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
    check_register_info(g, regs)
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


# Each arch's flags register: the bits that keep the CPU in the kernel's own
# mode (a write from gdb must leave them alone, or the return from the
# debugger would take the kernel down), and a harmless bit gdb may change.
FLAGS = {
    "x86_64": ("eflags", 0x00023000, 0x00040000),   # VM, IOPL; AC
    "i386": ("eflags", 0x00023000, 0x00040000),
    "arm": ("cpsr", 0x0000001f, 0x10000000),        # the mode; V
    "aarch64": ("cpsr", 0x0000001f, 0x10000000),    # M[4:0] (EL, SP); V
    "mips": ("status", 0x0040001e, 0x00001000),     # BEV, KSU, ERL, EXL; IM4
    "mipsel": ("status", 0x0040001e, 0x00001000),
    "powerpc": ("msr", 0x00025030, 0x00002000),     # CE, PR, ME, IS, DS; FP
    "riscv64": ("sstatus", 0x00000102, 0x00040000),  # SPP, SIE; SUM
}


def flags_value(g, name):
    return int(re.search(r"= (0x[0-9a-f]+)", g.cmd(f"p/x ${name}")).group(1), 16) & 0xffffffff


def test_flags_register_keeps_the_kernel_mode(target, arch):
    """gdb may write the flags register, but not the bits that would leave
    the kernel's mode: the kernel runs on after a write that tried."""
    name, kept, free = FLAGS[arch]
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    old = flags_value(g, name)
    g.cmd(f"set ${name} = {old ^ kept ^ free:#x}")
    g.cmd("flushregs")
    new = flags_value(g, name)
    assert new & kept == old & kept, (hex(old), hex(new))
    assert new & free != old & free, (hex(old), hex(new))
    g.cmd(f"set ${name} = {old:#x}")
    g.cmd("flushregs")
    assert flags_value(g, name) == old
    g.cmd(f"set ${name} = {old ^ kept:#x}")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    assert re.search(r"up \d+\.\d+ s", m.run("uptime"))



# Registers the CPU keeps outside the trap frame, which the port saves as a
# CPU stops and puts back as it resumes (cpu.enter/leave), and which the
# kernel never touches: what gdb writes is what the next stop reads from
# the CPU again. (gdb command that prints it, value written, as printed.)
CPU_STATE = {
    "mips": [("p $f2", "2.5", "2.5"), ("p/x $fcsr", "0x3", "0x3")],   # fcsr: rounding
    "mipsel": [("p $f2", "2.5", "2.5"), ("p/x $fcsr", "0x3", "0x3")],
    "powerpc": [("p/x $acc", "0x123456789abcdef", "0x123456789abcdef")],   # SPE
}


def test_cpu_state_written_by_gdb_survives_a_step(target, arch):
    if arch not in CPU_STATE:
        pytest.skip("no register of the CPU's own state outside the trap frame")
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    old = {}
    for show, value, _ in CPU_STATE[arch]:
        reg = show.split()[-1]
        old[reg] = g.cmd(show).split("= ")[-1].strip()
        g.cmd(f"set {reg} = {value}")
    g.cmd("stepi")
    g.cmd("flushregs")
    for show, _, printed in CPU_STATE[arch]:
        assert g.cmd(show).split("= ")[-1].strip() == printed, show
    for reg, value in old.items():
        g.cmd(f"set {reg} = {value}")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
