# SPDX-License-Identifier: MIT
"""Shared pieces of the torture suite: the run's settings (seed, short or
long form), the per-test tally that the summary prints, a line proxy that
damages bytes, a raw remote-protocol client that survives it, and the
check that a kernel a gdb left behind is consistent."""
import os
import random
import re
import socket
import subprocess
import threading
import time

from lib import rsp
from machine import chunks, close_all, connect_line, kernel_path, proxy_ends

MINUTES = float(os.environ.get("TORTURE_MINUTES", "0") or 0)
LONG = os.environ.get("TORTURE_LONG", "") not in ("", "0") or MINUTES > 0
SEED = int(os.environ.get("TORTURE_SEED") or random.SystemRandom().randrange(1, 1 << 31))
# pytest-xdist's workers start after this runs in the controller, and
# inherit its environment: one seed for the whole run.
os.environ["TORTURE_SEED"] = str(SEED)


ARCHES = max(1, len(os.environ.get("CHECK_ARCHES", "x86_64 i386 arm").split()))
JOBS = max(1, int(os.environ.get("TORTURE_JOBS", "2") or 2))


def scale(short, long):
    """How many iterations: @short in `make check`, @long in `make torture`.
    A timed soak (TORTURE_MINUTES) starts from @short and repeats rounds
    (rounds()) until the time is spent."""
    return long if LONG and not MINUTES else short


