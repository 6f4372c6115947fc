# SPDX-License-Identifier: MIT
"""The serial line's own speed, measured with the kernel's `linetest`
shell command (kernel/bench.c), which moves bytes through the same tty
poll operations kgdboc uses; all but tx run with interrupts off on the CPU
the UART interrupts, as the debugger does.

  tx      guest -> host through the driver's write path (a FIFO's worth
          per wait): what the line can carry
  txpoll  guest -> host one poll_put_char() per byte: the debugger's path
  rx      host -> guest through poll_get_char()
  rtt     one byte there and back (echo), the floor of a round trip
"""
import statistics
import time

from arches import tty

TX_BYTES = 128 << 10
RX_BYTES = 32 << 10
ECHOES = 400
ATTEMPTS = 3


def _recv_exact(sock, n, timeout=5):
    sock.settimeout(timeout)
    got = 0
    first = last = None
    while got < n:
        data = sock.recv(min(65536, n - got))
        if not data:
            raise OSError("line closed")
        last = time.perf_counter()
        if first is None:
            first, first_len = last, len(data)
        got += len(data)
    return first, first_len, last


def _expect_byte(sock, want, timeout=15):
    sock.settimeout(timeout)
    while True:
        b = sock.recv(1)
        if not b:
            raise OSError("line closed")
        if b == want:
            return time.perf_counter()
        if b == b"T":
            raise OSError("guest timed out receiving")


def _tx(machine, line, mode):
    machine.write(f"linetest {tty(machine.arch, 1)} {mode} {TX_BYTES}\n")
    first, first_len, last = _recv_exact(line, TX_BYTES)
    return (TX_BYTES - first_len) / (last - first)


def _rx(machine, line):
    machine.write(f"linetest {tty(machine.arch, 1)} rx {RX_BYTES}\n")
    _expect_byte(line, b"R")
    t0 = time.perf_counter()
    line.sendall(bytes(i & 0x7f for i in range(RX_BYTES)))
    t1 = _expect_byte(line, b"K")
    return RX_BYTES / (t1 - t0)


def _rtt(machine, line):
    machine.write(f"linetest {tty(machine.arch, 1)} echo {ECHOES}\n")
    _expect_byte(line, b"R")
    times = []
    for i in range(ECHOES):
        b = bytes([0x41 + i % 26])
        t0 = time.perf_counter()
        line.sendall(b)
        _expect_byte(line, b)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


TESTS = {"tx": lambda m, s: _tx(m, s, "tx"), "txpoll": lambda m, s: _tx(m, s, "txpoll"),
         "rx": _rx, "rtt": _rtt}


def measure(boot, runs=3, progress=print):
    """Medians over @runs of each figure. @boot() returns a started Machine
    at its shell prompt; each test gets a fresh one. (After a burst on
    ttyS1, QEMU 7.2 at times stops passing ttyS0's output on, so nothing
    here waits for the console.)"""
    res = {k: [] for k in TESTS}
    for _ in range(runs):
        for name, test in TESTS.items():
            for attempt in range(ATTEMPTS):
                m = boot()
                line = m.connect_port(1)
                try:
                    res[name].append(test(m, line))
                    scale, unit = (1e6, "us") if name == "rtt" else (1e-3, "KB/s")
                    progress(f"bench: link {name} {res[name][-1] * scale:.0f} {unit}")
                    break
                except OSError as e:
                    progress(f"bench: link {name}: {e}; again on a new machine")
                finally:
                    line.close()
                    m.stop()
            else:
                progress(f"bench: link {name} failed {ATTEMPTS} times; left out")
    for name in ("tx", "txpoll", "rx", "rtt"):
        if not res[name]:
            raise OSError(f"link test {name} never completed")
    return {k: statistics.median(v) for k, v in res.items()} | \
        {k + "_runs": v for k, v in res.items()}
