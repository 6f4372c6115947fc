# SPDX-License-Identifier: MIT
"""The roundup and the hold, on every arch, seen from gdb: a breakpoint
that every CPU's timer interrupt runs into, held CPUs that sleep while
the master talks to gdb (and stay put when stray NMIs wake them), and a
CPU spinning with interrupts off, which the NMI rounds up (MIPS has no
NMI: the debugger gives up on that CPU and stops the others)."""
import re
import time

import pytest

from machine import GDB_STEPS_ITSELF, MASTER_SPINS, NO_HW_DEBUG, NO_NMI
from target import resume_to_shell

# What a timer interrupt's backtrace holds: the arch's tick handlers, then
# the interrupt entry's frame, then the interrupted code.
TIMER_FRAMES = {
    "x86_64": ("lapic_timer_interrupt", "x86_handle_interrupt"),
    "i386": ("lapic_timer_interrupt", "x86_handle_interrupt"),
    "arm": ("timer_interrupt", "gic_do_irq"),
    "aarch64": ("timer_interrupt", "gic_do_irq"),
    "mips": ("timer_interrupt", "mips_do_irq"),
    "mipsel": ("timer_interrupt", "mips_do_irq"),
    "powerpc": ("ppc_do_timer",),
    "riscv64": ("riscv_timer_interrupt", "riscv_do_trap"),
}
IRQ_ENTRY = {arch: r"<signal handler called>"
             for arch in ("x86_64", "i386", "arm", "aarch64", "mips", "mipsel", "riscv64")}
IRQ_ENTRY["powerpc"] = r"in ppc_entry \(\)"
# How many of 4 CPUs must be seen stopping there, in how many stops. QEMU
# runs PowerPC's vCPUs round-robin on one thread, and the master goes first
# after a continue with its late tick pending (docs/powerpc.md): that one
# CPU stops nearly every time. Elsewhere which CPUs get there first
# depends on the host's scheduling of the vCPU threads.
TIMER_CPUS = {"x86_64": (3, 40), "i386": (3, 40), "powerpc": (1, 10)}

# Held CPUs sleep until the master kicks them: how to see it. Where every
# vCPU has a host thread, by the host CPU time they use; PowerPC's share
# one thread, so by MSR[WE] (doze) in QEMU's monitor. MIPS held CPUs nap
# on their own timer and look for their release in between (docs/mips.md).
MSR_WE = 0x00040000


def sleeping_cpus(m, arch):
    """The CPUs that sleep, as a sorted list of CPU numbers. A PowerPC CPU
    sleeps if it dozes in most of 10 looks over a second: a napping master
    is awake for a moment between naps, and its naps are short for the
    first milliseconds of a silence."""
    if arch == "powerpc":
        dozes = {}
        for _ in range(10):
            time.sleep(0.1)
            regs = m.monitor("info registers -a").replace("\r", "")
            for cpu, msr in re.findall(r"CPU#(\d+)\nMSR ([0-9a-f]+)", regs):
                dozes[cpu] = dozes.get(cpu, 0) + bool(int(msr, 16) & MSR_WE)
        return sorted(cpu for cpu, n in dozes.items() if n > 5)
    busy = m.busy_vcpus()
    return [str(cpu) for cpu in range(m.cpus) if str(cpu) not in busy]


def spinning_cpus(m, cpus, looks=3):
    """Those of @cpus that spin: busy in any of @looks one-second looks. A
    host busy with other machines can give a spinning vCPU less than a
    look's share for a second (three of them on a 2-core host beside
    make check's other workers); a sleeping one uses none in any look."""
    busy = set()
    for _ in range(looks):
        busy |= set(m.busy_vcpus())
        if set(cpus) <= busy:
            break
    return [c for c in cpus if c in busy]


def sleepers(arch, held, master):
    """Who should sleep while gdb is silent: the @held CPUs, and the
    @master too unless it polls without sleeping (master_spins)."""
    return sorted(held + ([] if arch in MASTER_SPINS else [master]))


