# SPDX-License-Identifier: MIT
"""The serial drivers' transmit paths, which the debugger's line uses."""
import socket
import time

import pytest

from arches import port_device
from machine import Machine, connect_line, tty

LINETEST_BYTES = 1 << 20
PAUSE_EVERY = 256 << 10
PAUSES = 3
# A 16550 on PCI (pci-serial) moves about 20 KB/s under QEMU 7.2 (each
# register access crosses the host bridge's I/O window): an eighth of the
# bytes, with the same three pauses.
DEVICE_LINE_SHARE = 8


def linetest_pattern(n):
    """What kernel/bench.c's linetest sends: '0' + i % 64 per 256-byte chunk."""
    chunk = bytes(0x30 + i % 64 for i in range(256))
    return (chunk * (n // len(chunk) + 1))[:n]


@pytest.mark.parametrize("mode", ["tx", "txpoll"])
def test_output_survives_a_host_that_reads_late(arch, mode):
    """QEMU drains a 16550's FIFO only as fast as the host reads the
    chardev: a reader that pauses fills the socket and stalls the UART. The
    driver must wait for room rather than overwrite the full FIFO (before,
    it gave up after 100000 status reads and bytes went missing, which gdb
    saw as damaged packets). 1 MiB through ttyS1's write path (tx) and the
    debugger's poll_put_char path (txpoll), the reader pausing 0.7 s three
    times: every byte arrives, in order."""
    share = DEVICE_LINE_SHARE if port_device(arch, 1) else 1
    nbytes, pause_every = LINETEST_BYTES // share, PAUSE_EVERY // share
    m = Machine(arch, smp=1, line="unix").start()
    try:
        m.wait_boot()
        line = connect_line(m.ports[1], timeout=5)
        m.write(f"linetest {tty(arch, 1)} {mode} {nbytes}\n")
        got = bytearray()
        pauses = 0
        while len(got) < nbytes:
            if pauses < PAUSES and len(got) >= (pauses + 1) * pause_every:
                time.sleep(0.7)
                pauses += 1
            try:
                data = line.recv(1 << 16)
            except socket.timeout:
                break
            if not data:
                break
            got += data
        assert pauses == PAUSES
        want = linetest_pattern(nbytes)
        first_bad = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
        assert len(got) == nbytes and first_bad is None, \
            f"{len(got)} of {nbytes} bytes, first wrong at {first_bad}"
        m.expect(rf"linetest: \S+ {mode} {nbytes} of {nbytes} bytes")
    finally:
        m.stop()


def test_a_line_nobody_reads_does_not_hold_the_kernel(arch):
    """A reader that is connected but never reads stalls the UART for good.
    What is sent to it is lost, but only the first write may wait for THRE
    (a second): 1 MiB through the debugger's poll_put_char path, interrupts
    off, still finishes in seconds, and the shell answers. (The PL011 is not
    tested: QEMU blocks the whole machine in its write until the host
    reads.)"""
    if arch == "arm":
        pytest.skip("QEMU's PL011 blocks in its write; no wait in the driver")
    m = Machine(arch, smp=1, line="unix").start()
    try:
        m.wait_boot()
        line = connect_line(m.ports[1], timeout=5)
        t0 = time.monotonic()
        out = m.run(f"linetest {tty(arch, 1)} txpoll {LINETEST_BYTES}", timeout=60)
        took = time.monotonic() - t0
        assert f"{LINETEST_BYTES} of {LINETEST_BYTES} bytes" in out, out
        assert took < 20, f"linetest took {took:.1f} s"
        assert "up " in m.run("uptime")
        line.close()
    finally:
        m.stop()
