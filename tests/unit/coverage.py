#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Line coverage of the debugger's files under the unit tests (gcov): one
line per file, and exit 1 when any is under the floor."""
import argparse
import re
import subprocess
import sys


def coverage(src, objdir):
    """(lines executed, lines) of @src, from the .gcda next to its object."""
    out = subprocess.run(["gcov", "-n", "-o", objdir, src], capture_output=True,
                         text=True, check=True).stdout
    m = re.search(r"File '" + re.escape(src) + r"'\nLines executed:([\d.]+)% of (\d+)", out)
    if not m:
        return 0, 0
    total = int(m.group(2))
    return round(float(m.group(1)) * total / 100), total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--floor", type=float, default=95)
    ap.add_argument("--objdir", required=True)
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args()
    low = []
    for src in args.sources:
        done, total = coverage(src, args.objdir)
        pct = 100.0 * done / total if total else 0.0
        print(f"  COV     {src:40} {pct:5.1f}% of {total} lines")
        if pct < args.floor:
            low.append(src)
    if low:
        print(f"under the floor of {args.floor:g}%: {' '.join(low)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
