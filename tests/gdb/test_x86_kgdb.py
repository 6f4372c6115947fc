# SPDX-License-Identifier: MIT
"""The x86 backend (arch/x86/kernel/kgdb*.c) seen from gdb: the full
register set and writes to it, single-step, software and hardware
breakpoints, watchpoints, SMP roundup and backtraces through interrupts."""
import re
import time

import pytest

from machine import PROMPT


@pytest.fixture(autouse=True)
def x86_only(arch):
    if arch not in ("x86_64", "i386"):
        pytest.skip("x86 backend")


@pytest.fixture(params=[1, 4], ids=["smp1", "smp4"])
def attached(target, request):
    """Booted with kgdbwait on 1 or 4 CPUs; gdb attached and stopped there."""
    m = target.boot(smp=request.param)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    return m, target.gdb()


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


def to_shell(m, g):
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)


def cont_until_stop(g, timeout=30):
    g.cont()
    return g.wait_stop(timeout)


def test_every_register_served(arch, attached):
    m, g = attached
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


def test_register_writes_reach_the_cpu(arch, attached):
    """Values written by gdb go through the trap frame (and fxrstor) into the
    CPU, and come back from it after a step."""
    m, g = attached
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
    to_shell(m, g)


def test_set_pc_takes_effect(attached):
    m, g = attached
    g.cmd("break cmd_cpus")
    to_shell(m, g)
    m.write("cpus\n")
    stop = g.wait_stop()
    assert stop.func == "cmd_cpus", stop
    # Same signature: resuming there prints the uptime instead.
    g.cmd("set $pc = cmd_uptime")
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)


def test_breakpoint_in_timer_interrupt_on_every_cpu(target):
    """scheduler_tick() runs in the timer interrupt of every CPU: each CPU
    hits it, and the backtrace goes through the interrupt entry frame into
    the interrupted code."""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("break scheduler_tick")

    def check_bt(bt):
        assert "lapic_timer_interrupt" in bt and "x86_handle_interrupt" in bt, bt
        assert re.search(r"<signal handler called>\n.*#\d+ .* in \w+", bt), bt
    cpus = g.cpus_stopping_at("scheduler_tick", 4, check_bt)
    assert len(cpus) >= 3, cpus
    g.cmd("delete")
    g.cont()


def test_stepi_never_lands_in_an_interrupt(attached):
    m, g = attached
    g.cmd("break cmd_uptime")
    to_shell(m, g)
    m.write("uptime\n")
    assert g.wait_stop().func == "cmd_uptime"
    # Step off the instruction that carries the breakpoint: the PC moves on,
    # and the breakpoint stays planted for the next call.
    start = reg_value(g, "pc")
    g.cmd("stepi")
    assert reg_value(g, "pc") != start
    assert "cmd_uptime" in g.cmd("frame")
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)
    m.write("uptime\n")
    assert g.wait_stop().func == "cmd_uptime"
    g.cmd("delete")
    for _ in range(25):
        out = g.cmd("stepi")
        frame = g.cmd("frame")
        assert not re.search(r"x86_entry|x86_handle_interrupt|lapic_timer|scheduler_tick",
                             frame), (out, frame)
    # Interrupts are enabled again once stepping is over.
    assert "IF" in g.cmd("p $eflags")
    g.cont()


def test_hardware_breakpoint(attached):
    m, g = attached
    out = g.cmd("hbreak cmd_uptime")
    assert "Hardware assisted breakpoint" in out, out
    to_shell(m, g)
    g.cmd("set debug remote 1")
    m.write("uptime\n")
    stop = g.wait_stop()
    assert stop.reason == "breakpoint-hit" and stop.func == "cmd_uptime", stop
    # The stop reply names the debug register hit, not a software breakpoint.
    assert any(re.search(r"Packet received: T05hwbreak:;", line) for line in g.log), stop
    g.cmd("delete")
    g.cont()
    m.expect(r"up \d+\.\d+ s", timeout=20)


WATCH_TYPES = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int",
               8: "unsigned long long"}


@pytest.mark.parametrize("size", [1, 2, 4, 8])
def test_write_watchpoint(arch, attached, size):
    m, g = attached
    out = g.cmd(f"watch *({WATCH_TYPES[size]} *)&jiffies")
    assert "Hardware watchpoint 1" in out, out
    stop = cont_until_stop(g)
    assert stop.reason == "watchpoint-trigger", stop
    old = re.search(r'old="(\d+)', stop.raw)
    new = re.search(r'new="(\d+)', stop.raw)
    assert old and new and int(new.group(1)) == (int(old.group(1)) + 1) % (1 << 8 * size), stop
    assert stop.func == "jiffies_tick", stop
    g.cmd("delete")
    g.cont()


def test_read_and_access_watchpoints(attached):
    m, g = attached
    out = g.cmd("rwatch kworker.period_ms")
    assert "Hardware read watchpoint 1" in out, out
    stop = cont_until_stop(g)
    assert stop.reason == "read-watchpoint-trigger", stop
    assert 'value="100"' in stop.raw and stop.func == "worker_thread", stop
    g.cmd("delete")
    out = g.cmd("awatch kworker.wakeups")
    assert "Hardware access (read/write) watchpoint 2" in out, out
    stop = cont_until_stop(g)
    assert stop.reason == "access-watchpoint-trigger", stop
    assert stop.func == "worker_thread", stop
    g.cmd("delete")
    g.cont()