class Tally:
    """What one test did and found; printed by the summary (conftest.py)."""

    def __init__(self, nodeid):
        self.counts = {}
        self.notes = [f"seed {SEED}"]
        self.rng = random.Random(f"{SEED}:{nodeid}")

    def add(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n

    def note(self, text):
        self.notes.append(text)

    def deadline(self, share):
        """In a timed soak, when this test stops repeating its rounds: its
        @share of one arch's part of MINUTES times JOBS parallel workers
        (the tests' shares add up to 0.85 per arch; boots take the rest)."""
        return time.monotonic() + MINUTES * 60 * JOBS / ARCHES * share if MINUTES else 0


# The short form's time for one arch's tests (make check, 2 jobs), shared
# out as the timed soak shares its minutes: on the slowest machines a
# breakpoint stop costs seconds, and a test that has used up its share
# stops after half its rounds. `make torture` runs every round.
SHORT_SECONDS = 60


def rounds(tally, n, share=1.0):
    """Round numbers: @n of them, and in a timed soak (TORTURE_MINUTES)
    more until this test's @share of the time is spent. In the short form
    a test past its share of SHORT_SECONDS stops after half of them."""
    end = tally.deadline(share)
    short_end = 0 if LONG else time.monotonic() + SHORT_SECONDS * share
    i = 0
    while i < n or (end and time.monotonic() < end):
        if short_end and i >= max(1, n // 2) and time.monotonic() > short_end:
            tally.note(f"short form: {i} of {n} rounds in {SHORT_SECONDS * share:.0f} s")
            break
        yield i
        i += 1


# ---------------------------------------------------------------- symbols

_nm = {}


def symbols(arch):
    """{name: address} of vmlinux (nm reads any ELF)."""
    if arch not in _nm:
        out = subprocess.run(["nm", kernel_path(arch)], capture_output=True, text=True,
                             check=True).stdout
        _nm[arch] = {f[2]: int(f[0], 16) for f in (ln.split() for ln in out.splitlines())
                     if len(f) == 3}
    return _nm[arch]


# ---------------------------------------------------------------- lossy line

TO_TARGET, TO_GDB = 0, 1
KINDS = ("drop", "dup", "corrupt", "delay")


class LossyProxy:
    """A TCP proxy to the debug line that, at @rate per byte for each of
    drop, duplicate and corrupt (one bit flipped), and per chunk for delay
    (1-40 ms), damages what crosses it, in both directions. The upstream
    (the serial line) is opened once and kept; one client at a time.

    After a fault the next @gap bytes in that direction are left alone:
    the protocol's 8-bit checksum cannot see two faults in one packet that
    cancel out (a '0' dropped and another '0' duplicated), so @gap must
    exceed the longest packet of the session. No byte is corrupted into a
    '#' or a '$' either (see flip())."""

    def __init__(self, upstream_port, rng, rate, kinds=KINDS, gap=0):
        self.rng = random.Random(rng.random())     # its own: the pumps are threads
        self.rate = rate
        self.gap = gap
        self.clean = [0, 0]      # bytes left before the next fault may come
        self.digits = [0, 0]     # checksum digits still to come after a '#'
        self.tail = [b"", b""]   # the last bytes delivered each way, for reports
        self.events = []         # (direction, kind, byte offset) of recent faults
        self.kinds = kinds
        self.faults = {(d, k): 0 for d in (TO_TARGET, TO_GDB) for k in KINDS}
        self.bytes = [0, 0]
        self.lock = threading.Lock()
        self.up, self.listener = proxy_ends(upstream_port)
        self.port = self.listener.getsockname()[1]
        self.client = None
        self.closed = False
        threading.Thread(target=self._pump_up, daemon=True).start()
        threading.Thread(target=self._accept, daemon=True).start()

    def damage(self, direction, data):
        """@data as the line delivers it; the faults are counted."""
        if not self.rate:
            return data
        out = bytearray()
        with self.lock:
            self.bytes[direction] += len(data)
            for b in data:
                r = self.rng.random()
                digit = self.digits[direction] > 0
                self.digits[direction] = 2 if b == ord("#") else max(self.digits[direction] - 1, 0)
                if self.clean[direction] > 0:
                    self.clean[direction] -= 1
                    out.append(b)
                    continue
                if digit and r < 3 * self.rate:
                    r = 1.5 * self.rate     # a checksum digit is only duplicated (flip())
                elif b == ord("#") and direction == TO_GDB and self.rate <= r < 2 * self.rate:
                    r = 1.0                 # gdb reads a second '#' as a checksum digit (flip())
                if r < 3 * self.rate:
                    self.clean[direction] = self.gap
                    kind = KINDS[int(r / self.rate)] if self.rate else "?"
                    self.events = self.events[-20:] + [
                        (direction, kind, self.bytes[direction] - len(data) + len(out), bytes([b]))]
                if r < self.rate and "drop" in self.kinds:
                    self.faults[direction, "drop"] += 1
                    continue
                if r < 2 * self.rate and "dup" in self.kinds:
                    self.faults[direction, "dup"] += 1
                    out += bytes([b, b])
                    continue
                if r < 3 * self.rate and "corrupt" in self.kinds:
                    self.faults[direction, "corrupt"] += 1
                    out.append(self.flip(b))
                    continue
                out.append(b)
            delay = 0
            if "delay" in self.kinds and self.rng.random() < self.rate * 20:
                self.faults[direction, "delay"] += 1
                delay = self.rng.uniform(0.001, 0.04)
            self.tail[direction] = (self.tail[direction] + bytes(out))[-600:]
        if delay:
            time.sleep(delay)   # in this direction's pump: order is kept
        return bytes(out)

    def flip(self, b):
        """@b with one bit flipped, never into '#' or '$'. A '3' or a 'c'
        turned into the end of a packet makes the next two bytes its
        checksum, and one time in 256 they match: the receiver takes a
        truncated packet, which no 8-bit checksum can catch. Long soaks met
        it. (Checksum digits themselves are only ever duplicated: gdb 13
        fails the command, "Invalid hex digit 96", instead of sending a NAK
        when one arrives changed, or is lost and the next packet's '$'
        takes its place. For the same reason a '#' on its way to gdb is
        never duplicated: "Invalid hex digit 35", seen in a 15-minute soak.)"""
        while True:
            c = b ^ (1 << self.rng.randrange(8))
            if c not in b"#$":
                return c

    def describe(self):
        return (f"last faults (dir, kind, offset, byte): {self.events}\n"
                f"last bytes to target: {self.tail[TO_TARGET]!r}\n"
                f"last bytes to gdb: {self.tail[TO_GDB]!r}")

    def _accept(self):
        while not self.closed:
            try:
                c, _ = self.listener.accept()
            except OSError:
                return
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.client = c
            while True:
                try:
                    data = c.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    break
                try:
                    self.up.sendall(self.damage(TO_TARGET, data))
                except OSError:
                    break
            self.client = None
            c.close()

    def _pump_up(self):
        for data in chunks(self.up):
            c = self.client
            if c:
                try:
                    c.sendall(self.damage(TO_GDB, data))
                except OSError:
                    pass

    def set_rate(self, rate):
        with self.lock:
            self.rate = rate

    def total_faults(self):
        return sum(self.faults.values())

    def report(self, tally):
        for (d, k), n in self.faults.items():
            tally.add(f"faults injected: {k} {'to target' if d == TO_TARGET else 'to gdb'}", n)
        tally.add("line bytes to target", self.bytes[TO_TARGET])
        tally.add("line bytes to gdb", self.bytes[TO_GDB])

    def close(self):
        self.closed = True
        self.listener.close()
        close_all(self.up, self.client)


# ---------------------------------------------------------------- raw client

class Stale(Exception):
    pass


class RawClient:
    """A remote-protocol client as careful as gdb: a damaged reply gets a
    NAK, a request without an ack or reply within @timeout is sent again
    (or the reply asked for again with a NAK), and a reply is taken only if
    @valid says it answers this request: anything else is counted as a
    stale reply (a copy of an earlier answer) and dropped."""

    def __init__(self, port, timeout=0.4):
        self.sock = connect_line(port, timeout=10)
        self.sock.settimeout(0.05)
        self.timeout = timeout
        self.on_timeout = None
        self.packets = rsp.Scanner()
        self.stats = {"naks sent": 0, "retransmissions": 0, "retransmissions after a NAK": 0,
                      "reply re-requests": 0,
                      "stale replies dropped": 0, "requests": 0, "console packets": 0,
                      "error replies, request sent again": 0}

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()

    def send(self, data):
        self.sock.sendall(data)

    def _fill(self):
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            return False
        if not data:
            raise OSError("line closed")
        self.packets.feed(data)
        return True

    def request(self, body, valid, tries=20, retry_errors=False):
        """Send @body; return the first reply @valid accepts. With
        @retry_errors an error reply sends the request again: a NUL byte
        duplicated or dropped in binary data leaves the checksum as it was,
        and only the stub's length check sees it (E16). A NAK sends it
        again too, as gdb does; that NAK may be for a damaged late copy of
        the previous request, and a read or write runs twice harmlessly, but
        a resume would not: requests that resume go over a clean line only."""
        self.stats["requests"] += 1
        self.packets.acks = b""
        self.send(rsp.frame(body))
        last = time.monotonic()
        # Bounded by time: a line that delivers a byte per recv() makes many.
        deadline = last + max(30.0, tries * self.timeout)
        while time.monotonic() < deadline:
            pkt = self.packets.next()
            if pkt is None and b"-" in self.packets.acks:
                # The stub took a copy of the request (sent again after a
                # timeout) as damaged, and waits for it once more, even if
                # it acked the first copy: an ack seen means nothing now.
                self.stats["retransmissions after a NAK"] += 1
                self.packets.acks = b""
                self.send(rsp.frame(body))
                last = time.monotonic()
                continue
            if pkt is None:
                if not self._fill() and time.monotonic() - last > self.timeout:
                    last = time.monotonic()
                    if b"+" in self.packets.acks:
                        self.stats["reply re-requests"] += 1
                        self.send(b"-")
                    else:
                        self.stats["retransmissions"] += 1
                        self.send(rsp.frame(body))
                continue
            if pkt is rsp.DAMAGED:
                self.stats["naks sent"] += 1
                self.send(b"-")
                last = time.monotonic()
                continue
            self.send(b"+")
            if pkt.startswith(b"O") and pkt != b"OK" and re.fullmatch(rb"O([0-9a-f]{2})+", pkt):
                self.stats["console packets"] += 1
                continue
            if valid(pkt):
                return pkt
            if retry_errors and re.fullmatch(rb"E[0-9a-f]{2}", pkt):
                self.stats["error replies, request sent again"] += 1
                self.packets.acks = self.packets.acks.replace(b"+", b"")
                self.send(rsp.frame(body))
                last = time.monotonic()
                continue
            self.stats["stale replies dropped"] += 1
            last = time.monotonic()
        raise TimeoutError(f"no valid reply to {body[:40]!r}; buffer {self.packets.buf[-100:]!r}\n"
                           + (self.on_timeout() if self.on_timeout else ""))

    def ok(self, body, retry_errors=False):
        return self.request(body, lambda r: r == b"OK", retry_errors=retry_errors)

    def read(self, addr, n):
        """@n bytes at @addr with `m`."""
        reply = self.request(b"m%x,%x" % (addr, n),
                             lambda r: len(r) == 2 * n and re.fullmatch(rb"[0-9a-f]+", r))
        return bytes.fromhex(reply.decode())

    def write(self, addr, data, binary=True):
        if binary:
            return self.ok(b"X%x,%x:" % (addr, len(data)) + rsp.escape(data), retry_errors=True)
        return self.ok(b"M%x,%x:" % (addr, len(data)) + data.hex().encode(), retry_errors=True)

    def stop_reply(self):
        return self.request(b"?", lambda r: r[:1] in (b"T", b"S"))

    def supported(self):
        sup = self.request(b"qSupported:multiprocess-;swbreak+;hwbreak+",
                           lambda r: b"PacketSize=" in r)
        return int(re.search(rb"PacketSize=([0-9a-fA-F]+)", sup).group(1), 16)

    def detach(self):
        return self.ok(b"D")

    def report(self, tally):
        for k, v in self.stats.items():
            tally.add("client " + k, v)


# ---------------------------------------------------------------- consistency

TEXT_MATCH = re.compile(r"Section \.text, range (0x[0-9a-f]+) -- (0x[0-9a-f]+): matched")


def check_consistent(m, g, tally, ncpus, quiet_for=1.0):
    """After a gdb died or the line was abused: a new gdb @g, stopped, finds
    the kernel's text as in vmlinux (no breakpoint instruction left), and
    once it lets the kernel go, nothing stops it (no breakpoint or hardware
    slot left armed) while every CPU runs; a break-in then stops it with
    SIGINT and nothing else."""
    out = g.cmd("compare-sections .text", timeout=120)
    span = TEXT_MATCH.search(out)
    assert span, f"kernel text differs from vmlinux:\n{out}"
    tally.add("text bytes verified against vmlinux",
              int(span.group(2), 16) - int(span.group(1), 16))
    mark = len(g.log)
    g.cont()
    try:
        # The shell's uptime and cpus: where the kill tests leave breakpoints.
        assert "up " in m.run("uptime", timeout=20)
        # With `stress` running, scheduler_tick, jiffies and stress_round are
        # hit hundreds of times a second: a slot or breakpoint left behind
        # stops the kernel within this window.
        m.wait_every_cpu_ticks(ncpus, timeout=30)
        time.sleep(quiet_for)
    except TimeoutError:
        pass
    stale = [ln for ln in g.log[mark:] if ln.startswith("*stopped")]
    tally.add("stale stops after a new gdb took over", len(stale))
    assert not stale, f"stale stop after a new gdb let the kernel go: {stale[0]}"
    m.wait_every_cpu_ticks(ncpus, timeout=5)
    g.interrupt()
    stop = g.wait_stop(30)
    assert stop.signal == "SIGINT", f"break-in stopped with {stop}"
    tally.add("consistency checks passed")


def bad_console(m):
    """Console lines that say the kernel went wrong."""
    return re.findall(r".*(?:Oops|Kernel panic|LOCKUP|BUG|Fatal exception|stress: CPU\d+: alloc).*",
                      m.text())


def lost_or_twice(tally, extra):
    """Count what a stop's round counter says: @extra rounds unreported
    (stops lost) or, if negative, a stop reported again."""
    tally.add("stops lost", max(extra, 0))
    tally.add("stops reported twice", max(-extra, 0))


def stress_rounds(g):
    """Each CPU's stress_rounds[] count, read through gdb."""
    return [int(x) for x in re.findall(r"\d+", g.cmd("p stress_rounds").split("=", 1)[1])]


def stop_cpu(stop):
    m = re.search(r'core="(\d+)"', stop.raw)
    assert m, stop
    return int(m.group(1))


def storm_stops(g, tally, n, bt_every=0, share=0.0):
    """Continue @n times with a breakpoint on stress_round() (set by the
    caller). Each stop must be that breakpoint, and per CPU exactly one
    more round than at its previous stop: the CPU went once round its loop
    and counted itself on the way (fewer: a stop reported twice; more: a
    stop lost). Returns the CPUs seen."""
    last = {}
    for k in rounds(tally, n, share):
        g.cont()
        stop = g.wait_stop(60)
        func = stop.func
        if stop.reason == "breakpoint-hit" and func is None:
            # gdb sometimes leaves the frame out of the MI record of a stop
            # (seen on the lossy line, where its printing got an error
            # reply); the stop itself is right: ask for the frame.
            func = re.search(r"^#0\s+(?:0x[0-9a-f]+ in )?(\w+) ", g.cmd("frame"), re.M)
            func = func and func.group(1)
            tally.add("stop records without a frame, frame asked for")
        assert stop.reason == "breakpoint-hit" and func == "stress_round", \
            f"stop {k}: {stop}"
        cpu = stop_cpu(stop)
        count = stress_rounds(g)[cpu]
        if cpu in last:
            lost_or_twice(tally, count - last[cpu] - 1)
            assert count == last[cpu] + 1, \
                f"stop {k} on CPU{cpu}: {count - last[cpu]} rounds since its previous stop"
        last[cpu] = count
        tally.add("stops seen")
        tally.add("stops expected")
        tally.add(f"stops on CPU{cpu}")
        if bt_every and k % bt_every == bt_every - 1:
            bts = g.cmd("thread apply all bt", timeout=60)
            assert "stress_round" in bts, bts
            tally.add("'thread apply all bt' runs")
    return set(last)


def booted_with_stress(target, ncpus):
    """A kernel of @ncpus CPUs at its shell with `stress` running on every
    CPU, stopped by gdb's Ctrl-C: returns the machine and gdb."""
    m = target.boot(smp=ncpus)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    g.cont()
    m.wait_boot()
    m.run("stress")
    m.wait_every_cpu_ticks(ncpus)
    g.interrupt()
    assert g.wait_stop().signal == "SIGINT"
    return m, g
