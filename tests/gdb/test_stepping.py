# SPDX-License-Identifier: MIT
"""Stepping, the same on every arch: x86 with its trap flag, ARM and MIPS
with the core's software step (kernel/debug/debug_softstep.c and the
arch's next-PC decoder, arch/*/lib/next_pc.c). A step moves the PC by
exactly what the instruction does, never into an interrupt handler, and
leaves no planted word behind."""
import re
import subprocess
import time

import pytest

from lib.rsp import frame
from machine import ARCHES, GDB_STEPS_ITSELF, PROMPT, kernel_path
from target import resume_to_shell
from test_protocol_errors import Raw

# Code a step must never land in: the timer interrupt taken in the middle.
INTERRUPT_CODE = (r"x86_entry|x86_handle_interrupt|lapic_timer|arm_do_irq|gic_|mips_do_irq|"
                  r"mips_entry|riscv_do_trap|riscv_trap_entry|riscv_timer|plic_|scheduler_tick")
# The flags register bit that says interrupts are on: x86's IF, ARM's
# CPSR.I (set: masked), MIPS Status.IE, PowerPC's MSR[EE], RISC-V's
# sstatus.SPIE (the trapped context's SIE).
INTERRUPTS_ON = {"x86_64": ("eflags", 0x200, True), "i386": ("eflags", 0x200, True),
                 "arm": ("cpsr", 0x80, False), "aarch64": ("cpsr", 0x80, False),
                 "mips": ("status", 0x1, True), "mipsel": ("status", 0x1, True),
                 "powerpc": ("msr", 0x8000, True), "riscv64": ("sstatus", 0x20, True)}


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


def stepi_follows_the_code(g, steps):
    """Each stepi lands where gdb's disassembly says the next instruction
    is, unless the instruction is a branch or call, and never in an
    interrupt handler."""
    for _ in range(steps):
        here = pc(g)
        insn = g.cmd("x/2i $pc")
        out = g.cmd("stepi")
        frame = g.cmd("frame")
        assert not re.search(INTERRUPT_CODE, frame), (insn, out, frame)
        after = pc(g)
        assert after != here, insn
        nxt = re.findall(r"^\s*(?:=> )?(0x[0-9a-f]+)", insn, re.M)
        # Anything that may not go on in sequence, by its mnemonic's start
        # (over-matching only skips a check): calls, jumps, branches
        # (b, bl, bnez, bdnz, blr...), returns, pops into the PC.
        mnem = re.search(r">:\s+(\S+)", insn.splitlines()[0])
        if len(nxt) == 2 and mnem and not re.match(
                r"(call|jmp|j|b|ret|iret|eret|deret|rfi|loop|pop|ldm)", mnem.group(1)):
            assert after == int(nxt[1], 16), (insn, hex(after))


def test_stepi_follows_the_code(attached, arch):
    m, g = attached
    stop_in_uptime(m, g)
    text_before = g.cmd("x/64xb cmd_uptime")
    # Off the instruction that carries the breakpoint: it stays planted
    # for the next call.
    stepi_follows_the_code(g, 1)
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)
    m.write("uptime\n")
    assert g.wait_stop().func == "cmd_uptime"
    stepi_follows_the_code(g, 25)
    g.cmd("delete")
    # The breakpoint gdb had and the step's planted words are all gone.
    assert g.cmd("x/64xb cmd_uptime") == text_before
    # Interrupts are on again once stepping is over (the step masks them).
    name, mask, when_set = INTERRUPTS_ON[arch]
    flags = int(re.search(r"= (0x[0-9a-f]+)", g.cmd(f"p/x ${name}")).group(1), 16)
    assert bool(flags & mask) == when_set, hex(flags)
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


def disassembly(arch):
    """{address: [mnemonic, operands]} of the kernel, with each
    instruction's length (RISC-V mixes 2- and 4-byte ones)."""
    objdump = ARCHES[arch]["cross"] + "objdump"
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", kernel_path(arch)],
                         capture_output=True, text=True, check=True).stdout
    code = {int(a, 16): i.split() for a, i in re.findall(r"^\s*([0-9a-f]{8,16}):\t(.*)$", out, re.M)}
    addrs = sorted(code)
    return code, {a: b - a for a, b in zip(addrs, addrs[1:])}


