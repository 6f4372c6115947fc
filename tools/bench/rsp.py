# SPDX-License-Identifier: MIT
"""Memory reads as a client that knows binary `x` makes them.

gdb 13 reads memory only with hex `m`; LLDB and newer gdb use `x`, whose
reply carries the bytes themselves (escaped), about half the wire bytes.
This small remote-protocol client breaks in on a running kernel, reads
the same memory with `m` and with `x` in the biggest packets the stub
offers (PacketSize), and lets it go again.
"""
import re
import time

from lib import rsp
from lib.qemu import connect_line


class Client:
    def __init__(self, port, timeout=10):
        self.sock = connect_line(port, timeout)
        self.packets = rsp.Scanner()
        self.naks = 0       # replies that arrived damaged and were sent again

    def close(self):
        self.sock.close()

    def _packet(self):
        """The next packet's payload (acked), skipping acks and noise; a
        damaged one is NAKed, and the stub sends it again."""
        while True:
            body = self.packets.next()
            if body is rsp.DAMAGED:
                self.naks += 1
                self.sock.sendall(b"-")
            elif body is not None:
                self.sock.sendall(b"+")
                return body
            else:
                data = self.sock.recv(65536)
                if not data:
                    raise OSError("line closed")
                self.packets.feed(data)

    def request(self, payload):
        """Send @payload, return the reply's payload (console O packets skipped)."""
        self.sock.sendall(rsp.frame(payload))
        while True:
            reply = self._packet()
            if not (reply.startswith(b"O") and reply != b"OK"):
                return reply

    def attach(self):
        """Break in (Ctrl-C), ask why it stopped, learn the packet size."""
        self.sock.sendall(b"\x03")
        stop = self.request(b"?")
        if stop[:1] not in (b"S", b"T"):
            raise OSError(f"no stop reply: {stop!r}")
        sup = self.request(b"qSupported:multiprocess-")
        self.packet_size = int(re.search(rb"PacketSize=([0-9a-fA-F]+)", sup).group(1), 16)
        self.binary = b"binary-upload+" in sup

    def read(self, addr, size, binary):
        """@size bytes at @addr with `x` (binary) or `m`, as big as fit."""
        out = bytearray()
        while len(out) < size:
            left = size - len(out)
            if binary:
                reply = self.request(b"x%x,%x" % (addr + len(out), min(left, self.packet_size)))
                if not reply.startswith(b"b"):
                    raise OSError(f"x: {reply[:20]!r}")
                chunk = rsp.unescape(reply[1:])
            else:
                reply = self.request(b"m%x,%x" % (addr + len(out),
                                                  min(left, self.packet_size // 2)))
                if reply.startswith(b"E"):
                    raise OSError(f"m: {reply!r}")
                chunk = bytes.fromhex(reply.decode())
            if not chunk:
                raise OSError("empty read")
            out += chunk
        return bytes(out)

    def detach(self):
        self.request(b"D")


def measure(port, addr, size, runs):
    """Times of @runs reads of @size bytes with `m` and with `x`, and
    whether both read the same bytes. The kernel runs again afterwards."""
    c = Client(port)
    try:
        c.attach()
        res = {"m": [], "x": [], "packet_size": c.packet_size}
        for _ in range(runs):
            for kind in ("m", "x"):
                t0 = time.perf_counter()
                data = c.read(addr, size, kind == "x")
                res[kind].append(time.perf_counter() - t0)
                res.setdefault("data_" + kind, data)
        res["same"] = res.pop("data_m") == res.pop("data_x")
        res["naks"] = c.naks
        c.detach()
        return res
    finally:
        c.close()
