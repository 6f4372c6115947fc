# SPDX-License-Identifier: MIT
"""Boot the kernel under QEMU and talk to its serial ports: the machine the
tests (tests/pylib/machine.py) and the bench boot.

A Machine owns one QEMU process. Its serial ports are TCP server chardevs
with nodelay=on on 127.0.0.1: ttyS0 (the console) is read by a background
thread into a buffer that tests search; ttyS1 is left free for a debugger
(kgdboc) or for a test that wants the raw line. With line="unix" the ports
after ttyS0 are Unix socket chardevs instead (self.ports[i] is a path):
QEMU sends each byte the guest transmits with its own send(), and on a
Unix socket that costs a fraction of a TCP one.
"""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

from arches import tty
from netrelay import NetRelay

from . import qemu
from .qemu import connect_line, free_port

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PROMPT = "kgdb-demo# "


def listening(pid, ports):
    """Whether process @pid listens on every TCP port in @ports (from
    /proc/net/tcp and its fds). Only its own sockets count: free_port()'s
    port may have gone to another worker's QEMU meanwhile, and then this
    one fails to bind it and exits."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    inodes = set()
    for fd in fds:
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[8:-1])
    ours = set()
    with open("/proc/net/tcp") as f:
        for line in f.readlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:
                ours.add(int(fields[1].split(":")[1], 16))
    return all(p in ours for p in ports if not isinstance(p, str))


def kernel_path(arch, variant=""):
    return os.path.join(ROOT, "build", arch + variant, "vmlinux")


IAC, BRK = b"\xff", b"\xf3"
WILL, DONT = 251, 254


def telnet_strip(data):
    """Remove telnet commands from @data; return (text, unfinished command)."""
    out = bytearray()
    i = 0
    while i < len(data):
        if data[i] != IAC[0]:
            out.append(data[i])
            i += 1
            continue
        if i + 1 >= len(data):
            return bytes(out), data[i:]
        cmd = data[i + 1]
        if cmd == IAC[0]:
            out.append(cmd)
            i += 2
        elif WILL <= cmd <= DONT:
            if i + 2 >= len(data):
                return bytes(out), data[i:]
            i += 3
        else:
            i += 2
    return bytes(out), b""


def expect_output(src, pattern, timeout, what):
    """Wait for @pattern (regex) in @src.out (bytes a reader thread appends
    under @src.lock, notifying it; @src.closed once it ends) after @src.pos;
    return the match and move @src.pos past it. TimeoutError, with what
    came, if it does not within @timeout s."""
    rx = re.compile(pattern.encode() if isinstance(pattern, str) else pattern)
    deadline = time.monotonic() + timeout
    with src.lock:
        while True:
            m = rx.search(src.out, src.pos)
            if m:
                src.pos = m.end()
                return m
            left = deadline - time.monotonic()
            closed = getattr(src, "closed", False)
            if left <= 0 or closed:
                tail = src.out[src.pos:].decode(errors="replace")
                # A line that closed ends the wait at once: say so, and how
                # QEMU ended if it did (a guest reset under -no-reboot exits).
                proc = getattr(src, "proc", None)
                why = f"{what} closed after {timeout - left:.1f}s" if closed else \
                    f"not within {timeout}s"
                if proc is not None and closed:
                    # Its line closes before QEMU has quite exited.
                    try:
                        proc.wait(5)
                    except subprocess.TimeoutExpired:
                        pass
                if proc is not None and proc.poll() is not None:
                    why += f", QEMU exited with {proc.returncode}"
                    if hasattr(src, "qemu_output"):
                        why += f", saying: {src.qemu_output()[-1500:]!r}"
                raise TimeoutError(f"no /{rx.pattern.decode()}/: {why}; "
                                   f"{what} after last match:\n{tail[-3000:]}")
            src.lock.wait(left)


def read_into(src, sock, clean=bytes):
    """Append what @sock receives, through @clean, to @src.out under
    @src.lock, notifying it, until the connection ends; then set
    @src.closed. A reader thread's loop, for expect_output()."""
    while True:
        try:
            data = sock.recv(4096)
        except OSError:
            data = b""
        with src.lock:
            if not data:
                src.closed = True
                src.lock.notify_all()
                return
            src.out += clean(data)
            src.lock.notify_all()