def target_of(args):
    return int(args.split(",")[-1].split()[0], 16)


def check_mips_step(code, size, pc, new):
    """A branch or jump ends with its delay slot, never on it."""
    op, args = code[pc][0], (code[pc][1] if len(code[pc]) > 1 else "")
    if op == "break":
        # the compiled-in breakpoint is skipped, then one instruction runs
        assert new == pc + 8, (hex(pc), code[pc], hex(new))
    elif op in ("jr", "jalr") or op.startswith(("b", "j")):
        assert new != pc + 4, ("stopped in the delay slot of", hex(pc), code[pc])
        if op in ("j", "jal", "b", "bal"):
            assert new == target_of(args), (hex(pc), code[pc], hex(new))
        elif op not in ("jr", "jalr"):
            assert new in (target_of(args), pc + 8), (hex(pc), code[pc], hex(new))
        return True
    else:
        assert new == pc + 4, (hex(pc), code[pc], hex(new))
    return False


def check_riscv_step(code, size, pc, new):
    """Each instruction, 2 or 4 bytes, ends at the next or its target."""
    op, args = code[pc][0], (code[pc][1] if len(code[pc]) > 1 else "")
    if op == "ebreak":
        # the compiled-in breakpoint is skipped, then one instruction runs
        assert new == pc + 4 + size[pc + 4], (hex(pc), code[pc], hex(new))
    elif op in ("jr", "jalr", "ret"):
        return True
    elif op in ("j", "jal") or op.startswith("b"):
        taken = target_of(args)
        assert new == taken or (op.startswith("b") and new == pc + size[pc]), \
            (hex(pc), code[pc], hex(new))
        return True
    else:
        assert new == pc + size[pc], (hex(pc), code[pc], hex(new))
    return False


# gdb's register number of the PC, the byte order, how a step must end.
RAW_STEP = {"mips": (37, "big", check_mips_step), "mipsel": (37, "little", check_mips_step),
            "riscv64": (32, "little", check_riscv_step)}


def test_stub_steps_branches_with_their_delay_slots(target, arch):
    """gdb steps MIPS and RISC-V itself (GDB_STEPS_ITSELF), so the stub's
    own step, which other clients use, is driven here with raw 's' packets
    from the kgdbwait stop out through the returns and calls that follow:
    each step ends where the disassembly says, on MIPS a branch or jump
    together with its delay slot, never on the slot."""
    if arch not in GDB_STEPS_ITSELF:
        pytest.skip("gdb drives the stub's step itself (test_stepi_follows_the_code)")
    code, size = disassembly(arch)
    regnum, order, check = RAW_STEP[arch]
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    r = Raw(target.connect_line())
    regno = b"%x" % regnum

    def pc_of(reply):
        return int.from_bytes(bytes.fromhex(reply.decode()), order)

    pc = pc_of(r.ask(b"p" + regno))
    branches = 0
    for _ in range(60):
        reply = r.ask(b"s")
        assert reply.startswith(b"T05"), reply
        new = pc_of(r.ask(b"p" + regno))
        branches += check(code, size, pc, new)
        pc = new
    assert branches >= 3, branches
    r.send(frame(b"c"))
    r.close()
    m.expect(re.escape(PROMPT), timeout=30)


def test_roundup_and_step_leave_other_cpus_stopped(target):
    """The roundup holds every other CPU where it was, and a step (the
    stub's, or gdb's own with vCont;c:thread on MIPS) runs only the
    stepping CPU."""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    before = g.cpu_pcs()
    assert sorted(before) == ["0", "1", "2", "3"], before
    g.cmd("stepi")
    g.cmd("stepi")
    after = g.cpu_pcs()
    assert after["0"] != before["0"], "the master did not step"
    assert {c: pc for c, pc in after.items() if c != "0"} == \
        {c: pc for c, pc in before.items() if c != "0"}
    g.cont()


