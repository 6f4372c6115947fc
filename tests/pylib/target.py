# SPDX-License-Identifier: MIT
"""A kernel under QEMU with kgdboc on its second serial port, and the gdbs
a test attaches to it (tests/gdb and tests/torture)."""
from gdb import Gdb
from machine import Machine, kernel_path, tty


def kgdb_cmdline(arch, extra=""):
    return f"console={tty(arch, 0)} kgdboc={tty(arch, 1)} kgdbwait {extra}".strip()


class Target:
    """One machine plus the gdbs a test attaches to it."""

    def __init__(self, arch):
        self.arch = arch
        self.machine = None
        self.variant = ""
        self.gdbs = []

    def boot(self, cmdline=None, smp=2, wait_prompt=None, variant=""):
        cmdline = cmdline or kgdb_cmdline(self.arch)
        self.variant = variant
        self.machine = Machine(self.arch, smp=smp, cmdline=cmdline, variant=variant).start()
        if wait_prompt is None:
            wait_prompt = "kgdbwait" not in cmdline
        if wait_prompt:
            self.machine.wait_boot()
        return self.machine

    def gdb(self, connect=True, port=None):
        g = Gdb(kernel_path(self.arch, self.variant))
        self.gdbs.append(g)
        if connect:
            g.connect(port or self.machine.ports[1])
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
