# SPDX-License-Identifier: MIT
"""Drive gdb-multiarch through its machine interface (MI).

Tests ask gdb for what a user would type (console commands) and assert on
what gdb prints; MI only frames the output so that a test knows where one
command's output ends and when the target stopped.
"""
import itertools
import os
import queue
import re
import signal
import subprocess
import threading
import time

import testlog

GDB = "gdb-multiarch"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class GdbError(Exception):
    pass


def mi_unquote(s):
    """Decode an MI c-string body (without the quotes)."""
    out = bytearray()
    i = 0
    raw = s.encode("latin-1", errors="replace")
    while i < len(raw):
        c = raw[i]
        if c == 0x5c and i + 1 < len(raw):  # backslash
            n = chr(raw[i + 1])
            i += 2
            if n == "n":
                out += b"\n"
            elif n == "t":
                out += b"\t"
            elif n == "r":
                out += b"\r"
            elif n in "01234567":
                j = i - 1
                while i < len(raw) and i - j < 3 and chr(raw[i]) in "01234567":
                    i += 1
                out.append(int(raw[j:i], 8) & 0xff)
            else:
                out += n.encode("latin-1")
            continue
        out.append(c)
        i += 1
    return out.decode("utf-8", errors="replace")


def fold_cycles(runs, longest=8):
    """[text, count] runs with a group of up to @longest runs that repeats
    back to back kept once, followed by a line saying how often it came."""
    out, i = [], 0
    while i < len(runs):
        for size in range(2, longest + 1):
            group = runs[i:i + size]
            k = 1
            while runs[i + k * size:i + (k + 1) * size] == group:
                k += 1
            if k > 1:
                out += [tuple(r) for r in group]
                out.append((f"[the {size} lines above, {k} times in all]", 1))
                i += k * size
                break
        else:
            out.append(tuple(runs[i]))
            i += 1
    return out


class Stop:
    """A *stopped record: reason, signal, function, and the raw record."""

    def __init__(self, record):
        self.raw = record
        self.reason = self._field("reason")
        self.signal = self._field("signal-name")
        self.func = self._field("func")
        self.thread = self._field("thread-id")
        self.addr = self._field("addr")

    def _field(self, name):
        m = re.search(name + r'="((?:[^"\\]|\\.)*)"', self.raw)
        return mi_unquote(m.group(1)) if m else None

    def __repr__(self):
        return f"<Stop {self.raw}>"


_gdbs_started = itertools.count(1)


def remote_log():
    """gdb's arguments that log its packets, with GDB_REMOTE_LOG set
    (docs/testing.md): to that path plus "<this process>-<n>"."""
    path = os.environ.get("GDB_REMOTE_LOG")
    if not path:
        return []
    return ["-iex", f"set remotelogfile {path}{os.getpid()}-{next(_gdbs_started)}"]