def test_fifth_hardware_slot_is_refused(attached):
    m, g = attached
    for fn in ("cmd_uptime", "cmd_cpus", "cmd_ps", "cmd_dmesg", "cmd_sym"):
        g.cmd(f"hbreak {fn}")
    g.cmd("set debug remote 1")
    try:
        g.cmd("continue")
    except Exception as err:
        assert "hardware breakpoint" in str(err).lower(), err
    deadline = time.monotonic() + 10
    while not any("Could not insert hardware breakpoints" in line for line in g.log):
        assert time.monotonic() < deadline, "\n".join(g.log[-30:])
        time.sleep(0.1)
    # The target said why: ENOSPC.
    assert any("Packet received: E1c" in line for line in g.log), "\n".join(g.log[-30:])


LAPIC_ICR_LO = 0xfee00300
ICR_NMI_ALL_BUT_SELF = 0xc4400      # shorthand all-but-self, NMI, assert
LAPIC_VERSION = 0xfee00030


def test_device_registers_are_read_and_written_whole(attached):
    """gdb's `x/wx` and `set {int}` on a device register that takes only
    32-bit accesses (the LAPIC's) read its value and write it: the stub's
    memory copies use the widest aligned unit, not bytes."""
    m, g = attached
    out = g.cmd(f"x/wx {LAPIC_VERSION:#x}")
    version = int(out.split()[-1], 16)
    assert version & 0xff and (version >> 16) & 0xff, out    # version, max LVT
    tpr = 0xfee00080
    g.cmd(f"set {{unsigned int}}{tpr:#x} = 0x20")
    assert g.cmd(f"x/wx {tpr:#x}").split()[-1] == "0x00000020"
    g.cmd(f"set {{unsigned int}}{tpr:#x} = 0")
    assert g.cmd(f"x/wx {tpr:#x}").split()[-1] == "0x00000000"
    g.cont()


def held_cpu_registers(g):
    """`info registers` (general, segment selectors, on x86_64 the segment
    bases) of CPU 1 and CPU 3's shadow threads."""
    threads = g.cmd("info threads")
    out = ""
    for cpu in ("1", "3"):
        gid = re.search(rf"^\*?\s+(\d+)\s+Thread 100000{cpu} \(CPU{cpu}\)", threads, re.M)
        out += g.cmd(f"thread apply {gid.group(1)} -q info registers")
    return out


def test_held_cpus_sleep_and_survive_stray_nmis(target):
    """Held CPUs sleep in hlt instead of spinning: their vCPU threads use
    no host CPU time, while the master's (polling the line) does. Stray
    NMIs to the held CPUs wake them only for a moment: on x86_64 they nest on the other NMI stack, and the held
    CPUs' frames, and which CPU each belongs to (its selectors and segment
    bases), survive. After `continue` every
    CPU is kicked awake and runs: each one's timer ticks go on."""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    assert m.busy_vcpus() == ["0"]
    before = g.cpu_pcs()
    bt_before = g.cmd("thread apply all -q bt 3")
    regs_before = held_cpu_registers(g)
    assert re.search(r"^ds\s+0x[1-9a-f]", regs_before, re.M), regs_before
    # QEMU's monitor `nmi` goes down LINT1, which only the boot CPU takes;
    # so gdb makes the master's LAPIC send an NMI to every other CPU, more
    # times than kgdb.c remembers frames per CPU.
    for _ in range(6):
        g.cmd(f"set {{unsigned int}}{LAPIC_ICR_LO:#x} = {ICR_NMI_ALL_BUT_SELF:#x}")
        time.sleep(0.05)
    assert m.busy_vcpus() == ["0"]
    assert g.cpu_pcs() == before
    assert g.cmd("thread apply all -q bt 3") == bt_before
    assert held_cpu_registers(g) == regs_before
    to_shell(m, g)
    m.wait_every_cpu_ticks(4)


def test_hard_lockup_cpu_is_rounded_up(target):
    """A CPU spinning with interrupts off still answers the roundup NMI. The
    shell's CPU locks up, so the way in is a watchpoint that the watchdog
    thread (on the other CPU) triggers once it sees the lockup."""
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    out = g.cmd("watch *(unsigned long long *)watchdog_thread::stuck")
    assert "Hardware watchpoint" in out, out
    to_shell(m, g)
    m.write("crash hardlockup\n")
    # Every watchdog period writes stuck[0] (a stop gdb resumes at once, the
    # value being unchanged), then stuck[1]: the second roundup reaches the
    # locked CPU on its way out of the first hold. Each must show the CPU
    # where the lockup spins, not in the debugger's own code.
    for _ in range(4):
        stop = g.wait_stop(60)
        assert stop.reason == "watchpoint-trigger" and stop.func == "watchdog_thread", stop
        threads = g.cmd("info threads")
        assert re.search(r"\(CPU\d\)\s.*(lockup_thread|cpu_relax)", threads), threads
        g.cont()
    g.interrupt()
    g.wait_stop()
    g.cmd("delete")


