# SPDX-License-Identifier: MIT
"""Breakpoint conditions and dprintf evaluated in the kernel (gdb's agent
expressions), the same on every arch and transport: a false hit runs on
without a word on the line, a true one stops exactly where gdb's own
evaluation would, several CPUs hit one conditional breakpoint together
without a missed true hit or a spurious stop, and dprintf prints without
stopping, to gdb and to the kernel log, on after gdb detaches."""
import re
import time

import pytest

from machine import NO_HW_DEBUG, STEPS_OVER_HITS, VCPUS_ROUND_ROBIN
from target import resume_to_shell

# The register that holds a function's first argument at its first line,
# as gdb names it; i386 passes it on the stack, above the saved frame pointer.
FIRST_ARG = {"x86_64": "$rdi", "i386": "*(unsigned long *)($ebp + 8)", "arm": "$r0",
             "aarch64": "$x0", "mips": "$a0", "mipsel": "$a0", "powerpc": "$r3",
             "riscv64": "$a0"}


def every(arch, n):
    """A condition's period: @n false hits per true one, fewer where each
    false hit holds the other CPUs while it is stepped over, and fewer
    still where that waits for QEMU's turn of the vCPUs (tools/arches.py),
    so that a test keeps to seconds."""
    if arch in VCPUS_ROUND_ROBIN:
        return max(2, n // 10)
    return max(2, n // 4) if arch in STEPS_OVER_HITS else n


def value(g, expr):
    out = g.cmd(f"p/d {expr}")
    m = re.search(r"= (-?\d+)", out)
    assert m, out
    return int(m.group(1))


def stops_at(g, func, n, expr):
    """Continue @n times, each stopping at @func; @expr's value at each stop."""
    seen = []
    for _ in range(n):
        g.cont()
        stop = g.wait_stop(timeout=60)
        assert stop.func == func, stop
        seen.append(value(g, expr))
    return seen


def assert_every(seen, period):
    """Each value a multiple of @period, each the one after the last: no
    hit whose condition held was run past."""
    assert all(v % period == 0 for v in seen), seen
    assert all(b - a == period for a, b in zip(seen, seen[1:])), seen


def monitor_row(g, num=1):
    """`monitor bpstat`' row for gdb's breakpoint @num."""
    info = g.cmd("info breakpoints")
    addr = int(re.search(rf"^{num}\s+\S+\s+keep\s+y\s+(0x[0-9a-f]+)", info, re.M).group(1), 16)
    out = g.monitor("bpstat")
    m = re.search(rf"^0x0*{addr:x}\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", out, re.M)
    assert m, out
    return dict(zip(("conds", "cmds", "hits", "false", "missed", "errors"),
                    map(int, m.groups())))


def test_conditions_in_the_kernel(attached_smp, arch):
    """A counter's condition stops at exactly its multiples, with gdb
    saying it is the target's to evaluate; a changed condition applies at
    once; two at one address are OR'ed; one gdb cannot compile, and a hardware breakpoint's, are gdb's
    own to evaluate; malformed bytecode from a client gets an error and
    installs nothing."""
    m, g = attached_smp
    p1, p2, p3 = (every(arch, n) for n in (100, 30, 40))
    out = g.cmd(f"break bench_tick if bench_ticks % {p1} == 0")
    assert "Breakpoint 1" in out, out
    resume_to_shell(m, g)
    m.write("spin\n")
    stop = g.wait_stop(timeout=60)
    assert stop.func == "bench_tick", stop
    # gdb compiles a condition for the target as it inserts the breakpoint.
    info = g.cmd("info breakpoints")
    assert f"stop only if bench_ticks % {p1} == 0 (target evals)" in info, info
    seen = [value(g, "bench_ticks")] + stops_at(g, "bench_tick", 3, "bench_ticks")
    assert_every(seen, p1)
    row = monitor_row(g)
    assert row["conds"] == 1 and row["false"] >= 3 * (p1 - 1) and row["errors"] == 0, row

    g.cmd(f"condition 1 bench_ticks % {p2} == 0")
    seen = stops_at(g, "bench_tick", 3, "bench_ticks")
    assert_every(seen, p2)

    # Two breakpoints at one address: gdb sends both conditions, OR'ed.
    g.cmd(f"break bench_tick if bench_ticks % {p2} == 1")
    seen = stops_at(g, "bench_tick", 4, "bench_ticks")
    assert [v % p2 for v in seen] in ([1, 0, 1, 0], [0, 1, 0, 1]), seen
    assert all(b - a in (1, p2 - 1) for a, b in zip(seen, seen[1:])), seen
    g.cmd("delete 2")

    # $_streq is gdb's own function: no bytecode for it, gdb evaluates.
    g.cmd(f'condition 1 $_streq("kgdb", "kgdb") && bench_ticks % {p3} == 0')
    seen = stops_at(g, "bench_tick", 2, "bench_ticks")
    assert_every(seen, p3)
    info = g.cmd("info breakpoints")
    assert "(host evals)" in info, info
    g.cmd("delete")

    if arch not in NO_HW_DEBUG:
        # A hardware breakpoint stops at every hit: gdb evaluates its condition.
        p4 = every(arch, 5)
        g.cmd(f"hbreak bench_tick if bench_ticks % {p4} == 0")
        assert_every(stops_at(g, "bench_tick", 2, "bench_ticks"), p4)
        g.cmd("delete")

    addr = value(g, "(unsigned long)cmd_uptime")
    bad = ["X1,27",              # end with nothing on the stack
           "X2,ff27",            # no such opcode
           "X4,20000527",        # a jump past the end
           "X2,2227",            # const8 whose operand is the end, then nothing
           "X4,22012",           # odd digits
           "X10,2201"]           # shorter than it says
    for body in bad:
        out = g.cmd(f"maint packet Z0,{addr:x},{1 if arch in ('x86_64', 'i386') else 4};{body}")
        assert re.search(r'received: "E[0-9a-f]{2}"', out), (body, out)
    assert f"{addr:x}" not in g.monitor("bpstat")


@pytest.mark.kgdboc_only
def test_cpus_hit_one_conditional_breakpoint_together(target, arch):
    """Every CPU calls bench_count() on its own counter, and a condition
    on the counter stops each at exactly its multiples for seconds: no hit
    with a true condition is missed while another CPU steps over, none
    with a false one stops. A condition on a register (the first
    argument) picks one CPU's counter. 4 CPUs; 2 where QEMU runs the
    vCPUs in turn, where the master also runs first after a continue and
    stops nearly every time (docs/powerpc.md)."""
    ncpus, seen_cpus = (2, 1) if arch in VCPUS_ROUND_ROBIN else (4, 2)
    last = ncpus - 1
    m = target.boot(smp=ncpus)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    resume_to_shell(m, g)
    m.write("spin all\n")
    m.expect("spin all:", timeout=30)
    g.interrupt()
    g.wait_stop()
    p1, p2 = every(arch, 20), every(arch, 50)
    g.cmd(f"break bench_count if {FIRST_ARG[arch]} == (unsigned long)&spin_counts[{last}] "
          f"&& *count % {p1} == 0")
    seen = stops_at(g, "bench_count", 3, f"spin_counts[{last}]")
    assert_every(seen, p1)
    assert value(g, "count - spin_counts") == last
    g.cmd("delete")

    g.cmd(f"break bench_count if *count % {p2} == 0")
    per_cpu = {}
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline or len(per_cpu) < seen_cpus:
        assert time.monotonic() < deadline + 60, per_cpu
        g.cont()
        stop = g.wait_stop(timeout=60)
        assert stop.func == "bench_count", stop
        per_cpu.setdefault(value(g, "count - spin_counts"), []).append(value(g, "*count"))
        # A CPU the roundup caught in an out-of-line slot shows where it is in the code.
        threads = g.cmd("info threads")
        assert "kgdb_xol_area" not in threads, threads
    for cpu, seen in per_cpu.items():
        assert_every(seen, p2)
    row = monitor_row(g, 2)
    assert row["missed"] == 0 and row["errors"] == 0, row
    assert row["false"] >= (p2 - 1) * sum(map(len, per_cpu.values())) // 2, row


def test_breakpoint_the_debugger_runs_into(attached, arch):
    """A breakpoint on code a condition runs through (the fault-safe copy
    its memory reads take) is hit inside the debugger: never evaluated or
    stopped at, and it stays. Where hits run out of line it stays in
    memory and each such hit counts as missed; elsewhere it is out of
    memory while conditions run. The conditional breakpoint meanwhile
    stops at exactly its multiples."""
    m, g = attached
    period = every(arch, 50)
    g.cmd(f"break bench_tick if bench_ticks % {period} == 0")
    g.cmd("break *copy_from_kernel_nofault if bench_ticks == -1")
    resume_to_shell(m, g)
    m.write("spin\n")
    stop = g.wait_stop(timeout=60)
    assert stop.func == "bench_tick", stop
    seen = [value(g, "bench_ticks")] + stops_at(g, "bench_tick", 3, "bench_ticks")
    assert_every(seen, period)
    info = g.cmd("info breakpoints")
    assert "bench_ticks == -1 (target evals)" in info, info
    row = monitor_row(g, 2)
    assert row["hits"] == 0 and row["errors"] == 0, row
    if arch not in STEPS_OVER_HITS:
        assert row["missed"] >= 3 * (period - 1), row
    g.cmd("delete")


def test_ctrl_c_stops_hits_that_run_on(attached, arch):
    """With a breakpoint whose condition never holds hit at full rate,
    gdb's Ctrl-C still stops the kernel, with SIGINT, and the hits went on
    until then: out of line, the line's interrupt comes between two hits;
    stepped over, the line is looked at in each."""
    m, g = attached
    g.cmd("break bench_tick if bench_ticks == -1")
    resume_to_shell(m, g)
    m.write("spin\n")
    m.expect("spin:", timeout=30)
    time.sleep(2)
    g.interrupt()
    stop = g.wait_stop(timeout=30)
    assert stop.signal == "SIGINT", stop
    row = monitor_row(g)
    assert row["false"] >= every(arch, 100) and row["hits"] == 0, row
    g.cmd("delete")


def test_dprintf_in_the_kernel(attached, arch, transport):
    """`set dprintf-style agent`: the kernel prints each call's line
    without stopping, to gdb's console and the kernel log, only where the
    condition holds; a persistent dprintf prints on after gdb detaches.
    Its string comes from a structure through pointers: the task running
    on the spinner's CPU (the last of 2)."""
    m, g = attached
    period = every(arch, 50)
    # gdb takes its breakpoints out at each stop unless told to keep them
    # in: then at detach it leaves the persistent ones in the kernel.
    g.cmd("set breakpoint always-inserted on")
    g.cmd("set dprintf-style agent")
    g.cmd('dprintf bench_tick,"tick %lu of %s\\n",bench_ticks,&cpu_rq[1].curr->comm[0]')
    g.cmd(f"condition 1 bench_ticks % {period} == 0")
    resume_to_shell(m, g)
    m.write("spin\n")
    deadline = time.monotonic() + 60
    while len(re.findall(r"tick \d+ of spinner\n", g.output())) < 5:
        assert time.monotonic() < deadline, g.output()
        time.sleep(0.2)
    g.interrupt()
    g.wait_stop()
    seen = [int(n) for n in re.findall(r"tick (\d+) of spinner\n", g.output())]
    assert_every(seen, period)
    log = g.monitor("dmesg")
    assert f"tick {seen[0]} of spinner" in log, log
    row = monitor_row(g)
    assert row["cmds"] == 1 and row["hits"] >= len(seen), row

    g.cmd("detach")
    with m.lock:
        m.pos = len(m.out)
    after = []
    while len(after) < 2:
        # The console may still carry a line printed before the detach.
        v = int(m.expect(r"tick (\d+) of spinner", timeout=60).group(1))
        if v > seen[-1]:
            after.append(v)
    assert_every(after, period)
