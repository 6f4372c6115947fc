# SPDX-License-Identifier: MIT
"""Tracepoints, the same on every arch and transport: a tracepoint's hits
collect registers, memory and trace state variables while the kernel
runs on, and gdb walks the frames afterwards (tfind, tdump) seeing what
the kernel had; conditions, pass counts, linear and circular buffers,
tracing on after gdb detaches, and several CPUs hitting one tracepoint
together with every frame accounted for."""
import re
import time

import pytest

from gdb import GdbError
from machine import STEPS_OVER_HITS, VCPUS_ROUND_ROBIN
from target import resume_to_shell


def value(g, expr):
    out = g.cmd(f"p/d {expr}")
    m = re.search(r"= (-?\d+)", out)
    assert m, out
    return int(m.group(1))


def trace(g, location, *actions, cond=None):
    """A tracepoint at @location collecting @actions; its number."""
    out = g.cmd(f"trace {location}" + (f" if {cond}" if cond else ""))
    num = int(re.search(r"Tracepoint (\d+)", out).group(1))
    g.mi(f"-break-commands {num} " + " ".join(f'"{a}"' for a in actions))
    return num


def run_spinner(m, g, seconds, what="spin"):
    """Let the kernel run @what for @seconds, then stop it (Ctrl-C)."""
    resume_to_shell(m, g)
    m.write(what + "\n")
    m.expect(what + ":", timeout=30)
    time.sleep(seconds)
    g.interrupt()
    g.wait_stop(timeout=30)


def status(g):
    """tstatus' figures: running, frames, created, and the whole text."""
    out = g.cmd("tstatus")
    both = re.search(r"Buffer contains (\d+) trace frames \(of (\d+) created total\)", out)
    frames = re.search(r"Collected (\d+) trace frames", out)
    n = int(both.group(1)) if both else int(frames.group(1)) if frames else 0
    return {"running": "Trace is running" in out, "frames": n,
            "created": int(both.group(2)) if both else n, "text": out}


def run_until(g, done):
    """tstatus' figures once done(them) holds, letting the kernel run a
    second at a time for up to a minute: where each hit waits for a timer
    tick or for QEMU's turn of the vCPUs, a trace fills in seconds."""
    st = status(g)
    deadline = time.monotonic() + 60
    while not done(st) and time.monotonic() < deadline:
        g.cont()
        time.sleep(1)
        g.interrupt()
        g.wait_stop(timeout=30)
        st = status(g)
    return st


def frame_values(g, n, expr):
    """@expr in trace frames 0..n-1 (tfind), then back to the live target."""
    seen = []
    for i in range(n):
        out = g.cmd(f"tfind {i}")
        assert f"Found trace frame {i}" in out, out
        seen.append(value(g, expr))
    g.cmd("tfind none")
    return seen


def test_trace_a_counter(attached_smp, arch):
    """A tracepoint at bench_tick collecting the counter, the registers and
    a trace state variable: the kernel runs on, every call is a frame, and
    gdb finds in each what the kernel had: the counter one more than in the
    frame before, the PC at bench_tick, the variable counted in the kernel."""
    m, g = attached_smp
    g.cmd("tvariable $calls = 0")
    num = trace(g, "bench_tick", "collect bench_ticks", "collect $regs",
                "teval $calls = $calls + 1")
    # Circular: every hit makes a frame, the oldest go.
    g.cmd("set circular-trace-buffer on")
    g.cmd("tstart")
    assert status(g)["running"]
    run_spinner(m, g, 1)
    run_until(g, lambda st: st["frames"] >= 10)
    g.cmd("tstop")
    st = status(g)
    assert not st["running"] and st["frames"] >= 10, st["text"]
    seen = frame_values(g, 10, "bench_ticks")
    assert all(b - a == 1 for a, b in zip(seen, seen[1:])), seen
    out = g.cmd("tfind 3")
    assert "Found trace frame 3, tracepoint %d" % num in out, out
    assert value(g, "$pc") == value(g, "(long)bench_tick"), g.cmd("info registers")
    dump = g.cmd("tdump")
    assert f"bench_ticks = {seen[3]}" in dump, dump
    # The variable counted every hit, frames dropped or not.
    g.cmd("tfind none")
    assert value(g, "$calls") == st["created"], st["text"]
    # tfind by pc, tracepoint and range walk forward from the frame selected.
    assert "Found trace frame 0" in g.cmd("tfind start")
    assert "Found trace frame 1" in g.cmd("tfind pc bench_tick")
    assert "Found trace frame 2" in g.cmd(f"tfind tracepoint {num}")
    assert "Found trace frame 3" in g.cmd("tfind range bench_tick, bench_tick + 1")
    with pytest.raises(GdbError, match="failed to find requested trace frame"):
        g.cmd("tfind outside bench_tick, bench_tick + 1")
    g.cmd("tfind none")
    # The live target again: the counter has moved on since.
    assert value(g, "bench_ticks") > seen[-1]


