#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Line coverage of the debugger's files under the unit tests (gcov): one
line per file, and exit 1 when any is under the floor or is compiled by no
unit test.

Each --build is the root of one build of the tests (the full one, the
minimal profile's); a file's lines are those of every build that compiled
it, and a line counts as run when any build ran it."""
import argparse
import json
import os
import subprocess
import sys


def build_lines(src, root):
    """{line: count} of @src in the build under @root, None if it did not
    compile @src."""
    objdir = os.path.join(root, os.path.dirname(src))
    gcno = os.path.join(objdir, os.path.splitext(os.path.basename(src))[0] + ".gcno")
    if not os.path.exists(gcno):
        return None
    out = subprocess.run(["gcov", "-n", "--json-format", "-t", "-o", objdir, src],
                         capture_output=True, text=True, check=True).stdout
    lines = {}
    for f in json.loads(out)["files"]:
        if f["file"] == src:
            for ln in f["lines"]:
                n = ln["line_number"]
                lines[n] = lines.get(n, 0) + ln["count"]
    return lines


def missing_ranges(lines):
    """'12-14,20' for the lines not run."""
    out, start, prev = [], None, None
    for n in sorted(n for n, c in lines.items() if not c):
        if start is None or n != prev + 1:
            if start is not None:
                out.append(f"{start}" if start == prev else f"{start}-{prev}")
            start = n
        prev = n
    if start is not None:
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
    return ",".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--floor", type=float, default=95)
    ap.add_argument("--build", action="append", required=True)
    ap.add_argument("--missing", action="store_true", help="list the lines not run")
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args()
    low = []
    for src in args.sources:
        merged = None
        for root in args.build:
            lines = build_lines(src, root)
            if lines is None:
                continue
            merged = merged or {}
            for n, c in lines.items():
                merged[n] = merged.get(n, 0) + c
        if merged is None:
            print(f"  COV     {src:40} compiled by no unit test")
            low.append(src)
            continue
        total = len(merged)
        pct = 100.0 * sum(1 for c in merged.values() if c) / total if total else 100.0
        extra = f"  not run: {missing_ranges(merged)}" if args.missing and pct < 100 else ""
        print(f"  COV     {src:40} {pct:5.1f}% of {total} lines{extra}")
        if pct < args.floor:
            low.append(src)
    if low:
        print(f"under the floor of {args.floor:g}%: {' '.join(low)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
