# SPDX-License-Identifier: MIT
"""The x86 backend (arch/x86/kernel/kgdb*.c) seen from gdb: the full
register set and writes to it, setting the PC, device registers.
(Stepping, hardware slots and the roundup are tested on every arch that
has them: test_stepping.py, test_hw_debug.py, test_roundup.py.)"""
import re

import pytest

from target import resume_to_shell


@pytest.fixture(autouse=True)
def x86_only(arch):
    if arch not in ("x86_64", "i386"):
        pytest.skip("x86 backend")


def regs_of(arch):
    if arch == "x86_64":
        gprs = ["rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp"]
        gprs += [f"r{i}" for i in range(8, 16)] + ["rip"]
        extra = ["fs_base", "gs_base"]
        nxmm = 16
    else:
        gprs = ["eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "eip"]
        extra = []      # gdb 13 cannot take segment bases in a 32-bit description
        nxmm = 8
    return (gprs + ["eflags", "cs", "ss", "ds", "es", "fs", "gs"]
            + [f"st{i}" for i in range(8)]
            + ["fctrl", "fstat", "ftag", "fiseg", "fioff", "foseg", "fooff", "fop"]
            + [f"xmm{i}" for i in range(nxmm)] + ["mxcsr"] + extra)


def reg_value(g, name):
    out = g.cmd(f"p/x ${name}")
    m = re.search(r"= (0x[0-9a-f]+)", out)
    assert m, out
    return int(m.group(1), 16)


def test_every_register_served(arch, attached_smp):
    m, g = attached_smp
    assert ("i386:x86-64" if arch == "x86_64" else "i386") in g.cmd("show architecture")
    out = g.cmd("info all-registers")
    assert "unavailable" not in out, out
    for name in regs_of(arch):
        assert re.search(rf"^{name}\s+\S", out, re.M), (name, out)
    # Real values: the FPU's control word as the CPU has it, and the per-CPU
    # segment (%gs base on x86_64, the %fs selector on i386).
    assert reg_value(g, "fctrl") == 0x37f
    assert re.search(r"mxcsr\s+0x1f80", out), out
    if arch == "x86_64":
        assert reg_value(g, "gs_base") != 0
    else:
        assert reg_value(g, "fs") == 0x18
    assert reg_value(g, "cs") == 0x8
    # eflags decoded by gdb; bit 1 is always set on a real frame. (kgdbwait
    # stops with interrupts off, so IF is not expected here.)
    assert re.search(r"eflags\s+0x[0-9a-f]+\s+\[.*\]", out), out
    assert reg_value(g, "eflags") & 0x2


def test_register_writes_reach_the_cpu(arch, attached_smp):
    """Values written by gdb go through the trap frame (and fxrstor) into the
    CPU, and come back from it after a step."""
    m, g = attached_smp
    ax = "rax" if arch == "x86_64" else "eax"
    saved_ax = reg_value(g, ax)
    saved_xmm = g.cmd("p/x $xmm3.v4_int32")
    g.cmd(f"set ${ax} = 0x5a5a1234")
    g.cmd("set $xmm3.v4_int32[1] = 0x600dcafe")
    g.cmd("set $st0 = 1.5")
    g.cmd("set $eflags = $eflags | 1")
    g.cmd("flushregs")
    assert reg_value(g, "eflags") & 1
    pc = reg_value(g, "pc")
    g.cmd("stepi")
    assert reg_value(g, "pc") != pc
    # The stepped instruction does not touch xmm3 or st0.
    assert "0x600dcafe" in g.cmd("p/x $xmm3.v4_int32[1]")
    assert "1.5" in g.cmd("p $st0")
    g.cmd(f"set ${ax} = {saved_ax}")
    g.cmd(f"set $xmm3.v4_int32 = {saved_xmm.split('=', 1)[1].strip()}")
    resume_to_shell(m, g)


def test_set_pc_takes_effect(attached_smp):
    m, g = attached_smp
    g.cmd("break cmd_cpus")
    resume_to_shell(m, g)
    m.write("cpus\n")
    stop = g.wait_stop()
    assert stop.func == "cmd_cpus", stop
    # Same signature: resuming there prints the uptime instead.
    g.cmd("set $pc = cmd_uptime")
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)


LAPIC_VERSION = 0xfee00030


def test_device_registers_are_read_and_written_whole(attached_smp):
    """gdb's `x/wx` and `set {int}` on a device register that takes only
    32-bit accesses (the LAPIC's) read its value and write it: the stub's
    memory copies use the widest aligned unit, not bytes."""
    m, g = attached_smp
    out = g.cmd(f"x/wx {LAPIC_VERSION:#x}")
    version = int(out.split()[-1], 16)
    assert version & 0xff and (version >> 16) & 0xff, out    # version, max LVT
    tpr = 0xfee00080
    g.cmd(f"set {{unsigned int}}{tpr:#x} = 0x20")
    assert g.cmd(f"x/wx {tpr:#x}").split()[-1] == "0x00000020"
    g.cmd(f"set {{unsigned int}}{tpr:#x} = 0")
    assert g.cmd(f"x/wx {tpr:#x}").split()[-1] == "0x00000000"
    g.cont()
