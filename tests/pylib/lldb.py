# SPDX-License-Identifier: MIT
"""Drive LLDB as a user would: commands on its standard input, what it
prints on its standard output.

LLDB without a terminal echoes each command after its prompt ("(lldb) cmd")
and runs the commands one after the other. After each command the driver
sends `version`, whose answer ("lldb version ...") marks where that
command's output ends. A stop is reported on its own, whenever it comes
("Process 1 stopped", the thread and its frame #0): wait_stop() finds the
next one.
"""
import os
import re
import signal
import subprocess
import threading
import time

LLDB = "lldb"
MARK = "version"


class LldbError(Exception):
    pass


class Lldb:
    def __init__(self, vmlinux=None, packet_log=None):
        """LLDB on @vmlinux, or with no file (it learns the architecture
        from the stub)."""
        self.proc = subprocess.Popen([LLDB, "--no-lldbinit"] + ([vmlinux] if vmlinux else []),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, start_new_session=True,
                                     bufsize=0)
        self.log = []            # every line LLDB printed
        self.pos = 0             # the next line a command's output reads
        self.done = False
        self.cond = threading.Condition()
        self.pending = None
        self.stop_mark = 0       # where the next wait_stop() starts looking
        self.last = 0            # where the last command's output starts
        threading.Thread(target=self._reader, daemon=True).start()
        self.cmd("settings set auto-confirm true")
        # A stop report without source or disassembly: three lines.
        self.cmd("settings set stop-line-count-before 0")
        self.cmd("settings set stop-line-count-after 0")
        self.cmd("settings set stop-disassembly-display never")
        if packet_log:
            self.cmd(f"log enable -f {packet_log} gdb-remote packets")

    def _reader(self):
        for raw in iter(self.proc.stdout.readline, b""):
            with self.cond:
                self.log.append(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
                self.cond.notify_all()
        with self.cond:
            self.done = True
            self.cond.notify_all()

    def _wait_line(self, index, deadline):
        """Line @index of the output, once LLDB has printed it."""
        with self.cond:
            while index >= len(self.log):
                if self.done:
                    raise LldbError("lldb exited; last output:\n" +
                                    "\n".join(self.log[-40:]))
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("lldb: timed out; last output:\n" +
                                       "\n".join(self.log[-40:]))
                self.cond.wait(left)
            return self.log[index]

    def _next(self, deadline):
        line = self._wait_line(self.pos, deadline)
        self.pos += 1
        return line

    def send(self, text):
        self.proc.stdin.write((text + "\n").encode())
        self.proc.stdin.flush()

    def start(self, command):
        """Send @command without waiting for it (a `continue` that waits for
        a stop the test is about to cause); finish() collects its output."""
        self.send(command)
        self.send(MARK)
        self.pending = command

    def finish(self, timeout=30):
        """The output of the command start() sent, once it has finished."""
        command, self.pending = self.pending, None
        deadline = time.monotonic() + timeout
        while self._next(deadline) != f"(lldb) {command}":
            pass
        self.last = self.pos - 1     # where the command's echo is
        out = []
        while True:
            line = self._next(deadline)
            if line == f"(lldb) {MARK}":
                while not self._next(deadline).startswith("lldb version"):
                    pass
                return "\n".join(out)
            out.append(line)

    def wait_for(self, pattern, timeout=30):
        """Wait for a line matching @pattern (a regex), printed since the last command
        began: LLDB reports a state change ("Process 1 resuming", "Process
        1 detached") on its own, maybe after the command has returned."""
        deadline = time.monotonic() + timeout
        i = self.last
        while not re.search(pattern, self._wait_line(i, deadline)):
            i += 1
        return self.log[i]

    def wait_stop(self, timeout=30):
        """The next stop LLDB reported: its "* thread #N, stop reason = ..."
        and "frame #0: ..." lines."""
        deadline = time.monotonic() + timeout
        i = self.stop_mark
        while not re.match(r"Process \d+ stopped", self._wait_line(i, deadline)):
            i += 1
        report = []
        while not report or "frame #0:" not in report[-1]:
            i += 1
            line = self._wait_line(i, deadline)
            if "thread #" in line or "frame #0:" in line:
                report.append(line)
        self.stop_mark = i + 1
        return "\n".join(report)

    def cmd(self, command, timeout=30):
        """Run one command; return what it printed."""
        self.start(command)
        return self.finish(timeout)

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
