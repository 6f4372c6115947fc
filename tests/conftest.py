# SPDX-License-Identifier: MIT
"""pytest configuration shared by tests/boot and tests/gdb."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "pylib"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
import arches  # noqa: E402

ARCHES = os.environ.get("CHECK_ARCHES", " ".join(arches.ARCHES)).split()
# The debugger transports a test that takes `transport` runs over.
TRANSPORTS = os.environ.get("CHECK_TRANSPORTS", "kgdboc kgdboe").split()


def pytest_configure(config):
    config.addinivalue_line("markers", "no_hw_debug: runs only on arches without "
                            "hardware breakpoints and watchpoints (machine.NO_HW_DEBUG)")
    config.addinivalue_line("markers", "kgdboc_only: a test of the serial line itself, "
                            "not run over kgdboe")


def pytest_generate_tests(metafunc):
    """Every arch; and a test that uses the debugger's transport runs over
    kgdboc everywhere and over kgdboe where the arch has the NIC (its id
    then says so: test[x86_64-kgdboe]): the transports of tools/arches.py."""
    if "arch" not in metafunc.fixturenames:
        return
    if "transport" not in metafunc.fixturenames or \
            metafunc.definition.get_closest_marker("kgdboc_only"):
        metafunc.parametrize("arch", ARCHES, scope="module")
        return
    pairs = [(a, t) for a in ARCHES for t in TRANSPORTS
             if t in arches.ARCHES[a]["transports"]]
    metafunc.parametrize(("arch", "transport"), pairs, scope="module",
                         ids=[a if t == "kgdboc" else f"{a}-{t}" for a, t in pairs])


@pytest.fixture(scope="module")
def transport():
    """The serial line, for a test not run over every transport."""
    return "kgdboc"


# ---------------------------------------------------------------- failure logs
# A failed test keeps its machines' consoles and its gdbs' logs under
# build/test-logs/<test id>/ (tests/pylib/testlog.py): the machine is gone
# after the run, and a rare failure must still be readable.
import testlog  # noqa: E402


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    testlog.reset()
    item.kgdb_failed = False


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.failed and rep.when == "call":
        testlog.snapshot()      # before the fixtures stop the machines
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
