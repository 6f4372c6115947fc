# SPDX-License-Identifier: MIT
"""Boot the kernel under QEMU and talk to its serial ports.

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
import sys
import socket
import subprocess
import tempfile
import threading
import time

import testlog

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from arches import ARCHES, arches_over, arches_with, serial_args, tty  # noqa: E402
from netrelay import NetRelay  # noqa: E402
PROMPT = "kgdb-demo# "

# What the tests skip or do otherwise for (why, by arch: tools/arches.py).
NO_WRITE_PROTECTION = arches_with("no_write_protection")
NO_HW_DEBUG = arches_with("no_hw_debug")
NO_NMI = arches_with("no_nmi")
GDB_STEPS_ITSELF = arches_with("gdb_steps_itself")
VCPUS_ROUND_ROBIN = arches_with("vcpus_round_robin")
MASTER_SPINS = arches_with("master_spins")
STEPS_OVER_HITS = arches_with("steps_over_hits")
# The arches the suite runs over kgdboe as well as kgdboc.
KGDBOE_ARCHES = arches_over("kgdboe")


def free_port():
    """A TCP port that was free a moment ago (QEMU binds it next)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


def connect_line(port, timeout=None):
    """A connection to a serial port's chardev: a TCP port or a Unix path."""
    if isinstance(port, str):
        s = socket.socket(socket.AF_UNIX)
        s.settimeout(timeout)
        try:
            s.connect(port)
        except OSError:
            s.close()
            raise
        return s
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def chunks(sock):
    """What @sock receives, a chunk at a time, until it closes or fails."""
    while True:
        try:
            data = sock.recv(65536)
        except OSError:
            return
        if not data:
            return
        yield data


def close_all(*socks):
    """Shut down and close each socket given (None: skipped)."""
    for s in socks:
        if s:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


def proxy_ends(upstream_port):
    """A line proxy's two ends: the line, opened once and kept, and a
    listening socket on 127.0.0.1 for its one client at a time."""
    up = connect_line(upstream_port, timeout=10)
    up.settimeout(None)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    return up, listener


def name_of(elf, addr):
    """symbol+offset of @addr in @elf (nm reads any ELF), or "?"."""
    out = subprocess.run(["nm", "-n", elf], capture_output=True, text=True).stdout
    best = None
    for ln in out.splitlines():
        f = ln.split()
        if len(f) == 3 and f[1] in "tTwW":
            a = int(f[0], 16)
            if a > addr:
                break
            best = (f[2], a)
    return f"{best[0]}+{addr - best[1]:#x}" if best else "?"


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
            if left <= 0 or getattr(src, "closed", False):
                tail = src.out[src.pos:].decode(errors="replace")
                raise TimeoutError(f"no /{rx.pattern.decode()}/ within {timeout}s; "
                                   f"{what} after last match:\n{tail[-3000:]}")
            src.lock.wait(left)


class BootError(Exception):
    pass


