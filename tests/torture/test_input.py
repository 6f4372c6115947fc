# SPDX-License-Identifier: MIT
"""Random and adversarial input on the debug line, while the kernel is
stopped and while it runs: the fuzz corpus, random bytes, 0x03 storms,
packets of exactly PacketSize and just over. gdb attaches afterwards and
finds the kernel consistent."""
import os
import re

from lib.rsp import frame
from torture import (RawClient, bad_console, booted_with_stress, check_consistent, rounds, scale,
                     symbols)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")
NCPUS = 2
# Packets that only look at the machine: the corpus was written for a fake
# machine's addresses, so its writes, resumes and monitor commands (reboot)
# are left out, and random bytes must not form one by chance.
LOOKS = b"?gmpxHTq"


def harmless(body):
    return body[:1] and body[:1] in LOOKS and not body.startswith(b"qRcmd")


def corpus_packets():
    """Every packet of the fuzz corpus that only looks at the machine."""
    out = []
    for name in sorted(os.listdir(CORPUS)):
        with open(os.path.join(CORPUS, name), "rb") as f:
            data = f.read()
        out += [b for b in re.findall(rb"\$([^#$]*)#[0-9a-fA-F]{2}", data) if harmless(b)]
    assert len(out) > 20, "the corpus lost its packets"
    return out


def noise(rng, n):
    """@n random bytes in which no '$' starts a packet that changes state."""
    data = bytearray(rng.randrange(256) for _ in range(n))
    for i in range(len(data) - 1):
        if data[i] == ord("$") and data[i + 1] not in LOOKS:
            data[i + 1] = rng.choice(LOOKS)
    return bytes(data)


def plain(rng, n):
    """@n random bytes that need no escaping in binary data."""
    return bytes(rng.choice([b for b in range(256) if b not in b"#$}*"]) for _ in range(n))


def abuse(c, rng, tally, psize, scratch):
    """One round of bad input, the stub stopped. Ends with a good exchange."""
    for body in corpus_packets():
        c.send(frame(body))
        tally.add("corpus packets sent")
    c.send(noise(rng, scale(2000, 20000)))
    tally.add("random bytes sent", scale(2000, 20000))
    c.send(b"\x03" * 500)
    tally.add("0x03 sent", 500)
    # Let the stub answer all that; then a packet of exactly PacketSize is
    # taken, and one a byte longer refused with E07.
    c.buf = b""
    assert c.stop_reply()[:1] == b"T"
    n = psize
    while len(b"X%x,%x:" % (scratch, n)) + n != psize:
        n = psize - len(b"X%x,%x:" % (scratch, n))
    data = plain(rng, n)
    body = b"X%x,%x:" % (scratch, n) + data
    assert len(body) == psize
    assert c.ok(body) == b"OK", "a packet of exactly PacketSize was refused"
    assert c.read(scratch, 1000) == data[:1000]
    tally.add("PacketSize packets taken")
    tally.add("bytes verified", 1000)
    over = b"X%x,%x:" % (scratch, n + 1) + data + b"A"
    assert len(over) == psize + 1
    assert c.request(over, lambda r: r.startswith(b"E")) == b"E07"
    tally.add("PacketSize + 1 packets refused")
    assert c.read(scratch, 999) == data[:999], "an oversized packet was written"


def test_garbage_while_stopped(target, arch, tally):
    m = target.boot(smp=NCPUS)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    c = RawClient(m.ports[1], timeout=5)
    try:
        psize = c.supported()
        scratch = symbols(arch)["log_buf"]
        for _ in rounds(tally, scale(1, 20), share=0.05):
            abuse(c, tally.rng, tally, psize, scratch)
            tally.add("sessions survived")
        c.detach()
    finally:
        c.close()
    m.wait_boot()
    m.run("stress")
    g = target.gdb()
    check_consistent(m, g, tally, NCPUS)
    g.cont()
    assert not bad_console(m), bad_console(m)


def test_garbage_while_running(target, arch, tally):
    """Noise and 0x03 storms at a running kernel: a 0x03 breaks in and the
    stub, waiting for gdb, answers the rest; gdb then takes over."""
    m, g = booted_with_stress(target, NCPUS)
    g.cmd("detach")
    g.close()
    rng = tally.rng
    for _ in rounds(tally, scale(1, 20), share=0.05):
        c = RawClient(m.ports[1], timeout=5)
        try:
            n = scale(3000, 30000)
            c.send(noise(rng, n))
            tally.add("random bytes sent", n)
            c.send(b"\x03" * 200)
            tally.add("0x03 sent", 200)
            for body in corpus_packets():
                c.send(frame(body))
                tally.add("corpus packets sent")
            # The stub answers in order: once this is answered, no ack or
            # reply meant for this client is left to reach gdb, which would
            # take a stray '+' and reply for the answer to its own packet.
            c.read(symbols(arch)["log_buf"], 37)
        finally:
            c.close()
        g = target.gdb()
        check_consistent(m, g, tally, NCPUS)
        g.cmd("detach")
        g.close()
        tally.add("sessions survived")
    assert not bad_console(m), bad_console(m)
