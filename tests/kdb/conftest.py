# SPDX-License-Identifier: MIT
"""kdb's fixtures: a kernel under QEMU with kgdboc on ttyS1 and, with no
gdb attached, kdb serving that line; the line as a person types at it."""
import pytest

from kdbline import KdbLine
from target import Target


@pytest.fixture
def target(arch):
    t = Target(arch)
    yield t
    t.close()


@pytest.fixture
def kdb_boot(target):
    """boot(smp, extra): the machine stopped in kdb at kgdbwait, and its line."""
    lines = []

    def boot(smp=2, extra="", wait=True):
        m = target.boot(cmdline=target.cmdline(extra, wait=wait), smp=smp)
        line = KdbLine(m.ports[1])
        lines.append(line)
        return m, line
    yield boot
    for line in lines:
        line.close()