class Machine:
    def __init__(self, arch, smp=1, cmdline=None, variant="",
                 mem="256M", ports=2, extra=(), telnet=True, attach_console=True,
                 line="tcp", nic=False, loss=0.0):
        assert line in ("tcp", "unix")
        self.line = line
        self.sock_dir = None
        self.arch = arch
        self.smp = smp
        self.cpus = smp
        self.cpus_text = ""   # the last answer to `cpus` (timer_ticks)
        self.cmdline = cmdline if cmdline is not None else f"console={tty(arch, 0)}"
        self.kernel = kernel_path(arch, variant)
        self.mem = mem
        self.nports = ports
        self.extra = list(extra)
        # A virtio-net NIC whose network is tools/netrelay.py on loopback:
        # gdb reaches the guest's kgdboe at udp:127.0.0.1:<relay.port>.
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
        self.snapshot_text = ""   # the vCPUs when the test failed (snapshot())
        self.cmd = []
        testlog.track(self, "machine")

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
            cmd = ARCHES[self.arch]["qemu"] + [
                "-accel", "tcg", "-display", "none", "-no-reboot",
                "-m", self.mem, "-smp", str(self.smp),
                "-kernel", self.kernel, "-append", self.cmdline,
                "-nodefaults", "-vga", "none",
            ]
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
            for i, port in enumerate(self.ports):
                telnet = ",telnet=on" if i == 0 and self.telnet else ""
                where = (f"path={port}" if isinstance(port, str) else
                         f"host=127.0.0.1,port={port},nodelay=on")
                cmd += ["-chardev", f"socket,id=s{i},{where},server=on,wait=off{telnet}"]
                cmd += serial_args(self.arch, i, f"s{i}")
            cmd += self.extra
            self.cmd = cmd
            if self.nic:
                self.relay = NetRelay(loss=self.loss).start()
                cmd += self.relay.qemu_args(ARCHES[self.arch]["nic"], "52:54:00:12:34:56")
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

    def timer_ticks(self):
        """Each CPU's timer tick count, from the shell's `cpus` (its whole
        answer is kept in self.cpus_text, for a failure to show). Another
        CPU's printk can cut into a line of the answer (the console's lock
        is taken over after a long spin, as when the host deschedules its
        holder's vCPU): then the lines do not add up, and it asks again."""
        for _ in range(3):
            self.cpus_text = self.run("cpus")
            online = re.search(r"^(\d+) CPU\(s\) online$", self.cpus_text, re.M)
            ticks = {int(c): int(n) for c, n in
                     re.findall(r"^cpu(\d+):.* (\d+) timer ticks$", self.cpus_text, re.M)}
            if online and int(online.group(1)) == len(ticks):
                break
        return ticks

    def wait_every_cpu_ticks(self, ncpus, timeout=10):
        """Wait until each of the @ncpus CPUs (as many as the kernel runs)
        has taken a timer tick (it runs); fail after @timeout s. A loaded
        host can leave a vCPU without a tick for a second or more, so one
        short look is not enough."""
        ncpus = min(ncpus, self.cpus)
        before = self.timer_ticks()
        assert sorted(before) == list(range(ncpus)), \
            f"not {ncpus} CPUs in `cpus`:\n{self.cpus_text}\nat boot: " + \
            "; ".join(re.findall(r".*(?:CPU\(s\) online|did not come up).*", self.text()))
        deadline = time.monotonic() + timeout
        while True:
            time.sleep(0.2)
            after = self.timer_ticks()
            if all(after[c] > before[c] for c in before):
                return
            assert time.monotonic() < deadline, f"no timer ticks: {before} then {after}"

    def vcpu_seconds(self):
        """Host CPU time used so far by each vCPU thread (the monitor names
        the threads), by CPU number."""
        ticks = os.sysconf("SC_CLK_TCK")
        out = {}
        for cpu, tid in re.findall(r"CPU #(\d+): thread_id=(\d+)", self.monitor("info cpus")):
            with open(f"/proc/{self.proc.pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            out[cpu] = (int(fields[11]) + int(fields[12])) / ticks    # utime + stime
        return out

    def busy_vcpus(self, span=1.0):
        """The vCPUs that used more than 15% of a host core over @span s (a
        halted vCPU uses none, a master napping between polls a few
        percent; four spinning ones on two host cores, 80%)."""
        a = self.vcpu_seconds()
        time.sleep(span)
        b = self.vcpu_seconds()
        return sorted(cpu for cpu in b if b[cpu] - a[cpu] > span * 0.15)

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

    def log_text(self):
        """What to keep of a failed test (tests/pylib/testlog.py)."""
        cmd = " ".join(self.cmd)
        logs = {"console": self.text(),
                "qemu": f"$ {cmd}\n{self.qemu_output()}"}
        if self.snapshot_text:
            logs["vcpus"] = self.snapshot_text
        return logs

    def snapshot(self):
        """Where each vCPU is when a test fails, while the machine still runs:
        QEMU's `info cpus` (a halted vCPU waits in wfi/hlt) and each CPU's
        registers twice, half a second apart, their PCs named from the ELF.
        A debugger that stopped answering shows here as a master napping
        for good, or spinning, and where."""
        if not (self.proc and self.proc.poll() is None and getattr(self, "monitor_port", None)):
            return
        out = []
        for _ in range(2):
            for cmd in ("info cpus", "info registers -a"):
                text = self.monitor(cmd)
                out.append(f"(qemu) {cmd}\n{text}")
            out.append(f"busy vCPUs: {self.busy_vcpus(0.5)}\n")
        text = "".join(out)
        pcs = sorted(set(int(v, 16) for v in re.findall(
            r"\b(?:PC|RIP|EIP|R15|pc|NIP)\s*[=:]?\s*(?:0x)?([0-9a-fA-F]{8,16})\b", text)))
        self.snapshot_text = text + "".join(f"{pc:#x} {name_of(self.kernel, pc)}\n"
                                            for pc in pcs)

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
        sock = self.console
        iac = self.iac
        while True:
            try:
                data = sock.recv(4096)
            except OSError:
                data = b""
            with self.lock:
                if not data:
                    self.closed = True
                    self.lock.notify_all()
                    return
                clean, iac = telnet_strip(iac + data)
                self.out += clean
                self.lock.notify_all()

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
