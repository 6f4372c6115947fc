# SPDX-License-Identifier: MIT
"""console=ttyS0 kgdboc=ttyS0: one line for both, split by tools/kgdb-split."""
import os
import re
import socket
import subprocess
import time

import pytest

from machine import PROMPT, ROOT, Machine, free_port, tty


class Terminal:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.settimeout(0.2)
        self.buf = b""

    def expect(self, pattern, timeout=15):
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern.encode())
        while not rx.search(self.buf):
            assert time.monotonic() < deadline, f"no /{pattern}/ in:\n{self.buf[-2000:]!r}"
            try:
                self.buf += self.sock.recv(4096)
            except socket.timeout:
                pass
        m = rx.search(self.buf)
        self.buf = self.buf[m.end():]
        return m

    def wait_shell(self, tries=20):
        """Press Enter until the shell answers (the kernel runs again). A
        prompt printed before, say after the last command's output, is no
        answer: what arrived so far is dropped first."""
        self.flush()
        for _ in range(tries):
            self.write("\n")
            try:
                return self.expect(re.escape(PROMPT), timeout=0.5)
            except AssertionError:
                pass
        raise AssertionError("the shell does not answer")

    def flush(self):
        try:
            while self.sock.recv(4096):
                pass
        except socket.timeout:
            pass
        self.buf = b""

    def write(self, text):
        self.sock.sendall(text.encode())


@pytest.mark.kgdboc_only
def test_console_and_gdb_share_one_line(target):
    arch = target.arch
    m = Machine(arch, smp=2, cmdline=f"console={tty(arch, 0)} kgdboc={tty(arch, 0)}",
                telnet=False, attach_console=False, ports=1)
    target.machine = m
    m.start()
    term_port, gdb_port = free_port(), free_port()
    split = subprocess.Popen([os.path.join(ROOT, "tools", "kgdb-split"),
                              f"127.0.0.1:{m.ports[0]}", str(term_port), str(gdb_port)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert "kgdb-split" in split.stdout.readline()
        term = Terminal(term_port)
        term.wait_shell()
        term.write("kgdboc\n")
        term.expect(rf"kgdboc: {tty(arch, 0)}")
        g = target.gdb(connect=False)
        g.connect(gdb_port)
        assert re.search(r"#0 ", g.cmd("bt"))
        g.cmd("break cmd_uptime")
        g.cont()
        # Typing while the stub still reads the line would be taken for
        # noise between packets: wait for the shell to answer first.
        term.wait_shell()
        term.write("uptime\n")
        stop = g.wait_stop()
        assert stop.func == "cmd_uptime", stop
        g.cmd("delete")
        g.cont()
        term.expect(r"up \d+\.\d+ s")
        term.write("sysrq g\n")
        assert g.wait_stop().signal == "SIGTRAP"
        g.cmd("detach")
        term.write("ps\n")
        term.expect(r"shell")
    finally:
        split.kill()
        split.wait()