# Stray NMIs gdb raises on the held CPUs, as writes by the master: x86's
# LAPIC ICR (NMI, all but self; QEMU's monitor `nmi` only reaches the boot
# CPU), the GIC's GICD_SGIR (SGI 15, group 0: the FIQ, to all but self),
# the e500 MPIC's MSIIR (MSI n, CPU n's critical interrupt).
STRAY_NMIS = {
    "x86_64": [(0xfee00300, 0xc4400)],
    "i386": [(0xfee00300, 0xc4400)],
    "arm": [(0x08000f00, 1 << 24 | 15)],
    "aarch64": [(0x08000f00, 1 << 24 | 15)],
    "powerpc": [(0xe0041740, cpu << 29) for cpu in (1, 2, 3)],
}
# Where a stray NMI keeps a held CPU awake until its release: an ARM CPU
# held by the roundup waits inside its FIQ handler with FIQs masked, so
# the stray SGI stays pending and ends every wfi at once (it is taken, and
# absorbed, once the CPU is released). It spins; it does not move.
STRAY_NMI_KEEPS_AWAKE = {"arm", "aarch64"}


def held_cpu_registers(g, held):
    """`info registers` of the @held CPUs' shadow threads (on x86 their
    segment selectors and bases too: which CPU each frame belongs to)."""
    threads = g.cmd("info threads")
    out = ""
    for cpu in held:
        gid = re.search(rf"^\*?\s+(\d+)\s+Thread 100000{cpu} \(CPU{cpu}\)", threads, re.M)
        out += g.cmd(f"thread apply {gid.group(1)} -q info registers")
    return out


def gdb_timer_ticks(g, ncpus):
    """Each CPU's timer ticks, read by gdb: the console can fall silent
    after much traffic on the debug line (a QEMU 7.2 bug, docs/bench.md)."""
    out = g.cmd("p timer_ticks")
    return [int(n) for n in re.search(r"\{([\d, ]+)", out).group(1).split(",")][:ncpus]


def check_every_cpu_ticks(g, ncpus):
    """Run the kernel a second at a time until every CPU's timer has
    ticked (a loaded host can leave a vCPU without a tick for a second):
    none stayed asleep or held. Leaves the kernel stopped."""
    before = gdb_timer_ticks(g, ncpus)
    for _ in range(10):
        g.cont()
        time.sleep(1)
        g.interrupt()
        g.wait_stop()
        after = gdb_timer_ticks(g, ncpus)
        if all(a > b for a, b in zip(after, before)):
            return
    assert False, (before, after)


def test_breakpoint_in_timer_interrupt_on_several_cpus(target, arch):
    """scheduler_tick() runs in every CPU's timer interrupt, often on
    several at once; each stop's backtrace goes through the interrupt
    entry into the interrupted code. Where the stub steps, gdb steps each
    CPU off the breakpoint with vCont;s while the others stay held (with a
    temporary breakpoint and vCont;c:thread instead, another CPU ran into
    it and gdb 13 died on an internal error). After the last continue
    every CPU's timer ticks go on."""
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    ncpus = m.cpus
    g.cmd("set debug remote 1")
    g.cmd("break scheduler_tick")

    def check_bt(bt):
        frames = "\n".join(line for line in bt.splitlines() if line.startswith("#"))
        for frame in TIMER_FRAMES[arch]:
            assert frame in frames, frames
        assert re.search(IRQ_ENTRY[arch] + r".*\n#\d+ +(0x[0-9a-f]+ in )?\w+ \(", frames), frames
    least, tries = TIMER_CPUS.get(arch, (2, 80))
    cpus = g.cpus_stopping_at("scheduler_tick", ncpus, check_bt, tries=tries)
    assert len(cpus) >= min(least, ncpus), cpus
    if arch not in GDB_STEPS_ITSELF:
        assert not any("vCont;c:" in line for line in g.log), "gdb stepped with breakpoints"
    g.cmd("delete")
    check_every_cpu_ticks(g, ncpus)
    g.cont()


