# SPDX-License-Identifier: MIT
"""A bad line: a proxy between the client and the debug port drops,
duplicates, corrupts (one bit) and delays bytes at a set rate in both
directions. The session carries on through NAKs and retransmissions,
memory written through the line reads back byte for byte, and no reply is
taken for the answer to another packet."""
import os

from torture import (storm_stops, LossyProxy, RawClient, check_consistent, rounds, scale, symbols,
                     bad_console, TO_TARGET)

# Faults per byte, for each of drop, duplicate and corrupt (delays: per chunk).
RATE = float(os.environ.get("TORTURE_LINE_RATE", "0.002"))
GDB_RATE = RATE / 2
# The longest packet of each session (see LossyProxy): 300 bytes escaped or
# in hex, framed; gdb's longest are qXfer replies of PacketSize (4096).
GAP, GDB_GAP = 700, 2 * 4096 + 64
SCRATCH = "log_buf"        # the printk ring: any bytes are harmless there


def read_span(c, addr, span):
    """@span bytes in reads of alternating lengths: two alike in a row would
    let a stale copy of one reply pass for the next."""
    out = b""
    while len(out) < span:
        out += c.read(addr + len(out), min(span - len(out), 256 - (len(out) // 256) % 2 * 7))
    return out


def test_memory_through_a_lossy_line(target, arch, tally):
    m = target.boot(smp=2)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    rng = tally.rng
    proxy = LossyProxy(m.ports[1], rng, RATE, gap=GAP)
    c = RawClient(proxy.port)
    try:
        c.supported()
        assert c.stop_reply().startswith(b"T05")
        base = symbols(arch)[SCRATCH]
        span = 4096
        c.on_timeout = proxy.describe
        original = read_span(c, base, span)
        shadow = bytearray(original)
        prev_len = 0
        for _ in rounds(tally, scale(15, 1500), share=0.08):
            n = rng.randrange(1, 300)
            if n == prev_len:       # no two reads alike: a stale reply shows
                n += 1
            off = rng.randrange(0, span - n)
            data = bytes(rng.randrange(256) for _ in range(n))
            c.write(base + off, data, binary=rng.random() < 0.5)
            shadow[off:off + n] = data
            tally.add("bytes written")
            tally.add("bytes written", n - 1)
            # Read back an overlapping window of another length.
            roff = max(0, off - rng.randrange(0, 16))
            rn = min(span - roff, n + rng.randrange(0, 16))
            if rn == prev_len:
                rn -= 1
            got = c.read(base + roff, rn)
            tally.add("bytes lost or wrong",
                      sum(a != b for a, b in zip(got, shadow[roff:roff + rn])))
            assert got == bytes(shadow[roff:roff + rn]), \
                f"memory read back differs at {base + roff:#x}+{rn}"
            tally.add("bytes verified", rn)
            prev_len = rn
        for o in range(0, span, 256):
            # A read between writes: a stale "OK" cannot pass for the next.
            c.write(base + o, original[o:o + 256])
            assert c.read(base + o, 1 + o // 256) == original[o:o + 1 + o // 256]
        assert read_span(c, base, span) == original
        tally.add("bytes verified", span)
        assert proxy.total_faults() > 0, "the proxy injected nothing: rate too low"
        proxy.report(tally)
        c.report(tally)
        tally.add("sessions survived")
        proxy.set_rate(0)
        c.detach()
        c.close()
        m.wait_boot()
        m.run("stress")
        g = target.gdb(port=proxy.port)
        check_consistent(m, g, tally, 2)
        g.cont()
        g.close()
    finally:
        c.close()
        proxy.close()
    assert not bad_console(m), bad_console(m)


def interrupt_through(g, proxy, tally):
    """gdb's Ctrl-C, sent again (as a user would) only if the proxy dropped
    or damaged the one before: the stop it brings."""
    for _ in range(3):
        before = list(proxy.events)
        g.interrupt()
        try:
            return g.wait_stop(20)
        except TimeoutError:
            hit = [e for e in proxy.events if e not in before
                   and e[0] == TO_TARGET and e[3] == b"\x03" and e[1] != "dup"]
            assert hit, "no stop 20 s after an undamaged Ctrl-C\n" + proxy.describe()
            tally.add("Ctrl-C damaged on the line, sent again")
    raise AssertionError("three Ctrl-C damaged in a row\n" + proxy.describe())


def test_gdb_session_through_a_lossy_line(target, arch, tally):
    """gdb itself, on a line that damages bytes more rarely: it sets a
    breakpoint in the stress threads, continues through many stops, and
    every stop is one (the per-CPU round counters say how many)."""
    m = target.boot(smp=2, cmdline=None)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    proxy = LossyProxy(m.ports[1], tally.rng, GDB_RATE, gap=GDB_GAP)
    try:
        g = target.gdb(connect=False)
        # No-ack mode trusts the line: gdb then takes damaged packets.
        g.cmd("set remote noack-packet off")
        g.cmd("set remotetimeout 5")
        g.connect(proxy.port)
        g.cont()
        m.wait_boot()
        m.run("stress")
        assert interrupt_through(g, proxy, tally).signal == "SIGINT"
        g.cmd("break stress_round")
        storm_stops(g, tally, scale(8, 300), share=0.08)
        g.cmd("delete")
        proxy.report(tally)
        tally.add("sessions survived")
        proxy.set_rate(0)
        check_consistent(m, g, tally, 2)
        g.cont()
    finally:
        proxy.close()
    assert not bad_console(m), bad_console(m)
