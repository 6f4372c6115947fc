# SPDX-License-Identifier: MIT
"""Bad input on the real line gets an error reply or a NAK, never a crash or
a hang: raw packets to the kernel stopped at kgdbwait, then a real gdb
session proves the stub is still fine."""
import re
import socket
import subprocess
import time

import pytest

from lib import rsp
from lib.rsp import frame
from machine import kernel_path


class Raw:
    """A minimal remote-protocol client on the debugger's line (a TCP
    connection, or a UDP socket: each send() one datagram)."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = b""

    def send(self, data):
        if self.sock.type == socket.SOCK_DGRAM:
            # A datagram holds at most 64 KiB: more goes in several.
            for i in range(0, len(data), 8192):
                self.sock.send(data[i:i + 8192])
        else:
            self.sock.sendall(data)

    def read_until(self, pattern, timeout=10):
        rx = re.compile(pattern, re.S)
        deadline = time.monotonic() + timeout
        while True:
            m = rx.search(self.buf)
            if m:
                self.buf = self.buf[m.end():]
                return m
            assert time.monotonic() < deadline, f"no {pattern!r} in {self.buf[-200:]!r}"
            try:
                self.buf += self.sock.recv(65536)
            except socket.timeout:
                pass

    def reply(self, timeout=10):
        """The next packet's body; the packet is acknowledged."""
        body = rsp.parse(self.read_until(rsp.PACKET.pattern, timeout).group(0))
        self.send(b"+")
        return body

    def ask(self, body, timeout=10):
        self.send(frame(body))
        self.read_until(rb"\+", timeout)
        return self.reply(timeout)

    def close(self):
        self.sock.close()


@pytest.fixture
def raw(target):
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    r = Raw(target.connect_line())
    yield r
    r.close()


def text_addr(arch):
    """Where cmd_uptime's code is: read-only kernel text."""
    out = subprocess.run(["nm", kernel_path(arch)], capture_output=True, text=True,
                         check=True).stdout
    return int(re.search(r"^([0-9a-f]+) [tT] cmd_uptime$", out, re.M).group(1), 16)


def test_malformed_packets_get_errors_and_the_stub_lives(raw, target, arch):
    addr = b"%x" % text_addr(arch)
    assert raw.ask(b"?").startswith(b"T05")
    good = raw.ask(b"m" + addr + b",4")
    assert re.fullmatch(rb"[0-9a-f]{8}", good), good

    # A bad checksum is NAKed; the retransmission is taken.
    raw.send(b"$m" + addr + b",4#00")
    raw.read_until(rb"-")
    assert raw.ask(b"m" + addr + b",4") == good

    # An absurd length is cut to what one packet holds (gdb takes short
    # reads), or refused where address + length wraps.
    big = raw.ask(b"m" + addr + b",fffffffff")
    assert big.startswith(b"E") or (big.startswith(good) and len(big) <= 16384), big[:40]
    # Unmapped memory, garbage numbers: E replies.
    assert raw.ask(b"m0,4").startswith(b"E")
    assert raw.ask(b"mzz,4").startswith(b"E")
    assert raw.ask(b"M0,2:0000").startswith(b"E")
    assert raw.ask(b"p99999").startswith(b"E")
    assert raw.ask(b"Z0,zz,1").startswith(b"E")
    assert raw.ask(b"Hg7fffffff").startswith(b"E")
    # Writing read-only text through M goes through the text patcher: the
    # same bytes back are fine, and memory is unchanged.
    assert raw.ask(b"M" + addr + b",4:" + good) == b"OK"
    assert raw.ask(b"m" + addr + b",4") == good
    # An unknown packet gets the empty reply.
    assert raw.ask(b"qNoSuchThing") == b""

    # An oversized packet (longer than the PacketSize the stub announces)
    # is dropped, and a packet cut off by a dropped line is abandoned at
    # the next '$'.
    size = re.search(rb"PacketSize=([0-9a-f]+)", raw.ask(b"qSupported"))
    assert size, "no PacketSize"
    raw.send(b"$" + b"m" * (int(size.group(1), 16) + 1024) + b"#00")
    raw.send(b"$m" + addr)
    time.sleep(0.5)
    raw.buf = b""
    # The stub reads the oversized packet through first: seconds on a loaded
    # host, so its error reply may come only after the line was cleared.
    reply = raw.ask(b"?", 60)
    if reply.startswith(b"E"):
        reply = raw.reply(60)
    assert reply.startswith(b"T05"), reply
    raw.close()

    # A real gdb session on the same line works as if nothing happened.
    g = target.gdb()
    assert "kgdb_initial_breakpoint" in g.cmd("bt")
    assert re.search(r"0x[0-9a-f]+", g.cmd("x/xw cmd_uptime"))
    g.cont()


@pytest.mark.kgdboc_only
def test_detach_runs_on_without_the_oks_ack(target, arch):
    """A client in ack mode that closes the line at its detach's OK (or
    whose '+' is lost) still leaves every CPU running: the stub waits for
    that ack only a few seconds."""
    m = target.boot(cmdline=target.cmdline(wait=False))
    r = Raw(target.connect_line())
    r.send(b"+")
    assert b"PacketSize" in r.ask(b"qSupported")      # breaks in
    r.send(frame(b"D"))
    r.read_until(rb"\+\$OK#9a")
    r.close()
    assert re.search(r"up \d+\.\d+ s", m.run("uptime")), m.text()[-500:]
    m.wait_every_cpu_ticks(2)
