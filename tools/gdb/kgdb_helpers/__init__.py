# SPDX-License-Identifier: MIT
"""gdb helpers that read the kernel's own structures from the host side.

They need nothing from the kernel but its memory and its DWARF types, so
they work wherever gdb can read memory: through kgdb, but also on a kernel
that cannot answer monitor commands (stopped in an oops, a panic, a hard
lockup, through QEMU's own gdbstub, or in a core file). Fields are found by
name in the DWARF types, never at fixed offsets.
"""
import gdb

from . import cpus, dmesg, tasks

_registered = False


def register(objfile):
    """Add the commands and functions (once), and the task pretty-printer
    for @objfile (or globally when gdb gives no objfile)."""
    global _registered
    tasks.register_printer(objfile)
    if _registered:
        return
    _registered = True
    tasks.PsCommand()
    tasks.CurrentFunction()
    tasks.PerCpuFunction()
    dmesg.DmesgCommand()
    cpus.CpusCommand()
