# SPDX-License-Identifier: MIT
"""The GDB remote protocol's framing, for every test and tool that speaks it.

A packet is `$body#cs`, cs the sum of body's bytes modulo 256 in two hex
digits. In binary data `}` escapes the byte after it (that byte XOR 0x20):
`#`, `$`, `}` and `*` are sent escaped. A reply may be run-length encoded:
`X*n` is X followed by n - 29 more of it.
"""
import re

ESCAPE = 0x7d
SPECIAL = b"#$}*"
# A packet: no '$' inside its body (one there starts the next packet: this
# one was cut off), and any two bytes after '#' (damaged digits too).
PACKET = re.compile(rb"\$([^$#]*)#(..)", re.S)
HEX2 = re.compile(rb"[0-9a-fA-F]{2}")
# What Scanner.next() gives for a packet whose checksum is wrong.
DAMAGED = object()


def checksum(body):
    return sum(body) & 0xff


def frame(body):
    """@body (bytes, already escaped) as a packet."""
    return b"$" + body + b"#%02x" % checksum(body)


def escape(data):
    """@data as binary data in a packet (X, and x's replies)."""
    out = bytearray()
    for b in data:
        if b in SPECIAL:
            out += bytes([ESCAPE, b ^ 0x20])
        else:
            out.append(b)
    return bytes(out)


def unescape(data):
    out = bytearray()
    it = iter(data)
    for b in it:
        if b == ESCAPE:
            b = next(it, None)
            if b is None:
                raise ValueError("binary data ends in its escape byte")
            b ^= 0x20
        out.append(b)
    return bytes(out)


def unrle(body):
    """@body with its runs expanded (a '*' with no byte before or after it
    is taken as itself)."""
    out = bytearray()
    i = 0
    while i < len(body):
        if body[i] == ord("*") and out and i + 1 < len(body):
            out += out[-1:] * (body[i + 1] - 29)
            i += 2
        else:
            out.append(body[i])
            i += 1
    return bytes(out)


def intact(body, cs):
    """Whether @cs (the two bytes after '#') is @body's checksum."""
    return bool(HEX2.fullmatch(cs)) and int(cs, 16) == checksum(body)


def parse(packet):
    """The body of @packet (`$body#cs`), run-length decoded; ValueError if
    it is not one packet or its checksum is wrong."""
    m = PACKET.fullmatch(packet)
    if not m or not intact(m.group(1), m.group(2)):
        raise ValueError(f"not an intact packet: {packet[:60]!r}")
    return unrle(m.group(1))


class Scanner:
    """The packets in a byte stream, as its bytes come: feed() them, and
    next() gives each complete packet in turn. The '+' and '-' before a
    packet, outside of any, are appended to self.acks; other bytes between
    packets, and a packet cut off by the next '$', are dropped."""

    def __init__(self):
        self.buf = b""
        self.acks = b""

    def feed(self, data):
        self.buf += data

    def _between(self, gap):
        self.acks += bytes(b for b in gap.split(b"$", 1)[0] if b in b"+-")

    def next(self):
        """The next complete packet's body, run-length decoded; DAMAGED if
        its checksum is wrong; None while none is complete."""
        m = PACKET.search(self.buf)
        if not m:
            start = self.buf.find(b"$")
            start = len(self.buf) if start < 0 else start
            self._between(self.buf[:start])
            self.buf = self.buf[start:]
            return None
        self._between(self.buf[:m.start()])
        self.buf = self.buf[m.end():]
        body, cs = m.group(1), m.group(2)
        return unrle(body) if intact(body, cs) else DAMAGED
