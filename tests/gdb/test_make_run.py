# SPDX-License-Identifier: MIT
"""`make run`: without a terminal, the scripted session a newcomer sees; in
a terminal, under tmux, how to leave and how to attach one's own gdb or
LLDB, and that nothing is left behind however the run ends."""
import fcntl
import os
import pty
import re
import select
import shlex
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

import pytest

from machine import PROMPT, ROOT


@pytest.mark.kgdboc_only
def test_scripted_kdb_session(arch):
    """make run KDB=1 without a terminal: kdb's prompt on the console at
    kgdbwait, commands typed at it, then go boots to the shell."""
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run.py"),
                          "--arch", arch, "--kdb", "--script"],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=240)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    assert re.search(r"Entering kdb \(current=0x[0-9a-f]+, pid 0\) on processor 0 due to "
                     r"KDB_ENTER\(\)", text), text
    assert re.search(r"\[0\]kdb> bt\nStack traceback for pid 0\n(.*\n)*.*kgdb_breakpoint", text), text
    assert re.search(r"\[0\]kdb> md4c4 jiffies\n0x[0-9a-f]+ ", text), text
    assert re.search(re.escape(PROMPT) + r"uptime\nup ", text), text


def test_scripted_session(arch, transport):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run.py"),
                          "--arch", arch, "--transport", transport, "--script"],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=240)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    line = r"udp:127\.0\.0\.1:\d+" if transport == "kgdboe" else r"/\S+\.sock"
    assert re.search(r"-ex 'target remote " + line + "'", text), text
    assert re.search(r"Breakpoint 1, cmd_uptime", text), text
    assert re.search(r"#\d+ .* shell_thread", text), text
    # The second `info threads`, at the breakpoint: the shell is the thread
    # that stopped, and the other kernel threads are listed by name.
    threads = text.split("(gdb) info threads")[-1].split("(gdb) delete")[0]
    assert re.search(r"\*\s+\d+\s+Thread \d+ \(shell, pid \d+, on CPU\d+\)\s+(0x[0-9a-f]+ in )?cmd_uptime",
                     threads), threads
    for name in ("init", "kworker/0", "events", "watchdog"):
        assert f"({name}, pid" in threads, threads
    # The gdb helpers came with vmlinux: the kernel's tasks and CPUs, read
    # from its memory.
    ps = text.split("(gdb) kgdb-ps")[-1].split("(gdb) kgdb-cpus")[0]
    assert re.search(r"^\s*\d+ running\s+\d+ shell\s+cmd_uptime(\+\d+)?$", ps, re.M), ps
    cpus = text.split("(gdb) kgdb-cpus")[-1].split("(gdb) delete")[0]
    assert re.search(r"task shell \(pid \d+\), pc cmd_uptime.*\n  kgdb: stopped here", cpus), cpus
    assert "detached" in text.lower(), text
    # After the detach the kernel runs on: the command that hit the
    # breakpoint finishes on the console.
    console = text.split("--- console after detach ---")[-1]
    assert re.search(r"up \d+\.\d+ s", console), console


def processes_with(text):
    """The pids whose command line mentions @text."""
    pids = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if text.encode() in f.read():
                    pids.append(int(pid))
        except OSError:
            pass
    return pids


class Terminal:
    """tools/run.py in a terminal of its own (a pty it controls), as
    `make run` in a terminal window: under tmux, since tmux is installed."""

    def __init__(self, arch):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
        env = dict(os.environ, TERM="xterm")
        env.pop("TMUX", None)
        self.proc = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "tools", "run.py"), "--arch", arch],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        self.out = b""
        self.lock = threading.Condition()
        self.closing = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        # Never blocked in read(): a close() from another thread would not
        # release the terminal (and hang it up) until that read returned.
        fd = self.master
        while not self.closing:
            if not select.select([fd], [], [], 0.05)[0]:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            with self.lock:
                if not data:
                    return
                self.out += data
                self.lock.notify_all()

    def expect(self, pattern, timeout=30):
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                m = re.search(pattern, self.out.decode(errors="replace"))
                if m:
                    return m
                left = deadline - time.monotonic()
                assert left > 0, f"no /{pattern}/ in:\n{self.out.decode(errors='replace')}"
                self.lock.wait(left)

    def close(self):
        """The terminal goes away."""
        if self.master is not None:
            self.closing = True
            self.reader.join()
            os.close(self.master)
            self.master = None

    def kill(self):
        self.close()
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