def test_held_cpus_sleep_and_survive_stray_nmis(target, arch):
    """Held CPUs sleep instead of spinning, at kgdbwait and after a
    break-in, and so does the master while gdb is silent, where it can
    (master_spins). Stray NMIs wake them (for a moment, or on ARM until the
    release) but do not move them: their PCs, backtraces and registers
    stay, and after the next break-in they sleep again. After `continue` every CPU is
    kicked awake and its timer ticks go on."""
    if arch in NO_NMI:
        pytest.skip(f"{arch}: no NMI, so no stray one to send (tools/arches.py)")
    m = target.boot(smp=4)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    held = [str(cpu) for cpu in range(1, m.cpus)]
    assert sleeping_cpus(m, arch) == sleepers(arch, held, "0")
    before = g.cpu_pcs()
    bt_before = g.cmd("thread apply all -q bt 3")
    regs_before = held_cpu_registers(g, held)
    # More stray NMIs than kgdb.c remembers frames per CPU; on x86_64 they
    # nest on the other NMI stack.
    for _ in range(6):
        for addr, value in STRAY_NMIS[arch]:
            g.cmd(f"set {{unsigned int}}{addr:#x} = {value:#x}")
        time.sleep(0.05)
    # The master's naps are not measured here: on ARM the woken CPUs spin.
    if arch in STRAY_NMI_KEEPS_AWAKE:
        assert spinning_cpus(m, held) == held
    else:
        assert [c for c in sleeping_cpus(m, arch) if c in held] == held
    assert g.cpu_pcs() == before
    assert g.cmd("thread apply all -q bt 3") == bt_before
    assert held_cpu_registers(g, held) == regs_before
    resume_to_shell(m, g)
    g.interrupt()
    g.wait_stop()
    master = re.search(r"^\*.*on CPU(\d+)", g.cmd("info threads"), re.M).group(1)
    assert sleeping_cpus(m, arch) == sleepers(arch, [c for c in held + ["0"] if c != master],
                                              master)
    check_every_cpu_ticks(g, m.cpus)
    g.cont()


def test_a_stopped_kernel_sleeps_while_gdb_is_silent(target, arch):
    """While gdb says nothing, a stopped kernel leaves the host alone: the
    held CPUs sleep and the master naps between polls of its transport
    (kgdb_arch.idle), after a burst of traffic as at kgdbwait. A nap ends
    in time for what comes next, and after `continue` every CPU's timer
    ticks go on (the nap's timer is not the tick's, or it is set back)."""
    if arch in MASTER_SPINS:
        pytest.skip(f"{arch}: the master polls without sleeping (tools/arches.py)")
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    assert sleeping_cpus(m, arch) == ["0", "1"]
    for _ in range(3):
        assert re.search(r"0x[0-9a-f]+", g.cmd("x/256xw $sp"))
    assert sleeping_cpus(m, arch) == ["0", "1"]
    check_every_cpu_ticks(g, m.cpus)
    g.cont()


def test_hard_lockup_cpu_is_rounded_up(target, arch):
    """A CPU spinning with interrupts off (`crash hardlockup`, on the last
    CPU) still answers the roundup where the arch has an NMI: each
    break-in shows it where the lockup spins, held, not running. On MIPS
    the break-in still stops the other CPU after the roundup's timeout;
    the locked CPU and its task, which run, are left out of the thread
    list (gdb's `info threads` and `thread apply all bt` work), and
    `monitor cpus` says it did not stop."""
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    resume_to_shell(m, g)
    m.write("crash hardlockup\n")
    m.expect(r"crash: hard lockup on CPU 1 \(interrupts off\)")
    for _ in range(3):
        time.sleep(0.3)
        g.interrupt()
        g.wait_stop()
        threads = g.cmd("info threads")
        if arch in NO_NMI:
            assert "(CPU0)" in threads and "(CPU1)" not in threads, threads
            assert "lockup" not in threads, threads
            assert "kgdb_break_signo" in g.cmd("thread apply all bt"), threads
            cpus = g.monitor("cpus")
            assert cpus.count("kgdb: not stopped") == 1, cpus
        else:
            assert re.search(r"\(CPU1\)\s.*(lockup_thread|cpu_relax)", threads), threads
            assert "running" not in threads, threads
        g.cont()


def test_back_to_back_roundups_reach_a_hard_locked_cpu(target, arch):
    """Stops that come one right after the other each round up a CPU
    spinning with interrupts off, the second reaching it on its way out of
    the first hold. The way in is a watchpoint the watchdog thread (on the
    other CPU) triggers once it sees the lockup: every watchdog period
    writes stuck[0] (a stop gdb resumes at once, the value being
    unchanged), then stuck[1]. Each stop must show the locked CPU where
    the lockup spins, not in the debugger's own code."""
    if arch in NO_HW_DEBUG or arch in NO_NMI:
        pytest.skip("needs a hardware watchpoint and an NMI")
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    out = g.cmd("watch *(unsigned long long *)watchdog_thread::stuck")
    assert "Hardware watchpoint" in out, out
    resume_to_shell(m, g)
    m.write("crash hardlockup\n")
    for _ in range(4):
        stop = g.wait_stop(60)
        assert stop.reason == "watchpoint-trigger" and stop.func == "watchdog_thread", stop
        threads = g.cmd("info threads")
        assert re.search(r"\(CPU1\)\s.*(lockup_thread|cpu_relax)", threads), threads
        g.cont()
    g.interrupt()
    g.wait_stop()
    g.cmd("delete")
