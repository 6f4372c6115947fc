# SPDX-License-Identifier: MIT
"""Stepping, the same on every arch: x86 with its trap flag, ARM with the
core's software step (kernel/debug/kgdb_step.c and the arch's next-PC decoder).
A step moves the PC by exactly what the instruction does, never into an
interrupt handler, and leaves no planted word behind."""
import re

from machine import PROMPT

# Code a step must never land in: the timer interrupt taken in the middle.
INTERRUPT_CODE = r"x86_entry|x86_handle_interrupt|lapic_timer|arm_do_irq|gic_|scheduler_tick"


def pc(g):
    out = g.cmd("p/x $pc")
    m = re.search(r"= (0x[0-9a-f]+)", out)
    assert m, out
    return int(m.group(1), 16)


def stop_in_uptime(m, g):
    g.cmd("break cmd_uptime")
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)
    m.write("uptime\n")
    assert g.wait_stop().func == "cmd_uptime"


def test_stepi_follows_the_code(attached):
    m, g = attached
    stop_in_uptime(m, g)
    text_before = g.cmd("x/64xb cmd_uptime")
    # Off the instruction that carries the breakpoint, then on: each stepi
    # lands where gdb's disassembly says the next instruction is, unless
    # the instruction is a branch or call.
    for _ in range(25):
        here = pc(g)
        insn = g.cmd("x/2i $pc")
        out = g.cmd("stepi")
        frame = g.cmd("frame")
        assert not re.search(INTERRUPT_CODE, frame), (insn, out, frame)
        after = pc(g)
        assert after != here, insn
        nxt = re.findall(r"^\s*(?:=> )?(0x[0-9a-f]+)", insn, re.M)
        if len(nxt) == 2 and not re.search(r"\b(call|jmp|j[a-z]+|b|bl|blx|bx|ret|pop|ldm|b[a-z]{2})\b",
                                           insn.splitlines()[0]):
            assert after == int(nxt[1], 16), (insn, hex(after))
    g.cmd("delete")
    # The breakpoint gdb had and the step's planted words are all gone.
    assert g.cmd("x/64xb cmd_uptime") == text_before
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)


def test_source_stepping(attached):
    m, g = attached
    stop_in_uptime(m, g)
    g.cmd("delete")
    # Line by line to the call (where the breakpoint sits after the
    # prologue depends on the compiler's scheduling for the arch).
    lines = []
    for _ in range(4):
        g.cmd("next")
        lines.append(int(re.search(r"cmd_uptime .* at kernel/shell_cmds.c:(\d+)",
                                   g.cmd("frame")).group(1)))
        if lines[-1] == 32:
            break
    assert lines[-1] == 32 and lines == sorted(lines), lines
    g.cmd("step")
    assert "pprintf" in g.cmd("frame")
    g.cmd("finish")
    assert re.search(r"cmd_uptime .* at kernel/shell_cmds.c:34", g.cmd("frame"))
    g.cmd("until")
    assert "shell_" in g.cmd("frame")
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)