class Gdb:
    def __init__(self, vmlinux, arch=None):
        self.vmlinux = vmlinux
        self.proc = subprocess.Popen(
            [GDB, "-q", "-nx", "-iex", f"add-auto-load-safe-path {ROOT}",
             *remote_log(),
             "--interpreter=mi3", *([vmlinux] if vmlinux else [])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            start_new_session=True, bufsize=0)
        self.lines = queue.Queue()
        self.log = []            # every line gdb printed, for failure reports
        testlog.track(self, "gdb")
        self.console = []        # target output (O packets) as gdb printed it
        self.token = 100
        self.pending_stops = []
        threading.Thread(target=self._reader, daemon=True).start()
        self._wait_prompt(30)
        self.mi("-gdb-set mi-async on")
        self.mi("-gdb-set confirm off")
        self.mi("-gdb-set pagination off")
        self.mi("-gdb-set width 0")
        self.mi("-gdb-set height 0")

    def _reader(self):
        for raw in iter(self.proc.stdout.readline, b""):
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            self.log.append(line)
            if line.startswith("@"):
                self.console.append(mi_unquote(line[2:-1]))
            self.lines.put(line)
        self.lines.put(None)

    def tail(self, n=40):
        """The last @n lines of gdb's output, a run of repeated lines (gdb
        retrying a read) folded into one, so that what came before it shows."""
        out = []
        for line in self.log[-2000:]:
            if out and out[-1][0] == line:
                out[-1][1] += 1
            else:
                out.append([line, 1])
        # A retry loop repeats a group of lines: fold whole groups too.
        return "\n".join(f"{text}  [x{k}]" if k > 1 else text
                         for text, k in fold_cycles(out)[-n:])

    def _next(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("gdb: timed out; last output:\n" + self.tail())
        try:
            line = self.lines.get(timeout=left)
        except queue.Empty:
            raise TimeoutError("gdb: timed out; last output:\n" + self.tail())
        if line is None:
            raise GdbError("gdb exited; last output:\n" + self.tail())
        return line

    def _wait_prompt(self, timeout):
        deadline = time.monotonic() + timeout
        while self._next(deadline) != "(gdb) ":
            pass

    def send(self, text):
        self.proc.stdin.write((text + "\n").encode())
        self.proc.stdin.flush()

    def mi(self, command, timeout=20):
        """Run an MI command; return (result record, console text)."""
        self.token += 1
        tok = str(self.token)
        self.send(tok + command)
        deadline = time.monotonic() + timeout
        text = []
        while True:
            line = self._next(deadline)
            if line.startswith("~"):
                text.append(mi_unquote(line[2:-1]))
            elif line.startswith("&") and not line.startswith('&"' + command[:10]):
                text.append(mi_unquote(line[2:-1]))
            elif line.startswith("*stopped"):
                self.pending_stops.append(Stop(line))
            elif line.startswith(tok + "^"):
                result = line[len(tok):]
                if result.startswith("^error"):
                    m = re.search(r'msg="((?:[^"\\]|\\.)*)"', result)
                    raise GdbError(mi_unquote(m.group(1)) if m else result)
                return result, "".join(text)

    def cmd(self, cli, timeout=20):
        """Run a console command as a user would type it; return what it printed."""
        quoted = cli.replace("\\", "\\\\").replace('"', '\\"')
        return self.mi(f'-interpreter-exec console "{quoted}"', timeout)[1]

    def connect(self, port, timeout=30):
        """@port: a TCP port on 127.0.0.1, or an address ("udp:host:port")."""
        self.pending_stops = []
        where = port if isinstance(port, str) else f"127.0.0.1:{port}"
        self.mi(f"-target-select remote {where}", timeout)

    def cont(self):
        """Resume the target (continue) without waiting for it to stop."""
        self.pending_stops = []
        self.mi("-exec-continue")

    def wait_stop(self, timeout=30):
        if self.pending_stops:
            return self.pending_stops.pop(0)
        deadline = time.monotonic() + timeout
        while True:
            line = self._next(deadline)
            if line.startswith("*stopped"):
                return Stop(line)

    def interrupt(self):
        self.mi("-exec-interrupt")

    def cpus_stopping_at(self, func, ncpus, check_bt, tries=40):
        """Continue until a breakpoint at @func has stopped each of @ncpus
        CPUs (or @tries stops); each stop's `bt` goes to @check_bt. Returns
        the CPU numbers seen."""
        cpus = set()
        for _ in range(tries):
            self.cont()
            stop = self.wait_stop()
            assert stop.func == func, stop
            cur = re.search(r"^\*.*on CPU(\d+)", self.cmd("info threads"), re.M)
            assert cur, stop
            cpus.add(int(cur.group(1)))
            check_bt(self.cmd("bt"))
            if len(cpus) == ncpus:
                break
        return cpus

    def cpu_pcs(self):
        """Each CPU's PC, from its shadow thread (gdb omits the address from
        `info threads` when a PC starts a source line, so ask for $pc)."""
        ids = re.findall(r"^\*?\s+(\d+)\s+Thread 100000\d \(CPU(\d)\)", self.cmd("info threads"),
                         re.M)
        pcs = {}
        for gid, cpu in ids:
            out = self.cmd(f"thread apply {gid} -q p/x $pc")
            pcs[cpu] = re.search(r"= (0x[0-9a-f]+)", out).group(1)
        return pcs

    def wait_said(self, pattern, timeout=20):
        """Wait for @pattern in what gdb printed: a breakpoint gdb cannot
        insert is reported after `continue` has already answered ^running."""
        deadline = time.monotonic() + timeout
        while not any(re.search(pattern, line) for line in self.log):
            assert time.monotonic() < deadline, "\n".join(self.log[-30:])
            time.sleep(0.1)

    def log_text(self):
        """What to keep of a failed test (tests/pylib/testlog.py)."""
        return {"mi": "\n".join(self.log) + "\n"}

    def output(self):
        """Target output gdb printed (console text carried by O packets)."""
        return "".join(self.console)

    def monitor(self, command):
        """What a monitor command printed (it comes as target output)."""
        self.console.clear()
        self.cmd(f"monitor {command}")
        return self.output()

    def kill9(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("-gdb-exit")
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill9()
