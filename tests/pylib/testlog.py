# SPDX-License-Identifier: MIT
"""Keep what a failed test's machines and gdbs printed.

Machine and Gdb objects register themselves here when they are made; the
pytest hook in tests/conftest.py calls keep() when a test failed (in
setup, call or teardown), and its QEMU console, QEMU's own output and
every gdb's MI log are written under build/test-logs/<test id>/, where they
can be read after the run instead of being lost with the machine. A
passing test removes what an earlier failure of the same test left there.
"""
import os
import re
import weakref

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LOG_ROOT = os.environ.get("TEST_LOG_DIR", os.path.join(ROOT, "build", "test-logs"))

_tracked = []        # (kind, weak reference) in creation order, for this test


def track(obj, kind):
    """Remember @obj (it has a log_text() method) for the running test."""
    _tracked.append((kind, weakref.ref(obj)))


def reset():
    """A new test starts: forget the objects of the previous one."""
    del _tracked[:]


def snapshot():
    """A test just failed: the objects that can tell their state now, while
    they still run (Machine.snapshot()), do."""
    for _, ref in _tracked:
        obj = ref()
        if obj is not None and hasattr(obj, "snapshot"):
            try:
                obj.snapshot()
            except Exception as e:      # a dead monitor must not hide the failure
                obj.snapshot_text = f"no snapshot: {e!r}\n"


def test_dir(nodeid):
    """build/test-logs/<nodeid with path separators and brackets made safe>."""
    name = re.sub(r"[^A-Za-z0-9_.,=+-]+", "_", nodeid.replace("::", "__"))
    return os.path.join(LOG_ROOT, name.strip("_")[:200])


def keep(nodeid, extra=None):
    """Write the logs of every object the test made; return the directory."""
    d = test_dir(nodeid)
    os.makedirs(d, exist_ok=True)
    counts = {}
    for kind, ref in _tracked:
        obj = ref()
        if obj is None:
            continue
        n = counts[kind] = counts.get(kind, 0) + 1
        for suffix, text in obj.log_text().items():
            with open(os.path.join(d, f"{kind}{n}-{suffix}.log"), "w", errors="replace") as f:
                f.write(text)
    if extra:
        with open(os.path.join(d, "failure.txt"), "w", errors="replace") as f:
            f.write(extra)
    return d


def forget(nodeid):
    """A passing test: remove what an earlier failure of it left behind."""
    d = test_dir(nodeid)
    if os.path.isdir(d):
        for name in os.listdir(d):
            os.unlink(os.path.join(d, name))
        os.rmdir(d)
