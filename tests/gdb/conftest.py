# SPDX-License-Identifier: MIT
"""Fixtures for gdb tests: a kernel under QEMU with the debugger on a
transport (kgdboc on ttyS1, or kgdboe), and gdb-multiarch attached to it.
Everything is torn down after each test, even a failed one, so no QEMU or
gdb outlives its test."""
import pytest

from target import Target


@pytest.fixture
def target(arch, transport):
    t = Target(arch, transport)
    yield t
    t.close()


@pytest.fixture
def attached(target):
    """Booted with kgdbwait; gdb attached and stopped there."""
    m = target.boot()
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    g = target.gdb()
    return m, g


@pytest.fixture(params=[1, 4], ids=["smp1", "smp4"])
def attached_smp(target, request):
    """Booted with kgdbwait on 1 or 4 CPUs; gdb attached and stopped there."""
    m = target.boot(smp=request.param)
    m.expect(r"kgdb: waiting for gdb", timeout=30)
    return m, target.gdb()
