# SPDX-License-Identifier: MIT
"""gdb loads this next to vmlinux (the build links build/<arch>/vmlinux-gdb.py
here): the kgdb-* commands, convenience functions and the task
pretty-printer of tools/gdb/kgdb_helpers. See docs/gdb-helpers.md."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

import kgdb_helpers  # noqa: E402  (registers everything on import)

kgdb_helpers.register(gdb.current_objfile())
