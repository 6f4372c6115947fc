# SPDX-License-Identifier: MIT
"""pytest configuration shared by tests/boot and tests/gdb."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "pylib"))

ARCHES = os.environ.get("CHECK_ARCHES", "x86_64 i386 arm mips mipsel powerpc").split()


def pytest_configure(config):
    config.addinivalue_line("markers", "no_hw_debug: runs only on arches without "
                            "hardware breakpoints and watchpoints (machine.NO_HW_DEBUG)")


def pytest_generate_tests(metafunc):
    if "arch" in metafunc.fixturenames:
        metafunc.parametrize("arch", ARCHES, scope="module")


# ---------------------------------------------------------------- failure logs
# A failed test keeps its machines' consoles and its gdbs' logs under
# build/test-logs/<test id>/ (tests/pylib/testlog.py): the machine is gone
# after the run, and a rare failure must still be readable.
import pytest  # noqa: E402

import testlog  # noqa: E402


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    testlog.reset()
    item.kgdb_failed = False


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.failed:
        if not getattr(item, "kgdb_failed", False):
            rep.sections.append(("kept logs", "console and gdb logs: " +
                                 os.path.relpath(testlog.test_dir(item.nodeid))))
        item.kgdb_failed = True
        item.kgdb_failure = getattr(item, "kgdb_failure", "") + \
            f"--- {rep.when}\n{rep.longreprtext}\n"
    if rep.when == "teardown":
        # Every fixture is torn down: QEMU has exited and said its last.
        if getattr(item, "kgdb_failed", False):
            testlog.keep(item.nodeid, item.kgdb_failure)
        else:
            testlog.forget(item.nodeid)
        testlog.reset()
