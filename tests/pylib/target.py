# SPDX-License-Identifier: MIT
"""A kernel under QEMU with the debugger on a transport (kgdboc on its
second serial port, or kgdboe on a virtio-net NIC whose network is
tools/netrelay.py), and the gdbs a test attaches to it (tests/gdb and
tests/torture)."""
import re
import socket

from gdb import Gdb
from machine import PROMPT, Machine, kernel_path, tty

TRANSPORTS = ("kgdboc", "kgdboe")


def kgdb_cmdline(arch, extra="", transport="kgdboc"):
    debugger = f"kgdboc={tty(arch, 1)}" if transport == "kgdboc" else "kgdboe"
    return f"console={tty(arch, 0)} {debugger} kgdbwait {extra}".strip()


def resume_to_shell(m, g):
    """Continue, and wait for the shell's prompt on the console."""
    g.cont()
    m.expect(re.escape(PROMPT), timeout=30)


class Target:
    """One machine plus the gdbs a test attaches to it."""

    def __init__(self, arch, transport="kgdboc", loss=0.0):
        assert transport in TRANSPORTS, transport
        self.arch = arch
        self.transport = transport
        self.loss = loss        # kgdboe: the fraction of datagrams lost each way
        self.machine = None
        self.variant = ""
        self.gdbs = []

    def cmdline(self, extra="", wait=True):
        """The command line that puts the debugger on this target's transport."""
        line = kgdb_cmdline(self.arch, extra, self.transport)
        return line if wait else line.replace(" kgdbwait", "")

    def machine_args(self, cmdline=None, smp=2, variant=""):
        """Machine() arguments for this transport (a NIC for kgdboe)."""
        return dict(arch=self.arch, smp=smp, cmdline=cmdline or self.cmdline(),
                    variant=variant, nic=self.transport == "kgdboe", loss=self.loss)

    def boot(self, cmdline=None, smp=2, wait_prompt=None, variant="", **machine):
        """Start the machine; @machine: more Machine() arguments, over
        machine_args()'s."""
        cmdline = cmdline or self.cmdline()
        self.variant = variant
        self.machine = Machine(**{**self.machine_args(cmdline, smp, variant),
                                  **machine}).start()
        if wait_prompt is None:
            wait_prompt = "kgdbwait" not in cmdline
        if wait_prompt:
            self.machine.wait_boot()
        return self.machine

    def address(self):
        """Where gdb connects: a TCP port, or "udp:host:port"."""
        if self.transport == "kgdboe":
            return f"udp:127.0.0.1:{self.machine.relay.port}"
        return self.machine.ports[1]

    def connect_line(self, timeout=0.1):
        """A raw socket to the debugger: the serial line's TCP connection,
        or a UDP socket connected to the forwarded port (one send, one
        datagram)."""
        if self.transport == "kgdboe":
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            s.connect(("127.0.0.1", self.machine.relay.port))
        else:
            s = socket.create_connection(("127.0.0.1", self.machine.ports[1]))
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.settimeout(timeout)
        return s

    def gdb(self, connect=True, port=None):
        g = Gdb(kernel_path(self.arch, self.variant))
        self.gdbs.append(g)
        if connect:
            g.connect(port or self.address())
        return g

    def close(self):
        """Everything goes, even if a gdb will not: no QEMU outlives its test."""
        try:
            for g in self.gdbs:
                try:
                    g.close()
                except Exception:
                    g.kill9()
        finally:
            if self.machine:
                self.machine.stop()