def test_trace_condition_and_passcount(attached, arch):
    """A tracepoint's condition is evaluated in the kernel: only the
    counter's multiples are collected; its pass count stops the trace
    after that many frames, and the kernel runs on."""
    m, g = attached
    period = 5 if arch in VCPUS_ROUND_ROBIN else 50
    num = trace(g, "bench_tick", "collect bench_ticks", cond=f"bench_ticks % {period} == 0")
    g.cmd(f"passcount 4 {num}")
    g.cmd("tstart")
    run_spinner(m, g, 2)
    st = run_until(g, lambda st: not st["running"])
    assert not st["running"] and st["frames"] == 4, st["text"]
    assert f"Trace stopped by tracepoint {num}" in st["text"], st["text"]
    seen = frame_values(g, 4, "bench_ticks")
    assert all(v % period == 0 for v in seen), seen
    assert all(b - a == period for a, b in zip(seen, seen[1:])), seen


def test_trace_buffer_linear_and_circular(attached, arch):
    """A small linear buffer fills up and stops the trace; a circular one of
    the same size keeps the newest frames, dropping the oldest."""
    m, g = attached
    trace(g, "bench_tick", "collect bench_ticks", "collect $regs")
    g.cmd("set trace-buffer-size 8192")
    g.cmd("tstart")
    run_spinner(m, g, 1)
    st = run_until(g, lambda st: not st["running"])
    assert not st["running"] and "buffer was full" in st["text"], st["text"]
    full = st["frames"]
    assert full > 2, st["text"]
    first = frame_values(g, 1, "bench_ticks")[0]

    g.cmd("set circular-trace-buffer on")
    g.cmd("tstart")
    st = run_until(g, lambda st: st["created"] > full)
    g.cmd("tstop")
    st = status(g)
    assert st["created"] > st["frames"] and st["frames"] <= full + 1, st["text"]
    seen = frame_values(g, 2, "bench_ticks")
    assert seen[0] > first and seen[1] == seen[0] + 1, (first, seen)


def test_trace_survives_detach(target, arch):
    """With disconnected tracing the trace runs on after gdb detaches, and
    the next gdb finds it running and its frames; without, detaching
    stops it."""
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    trace(g, "bench_tick", "collect bench_ticks")
    g.cmd("set disconnected-tracing on")
    g.cmd("set circular-trace-buffer on")     # not full by the time the next gdb looks
    g.cmd("tstart")
    resume_to_shell(m, g)
    m.write("spin\n")
    m.expect("spin:", timeout=30)
    g.interrupt()
    g.wait_stop(timeout=30)
    g.cmd("detach")
    g.close()
    time.sleep(1)

    g = target.gdb()
    st = status(g)
    assert st["running"], st["text"]
    out = g.cmd("info tracepoints")
    assert "bench_tick" in out, out
    g.cmd("tstop")
    st = status(g)
    assert st["frames"] > 0, st["text"]
    seen = frame_values(g, 2, "bench_ticks")
    assert seen[1] == seen[0] + 1, seen

    g.cmd("set disconnected-tracing off")
    g.cmd("tstart")
    g.cmd("detach")
    g.close()
    g = target.gdb()
    st = status(g)
    assert not st["running"] and "disconnect" in st["text"], st["text"]


@pytest.mark.kgdboc_only
def test_cpus_hit_one_tracepoint_together(target, arch):
    """Every CPU calls bench_count() on its own counter, all hitting one
    tracepoint: every frame's counter is the same CPU's frame before's plus
    the period, so no hit was lost or collected twice. The newest frames
    are read (a circular buffer): the oldest may all come from the first
    CPU to start spinning. Where a hit runs out of line (tens of thousands
    a second), the condition collects one hit in 64, so that the frames
    read span many of the host's turns of the vCPU threads: 200 frames in
    a row may otherwise all be one vCPU's few milliseconds."""
    # Where vCPUs take turns each hit waits for them: fewer, for longer.
    ncpus, seconds, least = (2, 6, 10) if arch in VCPUS_ROUND_ROBIN else (4, 2, 20)
    period = 1 if arch in STEPS_OVER_HITS else 64
    m = target.boot(smp=ncpus)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    trace(g, "bench_count", "collect count", "collect *count",
          cond=f"*count % {period} == 0" if period > 1 else None)
    g.cmd("set circular-trace-buffer on")
    g.cmd("tstart")
    run_spinner(m, g, seconds, "spin all")
    run_until(g, lambda st: st["frames"] >= least)
    g.cmd("tstop")
    st = status(g)
    assert st["frames"] >= least, st["text"]
    per_counter = {}
    for i in range(max(0, st["frames"] - 200), st["frames"]):
        g.cmd(f"tfind {i}")
        per_counter.setdefault(value(g, "count - spin_counts"), []).append(value(g, "*count"))
    g.cmd("tfind none")
    assert len(per_counter) >= 2, per_counter.keys()
    for cpu, seen in per_counter.items():
        assert all(b - a == period for a, b in zip(seen, seen[1:])), (cpu, seen)
