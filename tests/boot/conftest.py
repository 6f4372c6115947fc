# SPDX-License-Identifier: MIT
import pytest

from machine import Machine


@pytest.fixture(params=[1, 4], ids=["smp1", "smp4"])
def smp(request):
    return request.param


@pytest.fixture
def boot(arch, smp):
    """Boot a fresh machine to the shell prompt; always torn down."""
    machines = []

    def start(cmdline=None, variant="", cpus=None):
        m = Machine(arch, smp=cpus or smp, cmdline=cmdline, variant=variant)
        machines.append(m)
        m.start()
        m.wait_boot()
        return m

    yield start
    for m in machines:
        m.stop()
