# SPDX-License-Identifier: MIT
"""An SMP storm on 4 CPUs, each running a `stress` thread: every CPU hits
the same breakpoint, then the same watchpoint, over many continues, with
`thread apply all bt` now and then. No stop lost, none reported twice, no
spurious SIGTRAP, no CPU left held. Then breakpoints planted exactly where
the held CPUs are stopped."""
import re

import pytest

from machine import NO_HW_DEBUG
from torture import (RawClient, bad_console, booted_with_stress, lost_or_twice, check_consistent,
                     rounds, scale, storm_stops, symbols)

NCPUS = 4
WORD = {"x86_64": 8, "i386": 4, "arm": 4, "aarch64": 8}


def test_breakpoint_storm(target, arch, tally):
    m, g = booted_with_stress(target, NCPUS)
    g.cmd("break stress_round")
    cpus = storm_stops(g, tally, scale(30, 5000), bt_every=scale(15, 10), share=0.12)
    assert len(cpus) >= (NCPUS if len(cpus) > 100 else 2), f"only CPUs {cpus} stopped"
    g.cmd("delete")
    check_consistent(m, g, tally, NCPUS)
    g.cont()
    assert not bad_console(m), bad_console(m)


class WatchStorm:
    """A raw client's watchpoint session: each stop must be the watchpoint
    on stress_shared, and each CPU must have gone exactly once round its
    loop since its previous stop. gdb would hide a stop whose value it
    already saw (another CPU's write), so the check is made on the wire."""

    def __init__(self, client, arch):
        self.c = client
        self.word = WORD[arch]
        syms = symbols(arch)
        self.shared = syms["stress_shared"]
        self.rounds = syms["stress_rounds"]
        self.cpu_of = {}

    def cpu(self, tid):
        if tid not in self.cpu_of:
            text = bytes.fromhex(self.c.request(b"qThreadExtraInfo,%x" % tid,
                                                lambda r: re.fullmatch(rb"[0-9a-f]+", r)
                                                ).decode()).decode()
            m = re.search(r"on CPU(\d+)", text)
            assert m and text.startswith("stress"), f"thread {tid:x}: {text!r}"
            self.cpu_of[tid] = int(m.group(1))
        return self.cpu_of[tid]

    def count(self, cpu):
        return int.from_bytes(self.c.read(self.rounds + cpu * self.word, self.word), "little")

    def set(self, insert):
        z = b"Z2" if insert else b"z2"
        assert self.c.ok(b"%s,%x,%x" % (z, self.shared, self.word)) == b"OK"

    def resume(self, body):
        return self.c.request(body, lambda r: r[:1] in (b"T", b"S"))


def test_watchpoint_storm(target, arch, tally):
    if arch in NO_HW_DEBUG:
        pytest.skip(f"{arch}: no hardware watchpoints under QEMU (Z2 is unsupported)")
    m, g = booted_with_stress(target, NCPUS)
    g.cmd("detach")
    g.close()
    c = RawClient(m.ports[1], timeout=15)
    try:
        c.send(b"\x03")
        c.stop_reply()
        c.supported()
        w = WatchStorm(c, arch)
        w.set(True)
        last = {}
        stop = w.resume(b"c")
        for k in rounds(tally, scale(30, 5000), share=0.12):
            mm = re.match(rb"T05watch:([0-9a-f]+);thread:([0-9a-f]+);", stop)
            assert mm and int(mm.group(1), 16) == w.shared, f"stop {k}: {stop[:60]!r}"
            tid = int(mm.group(2), 16)
            cpu = w.cpu(tid)
            n = w.count(cpu)
            if cpu in last:
                lost_or_twice(tally, n - last[cpu] - 1)
                assert n == last[cpu] + 1, \
                    f"stop {k} on CPU{cpu}: {n - last[cpu]} rounds since its previous stop"
            last[cpu] = n
            tally.add("watchpoint stops seen")
            tally.add("watchpoint stops expected")
            tally.add(f"watchpoint stops on CPU{cpu}")
            # As gdb does: step the CPU over the access with the slot out
            # (ARM stops before the store), then put it back.
            w.set(False)
            step = w.resume(b"vCont;s:%x" % tid)
            assert step.startswith(b"T05") and b"thread:%x;" % tid in step, step[:60]
            w.set(True)
            stop = w.resume(b"c")
        assert len(last) >= 2, f"only CPUs {sorted(last)} hit the watchpoint"
        w.set(False)
        c.detach()
    finally:
        c.close()
    g = target.gdb()
    check_consistent(m, g, tally, NCPUS)
    g.cont()
    assert not bad_console(m), bad_console(m)


def cpu_pcs(g):
    """Each CPU's PC, from its shadow thread."""
    ids = re.findall(r"^\*?\s+(\d+)\s+Thread 100000\d \(CPU(\d)\)", g.cmd("info threads"), re.M)
    pcs = {}
    for gid, cpu in ids:
        out = g.cmd(f"thread apply {gid} -q p/x $pc")
        pcs[int(cpu)] = int(re.search(r"= (0x[0-9a-f]+)", out).group(1), 16)
    return pcs


def test_breakpoints_where_held_cpus_stand(target, arch, tally):
    """A breakpoint on the very instruction each held CPU will resume at:
    each CPU stops there (or runs on correctly once it is removed), and the
    kernel stays whole."""
    m, g = booted_with_stress(target, NCPUS)
    g.cmd("set debug remote 1")     # the packets, in the kept log of a failure
    for _ in rounds(tally, scale(1, 50), share=0.06):
        pcs = cpu_pcs(g)
        assert sorted(pcs) == list(range(NCPUS)), pcs
        for pc in set(pcs.values()):
            g.cmd(f"break *{pc:#x}")
        tally.add("breakpoints at held CPUs' PCs", len(set(pcs.values())))
        seen = set()
        for _ in range(NCPUS):
            g.cont()
            stop = g.wait_stop(60)
            assert stop.reason == "breakpoint-hit", stop
            addr = int(stop.addr, 16)
            assert addr in pcs.values(), f"stop at {addr:#x}, breakpoints at {pcs}"
            seen.add(addr)
            tally.add("stops seen")
            tally.add("stops expected")
        g.cmd("delete")
        check_consistent(m, g, tally, NCPUS)
    g.cont()
    assert not bad_console(m), bad_console(m)
