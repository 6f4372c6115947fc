# SPDX-License-Identifier: MIT
"""Stepping and continuing from an address the kernel has a breakpoint at
that gdb does not (a tracepoint's), or has besides gdb's: the original
instruction runs once, the tracepoint collects once for that arrival,
and the CPU stops where gdb expects, the same on every arch (gdb's
stepi is the stub's step on some, gdb's own breakpoint and a continue on
others). `monitor bpstat` says who has each address planted."""
import re
import time

from target import resume_to_shell
from test_stepping import pc
from test_trace import frame_values, status, trace, value


def stop_at_bench_tick(m, g):
    """A breakpoint at bench_tick, the spinner started, the stop there;
    the counter's value at the stop."""
    g.cmd("break bench_tick")
    resume_to_shell(m, g)
    m.write("spin\n")
    stop = g.wait_stop(timeout=60)
    assert stop.func == "bench_tick", stop
    return value(g, "bench_ticks")


def stepi_off(g, addr):
    """stepi: the PC leaves @addr."""
    g.cmd("stepi")
    assert pc(g) != addr, g.cmd("x/2i $pc")


def run_a_second(g):
    g.cont()
    time.sleep(1)
    g.interrupt()
    stop = g.wait_stop(timeout=30)
    assert stop.signal == "SIGINT", stop


def assert_each_call_once(g, first):
    """Frames hold consecutive counter values from @first on: each arrival
    at the tracepoint collected once."""
    n = min(status(g)["frames"], 10)
    assert n >= 3, status(g)["text"]
    seen = frame_values(g, n, "bench_ticks")
    assert seen == list(range(first, first + n)), seen


def test_stepi_from_a_tracepoint_gdb_has_no_breakpoint_at(attached, arch):
    """Stopped at bench_tick by a breakpoint that is then deleted, a
    tracepoint there started: stepi leaves the address, the tracepoint
    collecting the counter once; continue runs on (it once stepped into
    the tracepoint's breakpoint for ever), each call collected once."""
    m, g = attached
    ticks = stop_at_bench_tick(m, g)
    addr = pc(g)
    g.cmd("delete")
    trace(g, f"*{addr:#x}", "collect bench_ticks")
    g.cmd("tstart")
    out = g.monitor("bpstat")
    assert re.search(rf"^0x0*{addr:x}\s.* trace$", out, re.M), out
    stepi_off(g, addr)
    assert status(g)["frames"] == 1, status(g)["text"]
    run_a_second(g)
    g.cmd("tstop")
    assert_each_call_once(g, ticks)


def test_step_over_a_breakpoint_and_a_tracepoint(attached, arch):
    """A breakpoint and a tracepoint at one address: the hit collects and
    stops; stepi and continue from there do not collect again."""
    m, g = attached
    g.cmd("break bench_tick")
    trace(g, "bench_tick", "collect bench_ticks")
    g.cmd("tstart")
    resume_to_shell(m, g)
    m.write("spin\n")
    stop = g.wait_stop(timeout=60)
    assert stop.func == "bench_tick", stop
    ticks = value(g, "bench_ticks")
    here = pc(g)
    out = g.monitor("bpstat")
    # gdb took its breakpoint out as it stopped: the tracepoint's stays.
    assert re.search(rf"^0x0*{here:x}\s.* trace$", out, re.M), out
    assert status(g)["frames"] == 1, status(g)["text"]
    stepi_off(g, here)
    assert status(g)["frames"] == 1, status(g)["text"]
    # The next call stops at the breakpoint again, with one frame more.
    g.cont()
    stop = g.wait_stop(timeout=60)
    assert stop.func == "bench_tick", stop
    assert status(g)["frames"] == 2, status(g)["text"]
    g.cmd("delete 1")
    run_a_second(g)
    g.cmd("tstop")
    assert_each_call_once(g, ticks)


def test_dprintf_and_breakpoint_at_one_address_across_sessions(target, arch):
    """A persistent dprintf and a breakpoint at bench_tick: stopped there,
    the breakpoint deleted, gdb detaches and the dprintf prints on, once a
    call from the one it stopped at; the next gdb, which starts with none
    of them, stops there, steps off and continues to the next call."""
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cmd("set breakpoint always-inserted on")
    g.cmd("set dprintf-style agent")
    g.cmd('dprintf bench_tick,"tick %lu\\n",bench_ticks')
    ticks = stop_at_bench_tick(m, g)
    here = pc(g)
    # With the breakpoint gone gdb sends the dprintf's commands again.
    g.cmd("delete 2")
    out = g.monitor("bpstat")
    assert re.search(r"\s1\s.* gdb,dprintf$", out, re.M), out
    g.cmd("detach")
    g.close()
    # The call it stopped at prints as it goes on, and each after it once.
    seen = [int(m.expect(r"tick (\d+)\r?\n", timeout=60).group(1)) for _ in range(3)]
    assert seen == [ticks, ticks + 1, ticks + 2], seen
    g = target.gdb()
    assert f"{here:x}" not in g.monitor("bpstat")
    g.cmd("break bench_tick")
    g.cont()
    assert g.wait_stop(timeout=60).func == "bench_tick"
    stepi_off(g, here)
    g.cont()
    assert g.wait_stop(timeout=60).func == "bench_tick"
    assert pc(g) == here
    g.cmd("delete")
    g.cmd("detach")