class BootError(Exception):
    pass


class Machine:
    def __init__(self, arch, smp=1, cmdline=None, variant="",
                 mem="256M", ports=2, extra=(), telnet=True, attach_console=True,
                 line="tcp", nic=False, loss=0.0, defaults=False, first=()):
        assert line in ("tcp", "unix")
        self.line = line
        self.sock_dir = None
        self.arch = arch
        self.smp = smp
        self.cpus = smp
        self.cmdline = cmdline if cmdline is not None else f"console={tty(arch, 0)}"
        self.kernel = kernel_path(arch, variant)
        self.mem = mem
        self.nports = ports
        self.extra = list(extra)
        # defaults: QEMU's default devices too (no -nodefaults), as a user's
        # command line has them; first: options before the serial ports',
        # whose devices take the lower free PCI slots.
        self.defaults = defaults
        self.first = list(first)
        # A virtio-net NIC whose network is tools/netrelay.py on loopback:
        # gdb reaches the guest's kgdboe at udp:127.0.0.1:<relay.port>.
        # True: the arch's NIC (tools/arches.py); a string: that QEMU device.
        self.nic = nic
        self.loss = loss
        self.relay = None
        self.telnet = telnet
        self.attach_console = attach_console
        self.proc = None
        self.ports = []
        self.console = None
        self.out = b""
        self.lock = threading.Condition()
        self.reader = None
        self.boot_seconds = None
        self.pos = 0          # search start in self.out for expect()
        self.iac = b""        # an unfinished telnet command from the console
        self.qemu_text = ""   # QEMU's own output, once it has exited
        self.cmd = []

    # ---------------------------------------------------------------- life
    def start(self, run=True):
        """Start QEMU; with @run false the CPUs stay stopped until resume()."""
        assert run or (self.attach_console and self.telnet), "only a telnet console pauses"
        if not os.path.exists(self.kernel):
            raise BootError(f"{self.kernel} is not built (make ARCH={self.arch})")
        for attempt in range(5):
            self.ports = [free_port() for _ in range(self.nports)]
            if self.line == "unix":
                self.sock_dir = self.sock_dir or tempfile.mkdtemp(prefix="kgdb-line-")
                self.ports[1:] = [os.path.join(self.sock_dir, f"{tty(self.arch, i)}.sock")
                                  for i in range(1, self.nports)]
            cmd = qemu.argv(self.arch, self.kernel, self.cmdline, self.smp, self.mem,
                            self.defaults)
            # QEMU drops console output until it has sent its telnet options
            # to the reader; a kernel that boots in 0.1 s (arm) would lose its
            # first lines. So the CPUs start paused, and resume() lets them go.
            paused = self.attach_console and self.telnet
            if paused:
                self.monitor_port = free_port()
                cmd += ["-S", "-monitor", f"tcp:127.0.0.1:{self.monitor_port},server=on,"
                        "wait=off,nodelay=on"]
            else:
                cmd += ["-monitor", "none"]
            cmd += self.first
            for i, port in enumerate(self.ports):
                cmd += qemu.line_args(self.arch, i, f"s{i}", port, telnet=i == 0 and self.telnet)
            cmd += self.extra
            self.cmd = cmd
            if self.nic:
                self.relay = NetRelay(loss=self.loss).start()
                cmd += qemu.nic_args(self.arch, self.relay,
                                     self.nic if isinstance(self.nic, str) else None)
            self.t0 = time.monotonic()
            self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT,
                                         start_new_session=True)
            try:
                self._wait_listening(self.ports + ([self.monitor_port] if paused else []))
                if self.attach_console:
                    self.console = self._connect(self.ports[0])
                    if paused:
                        self._telnet_options()
                        if run:
                            self.resume()
                break
            except OSError:
                self.stop()
        else:
            raise BootError("QEMU did not start: " + self.qemu_output())
        if self.console:
            # Only connecting has a timeout: an idle console is no end of it.
            self.console.settimeout(None)
            self.reader = threading.Thread(target=self._read_console, daemon=True)
            self.reader.start()
        return self

    def _telnet_options(self):
        """Wait for QEMU's telnet options on the console: from then on it
        keeps the console's output."""
        first = self.console.recv(4096)
        clean, self.iac = telnet_strip(first)
        self.out += clean

    def resume(self):
        """Start the CPUs of a machine started with run=False."""
        self.monitor("cont")

    def monitor(self, command):
        """Run an HMP command in QEMU's monitor; returns its output. Only
        machines started paused (a telnet console) have a monitor."""
        with self._connect(self.monitor_port) as mon:
            mon.sendall(command.encode() + b"\n")
            seen = b""
            while seen.count(b"(qemu)") < 2:    # the prompt after the command
                data = mon.recv(4096)
                if not data:
                    break
                seen += data
        text = seen.decode(errors="replace").replace("\r", "")
        return text.split(command, 1)[-1].rsplit("(qemu)", 1)[0]

    def _wait_listening(self, ports, timeout=10):
        """Until this QEMU listens on all of @ports, taking no connection."""
        deadline = time.monotonic() + timeout
        while not listening(self.proc.pid, ports):
            if self.proc.poll() is not None:
                raise OSError("QEMU exited")
            if time.monotonic() > deadline:
                raise OSError(f"QEMU does not listen on all of {ports}")
            time.sleep(0.02)

    def _connect(self, port, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise OSError("QEMU exited")
            try:
                return connect_line(port, timeout=1)
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    def connect_port(self, index):
        """A socket on serial port @index (ttyS<index>)."""
        return self._connect(self.ports[index])

    def qemu_output(self):
        if self.proc and self.proc.poll() is not None and self.proc.stdout:
            self.qemu_text += self.proc.stdout.read().decode(errors="replace")
        return self.qemu_text

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()
        if self.relay:
            self.relay.stop()
            self.relay = None
        if self.console:
            self.console.close()
            self.console = None
        if self.sock_dir:
            shutil.rmtree(self.sock_dir, ignore_errors=True)
            self.sock_dir = None

    def __enter__(self):
        return self if self.proc else self.start()

    def __exit__(self, *exc):
        self.stop()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    # ---------------------------------------------------------------- console
    def _read_console(self):
        iac = self.iac

        def clean(data):
            nonlocal iac
            text, iac = telnet_strip(iac + data)
            return text
        read_into(self, self.console, clean)

    def text(self):
        with self.lock:
            return self.out.decode(errors="replace")

    def expect(self, pattern, timeout=10):
        """Wait for @pattern (regex) in console output after the last match;
        return the match. Raises TimeoutError with the output seen."""
        return expect_output(self, pattern, timeout, "console")

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.console.sendall(data.replace(IAC, IAC + IAC))

    def send_break(self):
        """A line BREAK on the console (telnet IAC BRK)."""
        self.console.sendall(IAC + BRK)

    def wait_boot(self, timeout=30):
        self.expect(re.escape(PROMPT), timeout)
        self.boot_seconds = time.monotonic() - self.t0
        return self.boot_seconds

    def run(self, line, timeout=10):
        """Type a shell command; return its output (up to the next prompt)."""
        start = self.pos
        self.write(line + "\n")
        m = self.expect(re.escape(PROMPT), timeout)
        with self.lock:
            chunk = self.out[start:m.start()].decode(errors="replace")
        # Drop the echoed command line.
        lines = chunk.replace("\r", "").split("\n")
        if lines and lines[0].strip().endswith(line.strip()):
            lines = lines[1:]
        return "\n".join(lines)