def wait_until(cond, what, timeout=30):
    """Until @cond(); @what (a text, or a function that says what is
    there) fails the test after @timeout s."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, what() if callable(what) else what
        time.sleep(0.1)


def pane(session, index):
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", f"={session}:0.{index}"],
                          capture_output=True, text=True).stdout


def has_session(session):
    return subprocess.run(["tmux", "has-session", "-t", f"={session}"],
                          capture_output=True).returncode == 0


@pytest.mark.parametrize("how", ["terminal closed", "gdb quits", "console pane closed",
                                 "SIGTERM", "SIGINT"])
def test_make_run_in_a_terminal_leaves_nothing_behind(arch, how):
    if arch != "x86_64":
        pytest.skip("tools/run.py itself: one arch is enough")
    term = Terminal(arch)
    try:
        # The first lines: how to leave, and how to attach a debugger of one's own.
        leave = term.expect(r"run: to leave, .* tmux\s+session (kgdb-\d+) end with it")
        session = leave.group(1)
        gdb_cmd = term.expect(r"\n  (gdb-multiarch -iex .*target remote (\S+)')\r?\n")
        line = gdb_cmd.group(2)
        lldb_cmd = term.expect(r"\n  (lldb .*unix-connect://\S+')\r?\n").group(1)
        wait_until(lambda: has_session(session), "no tmux session")
        qemu = processes_with(line)
        assert qemu, "QEMU is not running"
        wait_until(lambda: "kgdb_breakpoint" in pane(session, 1),
                   lambda: f"gdb did not attach:\n{pane(session, 1)}\nconsole:\n{pane(session, 0)}")

        if how == "terminal closed":
            # Meanwhile the printed commands attach a debugger of one's own,
            # once the gdb of the run has let go.
            subprocess.run(["tmux", "send-keys", "-t", f"={session}:0.1", "detach", "Enter"],
                           check=True)
            wait_until(lambda: "detached" in pane(session, 1).lower(), "gdb did not detach")
            # (capture-pane drops the trailing blank of the prompt)
            wait_until(lambda: PROMPT.strip() in pane(session, 0), "the kernel did not boot on")
            # The printed commands, with more patience than their default
            # (2 s for gdb): QEMU takes the new connection only once it has
            # seen the last one close, late on a loaded host.
            lldb = subprocess.run(
                shlex.split(lldb_cmd)[:1] +
                ["-O", "settings set plugin.process.gdb-remote.packet-timeout 30"] +
                shlex.split(lldb_cmd)[1:] + ["-b", "-o", "process detach"],
                capture_output=True, text=True, timeout=90)
            out = lldb.stdout + lldb.stderr
            assert re.search(r"stop reason = signal SIGINT", out), out
            assert re.search(r"Process \d+ detached", out), out
            gdb = subprocess.run(shlex.split(gdb_cmd.group(1))[:1] +
                                 ["-iex", "set remotetimeout 30"] +
                                 shlex.split(gdb_cmd.group(1))[1:] +
                                 ["-batch", "-ex", "kgdb-ps", "-ex", "detach"],
                                 capture_output=True, text=True, timeout=90)
            out = gdb.stdout + gdb.stderr
            # init is listed, asleep or not: it wakes now and then to watch the
            # shell, and may be the task the line's interrupt broke in on.
            assert re.search(r"^\s*\d+ \w+\s+\d+ init\s", out, re.M), out
            assert "detached" in out.lower(), out
            term.close()
        elif how == "gdb quits":
            subprocess.run(["tmux", "send-keys", "-t", f"={session}:0.1", "quit", "Enter"],
                           check=True)
        elif how == "console pane closed":
            subprocess.run(["tmux", "kill-pane", "-t", f"={session}:0.0"], check=True)
        else:
            term.proc.send_signal(getattr(signal, how))

        term.proc.wait(timeout=30)
        wait_until(lambda: not processes_with(line), "QEMU still runs")
        assert not has_session(session), "the tmux session is still there"
        assert not os.path.exists(os.path.dirname(line)), "the run's directory is still there"
    finally:
        term.kill()
        for pid in processes_with(line) if "line" in locals() else []:
            os.kill(pid, signal.SIGKILL)
        if "session" in locals():
            subprocess.run(["tmux", "kill-session", "-t", f"={session}"], capture_output=True)


@pytest.mark.kgdboc_only
def test_make_run_takes_cpus_and_boot_parameters(arch):
    """make run CPUS=n CMDLINE="...": QEMU gets n CPUs, and the kernel the
    boot parameters after its own (quotes and all), as its log and kdb's
    summary say."""
    if arch != "x86_64":
        pytest.skip("the Makefile's plumbing: one arch is enough")
    extra = 'loglevel=7 kdb.on_break="bt;ps"'
    out = subprocess.run(["make", "--no-print-directory", "run", f"ARCH={arch}", "KDB=1",
                          "CPUS=3", f"CMDLINE={extra}"], cwd=ROOT, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=600)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    cmdline = f"console=ttyS0 kgdboc=ttyS0 kgdbwait {extra}"
    assert f"run: {arch} on 3 CPUs, booting with: {cmdline}\n" in text, text
    assert f"Command line: {cmdline}\n" in text, text
    assert re.search(r"^cpus\s+3 online, entered on cpu 0$", text, re.M), text
    assert "params: " not in text, text