def rq_value(g, cpu, field):
    out = g.cmd(f"p/d cpu_rq[{cpu}].{field}")
    m = re.search(r"= (\d+)", out)
    assert m, out
    return int(m.group(1))


def frame_irq_on(g, arch):
    name, mask, when_set = INTERRUPTS_ON[arch]
    flags = int(re.search(r"= (0x[0-9a-f]+)", g.cmd(f"p/x ${name}")).group(1), 16)
    return bool(flags & mask) == when_set


def stepi_keeps_its_thread(g, arch, thread):
    """stepi gdb's thread @thread on CPU 1, whose time slice is used up and
    whose timer tick comes while it is stopped (the stop lasts longer than
    a tick): the step ends in that thread, without taking the tick, and
    the frame's interrupt enable is what it was."""
    here = pc(g)
    g.cmd("set var cpu_rq[1].slice = 1000")
    ticks, irq_on = rq_value(g, 1, "ticks"), frame_irq_on(g, arch)
    time.sleep(0.3)
    g.pending_stops = []
    g.cmd("stepi")
    stepped = g.wait_stop(timeout=60)
    assert stepped.thread == thread, (stepped, thread)
    assert pc(g) != here
    assert rq_value(g, 1, "ticks") == ticks, "the step took the tick"
    assert frame_irq_on(g, arch) == irq_on


@pytest.mark.kgdboc_only
def test_step_over_keeps_its_thread(target, arch):
    """CPU 1 runs two threads, each into a breakpoint at once (the spinner
    into bench_tick, counter/1 into bench_count). gdb steps one of them,
    its tick pending and the other's turn due (stepi_keeps_its_thread):
    off the breakpoint CPU 1 stopped at, and, with scheduler-locking, from
    where the roundup held it. Where gdb steps itself (GDB_STEPS_ITSELF)
    each is a vCont;c:thread that runs CPU 1 alone; elsewhere the stub's
    step. Taking the tick, CPU 1 switched threads, and the other thread's
    stop ended gdb's step: gdb 13 died on an internal error
    (`finish_step_over: Assertion ... trap_expected failed`). The
    master's tick is pending as it steps where its nap leaves the tick's
    deadline as it was (riscv64, ARM; MIPS's sets Compare a period ahead),
    a held CPU's on every arch."""
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("set debug remote 1")     # the packets, in the kept log of a failure
    resume_to_shell(m, g)
    m.write("spin all\n")
    m.expect("spin all:", timeout=30)
    m.write("spin\n")
    m.expect("spin: a thread calls bench_tick\\(\\) on CPU 1", timeout=30)
    g.interrupt()
    g.wait_stop()
    g.cmd("break bench_tick")
    g.cmd("break bench_count")
    for _ in range(3):
        g.cmd("disable 2")
        g.cont()
        stop = g.wait_stop(timeout=60)
        assert stop.func == "bench_tick", stop
        g.cmd("enable 2")
        stepi_keeps_its_thread(g, arch, stop.thread)
    g.cmd("set scheduler-locking step")
    bps = {int(a, 16) for a in re.findall(r"^\d+\s+breakpoint\s+keep\s+[yn]\s+(0x[0-9a-f]+)",
                                          g.cmd("info breakpoints"), re.M)}
    held = 0
    for _ in range(20):
        g.cmd("disable")
        g.cont()
        time.sleep(0.05)
        g.interrupt()
        g.wait_stop()
        cpu1 = re.search(r"^\s+(\d+)\s+Thread \d+ \((?:spinner|counter/1), pid \d+, on CPU1\)",
                         g.cmd("info threads"), re.M)
        if not cpu1:
            continue
        g.cmd(f"thread {cpu1.group(1)}")
        # gdb steps a thread off a breakpoint only where it saw it stop.
        if pc(g) in bps:
            continue
        g.cmd("enable")
        stepi_keeps_its_thread(g, arch, cpu1.group(1))
        held += 1
        if held == 3:
            break
    assert held == 3
    g.cmd("delete")
    g.cont()
