# SPDX-License-Identifier: MIT
"""make bench's footprint table (tools/bench/footprint.py) counts every
object of the debugger in exactly the feature it belongs to: each source
of kernel/debug/ and transports/, and each arch's backend, matches one
part's pattern, the first it matches being the one it is counted in (a
file that matched none would stop the bench)."""
import glob
import os
import re
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import footprint  # noqa: E402
from arches import ARCHES  # noqa: E402

# A source's feature by where it is and what it is named.
EXPECTED = (
    (r"kernel/debug/kdb/", "kdb"),
    (r"kernel/debug/(debug|gdbstub)_trace", "tracepoints"),
    (r"kernel/debug/debug_(agent|cond)", "agent"),
    (r"kernel/debug/debug_xol|arch/\w+/kernel/kgdb_xol", "out-of-line"),
    (r"kernel/debug/gdbstub", "gdb"),
    (r"kernel/debug/", "core"),
    (r"transports/", "transport"),
    (r"arch/", "arch"),
)


def objects(arch):
    srcarch = ARCHES[arch]["srcarch"]
    srcs = glob.glob("kernel/debug/**/*.c", root_dir=ROOT, recursive=True)
    srcs += glob.glob("transports/*.c", root_dir=ROOT)
    srcs += glob.glob(f"arch/{srcarch}/kernel/kgdb*.c", root_dir=ROOT)
    return sorted(s[:-2] + ".o" for s in srcs)


@pytest.mark.parametrize("name", sorted(ARCHES))
def test_every_debugger_object_counts_in_its_feature(name):
    parts = footprint.parts_of(name)
    for obj in objects(name):
        counted = next((p for p, pat in parts.items() if re.fullmatch(pat, obj)), None)
        want = next(feature for prefix, feature in EXPECTED if re.match(prefix, obj))
        assert counted == want, (obj, counted, want)
