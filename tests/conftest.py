# SPDX-License-Identifier: MIT
"""pytest configuration shared by tests/boot and tests/gdb."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "pylib"))

ARCHES = os.environ.get("CHECK_ARCHES", "x86_64 i386 arm").split()


def pytest_generate_tests(metafunc):
    if "arch" in metafunc.fixturenames:
        metafunc.parametrize("arch", ARCHES, scope="module")
