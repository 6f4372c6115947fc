# SPDX-License-Identifier: MIT
"""Fixtures for gdb tests: a kernel under QEMU with kgdboc on ttyS1, and
gdb-multiarch attached to it. Everything is torn down after each test, even
a failed one, so no QEMU or gdb outlives its test."""
import pytest

from gdb import Gdb
from machine import Machine, kernel_path, tty


def kgdb_cmdline(arch):
    return f"console={tty(arch, 0)} kgdboc={tty(arch, 1)} kgdbwait"


class Target:
    """One machine plus the gdbs a test attaches to it."""

    def __init__(self, arch):
        self.arch = arch
        self.machine = None
        self.gdbs = []

    def boot(self, cmdline=None, smp=2, wait_prompt=None):
        cmdline = cmdline or kgdb_cmdline(self.arch)
        self.machine = Machine(self.arch, smp=smp, cmdline=cmdline).start()
        if wait_prompt is None:
            wait_prompt = "kgdbwait" not in cmdline
        if wait_prompt:
            self.machine.wait_boot()
        return self.machine

    def gdb(self, connect=True):
        g = Gdb(kernel_path(self.arch))
        self.gdbs.append(g)
        if connect:
            g.connect(self.machine.ports[1])
        return g

    def close(self):
        for g in self.gdbs:
            g.close()
        if self.machine:
            self.machine.stop()


@pytest.fixture
def target(arch):
    t = Target(arch)
    yield t
    t.close()


@pytest.fixture
def attached(target):
    """Booted with kgdbwait; gdb attached and stopped there."""
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    return m, g
